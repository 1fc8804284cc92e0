/*
 * search.h - game-tree search over any game of game.h: a depth-limited
 * alpha-beta opponent with iterative deepening and a transposition table,
 * a plain minimax reference for tests, and an exact solver that returns
 * game-theoretic values (goal 0..100 under perfect play).
 *
 * Scores. A search value is from the point of view of the player to move
 * at the state searched (negamax). Inside the horizon it is the game's
 * evaluate() (or 0 for games without one), which lies strictly inside
 * (-GL_EVAL_INF, GL_EVAL_INF). A line that ends the game scores
 * (goal - 50) * GL_SEARCH_UNIT for that player, pulled towards 0 by one
 * per ply from the root, so that quicker wins and slower losses are
 * preferred; a draw (goal 50) scores exactly 0. Every goal other than 50
 * therefore outweighs every evaluation. gl_search_score_goal() decodes.
 *
 * Players. One-player games maximise throughout. In two-player games a
 * move that leaves the same player to move is not negated. With more than
 * two players the search is paranoid: the player to move at the root
 * against all the others as one team.
 *
 * Neither search nor solver allocates after its _new() (which sizes move
 * lists and states from the game: g->max_legal and g->state_size, per
 * ply), prints, or keeps global state; one object serves one thread at a
 * time.
 */
#ifndef GAMELEARN_SEARCH_H
#define GAMELEARN_SEARCH_H

#include "gamelearn/game.h"

#include <stdatomic.h>

/* Score per goal point away from 50 at a game's end. */
#define GL_SEARCH_UNIT 20000000
/* Score of a win (goal 100) at the root; every score is inside
 * [-GL_SEARCH_WIN, GL_SEARCH_WIN]. */
#define GL_SEARCH_WIN (50 * GL_SEARCH_UNIT)

enum {
	GL_SEARCH_MAX_DEPTH = 100, /* deepest iteration, in plies */
	GL_SEARCH_PV_MAX = 32      /* principal variation kept in results */
};

typedef struct gl_search gl_search;

/* A budget: each kind with a 0 is unlimited. The search stops at the
 * first that runs out. With all three 0 it deepens until the value is a
 * proven win or loss, or the whole game tree (g->max_length plies) or
 * GL_SEARCH_MAX_DEPTH is searched, which may take very long. */
typedef struct gl_limits {
	int depth;      /* deepest iteration, in plies (capped at MAX_DEPTH) */
	uint64_t nodes; /* nodes visited */
	double seconds; /* wall-clock time */
} gl_limits;

/* What gl_search_run found. */
typedef struct gl_search_result {
	gl_action best;   /* always a legal move of the state searched */
	int value;        /* score of best for the player to move */
	int depth;        /* depth of the last completed iteration (0: none) */
	bool partial;     /* best comes from an iteration the budget cut
			     short (its first move was searched in full) */
	uint64_t nodes;   /* nodes visited in this run */
	double seconds;   /* time this run took */
	int pv_len;       /* moves in pv */
	gl_action pv[GL_SEARCH_PV_MAX]; /* expected line, starting with best */
} gl_search_result;

/*
 * Make a search for game g (which must outlive it) with a transposition
 * table of about tt_bytes (rounded down to a power of two of buckets;
 * 0: 16 MiB). Everything it needs is allocated here. NULL with a message
 * in err on failure.
 */
gl_search *gl_search_new(const gl_game *g, size_t tt_bytes, gl_err *err);
/* Free s (NULL is a no-op). */
void gl_search_free(gl_search *s);
/* Forget everything learned by earlier runs: transposition table,
 * killer moves, history. Runs after a clear behave as in a new search. */
void gl_search_clear(gl_search *s);
/* An evaluation to use at the horizon instead of the game's evaluate():
 * the value of non-terminal s for the player to move, strictly inside
 * (-GL_EVAL_INF, GL_EVAL_INF). ctx is what gl_search_set_eval was given.
 * It must not allocate: it runs at every leaf. */
