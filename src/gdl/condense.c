/*
 * condense.c - variables that one literal of a clause reads alone,
 * projected out of the clause before grounding. In
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
 * ?yB1) and (?xC1, ?yC1). Such a literal L is replaced by a new relation
 * of the variables it shares, L'(shared), defined by the one clause
 * L'(shared) <- L, so that the clause has an instance per value of the
 * shared variables only (12,288 here) and L' one per fact of L. This is
 * the existential projection of Datalog query optimisation, and what
 * ggp-base's condensation of rule bodies does for the same reason. The
 * models agree on every relation of the original program: L' holds where
 * some instance of L does, which is all the clause asked of L.
 *
 * The new relations are named "exists N", which no GDL symbol can be (a
 * symbol has no space), and literals of the same shape (the same atom up
 * to the names of its variables, the same variables shared) share one.
 */
#include "gdl/internal.h"

#include <stdio.h>

/* One literal's shape: its atom's symbols, with each variable as its
 * rank among the literal's variables (first occurrence first) and
 * whether it is shared. */
enum { SHAPE_MAX = 256 };

typedef struct shape {
	int32_t code[SHAPE_MAX];
	int n;
	int32_t sym;  /* its relation, "exists N" */
	int32_t rule; /* a clause of its definition came from this sentence */
} shape;

typedef struct condenser {
	gdl_prog *p;
	shape *sh;
	int nsh, capsh;
	gdl_clause *cl;  /* the program made */
	int ncl, capcl;
	gdl_lit *lits;
	int nlits, caplits;
	int made;        /* literals replaced */
} condenser;

/* Whether variable symbol v is in vs[0..n). */
static bool has(const int32_t *vs, int n, int32_t v)
{
	for (int i = 0; i < n; i++)
		if (vs[i] == v)
			return true;
	return false;
}

/* The code of term t appended to s (GL_ERANGE when too long): a
 * constant or functor as its symbol (>= 0), a function application as
 * -1, its arity, its functor and its arguments, a variable as -2 - 2k
 * (shared) or -3 - 2k (not), k its rank in vs[0..nv). */
static int encode(const gdl_prog *p, int32_t t, const int32_t *vs, int nv,
	const int32_t *out, int nout, shape *s)
{
	const gdl_term *x = &p->terms[t];
	if (s->n + 3 > SHAPE_MAX)
		return GL_ERANGE;
	if (x->kind == T_VAR) {
		int k = 0;
		while (k < nv && vs[k] != x->sym)
			k++;
		s->code[s->n++] = has(out, nout, x->sym) ? -3 - 2 * k : -2 - 2 * k;
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
		int rc = encode(p, gdl_term_arg(p, t, i), vs, nv, out, nout, s);
		if (rc)
			return rc;
	}
	return 0;
}

static int put_lit(condenser *C, gdl_lit l)
{
	if (gdl_grow(&C->lits, C->nlits, &C->caplits, sizeof *C->lits))
		return GL_ENOMEM;
	C->lits[C->nlits++] = l;
	return 0;
}

static int put_clause(condenser *C, int32_t head, int32_t lit0, int32_t rule)
{
	if (gdl_grow(&C->cl, C->ncl, &C->capcl, sizeof *C->cl))
		return GL_ENOMEM;
	C->cl[C->ncl++] = (gdl_clause){.head = head, .lit0 = lit0,
		.nlits = C->nlits - lit0, .rule = rule};
	return 0;
}

/* The literal replacing positive literal l of a clause of sentence rule,
 * whose variables read nowhere else in the clause are out[0..nout) (at
 * least one): "exists N"(its other variables), N's definition added to
 * the program when new. */
