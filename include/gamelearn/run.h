/*
 * run.h - the runners of pieces of work (work.h): a pool of threads in
 * this process, and the keeping of finished pieces on disk so that a
 * stopped run resumes without redoing them; and an experiment run
 * through both from its options as text (what a program over the
 * library, the web page or Python, runs). The ranks of an MPI job are a
 * runner too, built only with MPI (mpi.h, libgamelearn_mpi).
 *
 * Nothing here prints or exits: progress goes to the caller's callback,
 * errors come back as codes with a message. A pool may be stopped (a
 * keeper's --stop-after, a piece that cannot be saved): it deals no more
 * pieces and its runs return that error.
 */
#ifndef GAMELEARN_RUN_H
#define GAMELEARN_RUN_H

#include "gamelearn/core.h"
#include "gamelearn/experiment.h"
#include "gamelearn/work.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

enum { GL_THREADS_MAX = 64 };

/* Progress: done pieces so far (counted across the pool's runs, the
 * pieces put back from disk included). Called with the pool's batch lock
 * held, so one call at a time, from any of its threads. */
typedef void (*gl_progress_fn)(void *ctx, double done);

/* --- A pool of threads ------------------------------------------------------- */

/* Runs a batch on `threads` threads of this process: the caller's thread
 * is worker 0, the others are made for the batch and joined at its end;
 * each takes the next piece from a counter when it finishes one. A
 * plain struct: gl_pool_init sets it up, nothing to free. */
typedef struct gl_pool {
	int threads;             /* 1..GL_THREADS_MAX */
	gl_progress_fn progress; /* may be NULL */
	void *progress_ctx;
	double done;             /* pieces done, across runs */
	atomic_int stopping;     /* set once by gl_pool_stop */
	gl_err stop_err;         /* why (read once the batch is over) */
	gl_runner runner;        /* pass &pool.runner to the library */
} gl_pool;

/* Set up p for `threads` threads (clamped to 1..GL_THREADS_MAX) with
 * progress (may be NULL) called as pieces finish. */
void gl_pool_init(gl_pool *p, int threads, gl_progress_fn progress, void *ctx);
/* Run the batch pieces on pool's threads in this process: 0, or the
 * error that stopped the pool (gl_pool_stop), during the batch or
 * before it. */
int gl_pool_run(gl_pool *pool, const gl_pieces *pieces, gl_err *err);
/* Stop the pool (thread-safe; the first call's code and message win):
 * no more pieces are dealt, those running finish, and every run returns
 * code with the message. Returns code. */
