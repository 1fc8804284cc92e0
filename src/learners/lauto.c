/*
 * lauto.c - Martens' L-automaton (agent `lauto`) and the exact judge of
 * its mistakes: H. H. Martens, "Two Notes on Machine 'Learning'" (1959),
 * Note II, the constructive design at the end of section 5.
 *
 * The automaton plays one seat of any two-player game. Its e-string is
 * the play so far: the opponent's moves are input symbols, its own moves
 * output symbols (each symbol stored as move * 2 + mine, so the exchange
 * structure is exact). The input configuration is the e-string since the
 * last evaluation (the start of the play) with the present input. The
 * outputs, in "alphabetical" order, are the legal action ids ascending;
 * an output is inadmissible when the e-string it completes is listed in
 * memory. It responds with the first admissible output; if none, with the
 * first of those listed with the highest evaluation, and then lists "the
 * e-string belonging to that configuration" (the play up to its previous
 * output, the present input left out) with that evaluation, or lowers it.
 *
 * Evaluations come from the environment: the goal told at the end, or
 * 100 - goal (eval=misere). The highest (100) is never listed; a lower
 * one is listed with the play's e-string the first time it occurs. When
 * the opponent made the last move, the play's e-string ends with an input
 * followed by the empty output: that configuration has no admissible
 * output, so by the same rule the e-string up to the automaton's last
 * output is listed (or lowered) with the play's evaluation. Only that
 * entry is kept: the complete e-string, ending in an input, is never
 * consulted again. Memory is a hash table over an arena of symbols,
 * grown geometrically; nothing is allocated per move otherwise.
 */
#include "agents/internal.h"

#include "gamelearn/fileio.h"
#include "gamelearn/martens.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LFILE_MAX = 256 << 20 };

static const uint64_t HASH0 = 0x6a09e667f3bcc909ULL;

static inline uint64_t hash_step(uint64_t h, int32_t sym)
{
	return gl_mix64(h ^ ((uint64_t)(uint32_t)sym + 1) * 0x9e3779b97f4a7c15ULL);
}

typedef struct lentry {
	uint64_t hash; /* of the e-string */
	size_t off;    /* its symbols at sym[off .. off+len) */
	uint32_t len;  /* symbols */
	int eval;      /* its evaluation, 0..99 */
} lentry;

typedef struct lauto {
	bool misere;      /* evaluation = 100 - goal */
	int32_t *sym;     /* arena of listed e-strings' symbols */
	size_t nsym, capsym;
	lentry *e;        /* listed e-strings, in the order listed */
	long ne, cape;
	long *slot;       /* hash table of entry indices, -1 empty */
	size_t nslot;     /* power of two */
	int32_t *hist;    /* the present e-string */
	uint64_t *hh;     /* hh[k]: hash of its first k symbols */
	int nh, caph;
	int last_out;     /* length of the e-string up to its last output; 0 none */
	int plays;        /* plays ended */
	gl_err save_err;  /* a failed save in end(), reported by begin() */
	char load[GL_PARAM_TEXT];
	char save[GL_PARAM_TEXT];
	gl_lock save_lock; /* held on save= while the agent lives */
	gl_scratch w;     /* a move list (choose) and a state (the memory's
			     moves replayed: save, load, describe) */
} lauto;

/* --- memory ----------------------------------------------------------------- */

static long lookup(const lauto *l, uint64_t h, const int32_t *s, int len)
{
	size_t mask = l->nslot - 1;
	for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
		long k = l->slot[i];
		if (k < 0)
			return -1;
		const lentry *e = &l->e[k];
		if (e->hash == h && e->len == (uint32_t)len &&
		    !memcmp(l->sym + e->off, s, (size_t)len * sizeof *s))
			return k;
	}
}

static int grow_slots(lauto *l)
{
	size_t n = l->nslot ? 2 * l->nslot : 1024;
	long *slot = gl_malloc(n * sizeof *slot);
	if (!slot)
		return GL_ENOMEM;
	for (size_t i = 0; i < n; i++)
		slot[i] = -1;
	for (long k = 0; k < l->ne; k++) {
		size_t i = (size_t)l->e[k].hash & (n - 1);
		while (slot[i] >= 0)
			i = (i + 1) & (n - 1);
		slot[i] = k;
	}
	gl_free(l->slot);
	l->slot = slot;
	l->nslot = n;
	return 0;
}

