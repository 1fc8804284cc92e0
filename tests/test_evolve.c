/*
 * test_evolve.c - the checkers-GA layer: the excerpt's mutation and
 * selection, single-point crossover of weights, the tournament's scoring
 * on scripted results, checkers' ballot, weight files and their errors,
 * the weighted evaluation, forward pruning, and whole generations: the
 * same for any number of workers, and resumed equal to uninterrupted.
 */
#include "gametest.h"

#include "gamelearn/evolve.h"
#include "gamelearn/fileio.h"
#include "gamelearn/ga.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* --- The operators ---------------------------------------------------------- */

static void test_mutation(void)
{
	gl_rng r, copy;
	gl_rng_seed(&r, 7);
	int below = 0, above = 0;
	for (int i = 0; i < 20000; i++) {
		double w = i % 3 == 0 ? 3.0 : i % 3 == 1 ? -2.0 : 0.0;
		copy = r;
		double u = gl_rng_unit(&copy), rr = u * u;
		double expect = w == 0 ? rr :
			gl_rng_below(&copy, 2) ? w + rr * w : w - rr * w;
		double got = gl_ga_mutate_prop(w, &r);
		if (got != expect) {
			CHECK_MSG(got == expect, "w %g: got %.17g, want %.17g", w,
				got, expect);
			return;
		}
		if (w > 0) {
			CHECK(got >= 0 && got <= 2 * w);
			below += got < w;
			above += got > w;
		} else if (w < 0) {
			CHECK(got <= 0 && got >= 2 * w); /* the sign stays */
		} else {
			CHECK(got >= 0 && got < 1); /* zero becomes r */
		}
	}
	/* both signs happen, about equally often */
	CHECK(below > 2800 && above > 2800);
}

static void test_roulette(void)
{
	gl_rng r;
	gl_rng_seed(&r, 3);
	double fit[4] = {0.5, 0, 0.25, 0.25};
	int count[4] = {0};
	for (int i = 0; i < 40000; i++)
		count[gl_ga_roulette(fit, 4, &r)]++;
	CHECK(count[1] == 0);
	CHECK(count[0] > 19000 && count[0] < 21000);
	CHECK(count[2] > 9200 && count[2] < 10800);
	double zero[3] = {0, 0, 0};
	int seen[3] = {0};
	for (int i = 0; i < 3000; i++)
		seen[gl_ga_roulette(zero, 3, &r)]++;
	CHECK(seen[0] > 800 && seen[1] > 800 && seen[2] > 800);
}

static void test_crossover(void)
{
	double a[5] = {1, 2, 3, 4, 5}, b[5] = {10, 20, 30, 40, 50}, c1[5], c2[5];
	/* exchange the weights right of point 2 */
	gl_ga_crossover_at(sizeof(double), 5, b, a, 2, c1, c2);
	double e1[5] = {1, 2, 30, 40, 50}, e2[5] = {10, 20, 3, 4, 5};
	CHECK(!memcmp(c1, e1, sizeof e1));
	CHECK(!memcmp(c2, e2, sizeof e2));
}

/* --- The tournament on scripted results -------------------------------------- */

typedef struct script {
	int strength[16]; /* the stronger member wins; equal: a tie */
	int pieces[16];   /* pieces each member ends a tie with */
	int rounds, games;
} script;

static int scripted(void *ctx, gl_duel *d, const int *a, const int *b,
	int n, gl_err *err)
{
	(void)err;
	script *s = ctx;
	s->rounds++;
	for (int i = 0; i < n; i++) {
		int x = s->strength[a[i]], y = s->strength[b[i]];
		d[i].result = x > y ? 0 : y > x ? 1 : -1;
		d[i].pieces[0] = s->pieces[a[i]];
		d[i].pieces[1] = s->pieces[b[i]];
		s->games++;
	}
	return 0;
}

