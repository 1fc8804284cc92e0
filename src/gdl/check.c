/*
 * check.c - validity of a GDL description (Love et al. 2008, sections 3
 * and 4): keyword arities and places, consistent arities of relations and
 * functions, safety, stratified negation, the recursion restriction, and
 * legal/goal/terminal independent of does. Rules are also expanded here
 * into clauses whose bodies are plain conjunctions (`or` distributed,
 * `not` pushed inwards), which grounding consumes. Stratification is
 * checked on relations only as far as it can be: a relation negated inside
 * its own recursion (14 games of the public repository define goal(R, 100)
 * by not goal(R, 0)) is only a note here, because such a program may still
 * be stratified on its ground atoms, which is what the semantics needs;
 * the grounder decides (ground.c refuses a negation inside a ground
 * recursion) and the prover evaluates it (prover.c). The work is bounded by
 * the file: a body is refused before its expansion when it is too long,
 * each body literal is expanded alone and the clauses are then written
 * once each (no conjunction is copied as it grows), expansion has a total
 * budget, and the dependency analysis is linear (strongly connected
 * components).
 */
#include "gdl/internal.h"

#include <stdarg.h>
#include <stdio.h>

enum {
	EXPAND_MAX = 1 << 25,    /* literals copied expanding all `or`s */
	PROG_LITS_MAX = 1 << 22  /* literals of all clauses together */
};

/* What an expansion may return besides 0, GL_ENOMEM and GL_ERANGE (more
 * than GDL_CLAUSES_MAX clauses). */
enum { E_LONG = 1, E_BIG = 2 }; /* a clause over GDL_LITS_MAX; over budget */

typedef struct checker {
	gdl_prog *p;
	gl_strbuf *out;
	gl_strbuf *notes;              /* may be NULL */
	int nproblems;
	int32_t *rel_arity, *fn_arity; /* [nsyms] -1 when unseen */
	/* alternatives being built: a list of conjunctions */
	gdl_lit *alit;
	int nalit, capalit;
	long copied;                   /* literals pushed so far (EXPAND_MAX) */
	/* the alternatives of each body literal of a rule: runs in alit */
	int32_t *ast, *aln;
	int na, capa;
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
	if (++c->copied > EXPAND_MAX)
		return E_BIG;
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
 * be a). Returns 0, GL_ERANGE if too many, E_LONG if one would have more
 * than GDL_LITS_MAX literals, E_BIG over budget, GL_ENOMEM. */
