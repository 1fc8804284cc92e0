/*
 * params.h - spec strings "NAME[:key=value,...]" and their parameters, as
 * games and agents are both made from them: declared parameters with
 * defaults and integer ranges, resolved in order defaults < preset < user.
 */
#ifndef GAMELEARN_PARAMS_H
#define GAMELEARN_PARAMS_H

#include "gamelearn/core.h"

/* One declared parameter. */
typedef struct gl_param_def {
	const char *key;  /* e.g. "size" */
	const char *def;  /* default value as text */
	const char *help; /* one line for `gamelearn list` */
	long min, max;    /* integer range; min > max marks a text parameter */
} gl_param_def;

/* GL_SPEC_MAX: a canonical spec spells out every parameter, and one of
 * them may be a file path of up to GL_PARAM_TEXT - 1 characters (td's
 * features=, alphabeta's weights=). uct declares 20 parameters in
 * about 180 characters: both limits leave room to grow. */
enum { GL_PARAMS_MAX = 64, GL_PARAM_TEXT = 128, GL_SPEC_MAX = 1024 };

/* Resolved parameters: every declared key with its value. */
typedef struct gl_params {
	int n;
	const gl_param_def *def[GL_PARAMS_MAX];
	char text[GL_PARAMS_MAX][GL_PARAM_TEXT];
	long num[GL_PARAMS_MAX];
} gl_params;

/* Integer value of key (0 if undeclared) and its text ("" if undeclared). */
long gl_params_int(const gl_params *p, const char *key);
const char *gl_params_str(const gl_params *p, const char *key);
/* Whether declared key has its default's value, left so or given equal
 * to it (p does not tell the two apart); false if undeclared. */
bool gl_params_at_default(const gl_params *p, const char *key);
/* The text parameter key read as a real number in [lo, hi] into *out; 0,
 * or GL_EINVAL "OWNER: KEY must be a number in LO..HI, got 'TEXT'" (a
 * parameter declared as text: seconds, probabilities). */
int gl_params_real(const gl_params *p, const char *key, const char *owner,
	double lo, double hi, double *out, gl_err *err);

/* Split spec into its NAME (copied into name, size n) and *args, the part
 * after ':' or NULL. Returns 0 or GL_EINVAL (empty or overlong name). */
int gl_spec_split(const char *spec, char *name, size_t n, const char **args,
	gl_err *err);
/* Whether spec gives parameter key (the last time it does, as resolving
 * takes it): its value as written into buf (size n; may be NULL), cut to
 * fit. Nothing is checked: a spec not yet resolved may be read. */
bool gl_spec_value(const char *spec, const char *key, char *buf, size_t n);

/* Resolve the parameters defs (ending with {NULL}; may be NULL) of the
 * thing called owner: defaults, then preset_args, then args (each a
 * "key=value,..." list or NULL). Unknown keys, malformed items and values
 * out of range are errors naming the key. */
int gl_params_resolve(gl_params *p, const char *owner, const gl_param_def *defs,
	const char *preset_args, const char *args, gl_err *err);

/* The canonical spec "name:k1=v1,k2=v2" of p into buf; returns 0 or
 * GL_ERANGE if it does not fit. */
int gl_params_canonical(const gl_params *p, const char *name, char *buf,
	size_t n, gl_err *err);

#endif
