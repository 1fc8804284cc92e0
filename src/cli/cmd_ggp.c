/*
 * cmd_ggp.c - `gamelearn ggp serve`: a General Game Playing player over
 * HTTP, speaking the match protocol of ggp-base (the Stanford reference
 * code) as ggp-base's game server speaks it: START, PLAY,
 * STOP, ABORT, INFO and PREVIEW messages (KIF s-expressions, the type
 * case-insensitive) sent by POST, or by GET /<url-encoded message>, with
 * OPTIONS answered empty for CORS preflights. Issue 8, item 5; Love et al.,
 * "General Game Playing: Game Description Language Specification" (2008)
 * for the rules the messages carry.
 *
 * HTTP is libmicrohttpd's (one internal polling thread: requests are
 * handled one at a time). On START the rules are compiled twice: with
 * gdl_load (roles, legality of the joint moves received) and as a `gdl`
 * game instance (through a temporary file) for the agent, which plays
 * through game.h. A joint move is applied to the sequentialised state
 * role by role (only the roles with a choice; a state where nobody has a
 * choice advances by its single joint move). The agent chooses in a worker
 * thread; if it has not answered by the deadline (arrival + play clock -
 * a safety margin), a random legal move is sent instead and the agent's
 * late answer is discarded. One line per message is logged on stderr.
 */
#include "cli.h"
#include "gamelearn/agent.h"
#include "gamelearn/gdl.h"

#include <microhttpd.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <strings.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
	BODY_MAX = 1 << 20,  /* largest request body; more: 413 */
	ID_MAX = 256,        /* longest match id kept */
	REPLY_MAX = 1024     /* longest reply text */
};

#define MARGIN_MIN 0.5  /* seconds kept before a deadline, at least */
#define MARGIN_FRAC 0.1 /* and this share of the clock */

/* A span of the message text. */
typedef struct span {
	const char *p;
	size_t n;
} span;

/* The agent's move search, run in a detached worker thread. The player
 * does not touch the agent while it runs. A worker still running when its
 * match ends is orphaned: it then owns the agent and the game and frees
 * them, and itself, when choose returns. */
typedef struct worker {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;       /* it has answered (under lock) */
	bool orphan;     /* its match ended (under lock) */
	int rc;          /* choose's result */
	gl_action move;  /* its move */
	gl_err err;      /* its error */
	gl_agent *agent; /* who thinks */
	gl_game *game;   /* the agent's game (freed by an orphan) */
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX]; /* the state it sees */
} worker;

/* The player: options and the current match. */
typedef struct player {
	const char *agent_spec; /* --agent, or NULL for the default */
	const char *name;       /* --name */
	int max_matches;        /* exit after this many (0: never) */
	uint64_t seed;          /* agent seeds: seed + match number */
	atomic_int finished;    /* matches ended (STOP or ABORT) */
	gl_rng rng;             /* fallback moves */
	/* the current match */
	bool active;
	char id[ID_MAX];
	int role;
	double playclock;
	int turns;              /* PLAY messages answered */
	gdl_game *gd;
	gdl_eval *ev;
	gl_game *g;
	gl_agent *agent;
	worker *w;              /* the agent's search under way, or NULL */
	char note[128];         /* how the last move was chosen (for the log) */
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX]; /* the match's state */
} player;

