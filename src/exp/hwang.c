/*
 * hwang.c - the experiment `hwang`: Hwang, Hong and Lin's experiments
 * (section 4, figures 4-1 to 4-7) on swap9: GA time and errors against
 * depth, population and generations, DFS time and errors against depth,
 * GA against DFS at equal time; with IDA*'s optimum beside them, and the
 * same searches on the 8-puzzle (the two hardest 31-move positions). The
 * GA's seeds of each setting are pieces of work: run k of --seeds runs
 * (0-based) draws from gl_rng_seed(--seed + k), so --seed 1 gives the
 * seeds 1..N the experiment has always used. The paper's claims are one
 * family judged by verdict.h's rule (hwang_claims.c); a claim about time
 * is judged on the work it measures, counted.
 *
 * Times are wall-clock on this machine and vary from run to run; every
 * other figure is fixed by the seeds.
 */
#include "internal.h"
#include "hwang_claims.h"

#include "gamelearn/treesearch.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { SEEDS_MAX = EXP_SEEDS_MAX };

/* What a run is given. */
typedef struct hw_opts {
	const gl_exp_env *env;
	gl_report *rep;
	int seeds;
	uint64_t seed;    /* run k's generator is seeded with seed + k */
	gl_table *csv;    /* hwang.csv */
	gl_claims *cl;    /* the paper's claims, judged together at the end */
	gl_err errs[SEEDS_MAX];
} hw_opts;

/* The seeds of ga_runs_m as pieces of work (work.h): seed `seed + sd`'s
 * run into r[sd], a failure into err[sd] (whose message is then the
 * piece's result). */
typedef struct hw_job {
	const gl_game *g;
	const gl_ts_ga_params *p;
	uint64_t seed;
	gl_ts_result *r;
	gl_err *err;
} hw_job;

static void hw_piece(void *arg, int sd, int worker)
{
	(void)worker;
	hw_job *j = arg;
	gl_rng rng;
	gl_rng_seed(&rng, j->seed + (uint64_t)sd);
	j->err[sd] = (gl_err){0};
	gl_ts_ga(j->g, j->p, &rng, &j->r[sd], &j->err[sd]);
}

static size_t hw_get(void *arg, int sd, const void **bytes)
{
	hw_job *j = arg;
	size_t failed = exp_failed_get(&j->err[sd], bytes);
	if (failed)
		return failed;
	*bytes = &j->r[sd];
	return sizeof j->r[sd];
}

static int hw_put(void *arg, int sd, const void *bytes, size_t size, gl_err *err)
{
	hw_job *j = arg;
	if (size != sizeof j->r[sd])
		return gl_fail(err, GL_EINVAL, "hwang run %d: %.*s", sd + 1,
			(int)(size < 200 ? size : 200), (const char *)bytes);
	memcpy(&j->r[sd], bytes, size);
	return 0;
}

/* The outcome of one setting's GA runs, per seed (any array may be
 * NULL): seconds, errors, the generation that found the best, the codes
 * decoded; the seeds that solved; the fitness evaluations of a run (the
 * same for every seed without a time limit: the last run's). */
typedef struct hw_out {
	double *t, *e, *fg, *codes;
	int solved;
	uint64_t evals;
} hw_out;

/* GA runs on swap9 at depth D, pop N, G generations, `mutants` mutants a
 * generation (0: from pm 0.1), time limit `seconds` (0: none), for every
 * seed, into *out. 0, or an error code with a message. */
static int ga_runs_m(hw_opts *o, int depth, int pop, int gens, int mutants, double seconds,
	hw_out *out, gl_err *err)
{
	char spec[48];
	snprintf(spec, sizeof spec, "swap9:limit=%d", depth);
	gl_game *g = gl_game_new(spec, err);
	if (!g)
		return err->code;
	gl_ts_ga_params p = {.depth = depth, .pop = pop, .gens = gens, .pc = 0.5, .pm = 0.1,
		.mutants = mutants, .seconds = seconds};
	gl_ts_result r[SEEDS_MAX];
	hw_job j = {g, &p, o->seed, r, o->errs};
	gl_pieces pc = {o->seeds, hw_piece, hw_get, hw_put, &j, false};
	int rc = gl_run_pieces(o->env->runner, &pc, err);
	if (!rc)
		rc = exp_first_failure(o->errs, o->seeds, err);
	gl_game_free(g);
	if (rc)
		return rc;
	out->solved = 0;
	for (int sd = 0; sd < o->seeds; sd++) {
		if (out->t)
			out->t[sd] = r[sd].seconds;
		if (out->e)
			out->e[sd] = r[sd].errors;
		if (out->fg)
			out->fg[sd] = r[sd].found_gen;
		if (out->codes)
			out->codes[sd] = (double)r[sd].nodes;
		out->solved += r[sd].solved;
		out->evals = r[sd].evals;
	}
	return 0;
}

/* ga_runs_m with the mutants from pm and no time limit. */
static int ga_runs(hw_opts *o, int depth, int pop, int gens, hw_out *out, gl_err *err)
{
	return ga_runs_m(o, depth, pop, gens, 0, 0, out, err);
}

