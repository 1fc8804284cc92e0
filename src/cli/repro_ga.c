/*
 * repro_ga.c - `gamelearn repro hwang`: Hwang, Hong and Lin's experiments
 * (section 4, figures 4-1 to 4-7) on swap9: GA time and errors against
 * depth, population and generations, DFS time and errors against depth,
 * GA against DFS at equal time; with IDA*'s optimum beside them, and the
 * same searches on the 8-puzzle (the two hardest 31-move positions).
 * (`repro ga-nim` is the library's experiment, src/exp/ga_nim.c.)
 *
 * Times are wall-clock on this machine and vary from run to run; every
 * other figure is fixed by the seeds.
 */
#include "cli.h"
#include "report.h"

#include "gamelearn/agent.h"
#include "gamelearn/stats.h"
#include "gamelearn/treesearch.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SEEDS_MAX = 100 };

typedef struct summary {
	double min, med, max, mean;
} summary;

static int dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static summary summarize(const double *v, int n)
{
	double t[SEEDS_MAX];
	summary s = {0, 0, 0, 0};
	if (n <= 0)
		return s;
	memcpy(t, v, (size_t)n * sizeof *t);
	qsort(t, (size_t)n, sizeof *t, dcmp);
	s.min = t[0];
	s.max = t[n - 1];
	s.med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
	for (int i = 0; i < n; i++)
		s.mean += t[i];
	s.mean /= n;
	return s;
}

/* ============================ hwang ====================================== */

typedef struct hw_opts {
	const char *out;
	int seeds;
	bool quick;
	int threads; /* runs at once */
} hw_opts;

/* GA runs on swap9 at depth D, pop N, G generations, `mutants` mutants a
 * generation (0: from pm 0.1), for every seed: seconds, errors and the
 * generation that found the best into t[], e[], fg[] (may be NULL); the
 * fitness evaluations of a run (the same for every seed without a time
 * limit; the last run's) into *evals (may be NULL). */
/* The seeds of ga_runs_m as pieces of work (work.h): seed sd + 1's run
 * into r[sd]. */
typedef struct hw_job {
	const gl_game *g;
	const gl_ts_ga_params *p;
	gl_ts_result *r;
} hw_job;

static void hw_piece(void *arg, int sd, int worker)
{
	(void)worker;
	hw_job *j = arg;
	gl_rng rng;
	gl_rng_seed(&rng, (uint64_t)sd + 1);
	gl_err err = {0};
	if (gl_ts_ga(j->g, j->p, &rng, &j->r[sd], &err))
		cli_die(EXIT_RUN, "repro hwang: %s", err.msg);
}

static size_t hw_get(void *arg, int sd, const void **bytes)
{
	hw_job *j = arg;
	*bytes = &j->r[sd];
	return sizeof j->r[sd];
}

static int hw_put(void *arg, int sd, const void *bytes, size_t size, gl_err *err)
{
	hw_job *j = arg;
	if (size != sizeof j->r[sd])
		return gl_fail(err, GL_EINVAL, "hwang run %d: %zu bytes", sd, size);
	memcpy(&j->r[sd], bytes, size);
	return 0;
}

static void ga_runs_m(int depth, int pop, int gens, int mutants, double seconds, int seeds,
	int threads, double *t, double *e, double *fg, int *solved, uint64_t *evals)
{
	char spec[48];
	snprintf(spec, sizeof spec, "swap9:limit=%d", depth);
	gl_game *g = cli_game(spec);
	gl_ts_ga_params p = {.depth = depth, .pop = pop, .gens = gens, .pc = 0.5, .pm = 0.1,
		.mutants = mutants, .seconds = seconds};
	gl_ts_result r[SEEDS_MAX];
	hw_job j = {g, &p, r};
	cli_pool pool;
	cli_pool_init(&pool, threads, NULL);
	gl_pieces pc = {seeds, hw_piece, hw_get, hw_put, &j, false};
	gl_err err = {0};
	if (gl_run_pieces(&pool.runner, &pc, &err))
		cli_die(EXIT_RUN, "repro hwang: %s", err.msg);
	if (solved)
		*solved = 0;
	for (int sd = 0; sd < seeds; sd++) {
		t[sd] = r[sd].seconds;
		e[sd] = r[sd].errors;
		if (fg)
			fg[sd] = r[sd].found_gen;
		if (solved)
			*solved += r[sd].solved;
		if (evals)
			*evals = r[sd].evals;
	}
	gl_game_free(g);
}

