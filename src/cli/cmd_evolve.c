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
#include "report.h"

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

/* On resume: evolve.csv's header and first `done` rows into sb, or die. */
static void csv_keep(gl_strbuf *sb, const char *path, int done)
{
	char *text = NULL;
	gl_err err;
	if (gl_read_file(path, CSV_MAX, &text, NULL, &err))
		cli_die(EXIT_RUN, "evolve: %s", err.msg);
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	int rows = -1;
	while (rows < done && (line = gl_lines_next(&it))) {
		gl_strbuf_printf(sb, "%s\n", line);
		rows++;
	}
	gl_free(text);
	if (rows < done)
		cli_die(EXIT_RUN, "evolve: %s has %d generation rows, but the run "
			"has done %d", path, rows < 0 ? 0 : rows, done);
}

/* The plots, from the CSV text (so a resumed run plots the same). */
static void plots(const char *dir, const gl_game *g, char *csv)
{
	int nf = (int)g->nfeatures, cap = 16, n = 0;
	double *x = malloc(sizeof *x * (size_t)cap);
	double *col = malloc(sizeof *col * (size_t)cap * (size_t)(nf + 3));
	gl_lines it;
	gl_lines_init(&it, csv);
	char *line = gl_lines_next(&it); /* the header */
	while (x && col && (line = gl_lines_next(&it))) {
		if (n == cap) {
			cap *= 2;
			x = realloc(x, sizeof *x * (size_t)cap);
			col = realloc(col, sizeof *col * (size_t)cap * (size_t)(nf + 3));
			if (!x || !col)
				break;
		}
		/* gen,best,mean,sd,points,games,plies,champion,w... */
		char *p = line;
		double v[8];
		for (int k = 0; k < 8; k++) {
			v[k] = strtod(p, &p);
			p += *p == ',';
		}
		x[n] = v[0];
		col[(size_t)n * (nf + 3) + 0] = v[1];
		col[(size_t)n * (nf + 3) + 1] = v[2] - v[3];
		col[(size_t)n * (nf + 3) + 2] = v[2] + v[3];
		for (int k = 0; k < nf; k++) {
			col[(size_t)n * (nf + 3) + 3 + k] = strtod(p, &p);
			p += *p == ',';
		}
		n++;
	}
	if (!x || !col)
		cli_die(EXIT_RUN, "evolve: out of memory plotting");
	double *best = malloc(sizeof *best * (size_t)(n + 1) * 4);
	double *lo = best + n + 1, *hi = lo + n + 1, *mean = hi + n + 1;
	double *w = malloc(sizeof *w * (size_t)(n + 1) * (size_t)(nf + 1));
	if (!best || !w)
		cli_die(EXIT_RUN, "evolve: out of memory plotting");
	for (int i = 0; i < n; i++) {
		const double *c = col + (size_t)i * (nf + 3);
		best[i] = c[0];
		lo[i] = c[1];
		hi[i] = c[2];
		mean[i] = (c[1] + c[2]) / 2;
		double top = 0;
		for (int k = 0; k < nf; k++)
			top = fmax(top, fabs(c[3 + k]));
		for (int k = 0; k < nf; k++)
			w[(size_t)k * n + i] = top > 0 ? fabs(c[3 + k]) / top : 0;
	}
	plot_series fs[2] = {
		{"best", n, x, best, NULL, NULL},
		{"mean +/- sd", n, x, mean, lo, hi},
	};
	plot_spec spec = {"fitness (points / all points) by generation",
		"generation", "fitness", false, true};
	report_plot(dir, "fitness.svg", &spec, fs, 2);
	/* The ten weights largest in the last champion, each over the
	 * champion's largest (only ratios matter to the evaluation). */
	enum { SHOW = 10 };
	int pick[SHOW], np = 0;
	for (int k = 0; k < nf && n > 0; k++) {
		double v = w[(size_t)k * n + n - 1];
		int j = np < SHOW ? np++ : SHOW;
		if (j == SHOW && v <= w[(size_t)pick[SHOW - 1] * n + n - 1])
			continue;
		if (j == SHOW)
			j = SHOW - 1;
		for (; j > 0 && w[(size_t)pick[j - 1] * n + n - 1] < v; j--)
			pick[j] = pick[j - 1];
		pick[j] = k;
	}
	plot_series ws[SHOW];
	bool positive = true;
	for (int j = 0; j < np; j++) {
		ws[j] = (plot_series){g->feature_names[pick[j]], n, x,
			w + (size_t)pick[j] * n, NULL, NULL};
		for (int i = 0; i < n; i++)
			positive = positive && ws[j].y[i] > 0;
	}
	plot_spec wspec = {"champion's weights / its largest weight (the 10 "
		"largest at the end)", "generation", "relative weight", positive,
		false};
	report_plot(dir, "weights.svg", &wspec, ws, np);
	free(x);
	free(col);
	free(best);
	free(w);
}

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

