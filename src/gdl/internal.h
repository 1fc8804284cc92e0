/*
 * internal.h - the GDL layer's private types: interned symbols, parsed
 * terms and rules (parse.c), rules expanded into clauses of plain literals
 * (check.c), ground terms and the propositional program (ground.c), and
 * its evaluation (eval.c, net.c, batch.c), or the prover's (prover.c).
 * See gdl.h for the paper this implements.
 */
#ifndef GDL_INTERNAL_H
#define GDL_INTERNAL_H

#include "gamelearn/gdl.h"

#include <stdint.h>
#include <string.h>

/* Keywords, interned first so that their ids are these constants. */
enum {
	K_ROLE, K_TRUE, K_DOES, K_INIT, K_NEXT, K_LEGAL, K_GOAL, K_TERMINAL,
	K_BASE, K_INPUT, K_DISTINCT, K_NOT, K_OR, K_RULE, K_NKEYWORDS
};

enum { T_SYM, T_VAR, T_FN, T_LIST }; /* kinds of parsed term (T_LIST: an
					   * s-expression list, gdl_prog.sexp) */

enum {
	GDL_CLAUSES_MAX = 4096,  /* clauses one rule may expand into */
	GDL_VARS_MAX = 64,       /* variables in one rule */
	GDL_LITS_MAX = 128       /* literals in one clause */
};

/* Interned symbols: id -> name, name -> id. */
typedef struct gdl_symtab {
	char **name;     /* [n] names as written (lower case when folded), owned */
	int n, cap;      /* count and room */
	int32_t *slot;   /* open-addressing hash: id + 1, 0 empty */
	int nslot;       /* power of two */
} gdl_symtab;

/* A parsed term: a constant, a variable or a function application. */
typedef struct gdl_term {
	int32_t sym;   /* symbol (functor, constant or variable name) */
	int32_t kind;  /* T_SYM, T_VAR or T_FN */
	int32_t nargs; /* arguments of a T_FN (>= 1) */
	int32_t args;  /* index of the first argument in prog.argv */
	int32_t line;  /* where it starts in the file */
	int32_t col;
} gdl_term;

/* A literal of an expanded clause. */
enum { L_POS, L_NEG, L_DIST, L_NDIST };
typedef struct gdl_lit {
	int32_t kind; /* L_* */
	int32_t a;    /* the atom (L_POS, L_NEG) or first term (distinct) */
	int32_t b;    /* second term of a distinct */
} gdl_lit;

/* A rule expanded so that its body is a plain conjunction: `or` is
 * distributed, `not` pushed onto atoms and distinct. */
typedef struct gdl_clause {
	int32_t head;  /* head atom term */
	int32_t lit0;  /* first literal in prog.lits */
	int32_t nlits;
	int32_t rule;  /* the sentence it came from (for messages) */
} gdl_clause;

/* A parsed description. */
typedef struct gdl_prog {
	const char *name;     /* file name for messages, not owned */
	bool fold;            /* symbols folded to lower case (set before
			       * gdl_parse); else case-sensitive */
	bool sexp;            /* read as plain s-expressions (set before
			       * gdl_parse): every list a T_LIST of all its
			       * elements, whatever its head, `(foo)` a list,
			       * and each term's bytes kept in span */
	int32_t (*span)[2];   /* sexp: [nterms] each term's first byte and
			       * the byte past its end in the text */
	int capspan;
	gdl_symtab syms;
	gdl_term *terms;      /* all parsed terms */
	int nterms, capterms;
	int32_t *argv;        /* argument lists of T_FN terms */
	int nargv, capargv;
	int32_t *sent;        /* top-level sentences (term ids) */
	int nsent, capsent;
	gdl_clause *cl;       /* clauses, after gdl_expand */
	int ncl, capcl;
	gdl_lit *lits;
	int nlits, caplits;
} gdl_prog;

/* parse.c */
/* Room for element n of the array *pp (capacity *cap, elements of sz
 * bytes), doubled when full: 0 or GL_ENOMEM. */
int gdl_grow(void *pp, int n, int *cap, size_t sz);
int gdl_sym_intern(gdl_symtab *st, const char *s, size_t n);
void gdl_prog_init(gdl_prog *p, const char *name);
void gdl_prog_done(gdl_prog *p);
/* Parse text into p. Returns 0 or GL_EPARSE/GL_ERANGE/GL_ENOMEM with a
 * "NAME:LINE:COL: ..." message in err. */