int gl_pool_stop(gl_pool *pool, int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
/* Whether the pool was stopped. */
bool gl_pool_stopped(gl_pool *pool);
/* Count one piece done outside a batch (put back from disk) and report
 * progress. Not while a batch runs. */
void gl_pool_count(gl_pool *pool);

/* A piece's result kept as a copy of its bytes (a put of work.h): the
 * copy into *slot (malloc'd) and its size into *slot_size, the old one
 * freed. Returns 0, or GL_ENOMEM with "WHAT: out of memory for a
 * result". */
int gl_piece_copy(char **slot, size_t *slot_size, const void *bytes, size_t size,
	const char *what, gl_err *err);

/* --- Keeping finished pieces ----------------------------------------------------
 * Every batch with get and put run through a keeper is numbered in
 * order (the same order in every run with the same options: the caller's
 * work is deterministic); piece i of batch b, once finished, is saved
 * atomically as its result's bytes followed by a trailer (a magic number
 * and gl_hash_bytes() of the bytes, 8 bytes each, little-endian) in
 * DIR/pieces/b.i. A resumed run checks the trailer (a piece truncated or
 * overwritten is refused, naming its file), puts the saved bytes back
 * and runs the rest on the inner runner. DIR/pieces/key.txt holds the
 * caller's key (the options that decide the results): a run with
 * another key refuses to resume. Once the pool is stopped (stop_after
 * reached, a piece failed) no more pieces are saved. */

typedef struct gl_keep_config {
	const char *what;  /* names the run in messages: "repro martens" */
	const char *dir;   /* the run's folder (pieces go into DIR/pieces) */
	const char *key;   /* what decides the results, as text */
	bool resume;       /* put saved pieces back */
	long stop_after;   /* stop the pool once this many are saved (0: never) */
	bool save;         /* this process writes the pieces (under MPI, rank
			      0 alone; the others only read) */
	/* Make every process take the first one's n and v[0..n-1] (room for
	 * its n), or NULL: one process (gl_mpi_agree under MPI). */
	void (*agree)(void *ctx, int *v, int *n);
	void *agree_ctx;
} gl_keep_config;

typedef struct gl_keep {
	char dir[1100];        /* DIR/pieces */
	bool resume, save;
	long stop_after;
	atomic_long saved;     /* pieces saved by this run */
	int batch;             /* the next batch's number */
	gl_pool *pool;         /* counts put-back pieces; stopped by stop_after */
	gl_runner inner;       /* what runs the pieces not kept */
	void (*agree)(void *ctx, int *v, int *n);
	void *agree_ctx;
	gl_runner runner;      /* pass &keep.runner to the library */
} gl_keep;

/* A kept run's key into key: head (the command, the experiment's name),
 * then each option of opts (ending with {NULL}) given (seen[i]) as
 * " --NAME VALUE" (" --NAME" for a flag, val[i] NULL) in declared
 * order, but those that cannot change the results (threads, resume,
 * stop-after, out), then a newline. */
void gl_keep_key(gl_strbuf *key, const char *head, const gl_option *opts,
	const char *const *val, const int *seen);

/* Set k up to keep the pieces of batches run on inner (pool's runner, or
 * one dealing through pool: its counter and stop) as c says. With
 * c->resume the key must be the saved one; without it (and with
 * c->save) DIR/pieces is made or emptied and the key written. Returns 0,
 * GL_EINVAL ("WHAT --resume: no run to resume in DIR (no FILE)", "WHAT
 * --resume: DIR was run with other options: KEY") or GL_EIO. Nothing to
 * free. */
int gl_keep_init(gl_keep *k, gl_pool *pool, const gl_runner *inner,
	const gl_keep_config *c, gl_err *err);

/* --- An experiment through the layer ------------------------------------------ */

enum { GL_EXP_OPTS_MAX = 40 };

/* An experiment's options read from text, as its command line takes
 * them: "--name VALUE", "--name=VALUE", "-x VALUE" for a one-letter
 * name, "--flag"; a later value of an option wins. */
typedef struct gl_exp_opts {
	gl_exp_args args;                  /* points into this struct */
	const char *val[GL_EXP_OPTS_MAX];
	int seen[GL_EXP_OPTS_MAX];
	char *text;                        /* the words' copy (owned) */
} gl_exp_opts;
/* Read text (NULL: none) against e's options into o. Returns 0, or
 * GL_EINVAL naming the word ("NAME: unknown option --x", "NAME: --x
 * needs a value") or GL_ENOMEM; free with gl_exp_opts_done either way. */
int gl_exp_opts_parse(gl_exp_opts *o, const gl_experiment_type *e, const char *text,
	gl_err *err);
void gl_exp_opts_done(gl_exp_opts *o);

/* How gl_exp_run runs an experiment. */
typedef struct gl_exp_setup {
	int threads;               /* its pieces at once (1..GL_THREADS_MAX) */
	const char *dir;           /* the run's folder: made if missing; the
				      report's files are written there */
	bool keep;                 /* keep finished pieces in DIR/pieces */
	bool resume;               /* with keep: go on from a stopped run */
	long stop_after;           /* with keep: stop after this many (0: never) */
	gl_progress_fn progress;   /* may be NULL */
	void *progress_ctx;
	/* Called (may be NULL) with the number of pieces the run will take. */
	void (*plan)(void *ctx, double pieces);
	void *plan_ctx;
} gl_exp_setup;

/* Run e with options (text for gl_exp_opts_parse; NULL or "": its
 * defaults, e->quick its quick run) as s says, into rep (initialised by
 * the caller, who frees it; its echo, if set, sees the text as it comes),
 * then write rep's tables (CSV), notes and figures (SVG) into s->dir
 * (report.h). The pieces run on a gl_pool, kept with s->keep by a
 * gl_keep whose key is e's name and its options as given. Returns 0, or
 * an error code with a message: GL_EINVAL for bad options, GL_ESTOP when
 * stop_after stopped it. */
int gl_exp_run(const gl_experiment_type *e, const char *options, const gl_exp_setup *s,
	gl_report *rep, gl_err *err);

#endif
