/*
 * internal.h - what the experiments of src/exp share: a summary (min,
 * median, max, mean) of a few values, such as a setting's seeds.
 */
#ifndef GL_EXP_INTERNAL_H
#define GL_EXP_INTERNAL_H

#include "gamelearn/experiment.h"

enum { EXP_SEEDS_MAX = 100 }; /* values a summary takes at most */

typedef struct exp_summary {
	double min, med, max, mean;
} exp_summary;

/* The summary of v[0..n-1] (n <= EXP_SEEDS_MAX; all 0 when n <= 0). */
exp_summary exp_summarize(const double *v, int n);

#endif
