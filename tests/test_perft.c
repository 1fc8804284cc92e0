/*
 * test_perft.c - every count of data/perft.txt (published perft counts)
 * against gl_perft, the engines' native perft.
 */
#include "gametest.h"

#include <stdlib.h>

int main(void)
{
	FILE *f = fopen("data/perft.txt", "r");
	CHECK_MSG(f != NULL, "cannot open data/perft.txt (run from tests/)");
	if (!f)
		return test_report();
	char line[256];
	int lines = 0, lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char spec[128];
		int depth;
		unsigned long long want;
		if (sscanf(line, "%127s %d %llu", spec, &depth, &want) != 3) {
			CHECK_MSG(0, "data/perft.txt:%d: malformed line", lineno);
			continue;
		}
		gl_game *g = tg_game(spec);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		uint64_t got = tg_perft(g, s, depth);
		CHECK_MSG(got == want, "%s perft(%d) = %llu, want %llu", spec, depth,
			(unsigned long long)got, want);
		gl_game_free(g);
		lines++;
	}
	fclose(f);
	CHECK(lines >= 20);
	return test_report();
}
