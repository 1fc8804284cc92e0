/*
 * ga.c - the genetic-algorithm core of ga.h: population storage, the
 * generation step of Hwang, Hong and Lin (section 3, steps 5-10: crossover
 * pairs, one-point mutants, evaluation, the best N of parents and children
 * survive), and the one-point crossover and mutation primitives.
 *
 * Storage: room for N parents and every child of a generation, in one
 * block of genes; a generation sorts (fitness, index) keys and copies the
 * survivors into a second block, then swaps the two. Nothing is allocated
 * after gl_ga_new.
 */
#include "gamelearn/ga.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct ga_key {
	double fit; /* fitness */
	int idx;    /* slot; breaks ties so that the sort is stable */
} ga_key;

struct gl_ga {
	gl_ga_config c;   /* the config, copied */
	size_t esize;     /* bytes per gene */
	size_t gsize;     /* bytes per genome */
	int pairs;        /* crossover pairs per generation */
	int mutants;      /* mutants per generation */
	int cap;          /* slots: N + 2 * pairs + mutants */
	unsigned char *genes;   /* cap genomes */
	unsigned char *spare;   /* cap genomes, for reordering */
	double *fit;      /* fitness per slot */
	ga_key *keys;     /* cap sort keys */
	int gen;          /* generations done */
	uint64_t evals;   /* fitness evaluations */
};

static void *slot(const gl_ga *ga, int i)
{
	return ga->genes + (size_t)i * ga->gsize;
}

gl_ga *gl_ga_new(const gl_ga_config *c, gl_err *err)
{
	if (c->pop < 2 || c->pop > GL_GA_POP_MAX)
		return gl_fail(err, GL_EINVAL, "ga: population must be 2..%d, got %d",
			GL_GA_POP_MAX, c->pop), NULL;
	if (c->len < 1 || c->len > GL_GA_LEN_MAX)
		return gl_fail(err, GL_EINVAL, "ga: genome length must be 1..%d, got %d",
			GL_GA_LEN_MAX, c->len), NULL;
	if (!(c->pc >= 0 && c->pc <= 1) || !(c->pm >= 0 && c->pm <= 1))
		return gl_fail(err, GL_EINVAL, "ga: crossover and mutation rates must be in 0..1"), NULL;
	if (!(c->lo <= c->hi) || (c->kind == GL_GA_INT &&
	    (c->lo < INT32_MIN || c->hi > INT32_MAX)))
		return gl_fail(err, GL_EINVAL, "ga: bad gene range %g..%g", c->lo, c->hi), NULL;
	gl_ga *ga = gl_calloc(1, sizeof *ga);
	if (!ga)
		goto fail;
	ga->c = *c;
	ga->esize = c->kind == GL_GA_INT ? sizeof(int32_t) : sizeof(double);
	ga->gsize = ga->esize * (size_t)c->len;
	ga->pairs = (int)lround(c->pc * c->pop);
	ga->mutants = (int)lround(c->pm * c->pop);
	if (ga->mutants < 1)
		ga->mutants = 1;
	ga->cap = c->pop + 2 * ga->pairs + ga->mutants;
	ga->genes = gl_calloc((size_t)ga->cap, ga->gsize);
	ga->spare = gl_calloc((size_t)ga->cap, ga->gsize);
	ga->fit = gl_calloc((size_t)ga->cap, sizeof *ga->fit);
	ga->keys = gl_calloc((size_t)ga->cap, sizeof *ga->keys);
	if (!ga->genes || !ga->spare || !ga->fit || !ga->keys)
		goto fail;
	return ga;
fail:
	gl_ga_free(ga);
	gl_fail(err, GL_ENOMEM, "ga: out of memory for a population of %d", c->pop);
	return NULL;
}

void gl_ga_free(gl_ga *ga)
{
	if (!ga)
		return;
	gl_free(ga->genes);
	gl_free(ga->spare);
	gl_free(ga->fit);
	gl_free(ga->keys);
	gl_free(ga);
}

static void random_gene(const gl_ga *ga, void *gene, gl_rng *rng)
{
	if (ga->c.kind == GL_GA_INT) {
		int32_t lo = (int32_t)ga->c.lo, hi = (int32_t)ga->c.hi;
		int32_t v = lo + (int32_t)gl_rng_below(rng, (uint32_t)((int64_t)hi - lo + 1));
		memcpy(gene, &v, sizeof v);
	} else {
		double v = ga->c.lo + (ga->c.hi - ga->c.lo) * gl_rng_unit(rng);
		memcpy(gene, &v, sizeof v);
	}
}

