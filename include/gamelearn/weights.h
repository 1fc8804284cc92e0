/*
 * weights.h - a linear evaluation over a game's feature vector: one
 * weight per feature (game.h's features() and feature_names), read from
 * and written to a readable text file, and evaluated at the horizon of an
 * alpha-beta search (gl_search_set_eval). The evaluation of the
 * checkers-GA excerpt: "a simple linear combination of a set of factors",
 * here Samuel's terms.
 *
 * The file: one `NAME value` per line, a line per feature of the game in
 * any order, every feature exactly once; `#` starts a comment, blank
 * lines are skipped. Values are finite decimal numbers.
 */
#ifndef GAMELEARN_WEIGHTS_H
#define GAMELEARN_WEIGHTS_H

#include "gamelearn/fileio.h"
#include "gamelearn/game.h"

enum { GL_WEIGHTS_MAX = 128 }; /* features a weight vector can cover */

/* A weight vector for one game instance's features. Plain data: copies
 * with `=`. */
typedef struct gl_weights {
	const gl_game *game;      /* whose features; borrowed */
	int n;                    /* = game->nfeatures */
	double scale;             /* set by gl_weights_ready: see below */
	double w[GL_WEIGHTS_MAX]; /* one weight per feature, in game order */
} gl_weights;

/* Make w cover g's features, every weight `value`. Returns 0, or
 * GL_EINVAL if g has no feature vector or more than GL_WEIGHTS_MAX
 * features. */
int gl_weights_init(gl_weights *w, const gl_game *g, double value, gl_err *err);

/* Parse text (modified in place; `name` names it in messages, e.g. the
 * file's path) into w, which must be initialised for the game. Returns 0,
 * or GL_EPARSE with "NAME:LINE: ..." for an unknown or repeated feature,
 * a malformed or non-finite value, or "NAME: no weight for F" for a
 * feature the text leaves out. On error w is unchanged. */
int gl_weights_parse(gl_weights *w, char *text, const char *name, gl_err *err);
/* Read path into w (as gl_weights_parse; GL_EIO if it cannot be read). */
int gl_weights_load(gl_weights *w, const char *path, gl_err *err);
/* Write w to path atomically, every weight exact (%.17g), with a comment
 * line naming the game first. */
int gl_weights_save(const gl_weights *w, const char *path, gl_err *err);
/* The text gl_weights_save writes, appended to sb. */
void gl_weights_text(const gl_weights *w, gl_strbuf *sb);

/* Compute w->scale after the weights change: the evaluation is
 * round(scale * sum of w[i] * f[i]), clamped inside GL_EVAL_INF, with
 * scale = 900000 / (64 * sum of |w[i]|) (0 for all-zero weights). So
 * only the weights' ratios matter: multiplying all of them by a positive
 * number plays the same moves, and features of magnitude up to 64 fit. */
void gl_weights_ready(gl_weights *w);

/* The evaluation, as a gl_eval_fn of search.h (ctx a ready gl_weights of
 * g): the value of s for the player to move. Allocates nothing. */
int gl_weights_eval(void *ctx, const gl_game *g, const void *s);
/* The evaluation of features f (w->n of them, as the game's features
 * callback fills them) under ready weights w. */
int gl_weights_value(const gl_weights *w, const double *f);

#endif
