/*
 * weights.c - weight vectors over a game's features: the text file, and
 * the linear evaluation the search calls at its horizon (weights.h).
 */
#include "gamelearn/weights.h"
#include "gamelearn/fileio.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { WEIGHTS_FILE_MAX = 1 << 20 }; /* bytes a weights file may have */

int gl_weights_init(gl_weights *w, const gl_game *g, double value, gl_err *err)
{
	if (!g->type->features || g->nfeatures == 0)
		return gl_fail(err, GL_EINVAL, "%s has no feature vector to weigh",
			g->spec);
	if (g->nfeatures > GL_WEIGHTS_MAX)
		return gl_fail(err, GL_EINVAL, "%s has %u features, more than the "
			"%d a weight vector holds", g->spec, g->nfeatures,
			GL_WEIGHTS_MAX);
	memset(w, 0, sizeof *w);
	w->game = g;
	w->n = (int)g->nfeatures;
	for (int i = 0; i < w->n; i++)
		w->w[i] = value;
	gl_weights_ready(w);
	return 0;
}

static int feature_index(const gl_game *g, const char *name)
{
	for (unsigned i = 0; i < g->nfeatures; i++)
		if (!strcmp(g->feature_names[i], name))
			return (int)i;
	return -1;
}

int gl_weights_parse(gl_weights *w, char *text, const char *name, gl_err *err)
{
	const gl_game *g = w->game;
	gl_weights got = *w;
	int line_of[GL_WEIGHTS_MAX] = {0};
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	while ((line = gl_lines_next(&it))) {
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *save = NULL;
		char *key = strtok_r(line, " \t\r", &save);
		if (!key)
			continue;
		char *val = strtok_r(NULL, " \t\r", &save);
		char *extra = strtok_r(NULL, " \t\r", &save);
		int i = feature_index(g, key);
		if (i < 0)
			return gl_fail(err, GL_EPARSE, "%s:%d: unknown feature '%s' "
				"(%s's features are %s ... %s; `gamelearn show %s "
				"--features` lists them)", name, it.lineno, key,
				g->spec, g->feature_names[0],
				g->feature_names[g->nfeatures - 1], g->spec);
		if (line_of[i])
			return gl_fail(err, GL_EPARSE, "%s:%d: %s given twice "
				"(first on line %d)", name, it.lineno, key, line_of[i]);
		char *end = NULL;
		double v = val ? strtod(val, &end) : 0;
		if (!val || *end || extra || !isfinite(v))
			return gl_fail(err, GL_EPARSE, "%s:%d: want 'NAME value' "
				"with one finite number, got '%s%s%s%s'", name,
				it.lineno, key, val ? " " : "", val ? val : "",
				extra ? " ..." : "");
		got.w[i] = v;
		line_of[i] = it.lineno;
	}
	for (int i = 0; i < w->n; i++)
		if (!line_of[i])
			return gl_fail(err, GL_EPARSE, "%s: no weight for %s (every "
				"feature of %s needs a line)", name,
				g->feature_names[i], g->spec);
	gl_weights_ready(&got);
	*w = got;
	return 0;
}

int gl_weights_load(gl_weights *w, const char *path, gl_err *err)
{
	char *text = NULL;
	int rc = gl_read_text(path, WEIGHTS_FILE_MAX, &text, err);
	if (rc)
		return rc;
	rc = gl_weights_parse(w, text, path, err);
	gl_free(text);
	return rc;
}

void gl_weights_text(const gl_weights *w, gl_strbuf *sb)
{
	gl_strbuf_printf(sb, "# gamelearn weights for %s: one 'NAME value' "
		"per feature\n", w->game->spec);
	for (int i = 0; i < w->n; i++)
		gl_strbuf_printf(sb, "%s %.17g\n", w->game->feature_names[i],
			w->w[i]);
}

int gl_weights_save(const gl_weights *w, const char *path, gl_err *err)
{
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_weights_text(w, &sb);
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}

void gl_weights_ready(gl_weights *w)
{
	double sum = 0;
	for (int i = 0; i < w->n; i++)
		sum += fabs(w->w[i]);
	w->scale = sum > 0 && isfinite(sum) ? 900000.0 / (64.0 * sum) : 0;
}

int gl_weights_eval(void *ctx, const gl_game *g, const void *s)
{
	const gl_weights *w = ctx;
	double f[GL_WEIGHTS_MAX];
	if (g->type->features_lazy)
		g->type->features_lazy(g, s, w->w, f);
	else
		g->type->features(g, s, f);
	return gl_weights_value(w, f);
}

int gl_weights_value(const gl_weights *w, const double *f)
{
	double v = 0;
	for (int i = 0; i < w->n; i++)
		v += w->w[i] * f[i];
	v *= w->scale;
	const double lim = GL_EVAL_INF - 1;
	if (v > lim)
		v = lim;
	else if (v < -lim)
		v = -lim;
	return (int)lrint(v);
}
