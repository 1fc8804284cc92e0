/*
 * checkers_ga.c - the experiment `checkers-ga`: the checkers-GA excerpt
 * (alpha-beta over Samuel's terms, weights evolved by a genetic
 * tournament). The excerpt reports no numbers, so its claims are judged
 * by what we measure (verdict.h's one rule, one family):
 *   1. evolve with the excerpt's operators (evolve.h) and gamelearn's
 *      choices where it is silent (population, generations, depth, rates);
 *   2. every generation's champion against three fixed evaluations at
 *      equal depth over all 43 ballots with both colours: all ones (the
 *      start), piece count only, and Samuel's strongest published terms;
 *      the last champion against them at equal time too;
 *   3. the excerpt's proportional mutation against the other mutation it
 *      names (a value uniform in the coefficients' range): short
 *      evolutions of each from the same seeds, their last champions
 *      played against each other;
 *   4. forward pruning (the excerpt's speculation) at equal time;
 *   5. the evolved weights' signs and spread beside Samuel's.
 * Every game is a piece of work (evolve.h's duels on the caller's
 * runner). The claims table in output.txt prints the very words of
 * verdicts.csv (gl_claims_verdict).
 */
#include "internal.h"

#include "gamelearn/evolve.h"
#include "gamelearn/stats.h"
#include "gamelearn/verdict.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "Samuel's strongest terms" is gl_evolve_fixed_weights' "samuel": his
 * strongest learned terms after 42 games (samuel-terms.md) by sign and
 * power of two, every other term 0. They are the terms his own learning
 * weighed most, so they are the strongest evaluation over these features
 * that his published results give. Piece advantage was always present
 * and not learned in his program, with a weight above all others:
 * gamelearn gives it 2^20 (its value is not published). */

/* "Distributed fairly evenly", made a rule before the run (claim 6):
 * the weights' magnitudes (log2 |w|) span at least EVEN_SPAN_MIN octaves
 * (Samuel's 12 learned terms span 14, 2^4..2^18; 10 keeps his order of
 * spread) and no stretch of the span without a weight is wider than
 * EVEN_GAP_MAX of it (his widest, 2^8..2^11, is 3 of 14). */
#define EVEN_SPAN_MIN 10.0
#define EVEN_GAP_MAX (1.0 / 3)

/* The fixed opponents of the champions. */
enum { OPP_ONES, OPP_PIECES, OPP_SAMUEL, NOPP };
static const char *const opp_name[NOPP] = {"all ones", "piece count only",
	"Samuel's strongest terms"};

typedef struct opts {
	int pop, gens, depth, games, prune, prune_games;
	int mut_runs, mut_gens; /* the mutation comparison */
	int ballots;     /* of the 43, in the evaluation matches */
	double seconds, pc, pm;
	uint64_t seed;
	int threads;     /* the runner's workers, as the text says */
} opts;

/* A weight vector by names; every other weight 0: PADV alone (piece
 * count), or Samuel's terms. */
static int named_weights(gl_weights *w, const gl_game *g, bool samuel, gl_err *err)
{
	return gl_evolve_fixed_weights(w, g, samuel ? "samuel" : "pieces", err);
}

/* The outcome of a set of duels for player `me` (a wplayer pointer). */
typedef struct tally {
	gl_stats st;
	long depth, moves;
	uint64_t nodes;
} tally;

static void tally_init(tally *t)
{
	memset(t, 0, sizeof *t);
	gl_stats_init(&t->st);
}

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

static const gl_option ck_opts[] = {
	{"pop", "P", "16", "members", 0},
	{"gens", "G", "20", "generations", 0},
	{"depth", "D", "4", "plies a move in the tournament and at equal depth", 0},
	{"games", "K", "2", "games a pairing", 0},
	{"time-ms", "MS", "10", "milliseconds a move at equal time", 0},
	{"prune", "W", "3", "forward pruning width measured", 0},
	{"prune-games", "N", "200", "games of pruned against unpruned", 0},
	{"mut-runs", "R", "16", "short evolutions of each mutation (seeds S+1..S+R)", 0},
	{"mut-gens", "G", "8", "generations of each short evolution", 0},
	{"seed", "S", "1", "the run's seed", 0},
	{"threads", "T", "all cores", "games played at once", 0},
	{"quick", NULL, NULL, "a tiny run for tests: pop 4, 2 gens, depth 2, 2 ms, 4 ballots, "
		"4 pruning games, 2 mutation runs of 2 generations", 0},
	{"out", "DIR", "out/checkers-ga", "where the CSV, SVG and champion go", 0},
	{NULL, NULL, NULL, NULL, 0}
};

static int parse(const gl_exp_args *a, const gl_exp_env *env, opts *o, gl_err *err)
{
	const char *w = "repro checkers-ga";
	bool quick = gl_exp_given(a, "quick");
	long pop = 4, gens = 2, depth = 2, games, prune, pg = 4, ms = 2, seed;
	long mr = 2, mg = 2;
	if ((!quick && (gl_exp_long(a, w, "pop", 2, 1024, &pop, err) ||
	    gl_exp_long(a, w, "gens", 1, 100000, &gens, err) ||
	    gl_exp_long(a, w, "depth", 1, 30, &depth, err) ||
	    gl_exp_long(a, w, "prune-games", 2, 100000, &pg, err) ||
	    gl_exp_long(a, w, "mut-runs", 1, 20, &mr, err) ||
	    gl_exp_long(a, w, "mut-gens", 1, 100000, &mg, err) ||
	    gl_exp_long(a, w, "time-ms", 1, 100000, &ms, err))) ||
	    gl_exp_long(a, w, "games", 1, GL_OPENINGS_MAX, &games, err) ||
	    gl_exp_long(a, w, "prune", 1, 100, &prune, err) ||
	    gl_exp_long(a, w, "seed", 0, 0x7fffffffffffffffL - 100, &seed, err))
		return GL_EINVAL;
	*o = (opts){(int)pop, (int)gens, (int)depth, (int)games, (int)prune, (int)pg,
		(int)mr, (int)mg, quick ? 4 : 43, (double)ms / 1000, 0.7, 0.05,
		(uint64_t)seed, env->runner && env->runner->workers > 0 ?
		env->runner->workers : 1};
	return 0;
}

