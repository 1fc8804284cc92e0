/*
 * condense.c - the variables of a clause that its head does not read,
 * eliminated one group of literals at a time before grounding. In
 *
 *	(<= (next (cell1 ?x ?y ?mark))
 *	    (true (cell1 ?x ?y ?mark))
 *	    (does blocker (mark ?xB1 ?yB1 ?xB2 ?yB2))
 *	    (does crosser (mark ?xC1 ?yC1 ?xC2 ?yC2))
 *	    (distinctCell ?x ?y ?xB1 ?yB1)
 *	    (distinctCell ?x ?y ?xC1 ?yC1))
 *
 * (blockerParallel) nothing but its own literal reads ?xB2, ?yB2, ?xC2 or
 * ?yC2, yet a grounder makes an instance for each of their values: 48 x
 * 256 x 256 ground rules, three million for the one clause, where the
 * clause needs only to know that some move of each role starts at (?xB1,
 * ?yB1) and (?xC1, ?yC1). And in
 *
 *	(<= (total ?total)
 *	    (true (guessed player1 ?n1)) (true (guessed player2 ?n2))
 *	    (sum ?n1 ?n2 ?s1) (true (guessed player3 ?n3)) (sum ?s1 ?n3 ?s2)
 *	    (true (guessed player4 ?n4)) (sum ?s2 ?n4 ?total))
 *
 * (gt_two_thirds_4p) an instance for each of 101^4 guesses, where the
 * sums can be made one guess at a time.
 *
 * This is variable elimination, as in the join plans of Datalog engines
 * and ggp-base's condensation of rule bodies: a variable v that the head
 * does not read, and the literals S that read it, become one new literal
 * E(k) of a new relation E, the variables k of S read outside S, defined
 * by the one clause E(k) <- S. The body (exists v: S and the rest) is (E(k)
 * and the rest): the models agree on every relation of the original
 * program. Each step eliminates the variable whose literals read the fewest
 * variables (their instances are the clause's new cost), with every other
 * variable that only they read, as long as the literals are not all the
 * body (that would only rename it) and the variables of S's negations and
 * distinct tests are bound by S's positive literals (E's clause is safe).
 * There is no other test of cost: the caller condenses only rules that
 * have too many ground instances as written. blockerParallel's three
 * million ground rules become 3,702. A group too long to compare (its
 * shape over SHAPE_MAX) stops the eliminations of its clause only.
 *
 * The new relations are named "exists N", which no GDL symbol can be (a
 * symbol has no space), and groups of the same shape (the same literals up
 * to the names of their variables, the same variables read outside) share
 * one.
 */
#include "gdl/internal.h"

#include <stdio.h>

enum { SHAPE_MAX = 512 };
/* pick() holds a literal's variables as the bits of a word */
_Static_assert(GDL_VARS_MAX <= 64, "GDL_VARS_MAX past a word's bits");

/* A group's shape: its literals' kinds and symbols, each variable as its
 * rank among the group's variables (first occurrence first) and whether
 * it is read outside the group. */
typedef struct shape {
	int32_t code[SHAPE_MAX];
	int n;
	int32_t sym;  /* its relation, "exists N" */
} shape;

typedef struct condenser {
	gdl_prog *p;
	shape *sh;
	int nsh, capsh;
	gdl_clauses out; /* the program made */
	int made;        /* groups replaced */
} condenser;

/* Whether variable symbol v is in vs[0..n). */
static bool has(const int32_t *vs, int n, int32_t v)
{
	for (int i = 0; i < n; i++)
		if (vs[i] == v)
			return true;
	return false;
}

/* The variables of literal l appended to vs (as gdl_term_vars). */
static int lit_vars(const gdl_prog *p, gdl_lit l, int32_t *vs, int32_t *at,
	int *n)
{
	int rc = gdl_term_vars(p, l.a, vs, at, n);
	return rc || l.b < 0 ? rc : gdl_term_vars(p, l.b, vs, at, n);
}

/* The code of term t appended to s (GL_ERANGE when too long): a
 * constant or functor as its symbol (>= 0), a function application as
 * -1, its arity, its functor and its arguments, a variable as -2 - 2k
 * (read outside) or -3 - 2k (not), k its rank in vs[0..nv). */
