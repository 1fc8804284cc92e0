/*
 * cmd_puzzle.c - `gamelearn search PUZZLE --method ga|dfs|iddfs|idastar
 * ...`: the one-player tree searches of treesearch.h (Hwang, Hong and Lin's
 * genetic search and depth-first baseline, iterative deepening, IDA*) on
 * any puzzle of the registry; prints the best sequence, its value and its
 * errors. A puzzle with a `limit` parameter the user did not give gets
 * limit = the search depth, so that no search is cut by the move limit.
 */
#include "cli.h"

#include "gamelearn/treesearch.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The game of spec, with limit=depth added when the type has a limit the
 * spec does not set. */
static gl_game *puzzle_game(const char *spec, int depth)
{
	char name[64], full[GL_SPEC_MAX];
	const char *args;
	gl_err err = {0};
	if (gl_spec_split(spec, name, sizeof name, &args, &err))
		cli_die(EXIT_USAGE, "%s", err.msg);
	const gl_game_type *t = gl_game_type_find(name);
	bool has_limit = false;
	for (const gl_param_def *p = t ? t->params : NULL; p && p->key; p++)
		has_limit |= !strcmp(p->key, "limit");
	if (has_limit && (!args || !strstr(args, "limit="))) {
		int n = snprintf(full, sizeof full, "%s%slimit=%d", spec, args ? "," : ":",
			depth < 1 ? 1 : depth);
		if (n < 0 || (size_t)n >= sizeof full)
			cli_die(EXIT_USAGE, "search: spec too long: %s", spec);
		spec = full;
	}
	return cli_game(spec);
}

static const cli_opt search_opts[] = {
	{"method", "M", "ga", "ga (Hwang-Hong-Lin), dfs (their baseline), iddfs or idastar", 0},
	{"depth", "D", NULL, "search depth in moves (default: ga 15, dfs 5, iddfs/idastar 40)", 0},
	{"pop", "N", "10", "ga: population", 0},
	{"gens", "G", "50", "ga: generations (0: only --time stops it)", 0},
	{"pc", "P", "0.5", "ga: crossover rate", 0},
	{"pm", "P", "0.1", "ga: mutation rate (max(1, round(pm * N)) mutants a generation)", 0},
	{"mutants", "O", "0", "ga: mutants a generation, overriding --pm (0: from --pm; the paper's Table 3-4: 5)", 0},
	{"time", "SECONDS", "0", "stop after this long (0: no limit; results then depend on the machine)", 0},
	{"seed", "S", "1", "random seed", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_search_spec = {
	"search", "PUZZLE", 1, 1,
	"search a one-player game tree: genetic search, DFS, IDDFS, IDA*",
	search_opts,
	{"gamelearn search swap9 --method ga --depth 15 --pop 10 --gens 50 --seed 1",
	 "gamelearn search npuzzle:start=8-6-7-2-5-4-3-0-1 --method idastar"}
};

int cmd_search(int argc, char **argv)
{
	cli_args a;
	cli_parse(&cli_search_spec, argc, argv, &a);
	const char *spec = a.pos[0], *method = cli_str(&a, "method");
	int depth = cli_given(&a, "depth") ?
		(int)cli_long(&a, "depth", 0, GL_TS_DEPTH_MAX - 1) : -1;
	gl_ts_ga_params p = {.depth = 15,
		.pop = (int)cli_long(&a, "pop", 2, 100000),
		.gens = (int)cli_long(&a, "gens", 0, 100000000),
		.pc = cli_real(&a, "pc", 0, 1), .pm = cli_real(&a, "pm", 0, 1),
		.mutants = (int)cli_long(&a, "mutants", 0, 100000)};
	double seconds = cli_real(&a, "time", 0, 1e6);
	uint64_t seed = (uint64_t)cli_long(&a, "seed", 0, INT64_MAX);
	bool is_ga = !strcmp(method, "ga");
	if (!is_ga && strcmp(method, "dfs") && strcmp(method, "iddfs") && strcmp(method, "idastar"))
		cli_die(EXIT_USAGE, "search: --method must be ga, dfs, iddfs or idastar, got '%s'", method);
	if (depth < 0)
		depth = is_ga || !strcmp(method, "dfs") ? (is_ga ? 15 : 5) : 40;
	if (is_ga && depth < 1)
		cli_die(EXIT_USAGE, "search: ga needs --depth of at least 1");
	/* exhaustive search grows by the branching factor per ply (19 in
	 * swap9: depth 6 takes about a second here, 7 about 15 s, 8 about 5
	 * minutes): past depth 6 it runs only under a time limit the user
	 * chose, rather than silently for minutes */
	if (!strcmp(method, "dfs") && depth > 6 && seconds <= 0)
		cli_die(EXIT_USAGE, "search: dfs to depth %d needs a --time limit "
			"(the tree grows 19-fold a ply: depth 6 takes about a second, "
			"7 about 15 s, 8 minutes)", depth);
	gl_game *g = puzzle_game(spec, depth);
	gl_err err = {0};
	if (gl_ts_check(g, &err))
		cli_die(EXIT_USAGE, "search: %s", err.msg);
	gl_ts_result r;
	int rc;
	if (is_ga) {
		p.depth = depth;
		p.seconds = seconds;
		gl_rng rng;
		gl_rng_seed(&rng, seed);
		rc = gl_ts_ga(g, &p, &rng, &r, &err);
	} else if (!strcmp(method, "dfs")) {
		rc = gl_ts_dfs(g, depth, seconds, &r, &err);
	} else if (!strcmp(method, "iddfs")) {
		rc = gl_ts_iddfs(g, depth, seconds, &r, &err);
	} else {
		rc = gl_ts_idastar(g, depth, seconds, &r, &err);
	}
	if (rc)
		cli_die(EXIT_USAGE, "search: %s", err.msg);
	printf("%s: %s", g->spec, method);
	if (is_ga)
		printf(" depth %d, pop %d, pc %g, %s %g, seed %" PRIu64 ", %d generations%s\n",
			depth, p.pop, p.pc, p.mutants ? "mutants" : "pm",
			p.mutants ? (double)p.mutants : p.pm, seed, r.gens,
			r.complete ? "" : " (stopped by --time)");
	else
		printf(" to depth %d%s: %s\n", depth, seconds > 0 ? " under --time" : "",
			!r.complete ? "stopped by --time: best so far" :
			strcmp(method, "dfs") && !r.solved ? "complete: no solution within the depth" :
			"complete");
	printf("sequence (%d):", r.len);
	void *s = cli_state(g);
	gl_action *moves = cli_moves(g);
	g->type->start(g, s);
	for (int i = 0; i < r.len; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, r.seq[i], mt, sizeof mt);
		printf(" %s", mt);
	}
	int used;
	gl_ts_play(g, s, r.seq, r.len, moves, &used);
	printf("\n");
	cli_print_state(g, s, stdout);
	printf("moves played %d, value %d, errors %d%s\n", used, r.value, r.errors,
		r.solved ? ", solved" : "");
	if (!is_ga && strcmp(method, "dfs"))
		printf("depth reached %d\n", r.depth);
	if (is_ga && r.found_gen)
		printf("best found in generation %d\n", r.found_gen);
	if (is_ga)
		printf("evaluations %" PRIu64 "\n", r.evals);
	printf("nodes %" PRIu64 ", %.3f s\n", r.nodes, r.seconds);
	gl_free(s);
	gl_free(moves);
	gl_game_free(g);
	return 0;
}