/* An evolution's settings from the run's options: gens generations from
 * seed, the rest (pop, depth, games, pc, pm) as the options say and the
 * mutation the default's. */
static void evolve_config(const opts *o, int gens, uint64_t seed,
	gl_evolve_config *c)
{
	gl_evolve_defaults(c);
	c->pop = o->pop;
	c->gens = gens;
	c->depth = o->depth;
	c->games = o->games;
	c->pc = o->pc;
	c->pm = o->pm;
	c->seed = seed;
}

static double mean_depth(const tally *t)
{
	return t->moves ? (double)t->depth / t->moves : 0;
}

/* A row: t's results, and the mean depth t and its opponents reached. */
static void print_vs(gl_report *rep, const char *name, const char *cond, const tally *t,
	const tally *them, gl_table *csv)
{
	double lo, hi, s = gl_stats_score95(&t->st, &lo, &hi);
	gl_report_printf(rep, "  %-28s %-11s %3" PRIu64 "/%3" PRIu64 "/%3" PRIu64
		"  %.3f [%.3f, %.3f]  %+6.0f [%+5.0f, %+5.0f]  %5.2f / %5.2f\n",
		name, cond, t->st.wins, t->st.draws, t->st.losses, s, lo, hi,
		elo(s, t->st.n), elo(lo, t->st.n), elo(hi, t->st.n), mean_depth(t),
		mean_depth(them));
	gl_table_cells(rep, csv, "%s\t%s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
		"\t%.4f\t%.4f\t%.4f\t%.1f\t%.2f\t%.2f", name, cond, t->st.wins,
		t->st.draws, t->st.losses, s, lo, hi, elo(s, t->st.n),
		mean_depth(t), mean_depth(them));
}

/* What the parts of a run share. */
typedef struct ckctx {
	opts o;
	const gl_exp_env *env;
	gl_report *rep;
	const gl_game *g;
	const gl_openings *op;
	int nb;               /* ballots played */
	gl_weights opp[NOPP]; /* the fixed opponents */
	gl_weights *champ;    /* each generation's champion */
	double *gx, *gbest, *gsd, *half; /* per generation */
	double *vs[NOPP], *lo[NOPP], *hi[NOPP]; /* per generation and opponent */
	tally last[NOPP], last_them[NOPP]; /* the last champion and its opponents
					      at equal depth */
	/* the mutation comparison: each run's score of the proportional
	 * champion against the uniform one, less 0.5; all its games; the
	 * champions' weight spreads (octaves) and negative weights */
	double *mut_d;
	tally mut;
	long mut_games;
	double mut_secs;
	double span_prop[2], span_unif[2]; /* min, max over the runs */
	int neg_unif;                      /* runs whose champion has w < 0 */
	/* forward pruning at equal time */
	tally prune_p, prune_f;
} ckctx;

static void print_settings(ckctx *x)
{
	gl_report *rep = x->rep;
	const opts *o = &x->o;
	gl_report_printf(rep, "The checkers-GA excerpt: alpha-beta over Samuel's %u terms, "
		"weights evolved by a genetic tournament.\nseed %" PRIu64 ", %d threads; the "
		"excerpt gives no numbers, so its claims are judged by what we measure.\n\n",
		x->g->nfeatures, o->seed, o->threads);
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "setting", "excerpt", "gamelearn");
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "search", "minimax + alpha-beta, fixed "
		"depth", "alpha-beta (PVS, TT, killers), fixed depth");
	gl_report_printf(rep, "%-26s | %-40s | depth %d plies in the tournament\n", "depth",
		"not given", o->depth);
	gl_report_printf(rep, "%-26s | %-40s | %d members, %d generations\n",
		"population, generations", "not given", o->pop, o->gens);
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "initial weights", "all 1",
		"all 1; members 1.. mutated once all over (identical members "
		"tie every game)");
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "fitness", "single elimination, random "
		"pairs,", "as excerpt; equal pieces: no points; the pairing");
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "", "win 10, tie 5 to more pieces, / "
		"total", "goes to more points, then pieces, then a coin");
	gl_report_printf(rep, "%-26s | %-40s | %d a pairing, from the 43 ballots, both "
		"colours\n", "games a pairing", "not given", o->games);
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "selection", "by fitness (proportional)",
		"roulette wheel; generational, no elitism");
	gl_report_printf(rep, "%-26s | %-40s | probability %.2f a pair of parents\n",
		"crossover", "single point, exchange right of it", o->pc);
	gl_report_printf(rep, "%-26s | %-40s | probability %.2f a weight\n", "mutation",
		"w +/- r*w, r = U[0,1)^2; 0 -> r", o->pm);
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "the other mutation", "\"a random "
		"number somewhere in the possible", "uniform in [-2^18, 2^18), Samuel's range");
	gl_report_printf(rep, "%-26s | %-40s | %s\n", "", "range of the coefficients\" (worse)",
		"(measured in part 4)");
	gl_report_printf(rep, "%-26s | %-40s | %s\n\n", "game length", "not given",
		"200 plies, then a tie (checkers' own draw rules apply)");
}

