/*
 * stats.h - match statistics: wins, draws and losses, and the mean goal
 * with a 95% confidence interval (normal approximation, sample variance).
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
/* A player's result from all goals: +1 when its goal is above every other
 * player's, 0 when it ties for the top, -1 otherwise. In a one-player
 * game: +1 for goal 100 (solved), -1 for anything less. */
int gl_result_of(const int *goals, int nplayers, int player);

#endif
