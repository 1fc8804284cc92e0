/*
 * cmd_ggp_match.c - `gamelearn ggp match`: a GGP match manager, acting as
 * ggp-base's game server does:
 * START to every player, PLAY with the previous joint move each turn
 * (NIL first), STOP with the last one; a player that cannot be reached,
 * times out or answers an illegal or unparsable move gets a random legal
 * move played for it, recorded as an error. Players are HTTP players
 * (http://HOST:PORT/, ours or any other) or local agents (any agent spec,
 * playing the `gdl` game type through game.h). Each match is written as a
 * JSON record (moves, legal move counts, errors, goals). The summary
 * gives each player's mean goal and its errors by kind; a player that
 * answered none of its messages makes the run fail.
 *
 * The HTTP client is libcurl's. Remote players are asked at the same
 * time (a thread and a connection each), as the game server does; local
 * agents choose meanwhile.
 */
#include "cli.h"
#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/gdl.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* POST msg to url within timeout seconds; the reply (trimmed) into r.
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
	size_t n = r->n;
	while (n && (t[n - 1] == ' ' || t[n - 1] == '\n' || t[n - 1] == '\r' ||
	       t[n - 1] == '\t'))
		t[--n] = 0;
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

/* A local agent's move for role in s (legal moves of role in gdl ids).
 * Returns a gdl move id, or -1 when it fails or answers illegally. w:
 * scratch for g with a move list and a state. */
static int local_move(const gl_game *g, const gdl_game *gd, const void *s,
	seat *st, int role, const int *legal, int nl, const gl_scratch *w)
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

/* A JSON string: bytes that are not UTF-8 (a player's reply) escaped too. */
static void json_str(gl_strbuf *sb, const char *s)
{
	gl_strbuf_json(sb, s);
}

