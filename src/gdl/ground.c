/*
 * ground.c - compiling GDL rules into a propositional program (Love et
 * al. 2008, section 5: the semantics is the model of the stratified
 * logic program). The reachable domain is the least fixpoint of the
 * rules' positive structure (negation ignored, so it over-approximates),
 * with true(X) derived from init(X) and next(X), and does(R,M) from
 * legal(R,M), computed bottom-up, component by component of the
 * relations' dependency graph in the order of their dependencies, and
 * semi-naively inside each (Ullman, Principles of Database and
 * Knowledge-Base Systems, 1988, ch. 3): a component's clauses are first
 * joined over every fact so far, then round r joins them only where one
 * of their positive literals takes a fact new in round r - 1, and only
 * for the component's relations that got such facts, so each instance of
 * a clause is found exactly once, and a clause is not joined again each
 * time a relation it reads grows (a static sum built over a hundred
 * rounds, say). Every instance found is a
 * ground rule (its negative literals kept where their atom is in the
 * domain), so no second pass is needed. Joins look facts up in indexes
 * keyed by the literal's shape and known values, in an order chosen per
 * join from the facts' counts (most constrained literal first). The
 * ground atom dependency graph is then split into strongly connected
 * components and ordered for evaluation. Clauses that can never fire (a
 * positive literal of a relation nothing can make) are left out before
 * the rounds. A small file can ask for unbounded work: atoms, rules,
 * join steps, index entries and the depth and size of ground terms are
 * capped ("grounding too big"). For the prover (prover.c) the same rounds
 * compute the domain alone: no instance is kept, a join stops as soon
 * as its head is ground and already a fact, and where a join has bound a
 * variable that no later literal and not the head reads, the rest of it
 * is done once for each value of the variables still read (projection: a
 * total of four players' guesses summed one by one costs the sums, not
 * the 101^4 combinations), so a clause whose instances are many but whose
 * heads are few costs about its heads. Where even the domain is too big, the
 * layout alone (GDL_GROUND_LAYOUT): the relations role, init, next and
 * legal read through positive literals, which give the bases and the
 * moves, the other clauses left out, and terminal and goal(R, 0..100)
 * added as the atoms they may be; the prover makes the rest per state.
 */
#include "gdl/internal.h"

#include <stdio.h>
#include <stdlib.h>

/* gl_mix64, inline: the prover looks terms up on its hot path. */
static inline uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static inline uint32_t hash_gt(int32_t fn, int32_t nargs, const int32_t *args)
{
	uint64_t h = (uint64_t)(uint32_t)fn * 0x9E3779B97F4A7C15ull ^ (uint64_t)nargs;
	for (int i = 0; i < nargs; i++)
		h = (h ^ (uint32_t)args[i]) * 0xff51afd7ed558ccdull;
	return (uint32_t)(mix64(h) >> 32);
}

