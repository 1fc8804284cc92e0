/*
 * gdl.h - the Game Description Language (GDL) of General Game Playing:
 * load a game's rules written in KIF, check them, and reason over them.
 * Love, Hinrichs, Haley, Schkufza and Genesereth, "General Game Playing:
 * Game Description Language Specification" (Stanford LG-2006-01, 2008):
 * syntax (section 2), restrictions (sections 3 and 4), semantics (section 5).
 *
 * A loaded description (gdl_game) is compiled by grounding its rules over
 * the reachable domain into a propositional program, and that into a
 * network of gates evaluated incrementally: an evaluator (gdl_eval) holds
 * the network's values for the state it last saw, and moving it to another
 * state costs only what changes. When the domain is small but the ground
 * rules would be too many, the game is loaded for the prover instead: the
 * same domain tables, and each state evaluated from the rules themselves,
 * not ground (slower per state, but no grounding). The API is the same for
 * both reasoners. States are bitsets over the ground base propositions
 * (true facts); moves are ids over the distinct ground move terms of all
 * roles. Each thread needs its own gdl_eval; a gdl_game is read-only once
 * loaded and may be shared by any number of threads.
 */
#ifndef GAMELEARN_GDL_H
#define GAMELEARN_GDL_H

#include "gamelearn/core.h"
#include "gamelearn/fileio.h"
#include "gamelearn/game.h"

typedef struct gdl_game gdl_game; /* compiled rules (opaque) */
typedef struct gdl_eval gdl_eval; /* per-thread evaluator */

enum {
	GDL_FILE_MAX = 4 << 20,  /* largest description, bytes */
	GDL_TOKEN_MAX = 256,     /* longest symbol */
	GDL_DEPTH_MAX = 64,      /* deepest nesting of parentheses */
	GDL_ROLES_MAX = 8,       /* most roles */
	GDL_ATOMS_MAX = 1 << 21, /* most ground atoms the grounder makes */
	GDL_RULES_MAX = 1 << 22  /* most ground rules (and literals / 4) */
};
/* Join steps the grounder takes at most: a few lines of GDL can ask for
 * unbounded work, which is refused as "grounding too big" (or, for the
 * instances of the rules alone, handed to the prover). */
#define GDL_JOIN_MAX 100000000ULL
/* Join steps the prover takes at most to evaluate one state (or one joint
 * move's next state; gdl_load_opts may ask for fewer): a state that needs
 * more reads as terminal with no legal moves and goals 0, and
 * gdl_eval_error says GL_ERANGE. */
#define GDL_PROVE_MAX 50000000ULL

/* The reasoners: the propositional network (grounded rules) or the prover
 * (the rules evaluated per state without grounding them). */
typedef enum gdl_reasoner {
	GDL_AUTO,   /* the network; the prover when the ground rules (or join
		     * steps, or gates) would be too many but the domain is not */
	GDL_NET,    /* the network only: too big is refused */
	GDL_PROVER  /* the prover only: the domain is computed, no rule ground */
} gdl_reasoner;

/* Options of gdl_load_ex; all zero is the default (GDL_AUTO, the built-in
 * limits, case-sensitive symbols). */
typedef struct gdl_load_opts {
	gdl_reasoner reasoner;
	long max_rules; /* ground rules at most (0, or above: GDL_RULES_MAX) */
	long max_gates; /* network gates at most (0: no limit of its own) */
	long max_steps; /* the prover's join steps per evaluation (0, or
			 * above: GDL_PROVE_MAX) */
	bool fold_case; /* symbols folded to lower case, so that `nextRank`
			 * and `nextrank` are one relation; false (the
			 * default): case-sensitive, as ggp-base and the game
			 * servers read GDL. Keywords (role, true, does, ...,
			 * not, or, distinct) are recognised in any case
			 * either way. */
	/* Asked now and then while loading (NULL: never): when it returns
	 * true, loading stops with GL_ESTOP ("loading stopped"). A GGP player
	 * stops the compile of a match that has ended. */
	bool (*stop)(void *arg);
	void *stop_arg;
	bool demand;    /* the rules rewritten at once so that the relations
			 * defined by rules are evaluated only where asked
			 * ("magic sets"); false (the default): only when the
			 * grounding is too big without */
	bool layout;    /* only the layout grounded (the relations role,
			 * init, next and legal read: the bases and moves),
			 * the prover making the rest per state: what a load
			 * comes to where even the prover's domain is too
			 * big; false (the default): only then. A prover's
			 * way: not with reasoner GDL_NET */
	bool relax;     /* with layout: the layout relaxed at once to what
			 * binds the bases and moves (every other relation
			 * made per state), as tried where the layout itself
			 * is too big */
} gdl_load_opts;