int gdl_parse(gdl_prog *p, const char *text, size_t n, gl_err *err);
/* A new term sym(args[0..nargs)) (a constant when nargs is 0) at line,
 * col; its id or GL_ENOMEM. */
int32_t gdl_prog_atom(gdl_prog *p, int32_t sym, int nargs, const int32_t *args,
	int line, int col);
/* magic.c: p's clauses (checked, expanded) rewritten so that the relations
 * defined by rules (those of only, when it names some: [syms.n] flags)
 * are evaluated only where asked (see magic.c). Returns
 * 0, GL_ENOMEM, or GL_ERANGE (a rule past the caps). */
int gdl_magic(gdl_prog *p, const uint8_t *only);
/* The variables (T_VAR symbols) of term t not yet in vs[0..*n) appended
 * to it, in the order they first occur, and when at is not NULL, the
 * term of each one's first occurrence to at: 0, or GL_ERANGE past
 * GDL_VARS_MAX. */
int gdl_term_vars(const gdl_prog *p, int32_t t, int32_t *vs, int32_t *at,
	int *n);
/* Clauses and literals being made by a rewrite of a program's clauses
 * (magic.c, condense.c), to replace them. */
typedef struct gdl_clauses {
	gdl_clause *cl;
	int ncl, capcl;
	gdl_lit *lits;
	int nlits, caplits;
} gdl_clauses;
/* Literal l appended to o (0 or GL_ENOMEM). */
int gdl_put_lit(gdl_clauses *o, gdl_lit l);
/* A clause of o with head and the literals appended since lit0 (0 or
 * GL_ENOMEM). */
int gdl_put_clause(gdl_clauses *o, int32_t head, int32_t lit0, int32_t rule);
/* p's clauses and literals and o's exchanged. */
void gdl_clauses_swap(gdl_clauses *o, gdl_prog *p);
void gdl_clauses_free(gdl_clauses *o);
/* condense.c: p's clauses (checked, expanded) made into out (empty) with
 * the variables their heads do not read eliminated, each with the literals
 * that read it, which become one literal of a new relation of their other
 * variables (its terms and symbols added to p; p's clauses unchanged).
 * Returns how many groups of literals it replaced (out is left empty when
 * none), or GL_ENOMEM. */
int gdl_condense(gdl_prog *p, gdl_clauses *out);
/* Canonical text of a parsed term ("(mark 1 ?x)") into buf. */
int gdl_term_text(const gdl_prog *p, int32_t t, char *buf, size_t n);
/* Functor (predicate) symbol and arity of an atom term. */
static inline int32_t gdl_term_arity(const gdl_prog *p, int32_t t)
{
	return p->terms[t].kind == T_FN ? p->terms[t].nargs : 0;
}
static inline int32_t gdl_term_arg(const gdl_prog *p, int32_t t, int i)
{
	return p->argv[p->terms[t].args + i];
}

/* check.c: strongly connected components of the graph of n vertices
 * whose edges from v are edge[e0[v], e0[v + 1]), into comp: Tarjan's
 * algorithm without recursion, components numbered as they complete, so
 * a component comes after every component it reaches. Returns their
 * number, or GL_ENOMEM. */
int gdl_sccs(int n, const int32_t *e0, const int32_t *edge, int32_t *comp);
/* check.c: the relations whose facts may change from state to state:
 * true, does and those with a clause reading one of them (positively or
 * not), as [syms.n] flags (calloc'd); NULL without memory. */
uint8_t *gdl_dynamic_relations(const gdl_prog *p);

/* check.c: every problem appended to problems (one line each), and what
 * is not a problem but worth knowing to notes (both may be NULL; "NAME:
 * LINE:COL: note: ..." lines: a relation negated inside its own
 * recursion, which only the grounder can accept); returns the number of
 * problems or GL_ENOMEM. Fills p->cl and p->lits when valid. */
int gdl_check_prog(gdl_prog *p, gl_strbuf *problems, gl_strbuf *notes);

