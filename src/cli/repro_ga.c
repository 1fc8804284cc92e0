/*
 * repro_ga.c - the two genetic experiments as `repro` commands:
 *
 * `gamelearn repro ga-nim`: the genetic state-pair learner (agent gapairs;
 * textbook ch. 17 excerpt) on Nim 2-3-4 (the headline: the excerpt's K of
 * 30 suffices there) and 3-4-5 (the harder case), normal and misere, against
 * `perfect` and `random`, learner first and second: per generation the win
 * rate and the optimal-move rate (the share of its moves, in positions
 * that have a winning move, that leave the opponent lost: Nim's
 * evaluate() is exact), the generation from which it wins every game it
 * can win, and how the population size K matters; 10 seeds, mean and range;
 * and how many games a generation should have (measured: 1, the default).
 *
 * `gamelearn repro hwang`: Hwang, Hong and Lin's experiments (section 4,
 * figures 4-1 to 4-7) on swap9: GA time and errors against depth,
 * population and generations, DFS time and errors against depth, GA
 * against DFS at equal time; with IDA*'s optimum beside them, and the same
 * searches on the 8-puzzle (the two hardest 31-move positions).
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

/* ============================ ga-nim ==================================== */

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

/* Score the learner's moves of match m (learner in seat). */
static void tally_match(const gl_game *g, const gl_match *m, int seat, game_tally *t)
{
	unsigned char *s = cli_state(g), *n = cli_state(g);
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
	gl_free(s);
	gl_free(n);
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

/* One learner run of ngames games (generations of `games` games) into
 * t[0..ngames-1]. Returns the game (1-based) from which every winnable
 * game was won to the end, when that streak is at least STREAK_MIN games
 * long (or the whole run); else 0. */
static int nim_run(const gl_game *g, const nim_cfg *c, int K, int games, int ngames,
	uint64_t seed, game_tally *t)
{
	char spec[96];
	snprintf(spec, sizeof spec, "gapairs:K=%d,games=%d", K, games);
	gl_agent *learner = cli_agent(spec, g);
	gl_agent *opp = cli_agent(c->opp, g);
	gl_agent *seats[2];
	seats[c->seat] = learner;
	seats[1 - c->seat] = opp;
	gl_match m;
	gl_match_init(&m);
	gl_err err = {0};
	for (int k = 0; k < ngames; k++) {
		if (gl_match_play(g, seats, gl_mix64(seed * 1000003u + (uint64_t)k), &m, &err))
			cli_die(EXIT_RUN, "repro ga-nim: %s", err.msg);
		tally_match(g, &m, c->seat, &t[k]);
	}
	gl_match_done(&m);
	gl_agent_free(learner);
	gl_agent_free(opp);
	return nim_converged(t, ngames);
}

/* The seeds of one setting as pieces of work (work.h): seed sd + 1's run
 * into t[sd * ngames ...], its convergence game into gc[sd]. A run's
 * result is its tallies; the convergence follows from them. */
typedef struct nim_job {
	const gl_game *g;
	const nim_cfg *c;
	int K, games, ngames;
	game_tally *t;
	int *gc;
} nim_job;

static void nim_piece(void *arg, int sd, int worker)
{
	(void)worker;
	nim_job *j = arg;
	j->gc[sd] = nim_run(j->g, j->c, j->K, j->games, j->ngames, (uint64_t)sd + 1,
		j->t + (size_t)sd * j->ngames);
}

static size_t nim_get(void *arg, int sd, const void **bytes)
{
	nim_job *j = arg;
	*bytes = j->t + (size_t)sd * j->ngames;
	return sizeof *j->t * (size_t)j->ngames;
}

static int nim_put(void *arg, int sd, const void *bytes, size_t size, gl_err *err)
{
	nim_job *j = arg;
	if (size != sizeof *j->t * (size_t)j->ngames)
		return gl_fail(err, GL_EINVAL, "ga-nim run %d: %zu bytes", sd, size);
	memcpy(j->t + (size_t)sd * j->ngames, bytes, size);
	j->gc[sd] = nim_converged(j->t + (size_t)sd * j->ngames, j->ngames);
	return 0;
}

/* Every seed of a setting on pool (threads, ranks). */
static void nim_seeds(cli_pool *pool, nim_job *j, int seeds)
{
	gl_pieces p = {seeds, nim_piece, nim_get, nim_put, j, false};
	gl_err err = {0};
	if (gl_run_pieces(&pool->runner, &p, &err))
		cli_die(EXIT_RUN, "repro ga-nim: %s", err.msg);
}

static const cli_opt nim_opts[] = {
	{"out", "DIR", "repro-ga-nim", "where the CSV and SVG go", 0},
	{"seeds", "N", "10", "runs per setting", 0},
	{"gens", "G", "3000", "generations a run", 0},
	{"games", "N", "1", "games a generation", 0},
	{"heaps", "LIST", "2-3-4,3-4-5", "Nim heap sets, comma-separated (each normal and misere)", 0},
	{"K", "LIST", "10,30,100,300", "population sizes, comma-separated", 0},
	{"games-sweep", "LIST", "1,2,5,10,25", "games a generation measured against perfect on the first heap set (same games in all)", 0},
	{"block", "N", "100", "games per point of the curves", 0},
	{"threads", "T", "all cores", "runs played at once (and under mpirun, on every rank)", 0},
	{"resume", NULL, NULL, "go on from the runs a stopped run with the same options finished (kept in DIR/pieces)", 0},
	{"stop-after", "K", "0", "stop once K runs are finished and kept (to test --resume; 0: never)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_repro_nim_spec = {
	"repro ga-nim", "", 0, 0,
	"genetic state-pair learner on Nim 3-4-5 (gapairs)", nim_opts,
	{"gamelearn repro ga-nim --out out/ga-nim",
	 "gamelearn repro ga-nim --seeds 3 --gens 500"}
};

int repro_ga_nim(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_repro_nim_spec, argc, argv, &opt);
	const char *out = cli_str(&opt, "out");
	int seeds = (int)cli_long(&opt, "seeds", 1, SEEDS_MAX);
	int gens = (int)cli_long(&opt, "gens", 1, 1000000);
	int games = (int)cli_long(&opt, "games", 1, 100000);
	int block = (int)cli_long(&opt, "block", 1, 1000000);
	int threads = cli_given(&opt, "threads") ? (int)cli_long(&opt, "threads", 1,
		CLI_THREADS_MAX) : (int)sysconf(_SC_NPROCESSORS_ONLN);
	enum { NHEAPS_MAX = 4, NK_MAX = 8 };
	char heaps[NHEAPS_MAX][32];
	int nheaps = 0;
	{
		const char *h = cli_str(&opt, "heaps");
		while (*h) {
			size_t len = strcspn(h, ",");
			if (nheaps == NHEAPS_MAX || len == 0 || len >= sizeof heaps[0])
				cli_die(EXIT_USAGE, "repro ga-nim: --heaps takes 1 to %d heap sets "
					"such as 1-2-4, got '%s'", NHEAPS_MAX, cli_str(&opt, "heaps"));
			memcpy(heaps[nheaps], h, len);
			heaps[nheaps++][len] = '\0';
			h += len + (h[len] == ',');
		}
	}
	int Ks[NK_MAX], NK = 0;
	{
		const char *k = cli_str(&opt, "K");
		while (*k) {
			char *end;
			long v = strtol(k, &end, 10);
			if (NK == NK_MAX || end == k || v < 1 || v > 100000 || (*end && *end != ','))
				cli_die(EXIT_USAGE, "repro ga-nim: --K takes 1 to %d sizes such as "
					"10,30, got '%s'", NK_MAX, cli_str(&opt, "K"));
			Ks[NK++] = (int)v;
			k = *end ? end + 1 : end;
		}
	}
	int K_DEFAULT = 0; /* the curves: the size nearest the excerpt's 30 */
	for (int i = 0; i < NK; i++)
		if (abs(Ks[i] - 30) < abs(Ks[K_DEFAULT] - 30))
			K_DEFAULT = i;
	report_mkdir(out);
	cli_keep_begin(&opt, out);
	int ngames = gens * games;
	if (block > ngames)
		block = ngames;
	int nb = ngames / block;
	game_tally *t = gl_malloc(sizeof *t * (size_t)seeds * (size_t)ngames);
	if (!t)
		cli_die(EXIT_RUN, "repro ga-nim: out of memory");
	gl_strbuf csv, sum;
	gl_strbuf_init(&csv);
	gl_strbuf_init(&sum);
	gl_strbuf_printf(&csv, "heaps,variant,opponent,learner,K,games_from,games_to,generation_to,"
		"win_mean,win_min,win_max,opt_mean,opt_min,opt_max\n");
	gl_strbuf_printf(&sum, "heaps,variant,opponent,learner,K,last_block_win_mean,win_min,win_max,"
		"last_block_opt_mean,opt_min,opt_max,converged_runs,converged_game_median,"
		"converged_game_min,converged_game_max\n");
	/* per heap set (normal play), against perfect with the learner
	 * first, per K: runs that came to win every winnable game, median
	 * game */
	int hconv[NHEAPS_MAX][NK_MAX];
	double hmed[NHEAPS_MAX][NK_MAX];
	printf("gapairs on Nim: %d seeds (1..%d), %d generations of %d game(s) = %d games per\n"
		"run; utility +1 win, -1 loss; keep 0.5; pc 0.5. Rates over the last %d games (mean\n"
		"[min, max] over seeds); optimal = share of its moves in winning positions that leave\n"
		"the opponent lost. 'wins all winnable from' = the game from which it won every game\n"
		"where it had a winning position, to the end of the run (a streak of %d+ games):\n"
		"median [min, max] over the runs that got there, in games (= generations x %d).\n\n",
		seeds, seeds, gens, games, ngames, block, STREAK_MIN, games);
	printf("%-7s %-7s %-8s %-6s %4s | %-17s | %-17s | %s\n", "heaps", "variant", "opponent",
		"learner", "K", "win rate", "optimal moves", "wins all winnable from (game)");
	double *cx = gl_malloc(sizeof(double) * (size_t)nb * NCFG * 7);
	if (!cx)
		cli_die(EXIT_RUN, "repro ga-nim: out of memory");
	progress bar;
	cli_pool pool;
	cli_pool_init(&pool, threads, &bar);
	progress_begin(&bar, "repro ga-nim", 2.0 * nheaps * NCFG * NK * seeds);
	int gc[SEEDS_MAX];
	for (int v = 0; v < 2 * nheaps; v++) {
		const char *hs = heaps[v / 2];
		char gspec[64];
		snprintf(gspec, sizeof gspec, "nim:heaps=%s%s", hs, v % 2 ? ",misere=1" : "");
		gl_game *g = cli_game(gspec);
		const char *vname = v % 2 ? "misere" : "normal";
		plot_series ws[NCFG], os[NCFG];
		char names[NCFG][48];
		for (int c = 0; c < NCFG; c++) {
			double *px = cx + (size_t)c * nb * 7;
			for (int ki = 0; ki < NK; ki++) {
				int K = Ks[ki];
				double conv[SEEDS_MAX];
				int nconv = 0;
				nim_job j = {g, &nim_cfgs[c], K, games, ngames, t, gc};
				nim_seeds(&pool, &j, seeds);
				for (int sd = 0; sd < seeds; sd++)
					if (gc[sd])
						conv[nconv++] = gc[sd];
				summary lw = {0, 0, 0, 0}, lo = {0, 0, 0, 0};
				int nlo = 0;
				for (int b = 0; b < nb; b++) {
					double wv[SEEDS_MAX], ov[SEEDS_MAX];
					int no = 0;
					for (int sd = 0; sd < seeds; sd++) {
						int w = 0, ch = 0, op = 0;
						for (int k = b * block; k < (b + 1) * block; k++) {
							const game_tally *x = &t[(size_t)sd * ngames + k];
							w += x->won;
							ch += x->chances;
							op += x->optimal;
						}
						wv[sd] = (double)w / block;
						if (ch)
							ov[no++] = (double)op / ch;
					}
					summary a = summarize(wv, seeds), o = summarize(ov, no);
					gl_strbuf_printf(&csv, "%s,%s,%s,%s,%d,%d,%d,%d,%.4f,%.4f,%.4f,", hs, vname,
						nim_cfgs[c].opp, nim_cfgs[c].seat ? "second" : "first", K,
						b * block + 1, (b + 1) * block, (b + 1) * block / games,
						a.mean, a.min, a.max);
					if (no)
						gl_strbuf_printf(&csv, "%.4f,%.4f,%.4f\n", o.mean, o.min, o.max);
					else
						gl_strbuf_printf(&csv, ",,\n");
					if (ki == K_DEFAULT) {
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
				summary cs = summarize(conv, nconv);
				if (v % 2 == 0 && c == 0) {
					hconv[v / 2][ki] = nconv;
					hmed[v / 2][ki] = cs.med;
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
				progress_end(&bar);
				printf("%-7s %-7s %-8s %-6s %4d | %.2f [%.2f, %.2f] | %-17s | %s\n", hs, vname,
					nim_cfgs[c].opp, nim_cfgs[c].seat ? "second" : "first", K,
					lw.mean, lw.min, lw.max, ob, cb);
				gl_strbuf_printf(&sum, "%s,%s,%s,%s,%d,%.4f,%.4f,%.4f,", hs, vname, nim_cfgs[c].opp,
					nim_cfgs[c].seat ? "second" : "first", K, lw.mean, lw.min, lw.max);
				if (nlo)
					gl_strbuf_printf(&sum, "%.4f,%.4f,%.4f,", lo.mean, lo.min, lo.max);
				else
					gl_strbuf_printf(&sum, ",,,");
				gl_strbuf_printf(&sum, "%d,", nconv);
				if (nconv)
					gl_strbuf_printf(&sum, "%.0f,%.0f,%.0f\n", cs.med, cs.min, cs.max);
				else
					gl_strbuf_printf(&sum, ",,\n");
			}
			snprintf(names[c], sizeof names[c], "vs %s, learner %s", nim_cfgs[c].opp,
				nim_cfgs[c].seat ? "second" : "first");
			ws[c] = (plot_series){names[c], nb, px, px + nb, px + 2 * nb, px + 3 * nb};
			os[c] = (plot_series){names[c], nb, px, px + 4 * nb, px + 5 * nb, px + 6 * nb};
		}
		char file[64], title[160], ylab[64];
		snprintf(title, sizeof title, "gapairs (K=%d) on %s Nim %s: win rate per %d games "
			"(mean, min-max of %d seeds)", Ks[K_DEFAULT], vname, hs, block, seeds);
		snprintf(file, sizeof file, "ga-nim-win-%s-%s.svg", hs, vname);
		plot_spec ps = {title, "games played", "win rate", false, true};
		report_plot(out, file, &ps, ws, NCFG);
		snprintf(title, sizeof title, "gapairs (K=%d) on %s Nim %s: optimal-move rate "
			"per %d games", Ks[K_DEFAULT], vname, hs, block);
		snprintf(ylab, sizeof ylab, "optimal share of moves in won positions");
		snprintf(file, sizeof file, "ga-nim-optimal-%s-%s.svg", hs, vname);
		ps.title = title;
		ps.ylabel = ylab;
		report_plot(out, file, &ps, os, NCFG);
		gl_game_free(g);
	}
	printf("\nThe excerpt takes K 'about 25 or 30, which should be more than the number of moves\n"
		"needed for any optimal play'. Against perfect, learner first, normal play, runs that\n"
		"came to win every winnable game (median game):\n");
	for (int h = 0; h < nheaps; h++) {
		printf("  Nim %-8s", heaps[h]);
		for (int ki = 0; ki < NK; ki++) {
			printf("  K %d: %d/%d", Ks[ki], hconv[h][ki], seeds);
			if (hconv[h][ki])
				printf(" (%.0f)", hmed[h][ki]);
		}
		printf("\n");
	}
	printf("The excerpt's K suffices on a heap set where K %d converges in every run: the\n"
		"headline set is the first --heaps (2-3-4 by default); 3-4-5 is the harder case.\n",
		Ks[K_DEFAULT]);
	gl_strbuf vd;
	report_verdicts_init(&vd);
	for (int h = 0; h < nheaps; h++) {
		char cl[96], ov[200];
		snprintf(cl, sizeof cl, "K about 25-30 suffices, Nim %.24s (normal, vs perfect, first)",
			heaps[h]);
		snprintf(ov, sizeof ov, "K %d: %d of %d runs win every winnable game (median game %.0f)",
			Ks[K_DEFAULT], hconv[h][K_DEFAULT], seeds, hconv[h][K_DEFAULT] ?
			hmed[h][K_DEFAULT] : 0);
		for (int ki = 0; ki < NK; ki++)
			if (ki != K_DEFAULT)
				snprintf(ov + strlen(ov), sizeof ov - strlen(ov), "; K %d: %d", Ks[ki],
					hconv[h][ki]);
		bool all = hconv[h][K_DEFAULT] == seeds;
		report_verdict(&vd, cl, "\"about 25 or 30, which should be more than the number of "
			"moves needed for any optimal play\"", ov, all ? "reproduced" : "differs",
			all ? "the population holds the learner's positions of optimal play here" :
			"more positions than K members meet in play: the population is too small");
	}

	/* games a generation: the same number of games split into
	 * generations of g games, against perfect, learner first, on the
	 * first heap set at the curves' K */
	gl_strbuf gs;
	gl_strbuf_init(&gs);
	gl_strbuf_printf(&gs, "heaps,K,games_per_generation,generations,converged_runs,"
		"converged_game_median,converged_game_min,converged_game_max,last_block_win_mean\n");
	{
		char gspec[64];
		snprintf(gspec, sizeof gspec, "nim:heaps=%s", heaps[0]);
		gl_game *g = cli_game(gspec);
		printf("\nGames a generation (normal Nim %s, K %d, against perfect, learner first, "
			"%d games a run in all, %d seeds):\n%-8s %-12s %s\n", heaps[0], Ks[K_DEFAULT],
			ngames, seeds, "games", "generations", "wins all winnable from (game)");
		const char *l = cli_str(&opt, "games-sweep");
		while (*l) {
			char *end;
			long gm = strtol(l, &end, 10);
			if (end == l || gm < 1 || gm > ngames || (*end && *end != ','))
				cli_die(EXIT_USAGE, "repro ga-nim: --games-sweep takes counts of 1..%d such as "
					"1,5, got '%s'", ngames, cli_str(&opt, "games-sweep"));
			l = *end ? end + 1 : end;
			double conv[SEEDS_MAX], lastw = 0;
			int nconv = 0;
			nim_job j = {g, &nim_cfgs[0], Ks[K_DEFAULT], (int)gm, ngames, t, gc};
			cli_pool quiet; /* past the bar's runs */
			cli_pool_init(&quiet, threads, NULL);
			nim_seeds(&quiet, &j, seeds);
			for (int sd = 0; sd < seeds; sd++) {
				if (gc[sd])
					conv[nconv++] = gc[sd];
				int w = 0;
				for (int k = ngames - block; k < ngames; k++)
					w += t[(size_t)sd * ngames + k].won;
				lastw += (double)w / block / seeds;
			}
			summary cs = summarize(conv, nconv);
			printf("%-8ld %-12ld %2d/%d runs", gm, ngames / gm, nconv, seeds);
			if (nconv)
				printf(": %.0f [%.0f, %.0f]", cs.med, cs.min, cs.max);
			printf("\n");
			gl_strbuf_printf(&gs, "%s,%d,%ld,%ld,%d,", heaps[0], Ks[K_DEFAULT], gm, ngames / gm,
				nconv);
			if (nconv)
				gl_strbuf_printf(&gs, "%.0f,%.0f,%.0f,%.4f\n", cs.med, cs.min, cs.max, lastw);
			else
				gl_strbuf_printf(&gs, ",,,%.4f\n", lastw);
		}
		gl_game_free(g);
	}
	{
		/* the best setting of games a generation, from the rows above */
		size_t pos = 0;
		char f[12][1024];
		report_csv_record(gs.buf, &pos, f, 12);
		double best = 1e18;
		char bestg[32] = "?", ov[200];
		while (report_csv_record(gs.buf, &pos, f, 12) >= 9)
			if (f[5][0] && atoi(f[4]) == seeds && atof(f[5]) < best) {
				best = atof(f[5]);
				snprintf(bestg, sizeof bestg, "%.20s", f[2]);
			}
		snprintf(ov, sizeof ov, "all runs converged soonest with %s game(s) a generation "
			"(median game %.0f); see ga-nim-games.csv", bestg, best);
		report_verdict(&vd, "games a generation: gapairs' default games=1",
			"\"a fixed number of games\" (not given)", ov,
			!strcmp(bestg, "1") ? "reproduced" : "differs",
			"the excerpt leaves it open; the default should be the setting that converges "
			"soonest");
	}
	report_write(out, "verdicts.csv", &vd);
	gl_strbuf_done(&vd);
	report_write(out, "ga-nim-games.csv", &gs);
	gl_strbuf_done(&gs);
	report_write(out, "ga-nim.csv", &csv);
	report_write(out, "ga-nim-summary.csv", &sum);
	printf("\nwrote %s/ga-nim.csv, ga-nim-summary.csv, ga-nim-games.csv, ga-nim-{win,optimal}-HEAPS-{normal,misere}.svg\n",
		out);
	gl_strbuf_done(&csv);
	gl_strbuf_done(&sum);
	gl_free(cx);
	gl_free(t);
	return 0;
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