/* Check a description: syntax, arities, safety, stratification, the
 * recursion restriction and the keyword restrictions. name is used in
 * messages ("NAME:LINE:COL: what is wrong"). Each problem is appended to
 * problems (may be NULL) as one line. Returns the number of problems
 * (0: valid) or GL_ENOMEM. Stratification is checked on relations only
 * where that is conclusive: a relation negated inside its own recursion
 * (goal(R, 100) defined by not goal(R, 0)) is not a problem here but a
 * note, since the program may be stratified on its ground atoms; loading
 * decides (GL_EPARSE, "not stratified on the ground program: ...", when
 * it is not). */
int gdl_check(const char *text, size_t n, const char *name,
	gl_strbuf *problems);
/* The same with options (opts may be NULL; only fold_case matters here),
 * and the notes, one line each ("NAME:LINE:COL: note: ..."), appended to
 * notes (may be NULL). */
int gdl_check_ex(const char *text, size_t n, const char *name,
	const gdl_load_opts *opts, gl_strbuf *problems, gl_strbuf *notes);

/* Parse, check and compile a description from memory (name for messages)
 * or a file. Returns 0 with *out set (free with gdl_free), or a GL_E*
 * code with the first problem ("FILE:LINE:COL: ...") in err: GL_EPARSE
 * for an invalid description (one whose ground program has a negation
 * inside a recursion included: "not stratified on the ground program"),
 * GL_ERANGE for one too big to ground, GL_EIO, GL_ENOMEM. */
int gdl_load(gdl_game **out, const char *text, size_t n, const char *name,
	gl_err *err);
int gdl_load_file(gdl_game **out, const char *path, gl_err *err);
/* The same with options (opts may be NULL: the defaults). Under GDL_AUTO
 * a description whose rules are too many to ground (but whose domain is
 * not) loads for the prover. One whose grounding is too big either way
 * is tried again with its rules asked on demand (magic sets; at once with
 * opts->demand), and refused only when that is too big too (GL_ERANGE,
 * "grounding too big (...); asked on demand: ..."). */
int gdl_load_ex(gdl_game **out, const char *text, size_t n, const char *name,
	const gdl_load_opts *opts, gl_err *err);
int gdl_load_file_ex(gdl_game **out, const char *path,
	const gdl_load_opts *opts, gl_err *err);
void gdl_free(gdl_game *gd);

/* The reasoner a game was loaded for: GDL_NET or GDL_PROVER. Why GDL_AUTO
 * chose the prover (the grounding's message) or the rules were asked on
 * demand (gdl_load_opts.demand), or "" when neither. */
gdl_reasoner gdl_reasoner_of(const gdl_game *gd);
/* Whether gd's names were folded to lower case (gdl_load_opts.fold_case). */
bool gdl_folds_case(const gdl_game *gd);
const char *gdl_fallback_reason(const gdl_game *gd);
/* "auto", "net", "prover"; the reasoner of a name (one of those), or -1. */
const char *gdl_reasoner_name(gdl_reasoner r);
int gdl_reasoner_parse(const char *name);

/* Sizes of a compiled game. */
int gdl_nroles(const gdl_game *gd);
const char *gdl_role_name(const gdl_game *gd, int role);
int gdl_nbase(const gdl_game *gd);  /* base propositions = state bits */
int gdl_nmoves(const gdl_game *gd); /* distinct ground move terms */
int gdl_natoms(const gdl_game *gd); /* ground atoms (the domain) */
int gdl_nrules(const gdl_game *gd); /* ground rules (0 for the prover) */
int gdl_ngates(const gdl_game *gd); /* network gates (0 for the prover) */
/* Number of moves role can ever make (its input set), at most nmoves. */
int gdl_role_nmoves(const gdl_game *gd, int role);
/* Words (uint64_t) of a state bitset. */
int gdl_state_words(const gdl_game *gd);

/* The lines of the goals (game.h's gl_goal_lines): each role's highest
 * goal value expanded through the ground rules' positive literals into
 * conjunctions of base propositions (state bits), unique and sorted, at
 * most 16 propositions each and 4,096 a role. out->n is 0 where the rules
 * are not ground (the prover's games) or expand past those bounds. The
 * arrays are one block, out->first, which the caller frees with gl_free.
 * Returns 0, or GL_ENOMEM (err set). */
int gdl_goal_lines(const gdl_game *gd, gl_goal_lines *out, gl_err *err);

/* Text of move id into buf (size n, NUL-terminated), e.g. "(mark 1 1)";
 * returns its length. Text of base proposition i ("(cell 1 1 b)"). */
