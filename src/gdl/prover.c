/*
 * prover.c - the reasoner for descriptions whose rules are too many to
 * ground: each state's model computed from the rules themselves, bottom
 * up, as the model of the stratified program (Love et al. 2008, section
 * 5; Datalog with stratified negation, Ullman, "Principles of Database and
 * Knowledge-Base Systems", 1988, ch. 3). The relations are split into the
 * strongly connected components of their dependency graph and evaluated in
 * its order, so that a negation reads a relation already complete; a
 * recursive component is evaluated semi-naively (round r joins a clause
 * with one of its recursive literals taking the facts new in round r - 1).
 * A component that negates one of its own relations (goal(R, 100) by not
 * goal(R, 0): stratified on ground atoms only, which check.c leaves to
 * the reasoners) is evaluated as the alternating fixpoint (Van Gelder,
 * "The alternating fixpoint of logic programs with negation", PODS 1989):
 * the component's least model with its own negations read against a set
 * I, for I the empty set, then that model, then the next, ... until the
 * models read against an under- and an over-estimate agree; for a program
 * stratified on its ground atoms they do, and that is its model. Where
 * they never agree (negation through a ground recursion in this state),
 * the evaluation stops with GL_EPARSE, never a wrong model.
 * The relations that depend on neither true nor does are evaluated once,
 * at load; those that depend on true once per state; those on does once
 * per joint move. Every fact that can ever hold is in the domain the
 * grounder computed (ground.c: a superset), so ground terms are looked up
 * in the game's table, never made: a game stays read-only once loaded,
 * and a term the table lacks is a fact that cannot hold. Except where
 * even that domain is too big and only its layout was ground (the
 * relations role, init, next and legal read: gd->layout): then a fact
 * derived of another relation may have a term the game lacks, and the
 * evaluation makes it, at load in the game's table, afterwards in a
 * table of the evaluator's own whose ids follow the game's (pv_terms;
 * emptied between two states when it grows past OWN_MAX). Each clause is
 * compiled into join plans whatever the order of its literals in the
 * file: tests and negations as soon as their variables are bound, then
 * the positive literal expected to match the fewest facts (counted over
 * the domain, a state's true and does atoms weighed as the few a state
 * holds; on a tie, one that binds a head variable). A join stops as soon
 * as its head is ground and already derived, so the variables found only
 * in a body cost one proof per head, not one per instance. Facts are
 * indexed by the values of their arguments, of their arguments' arguments
 * and functors.
 * The work per evaluation is bounded (GDL_PROVE_MAX join steps).
 */
#include "gdl/internal.h"

#include <limits.h>

enum { N_CONST, N_ABSENT, N_VAR, N_FN };          /* compiled term nodes */
enum { P_SCAN, P_CHECK, P_NEG, P_NEGIN, P_DIST, P_NDIST }; /* join steps;
	* P_NEGIN: a negation of the component's own relation, read in I */
enum { RG_ANY, RG_OLD, RG_DELTA, RG_UPTO };       /* rounds a fact may be of */
enum { C_STATIC, C_STATE, C_MOVE, NCLASS };       /* what a relation needs */

enum {
	ARG_IX = 16,      /* arguments indexed */
	SUB_IX = 14,      /* arguments of an argument indexed */
	POS_FN = 15,      /* in a position: the functor of the argument */
	POS_ALL = -1,     /* the position of every fact of a relation */
	KEYS_MAX = 4,     /* positions of one index's key */
	CAND_MAX = ARG_IX * (SUB_IX + 2),
	PV_ARGS_MAX = 256, /* arguments of one term */
	OWN_MAX = 1 << 20, /* an evaluator's own terms kept from state to state */
	LAYOUT_STATIC_SHARE = 64 /* a layout's static relations: 1/64 of the
			    * join steps of the others' */
};
#define DV_VAL INT32_MIN /* the key counting a position's distinct values */
enum { DOM_UNIT = 256, DOM_RARE = 16 }; /* count_domain()'s weights */
/* what the plans guess of a relation the domain does not hold: its facts,
 * and its values at a position */
enum { DOM_GUESS = 1000, DOM_GUESS_VALUES = 10 };

/* Room for need elements in a (capacity cap), or return GL_ENOMEM. */
#define RESERVE(a, cap, need)                                               \
	do {                                                                \
		if ((need) > (cap)) {                                       \
			if ((need) > INT_MAX / 4)                           \
				return GL_ENOMEM;                           \
			int nc_ = (cap) ? (cap) * 2 : 64;                   \
			while (nc_ < (need))                                \
				nc_ *= 2;                                   \
			void *p_ = gl_realloc((a), (size_t)nc_ * sizeof *(a)); \
			if (!p_)                                            \
				return GL_ENOMEM;                           \
			(a) = p_;                                           \
			(cap) = nc_;                                        \
		}                                                           \
	} while (0)

/* A term of a clause, compiled: nodes in preorder. */
typedef struct pv_node {
	int32_t op; /* N_* | nargs << 3 */
	int32_t x;  /* N_CONST: its ground term; N_ABSENT: its symbol (no
		     * ground term); N_VAR: its slot; N_FN: the functor */
} pv_node;

/* A position of the key a scan looks its facts up by. */
typedef struct pv_key {
	int32_t pos;  /* argument i: i << 4 | 0, its argument j: | j + 1, its
		       * functor: | POS_FN */
	int32_t code; /* the subterm whose value the key is, or -1: val */
	int32_t val;  /* the functor of a POS_FN key */
} pv_key;

typedef struct pv_step {
	uint8_t kind;   /* P_* */
	uint8_t cls;    /* C_* of the literal's relation (where its facts are) */
	uint8_t range;  /* RG_*: the rounds of a recursive literal's facts */
	int32_t rel;    /* the literal's relation */
	int32_t a, b;   /* code of its atom, or of distinct's terms */
	int32_t pat;    /* a scan's index (POS_ALL: every fact of rel) */
	int32_t key0, nkey; /* its key's positions in keys[], as pat's */
} pv_step;

typedef struct pv_plan {
	int32_t head;   /* code of the head */
	int32_t step0, nstep;
	int32_t hstep;  /* the first step before which the head is ground */
	int32_t nvars;
} pv_plan;

/* A component of the dependency graph, with its plans. */
typedef struct pv_scc {
	int32_t plan0, nplan;   /* round 0: the clauses without a recursive
				 * positive literal */
	int32_t dplan0, ndplan; /* rounds 1..: one plan per recursive positive
				 * literal of each clause, that literal first */
	int32_t cls;
	bool negin;             /* it negates a relation of its own (P_NEGIN):
				 * the alternating fixpoint */
} pv_scc;

/* Facts with their indexes: a bucket per key (relation, index, value)
 * holding a list of entries, newest first. An index is a list of
 * positions; its value, of the facts' values there (hashed when several:
 * a collision only costs the failed matches). */
typedef struct pv_bucket {
	int32_t rel, pos, val; /* the key: pos is the index (or POS_ALL) */
	int32_t head;          /* newest entry, -1 none */
	int32_t n;             /* entries */
	int32_t slot;          /* its place in the hash */
} pv_bucket;

typedef struct pv_ent {
	int32_t fact, next;
} pv_ent;

typedef struct pv_store {
	int32_t *slot;  /* hash: bucket + 1, 0 empty */
	int nslot;      /* a power of two */
	pv_bucket *bk;
	int nbk, capbk;
	pv_ent *ent;
	int nent, capent;
	int32_t *fact;  /* every fact, in order */
	int nfact, capfact;
	int32_t *stamp; /* [nstamp] round + 1 of each fact, 0 none (not owned:
			 * an evaluator's two stores share theirs) */
	int32_t nstamp; /* terms it has a stamp for: a term past them is none
			 * of its facts */
} pv_store;

/* The ground terms an evaluation reads and makes: the game's, and, where
 * the game's domain is only its layout (gd->layout), the terms the
 * evaluation makes for the facts it derives: while loading, in the
 * game's own table; in an evaluator, in a table of its own whose ids
 * come after the game's. */
typedef struct pv_terms {
	const gdl_gterms *sh; /* the game's */
	gdl_gterms *own;      /* where terms are made; NULL: none is */
	int32_t base;         /* own's first id: 0 when own is sh */
} pv_terms;

struct gdl_prover {
	pv_node *code;
	int ncode, capcode;
	pv_key *keys;
	int nkeys, capkeys;
	pv_step *steps;
	int nsteps, capsteps;
	pv_plan *plans;
	int nplans, capplans;
	pv_scc *scc;      /* in evaluation order: [0, scc1) static, [scc1,
			   * scc2) depend on true, [scc2, nscc) on does */
	int nscc, capscc;
	int scc1, scc2;
	uint8_t *cls;     /* [nsyms] C_* of each relation */
	int32_t *pat0;    /* [npat + 1] positions of each index in patpos */
	int32_t *patpos;
	int npat;
	int32_t *ix0;     /* [nsyms + 1] indexes of each relation in ix */
	int32_t *ix;
	int nterms;       /* ground terms of the game */
	bool negin;       /* some component negates its own relations */
	uint64_t max;     /* join steps per evaluation */
	pv_store st;      /* the static facts */
	int32_t *sstamp;  /* [nterms] their stamps */
};

