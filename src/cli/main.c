/*
 * main.c - the gamelearn command-line tool: dispatch through the command
 * table (cmd_help.c, where help, the man page and the completion are made
 * from it). The helpers every command uses are in util.c.
 */
#include "cli.h"

#include <string.h>

int main(int argc, char **argv)
{
	cli_mpi_init(&argc, &argv, cli_commands);
	cli_repro_init();
	if (argc < 2) {
		cli_usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		cli_usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return cmd_version(argc - 1, argv + 1);
	for (const cli_command *c = cli_commands; c->name; c++)
		if (!strcmp(argv[1], c->name))
			return c->run(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "unknown command '%s' (try: gamelearn help)", argv[1]);
}
