/*
 * stats.h - match statistics: wins, draws and losses, and the mean goal
 * with a 95% confidence interval (normal approximation, sample variance);
 * a share such as a score with the Wilson interval, which stays in [0, 1].
 */
#ifndef GAMELEARN_STATS_H
#define GAMELEARN_STATS_H

#include <stdint.h>

typedef struct gl_stats {
	uint64_t n;              /* matches */
	uint64_t wins, draws, losses;
	double sum, sumsq;       /* of the goal values */
} gl_stats;

/* Make st empty. */
void gl_stats_init(gl_stats *st);
/* Add one match: the player's goal and whether it won, drew or lost
 * (result > 0, == 0, < 0). */
void gl_stats_add(gl_stats *st, int goal, int result);
/* Add the matches of `more` to st (with integer goals the sums are exact:
 * merging in any order gives the same st). */
void gl_stats_merge(gl_stats *st, const gl_stats *more);
/* Mean goal (0 when no match was added). */
double gl_stats_mean(const gl_stats *st);
/* Half-width of the 95% confidence interval of the mean (0 when n < 2). */
double gl_stats_ci95(const gl_stats *st);
/* The 95% Wilson score interval of a share: k successes in n trials (k
 * may be fractional, a draw counting half) into *lo and *hi. It always
 * lies within [0, 1] and, unlike the normal approximation, keeps a width
 * at 0 and at n successes; n == 0 gives [0, 1]. */
void gl_wilson95(double k, uint64_t n, double *lo, double *hi);
/* The score of st's matches (win 1, draw 1/2, loss 0; 0 when none was
 * added) with its 95% Wilson interval into *lo and *hi. */
double gl_stats_score95(const gl_stats *st, double *lo, double *hi);
/* A player's result from all goals: +1 when its goal is above every other
 * player's, 0 when it ties for the top, -1 otherwise. In a one-player
 * game: +1 for goal 100 (solved), -1 for anything less. */
int gl_result_of(const int *goals, int nplayers, int player);

#endif
