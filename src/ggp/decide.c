/*
 * decide.c - the GGP player's decisions: which move a PLAY is answered
 * with and by when. The agent's move when it has chosen by the deadline;
 * else the best move its search has found so far; else (it had made no
 * iteration) the fallback, a random legal move drawn when the PLAY came
 * (the note says why); a PLAY that came before the rules were compiled gets a
 * random legal move from the prover, or one read off the rules' legal
 * facts. START is answered "ready" when the rules are compiled or at its
 * deadline. The agent ponders whenever nothing waits for it.
 */
#include "ggp/internal.h"

#include <stdio.h>
#include <strings.h>

void ggp_start_answer(player *pl, int rc, const gl_err *err)
{
	request *rq = pl->start_rq;
	if (!rq)
		return;
	pl->start_rq = NULL;
	rq->rc = rc;
	if (rc) {
		rq->err = *err;
		ggp_match_free(pl, &pl->m);
		ggp_set_active(pl, false);
	} else {
		snprintf(rq->reply, GGP_REPLY_MAX, "ready");
		if (!pl->m.ready)
			snprintf(rq->note, sizeof rq->note, "(rules still compiling)");
	}
	rq->answered = true;
	if (rq->conn) /* NULL: answered inline */
		pl->cfg.resume(pl->cfg.arg, rq);
}

/* The gdl id of move a of the agent's game in state s, if it is a legal
 * move of ours now; else -1. */
static int legal_id(match *m, const void *s, gl_action a)
{
	const gl_game *g = m->g;
	char text[GGP_MOVE_MAX];
	int mv;
	if (g->type->format_move(g, s, a, text, sizeof text) <= 0 ||
	    (mv = gdl_move_find(m->gd, text)) < 0)
		return -1;
	int nl = gdl_legal(m->gd, m->ev, m->role, m->ids);
	for (int i = 0; i < nl; i++)
		if (m->ids[i] == mv)
			return mv;
	return -1;
}

/* The agent's answer in w, if it is a legal move of ours now: its gdl id,
 * else -1 with the reason in note. Learns how far past its time the
 * agent ran (m->overrun, taken off the next move's time). Under the
 * mutex. */

static int agent_move(match *m, worker *w, char *note, size_t n)
{
	double over = w->ended - w->began - w->given;
	if (w->given > 0 && over > m->overrun)
		m->overrun = over < 1 ? over : 1;
	if (w->rc) {
		snprintf(note, n, "by fallback (agent error: %.80s)", w->err.msg);
		return -1;
	}
	int mv = legal_id(m, w->s, w->move);
	if (mv < 0) {
		snprintf(note, n, "by fallback (agent failed)");
		return -1;
	}
	if (w->given > 0)
		snprintf(note, n, "by agent (given %.3f s, took %.3f s)", w->given,
			w->ended - w->began);
	else
		snprintf(note, n, "by agent");
	return mv;
}

/* Start the idle agent on our turn of the sequentialised state (earlier
 * roles with a choice get placeholder moves), its time (set_time, when
 * it has it) what is left to rq's deadline less GGP_AGENT_SLACK and the
 * most it has overrun. False with rq's note set if it cannot. */
static bool think(player *pl, match *m, request *rq)
{
	const gl_game *g = m->g;
	void *ws = gl_scratch_state(&m->scratch, 0);
	gl_action *lg = gl_scratch_moves(&m->scratch, 0);
	ggp_agent_catch_up(m);
	memcpy(ws, m->s, g->state_size);
	for (int k = 0; k < GDL_ROLES_MAX; k++) {
		int r = g->type->to_move(g, ws);
		if (r == m->role || g->type->legal(g, ws, lg) == 0)
			break;
		g->type->apply(g, ws, lg[0]);
	}
	if (g->type->to_move(g, ws) != m->role || g->type->legal(g, ws, lg) == 0) {
		/* the sequentialised game can end where the rules do not (a role
		 * with no legal move): an agent must not be asked there */
		snprintf(rq->note, sizeof rq->note, "by fallback (agent not at its "
			"turn)");
		return false;
	}
	double left = rq->deadline - gl_now() - GGP_AGENT_SLACK - m->overrun;
	if (left < GGP_THINK_MIN) {
		snprintf(rq->note, sizeof rq->note, "by fallback (no time left)");
		return false;
	}
	if (m->agent->type->set_time)
		m->agent->type->set_time(m->agent, left);
	m->w = ggp_worker_start(pl, m, ws, false,
		m->agent->type->set_time ? left : 0);
	m->pondered = -1; /* ponder again once this is done */
	if (!m->w)
		snprintf(rq->note, sizeof rq->note, "by fallback (no thread)");
	return m->w != NULL;
}

