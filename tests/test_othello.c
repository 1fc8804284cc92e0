/*
 * test_othello.c - Othello rules on positions reached by move sequences
 * (start, forced pass, wipe-out, flips in all eight directions, a draw with
 * empty cells left), notation, bad sizes, and perft: the native count
 * against the reference table and against the walk through the interface.
 */
#include "gametest.h"

/* Sequences found by searching the game tree from the start. */
/* After these 8 moves Black has no move and must pass. */
static const char *pass8 = "d3,c3,b3,b2,f5,a3,a1,c1";
/* A shortest game: Black wipes out White in 9 moves, 13-0. */
static const char *wipe9 = "d3,c3,b3,e3,f3,f4,f5,b2,a1";
/* After these 58 moves Black's f3 flips along all eight lines. */
static const char *before_f3 =
	"e6,d6,c6,d7,e8,f7,c7,f5,f6,g7,g6,g8,c4,b6,b7,d8,h8,c3,e7,b3,"
	"a6,h5,c5,d3,g4,c8,d2,e2,f2,f1,h7,c2,b8,a8,b1,f4,a7,d1,c1,a5,"
	"f8,g2,h2,h3,g5,b4,e3,h6,a3,e1,b2,a2,a1,g1,h4,g3,h1,b5";
/* A 58-move game that ends 31-31 with two cells empty. */
static const char *draw58 =
	"f5,f6,c4,c3,f7,g5,d3,c5,b3,d2,e3,f2,e2,f3,g4,g7,b5,e7,e6,b2,"
	"g8,e1,h5,a2,a3,h4,g6,a6,d8,e8,a5,c8,d7,c2,a1,a4,d1,f4,h3,b1,"
	"f1,b6,a7,h8,h7,c6,c1,g3,b4,d6,g2,h6,b7,f8,c7,h2,g1,b8";

/* Owner of the cell named by text ("d4"), through cells(). */
static int owner_at(const gl_game *g, const void *s, const char *text)
{
	int8_t owner[T_STATE_MAX];
	gl_action a;
	if (g->type->parse_move(g, s, text, &a, NULL) || a >= (gl_action)g->ncells)
		return -2;
	g->type->cells(g, s, owner);
	return owner[a];
}

static int count_owned(const gl_game *g, const void *s, int p)
{
	int8_t owner[T_STATE_MAX];
	int n = 0;
	g->type->cells(g, s, owner);
	for (unsigned i = 0; i < g->ncells; i++)
		n += owner[i] == p;
	return n;
}

static int rendered_has(const gl_game *g, const void *s, const char *frag)
{
	char text[4096];
	g->type->render(g, s, text, sizeof text);
	int ok = strstr(text, frag) != NULL;
	CHECK_MSG(ok, "%s: render lacks '%s':\n%s", g->spec, frag, text);
	return ok;
}

static void test_start(void)
{
	static const struct {
		const char *spec, *moves, *white, *black;
	} cases[] = {
		{"othello8", "d3 c4 f5 e6", "d4 e5", "e4 d5"},
		{"othello6", "c2 b3 e4 d5", "c3 d4", "d3 c4"},
		{"othello4", "b1 a2 d3 c4", "b2 c3", "c2 b3"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gl_game *g = tg_game(cases[i].spec);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		CHECK(g->type->to_move(g, s) == 0);
		tg_legal_is(g, s, cases[i].moves);
		char w[8], b[8];
		sscanf(cases[i].white, "%7s", w);
		CHECK(owner_at(g, s, w) == 1);
		sscanf(cases[i].white + 3, "%7s", w);
		CHECK(owner_at(g, s, w) == 1);
		sscanf(cases[i].black, "%7s", b);
		CHECK(owner_at(g, s, b) == 0);
		sscanf(cases[i].black + 3, "%7s", b);
		CHECK(owner_at(g, s, b) == 0);
		CHECK(count_owned(g, s, -1) == (int)g->ncells - 4);
		int rows = 0, cols = 0;
		g->type->cell_shape(g, &rows, &cols);
		CHECK(rows * cols == (int)g->ncells && rows == cols);
		CHECK(g->nactions == (gl_action)g->ncells + 1);
		CHECK(g->type->evaluate(g, s) == 0); /* the start is symmetric */
		rendered_has(g, s, "X (Black) 2, O (White) 2");
		rendered_has(g, s, "X to move");
		gl_game_free(g);
	}

	gl_game *g = tg_game("othello");
	CHECK_STR(g->spec, "othello:size=8");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	rendered_has(g, s, "    a b c d e f g h\n");
	rendered_has(g, s, " 4  . . . O X . . .\n");
	rendered_has(g, s, " 5  . . . X O . . .\n");
	/* one move: Black f5 flips e5 */
	tg_play(g, s, "f5");
	CHECK(owner_at(g, s, "e5") == 0 && owner_at(g, s, "f5") == 0);
	CHECK(count_owned(g, s, 0) == 4 && count_owned(g, s, 1) == 1);
	CHECK(g->type->to_move(g, s) == 1);
	tg_legal_is(g, s, "f4 d6 f6");
	rendered_has(g, s, "O to move");
	gl_game_free(g);
}

static void test_pass(void)
{
	gl_game *g = tg_game("othello8");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX], before[T_STATE_MAX];
	g->type->start(g, s);
	if (tg_play(g, s, pass8)) {
		gl_game_free(g);
		return;
	}
	CHECK(!g->type->terminal(g, s));
	CHECK(g->type->to_move(g, s) == 0);
	tg_legal_is(g, s, "pass");
	gl_action moves[T_LEGAL_MAX];
	CHECK(g->type->legal(g, s, moves) == 1 && moves[0] == 64);
	rendered_has(g, s, "X to move (must pass)");

	memcpy(before, s, g->state_size);
	gl_undo u;
	g->type->make(g, s, 64, &u);
	CHECK(g->type->to_move(g, s) == 1);
	/* only the side to move changed, and the hash sees it */
	CHECK(memcmp(before, s, g->state_size) != 0);
	CHECK(gl_game_hash(g, before) != gl_game_hash(g, s));
	CHECK(count_owned(g, s, 0) == count_owned(g, before, 0));
	int n = g->type->legal(g, s, moves);
	CHECK(n > 0 && moves[n - 1] < 64);
	g->type->unmake(g, s, 64, &u);
	CHECK(memcmp(before, s, g->state_size) == 0);

	/* "pass" is refused where a placement exists */
	gl_err err = {0};
	gl_action a;
	g->type->start(g, s);
	CHECK(gl_parse_legal(g, s, "pass", &a, &err) == GL_EILLEGAL);
	gl_game_free(g);
}

