/*
 * pool.c - the runner of pieces of work (work.h) in one process: a crew
 * of threads, each asking for its next piece when it finishes one, and
 * the plain dealer that hands them out from a counter, reporting
 * progress to the pool's callback. The MPI runner (mpi.c) deals through
 * the same crew and counter.
 */
#include "run/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *crew_thread(void *arg)
{
	run_crew_worker *w = arg;
	run_crew_work(w->crew, w->index);
	return NULL;
}

void run_crew_work(run_crew *c, int worker)
{
	int done = -1;
	for (;;) {
		int i = c->next(c->ctx, worker, done);
		if (i < 0)
			return;
		c->p->job(c->p->arg, i, worker);
		done = i;
	}
}

int run_crew_start(run_crew *c, int threads, int first, const gl_pieces *p,
	run_next_fn next, void *ctx)
{
	c->p = p;
	c->next = next;
	c->ctx = ctx;
	c->started = 0;
	threads = threads < 1 ? 1 : threads > GL_THREADS_MAX ? GL_THREADS_MAX :
		threads;
	for (int t = first; t < threads && t - first < p->n; t++) {
		c->w[c->started] = (run_crew_worker){c, t};
		if (pthread_create(&c->tid[c->started], NULL, crew_thread,
				&c->w[c->started]) == 0)
			c->started++;
	}
	return c->started;
}

void run_crew_join(run_crew *c)
{
	for (int t = 0; t < c->started; t++)
		pthread_join(c->tid[t], NULL);
	c->started = 0;
}

int gl_piece_copy(char **slot, size_t *slot_size, const void *bytes, size_t size,
	const char *what, gl_err *err)
{
	char *copy = malloc(size ? size : 1);
	if (!copy)
		return gl_fail(err, GL_ENOMEM, "%s: out of memory for a result", what);
	memcpy(copy, bytes, size);
	free(*slot);
	*slot = copy;
	*slot_size = size;
	return 0;
}

void run_deal_init(run_deal *d, gl_pool *pool, int n)
{
	d->pool = pool;
	d->n = n;
	d->next = d->done = 0;
	pthread_mutex_init(&d->lock, NULL);
}

void run_deal_done(run_deal *d)
{
	pthread_mutex_destroy(&d->lock);
}

int run_deal_take(run_deal *d, int finished)
{
	pthread_mutex_lock(&d->lock);
	if (finished >= 0) {
		d->done++;
		d->pool->done += 1;
		if (d->pool->progress)
			d->pool->progress(d->pool->progress_ctx, d->pool->done);
	}
	int i = d->next < d->n && !gl_pool_stopped(d->pool) ? d->next++ : -1;
	pthread_mutex_unlock(&d->lock);
	return i;
}

bool run_deal_finished(run_deal *d)
{
	pthread_mutex_lock(&d->lock);
	bool all = d->done == d->next &&
		(d->next == d->n || gl_pool_stopped(d->pool));
	pthread_mutex_unlock(&d->lock);
	return all;
}

static int deal_next(void *ctx, int worker, int finished)
{
	(void)worker;
	return run_deal_take(ctx, finished);
}

int gl_pool_stop(gl_pool *pool, int code, const char *fmt, ...)
{
	int expected = 0;
	if (!atomic_compare_exchange_strong(&pool->stopping, &expected, 1))
		return code;
	pool->stop_err.code = code;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pool->stop_err.msg, sizeof pool->stop_err.msg, fmt, ap);
	va_end(ap);
	return code;
}

bool gl_pool_stopped(gl_pool *pool)
{
	return atomic_load(&pool->stopping) != 0;
}

void gl_pool_count(gl_pool *pool)
{
	pool->done += 1;
	if (pool->progress)
		pool->progress(pool->progress_ctx, pool->done);
}

/* The stop's error into err (the batch is over: the message is
 * written). */
static int stopped_error(gl_pool *pool, gl_err *err)
{
	if (err)
		*err = pool->stop_err;
	return pool->stop_err.code;
}

int gl_pool_run(gl_pool *pool, const gl_pieces *p, gl_err *err)
{
	run_deal d;
	run_crew c;
	if (gl_pool_stopped(pool))
		return stopped_error(pool, err);
	run_deal_init(&d, pool, p->n);
	run_crew_start(&c, pool->threads, 1, p, deal_next, &d);
	run_crew_work(&c, 0);
	run_crew_join(&c);
	run_deal_done(&d);
	return gl_pool_stopped(pool) ? stopped_error(pool, err) : 0;
}

static int pool_run(void *ctx, const gl_pieces *p, gl_err *err)
{
	return gl_pool_run(ctx, p, err);
}

void gl_pool_init(gl_pool *p, int threads, gl_progress_fn progress, void *ctx)
{
	p->threads = threads < 1 ? 1 : threads > GL_THREADS_MAX ?
		GL_THREADS_MAX : threads;
	p->progress = progress;
	p->progress_ctx = ctx;
	p->done = 0;
	atomic_init(&p->stopping, 0);
	p->stop_err = (gl_err){0};
	p->runner = (gl_runner){p->threads, pool_run, p};
}
