/*
 * test_hex.c - the rules of Hex on crafted positions: bent chains win,
 * the (r,c)-(r+1,c+1) diagonal is no link, O joins left and right, a full
 * board has exactly one winner; notation, sizes, perft against hand counts
 * and against a naive second implementation, and the known 3x3 values.
 */
#include "gametest.h"

enum { NMAX = 11 };

/* --- A naive reference: a char board and a depth-first search ------------ */

typedef struct ref_board {
	int n;
	signed char cell[NMAX][NMAX]; /* -1 empty, else the player */
} ref_board;

/* The six neighbours exactly as the rules list them. */
static const int nbr[6][2] = {
	{-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}
};

static void ref_mark(const ref_board *b, int p, int r, int c, char seen[NMAX][NMAX])
{
	if (r < 0 || c < 0 || r >= b->n || c >= b->n || seen[r][c] || b->cell[r][c] != p)
		return;
	seen[r][c] = 1;
	for (int k = 0; k < 6; k++)
		ref_mark(b, p, r + nbr[k][0], c + nbr[k][1], seen);
}

/* Whether player p joins its edges: X (0) top to bottom, O (1) left to right. */
static int ref_joined(const ref_board *b, int p)
{
	char seen[NMAX][NMAX] = {{0}};
	for (int i = 0; i < b->n; i++)
		ref_mark(b, p, p ? i : 0, p ? 0 : i, seen);
	for (int i = 0; i < b->n; i++)
		if (p ? seen[i][b->n - 1] : seen[b->n - 1][i])
			return 1;
	return 0;
}

/* Perft of the reference from board b, side to move p. */
static uint64_t ref_perft(ref_board *b, int p, int depth)
{
	if (depth == 0)
		return 1;
	if (ref_joined(b, 0) || ref_joined(b, 1))
		return 0;
	uint64_t total = 0;
	for (int r = 0; r < b->n; r++) {
		for (int c = 0; c < b->n; c++) {
			if (b->cell[r][c] != -1)
				continue;
			b->cell[r][c] = (signed char)p;
			total += ref_perft(b, p ^ 1, depth - 1);
			b->cell[r][c] = -1;
		}
	}
	return total;
}

static void ref_clear(ref_board *b, int n)
{
	b->n = n;
	memset(b->cell, -1, sizeof b->cell);
}

/* --- Helpers ------------------------------------------------------------- */

static int is_terminal(const gl_game *g, const void *s)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	CHECK(g->type->terminal(g, s) == (n == 0));
	return n == 0;
}

/* --- Tests --------------------------------------------------------------- */

static void test_sizes_and_text(void)
{
	tg_expect_refused("hex:size=0", NULL);
	tg_expect_refused("hex:size=12", NULL);
	tg_expect_refused("hex:size=-3", NULL);

	gl_game *g = tg_game("hex");
	CHECK_STR(g->spec, "hex:size=3");
	CHECK(g->nactions == 9 && g->max_legal == 9 && g->max_length == 9);
	CHECK(g->ncells == 9 && g->nplayers == 2);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	tg_expect_text(g, s, 0, "a1");
	tg_expect_text(g, s, 2, "c1");
	tg_expect_text(g, s, 3, "a2");
	tg_expect_text(g, s, 8, "c3");
	tg_expect_bad_text(g, s, "a0");
	tg_expect_bad_text(g, s, "d1");
	tg_expect_bad_text(g, s, "a4");
	tg_expect_bad_text(g, s, "");
	tg_expect_bad_text(g, s, "11");
	tg_expect_bad_text(g, s, "a");
	tg_expect_bad_text(g, s, "a1x");
	tg_expect_bad_text(g, s, "pass");
	int rows = 0, cols = 0;
	g->type->cell_shape(g, &rows, &cols);
	CHECK(rows == 3 && cols == 3);
	gl_game_free(g);

	g = tg_game("hex:size=11");
	g->type->start(g, s);
	tg_expect_text(g, s, 120, "k11");
	tg_expect_text(g, s, 10, "k1");
	tg_expect_text(g, s, 110, "a11");
	tg_expect_bad_text(g, s, "l1");
	tg_expect_bad_text(g, s, "a12");
	gl_game_free(g);

	/* 1x1: the first stone joins top to bottom */
	g = tg_game("hex:size=1");
	g->type->start(g, s);
	CHECK(tg_play(g, s, "a1") == 0);
	CHECK(is_terminal(g, s) && tg_goal(g, s, 0) == 100);
	gl_game_free(g);
}

