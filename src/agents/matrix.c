/*
 * matrix.c - regret matching and regret matching+ on a matrix game
 * (matrix.h).
 */
#include "agents/matrix.h"

double rm_positive(const double *r, int32_t n)
{
	double pos = 0;
	for (int32_t i = 0; i < n; i++)
		pos += r[i] > 0 ? r[i] : 0;
	return pos;
}

double rm_share(double ri, double pos, int32_t n)
{
	return pos > 0 ? (ri > 0 ? ri / pos : 0) : 1.0 / n;
}

/* Regret matching's strategy s[0..n) from the regrets r[0..n). */
static void rm_strategy(const double *r, int n, double *s)
{
	double pos = rm_positive(r, n);
	for (int i = 0; i < n; i++)
		s[i] = rm_share(r[i], pos, n);
}

/* One player's update, its strategy s (n moves) against the other's o
 * (m moves): each move's value v by payoffs p read at p[i si + j sj]
 * (its move i, the other's j), the regrets r raised by the value over
 * the strategy's and floored at 0 (regret matching+), and s added to
 * the average avg with weight t. */
static void rmp_update(const double *p, int si, int sj, int n, int m,
	const double *s, const double *o, double *r, double *v, double *avg,
	double t)
{
	double e = 0;
	for (int i = 0; i < n; i++) {
		v[i] = 0;
		for (int j = 0; j < m; j++)
			v[i] += p[i * si + j * sj] * o[j];
		e += s[i] * v[i];
	}
	for (int i = 0; i < n; i++) {
		double ri = r[i] + v[i] - e;
		r[i] = ri > 0 ? ri : 0;
		avg[i] += t * s[i];
	}
}

/* v[0..n) scaled to sum to 1 (uniform where it sums to 0). */
static void normalize(double *v, int n)
{
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += v[i];
	for (int i = 0; i < n; i++)
		v[i] = sum > 0 ? v[i] / sum : 1.0 / n;
}

void matrix_solve(const double *a, const double *b, int nr, int nc,
	int iters, double *work, double *x, double *y)
{
	double *r1 = work, *s1 = r1 + nr, *v1 = s1 + nr;
	double *r2 = v1 + nr, *s2 = r2 + nc, *v2 = s2 + nc;
	for (int i = 0; i < nr; i++)
		r1[i] = x[i] = 0;
	for (int j = 0; j < nc; j++)
		r2[j] = y[j] = 0;
	rm_strategy(r1, nr, s1);
	for (int t = 1; t <= iters; t++) { /* alternating updates */
		rm_strategy(r2, nc, s2);
		rmp_update(a, nc, 1, nr, nc, s1, s2, r1, v1, x, t);
		rm_strategy(r1, nr, s1); /* also the next iteration's */
		rmp_update(b, 1, nc, nc, nr, s2, s1, r2, v2, y, t);
	}
	normalize(x, nr);
	normalize(y, nc);
}
