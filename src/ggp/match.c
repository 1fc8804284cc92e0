/*
 * match.c - a GGP match as the player holds it: its rules compiled in a
 * thread of their own (gdl_load_ex, then gdl_game_new_from for the
 * agent: one load; a load whose match has ended stops,
 * gdl_load_opts.stop), or loaded for the prover alone (GDL_PROVER: no
 * grounding, mostly several times quicker) when the compile is slow; the
 * joint moves received applied to the sequentialised state; and its
 * record, as the player sees it, written after every step.
 */
#include "ggp/internal.h"

#include <stdio.h>
#include <strings.h>
#include <time.h>

static double larger(double a, double b)
{
	return a > b ? a : b;
}

void ggp_match_free(player *pl, match *m)
{
	if (!ggp_agent_idle(pl, m)) {
		atomic_store(&m->w->stop, true);
		m->w->orphan = true;
		m->agent = NULL;
		m->g = NULL;
		m->w = NULL;
	}
	gl_agent_free(m->agent);
	gdl_eval_free(m->ev);
	gl_game_free(m->g); /* and its rules, m->gd */
	gdl_free(m->quick);
	gl_free(m->s);
	gl_free(m->seen);
	gl_free(m->st);
	gl_free(m->ids);
	gl_free(m->qmove);
	gl_free(m->qwho);
	gl_free(m->rules);
	for (int i = 0; i < m->nhist; i++)
		gl_free(m->hist[i]);
	gl_free(m->hist);
	gl_scratch_done(&m->scratch);
	if (m->recording)
		ggp_record_done(&m->rec);
	if (m == &pl->m && m->serial) {
		pl->lag = larger(m->lag, m->lag0 / 2);
		pl->gap = larger(m->gap, m->gap0 / 2);
		double y = m->yield > 0 ? m->yield : 1;
		double relaxed = (1 + (m->yield0 > 0 ? m->yield0 : 1)) / 2;
		pl->yield = y < relaxed ? y : relaxed;
	}
	memset(m, 0, sizeof *m);
	m->role = -1;
}

double ggp_yield(const match *m)
{
	double y = 1;
	if (m->yield > 0 && m->yield < y)
		y = m->yield;
	if (m->yield0 > 0 && m->yield0 < y)
		y = m->yield0;
	return y;
}

void ggp_yield_feed(match *m, ggp_yield_window *yw, double who, double wall,
	double run, double wait)
{
	if (who == 0 || who != yw->who || wall < yw->wall || run < yw->run ||
	    wait < yw->wait) {
		*yw = (ggp_yield_window){who, wall, run, wait};
		return;
	}
	double dwall = wall - yw->wall, drun = run - yw->run;
	double busy = drun + (wait - yw->wait);
	if (dwall < GGP_YIELD_WINDOW_S)
		return;
	if (busy >= dwall / 2 && busy > 0) {
		double y = drun / busy;
		y = y < GGP_YIELD_MIN ? GGP_YIELD_MIN : y > 1 ? 1 : y;
		if (m->yield == 0 || y < m->yield)
			m->yield = y;
	}
	*yw = (ggp_yield_window){who, wall, run, wait};
}

/* MARGIN_MIN, plus two round trips as measured on the match's
 * connections (the manager's clock starts half a round trip before ours,
 * and our reply takes another half: twice that for the trip that is
 * slower than the measure), plus the longest a PLAY's reply of this
 * match took to be sent once decided and the longest between two ticks
 * while a PLAY waited (a loaded machine's delays: what the machine
 * gives; from the first move on, those the matches before met where
 * larger, halved for each match that no longer met them), plus the
 * starved reply's reserve: the reply's own work between the deadline
 * and the transport (stop the agent, take its move, format it, resume
 * the connection) costs c CPU seconds (m->cost, the most measured in the
 * thread that did it, at least GGP_REPLY_CPU_MIN), which at a CPU yield
 * y take c / y of wall clock, c / y - c more than at full speed; y is
 * ggp_yield, the share of its runnable time the agent's busy thread got
 * on a CPU (its schedstat, ggp_yield_feed: the figure of one runnable
 * thread, which the reply's thread is too, where the process's CPU per
 * wall second would mix in the rule loads' threads and an agent that
 * sleeps), at most half the clock. */