/* The mean of v[0..n-1]. */
static double hw_mean(const double *v, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return n ? s / n : 0;
}

/* One figure "y against x for several series" from GA runs. The series
 * vary s_vals (population or generations), x varies x_vals (depth,
 * population or generations); which says which is which. */
enum { VAR_DEPTH, VAR_POP, VAR_GENS };

typedef struct hw_fig {
	const char *file, *title;
	int xvar;
	const int *xv;
	int nx, svar;
	const int *sv;
	int ns, fixed_pop, fixed_gens;
	const char *fig;          /* its name in hwang.csv */
} hw_fig;

/* Figure h's runs: text, rows of hwang.csv, the two SVGs (with DFS's
 * ndfs points when ndfs > 0), and every run's errors and codes decoded
 * into *gr (its arrays allocated here; the caller frees them with
 * hw_grid_free, also after a failure). */
static int hw_figure(hw_opts *o, const hw_fig *h, double *dfs_x, double *dfs_t,
	double *dfs_e, int ndfs, hw_grid *gr, gl_err *err)
{
	gl_report *rep = o->rep;
	int nx = h->nx, ns = h->ns;
	size_t cells = (size_t)ns * (size_t)nx * (size_t)o->seeds;
	*gr = (hw_grid){nx, ns, o->seeds, h->xv, h->sv, gl_malloc(sizeof(double) * cells),
		gl_malloc(sizeof(double) * cells)};
	/* storage: per series: x, y time (med,lo,hi), y errors (med,lo,hi) */
	double *buf = gl_malloc(sizeof(double) * (size_t)(ns + 1) * (size_t)nx * 7);
	gl_series tser[8], eser[8];
	char names[8][32];
	if (!buf || !gr->err || !gr->codes || ns > 7) {
		gl_free(buf);
		return gl_fail(err, GL_ENOMEM, "repro hwang: out of memory");
	}
	static const char *vn[3] = {"depth", "population", "generations"};
	const char *sn = h->svar == VAR_POP ? "N" : h->svar == VAR_GENS ? "G" : "D";
	gl_report_printf(rep, "\n%s\n%-12s", h->title, vn[h->xvar]);
	for (int k = 0; k < ns; k++)
		gl_report_printf(rep, " | %s %-3d codes    ms med [min,max]  err med [min,max]", sn,
			h->sv[k]);
	gl_report_printf(rep, "\n");
	for (int i = 0; i < nx; i++) {
		gl_report_printf(rep, "%-12d", h->xv[i]);
		for (int k = 0; k < ns; k++) {
			int depth = 15, pop = h->fixed_pop, gens = h->fixed_gens;
			int *vars[3] = {&depth, &pop, &gens};
			*vars[h->xvar] = h->xv[i];
			*vars[h->svar] = h->sv[k];
			double t[SEEDS_MAX];
			double *e = &gr->err[hw_at(gr, k, i, 0)], *cd = &gr->codes[hw_at(gr, k, i, 0)];
			hw_out out = {.t = t, .e = e, .codes = cd};
			if (ga_runs(o, depth, pop, gens, &out, err)) {
				gl_free(buf);
				return err->code;
			}
			uint64_t ev = out.evals;
			double codes = hw_mean(cd, o->seeds);
			for (int sd = 0; sd < o->seeds; sd++)
				t[sd] *= 1000;
			exp_summary st = exp_summarize(t, o->seeds), se = exp_summarize(e, o->seeds);
			double *b = buf + (size_t)k * nx * 7;
			b[i] = h->xv[i];
			b[nx + i] = st.med;
			b[2 * nx + i] = st.min;
			b[3 * nx + i] = st.max;
			b[4 * nx + i] = se.med;
			b[5 * nx + i] = se.min;
			b[6 * nx + i] = se.max;
			gl_report_printf(rep, " | %7.0f %7.3f [%6.3f,%7.3f]  %4.1f [%2.0f,%2.0f]"
				"        ", codes, st.med, st.min, st.max, se.med, se.min, se.max);
			gl_table_cells(rep, o->csv, "%s\tga\t%d\t%d\t%d\t%d\t%" PRIu64 "\t%.6f\t%.6f\t"
				"%.6f\t%.1f\t%.0f\t%.0f\t%.1f", h->fig, depth, pop, gens, o->seeds, ev,
				st.med, st.min, st.max, se.med, se.min, se.max, codes);
		}
		gl_report_printf(rep, "\n");
	}
	for (int k = 0; k < ns; k++) {
		double *b = buf + (size_t)k * nx * 7;
		snprintf(names[k], sizeof names[k], "GA %s = %d", sn, h->sv[k]);
		/* a value's colour is the same in every figure: its place among
		 * the values the figures use (N and G 10, 15, ...; D 3, 6, ...) */
		int col = h->svar == VAR_DEPTH ? (h->sv[k] - 3) / 3 : (h->sv[k] - 10) / 5;
		tser[k] = (gl_series){names[k], nx, b, b + nx, b + 2 * nx, b + 3 * nx, col};
		eser[k] = (gl_series){names[k], nx, b, b + 4 * nx, b + 5 * nx, b + 6 * nx, col};
	}
	int nser = ns;
	if (ndfs) {
		tser[nser] = (gl_series){"DFS", ndfs, dfs_x, dfs_t, NULL, NULL, -1};
		eser[nser] = (gl_series){"DFS", ndfs, dfs_x, dfs_e, NULL, NULL, -1};
		nser++;
	}
	char f[96], ttl[160];
	snprintf(f, sizeof f, "%s-time.svg", h->file);
	snprintf(ttl, sizeof ttl, "%s: time (ms, median and min-max of %d seeds)", h->title,
		o->seeds);
	gl_report_figure(rep, f, ttl, vn[h->xvar], "milliseconds", ndfs > 0, ndfs == 0, tser,
		nser);
	snprintf(f, sizeof f, "%s-errors.svg", h->file);
	snprintf(ttl, sizeof ttl, "%s: errors 18 - F (median and min-max)", h->title);
	gl_report_figure(rep, f, ttl, vn[h->xvar], "errors", false, true, eser, nser);
	gl_free(buf);
	return 0;
}