/* One evaluation's scratch: the join under way. */
typedef struct pv_run {
	const gdl_prover *pv;
	pv_terms T;
	const pv_store *rd[NCLASS]; /* facts read, by class */
	pv_store *wr[NCLASS];       /* those that may be written */
	pv_store *out;              /* where the component's facts go */
	const pv_plan *plan;
	int32_t head;               /* the head, once ground */
	int32_t round;
	uint64_t steps, max;
	int err;                    /* GL_ERANGE (steps), GL_ENOMEM */
	int ntrail;
	int32_t bind[GDL_VARS_MAX];
	int32_t trail[GDL_VARS_MAX];
	/* The set I P_NEGIN reads (when the prover has such steps): */
	uint8_t *in;                /* [nterms] 1 for a fact of I */
	int32_t *inl;               /* I's facts, to clear it */
	int nin, capin;
	/* Where terms are made: the stamps the written stores share, grown
	 * with the terms (and in with them). */
	int32_t **stampv;           /* the array */
	int32_t nstamp;             /* its length */
	pv_store *grow[2];          /* the stores that point at it */
} pv_run;

typedef struct gdl_pv gdl_pv;
struct gdl_pv {
	const gdl_prover *pv;
	pv_store st[2];   /* facts of the relations on true, on does */
	int32_t *stamp;   /* [R.nstamp] theirs */
	gdl_gterms own;   /* the terms it made (a layout-only domain) */
	pv_run R;
	int lwords;
	uint64_t *legal;  /* [nroles * lwords] */
	int nlegal[GDL_ROLES_MAX];
	int joint[GDL_ROLES_MAX];   /* of the next state computed */
	bool at_state, at_next;
	int err, nerr;    /* the state's evaluation's error, the next's */
	uint64_t *state;  /* [words] the state evaluated */
	uint64_t *next;   /* [words] the next state computed */
};

/* --- Facts ------------------------------------------------------------------ */

static inline uint32_t key_hash(int32_t rel, int32_t pos, int32_t val)
{
	uint64_t h = ((uint64_t)(uint32_t)rel << 32 | (uint32_t)pos) ^
		(uint64_t)(uint32_t)val * 0x9E3779B97F4A7C15ull;
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 29;
	return (uint32_t)h;
}

static int32_t st_find(const pv_store *st, int32_t rel, int32_t pos, int32_t val)
{
	if (!st->nslot)
		return -1;
	uint32_t m = (uint32_t)st->nslot - 1;
	for (uint32_t k = key_hash(rel, pos, val) & m; st->slot[k]; k = (k + 1) & m) {
		const pv_bucket *b = &st->bk[st->slot[k] - 1];
		if (b->val == val && b->pos == pos && b->rel == rel)
			return st->slot[k] - 1;
	}
	return -1;
}

/* The bucket of a key, made if absent: its index or GL_ENOMEM. */
static int32_t st_bucket(pv_store *st, int32_t rel, int32_t pos, int32_t val)
{
	int32_t b = st_find(st, rel, pos, val);
	if (b >= 0)
		return b;
	if ((st->nbk + 1) * 2 > st->nslot) {
		if (st->nslot >= (1 << 29))
			return GL_ENOMEM;
		int ns = st->nslot ? st->nslot * 2 : 256;
		int32_t *slot = gl_calloc((size_t)ns, sizeof *slot);
		if (!slot)
			return GL_ENOMEM;
		for (int i = 0; i < st->nbk; i++) {
			pv_bucket *x = &st->bk[i];
			uint32_t k = key_hash(x->rel, x->pos, x->val) & (uint32_t)(ns - 1);
			while (slot[k])
				k = (k + 1) & (uint32_t)(ns - 1);
			slot[k] = i + 1;
			x->slot = (int32_t)k;
		}
		gl_free(st->slot);
		st->slot = slot;
		st->nslot = ns;
	}
	RESERVE(st->bk, st->capbk, st->nbk + 1);
	b = st->nbk++;
	uint32_t m = (uint32_t)st->nslot - 1, k = key_hash(rel, pos, val) & m;
	while (st->slot[k])
		k = (k + 1) & m;
	st->slot[k] = b + 1;
	st->bk[b] = (pv_bucket){.rel = rel, .pos = pos, .val = val, .head = -1,
		.slot = (int32_t)k};
	return b;
}

static int st_entry(pv_store *st, int32_t rel, int32_t pos, int32_t val,
	int32_t g)
{
	int32_t b = st_bucket(st, rel, pos, val);
	if (b < 0)
		return b;
	RESERVE(st->ent, st->capent, st->nent + 1);
	st->ent[st->nent] = (pv_ent){.fact = g, .next = st->bk[b].head};
	st->bk[b].head = st->nent++;
	st->bk[b].n++;
	return 0;
}

/* The table that holds term *g, with *g made its index there. */
static inline const gdl_gterms *tab(const pv_terms *T, int32_t *g)
{
	if (T->base && *g >= T->base) {
		*g -= T->base;
		return T->own;
	}
	return T->sh;
}

static inline int32_t t_fn(const pv_terms *T, int32_t g)
{
	const gdl_gterms *gt = tab(T, &g);
	return gt->fn[g];
}

static inline int32_t t_nargs(const pv_terms *T, int32_t g)
{
	const gdl_gterms *gt = tab(T, &g);
	return gt->nargs[g];
}

/* Argument k of term g. */
static inline int32_t t_arg(const pv_terms *T, int32_t g, int k)
{
	const gdl_gterms *gt = tab(T, &g);
	return gt->argv[gt->args[g] + k];
}

/* The id of fn(args), made when make and T makes terms; -1 when absent,
 * GL_ENOMEM or GL_ERANGE (too many terms). */
static int32_t t_get(const pv_terms *T, int32_t fn, int32_t nargs,
	const int32_t *args, bool make)
{
	int32_t id = gdl_gterm_find(T->sh, fn, nargs, args);
	if (id >= 0 || !T->own)
		return id;
	if (T->base && (id = gdl_gterm_find(T->own, fn, nargs, args)) >= 0)
		return id + T->base;
	if (!make)
		return -1;
	id = gdl_gterm_make(T->own, fn, nargs, args);
	return id < 0 ? id : id + T->base;
}

/* The value of ground term g at index position pos; false if it has none. */
static inline bool pos_val(const pv_terms *T, int32_t g, int32_t pos,
	int32_t *val)
{
	int i = pos >> 4, k = pos & 15;
	if (i >= t_nargs(T, g))
		return false;
	int32_t a = t_arg(T, g, i);
	if (k == 0)
		*val = a;
	else if (k == POS_FN)
		*val = t_fn(T, a);
	else if (k - 1 < t_nargs(T, a))
		*val = t_arg(T, a, k - 1);
	else
		return false;
	return true;
}

static inline int32_t stamp_of(const pv_store *st, int32_t g)
{
	return g < st->nstamp ? st->stamp[g] : 0;
}

/* A key's value from the next value v at a position of it. */
static inline int32_t key_add(int32_t h, int32_t v, bool first)
{
	if (first)
		return v; /* one position: the value itself */
	uint32_t x = ((uint32_t)h ^ (uint32_t)v * 0x9E3779B1u) * 0x85EBCA6Bu;
	return (int32_t)(x ^ x >> 13);
}

/* Make g a fact of round round in st, indexed as its relation is. */
static int st_add(pv_store *st, const gdl_prover *pv, const pv_terms *T,
	int32_t g, int32_t round)
{
	RESERVE(st->fact, st->capfact, st->nfact + 1);
	st->fact[st->nfact++] = g; /* listed first: a reset clears its stamp */
	st->stamp[g] = round + 1;
	int32_t rel = t_fn(T, g);
	int rc = st_entry(st, rel, POS_ALL, -1, g);
	for (int i = pv->ix0[rel]; i < pv->ix0[rel + 1] && !rc; i++) {
		int32_t p = pv->ix[i], h = 0, v;
		int k = pv->pat0[p];
		for (; k < pv->pat0[p + 1] && pos_val(T, g, pv->patpos[k], &v); k++)
			h = key_add(h, v, k == pv->pat0[p]);
		if (k == pv->pat0[p + 1])
			rc = st_entry(st, rel, p, h, g);
	}
	return rc;
}

/* Forget every fact (keeping the room). */
static void st_reset(pv_store *st)
{
	for (int i = 0; i < st->nfact; i++)
		st->stamp[st->fact[i]] = 0;
	for (int b = 0; b < st->nbk; b++)
		st->slot[st->bk[b].slot] = 0;
	st->nfact = st->nbk = st->nent = 0;
}

/* Forget the facts added since the store held f0 facts, e0 entries and
 * b0 buckets: entries run newest first in each bucket's list, and the
 * buckets made since are unmade newest first, which leaves the probe
 * sequences of the older ones whole (linear probing). */