/* 1. Evolution; the last champion a note (champion.txt). */
static int evolution(ckctx *x, gl_evolve *ev, gl_err *err)
{
	const opts *o = &x->o;
	gl_report_printf(x->rep, "1. evolution (depth %d): fitness of the tournament's winner, "
		"spread\n", o->depth);
	for (int i = 0; i < o->gens; i++) {
		gl_evolve_gen r;
		if (gl_evolve_step(ev, x->env->runner, &r, err))
			return err->code;
		x->champ[i] = r.champ;
		x->gx[i] = i;
		x->gbest[i] = r.best;
		x->gsd[i] = r.sd;
		if (!x->env->shown || i == o->gens - 1)
			gl_report_printf(x->rep, "   gen %3d: best %.3f  sd %.3f  (%d games, %.0f "
				"plies each)\n", i, r.best, r.sd, r.games, r.games ?
				(double)r.plies / r.games : 0);
	}
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_weights_text(&x->champ[o->gens - 1], &sb);
	gl_report_note(x->rep, "champion.txt", sb.buf ? sb.buf : "");
	x->rep->oom |= sb.oom;
	gl_strbuf_done(&sb);
	return 0;
}

/* 2. Every generation's champion against the three fixed evaluations at
 * equal depth: the curves (checkers-ga.csv keeps all ones' columns;
 * checkers-ga-curves.csv has every opponent), and the last champion's
 * tallies for the claims. */
static int curves(ckctx *x, gl_err *err)
{
	const opts *o = &x->o;
	gl_report *rep = x->rep;
	int nb = x->nb, per = 2 * nb;
	size_t nd = (size_t)o->gens * NOPP * per;
	gl_duel *d = gl_calloc(nd, sizeof *d);
	gl_wplayer *gw = gl_calloc((size_t)o->gens + NOPP, sizeof *gw);
	if (!d || !gw) {
		gl_free(d);
		gl_free(gw);
		return gl_fail(err, GL_ENOMEM, "repro checkers-ga: out of memory");
	}
	gl_limits depth = {o->depth, 0, 0};
	gl_wplayer *op = gw + o->gens;
	for (int j = 0; j < NOPP; j++)
		op[j] = (gl_wplayer){&x->opp[j], depth, 0};
	for (int i = 0; i < o->gens; i++) {
		gw[i] = (gl_wplayer){&x->champ[i], depth, 0};
		for (int j = 0; j < NOPP; j++)
			all_ballots(d + ((size_t)i * NOPP + j) * per, nb, &gw[i], &op[j]);
	}
	int rc = gl_duels_play(x->g, x->op, d, (int)nd, 200, (size_t)2 << 20,
		x->env->runner, err);
	if (rc) {
		gl_free(d);
		gl_free(gw);
		return rc;
	}
	gl_table *old = gl_report_table(rep, "checkers-ga.csv", "gen,best_fitness,fitness_sd,"
		"score_vs_ones,lo,hi,wins,draws,losses");
	gl_table *csv = gl_report_table(rep, "checkers-ga-curves.csv", "gen,opponent,wins,"
		"draws,losses,score,lo,hi");
	int first[NOPP] = {-1, -1, -1};
	for (int i = 0; i < o->gens; i++)
		for (int j = 0; j < NOPP; j++) {
			tally t;
			tally_init(&t);
			const gl_duel *dd = d + ((size_t)i * NOPP + j) * per;
			for (int k = 0; k < per; k++)
				tally_add(&t, &dd[k], &gw[i]);
			x->vs[j][i] = gl_stats_score95(&t.st, &x->lo[j][i], &x->hi[j][i]);
			if (first[j] < 0 && x->lo[j][i] > 0.5)
				first[j] = i;
			if (i == o->gens - 1) {
				x->last[j] = t;
				tally_init(&x->last_them[j]);
				for (int k = 0; k < per; k++)
					tally_add(&x->last_them[j], &dd[k], &op[j]);
			}
			gl_table_cells(rep, csv, "%d\t%s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
				"\t%.4f\t%.4f\t%.4f", i, opp_name[j], t.st.wins, t.st.draws,
				t.st.losses, x->vs[j][i], x->lo[j][i], x->hi[j][i]);
			if (j == OPP_ONES)
				gl_table_cells(rep, old, "%d\t%.6f\t%.6f\t%.4f\t%.4f\t%.4f\t%"
					PRIu64 "\t%" PRIu64 "\t%" PRIu64, i, x->gbest[i], x->gsd[i],
					x->vs[j][i], x->lo[j][i], x->hi[j][i], t.st.wins,
					t.st.draws, t.st.losses);
		}
	for (int i = 0; i < o->gens; i++)
		x->half[i] = 0.5;
	gl_series ser[NOPP + 1] = {
		{"vs all ones (95% band)", o->gens, x->gx, x->vs[0], x->lo[0], x->hi[0], 0},
		{"vs piece count only (95% band)", o->gens, x->gx, x->vs[1], x->lo[1], x->hi[1],
			1},
		{"vs Samuel's strongest terms (95% band)", o->gens, x->gx, x->vs[2], x->lo[2],
			x->hi[2], 2},
		{"even (0.5)", o->gens, x->gx, x->half, NULL, NULL, -1},
	};
	char title[160];
	snprintf(title, sizeof title, "checkers GA: each generation's champion, %d ballots x 2, "
		"depth %d", nb, o->depth);
	gl_report_figure(rep, "checkers-ga-evolution.svg", title, "generation",
		"champion's score (win 1, draw 1/2)", false, true, ser, NOPP + 1);
	gl_series fser[2] = {
		{"best fitness", o->gens, x->gx, x->gbest, NULL, NULL, -1},
		{"fitness sd", o->gens, x->gx, x->gsd, NULL, NULL, -1},
	};
	gl_report_figure(rep, "checkers-ga-fitness.svg", "checkers GA: the tournament's fitness "
		"by generation", "generation", "fitness (points / all points)", false, true, fser,
		2);
	gl_report_printf(rep, "\n2. each generation's champion against fixed evaluations "
		"(equal depth %d, %d games each): score [95%%]\n", o->depth, per);
	gl_report_printf(rep, "   %-7s  %-22s  %-22s  %s\n", "", "vs all ones",
		"vs piece count only", "vs Samuel's strongest");
	for (int i = 0; i < o->gens; i++) {
		gl_report_printf(rep, "   gen %3d", i);
		for (int j = 0; j < NOPP; j++)
			gl_report_printf(rep, "  %.3f [%.3f, %.3f]%c", x->vs[j][i], x->lo[j][i],
				x->hi[j][i], i == first[j] ? '*' : ' ');
		gl_report_printf(rep, "\n");
	}
	gl_report_printf(rep, "   (* the first generation clearly above 0.5 against that "
		"opponent");
	for (int j = 0; j < NOPP; j++)
		if (first[j] < 0)
			gl_report_printf(rep, "; never against %s", opp_name[j]);
	gl_report_printf(rep, ")\n");
	gl_free(d);
	gl_free(gw);
	return 0;
}