/* The paper's own individuals (Table 3-2) and the converged one of step
 * 10, scored here: text and two exact claims. */
static int hw_individuals(hw_opts *o, gl_err *err)
{
	static const gl_action t32[10][15] = {
		{14, 4, 8, 0, 18, 17, 10, 12, 4, 6, 17, 17, 17, 14, 16},
		{0, 4, 2, 3, 7, 2, 12, 0, 3, 6, 13, 13, 14, 1, 5},
		{7, 11, 8, 12, 8, 0, 3, 9, 1, 2, 11, 13, 9, 3, 2},
		{14, 2, 1, 10, 0, 18, 17, 5, 15, 13, 4, 11, 7, 9, 6},
		{15, 18, 12, 15, 13, 17, 7, 0, 18, 15, 7, 16, 17, 2, 3},
		{10, 0, 1, 6, 3, 2, 2, 0, 5, 0, 8, 5, 2, 2, 2},
		{8, 7, 1, 8, 9, 13, 18, 13, 1, 16, 9, 7, 8, 8, 14},
		{16, 9, 2, 1, 4, 8, 7, 10, 10, 16, 4, 12, 18, 7, 13},
		{16, 5, 13, 16, 15, 8, 17, 5, 14, 0, 18, 10, 14, 13, 10},
		{17, 11, 6, 7, 8, 4, 9, 7, 12, 9, 18, 1, 1, 6, 17},
	};
	static const int t32_f[10] = {8, 5, 7, 3, 8, 9, 5, 12, 7, 7};
	static const gl_action conv[15] = {16, 9, 2, 1, 4, 8, 7, 10, 16, 4, 12, 13, 7, 11, 4};
	gl_report *rep = o->rep;
	gl_game *g = gl_game_new("swap9:limit=15", err);
	if (!g)
		return err->code;
	void *s = gl_malloc(g->state_size);
	gl_action *mv = gl_malloc(sizeof *mv * (size_t)g->max_legal);
	if (!s || !mv) {
		gl_free(s);
		gl_free(mv);
		gl_game_free(g);
		return gl_fail(err, GL_ENOMEM, "repro hwang: out of memory");
	}
	char ours[120] = "", paper[120] = "";
	int agree = 0;
	for (int i = 0; i < 10; i++) {
		g->type->start(g, s);
		int f = gl_ts_play(g, s, t32[i], 15, mv, NULL);
		agree += f == t32_f[i];
		snprintf(ours + strlen(ours), sizeof ours - strlen(ours), "%s%d", i ? ", " : "", f);
		snprintf(paper + strlen(paper), sizeof paper - strlen(paper), "%s%d", i ? ", " : "",
			t32_f[i]);
	}
	char w[200];
	snprintf(w, sizeof w, "%d of 10 agree; F = 18 - total toroidal distance from picture A "
		"as Table 3-1's swaps imply it (README)", agree);
	gl_report_printf(rep, "\nTable 3-2's initial individuals scored here: F %s (paper: %s)\n",
		ours, paper);
	gl_claims_add(o->cl, &(gl_claim){.claim = "Table 3-2: F of the ten initial individuals",
		.paper = paper, .tolerance = "each F equal to the paper's", .ours = ours, .why = w,
		.kind = GL_CLAIM_EXACT, .holds = agree == 10});
	g->type->start(g, s);
	int f = gl_ts_play(g, s, conv, 15, mv, NULL);
	char ov[64];
	snprintf(ov, sizeof ov, "F = %d", f);
	gl_report_printf(rep, "the converged individual of step 10 (Figure 3-4) scores F = %d "
		"here\n", f);
	gl_claims_add(o->cl, &(gl_claim){.claim = "the converged individual (step 10) solves "
		"the puzzle", .paper = "Figure 3-4: completed", .tolerance = "F = 18", .ours = ov,
		.why = "its 15 codes played from picture A (also a test, test_treesearch)",
		.kind = GL_CLAIM_EXACT, .holds = f == 18});
	gl_free(s);
	gl_free(mv);
	gl_game_free(g);
	return 0;
}

