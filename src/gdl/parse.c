/*
 * parse.c - the KIF reader for GDL (Love et al. 2008, section 2): symbols
 * interned as written (case-sensitive, as ggp-base reads them: `nextRank`
 * and `nextrank` are two relations, `?X` and `?x` two variables) or, when
 * the program asks (gdl_load_opts.fold_case), folded to lower case; `;`
 * comments, variables `?x`, lists parsed without recursion under caps on
 * file size, token length and nesting depth; every error names
 * FILE:LINE:COL. `(foo)` reads as the constant `foo`.
 *
 * Keywords are recognised whatever their case, in both modes. ggp-base
 * (GdlPool.getConstant) lower-cases a constant that is one of role, init,
 * true, next, legal, does, goal, terminal, base, input wherever it
 * appears, and GdlFactory takes distinct, not and or in any case where a
 * literal is expected; `<=` has no case. Here all thirteen are folded
 * wherever they appear (a constant spelt `NOT` in an argument is `not`
 * to gamelearn, `NOT` to ggp-base: no public game does that).
 *
 * The same reader reads plain s-expressions (gdl_prog.sexp: the GGP
 * protocol's messages, sexp.c): lists headed by anything, `(foo)` kept a
 * list, each term's bytes in the text kept.
 */
#include "gdl/internal.h"

#include <ctype.h>
#include <stdio.h>

static const char *const keywords[K_NKEYWORDS] = {
	"role", "true", "does", "init", "next", "legal", "goal", "terminal",
	"base", "input", "distinct", "not", "or", "<="
};

/* tok (len bytes) in lower case if it is a keyword in some case. */
static void fold_keyword(char *tok, size_t len)
{
	for (int k = 0; k < K_NKEYWORDS; k++) {
		const char *kw = keywords[k];
		size_t i = 0;
		while (i < len && kw[i] && tolower((unsigned char)tok[i]) == kw[i])
			i++;
		if (i == len && !kw[i]) {
			memcpy(tok, kw, len);
			return;
		}
	}
}