static void st_truncate(pv_store *st, int f0, int e0, int b0)
{
	for (int i = f0; i < st->nfact; i++)
		st->stamp[st->fact[i]] = 0;
	for (int b = st->nbk - 1; b >= b0; b--)
		st->slot[st->bk[b].slot] = 0;
	for (int b = 0; b < b0; b++) {
		pv_bucket *x = &st->bk[b];
		while (x->head >= e0) {
			x->head = st->ent[x->head].next;
			x->n--;
		}
	}
	st->nfact = f0;
	st->nent = e0;
	st->nbk = b0;
}

static void st_done(pv_store *st)
{
	gl_free(st->slot);
	gl_free(st->bk);
	gl_free(st->ent);
	gl_free(st->fact);
	memset(st, 0, sizeof *st);
}

/* --- Terms ------------------------------------------------------------------ */

/* The node after the subterm at i. */
static int32_t code_skip(const pv_node *c, int32_t i)
{
	for (int32_t todo = 1; todo > 0; i++)
		todo += ((c[i].op & 7) == N_FN ? c[i].op >> 3 : 0) - 1;
	return i;
}

/* The variable slots of the subterm at i. */
static uint64_t code_mask(const pv_node *c, int32_t i)
{
	uint64_t m = 0;
	for (int32_t end = code_skip(c, i); i < end; i++)
		if ((c[i].op & 7) == N_VAR)
			m |= 1ull << c[i].x;
	return m;
}

/* The ground term of the subterm at *i (its variables bound in bind; bind
 * may be NULL if it has none), or -1 when there is no such term (unless
 * make and T makes terms); GL_ENOMEM or GL_ERANGE when one cannot be made. */
static int32_t build(const pv_terms *T, const pv_node *c, int32_t *i,
	const int32_t *bind, bool make)
{
	const pv_node *n = &c[(*i)++];
	switch (n->op & 7) {
	case N_CONST:
		return n->x;
	case N_ABSENT:
		return -1;
	case N_VAR:
		return bind[n->x];
	default:
		break;
	}
	int na = n->op >> 3;
	int32_t args[PV_ARGS_MAX];
	for (int k = 0; k < na; k++) {
		int32_t a = build(T, c, i, bind, make);
		if (a < 0) { /* -1 (no such term), or an error */
			for (k++; k < na; k++)
				*i = code_skip(c, *i);
			return a;
		}
		args[k] = a;
	}
	return t_get(T, n->x, na, args, make);
}

/* Bind the unbound variables of the subterm at *i so that it is ground
 * term g; false if it cannot be (the caller undoes the trail). */
static bool match(pv_run *R, const pv_node *c, int32_t *i, int32_t g)
{
	const pv_node *n = &c[(*i)++];
	switch (n->op & 7) {
	case N_CONST:
		return n->x == g;
	case N_ABSENT:
		return false;
	case N_VAR:
		if (R->bind[n->x] >= 0)
			return R->bind[n->x] == g;
		R->bind[n->x] = g;
		R->trail[R->ntrail++] = n->x;
		return true;
	default:
		break;
	}
	int32_t at = g;
	const gdl_gterms *gt = tab(&R->T, &at);
	int na = n->op >> 3;
	if (gt->fn[at] != n->x || gt->nargs[at] != na)
		return false;
	const int32_t *ga = gt->argv + gt->args[at]; /* nothing is made here */
	for (int k = 0; k < na; k++)
		if (!match(R, c, i, ga[k]))
			return false;
	return true;
}

/* The subterm at *i (bound) is ground term g. */
static bool eq_g(const pv_run *R, const pv_node *c, int32_t *i, int32_t g)
{
	const pv_node *n = &c[(*i)++];
	switch (n->op & 7) {
	case N_CONST:
		return n->x == g;
	case N_ABSENT:
		return false;
	case N_VAR:
		return R->bind[n->x] == g;
	default:
		break;
	}
	int32_t at = g;
	const gdl_gterms *gt = tab(&R->T, &at);
	int na = n->op >> 3;
	if (gt->fn[at] != n->x || gt->nargs[at] != na)
		return false;
	for (int k = 0; k < na; k++)
		if (!eq_g(R, c, i, gt->argv[gt->args[at] + k]))
			return false;
	return true;
}

/* The subterms at *i and *j (bound) are equal, terms the game lacks too. */
static bool eq_cc(const pv_run *R, const pv_node *c, int32_t *i, int32_t *j)
{
	const pv_node *a = &c[*i], *b = &c[*j];
	if ((a->op & 7) == N_VAR) {
		(*i)++;
		return eq_g(R, c, j, R->bind[a->x]);
	}
	if ((b->op & 7) == N_VAR) {
		(*j)++;
		return eq_g(R, c, i, R->bind[b->x]);
	}
	(*i)++;
	(*j)++;
	if (a->op != b->op || a->x != b->x)
		return false; /* kinds, arities, terms, symbols or functors */
	for (int k = 0; k < (a->op >> 3) && (a->op & 7) == N_FN; k++)
		if (!eq_cc(R, c, i, j))
			return false;
	return true;
}

/* --- Joins ------------------------------------------------------------------ */

/* A fact of stamp t (0: none) may be read by a literal of range range in
 * round round. */
static inline bool in_range(int32_t t, int range, int32_t round)
{
	if (t <= 0)
		return false;
	switch (range) {
	case RG_DELTA:
		return t == round;
	case RG_OLD:
		return t < round;
	case RG_UPTO:
		return t <= round;
	default:
		return true;
	}
}

static void join(pv_run *R, int j);

/* Room in the stamps of the stores written (and in I) for term g, just
 * made: g, or GL_ENOMEM. */
static int32_t room(pv_run *R, int32_t g)
{
	int32_t n = R->nstamp, nc = n > 1024 ? n : 1024;
	while (nc <= g) {
		if (nc > INT32_MAX / 2)
			return GL_ENOMEM;
		nc *= 2;
	}
	int32_t *s = gl_realloc(*R->stampv, (size_t)nc * sizeof *s);
	if (!s)
		return GL_ENOMEM;
	memset(s + n, 0, (size_t)(nc - n) * sizeof *s);
	*R->stampv = s;
	for (int k = 0; k < 2; k++)
		if (R->grow[k]) {
			R->grow[k]->stamp = s;
			R->grow[k]->nstamp = nc;
		}
	if (R->in) {
		uint8_t *in = gl_realloc(R->in, (size_t)nc);
		if (!in)
			return GL_ENOMEM;
		memset(in + n, 0, (size_t)(nc - n));
		R->in = in;
	}
	R->nstamp = nc;
	return g;
}

/* The bucket a scan looks at under the bindings, or -1 when there is
 * none (nothing can match). */
static int32_t pick(const pv_run *R, const pv_step *s, const pv_store *st)
{
	if (s->pat < 0)
		return st_find(st, s->rel, POS_ALL, -1);
	int32_t h = 0;
	for (int k = 0; k < s->nkey; k++) {
		const pv_key *K = &R->pv->keys[s->key0 + k];
		int32_t v = K->val;
		if (K->code >= 0) {
			int32_t i = K->code;
			if ((v = build(&R->T, R->pv->code, &i, R->bind, false)) < 0)
				return -1;
		}
		h = key_add(h, v, k == 0);
	}
	return st_find(st, s->rel, s->pat, h);
}

static void scan(pv_run *R, const pv_step *s, int j)
{
	const pv_store *st = R->rd[s->cls];
	int32_t b = pick(R, s, st);
	if (b < 0)
		return;
	/* stamps are round + 1; a list runs from the newest fact */
	int32_t lo = 1, hi = INT32_MAX;
	if (s->range == RG_DELTA)
		lo = hi = R->round;
	else if (s->range == RG_OLD)
		hi = R->round - 1;
	else if (s->range == RG_UPTO)
		hi = R->round;
	bool headed = j >= R->plan->hstep;
	for (int32_t e = st->bk[b].head; e >= 0; e = st->ent[e].next) {
		int32_t g = st->ent[e].fact, t = st->stamp[g];
		if (t > hi)
			continue;
		if (t < lo)
			break;
		if (++R->steps > R->max) {
			R->err = GL_ERANGE;
			return;
		}
		int mark = R->ntrail;
		int32_t i = s->a;
		if (match(R, R->pv->code, &i, g))
			join(R, j + 1);
		while (R->ntrail > mark)
			R->bind[R->trail[--R->ntrail]] = -1;
		if (R->err || (headed && stamp_of(R->out, R->head)))
			return; /* the head holds now: no need of more proofs */
	}
}

