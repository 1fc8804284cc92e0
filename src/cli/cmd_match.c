/*
 * cmd_match.c - `agents`, `match` and `replay`: agents play matches, the
 * results are tabulated with confidence intervals, and a recorded match
 * can be stepped through again.
 */
#include "cli.h"

#include "gamelearn/agent.h"
#include "gamelearn/stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The agents the CLI adds to the library's (a person at the terminal). */
static const gl_agent_type *const *cli_extra_agents(void)
{
	static const gl_agent_type *const extra[] = {&cli_agent_human, NULL};
	return extra;
}

gl_agent *cli_agent_try(const char *spec, const gl_game *g, gl_err *err)
{
	return gl_agent_new(spec, g, cli_extra_agents(), err);
}

gl_agent *cli_agent(const char *spec, const gl_game *g)
{
	gl_err err = {0};
	gl_agent *a = cli_agent_try(spec, g, &err);
	if (!a)
		cli_die(EXIT_USAGE, "%s", err.msg);
	return a;
}

static void list_agent_type(const gl_agent_type *t)
{
	printf("%-10s %s\n", t->name, t->summary);
	cli_print_params(t->params);
}

int cmd_agents(int argc, char **argv)
{
	if (argc > 1)
		cli_die(EXIT_USAGE, "agents: unexpected argument '%s'", argv[1]);
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		list_agent_type(*t);
	for (const gl_agent_type *const *t = cli_extra_agents(); *t; t++)
		list_agent_type(*t);
	return 0;
}

static void write_record(FILE *f, const gl_game *g, int index, gl_agent *const *seat,
	const gl_match *m)
{
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX];
	g->type->start(g, s);
	fprintf(f, "%d players=", index);
	for (unsigned p = 0; p < g->nplayers; p++)
		fprintf(f, "%s%s", p ? "|" : "", seat[p]->spec);
	fprintf(f, " goals=");
	for (unsigned p = 0; p < g->nplayers; p++)
		fprintf(f, "%s%d", p ? "," : "", m->goals[p]);
	fprintf(f, " moves=");
	for (int i = 0; i < m->nmoves; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, m->moves[i], mt, sizeof mt);
		fprintf(f, "%s%s", i ? "," : "", mt);
		g->type->apply(g, s, m->moves[i]);
	}
	fputc('\n', f);
}

int cmd_match(int argc, char **argv)
{
	const char *spec = NULL, *record = NULL;
	const char *agent_specs[GL_PLAYERS_MAX];
	int nagents = 0;
	long n = 1;
	uint64_t seed = 1;
	bool swap = false, json = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			n = cli_int(argv[++i], 1, 100000000, "-n");
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = (uint64_t)cli_int(argv[++i], 0, INT64_MAX, "--seed");
		else if (!strcmp(argv[i], "--record") && i + 1 < argc)
			record = argv[++i];
		else if (!strcmp(argv[i], "--swap"))
			swap = true;
		else if (!strcmp(argv[i], "--json"))
			json = true;
		else if (argv[i][0] == '-')
			cli_die(EXIT_USAGE, "match: unknown option or missing value '%s'", argv[i]);
		else if (!spec)
			spec = argv[i];
		else if (nagents < GL_PLAYERS_MAX)
			agent_specs[nagents++] = argv[i];
		else
			cli_die(EXIT_USAGE, "match: too many agents");
	}
	if (!spec)
		cli_die(EXIT_USAGE, "usage: gamelearn match GAME AGENT_A AGENT_B [-n N] [--seed S] [--swap] [--record FILE] [--json]");
	gl_game *g = cli_game(spec);
	if (nagents != (int)g->nplayers)
		cli_die(EXIT_USAGE, "match: %s needs %u agents, got %d", g->spec, g->nplayers, nagents);
	gl_agent *agents[GL_PLAYERS_MAX];
	for (int i = 0; i < nagents; i++)
		agents[i] = cli_agent(agent_specs[i], g);
	FILE *rec = NULL;
	if (record) {
		rec = fopen(record, "w");
		if (!rec)
			cli_die(EXIT_RUN, "cannot write record file '%s'", record);
		fprintf(rec, "# gamelearn match record: game %s, seed %" PRIu64 "\n", g->spec, seed);
	}
	gl_stats st[GL_PLAYERS_MAX];
	for (int i = 0; i < nagents; i++)
		gl_stats_init(&st[i]);
	gl_match m;
	gl_match_init(&m);
	progress bar;
	progress_begin(&bar, "match", (double)n);
	double t0 = gl_now();
	for (long k = 0; k < n; k++) {
		/* with --swap, odd matches rotate the seats */
		int shift = swap ? (int)(k % nagents) : 0;
		gl_agent *seat[GL_PLAYERS_MAX];
		for (int p = 0; p < nagents; p++)
			seat[p] = agents[(p + shift) % nagents];
		gl_err err = {0};
		if (gl_match_play(g, seat, gl_mix64(seed + (uint64_t)k), &m, &err))
			cli_die(EXIT_RUN, "match %ld: %s", k + 1, err.msg);
		for (int p = 0; p < nagents; p++) {
			int who = (p + shift) % nagents;
			gl_stats_add(&st[who], m.goals[p], gl_result_of(m.goals, nagents, p));
		}
		if (rec)
			write_record(rec, g, (int)k + 1, seat, &m);
		progress_update(&bar, (double)(k + 1));
	}
	progress_end(&bar);
	double dt = gl_now() - t0;
	double rate = dt > 0 ? (double)n / dt : 0;
	if (rec && fclose(rec) != 0)
		cli_die(EXIT_RUN, "error writing record file '%s'", record);
	if (json) {
		printf("{\"game\":");
		json_string(stdout, g->spec);
		printf(",\"matches\":%ld,\"seed\":%" PRIu64 ",\"swap\":%s,"
			"\"seconds\":%.6f,\"matches_per_second\":%.1f,\"agents\":[",
			n, seed, swap ? "true" : "false", dt, rate);
		for (int i = 0; i < nagents; i++) {
			printf("%s{\"agent\":", i ? "," : "");
			json_string(stdout, agents[i]->spec);
			printf(",\"wins\":%" PRIu64 ",\"draws\":%" PRIu64
				",\"losses\":%" PRIu64 ",\"mean_goal\":%.4f,\"ci95\":%.4f}",
				st[i].wins, st[i].draws, st[i].losses,
				gl_stats_mean(&st[i]), gl_stats_ci95(&st[i]));
		}
		printf("]}\n");
	} else {
		printf("%s, %ld matches, seed %" PRIu64 "%s\n", g->spec, n, seed,
			swap ? ", first move alternating" : "");
		int w = 28; /* the agent column fits the longest spec */
		for (int i = 0; i < nagents; i++)
			if ((int)strlen(agents[i]->spec) > w)
				w = (int)strlen(agents[i]->spec);
		printf("%-*s %7s %7s %7s %10s %8s\n", w, "agent", "wins", "draws",
			"losses", "mean goal", "+-95%");
		for (int i = 0; i < nagents; i++)
			printf("%-*s %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %10.2f %8.2f\n",
				w, agents[i]->spec, st[i].wins, st[i].draws,
				st[i].losses, gl_stats_mean(&st[i]), gl_stats_ci95(&st[i]));
		printf("%.1f matches/s\n", rate);
	}
	gl_match_done(&m);
	for (int i = 0; i < nagents; i++)
		gl_agent_free(agents[i]);
	gl_game_free(g);
	return 0;
}