static int project(condenser *C, gdl_lit l, const int32_t *out, int nout,
	int32_t rule, gdl_lit *to)
{
	gdl_prog *p = C->p;
	int32_t vs[GDL_VARS_MAX], at[GDL_VARS_MAX];
	int nv = 0, rc;
	if ((rc = gdl_term_vars(p, l.a, vs, at, &nv)))
		return rc;
	shape s = {.n = 0};
	if ((rc = encode(p, l.a, vs, nv, out, nout, &s)))
		return rc;
	int k = 0;
	while (k < C->nsh && (C->sh[k].n != s.n || memcmp(C->sh[k].code, s.code,
	    (size_t)s.n * sizeof *s.code)))
		k++;
	int32_t args[GDL_VARS_MAX];
	int na = 0;
	for (int i = 0; i < nv; i++)
		if (!has(out, nout, vs[i]))
			args[na++] = at[i];
	const gdl_term *x = &p->terms[l.a];
	if (k == C->nsh) { /* a new relation, and its clause */
		char name[32];
		int len = snprintf(name, sizeof name, "exists %d", C->nsh);
		s.sym = gdl_sym_intern(&p->syms, name, (size_t)len);
		s.rule = rule;
		if (s.sym < 0 || gdl_grow(&C->sh, C->nsh, &C->capsh, sizeof *C->sh))
			return GL_ENOMEM;
		C->sh[C->nsh++] = s;
		int32_t head = gdl_prog_atom(p, s.sym, na, args, x->line, x->col);
		int32_t lit0 = C->nlits;
		if (head < 0)
			return head;
		if ((rc = put_lit(C, l)) || (rc = put_clause(C, head, lit0, rule)))
			return rc;
	}
	int32_t a = gdl_prog_atom(p, C->sh[k].sym, na, args, x->line, x->col);
	if (a < 0)
		return a;
	*to = (gdl_lit){L_POS, a, -1};
	C->made++;
	return 0;
}

/* Clause c of the program, its literals' lone variables projected out
 * (the new relations' clauses, when new, before it). */
static int condense_clause(condenser *C, const gdl_clause *c)
{
	gdl_prog *p = C->p;
	const gdl_lit *body = p->lits + c->lit0;
	gdl_lit nb[GDL_LITS_MAX];
	for (int i = 0; i < c->nlits; i++) {
		nb[i] = body[i];
		if (body[i].kind != L_POS || c->nlits < 2)
			continue;
		/* the variables of the head and the other literals */
		int32_t vs[GDL_VARS_MAX], mine[GDL_VARS_MAX], out[GDL_VARS_MAX];
		int nv = 0, nm = 0, nout = 0;
		int rc = gdl_term_vars(p, c->head, vs, NULL, &nv);
		for (int j = 0; j < c->nlits && !rc; j++)
			if (j != i) {
				rc = gdl_term_vars(p, body[j].a, vs, NULL, &nv);
				if (!rc && body[j].b >= 0)
					rc = gdl_term_vars(p, body[j].b, vs, NULL, &nv);
			}
		if (!rc)
			rc = gdl_term_vars(p, body[i].a, mine, NULL, &nm);
		for (int k = 0; k < nm && !rc; k++)
			if (!has(vs, nv, mine[k]))
				out[nout++] = mine[k];
		if (!rc && nout > 0)
			rc = project(C, body[i], out, nout, c->rule, &nb[i]);
		if (rc)
			return rc;
	}
	int32_t lit0 = C->nlits;
	for (int i = 0; i < c->nlits; i++) {
		int rc = put_lit(C, nb[i]);
		if (rc)
			return rc;
	}
	return put_clause(C, c->head, lit0, c->rule);
}

int gdl_condense(gdl_prog *p)
{
	condenser C = {.p = p};
	int rc = 0;
	for (int c = 0; c < p->ncl && !rc; c++)
		rc = condense_clause(&C, &p->cl[c]);
	gl_free(C.sh);
	if (rc || C.made == 0) {
		gl_free(C.cl);
		gl_free(C.lits);
		return rc;
	}
	gl_free(p->cl);
	gl_free(p->lits);
	p->cl = C.cl;
	p->ncl = C.ncl;
	p->capcl = C.capcl;
	p->lits = C.lits;
	p->nlits = C.nlits;
	p->caplits = C.caplits;
	return C.made;
}
