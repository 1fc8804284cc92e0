/*
 * pool.c - the CLI's runner of pieces of work (work.h) in one process:
 * a crew of threads, each asking for its next piece when it finishes
 * one, and the plain dealer that hands them out from a counter with an
 * optional progress bar. mpi.c deals through the same crew and counter.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static void *crew_thread(void *arg)
{
	cli_crew_worker *w = arg;
	cli_crew_work(w->crew, w->index);
	return NULL;
}

void cli_crew_work(cli_crew *c, int worker)
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

int cli_crew_start(cli_crew *c, int threads, int first, const gl_pieces *p,
	cli_next_fn next, void *ctx)
{
	c->p = p;
	c->next = next;
	c->ctx = ctx;
	c->started = 0;
	threads = threads < 1 ? 1 : threads > CLI_THREADS_MAX ? CLI_THREADS_MAX :
		threads;
	for (int t = first; t < threads && t - first < p->n; t++) {
		c->w[c->started] = (cli_crew_worker){c, t};
		if (pthread_create(&c->tid[c->started], NULL, crew_thread,
				&c->w[c->started]) == 0)
			c->started++;
	}
	return c->started;
}

void cli_crew_join(cli_crew *c)
{
	for (int t = 0; t < c->started; t++)
		pthread_join(c->tid[t], NULL);
	c->started = 0;
}

int cli_piece_copy(char **slot, size_t *slot_size, const void *bytes, size_t size,
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

void cli_deal_init(cli_deal *d, cli_pool *pool, int n)
{
	d->pool = pool;
	d->n = n;
	d->next = d->done = 0;
	pthread_mutex_init(&d->lock, NULL);
}

void cli_deal_done(cli_deal *d)
{
	pthread_mutex_destroy(&d->lock);
}

int cli_deal_take(cli_deal *d, int finished)
{
	pthread_mutex_lock(&d->lock);
	if (finished >= 0) {
		d->done++;
		if (d->pool->bar) {
			d->pool->done += 1;
			progress_update(d->pool->bar, d->pool->done);
		}
	}
	int i = d->next < d->n ? d->next++ : -1;
	pthread_mutex_unlock(&d->lock);
	return i;
}

int cli_deal_finished(cli_deal *d)
{
	pthread_mutex_lock(&d->lock);
	int all = d->done == d->n;
	pthread_mutex_unlock(&d->lock);
	return all;
}

static int deal_next(void *ctx, int worker, int finished)
{
	(void)worker;
	return cli_deal_take(ctx, finished);
}

int cli_pool_local(cli_pool *pool, const gl_pieces *p)
{
	cli_deal d;
	cli_crew c;
	cli_deal_init(&d, pool, p->n);
	cli_crew_start(&c, pool->threads, 1, p, deal_next, &d);
	cli_crew_work(&c, 0);
	cli_crew_join(&c);
	cli_deal_done(&d);
	return 0;
}

static int pool_run(void *ctx, const gl_pieces *p, gl_err *err)
{
	(void)err;
	return cli_pool_local(ctx, p);
}

void cli_pool_init(cli_pool *p, int threads, progress *bar)
{
	p->threads = threads < 1 ? 1 : threads > CLI_THREADS_MAX ?
		CLI_THREADS_MAX : threads;
	p->bar = bar;
	p->done = 0;
	p->runner = (gl_runner){p->threads, pool_run, p};
	p->inner = (gl_runner){0};
	cli_mpi_runner(p);
	cli_keep_runner(p);
}
