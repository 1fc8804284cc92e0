/*
 * train.c - training a learning agent by matches (train.h), and a sweep
 * of independent training runs as pieces of work: run r's result is its
 * gl_train_result followed by the bytes of the learner's save file (none
 * when it cannot save), which the worker writes to a file of its own and
 * reads back, so that the result can be kept on disk or shipped to
 * another process like any other piece's.
 */
#include "gamelearn/fileio.h"
#include "gamelearn/train.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int gl_train_play(const gl_train_setup *ts, gl_agent *learner, gl_agent *opp,
	uint64_t seed, gl_train_result *r, void (*each)(void *ctx, long k, int goal),
	void *ctx, gl_err *err)
{
	gl_match m;
	gl_match_init(&m);
	gl_stats_init(&r->all);
	for (int i = 0; i < GL_TRAIN_PARTS; i++)
		gl_stats_init(&r->part[i]);
	long n = ts->n;
	for (long k = 0; k < n; k++) {
		int seat = ts->first == GL_FIRST_LEARNER ? 0 :
			ts->first == GL_FIRST_OPPONENT ? 1 : (int)(k & 1);
		gl_agent *seats[2];
		seats[seat] = learner;
		seats[1 - seat] = opp;
		if (gl_match_play(ts->g, seats, gl_mix64(seed + (uint64_t)k), &m, err)) {
			char msg[sizeof err->msg];
			snprintf(msg, sizeof msg, "%s", err->msg);
			gl_match_done(&m);
			return gl_fail(err, GL_EINVAL, "match %ld: %s", k + 1, msg);
		}
		int goal = m.goals[seat], result = gl_result_of(m.goals, 2, seat);
		gl_stats_add(&r->all, goal, result);
		gl_stats_add(&r->part[k * GL_TRAIN_PARTS / n], goal, result);
		if (each)
			each(ctx, k, goal);
	}
	gl_match_done(&m);
	return 0;
}

/* --- A sweep: runs as pieces of work ----------------------------------------- */

typedef struct sweep {
	const gl_train_setup *ts;
	gl_train_runs *out;
	gl_pool *stop;
	const char *tmpdir;
} sweep;

static void sweep_piece(void *arg, int r, int worker)
{
	(void)worker;
	sweep *sw = arg;
	const gl_train_setup *ts = sw->ts;
	gl_err *err = &sw->out->errs[r];
	gl_agent *learner = NULL, *opp = NULL;
	gl_train_result res;
	char *mem = NULL, *bytes = NULL, tmp[1200] = "";
	size_t len = 0;
	if (!(learner = gl_agent_new(ts->learner, ts->g, ts->extra, err)) ||
	    !(opp = gl_agent_new(ts->opponent, ts->g, ts->extra, err)) ||
	    (ts->load && learner->type->load(learner, ts->load, err)))
		goto fail;
	if (gl_train_play(ts, learner, opp, ts->seed + (uint64_t)r * (uint64_t)ts->n, &res,
			NULL, NULL, err))
		goto fail;
	if (sw->out->saves) {
		snprintf(tmp, sizeof tmp, "%s/gamelearn-train-%ld-%d", sw->tmpdir,
			(long)getpid(), r);
		if (learner->type->save(learner, tmp, err) ||
		    gl_read_file(tmp, (size_t)1 << 30, &mem, &len, err))
			goto fail;
		remove(tmp);
	}
	if (!(bytes = malloc(sizeof res + len))) {
		gl_fail(err, GL_ENOMEM, "out of memory for a run's result");
		goto fail;
	}
	memcpy(bytes, &res, sizeof res);
	if (len)
		memcpy(bytes + sizeof res, mem, len);
	gl_free(mem);
	gl_agent_free(learner);
	gl_agent_free(opp);
	free(sw->out->bytes[r]);
	sw->out->bytes[r] = bytes;
	sw->out->size[r] = sizeof res + len;
	return;
fail:
	if (*tmp)
		remove(tmp);
	gl_free(mem);
	gl_agent_free(learner);
	gl_agent_free(opp);
	if (sw->stop)
		gl_pool_stop(sw->stop, err->code, "train: run %d: %s", r + 1, err->msg);
}

static size_t sweep_get(void *arg, int r, const void **bytes)
{
	sweep *sw = arg;
	*bytes = sw->out->bytes[r];
	return sw->out->size[r];
}

static int sweep_put(void *arg, int r, const void *bytes, size_t size, gl_err *err)
{
	sweep *sw = arg;
	if (size < sizeof(gl_train_result) ||
	    (!sw->out->saves && size != sizeof(gl_train_result)))
		return gl_fail(err, GL_EINVAL, "train: run %d: a result of %zu bytes",
			r + 1, size);
	return gl_piece_copy(&sw->out->bytes[r], &sw->out->size[r], bytes, size,
		"train", err);
}

int gl_train_sweep(const gl_train_setup *ts, int runs, const gl_runner *runner,
	gl_pool *stop, const char *tmpdir, gl_train_runs *out, gl_err *err)
{
	gl_agent *probe = NULL;
	*out = (gl_train_runs){runs, false, calloc((size_t)(runs > 0 ? runs : 1),
		sizeof(char *)), calloc((size_t)(runs > 0 ? runs : 1), sizeof(size_t)),
		calloc((size_t)(runs > 0 ? runs : 1), sizeof(gl_err))};
	if (!out->bytes || !out->size || !out->errs)
		return gl_fail(err, GL_ENOMEM, "train: out of memory for %d runs", runs);
	/* whether the learner saves, and a bad spec said before any run */
	if (!(probe = gl_agent_new(ts->learner, ts->g, ts->extra, err)))
		return err ? err->code : GL_EINVAL;
	out->saves = probe->type->save != NULL;
	gl_agent_free(probe);
	const char *env = getenv("TMPDIR");
	sweep sw = {ts, out, stop, tmpdir ? tmpdir : env && *env ? env : "/tmp"};
	gl_pieces p = {runs, sweep_piece, sweep_get, sweep_put, &sw, true};
	int rc = gl_run_pieces(runner, &p, err);
	for (int r = 0; !rc && r < runs; r++)
		if (out->errs[r].code)
			rc = gl_fail(err, out->errs[r].code, "train: run %d: %s", r + 1,
				out->errs[r].msg);
	return rc;
}

gl_train_result gl_train_runs_result(const gl_train_runs *out, int r)
{
	gl_train_result res;
	memcpy(&res, out->bytes[r], sizeof res);
	return res;
}

const char *gl_train_runs_learned(const gl_train_runs *out, int r, size_t *len)
{
	*len = out->saves ? out->size[r] - sizeof(gl_train_result) : 0;
	return out->saves ? out->bytes[r] + sizeof(gl_train_result) : NULL;
}

void gl_train_runs_done(gl_train_runs *out)
{
	for (int r = 0; out->bytes && r < out->runs; r++)
		free(out->bytes[r]);
	free(out->bytes);
	free(out->size);
	free(out->errs);
	*out = (gl_train_runs){0};
}
