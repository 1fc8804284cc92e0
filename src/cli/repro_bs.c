/*
 * repro_bs.c - `gamelearn repro banerjee-stone`: the experiments of
 * Banerjee and Stone 2007 (section 4), and the short transfer run of the
 * demo.
 *
 *   1. Source: a td learner (baseline) learns tic-tac-toe against egreedy,
 *      random and weak; the visit-weighted values of the lookahead features
 *      over its visited afterstates, pooled over the runs, give Table 1 and
 *      are saved per opponent (features-tictactoe-OPP.txt in --out).
 *   2. Figures 3-5: baseline, transfer and lookahead td learners in
 *      connect3, othello4 and capturego against egreedy.
 *   3. Figures 6-7: transfer against lookahead in othello4 against weak and
 *      random (transfer with the features learned against that opponent).
 *
 * The learner always moves first. Curves are the paper's: the cumulative
 * average reward of matches skip+1..m (skip = a tenth of the matches, 300
 * of 3000), averaged over the runs. Runs go in parallel on --threads
 * threads; run r draws its match seeds from gl_rng_split(seed, r), so
 * results do not depend on the thread count. Every library object (game,
 * agents) belongs to one job.
 */
#include "cli.h"
#include "report.h"

#include "gamelearn/agent.h"
#include "gamelearn/td.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The paper's Figure 2 letters for the 12 tic-tac-toe features. The
 * figure's drawings are not in the text; this mapping is inferred: (h)
 * is worth exactly 50 against every opponent, so its only outcome is a
 * draw; (g) is the one whose outcome depends on the opponent's disposition
 * (win or be beaten at once); (j)-(l) are the three "fork opponent"
 * variants; (c) and (d) are the other trees without an immediate loss;
 * the order of the rest is a guess. */
static const struct {
	const char *text;
	double paper[3]; /* egreedy, random, weak (Table 1) */
} figure2[12] = {
	{"N(L)", {41.08, 46.31, 51.62}},
	{"N(L,N(D))", {43.75, 48.81, 57.55}},
	{"N(N(D),N(W))", {54.36, 53.75, 54.63}},
	{"N(N(N),N(N,W))", {61.5, 60.11, 59.63}},
	{"N(L,N(N))", {43.03, 50.41, 59.62}},
	{"N(L,N(N,W))", {38, 43.5, 40.77}},
	{"N(L,N(W))", {40.18, 49.43, 58.16}},
	{"N(N(D))", {50, 50, 50}},
	{"N(L,N(N),N(N,W))", {44.64, 42.98, 48.93}},
	{"N(N(W))", {57.13, 58.9, 57.48}},
	{"N(N(N,W))", {58.42, 54.84, 58.28}},
	{"N(N(N,W),N(W))", {63.36, 54.26, 57.45}},
};

int repro_bs_figure2(const char *text)
{
	for (int i = 0; i < 12; i++)
		if (!strcmp(figure2[i].text, text))
			return i;
	return -1;
}

static const char *const opponents[3] = {"egreedy", "random", "weak"};
static const char *const inits[3] = {"baseline", "transfer", "lookahead"};

/* One configuration: a learner in a game against an opponent. */
typedef struct config {
	const char *game;
	int opp;      /* index into opponents */
	int init;     /* index into inits */
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
} job;

