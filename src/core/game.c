/*
 * game.c - making game instances from spec strings, and the helpers that
 * work over any game through its callbacks: the plain calls (a state, a
 * move list, legal moves, play, the goals), move parsing with a legality
 * check, scratch buffers sized from the instance, and perft.
 */
#include "gamelearn/game.h"

#include <stdio.h>
#include <string.h>

const gl_game_type *gl_game_type_find(const char *name)
{
	for (const gl_game_type *const *t = gl_game_types(); *t; t++)
		if (strcmp((*t)->name, name) == 0)
			return *t;
	return NULL;
}

/* The list of known names, for "unknown game" messages. */
static void known_names(char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (const gl_game_type *const *t = gl_game_types(); *t; t++)
		len = gl_appendf(buf, n, len, "%s%s", len ? ", " : "", (*t)->name);
	for (const gl_preset *p = gl_game_presets(); p->name; p++)
		len = gl_appendf(buf, n, len, ", %s", p->name);
}

gl_game *gl_game_new(const char *spec, gl_err *err)
{
	char name[64];
	const char *args, *preset_args = NULL;
	if (gl_spec_split(spec, name, sizeof name, &args, err))
		return NULL;
	const gl_game_type *t = gl_game_type_find(name);
	for (const gl_preset *p = gl_game_presets(); !t && p->name; p++) {
		if (strcmp(p->name, name) == 0) {
			char tname[64];
			if (gl_spec_split(p->spec, tname, sizeof tname, &preset_args, err))
				return NULL;
			t = gl_game_type_find(tname);
		}
	}
	if (!t) {
		char names[512];
		known_names(names, sizeof names);
		gl_fail(err, GL_EINVAL, "unknown game '%s' (games: %s)", name, names);
		return NULL;
	}
	/* A type whose first parameter is `file` takes a bare path first:
	 * "gdl:games/x.kif,reasoner=net" means
	 * "gdl:file=games/x.kif,reasoner=net". */
	char file_arg[GL_PARAM_TEXT + 8];
	const char *comma = args ? strchr(args, ',') : NULL;
	const char *eq = args ? strchr(args, '=') : NULL;
	if (args && (!eq || (comma && eq > comma)) && t->params &&
	    t->params[0].key && strcmp(t->params[0].key, "file") == 0) {
		if (strlen(args) >= GL_PARAM_TEXT) {
			gl_fail(err, GL_EINVAL, "game %s: file name too long", t->name);
			return NULL;
		}
		snprintf(file_arg, sizeof file_arg, "file=%s", args);
		args = file_arg;
	}
	char owner[80];
	snprintf(owner, sizeof owner, "game %s", t->name);
	gl_params p;
	if (gl_params_resolve(&p, owner, t->params, preset_args, args, err))
		return NULL;
	gl_game *g = gl_calloc(1, sizeof *g);
	if (!g) {
		gl_fail(err, GL_ENOMEM, "out of memory making game %s", t->name);
		return NULL;
	}
	g->type = t;
	g->nplayers = 2;
	if (gl_params_canonical(&p, t->name, g->spec, sizeof g->spec, err) ||
	    t->init(g, &p, err)) {
		gl_free(g);
		return NULL;
	}
	return g;
}

void gl_game_free(gl_game *g)
{
	if (!g)
		return;
	if (g->type->done)
		g->type->done(g);
	gl_free(g);
}

/* --- Plain calls (game.h): the type's callbacks, for programs that only
 * play; each is one call through g->type and checks nothing more. */

void *gl_game_state_new(const gl_game *g, gl_err *err)
{
	void *s = gl_malloc(g->state_size);
	if (!s) {
		gl_fail(err, GL_ENOMEM, "%s: out of memory for a state of %u bytes",
			g->spec, g->state_size);
		return NULL;
	}
	g->type->start(g, s);
	return s;
}

gl_action *gl_game_moves_new(const gl_game *g, gl_err *err)
{
	gl_action *m = gl_malloc((size_t)(g->max_legal ? g->max_legal : 1) * sizeof *m);
	if (!m)
		gl_fail(err, GL_ENOMEM, "%s: out of memory for a list of %u moves",
			g->spec, g->max_legal);
	return m;
}

void gl_game_start(const gl_game *g, void *s)
{
	g->type->start(g, s);
}

int gl_game_to_move(const gl_game *g, const void *s)
{
	return g->type->to_move(g, s);
}

int gl_game_legal(const gl_game *g, const void *s, gl_action *moves)
{
	return g->type->legal(g, s, moves);
}

void gl_game_play(const gl_game *g, void *s, gl_action a)
{
	g->type->apply(g, s, a);
}

bool gl_game_over(const gl_game *g, const void *s)
{
	return g->type->terminal(g, s);
}

void gl_game_goals(const gl_game *g, const void *s, int *goals)
{
	g->type->goals(g, s, goals);
}

int gl_game_move_text(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	return g->type->format_move(g, s, a, buf, n);
}

int gl_game_render(const gl_game *g, const void *s, char *buf, size_t n)
{
	return g->type->render(g, s, buf, n);
}

int gl_parse_legal(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	int rc = g->type->parse_move(g, s, text, a, err);
	if (rc)
		return rc;
	gl_action *moves = gl_malloc(g->max_legal * sizeof *moves);
	if (!moves)
		return gl_fail(err, GL_ENOMEM, "out of memory checking move '%s' "
			"of %s", text, g->spec);
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == *a) {
			gl_free(moves);
			return 0;
		}
	if (n == 0) {
		gl_free(moves);
		return gl_fail(err, GL_EILLEGAL,
			"move '%s' is illegal: the game is over", text);
	}
	char list[180];
	size_t len = 0;
	list[0] = '\0';
	for (int i = 0; i < n && len < sizeof list; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, moves[i], mt, sizeof mt);
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
			i ? " " : "", mt);
	}
	gl_free(moves);
	if (len >= sizeof list)
		strcpy(list + sizeof list - 4, "...");
	return gl_fail(err, GL_EILLEGAL, "move '%s' is illegal here (legal: %s)",
		text, list);
}

