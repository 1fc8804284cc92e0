/*
 * game.h - the one game interface through which every learner, opponent,
 * search and tool in gamelearn plays.
 *
 * A game *type* (gl_game_type) is a const descriptor of callbacks, one per
 * .c file under src/games/, listed once in the registry. A game *instance*
 * (gl_game) is made from a spec string "NAME[:key=value,...]" and holds the
 * parameters and precomputed tables; its states are plain byte blocks of
 * g->state_size bytes that copy with memcpy and compare with memcmp (no
 * uninitialised padding: every callback writes whole states).
 *
 * Conventions shared by all games:
 *   - players are numbered 0 .. nplayers-1; player 0 moves first;
 *   - moves are action ids in [0, g->nactions); legal() lists them sorted
 *     ascending and without repeats; a pass, where a game has one, is a
 *     move with its own id;
 *   - legal() returns 0 exactly when the state is terminal;
 *   - goal values are 0..100 per player (GGP: win 100, draw 50, loss 0);
 *     a one-player puzzle scores how near it is to solved, at any state;
 *   - no callback allocates, prints or exits; games hold no mutable
 *     globals, so any number of instances and threads may run at once.
 */
#ifndef GAMELEARN_GAME_H
#define GAMELEARN_GAME_H

#include "gamelearn/core.h"
#include "gamelearn/params.h"

typedef int32_t gl_action;

/* No constant bounds the size of a state or the number of legal moves:
 * every user sizes its buffers from the instance (g->state_size,
 * g->max_legal; gl_scratch below), since a GDL game may have thousands of
 * moves a state and states of tens of kilobytes. */
enum {
	GL_MOVE_TEXT = 64,   /* buffer size for one move's text */
	GL_PLAYERS_MAX = 8,  /* largest nplayers */
	GL_UNDO_WORDS = 16,  /* size of an undo record, in 64-bit words */
	GL_EACH_MAX = 64     /* most states of one playouts_each() */
};

/* States are aligned as heap memory is, so that engines may keep wide
 * fields in them: buffers from gl_malloc (and gl_scratch) are; a buffer
 * elsewhere, sized by a bound of the caller's own that the game is
 * checked against, is declared `GL_STATE_ALIGN unsigned char s[N];`. */
#define GL_STATE_ALIGN _Alignas(max_align_t)

/* Heuristic evaluations lie strictly inside (-GL_EVAL_INF, GL_EVAL_INF). */
#define GL_EVAL_INF 1000000

typedef struct gl_game gl_game;
typedef struct gl_game_type gl_game_type;

/* Lines: conjunctions of propositions (state bits below nprops), each of
 * which makes a player's highest goal as far as the rules' positive
 * conditions say (the gdl type: its top goals expanded through the ground
 * rules; connectFour's are its lines of four cells of a colour). A search
 * may count how much of each a player holds; none is a proof. */
typedef struct gl_goal_lines {
	unsigned n;             /* lines; 0: none known */
	const uint32_t *first;  /* [n + 1] line i is prop[first[i]] .. */
	const uint32_t *prop;   /* .. prop[first[i + 1] - 1], increasing */
	const uint8_t *player;  /* [n] whose goal line i makes */
} gl_goal_lines;

typedef struct gl_scratch gl_scratch; /* buffers sized from a game; below */

/* What make() saves so that unmake() can restore state and hash exactly;
 * lives on the caller's stack. */
typedef struct gl_undo {
	uint64_t w[GL_UNDO_WORDS];
} gl_undo;

/* A game instance. The fields are read-only for everyone but the type's
 * init callback, which fills them. */
struct gl_game {
	const gl_game_type *type;
	char spec[GL_SPEC_MAX];  /* canonical spec: every parameter spelt out */
	unsigned state_size;     /* bytes per state (any size) */
	unsigned nplayers;       /* 1 .. GL_PLAYERS_MAX */
	gl_action nactions;      /* action ids lie in [0, nactions) */
	unsigned max_legal;      /* bound on legal moves in any state (GDL:
				    a role's possible moves, maybe thousands) */
	unsigned max_length;     /* bound on moves in any game */
	unsigned bulk;           /* random playouts type->playouts_each()
				    plays at once (the gdl type on its
				    network: 64, bit-parallel); 0 or 1: one
				    by one */
	unsigned ncells;         /* board cells, if type->cells != NULL */
	unsigned nprops;         /* the state's first nprops bits are
				    propositions, each true or false (the gdl
				    type: its base propositions), that a
				    search may learn from; 0: none */
	gl_goal_lines lines;     /* the goals' lines, if nprops > 0 */
	unsigned nfeatures;      /* length of the feature vector, if any */
	const char *const *feature_names; /* nfeatures names, or NULL */
	void *data;              /* the type's private tables; owned by g */
};

