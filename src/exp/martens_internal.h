/*
 * martens_internal.h - what the parts of the experiment `martens` share:
 * martens.c (Table I, Hex, the L-automaton) and martens_more.c (the rows
 * of Note I's remarks: the follow-on string, the early machine's draws,
 * the opening, N plays and still a win, the diagonal).
 */
#ifndef GL_EXP_MARTENS_INTERNAL_H
#define GL_EXP_MARTENS_INTERNAL_H

#include "gamelearn/experiment.h"
#include "gamelearn/verdict.h"

/* The spec of a teacher for one run into buf (size n): opp as it is,
 * except that a `person` gets blunder=B (unless opp gives one) and a
 * seed of its own from run_seed. */
void martens_teacher_spec(char *buf, size_t n, const char *opp, double blunder,
	uint64_t run_seed);

/* A claim that each of k counts (v[i][0..n-1], one value per run) has a
 * mean within tol of paper[i], judged with gl_claim_mean on each: it
 * holds when every count holds (p_holds the largest of theirs), departs
 * when one does (p_differs the smallest of theirs times k, Bonferroni
 * within the claim). Fills c's kind, p-values, runs and z_per_run. */
void martens_claim_counts(gl_claim *c, const double *const *v, int k, int n,
	const double *paper, double tol);

/* What martens_more runs: seeds per condition from seed, and the
 * person's blunder probability. */
typedef struct martens_more_opts {
	int seeds;
	uint64_t seed;
	double blunder;
	int nwin[2]; /* the plays before "still able to win" is tried */
} martens_more_opts;

/* The runs behind Note I's remarks (section 2), printed into rep with
 * their tables, and their claims added to cl. 0, or an error code with a
 * message. */
int martens_more(const gl_exp_env *env, gl_report *rep, const martens_more_opts *o,
	gl_claims *cl, gl_err *err);

#endif