double ggp_margin(const match *m, double clock)
{
	double y = ggp_yield(m);
	double c = larger(m->cost, GGP_REPLY_CPU_MIN);
	double g = GGP_MARGIN_MIN + 2 * m->rtt + larger(m->lag, m->lag0) +
		larger(m->gap, m->gap0) + (c / y - c);
	return g < clock / 2 ? g : clock / 2;
}

/* Names are case-sensitive, as the server reads the rules. */
int ggp_role_index(const gdl_game *gd, const char *role)
{
	int exact = -1, folded = -1, nfolded = 0;
	for (int r = 0; r < gdl_nroles(gd); r++) {
		if (strcmp(gdl_role_name(gd, r), role) == 0)
			exact = r;
		if (strcasecmp(gdl_role_name(gd, r), role) == 0) {
			folded = r;
			nfolded++;
		}
	}
	return exact >= 0 ? exact : nfolded == 1 ? folded : -1;
}

/* ---- the record (live_dir) --------------------------------------------- */

/* Its players' names and errors are the manager's to know: they are left
 * empty. A failure is logged and ends the recording. */
void ggp_live_write(player *pl, match *m, bool running)
{
	if (!m->recording)
		return;
	ggp_match_info mi = {.gd = m->gd, .rules = m->rules,
		.sc = m->startclock, .pc = m->playclock};
	gl_rng rng;
	gl_rng_seed(&rng, pl->cfg.seed + m->serial);
	gl_err err = {0};
	if (ggp_record_live(pl->cfg.live_dir, &mi, &m->rec, &rng, running, &err)) {
		ggp_log(pl, "match %s: --live: %.200s", m->id, err.msg);
		ggp_record_done(&m->rec);
		m->recording = false;
	}
}

/* The match's state (m->s, through m->st) into its record. */
static void live_state(match *m)
{
	memcpy(m->st, m->s, (size_t)gdl_state_words(m->gd) * 8);
	ggp_record_state(&m->rec, m->gd, m->st);
}

/* The record begun once the rules are ready, at the initial state,
 * START's errors (none known here) first. */
static void live_begin(player *pl, match *m)
{
	if (!pl->cfg.live_dir)
		return;
	ggp_record_init(&m->rec, m->id);
	m->rec.start_ms -= (long long)((gl_now() - m->began) * 1000);
	m->recording = true;
	live_state(m);
	ggp_record_errors(&m->rec.errors, NULL, gdl_nroles(m->gd));
	ggp_live_write(pl, m, true);
}

/* ---- joint moves --------------------------------------------------------- */