/* Ground terms, hash-consed: equal terms have equal ids. */
typedef struct gdl_gterms {
	int32_t *fn;    /* [n] functor or constant symbol */
	int32_t *nargs; /* [n] 0 for a constant */
	int32_t *args;  /* [n] index of the first argument in argv */
	int n, cap;
	int32_t *argv;
	int nargv, capargv;
	uint64_t *slot; /* hash: the term's hash << 32 | id + 1, 0 empty (a
			 * probe compares the hash before reading the term) */
	int nslot;
} gdl_gterms;


/* The compiled game. */
struct gdl_game {
	gdl_prog prog;        /* the parsed rules (symbols, for text) */
	gdl_gterms gt;        /* ground terms */
	bool layout;          /* the domain is only the layout (GDL_GROUND_
			       * LAYOUT): the prover makes terms per state */
	uint8_t *laid;        /* [nlaid] with layout: 1 for the relations
			       * whose every fact is in the domain */
	int nlaid;
	int nroles;
	int32_t role_sym[GDL_ROLES_MAX];
	/* The propositional program: atoms 0..natoms-1. */
	int natoms;
	int32_t *atom_term;   /* [natoms] ground term of each atom */
	/* Evaluation lists: nodes in order, each an atom with its rules. */
	int32_t *node_atom;   /* [nnodes] */
	int32_t *atom_rule;   /* [natoms + 1] first rule of each atom */
	int32_t *node_scc;    /* [nnodes] -1 for a plain node; the length of
			       * the recursive group it starts (iterated to
			       * a fixpoint); 0 inside a group */
	int nnodes;
	int phase1, phase2;   /* nodes [0, phase1) depend on true only,
			       * [phase1, phase2) on does */
	int32_t *rule_lit;    /* [nrules + 1] first literal of each rule */
	int nrules;
	int32_t *lit;         /* atom << 1 | negated */
	int nlit;
	uint8_t *static_val;  /* [natoms] values of atoms depending on
			       * neither true nor does */
	/* State and moves. */
	int nbase;
	int words;
	int32_t *base_atom;   /* [nbase] the true(X) atom of state bit i */
	int32_t *base_next;   /* [nbase] the next(X) atom, or -1 */
	uint64_t *init;       /* [words] the initial state */
	int nmoves;
	int32_t *move_term;   /* [nmoves] ground move terms, sorted by text */
	char **move_text;     /* [nmoves] canonical text */
	int32_t *does_atom;   /* [nroles * nmoves] does(r, m) atom or -1 */
	int32_t *legal_atom;  /* [nroles * nmoves] legal(r, m) atom or -1 */
	int role_nmoves[GDL_ROLES_MAX];
	int32_t *goal_atom;   /* goal(r, v) atoms: [ngoal] */
	int32_t *goal_role;
	int32_t *goal_value;
	int ngoal;
	int32_t terminal_atom; /* or -1 */
	struct gdl_net *net;  /* the program compiled for evaluation, or NULL
			       * when the prover evaluates the game */
	struct gdl_prover *prover; /* the prover's compiled clauses, or NULL */
	const struct gdl_ops *ops; /* the reasoner: &gdl_net_ops when net,
				    * else &gdl_prover_ops */
	char fallback[256];   /* why GDL_AUTO chose the prover (a gl_err msg) */
	bool (*stop)(void *); /* while loading: gdl_load_opts' stop, else NULL */
	void *stop_arg;
	uint8_t *heavy;       /* after a grounding too big, over the symbols
			       * it had: the relations that held a large
			       * share of its atoms (NULL: none known;
			       * symbols made later, by rewrites, are not
			       * in it) */
	int condensed;        /* groups of literals of prog that gdl_condense
			       * replaced (0: the rules as written) */
};

/* eval.c: evaluate nodes [from, to) of order (atoms node_atom, groups
 * node_scc) into val. */
void gdl_run(const gdl_game *gd, uint8_t *val, const int32_t *node_atom,
	const int32_t *node_scc, int from, int to);

/* net.c: the ground program compiled into a network of gates (see the
 * head of net.c); read by the incremental evaluator there and by the
 * bit-parallel batch evaluator of batch.c. */
enum { REF_FALSE = -1, REF_TRUE = -2 }; /* atoms folded into constants */
/* A gate's counter: 16 bits (half the cache of 32), so no gate has more
 * than FANIN_MAX inputs (a wider one is a tree). */
