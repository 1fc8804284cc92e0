/*
 * treesearch.h - searches of one-player game trees (puzzles such as swap9
 * and npuzzle): the genetic search of Hwang, Hong and Lin, "A Study on
 * Applying Genetic Algorithms to Game Search Trees" (section 3), their
 * depth-first baseline (section 4), depth-first iterative deepening, and
 * IDA* with an admissible heuristic, which gives the optimum the paper
 * lacks.
 *
 * A sequence of move codes is played from the start by decoding: each
 * code is an action id in [0, nactions); a code that is not legal in the
 * state reached (an npuzzle move into the wall) is skipped, and decoding
 * stops when the game ends (solved, or out of moves). In swap9 every code
 * is legal until the puzzle is solved, as in the paper. The value of a
 * sequence is evaluate() of the state it leads to (swap9: F, 18 when
 * solved; npuzzle: minus the Manhattan distance, 0 when solved); its
 * errors are how far that is from solved (swap9: 18 - F; npuzzle: the
 * Manhattan distance). A game needs evaluate() at every state.
 *
 * Time limits make results depend on the machine; with seconds = 0 every
 * search is deterministic (the GA given its rng).
 */
#ifndef GAMELEARN_TREESEARCH_H
#define GAMELEARN_TREESEARCH_H

#include "gamelearn/game.h"

enum { GL_TS_DEPTH_MAX = 256 };

/* What a search found. */
typedef struct gl_ts_result {
	int len;            /* codes in seq */
	gl_action seq[GL_TS_DEPTH_MAX]; /* the best sequence found */
	int value;          /* evaluate() where seq leads */
	int errors;         /* distance from solved there (0: solved) */
	bool solved;        /* seq solves the puzzle */
	bool complete;      /* the search ran to the end (no time cut) */
	int depth;          /* dfs: D; iddfs/idastar: last depth or bound finished */
	int gens;           /* ga: generations done */
	int found_gen;      /* ga: generation in which the best first appeared */
	uint64_t nodes;     /* states generated (ga: decoded moves) */
	uint64_t evals;     /* ga: fitness evaluations (the first N, then
			       every child: N + G * (2 * pairs + mutants)) */
	double seconds;     /* wall-clock time taken */
} gl_ts_result;

/* The GA's parameters (the paper's example: depth 15, pop 10, gens 50,
 * pc 0.5, pm 0.1, 10 seconds; its Table 3-4 shows five mutants a
 * generation, which no reading of pm 0.1 gives: mutants = 5 is that). */
typedef struct gl_ts_ga_params {
	int depth;      /* D: codes per individual, 1..GL_TS_DEPTH_MAX */
	int pop;        /* N */
	int gens;       /* G: generations (0: only the time limit) */
	double pc, pm;  /* crossover and mutation rates (see ga.h) */
	int mutants;    /* O: mutants a generation, 1..pop (0: from pm,
			   max(1, round(pm * pop))); pm is then ignored */
	double seconds; /* time limit (0: none) */
} gl_ts_ga_params;

/* Whether g is a puzzle the searches can run on: one player, with
 * evaluate(). Returns 0 or GL_EINVAL with the reason. */
int gl_ts_check(const gl_game *g, gl_err *err);

/* Play codes seq[0..len-1] from state s (decoding as above) and return the
 * value reached; *used (may be NULL) gets the number of codes played.
 * moves is the caller's scratch, room for g->max_legal moves (the legality
 * check's list), so that decoding, the GA's inner loop, allocates nothing. */
int gl_ts_play(const gl_game *g, void *s, const gl_action *seq, int len,
	gl_action *moves, int *used);

/* The errors of a value in g (18 - F in swap9, -value in npuzzle and any
 * other puzzle whose evaluate() is 0 when solved). */
int gl_ts_errors(const gl_game *g, int value);

/* The genetic search from the start state. Returns 0 or GL_EINVAL (not a
 * puzzle, bad parameters) / GL_ENOMEM. The searches below allocate their
 * states and move lists (one per ply) once per call and return GL_ENOMEM
 * too when they cannot. */
int gl_ts_ga(const gl_game *g, const gl_ts_ga_params *p, gl_rng *rng,
	gl_ts_result *out, gl_err *err);

/* Depth-first enumeration of every sequence of exactly depth legal moves
 * from the start (fewer where the game ends), keeping the first best
 * leaf; with a time limit (seconds > 0) the best found so far. */
int gl_ts_dfs(const gl_game *g, int depth, double seconds, gl_ts_result *out,
	gl_err *err);

/* Depth-first iterative deepening to depth 0, 1, ... max_depth: stops at
 * the first depth with a solution (a shortest one), else reports the best
 * state seen. Skips moves known to be wasted (swap9: code 0 and undoing
 * the last swap; npuzzle: undoing the last slide). */
int gl_ts_iddfs(const gl_game *g, int max_depth, double seconds,
	gl_ts_result *out, gl_err *err);

/* IDA* with an admissible heuristic (swap9: the total toroidal distance
 * divided by 2 per swap, rounded up; npuzzle: Manhattan distance): an
 * optimal solution if one is within max_depth. GL_EINVAL for a puzzle
 * without a known heuristic. */
int gl_ts_idastar(const gl_game *g, int max_depth, double seconds,
	gl_ts_result *out, gl_err *err);

#endif
