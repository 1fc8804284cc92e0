/*
 * agent.c - the GGP player's agent: made for the match's game with its
 * time set from the play clock, run in a detached worker thread
 * (choose on our turns, ponder when idle) so that the player never waits
 * for it, and told the moves played (observe) when it is idle, in order.
 */
#if defined(__linux__)
#define _GNU_SOURCE /* syscall(SYS_gettid) */
#include <sys/syscall.h>
#endif

#include "ggp/internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* Bytes of a worker before its state (aligned as heap memory is). */
static size_t worker_head(void)
{
	size_t a = _Alignof(max_align_t);
	return (sizeof(worker) + a - 1) / a * a;
}

static void *worker_main(void *arg)
{
	worker *w = arg;
#if defined(__linux__)
	atomic_store(&w->tid, (int)syscall(SYS_gettid));
#endif
	gl_err err = {0};
	gl_action move = 0;
	int rc = w->ponder ?
		w->agent->type->ponder(w->agent, w->s, 0, &w->stop, &err) :
		w->agent->type->choose(w->agent, w->s, &move, &err);
	player *pl = w->pl;
	pthread_mutex_lock(&pl->mu);
	w->rc = rc;
	w->move = move;
	w->err = err;
	w->done = true;
	w->ended = gl_now();
	bool orphan = w->orphan;
	pthread_mutex_unlock(&pl->mu);
	if (orphan) {
		gl_agent_free(w->agent);
		gl_game_free(w->game);
		gl_free(w);
	}
	return NULL;
}

worker *ggp_worker_start(player *pl, match *m, const void *s, bool ponder,
	double given)
{
	worker *w = gl_calloc(1, worker_head() + m->g->state_size);
	if (!w)
		return NULL;
	w->s = (unsigned char *)w + worker_head();
	w->pl = pl;
	w->agent = m->agent;
	w->game = m->g;
	w->ponder = ponder;
	w->given = given;
	w->began = gl_now();
	atomic_init(&w->stop, false);
	atomic_init(&w->tid, 0);
	m->agent->stop = &w->stop; /* choose() too ends when told */
	if (!ponder)
		gl_agent_unpublish(m->agent); /* no best of an earlier turn */
	memcpy(w->s, s, m->g->state_size);
	pthread_t t;
	if (pthread_create(&t, NULL, worker_main, w) != 0) {
		m->agent->stop = NULL;
		gl_free(w);
		return NULL;
	}
	pthread_detach(t);
	return w;
}

bool ggp_agent_idle(player *pl, match *m)
{
	if (m->w && m->w->done) {
		if (m->w->ponder && m->w->rc)
			ggp_log(pl, "ponder: %.200s", m->w->err.msg);
		m->agent->stop = NULL;
		gl_free(m->w);
		m->w = NULL;
	}
	return m->w == NULL;
}

bool ggp_worker_sched(const worker *w, double *run, double *wait)
{
	int tid = atomic_load(&w->tid);
	if (tid <= 0)
		return false;
	/* schedstat: nanoseconds on a CPU, nanoseconds waiting on a run
	 * queue, timeslices; read into the stack at every tick, so no
	 * stdio stream is allocated */
	char path[64], text[96];
	snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", tid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, text, sizeof text - 1);
	close(fd);
	if (n <= 0)
		return false;
	text[n] = '\0';
	unsigned long long on, waiting;
	if (sscanf(text, "%llu %llu", &on, &waiting) != 2)
		return false;
	*run = (double)on * 1e-9;
	*wait = (double)waiting * 1e-9;
	return true;
}

void ggp_ponder_stop(match *m)
{
	if (m->w && m->w->ponder)
		atomic_store(&m->w->stop, true);
}

int ggp_queue_move(match *m, int who, gl_action a, gl_err *err)
{
	if (m->nq == m->capq) {
		int cap = m->capq ? 2 * m->capq : 16;
		gl_action *qa = gl_realloc(m->qmove, (size_t)cap * sizeof *qa);
		if (qa)
			m->qmove = qa;
		int *qw = qa ? gl_realloc(m->qwho, (size_t)cap * sizeof *qw) : NULL;
		if (!qw)
			return gl_fail(err, GL_ENOMEM, "out of memory");
		m->qwho = qw;
		m->capq = cap;
	}
	m->qmove[m->nq] = a;
	m->qwho[m->nq++] = who;
	return 0;
}

void ggp_agent_catch_up(match *m)
{
	const gl_game *g = m->g;
	for (int i = 0; i < m->nq; i++) {
		if (m->agent->type->observe)
			m->agent->type->observe(m->agent, m->seen, m->qwho[i],
				m->qmove[i]);
		g->type->apply(g, m->seen, m->qmove[i]);
	}
	m->nq = 0;
}

/* Whether an agent type named like spec's head (the library's or
 * extra's) declares parameter key. */
static bool agent_has_param(const char *spec, const char *key,
	const gl_agent_type *const *extra)
{
	size_t n = strcspn(spec, ":");
	for (int k = 0; k < 2; k++)
		for (const gl_agent_type *const *t = k ? extra : gl_agent_types();
		     t && *t; t++)
			if (strlen((*t)->name) == n && strncmp((*t)->name, spec, n) == 0) {
				for (const gl_param_def *d = (*t)->params; d && d->key; d++)
					if (strcmp(d->key, key) == 0)
						return true;
				return false;
			}
	return false;
}

const char *ggp_timed_spec(const char *spec, double secs,
	const gl_agent_type *const *extra, char *out, size_t n)
{
	if (secs < 0.05)
		secs = 0.05;
	size_t len = agent_has_param(spec, "time", extra) &&
		!gl_spec_value(spec, "time", NULL, 0) ?
		(size_t)snprintf(out, n, "%s%stime=%.3f", spec,
			strchr(spec, ':') ? "," : ":", secs) :
		(size_t)snprintf(out, n, "%s", spec);
	return len < n ? out : NULL;
}

const char *ggp_default_agent(void)
{
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		if (strcmp((*t)->name, "uct") == 0)
			return "uct";
	return "random";
}

/* The agent of spec for the match's game. One with set_time is given
 * each move's time at the move; for one without, its time parameter (if
 * it has one and spec does not set it) is set from the play clock less
 * the margin and 15% more, since no move can tell it. */
static gl_agent *agent_of(player *pl, const match *m, const char *spec,
	gl_err *err)
{
	char full[GL_SPEC_MAX];
	double secs = (m->playclock - ggp_margin(m, m->playclock)) * 0.85;
	if (!ggp_timed_spec(spec, secs, pl->cfg.extra_agents, full, sizeof full)) {
		gl_fail(err, GL_EINVAL, "agent spec too long to add its time: %zu "
			"characters, %d at most with it", strlen(spec), GL_SPEC_MAX - 1);
		return NULL;
	}
	return gl_agent_new(full, m->g, pl->cfg.extra_agents, err);
}

gl_agent *ggp_agent_make(player *pl, const match *m, gl_err *err)
{
	const char *spec = pl->cfg.agent_spec ? pl->cfg.agent_spec :
		ggp_default_agent();
	gl_agent *a = agent_of(pl, m, spec, err);
	if (!a) {
		ggp_log(pl, "agent %.20s cannot play this game: %.60s; random plays",
			spec, err->msg);
		gl_err_clear(err);
		if (!(a = agent_of(pl, m, "random", err)) && !err->code)
			gl_fail(err, GL_EINVAL, "no agent");
	}
	return a;
}
