/*
 * bind/exp.c - a paper's experiment run from a language binding (bind.h):
 * its options given as names and values, its pieces of work run on a
 * pool of threads (run.h: --threads T, by default every core; the same
 * report for any count), its report handed back as data.
 */
#include "gamelearn/bind.h"
#include "gamelearn/run.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
	/* --threads T, else every core */
	long threads = sysconf(_SC_NPROCESSORS_ONLN);
	for (int k = 0; k < nopts; k++)
		if (seen[k] && !strcmp(e->opts[k].name, "threads")) {
			char *end;
			threads = strtol(val[k], &end, 10);
			if (end == val[k] || *end || threads < 1 || threads > GL_THREADS_MAX) {
				rc = gl_fail(err, GL_EINVAL, "%s: --threads must be a whole "
					"number in 1..%d, got '%s'", name, GL_THREADS_MAX, val[k]);
				goto out;
			}
		}
	gl_pool pool;
	gl_pool_init(&pool, threads > 0 ? (int)threads : 1, NULL, NULL);
	gl_exp_args a = {e->opts, val, seen};
	gl_exp_env env = {&pool.runner, dir, NULL, NULL, false, NULL};
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
