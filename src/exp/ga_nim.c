/*
 * ga_nim.c - the experiment `ga-nim`: the genetic state-pair learner
 * (agent gapairs; textbook ch. 17 excerpt) on Nim 2-3-4 (the headline:
 * the excerpt's K of 30 suffices there) and 3-4-5 (the harder case),
 * normal and misere, against `perfect` and `random`, learner first and
 * second: per generation the win rate and the optimal-move rate (the
 * share of its moves, in positions that have a winning move, that leave
 * the opponent lost: Nim's evaluate() is exact), the game from which it
 * wins every game it can win, and how the population size K matters;
 * mean and range over the seeds; and how many games a generation should
 * have (our finding, not the excerpt's: 1, the default). Run k of --seeds
 * (0-based) plays from seed --seed + k, so --seed 1 gives the seeds 1..N
 * the experiment has always used. The claims are one family judged by
 * verdict.h's rule. Each seed of each setting is a piece of work; every
 * figure is fixed by the seeds.
 */
#include "internal.h"

#include "gamelearn/agent.h"
#include "gamelearn/verdict.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SEEDS_MAX = EXP_SEEDS_MAX };

typedef struct nim_cfg {
	const char *opp;  /* opponent spec */
	int seat;         /* the learner's seat */
} nim_cfg;

static const nim_cfg nim_cfgs[] = {
	{"perfect", 0}, {"perfect", 1}, {"random", 0}, {"random", 1},
};
enum { NCFG = 4 };

/* What the learner did in one game. */
typedef struct game_tally {
	bool won;       /* it won */
	bool winnable;  /* it had a winning position at one of its turns */
	int chances;    /* its moves in winning positions */
	int optimal;    /* of which, moves that leave the opponent lost */
} game_tally;

/* Score the learner's moves of match m (learner in seat); s and n are
 * two states of g. */
static void tally_match(const gl_game *g, const gl_match *m, int seat, game_tally *t,
	unsigned char *s, unsigned char *n)
{
	g->type->start(g, s);
	memset(t, 0, sizeof *t);
	for (int i = 0; i < m->nmoves; i++) {
		int who = g->type->to_move(g, s);
		memcpy(n, s, g->state_size);
		g->type->apply(g, n, m->moves[i]);
		if (who == seat && g->type->evaluate(g, s) > 0) {
			t->winnable = true;
			t->chances++;
			bool ok;
			if (g->type->terminal(g, n)) {
				int goals[GL_PLAYERS_MAX];
				g->type->goals(g, n, goals);
				ok = goals[seat] == 100;
			} else {
				ok = g->type->evaluate(g, n) < 0;
			}
			t->optimal += ok;
		}
		memcpy(s, n, g->state_size);
	}
	t->won = m->goals[seat] == 100;
}

enum { STREAK_MIN = 200 };

/* The game (1-based) from which every winnable game of t[0..ngames-1]
 * was won to the end, when that streak is at least STREAK_MIN games long
 * (or the whole run); else 0. */
static int nim_converged(const game_tally *t, int ngames)
{
	int since = 1;
	for (int k = 0; k < ngames; k++)
		if (t[k].winnable && !t[k].won)
			since = k + 2;
	int streak = ngames - since + 1;
	return since == 1 || streak >= STREAK_MIN ? since : 0;
}

/* The MiB of perfect's solver table for Nim of heap set hs (such as
 * "3-4-5", already read by the game): 64 bytes a position (two table
 * entries), a power of two from 1 to perfect's default 64. The default
 * table, made and cleared for every run, was most of the time of a small
 * run under the sanitizers (which touch all of it). */
static int nim_tt(const char *hs)
{
	double bytes = 64;
	char *end;
	for (const char *h = hs; *h; h = end + (*end == '-')) {
		bytes *= (double)strtol(h, &end, 10) + 1;
		if (end == h)
			break;
	}
	int mib = 1;
	while (mib < 64 && (double)mib * (1 << 20) < bytes)
		mib *= 2;
	return mib;
}

/* One learner run of ngames games (generations of `games` games) into
 * t[0..ngames-1], perfect's table tt MiB: 0, or an error code with a
 * message. */
