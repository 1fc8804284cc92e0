/*
 * cli.h - what the command-line tool's commands share: the command table
 * entry type, error exits, option parsing helpers and the progress bar.
 * Only the CLI prints and exits; the library reports errors to it.
 */
#ifndef CLI_H
#define CLI_H

#include "gamelearn/evolve.h"
#include "gamelearn/experiment.h"
#include "gamelearn/fileio.h"
#include "gamelearn/game.h"
#include "gamelearn/gdl.h"
#include "gamelearn/mpi.h"
#include "gamelearn/report.h"
#include "gamelearn/run.h"

#include <pthread.h>
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
	const struct cli_spec *spec; /* its declared options: when set, usage
					and help (NULL here) come from it */
} cli_command;

/* --- Declared options ---------------------------------------------------------
 * Each command declares its options once, in a table, from which parsing
 * (getopt_long), `--help`, the man page and the bash completion are all
 * made. A value is read by the option's name; an option not given reads
 * as its declared default. */

/* An option (name, value's name, default, help, repeat): the library's
 * type, so that an experiment's options (experiment.h) are a command's. */
typedef gl_option cli_opt;

typedef struct cli_spec {
	const char *name;         /* "evolve", "ggp serve", "repro hwang" */
	const char *args;         /* positional arguments, e.g. "GAME DEPTH" */
	int min_args, max_args;   /* how many positional arguments */
	const char *help;         /* one line */
	const cli_opt *opts;      /* ending with {NULL} */
	const char *examples[2];  /* whole command lines */
} cli_spec;

enum { CLI_OPTS_MAX = 40, CLI_ARGS_MAX = 64 };

typedef struct cli_args {
	const cli_spec *spec;
	int npos;                       /* positional arguments */
	char *pos[CLI_ARGS_MAX];
	const char *val[CLI_OPTS_MAX];  /* last value given, or NULL */
	int seen[CLI_OPTS_MAX];         /* times given */
	int nrep;                       /* values of repeatable options */
	const char *rep[CLI_ARGS_MAX];
	int rep_opt[CLI_ARGS_MAX];
} cli_args;

/* Parse argv (argv[0] the command's name) against spec into a: unknown
 * options, missing values, and too few or too many positional arguments
 * are one-line usage errors; --help (or -h) prints cli_help and exits 0. */
void cli_parse(const cli_spec *spec, int argc, char **argv, cli_args *a);
/* Whether option name was given. */
bool cli_given(const cli_args *a, const char *name);
/* Its value: as given, else its default (NULL if it has none). */
const char *cli_str(const cli_args *a, const char *name);
/* Its value as a whole number in min..max, or as a number, or die naming
 * the option. */
long cli_long(const cli_args *a, const char *name, long min, long max);
double cli_real(const cli_args *a, const char *name, double min, double max);
/* The values of a repeatable option, in order, into out (room for
 * CLI_ARGS_MAX); returns how many. */
int cli_all(const cli_args *a, const char *name, const char **out);
/* The help of spec: synopsis, every option with its default, examples. */
void cli_help(const cli_spec *spec, FILE *f);
/* The one-line synopsis of spec into buf: its arguments, then each option
 * as [--name VALUE] or [--name]. */
void cli_synopsis(const cli_spec *spec, char *buf, size_t n);
/* A command's usage (its own, its spec's synopsis into buf, or NULL when
 * its subcommands have theirs) and its help line. */
const char *cli_command_usage(const cli_command *c, char *buf, size_t n);
const char *cli_command_help(const cli_command *c);

/* The commands' declared options, in their cmd_*.c (a repro experiment's
 * are the library's, experiment.h). */
extern const cli_spec cli_list_spec, cli_show_spec, cli_perft_spec,
	cli_demo_spec, cli_search_spec, cli_agents_spec, cli_match_spec,
	cli_replay_spec, cli_play_spec, cli_train_spec, cli_features_spec,
	cli_inspect_spec, cli_gdl_check_spec, cli_evolve_spec,
	cli_repro_all_spec, cli_bench_spec,
	cli_ggp_serve_spec, cli_ggp_match_spec, cli_solve_spec, cli_web_spec;

/* The command table (cmd_help.c) and the repro experiments (cmd_repro.c):
 * help, the man page and the completion are generated from them. */
extern const cli_command cli_commands[];
/* ggp's subcommands (serve, match), for help and ggp --help. */
extern const cli_command cli_ggp_subs[];
extern cli_command repro_experiments[];

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

