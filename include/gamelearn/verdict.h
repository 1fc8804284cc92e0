/*
 * verdict.h - the one rule by which every experiment judges a paper's
 * claims (docs/REPRODUCTION.md explains it to a reader).
 *
 * An experiment states each claim before it runs: what the paper says,
 * the tolerance or test that would reproduce it, and, once measured,
 * what we found with the p-values of two one-sided tests, one whose
 * rejection says the claim holds, one whose rejection says it does not.
 * A paper's claims form one family: gl_claims_judge corrects the
 * family's tests together (Holm-Bonferroni at 0.05) and gives each
 * claim one word:
 *
 *   reproduced    every figure lies within its stated tolerance, or the
 *                 claimed effect is significant (corrected);
 *   differs       the departure from the paper is significant
 *                 (corrected), with the why;
 *   unclear       neither, with how many runs would settle it;
 *   inconsistent  the paper's own figures cannot all be true;
 *   speculation   the paper only says what might be: recorded beside what
 *                 we measured, neither passed nor failed.
 *
 * A claim measured without sampling (a count of a fixed table, a
 * deterministic search) is exact: it holds or not, outside the
 * correction. A claim with two teachers or conditions is two claims.
 *
 * The p-values come from the helpers below: a paired sign-flip test, an
 * exact binomial test of a share, or Student's t test of a mean over
 * runs. Each is deterministic: the same figures give the same
 * p-value.
 */
#ifndef GAMELEARN_VERDICT_H
#define GAMELEARN_VERDICT_H

#include "gamelearn/experiment.h"

#include <stdint.h>

/* The family-wise error rate of a paper's claims. */
#define GL_VERDICT_ALPHA 0.05
/* A side of a claim with no test. */
#define GL_NO_TEST (-1.0)

typedef enum gl_verdict {
	GL_REPRODUCED,
	GL_DIFFERS,
	GL_UNCLEAR,
	GL_INCONSISTENT,
	GL_SPECULATION
} gl_verdict;

/* The verdict's word ("reproduced", ...). */
const char *gl_verdict_word(gl_verdict v);

typedef enum gl_claim_kind {
	GL_CLAIM_TEST,         /* judged by p_holds and p_differs, corrected */
	GL_CLAIM_EXACT,        /* measured without sampling: holds or not */
	GL_CLAIM_INCONSISTENT, /* the paper's figures contradict each other */
	GL_CLAIM_SPECULATION   /* the paper only speculates */
} gl_claim_kind;

/* One claim, as an experiment fills it in. The texts are copied by
 * gl_claims_add. */
typedef struct gl_claim {
	const char *claim;     /* what the paper claims, short */
	const char *paper;     /* the paper's figure or words */
	const char *tolerance; /* the rule stated before the run: "each count
				  within 10", "one-sided, paired sign-flip" */
	const char *ours;      /* what we measured */
	const char *why;       /* the reason behind the figures (may be "") */
	gl_claim_kind kind;
	bool holds;            /* GL_CLAIM_EXACT: whether it holds */
	/* GL_CLAIM_TEST: p-value of the test that the claim holds (small:
	 * it holds), of the test that it does not (small: it differs);
	 * GL_NO_TEST when a side has none (it then does not count in the
	 * family's correction). */
	double p_holds, p_differs;
	/* GL_CLAIM_TEST, for an unclear verdict: the runs measured, and the
	 * smaller of the distances of the estimate from the boundaries of the
	 * two tests in standard errors of one run (effect / sd, 0: unknown).
	 * gl_claims_judge turns it into the runs that would settle it. */
	int runs;
	double z_per_run;
} gl_claim;

/* A paper's claims, judged together. */
typedef struct gl_claims {
	int n, cap;
	struct gl_claim_row *rows;
	bool oom;
} gl_claims;

void gl_claims_init(gl_claims *s);
void gl_claims_done(gl_claims *s);
/* Add a claim (copied); sets s->oom when out of memory. */
void gl_claims_add(gl_claims *s, const gl_claim *c);
/* Judge every claim of s together and write the table verdicts.csv
 * (claim, paper, tolerance, ours, verdict, why) into rep; the why gains
 * the rule's reason (corrected p-value, or the runs that would settle
 * it). Returns the table (NULL when out of memory: rep->oom set). */
gl_table *gl_claims_judge(gl_claims *s, gl_report *rep);
/* After gl_claims_judge: claim i's verdict, and its Holm-adjusted
 * p-values (GL_NO_TEST for a side with none). */
gl_verdict gl_claims_verdict(const gl_claims *s, int i);
double gl_claims_p_holds(const gl_claims *s, int i);
double gl_claims_p_differs(const gl_claims *s, int i);

/* The Holm-Bonferroni adjusted p-values of p[0..n-1] into adj (may be p
 * itself): adj[i] <= alpha exactly when Holm's step-down procedure at
 * alpha rejects hypothesis i. */
void gl_holm(const double *p, double *adj, int n);

/* --- Tests ------------------------------------------------------------------ */

/* One-sided p-value of a paired sign-flip (permutation) test that the
 * mean of d[0..n-1] is above 0: the share of the 2^n sign assignments
 * whose mean is at least the observed one (exact up to n = 20; past
 * that 2^20 assignments drawn from a fixed seed). 1 when n == 0. */
double gl_sign_flip_p(const double *d, int n);
/* A paired claim "the mean of d is above 0" as a test: p_holds from the
 * sign-flip test of d, p_differs from the test of -d, runs and
 * z_per_run from d's mean and standard deviation. */
void gl_claim_paired(gl_claim *c, const double *d, int n);
/* P(X <= k) and P(X >= k) for X binomial(n, p). */
double gl_binom_cdf(uint64_t k, uint64_t n, double p);
double gl_binom_sf(uint64_t k, uint64_t n, double p);
/* A share claim "k of n lies within [lo, hi]" (exact binomial tests):
 * p_holds = max(P(X >= k | lo), P(X <= k | hi)) (both bounds shown),
 * p_differs = min(P(X <= k | lo), P(X >= k | hi)) (beyond one of them); a
 * bound at 0 or 1 has no test on its side (its term is left out). */
void gl_claim_share(gl_claim *c, uint64_t k, uint64_t n, double lo, double hi);
/* A mean claim "the mean lies within [lo, hi]" from n runs' values v
 * (Student's t test with the sample standard deviation; lo may be
 * -INFINITY and hi INFINITY for a one-sided claim). When all n >= 2
 * values are equal the runs agree and the claim is judged as measured
 * (p-value 0 on the side that the value shows, 1 on the other). */
void gl_claim_mean(gl_claim *c, const double *v, int n, double lo, double hi);

#endif