static uint32_t hash_str(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* Grow *p (element size sz, count n, room *cap) to hold one more. */
int gdl_grow(void *pp, int n, int *cap, size_t sz)
{
	void **p = pp;
	if (n < *cap)
		return 0;
	int nc = *cap ? *cap * 2 : 64;
	if (nc > (1 << 28))
		return GL_ENOMEM;
	void *q = gl_realloc(*p, (size_t)nc * sz);
	if (!q)
		return GL_ENOMEM;
	*p = q;
	*cap = nc;
	return 0;
}

int gdl_sym_intern(gdl_symtab *st, const char *s, size_t n)
{
	if (st->n * 2 >= st->nslot) {
		int ns = st->nslot ? st->nslot * 2 : 256;
		int32_t *slot = gl_calloc((size_t)ns, sizeof *slot);
		if (!slot)
			return GL_ENOMEM;
		for (int i = 0; i < st->n; i++) {
			uint32_t h = hash_str(st->name[i], strlen(st->name[i]));
			int k = (int)(h & (uint32_t)(ns - 1));
			while (slot[k])
				k = (k + 1) & (ns - 1);
			slot[k] = i + 1;
		}
		gl_free(st->slot);
		st->slot = slot;
		st->nslot = ns;
	}
	uint32_t h = hash_str(s, n);
	int k = (int)(h & (uint32_t)(st->nslot - 1));
	while (st->slot[k]) {
		const char *nm = st->name[st->slot[k] - 1];
		if (strlen(nm) == n && memcmp(nm, s, n) == 0)
			return st->slot[k] - 1;
		k = (k + 1) & (st->nslot - 1);
	}
	if (gdl_grow(&st->name, st->n, &st->cap, sizeof *st->name))
		return GL_ENOMEM;
	char *c = gl_malloc(n + 1);
	if (!c)
		return GL_ENOMEM;
	memcpy(c, s, n);
	c[n] = '\0';
	st->name[st->n] = c;
	st->slot[k] = st->n + 1;
	return st->n++;
}

void gdl_prog_init(gdl_prog *p, const char *name)
{
	memset(p, 0, sizeof *p);
	p->name = name;
}

void gdl_prog_done(gdl_prog *p)
{
	for (int i = 0; i < p->syms.n; i++)
		gl_free(p->syms.name[i]);
	gl_free(p->syms.name);
	gl_free(p->syms.slot);
	gl_free(p->terms);
	gl_free(p->argv);
	gl_free(p->sent);
	gl_free(p->cl);
	gl_free(p->lits);
	gl_free(p->span);
	memset(p, 0, sizeof *p);
}

static int new_term(gdl_prog *p, int32_t sym, int kind, int line, int col)
{
	if (gdl_grow(&p->terms, p->nterms, &p->capterms, sizeof *p->terms))
		return GL_ENOMEM;
	if (p->sexp && gdl_grow(&p->span, p->nterms, &p->capspan, sizeof *p->span))
		return GL_ENOMEM;
	gdl_term *t = &p->terms[p->nterms];
	t->sym = sym;
	t->kind = kind;
	t->nargs = 0;
	t->args = 0;
	t->line = line;
	t->col = col;
	return p->nterms++;
}

static int push_i32(int32_t **v, int *n, int *cap, int32_t x)
{
	if (gdl_grow(v, *n, cap, sizeof **v))
		return GL_ENOMEM;
	(*v)[(*n)++] = x;
	return 0;
}

int32_t gdl_prog_atom(gdl_prog *p, int32_t sym, int nargs, const int32_t *args,
	int line, int col)
{
	int t = new_term(p, sym, nargs ? T_FN : T_SYM, line, col);
	if (t < 0 || nargs == 0)
		return t;
	p->terms[t].nargs = nargs;
	p->terms[t].args = p->nargv;
	for (int i = 0; i < nargs; i++)
		if (push_i32(&p->argv, &p->nargv, &p->capargv, args[i]))
			return GL_ENOMEM;
	return t;
}

/* An open list while parsing: where its children start in the scratch. */
typedef struct frame {
	int start;
	int line, col;
	size_t at;   /* its '(' in the text */
} frame;

int gdl_parse(gdl_prog *p, const char *text, size_t n, gl_err *err)
{
	const char *fn = p->name;
	if (n > GDL_FILE_MAX)
		return gl_fail(err, GL_ERANGE, "%s: file too big (%zu bytes, at most %d)",
			fn, n, GDL_FILE_MAX);
	for (int k = 0; k < K_NKEYWORDS; k++)
		if (gdl_sym_intern(&p->syms, keywords[k], strlen(keywords[k])) != k)
			return gl_fail(err, GL_ENOMEM, "%s: out of memory", fn);
	frame stack[GDL_DEPTH_MAX + 1];
	/* an s-expression (a message) may hold a description one level down */
	int depth_max = p->sexp ? GDL_DEPTH_MAX + 1 : GDL_DEPTH_MAX;
	int depth = 0;
	int32_t *tmp = NULL;
	int ntmp = 0, captmp = 0;
	int rc = 0, line = 1, col = 1;
	char tok[GDL_TOKEN_MAX + 1];
	/* a UTF-8 byte order mark (an editor's) is no text */
	size_t i = n >= 3 && !memcmp(text, "\xef\xbb\xbf", 3) ? 3 : 0;
	while (i < n) {
		unsigned char c = (unsigned char)text[i];
		if (c == '\n') {
			line++;
			col = 1;
			i++;
			continue;
		}
		if (c == ';') {
			while (i < n && text[i] != '\n')
				i++;
			continue;
		}
		if (isspace(c)) {
			i++;
			col++;
			continue;
		}
		if (c == '\0' || (c < 32 && c != '\t') || c == 0x7f) {
			rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: control character 0x%02x",
				fn, line, col, c);
			goto done;
		}
		if (c >= 0x80) { /* a symbol no game server would spell alike */
			rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: byte 0x%02x outside ASCII "
				"(GDL is written in ASCII; comments may hold any text)",
				fn, line, col, c);
			goto done;
		}
		if (c == '(') {
			if (depth >= depth_max) {
				rc = gl_fail(err, GL_ERANGE, "%s:%d:%d: lists nested deeper than %d",
					fn, line, col, GDL_DEPTH_MAX);
				goto done;
			}
			stack[depth].start = ntmp;
			stack[depth].line = line;
			stack[depth].col = col;
			stack[depth].at = i;
			depth++;
			i++;
			col++;
			continue;
		}
		int32_t term;
		if (c == ')') {
			if (depth == 0) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: ')' without a matching '('",
					fn, line, col);
				goto done;
			}
			frame *f = &stack[--depth];
			int cnt = ntmp - f->start;
			if (cnt == 0) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: empty list ()",
					fn, f->line, f->col);
				goto done;
			}
			const gdl_term *head = &p->terms[tmp[f->start]];
			if (!p->sexp && head->kind != T_SYM) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: a list must start with a "
					"symbol, not %s", fn, head->line, head->col,
					head->kind == T_VAR ? "a variable" : "a list");
				goto done;
			}
			/* a function term's arguments follow its head; an
			 * s-expression list's elements are all of them */
			int from = p->sexp ? 0 : 1;
			if (cnt == 1 && !p->sexp) {
				term = tmp[f->start]; /* (foo) is foo */
			} else {
				term = p->sexp ? new_term(p, -1, T_LIST, f->line, f->col) :
					new_term(p, head->sym, T_FN, f->line, f->col);
				if (term < 0)
					goto oom;
				p->terms[term].nargs = cnt - from;
				p->terms[term].args = p->nargv;
				for (int k = from; k < cnt; k++)
					if (push_i32(&p->argv, &p->nargv, &p->capargv,
						tmp[f->start + k]))
						goto oom;
				if (p->sexp) {
					p->span[term][0] = (int32_t)f->at;
					p->span[term][1] = (int32_t)i + 1;
				}
			}
			ntmp = f->start;
			i++;
			col++;
		} else {
			size_t len = 0;
			int l0 = line, c0 = col;
			while (i < n) {
				unsigned char d = (unsigned char)text[i];
				if (isspace(d) || d == '(' || d == ')' || d == ';' || d < 32 ||
				    d >= 0x7f) /* the last two reported above */
					break;
				if (len >= GDL_TOKEN_MAX) {
					rc = gl_fail(err, GL_ERANGE, "%s:%d:%d: symbol longer than %d "
						"characters", fn, l0, c0, GDL_TOKEN_MAX);
					goto done;
				}
				tok[len++] = p->fold ? (char)tolower(d) : (char)d;
				i++;
				col++;
			}
			if (!p->fold && tok[0] != '?')
				fold_keyword(tok, len);
			if (tok[0] == '?' && len == 1) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: variable without a name",
					fn, l0, c0);
				goto done;
			}
			int sym = gdl_sym_intern(&p->syms, tok, len);
			if (sym < 0)
				goto oom;
			term = new_term(p, sym, tok[0] == '?' ? T_VAR : T_SYM, l0, c0);
			if (term < 0)
				goto oom;
			if (p->sexp) {
				p->span[term][0] = (int32_t)(i - len);
				p->span[term][1] = (int32_t)i;
			}
		}
		if (depth == 0) {
			if (push_i32(&p->sent, &p->nsent, &p->capsent, term))
				goto oom;
		} else if (push_i32(&tmp, &ntmp, &captmp, term)) {
			goto oom;
		}
	}
	if (depth > 0)
		rc = gl_fail(err, GL_EPARSE, "%s:%d:%d: '(' never closed (end of file)",
			fn, stack[depth - 1].line, stack[depth - 1].col);
	goto done;
