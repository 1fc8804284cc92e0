/*
 * mpi.c - the runner of pieces of work over the ranks of an MPI job
 * (mpi.h); compiled into libgamelearn_mpi only, where MPI is found.
 * Rank 0 deals pieces to every rank's threads through the pool's crew
 * and counter (internal.h), gathers the results as they come and, unless
 * the batch only gathers, broadcasts them all.
 */
#include "gamelearn/mpi.h"
#include "run/internal.h"

#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TAG_REQ = 1, TAG_REPLY = 2, TAG_DONE = 3, HEADER = 8 };

/* A buffer that grows. */
typedef struct grow {
	char *b;
	size_t cap;
} grow;

/* Room for n bytes in g, or NULL (g as it was). */
static char *grow_to(grow *g, size_t n)
{
	if (n > g->cap) {
		char *b = realloc(g->b, n);
		if (!b)
			return NULL;
		g->b = b;
		g->cap = n;
	}
	return g->b;
}

static void sleep_us(long us)
{
	struct timespec ts = {0, us * 1000};
	nanosleep(&ts, NULL);
}

/* --- Rank 0: computing and dealing ----------------------------------------------- */

static int local_next(void *ctx, int worker, int finished)
{
	(void)worker;
	return run_deal_take(ctx, finished);
}