/* List (s, len) with evaluation ev, or lower its evaluation to ev. */
static int list_estring(lauto *l, uint64_t h, const int32_t *s, int len, int ev)
{
	long k = lookup(l, h, s, len);
	if (k >= 0) {
		if (ev < l->e[k].eval)
			l->e[k].eval = ev;
		return 0;
	}
	if ((size_t)(l->ne + 1) * 2 > l->nslot && grow_slots(l))
		return GL_ENOMEM;
	if (l->ne == l->cape) {
		long cap = l->cape ? 2 * l->cape : 256;
		lentry *p = gl_realloc(l->e, (size_t)cap * sizeof *p);
		if (!p)
			return GL_ENOMEM;
		l->e = p;
		l->cape = cap;
	}
	if (l->nsym + (size_t)len > l->capsym) {
		size_t cap = l->capsym ? 2 * l->capsym : 4096;
		while (cap < l->nsym + (size_t)len)
			cap *= 2;
		int32_t *p = gl_realloc(l->sym, cap * sizeof *p);
		if (!p)
			return GL_ENOMEM;
		l->sym = p;
		l->capsym = cap;
	}
	memcpy(l->sym + l->nsym, s, (size_t)len * sizeof *s);
	l->e[l->ne] = (lentry){h, l->nsym, (uint32_t)len, ev};
	l->nsym += (size_t)len;
	size_t i = (size_t)h & (l->nslot - 1);
	while (l->slot[i] >= 0)
		i = (i + 1) & (l->nslot - 1);
	l->slot[i] = l->ne++;
	return 0;
}

static void forget(lauto *l)
{
	l->ne = 0;
	l->nsym = 0;
	for (size_t i = 0; i < l->nslot; i++)
		l->slot[i] = -1;
}

/* Append a symbol to the present e-string. */
static int push(lauto *l, int32_t sym)
{
	if (l->nh + 1 >= l->caph) {
		int cap = 2 * l->caph;
		int32_t *h = gl_realloc(l->hist, (size_t)cap * sizeof *h);
		if (!h)
			return GL_ENOMEM;
		l->hist = h;
		uint64_t *hh = gl_realloc(l->hh, (size_t)(cap + 1) * sizeof *hh);
		if (!hh)
			return GL_ENOMEM;
		l->hh = hh;
		l->caph = cap;
	}
	l->hist[l->nh] = sym;
	l->hh[l->nh + 1] = hash_step(l->hh[l->nh], sym);
	l->nh++;
	return 0;
}

/* --- the agent ---------------------------------------------------------------- */

static int lauto_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	lauto *l = a->data;
	const gl_game *g = a->game;
	gl_action *legal = gl_scratch_moves(&l->w, 0);
	int n = g->type->legal(g, s, legal);
	if (n <= 0)
		return gl_fail(err, GL_EINVAL, "agent lauto: no legal move");
	if (push(l, 0))
		return gl_fail(err, GL_ENOMEM, "agent lauto: out of memory");
	l->nh--; /* room for the trial output */
	int best = -1, besteval = -1;
	for (int i = 0; i < n; i++) {
		int32_t sym = legal[i] * 2 + 1;
		l->hist[l->nh] = sym;
		uint64_t h = hash_step(l->hh[l->nh], sym);
		long k = lookup(l, h, l->hist, l->nh + 1);
		if (k < 0) {
			*move = legal[i]; /* the alphabetically first admissible */
			return 0;
		}
		if (l->e[k].eval > besteval) {
			besteval = l->e[k].eval;
			best = i;
		}
	}
	/* no admissible output: list the configuration's e-string */
	*move = legal[best];
	if (l->last_out > 0 && list_estring(l, l->hh[l->last_out], l->hist, l->last_out, besteval))
		return gl_fail(err, GL_ENOMEM, "agent lauto: out of memory");
	return 0;
}

