/*
 * bench.c - `gamelearn bench [--perft|--search|--matches|--playouts|--evolve]
 * [GAME...]`:
 *   perft    perft throughput per game at its bench depth, the node counts
 *            adding up to a determinism signature (a change that alters a
 *            count says so);
 *   search   alpha-beta nodes per second at a fixed depth (checkers,
 *            othello8 by default), with the node counts as a signature;
 *   matches  random-vs-random matches per second for every game;
 *   playouts random playouts per CPU second from the start, for about a
 *            CPU second per game (CPU time: the machine may be shared):
 *            through the game interface, and for a GDL game (gdl:FILE)
 *            also through the reasoner's joint-move API, one at a time and
 *            64 at a time, after its load (parse, check, ground, compile)
 *            time; rows "prover" where the game is played by the fallback
 *            reasoner (gdl:FILE,reasoner=prover); a gdl:FILE that the game
 *            interface refuses still gets the reasoner's rows;
 *   evolve   the checkers GA's costs: alpha-beta nodes per CPU second at
 *            depth 8 with the feature evaluation against the built-in
 *            one, from the start and from middle games, and the wall time
 *            of one generation of the default GA on 2 threads.
 * With no section named, all five run. Benchmarks live here, apart from
 * the tests: nothing asserts a time. On a terminal, stderr shows which
 * section and game is running; stdout's tables stay the same.
 */
#include "cli.h"

#include "gamelearn/agent.h"
#include "gamelearn/evolve.h"
#include "gamelearn/gdl.h"
#include "gamelearn/search.h"

#include <inttypes.h>
#include <string.h>
#include <time.h>

static const char *const perft_games[] = {
	"tictactoe", "hex", "nim", "connect3", "connect4", "capturego",
	"othello4", "othello6", "othello8", "checkers", "swap9", "npuzzle", NULL
};

static const char *const search_games[] = {"checkers", "othello8", "connect4", NULL};

static int count(const char *const *specs)
{
	int n = 0;
	while (specs[n])
		n++;
	return n;
}

/* On a terminal: the section, how far it is, and what runs now. The
 * line is cleared again before anything goes to stdout. */
static void running(progress *p, double done, const char *what)
{
	if (!p->on)
		return;
	snprintf(p->note, sizeof p->note, "%s", what);
	p->last_draw = 0; /* draw now */
	progress_update(p, done);
}

static uint64_t bench_perft(const char *const *specs)
{
	uint64_t signature = 0;
	double total = 0;
	printf("perft\n%-34s %5s %14s %9s %10s\n", "game", "depth", "nodes", "seconds", "Mnodes/s");
	fflush(stdout);
	progress bar;
	progress_begin(&bar, "bench perft", count(specs));
	for (int i = 0; specs[i]; i++) {
		running(&bar, i, specs[i]);
		gl_game *g = cli_game(specs[i]);
		void *s = cli_state(g);
		g->type->start(g, s);
		int depth = g->type->bench_depth > 0 ? g->type->bench_depth : 6;
		double t0 = gl_now();
		uint64_t n;
		gl_err err = {0};
		if (gl_perft(g, s, depth, &n, &err))
			cli_die(EXIT_RUN, "%s", err.msg);
		double dt = gl_now() - t0;
		total += dt;
		signature += n;
		progress_end(&bar);
		printf("%-34s %5d %14" PRIu64 " %9.3f %10.1f\n", g->spec, depth, n, dt,
			dt > 0 ? (double)n / dt / 1e6 : 0.0);
		fflush(stdout);
		gl_free(s);
		gl_game_free(g);
	}
	printf("signature (total nodes): %" PRIu64 "  time: %.3f s\n", signature, total);
	return signature;
}

/* Depth for the search bench: about a second of work per game. */
static int search_depth(const gl_game *g)
{
	if (!strcmp(g->type->name, "checkers"))
		return 17;
	if (!strcmp(g->type->name, "othello"))
		return 14;
	if (!strcmp(g->type->name, "gdl"))
		return 8; /* the reasoner is far slower than a native engine */
	return 16;
}