/* 3. The last champion against the fixed evaluations: equal depth (the
 * curves' last games) and equal time (played here). */
static int versus_fixed(ckctx *x, gl_err *err)
{
	const opts *o = &x->o;
	gl_report *rep = x->rep;
	int nb = x->nb, per = 2 * nb;
	gl_duel *d = gl_calloc((size_t)NOPP * per, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "repro checkers-ga: out of memory");
	gl_limits tl = {0, 0, o->seconds};
	gl_wplayer me = {&x->champ[o->gens - 1], tl, 0}, op[NOPP];
	for (int j = 0; j < NOPP; j++) {
		op[j] = (gl_wplayer){&x->opp[j], tl, 0};
		all_ballots(d + (size_t)j * per, nb, &me, &op[j]);
	}
	int rc = gl_duels_play(x->g, x->op, d, NOPP * per, 200, (size_t)2 << 20,
		x->env->runner, err);
	if (rc) {
		gl_free(d);
		return rc;
	}
	gl_report_printf(rep, "\n3. the last champion against fixed evaluations, %d ballots x 2 "
		"colours each (depth %d; time %.0f ms a move)\n", nb, o->depth, o->seconds * 1000);
	gl_report_printf(rep, "  %-28s %-11s %11s  %-20s  %-22s  %s\n", "opponent", "condition",
		"W/D/L", "score [95%]", "Elo diff [95%]", "depth / theirs");
	gl_table *csv = gl_report_table(rep, "checkers-ga-vs.csv", "opponent,condition,wins,"
		"draws,losses,score,lo,hi,elo,depth,opponent_depth");
	const char *label[NOPP] = {"(a) all ones", "(b) piece count only",
		"(c) Samuel's strongest terms"};
	for (int j = 0; j < NOPP; j++)
		print_vs(rep, label[j], "equal depth", &x->last[j], &x->last_them[j], csv);
	for (int j = 0; j < NOPP; j++) {
		tally t, them;
		tally_init(&t);
		tally_init(&them);
		for (int i = 0; i < per; i++) {
			tally_add(&t, &d[(size_t)j * per + i], &me);
			tally_add(&them, &d[(size_t)j * per + i], &op[j]);
		}
		print_vs(rep, label[j], "equal time", &t, &them, csv);
	}
	gl_report_printf(rep, "  (b) is PADV alone. (c) is PADV at 2^20 (always present in "
		"Samuel's program; its weight is not\n  published) and his 12 strongest terms "
		"after 42 games with their signs and powers of two. The integer\n  evaluation "
		"resolves a weight of about 1/40,000 of the others' sum times 64 (weights.h), so "
		"his\n  smallest terms (2^4, 2^5 beside 2^20) barely count.\n");
	gl_free(d);
	return 0;
}

/* The spread of w's magnitudes: log2 |w| of its non-zero weights into
 * *span (max - min, octaves), *gap (the widest stretch without one),
 * *lo and *hi; false when fewer than two are non-zero. */
static bool spread(const double *w, int n, double *span, double *gap, double *lo,
	double *hi)
{
	double e[GL_WEIGHTS_MAX];
	int m = 0;
	for (int i = 0; i < n && m < GL_WEIGHTS_MAX; i++)
		if (w[i] != 0)
			e[m++] = log2(fabs(w[i]));
	*span = *gap = *lo = *hi = 0;
	if (m < 2)
		return false;
	for (int i = 1; i < m; i++) /* insertion sort: at most 128 */
		for (int j = i; j > 0 && e[j - 1] > e[j]; j--) {
			double t = e[j];
			e[j] = e[j - 1];
			e[j - 1] = t;
		}
	for (int i = 1; i < m; i++)
		*gap = fmax(*gap, e[i] - e[i - 1]);
	*lo = e[0];
	*hi = e[m - 1];
	*span = *hi - *lo;
	return true;
}

/* 4. The proportional mutation against the uniform one: per run, two
 * short evolutions from one seed (the same first population), their
 * last champions against each other over every ballot, both colours. */