typedef int16_t gdl_cnt;
enum { FANIN_MAX = 16384 };
enum { G_INPUT, G_LOGIC, G_GROUP, G_MEMBER }; /* kinds of gate */
/* Flags of a gate: a group; with one hook; with two; with more, or
 * feeding groups. */
enum { NF_GROUP = 1, NF_HOOK1 = 2, NF_SLOW = 4, NF_HOOK2 = 8 };
enum { NET_SPLIT_MAX = 4 };

typedef struct gdl_net {
	int ngates;       /* gates 0..ngates-1, each after its inputs */
	int ngroups;      /* recursive groups */
	uint8_t *kind;    /* [ngates] G_* */
	int32_t *off;     /* [ngates] counter offset: 1 - n (AND), 0 (OR); the
			   * group number of a G_GROUP */
	int32_t *atom;    /* [ngates] the atom it computes; ~head for a rule */
	int32_t *in0;     /* [ngates + 1] inputs of each gate in in */
	int32_t *in;      /* gate << 1 | negated */
	int32_t *fo0;     /* [ngates + 1] fanout of each gate in fo */
	int32_t *fo;      /* targets (counting gates only): each gate's
			   * plain edges first, then from fon[g] the ones
			   * that read it negated */
	int32_t *fon;     /* [ngates] where each gate's negated edges begin
			   * in fo */
	int32_t *gf0;     /* [ngates + 1] the groups each gate feeds, in gf */
	int32_t *gf;      /* group gates */
	int32_t *hk0;     /* [ngates + 1] hooks of each gate in hk */
	int32_t *hk;      /* bits toggled: next bit i: i; legal move m of role
			   * r: words * 64 + r * lwords * 64 + lmap[m] (past
			   * nroles * lwords words more when guarded) */
	int32_t *hk1;     /* [ngates] a gate's first hook, or -1 */
	int32_t *hk2;     /* [ngates] its second, or -1 */
	uint8_t *flags;   /* [ngates] NF_* for the incremental evaluator */
	gdl_cnt *cnt0;    /* [ngates] counters with every input false */
	uint8_t *val0;    /* [ngates] values with every input false */
	int dwords;       /* words of the dirty bitmap */
	bool sweep;       /* the incremental evaluator sweeps (or flows) */
	bool compl;       /* a role's many moves read as the NOT of the rest */
	/* For the batch evaluator: the logic and group gates in order, those
	 * that depend on true only, then those that depend on does. */
	int32_t *phase;   /* [nphase1 + nphase2] */
	int nphase1, nphase2;
	int32_t *prog;    /* the same as a program (NULL with groups):
			   * blocks of gates of one shape: k << 1 | OR, the
			   * count, how many inputs are read plain (the rest
			   * negated; an OR's are), then per gate the word it
			   * writes and the words it reads, or (a negative
			   * count of plain ones) its runs of words; see
			   * net.c's prog_build. Phase 1 ends at prog1, 2 at
			   * prog2 */
	int32_t prog1, prog2;
	int32_t *pu0;     /* [ngates + 1] with prog: where each does input's
			   * lane word is ORed in, in pu, when it is set (the
			   * batch's moves are few: a push each costs less
			   * than every OR reading every does word): the
			   * slots of the phase-2 ORs that read it
			   * positively, which they read in its place (or
			   * are, where they read nothing else) */
	int32_t *pu;
	int nslot;        /* the slots: words ngates..ngates + nslot - 1,
			   * zeroed before a step's does words are set */
	/* The batch's regions, words past the gates and slots that phase 1
	 * (legal) and phase 2 (next) write where n has prog (the batch
	 * copies them in where not): role r's k-th possible move's legal
	 * word (ANDed with its guard) at lreg + r * lstride + k; next(X) of
	 * base i at nreg + i. The batch's words: nwords. */
	int32_t lreg, lstride, nreg, nwords;
	/* Recursive groups: members, their rules and literals. */
	int32_t *gm0;     /* [ngroups + 1] members of each group in gm */
	int32_t *gm;      /* member gates */
	int32_t *mr0;     /* [members + 1] rules of each member in gr0 */
	int32_t *gr0;     /* [rules + 1] literals of each rule in gl */
	int32_t *gl;      /* gate << 2 | internal << 1 | negated */
	/* Where the game's propositions are. */
	int32_t *base_gate;  /* [nbase] input gate of true(X): i, the first
			      * gates are the base inputs */
	int32_t *next_ref;   /* [nbase] gate or REF_* of next(X) */
	int32_t *does_ref;   /* [nroles * nmoves] gate or REF_FALSE */
	int32_t *legal_ref;  /* [nroles * nmoves] gate or REF_* */
	int32_t *goal_ref;   /* [ngoal] */
	int32_t terminal;    /* gate or REF_* */
	int32_t guard[GDL_ROLES_MAX]; /* the base input each role's guarded
			      * legal moves need too (its control), or -1 */
	uint8_t *guarded;    /* [nroles * nmoves] legal_ref is the move's
			      * body, legal while the guard is true */
	int32_t other[GDL_ROLES_MAX]; /* each role's input true when its move
			      * has no does gate, or it has none: with its
			      * does gates, exactly one is true */
	int lwords;          /* words of one role's legal bitset */
	int32_t *lmap;       /* [nroles * nmoves] a move's legal bit: its rank
			      * among its role's possible moves, or -1 */
	int32_t *lmoves;     /* [nroles * nmoves] role r's k-th possible move
			      * at r * nmoves + k */
	/* Variants (in the network of the game only): copies of it with a few
	 * base propositions fixed (the "control" of a turn-taking game, say)
	 * and folded in as constants, smaller and without those propositions'
	 * large fanout. A state whose split bits are key is evaluated by
	 * variant var_of[key] (0: the network itself, the other nvar are
	 * var[1..nvar]). */
	struct gdl_net *goal;         /* the goals' own network (their
				       * refs here REF_FALSE), or NULL */
	struct gdl_net *bgoal;        /* the goals' own network for the batch
				       * alone (the goals are read here too,
				       * one at a time, but the batch's
				       * programs leave out the gates that
				       * serve only them), or NULL */
	int nsplit;                   /* split base propositions, at most 4 */
	int32_t split[NET_SPLIT_MAX]; /* their base numbers */
	int nvar;
	struct gdl_net **var;         /* [nvar + 1], var[0] unused */
	bool inc_var;                 /* the incremental evaluator uses them
				       * (the batch always does) */
	uint8_t var_of[1 << NET_SPLIT_MAX];
} gdl_net;