/* A state of g (g->state_size bytes from gl_malloc, aligned), or die;
 * free with gl_free. */
void *cli_state(const gl_game *g);
/* A move list of g (room for g->max_legal moves), or die; gl_free it. */
gl_action *cli_moves(const gl_game *g);
/* Draw s to f, all of it (render() into a buffer as big as it needs). */
void cli_print_state(const gl_game *g, const void *s, FILE *f);

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

/* Tell the user on stderr ("gamelearn: note: ...") what playing g showed
 * about its rules (gdl_game_note: a GDL role given several goal values in
 * one state), if anything. Called once, when a command is done with g. */
void cli_game_notes(const gl_game *g);

/* Play one seeded random game of g, printing each move (and the board
 * after it when show_board); returns the number of moves. */
int cli_random_game(const gl_game *g, uint64_t seed, bool show_board, FILE *out);

/* Write s as a JSON string literal (quoted, escaped) to f. */
void cli_json_string(FILE *f, const char *s);
/* Before any work: die (EXIT_RUN, naming `what` and path) unless a file
 * can be written at path: a writable file, device or pipe there, or a
 * writable folder for a new one, path no folder (dir: path must be a
 * writable folder instead). Nothing is made or changed. */
void cli_check_out(const char *what, const char *path, bool dir);
/* A command's output file written whole: atomically (gl_strbuf_write)
 * where path is, or will be, a regular file; written through where it
 * is a device or a pipe (/dev/null, /dev/stdout, a shell's >(...)). */
int cli_write_out(const gl_strbuf *sb, const char *path, gl_err *err);

/* A record file written as a run goes (`match --record`, `ggp match
 * --record`): made, or emptied, when the first text is appended (a run
 * that fails before any match ends leaves an earlier record as it was),
 * then each text appended whole as it comes, so that a stop, even kill
 * -9, keeps every match written before it. */
typedef struct cli_record {
	const char *what; /* the option, for messages: "match --record" */
	const char *path;
	int fd;           /* -1 until the first append */
} cli_record;
void cli_record_init(cli_record *r, const char *what, const char *path);
/* Append len bytes of text, and with sync flush the file to the disk
 * (fsync: against the machine's crash; a process that dies loses nothing
 * written either way). Returns 0, or GL_EIO with "WHAT: cannot write
 * 'PATH': why". */
int cli_record_append(cli_record *r, const char *text, size_t len, bool sync,
	gl_err *err);
/* Close the file (nothing when nothing was appended): 0 or GL_EIO. */
int cli_record_close(cli_record *r, gl_err *err);

/* Print the declared parameters of a game or agent type, one per line,
 * indented under its name (for `list` and `agents`). */
void cli_print_params(const gl_param_def *params);

/* Progress bar on stderr, drawn only when stderr is a terminal; under
 * mpirun (whose ranks' stderr is a pipe) rank 0 draws it on /dev/tty
 * when the job has a terminal (progress.c). */
typedef struct progress {
	bool on;
	bool tty; /* drawn on /dev/tty rather than stderr */
	double total;
	double start;
	double last_draw;
	const char *label;
	char note[48]; /* shown after the ETA, e.g. a running average */
} progress;

void progress_begin(progress *p, const char *label, double total);
void progress_update(progress *p, double done);
void progress_end(progress *p);

/* --- Running pieces of work (work.h) ------------------------------------------ */

enum { CLI_THREADS_MAX = GL_THREADS_MAX };

/* The CLI's runner, the library's (run.h, mpi.h) put together: a pool of
 * `threads` threads (1..64) in this process, under mpirun dealing to
 * every rank, and with cli_pool_keep its finished pieces kept; when bar
 * is non-NULL one progress step per piece done (across runs; under MPI
 * rank 0 counts every rank's). Use &pool.runner wherever the library
 * takes a gl_runner. */
typedef struct cli_pool {
	gl_pool base;
	int threads;
	progress *bar;
	gl_mpi mpi;       /* in use under mpirun with several ranks (mpi.c) */
	/* every rank takes rank 0's list (gl_mpi_agree), or NULL: one rank */
	void (*agree)(void *ctx, int *v, int *n);
	void *agree_ctx;
	gl_keep keep;     /* in use after cli_pool_keep */
	gl_runner runner; /* the outermost of these */
} cli_pool;
void cli_pool_init(cli_pool *p, int threads, progress *bar);
/* From now on every batch run through pool with get/put saves its
 * finished pieces in DIR/pieces, and with the option --resume given in a
 * (the command's options must include resume and stop-after) the saved
 * ones are put back instead of run again; --stop-after K stops the run
 * (its batch returns GL_ESTOP) once K pieces are saved. The key is the
 * command and its options that decide the results. Dies when resuming a
 * run made with other options. Call after cli_pool_init, before the
 * first batch. */
