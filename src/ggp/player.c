/*
 * player.c - the GGP player: one match at a time, its messages handled
 * under one mutex and answered at once, but START and PLAY, which the
 * clock (ggp_player_tick) answers at their deadline at the latest while
 * the rules compile and the agent thinks in threads of their own; STOP
 * and ABORT end the match (a START or PLAY still waiting answered first,
 * the agent told the end); a match whose manager fell silent expires.
 * The transport's callbacks (ggp_config) hold and release connections,
 * admit senders and take the log.
 */
#include "ggp/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

void ggp_log(const player *pl, const char *fmt, ...)
{
	if (!pl->cfg.log)
		return;
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	pl->cfg.log(pl->cfg.arg, line);
}

void ggp_set_active(player *pl, bool on)
{
	pl->active = on;
	atomic_store(&pl->live, on ? pl->m.serial : 0);
}

ggp_player *ggp_player_new(const ggp_config *cfg, gl_err *err)
{
	player *pl = gl_calloc(1, sizeof *pl);
	if (!pl) {
		gl_fail(err, GL_ENOMEM, "out of memory");
		return NULL;
	}
	pl->cfg = *cfg;
	if (pthread_mutex_init(&pl->mu, NULL)) {
		gl_free(pl);
		gl_fail(err, GL_ENOMEM, "cannot make a mutex");
		return NULL;
	}
	atomic_init(&pl->finished, 0);
	atomic_init(&pl->live, 0);
	gl_rng_seed(&pl->rng, cfg->seed ^ 0x9e3779b97f4a7c15u);
	pl->m.role = -1;
	return pl;
}

/* Sleep ms milliseconds with the mutex let go. */
static void nap_unlocked(player *pl, long ms)
{
	pthread_mutex_unlock(&pl->mu);
	struct timespec ts = {0, ms * 1000 * 1000};
	nanosleep(&ts, NULL);
	pthread_mutex_lock(&pl->mu);
}

void ggp_player_close(ggp_player *pl)
{
	pthread_mutex_lock(&pl->mu);
	ggp_play_poll(pl, true);
	ggp_start_answer(pl, 0, NULL);
	/* the match's rule loads and the agent's search told to stop (an
	 * agent that does not read its stop, and a load between its checks,
	 * are waited for: 60 s at most here) */
	atomic_store(&pl->live, 0);
	if (pl->m.w)
		atomic_store(&pl->m.w->stop, true);
	for (int k = 0; k < 6000 && (pl->jobs || !ggp_agent_idle(pl, &pl->m)); k++)
		nap_unlocked(pl, 10);
	pthread_mutex_unlock(&pl->mu);
}

void ggp_player_free(ggp_player *pl)
{
	if (!pl)
		return;
	if (pl->active)
		ggp_match_free(pl, &pl->m);
	pthread_mutex_destroy(&pl->mu);
	gl_free(pl);
}

/* START: "busy" at once if a match is on. Else the match begins: the
 * rules compile in a thread of their own while the request waits (its
 * conn suspended), answered "ready" when they are compiled or at the
 * start clock less the margin, whichever is first (the compile goes on;
 * INFO, PLAY, STOP and ABORT are answered meanwhile), or an error if the
 * compile fails first. Compiled here when rq has no conn. Returns 0, 1
 * when the answer comes later, or an error. */
