/*
 * internal.h - the GGP player's private types: the agent's worker
 * (agent.c), a match and its rule loads (match.c), the player
 * (player.c), and the functions the files share. See ggp.h for what the
 * player does and when.
 */
#ifndef GGP_INTERNAL_H
#define GGP_INTERNAL_H

#include "gamelearn/ggp.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

typedef struct ggp_player player;
typedef ggp_request request;

/* The agent's work, run in a detached worker thread: a move search
 * (choose) or thinking on time that is not ours (ponder, until stop). The
 * player does not touch the agent while it runs. A worker still running
 * when its match ends is orphaned (and a ponder told to stop): it then
 * owns the agent and the game and frees them, and itself, when its call
 * returns. Its fields after `stop` are read and written under the
 * player's mutex. */
typedef struct worker {
	player *pl;        /* whose mutex guards done and orphan */
	gl_agent *agent;   /* who thinks */
	gl_game *game;     /* the agent's game (freed by an orphan) */
	bool ponder;       /* pondering, not choosing */
	double given;      /* the time set for choose (set_time), or 0 */
	double began;      /* gl_now() when it started */
	atomic_bool stop;  /* end the ponder now */
	bool done;         /* it has answered */
	bool orphan;       /* its match ended */
	double ended;      /* gl_now() when it answered */
	atomic_int tid;    /* its thread's kernel id (Linux; 0 until the
			      thread has set it), for its schedstat */
	int rc;            /* choose's or ponder's result */
	gl_action move;    /* its move */
	gl_err err;        /* its error */
	unsigned char *s;  /* the state it sees: g->state_size bytes in the
			      worker's own allocation, after its head */
} worker;

/* One match: what START made and PLAY advances. Until the rules are
 * compiled (ready), PLAY's joint moves are kept as text (hist) and played
 * into the game when it is. */
typedef struct match {
	char id[GGP_ID_MAX];
	char role_name[GDL_TOKEN_MAX];
	int role;               /* our role's index, once the rules are read */
	double startclock, playclock;
	int turns;              /* PLAY messages answered */
	double began;           /* gl_now() when START arrived */
	double heard;           /* gl_now() of the manager's last message or
				 * our last reply */
	double rtt;             /* the largest round trip measured on the
				 * match's messages, s */
	double overrun;         /* the most a choose has run past its time */
	double lag;             /* the longest a reply took to go out once
				 * decided (the clock's or the network's
				 * delay), s */
	double gap;             /* the longest between two ticks while a
				 * PLAY waited (a starved process's delay:
				 * a deadline is met only at a tick), s */
	double lag0, gap0;      /* lag and gap carried from the matches
				 * before (the machine's load outlasts a
				 * match), used where larger */
	double yield;           /* the lowest CPU yield of the agent's
				 * thread measured while a PLAY waited
				 * (ggp_yield_feed); 0: none measured */
	double yield0;          /* the yield carried from the matches
				 * before, used where lower; 0: none */
	double cost;            /* the most CPU seconds a PLAY's reply took
				 * to decide and hand to the transport */
	unsigned serial;        /* which START made it */
	char owner[GGP_FROM_MAX]; /* who sent START */
	char *rules;            /* the rules as sent (owned) */
	size_t nrules;
	char **hist;            /* joint moves received before ready (owned) */
	int nhist, caphist;
	bool ready;             /* compiled: the fields below are set */
	bool failed;            /* the compile failed after START's answer */
	bool quick_started;     /* the prover's load was asked for */
	gdl_game *quick;        /* the rules loaded for the prover (owned) */
	const gdl_game *gd;     /* the rules the game plays by (g's) */
	gdl_eval *ev;
	gl_game *g;
	gl_agent *agent;
	worker *w;              /* the agent's work under way, or NULL */
	long version;           /* moves applied to s, counted */
	long pondered;          /* version when a ponder last began (-1) */
	unsigned char *s;       /* [state_size] the match's state */
	unsigned char *seen;    /* [state_size] the state the agent knows */
	gl_action *qmove;       /* moves played from seen on, untold */
	int *qwho;              /* by whom */
	int nq, capq;
	uint64_t *st;           /* [state words] its bitset, for the rules */
	int *ids;               /* [moves + 1] a list of gdl move ids */
	gl_scratch scratch;     /* a move list and a state (think's view) */
	bool recording;         /* live_dir: rec is kept (from ready on) */
	ggp_record rec;         /* the match as this player sees it */
} match;

/* A window of the agent's thread's scheduling, from its start (fed by
 * ggp_yield_feed). */
typedef struct ggp_yield_window {
	double who;             /* whose thread: its worker's began; 0: none */
	double wall;            /* gl_now() at the window's start */
	double run, wait;       /* the thread's seconds on a CPU and waiting
				 * for one (runnable), at the start */
} ggp_yield_window;

/* The player: its configuration and the current match. */
struct ggp_player {
	ggp_config cfg;
	atomic_int finished;    /* matches ended (STOP, ABORT or expired) */
	pthread_mutex_t mu;     /* guards what follows, and workers' flags */
	gl_rng rng;             /* fallback moves */
	bool active;            /* a match is on (m is valid) */
	atomic_uint live;       /* the serial of the match on, 0 when none:
				 * rule loads read it without the mutex and
				 * stop when their match is over */
	unsigned serial;        /* STARTs accepted */
	int jobs;               /* rule loads running in their threads */
	match m;
	request *start_rq;      /* the START waiting for its answer, or NULL */
	request *pending;       /* the PLAY waiting for its answer, or NULL */
	double lag, gap;        /* what the last match carries to the next:
				 * its lag and gap, or half what it was
				 * given where that is larger */
	double last_tick;       /* gl_now() of the last tick while pending,
				 * 0: none yet for this PLAY */
	double yield;           /* what the last match carries to the next:
				 * its yield, or halfway from what it was
				 * given to 1 where that is lower; 0: none */
	ggp_yield_window yw;    /* the window the pending PLAY's ticks
				 * measure */
	double plan_yield, plan_margin; /* the pending PLAY's deadline was
				 * planned with these (its note says so) */
};

