/*
 * cmd_train.c - `gamelearn train GAME AGENT --opponent AGENT ...`: any
 * learning agent learns by playing matches, with a progress bar showing
 * the running average reward, a learning curve at the end, and what it
 * learned loaded before and saved after (atomically, by the agent).
 *
 * With --out DIR it is a sweep of --runs K runs, each a fresh learner
 * (from --load when given) and a piece of work (work.h): run r (1..K)
 * plays the matches that `train --seed S + (r-1)*N` would, so any run
 * can be repeated alone. The runs go on --threads and on MPI ranks,
 * finished ones are kept for --resume (run.h's gl_keep), and rank 0 writes each
 * run's learner to DIR/learned-R.txt, the table of runs to DIR/runs.csv
 * and the curve over all runs to DIR/curve.csv.
 */
#include "cli.h"

#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/stats.h"
#include "gamelearn/work.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const cli_opt train_opts[] = {
	{"opponent", "AGENT", NULL, "the agent it learns against (required)", 0},
	{"n", "N", "1000", "matches (a run)", 0},
	{"seed", "S", "1", "match i is seeded with S + i (run r's with S + (r-1)*N + i)", 0},
	{"first", "WHO", "learner", "who moves first: learner, opponent or alternate", 0},
	{"save", "FILE", NULL, "save what it learned to FILE (atomically, locked; one run)", 0},
	{"load", "FILE", NULL, "start from what it learned before (every run)", 0},
	{"runs", "K", "1", "independent runs, each a fresh learner (needs --out)", 0},
	{"out", "DIR", NULL, "a sweep: each run's learner, runs.csv and curve.csv into DIR", 0},
	{"threads", "T", "all cores", "runs played at once (and under mpirun, on every rank)", 0},
	{"resume", NULL, NULL, "go on from the runs a stopped sweep with the same options finished (kept in DIR/pieces)", 0},
	{"stop-after", "K", "0", "stop once K runs are finished and kept (to test --resume; 0: never)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_train_spec = {
	"train", "GAME AGENT", 2, 2, "a learning agent learns by playing matches",
	train_opts,
	{"gamelearn train tictactoe td --opponent random -n 3000 --save ttt.td",
	 "gamelearn train tictactoe td --opponent random -n 3000 --runs 10 --out ttt-runs"}
};

enum { CURVE = 10, WINDOW = 100 };

/* What one run of n matches gives: its curve in CURVE parts, and all. */
typedef struct train_result {
	gl_stats part[CURVE];
	gl_stats all;
} train_result;

/* How a run plays. */
typedef struct train_setup {
	const gl_game *g;
	const char *learner, *opp, *load; /* specs, and the file to start from */
	const char *first;                /* learner, opponent or alternate */
	long n;                           /* matches a run */
	uint64_t seed;                    /* of the first run */
} train_setup;

/* Play the n matches of match seeds seed + k into r (emptied first),
 * with bar (may be NULL) showing the running average reward. */
static int train_play(const train_setup *ts, gl_agent *learner, gl_agent *opp,
	uint64_t seed, train_result *r, progress *bar, gl_err *err)
{
	gl_match m;
	gl_match_init(&m);
	gl_stats_init(&r->all);
	for (int i = 0; i < CURVE; i++)
		gl_stats_init(&r->part[i]);
	int window[WINDOW] = {0};
	long wsum = 0, n = ts->n;
	for (long k = 0; k < n; k++) {
		int seat = !strcmp(ts->first, "learner") ? 0 :
			!strcmp(ts->first, "opponent") ? 1 : (int)(k & 1);
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
		gl_stats_add(&r->part[k * CURVE / n], goal, result);
		if (!bar)
			continue;
		wsum += goal - window[k % WINDOW];
		window[k % WINDOW] = goal;
		snprintf(bar->note, sizeof bar->note, "avg reward %.1f",
			(double)wsum / (double)(k + 1 < WINDOW ? k + 1 : WINDOW));
		progress_update(bar, (double)(k + 1));
	}
	gl_match_done(&m);
	return 0;
}

/* Matches a..b of curve part i of n matches, as text. */
static void part_range(long n, int i, char *buf, size_t size)
{
	snprintf(buf, size, "%ld-%ld", (long)((n * i + CURVE - 1) / CURVE) + 1,
		(long)((n * (i + 1) + CURVE - 1) / CURVE));
}

