/*
 * cmd_ggp_match.c - `gamelearn ggp match`: a GGP match manager, acting as
 * ggp-base's game server does:
 * START to every player, PLAY with the previous joint move each turn
 * (NIL first), STOP with the last one; a player that cannot be reached,
 * times out or answers an illegal or unparsable move gets a random legal
 * move played for it, recorded as an error. Players are HTTP players
 * (http://HOST:PORT/, ours or any other) or local agents (any agent spec,
 * playing the `gdl` game type through game.h). Each match is written as a
 * JSON record (moves, legal move counts, errors, goals) as it ends, so a
 * stopped run keeps every match it finished. Match ids come from the
 * OS's random source, so that no one can guess one to send its player
 * a PLAY or an ABORT; its moves and goals still follow from --seed. The
 * summary gives each player's mean goal and its errors by kind; a player
 * that answered none of its messages makes the run fail.
 *
 * The HTTP client is libcurl's. Remote players are asked at the same
 * time (a thread and a connection each), as the game server does; local
 * agents choose meanwhile.
 */
#include "cli.h"
#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/gdl.h"
#include "gamelearn/ggp.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

enum {
	REPLY_CAP = 65536, /* longest reply kept from a player */
	MOVE_TEXT = 512    /* longest move text */
};

/* A reply being received. */
typedef struct reply {
	char text[REPLY_CAP];
	size_t n;
} reply;

/* One player of the match, in role order. */
typedef struct seat {
	const char *spec; /* URL or agent spec */
	bool remote;      /* an HTTP player */
	gl_agent *agent;  /* a local agent */
	long total;       /* goal points over the matches */
	/* a remote player's request under way */
	CURL *c;          /* its connection handle */
	char *msg;        /* the message to send */
	double timeout;   /* seconds it may take */
	reply *rp;        /* its reply */
	const char *err;  /* NULL, "TO" or "CE" */
	pthread_t t;      /* the asking thread */
	bool threaded;    /* t runs */
	/* a player's errors over all matches, for the summary */
	int asked;        /* messages sent */
	int answered;     /* of them answered (not CE) */
	int replaced;     /* moves replaced by a random legal one */
	int nto, nce, nil, nnr; /* timed out, no connection, illegal, START
				   not answered "ready" */
} seat;

/* Count a remote player's reply to one message in its tallies. */
static void tally_reply(seat *p)
{
	if (!p->remote)
		return;
	p->asked++;
	if (!p->err || strcmp(p->err, "CE"))
		p->answered++;
	if (p->err && !strcmp(p->err, "CE"))
		p->nce++;
	else if (p->err && !strcmp(p->err, "TO"))
		p->nto++;
}

static size_t on_data(char *d, size_t size, size_t nmemb, void *user)
{
	reply *r = user;
	size_t n = size * nmemb, room = sizeof r->text - 1 - r->n;
	memcpy(r->text + r->n, d, n < room ? n : room);
	r->n += n < room ? n : room;
	r->text[r->n] = 0;
	return n;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* POST msg to url within timeout seconds; the reply (trimmed on both
 * sides: "  ready  " is ready) into r.
 * Returns 0, or an error code for the record: "TO" (timed out) or "CE"
 * (connection or HTTP error). */
static const char *post(CURL *c, const char *url, const char *msg,
	double timeout, reply *r)
{
	struct curl_slist *h = NULL;
	h = curl_slist_append(h, "Content-Type: text/acl");
	h = curl_slist_append(h, "Accept: text/delim");
	h = curl_slist_append(h, "Sender: GAMESERVER");
	r->n = 0;
	r->text[0] = 0;
	curl_easy_reset(c);
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_POSTFIELDS, msg);
	curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long)strlen(msg));
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_0);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)(timeout * 1000));
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, r);
	CURLcode rc = curl_easy_perform(c);
	long status = 0;
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	curl_slist_free_all(h);
	if (rc == CURLE_OPERATION_TIMEDOUT)
		return "TO";
	if (rc != CURLE_OK || status != 200)
		return "CE";
	char *t = r->text;
	size_t n = r->n, lead = 0;
	while (n && is_blank(t[n - 1]))
		t[--n] = 0;
	while (lead < n && is_blank(t[lead]))
		lead++;
	memmove(t, t + lead, n - lead + 1);
	r->n = n - lead;
	return NULL;
}

