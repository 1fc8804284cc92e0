/*
 * game.c - making game instances from spec strings, and the helpers that
 * work over any game through its callbacks: move parsing with a legality
 * check, and perft.
 */
#include "gamelearn/game.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PARAMS_MAX = 16, VALUE_MAX = 128 };

struct gl_params {
	int n;
	const gl_param_def *def[PARAMS_MAX];
	char text[PARAMS_MAX][VALUE_MAX];
	long num[PARAMS_MAX];
};

static int param_index(const gl_params *p, const char *key)
{
	for (int i = 0; i < p->n; i++)
		if (strcmp(p->def[i]->key, key) == 0)
			return i;
	return -1;
}

long gl_params_int(const gl_params *p, const char *key)
{
	int i = param_index(p, key);
	return i < 0 ? 0 : p->num[i];
}

const char *gl_params_str(const gl_params *p, const char *key)
{
	int i = param_index(p, key);
	return i < 0 ? "" : p->text[i];
}

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
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s",
			len ? ", " : "", (*t)->name);
	for (const gl_preset *p = gl_game_presets(); p->name; p++)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, ", %s",
			p->name);
}

static void known_keys(const gl_game_type *t, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	if (!t->params || !t->params[0].key) {
		snprintf(buf, n, "none");
		return;
	}
	for (const gl_param_def *d = t->params; d->key; d++)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s",
			len ? ", " : "", d->key);
}

/* Set parameter key=value (value as text) in p, checking key and range. */
static int set_param(const gl_game_type *t, gl_params *p, const char *key,
	const char *value, gl_err *err)
{
	int i = param_index(p, key);
	if (i < 0) {
		char keys[200];
		known_keys(t, keys, sizeof keys);
		return gl_fail(err, GL_EINVAL,
			"game %s has no parameter '%s' (parameters: %s)",
			t->name, key, keys);
	}
	const gl_param_def *d = p->def[i];
	if (strlen(value) >= VALUE_MAX)
		return gl_fail(err, GL_EINVAL, "%s: value of '%s' is too long",
			t->name, key);
	if (d->min <= d->max) {
		char *end;
		errno = 0;
		long v = strtol(value, &end, 10);
		if (!*value || *end || errno)
			return gl_fail(err, GL_EINVAL,
				"%s: parameter %s wants an integer, got '%s'",
				t->name, key, value);
		if (v < d->min || v > d->max)
			return gl_fail(err, GL_EINVAL,
				"%s: parameter %s=%ld is out of range %ld..%ld",
				t->name, key, v, d->min, d->max);
		p->num[i] = v;
	}
	strcpy(p->text[i], value);
	return 0;
}

/* Apply "key=value,key=value" (the part after ':') to p. */
static int apply_assignments(const gl_game_type *t, gl_params *p,
	const char *list, gl_err *err)
{
	char buf[512];
	if (strlen(list) >= sizeof buf)
		return gl_fail(err, GL_EINVAL, "game spec is too long");
	strcpy(buf, list);
	char *save = NULL;
	for (char *item = strtok_r(buf, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');
		if (!eq || eq == item)
			return gl_fail(err, GL_EINVAL,
				"%s: expected key=value, got '%s'", t->name, item);
		*eq = '\0';
		int rc = set_param(t, p, item, eq + 1, err);
		if (rc)
			return rc;
	}
	/* Empty items ("a=1,,b=2" or a trailing comma) are refused too. */
	size_t n = strlen(list);
	if (n == 0 || list[0] == ',' || list[n - 1] == ',' || strstr(list, ",,"))
		return gl_fail(err, GL_EINVAL, "%s: empty parameter in '%s'",
			t->name, list);
	return 0;
}

gl_game *gl_game_new(const char *spec, gl_err *err)
{
	char name[64];
	const char *colon = strchr(spec, ':');
	size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
	if (nlen == 0 || nlen >= sizeof name) {
		gl_fail(err, GL_EINVAL, "bad game spec '%s' (want NAME[:key=value,...])",
			spec);
		return NULL;
	}
	memcpy(name, spec, nlen);
	name[nlen] = '\0';

	const char *preset_args = NULL;
	const gl_game_type *t = gl_game_type_find(name);
	if (!t) {
		for (const gl_preset *p = gl_game_presets(); p->name; p++) {
			if (strcmp(p->name, name) == 0) {
				const char *pc = strchr(p->spec, ':');
				size_t tl = pc ? (size_t)(pc - p->spec) : strlen(p->spec);
				char tname[64];
				memcpy(tname, p->spec, tl);
				tname[tl] = '\0';
				t = gl_game_type_find(tname);
				preset_args = pc ? pc + 1 : NULL;
				break;
			}
		}
	}
	if (!t) {
		char names[512];
		known_names(names, sizeof names);
		gl_fail(err, GL_EINVAL, "unknown game '%s' (games: %s)", name, names);
		return NULL;
	}

	gl_params p = {0};
	for (const gl_param_def *d = t->params; d && d->key; d++) {
		if (p.n == PARAMS_MAX) {
			gl_fail(err, GL_EINVAL, "%s declares too many parameters", t->name);
			return NULL;
		}
		p.def[p.n++] = d;
		if (set_param(t, &p, d->key, d->def, err))
			return NULL;
	}
	if (preset_args && apply_assignments(t, &p, preset_args, err))
		return NULL;
	if (colon && apply_assignments(t, &p, colon + 1, err))
		return NULL;

	gl_game *g = gl_calloc(1, sizeof *g);
	if (!g) {
		gl_fail(err, GL_ENOMEM, "out of memory making game %s", t->name);
		return NULL;
	}
	g->type = t;
	g->nplayers = 2;
	size_t len = (size_t)snprintf(g->spec, sizeof g->spec, "%s", t->name);
	for (int i = 0; i < p.n; i++)
		len += (size_t)snprintf(g->spec + len,
			len < sizeof g->spec ? sizeof g->spec - len : 0, "%c%s=%s",
			i ? ',' : ':', p.def[i]->key, p.text[i]);
	if (len >= sizeof g->spec) {
		gl_free(g);
		gl_fail(err, GL_EINVAL, "game spec '%s' is too long", spec);
		return NULL;
	}
	if (t->init(g, &p, err)) {
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
	unsigned char child[GL_STATE_MAX];
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
		unsigned char work[GL_STATE_MAX];
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