/* The example's one run (its seed unknown) is read as a typical run: the
 * claim holds when at least this share of the seeds do as it did. */
#define EXAMPLE_SHARE 0.5
/* The generation by which the paper's run had converged (step 10). */
enum { EXAMPLE_GEN = 8 };

/* The example run at O 5 and O 1: text, rows, a claim each. */
static int hw_example(hw_opts *o, gl_err *err)
{
	gl_report *rep = o->rep;
	/* The paper's example (section 3): depth 15, N 10, pc 0.5, 50
	 * generations; Table 3-4 shows 5 mutants (O) a generation, pm 0.1
	 * read per member gives 1 */
	gl_report_printf(rep, "\nThe paper's example (section 3, steps 1-10): depth 15, N 10, pc "
		"0.5, 50 generations;\nthe paper's run converged after %d generations to an "
		"individual that solves the puzzle\n(step 10, Figure 3-4). O = mutants a "
		"generation.\n%-26s %6s %8s %8s %-18s %-20s %s\n", EXAMPLE_GEN, "setting", "evals",
		"solved", "by gen 8", "errors med [min,max]", "found in gen med", "ms med");
	for (int k = 0; k < 2; k++) {
		int mut = k ? 0 : 5;
		double t[SEEDS_MAX], e[SEEDS_MAX], fg[SEEDS_MAX], cd[SEEDS_MAX];
		hw_out out = {.t = t, .e = e, .fg = fg, .codes = cd};
		if (ga_runs_m(o, 15, 10, 50, mut, 0, &out, err))
			return err->code;
		uint64_t ev = out.evals;
		int solved = out.solved, by8 = 0;
		for (int sd = 0; sd < o->seeds; sd++) {
			t[sd] *= 1000;
			by8 += e[sd] == 0 && fg[sd] <= EXAMPLE_GEN;
		}
		exp_summary se = exp_summarize(e, o->seeds), sf = exp_summarize(fg, o->seeds),
			st = exp_summarize(t, o->seeds);
		gl_report_printf(rep, "%-26s %6" PRIu64 " %5d/%-2d %5d/%-2d %4.1f [%2.0f,%2.0f]%7s "
			"%5.1f [%2.0f,%2.0f]%9s %.3f\n", k ? "O 1 (pm 0.1, the default)" :
			"O 5 (the paper's Table 3-4)", ev, solved, o->seeds, by8, o->seeds, se.med,
			se.min, se.max, "", sf.med, sf.min, sf.max, "", st.med);
		gl_table_cells(rep, o->csv, "%s\tga\t15\t10\t50\t%d\t%" PRIu64 "\t%.6f\t%.6f\t%.6f\t"
			"%.1f\t%.0f\t%.0f\t%.1f", k ? "example O=1" : "example O=5", o->seeds, ev,
			st.med, st.min, st.max, se.med, se.min, se.max, hw_mean(cd, o->seeds));
		char cl[120], ov[200], tol[200];
		snprintf(cl, sizeof cl, "the example run (depth 15, N 10, 50 generations), %s, "
			"solves by generation %d", k ? "O 1 (pm 0.1 per member)" : "O 5 (Table 3-4)",
			EXAMPLE_GEN);
		snprintf(ov, sizeof ov, "%d of %d seeds solve by generation %d (%d within the 50); "
			"best found in generation %.1f (median); %" PRIu64 " evaluations", by8,
			o->seeds, EXAMPLE_GEN, solved, sf.med, ev);
		snprintf(tol, sizeof tol, "share of seeds that solve by generation %d within [%.1f, "
			"1] (one run of unknown seed read as a typical one); exact binomial test",
			EXAMPLE_GEN, EXAMPLE_SHARE);
		gl_claim c = {.claim = cl, .paper = "converged after 8 generations to a solution",
			.tolerance = tol, .ours = ov,
			.why = "one run in the paper, its seed unknown"};
		gl_claim_share(&c, (uint64_t)by8, (uint64_t)o->seeds, EXAMPLE_SHARE, 1);
		gl_claims_add(o->cl, &c);
	}
	return 0;
}

/* DFS to depths 1..dfs_max (deterministic, once per depth): depth, ms,
 * errors and nodes into dx, dt, de, dn; *nd of them. */
