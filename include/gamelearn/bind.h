/*
 * bind.h - plain calls for language bindings (the Python package
 * `gamelearn`, python/), which reach the library through its exported
 * functions alone (ctypes): what they would otherwise read from the
 * structs or call through a descriptor's callbacks, an observation of a
 * state as numbers, random playouts that give each playout's goals, an
 * agent stepped move by move outside a match, and an experiment run from
 * options given as name and value. Nothing here prints or exits; every
 * function that can fail returns 0 or a GL_E* code with a one-line
 * message in err.
 */
#ifndef GAMELEARN_BIND_H
#define GAMELEARN_BIND_H

#include "gamelearn/agent.h"
#include "gamelearn/experiment.h"
#include "gamelearn/game.h"

/* --- Games ------------------------------------------------------------------ */

/* What a binding needs to know of a game instance, copied out of it. */
typedef struct gl_bind_info {
	unsigned state_size;  /* bytes per state */
	unsigned nplayers;
	int32_t nactions;     /* action ids lie in [0, nactions) */
	unsigned max_legal;   /* most legal moves of a state */
	unsigned max_length;  /* most moves of a game */
	unsigned bulk;        /* playouts played at once (64: bit-parallel) */
	int simultaneous;     /* 1: the game has rounds of simultaneous moves
				 (sequentialised: game.h's hidden) */
	int obs_rank;         /* dimensions of the observation, 1 or 3 */
	int obs_shape[3];     /* its shape (obs_rank entries) */
	int obs_kind;         /* GL_OBS_* below: what the observation holds */
} gl_bind_info;

/* What an observation (gl_bind_observe) holds. */
enum {
	GL_OBS_CELLS = 1,    /* board cells as planes (1 + nplayers, rows,
				cols): plane 0 the empty cells, plane 1 + p
				player p's; 1.0 where so, else 0.0 */
	GL_OBS_PROPS = 2,    /* the base propositions (GDL), 1.0 true */
	GL_OBS_FEATURES = 3, /* the game's feature vector (g->nfeatures) */
	GL_OBS_BYTES = 4,    /* the state's bytes, each 0..255 */
	GL_OBS_PLANES = 5    /* the game's own planes (game.h's planes():
				connect's cells, nim's heaps in unary, the
				puzzles' tiles one-hot), 1.0 or 0.0 */
};

/* Fill *out from g. */
void gl_bind_info_of(const gl_game *g, gl_bind_info *out);
/* The observation of s as floats into out (room for the product of the
 * shape's dimensions; gl_bind_info_of says which kind it is): the game's
 * planes where it has planes(), else a board's cells where it has
 * cells(), a GDL game's base propositions, else the game's features,
 * else the state's bytes. Returns 0, or GL_ENOMEM (err set) for the
 * buffer of planes, cells or features it allocates for the call. */
int gl_bind_observe(const gl_game *g, const void *s, float *out, gl_err *err);
/* The number of players who have chosen, unseen, in the current round of
 * simultaneous moves of s (game.h's hidden(); 0 where there is none). */
int gl_bind_hidden(const gl_game *g, const void *s);
/* The legal moves of player in s into moves (room for g->max_legal),
 * ascending, their number into *count (0 once the game is over). In a
 * GDL game, the moves the rules give that role in s, whichever role the
 * library's order of a round of simultaneous moves has choose next (a
 * role with only noop has that one; a choice already made in the round
 * does not change them); in any other game, the player to move's, and
 * none for the others. Returns 0, or GL_EINVAL (player not in 0 ..
 * nplayers - 1) or GL_ENOMEM (the GDL evaluator made for the call of a
 * role not the one to move) with err set. */
int gl_bind_legal_of(const gl_game *g, const void *s, int player,
	gl_action *moves, int *count, gl_err *err);
/* Move text parsed into *a, whether legal in s or not (the type's
 * parse_move): 0, or GL_EPARSE with a message. */
int gl_bind_parse_move(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err);
/* Whether a is one of the legal moves of s (allocates a move list for
 * the call); -1 when out of memory. */
int gl_bind_is_legal(const gl_game *g, const void *s, gl_action a);

