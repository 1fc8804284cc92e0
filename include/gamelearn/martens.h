/*
 * martens.h - what Martens' learners show beyond the agent interface:
 * the machine of Note I (agent `martens`) and the L-automaton of Note II,
 * section 5 (agent `lauto`) of H. H. Martens, "Two Notes on Machine
 * 'Learning'", Information and Control 2 (1959). Both are made, played,
 * saved and loaded as agents (agent.h); this header only adds a look at
 * their memory, a drawing of it, the exact judge of mistakes that the
 * L-behaviour experiments count with, and the teachers of the experiment
 * `martens` (a person model, the misere game's perfect player).
 */
#ifndef GAMELEARN_MARTENS_H
#define GAMELEARN_MARTENS_H

#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"

/* Rules of section 1.3 as reported in gl_martens_info.last_rule. */
enum {
	GL_MARTENS_RULES = 6 /* rules 1..6; 0 means no move made yet */
};

/* A look at a `martens` agent. */
typedef struct gl_martens_info {
	int won;             /* won configurations in memory */
	int hopeless;        /* hopeless configurations in memory (all tiers) */
	int hopeless_exact;  /* of which tier 2: hopeless without symmetries */
	int ntrans;          /* symmetries of the board's square (8, or 4) */
	unsigned invalid;    /* bit t: transformation t recorded invalid */
	int erasures;        /* memory erasures (identity found invalid) */
	int last_rule;       /* rule (1..6) of the last move chosen; 0 none */
	int last_trans;      /* transformation used by that move (rules 1-4) */
	int last_entry;      /* memory entry index used by it, or -1 */
	int admissible;      /* admissible moves at the last choice */
	int plays;           /* plays ended (end() calls) since made/loaded */
} gl_martens_info;

/* Fill *out for agent a, which must be a `martens` agent. Returns 0 or
 * GL_EINVAL (another agent type). */
int gl_martens_info_get(const gl_agent *a, gl_martens_info *out);

/* Name of transformation t of an n-cell-square board ("id", "r90",
 * "r180", "r270", "mh", "mv", "d", "ad"), or "?" out of range. */
const char *gl_martens_trans_name(int t);

/* Draw a `martens` agent's memory into sb: invalid transformations,
 * registers, then up to max won and max hopeless configurations (the
 * latest ones; max < 0: all) as boards side by side, X the machine.
 * Returns 0 or GL_EINVAL (another agent type). */
int gl_martens_describe(const gl_agent *a, gl_strbuf *sb, int max);

/* The number of e-strings an `lauto` agent has listed in memory, or -1
 * for another agent type. */
long gl_lauto_size(const gl_agent *a);

/* Write an `lauto` agent's memory into sb, up to max entries (max < 0:
 * all), each as its moves in the game's notation and its evaluation.
 * Returns 0 or GL_EINVAL. */
int gl_lauto_describe(const gl_agent *a, gl_strbuf *sb, long max);

/* --- The judge of mistakes --------------------------------------------------
 * Exact values, for one player (the seat), of a small two-player game's
 * positions under an evaluation of its ends: the game's goals, or their
 * reverse (misere: 100 - goal). The judged player maximises; the
 * opponent picks the worst for it among the replies that opponent can
 * make: any legal move (GL_JUDGE_ANY), only the moves best for the
 * opponent under the game's own goals, as `perfect` plays
 * (GL_JUDGE_PERFECT), or only the moves best for the opponent under the
 * same evaluation read from its side, as a perfect player of the misere
 * game plays when misere (GL_JUDGE_PERFECT_SAME; the same as
 * GL_JUDGE_PERFECT under the game's goals). This is the paper's
 * "superior" (every input the environment can give counts): a move
 * valued below the best of its node is a mistake. Memoised over states in
 * a table that grows geometrically, up to 16M states. */
typedef struct gl_judge gl_judge;

/* Whom the judged player faces (gl_judge_new's opponent). */
enum { GL_JUDGE_ANY = 0, GL_JUDGE_PERFECT = 1, GL_JUDGE_PERFECT_SAME = 2 };

/* A judge for player seat of g (two players; g must outlive it) facing
 * opponent (GL_JUDGE_*; a bool true is GL_JUDGE_PERFECT), with its
 * search's move lists and states (one per ply of the longest game,
 * g->max_length, sized from g) allocated here. NULL with a message on
 * failure. */
gl_judge *gl_judge_new(const gl_game *g, int seat, bool misere, int opponent,
	gl_err *err);
void gl_judge_free(gl_judge *j);
/* The judged player's value (0..100) of each legal move of s (not
 * terminal): moves and values with room for g->max_legal, count in *n.
 * Returns 0, GL_EINVAL (terminal), GL_ENOMEM or GL_ERANGE (too many
 * states, or a line longer than g->max_length). */
int gl_judge_moves(gl_judge *j, const void *s, gl_action *moves, int *values, int *n);

/* --- The experiment's teachers -----------------------------------------------
 * The opponents the experiment `martens` teaches with besides `perfect`
 * (src/exp/martens_teachers.c), as agent types to pass as gl_agent_new's
 * extra list (ending with NULL):
 *   person:blunder=B,lines=L,depth=D,seed=S,open=C,nodiag=0|1 - a model
 *     of a person: each play one of L opening lines (fixed by S), a line
 *     fixing its first D own moves among the best; then the exact
 *     solver's play, but a uniformly random legal move with probability
 *     B; open=C makes cell C its first move when it moves first; nodiag=1
 *     never completes a diagonal of a 3x3 board itself.
 *   misere - the perfect player of the misere game (every goal g read as
 *     100 - g), by the exact judge below; random among equal best moves.
 *   diag:extra=0|1 - tic-tac-toe, plays for a diagonal: three marks, or
 *     (extra=1) a side cell first so that the diagonal wins with four;
 *     blocks the other side's two-in-a-row. */
const gl_agent_type *const *gl_martens_teachers(void);

#endif
