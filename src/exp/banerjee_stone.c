/*
 * banerjee_stone.c - the experiment `banerjee-stone`: Banerjee and Stone
 * 2007 (section 4), and the short transfer run of the demo.
 *
 *   1. Source: a td learner (baseline) learns tic-tac-toe against egreedy,
 *      random and weak; the visit-weighted values of the lookahead features
 *      over its visited afterstates, pooled over the runs, give Table 1 and
 *      are saved per opponent (features-tictactoe-OPP.txt: notes of the
 *      report, and files in the run's work folder that the transfer runs
 *      read).
 *   2. Figures 3-5: baseline, transfer and lookahead td learners in
 *      connect3, othello4 and capturego against egreedy.
 *   3. Figures 6-7: transfer against lookahead in othello4 against weak and
 *      random (transfer with the features learned against that opponent).
 *   4. The claims: one family judged by the rule of verdict.h, the paper's
 *      literal reading (init_at=update) first, init_at=choose after it as
 *      the variant.
 *
 * The learner always moves first. Curves are the paper's: the cumulative
 * average reward of matches skip+1..m (skip = a tenth of the matches, 300
 * of 3000), averaged over the runs. Each run is a piece of work on the
 * caller's runner; run r draws its match seeds from gl_rng_split(seed, r),
 * so results do not depend on who runs it. Every library object (game,
 * agents) belongs to one run.
 */
#include "bs_internal.h"

#include "gamelearn/agent.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const bs_opponents[3] = {"egreedy", "random", "weak"};
const char *const bs_inits[3] = {"baseline", "transfer", "lookahead"};
const char *const bs_init_ats[2] = {"choose", "update"};
const char *const bs_tgames[3] = {"connect3", "othello4", "capturego"};

