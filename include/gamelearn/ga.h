/*
 * ga.h - a small, reusable genetic-algorithm core: a population of
 * fixed-length genomes (arrays of int32 or of doubles) with a fitness each,
 * one-point crossover, one-point mutation, truncation survival of the best
 * N of parents and offspring, seeded random choices, and per-generation
 * statistics. The generation step is the one of Hwang, Hong and Lin, "A
 * Study on Applying Genetic Algorithms to Game Search Trees" (section 3,
 * steps 5-10); the checkers weight evolution reuses the primitives with
 * its own fitness (a tournament) and mutation.
 *
 * A generation (gl_ga_generation): round(pc * N) pairs of parents drawn
 * uniformly at random (two distinct members) each give two children by
 * one-point crossover (the paper's example: N = 10, pc = 0.5 gives the 10
 * children of its table 3-3); max(1, round(pm * N)) members drawn uniformly
 * each give one child by one-point mutation (the paper's text names a
 * mutation rate but no formula for the number of mutants O; its example
 * shows 5, which no reading of "10%" gives, so gamelearn takes the rate
 * per member); the children are evaluated, and the best N of parents and
 * children survive, ties keeping the earlier (parents before children).
 *
 * The checkers-GA excerpt's operators are primitives here too: its
 * proportional mutation (gl_ga_mutate_prop) and fitness-proportional
 * selection (gl_ga_roulette); evolve.h builds its generation from them,
 * with the single-point crossover below.
 *
 * The library's rules hold: nothing prints, every random choice comes from
 * the gl_rng passed in, all memory is allocated by gl_ga_new.
 */
#ifndef GAMELEARN_GA_H
#define GAMELEARN_GA_H

#include "gamelearn/core.h"

typedef struct gl_ga gl_ga;

/* The type of a gene. */
typedef enum gl_ga_kind {
	GL_GA_INT,  /* int32_t genes in lo..hi inclusive */
	GL_GA_REAL  /* double genes, random ones uniform in [lo, hi) */
} gl_ga_kind;

/* Fitness of member i's genome (read it with gl_ga_ints/gl_ga_reals);
 * higher is better. ctx is the config's ctx. */
typedef double (*gl_ga_fitness_fn)(void *ctx, const gl_ga *ga, int i);

/* Mutate one gene in place (a custom mutation, e.g. proportional to the
 * value); gene points to an int32_t or a double as the kind says. */
typedef void (*gl_ga_mutate_fn)(void *ctx, void *gene, gl_rng *rng);

typedef struct gl_ga_config {
	int pop;                  /* N: members kept each generation, >= 2 */
	int len;                  /* genes per genome, 1..GL_GA_LEN_MAX */
	gl_ga_kind kind;          /* int or double genes */
	double lo, hi;            /* gene range (lo <= hi) */
	double pc;                /* crossover rate 0..1: round(pc*N) pairs */
	double pm;                /* mutation rate 0..1: max(1, round(pm*N)) mutants */
	gl_ga_fitness_fn fitness; /* required for generations */
	gl_ga_mutate_fn mutate;   /* NULL: a new uniform value in lo..hi */
	void *ctx;                /* passed to fitness and mutate */
} gl_ga_config;

enum { GL_GA_LEN_MAX = 4096, GL_GA_POP_MAX = 100000 };

/* What a generation left: fitness over the population. */
typedef struct gl_ga_stats {
	int gen;       /* generations done (0: the initial population) */
	double best;   /* highest fitness */
	double mean;   /* mean fitness */
	double worst;  /* lowest fitness */
	uint64_t evals; /* fitness evaluations so far */
} gl_ga_stats;

/* Make a GA for config c (copied). Members' genes are zero and their
 * fitness unset until gl_ga_randomize or gl_ga_evaluate. NULL with a
 * message in err for a bad config or lack of memory. */
gl_ga *gl_ga_new(const gl_ga_config *c, gl_err *err);
/* Free ga (NULL is a no-op). */
void gl_ga_free(gl_ga *ga);

/* Fill every member with uniformly random genes from rng, then evaluate
 * and sort (gl_ga_evaluate). */
void gl_ga_randomize(gl_ga *ga, gl_rng *rng);
/* Evaluate every member and sort them best first (stable). Use after
 * writing genomes with gl_ga_genes (e.g. all weights 1). */
void gl_ga_evaluate(gl_ga *ga);
/* One generation as described at the top. Members stay sorted best first. */
void gl_ga_generation(gl_ga *ga, gl_rng *rng);

/* Member i (0 = best after a sort) of the N: its genes for writing (len
 * genes of the config's kind), read as ints or doubles, and its fitness. */
void *gl_ga_genes(gl_ga *ga, int i);
const int32_t *gl_ga_ints(const gl_ga *ga, int i);
const double *gl_ga_reals(const gl_ga *ga, int i);
double gl_ga_fitness(const gl_ga *ga, int i);
/* The config the GA was made with. */
const gl_ga_config *gl_ga_config_of(const gl_ga *ga);
/* Statistics of the present population. */
void gl_ga_stats_of(const gl_ga *ga, gl_ga_stats *out);

/* --- Primitives (pure but for rng) ------------------------------------------ */

/* One-point crossover of genomes a and b of len genes of esize bytes at
 * point (0 < point < len: genes before it are the head): c1 = b's head +
 * a's tail, c2 = a's head + b's tail (the paper's example, point 11).
 * c1 and c2 must not overlap a or b. */
void gl_ga_crossover_at(size_t esize, int len, const void *a, const void *b,
	int point, void *c1, void *c2);
/* A crossover point uniform in 1..len-1 (0 when len < 2: no exchange). */
int gl_ga_cut(gl_rng *rng, int len);
/* The checkers-GA excerpt's mutation of one weight: r = u * u with u
 * uniform in [0, 1), and w becomes w + r * w or w - r * w, the sign drawn
 * at random (so it lies in [0, 2w] for w >= 0, and keeps w's sign); a
 * weight of exactly 0 becomes r. */
double gl_ga_mutate_prop(double w, gl_rng *rng);
/* Fitness-proportional (roulette-wheel) selection: index i of 0..n-1
 * with probability fit[i] / (sum of fit), every fit[i] >= 0; uniform when
 * they are all 0. */
int gl_ga_roulette(const double *fit, int n, gl_rng *rng);

/* One-point mutation of an int genome: gene at a position uniform in
 * 0..len-1 takes a value uniform in lo..hi other than its own (unchanged
 * when lo == hi). Returns the position. */
int gl_ga_mutate_int(int32_t *g, int len, int32_t lo, int32_t hi, gl_rng *rng);

#endif