static int do_start(player *pl, request *rq, const ggp_msg *msg, gl_err *err)
{
	int most = pl->cfg.max_clock ? pl->cfg.max_clock : GGP_MAX_CLOCK_DEFAULT;
	if (msg->startclock > most || msg->playclock > most)
		return gl_fail(err, GL_EPARSE, "START: clocks above %d s are "
			"refused (--max-clock)", most);
	pthread_mutex_lock(&pl->mu);
	if (pl->active) {
		pthread_mutex_unlock(&pl->mu);
		snprintf(rq->reply, GGP_REPLY_MAX, "busy");
		return 0;
	}
	match *m = &pl->m;
	ggp_match_free(pl, m);
	if (!(m->rules = gl_malloc(msg->nrules + 1))) {
		pthread_mutex_unlock(&pl->mu);
		return gl_fail(err, GL_ENOMEM, "out of memory");
	}
	m->nrules = msg->nrules;
	memcpy(m->rules, msg->rules, m->nrules);
	m->rules[m->nrules] = 0;
	memcpy(m->id, msg->id, sizeof m->id);
	memcpy(m->role_name, msg->role, sizeof m->role_name);
	m->startclock = msg->startclock;
	m->playclock = msg->playclock;
	m->rtt = rq->rtt;
	m->lag0 = pl->lag;
	m->gap0 = pl->gap;
	m->yield0 = pl->yield;
	m->heard = gl_now();
	m->began = rq->arrived;
	m->serial = ++pl->serial;
	snprintf(m->owner, sizeof m->owner, "%s", rq->from);
	ggp_set_active(pl, true);
	pl->start_rq = rq;
	rq->deadline = rq->arrived + m->startclock - ggp_margin(m, m->startclock);
	bool here = rq->conn == NULL;
	if (ggp_compile_start(pl, m, here)) {
		pl->start_rq = NULL;
		ggp_match_free(pl, m);
		ggp_set_active(pl, false);
		pthread_mutex_unlock(&pl->mu);
		return gl_fail(err, GL_ENOMEM, "out of memory");
	}
	int rc = 1;
	if (here) { /* compiled here: answered already */
		rc = rq->rc;
		*err = rq->err;
	} else { /* before the mutex is let go: start_answer resumes it */
		pl->cfg.suspend(pl->cfg.arg, rq);
	}
	pthread_mutex_unlock(&pl->mu);
	return rc;
}

/* PLAY: apply the previous joint move; answer at once when we have one
 * move, else set the agent thinking (a ponder told to stop first) and
 * leave the answer to ggp_play_poll (returns 1: rq waits). Before the
 * rules are ready, the joint move is kept and the answer left to
 * ggp_play_poll too. Under the mutex. */
static int do_play(player *pl, request *rq, const ggp_msg *msg, gl_err *err)
{
	match *m = &pl->m;
	if (pl->start_rq) /* the manager has moved on: START is answered */
		ggp_start_answer(pl, 0, NULL);
	if (pl->pending) /* a PLAY before our last answer: answer that now */
		ggp_play_poll(pl, true);
	ggp_ponder_stop(m);
	if (rq->rtt > m->rtt)
		m->rtt = rq->rtt;
	pl->last_tick = 0; /* ticks are timed from this PLAY's first */
	pl->yw.who = 0;    /* and its yield measured from there */
	pl->plan_yield = ggp_yield(m);
	pl->plan_margin = ggp_margin(m, m->playclock);
	rq->deadline = rq->arrived + m->playclock - pl->plan_margin;
	int rc;
	if (!m->ready || m->failed) {
		if (gdl_sexp_len(msg->sx, msg->moves) >= 0) {
			size_t n;
			const char *p = gdl_sexp_text(msg->sx, msg->moves, &n);
			char **h = m->nhist < m->caphist ? m->hist :
				gl_realloc(m->hist, (size_t)(m->caphist * 2 + 8) * sizeof *h);
			char *text = h ? gl_malloc(n + 1) : NULL;
			if (!text)
				return gl_fail(err, GL_ENOMEM, "out of memory");
			if (h != m->hist)
				m->caphist = m->caphist * 2 + 8;
			m->hist = h;
			memcpy(text, p, n);
			text[n] = 0;
			m->hist[m->nhist++] = text;
		}
		rq->early = rq->was_early = true;
		ggp_quick_start(pl, m);
		pl->pending = rq;
		rc = 1;
	} else if ((rc = ggp_apply_joint(m, msg->sx, msg->moves, err)) == 0) {
		rc = ggp_play_begin(pl, m, rq, false, err);
		ggp_live_write(pl, m, true); /* the agent thinks meanwhile */
	}
	if (rc >= 0)
		m->turns++;
	if (rc == 0)
		ggp_plan_note(pl, rq);
	/* suspended before the mutex is let go: play_poll resumes it */
	if (rc == 1 && rq->conn)
		pl->cfg.suspend(pl->cfg.arg, rq);
	return rc;
}

