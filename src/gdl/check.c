/*
 * check.c - validity of a GDL description (Love et al. 2008, sections 3
 * and 4): keyword arities and places, consistent arities of relations and
 * functions, safety, stratified negation, the recursion restriction, and
 * legal/goal/terminal independent of does. Rules are also expanded here
 * into clauses whose bodies are plain conjunctions (`or` distributed,
 * `not` pushed inwards), which grounding consumes.
 */
#include "gdl/internal.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct checker {
	gdl_prog *p;
	gl_strbuf *out;
	int nproblems;
	int32_t *rel_arity, *fn_arity; /* [nsyms] -1 when unseen */
	/* alternatives being built: a list of conjunctions */
	gdl_lit *alit;
	int nalit, capalit;
} checker;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void problem(checker *c, int32_t t, const char *fmt, ...)
{
	c->nproblems++;
	if (!c->out)
		return;
	const gdl_term *x = &c->p->terms[t];
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	gl_strbuf_printf(c->out, "%s:%d:%d: %s\n", c->p->name, x->line, x->col, msg);
}

static const char *sym(const checker *c, int32_t s)
{
	return c->p->syms.name[s];
}

/* Function arities inside term t (an argument position). */
static void check_fn(checker *c, int32_t t)
{
	const gdl_term *x = &c->p->terms[t];
	if (x->kind != T_FN)
		return;
	if (c->fn_arity[x->sym] < 0)
		c->fn_arity[x->sym] = x->nargs;
	else if (c->fn_arity[x->sym] != x->nargs)
		problem(c, t, "function '%s' used with %d arguments, elsewhere with %d",
			sym(c, x->sym), x->nargs, c->fn_arity[x->sym]);
	for (int i = 0; i < x->nargs; i++)
		check_fn(c, gdl_term_arg(c->p, t, i));
}

static int keyword_arity(int32_t s)
{
	switch (s) {
	case K_ROLE: case K_TRUE: case K_INIT: case K_NEXT: case K_BASE:
	case K_NOT:
		return 1;
	case K_DOES: case K_LEGAL: case K_GOAL: case K_INPUT: case K_DISTINCT:
		return 2;
	case K_TERMINAL:
		return 0;
	default:
		return -1;
	}
}

/* An atom (not a not/or/distinct): its relation's arity, arguments. */
static void check_atom(checker *c, int32_t t)
{
	const gdl_term *x = &c->p->terms[t];
	if (x->kind == T_VAR) {
		problem(c, t, "variable %s used as a sentence", sym(c, x->sym));
		return;
	}
	int ar = gdl_term_arity(c->p, t);
	int ka = keyword_arity(x->sym);
	if (x->sym < K_NKEYWORDS && ka >= 0 && ar != ka)
		problem(c, t, "'%s' takes %d argument%s, not %d", sym(c, x->sym), ka,
			ka == 1 ? "" : "s", ar);
	if (c->rel_arity[x->sym] < 0)
		c->rel_arity[x->sym] = ar;
	else if (c->rel_arity[x->sym] != ar)
		problem(c, t, "relation '%s' used with %d arguments, elsewhere with %d",
			sym(c, x->sym), ar, c->rel_arity[x->sym]);
	for (int i = 0; i < ar; i++)
		check_fn(c, gdl_term_arg(c->p, t, i));
}

/* --- Expansion of a body into conjunctions ----------------------------- */

/* A set of alternatives: conjunctions stored as runs in c->alit. */
typedef struct alts {
	int32_t start[GDL_CLAUSES_MAX];
	int32_t len[GDL_CLAUSES_MAX];
	int n;
} alts;

static int alit_push(checker *c, gdl_lit l)
{
	if (c->nalit == c->capalit) {
		int nc = c->capalit ? c->capalit * 2 : 256;
		if (nc > (1 << 26))
			return GL_ENOMEM;
		gdl_lit *q = gl_realloc(c->alit, (size_t)nc * sizeof *q);
		if (!q)
			return GL_ENOMEM;
		c->alit = q;
		c->capalit = nc;
	}
	c->alit[c->nalit++] = l;
	return 0;
}

