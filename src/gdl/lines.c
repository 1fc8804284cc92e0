/*
 * lines.c - what the goal rules ask for: each role's highest goal value
 * expanded, through the ground rules' positive literals, into the
 * conjunctions of base propositions that make it (connectFour's goal 100
 * of a role into its 84 lines of four `(cell x y role)`, ticTacToe's into
 * 8 of three). Negative literals are left out, so a line is what the
 * goal needs to be true, not always all it needs; a search reads them as
 * features (how much of each line a role holds), never as a proof.
 */
#include "gdl/internal.h"

#include <stdlib.h>

enum {
	LINE_MAX = 16,      /* most propositions in a line */
	ROW = LINE_MAX + 1, /* a row: its length, then its propositions */
	LINES_MAX = 4096,   /* most lines of one expansion */
	WORK_MAX = 1 << 18, /* most rows made in all, before giving up
			     * (othello-comp2007 meets it in 0.02 s) */
	DEPTH_MAX = 64      /* deepest chain of derived atoms followed */
};

/* A set of lines, ROW words each. */
typedef struct rows {
	uint32_t *w;
	size_t n, cap;
} rows;

typedef struct expander {
	const gdl_game *gd;
	int32_t *bit;     /* [natoms] the state bit of a true(X) atom, or -1 */
	uint8_t *kind;    /* [natoms] L_STATIC, L_DERIVED or L_INPUT */
	uint8_t *busy;    /* [natoms] on the expansion's path (recursion) */
	size_t work;
} expander;

enum { L_STATIC, L_DERIVED, L_INPUT };
enum { OK = 0, TOO_BIG = 1 };

static int push(rows *r, const uint32_t *row)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 16;
		uint32_t *w = gl_realloc(r->w, cap * ROW * sizeof *w);
		if (!w)
			return GL_ENOMEM;
		r->w = w;
		r->cap = cap;
	}
	memcpy(r->w + r->n++ * ROW, row, ROW * sizeof *row);
	return OK;
}

/* The union of sorted rows a and b into out: TOO_BIG past LINE_MAX. */
static int merge(const uint32_t *a, const uint32_t *b, uint32_t *out)
{
	uint32_t i = 1, j = 1, n = 0;
	while (i <= a[0] || j <= b[0]) {
		uint32_t x;
		if (j > b[0] || (i <= a[0] && a[i] < b[j]))
			x = a[i++];
		else if (i > a[0] || b[j] < a[i])
			x = b[j++];
		else
			x = a[i++], j++;
		if (n == LINE_MAX)
			return TOO_BIG;
		out[++n] = x;
	}
	out[0] = n;
	return OK;
}

/* acc := every union of a row of acc with a row of b. */
static int product(expander *x, rows *acc, const rows *b)
{
	rows out = {0};
	int rc = OK;
	if (acc->n * b->n > LINES_MAX)
		rc = TOO_BIG;
	for (size_t i = 0; !rc && i < acc->n; i++)
		for (size_t j = 0; !rc && j < b->n; j++) {
			uint32_t row[ROW] = {0};
			if (++x->work > WORK_MAX ||
			    (rc = merge(acc->w + i * ROW, b->w + j * ROW, row)))
				rc = rc ? rc : TOO_BIG;
			else
				rc = push(&out, row);
		}
	gl_free(acc->w);
	*acc = out;
	return rc;
}

/* The lines of atom a, appended to out. */
static int expand(expander *x, int32_t a, int depth, rows *out)
{
	const gdl_game *gd = x->gd;
	uint32_t row[ROW] = {0};
	if (x->bit[a] >= 0) {
		row[0] = 1;
		row[1] = (uint32_t)x->bit[a];
		return push(out, row);
	}
	if (x->kind[a] == L_STATIC)
		return gd->static_val[a] ? push(out, row) : OK;
	if (x->kind[a] == L_INPUT || x->busy[a] || depth > DEPTH_MAX)
		return OK; /* does, or a recursion: no line through it */
	x->busy[a] = 1;
	int rc = OK;
	for (int r = gd->atom_rule[a]; !rc && r < gd->atom_rule[a + 1]; r++) {
		rows acc = {0};
		rc = push(&acc, row); /* the empty line */
		for (int i = gd->rule_lit[r]; !rc && acc.n &&
		     i < gd->rule_lit[r + 1]; i++) {
			int32_t l = gd->lit[i];
			if (l & 1)
				continue; /* negated */
			rows sub = {0};
			if (!(rc = expand(x, l >> 1, depth + 1, &sub)))
				rc = product(x, &acc, &sub);
			gl_free(sub.w);
		}
		for (size_t k = 0; !rc && k < acc.n; k++)
			rc = out->n >= LINES_MAX ? TOO_BIG :
				push(out, acc.w + k * ROW);
		gl_free(acc.w);
	}
	x->busy[a] = 0;
	return rc;
}