/* STOP (msg: its joint move; rq its request) or ABORT (msg NULL; rq
 * not touched): a START or PLAY still waiting is answered first; at a
 * STOP the last joint move is played and the agent, if idle, told the
 * end. Under the mutex. */
static void end_match(player *pl, request *rq, const ggp_msg *msg,
	gl_err *err)
{
	match *m = &pl->m;
	ggp_start_answer(pl, 0, NULL);
	if (pl->pending)
		ggp_play_poll(pl, true);
	ggp_ponder_stop(m);
	if (!msg || !m->ready || m->failed) {
		if (m->ready)
			ggp_live_write(pl, m, false); /* aborted */
		return;
	}
	if (ggp_apply_joint(m, msg->sx, msg->moves, err))
		snprintf(rq->note, sizeof rq->note, "(its joint move ignored: "
			"%.90s)", err->msg);
	gl_err_clear(err);
	ggp_note_goals(pl, m);
	if (m->recording) {
		gdl_eval_state(m->gd, m->ev, m->st);
		m->rec.completed = gdl_terminal(m->gd, m->ev);
		for (int r = 0; r < gdl_nroles(m->gd); r++)
			m->rec.goals[r] = gdl_goal(m->gd, m->ev, r);
		ggp_live_write(pl, m, false);
	}
	if (ggp_agent_idle(pl, m) && m->agent->type->end) {
		int goals[GL_PLAYERS_MAX] = {0};
		ggp_agent_catch_up(m);
		m->g->type->goals(m->g, m->s, goals);
		m->agent->type->end(m->agent, m->s, goals);
	}
}

/* PLAY, STOP or ABORT: busy when it is not the match on's (ggp-base's
 * player says the same: a manager reads it as not ours to answer). */
static int do_match_message(player *pl, request *rq, const ggp_msg *msg,
	gl_err *err)
{
	pthread_mutex_lock(&pl->mu);
	match *m = &pl->m;
	int rc = 0;
	if (!pl->active || !msg->id_ok || strcmp(msg->id, m->id) != 0) {
		snprintf(rq->reply, GGP_REPLY_MAX, "busy");
	} else if (pl->cfg.admit &&
		   (rc = pl->cfg.admit(pl->cfg.arg, rq, msg->kind, m->id, m->owner,
				err))) {
		rq->forbidden = true; /* the match goes on as if nothing came */
	} else if (msg->kind == GGP_PLAY) {
		m->heard = gl_now();
		rc = do_play(pl, rq, msg, err);
	} else {
		bool stop = msg->kind == GGP_STOP;
		m->heard = gl_now();
		end_match(pl, rq, stop ? msg : NULL, err);
		ggp_match_free(pl, m);
		ggp_set_active(pl, false);
		rq->ends_match = true;
		snprintf(rq->reply, GGP_REPLY_MAX, stop ? "done" : "aborted");
	}
	pthread_mutex_unlock(&pl->mu);
	return rc;
}

int ggp_player_handle(ggp_player *pl, ggp_request *rq, const char *text,
	size_t n, gl_err *err)
{
	ggp_msg msg;
	int rc = ggp_msg_read(&msg, text, n, err);
	/* who may START is judged before what the START says */
	if (msg.kind == GGP_START && pl->cfg.admit) {
		gl_err why = {0};
		pthread_mutex_lock(&pl->mu);
		int refused = pl->cfg.admit(pl->cfg.arg, rq, GGP_START, NULL, NULL,
			&why);
		pthread_mutex_unlock(&pl->mu);
		if (refused) {
			rq->forbidden = true;
			*err = why;
			rc = refused;
		}
	}
	if (rc) {
		ggp_msg_done(&msg);
		return rc;
	}
	switch (msg.kind) {
	case GGP_INFO:
		snprintf(rq->reply, GGP_REPLY_MAX, "((name %s) (status %s))",
			pl->cfg.name, ggp_player_busy(pl) ? "busy" : "available");
		break;
	case GGP_PREVIEW:
		snprintf(rq->reply, GGP_REPLY_MAX, "ready");
		break;
	case GGP_START:
		rc = do_start(pl, rq, &msg, err);
		break;
	default:
		rc = do_match_message(pl, rq, &msg, err);
		break;
	}
	ggp_msg_done(&msg);
	return rc;
}