/* X wins along a chain that turns through every direction but one,
 * including the up-right link b4-c3 it cannot do without. */
static void test_bent_chain(void)
{
	gl_game *g = tg_game("hex:size=5");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	static const char *const xs[] = {
		"b1", "b2", "a3", "a4", "b4", "c3", "d3", "d4", "d5"
	};
	static const char *const os[] = {
		"e1", "e2", "e3", "e4", "e5", "c1", "a5", "c5"
	};
	for (int i = 0; i < 9; i++) {
		CHECK_MSG(!is_terminal(g, s), "over before %s", xs[i]);
		CHECK(tg_play(g, s, xs[i]) == 0);
		if (i < 8) {
			CHECK_MSG(!is_terminal(g, s), "over after %s", xs[i]);
			CHECK(tg_play(g, s, os[i]) == 0);
		}
	}
	CHECK(is_terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 100 && tg_goal(g, s, 1) == 0);
	char text[1024];
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "X wins") != NULL);

	/* the same stones but c3 held by O: b4 and d3 do not touch */
	g->type->start(g, s);
	CHECK(tg_play(g, s, "b1,c3,b2,e1,a3,e2,a4,e3,b4,e4,d3,e5,d4,c1,d5") == 0);
	CHECK(!is_terminal(g, s));
	gl_game_free(g);
}

/* (r,c) and (r+1,c+1) are not neighbours; (r,c) and (r+1,c-1) are. */
static void test_diagonals(void)
{
	gl_game *g = tg_game("hex");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK(tg_play(g, s, "a1,c1,b2,a3,c3") == 0);
	CHECK(!is_terminal(g, s));
	tg_legal_is(g, s, "b1 a2 c2 b3");
	/* O fills b1, X a2 (a1-a2 join, still no way down), O c2 */
	CHECK(tg_play(g, s, "b1,a2,c2") == 0);
	CHECK(!is_terminal(g, s));
	tg_legal_is(g, s, "b3");

	g->type->start(g, s);
	CHECK(tg_play(g, s, "c1,a1,b2,c3,a3") == 0);
	CHECK(is_terminal(g, s) && tg_goal(g, s, 0) == 100);

	/* O along the other acute-corner diagonal: a1-b2-c3 is no chain */
	g->type->start(g, s);
	CHECK(tg_play(g, s, "b1,a1,b3,b2,a2,c3") == 0);
	CHECK(!is_terminal(g, s));
	gl_game_free(g);
}

static void test_o_wins(void)
{
	gl_game *g = tg_game("hex:size=4");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK(tg_play(g, s, "a1,a2,b1,b2,a4,c1,b4") == 0);
	CHECK(!is_terminal(g, s));
	CHECK(tg_play(g, s, "d1") == 0);
	CHECK(is_terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 0 && tg_goal(g, s, 1) == 100);
	char text[1024];
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "O wins") != NULL);
	int8_t owner[16];
	g->type->cells(g, s, owner);
	CHECK(owner[0] == 0 && owner[4] == 1 && owner[3] == 1 && owner[15] == -1);
	gl_game_free(g);
}

/* Random full boards: the naive search finds exactly one side joined, and
 * the engine, given the same stones in a random order, stops with that
 * side the winner. */
