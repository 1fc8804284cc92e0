/*
 * test_run.c - the runner layer (run.h, report.h) with no CLI: a pool of
 * threads runs every piece once and reports progress; a kept batch
 * stopped after K pieces resumes running only the others, with the same
 * results, and refuses a corrupt piece or another key; and a small
 * experiment (ga-nim) run through gl_exp_run on threads with its pieces
 * kept, stopped midway and resumed, gives the report and the files
 * (CSV, SVG) of a run never stopped, byte for byte; and a training
 * sweep (train.h) on threads, stopped after a run and resumed, gives each
 * run's result and learner as one never stopped, and run 2 is the single
 * training seeded S + N.
 */
#include "test.h"

#include "gamelearn/fileio.h"
#include "gamelearn/report.h"
#include "gamelearn/run.h"
#include "gamelearn/train.h"

#include <dirent.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- A batch of squares ------------------------------------------------------- */

enum { N = 40 };

typedef struct squares {
	uint64_t out[N];
	atomic_int runs[N];  /* job calls per piece */
} squares;

static void sq_job(void *arg, int i, int worker)
{
	(void)worker;
	squares *s = arg;
	s->out[i] = (uint64_t)i * (uint64_t)i + 7;
	atomic_fetch_add(&s->runs[i], 1);
}

static size_t sq_get(void *arg, int i, const void **bytes)
{
	squares *s = arg;
	*bytes = &s->out[i];
	return sizeof s->out[i];
}

static int sq_put(void *arg, int i, const void *bytes, size_t size, gl_err *err)
{
	squares *s = arg;
	if (size != sizeof s->out[i])
		return gl_fail(err, GL_EINVAL, "a result of %zu bytes", size);
	memcpy(&s->out[i], bytes, size);
	return 0;
}

static void squares_init(squares *s)
{
	for (int i = 0; i < N; i++) {
		s->out[i] = 0;
		atomic_init(&s->runs[i], 0);
	}
}

static int total_runs(squares *s)
{
	int n = 0;
	for (int i = 0; i < N; i++)
		n += atomic_load(&s->runs[i]);
	return n;
}

static bool all_right(const squares *s)
{
	for (int i = 0; i < N; i++)
		if (s->out[i] != (uint64_t)i * (uint64_t)i + 7)
			return false;
	return true;
}

static void count_progress(void *ctx, double done)
{
	*(double *)ctx = done;
}

