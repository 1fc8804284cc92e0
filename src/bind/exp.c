/*
 * bind/exp.c - a paper's experiment run from a language binding (bind.h):
 * its options given as names and values, its pieces of work run one
 * after another (no runner: the caller's thread), its report handed back
 * as data.
 *
 * The runners that spread pieces over threads live in the CLI today;
 * once the library has them (include/gamelearn/run.h), gl_bind_exp_run
 * can take one here in place of NULL.
 */
#include "gamelearn/bind.h"

#include <string.h>

int gl_bind_exp_run(const char *name, int n, const char *const *names,
	const char *const *values, const char *dir, gl_report **out,
	gl_err *err)
{
	*out = NULL;
	const gl_experiment_type *e = gl_experiment_find(name);
	if (!e)
		return gl_fail(err, GL_EINVAL, "unknown experiment '%s'", name);
	int nopts = 0;
	while (e->opts[nopts].name)
		nopts++;
	const char **val = gl_calloc((size_t)nopts + 1, sizeof *val);
	int *seen = gl_calloc((size_t)nopts + 1, sizeof *seen);
	gl_report *rep = gl_malloc(sizeof *rep);
	int rc = 0;
	if (!val || !seen || !rep) {
		rc = gl_fail(err, GL_ENOMEM, "%s: out of memory", name);
		goto out;
	}
	for (int i = 0; i < n; i++) {
		int k = 0;
		while (k < nopts && strcmp(e->opts[k].name, names[i]))
			k++;
		if (k == nopts) {
			rc = gl_fail(err, GL_EINVAL, "%s: no option --%s", name,
				names[i]);
			goto out;
		}
		seen[k] = 1;
		val[k] = e->opts[k].arg ? values[i] : NULL;
		if (e->opts[k].arg && !values[i]) {
			rc = gl_fail(err, GL_EINVAL, "%s: --%s needs a value", name,
				names[i]);
			goto out;
		}
	}
	gl_exp_args a = {e->opts, val, seen};
	gl_exp_env env = {NULL, dir, NULL, NULL, false, NULL};
	gl_report_init(rep);
	rc = e->run(&a, &env, rep, err);
	if (!rc)
		rc = gl_report_check(rep, err);
	if (rc) {
		gl_report_done(rep);
		goto out;
	}
	*out = rep;
	rep = NULL;
out:
	gl_free(rep);
	gl_free(val);
	gl_free(seen);
	return rc;
}

void gl_bind_report_free(gl_report *r)
{
	if (!r)
		return;
	gl_report_done(r);
	gl_free(r);
}

const char *gl_bind_report_text(const gl_report *r)
{
	return r->text.buf ? r->text.buf : "";
}

int gl_bind_report_ntables(const gl_report *r)
{
	return r->ntables;
}

const gl_table *gl_bind_report_table(const gl_report *r, int i)
{
	return i >= 0 && i < r->ntables ? r->tables[i] : NULL;
}

int gl_bind_report_nfigures(const gl_report *r)
{
	return r->nfigures;
}

const gl_figure *gl_bind_report_figure(const gl_report *r, int i)
{
	return i >= 0 && i < r->nfigures ? r->figures[i] : NULL;
}

int gl_bind_report_nnotes(const gl_report *r)
{
	return r->nnotes;
}

const gl_note *gl_bind_report_note(const gl_report *r, int i)
{
	return i >= 0 && i < r->nnotes ? &r->notes[i] : NULL;
}