/* Conjoin every alternative of a with every one of b into out (which may
 * be a). Returns 0, GL_ERANGE if too many, GL_ENOMEM. */
static int product(checker *c, const alts *a, const alts *b, alts *out)
{
	if ((long)a->n * b->n > GDL_CLAUSES_MAX)
		return GL_ERANGE;
	int32_t st[GDL_CLAUSES_MAX], ln[GDL_CLAUSES_MAX];
	int n = 0;
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++) {
			st[n] = c->nalit;
			for (int k = 0; k < a->len[i]; k++)
				if (alit_push(c, c->alit[a->start[i] + k]))
					return GL_ENOMEM;
			for (int k = 0; k < b->len[j]; k++)
				if (alit_push(c, c->alit[b->start[j] + k]))
					return GL_ENOMEM;
			ln[n] = c->nalit - st[n];
			n++;
		}
	memcpy(out->start, st, (size_t)n * sizeof *st);
	memcpy(out->len, ln, (size_t)n * sizeof *ln);
	out->n = n;
	return 0;
}

/* The alternatives of literal t (negated when neg) into out; problems in
 * the literal are reported. Recursion is bounded by term depth. */
static int expand(checker *c, int32_t t, bool neg, alts *out)
{
	const gdl_term *x = &c->p->terms[t];
	out->n = 0;
	if (x->kind == T_FN && x->sym == K_NOT) {
		if (x->nargs != 1) {
			problem(c, t, "'not' takes 1 argument, not %d", x->nargs);
			return 0;
		}
		return expand(c, gdl_term_arg(c->p, t, 0), !neg, out);
	}
	if (x->kind == T_FN && x->sym == K_OR) {
		alts *sub = gl_malloc(sizeof *sub);
		if (!sub)
			return GL_ENOMEM;
		int rc = 0;
		if (neg) { /* not (or a b) = not a and not b */
			out->n = 1;
			out->start[0] = c->nalit;
			out->len[0] = 0;
		}
		for (int i = 0; i < x->nargs && !rc; i++) {
			rc = expand(c, gdl_term_arg(c->p, t, i), neg, sub);
			if (rc)
				break;
			if (neg) {
				rc = product(c, out, sub, out);
			} else if (out->n + sub->n > GDL_CLAUSES_MAX) {
				rc = GL_ERANGE;
			} else {
				memcpy(out->start + out->n, sub->start, (size_t)sub->n * sizeof *sub->start);
				memcpy(out->len + out->n, sub->len, (size_t)sub->n * sizeof *sub->len);
				out->n += sub->n;
			}
		}
		gl_free(sub);
		return rc;
	}
	gdl_lit l = {neg ? L_NEG : L_POS, t, -1};
	if (x->kind == T_FN && x->sym == K_DISTINCT) {
		if (x->nargs != 2) {
			problem(c, t, "'distinct' takes 2 arguments, not %d", x->nargs);
			return 0;
		}
		l.kind = neg ? L_NDIST : L_DIST;
		l.a = gdl_term_arg(c->p, t, 0);
		l.b = gdl_term_arg(c->p, t, 1);
		check_fn(c, l.a);
		check_fn(c, l.b);
	} else {
		if (x->kind == T_SYM && (x->sym == K_NOT || x->sym == K_OR ||
					 x->sym == K_DISTINCT)) {
			problem(c, t, "'%s' without arguments", sym(c, x->sym));
			return 0;
		}
		check_atom(c, t);
		if (x->sym == K_INIT || x->sym == K_NEXT || x->sym == K_BASE ||
		    x->sym == K_INPUT || x->sym == K_RULE)
			problem(c, t, "'%s' may not appear in a rule body", sym(c, x->sym));
	}
	out->n = 1;
	out->start[0] = c->nalit;
	out->len[0] = 1;
	return alit_push(c, l);
}

