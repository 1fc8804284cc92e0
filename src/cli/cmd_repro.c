/*
 * cmd_repro.c - `gamelearn repro NAME [options]`: each source paper's
 * experiments as one seeded command that prints its tables and writes CSV
 * and SVG plots into --out DIR. One line per experiment in the table.
 *
 * `gamelearn repro all --out DIR` runs every experiment into DIR/NAME
 * (its printed output into DIR/NAME/output.txt) and writes DIR/index.html:
 * per paper the side-by-side table each experiment wrote (verdicts.csv:
 * claim, paper, tolerance, ours, verdict, why), its figures inline, the command and
 * seeds that made them, and the version; and DIR/REPRODUCTION.md, the
 * same tables in markdown after the rule that gave their verdicts (the
 * project keeps a full run's as docs/REPRODUCTION.md).
 */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef GL_VERSION
#define GL_VERSION "unknown"
#endif
#ifndef GL_SOURCE_DIR
#define GL_SOURCE_DIR "."
#endif

cli_command repro_experiments[] = {
	/* one per paper; usage and help come from each experiment's spec
	 * (a library experiment's made by cli_repro_init) */
	{"ga-nim", NULL, NULL, repro_library, NULL, NULL},
	{"hwang", NULL, NULL, repro_library, NULL, NULL},
	{"banerjee-stone", NULL, NULL, repro_library, NULL, NULL},
	{"martens", NULL, NULL, repro_library, NULL, NULL},
	{"checkers-ga", NULL, NULL, repro_library, NULL, NULL},
	{"all", NULL, NULL, repro_all, NULL, &cli_repro_all_spec},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

/* --- The library's experiments (experiment.h) --------------------------------- */

enum { LIB_MAX = 8 };
static cli_spec lib_spec[LIB_MAX];
static char lib_text[LIB_MAX][3][256]; /* each spec's name and examples */

void cli_repro_init(void)
{
	int k = 0;
	for (cli_command *c = repro_experiments; c->name; c++) {
		if (c->run != repro_library)
			continue;
		const gl_experiment_type *e = gl_experiment_find(c->name);
		if (!e || k == LIB_MAX)
			cli_die(EXIT_RUN, "repro: no experiment '%s' in the library", c->name);
		snprintf(lib_text[k][0], sizeof lib_text[k][0], "repro %s", e->name);
		snprintf(lib_text[k][1], sizeof lib_text[k][1], "gamelearn repro %s --out out/%s",
			e->name, e->name);
		snprintf(lib_text[k][2], sizeof lib_text[k][2], "gamelearn repro %s %s", e->name,
			e->quick);
		lib_spec[k] = (cli_spec){lib_text[k][0], "", 0, 0, e->summary, e->opts,
			{lib_text[k][1], lib_text[k][2]}};
		c->spec = &lib_spec[k++];
	}
}

static void lib_plan(void *ctx, double pieces)
{
	progress *bar = ctx;
	progress_begin(bar, bar->label, pieces);
}

/* Print a report's text as it comes (rank 0; the others' stdout is
 * silent anyway); the progress bar ends its line first. */
static void echo(void *ctx, const char *text, size_t len)
{
	progress *bar = ctx;
	if (bar->on)
		progress_end(bar);
	fwrite(text, 1, len, stdout);
}

/* Remove folder dir and the files in it. */
static void remove_folder(const char *dir)
{
	DIR *d = opendir(dir);
	for (struct dirent *f; d && (f = readdir(d));) {
		char path[1700];
		if (f->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
		remove(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* Remove the work folders in tmp (gamelearn-NAME-PID-XXXXXX) of ranks
 * that are gone: a rank killed by mpirun's abort cannot remove its own,
 * so the next run on the same machine does. A folder of a process still
 * alive, or not named so, is left. */
static void remove_stale_work(const char *tmp)
{
	DIR *d = opendir(tmp);
	for (struct dirent *f; d && (f = readdir(d));) {
		if (strncmp(f->d_name, "gamelearn-", 10))
			continue;
		/* the pid is the second field from the end */
		const char *last = strrchr(f->d_name, '-');
		const char *p = last;
		while (p > f->d_name + 10 && p[-1] >= '0' && p[-1] <= '9')
			p--;
		if (!last || p == last || p[-1] != '-')
			continue;
		long pid = strtol(p, NULL, 10);
		if (pid <= 0 || !(kill((pid_t)pid, 0) == -1 && errno == ESRCH))
			continue;
		char path[1400];
		snprintf(path, sizeof path, "%s/%s", tmp, f->d_name);
		struct stat st;
		if (!lstat(path, &st) && S_ISDIR(st.st_mode) && st.st_uid == geteuid())
			remove_folder(path);
	}
	if (d)
		closedir(d);
}

int repro_library(int argc, char **argv)
{
	const cli_command *c = repro_experiments;
	while (c->name && strcmp(c->name, argv[0]))
		c++;
	const gl_experiment_type *e = gl_experiment_find(argv[0]);
	if (!c->name || !e || !c->spec)
		cli_die(EXIT_USAGE, "repro: unknown experiment '%s'", argv[0]);
	cli_args opt;
	cli_parse(c->spec, argc, argv, &opt);
	const char *out = cli_str(&opt, "out");
	const char *th = cli_str(&opt, "threads");
	long threads = cli_given(&opt, "threads") || (th && strcmp(th, "all cores")) ?
		cli_long(&opt, "threads", 1, CLI_THREADS_MAX) : sysconf(_SC_NPROCESSORS_ONLN);
	cli_mkdir(out);
	progress bar = {.label = c->spec->name};
	cli_pool pool;
	cli_pool_init(&pool, (int)threads, &bar);
	for (int i = 0; c->spec->opts[i].name; i++)
		if (!strcmp(c->spec->opts[i].name, "resume"))
			cli_pool_keep(&pool, &opt, out);
	gl_exp_args a = {c->spec->opts, opt.val, opt.seen};
	gl_exp_env env = {&pool.runner, out, lib_plan, &bar, isatty(STDERR_FILENO), NULL};
	/* the files the runs exchange: rank 0's in out, another rank's (the
	 * same, from the same pooled runs) in a folder of its own */
	char work[1100] = "";
	if (e->work && !cli_rank0()) {
		const char *tmp = getenv("TMPDIR");
		tmp = tmp && *tmp ? tmp : "/tmp";
		remove_stale_work(tmp);
		snprintf(work, sizeof work, "%s/gamelearn-%s-%ld-XXXXXX", tmp, e->name,
			(long)getpid());
		if (!mkdtemp(work))
			cli_die(EXIT_RUN, "rank %d: cannot make a folder in %s: %s", cli_mpi_rank(),
				tmp, strerror(errno));
		env.work = work;
	}
	gl_report rep;
	gl_report_init(&rep);
	rep.echo = echo; /* the text as it comes, as ever */
	rep.echo_ctx = &bar;
	gl_err err = {0};
	int rc = e->run(&a, &env, &rep, &err);
	progress_end(&bar);
	if (*work)
		remove_folder(work);
	if (rc) {
		gl_report_done(&rep);
		cli_die(rc == GL_EINVAL ? EXIT_USAGE : EXIT_RUN, "%s", err.msg);
	}
	/* under MPI rank 0 alone writes */
	if (cli_rank0() && gl_report_write(&rep, out, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	gl_report_done(&rep);
	return 0;
}

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

/* --- repro all ------------------------------------------------------------ */

/* The papers of the report: the library's experiments, in its order. */
enum { PAPERS_MAX = 32 };
static const gl_experiment_type *paper(int p)
{
	return gl_experiment_types()[p];
}

static const cli_opt all_opts[] = {
	{"out", "DIR", "out/repro", "where each experiment's folder and index.html go", 0},
	{"quick", NULL, NULL, "small settings for every experiment (a test; not the papers' figures)", 0},
	{"only", "LIST", "all", "experiments to run, comma-separated, or none: index.html alone again (the index shows those found in DIR)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_repro_all_spec = {
	"repro all", "", 0, 0,
	"every paper's experiment, and DIR/index.html: paper | ours | verdict | why, figures",
	all_opts,
	{"gamelearn repro all --out out/repro", "gamelearn repro all --quick --out /tmp/r"}
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files in dir ending in ext, sorted, into names (each malloc'd);
 * returns how many (at most max). */
static int list_files(const char *dir, const char *ext, char **names, int max)
{
	DIR *d = opendir(dir);
	int n = 0;
	if (!d)
		return 0;
	struct dirent *e;
	size_t el = strlen(ext);
	while ((e = readdir(d)) && n < max) {
		size_t l = strlen(e->d_name);
		if (l > el && !strcmp(e->d_name + l - el, ext) && (names[n] = strdup(e->d_name)))
			n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, name_cmp);
	return n;
}

/* The text of a small file (malloc'd, NUL-terminated), or NULL. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		gl_strbuf_printf(&sb, "%.*s", (int)n, buf);
	fclose(f);
	char *s = strdup(sb.buf ? sb.buf : "");
	gl_strbuf_done(&sb);
	return s;
}

/* The first line of a command's output (the source's commit), or "". */
static void command_line(const char *cmd, char *out, size_t n)
{
	out[0] = '\0';
	FILE *p = popen(cmd, "r");
	if (!p)
		return;
	if (fgets(out, (int)n, p))
		out[strcspn(out, "\r\n")] = '\0';
	else
		out[0] = '\0';
	pclose(p);
}

/* Run experiment e with args (a string of options) into dir, its stdout
 * into dir/output.txt. Returns the seconds it took. */
static double run_one(const cli_command *e, const char *args, const char *dir)
{
	char buf[2400], *argv[CLI_ARGS_MAX];
	int argc = 0;
	snprintf(buf, sizeof buf, "%s --out %s %s", e->name, dir, args);
	for (char *t = strtok(buf, " "); t && argc < CLI_ARGS_MAX - 1; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	cli_mkdir(dir);
	char path[1200];
	/* under MPI rank 0 alone writes */
	snprintf(path, sizeof path, "%s%s", cli_rank0() ? dir : "/dev/null",
		cli_rank0() ? "/output.txt" : "");
	fflush(stdout);
	int saved = dup(STDOUT_FILENO);
	FILE *f = fopen(path, "w");
	if (saved < 0 || !f)
		cli_die(EXIT_RUN, "repro all: cannot write %s: %s", path, strerror(errno));
	dup2(fileno(f), STDOUT_FILENO);
	fclose(f);
	double t0 = gl_now();
	e->run(argc, argv);
	double dt = gl_now() - t0;
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	return dt;
}

static const char *const css =
	"body{font-family:sans-serif;max-width:1200px;margin:1em auto;padding:0 1em;"
	"color:#222;line-height:1.4}\n"
	"table{border-collapse:collapse;width:100%;margin:0.5em 0 1em}\n"
	"th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left;"
	"font-size:0.9em}\n"
	"th{background:#f0f0f0}\n"
	"td.v{font-weight:bold;white-space:nowrap}\n"
	".reproduced{background:#dff0d8}.differs{background:#fcf8e3}.speculation{background:#eef}"
	".unclear{background:#eee}.inconsistent{background:#e8dff5}\n"
	"code{background:#f5f5f5;padding:1px 3px}\n"
	".figs{display:flex;flex-wrap:wrap;gap:8px}.figs a{flex:1 1 45%;max-width:50%}"
	".figs img{width:100%;border:1px solid #ddd}\n"
	"h2{border-bottom:2px solid #1f77b4;padding-bottom:2px;margin-top:2em}\n";

/* s as one markdown table cell: '|' escaped, line breaks as spaces. */
static void md_cell(gl_strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			gl_strbuf_printf(sb, "\\|");
		else if (*s == '\n' || *s == '\r')
			gl_strbuf_printf(sb, " ");
		else
			gl_strbuf_printf(sb, "%c", *s);
	}
}

/* The head of REPRODUCTION.md: how it was made, and the rule. */
static void md_head(gl_strbuf *md, const char *commit, const char *when, long cores,
	bool quick)
{
	gl_strbuf_printf(md, "# Reproduction report\n\n"
		"Every paper's claims beside our figures, as\n\n"
		"    gamelearn repro all --out DIR\n\n"
		"writes them into DIR/REPRODUCTION.md (with DIR/index.html, the figures and "
		"each experiment's output) from the experiments it runs and those it finds in "
		"DIR (`--only`). Written by gamelearn %s, commit %s, %s, on a %ld-core "
		"machine; every setting is its `repro` command's default, the seeds are in "
		"each section, and each section's time is its experiment's when it ran.%s\n\n", GL_VERSION, commit[0] ? commit : "(no git)", when,
		cores, quick ? " **--quick: small settings for a test, not the papers' "
		"figures.**" : "");
	gl_strbuf_printf(md, "## The rule\n\n"
		"Each experiment states its paper's claims before it runs: the paper's figure "
		"or words, and the tolerance or test that would reproduce it (the tolerance "
		"column). A claim measured over seeded runs is put to two one-sided tests, one "
		"whose rejection says the claim holds (every figure within its tolerance, or "
		"the claimed effect present) and one whose rejection says it does not. The tests "
		"of one paper are corrected together by Holm-Bonferroni at 0.05, and the "
		"verdict is:\n\n"
		"- **reproduced**: the claim's test holds after the correction, or, for a "
		"figure measured without sampling (exact), the figure meets it;\n"
		"- **differs**: the departure is significant after the correction (or the exact "
		"figure misses), with the why;\n"
		"- **unclear**: neither; the why gives how many runs would settle it (power "
		"0.8 at the corrected level), or says that no affordable number would;\n"
		"- **inconsistent**: the paper's own figures cannot all be true;\n"
		"- **speculation**: the paper says what might be; what we measured is "
		"recorded beside it, not judged.\n\n"
		"A claim with two teachers or conditions is two claims. The tests are the "
		"paired sign-flip test (paired runs), the exact binomial test (a share of "
		"runs or games) and Student's t test of a mean over runs "
		"(include/gamelearn/verdict.h). The default numbers of runs are chosen so "
		"that the verdicts are the same for `--seed 1` and `--seed 1001` "
		"(docs/data/seeds-*.csv).\n\n");
}

/* One paper's section of REPRODUCTION.md from its verdicts.csv text v. */
static void md_paper(gl_strbuf *md, const char *name, const char *source, double secs,
	const char *seeds, const char *v)
{
	gl_strbuf_printf(md, "## %s: %s\n\n`gamelearn repro %s`", name, source, name);
	if (secs >= 0)
		gl_strbuf_printf(md, " (%.0f s when it ran)", secs);
	gl_strbuf_printf(md, ". Seeds: %s.\n\n", seeds);
	if (!v) {
		gl_strbuf_printf(md, "Not run into this folder.\n\n");
		return;
	}
	gl_strbuf_printf(md, "| claim | paper | tolerance | ours | verdict | why |\n"
		"|---|---|---|---|---|---|\n");
	size_t pos = 0;
	char f[6][1024];
	gl_csv_record(v, &pos, f, 6); /* the header */
	while (gl_csv_record(v, &pos, f, 6) == 6) {
		for (int i = 0; i < 6; i++) {
			gl_strbuf_printf(md, "| %s", i == 4 ? "**" : "");
			md_cell(md, f[i]);
			gl_strbuf_printf(md, "%s ", i == 4 ? "**" : "");
		}
		gl_strbuf_printf(md, "|\n");
	}
	gl_strbuf_printf(md, "\n");
}

int repro_all(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_repro_all_spec, argc, argv, &opt);
	const char *out = cli_str(&opt, "out"), *only = cli_str(&opt, "only");
	bool quick = cli_given(&opt, "quick");
	int npapers = 0;
	while (npapers < PAPERS_MAX && paper(npapers))
		npapers++;
	/* "none" runs nothing: index.html written again from what is in DIR */
	if (strcmp(only, "all") && strcmp(only, "none"))
		for (const char *l = only; *l;) {
			size_t len = strcspn(l, ",");
			bool known = false;
			for (int p = 0; p < npapers; p++)
				known |= strlen(paper(p)->name) == len && !strncmp(paper(p)->name, l, len);
			if (!known) {
				char names[512] = "";
				for (int p = 0; p < npapers; p++)
					snprintf(names + strlen(names), sizeof names - strlen(names),
						"%s%s", p ? ", " : "", paper(p)->name);
				cli_die(EXIT_USAGE, "repro all: --only takes experiments of: %s, "
					"or none; got '%s'", names, only);
			}
			l += len + (l[len] == ',');
		}
	cli_mkdir(out);
	/* the source's commit when the run starts (the tree the tool was built
	 * from, unless it was changed since the build) */
	char commit[128], gitcmd[1400];
	snprintf(gitcmd, sizeof gitcmd, "git -C '%s' describe --always --dirty 2>/dev/null",
		GL_SOURCE_DIR);
	command_line(gitcmd, commit, sizeof commit);
	double took[PAPERS_MAX] = {0};
	bool ran[PAPERS_MAX] = {false};
	for (int p = 0; p < npapers; p++) {
		size_t l = strlen(paper(p)->name);
		const char *hit = strstr(only, paper(p)->name);
		if (strcmp(only, "all") && !(hit && (hit == only || hit[-1] == ',') &&
		    (hit[l] == ',' || hit[l] == '\0')))
			continue;
		const cli_command *e = repro_experiments;
		while (strcmp(e->name, paper(p)->name))
			e++;
		char dir[1100];
		snprintf(dir, sizeof dir, "%s/%s", out, paper(p)->name);
		printf("repro all: %s ...", paper(p)->name);
		fflush(stdout);
		took[p] = run_one(e, quick ? paper(p)->quick : "", dir);
		ran[p] = true;
		gl_strbuf t;
		gl_strbuf_init(&t);
		gl_strbuf_printf(&t, "%.0f %s\n", took[p], quick ? "quick" : "full");
		cli_save(dir, "run.txt", &t);
		gl_strbuf_done(&t);
		printf(" %.0f s\n", took[p]);
	}

	/* index.html */
	char when[64];
	time_t now = time(NULL);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime(&now));
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	gl_strbuf h, md;
	gl_strbuf_init(&h);
	gl_strbuf_init(&md);
	md_head(&md, commit, when, cores, quick);
	gl_strbuf_printf(&h, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<title>gamelearn: the papers beside ours</title>\n<style>\n%s</style></head>"
		"<body>\n<h1>gamelearn: every paper's figures beside ours</h1>\n", css);
	gl_strbuf_printf(&h, "<p>gamelearn %s, source ", GL_VERSION);
	gl_xml_text(&h, commit[0] ? commit : "(no git)");
	gl_strbuf_printf(&h, ", made %s on a %ld-core machine%s. Each section: the paper's "
		"figure and ours side by side with the tolerance stated before the run, a verdict "
		"and the reason, the figures, the command and seeds. One rule gives every verdict "
		"(a paper's tests corrected together, Holm-Bonferroni at 0.05): "
		"<span class=\"reproduced\">reproduced</span> (within the tolerance, or the "
		"claimed effect significant), <span class=\"differs\">differs</span> (the "
		"departure significant, and why), <span class=\"unclear\">unclear</span> "
		"(neither; with the runs that would settle it), <span class=\"inconsistent\">"
		"inconsistent</span> (the paper's own figures cannot all be true), <span "
		"class=\"speculation\">speculation</span> (the paper says what might be; "
		"recorded, not judged).</p>\n", when, cores, quick ? "; <b>--quick: small settings for a "
		"test, not the papers' figures</b>" : "");
	gl_strbuf_printf(&h, "<ul>\n");
	for (int p = 0; p < npapers; p++)
		gl_strbuf_printf(&h, "<li><a href=\"#%s\">%s</a></li>\n", paper(p)->name,
			paper(p)->name);
	gl_strbuf_printf(&h, "</ul>\n");
	for (int p = 0; p < npapers; p++) {
		char dir[1100], path[1300];
		snprintf(dir, sizeof dir, "%s/%s", out, paper(p)->name);
		snprintf(path, sizeof path, "%s/verdicts.csv", dir);
		char *v = slurp(path);
		gl_strbuf_printf(&h, "<h2 id=\"%s\">%s</h2>\n<p>", paper(p)->name, paper(p)->name);
		gl_xml_text(&h, paper(p)->paper);
		gl_strbuf_printf(&h, "</p>\n");
		if (!v) {
			gl_strbuf_printf(&h, "<p>Not run into this folder (<code>gamelearn repro all "
				"--only %s</code>).</p>\n", paper(p)->name);
			md_paper(&md, paper(p)->name, paper(p)->paper, -1, paper(p)->seeds,
				NULL);
			continue;
		}
		/* how it was run: this time, or as run.txt says */
		snprintf(path, sizeof path, "%s/run.txt", dir);
		char *rt = slurp(path);
		double secs = took[p];
		bool was_quick = quick && ran[p];
		if (!ran[p] && rt) {
			char kind[16] = "";
			if (sscanf(rt, "%lf %15s", &secs, kind) != 2)
				secs = -1;
			was_quick = !strcmp(kind, "quick");
		}
		free(rt);
		gl_strbuf_printf(&h, "<p>Command: <code>gamelearn repro %s --out %s%s%s</code>",
			paper(p)->name, dir, was_quick ? " " : "", was_quick ? paper(p)->quick : "");
		if (ran[p] || secs >= 0)
			gl_strbuf_printf(&h, " (%.0f s here)", secs);
		md_paper(&md, paper(p)->name, paper(p)->paper, ran[p] || secs >= 0 ? secs :
			-1, paper(p)->seeds, v);
		gl_strbuf_printf(&h, ". Seeds: ");
		gl_xml_text(&h, paper(p)->seeds);
		gl_strbuf_printf(&h, ". Full output: <a href=\"%s/output.txt\">output.txt</a>; "
			"data:", paper(p)->name);
		char *names[64];
		int n = list_files(dir, ".csv", names, 64);
		for (int i = 0; i < n; i++) {
			gl_strbuf_printf(&h, " <a href=\"%s/%s\">%s</a>", paper(p)->name, names[i],
				names[i]);
			free(names[i]);
		}
		gl_strbuf_printf(&h, "</p>\n<table>\n<tr><th>claim</th><th>paper</th>"
			"<th>tolerance</th><th>ours</th><th>verdict</th><th>why</th></tr>\n");
		size_t pos = 0;
		char f[6][1024];
		gl_csv_record(v, &pos, f, 6); /* the header */
		while (gl_csv_record(v, &pos, f, 6) == 6) {
			gl_strbuf_printf(&h, "<tr>");
			for (int i = 0; i < 6; i++) {
				if (i == 4)
					gl_strbuf_printf(&h, "<td class=\"v %s\">", f[4]);
				else
					gl_strbuf_printf(&h, "<td>");
				gl_xml_text(&h, f[i]);
				gl_strbuf_printf(&h, "</td>");
			}
			gl_strbuf_printf(&h, "</tr>\n");
		}
		free(v);
		gl_strbuf_printf(&h, "</table>\n<div class=\"figs\">\n");
		n = list_files(dir, ".svg", names, 64);
		for (int i = 0; i < n; i++) {
			gl_strbuf_printf(&h, "<a href=\"%s/%s\"><img src=\"%s/%s\" alt=\"%s\" "
				"loading=\"lazy\"></a>\n", paper(p)->name, names[i], paper(p)->name,
				names[i], names[i]);
			free(names[i]);
		}
		gl_strbuf_printf(&h, "</div>\n");
	}
	gl_strbuf_printf(&h, "</body></html>\n");
	cli_save(out, "index.html", &h);
	cli_save(out, "REPRODUCTION.md", &md);
	gl_strbuf_done(&h);
	gl_strbuf_done(&md);
	printf("wrote %s/index.html and %s/REPRODUCTION.md\n", out, out);
	return 0;
}