typedef int (*gl_eval_fn)(void *ctx, const gl_game *g, const void *s);

/* Evaluate with fn(ctx, ...) from the next run on (fn NULL: the game's own
 * evaluate(), the default). ctx is borrowed and must outlive its use.
 * Clears the table: values stored under another evaluation are stale. */
void gl_search_set_eval(gl_search *s, gl_eval_fn fn, void *ctx);

/*
 * Forward pruning (off by default: width 0). At every node below the root
 * with at least three plies left to search, each move is scored by a
 * two-ply lookahead (the move, then the reply the evaluation likes best
 * for the opponent; a game end by its goal), and only the `width` best
 * moves, the table's move always among them, are searched; the others
 * are dropped unsearched. The lookahead's positions count as nodes. Runs to a fixed depth are then no longer
 * exact minimax, but reach deeper in the same time along the lines the
 * evaluation likes: the improvement the checkers-GA excerpt names.
 * Clears the table.
 */
void gl_search_set_prune(gl_search *s, int width);

/*
 * Quiescence (off by default): at the horizon, a state where the game's
 * noisy() says a capture is pending is not evaluated but searched on,
 * every legal move, until each line is quiet or the game ends (within
 * the node and time budget and GL_SEARCH_MAX_DEPTH plies from the root).
 * The extended nodes count as nodes. Games without noisy() ignore it.
 * Runs to a fixed depth are then minimax over the extended tree, no
 * longer gl_minimax's. Clears the table.
 */
void gl_search_set_quiesce(gl_search *s, bool on);

/* Shuffle the root moves of each run with rng (NULL: no shuffle, the
 * default) so that equal-valued moves vary between games; deterministic
 * given rng's state. rng is borrowed and must outlive its use. */
void gl_search_set_rng(gl_search *s, gl_rng *rng);

/* A watcher of each run: after every iteration at the root (a partial
 * one too, when its first move was searched in full) report(ctx, best,
 * depth) is told the run's best move so far, from the first iteration
 * on; and when stop is not NULL and becomes true, the run ends as if
 * its time had run out (checked as often as the clock). Either may be
 * NULL; both are borrowed and must outlive their use. Called in the
 * thread of gl_search_run; report must allocate nothing. */
void gl_search_set_watch(gl_search *s, void (*report)(void *ctx,
	gl_action best, int depth), void *ctx, const atomic_bool *stop);

/*
 * Search state (non-terminal) by iterative deepening under the budget
 * lim (NULL: no limits) and write the outcome into out. The table and
 * heuristics persist between runs (a game's successive moves share
 * work), but a run to a fixed depth returns the same value, exactly
 * gl_minimax(g, state, depth), whatever earlier runs left behind: table
 * entries cut the search off only at their own depth (with the game's own
 * evaluation, no forward pruning and no quiescence).
 * When the time or node budget runs out mid-iteration, best is that of
 * the last completed iteration, or the best so far of the cut one if its
 * first move was searched in full; if not even one move was searched,
 * best is the first move tried, with value 0 and depth 0.
 * Returns 0, or GL_EINVAL if state is terminal (out untouched).
 */
int gl_search_run(gl_search *s, const void *state, const gl_limits *lim,
	gl_search_result *out);

/*
 * Plain fixed-depth negamax from state (non-terminal) without pruning or
 * table: the reference the tests hold gl_search_run to, on the same score
 * scale, into *value. depth 0 is the evaluation of state; a terminal
 * state gives 0. Allocates one gl_scratch for the call (a move list and a
 * state per ply). Returns 0 or GL_ENOMEM (err, which may be NULL, says so).
 */
int gl_minimax(const gl_game *g, const void *state, int depth, int *value,
	gl_err *err);

/*
 * Decode a score: whether it comes from the end of the game (rather than
 * an evaluation), and if so the goal the player gets there and in how
 * many plies from the searched state. goal and plies may be NULL. A draw
 * (score 0) is not decoded: it is indistinguishable from an even
 * evaluation.
 */
bool gl_search_score_goal(int value, int *goal, int *plies);

