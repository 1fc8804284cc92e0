/*
 * test_ggp_player.c - the GGP player (gamelearn/ggp.h) without HTTP: the
 * protocol's messages read (and malformed ones named with what and
 * where), then matches fed message by message as a game manager sends
 * them: START answered ready, every PLAY a legal move, STOP done, the
 * errors of a bad START or joint move, the transport's admit callback.
 * The clocks are checked as arithmetic on the arrival times given (a
 * deadline is the clock less the margin; a PLAY whose clock ran out
 * before it came is answered at once with the fallback), and the move
 * sent when the agent is late with an agent that never answers until it
 * is told to stop: no check depends on how fast this machine is. The
 * CPU yield's part of the margin is checked on readings fed to it
 * (ggp_yield_feed), not on this machine's load.
 */
#include "gamelearn/ggp.h"
#include "ggp/internal.h"
#include "test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- messages ------------------------------------------------------------- */

/* Read text as a message: its result, the message kept in m (done by the
 * caller) and its error in err. */
static int read_msg(ggp_msg *m, const char *text, gl_err *err)
{
	gl_err_clear(err);
	return ggp_msg_read(m, text, strlen(text), err);
}

/* Whether text is read as an error whose one-line message holds want. */
static bool read_fails(const char *text, const char *want)
{
	ggp_msg m;
	gl_err err = {0};
	int rc = read_msg(&m, text, &err);
	ggp_msg_done(&m);
	bool ok = rc != 0 && strstr(err.msg, want) && !strchr(err.msg, '\n');
	if (!ok)
		fprintf(stderr, "message %s: got %d '%s', want an error with '%s'\n",
			text, rc, err.msg, want);
	return ok;
}

static void test_messages(void)
{
	ggp_msg m;
	gl_err err = {0};
	const char *start = "(START m1 xplayer ((role xplayer) (role oplayer)"
		" (init (cell 1 1 b))) 10 2.5)";
	CHECK(read_msg(&m, start, &err) == 0);
	CHECK(m.kind == GGP_START);
	CHECK_STR(m.id, "m1");
	CHECK_STR(m.role, "xplayer");
	CHECK(m.startclock == 10 && m.playclock == 2.5);
	CHECK(m.nrules > 0 && strncmp(m.rules, "(role xplayer)", 14) == 0 &&
		m.rules[m.nrules - 1] == ')');
	ggp_msg_done(&m);

	/* the type in any case; a joint move whose moves are lists */
	CHECK(read_msg(&m, "(play m1 ((mark 1 1) noop))", &err) == 0);
	CHECK(m.kind == GGP_PLAY && m.id_ok && !strcmp(m.id, "m1"));
	char mv[GDL_ROLES_MAX][GGP_MOVE_MAX];
	CHECK(ggp_joint_read(m.sx, m.moves, mv, GDL_ROLES_MAX) == 2);
	CHECK_STR(mv[0], "(mark 1 1)");
	CHECK_STR(mv[1], "noop");
	ggp_msg_done(&m);
	CHECK(read_msg(&m, "(PLAY m1 NIL)", &err) == 0 && m.moves >= 0 &&
		gdl_sexp_len(m.sx, m.moves) < 0);
	ggp_msg_done(&m);
	CHECK(read_msg(&m, "  (Info)\n", &err) == 0 && m.kind == GGP_INFO);
	ggp_msg_done(&m);
	CHECK(read_msg(&m, "(ABORT m1)", &err) == 0 && m.kind == GGP_ABORT);
	ggp_msg_done(&m);
	/* an id that is a list is no match's: read, not an error */
	CHECK(read_msg(&m, "(STOP (a b) NIL)", &err) == 0 && !m.id_ok);
	ggp_msg_done(&m);

	/* malformed: what and where, on one line */
	CHECK(read_fails("(START m1 xplayer ((role x)) 10 5", "message:1:1: '(' "
		"never closed"));
	CHECK(read_fails("(INFO))", "message:1:7: ')' without a matching '('"));
	CHECK(read_fails("INFO", "not a message"));
	CHECK(read_fails("", "not a message"));
	CHECK(read_fails("(INFO) (INFO)", "not a message"));
	CHECK(read_fails("((INFO))", "not a message"));
	CHECK(read_fails("(FROB m1)", "unknown message type 'FROB'"));
	CHECK(read_fails("(PLAY m1)", "PLAY takes a match id and the moves at "
		"1:1"));
	CHECK(read_fails("(ABORT)", "ABORT takes a match id at 1:1"));
	CHECK(read_fails("(START m1 xplayer ((role x)) 10)", "START takes a "
		"match id"));
	CHECK(read_fails("(START m1 xplayer\n ((role x))\n 10 five)",
		"START: bad clocks at 3:5"));
	CHECK(read_fails("(START m1 xplayer ((role x)) 10 0)",
		"START: bad clocks at 1:33"));
	CHECK(read_fails("(START m1 (x) ((role x)) 10 5)", "START: bad role at "
		"1:11"));
	CHECK(read_fails("(START m1 xplayer role 10 5)", "START: the rules must "
		"be a list at 1:19"));
	CHECK(read_fails("(PLAY m1 (a\001))", "message:1:12: control character"));
	/* the type is known even when a later field is wrong (the transport
	 * judges the sender of a START first) */
	CHECK(read_msg(&m, "(START m1)", &err) != 0 && m.kind == GGP_START);
	ggp_msg_done(&m);
}

