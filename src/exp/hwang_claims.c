/*
 * hwang_claims.c - Hwang, Hong and Lin's section 4 claims (figures 4-1 to
 * 4-7) judged by the one rule (verdict.h) from the grids hwang.c
 * measures. Where a figure is about time, the claim is judged on the work
 * the time measures, counted (DFS: nodes; GA: codes decoded), because
 * times on a shared machine vary with its load; the times are reported
 * beside. Every tolerance is a constant here, fixed before the run.
 */
#include "hwang_claims.h"

#include "gamelearn/core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Fig. 4-1: "exponential" is a straight line on a log scale: every depth's
 * nodes within this factor of the least-squares line through log(nodes),
 * rising (growth ratio per level above 1). */
#define EXP_FIT_FACTOR 1.25
/* Figs. 4-1, 4-2, 4-4, 4-5: "linear" is every point within this share of
 * a least-squares line that rises. */
#define LIN_FIT_SHARE 0.10
/* Fig. 4-3: "no worse than DFS": DFS is exhaustive, so optimal at its
 * depth, and the GA can only tie it or lose; no worse is a tie: the GA's
 * mean excess errors over the seeds is 0. */
/* Fig. 4-3's "within 5 levels": depths 3 (the figures' first) to 5. */
enum { NW_FROM = 3, NW_TO = 5 };

/* Least-squares line y = a + b x through n points. */
static void ls_fit(const double *x, const double *y, int n, double *a, double *b)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	for (int i = 0; i < n; i++) {
		sx += x[i];
		sy += y[i];
		sxx += x[i] * x[i];
		sxy += x[i] * y[i];
	}
	double den = n * sxx - sx * sx;
	*b = den != 0 ? (n * sxy - sx * sy) / den : 0;
	*a = n ? (sy - *b * sx) / n : 0;
}

static double mean_of(const double *v, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return n ? s / n : 0;
}

static double sd_of(const double *v, int n)
{
	double m = mean_of(v, n), ss = 0;
	for (int i = 0; i < n; i++)
		ss += (v[i] - m) * (v[i] - m);
	return n > 1 ? sqrt(ss / (n - 1)) : 0;
}

/* The test of "the mean of v[0..n-1] is above 0": gl_claim_mean's t
 * test, except that runs which all give the same value are as measured
 * with 0 itself neither above nor below (gl_claim_mean counts a bound as
 * inside). */
static void claim_positive(gl_claim *c, const double *v, int n)
{
	bool same = n > 0;
	for (int i = 1; i < n; i++)
		same = same && v[i] == v[0];
	if (!same) {
		gl_claim_mean(c, v, n, 0, INFINITY);
		return;
	}
	c->kind = GL_CLAIM_TEST;
	c->p_holds = n && v[0] > 0 ? 0 : 1;
	c->p_differs = n && v[0] < 0 ? 0 : 1;
	c->runs = n;
	c->z_per_run = 0;
}

void hwc_dfs_exponential(gl_claims *cl, const double *d, const double *nodes,
	const double *ms, int n)
{
	double ly[16], a, b, worst = 1;
	n = n < 16 ? n : 16; /* depths: at most 16 measured */
	for (int i = 0; i < n; i++)
		ly[i] = log(nodes[i]);
	ls_fit(d, ly, n, &a, &b);
	for (int i = 0; i < n; i++)
		worst = fmax(worst, exp(fabs(ly[i] - (a + b * d[i]))));
	/* the times' ratio, reported: depths 3 on, where the clock resolves */
	double tx[16], ty[16], ta = 0, tb = 0;
	int nt = 0;
	for (int i = 0; i < n; i++)
		if (d[i] >= 3 && ms[i] > 0) {
			tx[nt] = d[i];
			ty[nt++] = log(ms[i]);
		}
	if (nt >= 2)
		ls_fit(tx, ty, nt, &ta, &tb);
	char tol[300], ours[240];
	snprintf(tol, sizeof tol, "a least-squares line through log(nodes) over depths %.0f-%.0f: "
		"growth ratio per level above 1 and every depth within a factor %.2f of the line; "
		"nodes, not times (the figure's time is DFS's work; times vary with load)", d[0],
		d[n - 1], EXP_FIT_FACTOR);
	snprintf(ours, sizeof ours, "nodes x%.1f a level, every depth within a factor %.3f of "
		"the line; time (reported, not judged): x%.1f a level over depths 3-%.0f", exp(b),
		worst, nt >= 2 ? exp(tb) : 0, d[n - 1]);
	gl_claim c = {.claim = "Fig. 4-1: DFS's time grows exponentially with depth",
		.paper = "exponential; considerable from depth 5 on", .tolerance = tol,
		.ours = ours, .why = "DFS enumerates all 19^d code sequences",
		.kind = GL_CLAIM_EXACT, .holds = b > 0 && worst <= EXP_FIT_FACTOR};
	if (n < 3) /* too few depths to tell a line from a curve: unclear */
		c = (gl_claim){.claim = c.claim, .paper = c.paper, .tolerance = tol, .ours = ours,
			.why = "fewer than 3 depths measured (--dfs-max)", .kind = GL_CLAIM_TEST,
			.p_holds = 1, .p_differs = 1, .runs = n};
	gl_claims_add(cl, &c);
}

