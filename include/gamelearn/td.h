/*
 * td.h - the Banerjee-Stone learners (B. Banerjee and P. Stone, "General
 * Game Learning using Knowledge Transfer", IJCAI 2007): afterstate
 * TD(lambda) (section 2.2, equation 2), game-tree lookahead features with
 * a canonical form that is the same in every game (section 3), their
 * values learned against an opponent, and the agent `td` with
 * init=baseline|lookahead|transfer (section 4).
 *
 * Everything here plays through game.h alone, so any two-player game of
 * the registry (and GDL games later) works unchanged.
 *
 * A lookahead feature is written as a canonical text: a terminal node is
 * its class for the learner, W (win), D (draw) or L (loss); a non-terminal
 * node at the lowest level is N; a non-terminal node above it is
 * "N(" the sorted, distinct texts of its children joined by ",")". Equal
 * siblings thus coalesce (first the leaves, then identical subtrees one
 * level up, as the paper says) and two trees with the same structure have
 * the same text whatever game they come from. Example: "N(L,N(N,W))": the
 * opponent can win at once, or else the learner can sometimes win next.
 * A terminal afterstate's feature is its class alone ("W", "D", "L").
 */
#ifndef GAMELEARN_TD_H
#define GAMELEARN_TD_H

#include "gamelearn/agent.h"

enum {
	GL_FEATURE_TEXT = 256,    /* room for one canonical feature text */
	GL_FEATURE_DEPTH_MAX = 4  /* largest lookahead depth below the afterstate */
};

/* --- Lookahead trees (src/learners/features.c) ---------------------------- */

/* The work space of the two functions below for g: a move list and a
 * state per level of lookahead (GL_FEATURE_DEPTH_MAX of each, sized from
 * g), made once by their caller (the td agent: at init) so that a
 * lookahead allocates nothing. Returns 0 or GL_ENOMEM; free with
 * gl_scratch_done. */
int gl_lookahead_scratch(gl_scratch *w, const gl_game *g, gl_err *err);

/* The canonical text of the lookahead tree under afterstate s for the
 * learner `role` (the player who moved into s), expanded depth more moves
 * (0..GL_FEATURE_DEPTH_MAX; the paper's depth is 2), with w from
 * gl_lookahead_scratch (one thread at a time). Writes the text into buf
 * (size n). Returns 1 if the tree is a feature (it holds at least one
 * terminal node, the root included), 0 if it holds none, or GL_ERANGE if
 * the text does not fit (too many distinct subtrees: not a feature). */
int gl_feature_of(const gl_game *g, const void *s, int role, int depth,
	const gl_scratch *w, char *buf, size_t n);

/* Minimax value of afterstate s for `role` over the same lookahead (w as
 * above): a terminal node at any level is worth role's goal value
 * (100/50/0), a non-terminal node at the lowest level is worth dflt; role
 * maximises, the other player minimises. */
double gl_lookahead_value(const gl_game *g, const void *s, int role, int depth,
	double dflt, const gl_scratch *w);

/* An ASCII drawing of the tree of a canonical feature text, one node per
 * line, indented by level, into buf (size n, NUL-terminated). Returns the
 * length needed (as snprintf), or GL_EPARSE if text is malformed. */
int gl_feature_draw(const char *text, char *buf, size_t n);

/* Whether a canonical text is a tree feature, i.e. its root is not
 * terminal (the paper's Figure 2 counts these; the terminal classes
 * W, D, L are recognised besides them). */
bool gl_feature_is_tree(const char *text);

/* --- Feature tables (src/learners/features.c) ----------------------------- */

/* One feature with its visit-weighted value. */
typedef struct gl_feature {
	char text[GL_FEATURE_TEXT]; /* canonical text */
	double sum;     /* sum over matching visited afterstates of visits * Q */
	double weight;  /* sum of their visits (0: value unknown) */
	uint64_t states; /* number of distinct afterstates seen matching it */
} gl_feature;

