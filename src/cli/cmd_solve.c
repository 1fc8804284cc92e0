/*
 * cmd_solve.c - `gamelearn solve GAME [--moves ...] [--nodes N] [--time S]
 * [--force] [--json]`: the game-theoretic value of a position and of each
 * of its moves, with the time it took. A game far beyond exact solving
 * (estimated from perft growth) is refused at once unless a limit or
 * --force is given; on a terminal the nodes so far and the rate show.
 */
#include "cli.h"

#include "gamelearn/search.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *verdict(int value)
{
	return value == 100 ? "win" : value == 50 ? "draw" : value == 0 ? "loss" : "goal";
}

/* Beyond this many nodes (log10) of estimated work, solve refuses to
 * start unless told to try (--force, --nodes or --time): at a few million
 * nodes a second, 10^12 is days. */
#define SOLVE_REFUSE_LOG10 12.0

/* The solver's progress callback: nodes and rate on a terminal. */
static void solve_progress(void *ctx, uint64_t nodes)
{
	progress *p = ctx;
	if (!p->on)
		return;
	double dt = gl_now() - p->start;
	fprintf(stderr, "\r%s: %.1fM nodes, %.2fM nodes/s, %.0f s ", p->label,
		(double)nodes / 1e6, dt > 0 ? (double)nodes / dt / 1e6 : 0.0, dt);
	fflush(stderr);
}

/* The command's buffers, sized from the game: freed before an expected
 * exit too, so that a leak checker sees none. */
typedef struct solve_bufs {
	void *s;          /* the position */
	gl_action *moves; /* its legal moves */
	int *values;      /* their values */
} solve_bufs;

static void bufs_free(solve_bufs *b)
{
	gl_free(b->s);
	gl_free(b->moves);
	gl_free(b->values);
	memset(b, 0, sizeof *b);
}

/* Die with why the solver gave up. */
_Noreturn static void solve_failed(const gl_game *g, const gl_solver *sv,
	progress *bar, solve_bufs *b)
{
	progress_end(bar);
	bufs_free(b);
	const char *why = gl_solver_message(sv);
	cli_die(EXIT_RUN, "solve: %s: %s after %" PRIu64 " nodes; gave up",
		g->spec, *why ? why : "too big to solve here", gl_solver_nodes(sv));
}

static const cli_opt solve_opts[] = {
	{"moves", "M1,M2,...", NULL, "solve the position after these moves", 0},
	{"nodes", "N", "4000000000", "give up after N nodes (0: never)", 0},
	{"time", "S", NULL, "give up after S seconds", 0},
	{"force", NULL, NULL, "start even when the game is estimated far beyond exact solving", 0},
	{"json", NULL, NULL, "print JSON", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_solve_spec = {
	"solve", "GAME", 1, 1,
	"the game-theoretic value of a position and of each move",
	solve_opts,
	{"gamelearn solve hex", "gamelearn solve connect4 --moves d,d --time 60"}
};

int cmd_solve(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_solve_spec, argc, argv, &opt);
	const char *spec = opt.pos[0], *moves_arg = cli_str(&opt, "moves");
	bool json = cli_given(&opt, "json"), force = cli_given(&opt, "force");
	bool limited = cli_given(&opt, "nodes") || cli_given(&opt, "time");
	uint64_t node_limit = (uint64_t)cli_long(&opt, "nodes", 0, LONG_MAX);
	double seconds = cli_given(&opt, "time") ? cli_real(&opt, "time", 1e-9, 1e9) : 0;
	gl_game *g = cli_game(spec);
	solve_bufs bufs = {cli_state(g), cli_moves(g),
		gl_malloc(g->max_legal * sizeof(int))};
	void *s = bufs.s;
	gl_action *moves = bufs.moves;
	int *values = bufs.values, n = 0;
	if (!values)
		cli_die(EXIT_RUN, "out of memory");
	g->type->start(g, s);
	if (moves_arg)
		cli_play_moves(g, s, moves_arg);
	gl_err err = {0};
	/* Say at once when this would run for days, rather than run. */
	if (!force && !limited && g->nplayers == 2 && !g->type->terminal(g, s)) {
		double b, len, est;
		int rc = gl_solve_estimate(g, s, &est, &b, &len, &err);
		if (rc || est > SOLVE_REFUSE_LOG10)
			bufs_free(&bufs);
		if (rc)
			cli_die(EXIT_RUN, "%s", err.msg);
		if (est > SOLVE_REFUSE_LOG10)
			cli_die(EXIT_RUN, "solve: %s is far beyond exact solving: about "
				"10^%.0f nodes (branching %.1f, %.0f plies); give --nodes N "
				"or --time S to try anyway, or --force", g->spec, est, b, len);
	}
	gl_solver *sv = gl_solver_new(g, 0, &err);
	if (!sv) {
		bufs_free(&bufs);
		cli_die(EXIT_RUN, "%s", err.msg);
	}
	gl_solver_set_limit(sv, node_limit);
	gl_solver_set_time(sv, seconds);
	char label[GL_SPEC_MAX + 8];
	snprintf(label, sizeof label, "solve %s", g->spec);
	progress bar;
	progress_begin(&bar, label, 1);
	gl_solver_set_progress(sv, solve_progress, &bar);
	double t0 = gl_now();
	int value, rc = gl_solve(sv, s, &value);
	double t_value = gl_now() - t0;
	if (rc)
		solve_failed(g, sv, &bar, &bufs);
	if (!g->type->terminal(g, s) && (rc = gl_solve_moves(sv, s, moves, values, &n)))
		solve_failed(g, sv, &bar, &bufs);
	progress_end(&bar);
	double dt = gl_now() - t0;
	int who = g->type->to_move(g, s);
	if (json) {
		printf("{\"game\":");
		cli_json_string(stdout, g->spec);
		printf(",\"to_move\":%d,\"value\":%d,\"result\":\"%s\","
			"\"seconds\":%.6f,\"nodes\":%" PRIu64 ",\"moves\":[",
			who, value, verdict(value), dt, gl_solver_nodes(sv));
		for (int i = 0; i < n; i++) {
			char mt[GL_MOVE_TEXT];
			g->type->format_move(g, s, moves[i], mt, sizeof mt);
			printf("%s{\"move\":", i ? "," : "");
			cli_json_string(stdout, mt);
			printf(",\"value\":%d,\"result\":\"%s\"}", values[i], verdict(values[i]));
		}
		printf("]}\n");
	} else {
		printf("%s: value %d for player %d to move (%s), solved in %.3f s\n",
			g->spec, value, who + 1, verdict(value), t_value);
		for (int i = 0; i < n; i++) {
			char mt[GL_MOVE_TEXT];
			g->type->format_move(g, s, moves[i], mt, sizeof mt);
			printf("  %-8s %3d  %s\n", mt, values[i], verdict(values[i]));
		}
		printf("%.3f s, %" PRIu64 " nodes\n", dt, gl_solver_nodes(sv));
	}
	gl_solver_free(sv);
	cli_game_notes(g);
	bufs_free(&bufs);
	gl_game_free(g);
	return 0;
}
