/*
 * bs_internal.h - what the files of the experiment `banerjee-stone`
 * (Banerjee and Stone 2007) share: a run's configurations, its runs and
 * their curves, the context the parts of a run share, the paper's Figure 2
 * and Table 1 (bs_table1.c) and the claims (bs_claims.c).
 */
#ifndef GL_EXP_BS_INTERNAL_H
#define GL_EXP_BS_INTERNAL_H

#include "internal.h"

#include "gamelearn/td.h"

#include <stdbool.h>
#include <stdint.h>

/* The opponents (egreedy, random, weak), learners (baseline, transfer,
 * lookahead), init_at readings (choose, update) and target games
 * (connect3, othello4, capturego), by index. */
extern const char *const bs_opponents[3];
extern const char *const bs_inits[3];
extern const char *const bs_init_ats[2];
extern const char *const bs_tgames[3];

/* One configuration: a learner in a game against an opponent. */
typedef struct config {
	const char *game;
	int opp;      /* index into opponents */
	int init;     /* index into inits */
	int at;       /* init_at: 0 choose, 1 update (baseline: the same) */
} config;

/* One run of one configuration. */
typedef struct job {
	const config *c;       /* what is played */
	int run, matches;      /* run index (its random stream), matches to play */
	uint64_t seed;         /* the experiment's seed */
	const char *features;  /* transfer: the feature file */
	bool source;           /* collect feature values after learning */
	int *reward;           /* per match, the learner's goal value */
	gl_feature_set fs;     /* source: feature sums of this run */
	size_t entries, bytes; /* the learner's table at the end */
	int rc;                /* 0 or the failure's code */
	char err[300];         /* the failure's message */
	char *blob;            /* the results as bytes (job_get), or NULL */
	size_t blob_size;
} job;

/* Curves of one configuration over its runs. */
typedef struct curve {
	int n;                 /* points: matches skip+1..M */
	double *x, *mean, *lo, *hi;
	double *area;          /* per run: mean of its curve */
	double *first100;      /* per run: mean reward of matches 1..100 */
	double *last100;       /* per run: mean reward of the last 100 matches */
	double *early;         /* per run: mean reward of matches 51..100, its
				  level at match 100 */
	double *level;         /* per run: mean reward of the last sixth of the
				  matches (2501..3000 of 3000), its level at the end */
	double *before;        /* per run: mean reward of the sixth before it */
	double *t95;           /* per run: the first match m >= 50 whose
				  50-match window m-49..m reaches 95% of the run's
				  level (the matches played if none) */
	double final;          /* mean over runs of the curve's last point */
	int window95;          /* first match m >= 100 whose 100-match window
				  (m-99..m, mean over runs) reaches 95% of the
				  last window's level; 0 never */
	double entries;        /* mean table entries at the end */
	double mbytes;         /* mean table megabytes */
} curve;

enum {
	WIN = 100,  /* "within 100 matches": the level at match WIN is the mean
		       of matches WIN - W95 + 1..WIN */
	W95 = 50    /* the window of a run's level at a match */
};

/* configurations: 0-2 the short source, 3-5 the source; then per game
 * vs egreedy baseline, transfer and lookahead at init_at=choose and
 * update (Figures 3-5); then othello4 vs weak and random, transfer and
 * lookahead at both (Figures 6-7) */
enum { NSRC = 6, NCFG = NSRC + 3 * 5 + 2 * 4 };

/* What a run is given, and what its parts share. */
typedef struct bsctx {
	const gl_exp_env *env;
	gl_report *rep;
	long runs, matches, smatches, sshort;
	uint64_t seed;
	int skip;
	config cfg[NCFG];
	int fig_base[3], fig_tl[3][2][2], fig67[2][2][2]; /* [.][at][transfer, lookahead] */
	job *jobs;
	int *rewards;
	char fpath[3][1200];      /* the feature files the transfer runs read */
	gl_feature_set pooled[2][3];
	bool pooled_init;
	curve cv[NCFG];
	double mad[2];            /* Table 1's mean |here - paper|, pooled: short, long */
} bsctx;

/* One of the paper's 12 tic-tac-toe features (Figure 2) with its Table 1
 * row and the bounds equation 2 sets on a visited afterstate's Q. */
typedef struct bs_fig2 {
	const char *text;  /* canonical feature text */
	double paper[3];   /* egreedy, random, weak (Table 1) */
	double lo, hi;     /* what a visited afterstate's Q can be */
	const char *why;   /* the bound's reason ("" when 0..100) */
} bs_fig2;

/* Figure 2 (a)-(l), in order (the letters inferred: bs_table1.c). */
extern const bs_fig2 bs_figure2[12];

/* Whether the bound of bs_figure2[f] allows value v (with a rounding
 * margin of 0.005 for the paper's two decimals). */
bool bs_within(int f, double v);
/* The rows of Table 1 that N(L) (k = 0, one of rows a-f, i: a loss
 * feature) or N(N(W)) (k = 1, one of rows j-l: a fork) could be,
 * whatever the letters, whose three values fit its bound: their letters
 * into fit (size n; "" when none does). Returns the feature's index. */
int bs_figure2_fit(int k, char *fit, size_t n);
/* Table 1 for one source length (pooled: the feature sets against
 * egreedy, random, weak) beside the paper's, printed into rep and its
 * rows into csv; returns the mean absolute difference over the values
 * learned. */
double bs_table1(gl_report *rep, const gl_feature_set *pooled, int smatches,
	gl_table *csv);
/* The Figure 2 letters and their bounds against the paper's own values
 * and ours (pooled, the --source-matches run), printed into rep. */
void bs_figure2_checks(gl_report *rep, const gl_feature_set *pooled);

/* Per-run differences of the curve means of a and b into d[0..runs-1]. */
void bs_area_diff(const curve *a, const curve *b, int runs, double *d);
/* The claims of x's finished run: one family judged together
 * (verdicts.csv), claims.csv with their figures, and the text, into
 * x->rep. Returns 0, or an error code with a message. */
int bs_claims(bsctx *x, gl_err *err);

#endif