static void test_tourney(void)
{
	gl_rng r;
	gl_rng_seed(&r, 11);
	double pts[16];
	/* 8 members, the stronger always wins, 2 games a pairing: 7
	 * pairings, the champion wins 3 pairings = 6 games = 60 points. */
	script s = {{5, 1, 7, 3, 2, 8, 4, 6}, {0}, 0, 0};
	int champ = gl_tourney(8, 2, 43, &r, scripted, &s, pts, NULL);
	CHECK(champ == 5);
	CHECK(s.rounds == 3 && s.games == 14);
	CHECK(pts[5] == 60);
	double total = 0;
	int with20 = 0, with40 = 0;
	for (int i = 0; i < 8; i++) {
		total += pts[i];
		with20 += pts[i] == 20;
		with40 += pts[i] == 40;
	}
	CHECK(total == 140); /* 14 games, 10 points each */
	CHECK(with40 == 1 && with20 == 2);
	CHECK(pts[1] == 0); /* the weakest never scores */

	/* Ties: 5 points a game to the side with more pieces, who goes on. */
	script t = {{1, 1, 1, 1}, {3, 9, 4, 2}, 0, 0};
	champ = gl_tourney(4, 2, 43, &r, scripted, &t, pts, NULL);
	CHECK(champ == 1);
	CHECK(pts[1] == 20);              /* 2 ties in each of 2 rounds */
	CHECK(pts[0] + pts[2] + pts[3] == 10); /* the other first-round winner */
	CHECK(pts[3] == 0); /* the fewest pieces never score */

	/* Equal pieces: nobody scores; a coin flip decides who goes on. */
	script u = {{1, 1, 1}, {4, 4, 4}, 0, 0};
	champ = gl_tourney(3, 1, 43, &r, scripted, &u, pts, NULL);
	CHECK(champ >= 0 && champ < 3);
	CHECK(pts[0] == 0 && pts[1] == 0 && pts[2] == 0);
	CHECK(u.rounds == 2 && u.games == 2); /* 3 members: one bye */

	gl_duel d = {.result = 1, .pieces = {12, 0}};
	double p[2];
	gl_duel_points(&d, p);
	CHECK(p[0] == 0 && p[1] == 10);
	d.result = -1;
	gl_duel_points(&d, p);
	CHECK(p[0] == 5 && p[1] == 0);
}

/* --- Checkers: ballots, weights, evaluation, pruning -------------------------- */

static void test_ballots(const gl_game *g)
{
	gl_openings o;
	gl_rng r;
	gl_rng_seed(&r, 1);
	gl_err err;
	CHECK(gl_openings_make(&o, g, 4, 10, &r, &err) == 0);
	CHECK(o.n == 43);
	char text[64];
	CHECK(gl_openings_text(&o, g, 0, text, sizeof text, NULL) == 0);
	CHECK_STR(text, "9-13 21-17");
	CHECK(gl_openings_text(&o, g, 42, text, sizeof text, NULL) == 0);
	CHECK_STR(text, "12-16 24-20");
	for (int i = 0; i < o.n; i++) {
		CHECK(gl_openings_text(&o, g, i, text, sizeof text, NULL) == 0);
		CHECK(strcmp(text, "11-16 23-19") && strcmp(text, "9-14 21-17"));
	}
}

static int parse_text(gl_weights *w, const char *text, gl_err *err)
{
	char buf[8192];
	snprintf(buf, sizeof buf, "%s", text);
	return gl_weights_parse(w, buf, "w.txt", err);
}

/* All of checkers' weights as text, `value` each, with one line changed
 * to `line` (or dropped, line ""), at index k. */
static void weights_text(const gl_game *g, char *buf, size_t n, int k,
	const char *line)
{
	size_t len = 0;
	len += (size_t)snprintf(buf + len, n - len, "# comment\n\n");
	for (unsigned i = 0; i < g->nfeatures; i++) {
		if ((int)i == k)
			len += (size_t)snprintf(buf + len, n - len, "%s\n", line);
		else
			len += (size_t)snprintf(buf + len, n - len, "%s %u.5  # x\n",
				g->feature_names[i], i);
	}
}