/* The learning curve (of one run, or of all pooled) as printed. */
static void print_curve(const train_result *r, long n)
{
	printf("%-18s %7s %7s %7s %10s\n", "matches", "wins", "draws", "losses", "mean goal");
	for (int i = 0; i < CURVE; i++) {
		if (!r->part[i].n)
			continue;
		char range[40];
		part_range(n, i, range, sizeof range);
		printf("%-18s %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %10.2f\n", range,
			r->part[i].wins, r->part[i].draws, r->part[i].losses,
			gl_stats_mean(&r->part[i]));
	}
	printf("%-18s %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %10.2f +- %.2f\n", "all",
		r->all.wins, r->all.draws, r->all.losses, gl_stats_mean(&r->all),
		gl_stats_ci95(&r->all));
}

static const char *first_text(const char *first)
{
	return !strcmp(first, "alternate") ? "moving first in odd matches" :
		!strcmp(first, "learner") ? "first" : "second";
}

/* --- A sweep: runs as pieces of work -----------------------------------------
 * Piece r is run r+1: a fresh learner and opponent, n matches from seed
 * S + r*n; its result is the run's train_result followed by the bytes
 * of the learner's save file (none when it cannot save), which the
 * worker writes to a file of its own and reads back, since only rank 0
 * writes into DIR. */

typedef struct sweep {
	const train_setup *ts;
	bool saves;        /* the learner can save */
	char **out;        /* each run's result bytes (malloc'd) */
	size_t *size;
} sweep;

static void sweep_piece(void *arg, int r, int worker)
{
	(void)worker;
	sweep *sw = arg;
	const train_setup *ts = sw->ts;
	gl_err err = {0};
	gl_agent *learner = NULL, *opp = NULL;
	train_result res;
	char *mem = NULL, tmp[1200] = "";
	size_t len = 0;
	if (!(learner = cli_agent_try(ts->learner, ts->g, &err)) ||
	    !(opp = cli_agent_try(ts->opp, ts->g, &err)) ||
	    (ts->load && learner->type->load(learner, ts->load, &err)))
		goto fail;
	if (train_play(ts, learner, opp, ts->seed + (uint64_t)r * (uint64_t)ts->n, &res,
			NULL, &err))
		goto fail;
	if (sw->saves) {
		const char *dir = getenv("TMPDIR");
		snprintf(tmp, sizeof tmp, "%s/gamelearn-train-%ld-%d",
			dir && *dir ? dir : "/tmp", (long)getpid(), r);
		if (learner->type->save(learner, tmp, &err) ||
		    gl_read_file(tmp, (size_t)1 << 30, &mem, &len, &err))
			goto fail;
		remove(tmp);
	}
	char *bytes = malloc(sizeof res + len);
	if (!bytes) {
		gl_fail(&err, GL_ENOMEM, "out of memory for a run's result");
		goto fail;
	}
	memcpy(bytes, &res, sizeof res);
	if (len)
		memcpy(bytes + sizeof res, mem, len);
	gl_free(mem);
	gl_agent_free(learner);
	gl_agent_free(opp);
	sw->out[r] = bytes;
	sw->size[r] = sizeof res + len;
	return;
fail:
	if (*tmp)
		remove(tmp);
	gl_free(mem);
	gl_agent_free(learner);
	gl_agent_free(opp);
	cli_die(EXIT_RUN, "train: run %d: %s", r + 1, err.msg);
}

static size_t sweep_get(void *arg, int r, const void **bytes)
{
	sweep *sw = arg;
	*bytes = sw->out[r];
	return sw->size[r];
}

static int sweep_put(void *arg, int r, const void *bytes, size_t size, gl_err *err)
{
	sweep *sw = arg;
	if (size < sizeof(train_result) || (!sw->saves && size != sizeof(train_result)))
		return gl_fail(err, GL_EINVAL, "train: run %d: a result of %zu bytes",
			r + 1, size);
	return gl_piece_copy(&sw->out[r], &sw->size[r], bytes, size, "train", err);
}