/*
 * The descriptor of a game type. Required callbacks are marked [R]; the
 * others may be NULL and every caller checks before calling.
 *
 * `g` is always an instance of this type made by gl_game_new(); `s` points
 * to g->state_size bytes.
 */
struct gl_game_type {
	const char *name;    /* [R] registry name, e.g. "checkers" */
	const char *summary; /* [R] one line for `gamelearn list` */
	const gl_param_def *params; /* parameters, ending with {NULL}; or NULL */

	/* [R] Fill g (sizes, tables, g->data) from resolved parameters. Returns
	 * 0 or a GL_E* code with a message in err. On failure it frees what it
	 * allocated; done() is not called. */
	int (*init)(gl_game *g, const gl_params *p, gl_err *err);
	/* Free g->data and anything else init allocated; NULL if nothing. */
	void (*done)(gl_game *g);

	/* [R] Write the start state into s. */
	void (*start)(const gl_game *g, void *s);
	/* [R] The player whose move it is (0 for puzzles). At a terminal
	 * state: the player who would be next (the solver reads it). */
	int (*to_move)(const gl_game *g, const void *s);
	/* [R] Write the legal moves into moves (room for g->max_legal), sorted
	 * ascending; return how many. 0 exactly when s is terminal. */
	int (*legal)(const gl_game *g, const void *s, gl_action *moves);
	/* [R] Play legal move a in s. a must be one of legal(s). */
	void (*apply)(const gl_game *g, void *s, gl_action a);
	/* [R] Whether s is terminal (same answer as legal(s) == 0, faster). */
	bool (*terminal)(const gl_game *g, const void *s);
	/* [R] Write nplayers goal values, each 0..100, into goals. Defined at
	 * terminal states; for one-player games at every state. */
	void (*goals)(const gl_game *g, const void *s, int *goals);

	/* [R] Write a's text in the game's usual notation into buf (size n,
	 * always NUL-terminated). a need not be legal in s but must be a
	 * valid id. Returns the text's length. */
	int (*format_move)(const gl_game *g, const void *s, gl_action a,
		char *buf, size_t n);
	/* [R] Parse one move's text into *a. Returns 0, or GL_EPARSE with a
	 * message saying what was expected. Does not check legality in s
	 * (gl_parse_legal() does). */
	int (*parse_move)(const gl_game *g, const void *s, const char *text,
		gl_action *a, gl_err *err);
	/* [R] Draw s as text (a board with coordinates, then a line saying
	 * who moves) into buf of size n, NUL-terminated. Returns the length it
	 * needed (as snprintf). */
	int (*render)(const gl_game *g, const void *s, char *buf, size_t n);

	/* 64-bit hash of s, including the player to move; equal states give
	 * equal hashes. NULL: gl_hash_bytes() over the state's bytes. */
	uint64_t (*hash)(const gl_game *g, const void *s);

	/* --- Optional capabilities ------------------------------------------ */

