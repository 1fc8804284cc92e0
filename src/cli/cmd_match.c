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

const cli_spec cli_agents_spec = {
	"agents", "", 0, 0, "list the agents with their parameters", NULL,
	{"gamelearn agents", NULL}
};

int cmd_agents(int argc, char **argv)
{
	cli_args a;
	cli_parse(&cli_agents_spec, argc, argv, &a);
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		list_agent_type(*t);
	for (const gl_agent_type *const *t = cli_extra_agents(); *t; t++)
		list_agent_type(*t);
	return 0;
}

static void write_record(FILE *f, const gl_game *g, int index, gl_agent *const *seat,
	const gl_match *m)
{
	void *s = cli_state(g);
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
	gl_free(s);
}

static const cli_opt match_opts[] = {
	{"n", "N", "1", "matches to play", 0},
	{"seed", "S", "1", "match i is seeded with S + i", 0},
	{"swap", NULL, NULL, "rotate the seats every match (who moves first alternates)", 0},
	{"record", "FILE", NULL, "write every match (players, goals, moves) to FILE", 0},
	{"json", NULL, NULL, "print the table as JSON", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_match_spec = {
	"match", "GAME AGENT...", 1, 1 + GL_PLAYERS_MAX,
	"play matches between agents (one per player) and tabulate the results",
	match_opts,
	{"gamelearn match connect3 egreedy random -n 1000 --swap",
	 "gamelearn match checkers alphabeta:eval=features,depth=6 alphabeta:depth=6 -n 20 --swap"}
};

int cmd_match(int argc, char **argv)
{
	cli_args a;
	cli_parse(&cli_match_spec, argc, argv, &a);
	const char *spec = a.pos[0], *record = cli_str(&a, "record");
	const char *const *agent_specs = (const char *const *)a.pos + 1;
	int nagents = a.npos - 1;
	long n = cli_long(&a, "n", 1, 100000000);
	uint64_t seed = (uint64_t)cli_long(&a, "seed", 0, INT64_MAX);
	bool swap = cli_given(&a, "swap"), json = cli_given(&a, "json");
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
		cli_json_string(stdout, g->spec);
		printf(",\"matches\":%ld,\"seed\":%" PRIu64 ",\"swap\":%s,"
			"\"seconds\":%.6f,\"matches_per_second\":%.1f,\"agents\":[",
			n, seed, swap ? "true" : "false", dt, rate);
		for (int i = 0; i < nagents; i++) {
			printf("%s{\"agent\":", i ? "," : "");
			cli_json_string(stdout, agents[i]->spec);
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
	cli_game_notes(g);
	gl_game_free(g);
	return 0;
}

static const cli_opt replay_opts[] = {
	{"match", "I", "1", "which match of the file (1 = the first)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_replay_spec = {
	"replay", "GAME FILE", 2, 2, "step through a recorded match (from match --record)",
	replay_opts,
	{"gamelearn replay tictactoe m.txt --match 3", NULL}
};

int cmd_replay(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_replay_spec, argc, argv, &opt);
	const char *spec = opt.pos[0], *path = opt.pos[1];
	long want = cli_long(&opt, "match", 1, 100000000);
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
		void *s = cli_state(g);
		g->type->start(g, s);
		printf("match %ld: %.*s\n\n", want, (int)(moves - 7 - line), line);
		cli_print_state(g, s, stdout);
		printf("\n");
		int k = 0;
		for (char *save = NULL, *mv = strtok_r(moves, ",", &save); mv;
		     mv = strtok_r(NULL, ",", &save)) {
			gl_err err = {0};
			gl_action a;
			k++;
			if (gl_parse_legal(g, s, mv, &a, &err))
				cli_die(EXIT_RUN, "%s:%d: move %d: %s", path, lineno, k, err.msg);
			g->type->apply(g, s, a);
			printf("%d. %s\n", k, mv);
			cli_print_state(g, s, stdout);
			printf("\n");
		}
		gl_free(s);
		gl_game_free(g);
		return 0;
	}
	fclose(f);
	cli_die(EXIT_RUN, "%s: no match %ld", path, want);
}
