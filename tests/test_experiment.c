/*
 * test_experiment.c - experiments as library pieces (experiment.h): the
 * report's tables (cells split at tabs), figures (copied) and verdicts;
 * options read by name; the registry; ga-nim on a small setting giving
 * the same report whether its pieces run in order, backwards, or shipped
 * as bytes through get and put as another process would; and every
 * allocation of a small run made to fail in turn.
 */
#include "test.h"

#include "gamelearn/experiment.h"

#include <stdlib.h>

static void test_report_data(void)
{
	gl_report r;
	gl_report_init(&r);
	gl_report_printf(&r, "%s %d\n", "hello", 7);
	gl_table *t = gl_report_table(&r, "t.csv", "a,b,c");
	CHECK(t && t->ncols == 3);
	gl_table_cells(&r, t, "%d\t%s", 1, "x,y");
	gl_table_cells(&r, t, "%.2f", 0.5);
	gl_table_cells(&r, t, "\t\t");
	CHECK(t->nrows == 2);
	CHECK_STR(gl_table_cell(t, 0, 1), "x,y");
	CHECK_STR(gl_table_cell(t, 0, 2), "0.50");
	CHECK_STR(gl_table_cell(t, 1, 0), "");
	CHECK_STR(gl_table_cell(t, 1, 2), "");
	CHECK_STR(gl_table_cell(t, 2, 0), ""); /* past the rows */
	double x[3] = {1, 2, 3}, y[3] = {4, 5, 6};
	gl_series s = {"baseline", 3, x, y, NULL, NULL, -1};
	gl_figure *f = gl_report_figure(&r, "f.svg", "title", "x", "y", false, true, &s, 1);
	y[1] = 99; /* the figure holds its own copy */
	CHECK(f && f->nseries == 1 && f->series[0].y[1] == 5 && !f->series[0].lo);
	gl_table *v = gl_report_table(&r, "v.csv", "claim,verdict");
	gl_table_cells(&r, v, "%s\t%s", "claim, with a comma", "reproduced");
	CHECK(v && v->nrows == 1 && !strcmp(gl_table_cell(v, 0, 1), "reproduced"));
	CHECK(r.ntables == 2 && r.nfigures == 1);
	CHECK_STR(r.text.buf, "hello 7\n");
	gl_err err = {0};
	CHECK(gl_report_check(&r, &err) == 0);
	gl_report_done(&r);
}

static void test_registry_and_options(void)
{
	int n = 0;
	for (const gl_experiment_type *const *e = gl_experiment_types(); *e; e++, n++) {
		CHECK(gl_experiment_find((*e)->name) == *e);
		CHECK((*e)->summary && (*e)->paper && (*e)->quick && (*e)->opts && (*e)->run);
	}
	CHECK(n >= 1);
	CHECK(gl_experiment_find("no-such") == NULL);
	const gl_experiment_type *e = gl_experiment_find("ga-nim");
	CHECK(e != NULL);
	const char *val[40] = {0};
	int seen[40] = {0};
	int i = 0;
	while (strcmp(e->opts[i].name, "seeds"))
		i++;
	val[i] = "3";
	seen[i] = 1;
	gl_exp_args a = {e->opts, val, seen};
	long v = 0;
	gl_err err = {0};
	CHECK(gl_exp_given(&a, "seeds") && !gl_exp_given(&a, "gens"));
	CHECK(gl_exp_long(&a, "t", "seeds", 1, 10, &v, &err) == 0 && v == 3);
	CHECK(gl_exp_long(&a, "t", "gens", 1, 10, &v, &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "--gens") != NULL);
	CHECK_STR(gl_exp_str(&a, "heaps"), "2-3-4,3-4-5");
}

/* A runner that runs the pieces backwards, or (ship) each into a scratch
 * copy and back through get and put, as a runner of processes does. */
typedef struct test_runner {
	bool ship;
	int batches;
} test_runner;

static int run_odd(void *ctx, const gl_pieces *p, gl_err *err)
{
	test_runner *tr = ctx;
	tr->batches++;
	for (int i = p->n - 1; i >= 0; i--) {
		p->job(p->arg, i, 0);
		if (!tr->ship)
			continue;
		const void *bytes;
		size_t size = p->get(p->arg, i, &bytes);
		void *copy = malloc(size ? size : 1);
		memcpy(copy, bytes, size);
		memset((void *)bytes, 0, size); /* put must bring it all back */
		int rc = p->put(p->arg, i, copy, size, err);
		free(copy);
		if (rc)
			return rc;
	}
	return 0;
}

/* Run ga-nim small with the options opts (name, value pairs) on r. */
static int nim(const char *const *opts, const gl_runner *r, gl_report *rep, gl_err *err)
{
	const gl_experiment_type *e = gl_experiment_find("ga-nim");
	const char *val[40] = {0};
	int seen[40] = {0};
	for (int k = 0; opts[k]; k += 2)
		for (int i = 0; e->opts[i].name; i++)
			if (!strcmp(e->opts[i].name, opts[k])) {
				val[i] = opts[k + 1];
				seen[i] = 1;
			}
	gl_exp_args a = {e->opts, val, seen};
	gl_exp_env env = {r, "dir", NULL, NULL, false, NULL};
	gl_report_init(rep);
	return e->run(&a, &env, rep, err);
}

