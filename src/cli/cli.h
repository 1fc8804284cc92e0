/*
 * cli.h - what the command-line tool's commands share: the command table
 * entry type, error exits, option parsing helpers and the progress bar.
 * Only the CLI prints and exits; the library reports errors to it.
 */
#ifndef CLI_H
#define CLI_H

#include "gamelearn/evolve.h"
#include "gamelearn/game.h"

#include <stdbool.h>
#include <stdio.h>

/* Exit codes: 1 for a failure at run time (bad move, bad file), 2 for bad
 * usage (unknown command or flag, missing argument). */
enum { EXIT_RUN = 1, EXIT_USAGE = 2 };

/* One subcommand: argv[0] is the command's own name. Tables of them end
 * with an entry whose name is NULL. */
typedef struct cli_command {
	const char *name;
	const char *usage; /* arguments, e.g. "GAME DEPTH [--divide]"; NULL:
			      those of the subcommands */
	const char *help;  /* one line */
	int (*run)(int argc, char **argv); /* NULL in a table only listed */
	const struct cli_command *subs; /* subcommands, or NULL */
} cli_command;

/* The command table (main.c) and the repro experiments (cmd_repro.c):
 * help, the man page and the completion are generated from them. */
extern const cli_command cli_commands[];
extern const cli_command repro_experiments[];

/* The list of commands with their usage (cmd_help.c). */
void cli_usage(FILE *f);

/* Print "gamelearn: <message>" on stderr and exit with code. */
_Noreturn void cli_die(int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* A game from a spec, or die with the library's message. */
gl_game *cli_game(const char *spec);

/* Parse a whole decimal integer in [min, max] given for `what`, or die. */
long cli_int(const char *text, long min, long max, const char *what);

/* An agent from a spec for game g, or die with the library's message. */
struct gl_agent *cli_agent(const char *spec, const gl_game *g);
/* The same, returning NULL with the message in err instead of dying, for
 * commands that must free what they made first. */
struct gl_agent *cli_agent_try(const char *spec, const gl_game *g, gl_err *err);

/* Play a comma-separated list of moves from the start of g into s, or die
 * naming the move, its position in the list, and why. */
void cli_play_moves(const gl_game *g, void *s, const char *list);

/* Play one seeded random game of g, printing each move (and the board
 * after it when show_board); returns the number of moves. */
int cli_random_game(const gl_game *g, uint64_t seed, bool show_board, FILE *out);

/* Write s as a JSON string literal (quoted, escaped) to f. */
void json_string(FILE *f, const char *s);

/* Print the declared parameters of a game or agent type, one per line,
 * indented under its name (for `list` and `agents`). */
void cli_print_params(const gl_param_def *params);

/* Progress bar on stderr, drawn only when stderr is a terminal. */
typedef struct progress {
	bool on;
	double total;
	double start;
	double last_draw;
	const char *label;
	char note[48]; /* shown after the ETA, e.g. a running average */
} progress;

void progress_begin(progress *p, const char *label, double total);
void progress_update(progress *p, double done);
void progress_end(progress *p);

/* The CLI's runner of independent jobs (pool.c): `threads` threads
 * (1..64), and when bar is non-NULL one progress step per job done
 * (done counts them across runs). Use &pool.runner wherever the library
 * takes a gl_runner. */
typedef struct cli_pool {
	int threads;
	progress *bar;
	double done;
	gl_runner runner;
} cli_pool;
void cli_pool_init(cli_pool *p, int threads, progress *bar);

/* The commands, defined in cmd_*.c and bench/. */
int cmd_list(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_agents(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_train(int argc, char **argv);
int cmd_search(int argc, char **argv);
int repro_ga_nim(int argc, char **argv);
int repro_hwang(int argc, char **argv);
int cmd_repro(int argc, char **argv);
int cmd_help(int argc, char **argv);               /* cmd_help.c */
int cmd_version(int argc, char **argv);            /* cmd_help.c */
int cmd_gdl(int argc, char **argv);
int cmd_ggp(int argc, char **argv);               /* cmd_ggp.c: serve, match */
int cmd_ggp_match(int argc, char **argv);         /* cmd_ggp_match.c */
int cmd_features(int argc, char **argv);           /* cmd_features.c */
int repro_banerjee_stone(int argc, char **argv);   /* repro_bs.c */
void repro_bs_demo(uint64_t seed);                 /* repro_bs.c: demo part */
/* Index 0..11 of a canonical feature text in the paper's Figure 2, or -1. */
int repro_bs_figure2(const char *text);            /* repro_bs.c */
int cmd_inspect(int argc, char **argv);            /* cmd_inspect.c */
int cmd_evolve(int argc, char **argv);             /* cmd_evolve.c */
int repro_checkers_ga(int argc, char **argv);      /* repro_checkers.c */
int repro_martens(int argc, char **argv);          /* repro_martens.c */
void martens_demo(uint64_t seed);                  /* repro_martens.c: demo part */

/* The agent types only the CLI has: a person at the terminal. */
extern const struct gl_agent_type cli_agent_human;

#endif