/* Remove folder dir and what is in it (two levels: DIR/pieces). */
static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		char path[1400];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(path);
		else
			remove(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

static void test_pool(void)
{
	squares s;
	squares_init(&s);
	double done = 0;
	gl_pool pool;
	gl_pool_init(&pool, 4, count_progress, &done);
	CHECK(pool.runner.workers == 4);
	gl_pieces p = {N, sq_job, sq_get, sq_put, &s, false};
	gl_err err = {0};
	CHECK(gl_run_pieces(&pool.runner, &p, &err) == 0);
	CHECK(all_right(&s));
	CHECK(total_runs(&s) == N);
	CHECK(done == N);
	/* a stopped pool runs nothing more and says why */
	CHECK(gl_pool_stop(&pool, GL_ESTOP, "enough") == GL_ESTOP);
	CHECK(gl_pool_stop(&pool, GL_EIO, "later") == GL_EIO); /* the first wins */
	squares_init(&s);
	CHECK(gl_run_pieces(&pool.runner, &p, &err) == GL_ESTOP);
	CHECK_STR(err.msg, "enough");
	CHECK(total_runs(&s) == 0);
	gl_pool_init(&pool, 1000, NULL, NULL);
	CHECK(pool.threads == GL_THREADS_MAX);
}

static void test_keep(const char *tmp)
{
	char dir[1100];
	snprintf(dir, sizeof dir, "%s/keep", tmp);
	CHECK(mkdir(dir, 0777) == 0);
	squares s;
	squares_init(&s);
	gl_pool pool;
	gl_keep keep;
	gl_err err = {0};
	double done = 0;
	gl_pieces p = {N, sq_job, sq_get, sq_put, &s, false};
	/* stopped after 5 pieces, on one thread: 5 run and saved */
	gl_pool_init(&pool, 1, count_progress, &done);
	gl_keep_config c = {"squares", dir, "squares 40\n", false, 5, true, NULL, NULL};
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == 0);
	CHECK(gl_run_pieces(&keep.runner, &p, &err) == GL_ESTOP);
	CHECK(strstr(err.msg, "stopped after 5 pieces of work") != NULL);
	CHECK(total_runs(&s) == 5);
	/* resumed on 3 threads: the 5 put back, the other 35 run */
	squares_init(&s);
	done = 0;
	gl_pool_init(&pool, 3, count_progress, &done);
	c.resume = true;
	c.stop_after = 0;
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == 0);
	CHECK(gl_run_pieces(&keep.runner, &p, &err) == 0);
	CHECK(all_right(&s));
	CHECK(total_runs(&s) == N - 5);
	CHECK(done == N);
	/* and again: nothing left to run */
	squares_init(&s);
	gl_pool_init(&pool, 2, NULL, NULL);
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == 0);
	CHECK(gl_run_pieces(&keep.runner, &p, &err) == 0);
	CHECK(all_right(&s) && total_runs(&s) == 0);
	/* another key is refused; so is a piece overwritten */
	c.key = "squares 41\n";
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "was run with other options: squares 40") != NULL);
	c.key = "squares 40\n";
	char path[1300];
	snprintf(path, sizeof path, "%s/pieces/0.3", dir);
	uint64_t junk[3] = {1, 2, 3};
	CHECK(gl_write_atomic(path, junk, sizeof junk, &err) == 0);
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == 0);
	CHECK(gl_run_pieces(&keep.runner, &p, &err) == GL_EPARSE);
	CHECK(strstr(err.msg, "pieces/0.3: a saved piece of work: corrupt") != NULL);
	/* no run to resume */
	snprintf(path, sizeof path, "%s/none", tmp);
	c.dir = path;
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "no run to resume") != NULL);
}

/* --- An experiment, stopped and resumed --------------------------------------- */

/* Whether a and b have the same text and tables, the tables compared
 * as the CSV report.h writes. */
static bool same_report(const gl_report *a, const gl_report *b)
{
	bool same = !strcmp(a->text.buf, b->text.buf) && a->ntables == b->ntables &&
		a->nfigures == b->nfigures;
	for (int i = 0; same && i < a->ntables; i++) {
		gl_strbuf x, y;
		gl_strbuf_init(&x);
		gl_strbuf_init(&y);
		gl_table_csv(a->tables[i], &x);
		gl_table_csv(b->tables[i], &y);
		same = !strcmp(a->tables[i]->name, b->tables[i]->name) && x.buf && y.buf &&
			!strcmp(x.buf, y.buf);
		gl_strbuf_done(&x);
		gl_strbuf_done(&y);
	}
	return same;
}

/* Whether every file directly in a is in b with the same bytes; *n gets
 * how many there are. */
static bool same_files(const char *a, const char *b, int *n)
{
	DIR *d = opendir(a);
	bool same = d != NULL;
	*n = 0;
	for (struct dirent *e; d && (e = readdir(d));) {
		char pa[1400], pb[1400];
		struct stat st;
		snprintf(pa, sizeof pa, "%s/%s", a, e->d_name);
		snprintf(pb, sizeof pb, "%s/%s", b, e->d_name);
		if (e->d_name[0] == '.' || stat(pa, &st) || S_ISDIR(st.st_mode))
			continue;
		char *x = NULL, *y = NULL;
		size_t nx = 0, ny = 0;
		if (gl_read_file(pa, 1 << 24, &x, &nx, NULL) ||
		    gl_read_file(pb, 1 << 24, &y, &ny, NULL) || nx != ny || memcmp(x, y, nx)) {
			fprintf(stderr, "%s differs from %s\n", pb, pa);
			same = false;
		}
		gl_free(x);
		gl_free(y);
		(*n)++;
	}
	if (d)
		closedir(d);
	return same;
}

static const char *const small = "--seeds 2 --gens 60 --block 20 --heaps 1-2 "
	"--K 10,30 --games-sweep=1,2";

