/*
 * test_matrix.c - regret matching and the matrix games' solver
 * (src/agents/matrix.h), uct's mix=4 at a round of two choosers:
 * rm_share() of positive, negative and no regrets; matrix_solve() on
 * games whose equilibria are known by hand: matching pennies biased both
 * ways (a mixed equilibrium off the middle, row 5/23 heads, col 3/23),
 * one throw of roshambo2's rock, paper, scissors and well (rock
 * dominated, the other three a third each), a game with a pure saddle
 * point, two moves against three and three against two (a move
 * dominated), a prisoner's dilemma (not of constant sum: defection
 * dominant for both) and a single move; each answer no further from the
 * equilibrium than the bound, its exploitability (what a best reply
 * gains over the equilibrium's value) small, the same twice.
 */
#include "test.h"

#include "agents/matrix.h"

#include <math.h>
#include <string.h>

enum { N = 4 };

/* In the constant-sum game a (the row's payoffs), how much more than
 * the value of x against y a best reply gains, summed over the players:
 * 0 at an equilibrium. */
static double exploitability(const double *a, int nr, int nc,
	const double *x, const double *y)
{
	double best_row = -1e300, worst_col = 1e300;
	for (int i = 0; i < nr; i++) {
		double v = 0;
		for (int j = 0; j < nc; j++)
			v += a[i * nc + j] * y[j];
		best_row = fmax(best_row, v);
	}
	for (int j = 0; j < nc; j++) {
		double v = 0;
		for (int i = 0; i < nr; i++)
			v += a[i * nc + j] * x[i];
		worst_col = fmin(worst_col, v);
	}
	return best_row - worst_col;
}

/* Solves a constant-sum game (b = 100 - a) of nr x nc; checks the
 * strategies sum to 1, are the same twice, and are no further than eps
 * from want_x, want_y (NULL: not checked), and that the exploitability
 * is at most 1 point of 100. */
static void solve_cs(const char *name, const double *a, int nr, int nc,
	const double *want_x, const double *want_y, double eps)
{
	double b[N * N], w[MATRIX_WORK(N, N)], x[N], y[N], x2[N], y2[N];
	for (int k = 0; k < nr * nc; k++)
		b[k] = 100 - a[k];
	matrix_solve(a, b, nr, nc, 1000, w, x, y);
	matrix_solve(a, b, nr, nc, 1000, w, x2, y2);
	CHECK_MSG(memcmp(x, x2, nr * sizeof *x) == 0 &&
		memcmp(y, y2, nc * sizeof *y) == 0, "%s: not the same twice", name);
	double sx = 0, sy = 0;
	for (int i = 0; i < nr; i++) {
		sx += x[i];
		if (want_x)
			CHECK_MSG(fabs(x[i] - want_x[i]) <= eps, "%s: row move %d: "
				"%.4f, not %.4f", name, i, x[i], want_x[i]);
	}
	for (int j = 0; j < nc; j++) {
		sy += y[j];
		if (want_y)
			CHECK_MSG(fabs(y[j] - want_y[j]) <= eps, "%s: column move "
				"%d: %.4f, not %.4f", name, j, y[j], want_y[j]);
	}
	CHECK_MSG(fabs(sx - 1) < 1e-9 && fabs(sy - 1) < 1e-9,
		"%s: the strategies sum to %g and %g", name, sx, sy);
	double e = exploitability(a, nr, nc, x, y);
	printf("%s: exploitability %.4f\n", name, e);
	CHECK_MSG(e >= -1e-9 && e <= 1, "%s: exploitability %.4f", name, e);
}

int main(void)
{
	/* regret matching's shares */
	double r[3] = {3, -1, 1};
	double pos = rm_positive(r, 3);
	CHECK(pos == 4);
	CHECK(rm_share(r[0], pos, 3) == 0.75 && rm_share(r[1], pos, 3) == 0 &&
		rm_share(r[2], pos, 3) == 0.25);
	double none[2] = {-2, 0};
	CHECK(rm_positive(none, 2) == 0 && rm_share(none[0], 0, 2) == 0.5);

	/* matching pennies biased both ways (heads, tails) */
	const double pennies[] = {100, 10, 0, 25};
	const double px[] = {5.0 / 23, 18.0 / 23}, py[] = {3.0 / 23, 20.0 / 23};
	solve_cs("biased pennies", pennies, 2, 2, px, py, 0.02);

	/* one throw: rock, paper, scissors, well (a win 100, a draw 50) */
	const double thr[] = {
		50, 0, 100, 0,
		100, 50, 0, 100,
		0, 100, 50, 0,
		100, 0, 100, 50,
	};
	const double third[] = {0, 1.0 / 3, 1.0 / 3, 1.0 / 3};
	solve_cs("throw", thr, 4, 4, third, third, 0.02);

	/* a saddle point: row move 1 against column move 2 (3 x 3) */
	const double saddle[] = {
		40, 10, 20,
		70, 60, 50,
		30, 80, 10,
	};
	const double sx[] = {0, 1, 0}, sy[] = {0, 0, 1};
	solve_cs("saddle", saddle, 3, 3, sx, sy, 0.02);

	/* two against three, the column's third move dominated (the row
	 * scores 80 against it whatever it plays): heads or tails evenly */
	const double two3[] = {
		100, 0, 80,
		0, 100, 80,
	};
	const double hx[] = {0.5, 0.5}, hy[] = {0.5, 0.5, 0};
	solve_cs("two against three", two3, 2, 3, hx, hy, 0.02);
	/* and three against two: the row's third move dominated */
	const double three2[] = {
		100, 0,
		0, 100,
		20, 20,
	};
	solve_cs("three against two", three2, 3, 2, hy, hx, 0.02);

	/* a single move each, and one against three */
	const double one[] = {30};
	const double onex[] = {1};
	solve_cs("one move", one, 1, 1, onex, onex, 0);
	const double row1[] = {60, 20, 90};
	const double r1y[] = {0, 1, 0};
	solve_cs("one against three", row1, 1, 3, onex, r1y, 0.02);

	/* a prisoner's dilemma (cooperate, defect), not of constant sum:
	 * defection dominates for both */
	const double pa[] = {60, 0, 100, 20}, pb[] = {60, 100, 0, 20};
	double w[MATRIX_WORK(2, 2)], x[2], y[2];
	matrix_solve(pa, pb, 2, 2, 1000, w, x, y);
	CHECK_MSG(x[1] > 0.99 && y[1] > 0.99, "dilemma: defection %.4f, %.4f",
		x[1], y[1]);
	return test_report();
}