static int hw_dfs(hw_opts *o, int dfs_max, double *dx, double *dt, double *de, double *dn,
	int *nd, gl_err *err)
{
	gl_report *rep = o->rep;
	gl_report_printf(rep, "\nDFS (every sequence of exactly D codes)\n%-6s %14s %12s %7s\n",
		"depth", "nodes", "ms", "errors");
	for (int d = 1; d <= dfs_max; d++) {
		char spec[48];
		snprintf(spec, sizeof spec, "swap9:limit=%d", d);
		gl_game *g = gl_game_new(spec, err);
		gl_ts_result r;
		if (!g)
			return err->code;
		if (gl_ts_dfs(g, d, 0, &r, err)) {
			gl_game_free(g);
			return err->code;
		}
		dx[*nd] = d;
		dt[*nd] = fmax(r.seconds * 1000, 1e-3);
		de[*nd] = r.errors;
		dn[*nd] = (double)r.nodes;
		(*nd)++;
		gl_report_printf(rep, "%-6d %14" PRIu64 " %12.3f %7d\n", d, r.nodes, r.seconds * 1000,
			r.errors);
		gl_table_cells(rep, o->csv, "dfs\tdfs\t%d\t\t\t1\t%" PRIu64 "\t%.6f\t%.6f\t%.6f\t%d\t"
			"%d\t%d\t", d, r.nodes, r.seconds * 1000, r.seconds * 1000, r.seconds * 1000,
			r.errors, r.errors, r.errors);
		gl_game_free(g);
	}
	return 0;
}

/* Fig. 4-7 at equal work: the GA (depth 15, N 35) at each DFS depth from
 * 3 on, with the generations whose codes stay within HW_WORK_SHARE of the
 * nodes DFS generated (hwang_claims.h), instead of DFS's time: a time
 * limit makes the result depend on the machine's load. A run's best never
 * gets worse and a run of G generations is the first G of a longer one
 * (same seed), so a seed solved at a smaller budget is solved at every
 * larger one without running it. Text, rows, a claim per depth. */
static int hw_equal_work(hw_opts *o, const double *dx, const double *dt, const double *de,
	const double *dn, int nd, gl_err *err)
{
	enum { D = 15, N = 35 };
	gl_report *rep = o->rep;
	gl_game *g = gl_game_new("swap9:limit=15", err);
	if (!g)
		return err->code;
	/* children a generation: one generation's evaluations past the N */
	gl_ts_ga_params p = {.depth = D, .pop = N, .gens = 1, .pc = 0.5, .pm = 0.1};
	gl_ts_result r;
	gl_rng rng;
	gl_rng_seed(&rng, o->seed);
	if (gl_ts_ga(g, &p, &rng, &r, err)) {
		gl_game_free(g);
		return err->code;
	}
	double per_gen = (double)r.evals - N;
	gl_report_printf(rep, "\nFig. 4-7 at equal work: GA depth %d, population %d, given the "
		"generations that decode at most\n%.0f%% of the nodes DFS generated to depth d "
		"(%.0f evaluations of %d codes at most a generation)\n%-6s %10s %10s %8s | %8s "
		"%-24s %s\n", D, N, 100 * HW_WORK_SHARE, per_gen, D, "depth", "DFS nodes", "DFS ms",
		"DFS err", "GA gens", "GA errors med [min,max]", "solved");
	double gx[8], gy[8], glo[8], ghi[8], fx[8], fe[8], e[SEEDS_MAX];
	bool done[SEEDS_MAX] = {false};
	double ga_s = 0, ga_codes = 0;
	int ng = 0, rc = 0;
	for (int i = 0; i < nd && !rc; i++) {
		double budget = HW_WORK_SHARE * dn[i];
		long gens = (long)floor((budget / D - N) / per_gen);
		if (dx[i] < 3 || gens < 1)
			continue;
		int solved = 0;
		for (int sd = 0; sd < o->seeds; sd++) {
			if (done[sd]) {
				e[sd] = 0;
				solved++;
				continue;
			}
			gl_rng_seed(&rng, o->seed + (uint64_t)sd);
			p.gens = (int)gens;
			if ((rc = gl_ts_ga(g, &p, &rng, &r, err)))
				break;
			e[sd] = r.errors;
			done[sd] = r.solved;
			solved += r.solved;
			ga_s += r.seconds;
			ga_codes += (double)r.nodes;
		}
		if (rc)
			break;
		exp_summary se = exp_summarize(e, o->seeds);
		gx[ng] = dx[i];
		gy[ng] = se.med;
		glo[ng] = se.min;
		ghi[ng] = se.max;
		fx[ng] = dx[i];
		fe[ng++] = de[i];
		gl_report_printf(rep, "%-6.0f %10.0f %10.3f %8.0f | %8ld %4.1f [%2.0f,%2.0f]%14s "
			"%d/%d\n", dx[i], dn[i], dt[i], de[i], gens, se.med, se.min, se.max, "", solved,
			o->seeds);
		gl_table_cells(rep, o->csv, "4-7\tga-work\t%d\t%d\t%ld\t%d\t%.0f\t\t\t\t%.1f\t"
			"%.0f\t%.0f\t", D, N, gens, o->seeds, N + gens * per_gen, se.med, se.min,
			se.max);
		hwc_equal_work(o->cl, (int)dx[i], dn[i], (int)de[i], e, o->seeds, gens, budget);
	}
	gl_game_free(g);
	if (rc)
		return rc;
	if (ng && ga_codes > 0 && nd)
		gl_report_printf(rep, "time per unit of work (reported, not judged): the GA %.1f ns "
			"a code decoded, DFS %.1f ns a node (depth %.0f)\n", 1e9 * ga_s / ga_codes,
			1e6 * dt[nd - 1] / dn[nd - 1], dx[nd - 1]);
	gl_series s47[2] = {
		{"DFS at depth x", ng, fx, fe, NULL, NULL, -1},
		{"GA depth 15, N 35, DFS's work", ng, gx, gy, glo, ghi, -1},
	};
	if (ng)
		gl_report_figure(rep, "fig4-7.svg", "Fig. 4-7: errors at equal work (x = DFS depth, "
			"whose node count bounds the GA's codes)", "DFS depth", "errors 18 - F", false,
			true, s47, 2);
	return 0;
}