int ggp_apply_joint(match *m, const gdl_sexp *sx, int e, gl_err *err)
{
	if (gdl_sexp_len(sx, e) < 0)
		return m->turns == 0 ? 0 :
			gl_fail(err, GL_EPARSE, "no joint move after the first turn");
	const gdl_game *gd = m->gd;
	const gl_game *g = m->g;
	int nroles = gdl_nroles(gd);
	char text[GDL_ROLES_MAX][GGP_MOVE_MAX];
	if (gdl_sexp_len(sx, e) != nroles)
		return gl_fail(err, GL_EPARSE, "the joint move needs %d moves", nroles);
	int n = ggp_joint_read(sx, e, text, GDL_ROLES_MAX);
	if (n < 0)
		return gl_fail(err, GL_EPARSE, "move %d too long", -1 - n);
	int joint[GDL_ROLES_MAX], nlegal[GDL_ROLES_MAX];
	int *legal = gl_malloc(((size_t)gdl_nmoves(gd) + 1) * sizeof *legal);
	if (!legal)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	memcpy(m->st, m->s, (size_t)gdl_state_words(gd) * 8);
	gdl_eval_state(gd, m->ev, m->st);
	int rc = 0;
	if (gdl_terminal(gd, m->ev))
		rc = gl_fail(err, GL_EILLEGAL, "a move after the game ended");
	for (int r = 0; r < nroles && !rc; r++) {
		joint[r] = gdl_move_find(gd, text[r]);
		nlegal[r] = gdl_legal(gd, m->ev, r, legal);
		bool ok = false;
		for (int i = 0; i < nlegal[r] && !ok; i++)
			ok = legal[i] == joint[r];
		if (!ok)
			rc = gl_fail(err, GL_EILLEGAL, "%s is not a legal move of %s",
				text[r], gdl_role_name(gd, r));
	}
	gl_free(legal);
	if (rc)
		return rc;
	/* the sequentialised game: the roles with a choice, in role order;
	 * nobody with a choice: the single joint move */
	gl_action *lg = gl_scratch_moves(&m->scratch, 0);
	for (int r = 0, applied = 0; r <= nroles; r++) {
		char mv[GGP_MOVE_MAX];
		gl_action a;
		if (r == nroles) {
			if (applied || g->type->legal(g, m->s, lg) <= 0)
				break;
			a = lg[0];
		} else {
			if (nlegal[r] < 2)
				continue;
			gdl_move_text(gd, joint[r], mv, sizeof mv);
			if (g->type->to_move(g, m->s) != r ||
			    g->type->parse_move(g, m->s, mv, &a, err))
				return gl_fail(err, GL_EINVAL, "internal: %s out of turn",
					mv);
		}
		if ((rc = ggp_queue_move(m, g->type->to_move(g, m->s), a, err)))
			return rc;
		g->type->apply(g, m->s, a);
		applied++;
	}
	m->version++;
	if (m->recording) {
		ggp_record_step(&m->rec, gd, joint, nlegal);
		ggp_record_errors(&m->rec.errors, NULL, nroles);
		live_state(m);
	}
	return 0;
}

/* A role that the rules give several goal values in the final state (an
 * error of the rules: gdl_goal takes the largest, ggp-base's server
 * raises a GoalDefinitionException) is logged. */
void ggp_note_goals(player *pl, match *m)
{
	memcpy(m->st, m->s, (size_t)gdl_state_words(m->gd) * 8);
	gdl_eval_state(m->gd, m->ev, m->st);
	for (int r = 0; r < gdl_nroles(m->gd); r++) {
		int v[8], nv = gdl_goal_values(m->gd, m->ev, r, v, 8);
		if (nv < 2)
			continue;
		char vals[64];
		size_t len = 0;
		for (int i = 0; i < nv && i < 8 && len < sizeof vals; i++)
			len += (size_t)snprintf(vals + len, sizeof vals - len, "%s%d",
				i == 0 ? "" : i + 1 == nv ? " and " : ", ", v[i]);
		ggp_log(pl, "note: the rules give role '%s' %d goal values in the "
			"final state (%s); the largest, %d, is taken",
			gdl_role_name(m->gd, r), nv, vals, gdl_goal(m->gd, m->ev, r));
	}
}

/* ---- rule loads -------------------------------------------------------- */

/* A rule load, run in a thread of its own (or inline when there is no
 * thread): the compile of the match's game, or the prover's quick load. */
typedef struct job {
	player *pl;
	unsigned serial;         /* the match it is for */
	bool quick;              /* the prover's load */
	char role[GDL_TOKEN_MAX];
	double playclock, rtt;   /* for the agent's time */
	size_t n;
	char rules[];            /* n bytes and a NUL */
} job;

