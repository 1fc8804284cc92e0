/*
 * matrix.h - a round of simultaneous moves as a matrix game: regret
 * matching's strategy (Hart and Mas-Colell, "A Simple Adaptive Procedure
 * Leading to Correlated Equilibrium", Econometrica 2000), and an
 * approximate equilibrium of a game of two players by regret matching+
 * (Tammelin, "Solving Large Imperfect Information Games Using CFR+",
 * 2014) in self-play. uct's mix=2 and 3 select by the first, its mix=4
 * plays by the second.
 */
#ifndef AGENTS_MATRIX_H
#define AGENTS_MATRIX_H

#include <stdint.h>

/* The sum of the positive regrets r[0..n). */
double rm_positive(const double *r, int32_t n);

/* A move's share of regret matching's strategy: its regret ri over pos,
 * the sum of the positive regrets (rm_positive()); 1/n while none is
 * positive. */
double rm_share(double ri, double pos, int32_t n);

/* The doubles of work matrix_solve() needs for nr by nc moves. */
#define MATRIX_WORK(nr, nc) (3 * ((nr) + (nc)))

/* An approximate equilibrium of the game of nr row moves and nc column
 * moves (both at least 1) whose payoffs are, for row move i against
 * column move j, a[i nc + j] to the row player and b[i nc + j] to the
 * column player: iters iterations of regret matching+, the players'
 * updates alternating (the row's against the column's strategy, then
 * the column's against the row's new one, as CFR+ does), and each player's
 * average strategy weighted by iteration into x[0..nr) and y[0..nc)
 * (each summing to 1). In a game of constant sum the averages approach
 * an equilibrium; in others, a point both players' regrets are small
 * at, not always one. Deterministic; allocates nothing. */
void matrix_solve(const double *a, const double *b, int nr, int nc,
	int iters, double *work, double *x, double *y);

#endif
