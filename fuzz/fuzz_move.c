/*
 * fuzz_move.c - libFuzzer target for move text: byte 0 picks a game,
 * byte 1 how many seeded random moves to play from its start, the rest
 * (cut at a NUL, at most 255 bytes) is parsed as a move there. A text
 * either parses to a legal move, which formats back to a text naming
 * the same move, or gives a one-line error; never a crash.
 */
#include "gamelearn/game.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const specs[] = {
	"tictactoe", "hex", "nim", "connect4", "capturego", "othello8",
	"checkers", "swap9", "npuzzle", "gdl", NULL
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static gl_game *games[16]; /* made once: the harness's, not the library's */
	static int ngames = -1;
	if (ngames < 0) {
		ngames = 0;
		for (int i = 0; specs[i]; i++)
			if ((games[ngames] = gl_game_new(specs[i], NULL)))
				ngames++;
	}
	if (size < 2 || ngames == 0)
		return 0;
	const gl_game *g = games[data[0] % ngames];
	gl_scratch w;
	if (gl_scratch_init(&w, g, 1, 1, NULL))
		return 0;
	void *s = gl_scratch_state(&w, 0);
	g->type->start(g, s);
	gl_rng rng;
	gl_rng_seed(&rng, data[1]);
	gl_action *moves = gl_scratch_moves(&w, 0);
	for (int k = 0; k < data[1] % 64; k++) {
		int n = g->type->legal(g, s, moves);
		if (n == 0)
			break;
		g->type->apply(g, s, moves[gl_rng_below(&rng, (uint32_t)n)]);
	}
	char text[256];
	size_t n = size - 2 < sizeof text - 1 ? size - 2 : sizeof text - 1;
	memcpy(text, data + 2, n);
	text[n] = 0;
	gl_action a, b;
	gl_err err = {0};
	if (gl_parse_legal(g, s, text, &a, &err) == 0) {
		char back[GL_MOVE_TEXT];
		g->type->format_move(g, s, a, back, sizeof back);
		if (gl_parse_legal(g, s, back, &b, NULL) != 0 || a != b)
			abort(); /* a legal move's own text must name it */
	} else if (!err.msg[0]) {
		abort(); /* an error without a message */
	}
	gl_scratch_done(&w);
	return 0;
}
