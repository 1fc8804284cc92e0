/*
 * magic.c - the demand transformation ("magic sets": Bancilhon, Maier,
 * Sagiv and Ullman, "Magic sets and other strange ways to implement logic
 * programs", PODS 1986; Beeri and Ramakrishnan, "On the power of magic",
 * J. Logic Programming 10, 1991), for the descriptions whose reachable
 * domain is too big to compute: chess's threatened_with_capture holds 1.5
 * million atoms when every piece may stand anywhere, though a state asks
 * it a few hundred questions, all with their arguments known.
 *
 * A relation defined by rules (not a keyword, and not given by facts
 * alone) is evaluated only where asked. Each clause's body is read in its
 * own order: a literal whose variables are all bound as soon as they are,
 * else the first positive literal (as written) of a relation that is not
 * asked (true, does, facts), else the asked one with the most arguments
 * bound; and each literal of such a
 * relation r is asked with the arguments bound by then: r's copy for that
 * binding pattern ("adornment") r#bf.. replaces it, and a magic rule
 * magic#r#bf..(bound arguments) <- (what was read before it) records the
 * question. r#bf..'s clauses are r's, guarded by magic#r#bf..(bound
 * arguments of the head), their own literals asked in turn. A negative
 * literal is asked with all its arguments bound (safety). Magic rules read
 * the positive literals and distinct tests before the question, never its
 * negations, which only ask fewer questions: leaving them out keeps the
 * answers. A negated relation that is asked still depends on the question,
 * and so on the rule that negates it: the two may fall in one component
 * that negates itself, which the prover evaluates as an alternating
 * fixpoint; the caller may leave such relations out (only).
 *
 * The program computes the same keyword relations (legal, next, goal,
 * terminal, init, role, base, input) as the original in every state: each
 * asked literal has the answers the original relation has for its bound
 * arguments. The grounder and the prover take it as any other program.
 */
#include "gdl/internal.h"

#include <stdio.h>

enum { ADORN_MAX = 32 }; /* argument positions an adornment tells apart */

/* A relation asked with a binding pattern: bit i set when argument i is
 * bound. */
typedef struct adorned {
	int32_t rel;    /* the original relation */
	uint32_t mask;  /* bound argument positions */
	int32_t sym;    /* rel#bf..: its copy */
	int32_t magic;  /* magic#rel#bf..: its questions; -1 when none bound */
	int ctx;        /* asked for next (1: its questions may read does) or
			 * for the other keywords (0) */
} adorned;

typedef struct magic {
	gdl_prog *p;
	uint8_t *demand;   /* [nsyms] relation evaluated where asked */
	adorned *ad;
	int nad, capad;
	int32_t *cl0;      /* [nsyms + 1] clauses of each relation (head) */
	int32_t *cls;      /* in cl0 order */
	gdl_clause *ocl;   /* the original clauses and literals */
	int oncl;
	gdl_lit *olits;
	gdl_clauses out;   /* the program made */
} magic;

/* Every variable of t is in vs[0..n). */
static bool all_bound(const gdl_prog *p, int32_t t, const int32_t *vs, int n)
{
	const gdl_term *x = &p->terms[t];
	if (x->kind == T_VAR) {
		for (int i = 0; i < n; i++)
			if (vs[i] == x->sym)
				return true;
		return false;
	}
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++)
		if (!all_bound(p, gdl_term_arg(p, t, i), vs, n))
			return false;
	return true;
}

/* The binding pattern of atom t under the variables vs[0..n). */
static uint32_t pattern(const gdl_prog *p, int32_t t, const int32_t *vs, int n)
{
	uint32_t m = 0;
	int na = gdl_term_arity(p, t);
	for (int i = 0; i < na && i < ADORN_MAX; i++)
		if (all_bound(p, gdl_term_arg(p, t, i), vs, n))
			m |= 1u << i;
	return m;
}

/* The adorned copy of rel for mask in context ctx, made (with its
 * symbols) if new. */