/* message.c: element e's text into buf (size n) as a C string; false
 * when it is too long. */
bool ggp_sx_copy(const gdl_sexp *sx, int e, char *buf, size_t n);

/* player.c */
/* One log line through the configuration's callback. */
void ggp_log(const player *pl, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* A match on or over (under the mutex; m->serial set before it is on). */
void ggp_set_active(player *pl, bool on);

/* agent.c: the agent and its worker thread */
/* Start the agent choosing (given: the time set for it, or 0) or
 * pondering on state s; NULL when no thread can be made. */
worker *ggp_worker_start(player *pl, match *m, const void *s, bool ponder,
	double given);
/* Drop a worker that has finished; whether the agent is idle. Under the
 * player's mutex. */
bool ggp_agent_idle(player *pl, match *m);
/* The scheduling seconds of a worker's thread: on a CPU (*run) and
 * runnable but waiting for one (*wait), from the kernel's schedstat;
 * false when they cannot be read (not Linux, no schedstat, the thread's
 * id not yet set). Under the mutex, w not done (its thread alive). */
bool ggp_worker_sched(const worker *w, double *run, double *wait);
/* Tell a pondering agent to stop. Under the mutex. */
void ggp_ponder_stop(match *m);
/* Keep move a of player `who`, played from the state the agent knows
 * on, to tell the agent when it is idle (ggp_agent_catch_up). */
int ggp_queue_move(match *m, int who, gl_action a, gl_err *err);
/* Tell the idle agent the moves played since the state it knows. Under
 * the mutex, the agent idle. */
void ggp_agent_catch_up(match *m);
/* The match's agent (spec, or the default) made for its game, its time
 * parameter set from the play clock when it has no set_time. A spec
 * that cannot play the game is logged and random plays. */
gl_agent *ggp_agent_make(player *pl, const match *m, gl_err *err);

/* match.c: the match, its rule loads and its record */
/* Free what the match holds; a worker still thinking is told to stop and
 * orphaned. Under the player's mutex (or before the match was
 * published). */
void ggp_match_free(player *pl, match *m);
/* Seconds kept before a deadline of a clock (ggp.h; match.c says how). */
double ggp_margin(const match *m, double clock);
/* The CPU yield the margin plans with: the lower of the match's measured
 * yield and the one carried (m->yield, m->yield0), 1 when neither is. */
double ggp_yield(const match *m);
/* One reading, at a tick while a PLAY waits, of the agent's thread: who
 * (its worker's began, 0 when no worker is busy or its schedstat cannot
 * be read), the wall clock, and its seconds on a CPU and runnable but
 * waiting (ggp_worker_sched). A window runs from one reading to the
 * first of the same thread at least GGP_YIELD_WINDOW_S later; another
 * thread, none, or clocks going back start a new one. A window in which
 * the thread was runnable (run + wait) for under half the wall clock
 * does not count: the agent was idle (sleeping, blocked, or between
 * works), which is not starvation. A window that counts has yield run /
 * (run + wait), at least GGP_YIELD_MIN, kept in m->yield where lower.
 * Pure arithmetic on what it is given: tests feed it readings. */
void ggp_yield_feed(match *m, ggp_yield_window *yw, double who, double wall,
	double run, double wait);
/* Our role in gd: spelt as given, else the one role equal to it but for
 * case; or -1. */
int ggp_role_index(const gdl_game *gd, const char *role);
/* Compile the match's rules in a thread of its own (here: inline, the
 * mutex let go meanwhile). Under the mutex. 0 or GL_ENOMEM. */
int ggp_compile_start(player *pl, match *m, bool here);
/* Load the rules for the prover too (once a match). Under the mutex. */
void ggp_quick_start(player *pl, match *m);
/* Apply the joint move e of sx (one move per role, role order; an atom,
 * NIL, means none). Under the mutex. */
int ggp_apply_joint(match *m, const gdl_sexp *sx, int e, gl_err *err);
/* At the end of a match, a role given several goal values is logged. */
void ggp_note_goals(player *pl, match *m);
/* The record so far written (running: the match goes on). */
void ggp_live_write(player *pl, match *m, bool running);

/* decide.c: the player's decisions */
/* Answer the START waiting: "ready", or the error of its compile, which
 * ends the match. Under the mutex. */
void ggp_start_answer(player *pl, int rc, const gl_err *err);
/* Our move for rq in the match's state, the rules ready (see decide.c):
 * 0 with the reply set, 1 when it is left to ggp_play_poll, or an
 * error. Under the mutex. */
int ggp_play_begin(player *pl, match *m, request *rq, bool late,
	gl_err *err);
/* Answer the pending PLAY if it can be now (now: at once, as at its
 * deadline). Under the mutex. */
void ggp_play_poll(player *pl, bool now);
/* Append to rq's note the yield and margin its deadline was planned
 * with (pl->plan_yield, pl->plan_margin). */
void ggp_plan_note(const player *pl, request *rq);
/* Set the idle agent pondering when nothing waits for it. Under the
 * mutex. */
void ggp_ponder_poll(player *pl);

#endif