static void test_weights(const gl_game *g)
{
	gl_weights w;
	gl_err err;
	char text[8192];
	CHECK(gl_weights_init(&w, g, 1.0, &err) == 0);
	CHECK(w.n == (int)g->nfeatures && w.n == 39);
	weights_text(g, text, sizeof text, -1, "");
	CHECK(parse_text(&w, text, &err) == 0);
	CHECK(w.w[0] == 0.5 && w.w[38] == 38.5);

	/* one-line errors naming the line */
	gl_weights v;
	gl_weights_init(&v, g, 1.0, &err);
	weights_text(g, text, sizeof text, 3, "FOO 1");
	CHECK(parse_text(&v, text, &err) == GL_EPARSE);
	CHECK_MSG(strstr(err.msg, "w.txt:6: unknown feature 'FOO'"), "%s", err.msg);
	weights_text(g, text, sizeof text, 3, "");
	CHECK(parse_text(&v, text, &err) == GL_EPARSE);
	CHECK_MSG(strstr(err.msg, "w.txt: no weight for BACK"), "%s", err.msg);
	weights_text(g, text, sizeof text, 3, "ADV 2");
	CHECK(parse_text(&v, text, &err) == GL_EPARSE);
	CHECK_MSG(strstr(err.msg, "w.txt:6: ADV given twice (first on line 4)"),
		"%s", err.msg);
	weights_text(g, text, sizeof text, 3, "BACK x");
	CHECK(parse_text(&v, text, &err) == GL_EPARSE);
	CHECK_MSG(strstr(err.msg, "w.txt:6: want 'NAME value'"), "%s", err.msg);
	weights_text(g, text, sizeof text, 3, "BACK inf");
	CHECK(parse_text(&v, text, &err) == GL_EPARSE);
	weights_text(g, text, sizeof text, 3, "BACK 1 2");
	CHECK(parse_text(&v, text, &err) == GL_EPARSE);
	CHECK(v.w[3] == 1.0); /* unchanged by a failed parse */

	/* saved exactly, read back equal */
	w.w[5] = 0.1 + 0.2;
	gl_weights_ready(&w);
	char path[64]; /* per process: other test runs may share /tmp */
	snprintf(path, sizeof path, "/tmp/gl_test_weights_%ld.txt",
		(long)getpid());
	CHECK(gl_weights_save(&w, path, &err) == 0);
	CHECK(gl_weights_load(&v, path, &err) == 0);
	CHECK(!memcmp(v.w, w.w, sizeof w.w));
	remove(path);
	CHECK(gl_weights_load(&v, "/nonexistent/w.txt", &err) == GL_EIO);
}

static void test_eval(const gl_game *g)
{
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_weights w, w2;
	gl_err err;
	gl_weights_init(&w, g, 0.0, &err);
	gl_weights_init(&w2, g, 0.0, &err);
	w.w[0] = 1;  /* PADV only */
	w2.w[0] = 8; /* the same, scaled: the same evaluation */
	gl_weights_ready(&w);
	gl_weights_ready(&w2);
	gl_rng r;
	gl_rng_seed(&r, 5);
	gl_action moves[T_LEGAL_MAX];
	double f[GL_WEIGHTS_MAX];
	for (int game = 0; game < 20; game++) {
		g->type->start(g, s);
		for (int ply = 0; ply < 60 && !g->type->terminal(g, s); ply++) {
			g->type->features(g, s, f);
			int v = gl_weights_eval(&w, g, s);
			CHECK(v == gl_weights_eval(&w2, g, s));
			CHECK(v == (int)lrint(f[0] * w.scale));
			int n = g->type->legal(g, s, moves);
			g->type->apply(g, s, moves[gl_rng_below(&r, (uint32_t)n)]);
		}
	}
	/* all zero: every position evaluates 0 */
	gl_weights_init(&w, g, 0.0, &err);
	CHECK(w.scale == 0 && gl_weights_eval(&w, g, s) == 0);
}

/* Pruning keeps the search legal and, deep enough, makes it cheaper at
 * equal depth, its two-ply lookahead counted (from the start: depth 6
 * 4432 nodes against 3160 unpruned, depth 10 43756 against 74833). */
