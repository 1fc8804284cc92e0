/*
 * message.c - the GGP match protocol's messages (START, PLAY, STOP,
 * ABORT, INFO, PREVIEW), as ggp-base's game server sends them: one KIF
 * list, its type in any case, read by the GDL reader (gdl_sexp_read), so
 * that a malformed message is named with its line and column as a
 * malformed description is.
 */
#include "ggp/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

/* Element e's text into buf (size n) as a C string; false when it is too
 * long. */
bool ggp_sx_copy(const gdl_sexp *sx, int e, char *buf, size_t n)
{
	size_t len;
	const char *p = gdl_sexp_text(sx, e, &len);
	if (len >= n)
		return false;
	memcpy(buf, p, len);
	buf[len] = 0;
	return true;
}

/* Whether element e is the atom word, but for case. */
static bool sx_is(const gdl_sexp *sx, int e, const char *word)
{
	size_t len;
	const char *p = gdl_sexp_text(sx, e, &len);
	return gdl_sexp_len(sx, e) < 0 && len == strlen(word) &&
		strncasecmp(p, word, len) == 0;
}

/* A clock in seconds (a decimal number), or -1. */
static double sx_clock(const gdl_sexp *sx, int e)
{
	char buf[32];
	if (gdl_sexp_len(sx, e) >= 0 || !ggp_sx_copy(sx, e, buf, sizeof buf))
		return -1;
	char *end;
	double v = strtod(buf, &end);
	return *end || end == buf || !(v >= 0) ? -1 : v;
}

/* err set to "what at LINE:COL" of element e. */
static int fail_at(gl_err *err, const gdl_sexp *sx, int e, const char *what)
{
	int line, col;
	gdl_sexp_where(sx, e, &line, &col);
	return gl_fail(err, GL_EPARSE, "%s at %d:%d", what, line, col);
}

/* START's fields: a match id, a role, the rules (a list) and two clocks. */
static int read_start(ggp_msg *m, int top, int n, gl_err *err)
{
	const gdl_sexp *sx = m->sx;
	if (n != 6)
		return fail_at(err, sx, top, "START takes a match id, a role, the "
			"rules and two clocks");
	int id = gdl_sexp_elem(sx, top, 1), role = gdl_sexp_elem(sx, top, 2);
	int rules = gdl_sexp_elem(sx, top, 3);
	int sc = gdl_sexp_elem(sx, top, 4), pc = gdl_sexp_elem(sx, top, 5);
	if (gdl_sexp_len(sx, id) >= 0 || !ggp_sx_copy(sx, id, m->id, sizeof m->id))
		return fail_at(err, sx, id, "START: bad match id");
	m->id_ok = true;
	if (gdl_sexp_len(sx, role) >= 0 ||
	    !ggp_sx_copy(sx, role, m->role, sizeof m->role))
		return fail_at(err, sx, role, "START: bad role");
	m->startclock = sx_clock(sx, sc);
	m->playclock = sx_clock(sx, pc);
	if (m->startclock < 0)
		return fail_at(err, sx, sc, "START: bad clocks");
	if (m->playclock <= 0)
		return fail_at(err, sx, pc, "START: bad clocks");
	if (gdl_sexp_len(sx, rules) < 0)
		return fail_at(err, sx, rules, "START: the rules must be a list");
	size_t len;
	const char *p = gdl_sexp_text(sx, rules, &len);
	m->rules = p + 1; /* inside the list's parentheses */
	m->nrules = len - 2;
	return 0;
}

int ggp_msg_read(ggp_msg *m, const char *text, size_t n, gl_err *err)
{
	static const char *const types[] = {"info", "preview", "start", "play",
		"stop", "abort"};
	memset(m, 0, sizeof *m);
	m->kind = GGP_NONE;
	m->moves = -1;
	int rc = gdl_sexp_read(&m->sx, text, n, "message", err);
	if (rc)
		return rc;
	const gdl_sexp *sx = m->sx;
	int top = gdl_sexp_count(sx) == 1 ? gdl_sexp_top(sx, 0) : -1;
	int len = top >= 0 ? gdl_sexp_len(sx, top) : -1;
	if (len < 1 || gdl_sexp_len(sx, gdl_sexp_elem(sx, top, 0)) >= 0)
		return gl_fail(err, GL_EPARSE, "not a message: a list such as (INFO)");
	int head = gdl_sexp_elem(sx, top, 0);
	for (int k = 0; k < (int)(sizeof types / sizeof *types); k++)
		if (sx_is(sx, head, types[k]))
			m->kind = (ggp_kind)k;
	if (m->kind == GGP_NONE) {
		size_t hn;
		const char *hp = gdl_sexp_text(sx, head, &hn);
		return gl_fail(err, GL_EPARSE, "unknown message type '%.*s'",
			(int)(hn < 40 ? hn : 40), hp);
	}
	if (m->kind == GGP_INFO || m->kind == GGP_PREVIEW)
		return 0;
	if (m->kind == GGP_START)
		return read_start(m, top, len, err);
	bool abort_ = m->kind == GGP_ABORT;
	if (len != (abort_ ? 2 : 3))
		return fail_at(err, sx, top, abort_ ? "ABORT takes a match id" :
			m->kind == GGP_PLAY ? "PLAY takes a match id and the moves" :
			"STOP takes a match id and the moves");
	int id = gdl_sexp_elem(sx, top, 1);
	/* an id that is a list or too long is no match's: not an error (the
	 * reply is busy) */
	m->id_ok = gdl_sexp_len(sx, id) < 0 && ggp_sx_copy(sx, id, m->id,
		sizeof m->id);
	if (!abort_)
		m->moves = gdl_sexp_elem(sx, top, 2);
	return 0;
}

void ggp_msg_done(ggp_msg *m)
{
	gdl_sexp_free(m->sx);
	m->sx = NULL;
}

int ggp_joint_read(const gdl_sexp *sx, int e, char (*texts)[GGP_MOVE_MAX],
	int max)
{
	int n = gdl_sexp_len(sx, e);
	if (n < 0 || n > max)
		return -1;
	for (int i = 0; i < n; i++)
		if (!ggp_sx_copy(sx, gdl_sexp_elem(sx, e, i), texts[i], GGP_MOVE_MAX))
			return -2 - i;
	return n;
}
