/*
 * ggp.h - a General Game Playing player, without its transport: the
 * match protocol's messages as ggp-base's game server sends them (START,
 * PLAY, STOP, ABORT, INFO, PREVIEW: KIF s-expressions, the type in any
 * case), read by the GDL reader (gdl.h); a match's state and clocks; the
 * agent choosing in a worker thread and pondering when idle; the
 * player's decisions (which move to send, by when, and what in place of
 * an agent that is late); and a match's record in ggp-base's match JSON.
 * Love et al., "General Game Playing: Game Description Language
 * Specification" (2008) for the rules the messages carry.
 *
 * The transport (HTTP: `ggp serve`) is the caller's. It hands each
 * message in with the time it began to arrive and its sender
 * (ggp_player_handle), sends the reply given at once, or, for a START or
 * PLAY the player answers later, holds the connection (the suspend
 * callback) until the player says the reply is ready (resume), and
 * calls ggp_player_tick every few milliseconds: the tick answers a START
 * or PLAY at its deadline at the latest. The player never prints and
 * never exits: its log lines go to the log callback.
 *
 * The decisions:
 * - Every clock runs from the message's arrival. A deadline is the clock
 *   less a margin: GGP_MARGIN_MIN, plus twice the largest round trip
 *   measured on the match's messages (ggp_request.rtt), plus the longest
 *   a reply of the match took to go out once decided (ggp_player_sent),
 *   plus the longest gap between two ticks while a PLAY waited (a starved
 *   process meets a deadline only at its next tick), plus what the reply's
 *   own CPU work takes longer at the worst CPU yield measured (c / y - c:
 *   see ggp_margin), at most half the clock. A PLAY's reply's note ends
 *   with the yield and margin its deadline was planned with.
 * - START begins the match at once and compiles the rules in a thread of
 *   its own; it is answered "ready" when they are compiled or at its
 *   deadline, whichever is first (or with the compile's error if that
 *   comes first). Rules not compiled GGP_QUICK_S after START (or a
 *   quarter of its clock) are loaded for the prover too, so that a PLAY
 *   that comes before the compile ends is answered at its deadline with
 *   a random legal move from the prover, or, if it is not ready either,
 *   a move read off the rules' legal facts.
 * - The agent chooses in a worker thread, its time (set_time) what is
 *   left to the deadline less GGP_AGENT_SLACK and the most it has
 *   overrun its time in this match; it ponders whenever it is idle and
 *   nothing waits for it, stopped by the next message. A PLAY is
 *   answered when the agent has chosen or at its deadline, with a random
 *   legal move if the agent is late (the fallback; the reply's note says
 *   so).
 * - A joint move is applied to the sequentialised state role by role
 *   (only the roles with a choice).
 * - A match whose manager has been silent for its clock plus
 *   GGP_EXPIRE_S ends, so that the next START is accepted.
 */
#ifndef GAMELEARN_GGP_H
#define GAMELEARN_GGP_H

#include "gamelearn/agent.h"
#include "gamelearn/gdl.h"

enum {
	GGP_ID_MAX = 256,             /* longest match id kept, with its NUL */
	GGP_REPLY_MAX = 1024,         /* longest reply text */
	GGP_MOVE_MAX = 1024,          /* longest move text */
	GGP_FROM_MAX = 64,            /* longest sender text */
	GGP_NOTE_MAX = 200,           /* longest note on a reply */
	GGP_MAX_CLOCK_DEFAULT = 300,  /* longest clock a START may ask for, s */
	GGP_TEXT_MAX = 512            /* longest move or base text recorded */
};

#define GGP_MARGIN_MIN 0.1   /* seconds kept before a deadline at least:
			      * the tick, stopping the agent, the
			      * manager's own reading of the reply */
#define GGP_AGENT_SLACK 0.02 /* the agent's time ends this before the
			      * deadline */
#define GGP_THINK_MIN 0.02   /* less time than this left: no search */
#define GGP_YIELD_WINDOW_S 0.05 /* the CPU yield is measured over windows
			      * this long at least */