static const cli_opt match_opts[] = {
	{"player", "URL_OR_AGENT", NULL, "one per role, in role order: http://HOST:PORT/ or an agent spec", 1},
	{"startclock", "S", "10", "seconds for START", 0},
	{"playclock", "S", "5", "seconds a move", 0},
	{"n", "N", "1", "matches", 0},
	{"seed", "S", "1", "seed of local agents and of moves played for players in error", 0},
	{"record", "FILE", NULL, "write each match as a JSON line", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_ggp_match_spec = {
	"ggp match", "FILE", 1, 1,
	"a GGP match manager: HTTP players and local agents play a GDL game",
	match_opts,
	{"gamelearn ggp match tests/data/gdl/games/ticTacToe.kif --player http://127.0.0.1:9147/ --player random -n 4",
	 "gamelearn ggp match tests/data/gdl/games/connectFour.kif --player uct --player random --playclock 1"}
};

int cmd_ggp_match(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_ggp_match_spec, argc, argv, &opt);
	const char *file = opt.pos[0], *record = cli_str(&opt, "record");
	const char *specs[CLI_ARGS_MAX];
	int nseats = cli_all(&opt, "player", specs);
	if (nseats > GDL_ROLES_MAX)
		cli_die(EXIT_USAGE, "ggp match: at most %d players", GDL_ROLES_MAX);
	double sc = (double)cli_long(&opt, "startclock", 1, 3600);
	double pc = (double)cli_long(&opt, "playclock", 1, 3600);
	int n = (int)cli_long(&opt, "n", 1, 1000000);
	uint64_t seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	char *text;
	size_t len;
	gl_err err = {0};
	gdl_game *gd;
	if (gl_read_file(file, GDL_FILE_MAX, &text, &len, &err) ||
	    gdl_load(&gd, text, len, file, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	int nroles = gdl_nroles(gd);
	if (nseats != nroles)
		cli_die(EXIT_USAGE, "ggp match: %s has %d roles: give %d --player",
			file, nroles, nroles);
	/* the rules as sent: comments dropped, one line */
	gl_strbuf rules;
	gl_strbuf_init(&rules);
	for (size_t i = 0; i < len; i++) {
		if (text[i] == ';') {
			while (i < len && text[i] != '\n')
				i++;
			gl_strbuf_printf(&rules, " ");
		} else {
			char ch = text[i] == '\n' || text[i] == '\r' || text[i] == '\t' ?
				' ' : text[i];
			gl_strbuf_printf(&rules, "%c", ch);
		}
	}
	gl_free(text);
	char gspec[GL_SPEC_MAX];
	snprintf(gspec, sizeof gspec, "gdl:file=%s", file);
	gl_game *g = cli_game(gspec);
	seat seats[GDL_ROLES_MAX] = {{0}};
	for (int r = 0; r < nroles; r++) {
		seats[r].spec = specs[r];
		seats[r].remote = strncmp(specs[r], "http://", 7) == 0 ||
			strncmp(specs[r], "https://", 8) == 0;
		if (!seats[r].remote)
			seats[r].agent = cli_agent(specs[r], g);
	}
	curl_global_init(CURL_GLOBAL_DEFAULT);
	gdl_eval *ev = gdl_eval_new(gd);
	int *legal = gl_malloc((size_t)nroles * ((size_t)gdl_nmoves(gd) + 1) *
		sizeof *legal);
	uint64_t *st = gl_malloc((size_t)gdl_state_words(gd) * sizeof *st);
	size_t msgcap = rules.len + 4096;
	char *msg = gl_malloc(msgcap);
	gl_scratch w; /* states: the match's, an agent's view; a move list */
	gl_err werr = {0};
	if (gl_scratch_init(&w, g, 1, 2, &werr))
		cli_die(EXIT_RUN, "ggp match: %s", werr.msg);
	void *s = gl_scratch_state(&w, 1);
	if (!ev || !legal || !st || !msg || rules.oom)
		cli_die(EXIT_RUN, "ggp match: out of memory");
	for (int r = 0; r < nroles; r++)
		if (seats[r].remote) {
			seats[r].c = curl_easy_init();
			seats[r].msg = gl_malloc(msgcap);
			seats[r].rp = gl_malloc(sizeof *seats[r].rp);
			if (!seats[r].c || !seats[r].msg || !seats[r].rp)
				cli_die(EXIT_RUN, "ggp match: out of memory");
		}
	gl_strbuf out;
	gl_strbuf_init(&out);
	int stride = gdl_nmoves(gd) + 1;
	bool noted = false; /* a role given several goal values, told */
	for (int m = 0; m < n; m++) {
		char id[96];
		gl_rng rng;
		gl_rng_split(&rng, seed + (uint64_t)m, 99);
		snprintf(id, sizeof id, "gamelearn.%llu.%d", (unsigned long long)seed, m);
		gl_strbuf_printf(&out, "{\"matchId\":");
		json_str(&out, id);
		gl_strbuf_printf(&out, ",\"startClock\":%g,\"playClock\":%g,\"roles\":[",
			sc, pc);
		for (int r = 0; r < nroles; r++) {
			gl_strbuf_printf(&out, r ? "," : "");
			json_str(&out, gdl_role_name(gd, r));
		}
		gl_strbuf_printf(&out, "],\"playerNamesFromHost\":[");
		for (int r = 0; r < nroles; r++) {
			gl_strbuf_printf(&out, r ? "," : "");
			json_str(&out, seats[r].spec);
		}
		gl_strbuf_printf(&out, "],\"startErrors\":[");
		for (int r = 0; r < nroles; r++)
			if (seats[r].remote)
				snprintf(seats[r].msg, msgcap, "(START %s %s (%s) %g %g)",
					id, gdl_role_name(gd, r), rules.buf, sc, pc);
		ask_start(seats, nroles, sc);
		ask_wait(seats, nroles);
		for (int r = 0; r < nroles; r++) {
			const char *e = "";
			if (seats[r].remote) {
				tally_reply(&seats[r]);
				e = seats[r].err;
				if (!e && strcasecmp(seats[r].rp->text, "ready") != 0) {
					e = "NR"; /* not ready */
					seats[r].nnr++;
				}
				e = e ? e : "";
			} else {
				seats[r].agent->role = r;
				gl_rng_split(&seats[r].agent->rng, seed + (uint64_t)m,
					(uint64_t)r);
				if (seats[r].agent->type->begin &&
				    seats[r].agent->type->begin(seats[r].agent, &err))
					cli_die(EXIT_RUN, "%s", err.msg);
			}
			gl_strbuf_printf(&out, "%s\"%s\"", r ? "," : "", e);
		}
		gl_strbuf_printf(&out, "]");
		gl_strbuf moves, counts, errors;
		gl_strbuf_init(&moves);
		gl_strbuf_init(&counts);
		gl_strbuf_init(&errors);
		gdl_initial(gd, st);
		g->type->start(g, s);
		int joint[GDL_ROLES_MAX], nl[GDL_ROLES_MAX], steps = 0, nerr = 0;
		for (; steps < (int)g->max_length; steps++) {
			gdl_eval_state(gd, ev, st);
			bool over = gdl_terminal(gd, ev);
			for (int r = 0; r < nroles; r++) {
				nl[r] = gdl_legal(gd, ev, r, legal + r * stride);
				over = over || nl[r] == 0;
			}
			if (over)
				break;
			/* the previous joint move, as PLAY sends it */
			joint_message(msg, msgcap, "PLAY", id, gd, steps ? joint : NULL,
				nroles);
			int next[GDL_ROLES_MAX];
			ask_set(seats, nroles, msg);
			ask_start(seats, nroles, pc + 1);
			for (int r = 0; r < nroles; r++) {
				const int *lg = legal + r * stride;
				next[r] = seats[r].remote ? -1 : nl[r] == 1 ? lg[0] :
					local_move(g, gd, s, &seats[r], r, lg, nl[r], &w);
			}
			ask_wait(seats, nroles);
			gl_strbuf_printf(&errors, "%s[", steps ? "," : "");
			gl_strbuf_printf(&counts, "%s[", steps ? "," : "");
			for (int r = 0; r < nroles; r++) {
				const int *lg = legal + r * stride;
				char e[MOVE_TEXT + 8] = "";
				int mv = next[r];
				reply *rp = seats[r].rp;
				if (seats[r].remote) {
					tally_reply(&seats[r]);
					if (seats[r].err) {
						snprintf(e, sizeof e, "%s", seats[r].err);
					} else {
						mv = gdl_move_find(gd, rp->text);
						bool ok = false;
						for (int i = 0; i < nl[r] && !ok; i++)
							ok = lg[i] == mv;
						if (!ok) {
							snprintf(e, sizeof e, "IL %.*s", MOVE_TEXT - 1,
								rp->text);
							mv = -1;
							seats[r].nil++;
						}
					}
				} else if (mv < 0) {
					snprintf(e, sizeof e, "IL");
					seats[r].nil++;
				}
				if (mv < 0) {
					mv = lg[gl_rng_below(&rng, (uint32_t)nl[r])];
					nerr++;
					seats[r].replaced++;
				}
				next[r] = mv;
				gl_strbuf_printf(&errors, "%s", r ? "," : "");
				json_str(&errors, e);
				gl_strbuf_printf(&counts, "%s%d", r ? "," : "", nl[r]);
			}
			gl_strbuf_printf(&errors, "]");
			gl_strbuf_printf(&counts, "]");
			gl_strbuf_printf(&moves, "%s[", steps ? "," : "");
			for (int r = 0; r < nroles; r++) {
				char t[MOVE_TEXT];
				gdl_move_text(gd, next[r], t, sizeof t);
				gl_strbuf_printf(&moves, "%s", r ? "," : "");
				json_str(&moves, t);
				joint[r] = next[r];
			}
			gl_strbuf_printf(&moves, "]");
			apply_joint(g, gd, s, joint, nl, seats,
				gl_scratch_moves(&w, 0));
			gdl_next(gd, ev, joint, st);
		}
		gdl_eval_state(gd, ev, st);
		int goals[GDL_ROLES_MAX];
		for (int r = 0; r < nroles; r++) {
			int v[8], nv = gdl_goal_values(gd, ev, r, v, 8);
			goals[r] = gdl_goal(gd, ev, r);
			if (nv > 1 && !noted) { /* an error of the rules: once */
				noted = true;
				fprintf(stderr, "gamelearn: note: %s: match %d ends where the "
					"rules give role '%s' %d goal values (%d", file, m + 1,
					gdl_role_name(gd, r), nv, v[0]);
				for (int i = 1; i < nv && i < 8; i++)
					fprintf(stderr, "%s%d", i + 1 == nv ? " and " : ", ", v[i]);
				fprintf(stderr, "); the largest, %d, is its goal here and "
					"wherever it happens (ggp-base raises a "
					"GoalDefinitionException)\n", goals[r]);
			}
		}
		joint_message(msg, msgcap, "STOP", id, gd, steps ? joint : NULL, nroles);
		gl_strbuf_printf(&out, ",\"stopErrors\":[");
		ask_set(seats, nroles, msg);
		ask_start(seats, nroles, pc);
		ask_wait(seats, nroles);
		for (int r = 0; r < nroles; r++) {
			const char *e = "";
			if (seats[r].remote) {
				tally_reply(&seats[r]);
				e = seats[r].err ? seats[r].err : "";
			} else if (seats[r].agent->type->end) {
				int gg[GL_PLAYERS_MAX] = {0};
				for (int q = 0; q < nroles && q < GL_PLAYERS_MAX; q++)
					gg[q] = goals[q];
				seats[r].agent->type->end(seats[r].agent, s, gg);
			}
			gl_strbuf_printf(&out, "%s\"%s\"", r ? "," : "", e);
		}
		gl_strbuf_printf(&out, "],\"moves\":[%s],\"legalCounts\":[%s],"
			"\"errors\":[%s],\"goalValues\":[",
			moves.buf ? moves.buf : "", counts.buf ? counts.buf : "",
			errors.buf ? errors.buf : "");
		printf("match %d:", m + 1);
		for (int r = 0; r < nroles; r++) {
			gl_strbuf_printf(&out, "%s%d", r ? "," : "", goals[r]);
			seats[r].total += goals[r];
			printf(" %s %d", gdl_role_name(gd, r), goals[r]);
		}
		printf(" (%d moves, %d errors)\n", steps, nerr);
		fflush(stdout);
		gl_strbuf_printf(&out, "],\"isCompleted\":true}\n");
		gl_strbuf_done(&moves);
		gl_strbuf_done(&counts);
		gl_strbuf_done(&errors);
	}
	int rc = 0, wrole = 4, wspec = 6;
	for (int r = 0; r < nroles; r++) {
		int lr = (int)strlen(gdl_role_name(gd, r));
		int ls = (int)strlen(seats[r].spec);
		wrole = lr > wrole ? lr : wrole;
		wspec = ls > wspec ? ls : wspec;
	}
	printf("%-*s  %-*s  %9s  %s\n", wrole, "role", wspec, "player",
		"mean goal", "errors");
	for (int r = 0; r < nroles; r++) {
		const seat *p = &seats[r];
		printf("%-*s  %-*s  %9.1f  ", wrole, gdl_role_name(gd, r), wspec,
			p->spec, (double)p->total / n);
		if (p->replaced || p->nto || p->nce || p->nnr)
			printf("%d moves replaced by random ones; %d timed out, %d no "
				"connection, %d illegal, %d START not ready\n",
				p->replaced, p->nto, p->nce, p->nil, p->nnr);
		else
			printf("none\n");
	}
	for (int r = 0; r < nroles; r++)
		if (seats[r].remote && seats[r].asked && !seats[r].answered) {
			fprintf(stderr, "gamelearn: ggp match: player %d (%s) could "
				"not be reached: none of its %d messages was "
				"answered\n", r + 1, seats[r].spec, seats[r].asked);
			rc = EXIT_RUN;
		}
	if (record && gl_strbuf_write(&out, record, &err)) {
		fprintf(stderr, "gamelearn: %s\n", err.msg);
		rc = EXIT_RUN;
	}
	gl_strbuf_done(&out);
	gl_strbuf_done(&rules);
	gl_free(msg);
	gl_free(legal);
	gl_free(st);
	gl_scratch_done(&w);
	gdl_eval_free(ev);
	for (int r = 0; r < nroles; r++) {
		gl_agent_free(seats[r].agent);
		if (seats[r].c)
			curl_easy_cleanup(seats[r].c);
		gl_free(seats[r].msg);
		gl_free(seats[r].rp);
	}
	curl_global_cleanup();
	gl_game_free(g);
	gdl_free(gd);
	return rc;
}
