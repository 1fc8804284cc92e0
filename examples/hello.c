/*
 * hello.c - the smallest program over libgamelearn: load a game, play it
 * out with every move drawn at random, print each move and the result.
 *
 *   cc hello.c -o hello $(pkg-config --cflags --libs gamelearn)
 *   ./hello               # tic-tac-toe, seed 1
 *   ./hello connect4 7    # any game spec (`gamelearn list`), any seed
 *
 * The same seed plays the same game every time.
 */
#include <gamelearn/game.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : "tictactoe";
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	if (!g) {
		fprintf(stderr, "hello: %s\n", err.msg);
		return 1;
	}
	void *s = gl_game_state_new(g, &err);       /* the start position */
	gl_action *moves = gl_game_moves_new(g, &err);
	if (!s || !moves) {
		fprintf(stderr, "hello: %s\n", err.msg);
		return 1;
	}
	gl_rng rng;
	gl_rng_seed(&rng, seed);

	printf("%s, seed %llu:", g->spec, (unsigned long long)seed);
	int plies = 0;
	while (!gl_game_over(g, s)) {
		int n = gl_game_legal(g, s, moves);
		gl_action a = moves[gl_rng_below(&rng, (uint32_t)n)];
		char text[GL_MOVE_TEXT];
		gl_game_move_text(g, s, a, text, sizeof text);
		printf(" %s", text);
		gl_game_play(g, s, a);
		plies++;
	}
	printf("\n");

	char board[4096];
	gl_game_render(g, s, board, sizeof board);
	printf("%s", board);
	int goals[GL_PLAYERS_MAX];
	gl_game_goals(g, s, goals);
	printf("over after %d moves; goals:", plies);
	for (unsigned p = 0; p < g->nplayers; p++)
		printf(" player %u %d", p + 1, goals[p]);
	printf("\n");

	gl_free(moves);
	gl_free(s);
	gl_game_free(g);
	return 0;
}