static void run_job(job *j)
{
	gl_err err = {0};
	gl_agent *seats[2] = {NULL, NULL};
	gl_game *g = gl_game_new(j->c->game, &err);
	char spec[1400]; /* a path too long for a parameter is refused by the agent */
	if (!g)
		goto fail;
	if (j->features)
		snprintf(spec, sizeof spec, "td:init=transfer,features=%s", j->features);
	else
		snprintf(spec, sizeof spec, "td:init=%s", inits[j->c->init]);
	if (!(seats[0] = gl_agent_new(spec, g, NULL, &err)) ||
	    !(seats[1] = gl_agent_new(opponents[j->c->opp], g, NULL, &err)))
		goto fail;
	gl_rng r;
	gl_rng_split(&r, j->seed, (uint64_t)j->run);
	gl_match m;
	gl_match_init(&m);
	for (int k = 0; k < j->matches; k++) {
		if (gl_match_play(g, seats, gl_rng_next(&r), &m, &err)) {
			gl_match_done(&m);
			goto fail;
		}
		j->reward[k] = m.goals[0];
	}
	gl_match_done(&m);
	gl_td_memory(seats[0], &j->entries, &j->bytes);
	if (j->source && gl_td_feature_values(seats[0], &j->fs, &err))
		goto fail;
	gl_agent_free(seats[0]);
	gl_agent_free(seats[1]);
	gl_game_free(g);
	return;
fail:
	j->rc = err.code ? err.code : GL_EINVAL;
	snprintf(j->err, sizeof j->err, "%s", err.msg);
	gl_agent_free(seats[0]);
	gl_agent_free(seats[1]);
	gl_game_free(g);
}

static void run_one(void *arg, int i, int worker)
{
	(void)worker;
	run_job(&((job *)arg)[i]);
}

/* Run the jobs on `threads` threads (pool.c), then stop at the first that
 * failed. */
static void run_all(job *jobs, int n, int threads)
{
	cli_pool p;
	cli_pool_init(&p, threads, NULL);
	p.runner.run(p.runner.ctx, n, run_one, jobs);
	for (int i = 0; i < n; i++)
		if (jobs[i].rc)
			cli_die(EXIT_RUN, "repro banerjee-stone: %s run %d: %s",
				jobs[i].c->game, jobs[i].run + 1, jobs[i].err);
}

/* Curves of one configuration over its runs. */
typedef struct curve {
	int n;                 /* points: matches skip+1..M */
	double *x, *mean, *lo, *hi;
	double *area;          /* per run: mean of its curve */
	double final;          /* mean over runs of the last point */
	int reach95;           /* first match (after skip) at 95% of final */
	int window95;          /* first match m >= 100 whose 100-match window
				  (m-99..m, mean over runs) is at 95% of final */
	double entries;        /* mean table entries at the end */
	double mbytes;         /* mean table megabytes */
} curve;

static void make_curve(curve *cv, job *jobs, int runs, int matches, int skip)
{
	cv->n = matches - skip;
	size_t n = (size_t)(cv->n > 0 ? cv->n : 1);
	cv->x = calloc(n, sizeof(double));
	cv->mean = calloc(n, sizeof(double));
	cv->lo = calloc(n, sizeof(double));
	cv->hi = calloc(n, sizeof(double));
	cv->area = calloc((size_t)runs, sizeof(double));
	if (!cv->x || !cv->mean || !cv->lo || !cv->hi || !cv->area)
		cli_die(EXIT_RUN, "out of memory");
	for (int i = 0; i < cv->n; i++) {
		cv->x[i] = skip + i + 1;
		cv->lo[i] = INFINITY;
		cv->hi[i] = -INFINITY;
	}
	cv->entries = cv->mbytes = 0;
	for (int r = 0; r < runs; r++) {
		double sum = 0, area = 0;
		for (int i = 0; i < cv->n; i++) {
			sum += jobs[r].reward[skip + i];
			double v = sum / (i + 1);
			cv->mean[i] += v / runs;
			cv->lo[i] = fmin(cv->lo[i], v);
			cv->hi[i] = fmax(cv->hi[i], v);
			area += v;
		}
		cv->area[r] = cv->n ? area / cv->n : 0;
		cv->entries += (double)jobs[r].entries / runs;
		cv->mbytes += (double)jobs[r].bytes / 1048576.0 / runs;
	}
	cv->final = cv->n ? cv->mean[cv->n - 1] : 0;
	cv->reach95 = 0;
	for (int i = 0; i < cv->n; i++)
		if (cv->mean[i] >= 0.95 * cv->final) {
			cv->reach95 = i + 1;
			break;
		}
	enum { WIN = 100 };
	cv->window95 = 0;
	double wsum = 0;
	for (int k = 0; k < matches && !cv->window95; k++) {
		for (int r = 0; r < runs; r++)
			wsum += jobs[r].reward[k] - (k >= WIN ? jobs[r].reward[k - WIN] : 0);
		if (k + 1 >= WIN && wsum / runs / WIN >= 0.95 * cv->final)
			cv->window95 = k + 1;
	}
}

