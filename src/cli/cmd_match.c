/*
 * cmd_match.c - `agents`, `match` and `replay`: agents play matches, the
 * results are tabulated with confidence intervals, and a recorded match
 * can be stepped through again. The record is written as the matches
 * end (cli_record, here for `ggp match` too), so a stopped run keeps
 * every match it finished.
 */
#include "cli.h"

#include "gamelearn/agent.h"
#include "gamelearn/stats.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A record's first line: this, the game's spec, ", seed S". */
static const char record_head[] = "# gamelearn match record: game ";

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
	printf("\nnamed players:\n");
	for (const gl_preset *p = gl_agent_presets(); p->name; p++)
		printf("  %-20s %s\n", p->name, p->spec);
	return 0;
}

/* --- Records written as the matches end --------------------------------------- */

void cli_record_init(cli_record *r, const char *what, const char *path)
{
	r->what = what;
	r->path = path;
	r->fd = -1;
}

int cli_record_append(cli_record *r, const char *text, size_t len, bool sync,
	gl_err *err)
{
	if (r->fd < 0) {
		r->fd = open(r->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (r->fd < 0)
			return gl_fail(err, GL_EIO, "%s: cannot write '%s': %s",
				r->what, r->path, strerror(errno));
	}
	while (len > 0) {
		ssize_t k = write(r->fd, text, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return gl_fail(err, GL_EIO, "%s: cannot write '%s': %s",
				r->what, r->path, strerror(k < 0 ? errno : ENOSPC));
		text += k;
		len -= (size_t)k;
	}
	/* a pipe or a device has nothing to sync */
	if (sync && fsync(r->fd) != 0 && errno != EINVAL && errno != EROFS &&
	    errno != ENOTSUP)
		return gl_fail(err, GL_EIO, "%s: cannot write '%s': %s", r->what,
			r->path, strerror(errno));
	return 0;
}

int cli_record_close(cli_record *r, gl_err *err)
{
	if (r->fd < 0)
		return 0;
	int rc = close(r->fd);
	r->fd = -1;
	if (rc != 0)
		return gl_fail(err, GL_EIO, "%s: cannot write '%s': %s", r->what,
			r->path, strerror(errno));
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

/* --- Matches as pieces of work -----------------------------------------------
 * Match k (0-based) is seeded gl_mix64(seed + k) and seats the agents
 * rotated by k with --swap, so any match can be played anywhere. Pieces
 * are blocks of consecutive matches, each played by its worker's own
 * agents, and give back every agent's statistics (exact sums of integer
 * goals: the order of adding them does not matter) and, with --record,
 * the record's lines. Agents that learn across matches (those with a
 * save) and a person play every match in order: one piece.
 *
 * The record is rank 0's, in match order: a piece's lines go to it once
 * the piece and every piece before it are in (finished here or put from
 * another rank), and the first piece not yet written, when it runs
 * here, writes each of its matches as it ends. A stopped run keeps
 * every match before the first one unfinished or not yet in. */

typedef struct match_job {
	const gl_game *g;
	const char *const *specs; /* the agents' specs */
	int nagents;
	long n, block;            /* matches, and matches a piece */
	uint64_t seed;
	bool swap, record;
	gl_agent **agents;        /* nagents per worker, made when first needed */
	char **out;               /* each piece's result: stats, then record lines */
	size_t *size;
	/* rank 0's record, written as the matches end */
	cli_record *rec;          /* NULL: none here */
	const char *head;         /* its first line */
	int pieces;
	atomic_int written;       /* pieces written whole: 0..written-1 */
	size_t sent;              /* bytes of piece `written`'s lines written */
	pthread_mutex_t lock;     /* guards out, size, written, sent, rec */
} match_job;

/* Record text, the head line first when nothing is written yet; dies if
 * the file cannot be written. Holds j->lock. */
static void record_put(match_job *j, const char *text, size_t len, bool sync)
{
	gl_err err = {0};
	if ((j->written == 0 && j->sent == 0 &&
	     cli_record_append(j->rec, j->head, strlen(j->head), false, &err)) ||
	    cli_record_append(j->rec, text, len, sync, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
}

/* Write to the record every piece in, from the first not yet written up
 * to the first not yet in (what of it is not written yet), each then
 * kept as its statistics alone: the lines can run to gigabytes. Holds
 * j->lock. */
static void record_catch_up(match_job *j)
{
	size_t head = sizeof(gl_stats) * (size_t)j->nagents;
	while (j->rec && j->written < j->pieces && j->out[j->written]) {
		int i = j->written;
		record_put(j, j->out[i] + head + j->sent, j->size[i] - head - j->sent,
			true);
		char *small = realloc(j->out[i], head);
		if (small)
			j->out[i] = small;
		j->size[i] = head;
		j->sent = 0;
		atomic_store(&j->written, i + 1);
	}
}

static void match_piece(void *arg, int i, int worker)
{
	match_job *j = arg;
	const gl_game *g = j->g;
	int na = j->nagents;
	gl_agent **agents = j->agents + (size_t)worker * na;
	for (int p = 0; p < na; p++)
		if (!agents[p])
			agents[p] = cli_agent(j->specs[p], g);
	gl_stats st[GL_PLAYERS_MAX];
	for (int p = 0; p < na; p++)
		gl_stats_init(&st[p]);
	char *text = NULL;
	size_t len = 0;
	FILE *rec = j->record ? open_memstream(&text, &len) : NULL;
	if (j->record && !rec)
		cli_die(EXIT_RUN, "match: out of memory for a record");
	gl_match m;
	gl_match_init(&m);
	long k0 = i * j->block, k1 = k0 + j->block < j->n ? k0 + j->block : j->n;
	for (long k = k0; k < k1; k++) {
		/* with --swap, odd matches rotate the seats */
		int shift = j->swap ? (int)(k % na) : 0;
		gl_agent *seat[GL_PLAYERS_MAX];
		for (int p = 0; p < na; p++)
			seat[p] = agents[(p + shift) % na];
		gl_err err = {0};
		if (gl_match_play(g, seat, gl_mix64(j->seed + (uint64_t)k), &m, &err))
			cli_die(EXIT_RUN, "match %ld: %s", k + 1, err.msg);
		for (int p = 0; p < na; p++) {
			int who = (p + shift) % na;
			gl_stats_add(&st[who], m.goals[p], gl_result_of(m.goals, na, p));
		}
		if (rec)
			write_record(rec, g, (int)k + 1, seat, &m);
		/* the piece the record has reached writes each match as it ends
		 * (written stays i until this piece is in) */
		if (rec && j->rec && atomic_load(&j->written) == i) {
			if (fflush(rec) != 0)
				cli_die(EXIT_RUN, "match: out of memory for a record");
			pthread_mutex_lock(&j->lock);
			record_put(j, text + j->sent, len - j->sent, false);
			j->sent = len;
			pthread_mutex_unlock(&j->lock);
		}
	}
	gl_match_done(&m);
	if (rec && fclose(rec) != 0)
		cli_die(EXIT_RUN, "match: out of memory for a record");
	size_t size = sizeof st[0] * (size_t)na + len;
	char *out = malloc(size);
	if (!out)
		cli_die(EXIT_RUN, "match: out of memory for the results");
	memcpy(out, st, sizeof st[0] * (size_t)na);
	if (len)
		memcpy(out + sizeof st[0] * (size_t)na, text, len);
	free(text);
	pthread_mutex_lock(&j->lock);
	j->out[i] = out;
	j->size[i] = size;
	record_catch_up(j);
	pthread_mutex_unlock(&j->lock);
}

static size_t match_get(void *arg, int i, const void **bytes)
{
	match_job *j = arg;
	*bytes = j->out[i];
	return j->size[i];
}

static int match_put(void *arg, int i, const void *bytes, size_t size,
	gl_err *err)
{
	match_job *j = arg;
	if (size < sizeof(gl_stats) * (size_t)j->nagents)
		return gl_fail(err, GL_EINVAL, "match: a result of %zu bytes", size);
	pthread_mutex_lock(&j->lock);
	int rc = gl_piece_copy(&j->out[i], &j->size[i], bytes, size, "match",
		err);
	record_catch_up(j);
	pthread_mutex_unlock(&j->lock);
	return rc;
}

static const cli_opt match_opts[] = {
	{"n", "N", "1", "matches to play", 0},
	{"seed", "S", "1", "match i is seeded with S + i", 0},
	{"swap", NULL, NULL, "rotate the seats every match (who moves first alternates)", 0},
	{"record", "FILE", NULL, "write every match (players, goals, moves) to FILE as it ends", 0},
	{"json", NULL, NULL, "print the table as JSON", 0},
	{"threads", "N", "all cores", "matches played at once (and under mpirun, on every rank); agents that learn play in order", 0},
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
	long threads = cli_given(&a, "threads") ? cli_long(&a, "threads", 1,
		CLI_THREADS_MAX) : sysconf(_SC_NPROCESSORS_ONLN);
	bool swap = cli_given(&a, "swap"), json = cli_given(&a, "json");
	gl_game *g = cli_game(spec);
	if (nagents != (int)g->nplayers)
		cli_die(EXIT_USAGE, "match: %s needs %u agents, got %d", g->spec, g->nplayers, nagents);
	/* the record (rank 0's): checked now, written as the matches end */
	cli_record rec;
	cli_record_init(&rec, "match --record", record);
	char head[sizeof record_head + GL_SPEC_MAX + 32];
	snprintf(head, sizeof head, "%s%s, seed %" PRIu64 "\n", record_head,
		g->spec, seed);
	if (record && cli_rank0())
		cli_check_out("match --record", record, false);
	progress bar;
	cli_pool pool;
	cli_pool_init(&pool, (int)threads, &bar);
	/* worker 0's agents now: a bad spec is a usage error before any play */
	match_job j = {g, agent_specs, nagents, n, 1, seed, swap, record != NULL,
		calloc((size_t)pool.threads * (size_t)nagents, sizeof(gl_agent *)),
		NULL, NULL, NULL, head, 0, 0, 0, PTHREAD_MUTEX_INITIALIZER};
	if (record && cli_rank0())
		j.rec = &rec;
	if (!j.agents)
		cli_die(EXIT_RUN, "match: out of memory");
	gl_agent **agents = j.agents;
	bool in_order = false;
	for (int i = 0; i < nagents; i++) {
		agents[i] = cli_agent(agent_specs[i], g);
		in_order |= agents[i]->type->save != NULL ||
			agents[i]->type == &cli_agent_human;
	}
	j.block = in_order ? n : (n + 1023) / 1024;
	int pieces = (int)((n + j.block - 1) / j.block);
	j.pieces = pieces;
	j.out = calloc((size_t)pieces, sizeof *j.out);
	j.size = calloc((size_t)pieces, sizeof *j.size);
	if (!j.out || !j.size)
		cli_die(EXIT_RUN, "match: out of memory for %d pieces", pieces);
	progress_begin(&bar, "match", (double)pieces);
	double t0 = gl_now();
	/* rank 0 alone tallies and prints: the others' results stay partial */
	gl_pieces p = {pieces, match_piece, match_get, match_put, &j, true};
	gl_err err = {0};
	if (gl_run_pieces(&pool.runner, &p, &err))
		cli_die(EXIT_RUN, "match: %s", err.msg);
	progress_end(&bar);
	gl_stats st[GL_PLAYERS_MAX];
	for (int i = 0; i < nagents; i++)
		gl_stats_init(&st[i]);
	for (int i = 0; i < pieces && cli_rank0(); i++)
		for (int k = 0; k < nagents; k++) {
			gl_stats add;
			memcpy(&add, j.out[i] + sizeof add * (size_t)k, sizeof add);
			gl_stats_merge(&st[k], &add);
		}
	for (int i = 0; i < pieces; i++)
		free(j.out[i]);
	free(j.out);
	free(j.size);
	pthread_mutex_destroy(&j.lock);
	double dt = gl_now() - t0;
	double rate = dt > 0 ? (double)n / dt : 0;
	gl_err werr = {0};
	if (cli_record_close(&rec, &werr))
		cli_die(EXIT_RUN, "%s", werr.msg);
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
		/* rows named by the specs as given (uct's in full run to
		 * hundreds of characters); in full below the rate, and in
		 * --json and the record */
		int w = 28; /* the agent column fits the longest */
		for (int i = 0; i < nagents; i++)
			if ((int)strlen(agent_specs[i]) > w)
				w = (int)strlen(agent_specs[i]);
		printf("%-*s %7s %7s %7s %10s %8s\n", w, "agent", "wins", "draws",
			"losses", "mean goal", "+-95%");
		for (int i = 0; i < nagents; i++)
			printf("%-*s %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %10.2f %8.2f\n",
				w, agent_specs[i], st[i].wins, st[i].draws,
				st[i].losses, gl_stats_mean(&st[i]), gl_stats_ci95(&st[i]));
		printf("%.1f matches/s\n", rate);
		for (int i = 0; i < nagents; i++) {
			bool seen = strcmp(agent_specs[i], agents[i]->spec) == 0;
			for (int k = 0; k < i && !seen; k++)
				seen = strcmp(agent_specs[k], agent_specs[i]) == 0;
			if (!seen)
				printf("%s = %s\n", agent_specs[i], agents[i]->spec);
		}
	}
	for (int i = 0; i < pool.threads * nagents; i++)
		gl_agent_free(agents[i]);
	free(agents);
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
	char *text = NULL;
	gl_err err = {0};
	if (gl_read_text(path, (size_t)1 << 30, &text, &err))
		cli_die(EXIT_RUN, "replay: %s", err.msg);
	gl_lines it;
	gl_lines_init(&it, text);
	for (char *line; (line = gl_lines_next(&it));) {
		if (!strncmp(line, record_head, sizeof record_head - 1)) {
			/* the spec runs to the last ", seed " (it has commas) */
			const char *gs = line + sizeof record_head - 1, *end = NULL;
			for (const char *c = gs; (c = strstr(c, ", seed ")); c++)
				end = c;
			size_t gl = end ? (size_t)(end - gs) : strlen(gs);
			if (strlen(g->spec) != gl || strncmp(gs, g->spec, gl))
				cli_die(EXIT_RUN, "%s:%d: a record of %.*s, not of %s", path,
					it.lineno, (int)gl, gs, g->spec);
			continue;
		}
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *end;
		long index = strtol(line, &end, 10);
		if (end == line || *end != ' ')
			cli_die(EXIT_RUN, "%s:%d: not a match's line (NUMBER players=... "
				"moves=...)", path, it.lineno);
		if (index != want)
			continue;
		/* every match's line ends in '\n': one without was cut short
		 * by a stop while it was being written */
		if (!it.next)
			cli_die(EXIT_RUN, "%s:%d: match %ld is cut short (its line has "
				"no end: the run was stopped while writing it)", path,
				it.lineno, want);
		char *moves = strstr(line, " moves=");
		if (!moves)
			cli_die(EXIT_RUN, "%s:%d: no moves= field", path, it.lineno);
		moves += 7;
		void *s = cli_state(g);
		g->type->start(g, s);
		printf("match %ld: %.*s\n\n", want, (int)(moves - 7 - line), line);
		cli_print_state(g, s, stdout);
		printf("\n");
		int k = 0;
		for (char *mv = moves; *mv;) {
			size_t n = strcspn(mv, ",");
			bool last = mv[n] == '\0';
			mv[n] = '\0';
			gl_action a;
			k++;
			if (n == 0 || gl_parse_legal(g, s, mv, &a, &err))
				cli_die(EXIT_RUN, "%s:%d: move %d: %s", path, it.lineno, k,
					n == 0 ? "empty" : err.msg);
			g->type->apply(g, s, a);
			printf("%d. %s\n", k, mv);
			cli_print_state(g, s, stdout);
			printf("\n");
			mv += n + !last;
			if (!last && *mv == '\0') /* a trailing comma */
				cli_die(EXIT_RUN, "%s:%d: move %d: empty", path, it.lineno,
					k + 1);
		}
		gl_free(s);
		gl_free(text);
		gl_game_free(g);
		return 0;
	}
	gl_free(text);
	cli_die(EXIT_RUN, "%s: no match %ld", path, want);
}
