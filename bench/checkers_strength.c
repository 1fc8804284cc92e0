/*
 * checkers_strength.c - `gl-checkers-strength`: a benchmark of checkers
 * players, not a test (nothing here asserts anything). Two measures:
 *
 *   rate A         alpha-beta nodes per CPU second of player A searching
 *                  the 43 two-move ballot positions (evolve.h) to its
 *                  depth, and a signature of the moves it chose (equal
 *                  signatures: the same moves);
 *   match A B      A against B over the ballots, each with both colours
 *                  (86 games by default), a game still going after 200
 *                  plies a draw: wins, draws, losses, A's score with its
 *                  95% Wilson interval (gl_stats_score95), each side's
 *                  nodes and the CPU seconds of the run.
 *
 * With no arguments it prints the node rate at depth 8 of the shipped
 * champion (with quiescence) and of piece count only, then the champion
 * against piece count only at 10 ms a move each, over the 86 games
 * (what issue 73 asks of a benchmark; about 45 CPU seconds).
 *
 * A player is a comma list: eval=pieces (PADV alone), samuel (PADV at
 * 2^20 and Samuel's twelve strongest terms, as `repro checkers-ga`
 * weighs them), builtin (the game's evaluate()), ones, or a weights
 * file; depth=D (plies) or ms=M (milliseconds a move); q=1 (quiescence);
 * lazy=0 (rate only: every term computed, as before features_lazy).
 * --csv FILE appends the match's row to FILE (docs/data/checkers-strength.csv).
 */
#include "gamelearn/evolve.h"
#include "gamelearn/run.h"
#include "gamelearn/stats.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef GL_CHAMPION_FILE
#define GL_CHAMPION_FILE "data/checkers/champion.txt"
#endif

typedef struct player {
	char text[256];
	gl_weights w;
	bool builtin;
	gl_wplayer wp;
	bool quiesce;
	bool eager;      /* lazy=0: every term computed (the old evaluation) */
} player;

/* gl_weights_eval as it was before features_lazy: every term computed. */
static int eager_eval(void *ctx, const gl_game *g, const void *s)
{
	const gl_weights *w = ctx;
	double f[GL_WEIGHTS_MAX];
	g->type->features(g, s, f);
	return gl_weights_value(w, f);
}

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "gl-checkers-strength: %s%s\n", msg, arg ? arg : "");
	exit(2);
}

static void parse_player(player *p, const gl_game *g, const char *text)
{
	gl_err err;
	memset(p, 0, sizeof *p);
	snprintf(p->text, sizeof p->text, "%s", text);
	char buf[256];
	snprintf(buf, sizeof buf, "%s", text);
	p->wp.limits.depth = 6;
	const char *eval = "builtin";
	char *save = NULL;
	for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
		if (!strncmp(it, "eval=", 5))
			eval = it + 5;
		else if (!strncmp(it, "depth=", 6))
			p->wp.limits.depth = atoi(it + 6);
		else if (!strncmp(it, "ms=", 3)) {
			p->wp.limits.seconds = atof(it + 3) / 1000;
			p->wp.limits.depth = 0;
		} else if (!strncmp(it, "lazy=", 5))
			p->eager = atoi(it + 5) == 0;
		else if (!strncmp(it, "q=", 2))
			p->quiesce = atoi(it + 2) != 0;
		else
			die("unknown player item ", it);
	}
	if (!strcmp(eval, "builtin")) {
		p->builtin = true;
	} else if (!strcmp(eval, "pieces") || !strcmp(eval, "samuel")) {
		/* the fixed players of evolve's mode and of repro checkers-ga */
		if (gl_evolve_fixed_weights(&p->w, g, eval, &err))
			die(err.msg, NULL);
	} else if (!strcmp(eval, "ones")) {
		if (gl_weights_init(&p->w, g, 1, &err))
			die(err.msg, NULL);
	} else {
		if (gl_weights_init(&p->w, g, 1, &err) ||
		    gl_weights_load(&p->w, eval, &err))
			die(err.msg, NULL);
	}
	p->wp.w = p->builtin ? NULL : &p->w;
}

/* Nodes per CPU second over the ballot positions, and the moves' hash. */
static void rate(const gl_game *g, const gl_openings *o, player *p)
{
	gl_err err;
	gl_search *s = gl_search_new(g, (size_t)2 << 20, &err);
	if (!s)
		die(err.msg, NULL);
	gl_search_set_eval(s, p->builtin ? NULL : p->eager ? eager_eval :
		gl_weights_eval, &p->w);
	gl_search_set_quiesce(s, p->quiesce);
	void *st = malloc(g->state_size);
	uint64_t nodes = 0, sig = 0;
	double t0 = cpu_now();
	for (int i = 0; i < o->n; i++) {
		g->type->start(g, st);
		for (int k = 0; k < o->plies[i]; k++)
			g->type->apply(g, st, o->move[i][k]);
		gl_search_clear(s);
		gl_search_result r;
		gl_search_run(s, st, &p->wp.limits, &r);
		nodes += r.nodes;
		sig = gl_mix64(sig ^ (uint64_t)r.best);
	}
	double t = cpu_now() - t0;
	printf("rate  %-40s %10" PRIu64 " nodes %7.2f CPU s %8.0f knodes/s moves %016" PRIx64 "\n",
		p->text, nodes, t, nodes / t / 1000, sig);
	free(st);
	gl_search_free(s);
}

