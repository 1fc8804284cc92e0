/*
 * web_exp.c - the experiments on `gamelearn web`'s Results page: the
 * library's registry of experiments (experiment.h) listed with their
 * papers, and one small run at a time (the experiment's quick options)
 * started from the page: it runs in a background thread through the
 * library's runner layer (run.h's gl_exp_run: the same pieces and pool
 * as `repro NAME`, on one worker thread, so the server keeps a core),
 * writes its tables and figures into DATA/experiments/NAME/ (report.h),
 * and keeps its text and tables for the page.
 * A second run while one goes is refused (409).
 */
#include "gamelearn/experiment.h"
#include "gamelearn/run.h"
#include "web.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { RUN_IDLE, RUN_RUNNING, RUN_DONE, RUN_FAILED };
static const char *const run_states[] = {"idle", "running", "done", "failed"};

/* The one run: its experiment and state, under mu. */
static struct {
	pthread_mutex_t mu;
	pthread_t tid;
	bool thread;              /* tid is to be joined */
	const gl_experiment_type *e;
	int state;
	double started, took;     /* gl_now() at its start; seconds it took */
	char dir[1100];           /* DATA/experiments/NAME */
	gl_report rep;            /* when done */
	gl_err err;               /* when failed */
} run = {.mu = PTHREAD_MUTEX_INITIALIZER};

static void *run_thread(void *arg)
{
	(void)arg;
	gl_exp_setup s = {.threads = 1, .dir = run.dir};
	gl_report rep;
	gl_report_init(&rep);
	gl_err err = {0};
	int rc = gl_exp_run(run.e, run.e->quick, &s, &rep, &err);
	pthread_mutex_lock(&run.mu);
	run.took = gl_now() - run.started;
	run.state = rc ? RUN_FAILED : RUN_DONE;
	run.err = err;
	run.rep = rep;
	pthread_mutex_unlock(&run.mu);
	return NULL;
}

/* Start e's quick run in dir: 0, or a 4xx into r. Under run.mu. */
static int start(const gl_experiment_type *e, const char *data, web_reply *r)
{
	for (int k = 0; k < 2; k++) {
		snprintf(run.dir, sizeof run.dir, "%s/experiments%s%s", data, k ? "/" : "",
			k ? e->name : "");
		if (mkdir(run.dir, 0777) != 0 && errno != EEXIST) {
			web_error(r, 500, "experiments: cannot make %s: %s", run.dir,
				strerror(errno));
			return -1;
		}
	}
	if (run.thread)
		pthread_join(run.tid, NULL);
	gl_report_done(&run.rep);
	run.thread = false;
	run.e = e;
	run.state = RUN_RUNNING;
	run.started = gl_now();
	run.took = 0;
	if (pthread_create(&run.tid, NULL, run_thread, NULL) != 0) {
		run.state = RUN_FAILED;
		gl_fail(&run.err, GL_ENOMEM, "cannot start a thread for the run");
		web_error(r, 503, "experiments: cannot start a thread for the run");
		return -1;
	}
	run.thread = true;
	return 0;
}

/* The state of e's run (under run.mu), with its text and tables once
 * done. */