/* At once when our move is the only one (returns 0, the reply set), else
 * the agent set thinking, or waited for if it is busy, and the answer
 * left to ggp_play_poll (returns 1; rq is pending); or, late (the answer
 * due now), a random legal move at once. An error when the game is over
 * or we have no move. */
int ggp_play_begin(player *pl, match *m, request *rq, bool late,
	gl_err *err)
{
	const gdl_game *gd = m->gd;
	memcpy(m->st, m->s, (size_t)gdl_state_words(gd) * 8);
	gdl_eval_state(gd, m->ev, m->st);
	if (gdl_terminal(gd, m->ev))
		return gl_fail(err, GL_EILLEGAL, "the game is over");
	int nl = gdl_legal(gd, m->ev, m->role, m->ids);
	int move = nl ? m->ids[gl_rng_below(&pl->rng, (uint32_t)nl)] : -1;
	if (move < 0)
		return gl_fail(err, GL_EILLEGAL, "no legal move");
	rq->fallback = move;
	if (nl == 1 || late) {
		gdl_move_text(gd, move, rq->reply, GGP_REPLY_MAX);
		snprintf(rq->note, sizeof rq->note, nl == 1 ? "by only move" :
			"by fallback (the rules ready when the answer was due)");
		return 0;
	}
	rq->old_worker = !ggp_agent_idle(pl, m);
	if (!rq->old_worker && !think(pl, m, rq)) {
		gdl_move_text(gd, move, rq->reply, GGP_REPLY_MAX);
		return 0;
	}
	pl->pending = rq;
	return 1;
}

/* ---- before the rules are compiled ------------------------------------- */

/* Whether rule (a sentence of sx) is `(legal R M)`, or (pass 1) a rule
 * `(<= (legal R M) ...)`, whose R is role or a variable and whose M has
 * no variable: M's text into out. */
static bool legal_fact(const gdl_sexp *sx, int rule, int pass,
	const char *role, char *out, size_t n)
{
	int head = rule;
	char word[GDL_TOKEN_MAX];
	if (pass == 1) {
		if (gdl_sexp_len(sx, rule) < 2 ||
		    !ggp_sx_copy(sx, gdl_sexp_elem(sx, rule, 0), word, sizeof word) ||
		    strcmp(word, "<=") != 0)
			return false;
		head = gdl_sexp_elem(sx, rule, 1);
	}
	if (gdl_sexp_len(sx, head) != 3)
		return false;
	int h0 = gdl_sexp_elem(sx, head, 0), h1 = gdl_sexp_elem(sx, head, 1);
	int h2 = gdl_sexp_elem(sx, head, 2);
	size_t len;
	const char *mv = gdl_sexp_text(sx, h2, &len);
	return gdl_sexp_len(sx, h0) < 0 &&
		ggp_sx_copy(sx, h0, word, sizeof word) && strcasecmp(word, "legal") == 0 &&
		ggp_sx_copy(sx, h1, word, sizeof word) &&
		(word[0] == '?' || strcmp(word, role) == 0) &&
		!memchr(mv, '?', len) && ggp_sx_copy(sx, h2, out, n);
}

/* A move of our role read off the rules alone, for when no reasoner is
 * ready: the first `(legal R M)` fact, else rule head, whose R is our
 * role or a variable and whose M has no variable (often `noop`). Likely
 * legal, not certainly. */
static bool guess_move(const match *m, char *out, size_t n)
{
	gdl_sexp *sx;
	gl_err err = {0};
	if (gdl_sexp_read(&sx, m->rules, m->nrules, "rules", &err))
		return false;
	bool found = false;
	for (int pass = 0; pass < 2 && !found; pass++)
		for (int i = 0; i < gdl_sexp_count(sx) && !found; i++)
			found = legal_fact(sx, gdl_sexp_top(sx, i), pass, m->role_name,
				out, n);
	gdl_sexp_free(sx);
	return found;
}