/* ---- a game manager's side ---------------------------------------------- */

/* What the test's transport saw: log lines, and whom it admits. */
typedef struct seen {
	int lines;
	bool compiled;       /* "rules of ... compiled" logged */
	const char *refuse;  /* a sender refused, or NULL */
} seen;

static void on_log(void *arg, const char *line)
{
	seen *s = arg;
	s->lines++;
	if (strstr(line, "compiled in"))
		s->compiled = true;
}

static int on_admit(void *arg, const ggp_request *rq, ggp_kind kind,
	const char *id, const char *owner, gl_err *err)
{
	const seen *s = arg;
	if (s->refuse && strcmp(rq->from, s->refuse) == 0)
		return gl_fail(err, GL_EINVAL, "%s from %s refused",
			kind == GGP_START ? "START" : "a message", rq->from);
	if (owner && strcmp(owner, rq->from) != 0)
		return gl_fail(err, GL_EINVAL, "not %s's manager", id);
	return 0;
}

/* An agent that answers only when told to stop (its a->stop), with its
 * first legal move: the player's clock alone ends its search. */
static int stall_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	(void)p;
	if (!(a->data = gl_malloc((size_t)a->game->max_legal * sizeof(gl_action))))
		return gl_fail(err, GL_ENOMEM, "out of memory");
	return 0;
}

static void stall_done(gl_agent *a)
{
	gl_free(a->data);
}

