/*
 * cmd_repro.c - `gamelearn repro NAME [options]`: each source paper's
 * experiments as one seeded command that prints its tables and writes CSV
 * and SVG plots into --out DIR. One line per experiment in the table.
 */
#include "cli.h"

#include <string.h>

/* One per paper: the options and help live in each experiment's spec. */
static const struct {
	const cli_spec *spec; /* named "repro NAME" */
	int (*run)(int argc, char **argv);
} experiments[] = {
	{&cli_repro_nim_spec, repro_ga_nim},
	{&cli_repro_hwang_spec, repro_hwang},
	{&cli_repro_bs_spec, repro_banerjee_stone},
	{&cli_repro_martens_spec, repro_martens},
	{&cli_repro_checkers_spec, repro_checkers_ga},
	{NULL, NULL}
};

int cmd_repro(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		FILE *f = argc < 2 ? stderr : stdout;
		fprintf(f, "usage: gamelearn repro NAME [options]\n\nexperiments "
			"(gamelearn repro NAME --help for the options):\n");
		for (int i = 0; experiments[i].spec; i++)
			fprintf(f, "  %-16s %s\n", experiments[i].spec->name + 6,
				experiments[i].spec->help);
		return argc < 2 ? EXIT_USAGE : 0;
	}
	for (int i = 0; experiments[i].spec; i++)
		if (!strcmp(argv[1], experiments[i].spec->name + 6))
			return experiments[i].run(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "repro: unknown experiment '%s' (try: gamelearn repro help)", argv[1]);
}