int cmd_replay(int argc, char **argv)
{
	const char *spec = NULL, *path = NULL;
	long want = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--match") && i + 1 < argc)
			want = cli_int(argv[++i], 1, 100000000, "--match");
		else if (argv[i][0] == '-')
			cli_die(EXIT_USAGE, "replay: unknown option or missing value '%s'", argv[i]);
		else if (!spec)
			spec = argv[i];
		else if (!path)
			path = argv[i];
		else
			cli_die(EXIT_USAGE, "replay: unexpected argument '%s'", argv[i]);
	}
	if (!path)
		cli_die(EXIT_USAGE, "usage: gamelearn replay GAME FILE [--match I]");
	gl_game *g = cli_game(spec);
	FILE *f = fopen(path, "r");
	if (!f)
		cli_die(EXIT_RUN, "cannot read record file '%s'", path);
	static char line[1 << 20];
	int lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (!strchr(line, '\n') && !feof(f))
			cli_die(EXIT_RUN, "%s:%d: line longer than %zu bytes", path, lineno,
				sizeof line - 2);
		if (line[0] == '#')
			continue;
		long index = strtol(line, NULL, 10);
		if (index != want)
			continue;
		fclose(f);
		char *moves = strstr(line, " moves=");
		if (!moves)
			cli_die(EXIT_RUN, "%s:%d: no moves= field", path, lineno);
		moves += 7;
		moves[strcspn(moves, "\r\n")] = '\0';
		GL_STATE_ALIGN unsigned char s[GL_STATE_MAX];
		char text[16384];
		g->type->start(g, s);
		g->type->render(g, s, text, sizeof text);
		printf("match %ld: %.*s\n\n%s\n", want, (int)(moves - 7 - line), line, text);
		int k = 0;
		for (char *save = NULL, *mv = strtok_r(moves, ",", &save); mv;
		     mv = strtok_r(NULL, ",", &save)) {
			gl_err err = {0};
			gl_action a;
			k++;
			if (gl_parse_legal(g, s, mv, &a, &err))
				cli_die(EXIT_RUN, "%s:%d: move %d: %s", path, lineno, k, err.msg);
			g->type->apply(g, s, a);
			g->type->render(g, s, text, sizeof text);
			printf("%d. %s\n%s\n", k, mv, text);
		}
		gl_game_free(g);
		return 0;
	}
	fclose(f);
	cli_die(EXIT_RUN, "%s: no match %ld", path, want);
}