static int encode(const gdl_prog *p, int32_t t, const int32_t *vs, int nv,
	const int32_t *kept, int nk, shape *s)
{
	const gdl_term *x = &p->terms[t];
	if (s->n + 3 > SHAPE_MAX)
		return GL_ERANGE;
	if (x->kind == T_VAR) {
		int k = 0;
		while (k < nv && vs[k] != x->sym)
			k++;
		s->code[s->n++] = has(kept, nk, x->sym) ? -2 - 2 * k : -3 - 2 * k;
		return 0;
	}
	if (x->kind == T_SYM) {
		s->code[s->n++] = x->sym;
		return 0;
	}
	s->code[s->n++] = -1;
	s->code[s->n++] = x->nargs;
	s->code[s->n++] = x->sym;
	for (int i = 0; i < x->nargs; i++) {
		int rc = encode(p, gdl_term_arg(p, t, i), vs, nv, kept, nk, s);
		if (rc)
			return rc;
	}
	return 0;
}

/* The literal replacing the group g[0..ng) of a clause of sentence rule,
 * whose variables read outside it are kept[0..nk): "exists N"(those
 * variables), N's definition E(kept) <- g added to the program when new. */
static int project(condenser *C, const gdl_lit *g, int ng,
	const int32_t *kept, int nk, int32_t rule, gdl_lit *to)
{
	gdl_prog *p = C->p;
	int32_t vs[GDL_VARS_MAX], at[GDL_VARS_MAX];
	int nv = 0, rc = 0;
	for (int i = 0; i < ng && !rc; i++)
		rc = lit_vars(p, g[i], vs, at, &nv);
	shape s = {.n = 0};
	for (int i = 0; i < ng && !rc; i++) {
		if (s.n + 1 > SHAPE_MAX)
			return GL_ERANGE;
		s.code[s.n++] = -4 - g[i].kind;
		rc = encode(p, g[i].a, vs, nv, kept, nk, &s);
		if (!rc && g[i].b >= 0)
			rc = encode(p, g[i].b, vs, nv, kept, nk, &s);
	}
	if (rc)
		return rc;
	int k = 0;
	while (k < C->nsh && (C->sh[k].n != s.n || memcmp(C->sh[k].code, s.code,
	    (size_t)s.n * sizeof *s.code)))
		k++;
	int32_t args[GDL_VARS_MAX];
	int na = 0;
	for (int i = 0; i < nv; i++)
		if (has(kept, nk, vs[i]))
			args[na++] = at[i];
	const gdl_term *x = &p->terms[g[0].a];
	if (k == C->nsh) { /* a new relation, and its clause */
		char name[32];
		int len = snprintf(name, sizeof name, "exists %d", C->nsh);
		s.sym = gdl_sym_intern(&p->syms, name, (size_t)len);
		if (s.sym < 0 || gdl_grow(&C->sh, C->nsh, &C->capsh, sizeof *C->sh))
			return GL_ENOMEM;
		C->sh[C->nsh++] = s;
		int32_t head = gdl_prog_atom(p, s.sym, na, args, x->line, x->col);
		if (head < 0)
			return head;
		int32_t lit0 = C->out.nlits;
		for (int i = 0; i < ng; i++)
			if ((rc = gdl_put_lit(&C->out, g[i])))
				return rc;
		if ((rc = gdl_put_clause(&C->out, head, lit0, rule)))
			return rc;
	}
	int32_t a = gdl_prog_atom(p, C->sh[k].sym, na, args, x->line, x->col);
	if (a < 0)
		return a;
	*to = (gdl_lit){L_POS, a, -1};
	C->made++;
	return 0;
}

/* The group of body[0..n) to eliminate next, as flags in in[] (its
 * variables read outside it into kept[0..*nk)), for the head's variables
 * hv[0..nh): the variable the head does not read whose literals read the
 * fewest variables, not all of the body, and safe (the variables of
 * their negations and distinct tests bound by their positive literals).
 * Returns how many literals it has, or 0 when no group is worth it.
 * Each literal's variables are found once, as a set of bits over the
 * body's variables all[] (at most GDL_VARS_MAX, 64), so that every
 * question after is a few word operations per literal. */
