/*
 * martens_internal.h - what the parts of the experiment `martens` share:
 * martens.c (Table I, Hex, the L-automaton), martens_more.c (the rows of
 * Note I's remarks: the follow-on string, the early machine's draws, the
 * opening, N plays and still a win, the diagonal) and martens_teachers.c
 * (the teachers; the lines of the 3x3 board).
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

/* The eight lines of a 3x3 board (cells 0..8 row by row): the rows, the
 * columns, then the two diagonals from MARTENS_DIAG. */
enum { MARTENS_DIAG = 6 };
extern const int martens_lines[8][3];

/* The empty cell of line l of martens_lines when player p holds its
 * other two cells (owner: the board's cells, their player or -1 when
 * empty), else -1. */
int martens_two_and_empty(const int8_t *owner, int l, int p);

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