static void lauto_observe(gl_agent *a, const void *s, int player, gl_action move)
{
	(void)s;
	lauto *l = a->data;
	if (push(l, move * 2 + (player == a->role))) {
		gl_fail(&l->save_err, GL_ENOMEM, "agent lauto: out of memory");
		return;
	}
	if (player == a->role)
		l->last_out = l->nh;
}

static int lauto_begin(gl_agent *a, gl_err *err)
{
	lauto *l = a->data;
	l->nh = 0;
	l->last_out = 0;
	l->hh[0] = HASH0;
	if (l->save_err.code) {
		int rc = gl_fail(err, l->save_err.code, "%s", l->save_err.msg);
		gl_err_clear(&l->save_err);
		return rc;
	}
	return 0;
}

static int save_memory(const gl_agent *a, const char *path, gl_err *err);

static void lauto_end(gl_agent *a, const void *s, const int *goals)
{
	(void)s;
	lauto *l = a->data;
	int ev = l->misere ? 100 - goals[a->role] : goals[a->role];
	if (ev < 100 && l->last_out > 0 &&
	    list_estring(l, l->hh[l->last_out], l->hist, l->last_out, ev))
		gl_fail(&l->save_err, GL_ENOMEM, "agent lauto: out of memory");
	l->plays++;
	if (l->save[0] && !l->save_err.code)
		save_memory(a, l->save, &l->save_err);
}

/* --- saving and loading ---------------------------------------------------------- */

static int save_memory(const gl_agent *a, const char *path, gl_err *err)
{
	const lauto *l = a->data;
	const gl_game *g = a->game;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_printf(&sb, "gamelearn-lauto 1\n"
		"# Martens (1959) Note II, section 5: listed e-strings with their evaluation;\n"
		"# '>' the automaton's output, '<' an input (the opponent's move)\n"
		"game %s\neval %s\nplays %d\n", g->spec, l->misere ? "misere" : "normal", l->plays);
	void *st = gl_scratch_state(&l->w, 0);
	for (long k = 0; k < l->ne; k++) {
		const lentry *e = &l->e[k];
		gl_strbuf_printf(&sb, "e %d", e->eval);
		g->type->start(g, st);
		for (uint32_t i = 0; i < e->len; i++) {
			int32_t sym = l->sym[e->off + i];
			char mt[GL_MOVE_TEXT];
			g->type->format_move(g, st, sym >> 1, mt, sizeof mt);
			gl_strbuf_printf(&sb, " %c%s", sym & 1 ? '>' : '<', mt);
			g->type->apply(g, st, sym >> 1);
		}
		gl_strbuf_printf(&sb, "\n");
	}
	gl_strbuf_printf(&sb, "end\n");
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}

static int lauto_save(const gl_agent *a, const char *path, gl_err *err)
{
	return save_memory(a, path, err);
}

/* The next symbol of an e-string line at *p ('<' or '>' and a move's
 * text), NUL-terminated in place, or NULL at the end of the line. Move
 * texts may hold spaces inside parentheses (GDL terms such as
 * `(mark 1 1)`): a symbol ends at a space outside every parenthesis. */
static char *next_symbol(char **p)
{
	char *c = *p;
	while (*c == ' ')
		c++;
	if (!*c) {
		*p = c;
		return NULL;
	}
	char *tok = c;
	int depth = 0;
	for (; *c && (*c != ' ' || depth > 0); c++)
		if (*c == '(')
			depth++;
		else if (*c == ')' && depth > 0)
			depth--;
	if (*c)
		*c++ = '\0';
	*p = c;
	return tok;
}