static int gt_grow(gdl_gterms *gt)
{
	if (gt->n == gt->cap) {
		int nc = gt->cap ? gt->cap * 2 : 1024;
		int32_t *a = gl_realloc(gt->fn, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		gt->fn = a;
		if (!(a = gl_realloc(gt->nargs, (size_t)nc * sizeof *a)))
			return GL_ENOMEM;
		gt->nargs = a;
		if (!(a = gl_realloc(gt->args, (size_t)nc * sizeof *a)))
			return GL_ENOMEM;
		gt->args = a;
		gt->cap = nc;
	}
	if (gt->n * 2 >= gt->nslot) {
		int ns = gt->nslot ? gt->nslot * 2 : 2048;
		uint64_t *slot = gl_calloc((size_t)ns, sizeof *slot);
		if (!slot)
			return GL_ENOMEM;
		for (int k = 0; k < gt->nslot; k++) { /* the hashes are kept */
			uint64_t e = gt->slot[k];
			if (!e)
				continue;
			int j = (int)((uint32_t)(e >> 32) & (uint32_t)(ns - 1));
			while (slot[j])
				j = (j + 1) & (ns - 1);
			slot[j] = e;
		}
		gl_free(gt->slot);
		gt->slot = slot;
		gt->nslot = ns;
	}
	return 0;
}

int32_t gdl_gterm_find(const gdl_gterms *gt, int32_t fn, int32_t nargs,
	const int32_t *args)
{
	if (!gt->nslot)
		return -1;
	uint32_t h = hash_gt(fn, nargs, args);
	int k = (int)(h & (uint32_t)(gt->nslot - 1));
	for (uint64_t e; (e = gt->slot[k]); k = (k + 1) & (gt->nslot - 1)) {
		if ((uint32_t)(e >> 32) != h)
			continue;
		int32_t id = (int32_t)(uint32_t)e - 1;
		if (gt->fn[id] == fn && gt->nargs[id] == nargs) {
			if (nargs == 0)
				return id;
			const int32_t *a = gt->argv + gt->args[id];
			int i = 0;
			while (i < nargs && a[i] == args[i])
				i++;
			if (i == nargs)
				return id;
		}
	}
	return -1;
}

/* The id of ground term fn(args), made if absent and make; -1 if absent,
 * GL_ENOMEM (< -1) when out of memory. */
static int32_t gt_get(gdl_gterms *gt, int32_t fn, int32_t nargs,
	const int32_t *args, bool make)
{
	int32_t found = gdl_gterm_find(gt, fn, nargs, args);
	if (found >= 0 || !make)
		return found;
	if (gt->n >= GDL_ATOMS_MAX * 4)
		return GL_ERANGE;
	if (gt_grow(gt))
		return GL_ENOMEM;
	while (gt->nargv + nargs > gt->capargv) {
		int nc = gt->capargv ? gt->capargv * 2 : 4096;
		int32_t *a = gl_realloc(gt->argv, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		gt->argv = a;
		gt->capargv = nc;
	}
	int32_t id = gt->n++;
	gt->fn[id] = fn;
	gt->nargs[id] = nargs;
	gt->args[id] = gt->nargv;
	if (nargs)
		memcpy(gt->argv + gt->nargv, args, (size_t)nargs * sizeof *args);
	gt->nargv += nargs;
	uint32_t h = hash_gt(fn, nargs, args);
	int k = (int)(h & (uint32_t)(gt->nslot - 1));
	while (gt->slot[k])
		k = (k + 1) & (gt->nslot - 1);
	gt->slot[k] = (uint64_t)h << 32 | (uint32_t)(id + 1);
	return id;
}

int32_t gdl_gterm_make(gdl_gterms *gt, int32_t fn, int32_t nargs,
	const int32_t *args)
{
	return gt_get(gt, fn, nargs, args, true);
}

void gdl_gterms_done(gdl_gterms *gt)
{
	gl_free(gt->fn);
	gl_free(gt->nargs);
	gl_free(gt->args);
	gl_free(gt->argv);
	gl_free(gt->slot);
	memset(gt, 0, sizeof *gt);
}

static void put(char *buf, size_t n, size_t *len, const char *s)
{
	for (; *s; s++, (*len)++)
		if (*len + 1 < n) {
			buf[*len] = *s;
			buf[*len + 1] = '\0';
		}
}

static void gt_text(const gdl_game *gd, int32_t t, char *buf, size_t n,
	size_t *len, int depth)
{
	const gdl_gterms *gt = &gd->gt;
	const char *name = gd->prog.syms.name[gt->fn[t]];
	if (gt->nargs[t] == 0 || depth > GDL_DEPTH_MAX) {
		put(buf, n, len, name);
		return;
	}
	put(buf, n, len, "(");
	put(buf, n, len, name);
	for (int i = 0; i < gt->nargs[t]; i++) {
		put(buf, n, len, " ");
		gt_text(gd, gt->argv[gt->args[t] + i], buf, n, len, depth + 1);
	}
	put(buf, n, len, ")");
}

int gdl_gterm_text(const gdl_game *gd, int32_t t, char *buf, size_t n)
{
	size_t len = 0;
	if (n)
		buf[0] = '\0';
	gt_text(gd, t, buf, n, &len, 0);
	return (int)len;
}

/* --- The grounder ---------------------------------------------------------- */

enum {
	TERM_SYMS_MAX = 1024,     /* symbols in one ground term */
	KEY_MAX = 32,             /* values in one index key */
	IX_ENTRIES_MAX = 1 << 23, /* facts in all index buckets together */
	ARGS_MAX = 256,           /* arguments of one term */
	RLITS_MAX = GDL_RULES_MAX * 4, /* literals of all ground rules */
	INST_MAX = GDL_RULES_MAX * 6,  /* ints recording all instances */
	ESTIMATE_COST = 3,        /* join steps an estimate or a look at a
				   * round's new facts counts for (about what
				   * it costs) */
	LPAT_MAX = 1 << 16,       /* literal indexes remembered (about) */
	MEMO_MAX = 1 << 22,       /* projections one join remembers */
	HEAVY_SHARE = 16,         /* a relation holding 1/16 of the facts of a
				   * grounding too big is asked on demand */
	STOP_POLL = 1 << 16,      /* joins between two calls of gd->stop */
	LAYOUT_ATOMS_MAX = GDL_ATOMS_MAX / 8 /* a layout's atoms: one bigger
				   * makes a prover too slow to play */
};

/* Why grounding gave up, for the message. */
enum {
	TOO_ATOMS = 1, TOO_RULES, TOO_STEPS, TOO_DEEP, TOO_LARGE, TOO_INDEX,
	TOO_ARGS
};

typedef struct ilist {
	int32_t *v;
	int n, cap;
} ilist;

/* An index over the facts of one relation: those whose term has the shape
 * of its signature, grouped by the values at the signature's key leaves.
 * A signature is a literal read in preorder: a function node is its
 * symbol and arity, a leaf is SIG_VAL (a constant or a bound variable,
 * part of the key) or SIG_SKIP (an unbound variable: any subterm). It only
 * narrows the facts a literal may match; match() decides. */
enum { SIG_VAL = -1, SIG_SKIP = -2 };

typedef struct pattern {
	int32_t sig, len; /* signature: G->sig.v[sig, sig + len) */
	int32_t rel;      /* the relation */
	int32_t nval;     /* values in a key */
	int32_t upto;     /* facts of rel indexed so far */
	int32_t nkeys;    /* buckets */
	int32_t nent;     /* facts indexed */
} pattern;

typedef struct bucket {
	int32_t pat;      /* its pattern */
	int32_t key;      /* its key: G->keys.v[key, key + nval) */
	uint32_t hash;
	int32_t n, cap;
	int32_t *id;      /* facts, in order of derivation (rounds ascending) */
} bucket;

/* One step of a join: a literal with what is known when it is reached. */
enum { S_SCAN, S_CHECK, S_DIST, S_NDIST, S_NOT };
typedef struct step {
	int32_t kind;     /* S_SCAN: facts from an index; S_CHECK: a ground
			   * positive literal; S_DIST, S_NDIST: a test;
			   * S_NOT: a ground negative literal of an exact
			   * relation (negated_exactly) */
	int32_t lit;      /* the literal's place in its clause */
	int32_t a, b;     /* its terms */
	int32_t pat;      /* S_SCAN: the index looked up */
	int32_t src;      /* S_SCAN: its key leaves (term ids) in G->leaves */
	int32_t rlo, rhi; /* rounds its fact may come from */
} step;

typedef struct grounder {
	gdl_prog *p;
	gdl_gterms *gt;
	int why;             /* TOO_* when grounding gave up */
	/* facts */
	ilist *facts;        /* [nsyms] per relation, in order of derivation */
	int32_t *fact_round; /* [nfr] round a ground term became a fact, -1 */
	int nfr;
	int nfacts;
	uint8_t *tdepth;     /* [ntm] nesting depth of each ground term */
	int32_t *tsyms;      /* [ntm] its symbols (at most TERM_SYMS_MAX + 1) */
	int ntm;
	int32_t *cid;        /* [nsyms] ground term of a constant, -1 unknown */
	ilist chg[2];        /* relations that got facts, by round parity */
	int32_t *chg_round;  /* [nsyms] last round a relation got a fact */
	/* clauses */
	int32_t *cv0;        /* [ncl + 1] variables of each clause in cvar */
	int32_t *cvar;       /* their symbols; a variable's slot is its place */
	uint64_t *lmask;     /* [nlits] variable slots of each literal */
	uint8_t *lkind;      /* [nlits] each literal's kind as grounded: its
			      * own, but L_NEG for one relaxed */
	bool relax;          /* a layout that leaves out the literals it can
			      * (relax_clause) */
	int32_t *lit_cl;     /* [nlits] clause of each literal */
	int32_t *npos;       /* [ncl] positive literals of each clause */
	int32_t *nneg;       /* [ncl] negative literals of each clause */
	int32_t *occ0;       /* [nsyms + 1] positive literals of each relation */
	int32_t *occ;        /* in occ, as indexes into p->lits */
	uint8_t *dead;       /* [ncl] clauses that can never fire */
	uint8_t *dyn;        /* [nsyms] relations on true or does
			      * (gdl_dynamic_relations) */
	uint8_t *exact;      /* [nsyms] static relations whose facts are
			      * exactly the true ones (exact_relations) */
	int32_t *rcomp;      /* [nsyms] component of each relation in the
			      * dependency graph, dependencies first */
	int ncomp;
	int32_t *varslot;    /* [nsyms] slot of a variable in the current clause */
	int cur;             /* the current clause, or -1 */
	/* indexes */
	pattern *pat;
	int npat, cappat;
	int32_t *pslot;      /* hash of signatures: pattern + 1, 0 empty */
	int npslot;
	bucket *bk;
	int nbk, capbk;
	int32_t *bslot;      /* hash of keys: bucket + 1, 0 empty */
	int nbslot;
	ilist sig, keys;     /* the signatures and keys of all of them */
	ilist tmp;           /* a signature being built */
	long nent;           /* entries of all buckets */
	/* the current join */
	step plan[GDL_LITS_MAX];
	int nstep;
	int32_t lfact[GDL_LITS_MAX]; /* fact of each positive literal */
	/* the index of each literal for each set of its variables known */
	struct lpat {
		uint64_t bound;  /* the literal's variables known */
		int32_t lit;     /* the literal (in p->lits), -1 empty */
		int32_t pat;     /* its index */
		int32_t leaf;    /* its key leaves in leaves */
	} *lp;
	int nlp, caplp;      /* used and room (a power of two) */
	ilist leaves;        /* key leaves (term ids) */
	int round;
	int32_t bind[GDL_VARS_MAX];
	int32_t trail[GDL_VARS_MAX];
	int ntrail;
	uint64_t steps;      /* join steps so far (bounded by GDL_JOIN_MAX) */
	const gdl_game *gd;  /* for its stop callback */
	int polls;           /* joins since it was last asked */
	/* the domain only (for the prover): no instance is recorded, and a
	 * join stops where its head is ground and already a fact */
	bool domain;
	/* the layout only (GDL_GROUND_LAYOUT): the domain of the relations
	 * init, next and legal read through positive literals, and goal and
	 * terminal as their every possible atom */
	bool layout;
	uint8_t *laid;       /* [nlaid] the layout's relations */
	int nlaid;
	int max_atoms;       /* GDL_ATOMS_MAX, or for a layout LAYOUT_ATOMS_MAX */
	long max_rules;      /* ground rules at most */
	uint64_t *hmask;     /* [ncl] variable slots of each clause's head */
	int hstep;           /* first step of the plan with the head ground */
	int32_t hid;         /* the head's term from there on, -1 none yet */
	/* and where a variable is bound but no later step or the head reads
	 * it, the join from there depends only on the variables still read:
	 * done once for each of their values (projection; the domain only) */
	uint64_t keep[GDL_LITS_MAX + 1]; /* [nstep] the variables still read
			      * at each step where some bound one is not; 0
			      * where none is dropped */
	uint32_t gen;        /* the current join's mark in memo */
	int32_t *memo;       /* open addressing: key offset + 1 in mkeys */
	uint32_t *mgen;      /* the join that wrote each slot */
	int nmemo, nmslot;   /* keys of the current join, slots */
	ilist mkeys;         /* the keys: step, then the values kept */
	/* instances found: each its clause, its head, the facts of its
	 * positive literals, and when it has negative literals its variables'
	 * values */
	ilist inst;
	int ninst;
	/* the ground rules */
	int32_t *rhead;      /* [nr] head ground term */
	int32_t *rlit0;      /* [nr + 1] */
	int nr;
	int32_t *rlit;       /* ground term << 1 | negated */
	int nrl;
} grounder;

static int il_push(ilist *l, int32_t x)
{
	if (l->n == l->cap) {
		if (l->cap >= (1 << 29))
			return GL_ENOMEM;
		int nc = l->cap ? l->cap * 2 : 16;
		int32_t *a = gl_realloc(l->v, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		l->v = a;
		l->cap = nc;
	}
	l->v[l->n++] = x;
	return 0;
}

static uint32_t hash_ints(const int32_t *v, int n, uint64_t seed)
{
	uint64_t h = seed * 0x9E3779B97F4A7C15ull ^ (uint64_t)n;
	for (int i = 0; i < n; i++)
		h = (h ^ (uint32_t)v[i]) * 0xff51afd7ed558ccdull;
	return (uint32_t)(gl_mix64(h) >> 32);
}

/* The depth and size of term id (its arguments' known) recorded: 0, or
 * GL_ERANGE when it is too deep or too big, GL_ENOMEM. */
static int measure(grounder *G, int32_t id)
{
	if (id >= G->ntm) {
		int nc = G->ntm ? G->ntm * 2 : 4096;
		while (nc <= id)
			nc *= 2;
		uint8_t *d = gl_realloc(G->tdepth, (size_t)nc);
		if (!d)
			return GL_ENOMEM;
		G->tdepth = d;
		int32_t *s = gl_realloc(G->tsyms, (size_t)nc * sizeof *s);
		if (!s)
			return GL_ENOMEM;
		G->tsyms = s;
		G->ntm = nc;
	}
	const gdl_gterms *gt = G->gt;
	int depth = 0;
	int32_t syms = 1;
	for (int i = 0; i < gt->nargs[id]; i++) {
		const int32_t *args = gt->argv + gt->args[id];
		if (G->tdepth[args[i]] + 1 > depth)
			depth = G->tdepth[args[i]] + 1;
		syms += G->tsyms[args[i]];
		if (syms > TERM_SYMS_MAX)
			syms = TERM_SYMS_MAX + 1;
	}
	G->tdepth[id] = (uint8_t)(depth > GDL_DEPTH_MAX ? GDL_DEPTH_MAX + 1 : depth);
	G->tsyms[id] = syms;
	if (depth > GDL_DEPTH_MAX || syms > TERM_SYMS_MAX) {
		G->why = depth > GDL_DEPTH_MAX ? TOO_DEEP : TOO_LARGE;
		return GL_ERANGE;
	}
	return 0;
}

/* fn(args), made if absent. A new term deeper than GDL_DEPTH_MAX or with
 * more than TERM_SYMS_MAX symbols stops grounding: a recursion through a
 * function term that never ends would otherwise grow terms forever. */
static int32_t mk(grounder *G, int32_t fn, int32_t nargs, const int32_t *args)
{
	int n0 = G->gt->n;
	int32_t id = gt_get(G->gt, fn, nargs, args, true);
	if (id < 0) {
		if (id == GL_ERANGE)
			G->why = TOO_ATOMS;
		return id;
	}
	if (id < n0)
		return id;
	int rc = measure(G, id);
	return rc ? rc : id;
}

/* The ground term of constant sym, or -1 while there is none. */
static int32_t const_id(grounder *G, int32_t sym)
{
	if (G->cid[sym] < 0)
		G->cid[sym] = gt_get(G->gt, sym, 0, NULL, false);
	return G->cid[sym];
}

static int is_fact(const grounder *G, int32_t id)
{
	return id >= 0 && id < G->nfr ? G->fact_round[id] : -1;
}

/* Make ground term id a fact of round round. Facts that make others:
 * init(X) and next(X) give true(X), legal(R, M) gives does(R, M). */
static int add_fact(grounder *G, int32_t id, int round)
{
	if (is_fact(G, id) >= 0)
		return 0;
	if (G->nfacts >= G->max_atoms) {
		G->why = TOO_ATOMS;
		return GL_ERANGE;
	}
	while (id >= G->nfr) {
		int nc = G->nfr ? G->nfr * 2 : 4096;
		int32_t *a = gl_realloc(G->fact_round, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		for (int i = G->nfr; i < nc; i++)
			a[i] = -1;
		G->fact_round = a;
		G->nfr = nc;
	}
	const gdl_gterms *gt = G->gt;
	int32_t fn = gt->fn[id];
	G->fact_round[id] = round;
	G->nfacts++;
	if (il_push(&G->facts[fn], id))
		return GL_ENOMEM;
	if (G->chg_round[fn] != round) {
		G->chg_round[fn] = round;
		if (il_push(&G->chg[round & 1], fn))
			return GL_ENOMEM;
	}
	/* copies: making terms may move gt->argv */
	int32_t args[2] = {gt->nargs[id] > 0 ? gt->argv[gt->args[id]] : -1,
		gt->nargs[id] > 1 ? gt->argv[gt->args[id] + 1] : -1};
	int32_t t = -1;
	if ((fn == K_INIT || fn == K_NEXT) && gt->nargs[id] == 1)
		t = mk(G, K_TRUE, 1, args);
	else if (fn == K_LEGAL && gt->nargs[id] == 2)
		t = mk(G, K_DOES, 2, args);
	else
		return 0;
	return t < 0 ? t : add_fact(G, t, round);
}

/* Ground term t under the current bindings (all its variables bound):
 * made if absent and make, else -1 when absent; < -1 on an error. */
static int32_t make_ground(grounder *G, int32_t t, bool make)
{
	const gdl_term *x = &G->p->terms[t];
	if (x->kind == T_VAR)
		return G->bind[G->varslot[x->sym]];
	if (x->kind == T_SYM)
		return make ? mk(G, x->sym, 0, NULL) : const_id(G, x->sym);
	if (x->nargs > ARGS_MAX) {
		G->why = TOO_ARGS;
		return GL_ERANGE;
	}
	int32_t args[ARGS_MAX];
	for (int i = 0; i < x->nargs; i++) {
		args[i] = make_ground(G, gdl_term_arg(G->p, t, i), make);
		if (args[i] < 0)
			return args[i];
	}
	return make ? mk(G, x->sym, x->nargs, args) :
		gt_get(G->gt, x->sym, x->nargs, args, false);
}

/* Bind the unbound variables of t so that it is ground term g; false if
 * it cannot be (the caller undoes the bindings on the trail). */
static bool match(grounder *G, int32_t t, int32_t g)
{
	const gdl_term *x = &G->p->terms[t];
	const gdl_gterms *gt = G->gt;
	if (x->kind == T_VAR) {
		int s = G->varslot[x->sym];
		if (G->bind[s] >= 0)
			return G->bind[s] == g;
		G->bind[s] = g;
		G->trail[G->ntrail++] = s;
		return true;
	}
	if (gt->fn[g] != x->sym)
		return false;
	if (x->kind == T_SYM)
		return gt->nargs[g] == 0;
	if (gt->nargs[g] != x->nargs)
		return false;
	for (int i = 0; i < x->nargs; i++)
		if (!match(G, gdl_term_arg(G->p, t, i), gt->argv[gt->args[g] + i]))
			return false;
	return true;
}

/* Term t under the bindings is ground term g. */
static bool ground_eq(const grounder *G, int32_t t, int32_t g)
{
	const gdl_term *x = &G->p->terms[t];
	const gdl_gterms *gt = G->gt;
	if (x->kind == T_VAR)
		return G->bind[G->varslot[x->sym]] == g;
	if (gt->fn[g] != x->sym)
		return false;
	if (x->kind == T_SYM)
		return gt->nargs[g] == 0;
	if (gt->nargs[g] != x->nargs)
		return false;
	for (int i = 0; i < x->nargs; i++)
		if (!ground_eq(G, gdl_term_arg(G->p, t, i), gt->argv[gt->args[g] + i]))
			return false;
	return true;
}

/* Terms a and b under the bindings are equal (without making terms). */
static bool term_eq(const grounder *G, int32_t a, int32_t b)
{
	const gdl_term *x = &G->p->terms[a], *y = &G->p->terms[b];
	if (x->kind == T_VAR)
		return ground_eq(G, b, G->bind[G->varslot[x->sym]]);
	if (y->kind == T_VAR)
		return ground_eq(G, a, G->bind[G->varslot[y->sym]]);
	int nx = x->kind == T_FN ? x->nargs : 0, ny = y->kind == T_FN ? y->nargs : 0;
	if (x->sym != y->sym || nx != ny)
		return false;
	for (int i = 0; i < nx; i++)
		if (!term_eq(G, gdl_term_arg(G->p, a, i), gdl_term_arg(G->p, b, i)))
			return false;
	return true;
}

/* --- Indexes --- */

/* Append to G->tmp the signature of the arguments of t with the variables
 * of bound known, and its key leaves to leaves (at most KEY_MAX). */
static int sig_args(grounder *G, int32_t t, uint64_t bound, ilist *leaves,
	int *nval)
{
	const gdl_term *x = &G->p->terms[t];
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++) {
		int32_t u = gdl_term_arg(G->p, t, i);
		const gdl_term *y = &G->p->terms[u];
		int rc = 0;
		if (y->kind == T_FN) {
			if (il_push(&G->tmp, y->sym) || il_push(&G->tmp, y->nargs))
				return GL_ENOMEM;
			rc = sig_args(G, u, bound, leaves, nval);
		} else if (*nval < KEY_MAX && (y->kind == T_SYM ||
			   (bound >> G->varslot[y->sym] & 1))) {
			(*nval)++;
			rc = il_push(&G->tmp, SIG_VAL) || il_push(leaves, u) ?
				GL_ENOMEM : 0;
		} else {
			rc = il_push(&G->tmp, SIG_SKIP);
		}
		if (rc)
			return rc;
	}
	return 0;
}

static int pat_grow(grounder *G)
{
	if (G->npat == G->cappat) {
		int nc = G->cappat ? G->cappat * 2 : 64;
		pattern *a = gl_realloc(G->pat, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		G->pat = a;
		G->cappat = nc;
	}
	if (G->npat * 2 >= G->npslot) {
		int ns = G->npslot ? G->npslot * 2 : 256;
		int32_t *slot = gl_calloc((size_t)ns, sizeof *slot);
		if (!slot)
			return GL_ENOMEM;
		for (int i = 0; i < G->npat; i++) {
			uint32_t k = hash_ints(G->sig.v + G->pat[i].sig, G->pat[i].len, 0) &
				(uint32_t)(ns - 1);
			while (slot[k])
				k = (k + 1) & (uint32_t)(ns - 1);
			slot[k] = i + 1;
		}
		gl_free(G->pslot);
		G->pslot = slot;
		G->npslot = ns;
	}
	return 0;
}

/* The index of literal t with the variables of bound known; its key leaves
 * appended to leaves. Returns the pattern id or an error (< 0). */
static int32_t pat_of(grounder *G, int32_t t, uint64_t bound, ilist *leaves)
{
	const gdl_term *x = &G->p->terms[t];
	int nval = 0;
	G->tmp.n = 0;
	if (il_push(&G->tmp, x->sym) ||
	    il_push(&G->tmp, x->kind == T_FN ? x->nargs : 0))
		return GL_ENOMEM;
	int rc = sig_args(G, t, bound, leaves, &nval);
	if (rc || (rc = pat_grow(G)))
		return rc;
	uint32_t k = hash_ints(G->tmp.v, G->tmp.n, 0) & (uint32_t)(G->npslot - 1);
	while (G->pslot[k]) {
		const pattern *P = &G->pat[G->pslot[k] - 1];
		if (P->len == G->tmp.n && !memcmp(G->sig.v + P->sig, G->tmp.v,
						  (size_t)P->len * sizeof *G->tmp.v))
			return G->pslot[k] - 1;
		k = (k + 1) & (uint32_t)(G->npslot - 1);
	}
	pattern *P = &G->pat[G->npat];
	memset(P, 0, sizeof *P);
	P->sig = G->sig.n;
	P->len = G->tmp.n;
	P->rel = x->sym;
	P->nval = nval;
	for (int i = 0; i < G->tmp.n; i++)
		if (il_push(&G->sig, G->tmp.v[i]))
			return GL_ENOMEM;
	G->pslot[k] = G->npat + 1;
	return G->npat++;
}

/* The key of fact g under the signature at *pos into vals; false if g
 * does not have its shape. */
static bool sig_match(const grounder *G, int *pos, int32_t g, int32_t *vals,
	int *nval)
{
	const gdl_gterms *gt = G->gt;
	int32_t c = G->sig.v[(*pos)++];
	if (c == SIG_VAL) {
		vals[(*nval)++] = g;
		return true;
	}
	if (c == SIG_SKIP)
		return true;
	int32_t na = G->sig.v[(*pos)++];
	if (gt->fn[g] != c || gt->nargs[g] != na)
		return false;
	for (int i = 0; i < na; i++)
		if (!sig_match(G, pos, gt->argv[gt->args[g] + i], vals, nval))
			return false;
	return true;
}

static uint32_t key_hash(int32_t pat, const int32_t *vals, int n)
{
	return hash_ints(vals, n, (uint64_t)pat + 1);
}

/* The bucket of (pat, vals), or -1. */
static int32_t bucket_find(const grounder *G, int32_t pat, const int32_t *vals,
	uint32_t h)
{
	if (!G->nbslot)
		return -1;
	int n = G->pat[pat].nval;
	uint32_t k = h & (uint32_t)(G->nbslot - 1);
	while (G->bslot[k]) {
		const bucket *B = &G->bk[G->bslot[k] - 1];
		if (B->hash == h && B->pat == pat) {
			int i = 0;
			while (i < n && G->keys.v[B->key + i] == vals[i])
				i++;
			if (i == n)
				return G->bslot[k] - 1;
		}
		k = (k + 1) & (uint32_t)(G->nbslot - 1);
	}
	return -1;
}

static int bucket_add(grounder *G, int32_t pat, const int32_t *vals, int32_t id)
{
	if (G->nent >= IX_ENTRIES_MAX) {
		G->why = TOO_INDEX;
		return GL_ERANGE;
	}
	int n = G->pat[pat].nval;
	uint32_t h = key_hash(pat, vals, n);
	int32_t b = bucket_find(G, pat, vals, h);
	if (b < 0) {
		if (G->nbk == G->capbk) {
			int nc = G->capbk ? G->capbk * 2 : 1024;
			bucket *a = gl_realloc(G->bk, (size_t)nc * sizeof *a);
			if (!a)
				return GL_ENOMEM;
			G->bk = a;
			G->capbk = nc;
		}
		if (G->nbk * 2 >= G->nbslot) {
			int ns = G->nbslot ? G->nbslot * 2 : 2048;
			int32_t *slot = gl_calloc((size_t)ns, sizeof *slot);
			if (!slot)
				return GL_ENOMEM;
			for (int i = 0; i < G->nbk; i++) {
				uint32_t k = G->bk[i].hash & (uint32_t)(ns - 1);
				while (slot[k])
					k = (k + 1) & (uint32_t)(ns - 1);
				slot[k] = i + 1;
			}
			gl_free(G->bslot);
			G->bslot = slot;
			G->nbslot = ns;
		}
		b = G->nbk++;
		bucket *B = &G->bk[b];
		memset(B, 0, sizeof *B);
		B->pat = pat;
		B->key = G->keys.n;
		B->hash = h;
		for (int i = 0; i < n; i++)
			if (il_push(&G->keys, vals[i]))
				return GL_ENOMEM;
		uint32_t k = h & (uint32_t)(G->nbslot - 1);
		while (G->bslot[k])
			k = (k + 1) & (uint32_t)(G->nbslot - 1);
		G->bslot[k] = b + 1;
		G->pat[pat].nkeys++;
	}
	bucket *B = &G->bk[b];
	if (B->n == B->cap) {
		int nc = B->cap ? B->cap * 2 : 2;
		int32_t *a = gl_realloc(B->id, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		B->id = a;
		B->cap = nc;
	}
	B->id[B->n++] = id;
	G->pat[pat].nent++;
	G->nent++;
	return 0;
}

/* Bring index pat up to date with the facts of its relation. */
static int pat_sync(grounder *G, int32_t pat)
{
	const ilist *f = &G->facts[G->pat[pat].rel];
	while (G->pat[pat].upto < f->n) {
		int32_t id = f->v[G->pat[pat].upto++];
		int32_t vals[KEY_MAX];
		int pos = G->pat[pat].sig, n = 0;
		if (!sig_match(G, &pos, id, vals, &n))
			continue;
		int rc = bucket_add(G, pat, vals, id);
		if (rc)
			return rc;
	}
	return 0;
}

/* The key of a literal whose n leaves are at G->leaves.v[leaf] under the
 * bindings; false if a constant of it is no term yet (nothing matches). */
static bool leaf_key(grounder *G, int32_t leaf, int n, int32_t *vals)
{
	for (int i = 0; i < n; i++) {
		const gdl_term *x = &G->p->terms[G->leaves.v[leaf + i]];
		vals[i] = x->kind == T_VAR ? G->bind[G->varslot[x->sym]] :
			const_id(G, x->sym);
		if (vals[i] < 0)
			return false;
	}
	return true;
}

/* The bucket a scan step looks at under the bindings, or -1 if none. */
static int32_t step_bucket(grounder *G, const step *s, int *rc)
{
	int32_t vals[KEY_MAX];
	int n = G->pat[s->pat].nval;
	if ((*rc = pat_sync(G, s->pat)) || !leaf_key(G, s->src, n, vals))
		return -1;
	return bucket_find(G, s->pat, vals, key_hash(s->pat, vals, n));
}

/* First place in bucket b with a fact of round >= r. */
static int bucket_lower(const grounder *G, int32_t b, int r)
{
	const bucket *B = &G->bk[b];
	int lo = 0, hi = B->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (G->fact_round[B->id[mid]] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* --- Join plans --- */

/* Make clause c current: its variables get slots 0.., all unbound. */
static void use_clause(grounder *G, int c)
{
	if (G->cur >= 0)
		for (int i = G->cv0[G->cur]; i < G->cv0[G->cur + 1]; i++)
			G->varslot[G->cvar[i]] = -1;
	for (int i = G->cv0[c]; i < G->cv0[c + 1]; i++)
		G->varslot[G->cvar[i]] = i - G->cv0[c];
	for (int i = 0; i < GDL_VARS_MAX; i++)
		G->bind[i] = -1;
	G->ntrail = 0;
	G->cur = c;
}

/* Start a plan: forget the literals' indexes when there are too many. */
static void plan_start(grounder *G)
{
	G->nstep = 0;
	if (G->nlp <= LPAT_MAX)
		return;
	for (int k = 0; k < G->caplp; k++)
		G->lp[k].lit = -1;
	G->nlp = 0;
	G->leaves.n = 0;
}

/* The index of literal gl (in p->lits; of the current clause) with the
 * variables of bound known, and where its key leaves are in G->leaves:
 * remembered, as plans ask again and again. Returns 0 or an error. */
static int lit_pat(grounder *G, int32_t gl, uint64_t bound, int32_t *pat,
	int32_t *leaf)
{
	bound &= G->lmask[gl];
	if (G->nlp * 2 >= G->caplp) {
		int nc = G->caplp ? G->caplp * 2 : 1024;
		struct lpat *t = gl_malloc((size_t)nc * sizeof *t);
		if (!t)
			return GL_ENOMEM;
		for (int k = 0; k < nc; k++)
			t[k].lit = -1;
		for (int k = 0; k < G->caplp; k++) {
			if (G->lp[k].lit < 0)
				continue;
			uint32_t h = hash_ints(&G->lp[k].lit, 1, G->lp[k].bound) &
				(uint32_t)(nc - 1);
			while (t[h].lit >= 0)
				h = (h + 1) & (uint32_t)(nc - 1);
			t[h] = G->lp[k];
		}
		gl_free(G->lp);
		G->lp = t;
		G->caplp = nc;
	}
	uint32_t h = hash_ints(&gl, 1, bound) & (uint32_t)(G->caplp - 1);
	while (G->lp[h].lit >= 0) {
		if (G->lp[h].lit == gl && G->lp[h].bound == bound) {
			*pat = G->lp[h].pat;
			*leaf = G->lp[h].leaf;
			return 0;
		}
		h = (h + 1) & (uint32_t)(G->caplp - 1);
	}
	*leaf = G->leaves.n;
	*pat = pat_of(G, G->p->lits[gl].a, bound, &G->leaves);
	if (*pat < 0)
		return *pat;
	struct lpat *e = &G->lp[h];
	e->bound = bound;
	e->lit = gl;
	e->pat = *pat;
	e->leaf = *leaf;
	G->nlp++;
	return 0;
}

static int add_step(grounder *G, int i, int kind, uint64_t bound)
{
	int32_t gl = G->p->cl[G->cur].lit0 + i;
	const gdl_lit *l = &G->p->lits[gl];
	step *s = &G->plan[G->nstep++];
	s->kind = kind;
	s->lit = i;
	s->a = l->a;
	s->b = l->b;
	s->pat = -1;
	s->src = 0;
	s->rlo = 0;
	s->rhi = 1 << 30;
	return kind == S_SCAN ? lit_pat(G, gl, bound, &s->pat, &s->src) : 0;
}

/* About how many facts literal gl with the variables of bound known
 * matches: the size of its bucket when its key is constants, else the
 * mean size of its index's buckets. */
static int estimate(grounder *G, int32_t gl, uint64_t bound, double *est)
{
	int32_t pat, leaf;
	int rc = lit_pat(G, gl, bound, &pat, &leaf);
	if (rc || (rc = pat_sync(G, pat)))
		return rc;
	const pattern *P = &G->pat[pat];
	if (!(bound & G->lmask[gl])) { /* constants only */
		int32_t vals[KEY_MAX];
		int32_t b = leaf_key(G, leaf, P->nval, vals) ?
			bucket_find(G, pat, vals, key_hash(pat, vals, P->nval)) : -1;
		*est = b >= 0 ? G->bk[b].n : 0;
	} else {
		*est = P->nkeys ? (double)P->nent / P->nkeys : 0;
	}
	return 0;
}

static bool negated_exactly(const grounder *G, int32_t gl);

/* The rest of the plan of the current clause after the steps made so far:
 * tests and ground literals as soon as their variables are bound, else
 * the literal with the fewest facts to try (most constrained first). */
static int plan_rest(grounder *G)
{
	const gdl_clause *cl = &G->p->cl[G->cur];
	/* no literal in the whole description: the arrays may be NULL */
	const uint64_t *mask = cl->nlits ? G->lmask + cl->lit0 : NULL;
	bool used[GDL_LITS_MAX] = {false};
	uint64_t bound = 0;
	for (int j = 0; j < G->nstep; j++) {
		used[G->plan[j].lit] = true;
		bound |= mask[G->plan[j].lit];
	}
	for (;;) {
		G->steps += 1 + cl->nlits / 4; /* planning is work too */
		for (int i = 0; i < cl->nlits; i++) {
			if (used[i] || (mask[i] & ~bound))
				continue;
			used[i] = true;
			int lk = G->lkind[cl->lit0 + i];
			int kind = lk == L_POS ? S_CHECK : lk == L_DIST ? S_DIST :
				S_NDIST;
			if (lk == L_NEG && !negated_exactly(G, cl->lit0 + i))
				continue; /* the domain ignores it: a superset */
			int rc = add_step(G, i, lk == L_NEG ? S_NOT : kind, bound);
			if (rc)
				return rc;
		}
		int best = -1, bestnew = 0;
		bool besthead = false;
		double bestest = 0;
		/* for the domain, the head's variables first: a join stops
		 * where its head is ground and already a fact */
		uint64_t hfree = G->domain ? G->hmask[G->cur] & ~bound : 0;
		for (int i = 0; i < cl->nlits; i++) {
			if (used[i] || G->lkind[cl->lit0 + i] != L_POS)
				continue;
			double est;
			int rc = estimate(G, cl->lit0 + i, bound, &est);
			if (rc)
				return rc;
			G->steps += ESTIMATE_COST;
			int nnew = __builtin_popcountll(mask[i] & ~bound);
			bool head = (mask[i] & hfree) != 0;
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
			break; /* negations and tests left have unbound variables:
				* none after checking (safety) */
		used[best] = true;
		int rc = add_step(G, best, S_SCAN, bound);
		if (rc)
			return rc;
		bound |= mask[best];
	}
	return 0;
}

/* --- Joins --- */

/* Record the instance of the current clause under the bindings, and its
 * head as a fact of this round. */
static int record(grounder *G)
{
	const gdl_clause *cl = &G->p->cl[G->cur];
	int32_t h = make_ground(G, cl->head, true);
	if (h < 0)
		return h;
	int rc = add_fact(G, h, G->round);
	if (rc || G->domain) {
		G->hid = h; /* a fact now: the joins above stop */
		return rc;
	}
	int nv = G->nneg[G->cur] ? G->cv0[G->cur + 1] - G->cv0[G->cur] : 0;
	G->nrl += G->npos[G->cur] + G->nneg[G->cur];
	if (G->ninst >= G->max_rules || G->nrl > RLITS_MAX ||
	    G->inst.n + 2 + G->npos[G->cur] + nv > INST_MAX) {
		G->why = TOO_RULES;
		return GL_ERANGE;
	}
	if (il_push(&G->inst, G->cur) || il_push(&G->inst, h))
		return GL_ENOMEM;
	for (int i = 0; i < cl->nlits; i++)
		if (G->p->lits[cl->lit0 + i].kind == L_POS &&
		    il_push(&G->inst, G->lfact[i]))
			return GL_ENOMEM;
	for (int i = 0; i < nv; i++)
		if (il_push(&G->inst, G->bind[i]))
			return GL_ENOMEM;
	G->ninst++;
	return 0;
}

/* The variables each step of the current plan still needs bound (those
 * of its own literal and the later ones, and the head's), where fewer
 * than those bound: G->keep (0 elsewhere); and a new mark for the memo. */
static void projections(grounder *G)
{
	const gdl_clause *cl = &G->p->cl[G->cur];
	uint64_t bound[GDL_LITS_MAX + 1], live = G->hmask[G->cur];
	bound[0] = 0;
	for (int j = 0; j < G->nstep; j++)
		bound[j + 1] = bound[j] | G->lmask[cl->lit0 + G->plan[j].lit];
	for (int j = G->nstep; j >= 0; j--) {
		if (j < G->nstep)
			live |= G->lmask[cl->lit0 + G->plan[j].lit];
		G->keep[j] = j > 0 && (bound[j] & ~live) ? bound[j] & live : 0;
	}
	G->gen++;
	G->nmemo = 0;
	G->mkeys.n = 0;
}

/* Whether the join from step j under the bindings was done already in
 * this plan (and if not, it is remembered as done): the variables of
 * G->keep[j] have the same values as then. 0 (not yet), 1, or an error. */
static int done_before(grounder *G, int j)
{
	/* the key: j, then the values of the variables still read */
	int32_t key[1 + GDL_VARS_MAX];
	int n = 0;
	key[n++] = j;
	for (uint64_t m = G->keep[j]; m; m &= m - 1)
		key[n++] = G->bind[__builtin_ctzll(m)];
	if (2 * (G->nmemo + 1) > G->nmslot) {
		if (G->nmemo >= MEMO_MAX)
			return 0; /* past the cap the join just goes on */
		int ns = G->nmslot ? G->nmslot * 2 : 1024;
		int32_t *a = gl_malloc((size_t)ns * sizeof *a);
		uint32_t *g = gl_calloc((size_t)ns, sizeof *g);
		if (!a || !g) {
			gl_free(a);
			gl_free(g);
			return GL_ENOMEM;
		}
		/* the current join's keys moved over; the rest forgotten */
		for (int k = 0; k < G->nmslot; k++) {
			if (G->mgen[k] != G->gen)
				continue;
			const int32_t *old = G->mkeys.v + G->memo[k] - 1;
			int on = 1 + __builtin_popcountll(G->keep[old[0]]);
			uint32_t x = hash_ints(old, on, 0) & (uint32_t)(ns - 1);
			while (g[x] == G->gen)
				x = (x + 1) & (uint32_t)(ns - 1);
			a[x] = G->memo[k];
			g[x] = G->gen;
		}
		gl_free(G->memo);
		gl_free(G->mgen);
		G->memo = a;
		G->mgen = g;
		G->nmslot = ns;
	}
	uint32_t x = hash_ints(key, n, 0) & (uint32_t)(G->nmslot - 1);
	for (; G->mgen[x] == G->gen; x = (x + 1) & (uint32_t)(G->nmslot - 1)) {
		const int32_t *old = G->mkeys.v + G->memo[x] - 1;
		if (old[0] == j && /* then as long as key */
		    !memcmp(old + 1, key + 1, (size_t)(n - 1) * sizeof *key))
			return 1;
	}
	int32_t off = G->mkeys.n + 1;
	for (int i = 0; i < n; i++)
		if (il_push(&G->mkeys, key[i]))
			return GL_ENOMEM;
	G->memo[x] = off;
	G->mgen[x] = G->gen;
	G->nmemo++;
	return 0;
}

/* Where the current plan makes the current clause's head ground: the
 * first step before which its variables are all bound. */
static void head_step(grounder *G)
{
	const gdl_clause *cl = &G->p->cl[G->cur];
	uint64_t hm = G->hmask[G->cur], bound = 0;
	int j = 0;
	for (; j < G->nstep && (bound & hm) != hm; j++)
		if (G->plan[j].kind == S_SCAN)
			bound |= G->lmask[cl->lit0 + G->plan[j].lit];
	G->hstep = j;
	G->hid = -1;
	if (G->domain)
		projections(G);
}

/* Join the plan from step j. Returns 0 or an error. */
static int join(grounder *G, int j)
{
	if (++G->steps > GDL_JOIN_MAX) {
		G->why = TOO_STEPS;
		return GL_ERANGE; /* a small file can ask for unbounded joins */
	}
	if (++G->polls >= STOP_POLL) {
		G->polls = 0;
		if (G->gd->stop && G->gd->stop(G->gd->stop_arg))
			return GL_ESTOP;
	}
	if (G->keep[j] && G->domain) {
		int rc = done_before(G, j);
		if (rc)
			return rc < 0 ? rc : 0;
	}
	if (G->domain && j == G->hstep) {
		/* the head is ground from here on: nothing new if a fact */
		G->hid = make_ground(G, G->p->cl[G->cur].head, false);
		if (G->hid < -1)
			return G->hid;
		if (is_fact(G, G->hid) >= 0)
			return 0;
	}
	if (j == G->nstep)
		return record(G);
	const step *s = &G->plan[j];
	if (s->kind == S_DIST || s->kind == S_NDIST) {
		if (term_eq(G, s->a, s->b) == (s->kind == S_DIST))
			return 0;
		return join(G, j + 1);
	}
	if (s->kind == S_NOT) { /* its relation is complete: exact */
		int32_t a = make_ground(G, s->a, false);
		if (a < -1)
			return a;
		return a >= 0 && is_fact(G, a) >= 0 ? 0 : join(G, j + 1);
	}
	if (s->kind == S_CHECK) {
		int32_t a = make_ground(G, s->a, false);
		if (a < -1)
			return a;
		int r = is_fact(G, a);
		if (r < s->rlo || r > s->rhi)
			return 0;
		G->lfact[s->lit] = a;
		return join(G, j + 1);
	}
	int rc = 0;
	int32_t b = step_bucket(G, s, &rc);
	if (b < 0)
		return rc;
	/* the bucket may grow under us (facts of this round, past rhi) */
	for (int k = s->rlo > 0 ? bucket_lower(G, b, s->rlo) : 0;
	     k < G->bk[b].n && !rc; k++) {
		int32_t id = G->bk[b].id[k];
		if (G->fact_round[id] > s->rhi ||
		    (G->domain && j >= G->hstep && is_fact(G, G->hid) >= 0))
			break;
		int mark = G->ntrail;
		G->lfact[s->lit] = id;
		if (match(G, s->a, id))
			rc = join(G, j + 1);
		else if (++G->steps > GDL_JOIN_MAX) {
			G->why = TOO_STEPS;
			rc = GL_ERANGE;
		}
		while (G->ntrail > mark)
			G->bind[G->trail[--G->ntrail]] = -1;
	}
	return rc;
}

/* Round r's joins of the clause of literal gl with that literal taking
 * the facts of round r - 1 (semi-naive): positive literals before it take
 * older facts, those after it any fact up to round r - 1, so that each
 * instance is found once, in the round after its last fact. */
static int join_delta(grounder *G, int32_t gl)
{
	int c = G->lit_cl[gl];
	int i = gl - G->p->cl[c].lit0, r = G->round;
	use_clause(G, c);
	plan_start(G);
	G->steps += ESTIMATE_COST; /* about what a look at the delta costs */
	int rc = add_step(G, i, S_SCAN, 0);
	if (rc)
		return rc;
	/* nothing to do unless the last round has facts in its bucket */
	int32_t b = step_bucket(G, &G->plan[0], &rc);
	if (b < 0)
		return rc;
	int k = bucket_lower(G, b, r - 1);
	if (k >= G->bk[b].n || G->fact_round[G->bk[b].id[k]] != r - 1)
		return 0;
	/* nor when a literal without variables fails */
	const gdl_clause *cl = &G->p->cl[c];
	for (int q = 0; q < cl->nlits; q++) {
		const gdl_lit *l = &G->p->lits[cl->lit0 + q];
		int lk = G->lkind[cl->lit0 + q];
		if (G->lmask[cl->lit0 + q] || lk == L_NEG || q == i)
			continue;
		G->steps++;
		if (lk != L_POS) {
			if (term_eq(G, l->a, l->b) == (l->kind == L_DIST))
				return 0;
			continue;
		}
		int32_t a = make_ground(G, l->a, false);
		if (a < -1)
			return a;
		int fr = is_fact(G, a);
		if (fr < 0 || fr > (q < i ? r - 2 : r - 1))
			return 0;
	}
	if ((rc = plan_rest(G)))
		return rc;
	for (int j = 0; j < G->nstep; j++) {
		step *s = &G->plan[j];
		if (s->kind != S_SCAN && s->kind != S_CHECK)
			continue;
		s->rlo = s->lit == i ? r - 1 : 0;
		s->rhi = s->lit < i ? r - 2 : r - 1;
	}
	head_step(G);
	return join(G, 0);
}

/* Variables of term t into the current clause's list (slots by place). */
static int collect_vars(grounder *G, int32_t t, ilist *vars, int first)
{
	const gdl_term *x = &G->p->terms[t];
	if (x->kind == T_VAR) {
		for (int i = first; i < vars->n; i++)
			if (vars->v[i] == x->sym)
				return 0;
		if (vars->n - first >= GDL_VARS_MAX)
			return GL_ERANGE;
		return il_push(vars, x->sym);
	}
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++) {
		int rc = collect_vars(G, gdl_term_arg(G->p, t, i), vars, first);
		if (rc)
			return rc;
	}
	return 0;
}

static uint64_t var_mask(const grounder *G, int32_t t)
{
	const gdl_term *x = &G->p->terms[t];
	if (x->kind == T_VAR)
		return 1ull << G->varslot[x->sym];
	uint64_t m = 0;
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++)
		m |= var_mask(G, gdl_term_arg(G->p, t, i));
	return m;
}

/* Variables, literal masks and occurrences of every clause. */
/* For a relaxed layout (G->relax), clause c's positive literals of
 * relations defined by the description on true or does (dyn, from
 * gdl_dynamic_relations: a static one, such as chess's `pawn_capture`, is
 * computed once and keeps the domain tight: left out, every pawn could
 * go from every square to every other) read as if negated, so that the
 * domain ignores them (a superset still: a body with fewer literals holds
 * more often), wherever what they bind is bound by the clause's other
 * positive literals too: the layout keeps only what binds its bases and
 * moves. The prover, which reads the clauses as written, makes the facts
 * of the relations left out per state. */
static void relax_clause(grounder *G, int c, const uint8_t *dyn)
{
	const gdl_prog *p = G->p;
	const gdl_clause *cl = &p->cl[c];
	for (int i = 0; i < cl->nlits; i++) {
		int32_t gl = cl->lit0 + i;
		int32_t rel = p->terms[p->lits[gl].a].sym;
		if (G->lkind[gl] != L_POS || rel < K_NKEYWORDS || !dyn[rel])
			continue;
		G->lkind[gl] = L_NEG;
		uint64_t need = G->hmask[c], have = 0;
		for (int k = 0; k < cl->nlits; k++) {
			need |= G->lmask[cl->lit0 + k];
			if (G->lkind[cl->lit0 + k] == L_POS)
				have |= G->lmask[cl->lit0 + k];
		}
		if (need & ~have)
			G->lkind[gl] = L_POS; /* it binds what nothing else does */
	}
}

static int setup_clauses(grounder *G)
{
	gdl_prog *p = G->p;
	ilist vars = {0};
	int rc = 0;
	G->cv0 = gl_malloc(((size_t)p->ncl + 1) * sizeof *G->cv0);
	G->npos = gl_calloc((size_t)p->ncl + 1, sizeof *G->npos);
	G->nneg = gl_calloc((size_t)p->ncl + 1, sizeof *G->nneg);
	G->lmask = gl_malloc(((size_t)p->nlits + 1) * sizeof *G->lmask);
	G->lkind = gl_malloc(((size_t)p->nlits + 1) * sizeof *G->lkind);
	G->lit_cl = gl_malloc(((size_t)p->nlits + 1) * sizeof *G->lit_cl);
	G->occ0 = gl_calloc((size_t)p->syms.n + 2, sizeof *G->occ0);
	G->occ = gl_malloc(((size_t)p->nlits + 1) * sizeof *G->occ);
	G->hmask = gl_malloc(((size_t)p->ncl + 1) * sizeof *G->hmask);
	if (!G->cv0 || !G->npos || !G->nneg || !G->lmask || !G->lkind ||
	    !G->lit_cl || !G->occ0 || !G->occ || !G->hmask)
		return GL_ENOMEM;
	for (int c = 0; c < p->ncl && !rc; c++) {
		const gdl_clause *cl = &p->cl[c];
		G->cv0[c] = vars.n;
		rc = collect_vars(G, cl->head, &vars, G->cv0[c]);
		for (int i = 0; i < cl->nlits && !rc; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			rc = collect_vars(G, l->a, &vars, G->cv0[c]);
			if (!rc && l->b >= 0)
				rc = collect_vars(G, l->b, &vars, G->cv0[c]);
			G->lit_cl[cl->lit0 + i] = c;
			G->lkind[cl->lit0 + i] = (uint8_t)l->kind;
		}
	}
	G->cv0[p->ncl] = vars.n;
	G->cvar = vars.v;
	if (rc == GL_ERANGE)
		G->why = TOO_ARGS; /* more than GDL_VARS_MAX: checked before */
	if (rc)
		return rc;
	uint8_t *dyn = G->dyn = gdl_dynamic_relations(p);
	if (!dyn)
		return GL_ENOMEM;
	for (int c = 0; c < p->ncl; c++) {
		const gdl_clause *cl = &p->cl[c];
		use_clause(G, c);
		G->hmask[c] = var_mask(G, cl->head);
		for (int i = 0; i < cl->nlits; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			G->lmask[cl->lit0 + i] = var_mask(G, l->a) |
				(l->b >= 0 ? var_mask(G, l->b) : 0);
		}
		if (G->relax)
			relax_clause(G, c, dyn);
		for (int i = 0; i < cl->nlits; i++) {
			int32_t gl = cl->lit0 + i;
			if (G->lkind[gl] == L_POS) {
				G->npos[c]++;
				G->occ0[p->terms[p->lits[gl].a].sym + 1]++;
			}
			G->nneg[c] += G->lkind[gl] == L_NEG;
		}
	}
	for (int s = 0; s < p->syms.n; s++)
		G->occ0[s + 1] += G->occ0[s];
	int32_t *fill = gl_malloc(((size_t)p->syms.n + 1) * sizeof *fill);
	if (!fill)
		return GL_ENOMEM;
	memcpy(fill, G->occ0, ((size_t)p->syms.n + 1) * sizeof *fill);
	for (int32_t gl = 0; gl < p->nlits; gl++)
		if (G->lkind[gl] == L_POS)
			G->occ[fill[p->terms[p->lits[gl].a].sym]++] = gl;
	gl_free(fill);
	return 0;
}

/* Mark the clauses that can never fire: one of their positive literals
 * is of a relation that can have no fact, whatever its arguments (no
 * fact, and no rule that can fire, makes it). Their instances are none,
 * and the rounds need not look at them. A fixpoint over relations with a
 * worklist: linear in the size of the program. */
static int prune(grounder *G)
{
	const gdl_prog *p = G->p;
	int32_t *need = gl_malloc(((size_t)p->ncl + 1) * sizeof *need);
	uint8_t *live = gl_calloc((size_t)p->syms.n + 1, 1);
	int32_t *work = gl_malloc(((size_t)p->syms.n + 1) * sizeof *work);
	G->dead = gl_malloc((size_t)p->ncl + 1);
	int rc = GL_ENOMEM, nw = 0;
	if (!need || !live || !work || !G->dead)
		goto out;
	for (int c = 0; c < p->ncl; c++) {
		need[c] = G->npos[c];
		int32_t h = p->terms[p->cl[c].head].sym;
		if (!need[c] && !live[h]) {
			live[h] = 1;
			work[nw++] = h;
		}
	}
	while (nw > 0) {
		int32_t rel = work[--nw];
		/* facts of init and next make true, of legal does */
		int32_t also = rel == K_INIT || rel == K_NEXT ? K_TRUE :
			rel == K_LEGAL ? K_DOES : -1;
		if (also >= 0 && !live[also]) {
			live[also] = 1;
			work[nw++] = also;
		}
		for (int o = G->occ0[rel]; o < G->occ0[rel + 1]; o++) {
			int c = G->lit_cl[G->occ[o]];
			int32_t h = p->terms[p->cl[c].head].sym;
			if (--need[c] == 0 && !live[h]) {
				live[h] = 1;
				work[nw++] = h;
			}
		}
	}
	for (int c = 0; c < p->ncl; c++)
		G->dead[c] = need[c] > 0;
	rc = 0;
out:
	gl_free(need);
	gl_free(live);
	gl_free(work);
	return rc;
}

/* For the layout: leave out every clause whose head is not a relation
 * that role, init, next or legal read through positive literals (with
 * true and does, which init, next and legal make); those relations are
 * flagged in G->laid. A fixpoint over the
 * clauses, each pass linear in the program; passes as deep as the
 * relations' dependencies. */
static int layout_only(grounder *G)
{
	const gdl_prog *p = G->p;
	uint8_t *lay = gl_calloc((size_t)p->syms.n + 1, 1);
	if (!lay)
		return GL_ENOMEM;
	static const int32_t roots[] = {K_ROLE, K_INIT, K_NEXT, K_LEGAL, K_TRUE,
		K_DOES};
	for (size_t k = 0; k < sizeof roots / sizeof *roots; k++)
		lay[roots[k]] = 1;
	for (bool more = true; more;) {
		more = false;
		for (int c = 0; c < p->ncl; c++) {
			const gdl_clause *cl = &p->cl[c];
			if (G->dead[c] || !lay[p->terms[cl->head].sym])
				continue;
			for (int i = 0; i < cl->nlits; i++) {
				const gdl_lit *l = &p->lits[cl->lit0 + i];
				int32_t r = p->terms[l->a].sym;
				if (G->lkind[cl->lit0 + i] == L_POS && !lay[r]) {
					lay[r] = 1;
					more = true;
				}
			}
		}
	}
	for (int c = 0; c < p->ncl; c++)
		if (!lay[p->terms[p->cl[c].head].sym])
			G->dead[c] = 1;
	G->laid = lay;
	G->nlaid = p->syms.n;
	return 0;
}

/* For the layout: terminal, and goal(R, V) for every role R and value V
 * 0..100 (what the rules can make of them is left to the prover), as
 * facts. */
static int layout_goals(grounder *G)
{
	gdl_prog *p = G->p;
	int32_t t = mk(G, K_TERMINAL, 0, NULL);
	int rc = t < 0 ? t : add_fact(G, t, G->round);
	const ilist *roles = &G->facts[K_ROLE];
	for (int v = 0; v <= 100 && !rc; v++) {
		char num[4];
		int len = snprintf(num, sizeof num, "%d", v);
		int sym = gdl_sym_intern(&p->syms, num, (size_t)len);
		if (sym < 0)
			return GL_ENOMEM;
		int32_t args[2] = {-1, mk(G, sym, 0, NULL)};
		if (args[1] < 0)
			return args[1];
		for (int i = 0; i < roles->n && !rc; i++) {
			const gdl_gterms *gt = G->gt;
			int32_t r = roles->v[i];
			if (gt->nargs[r] != 1)
				continue;
			args[0] = gt->argv[gt->args[r]];
			int32_t g = mk(G, K_GOAL, 2, args);
			rc = g < 0 ? g : add_fact(G, g, G->round);
		}
	}
	return rc;
}

/* Whether literal gl negates a static relation (outside a layout, which
 * grounds only what its positive literals read): then its clause's head
 * depends on it as on a positive literal, so that the relation is
 * complete before the head is ground (a static relation depends on no
 * dynamic one, so only a static head can close a cycle this way). */
static bool static_negation(const grounder *G, int32_t gl)
{
	const gdl_prog *p = G->p;
	const gdl_lit *l = &p->lits[gl];
	return !G->layout && l->kind == L_NEG && G->lkind[gl] == L_NEG &&
		!G->dyn[p->terms[l->a].sym];
}

/* G->exact: the static relations whose every positive literal reads an
 * exact relation and every negation an exact relation of an earlier
 * component. Ground a component at a time, in order, with those
 * negations applied (negated_exactly), their facts are exactly the true
 * ones, by induction over the components. The others' facts are a
 * superset (a negation ignored, or read from a relation that ignored
 * one), which no negation may read.
 * Returns 0 or GL_ENOMEM. */
static int exact_relations(grounder *G)
{
	const gdl_prog *p = G->p;
	G->exact = gl_malloc((size_t)p->syms.n + 1);
	if (!G->exact)
		return GL_ENOMEM;
	for (int r = 0; r < p->syms.n; r++)
		G->exact[r] = !G->layout && !G->dyn[r];
	for (bool more = true; more;) {
		more = false;
		for (int c = 0; c < p->ncl; c++) {
			const gdl_clause *cl = &p->cl[c];
			int32_t h = p->terms[cl->head].sym;
			for (int i = 0; i < cl->nlits && G->exact[h] && !G->dead[c]; i++) {
				const gdl_lit *l = &p->lits[cl->lit0 + i];
				int32_t r = p->terms[l->a].sym;
				bool ok = l->kind == L_POS ? G->exact[r] :
					l->kind != L_NEG || (G->exact[r] &&
					G->rcomp[r] < G->rcomp[h]);
				if (!ok) {
					G->exact[h] = 0;
					more = true;
				}
			}
		}
	}
	return 0;
}

/* Whether negative literal gl (of the current clause) is applied as the
 * domain is ground: its relation exact and complete before the clause's
 * component (urmAdd's `(not (maxLines ?n))` bounds its line numbers;
 * ignored, every number would be a line). */
static bool negated_exactly(const grounder *G, int32_t gl)
{
	const gdl_prog *p = G->p;
	int32_t r = p->terms[p->lits[gl].a].sym;
	int32_t h = p->terms[p->cl[G->lit_cl[gl]].head].sym;
	return G->exact && G->lkind[gl] == L_NEG && p->lits[gl].kind == L_NEG &&
		G->exact[r] && G->rcomp[r] < G->rcomp[h];
}

/* The components of the relations' dependency graph (a head on its
 * positive literals and on the static relations it negates
 * (static_negation), true on init and next, does on legal; the clauses
 * that can fire), numbered so that one comes after those it depends on:
 * G->rcomp. Returns 0 or GL_ENOMEM. */
static int components(grounder *G)
{
	const gdl_prog *p = G->p;
	int n = p->syms.n, rc = GL_ENOMEM;
	int32_t *e0 = gl_calloc((size_t)n + 2, sizeof *e0);
	int32_t *edge = gl_malloc(((size_t)p->nlits + 3) * sizeof *edge);
	G->rcomp = gl_malloc(((size_t)n + 1) * sizeof *G->rcomp);
	if (!e0 || !edge || !G->rcomp)
		goto out;
	/* two passes: count the edges from each relation, then place them */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			for (int r = 0; r < n; r++)
				e0[r + 1] += e0[r];
			for (int r = n; r > 0; r--)
				e0[r] = e0[r - 1];
			e0[0] = 0;
		}
		for (int c = 0; c < p->ncl; c++) {
			if (G->dead[c])
				continue;
			const gdl_clause *cl = &p->cl[c];
			int32_t h = p->terms[cl->head].sym;
			for (int i = 0; i < cl->nlits; i++) {
				const gdl_lit *l = &p->lits[cl->lit0 + i];
				if (G->lkind[cl->lit0 + i] != L_POS &&
				    !static_negation(G, cl->lit0 + i))
					continue;
				if (pass == 0)
					e0[h + 1]++;
				else
					edge[e0[h + 1]++] = p->terms[l->a].sym;
			}
		}
		static const int32_t from[3] = {K_TRUE, K_TRUE, K_DOES};
		static const int32_t to[3] = {K_INIT, K_NEXT, K_LEGAL};
		for (int k = 0; k < 3; k++) {
			if (pass == 0)
				e0[from[k] + 1]++;
			else
				edge[e0[from[k] + 1]++] = to[k];
		}
	}
	int nc = gdl_sccs(n, e0, edge, G->rcomp);
	if (nc >= 0) {
		G->ncomp = nc;
		rc = exact_relations(G);
	}
out:
	gl_free(e0);
	gl_free(edge);
	return rc;
}

/* The clauses with their head in component k (that can fire) joined over
 * every fact so far, as facts of a new round: the first round of k. */
static int join_component(grounder *G, int k)
{
	const gdl_prog *p = G->p;
	G->round++;
	G->chg[G->round & 1].n = 0;
	int rc = 0;
	for (int c = 0; c < p->ncl && !rc; c++) {
		if (G->dead[c] || G->rcomp[p->terms[p->cl[c].head].sym] != k)
			continue;
		use_clause(G, c);
		plan_start(G);
		if ((rc = plan_rest(G)))
			break;
		for (int j = 0; j < G->nstep; j++)
			G->plan[j].rhi = G->round - 1;
		head_step(G);
		rc = join(G, 0);
	}
	return rc;
}

/* Every fact, component by component in the order of their dependencies:
 * each one's clauses over the facts so far, then its recursion semi-
 * naively (round r joins a literal of a relation of k that got facts in
 * round r - 1, in the clauses of k), until a round adds none to k. A
 * clause's instances are found once: those of facts older than k's first
 * round in it, the others in the round after their newest fact. */
static int ground_all(grounder *G)
{
	const gdl_prog *p = G->p;
	int rc = 0;
	G->round = -1;
	for (int k = 0; k < G->ncomp && !rc; k++) {
		if ((rc = join_component(G, k)))
			break;
		for (;;) {
			const ilist *last = &G->chg[G->round & 1];
			bool more = false;
			for (int i = 0; i < last->n && !more; i++)
				more = G->rcomp[last->v[i]] == k;
			if (!more)
				break;
			G->round++;
			G->chg[G->round & 1].n = 0;
			for (int i = 0; i < last->n && !rc; i++) {
				int32_t rel = last->v[i];
				if (G->rcomp[rel] != k)
					continue;
				for (int o = G->occ0[rel]; o < G->occ0[rel + 1] && !rc; o++) {
					int c = G->lit_cl[G->occ[o]];
					if (!G->dead[c] &&
					    G->rcomp[p->terms[p->cl[c].head].sym] == k)
						rc = join_delta(G, G->occ[o]);
				}
			}
		}
	}
	return rc;
}

/* After a grounding too big: the relations holding a large share
 * (HEAVY_SHARE) of the facts, in gd->heavy (left NULL without memory). */
static void heavy_relations(gdl_game *gd, const grounder *G)
{
	int n = G->p->syms.n;
	gl_free(gd->heavy);
	gd->heavy = gl_calloc((size_t)n + 1, 1);
	for (int r = 0; gd->heavy && r < n; r++)
		gd->heavy[r] = (long)G->facts[r].n * HEAVY_SHARE >= G->nfacts;
}

/* The ground rules: each instance with its positive literals, and its
 * negative ones whose atom is a fact (the others are always true). */
static int emit_rules(grounder *G)
{
	const gdl_prog *p = G->p;
	long nl = 0;
	for (int k = 0, pos = 0; k < G->ninst; k++) {
		int c = G->inst.v[pos];
		nl += G->npos[c] + G->nneg[c];
		pos += 2 + G->npos[c] + (G->nneg[c] ? G->cv0[c + 1] - G->cv0[c] : 0);
	}
	if (nl > RLITS_MAX) {
		G->why = TOO_RULES;
		return GL_ERANGE;
	}
	G->rhead = gl_malloc(((size_t)G->ninst + 1) * sizeof *G->rhead);
	G->rlit0 = gl_malloc(((size_t)G->ninst + 1) * sizeof *G->rlit0);
	G->rlit = gl_malloc(((size_t)nl + 1) * sizeof *G->rlit);
	if (!G->rhead || !G->rlit0 || !G->rlit)
		return GL_ENOMEM;
	G->nr = G->nrl = 0;
	for (int k = 0, pos = 0; k < G->ninst; k++) {
		int c = G->inst.v[pos++];
		const gdl_clause *cl = &p->cl[c];
		G->rhead[G->nr] = G->inst.v[pos++];
		G->rlit0[G->nr] = G->nrl;
		for (int i = 0; i < G->npos[c]; i++)
			G->rlit[G->nrl++] = G->inst.v[pos++] << 1;
		if (G->nneg[c]) {
			if (G->cur != c)
				use_clause(G, c);
			for (int i = 0; i < G->cv0[c + 1] - G->cv0[c]; i++)
				G->bind[i] = G->inst.v[pos++];
		}
		for (int i = 0; G->nneg[c] && i < cl->nlits; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			if (l->kind != L_NEG)
				continue;
			int32_t a = make_ground(G, l->a, false);
			if (a < -1)
				return a;
			if (is_fact(G, a) >= 0)
				G->rlit[G->nrl++] = a << 1 | 1;
		}
		G->nr++;
	}
	G->rlit0[G->nr] = G->nrl;
	return 0;
}

static int ground_error(gl_err *err, const gdl_game *gd, int rc,
	const grounder *G)
{
	int why = G->why;
	long max_rules = G->max_rules;
	const char *name = gd->prog.name;
	if (rc == GL_ESTOP)
		return gl_fail(err, rc, "%s: loading stopped", name);
	if (rc != GL_ERANGE)
		return gl_fail(err, GL_ENOMEM, "%s: out of memory while grounding", name);
	switch (why) {
	case TOO_RULES:
		return gl_fail(err, rc, "%s: grounding too big (more than %d ground "
			"rules or %d rule literals)", name, (int)max_rules, RLITS_MAX);
	case TOO_STEPS:
		return gl_fail(err, rc, "%s: grounding too big (more than %llu join "
			"steps)", name, (unsigned long long)GDL_JOIN_MAX);
	case TOO_DEEP:
	case TOO_LARGE:
		return gl_fail(err, rc, "%s: grounding too big (a ground term %s %d%s: "
			"a recursion through a function term that never ends?)", name,
			why == TOO_DEEP ? "nested deeper than" : "with more than",
			why == TOO_DEEP ? GDL_DEPTH_MAX : TERM_SYMS_MAX,
			why == TOO_DEEP ? "" : " symbols");
	case TOO_INDEX:
		return gl_fail(err, rc, "%s: grounding too big (more than %d indexed "
			"facts)", name, IX_ENTRIES_MAX);
	case TOO_ARGS:
		return gl_fail(err, rc, "%s: grounding too big (a term with more "
			"than %d arguments or a rule with more than %d variables)",
			name, ARGS_MAX, GDL_VARS_MAX);
	default:
		return gl_fail(err, rc, "%s: grounding too big (more than %d ground "
			"atoms%s)", name, G->max_atoms, G->layout ? " in the layout" : "");
	}
}

/* --- Ordering the ground program -------------------------------------------- */

typedef struct tarjan_frame {
	int32_t v;   /* atom */
	int32_t ei;  /* next edge */
} tarjan_frame;

static int build_program(gdl_game *gd, grounder *G, gl_err *err);

int gdl_ground(gdl_game *gd, gdl_ground_mode mode, long max_rules,
	bool *too_many, gl_err *err)
{
	gdl_prog *p = &gd->prog;
	grounder G = {.p = p, .gt = &gd->gt, .gd = gd, .cur = -1,
		.domain = mode != GDL_GROUND_RULES, .layout = mode >= GDL_GROUND_LAYOUT,
		.max_atoms = mode >= GDL_GROUND_LAYOUT ? LAYOUT_ATOMS_MAX : GDL_ATOMS_MAX,
		.relax = mode == GDL_GROUND_RELAXED,
		.max_rules = max_rules > 0 && max_rules < GDL_RULES_MAX ? max_rules :
			GDL_RULES_MAX};
	*too_many = false;
	int rc = 0;
	int nsyms = p->syms.n;
	G.facts = gl_calloc((size_t)nsyms + 1, sizeof *G.facts);
	G.varslot = gl_malloc(((size_t)nsyms + 1) * sizeof *G.varslot);
	G.cid = gl_malloc(((size_t)nsyms + 1) * sizeof *G.cid);
	G.chg_round = gl_malloc(((size_t)nsyms + 1) * sizeof *G.chg_round);
	if (!G.facts || !G.varslot || !G.cid || !G.chg_round) {
		rc = GL_ENOMEM;
		goto fail;
	}
	for (int s = 0; s < nsyms; s++)
		G.varslot[s] = G.cid[s] = G.chg_round[s] = -1;
	/* terms already in the table (an earlier attempt's), each after its
	 * arguments */
	for (int32_t id = 0; id < G.gt->n && !rc; id++)
		rc = measure(&G, id) == GL_ENOMEM ? GL_ENOMEM : 0;
	if (rc)
		goto fail;
	if ((rc = setup_clauses(&G)) || (rc = prune(&G)) ||
	    (G.layout && (rc = layout_only(&G))) ||
	    (rc = components(&G)) || (rc = ground_all(&G)) ||
	    (G.layout && (rc = layout_goals(&G))) || (rc = emit_rules(&G)))
		goto fail;
	rc = build_program(gd, &G, err);
	gd->layout = rc == 0 && G.layout;
	if (gd->layout) {
		gl_free(gd->laid);
		gd->laid = G.laid;
		gd->nlaid = G.nlaid;
		G.laid = NULL;
	}
	goto done;
fail:
	*too_many = rc == GL_ERANGE && (G.why == TOO_RULES || G.why == TOO_STEPS);
	if (rc == GL_ERANGE && (G.why == TOO_ATOMS || G.why == TOO_INDEX))
		heavy_relations(gd, &G);
	rc = ground_error(err, gd, rc, &G);
done:
	for (int s = 0; G.facts && s < nsyms; s++)
		gl_free(G.facts[s].v);
	gl_free(G.facts);
	for (int b = 0; b < G.nbk; b++)
		gl_free(G.bk[b].id);
	gl_free(G.bk);
	gl_free(G.bslot);
	gl_free(G.pat);
	gl_free(G.pslot);
	gl_free(G.sig.v);
	gl_free(G.keys.v);
	gl_free(G.tmp.v);
	gl_free(G.leaves.v);
	gl_free(G.lp);
	gl_free(G.memo);
	gl_free(G.mgen);
	gl_free(G.mkeys.v);
	gl_free(G.chg[0].v);
	gl_free(G.chg[1].v);
	gl_free(G.chg_round);
	gl_free(G.fact_round);
	gl_free(G.tdepth);
	gl_free(G.tsyms);
	gl_free(G.cid);
	gl_free(G.cv0);
	gl_free(G.cvar);
	gl_free(G.lmask);
	gl_free(G.lkind);
	gl_free(G.hmask);
	gl_free(G.lit_cl);
	gl_free(G.npos);
	gl_free(G.nneg);
	gl_free(G.occ0);
	gl_free(G.occ);
	gl_free(G.dead);
	gl_free(G.rcomp);
	gl_free(G.dyn);
	gl_free(G.exact);
	gl_free(G.varslot);
	gl_free(G.inst.v);
	gl_free(G.rhead);
	gl_free(G.rlit0);
	gl_free(G.rlit);
	gl_free(G.laid);
	return rc;
}

/* Merge sort of ids by the strings text[id] (stable). */
static void sort_by_text(int32_t *id, int32_t *tmp, int n, char **text)
{
	for (int w = 1; w < n; w *= 2) {
		for (int lo = 0; lo < n; lo += 2 * w) {
			int mid = lo + w < n ? lo + w : n;
			int hi = lo + 2 * w < n ? lo + 2 * w : n;
			int a = lo, b = mid, k = lo;
			while (a < mid || b < hi)
				tmp[k++] = (b >= hi || (a < mid && strcmp(text[id[a]],
					text[id[b]]) <= 0)) ? id[a++] : id[b++];
		}
		memcpy(id, tmp, (size_t)n * sizeof *id);
	}
}

/* Stratification on the ground program (Love et al. 2008, section 4;
 * the check of the relations in check.c may have left it open): no
 * recursive group may hold a rule with a negative literal on an atom of
 * the same group. comp is scratch of natoms. Returns 0, or GL_EPARSE with
 * the message naming the rule's head and the atom it negates. */
static int ground_strata(gdl_game *gd, const int32_t *order,
	const int32_t *scc, int32_t *comp, gl_err *err)
{
	int na = gd->natoms;
	for (int i = 0; i < na;) {
		int len = scc[i] > 0 ? scc[i] : 1;
		for (int j = i; j < i + len; j++)
			comp[order[j]] = scc[i] > 0 ? i : -1;
		i += len;
	}
	for (int a = 0; a < na; a++) {
		if (comp[a] < 0)
			continue;
		for (int q = gd->rule_lit[gd->atom_rule[a]];
		     q < gd->rule_lit[gd->atom_rule[a + 1]]; q++) {
			int32_t l = gd->lit[q];
			if (!(l & 1) || comp[l >> 1] != comp[a])
				continue;
			char head[200], neg[200];
			gdl_gterm_text(gd, gd->atom_term[a], head, sizeof head);
			gdl_gterm_text(gd, gd->atom_term[l >> 1], neg, sizeof neg);
			return gl_fail(err, GL_EPARSE, "%s: not stratified on the ground "
				"program: %s depends on (not %s), which depends on %s",
				gd->prog.name, head, neg, head);
		}
	}
	return 0;
}

/* Atoms (the facts of the domain, numbered in term order into atom_of)
 * and the ground rules grouped by head atom (a counting sort). */
static int index_rules(gdl_game *gd, const grounder *G, int32_t *atom_of)
{
	const gdl_gterms *gt = &gd->gt;
	int na = 0;
	for (int i = 0; i < gt->n; i++)
		atom_of[i] = is_fact(G, i) >= 0 ? na++ : -1;
	gd->natoms = na;
	gd->atom_term = gl_malloc(((size_t)na + 1) * sizeof *gd->atom_term);
	gd->atom_rule = gl_calloc((size_t)na + 2, sizeof *gd->atom_rule);
	gd->rule_lit = gl_malloc(((size_t)G->nr + 1) * sizeof *gd->rule_lit);
	gd->lit = gl_malloc(((size_t)G->nrl + 1) * sizeof *gd->lit);
	gd->static_val = gl_calloc((size_t)na + 1, 1);
	int32_t *fill = gl_malloc(((size_t)na + 1) * sizeof *fill);
	int32_t *where = gl_malloc(((size_t)G->nr + 1) * sizeof *where);
	if (!gd->atom_term || !gd->atom_rule || !gd->rule_lit || !gd->lit ||
	    !gd->static_val || !fill || !where) {
		gl_free(fill);
		gl_free(where);
		return GL_ENOMEM;
	}
	for (int i = 0; i < gt->n; i++)
		if (atom_of[i] >= 0)
			gd->atom_term[atom_of[i]] = i;
	for (int r = 0; r < G->nr; r++)
		gd->atom_rule[atom_of[G->rhead[r]] + 1]++;
	for (int a = 0; a < na; a++)
		gd->atom_rule[a + 1] += gd->atom_rule[a];
	memcpy(fill, gd->atom_rule, (size_t)na * sizeof *fill);
	for (int r = 0; r < G->nr; r++)
		where[fill[atom_of[G->rhead[r]]]++] = r;
	gd->nrules = G->nr;
	gd->nlit = 0;
	for (int k = 0; k < G->nr; k++) {
		int r = where[k];
		gd->rule_lit[k] = gd->nlit;
		for (int i = G->rlit0[r]; i < G->rlit0[r + 1]; i++)
			gd->lit[gd->nlit++] = atom_of[G->rlit[i] >> 1] << 1 | (G->rlit[i] & 1);
	}
	gd->rule_lit[G->nr] = gd->nlit;
	gl_free(fill);
	gl_free(where);
	return 0;
}

/* The strongly connected components of the head -> body atom graph
 * (Tarjan's algorithm without recursion), in evaluation order: order[]
 * lists the atoms, each component after those it depends on; scc[i] is
 * the length of the recursive group starting at i, -1 for a plain atom,
 * 0 inside a group. mark and low are scratch of natoms + 1. */
static int order_atoms(const gdl_game *gd, int32_t *order, int32_t *scc,
	int32_t *mark, int32_t *low)
{
	int na = gd->natoms;
	int32_t *stk = gl_malloc(((size_t)na + 1) * sizeof *stk);
	tarjan_frame *fr = gl_malloc(((size_t)na + 1) * sizeof *fr);
	bool *onstk = gl_calloc((size_t)na + 1, sizeof *onstk);
	if (!stk || !fr || !onstk) {
		gl_free(stk);
		gl_free(fr);
		gl_free(onstk);
		return GL_ENOMEM;
	}
	for (int a = 0; a < na; a++)
		mark[a] = -1;
	int idx = 0, sp = 0, no = 0;
	for (int root = 0; root < na; root++) {
		if (mark[root] >= 0)
			continue;
		int fp = 0;
		fr[fp].v = root;
		fr[fp].ei = gd->rule_lit[gd->atom_rule[root]];
		mark[root] = low[root] = idx++;
		stk[sp++] = root;
		onstk[root] = true;
		while (fp >= 0) {
			int v = fr[fp].v;
			int end = gd->rule_lit[gd->atom_rule[v + 1]];
			if (fr[fp].ei < end) {
				int w = gd->lit[fr[fp].ei++] >> 1;
				if (mark[w] < 0) {
					mark[w] = low[w] = idx++;
					stk[sp++] = w;
					onstk[w] = true;
					fp++;
					fr[fp].v = w;
					fr[fp].ei = gd->rule_lit[gd->atom_rule[w]];
				} else if (onstk[w] && mark[w] < low[v]) {
					low[v] = mark[w];
				}
				continue;
			}
			if (low[v] == mark[v]) {
				int start = no, w;
				do {
					w = stk[--sp];
					onstk[w] = false;
					order[no++] = w;
				} while (w != v);
				bool rec = no - start > 1;
				for (int i = gd->rule_lit[gd->atom_rule[v]];
				     !rec && i < gd->rule_lit[gd->atom_rule[v + 1]]; i++)
					rec = (gd->lit[i] >> 1) == v;
				for (int i = start; i < no; i++)
					scc[i] = i == start ? (rec ? no - start : -1) : 0;
			}
			fp--;
			if (fp >= 0 && low[v] < low[fr[fp].v])
				low[fr[fp].v] = low[v];
		}
	}
	gl_free(stk);
	gl_free(fr);
	gl_free(onstk);
	return 0;
}

/* The evaluation lists: the atoms needed for legal, goal, terminal or
 * next, those that depend on true only (phase 1), then those that depend
 * on does (phase 2), in the order of order_atoms. Groups share their
 * flags. */
static int phase_nodes(gdl_game *gd, const int32_t *order, const int32_t *scc)
{
	const gdl_gterms *gt = &gd->gt;
	int na = gd->natoms;
	/* 1 depends on true, 2 on does; 4 needed */
	uint8_t *flag = gl_calloc((size_t)na + 1, 1);
	gd->node_atom = gl_malloc(((size_t)na + 1) * sizeof *gd->node_atom);
	gd->node_scc = gl_malloc(((size_t)na + 1) * sizeof *gd->node_scc);
	if (!flag || !gd->node_atom || !gd->node_scc) {
		gl_free(flag);
		return GL_ENOMEM;
	}
	for (int a = 0; a < na; a++) {
		int32_t fn = gt->fn[gd->atom_term[a]];
		flag[a] = fn == K_TRUE ? 1 : fn == K_DOES ? 2 : 0;
	}
	for (int i = 0; i < na;) {
		int len = scc[i] > 0 ? scc[i] : 1;
		for (int pass = 0; pass < 2; pass++)
			for (int j = i; j < i + len; j++) {
				int a = order[j];
				for (int q = gd->rule_lit[gd->atom_rule[a]];
				     q < gd->rule_lit[gd->atom_rule[a + 1]]; q++)
					flag[a] |= flag[gd->lit[q] >> 1] & 3;
			}
		uint8_t f = 0;
		for (int j = i; j < i + len; j++)
			f |= flag[order[j]];
		for (int j = i; j < i + len; j++)
			flag[order[j]] |= f;
		i += len;
	}
	for (int a = 0; a < na; a++) {
		int32_t fn = gt->fn[gd->atom_term[a]];
		if (fn == K_LEGAL || fn == K_GOAL || fn == K_TERMINAL || fn == K_NEXT)
			flag[a] |= 4;
	}
	for (int i = na - 1; i >= 0; i--) {
		int a = order[i];
		if (!(flag[a] & 4))
			continue;
		for (int q = gd->rule_lit[gd->atom_rule[a]];
		     q < gd->rule_lit[gd->atom_rule[a + 1]]; q++)
			flag[gd->lit[q] >> 1] |= 4;
	}
	gd->nnodes = 0;
	for (int phase = 1; phase <= 2; phase++) {
		for (int i = 0; i < na;) {
			int len = scc[i] > 0 ? scc[i] : 1;
			int a = order[i];
			int32_t fn = gt->fn[gd->atom_term[a]];
			bool input = fn == K_TRUE || fn == K_DOES;
			bool take = (flag[a] & 4) && !input && (phase == 1 ?
				(flag[a] & 3) == 1 : (flag[a] & 2));
			for (int j = i; take && j < i + len; j++) {
				gd->node_atom[gd->nnodes] = order[j];
				gd->node_scc[gd->nnodes++] = scc[j];
			}
			i += len;
		}
		if (phase == 1)
			gd->phase1 = gd->nnodes;
	}
	gd->phase2 = gd->nnodes;
	gl_free(flag);
	return 0;
}

/* The roles, in the order of the role facts; and the rules a game needs
 * (legal, goal, terminal). */
static int find_roles(gdl_game *gd, gl_err *err)
{
	const gdl_prog *p = &gd->prog;
	gd->nroles = 0;
	for (int s = 0; s < p->nsent; s++) {
		const gdl_term *x = &p->terms[p->sent[s]];
		if (x->kind != T_FN || x->sym != K_ROLE || x->nargs != 1)
			continue;
		const gdl_term *r = &p->terms[gdl_term_arg(p, p->sent[s], 0)];
		bool dup = false;
		for (int k = 0; k < gd->nroles; k++)
			dup |= gd->role_sym[k] == r->sym;
		if (dup)
			return gl_fail(err, GL_EPARSE, "%s:%d:%d: role '%s' is declared "
				"twice", p->name, r->line, r->col, p->syms.name[r->sym]);
		if (r->kind != T_SYM || gd->nroles >= GDL_ROLES_MAX)
			return gl_fail(err, GL_ERANGE, "%s:%d:%d: %s", p->name, r->line,
				r->col, r->kind != T_SYM ? "a role must be a constant" :
				"more than 8 roles");
		gd->role_sym[gd->nroles++] = r->sym;
	}
	if (gd->nroles == 0)
		return gl_fail(err, GL_EPARSE, "%s: no (role ...) facts", p->name);
	static const int32_t needed[] = {K_LEGAL, K_GOAL, K_TERMINAL};
	for (int k = 0; k < 3; k++) {
		bool found = false;
		for (int c = 0; c < p->ncl && !found; c++)
			found = p->terms[p->cl[c].head].sym == needed[k];
		if (!found)
			return gl_fail(err, GL_EPARSE, "%s: no '%s' rule or fact", p->name,
				p->syms.name[needed[k]]);
	}
	return 0;
}

/* The base propositions (state bits: the true(X) atoms in atom order),
 * their next(X) atoms and the initial state. */
static int base_props(gdl_game *gd, const int32_t *atom_of)
{
	gdl_gterms *gt = &gd->gt;
	int na = gd->natoms;
	gd->nbase = 0;
	for (int a = 0; a < na; a++)
		gd->nbase += gt->fn[gd->atom_term[a]] == K_TRUE;
	gd->words = (gd->nbase + 63) / 64;
	if (gd->words == 0)
		gd->words = 1;
	gd->base_atom = gl_malloc(((size_t)gd->nbase + 1) * sizeof *gd->base_atom);
	gd->base_next = gl_malloc(((size_t)gd->nbase + 1) * sizeof *gd->base_next);
	gl_free(gd->init);
	gd->init = gl_calloc((size_t)gd->words, sizeof *gd->init);
	if (!gd->base_atom || !gd->base_next || !gd->init)
		return GL_ENOMEM;
	for (int a = 0, i = 0; a < na; a++) {
		int32_t t = gd->atom_term[a];
		if (gt->fn[t] != K_TRUE)
			continue;
		const int32_t *x = gt->argv + gt->args[t];
		int32_t nx = gt_get(gt, K_NEXT, 1, x, false);
		int32_t in = gt_get(gt, K_INIT, 1, x, false);
		gd->base_atom[i] = a;
		gd->base_next[i] = nx >= 0 ? atom_of[nx] : -1;
		if (in >= 0 && atom_of[in] >= 0 && gd->static_val[atom_of[in]])
			gd->init[i / 64] |= 1ull << (i % 64);
		i++;
	}
	return 0;
}

/* The moves: the distinct move terms of does(R, M), sorted by text, and
 * each role's does and legal atoms of each. */
static int move_terms(gdl_game *gd, const int32_t *atom_of)
{
	gdl_gterms *gt = &gd->gt;
	int na = gd->natoms, nm = 0;
	int32_t *tmp = gl_malloc(((size_t)na + 1) * sizeof *tmp);
	uint8_t *seen = gl_calloc((size_t)gt->n + 1, 1);
	if (!tmp || !seen) {
		gl_free(tmp);
		gl_free(seen);
		return GL_ENOMEM;
	}
	for (int a = 0; a < na; a++) {
		int32_t t = gd->atom_term[a];
		if (gt->fn[t] != K_DOES)
			continue;
		int32_t m = gt->argv[gt->args[t] + 1];
		if (!seen[m])
			tmp[nm++] = m;
		seen[m] = 1;
	}
	gl_free(seen);
	gd->nmoves = nm;
	gd->move_term = gl_malloc(((size_t)nm + 1) * sizeof *gd->move_term);
	gd->move_text = gl_calloc((size_t)nm + 1, sizeof *gd->move_text);
	char **text = gl_calloc((size_t)nm + 1, sizeof *text);
	int32_t *ids = gl_malloc(((size_t)nm + 1) * 2 * sizeof *ids);
	bool oom = !gd->move_term || !gd->move_text || !text || !ids;
	for (int k = 0; !oom && k < nm; k++) {
		char buf[1024];
		gdl_gterm_text(gd, tmp[k], buf, sizeof buf);
		text[k] = gl_strdup(buf);
		oom |= !text[k];
		ids[k] = k;
	}
	if (!oom) {
		sort_by_text(ids, ids + nm, nm, text);
		for (int k = 0; k < nm; k++) {
			gd->move_term[k] = tmp[ids[k]];
			gd->move_text[k] = text[ids[k]];
			text[ids[k]] = NULL;
		}
	}
	for (int k = 0; text && k < nm; k++)
		gl_free(text[k]);
	gl_free(text);
	gl_free(ids);
	gl_free(tmp);
	if (oom)
		return GL_ENOMEM;
	size_t rm = (size_t)gd->nroles * (size_t)nm + 1;
	gd->does_atom = gl_malloc(rm * sizeof *gd->does_atom);
	gd->legal_atom = gl_malloc(rm * sizeof *gd->legal_atom);
	if (!gd->does_atom || !gd->legal_atom)
		return GL_ENOMEM;
	for (int r = 0; r < gd->nroles; r++) {
		int32_t rt = gt_get(gt, gd->role_sym[r], 0, NULL, false);
		gd->role_nmoves[r] = 0;
		for (int k = 0; k < nm; k++) {
			int32_t args[2] = {rt, gd->move_term[k]};
			int32_t d = rt >= 0 ? gt_get(gt, K_DOES, 2, args, false) : -1;
			int32_t l = rt >= 0 ? gt_get(gt, K_LEGAL, 2, args, false) : -1;
			d = d >= 0 ? atom_of[d] : -1;
			l = l >= 0 ? atom_of[l] : -1;
			gd->does_atom[r * nm + k] = d;
			gd->legal_atom[r * nm + k] = l;
			gd->role_nmoves[r] += d >= 0;
		}
	}
	return 0;
}

/* The goal(R, V) atoms of the roles, each value an integer 0..100; and
 * the terminal atom. */
static int goal_atoms(gdl_game *gd, const int32_t *atom_of, gl_err *err)
{
	gdl_gterms *gt = &gd->gt;
	const gdl_prog *p = &gd->prog;
	int na = gd->natoms;
	gd->goal_atom = gl_malloc(((size_t)na + 1) * sizeof *gd->goal_atom);
	gd->goal_role = gl_malloc(((size_t)na + 1) * sizeof *gd->goal_role);
	gd->goal_value = gl_malloc(((size_t)na + 1) * sizeof *gd->goal_value);
	if (!gd->goal_atom || !gd->goal_role || !gd->goal_value)
		return gl_fail(err, GL_ENOMEM, "%s: out of memory while compiling",
			p->name);
	gd->ngoal = 0;
	for (int a = 0; a < na; a++) {
		int32_t t = gd->atom_term[a];
		if (gt->fn[t] != K_GOAL || gt->nargs[t] != 2)
			continue;
		int32_t r = gt->argv[gt->args[t]], v = gt->argv[gt->args[t] + 1];
		if (gt->nargs[r] || gt->nargs[v])
			continue;
		const char *vs = p->syms.name[gt->fn[v]];
		char *end;
		long val = strtol(vs, &end, 10);
		if (*end || end == vs || val < 0 || val > 100)
			return gl_fail(err, GL_EPARSE, "%s: goal value '%s' of role '%s' "
				"is not an integer 0..100", p->name, vs,
				p->syms.name[gt->fn[r]]);
		for (int k = 0; k < gd->nroles; k++)
			if (gd->role_sym[k] == gt->fn[r]) {
				gd->goal_atom[gd->ngoal] = a;
				gd->goal_role[gd->ngoal] = k;
				gd->goal_value[gd->ngoal++] = (int32_t)val;
			}
	}
	int32_t term = gt_get(gt, K_TERMINAL, 0, NULL, false);
	gd->terminal_atom = term >= 0 ? atom_of[term] : -1;
	return 0;
}

/* The propositional program from the grounder's rules: atoms, rules by
 * head, the evaluation order (checked stratified on the ground program),
 * the static values, the two phases, roles, state bits, moves, goals. */
static int build_program(gdl_game *gd, grounder *G, gl_err *err)
{
	const char *name = gd->prog.name;
	size_t n = (size_t)gd->gt.n + 1;
	int32_t *atom_of = gl_malloc(n * sizeof *atom_of);
	int32_t *order = NULL, *scc = NULL, *mark = NULL, *low = NULL;
	int rc = atom_of ? index_rules(gd, G, atom_of) : GL_ENOMEM;
	if (rc == 0) {
		size_t na = (size_t)gd->natoms + 1;
		order = gl_malloc(na * sizeof *order);
		scc = gl_malloc(na * sizeof *scc);
		mark = gl_malloc(na * sizeof *mark);
		low = gl_malloc(na * sizeof *low);
		rc = order && scc && mark && low ? order_atoms(gd, order, scc, mark, low) :
			GL_ENOMEM;
	}
	if (rc == GL_ENOMEM)
		goto oom;
	if ((rc = ground_strata(gd, order, scc, low, err)))
		goto out;
	/* static values: everything evaluated with no true and no does */
	gdl_run(gd, gd->static_val, order, scc, 0, gd->natoms);
	if ((rc = phase_nodes(gd, order, scc)))
		goto oom;
	if ((rc = find_roles(gd, err)))
		goto out;
	if ((rc = base_props(gd, atom_of)) || (rc = move_terms(gd, atom_of)))
		goto oom;
	rc = goal_atoms(gd, atom_of, err);
	goto out;
oom:
	rc = gl_fail(err, GL_ENOMEM, "%s: out of memory while compiling", name);
out:
	gl_free(atom_of);
	gl_free(order);
	gl_free(scc);
	gl_free(mark);
	gl_free(low);
	return rc;
}

/* --- The plain evaluation of the ground program ---------------------------- */

/* Love et al. 2008, section 5: every atom computed stratum by stratum in
 * dependency order, recursive groups to their least fixpoint. The
 * grounder uses it once for the static atoms (those that depend on neither
 * true nor does); the tests use it as the reference the incremental
 * network (net.c) must agree with. */
static inline bool rule_true(const gdl_game *gd, const uint8_t *val, int r)
{
	for (int i = gd->rule_lit[r]; i < gd->rule_lit[r + 1]; i++) {
		int32_t l = gd->lit[i];
		if (!(val[l >> 1] ^ (l & 1)))
			return false;
	}
	return true;
}

static inline uint8_t atom_eval(const gdl_game *gd, const uint8_t *val, int a)
{
	for (int r = gd->atom_rule[a]; r < gd->atom_rule[a + 1]; r++)
		if (rule_true(gd, val, r))
			return 1;
	return 0;
}

void gdl_run(const gdl_game *gd, uint8_t *val, const int32_t *node_atom,
	const int32_t *node_scc, int from, int to)
{
	for (int i = from; i < to;) {
		int k = node_scc[i];
		if (k <= 0) {
			val[node_atom[i]] = atom_eval(gd, val, node_atom[i]);
			i++;
			continue;
		}
		for (int j = 0; j < k; j++)
			val[node_atom[i + j]] = 0;
		for (bool changed = true; changed;) {
			changed = false;
			for (int j = 0; j < k; j++) {
				int a = node_atom[i + j];
				if (!val[a] && atom_eval(gd, val, a)) {
					val[a] = 1;
					changed = true;
				}
			}
		}
		i += k;
	}
}

void gdl_ref_eval(const gdl_game *gd, uint8_t *val, const uint64_t *state,
	const int *joint)
{
	memcpy(val, gd->static_val, (size_t)gd->natoms + 1);
	for (int i = 0; i < gd->nbase; i++)
		val[gd->base_atom[i]] = state[i / 64] >> (i % 64) & 1;
	gdl_run(gd, val, gd->node_atom, gd->node_scc, 0, gd->phase1);
	if (!joint)
		return;
	for (int r = 0; r < gd->nroles; r++) {
		const int32_t *da = gd->does_atom + (size_t)r * gd->nmoves;
		for (int m = 0; m < gd->nmoves; m++)
			if (da[m] >= 0)
				val[da[m]] = m == joint[r];
	}
	gdl_run(gd, val, gd->node_atom, gd->node_scc, gd->phase1, gd->phase2);
}