static void free_curve(curve *cv)
{
	free(cv->x);
	free(cv->mean);
	free(cv->lo);
	free(cv->hi);
	free(cv->area);
}

/* Mean and standard error of the paired per-run area difference a - b. */
static void paired(const curve *a, const curve *b, int runs, double *d, double *se)
{
	double s = 0, ss = 0;
	for (int r = 0; r < runs; r++) {
		double x = a->area[r] - b->area[r];
		s += x;
		ss += x * x;
	}
	*d = s / runs;
	double var = runs > 1 ? (ss - s * s / runs) / (runs - 1) : 0;
	*se = runs > 1 ? sqrt(var > 0 ? var / runs : 0) : 0;
}

/* Print one claim and add it to the summary CSV. */
static void claim(gl_strbuf *sb, const char *what, const char *a_name, const curve *a,
	const char *b_name, const curve *b, int runs)
{
	double d, se;
	paired(a, b, runs, &d, &se);
	bool holds = d > 0;
	char why[200];
	if (holds && d > 2 * se)
		snprintf(why, sizeof why, "%s above %s by %.2f (+- %.2f se), significant",
			a_name, b_name, d, se);
	else if (holds)
		snprintf(why, sizeof why, "%s above %s by %.2f, but within 2 se (%.2f): not "
			"significant over %d runs", a_name, b_name, d, se, runs);
	else
		snprintf(why, sizeof why, "%s BELOW %s by %.2f (+- %.2f se)%s", a_name, b_name,
			-d, se, -d > 2 * se ? "" : ", within noise");
	printf("  %-52s %-5s %s\n", what, holds ? "holds" : "FAILS", why);
	report_csv_field(sb, what);
	gl_strbuf_printf(sb, ",%s,", holds ? "holds" : "fails");
	report_csv_field(sb, why);
	gl_strbuf_printf(sb, "\n");
}