/* One HTTP request being received. */
typedef struct request {
	double arrived; /* gl_now() at its first byte */
	char *body;     /* POST body (NUL-terminated) */
	size_t len;
	bool too_big;
	bool ends_match; /* its reply ends a match: count it when sent */
} request;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void logf_line(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* One log line on stderr: "ggp HH:MM:SS message". */
static void logf_line(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	for (char *c = line; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' ';
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	fprintf(stderr, "ggp %02d:%02d:%02d %s\n", tm.tm_hour, tm.tm_min,
		tm.tm_sec, line);
	fflush(stderr);
}

/* ---- s-expressions ---------------------------------------------------- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
		c == '\v';
}

/* Skip white space and `;` comments. */
static const char *sx_skip(const char *c, const char *end)
{
	for (;;) {
		while (c < end && is_space(*c))
			c++;
		if (c >= end || *c != ';')
			return c;
		while (c < end && *c != '\n')
			c++;
	}
}

/* The next element at *p (an atom or a balanced parenthesised group) into
 * out; false at the end of the text or a ')' (not consumed), or on an
 * unbalanced group. */
static bool sx_next(const char **p, const char *end, span *out)
{
	const char *c = sx_skip(*p, end);
	*p = c;
	if (c >= end || *c == ')')
		return false;
	const char *start = c;
	if (*c == '(') {
		int depth = 0;
		for (; c < end; c++) {
			if (*c == ';') {
				while (c < end && *c != '\n')
					c++;
				if (c >= end)
					break;
			} else if (*c == '(') {
				depth++;
			} else if (*c == ')' && --depth == 0) {
				break;
			}
		}
		if (c >= end)
			return false;
		c++;
	} else {
		while (c < end && !is_space(*c) && *c != '(' && *c != ')' &&
		       *c != ';')
			c++;
	}
	out->p = start;
	out->n = (size_t)(c - start);
	*p = c;
	return true;
}

/* The elements inside the group g (at most max) into items; returns their
 * count, or -1 if g is not a well-formed group of at most max elements. */
static int sx_items(span g, span *items, int max)
{
	if (g.n < 2 || g.p[0] != '(' || g.p[g.n - 1] != ')')
		return -1;
	const char *p = g.p + 1, *end = g.p + g.n - 1;
	int n = 0;
	span x;
	while (sx_next(&p, end, &x)) {
		if (n == max)
			return -1;
		items[n++] = x;
	}
	return sx_skip(p, end) == end ? n : -1;
}

static bool sx_is(span a, const char *word)
{
	size_t n = strlen(word);
	if (a.n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((a.p[i] | 0x20) != (word[i] | 0x20))
			return false;
	return true;
}

/* Copy a span into buf (size n) as a C string; false when it is too long. */
static bool sx_copy(span a, char *buf, size_t n)
{
	if (a.n >= n)
		return false;
	memcpy(buf, a.p, a.n);
	buf[a.n] = 0;
	return true;
}

/* A clock in seconds (a decimal number), or -1. */
static double sx_clock(span a)
{
	char buf[32];
	if (!sx_copy(a, buf, sizeof buf))
		return -1;
	char *end;
	double v = strtod(buf, &end);
	return *end || end == buf || !(v >= 0) || v > 1e6 ? -1 : v;
}

/* ---- the match ---------------------------------------------------------- */

static void worker_free(worker *w)
{
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->cond);
	gl_free(w);
}

static void *worker_main(void *arg)
{
	worker *w = arg;
	gl_err err = {0};
	gl_action move = 0;
	int rc = w->agent->type->choose(w->agent, w->s, &move, &err);
	pthread_mutex_lock(&w->lock);
	w->rc = rc;
	w->move = move;
	w->err = err;
	w->done = true;
	bool orphan = w->orphan;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	if (orphan) {
		gl_agent_free(w->agent);
		gl_game_free(w->game);
		worker_free(w);
	}
	return NULL;
}

/* Start the agent thinking on state s; NULL when no thread can be made. */
static worker *worker_start(player *pl, const void *s)
{
	worker *w = gl_calloc(1, sizeof *w);
	if (!w)
		return NULL;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	w->agent = pl->agent;
	w->game = pl->g;
	memcpy(w->s, s, pl->g->state_size);
	pthread_t t;
	if (pthread_create(&t, NULL, worker_main, w) != 0) {
		worker_free(w);
		return NULL;
	}
	pthread_detach(t);
	return w;
}

/* Wait for the worker until deadline (gl_now() seconds); whether it has
 * answered. */
static bool worker_wait(worker *w, double deadline)
{
	pthread_mutex_lock(&w->lock);
	while (!w->done) {
		double left = deadline - gl_now();
		if (left <= 0)
			break;
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		double t = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 +
			(left < 0.05 ? left : 0.05);
		ts.tv_sec = (time_t)t;
		ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
		pthread_cond_timedwait(&w->cond, &w->lock, &ts);
	}
	bool done = w->done;
	pthread_mutex_unlock(&w->lock);
	return done;
}

/* Drop a late worker that has finished since; whether the agent is idle. */
static bool agent_idle(player *pl)
{
	if (pl->w && worker_wait(pl->w, 0)) {
		worker_free(pl->w);
		pl->w = NULL;
	}
	return pl->w == NULL;
}

static void match_end(player *pl)
{
	if (!agent_idle(pl)) {
		/* still thinking: the worker frees the agent and the game */
		pthread_mutex_lock(&pl->w->lock);
		bool done = pl->w->done;
		pl->w->orphan = !done;
		pthread_mutex_unlock(&pl->w->lock);
		if (done) {
			worker_free(pl->w);
		} else {
			pl->agent = NULL;
			pl->g = NULL;
		}
		pl->w = NULL;
	}
	gl_agent_free(pl->agent);
	gl_game_free(pl->g);
	gdl_eval_free(pl->ev);
	gdl_free(pl->gd);
	pl->agent = NULL;
	pl->g = NULL;
	pl->ev = NULL;
	pl->gd = NULL;
	pl->active = false;
}

/* Whether an agent type named like spec's head declares parameter key. */
static bool agent_has_param(const char *spec, const char *key)
{
	size_t n = strcspn(spec, ":");
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		if (strlen((*t)->name) == n && strncmp((*t)->name, spec, n) == 0) {
			for (const gl_param_def *d = (*t)->params; d && d->key; d++)
				if (strcmp(d->key, key) == 0)
					return true;
			return false;
		}
	return false;
}

static bool agent_known(const char *name)
{
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		if (strcmp((*t)->name, name) == 0)
			return true;
	return false;
}

/* Make the agent from spec for the match's game, with its time parameter
 * set from the play clock when it has one and spec does not set it. */
static gl_agent *make_agent(player *pl, const char *spec, gl_err *err)
{
	char full[GL_SPEC_MAX];
	double budget = pl->playclock - (pl->playclock * MARGIN_FRAC > MARGIN_MIN ?
		pl->playclock * MARGIN_FRAC : MARGIN_MIN);
	double think = budget * 0.8;
	if (think < 0.05)
		think = 0.05;
	if (agent_has_param(spec, "time") && !strstr(spec, "time="))
		snprintf(full, sizeof full, "%s%stime=%.3f", spec,
			strchr(spec, ':') ? "," : ":", think);
	else
		snprintf(full, sizeof full, "%s", spec);
	return gl_agent_new(full, pl->g, NULL, err);
}

/* START: load the rules, make the game and the agent. Writes the reply. */
static int do_start(player *pl, span *it, int n, char *reply, gl_err *err)
{
	if (n != 6)
		return gl_fail(err, GL_EPARSE, "START takes a match id, a role, the "
			"rules and two clocks");
	if (pl->active) {
		snprintf(reply, REPLY_MAX, "busy");
		return 0;
	}
	char id[ID_MAX], role[GDL_TOKEN_MAX];
	double sc = sx_clock(it[4]), pc = sx_clock(it[5]);
	if (!sx_copy(it[1], id, sizeof id) || it[1].p[0] == '(' ||
	    !sx_copy(it[2], role, sizeof role) || it[2].p[0] == '(')
		return gl_fail(err, GL_EPARSE, "START: bad match id or role");
	if (sc < 0 || pc <= 0)
		return gl_fail(err, GL_EPARSE, "START: bad clocks");
	if (it[3].p[0] != '(')
		return gl_fail(err, GL_EPARSE, "START: the rules must be a list");
	span rules = {it[3].p + 1, it[3].n - 2};
	int rc = gdl_load(&pl->gd, rules.p, rules.n, "rules", err);
	if (rc)
		return rc;
	pl->role = -1;
	for (int r = 0; r < gdl_nroles(pl->gd); r++)
		if (strcasecmp(gdl_role_name(pl->gd, r), role) == 0)
			pl->role = r;
	if (pl->role < 0) {
		rc = gl_fail(err, GL_EINVAL, "START: no role '%s' in the rules", role);
		goto fail;
	}
	pl->ev = gdl_eval_new(pl->gd);
	if (!pl->ev) {
		rc = gl_fail(err, GL_ENOMEM, "out of memory");
		goto fail;
	}
	/* the game type reads a file: write the rules to a temporary one */
	const char *dir = getenv("TMPDIR");
	char path[100];
	snprintf(path, sizeof path, "%s/gamelearn-ggp-XXXXXX",
		dir && *dir && strlen(dir) < 70 ? dir : "/tmp");
	int fd = mkstemp(path);
	if (fd < 0) {
		rc = gl_fail(err, GL_EIO, "%s: %s", path, strerror(errno));
		goto fail;
	}
	size_t off = 0;
	while (off < rules.n) {
		ssize_t k = write(fd, rules.p + off, rules.n - off);
		if (k <= 0)
			break;
		off += (size_t)k;
	}
	close(fd);
	char spec[GL_SPEC_MAX];
	snprintf(spec, sizeof spec, "gdl:file=%s", path);
	pl->g = off == rules.n ? gl_game_new(spec, err) : NULL;
	if (off != rules.n)
		gl_fail(err, GL_EIO, "%s: short write", path);
	unlink(path);
	if (!pl->g) {
		rc = err->code ? err->code : GL_EIO;
		goto fail;
	}
	pl->playclock = pc;
	const char *aspec = pl->agent_spec;
	if (!aspec) {
		aspec = agent_known("uct") ? "uct" : "random";
		if (strcmp(aspec, "uct") != 0)
			snprintf(pl->note, sizeof pl->note, "(no uct agent in this "
				"build: random plays)");
	}
	pl->agent = make_agent(pl, aspec, err);
	if (!pl->agent) {
		snprintf(pl->note, sizeof pl->note, "(agent %.20s cannot play this "
			"game: %.60s; random plays)", aspec, err->msg);
		gl_err_clear(err);
		pl->agent = make_agent(pl, "random", err);
		if (!pl->agent) {
			rc = err->code ? err->code : GL_EINVAL;
			goto fail;
		}
	}
	pl->agent->role = pl->role;
	gl_rng_split(&pl->agent->rng, pl->seed + (uint64_t)atomic_load(&pl->finished),
		(uint64_t)pl->role);
	if (pl->agent->type->begin && (rc = pl->agent->type->begin(pl->agent, err)))
		goto fail;
	pl->g->type->start(pl->g, pl->s);
	pl->turns = 0;
	snprintf(pl->id, sizeof pl->id, "%s", id);
	pl->active = true;
	snprintf(reply, REPLY_MAX, "ready");
	return 0;
fail:
	match_end(pl);
	return rc;
}

/* Apply the joint move (one move per role, role order) given as a list;
 * a bare atom (NIL) means none. */
static int apply_joint(player *pl, span moves, gl_err *err)
{
	if (moves.p[0] != '(')
		return pl->turns == 0 ? 0 :
			gl_fail(err, GL_EPARSE, "no joint move after the first turn");
	const gdl_game *gd = pl->gd;
	const gl_game *g = pl->g;
	int nroles = gdl_nroles(gd);
	span it[GDL_ROLES_MAX];
	int n = sx_items(moves, it, GDL_ROLES_MAX);
	if (n != nroles)
		return gl_fail(err, GL_EPARSE, "the joint move needs %d moves", nroles);
	int joint[GDL_ROLES_MAX], nlegal[GDL_ROLES_MAX];
	int *legal = gl_malloc(((size_t)gdl_nmoves(gd) + 1) * sizeof *legal);
	if (!legal)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	uint64_t st[GDL_WORDS_MAX];
	memcpy(st, pl->s, (size_t)gdl_state_words(gd) * 8);
	gdl_eval_state(gd, pl->ev, st);
	int rc = 0;
	if (gdl_terminal(gd, pl->ev))
		rc = gl_fail(err, GL_EILLEGAL, "a move after the game ended");
	for (int r = 0; r < nroles && !rc; r++) {
		char text[1024];
		if (!sx_copy(it[r], text, sizeof text)) {
			rc = gl_fail(err, GL_EPARSE, "move %d too long", r + 1);
			break;
		}
		joint[r] = gdl_move_find(gd, text);
		nlegal[r] = gdl_legal(gd, pl->ev, r, legal);
		bool ok = false;
		for (int i = 0; i < nlegal[r] && !ok; i++)
			ok = legal[i] == joint[r];
		if (!ok)
			rc = gl_fail(err, GL_EILLEGAL, "%s is not a legal move of %s",
				text, gdl_role_name(gd, r));
	}
	gl_free(legal);
	if (rc)
		return rc;
	/* the sequentialised game: the roles with a choice, in role order;
	 * an agent still thinking from an earlier turn is not told */
	bool tell = agent_idle(pl) && pl->agent->type->observe;
	int applied = 0;
	for (int r = 0; r < nroles; r++) {
		if (nlegal[r] < 2)
			continue;
		char text[1024];
		gl_action a;
		gdl_move_text(gd, joint[r], text, sizeof text);
		if (g->type->to_move(g, pl->s) != r ||
		    g->type->parse_move(g, pl->s, text, &a, err))
			return gl_fail(err, GL_EINVAL, "internal: %s out of turn", text);
		if (tell)
			pl->agent->type->observe(pl->agent, pl->s, r, a);
		g->type->apply(g, pl->s, a);
		applied++;
	}
	if (!applied) { /* nobody had a choice: the single joint move */
		gl_action lg[GL_LEGAL_MAX];
		if (g->type->legal(g, pl->s, lg) > 0) {
			if (tell)
				pl->agent->type->observe(pl->agent, pl->s,
					g->type->to_move(g, pl->s), lg[0]);
			g->type->apply(g, pl->s, lg[0]);
		}
	}
	return 0;
}

/* PLAY: apply the previous joint move and answer ours before the deadline. */
static int do_play(player *pl, span moves, double arrived, char *reply,
	gl_err *err)
{
	int rc = apply_joint(pl, moves, err);
	if (rc)
		return rc;
	const gdl_game *gd = pl->gd;
	const gl_game *g = pl->g;
	uint64_t st[GDL_WORDS_MAX];
	memcpy(st, pl->s, (size_t)gdl_state_words(gd) * 8);
	gdl_eval_state(gd, pl->ev, st);
	if (gdl_terminal(gd, pl->ev))
		return gl_fail(err, GL_EILLEGAL, "the game is over");
	int *legal = gl_malloc(((size_t)gdl_nmoves(gd) + 1) * sizeof *legal);
	if (!legal)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	int nl = gdl_legal(gd, pl->ev, pl->role, legal);
	int move = nl ? legal[gl_rng_below(&pl->rng, (uint32_t)nl)] : -1;
	gl_free(legal);
	if (move < 0)
		return gl_fail(err, GL_EILLEGAL, "no legal move");
	pl->turns++;
	const char *how = "only move";
	double margin = pl->playclock * MARGIN_FRAC;
	if (margin < MARGIN_MIN)
		margin = MARGIN_MIN;
	double deadline = arrived + pl->playclock - margin;
	if (nl > 1 && pl->w && !worker_wait(pl->w, deadline)) {
		how = "fallback (agent still thinking from an earlier turn)";
	} else if (nl > 1) {
		agent_idle(pl); /* a late worker has finished: drop its answer */
		/* the worker's state: earlier roles with a choice get placeholder
		 * moves, so that it is our role's turn */
		GL_STATE_ALIGN unsigned char ws[GL_STATE_MAX];
		memcpy(ws, pl->s, g->state_size);
		for (int k = 0; k < GDL_ROLES_MAX; k++) {
			int r = g->type->to_move(g, ws);
			gl_action lg[GL_LEGAL_MAX];
			if (r == pl->role || g->type->legal(g, ws, lg) == 0)
				break;
			g->type->apply(g, ws, lg[0]);
		}
		how = "fallback (agent not at its turn)";
		if (g->type->to_move(g, ws) == pl->role) {
			pl->w = worker_start(pl, ws);
			how = "fallback (no thread)";
		}
		if (pl->w && !worker_wait(pl->w, deadline))
			how = "fallback (agent out of time)";
		else if (pl->w) {
			worker *w = pl->w;
			char text[1024];
			int m;
			how = "fallback (agent failed)";
			if (w->rc == 0 && g->type->format_move(g, w->s, w->move, text,
			    sizeof text) > 0 && (m = gdl_move_find(gd, text)) >= 0) {
				int *lg2 = gl_malloc(((size_t)gdl_nmoves(gd) + 1) *
					sizeof *lg2);
				int n2 = lg2 ? gdl_legal(gd, pl->ev, pl->role, lg2) : 0;
				for (int i = 0; i < n2; i++)
					if (lg2[i] == m) {
						move = m;
						how = "agent";
					}
				gl_free(lg2);
			} else if (w->rc) {
				snprintf(pl->note, sizeof pl->note, "by fallback (agent "
					"error: %.80s)", w->err.msg);
				how = pl->note;
			}
			agent_idle(pl);
		}
	}
	gdl_move_text(gd, move, reply, REPLY_MAX);
	if (how != pl->note)
		snprintf(pl->note, sizeof pl->note, "by %.100s", how);
	return 0;
}

/* Handle one message; the reply text into reply. Returns 0, or a GL_E*
 * code with err set (the reply is then an error). */
static int handle(player *pl, request *rq, const char *msg, size_t len,
	char *reply, gl_err *err)
{
	span all = {msg, len};
	while (all.n && is_space(all.p[all.n - 1]))
		all.n--;
	while (all.n && is_space(all.p[0]))
		all.p++, all.n--;
	span it[8];
	int n = sx_items(all, it, 8);
	if (n < 1 || it[0].p[0] == '(')
		return gl_fail(err, GL_EPARSE, "not a message: a list such as (INFO)");
	if (sx_is(it[0], "info")) {
		snprintf(reply, REPLY_MAX, "((name %s) (status %s))", pl->name,
			pl->active ? "busy" : "available");
		return 0;
	}
	if (sx_is(it[0], "preview")) {
		snprintf(reply, REPLY_MAX, "ready");
		return 0;
	}
	if (sx_is(it[0], "start"))
		return do_start(pl, it, n, reply, err);
	bool play = sx_is(it[0], "play"), stop = sx_is(it[0], "stop");
	bool abort_ = sx_is(it[0], "abort");
	if (!play && !stop && !abort_)
		return gl_fail(err, GL_EPARSE, "unknown message type '%.*s'",
			(int)(it[0].n < 40 ? it[0].n : 40), it[0].p);
	if (n != (abort_ ? 2 : 3))
		return gl_fail(err, GL_EPARSE, "%s takes a match id%s", abort_ ?
			"ABORT" : play ? "PLAY" : "STOP", abort_ ? "" : " and the moves");
	if (!pl->active)
		return gl_fail(err, GL_EINVAL, "no match in progress");
	char id[ID_MAX];
	if (!sx_copy(it[1], id, sizeof id) || strcmp(id, pl->id) != 0) {
		snprintf(reply, REPLY_MAX, "busy");
		return 0;
	}
	if (abort_) {
		match_end(pl);
		rq->ends_match = true;
		snprintf(reply, REPLY_MAX, "aborted");
		return 0;
	}
	if (play)
		return do_play(pl, it[2], rq->arrived, reply, err);
	int rc = apply_joint(pl, it[2], err);
	if (rc)
		snprintf(pl->note, sizeof pl->note, "(its joint move ignored: %.90s)",
			err->msg);
	gl_err_clear(err);
	if (agent_idle(pl) && pl->agent->type->end) {
		int goals[GL_PLAYERS_MAX] = {0};
		pl->g->type->goals(pl->g, pl->s, goals);
		pl->agent->type->end(pl->agent, pl->s, goals);
	}
	match_end(pl);
	rq->ends_match = true;
	snprintf(reply, REPLY_MAX, "done");
	return 0;
}

/* ---- HTTP ---------------------------------------------------------------- */

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status,
	const char *text)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text),
		(void *)text, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	/* "HTTP/1.0 200 OK", one message per connection */
	MHD_set_response_options(r, MHD_RF_HTTP_1_0_SERVER |
		MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
	MHD_add_response_header(r, "Content-type", "text/acl");
	MHD_add_response_header(r, "Access-Control-Allow-Origin", "*");
	MHD_add_response_header(r, "Access-Control-Allow-Methods",
		"POST, GET, OPTIONS");
	MHD_add_response_header(r, "Access-Control-Allow-Headers", "Content-Type");
	MHD_add_response_header(r, "Access-Control-Allow-Age", "86400");
	enum MHD_Result ok = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ok;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return -1;
}