/* What the paper lacks: the optimum, and the GA solving, also at IDA*'s
 * time. */
static int hw_optimum(hw_opts *o, gl_err *err)
{
	gl_report *rep = o->rep;
	gl_game *g = gl_game_new("swap9:limit=40", err);
	gl_ts_result ir;
	if (!g)
		return err->code;
	int rc = gl_ts_idastar(g, 40, 0, &ir, err);
	gl_game_free(g);
	if (rc)
		return rc;
	gl_report_printf(rep, "\nIDA* (h = ceil(total toroidal distance / 2)): optimum %d swaps "
		"from picture A, %" PRIu64 " nodes, %.3f ms; sequence:", ir.len, ir.nodes,
		ir.seconds * 1000);
	for (int i = 0; i < ir.len; i++)
		gl_report_printf(rep, " %d", ir.seq[i]);
	gl_report_printf(rep, "\n");
	gl_table_cells(rep, o->csv, "optimum\tidastar\t%d\t\t\t1\t%" PRIu64 "\t%.6f\t%.6f\t%.6f\t"
		"0\t0\t0\t", ir.len, ir.nodes, ir.seconds * 1000, ir.seconds * 1000, ir.seconds * 1000);
	static const int solve_d[] = {7, 10, 15};
	for (int i = 0; i < 3; i++) {
		static const int sg[] = {40, 200, 1000};
		for (int j = 0; j < 3; j++) {
			double t[SEEDS_MAX], e[SEEDS_MAX], cd[SEEDS_MAX];
			hw_out out = {.t = t, .e = e, .codes = cd};
			if (ga_runs(o, solve_d[i], 35, sg[j], &out, err))
				return err->code;
			int solved = out.solved;
			uint64_t ev = out.evals;
			exp_summary se = exp_summarize(e, o->seeds), st = exp_summarize(t, o->seeds);
			gl_report_printf(rep, "GA depth %2d, N 35, %4d generations: solved %2d/%d, "
				"errors med %.1f [%.0f, %.0f], %" PRIu64 " evaluations, ms med %.3f\n",
				solve_d[i], sg[j], solved, o->seeds, se.med, se.min, se.max, ev,
				st.med * 1000);
			gl_table_cells(rep, o->csv, "solve\tga\t%d\t35\t%d\t%d\t%" PRIu64 "\t%.6f\t%.6f\t"
				"%.6f\t%.1f\t%.0f\t%.0f\t%.1f", solve_d[i], sg[j], o->seeds, ev,
				st.med * 1000, st.min * 1000, st.max * 1000, se.med, se.min, se.max,
				hw_mean(cd, o->seeds));
		}
	}
	double e[SEEDS_MAX];
	hw_out out = {.e = e};
	if (ga_runs_m(o, 15, 35, 0, 0, ir.seconds > 1e-4 ? ir.seconds : 1e-4, &out, err))
		return err->code;
	int solved = out.solved;
	exp_summary se = exp_summarize(e, o->seeds);
	gl_report_printf(rep, "GA depth 15, N 35, given IDA*'s time (%.3f ms, at least 0.1 ms; "
		"time-limited): solved %d/%d, errors med %.1f [%.0f, %.0f]\n", ir.seconds * 1000,
		solved, o->seeds, se.med, se.min, se.max);
	return 0;
}

