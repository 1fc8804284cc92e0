/*
 * train.h - a learning agent trained by playing matches against an
 * opponent (`gamelearn train`), alone or as a sweep of independent runs,
 * each a piece of work (work.h) on the caller's runner (run.h: threads,
 * kept pieces for resuming; mpi.h: ranks). Run r of a sweep plays the
 * matches a single training seeded seed + r*n would, so any run can be
 * repeated alone. The results are data; the caller prints and writes
 * them.
 */
#ifndef GAMELEARN_TRAIN_H
#define GAMELEARN_TRAIN_H

#include "gamelearn/agent.h"
#include "gamelearn/run.h"
#include "gamelearn/stats.h"

enum { GL_TRAIN_PARTS = 10 }; /* the learning curve's parts */

/* Who moves first in a training match. */
typedef enum gl_train_first {
	GL_FIRST_LEARNER, GL_FIRST_OPPONENT,
	GL_FIRST_ALTERNATE  /* the learner first in even matches (0, 2, ...) */
} gl_train_first;

/* What n matches give: the learner's results in GL_TRAIN_PARTS equal
 * parts (the curve; match k in part k * PARTS / n), and in all. A plain
 * struct: a sweep's pieces carry it as bytes. */
typedef struct gl_train_result {
	gl_stats part[GL_TRAIN_PARTS];
	gl_stats all;
} gl_train_result;

/* How a run plays. */
typedef struct gl_train_setup {
	const gl_game *g;                 /* two players */
	const char *learner, *opponent;   /* agent specs */
	const char *load;                 /* every run's learner starts from
					     this file, or NULL */
	gl_train_first first;
	long n;                           /* matches a run */
	uint64_t seed;                    /* of the first run */
	const gl_agent_type *const *extra; /* agent types beside the library's
					     (gl_agent_new's), or NULL */
} gl_train_setup;

/* Play n matches of learner against opp, match k seeded
 * gl_mix64(seed + k), into r (emptied first); each (may be NULL) is
 * called after match k with the learner's goal. Returns 0, or GL_EINVAL
 * "match K: why". */
int gl_train_play(const gl_train_setup *ts, gl_agent *learner, gl_agent *opp,
	uint64_t seed, gl_train_result *r, void (*each)(void *ctx, long k, int goal),
	void *ctx, gl_err *err);

/* A sweep's results: run r's result and, when the learner can save, what
 * it learned as the bytes of its save file. */
typedef struct gl_train_runs {
	int runs;
	bool saves;       /* the learner can save */
	char **bytes;     /* run r's piece: its gl_train_result, then the
			     learner's file (malloc'd, NULL until it ran) */
	size_t *size;
	gl_err *errs;     /* run r's failure, if any */
} gl_train_runs;

/* Run `runs` runs of ts as pieces on runner (NULL: one by one): run r a
 * fresh learner (from ts->load) against a fresh opponent, n matches from
 * seed ts->seed + r * n, its learner saved through a file of its own in
 * tmpdir (NULL: $TMPDIR or /tmp) and read back, so that its bytes can
 * travel. A failed run stops `stop` (the pool under the runner, may be
 * NULL) so that no more runs start, and nothing more is kept. Results
 * into out (gl_train_runs_done frees them, whatever is returned).
 * Returns 0, or the runner's error, or the first failed run's: "train:
 * run R: why". */
int gl_train_sweep(const gl_train_setup *ts, int runs, const gl_runner *runner,
	gl_pool *stop, const char *tmpdir, gl_train_runs *out, gl_err *err);
/* Run r's result (r < out->runs, the sweep done). */
gl_train_result gl_train_runs_result(const gl_train_runs *out, int r);
/* Run r's learner as its save file's bytes (*len of them), or NULL when
 * the learner cannot save. */
const char *gl_train_runs_learned(const gl_train_runs *out, int r, size_t *len);
void gl_train_runs_done(gl_train_runs *out);

#endif
