/*
 * exp.c - an experiment (experiment.h) run through the runner layer from
 * its options as text: the options read against its declared ones, its
 * pieces on a pool of threads (kept on disk when asked, for a run that
 * resumes), its report written as files (report.h). What a program over
 * the library runs: the web page's quick runs, Python's.
 */
#include "gamelearn/report.h"
#include "gamelearn/run.h"

#include <stdlib.h>
#include <string.h>

void gl_exp_opts_done(gl_exp_opts *o)
{
	gl_free(o->text);
	o->text = NULL;
}

/* The index of option name (len bytes) in opts, or -1. */
static int find_opt(const gl_option *opts, const char *name, size_t len)
{
	for (int i = 0; opts[i].name; i++)
		if (strlen(opts[i].name) == len && !strncmp(opts[i].name, name, len))
			return i;
	return -1;
}

int gl_exp_opts_parse(gl_exp_opts *o, const gl_experiment_type *e, const char *text,
	gl_err *err)
{
	memset(o, 0, sizeof *o);
	o->args = (gl_exp_args){e->opts, o->val, o->seen};
	int nopts = 0;
	while (e->opts[nopts].name)
		nopts++;
	if (nopts > GL_EXP_OPTS_MAX)
		return gl_fail(err, GL_ERANGE, "%s: over %d options", e->name,
			GL_EXP_OPTS_MAX);
	size_t len = text ? strlen(text) : 0;
	if (!(o->text = gl_malloc(len + 1)))
		return gl_fail(err, GL_ENOMEM, "%s: out of memory for its options", e->name);
	memcpy(o->text, text ? text : "", len + 1);
	const char *sep = " \t\r\n";
	for (char *w = strtok(o->text, sep); w; w = strtok(NULL, sep)) {
		if (w[0] != '-' || !w[1] || (w[1] == '-' && !w[2]))
			return gl_fail(err, GL_EINVAL, "%s: '%s' is not an option", e->name, w);
		const char *name = w + 1 + (w[1] == '-');
		char *eq = w[1] == '-' ? strchr(name, '=') : NULL;
		size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
		int i = find_opt(e->opts, name, nlen);
		if (i < 0 || (w[1] != '-' && nlen != 1))
			return gl_fail(err, GL_EINVAL, "%s: unknown option %.*s", e->name,
				(int)(nlen + (size_t)(name - w)), w);
		const char *v = NULL;
		if (e->opts[i].arg) {
			v = eq ? eq + 1 : strtok(NULL, sep);
			if (!v)
				return gl_fail(err, GL_EINVAL, "%s: %s needs a value (%s)",
					e->name, w, e->opts[i].arg);
		} else if (eq) {
			return gl_fail(err, GL_EINVAL, "%s: --%s takes no value", e->name,
				e->opts[i].name);
		}
		o->val[i] = v;
		o->seen[i]++;
	}
	return 0;
}

int gl_exp_run(const gl_experiment_type *e, const char *options, const gl_exp_setup *s,
	gl_report *rep, gl_err *err)
{
	gl_exp_opts o;
	gl_pool pool;
	gl_keep keep;
	gl_strbuf key;
	gl_strbuf_init(&key);
	int rc = gl_exp_opts_parse(&o, e, options, err);
	if (!rc)
		rc = gl_report_mkdir(s->dir, err);
	gl_pool_init(&pool, s->threads, s->progress, s->progress_ctx);
	const gl_runner *runner = &pool.runner;
	if (!rc && s->keep) {
		gl_keep_key(&key, e->name, e->opts, o.val, o.seen);
		gl_keep_config kc = {e->name, s->dir, key.buf ? key.buf : "", s->resume,
			s->stop_after, true, NULL, NULL};
		rc = key.oom ? gl_fail(err, GL_ENOMEM, "%s: out of memory", e->name) :
			gl_keep_init(&keep, &pool, &pool.runner, &kc, err);
		runner = &keep.runner;
	}
	gl_exp_env env = {runner, s->dir, s->plan, s->plan_ctx, false, NULL};
	if (!rc)
		rc = e->run(&o.args, &env, rep, err);
	if (!rc)
		rc = gl_report_write(rep, s->dir, err);
	gl_strbuf_done(&key);
	gl_exp_opts_done(&o);
	return rc;
}
