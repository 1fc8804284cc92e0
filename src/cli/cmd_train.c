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

int cmd_train(int argc, char **argv)
{
	const char *spec = NULL, *learner_spec = NULL, *opp_spec = NULL;
	const char *save = NULL, *load = NULL, *first = "learner";
	long n = 1000;
	uint64_t seed = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--opponent") && i + 1 < argc)
			opp_spec = argv[++i];
		else if (!strcmp(argv[i], "-n") && i + 1 < argc)
			n = cli_int(argv[++i], 1, 1000000000, "-n");
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = (uint64_t)cli_int(argv[++i], 0, INT64_MAX, "--seed");
		else if (!strcmp(argv[i], "--save") && i + 1 < argc)
			save = argv[++i];
		else if (!strcmp(argv[i], "--load") && i + 1 < argc)
			load = argv[++i];
		else if (!strcmp(argv[i], "--first") && i + 1 < argc)
			first = argv[++i];
		else if (argv[i][0] == '-')
			cli_die(EXIT_USAGE, "train: unknown option or missing value '%s'", argv[i]);
		else if (!spec)
			spec = argv[i];
		else if (!learner_spec)
			learner_spec = argv[i];
		else
			cli_die(EXIT_USAGE, "train: unexpected argument '%s'", argv[i]);
	}
	if (!learner_spec || !opp_spec)
		cli_die(EXIT_USAGE, "usage: gamelearn train GAME AGENT --opponent AGENT [-n N] "
			"[--seed S] [--first learner|opponent|alternate] [--save FILE] [--load FILE]");
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
	if (save && gl_lock_take(&lock, save, &err))
		goto fail;
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
	if (save) {
		if (learner->type->save(learner, save, &err))
			goto fail;
		printf("saved to %s\n", save);
	}
	gl_match_done(&m);
	gl_agent_free(learner);
	gl_agent_free(opp);
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