static int product(checker *c, const alts *a, const alts *b, alts *out)
{
	if ((long)a->n * b->n > GDL_CLAUSES_MAX)
		return GL_ERANGE;
	int32_t st[GDL_CLAUSES_MAX], ln[GDL_CLAUSES_MAX];
	int n = 0;
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++) {
			if (a->len[i] + b->len[j] > GDL_LITS_MAX)
				return E_LONG;
			st[n] = c->nalit;
			for (int k = 0; k < a->len[i]; k++) {
				int rc = alit_push(c, c->alit[a->start[i] + k]);
				if (rc)
					return rc;
			}
			for (int k = 0; k < b->len[j]; k++) {
				int rc = alit_push(c, c->alit[b->start[j] + k]);
				if (rc)
					return rc;
			}
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

static int alt_push(checker *c, int32_t start, int32_t len)
{
	if (c->na == c->capa) {
		int nc = c->capa ? c->capa * 2 : 256;
		int32_t *s = gl_realloc(c->ast, (size_t)nc * sizeof *s);
		if (!s)
			return GL_ENOMEM;
		c->ast = s;
		int32_t *l = gl_realloc(c->aln, (size_t)nc * sizeof *l);
		if (!l)
			return GL_ENOMEM;
		c->aln = l;
		c->capa = nc;
	}
	c->ast[c->na] = start;
	c->aln[c->na++] = len;
	return 0;
}

static int add_clause(checker *c, int32_t head, int32_t rule, const gdl_lit *l,
	int n);

/* Expand the body literals 1..nbody of rule t (head head) into clauses:
 * the product of their alternatives, the last varying fastest, each
 * clause its alternatives in body order. Returns 0, GL_ERANGE (too many
 * clauses), E_LONG, E_BIG or GL_ENOMEM. */
static int expand_rule(checker *c, int32_t t, int32_t head, int nbody, alts *one)
{
	int32_t a0[GDL_LITS_MAX + 1], pick[GDL_LITS_MAX];
	long total = 1, longest = 0;
	c->nalit = c->na = 0;
	for (int i = 0; i < nbody; i++) {
		int rc = expand(c, gdl_term_arg(c->p, t, i + 1), false, one);
		if (rc)
			return rc;
		a0[i] = c->na;
		int32_t most = 0;
		for (int k = 0; k < one->n; k++) {
			if ((rc = alt_push(c, one->start[k], one->len[k])))
				return rc;
			if (one->len[k] > most)
				most = one->len[k];
		}
		total *= one->n;
		longest += most;
		pick[i] = 0;
		if (total > GDL_CLAUSES_MAX)
			return GL_ERANGE;
	}
	a0[nbody] = c->na;
	if (longest > GDL_LITS_MAX && total > 0)
		return E_LONG;
	gdl_lit buf[GDL_LITS_MAX];
	for (long k = 0; k < total; k++) {
		int n = 0;
		for (int i = 0; i < nbody; i++) {
			int q = a0[i] + pick[i];
			memcpy(buf + n, c->alit + c->ast[q], (size_t)c->aln[q] * sizeof *buf);
			n += c->aln[q];
		}
		int rc = add_clause(c, head, t, buf, n);
		if (rc)
			return rc;
		for (int i = nbody - 1; i >= 0; i--) {
			if (++pick[i] < a0[i + 1] - a0[i])
				break;
			pick[i] = 0;
		}
	}
	return 0;
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
	if (p->nlits + n > PROG_LITS_MAX)
		return E_BIG;
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

/* A fixpoint over the clauses, in passes as many as the relations'
 * dependencies are deep. */
uint8_t *gdl_dynamic_relations(const gdl_prog *p)
{
	uint8_t *dyn = gl_calloc((size_t)p->syms.n + 1, 1);
	if (!dyn)
		return NULL;
	dyn[K_TRUE] = dyn[K_DOES] = 1;
	for (bool more = true; more;) {
		more = false;
		for (int c = 0; c < p->ncl; c++) {
			const gdl_clause *cl = &p->cl[c];
			int32_t h = p->terms[cl->head].sym;
			for (int i = 0; i < cl->nlits && !dyn[h]; i++) {
				const gdl_lit *l = &p->lits[cl->lit0 + i];
				if ((l->kind == L_POS || l->kind == L_NEG) &&
				    dyn[p->terms[l->a].sym])
					dyn[h] = more = 1;
			}
		}
	}
	return dyn;
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

int gdl_sccs(int n, const int32_t *e0, const int32_t *edge, int32_t *comp)
{
	int32_t *num = gl_malloc(((size_t)n + 1) * sizeof *num);
	int32_t *low = gl_malloc(((size_t)n + 1) * sizeof *low);
	int32_t *stk = gl_malloc(((size_t)n + 1) * sizeof *stk);
	int32_t *fv = gl_malloc(((size_t)n + 1) * sizeof *fv);
	int32_t *fe = gl_malloc(((size_t)n + 1) * sizeof *fe);
	int rc = GL_ENOMEM;
	if (!num || !low || !stk || !fv || !fe)
		goto out;
	for (int v = 0; v < n; v++)
		num[v] = comp[v] = -1;
	int idx = 0, sp = 0, nc = 0;
	for (int root = 0; root < n; root++) {
		if (num[root] >= 0)
			continue;
		int fp = 0;
		fv[0] = root;
		fe[0] = e0[root];
		num[root] = low[root] = idx++;
		stk[sp++] = root;
		while (fp >= 0) {
			int v = fv[fp];
			if (fe[fp] < e0[v + 1]) {
				int w = edge[fe[fp]++];
				if (num[w] < 0) {
					num[w] = low[w] = idx++;
					stk[sp++] = w;
					fp++;
					fv[fp] = w;
					fe[fp] = e0[w];
				} else if (comp[w] < 0 && num[w] < low[v]) {
					low[v] = num[w]; /* w is on the stack */
				}
				continue;
			}
			if (low[v] == num[v]) {
				int w;
				do {
					w = stk[--sp];
					comp[w] = nc;
				} while (w != v);
				nc++;
			}
			if (--fp >= 0 && low[v] < low[fv[fp]])
				low[fv[fp]] = low[v];
		}
	}
	rc = nc;
out:
	gl_free(num);
	gl_free(low);
	gl_free(stk);
	gl_free(fv);
	gl_free(fe);
	return rc;
}

/* The vertices 0..n-1 into v, ordered by their component comp[] (a
 * counting sort). Returns 0 or GL_ENOMEM. */
static int by_comp(int32_t *v, int n, const int32_t *comp)
{
	int32_t *cnt = gl_calloc((size_t)n + 1, sizeof *cnt);
	if (!cnt)
		return GL_ENOMEM;
	for (int i = 0; i < n; i++)
		cnt[comp[i] + 1]++;
	for (int c = 0; c < n; c++)
		cnt[c + 1] += cnt[c];
	for (int i = 0; i < n; i++)
		v[cnt[comp[i]]++] = i;
	gl_free(cnt);
	return 0;
}

/* Structure, arities and keyword places of every sentence, and its
 * expansion into clauses (p->cl); then safety. Returns 0 or GL_ENOMEM
 * (problems counted in c). */
static int check_sentences(checker *c, alts *one)
{
	gdl_prog *p = c->p;
	for (int s = 0; s < p->nsent; s++) {
		int32_t t = p->sent[s], head = t;
		const gdl_term *x = &p->terms[t];
		int nbody = 0;
		if (x->kind == T_VAR) {
			problem(c, t, "variable %s used as a sentence", sym(c, x->sym));
			continue;
		}
		if (x->sym == K_RULE) {
			if (x->kind != T_FN) {
				problem(c, t, "rule '<=' without a head");
				continue;
			}
			head = gdl_term_arg(p, t, 0);
			nbody = x->nargs - 1;
		}
		const gdl_term *h = &p->terms[head];
		if (h->kind == T_VAR) {
			problem(c, head, "variable %s used as a rule head", sym(c, h->sym));
			continue;
		}
		if (h->sym == K_TRUE || h->sym == K_DOES || h->sym == K_NOT ||
		    h->sym == K_OR || h->sym == K_DISTINCT || h->sym == K_RULE) {
			problem(c, head, "'%s' may not be the head of a rule",
				sym(c, h->sym));
			continue;
		}
		if (h->sym == K_ROLE && nbody > 0)
			problem(c, head, "'role' may only appear in facts");
		check_atom(c, head);
		/* every body literal gives each clause at least one literal */
		if (nbody > GDL_LITS_MAX) {
			problem(c, head, "rule with more than %d literals", GDL_LITS_MAX);
			continue;
		}
		int rc = expand_rule(c, t, head, nbody, one);
		if (rc == GL_ENOMEM)
			return rc;
		if (rc == GL_ERANGE)
			problem(c, t, "rule expands into more than %d clauses",
				GDL_CLAUSES_MAX);
		else if (rc == E_LONG)
			problem(c, head, "rule with more than %d literals", GDL_LITS_MAX);
		if (rc == E_BIG) {
			problem(c, t, "the rules expand into too many literals (more "
				"than %d in all, or %d copied expanding `or`)",
				PROG_LITS_MAX, EXPAND_MAX);
			return 0; /* every later rule would be refused too */
		}
	}
	for (int k = 0; k < p->ncl; k++)
		check_safety(c, &p->cl[k]);
	return 0;
}

/* The dependency graph over relations: each relation of a head or a
 * literal numbered (pidx, np of them), its edges head -> body relation in
 * compressed rows (e0, edge), its strongly connected components (comp),
 * and flag: 1 depends on does, 2 on true (through one edge or more). */
typedef struct rgraph {
	int np;
	int32_t *pidx;  /* [nsyms] a relation's vertex, or -1 */
	int32_t *e0;    /* [np + 2] */
	int32_t *edge;  /* [nlits] */
	int32_t *comp;  /* [np] */
	uint8_t *flag;  /* [np] */
} rgraph;

static void rgraph_done(rgraph *g)
{
	gl_free(g->pidx);
	gl_free(g->e0);
	gl_free(g->edge);
	gl_free(g->comp);
	gl_free(g->flag);
}

static int rgraph_build(const gdl_prog *p, rgraph *g)
{
	int32_t *pidx = g->pidx = gl_malloc(((size_t)p->syms.n + 1) * sizeof *pidx);
	if (!pidx)
		return GL_ENOMEM;
	for (int i = 0; i < p->syms.n; i++)
		pidx[i] = -1;
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
	g->np = np;
	int32_t *e0 = g->e0 = gl_calloc((size_t)np + 2, sizeof *e0);
	int32_t *edge = g->edge = gl_malloc(((size_t)p->nlits + 1) * sizeof *edge);
	int32_t *comp = g->comp = gl_malloc(((size_t)np + 1) * sizeof *comp);
	uint8_t *flag = g->flag = gl_calloc((size_t)np + 1, 1);
	int32_t *by = gl_malloc(((size_t)np + 1) * sizeof *by);
	if (!e0 || !edge || !comp || !flag || !by) {
		gl_free(by);
		return GL_ENOMEM;
	}
	for (int k = 0; k < p->ncl; k++) {
		const gdl_clause *cl = &p->cl[k];
		for (int i = 0; i < cl->nlits; i++)
			e0[pidx[p->terms[cl->head].sym] + 1] +=
				p->lits[cl->lit0 + i].kind <= L_NEG;
	}
	for (int a = 0; a < np; a++)
		e0[a + 1] += e0[a];
	for (int k = 0; k < p->ncl; k++) {
		const gdl_clause *cl = &p->cl[k];
		for (int i = 0; i < cl->nlits; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			if (l->kind <= L_NEG)
				edge[e0[pidx[p->terms[cl->head].sym]]++] = pidx[p->terms[l->a].sym];
		}
	}
	for (int a = np; a > 0; a--) /* the fill moved each row start on */
		e0[a] = e0[a - 1];
	e0[0] = 0;
	if (gdl_sccs(np, e0, edge, comp) < 0 || by_comp(by, np, comp)) {
		gl_free(by);
		return GL_ENOMEM;
	}
	/* components complete after those they depend on */
	int pd = pidx[K_DOES], pt = pidx[K_TRUE];
	for (int i = 0; i < np;) {
		int j = i;
		uint8_t f = 0;
		for (; j < np && comp[by[j]] == comp[by[i]]; j++)
			for (int q = e0[by[j]]; q < e0[by[j] + 1]; q++) {
				int b = edge[q];
				f |= (b == pd ? 1 : 0) | (b == pt ? 2 : 0) |
					(comp[b] != comp[by[j]] ? flag[b] : 0);
			}
		for (int k = i; k < j; k++)
			flag[by[k]] = f;
		i = j;
	}
	gl_free(by);
	return 0;
}

/* A relation negated inside a recursion (literal l of a clause whose head
 * is hs): not stratified relation by relation, which the grounder then
 * decides on the ground program; a note, once per relation (flag 4). */
static void note_negation(checker *c, rgraph *g, const gdl_lit *l, int32_t hs)
{
	const gdl_prog *p = c->p;
	int b = g->pidx[p->terms[l->a].sym];
	if (g->flag[b] & 4)
		return;
	g->flag[b] |= 4;
	if (!c->notes)
		return;
	const gdl_term *x = &p->terms[l->a];
	int32_t ns = x->sym;
	if (ns == hs)
		gl_strbuf_printf(c->notes, "%s:%d:%d: note: '%s' is negated inside "
			"its own recursion: stratified only on the ground program\n",
			p->name, x->line, x->col, sym(c, ns));
	else
		gl_strbuf_printf(c->notes, "%s:%d:%d: note: '%s' is negated inside a "
			"recursion through '%s': stratified only on the ground program\n",
			p->name, x->line, x->col, sym(c, ns), sym(c, hs));
}

/* The recursion restriction for the recursive positive literal l of cl
 * (vertex a its head's): each argument is ground, a head argument, or
 * bound by a literal outside the recursion. */
static void check_recursive(checker *c, const rgraph *g, const gdl_clause *cl,
	const gdl_lit *l, int a)
{
	const gdl_prog *p = c->p;
	varset outside = {.n = 0};
	for (int j = 0; j < cl->nlits; j++) {
		const gdl_lit *m = &p->lits[cl->lit0 + j];
		if (m->kind == L_POS && g->comp[g->pidx[p->terms[m->a].sym]] != g->comp[a])
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
			problem(c, v, "recursion restriction: argument %d of '%s' is "
				"neither ground, an argument of the head, nor bound outside "
				"the recursion", j + 1, sym(c, p->terms[l->a].sym));
			return;
		}
	}
}

/* Recursion (negation inside it, the recursion restriction) and the
 * keyword restrictions on what legal, goal, terminal and init depend on. */
static void check_dependencies(checker *c, rgraph *g)
{
	const gdl_prog *p = c->p;
	for (int k = 0; k < p->ncl; k++) {
		const gdl_clause *cl = &p->cl[k];
		int32_t hs = p->terms[cl->head].sym;
		int a = g->pidx[hs];
		for (int i = 0; i < cl->nlits; i++) {
			const gdl_lit *l = &p->lits[cl->lit0 + i];
			if (l->kind > L_NEG)
				continue;
			int b = g->pidx[p->terms[l->a].sym];
			bool rec = g->comp[b] == g->comp[a]; /* b depends on a */
			if (rec && l->kind == L_NEG)
				note_negation(c, g, l, hs);
			if (rec && l->kind == L_POS)
				check_recursive(c, g, cl, l, a);
		}
		bool on_does = (g->flag[a] & 1) || hs == K_DOES;
		bool on_true = g->flag[a] & 2;
		if (on_does && (hs == K_LEGAL || hs == K_GOAL || hs == K_TERMINAL))
			problem(c, cl->head, "'%s' depends on 'does'", sym(c, hs));
		if ((on_does || on_true) && hs == K_INIT)
			problem(c, cl->head, "'init' depends on '%s'",
				on_does ? "does" : "true");
	}
}

int gdl_check_prog(gdl_prog *p, gl_strbuf *problems, gl_strbuf *notes)
{
	checker c = {.p = p, .out = problems, .notes = notes};
	int nsyms = p->syms.n;
	alts *one = gl_malloc(sizeof *one);
	rgraph g = {0};
	c.rel_arity = gl_malloc((size_t)nsyms * sizeof *c.rel_arity);
	c.fn_arity = gl_malloc((size_t)nsyms * sizeof *c.fn_arity);
	int rc = one && c.rel_arity && c.fn_arity ? 0 : GL_ENOMEM;
	for (int i = 0; !rc && i < nsyms; i++)
		c.rel_arity[i] = c.fn_arity[i] = -1;
	p->ncl = p->nlits = 0;
	if (!rc)
		rc = check_sentences(&c, one);
	if (!rc && !c.nproblems && !(rc = rgraph_build(p, &g)))
		check_dependencies(&c, &g);
	rgraph_done(&g);
	gl_free(c.ast);
	gl_free(c.aln);
	gl_free(one);
	gl_free(c.alit);
	gl_free(c.rel_arity);
	gl_free(c.fn_arity);
	return rc ? rc : c.nproblems;
}