/* Decode %XX escapes and '+' (GET messages) in place. */
static size_t url_decode(char *s)
{
	char *o = s;
	for (char *c = s; *c; c++) {
		int hi, lo;
		if (*c == '%' && c[1] && c[2] &&
		    (hi = hex_digit(c[1])) >= 0 && (lo = hex_digit(c[2])) >= 0) {
			*o++ = (char)(hi * 16 + lo);
			c += 2;
		} else {
			*o++ = *c == '+' ? ' ' : *c;
		}
	}
	*o = 0;
	return (size_t)(o - s);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
	const char *url, const char *method, const char *version,
	const char *upload, size_t *upload_size, void **ctx)
{
	(void)version;
	player *pl = cls;
	request *rq = *ctx;
	if (!rq) {
		rq = gl_calloc(1, sizeof *rq);
		if (!rq)
			return MHD_NO;
		rq->arrived = gl_now();
		*ctx = rq;
		return MHD_YES;
	}
	if (*upload_size) {
		if (!rq->too_big && rq->len + *upload_size <= BODY_MAX) {
			char *b = gl_realloc(rq->body, rq->len + *upload_size + 1);
			if (b) {
				memcpy(b + rq->len, upload, *upload_size);
				rq->body = b;
				rq->len += *upload_size;
				b[rq->len] = 0;
			} else {
				rq->too_big = true;
			}
		} else {
			rq->too_big = true;
		}
		*upload_size = 0;
		return MHD_YES;
	}
	if (strcmp(method, "OPTIONS") == 0) {
		logf_line("OPTIONS %s", url);
		return send_text(c, MHD_HTTP_OK, "");
	}
	char *msg = NULL;
	size_t len = 0;
	if (strcmp(method, "POST") == 0) {
		if (rq->too_big) {
			logf_line("POST refused: body over %d bytes", BODY_MAX);
			return send_text(c, MHD_HTTP_CONTENT_TOO_LARGE,
				"error body too large");
		}
		msg = rq->body ? rq->body : (char *)"";
		len = rq->len;
	} else if (strcmp(method, "GET") == 0) {
		if (strlen(url) > BODY_MAX)
			return send_text(c, MHD_HTTP_CONTENT_TOO_LARGE,
				"error message too large");
		rq->body = gl_malloc(strlen(url) + 1);
		if (!rq->body)
			return MHD_NO;
		strcpy(rq->body, url[0] == '/' ? url + 1 : url);
		len = url_decode(rq->body);
		msg = rq->body;
	} else {
		logf_line("%s refused", method);
		return send_text(c, MHD_HTTP_METHOD_NOT_ALLOWED,
			"error method not allowed");
	}
	char reply[REPLY_MAX] = "";
	gl_err err = {0};
	int rc = handle(pl, rq, msg, len, reply, &err);
	char head[81];
	size_t k = 0, i = 0;
	for (; i < len && k < sizeof head - 1; i++)
		if (!is_space(msg[i]) || (k && head[k - 1] != ' '))
			head[k++] = is_space(msg[i]) ? ' ' :
				(msg[i] >= 32 && msg[i] < 127 ? msg[i] : '?');
	while (k && head[k - 1] == ' ')
		k--;
	head[k] = 0;
	while (i < len && is_space(msg[i]))
		i++;
	const char *more = i < len ? "..." : "";
	if (rc) {
		pl->note[0] = 0;
		char text[REPLY_MAX];
		snprintf(text, sizeof text, "error %s", err.msg);
		logf_line("%s %s%s -> %s", method, head, more, text);
		return send_text(c, MHD_HTTP_BAD_REQUEST, text);
	}
	logf_line("%s %s%s -> %s%s%s (%.3f s)", method, head, more,
		reply, pl->note[0] ? " " : "", pl->note, gl_now() - rq->arrived);
	pl->note[0] = 0;
	return send_text(c, MHD_HTTP_OK, reply);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **ctx,
	enum MHD_RequestTerminationCode code)
{
	(void)c;
	(void)code;
	player *pl = cls;
	request *rq = *ctx;
	if (!rq)
		return;
	if (rq->ends_match)
		atomic_fetch_add(&pl->finished, 1);
	gl_free(rq->body);
	gl_free(rq);
	*ctx = NULL;
}

