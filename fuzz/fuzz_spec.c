/*
 * fuzz_spec.c - libFuzzer target for spec strings NAME[:key=value,...]:
 * the bytes (cut at a NUL, at most 255) as a game spec, and as an agent
 * spec for tic-tac-toe; any text gives a game or agent, or a one-line
 * error, never a crash. Specs that would touch files (GDL paths, load=,
 * save=, features=) are skipped: a fuzzer must not write where it likes.
 */
#include "gamelearn/agent.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char spec[256];
	size_t n = size < sizeof spec - 1 ? size : sizeof spec - 1;
	memcpy(spec, data, n);
	spec[n] = 0;
	static const char *const skip[] = {"gdl", "load", "save", "file",
		"features", "/", NULL};
	for (int i = 0; skip[i]; i++)
		if (strstr(spec, skip[i]))
			return 0;
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	gl_scratch w;
	if (g && !gl_scratch_init(&w, g, 1, 1, NULL)) {
		void *s = gl_scratch_state(&w, 0);
		g->type->start(g, s);
		g->type->legal(g, s, gl_scratch_moves(&w, 0));
		gl_scratch_done(&w);
	}
	gl_game_free(g);
	gl_err_clear(&err);
	gl_game *ttt = gl_game_new("tictactoe", &err);
	if (ttt) {
		gl_agent *a = gl_agent_new(spec, ttt, NULL, &err);
		gl_agent_free(a);
		gl_game_free(ttt);
	}
	return 0;
}
