/*
 * ground.c - compiling GDL rules into a propositional program (Love et
 * al. 2008, section 5: the semantics is the model of the stratified
 * logic program). First the reachable domain: a semi-naive bottom-up
 * fixpoint over the rules' positive structure (negation ignored, so it
 * over-approximates), with true(X) derived from init(X) and next(X), and
 * does(R,M) from legal(R,M). Then every clause is instantiated over that
 * domain into ground rules, whose atom dependency graph is split into
 * strongly connected components and ordered for evaluation.
 */
#include "gdl/internal.h"

#include <stdio.h>
#include <stdlib.h>

static uint32_t hash_gt(int32_t fn, int32_t nargs, const int32_t *args)
{
	uint64_t h = (uint64_t)(uint32_t)fn * 0x9E3779B97F4A7C15ull ^ (uint64_t)nargs;
	for (int i = 0; i < nargs; i++)
		h = (h ^ (uint32_t)args[i]) * 0xff51afd7ed558ccdull;
	return (uint32_t)(gl_mix64(h) >> 32);
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
		int32_t *slot = gl_calloc((size_t)ns, sizeof *slot);
		if (!slot)
			return GL_ENOMEM;
		for (int i = 0; i < gt->n; i++) {
			uint32_t h = hash_gt(gt->fn[i], gt->nargs[i], gt->argv + gt->args[i]);
			int k = (int)(h & (uint32_t)(ns - 1));
			while (slot[k])
				k = (k + 1) & (ns - 1);
			slot[k] = i + 1;
		}
		gl_free(gt->slot);
		gt->slot = slot;
		gt->nslot = ns;
	}
	return 0;
}

/* The id of ground term fn(args), made if absent and make; -1 if absent,
 * GL_ENOMEM (< -1) when out of memory. */
