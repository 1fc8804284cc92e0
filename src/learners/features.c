/*
 * features.c - game-tree lookahead features (Banerjee and Stone 2007,
 * section 3, Figures 1 and 2): the canonical text of the tree under an
 * afterstate, the minimax value of the same lookahead (the lookahead
 * learner of section 4), ASCII drawings, and feature tables with their
 * visit-weighted values (Table 1), saved as text.
 *
 * The tree is expanded through game.h only, with a move list and a state
 * per level from the caller's scratch (gl_lookahead_scratch): nothing is
 * allocated per tree. Each node is classed for the learner as
 * win, draw or loss (terminal) or non-terminal; the distinct sorted texts
 * of a node's children coalesce equal siblings level by level.
 */
#include "gamelearn/td.h"
#include "gamelearn/fileio.h"
#include "gamelearn/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_KINDS = 24 }; /* distinct child subtrees kept per node */

static char class_of(const gl_game *g, const void *s, int role)
{
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	int r = gl_result_of(goals, (int)g->nplayers, role);
	return r > 0 ? 'W' : r < 0 ? 'L' : 'D';
}

/* Text of the subtree of s with `left` more levels into out (size n),
 * its children made in level `level` of w. Returns the length, or -1 if
 * it does not fit. */
static int node_text(const gl_game *g, const void *s, int role, int left,
	const gl_scratch *w, int level, char *out, size_t n)
{
	if (n < 2)
		return -1;
	if (g->type->terminal(g, s)) {
		out[0] = class_of(g, s, role);
		out[1] = '\0';
		return 1;
	}
	if (left == 0) {
		out[0] = 'N';
		out[1] = '\0';
		return 1;
	}
	char kinds[MAX_KINDS][GL_FEATURE_TEXT];
	int nk = 0;
	gl_action *moves = gl_scratch_moves(w, level);
	void *c = gl_scratch_state(w, level);
	int nm = g->type->legal(g, s, moves);
	for (int i = 0; i < nm; i++) {
		char t[GL_FEATURE_TEXT];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		if (node_text(g, c, role, left - 1, w, level + 1, t, sizeof t) < 0)
			return -1;
		/* insert t into the sorted distinct list */
		int lo = 0, hi = nk;
		while (lo < hi) {
			int mid = (lo + hi) / 2;
			if (strcmp(kinds[mid], t) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < nk && !strcmp(kinds[lo], t))
			continue;
		if (nk == MAX_KINDS)
			return -1;
		memmove(kinds[lo + 1], kinds[lo], (size_t)(nk - lo) * sizeof kinds[0]);
		strcpy(kinds[lo], t);
		nk++;
	}
	size_t len = 0;
	int wrote = snprintf(out, n, "N(");
	len = (size_t)wrote;
	for (int i = 0; i < nk; i++) {
		wrote = snprintf(out + len, len < n ? n - len : 0, "%s%s", i ? "," : "",
			kinds[i]);
		len += (size_t)wrote;
		if (len >= n)
			return -1;
	}
	if (len + 2 > n)
		return -1;
	out[len++] = ')';
	out[len] = '\0';
	return (int)len;
}

int gl_lookahead_scratch(gl_scratch *w, const gl_game *g, gl_err *err)
{
	return gl_scratch_init(w, g, GL_FEATURE_DEPTH_MAX, GL_FEATURE_DEPTH_MAX,
		err);
}

int gl_feature_of(const gl_game *g, const void *s, int role, int depth,
	const gl_scratch *w, char *buf, size_t n)
{
	if (depth < 0)
		depth = 0;
	if (depth > GL_FEATURE_DEPTH_MAX)
		depth = GL_FEATURE_DEPTH_MAX;
	if (node_text(g, s, role, depth, w, 0, buf, n) < 0) {
		if (n)
			buf[0] = '\0';
		return GL_ERANGE;
	}
	return strpbrk(buf, "WDL") != NULL;
}

/* gl_lookahead_value at level `level` of w's buffers. */
static double lookahead(const gl_game *g, const void *s, int role, int depth,
	double dflt, const gl_scratch *w, int level)
{
	if (g->type->terminal(g, s)) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, s, goals);
		return goals[role];
	}
	if (depth <= 0)
		return dflt;
	bool mine = g->type->to_move(g, s) == role;
	double best = mine ? -1e300 : 1e300;
	gl_action *moves = gl_scratch_moves(w, level);
	void *c = gl_scratch_state(w, level);
	int nm = g->type->legal(g, s, moves);
	for (int i = 0; i < nm; i++) {
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		double v = lookahead(g, c, role, depth - 1, dflt, w, level + 1);
		if (mine ? v > best : v < best)
			best = v;
	}
	return best;
}

double gl_lookahead_value(const gl_game *g, const void *s, int role, int depth,
	double dflt, const gl_scratch *w)
{
	if (depth > GL_FEATURE_DEPTH_MAX)
		depth = GL_FEATURE_DEPTH_MAX;
	return lookahead(g, s, role, depth, dflt, w, 0);
}

