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

static double cli_real(const char *text, double min, double max, const char *what)
{
	char *end;
	double v = strtod(text, &end);
	if (!*text || *end || !(v >= min && v <= max))
		cli_die(EXIT_USAGE, "%s must be a number in %g..%g, got '%s'", what, min, max, text);
	return v;
}

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

int cmd_search(int argc, char **argv)
{
	const char *spec = NULL, *method = "ga";
	int depth = -1;
	gl_ts_ga_params p = {.depth = 15, .pop = 10, .gens = 50, .pc = 0.5, .pm = 0.1};
	double seconds = 0;
	uint64_t seed = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--method") && i + 1 < argc)
			method = argv[++i];
		else if (!strcmp(argv[i], "--depth") && i + 1 < argc)
			depth = (int)cli_int(argv[++i], 0, GL_TS_DEPTH_MAX - 1, "--depth");
		else if (!strcmp(argv[i], "--pop") && i + 1 < argc)
			p.pop = (int)cli_int(argv[++i], 2, 100000, "--pop");
		else if (!strcmp(argv[i], "--gens") && i + 1 < argc)
			p.gens = (int)cli_int(argv[++i], 0, 100000000, "--gens");
		else if (!strcmp(argv[i], "--pc") && i + 1 < argc)
			p.pc = cli_real(argv[++i], 0, 1, "--pc");
		else if (!strcmp(argv[i], "--pm") && i + 1 < argc)
			p.pm = cli_real(argv[++i], 0, 1, "--pm");
		else if (!strcmp(argv[i], "--time") && i + 1 < argc)
			seconds = cli_real(argv[++i], 0, 1e6, "--time");
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = (uint64_t)cli_int(argv[++i], 0, INT64_MAX, "--seed");
		else if (argv[i][0] == '-')
			cli_die(EXIT_USAGE, "search: unknown option or missing value '%s'", argv[i]);
		else if (!spec)
			spec = argv[i];
		else
			cli_die(EXIT_USAGE, "search: unexpected argument '%s'", argv[i]);
	}
	if (!spec)
		cli_die(EXIT_USAGE, "usage: gamelearn search PUZZLE --method ga|dfs|iddfs|idastar "
			"[--depth D] [--pop N] [--gens G] [--pc 0.5] [--pm 0.1] [--time SECONDS] [--seed S]");
	bool is_ga = !strcmp(method, "ga");
	if (!is_ga && strcmp(method, "dfs") && strcmp(method, "iddfs") && strcmp(method, "idastar"))
		cli_die(EXIT_USAGE, "search: --method must be ga, dfs, iddfs or idastar, got '%s'", method);
	if (depth < 0)
		depth = is_ga || !strcmp(method, "dfs") ? (is_ga ? 15 : 5) : 40;
	if (is_ga && depth < 1)
		cli_die(EXIT_USAGE, "search: ga needs --depth of at least 1");
	/* exhaustive search grows by the branching factor per ply (19 in
	 * swap9): past depth 8 only a time limit makes it end in our time */
	if (!strcmp(method, "dfs") && depth > 8 && seconds <= 0)
		cli_die(EXIT_USAGE, "search: dfs to depth %d needs a --time limit "
			"(the tree grows exponentially)", depth);
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
		printf(" depth %d, pop %d, pc %g, pm %g, seed %" PRIu64 ", %d generations%s\n",
			depth, p.pop, p.pc, p.pm, seed, r.gens,
			r.complete ? "" : " (stopped by --time)");
	else
		printf(" to depth %d%s: %s\n", depth, seconds > 0 ? " under --time" : "",
			!r.complete ? "stopped by --time: best so far" :
			strcmp(method, "dfs") && !r.solved ? "complete: no solution within the depth" :
			"complete");
	printf("sequence (%d):", r.len);
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX];
	g->type->start(g, s);
	for (int i = 0; i < r.len; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, r.seq[i], mt, sizeof mt);
		printf(" %s", mt);
	}
	int used;
	gl_ts_play(g, s, r.seq, r.len, &used);
	printf("\n");
	char board[4096];
	g->type->render(g, s, board, sizeof board);
	printf("%s", board);
	printf("moves played %d, value %d, errors %d%s\n", used, r.value, r.errors,
		r.solved ? ", solved" : "");
	if (!is_ga && strcmp(method, "dfs"))
		printf("depth reached %d\n", r.depth);
	if (is_ga && r.found_gen)
		printf("best found in generation %d\n", r.found_gen);
	printf("nodes %" PRIu64 ", %.3f s\n", r.nodes, r.seconds);
	gl_game_free(g);
	return 0;
}