static int ggp_serve(int argc, char **argv)
{
	static player pl; /* large (two states); one per process */
	int port = 9147;
	pl.name = "gamelearn";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (i + 1 >= argc)
			cli_die(EXIT_USAGE, "ggp serve: unknown or incomplete option %s", a);
		if (strcmp(a, "--port") == 0)
			port = (int)cli_int(argv[++i], 0, 65535, "--port");
		else if (strcmp(a, "--agent") == 0)
			pl.agent_spec = argv[++i];
		else if (strcmp(a, "--name") == 0)
			pl.name = argv[++i];
		else if (strcmp(a, "--max-matches") == 0)
			pl.max_matches = (int)cli_int(argv[++i], 0, 1000000, "--max-matches");
		else if (strcmp(a, "--seed") == 0)
			pl.seed = (uint64_t)cli_int(argv[++i], 0, INT64_MAX, "--seed");
		else
			cli_die(EXIT_USAGE, "ggp serve: unknown option %s", a);
	}
	for (const char *c = pl.name; *c; c++)
		if (is_space(*c) || *c == '(' || *c == ')')
			cli_die(EXIT_USAGE, "ggp serve: --name must be one symbol");
	if (pl.agent_spec) { /* check the spec on the built-in ticTacToe */
		gl_game *g = cli_game("gdl");
		gl_err err = {0};
		gl_agent *a = cli_agent_try(pl.agent_spec, g, &err);
		gl_game_free(g);
		if (!a)
			cli_die(EXIT_USAGE, "ggp serve: --agent: %s", err.msg);
		gl_agent_free(a);
	}
	gl_rng_seed(&pl.rng, pl.seed ^ 0x9e3779b97f4a7c15u);
	struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD |
		MHD_USE_ERROR_LOG, (uint16_t)port, NULL, NULL, on_request, &pl,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, &pl,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
		MHD_OPTION_END);
	if (!d)
		cli_die(EXIT_RUN, "ggp serve: cannot listen on port %d", port);
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(d,
		MHD_DAEMON_INFO_BIND_PORT);
	logf_line("player %s listening on port %d (agent %s)", pl.name,
		info ? (int)info->port : port, pl.agent_spec ? pl.agent_spec :
		agent_known("uct") ? "uct" : "random");
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	while (!interrupted && (pl.max_matches == 0 ||
	       atomic_load(&pl.finished) < pl.max_matches)) {
		struct timespec ts = {0, 50 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	MHD_stop_daemon(d);
	if (pl.active)
		match_end(&pl);
	logf_line("stopped after %d matches", atomic_load(&pl.finished));
	return 0;
}

int cmd_ggp(int argc, char **argv)
{
	if (argc < 2)
		cli_die(EXIT_USAGE, "ggp: usage: ggp serve [--port P] [--agent SPEC] "
			"[--name NAME] [--max-matches N] [--seed S]");
	if (strcmp(argv[1], "serve") == 0)
		return ggp_serve(argc - 1, argv + 1);
	if (strcmp(argv[1], "match") == 0)
		return cmd_ggp_match(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "ggp: unknown subcommand '%s' (serve, match)", argv[1]);
}