bool gl_feature_is_tree(const char *text)
{
	return text[0] == 'N' && text[1] == '(';
}

/* --- Drawing ------------------------------------------------------------------ */

/* Text appended to a caller's buffer, counting what did not fit. */
typedef struct drawer {
	char *buf;    /* the caller's buffer */
	size_t n;     /* its size */
	size_t len;   /* length of the whole text so far (may exceed n) */
} drawer;

/* Append the texts a and b. */
static void put(drawer *d, const char *a, const char *b)
{
	int w = snprintf(d->buf ? d->buf + (d->len < d->n ? d->len : d->n) : NULL,
		d->len < d->n ? d->n - d->len : 0, "%s%s", a, b);
	d->len += (size_t)(w > 0 ? w : 0);
}

static const char *class_name(char c, int level)
{
	switch (c) {
	case 'W': return "win for the learner";
	case 'D': return "draw";
	case 'L': return "loss for the learner";
	default: return level % 2 ? "non-terminal, learner to move"
				  : "non-terminal, opponent to move";
	}
}

/* Draw the node at *p (level 0 = the afterstate) with prefix; advances *p.
 * Returns -1 on malformed text. */
static int draw_node(drawer *d, const char **p, int level, char *prefix, size_t plen,
	bool last, bool root)
{
	char c = **p;
	if (c != 'W' && c != 'D' && c != 'L' && c != 'N')
		return -1;
	(*p)++;
	static const char *const sym[] = {"[W]", "[D]", "[L]", "(o)", "[ ]"};
	const char *s = c == 'W' ? sym[0] : c == 'D' ? sym[1] : c == 'L' ? sym[2] :
		level % 2 ? sym[3] : sym[4];
	char line[GL_FEATURE_TEXT + 64];
	snprintf(line, sizeof line, "%s%s", root ? "" : last ? "`-- " : "|-- ", s);
	put(d, prefix, line);
	put(d, " ", class_name(c, level));
	put(d, "\n", "");
	if (**p != '(')
		return 0;
	(*p)++;
	size_t add = root ? 0 : 4;
	if (plen + add + 1 > GL_FEATURE_TEXT)
		return -1;
	if (!root)
		memcpy(prefix + plen, last ? "    " : "|   ", 4);
	prefix[plen + add] = '\0';
	for (;;) {
		/* is this child the last one? find the matching end */
		const char *q = *p;
		int depth = 0;
		for (; *q; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')') {
				if (depth-- == 0)
					break;
			} else if (*q == ',' && depth == 0)
				break;
		}
		if (!*q)
			return -1;
		if (draw_node(d, p, level + 1, prefix, plen + add, *q == ')', false))
			return -1;
		if (**p == ',') {
			(*p)++;
			continue;
		}
		if (**p != ')')
			return -1;
		(*p)++;
		break;
	}
	prefix[plen] = '\0';
	return 0;
}

int gl_feature_draw(const char *text, char *buf, size_t n)
{
	drawer d = {buf, n, 0};
	char prefix[GL_FEATURE_TEXT + 8] = "";
	const char *p = text;
	if (n)
		buf[0] = '\0';
	if (draw_node(&d, &p, 0, prefix, 0, true, true) || *p)
		return GL_EPARSE;
	return (int)d.len;
}

/* --- Feature tables ---------------------------------------------------------- */

void gl_fset_init(gl_feature_set *fs, int depth)
{
	memset(fs, 0, sizeof *fs);
	fs->depth = depth;
}

void gl_fset_done(gl_feature_set *fs)
{
	gl_free(fs->f);
	gl_fset_init(fs, fs->depth);
}