oom:
	rc = gl_fail(err, GL_ENOMEM, "%s: out of memory while parsing", fn);
done:
	gl_free(tmp);
	return rc;
}

typedef struct tbuf {
	char *buf;
	size_t n, len;
} tbuf;

static void tput(tbuf *b, const char *s)
{
	for (; *s; s++, b->len++) {
		if (b->len + 1 < b->n) {
			b->buf[b->len] = *s;
			b->buf[b->len + 1] = '\0';
		}
	}
}

int gdl_put_lit(gdl_clauses *o, gdl_lit l)
{
	if (gdl_grow(&o->lits, o->nlits, &o->caplits, sizeof *o->lits))
		return GL_ENOMEM;
	o->lits[o->nlits++] = l;
	return 0;
}

int gdl_put_clause(gdl_clauses *o, int32_t head, int32_t lit0, int32_t rule)
{
	if (gdl_grow(&o->cl, o->ncl, &o->capcl, sizeof *o->cl))
		return GL_ENOMEM;
	o->cl[o->ncl++] = (gdl_clause){.head = head, .lit0 = lit0,
		.nlits = o->nlits - lit0, .rule = rule};
	return 0;
}

void gdl_clauses_swap(gdl_clauses *o, gdl_prog *p)
{
	gdl_clauses t = *o;
	*o = (gdl_clauses){.cl = p->cl, .ncl = p->ncl, .capcl = p->capcl,
		.lits = p->lits, .nlits = p->nlits, .caplits = p->caplits};
	p->cl = t.cl;
	p->ncl = t.ncl;
	p->capcl = t.capcl;
	p->lits = t.lits;
	p->nlits = t.nlits;
	p->caplits = t.caplits;
}