void hwc_linear(gl_claims *cl, const hw_grid *g, const char *fig, const char *xname,
	const char *sname)
{
	double x[32], y[32], worst = 0;
	int wk = 0, wi = 0;
	bool holds = g->nx >= 3;
	for (int k = 0; k < g->ns; k++) {
		for (int i = 0; i < g->nx; i++) {
			x[i] = g->xv[i];
			y[i] = mean_of(&g->codes[hw_at(g, k, i, 0)], g->seeds);
		}
		double a, b;
		ls_fit(x, y, g->nx, &a, &b);
		holds = holds && b > 0;
		for (int i = 0; i < g->nx; i++) {
			double fit = a + b * x[i], dev = fit > 0 ? fabs(y[i] - fit) / fit : INFINITY;
			if (dev > worst) {
				worst = dev;
				wk = k;
				wi = i;
			}
		}
	}
	holds = holds && worst <= LIN_FIT_SHARE;
	char claim[120], tol[320], ours[200];
	snprintf(claim, sizeof claim, "Fig. %s: the GA's time is linear in %s (each %s)", fig,
		xname, sname);
	snprintf(tol, sizeof tol, "in every series (%s %d-%d) the mean codes decoded over the "
		"seeds within %.0f%% of a rising least-squares line over %s %d-%d; codes decoded, "
		"not times (the figure's time is the GA's work; times vary with load)", sname,
		g->sv[0], g->sv[g->ns - 1], 100 * LIN_FIT_SHARE, xname, g->xv[0],
		g->xv[g->nx - 1]);
	snprintf(ours, sizeof ours, "every series within %.1f%% of its line (worst: %s %d at "
		"%s %d)", 100 * worst, sname, g->sv[wk], xname, g->xv[wi]);
	gl_claim c = {.claim = claim, .paper = "linear", .tolerance = tol, .ours = ours,
		.why = "an evaluation decodes at most depth codes; a generation makes a fixed "
		"number of children",
		.kind = GL_CLAIM_EXACT, .holds = holds};
	gl_claims_add(cl, &c);
}

/* Per seed, minus the least-squares slope of errors over x in series k. */
static void neg_slopes(const hw_grid *g, int k, double *v)
{
	double x[32], y[32], a, b;
	for (int sd = 0; sd < g->seeds; sd++) {
		for (int i = 0; i < g->nx; i++) {
			x[i] = g->xv[i];
			y[i] = g->err[hw_at(g, k, i, sd)];
		}
		ls_fit(x, y, g->nx, &a, &b);
		v[sd] = -b;
	}
}

void hwc_fall_x(gl_claims *cl, const hw_grid *g, int k, const char *fig,
	const char *xname, const char *sname)
{
	double v[128];
	neg_slopes(g, k, v);
	double m0 = mean_of(&g->err[hw_at(g, k, 0, 0)], g->seeds);
	double m1 = mean_of(&g->err[hw_at(g, k, g->nx - 1, 0)], g->seeds);
	char claim[120], tol[240], ours[200];
	snprintf(claim, sizeof claim, "Fig. %s: errors fall with %s (%s %d)", fig, xname, sname,
		g->sv[k]);
	snprintf(tol, sizeof tol, "per run the least-squares slope of errors over %s %d-%d; "
		"one-sided t test over the seeds that the mean slope is below 0", xname,
		g->xv[0], g->xv[g->nx - 1]);
	snprintf(ours, sizeof ours, "mean slope %.3f errors a unit of %s (sd %.3f over %d "
		"seeds); mean errors %.2f at %s %d, %.2f at %d", -mean_of(v, g->seeds), xname,
		sd_of(v, g->seeds), g->seeds, m0, xname, g->xv[0], m1, g->xv[g->nx - 1]);
	gl_claim c = {.claim = claim, .paper = "the deeper, the more accurate (the curves "
		"oscillate)", .tolerance = tol, .ours = ours, .why = ""};
	claim_positive(&c, v, g->seeds);
	gl_claims_add(cl, &c);
}

