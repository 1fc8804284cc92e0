/*
 * cmd_repro.c - `gamelearn repro NAME [options]`: each source paper's
 * experiments as one seeded command that prints its tables and writes CSV
 * and SVG plots into --out DIR. One line per experiment in the table.
 */
#include "cli.h"

#include <string.h>

const cli_command repro_experiments[] = {
	/* one per paper; usage and help come from each experiment's spec */
	{"ga-nim", NULL, NULL, repro_ga_nim, NULL, &cli_repro_nim_spec},
	{"hwang", NULL, NULL, repro_hwang, NULL, &cli_repro_hwang_spec},
	{"banerjee-stone", NULL, NULL, repro_banerjee_stone, NULL, &cli_repro_bs_spec},
	{"martens", NULL, NULL, repro_martens, NULL, &cli_repro_martens_spec},
	{"checkers-ga", NULL, NULL, repro_checkers_ga, NULL, &cli_repro_checkers_spec},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

int cmd_repro(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		FILE *f = argc < 2 ? stderr : stdout;
		fprintf(f, "usage: gamelearn repro NAME [options]\n\nexperiments "
			"(gamelearn repro NAME --help for the options):\n");
		for (const cli_command *e = repro_experiments; e->name; e++)
			fprintf(f, "  %-16s %s\n", e->name, cli_command_help(e));
		return argc < 2 ? EXIT_USAGE : 0;
	}
	for (const cli_command *e = repro_experiments; e->name; e++)
		if (!strcmp(argv[1], e->name))
			return e->run(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "repro: unknown experiment '%s' (try: gamelearn repro help)", argv[1]);
}