/* --- The exact solver -------------------------------------------------------
 * The value of a state is the goal (0..100) the player to move gets under
 * perfect play: in two-player games whose goals sum to 100, against a
 * perfect opponent; in one-player games, the best goal of a reachable
 * end. At a terminal state it is the goal of the player to_move() names.
 * Alpha-beta over goal values with its own table of bounds, to the end of
 * the game: only for small games. Games of more than two players are
 * refused. */

typedef struct gl_solver gl_solver;

/* Make a solver for g (which must outlive it) with a table of about
 * tt_bytes (0: 64 MiB; 16 bytes an entry). NULL with a message in err on
 * failure, or if g has more than two players. */
gl_solver *gl_solver_new(const gl_game *g, size_t tt_bytes, gl_err *err);
/* Free sv (NULL is a no-op). */
void gl_solver_free(gl_solver *sv);
/* Forget the table (values are never stale: the game is fixed, so a
 * clear only costs time). */
void gl_solver_clear(gl_solver *sv);
/* Give up after about `nodes` more nodes per call of gl_solve or
 * gl_solve_moves (0: never, the default): the call then fails with
 * GL_ERANGE ("too big to solve"). */
void gl_solver_set_limit(gl_solver *sv, uint64_t nodes);

/* Give up after about `seconds` of wall-clock time per call of gl_solve
 * or gl_solve_moves (0: never, the default), failing with GL_ERANGE. The
 * clock is read every 2^14 nodes. */
void gl_solver_set_time(gl_solver *sv, double seconds);

/* Called with the nodes visited so far (since the solver was made) about
 * every 2^20 nodes of a call, from inside the search: it must be quick
 * and must not use sv. ctx is borrowed. */
typedef void (*gl_solver_progress_fn)(void *ctx, uint64_t nodes);
/* Report progress to fn(ctx, ...) from the next call on (fn NULL: none,
 * the default). */
void gl_solver_set_progress(gl_solver *sv, gl_solver_progress_fn fn,
	void *ctx);

/* The value of state for the player to move into *value. Returns 0, or
 * GL_ERANGE if the node or time limit ran out or a line went deeper than
 * the solver's ply cap (g->max_length, at most 2000);
 * gl_solver_message() then says which. */
int gl_solve(gl_solver *sv, const void *state, int *value);
/* Each legal move of state (non-terminal) with its exact value for the
 * player to move at state: moves in legal() order into moves, values into
 * values (both with room for g->max_legal), their count into *n. Returns
 * 0, GL_EINVAL if state is terminal, or GL_ERANGE as gl_solve. */
int gl_solve_moves(gl_solver *sv, const void *state, gl_action *moves,
	int *values, int *n);
/* Nodes visited since the solver was made. */
uint64_t gl_solver_nodes(const gl_solver *sv);
/* Why the last gl_solve or gl_solve_moves gave up, one line without the
 * game's name ("node limit of 1000 reached"); "" if it did not. Owned
 * by sv, valid until its next call. */
const char *gl_solver_message(const gl_solver *sv);

/* How big solving state (non-terminal) of a two-player game would be,
 * before trying: the log10 of an estimate of the nodes of the minimal
 * alpha-beta tree, b^(L/2). The branching factor b comes from perft
 * growth at depths up to 4; the length L is the mean length of 16 seeded
 * random playouts from state, raised towards three quarters of
 * g->max_length (at most to 1.25 times the mean), as perfect play lasts
 * longer than random. Rough (transpositions are ignored), but quick
 * (milliseconds for every native game) and enough to tell a game that
 * solves in seconds from one that would run for years. Meaningless for
 * one-player games, whose search stops at the first full solution. The b
 * and L used go into *branching and *length (either may be NULL), the
 * estimate into *estimate. Deterministic. Returns 0, or an error of
 * gl_perft (GL_ENOMEM for its buffers, or GL_ERANGE) with err set. */
int gl_solve_estimate(const gl_game *g, const void *state, double *estimate,
	double *branching, double *length, gl_err *err);

#endif