static json_t *run_json(const gl_experiment_type *e, bool full)
{
	bool mine = run.e == e;
	json_t *o = json_pack("{s:s}", "state", run_states[mine ? run.state : RUN_IDLE]);
	if (!mine || run.state == RUN_IDLE)
		return o;
	json_object_set_new(o, "folder", json_string(run.dir + strlen(run.dir) -
		strlen("experiments/") - strlen(e->name)));
	json_object_set_new(o, "options", json_string(e->quick));
	if (run.state == RUN_RUNNING)
		json_object_set_new(o, "seconds", json_real(gl_now() - run.started));
	else
		json_object_set_new(o, "seconds", json_real(run.took));
	if (run.state == RUN_FAILED) {
		char msg[sizeof run.err.msg];
		snprintf(msg, sizeof msg, "%s", run.err.msg);
		web_scrub(msg, sizeof msg); /* no server path */
		json_object_set_new(o, "error", json_string(msg));
	}
	if (run.state != RUN_DONE || !full)
		return o;
	json_object_set_new(o, "text", json_stringn(run.rep.text.buf ? run.rep.text.buf : "",
		run.rep.text.len));
	json_t *tables = json_array(), *figures = json_array();
	for (int i = 0; i < run.rep.ntables; i++) {
		const gl_table *t = run.rep.tables[i];
		json_t *cols = json_array(), *rows = json_array();
		for (int c = 0; c < t->ncols; c++)
			json_array_append_new(cols, json_string(t->cols[c]));
		for (int k = 0; k < t->nrows; k++) {
			json_t *row = json_array();
			for (int c = 0; c < t->ncols; c++)
				json_array_append_new(row, json_string(gl_table_cell(t, k, c)));
			json_array_append_new(rows, row);
		}
		json_array_append_new(tables, json_pack("{s:s,s:o,s:o}", "name", t->name,
			"columns", cols, "rows", rows));
	}
	for (int i = 0; i < run.rep.nfigures; i++)
		json_array_append_new(figures, json_pack("{s:s,s:s}", "name",
			run.rep.figures[i]->name, "title", run.rep.figures[i]->title));
	json_object_set_new(o, "tables", tables);
	json_object_set_new(o, "figures", figures);
	return o;
}

static json_t *experiment_json(const gl_experiment_type *e, bool full)
{
	json_t *o = json_pack("{s:s,s:s,s:s,s:s}", "name", e->name, "summary", e->summary,
		"paper", e->paper, "quick", e->quick);
	json_object_set_new(o, "run", run_json(e, full));
	return o;
}

void web_exp_api(bool get, bool post, const char *rest, const char *data, web_reply *r)
{
	if (!*rest && get) {
		json_t *arr = json_array();
		pthread_mutex_lock(&run.mu);
		for (const gl_experiment_type *const *e = gl_experiment_types(); *e; e++)
			json_array_append_new(arr, experiment_json(*e, false));
		pthread_mutex_unlock(&run.mu);
		r->body = json_pack("{s:o}", "experiments", arr);
		return;
	}
	char name[64];
	size_t n = strcspn(rest + (*rest == '/'), "/");
	if (*rest != '/' || n == 0 || n >= sizeof name) {
		web_error(r, 404, "no experiment '%.60s'", rest);
		return;
	}
	memcpy(name, rest + 1, n);
	name[n] = '\0';
	const char *verb = rest + 1 + n;
	const gl_experiment_type *e = gl_experiment_find(name);
	if (!e) {
		web_error(r, 404, "no experiment '%s' (GET /api/experiments lists them)", name);
		return;
	}
	if (get && !*verb) {
		pthread_mutex_lock(&run.mu);
		r->body = experiment_json(e, true);
		pthread_mutex_unlock(&run.mu);
	} else if (post && !strcmp(verb, "/run")) {
		if (!data) {
			web_error(r, 400, "experiments: the server has no --data folder for the "
				"run's files");
			return;
		}
		pthread_mutex_lock(&run.mu);
		if (run.state == RUN_RUNNING) {
			web_error(r, 409, "experiments: %s is running; one run at a time",
				run.e->name);
		} else if (start(e, data, r) == 0) {
			r->status = 202;
			r->body = experiment_json(e, false);
		}
		pthread_mutex_unlock(&run.mu);
	} else {
		web_error(r, 404, "no API for experiment %s%.20s", name, verb);
	}
}

const char *web_exp_of(const char *path)
{
	for (const gl_experiment_type *const *e = gl_experiment_types(); *e; e++) {
		size_t n = strlen((*e)->name);
		for (const char *p = path; (p = strstr(p, (*e)->name)); p += n)
			if ((p == path || p[-1] == '/') && p[n] == '/')
				return (*e)->name;
	}
	return NULL;
}

void web_exp_done(void)
{
	pthread_mutex_lock(&run.mu);
	bool join = run.thread;
	run.thread = false;
	pthread_mutex_unlock(&run.mu);
	if (join)
		pthread_join(run.tid, NULL);
	gl_report_done(&run.rep);
}