/* The joint move kept as text applied to st of the prover's rules q;
 * false when it cannot be read or played. */
static bool quick_step(const gdl_game *q, gdl_eval *ev, uint64_t *st,
	const char *text)
{
	gdl_sexp *sx;
	gl_err err = {0};
	if (gdl_sexp_read(&sx, text, strlen(text), "moves", &err))
		return false;
	char mv[GDL_ROLES_MAX][GGP_MOVE_MAX];
	int joint[GDL_ROLES_MAX], nroles = gdl_nroles(q);
	bool ok = gdl_sexp_count(sx) == 1 &&
		ggp_joint_read(sx, gdl_sexp_top(sx, 0), mv, GDL_ROLES_MAX) == nroles;
	for (int r = 0; ok && r < nroles; r++)
		ok = (joint[r] = gdl_move_find(q, mv[r])) >= 0;
	gdl_sexp_free(sx);
	if (ok) {
		gdl_eval_state(q, ev, st);
		gdl_next(q, ev, joint, st);
	}
	return ok;
}

/* A random legal move of ours from the prover's rules (m->quick), the
 * joint moves received played from the start; false if there is none. */
static bool quick_move(player *pl, const match *m, char *out, size_t n)
{
	const gdl_game *q = m->quick;
	int role = ggp_role_index(q, m->role_name), nl = 0;
	uint64_t *st = gl_malloc((size_t)gdl_state_words(q) * sizeof *st);
	int *legal = gl_malloc(((size_t)gdl_nmoves(q) + 1) * sizeof *legal);
	gdl_eval *ev = gdl_eval_new(q);
	bool ok = role >= 0 && st && legal && ev;
	if (ok)
		gdl_initial(q, st);
	for (int i = 0; ok && i < m->nhist; i++)
		ok = quick_step(q, ev, st, m->hist[i]);
	if (ok) {
		gdl_eval_state(q, ev, st);
		nl = gdl_legal(q, ev, role, legal);
	}
	if (nl > 0)
		gdl_move_text(q, legal[gl_rng_below(&pl->rng, (uint32_t)nl)], out, n);
	gdl_eval_free(ev);
	gl_free(legal);
	gl_free(st);
	return nl > 0;
}

/* The move of a PLAY for which the compiled rules are not at hand: the
 * prover's, else one guessed from the rules. */
static void early_move(player *pl, match *m, request *rq)
{
	if (m->quick && quick_move(pl, m, rq->reply, GGP_REPLY_MAX)) {
		snprintf(rq->note, sizeof rq->note, "by prover (random legal)");
	} else if (guess_move(m, rq->reply, GGP_REPLY_MAX)) {
		snprintf(rq->note, sizeof rq->note, "by guess from the rules (no "
			"reasoner ready)");
	} else {
		snprintf(rq->reply, GGP_REPLY_MAX, "noop");
		snprintf(rq->note, sizeof rq->note, "by guess (nothing to go by)");
	}
}

/* The reply of a PLAY that came before the rules were ready, if it can
 * be given now: true with the reply set; false to wait (the agent may be
 * thinking now: rq is no longer early). Under the mutex. */
static bool early_ready(player *pl, match *m, request *rq, bool late)
{
	if (m->ready && !m->failed) {
		rq->early = false;
		gl_err err = {0};
		int rc = ggp_play_begin(pl, m, rq, late, &err);
		if (rc == 1)
			return false;
		if (rc == 0)
			return true;
		ggp_log(pl, "match %s: %.200s", m->id, err.msg);
	} else if (!late && !(m->failed && m->quick)) {
		return false;
	}
	early_move(pl, m, rq);
	return true;
}

/* ---- the agent's move or the fallback ---------------------------------- */

/* The move sent for rq when the agent has not answered by its deadline
 * (why: what kept it), its note saying so: the fallback drawn when the
 * PLAY came. The agent is told to stop, so that the next PLAY does not
 * wait for it. The one place that decides what a late agent costs. */