static int mutations(ckctx *x, gl_err *err)
{
	const opts *o = &x->o;
	gl_report *rep = x->rep;
	int nb = x->nb, per = 2 * nb, runs = o->mut_runs;
	double t0 = gl_now();
	gl_weights *ch = gl_calloc((size_t)2 * runs, sizeof *ch);
	gl_duel *d = gl_calloc((size_t)runs * per, sizeof *d);
	gl_wplayer *wp = gl_calloc((size_t)2 * runs, sizeof *wp);
	x->mut_d = gl_calloc((size_t)runs, sizeof *x->mut_d);
	int rc = 0;
	if (!ch || !d || !wp || !x->mut_d) {
		rc = gl_fail(err, GL_ENOMEM, "repro checkers-ga: out of memory");
		goto done;
	}
	x->mut_games = 0;
	for (int r = 0; r < runs; r++)
		for (int m = 0; m < 2; m++) {
			gl_evolve_config c;
			evolve_config(o, o->mut_gens, o->seed + 1 + (uint64_t)r, &c);
			c.mutation = m ? GL_MUTATE_UNIFORM : GL_MUTATE_PROP;
			gl_evolve *ev = gl_evolve_new(x->g, &c, err);
			if (!ev) {
				rc = err->code;
				goto done;
			}
			for (int i = 0; i < o->mut_gens && !rc; i++) {
				gl_evolve_gen g;
				if ((rc = gl_evolve_step(ev, x->env->runner, &g, err)))
					break;
				x->mut_games += g.games;
				ch[2 * r + m] = g.champ;
			}
			gl_evolve_free(ev);
			if (rc)
				goto done;
		}
	gl_limits depth = {o->depth, 0, 0};
	for (int r = 0; r < runs; r++) {
		for (int m = 0; m < 2; m++)
			wp[2 * r + m] = (gl_wplayer){&ch[2 * r + m], depth, 0};
		all_ballots(d + (size_t)r * per, nb, &wp[2 * r], &wp[2 * r + 1]);
	}
	if ((rc = gl_duels_play(x->g, x->op, d, runs * per, 200, (size_t)2 << 20,
			x->env->runner, err)))
		goto done;
	x->mut_games += runs * per;
	gl_report_printf(rep, "\n4. the proportional mutation against the uniform one "
		"(in [-2^18, 2^18)): %d runs, each two\n   evolutions of %d generations from seed "
		"S (the same first population), their last champions\n   against each other, %d "
		"ballots x 2 colours at depth %d; the proportional champion's side\n", runs,
		o->mut_gens, nb, o->depth);
	gl_report_printf(rep, "   %-4s %-6s %11s  %-20s  %-24s  %s\n", "run", "seed", "W/D/L",
		"score [95%]", "octaves prop / uniform", "negative w (uniform)");
	gl_table *csv = gl_report_table(rep, "checkers-ga-mutation.csv", "run,seed,wins,draws,"
		"losses,score,lo,hi,span_prop,span_uniform,negative_uniform");
	tally_init(&x->mut);
	x->span_prop[0] = x->span_unif[0] = INFINITY;
	x->span_prop[1] = x->span_unif[1] = -INFINITY;
	x->neg_unif = 0;
	for (int r = 0; r < runs; r++) {
		tally t;
		tally_init(&t);
		for (int i = 0; i < per; i++) {
			tally_add(&t, &d[(size_t)r * per + i], &wp[2 * r]);
			tally_add(&x->mut, &d[(size_t)r * per + i], &wp[2 * r]);
		}
		double lo, hi, s = gl_stats_score95(&t.st, &lo, &hi);
		x->mut_d[r] = s - 0.5;
		double sp[2], gap, a, b;
		int neg = 0;
		for (int m = 0; m < 2; m++)
			spread(ch[2 * r + m].w, ch[2 * r + m].n, &sp[m], &gap, &a, &b);
		for (int k = 0; k < ch[2 * r + 1].n; k++)
			neg += ch[2 * r + 1].w[k] < 0;
		x->neg_unif += neg > 0;
		x->span_prop[0] = fmin(x->span_prop[0], sp[0]);
		x->span_prop[1] = fmax(x->span_prop[1], sp[0]);
		x->span_unif[0] = fmin(x->span_unif[0], sp[1]);
		x->span_unif[1] = fmax(x->span_unif[1], sp[1]);
		uint64_t seed = o->seed + 1 + (uint64_t)r;
		gl_report_printf(rep, "   %-4d %-6" PRIu64 " %3" PRIu64 "/%3" PRIu64 "/%3" PRIu64
			"  %.3f [%.3f, %.3f]  %10.1f / %-11.1f  %d of %d\n", r + 1, seed,
			t.st.wins, t.st.draws, t.st.losses, s, lo, hi, sp[0], sp[1], neg,
			ch[2 * r + 1].n);
		gl_table_cells(rep, csv, "%d\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
			"\t%.4f\t%.4f\t%.4f\t%.2f\t%.2f\t%d", r + 1, seed, t.st.wins, t.st.draws,
			t.st.losses, s, lo, hi, sp[0], sp[1], neg);
	}
	x->mut_secs = gl_now() - t0;
	gl_report_printf(rep, "   cost: %ld games (%d evolutions and %d head-to-head), %.0f s\n",
		x->mut_games, 2 * runs, runs * per, x->mut_secs);
done:
	gl_free(ch);
	gl_free(d);
	gl_free(wp);
	return rc;
}