static int lauto_load(gl_agent *a, const char *path, gl_err *err)
{
	lauto *l = a->data;
	const gl_game *g = a->game;
	char *text;
	int rc = gl_read_text(path, LFILE_MAX, &text, err);
	if (rc)
		return rc;
	int32_t *seq = gl_malloc(sizeof *seq * (g->max_length + 1));
	if (!seq) {
		gl_free(text);
		return gl_fail(err, GL_ENOMEM, "%s: out of memory", path);
	}
	forget(l);
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	int state = 0, plays = 0;
	bool have_game = false, have_eval = false;
	while ((line = gl_lines_next(&it))) {
		if (!line[0] || line[0] == '#')
			continue;
		if (state == 0) {
			if (strcmp(line, "gamelearn-lauto 1")) {
				gl_fail(err, GL_EPARSE, "%s:%d: not an lauto memory file "
					"(want 'gamelearn-lauto 1')", path, it.lineno);
				goto fail;
			}
			state = 1;
		} else if (state == 2) {
			gl_fail(err, GL_EPARSE, "%s:%d: text after 'end'", path, it.lineno);
			goto fail;
		} else if (!strncmp(line, "game ", 5)) {
			if (strcmp(line + 5, g->spec)) {
				gl_fail(err, GL_EINVAL, "%s:%d: memory saved for game '%s', not %s",
					path, it.lineno, line + 5, g->spec);
				goto fail;
			}
			have_game = true;
		} else if (!strncmp(line, "eval ", 5)) {
			if (strcmp(line + 5, l->misere ? "misere" : "normal")) {
				gl_fail(err, GL_EINVAL, "%s:%d: memory saved under eval '%s', "
					"this automaton's is %s", path, it.lineno, line + 5,
					l->misere ? "misere" : "normal");
				goto fail;
			}
			have_eval = true;
		} else if (!strncmp(line, "plays ", 6)) {
			char *end;
			long v = strtol(line + 6, &end, 10);
			if (*end || v < 0 || v > 1000000000) {
				gl_fail(err, GL_EPARSE, "%s:%d: bad count", path, it.lineno);
				goto fail;
			}
			plays = (int)v;
		} else if (!strncmp(line, "e ", 2)) {
			if (!have_game || !have_eval) {
				gl_fail(err, GL_EPARSE, "%s:%d: e-string before the 'game' and "
					"'eval' lines", path, it.lineno);
				goto fail;
			}
			char *end;
			long ev = strtol(line + 2, &end, 10);
			if (end == line + 2 || ev < 0 || ev > 99 || *end != ' ') {
				gl_fail(err, GL_EPARSE, "%s:%d: evaluation must be 0..99", path,
					it.lineno);
				goto fail;
			}
			void *st = gl_scratch_state(&l->w, 0);
			g->type->start(g, st);
			int len = 0;
			uint64_t h = HASH0;
			char *next = end;
			for (char *tok; (tok = next_symbol(&next));) {
				gl_action mv;
				gl_err perr = {0};
				if ((tok[0] != '<' && tok[0] != '>') || (unsigned)len >= g->max_length ||
				    gl_parse_legal(g, st, tok + 1, &mv, &perr)) {
					gl_fail(err, GL_EPARSE, "%s:%d: symbol %d '%s': %s", path,
						it.lineno, len + 1, tok, perr.code ? perr.msg :
						"want <MOVE or >MOVE");
					goto fail;
				}
				seq[len] = mv * 2 + (tok[0] == '>');
				h = hash_step(h, seq[len]);
				len++;
				g->type->apply(g, st, mv);
			}
			if (!len || !(seq[len - 1] & 1)) {
				gl_fail(err, GL_EPARSE, "%s:%d: an e-string must end with an "
					"output ('>')", path, it.lineno);
				goto fail;
			}
			if (list_estring(l, h, seq, len, (int)ev)) {
				gl_fail(err, GL_ENOMEM, "%s: out of memory", path);
				goto fail;
			}
		} else if (!strcmp(line, "end")) {
			state = 2;
		} else {
			gl_fail(err, GL_EPARSE, "%s:%d: unknown line '%.40s'", path, it.lineno, line);
			goto fail;
		}
	}
	if (state != 2 || !have_game || !have_eval) {
		gl_fail(err, GL_EPARSE, "%s:%d: truncated: %s missing", path, it.lineno,
			state == 0 ? "header" : !have_game ? "'game' line" :
			!have_eval ? "'eval' line" : "'end' line");
		goto fail;
	}
	l->plays = plays;
	gl_free(seq);
	gl_free(text);
	return 0;
fail:
	forget(l);
	gl_free(seq);
	gl_free(text);
	return err ? err->code : GL_EPARSE;
}

