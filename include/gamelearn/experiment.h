/*
 * experiment.h - a paper's experiment as a library piece: a const
 * descriptor (name, paper, one-line summary, its options, the options of
 * a quick run) whose run() builds its batches of seeded pieces of work
 * (work.h) from the options, runs them on the runner it is given
 * (threads, MPI ranks, kept pieces: the caller's), and combines their
 * results into a report: the text a terminal shows, tables and figures,
 * all as data. The caller prints the text, writes each table as CSV and
 * each figure as SVG (report.h; the CLI's `repro NAME`), or shows them
 * (the web page). An experiment prints nothing and writes no report
 * file itself.
 */
#ifndef GAMELEARN_EXPERIMENT_H
#define GAMELEARN_EXPERIMENT_H

#include "gamelearn/core.h"
#include "gamelearn/fileio.h"
#include "gamelearn/work.h"

#include <stdbool.h>

/* One option of an experiment's command line, as `--name VALUE` (the
 * CLI's option tables have the same type). An experiment declares every
 * option of its command, those its runner reads (out, threads, resume,
 * stop-after) too. */
typedef struct gl_option {
	const char *name; /* long name without "--"; one letter is also -x */
	const char *arg;  /* its value's name (e.g. "S"), NULL for a flag */
	const char *def;  /* default as text, NULL for none */
	const char *help; /* one line */
	int repeat;       /* may be given more than once */
} gl_option;

/* The options of one run: opts (ending with {NULL}) and, per option, the
 * value given (NULL: its default) and whether it was given. */
typedef struct gl_exp_args {
	const gl_option *opts;
	const char *const *val;
	const int *seen;
} gl_exp_args;

/* Whether option name was given. */
bool gl_exp_given(const gl_exp_args *a, const char *name);
/* Its value as given, else its default (NULL when it has none). */
const char *gl_exp_str(const gl_exp_args *a, const char *name);
/* Its value as a whole number in min..max into *out: 0, or GL_EINVAL
 * "OWNER: --NAME must be a whole number in MIN..MAX, got 'TEXT'". */
int gl_exp_long(const gl_exp_args *a, const char *owner, const char *name, long min,
	long max, long *out, gl_err *err);

/* --- Reports: text, tables and figures as data ------------------------------ */

/* A table: its file name (e.g. "ga-nim.csv"), column names and rows of
 * cells (text, as they are to be written). */
typedef struct gl_table {
	char *name;
	int ncols, nrows, ncells; /* ncells: filled so far (ncols a row) */
	char **cols;
	char **cells;              /* row r, column c at r * ncols + c */
	int cap;                   /* cells allocated */
} gl_table;

/* One line of a figure: n points (x[i], y[i]) and, when lo and hi are
 * set, a band around it (min..max over runs). colour is -1 for the colour
 * of the learner its name starts with (baseline, transfer, lookahead,
 * GA, DFS, wins, ...; the same in every figure), or a palette index (the
 * same value of a parameter the same colour everywhere). */
typedef struct gl_series {
	char *name;
	int n;
	double *x, *y, *lo, *hi;   /* lo, hi NULL: no band */
	int colour;
} gl_series;

/* A figure: its file name ("x.svg"), title, axes, series. */
typedef struct gl_figure {
	char *name, *title, *xlabel, *ylabel;
	bool log_y;                /* logarithmic y axis (values > 0) */
	bool y_from_zero;          /* the y range includes 0 */
	int nseries;
	gl_series *series;
} gl_figure;

/* A text file of a report (e.g. a summary.txt): its name and text. */
typedef struct gl_note {
	char *name, *text;
} gl_note;

/* What an experiment gives back, in order of making. */
typedef struct gl_report {
	gl_strbuf text;            /* what a terminal shows */
	int ntables, nfigures, nnotes;
	gl_table **tables;
	gl_figure **figures;
	gl_note *notes;
	bool oom;                  /* an allocation failed: the report is
				      incomplete (gl_report_check says so) */
	/* Set by the caller (NULL: none): called with each piece of text as
	 * it is added, e.g. to show it as the experiment goes. */
	void (*echo)(void *ctx, const char *text, size_t len);
	void *echo_ctx;
} gl_report;