static bool same_report(const gl_report *a, const gl_report *b)
{
	if (strcmp(a->text.buf, b->text.buf) || a->ntables != b->ntables ||
	    a->nfigures != b->nfigures)
		return false;
	for (int i = 0; i < a->ntables; i++) {
		const gl_table *x = a->tables[i], *y = b->tables[i];
		if (strcmp(x->name, y->name) || x->ncells != y->ncells)
			return false;
		for (int c = 0; c < x->ncells; c++)
			if (strcmp(x->cells[c], y->cells[c]))
				return false;
	}
	for (int i = 0; i < a->nfigures; i++) {
		const gl_figure *x = a->figures[i], *y = b->figures[i];
		if (strcmp(x->title, y->title) || x->nseries != y->nseries)
			return false;
		for (int s = 0; s < x->nseries; s++)
			if (x->series[s].n != y->series[s].n || memcmp(x->series[s].y,
					y->series[s].y, sizeof(double) * (size_t)x->series[s].n))
				return false;
	}
	return true;
}

static void test_ga_nim(void)
{
	static const char *const small[] = {"seeds", "2", "gens", "60", "block", "20",
		"heaps", "1-2", "K", "10,30", "games-sweep", "1,2", NULL};
	gl_report r0, r1, r2;
	gl_err err = {0};
	test_runner back = {false, 0}, ship = {true, 0};
	gl_runner rb = {1, run_odd, &back}, rs = {1, run_odd, &ship};
	CHECK(nim(small, NULL, &r0, &err) == 0);
	CHECK(nim(small, &rb, &r1, &err) == 0);
	CHECK(nim(small, &rs, &r2, &err) == 0);
	CHECK(same_report(&r0, &r1));
	CHECK(same_report(&r0, &r2));
	/* 2 variants x 4 settings x 2 K, then the 2 games a generation */
	CHECK(back.batches == 18 && ship.batches == 18);
	/* ga-nim.csv, ga-nim-summary.csv, verdicts.csv, ga-nim-games.csv */
	CHECK(r0.ntables == 4 && r0.nfigures == 4);
	const gl_table *sum = r0.tables[1];
	CHECK_STR(sum->name, "ga-nim-summary.csv");
	CHECK(sum->nrows == 2 * 4 * 2 && sum->ncols == 15);
	CHECK(strstr(r0.text.buf, "wrote dir/ga-nim.csv") != NULL);
	gl_report_done(&r0);
	gl_report_done(&r1);
	gl_report_done(&r2);
	static const char *const bad[] = {"heaps", "1-2,,3", NULL};
	CHECK(nim(bad, NULL, &r0, &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "--heaps") != NULL);
	gl_report_done(&r0);
	static const char *const sweep[] = {"seeds", "1", "gens", "20", "block", "10",
		"heaps", "1-2", "K", "10", "games-sweep", "1,x", NULL};
	CHECK(nim(sweep, NULL, &r0, &err) == GL_EINVAL);
	CHECK(strstr(err.msg, "--games-sweep") != NULL);
	gl_report_done(&r0);
}

/* Every allocation of a small ga-nim run made to fail in turn: the run
 * then fails with GL_ENOMEM and a message, or (a failure the library
 * can do without) gives the very report of a run without failures;
 * never a crash or, under ASan, a leak. */
static void test_alloc_failures(void)
{
	static const char *const tiny[] = {"seeds", "1", "gens", "20", "block", "10",
		"heaps", "1-2", "K", "10", "games-sweep", "1", NULL};
	gl_report ref, r;
	gl_err err = {0};
	CHECK(nim(tiny, NULL, &ref, &err) == 0);
	int fails = 0, oks = 0, bad = 0;
	/* every allocation of the first pieces, then every fifth (the later
	 * pieces repeat the first ones' allocations) */
	for (long n = 0, run = 0; n < 100000 && run < 20; n += n < 300 ? 1 : 5) {
		gl_alloc_fail_after(n);
		err = (gl_err){0};
		int rc = nim(tiny, NULL, &r, &err);
		gl_alloc_fail_after(-1);
		if (rc) {
			run = 0;
			fails++;
			if (rc != GL_ENOMEM || !err.msg[0]) {
				bad++;
				fprintf(stderr, "n %ld: rc %d: %s\n", n, rc, err.msg);
			}
		} else {
			run++;
			oks++;
			if (!same_report(&ref, &r)) {
				bad++;
				fprintf(stderr, "n %ld: another report\n", n);
			}
		}
		gl_report_done(&r);
	}
	CHECK_MSG(bad == 0, "%d of the runs with a failed allocation went wrong", bad);
	CHECK(fails > 100 && oks >= 20); /* the sweep went past the run's allocations */
	printf("ga-nim: %d runs failed cleanly, %d did without the allocation\n", fails, oks);
	gl_report_done(&ref);
}

int main(void)
{
	test_report_data();
	test_registry_and_options();
	test_ga_nim();
	test_alloc_failures();
	return test_report();
}
