/*
 * stats.c - match statistics with a 95% confidence interval of the mean,
 * and the Wilson interval of a share.
 */
#include "gamelearn/stats.h"

#include <math.h>
#include <string.h>

void gl_stats_init(gl_stats *st)
{
	memset(st, 0, sizeof *st);
}

void gl_stats_add(gl_stats *st, int goal, int result)
{
	st->n++;
	st->sum += goal;
	st->sumsq += (double)goal * goal;
	if (result > 0)
		st->wins++;
	else if (result == 0)
		st->draws++;
	else
		st->losses++;
}

void gl_stats_merge(gl_stats *st, const gl_stats *more)
{
	st->n += more->n;
	st->wins += more->wins;
	st->draws += more->draws;
	st->losses += more->losses;
	st->sum += more->sum;
	st->sumsq += more->sumsq;
}

double gl_stats_mean(const gl_stats *st)
{
	return st->n ? st->sum / (double)st->n : 0.0;
}

double gl_stats_ci95(const gl_stats *st)
{
	if (st->n < 2)
		return 0.0;
	double n = (double)st->n, mean = st->sum / n;
	double var = (st->sumsq - n * mean * mean) / (n - 1);
	return var > 0 ? 1.96 * sqrt(var / n) : 0.0;
}

void gl_wilson95(double k, uint64_t n, double *lo, double *hi)
{
	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	/* centre (p + z^2/2n) / (1 + z^2/n), half-width
	 * z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n). At p = 0 lo is exactly
	 * 0 and at p = 1 hi is exactly 1, which rounding can miss (by 1e-17,
	 * enough to put the share outside its interval): set them. */
	const double z = 1.96;
	double nn = (double)n, p = k / nn, z2n = z * z / nn;
	double centre = (p + z2n / 2) / (1 + z2n);
	double half = z * sqrt(fmax(0, p * (1 - p)) / nn + z2n / (4 * nn)) / (1 + z2n);
	*lo = k <= 0 ? 0 : fmax(0, centre - half);
	*hi = k >= nn ? 1 : fmin(1, centre + half);
}

double gl_stats_score95(const gl_stats *st, double *lo, double *hi)
{
	double k = (double)st->wins + (double)st->draws / 2;
	gl_wilson95(k, st->n, lo, hi);
	return st->n ? k / (double)st->n : 0.0;
}

int gl_result_of(const int *goals, int nplayers, int player)
{
	int best_other = -1;
	for (int p = 0; p < nplayers; p++)
		if (p != player && goals[p] > best_other)
			best_other = goals[p];
	if (nplayers == 1)
		return goals[player] == 100 ? 1 : -1;
	return goals[player] > best_other ? 1 : goals[player] == best_other ? 0 : -1;
}