static job *job_new(player *pl, const match *m, bool quick)
{
	job *j = gl_malloc(sizeof *j + m->nrules + 1);
	if (!j)
		return NULL;
	j->pl = pl;
	j->serial = m->serial;
	j->quick = quick;
	snprintf(j->role, sizeof j->role, "%s", m->role_name);
	j->playclock = m->playclock;
	j->rtt = m->rtt;
	j->n = m->nrules;
	memcpy(j->rules, m->rules, m->nrules + 1);
	return j;
}

/* Whether job j's match has ended (read without the mutex, while the
 * rules load: a load for a match that is over stops). */
static bool job_stopped(void *arg)
{
	const job *j = arg;
	return atomic_load(&j->pl->live) != j->serial;
}

/* The game of the rules: loaded (stopped if the match ends), then an
 * instance of the gdl type made of them. */
static gl_game *rules_game(job *j, gl_err *err)
{
	gdl_load_opts opts = {.reasoner = GDL_AUTO, .stop = job_stopped,
		.stop_arg = j};
	gdl_game *gd = NULL;
	if (gdl_load_ex(&gd, j->rules, j->n, "rules", &opts, err))
		return NULL;
	return gdl_game_new_from(gd, "rules", err);
}

/* Compile the rules of job j into b (the game, its rules, the agent
 * begun at the start state); nothing of the player is touched but its
 * log, so this runs outside its mutex. */
static int match_compile(player *pl, job *j, match *b, gl_err *err)
{
	int rc;
	b->playclock = j->playclock;
	b->rtt = j->rtt;
	if (!(b->g = rules_game(j, err)))
		return err->code;
	b->gd = gdl_game_of(b->g);
	b->role = ggp_role_index(b->gd, j->role);
	if (b->role < 0)
		return gl_fail(err, GL_EINVAL, "START: no role '%s' in the rules",
			j->role);
	if (!(b->ev = gdl_eval_new(b->gd)))
		return gl_fail(err, GL_ENOMEM, "out of memory");
	if ((rc = gl_scratch_init(&b->scratch, b->g, 1, 1, err)))
		return rc;
	if (!(b->s = gl_malloc(b->g->state_size)) ||
	    !(b->seen = gl_malloc(b->g->state_size)) ||
	    !(b->st = gl_malloc((size_t)gdl_state_words(b->gd) * sizeof *b->st)) ||
	    !(b->ids = gl_malloc(((size_t)gdl_nmoves(b->gd) + 1) * sizeof *b->ids)))
		return gl_fail(err, GL_ENOMEM, "out of memory");
	if (!(b->agent = ggp_agent_make(pl, b, err)))
		return err->code;
	b->agent->role = b->role;
	gl_rng_split(&b->agent->rng, pl->cfg.seed +
		(uint64_t)atomic_load(&pl->finished), (uint64_t)b->role);
	if (b->agent->type->begin && (rc = b->agent->type->begin(b->agent, err)))
		return rc;
	b->g->type->start(b->g, b->s);
	memcpy(b->seen, b->s, b->g->state_size);
	return 0;
}

/* A joint move kept as text (hist) applied. */
static int apply_text(match *m, const char *text, gl_err *err)
{
	gdl_sexp *sx;
	int rc = gdl_sexp_read(&sx, text, strlen(text), "moves", err);
	if (rc == 0 && gdl_sexp_count(sx) != 1)
		rc = gl_fail(err, GL_EPARSE, "not one joint move");
	if (rc == 0)
		rc = ggp_apply_joint(m, sx, gdl_sexp_top(sx, 0), err);
	gdl_sexp_free(sx);
	return rc;
}

/* The compiled game b becomes the match's; the joint moves received
 * meanwhile are played into it. Under the mutex. */