/* 5. Forward pruning at equal time. */
static int pruning(ckctx *x, gl_err *err)
{
	const opts *o = &x->o;
	gl_report *rep = x->rep;
	int nb = x->nb;
	gl_duel *dp = gl_calloc((size_t)o->prune_games, sizeof *dp);
	if (!dp)
		return gl_fail(err, GL_ENOMEM, "repro checkers-ga: out of memory");
	gl_limits tl = {0, 0, o->seconds};
	gl_wplayer pruned = {&x->champ[o->gens - 1], tl, o->prune};
	gl_wplayer full = {&x->champ[o->gens - 1], tl, 0};
	for (int i = 0; i < o->prune_games; i++) {
		dp[i].opening = (i / 2) % nb;
		dp[i].p[0] = i % 2 ? &full : &pruned;
		dp[i].p[1] = i % 2 ? &pruned : &full;
	}
	int rc = gl_duels_play(x->g, x->op, dp, o->prune_games, 200, (size_t)2 << 20,
		x->env->runner, err);
	if (rc) {
		gl_free(dp);
		return rc;
	}
	tally_init(&x->prune_p);
	tally_init(&x->prune_f);
	for (int i = 0; i < o->prune_games; i++) {
		tally_add(&x->prune_p, &dp[i], &pruned);
		tally_add(&x->prune_f, &dp[i], &full);
	}
	gl_free(dp);
	gl_report_printf(rep, "\n5. forward pruning (best %d moves by the evaluation below the "
		"root) against none, both the last champion, %.0f ms a move, %d games\n",
		o->prune, o->seconds * 1000, o->prune_games);
	gl_report_printf(rep, "  %-28s %-11s %11s  %-20s  %-22s  %s\n", "player", "condition",
		"W/D/L", "score [95%]", "Elo diff [95%]", "depth / theirs");
	gl_table *csv = gl_report_table(rep, "checkers-ga-prune.csv", "player,condition,wins,"
		"draws,losses,score,lo,hi,elo,depth,opponent_depth");
	print_vs(rep, "pruned", "equal time", &x->prune_p, &x->prune_f, csv);
	print_vs(rep, "unpruned", "equal time", &x->prune_f, &x->prune_p, csv);
	return 0;
}

/* --- The claims ------------------------------------------------------------- */

/* Claims 1-3: the last champion against fixed opponent j. Its score
 * counts a draw as half a point; the test is whether that score is above
 * 0.5, which it is exactly when wins outnumber losses, so a draw is left
 * out of the test (an exact binomial test of the wins among the decisive
 * games against 1/2, the sign test). */
static void claim_learns(ckctx *x, gl_claims *s, int j)
{
	const tally *t = &x->last[j];
	double lo, hi, sc = gl_stats_score95(&t->st, &lo, &hi);
	char claim[120], tol[400], ours[300];
	snprintf(claim, sizeof claim, "the GA learns: last champion vs %s", opp_name[j]);
	snprintf(tol, sizeof tol, "its score (win 1, draw 1/2) above 0.5 over %d ballots x 2 "
		"colours at depth %d: one-sided exact binomial test of the wins among decisive "
		"games against 1/2 (a draw leaves the score's side of 0.5 unchanged, so it is "
		"left out)", x->nb, x->o.depth);
	snprintf(ours, sizeof ours, "generation %d's champion: %" PRIu64 " W, %" PRIu64 " D, %"
		PRIu64 " L, score %.3f [%.3f, %.3f] (generation 0's: %.3f)", x->o.gens - 1,
		t->st.wins, t->st.draws, t->st.losses, sc, lo, hi, x->vs[j][0]);
	const char *why[NOPP] = {
		"all ones is where the evolution starts; beating it shows the GA moved",
		"PADV alone: material, the first thing a checkers evaluation counts",
		("PADV at 2^20 and Samuel's 12 strongest terms after 42 games "
		"(samuel-terms.md), the best weighting his published results give")};
	char w[300];
	snprintf(w, sizeof w, "%s; one evolution (its seed) judged over its games, which are "
		"the runs below", why[j]);
	gl_claim c = {.claim = claim, .paper = "implied: the GA learns the coefficients (the "
		"excerpt's aim)", .tolerance = tol, .ours = ours, .why = w};
	gl_claim_share(&c, t->st.wins, t->st.wins + t->st.losses, 0.5, 1);
	gl_claims_add(s, &c);
}

static void claim_mutation(ckctx *x, gl_claims *s)
{
	const opts *o = &x->o;
	int above = 0;
	double mean = 0;
	for (int r = 0; r < o->mut_runs; r++) {
		above += x->mut_d[r] > 0;
		mean += x->mut_d[r] + 0.5;
	}
	mean /= o->mut_runs;
	char tol[400], ours[400];
	snprintf(tol, sizeof tol, "one-sided paired sign-flip test over %d runs that the "
		"proportional mutation's last champion scores above 0.5 against the uniform "
		"mutation's (in [-2^18, 2^18), the range the excerpt compares with) from the same "
		"seed, %d generations each, %d ballots x 2 colours at depth %d", o->mut_runs,
		o->mut_gens, x->nb, o->depth);
	snprintf(ours, sizeof ours, "mean score %.3f (above 0.5 in %d of %d runs; %" PRIu64
		" W, %" PRIu64 " D, %" PRIu64 " L in all); cost %ld games", mean, above,
		o->mut_runs, x->mut.st.wins, x->mut.st.draws, x->mut.st.losses, x->mut_games);
	gl_claim c = {.claim = "proportional mutation worked best", .paper = "mutation "
		"\"worked best when the amount of mutation was proportional to the current "
		"value\" (against a random number in the coefficients' range)", .tolerance = tol,
		.ours = ours, .why = "one run is the seed's two evolutions; the uniform mutation "
		"sets a weight to about +/-2^17, which then outweighs the other terms together"};
	gl_claim_paired(&c, x->mut_d, o->mut_runs);
	gl_claims_add(s, &c);
}