static int stall_choose(gl_agent *a, const void *s, gl_action *move,
	gl_err *err)
{
	(void)err;
	while (!a->stop || !atomic_load(a->stop)) {
		struct timespec ts = {0, 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	gl_action *lg = a->data;
	a->game->type->legal(a->game, s, lg);
	*move = lg[0];
	return 0;
}

static const gl_agent_type stall_type = {
	.name = "stall",
	.summary = "answers when told to stop",
	.init = stall_init,
	.done = stall_done,
	.choose = stall_choose,
};
/* An agent whose search publishes its best move so far (the last legal
 * move, gl_agent_publish) at once and then runs until told to stop,
 * returning its first: at the deadline the player must send the
 * published one, not the fallback. */
static int think_choose(gl_agent *a, const void *s, gl_action *move,
	gl_err *err)
{
	gl_action *lg = a->data;
	int n = a->game->type->legal(a->game, s, lg);
	gl_agent_publish(a, lg[n - 1]);
	return stall_choose(a, s, move, err);
}

static const gl_agent_type think_type = {
	.name = "think",
	.summary = "publishes a best move, answers when told to stop",
	.init = stall_init,
	.done = stall_done,
	.choose = think_choose,
};
static const gl_agent_type *const test_types[] = {&stall_type, &think_type, NULL};

/* The manager's view of the match: the rules, its state, and each role's
 * legal moves. */
typedef struct manager {
	char *kif;
	gdl_game *gd;
	gdl_eval *ev;
	uint64_t *st;
	int legal[GDL_ROLES_MAX][256];
	int nlegal[GDL_ROLES_MAX];
} manager;

static bool manager_open(manager *mg, const char *path)
{
	gl_err err = {0};
	memset(mg, 0, sizeof *mg);
	if (gl_read_text(path, GDL_FILE_MAX, &mg->kif, &err) ||
	    gdl_load_file(&mg->gd, path, &err)) {
		fprintf(stderr, "%s: %s\n", path, err.msg);
		return false;
	}
	mg->ev = gdl_eval_new(mg->gd);
	mg->st = gl_calloc((size_t)gdl_state_words(mg->gd), sizeof *mg->st);
	gdl_initial(mg->gd, mg->st);
	return mg->ev && mg->st;
}

static void manager_close(manager *mg)
{
	gl_free(mg->kif);
	gl_free(mg->st);
	gdl_eval_free(mg->ev);
	gdl_free(mg->gd);
}

/* The legal moves of the state now; whether it is terminal. */
static bool manager_eval(manager *mg)
{
	gdl_eval_state(mg->gd, mg->ev, mg->st);
	for (int r = 0; r < gdl_nroles(mg->gd); r++)
		mg->nlegal[r] = gdl_legal(mg->gd, mg->ev, r, mg->legal[r]);
	return gdl_terminal(mg->gd, mg->ev);
}

/* Whether text is a legal move of role r now. */
static bool manager_legal(const manager *mg, int r, const char *text)
{
	int mv = gdl_move_find(mg->gd, text);
	for (int i = 0; i < mg->nlegal[r]; i++)
		if (mg->legal[r][i] == mv)
			return true;
	return false;
}

/* START for role `role` of the manager's rules (clocks sc, pc). */
static char *start_text(const manager *mg, const char *id, const char *role,
	double sc, double pc)
{
	size_t n = strlen(mg->kif) + 256;
	char *t = gl_malloc(n);
	snprintf(t, n, "(START %s %s (%s\n) %g %g)", id, role, mg->kif, sc, pc);
	return t;
}

/* Hand text to the player as a request from `from` arriving at `at`
 * (round trip rtt); a reply that comes later is waited for (settle). The
 * request is left in rq (its reply, note, deadline). */
static int send_msg(ggp_player *pl, ggp_request *rq, const char *text,
	const char *from, double at, double rtt, gl_err *err)
{
	memset(rq, 0, sizeof *rq);
	rq->arrived = at;
	rq->rtt = rtt;
	snprintf(rq->from, sizeof rq->from, "%s", from);
	gl_err_clear(err);
	int rc = ggp_player_handle(pl, rq, text, strlen(text), err);
	if (rc == 1) {
		ggp_player_settle(pl, 120);
		CHECK(rq->answered);
		rc = rq->rc;
		if (rc)
			*err = rq->err;
	}
	ggp_player_sent(pl, rq);
	return rc;
}

static ggp_player *player_new(const char *agent, seen *s)
{
	ggp_config cfg = {.name = "tester", .agent_spec = agent,
		.extra_agents = test_types, .seed = 7, .arg = s, .log = on_log,
		.admit = on_admit};
	gl_err err = {0};
	ggp_player *pl = ggp_player_new(&cfg, &err);
	CHECK_MSG(pl != NULL, "%s", err.msg);
	return pl;
}

/* A whole match of path's game as role `role` (index us), the other
 * roles playing their first legal move: every reply a legal move, STOP
 * done. Returns the replies that came by the agent. */
static int play_match(ggp_player *pl, manager *mg, const char *role, int us,
	const char *id)
{
	gl_err err = {0};
	ggp_request rq;
	char *start = start_text(mg, id, role, 60, 60);
	double t0 = gl_now();
	CHECK_MSG(send_msg(pl, &rq, start, "manager", t0, 0, &err) == 0, "%s",
		err.msg);
	gl_free(start);
	CHECK_STR(rq.reply, "ready");
	/* the start clock's deadline: the clock less the margin (no round
	 * trip measured: GGP_MARGIN_MIN, and the delays the matches before
	 * met, a second each at most) */
	CHECK_MSG(rq.deadline <= t0 + 60 - GGP_MARGIN_MIN &&
		rq.deadline >= t0 + 60 - GGP_MARGIN_MIN - 2, "deadline %.3f s "
		"after START", rq.deadline - t0);
	char joint[4096] = "NIL", msg[4200];
	int turns = 0, by_agent = 0, nroles = gdl_nroles(mg->gd);
	while (!manager_eval(mg) && turns < 100) {
		snprintf(msg, sizeof msg, "(PLAY %s %s)", id, joint);
		int rc = send_msg(pl, &rq, msg, "manager", gl_now(), 0, &err);
		CHECK_MSG(rc == 0, "turn %d: %s", turns, err.msg);
		CHECK_MSG(manager_legal(mg, us, rq.reply), "turn %d: %s is not "
			"legal (%s)", turns, rq.reply, rq.note);
		by_agent += strncmp(rq.note, "by agent", 8) == 0;
		int moves[GDL_ROLES_MAX];
		size_t k = (size_t)snprintf(joint, sizeof joint, "(");
		for (int r = 0; r < nroles; r++) {
			char text[GGP_MOVE_MAX];
			moves[r] = r == us ? gdl_move_find(mg->gd, rq.reply) :
				mg->legal[r][0];
			gdl_move_text(mg->gd, moves[r], text, sizeof text);
			k += (size_t)snprintf(joint + k, sizeof joint - k, "%s%s",
				r ? " " : "", text);
		}
		snprintf(joint + k, sizeof joint - k, ")");
		gdl_next(mg->gd, mg->ev, moves, mg->st);
		turns++;
	}
	CHECK(turns > 0 && turns < 100);
	snprintf(msg, sizeof msg, "(STOP %s %s)", id, joint);
	int before = ggp_player_finished(pl);
	CHECK(send_msg(pl, &rq, msg, "manager", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "done");
	CHECK(rq.ends_match && ggp_player_finished(pl) == before + 1);
	CHECK(!ggp_player_busy(pl));
	return by_agent;
}

/* Whole matches: turns, simultaneous moves, three roles. */
static void test_matches(void)
{
	static const struct {
		const char *path;
		int role; /* ours */
	} games[] = {
		{"data/gdl/games/ticTacToe.kif", 0},
		{"data/gdl/games/roshambo2.kif", 1},
		{"data/gdl/games/tictactoe_3player.kif", 2},
	};
	seen s = {0};
	ggp_player *pl = player_new("uct:iterations=200", &s);
	for (int i = 0; pl && i < (int)(sizeof games / sizeof *games); i++) {
		manager mg;
		if (!manager_open(&mg, games[i].path)) {
			CHECK(!"the game loads");
			continue;
		}
		char id[16];
		snprintf(id, sizeof id, "m%d", i + 1);
		int by_agent = play_match(pl, &mg, gdl_role_name(mg.gd, games[i].role),
			games[i].role, id);
		/* ticTacToe's first player has a choice at every other turn */
		CHECK_MSG(i > 0 || by_agent >= 3, "%d moves by the agent", by_agent);
		manager_close(&mg);
	}
	CHECK(s.compiled);
	ggp_player_close(pl);
	ggp_player_free(pl);
}

/* A player of agent (player_new) and the manager's ticTacToe, or NULL
 * (a check failed, nothing left open). */
static ggp_player *player_and_game(const char *agent, seen *s, manager *mg)
{
	ggp_player *pl = player_new(agent, s);
	if (!pl || !manager_open(mg, "data/gdl/games/ticTacToe.kif")) {
		CHECK(!"the player and the game");
		ggp_player_free(pl);
		return NULL;
	}
	return pl;
}

/* A PLAY (text msg) that arrived 4 s ago, under 0.4 s of a 5 s clock
 * left: handed to the player, which must answer later, and the clock
 * ticked every ms (after a first gap of `starve` s, as on a starved
 * machine) until it answers (30 s at most). */
static void late_play(ggp_player *pl, ggp_request *rq, const char *msg,
	double starve)
{
	gl_err err = {0};
	memset(rq, 0, sizeof *rq);
	snprintf(rq->from, sizeof rq->from, "manager");
	rq->arrived = gl_now() - 4;
	int rc = ggp_player_handle(pl, rq, msg, strlen(msg), &err);
	CHECK_MSG(rc == 1, "%d %s", rc, err.msg);
	if (starve > 0) {
		ggp_player_tick(pl);
		struct timespec gap = {0, (long)(starve * 1e9)};
		nanosleep(&gap, NULL);
	}
	for (int k = 0; k < 30000 && !rq->answered; k++) {
		ggp_player_tick(pl);
		struct timespec ts = {0, 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	CHECK(rq->answered && rq->rc == 0);
}

/* Whether s begins with prefix (a note, then what its deadline was
 * planned with). */
static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Errors and refusals, and the clocks. */
static void test_errors_and_clocks(void)
{
	seen s = {0};
	manager mg;
	ggp_player *pl = player_and_game("stall", &s, &mg);
	if (!pl)
		return;
	gl_err err = {0};
	ggp_request rq;
	char *start = start_text(&mg, "e1", "nobody", 10, 5);
	CHECK(send_msg(pl, &rq, start, "manager", gl_now(), 0, &err) != 0);
	CHECK_MSG(strstr(err.msg, "no role 'nobody'") != NULL, "%s", err.msg);
	CHECK(!ggp_player_busy(pl));
	gl_free(start);
	/* INFO and PREVIEW */
	CHECK(send_msg(pl, &rq, "(INFO)", "anyone", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "((name tester) (status available))");
	CHECK(send_msg(pl, &rq, "(PREVIEW x)", "anyone", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "ready");
	/* a START from a sender the transport refuses: nothing starts */
	s.refuse = "stranger";
	start = start_text(&mg, "e2", "xplayer", 10, 5);
	CHECK(send_msg(pl, &rq, start, "stranger", gl_now(), 0, &err) != 0);
	CHECK(rq.forbidden && strstr(err.msg, "START from stranger refused"));
	CHECK(!ggp_player_busy(pl));
	s.refuse = NULL;
	/* the START's deadline: its clock less the margin, two round trips
	 * of 0.3 s more */
	double t0 = gl_now();
	CHECK(send_msg(pl, &rq, start, "manager", t0, 0.3, &err) == 0);
	CHECK_STR(rq.reply, "ready");
	CHECK(rq.deadline == t0 + 10 - (GGP_MARGIN_MIN + 2 * 0.3));
	CHECK(send_msg(pl, &rq, start, "manager", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "busy");
	CHECK(send_msg(pl, &rq, "(INFO)", "anyone", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "((name tester) (status busy))");
	gl_free(start);
	/* not the match on, or not its manager */
	CHECK(send_msg(pl, &rq, "(PLAY other NIL)", "manager", gl_now(), 0,
		&err) == 0);
	CHECK_STR(rq.reply, "busy");
	CHECK(send_msg(pl, &rq, "(ABORT e2)", "stranger", gl_now(), 0, &err) != 0);
	CHECK(rq.forbidden && strstr(err.msg, "not e2's manager"));
	CHECK(ggp_player_busy(pl));
	/* a joint move at the first turn is refused when it is illegal */
	CHECK(send_msg(pl, &rq, "(PLAY e2 ((mark 9 9) noop))", "manager",
		gl_now(), 0, &err) != 0);
	CHECK_MSG(strstr(err.msg, "(mark 9 9) is not a legal move of xplayer"),
		"%s", err.msg);
	/* a PLAY whose clock ran out before it came: the fallback at once,
	 * a legal move, the agent not asked; its deadline the play clock
	 * less the margin */
	manager_eval(&mg);
	CHECK(send_msg(pl, &rq, "(PLAY e2 NIL)", "manager", gl_now() - 100, 0,
		&err) == 0);
	CHECK_MSG(manager_legal(&mg, 0, rq.reply), "%s", rq.reply);
	CHECK_MSG(starts(rq.note, "by fallback (no time left) (planned at CPU "
		"yield 1.00, margin "), "%s", rq.note);
	CHECK(rq.deadline == rq.arrived + 5 - (GGP_MARGIN_MIN + 2 * 0.3));
	char ours[GGP_MOVE_MAX];
	snprintf(ours, sizeof ours, "%s", rq.reply);
	CHECK(send_msg(pl, &rq, "(PLAY e2 NIL)", "manager", gl_now(), 0,
		&err) != 0);
	CHECK(strstr(err.msg, "no joint move after the first turn") != NULL);
	/* oplayer's turn: our only move, at once */
	char msg[2 * GGP_MOVE_MAX + 64];
	snprintf(msg, sizeof msg, "(PLAY e2 (%s noop))", ours);
	int mv[GDL_ROLES_MAX] = {gdl_move_find(mg.gd, ours),
		gdl_move_find(mg.gd, "noop")};
	gdl_next(mg.gd, mg.ev, mv, mg.st);
	manager_eval(&mg);
	CHECK(send_msg(pl, &rq, msg, "manager", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "noop");
	CHECK_MSG(starts(rq.note, "by only move (planned"), "%s", rq.note);
	/* an agent that never answers by itself: the clock answers at the
	 * deadline with the fallback, a legal move, and stops the agent */
	char theirs[GGP_MOVE_MAX];
	gdl_move_text(mg.gd, mg.legal[1][0], theirs, sizeof theirs);
	snprintf(msg, sizeof msg, "(PLAY e2 (noop %s))", theirs);
	int mo[GDL_ROLES_MAX] = {gdl_move_find(mg.gd, "noop"), mg.legal[1][0]};
	gdl_next(mg.gd, mg.ev, mo, mg.st);
	manager_eval(&mg);
	late_play(pl, &rq, msg, 0);
	CHECK_MSG(manager_legal(&mg, 0, rq.reply), "%s", rq.reply);
	CHECK_MSG(starts(rq.note, "by fallback (agent out of time, no move "
		"published) (planned"), "%s", rq.note);
	ggp_player_sent(pl, &rq);
	/* ABORT ends it */
	CHECK(send_msg(pl, &rq, "(ABORT e2)", "manager", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "aborted");
	CHECK(!ggp_player_busy(pl));
	CHECK(send_msg(pl, &rq, "(PLAY e2 NIL)", "manager", gl_now(), 0,
		&err) == 0);
	CHECK_STR(rq.reply, "busy");
	CHECK(s.lines > 0);
	manager_close(&mg);
	ggp_player_close(pl);
	ggp_player_free(pl);
}

/* At the deadline, an agent still searching: its best move so far is
 * sent, not a random one (issue 70), and it is told to stop. */
static void test_best_so_far(void)
{
	seen s = {0};
	manager mg;
	ggp_player *pl = player_and_game("think", &s, &mg);
	if (!pl)
		return;
	gl_err err = {0};
	ggp_request rq;
	char *start = start_text(&mg, "b1", "xplayer", 10, 5);
	CHECK(send_msg(pl, &rq, start, "manager", gl_now(), 0, &err) == 0);
	gl_free(start);
	manager_eval(&mg);
	/* the first two ticks 0.3 s apart, as on a starved machine */
	late_play(pl, &rq, "(PLAY b1 NIL)", 0.3);
	/* the last legal move, the one published; the fallback is drawn at
	 * random and the agent itself would have answered with the first */
	char last[GGP_MOVE_MAX] = "";
	gl_game *g = gl_game_new("gdl:data/gdl/games/ticTacToe.kif", &err);
	void *st = g ? gl_game_state_new(g, &err) : NULL;
	gl_action *lg = g ? gl_game_moves_new(g, &err) : NULL;
	if (st && lg) {
		gl_game_start(g, st);
		int n = gl_game_legal(g, st, lg);
		gl_game_move_text(g, st, lg[n - 1], last, sizeof last);
	}
	gl_free(lg);
	gl_free(st);
	gl_game_free(g);
	CHECK_MSG(!strcmp(rq.reply, last), "%s, not the published %s (%s)", rq.reply,
		last, rq.note);
	CHECK_MSG(!strncmp(rq.note, "by agent, its best so far (search cut at the "
		"deadline", 52), "%s", rq.note);
	ggp_player_sent(pl, &rq);
	/* the next deadline keeps that gap in reserve too (the process met
	 * the last one only at its late tick) */
	char next[2 * GGP_MOVE_MAX + 64];
	snprintf(next, sizeof next, "(PLAY b1 (%s noop))", last);
	CHECK(send_msg(pl, &rq, next, "manager", gl_now(), 0, &err) == 0);
	CHECK_STR(rq.reply, "noop");
	CHECK_MSG(rq.deadline <= rq.arrived + 5 - (GGP_MARGIN_MIN + 0.3), "deadline "
		"%.3f s after arrival", rq.deadline - rq.arrived);
	CHECK(send_msg(pl, &rq, "(ABORT b1)", "manager", gl_now(), 0, &err) == 0);
	/* and so does the next match's first move: the machine's load
	 * outlasts a match */
	gdl_initial(mg.gd, mg.st);
	start = start_text(&mg, "b2", "xplayer", 10, 5);
	CHECK(send_msg(pl, &rq, start, "manager", gl_now(), 0, &err) == 0);
	gl_free(start);
	late_play(pl, &rq, "(PLAY b2 NIL)", 0);
	CHECK_MSG(rq.deadline <= rq.arrived + 5 - (GGP_MARGIN_MIN + 0.3), "next "
		"match: deadline %.3f s after arrival", rq.deadline - rq.arrived);
	ggp_player_sent(pl, &rq);
	CHECK(send_msg(pl, &rq, "(ABORT b2)", "manager", gl_now(), 0, &err) == 0);
	manager_close(&mg);
	ggp_player_close(pl);
	ggp_player_free(pl);
}

/* alpha-beta with no depth limit on connect four, a PLAY with under a
 * second of its clock left: the player sets its time (set_time) and the
 * search publishes each iteration's best move, so the reply is the
 * agent's, on time, never the fallback. */
static void test_alphabeta_on_time(void)
{
	seen s = {0};
	manager mg;
	ggp_player *pl = player_new("alphabeta:depth=0", &s);
	if (!pl || !manager_open(&mg, "data/gdl/games/connectFour.kif")) {
		CHECK(!"the player and the game");
		ggp_player_free(pl);
		return;
	}
	gl_err err = {0};
	ggp_request rq;
	char *start = start_text(&mg, "a1", "red", 10, 5);
	CHECK(send_msg(pl, &rq, start, "manager", gl_now(), 0, &err) == 0);
	gl_free(start);
	manager_eval(&mg);
	late_play(pl, &rq, "(PLAY a1 NIL)", 0);
	CHECK_MSG(manager_legal(&mg, 0, rq.reply), "%s", rq.reply);
	CHECK_MSG(!strncmp(rq.note, "by agent", 8), "%s", rq.note);
	CHECK(rq.decided <= rq.arrived + 5);
	ggp_player_sent(pl, &rq);
	CHECK(send_msg(pl, &rq, "(ABORT a1)", "manager", gl_now(), 0, &err) == 0);
	manager_close(&mg);
	ggp_player_close(pl);
	ggp_player_free(pl);
}

/* The margin's reserve for a starved reply: it grows as the CPU yield
 * of the agent's busy thread falls, at most half the clock; a window in
 * which the agent was idle, or too short, does not count; a match
 * carries its yield to the next, halfway back to 1 per match that no
 * longer meets it. Readings fed, so the machine's load does not
 * matter. */
static void test_yield_margin(void)
{
	match m;
	memset(&m, 0, sizeof m);
	ggp_yield_window yw = {0};
	double base = ggp_margin(&m, 5);
	CHECK(base == GGP_MARGIN_MIN && ggp_yield(&m) == 1);
	/* the agent's thread asleep: on a CPU 1 ms of 100 ms, runnable no
	 * longer; then no worker at all */
	ggp_yield_feed(&m, &yw, 7, 100.0, 1.0, 2.0);
	ggp_yield_feed(&m, &yw, 7, 100.1, 1.001, 2.0);
	ggp_yield_feed(&m, &yw, 0, 100.2, 0, 0);
	ggp_yield_feed(&m, &yw, 0, 100.3, 0, 0);
	CHECK_MSG(m.yield == 0 && ggp_margin(&m, 5) == base, "idle agent: yield "
		"%.3f", m.yield);
	/* busy, on a CPU half its runnable time, but over a window too short;
	 * then another worker's thread: a new window */
	ggp_yield_feed(&m, &yw, 7, 101.0, 1.0, 2.0);
	ggp_yield_feed(&m, &yw, 7, 101.04, 1.02, 2.02);
	ggp_yield_feed(&m, &yw, 8, 101.06, 0.5, 0.0);
	ggp_yield_feed(&m, &yw, 8, 101.08, 0.51, 0.01);
	CHECK_MSG(m.yield == 0, "short windows: yield %.3f", m.yield);
	/* falling yields: 1/2 then 1/4, each margin larger */
	double last = base;
	const double runs[] = {0.03, 0.015}, waits[] = {0.03, 0.045};
	for (int i = 0; i < 2; i++) {
		ggp_yield_feed(&m, &yw, 9, 102.0 + i, 0.2 * i, 0.3 * i);
		ggp_yield_feed(&m, &yw, 9, 102.06 + i, 0.2 * i + runs[i],
			0.3 * i + waits[i]);
		double g = ggp_margin(&m, 5);
		CHECK_MSG(fabs(ggp_yield(&m) - runs[i] / 0.06) < 1e-9 && g > last,
			"yield %.3f, margin %.4f after %.4f", ggp_yield(&m), g, last);
		last = g;
	}
	/* a better window later does not raise the worst */
	ggp_yield_feed(&m, &yw, 9, 110.0, 5.0, 5.0);
	ggp_yield_feed(&m, &yw, 9, 110.1, 5.1, 5.0);
	CHECK(fabs(ggp_yield(&m) - 0.25) < 1e-9);
	CHECK(fabs(last - (GGP_MARGIN_MIN + 3 * GGP_REPLY_CPU_MIN)) < 1e-12);
	/* a costly reply at the least yield: capped at half the clock */
	m.cost = 0.5;
	ggp_yield_feed(&m, &yw, 9, 111.0, 5.1, 5.0);
	ggp_yield_feed(&m, &yw, 9, 111.1, 5.1001, 5.1);
	CHECK(ggp_yield(&m) == GGP_YIELD_MIN);
	CHECK(ggp_margin(&m, 5) == 2.5 && ggp_margin(&m, 60) < 30 &&
		ggp_margin(&m, 60) > 9);
	/* the next match plans with it from its first move; one that does
	 * not meet it passes on half as much starvation */
	gl_err err = {0};
	ggp_config cfg = {.name = "tester"};
	ggp_player *pl = ggp_player_new(&cfg, &err);
	if (!pl)
		return;
	pl->m.serial = 1;
	pl->m.yield = 0.2;
	ggp_match_free(pl, &pl->m);
	CHECK(pl->yield == 0.2);
	pl->m.serial = 2;
	pl->m.yield0 = pl->yield;
	CHECK(ggp_yield(&pl->m) == 0.2);
	ggp_match_free(pl, &pl->m);
	CHECK(fabs(pl->yield - 0.6) < 1e-12);
	ggp_player_free(pl);
}

/* The agent's time from the play clock, for agents without set_time. */
static void test_timed_spec(void)
{
	char out[GL_SPEC_MAX];
	CHECK_STR(ggp_timed_spec("uct", 2, NULL, out, sizeof out), "uct:time=2.000");
	CHECK_STR(ggp_timed_spec("uct:iterations=5", 0.01, NULL, out, sizeof out),
		"uct:iterations=5,time=0.050");
	CHECK_STR(ggp_timed_spec("uct:time=1", 2, NULL, out, sizeof out),
		"uct:time=1");
	CHECK_STR(ggp_timed_spec("random", 2, NULL, out, sizeof out), "random");
	CHECK(ggp_timed_spec("uct", 2, NULL, out, 6) == NULL);
}

int main(void)
{
	test_messages();
	test_timed_spec();
	test_yield_margin();
	test_matches();
	test_errors_and_clocks();
	test_best_so_far();
	test_alphabeta_on_time();
	return test_report();
}