static const gl_param_def lauto_params[] = {
	{"eval", "normal", "normal (the game's goals) or misere (win and loss swapped)", 1, 0},
	{"load", "", "memory file read at start (missing and equal to save: start empty)", 1, 0},
	{"save", "", "memory file written after every play", 1, 0},
	{NULL, NULL, NULL, 0, 0}
};

static bool lauto_supports(const gl_game *g, gl_err *err)
{
	if (g->nplayers != 2) {
		gl_fail(err, GL_EINVAL, "agent lauto: %s has %u players (it plays two-player "
			"games)", g->spec, g->nplayers);
		return false;
	}
	return true;
}

static void lauto_free(lauto *l)
{
	gl_lock_drop(&l->save_lock);
	gl_free(l->sym);
	gl_free(l->e);
	gl_free(l->slot);
	gl_free(l->hist);
	gl_free(l->hh);
	gl_scratch_done(&l->w);
	gl_free(l);
}

static int lauto_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	const char *ev = gl_params_str(p, "eval");
	if (strcmp(ev, "normal") && strcmp(ev, "misere"))
		return gl_fail(err, GL_EINVAL, "agent lauto: eval must be normal or misere, "
			"got '%s'", ev);
	lauto *l = gl_calloc(1, sizeof *l);
	if (!l)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	l->misere = !strcmp(ev, "misere");
	l->caph = (int)a->game->max_length + 2;
	l->hist = gl_malloc(sizeof *l->hist * (size_t)l->caph);
	l->hh = gl_malloc(sizeof *l->hh * (size_t)(l->caph + 1));
	if (!l->hist || !l->hh || grow_slots(l) ||
	    gl_scratch_init(&l->w, a->game, 1, 1, NULL)) {
		lauto_free(l);
		return gl_fail(err, GL_ENOMEM, "out of memory");
	}
	l->hh[0] = HASH0;
	snprintf(l->load, sizeof l->load, "%s", gl_params_str(p, "load"));
	snprintf(l->save, sizeof l->save, "%s", gl_params_str(p, "save"));
	a->data = l;
	int rc = 0;
	if (l->load[0]) {
		FILE *f = fopen(l->load, "r");
		bool fresh = !f && errno == ENOENT && !strcmp(l->load, l->save);
		if (f)
			fclose(f);
		if (!fresh && (rc = lauto_load(a, l->load, err)))
			goto fail;
	}
	/* lock at once: a bad path or another process saving there is an
	 * error now, not after a play; nothing is written until a play ends
	 * (a command that fails after this leaves a memory saved before as
	 * it was) */
	if (l->save[0] && (rc = gl_lock_take(&l->save_lock, l->save, err)))
		goto fail;
	return 0;
fail:
	lauto_free(l);
	a->data = NULL;
	return rc;
}

static void lauto_done(gl_agent *a)
{
	if (a->data)
		lauto_free(a->data);
}

const gl_agent_type gl_agent_lauto = {
	.name = "lauto",
	.summary = "Martens (1959) Note II: the L-automaton, first admissible output, e-strings in memory",
	.params = lauto_params,
	.supports = lauto_supports,
	.init = lauto_init,
	.done = lauto_done,
	.begin = lauto_begin,
	.choose = lauto_choose,
	.observe = lauto_observe,
	.end = lauto_end,
	.save = lauto_save,
	.load = lauto_load,
};

long gl_lauto_size(const gl_agent *a)
{
	if (!a || a->type != &gl_agent_lauto)
		return -1;
	return ((const lauto *)a->data)->ne;
}

