/*
 * cmd_solve.c - `gamelearn solve GAME [--moves ...] [--json]`: the
 * game-theoretic value of a position and of each of its moves, with the
 * time it took.
 */
#include "cli.h"

#include "gamelearn/search.h"

#include <inttypes.h>
#include <string.h>

static const char *verdict(int value)
{
	return value == 100 ? "win" : value == 50 ? "draw" : value == 0 ? "loss" : "goal";
}

int cmd_solve(int argc, char **argv)
{
	const char *spec = NULL, *moves_arg = NULL;
	bool json = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--moves") && i + 1 < argc)
			moves_arg = argv[++i];
		else if (!strcmp(argv[i], "--json"))
			json = true;
		else if (argv[i][0] == '-')
			cli_die(EXIT_USAGE, "solve: unknown option or missing value '%s'", argv[i]);
		else if (!spec)
			spec = argv[i];
		else
			cli_die(EXIT_USAGE, "solve: unexpected argument '%s'", argv[i]);
	}
	if (!spec)
		cli_die(EXIT_USAGE, "usage: gamelearn solve GAME [--moves M1,...] [--json]");
	gl_game *g = cli_game(spec);
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX];
	g->type->start(g, s);
	if (moves_arg)
		cli_play_moves(g, s, moves_arg);
	gl_err err = {0};
	gl_solver *sv = gl_solver_new(g, 0, &err);
	if (!sv)
		cli_die(EXIT_RUN, "%s", err.msg);
	gl_solver_set_limit(sv, 4000000000ULL);
	double t0 = gl_now();
	int value, rc = gl_solve(sv, s, &value);
	double t_value = gl_now() - t0;
	if (rc)
		cli_die(EXIT_RUN, "%s is too big to solve here", g->spec);
	gl_action moves[GL_LEGAL_MAX];
	int values[GL_LEGAL_MAX], n = 0;
	if (!g->type->terminal(g, s) && (rc = gl_solve_moves(sv, s, moves, values, &n)))
		cli_die(EXIT_RUN, "%s is too big to solve here", g->spec);
	double dt = gl_now() - t0;
	int who = g->type->to_move(g, s);
	if (json) {
		printf("{\"game\":");
		json_string(stdout, g->spec);
		printf(",\"to_move\":%d,\"value\":%d,\"result\":\"%s\","
			"\"seconds\":%.6f,\"nodes\":%" PRIu64 ",\"moves\":[",
			who, value, verdict(value), dt, gl_solver_nodes(sv));
		for (int i = 0; i < n; i++) {
			char mt[GL_MOVE_TEXT];
			g->type->format_move(g, s, moves[i], mt, sizeof mt);
			printf("%s{\"move\":", i ? "," : "");
			json_string(stdout, mt);
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
	gl_game_free(g);
	return 0;
}
