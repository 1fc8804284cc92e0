/*
 * bench.c - `gamelearn bench [GAME...]`: perft throughput per game at its
 * bench depth, with the node counts as a determinism signature (a change
 * that alters a count says so). Benchmarks live here, apart from tests:
 * nothing asserts a time.
 */
#include "cli.h"

#include <inttypes.h>
#include <string.h>

/* The default set: every game type once, and the presets that matter. */
static const char *const bench_games[] = {
	"tictactoe", "hex", "nim", "connect3", "connect4", "capturego",
	"othello4", "othello6", "othello8", "checkers", "swap9", "npuzzle", NULL
};

int cmd_bench(int argc, char **argv)
{
	const char *const *specs = bench_games;
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			if (argv[i][0] == '-')
				cli_die(EXIT_USAGE, "bench: unknown option '%s'", argv[i]);
		specs = (const char *const *)(argv + 1);
	}
	uint64_t signature = 0;
	double total_time = 0;
	printf("%-34s %5s %14s %9s %10s\n", "game", "depth", "nodes", "seconds", "Mnodes/s");
	for (int i = 0; specs[i]; i++) {
		gl_game *g = cli_game(specs[i]);
		unsigned char s[GL_STATE_MAX];
		g->type->start(g, s);
		int depth = g->type->bench_depth > 0 ? g->type->bench_depth : 6;
		double t0 = gl_now();
		uint64_t n = gl_perft(g, s, depth);
		double dt = gl_now() - t0;
		total_time += dt;
		signature += n;
		printf("%-34s %5d %14" PRIu64 " %9.3f %10.1f\n", g->spec, depth, n, dt,
			dt > 0 ? (double)n / dt / 1e6 : 0.0);
		fflush(stdout);
		gl_game_free(g);
	}
	printf("signature (total nodes): %" PRIu64 "  time: %.3f s\n", signature, total_time);
	return 0;
}
