/*
 * hwang_claims.h - the claims of Hwang, Hong and Lin's section 4 (figures
 * 4-1 to 4-7) judged from the measured grids of the experiment `hwang`
 * (hwang.c), each claim added to the paper's one family (verdict.h) with
 * the tolerance fixed here before the run.
 */
#ifndef GL_EXP_HWANG_CLAIMS_H
#define GL_EXP_HWANG_CLAIMS_H

#include "gamelearn/verdict.h"

/* One figure's GA runs: for series k (a population, a number of
 * generations or a depth: sv[k]) at x value i (xv[i]) and seed sd, the
 * errors (18 - F) and the codes decoded (the GA's work). */
typedef struct hw_grid {
	int nx, ns, seeds;
	const int *xv, *sv;
	double *err, *codes; /* [k][i][sd] */
} hw_grid;

/* The index of (k, i, sd) in a grid's arrays. */
static inline size_t hw_at(const hw_grid *g, int k, int i, int sd)
{
	return ((size_t)k * (size_t)g->nx + (size_t)i) * (size_t)g->seeds + (size_t)sd;
}

/* Fig. 4-1: DFS's work (nodes) grows exponentially with depth: depths
 * d[0..n-1], nodes and milliseconds at each (the times are reported, not
 * judged). */
void hwc_dfs_exponential(gl_claims *cl, const double *d, const double *nodes,
	const double *ms, int n);

/* The GA's work (mean codes decoded over the seeds) is linear in the
 * grid's x in every series: one exact claim. fig names the figure ("4-1"),
 * xname and sname the variables ("depth", "N"). */
void hwc_linear(gl_claims *cl, const hw_grid *g, const char *fig, const char *xname,
	const char *sname);

/* Errors fall as x grows, in series k of g: a test over the seeds of each
 * run's least-squares slope. */
void hwc_fall_x(gl_claims *cl, const hw_grid *g, int k, const char *fig,
	const char *xname, const char *sname);

/* Errors fall as the series value grows (the generations of Fig. 4-6),
 * pooled over the x values: a test over the seeds of each run's mean
 * slope. */
void hwc_fall_series(gl_claims *cl, const hw_grid *g, const char *fig,
	const char *sname);

/* Fig. 4-3: within 5 levels the GA (series k of the depth grid g) is no
 * worse than DFS, whose errors at depth d are dfs_err[d] for d <= dmax. */
void hwc_no_worse(gl_claims *cl, const hw_grid *g, int k, const double *dfs_err,
	int dmax);

/* Fig. 4-7 at DFS depth d: DFS's errors e_dfs after `nodes` nodes against
 * the GA's errors ga_err[0..seeds-1] after `gens` generations decoding at
 * most `budget` codes. */
void hwc_equal_work(gl_claims *cl, int d, double nodes, int e_dfs, const double *ga_err,
	int seeds, long gens, double budget);

/* The tolerance of Fig. 4-7's budget: the GA may decode this share of the
 * codes DFS generated nodes (see hwang_claims.c). */
#define HW_WORK_SHARE 0.5

#endif
