/*
 * test_othello_features.c - Othello's feature vector (DISCS MOB CORNERS
 * XSQ CSQ FRONTIER, each the mover's count minus the opponent's) on the
 * start of every size and on positions reached by play, counted by hand.
 * Cells are "a1" with row 1 on top; X (Black) moves first.
 */
#include "gametest.h"

typedef uint64_t state[T_STATE_MAX / 8];

/* Play moves from the start of spec and compare the six features. */
static void expect(const char *spec, const char *moves, const double *want)
{
	gl_game *g = tg_game(spec);
	state s;
	double f[6];
	g->type->start(g, s);
	if (moves)
		tg_play(g, s, moves);
	CHECK(g->nfeatures == 6 && g->type->features);
	g->type->features(g, s, f);
	for (int i = 0; i < 6; i++)
		CHECK_MSG(f[i] == want[i], "%s after %s: %s = %g, want %g",
			spec, moves ? moves : "nothing", g->feature_names[i],
			f[i], want[i]);
	gl_game_free(g);
}

static void test_names(void)
{
	gl_game *g = tg_game("othello8");
	const char *names[] = {"DISCS", "MOB", "CORNERS", "XSQ", "CSQ",
			       "FRONTIER"};
	CHECK(g->nfeatures == 6);
	for (int i = 0; i < 6; i++)
		CHECK_STR(g->feature_names[i], names[i]);
	gl_game_free(g);
}

int main(void)
{
	test_names();

	/* Every start is symmetric between the colours: two discs each, four
	 * moves each, no corner, no C-square; all four discs touch an empty
	 * cell. On 4x4 the four centre cells are the X-squares, two each. */
	static const double zero[6] = {0, 0, 0, 0, 0, 0};
	expect("othello4", NULL, zero);
	expect("othello6", NULL, zero);
	expect("othello8", NULL, zero);

	/* othello8 after X d3 (flips d4): X d3 d4 e4 d5, O e5; O to move.
	 * DISCS 1 - 4. O's moves c3, e3, c5 (over d4, e4, d5); X's would
	 * be f6, e6, f5 (over e5): 3 - 3. No disc near a corner. Every disc
	 * touches an empty cell: FRONTIER 1 - 4. */
	static const double d3[6] = {-3, 0, 0, 0, 0, -3};
	expect("othello8", "d3", d3);

	/* othello4 after X b1 (flips b2), O a1 (flips b2 back): O a1 b2 c3,
	 * X b1 c2 b3; X to move.
	 * DISCS 3 - 3 = 0. X's moves a2 (over b2), d3 (over c3), c4 (over
	 * c3): 3; O's would be c1 (over b1), a3 (over b3), d2 (over c2), b4
	 * (over b3): 4; MOB -1. CORNERS: O's a1: -1. XSQ: the X-squares of
	 * the empty corners d1, a4, d4 are c2 (X), b3 (X), c3 (O); b2 (O) is
	 * a1's and a1 is taken: 2 - 1 = 1. CSQ: X's b1 is a1's C-square, a1
	 * taken, no other disc on one: 0. FRONTIER: all six discs touch an
	 * empty cell (a1 touches a2): 0. */
	static const double a1[6] = {0, -1, -1, 1, 0, 0};
	expect("othello4", "b1,a1", a1);

	/* then X d3 (flips c3): X b1 c2 b3 c3 d3, O a1 b2; O to move.
	 * DISCS 2 - 5. O's moves c1 (over b1), d2 (over c2), b4 (over b3),
	 * d4 (over c3): 4; X's would be a2 only (over b2): MOB 3. CORNERS
	 * 1 - 0. XSQ: c2, b3, c3 all X's, corners d1, a4, d4 empty: 0 - 3.
	 * CSQ: d3 is d4's C-square, X's: 0 - 1. FRONTIER: O's a1 (a2) and b2
	 * (a2, c1, a3); X's b1 (c1), c2 (c1), b3 (a3), c3 (b4), d3 (d2):
	 * 2 - 5. */
	static const double d3b[6] = {-3, 3, 1, -3, -1, -3};
	expect("othello4", "b1,a1,d3", d3b);
	return test_report();
}