static int fset_pos(const gl_feature_set *fs, const char *text, bool *found)
{
	int lo = 0, hi = fs->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (strcmp(fs->f[mid].text, text) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < fs->n && !strcmp(fs->f[lo].text, text);
	return lo;
}

const gl_feature *gl_fset_find(const gl_feature_set *fs, const char *text)
{
	bool found;
	int i = fset_pos(fs, text, &found);
	return found ? &fs->f[i] : NULL;
}

int gl_fset_add(gl_feature_set *fs, const char *text, double sum, double weight,
	uint64_t states)
{
	bool found;
	int i = fset_pos(fs, text, &found);
	if (!found) {
		if (strlen(text) >= GL_FEATURE_TEXT)
			return GL_ERANGE;
		if (fs->n == fs->cap) {
			int cap = fs->cap ? 2 * fs->cap : 32;
			gl_feature *f = gl_realloc(fs->f, (size_t)cap * sizeof *f);
			if (!f)
				return GL_ENOMEM;
			fs->f = f;
			fs->cap = cap;
		}
		memmove(&fs->f[i + 1], &fs->f[i], (size_t)(fs->n - i) * sizeof *fs->f);
		memset(&fs->f[i], 0, sizeof *fs->f);
		strcpy(fs->f[i].text, text);
		fs->n++;
	}
	fs->f[i].sum += sum;
	fs->f[i].weight += weight;
	fs->f[i].states += states;
	return 0;
}

double gl_feature_value(const gl_feature *f, double dflt)
{
	return f && f->weight > 0 ? f->sum / f->weight : dflt;
}

static int replies(const char *t)
{
	if (!gl_feature_is_tree(t))
		return 0;
	int n = 1, depth = 0;
	for (const char *p = t + 2; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (*p == ',' && depth == 0)
			n++;
	}
	return n;
}

int gl_feature_cmp(const void *a, const void *b)
{
	const gl_feature *x = a, *y = b;
	int rx = replies(x->text), ry = replies(y->text);
	if (rx != ry)
		return rx < ry ? -1 : 1;
	size_t lx = strlen(x->text), ly = strlen(y->text);
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return strcmp(x->text, y->text);
}

enum { FSET_FILE_MAX = 16 << 20 };

int gl_fset_save(const gl_feature_set *fs, const char *path, gl_err *err)
{
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_printf(&sb, "gamelearn td-features 1\n");
	gl_strbuf_printf(&sb, "game %s\n", fs->game[0] ? fs->game : "-");
	gl_strbuf_printf(&sb, "opponent %s\n", fs->opponent[0] ? fs->opponent : "-");
	gl_strbuf_printf(&sb, "depth %d\n", fs->depth);
	gl_strbuf_printf(&sb, "# value sum weight states text\n");
	for (int i = 0; i < fs->n; i++) {
		const gl_feature *f = &fs->f[i];
		gl_strbuf_printf(&sb, "feature %.6f %.17g %.17g %llu %s\n",
			gl_feature_value(f, 50), f->sum, f->weight,
			(unsigned long long)f->states, f->text);
	}
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}

/* Copy the rest of a header line after "key " into dst (size n). */
static int header(const char *line, const char *key, char *dst, size_t n)
{
	size_t k = strlen(key);
	if (strncmp(line, key, k) || line[k] != ' ' || strlen(line + k + 1) >= n)
		return -1;
	strcpy(dst, line + k + 1);
	if (!strcmp(dst, "-"))
		dst[0] = '\0';
	return 0;
}

int gl_fset_load(gl_feature_set *fs, const char *path, gl_err *err)
{
	char *text;
	int rc = gl_read_text(path, FSET_FILE_MAX, &text, err);
	if (rc)
		return rc;
	gl_fset_done(fs);
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	char depth[32];
	rc = 0;
	while ((line = gl_lines_next(&it))) {
		int ln = it.lineno;
		if (ln == 1) {
			if (strcmp(line, "gamelearn td-features 1")) {
				rc = gl_fail(err, GL_EPARSE, "%s:1: not a gamelearn feature file "
					"(expected 'gamelearn td-features 1')", path);
				break;
			}
		} else if (ln == 2) {
			if (header(line, "game", fs->game, sizeof fs->game)) {
				rc = gl_fail(err, GL_EPARSE, "%s:2: expected 'game SPEC'", path);
				break;
			}
		} else if (ln == 3) {
			if (header(line, "opponent", fs->opponent, sizeof fs->opponent)) {
				rc = gl_fail(err, GL_EPARSE, "%s:3: expected 'opponent SPEC'", path);
				break;
			}
		} else if (ln == 4) {
			char *end;
			long d = header(line, "depth", depth, sizeof depth) ? -1 :
				strtol(depth, &end, 10);
			if (d < 0 || d > GL_FEATURE_DEPTH_MAX || *end) {
				rc = gl_fail(err, GL_EPARSE, "%s:4: expected 'depth D' with D in 0..%d",
					path, GL_FEATURE_DEPTH_MAX);
				break;
			}
			fs->depth = (int)d;
		} else if (line[0] == '#' || line[0] == '\0') {
			continue;
		} else {
			double v, sum, w;
			unsigned long long states;
			char t[GL_FEATURE_TEXT + 1];
			char tail;
			if (strlen(line) > GL_FEATURE_TEXT + 200 ||
			    sscanf(line, "feature %lf %lf %lf %llu %256s %c", &v, &sum, &w,
				    &states, t, &tail) != 5 || !(w >= 0) ||
			    strlen(t) >= GL_FEATURE_TEXT) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d: expected 'feature VALUE SUM "
					"WEIGHT STATES TEXT'", path, ln);
				break;
			}
			char draw[8];
			if (gl_feature_draw(t, draw, sizeof draw) < 0) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d: malformed feature text '%s'",
					path, ln, t);
				break;
			}
			if (gl_fset_find(fs, t)) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d: feature '%s' listed twice",
					path, ln, t);
				break;
			}
			if (gl_fset_add(fs, t, sum, w, (uint64_t)states)) {
				rc = gl_fail(err, GL_ENOMEM, "out of memory loading %s", path);
				break;
			}
		}
	}
	if (!rc && it.lineno < 4)
		rc = gl_fail(err, GL_EPARSE, "%s:%d: file ends inside its header", path,
			it.lineno + 1);
	gl_free(text);
	if (rc)
		gl_fset_done(fs);
	return rc;
}