/* --- Variables ------------------------------------------------------------ */

typedef struct varset {
	int32_t v[GDL_VARS_MAX];
	int n;
	bool overflow;
} varset;

static bool vs_has(const varset *s, int32_t v)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == v)
			return true;
	return false;
}

static void vs_add_term(const gdl_prog *p, varset *s, int32_t t)
{
	const gdl_term *x = &p->terms[t];
	if (x->kind == T_VAR) {
		if (!vs_has(s, x->sym)) {
			if (s->n < GDL_VARS_MAX)
				s->v[s->n++] = x->sym;
			else
				s->overflow = true;
		}
	} else if (x->kind == T_FN) {
		for (int i = 0; i < x->nargs; i++)
			vs_add_term(p, s, gdl_term_arg(p, t, i));
	}
}

/* The first variable of t not in s, or -1 (its term id). */
static int32_t unbound_var(const gdl_prog *p, const varset *s, int32_t t)
{
	const gdl_term *x = &p->terms[t];
	if (x->kind == T_VAR)
		return vs_has(s, x->sym) ? -1 : t;
	if (x->kind == T_FN)
		for (int i = 0; i < x->nargs; i++) {
			int32_t u = unbound_var(p, s, gdl_term_arg(p, t, i));
			if (u >= 0)
				return u;
		}
	return -1;
}

static bool term_equal(const gdl_prog *p, int32_t a, int32_t b)
{
	const gdl_term *x = &p->terms[a], *y = &p->terms[b];
	if (x->kind != y->kind || x->sym != y->sym || x->nargs != y->nargs)
		return false;
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++)
		if (!term_equal(p, gdl_term_arg(p, a, i), gdl_term_arg(p, b, i)))
			return false;
	return true;
}

static int add_clause(checker *c, int32_t head, int32_t rule, const gdl_lit *l,
	int n)
{
	gdl_prog *p = c->p;
	if (p->ncl == p->capcl) {
		int nc = p->capcl ? p->capcl * 2 : 256;
		gdl_clause *q = gl_realloc(p->cl, (size_t)nc * sizeof *q);
		if (!q)
			return GL_ENOMEM;
		p->cl = q;
		p->capcl = nc;
	}
	while (p->nlits + n > p->caplits) {
		int nc = p->caplits ? p->caplits * 2 : 1024;
		gdl_lit *q = gl_realloc(p->lits, (size_t)nc * sizeof *q);
		if (!q)
			return GL_ENOMEM;
		p->lits = q;
		p->caplits = nc;
	}
	gdl_clause *cl = &p->cl[p->ncl++];
	cl->head = head;
	cl->lit0 = p->nlits;
	cl->nlits = n;
	cl->rule = rule;
	if (n)
		memcpy(p->lits + p->nlits, l, (size_t)n * sizeof *l);
	p->nlits += n;
	return 0;
}

/* Safety of one clause. */
static void check_safety(checker *c, const gdl_clause *cl)
{
	const gdl_prog *p = c->p;
	varset pos = {.n = 0};
	for (int i = 0; i < cl->nlits; i++)
		if (p->lits[cl->lit0 + i].kind == L_POS)
			vs_add_term(p, &pos, p->lits[cl->lit0 + i].a);
	if (cl->nlits > GDL_LITS_MAX) {
		problem(c, cl->head, "rule with more than %d literals", GDL_LITS_MAX);
		return;
	}
	if (pos.overflow) {
		problem(c, cl->head, "rule with more than %d variables", GDL_VARS_MAX);
		return;
	}
	int32_t u = unbound_var(p, &pos, cl->head);
	if (u >= 0) {
		problem(c, u, "unsafe rule: variable %s of the head is in no positive "
			"body literal", sym(c, p->terms[u].sym));
		return;
	}
	for (int i = 0; i < cl->nlits; i++) {
		const gdl_lit *l = &p->lits[cl->lit0 + i];
		if (l->kind == L_POS)
			continue;
		u = unbound_var(p, &pos, l->a);
		if (u < 0 && l->b >= 0)
			u = unbound_var(p, &pos, l->b);
		if (u >= 0) {
			problem(c, u, "unsafe rule: variable %s of a %s is in no positive "
				"body literal", sym(c, p->terms[u].sym),
				l->kind == L_NEG ? "negation" : "distinct");
			return;
		}
	}
}

