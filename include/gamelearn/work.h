/*
 * work.h - pieces of work: an experiment that is many independent pieces
 * (the matches of a tournament, the runs of a sweep, the subtrees of a
 * perft) says so once, and whoever runs it (one thread, a pool of
 * threads, the ranks of an MPI job) runs the same pieces.
 *
 * A piece is its index i in 0..n-1. Whatever is random in it must come
 * from a generator derived from the run's seed and i alone (e.g.
 * gl_rng_split(seed, i)), never from what ran before it on the same
 * worker, so that the result is the same whoever runs it and in whatever
 * order. A piece writes its result into the caller's arrays at a place
 * of its own; when the caller also says how to read a result out as bytes
 * and put bytes back (get and put), a runner can compute a piece in
 * another process and ship its result home. Without them a runner made
 * of processes runs every piece in every process.
 *
 * The layers that make pieces make no threads and know no MPI: the
 * runner is the caller's (run.h's pool of threads and kept pieces,
 * mpi.h's ranks).
 */
#ifndef GAMELEARN_WORK_H
#define GAMELEARN_WORK_H

#include "gamelearn/core.h"

#include <stdbool.h>
#include <stddef.h>

/* Run piece i on worker `worker` (below the runner's workers: an index
 * for per-worker scratch). */
typedef void (*gl_job_fn)(void *arg, int i, int worker);
/* Piece i's result, in the process that ran it: *bytes gets where it is
 * (valid until the run ends), the return value its size. */
typedef size_t (*gl_get_fn)(void *arg, int i, const void **bytes);
/* Piece i's result as get gave it in another process: store it as job
 * would have. Returns 0, or GL_ENOMEM / GL_EINVAL (bytes malformed) with
 * a message. */
typedef int (*gl_put_fn)(void *arg, int i, const void *bytes, size_t size,
	gl_err *err);

/* The pieces of one batch of work. */
typedef struct gl_pieces {
	int n;          /* pieces 0..n-1 */
	gl_job_fn job;  /* runs one */
	gl_get_fn get;  /* NULL (with put): results stay in their process */
	gl_put_fn put;
	void *arg;      /* passed to all three */
	bool gather;    /* only the process that reports reads the results: a
			   runner of processes may leave the others' unput
			   (false: every process gets every result) */
} gl_pieces;

/* Runs every piece exactly once as far as the caller can tell (job for
 * each i here, or job elsewhere and put here), on at most `workers`
 * workers at once in this process, and returns when all results are in
 * place: 0, or an error code with a message (a put failed, a process was
 * lost). */
typedef struct gl_runner {
	int workers;
	int (*run)(void *ctx, const gl_pieces *p, gl_err *err);
	void *ctx;
} gl_runner;

/* Run p on r, or one by one on worker 0 when r (or r->run) is NULL. */
int gl_run_pieces(const gl_runner *r, const gl_pieces *p, gl_err *err);

#endif
