/*
 * cmd_evolve.c - `gamelearn evolve GAME`: the checkers-GA excerpt's
 * genetic algorithm (evolve.h) over the weights of any game with a
 * feature vector, in a run folder that can be stopped and resumed:
 *   run.txt        the state after the last finished generation
 *   evolve.csv     a row a generation: fitness best/mean/sd, the champion
 *   champion.txt   the last champion's weights (a weights file)
 *   fitness.svg, weights.svg   the plots, made from evolve.csv at the end
 * A resumed run rewrites evolve.csv up to the state's generation first, so
 * a run stopped at any moment ends with the same bytes as one never
 * stopped.
 */
#include "cli.h"

#include "gamelearn/fileio.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CSV_MAX = 64 << 20 };

/* evolve.csv: the header and one row per generation done. */
static void csv_header(gl_strbuf *sb, const gl_game *g)
{
	gl_strbuf_printf(sb, "gen,best,mean,sd,points,games,plies,champion");
	for (unsigned i = 0; i < g->nfeatures; i++)
		gl_strbuf_printf(sb, ",%s", g->feature_names[i]);
	gl_strbuf_printf(sb, "\n");
}

static void csv_row(gl_strbuf *sb, const gl_evolve_gen *r)
{
	gl_strbuf_printf(sb, "%d,%.6f,%.6f,%.6f,%.0f,%d,%d,%d", r->gen, r->best,
		r->mean, r->sd, r->points, r->games, r->plies, r->champion);
	for (int i = 0; i < r->champ.n; i++)
		gl_strbuf_printf(sb, ",%.6g", r->champ.w[i]);
	gl_strbuf_printf(sb, "\n");
}

/* On resume: evolve.csv's header and first `done` rows into sb, or die:
 * the header g's (csv_header()), each row numbered by its generation
 * and of the header's fields. */
static void csv_keep(gl_strbuf *sb, const char *path, int done,
	const gl_game *g)
{
	char *text = NULL;
	gl_err err;
	if (gl_read_text(path, CSV_MAX, &text, &err))
		cli_die(EXIT_RUN, "evolve: %s", err.msg);
	gl_strbuf head;
	gl_strbuf_init(&head);
	csv_header(&head, g);
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	int rows = -1;
	while (rows < done && (line = gl_lines_next(&it))) {
		size_t fields = 1;
		for (const char *c = line; *c; c++)
			fields += *c == ',';
		char *end;
		long gen = strtol(line, &end, 10);
		bool ok = rows < 0 ? head.buf && !strncmp(line, head.buf,
			head.len - 1) && !line[head.len - 1] : end > line &&
			*end == ',' && gen == rows && fields == 8 + g->nfeatures;
		if (!ok)
			cli_die(EXIT_RUN, "evolve: %s:%d: not %s (the file is not this "
				"run's)", path, rows + 2, rows < 0 ? "evolve.csv's header "
				"for this game" : "a generation's row");
		gl_strbuf_printf(sb, "%s\n", line);
		rows++;
	}
	gl_strbuf_done(&head);
	gl_free(text);
	if (rows < done)
		cli_die(EXIT_RUN, "evolve: %s has %d generation rows, but the run "
			"has done %d", path, rows < 0 ? 0 : rows, done);
}

/* The plots, from the CSV text (so a resumed run plots the same):
 * fitness by generation, and the champion's ten largest weights, each
 * over its largest (only ratios matter to the evaluation). */