/* batch.c, for tests: one step of lanes 0..nl-1 (nl <= 64) of b, lane l
 * from states[l * words]: its legal move counts (nlegal[l * nroles + r]),
 * terminal[l] and goals[l * nroles + r]; then, after the joint move
 * joints[l * nroles ..], its next state into next[l * words]. */
void gdl_batch_step(const gdl_game *gd, gdl_batch *b, int nl,
	const uint64_t *states, const int *joints, int *nlegal, bool *terminal,
	int *goals, uint64_t *next);

/* Bitsets of move ids (legal moves of a role), shared by the network and
 * the prover: the first max set bits of b[0..words) in ascending order
 * into out (returns how many), and the k-th set bit (or -1). */
static inline int gdl_bits_list(const uint64_t *b, int words, int *out,
	int max)
{
	int k = 0;
	for (int w = 0; w < words; w++)
		for (uint64_t x = b[w]; x && k < max; x &= x - 1)
			out[k++] = w * 64 + __builtin_ctzll(x);
	return k;
}

static inline int gdl_bits_nth(const uint64_t *b, int words, int k)
{
	for (int w = 0; w < words; w++) {
		int c = __builtin_popcountll(b[w]);
		if (k >= c) {
			k -= c;
			continue;
		}
		uint64_t x = b[w];
		while (k--)
			x &= x - 1;
		return w * 64 + __builtin_ctzll(x);
	}
	return -1;
}

/* eval.c: the reference evaluation into val ([natoms + 1]): every atom
 * for state, and with joint (one move id per role; NULL: none) the atoms
 * that depend on does too. Slow; for tests against the network. */
void gdl_ref_eval(const gdl_game *gd, uint8_t *val, const uint64_t *state,
	const int *joint);

/* net.c: compile gd's ground program into gd->net (0, GL_ENOMEM or
 * GL_ERANGE with a message: more than max_gates gates when max_gates > 0);
 * free it. */