static void test_experiment(const char *tmp)
{
	const gl_experiment_type *e = gl_experiment_find("ga-nim");
	char ref[1100], dir[1100];
	snprintf(ref, sizeof ref, "%s/ref", tmp);
	snprintf(dir, sizeof dir, "%s/exp/run", tmp); /* parents made too */
	gl_report r0, r1;
	gl_err err = {0};
	double done0 = 0, done1 = 0;
	/* the reference: one thread, nothing kept, in dir (the text names
	 * it), then moved aside */
	gl_exp_setup s = {.threads = 1, .dir = dir, .progress = count_progress,
		.progress_ctx = &done0};
	gl_report_init(&r0);
	CHECK(gl_exp_run(e, small, &s, &r0, &err) == 0);
	CHECK(r0.ntables == 4 && r0.nfigures == 4);
	CHECK(rename(dir, ref) == 0);
	/* 3 threads, kept, stopped after 7 pieces */
	gl_exp_setup k = {.threads = 3, .dir = dir, .keep = true, .stop_after = 7,
		.progress = count_progress, .progress_ctx = &done1};
	gl_report_init(&r1);
	CHECK(gl_exp_run(e, small, &k, &r1, &err) == GL_ESTOP);
	CHECK(strstr(err.msg, "stopped after 7 pieces") != NULL);
	gl_report_done(&r1);
	/* resumed on 2 threads: the same report, files and pieces counted */
	k.resume = true;
	k.stop_after = 0;
	k.threads = 2;
	done1 = 0;
	gl_report_init(&r1);
	CHECK(gl_exp_run(e, small, &k, &r1, &err) == 0);
	CHECK(same_report(&r0, &r1));
	CHECK(done1 == done0 && done0 > 7);
	int n = 0;
	CHECK(same_files(ref, dir, &n));
	CHECK(n == 8); /* 4 CSV, 4 SVG */
	gl_report_done(&r1);
	/* another setting will not resume it */
	gl_report_init(&r1);
	CHECK(gl_exp_run(e, "--seeds 3 --gens 60", &k, &r1, &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "was run with other options") != NULL);
	gl_report_done(&r1);
	gl_report_done(&r0);
}

static void test_options(void)
{
	const gl_experiment_type *e = gl_experiment_find("ga-nim");
	gl_exp_opts o;
	gl_err err = {0};
	CHECK(gl_exp_opts_parse(&o, e, "--seeds 3 --seeds=4 --gens 9", &err) == 0);
	CHECK_STR(gl_exp_str(&o.args, "seeds"), "4");
	CHECK_STR(gl_exp_str(&o.args, "gens"), "9");
	CHECK(gl_exp_given(&o.args, "seeds") && !gl_exp_given(&o.args, "block"));
	gl_exp_opts_done(&o);
	CHECK(gl_exp_opts_parse(&o, e, "--nope 1", &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "unknown option --nope") != NULL);
	gl_exp_opts_done(&o);
	CHECK(gl_exp_opts_parse(&o, e, "--seeds", &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "--seeds needs a value") != NULL);
	gl_exp_opts_done(&o);
	CHECK(gl_exp_opts_parse(&o, e, "seeds 2", &err) == GL_EINVAL);
	gl_exp_opts_done(&o);
	CHECK(gl_exp_opts_parse(&o, e, NULL, &err) == 0);
	gl_exp_opts_done(&o);
}

static void test_report_files(const char *tmp)
{
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_csv_field(&sb, "a, \"b\"");
	CHECK_STR(sb.buf, "\"a, \"\"b\"\"\"");
	char f[3][1024];
	size_t pos = 0;
	CHECK(gl_csv_record("x,\"y,\"\"z\"\"\"\n2,3\n", &pos, f, 3) == 2);
	CHECK_STR(f[1], "y,\"z\"");
	gl_strbuf_done(&sb);
	char dir[1100];
	snprintf(dir, sizeof dir, "%s/a/b/c", tmp);
	gl_err err = {0};
	CHECK(gl_report_mkdir(dir, &err) == 0);
	struct stat st;
	CHECK(stat(dir, &st) == 0 && S_ISDIR(st.st_mode));
	double x[2] = {0, 1}, y[2] = {1, 2};
	gl_plot_series ps = {"baseline", 2, x, y, NULL, NULL};
	gl_plot_spec spec = {"a <title>", "x", "y", false, true};
	CHECK(gl_plot_write(dir, "p.svg", &spec, &ps, 1, NULL, &err) == 0);
	char path[1300], *svg = NULL;
	snprintf(path, sizeof path, "%s/p.svg", dir);
	CHECK(gl_read_file(path, 1 << 20, &svg, NULL, NULL) == 0);
	CHECK(svg && strstr(svg, "a &lt;title&gt;") && strstr(svg, "</svg>"));
	gl_free(svg);
	snprintf(path, sizeof path, "%s/none/p.svg", tmp);
	CHECK(gl_plot_write(path, "p.svg", &spec, &ps, 1, NULL, &err) == GL_EIO);
}

