/*
 * fuzz_memory.c - libFuzzer target for every saved-memory reader: the
 * bytes are written to a file and loaded by each learner that loads
 * (martens, lauto, td, gapairs) for each game it can play of tic-tac-toe,
 * Nim and GDL tic-tac-toe; any bytes give a memory or a one-line error,
 * never a crash. A memory that loads is saved again and must load back.
 * For speed, a file whose first line names a learner (every format's
 * header does) goes to that learner only, and one whose "game" line names
 * a game to that game only: gapairs walks every reachable state before
 * it reads a byte (so it is fuzzed on the native games only: its walk of
 * GDL tic-tac-toe takes a second).
 */
#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const specs[] = {"tictactoe", "nim", "gdl", NULL};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* made once: the harness's state, not the library's */
	static gl_game *games[4];
	static char path[64], again[80];
	if (!path[0]) {
		for (int i = 0; specs[i]; i++)
			games[i] = gl_game_new(specs[i], NULL);
		snprintf(path, sizeof path, "/tmp/gl-fuzz-memory-%ld", (long)getpid());
		snprintf(again, sizeof again, "%s.again", path);
	}
	if (size > (1 << 16))
		return 0;
	FILE *f = fopen(path, "wb"); /* no fsync: thousands a second */
	if (!f)
		return 0;
	size_t put = fwrite(data, 1, size, f);
	if (fclose(f) != 0 || put != size)
		return 0;
	char head[256] = "", *nl, *gl;
	size_t hn = size < sizeof head - 1 ? size : sizeof head - 1;
	memcpy(head, data, hn);
	head[hn] = 0;
	gl = strstr(head, "\ngame ");
	if ((nl = strchr(head, '\n')))
		*nl = 0;
	bool named = false;
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		named = named || ((*t)->load && strstr(head, (*t)->name));
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++) {
		if (!(*t)->load || (named && !strstr(head, (*t)->name)))
			continue;
		for (int i = 0; specs[i]; i++) {
			const gl_game *g = games[i];
			if (!g || ((*t)->supports && !(*t)->supports(g, NULL)))
				continue;
			if (gl && strncmp(gl + 6, g->spec, strlen(g->spec)) &&
			    (!strncmp(gl + 6, "gdl", 3) || !strncmp(gl + 6, "tictactoe", 9) ||
			     !strncmp(gl + 6, "nim", 3)))
				continue; /* saved for another of our games */
			if (!strcmp((*t)->name, "gapairs") && !strcmp(specs[i], "gdl"))
				continue; /* its walk of GDL tic-tac-toe takes 1 s a file */
			gl_err err = {0};
			gl_agent *a = gl_agent_new((*t)->name, g, NULL, &err);
			if (!a)
				continue;
			if ((*t)->load(a, path, &err) == 0 && (*t)->save) {
				if ((*t)->save(a, again, &err) == 0) {
					gl_agent *b = gl_agent_new((*t)->name, g, NULL, NULL);
					if (b && (*t)->load(b, again, &err) != 0)
						abort(); /* saved, but does not load back */
					gl_agent_free(b);
				}
			} else if (!err.msg[0]) {
				abort(); /* an error without a message */
			}
			gl_agent_free(a);
		}
	}
	unlink(path);
	unlink(again);
	return 0;
}