/* 8-puzzle: IDA* against the GA. */
static int hw_npuzzle(hw_opts *o, gl_err *err)
{
	static const char *np[] = {"6-4-7-8-5-0-3-2-1", "8-6-7-2-5-4-3-0-1",
		"1-2-3-4-5-6-0-7-8", "4-1-3-7-2-6-0-5-8", "", ""};
	static const char *npname[] = {"647/85_/321", "867/254/3_1", "123/456/_78",
		"413/726/_58", "random seed 1", "random seed 2"};
	gl_report *rep = o->rep;
	gl_report_printf(rep, "\n8-puzzle: IDA* (Manhattan) against the GA (depth 2 x optimum, at "
		"least 10; N 35; 200 generations; and given IDA*'s time)\n%-14s %4s %10s %9s | "
		"%-22s %-22s\n", "position", "opt", "IDA* nodes", "IDA* ms",
		"GA 200 gens: h med[min,max]", "GA at IDA* time: h");
	for (int i = 0; i < 6; i++) {
		char spec[96];
		if (np[i][0])
			snprintf(spec, sizeof spec, "npuzzle:start=%s,limit=80", np[i]);
		else
			snprintf(spec, sizeof spec, "npuzzle:seed=%d,limit=80", i - 3);
		gl_game *g = gl_game_new(spec, err);
		gl_ts_result ir;
		if (!g)
			return err->code;
		if (gl_ts_idastar(g, 80, 0, &ir, err))
			goto fail;
		int depth = 2 * ir.len < 10 ? 10 : 2 * ir.len;
		double e1[SEEDS_MAX], e2[SEEDS_MAX];
		int s1 = 0, s2 = 0;
		for (int pass = 0; pass < 2; pass++)
			for (int sd = 0; sd < o->seeds; sd++) {
				gl_rng rng;
				gl_rng_seed(&rng, o->seed + (uint64_t)sd);
				gl_ts_ga_params p = {.depth = depth, .pop = 35, .gens = pass ? 0 : 200,
					.pc = 0.5, .pm = 0.1,
					.seconds = pass ? (ir.seconds > 1e-4 ? ir.seconds : 1e-4) : 0};
				gl_ts_result r;
				if (gl_ts_ga(g, &p, &rng, &r, err))
					goto fail;
				(pass ? e2 : e1)[sd] = r.errors;
				*(pass ? &s2 : &s1) += r.solved;
			}
		exp_summary a = exp_summarize(e1, o->seeds), b = exp_summarize(e2, o->seeds);
		gl_report_printf(rep, "%-14s %4d %10" PRIu64 " %9.3f | %4.1f [%2.0f,%2.0f] solved %2d  "
			"%4.1f [%2.0f,%2.0f] solved %2d\n", npname[i], ir.len, ir.nodes,
			ir.seconds * 1000, a.med, a.min, a.max, s1, b.med, b.min, b.max, s2);
		gl_table_cells(rep, o->csv, "8puzzle %s\tidastar\t%d\t\t\t1\t%" PRIu64 "\t%.6f\t%.6f\t"
			"%.6f\t0\t0\t0\t", npname[i], ir.len, ir.nodes, ir.seconds * 1000,
			ir.seconds * 1000, ir.seconds * 1000);
		gl_table_cells(rep, o->csv, "8puzzle %s\tga\t%d\t35\t200\t%d\t\t\t\t\t%.1f\t%.0f\t"
			"%.0f\t", npname[i], depth, o->seeds, a.med, a.min, a.max);
		gl_game_free(g);
		continue;
fail:
		gl_game_free(g);
		return err->code;
	}
	return 0;
}

static const gl_option hwang_opts[] = {
	{"out", "DIR", "repro-hwang", "where the CSV and SVG go", 0},
	{"seeds", "N", "50", "runs per setting", 0},
	{"seed", "S", "1", "the first run's seed (run k has S + k - 1)", 0},
	{"dfs-max", "D", "6", "deepest exhaustive DFS", 0},
	{"quick", NULL, NULL, "fewer settings (DFS to depth 4 at most)", 0},
	{"threads", "T", "1", "GA runs at once (and under mpirun, on every rank); more than 1 shares the cores the times are measured on", 0},
	{NULL, NULL, NULL, NULL, 0}
};

static void hw_grid_free(hw_grid *g)
{
	gl_free(g->err);
	gl_free(g->codes);
	g->err = g->codes = NULL;
}

/* The claims of figures 4-1 to 4-6 from their grids (gr[0] 4-1/4-3, [1]
 * 4-2, [2] 4-4, [3] 4-5, [4] 4-6) and DFS's nd depths. */
static void hw_figure_claims(hw_opts *o, const hw_grid *gr, const double *dx,
	const double *dt, const double *de, const double *dn, int nd)
{
	double dfs_err[16] = {0};
	for (int i = 0; i < nd; i++)
		dfs_err[(int)dx[i]] = de[i];
	hwc_dfs_exponential(o->cl, dx, dn, dt, nd);
	hwc_linear(o->cl, &gr[0], "4-1", "depth", "N");
	for (int k = 0; k < gr[0].ns; k++)
		hwc_fall_x(o->cl, &gr[0], k, "4-3", "depth", "N");
	for (int k = 0; k < gr[0].ns; k++)
		hwc_no_worse(o->cl, &gr[0], k, dfs_err, nd);
	hwc_linear(o->cl, &gr[1], "4-2", "population", "depth");
	hwc_linear(o->cl, &gr[2], "4-4", "depth", "G");
	hwc_linear(o->cl, &gr[3], "4-5", "generations", "depth");
	for (int k = 0; k < gr[4].ns; k++)
		hwc_fall_x(o->cl, &gr[4], k, "4-6", "depth", "G");
	hwc_fall_series(o->cl, &gr[4], "4-6", "G");
}

