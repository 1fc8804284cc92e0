/*
 * test_ga.c - the genetic-algorithm core (ga.h): the one-point crossover
 * and mutation of Hwang, Hong and Lin's worked example (section 3, steps 6
 * and 7), operators on fixed seeds, survival of the best N, statistics,
 * determinism by seed, real genomes, and refused configurations.
 */
#include "test.h"

#include "gamelearn/ga.h"

/* The example's parents (step 6) and the crossover at position 11. */
static void test_paper_crossover(void)
{
	const int32_t a[15] = {14, 4, 8, 0, 18, 17, 10, 12, 4, 6, 17, 17, 17, 14, 16};
	const int32_t b[15] = {10, 0, 1, 6, 3, 2, 2, 0, 5, 0, 8, 15, 12, 2, 2};
	const int32_t want1[15] = {10, 0, 1, 6, 3, 2, 2, 0, 5, 0, 8, 17, 17, 14, 16};
	const int32_t want2[15] = {14, 4, 8, 0, 18, 17, 10, 12, 4, 6, 17, 15, 12, 2, 2};
	int32_t c1[15], c2[15];
	gl_ga_crossover_at(sizeof(int32_t), 15, a, b, 11, c1, c2);
	CHECK(memcmp(c1, want1, sizeof c1) == 0);
	CHECK(memcmp(c2, want2, sizeof c2) == 0);
	/* the cut lies in 1..len-1 on every seed */
	gl_rng r;
	gl_rng_seed(&r, 7);
	bool seen1 = false, seen14 = false, bad = false;
	for (int i = 0; i < 2000; i++) {
		int cut = gl_ga_cut(&r, 15);
		bad |= cut < 1 || cut > 14;
		seen1 |= cut == 1;
		seen14 |= cut == 14;
	}
	CHECK(!bad && seen1 && seen14);
	CHECK(gl_ga_cut(&r, 1) == 0);
}

/* One-point mutation changes exactly one gene to another value in range;
 * on a fixed seed, a fixed position and value. */
static void test_mutation(void)
{
	const int32_t orig[15] = {15, 18, 12, 15, 13, 17, 7, 0, 18, 15, 7, 16, 17, 2, 3};
	gl_rng r;
	bool bad = false;
	for (uint64_t seed = 0; seed < 500; seed++) {
		int32_t g[15];
		memcpy(g, orig, sizeof g);
		gl_rng_seed(&r, seed);
		int pos = gl_ga_mutate_int(g, 15, 0, 18, &r);
		int diff = 0;
		for (int i = 0; i < 15; i++)
			diff += g[i] != orig[i];
		bad |= diff != 1 || g[pos] == orig[pos] || g[pos] < 0 || g[pos] > 18;
	}
	CHECK(!bad);
	/* fixed seed: the same mutation every time */
	int32_t g1[15], g2[15];
	memcpy(g1, orig, sizeof g1);
	memcpy(g2, orig, sizeof g2);
	gl_rng_seed(&r, 42);
	int p1 = gl_ga_mutate_int(g1, 15, 0, 18, &r);
	gl_rng_seed(&r, 42);
	int p2 = gl_ga_mutate_int(g2, 15, 0, 18, &r);
	CHECK(p1 == p2 && memcmp(g1, g2, sizeof g1) == 0);
	/* two values: the mutant is the other one */
	int32_t bit[1] = {0};
	gl_ga_mutate_int(bit, 1, 0, 1, &r);
	CHECK(bit[0] == 1);
}

/* Fitness: the number of genes equal to their index mod 5 (max = len). */
static double count_fitness(void *ctx, const gl_ga *ga, int i)
{
	(void)ctx;
	const int32_t *g = gl_ga_ints(ga, i);
	int len = gl_ga_config_of(ga)->len, f = 0;
	for (int k = 0; k < len; k++)
		f += g[k] == k % 5;
	return f;
}

static gl_ga *make(int pop, int len, double pc, double pm)
{
	gl_ga_config c = {.pop = pop, .len = len, .kind = GL_GA_INT, .lo = 0, .hi = 4,
		.pc = pc, .pm = pm, .fitness = count_fitness};
	gl_err err = {0};
	gl_ga *ga = gl_ga_new(&c, &err);
	CHECK_MSG(ga != NULL, "%s", err.msg);
	return ga;
}