static void *ask_main(void *arg)
{
	seat *st = arg;
	st->err = post(st->c, st->spec, st->msg, st->timeout, st->rp);
	return NULL;
}

/* Send every remote seat its msg at once (each within timeout). */
static void ask_start(seat *seats, int n, double timeout)
{
	for (int r = 0; r < n; r++) {
		seat *st = &seats[r];
		if (!st->remote)
			continue;
		st->timeout = timeout;
		st->threaded = pthread_create(&st->t, NULL, ask_main, st) == 0;
		if (!st->threaded)
			ask_main(st);
	}
}

/* Wait for every answer (or its timeout). */
static void ask_wait(seat *seats, int n)
{
	for (int r = 0; r < n; r++)
		if (seats[r].remote && seats[r].threaded) {
			pthread_join(seats[r].t, NULL);
			seats[r].threaded = false;
		}
}

/* Copy msg into every remote seat's buffer. */
static void ask_set(seat *seats, int n, const char *msg)
{
	for (int r = 0; r < n; r++)
		if (seats[r].remote)
			strcpy(seats[r].msg, msg);
}

/* Apply a joint move of gdl ids to the sequentialised state s of g (the
 * roles with a choice in role order; nobody: the single joint move),
 * telling the local agents. lg: scratch for g->max_legal moves. */
static void apply_joint(const gl_game *g, const gdl_game *gd, void *s,
	const int *joint, const int *nlegal, seat *seats, gl_action *lg)
{
	int nroles = gdl_nroles(gd), applied = 0;
	for (int r = 0; r <= nroles; r++) {
		gl_action a;
		if (r == nroles) {
			if (applied || g->type->legal(g, s, lg) == 0)
				break;
			a = lg[0];
		} else {
			char text[MOVE_TEXT];
			if (nlegal[r] < 2)
				continue;
			gdl_move_text(gd, joint[r], text, sizeof text);
			if (g->type->parse_move(g, s, text, &a, NULL))
				continue;
		}
		int who = g->type->to_move(g, s);
		for (int q = 0; q < nroles; q++)
			if (seats[q].agent && seats[q].agent->type->observe)
				seats[q].agent->type->observe(seats[q].agent, s, who, a);
		g->type->apply(g, s, a);
		applied++;
	}
}

/* A local agent's move for role in s (legal moves of role in gdl ids),
 * in secs seconds when the agent can be told its time (set_time) and
 * its spec does not set it.
 * Returns a gdl move id, or -1 when it fails or answers illegally. w:
 * scratch for g with a move list and a state. */
static int local_move(const gl_game *g, const gdl_game *gd, const void *s,
	seat *st, int role, const int *legal, int nl, const gl_scratch *w,
	double secs)
{
	void *ws = gl_scratch_state(w, 0);
	gl_action *lg = gl_scratch_moves(w, 0);
	memcpy(ws, s, g->state_size);
	for (int k = 0; k < GDL_ROLES_MAX; k++) {
		if (g->type->to_move(g, ws) == role || g->type->legal(g, ws, lg) == 0)
			break;
		g->type->apply(g, ws, lg[0]);
	}
	if (g->type->to_move(g, ws) != role || g->type->legal(g, ws, lg) == 0)
		return -1; /* not a state an agent may be asked about */
	gl_action a;
	gl_err err = {0};
	char text[MOVE_TEXT];
	if (st->agent->type->set_time && !strstr(st->spec, "time="))
		st->agent->type->set_time(st->agent, secs > 0.05 ? secs : 0.05);
	if (st->agent->type->choose(st->agent, ws, &a, &err) ||
	    g->type->format_move(g, ws, a, text, sizeof text) <= 0)
		return -1;
	int m = gdl_move_find(gd, text);
	for (int i = 0; i < nl; i++)
		if (legal[i] == m)
			return m;
	return -1;
}