static void ga_runs(int depth, int pop, int gens, double seconds, int seeds,
	int threads, double *t, double *e, int *solved, uint64_t *evals)
{
	ga_runs_m(depth, pop, gens, 0, seconds, seeds, threads, t, e, NULL, solved, evals);
}

/* One figure "y against x for several series" from GA runs. The series
 * vary s_vals (population or generations), x varies x_vals (depth,
 * population or generations); which says which is which. */
enum { VAR_DEPTH, VAR_POP, VAR_GENS };

static void hw_figure(const hw_opts *o, const char *file, const char *title,
	int xvar, const int *xv, int nx, int svar, const int *sv, int ns,
	int fixed_pop, int fixed_gens, gl_strbuf *csv, const char *fig,
	double *dfs_x, double *dfs_t, double *dfs_e, int ndfs)
{
	/* storage: per series: x, y time (med,lo,hi), y errors (med,lo,hi) */
	double *buf = gl_malloc(sizeof(double) * (size_t)(ns + 1) * (size_t)nx * 7);
	plot_series tser[8], eser[8];
	char names[8][32];
	if (!buf || ns > 7)
		cli_die(EXIT_RUN, "repro hwang: out of memory");
	static const char *vn[3] = {"depth", "population", "generations"};
	printf("\n%s\n%-12s", title, vn[xvar]);
	for (int k = 0; k < ns; k++)
		printf(" | %s %-3d evals  ms med [min,max]  err med [min,max]", svar == VAR_POP ? "N" :
			svar == VAR_GENS ? "G" : "D", sv[k]);
	printf("\n");
	for (int i = 0; i < nx; i++) {
		printf("%-12d", xv[i]);
		for (int k = 0; k < ns; k++) {
			int depth = 15, pop = fixed_pop, gens = fixed_gens;
			int *vars[3] = {&depth, &pop, &gens};
			*vars[xvar] = xv[i];
			*vars[svar] = sv[k];
			double t[SEEDS_MAX], e[SEEDS_MAX];
			uint64_t ev = 0;
			ga_runs(depth, pop, gens, 0, o->seeds, o->threads, t, e, NULL, &ev);
			for (int sd = 0; sd < o->seeds; sd++)
				t[sd] *= 1000;
			summary st = summarize(t, o->seeds), se = summarize(e, o->seeds);
			double *b = buf + (size_t)k * nx * 7;
			b[i] = xv[i];
			b[nx + i] = st.med;
			b[2 * nx + i] = st.min;
			b[3 * nx + i] = st.max;
			b[4 * nx + i] = se.med;
			b[5 * nx + i] = se.min;
			b[6 * nx + i] = se.max;
			printf(" | %5" PRIu64 " %7.3f [%6.3f,%7.3f]  %4.1f [%2.0f,%2.0f]        ", ev,
				st.med, st.min, st.max, se.med, se.min, se.max);
			gl_strbuf_printf(csv, "%s,ga,%d,%d,%d,%d,%" PRIu64 ",%.6f,%.6f,%.6f,%.1f,%.0f,%.0f\n",
				fig, depth, pop, gens, o->seeds, ev, st.med, st.min, st.max, se.med, se.min,
				se.max);
		}
		printf("\n");
	}
	const char *cols[8] = {NULL};
	for (int k = 0; k < ns; k++) {
		double *b = buf + (size_t)k * nx * 7;
		snprintf(names[k], sizeof names[k], "GA %s = %d", svar == VAR_POP ? "N" :
			svar == VAR_GENS ? "G" : "D", sv[k]);
		/* a value's colour is the same in every figure: its place among
		 * the values the figures use (N and G 10, 15, ...; D 3, 6, ...) */
		cols[k] = report_palette(svar == VAR_DEPTH ? (sv[k] - 3) / 3 : (sv[k] - 10) / 5);
		tser[k] = (plot_series){names[k], nx, b, b + nx, b + 2 * nx, b + 3 * nx};
		eser[k] = (plot_series){names[k], nx, b, b + 4 * nx, b + 5 * nx, b + 6 * nx};
	}
	int nser = ns;
	if (ndfs) {
		tser[nser] = (plot_series){"DFS", ndfs, dfs_x, dfs_t, NULL, NULL};
		eser[nser] = (plot_series){"DFS", ndfs, dfs_x, dfs_e, NULL, NULL};
		nser++;
	}
	char f[96], ttl[160];
	snprintf(f, sizeof f, "%s-time.svg", file);
	snprintf(ttl, sizeof ttl, "%s: time (ms, median and min-max of %d seeds)", title, o->seeds);
	plot_spec ps = {ttl, vn[xvar], "milliseconds", ndfs > 0, ndfs == 0};
	report_plot_coloured(o->out, f, &ps, tser, nser, cols);
	snprintf(f, sizeof f, "%s-errors.svg", file);
	snprintf(ttl, sizeof ttl, "%s: errors 18 - F (median and min-max)", title);
	plot_spec pe = {ttl, vn[xvar], "errors", false, true};
	report_plot_coloured(o->out, f, &pe, eser, nser, cols);
	gl_free(buf);
}