/* The plan from step j under the bindings. */
static void join(pv_run *R, int j)
{
	const gdl_prover *pv = R->pv;
	const pv_plan *P = R->plan;
	if (R->err)
		return;
	if (++R->steps > R->max) {
		R->err = GL_ERANGE;
		return;
	}
	if (j == P->hstep) {
		int32_t i = P->head;
		int32_t h = build(&R->T, pv->code, &i, R->bind, true);
		if (h < -1 || (h >= R->nstamp && (h = room(R, h)) < 0)) {
			R->err = h; /* a term that could not be made */
			return;
		}
		if (h < 0 || stamp_of(R->out, h))
			return; /* not in the domain (the rest fails), or known */
		R->head = h;
	}
	if (j == P->nstep) {
		int rc = st_add(R->out, pv, &R->T, R->head, R->round);
		if (rc)
			R->err = rc;
		return;
	}
	const pv_step *s = &pv->steps[P->step0 + j];
	int32_t i = s->a, k = s->b, g;
	switch (s->kind) {
	case P_DIST:
	case P_NDIST:
		if (eq_cc(R, pv->code, &i, &k) == (s->kind == P_NDIST))
			join(R, j + 1);
		return;
	case P_NEG:
		g = build(&R->T, pv->code, &i, R->bind, false);
		if (g < 0 || !stamp_of(R->rd[s->cls], g))
			join(R, j + 1);
		return;
	case P_NEGIN:
		g = build(&R->T, pv->code, &i, R->bind, false);
		if (g < 0 || g >= R->nstamp || !R->in[g])
			join(R, j + 1);
		return;
	case P_CHECK:
		g = build(&R->T, pv->code, &i, R->bind, false);
		if (g >= 0 && in_range(stamp_of(R->rd[s->cls], g), s->range, R->round))
			join(R, j + 1);
		return;
	default:
		scan(R, s, j);
	}
}

static void run_plan(pv_run *R, const pv_plan *P)
{
	R->plan = P;
	for (int v = 0; v < P->nvars; v++)
		R->bind[v] = -1;
	R->ntrail = 0;
	join(R, 0);
}

/* A component to its fixpoint: round 0, then rounds while one adds. */
static void run_rounds(pv_run *R, const pv_scc *S)
{
	const gdl_prover *pv = R->pv;
	R->round = 0;
	int before = R->out->nfact;
	for (int p = S->plan0; p < S->plan0 + S->nplan && !R->err; p++)
		run_plan(R, &pv->plans[p]);
	for (R->round = 1; S->ndplan && !R->err && R->out->nfact > before;
	     R->round++) {
		before = R->out->nfact;
		for (int p = S->dplan0; p < S->dplan0 + S->ndplan && !R->err; p++)
			run_plan(R, &pv->plans[p]);
	}
}

/* I := the n facts at f (n = 0: empty). */
static void in_set(pv_run *R, const int32_t *f, int n)
{
	for (int i = 0; i < R->nin; i++)
		R->in[R->inl[i]] = 0;
	R->nin = 0;
	if (n > R->capin) {
		int32_t *q = gl_realloc(R->inl, (size_t)n * sizeof *q);
		if (!q) {
			R->err = GL_ENOMEM;
			return;
		}
		R->inl = q;
		R->capin = n;
	}
	for (int i = 0; i < n; i++)
		R->in[R->inl[i] = f[i]] = 1;
	R->nin = n;
}

/* A component negating its own relations, as the alternating fixpoint:
 * G(I) is its least model with those negations read in I; K = {} and
 * U = G(K), K = G(U), ... K only grows and U only shrinks (G is
 * antimonotone), K below and U above the model. U = K: that is the
 * model. K the same twice while U is not: no total model (the rules
 * negate an atom through its own recursion in this state). */
static void run_negin(pv_run *R, const pv_scc *S)
{
	pv_store *st = R->out;
	int f0 = st->nfact, e0 = st->nent, b0 = st->nbk, nk = 0;
	in_set(R, NULL, 0);
	while (!R->err) {
		run_rounds(R, S); /* U = G(K) */
		int nu = st->nfact - f0;
		if (R->err || nu == nk)
			break; /* U = K, since K is in U: the model */
		in_set(R, st->fact + f0, nu);
		st_truncate(st, f0, e0, b0);
		run_rounds(R, S); /* K' = G(U) */
		int nk2 = st->nfact - f0;
		if (!R->err && nk2 == nk)
			R->err = GL_EPARSE;
		nk = nk2;
		in_set(R, st->fact + f0, nk);
		st_truncate(st, f0, e0, b0);
	}
	in_set(R, NULL, 0);
}

static void run_scc(pv_run *R, const pv_scc *S)
{
	R->out = R->wr[S->cls];
	if (S->negin)
		run_negin(R, S);
	else
		run_rounds(R, S);
}

/* Room for I in R, if the prover needs it (0 or GL_ENOMEM). */
static int run_in_alloc(pv_run *R, const gdl_prover *pv)
{
	if (!pv->negin)
		return 0;
	R->in = gl_calloc((size_t)pv->nterms + 1, 1);
	return R->in ? 0 : GL_ENOMEM;
}

static void run_in_free(pv_run *R)
{
	gl_free(R->in);
	gl_free(R->inl);
	R->in = NULL;
	R->inl = NULL;
	R->nin = R->capin = 0;
}

/* --- Building ----------------------------------------------------------------- */

typedef struct pbuild {
	gdl_game *gd;
	gdl_prover *pv;
	const gdl_prog *p;
	const gdl_gterms *gt;
	int nsyms;
	pv_store dom;      /* the domain counted: a bucket per key, n its facts;
			    * (rel, pos, DV_VAL) counts the values at pos */
	int32_t *prel;     /* [npat] the relation of each index */
	int cappat, cappos, nppos;
	int32_t *varslot;  /* [nsyms] slot of a variable in the clause, -1 */
	int32_t vsym[GDL_VARS_MAX]; /* the clause's variables by slot */
	int32_t *la, *lb;  /* [nlits] code of each literal's terms (-1) */
	int32_t *lrel;     /* [nlits] relation of an atom literal, -1 */
	uint64_t *lmask;   /* [nlits] variable slots of each literal */
	int32_t *chead;    /* [ncl] code of each clause's head */
	int32_t *cnv;      /* [ncl] its variables */
	uint64_t *hmask;   /* [ncl] the head's variable slots */
	int32_t *e0, *edge; /* the dependency graph over relations */
	int32_t *comp;     /* [nsyms] component of each relation */
	int ncomp;
	uint8_t *needed;   /* [nsyms] relations a game's query reaches */
	bool negin;        /* a plan made since this was cleared has P_NEGIN */
	pv_run R;          /* evaluating the static relations */
} pbuild;

enum {
	E_STEPS = 1, /* the static relations need too many join steps */
	E_STRATA = 2 /* they negate an atom through its own recursion */
};

static int compile(pbuild *B, int32_t t, int *nvars)
{
	gdl_prover *pv = B->pv;
	const gdl_term *x = &B->p->terms[t];
	RESERVE(pv->code, pv->capcode, pv->ncode + 1);
	pv_node *n = &pv->code[pv->ncode++];
	if (x->kind == T_VAR) {
		int32_t *s = &B->varslot[x->sym];
		if (*s < 0) {
			if (*nvars >= GDL_VARS_MAX)
				return GL_ERANGE;
			B->vsym[*nvars] = x->sym;
			*s = (*nvars)++;
		}
		*n = (pv_node){.op = N_VAR, .x = *s};
		return 0;
	}
	if (x->kind == T_SYM) {
		/* where the domain is only the layout, a constant may be in no
		 * fact of it but in facts made per state */
		int32_t id = B->gd->layout ?
			gdl_gterm_make(&B->gd->gt, x->sym, 0, NULL) :
			gdl_gterm_find(B->gt, x->sym, 0, NULL);
		if (id < -1)
			return id;
		*n = (pv_node){.op = id >= 0 ? N_CONST : N_ABSENT,
			.x = id >= 0 ? id : x->sym};
		return 0;
	}
	if (x->nargs > PV_ARGS_MAX)
		return GL_ERANGE;
	*n = (pv_node){.op = N_FN | x->nargs << 3, .x = x->sym};
	for (int i = 0; i < x->nargs; i++) {
		int rc = compile(B, gdl_term_arg(B->p, t, i), nvars);
		if (rc)
			return rc;
	}
	return 0;
}

/* Every clause's head and literals compiled, variables numbered. */
static int compile_clauses(pbuild *B)
{
	const gdl_prog *p = B->p;
	for (int c = 0; c < p->ncl; c++) {
		const gdl_clause *cl = &p->cl[c];
		int nv = 0, rc;
		B->chead[c] = B->pv->ncode;
		rc = compile(B, cl->head, &nv);
		for (int i = 0; i < cl->nlits; i++) {
			int32_t q = cl->lit0 + i;
			const gdl_lit *l = &p->lits[q];
			B->la[q] = B->pv->ncode;
			B->lb[q] = -1;
			if (!rc)
				rc = compile(B, l->a, &nv);
			if (!rc && (l->kind == L_DIST || l->kind == L_NDIST)) {
				B->lb[q] = B->pv->ncode;
				rc = compile(B, l->b, &nv);
			}
			B->lrel[q] = l->kind <= L_NEG ? p->terms[l->a].sym : -1;
		}
		for (int k = 0; k < nv; k++) /* free for the next clause */
			B->varslot[B->vsym[k]] = -1;
		if (rc)
			return rc;
		const pv_node *code = B->pv->code;
		B->hmask[c] = code_mask(code, B->chead[c]);
		for (int i = 0; i < cl->nlits; i++) {
			int32_t q = cl->lit0 + i;
			B->lmask[q] = code_mask(code, B->la[q]) |
				(B->lb[q] >= 0 ? code_mask(code, B->lb[q]) : 0);
		}
		B->cnv[c] = nv;
	}
	return 0;
}

/* The dependency graph (head -> body relation) and its components by
 * Tarjan's algorithm without recursion, numbered as they complete: a
 * component after every one it reaches. */
