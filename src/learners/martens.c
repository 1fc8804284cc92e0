/*
 * martens.c - Martens' game-"learning" machine (agent `martens`): H. H.
 * Martens, "Two Notes on Machine 'Learning'", Information and Control 2
 * (1959), Note I, sections 1.3 and 1.4 exactly, with the earlier rule
 * order of section 2.3 (variant=early), the two admissibility tiers that
 * section 2.4 proposes (tiers=2), and invalid symmetries declared in
 * advance as the paper did for Hex (invalid=...).
 *
 * The machine knows a game only through conditions (A) and (B): each move
 * marks one empty cell (the game's cells() capability, a move's id being
 * its cell), and it is told the outcome at the end (end()'s goals). It
 * never calls the game's terminal test, goals or evaluation to choose.
 *
 * A configuration C = (X, O) is a pair of cell sets seen from the
 * machine's side (X its marks); the transformations T are the symmetries
 * of the board's square (8; a non-square board has 4), cell permutations
 * precomputed at init. Memory is an ordered list of won and hopeless
 * configurations, each stored with its image under every T, so that every
 * rule is a few bit operations per entry and transformation; "the last
 * memory entry to which the rule applies" is a scan from the end.
 * Resolutions where the paper is silent: an exact duplicate of a stored
 * configuration is not stored again; rules 5 and 6 have a register each;
 * on a non-square board the 4 symmetries of the rectangle are used.
 */
#include "agents/internal.h"

#include "gamelearn/fileio.h"
#include "gamelearn/martens.h"
#include "gamelearn/stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	MAX_CELLS = 128,   /* cells a configuration holds (Hex 11x11 = 121) */
	MAX_TRANS = 8,     /* symmetries of a square */
	FILE_MAX = 64 << 20 /* largest memory file read */
};

enum { KIND_WON = 1, KIND_HOPELESS = 2 };

/* The conditions of the rules, in the paper's notation. */
enum {
	C_REPEAT,     /* M_i C = T C_w */
	C_PART_WIN,   /* T X_w within M_i X */
	C_IMITATE,    /* T O_h' within M_i X */
	C_BLOCK,      /* T O_h within M'_i O */
	C_TOWARD_WIN, /* M_i X within T X_w (early) */
	C_TOWARD_OPP  /* M_i X within T O_h' (early) */
};

/* Rules 1-4 of the final machine (1.3) and of the early one (2.3). */
static const int final_rules[4] = {C_REPEAT, C_PART_WIN, C_IMITATE, C_BLOCK};
static const int early_rules[4] = {C_REPEAT, C_BLOCK, C_TOWARD_WIN, C_TOWARD_OPP};

static const char *const trans_names[MAX_TRANS] = {
	"id", "r90", "r180", "r270", "mh", "mv", "d", "ad"
};

/* A set of cells, cell i at bit i % 64 of word i / 64. */
typedef struct mset {
	uint64_t w[2];
} mset;

typedef struct mentry {
	uint8_t kind;            /* KIND_WON or KIND_HOPELESS */
	uint8_t tier;            /* hopeless: 1 by symmetry, 2 exact */
	uint8_t nx, no;          /* marks in X and in O */
	mset tx[MAX_TRANS];      /* T X for every transformation (0: X) */
	mset to[MAX_TRANS];      /* T O likewise */
} mentry;

typedef struct martens {
	int ncells, rows, cols;  /* the board */
	int ntrans;              /* transformations in use: 8 or 4 */
	int tmap[MAX_TRANS];     /* used transformation k -> name index */
	uint8_t perm[MAX_TRANS][MAX_CELLS]; /* cell image under each T */
	bool early;              /* rule order of section 2.3 */
	int tiers;               /* 1, or 2 admissibility criteria (2.4) */
	unsigned declared;       /* transformations invalid in advance */
	unsigned invalid;        /* recorded invalid (declared included) */
	mentry *e;               /* memory, in the order recorded */
	int ne, cap;             /* entries, room */
	mset reg5, reg6;         /* the registers of condition (c) */
	int erasures;            /* memory erasures so far */
	int plays;               /* plays ended */
	/* the present play */
	int last_rule;           /* rule of the machine's last move; 0 none */
	int last_trans;          /* transformation that move used; -1 none */
	int last_entry;          /* entry that move used; -1 none */
	int admissible;          /* admissible moves at the last choice */
	bool rule1_pending;      /* last move was rule 1: a win must follow */
	bool erase_pending;      /* the identity was found invalid */
	gl_err save_err;         /* a save in end() that failed */
	char load[GL_PARAM_TEXT]; /* load= path, or "" */
	char save[GL_PARAM_TEXT]; /* save= path, or "" */
	gl_lock save_lock;        /* held on save= while the agent lives */
} martens;