int gdl_check_prog(gdl_prog *p, gl_strbuf *problems)
{
	checker c = {.p = p, .out = problems};
	int rc = 0;
	int nsyms = p->syms.n;
	alts *body = gl_malloc(sizeof *body), *one = gl_malloc(sizeof *one);
	c.rel_arity = gl_malloc((size_t)nsyms * sizeof *c.rel_arity);
	c.fn_arity = gl_malloc((size_t)nsyms * sizeof *c.fn_arity);
	int32_t *pidx = gl_malloc((size_t)nsyms * sizeof *pidx);
	uint64_t *reach = NULL;
	if (!body || !one || !c.rel_arity || !c.fn_arity || !pidx)
		goto oom;
	for (int i = 0; i < nsyms; i++)
		c.rel_arity[i] = c.fn_arity[i] = pidx[i] = -1;
	p->ncl = p->nlits = 0;

	/* Structure, arities, keyword places; expansion into clauses. */
	for (int s = 0; s < p->nsent; s++) {
		int32_t t = p->sent[s], head = t;
		const gdl_term *x = &p->terms[t];
		int nbody = 0;
		if (x->kind == T_VAR) {
			problem(&c, t, "variable %s used as a sentence", sym(&c, x->sym));
			continue;
		}
		if (x->sym == K_RULE) {
			if (x->kind != T_FN) {
				problem(&c, t, "rule '<=' without a head");
				continue;
			}
			head = gdl_term_arg(p, t, 0);
			nbody = x->nargs - 1;
		}
		const gdl_term *h = &p->terms[head];
		if (h->kind == T_VAR) {
			problem(&c, head, "variable %s used as a rule head", sym(&c, h->sym));
			continue;
		}
		if (h->sym == K_TRUE || h->sym == K_DOES || h->sym == K_NOT ||
		    h->sym == K_OR || h->sym == K_DISTINCT || h->sym == K_RULE) {
			problem(&c, head, "'%s' may not be the head of a rule",
				sym(&c, h->sym));
			continue;
		}
		if (h->sym == K_ROLE && nbody > 0)
			problem(&c, head, "'role' may only appear in facts");
		check_atom(&c, head);
		body->n = 1;
		body->start[0] = c.nalit = 0;
		body->len[0] = 0;
		for (int i = 0; i < nbody; i++) {
			rc = expand(&c, gdl_term_arg(p, t, i + 1), false, one);
			if (!rc)
				rc = product(&c, body, one, body);
			if (rc == GL_ERANGE) {
				problem(&c, t, "rule expands into more than %d clauses",
					GDL_CLAUSES_MAX);
				rc = 0;
				body->n = 0;
				break;
			}
			if (rc)
				goto oom;
		}
		for (int k = 0; k < body->n; k++)
			if (add_clause(&c, head, t, body->len[k] ? c.alit + body->start[k] :
					NULL, body->len[k]))
				goto oom;
	}
	for (int k = 0; k < p->ncl; k++)
		check_safety(&c, &p->cl[k]);
	if (c.nproblems)
		goto done;

	/* The dependency graph over relations. */
	int np = 0;
	for (int k = 0; k < p->ncl; k++) {
		const gdl_clause *cl = &p->cl[k];
		int32_t hs = p->terms[cl->head].sym;
		if (pidx[hs] < 0)
			pidx[hs] = np++;
		for (int i = 0; i < cl->nlits; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			if (l->kind <= L_NEG && pidx[p->terms[l->a].sym] < 0)
				pidx[p->terms[l->a].sym] = np++;
		}
	}
	int w = (np + 63) / 64;
	reach = gl_calloc((size_t)np * (size_t)(w ? w : 1), sizeof *reach);
	if (!reach)
		goto oom;
	/* reach[a] = relations a depends on, transitively: a fixpoint. */
	for (int k = 0; k < p->ncl; k++) {
		const gdl_clause *cl = &p->cl[k];
		int a = pidx[p->terms[cl->head].sym];
		for (int i = 0; i < cl->nlits; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			if (l->kind > L_NEG)
				continue;
			int b = pidx[p->terms[l->a].sym];
			reach[(size_t)a * w + b / 64] |= 1ull << (b % 64);
		}
	}
	for (bool changed = true; changed;) {
		changed = false;
		for (int a = 0; a < np; a++)
			for (int b = 0; b < np; b++) {
				if (!(reach[(size_t)a * w + b / 64] >> (b % 64) & 1))
					continue;
				for (int j = 0; j < w; j++) {
					uint64_t nv = reach[(size_t)a * w + j] | reach[(size_t)b * w + j];
					if (nv != reach[(size_t)a * w + j]) {
						reach[(size_t)a * w + j] = nv;
						changed = true;
					}
				}
			}
	}
#define REACH(a, b) (reach[(size_t)(a) * w + (b) / 64] >> ((b) % 64) & 1)
	int pd = pidx[K_DOES], pt = pidx[K_TRUE];
	for (int k = 0; k < p->ncl; k++) {
		const gdl_clause *cl = &p->cl[k];
		int32_t hs = p->terms[cl->head].sym;
		int a = pidx[hs];
		for (int i = 0; i < cl->nlits; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			if (l->kind > L_NEG)
				continue;
			int b = pidx[p->terms[l->a].sym];
			bool rec = REACH(b, a);
			if (l->kind == L_NEG && rec)
				problem(&c, l->a, "negation of '%s' inside a recursion through "
					"'%s': not stratified", sym(&c, p->terms[l->a].sym),
					sym(&c, hs));
			if (rec && l->kind == L_POS) {
				/* Recursion restriction: each argument of the recursive
				 * literal is ground, a head argument, or bound by a
				 * literal outside the recursion. */
				varset outside = {.n = 0};
				for (int j = 0; j < cl->nlits; j++) {
					const gdl_lit *m = &p->lits[cl->lit0 + j];
					if (m->kind == L_POS &&
					    !REACH(pidx[p->terms[m->a].sym], a))
						vs_add_term(p, &outside, m->a);
				}
				int ar = gdl_term_arity(p, l->a);
				int hr = gdl_term_arity(p, cl->head);
				for (int j = 0; j < ar; j++) {
					int32_t v = gdl_term_arg(p, l->a, j);
					bool ok = unbound_var(p, &outside, v) < 0;
					for (int q = 0; q < hr && !ok; q++)
						ok = term_equal(p, v, gdl_term_arg(p, cl->head, q));
					if (!ok) {
						problem(&c, v, "recursion restriction: argument %d of "
							"'%s' is neither ground, an argument of the "
							"head, nor bound outside the recursion",
							j + 1, sym(&c, p->terms[l->a].sym));
						break;
					}
				}
			}
		}
		bool on_does = pd >= 0 && (REACH(a, pd) || hs == K_DOES);
		bool on_true = pt >= 0 && REACH(a, pt);
		if (on_does && (hs == K_LEGAL || hs == K_GOAL || hs == K_TERMINAL))
			problem(&c, cl->head, "'%s' depends on 'does'", sym(&c, hs));
		if ((on_does || on_true) && hs == K_INIT)
			problem(&c, cl->head, "'init' depends on '%s'",
				on_does ? "does" : "true");
	}
#undef REACH
	goto done;
oom:
	rc = GL_ENOMEM;
done:
	gl_free(body);
	gl_free(one);
	gl_free(c.alit);
	gl_free(c.rel_arity);
	gl_free(c.fn_arity);
	gl_free(pidx);
	gl_free(reach);
	return rc ? rc : c.nproblems;
}