static void claim_spread(ckctx *x, gl_claims *s)
{
	/* Samuel's 12 learned terms: the fixed player's weights but PADV */
	double w[GL_WEIGHTS_MAX];
	int nw = 0;
	gl_weights sw;
	if (!gl_evolve_fixed_weights(&sw, x->g, "samuel", NULL))
		for (int k = 0; k < sw.n; k++)
			if (sw.w[k] != 0 && strcmp(x->g->feature_names[k], "PADV"))
				w[nw++] = sw.w[k];
	double ss, sg, slo, shi, span, gap, lo, hi;
	spread(w, nw, &ss, &sg, &slo, &shi);
	const gl_weights *cw = &x->champ[x->o.gens - 1];
	bool some = spread(cw->w, cw->n, &span, &gap, &lo, &hi);
	bool holds = some && span >= EVEN_SPAN_MIN && gap <= EVEN_GAP_MAX * span;
	char paper[300], tol[300], ours[400], why[300];
	snprintf(paper, sizeof paper, "Samuel's coefficients \"distributed fairly evenly\" "
		"between -2^18 and +2^16; his 12 strongest (samuel-terms.md): |w| 2^%.0f..2^%.0f, "
		"%.0f octaves, widest gap %.0f", slo, shi, ss, sg);
	snprintf(tol, sizeof tol, "the last champion's log2 |w| over the %d terms span at "
		"least %.0f octaves, with no gap wider than a third of the span (Samuel's: %.0f of "
		"%.0f)", cw->n, EVEN_SPAN_MIN, sg, ss);
	snprintf(ours, sizeof ours, "|w| 2^%.2f..2^%.2f: %.2f octaves, widest gap %.2f; the "
		"short runs' champions span %.1f..%.1f octaves (proportional), %.1f..%.1f "
		"(uniform)", lo, hi, span, gap, x->span_prop[0], x->span_prop[1],
		x->span_unif[0], x->span_unif[1]);
	snprintf(why, sizeof why, "one run's champion, measured as it is; from 1, a mutation "
		"multiplies a weight by 1 + r (at most one octave up) or 1 - r (down without bound "
		"as r nears 1), r = U[0,1)^2, and a weight meets about %.0f of them in %d "
		"generations", 1 + x->o.pm * x->o.gens, x->o.gens);
	gl_claim c = {.claim = "Samuel's weights distributed fairly evenly", .paper = paper,
		.tolerance = tol, .ours = ours, .why = why, .kind = GL_CLAIM_EXACT,
		.holds = holds};
	gl_claims_add(s, &c);
}

static void claim_range(ckctx *x, gl_claims *s)
{
	const gl_weights *cw = &x->champ[x->o.gens - 1];
	double mn = INFINITY, mx = -INFINITY;
	for (int k = 0; k < cw->n; k++) {
		mn = fmin(mn, cw->w[k]);
		mx = fmax(mx, cw->w[k]);
	}
	char ours[200], why[300];
	snprintf(ours, sizeof ours, "the last champion's weights from %.3g to %.3g: %s", mn, mx,
		mn < 0 ? "some < 0" : "none < 0");
	snprintf(why, sizeof why, "the excerpt's mutation moves w within [0, 2w]: from 1 a "
		"weight never changes sign (the uniform mutation's champions have a negative "
		"weight in %d of %d runs)", x->neg_unif, x->o.mut_runs);
	gl_claim c = {.claim = "coefficients' range", .paper = "Samuel's from -2^18 to +2^16",
		.tolerance = "some evolved weight negative, as Samuel's are", .ours = ours,
		.why = why, .kind = GL_CLAIM_EXACT, .holds = mn < 0};
	gl_claims_add(s, &c);
}

static void claim_speculations(ckctx *x, gl_claims *s)
{
	double plo, phi, ps = gl_stats_score95(&x->prune_p.st, &plo, &phi);
	char ours[300];
	snprintf(ours, sizeof ours, "pruned (best %d) vs unpruned at %.0f ms a move: score "
		"%.3f [%.3f, %.3f] over %" PRIu64 " games, mean depth %.2f vs %.2f", x->o.prune,
		x->o.seconds * 1000, ps, plo, phi, x->prune_p.st.n, mean_depth(&x->prune_p),
		mean_depth(&x->prune_f));
	gl_claim c = {.claim = "forward pruning might improve play", .paper = "\"might "
		"significantly improve performance\"", .tolerance = "none: the excerpt "
		"speculates; what we measured is recorded", .ours = ours, .why = "the last "
		"champion with and without pruning, equal time a move (depends on the machine)",
		.kind = GL_CLAIM_SPECULATION};
	gl_claims_add(s, &c);
	gl_claim i = {.claim = "initialising every weight to 1 does not hurt learning",
		.paper = "\"should not have any effect\"", .tolerance = "none: the excerpt "
		"expects it and reports no test", .ours = "not measured (no random-start run)",
		.why = "", .kind = GL_CLAIM_SPECULATION};
	gl_claims_add(s, &i);
}

/* The claims, judged together; output.txt's table gives verdicts.csv's
 * words. */