static void test_wipeout(void)
{
	gl_game *g = tg_game("othello8");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_action moves[T_LEGAL_MAX];
	g->type->start(g, s);
	if (tg_play(g, s, wipe9)) {
		gl_game_free(g);
		return;
	}
	CHECK(g->type->terminal(g, s));
	CHECK(g->type->legal(g, s, moves) == 0);
	CHECK(count_owned(g, s, 0) == 13 && count_owned(g, s, 1) == 0);
	CHECK(tg_goal(g, s, 0) == 100 && tg_goal(g, s, 1) == 0);
	CHECK(tg_perft(g, s, 1) == 0 && tg_perft(g, s, 3) == 0);
	rendered_has(g, s, "game over: X wins");
	/* the game before the last move was not over */
	g->type->start(g, s);
	tg_play(g, s, "d3,c3,b3,e3,f3,f4,f5,b2");
	CHECK(!g->type->terminal(g, s));
	CHECK(tg_perft(g, s, 1) == tg_perft_generic(g, s, 1));
	CHECK(tg_perft(g, s, 2) == tg_perft_generic(g, s, 2));
	gl_game_free(g);
}

static void test_eight_directions(void)
{
	static const char *around[8] = {"e2", "f2", "g2", "e3", "g3", "e4", "f4", "g4"};
	gl_game *g = tg_game("othello8");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX], before[T_STATE_MAX];
	g->type->start(g, s);
	if (tg_play(g, s, before_f3)) {
		gl_game_free(g);
		return;
	}
	CHECK(g->type->to_move(g, s) == 0);
	for (int i = 0; i < 8; i++)
		CHECK_MSG(owner_at(g, s, around[i]) == 1, "%s not White", around[i]);
	int black = count_owned(g, s, 0), white = count_owned(g, s, 1);
	memcpy(before, s, g->state_size);
	gl_undo u;
	gl_action f3;
	CHECK(g->type->parse_move(g, s, "f3", &f3, NULL) == 0 && f3 == 2 * 8 + 5);
	g->type->make(g, s, f3, &u);
	for (int i = 0; i < 8; i++)
		CHECK_MSG(owner_at(g, s, around[i]) == 0, "%s not flipped", around[i]);
	int flipped = count_owned(g, s, 0) - black - 1;
	CHECK(flipped >= 8 && white - count_owned(g, s, 1) == flipped);
	g->type->unmake(g, s, f3, &u);
	CHECK(memcmp(before, s, g->state_size) == 0);
	gl_game_free(g);
}

static void test_draw(void)
{
	gl_game *g = tg_game("othello8");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	if (tg_play(g, s, draw58)) {
		gl_game_free(g);
		return;
	}
	CHECK(g->type->terminal(g, s));
	CHECK(count_owned(g, s, 0) == 31 && count_owned(g, s, 1) == 31);
	CHECK(count_owned(g, s, -1) == 2); /* ended before the board filled */
	CHECK(tg_goal(g, s, 0) == 50 && tg_goal(g, s, 1) == 50);
	rendered_has(g, s, "game over: draw");
	gl_game_free(g);
}

/* Minimax value for player 0 (goal 0..100) over the interface. */
static int value0(const gl_game *g, const unsigned char *s)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	if (n == 0)
		return tg_goal(g, s, 0);
	int me = g->type->to_move(g, s), best = me == 0 ? -1 : 101;
	for (int i = 0; i < n; i++) {
		GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		int v = value0(g, c);
		best = me == 0 ? (v > best ? v : best) : (v < best ? v : best);
	}
	return best;
}