/* A set of features, e.g. those learned in a source game against one
 * opponent (Table 1), kept sorted by text. */
typedef struct gl_feature_set {
	char game[GL_SPEC_MAX];     /* source game's canonical spec, or "" */
	char opponent[GL_SPEC_MAX]; /* opponent the values were learned against */
	int depth;      /* lookahead depth of the texts */
	int n, cap;     /* features held and room */
	gl_feature *f;  /* n features, sorted by text; owned */
} gl_feature_set;

void gl_fset_init(gl_feature_set *fs, int depth);
void gl_fset_done(gl_feature_set *fs);
/* The feature with this text, or NULL. */
const gl_feature *gl_fset_find(const gl_feature_set *fs, const char *text);
/* Add (sum, weight, states) to the feature text, adding it if new.
 * Returns 0 or GL_ENOMEM. */
int gl_fset_add(gl_feature_set *fs, const char *text, double sum, double weight,
	uint64_t states);
/* A feature's value: sum / weight, or dflt if it has no weight. */
double gl_feature_value(const gl_feature *f, double dflt);
/* A fixed order for listing features (qsort comparator over gl_feature):
 * terminal classes first, then by the number of distinct opponent
 * replies, then by length, then by text. */
int gl_feature_cmp(const void *a, const void *b);

/* Save fs as text (header: game, opponent, depth; one feature a line),
 * atomically. Returns 0 or GL_EIO/GL_ENOMEM. */
int gl_fset_save(const gl_feature_set *fs, const char *path, gl_err *err);
/* Load a file written by gl_fset_save into fs (initialised, emptied
 * first). A malformed file is refused with "FILE:LINE: what". */
int gl_fset_load(gl_feature_set *fs, const char *path, gl_err *err);

/* --- The td agent (src/learners/td.c) -------------------------------------- */

/* Agent `td`: parameters init=baseline|lookahead|transfer, features=FILE
 * (transfer only), init_at=choose|update (when a new afterstate gets its
 * initial value: as soon as it is an option, or in the update after the
 * match that visited it), alpha, gamma, lambda, eps, default, depth. */
extern const gl_agent_type gl_agent_td;

/* The value agent a (a `td` agent) gives afterstate s reached by `role`'s
 * move: its Q if it has one, otherwise the initial value its init mode
 * gives a new afterstate. Returns 0 with *value set, GL_EINVAL if a is
 * not a td agent, GL_ENOMEM. */
int gl_td_value(gl_agent *a, const void *s, int role, double *value);

/* One match's batch update (equation 2) of td agent a over the afterstates
 * states[0..k-1] (k * g->state_size bytes, in order) reached by role's
 * moves, with final reward r: new afterstates are initialised first, each
 * afterstate's visit count goes up by one. end() calls this. Returns 0,
 * GL_EINVAL (not a td agent), GL_ENOMEM. */
int gl_td_episode(gl_agent *a, const unsigned char *states, int k, int role,
	double r);

/* Afterstates in td agent a's table and the bytes its table takes. */
void gl_td_memory(const gl_agent *a, size_t *entries, size_t *bytes);

/* Add the visit-weighted Q of every visited afterstate of td agent a to the
 * features it matches (section 3: val(F) = avg_w Q). Returns 0, GL_EINVAL,
 * GL_ENOMEM. */
int gl_td_feature_values(const gl_agent *a, gl_feature_set *fs, gl_err *err);

/* Every feature that occurs under an afterstate reached by `role`'s move
 * in the game (exhaustive walk from the start, visiting at most
 * max_states distinct states; *complete says whether the walk finished),
 * added to fs with their afterstate counts (weights stay 0). The walk's
 * move lists and states, one per ply up to g->max_length, are allocated
 * once. Returns 0, GL_ENOMEM, or GL_ERANGE if a line went on past
 * g->max_length. */
int gl_features_enumerate(const gl_game *g, int role, int depth, size_t max_states,
	gl_feature_set *fs, bool *complete, gl_err *err);

#endif