static int components(pbuild *B)
{
	const gdl_prog *p = B->p;
	int n = B->nsyms;
	B->e0 = gl_calloc((size_t)n + 2, sizeof *B->e0);
	B->edge = gl_malloc(((size_t)p->nlits + 1) * sizeof *B->edge);
	if (!B->e0 || !B->edge)
		return GL_ENOMEM;
	for (int c = 0; c < p->ncl; c++)
		for (int i = 0; i < p->cl[c].nlits; i++)
			B->e0[p->terms[p->cl[c].head].sym + 1] +=
				B->lrel[p->cl[c].lit0 + i] >= 0;
	for (int v = 0; v < n; v++)
		B->e0[v + 1] += B->e0[v];
	for (int c = 0; c < p->ncl; c++) {
		int32_t h = p->terms[p->cl[c].head].sym;
		for (int i = 0; i < p->cl[c].nlits; i++) {
			int32_t r = B->lrel[p->cl[c].lit0 + i];
			if (r >= 0)
				B->edge[B->e0[h]++] = r;
		}
	}
	for (int v = n; v > 0; v--) /* the fill moved each row start on */
		B->e0[v] = B->e0[v - 1];
	B->e0[0] = 0;
	int nc = gdl_sccs(n, B->e0, B->edge, B->comp);
	if (nc < 0)
		return nc;
	B->ncomp = nc;
	return 0;
}

/* The class of each relation (what it depends on), and the relations the
 * game's queries (legal, goal, terminal, next, init) reach. */
static int classify(pbuild *B, const int32_t *cl_by_comp, const int32_t *cc0)
{
	const gdl_prog *p = B->p;
	uint8_t *bits = gl_calloc((size_t)B->ncomp + 1, 1);
	int32_t *work = gl_malloc(((size_t)B->nsyms + 1) * sizeof *work);
	if (!bits || !work) {
		gl_free(bits);
		gl_free(work);
		return GL_ENOMEM;
	}
	bits[B->comp[K_TRUE]] |= 1;
	bits[B->comp[K_DOES]] |= 2;
	for (int k = 0; k < B->ncomp; k++)
		for (int q = cc0[k]; q < cc0[k + 1]; q++) {
			const gdl_clause *cl = &p->cl[cl_by_comp[q]];
			for (int i = 0; i < cl->nlits; i++) {
				int32_t r = B->lrel[cl->lit0 + i];
				if (r >= 0 && B->comp[r] != k)
					bits[k] |= bits[B->comp[r]];
			}
		}
	for (int s = 0; s < B->nsyms; s++) {
		uint8_t b = bits[B->comp[s]];
		B->pv->cls[s] = b & 2 ? C_MOVE : b & 1 ? C_STATE : C_STATIC;
	}
	static const int32_t roots[] = {K_LEGAL, K_GOAL, K_TERMINAL, K_NEXT, K_INIT};
	int nw = 0;
	for (size_t k = 0; k < sizeof roots / sizeof *roots; k++) {
		B->needed[roots[k]] = 1;
		work[nw++] = roots[k];
	}
	while (nw > 0) {
		int32_t s = work[--nw];
		for (int e = B->e0[s]; e < B->e0[s + 1]; e++)
			if (!B->needed[B->edge[e]]) {
				B->needed[B->edge[e]] = 1;
				work[nw++] = B->edge[e];
			}
	}
	gl_free(bits);
	gl_free(work);
	return 0;
}

/* Atom g counted, weight w, under each key it offers. */
static int count_atom(pbuild *B, int32_t g, int32_t w)
{
	const gdl_gterms *gt = B->gt;
	int32_t rel = gt->fn[g];
	int32_t b = st_bucket(&B->dom, rel, POS_ALL, -1);
	if (b < 0)
		return b;
	B->dom.bk[b].n += w;
	for (int i = 0; i < gt->nargs[g] && i < ARG_IX; i++) {
		int32_t arg = gt->argv[gt->args[g] + i];
		int nk = gt->nargs[arg] ? 2 + (gt->nargs[arg] < SUB_IX ?
			gt->nargs[arg] : SUB_IX) : 1;
		for (int k = 0; k < nk; k++) {
			int32_t pos = i << 4 | (k == 1 ? POS_FN : k > 1 ? k - 1 : 0), v;
			if (!pos_val(&(pv_terms){.sh = gt}, g, pos, &v))
				continue;
			int nb = B->dom.nbk;
			if ((b = st_bucket(&B->dom, rel, pos, v)) < 0)
				return b;
			B->dom.bk[b].n += w;
			if (B->dom.nbk > nb) { /* a new value at pos */
				if ((b = st_bucket(&B->dom, rel, pos, DV_VAL)) < 0)
					return b;
				B->dom.bk[b].n++;
			}
		}
	}
	return 0;
}

/* What an atom of the domain counts for in the plans' estimates, in
 * DOM_UNIT units: one, except that a state holds few of the domain's
 * true(X) and does(R, M) atoms. A true(X) whose init(X) holds counts one
 * (the initial state stands for the states to come), the others
 * 1/DOM_RARE; does(R, M) counts 1/(R's possible moves), one move a role a
 * state. Counted over the domain alone, true(score ?x) of a score from 0
 * to 50 weighed as much as a static relation of 51 facts, and the plans
 * scanned static relations before the state's single fact. */
static int32_t dom_weight(const pbuild *B, const uint8_t *is_atom, int32_t g)
{
	const gdl_game *gd = B->gd;
	const gdl_gterms *gt = B->gt;
	int32_t rel = gt->fn[g];
	if (rel == K_TRUE && gt->nargs[g] == 1) {
		int32_t in = gdl_gterm_find(gt, K_INIT, 1, gt->argv + gt->args[g]);
		return in >= 0 && is_atom[in] ? DOM_UNIT : DOM_UNIT / DOM_RARE;
	}
	if (rel == K_DOES && gt->nargs[g] == 2) {
		int32_t r = gt->argv[gt->args[g]];
		for (int k = 0; k < gd->nroles; k++)
			if (gt->nargs[r] == 0 && gt->fn[r] == gd->role_sym[k] &&
			    gd->role_nmoves[k] > 0)
				return gd->role_nmoves[k] >= DOM_UNIT ? 1 :
					DOM_UNIT / gd->role_nmoves[k];
	}
	return DOM_UNIT;
}

/* The domain counted by key, for the plans' estimates. */
static int count_domain(pbuild *B)
{
	const gdl_game *gd = B->gd;
	const gdl_gterms *gt = B->gt;
	uint8_t *is_atom = gl_calloc((size_t)gt->n + 1, 1);
	if (!is_atom)
		return GL_ENOMEM;
	for (int a = 0; a < gd->natoms; a++)
		is_atom[gd->atom_term[a]] = 1;
	int rc = 0;
	for (int a = 0; a < gd->natoms && !rc; a++)
		rc = count_atom(B, gd->atom_term[a], dom_weight(B, is_atom,
			gd->atom_term[a]));
	gl_free(is_atom);
	return rc;
}


/* Whether the domain holds every fact rel can have: not where the domain
 * is only the layout and rel is not of it (its facts are made per state). */
static bool dom_known(const pbuild *B, int32_t rel)
{
	const gdl_game *gd = B->gd;
	return !gd->layout || (rel < gd->nlaid && gd->laid[rel]);
}

static double dom_count(const pbuild *B, int32_t rel, int32_t pos, int32_t val)
{
	if (!dom_known(B, rel)) /* a guess: some facts, a few values a place */
		return pos == POS_ALL ? DOM_GUESS : val == DV_VAL ? DOM_GUESS_VALUES :
			(double)DOM_GUESS / DOM_GUESS_VALUES;
	int32_t b = st_find(&B->dom, rel, pos, val);
	return b < 0 ? 0 : val == DV_VAL ? B->dom.bk[b].n :
		(double)B->dom.bk[b].n / DOM_UNIT;
}

/* The keys the literal with atom code a offers once the variables of
 * bound are known, into out; returns their number. */
static int lit_keys(const pbuild *B, int32_t a, uint64_t bound, pv_key *out)
{
	const pv_node *c = B->pv->code;
	int n = 0, na = (c[a].op & 7) == N_FN ? c[a].op >> 3 : 0;
	int32_t ia = a + 1;
	for (int i = 0; i < na && i < ARG_IX; i++) {
		if (!(code_mask(c, ia) & ~bound)) {
			out[n++] = (pv_key){.pos = i << 4, .code = ia, .val = 0};
		} else if ((c[ia].op & 7) == N_FN) {
			int32_t ib = ia + 1;
			for (int j = 0; j < (c[ia].op >> 3) && j < SUB_IX; j++) {
				if (!(code_mask(c, ib) & ~bound))
					out[n++] = (pv_key){.pos = i << 4 | (j + 1), .code = ib};
				ib = code_skip(c, ib);
			}
			out[n++] = (pv_key){.pos = i << 4 | POS_FN, .code = -1,
				.val = c[ia].x};
		}
		ia = code_skip(c, ia);
	}
	return n;
}