void cli_pool_keep(cli_pool *p, const cli_args *a, const char *dir);

/* Rank 0 alone writes (cli_rank0): make folder dir and its parents, or
 * die; write sb's text to dir/name atomically, or die; an SVG plot
 * (report.h) to dir/name, or die. */
void cli_mkdir(const char *dir);
void cli_save(const char *dir, const char *name, const gl_strbuf *sb);
void cli_plot(const char *dir, const char *name, const gl_plot_spec *spec,
	const gl_plot_series *series, int nseries);

/* --- MPI (mpi.c; without MPI a stub) -------------------------------------------- */

/* Start MPI when run by mpirun or srun (else nothing: one process as
 * ever); ranks other than 0 get a silent stdout. Called first in main,
 * with the command table (its subcommands' words are compared). */
void cli_mpi_init(int *argc, char ***argv, const cli_command *commands);
/* This process's rank (0 without MPI) and the number of ranks (1). */
int cli_mpi_rank(void);
int cli_mpi_size(void);
/* Whether this process writes files and prints results: rank 0. */
bool cli_rank0(void);
/* When there are several ranks, make pool's runner deal pieces to all
 * of them (rank 0 deals; every rank computes on pool->threads threads);
 * else leave it. Called by cli_pool_init. */
void cli_mpi_runner(cli_pool *pool);
/* Compare the options every rank parsed (a, and whether --help was
 * given) with rank 0's, on the first call only (cli_parse calls it): the
 * same command, each option's last value (a repeated one's values in
 * order), whether it was given, and the arguments, but --threads, which
 * is each rank's own. On a difference, every rank exits 1 and the lowest
 * differing rank names the option ("MPI rank 1 has --seed 2 but rank 0
 * has --seed 1"). A no-op without MPI or with one rank. */
void cli_mpi_same(const cli_args *a, bool help);
/* Stop every rank at once with exit code `code` (after an error); a
 * no-op without MPI or with one rank. */
void cli_mpi_abort(int code);
/* "MPI: yes (Open MPI 4.1.4)" or "MPI: no", for --version. */
void cli_mpi_describe(char *buf, size_t n);

/* The commands, defined in cmd_*.c and bench/. */
int cmd_list(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_perft(int argc, char **argv);
/* joint.c: perft --joint of a GDL game from its start (prints the count). */
int cli_perft_joint(const gl_game *g, int depth, bool divide);
int cmd_bench(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_agents(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_train(int argc, char **argv);
int cmd_search(int argc, char **argv);
/* cmd_repro.c: the repro specs of the library's experiments made from
 * their descriptors (called first in main); `repro NAME` of one. */
void cli_repro_init(void);
int repro_library(int argc, char **argv);
int cmd_repro(int argc, char **argv);
int cmd_help(int argc, char **argv);               /* cmd_help.c */
int cmd_version(int argc, char **argv);            /* cmd_help.c */
int cmd_gdl(int argc, char **argv);
int cmd_ggp(int argc, char **argv);               /* cmd_ggp.c: serve, match */
int cmd_ggp_match(int argc, char **argv);         /* cmd_ggp_match.c */
int cmd_web(int argc, char **argv);               /* cmd_web.c */
/* The agent types ggp serve and ggp match add to the library's (the test
 * agent `slow`), NULL-terminated, and an agent made with them; NULL with
 * the message in err. In ggp_slow.c. */
extern const struct gl_agent_type *const cli_ggp_types[];
struct gl_agent *cli_ggp_agent(const char *spec, const gl_game *g, gl_err *err);
int cmd_features(int argc, char **argv);           /* cmd_features.c */
int cmd_inspect(int argc, char **argv);            /* cmd_inspect.c */
int cmd_evolve(int argc, char **argv);             /* cmd_evolve.c */
int repro_all(int argc, char **argv);              /* cmd_repro.c */

/* The agent types only the CLI has: a person at the terminal; ggp
 * serve's test agent, which takes exactly the time it is given. */
extern const struct gl_agent_type cli_agent_human;
extern const struct gl_agent_type cli_agent_slow; /* ggp_slow.c */
/* The agent types the CLI adds to the library's for its commands' specs,
 * ending with NULL (cmd_play.c). */
const struct gl_agent_type *const *cli_extra_agents(void);

#endif