	/* A position from text in the game's usual notation (checkers: PDN
	 * FEN such as "W:W21,22,K30:B1,2,K5"). Writes a whole state into s
	 * (every byte: the side to move, and any history the rules keep,
	 * empty) and returns 0; or returns GL_EPARSE with a one-line message
	 * in err saying what is wrong and at which character, leaving s as it
	 * was. The position need not be reachable from the start; one the
	 * game's bounds do not cover (g->max_legal, g->max_length: more
	 * pieces than the rules start with, say) is refused. NULL: the game
	 * reads no positions. */
	int (*parse_state)(const gl_game *g, const char *text, void *s,
		gl_err *err);
	/* Board cells: write g->ncells owners into owner (-1 empty, else the
	 * player whose mark is there). For placement games (Martens' learner):
	 * a move that marks a cell has the cell's index as its action id. */
	void (*cells)(const gl_game *g, const void *s, int8_t *owner);
	/* Cell geometry for cells(): rows and columns of the board (a cell's
	 * index is row * cols + col). */
	void (*cell_shape)(const gl_game *g, int *rows, int *cols);
	/* Observation planes of s, a learner's input (OpenSpiel's observation
	 * tensor), for a game whose state cells() does not describe (pieces
	 * of several kinds, heaps, tiles): planes of rows x cols values (the
	 * shape plane_shape() gives), each 0 or 1, into out, plane-major (the
	 * value of plane p at row r, column c at out[(p * rows + r) * cols +
	 * c]). What each plane holds is in the game's file comment. Only the
	 * language bindings (bind.h) read it: a learner or search that looks
	 * for cells() does not take a game with planes() for a board of
	 * cells. NULL: none; set exactly when plane_shape is. */
	void (*planes)(const gl_game *g, const void *s, uint8_t *out);
	/* The shape of planes(): planes, rows, columns (each >= 1), from g
	 * alone, the same at every state. */
	void (*plane_shape)(const gl_game *g, int *planes, int *rows,
		int *cols);
	/* Heuristic value of a non-terminal s for the player to move, in
	 * (-GL_EVAL_INF, GL_EVAL_INF); higher is better for that player. For a
	 * puzzle: higher is nearer to solved. */
	int (*evaluate)(const gl_game *g, const void *s);
	/* Feature vector of s: g->nfeatures values into out. */
	void (*features)(const gl_game *g, const void *s, double *out);
	/* The feature vector for a weighted sum with weights w (g->nfeatures
	 * of them): as features(), except that an entry whose weight is 0
	 * may be written as 0 without being computed, so that a sum which
	 * leaves out costly terms does not pay for them. NULL: features(). */
	void (*features_lazy)(const gl_game *g, const void *s,
		const double *w, double *out);
	/* Whether non-terminal s is not quiet: the player to move has a
	 * capture pending (checkers: captures are compulsory, so every legal
	 * move of s is one). A search with quiescence (search.h) goes on
	 * searching every legal move of such a state at its horizon. NULL:
	 * every state is quiet. */
	bool (*noisy)(const gl_game *g, const void *s);
	/* Pieces on the board: nplayers counts into count (a tie rule such as
	 * the checkers GA's "5 points to the side with more pieces" reads
	 * them). NULL: the cells each player owns, for games with cells(). */
	void (*pieces)(const gl_game *g, const void *s, int *count);
	/* Make and unmake: apply legal move a in place, saving in *u what
	 * unmake needs to restore s bit for bit. */
	void (*make)(const gl_game *g, void *s, gl_action a, gl_undo *u);
	void (*unmake)(const gl_game *g, void *s, gl_action a,
		const gl_undo *u);
	/* Native perft from s: number of move sequences of exactly depth moves
	 * (depth >= 1; finished games not extended, a pass is a move).
	 * Allocates nothing: w, made by gl_perft() for the call, holds depth
	 * move lists and depth + 1 states of g (aligned), one per ply, for a
	 * walk that needs buffers sized from the game (the gdl type's joint
	 * moves); engines that walk states of their own ignore it. Called
	 * only where no choice of a round is pending (hidden(s) == 0 in games
	 * that have hidden()); gl_perft() walks the tree through the
	 * callbacks above from other states, and where this is NULL. */
	uint64_t (*perft)(const gl_game *g, const void *s, int depth,
		const gl_scratch *w);
	/* Simultaneous moves, sequentialised: the number of players who have
	 * already chosen in the current round of s, unseen (their choices are
	 * pending in s, and the round's joint move is played when the last
	 * player of the round has chosen). 0 for an ordinary turn. The player
	 * to move at a state with hidden() > 0 must choose as if it did not
	 * know those choices: a search that reads them from the state cheats.
	 * NULL: the game has no simultaneous moves. */
	int (*hidden)(const gl_game *g, const void *s);
	/* Random playouts in bulk: count playouts from s, every player a
	 * uniformly random legal move (drawn from rng) until the end or
	 * max_moves moves, adding each player's goal value at the end into
	 * goal_sum[player] (nplayers entries, zeroed first). Returns the moves
	 * made in all. For games that play many at once faster than one by
	 * one (the gdl type: 64 at a time, bit-parallel). NULL: play them out
	 * through legal() and apply(). */
	uint64_t (*playouts)(const gl_game *g, const void *s, int count,
		gl_rng *rng, int max_moves, int64_t *goal_sum);
	/* Random playouts from many states at once: one from each of count
	 * states (at most GL_EACH_MAX; the k-th at states + k * stride,
	 * stride >= state_size; with weight, not NULL, player p's move a
	 * drawn with probability in proportion to weight[p * nactions + a]
	 * > 0 among its legal moves, else uniformly),
	 * as playouts() plays them, its goals into goals[k * nplayers + p],
	 * its moves into len[k] (0: state k is terminal); with trail, not
	 * NULL, its choices into the trail's row k (core.h; a playout the
	 * type plays one by one records none); with ends, not NULL (it may
	 * be states), its last state into ends + k * stride, and where
	 * max_moves stopped it before the end (not terminal) its goals -1.
	 * NULL: the game has none (a search plays them one by one). */
	void (*playouts_each)(const gl_game *g, const void *states,
		size_t stride, int count, gl_rng *rng, int max_moves,
		const double *weight, gl_trail *trail, int *goals, int *len,
		void *ends);
	/* Default perft depth for `gamelearn bench`, a second or so of work. */
	int bench_depth;
};

