/*
 * test_wrappers.c - the plain calls of game.h (gl_game_state_new,
 * gl_game_legal, gl_game_play...) against the type's callbacks they stand
 * for: on native games and a GDL one, random games played side by side
 * through both give the same states, moves, texts, boards and goals; a
 * new state is the start; out of memory is a NULL with a message naming
 * the game.
 */
#include "test.h"

#include "gamelearn/game.h"

#include <stdlib.h>

/* Play `games` random games of spec through the plain calls on one state
 * and through g->type on another, checking that they agree at each step. */
static void same_as_callbacks(const char *spec, int games)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	CHECK_MSG(g != NULL, "%s: %s", spec, err.msg);
	if (!g)
		return;
	void *a = gl_game_state_new(g, &err);
	gl_action *ma = gl_game_moves_new(g, &err);
	void *b = gl_malloc(g->state_size);
	gl_action *mb = gl_malloc((size_t)g->max_legal * sizeof *mb);
	CHECK(a && ma && b && mb);
	if (!a || !ma || !b || !mb)
		return;
	/* a new state is the start */
	g->type->start(g, b);
	CHECK_MSG(memcmp(a, b, g->state_size) == 0, "%s: new state is not the start", spec);
	gl_rng rng;
	gl_rng_seed(&rng, 74);
	for (int k = 0; k < games; k++) {
		gl_game_start(g, a);
		g->type->start(g, b);
		int plies = 0;
		for (;;) {
			bool over = gl_game_over(g, a);
			CHECK(over == g->type->terminal(g, b));
			int n = gl_game_legal(g, a, ma);
			CHECK(n == g->type->legal(g, b, mb));
			CHECK(n == 0 || memcmp(ma, mb, (size_t)n * sizeof *ma) == 0);
			CHECK(over == (n == 0));
			if (over || plies > (int)g->max_length)
				break;
			CHECK(gl_game_to_move(g, a) == g->type->to_move(g, b));
			gl_action m = ma[gl_rng_below(&rng, (uint32_t)n)];
			char ta[GL_MOVE_TEXT], tb[GL_MOVE_TEXT];
			CHECK(gl_game_move_text(g, a, m, ta, sizeof ta) ==
				g->type->format_move(g, b, m, tb, sizeof tb));
			CHECK_STR(ta, tb);
			gl_game_play(g, a, m);
			g->type->apply(g, b, m);
			CHECK(memcmp(a, b, g->state_size) == 0);
			plies++;
		}
		CHECK_MSG(plies <= (int)g->max_length, "%s: a game past max_length", spec);
		int ga[GL_PLAYERS_MAX], gb[GL_PLAYERS_MAX];
		gl_game_goals(g, a, ga);
		g->type->goals(g, b, gb);
		CHECK(memcmp(ga, gb, g->nplayers * sizeof *ga) == 0);
		for (unsigned p = 0; p < g->nplayers; p++)
			CHECK(ga[p] >= 0 && ga[p] <= 100);
		char ra[4096], rb[4096];
		CHECK(gl_game_render(g, a, ra, sizeof ra) == g->type->render(g, b, rb, sizeof rb));
		CHECK_STR(ra, rb);
	}
	gl_free(a);
	gl_free(ma);
	gl_free(b);
	gl_free(mb);
	gl_game_free(g);
}

/* Out of memory: NULL, and the message names the game. */
static void out_of_memory(void)
{
	gl_err err = {0};
	gl_game *g = gl_game_new("tictactoe", &err);
	CHECK(g != NULL);
	if (!g)
		return;
	gl_alloc_fail_after(0);
	void *s = gl_game_state_new(g, &err);
	gl_alloc_fail_after(-1);
	CHECK(s == NULL && err.code == GL_ENOMEM && strstr(err.msg, "tictactoe") != NULL);
	gl_err_clear(&err);
	gl_alloc_fail_after(0);
	gl_action *m = gl_game_moves_new(g, &err);
	gl_alloc_fail_after(-1);
	CHECK(m == NULL && err.code == GL_ENOMEM && strstr(err.msg, "tictactoe") != NULL);
	/* err may be NULL */
	gl_alloc_fail_after(0);
	CHECK(gl_game_state_new(g, NULL) == NULL);
	gl_alloc_fail_after(-1);
	gl_free(s);
	gl_free(m);
	gl_game_free(g);
}

int main(void)
{
	same_as_callbacks("tictactoe", 50);
	same_as_callbacks("connect4", 20);
	same_as_callbacks("nim", 20);
	same_as_callbacks("checkers", 5);
	same_as_callbacks("othello6", 5);
	same_as_callbacks("swap9", 3);
	same_as_callbacks("gdl:data/gdl/games/ticTacToe.kif", 10);
	out_of_memory();
	return test_report();
}