static int adorn(magic *M, int32_t rel, uint32_t mask, int ctx, int arity)
{
	for (int k = 0; k < M->nad; k++)
		if (M->ad[k].rel == rel && M->ad[k].mask == mask &&
		    M->ad[k].ctx == ctx)
			return k;
	if (gdl_grow(&M->ad, M->nad, &M->capad, sizeof *M->ad))
		return GL_ENOMEM;
	gdl_prog *p = M->p;
	char pat[ADORN_MAX + 1], name[512];
	int np = arity < ADORN_MAX ? arity : ADORN_MAX;
	for (int i = 0; i < np; i++)
		pat[i] = mask >> i & 1 ? 'b' : 'f';
	pat[np] = '\0';
	const char *rn = p->syms.name[rel], *cx = ctx ? "#next" : "";
	int len = snprintf(name, sizeof name, "%.400s#%s%s", rn, pat, cx);
	int32_t sym = gdl_sym_intern(&p->syms, name, (size_t)len);
	int32_t mg = -1;
	if (sym >= 0 && mask) {
		len = snprintf(name, sizeof name, "magic#%.400s#%s%s", rn, pat,
			cx);
		mg = gdl_sym_intern(&p->syms, name, (size_t)len);
	}
	if (sym < 0 || (mask && mg < 0))
		return GL_ENOMEM;
	M->ad[M->nad] = (adorned){.rel = rel, .mask = mask, .sym = sym,
		.magic = mg, .ctx = ctx};
	return M->nad++;
}

/* Atom t with functor sym and, when keep is not 0, only the arguments of
 * its set bits (a magic atom's); a new term. */
static int32_t reatom(magic *M, int32_t t, int32_t sym, uint32_t keep,
	bool all)
{
	gdl_prog *p = M->p;
	int na = gdl_term_arity(p, t);
	int32_t args[ADORN_MAX + GDL_VARS_MAX];
	int n = 0;
	if (na > (int)(sizeof args / sizeof *args))
		return GL_ERANGE;
	for (int i = 0; i < na; i++)
		if (all || (i < ADORN_MAX && keep >> i & 1))
			args[n++] = gdl_term_arg(p, t, i);
	const gdl_term *x = &p->terms[t];
	return gdl_prog_atom(p, sym, n, args, x->line, x->col);
}

/* The literal l (of the original program) as asked with the variables
 * vs[0..n) bound: its relation's copy for its pattern (the pattern
 * registered), or itself. */
static int ask(magic *M, gdl_lit l, const int32_t *vs, int n, int ctx,
	gdl_lit *out, int *which)
{
	const gdl_prog *p = M->p;
	*out = l;
	*which = -1;
	if (l.kind != L_POS && l.kind != L_NEG)
		return 0;
	int32_t rel = p->terms[l.a].sym;
	if (!M->demand[rel])
		return 0;
	int na = gdl_term_arity(p, l.a);
	uint32_t mask = l.kind == L_NEG ? (na >= 32 ? ~0u : (1u << na) - 1) :
		pattern(p, l.a, vs, n);
	int k = adorn(M, rel, mask, ctx, na);
	if (k < 0)
		return k;
	int32_t a = reatom(M, l.a, M->ad[k].sym, 0, true);
	if (a < 0)
		return a;
	out->a = a;
	*which = k;
	return 0;
}

/* Clause c of the original program rewritten: with head copy k's (k >= 0:
 * guarded by its magic atom) or its own (k < 0), each literal asked in
 * the body's order, a magic rule for each question. */
