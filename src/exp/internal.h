/*
 * internal.h - what the experiments of src/exp share: a summary (min,
 * median, max, mean) of a few values, such as a setting's seeds, and
 * their mean with its spread.
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

/* The mean of v[0..n-1] (0 when n is 0) into *mean, and, where sd and se
 * are not NULL, its sample standard deviation and the standard error of
 * the mean (both 0 when n < 2). */
void exp_mean_sd(const double *v, int n, double *mean, double *sd, double *se);

/* A piece that failed keeps its error in a gl_err of its own, and its
 * result (work.h's get) is then the message, so that a runner of
 * processes brings the failure home (put refuses it by its size, naming
 * it). exp_failed_get: when e holds an error, point *bytes at its
 * message and return its length, else return 0. exp_first_failure:
 * the first of errs[0..n-1] that holds an error, copied into err (its
 * code returned), or 0. */
size_t exp_failed_get(const gl_err *e, const void **bytes);
int exp_first_failure(const gl_err *errs, int n, gl_err *err);

#endif