static void test_full_boards(void)
{
	gl_rng rng;
	gl_rng_seed(&rng, 2024);
	for (int n = 1; n <= NMAX; n++) {
		gl_game *g = tg_game(n == 3 ? "hex" : n == 1 ? "hex:size=1" :
			n == 2 ? "hex:size=2" : n == 4 ? "hex:size=4" :
			n == 5 ? "hex:size=5" : n == 6 ? "hex:size=6" :
			n == 7 ? "hex:size=7" : n == 8 ? "hex:size=8" :
			n == 9 ? "hex:size=9" : n == 10 ? "hex:size=10" :
			"hex:size=11");
		int games = n >= 3 && n <= 7 ? 300 : 60;
		for (int k = 0; k < games; k++) {
			int cells = n * n, order[NMAX * NMAX];
			for (int i = 0; i < cells; i++)
				order[i] = i;
			for (int i = cells - 1; i > 0; i--) {
				int j = (int)gl_rng_below(&rng, (uint32_t)(i + 1));
				int t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
			/* move i of the engine's game marks order[i] */
			ref_board b;
			ref_clear(&b, n);
			for (int i = 0; i < cells; i++)
				b.cell[order[i] / n][order[i] % n] = (signed char)(i & 1);
			int x = ref_joined(&b, 0), o = ref_joined(&b, 1);
			CHECK_MSG(x + o == 1, "size %d: %d winners on a full board", n, x + o);

			GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
			g->type->start(g, s);
			int i = 0;
			while (!g->type->terminal(g, s) && i < cells)
				g->type->apply(g, s, order[i++]);
			CHECK(is_terminal(g, s));
			CHECK_MSG(tg_goal(g, s, 0) == (x ? 100 : 0),
				"size %d: engine winner differs", n);
			/* and the engine did not stop late: one stone fewer was no win */
			ref_clear(&b, n);
			for (int j = 0; j < i - 1; j++)
				b.cell[order[j] / n][order[j] % n] = (signed char)(j & 1);
			CHECK(!ref_joined(&b, 0) && !ref_joined(&b, 1));
		}
		gl_game_free(g);
	}
}

/*
 * 2x2 by hand: cells a1 b1 / a2 b2; every pair touches except a1-b2.
 * X wins with a top and a bottom stone that touch: {a1,a2}, {b1,a2},
 * {b1,b2}; O wins with a left and a right stone that touch: {a1,b1},
 * {a2,b1}, {a2,b2}. Nobody can win with one stone, so
 * perft(1) = 4, perft(2) = 4*3 = 12, perft(3) = 4*3*2 = 24.
 * After three moves X holds two cells: of the 6 pairs, 3 win, each
 * reached by 2 orders x 2 O cells = 4 sequences, so 12 sequences go on,
 * each with one cell left: perft(4) = 12, perft(5) = 0.
 */
static void test_perft(void)
{
	gl_game *g = tg_game("hex:size=2");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	static const uint64_t two[6] = {1, 4, 12, 24, 12, 0};
	for (int d = 0; d <= 5; d++) {
		CHECK_EQ_U64(tg_perft(g, s, d), two[d]);
		CHECK_EQ_U64(tg_perft_generic(g, s, d), two[d]);
	}
	gl_game_free(g);

	g = tg_game("hex:size=1");
	g->type->start(g, s);
	CHECK_EQ_U64(tg_perft(g, s, 1), 1);
	CHECK_EQ_U64(tg_perft(g, s, 2), 0);
	gl_game_free(g);

	/* 3x3: native, generic and the naive reference agree at every depth;
	 * X can win at move 5 at the earliest, so perft(1..5) = 9!/(9-d)! */
	static const uint64_t three[11] = {
		1, 9, 72, 504, 3024, 15120, 54720, 146880, 207360, 120960, 0
	};
	g = tg_game("hex");
	g->type->start(g, s);
	ref_board b;
	ref_clear(&b, 3);
	for (int d = 0; d <= 10; d++) {
		CHECK_EQ_U64(tg_perft(g, s, d), three[d]);
		CHECK_EQ_U64(tg_perft_generic(g, s, d), three[d]);
		CHECK_EQ_U64(ref_perft(&b, 0, d), three[d]);
	}
	gl_game_free(g);

	/* 4x4 from a middle position, a few plies deep */
	g = tg_game("hex:size=4");
	g->type->start(g, s);
	CHECK(tg_play(g, s, "b2,c3,c2,b3") == 0);
	ref_clear(&b, 4);
	b.cell[1][1] = 0;
	b.cell[2][2] = 1;
	b.cell[1][2] = 0;
	b.cell[2][1] = 1;
	for (int d = 1; d <= 5; d++) {
		uint64_t want = ref_perft(&b, 0, d);
		CHECK_EQ_U64(tg_perft(g, s, d), want);
		CHECK_EQ_U64(tg_perft_generic(g, s, d), want);
	}
	gl_game_free(g);
}

/* Game value by negamax through make/unmake: 100 if the side to move wins. */
static int solve(const gl_game *g, unsigned char *s)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	if (n == 0)
		return tg_goal(g, s, g->type->to_move(g, s));
	for (int i = 0; i < n; i++) {
		gl_undo u;
		g->type->make(g, s, moves[i], &u);
		int v = 100 - solve(g, s);
		g->type->unmake(g, s, moves[i], &u);
		if (v == 100)
			return 100;
	}
	return 0;
}