/* --- The registry ---------------------------------------------------------- */

/* A named preset: `name` means the spec `spec` (e.g. connect4 ->
 * "connect:w=7,h=6,k=4"); a user's own parameters override it. */
typedef struct gl_preset {
	const char *name;
	const char *spec;
} gl_preset;

/* All game types, ending with NULL. */
const gl_game_type *const *gl_game_types(void);
/* All presets, ending with {NULL, NULL}. */
const gl_preset *gl_game_presets(void);
/* The type called name, or NULL. */
const gl_game_type *gl_game_type_find(const char *name);

/* Make a game instance from a spec string "NAME[:key=value,...]" (NAME a
 * type or a preset; a type whose first parameter is `file` also takes
 * "NAME:PATH" for "NAME:file=PATH"). Returns the instance (free with gl_game_free) or NULL
 * with a one-line message in err: unknown game, unknown parameter, value
 * out of range, or a combination the game refuses. */
gl_game *gl_game_new(const char *spec, gl_err *err);
/* Free g and its tables (NULL is a no-op). States made for g are plain
 * bytes owned by their holders and need no freeing. */
void gl_game_free(gl_game *g);

/* --- Plain calls: playing a game without its type -------------------------
 * What a program that only plays needs, without reaching through
 * g->type: gl_game_legal(g, s, moves) is g->type->legal(g, s, moves), and
 * so on, with the contracts of struct gl_game_type above (nothing more is
 * checked: a move played must be one of the legal ones). A state and a
 * move list sized for g come from gl_game_state_new and
 * gl_game_moves_new; free each with gl_free. examples/hello.c plays a
 * game out with these alone. */

/* A new state of g, set to the start (aligned as GL_STATE_ALIGN asks);
 * NULL with a message in err (may be NULL) if out of memory. */
void *gl_game_state_new(const gl_game *g, gl_err *err);
/* A move list with room for g->max_legal moves, for gl_game_legal; NULL
 * with a message in err (may be NULL) if out of memory. */
gl_action *gl_game_moves_new(const gl_game *g, gl_err *err);
/* Set s to the start state. */
void gl_game_start(const gl_game *g, void *s);
/* The player to move in s, 0 .. g->nplayers - 1. */
int gl_game_to_move(const gl_game *g, const void *s);
/* The legal moves of s into moves (room for g->max_legal), ascending;
 * returns how many, 0 exactly when the game is over. */