/* The message "(VERB id (m1 m2 ...))" with the previous joint move (role
 * order) into msg, or "(VERB id NIL)" when joint is NULL (no move yet):
 * PLAY and STOP carry the same. Cut, never overrun, if msgcap is short. */
static void joint_message(char *msg, size_t msgcap, const char *verb, const char *id,
	const gdl_game *gd, const int *joint, int nroles)
{
	size_t k = gl_appendf(msg, msgcap, 0, "(%s %s ", verb, id);
	if (!joint) {
		gl_appendf(msg, msgcap, k, "NIL)");
		return;
	}
	k = gl_appendf(msg, msgcap, k, "(");
	for (int r = 0; r < nroles; r++) {
		char t[MOVE_TEXT];
		gdl_move_text(gd, joint[r], t, sizeof t);
		k = gl_appendf(msg, msgcap, k, "%s%s", r ? " " : "", t);
	}
	gl_appendf(msg, msgcap, k, "))");
}

/* The roles' errors of a step (errs[r] each) appended to sb as a list. */
static void record_errors(gl_strbuf *sb, char errs[][MOVE_TEXT + 8], int n)
{
	const char *e[GDL_ROLES_MAX];
	for (int r = 0; r < n; r++)
		e[r] = errs[r];
	ggp_record_errors(sb, e, n);
}

static const cli_opt match_opts[] = {
	{"player", "URL_OR_AGENT", NULL, "one per role, in role order: http://HOST:PORT/ or an agent spec", 1},
	{"startclock", "S", "10", "seconds for START", 0},
	{"playclock", "S", "5", "seconds a move (local agents' time too)", 0},
	{"n", "N", "1", "matches", 0},
	{"seed", "S", "1", "seed of local agents and of moves played for players in error", 0},
	{"record", "FILE", NULL, "write each match as a JSON line in ggp-base's match format as it ends", 0},
	{"meta-url", "URL", NULL, "the game's ggp-base repository URL, recorded as gameMetaURL (else the rules are recorded)", 0},
	{"live", "DIR", NULL, "write each match's record so far to DIR/MATCHID.json after every step (atomically; `gamelearn web` shows it)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_ggp_match_spec = {
	"ggp match", "FILE", 1, 1,
	"a GGP match manager: HTTP players and local agents play a GDL game",
	match_opts,
	{"gamelearn ggp match tests/data/gdl/games/ticTacToe.kif --player http://127.0.0.1:9147/ --player random -n 4",
	 "gamelearn ggp match tests/data/gdl/games/connectFour.kif --player uct --player random --playclock 1"}
};

/* A local agent's time a move: the play clock less this (no network). */
#define LOCAL_MARGIN 0.1

/* The manager: the game, its players, and what a match is built in. */
typedef struct manager {
	const char *file;
	const char *meta_url;  /* --meta-url, or NULL */
	const char *live;      /* --live DIR, or NULL */
	double sc, pc;         /* start and play clocks */
	uint64_t seed;
	gdl_game *gd;          /* the rules (the manager's own load) */
	gdl_eval *ev;
	gl_game *g;            /* the game the local agents play */
	int nroles, stride;    /* roles; moves a role's legal list holds */
	int *legal;            /* [nroles * stride] legal moves per role */
	int nl[GDL_ROLES_MAX]; /* how many */
	uint64_t *st;          /* the match's state, for the rules */
	gl_scratch w;          /* states: an agent's view, the match's */
	void *s;               /* the match's state in the game */
	char *msg;             /* a message being built */
	size_t msgcap;
	gl_strbuf rules;       /* the rules as sent: one line, no comments */
	seat seats[GDL_ROLES_MAX];
	bool noted;            /* a role given several goal values, told */
} manager;

/* The rules as sent in START: comments dropped, on one line. */
static void rules_line(gl_strbuf *out, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (text[i] == ';') {
			while (i < len && text[i] != '\n')
				i++;
			gl_strbuf_printf(out, " ");
		} else {
			char ch = text[i] == '\n' || text[i] == '\r' || text[i] == '\t' ?
				' ' : text[i];
			gl_strbuf_printf(out, "%c", ch);
		}
	}
}