/* 3x3 (shared/reference/perft.md): the first player wins; the centre wins,
 * the two acute corners a1 and c3 lose. */
static void test_solved(void)
{
	gl_game *g = tg_game("hex");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK(solve(g, s) == 100);
	static const struct {
		const char *move;
		int wins;
	} first[] = {{"b2", 1}, {"a1", 0}, {"c3", 0}};
	for (int i = 0; i < 3; i++) {
		g->type->start(g, s);
		CHECK(tg_play(g, s, first[i].move) == 0);
		CHECK_MSG((solve(g, s) == 0) == first[i].wins, "first move %s",
			first[i].move);
	}
	gl_game_free(g);
}

static void test_render_and_eval(void)
{
	gl_game *g = tg_game("hex");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	char text[1024];
	g->type->start(g, s);
	CHECK(g->type->evaluate(g, s) == 0);
	CHECK(tg_play(g, s, "a1") == 0);
	int len = g->type->render(g, s, text, sizeof text);
	CHECK(len == (int)strlen(text));
	/* each row one column further right */
	CHECK(strstr(text, " 1  X . .\n  2  . . .\n   3  . . .\n") != NULL);
	CHECK(strstr(text, "O (left-right) to move") != NULL);
	/* O to move after X took the centre: X needs 2 cells, O 3 */
	g->type->start(g, s);
	CHECK(tg_play(g, s, "b2") == 0);
	CHECK(g->type->evaluate(g, s) == -100);
	/* X b1-b2 needs a3 or b3; O (a1 is cut off) needs a3-b3-c2/c3 */
	CHECK(tg_play(g, s, "a1,b1") == 0);
	CHECK(g->type->evaluate(g, s) == -200);
	/* after O a3, X needs b3 only, O still two */
	CHECK(tg_play(g, s, "a3") == 0);
	CHECK(g->type->evaluate(g, s) == 100);
	/* render into a short buffer: cut, terminated, full length reported */
	char small[8];
	int need = g->type->render(g, s, small, sizeof small);
	CHECK(need > 8 && strlen(small) == 7);
	gl_game_free(g);
}

int main(void)
{
	test_sizes_and_text();
	test_bent_chain();
	test_diagonals();
	test_o_wins();
	test_full_boards();
	test_perft();
	test_solved();
	test_render_and_eval();
	return test_report();
}
