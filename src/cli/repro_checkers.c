/*
 * repro_checkers.c - `gamelearn repro checkers-ga`: the checkers-GA
 * excerpt (alpha-beta over Samuel's terms, weights evolved by a genetic
 * tournament). The excerpt reports no numbers, so its claims are put
 * beside ours as statements:
 *   1. evolve with the excerpt's operators (evolve.h) and gamelearn's
 *      choices where it is silent (population, generations, depth, rates);
 *   2. the champion against (a) the all-ones start, (b) piece count only,
 *      (c) Samuel's strongest published terms, over all 43 ballots with
 *      both colours, at equal depth and at equal time: W/D/L, score with a
 *      95% interval, Elo difference;
 *   3. the champion of every generation against all-ones (equal depth):
 *      does evolution help, from which generation, by how much;
 *   4. forward pruning (the excerpt's named improvement) at equal time:
 *      depth reached and results against the unpruned search.
 */
#include "cli.h"
#include "report.h"

#include "gamelearn/stats.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Samuel's strongest terms after 42 games (samuel-terms.md): sign and
 * power of two; every other term 0. Piece advantage was always present
 * and not learned in Samuel's program, with a weight above all others:
 * gamelearn gives it 2^20 (its value is not published). */
static const struct {
	const char *name;
	double w;
} samuel_terms[] = {
	{"PADV", 1 << 20}, {"MOC2", -(1 << 18)}, {"KCENT", 1 << 16},
	{"MOC4", -(1 << 14)}, {"MODE3", -(1 << 13)}, {"DEMMO", -(1 << 11)},
	{"MOVE", 1 << 8}, {"ADV", -(1 << 8)}, {"MODE2", -(1 << 8)},
	{"BACK", -(1 << 6)}, {"CNTR", 1 << 5}, {"THRET", 1 << 5},
	{"MOC3", 1 << 4},
};

typedef struct opts {
	int pop, gens, depth, games, prune, prune_games;
	int ballots;     /* of the 43, in the evaluation matches */
	double seconds, pc, pm;
	uint64_t seed;
	long threads;
	const char *out;
} opts;

/* A weight vector by names; every other weight 0. */
static void named_weights(gl_weights *w, const gl_game *g, bool samuel)
{
	gl_err err;
	if (gl_weights_init(w, g, 0.0, &err))
		cli_die(EXIT_RUN, "repro checkers-ga: %s", err.msg);
	for (size_t i = 0; i < sizeof samuel_terms / sizeof *samuel_terms; i++) {
		if (!samuel && i > 0)
			break;
		for (int k = 0; k < w->n; k++)
			if (!strcmp(g->feature_names[k], samuel_terms[i].name))
				w->w[k] = samuel ? samuel_terms[i].w : 1;
	}
	gl_weights_ready(w);
}

/* The outcome of a set of duels for player `me` (a wplayer pointer). */
typedef struct tally {
	gl_stats st;
	long depth, moves;
	uint64_t nodes;
} tally;

static void tally_add(tally *t, const gl_duel *d, const gl_wplayer *me)
{
	int k = d->p[0] == me ? 0 : 1;
	int res = d->result < 0 ? 0 : d->result == k ? 1 : -1;
	gl_stats_add(&t->st, res > 0 ? 100 : res < 0 ? 0 : 50, res);
	t->depth += d->depth[k];
	t->moves += d->moves[k];
	t->nodes += d->nodes[k];
}

/* Elo difference of a score s in (0, 1), clipped half a game from 0 and
 * 1 so that a clean sweep stays finite. */
static double elo(double s, uint64_t n)
{
	double e = 0.5 / (double)(n ? n : 1);
	s = s < e ? e : s > 1 - e ? 1 - e : s;
	return -400 * log10(1 / s - 1);
}

/* Fill 2 * nopen duels: me against them over every opening, both colours. */
static void all_ballots(gl_duel *d, int nopen, const gl_wplayer *me,
	const gl_wplayer *them)
{
	for (int i = 0; i < 2 * nopen; i++) {
		memset(&d[i], 0, sizeof d[i]);
		d[i].opening = i / 2;
		d[i].p[0] = i % 2 ? them : me;
		d[i].p[1] = i % 2 ? me : them;
	}
}

static void play(const gl_game *g, const gl_openings *o, gl_duel *d, int n,
	cli_pool *pool)
{
	gl_err err;
	if (gl_duels_play(g, o, d, n, 200, (size_t)2 << 20, &pool->runner, &err))
		cli_die(EXIT_RUN, "repro checkers-ga: %s", err.msg);
}