static int nim_run(const gl_game *g, const nim_cfg *c, int K, int games, int ngames,
	int tt, uint64_t seed, game_tally *t, gl_err *err)
{
	char spec[96], ospec[48];
	snprintf(spec, sizeof spec, "gapairs:K=%d,games=%d", K, games);
	if (!strcmp(c->opp, "perfect"))
		snprintf(ospec, sizeof ospec, "perfect:tt=%d", tt);
	else
		snprintf(ospec, sizeof ospec, "%s", c->opp);
	gl_agent *learner = gl_agent_new(spec, g, NULL, err), *opp = NULL;
	unsigned char *s = gl_malloc(g->state_size), *n = gl_malloc(g->state_size);
	gl_match m;
	gl_match_init(&m);
	int rc = GL_ENOMEM;
	if (!learner || !(opp = gl_agent_new(ospec, g, NULL, err)))
		goto done;
	if (!s || !n) {
		gl_fail(err, GL_ENOMEM, "ga-nim: out of memory for states");
		goto done;
	}
	gl_agent *seats[2];
	seats[c->seat] = learner;
	seats[1 - c->seat] = opp;
	for (int k = 0; k < ngames; k++) {
		if ((rc = gl_match_play(g, seats, gl_mix64(seed * 1000003u + (uint64_t)k), &m,
				err)))
			goto done;
		tally_match(g, &m, c->seat, &t[k], s, n);
	}
	rc = 0;
done:
	gl_match_done(&m);
	gl_free(s);
	gl_free(n);
	gl_agent_free(learner);
	gl_agent_free(opp);
	return rc;
}

/* The seeds of one setting as pieces of work (work.h): seed seed0 + sd's
 * run into t[sd * ngames ...], its convergence game into gc[sd], a failure
 * into err[sd] (whose message is then the piece's result). A run's result
 * is its tallies; the convergence follows from them. */
typedef struct nim_job {
	const gl_game *g;
	const nim_cfg *c;
	int K, games, ngames;
	int tt;  /* perfect's table, MiB (nim_tt) */
	uint64_t seed0;  /* the first run's seed */
	game_tally *t;
	int *gc;
	gl_err *err;
} nim_job;

static void nim_piece(void *arg, int sd, int worker)
{
	(void)worker;
	nim_job *j = arg;
	game_tally *t = j->t + (size_t)sd * j->ngames;
	j->err[sd] = (gl_err){0};
	if (nim_run(j->g, j->c, j->K, j->games, j->ngames, j->tt, j->seed0 + (uint64_t)sd, t,
		    &j->err[sd]))
		return;
	j->gc[sd] = nim_converged(t, j->ngames);
}

static size_t nim_get(void *arg, int sd, const void **bytes)
{
	nim_job *j = arg;
	size_t failed = exp_failed_get(&j->err[sd], bytes);
	if (failed)
		return failed;
	*bytes = j->t + (size_t)sd * j->ngames;
	return sizeof *j->t * (size_t)j->ngames;
}

static int nim_put(void *arg, int sd, const void *bytes, size_t size, gl_err *err)
{
	nim_job *j = arg;
	if (size != sizeof *j->t * (size_t)j->ngames)
		return gl_fail(err, GL_EINVAL, "ga-nim run %d: %.*s", sd + 1,
			(int)(size < 200 ? size : 200), (const char *)bytes);
	memcpy(j->t + (size_t)sd * j->ngames, bytes, size);
	j->gc[sd] = nim_converged(j->t + (size_t)sd * j->ngames, j->ngames);
	return 0;
}

/* Every seed of a setting on the runner: 0, or the first failure. */
static int nim_seeds(const gl_exp_env *env, nim_job *j, int seeds, gl_err *err)
{
	gl_pieces p = {seeds, nim_piece, nim_get, nim_put, j, false};
	int rc = gl_run_pieces(env->runner, &p, err);
	return rc ? rc : exp_first_failure(j->err, seeds, err);
}