void hwc_fall_series(gl_claims *cl, const hw_grid *g, const char *fig, const char *sname)
{
	double v[128], x[32], y[32], a, b;
	for (int sd = 0; sd < g->seeds; sd++) {
		double s = 0;
		for (int i = 0; i < g->nx; i++) {
			for (int k = 0; k < g->ns; k++) {
				x[k] = g->sv[k];
				y[k] = g->err[hw_at(g, k, i, sd)];
			}
			ls_fit(x, y, g->ns, &a, &b);
			s += b;
		}
		v[sd] = -s / g->nx;
	}
	double e0 = 0, e1 = 0;
	for (int i = 0; i < g->nx; i++) {
		e0 += mean_of(&g->err[hw_at(g, 0, i, 0)], g->seeds) / g->nx;
		e1 += mean_of(&g->err[hw_at(g, g->ns - 1, i, 0)], g->seeds) / g->nx;
	}
	char claim[120], tol[260], ours[200];
	snprintf(claim, sizeof claim, "Fig. %s: errors fall with the generations", fig);
	snprintf(tol, sizeof tol, "per run the least-squares slope of errors over %s %d-%d, "
		"averaged over depths %d-%d; one-sided t test over the seeds that the mean "
		"slope is below 0", sname, g->sv[0], g->sv[g->ns - 1], g->xv[0], g->xv[g->nx - 1]);
	snprintf(ours, sizeof ours, "mean slope %.4f errors a generation (sd %.4f over %d "
		"seeds); mean errors %.2f at %s %d, %.2f at %d", -mean_of(v, g->seeds),
		sd_of(v, g->seeds), g->seeds, e0, sname, g->sv[0], e1, g->sv[g->ns - 1]);
	gl_claim c = {.claim = claim, .paper = "the more generations, the more accurate",
		.tolerance = tol, .ours = ours,
		.why = "the best N survive, so a run's errors never rise with more generations"};
	claim_positive(&c, v, g->seeds);
	gl_claims_add(cl, &c);
}

void hwc_no_worse(gl_claims *cl, const hw_grid *g, int k, const double *dfs_err,
	int dmax)
{
	int to = dmax < NW_TO ? dmax : NW_TO, idx[8], nd = 0;
	for (int i = 0; i < g->nx && nd < 8; i++)
		if (g->xv[i] >= NW_FROM && g->xv[i] <= to)
			idx[nd++] = i;
	double v[128], per[8] = {0};
	for (int sd = 0; sd < g->seeds; sd++) {
		double s = 0;
		for (int j = 0; j < nd; j++) {
			double ex = g->err[hw_at(g, k, idx[j], sd)] - dfs_err[g->xv[idx[j]]];
			s += ex;
			per[j] += ex / g->seeds;
		}
		v[sd] = nd ? s / nd : 0;
	}
	char claim[120], tol[360], ours[200];
	snprintf(claim, sizeof claim, "Fig. 4-3: within 5 levels the GA is no worse than DFS "
		"(N %d)", g->sv[k]);
	snprintf(tol, sizeof tol, "the GA's errors minus DFS's, averaged over depths %d-%d, 0 in "
		"every run (DFS is optimal at its depth: the GA can only tie or lose); one-sided "
		"t test over the seeds that the mean is above 0", NW_FROM, to);
	int len = snprintf(ours, sizeof ours, "mean excess %.2f errors (", mean_of(v, g->seeds));
	for (int j = 0; j < nd && len < (int)sizeof ours; j++)
		len += snprintf(ours + len, sizeof ours - (size_t)len, "%sdepth %d: %.2f",
			j ? ", " : "", g->xv[idx[j]], per[j]);
	if (len < (int)sizeof ours)
		snprintf(ours + len, sizeof ours - (size_t)len, ")");
	gl_claim c = {.claim = claim, .paper = "clearly not worse than DFS within 5 levels",
		.tolerance = tol, .ours = ours, .why = nd < NW_TO - NW_FROM + 1 ?
		"DFS measured to fewer than 5 levels (--dfs-max)" : ""};
	gl_claim_mean(&c, v, g->seeds, -INFINITY, 0);
	if (nd == 0) { /* no depth to compare: unclear */
		c.p_holds = c.p_differs = 1;
		c.why = "DFS measured to fewer than 3 levels (--dfs-max)";
	}
	gl_claims_add(cl, &c);
}

void hwc_equal_work(gl_claims *cl, int d, double nodes, int e_dfs, const double *ga_err,
	int seeds, long gens, double budget)
{
	double v[128];
	for (int sd = 0; sd < seeds; sd++)
		v[sd] = e_dfs - ga_err[sd];
	int solved = 0;
	for (int sd = 0; sd < seeds; sd++)
		solved += ga_err[sd] == 0;
	char claim[120], tol[360], ours[220];
	snprintf(claim, sizeof claim, "Fig. 4-7: at equal time the GA is more accurate than DFS "
		"(DFS depth %d)", d);
	snprintf(tol, sizeof tol, "time as work: the GA (depth 15, N 35) decodes at most %.0f%% "
		"as many codes as DFS generates nodes (a code costs it more than DFS a node); "
		"one-sided t test over the seeds that DFS's errors minus the GA's are above 0",
		100 * HW_WORK_SHARE);
	snprintf(ours, sizeof ours, "DFS %d errors after %.0f nodes; GA after %ld generations "
		"(at most %.0f codes): mean %.2f errors, %d of %d seeds solve", e_dfs, nodes, gens,
		budget, e_dfs - mean_of(v, seeds), solved, seeds);
	gl_claim c = {.claim = claim, .paper = "the GA's result is more accurate",
		.tolerance = tol, .ours = ours, .why = ""};
	claim_positive(&c, v, seeds);
	gl_claims_add(cl, &c);
}
