/*
 * ggp_slow.c - the `slow` agent, `ggp serve`'s test agent for its use of
 * the clock (issue 19, item 5): it takes exactly the time it is given
 * (set_time, else its `time` parameter; with deaf=1 always the latter,
 * a stop unheeded) and then plays its state's first legal move, and it ponders until told to stop. Every call is appended
 * to the file of its `log` parameter, one line each ("set_time 1.234",
 * "choose 1.230 s", "ponder 0.512 s stopped"), so that a test can see
 * what the player gave it. Deterministic apart from the clock; the CLI's,
 * not the library's (it writes a file).
 */
#include "cli.h"
#include "gamelearn/agent.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct slow {
	double time;          /* seconds choose() takes */
	char log[GL_SPEC_MAX]; /* file appended to, or "" */
	bool deaf;            /* set_time and a->stop are not heeded */
	gl_action *moves;     /* [max_legal] */
} slow;

static const gl_param_def slow_params[] = {
	{"time", "1", "seconds a move takes until set_time says otherwise", 1, 0},
	{"log", "", "append each call to this file", 1, 0},
	{"deaf", "0", "1: neither set_time nor a stop is heeded while choosing (an agent that overruns the clock and publishes no move)", 0, 1},
	{NULL, NULL, NULL, 0, 0}
};

static void slow_note(const slow *d, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* One line into the log file, if there is one. */
static void slow_note(const slow *d, const char *fmt, ...)
{
	if (!d->log[0])
		return;
	FILE *f = fopen(d->log, "a");
	if (!f)
		return;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	fclose(f);
}

static void nap(double s)
{
	if (s <= 0)
		return;
	struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
	nanosleep(&ts, NULL);
}

static int slow_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	double time;
	int rc = gl_params_real(p, "time", "agent slow", 0, 3600, &time, err);
	if (rc)
		return rc;
	slow *d = gl_calloc(1, sizeof *d);
	if (!d || !(d->moves = gl_malloc(a->game->max_legal * sizeof *d->moves))) {
		gl_free(d);
		return gl_fail(err, GL_ENOMEM, "out of memory");
	}
	d->time = time;
	d->deaf = gl_params_int(p, "deaf") != 0;
	snprintf(d->log, sizeof d->log, "%s", gl_params_str(p, "log"));
	a->data = d;
	return 0;
}

static void slow_done(gl_agent *a)
{
	slow *d = a->data;
	gl_free(d->moves);
	gl_free(d);
}

static int slow_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	(void)err;
	slow *d = a->data;
	double t0 = gl_now();
	/* its time in steps of 10 ms, so that a->stop ends it soon */
	while (gl_now() - t0 < d->time &&
	       !(!d->deaf && a->stop && atomic_load(a->stop)))
		nap(fmin(0.01, d->time - (gl_now() - t0)));
	a->game->type->legal(a->game, s, d->moves);
	*move = d->moves[0];
	slow_note(d, "choose %.3f s%s", gl_now() - t0, a->stop &&
		atomic_load(a->stop) ? " stopped" : "");
	return 0;
}

static int slow_ponder(gl_agent *a, const void *s, double seconds,
	const atomic_bool *stop, gl_err *err)
{
	(void)s;
	(void)err;
	slow *d = a->data;
	double t0 = gl_now();
	while (!atomic_load(stop) && (seconds <= 0 || gl_now() - t0 < seconds))
		nap(0.002);
	slow_note(d, "ponder %.3f s %s", gl_now() - t0,
		atomic_load(stop) ? "stopped" : "timed out");
	return 0;
}

static void slow_set_time(gl_agent *a, double seconds)
{
	slow *d = a->data;
	if (!d->deaf)
		d->time = seconds > 0 ? seconds : 0;
	slow_note(d, "set_time %.3f", seconds);
}

const gl_agent_type cli_agent_slow = {
	.name = "slow",
	.summary = "ggp serve's test agent: takes exactly the time it is given, "
		"ponders until stopped, logs each call",
	.params = slow_params,
	.init = slow_init,
	.done = slow_done,
	.choose = slow_choose,
	.ponder = slow_ponder,
	.set_time = slow_set_time,
};

const gl_agent_type *const cli_ggp_types[] = {&cli_agent_slow, NULL};

gl_agent *cli_ggp_agent(const char *spec, const gl_game *g, gl_err *err)
{
	return gl_agent_new(spec, g, cli_ggp_types, err);
}
