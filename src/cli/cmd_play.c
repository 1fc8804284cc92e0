/*
 * cmd_play.c - a person at the board: `gamelearn play GAME [--opponent
 * AGENT] [--first human|machine]`, and the `human` agent that lets a
 * person take a seat in any match; every command's agents are made here
 * from their specs, the library's and `human`. Input is read line by line; nothing a
 * person types can crash it, and the end of input ends cleanly.
 */
#include "cli.h"

#include "gamelearn/agent.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Read one line from stdin into buf, trimmed; false at end of input. */
static bool read_line(char *buf, size_t n)
{
	if (!fgets(buf, (int)n, stdin))
		return false;
	size_t len = strlen(buf);
	if (len == n - 1 && buf[len - 1] != '\n') {
		int c;
		while ((c = getchar()) != EOF && c != '\n')
			; /* drop the rest of an overlong line */
		printf("input line too long (at most %zu characters)\n", n - 2);
		buf[0] = '\0'; /* and ask again */
		return true;
	}
	while (len && isspace((unsigned char)buf[len - 1]))
		buf[--len] = '\0';
	size_t start = 0;
	while (isspace((unsigned char)buf[start]))
		start++;
	memmove(buf, buf + start, len - start + 1);
	return true;
}

static void print_legal(const gl_game *g, const void *s)
{
	gl_action *moves = cli_moves(g);
	int n = g->type->legal(g, s, moves);
	printf("legal moves:");
	for (int i = 0; i < n; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, moves[i], mt, sizeof mt);
		printf(" %s", mt);
	}
	printf("\n");
	gl_free(moves);
}

static void print_board(const gl_game *g, const void *s)
{
	printf("\n");
	cli_print_state(g, s, stdout);
}

/* --- the human agent: a person types moves for its seat ------------------- */

static int human_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	(void)a;
	(void)p;
	(void)err;
	return 0;
}

static int human_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	const gl_game *g = a->game;
	char line[256];
	print_board(g, s);
	for (;;) {
		printf("your move (player %d; 'moves' lists them): ", a->role + 1);
		fflush(stdout);
		if (!read_line(line, sizeof line))
			return gl_fail(err, GL_EIO, "end of input: the person left the match");
		if (!line[0])
			continue;
		if (!strcmp(line, "moves") || !strcmp(line, "help")) {
			print_legal(g, s);
			continue;
		}
		gl_err perr = {0};
		if (gl_parse_legal(g, s, line, move, &perr) == 0)
			return 0;
		printf("%s\n", perr.msg);
	}
}

const gl_agent_type cli_agent_human = {
	.name = "human",
	.summary = "a person at the terminal types the moves",
	.init = human_init,
	.choose = human_choose,
};

/* The agents the CLI adds to the library's (a person at the terminal). */
const gl_agent_type *const *cli_extra_agents(void)
{
	static const gl_agent_type *const extra[] = {&cli_agent_human, NULL};
	return extra;
}

gl_agent *cli_agent_try(const char *spec, const gl_game *g, gl_err *err)
{
	return gl_agent_new(spec, g, cli_extra_agents(), err);
}

gl_agent *cli_agent(const char *spec, const gl_game *g)
{
	gl_err err = {0};
	gl_agent *a = cli_agent_try(spec, g, &err);
	if (!a)
		cli_die(EXIT_USAGE, "%s", err.msg);
	return a;
}

/* --- play: a person against an agent, with undo -------------------------- */

static void play_help(void)
{
	printf("type a move in the game's notation, or:\n"
	       "  moves  list the legal moves\n"
	       "  undo   take back your last move and the reply\n"
	       "  help   this text\n"
	       "  quit   leave the game\n");
}