static int claims(ckctx *x, gl_err *err)
{
	gl_report *rep = x->rep;
	gl_claims s;
	gl_claims_init(&s);
	claim_learns(x, &s, OPP_PIECES);
	claim_learns(x, &s, OPP_SAMUEL);
	claim_learns(x, &s, OPP_ONES);
	claim_mutation(x, &s);
	claim_spread(x, &s);
	claim_range(x, &s);
	claim_speculations(x, &s);
	gl_claims_judge(&s, rep);
	if (rep->oom) {
		gl_claims_done(&s);
		return gl_fail(err, GL_ENOMEM, "repro checkers-ga: out of memory");
	}
	const char *ex[] = {"the GA learns (vs piece count only)",
		"the GA learns (vs Samuel's strongest terms)", "the GA learns (vs all ones)",
		"proportional mutation worked best", "Samuel's weights distributed evenly",
		"Samuel's weights span -2^18..+2^16", "forward pruning might improve play",
		"init at 1 does not hurt learning"};
	char l1[8][96];
	for (int j = 0; j < 3; j++) {
		const tally *t = &x->last[j == 0 ? OPP_PIECES : j == 1 ? OPP_SAMUEL : OPP_ONES];
		double lo, hi, sc = gl_stats_score95(&t->st, &lo, &hi);
		snprintf(l1[j], sizeof l1[j], "last champion %.3f [%.3f, %.3f], %" PRIu64 "/%"
			PRIu64 "/%" PRIu64, sc, lo, hi, t->st.wins, t->st.draws, t->st.losses);
	}
	double mean = 0;
	for (int r = 0; r < x->o.mut_runs; r++)
		mean += x->mut_d[r] + 0.5;
	snprintf(l1[3], sizeof l1[3], "prop vs uniform: mean score %.3f over %d runs",
		mean / x->o.mut_runs, x->o.mut_runs);
	const gl_weights *cw = &x->champ[x->o.gens - 1];
	double span, gap, lo, hi, mn = INFINITY;
	spread(cw->w, cw->n, &span, &gap, &lo, &hi);
	for (int k = 0; k < cw->n; k++)
		mn = fmin(mn, cw->w[k]);
	snprintf(l1[4], sizeof l1[4], "champion's |w| span %.2f octaves, widest gap %.2f", span,
		gap);
	snprintf(l1[5], sizeof l1[5], "%s", mn < 0 ? "some evolved weight < 0" :
		"every evolved weight > 0: the mutation keeps signs");
	double plo, phi, ps = gl_stats_score95(&x->prune_p.st, &plo, &phi);
	snprintf(l1[6], sizeof l1[6], "pruned vs unpruned %.3f [%.3f, %.3f] (recorded)", ps,
		plo, phi);
	snprintf(l1[7], sizeof l1[7], "not measured (no random-start run)");
	gl_report_printf(rep, "\nthe excerpt's claims and ours\n");
	gl_report_printf(rep, "%-44s | %-54s | %s\n", "excerpt", "gamelearn", "verdict");
	for (int i = 0; i < s.n && i < 8; i++)
		gl_report_printf(rep, "%-44s | %-54s | %s\n", ex[i], l1[i],
			gl_verdict_word(gl_claims_verdict(&s, i)));
	gl_report_printf(rep, "\n");
	gl_claims_done(&s);
	return 0;
}

static int checkers_run(const gl_exp_args *a, const gl_exp_env *env, gl_report *rep,
	gl_err *err)
{
	ckctx x = {.env = env, .rep = rep};
	if (parse(a, env, &x.o, err))
		return GL_EINVAL;
	const opts *o = &x.o;
	double t0 = gl_now();
	gl_game *g = gl_game_new("checkers", err);
	if (!g)
		return err->code;
	x.g = g;
	gl_evolve_config c;
	evolve_config(o, o->gens, o->seed, &c);
	int rc = 0;
	gl_evolve *ev = gl_evolve_new(g, &c, err);
	if (!ev) {
		rc = err->code;
		goto done;
	}
	x.op = gl_evolve_openings(ev);
	x.nb = x.op->n < o->ballots ? x.op->n : o->ballots;
	x.champ = gl_malloc(sizeof *x.champ * (size_t)o->gens);
	x.gx = gl_malloc(sizeof *x.gx * (size_t)o->gens * (4 + 3 * NOPP));
	if (!x.champ || !x.gx) {
		rc = gl_fail(err, GL_ENOMEM, "repro checkers-ga: out of memory");
		goto done;
	}
	x.gbest = x.gx + o->gens;
	x.gsd = x.gbest + o->gens;
	x.half = x.gsd + o->gens;
	for (int j = 0; j < NOPP; j++) {
		x.vs[j] = x.half + (size_t)o->gens * (1 + 3 * j);
		x.lo[j] = x.vs[j] + o->gens;
		x.hi[j] = x.lo[j] + o->gens;
	}
	if ((rc = gl_weights_init(&x.opp[OPP_ONES], g, 1.0, err)) ||
	    (rc = named_weights(&x.opp[OPP_PIECES], g, false, err)) ||
	    (rc = named_weights(&x.opp[OPP_SAMUEL], g, true, err)))
		goto done;
	if (env->plan)
		env->plan(env->ctx, (double)(o->pop - 1) * o->games * (o->gens +
			2.0 * o->mut_runs * o->mut_gens) + 2.0 * x.nb * NOPP * (o->gens + 1) +
			2.0 * x.nb * o->mut_runs + o->prune_games);
	print_settings(&x);
	if ((rc = evolution(&x, ev, err)) || (rc = curves(&x, err)) ||
	    (rc = versus_fixed(&x, err)) || (rc = mutations(&x, err)) ||
	    (rc = pruning(&x, err)) || (rc = claims(&x, err)))
		goto done;
	gl_report_printf(rep, "wrote %s/verdicts.csv, checkers-ga.csv, checkers-ga-curves.csv, "
		"checkers-ga-vs.csv, checkers-ga-mutation.csv, checkers-ga-prune.csv, "
		"checkers-ga-evolution.svg, checkers-ga-fitness.svg, champion.txt (%.0f s)\n",
		env->dir, gl_now() - t0);
	rc = gl_report_check(rep, err);
done:
	gl_free(x.champ);
	gl_free(x.gx);
	gl_free(x.mut_d);
	gl_evolve_free(ev);
	gl_game_free(g);
	return rc;
}

const gl_experiment_type gl_exp_checkers_ga = {
	.name = "checkers-ga",
	.summary = "checkers GA over Samuel's terms: evolution, champions vs fixed evaluations, "
		"the two mutations, forward pruning",
	.paper = "checkers with a genetic algorithm over A. L. Samuel's factors (excerpt)",
	.seeds = "--seed 1 (the evolution and every game; the mutation runs use S+1..S+R; "
		"--time-ms games depend on the machine)",
	.opts = ck_opts,
	.quick = "--quick --threads 2",
	.run = checkers_run,
};
