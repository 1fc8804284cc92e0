/*
 * game.c - making game instances from spec strings, and the helpers that
 * work over any game through its callbacks: move parsing with a legality
 * check, and perft.
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

int gl_parse_legal(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	gl_action moves[GL_LEGAL_MAX];
	int rc = g->type->parse_move(g, s, text, a, err);
	if (rc)
		return rc;
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == *a)
			return 0;
	if (n == 0)
		return gl_fail(err, GL_EILLEGAL,
			"move '%s' is illegal: the game is over", text);
	char list[180];
	size_t len = 0;
	list[0] = '\0';
	for (int i = 0; i < n && len < sizeof list; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, moves[i], mt, sizeof mt);
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
			i ? " " : "", mt);
	}
	if (len >= sizeof list)
		strcpy(list + sizeof list - 4, "...");
	return gl_fail(err, GL_EILLEGAL, "move '%s' is illegal here (legal: %s)",
		text, list);
}

/* Generic perft with make/unmake: one move list per ply on the stack. */
static uint64_t perft_make(const gl_game *g, void *s, int depth)
{
	gl_action moves[GL_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	if (depth == 1 || n == 0)
		return (uint64_t)n;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		gl_undo u;
		g->type->make(g, s, moves[i], &u);
		total += perft_make(g, s, depth - 1);
		g->type->unmake(g, s, moves[i], &u);
	}
	return total;
}

/* Generic perft with copy-make: one child state per ply on the stack. */
static uint64_t perft_copy(const gl_game *g, const void *s, int depth)
{
	gl_action moves[GL_LEGAL_MAX];
	GL_STATE_ALIGN unsigned char child[GL_STATE_MAX];
	int n = g->type->legal(g, s, moves);
	if (depth == 1 || n == 0)
		return (uint64_t)n;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		memcpy(child, s, g->state_size);
		g->type->apply(g, child, moves[i]);
		total += perft_copy(g, child, depth - 1);
	}
	return total;
}

uint64_t gl_perft_generic(const gl_game *g, const void *s, int depth)
{
	if (depth <= 0)
		return 1;
	if (g->type->make && g->type->unmake) {
		GL_STATE_ALIGN unsigned char work[GL_STATE_MAX];
		memcpy(work, s, g->state_size);
		return perft_make(g, work, depth);
	}
	return perft_copy(g, s, depth);
}

uint64_t gl_perft(const gl_game *g, const void *s, int depth)
{
	if (depth <= 0)
		return 1;
	if (g->type->perft)
		return g->type->perft(g, s, depth);
	return gl_perft_generic(g, s, depth);
}