#define GGP_YIELD_MIN 0.05   /* a lower yield measured counts as this */
#define GGP_REPLY_CPU_MIN 0.002 /* a reply's CPU work counts as this much
			      * at least (the socket write, which the
			      * transport's thread does, is not measured) */
#define GGP_QUICK_S 0.5      /* rules not compiled this long after START
			      * (or a quarter of its clock): the prover
			      * loads them too */
#define GGP_EXPIRE_S 10.0    /* a match ends when its manager is silent
			      * its clock plus this long */

/* ---- messages ---------------------------------------------------------- */

typedef enum ggp_kind {
	GGP_NONE = -1,  /* not a message, or of an unknown type */
	GGP_INFO, GGP_PREVIEW, GGP_START, GGP_PLAY, GGP_STOP, GGP_ABORT
} ggp_kind;

/* A message read (ggp_msg_read). Its texts point into the text read,
 * which must outlive it. */
typedef struct ggp_msg {
	ggp_kind kind;
	gdl_sexp *sx;              /* the message read (owned) */
	bool id_ok;                /* id holds the match id (an atom short
				    * enough): PLAY, STOP, ABORT; START's
				    * is always */
	char id[GGP_ID_MAX];       /* the match id */
	char role[GDL_TOKEN_MAX];  /* START: our role */
	const char *rules;         /* START: the rules, inside their list */
	size_t nrules;
	double startclock, playclock; /* START, seconds */
	int moves;                 /* PLAY, STOP: the joint move (an element
				    * of sx: a list, or an atom, NIL, for
				    * none) */
} ggp_msg;

/* Read the message text (n bytes) into m. Returns 0, or GL_EPARSE (or
 * GL_ERANGE, GL_ENOMEM) with a one-line message naming what is wrong and
 * where ("message:1:9: ..." for the syntax, "START: bad clocks at
 * 1:30"). m->kind is set as soon as the type is known, also when a
 * later field is wrong, so that a caller may judge the sender first.
 * Free with ggp_msg_done in every case. */
int ggp_msg_read(ggp_msg *m, const char *text, size_t n, gl_err *err);
void ggp_msg_done(ggp_msg *m);
/* The moves of joint move e of sx (a list), each one's text into
 * texts[i]: their count, or -1 when e is not a list of at most max
 * elements, or -2 - i when move i is too long. */
int ggp_joint_read(const gdl_sexp *sx, int e, char (*texts)[GGP_MOVE_MAX],
	int max);

/* ---- the player ------------------------------------------------------- */

typedef struct ggp_player ggp_player; /* opaque */

/* One message's exchange: set by the transport, answered by the player.
 * The transport owns it (it may embed it first in its own request) and
 * keeps it until ggp_player_sent. */
typedef struct ggp_request {
	/* the transport's, before ggp_player_handle */
	double arrived;     /* gl_now() when it began to arrive */
	double rtt;         /* its connection's round trip, s (0: unknown) */
	char from[GGP_FROM_MAX]; /* its sender (an address's text): a match's
			     * owner is its START's sender */
	void *conn;         /* the transport's handle, passed to suspend and
			     * resume; NULL: none (a START then compiles
			     * before ggp_player_handle returns) */
	/* the player's answer */
	bool answered;      /* a later answer is ready: reply, rc and err
			     * are final (set before resume) */
	bool forbidden;     /* its error is not this sender's to cause (the
			     * admit callback refused it) */
	bool ends_match;    /* its reply ends a match */
	int rc;             /* a later answer's result (0 or an error) */
	gl_err err;         /* and its error */
	char reply[GGP_REPLY_MAX];
	char note[GGP_NOTE_MAX]; /* how the move was chosen, for the log */
	/* the player's own */
	double deadline;    /* answer by then (gl_now() seconds) */
	double decided;     /* gl_now() when a PLAY's reply was decided */
	unsigned serial;    /* the match of that PLAY */
	int fallback;       /* the random legal move (gdl id) */
	bool old_worker;    /* waiting for the agent's earlier work to end */
	bool early;         /* a PLAY that came before the rules were ready */
	bool was_early;     /* it did */
} ggp_request;

/* What the player is given. Every callback is called with arg; log and
 * admit may be NULL. */
typedef struct ggp_config {
	const char *name;        /* answered to INFO (one symbol) */
	const char *agent_spec;  /* the agent, its time set from the play
				  * clock; NULL: uct (random if there is
				  * none) */
	const gl_agent_type *const *extra_agents; /* types beside the
				  * library's (NULL-terminated), or NULL */
	const char *live_dir;    /* each match's record, as the player sees
				  * it, written to DIR/MATCHID.json after
				  * every step; NULL: none */
	int max_clock;           /* longest start or play clock a START may
				  * ask for, s (0: GGP_MAX_CLOCK_DEFAULT) */
	double hold_compile;     /* a compile lasts this long at least, s
				  * (tests: a START or PLAY that comes while
				  * the rules compile; 0: not held) */
	uint64_t seed;           /* agents' seeds (seed + match number) and
				  * fallback moves */
	void *arg;
	/* One line of the log (no newline; not escaped: the text may hold
	 * any byte the network sent). */
	void (*log)(void *arg, const char *line);
	/* The transport's say on a message, under the player's lock: a START
	 * (id and owner NULL), or a PLAY, STOP or ABORT of the match on (id:
	 * its id; owner: the sender of its START). 0 to go on; else an error
	 * with err set: the message is refused (rq->forbidden) and nothing
	 * changes. */
	int (*admit)(void *arg, const ggp_request *rq, ggp_kind kind,
		const char *id, const char *owner, gl_err *err);
	/* rq (its conn not NULL) is answered later: hold its connection.
	 * Under the player's lock. */
	void (*suspend)(void *arg, ggp_request *rq);
	/* rq's answer is ready (rq->answered): send it. Under the player's
	 * lock; rq is not touched by the player after, until
	 * ggp_player_sent. */
	void (*resume)(void *arg, ggp_request *rq);
} ggp_config;

/* A player (free with ggp_player_free). cfg's strings must outlive it.
 * NULL with err set when out of memory. */
ggp_player *ggp_player_new(const ggp_config *cfg, gl_err *err);
/* Stop: a START or PLAY waiting is answered, the rule loads and the
 * agent are told to stop and waited for (60 s at most). Then free. */
void ggp_player_close(ggp_player *pl);
void ggp_player_free(ggp_player *pl);
/* Handle the message text (n bytes) of rq. Returns 0 with rq->reply
 * set; 1 when the answer comes later (rq's conn was suspended, or, with
 * no conn, ggp_player_settle answers it); or an error code with err set
 * (the reply is then that error; rq->forbidden when the admit callback
 * refused it). */
int ggp_player_handle(ggp_player *pl, ggp_request *rq, const char *text,
	size_t n, gl_err *err);
/* The clock's turn (every few ms): a START or PLAY whose deadline has
 * come is answered, the prover loads rules that take long to compile,
 * the idle agent ponders, a match whose manager fell silent ends. */
void ggp_player_tick(ggp_player *pl);
/* Wait (secs at most) for the rule loads and the agent's choice under
 * way to end, then answer a START or PLAY still waiting at once: for a
 * caller with no clock of its own (tests, the fuzz target). */
void ggp_player_settle(ggp_player *pl, double secs);
/* End the match on, if any, as an ABORT would, without a message. */
void ggp_player_abort(ggp_player *pl);
/* rq's reply has gone out (or its connection closed): rq is forgotten,
 * how late the reply went out is learnt for the margin, and a match it
 * ended is counted. */
void ggp_player_sent(ggp_player *pl, ggp_request *rq);
/* Matches ended (STOP, ABORT or expired). */
int ggp_player_finished(ggp_player *pl);
/* Whether a match is on. */
bool ggp_player_busy(ggp_player *pl);

/* spec into out (size n) with its time parameter set to secs (0.05 at
 * least) when its agent type (the library's or extra's) has one and spec
 * does not set it; returns out, or NULL where that does not fit. */
const char *ggp_timed_spec(const char *spec, double secs,
	const gl_agent_type *const *extra, char *out, size_t n);
/* The agent a player plays with when none is named: "uct", or "random"
 * where the library has no uct. */
const char *ggp_default_agent(void);

/* ---- records ---------------------------------------------------------- */

/* A GGP match's record in ggp-base's match JSON, built as the match goes:
 * by a match manager, and by a player (ggp_config.live_dir) as it sees
 * the match. */
typedef struct ggp_record {
	char id[96];
	long long start_ms;        /* startTime: ms since the epoch */
	gl_strbuf states, times;   /* each state's text and time */
	gl_strbuf moves, counts;   /* joint moves, legal move counts */
	gl_strbuf errors;          /* per step (START's first) */
	gl_strbuf stop_errors;
	int goals[GDL_ROLES_MAX];
	int steps, nerr;
	bool completed;            /* ended at a terminal state */
} ggp_record;
/* What a record says of the match's setting. */
typedef struct ggp_match_info {
	const gdl_game *gd;
	const char *rules;         /* as sent, on one line (without meta_url) */
	const char *meta_url;      /* the game's repository URL, or NULL */
	double sc, pc;             /* start and play clocks */
	const char *const *players; /* [roles] names, or NULL: not known */
} ggp_match_info;
/* Milliseconds since the epoch. */
long long ggp_now_ms(void);
/* Empty, started now. */
void ggp_record_init(ggp_record *rec, const char *id);
void ggp_record_done(ggp_record *rec);
/* The state st (its true facts as one symbol list) and the time now. */
void ggp_record_state(ggp_record *rec, const gdl_game *gd, const uint64_t *st);
/* One list of the roles' errors (errs NULL: none) appended to sb. */
void ggp_record_errors(gl_strbuf *sb, const char *const *errs, int n);
/* A step: the joint move played and the legal moves each role had. */
void ggp_record_step(ggp_record *rec, const gdl_game *gd, const int *joint,
	const int *nlegal);
/* The record as one JSON line (running: the match goes on, "inProgress"),
 * its random token drawn from rng. */
void ggp_record_write(const ggp_match_info *mi, const ggp_record *rec,
	gl_rng *rng, bool running, gl_strbuf *out);
/* The record so far to DIR/ID.json, atomically (the token from a copy of
 * rng); the file's name keeps only the id's safe characters. */
int ggp_record_live(const char *dir, const ggp_match_info *mi,
	const ggp_record *rec, const gl_rng *rng, bool running, gl_err *err);

#endif