static int by_row(const void *pa, const void *pb)
{
	const uint32_t *a = pa, *b = pb;
	for (int i = 0; i < ROW; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

int gdl_goal_lines(const gdl_game *gd, gl_goal_lines *out, gl_err *err)
{
	memset(out, 0, sizeof *out);
	if (!gd->net || !gd->atom_rule || !gd->rule_lit || gd->natoms <= 0)
		return 0; /* the prover's games: no ground rules to read */
	size_t na = (size_t)gd->natoms;
	expander x = {gd, gl_malloc(na * sizeof *x.bit), gl_calloc(na, 1),
		gl_calloc(na, 1), 0};
	rows all[GDL_ROLES_MAX] = {{0}};
	int rc = OK;
	if (!x.bit || !x.kind || !x.busy)
		rc = GL_ENOMEM;
	for (size_t a = 0; !rc && a < na; a++) {
		int32_t fn = gd->gt.fn[gd->atom_term[a]];
		x.bit[a] = -1;
		x.kind[a] = fn == K_TRUE || fn == K_DOES ? L_INPUT : L_STATIC;
	}
	for (int i = 0; !rc && i < gd->nbase; i++)
		x.bit[gd->base_atom[i]] = i;
	for (int i = 0; !rc && i < gd->nnodes; i++)
		x.kind[gd->node_atom[i]] = L_DERIVED;
	size_t total = 0, nprop = 0;
	for (int role = 0; !rc && role < gd->nroles; role++) {
		int top = -1;
		for (int i = 0; i < gd->ngoal; i++)
			if (gd->goal_role[i] == role &&
			    (top < 0 || gd->goal_value[i] > gd->goal_value[top]))
				top = i;
		if (top >= 0)
			rc = expand(&x, gd->goal_atom[top], 0, &all[role]);
		rows *r = &all[role];
		if (!rc && r->n)
			qsort(r->w, r->n, ROW * sizeof *r->w, by_row);
		size_t m = 0; /* unique and not empty */
		for (size_t k = 0; !rc && k < r->n; k++) {
			const uint32_t *w = r->w + k * ROW;
			if (w[0] && (m == 0 || by_row(w, r->w + (m - 1) * ROW)))
				memmove(r->w + m++ * ROW, w, ROW * sizeof *w);
		}
		r->n = m;
		total += m;
		for (size_t k = 0; k < m; k++)
			nprop += r->w[k * ROW];
	}
	if (rc == OK && total > 0) {
		/* one block: first[total + 1], prop[nprop], player[total] */
		size_t bytes = (total + 1 + nprop) * sizeof(uint32_t) + total;
		uint32_t *first = gl_malloc(bytes);
		if (!first) {
			rc = GL_ENOMEM;
		} else {
			uint32_t *prop = first + total + 1;
			uint8_t *player = (uint8_t *)(prop + nprop);
			size_t i = 0, p = 0;
			for (int role = 0; role < gd->nroles; role++)
				for (size_t k = 0; k < all[role].n; k++, i++) {
					const uint32_t *w = all[role].w + k * ROW;
					first[i] = (uint32_t)p;
					memcpy(prop + p, w + 1, w[0] * sizeof *w);
					p += w[0];
					player[i] = (uint8_t)role;
				}
			first[total] = (uint32_t)p;
			out->n = (unsigned)total;
			out->first = first;
			out->prop = prop;
			out->player = player;
		}
	}
	for (int role = 0; role < GDL_ROLES_MAX; role++)
		gl_free(all[role].w);
	gl_free(x.bit);
	gl_free(x.kind);
	gl_free(x.busy);
	if (rc == GL_ENOMEM)
		return gl_fail(err, GL_ENOMEM, "%s: out of memory reading the goal "
			"rules' lines", gd->prog.name);
	return 0; /* TOO_BIG: no lines */
}