int gdl_move_text(const gdl_game *gd, int move, char *buf, size_t n);
int gdl_base_text(const gdl_game *gd, int i, char *buf, size_t n);
/* The move id whose text is text, or -1. Whitespace tolerant; case
 * tolerant only where that is unambiguous: the move spelt exactly so
 * first, else the one move (if only one) that differs from text in case
 * alone. */
int gdl_move_find(const gdl_game *gd, const char *text);

/* The initial state into state (gdl_state_words words). */
void gdl_initial(const gdl_game *gd, uint64_t *state);

/* An evaluator: one per thread (it holds the values of the network for
 * the last state it evaluated, or the prover's facts). NULL when out of
 * memory. */
gdl_eval *gdl_eval_new(const gdl_game *gd);
void gdl_eval_free(gdl_eval *e);
/* 0, or why the prover could not finish the last evaluation (of a state,
 * or of a next state): GL_ERANGE (more join steps than GDL_PROVE_MAX or
 * the load's max_steps), GL_EPARSE (the rules negate an atom through its
 * own recursion in this state: not stratified on the ground program,
 * which the network refuses at load but the prover, grounding nothing,
 * finds out state by state) or GL_ENOMEM; the state then reads as
 * terminal without legal moves, the next state as empty. Always 0 for the
 * network. */
int gdl_eval_error(const gdl_game *gd, const gdl_eval *e);

/* Evaluate state into e: after this, the queries below answer for it.
 * Costs what differs from the state e evaluated last. */
void gdl_eval_state(const gdl_game *gd, gdl_eval *e, const uint64_t *state);
bool gdl_terminal(const gdl_game *gd, const gdl_eval *e);
/* Legal move ids of role (ascending) into moves (room for
 * gdl_role_nmoves); returns the count. */
int gdl_legal(const gdl_game *gd, const gdl_eval *e, int role, int *moves);
/* Number of legal moves of role; the k-th of them in ascending order
 * (0 <= k < count). */
int gdl_legal_count(const gdl_game *gd, const gdl_eval *e, int role);
int gdl_legal_nth(const gdl_game *gd, const gdl_eval *e, int role, int k);
/* Goal value 0..100 of role (0 when the rules give none; the largest
 * when they give several, an error of the rules that ggp-base refuses as
 * a GoalDefinitionException: gdl_goal_values tells). */
int gdl_goal(const gdl_game *gd, const gdl_eval *e, int role);
/* Every goal value the rules give role in the state evaluated, ascending,
 * into values (room for max; may be NULL when max is 0); returns how many
 * there are (which may exceed max). More than one is an error of the
 * rules (tests/data/gdl/games/pentago.kif gives black 0 and 100 when black
 * completes a line with the board still open): the library reports it
 * here only and never prints; its callers decide what to tell. */
int gdl_goal_values(const gdl_game *gd, const gdl_eval *e, int role,
	int *values, int max);
/* The next state after the joint move (one legal move id per role) from
 * the state last evaluated into e. out may equal the evaluated state. */
void gdl_next(const gdl_game *gd, gdl_eval *e, const int *joint,
	uint64_t *out);

/* A random playout from state: each role plays a uniformly random legal
 * move (drawn from rng in role order) until the state is terminal, a role
 * has no legal move, or max_steps joint moves were made. Writes each
 * role's goal value at the last state into goals (may be NULL), and
 * with end (else NULL) the last state into end; returns the number of
 * joint moves. e is left at the last state. */
int gdl_playout(const gdl_game *gd, gdl_eval *e, const uint64_t *state,
	gl_rng *rng, int max_steps, int *goals, uint64_t *end);

/* Random playouts in bulk: 64 at a time, bit-parallel over the network
 * (one bit of every word per playout); with the prover, one by one. A
 * batch evaluator is per thread, like a gdl_eval. NULL when out of
 * memory. */
typedef struct gdl_batch gdl_batch;
gdl_batch *gdl_batch_new(const gdl_game *gd);
void gdl_batch_free(gdl_batch *b);
/* Run count random playouts from state (each role a uniformly random
 * legal move, as gdl_playout; at most max_steps joint moves each), adding
 * each role's goal value at the end of every playout into goal_sum[role]
 * (may be NULL; zeroed first). Returns the joint moves made in all. */
uint64_t gdl_batch_playouts(const gdl_game *gd, gdl_batch *b,
	const uint64_t *state, int count, gl_rng *rng, int max_steps,
	int64_t *goal_sum);
/* The same playouts (the same draws from rng: the sums of the goals are
 * gdl_batch_playouts's), each playout's goals kept: playout k's into
 * goals[k * nroles + role] (room for count rows), a lane that ends
 * taking the next playout at once. Returns the joint moves made in
 * all. */