/* Start a match for the machine agent, playing the seat opposite me. */
static void begin_machine(gl_agent *machine, int me, uint64_t seed)
{
	gl_err err = {0};
	machine->role = 1 - me;
	gl_rng_split(&machine->rng, seed, 1);
	if (machine->type->begin && machine->type->begin(machine, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
}

/* Rebuild s from the start by the first n moves of hist. */
static void replay_to(const gl_game *g, void *s, const gl_action *hist, int n)
{
	g->type->start(g, s);
	for (int i = 0; i < n; i++)
		g->type->apply(g, s, hist[i]);
}

static const cli_opt play_opts[] = {
	{"opponent", "AGENT", "alphabeta", "the agent you play against (see gamelearn agents)", 0},
	{"first", "WHO", "human", "who moves first: human or machine", 0},
	{"seed", "S", "1", "the opponent's random seed", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_play_spec = {
	"play", "GAME", 1, 1, "play a game against an agent at the terminal",
	play_opts,
	{"gamelearn play tictactoe --opponent perfect",
	 "gamelearn play tictactoe --opponent martens:load=m.txt,save=m.txt"}
};

int cmd_play(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_play_spec, argc, argv, &opt);
	const char *spec = opt.pos[0], *opp_spec = cli_str(&opt, "opponent");
	const char *first = cli_str(&opt, "first");
	uint64_t seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	if (strcmp(first, "human") && strcmp(first, "machine"))
		cli_die(EXIT_USAGE, "play: --first must be human or machine, got '%s'", first);
	gl_game *g = cli_game(spec);
	if (g->nplayers > 2)
		cli_die(EXIT_USAGE, "play: %s has %u players; play takes one person and one machine",
			g->spec, g->nplayers);
	/* a puzzle has no opponent: the person plays alone */
	gl_agent *machine = g->nplayers == 2 ? cli_agent(opp_spec, g) : NULL;
	int me = g->nplayers == 1 ? 0 : !strcmp(first, "human") ? 0 : 1;
	gl_err err = {0};
	if (machine)
		begin_machine(machine, me, seed);

	void *s = cli_state(g), *t = cli_state(g);
	gl_action *hist = gl_malloc(sizeof *hist * (g->max_length + 1));
	if (!hist)
		cli_die(EXIT_RUN, "out of memory");
	int nhist = 0;
	g->type->start(g, s);
	printf("%s: you are player %d against %s. Type 'help' for commands.\n",
		g->spec, me + 1, machine ? machine->spec : "the puzzle");
	char line[256];
	int rc = 0;
	for (;;) {
		if (g->type->terminal(g, s)) {
			int goals[GL_PLAYERS_MAX];
			print_board(g, s);
			g->type->goals(g, s, goals);
			if (g->nplayers == 1)
				printf("puzzle over: score %d of 100\n", goals[0]);
			else
				printf("game over: you %s (%d to %d)\n",
					goals[me] > goals[1 - me] ? "win" :
					goals[me] == goals[1 - me] ? "draw" : "lose",
					goals[me], goals[1 - me]);
			if (machine && machine->type->end)
				machine->type->end(machine, s, goals);
			break;
		}
		if (nhist == (int)g->max_length) /* hist's room: a GDL game */
			cli_die(EXIT_RUN, "play: %s did not end within its bound of "
				"%u moves", g->spec, g->max_length);
		int who = g->type->to_move(g, s);
		gl_action a;
		if (who != me) {
			if (machine->type->choose(machine, s, &a, &err))
				cli_die(EXIT_RUN, "%s", err.msg);
			char mt[GL_MOVE_TEXT];
			g->type->format_move(g, s, a, mt, sizeof mt);
			printf("machine plays %s\n", mt);
		} else {
			print_board(g, s);
			printf("your move: ");
			fflush(stdout);
			if (!read_line(line, sizeof line)) {
				printf("\nend of input: leaving the game\n");
				break;
			}
			if (!line[0])
				continue;
			if (!strcmp(line, "quit") || !strcmp(line, "exit")) {
				printf("bye\n");
				break;
			}
			if (!strcmp(line, "help") || !strcmp(line, "?")) {
				play_help();
				continue;
			}
			if (!strcmp(line, "moves")) {
				print_legal(g, s);
				continue;
			}
			if (!strcmp(line, "undo")) {
				/* take back to before the person's last move */
				int k = nhist - 1;
				while (k >= 0) {
					replay_to(g, t, hist, k);
					if (g->type->to_move(g, t) == me)
						break;
					k--;
				}
				if (k < 0) {
					printf("nothing to undo\n");
					continue;
				}
				nhist = k;
				/* the machine forgets the moves taken back: a new
				 * match, told the moves that stand */
				g->type->start(g, s);
				if (machine)
					begin_machine(machine, me, seed + (uint64_t)nhist);
				for (int i = 0; i < nhist; i++) {
					if (machine && machine->type->observe)
						machine->type->observe(machine, s,
							g->type->to_move(g, s), hist[i]);
					g->type->apply(g, s, hist[i]);
				}
				printf("taken back\n");
				continue;
			}
			gl_err perr = {0};
			if (gl_parse_legal(g, s, line, &a, &perr)) {
				printf("%s\n", perr.msg);
				if (perr.code == GL_EPARSE)
					print_legal(g, s);
				continue;
			}
		}
		if (machine && machine->type->observe)
			machine->type->observe(machine, s, who, a);
		hist[nhist++] = a;
		g->type->apply(g, s, a);
	}
	gl_free(hist);
	gl_free(s);
	gl_free(t);
	gl_agent_free(machine);
	cli_game_notes(g);
	gl_game_free(g);
	return rc;
}
