/*
 * internal.h - what the runners share (pool.c, and mpi.c of
 * libgamelearn_mpi): a crew of threads each asking for its next piece
 * when it finishes one, and the dealer that hands pieces out from a
 * counter, counting progress and stopping when the pool is stopped.
 */
#ifndef RUN_INTERNAL_H
#define RUN_INTERNAL_H

#include "gamelearn/run.h"

#include <pthread.h>

/* The next piece for `worker`, which has just finished piece `finished`
 * (-1 at its start): an index, or -1 for "stop". Called on the worker's
 * thread. */
typedef int (*run_next_fn)(void *ctx, int worker, int finished);

typedef struct run_crew_worker {
	struct run_crew *crew;
	int index;
} run_crew_worker;

/* A crew of threads running pieces as next deals them. */
typedef struct run_crew {
	const gl_pieces *p;
	run_next_fn next;
	void *ctx;
	int started;                            /* threads running */
	pthread_t tid[GL_THREADS_MAX];
	run_crew_worker w[GL_THREADS_MAX];
} run_crew;

/* Start threads for workers first..threads-1 (no more than p->n);
 * returns how many started (a thread that cannot start leaves its pieces
 * to the others). */
int run_crew_start(run_crew *c, int threads, int first, const gl_pieces *p,
	run_next_fn next, void *ctx);
/* Be worker `worker` on the calling thread until next says stop. */
void run_crew_work(run_crew *c, int worker);
/* Wait for the crew's threads. */
void run_crew_join(run_crew *c);

/* Pieces 0..n-1 dealt from a counter, with pool's progress; nothing
 * more once the pool is stopped. */
typedef struct run_deal {
	gl_pool *pool;
	int n, next, done;    /* pieces, the next to deal, those finished */
	pthread_mutex_t lock; /* guards next, done and the progress */
} run_deal;
void run_deal_init(run_deal *d, gl_pool *pool, int n);
void run_deal_done(run_deal *d);
/* Count `finished` (when >= 0) as done, then deal: an index or -1. */
int run_deal_take(run_deal *d, int finished);
/* Whether every piece dealt is done and no more will be: all n, or
 * those dealt before the pool was stopped. */
bool run_deal_finished(run_deal *d);

#endif
