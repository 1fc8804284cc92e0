/*
 * sexp.c - plain s-expressions read by the KIF reader (parse.c in its
 * sexp mode), for texts that are not descriptions but are written like
 * them: the GGP protocol's messages (Love et al. 2008, section 2's
 * syntax; the messages of ggp-base's match protocol), which carry
 * descriptions and moves inside lists that need not start with a symbol.
 */
#include "gdl/internal.h"

struct gdl_sexp {
	gdl_prog prog;    /* the terms read, with their spans */
	const char *text; /* what was read (not owned) */
};

int gdl_sexp_read(gdl_sexp **out, const char *text, size_t n,
	const char *name, gl_err *err)
{
	*out = NULL;
	gdl_sexp *x = gl_calloc(1, sizeof *x);
	if (!x)
		return gl_fail(err, GL_ENOMEM, "%s: out of memory", name);
	gdl_prog_init(&x->prog, name);
	x->prog.sexp = true;
	x->text = text;
	int rc = gdl_parse(&x->prog, text, n, err);
	if (rc) {
		gdl_sexp_free(x);
		return rc;
	}
	*out = x;
	return 0;
}

void gdl_sexp_free(gdl_sexp *x)
{
	if (!x)
		return;
	gdl_prog_done(&x->prog);
	gl_free(x);
}

int gdl_sexp_count(const gdl_sexp *x)
{
	return x->prog.nsent;
}

int gdl_sexp_top(const gdl_sexp *x, int i)
{
	return x->prog.sent[i];
}

int gdl_sexp_len(const gdl_sexp *x, int e)
{
	const gdl_term *t = &x->prog.terms[e];
	return t->kind == T_LIST ? t->nargs : -1;
}

int gdl_sexp_elem(const gdl_sexp *x, int e, int i)
{
	return x->prog.argv[x->prog.terms[e].args + i];
}

const char *gdl_sexp_text(const gdl_sexp *x, int e, size_t *len)
{
	*len = (size_t)(x->prog.span[e][1] - x->prog.span[e][0]);
	return x->text + x->prog.span[e][0];
}

void gdl_sexp_where(const gdl_sexp *x, int e, int *line, int *col)
{
	*line = x->prog.terms[e].line;
	*col = x->prog.terms[e].col;
}