static void bench_search(const char *const *specs)
{
	uint64_t signature = 0;
	printf("alpha-beta from the start, fixed depth, 64 MiB table\n");
	printf("%-34s %5s %14s %9s %10s %s\n", "game", "depth", "nodes", "seconds",
		"Knodes/s", "best");
	fflush(stdout);
	progress bar;
	progress_begin(&bar, "bench search", count(specs));
	for (int i = 0; specs[i]; i++) {
		running(&bar, i, specs[i]);
		gl_game *g = cli_game(specs[i]);
		gl_err err = {0};
		gl_search *se = gl_search_new(g, 64u << 20, &err);
		if (!se)
			cli_die(EXIT_RUN, "%s", err.msg);
		void *s = cli_state(g);
		g->type->start(g, s);
		gl_limits lim = {.depth = search_depth(g)};
		gl_search_result r;
		if (gl_search_run(se, s, &lim, &r))
			cli_die(EXIT_RUN, "search failed on %s", g->spec);
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, r.best, mt, sizeof mt);
		progress_end(&bar);
		printf("%-34s %5d %14" PRIu64 " %9.3f %10.1f %s\n", g->spec, r.depth, r.nodes,
			r.seconds, r.seconds > 0 ? (double)r.nodes / r.seconds / 1e3 : 0.0, mt);
		fflush(stdout);
		signature += r.nodes;
		gl_free(s);
		gl_search_free(se);
		gl_game_free(g);
	}
	printf("signature (total nodes): %" PRIu64 "\n", signature);
}

static void bench_matches(const char *const *specs)
{
	printf("random vs random, 2000 matches each (seeds 0..1999)\n");
	printf("%-34s %9s %12s %9s\n", "game", "matches", "moves", "matches/s");
	fflush(stdout);
	progress bar;
	progress_begin(&bar, "bench matches", count(specs));
	for (int i = 0; specs[i]; i++) {
		running(&bar, i, specs[i]);
		gl_game *g = cli_game(specs[i]);
		gl_agent *agents[GL_PLAYERS_MAX];
		for (unsigned p = 0; p < g->nplayers; p++)
			agents[p] = cli_agent("random", g);
		gl_match m;
		gl_match_init(&m);
		uint64_t moves = 0;
		enum { N = 2000 };
		double t0 = gl_now();
		for (int k = 0; k < N; k++) {
			gl_err err = {0};
			if (gl_match_play(g, agents, (uint64_t)k, &m, &err))
				cli_die(EXIT_RUN, "%s: %s", g->spec, err.msg);
			moves += (uint64_t)m.nmoves;
		}
		double dt = gl_now() - t0;
		progress_end(&bar);
		printf("%-34s %9d %12" PRIu64 " %9.0f\n", g->spec, N, moves, dt > 0 ? N / dt : 0.0);
		fflush(stdout);
		gl_match_done(&m);
		for (unsigned p = 0; p < g->nplayers; p++)
			gl_agent_free(agents[p]);
		gl_game_free(g);
	}
}

/* CPU seconds this process has used (all threads). */
static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Playouts a round of a timed loop: from 1 (a slow game such as chess
 * takes seconds a playout), doubled each round up to most. */
static int next_chunk(int chunk, int most)
{
	return chunk < most ? 2 * chunk : most;
}

/* Digits after the point that give a rate three significant figures (a
 * prover's 0.73 playouts a second is not 1). */
static int rate_digits(double rate)
{
	return rate < 10 ? 3 : rate < 100 ? 1 : 0;
}

/* Random playouts through the game interface for about secs CPU seconds
 * (the machine may be shared: CPU time counts only this process), every
 * player's goal read at each playout's end. */