/* About how many facts of rel key k matches under bound. */
static double key_est(const pbuild *B, int32_t rel, const pv_key *k,
	double total)
{
	if (k->code < 0)
		return dom_count(B, rel, k->pos, k->val);
	const pv_node *c = B->pv->code;
	if (code_mask(c, k->code)) {
		double dv = dom_count(B, rel, k->pos, DV_VAL);
		return dv > 1 ? total / dv : total;
	}
	int32_t i = k->code, v = build(&(pv_terms){.sh = B->gt}, c, &i, NULL,
		false);
	return v < 0 ? 0 : dom_count(B, rel, k->pos, v);
}

/* The key a literal's scan would look its facts up by: its (at most
 * KEYS_MAX) most selective positions under bound, into out in the order of
 * their positions; returns their number, and the facts expected in *est. */
static int choose_keys(const pbuild *B, int32_t q, uint64_t bound, pv_key *out,
	double *est)
{
	pv_key cand[CAND_MAX];
	double e[CAND_MAX];
	int32_t rel = B->lrel[q];
	double total = dom_count(B, rel, POS_ALL, -1);
	int n = lit_keys(B, B->la[q], bound, cand), m = 0;
	for (int k = 0; k < n; k++)
		e[k] = key_est(B, rel, &cand[k], total);
	*est = total;
	for (; m < n && m < KEYS_MAX; m++) {
		int best = m;
		for (int k = m + 1; k < n; k++)
			if (e[k] < e[best])
				best = k;
		if (e[best] >= total)
			break; /* narrows nothing */
		pv_key t = cand[m];
		cand[m] = cand[best];
		cand[best] = t;
		double x = e[m];
		e[m] = e[best];
		e[best] = x;
		*est = total > 0 ? *est * (e[m] / total) : 0;
	}
	/* in the order of their positions */
	for (int i = 1; i < m; i++)
		for (int k = i; k > 0 && cand[k].pos < cand[k - 1].pos; k--) {
			pv_key t = cand[k];
			cand[k] = cand[k - 1];
			cand[k - 1] = t;
		}
	memcpy(out, cand, (size_t)m * sizeof *out);
	return m;
}

static double lit_est(const pbuild *B, int32_t q, uint64_t bound)
{
	pv_key keys[KEYS_MAX];
	double est;
	choose_keys(B, q, bound, keys, &est);
	return est;
}