/* Play a in s if it is one of the legal moves of s (listed into moves,
 * room for g->max_legal): 0, or GL_EILLEGAL with a message naming the
 * move (GL_EINVAL when s is terminal or a is no action id of g); s is
 * then unchanged. */
int gl_bind_play(const gl_game *g, void *s, gl_action a, gl_action *moves,
	gl_err *err);

/* n random playouts from s (every player a uniformly random legal move,
 * drawn from one generator seeded with seed), playout k's goals into
 * goals[k * nplayers + p]: for a GDL game on its network (g->bulk >
 * 1) outside a round of simultaneous moves, 64 at a time, bit-parallel,
 * a lane that ends taking the next playout at once (gdl.h's
 * gdl_batch_goals); inside one, 64 at a time through the type's
 * playouts_each(); else one by one through legal() and apply(). A playout that g->max_length moves did not finish ends
 * there, with the goals the rules give its last state. The moves made in all go to *moves (may be NULL). Returns 0, or
 * GL_ENOMEM / GL_EINVAL (n < 0) with err set. */
int gl_bind_playouts(const gl_game *g, const void *s, long n, uint64_t seed,
	int *goals, uint64_t *moves, gl_err *err);

/* The same playouts' goals summed, each player's into sums[p] (nplayers
 * entries): through the type's playouts() where it has one (GDL on its
 * network: 64 lanes kept full, a lane that ends taking the next playout
 * at once, as `gamelearn bench --playouts` times them: the same draws
 * as gl_bind_playouts's from a GDL game's state outside a round, so the
 * same sums), else one by one as above. Returns
 * 0 or GL_ENOMEM / GL_EINVAL with err set. */
int gl_bind_playout_sums(const gl_game *g, const void *s, long n,
	uint64_t seed, int64_t *sums, uint64_t *moves, gl_err *err);

/* --- Agents ------------------------------------------------------------------- */

/* Begin a match for a as player role, its generator split from seed as
 * gl_match_play does (gl_rng_split(seed, role)). */
int gl_bind_agent_begin(gl_agent *a, int role, uint64_t seed, gl_err *err);
/* a chooses its move in s (not terminal) into *move, playing the player
 * to move there (a->role is set to it); GL_EINVAL when s is terminal,
 * GL_EILLEGAL when the agent chose a move that is not legal. */
int gl_bind_agent_choose(gl_agent *a, const void *s, gl_action *move,
	gl_err *err);
/* Tell a that player played move in s (the state before it). */
void gl_bind_agent_observe(gl_agent *a, const void *s, int player,
	gl_action move);
/* Tell a that the match ended in s (terminal) with its goals. */
void gl_bind_agent_end(gl_agent *a, const void *s);
/* Save and load what a learned; GL_EINVAL when its type keeps nothing. */
int gl_bind_agent_save(const gl_agent *a, const char *path, gl_err *err);
int gl_bind_agent_load(gl_agent *a, const char *path, gl_err *err);

/* --- Experiments ---------------------------------------------------------------- */

/* Run experiment name with the options names[i] = values[i] (i < n; a
 * flag's value is ignored), its pieces of work on a pool of threads
 * (its --threads, else every core; the report is the same for any
 * count), with dir as the run's folder; the report into *out (free with
 * gl_bind_report_free). Returns 0, or GL_EINVAL for an unknown
 * experiment or option (the message names it), or the experiment's
 * error. */
int gl_bind_exp_run(const char *name, int n, const char *const *names,
	const char *const *values, const char *dir, gl_report **out,
	gl_err *err);
void gl_bind_report_free(gl_report *r);
/* The report's text, tables and figures (read-only, owned by r). */
const char *gl_bind_report_text(const gl_report *r);
int gl_bind_report_ntables(const gl_report *r);
const gl_table *gl_bind_report_table(const gl_report *r, int i);
int gl_bind_report_nfigures(const gl_report *r);
const gl_figure *gl_bind_report_figure(const gl_report *r, int i);
int gl_bind_report_nnotes(const gl_report *r);
const gl_note *gl_bind_report_note(const gl_report *r, int i);

#endif