static const cli_opt ck_opts[] = {
	{"pop", "P", "16", "members", 0},
	{"gens", "G", "20", "generations", 0},
	{"depth", "D", "4", "plies a move in the tournament and at equal depth", 0},
	{"games", "K", "2", "games a pairing", 0},
	{"time-ms", "MS", "10", "milliseconds a move at equal time", 0},
	{"prune", "W", "3", "forward pruning width measured", 0},
	{"prune-games", "N", "200", "games of pruned against unpruned", 0},
	{"seed", "S", "1", "the run's seed", 0},
	{"threads", "T", "all cores", "games played at once", 0},
	{"quick", NULL, NULL, "a tiny run for tests: pop 4, 2 gens, depth 2, 2 ms, 4 ballots, 4 pruning games", 0},
	{"out", "DIR", "out/checkers-ga", "where the CSV, SVG and champion go", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_repro_checkers_spec = {
	"repro checkers-ga", "", 0, 0,
	"checkers GA over Samuel's terms: evolution, champion vs fixed evaluations, forward pruning",
	ck_opts,
	{"gamelearn repro checkers-ga --out out/checkers-ga",
	 "gamelearn repro checkers-ga --pop 32 --gens 40 --depth 6"}
};

static void parse(int argc, char **argv, opts *o)
{
	cli_args opt;
	cli_parse(&cli_repro_checkers_spec, argc, argv, &opt);
	bool quick = cli_given(&opt, "quick");
	*o = (opts){
		.pop = quick ? 4 : (int)cli_long(&opt, "pop", 2, 1024),
		.gens = quick ? 2 : (int)cli_long(&opt, "gens", 1, 100000),
		.depth = quick ? 2 : (int)cli_long(&opt, "depth", 1, 30),
		.games = (int)cli_long(&opt, "games", 1, GL_OPENINGS_MAX),
		.prune = (int)cli_long(&opt, "prune", 1, 100),
		.prune_games = quick ? 4 : (int)cli_long(&opt, "prune-games", 2, 100000),
		.ballots = quick ? 4 : 43,
		.seconds = quick ? 0.002 : (double)cli_long(&opt, "time-ms", 1, 100000) / 1000,
		.pc = 0.7, .pm = 0.05,
		.seed = (uint64_t)cli_long(&opt, "seed", 0, 0x7fffffffffffffffL),
		.threads = cli_given(&opt, "threads") ? cli_long(&opt, "threads", 1, 64) :
			sysconf(_SC_NPROCESSORS_ONLN),
		.out = cli_str(&opt, "out")};
	/* as the pool will use them */
	o->threads = o->threads < 1 ? 1 : o->threads > 64 ? 64 : o->threads;
}

static double mean_depth(const tally *t)
{
	return t->moves ? (double)t->depth / t->moves : 0;
}

/* A row: t's results, and the mean depth t and its opponents reached. */
static void print_vs(const char *name, const char *cond, const tally *t,
	const tally *them, gl_strbuf *csv)
{
	double s = gl_stats_mean(&t->st) / 100, h = gl_stats_ci95(&t->st) / 100;
	double lo = s - h < 0 ? 0 : s - h, hi = s + h > 1 ? 1 : s + h;
	printf("  %-28s %-11s %3" PRIu64 "/%3" PRIu64 "/%3" PRIu64
		"  %.3f [%.3f, %.3f]  %+6.0f [%+5.0f, %+5.0f]  %5.2f / %5.2f\n",
		name, cond, t->st.wins, t->st.draws, t->st.losses, s, lo, hi,
		elo(s, t->st.n), elo(lo, t->st.n), elo(hi, t->st.n), mean_depth(t),
		mean_depth(them));
	report_csv_field(csv, name);
	gl_strbuf_printf(csv, ",");
	report_csv_field(csv, cond);
	gl_strbuf_printf(csv, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		",%.4f,%.4f,%.4f,%.1f,%.2f,%.2f\n", t->st.wins,
		t->st.draws, t->st.losses, s, lo, hi, elo(s, t->st.n),
		mean_depth(t), mean_depth(them));
}

int repro_checkers_ga(int argc, char **argv)
{
	opts o;
	parse(argc, argv, &o);
	gl_game *g = cli_game("checkers");
	gl_err err;
	report_mkdir(o.out);
	double t0 = gl_now();

	gl_evolve_config c;
	gl_evolve_defaults(&c);
	c.pop = o.pop;
	c.gens = o.gens;
	c.depth = o.depth;
	c.games = o.games;
	c.pc = o.pc;
	c.pm = o.pm;
	c.seed = o.seed;
	gl_evolve *ev = gl_evolve_new(g, &c, &err);
	if (!ev)
		cli_die(EXIT_RUN, "repro checkers-ga: %s", err.msg);
	const gl_openings *op = gl_evolve_openings(ev);
	int nb = op->n < o.ballots ? op->n : o.ballots;

	printf("The checkers-GA excerpt: alpha-beta over Samuel's %u terms, weights "
		"evolved by a genetic tournament.\nseed %" PRIu64 ", %ld threads; the "
		"excerpt gives no numbers, so its claims stand beside ours as text.\n\n",
		g->nfeatures, o.seed, o.threads);
	printf("%-26s | %-40s | %s\n", "setting", "excerpt", "gamelearn");
	printf("%-26s | %-40s | %s\n", "search", "minimax + alpha-beta, fixed depth",
		"alpha-beta (PVS, TT, killers), fixed depth");
	printf("%-26s | %-40s | depth %d plies in the tournament\n", "depth",
		"not given", o.depth);
	printf("%-26s | %-40s | %d members, %d generations\n", "population, generations",
		"not given", o.pop, o.gens);
	printf("%-26s | %-40s | %s\n", "initial weights", "all 1",
		"all 1; members 1.. mutated once all over (identical members "
		"tie every game)");
	printf("%-26s | %-40s | %s\n", "fitness", "single elimination, random pairs,",
		"as excerpt; equal pieces: no points; the pairing");
	printf("%-26s | %-40s | %s\n", "", "win 10, tie 5 to more pieces, / total",
		"goes to more points, then pieces, then a coin");
	printf("%-26s | %-40s | %d a pairing, from the 43 ballots, both colours\n",
		"games a pairing", "not given", o.games);
	printf("%-26s | %-40s | %s\n", "selection", "by fitness (proportional)",
		"roulette wheel; generational, no elitism");
	printf("%-26s | %-40s | probability %.2f a pair of parents\n", "crossover",
		"single point, exchange right of it", o.pc);
	printf("%-26s | %-40s | probability %.2f a weight\n", "mutation",
		"w +/- r*w, r = U[0,1)^2; 0 -> r", o.pm);
	printf("%-26s | %-40s | %s\n\n", "game length", "not given",
		"200 plies, then a tie (checkers' own draw rules apply)");

	/* 1. Evolution */
	progress bar;
	progress_begin(&bar, "evolve", (double)(o.pop - 1) * o.games * o.gens);
	cli_pool pool;
	cli_pool_init(&pool, (int)o.threads, &bar);
	gl_weights *champ = malloc(sizeof *champ * (size_t)o.gens);
	double *gx = malloc(sizeof *gx * (size_t)o.gens * 5);
	if (!champ || !gx)
		cli_die(EXIT_RUN, "repro checkers-ga: out of memory");
	double *gbest = gx + o.gens, *gsd = gbest + o.gens;
	double *vs = gsd + o.gens, *vsh = vs + o.gens;
	printf("1. evolution (depth %d): fitness of the tournament's winner, spread\n",
		o.depth);
	for (int i = 0; i < o.gens; i++) {
		gl_evolve_gen r;
		if (gl_evolve_step(ev, &pool.runner, &r, &err))
			cli_die(EXIT_RUN, "repro checkers-ga: %s", err.msg);
		champ[i] = r.champ;
		gx[i] = i;
		gbest[i] = r.best;
		gsd[i] = r.sd;
		if (!bar.on || i == o.gens - 1)
			printf("   gen %3d: best %.3f  sd %.3f  (%d games, %.0f plies each)\n",
				i, r.best, r.sd, r.games, r.games ? (double)r.plies / r.games : 0);
	}
	progress_end(&bar);
	char path[4200];
	snprintf(path, sizeof path, "%s/champion.txt", o.out);
	if (cli_rank0() && gl_weights_save(&champ[o.gens - 1], path, &err))
		cli_die(EXIT_RUN, "repro checkers-ga: %s", err.msg);

	/* 2. The champion against three fixed evaluations */
	gl_weights ones, pieces, samuel;
	if (gl_weights_init(&ones, g, 1.0, &err))
		cli_die(EXIT_RUN, "repro checkers-ga: %s", err.msg);
	named_weights(&pieces, g, false);
	named_weights(&samuel, g, true);
	const gl_weights *opp[3] = {&ones, &pieces, &samuel};
	const char *oname[3] = {"(a) all ones", "(b) piece count only",
		"(c) Samuel's strongest terms"};
	gl_limits lims[2] = {{o.depth, 0, 0}, {0, 0, o.seconds}};
	const char *cond[2] = {"equal depth", "equal time"};
	gl_duel *d = calloc((size_t)(2 * nb) * 6 + (size_t)(2 * nb) * o.gens +
		(size_t)o.prune_games, sizeof *d);
	gl_wplayer *wp = calloc((size_t)o.gens + 16, sizeof *wp);
	if (!d || !wp)
		cli_die(EXIT_RUN, "repro checkers-ga: out of memory");
	for (int k = 0; k < 2; k++) {
		wp[2 * k] = (gl_wplayer){&champ[o.gens - 1], lims[k], 0};
		for (int j = 0; j < 3; j++) {
			wp[4 + 3 * k + j] = (gl_wplayer){opp[j], lims[k], 0};
			all_ballots(d + (size_t)(3 * k + j) * 2 * nb, nb, &wp[2 * k],
				&wp[4 + 3 * k + j]);
		}
	}
	progress_begin(&bar, "champion vs fixed", 12.0 * nb);
	pool.done = 0;
	play(g, op, d, 12 * nb, &pool);
	progress_end(&bar);
	printf("\n2. the last champion against fixed evaluations, %d ballots x 2 "
		"colours each (depth %d; time %.0f ms a move)\n", nb, o.depth,
		o.seconds * 1000);
	printf("  %-28s %-11s %11s  %-20s  %-22s  %s\n", "opponent", "condition",
		"W/D/L", "score [95%]", "Elo diff [95%]", "depth / theirs");
	gl_strbuf csv;
	gl_strbuf_init(&csv);
	gl_strbuf_printf(&csv, "opponent,condition,wins,draws,losses,score,lo,hi,"
		"elo,depth,opponent_depth\n");
	for (int k = 0; k < 2; k++)
		for (int j = 0; j < 3; j++) {
			tally t = {0}, them = {0};
			gl_stats_init(&t.st);
			gl_stats_init(&them.st);
			const gl_duel *dd = d + (size_t)(3 * k + j) * 2 * nb;
			for (int i = 0; i < 2 * nb; i++) {
				tally_add(&t, &dd[i], &wp[2 * k]);
				tally_add(&them, &dd[i], &wp[4 + 3 * k + j]);
			}
			print_vs(oname[j], cond[k], &t, &them, &csv);
		}
	printf("  (b) is PADV alone. (c) is PADV at 2^20 (always present in Samuel's "
		"program; its weight is not\n  published) and his 12 strongest terms "
		"after 42 games with their signs and powers of two. The integer\n"
		"  evaluation resolves a weight of about 1/40,000 of the others' "
		"sum times 64 (weights.h), so his\n  smallest terms (2^4, 2^5 beside "
		"2^20) barely count.\n");
	report_write(o.out, "checkers-ga-vs.csv", &csv);
	gl_strbuf_done(&csv);

	/* 3. Every generation's champion against all ones */
	gl_duel *dg = d + (size_t)(2 * nb) * 6;
	gl_wplayer *gw = wp + 16;
	gl_wplayer ones_p = {&ones, lims[0], 0};
	for (int i = 0; i < o.gens; i++) {
		gw[i] = (gl_wplayer){&champ[i], lims[0], 0};
		all_ballots(dg + (size_t)i * 2 * nb, nb, &gw[i], &ones_p);
	}
	progress_begin(&bar, "champions vs all ones", (double)o.gens * 2 * nb);
	pool.done = 0;
	play(g, op, dg, o.gens * 2 * nb, &pool);
	progress_end(&bar);
	gl_strbuf_init(&csv);
	gl_strbuf_printf(&csv, "gen,best_fitness,fitness_sd,score_vs_ones,lo,hi,"
		"wins,draws,losses\n");
	int first = -1;
	for (int i = 0; i < o.gens; i++) {
		tally t = {0};
		gl_stats_init(&t.st);
		for (int k = 0; k < 2 * nb; k++)
			tally_add(&t, &dg[(size_t)i * 2 * nb + k], &gw[i]);
		vs[i] = gl_stats_mean(&t.st) / 100;
		vsh[i] = gl_stats_ci95(&t.st) / 100;
		if (first < 0 && vs[i] - vsh[i] > 0.5)
			first = i;
		gl_strbuf_printf(&csv, "%d,%.6f,%.6f,%.4f,%.4f,%.4f,%" PRIu64 ",%" PRIu64
			",%" PRIu64 "\n", i, gbest[i], gsd[i], vs[i], vs[i] - vsh[i],
			vs[i] + vsh[i], t.st.wins, t.st.draws, t.st.losses);
	}
	report_write(o.out, "checkers-ga.csv", &csv);
	gl_strbuf_done(&csv);
	double *lo = malloc(sizeof *lo * (size_t)o.gens * 3);
	if (!lo)
		cli_die(EXIT_RUN, "repro checkers-ga: out of memory");
	double *hi = lo + o.gens, *half = hi + o.gens;
	for (int i = 0; i < o.gens; i++) {
		lo[i] = vs[i] - vsh[i];
		hi[i] = vs[i] + vsh[i];
		half[i] = 0.5;
	}
	plot_series ser[2] = {
		{"champion (95% band)", o.gens, gx, vs, lo, hi},
		{"even (0.5)", o.gens, gx, half, NULL, NULL},
	};
	char title[160];
	snprintf(title, sizeof title, "checkers GA: each generation's champion vs "
		"all-ones, %d ballots x 2, depth %d", nb, o.depth);
	plot_spec spec = {title, "generation", "score (win 1, draw 1/2)", false, true};
	report_plot(o.out, "checkers-ga-evolution.svg", &spec, ser, 2);
	plot_series fser[2] = {
		{"best fitness", o.gens, gx, gbest, NULL, NULL},
		{"fitness sd", o.gens, gx, gsd, NULL, NULL},
	};
	plot_spec fspec = {"checkers GA: the tournament's fitness by generation",
		"generation", "fitness (points / all points)", false, true};
	report_plot(o.out, "checkers-ga-fitness.svg", &fspec, fser, 2);
	printf("\n3. each generation's champion against all-ones (equal depth %d, %d "
		"games each): score [95%%]\n", o.depth, 2 * nb);
	for (int i = 0; i < o.gens; i++)
		printf("   gen %3d: %.3f [%.3f, %.3f]%s\n", i, vs[i], lo[i], hi[i],
			i == first ? "  <- first clearly above 0.5" : "");

	/* 4. Forward pruning at equal time */
	gl_duel *dp = dg + (size_t)(2 * nb) * o.gens;
	gl_limits tl = {0, 0, o.seconds};
	gl_wplayer pruned = {&champ[o.gens - 1], tl, o.prune};
	gl_wplayer full = {&champ[o.gens - 1], tl, 0};
	for (int i = 0; i < o.prune_games; i++) {
		memset(&dp[i], 0, sizeof dp[i]);
		dp[i].opening = (i / 2) % nb;
		dp[i].p[0] = i % 2 ? &full : &pruned;
		dp[i].p[1] = i % 2 ? &pruned : &full;
	}
	progress_begin(&bar, "forward pruning", o.prune_games);
	pool.done = 0;
	play(g, op, dp, o.prune_games, &pool);
	progress_end(&bar);
	tally tp = {0}, tf = {0};
	gl_stats_init(&tp.st);
	gl_stats_init(&tf.st);
	for (int i = 0; i < o.prune_games; i++) {
		tally_add(&tp, &dp[i], &pruned);
		tally_add(&tf, &dp[i], &full);
	}
	printf("\n4. forward pruning (best %d moves by the evaluation below the root) "
		"against none, both the last champion, %.0f ms a move, %d games\n",
		o.prune, o.seconds * 1000, o.prune_games);
	printf("  %-28s %-11s %11s  %-20s  %-22s  %s\n", "player", "condition",
		"W/D/L", "score [95%]", "Elo diff [95%]", "depth / theirs");
	gl_strbuf_init(&csv);
	gl_strbuf_printf(&csv, "player,condition,wins,draws,losses,score,lo,hi,"
		"elo,depth,opponent_depth\n");
	print_vs("pruned", "equal time", &tp, &tf, &csv);
	print_vs("unpruned", "equal time", &tf, &tp, &csv);
	report_write(o.out, "checkers-ga-prune.csv", &csv);
	gl_strbuf_done(&csv);
	double pdepth = mean_depth(&tp), fdepth = mean_depth(&tf);
	double pscore = gl_stats_mean(&tp.st) / 100, ph = gl_stats_ci95(&tp.st) / 100;

	/* The claims side by side */
	double last = vs[o.gens - 1];
	int positive = 1, better = -1;
	for (int k = 0; k < champ[o.gens - 1].n; k++)
		positive &= champ[o.gens - 1].w[k] > 0;
	for (int i = 1; i < o.gens && better < 0; i++)
		if (lo[i] > hi[0])
			better = i;
	char l1[96], l2[96], v1[64];
	printf("\nthe excerpt's claims and ours\n");
	printf("%-42s | %-52s | %s\n", "excerpt", "gamelearn", "verdict");
	snprintf(l1, sizeof l1, "score vs all-ones: gen 0 %.3f, last %.3f;", vs[0],
		last);
	if (better >= 0)
		snprintf(l2, sizeof l2, "clearly above gen 0's from generation %d", better);
	else
		snprintf(l2, sizeof l2, "never clearly above gen 0's");
	snprintf(v1, sizeof v1, "%s", better >= 0 ? "reproduced" :
		last > 0.5 ? "not shown beyond gen 0" : "not reproduced");
	printf("%-42s | %-52s | %s\n", "the GA learns the coefficients (implied)",
		l1, v1);
	printf("%-42s | %-52s |\n", "", l2);
	snprintf(l1, sizeof l1, "mean depth %.2f pruned vs %.2f unpruned,", pdepth,
		fdepth);
	snprintf(l2, sizeof l2, "score %.3f [%.3f, %.3f] at equal time", pscore,
		fmax(0, pscore - ph), fmin(1, pscore + ph));
	printf("%-42s | %-52s | %s\n", "forward pruning might improve play", l1,
		pscore - ph > 0.5 ? "improves here" :
		pscore + ph < 0.5 ? "worse here" : "no clear difference");
	printf("%-42s | %-52s |\n", "", l2);
	printf("%-42s | %-52s | %s\n", "Samuel's weights span -2^18..+2^16",
		positive ? "every evolved weight > 0" : "some evolved weight <= 0",
		"differs: the mutation keeps signs");
	printf("%-42s | %-52s | %s\n", "", "(raw DEMMO is always 0: DENY's squares "
		"are MOB's)", "");
	printf("%-42s | %-52s | %s\n", "init at 1 does not hurt learning",
		"not measured (no random-start run)", "open");
	printf("%-42s | %-52s | %s\n", "proportional mutation worked best",
		"not measured (no other mutation)", "open");
	{
		gl_strbuf vd;
		report_verdicts_init(&vd);
		char ov[200], ov2[300];
		snprintf(ov, sizeof ov, "score vs all-ones: generation 0 %.3f, last %.3f; ", vs[0],
			last);
		if (better >= 0)
			snprintf(ov2, sizeof ov2, "%sclearly above generation 0's from generation %d", ov,
				better);
		else
			snprintf(ov2, sizeof ov2, "%snever clearly above generation 0's", ov);
		report_verdict(&vd, "the GA learns the coefficients", "implied (the excerpt's aim)",
			ov2, better >= 0 ? "reproduced" : "unclear",
			"each generation's champion against all weights 1 at equal depth, 95% interval");
		snprintf(ov, sizeof ov, "pruned vs unpruned at %.0f ms a move: score %.3f [%.3f, "
			"%.3f], mean depth %.2f vs %.2f", o.seconds * 1000, pscore, fmax(0, pscore - ph),
			fmin(1, pscore + ph), pdepth, fdepth);
		report_verdict(&vd, "forward pruning", "\"might significantly improve performance\"",
			ov, pscore - ph > 0.5 ? "reproduced" : pscore + ph < 0.5 ? "fails" : "unclear",
			"the last champion with and without pruning, equal time a move");
		report_verdict(&vd, "coefficients' range", "Samuel's from -2^18 to +2^16",
			positive ? "every evolved weight > 0" : "some evolved weight <= 0", "differs",
			"the excerpt's mutation moves w within [0, 2w] from 1: a weight never changes sign");
		report_verdict(&vd, "initialising every weight to 1 does not hurt learning",
			"\"should not have any effect\"", "not measured (no random-start run)", "unclear",
			"");
		report_write(o.out, "verdicts.csv", &vd);
		gl_strbuf_done(&vd);
	}
	printf("\nwrote %s/checkers-ga.csv, checkers-ga-vs.csv, checkers-ga-prune.csv, "
		"checkers-ga-evolution.svg, checkers-ga-fitness.svg, champion.txt "
		"(%.0f s)\n", o.out, gl_now() - t0);
	free(lo);
	free(d);
	free(wp);
	free(champ);
	free(gx);
	gl_evolve_free(ev);
	gl_game_free(g);
	return 0;
}
