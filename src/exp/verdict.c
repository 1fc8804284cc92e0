/*
 * verdict.c - the rule of verdict.h: a paper's claims judged together,
 * their tests corrected by Holm-Bonferroni, each given one word; and the
 * tests that give the claims their p-values.
 */
#include "internal.h"

#include "gamelearn/verdict.h"
#include "gamelearn/core.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A claim as kept: its copied texts, its adjusted p-values, its word. */
struct gl_claim_row {
	gl_claim c;
	char *text[5]; /* claim, paper, tolerance, ours, why */
	double adj_holds, adj_differs;
	gl_verdict v;
};

const char *gl_verdict_word(gl_verdict v)
{
	static const char *const words[] = {"reproduced", "differs", "unclear",
		"inconsistent", "speculation"};
	return v >= GL_REPRODUCED && v <= GL_SPECULATION ? words[v] : "unclear";
}

void gl_claims_init(gl_claims *s)
{
	memset(s, 0, sizeof *s);
}

void gl_claims_done(gl_claims *s)
{
	for (int i = 0; i < s->n; i++)
		for (int t = 0; t < 5; t++)
			gl_free(s->rows[i].text[t]);
	gl_free(s->rows);
	memset(s, 0, sizeof *s);
}

void gl_claims_add(gl_claims *s, const gl_claim *c)
{
	if (s->n == s->cap) {
		int cap = s->cap ? 2 * s->cap : 16;
		struct gl_claim_row *more = gl_realloc(s->rows, sizeof *more * (size_t)cap);
		if (!more) {
			s->oom = true;
			return;
		}
		s->rows = more;
		s->cap = cap;
	}
	struct gl_claim_row *r = &s->rows[s->n];
	memset(r, 0, sizeof *r);
	r->c = *c;
	const char *t[5] = {c->claim, c->paper, c->tolerance, c->ours, c->why};
	for (int i = 0; i < 5; i++)
		if (!(r->text[i] = gl_strdup(t[i] ? t[i] : ""))) {
			for (int j = 0; j < i; j++)
				gl_free(r->text[j]);
			s->oom = true;
			return;
		}
	r->c.claim = r->c.paper = r->c.tolerance = r->c.ours = r->c.why = NULL;
	s->n++;
}

/* --- Holm-Bonferroni -------------------------------------------------------- */

typedef struct pidx {
	double p;
	int i;
} pidx;

static int pidx_cmp(const void *a, const void *b)
{
	const pidx *x = a, *y = b;
	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	return x->i - y->i;
}

void gl_holm(const double *p, double *adj, int n)
{
	if (n <= 0)
		return;
	pidx small[64], *o = n <= 64 ? small : gl_malloc(sizeof *o * (size_t)n);
	if (!o) {
		/* Bonferroni, which Holm never exceeds, when out of memory */
		for (int i = 0; i < n; i++)
			adj[i] = fmin(1, p[i] * n);
		return;
	}
	for (int i = 0; i < n; i++)
		o[i] = (pidx){p[i], i};
	qsort(o, (size_t)n, sizeof *o, pidx_cmp);
	double run = 0;
	for (int k = 0; k < n; k++) {
		run = fmax(run, fmin(1, o[k].p * (n - k)));
		adj[o[k].i] = run;
	}
	if (o != small)
		gl_free(o);
}

/* --- Judging ---------------------------------------------------------------- */

/* The upper-tail quantile of the standard normal: z with P(Z > z) = q
 * (0 < q < 1), by bisection on erfc. */