static void test_prune(const gl_game *g)
{
	gl_err err;
	gl_weights w;
	gl_weights_init(&w, g, 1.0, &err);
	gl_search *a = gl_search_new(g, 1 << 20, &err);
	gl_search *b = gl_search_new(g, 1 << 20, &err);
	gl_search_set_eval(a, gl_weights_eval, &w);
	gl_search_set_eval(b, gl_weights_eval, &w);
	gl_search_set_prune(b, 3);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	gl_limits lim = {10, 0, 0};
	gl_search_result ra, rb;
	CHECK(gl_search_run(a, s, &lim, &ra) == 0);
	CHECK(gl_search_run(b, s, &lim, &rb) == 0);
	CHECK(ra.depth == 10 && rb.depth == 10);
	CHECK_MSG(rb.nodes < ra.nodes * 3 / 4, "pruned %" PRIu64 " vs %" PRIu64,
		rb.nodes, ra.nodes);
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves), legal = 0;
	for (int i = 0; i < n; i++)
		legal += moves[i] == rb.best;
	CHECK(legal == 1);
	/* width 0 is exactly the unpruned search */
	gl_search_set_prune(b, 0);
	CHECK(gl_search_run(b, s, &lim, &rb) == 0);
	CHECK(rb.nodes == ra.nodes && rb.value == ra.value);
	gl_search_free(a);
	gl_search_free(b);
}

/* --- Whole generations --------------------------------------------------------- */

typedef struct test_pool {
	int n, next;
	gl_job_fn job;
	void *arg;
	pthread_mutex_t lock;
} test_pool;

/* As if every piece ran in another process: run it, read its result out
 * as bytes, scribble over it, and put the bytes back. */
static int run_shipped(void *ctx, const gl_pieces *p, gl_err *err)
{
	(void)ctx;
	for (int i = p->n - 1; i >= 0; i--) {
		p->job(p->arg, i, 0);
		const void *bytes;
		size_t size = p->get(p->arg, i, &bytes);
		unsigned char copy[256];
		if (size > sizeof copy)
			return gl_fail(err, GL_EINVAL, "a result of %zu bytes", size);
		memcpy(copy, bytes, size);
		memset((void *)bytes, 0xa5, size);
		int rc = p->put(p->arg, i, copy, size, err);
		if (rc)
			return rc;
	}
	return p->put(p->arg, 0, "x", 1, err) == GL_EINVAL ? 0 :
		gl_fail(err, GL_EINVAL, "a result of one byte taken");
}

typedef struct test_worker {
	test_pool *p;
	int index;
} test_worker;

static void *test_work(void *arg)
{
	test_worker *w = arg;
	for (;;) {
		pthread_mutex_lock(&w->p->lock);
		int i = w->p->next < w->p->n ? w->p->next++ : -1;
		pthread_mutex_unlock(&w->p->lock);
		if (i < 0)
			return NULL;
		w->p->job(w->p->arg, i, w->index);
	}
}

/* Three threads, jobs taken in order of finishing: the order of play
 * differs from run to run. */
static int run_threads(void *ctx, const gl_pieces *pc, gl_err *err)
{
	(void)ctx;
	(void)err;
	test_pool p = {pc->n, 0, pc->job, pc->arg, PTHREAD_MUTEX_INITIALIZER};
	test_worker w[3] = {{&p, 0}, {&p, 1}, {&p, 2}};
	pthread_t t[2];
	pthread_create(&t[0], NULL, test_work, &w[1]);
	pthread_create(&t[1], NULL, test_work, &w[2]);
	test_work(&w[0]);
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	return 0;
}

static char *slurp(const char *path)
{
	char *text = NULL;
	gl_read_file(path, 1 << 20, &text, NULL, NULL);
	return text;
}

