/*
 * fuzz_weights.c - libFuzzer target for the checkers GA's two files: a
 * weights file (`NAME value` per feature, read for checkers and for
 * othello8) and an evolve run's saved state (run.txt, read for
 * checkers). Any bytes give a value or a one-line error, never a crash; a
 * file that loads is saved again, and the saved text loads back to the
 * same weights (or saves again to the same state).
 */
#include "gamelearn/evolve.h"
#include "gamelearn/fileio.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *slurp(const char *path)
{
	char *text = NULL;
	gl_read_file(path, 1 << 24, &text, NULL, NULL);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* made once: the harness's state, not the library's */
	static gl_game *games[2];
	static char path[64], again[80], third[80];
	if (!path[0]) {
		games[0] = gl_game_new("checkers", NULL);
		games[1] = gl_game_new("othello8", NULL);
		snprintf(path, sizeof path, "/tmp/gl-fuzz-weights-%ld", (long)getpid());
		snprintf(again, sizeof again, "%s.again", path);
		snprintf(third, sizeof third, "%s.third", path);
	}
	if (size > (1 << 16) || !games[0] || !games[1])
		return 0;
	FILE *f = fopen(path, "wb");
	if (!f)
		return 0;
	size_t put = fwrite(data, 1, size, f);
	if (fclose(f) != 0 || put != size)
		return 0;
	for (int i = 0; i < 2; i++) {
		gl_weights w, back;
		gl_err err;
		if (gl_weights_init(&w, games[i], 1.0, &err) ||
		    gl_weights_load(&w, path, &err))
			continue;
		back = w;
		if (gl_weights_save(&w, again, &err) == 0 &&
		    (gl_weights_load(&back, again, &err) != 0 ||
		     memcmp(back.w, w.w, sizeof w.w) != 0))
			abort(); /* saved, but does not load back the same */
	}
	gl_err err;
	gl_evolve *ev = gl_evolve_load(games[0], path, &err);
	if (ev && gl_evolve_save(ev, again, &err) == 0) {
		gl_evolve *ev2 = gl_evolve_load(games[0], again, &err);
		if (!ev2 || gl_evolve_save(ev2, third, &err) != 0)
			abort(); /* saved, but does not load back */
		char *a = slurp(again), *b = slurp(third);
		if (!a || !b || strcmp(a, b))
			abort(); /* loads back to another state */
		gl_free(a);
		gl_free(b);
		gl_evolve_free(ev2);
	}
	gl_evolve_free(ev);
	remove(path);
	remove(again);
	remove(third);
	return 0;
}