void gdl_clauses_free(gdl_clauses *o)
{
	gl_free(o->cl);
	gl_free(o->lits);
	*o = (gdl_clauses){0};
}

int gdl_term_vars(const gdl_prog *p, int32_t t, int32_t *vs, int32_t *at,
	int *n)
{
	const gdl_term *x = &p->terms[t];
	if (x->kind == T_VAR) {
		for (int i = 0; i < *n; i++)
			if (vs[i] == x->sym)
				return 0;
		if (*n >= GDL_VARS_MAX)
			return GL_ERANGE;
		if (at)
			at[*n] = t;
		vs[(*n)++] = x->sym;
		return 0;
	}
	for (int i = 0; x->kind == T_FN && i < x->nargs; i++) {
		int rc = gdl_term_vars(p, gdl_term_arg(p, t, i), vs, at, n);
		if (rc)
			return rc;
	}
	return 0;
}

int gdl_term_text(const gdl_prog *p, int32_t t, char *buf, size_t n)
{
	/* Iterative walk: a stack of (term, next argument) pairs. */
	int32_t st[GDL_DEPTH_MAX + 1][2];
	int d = 0;
	tbuf b = {buf, n, 0};
	if (n)
		buf[0] = '\0';
	st[0][0] = t;
	st[0][1] = -1;
	while (d >= 0) {
		const gdl_term *x = &p->terms[st[d][0]];
		if (x->kind != T_FN) {
			tput(&b, p->syms.name[x->sym]);
			d--;
			continue;
		}
		if (st[d][1] < 0) {
			tput(&b, "(");
			tput(&b, p->syms.name[x->sym]);
			st[d][1] = 0;
		}
		if (st[d][1] == x->nargs) {
			tput(&b, ")");
			d--;
			continue;
		}
		tput(&b, " ");
		int32_t a = p->argv[x->args + st[d][1]++];
		if (d + 1 > GDL_DEPTH_MAX)
			break;
		d++;
		st[d][0] = a;
		st[d][1] = -1;
	}
	return (int)b.len;
}