uint64_t gdl_batch_goals(const gdl_game *gd, gdl_batch *b,
	const uint64_t *state, int count, gl_rng *rng, int max_steps, int *goals);
/* One random playout from each of count states (count <= 64; states[k *
 * words] the k-th), as gdl_batch_playouts, bit-parallel: playout k's
 * goals into goals[k * nroles + role], its joint moves into len[k] (0:
 * state k is terminal, a role has no legal move there, or max_steps is
 * 0). With weight
 * (else NULL), each role's move is drawn with probability in proportion
 * to weight[role * nmoves + move] (> 0) among its legal moves. With
 * trail (else NULL), playout k's choices (a role's move where it had two
 * legal moves or more; roles are players, moves their ids) go to its row
 * k. With ends (else NULL; it may be states), playout k's last state
 * goes to ends[k * words], and a playout that max_steps stopped before
 * the end (its state not terminal, every role with a legal move) has
 * goals -1. Returns the joint moves made in all. */
uint64_t gdl_batch_each(const gdl_game *gd, gdl_batch *b,
	const uint64_t *states, int count, gl_rng *rng, int max_steps,
	const double *weight, gl_trail *trail, int *goals, int *len,
	uint64_t *ends);

/* Number of joint-move sequences of exactly depth steps from state
 * (finished games not extended); 0 when out of memory (it allocates
 * depth states). */
uint64_t gdl_perft(const gdl_game *gd, gdl_eval *e, const uint64_t *state,
	int depth);
/* The same without allocating: the states below go to buf, room for
 * (depth - 1) * gdl_state_words(gd) words (NULL when depth <= 1). */
uint64_t gdl_perft_in(const gdl_game *gd, gdl_eval *e, const uint64_t *state,
	int depth, uint64_t *buf);

/* --- Game instances of the type `gdl` (game.h; gdl:PATH.kif) ------------- */

/* An instance of the type `gdl` playing rules already loaded (with the
 * options the caller chose: a GGP player loads the rules it is sent, with
 * a stop), which it takes: gd is freed with the instance, or at once if
 * making it fails (NULL, err set). name stands for the file in its spec
 * and messages. */
gl_game *gdl_game_new_from(gdl_game *gd, const char *name, gl_err *err);
/* The rules an instance g plays by, or NULL for any other game.
 * Read-only, owned by g; an evaluator made for it (gdl_eval_new) is the
 * caller's. */
const gdl_game *gdl_game_of(const gl_game *g);

/* What play brought to light about the rules of an instance g, for its
 * user: so far, the first state whose goals were asked (game.h's goals)
 * where the rules gave a role several goal values ("FILE: the rules give
 * role 'black' 2 goal values in one state (0 and 100); the largest, 100,
 * is used there and wherever it happens (ggp-base raises a
 * GoalDefinitionException)"). Written into buf (size n); returns its
 * length, 0 when there is nothing to tell or g is of another type. The
 * library never prints it; the CLI does, once per game. */
int gdl_game_note(const gl_game *g, char *buf, size_t n);

/* ---- s-expressions: the KIF reader's, for other texts (the GGP
 * protocol's messages, gamelearn/ggp.h) ---- */

/* A text read as s-expressions by the same reader as descriptions, with
 * its caps (GDL_FILE_MAX bytes, GDL_TOKEN_MAX per symbol, nesting one
 * level deeper than GDL_DEPTH_MAX) and its errors ("NAME:LINE:COL:
 * ..."); a list may start with anything, `(foo)` is a list of one and
 * `()` is refused. Elements are numbered ids; the text is not copied:
 * it must outlive the gdl_sexp. */
typedef struct gdl_sexp gdl_sexp;
/* Read text (n bytes; name for messages) into *out (free with
 * gdl_sexp_free). Returns 0, or GL_EPARSE/GL_ERANGE/GL_ENOMEM with err
 * set and *out NULL. */
int gdl_sexp_read(gdl_sexp **out, const char *text, size_t n,
	const char *name, gl_err *err);
void gdl_sexp_free(gdl_sexp *x);
/* How many elements stand at the top level; the id of the i-th. */
int gdl_sexp_count(const gdl_sexp *x);
int gdl_sexp_top(const gdl_sexp *x, int i);
/* The elements of list e (-1 when e is an atom); the id of its i-th. */
int gdl_sexp_len(const gdl_sexp *x, int e);
int gdl_sexp_elem(const gdl_sexp *x, int e, int i);
/* Element e's text as written (a pointer into the text read, *len bytes,
 * not NUL-terminated), and where it starts (line and column from 1). */
const char *gdl_sexp_text(const gdl_sexp *x, int e, size_t *len);
void gdl_sexp_where(const gdl_sexp *x, int e, int *line, int *col);

#endif