/* --- cell sets ------------------------------------------------------------ */

static inline mset ms_bit(int i)
{
	mset s = {{0, 0}};
	s.w[i >> 6] = (uint64_t)1 << (i & 63);
	return s;
}

static inline mset ms_or(mset a, mset b)
{
	return (mset){{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
}

static inline mset ms_and(mset a, mset b)
{
	return (mset){{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
}

static inline mset ms_minus(mset a, mset b)
{
	return (mset){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
}

static inline bool ms_empty(mset a)
{
	return !(a.w[0] | a.w[1]);
}

static inline bool ms_eq(mset a, mset b)
{
	return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}

/* a is a subset of b */
static inline bool ms_sub(mset a, mset b)
{
	return ms_empty(ms_minus(a, b));
}

static inline bool ms_has(mset a, int i)
{
	return a.w[i >> 6] >> (i & 63) & 1;
}

static inline int ms_count(mset a)
{
	return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]);
}

/* Lowest cell of a non-empty set. */
static inline int ms_lowest(mset a)
{
	return a.w[0] ? __builtin_ctzll(a.w[0]) : 64 + __builtin_ctzll(a.w[1]);
}

static mset ms_map(const uint8_t *perm, mset a)
{
	mset r = {{0, 0}};
	for (int k = 0; k < 2; k++)
		for (uint64_t w = a.w[k]; w; w &= w - 1)
			r = ms_or(r, ms_bit(perm[64 * k + __builtin_ctzll(w)]));
	return r;
}

/* --- transformations --------------------------------------------------------- */

/* Image (r', c') of cell (r, c) under named transformation t of an n x n
 * square. */
static void trans_cell(int t, int n, int r, int c, int *rr, int *cc)
{
	switch (t) {
	case 0: *rr = r; *cc = c; break;
	case 1: *rr = c; *cc = n - 1 - r; break;          /* r90 clockwise */
	case 2: *rr = n - 1 - r; *cc = n - 1 - c; break;  /* r180 */
	case 3: *rr = n - 1 - c; *cc = r; break;          /* r270 */
	case 4: *rr = r; *cc = n - 1 - c; break;          /* mirror left-right */
	case 5: *rr = n - 1 - r; *cc = c; break;          /* mirror top-bottom */
	case 6: *rr = c; *cc = r; break;                  /* main diagonal */
	default: *rr = n - 1 - c; *cc = n - 1 - r; break; /* anti-diagonal */
	}
}

static void make_perms(martens *m)
{
	static const int square[8] = {0, 1, 2, 3, 4, 5, 6, 7};
	static const int rect[4] = {0, 2, 4, 5};
	bool sq = m->rows == m->cols;
	m->ntrans = sq ? 8 : 4;
	for (int k = 0; k < m->ntrans; k++) {
		int t = sq ? square[k] : rect[k];
		m->tmap[k] = t;
		for (int r = 0; r < m->rows; r++)
			for (int c = 0; c < m->cols; c++) {
				int rr, cc;
				if (sq) {
					trans_cell(t, m->rows, r, c, &rr, &cc);
				} else {
					rr = (t == 2 || t == 5) ? m->rows - 1 - r : r;
					cc = (t == 2 || t == 4) ? m->cols - 1 - c : c;
				}
				m->perm[k][r * m->cols + c] = (uint8_t)(rr * m->cols + cc);
			}
	}
}

const char *gl_martens_trans_name(int t)
{
	return t >= 0 && t < MAX_TRANS ? trans_names[t] : "?";
}

/* Index (0..ntrans-1) of the transformation called name, or -1. */
static int trans_find(const martens *m, const char *name, size_t len)
{
	for (int k = 0; k < m->ntrans; k++) {
		const char *t = trans_names[m->tmap[k]];
		if (strlen(t) == len && !strncmp(t, name, len))
			return k;
	}
	return -1;
}

/* Parse a list of transformation names separated by '+' (or spaces)
 * into *mask; "" and "none" are empty. */
static int parse_trans_list(const martens *m, const char *text, unsigned *mask,
	const char *what, gl_err *err)
{
	*mask = 0;
	if (!strcmp(text, "none"))
		return 0;
	const char *p = text;
	while (*p) {
		while (*p == '+' || *p == ' ')
			p++;
		if (!*p)
			break;
		size_t len = strcspn(p, "+ ");
		int k = trans_find(m, p, len);
		if (k < 0)
			return gl_fail(err, GL_EINVAL, "%s: unknown transformation '%.*s' "
				"(this board's: %s%s)", what, (int)len, p,
				m->ntrans == 8 ? "r90 r180 r270 mh mv d ad" : "r180 mh mv",
				"");
		if (k == 0)
			return gl_fail(err, GL_EINVAL, "%s: the identity cannot be invalid", what);
		*mask |= 1u << k;
		p += len;
	}
	return 0;
}

/* --- memory ------------------------------------------------------------------ */

static void erase_memory(martens *m)
{
	m->ne = 0;
	m->reg5 = m->reg6 = (mset){{0, 0}};
	m->invalid = m->declared;
}

/* Index of the entry of this kind holding exactly (x, o), or -1. */
static int find_entry(const martens *m, int kind, mset x, mset o)
{
	for (int k = 0; k < m->ne; k++)
		if (m->e[k].kind == kind && ms_eq(m->e[k].tx[0], x) && ms_eq(m->e[k].to[0], o))
			return k;
	return -1;
}

/* Store (x, o) as kind (and tier). Returns 0 or GL_ENOMEM. */
static int add_entry(martens *m, int kind, int tier, mset x, mset o)
{
	int k = find_entry(m, kind, x, o);
	if (k >= 0) {
		if (tier > m->e[k].tier)
			m->e[k].tier = (uint8_t)tier;
		return 0;
	}
	if (m->ne == m->cap) {
		int cap = m->cap ? 2 * m->cap : 64;
		mentry *p = gl_realloc(m->e, (size_t)cap * sizeof *p);
		if (!p)
			return GL_ENOMEM;
		m->e = p;
		m->cap = cap;
	}
	mentry *e = &m->e[m->ne++];
	memset(e, 0, sizeof *e);
	e->kind = (uint8_t)kind;
	e->tier = (uint8_t)tier;
	e->nx = (uint8_t)ms_count(x);
	e->no = (uint8_t)ms_count(o);
	for (int t = 0; t < m->ntrans; t++) {
		e->tx[t] = ms_map(m->perm[t], x);
		e->to[t] = ms_map(m->perm[t], o);
	}
	return 0;
}

/* A failed rule 1: record T invalid; the identity means the memory goes. */
static void invalidate(martens *m, int t)
{
	if (t == 0)
		m->erase_pending = true;
	else
		m->invalid |= 1u << t;
}

/* --- the rules ----------------------------------------------------------------- */

/* Clear moves of C that are admissible: no clear M_j, hopeless C_h and
 * valid T with M'_j M_i C = T C_h. exact: the second criterion of 2.4
 * (exact hopeless entries, identity only). */
static mset admissible(const martens *m, mset X, mset O, mset clear, bool exact)
{
	int nx = ms_count(X) + 1, no = ms_count(O) + 1;
	mset bad = {{0, 0}};
	for (int k = 0; k < m->ne; k++) {
		const mentry *e = &m->e[k];
		if (e->kind != KIND_HOPELESS || e->nx != nx || e->no != no)
			continue;
		if (exact && e->tier != 2)
			continue;
		for (int t = 0; t < (exact ? 1 : m->ntrans); t++) {
			if (m->invalid >> t & 1)
				continue;
			if (ms_sub(X, e->tx[t]) && ms_sub(O, e->to[t]))
				bad = ms_or(bad, ms_minus(e->tx[t], X));
		}
	}
	return ms_minus(clear, bad);
}

/* The moves of cand that condition cond selects with entry e under T. */
static mset cond_moves(int cond, const mentry *e, int t, mset X, mset O, mset cand)
{
	static const mset none = {{0, 0}};
	mset tx = e->tx[t], to = e->to[t], d;
	switch (cond) {
	case C_REPEAT:
		if (!ms_eq(to, O) || !ms_sub(X, tx))
			return none;
		d = ms_minus(tx, X);
		return ms_count(d) == 1 ? ms_and(d, cand) : none;
	case C_PART_WIN:
	case C_IMITATE:
		/* T X_w (or T O_h' ) within X plus M_i */
		d = ms_minus(cond == C_PART_WIN ? tx : to, X);
		return ms_empty(d) ? cand : ms_count(d) == 1 ? ms_and(d, cand) : none;
	case C_BLOCK:
		d = ms_minus(to, O);
		return ms_empty(d) ? cand : ms_count(d) == 1 ? ms_and(d, cand) : none;
	case C_TOWARD_WIN:
		return ms_sub(X, tx) ? ms_and(ms_minus(tx, X), cand) : none;
	default: /* C_TOWARD_OPP */
		return ms_sub(X, to) ? ms_and(ms_minus(to, X), cand) : none;
	}
}

/* Condition (b): the last entry to which the rule applies determines the
 * move, the lowest-numbered one; its transformation is the first that
 * gives that move. Returns the move or -1. */
static int apply_rule(const martens *m, int cond, mset X, mset O, mset cand,
	int *trans, int *entry)
{
	int kind = (cond == C_REPEAT || cond == C_PART_WIN || cond == C_TOWARD_WIN) ?
		KIND_WON : KIND_HOPELESS;
	if (ms_empty(cand))
		return -1;
	for (int k = m->ne - 1; k >= 0; k--) {
		const mentry *e = &m->e[k];
		if (e->kind != kind)
			continue;
		int best = -1, bt = -1;
		for (int t = 0; t < m->ntrans; t++) {
			if (m->invalid >> t & 1)
				continue;
			mset hit = cond_moves(cond, e, t, X, O, cand);
			if (ms_empty(hit))
				continue;
			int i = ms_lowest(hit);
			if (best < 0 || i < best) {
				best = i;
				bt = t;
			}
		}
		if (best >= 0) {
			*trans = bt;
			*entry = k;
			return best;
		}
	}
	return -1;
}

/* Condition (c): the lowest move of cand not in the register. */
static int pick_register(mset *reg, mset cand)
{
	mset free = ms_minus(cand, *reg);
	if (ms_empty(free)) {
		*reg = (mset){{0, 0}};
		free = cand;
	}
	int i = ms_lowest(free);
	*reg = ms_or(*reg, ms_bit(i));
	return i;
}

/* The present configuration of s from the machine's side. */
static void configuration(const gl_agent *a, const void *s, mset *X, mset *O)
{
	const martens *m = a->data;
	int8_t owner[MAX_CELLS];
	a->game->type->cells(a->game, s, owner);
	*X = *O = (mset){{0, 0}};
	for (int i = 0; i < m->ncells; i++) {
		if (owner[i] == a->role)
			*X = ms_or(*X, ms_bit(i));
		else if (owner[i] >= 0)
			*O = ms_or(*O, ms_bit(i));
	}
}

static int martens_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	martens *m = a->data;
	const gl_game *g = a->game;
	mset X, O, clear = {{0, 0}};
	configuration(a, s, &X, &O);
	gl_action legal[MAX_CELLS]; /* a move marks a cell: nactions == ncells */
	int n = g->type->legal(g, s, legal);
	for (int i = 0; i < n; i++) {
		if (legal[i] < 0 || legal[i] >= m->ncells || ms_has(ms_or(X, O), legal[i]))
			return gl_fail(err, GL_EINVAL, "agent martens: move %d of %s does not "
				"mark an empty cell (condition A)", (int)legal[i], g->spec);
		clear = ms_or(clear, ms_bit(legal[i]));
	}
	if (ms_empty(clear))
		return gl_fail(err, GL_EINVAL, "agent martens: no legal move");
	/* the next input after a rule-1 move was not a win */
	if (m->rule1_pending) {
		invalidate(m, m->last_trans);
		m->rule1_pending = false;
	}
	mset adm = admissible(m, X, O, clear, false);
	if (ms_empty(adm)) {
		if (add_entry(m, KIND_HOPELESS, 1, X, O))
			return gl_fail(err, GL_ENOMEM, "agent martens: out of memory");
		if (m->tiers == 2) {
			adm = admissible(m, X, O, clear, true);
			if (ms_empty(adm) && add_entry(m, KIND_HOPELESS, 2, X, O))
				return gl_fail(err, GL_ENOMEM, "agent martens: out of memory");
		}
	}
	m->admissible = ms_count(adm);
	m->last_trans = -1;
	m->last_entry = -1;
	int i = -1, rule = 6;
	if (!ms_empty(adm)) {
		const int *order = m->early ? early_rules : final_rules;
		for (int r = 0; r < 4 && i < 0; r++) {
			i = apply_rule(m, order[r], X, O, r == 0 ? clear : adm,
				&m->last_trans, &m->last_entry);
			rule = r + 1;
		}
		if (i < 0) {
			i = pick_register(&m->reg5, adm);
			rule = 5;
		}
	}
	if (i < 0) {
		i = pick_register(&m->reg6, clear);
		rule = 6;
	}
	m->last_rule = rule;
	m->rule1_pending = rule == 1;
	*move = i;
	return 0;
}

/* --- saving and loading ---------------------------------------------------------- */

static void put_config(gl_strbuf *sb, const martens *m, mset x, mset o)
{
	for (int i = 0; i < m->ncells; i++) {
		if (i && i % m->cols == 0)
			gl_strbuf_printf(sb, "/");
		gl_strbuf_printf(sb, "%c", ms_has(x, i) ? 'X' : ms_has(o, i) ? 'O' : '.');
	}
}

static void put_register(gl_strbuf *sb, const char *name, mset r)
{
	gl_strbuf_printf(sb, "%s", name);
	for (int k = 0; k < 2; k++)
		for (uint64_t w = r.w[k]; w; w &= w - 1)
			gl_strbuf_printf(sb, " %d", 64 * k + __builtin_ctzll(w));
	gl_strbuf_printf(sb, "\n");
}

static int save_memory(const gl_agent *a, const char *path, gl_err *err)
{
	const martens *m = a->data;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_printf(&sb, "gamelearn-martens 1\n"
		"# Martens (1959) Note I: won and hopeless configurations, X the machine,\n"
		"# rows top to bottom separated by '/'; hopeless TIER: 1 by symmetry, 2 exact\n");
	gl_strbuf_printf(&sb, "game %s\nboard %d %d\nerasures %d\nplays %d\ninvalid", a->game->spec,
		m->rows, m->cols, m->erasures, m->plays);
	for (int t = 1; t < m->ntrans; t++)
		if (m->invalid >> t & 1)
			gl_strbuf_printf(&sb, " %s", trans_names[m->tmap[t]]);
	gl_strbuf_printf(&sb, "\n");
	put_register(&sb, "register5", m->reg5);
	put_register(&sb, "register6", m->reg6);
	for (int k = 0; k < m->ne; k++) {
		const mentry *e = &m->e[k];
		if (e->kind == KIND_WON)
			gl_strbuf_printf(&sb, "won ");
		else
			gl_strbuf_printf(&sb, "hopeless %d ", e->tier);
		put_config(&sb, m, e->tx[0], e->to[0]);
		gl_strbuf_printf(&sb, "\n");
	}
	gl_strbuf_printf(&sb, "end\n");
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}

static int martens_save(const gl_agent *a, const char *path, gl_err *err)
{
	return save_memory(a, path, err);
}

/* Parse a configuration "XO./..." of the board. */
static int get_config(const martens *m, const char *text, mset *x, mset *o)
{
	*x = *o = (mset){{0, 0}};
	int i = 0;
	for (const char *p = text; *p; p++) {
		if (*p == '/') {
			if (i == 0 || i % m->cols || i >= m->ncells)
				return -1;
			continue;
		}
		if (i >= m->ncells)
			return -1;
		if (*p == 'X')
			*x = ms_or(*x, ms_bit(i));
		else if (*p == 'O')
			*o = ms_or(*o, ms_bit(i));
		else if (*p != '.')
			return -1;
		i++;
	}
	return i == m->ncells ? 0 : -1;
}

static int get_register(const martens *m, char *rest, mset *r)
{
	*r = (mset){{0, 0}};
	char *save = NULL;
	for (char *tok = strtok_r(rest, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char *end;
		errno = 0;
		long v = strtol(tok, &end, 10);
		if (*end || errno || v < 0 || v >= m->ncells)
			return -1;
		*r = ms_or(*r, ms_bit((int)v));
	}
	return 0;
}

static int martens_load(gl_agent *a, const char *path, gl_err *err)
{
	martens *m = a->data;
	char *text;
	int rc = gl_read_text(path, FILE_MAX, &text, err);
	if (rc)
		return rc;
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	int state = 0; /* 0 header, 1 body, 2 after end */
	int erasures = 0, plays = 0, rows = -1, cols = -1;
	bool have_game = false;
	erase_memory(m);
	while ((line = gl_lines_next(&it))) {
		if (!line[0] || line[0] == '#')
			continue;
		char *sp = strchr(line, ' ');
		char *rest = sp ? sp + 1 : line + strlen(line);
		size_t kw = sp ? (size_t)(sp - line) : strlen(line);
#define IS(word) (kw == strlen(word) && !strncmp(line, word, kw))
		if (state == 0) {
			if (strcmp(line, "gamelearn-martens 1")) {
				gl_fail(err, GL_EPARSE, "%s:%d: not a martens memory file "
					"(want 'gamelearn-martens 1')", path, it.lineno);
				goto fail;
			}
			state = 1;
		} else if (state == 2) {
			gl_fail(err, GL_EPARSE, "%s:%d: text after 'end'", path, it.lineno);
			goto fail;
		} else if (IS("game")) {
			if (strcmp(rest, a->game->spec)) {
				gl_fail(err, GL_EINVAL, "%s:%d: memory saved for game '%s', "
					"not %s", path, it.lineno, rest, a->game->spec);
				goto fail;
			}
			have_game = true;
		} else if (IS("board")) {
			if (sscanf(rest, "%d %d", &rows, &cols) != 2 || rows != m->rows ||
			    cols != m->cols) {
				gl_fail(err, GL_EINVAL, "%s:%d: board '%s' is not %d %d",
					path, it.lineno, rest, m->rows, m->cols);
				goto fail;
			}
		} else if (IS("erasures") || IS("plays")) {
			char *end;
			long v = strtol(rest, &end, 10);
			if (!*rest || *end || v < 0 || v > 1000000000) {
				gl_fail(err, GL_EPARSE, "%s:%d: bad count '%s'", path,
					it.lineno, rest);
				goto fail;
			}
			*(IS("plays") ? &plays : &erasures) = (int)v;
		} else if (IS("invalid")) {
			unsigned mask;
			char what[300];
			snprintf(what, sizeof what, "%s:%d", path, it.lineno);
			if (parse_trans_list(m, rest, &mask, what, err))
				goto fail;
			m->invalid |= mask;
		} else if (IS("register5") || IS("register6")) {
			if (get_register(m, rest, IS("register5") ? &m->reg5 : &m->reg6)) {
				gl_fail(err, GL_EPARSE, "%s:%d: bad register (cell numbers "
					"0..%d)", path, it.lineno, m->ncells - 1);
				goto fail;
			}
		} else if (IS("won") || IS("hopeless")) {
			int tier = 0;
			mset x, o;
			if (IS("hopeless")) {
				if ((rest[0] != '1' && rest[0] != '2') || rest[1] != ' ') {
					gl_fail(err, GL_EPARSE, "%s:%d: hopeless needs tier 1 or 2",
						path, it.lineno);
					goto fail;
				}
				tier = rest[0] - '0';
				rest += 2;
			}
			if (get_config(m, rest, &x, &o) || !ms_empty(ms_and(x, o))) {
				gl_fail(err, GL_EPARSE, "%s:%d: bad configuration '%s' (want "
					"%d rows of %d cells X, O or ., separated by '/')", path,
					it.lineno, rest, m->rows, m->cols);
				goto fail;
			}
			if (add_entry(m, tier ? KIND_HOPELESS : KIND_WON, tier ? tier : 0, x, o)) {
				gl_fail(err, GL_ENOMEM, "%s: out of memory", path);
				goto fail;
			}
		} else if (IS("end")) {
			state = 2;
		} else {
			gl_fail(err, GL_EPARSE, "%s:%d: unknown line '%.40s'", path, it.lineno,
				line);
			goto fail;
		}
#undef IS
	}
	if (state != 2 || !have_game || rows < 0) {
		gl_fail(err, GL_EPARSE, "%s:%d: truncated: %s missing", path, it.lineno,
			state == 0 ? "header" : !have_game ? "'game' line" :
			rows < 0 ? "'board' line" : "'end' line");
		goto fail;
	}
	m->erasures = erasures;
	m->plays = plays;
	gl_free(text);
	return 0;
fail:
	erase_memory(m);
	gl_free(text);
	return err ? err->code : GL_EPARSE;
}

/* --- the agent ------------------------------------------------------------------- */

static const gl_param_def martens_params[] = {
	{"variant", "final", "final (rules of 1.3) or early (defensive order of 2.3)", 1, 0},
	{"tiers", "1", "admissibility criteria: 1, or 2 (with all symmetries, then none; 2.4)", 1, 2},
	{"invalid", "none", "symmetries invalid in advance, '+'-separated: r90 r180 r270 mh mv d ad", 1, 0},
	{"load", "", "memory file read at start (missing and equal to save: start empty)", 1, 0},
	{"save", "", "memory file written after every play", 1, 0},
	{NULL, NULL, NULL, 0, 0}
};

static bool martens_supports(const gl_game *g, gl_err *err)
{
	if (g->nplayers != 2 || !g->type->cells || !g->type->cell_shape ||
	    g->ncells > MAX_CELLS || (unsigned)g->nactions != g->ncells) {
		gl_fail(err, GL_EINVAL, "agent martens: %s does not meet Martens' conditions "
			"(A) and (B): it needs two players whose every move marks one empty "
			"cell of a board of at most %d cells", g->spec, MAX_CELLS);
		return false;
	}
	return true;
}

static int martens_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	const char *variant = gl_params_str(p, "variant");
	if (strcmp(variant, "final") && strcmp(variant, "early"))
		return gl_fail(err, GL_EINVAL, "agent martens: variant must be final or early, "
			"got '%s'", variant);
	martens *m = gl_calloc(1, sizeof *m);
	if (!m)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	m->ncells = (int)a->game->ncells;
	a->game->type->cell_shape(a->game, &m->rows, &m->cols);
	if (m->rows * m->cols != m->ncells) {
		gl_free(m);
		return gl_fail(err, GL_EINVAL, "agent martens: %s: cell shape %dx%d is not "
			"%d cells", a->game->spec, m->rows, m->cols, m->ncells);
	}
	make_perms(m);
	m->early = !strcmp(variant, "early");
	m->tiers = (int)gl_params_int(p, "tiers");
	m->last_trans = m->last_entry = -1;
	snprintf(m->load, sizeof m->load, "%s", gl_params_str(p, "load"));
	snprintf(m->save, sizeof m->save, "%s", gl_params_str(p, "save"));
	int rc = parse_trans_list(m, gl_params_str(p, "invalid"), &m->declared,
		"agent martens: invalid", err);
	if (rc) {
		gl_free(m);
		return rc;
	}
	m->invalid = m->declared;
	a->data = m;
	if (m->load[0]) {
		FILE *f = fopen(m->load, "r");
		bool fresh = !f && errno == ENOENT && !strcmp(m->load, m->save);
		if (f)
			fclose(f);
		if (!fresh && (rc = martens_load(a, m->load, err)))
			goto fail;
	}
	/* lock at once, so that a bad save path or another process saving
	 * there is an error now, not after a play; nothing is written until
	 * a play ends (a command that fails after this leaves a memory
	 * saved before as it was) */
	if (m->save[0] && (rc = gl_lock_take(&m->save_lock, m->save, err)))
		goto fail;
	return 0;
fail:
	gl_lock_drop(&m->save_lock);
	gl_free(m->e);
	gl_free(m);
	a->data = NULL;
	return rc;
}

static void martens_done(gl_agent *a)
{
	martens *m = a->data;
	if (!m)
		return;
	gl_lock_drop(&m->save_lock);
	gl_free(m->e);
	gl_free(m);
}

static int martens_begin(gl_agent *a, gl_err *err)
{
	martens *m = a->data;
	m->last_rule = 0;
	m->last_trans = m->last_entry = -1;
	m->rule1_pending = false;
	if (m->save_err.code) {
		int rc = gl_fail(err, m->save_err.code, "%s", m->save_err.msg);
		gl_err_clear(&m->save_err);
		return rc;
	}
	return 0;
}

/* Section 1.4: what the outcome of a play makes the machine remember. */
static void martens_end(gl_agent *a, const void *s, const int *goals)
{
	martens *m = a->data;
	int result = gl_result_of(goals, 2, a->role);
	if (m->rule1_pending && result <= 0)
		invalidate(m, m->last_trans);
	m->rule1_pending = false;
	mset X, O;
	configuration(a, s, &X, &O);
	int rc = 0;
	if (result > 0 && m->last_rule != 1)
		rc = add_entry(m, KIND_WON, 0, X, O);
	else if (result < 0 && m->last_rule != 6)
		rc = add_entry(m, KIND_HOPELESS, 2, X, O);
	if (rc)
		gl_fail(&m->save_err, GL_ENOMEM, "agent martens: out of memory");
	if (m->erase_pending) {
		erase_memory(m);
		m->erasures++;
		m->erase_pending = false;
	}
	m->plays++;
	if (m->save[0] && !m->save_err.code)
		save_memory(a, m->save, &m->save_err);
}

const gl_agent_type gl_agent_martens = {
	.name = "martens",
	.summary = "Martens (1959) Note I: learns a placement game from won and hopeless configurations",
	.params = martens_params,
	.supports = martens_supports,
	.init = martens_init,
	.done = martens_done,
	.begin = martens_begin,
	.choose = martens_choose,
	.end = martens_end,
	.save = martens_save,
	.load = martens_load,
};

/* --- looking at the memory ------------------------------------------------------- */

int gl_martens_info_get(const gl_agent *a, gl_martens_info *out)
{
	if (!a || a->type != &gl_agent_martens)
		return GL_EINVAL;
	const martens *m = a->data;
	memset(out, 0, sizeof *out);
	for (int k = 0; k < m->ne; k++) {
		if (m->e[k].kind == KIND_WON) {
			out->won++;
		} else {
			out->hopeless++;
			out->hopeless_exact += m->e[k].tier == 2;
		}
	}
	out->ntrans = m->ntrans;
	for (int t = 0; t < m->ntrans; t++)
		if (m->invalid >> t & 1)
			out->invalid |= 1u << m->tmap[t];
	out->erasures = m->erasures;
	out->last_rule = m->last_rule;
	out->last_trans = m->last_trans >= 0 ? m->tmap[m->last_trans] : -1;
	out->last_entry = m->last_entry;
	out->admissible = m->admissible;
	out->plays = m->plays;
	return 0;
}

/* Draw the entries idx[0..n-1] side by side, six to a row. */
static void draw_boards(gl_strbuf *sb, const martens *m, const int *idx, int n)
{
	enum { PER_ROW = 6 };
	int width = 2 * m->cols + 3;
	if (width < 14)
		width = 14;
	for (int base = 0; base < n; base += PER_ROW) {
		int cnt = n - base < PER_ROW ? n - base : PER_ROW;
		for (int j = 0; j < cnt; j++) {
			const mentry *e = &m->e[idx[base + j]];
			char cap[32];
			if (e->kind == KIND_WON)
				snprintf(cap, sizeof cap, "#%d won", idx[base + j] + 1);
			else
				snprintf(cap, sizeof cap, "#%d hopeless%s", idx[base + j] + 1,
					e->tier == 1 ? "*" : "");
			gl_strbuf_printf(sb, "%-*s", width, cap);
		}
		gl_strbuf_printf(sb, "\n");
		for (int r = 0; r < m->rows; r++) {
			for (int j = 0; j < cnt; j++) {
				const mentry *e = &m->e[idx[base + j]];
				for (int c = 0; c < m->cols; c++) {
					int i = r * m->cols + c;
					gl_strbuf_printf(sb, "%c ", ms_has(e->tx[0], i) ? 'X' :
						ms_has(e->to[0], i) ? 'O' : '.');
				}
				gl_strbuf_printf(sb, "%*s", width - 2 * m->cols, "");
			}
			gl_strbuf_printf(sb, "\n");
		}
		gl_strbuf_printf(sb, "\n");
	}
}

int gl_martens_describe(const gl_agent *a, gl_strbuf *sb, int max)
{
	gl_martens_info info;
	if (gl_martens_info_get(a, &info))
		return GL_EINVAL;
	const martens *m = a->data;
	gl_strbuf_printf(sb, "%s: %d won, %d hopeless (%d exact), %d plays, %d erasures\n",
		a->game->spec, info.won, info.hopeless, info.hopeless_exact, info.plays,
		info.erasures);
	gl_strbuf_printf(sb, "invalid transformations:");
	if (!info.invalid)
		gl_strbuf_printf(sb, " none");
	for (int t = 1; t < MAX_TRANS; t++)
		if (info.invalid >> t & 1)
			gl_strbuf_printf(sb, " %s", trans_names[t]);
	gl_strbuf_printf(sb, "\n");
	int *idx = gl_malloc(sizeof *idx * (size_t)(m->ne ? m->ne : 1));
	if (!idx) {
		sb->oom = true;
		return 0;
	}
	for (int kind = KIND_WON; kind <= KIND_HOPELESS; kind++) {
		int n = 0, total = kind == KIND_WON ? info.won : info.hopeless;
		int skip = max >= 0 && total > max ? total - max : 0;
		for (int k = 0; k < m->ne; k++)
			if (m->e[k].kind == kind && skip-- <= 0)
				idx[n++] = k;
		gl_strbuf_printf(sb, "\n%s configurations (%d%s; X the machine%s):\n",
			kind == KIND_WON ? "won" : "hopeless", total,
			n < total ? ", the latest shown" : "",
			kind == KIND_HOPELESS ? ", * by symmetry only" : "");
		if (n)
			draw_boards(sb, m, idx, n);
	}
	gl_free(idx);
	return 0;
}