static const cli_opt bs_opts[] = {
	{"runs", "N", "10", "runs per learner and opponent (the paper averages 10)", 0},
	{"matches", "N", "3000", "matches per run", 0},
	{"threads", "T", "all cores", "runs played at once", 0},
	{"seed", "S", "1", "run r draws from stream r of this seed", 0},
	{"out", "DIR", "out/banerjee-stone", "where the CSV, SVG and feature files go", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_repro_bs_spec = {
	"repro banerjee-stone", "", 0, 0,
	"TD(lambda) with lookahead-feature transfer: Table 1, Figures 3-7",
	bs_opts,
	{"gamelearn repro banerjee-stone --out out/bs",
	 "gamelearn repro banerjee-stone --runs 3 --matches 1000 --threads 2"}
};

int repro_banerjee_stone(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_repro_bs_spec, argc, argv, &opt);
	long runs = cli_long(&opt, "runs", 1, 1000);
	long matches = cli_long(&opt, "matches", 10, 10000000);
	long threads = cli_given(&opt, "threads") ? cli_long(&opt, "threads", 1, 64) :
		sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	const char *out = cli_str(&opt, "out");
	if (threads < 1)
		threads = 1;
	report_mkdir(out);
	int skip = (int)(matches / 10);
	double t0 = gl_now();
	printf("Banerjee and Stone 2007: %ld runs x %ld matches, seed %" PRIu64 ", %ld threads, "
		"learner moves first; curves over matches %d..%ld\n\n", runs, matches, seed,
		threads, skip + 1, matches);

	/* configurations: 0-2 source; 3-11 Figures 3-5; 12-15 Figures 6-7 */
	static const config cfg[16] = {
		{"tictactoe", 0, 0}, {"tictactoe", 1, 0}, {"tictactoe", 2, 0},
		{"connect3", 0, 0}, {"connect3", 0, 1}, {"connect3", 0, 2},
		{"othello4", 0, 0}, {"othello4", 0, 1}, {"othello4", 0, 2},
		{"capturego", 0, 0}, {"capturego", 0, 1}, {"capturego", 0, 2},
		{"othello4", 2, 1}, {"othello4", 2, 2},
		{"othello4", 1, 1}, {"othello4", 1, 2},
	};
	enum { NCFG = 16 };
	int njobs = NCFG * (int)runs;
	job *jobs = calloc((size_t)njobs, sizeof *jobs);
	int *rewards = calloc((size_t)njobs * (size_t)matches, sizeof *rewards);
	if (!jobs || !rewards)
		cli_die(EXIT_RUN, "out of memory");
	char fpath[3][1200];
	for (int o = 0; o < 3; o++)
		snprintf(fpath[o], sizeof fpath[o], "%s/features-tictactoe-%s.txt", out,
			opponents[o]);
	for (int c = 0; c < NCFG; c++)
		for (int r = 0; r < runs; r++) {
			job *j = &jobs[c * runs + r];
			j->c = &cfg[c];
			j->run = r;
			j->matches = (int)matches;
			j->seed = seed;
			j->source = c < 3;
			j->features = cfg[c].init == 1 ? fpath[cfg[c].opp] : NULL;
			j->reward = rewards + (size_t)(c * runs + r) * (size_t)matches;
			gl_fset_init(&j->fs, 2);
		}

	/* 1. the source game, then Table 1 */
	run_all(jobs, 3 * (int)runs, (int)threads);
	gl_feature_set pooled[3];
	gl_strbuf t1;
	gl_strbuf_init(&t1);
	gl_strbuf_printf(&t1, "feature,text,egreedy,random,weak,paper_egreedy,paper_random,"
		"paper_weak\n");
	for (int o = 0; o < 3; o++) {
		gl_fset_init(&pooled[o], 2);
		snprintf(pooled[o].game, sizeof pooled[o].game, "tictactoe");
		snprintf(pooled[o].opponent, sizeof pooled[o].opponent, "%s", opponents[o]);
		for (int r = 0; r < runs; r++) {
			const gl_feature_set *fs = &jobs[o * runs + r].fs;
			for (int i = 0; i < fs->n; i++)
				if (gl_fset_add(&pooled[o], fs->f[i].text, fs->f[i].sum,
					fs->f[i].weight, fs->f[i].states))
					cli_die(EXIT_RUN, "out of memory");
		}
		gl_err err = {0};
		if (gl_fset_save(&pooled[o], fpath[o], &err))
			cli_die(EXIT_RUN, "%s", err.msg);
	}
	printf("Table 1: feature values learned in tic-tac-toe (visit-weighted Q, pooled over "
		"runs), here | paper\n");
	printf("%-4s %-18s %15s %15s %15s\n", "", "feature", "egreedy", "random", "weak");
	double dev = 0;
	int ndev = 0;
	for (int i = 0; i < 12; i++) {
		double v[3];
		char tv[3][16], cv[3][16]; /* table and CSV text: "-" and "" if never seen */
		for (int o = 0; o < 3; o++) {
			v[o] = gl_feature_value(gl_fset_find(&pooled[o], figure2[i].text), NAN);
			if (!isnan(v[o])) {
				dev += fabs(v[o] - figure2[i].paper[o]);
				ndev++;
				snprintf(tv[o], sizeof tv[o], "%6.2f", v[o]);
				snprintf(cv[o], sizeof cv[o], "%.3f", v[o]);
			} else {
				snprintf(tv[o], sizeof tv[o], "%6s", "-");
				cv[o][0] = '\0';
			}
		}
		printf("(%c)  %-18s %s | %6.2f %s | %6.2f %s | %6.2f\n", 'a' + i,
			figure2[i].text, tv[0], figure2[i].paper[0], tv[1], figure2[i].paper[1],
			tv[2], figure2[i].paper[2]);
		gl_strbuf_printf(&t1, "%c,", 'a' + i);
		report_csv_field(&t1, figure2[i].text);
		gl_strbuf_printf(&t1, ",%s,%s,%s,%.2f,%.2f,%.2f\n", cv[0], cv[1], cv[2], figure2[i].paper[0],
			figure2[i].paper[1], figure2[i].paper[2]);
	}
	dev = ndev ? dev / ndev : 0;
	for (int t = 0; t < 2; t++) {
		const char *cls = t ? "D" : "W";
		double v[3];
		for (int o = 0; o < 3; o++)
			v[o] = gl_feature_value(gl_fset_find(&pooled[o], cls), NAN);
		printf("(t)  %-18s %6.2f | %6s %6.2f | %6s %6.2f | %6s\n", t ? "terminal draw" :
			"terminal win", v[0], "-", v[1], "-", v[2], "-");
		gl_strbuf_printf(&t1, "t,%s,%.3f,%.3f,%.3f,,,\n", cls, v[0], v[1], v[2]);
	}
	printf("mean |here - paper| over the %d values learned: %.2f\n", ndev, dev);
	printf("(letters of Figure 2 inferred from structure: see repro_bs.c; feature files: "
		"%s/features-tictactoe-*.txt)\n\n", out);
	report_write(out, "table1.csv", &t1);
	gl_strbuf_done(&t1);

	/* 2. the target games */
	run_all(jobs + 3 * runs, (NCFG - 3) * (int)runs, (int)threads);
	curve cv[NCFG];
	for (int c = 0; c < NCFG; c++)
		make_curve(&cv[c], jobs + c * runs, (int)runs, (int)matches, skip);

	static const struct {
		const char *file, *title;
		int cfg[3], n;
	} figs[5] = {
		{"fig3_connect3", "Figure 3: connect3 (5x5, line of 3) against egreedy", {3, 4, 5}, 3},
		{"fig4_othello4", "Figure 4: othello4 against egreedy", {6, 7, 8}, 3},
		{"fig5_capturego", "Figure 5: capturego 3x3 against egreedy", {9, 10, 11}, 3},
		{"fig6_othello4_weak", "Figure 6: othello4 against weak", {12, 13}, 2},
		{"fig7_othello4_random", "Figure 7: othello4 against random", {14, 15}, 2},
	};
	for (int f = 0; f < 5; f++) {
		gl_strbuf sb;
		gl_strbuf_init(&sb);
		gl_strbuf_printf(&sb, "match");
		for (int k = 0; k < figs[f].n; k++) {
			const char *nm = inits[cfg[figs[f].cfg[k]].init];
			gl_strbuf_printf(&sb, ",%s_mean,%s_min,%s_max", nm, nm, nm);
		}
		gl_strbuf_printf(&sb, "\n");
		for (int i = 0; i < cv[figs[f].cfg[0]].n; i++) {
			gl_strbuf_printf(&sb, "%d", skip + i + 1);
			for (int k = 0; k < figs[f].n; k++) {
				const curve *c = &cv[figs[f].cfg[k]];
				gl_strbuf_printf(&sb, ",%.4f,%.4f,%.4f", c->mean[i], c->lo[i], c->hi[i]);
			}
			gl_strbuf_printf(&sb, "\n");
		}
		char name[64];
		snprintf(name, sizeof name, "%s.csv", figs[f].file);
		report_write(out, name, &sb);
		gl_strbuf_done(&sb);
		/* the plot: series named by learner */
		int which[3];
		for (int k = 0; k < figs[f].n; k++)
			which[k] = figs[f].cfg[k];
		plot_series s[3];
		enum { PTS = 400 };
		double xs[3][PTS], ys[3][PTS], los[3][PTS], his[3][PTS];
		for (int k = 0; k < figs[f].n; k++) {
			const curve *c = &cv[which[k]];
			int step = c->n / PTS + 1, m = 0;
			for (int i = 0; i < c->n && m < PTS; i += step, m++) {
				xs[k][m] = c->x[i];
				ys[k][m] = c->mean[i];
				los[k][m] = c->lo[i];
				his[k][m] = c->hi[i];
			}
			s[k] = (plot_series){inits[cfg[which[k]].init], m, xs[k], ys[k], los[k], his[k]};
		}
		plot_spec ps = {figs[f].title, "matches",
			"cumulative average reward (band: min..max over runs)", false, false};
		snprintf(name, sizeof name, "%s.svg", figs[f].file);
		report_plot(out, name, &ps, s, figs[f].n);
	}

	/* 3. the summary */
	gl_strbuf sum;
	gl_strbuf_init(&sum);
	gl_strbuf_printf(&sum, "game,opponent,learner,final_avg,curve_mean,matches_to_95pct,"
		"window_to_95pct,table_entries,table_MB\n");
	printf("Summary (final = cumulative average reward of matches %d..%ld, mean of %ld runs;"
		" reach95 = matches after %d until the mean curve first reaches 95%% of final;\n"
		" win95 = first match whose last-100-matches average, from match 1, reaches 95%% of"
		" final; entries, MB: the learner's value table at the end)\n",
		skip + 1, matches, runs, skip);
	printf("%-10s %-8s %-10s %8s %10s %8s %8s %10s %8s\n", "game", "opponent", "learner",
		"final", "curve mean", "reach95", "win95", "entries", "MB");
	for (int c = 3; c < NCFG; c++) {
		double mean_area = 0;
		for (int r = 0; r < runs; r++)
			mean_area += cv[c].area[r] / runs;
		printf("%-10s %-8s %-10s %8.2f %10.2f %8d %8d %10.0f %8.2f\n", cfg[c].game,
			opponents[cfg[c].opp], inits[cfg[c].init], cv[c].final, mean_area,
			cv[c].reach95, cv[c].window95, cv[c].entries, cv[c].mbytes);
		gl_strbuf_printf(&sum, "%s,%s,%s,%.3f,%.3f,%d,%d,%.0f,%.3f\n", cfg[c].game,
			opponents[cfg[c].opp], inits[cfg[c].init], cv[c].final, mean_area,
			cv[c].reach95, cv[c].window95, cv[c].entries, cv[c].mbytes);
	}
	report_write(out, "summary.csv", &sum);
	gl_strbuf_done(&sum);

	gl_strbuf cl;
	gl_strbuf_init(&cl);
	gl_strbuf_printf(&cl, "claim,result,measured\n");
	printf("\nThe paper's claims (paired over runs on the mean of each run's curve):\n");
	static const char *const games[3] = {"connect3", "othello4", "capturego"};
	char what[120];
	for (int gi = 0; gi < 3; gi++) {
		int b = 3 + 3 * gi;
		snprintf(what, sizeof what, "transfer beats baseline, %s vs egreedy", games[gi]);
		claim(&cl, what, "transfer", &cv[b + 1], "baseline", &cv[b], (int)runs);
	}
	for (int gi = 0; gi < 3; gi++) {
		int b = 3 + 3 * gi;
		snprintf(what, sizeof what, "lookahead beats transfer, %s vs egreedy", games[gi]);
		claim(&cl, what, "lookahead", &cv[b + 2], "transfer", &cv[b + 1], (int)runs);
		snprintf(what, sizeof what, "lookahead beats baseline, %s vs egreedy", games[gi]);
		claim(&cl, what, "lookahead", &cv[b + 2], "baseline", &cv[b], (int)runs);
	}
	claim(&cl, "transfer beats lookahead, othello4 vs weak", "transfer", &cv[12],
		"lookahead", &cv[13], (int)runs);
	claim(&cl, "transfer beats lookahead, othello4 vs random", "transfer", &cv[14],
		"lookahead", &cv[15], (int)runs);
	int fast = 0;
	for (int c = 3; c < 12; c++)
		fast += cv[c].reach95 < 100;
	printf("  %-52s %-5s %d of 9 curves reach 95%% of their final level within 100 "
		"matches\n", "learners cross 95% in under 100 matches (egreedy)",
		fast == 9 ? "holds" : fast >= 5 ? "mostly" : "FAILS", fast);
	gl_strbuf_printf(&cl, "\"95%% within 100 matches\",%s,\"%d of 9 curves\"\n",
		fast == 9 ? "holds" : "fails", fast);
	report_write(out, "claims.csv", &cl);
	gl_strbuf_done(&cl);

	printf("\nwrote %s/{table1,fig3_connect3,fig4_othello4,fig5_capturego,"
		"fig6_othello4_weak,fig7_othello4_random,summary,claims}.csv and the five "
		"figures as .svg\n", out);
	printf("%.1f s\n", gl_now() - t0);
	for (int c = 0; c < NCFG; c++)
		free_curve(&cv[c]);
	for (int o = 0; o < 3; o++)
		gl_fset_done(&pooled[o]);
	for (int i = 0; i < njobs; i++)
		gl_fset_done(&jobs[i].fs);
	free(jobs);
	free(rewards);
	return 0;
}

void repro_bs_demo(uint64_t seed)
{
	enum { SRC = 1000, TGT = 1000, RUNS = 2 };
	printf("\n== Transfer (Banerjee-Stone): tic-tac-toe features, then connect3 ==\n");
	static const config src = {"tictactoe", 0, 0}, base = {"connect3", 0, 0},
		tr = {"connect3", 0, 1};
	char path[256];
	const char *tmp = getenv("TMPDIR");
	snprintf(path, sizeof path, "%s/gamelearn-demo-features-%ld.txt", tmp && *tmp ? tmp :
		"/tmp", (long)getpid());
	static int rw[1 + 2 * RUNS][SRC > TGT ? SRC : TGT];
	job j[1 + 2 * RUNS];
	memset(j, 0, sizeof j);
	j[0] = (job){.c = &src, .run = 0, .matches = SRC, .seed = seed, .source = true,
		.reward = rw[0]};
	gl_fset_init(&j[0].fs, 2);
	run_all(j, 1, 1);
	snprintf(j[0].fs.game, sizeof j[0].fs.game, "tictactoe");
	snprintf(j[0].fs.opponent, sizeof j[0].fs.opponent, "egreedy");
	gl_err err = {0};
	if (gl_fset_save(&j[0].fs, path, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	int trees = 0;
	for (int i = 0; i < j[0].fs.n; i++)
		trees += gl_feature_is_tree(j[0].fs.f[i].text);
	printf("tic-tac-toe, td against egreedy, %d matches: %d tree features valued\n", SRC, trees);
	for (int r = 0; r < RUNS; r++) {
		j[1 + r] = (job){.c = &base, .run = r, .matches = TGT, .seed = seed,
			.reward = rw[1 + r]};
		j[1 + RUNS + r] = (job){.c = &tr, .run = r, .matches = TGT, .seed = seed,
			.features = path, .reward = rw[1 + RUNS + r]};
	}
	run_all(j + 1, 2 * RUNS, 2);
	remove(path);
	printf("connect3 against egreedy, cumulative average reward (mean of %d runs)\n", RUNS);
	printf("%8s %10s %10s\n", "matches", "baseline", "transfer");
	double sb = 0, st = 0;
	for (int k = 0; k < TGT; k++) {
		for (int r = 0; r < RUNS; r++) {
			sb += rw[1 + r][k];
			st += rw[1 + RUNS + r][k];
		}
		if ((k + 1) % (TGT / 10) == 0)
			printf("%8d %10.2f %10.2f\n", k + 1, sb / RUNS / (k + 1), st / RUNS / (k + 1));
	}
	gl_fset_done(&j[0].fs);
}