static int late_move(match *m, request *rq, const char *why)
{
	if (m->w)
		atomic_store(&m->w->stop, true); /* its answer is past use */
	snprintf(rq->note, sizeof rq->note, "by fallback (%s)", why);
	return rq->fallback;
}

/* At the deadline, the agent still choosing this turn's move: the best
 * move its search has found so far (gl_agent_best), if it is legal now;
 * else the fallback (it had published none: no iteration made, or an
 * agent that does not publish). The agent is
 * told to stop either way. Under the mutex. */
static int cut_move(match *m, request *rq)
{
	gl_action a;
	int mv;
	if (m->w && !m->w->ponder && gl_agent_best(m->agent, &a) &&
	    (mv = legal_id(m, m->w->s, a)) >= 0) {
		atomic_store(&m->w->stop, true);
		snprintf(rq->note, sizeof rq->note, "by agent, its best so far (search cut "
			"at the deadline after %.3f s)", gl_now() - m->w->began);
		return mv;
	}
	return late_move(m, rq, "agent out of time, no move published");
}

/* The reply of the pending PLAY, if it can be given now (late: at its
 * deadline, it must be): the agent's move or the fallback. Under the
 * mutex. */
static bool play_ready(player *pl, match *m, request *rq, bool late)
{
	if (rq->early)
		return early_ready(pl, m, rq, late);
	int move = rq->fallback;
	if (rq->old_worker && !ggp_agent_idle(pl, m)) {
		if (!late)
			return false;
		move = late_move(m, rq, "agent still thinking from an earlier turn");
	} else if (rq->old_worker) { /* the earlier work ended: ours now */
		rq->old_worker = false;
		if (!late && think(pl, m, rq))
			return false;
		if (late)
			move = late_move(m, rq, "agent out of time");
	} else if (m->w && m->w->done) {
		int mv = agent_move(m, m->w, rq->note, sizeof rq->note);
		if (mv >= 0)
			move = mv;
		ggp_agent_idle(pl, m);
	} else if (m->w) {
		if (!late)
			return false;
		move = cut_move(m, rq);
	}
	gdl_move_text(m->gd, move, rq->reply, GGP_REPLY_MAX);
	return true;
}

/* The request is resumed (its transport sends the reply) and not touched
 * after. */
void ggp_play_poll(player *pl, bool now)
{
	request *rq = pl->pending;
	if (!rq)
		return;
	double cpu = gl_cpu_now(); /* the reply's own work, in this thread */
	if (!play_ready(pl, &pl->m, rq, now || gl_now() >= rq->deadline))
		return;
	if (rq->was_early) {
		size_t k = strlen(rq->note);
		snprintf(rq->note + k, sizeof rq->note - k, " (came while the rules "
			"compiled)");
	}
	ggp_plan_note(pl, rq);
	rq->answered = true;
	rq->decided = pl->m.heard = gl_now();
	rq->serial = pl->m.serial;
	pl->pending = NULL;
	if (rq->conn)
		pl->cfg.resume(pl->cfg.arg, rq);
	cpu = gl_cpu_now() - cpu;
	if (cpu > pl->m.cost)
		pl->m.cost = cpu < 1 ? cpu : 1;
}

void ggp_plan_note(const player *pl, request *rq)
{
	size_t k = strlen(rq->note);
	snprintf(rq->note + k, sizeof rq->note - k, " (planned at CPU yield "
		"%.2f, margin %.3f s)", pl->plan_yield, pl->plan_margin);
}

/* Once a state (and again after each choose). */
void ggp_ponder_poll(player *pl)
{
	match *m = &pl->m;
	if (!pl->active || !m->ready || m->failed || pl->pending ||
	    !ggp_agent_idle(pl, m) || !m->agent->type->ponder ||
	    m->pondered == m->version)
		return;
	m->pondered = m->version;
	memcpy(m->st, m->s, (size_t)gdl_state_words(m->gd) * 8);
	gdl_eval_state(m->gd, m->ev, m->st);
	if (gdl_terminal(m->gd, m->ev))
		return;
	ggp_agent_catch_up(m);
	m->w = ggp_worker_start(pl, m, m->s, true, 0);
}