/* The index of relation rel over positions keys[0..n), made if new. */
static int32_t index_of(pbuild *B, int32_t rel, const pv_key *keys, int n)
{
	gdl_prover *pv = B->pv;
	for (int p = 0; p < pv->npat; p++) {
		if (B->prel[p] != rel || pv->pat0[p + 1] - pv->pat0[p] != n)
			continue;
		int k = 0;
		while (k < n && pv->patpos[pv->pat0[p] + k] == keys[k].pos)
			k++;
		if (k == n)
			return p;
	}
	int cap = B->cappat;
	RESERVE(B->prel, B->cappat, pv->npat + 2);
	if (B->cappat != cap) { /* pat0 grows with prel */
		int32_t *a = gl_realloc(pv->pat0, (size_t)B->cappat * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		pv->pat0 = a;
	}
	RESERVE(pv->patpos, B->cappos, B->nppos + n);
	if (pv->npat == 0)
		pv->pat0[0] = 0;
	for (int k = 0; k < n; k++)
		pv->patpos[B->nppos++] = keys[k].pos;
	B->prel[pv->npat] = rel;
	pv->pat0[pv->npat + 1] = B->nppos;
	return pv->npat++;
}

/* A step for literal q of clause c under bound; d: the delta literal of
 * the plan (-1 none), scc: the component the plan is for. */
static int add_step(pbuild *B, int c, int i, int d, uint64_t bound, int scc)
{
	gdl_prover *pv = B->pv;
	const gdl_prog *p = B->p;
	int32_t q = p->cl[c].lit0 + i;
	const gdl_lit *l = &p->lits[q];
	RESERVE(pv->steps, pv->capsteps, pv->nsteps + 1);
	pv_step *s = &pv->steps[pv->nsteps++];
	*s = (pv_step){.a = B->la[q], .b = B->lb[q], .rel = B->lrel[q],
		.key0 = pv->nkeys, .pat = POS_ALL};
	s->kind = l->kind == L_DIST ? P_DIST : l->kind == L_NDIST ? P_NDIST :
		l->kind == L_NEG ? P_NEG : (B->lmask[q] & ~bound) ? P_SCAN : P_CHECK;
	if (s->rel >= 0)
		s->cls = (uint8_t)pv->cls[s->rel];
	if (l->kind == L_NEG && B->comp[s->rel] == scc) {
		s->kind = P_NEGIN;
		B->negin = true;
	}
	if (l->kind == L_POS && B->comp[s->rel] == scc)
		s->range = i == d ? RG_DELTA : i < d ? RG_OLD : RG_UPTO;
	if (s->kind != P_SCAN)
		return 0;
	pv_key keys[KEYS_MAX];
	double est;
	int n = choose_keys(B, q, bound, keys, &est);
	if (n == 0)
		return 0;
	int32_t pat = index_of(B, s->rel, keys, n);
	if (pat < 0)
		return pat;
	RESERVE(pv->keys, pv->capkeys, pv->nkeys + n);
	memcpy(pv->keys + pv->nkeys, keys, (size_t)n * sizeof *keys);
	pv->nkeys += n;
	s = &pv->steps[pv->nsteps - 1];
	s->pat = pat;
	s->nkey = n;
	return 0;
}

/* The plan of clause c for component scc with literal d first (-1: none). */
static int make_plan(pbuild *B, int c, int d, int scc)
{
	gdl_prover *pv = B->pv;
	const gdl_prog *p = B->p;
	const gdl_clause *cl = &p->cl[c];
	const uint64_t *mask = cl->nlits ? B->lmask + cl->lit0 : NULL;
	bool used[GDL_LITS_MAX] = {false};
	uint64_t bound = 0, hm = B->hmask[c];
	int rc, step0 = pv->nsteps;
	if (d >= 0) {
		if ((rc = add_step(B, c, d, d, bound, scc)))
			return rc;
		used[d] = true;
		bound |= mask[d];
	}
	for (;;) {
		for (int i = 0; i < cl->nlits; i++)
			if (!used[i] && !(mask[i] & ~bound)) {
				if ((rc = add_step(B, c, i, d, bound, scc)))
					return rc;
				used[i] = true;
			}
		int best = -1, bestnew = 0;
		bool besthead = false;
		double bestest = 0;
		for (int i = 0; i < cl->nlits; i++) {
			if (used[i] || p->lits[cl->lit0 + i].kind != L_POS)
				continue;
			double est = lit_est(B, cl->lit0 + i, bound);
			int nnew = __builtin_popcountll(mask[i] & ~bound);
			bool head = (mask[i] & hm & ~bound) != 0;
			if (best < 0 || est < bestest || (est == bestest &&
			    ((head && !besthead) || (head == besthead &&
			    nnew < bestnew)))) {
				best = i;
				besthead = head;
				bestest = est;
				bestnew = nnew;
			}
		}
		if (best < 0)
			break; /* the rest are bound by then (safety) */
		if ((rc = add_step(B, c, best, d, bound, scc)))
			return rc;
		used[best] = true;
		bound |= mask[best];
	}
	RESERVE(pv->plans, pv->capplans, pv->nplans + 1);
	pv_plan *P = &pv->plans[pv->nplans++];
	*P = (pv_plan){.head = B->chead[c], .step0 = step0,
		.nstep = pv->nsteps - step0, .nvars = B->cnv[c]};
	bound = 0;
	while (P->hstep < P->nstep && (bound & hm) != hm) {
		const pv_step *s = &pv->steps[step0 + P->hstep++];
		if (s->kind == P_SCAN)
			bound |= code_mask(pv->code, s->a);
	}
	return 0;
}

/* The components the game needs, in order and by class, with plans for
 * the clauses that can fire (no positive literal outside the domain). */
static int make_sccs(pbuild *B, const int32_t *cl_by_comp, const int32_t *cc0)
{
	gdl_prover *pv = B->pv;
	const gdl_prog *p = B->p;
	for (int cls = 0; cls < NCLASS; cls++) {
		if (cls == C_STATE)
			pv->scc1 = pv->nscc;
		if (cls == C_MOVE)
			pv->scc2 = pv->nscc;
		for (int k = 0; k < B->ncomp; k++) {
			if (cc0[k] == cc0[k + 1])
				continue;
			int32_t rel = p->terms[p->cl[cl_by_comp[cc0[k]]].head].sym;
			if (pv->cls[rel] != cls || !B->needed[rel])
				continue;
			RESERVE(pv->scc, pv->capscc, pv->nscc + 1);
			int rc, plan0 = pv->nplans;
			B->negin = false;
			/* round 0 first, then the recursive plans */
			for (int pass = 0; pass < 2; pass++) {
				for (int q = cc0[k]; q < cc0[k + 1]; q++) {
					int c = cl_by_comp[q];
					const gdl_clause *cl = &p->cl[c];
					bool dead = false, rec = false;
					for (int i = 0; i < cl->nlits; i++) {
						int32_t r = B->lrel[cl->lit0 + i];
						if (p->lits[cl->lit0 + i].kind != L_POS)
							continue;
						dead |= dom_known(B, r) &&
							dom_count(B, r, POS_ALL, -1) == 0;
						rec |= B->comp[r] == k;
					}
					if (dead || rec != (pass == 1))
						continue;
					for (int i = 0; i < cl->nlits && rec; i++)
						if (p->lits[cl->lit0 + i].kind == L_POS &&
						    B->comp[B->lrel[cl->lit0 + i]] == k &&
						    (rc = make_plan(B, c, i, k)))
							return rc;
					if (!rec && (rc = make_plan(B, c, -1, k)))
						return rc;
				}
				if (pass == 0)
					pv->scc[pv->nscc] = (pv_scc){.plan0 = plan0,
						.nplan = pv->nplans - plan0, .cls = cls};
			}
			pv_scc *S = &pv->scc[pv->nscc++];
			S->dplan0 = S->plan0 + S->nplan;
			S->ndplan = pv->nplans - S->dplan0;
			S->negin = B->negin;
			pv->negin |= B->negin;
		}
	}
	return 0;
}

/* The indexes of each relation, from the scans' keys. */
static int make_ix(pbuild *B)
{
	gdl_prover *pv = B->pv;
	pv->ix0 = gl_calloc((size_t)B->nsyms + 2, sizeof *pv->ix0);
	pv->ix = gl_malloc(((size_t)pv->npat + 1) * sizeof *pv->ix);
	int32_t *fill = gl_malloc(((size_t)B->nsyms + 1) * sizeof *fill);
	if (!pv->ix0 || !pv->ix || !fill) {
		gl_free(fill);
		return GL_ENOMEM;
	}
	for (int p = 0; p < pv->npat; p++)
		pv->ix0[B->prel[p] + 1]++;
	for (int s = 0; s < B->nsyms; s++)
		pv->ix0[s + 1] += pv->ix0[s];
	memcpy(fill, pv->ix0, (size_t)B->nsyms * sizeof *fill);
	for (int p = 0; p < pv->npat; p++)
		pv->ix[fill[B->prel[p]]++] = p;
	gl_free(fill);
	return 0;
}

void gdl_prover_free(gdl_prover *pv)
{
	if (!pv)
		return;
	gl_free(pv->code);
	gl_free(pv->keys);
	gl_free(pv->steps);
	gl_free(pv->plans);
	gl_free(pv->scc);
	gl_free(pv->cls);
	gl_free(pv->pat0);
	gl_free(pv->patpos);
	gl_free(pv->ix0);
	gl_free(pv->ix);
	st_done(&pv->st);
	gl_free(pv->sstamp);
	gl_free(pv);
}

/* Join steps the static relations may take: fewer over a layout alone,
 * whose rules are asked on demand when they take more (eval.c). */
static uint64_t static_max(const gdl_game *gd)
{
	return gd->layout ? GDL_JOIN_MAX / LAYOUT_STATIC_SHARE : GDL_JOIN_MAX;
}

static int build_all(pbuild *B)
{
	gdl_game *gd = B->gd;
	gdl_prover *pv = B->pv;
	const gdl_prog *p = B->p;
	int rc, n = B->nsyms;
	int32_t *cl_by_comp = NULL, *cc0 = NULL;
	pv->nterms = B->gt->n;
	pv->cls = gl_calloc((size_t)n + 1, 1);
	pv->sstamp = gl_calloc((size_t)pv->nterms + 1, sizeof *pv->sstamp);
	B->varslot = gl_malloc(((size_t)n + 1) * sizeof *B->varslot);
	B->la = gl_malloc(((size_t)p->nlits + 1) * sizeof *B->la);
	B->lb = gl_malloc(((size_t)p->nlits + 1) * sizeof *B->lb);
	B->lrel = gl_malloc(((size_t)p->nlits + 1) * sizeof *B->lrel);
	B->lmask = gl_malloc(((size_t)p->nlits + 1) * sizeof *B->lmask);
	B->chead = gl_malloc(((size_t)p->ncl + 1) * sizeof *B->chead);
	B->cnv = gl_malloc(((size_t)p->ncl + 1) * sizeof *B->cnv);
	B->hmask = gl_malloc(((size_t)p->ncl + 1) * sizeof *B->hmask);
	B->comp = gl_malloc(((size_t)n + 1) * sizeof *B->comp);
	B->needed = gl_calloc((size_t)n + 1, 1);
	if (!pv->cls || !pv->sstamp || !B->varslot || !B->la || !B->lb ||
	    !B->lrel || !B->lmask || !B->chead || !B->cnv || !B->hmask ||
	    !B->comp || !B->needed)
		return GL_ENOMEM;
	for (int s = 0; s < n; s++)
		B->varslot[s] = -1;
	if ((rc = compile_clauses(B)) || (rc = components(B)))
		return rc;
	/* the clauses by the component of their head (a counting sort) */
	cl_by_comp = gl_malloc(((size_t)p->ncl + 1) * sizeof *cl_by_comp);
	cc0 = gl_calloc((size_t)B->ncomp + 2, sizeof *cc0);
	if (!cl_by_comp || !cc0) {
		rc = GL_ENOMEM;
		goto out;
	}
	for (int c = 0; c < p->ncl; c++)
		cc0[B->comp[p->terms[p->cl[c].head].sym] + 1]++;
	for (int k = 0; k < B->ncomp; k++)
		cc0[k + 1] += cc0[k];
	for (int c = 0; c < p->ncl; c++)
		cl_by_comp[cc0[B->comp[p->terms[p->cl[c].head].sym]]++] = c;
	for (int k = B->ncomp; k > 0; k--)
		cc0[k] = cc0[k - 1];
	cc0[0] = 0;
	if ((rc = classify(B, cl_by_comp, cc0)) || (rc = count_domain(B)) ||
	    (rc = make_sccs(B, cl_by_comp, cc0)) || (rc = make_ix(B)))
		goto out;
	/* The static relations, once. */
	pv->st.stamp = pv->sstamp;
	pv->st.nstamp = pv->nterms + 1;
	B->R.pv = pv;
	B->R.T = (pv_terms){.sh = B->gt, .own = gd->layout ? &gd->gt : NULL};
	B->R.stampv = &pv->sstamp;
	B->R.nstamp = pv->nterms + 1;
	B->R.grow[0] = &pv->st;
	B->R.max = static_max(gd);
	B->R.rd[C_STATIC] = B->R.wr[C_STATIC] = &pv->st;
	B->R.err = run_in_alloc(&B->R, pv);
	for (int k = 0; k < pv->scc1 && !B->R.err; k++)
		run_scc(&B->R, &pv->scc[k]);
	run_in_free(&B->R);
	pv->nterms = gd->gt.n; /* with those the static relations made */
	if ((rc = B->R.err) == GL_ERANGE)
		rc = E_STEPS;
	else if (rc == GL_EPARSE)
		rc = E_STRATA;
	if (rc)
		goto out;
	/* The initial state: init(X) for each base true(X). */
	memset(gd->init, 0, (size_t)gd->words * sizeof *gd->init);
	for (int i = 0; i < gd->nbase; i++) {
		const gdl_gterms *gt = B->gt;
		int32_t t = gd->atom_term[gd->base_atom[i]];
		int32_t in = gdl_gterm_find(gt, K_INIT, 1, gt->argv + gt->args[t]);
		if (in >= 0 && pv->cls[K_INIT] == C_STATIC && pv->sstamp[in])
			gd->init[i / 64] |= 1ull << (i % 64);
	}
out:
	gl_free(cl_by_comp);
	gl_free(cc0);
	return rc;
}

int gdl_prover_build(gdl_game *gd, long max_steps, gl_err *err)
{
	gdl_prover *pv = gl_calloc(1, sizeof *pv);
	if (pv)
		pv->max = max_steps > 0 && (uint64_t)max_steps < GDL_PROVE_MAX ?
			(uint64_t)max_steps : GDL_PROVE_MAX;
	pbuild B = {.gd = gd, .pv = pv, .p = &gd->prog, .gt = &gd->gt,
		.nsyms = gd->prog.syms.n};
	int rc = pv ? build_all(&B) : GL_ENOMEM;
	gl_free(B.varslot);
	gl_free(B.la);
	gl_free(B.lb);
	gl_free(B.lrel);
	gl_free(B.lmask);
	gl_free(B.chead);
	gl_free(B.cnv);
	gl_free(B.hmask);
	gl_free(B.e0);
	gl_free(B.edge);
	gl_free(B.comp);
	gl_free(B.needed);
	st_done(&B.dom);
	gl_free(B.prel);
	const char *name = gd->prog.name;
	if (rc) {
		gdl_prover_free(pv);
		if (rc == GL_ENOMEM)
			return gl_fail(err, rc, "%s: out of memory while building the "
				"prover", name);
		if (rc == E_STEPS)
			return gl_fail(err, GL_ERANGE, "%s: too big for the prover (the "
				"relations on neither true nor does need more than %llu "
				"join steps)", name, (unsigned long long)static_max(gd));
		if (rc == E_STRATA)
			return gl_fail(err, GL_EPARSE, "%s: not stratified on the ground "
				"program: the relations on neither true nor does negate an "
				"atom through its own recursion", name);
		return gl_fail(err, GL_ERANGE, "%s: a rule too big for the prover "
			"(more than %d variables, or a term of more than %d arguments)",
			name, GDL_VARS_MAX, PV_ARGS_MAX);
	}
	gd->prover = pv;
	return 0;
}

/* --- Evaluation ------------------------------------------------------------- */

static void pv_free(void *x);

/* An evaluator (gdl_ops's x) for the prover's game gd. */
static void *pv_make(const gdl_game *gd)
{
	const gdl_prover *pv = gd->prover;
	gdl_pv *e = gl_calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->pv = pv;
	e->lwords = (gd->nmoves + 63) / 64;
	if (e->lwords == 0)
		e->lwords = 1;
	e->stamp = gl_calloc((size_t)pv->nterms + 1, sizeof *e->stamp);
	e->legal = gl_calloc((size_t)gd->nroles * (size_t)e->lwords + 1,
		sizeof *e->legal);
	e->state = gl_calloc((size_t)gd->words, sizeof *e->state);
	e->next = gl_calloc((size_t)gd->words, sizeof *e->next);
	if (!e->stamp || !e->legal || !e->state || !e->next) {
		pv_free(e);
		return NULL;
	}
	e->st[0].stamp = e->st[1].stamp = e->stamp;
	e->st[0].nstamp = e->st[1].nstamp = pv->nterms + 1;
	e->R = (pv_run){.pv = pv, .max = pv->max,
		.T = {.sh = &gd->gt, .own = gd->layout ? &e->own : NULL,
			.base = gd->gt.n},
		.stampv = &e->stamp, .nstamp = pv->nterms + 1,
		.grow = {&e->st[0], &e->st[1]}};
	e->R.rd[C_STATIC] = &pv->st;
	e->R.rd[C_STATE] = e->R.wr[C_STATE] = &e->st[0];
	e->R.rd[C_MOVE] = e->R.wr[C_MOVE] = &e->st[1];
	if (run_in_alloc(&e->R, pv)) {
		pv_free(e);
		return NULL;
	}
	return e;
}

static void pv_free(void *x)
{
	gdl_pv *e = x;
	if (!e)
		return;
	st_done(&e->st[0]);
	st_done(&e->st[1]);
	run_in_free(&e->R);
	gdl_gterms_done(&e->own);
	gl_free(e->stamp);
	gl_free(e->legal);
	gl_free(e->state);
	gl_free(e->next);
	gl_free(e);
}

static int pv_error(const void *x)
{
	const gdl_pv *e = x;
	return e->err ? e->err : e->nerr;
}

static inline bool derived(const gdl_game *gd, const gdl_pv *e, int32_t a)
{
	if (a < 0)
		return false;
	int32_t g = gd->atom_term[a];
	const gdl_prover *pv = e->pv;
	return (pv->cls[gd->gt.fn[g]] == C_STATIC ? pv->sstamp[g] : e->stamp[g]) != 0;
}

/* Make atom a an input fact of st (round 0). */
static void input(const gdl_game *gd, gdl_pv *e, pv_store *st, int32_t a)
{
	if (!e->R.err)
		e->R.err = st_add(st, e->pv, &e->R.T, gd->atom_term[a], 0);
}

/* Run components [from, to); 0 or the run's error. */
static int evaluate(gdl_pv *e, int from, int to)
{
	for (int k = from; k < to && !e->R.err; k++)
		run_scc(&e->R, &e->pv->scc[k]);
	return e->R.err;
}

static void pv_state(const gdl_game *gd, void *x, const uint64_t *state)
{
	gdl_pv *e = x;
	size_t W = (size_t)gd->words;
	if (e->at_state && !memcmp(e->state, state, W * sizeof *state))
		return;
	memcpy(e->state, state, W * sizeof *state);
	e->at_state = true;
	e->at_next = false;
	e->nerr = 0;
	st_reset(&e->st[1]);
	st_reset(&e->st[0]);
	if (e->own.n > OWN_MAX) { /* no fact holds a term of its own now */
		memset(e->own.slot, 0, (size_t)e->own.nslot * sizeof *e->own.slot);
		e->own.n = e->own.nargv = 0;
	}
	e->R.steps = 0;
	e->R.err = 0;
	for (size_t w = 0; w < W; w++)
		for (uint64_t bits = state[w]; bits; bits &= bits - 1) {
			int i = (int)w * 64 + __builtin_ctzll(bits);
			if (i < gd->nbase)
				input(gd, e, &e->st[0], gd->base_atom[i]);
		}
	e->err = evaluate(e, e->pv->scc1, e->pv->scc2);
	int nm = gd->nmoves;
	memset(e->legal, 0, (size_t)gd->nroles * (size_t)e->lwords * sizeof *e->legal);
	for (int r = 0; r < gd->nroles; r++) {
		e->nlegal[r] = 0;
		uint64_t *b = e->legal + (size_t)r * (size_t)e->lwords;
		for (int m = 0; m < nm && !e->err; m++)
			if (derived(gd, e, gd->legal_atom[r * nm + m])) {
				b[m / 64] |= 1ull << (m % 64);
				e->nlegal[r]++;
			}
	}
}

static bool pv_terminal(const gdl_game *gd, const void *x)
{
	const gdl_pv *e = x;
	return e->err || derived(gd, e, gd->terminal_atom);
}

/* The legal moves of role into moves; moves NULL: how many. */
static int pv_legal(const gdl_game *gd, const void *x, int role, int *moves)
{
	const gdl_pv *e = x;
	(void)gd;
	return moves ? gdl_bits_list(e->legal + (size_t)role * (size_t)e->lwords,
		e->lwords, moves, INT_MAX) : e->nlegal[role];
}

static int pv_legal_nth(const gdl_game *gd, const void *x, int role, int k)
{
	const gdl_pv *e = x;
	(void)gd;
	return gdl_bits_nth(e->legal + (size_t)role * (size_t)e->lwords,
		e->lwords, k);
}

static int pv_goal(const gdl_game *gd, void *x, int role)
{
	const gdl_pv *e = x;
	int v = 0;
	for (int i = 0; i < gd->ngoal && !e->err; i++)
		if (gd->goal_role[i] == role && gd->goal_value[i] > v &&
		    derived(gd, e, gd->goal_atom[i]))
			v = gd->goal_value[i];
	return v;
}

static bool pv_goal_on(const gdl_game *gd, void *x, int i)
{
	const gdl_pv *e = x;
	return !e->err && derived(gd, e, gd->goal_atom[i]);
}

static void pv_next(const gdl_game *gd, void *x, const int *joint,
	uint64_t *out)
{
	gdl_pv *e = x;
	size_t W = (size_t)gd->words;
	int nm = gd->nmoves;
	bool same = e->at_next;
	for (int r = 0; r < gd->nroles && same; r++)
		same = e->joint[r] == joint[r];
	if (!same) {
		st_reset(&e->st[1]);
		e->R.steps = 0;
		e->R.err = e->err;
		for (int r = 0; r < gd->nroles; r++) {
			e->joint[r] = joint[r];
			if (joint[r] >= 0 && joint[r] < nm &&
			    gd->does_atom[r * nm + joint[r]] >= 0)
				input(gd, e, &e->st[1], gd->does_atom[r * nm + joint[r]]);
		}
		e->nerr = evaluate(e, e->pv->scc2, e->pv->nscc);
		memset(e->next, 0, W * sizeof *e->next);
		for (int i = 0; i < gd->nbase && !e->nerr; i++)
			if (derived(gd, e, gd->base_next[i]))
				e->next[i / 64] |= 1ull << (i % 64);
		e->at_next = true;
	}
	memcpy(out, e->next, W * sizeof *out);
}


uint64_t gdl_prover_cost(const gdl_game *gd, uint64_t cap)
{
	gdl_pv *e = pv_make(gd);
	if (!e)
		return 0;
	e->R.max = cap < e->R.max ? cap : e->R.max;
	pv_state(gd, e, gd->init);
	uint64_t cost = e->R.steps;
	if (!e->err) {
		int joint[GDL_ROLES_MAX];
		for (int r = 0; r < gd->nroles; r++)
			joint[r] = pv_legal_nth(gd, e, r, 0);
		uint64_t *next = gl_malloc((size_t)gd->words * sizeof *next);
		if (next) {
			e->R.max = cap > cost ? cap - cost : 1;
			pv_next(gd, e, joint, next);
			cost += e->R.steps;
		}
		gl_free(next);
	}
	bool over = e->err || e->nerr;
	pv_free(e);
	return over ? cap + 1 : cost;
}

bool gdl_prover_negates_itself(const gdl_game *gd)
{
	return gd->prover && gd->prover->negin;
}

/* --- The prover as a reasoner (gdl_ops) ----------------------------------- */

const gdl_ops gdl_prover_ops = {
	.make = pv_make,
	.free = pv_free,
	.error = pv_error,
	.state = pv_state,
	.terminal = pv_terminal,
	.legal = pv_legal,
	.legal_nth = pv_legal_nth,
	.goal = pv_goal,
	.goal_on = pv_goal_on,
	.next = pv_next,
};