static double z_upper(double q)
{
	double lo = -40, hi = 40;
	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;
		if (0.5 * erfc(mid / sqrt(2)) > q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The why of an unclear claim: the runs that would settle it at the
 * family's corrected level with power 0.8. */
static void settle_text(char *buf, size_t n, const gl_claim *c, int tests)
{
	if (c->z_per_run <= 0 || c->runs <= 0) {
		snprintf(buf, n, "not significant either way at %d runs (Holm-corrected over %d "
			"tests)", c->runs, tests);
		return;
	}
	double z = z_upper(GL_VERDICT_ALPHA / (tests > 0 ? tests : 1)) + 0.8416;
	double need = ceil(z * z / (c->z_per_run * c->z_per_run));
	if (need <= c->runs)
		need = c->runs + 1;
	if (need > 1e5)
		snprintf(buf, n, "not significant either way at %d runs (Holm-corrected over %d "
			"tests); the estimate lies %.3f standard deviations of a run from the "
			"boundary, so settling it would take over 100000 runs", c->runs, tests,
			c->z_per_run);
	else
		snprintf(buf, n, "not significant either way at %d runs (Holm-corrected over %d "
			"tests); about %.0f runs would settle it (power 0.8 at the corrected "
			"level)", c->runs, tests, need);
}

gl_table *gl_claims_judge(gl_claims *s, gl_report *rep)
{
	gl_table *t = gl_report_table(rep, "verdicts.csv",
		"claim,paper,tolerance,ours,verdict,why");
	if (s->oom)
		rep->oom = true;
	/* the family: every side of every test claim that has a test */
	int m = 0;
	for (int i = 0; i < s->n; i++) {
		const gl_claim *c = &s->rows[i].c;
		if (c->kind == GL_CLAIM_TEST)
			m += (c->p_holds >= 0) + (c->p_differs >= 0);
	}
	double small[128], *p = m <= 64 ? small : gl_malloc(sizeof *p * 2 * (size_t)m);
	if (!p) {
		rep->oom = true;
		return t;
	}
	double *adj = p + m;
	for (int i = 0, k = 0; i < s->n; i++) {
		const gl_claim *c = &s->rows[i].c;
		if (c->kind != GL_CLAIM_TEST)
			continue;
		if (c->p_holds >= 0)
			p[k++] = c->p_holds;
		if (c->p_differs >= 0)
			p[k++] = c->p_differs;
	}
	gl_holm(p, adj, m);
	for (int i = 0, k = 0; i < s->n; i++) {
		struct gl_claim_row *r = &s->rows[i];
		const gl_claim *c = &r->c;
		char rule[400] = "";
		r->adj_holds = r->adj_differs = GL_NO_TEST;
		switch (c->kind) {
		case GL_CLAIM_EXACT:
			r->v = c->holds ? GL_REPRODUCED : GL_DIFFERS;
			snprintf(rule, sizeof rule, "exact: measured without sampling");
			break;
		case GL_CLAIM_INCONSISTENT:
			r->v = GL_INCONSISTENT;
			break;
		case GL_CLAIM_SPECULATION:
			r->v = GL_SPECULATION;
			snprintf(rule, sizeof rule, "the paper speculates; not judged");
			break;
		case GL_CLAIM_TEST:
			if (c->p_holds >= 0)
				r->adj_holds = adj[k++];
			if (c->p_differs >= 0)
				r->adj_differs = adj[k++];
			bool holds = r->adj_holds >= 0 && r->adj_holds <= GL_VERDICT_ALPHA;
			bool differs = r->adj_differs >= 0 && r->adj_differs <= GL_VERDICT_ALPHA;
			if (holds && !differs) {
				r->v = GL_REPRODUCED;
				snprintf(rule, sizeof rule, "holds at p = %.2g (Holm-corrected over "
					"%d tests)", r->adj_holds, m);
			} else if (differs && !holds) {
				r->v = GL_DIFFERS;
				snprintf(rule, sizeof rule, "departs at p = %.2g (Holm-corrected over "
					"%d tests)", r->adj_differs, m);
			} else {
				r->v = GL_UNCLEAR;
				settle_text(rule, sizeof rule, c, m);
			}
			break;
		}
		if (!t)
			continue;
		const char *why = r->text[4];
		char cell[1024];
		snprintf(cell, sizeof cell, "%s%s%s", why, why[0] && rule[0] ? "; " : "", rule);
		const char *f[6] = {r->text[0], r->text[1], r->text[2], r->text[3],
			gl_verdict_word(r->v), cell};
		for (int j = 0; j < 6; j++)
			gl_table_cells(rep, t, "%s", f[j][0] ? f[j] : "");
	}
	if (p != small)
		gl_free(p);
	return t;
}

gl_verdict gl_claims_verdict(const gl_claims *s, int i)
{
	return i >= 0 && i < s->n ? s->rows[i].v : GL_UNCLEAR;
}

double gl_claims_p_holds(const gl_claims *s, int i)
{
	return i >= 0 && i < s->n ? s->rows[i].adj_holds : GL_NO_TEST;
}

double gl_claims_p_differs(const gl_claims *s, int i)
{
	return i >= 0 && i < s->n ? s->rows[i].adj_differs : GL_NO_TEST;
}

/* --- Tests ------------------------------------------------------------------ */

double gl_sign_flip_p(const double *d, int n)
{
	if (n <= 0)
		return 1;
	double obs = 0;
	for (int i = 0; i < n; i++)
		obs += d[i];
	uint64_t hits = 0, total;
	const double tol = 1e-9 * (1 + fabs(obs));
	if (n <= 20) {
		total = (uint64_t)1 << n;
		for (uint64_t m = 0; m < total; m++) {
			double s = 0;
			for (int i = 0; i < n; i++)
				s += m >> i & 1 ? -d[i] : d[i];
			hits += s >= obs - tol;
		}
	} else {
		gl_rng r;
		gl_rng_seed(&r, 20070106);
		total = (uint64_t)1 << 20;
		for (uint64_t m = 0; m < total; m++) {
			double s = 0;
			for (int i = 0; i < n; i++)
				s += gl_rng_next(&r) >> 63 ? -d[i] : d[i];
			hits += s >= obs - tol;
		}
	}
	return (double)hits / (double)total;
}

void gl_claim_paired(gl_claim *c, const double *d, int n)
{
	c->kind = GL_CLAIM_TEST;
	c->p_holds = gl_sign_flip_p(d, n);
	double neg[256], *nd = n <= 256 ? neg : gl_malloc(sizeof *nd * (size_t)(n > 0 ? n : 1));
	if (nd) {
		for (int i = 0; i < n; i++)
			nd[i] = -d[i];
		c->p_differs = gl_sign_flip_p(nd, n);
		if (nd != neg)
			gl_free(nd);
	} else {
		c->p_differs = 1;
	}
	double mean, sd;
	exp_mean_sd(d, n, &mean, &sd, NULL);
	c->runs = n;
	c->z_per_run = sd > 0 ? fabs(mean) / sd : 0;
}

/* log of n choose k. */
static double log_choose(uint64_t n, uint64_t k)
{
	return lgamma((double)n + 1) - lgamma((double)k + 1) - lgamma((double)(n - k) + 1);
}

double gl_binom_cdf(uint64_t k, uint64_t n, double p)
{
	if (k >= n || p <= 0)
		return 1;
	if (p >= 1)
		return 0;
	double s = 0;
	for (uint64_t i = 0; i <= k; i++)
		s += exp(log_choose(n, i) + (double)i * log(p) + (double)(n - i) * log1p(-p));
	return fmin(1, s);
}

double gl_binom_sf(uint64_t k, uint64_t n, double p)
{
	if (k == 0 || p >= 1)
		return 1;
	if (k > n || p <= 0)
		return 0;
	return fmax(0, fmin(1, 1 - gl_binom_cdf(k - 1, n, p)));
}

void gl_claim_share(gl_claim *c, uint64_t k, uint64_t n, double lo, double hi)
{
	c->kind = GL_CLAIM_TEST;
	bool has_lo = lo > 0, has_hi = hi < 1;
	double hold_lo = has_lo ? gl_binom_sf(k, n, lo) : 0;
	double hold_hi = has_hi ? gl_binom_cdf(k, n, hi) : 0;
	c->p_holds = has_lo || has_hi ? fmax(hold_lo, hold_hi) : GL_NO_TEST;
	double d_lo = has_lo ? gl_binom_cdf(k, n, lo) : 2;
	double d_hi = has_hi ? gl_binom_sf(k, n, hi) : 2;
	c->p_differs = has_lo || has_hi ? fmin(d_lo, d_hi) : GL_NO_TEST;
	c->runs = n > 0x7fffffff ? 0x7fffffff : (int)n;
	/* distance to the nearest bound in standard deviations of one trial */
	double ph = n ? (double)k / (double)n : 0.5;
	double half = n ? 0.5 / (double)n : 0.5;
	ph = fmin(fmax(ph, half), 1 - half);
	double dist = INFINITY;
	if (has_lo)
		dist = fmin(dist, fabs(ph - lo));
	if (has_hi)
		dist = fmin(dist, fabs(ph - hi));
	c->z_per_run = isfinite(dist) ? dist / sqrt(ph * (1 - ph)) : 0;
}

/* The regularized incomplete beta function I_x(a, b), by its continued
 * fraction (modified Lentz), on the side where it converges fast. */
static double beta_cf(double x, double a, double b)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1);
	d = fabs(d) < tiny ? tiny : d;
	d = 1 / d;
	double f = d;
	for (int m = 1; m <= 300; m++) {
		/* the even step, then the odd one */
		double num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		f *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		double step = d * c;
		f *= step;
		if (fabs(step - 1) < 1e-15)
			break;
	}
	return f;
}

