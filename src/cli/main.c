/*
 * main.c - the gamelearn command-line tool: the command table and
 * dispatch. The helpers every command uses are in util.c.
 */
#include "cli.h"

#include <string.h>

/* The subcommands of gdl and ggp, for help, the man page and completion
 * (the commands dispatch them themselves). */
static const cli_command gdl_subs[] = {
	{"check", NULL, NULL, NULL, NULL, &cli_gdl_check_spec},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

static const cli_command ggp_subs[] = {
	{"serve", NULL, NULL, NULL, NULL, &cli_ggp_serve_spec},
	{"match", NULL, NULL, NULL, NULL, &cli_ggp_match_spec},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

/* Every command: name, usage (NULL: its subcommands'), one line of help,
 * what runs it, its subcommands. help, the man page and the bash
 * completion are generated from this table (cmd_help.c). */
const cli_command cli_commands[] = {
	{"list", NULL, NULL, cmd_list, NULL, &cli_list_spec},
	{"show", NULL, NULL, cmd_show, NULL, &cli_show_spec},
	{"perft", NULL, NULL, cmd_perft, NULL, &cli_perft_spec},
	{"bench", NULL, NULL, cmd_bench, NULL, &cli_bench_spec},
	{"solve", NULL, NULL, cmd_solve, NULL, &cli_solve_spec},
	{"agents", NULL, NULL, cmd_agents, NULL, &cli_agents_spec},
	{"match", NULL, NULL, cmd_match, NULL, &cli_match_spec},
	{"replay", NULL, NULL, cmd_replay, NULL, &cli_replay_spec},
	{"play", NULL, NULL, cmd_play, NULL, &cli_play_spec},
	{"train", NULL, NULL, cmd_train, NULL, &cli_train_spec},
	{"features", NULL, NULL, cmd_features, NULL, &cli_features_spec},
	{"repro", "NAME [options]", "rerun a paper's experiments: tables, CSV and SVG plots",
		cmd_repro, repro_experiments, NULL},
	{"gdl", NULL, "check GDL descriptions: each problem with line and column",
		cmd_gdl, gdl_subs, NULL},
	{"ggp", NULL, "a General Game Playing player over HTTP, and a match manager",
		cmd_ggp, ggp_subs, NULL},
	{"web", NULL, NULL, cmd_web, NULL, &cli_web_spec},
	{"evolve", NULL, NULL, cmd_evolve, NULL, &cli_evolve_spec},
	{"demo", NULL, NULL, cmd_demo, NULL, &cli_demo_spec},
	{"inspect", NULL, NULL, cmd_inspect, NULL, &cli_inspect_spec},
	{"search", NULL, NULL, cmd_search, NULL, &cli_search_spec},
	{"help", "[COMMAND | --man | --completion]",
		"the commands; one command's usage; the man page (roff) or the bash completion script",
		cmd_help, NULL, NULL},
	{"version", "", "the version and how this binary was built (also --version)",
		cmd_version, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

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