int gdl_net_build(gdl_game *gd, long max_gates, gl_err *err);
void gdl_net_free(gdl_net *n);

/* ground.c: ground p's clauses into gd (whose prog is p): the atoms of the
 * reachable domain, the ground program (at most max_rules rules; 0: the
 * default) and the tables of roles, bases, moves and goals. GDL_GROUND_
 * DOMAIN: the atoms and tables only, no rule (for the prover; gd->init is
 * left to it). GDL_GROUND_LAYOUT: the same for the relations that role,
 * init, next and legal read positively (the bases and moves), with goal
 * and terminal as every atom they can be (goal values 0..100): the rest
 * is the prover's to make per state. On GL_ERANGE *too_many says whether
 * it was the instances of the rules that were too many (rules or join
 * steps), not the domain. */
typedef enum gdl_ground_mode {
	GDL_GROUND_RULES, GDL_GROUND_DOMAIN, GDL_GROUND_LAYOUT,
	GDL_GROUND_RELAXED /* a layout that leaves out every literal of a
			    * relation it can: where what it binds is
			    * bound by others */
} gdl_ground_mode;
int gdl_ground(gdl_game *gd, gdl_ground_mode mode, long max_rules,
	bool *too_many, gl_err *err);
int gdl_gterm_text(const gdl_game *gd, int32_t t, char *buf, size_t n);
void gdl_gterms_done(gdl_gterms *gt);
/* The id of ground term fn(args), or -1 when the table has none (the
 * table is only read). */
int32_t gdl_gterm_find(const gdl_gterms *gt, int32_t fn, int32_t nargs,
	const int32_t *args);
/* The id of ground term fn(args), made if absent; GL_ENOMEM, or GL_ERANGE
 * when the table holds too many terms. */
int32_t gdl_gterm_make(gdl_gterms *gt, int32_t fn, int32_t nargs,
	const int32_t *args);

/* prover.c: the rules evaluated per state without grounding (see the head
 * of prover.c). Build it over gd's domain (0, GL_ENOMEM or GL_ERANGE with
 * a message), which also sets gd->init; at most max_steps join steps per
 * evaluation (0: GDL_PROVE_MAX); free it. */
typedef struct gdl_prover gdl_prover;
int gdl_prover_build(gdl_game *gd, long max_steps, gl_err *err);
void gdl_prover_free(gdl_prover *pv);
/* Join steps the prover of gd takes to evaluate the initial state and the
 * state after its first legal joint move: above cap (cap + 1) when they
 * are more, or the evaluation fails; 0 without memory. What load_last()
 * weighs one way of loading against another by: a count, the same on
 * every machine. */
uint64_t gdl_prover_cost(const gdl_game *gd, uint64_t cap);
/* Whether some component of gd's prover negates its own relations (and
 * is evaluated as an alternating fixpoint, several times over). */
bool gdl_prover_negates_itself(const gdl_game *gd);

/* A reasoner, as gdl.h's evaluator sees it: a const descriptor of
 * functions (like game types and agent types), one per reasoner, in
 * gd->ops: the network's (net.c) or the prover's (prover.c). eval.c
 * dispatches every gdl_eval call through it; x is the reasoner's own
 * evaluator, made by make(). The contracts are those of the gdl.h
 * functions of the same names; legal() with moves NULL counts. */
typedef struct gdl_ops {
	void *(*make)(const gdl_game *gd);
	void (*free)(void *x);
	int (*error)(const void *x);
	void (*state)(const gdl_game *gd, void *x, const uint64_t *state);
	bool (*terminal)(const gdl_game *gd, const void *x);
	int (*legal)(const gdl_game *gd, const void *x, int role, int *moves);
	int (*legal_nth)(const gdl_game *gd, const void *x, int role, int k);
	/* x is not const: an evaluator may bring a cache to the state */
	int (*goal)(const gdl_game *gd, void *x, int role);
	/* whether goal atom gd->goal_atom[i] holds in the state */
	bool (*goal_on)(const gdl_game *gd, void *x, int i);
	void (*next)(const gdl_game *gd, void *x, const int *joint,
		uint64_t *out);
} gdl_ops;
extern const gdl_ops gdl_net_ops;    /* net.c */
extern const gdl_ops gdl_prover_ops; /* prover.c */
#endif