/* START to every remote player; the local agents begun. Match m. */
static void send_start(manager *mg, ggp_record *rec, int m)
{
	char errs[GDL_ROLES_MAX][MOVE_TEXT + 8];
	seat *seats = mg->seats;
	for (int r = 0; r < mg->nroles; r++)
		if (seats[r].remote)
			snprintf(seats[r].msg, mg->msgcap, "(START %s %s (%s) %g %g)",
				rec->id, gdl_role_name(mg->gd, r), mg->rules.buf, mg->sc,
				mg->pc);
	ask_start(seats, mg->nroles, mg->sc);
	ask_wait(seats, mg->nroles);
	for (int r = 0; r < mg->nroles; r++) {
		const char *e = "";
		if (seats[r].remote) {
			tally_reply(&seats[r]);
			e = seats[r].err;
			if (!e && strcasecmp(seats[r].rp->text, "ready") != 0) {
				e = "NR"; /* not ready */
				seats[r].nnr++;
			}
		} else {
			gl_err err = {0};
			gl_agent *a = seats[r].agent;
			a->role = r;
			gl_rng_split(&a->rng, mg->seed + (uint64_t)m, (uint64_t)r);
			if (a->type->begin && a->type->begin(a, &err))
				cli_die(EXIT_RUN, "%s", err.msg);
		}
		snprintf(errs[r], sizeof errs[r], "%s", e ? e : "");
	}
	record_errors(&rec->errors, errs, mg->nroles);
}

/* The move each player answered for this step into next (gdl ids), a
 * random legal one for a player in error, its error into errs. */
static void collect_moves(manager *mg, ggp_record *rec, int *next,
	char errs[][MOVE_TEXT + 8], gl_rng *rng)
{
	for (int r = 0; r < mg->nroles; r++) {
		seat *st = &mg->seats[r];
		const int *lg = mg->legal + r * mg->stride;
		int mv = next[r];
		errs[r][0] = 0;
		if (st->remote) {
			tally_reply(st);
			if (st->err) {
				snprintf(errs[r], MOVE_TEXT + 8, "%s", st->err);
			} else {
				mv = gdl_move_find(mg->gd, st->rp->text);
				bool ok = false;
				for (int i = 0; i < mg->nl[r] && !ok; i++)
					ok = lg[i] == mv;
				if (!ok) {
					snprintf(errs[r], MOVE_TEXT + 8, "IL %.*s", MOVE_TEXT - 1,
						st->rp->text);
					mv = -1;
					st->nil++;
				}
			}
		} else if (mv < 0) {
			snprintf(errs[r], MOVE_TEXT + 8, "IL");
			st->nil++;
		}
		if (mv < 0) {
			mv = lg[gl_rng_below(rng, (uint32_t)mg->nl[r])];
			rec->nerr++;
			st->replaced++;
		}
		next[r] = mv;
	}
}

/* One step: PLAY with the previous joint move (NULL: none yet) to the
 * remote players while the local agents choose; the joint move played
 * into joint and recorded. False when the game is over (nothing sent). */