static void plots(const char *dir, const gl_game *g, char *csv)
{
	int nf = (int)g->nfeatures, n = -1; /* rows, less the header */
	for (const char *c = csv; *c; c++)
		n += *c == '\n';
	if (n < 0)
		n = 0;
	/* x, best, lo, hi, mean, then nf weight curves, n values each */
	double *buf = malloc(sizeof *buf * (size_t)(n + 1) * (size_t)(nf + 5));
	if (!buf)
		cli_die(EXIT_RUN, "evolve: out of memory plotting");
	double *x = buf, *best = x + n, *lo = best + n, *hi = lo + n;
	double *mean = hi + n, *w = mean + n;
	gl_lines it;
	gl_lines_init(&it, csv);
	gl_lines_next(&it); /* the header */
	char *line;
	for (int i = 0; i < n && (line = gl_lines_next(&it)); i++) {
		/* gen,best,mean,sd,points,games,plies,champion,w... */
		double v[8];
		char *p = line;
		for (int k = 0; k < 8; k++) {
			v[k] = strtod(p, &p);
			p += *p == ',';
		}
		x[i] = v[0];
		best[i] = v[1];
		mean[i] = v[2];
		lo[i] = v[2] - v[3];
		hi[i] = v[2] + v[3];
		double top = 0;
		for (int k = 0; k < nf; k++) {
			w[(size_t)k * n + i] = fabs(strtod(p, &p));
			p += *p == ',';
			top = fmax(top, w[(size_t)k * n + i]);
		}
		for (int k = 0; k < nf; k++)
			w[(size_t)k * n + i] = top > 0 ? w[(size_t)k * n + i] / top : 0;
	}
	gl_plot_series fs[2] = {
		{"best", n, x, best, NULL, NULL},
		{"mean +/- sd", n, x, mean, lo, hi},
	};
	gl_plot_spec spec = {"fitness (points / all points) by generation",
		"generation", "fitness", false, true};
	cli_plot(dir, "fitness.svg", &spec, fs, 2);
	enum { SHOW = 10 };
	gl_plot_series ws[SHOW];
	bool taken[GL_WEIGHTS_MAX] = {false}, positive = true;
	int np = 0;
	for (; np < SHOW && np < nf && n > 0; np++) {
		int b = -1; /* the largest in the last generation not yet shown */
		for (int k = 0; k < nf; k++)
			if (!taken[k] && (b < 0 || w[(size_t)k * n + n - 1] >
					      w[(size_t)b * n + n - 1]))
				b = k;
		taken[b] = true;
		ws[np] = (gl_plot_series){g->feature_names[b], n, x, w + (size_t)b * n,
			NULL, NULL};
		for (int i = 0; i < n; i++)
			positive = positive && ws[np].y[i] > 0;
	}
	gl_plot_spec wspec = {"champion's weights / its largest weight (the 10 "
		"largest at the end)", "generation", "relative weight", positive,
		false};
	cli_plot(dir, "weights.svg", &wspec, ws, np);
	free(buf);
}

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static const cli_opt evolve_opts[] = {
	{"pop", "P", "16", "members", 0},
	{"gens", "G", "20", "generations the run is to reach (on --resume: extends it)", 0},
	{"depth", "D", "4", "plies searched a move", 0},
	{"time", "T", NULL, "seconds a move instead of a depth (results then depend on the machine)", 0},
	{"games", "K", "2", "games a pairing (each opening with both colours when even)", 0},
	{"pc", "X", "0.7", "crossover probability per pair of parents", 0},
	{"pm", "X", "0.05", "mutation probability per weight of a child", 0},
	{"elite", "E", "0", "best members copied unchanged (the excerpt has none)", 0},
	{"max-plies", "N", "200", "a game longer than this is a tie", 0},
	{"prune", "W", "0", "forward pruning width in the games (0: off)", 0},
	{"open-plies", "K", "4", "random opening plies, for games without checkers' ballots", 0},
	{"seed", "S", "1", "the run's seed", 0},
	{"fitness", "F", "tourney", "tourney (the excerpt's single elimination) or fixed (ours: mean score against piece count only and Samuel's terms, checkers)", 0},
	{"quiesce", NULL, NULL, "ours: search through pending captures in every game", 0},
	{"signed", NULL, NULL, "ours: a mutation that can change a weight's sign", 0},
	{"start", "S", "ones", "ones (the excerpt's) or pieces (ours: PADV 1, the rest 0)", 0},
	{"threads", "N", "all cores", "games played at once", 0},
	{"out", "DIR", "evolve-out", "the run's folder (must not hold a run)", 0},
	{"resume", "DIR", NULL, "continue the run in DIR (its settings come from DIR/run.txt)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_evolve_spec = {
	"evolve", "GAME", 1, 1,
	"evolve evaluation weights by a genetic tournament (the checkers-GA excerpt)",
	evolve_opts,
	{"gamelearn evolve checkers --pop 16 --gens 20 --depth 4 --out ev",
	 "gamelearn evolve checkers --resume ev --gens 30"}
};

/* On --resume: each setting given again must equal the run's (rc, from
 * DIR/run.txt), else die naming it; only --gens and --threads change. */
static void same_settings(const cli_args *opt, const gl_evolve_config *c,
	const gl_evolve_config *rc, const char *dir)
{
	static const char *const fixed[] = {"pop", "depth", "time", "games", "pc", "pm",
		"elite", "max-plies", "prune", "open-plies", "seed", "fitness", "quiesce",
		"signed", "start", NULL};
	for (int i = 0; fixed[i]; i++) {
		if (!cli_given(opt, fixed[i]))
			continue;
		double given, run;
		switch (i) {
		case 0: given = c->pop, run = rc->pop; break;
		case 1: given = c->depth, run = rc->depth; break;
		case 2: given = c->seconds, run = rc->depth ? 0 : rc->seconds; break;
		case 3: given = c->games, run = rc->games; break;
		case 4: given = c->pc, run = rc->pc; break;
		case 5: given = c->pm, run = rc->pm; break;
		case 6: given = c->elite, run = rc->elite; break;
		case 7: given = c->max_plies, run = rc->max_plies; break;
		case 8: given = c->prune, run = rc->prune; break;
		case 9: given = c->open_plies, run = rc->open_plies; break;
		case 11: given = c->fitness, run = rc->fitness; break;
		case 12: given = c->quiesce, run = rc->quiesce; break;
		case 13: given = c->signed_mut, run = rc->signed_mut; break;
		case 14: given = c->from_pieces, run = rc->from_pieces; break;
		case 10: given = (double)c->seed, run = (double)rc->seed; break;
		default: given = run = 0; break;
		}
		if (fabs(given - run) > 1e-9 * fmax(1, fabs(run)))
			cli_die(EXIT_USAGE, "evolve: --%s %g is not the run's %g (%s/run.txt): "
				"a resumed run keeps its settings; only --gens and --threads may "
				"change", fixed[i], given, run, dir);
	}
}

int cmd_evolve(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_evolve_spec, argc, argv, &opt);
	gl_evolve_config c;
	gl_evolve_defaults(&c);
	const char *spec = opt.pos[0], *out = cli_str(&opt, "out");
	const char *resume = cli_str(&opt, "resume");
	long threads = cli_given(&opt, "threads") ? cli_long(&opt, "threads", 1, 64) :
		sysconf(_SC_NPROCESSORS_ONLN);
	bool gens_given = cli_given(&opt, "gens");
	c.pop = (int)cli_long(&opt, "pop", 2, 1024);
	c.gens = (int)cli_long(&opt, "gens", 0, 1000000);
	c.depth = (int)cli_long(&opt, "depth", 1, GL_SEARCH_MAX_DEPTH);
	if (cli_given(&opt, "time")) {
		if (cli_given(&opt, "depth"))
			cli_die(EXIT_USAGE, "evolve: give --depth or --time, not both");
		c.seconds = cli_real(&opt, "time", 1e-6, 1e6);
		c.depth = 0;
	}
	c.games = (int)cli_long(&opt, "games", 1, GL_OPENINGS_MAX);
	c.pc = cli_real(&opt, "pc", 0, 1);
	c.pm = cli_real(&opt, "pm", 0, 1);
	c.elite = (int)cli_long(&opt, "elite", 0, 1023);
	c.max_plies = (int)cli_long(&opt, "max-plies", 1, 100000);
	c.prune = (int)cli_long(&opt, "prune", 0, 1000);
	c.open_plies = (int)cli_long(&opt, "open-plies", 1, GL_OPENING_PLIES);
	c.seed = (uint64_t)cli_long(&opt, "seed", 0, 0x7fffffffffffffffL);
	const char *fit = cli_str(&opt, "fitness"), *start = cli_str(&opt, "start");
	if (strcmp(fit, "tourney") && strcmp(fit, "fixed"))
		cli_die(EXIT_USAGE, "evolve: --fitness must be tourney or fixed, got '%s'", fit);
	if (strcmp(start, "ones") && strcmp(start, "pieces"))
		cli_die(EXIT_USAGE, "evolve: --start must be ones or pieces, got '%s'", start);
	c.fitness = strcmp(fit, "fixed") ? GL_FITNESS_TOURNEY : GL_FITNESS_FIXED;
	c.from_pieces = !strcmp(start, "pieces");
	c.quiesce = cli_given(&opt, "quiesce");
	c.signed_mut = cli_given(&opt, "signed");
	if (resume && cli_given(&opt, "out"))
		cli_die(EXIT_USAGE, "evolve: --resume DIR writes to DIR; drop --out");

	gl_game *g = cli_game(spec);
	gl_err err;
	char dir[4096], path[4200];
	snprintf(dir, sizeof dir, "%s", resume ? resume : out);
	snprintf(path, sizeof path, "%s/run.txt", dir);
	gl_evolve *ev;
	gl_strbuf csv;
	gl_strbuf_init(&csv);
	if (resume) {
		ev = gl_evolve_load(g, path, &err);
		if (!ev)
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
		same_settings(&opt, &c, gl_evolve_config_of(ev), resume);
		if (gens_given && gl_evolve_set_gens(ev, c.gens, &err))
			cli_die(EXIT_USAGE, "%s", err.msg);
		char cpath[4200];
		snprintf(cpath, sizeof cpath, "%s/evolve.csv", dir);
		if (gl_evolve_done(ev) == 0 && !exists(cpath))
			csv_header(&csv, g); /* stopped before it was written */
		else
			csv_keep(&csv, cpath, gl_evolve_done(ev), g);
	} else {
		if (cli_rank0() && exists(path))
			cli_die(EXIT_USAGE, "evolve: %s already holds a run: --resume %s "
				"continues it, or choose another --out", dir, dir);
		ev = gl_evolve_new(g, &c, &err);
		if (!ev)
			cli_die(EXIT_USAGE, "%s", err.msg);
		cli_mkdir(dir);
		/* fail now, not after the first generation, if dir is not
		 * writable; the table before the state that points to it */
		csv_header(&csv, g);
		cli_save(dir, "evolve.csv", &csv);
		if (cli_rank0() && gl_evolve_save(ev, path, &err))
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
	}
	const gl_evolve_config *rc = gl_evolve_config_of(ev);
	int done0 = gl_evolve_done(ev);
	int per_gen = (rc->pop - 1) * rc->games;
	progress bar;
	cli_pool pool;
	cli_pool_init(&pool, (int)threads, &bar);
	printf("evolve %s: population %d, generations %d..%d of %d, %s %g%s, "
		"%d games a pairing, pc %g, pm %g, elite %d, seed %" PRIu64
		", %d threads, in %s\n", g->spec, rc->pop, done0, rc->gens - 1,
		rc->gens, rc->depth ? "depth" : "time", rc->depth ? rc->depth :
		rc->seconds, rc->depth ? " plies" : " s a move", rc->games, rc->pc,
		rc->pm, rc->elite, rc->seed, pool.threads, dir);
	if (rc->fitness || rc->quiesce || rc->signed_mut || rc->from_pieces)
		printf("ours, not the excerpt's: fitness %s, quiescence %s, %s mutation, "
			"start from %s\n", rc->fitness ? "against piece count only and "
			"Samuel's terms" : "tournament", rc->quiesce ? "on" : "off",
			rc->signed_mut ? "signed" : "the excerpt's", rc->from_pieces ?
			"piece count only" : "all ones");
	if (rc->fitness == GL_FITNESS_FIXED)
		per_gen = rc->pop * rc->games;
	progress_begin(&bar, "evolve", (double)per_gen * (rc->gens - done0));
	while (gl_evolve_done(ev) < rc->gens) {
		gl_evolve_gen r;
		size_t len = strlen(bar.note);
		snprintf(bar.note + len, sizeof bar.note - len, "%sgen %d",
			len ? ", " : "", gl_evolve_done(ev));
		if (gl_evolve_step(ev, &pool.runner, &r, &err))
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
		csv_row(&csv, &r);
		snprintf(bar.note, sizeof bar.note, "last best %.3f", r.best);
		char cpath[4200];
		snprintf(cpath, sizeof cpath, "%s/champion.txt", dir);
		if (cli_rank0() && gl_weights_save(&r.champ, cpath, &err))
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
		cli_save(dir, "evolve.csv", &csv);
		if (cli_rank0() && gl_evolve_save(ev, path, &err))
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
		if (!bar.on)
			printf("gen %3d: best %.4f  sd %.4f  champion %2d  (%d games, "
				"%.1f plies each)\n", r.gen, r.best, r.sd, r.champion,
				r.games, r.games ? (double)r.plies / r.games : 0);
	}
	progress_end(&bar);
	if (csv.oom)
		cli_die(EXIT_RUN, "evolve: out of memory");
	plots(dir, g, csv.buf);
	printf("wrote %s/evolve.csv, champion.txt, fitness.svg, weights.svg; the "
		"champion plays as alphabeta:eval=features,weights=%s/champion.txt\n",
		dir, dir);
	gl_strbuf_done(&csv);
	gl_evolve_free(ev);
	gl_game_free(g);
	return 0;
}