static void deal(gl_mpi *m, const gl_pieces *p)
{
	run_deal d;
	run_crew c;
	grow in = {0};
	double t0 = gl_now();
	run_deal_init(&d, m->pool, p->n);
	if (run_crew_start(&c, m->pool->threads, 0, p, local_next, &d) == 0)
		gl_pool_stop(m->pool, GL_ENOMEM, "rank 0: cannot start a thread");
	int ranks_done = 0;
	long idle = 20; /* microseconds between polls, doubling to 250 */
	while (ranks_done < m->size - 1 || !run_deal_finished(&d)) {
		int flag = 0, count = 0;
		MPI_Status st;
		MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
		if (!flag) {
			sleep_us(idle);
			idle = idle < 250 ? idle * 2 : 250;
			continue;
		}
		idle = 20;
		MPI_Get_count(&st, MPI_BYTE, &count);
		char *b = grow_to(&in, (size_t)count + 1);
		if (!b) {
			gl_pool_stop(m->pool, GL_ENOMEM, "rank 0: out of memory for a "
				"message of %d bytes", count);
			break; /* the caller ends the job */
		}
		MPI_Recv(b, count, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		if (m->stats) {
			m->stats->messages += 1;
			m->stats->bytes += count;
		}
		if (st.MPI_TAG == TAG_DONE) {
			ranks_done++;
			continue;
		}
		int32_t finished = -1;
		if (st.MPI_TAG != TAG_REQ || count < HEADER) {
			gl_pool_stop(m->pool, GL_EPARSE, "rank 0: a message of %d bytes "
				"with tag %d from rank %d", count, st.MPI_TAG, st.MPI_SOURCE);
			break; /* the caller ends the job */
		}
		memcpy(&finished, b, sizeof finished);
		if (finished >= p->n) {
			gl_pool_stop(m->pool, GL_EPARSE, "rank 0: rank %d finished piece "
				"%d of %d", st.MPI_SOURCE, (int)finished, p->n);
			break;
		}
		if (finished >= 0) {
			gl_err err = {0};
			if (p->put(p->arg, finished, b + HEADER, (size_t)count - HEADER,
					&err))
				gl_pool_stop(m->pool, err.code, "rank 0: piece %d from rank "
					"%d: %s", (int)finished, st.MPI_SOURCE, err.msg);
		}
		int32_t next = run_deal_take(&d, finished);
		if (next >= 0 && m->stats)
			m->stats->pieces += 1;
		MPI_Send(&next, 1, MPI_INT32_T, st.MPI_SOURCE, TAG_REPLY,
			MPI_COMM_WORLD);
		if (m->stats)
			m->stats->messages += 1;
	}
	run_crew_join(&c);
	run_deal_done(&d);
	free(in.b);
	if (m->stats)
		m->stats->seconds += gl_now() - t0;
}

/* --- Other ranks: asking for pieces ---------------------------------------------- */

typedef struct served {
	gl_mpi *m;
	const gl_pieces *p;
	pthread_mutex_t lock;      /* one request and reply at a time */
	grow out[GL_THREADS_MAX];  /* each worker's message */
} served;

static int remote_next(void *ctx, int worker, int finished)
{
	served *s = ctx;
	gl_mpi *m = s->m;
	const void *bytes = NULL;
	size_t size = finished >= 0 ? s->p->get(s->p->arg, finished, &bytes) : 0;
	if (size > (size_t)INT32_MAX - HEADER) {
		gl_pool_stop(m->pool, GL_ERANGE, "rank %d: piece %d's result of %zu "
			"bytes is too big to send", m->rank, finished, size);
		return -1;
	}
	char *b = grow_to(&s->out[worker], HEADER + size);
	if (!b) {
		gl_pool_stop(m->pool, GL_ENOMEM, "rank %d: out of memory for a "
			"message of %zu bytes", m->rank, HEADER + size);
		return -1;
	}
	int32_t head[2] = {finished, worker};
	memcpy(b, head, sizeof head);
	if (size)
		memcpy(b + HEADER, bytes, size);
	int32_t next = -1;
	pthread_mutex_lock(&s->lock);
	double t0 = m->stats ? gl_now() : 0;
	MPI_Send(b, (int)(HEADER + size), MPI_BYTE, 0, TAG_REQ, MPI_COMM_WORLD);
	MPI_Recv(&next, 1, MPI_INT32_T, 0, TAG_REPLY, MPI_COMM_WORLD,
		MPI_STATUS_IGNORE);
	if (m->stats) {
		m->stats->seconds += gl_now() - t0;
		m->stats->messages += 1;
		m->stats->bytes += (double)(HEADER + size);
		m->stats->pieces += next >= 0;
	}
	pthread_mutex_unlock(&s->lock);
	return next;
}

static void serve(gl_mpi *m, const gl_pieces *p)
{
	served s = {.m = m, .p = p};
	run_crew c;
	pthread_mutex_init(&s.lock, NULL);
	/* threads that call MPI need SERIALIZED at least */
	run_crew_start(&c, m->serialized ? m->pool->threads : 1, 1, p, remote_next, &s);
	run_crew_work(&c, 0);
	run_crew_join(&c);
	pthread_mutex_destroy(&s.lock);
	for (int t = 0; t < GL_THREADS_MAX; t++)
		free(s.out[t].b);
	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
}

/* --- Everyone: every result everywhere ------------------------------------------ */

static int share(gl_mpi *m, const gl_pieces *p, gl_err *err)
{
	uint64_t *sizes = calloc((size_t)p->n, sizeof *sizes);
	if (!sizes)
		return gl_fail(err, GL_ENOMEM, "rank %d: out of memory for %d results",
			m->rank, p->n);
	uint64_t total = 0;
	if (m->rank == 0)
		for (int i = 0; i < p->n; i++) {
			const void *bytes;
			sizes[i] = p->get(p->arg, i, &bytes);
		}
	MPI_Bcast(sizes, p->n, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	for (int i = 0; i < p->n; i++)
		total += sizes[i];
	grow all = {0};
	char *b = grow_to(&all, total + 1);
	if (!b) {
		free(sizes);
		return gl_fail(err, GL_ENOMEM, "rank %d: out of memory for %llu bytes "
			"of results", m->rank, (unsigned long long)total);
	}
	if (m->rank == 0) {
		uint64_t at = 0;
		for (int i = 0; i < p->n; at += sizes[i], i++) {
			const void *bytes;
			p->get(p->arg, i, &bytes);
			memcpy(b + at, bytes, sizes[i]);
		}
	}
	for (uint64_t at = 0; at < total; at += 1 << 30) {
		uint64_t k = total - at < (1u << 30) ? total - at : 1u << 30;
		MPI_Bcast(b + at, (int)k, MPI_BYTE, 0, MPI_COMM_WORLD);
	}
	int rc = 0;
	if (m->rank > 0) {
		uint64_t at = 0;
		for (int i = 0; !rc && i < p->n; at += sizes[i], i++) {
			gl_err perr = {0};
			if (p->put(p->arg, i, b + at, sizes[i], &perr))
				rc = gl_fail(err, perr.code, "rank %d: piece %d: %s", m->rank,
					i, perr.msg);
		}
	}
	free(all.b);
	free(sizes);
	return rc;
}

static int mpi_run(void *ctx, const gl_pieces *p, gl_err *err)
{
	gl_mpi *m = ctx;
	if (!p->get || !p->put || p->n <= 0)
		return gl_pool_run(m->pool, p, err);
	if (gl_pool_stopped(m->pool))
		return gl_pool_run(m->pool, p, err); /* its error, and nothing run */
	if (m->rank == 0)
		deal(m, p);
	else
		serve(m, p);
	if (gl_pool_stopped(m->pool)) {
		if (err)
			*err = m->pool->stop_err;
		return m->pool->stop_err.code;
	}
	return p->gather ? 0 : share(m, p, err);
}

void gl_mpi_agree(void *ctx, int *v, int *n)
{
	const gl_mpi *m = ctx;
	if (!m || m->size < 2)
		return;
	MPI_Bcast(n, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Bcast(v, *n, MPI_INT, 0, MPI_COMM_WORLD);
}

void gl_mpi_init(gl_mpi *m, gl_pool *pool, gl_mpi_stats *stats)
{
	int level = MPI_THREAD_SINGLE;
	*m = (gl_mpi){.pool = pool, .stats = stats, .size = 1};
	MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &m->size);
	MPI_Query_thread(&level);
	m->serialized = level >= MPI_THREAD_SERIALIZED;
	m->runner = m->size > 1 ? (gl_runner){pool->threads, mpi_run, m} :
		pool->runner;
}