/* Run the sweep into dir and print its tables (rank 0 writes). */
static void train_sweep(const cli_args *opt, const train_setup *ts, int runs,
	const char *dir, bool saves)
{
	long threads = cli_given(opt, "threads") ? cli_long(opt, "threads", 1,
		CLI_THREADS_MAX) : sysconf(_SC_NPROCESSORS_ONLN);
	cli_mkdir(dir);
	sweep sw = {ts, saves, calloc((size_t)runs, sizeof(char *)),
		calloc((size_t)runs, sizeof(size_t))};
	if (!sw.out || !sw.size)
		cli_die(EXIT_RUN, "train: out of memory for %d runs", runs);
	progress bar;
	cli_pool pool;
	cli_pool_init(&pool, (int)threads, &bar);
	cli_pool_keep(&pool, opt, dir);
	progress_begin(&bar, "train", (double)runs);
	gl_pieces p = {runs, sweep_piece, sweep_get, sweep_put, &sw, true};
	gl_err err = {0};
	if (gl_run_pieces(&pool.runner, &p, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	progress_end(&bar);
	if (!cli_rank0())
		goto done;

	printf("%s: %s against %s, %d runs of %ld matches (learner %s), run r seeded "
		"%" PRIu64 " + (r-1)*%ld\n", ts->g->spec, ts->learner, ts->opp, runs, ts->n,
		first_text(ts->first), ts->seed, ts->n);
	gl_strbuf csv, curve;
	gl_strbuf_init(&csv);
	gl_strbuf_init(&curve);
	gl_strbuf_printf(&csv, "run,seed,matches,wins,draws,losses,mean_goal,ci95,learned\n");
	gl_strbuf_printf(&curve, "run,matches,wins,draws,losses,mean_goal\n");
	printf("%-5s %20s %7s %7s %7s %10s\n", "run", "seed", "wins", "draws", "losses",
		"mean goal");
	train_result pooled;
	gl_stats_init(&pooled.all);
	for (int i = 0; i < CURVE; i++)
		gl_stats_init(&pooled.part[i]);
	double lo = 0, hi = 0;
	for (int r = 0; r < runs; r++) {
		train_result res;
		memcpy(&res, sw.out[r], sizeof res);
		uint64_t seed = ts->seed + (uint64_t)r * (uint64_t)ts->n;
		double mean = gl_stats_mean(&res.all);
		lo = !r || mean < lo ? mean : lo;
		hi = !r || mean > hi ? mean : hi;
		char name[64] = "";
		if (saves) {
			snprintf(name, sizeof name, "learned-%d.txt", r + 1);
			char path[1400];
			snprintf(path, sizeof path, "%s/%s", dir, name);
			if (gl_write_atomic(path, sw.out[r] + sizeof res,
					sw.size[r] - sizeof res, &err))
				cli_die(EXIT_RUN, "%s", err.msg);
		}
		printf("%-5d %20" PRIu64 " %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %10.2f\n", r + 1,
			seed, res.all.wins, res.all.draws, res.all.losses, mean);
		gl_strbuf_printf(&csv, "%d,%" PRIu64 ",%ld,%" PRIu64 ",%" PRIu64 ",%" PRIu64
			",%.4f,%.4f,%s\n", r + 1, seed, ts->n, res.all.wins, res.all.draws,
			res.all.losses, mean, gl_stats_ci95(&res.all), name);
		for (int i = 0; i < CURVE; i++) {
			if (!res.part[i].n)
				continue;
			char range[40];
			part_range(ts->n, i, range, sizeof range);
			gl_strbuf_printf(&curve, "%d,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.4f\n",
				r + 1, range, res.part[i].wins, res.part[i].draws,
				res.part[i].losses, gl_stats_mean(&res.part[i]));
			gl_stats_merge(&pooled.part[i], &res.part[i]);
		}
		gl_stats_merge(&pooled.all, &res.all);
	}
	printf("\nall %d runs together:\n", runs);
	print_curve(&pooled, ts->n);
	printf("run means from %.2f to %.2f\n", lo, hi);
	cli_save(dir, "runs.csv", &csv);
	cli_save(dir, "curve.csv", &curve);
	gl_strbuf_done(&csv);
	gl_strbuf_done(&curve);
	printf("written to %s (runs.csv, curve.csv%s)\n", dir,
		saves ? ", learned-R.txt" : "");
done:
	for (int r = 0; r < runs; r++)
		free(sw.out[r]);
	free(sw.out);
	free(sw.size);
}

int cmd_train(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_train_spec, argc, argv, &opt);
	const char *spec = opt.pos[0], *learner_spec = opt.pos[1];
	const char *opp_spec = cli_str(&opt, "opponent");
	const char *save = cli_str(&opt, "save"), *load = cli_str(&opt, "load");
	const char *first = cli_str(&opt, "first"), *out = cli_str(&opt, "out");
	long n = cli_long(&opt, "n", 1, 1000000000);
	long runs = cli_long(&opt, "runs", 1, 1000000);
	uint64_t seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	if (!opp_spec)
		cli_die(EXIT_USAGE, "train: --opponent AGENT is required (try: "
			"gamelearn train --help)");
	if (strcmp(first, "learner") && strcmp(first, "opponent") && strcmp(first, "alternate"))
		cli_die(EXIT_USAGE, "train: --first must be learner, opponent or alternate, got '%s'", first);
	if (!out && (runs > 1 || cli_given(&opt, "resume") || cli_given(&opt, "stop-after") ||
		     cli_given(&opt, "threads")))
		cli_die(EXIT_USAGE, "train: --runs, --threads, --resume and --stop-after are a sweep's, "
			"which needs --out DIR");
	if (out && save)
		cli_die(EXIT_USAGE, "train: a sweep (--out) saves each run's learner into "
			"DIR/learned-R.txt, not --save");
	gl_game *g = cli_game(spec);
	gl_agent *learner = NULL, *opp = NULL;
	gl_err err = {0};
	gl_lock lock = {0};
	int code = EXIT_USAGE; /* every failure below frees all, then dies */
	if (g->nplayers != 2) {
		gl_fail(&err, GL_EINVAL, "train: %s is not a two-player game", g->spec);
		goto fail;
	}
	if (!(learner = cli_agent_try(learner_spec, g, &err)) ||
	    !(opp = cli_agent_try(opp_spec, g, &err)))
		goto fail;
	if (load && !learner->type->load) {
		gl_fail(&err, GL_EINVAL, "train: agent %s cannot load", learner->type->name);
		goto fail;
	}
	if (save && !learner->type->save) {
		gl_fail(&err, GL_EINVAL, "train: agent %s cannot save", learner->type->name);
		goto fail;
	}
	code = EXIT_RUN;
	train_setup ts = {g, learner->spec, opp->spec, load, first, n, seed};
	if (load && learner->type->load(learner, load, &err))
		goto fail; /* a file that does not load fails here, not in a run */
	if (out) {
		/* the runs make their own learners */
		train_sweep(&opt, &ts, (int)runs, out, learner->type->save != NULL);
		gl_agent_free(learner);
		gl_agent_free(opp);
		cli_game_notes(g);
		gl_game_free(g);
		return 0;
	}
	/* before the first match: the file can be written, and no other
	 * process is saving it */
	if (save && cli_rank0() && gl_lock_take(&lock, save, &err))
		goto fail; /* under MPI rank 0 alone writes */

	train_result res;
	progress bar;
	progress_begin(&bar, "train", (double)n);
	double t0 = gl_now();
	if (train_play(&ts, learner, opp, seed, &res, &bar, &err))
		goto fail;
	progress_end(&bar);
	double dt = gl_now() - t0;
	printf("%s: %s against %s, %ld matches (learner %s), seed %" PRIu64 "\n", g->spec,
		learner->spec, opp->spec, n, first_text(first), seed);
	print_curve(&res, n);
	printf("%.1f matches/s\n", dt > 0 ? (double)n / dt : 0.0);
	if (save && cli_rank0()) {
		if (learner->type->save(learner, save, &err))
			goto fail;
		printf("saved to %s\n", save);
	}
	gl_agent_free(learner);
	gl_agent_free(opp);
	cli_game_notes(g);
	gl_game_free(g);
	gl_lock_drop(&lock);
	return 0;
fail:
	gl_agent_free(learner);
	gl_agent_free(opp);
	gl_game_free(g);
	gl_lock_drop(&lock);
	cli_die(code, "%s", err.msg);
}