static int rewrite(magic *M, int c, int k)
{
	const gdl_clause *cl = &M->ocl[c];
	gdl_clauses *o = &M->out;
	int32_t vs[GDL_VARS_MAX];
	int nv = 0, rc;
	int32_t head = cl->head, guard = -1;
	int ctx = k >= 0 ? M->ad[k].ctx : M->p->terms[cl->head].sym == K_NEXT;
	if (k >= 0) {
		adorned a = M->ad[k];
		head = reatom(M, cl->head, a.sym, 0, true);
		if (head < 0)
			return head;
		if (a.magic >= 0) {
			guard = reatom(M, cl->head, a.magic, a.mask, false);
			if (guard < 0)
				return guard;
			int na = gdl_term_arity(M->p, cl->head);
			for (int i = 0; i < na && i < ADORN_MAX; i++)
				if (a.mask >> i & 1 &&
				    (rc = gdl_term_vars(M->p,
				     gdl_term_arg(M->p, cl->head, i), vs, NULL, &nv)))
					return rc;
		}
	}
	/* the body in its order, asked */
	gdl_lit body[GDL_LITS_MAX];
	bool done[GDL_LITS_MAX] = {false};
	int nb = 0;
	while (nb < cl->nlits) {
		int pick = -1;
		for (int i = 0; i < cl->nlits && pick < 0; i++) {
			const gdl_lit *l = &M->olits[cl->lit0 + i];
			if (!done[i] && all_bound(M->p, l->a, vs, nv) &&
			    (l->b < 0 || all_bound(M->p, l->b, vs, nv)))
				pick = i;
		}
		for (int i = 0; i < cl->nlits && pick < 0; i++) {
			const gdl_lit *l = &M->olits[cl->lit0 + i];
			if (!done[i] && l->kind == L_POS &&
			    !M->demand[M->p->terms[l->a].sym])
				pick = i;
		}
		int most = -1;
		for (int i = 0; i < cl->nlits && pick < 0; i++) {
			const gdl_lit *l = &M->olits[cl->lit0 + i];
			if (done[i] || l->kind != L_POS)
				continue;
			int b = __builtin_popcount(pattern(M->p, l->a, vs, nv));
			if (b > most) {
				most = b;
				pick = i;
			}
		}
		if (pick < 0)
			return GL_EPARSE; /* unsafe: check.c refused it already */
		done[pick] = true;
		gdl_lit l = M->olits[cl->lit0 + pick];
		int which;
		if ((rc = ask(M, l, vs, nv, ctx, &body[nb], &which)))
			return rc;
		if (which >= 0 && M->ad[which].magic >= 0) {
			/* the question: magic#r#..(bound args) <- guard, before */
			int32_t q = reatom(M, l.a, M->ad[which].magic,
				M->ad[which].mask, false);
			if (q < 0)
				return q;
			int32_t lit0 = o->nlits;
			if (guard >= 0 &&
			    (rc = gdl_put_lit(o, (gdl_lit){L_POS, guard, -1})))
				return rc;
			for (int i = 0; i < nb; i++)
				if (body[i].kind != L_NEG &&
				    (rc = gdl_put_lit(o, body[i])))
					return rc;
			if ((rc = gdl_put_clause(o, q, lit0, cl->rule)))
				return rc;
		}
		nb++;
		if (l.kind == L_POS && (rc = gdl_term_vars(M->p, l.a, vs, NULL, &nv)))
			return rc;
	}
	int32_t lit0 = o->nlits;
	if (guard >= 0 && (rc = gdl_put_lit(o, (gdl_lit){L_POS, guard, -1})))
		return rc;
	for (int i = 0; i < nb; i++)
		if ((rc = gdl_put_lit(o, body[i])))
			return rc;
	return gdl_put_clause(o, head, lit0, cl->rule);
}

/* The relations evaluated where asked: those with a rule (a clause with a
 * body) that are not keywords; of only's, when it flags some of these. */
static int find_demand(magic *M, const uint8_t *only)
{
	gdl_prog *p = M->p;
	int n = p->syms.n;
	M->demand = gl_calloc((size_t)n + 1, 1);
	M->cl0 = gl_calloc((size_t)n + 2, sizeof *M->cl0);
	M->cls = gl_malloc(((size_t)M->oncl + 1) * sizeof *M->cls);
	if (!M->demand || !M->cl0 || !M->cls)
		return GL_ENOMEM;
	for (int c = 0; c < M->oncl; c++) {
		int32_t h = p->terms[M->ocl[c].head].sym;
		M->cl0[h + 1]++;
		if (h >= K_NKEYWORDS && M->ocl[c].nlits > 0)
			M->demand[h] = 1;
	}
	bool some = false;
	for (int s = 0; only && s < n && !some; s++)
		some = M->demand[s] && only[s];
	for (int s = 0; some && s < n; s++)
		M->demand[s] = M->demand[s] && only[s];
	for (int s = 0; s < n; s++)
		M->cl0[s + 1] += M->cl0[s];
	int32_t *fill = gl_malloc(((size_t)n + 1) * sizeof *fill);
	if (!fill)
		return GL_ENOMEM;
	memcpy(fill, M->cl0, ((size_t)n + 1) * sizeof *fill);
	for (int c = 0; c < M->oncl; c++)
		M->cls[fill[p->terms[M->ocl[c].head].sym]++] = c;
	gl_free(fill);
	return 0;
}

int gdl_magic(gdl_prog *p, const uint8_t *only)
{
	magic M = {.p = p, .ocl = p->cl, .oncl = p->ncl, .olits = p->lits};
	int rc = find_demand(&M, only);
	/* the clauses of the relations not asked, their bodies asked */
	for (int c = 0; c < M.oncl && !rc; c++)
		if (!M.demand[p->terms[M.ocl[c].head].sym])
			rc = rewrite(&M, c, -1);
	/* each copy asked for, as they come */
	for (int k = 0; k < M.nad && !rc; k++) {
		int32_t rel = M.ad[k].rel;
		for (int i = M.cl0[rel]; i < M.cl0[rel + 1] && !rc; i++)
			rc = rewrite(&M, M.cls[i], k);
	}
	gl_free(M.demand);
	gl_free(M.cl0);
	gl_free(M.cls);
	gl_free(M.ad);
	if (!rc)
		gdl_clauses_swap(&M.out, p);
	gdl_clauses_free(&M.out);
	return rc;
}
