/*
 * agent.h - the one agent interface: everything that chooses moves (the
 * standard opponents, search, a person, and every learner) is an agent,
 * and every match, tournament and training run plays agents through it.
 *
 * An agent type is a const descriptor of callbacks listed in a registry;
 * an agent instance is made for one game instance from a spec string
 * "NAME[:key=value,...]" (as games are). An agent sizes what it needs
 * from its game (g->max_legal moves, g->state_size bytes a state) in
 * init, so that choose() allocates nothing. A match calls, in order:
 * begin() once, then for each move choose() (only on the agent's own
 * turns) and observe() (every agent, every move, its own included), then
 * end() with every player's goal value. Learners learn in observe()/end()
 * and keep what they learned across matches; save()/load() persist it.
 */
#ifndef GAMELEARN_AGENT_H
#define GAMELEARN_AGENT_H

#include "gamelearn/game.h"

#include <stdatomic.h>

typedef struct gl_agent gl_agent;
typedef struct gl_agent_type gl_agent_type;

struct gl_agent {
	const gl_agent_type *type;
	const gl_game *game;    /* the game it plays; not owned */
	char spec[GL_SPEC_MAX]; /* canonical spec */
	int role;               /* its player index in the current match */
	gl_rng rng;             /* seeded by begin() for each match */
	void *data;             /* the type's private state; owned */
	/* Set and true: a choose() on the clock returns soon with the best
	 * move it has (a GGP player whose match was stopped or aborted while
	 * the agent thought). NULL (gl_agent_new's): none. uct and
	 * alphabeta read it; an agent that does not runs to its time. */
	const atomic_bool *stop;
	/* The best move a choose() on the clock has found so far, published
	 * as it searches (gl_agent_publish), so that a GGP player can send
	 * it at its deadline without waiting for choose() to return. 0: none
	 * (else 1 << 32 | the move). Read it with gl_agent_best. */
	atomic_uint_least64_t best;
};

/*
 * Required callbacks are marked [R]; others may be NULL. Callbacks that
 * return int return 0 or a GL_E* code with a message in err.
 */
struct gl_agent_type {
	const char *name;    /* [R] registry name */
	const char *summary; /* [R] one line for `gamelearn agents` */
	const gl_param_def *params; /* ending with {NULL}; or NULL */
	/* Whether the agent can play g (e.g. a solver needs a small game);
	 * NULL: every game. On false, err says why. */
	bool (*supports)(const gl_game *g, gl_err *err);

	/* [R] Set up a->data from the resolved parameters for a->game. On
	 * failure it frees what it allocated; done() is not called. */
	int (*init)(gl_agent *a, const gl_params *p, gl_err *err);
	/* Free a->data. */
	void (*done)(gl_agent *a);
	/* Start of a match: a->role and a->rng are set before it is called. */
	int (*begin)(gl_agent *a, gl_err *err);
	/* [R] Choose a legal move in s (not terminal, a->role to move). */
	int (*choose)(gl_agent *a, const void *s, gl_action *move, gl_err *err);
	/* Move `move` was played by `player` in s (the state before it).
	 * When a person takes moves back (play's undo), the agent is begun
	 * again and told the moves that stand. */
	void (*observe)(gl_agent *a, const void *s, int player, gl_action move);
	/* The match ended in state s with these goal values. */
	void (*end)(gl_agent *a, const void *s, const int *goals);
	/* Persist and restore what the agent learned (written atomically). */
	int (*save)(const gl_agent *a, const char *path, gl_err *err);
	int (*load)(gl_agent *a, const char *path, gl_err *err);
	/* Think on time that is not the agent's: the start clock, the other
	 * players' turns, a GGP player's wait between messages. s is the
	 * match's state as last observed (begin() or observe() told of it;
	 * not terminal; anyone may be to move). Returns when *stop is true or
	 * `seconds` have passed (0: only *stop ends it), keeping what it
	 * found for its next choose(). Never called while choose() runs.
	 * NULL: the agent does not ponder. */
	int (*ponder)(gl_agent *a, const void *s, double seconds,
		const atomic_bool *stop, gl_err *err);
	/* The time choose() may take from now on, in seconds (a GGP player
	 * sets it from each play clock less its margin). NULL: the agent's
	 * own parameters decide. */
	void (*set_time)(gl_agent *a, double seconds);
};

/* The library's agent types, ending with NULL. */
const gl_agent_type *const *gl_agent_types(void);
/* Named players, ending with {NULL, NULL}: a name that gl_agent_new
 * reads as its spec, e.g. checkers-champion (checkers' shipped evolved
 * weights with quiescence, 1 s a move; docs/CHECKERS.md). */
const gl_preset *gl_agent_presets(void);

/* Make an agent from spec for game g, looking the name up in the presets
 * (whose spec comes first, the user's parameters after), the library's
 * registry and then in `extra` (ending with NULL; may be NULL: the CLI adds
 * its `human` agent this way). NULL with a one-line message on failure. */
gl_agent *gl_agent_new(const char *spec, const gl_game *g,
	const gl_agent_type *const *extra, gl_err *err);
/* Free a and what it learned (NULL is a no-op); save first to keep it.
 * The game it plays is not freed. */
void gl_agent_free(gl_agent *a);

/* --- Matches ---------------------------------------------------------------- */

/* A played match: the moves in order and the final goal values. */
typedef struct gl_match {
	gl_action *moves; /* nmoves moves, owned (gl_match_done frees) */
	int nmoves;
	int cap;
	int goals[GL_PLAYERS_MAX];
} gl_match;

/* Make m empty (no allocation until a move is recorded). */
void gl_match_init(gl_match *m);
/* Free m's moves; m is empty again and may be reused. */
void gl_match_done(gl_match *m);

/* Play one match of g between agents[0..nplayers-1] (agents[p] plays
 * player p) from the start state, with seed deriving each agent's
 * generator. Records the moves into m (which may be NULL). Returns 0 or
 * an error (an agent failed or chose an illegal move: err names it;
 * GL_ERANGE where the game goes on past g->max_length moves, a GDL game
 * whose rules never end it; GL_ENOMEM for the match's state and move
 * list, sized from g). */
int gl_match_play(const gl_game *g, gl_agent *const *agents, uint64_t seed,
	gl_match *m, gl_err *err);

/* --- Helpers for agents -------------------------------------------------------- */

/* The best move so far (gl_agent.best): an agent publishes it from its
 * choose() as its search goes (uct and alphabeta do, from their first
 * iteration on); whoever runs choose() in another thread clears it
 * before (unpublish) and may read it at any time (best: true and *move,
 * false when none). */
void gl_agent_publish(gl_agent *a, gl_action move);
void gl_agent_unpublish(gl_agent *a);
bool gl_agent_best(gl_agent *a, gl_action *move);

/* A uniformly random legal move of s (not terminal). moves is the
 * caller's scratch with room for g->max_legal moves (an agent makes it in
 * init); it is overwritten with the legal moves of s. */
gl_action gl_random_move(const gl_game *g, const void *s, gl_rng *rng,
	gl_action *moves);

#endif