/* --- Training runs, stopped and resumed -------------------------------------- */

static bool same_runs(const gl_train_runs *a, const gl_train_runs *b)
{
	if (a->runs != b->runs || a->saves != b->saves)
		return false;
	for (int r = 0; r < a->runs; r++)
		if (a->size[r] != b->size[r] || memcmp(a->bytes[r], b->bytes[r], a->size[r]))
			return false;
	return true;
}

static void test_train(const char *tmp)
{
	gl_err err = {0};
	gl_game *g = gl_game_new("tictactoe", &err);
	CHECK(g != NULL);
	if (!g)
		return;
	gl_train_setup ts = {g, "td", "random", NULL, GL_FIRST_ALTERNATE, 60, 5, NULL};
	gl_train_runs ref, one, kept;
	/* one by one, nothing kept */
	CHECK(gl_train_sweep(&ts, 3, NULL, NULL, tmp, &ref, &err) == 0);
	CHECK(ref.saves);
	gl_train_result r1 = gl_train_runs_result(&ref, 1);
	CHECK(r1.all.n == 60);
	/* run 2 (r = 1) is the single training seeded 5 + 60 */
	gl_agent *learner = gl_agent_new("td", g, NULL, &err);
	gl_agent *opp = gl_agent_new("random", g, NULL, &err);
	gl_train_result single;
	CHECK(learner && opp && gl_train_play(&ts, learner, opp, 5 + 60, &single, NULL,
		NULL, &err) == 0);
	CHECK(!memcmp(&single, &r1, sizeof single));
	gl_agent_free(learner);
	gl_agent_free(opp);
	/* on 2 threads, kept, stopped after 1 run, then resumed */
	char dir[1100];
	snprintf(dir, sizeof dir, "%s/train", tmp);
	CHECK(mkdir(dir, 0777) == 0);
	gl_pool pool;
	gl_keep keep;
	gl_pool_init(&pool, 2, NULL, NULL);
	gl_keep_config c = {"train", dir, "train tictactoe td random 60\n", false, 1,
		true, NULL, NULL};
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == 0);
	CHECK(gl_train_sweep(&ts, 3, &keep.runner, &pool, tmp, &one, &err) == GL_ESTOP);
	gl_train_runs_done(&one);
	gl_pool_init(&pool, 2, NULL, NULL);
	c.resume = true;
	c.stop_after = 0;
	CHECK(gl_keep_init(&keep, &pool, &pool.runner, &c, &err) == 0);
	CHECK(gl_train_sweep(&ts, 3, &keep.runner, &pool, tmp, &kept, &err) == 0);
	CHECK(same_runs(&ref, &kept));
	gl_train_runs_done(&kept);
	/* a learner that cannot be made fails before any run */
	ts.learner = "nosuchagent";
	CHECK(gl_train_sweep(&ts, 2, NULL, NULL, tmp, &one, &err) == GL_EINVAL);
	gl_train_runs_done(&one);
	gl_train_runs_done(&ref);
	gl_game_free(g);
}

int main(void)
{
	const char *t = getenv("TMPDIR");
	char tmp[1024];
	snprintf(tmp, sizeof tmp, "%s/gamelearn-test-run-XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tmp)) {
		perror("mkdtemp");
		return 1;
	}
	test_pool();
	test_keep(tmp);
	test_options();
	test_report_files(tmp);
	test_experiment(tmp);
	test_train(tmp);
	remove_tree(tmp);
	return test_report();
}