static void run_job(job *j)
{
	gl_err err = {0};
	gl_agent *seats[2] = {NULL, NULL};
	gl_game *g = gl_game_new(j->c->game, &err);
	char spec[1400]; /* a path too long for a parameter is refused by the agent */
	if (!g)
		goto fail;
	/* init_at=choose is the default: left out, so that the spec (at most
	 * GL_SPEC_MAX) has room for the feature file's path */
	const char *at = j->c->at ? ",init_at=update" : "";
	if (j->features)
		snprintf(spec, sizeof spec, "td:init=transfer%s,features=%s", at, j->features);
	else
		snprintf(spec, sizeof spec, "td:init=%s%s", bs_inits[j->c->init], at);
	if (!(seats[0] = gl_agent_new(spec, g, NULL, &err)) ||
	    !(seats[1] = gl_agent_new(bs_opponents[j->c->opp], g, NULL, &err)))
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

/* A run's results as bytes, for MPI ranks: this header, the rewards, then
 * the feature set's entries. */
typedef struct job_head {
	int32_t rc, matches, nfeat, depth;
	uint64_t entries, bytes;
	char err[300];
	char game[GL_SPEC_MAX], opponent[GL_SPEC_MAX];
} job_head;

static size_t job_get(void *arg, int i, const void **bytes)
{
	job *j = &((job *)arg)[i];
	if (!j->blob) {
		job_head h = {j->rc, j->matches, j->fs.n, j->fs.depth, j->entries,
			j->bytes, {0}, {0}, {0}};
		memcpy(h.err, j->err, sizeof h.err);
		memcpy(h.game, j->fs.game, sizeof h.game);
		memcpy(h.opponent, j->fs.opponent, sizeof h.opponent);
		size_t nr = sizeof *j->reward * (size_t)j->matches;
		size_t nf = sizeof *j->fs.f * (size_t)j->fs.n;
		j->blob_size = sizeof h + nr + nf;
		if (!(j->blob = gl_malloc(j->blob_size))) {
			/* the message travels as the result */
			*bytes = "repro banerjee-stone: out of memory for a result";
			return strlen(*bytes);
		}
		memcpy(j->blob, &h, sizeof h);
		memcpy(j->blob + sizeof h, j->reward, nr);
		if (nf)
			memcpy(j->blob + sizeof h + nr, j->fs.f, nf);
	}
	*bytes = j->blob;
	return j->blob_size;
}

static int job_put(void *arg, int i, const void *bytes, size_t size,
	gl_err *err)
{
	job *j = &((job *)arg)[i];
	job_head h;
	const char *b = bytes;
	if (size < sizeof h)
		return gl_fail(err, GL_EINVAL, "run %d: %.*s", i + 1, (int)size, b);
	memcpy(&h, b, sizeof h);
	size_t nr = sizeof *j->reward * (size_t)j->matches;
	if (h.matches != j->matches || h.nfeat < 0 ||
	    size != sizeof h + nr + sizeof *j->fs.f * (size_t)h.nfeat)
		return gl_fail(err, GL_EINVAL, "run %d: %zu bytes for %d matches "
			"and %d features", i, size, (int)h.matches, (int)h.nfeat);
	j->rc = h.rc;
	memcpy(j->err, h.err, sizeof j->err);
	j->err[sizeof j->err - 1] = '\0';
	j->entries = h.entries;
	j->bytes = h.bytes;
	memcpy(j->reward, b + sizeof h, nr);
	gl_fset_done(&j->fs);
	gl_fset_init(&j->fs, h.depth);
	memcpy(j->fs.game, h.game, sizeof h.game);
	memcpy(j->fs.opponent, h.opponent, sizeof h.opponent);
	j->fs.game[sizeof j->fs.game - 1] = j->fs.opponent[sizeof j->fs.opponent - 1] = '\0';
	for (int k = 0; k < h.nfeat; k++) {
		gl_feature f;
		memcpy(&f, b + sizeof h + nr + sizeof f * (size_t)k, sizeof f);
		f.text[sizeof f.text - 1] = '\0';
		if (gl_fset_add(&j->fs, f.text, f.sum, f.weight, f.states))
			return gl_fail(err, GL_ENOMEM, "run %d: out of memory", i);
	}
	return 0;
}

/* Run the jobs on the runner, then stop at the first that failed: 0,
 * or an error code with a message. */
static int run_all(const gl_runner *runner, job *jobs, int n, gl_err *err)
{
	gl_pieces pieces = {n, run_one, job_get, job_put, jobs, false};
	if (gl_run_pieces(runner, &pieces, err))
		return err->code;
	for (int i = 0; i < n; i++)
		if (jobs[i].rc)
			return gl_fail(err, jobs[i].rc, "repro banerjee-stone: %s run %d: %s",
				jobs[i].c->game, jobs[i].run + 1, jobs[i].err);
	return 0;
}

/* Mean reward of matches a+1..b (0-based a, b exclusive) of a run. */
static double window_mean(const int *reward, int a, int b)
{
	double s = 0;
	for (int k = a; k < b; k++)
		s += reward[k];
	return b > a ? s / (b - a) : 0;
}

/* The curves of jobs[0..runs-1] into cv: 0, or GL_ENOMEM (cv's arrays
 * are freed by free_curve either way). */
static int make_curve(curve *cv, job *jobs, int runs, int matches, int skip, gl_err *err)
{
	cv->n = matches - skip;
	size_t n = (size_t)(cv->n > 0 ? cv->n : 1), nr = (size_t)runs;
	cv->x = gl_calloc(n, sizeof(double));
	cv->mean = gl_calloc(n, sizeof(double));
	cv->lo = gl_calloc(n, sizeof(double));
	cv->hi = gl_calloc(n, sizeof(double));
	cv->area = gl_calloc(nr, sizeof(double));
	cv->first100 = gl_calloc(nr, sizeof(double));
	cv->last100 = gl_calloc(nr, sizeof(double));
	cv->early = gl_calloc(nr, sizeof(double));
	cv->level = gl_calloc(nr, sizeof(double));
	cv->before = gl_calloc(nr, sizeof(double));
	cv->t95 = gl_calloc(nr, sizeof(double));
	if (!cv->x || !cv->mean || !cv->lo || !cv->hi || !cv->area || !cv->first100 ||
	    !cv->last100 || !cv->early || !cv->level || !cv->before || !cv->t95)
		return gl_fail(err, GL_ENOMEM, "repro banerjee-stone: out of memory");
	for (int i = 0; i < cv->n; i++) {
		cv->x[i] = skip + i + 1;
		cv->lo[i] = INFINITY;
		cv->hi[i] = -INFINITY;
	}
	cv->entries = cv->mbytes = 0;
	int w = matches < WIN ? matches : WIN;
	int w95 = matches < W95 ? matches : W95, sixth = matches / 6;
	double lastw = 0;
	for (int r = 0; r < runs; r++) {
		const int *rw = jobs[r].reward;
		double sum = 0, area = 0;
		for (int i = 0; i < cv->n; i++) {
			sum += rw[skip + i];
			double v = sum / (i + 1);
			cv->mean[i] += v / runs;
			cv->lo[i] = fmin(cv->lo[i], v);
			cv->hi[i] = fmax(cv->hi[i], v);
			area += v;
		}
		cv->area[r] = cv->n ? area / cv->n : 0;
		cv->first100[r] = window_mean(rw, 0, w);
		cv->last100[r] = window_mean(rw, matches - w, matches);
		cv->early[r] = window_mean(rw, w - w95, w);
		cv->level[r] = window_mean(rw, matches - sixth, matches);
		cv->before[r] = window_mean(rw, matches - 2 * sixth, matches - sixth);
		cv->t95[r] = matches;
		double ws = window_mean(rw, 0, w95) * w95;
		for (int k = w95; k <= matches; k++) {
			if (ws >= 0.95 * cv->level[r] * w95) {
				cv->t95[r] = k;
				break;
			}
			if (k < matches)
				ws += rw[k] - rw[k - w95];
		}
		lastw += cv->last100[r] / runs;
		cv->entries += (double)jobs[r].entries / runs;
		cv->mbytes += (double)jobs[r].bytes / 1048576.0 / runs;
	}
	cv->final = cv->n ? cv->mean[cv->n - 1] : 0;
	cv->window95 = 0;
	double wsum = 0;
	for (int k = 0; k < matches && !cv->window95; k++) {
		for (int r = 0; r < runs; r++)
			wsum += jobs[r].reward[k] - (k >= w ? jobs[r].reward[k - w] : 0);
		if (k + 1 >= w && wsum / runs / w >= 0.95 * lastw)
			cv->window95 = k + 1;
	}
	return 0;
}

static void free_curve(curve *cv)
{
	gl_free(cv->x);
	gl_free(cv->mean);
	gl_free(cv->lo);
	gl_free(cv->hi);
	gl_free(cv->area);
	gl_free(cv->first100);
	gl_free(cv->last100);
	gl_free(cv->early);
	gl_free(cv->level);
	gl_free(cv->before);
	gl_free(cv->t95);
}

static const gl_option bs_opts[] = {
	{"runs", "N", "50", "runs per learner and opponent (the paper averages 10; at 50, seeds 1 and 1001 give the same verdicts: docs/data/seeds-banerjee-stone.csv)", 0},
	{"matches", "N", "3000", "matches per run", 0},
	{"source-matches", "N", "the --matches", "matches a tic-tac-toe source run learns (the paper does not say)", 0},
	{"source-short", "N", "300", "a short source length, whose Table 1 is printed beside", 0},
	{"threads", "T", "all cores", "runs played at once", 0},
	{"resume", NULL, NULL, "go on from the runs a stopped run with the same options finished (kept in DIR/pieces)", 0},
	{"stop-after", "K", "0", "stop once K runs are finished and kept (to test --resume; 0: never)", 0},
	{"seed", "S", "1", "run r draws from stream r of this seed", 0},
	{"out", "DIR", "out/banerjee-stone", "where the CSV, SVG and feature files go", 0},
	{NULL, NULL, NULL, NULL, 0}
};

/* Pool the source runs' feature sums of jobs[0..runs-1] into fs: 0 or
 * GL_ENOMEM. */
static int pool_features(gl_feature_set *fs, const job *jobs, int runs, const char *opp,
	gl_err *err)
{
	gl_fset_init(fs, 2);
	snprintf(fs->game, sizeof fs->game, "tictactoe");
	snprintf(fs->opponent, sizeof fs->opponent, "%s", opp);
	for (int r = 0; r < runs; r++) {
		const gl_feature_set *f = &jobs[r].fs;
		for (int i = 0; i < f->n; i++)
			if (gl_fset_add(fs, f->f[i].text, f->f[i].sum, f->f[i].weight, f->f[i].states))
				return gl_fail(err, GL_ENOMEM, "repro banerjee-stone: out of memory");
	}
	return 0;
}

static void bs_configs(bsctx *x)
{
	int nc = 0;
	for (int k = 0; k < NSRC; k++)
		x->cfg[nc++] = (config){"tictactoe", k % 3, 0, 0};
	for (int gi = 0; gi < 3; gi++) {
		x->fig_base[gi] = nc;
		x->cfg[nc++] = (config){bs_tgames[gi], 0, 0, 0};
		for (int at = 0; at < 2; at++)
			for (int l = 0; l < 2; l++) {
				x->fig_tl[gi][at][l] = nc;
				x->cfg[nc++] = (config){bs_tgames[gi], 0, 1 + l, at};
			}
	}
	for (int oi = 0; oi < 2; oi++)
		for (int at = 0; at < 2; at++)
			for (int l = 0; l < 2; l++) {
				x->fig67[oi][at][l] = nc;
				x->cfg[nc++] = (config){"othello4", oi ? 1 : 2, 1 + l, at};
			}
}

/* 1. the source game, then Table 1 at both lengths, its feature files. */
static int bs_source(bsctx *x, gl_err *err)
{
	gl_report *rep = x->rep;
	int runs = (int)x->runs;
	if (run_all(x->env->runner, x->jobs, NSRC * runs, err))
		return err->code;
	x->pooled_init = true;
	for (int len = 0; len < 2; len++)
		for (int o = 0; o < 3; o++)
			gl_fset_init(&x->pooled[len][o], 2);
	for (int len = 0; len < 2; len++)
		for (int o = 0; o < 3; o++) {
			gl_fset_done(&x->pooled[len][o]);
			if (pool_features(&x->pooled[len][o], x->jobs + (3 * len + o) * runs, runs,
					bs_opponents[o], err))
				return err->code;
		}
	for (int o = 0; o < 3; o++) {
		/* the file the transfer runs read, and the same as a note */
		if (gl_fset_save(&x->pooled[1][o], x->fpath[o], err))
			return err->code;
		char *text = NULL;
		if (gl_read_text(x->fpath[o], (size_t)1 << 30, &text, err))
			return err->code;
		gl_report_note(rep, strrchr(x->fpath[o], '/') + 1, text);
		gl_free(text);
	}
	gl_table *t1 = gl_report_table(rep, "table1.csv", "source_matches,letter,feature,"
		"bound_lo,bound_hi,egreedy,random,weak,paper_egreedy,paper_random,paper_weak,"
		"paper_within_bound");
	gl_report_printf(rep, "The paper does not say how long the source game was learned: "
		"Table 1 after %ld and after %ld\nsource matches (--source-short, "
		"--source-matches).\n\n", x->sshort, x->smatches);
	double mad_short = bs_table1(rep, x->pooled[0], (int)x->sshort, t1);
	double mad = bs_table1(rep, x->pooled[1], (int)x->smatches, t1);
	gl_report_printf(rep, "mean |here - paper|: %.2f after %ld source matches, %.2f after "
		"%ld\n\n", mad_short, x->sshort, mad, x->smatches);
	x->mad[0] = mad_short;
	x->mad[1] = mad;
	bs_figure2_checks(rep, x->pooled[1]);
	return 0;
}

/* 2. the target games: the curves, each figure's table and plot. */
static int bs_targets(bsctx *x, gl_err *err)
{
	gl_report *rep = x->rep;
	int runs = (int)x->runs, skip = x->skip;
	if (run_all(x->env->runner, x->jobs + NSRC * runs, (NCFG - NSRC) * runs, err))
		return err->code;
	for (int c = NSRC; c < NCFG; c++)
		if (make_curve(&x->cv[c], x->jobs + c * runs, runs, (int)x->matches, skip, err))
			return err->code;
	static const struct {
		const char *file, *title;
	} figs[5] = {
		{"fig3_connect3", "Figure 3: connect3 (5x5, line of 3) against egreedy"},
		{"fig4_othello4", "Figure 4: othello4 against egreedy"},
		{"fig5_capturego", "Figure 5: capturego 3x3 against egreedy"},
		{"fig6_othello4_weak", "Figure 6: othello4 against weak"},
		{"fig7_othello4_random", "Figure 7: othello4 against random"},
	};
	enum { PTS = 400 };
	double *pts = gl_malloc(sizeof *pts * 5 * 4 * PTS);
	if (!pts)
		return gl_fail(err, GL_ENOMEM, "repro banerjee-stone: out of memory");
	for (int f = 0; f < 5; f++) {
		int which[5], n = 0;
		if (f < 3)
			which[n++] = x->fig_base[f];
		for (int at = 0; at < 2; at++)
			for (int l = 0; l < 2; l++)
				which[n++] = f < 3 ? x->fig_tl[f][at][l] : x->fig67[f - 3][at][l];
		char names[5][48];
		gl_strbuf cols;
		gl_strbuf_init(&cols);
		gl_strbuf_printf(&cols, "match");
		for (int k = 0; k < n; k++) {
			const config *c = &x->cfg[which[k]];
			if (c->init == 0)
				snprintf(names[k], sizeof names[k], "baseline");
			else
				snprintf(names[k], sizeof names[k], "%s%s", bs_inits[c->init],
					c->at ? " (init_at=update)" : "");
			char nm[48];
			snprintf(nm, sizeof nm, "%s%s", bs_inits[c->init], c->init ? c->at ? "_update" :
				"_choose" : "");
			gl_strbuf_printf(&cols, ",%s_mean,%s_min,%s_max", nm, nm, nm);
		}
		char name[64];
		snprintf(name, sizeof name, "%s.csv", figs[f].file);
		gl_table *t = gl_report_table(rep, name, cols.buf ? cols.buf : "");
		rep->oom |= cols.oom;
		gl_strbuf_done(&cols);
		for (int i = 0; i < x->cv[which[0]].n; i++) {
			gl_table_cells(rep, t, "%d", skip + i + 1);
			for (int k = 0; k < n; k++) {
				const curve *c = &x->cv[which[k]];
				gl_table_cells(rep, t, "%.4f\t%.4f\t%.4f", c->mean[i], c->lo[i],
					c->hi[i]);
			}
		}
		/* the plot: series named by learner; bands for init_at=choose only */
		gl_series s[5];
		for (int k = 0; k < n; k++) {
			const curve *c = &x->cv[which[k]];
			double *xs = pts + (size_t)k * 4 * PTS, *ys = xs + PTS, *los = ys + PTS,
				*his = los + PTS;
			int step = c->n / PTS + 1, m = 0;
			for (int i = 0; i < c->n && m < PTS; i += step, m++) {
				xs[m] = c->x[i];
				ys[m] = c->mean[i];
				los[m] = c->lo[i];
				his[m] = c->hi[i];
			}
			bool band = x->cfg[which[k]].at == 0;
			s[k] = (gl_series){names[k], m, xs, ys, band ? los : NULL, band ? his : NULL,
				-1};
		}
		snprintf(name, sizeof name, "%s.svg", figs[f].file);
		gl_report_figure(rep, name, figs[f].title, "matches",
			"cumulative average reward (band: min..max over runs)", false, false, s, n);
	}
	gl_free(pts);
	return 0;
}

/* 3. the summary. */
static void bs_summary(bsctx *x)
{
	gl_report *rep = x->rep;
	long runs = x->runs;
	gl_table *sum = gl_report_table(rep, "summary.csv", "game,opponent,learner,init_at,"
		"final_avg,curve_mean,window_to_95pct,first100_mean,last100_mean,table_entries,"
		"table_MB");
	gl_report_printf(rep, "Summary (final = cumulative average reward of matches %d..%ld, "
		"mean of %ld runs; win95 = first match\nwhose last-%d-matches average (mean over "
		"runs) reaches 95%% of the last window's; entries, MB: the\nlearner's value table "
		"at the end)\n", x->skip + 1, x->matches, runs, WIN);
	gl_report_printf(rep, "%-10s %-8s %-10s %-7s %8s %10s %8s %10s %8s\n", "game",
		"opponent", "learner", "init_at", "final", "curve mean", "win95", "entries", "MB");
	for (int c = NSRC; c < NCFG; c++) {
		const curve *cv = &x->cv[c];
		const config *cf = &x->cfg[c];
		double mean_area = 0, f100 = 0, l100 = 0;
		for (int r = 0; r < runs; r++) {
			mean_area += cv->area[r] / runs;
			f100 += cv->first100[r] / runs;
			l100 += cv->last100[r] / runs;
		}
		const char *at = cf->init ? bs_init_ats[cf->at] : "-";
		gl_report_printf(rep, "%-10s %-8s %-10s %-7s %8.2f %10.2f %8d %10.0f %8.2f\n",
			cf->game, bs_opponents[cf->opp], bs_inits[cf->init], at, cv->final, mean_area,
			cv->window95, cv->entries, cv->mbytes);
		gl_table_cells(rep, sum, "%s\t%s\t%s\t%s\t%.3f\t%.3f\t%d\t%.3f\t%.3f\t%.0f\t%.3f",
			cf->game, bs_opponents[cf->opp], bs_inits[cf->init], at, cv->final, mean_area,
			cv->window95, f100, l100, cv->entries, cv->mbytes);
	}
}

static int bs_run(const gl_exp_args *a, const gl_exp_env *env, gl_report *rep, gl_err *err)
{
	const char *w = "repro banerjee-stone";
	long seed;
	bsctx *x = gl_calloc(1, sizeof *x);
	if (!x)
		return gl_fail(err, GL_ENOMEM, "repro banerjee-stone: out of memory");
	x->env = env;
	x->rep = rep;
	int rc = GL_EINVAL;
	if (gl_exp_long(a, w, "runs", 1, 1000, &x->runs, err) ||
	    gl_exp_long(a, w, "matches", 10, 10000000, &x->matches, err) ||
	    (gl_exp_given(a, "source-matches") &&
	     gl_exp_long(a, w, "source-matches", 10, 10000000, &x->smatches, err)) ||
	    gl_exp_long(a, w, "source-short", 10, 10000000, &x->sshort, err) ||
	    gl_exp_long(a, w, "seed", 0, INT64_MAX, &seed, err))
		goto done;
	if (!gl_exp_given(a, "source-matches"))
		x->smatches = x->matches;
	x->seed = (uint64_t)seed;
	long runs = x->runs, matches = x->matches;
	int threads = env->runner && env->runner->workers > 0 ? env->runner->workers : 1;
	x->skip = (int)(matches / 10);
	double t0 = gl_now();
	gl_report_printf(rep, "Banerjee and Stone 2007: %ld runs x %ld matches (source: %ld, and "
		"%ld for the short Table 1), seed %" PRIu64 ", %d threads, learner moves first; "
		"curves over matches %d..%ld\n\n", runs, matches, x->smatches, x->sshort, x->seed,
		threads, x->skip + 1, matches);
	if (runs < 10)
		gl_report_printf(rep, "note: %ld runs; the paper averages 10, and a claim judged on "
			"fewer is weak\n\n", runs);
	bs_configs(x);
	int njobs = NCFG * (int)runs;
	long most = matches > x->smatches ? matches : x->smatches;
	most = most > x->sshort ? most : x->sshort;
	x->jobs = gl_calloc((size_t)njobs, sizeof *x->jobs);
	x->rewards = gl_calloc((size_t)njobs * (size_t)most, sizeof *x->rewards);
	if (!x->jobs || !x->rewards) {
		rc = gl_fail(err, GL_ENOMEM, "repro banerjee-stone: out of memory");
		goto done;
	}
	if (env->plan)
		env->plan(env->ctx, (double)njobs);
	for (int o = 0; o < 3; o++)
		snprintf(x->fpath[o], sizeof x->fpath[o], "%s/features-tictactoe-%s.txt",
			env->work ? env->work : env->dir, bs_opponents[o]);
	for (int c = 0; c < NCFG; c++)
		for (int r = 0; r < runs; r++) {
			job *j = &x->jobs[c * runs + r];
			j->c = &x->cfg[c];
			j->run = r;
			j->matches = (int)(c < 3 ? x->sshort : c < NSRC ? x->smatches : matches);
			j->seed = x->seed;
			j->source = c < NSRC;
			j->features = x->cfg[c].init == 1 ? x->fpath[x->cfg[c].opp] : NULL;
			j->reward = x->rewards + (size_t)(c * runs + r) * (size_t)most;
			gl_fset_init(&j->fs, 2);
		}
	if ((rc = bs_source(x, err)) || (rc = bs_targets(x, err)))
		goto done;
	bs_summary(x);
	if ((rc = bs_claims(x, err)))
		goto done;
	gl_report_printf(rep, "\nwrote %s/{table1,fig3_connect3,fig4_othello4,fig5_capturego,"
		"fig6_othello4_weak,fig7_othello4_random,summary,claims,verdicts}.csv and the five "
		"figures as .svg\n", env->dir);
	gl_report_printf(rep, "%.1f s\n", gl_now() - t0);
	rc = gl_report_check(rep, err);
done:
	for (int c = NSRC; c < NCFG; c++)
		free_curve(&x->cv[c]);
	for (int len = 0; x->pooled_init && len < 2; len++)
		for (int o = 0; o < 3; o++)
			gl_fset_done(&x->pooled[len][o]);
	for (int i = 0; x->jobs && i < NCFG * (int)x->runs; i++) {
		gl_fset_done(&x->jobs[i].fs);
		gl_free(x->jobs[i].blob);
	}
	gl_free(x->jobs);
	gl_free(x->rewards);
	gl_free(x);
	return rc;
}

const gl_experiment_type gl_exp_banerjee_stone = {
	.name = "banerjee-stone",
	.summary = "TD(lambda) with lookahead-feature transfer: Table 1, Figures 3-7",
	.paper = "B. Banerjee and P. Stone, \"General Game Learning using Knowledge Transfer\", "
		"IJCAI 2007",
	.seeds = "--seed 1: run r draws from stream r (runs 1..--runs, 50)",
	.opts = bs_opts,
	.quick = "--runs 2 --matches 200 --source-short 50 --threads 2",
	.work = true,
	.run = bs_run,
};

/* --- the demo part ------------------------------------------------------------------- */

int gl_exp_bs_demo(uint64_t seed, const char *path, const gl_runner *runner,
	gl_report *rep, gl_err *err)
{
	enum { SRC = 1000, TGT = 1000, RUNS = 2 };
	gl_report_printf(rep, "\n== Transfer (Banerjee-Stone): tic-tac-toe features, then "
		"connect3 ==\n");
	static const config src = {"tictactoe", 0, 0, 0}, base = {"connect3", 0, 0, 0},
		tr = {"connect3", 0, 1, 0};
	int (*rw)[SRC > TGT ? SRC : TGT] = gl_calloc(1 + 2 * RUNS, sizeof *rw);
	job j[1 + 2 * RUNS];
	memset(j, 0, sizeof j);
	if (!rw)
		return gl_fail(err, GL_ENOMEM, "demo: out of memory");
	j[0] = (job){.c = &src, .run = 0, .matches = SRC, .seed = seed, .source = true,
		.reward = rw[0]};
	gl_fset_init(&j[0].fs, 2);
	int rc = run_all(runner, j, 1, err);
	if (rc)
		goto done;
	snprintf(j[0].fs.game, sizeof j[0].fs.game, "tictactoe");
	snprintf(j[0].fs.opponent, sizeof j[0].fs.opponent, "egreedy");
	if ((rc = gl_fset_save(&j[0].fs, path, err)))
		goto done;
	int trees = 0;
	for (int i = 0; i < j[0].fs.n; i++)
		trees += gl_feature_is_tree(j[0].fs.f[i].text);
	gl_report_printf(rep, "tic-tac-toe, td against egreedy, %d matches: %d tree features "
		"valued\n", SRC, trees);
	for (int r = 0; r < RUNS; r++) {
		j[1 + r] = (job){.c = &base, .run = r, .matches = TGT, .seed = seed,
			.reward = rw[1 + r]};
		j[1 + RUNS + r] = (job){.c = &tr, .run = r, .matches = TGT, .seed = seed,
			.features = path, .reward = rw[1 + RUNS + r]};
	}
	rc = run_all(runner, j + 1, 2 * RUNS, err);
	remove(path);
	if (rc)
		goto done;
	gl_report_printf(rep, "connect3 against egreedy, cumulative average reward (mean of %d "
		"runs)\n", RUNS);
	gl_report_printf(rep, "%8s %10s %10s\n", "matches", "baseline", "transfer");
	double sb = 0, st = 0;
	for (int k = 0; k < TGT; k++) {
		for (int r = 0; r < RUNS; r++) {
			sb += rw[1 + r][k];
			st += rw[1 + RUNS + r][k];
		}
		if ((k + 1) % (TGT / 10) == 0)
			gl_report_printf(rep, "%8d %10.2f %10.2f\n", k + 1, sb / RUNS / (k + 1),
				st / RUNS / (k + 1));
	}
	rc = gl_report_check(rep, err);
done:
	for (int i = 0; i < 1 + 2 * RUNS; i++)
		gl_fset_done(&j[i].fs);
	gl_free(rw);
	return rc;
}