static int pick(const gdl_prog *p, const gdl_lit *body, int n,
	const int32_t *hv, int nh, bool *in, int32_t *kept, int *nk)
{
	int32_t all[GDL_VARS_MAX];
	uint64_t lv[GDL_LITS_MAX]; /* body[i] reads all[j]: bit j of lv[i] */
	uint64_t head = 0;         /* the head reads all[j]: bit j */
	int na = 0, best = -1, bestv = GDL_VARS_MAX + 1;
	for (int i = 0; i < n; i++) {
		int32_t vs[GDL_VARS_MAX];
		int nv = 0;
		if (lit_vars(p, body[i], vs, NULL, &nv))
			return 0;
		lv[i] = 0;
		for (int k = 0; k < nv; k++) {
			int j = 0;
			while (j < na && all[j] != vs[k])
				j++;
			if (j == na) { /* all[] in order of first occurrence */
				if (na == GDL_VARS_MAX)
					return 0;
				all[na++] = vs[k];
			}
			lv[i] |= 1ull << j;
		}
	}
	for (int j = 0; j < na; j++)
		head |= (uint64_t)has(hv, nh, all[j]) << j;
	for (int j = 0; j < na; j++) {
		if (head >> j & 1)
			continue;
		uint64_t pos = 0, any = 0; /* the group's variables */
		int ng = 0;
		for (int i = 0; i < n; i++)
			if (lv[i] >> j & 1) {
				ng++;
				any |= lv[i];
				if (body[i].kind == L_POS)
					pos |= lv[i];
			}
		int nany = __builtin_popcountll(any);
		/* safe: its positive literals bind all its variables */
		if (ng < n && pos == any && nany < bestv) {
			best = j;
			bestv = nany;
		}
	}
	if (best < 0)
		return 0;
	uint64_t inside = 0; /* the group's variables */
	uint64_t out = head; /* the head's and the rest's */
	int ng = 0;
	for (int i = 0; i < n; i++) {
		in[i] = lv[i] >> best & 1;
		ng += in[i];
		if (in[i])
			inside |= lv[i];
		else
			out |= lv[i];
	}
	*nk = 0;
	for (int j = 0; j < na; j++)
		if ((inside & out) >> j & 1)
			kept[(*nk)++] = all[j];
	return ng;
}

/* Clause c of the program, its variables eliminated while a group can be
 * (the new relations' clauses, when new, before it). */
static int condense_clause(condenser *C, const gdl_clause *c)
{
	gdl_prog *p = C->p;
	gdl_lit body[GDL_LITS_MAX];
	int n = c->nlits, nh = 0;
	memcpy(body, p->lits + c->lit0, (size_t)n * sizeof *body);
	int32_t hv[GDL_VARS_MAX];
	int rc = gdl_term_vars(p, c->head, hv, NULL, &nh);
	for (int ng; !rc && n > 1;) {
		bool in[GDL_LITS_MAX];
		int32_t kept[GDL_VARS_MAX];
		int nk;
		if (!(ng = pick(p, body, n, hv, nh, in, kept, &nk)))
			break;
		gdl_lit g[GDL_LITS_MAX], e;
		int m = 0, k = 0;
		for (int i = 0; i < n; i++)
			if (in[i])
				g[k++] = body[i];
		if ((rc = project(C, g, ng, kept, nk, c->rule, &e)))
			break;
		for (int i = 0, first = 1; i < n; i++) /* e at the group's first */
			if (!in[i] || first) {
				body[m++] = in[i] ? e : body[i];
				first = first && !in[i];
			}
		n = m;
	}
	if (rc == GL_ERANGE) /* a group too long to compare: the body so far */
		rc = 0;
	int32_t lit0 = C->out.nlits;
	for (int i = 0; i < n && !rc; i++)
		rc = gdl_put_lit(&C->out, body[i]);
	return rc ? rc : gdl_put_clause(&C->out, c->head, lit0, c->rule);
}

int gdl_condense(gdl_prog *p, gdl_clauses *out)
{
	condenser C = {.p = p};
	int rc = 0;
	for (int c = 0; c < p->ncl && !rc; c++)
		rc = condense_clause(&C, &p->cl[c]);
	gl_free(C.sh);
	if (rc || C.made == 0)
		gdl_clauses_free(&C.out);
	*out = C.out;
	return rc ? rc : C.made;
}