void ggp_player_tick(ggp_player *pl)
{
	pthread_mutex_lock(&pl->mu);
	match *m = &pl->m;
	double now = gl_now();
	if (pl->pending && pl->active) {
		/* how late the ticks come while a reply is due */
		double gap = pl->last_tick > 0 ? now - pl->last_tick : 0;
		if (gap > m->gap)
			m->gap = gap < 1 ? gap : 1;
		pl->last_tick = now;
		/* what a CPU second of the agent's busy thread costs in wall
		 * clock */
		double run = 0, wait = 0;
		bool busy = m->w && !m->w->done &&
			ggp_worker_sched(m->w, &run, &wait);
		ggp_yield_feed(m, &pl->yw, busy ? m->w->began : 0, now, run, wait);
	}
	if (pl->start_rq && gl_now() >= pl->start_rq->deadline)
		ggp_start_answer(pl, 0, NULL);
	if (pl->active && !m->ready && !m->quick_started &&
	    gl_now() - m->began > (m->startclock / 4 < GGP_QUICK_S ?
	    m->startclock / 4 : GGP_QUICK_S))
		ggp_quick_start(pl, m);
	ggp_play_poll(pl, false);
	ggp_ponder_poll(pl);
	if (pl->active && !pl->pending && !pl->start_rq) {
		double limit = (m->turns ? m->playclock : m->startclock) +
			GGP_EXPIRE_S;
		if (gl_now() - m->heard > limit) {
			ggp_log(pl, "match %s expired: no message for %.0f s", m->id,
				limit);
			ggp_match_free(pl, m);
			ggp_set_active(pl, false);
			atomic_fetch_add(&pl->finished, 1);
		}
	}
	pthread_mutex_unlock(&pl->mu);
}

void ggp_player_settle(ggp_player *pl, double secs)
{
	double end = gl_now() + secs;
	pthread_mutex_lock(&pl->mu);
	for (;;) {
		ggp_play_poll(pl, false);
		bool working = pl->jobs > 0 ||
			(pl->m.w && !pl->m.w->ponder && !pl->m.w->done);
		if (!working || gl_now() >= end)
			break;
		nap_unlocked(pl, 1);
	}
	ggp_play_poll(pl, true);
	ggp_start_answer(pl, 0, NULL);
	pthread_mutex_unlock(&pl->mu);
}

void ggp_player_abort(ggp_player *pl)
{
	pthread_mutex_lock(&pl->mu);
	if (pl->active) {
		gl_err err = {0};
		end_match(pl, NULL, NULL, &err);
		ggp_match_free(pl, &pl->m);
		ggp_set_active(pl, false);
		atomic_fetch_add(&pl->finished, 1);
	}
	pthread_mutex_unlock(&pl->mu);
}

void ggp_player_sent(ggp_player *pl, ggp_request *rq)
{
	pthread_mutex_lock(&pl->mu);
	if (pl->pending == rq)
		pl->pending = NULL;
	if (pl->start_rq == rq)
		pl->start_rq = NULL;
	double lag = gl_now() - rq->decided;
	if (rq->decided > 0 && pl->active && pl->m.serial == rq->serial &&
	    lag > pl->m.lag)
		pl->m.lag = lag < 1 ? lag : 1;
	pthread_mutex_unlock(&pl->mu);
	if (rq->ends_match)
		atomic_fetch_add(&pl->finished, 1);
}

int ggp_player_finished(ggp_player *pl)
{
	return atomic_load(&pl->finished);
}

bool ggp_player_busy(ggp_player *pl)
{
	pthread_mutex_lock(&pl->mu);
	bool busy = pl->active;
	pthread_mutex_unlock(&pl->mu);
	return busy;
}