static void match(const gl_game *g, const gl_openings *o, player *a,
	player *b, int nb, int threads, const char *csv, const char *what)
{
	gl_duel *d = calloc((size_t)(2 * nb), sizeof *d);
	for (int i = 0; i < 2 * nb; i++) {
		d[i].opening = i / 2;
		player *first = i % 2 ? b : a, *second = i % 2 ? a : b;
		d[i].p[0] = &first->wp;
		d[i].p[1] = &second->wp;
		d[i].quiesce[0] = first->quiesce;
		d[i].quiesce[1] = second->quiesce;
	}
	gl_pool pool;
	gl_pool_init(&pool, threads, NULL, NULL);
	gl_err err;
	double t0 = cpu_now();
	if (gl_duels_play(g, o, d, 2 * nb, 200, (size_t)2 << 20,
			&pool.runner, &err))
		die(err.msg, NULL);
	double cpu = cpu_now() - t0;
	gl_stats st;
	gl_stats_init(&st);
	uint64_t na = 0, nbn = 0;
	for (int i = 0; i < 2 * nb; i++) {
		int k = i % 2; /* a's side */
		int res = d[i].result < 0 ? 0 : d[i].result == k ? 1 : -1;
		gl_stats_add(&st, res > 0 ? 100 : res < 0 ? 0 : 50, res);
		na += d[i].nodes[k];
		nbn += d[i].nodes[k ^ 1];
	}
	double lo, hi, sc = gl_stats_score95(&st, &lo, &hi);
	printf("match %s vs %s: %d games, +%" PRIu64 " =%" PRIu64 " -%" PRIu64
		", score %.3f [%.3f, %.3f], nodes %" PRIu64 " vs %" PRIu64
		", %.1f CPU s\n", a->text, b->text, 2 * nb, st.wins, st.draws,
		st.losses, sc, lo, hi, na, nbn, cpu);
	if (csv) {
		FILE *f = fopen(csv, "a");
		if (!f)
			die("cannot append to ", csv);
		fprintf(f, "\"%s\",\"%s vs %s\",%d,%.3f,%.3f,%.3f,%.1f,\n", what,
			a->text, b->text, 2 * nb, sc, lo, hi, cpu);
		fclose(f);
	}
	free(d);
}

int main(int argc, char **argv)
{
	int nb = 43, threads = 1, pos = 0;
	const char *csv = NULL, *what = "", *args[3] = {NULL, NULL, NULL};
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ballots") && i + 1 < argc)
			nb = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
			threads = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			csv = argv[++i];
		else if (!strcmp(argv[i], "--what") && i + 1 < argc)
			what = argv[++i];
		else if (pos < 3)
			args[pos++] = argv[i];
		else
			die("usage: gl-checkers-strength [--ballots N] [--threads N] "
				"[--csv FILE --what TEXT] [rate A | match A B]", NULL);
	}
	if (nb < 1 || nb > 43)
		die("--ballots must be 1..43", NULL);
	gl_err err;
	gl_game *g = gl_game_new("checkers", &err);
	if (!g)
		die(err.msg, NULL);
	gl_openings o;
	if (gl_openings_make(&o, g, 2, 43, NULL, &err))
		die(err.msg, NULL);
	o.n = nb;
	static player pa, pb;
	if (pos == 0) {
		parse_player(&pa, g, "eval=" GL_CHAMPION_FILE ",ms=10,q=1");
		parse_player(&pb, g, "eval=pieces,ms=10");
		player r;
		parse_player(&r, g, "eval=" GL_CHAMPION_FILE ",depth=8,q=1");
		rate(g, &o, &r);
		parse_player(&r, g, "eval=pieces,depth=8");
		rate(g, &o, &r);
		match(g, &o, &pa, &pb, nb, threads, csv, what);
	} else if (!strcmp(args[0], "rate") && pos == 2) {
		parse_player(&pa, g, args[1]);
		rate(g, &o, &pa);
	} else if (!strcmp(args[0], "match") && pos == 3) {
		parse_player(&pa, g, args[1]);
		parse_player(&pb, g, args[2]);
		match(g, &o, &pa, &pb, nb, threads, csv, what);
	} else {
		die("want rate A or match A B", NULL);
	}
	gl_game_free(g);
	return 0;
}
