/*
 * stats.c - match statistics with a 95% confidence interval of the mean.
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