static void playouts_game(const gl_game *g, double secs, uint64_t seed,
	progress *bar)
{
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	void *s = cli_state(g);
	gl_action *moves = cli_moves(g);
	uint64_t n = 0, plies = 0;
	int chunk = 1, goals[GL_PLAYERS_MAX];
	double t0 = cpu_seconds(), dt;
	do {
		for (int k = 0; k < chunk; k++, n++) {
			g->type->start(g, s);
			int nm;
			while ((nm = g->type->legal(g, s, moves)) > 0) {
				g->type->apply(g, s, moves[gl_rng_below(&rng, (uint32_t)nm)]);
				plies++;
			}
			gl_game_goals(g, s, goals);
		}
		dt = cpu_seconds() - t0;
		chunk = next_chunk(chunk, 64);
	} while (dt < secs);
	progress_end(bar);
	printf("%-40s %-8s %10" PRIu64 " %12" PRIu64 " %9.3f %12.*f\n", g->spec,
		"game.h", n, plies, dt, rate_digits((double)n / dt), (double)n / dt);
	gl_free(s);
	gl_free(moves);
}

/* Random playouts through the reasoner's joint-move API, one and 64 at a
 * time, for about secs CPU seconds each, for the rules gd of a gdl game
 * (loaded from path in load seconds). Both read every role's goal at the
 * end of each playout, as a reasoner's user does. */
static void playouts_gdl(const gdl_game *gd, const char *path, double load,
	double secs, uint64_t seed, progress *bar)
{
	double t0;
	gdl_eval *e = gdl_eval_new(gd);
	if (!e)
		cli_die(EXIT_RUN, "out of memory");
	uint64_t *init = gl_malloc((size_t)gdl_state_words(gd) * sizeof *init);
	if (!init)
		cli_die(EXIT_RUN, "out of memory");
	gdl_initial(gd, init);
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	uint64_t n = 0, steps = 0;
	int chunk = 1, goals[GDL_ROLES_MAX];
	int64_t sum[GDL_ROLES_MAX];
	double dt;
	t0 = cpu_seconds();
	do {
		for (int k = 0; k < chunk; k++, n++)
			steps += (uint64_t)gdl_playout(gd, e, init, &rng, 100000, goals,
				NULL);
		dt = cpu_seconds() - t0;
		chunk = next_chunk(chunk, 64);
	} while (dt < secs);
	progress_end(bar);
	printf("%-40s %-8s %10" PRIu64 " %12" PRIu64 " %9.3f %12.*f  (load %.3f s)\n",
		path, gdl_reasoner_of(gd) == GDL_PROVER ? "prover" : "gdl.h", n,
		steps, dt, rate_digits((double)n / dt), (double)n / dt, load);
	gdl_eval_free(e);
	/* the same, 64 playouts at a time */
	gdl_batch *b = gdl_batch_new(gd);
	if (!b)
		cli_die(EXIT_RUN, "out of memory");
	gl_rng_seed(&rng, seed);
	n = steps = 0;
	chunk = 1;
	t0 = cpu_seconds();
	do {
		steps += gdl_batch_playouts(gd, b, init, chunk, &rng, 100000, sum);
		n += (uint64_t)chunk;
		dt = cpu_seconds() - t0;
		chunk = next_chunk(chunk, 1024);
	} while (dt < secs);
	progress_end(bar);
	printf("%-40s %-8s %10" PRIu64 " %12" PRIu64 " %9.3f %12.*f\n",
		path, gdl_reasoner_of(gd) == GDL_PROVER ? "prover64" : "batch64", n,
		steps, dt, rate_digits((double)n / dt), (double)n / dt);
	gdl_batch_free(b);
	gl_free(init);
}

static int bench_playouts(const char *const *specs)
{
	printf("random playouts from the start, about 1 CPU second each, one thread;"
		" each reads every player's goal at its playouts' ends\n");
	printf("%-40s %-8s %10s %12s %9s %12s\n", "game", "api", "playouts", "moves",
		"cpu-s", "playouts/cpu-s");
	fflush(stdout);
	progress bar;
	progress_begin(&bar, "bench playouts", count(specs));
	int refused = 0;
	for (int i = 0; specs[i]; i++) {
		running(&bar, i, specs[i]);
		gl_err err = {0};
		double t0 = gl_now();
		gl_game *g = gl_game_new(specs[i], &err);
		double load = gl_now() - t0;
		if (!g) {
			/* the games it can measure, all of them: this one's row says
			 * why not */
			progress_end(&bar);
			printf("%-40s %-8s (%s)\n", specs[i], "refused", err.msg);
			fflush(stdout);
			refused++;
			continue;
		}
		playouts_game(g, 1.0, 1, &bar);
		fflush(stdout);
		const gdl_game *gd = gdl_game_of(g);
		const char *f = strstr(g->spec, "file="), *r = strchr(f ? f : "", ',');
		if (gd && f && r) {
			char path[GL_SPEC_MAX];
			snprintf(path, sizeof path, "%.*s", (int)(r - f - 5), f + 5);
			running(&bar, i, "the reasoner, one and 64 at a time");
			playouts_gdl(gd, path, load, 1.0, 1, &bar);
			fflush(stdout);
		}
		gl_game_free(g);
	}
	progress_end(&bar);
	return refused;
}

