/*
 * main.c - the gamelearn command-line tool: the command table, dispatch,
 * and the helpers every command uses to turn library errors into messages and
 * exit codes.
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The subcommands of gdl and ggp, for help, the man page and completion
 * (the commands dispatch them themselves). */
static const cli_command gdl_subs[] = {
	{"check", "[--reasoner auto|net|prover] FILE...",
		"check GDL descriptions: each problem with line and column", NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL}
};

static const cli_command ggp_subs[] = {
	{"serve", "[--port P] [--agent SPEC] [--name NAME] [--max-matches N] [--seed S]",
		"a General Game Playing player over HTTP", NULL, NULL},
	{"match", "FILE --player URL_OR_AGENT ... [--startclock S] [--playclock S] [-n N] [--seed S] [--record F]",
		"a match manager: one --player per role, HTTP players or local agents", NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL}
};

/* Every command: name, usage (NULL: its subcommands'), one line of help,
 * what runs it, its subcommands. help, the man page and the bash
 * completion are generated from this table (cmd_help.c). */
const cli_command cli_commands[] = {
	{"list", "", "list the games with their parameters and defaults", cmd_list, NULL},
	{"show", "GAME [--position TEXT] [--moves M1,M2,...] [--features]",
		"show a position, its legal moves, whether it is over, the goals, the features", cmd_show, NULL},
	{"perft", "GAME DEPTH [--divide] [--position TEXT] [--moves M1,...]",
		"count the move sequences of exactly DEPTH moves", cmd_perft, NULL},
	{"bench", "[--perft|--search|--matches|--playouts|--evolve] [GAME...]", "speed: perft, search, matches, random playouts, the checkers GA", cmd_bench, NULL},
	{"solve", "GAME [--moves M1,...] [--nodes N] [--time S] [--force] [--json]",
		"the game-theoretic value of a position and of each move", cmd_solve, NULL},
	{"agents", "", "list the agents with their parameters", cmd_agents, NULL},
	{"match", "GAME AGENT_A AGENT_B [-n N] [--seed S] [--swap] [--record F] [--json]",
		"play matches and tabulate the results", cmd_match, NULL},
	{"replay", "GAME FILE [--match I]", "step through a recorded match", cmd_replay, NULL},
	{"play", "GAME [--opponent AGENT] [--first human|machine] [--seed S]",
		"play a game against an agent at the terminal", cmd_play, NULL},
	{"train", "GAME AGENT --opponent AGENT [-n N] [--seed S] [--first learner|opponent|alternate] [--save F] [--load F]",
		"a learning agent learns by playing matches", cmd_train, NULL},
	{"features", "GAME [--role R] [--depth D] [--max-states N] [--json]",
		"the lookahead features (Banerjee-Stone) that occur in a game, drawn", cmd_features, NULL},
	{"repro", "NAME [options]", "rerun a paper's experiments: tables, CSV and SVG plots", cmd_repro, repro_experiments},
	{"gdl", NULL, "check GDL descriptions: each problem with line and column", cmd_gdl, gdl_subs},
	{"ggp", NULL, "a General Game Playing player over HTTP, and a match manager", cmd_ggp, ggp_subs},
	{"evolve", "GAME [--pop P] [--gens G] [--depth D | --time T] [--games K] [--pc X] [--pm X] [--elite E] "
		"[--max-plies N] [--prune W] [--open-plies K] [--seed S] [--threads N] [--out DIR | --resume DIR]",
		"evolve evaluation weights by a genetic tournament (the checkers-GA excerpt)", cmd_evolve, NULL},
	{"demo", "[--seed S]", "the main demo: games, random matches, perft", cmd_demo, NULL},
	{"inspect", "FILE [--max N]", "draw a saved memory of martens or lauto (boards, e-strings)", cmd_inspect, NULL},
	{"search", "PUZZLE --method ga|dfs|iddfs|idastar [--depth D] [--pop N] [--gens G] [--pc P] [--pm P] [--time S] [--seed S]",
		"search a one-player game tree: genetic search, DFS, IDDFS, IDA*", cmd_search, NULL},
	{"help", "[COMMAND | --man | --completion]",
		"the commands; one command's usage; the man page (roff) or the bash completion script", cmd_help, NULL},
	{"version", "", "the version and how this binary was built (also --version)", cmd_version, NULL},
	{NULL, NULL, NULL, NULL, NULL}
};

_Noreturn void cli_die(int code, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* one line, whatever the user typed into it */
	for (char *p = msg; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	fflush(stdout);
	fprintf(stderr, "gamelearn: %s\n", msg);
	exit(code);
}

void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void cli_print_params(const gl_param_def *params)
{
	for (const gl_param_def *d = params; d && d->key; d++) {
		char range[48] = "text";
		if (d->min <= d->max)
			snprintf(range, sizeof range, "%ld..%ld", d->min, d->max);
		printf("%10s   %s=%s  (%s) %s\n", "", d->key, d->def, range, d->help);
	}
}

gl_game *cli_game(const char *spec)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	if (!g)
		cli_die(EXIT_USAGE, "%s", err.msg);
	return g;
}

long cli_int(const char *text, long min, long max, const char *what)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (!*text || *end || errno)
		cli_die(EXIT_USAGE, "%s must be an integer, got '%s'", what, text);
	if (v < min || v > max)
		cli_die(EXIT_USAGE, "%s must be in %ld..%ld, got %ld", what, min, max, v);
	return v;
}

void cli_play_moves(const gl_game *g, void *s, const char *list)
{
	const char *p = list;
	for (int k = 1;; k++) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char text[GL_MOVE_TEXT];
		if (n == 0 || n >= sizeof text)
			cli_die(EXIT_RUN, "move %d of --moves is %s", k,
				n ? "too long" : "empty");
		memcpy(text, p, n);
		text[n] = '\0';
		gl_err err = {0};
		gl_action a;
		if (gl_parse_legal(g, s, text, &a, &err))
			cli_die(EXIT_RUN, "move %d of --moves: %s", k, err.msg);
		g->type->apply(g, s, a);
		if (!comma)
			break;
		p = comma + 1;
	}
}

int cli_random_game(const gl_game *g, uint64_t seed, bool show_board, FILE *out)
{
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX];
	char text[8192];
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	g->type->start(g, s);
	int n = 0;
	for (;;) {
		gl_action moves[GL_LEGAL_MAX];
		int k = g->type->legal(g, s, moves);
		if (k == 0)
			break;
		gl_action a = moves[gl_rng_below(&rng, (uint32_t)k)];
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, a, mt, sizeof mt);
		g->type->apply(g, s, a);
		n++;
		if (show_board) {
			g->type->render(g, s, text, sizeof text);
			fprintf(out, "%d. %s\n%s\n", n, mt, text);
		} else {
			fprintf(out, "%s%s", n > 1 ? " " : "", mt);
		}
	}
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	if (!show_board) {
		g->type->render(g, s, text, sizeof text);
		fprintf(out, "\n%s", text);
	}
	fprintf(out, "%d moves; goals:", n);
	for (unsigned p = 0; p < g->nplayers; p++)
		fprintf(out, " %d", goals[p]);
	fprintf(out, "\n");
	return n;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		cli_usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		cli_usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return cmd_version(argc - 1, argv + 1);
	for (const cli_command *c = cli_commands; c->name; c++)
		if (!strcmp(argv[1], c->name))
			return c->run(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "unknown command '%s' (try: gamelearn help)", argv[1]);
}