static bool play_step(manager *mg, ggp_record *rec, int *joint, bool first,
	gl_rng *rng)
{
	gdl_eval_state(mg->gd, mg->ev, mg->st);
	bool over = gdl_terminal(mg->gd, mg->ev);
	rec->completed = over;
	for (int r = 0; r < mg->nroles; r++) {
		mg->nl[r] = gdl_legal(mg->gd, mg->ev, r, mg->legal + r * mg->stride);
		over = over || mg->nl[r] == 0;
	}
	if (over)
		return false;
	joint_message(mg->msg, mg->msgcap, "PLAY", rec->id, mg->gd,
		first ? NULL : joint, mg->nroles);
	int next[GDL_ROLES_MAX];
	ask_set(mg->seats, mg->nroles, mg->msg);
	ask_start(mg->seats, mg->nroles, mg->pc + 1);
	for (int r = 0; r < mg->nroles; r++) {
		const int *lg = mg->legal + r * mg->stride;
		next[r] = mg->seats[r].remote ? -1 : mg->nl[r] == 1 ? lg[0] :
			local_move(mg->g, mg->gd, mg->s, &mg->seats[r], r, lg, mg->nl[r],
				&mg->w, mg->pc - LOCAL_MARGIN);
	}
	ask_wait(mg->seats, mg->nroles);
	char errs[GDL_ROLES_MAX][MOVE_TEXT + 8];
	collect_moves(mg, rec, next, errs, rng);
	record_errors(&rec->errors, errs, mg->nroles);
	for (int r = 0; r < mg->nroles; r++)
		joint[r] = next[r];
	ggp_record_step(rec, mg->gd, joint, mg->nl);
	apply_joint(mg->g, mg->gd, mg->s, joint, mg->nl, mg->seats,
		gl_scratch_moves(&mg->w, 0));
	gdl_next(mg->gd, mg->ev, joint, mg->st);
	ggp_record_state(rec, mg->gd, mg->st);
	return true;
}

/* The goal values of the final state (mg->st) into rec; a role the rules
 * give several is told once on stderr. m: the match's number. */
static void final_goals(manager *mg, ggp_record *rec, int m)
{
	gdl_eval_state(mg->gd, mg->ev, mg->st);
	for (int r = 0; r < mg->nroles; r++) {
		int v[8], nv = gdl_goal_values(mg->gd, mg->ev, r, v, 8);
		rec->goals[r] = gdl_goal(mg->gd, mg->ev, r);
		if (nv < 2 || mg->noted) /* an error of the rules: told once */
			continue;
		mg->noted = true;
		fprintf(stderr, "gamelearn: note: %s: match %d ends where the rules "
			"give role '%s' %d goal values (%d", mg->file, m + 1,
			gdl_role_name(mg->gd, r), nv, v[0]);
		for (int i = 1; i < nv && i < 8; i++)
			fprintf(stderr, "%s%d", i + 1 == nv ? " and " : ", ", v[i]);
		fprintf(stderr, "); the largest, %d, is its goal here and wherever "
			"it happens (ggp-base raises a GoalDefinitionException)\n",
			rec->goals[r]);
	}
}

/* STOP with the last joint move to the remote players; the local agents
 * told the end. */
static void send_stop(manager *mg, ggp_record *rec, const int *joint)
{
	joint_message(mg->msg, mg->msgcap, "STOP", rec->id, mg->gd,
		rec->steps ? joint : NULL, mg->nroles);
	ask_set(mg->seats, mg->nroles, mg->msg);
	ask_start(mg->seats, mg->nroles, mg->pc);
	ask_wait(mg->seats, mg->nroles);
	char errs[GDL_ROLES_MAX][MOVE_TEXT + 8];
	for (int r = 0; r < mg->nroles; r++) {
		seat *st = &mg->seats[r];
		errs[r][0] = 0;
		if (st->remote) {
			tally_reply(st);
			snprintf(errs[r], sizeof errs[r], "%s", st->err ? st->err : "");
		} else if (st->agent->type->end) {
			int gg[GL_PLAYERS_MAX] = {0};
			for (int q = 0; q < mg->nroles && q < GL_PLAYERS_MAX; q++)
				gg[q] = rec->goals[q];
			st->agent->type->end(st->agent, mg->s, gg);
		}
	}
	record_errors(&rec->stop_errors, errs, mg->nroles);
}

/* What the records say of the manager's matches. */
static ggp_match_info match_info(const manager *mg, const char **names)
{
	for (int r = 0; r < mg->nroles; r++)
		names[r] = mg->seats[r].spec;
	return (ggp_match_info){.gd = mg->gd, .rules = mg->rules.buf,
		.meta_url = mg->meta_url, .sc = mg->sc, .pc = mg->pc,
		.players = names};
}

