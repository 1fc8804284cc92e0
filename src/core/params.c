/*
 * params.c - parsing spec strings "NAME[:key=value,...]" against declared
 * parameters, for games and agents alike.
 */
#include "gamelearn/params.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool gl_params_at_default(const gl_params *p, const char *key)
{
	int i = param_index(p, key);
	if (i < 0)
		return false;
	const gl_param_def *d = p->def[i];
	if (d->min <= d->max) /* an integer: its text is canonical, "03" 3 */
		return p->num[i] == strtol(d->def, NULL, 10);
	return strcmp(p->text[i], d->def) == 0;
}

int gl_params_real(const gl_params *p, const char *key, const char *owner,
	double lo, double hi, double *out, gl_err *err)
{
	const char *text = gl_params_str(p, key);
	char *end;
	double v = strtod(text, &end);
	if (!*text || *end || !(v >= lo && v <= hi))
		return gl_fail(err, GL_EINVAL, "%s: %s must be a number in %g..%g, "
			"got '%s'", owner, key, lo, hi, text);
	*out = v;
	return 0;
}

int gl_spec_split(const char *spec, char *name, size_t n, const char **args,
	gl_err *err)
{
	const char *colon = strchr(spec, ':');
	size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
	if (len >= n)
		return gl_fail(err, GL_EINVAL, "name too long in spec '%.40s...' "
			"(at most %zu characters)", spec, n - 1);
	if (len == 0)
		return gl_fail(err, GL_EINVAL,
			"bad spec '%.60s' (want NAME[:key=value,...])", spec);
	memcpy(name, spec, len);
	name[len] = '\0';
	*args = colon ? colon + 1 : NULL;
	return 0;
}

bool gl_spec_value(const char *spec, const char *key, char *buf, size_t n)
{
	size_t kl = strlen(key);
	const char *val = NULL;
	size_t vl = 0;
	for (const char *s = strchr(spec, ':'); s; s = strchr(s, ',')) {
		s++;
		if (!strncmp(s, key, kl) && s[kl] == '=') {
			val = s + kl + 1;
			vl = strcspn(val, ",");
		}
	}
	if (val && buf && n > 0)
		snprintf(buf, n, "%.*s", (int)(vl < n ? vl : n - 1), val);
	return val != NULL;
}

/* The keys of p into buf (size n), whole: those that do not fit are
 * counted ("and 12 more"). */
static void known_keys(const gl_params *p, char *buf, size_t n)
{
	size_t len = 0, room = n > 24 ? n - 24 : 0; /* for ", and 99999 more" */
	snprintf(buf, n, "none");
	int i = 0;
	for (; i < p->n; i++) {
		size_t k = strlen(p->def[i]->key) + (len ? 2 : 0);
		if (len + k >= room)
			break;
		len = gl_appendf(buf, n, len, "%s%s", len ? ", " : "", p->def[i]->key);
	}
	if (i < p->n)
		gl_appendf(buf, n, len, "%sand %d more", len ? ", " : "", p->n - i);
}

static int set_param(gl_params *p, const char *owner, const char *key,
	const char *value, gl_err *err)
{
	int i = param_index(p, key);
	if (i < 0) {
		char keys[200];
		known_keys(p, keys, sizeof keys);
		return gl_fail(err, GL_EINVAL, "%s has no parameter '%s' (parameters: %s)",
			owner, key, keys);
	}
	const gl_param_def *d = p->def[i];
	if (strlen(value) >= GL_PARAM_TEXT)
		return gl_fail(err, GL_EINVAL, "%s: value of '%s' is too long", owner, key);
	if (d->min <= d->max) {
		char *end;
		errno = 0;
		long v = strtol(value, &end, 10);
		if (!*value || *end || errno || isspace((unsigned char)*value))
			return gl_fail(err, GL_EINVAL,
				"%s: parameter %s wants an integer, got '%s'", owner, key, value);
		if (v < d->min || v > d->max)
			return gl_fail(err, GL_EINVAL,
				"%s: parameter %s=%ld is out of range %ld..%ld",
				owner, key, v, d->min, d->max);
		p->num[i] = v;
		/* canonical text: "+3" and "03" are spelt 3 in g->spec */
		snprintf(p->text[i], GL_PARAM_TEXT, "%ld", v);
		return 0;
	}
	strcpy(p->text[i], value);
	return 0;
}

/* Apply "key=value,key=value" to p. */
static int apply_list(gl_params *p, const char *owner, const char *list,
	gl_err *err)
{
	size_t n = strlen(list);
	if (n == 0 || list[0] == ',' || list[n - 1] == ',' || strstr(list, ",,"))
		return gl_fail(err, GL_EINVAL, "%s: empty parameter in '%s'", owner, list);
	char buf[GL_SPEC_MAX]; /* a canonical spec's list fits */
	if (n >= sizeof buf)
		return gl_fail(err, GL_EINVAL, "%s: parameter list is too long", owner);
	strcpy(buf, list);
	char *save = NULL;
	for (char *item = strtok_r(buf, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');
		if (!eq || eq == item)
			return gl_fail(err, GL_EINVAL, "%s: expected key=value, got '%s'",
				owner, item);
		*eq = '\0';
		int rc = set_param(p, owner, item, eq + 1, err);
		if (rc)
			return rc;
	}
	return 0;
}

int gl_params_resolve(gl_params *p, const char *owner, const gl_param_def *defs,
	const char *preset_args, const char *args, gl_err *err)
{
	memset(p, 0, sizeof *p);
	for (const gl_param_def *d = defs; d && d->key; d++) {
		if (p->n == GL_PARAMS_MAX)
			return gl_fail(err, GL_EINVAL, "%s declares too many parameters", owner);
		p->def[p->n++] = d;
		int rc = set_param(p, owner, d->key, d->def, err);
		if (rc)
			return rc;
	}
	int rc = preset_args ? apply_list(p, owner, preset_args, err) : 0;
	if (!rc && args)
		rc = apply_list(p, owner, args, err);
	return rc;
}

int gl_params_canonical(const gl_params *p, const char *name, char *buf,
	size_t n, gl_err *err)
{
	size_t len = (size_t)snprintf(buf, n, "%s", name);
	for (int i = 0; i < p->n; i++)
		len = gl_appendf(buf, n, len, "%c%s=%s", i ? ',' : ':',
			p->def[i]->key, p->text[i]);
	if (len >= n)
		return gl_fail(err, GL_ERANGE, "spec of %s is too long", name);
	return 0;
}