int gl_game_legal(const gl_game *g, const void *s, gl_action *moves);
/* Play move a, one of gl_game_legal(g, s), in s. */
void gl_game_play(const gl_game *g, void *s, gl_action a);
/* Whether the game is over in s. */
bool gl_game_over(const gl_game *g, const void *s);
/* Each player's goal value, 0..100 (100 a win, 0 a loss, 50 a draw in
 * two-player games), into goals (g->nplayers ints); once the game is
 * over (puzzles: at any state). */
void gl_game_goals(const gl_game *g, const void *s, int *goals);
/* Move a's text in the game's usual notation ("b2", "11-15") into buf
 * of size n, NUL-terminated; returns its length. */
int gl_game_move_text(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n);
/* s drawn as text (the board, then who moves) into buf of size n,
 * NUL-terminated; returns the length it needed, as snprintf does. */
int gl_game_render(const gl_game *g, const void *s, char *buf, size_t n);

/* --- Helpers over the callbacks ------------------------------------------- */

static inline uint64_t gl_game_hash(const gl_game *g, const void *s)
{
	return g->type->hash ? g->type->hash(g, s)
			     : gl_hash_bytes(s, g->state_size);
}

/* Parse text as a move and check that it is legal in s (the legal moves
 * listed in a buffer allocated for the call). Returns 0 with *a set,
 * GL_EPARSE (malformed), GL_EILLEGAL (well formed, not legal: the message
 * lists the legal moves) or GL_ENOMEM. */
int gl_parse_legal(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err);

/* Number of move sequences of exactly depth moves from s (finished games
 * are not extended; a pass is a move) into *count. Uses the type's native
 * perft when it has one and s is not inside a round of simultaneous moves
 * (hidden(s) == 0), otherwise walks the tree through the callbacks
 * (make/unmake or copy-make); either way with one gl_scratch allocated
 * for the call, a move list and a state per ply. Returns 0, GL_ENOMEM, or
 * GL_ERANGE if a line of the walk went on past g->max_length moves; err
 * (may be NULL) says which. */
int gl_perft(const gl_game *g, const void *s, int depth, uint64_t *count,
	gl_err *err);
/* The same, always through the generic callbacks: a check of the native
 * perft against the interface. */
int gl_perft_generic(const gl_game *g, const void *s, int depth,
	uint64_t *count, gl_err *err);

/* --- Work space sized from the instance ------------------------------------
 * No buffer in gamelearn is sized by a constant: a GDL game may have
 * thousands of legal moves and states of tens of kilobytes. A searcher or
 * agent allocates its move lists and states when it is made; a helper with
 * no creation step (perft, a lookahead, a command) takes a gl_scratch once
 * per call, and nothing allocates per node. */

/* Bytes between consecutive states in an array of them: g->state_size
 * rounded up to the alignment of max_align_t, so that every state of an
 * array from gl_malloc is aligned as GL_STATE_ALIGN asks. */
static inline size_t gl_state_stride(const gl_game *g)
{
	size_t a = _Alignof(max_align_t);
	return ((size_t)g->state_size + a - 1) / a * a;
}

/* nlists move lists of g->max_legal moves and nstates states of g, in
 * one allocation (states aligned). Fields are read-only; use the
 * accessors. */
struct gl_scratch {
	int nlists, nstates;   /* how many of each */
	size_t legal;          /* moves per list: g->max_legal */
	size_t stride;         /* gl_state_stride(g) */
	unsigned char *block;  /* the allocation: states, then lists */
};

/* Allocate w for g: nlists move lists and nstates states (either may be
 * 0). Returns 0, or GL_ENOMEM with a message naming g (w is then empty
 * and gl_scratch_done is a no-op). */
int gl_scratch_init(gl_scratch *w, const gl_game *g, int nlists, int nstates,
	gl_err *err);
/* Free w's buffers; w is empty again (done twice is harmless). */
void gl_scratch_done(gl_scratch *w);

/* Move list i (0 <= i < nlists): room for g->max_legal moves. */
static inline gl_action *gl_scratch_moves(const gl_scratch *w, int i)
{
	return (gl_action *)(w->block + (size_t)w->nstates * w->stride) +
		(size_t)i * w->legal;
}

/* State i (0 <= i < nstates): g->state_size bytes, aligned. */
static inline void *gl_scratch_state(const gl_scratch *w, int i)
{
	return w->block + (size_t)i * w->stride;
}

#endif