int cmd_evolve(int argc, char **argv)
{
	gl_evolve_config c;
	gl_evolve_defaults(&c);
	const char *spec = NULL, *out = NULL, *resume = NULL;
	long threads = sysconf(_SC_NPROCESSORS_ONLN);
	bool gens_given = false, time_given = false, depth_given = false;
	const char *fixed = NULL; /* an option that --resume takes from the run */
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i];
		bool has = i + 1 < argc;
		if (o[0] != '-') {
			if (spec)
				cli_die(EXIT_USAGE, "evolve: unexpected argument '%s'", o);
			spec = o;
			continue;
		}
		if (!has)
			cli_die(EXIT_USAGE, "evolve: %s needs a value", o);
		const char *v = argv[++i];
		if (!strcmp(o, "--gens")) {
			c.gens = (int)cli_int(v, 0, 1000000, "--gens");
			gens_given = true;
			continue;
		} else if (!strcmp(o, "--threads")) {
			threads = cli_int(v, 1, 64, "--threads");
			continue;
		} else if (!strcmp(o, "--out")) {
			out = v;
			continue;
		} else if (!strcmp(o, "--resume")) {
			resume = v;
			continue;
		}
		fixed = o;
		if (!strcmp(o, "--pop")) {
			c.pop = (int)cli_int(v, 2, 1024, "--pop");
		} else if (!strcmp(o, "--depth")) {
			c.depth = (int)cli_int(v, 1, GL_SEARCH_MAX_DEPTH, "--depth");
			depth_given = true;
		} else if (!strcmp(o, "--time")) {
			char *end;
			c.seconds = strtod(v, &end);
			if (*end || !(c.seconds > 0 && c.seconds < 1e6))
				cli_die(EXIT_USAGE, "evolve: --time wants seconds > 0, got '%s'", v);
			time_given = true;
		} else if (!strcmp(o, "--games")) {
			c.games = (int)cli_int(v, 1, GL_OPENINGS_MAX, "--games");
		} else if (!strcmp(o, "--pc") || !strcmp(o, "--pm")) {
			char *end;
			double p = strtod(v, &end);
			if (*end || !(p >= 0 && p <= 1))
				cli_die(EXIT_USAGE, "evolve: %s wants a rate in 0..1, got '%s'", o, v);
			*(o[3] == 'c' ? &c.pc : &c.pm) = p;
		} else if (!strcmp(o, "--elite")) {
			c.elite = (int)cli_int(v, 0, 1023, "--elite");
		} else if (!strcmp(o, "--max-plies")) {
			c.max_plies = (int)cli_int(v, 1, 100000, "--max-plies");
		} else if (!strcmp(o, "--prune")) {
			c.prune = (int)cli_int(v, 0, 1000, "--prune");
		} else if (!strcmp(o, "--open-plies")) {
			c.open_plies = (int)cli_int(v, 1, GL_OPENING_PLIES, "--open-plies");
		} else if (!strcmp(o, "--seed")) {
			c.seed = (uint64_t)cli_int(v, 0, 0x7fffffffffffffffL, "--seed");
		} else {
			cli_die(EXIT_USAGE, "evolve: unknown option '%s'", o);
		}
	}
	if (!spec)
		cli_die(EXIT_USAGE, "usage: gamelearn evolve GAME [--pop P] [--gens G] "
			"[--depth D | --time T] [--games K] [--pc X] [--pm X] [--elite E] "
			"[--max-plies N] [--prune W] [--open-plies K] [--seed S] "
			"[--threads N] [--out DIR | --resume DIR]");
	if (time_given && depth_given)
		cli_die(EXIT_USAGE, "evolve: give --depth or --time, not both");
	if (time_given)
		c.depth = 0;
	if (resume && out)
		cli_die(EXIT_USAGE, "evolve: --resume DIR writes to DIR; drop --out");
	if (resume && fixed)
		cli_die(EXIT_USAGE, "evolve: %s cannot change when resuming (the run's "
			"settings are in %s/run.txt; only --gens and --threads may be "
			"given)", fixed, resume);

	gl_game *g = cli_game(spec);
	gl_err err;
	char dir[4096], path[4200];
	snprintf(dir, sizeof dir, "%s", resume ? resume : out ? out : "evolve-out");
	snprintf(path, sizeof path, "%s/run.txt", dir);
	gl_evolve *ev;
	gl_strbuf csv;
	gl_strbuf_init(&csv);
	if (resume) {
		ev = gl_evolve_load(g, path, &err);
		if (!ev)
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
		if (gens_given && gl_evolve_set_gens(ev, c.gens, &err))
			cli_die(EXIT_USAGE, "%s", err.msg);
		char cpath[4200];
		snprintf(cpath, sizeof cpath, "%s/evolve.csv", dir);
		if (gl_evolve_done(ev) == 0 && !exists(cpath))
			csv_header(&csv, g); /* stopped before it was written */
		else
			csv_keep(&csv, cpath, gl_evolve_done(ev));
	} else {
		if (exists(path))
			cli_die(EXIT_USAGE, "evolve: %s already holds a run: --resume %s "
				"continues it, or choose another --out", dir, dir);
		ev = gl_evolve_new(g, &c, &err);
		if (!ev)
			cli_die(EXIT_USAGE, "%s", err.msg);
		report_mkdir(dir);
		/* fail now, not after the first generation, if dir is not
		 * writable; the table before the state that points to it */
		csv_header(&csv, g);
		report_write(dir, "evolve.csv", &csv);
		if (gl_evolve_save(ev, path, &err))
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
	}
	const gl_evolve_config *rc = gl_evolve_config_of(ev);
	int done0 = gl_evolve_done(ev);
	int per_gen = (rc->pop - 1) * rc->games;
	printf("evolve %s: population %d, generations %d..%d of %d, %s %g%s, "
		"%d games a pairing, pc %g, pm %g, elite %d, seed %" PRIu64
		", %ld threads, in %s\n", g->spec, rc->pop, done0, rc->gens - 1,
		rc->gens, rc->depth ? "depth" : "time", rc->depth ? rc->depth :
		rc->seconds, rc->depth ? " plies" : " s a move", rc->games, rc->pc,
		rc->pm, rc->elite, rc->seed, threads, dir);
	progress bar;
	progress_begin(&bar, "evolve", (double)per_gen * (rc->gens - done0));
	cli_pool pool;
	cli_pool_init(&pool, (int)threads, &bar);
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
		if (gl_weights_save(&r.champ, cpath, &err))
			cli_die(EXIT_RUN, "evolve: %s", err.msg);
		report_write(dir, "evolve.csv", &csv);
		if (gl_evolve_save(ev, path, &err))
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