static double inc_beta(double x, double a, double b)
{
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(x, a, b) / a;
	return 1 - front * beta_cf(1 - x, b, a) / b;
}

/* P(T > t) for Student's t with df degrees of freedom. */
static double t_upper(double t, double df)
{
	double tail = 0.5 * inc_beta(df / (df + t * t), df / 2, 0.5);
	return t >= 0 ? tail : 1 - tail;
}

void gl_claim_mean(gl_claim *c, const double *v, int n, double lo, double hi)
{
	c->kind = GL_CLAIM_TEST;
	double mean, sd;
	exp_mean_sd(v, n, &mean, &sd, NULL);
	c->runs = n;
	bool has_lo = isfinite(lo), has_hi = isfinite(hi);
	if (n < 2 || sd <= 0) {
		/* no spread to test against: the runs agree, so it is as measured */
		bool in = (!has_lo || mean >= lo) && (!has_hi || mean <= hi);
		c->p_holds = n ? (in ? 0 : 1) : 1;
		c->p_differs = n ? (in ? 1 : 0) : 1;
		c->z_per_run = 0;
		return;
	}
	double se = sd / sqrt(n), df = n - 1;
	double hold_lo = has_lo ? t_upper((mean - lo) / se, df) : 0;
	double hold_hi = has_hi ? t_upper((hi - mean) / se, df) : 0;
	double d_lo = has_lo ? t_upper((lo - mean) / se, df) : 2;
	double d_hi = has_hi ? t_upper((mean - hi) / se, df) : 2;
	c->p_holds = has_lo || has_hi ? fmax(hold_lo, hold_hi) : GL_NO_TEST;
	c->p_differs = has_lo || has_hi ? fmin(d_lo, d_hi) : GL_NO_TEST;
	double dist = INFINITY;
	if (has_lo)
		dist = fmin(dist, fabs(mean - lo));
	if (has_hi)
		dist = fmin(dist, fabs(mean - hi));
	c->z_per_run = isfinite(dist) ? dist / sd : 0;
}