static int32_t gt_get(gdl_gterms *gt, int32_t fn, int32_t nargs,
	const int32_t *args, bool make)
{
	if (gt->nslot) {
		uint32_t h = hash_gt(fn, nargs, args);
		int k = (int)(h & (uint32_t)(gt->nslot - 1));
		while (gt->slot[k]) {
			int32_t id = gt->slot[k] - 1;
			if (gt->fn[id] == fn && gt->nargs[id] == nargs &&
			    (nargs == 0 || !memcmp(gt->argv + gt->args[id], args,
						   (size_t)nargs * sizeof *args)))
				return id;
			k = (k + 1) & (gt->nslot - 1);
		}
	}
	if (!make)
		return -1;
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
	gt->slot[k] = id + 1;
	return id;
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

typedef struct factlist {
	int32_t *id;    /* ground atom ids, in order of derivation */
	int32_t *round; /* the round each was derived in (non-decreasing) */
	int n, cap;
} factlist;

enum { MODE_DOMAIN, MODE_RULES };

typedef struct grounder {
	gdl_game *gd;
	gdl_prog *p;
	gdl_gterms *gt;
	factlist *facts;   /* [nsyms] per relation */
	/* index: (relation, path of a subterm, its value) -> facts */
	struct ixent {
		int32_t rel, path, val;
		factlist *list; /* allocated alone: its address is stable */
	} *ix;
	int nix, capix;    /* entries and room (a power of two) */
	factlist empty;    /* what an absent index entry matches */
	int32_t *fact_round; /* [gt cap] round a ground term became a fact, -1 */
	int nfr;
	int32_t *varslot;  /* [nsyms] slot of a variable in the current clause */
	int32_t *ord;      /* literal order of every clause */
	int32_t *ord0;     /* [ncl] first in ord */
	/* current join */
	const gdl_clause *cl;
	int mode;
	int round;
	int32_t bind[GDL_VARS_MAX];
	int32_t trail[GDL_VARS_MAX];
	int ntrail;
	bool added;
	uint64_t steps;    /* join steps so far (bounded by GDL_JOIN_MAX) */
	/* emitted ground rules (MODE_RULES) */
	int32_t *rhead;    /* [nr] head ground term */
	int32_t *rlit0;    /* [nr + 1] */
	int nr, capr;
	int32_t *rlit;     /* ground term << 1 | negated */
	int nrl, caprl;
	int32_t cur[GDL_LITS_MAX];
	int ncur;
	int err;
} grounder;

static int list_add(factlist *f, int32_t id, int32_t round)
{
	if (f->n == f->cap) {
		int nc = f->cap ? f->cap * 2 : 8;
		int32_t *a = gl_realloc(f->id, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		f->id = a;
		if (!(a = gl_realloc(f->round, (size_t)nc * sizeof *a)))
			return GL_ENOMEM;
		f->round = a;
		f->cap = nc;
	}
	f->id[f->n] = id;
	f->round[f->n] = round;
	f->n++;
	return 0;
}

static uint32_t ix_hash(int32_t rel, int32_t path, int32_t val)
{
	return (uint32_t)(gl_mix64(((uint64_t)(uint32_t)rel << 40) ^
		((uint64_t)(uint32_t)path << 20) ^ (uint64_t)(uint32_t)val) >> 20);
}

/* The index entry for (rel, path, val), made if make; NULL if absent or
 * out of memory (*oom set). */
static struct ixent *ix_get(grounder *G, int32_t rel, int32_t path, int32_t val,
	bool make, bool *oom)
{
	if (make && G->nix * 2 >= G->capix) {
		int nc = G->capix ? G->capix * 2 : 4096;
		struct ixent *t = gl_calloc((size_t)nc, sizeof *t);
		if (!t) {
			*oom = true;
			return NULL;
		}
		for (int i = 0; i < G->capix; i++) {
			struct ixent *e = &G->ix[i];
			if (!e->list)
				continue;
			uint32_t k = ix_hash(e->rel, e->path, e->val) & (uint32_t)(nc - 1);
			while (t[k].list)
				k = (k + 1) & (uint32_t)(nc - 1);
			t[k] = *e;
		}
		gl_free(G->ix);
		G->ix = t;
		G->capix = nc;
	}
	if (!G->capix)
		return NULL;
	uint32_t k = ix_hash(rel, path, val) & (uint32_t)(G->capix - 1);
	while (G->ix[k].list) {
		struct ixent *e = &G->ix[k];
		if (e->rel == rel && e->path == path && e->val == val)
			return e;
		k = (k + 1) & (uint32_t)(G->capix - 1);
	}
	if (!make)
		return NULL;
	struct ixent *e = &G->ix[k];
	e->rel = rel;
	e->path = path;
	e->val = val;
	e->list = gl_calloc(1, sizeof *e->list);
	if (!e->list) {
		*oom = true;
		return NULL;
	}
	G->nix++;
	return e;
}

enum { IX_DEPTH = 6 };

/* Index fact id (relation rel) under every subterm at depth <= IX_DEPTH:
 * path = its argument indices + 1, four bits each. */
static int ix_add(grounder *G, int32_t rel, int32_t t, int32_t path, int depth,
	int32_t id, int32_t round)
{
	const gdl_gterms *gt = G->gt;
	if (depth > 0) {
		bool oom = false;
		struct ixent *e = ix_get(G, rel, path, t, true, &oom);
		if (!e || list_add(e->list, id, round))
			return GL_ENOMEM;
	}
	if (depth >= IX_DEPTH)
		return 0;
	for (int i = 0; i < gt->nargs[t] && i < 15; i++) {
		int rc = ix_add(G, rel, gt->argv[gt->args[t] + i],
			path | (i + 1) << (4 * depth), depth + 1, id, round);
		if (rc)
			return rc;
	}
	return 0;
}

static int is_fact(const grounder *G, int32_t id)
{
	return id >= 0 && id < G->nfr ? G->fact_round[id] : -1;
}

static int add_fact(grounder *G, int32_t id, int round);

/* Derived facts that make others: init/next give true, legal gives does. */
static int add_fact(grounder *G, int32_t id, int round)
{
	if (is_fact(G, id) >= 0)
		return 0;
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
	G->fact_round[id] = round;
	if (list_add(&G->facts[G->gt->fn[id]], id, round) ||
	    ix_add(G, G->gt->fn[id], id, 0, 0, id, round))
		return GL_ENOMEM;
	G->added = true;
	const gdl_gterms *gt = G->gt;
	int32_t fn = gt->fn[id];
	/* copies: making terms may move gt->argv */
	int32_t args[2] = {gt->nargs[id] > 0 ? gt->argv[gt->args[id]] : -1,
		gt->nargs[id] > 1 ? gt->argv[gt->args[id] + 1] : -1};
	if ((fn == K_INIT || fn == K_NEXT) && gt->nargs[id] == 1) {
		int32_t t = gt_get(G->gt, K_TRUE, 1, args, true);
		return t < 0 ? t : add_fact(G, t, round);
	}
	if (fn == K_LEGAL && gt->nargs[id] == 2) {
		int32_t t = gt_get(G->gt, K_DOES, 2, args, true);
		return t < 0 ? t : add_fact(G, t, round);
	}
	return 0;
}

/* Ground term t under the current bindings (all its variables bound). */
static int32_t make_ground(grounder *G, int32_t t, bool make, int depth)
{
	const gdl_term *x = &G->p->terms[t];
	if (x->kind == T_VAR)
		return G->bind[G->varslot[x->sym]];
	if (x->kind == T_SYM)
		return gt_get(G->gt, x->sym, 0, NULL, make);
	int32_t args[256];
	if (x->nargs > 256 || depth > GDL_DEPTH_MAX)
		return GL_ERANGE;
	for (int i = 0; i < x->nargs; i++) {
		args[i] = make_ground(G, gdl_term_arg(G->p, t, i), make, depth + 1);
		if (args[i] < 0)
			return args[i];
	}
	return gt_get(G->gt, x->sym, x->nargs, args, make);
}

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

static bool all_bound(const grounder *G, int32_t t)
{
	const gdl_term *x = &G->p->terms[t];
	if (x->kind == T_VAR)
		return G->bind[G->varslot[x->sym]] >= 0;
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++)
		if (!all_bound(G, gdl_term_arg(G->p, t, i)))
			return false;
	return true;
}

/* First index of f with round >= r (rounds are non-decreasing). */
static int lower(const factlist *f, int r)
{
	int lo = 0, hi = f->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (f->round[mid] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int emit(grounder *G)
{
	if (G->nr + 1 >= G->capr) {
		int nc = G->capr ? G->capr * 2 : 1024;
		if (nc > GDL_RULES_MAX)
			return GL_ERANGE;
		int32_t *a = gl_realloc(G->rhead, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		G->rhead = a;
		if (!(a = gl_realloc(G->rlit0, (size_t)(nc + 1) * sizeof *a)))
			return GL_ENOMEM;
		G->rlit0 = a;
		G->capr = nc;
	}
	while (G->nrl + G->ncur > G->caprl) {
		int nc = G->caprl ? G->caprl * 2 : 4096;
		if (nc > GDL_RULES_MAX * 4)
			return GL_ERANGE;
		int32_t *a = gl_realloc(G->rlit, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		G->rlit = a;
		G->caprl = nc;
	}
	int32_t h = make_ground(G, G->cl->head, true, 0);
	if (h < 0)
		return h;
	G->rhead[G->nr] = h;
	G->rlit0[G->nr] = G->nrl;
	if (G->ncur)
		memcpy(G->rlit + G->nrl, G->cur, (size_t)G->ncur * sizeof *G->cur);
	G->nrl += G->ncur;
	G->nr++;
	G->rlit0[G->nr] = G->nrl;
	return 0;
}

static void pick_index(grounder *G, int32_t rel, int32_t t, int32_t path,
	int depth, factlist **best);

/* Join the literals of G->cl from position j of its order (npos positive
 * literals seen so far). Returns 0 or an error. */
static int join(grounder *G, int j, int npos)
{
	if (++G->steps > GDL_JOIN_MAX)
		return GL_ERANGE; /* a small file can ask for unbounded joins */
	const gdl_clause *cl = G->cl;
	int k = (int)(G->ord0[cl - G->p->cl]);
	if (j == cl->nlits) {
		if (G->mode == MODE_RULES)
			return emit(G);
		int32_t h = make_ground(G, cl->head, true, 0);
		if (h < 0)
			return h;
		return add_fact(G, h, G->round);
	}
	const gdl_lit *l = &G->p->lits[cl->lit0 + G->ord[k + j]];
	if (l->kind == L_DIST || l->kind == L_NDIST) {
		int32_t a = make_ground(G, l->a, true, 0);
		int32_t b = make_ground(G, l->b, true, 0);
		if (a < 0 || b < 0)
			return a < 0 ? a : b;
		if ((a != b) != (l->kind == L_DIST))
			return 0;
		return join(G, j + 1, npos);
	}
	if (l->kind == L_NEG) {
		if (G->mode == MODE_DOMAIN)
			return join(G, j + 1, npos);
		int32_t a = make_ground(G, l->a, false, 0);
		if (a < -1)
			return a;
		if (a >= 0 && is_fact(G, a) >= 0) {
			G->cur[G->ncur++] = a << 1 | 1;
			int rc = join(G, j + 1, npos);
			G->ncur--;
			return rc;
		}
		return join(G, j + 1, npos); /* never true: its negation holds */
	}
	/* A positive literal: the rounds its facts may come from. */
	int rlo = 0, rhi = 1 << 30;
	if (G->mode == MODE_DOMAIN) {
		/* the first positive literal takes the last round's facts */
		if (npos == 0)
			rlo = rhi = G->round - 1;
		else
			rhi = G->round - 1;
	}
	int rc = 0;
	if (all_bound(G, l->a)) {
		int32_t a = make_ground(G, l->a, false, 0);
		if (a < -1)
			return a;
		int r = is_fact(G, a);
		if (a < 0 || r < rlo || r > rhi)
			return 0;
		G->cur[G->ncur++] = a << 1;
		rc = join(G, j + 1, npos + 1);
		G->ncur--;
		return rc;
	}
	factlist *f = &G->facts[G->p->terms[l->a].sym];
	pick_index(G, G->p->terms[l->a].sym, l->a, 0, 0, &f);
	int i0 = lower(f, rlo), i1 = lower(f, rhi + 1);
	for (int i = i0; i < i1 && !rc; i++) {
		int mark = G->ntrail;
		if (match(G, l->a, f->id[i])) {
			G->cur[G->ncur++] = f->id[i] << 1;
			rc = join(G, j + 1, npos + 1);
			G->ncur--;
		}
		while (G->ntrail > mark)
			G->bind[G->trail[--G->ntrail]] = -1;
	}
	return rc;
}

/* The shortest fact list for literal t: the index entry of one of its
 * subterms that is bound (a constant or a bound variable). */
static void pick_index(grounder *G, int32_t rel, int32_t t, int32_t path,
	int depth, factlist **best)
{
	const gdl_term *x = &G->p->terms[t];
	if (depth > 0 && (x->kind == T_SYM ||
			  (x->kind == T_VAR && G->bind[G->varslot[x->sym]] >= 0))) {
		int32_t v = x->kind == T_VAR ? G->bind[G->varslot[x->sym]] :
			gt_get(G->gt, x->sym, 0, NULL, false);
		bool oom = false;
		struct ixent *e = v >= 0 ? ix_get(G, rel, path, v, false, &oom) : NULL;
		factlist *f = e ? e->list : &G->empty;
		if (f->n < (*best)->n)
			*best = f;
		return;
	}
	if (x->kind != T_FN || depth >= IX_DEPTH)
		return;
	for (int i = 0; i < x->nargs && i < 15; i++)
		pick_index(G, rel, gdl_term_arg(G->p, t, i),
			path | (i + 1) << (4 * depth), depth + 1, best);
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

/* Give the variables of clause cl slots 0.. in G->varslot. */
static int clause_vars(grounder *G, const gdl_clause *cl, int32_t t, int *nv)
{
	const gdl_term *x = &G->p->terms[t];
	if (x->kind == T_VAR) {
		if (G->varslot[x->sym] < 0) {
			if (*nv >= GDL_VARS_MAX)
				return GL_ERANGE;
			G->varslot[x->sym] = (*nv)++;
		}
		return 0;
	}
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++)
		if (clause_vars(G, cl, gdl_term_arg(G->p, t, i), nv))
			return GL_ERANGE;
	return 0;
}

static int setup_clause(grounder *G, const gdl_clause *cl, int32_t *vars, int *nv)
{
	for (int i = 0; i < *nv; i++)
		G->varslot[vars[i]] = -1;
	int n = 0;
	int rc = clause_vars(G, cl, cl->head, &n);
	for (int i = 0; i < cl->nlits && !rc; i++) {
		const gdl_lit *l = &G->p->lits[cl->lit0 + i];
		rc = clause_vars(G, cl, l->a, &n);
		if (!rc && l->b >= 0)
			rc = clause_vars(G, cl, l->b, &n);
	}
	/* remember which symbols got slots, to reset them next time */
	*nv = 0;
	for (int s = 0; s < G->p->syms.n && *nv < n; s++)
		if (G->varslot[s] >= 0)
			vars[(*nv)++] = s;
	for (int i = 0; i < GDL_VARS_MAX; i++)
		G->bind[i] = -1;
	G->ntrail = 0;
	G->cl = cl;
	return rc;
}

/* The join order of each clause: filters as soon as their variables are
 * bound, then the positive literal with the most bound variables. */
static void order_clause(grounder *G, const gdl_clause *cl, int32_t *ord,
	int first)
{
	uint64_t bound = 0;
	bool used[GDL_LITS_MAX] = {false};
	for (int j = 0; j < cl->nlits; j++) {
		int best = j == 0 ? first : -1, bestscore = -1;
		for (int i = 0; i < cl->nlits && !(j == 0 && first >= 0); i++) {
			if (used[i])
				continue;
			const gdl_lit *l = &G->p->lits[cl->lit0 + i];
			uint64_t m = var_mask(G, l->a) | (l->b >= 0 ? var_mask(G, l->b) : 0);
			int score;
			if (l->kind != L_POS)
				score = (m & ~bound) ? -1 : 1000;
			else
				score = (m & ~bound) ? 100 + __builtin_popcountll(m & bound) -
					__builtin_popcountll(m & ~bound) : 500;
			if (score > bestscore) {
				best = i;
				bestscore = score;
			}
		}
		if (j == 0 && first >= 0)
			best = first;
		if (best < 0) /* unsafe leftovers cannot happen after checking */
			for (best = 0; used[best]; best++)
				;
		used[best] = true;
		ord[j] = best;
		const gdl_lit *l = &G->p->lits[cl->lit0 + best];
		if (l->kind == L_POS)
			bound |= var_mask(G, l->a);
	}
}

static int ground_error(gl_err *err, const gdl_game *gd, int rc)
{
	if (rc == GL_ERANGE)
		return gl_fail(err, GL_ERANGE, "%s: grounding too big (more than %d "
			"atoms, %d rules or %llu join steps)", gd->prog.name, GDL_ATOMS_MAX,
			GDL_RULES_MAX, (unsigned long long)GDL_JOIN_MAX);
	return gl_fail(err, GL_ENOMEM, "%s: out of memory while grounding",
		gd->prog.name);
}

/* --- Ordering the ground program -------------------------------------------- */

typedef struct tarjan_frame {
	int32_t v;   /* atom */
	int32_t ei;  /* next edge */
} tarjan_frame;

static int build_program(gdl_game *gd, grounder *G, gl_err *err);

int gdl_ground(gdl_game *gd, gl_err *err)
{
	gdl_prog *p = &gd->prog;
	grounder G = {.gd = gd, .p = p, .gt = &gd->gt};
	int rc = 0;
	int32_t vars[GDL_VARS_MAX];
	int nv = 0;
	G.facts = gl_calloc((size_t)p->syms.n, sizeof *G.facts);
	G.varslot = gl_malloc((size_t)p->syms.n * sizeof *G.varslot);
	G.ord = gl_malloc(((size_t)p->nlits + 1) * sizeof *G.ord);
	G.ord0 = gl_malloc(((size_t)p->ncl + 1) * sizeof *G.ord0);
	if (!G.facts || !G.varslot || !G.ord || !G.ord0) {
		rc = GL_ENOMEM;
		goto fail;
	}
	for (int s = 0; s < p->syms.n; s++)
		G.varslot[s] = -1;
	int npos_max = 0;
	for (int c = 0; c < p->ncl; c++) {
		const gdl_clause *cl = &p->cl[c];
		if ((rc = setup_clause(&G, cl, vars, &nv)))
			goto fail;
		G.ord0[c] = cl->lit0;
		order_clause(&G, cl, G.ord + cl->lit0, -1);
		int np = 0;
		for (int i = 0; i < cl->nlits; i++)
			np += p->lits[cl->lit0 + i].kind == L_POS;
		if (np > npos_max)
			npos_max = np;
	}
	/* The domain: round 0 evaluates clauses without positive literals;
	 * round r joins with at least one fact of round r - 1. */
	G.mode = MODE_DOMAIN;
	for (G.round = 0;; G.round++) {
		G.added = false;
		for (int c = 0; c < p->ncl && !rc; c++) {
			const gdl_clause *cl = &p->cl[c];
			int np = 0;
			for (int i = 0; i < cl->nlits; i++)
				np += p->lits[cl->lit0 + i].kind == L_POS;
			if ((G.round == 0) != (np == 0))
				continue;
			if ((rc = setup_clause(&G, cl, vars, &nv)))
				break;
			/* each positive literal in turn takes the facts of the
			 * last round and is joined first */
			for (int i = 0; i < cl->nlits && !rc; i++) {
				if (p->lits[cl->lit0 + i].kind != L_POS)
					continue;
				order_clause(&G, cl, G.ord + cl->lit0, i);
				rc = join(&G, 0, 0);
			}
			if (np == 0)
				rc = join(&G, 0, 0);
		}
		if (rc)
			goto fail;
		if (G.gt->n > GDL_ATOMS_MAX) {
			rc = GL_ERANGE;
			goto fail;
		}
		if (!G.added && G.round > 0)
			break;
	}
	/* The ground rules. */
	G.mode = MODE_RULES;
	for (int c = 0; c < p->ncl && !rc; c++) {
		if ((rc = setup_clause(&G, &p->cl[c], vars, &nv)))
			break;
		order_clause(&G, &p->cl[c], G.ord + p->cl[c].lit0, -1);
	}
	G.round = 1 << 29;
	for (int c = 0; c < p->ncl && !rc; c++) {
		if ((rc = setup_clause(&G, &p->cl[c], vars, &nv)))
			break;
		G.ncur = 0;
		rc = join(&G, 0, 0);
	}
	if (rc)
		goto fail;
	rc = build_program(gd, &G, err);
	goto done;
fail:
	rc = ground_error(err, gd, rc);
done:
	for (int s = 0; G.facts && s < p->syms.n; s++) {
		gl_free(G.facts[s].id);
		gl_free(G.facts[s].round);
	}
	gl_free(G.facts);
	for (int i = 0; i < G.capix; i++) {
		if (!G.ix[i].list)
			continue;
		gl_free(G.ix[i].list->id);
		gl_free(G.ix[i].list->round);
		gl_free(G.ix[i].list);
	}
	gl_free(G.ix);
	gl_free(G.fact_round);
	gl_free(G.varslot);
	gl_free(G.ord);
	gl_free(G.ord0);
	gl_free(G.rhead);
	gl_free(G.rlit0);
	gl_free(G.rlit);
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

static int build_program(gdl_game *gd, grounder *G, gl_err *err)
{
	gdl_gterms *gt = &gd->gt;
	const gdl_prog *p = &gd->prog;
	int rc = GL_ENOMEM;
	int ngt = gt->n;
	int32_t *atom_of = gl_malloc(((size_t)ngt + 1) * sizeof *atom_of);
	int32_t *mark = NULL, *low = NULL, *stk = NULL, *order = NULL, *scc = NULL;
	int32_t *edge0 = NULL, *edge = NULL, *tmp = NULL;
	uint8_t *flag = NULL;
	tarjan_frame *fr = NULL;
	if (!atom_of)
		goto fail;
	int na = 0;
	for (int i = 0; i < ngt; i++)
		atom_of[i] = is_fact(G, i) >= 0 ? na++ : -1;
	gd->natoms = na;
	gd->atom_term = gl_malloc(((size_t)na + 1) * sizeof *gd->atom_term);
	gd->atom_rule = gl_calloc((size_t)na + 2, sizeof *gd->atom_rule);
	gd->rule_lit = gl_malloc(((size_t)G->nr + 1) * sizeof *gd->rule_lit);
	gd->lit = gl_malloc(((size_t)G->nrl + 1) * sizeof *gd->lit);
	gd->static_val = gl_calloc((size_t)na + 1, 1);
	if (!gd->atom_term || !gd->atom_rule || !gd->rule_lit || !gd->lit ||
	    !gd->static_val)
		goto fail;
	for (int i = 0; i < ngt; i++)
		if (atom_of[i] >= 0)
			gd->atom_term[atom_of[i]] = i;
	/* Rules grouped by head atom (counting sort). */
	for (int r = 0; r < G->nr; r++)
		gd->atom_rule[atom_of[G->rhead[r]] + 1]++;
	for (int a = 0; a < na; a++)
		gd->atom_rule[a + 1] += gd->atom_rule[a];
	int32_t *fill = gl_malloc(((size_t)na + 1) * sizeof *fill);
	int32_t *where = gl_malloc(((size_t)G->nr + 1) * sizeof *where);
	if (!fill || !where) {
		gl_free(fill);
		gl_free(where);
		goto fail;
	}
	memcpy(fill, gd->atom_rule, (size_t)na * sizeof *fill);
	for (int r = 0; r < G->nr; r++)
		where[fill[atom_of[G->rhead[r]]]++] = r;
	gl_free(fill);
	gd->nrules = G->nr;
	gd->nlit = 0;
	for (int k = 0; k < G->nr; k++) {
		int r = where[k];
		gd->rule_lit[k] = gd->nlit;
		for (int i = G->rlit0[r]; i < G->rlit0[r + 1]; i++)
			gd->lit[gd->nlit++] = atom_of[G->rlit[i] >> 1] << 1 | (G->rlit[i] & 1);
	}
	gd->rule_lit[G->nr] = gd->nlit;
	gl_free(where);

	/* Tarjan's SCCs over head -> body atom edges, without recursion. */
	mark = gl_malloc(((size_t)na + 1) * sizeof *mark);
	low = gl_malloc(((size_t)na + 1) * sizeof *low);
	stk = gl_malloc(((size_t)na + 1) * sizeof *stk);
	order = gl_malloc(((size_t)na + 1) * sizeof *order);
	scc = gl_malloc(((size_t)na + 1) * sizeof *scc);
	fr = gl_malloc(((size_t)na + 1) * sizeof *fr);
	flag = gl_calloc((size_t)na + 1, 1);
	if (!mark || !low || !stk || !order || !scc || !fr || !flag)
		goto fail;
	for (int a = 0; a < na; a++)
		mark[a] = -1;
	int idx = 0, sp = 0, no = 0;
	bool *onstk = (bool *)flag; /* reused below for flags */
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
	/* Static values: everything evaluated with no true and no does. */
	gdl_run(gd, gd->static_val, order, scc, 0, na);
	/* Flags: 1 depends on true, 2 on does; 4 needed. */
	memset(flag, 0, (size_t)na + 1);
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
	/* The two phases, in evaluation order. Groups share their flags. */
	gd->node_atom = gl_malloc(((size_t)na + 1) * sizeof *gd->node_atom);
	gd->node_scc = gl_malloc(((size_t)na + 1) * sizeof *gd->node_scc);
	if (!gd->node_atom || !gd->node_scc)
		goto fail;
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

	/* Roles, in the order of the role facts. */
	gd->nroles = 0;
	for (int s = 0; s < p->nsent; s++) {
		const gdl_term *x = &p->terms[p->sent[s]];
		if (x->kind != T_FN || x->sym != K_ROLE || x->nargs != 1)
			continue;
		const gdl_term *r = &p->terms[gdl_term_arg(p, p->sent[s], 0)];
		bool dup = false;
		for (int k = 0; k < gd->nroles; k++)
			dup |= gd->role_sym[k] == r->sym;
		if (dup) {
			rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: role '%s' is declared twice",
				p->name, r->line, r->col, p->syms.name[r->sym]);
			goto out;
		}
		if (r->kind != T_SYM || gd->nroles >= GDL_ROLES_MAX) {
			rc = gl_fail(err, GL_ERANGE, "%s:%d:%d: %s", p->name, r->line, r->col,
				r->kind != T_SYM ? "a role must be a constant" :
				"more than 8 roles");
			goto out;
		}
		gd->role_sym[gd->nroles++] = r->sym;
	}
	if (gd->nroles == 0) {
		rc = gl_fail(err, GL_EPARSE, "%s: no (role ...) facts", p->name);
		goto out;
	}
	/* A game needs moves, goals and an end. */
	static const int32_t needed[] = {K_LEGAL, K_GOAL, K_TERMINAL};
	for (int k = 0; k < 3; k++) {
		bool found = false;
		for (int c = 0; c < p->ncl && !found; c++)
			found = p->terms[p->cl[c].head].sym == needed[k];
		if (!found) {
			rc = gl_fail(err, GL_EPARSE, "%s: no '%s' rule or fact", p->name,
				p->syms.name[needed[k]]);
			goto out;
		}
	}
	/* Base propositions. */
	gd->nbase = 0;
	for (int a = 0; a < na; a++)
		gd->nbase += gt->fn[gd->atom_term[a]] == K_TRUE;
	if (gd->nbase > GDL_BASE_MAX) {
		rc = gl_fail(err, GL_ERANGE, "%s: %d base propositions (at most %d: "
			"state too big)", p->name, gd->nbase, GDL_BASE_MAX);
		goto out;
	}
	gd->words = (gd->nbase + 63) / 64;
	if (gd->words == 0)
		gd->words = 1;
	gd->base_atom = gl_malloc(((size_t)gd->nbase + 1) * sizeof *gd->base_atom);
	gd->base_next = gl_malloc(((size_t)gd->nbase + 1) * sizeof *gd->base_next);
	if (!gd->base_atom || !gd->base_next)
		goto fail;
	memset(gd->init, 0, sizeof gd->init);
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
	/* Moves: the distinct move terms of does(R, M). */
	tmp = gl_malloc(((size_t)na + 1) * 2 * sizeof *tmp);
	if (!tmp)
		goto fail;
	int nm = 0;
	for (int a = 0; a < na; a++) {
		int32_t t = gd->atom_term[a];
		if (gt->fn[t] != K_DOES)
			continue;
		int32_t m = gt->argv[gt->args[t] + 1];
		bool seen = false;
		for (int k = 0; k < nm && !seen; k++) /* moves are few */
			seen = tmp[k] == m;
		if (!seen)
			tmp[nm++] = m;
		if (nm > GDL_MOVES_MAX) {
			rc = gl_fail(err, GL_ERANGE, "%s: more than %d moves", p->name,
				GDL_MOVES_MAX);
			goto out;
		}
	}
	gd->nmoves = nm;
	gd->move_term = gl_malloc(((size_t)nm + 1) * sizeof *gd->move_term);
	gd->move_text = gl_calloc((size_t)nm + 1, sizeof *gd->move_text);
	char **text = gl_calloc((size_t)nm + 1, sizeof *text);
	int32_t *ids = gl_malloc(((size_t)nm + 1) * 2 * sizeof *ids);
	if (!gd->move_term || !gd->move_text || !text || !ids) {
		gl_free(text);
		gl_free(ids);
		goto fail;
	}
	bool oom = false;
	for (int k = 0; k < nm; k++) {
		char buf[1024];
		gdl_gterm_text(gd, tmp[k], buf, sizeof buf);
		text[k] = gl_strdup(buf);
		oom |= !text[k];
		ids[k] = k;
	}
	if (!oom)
		sort_by_text(ids, ids + nm, nm, text);
	for (int k = 0; k < nm; k++) {
		gd->move_term[k] = tmp[ids[k]];
		gd->move_text[k] = text[ids[k]];
	}
	gl_free(text);
	gl_free(ids);
	if (oom)
		goto fail;
	size_t rm = (size_t)gd->nroles * (size_t)nm + 1;
	gd->does_atom = gl_malloc(rm * sizeof *gd->does_atom);
	gd->legal_atom = gl_malloc(rm * sizeof *gd->legal_atom);
	gd->goal_atom = gl_malloc(((size_t)na + 1) * sizeof *gd->goal_atom);
	gd->goal_role = gl_malloc(((size_t)na + 1) * sizeof *gd->goal_role);
	gd->goal_value = gl_malloc(((size_t)na + 1) * sizeof *gd->goal_value);
	if (!gd->does_atom || !gd->legal_atom || !gd->goal_atom || !gd->goal_role ||
	    !gd->goal_value)
		goto fail;
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
		if (*end || end == vs || val < 0 || val > 100) {
			rc = gl_fail(err, GL_EPARSE, "%s: goal value '%s' of role '%s' is not "
				"an integer 0..100", p->name, vs, p->syms.name[gt->fn[r]]);
			goto out;
		}
		for (int k = 0; k < gd->nroles; k++)
			if (gd->role_sym[k] == gt->fn[r]) {
				gd->goal_atom[gd->ngoal] = a;
				gd->goal_role[gd->ngoal] = k;
				gd->goal_value[gd->ngoal++] = (int32_t)val;
			}
	}
	int32_t term = gt_get(gt, K_TERMINAL, 0, NULL, false);
	gd->terminal_atom = term >= 0 ? atom_of[term] : -1;
	rc = 0;
	goto out;
fail:
	rc = gl_fail(err, GL_ENOMEM, "%s: out of memory while compiling", p->name);
out:
	gl_free(atom_of);
	gl_free(mark);
	gl_free(low);
	gl_free(stk);
	gl_free(order);
	gl_free(scc);
	gl_free(fr);
	gl_free(flag);
	gl_free(edge0);
	gl_free(edge);
	gl_free(tmp);
	return rc;
}