void gl_report_init(gl_report *r);
void gl_report_done(gl_report *r);
/* Append to the text. */
void gl_report_printf(gl_report *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* A new table named name with the columns of cols (comma-separated), or
 * NULL when out of memory (r->oom set; the calls below take NULL). */
gl_table *gl_report_table(gl_report *r, const char *name, const char *cols);
/* Append cells to t's current row (a row is done at ncols cells): the
 * text fmt makes, split at tabs ("a\tb" is two cells, "\t" two empty
 * ones). */
void gl_table_cells(gl_report *r, gl_table *t, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
/* The cell of row row, column col ("" out of range). */
const char *gl_table_cell(const gl_table *t, int row, int col);
/* A new figure with series copied from s (n points each, lo/hi may be
 * NULL); NULL when out of memory (r->oom set). */
gl_figure *gl_report_figure(gl_report *r, const char *name, const char *title,
	const char *xlabel, const char *ylabel, bool log_y, bool y_from_zero,
	const gl_series *s, int nseries);
/* A text file named name holding text (copied); r->oom set when out of
 * memory. */
void gl_report_note(gl_report *r, const char *name, const char *text);
/* A paper's side-by-side table, verdicts.csv, is written by verdict.h's
 * gl_claims_judge, by the one rule. */
/* 0, or GL_ENOMEM with a message when the report is incomplete. */
int gl_report_check(const gl_report *r, gl_err *err);

/* --- Experiments ------------------------------------------------------------ */

/* Where and on what an experiment runs. */
typedef struct gl_exp_env {
	const gl_runner *runner; /* its batches of pieces; NULL: one by one */
	const char *dir;         /* the run's folder (named in the text; files
				    the runs exchange go there) */
	/* Called (may be NULL) once the experiment knows how many pieces it
	 * will run in all, e.g. for a progress bar. */
	void (*plan)(void *ctx, double pieces);
	void *ctx;
	bool shown;              /* the caller shows a person how far it got (a
				    progress bar): the text may leave out lines
				    that only say that */
	const char *work;        /* a folder of this process's own where the
				    runs may exchange files (banerjee-stone's
				    feature files), or NULL: dir */
} gl_exp_env;

typedef struct gl_experiment_type {
	const char *name;        /* "ga-nim" */
	const char *summary;     /* one line */
	const char *paper;       /* the source, as cited */
	const char *seeds;       /* what its seeds are, in one line */
	const gl_option *opts;   /* its options, ending with {NULL} */
	const char *quick;       /* options of a small run (a test, the web
				    page), e.g. "--seeds 2 --gens 200" */
	bool work;               /* its runs exchange files: it needs a folder
				    of each process's own (gl_exp_env.work) */
	/* Run with args on env into rep (initialised by the caller, who
	 * frees it). Returns 0, or an error code with a message: GL_EINVAL
	 * for bad options. Pieces run through env->runner in the same order
	 * of batches in every run with the same options. */
	int (*run)(const gl_exp_args *args, const gl_exp_env *env, gl_report *rep,
		gl_err *err);
} gl_experiment_type;

/* The experiments, NULL-terminated, and one by name (NULL if none). */
const gl_experiment_type *const *gl_experiment_types(void);
const gl_experiment_type *gl_experiment_find(const char *name);

/* The experiments of the registry, each one src/exp/ file. */
extern const gl_experiment_type gl_exp_ga_nim, gl_exp_hwang, gl_exp_martens,
	gl_exp_checkers_ga, gl_exp_banerjee_stone;

/* The Martens part of `gamelearn demo`: the machine learns tic-tac-toe
 * from nothing against perfect (seeded), then plays random; its text
 * into rep. 0, or an error code with a message. */
int gl_exp_martens_demo(uint64_t seed, gl_report *rep, gl_err *err);
/* The Banerjee-Stone part of the demo: tic-tac-toe features learned
 * (saved to path, removed after), then connect3 baseline against
 * transfer, on runner (may be NULL); its text into rep. */
int gl_exp_bs_demo(uint64_t seed, const char *path, const gl_runner *runner,
	gl_report *rep, gl_err *err);
/* Index 0..11 of a canonical feature text in Banerjee and Stone's Figure
 * 2 (the letters a..l, inferred: src/exp/banerjee_stone.c), or -1. */
int gl_exp_bs_figure2(const char *text);

#endif