static void test_generations(const gl_game *g)
{
	gl_evolve_config c;
	gl_evolve_defaults(&c);
	c.pop = 6;
	c.gens = 3;
	c.depth = 2;
	c.max_plies = 80;
	c.seed = 9;
	gl_err err;
	gl_runner threads = {3, run_threads, NULL};
	gl_runner shipped = {1, run_shipped, NULL};
	char p1[64], p2[64]; /* per process: other test runs may share /tmp */
	snprintf(p1, sizeof p1, "/tmp/gl_test_ev1_%ld.txt", (long)getpid());
	snprintf(p2, sizeof p2, "/tmp/gl_test_ev2_%ld.txt", (long)getpid());

	/* serial, uninterrupted */
	gl_evolve *a = gl_evolve_new(g, &c, &err);
	CHECK(a != NULL);
	if (!a)
		return;
	/* member 0 all ones, the others mutated once all over */
	CHECK(gl_evolve_member(a, 0)->w[7] == 1.0);
	CHECK(gl_evolve_member(a, 1)->w[7] != 1.0);
	gl_evolve_gen ga[3], gb[3];
	for (int i = 0; i < 3; i++)
		CHECK(gl_evolve_step(a, NULL, &ga[i], &err) == 0);
	CHECK(ga[0].games == 5 * 2);
	CHECK(ga[2].gen == 2 && gl_evolve_done(a) == 3);
	CHECK(fabs(ga[0].mean - 1.0 / 6) < 1e-12);
	CHECK(gl_evolve_save(a, p1, &err) == 0);

	/* three threads, stopped after one generation, saved, loaded, resumed */
	gl_evolve *b = gl_evolve_new(g, &c, &err);
	CHECK(gl_evolve_step(b, &threads, &gb[0], &err) == 0);
	CHECK(gl_evolve_save(b, p2, &err) == 0);
	gl_evolve_free(b);
	b = gl_evolve_load(g, p2, &err);
	CHECK_MSG(b != NULL, "%s", err.msg);
	if (!b) {
		gl_evolve_free(a);
		return;
	}
	CHECK(gl_evolve_done(b) == 1);
	/* the second generation's results shipped as bytes, the third's on
	 * threads */
	for (int i = 1; i < 3; i++)
		CHECK_MSG(gl_evolve_step(b, i == 1 ? &shipped : &threads, &gb[i],
			&err) == 0, "%s", err.msg);
	CHECK(gl_evolve_save(b, p2, &err) == 0);
	for (int i = 0; i < 3; i++) {
		CHECK(ga[i].champion == gb[i].champion);
		CHECK(ga[i].best == gb[i].best && ga[i].plies == gb[i].plies);
		CHECK(!memcmp(ga[i].champ.w, gb[i].champ.w, sizeof ga[i].champ.w));
	}
	char *t1 = slurp(p1), *t2 = slurp(p2);
	CHECK(t1 && t2 && !strcmp(t1, t2));
	gl_free(t1);
	gl_free(t2);

	/* corrupt states: one-line errors with the line */
	FILE *f = fopen(p2, "w");
	fputs("gamelearn-evolve 1\ngame checkers\npop 6\ngens x\n", f);
	fclose(f);
	CHECK(gl_evolve_load(g, p2, &err) == NULL);
	CHECK_MSG(strstr(err.msg, ":4: gens must be"), "%s", err.msg);
	f = fopen(p2, "w");
	fputs("gamelearn-evolve 1\ngame othello8\n", f);
	fclose(f);
	CHECK(gl_evolve_load(g, p2, &err) == NULL);
	CHECK_MSG(strstr(err.msg, ":2: the run is for"), "%s", err.msg);

	/* bad configs */
	gl_evolve_config bad = c;
	bad.pop = 1;
	CHECK(gl_evolve_new(g, &bad, &err) == NULL && strstr(err.msg, "population"));
	bad = c;
	bad.seconds = 1;
	CHECK(gl_evolve_new(g, &bad, &err) == NULL && strstr(err.msg, "depth"));
	bad = c;
	bad.elite = 6;
	CHECK(gl_evolve_new(g, &bad, &err) == NULL && strstr(err.msg, "elite"));
	gl_game *ttt = gl_game_new("tictactoe", &err);
	CHECK(gl_evolve_new(ttt, &c, &err) == NULL &&
	      strstr(err.msg, "no feature vector"));
	gl_game_free(ttt);
	remove(p1);
	remove(p2);
	gl_evolve_free(a);
	gl_evolve_free(b);
}

int main(void)
{
	test_mutation();
	test_roulette();
	test_crossover();
	test_tourney();
	gl_err err;
	gl_game *g = gl_game_new("checkers", &err);
	CHECK(g != NULL);
	/* the tests' stack buffers */
	CHECK(!g || (g->max_legal <= T_LEGAL_MAX && g->state_size <= T_STATE_MAX));
	if (g) {
		test_ballots(g);
		if (g->nfeatures) {
			test_weights(g);
			test_eval(g);
			test_prune(g);
			test_generations(g);
		}
		CHECK(g->nfeatures == 39);
	}
	gl_game_free(g);
	return test_report();
}