static const cli_opt hwang_opts[] = {
	{"out", "DIR", "repro-hwang", "where the CSV and SVG go", 0},
	{"seeds", "N", "10", "runs per setting", 0},
	{"dfs-max", "D", "6", "deepest exhaustive DFS", 0},
	{"quick", NULL, NULL, "fewer settings (DFS to depth 4 at most)", 0},
	{"threads", "T", "1", "GA runs at once (and under mpirun, on every rank); more than 1 shares the cores the times are measured on", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_repro_hwang_spec = {
	"repro hwang", "", 0, 0,
	"Hwang-Hong-Lin genetic game-tree search on swap9, npuzzle", hwang_opts,
	{"gamelearn repro hwang --out out/hwang", "gamelearn repro hwang --quick"}
};

int repro_hwang(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_repro_hwang_spec, argc, argv, &opt);
	hw_opts o = {cli_str(&opt, "out"), (int)cli_long(&opt, "seeds", 1, SEEDS_MAX),
		cli_given(&opt, "quick"), (int)cli_long(&opt, "threads", 1, CLI_THREADS_MAX)};
	int dfs_max = (int)cli_long(&opt, "dfs-max", 1, 8);
	if (o.quick && dfs_max > 4)
		dfs_max = 4;
	report_mkdir(o.out);
	gl_strbuf csv;
	gl_strbuf_init(&csv);
	gl_strbuf_printf(&csv, "figure,method,depth,pop,gens,seeds,evaluations,ms_median,ms_min,"
		"ms_max,errors_median,errors_min,errors_max\n");
	printf("Hwang, Hong and Lin on swap9 (picture A: 4 6 3 / 7 8 2 / 1 9 5, start F = 7).\n"
		"GA: pc 0.5, pm 0.1, %d seeds (1..%d); times are wall-clock on this machine,\n"
		"GA runs without a time limit (generations only) unless marked. Times below a\n"
		"millisecond are noise on a shared machine: the evaluation counts (GA: fitness\n"
		"evaluations; DFS: nodes) are the machine-free measure of work.\n", o.seeds, o.seeds);

	/* The paper's example (section 3): depth 15, N 10, pc 0.5, 50
	 * generations; Table 3-4 shows 5 mutants (O) a generation, pm 0.1
	 * read per member gives 1 */
	printf("\nThe paper's example (section 3, steps 1-10): depth 15, N 10, pc 0.5, 50 generations;\n"
		"the paper's run converged after 8 generations to an individual that solves the puzzle\n"
		"(step 10, Figure 3-4). O = mutants a generation.\n"
		"%-26s %6s %8s %-18s %-20s %s\n", "setting", "evals", "solved", "errors med [min,max]",
		"found in gen med", "ms med");
	gl_strbuf vd;
	report_verdicts_init(&vd);
	{
		/* the paper's own individuals, scored here */
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
		gl_game *g = cli_game("swap9:limit=15");
		void *s = cli_state(g);
		gl_action *mv = cli_moves(g);
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
		printf("\nTable 3-2's initial individuals scored here: F %s (paper: %s)\n", ours, paper);
		report_verdict(&vd, "Table 3-2: F of the ten initial individuals", paper, ours,
			agree == 10 ? "reproduced" : "differs", w);
		g->type->start(g, s);
		int f = gl_ts_play(g, s, conv, 15, mv, NULL);
		char ov[64];
		snprintf(ov, sizeof ov, "F = %d", f);
		printf("the converged individual of step 10 (Figure 3-4) scores F = %d here\n", f);
		report_verdict(&vd, "the converged individual (step 10) solves the puzzle",
			"Figure 3-4: completed", ov, f == 18 ? "reproduced" : "fails",
			"its 15 codes played from picture A (also a test, test_treesearch)");
		gl_free(s);
		gl_free(mv);
		gl_game_free(g);
	}
	for (int k = 0; k < 2; k++) {
		int mut = k ? 0 : 5;
		double t[SEEDS_MAX], e[SEEDS_MAX], fg[SEEDS_MAX];
		int solved;
		uint64_t ev = 0;
		ga_runs_m(15, 10, 50, mut, 0, o.seeds, o.threads, t, e, fg, &solved, &ev);
		for (int sd = 0; sd < o.seeds; sd++)
			t[sd] *= 1000;
		summary se = summarize(e, o.seeds), sf = summarize(fg, o.seeds),
			st = summarize(t, o.seeds);
		printf("%-26s %6" PRIu64 " %5d/%-2d %4.1f [%2.0f,%2.0f]%7s %5.1f [%2.0f,%2.0f]%9s %.3f\n",
			k ? "O 1 (pm 0.1, the default)" : "O 5 (the paper's Table 3-4)", ev, solved,
			o.seeds, se.med, se.min, se.max, "", sf.med, sf.min, sf.max, "", st.med);
		gl_strbuf_printf(&csv, "%s,ga,15,10,50,%d,%" PRIu64 ",%.6f,%.6f,%.6f,%.1f,%.0f,%.0f\n",
			k ? "example O=1" : "example O=5", o.seeds, ev, st.med, st.min, st.max, se.med,
			se.min, se.max);
		char cl[96], ov[160];
		snprintf(cl, sizeof cl, "the example run (depth 15, N 10, 50 generations), %s",
			k ? "O 1 (pm 0.1 per member)" : "O 5 (Table 3-4)");
		snprintf(ov, sizeof ov, "solved %d of %d seeds; best found in generation %.1f "
			"(median); %" PRIu64 " evaluations", solved, o.seeds, sf.med, ev);
		report_verdict(&vd, cl, "converged after 8 generations to a solution", ov,
			2 * solved >= o.seeds ? "reproduced" : "differs",
			"one run in the paper, its seed unknown; here the share of seeds that solve");
	}

	/* DFS: deterministic, once per depth */
	double dx[8], dt[8], de[8];
	int nd = 0;
	printf("\nDFS (every sequence of exactly D codes)\n%-6s %14s %12s %7s\n", "depth", "nodes",
		"ms", "errors");
	for (int d = 1; d <= dfs_max; d++) {
		char spec[48];
		snprintf(spec, sizeof spec, "swap9:limit=%d", d);
		gl_game *g = cli_game(spec);
		gl_ts_result r;
		gl_err err = {0};
		if (gl_ts_dfs(g, d, 0, &r, &err))
			cli_die(EXIT_RUN, "repro hwang: %s", err.msg);
		dx[nd] = d;
		dt[nd] = fmax(r.seconds * 1000, 1e-3);
		de[nd] = r.errors;
		nd++;
		printf("%-6d %14" PRIu64 " %12.3f %7d\n", d, r.nodes, r.seconds * 1000, r.errors);
		gl_strbuf_printf(&csv, "dfs,dfs,%d,,,1,%" PRIu64 ",%.6f,%.6f,%.6f,%d,%d,%d\n", d,
			r.nodes, r.seconds * 1000, r.seconds * 1000, r.seconds * 1000, r.errors, r.errors, r.errors);
		gl_game_free(g);
	}

	static const int depths[] = {3, 6, 9, 12, 15};
	static const int alld[] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
	static const int pops[] = {10, 15, 20, 25, 30, 35};
	static const int gens4[] = {10, 20, 30, 40};
	static const int gens6[] = {10, 15, 20, 25, 30, 35};
	hw_figure(&o, "fig4-1-3", "Fig. 4-1/4-3: GA (40 generations) against depth, per population",
		VAR_DEPTH, alld, 13, VAR_POP, pops, 6, 0, 40, &csv, "4-1/4-3", dx, dt, de, nd);
	hw_figure(&o, "fig4-2", "Fig. 4-2: GA (40 generations) against population, per depth",
		VAR_POP, pops, 6, VAR_DEPTH, depths, 5, 0, 40, &csv, "4-2", NULL, NULL, NULL, 0);
	hw_figure(&o, "fig4-4", "Fig. 4-4: GA (population 35) against depth, per generations",
		VAR_DEPTH, alld, 13, VAR_GENS, gens4, 4, 35, 0, &csv, "4-4", NULL, NULL, NULL, 0);
	hw_figure(&o, "fig4-5", "Fig. 4-5: GA (population 35) against generations, per depth",
		VAR_GENS, gens6, 6, VAR_DEPTH, depths, 5, 35, 0, &csv, "4-5", NULL, NULL, NULL, 0);
	hw_figure(&o, "fig4-6", "Fig. 4-6: GA (population 35) errors against depth, per generations",
		VAR_DEPTH, alld, 13, VAR_GENS, gens6, 6, 35, 0, &csv, "4-6", NULL, NULL, NULL, 0);

	/* Fig. 4-7: GA (depth 15, population 35) given DFS's time at each depth */
	printf("\nFig. 4-7: equal time. GA depth 15, population 35, given the time DFS took "
		"(time-limited: not reproducible)\n%-6s %10s %10s | %-26s %s\n", "depth", "DFS ms",
		"DFS err", "GA errors med [min,max]", "GA generations");
	double gx[8], gy[8], glo[8], ghi[8];
	for (int i = 0; i < nd; i++) {
		char spec[48];
		snprintf(spec, sizeof spec, "swap9:limit=15");
		gl_game *g = cli_game(spec);
		double e[SEEDS_MAX], gn[SEEDS_MAX];
		for (int sd = 0; sd < o.seeds; sd++) {
			gl_rng rng;
			gl_rng_seed(&rng, (uint64_t)sd + 1);
			gl_ts_ga_params p = {.depth = 15, .pop = 35, .gens = 0, .pc = 0.5, .pm = 0.1,
				.seconds = dt[i] / 1000};
			gl_ts_result r;
			gl_err err = {0};
			if (gl_ts_ga(g, &p, &rng, &r, &err))
				cli_die(EXIT_RUN, "repro hwang: %s", err.msg);
			e[sd] = r.errors;
			gn[sd] = r.gens;
		}
		summary se = summarize(e, o.seeds), sg = summarize(gn, o.seeds);
		gx[i] = dx[i];
		gy[i] = se.med;
		glo[i] = se.min;
		ghi[i] = se.max;
		printf("%-6.0f %10.3f %10.0f | %4.1f [%2.0f,%2.0f]%16s %.0f [%.0f, %.0f]\n", dx[i], dt[i],
			de[i], se.med, se.min, se.max, "", sg.med, sg.min, sg.max);
		gl_strbuf_printf(&csv, "4-7,ga-timed,15,35,,%d,,%.6f,%.6f,%.6f,%.1f,%.0f,%.0f\n",
			o.seeds, dt[i], dt[i], dt[i], se.med, se.min, se.max);
		gl_game_free(g);
	}
	{
		int better = 0, worse = 0;
		for (int i = 0; i < nd; i++) {
			better += gy[i] < de[i];
			worse += gy[i] > de[i];
		}
		char ov[160];
		snprintf(ov, sizeof ov, "GA's median errors below DFS's at %d of %d depths, above at %d "
			"(time-limited)", better, nd, worse);
		report_verdict(&vd, "at equal time the GA beats depth-first search (Fig. 4-7)",
			"the GA's result is better", ov, worse == 0 && better > 0 ? "reproduced" :
			better > worse ? "differs" : "fails",
			"the GA (depth 15, N 35) given the time DFS took to depth d; times on this machine");
	}
	plot_series s47[2] = {
		{"DFS at depth x", nd, dx, de, NULL, NULL},
		{"GA depth 15, N 35, DFS's time", nd, gx, gy, glo, ghi},
	};
	plot_spec p47 = {"Fig. 4-7: errors at equal time (x = DFS depth, whose time both get)",
		"DFS depth", "errors 18 - F", false, true};
	report_plot(o.out, "fig4-7.svg", &p47, s47, 2);

	/* What the paper lacks: the optimum, and the GA at IDA*'s time */
	gl_game *g = cli_game("swap9:limit=40");
	gl_ts_result ir;
	gl_err err = {0};
	if (gl_ts_idastar(g, 40, 0, &ir, &err))
		cli_die(EXIT_RUN, "repro hwang: %s", err.msg);
	printf("\nIDA* (h = ceil(total toroidal distance / 2)): optimum %d swaps from picture A, "
		"%" PRIu64 " nodes, %.3f ms; sequence:", ir.len, ir.nodes, ir.seconds * 1000);
	for (int i = 0; i < ir.len; i++)
		printf(" %d", ir.seq[i]);
	printf("\n");
	gl_strbuf_printf(&csv, "optimum,idastar,%d,,,1,%" PRIu64 ",%.6f,%.6f,%.6f,0,0,0\n", ir.len,
		ir.nodes, ir.seconds * 1000, ir.seconds * 1000, ir.seconds * 1000);
	gl_game_free(g);
	static const int solve_d[] = {7, 10, 15};
	for (int i = 0; i < 3; i++) {
		static const int sg[] = {40, 200, 1000};
		for (int j = 0; j < 3; j++) {
			double t[SEEDS_MAX], e[SEEDS_MAX];
			int solved;
			uint64_t ev = 0;
			ga_runs(solve_d[i], 35, sg[j], 0, o.seeds, o.threads, t, e, &solved, &ev);
			summary se = summarize(e, o.seeds), st = summarize(t, o.seeds);
			printf("GA depth %2d, N 35, %4d generations: solved %2d/%d, errors med %.1f "
				"[%.0f, %.0f], %" PRIu64 " evaluations, ms med %.3f\n", solve_d[i], sg[j],
				solved, o.seeds, se.med, se.min, se.max, ev, st.med * 1000);
			gl_strbuf_printf(&csv, "solve,ga,%d,35,%d,%d,%" PRIu64 ",%.6f,%.6f,%.6f,%.1f,%.0f,%.0f\n",
				solve_d[i], sg[j], o.seeds, ev, st.med * 1000, st.min * 1000, st.max * 1000,
				se.med, se.min, se.max);
		}
	}
	{
		double t[SEEDS_MAX], e[SEEDS_MAX];
		int solved;
		ga_runs(15, 35, 0, ir.seconds > 1e-4 ? ir.seconds : 1e-4, o.seeds, o.threads, t, e,
			&solved, NULL);
		summary se = summarize(e, o.seeds);
		printf("GA depth 15, N 35, given IDA*'s time (%.3f ms, at least 0.1 ms; time-limited): "
			"solved %d/%d, errors med %.1f [%.0f, %.0f]\n", ir.seconds * 1000, solved, o.seeds,
			se.med, se.min, se.max);
	}

	/* 8-puzzle: IDA* against the GA */
	static const char *np[] = {"6-4-7-8-5-0-3-2-1", "8-6-7-2-5-4-3-0-1",
		"1-2-3-4-5-6-0-7-8", "4-1-3-7-2-6-0-5-8", "", ""};
	static const char *npname[] = {"647/85_/321", "867/254/3_1", "123/456/_78",
		"413/726/_58", "random seed 1", "random seed 2"};
	printf("\n8-puzzle: IDA* (Manhattan) against the GA (depth 2 x optimum, at least 10; "
		"N 35; 200 generations; and given IDA*'s time)\n%-14s %4s %10s %9s | %-22s %-22s\n",
		"position", "opt", "IDA* nodes", "IDA* ms", "GA 200 gens: h med[min,max]",
		"GA at IDA* time: h");
	for (int i = 0; i < 6; i++) {
		char spec[96];
		if (np[i][0])
			snprintf(spec, sizeof spec, "npuzzle:start=%s,limit=80", np[i]);
		else
			snprintf(spec, sizeof spec, "npuzzle:seed=%d,limit=80", i - 3);
		g = cli_game(spec);
		if (gl_ts_idastar(g, 80, 0, &ir, &err))
			cli_die(EXIT_RUN, "repro hwang: %s", err.msg);
		int depth = 2 * ir.len < 10 ? 10 : 2 * ir.len;
		double e1[SEEDS_MAX], e2[SEEDS_MAX];
		int s1 = 0, s2 = 0;
		for (int pass = 0; pass < 2; pass++)
			for (int sd = 0; sd < o.seeds; sd++) {
				gl_rng rng;
				gl_rng_seed(&rng, (uint64_t)sd + 1);
				gl_ts_ga_params p = {.depth = depth, .pop = 35, .gens = pass ? 0 : 200,
					.pc = 0.5, .pm = 0.1,
					.seconds = pass ? (ir.seconds > 1e-4 ? ir.seconds : 1e-4) : 0};
				gl_ts_result r;
				if (gl_ts_ga(g, &p, &rng, &r, &err))
					cli_die(EXIT_RUN, "repro hwang: %s", err.msg);
				(pass ? e2 : e1)[sd] = r.errors;
				*(pass ? &s2 : &s1) += r.solved;
			}
		summary a = summarize(e1, o.seeds), b = summarize(e2, o.seeds);
		printf("%-14s %4d %10" PRIu64 " %9.3f | %4.1f [%2.0f,%2.0f] solved %2d  %4.1f [%2.0f,%2.0f] "
			"solved %2d\n", npname[i], ir.len, ir.nodes, ir.seconds * 1000, a.med, a.min, a.max,
			s1, b.med, b.min, b.max, s2);
		gl_strbuf_printf(&csv, "8puzzle %s,idastar,%d,,,1,%" PRIu64 ",%.6f,%.6f,%.6f,0,0,0\n",
			npname[i], ir.len, ir.nodes, ir.seconds * 1000, ir.seconds * 1000, ir.seconds * 1000);
		gl_strbuf_printf(&csv, "8puzzle %s,ga,%d,35,200,%d,,,,,%.1f,%.0f,%.0f\n", npname[i],
			depth, o.seeds, a.med, a.min, a.max);
		gl_game_free(g);
	}
	report_write(o.out, "verdicts.csv", &vd);
	gl_strbuf_done(&vd);
	report_write(o.out, "hwang.csv", &csv);
	gl_strbuf_done(&csv);
	printf("\nwrote %s/hwang.csv and fig4-*.svg\n", o.out);
	return 0;
}
