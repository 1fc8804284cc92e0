/*
 * cmd_repro.c - `gamelearn repro NAME [options]`: each source paper's
 * experiments as one seeded command that prints its tables and writes CSV
 * and SVG plots into --out DIR. One line per experiment in the table.
 */
#include "cli.h"

#include <string.h>

const cli_command repro_experiments[] = {
	/* {"name", "options", "what it reproduces", repro_name, NULL}, one per paper */
	{"ga-nim", "[--out DIR] [--seeds N] [--gens G] [--games N] [--block N]", "genetic state-pair learner on Nim 3-4-5 (gapairs)", repro_ga_nim, NULL},
	{"hwang", "[--out DIR] [--seeds N] [--dfs-max D] [--quick]", "Hwang-Hong-Lin genetic game-tree search on swap9, npuzzle", repro_hwang, NULL},
	{"banerjee-stone", "[--runs 10] [--matches 3000] [--threads T] [--seed S] [--out DIR]",
		"TD(lambda) with lookahead-feature transfer: Table 1, Figures 3-7", repro_banerjee_stone, NULL},
	{"martens", "[--seeds 10] [--seed S] [--max-plays 3000] [--lauto-plays 1500000] [--lauto-perfect-plays 100000] [--streak 100] [--out DIR]",
		"Martens 1959: Table I analogues, Hex 3x3, the L-automaton under two evaluations", repro_martens, NULL},
	{"checkers-ga", "[--pop 16] [--gens 20] [--depth 4] [--games 2] [--time-ms 10] [--prune 3] [--prune-games 200] [--seed S] [--threads T] [--quick: pop 4, 2 gens, depth 2, 4 ballots] [--out DIR]",
		"checkers GA over Samuel's terms: evolution, champion vs fixed evaluations, forward pruning", repro_checkers_ga, NULL},
	{NULL, NULL, NULL, NULL, NULL}
};

int cmd_repro(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		FILE *f = argc < 2 ? stderr : stdout;
		fprintf(f, "usage: gamelearn repro NAME [options]\n\nexperiments:\n");
		for (const cli_command *e = repro_experiments; e->name; e++)
			fprintf(f, "  %-16s %s\n  %-16s %s\n", e->name, e->help, "", e->usage);
		return argc < 2 ? EXIT_USAGE : 0;
	}
	for (const cli_command *e = repro_experiments; e->name; e++)
		if (!strcmp(argv[1], e->name))
			return e->run(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "repro: unknown experiment '%s' (try: gamelearn repro help)", argv[1]);
}