static int hwang_run(const gl_exp_args *a, const gl_exp_env *env, gl_report *rep,
	gl_err *err)
{
	long seeds, dfs_max, seed;
	if (gl_exp_long(a, "repro hwang", "seeds", 1, SEEDS_MAX, &seeds, err) ||
	    gl_exp_long(a, "repro hwang", "seed", 0, INT64_MAX, &seed, err) ||
	    gl_exp_long(a, "repro hwang", "dfs-max", 1, 8, &dfs_max, err))
		return GL_EINVAL;
	if (gl_exp_given(a, "quick") && dfs_max > 4)
		dfs_max = 4;
	hw_opts *o = gl_calloc(1, sizeof *o);
	gl_claims cl;
	gl_claims_init(&cl);
	if (!o)
		return gl_fail(err, GL_ENOMEM, "repro hwang: out of memory");
	*o = (hw_opts){env, rep, (int)seeds, (uint64_t)seed, NULL, &cl, {{0}}};
	o->csv = gl_report_table(rep, "hwang.csv", "figure,method,depth,pop,gens,seeds,"
		"evaluations,ms_median,ms_min,ms_max,errors_median,errors_min,errors_max,"
		"codes_mean");
	gl_report_printf(rep, "Hwang, Hong and Lin on swap9 (picture A: 4 6 3 / 7 8 2 / 1 9 5, "
		"start F = 7).\nGA: pc 0.5, pm 0.1, %d seeds (%" PRIu64 "..%" PRIu64 ", --seed %"
		PRIu64 "); times are wall-clock on this machine,\nGA runs without a time limit "
		"(generations only) unless marked. Times below a\nmillisecond are noise on a "
		"shared machine: the counts of work (GA: codes decoded,\nmean over the seeds; DFS: "
		"nodes) are the machine-free measure the claims of time\nare judged on.\n",
		o->seeds, o->seed, o->seed + (uint64_t)o->seeds - 1, o->seed);
	double dx[8], dt[8], de[8], dn[8];
	int nd = 0, rc;
	static const int depths[] = {3, 6, 9, 12, 15};
	static const int alld[] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
	static const int pops[] = {10, 15, 20, 25, 30, 35};
	static const int gens4[] = {10, 20, 30, 40};
	static const int gens6[] = {10, 15, 20, 25, 30, 35};
	static const hw_fig figs[] = {
		{"fig4-1-3", "Fig. 4-1/4-3: GA (40 generations) against depth, per population",
		 VAR_DEPTH, alld, 13, VAR_POP, pops, 6, 0, 40, "4-1/4-3"},
		{"fig4-2", "Fig. 4-2: GA (40 generations) against population, per depth",
		 VAR_POP, pops, 6, VAR_DEPTH, depths, 5, 0, 40, "4-2"},
		{"fig4-4", "Fig. 4-4: GA (population 35) against depth, per generations",
		 VAR_DEPTH, alld, 13, VAR_GENS, gens4, 4, 35, 0, "4-4"},
		{"fig4-5", "Fig. 4-5: GA (population 35) against generations, per depth",
		 VAR_GENS, gens6, 6, VAR_DEPTH, depths, 5, 35, 0, "4-5"},
		{"fig4-6", "Fig. 4-6: GA (population 35) errors against depth, per generations",
		 VAR_DEPTH, alld, 13, VAR_GENS, gens6, 6, 35, 0, "4-6"},
	};
	hw_grid gr[5] = {{0}};
	if ((rc = hw_individuals(o, err)) || (rc = hw_example(o, err)) ||
	    (rc = hw_dfs(o, (int)dfs_max, dx, dt, de, dn, &nd, err)))
		goto done;
	for (int f = 0; f < 5; f++)
		if ((rc = hw_figure(o, &figs[f], f ? NULL : dx, f ? NULL : dt, f ? NULL : de,
				f ? 0 : nd, &gr[f], err)))
			goto done;
	hw_figure_claims(o, gr, dx, dt, de, dn, nd);
	if ((rc = hw_equal_work(o, dx, dt, de, dn, nd, err)) || (rc = hw_optimum(o, err)) ||
	    (rc = hw_npuzzle(o, err)))
		goto done;
	gl_table *vt = gl_claims_judge(&cl, rep);
	gl_report_printf(rep, "\nThe paper's claims (verdicts.csv: the tolerance, what we "
		"measured, the why):\n");
	for (int i = 0; i < cl.n; i++)
		gl_report_printf(rep, "  %-12s %s\n", gl_verdict_word(gl_claims_verdict(&cl, i)),
			vt ? gl_table_cell(vt, i, 0) : "");
	gl_report_printf(rep, "\nwrote %s/hwang.csv, verdicts.csv and fig4-*.svg\n", env->dir);
	rc = gl_report_check(rep, err);
done:
	for (int f = 0; f < 5; f++)
		hw_grid_free(&gr[f]);
	gl_claims_done(&cl);
	gl_free(o);
	return rc;
}

const gl_experiment_type gl_exp_hwang = {
	.name = "hwang",
	.summary = "Hwang-Hong-Lin genetic game-tree search on swap9, npuzzle",
	.paper = "K.-Y. Hwang, T.-P. Hong, W.-Y. Lin, \"A Study on Applying Genetic Algorithms "
		"to Game Search Trees\"",
	.seeds = "GA seeds --seed .. --seed + --seeds - 1 (1..50); DFS and IDA* "
		"deterministic; times on this machine (no verdict rests on one)",
	.opts = hwang_opts,
	.quick = "--seeds 2 --quick",
	.run = hwang_run,
};