static void match_install(player *pl, match *b, double secs)
{
	match *m = &pl->m;
	m->g = b->g;
	m->gd = b->gd;
	m->ev = b->ev;
	m->agent = b->agent;
	m->role = b->role;
	m->s = b->s;
	m->seen = b->seen;
	m->st = b->st;
	m->ids = b->ids;
	m->scratch = b->scratch;
	memset(b, 0, sizeof *b);
	m->ready = true;
	m->pondered = -1;
	ggp_log(pl, "rules of %s compiled in %.3f s (%s)", m->id, secs,
		gdl_reasoner_name(gdl_reasoner_of(m->gd)));
	live_begin(pl, m);
	for (int i = 0; i < m->nhist; i++) {
		gl_err err = {0};
		if (apply_text(m, m->hist[i], &err)) {
			ggp_log(pl, "match %s: a joint move received while compiling "
				"cannot be played: %.200s", m->id, err.msg);
			m->failed = true;
			ggp_quick_start(pl, m);
			break;
		}
	}
	ggp_live_write(pl, m, true);
}

/* A rule load's end: publish its result if its match is still on (the
 * compiled game, or the prover's rules); answer the START if it waits. */
static void job_finish(job *j, match *b, gdl_game *quick, int rc,
	const gl_err *err, double secs)
{
	player *pl = j->pl;
	pthread_mutex_lock(&pl->mu);
	match *m = &pl->m;
	bool ours = pl->active && m->serial == j->serial;
	if (ours && j->quick) {
		if (quick)
			ggp_log(pl, "rules of %s loaded for the prover in %.3f s", m->id,
				secs);
		else
			ggp_log(pl, "match %s: the prover cannot load the rules: %.200s",
				m->id, err->msg);
		m->quick = quick;
		quick = NULL;
	} else if (ours && rc == 0) {
		match_install(pl, b, secs);
		ggp_start_answer(pl, 0, NULL);
	} else if (ours && pl->start_rq) {
		ggp_start_answer(pl, rc, err);
	} else if (ours) {
		ggp_log(pl, "match %s: the rules cannot be compiled: %.200s", m->id,
			err->msg);
		m->failed = true;
		ggp_quick_start(pl, m);
	}
	pl->jobs--;
	pthread_mutex_unlock(&pl->mu);
	gdl_free(quick);
}

static void *job_main(void *arg)
{
	job *j = arg;
	gl_err err = {0};
	double t0 = gl_now();
	match b;
	memset(&b, 0, sizeof b);
	gdl_game *quick = NULL;
	int rc;
	if (j->quick) {
		gdl_load_opts opts = {.reasoner = GDL_PROVER, .stop = job_stopped,
			.stop_arg = j};
		rc = gdl_load_ex(&quick, j->rules, j->n, "rules", &opts, &err);
	} else {
		rc = match_compile(j->pl, j, &b, &err);
		/* hold_compile: the compile ends S s after it began, or when
		 * its match does */
		while (!job_stopped(j) && gl_now() - t0 < j->pl->cfg.hold_compile) {
			struct timespec ts = {0, 10 * 1000 * 1000};
			nanosleep(&ts, NULL);
		}
	}
	job_finish(j, &b, quick, rc, &err, gl_now() - t0);
	ggp_match_free(j->pl, &b);
	gl_free(j);
	return NULL;
}

/* Run job j in a thread of its own, else here. Called under the mutex,
 * which it lets go and takes back when j runs here. */
static void job_run(player *pl, job *j, bool here)
{
	pl->jobs++;
	pthread_t t;
	if (!here && pthread_create(&t, NULL, job_main, j) == 0) {
		pthread_detach(t);
		return;
	}
	pthread_mutex_unlock(&pl->mu);
	job_main(j);
	pthread_mutex_lock(&pl->mu);
}

int ggp_compile_start(player *pl, match *m, bool here)
{
	job *j = job_new(pl, m, false);
	if (!j)
		return GL_ENOMEM;
	job_run(pl, j, here);
	return 0;
}

/* For moves while the compile runs or when it failed. */
void ggp_quick_start(player *pl, match *m)
{
	if (m->quick_started)
		return;
	job *j = job_new(pl, m, true);
	m->quick_started = j != NULL;
	if (j)
		job_run(pl, j, false);
}