int gl_lauto_describe(const gl_agent *a, gl_strbuf *sb, long max)
{
	if (!a || a->type != &gl_agent_lauto)
		return GL_EINVAL;
	const lauto *l = a->data;
	const gl_game *g = a->game;
	gl_strbuf_printf(sb, "%s: L-automaton, eval %s, %ld e-strings listed, %d plays\n",
		g->spec, l->misere ? "misere" : "normal", l->ne, l->plays);
	long n = max >= 0 && max < l->ne ? max : l->ne;
	void *st = gl_scratch_state(&l->w, 0);
	for (long k = 0; k < n; k++) {
		const lentry *e = &l->e[k];
		gl_strbuf_printf(sb, "%3d ", e->eval);
		g->type->start(g, st);
		for (uint32_t i = 0; i < e->len; i++) {
			int32_t sym = l->sym[e->off + i];
			char mt[GL_MOVE_TEXT];
			g->type->format_move(g, st, sym >> 1, mt, sizeof mt);
			gl_strbuf_printf(sb, " %c%s", sym & 1 ? '>' : '<', mt);
			g->type->apply(g, st, sym >> 1);
		}
		gl_strbuf_printf(sb, "\n");
	}
	if (n < l->ne)
		gl_strbuf_printf(sb, "... %ld more\n", l->ne - n);
	return 0;
}

/* --- the judge ------------------------------------------------------------------ */

enum { JUDGE_MAX_STATES = 1 << 24 };

struct gl_judge {
	const gl_game *g;
	int seat;              /* the judged player */
	bool misere;           /* its evaluation is 100 - goal */
	gl_judge *opp;         /* the opponent's own values (a perfect opponent), or NULL */
	unsigned char *states; /* n states of g->state_size bytes */
	int8_t *val;           /* value of each for the judged player */
	uint64_t *hash;        /* hash of each */
	size_t n, cap;
	int32_t *slot;         /* hash table of indices, -1 empty */
	size_t nslot;
	/* the search's buffers, per ply below gl_judge_moves' state, sized
	 * from the game once (a line is at most g->max_length moves): */
	gl_scratch w;          /* a move list and a child state per ply */
	int *values;           /* [plies * max_legal] the children's values */
	int *own;              /* [plies * max_legal] the opponent's own */
};

gl_judge *gl_judge_new(const gl_game *g, int seat, bool misere, int opponent,
	gl_err *err)
{
	if (g->nplayers != 2 || seat < 0 || seat > 1) {
		gl_fail(err, GL_EINVAL, "judge: %s is not a two-player game, or bad seat %d",
			g->spec, seat);
		return NULL;
	}
	gl_judge *j = gl_calloc(1, sizeof *j);
	if (!j) {
		gl_fail(err, GL_ENOMEM, "out of memory");
		return NULL;
	}
	j->g = g;
	j->seat = seat;
	j->misere = misere;
	int plies = (int)g->max_length + 2;
	size_t ints = (size_t)plies * g->max_legal;
	if (gl_scratch_init(&j->w, g, plies, plies, err) ||
	    !(j->values = gl_malloc(ints * sizeof *j->values)) ||
	    !(j->own = gl_malloc(ints * sizeof *j->own))) {
		if (j->w.block)
			gl_fail(err, GL_ENOMEM, "out of memory");
		gl_judge_free(j);
		return NULL;
	}
	/* the opponent's own values: under the game's goals, or under the
	 * judged player's evaluation (a perfect player of the misere game) */
	if (opponent != GL_JUDGE_ANY && !(j->opp = gl_judge_new(g, 1 - seat,
			opponent == GL_JUDGE_PERFECT_SAME && misere, GL_JUDGE_ANY, err))) {
		gl_judge_free(j);
		return NULL;
	}
	return j;
}

void gl_judge_free(gl_judge *j)
{
	if (!j)
		return;
	gl_judge_free(j->opp);
	gl_free(j->states);
	gl_free(j->val);
	gl_free(j->hash);
	gl_free(j->slot);
	gl_scratch_done(&j->w);
	gl_free(j->values);
	gl_free(j->own);
	gl_free(j);
}

static long judge_find(const gl_judge *j, const void *s, uint64_t h)
{
	if (!j->nslot)
		return -1;
	size_t mask = j->nslot - 1;
	for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
		int32_t k = j->slot[i];
		if (k < 0)
			return -1;
		if (j->hash[k] == h && !memcmp(j->states + (size_t)k * j->g->state_size, s,
			j->g->state_size))
			return k;
	}
}