static void test_generations(void)
{
	gl_rng r;
	gl_rng_seed(&r, 3);
	gl_ga *ga = make(20, 30, 0.5, 0.1);
	gl_ga_randomize(ga, &r);
	gl_ga_stats st0, st;
	gl_ga_stats_of(ga, &st0);
	CHECK(st0.gen == 0 && st0.evals == 20);
	bool sorted = true, monotone = true;
	double best = st0.best;
	for (int gen = 0; gen < 60; gen++) {
		gl_ga_generation(ga, &r);
		for (int i = 1; i < 20; i++)
			sorted &= gl_ga_fitness(ga, i - 1) >= gl_ga_fitness(ga, i);
		gl_ga_stats_of(ga, &st);
		monotone &= st.best >= best; /* the best N survive: never worse */
		best = st.best;
	}
	CHECK(sorted);
	CHECK(monotone);
	CHECK(st.gen == 60);
	/* 10 crossover pairs (20 children) and 2 mutants per generation */
	CHECK_EQ_U64(st.evals, 20 + 60 * 22);
	CHECK(st.best > st0.best);
	CHECK(st.worst <= st.mean && st.mean <= st.best);
	CHECK(gl_ga_fitness(ga, 0) == count_fitness(NULL, ga, 0));
	gl_ga_free(ga);
}

/* Same seed, same population; another seed, another. */
static void test_determinism(void)
{
	gl_ga *a = make(10, 15, 0.5, 0.1), *b = make(10, 15, 0.5, 0.1);
	gl_rng ra, rb;
	gl_rng_seed(&ra, 11);
	gl_rng_seed(&rb, 11);
	gl_ga_randomize(a, &ra);
	gl_ga_randomize(b, &rb);
	for (int gen = 0; gen < 20; gen++) {
		gl_ga_generation(a, &ra);
		gl_ga_generation(b, &rb);
	}
	bool same = true;
	for (int i = 0; i < 10; i++)
		same &= memcmp(gl_ga_ints(a, i), gl_ga_ints(b, i), 15 * sizeof(int32_t)) == 0;
	CHECK(same);
	gl_rng_seed(&rb, 12);
	gl_ga_randomize(b, &rb);
	bool differ = false;
	for (int i = 0; i < 10; i++)
		differ |= memcmp(gl_ga_ints(a, i), gl_ga_ints(b, i), 15 * sizeof(int32_t)) != 0;
	CHECK(differ);
	gl_ga_free(a);
	gl_ga_free(b);
}

/* Real genes: written by hand (checkers starts every weight at 1), then
 * evolved towards a target with a custom mutation. */
static double real_fitness(void *ctx, const gl_ga *ga, int i)
{
	(void)ctx;
	const double *w = gl_ga_reals(ga, i);
	double f = 0;
	for (int k = 0; k < 4; k++)
		f -= (w[k] - 3) * (w[k] - 3);
	return f;
}

static void scale_mutate(void *ctx, void *gene, gl_rng *rng)
{
	(void)ctx;
	double *w = gene, r = gl_rng_unit(rng);
	r *= r;
	*w += gl_rng_below(rng, 2) ? r * *w : -r * *w;
}

static void test_reals(void)
{
	gl_ga_config c = {.pop = 8, .len = 4, .kind = GL_GA_REAL, .lo = 0, .hi = 1,
		.pc = 0.5, .pm = 0.5, .fitness = real_fitness, .mutate = scale_mutate};
	gl_ga *ga = gl_ga_new(&c, NULL);
	CHECK(ga != NULL);
	for (int i = 0; i < 8; i++) {
		double *w = gl_ga_genes(ga, i);
		for (int k = 0; k < 4; k++)
			w[k] = 1;
	}
	gl_ga_evaluate(ga);
	CHECK(gl_ga_fitness(ga, 0) == -16);
	gl_rng r;
	gl_rng_seed(&r, 5);
	for (int gen = 0; gen < 100; gen++)
		gl_ga_generation(ga, &r);
	CHECK_MSG(gl_ga_fitness(ga, 0) > -1, "best %g", gl_ga_fitness(ga, 0));
	gl_ga_free(ga);
}

static void test_refused(void)
{
	gl_err err = {0};
	gl_ga_config c = {.pop = 1, .len = 4, .kind = GL_GA_INT, .lo = 0, .hi = 3,
		.fitness = count_fitness};
	CHECK(gl_ga_new(&c, &err) == NULL && err.code == GL_EINVAL && strstr(err.msg, "population"));
	c.pop = 4;
	c.len = 0;
	CHECK(gl_ga_new(&c, &err) == NULL && strstr(err.msg, "length"));
	c.len = 4;
	c.pc = 1.5;
	CHECK(gl_ga_new(&c, &err) == NULL && strstr(err.msg, "rates"));
	c.pc = 0.5;
	c.lo = 5;
	CHECK(gl_ga_new(&c, &err) == NULL && strstr(err.msg, "range"));
	c.lo = 0;
	gl_alloc_fail_after(2);
	CHECK(gl_ga_new(&c, &err) == NULL && err.code == GL_ENOMEM);
	gl_alloc_fail_after(-1);
}

int main(void)
{
	test_paper_crossover();
	test_mutation();
	test_generations();
	test_determinism();
	test_reals();
	test_refused();
	return test_report();
}