/* 4x4 Othello is a win for White (the second player). */
static void test_small_solved(void)
{
	gl_game *g = tg_game("othello4");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK(value0(g, s) == 0);
	gl_game_free(g);
}

static void test_sizes(void)
{
	tg_expect_refused("othello:size=5", "size=5");
	tg_expect_refused("othello:size=7", "size=7");
	tg_expect_refused("othello:size=10", "out of range");
	tg_expect_refused("othello:size=3", "out of range");
	tg_expect_refused("othello:size=x", "integer");
	tg_expect_refused("othello4:colour=1", "no parameter");
	gl_game *g = tg_game("othello6");
	CHECK_STR(g->spec, "othello:size=6");
	CHECK(g->ncells == 36 && g->nactions == 37);
	gl_game_free(g);
}

static void test_text(void)
{
	static const char *specs[] = {"othello4", "othello6", "othello8"};
	for (size_t i = 0; i < 3; i++) {
		gl_game *g = tg_game(specs[i]);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		for (gl_action a = 0; a < g->nactions; a++) {
			char t[GL_MOVE_TEXT];
			gl_action back = -1;
			g->type->format_move(g, s, a, t, sizeof t);
			CHECK_MSG(g->type->parse_move(g, s, t, &back, NULL) == 0 &&
				back == a, "%s: %d -> '%s' -> %d", g->spec, a, t, back);
		}
		char t[GL_MOVE_TEXT];
		g->type->format_move(g, s, g->nactions - 1, t, sizeof t);
		CHECK_STR(t, "pass");
		g->type->format_move(g, s, 0, t, sizeof t);
		CHECK_STR(t, "a1");
		static const char *bad[] = {"z9", "a0", "pas", "", "passs", "e",
			"4", "a", "a-1", "d3 ", " d3", "d3,", "aa1"};
		for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
			gl_err err = {0};
			gl_action a;
			int rc = g->type->parse_move(g, s, bad[k], &a, &err);
			CHECK_MSG(rc == GL_EPARSE && err.code == GL_EPARSE &&
				strstr(err.msg, "pass"), "%s: '%s' -> %d '%s'",
				g->spec, bad[k], rc, err.msg);
		}
		/* off this board */
		char off[8];
		gl_action a;
		int n = (int)(g->ncells == 16 ? 4 : g->ncells == 36 ? 6 : 8);
		snprintf(off, sizeof off, "%c1", 'a' + n);
		CHECK(g->type->parse_move(g, s, off, &a, NULL) == GL_EPARSE);
		snprintf(off, sizeof off, "a%d", n + 1);
		CHECK(g->type->parse_move(g, s, off, &a, NULL) == GL_EPARSE);
		/* case does not matter */
		CHECK(g->type->parse_move(g, s, "B2", &a, NULL) == 0 && a == n + 1);
		CHECK(g->type->parse_move(g, s, "Pass", &a, NULL) == 0 &&
			a == g->nactions - 1);
		gl_game_free(g);
	}
}

static void test_perft(void)
{
	/* A. Bik's table (shared reference perft.md); no game ends before
	 * move 9, so every convention agrees up to depth 9. */
	static const uint64_t ref[] = {1, 4, 12, 56, 244, 1396, 8200, 55092,
		390216, 3005288};
	gl_game *g = tg_game("othello8");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	for (int d = 0; d < (int)(sizeof ref / sizeof ref[0]); d++)
		CHECK_MSG(tg_perft(g, s, d) == ref[d], "othello8 perft(%d) = %llu",
			d, (unsigned long long)tg_perft(g, s, d));
	/* Depth 10 under our convention: Bik's 24,571,284 counts as leaves
	 * the 228 games that end at move 9; they are not extended here. */
	CHECK_EQ_U64(tg_perft(g, s, 10), 24571284 - 228);
	for (int d = 0; d <= 6; d++)
		CHECK_EQ_U64(tg_perft(g, s, d), tg_perft_generic(g, s, d));
	/* from the forced pass and around it */
	tg_play(g, s, "d3,c3,b3,b2,f5,a3,a1");
	for (int d = 1; d <= 5; d++)
		CHECK_EQ_U64(tg_perft(g, s, d), tg_perft_generic(g, s, d));
	gl_game_free(g);

	g = tg_game("othello6");
	g->type->start(g, s);
	for (int d = 0; d <= 6; d++)
		CHECK_EQ_U64(tg_perft(g, s, d), tg_perft_generic(g, s, d));
	gl_game_free(g);

	/* 4x4: every depth, to past the end of the longest game */
	g = tg_game("othello4");
	g->type->start(g, s);
	for (int d = 0; d <= 20; d++)
		CHECK_EQ_U64(tg_perft(g, s, d), tg_perft_generic(g, s, d));
	CHECK_EQ_U64(tg_perft(g, s, (int)g->max_length + 1), 0);
	gl_game_free(g);
}

int main(void)
{
	test_start();
	test_pass();
	test_wipeout();
	test_eight_directions();
	test_draw();
	test_small_solved();
	test_sizes();
	test_text();
	test_perft();
	return test_report();
}