/* --live: the record so far (running: the match goes on) to
 * DIR/MATCHID.json, atomically; a failure is told once on stderr. Draws
 * its random token from a copy of rng, so the match plays the same. */
static void live_write(manager *mg, const ggp_record *rec, const gl_rng *rng,
	bool running)
{
	if (!mg->live)
		return;
	const char *names[GDL_ROLES_MAX];
	ggp_match_info mi = match_info(mg, names);
	gl_err err = {0};
	if (ggp_record_live(mg->live, &mi, rec, rng, running, &err)) {
		fprintf(stderr, "gamelearn: --live: %s\n", err.msg);
		mg->live = NULL;
	}
}

/* A match id no one can guess: "gamelearn." and 128 bits from the OS's
 * random source in hex, into id (room for 43 bytes). Dies without one. */
static void match_id(char *id, size_t n)
{
	unsigned char b[16];
	size_t got = 0;
	while (got < sizeof b) {
		ssize_t k = getrandom(b + got, sizeof b - got, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	if (got < sizeof b) { /* a kernel without getrandom(2) */
		int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
		got = fd >= 0 && read(fd, b, sizeof b) == (ssize_t)sizeof b ?
			sizeof b : 0;
		if (fd >= 0)
			close(fd);
	}
	if (got < sizeof b)
		cli_die(EXIT_RUN, "ggp match: no random source for a match id: "
			"getrandom(2) and /dev/urandom both failed");
	size_t k = gl_appendf(id, n, 0, "gamelearn.");
	for (size_t i = 0; i < sizeof b; i++)
		k = gl_appendf(id, n, k, "%02x", b[i]);
}

/* Play match m (START, a PLAY a step, STOP) and append its record to out;
 * prints its line of the summary. */
static void play_match(manager *mg, int m, gl_strbuf *out)
{
	ggp_record rec;
	char id[sizeof rec.id];
	match_id(id, sizeof id);
	ggp_record_init(&rec, id);
	gl_rng rng;
	gl_rng_split(&rng, mg->seed + (uint64_t)m, 99);
	gdl_initial(mg->gd, mg->st);
	mg->g->type->start(mg->g, mg->s);
	ggp_record_state(&rec, mg->gd, mg->st);
	live_write(mg, &rec, &rng, true);
	send_start(mg, &rec, m);
	live_write(mg, &rec, &rng, true);
	int joint[GDL_ROLES_MAX] = {0};
	while (rec.steps < (int)mg->g->max_length &&
	       play_step(mg, &rec, joint, rec.steps == 0, &rng))
		live_write(mg, &rec, &rng, true);
	final_goals(mg, &rec, m);
	send_stop(mg, &rec, joint);
	live_write(mg, &rec, &rng, false);
	const char *names[GDL_ROLES_MAX];
	ggp_match_info mi = match_info(mg, names);
	ggp_record_write(&mi, &rec, &rng, false, out);
	printf("match %d:", m + 1);
	for (int r = 0; r < mg->nroles; r++) {
		mg->seats[r].total += rec.goals[r];
		printf(" %s %d", gdl_role_name(mg->gd, r), rec.goals[r]);
	}
	printf(" (%d moves, %d errors)\n", rec.steps, rec.nerr);
	fflush(stdout);
	ggp_record_done(&rec);
}

/* Each player's mean goal and errors; a remote player that answered
 * none of its messages fails the run (returns EXIT_RUN). */
static int summary(const manager *mg, int n)
{
	int rc = 0, wrole = 4, wspec = 6;
	for (int r = 0; r < mg->nroles; r++) {
		int lr = (int)strlen(gdl_role_name(mg->gd, r));
		int ls = (int)strlen(mg->seats[r].spec);
		wrole = lr > wrole ? lr : wrole;
		wspec = ls > wspec ? ls : wspec;
	}
	printf("%-*s  %-*s  %9s  %s\n", wrole, "role", wspec, "player",
		"mean goal", "errors");
	for (int r = 0; r < mg->nroles; r++) {
		const seat *p = &mg->seats[r];
		printf("%-*s  %-*s  %9.1f  ", wrole, gdl_role_name(mg->gd, r), wspec,
			p->spec, (double)p->total / n);
		if (p->replaced || p->nto || p->nce || p->nnr)
			printf("%d moves replaced by random ones; %d timed out, %d no "
				"connection, %d illegal, %d START not ready\n",
				p->replaced, p->nto, p->nce, p->nil, p->nnr);
		else
			printf("none\n");
	}
	for (int r = 0; r < mg->nroles; r++)
		if (mg->seats[r].remote && mg->seats[r].asked &&
		    !mg->seats[r].answered) {
			fprintf(stderr, "gamelearn: ggp match: player %d (%s) could "
				"not be reached: none of its %d messages was "
				"answered\n", r + 1, mg->seats[r].spec,
				mg->seats[r].asked);
			rc = EXIT_RUN;
		}
	return rc;
}

/* Whether u, a URL after its "http://", names a host and at most a port
 * (1..65535) and a path: HOST[:PORT][/PATH], HOST a name, an IPv4
 * address or an IPv6 one in brackets; else why not, into why. */
static bool url_ok(const char *u, char *why, size_t n)
{
	const char *p = u;
	if (*p == '[') {
		const char *close = strchr(p, ']');
		if (!close || close == p + 1) {
			snprintf(why, n, "an IPv6 address wants its closing ']'");
			return false;
		}
		p = close + 1;
	} else {
		p += strcspn(p, ":/");
		if (p == u) {
			snprintf(why, n, "no host");
			return false;
		}
	}
	if (*p == ':') {
		char *end;
		long port = strtol(p + 1, &end, 10);
		if (end == p + 1 || (*end && *end != '/') || port < 1 || port > 65535) {
			snprintf(why, n, "the port must be a number in 1..65535");
			return false;
		}
		p = end;
	}
	if (*p && *p != '/') {
		snprintf(why, n, "expected HOST[:PORT][/PATH]");
		return false;
	}
	return true;
}

/* Load the rules (the manager's own load and the local agents' game)
 * and make the seats; dies on failure. */
static void manager_open(manager *mg, const char **specs, int nseats)
{
	char *text;
	size_t len;
	gl_err err = {0};
	if (gl_read_file(mg->file, GDL_FILE_MAX, &text, &len, &err) ||
	    gdl_load(&mg->gd, text, len, mg->file, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	mg->nroles = gdl_nroles(mg->gd);
	if (nseats != mg->nroles)
		cli_die(EXIT_USAGE, "ggp match: %s has %d roles: give %d --player",
			mg->file, mg->nroles, mg->nroles);
	gl_strbuf_init(&mg->rules);
	rules_line(&mg->rules, text, len);
	gl_free(text);
	char gspec[GL_SPEC_MAX];
	snprintf(gspec, sizeof gspec, "gdl:file=%s", mg->file);
	mg->g = cli_game(gspec);
	for (int r = 0; r < mg->nroles; r++) {
		seat *st = &mg->seats[r];
		st->spec = specs[r];
		st->remote = strncmp(specs[r], "http://", 7) == 0;
		char why[120];
		if (!strncmp(specs[r], "https://", 8))
			cli_die(EXIT_USAGE, "ggp match: player %d: %s: GGP players "
				"answer plain HTTP (http://HOST:PORT/)", r + 1, specs[r]);
		if (st->remote && !url_ok(specs[r] + 7, why, sizeof why))
			cli_die(EXIT_USAGE, "ggp match: player %d: %s: %s", r + 1,
				specs[r], why);
		char timed[GL_SPEC_MAX];
		if (st->remote)
			continue;
		if (!ggp_timed_spec(specs[r], mg->pc - LOCAL_MARGIN, cli_ggp_types,
		    timed, sizeof timed))
			cli_die(EXIT_USAGE, "ggp match: player %d: agent spec too long "
				"to add its time: %zu characters, %d at most with it", r + 1,
				strlen(specs[r]), GL_SPEC_MAX - 1);
		if (!(st->agent = cli_ggp_agent(timed, mg->g, &err)))
			cli_die(EXIT_USAGE, "%s", err.msg); /* its time: the play clock's */
	}
	mg->stride = gdl_nmoves(mg->gd) + 1;
	mg->ev = gdl_eval_new(mg->gd);
	mg->legal = gl_malloc((size_t)mg->nroles * (size_t)mg->stride *
		sizeof *mg->legal);
	mg->st = gl_malloc((size_t)gdl_state_words(mg->gd) * sizeof *mg->st);
	mg->msgcap = mg->rules.len + 4096;
	mg->msg = gl_malloc(mg->msgcap);
	if (gl_scratch_init(&mg->w, mg->g, 1, 2, &err))
		cli_die(EXIT_RUN, "ggp match: %s", err.msg);
	mg->s = gl_scratch_state(&mg->w, 1);
	if (!mg->ev || !mg->legal || !mg->st || !mg->msg || mg->rules.oom)
		cli_die(EXIT_RUN, "ggp match: out of memory");
	for (int r = 0; r < mg->nroles; r++)
		if (mg->seats[r].remote) {
			seat *st = &mg->seats[r];
			st->c = curl_easy_init();
			st->msg = gl_malloc(mg->msgcap);
			st->rp = gl_malloc(sizeof *st->rp);
			if (!st->c || !st->msg || !st->rp)
				cli_die(EXIT_RUN, "ggp match: out of memory");
		}
}

static void manager_close(manager *mg)
{
	gl_strbuf_done(&mg->rules);
	gl_free(mg->msg);
	gl_free(mg->legal);
	gl_free(mg->st);
	gl_scratch_done(&mg->w);
	gdl_eval_free(mg->ev);
	for (int r = 0; r < mg->nroles; r++) {
		gl_agent_free(mg->seats[r].agent);
		if (mg->seats[r].c)
			curl_easy_cleanup(mg->seats[r].c);
		gl_free(mg->seats[r].msg);
		gl_free(mg->seats[r].rp);
	}
	gl_game_free(mg->g);
	gdl_free(mg->gd);
}

int cmd_ggp_match(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_ggp_match_spec, argc, argv, &opt);
	static manager mg; /* large (the seats' buffers); one per process */
	const char *record = cli_str(&opt, "record");
	const char *specs[CLI_ARGS_MAX];
	int nseats = cli_all(&opt, "player", specs);
	if (nseats > GDL_ROLES_MAX)
		cli_die(EXIT_USAGE, "ggp match: at most %d players", GDL_ROLES_MAX);
	mg.file = opt.pos[0];
	mg.meta_url = cli_given(&opt, "meta-url") ? cli_str(&opt, "meta-url") : NULL;
	mg.live = cli_given(&opt, "live") ? cli_str(&opt, "live") : NULL;
	/* where the results go, before any match is played */
	if (record)
		cli_check_out("ggp match --record", record, false);
	if (mg.live)
		cli_check_out("ggp match --live", mg.live, true);
	mg.sc = (double)cli_long(&opt, "startclock", 1, 3600);
	mg.pc = (double)cli_long(&opt, "playclock", 1, 3600);
	int n = (int)cli_long(&opt, "n", 1, 1000000);
	mg.seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	curl_global_init(CURL_GLOBAL_DEFAULT);
	manager_open(&mg, specs, nseats);
	cli_record file;
	cli_record_init(&file, "ggp match --record", record);
	gl_err err = {0};
	for (int m = 0; m < n; m++) {
		gl_strbuf line;
		gl_strbuf_init(&line);
		play_match(&mg, m, &line);
		if (line.oom)
			cli_die(EXIT_RUN, "ggp match: out of memory for match %d's "
				"record", m + 1);
		if (record && cli_record_append(&file, line.buf, line.len, true, &err))
			cli_die(EXIT_RUN, "%s", err.msg);
		gl_strbuf_done(&line);
	}
	int rc = summary(&mg, n);
	if (cli_record_close(&file, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	manager_close(&mg);
	curl_global_cleanup();
	return rc;
}