static int judge_add(gl_judge *j, const void *s, uint64_t h, int v)
{
	size_t sz = j->g->state_size;
	if (j->n == j->cap) {
		if (j->cap >= JUDGE_MAX_STATES)
			return GL_ERANGE;
		size_t cap = j->cap ? 2 * j->cap : 4096;
		unsigned char *st = gl_realloc(j->states, cap * sz);
		if (!st)
			return GL_ENOMEM;
		j->states = st;
		int8_t *val = gl_realloc(j->val, cap);
		if (!val)
			return GL_ENOMEM;
		j->val = val;
		uint64_t *hash = gl_realloc(j->hash, cap * sizeof *hash);
		if (!hash)
			return GL_ENOMEM;
		j->hash = hash;
		j->cap = cap;
		size_t nslot = 2 * cap;
		int32_t *slot = gl_malloc(nslot * sizeof *slot);
		if (!slot)
			return GL_ENOMEM;
		for (size_t i = 0; i < nslot; i++)
			slot[i] = -1;
		for (size_t k = 0; k < j->n; k++) {
			size_t i = (size_t)j->hash[k] & (nslot - 1);
			while (slot[i] >= 0)
				i = (i + 1) & (nslot - 1);
			slot[i] = (int32_t)k;
		}
		gl_free(j->slot);
		j->slot = slot;
		j->nslot = nslot;
	}
	memcpy(j->states + j->n * sz, s, sz);
	j->val[j->n] = (int8_t)v;
	j->hash[j->n] = h;
	size_t i = (size_t)h & (j->nslot - 1);
	while (j->slot[i] >= 0)
		i = (i + 1) & (j->nslot - 1);
	j->slot[i] = (int32_t)j->n++;
	return 0;
}

static int judge_value(gl_judge *j, const void *s, int ply, int *v);

/* The judged player's value of each legal move of s, ply moves below
 * gl_judge_moves' state (moves into moves); the children are made in the
 * ply's state of j. */
static int judge_children(gl_judge *j, const void *s, int ply, gl_action *moves,
	int *values, int *n)
{
	const gl_game *g = j->g;
	*n = g->type->legal(g, s, moves);
	if (*n > 0 && ply >= j->w.nstates)
		return GL_ERANGE; /* a line longer than the game's bound */
	void *c = *n > 0 ? gl_scratch_state(&j->w, ply) : NULL;
	for (int i = 0; i < *n; i++) {
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		int rc = judge_value(j, c, ply + 1, &values[i]);
		if (rc)
			return rc;
	}
	return 0;
}

/* The value of s (ply moves below gl_judge_moves' state) for the judged
 * player: it maximises; the opponent picks the worst for it among the
 * replies it can make (all, or its own best). */
static int judge_value(gl_judge *j, const void *s, int ply, int *v)
{
	const gl_game *g = j->g;
	uint64_t h = gl_game_hash(g, s);
	long k = judge_find(j, s, h);
	if (k >= 0) {
		*v = j->val[k];
		return 0;
	}
	if (ply >= j->w.nlists)
		return GL_ERANGE; /* a line longer than the game's bound */
	gl_action *moves = gl_scratch_moves(&j->w, ply);
	int *values = j->values + (size_t)ply * g->max_legal;
	int n, rc, best;
	if ((rc = judge_children(j, s, ply, moves, values, &n)))
		return rc;
	if (n == 0) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, s, goals);
		best = j->misere ? 100 - goals[j->seat] : goals[j->seat];
	} else if (g->type->to_move(g, s) == j->seat) {
		best = -1;
		for (int i = 0; i < n; i++)
			best = values[i] > best ? values[i] : best;
	} else {
		int *own = j->own + (size_t)ply * g->max_legal, top = -1;
		if (j->opp && (rc = judge_children(j->opp, s, ply, moves, own, &n)))
			return rc;
		for (int i = 0; j->opp && i < n; i++)
			top = own[i] > top ? own[i] : top;
		best = 101;
		for (int i = 0; i < n; i++)
			if ((!j->opp || own[i] == top) && values[i] < best)
				best = values[i];
	}
	*v = best;
	return judge_add(j, s, h, best);
}

int gl_judge_moves(gl_judge *j, const void *s, gl_action *moves, int *values, int *n)
{
	int rc = judge_children(j, s, 0, moves, values, n);
	if (!rc && *n == 0)
		return GL_EINVAL;
	return rc;
}
