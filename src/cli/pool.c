/*
 * pool.c - the CLI's gl_runner: independent jobs on a fixed number of
 * threads, each taking the next job when it finishes one, with an
 * optional progress bar counting the jobs done.
 */
#include "cli.h"

#include <pthread.h>

typedef struct pool_run {
	cli_pool *pool;
	int n, next;          /* jobs, and the next one to hand out */
	gl_job_fn job;
	void *arg;
	pthread_mutex_t lock; /* guards next and the progress count */
} pool_run;

typedef struct pool_worker {
	pool_run *run;
	int index;
} pool_worker;

static void *work(void *arg)
{
	pool_worker *w = arg;
	pool_run *r = w->run;
	for (;;) {
		pthread_mutex_lock(&r->lock);
		int i = r->next < r->n ? r->next++ : -1;
		pthread_mutex_unlock(&r->lock);
		if (i < 0)
			return NULL;
		r->job(r->arg, i, w->index);
		if (r->pool->bar) {
			pthread_mutex_lock(&r->lock);
			r->pool->done += 1;
			progress_update(r->pool->bar, r->pool->done);
			pthread_mutex_unlock(&r->lock);
		}
	}
}

static void pool_run_jobs(void *ctx, int n, gl_job_fn job, void *arg)
{
	cli_pool *p = ctx;
	enum { MAX_THREADS = 64 };
	pool_run r = {p, n, 0, job, arg, PTHREAD_MUTEX_INITIALIZER};
	pool_worker w[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	int started = 0;
	for (int t = 0; t < p->threads && t < MAX_THREADS; t++)
		w[t] = (pool_worker){&r, t};
	for (int t = 1; t < p->threads && t < MAX_THREADS && t < n; t++)
		if (pthread_create(&tid[started], NULL, work, &w[t]) == 0)
			started++;
	work(&w[0]);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	pthread_mutex_destroy(&r.lock);
}

void cli_pool_init(cli_pool *p, int threads, progress *bar)
{
	p->threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
	p->bar = bar;
	p->done = 0;
	p->runner = (gl_runner){p->threads, pool_run_jobs, p};
}
