/*
 * test_verdict.c - the one verdict rule (verdict.h): Holm's adjusted
 * p-values against hand-worked ones, the binomial and sign-flip tests at
 * known values, and the words a family of claims gets, with the
 * correction deciding a claim that alone would pass.
 */
#include "test.h"

#include "gamelearn/verdict.h"

#include <math.h>
#include <string.h>

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

static void test_holm(void)
{
	/* Holm by hand: sorted 0.01 0.02 0.03 0.04 times 4 3 2 1 = 0.04 0.06
	 * 0.06 0.04, made monotone: 0.04 0.06 0.06 0.06 */
	double p[4] = {0.03, 0.01, 0.04, 0.02}, adj[4];
	gl_holm(p, adj, 4);
	CHECK(near(adj[1], 0.04) && near(adj[3], 0.06) && near(adj[0], 0.06) &&
		near(adj[2], 0.06));
	/* capped at 1, and in place */
	double q[2] = {0.9, 0.8};
	gl_holm(q, q, 2);
	CHECK(near(q[0], 1) && near(q[1], 1));
}

static void test_tests(void)
{
	/* binomial(10, 0.5): P(X <= 2) = 56/1024, P(X >= 8) the same */
	CHECK(near(gl_binom_cdf(2, 10, 0.5), 56.0 / 1024));
	CHECK(near(gl_binom_sf(8, 10, 0.5), 56.0 / 1024));
	CHECK(near(gl_binom_sf(0, 10, 0.3), 1) && near(gl_binom_cdf(10, 10, 0.3), 1));
	/* 10 positive differences: only the observed signs reach the sum */
	double d[10];
	for (int i = 0; i < 10; i++)
		d[i] = 1 + i;
	CHECK(near(gl_sign_flip_p(d, 10), 1.0 / 1024));
	/* the opposite direction: every assignment reaches it */
	for (int i = 0; i < 10; i++)
		d[i] = -d[i];
	CHECK(near(gl_sign_flip_p(d, 10), 1));
	/* a share of 0 of 20 is below 0.5 (differs), not within [0.5, 1] */
	gl_claim c = {0};
	gl_claim_share(&c, 0, 20, 0.5, 1);
	CHECK(c.p_differs < 1e-5 && c.p_holds == 1);
	/* a mean exactly at a value all runs agree on */
	double v[3] = {4, 4, 4};
	gl_claim_mean(&c, v, 3, 3, 5);
	CHECK(c.p_holds == 0 && c.p_differs == 1);
	gl_claim_mean(&c, v, 3, 5, INFINITY);
	CHECK(c.p_holds == 1 && c.p_differs == 0);
	/* Student's t, not the normal: 2 runs 1 and 3 (mean 2, se 1) against
	 * 0: t = 2 on 1 degree of freedom, P(T > 2) = 1/2 - atan(2)/pi; the
	 * normal would give 0.023 */
	double w[2] = {1, 3};
	gl_claim_mean(&c, w, 2, 0, INFINITY);
	CHECK_MSG(near(c.p_holds, 0.5 - atan(2) / acos(-1)), "p %g", c.p_holds);
	/* 5 degrees of freedom, t = 2.015: the 0.05 quantile */
	double u[6] = {0, 1, 2, 3, 4, 5}; /* mean 2.5, sd 1.8708, se 0.7638 */
	gl_claim_mean(&c, u, 6, 2.5 - 2.015048 * 0.763763, INFINITY);
	CHECK_MSG(fabs(c.p_holds - 0.05) < 1e-5, "p %g", c.p_holds);
}

/* A family of four: one clearly reproduced, one clearly differing, one
 * that alone (p = 0.03) would pass but not corrected over the family,
 * an exact one, a speculation and an inconsistent one. */
static void test_family(void)
{
	gl_report rep;
	gl_report_init(&rep);
	gl_claims s;
	gl_claims_init(&s);
	gl_claim c = {.claim = "strong", .paper = "p", .tolerance = "t", .ours = "o",
		.why = "w", .kind = GL_CLAIM_TEST, .p_holds = 0.0001, .p_differs = 0.99};
	gl_claims_add(&s, &c);
	c.claim = "weak", c.p_holds = 0.03, c.p_differs = 0.9, c.runs = 10, c.z_per_run = 0.5;
	gl_claims_add(&s, &c);
	c.claim = "against", c.p_holds = 0.99, c.p_differs = 0.0002;
	gl_claims_add(&s, &c);
	c.claim = "exact", c.kind = GL_CLAIM_EXACT, c.holds = false;
	gl_claims_add(&s, &c);
	c.claim = "might", c.kind = GL_CLAIM_SPECULATION;
	gl_claims_add(&s, &c);
	c.claim = "cannot", c.kind = GL_CLAIM_INCONSISTENT;
	gl_claims_add(&s, &c);
	gl_table *t = gl_claims_judge(&s, &rep);
	CHECK(t && t->ncols == 6 && t->nrows == 6);
	CHECK(gl_claims_verdict(&s, 0) == GL_REPRODUCED);
	CHECK(gl_claims_verdict(&s, 1) == GL_UNCLEAR);
	CHECK(gl_claims_verdict(&s, 2) == GL_DIFFERS);
	CHECK(gl_claims_verdict(&s, 3) == GL_DIFFERS);
	CHECK(gl_claims_verdict(&s, 4) == GL_SPECULATION);
	CHECK(gl_claims_verdict(&s, 5) == GL_INCONSISTENT);
	/* 6 tests: the weak 0.03 is the third smallest, times 4 */
	CHECK(near(gl_claims_p_holds(&s, 1), 0.12));
	CHECK_STR(gl_table_cell(t, 1, 4), "unclear");
	CHECK_MSG(strstr(gl_table_cell(t, 1, 5), "runs would settle it") != NULL, "why: %s",
		gl_table_cell(t, 1, 5));
	CHECK_STR(gl_table_cell(t, 4, 4), "speculation");
	CHECK(!strcmp(gl_table_cell(t, 0, 2), "t") && !strcmp(gl_table_cell(t, 0, 3), "o"));
	CHECK(gl_report_check(&rep, NULL) == 0);
	gl_claims_done(&s);
	gl_report_done(&rep);
}

int main(void)
{
	test_holm();
	test_tests();
	test_family();
	return test_report();
}