static int key_cmp(const void *pa, const void *pb)
{
	const ga_key *a = pa, *b = pb;
	if (a->fit != b->fit)
		return a->fit > b->fit ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

/* Sort slots 0..n-1 best first and keep the first min(n, N) in 0..N-1. */
static void survive(gl_ga *ga, int n)
{
	for (int i = 0; i < n; i++) {
		ga->keys[i].fit = ga->fit[i];
		ga->keys[i].idx = i;
	}
	qsort(ga->keys, (size_t)n, sizeof *ga->keys, key_cmp);
	int keep = n < ga->c.pop ? n : ga->c.pop;
	for (int i = 0; i < keep; i++)
		memcpy(ga->spare + (size_t)i * ga->gsize, slot(ga, ga->keys[i].idx), ga->gsize);
	for (int i = 0; i < keep; i++)
		ga->keys[i].fit = ga->fit[ga->keys[i].idx];
	for (int i = 0; i < keep; i++)
		ga->fit[i] = ga->keys[i].fit;
	unsigned char *t = ga->genes;
	ga->genes = ga->spare;
	ga->spare = t;
}

void gl_ga_evaluate(gl_ga *ga)
{
	for (int i = 0; i < ga->c.pop; i++)
		ga->fit[i] = ga->c.fitness(ga->c.ctx, ga, i);
	ga->evals += (uint64_t)ga->c.pop;
	survive(ga, ga->c.pop);
}

void gl_ga_randomize(gl_ga *ga, gl_rng *rng)
{
	for (int i = 0; i < ga->c.pop; i++)
		for (int k = 0; k < ga->c.len; k++)
			random_gene(ga, (unsigned char *)slot(ga, i) + (size_t)k * ga->esize, rng);
	ga->gen = 0;
	gl_ga_evaluate(ga);
}

void gl_ga_crossover_at(size_t esize, int len, const void *a, const void *b,
	int point, void *c1, void *c2)
{
	size_t head = esize * (size_t)point, all = esize * (size_t)len;
	memcpy(c1, b, head);
	memcpy((unsigned char *)c1 + head, (const unsigned char *)a + head, all - head);
	memcpy(c2, a, head);
	memcpy((unsigned char *)c2 + head, (const unsigned char *)b + head, all - head);
}

int gl_ga_cut(gl_rng *rng, int len)
{
	return len < 2 ? 0 : 1 + (int)gl_rng_below(rng, (uint32_t)(len - 1));
}

double gl_ga_mutate_prop(double w, gl_rng *rng)
{
	double u = gl_rng_unit(rng), r = u * u;
	if (w == 0)
		return r;
	return gl_rng_below(rng, 2) ? w + r * w : w - r * w;
}

int gl_ga_roulette(const double *fit, int n, gl_rng *rng)
{
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += fit[i];
	if (!(sum > 0))
		return (int)gl_rng_below(rng, (uint32_t)n);
	double x = gl_rng_unit(rng) * sum, acc = 0;
	int last = 0;
	for (int i = 0; i < n; i++) {
		if (fit[i] <= 0)
			continue;
		acc += fit[i];
		last = i;
		if (x < acc)
			return i;
	}
	return last; /* rounding put x at the very top */
}

int gl_ga_mutate_int(int32_t *g, int len, int32_t lo, int32_t hi, gl_rng *rng)
{
	int pos = (int)gl_rng_below(rng, (uint32_t)len);
	if (lo == hi)
		return pos;
	/* a value of lo..hi other than the present one: draw from one fewer
	 * and step over it */
	int32_t v = lo + (int32_t)gl_rng_below(rng, (uint32_t)((int64_t)hi - lo));
	if (v >= g[pos])
		v++;
	if (g[pos] < lo || g[pos] > hi)
		v = lo + (int32_t)gl_rng_below(rng, (uint32_t)((int64_t)hi - lo + 1));
	g[pos] = v;
	return pos;
}

void gl_ga_generation(gl_ga *ga, gl_rng *rng)
{
	int n = ga->c.pop, next = n;
	for (int p = 0; p < ga->pairs; p++) {
		int i = (int)gl_rng_below(rng, (uint32_t)n);
		int j = (int)gl_rng_below(rng, (uint32_t)(n - 1));
		if (j >= i)
			j++;
		int cut = gl_ga_cut(rng, ga->c.len);
		gl_ga_crossover_at(ga->esize, ga->c.len, slot(ga, i), slot(ga, j), cut,
			slot(ga, next), slot(ga, next + 1));
		next += 2;
	}
	for (int m = 0; m < ga->mutants; m++) {
		int i = (int)gl_rng_below(rng, (uint32_t)n);
		memcpy(slot(ga, next), slot(ga, i), ga->gsize);
		if (ga->c.mutate) {
			int pos = (int)gl_rng_below(rng, (uint32_t)ga->c.len);
			ga->c.mutate(ga->c.ctx, (unsigned char *)slot(ga, next) +
				(size_t)pos * ga->esize, rng);
		} else if (ga->c.kind == GL_GA_INT) {
			gl_ga_mutate_int(slot(ga, next), ga->c.len, (int32_t)ga->c.lo,
				(int32_t)ga->c.hi, rng);
		} else {
			int pos = (int)gl_rng_below(rng, (uint32_t)ga->c.len);
			random_gene(ga, (unsigned char *)slot(ga, next) +
				(size_t)pos * ga->esize, rng);
		}
		next++;
	}
	for (int i = n; i < next; i++)
		ga->fit[i] = ga->c.fitness(ga->c.ctx, ga, i);
	ga->evals += (uint64_t)(next - n);
	survive(ga, next);
	ga->gen++;
}

void *gl_ga_genes(gl_ga *ga, int i)
{
	return slot(ga, i);
}

const int32_t *gl_ga_ints(const gl_ga *ga, int i)
{
	return slot(ga, i);
}

const double *gl_ga_reals(const gl_ga *ga, int i)
{
	return slot(ga, i);
}

double gl_ga_fitness(const gl_ga *ga, int i)
{
	return ga->fit[i];
}

const gl_ga_config *gl_ga_config_of(const gl_ga *ga)
{
	return &ga->c;
}

void gl_ga_stats_of(const gl_ga *ga, gl_ga_stats *out)
{
	int n = ga->c.pop;
	double sum = 0, best = ga->fit[0], worst = ga->fit[0];
	for (int i = 0; i < n; i++) {
		sum += ga->fit[i];
		best = ga->fit[i] > best ? ga->fit[i] : best;
		worst = ga->fit[i] < worst ? ga->fit[i] : worst;
	}
	out->gen = ga->gen;
	out->best = best;
	out->mean = sum / n;
	out->worst = worst;
	out->evals = ga->evals;
}
