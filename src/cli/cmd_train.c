/*
 * cmd_train.c - `gamelearn train GAME AGENT --opponent AGENT ...`: any
 * learning agent learns by playing matches, with a progress bar showing
 * the running average reward, a learning curve at the end, and what it
 * learned loaded before and saved after (atomically, by the agent).
 *
 * With --out DIR it is a sweep of --runs K runs (train.h's
 * gl_train_sweep), each a fresh learner (from --load when given) and a
 * piece of work: run r (1..K) plays the matches that `train --seed S +
 * (r-1)*N` would, so any run can be repeated alone. The runs go on
 * --threads and on MPI ranks, finished ones are kept for --resume
 * (run.h's gl_keep), and rank 0 writes each run's learner to
 * DIR/learned-R.txt, the table of runs to DIR/runs.csv and the curve over
 * all runs to DIR/curve.csv.
 */
#include "cli.h"

#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/stats.h"
#include "gamelearn/train.h"

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

enum { CURVE = GL_TRAIN_PARTS, WINDOW = 100 };

/* The progress bar of one training, with the running average reward
 * of the last WINDOW matches. */
typedef struct train_bar {
	progress *bar;
	int window[WINDOW];
	long sum;
} train_bar;

static void train_each(void *ctx, long k, int goal)
{
	train_bar *tb = ctx;
	tb->sum += goal - tb->window[k % WINDOW];
	tb->window[k % WINDOW] = goal;
	snprintf(tb->bar->note, sizeof tb->bar->note, "avg reward %.1f",
		(double)tb->sum / (double)(k + 1 < WINDOW ? k + 1 : WINDOW));
	progress_update(tb->bar, (double)(k + 1));
}

/* Matches a..b of curve part i of n matches, as text. */
static void part_range(long n, int i, char *buf, size_t size)
{
	snprintf(buf, size, "%ld-%ld", (long)((n * i + CURVE - 1) / CURVE) + 1,
		(long)((n * (i + 1) + CURVE - 1) / CURVE));
}

/* The learning curve (of one run, or of all pooled) as printed. */
static void print_curve(const gl_train_result *r, long n)
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

static const char *first_text(gl_train_first first)
{
	return first == GL_FIRST_ALTERNATE ? "moving first in odd matches" :
		first == GL_FIRST_LEARNER ? "first" : "second";
}

/* Run the sweep into dir and print its tables (rank 0 writes). */
static void train_sweep(const cli_args *opt, const gl_train_setup *ts, int runs,
	const char *dir)
{
	long threads = cli_given(opt, "threads") ? cli_long(opt, "threads", 1,
		CLI_THREADS_MAX) : sysconf(_SC_NPROCESSORS_ONLN);
	cli_mkdir(dir);
	progress bar;
	cli_pool pool;
	cli_pool_init(&pool, (int)threads, &bar);
	cli_pool_keep(&pool, opt, dir);
	progress_begin(&bar, "train", (double)runs);
	gl_train_runs sw;
	gl_err err = {0};
	if (gl_train_sweep(ts, runs, &pool.runner, &pool.base, NULL, &sw, &err)) {
		gl_train_runs_done(&sw);
		cli_die(EXIT_RUN, "%s", err.msg);
	}
	progress_end(&bar);
	bool saves = sw.saves;
	if (!cli_rank0())
		goto done;

	printf("%s: %s against %s, %d runs of %ld matches (learner %s), run r seeded "
		"%" PRIu64 " + (r-1)*%ld\n", ts->g->spec, ts->learner, ts->opponent, runs, ts->n,
		first_text(ts->first), ts->seed, ts->n);
	gl_strbuf csv, curve;
	gl_strbuf_init(&csv);
	gl_strbuf_init(&curve);
	gl_strbuf_printf(&csv, "run,seed,matches,wins,draws,losses,mean_goal,ci95,learned\n");
	gl_strbuf_printf(&curve, "run,matches,wins,draws,losses,mean_goal\n");
	printf("%-5s %20s %7s %7s %7s %10s\n", "run", "seed", "wins", "draws", "losses",
		"mean goal");
	gl_train_result pooled;
	gl_stats_init(&pooled.all);
	for (int i = 0; i < CURVE; i++)
		gl_stats_init(&pooled.part[i]);
	double lo = 0, hi = 0;
	for (int r = 0; r < runs; r++) {
		gl_train_result res = gl_train_runs_result(&sw, r);
		uint64_t seed = ts->seed + (uint64_t)r * (uint64_t)ts->n;
		double mean = gl_stats_mean(&res.all);
		lo = !r || mean < lo ? mean : lo;
		hi = !r || mean > hi ? mean : hi;
		char name[64] = "";
		if (saves) {
			snprintf(name, sizeof name, "learned-%d.txt", r + 1);
			char path[1400];
			snprintf(path, sizeof path, "%s/%s", dir, name);
			size_t len;
			const char *learned = gl_train_runs_learned(&sw, r, &len);
			if (gl_write_atomic(path, learned, len, &err))
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
	gl_train_runs_done(&sw);
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
	gl_train_first who = !strcmp(first, "learner") ? GL_FIRST_LEARNER :
		!strcmp(first, "opponent") ? GL_FIRST_OPPONENT : GL_FIRST_ALTERNATE;
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
	gl_train_setup ts = {g, learner->spec, opp->spec, load, who, n, seed,
		cli_extra_agents()};
	if (load && learner->type->load(learner, load, &err))
		goto fail; /* a file that does not load fails here, not in a run */
	if (out) {
		/* the runs make their own learners */
		train_sweep(&opt, &ts, (int)runs, out);
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

	gl_train_result res;
	progress bar;
	progress_begin(&bar, "train", (double)n);
	train_bar tb = {&bar, {0}, 0};
	double t0 = gl_now();
	if (gl_train_play(&ts, learner, opp, seed, &res, train_each, &tb, &err))
		goto fail;
	progress_end(&bar);
	double dt = gl_now() - t0;
	printf("%s: %s against %s, %ld matches (learner %s), seed %" PRIu64 "\n", g->spec,
		learner->spec, opp->spec, n, first_text(who), seed);
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
