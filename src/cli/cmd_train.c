/*
 * cmd_train.c - `gamelearn train GAME AGENT --opponent AGENT ...`: any
 * learning agent learns by playing matches, with a progress bar showing
 * the running average reward, a learning curve at the end, and what it
 * learned loaded before and saved after (atomically, by the agent).
 */
#include "cli.h"

#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const cli_opt train_opts[] = {
	{"opponent", "AGENT", NULL, "the agent it learns against (required)", 0},
	{"n", "N", "1000", "matches", 0},
	{"seed", "S", "1", "match i is seeded with S + i", 0},
	{"first", "WHO", "learner", "who moves first: learner, opponent or alternate", 0},
	{"save", "FILE", NULL, "save what it learned to FILE (atomically, locked)", 0},
	{"load", "FILE", NULL, "start from what it learned before", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_train_spec = {
	"train", "GAME AGENT", 2, 2, "a learning agent learns by playing matches",
	train_opts,
	{"gamelearn train tictactoe td --opponent random -n 3000 --save ttt.td",
	 "gamelearn train nim gapairs:K=100,games=1 --opponent perfect -n 3000"}
};

int cmd_train(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_train_spec, argc, argv, &opt);
	const char *spec = opt.pos[0], *learner_spec = opt.pos[1];
	const char *opp_spec = cli_str(&opt, "opponent");
	const char *save = cli_str(&opt, "save"), *load = cli_str(&opt, "load");
	const char *first = cli_str(&opt, "first");
	long n = cli_long(&opt, "n", 1, 1000000000);
	uint64_t seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	if (!opp_spec)
		cli_die(EXIT_USAGE, "train: --opponent AGENT is required (try: "
			"gamelearn train --help)");
	if (strcmp(first, "learner") && strcmp(first, "opponent") && strcmp(first, "alternate"))
		cli_die(EXIT_USAGE, "train: --first must be learner, opponent or alternate, got '%s'", first);
	gl_game *g = cli_game(spec);
	gl_agent *learner = NULL, *opp = NULL;
	gl_match m;
	gl_match_init(&m);
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
	/* before the first match: the file can be written, and no other
	 * process is saving it */
	if (save && cli_rank0() && gl_lock_take(&lock, save, &err))
		goto fail; /* under MPI rank 0 alone writes */
	if (load && learner->type->load(learner, load, &err))
		goto fail;

	enum { CURVE = 10, WINDOW = 100 };
	gl_stats all, part[CURVE];
	gl_stats_init(&all);
	for (int i = 0; i < CURVE; i++)
		gl_stats_init(&part[i]);
	int window[WINDOW] = {0};
	long wsum = 0;
	progress bar;
	progress_begin(&bar, "train", (double)n);
	double t0 = gl_now();
	for (long k = 0; k < n; k++) {
		int seat = !strcmp(first, "learner") ? 0 : !strcmp(first, "opponent") ? 1 : (int)(k & 1);
		gl_agent *seats[2];
		seats[seat] = learner;
		seats[1 - seat] = opp;
		if (gl_match_play(g, seats, gl_mix64(seed + (uint64_t)k), &m, &err)) {
			char msg[sizeof err.msg];
			snprintf(msg, sizeof msg, "%s", err.msg);
			gl_fail(&err, GL_EINVAL, "match %ld: %s", k + 1, msg);
			goto fail;
		}
		int goal = m.goals[seat], result = gl_result_of(m.goals, 2, seat);
		gl_stats_add(&all, goal, result);
		gl_stats_add(&part[k * CURVE / n], goal, result);
		wsum += goal - window[k % WINDOW];
		window[k % WINDOW] = goal;
		snprintf(bar.note, sizeof bar.note, "avg reward %.1f",
			(double)wsum / (double)(k + 1 < WINDOW ? k + 1 : WINDOW));
		progress_update(&bar, (double)(k + 1));
	}
	progress_end(&bar);
	double dt = gl_now() - t0;
	printf("%s: %s against %s, %ld matches (learner %s), seed %" PRIu64 "\n", g->spec,
		learner->spec, opp->spec, n, !strcmp(first, "alternate") ? "moving first in odd matches" :
		!strcmp(first, "learner") ? "first" : "second", seed);
	printf("%-18s %7s %7s %7s %10s\n", "matches", "wins", "draws", "losses", "mean goal");
	for (int i = 0; i < CURVE; i++) {
		if (!part[i].n)
			continue;
		char range[40];
		snprintf(range, sizeof range, "%ld-%ld", (long)((n * i + CURVE - 1) / CURVE) + 1,
			(long)((n * (i + 1) + CURVE - 1) / CURVE));
		printf("%-18s %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %10.2f\n", range,
			part[i].wins, part[i].draws, part[i].losses, gl_stats_mean(&part[i]));
	}
	printf("%-18s %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %10.2f +- %.2f\n", "all",
		all.wins, all.draws, all.losses, gl_stats_mean(&all), gl_stats_ci95(&all));
	printf("%.1f matches/s\n", dt > 0 ? (double)n / dt : 0.0);
	if (save && cli_rank0()) {
		if (learner->type->save(learner, save, &err))
			goto fail;
		printf("saved to %s\n", save);
	}
	gl_match_done(&m);
	gl_agent_free(learner);
	gl_agent_free(opp);
	cli_game_notes(g);
	gl_game_free(g);
	gl_lock_drop(&lock);
	return 0;
fail:
	gl_match_done(&m);
	gl_agent_free(learner);
	gl_agent_free(opp);
	gl_game_free(g);
	gl_lock_drop(&lock);
	cli_die(code, "%s", err.msg);
}