/* Middle-game positions: 24 plies of depth-4 self-play (built-in
 * evaluation) after 16 of the openings (checkers: ballots 1, 3, 5, ...,
 * 31), into the states of pos from `first` on (room for 16). */
static int middle_games(const gl_game *g, const gl_scratch *pos, int first)
{
	gl_openings o;
	gl_rng r;
	gl_err err;
	gl_rng_seed(&r, 1);
	if (gl_openings_make(&o, g, 4, 43, &r, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	gl_search *se = gl_search_new(g, 4u << 20, &err);
	if (!se)
		cli_die(EXIT_RUN, "%s", err.msg);
	int n = 0;
	for (int b = 0; b < 16 && b * 2 < o.n; b++) {
		unsigned char *s = gl_scratch_state(pos, first + n);
		g->type->start(g, s);
		for (int k = 0; k < o.plies[b * 2]; k++)
			g->type->apply(g, s, o.move[b * 2][k]);
		gl_limits lim = {.depth = 4};
		for (int k = 0; k < 24 && !g->type->terminal(g, s); k++) {
			gl_search_result res;
			gl_search_run(se, s, &lim, &res);
			g->type->apply(g, s, res.best);
		}
		if (!g->type->terminal(g, s))
			n++;
	}
	gl_search_free(se);
	return n;
}

/* The checkers GA's costs: alpha-beta at depth 8 with the feature
 * evaluation (all weights 1) against the built-in one, from the start and
 * from middle games; then one generation of the default GA on 2 threads. */
static void bench_evolve(const char *spec)
{
	gl_game *g = cli_game(spec ? spec : "checkers");
	gl_err err;
	gl_weights w;
	if (gl_weights_init(&w, g, 1.0, &err))
		cli_die(EXIT_RUN, "bench --evolve: %s", err.msg);
	gl_scratch pos; /* the start and 16 middle games */
	if (gl_scratch_init(&pos, g, 0, 17, &err))
		cli_die(EXIT_RUN, "bench --evolve: %s", err.msg);
	progress bar;
	progress_begin(&bar, "bench evolve", 6);
	running(&bar, 0, "middle games");
	g->type->start(g, gl_scratch_state(&pos, 0));
	int npos = 1 + middle_games(g, &pos, 1);
	printf("alpha-beta, depth 8, 16 MiB table, CPU time, %d positions "
		"(the start, %d middle games)\n", npos, npos - 1);
	printf("%-34s %-10s %14s %9s %10s\n", "game", "eval", "nodes", "cpu s",
		"Knodes/s");
	uint64_t signature = 0;
	double rate[2][2] = {{0}};
	for (int e = 0; e < 2; e++) {
		gl_search *se = gl_search_new(g, 16u << 20, &err);
		if (!se)
			cli_die(EXIT_RUN, "%s", err.msg);
		if (e == 1)
			gl_search_set_eval(se, gl_weights_eval, &w);
		for (int part = 0; part < 2; part++) {
			running(&bar, 1 + 2 * e + part, e ? "search, features" : "search, builtin");
			uint64_t nodes = 0;
			double c0 = cpu_seconds();
			for (int i = part ? 1 : 0; i < (part ? npos : 1); i++) {
				gl_search_clear(se);
				gl_limits lim = {.depth = 8};
				gl_search_result r;
				if (gl_search_run(se, gl_scratch_state(&pos, i), &lim, &r))
					cli_die(EXIT_RUN, "search failed");
				nodes += r.nodes;
			}
			double dt = cpu_seconds() - c0;
			rate[e][part] = dt > 0 ? nodes / dt : 0;
			signature += nodes;
			char label[GL_SPEC_MAX + 32];
			snprintf(label, sizeof label, "%s, %s", g->spec,
				part ? "middle games" : "start");
			progress_end(&bar);
			printf("%-34s %-10s %14" PRIu64 " %9.3f %10.1f\n", label,
				e ? "features" : "builtin", nodes, dt, rate[e][part] / 1e3);
		}
		gl_search_free(se);
	}
	printf("features / builtin speed: start %.2f, middle games %.2f\n",
		rate[0][0] > 0 ? rate[1][0] / rate[0][0] : 0,
		rate[0][1] > 0 ? rate[1][1] / rate[0][1] : 0);
	printf("signature (total nodes): %" PRIu64 "\n", signature);

	gl_evolve_config c;
	gl_evolve_defaults(&c);
	c.gens = 1;
	gl_evolve *ev = gl_evolve_new(g, &c, &err);
	if (!ev)
		cli_die(EXIT_RUN, "%s", err.msg);
	cli_pool pool;
	cli_pool_init(&pool, 2, NULL);
	gl_evolve_gen r;
	fflush(stdout);
	running(&bar, 5, "one generation");
	double t0 = gl_now(), c0 = cpu_seconds();
	if (gl_evolve_step(ev, &pool.runner, &r, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	progress_end(&bar);
	printf("one generation of the default GA (population %d, depth %d, %d "
		"games, %d plies): %.2f s wall on 2 threads, %.2f s CPU\n", c.pop,
		c.depth, r.games, r.plies, gl_now() - t0, cpu_seconds() - c0);
	gl_evolve_free(ev);
	gl_scratch_done(&pos);
	gl_game_free(g);
}

static const cli_opt bench_opts[] = {
	{"perft", NULL, NULL, "perft throughput and node-count signature", 0},
	{"search", NULL, NULL, "alpha-beta nodes per second at a fixed depth", 0},
	{"matches", NULL, NULL, "random-vs-random matches per second", 0},
	{"playouts", NULL, NULL, "random playouts per CPU second (GDL: through each reasoner)", 0},
	{"evolve", NULL, NULL, "the checkers GA: feature-evaluation search speed, one generation", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_bench_spec = {
	"bench", "[GAME...]", 0, 63,
	"speed: perft, search, matches, random playouts, the checkers GA (all when none is named)",
	bench_opts,
	{"gamelearn bench --perft othello8 checkers",
	 "gamelearn bench --playouts gdl:tests/data/gdl/games/connectFour.kif"}
};

int cmd_bench(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_bench_spec, argc, argv, &opt);
	bool perft = cli_given(&opt, "perft"), search = cli_given(&opt, "search");
	bool matches = cli_given(&opt, "matches");
	bool playouts = cli_given(&opt, "playouts"), evolve = cli_given(&opt, "evolve");
	const char *games[64];
	int ngames = opt.npos;
	for (int i = 0; i < ngames; i++)
		games[i] = opt.pos[i];
	games[ngames] = NULL;
	if (!perft && !search && !matches && !playouts && !evolve)
		perft = search = matches = playouts = evolve = true;
	const char *const *chosen = ngames ? (const char *const *)games : NULL;
	if (perft)
		bench_perft(chosen ? chosen : perft_games);
	if (search)
		bench_search(chosen ? chosen : search_games);
	if (matches)
		bench_matches(chosen ? chosen : perft_games);
	int refused = playouts ? bench_playouts(chosen ? chosen : perft_games) : 0;
	if (evolve)
		bench_evolve(ngames ? games[0] : NULL);
	if (refused)
		fprintf(stderr, "gamelearn: bench: %d game%s could not be measured (the "
			"rows marked refused say why)\n", refused, refused == 1 ? "" : "s");
	return refused ? EXIT_RUN : 0;
}