static const gl_option nim_opts[] = {
	{"out", "DIR", "repro-ga-nim", "where the CSV and SVG go", 0},
	{"seeds", "N", "25", "runs per setting", 0},
	{"seed", "S", "1", "the first run's seed (run k has S + k - 1)", 0},
	{"gens", "G", "3000", "generations a run", 0},
	{"games", "N", "1", "games a generation", 0},
	{"heaps", "LIST", "2-3-4,3-4-5", "Nim heap sets, comma-separated (each normal and misere)", 0},
	{"K", "LIST", "10,30,100,300", "population sizes, comma-separated", 0},
	{"games-sweep", "LIST", "1,2,5,10,25", "games a generation measured against perfect on the first heap set (same games in all)", 0},
	{"sweep-seeds", "N", "4 x --seeds", "runs per count of --games-sweep, at most 100 (run k from seed --seed + k - 1): our claim on games a generation needs more runs than the curves", 0},
	{"block", "N", "100", "games per point of the curves", 0},
	{"threads", "T", "all cores", "runs played at once (and under mpirun, on every rank)", 0},
	{"resume", NULL, NULL, "go on from the runs a stopped run with the same options finished (kept in DIR/pieces)", 0},
	{"stop-after", "K", "0", "stop once K runs are finished and kept (to test --resume; 0: never)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

enum { NHEAPS_MAX = 4, NK_MAX = 8 };

/* What a run is given, and what it keeps between its parts. */
typedef struct nim_run_ctx {
	const gl_exp_env *env;
	gl_report *rep;
	int seeds, gens, games, block, ngames, nb;
	int sweep_seeds; /* runs per count of the games sweep */
	int nsweep;      /* counts in the sweep */
	uint64_t seed;  /* the first run's seed (--seed) */
	gl_claims cl;   /* the excerpt's claims and ours, judged together */
	char heaps[NHEAPS_MAX][32];
	int nheaps;
	int Ks[NK_MAX], NK, kdef;  /* kdef: the curves' K, nearest the excerpt's 30 */
	game_tally *t;
	int gc[SEEDS_MAX];
	gl_err errs[SEEDS_MAX];
	/* per heap set (normal play), against perfect with the learner
	 * first, per K: runs that came to win every winnable game, median
	 * game */
	int hconv[NHEAPS_MAX][NK_MAX];
	double hmed[NHEAPS_MAX][NK_MAX];
} nim_run_ctx;

/* The next count of --games-sweep at *l (moved past it and its comma)
 * into *gm: 1..ngames; GL_EINVAL naming the list otherwise (an empty
 * list too). */
static int sweep_next(const char **l, const char *sweep, int ngames, long *gm,
	gl_err *err)
{
	char *end;
	*gm = strtol(*l, &end, 10);
	if (end == *l || *gm < 1 || *gm > ngames || (*end && *end != ',') ||
	    (*end == ',' && !end[1]))
		return gl_fail(err, GL_EINVAL, "repro ga-nim: --games-sweep takes "
			"counts of 1..%d such as 1,5, got '%s'", ngames, sweep);
	*l = *end ? end + 1 : end;
	return 0;
}

/* The options into x: 0, or GL_EINVAL naming the option. */
static int nim_options(const gl_exp_args *a, nim_run_ctx *x, gl_err *err)
{
	long v[6];
	if (gl_exp_long(a, "ga-nim", "seeds", 1, SEEDS_MAX, &v[0], err) ||
	    (gl_exp_given(a, "sweep-seeds") &&
	     gl_exp_long(a, "ga-nim", "sweep-seeds", 1, SEEDS_MAX, &v[5], err)) ||
	    gl_exp_long(a, "ga-nim", "seed", 0, INT64_MAX, &v[4], err) ||
	    gl_exp_long(a, "ga-nim", "gens", 1, 1000000, &v[1], err) ||
	    gl_exp_long(a, "ga-nim", "games", 1, 100000, &v[2], err) ||
	    gl_exp_long(a, "ga-nim", "block", 1, 1000000, &v[3], err))
		return GL_EINVAL;
	x->seeds = (int)v[0];
	x->gens = (int)v[1];
	x->games = (int)v[2];
	x->block = (int)v[3];
	x->seed = (uint64_t)v[4];
	x->sweep_seeds = gl_exp_given(a, "sweep-seeds") ? (int)v[5] :
		x->seeds * 4 < SEEDS_MAX ? x->seeds * 4 : SEEDS_MAX;
	const char *h = gl_exp_str(a, "heaps");
	while (*h) {
		size_t len = strcspn(h, ",");
		if (x->nheaps == NHEAPS_MAX || len == 0 || len >= sizeof x->heaps[0])
			return gl_fail(err, GL_EINVAL, "repro ga-nim: --heaps takes 1 to %d heap "
				"sets such as 1-2-4, got '%s'", NHEAPS_MAX, gl_exp_str(a, "heaps"));
		memcpy(x->heaps[x->nheaps], h, len);
		x->heaps[x->nheaps++][len] = '\0';
		h += len + (h[len] == ',');
	}
	const char *k = gl_exp_str(a, "K");
	while (*k) {
		char *end;
		long kv = strtol(k, &end, 10);
		if (x->NK == NK_MAX || end == k || kv < 1 || kv > 100000 || (*end && *end != ','))
			return gl_fail(err, GL_EINVAL, "repro ga-nim: --K takes 1 to %d sizes such "
				"as 10,30, got '%s'", NK_MAX, gl_exp_str(a, "K"));
		x->Ks[x->NK++] = (int)kv;
		k = *end ? end + 1 : end;
	}
	for (int i = 0; i < x->NK; i++)
		if (abs(x->Ks[i] - 30) < abs(x->Ks[x->kdef] - 30))
			x->kdef = i;
	x->ngames = x->gens * x->games;
	if (x->block > x->ngames)
		x->block = x->ngames;
	x->nb = x->ngames / x->block;
	/* the sweep's list checked now, not after the curves' runs */
	const char *sweep = gl_exp_str(a, "games-sweep");
	long gm;
	for (const char *l = sweep; l == sweep || *l; x->nsweep++)
		if (sweep_next(&l, sweep, x->ngames, &gm, err))
			return GL_EINVAL;
	return 0;
}

/* Setting c of variant v (a heap set, normal or misere) at every K: the
 * runs, their rows of csv and sum, one line of text; the curves of the
 * curves' K into px (7 arrays of nb: x, win mean, min, max, optimal mean,
 * min, max). */
static int nim_setting(nim_run_ctx *x, const gl_game *g, int v, int c, double *px,
	gl_table *csv, gl_table *sum, gl_err *err)
{
	gl_report *rep = x->rep;
	const char *hs = x->heaps[v / 2], *vname = v % 2 ? "misere" : "normal";
	const char *seat = nim_cfgs[c].seat ? "second" : "first";
	int seeds = x->seeds, block = x->block, nb = x->nb;
	for (int ki = 0; ki < x->NK; ki++) {
		int K = x->Ks[ki];
		double conv[SEEDS_MAX];
		int nconv = 0;
		nim_job j = {g, &nim_cfgs[c], K, x->games, x->ngames, nim_tt(hs), x->seed, x->t,
			x->gc, x->errs};
		if (nim_seeds(x->env, &j, seeds, err))
			return err->code;
		for (int sd = 0; sd < seeds; sd++)
			if (x->gc[sd])
				conv[nconv++] = x->gc[sd];
		exp_summary lw = {0, 0, 0, 0}, lo = {0, 0, 0, 0};
		int nlo = 0;
		for (int b = 0; b < nb; b++) {
			double wv[SEEDS_MAX], ov[SEEDS_MAX];
			int no = 0;
			for (int sd = 0; sd < seeds; sd++) {
				int w = 0, ch = 0, op = 0;
				for (int k = b * block; k < (b + 1) * block; k++) {
					const game_tally *y = &x->t[(size_t)sd * x->ngames + k];
					w += y->won;
					ch += y->chances;
					op += y->optimal;
				}
				wv[sd] = (double)w / block;
				if (ch)
					ov[no++] = (double)op / ch;
			}
			exp_summary a = exp_summarize(wv, seeds), o = exp_summarize(ov, no);
			gl_table_cells(rep, csv, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f", hs,
				vname, nim_cfgs[c].opp, seat, K, b * block + 1, (b + 1) * block,
				(b + 1) * block / x->games, a.mean, a.min, a.max);
			if (no)
				gl_table_cells(rep, csv, "%.4f\t%.4f\t%.4f", o.mean, o.min, o.max);
			else
				gl_table_cells(rep, csv, "\t\t");
			if (ki == x->kdef) {
				px[b] = (double)(b + 1) * block;
				px[nb + b] = a.mean;
				px[2 * nb + b] = a.min;
				px[3 * nb + b] = a.max;
				px[4 * nb + b] = no ? o.mean : 0;
				px[5 * nb + b] = no ? o.min : 0;
				px[6 * nb + b] = no ? o.max : 0;
			}
			lw = a;
			lo = o;
			nlo = no;
		}
		exp_summary cs = exp_summarize(conv, nconv);
		if (v % 2 == 0 && c == 0) {
			x->hconv[v / 2][ki] = nconv;
			x->hmed[v / 2][ki] = cs.med;
		}
		char ob[40], cb[64];
		if (nlo)
			snprintf(ob, sizeof ob, "%.2f [%.2f, %.2f]", lo.mean, lo.min, lo.max);
		else
			snprintf(ob, sizeof ob, "no chances");
		if (nconv)
			snprintf(cb, sizeof cb, "%2d/%d runs: %.0f [%.0f, %.0f]", nconv, seeds,
				cs.med, cs.min, cs.max);
		else
			snprintf(cb, sizeof cb, "%2d/%d runs", 0, seeds);
		gl_report_printf(rep, "%-7s %-7s %-8s %-6s %4d | %.2f [%.2f, %.2f] | %-17s | %s\n",
			hs, vname, nim_cfgs[c].opp, seat, K, lw.mean, lw.min, lw.max, ob, cb);
		gl_table_cells(rep, sum, "%s\t%s\t%s\t%s\t%d\t%.4f\t%.4f\t%.4f", hs, vname,
			nim_cfgs[c].opp, seat, K, lw.mean, lw.min, lw.max);
		if (nlo)
			gl_table_cells(rep, sum, "%.4f\t%.4f\t%.4f", lo.mean, lo.min, lo.max);
		else
			gl_table_cells(rep, sum, "\t\t");
		gl_table_cells(rep, sum, "%d", nconv);
		if (nconv)
			gl_table_cells(rep, sum, "%.0f\t%.0f\t%.0f", cs.med, cs.min, cs.max);
		else
			gl_table_cells(rep, sum, "\t\t");
	}
	return 0;
}

/* Every heap set, normal and misere: the table, the curves, the text. */
static int nim_curves(nim_run_ctx *x, gl_err *err)
{
	gl_report *rep = x->rep;
	int nb = x->nb;
	gl_table *csv = gl_report_table(rep, "ga-nim.csv", "heaps,variant,opponent,learner,K,"
		"games_from,games_to,generation_to,win_mean,win_min,win_max,opt_mean,opt_min,"
		"opt_max");
	gl_table *sum = gl_report_table(rep, "ga-nim-summary.csv", "heaps,variant,opponent,"
		"learner,K,last_block_win_mean,win_min,win_max,last_block_opt_mean,opt_min,"
		"opt_max,converged_runs,converged_game_median,converged_game_min,"
		"converged_game_max");
	double *cx = gl_malloc(sizeof(double) * (size_t)nb * NCFG * 7);
	if (!cx)
		return gl_fail(err, GL_ENOMEM, "repro ga-nim: out of memory");
	int rc = 0;
	for (int v = 0; !rc && v < 2 * x->nheaps; v++) {
		const char *hs = x->heaps[v / 2], *vname = v % 2 ? "misere" : "normal";
		char gspec[64];
		snprintf(gspec, sizeof gspec, "nim:heaps=%s%s", hs, v % 2 ? ",misere=1" : "");
		gl_game *g = gl_game_new(gspec, err);
		if (!g) {
			rc = err->code;
			break;
		}
		gl_series ws[NCFG], os[NCFG];
		char names[NCFG][48];
		for (int c = 0; !rc && c < NCFG; c++) {
			double *px = cx + (size_t)c * nb * 7;
			rc = nim_setting(x, g, v, c, px, csv, sum, err);
			snprintf(names[c], sizeof names[c], "vs %s, learner %s", nim_cfgs[c].opp,
				nim_cfgs[c].seat ? "second" : "first");
			ws[c] = (gl_series){names[c], nb, px, px + nb, px + 2 * nb, px + 3 * nb, -1};
			os[c] = (gl_series){names[c], nb, px, px + 4 * nb, px + 5 * nb, px + 6 * nb, -1};
		}
		gl_game_free(g);
		if (rc)
			break;
		char file[64], title[160];
		snprintf(title, sizeof title, "gapairs (K=%d) on %s Nim %s: win rate per %d games "
			"(mean, min-max of %d seeds)", x->Ks[x->kdef], vname, hs, x->block, x->seeds);
		snprintf(file, sizeof file, "ga-nim-win-%s-%s.svg", hs, vname);
		gl_report_figure(rep, file, title, "games played", "win rate", false, true, ws, NCFG);
		snprintf(title, sizeof title, "gapairs (K=%d) on %s Nim %s: optimal-move rate "
			"per %d games", x->Ks[x->kdef], vname, hs, x->block);
		snprintf(file, sizeof file, "ga-nim-optimal-%s-%s.svg", hs, vname);
		gl_report_figure(rep, file, title, "games played",
			"optimal share of moves in won positions", false, true, os, NCFG);
	}
	gl_free(cx);
	return rc;
}

/* "K about 25 or 30 suffices" is read as: at least this share of the runs
 * with that K come to win every game they can win (against perfect,
 * learner first, normal play), 4 runs in 5; fewer, significantly, and
 * the population is too small. */
#define K_SHARE 0.8

/* How K matters: the text and a claim per heap set. */
static void nim_k_claims(nim_run_ctx *x)
{
	gl_report *rep = x->rep;
	int kdef = x->kdef;
	gl_report_printf(rep, "\nThe excerpt takes K 'about 25 or 30, which should be more than "
		"the number of moves\nneeded for any optimal play'. Against perfect, learner "
		"first, normal play, runs that\ncame to win every winnable game (median game):\n");
	for (int h = 0; h < x->nheaps; h++) {
		gl_report_printf(rep, "  Nim %-8s", x->heaps[h]);
		for (int ki = 0; ki < x->NK; ki++) {
			gl_report_printf(rep, "  K %d: %d/%d", x->Ks[ki], x->hconv[h][ki], x->seeds);
			if (x->hconv[h][ki])
				gl_report_printf(rep, " (%.0f)", x->hmed[h][ki]);
		}
		gl_report_printf(rep, "\n");
	}
	gl_report_printf(rep, "The excerpt's K suffices on a heap set where K %d converges in "
		"at least %.0f%% of the\nruns: the headline set is the first --heaps (2-3-4 by "
		"default); 3-4-5 is the harder case.\n", x->Ks[kdef], 100 * K_SHARE);
	for (int h = 0; h < x->nheaps; h++) {
		char cl[96], ov[200], tol[200];
		snprintf(cl, sizeof cl, "K about 25-30 suffices, Nim %.24s (normal, vs perfect, "
			"first)", x->heaps[h]);
		snprintf(ov, sizeof ov, "K %d: %d of %d runs win every winnable game (median game "
			"%.0f)", x->Ks[kdef], x->hconv[h][kdef], x->seeds, x->hconv[h][kdef] ?
			x->hmed[h][kdef] : 0);
		for (int ki = 0; ki < x->NK; ki++)
			if (ki != kdef)
				snprintf(ov + strlen(ov), sizeof ov - strlen(ov), "; K %d: %d",
					x->Ks[ki], x->hconv[h][ki]);
		snprintf(tol, sizeof tol, "share of runs at K %d that come to win every winnable "
			"game (a streak of %d+ games to the end of %d) within [%.1f, 1]; exact binomial "
			"test", x->Ks[kdef], STREAK_MIN, x->ngames, K_SHARE);
		gl_claim c = {.claim = cl, .paper = "\"about 25 or 30, which should be more than "
			"the number of moves needed for any optimal play\"", .tolerance = tol,
			.ours = ov, .why = "the population must hold the pairs of optimal play from every "
			"position the learner meets; where it cannot, runs do not converge"};
		gl_claim_share(&c, (uint64_t)x->hconv[h][kdef], (uint64_t)x->seeds, K_SHARE, 1);
		gl_claims_add(&x->cl, &c);
	}
}

/* "Sooner than every other": an intersection-union test over the
 * comparisons d[i][0..n-1] (per seed, the other setting's convergence game
 * minus ours), each a paired sign-flip test (verdict.h): the claim holds
 * when every comparison does (p_holds the largest of theirs, which needs
 * no correction), and departs when one other setting is sooner
 * (p_differs the smallest of theirs times their number, Bonferroni).
 * verdict.h has no test of several comparisons at once. */
static void claim_soonest(gl_claim *c, double (*d)[SEEDS_MAX], int ncomp, int n)
{
	double ph = 0, pd = 1, z = INFINITY;
	for (int i = 0; i < ncomp; i++) {
		gl_claim one = {0};
		gl_claim_paired(&one, d[i], n);
		ph = fmax(ph, one.p_holds);
		pd = fmin(pd, one.p_differs);
		z = fmin(z, one.z_per_run);
	}
	c->kind = GL_CLAIM_TEST;
	c->p_holds = ncomp ? ph : GL_NO_TEST;
	c->p_differs = ncomp ? fmin(1, pd * ncomp) : GL_NO_TEST;
	c->runs = n;
	c->z_per_run = ncomp && isfinite(z) ? z : 0;
}

enum { SWEEP_MAX = 16 };
/* gapairs' default games a generation, whose choice the sweep checks. */
enum { GAMES_DEFAULT = 1 };

/* Games a generation: the same number of games split into generations of
 * g games, against perfect, learner first, on the first heap set at the
 * curves' K; and our claim that gapairs' default converges soonest. */
static int nim_games(nim_run_ctx *x, const char *sweep, gl_err *err)
{
	gl_report *rep = x->rep;
	int seeds = x->sweep_seeds, ngames = x->ngames, K = x->Ks[x->kdef];
	gl_table *gs = gl_report_table(rep, "ga-nim-games.csv", "heaps,K,games_per_generation,"
		"generations,converged_runs,converged_game_median,converged_game_min,"
		"converged_game_max,last_block_win_mean");
	char gspec[64];
	snprintf(gspec, sizeof gspec, "nim:heaps=%s", x->heaps[0]);
	gl_game *g = gl_game_new(gspec, err);
	if (!g)
		return err->code;
	gl_report_printf(rep, "\nGames a generation (normal Nim %s, K %d, against perfect, "
		"learner first, %d games a run in all, %d seeds):\n%-8s %-12s %s\n", x->heaps[0], K,
		ngames, seeds, "games", "generations", "wins all winnable from (game)");
	int rc = 0, ns = 0, def = -1;
	long gms[SWEEP_MAX];
	/* per sweep value and seed, the convergence game (ngames + 1: never) */
	double (*cg)[SEEDS_MAX] = gl_malloc(sizeof *cg * SWEEP_MAX);
	if (!cg) {
		gl_game_free(g);
		return gl_fail(err, GL_ENOMEM, "repro ga-nim: out of memory");
	}
	for (const char *l = sweep; *l;) {
		long gm;
		if ((rc = sweep_next(&l, sweep, ngames, &gm, err)))
			break;
		double conv[SEEDS_MAX], lastw = 0;
		int nconv = 0;
		nim_job j = {g, &nim_cfgs[0], K, (int)gm, ngames, nim_tt(x->heaps[0]), x->seed,
			x->t, x->gc, x->errs};
		if ((rc = nim_seeds(x->env, &j, seeds, err)))
			break;
		for (int sd = 0; sd < seeds; sd++) {
			if (x->gc[sd])
				conv[nconv++] = x->gc[sd];
			if (ns < SWEEP_MAX)
				cg[ns][sd] = x->gc[sd] ? x->gc[sd] : ngames + 1;
			int w = 0;
			for (int k = ngames - x->block; k < ngames; k++)
				w += x->t[(size_t)sd * ngames + k].won;
			lastw += (double)w / x->block / seeds;
		}
		if (ns < SWEEP_MAX) {
			if (gm == GAMES_DEFAULT && def < 0)
				def = ns;
			gms[ns++] = gm;
		}
		exp_summary cs = exp_summarize(conv, nconv);
		gl_report_printf(rep, "%-8ld %-12ld %2d/%d runs", gm, ngames / gm, nconv, seeds);
		if (nconv)
			gl_report_printf(rep, ": %.0f [%.0f, %.0f]", cs.med, cs.min, cs.max);
		gl_report_printf(rep, "\n");
		gl_table_cells(rep, gs, "%s\t%d\t%ld\t%ld\t%d", x->heaps[0], K, gm, ngames / gm,
			nconv);
		if (nconv)
			gl_table_cells(rep, gs, "%.0f\t%.0f\t%.0f\t%.4f", cs.med, cs.min, cs.max, lastw);
		else
			gl_table_cells(rep, gs, "\t\t\t%.4f", lastw);
	}
	gl_game_free(g);
	if (!rc && def >= 0 && ns > 1) {
		/* every other count against the default, seed by seed */
		double (*d)[SEEDS_MAX] = gl_malloc(sizeof *d * SWEEP_MAX);
		if (!d) {
			gl_free(cg);
			return gl_fail(err, GL_ENOMEM, "repro ga-nim: out of memory");
		}
		int nc = 0;
		char ov[300];
		int len = snprintf(ov, sizeof ov, "mean game from which it wins every winnable game "
			"(never: %d):", ngames + 1);
		for (int i = 0; i < ns; i++) {
			double m = 0;
			for (int sd = 0; sd < seeds; sd++)
				m += cg[i][sd] / seeds;
			if (len < (int)sizeof ov)
				len += snprintf(ov + len, sizeof ov - (size_t)len, "%s %ld: %.0f",
					i ? "," : "", gms[i], m);
			if (i == def)
				continue;
			for (int sd = 0; sd < seeds; sd++)
				d[nc][sd] = cg[i][sd] - cg[def][sd];
			nc++;
		}
		char cl[120], tol[400];
		snprintf(cl, sizeof cl, "ours: %d game a generation (gapairs' default) converges "
			"soonest (Nim %.20s, K %d, vs perfect, first)", GAMES_DEFAULT, x->heaps[0], K);
		snprintf(tol, sizeof tol, "per seed (the same seeds for every count) the game from "
			"which every winnable game is won, against each other count of --games-sweep: "
			"paired sign-flip tests, all sooner (intersection-union: the largest p), "
			"another count sooner departs (Bonferroni over the %d)", nc);
		gl_claim c = {.claim = cl, .paper = "not in the excerpt (our finding): it says only "
			"\"a fixed number of games\"", .tolerance = tol, .ours = ov,
			.why = "the excerpt leaves the number open; gapairs' default should be the one "
			"that converges soonest"};
		claim_soonest(&c, d, nc, seeds);
		gl_claims_add(&x->cl, &c);
		gl_free(d);
	} else if (!rc) {
		gl_report_printf(rep, "(no claim on games a generation: --games-sweep lacks %d or "
			"another count)\n", GAMES_DEFAULT);
	}
	gl_free(cg);
	return rc;
}

static int nim_exp_run(const gl_exp_args *a, const gl_exp_env *env, gl_report *rep,
	gl_err *err)
{
	nim_run_ctx *x = gl_calloc(1, sizeof *x);
	if (!x)
		return gl_fail(err, GL_ENOMEM, "repro ga-nim: out of memory");
	x->env = env;
	x->rep = rep;
	gl_claims_init(&x->cl);
	int rc = nim_options(a, x, err);
	if (rc)
		goto done;
	int most = x->seeds > x->sweep_seeds ? x->seeds : x->sweep_seeds;
	if (!(x->t = gl_malloc(sizeof *x->t * (size_t)most * (size_t)x->ngames))) {
		rc = gl_fail(err, GL_ENOMEM, "repro ga-nim: out of memory");
		goto done;
	}
	if (env->plan)
		env->plan(env->ctx, 2.0 * x->nheaps * NCFG * x->NK * x->seeds +
			(double)x->nsweep * x->sweep_seeds);
	gl_report_printf(rep, "gapairs on Nim: %d seeds (%" PRIu64 "..%" PRIu64 ", --seed %" PRIu64
		"), %d generations of %d game(s) =\n%d games per run; utility +1 win, -1 loss; keep "
		"0.5; pc 0.5. Rates over the last %d\ngames (mean [min, max] over seeds); optimal = "
		"share of its moves in winning\npositions that leave the opponent lost. 'wins all "
		"winnable from' = the game from\nwhich it won every game where it had a winning "
		"position, to the end of the run\n(a streak of %d+ games): median [min, max] over "
		"the runs that got there, in\ngames (= generations x %d).\n\n", x->seeds, x->seed,
		x->seed + (uint64_t)x->seeds - 1, x->seed, x->gens, x->games, x->ngames, x->block,
		STREAK_MIN, x->games);
	gl_report_printf(rep, "%-7s %-7s %-8s %-6s %4s | %-17s | %-17s | %s\n", "heaps",
		"variant", "opponent", "learner", "K", "win rate", "optimal moves",
		"wins all winnable from (game)");
	if ((rc = nim_curves(x, err)))
		goto done;
	nim_k_claims(x);
	if ((rc = nim_games(x, gl_exp_str(a, "games-sweep"), err)))
		goto done;
	gl_table *vt = gl_claims_judge(&x->cl, rep);
	gl_report_printf(rep, "\nThe claims (verdicts.csv: the tolerance, what we measured, the "
		"why):\n");
	for (int i = 0; i < x->cl.n; i++)
		gl_report_printf(rep, "  %-12s %s\n", gl_verdict_word(gl_claims_verdict(&x->cl, i)),
			vt ? gl_table_cell(vt, i, 0) : "");
	gl_report_printf(rep, "\nwrote %s/ga-nim.csv, ga-nim-summary.csv, ga-nim-games.csv, "
		"verdicts.csv,\nga-nim-{win,optimal}-HEAPS-{normal,misere}.svg\n", env->dir);
	rc = gl_report_check(rep, err);
done:
	gl_claims_done(&x->cl);
	gl_free(x->t);
	gl_free(x);
	return rc;
}

const gl_experiment_type gl_exp_ga_nim = {
	.name = "ga-nim",
	.summary = "genetic state-pair learner on Nim 3-4-5 (gapairs)",
	.paper = "the genetic state-pair learner of a textbook's chapter 17 (excerpt), on Nim",
	.seeds = "seeds --seed .. --seed + --seeds - 1 (1..25; the games sweep 4 times as "
		"many, 1..100): each run's games seeded from its seed",
	.opts = nim_opts,
	.quick = "--seeds 2 --gens 200 --block 50",
	.run = nim_exp_run,
};