/* --- Scratch ------------------------------------------------------------- */

int gl_scratch_init(gl_scratch *w, const gl_game *g, int nlists, int nstates,
	gl_err *err)
{
	memset(w, 0, sizeof *w);
	size_t legal = g->max_legal, stride = gl_state_stride(g);
	size_t nl = nlists > 0 ? (size_t)nlists : 0;
	size_t ns = nstates > 0 ? (size_t)nstates : 0;
	/* no overflow: each factor checked against what the product allows */
	if ((legal && nl > SIZE_MAX / 2 / legal / sizeof(gl_action)) ||
	    (stride && ns > SIZE_MAX / 2 / stride))
		return gl_fail(err, GL_ENOMEM, "%s: %zu move lists of %zu and %zu "
			"states of %u bytes are more than memory can hold", g->spec,
			nl, legal, ns, g->state_size);
	w->block = gl_malloc(ns * stride + nl * legal * sizeof(gl_action));
	if (!w->block)
		return gl_fail(err, GL_ENOMEM, "out of memory for %zu move lists of "
			"%zu and %zu states of %u bytes (%s)", nl, legal, ns,
			g->state_size, g->spec);
	w->nlists = (int)nl;
	w->nstates = (int)ns;
	w->legal = legal;
	w->stride = stride;
	return 0;
}

void gl_scratch_done(gl_scratch *w)
{
	gl_free(w->block);
	memset(w, 0, sizeof *w);
}

/* --- Perft --------------------------------------------------------------- */

/* A generic perft's walk: the game, one move list per ply and either one
 * working state (make/unmake) or one state per ply (copy-make). */
typedef struct perft_walk {
	const gl_game *g;
	gl_scratch w;
	int rc;          /* GL_ERANGE once a line outran the buffers */
} perft_walk;

/* Sequences of depth more moves from the state at ply (make/unmake: the
 * working state, state 0). */
static uint64_t perft_make(perft_walk *pw, int ply, int depth)
{
	const gl_game *g = pw->g;
	void *s = gl_scratch_state(&pw->w, 0);
	gl_action *moves = gl_scratch_moves(&pw->w, ply);
	int n = g->type->legal(g, s, moves);
	if (depth == 1 || n == 0)
		return (uint64_t)n;
	if (ply + 1 >= pw->w.nlists) {
		pw->rc = GL_ERANGE;
		return 0;
	}
	uint64_t total = 0;
	for (int i = 0; i < n && !pw->rc; i++) {
		gl_undo u;
		g->type->make(g, s, moves[i], &u);
		total += perft_make(pw, ply + 1, depth - 1);
		g->type->unmake(g, s, moves[i], &u);
	}
	return total;
}

/* The same with copy-make: the child of the state at ply goes to ply + 1. */
static uint64_t perft_copy(perft_walk *pw, int ply, int depth)
{
	const gl_game *g = pw->g;
	const void *s = gl_scratch_state(&pw->w, ply);
	gl_action *moves = gl_scratch_moves(&pw->w, ply);
	int n = g->type->legal(g, s, moves);
	if (depth == 1 || n == 0)
		return (uint64_t)n;
	if (ply + 1 >= pw->w.nstates) {
		pw->rc = GL_ERANGE;
		return 0;
	}
	void *child = gl_scratch_state(&pw->w, ply + 1);
	uint64_t total = 0;
	for (int i = 0; i < n && !pw->rc; i++) {
		memcpy(child, s, g->state_size);
		g->type->apply(g, child, moves[i]);
		total += perft_copy(pw, ply + 1, depth - 1);
	}
	return total;
}

int gl_perft_generic(const gl_game *g, const void *s, int depth,
	uint64_t *count, gl_err *err)
{
	*count = 1;
	if (depth <= 0)
		return 0;
	/* A line longer than the game's bound cannot be; the buffers stop
	 * there, and a game that breaks its bound is an error, not a crash. */
	int plies = (unsigned)depth <= g->max_length ? depth :
		(int)g->max_length + 1;
	bool make = g->type->make && g->type->unmake;
	perft_walk pw = {.g = g};
	int rc = gl_scratch_init(&pw.w, g, plies, make ? 1 : plies, err);
	if (rc)
		return rc;
	memcpy(gl_scratch_state(&pw.w, 0), s, g->state_size);
	*count = make ? perft_make(&pw, 0, depth) : perft_copy(&pw, 0, depth);
	gl_scratch_done(&pw.w);
	if (pw.rc)
		return gl_fail(err, pw.rc, "perft: a line of %s went on past its "
			"bound of %u moves (max_length)", g->spec, g->max_length);
	return 0;
}

int gl_perft(const gl_game *g, const void *s, int depth, uint64_t *count,
	gl_err *err)
{
	if (depth <= 0) {
		*count = 1;
		return 0;
	}
	if (g->type->perft && !(g->type->hidden && g->type->hidden(g, s) > 0)) {
		gl_scratch w;
		int rc = gl_scratch_init(&w, g, depth, depth + 1, err);
		if (rc)
			return rc;
		*count = g->type->perft(g, s, depth, &w);
		gl_scratch_done(&w);
		return 0;
	}
	return gl_perft_generic(g, s, depth, count, err);
}
