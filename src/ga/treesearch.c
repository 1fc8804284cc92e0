/*
 * treesearch.c - the one-player tree searches of treesearch.h: the genetic
 * game-tree search of Hwang, Hong and Lin (section 3: an individual is D
 * move codes, fitness the evaluation of the leaf it reaches, one-point
 * substring crossover, one-point mutation, the best N of parents and
 * offspring survive; on the ga.h core), their depth-first baseline
 * (section 4), depth-first iterative deepening (their reference [3]'s
 * DFID), and IDA* (R. E. Korf, "Depth-first iterative-deepening: an optimal
 * admissible tree search", 1985) for the optimum the paper does not give.
 *
 * What the searches know of a puzzle beyond the game interface (the "kit"):
 * for swap9, that code 0 and repeating the last swap are wasted moves and
 * that a swap changes the total toroidal distance by at most 2 (so
 * ceil(distance / 2) is admissible); for npuzzle, that a slide is undone by
 * the opposite one (ids U D L R: a ^ 1) and that the Manhattan distance is
 * admissible. DFS uses no kit: it enumerates every sequence, as the paper's
 * baseline. The searches copy states along one preallocated stack of
 * states and move lists (sized from the game) and allocate nothing per
 * node.
 */
#include "gamelearn/treesearch.h"
#include "gamelearn/ga.h"

#include <string.h>

enum { KIT_NONE, KIT_SWAP9, KIT_NPUZZLE };
enum { SWAP9_FMAX = 18, TIME_CHECK = 1 << 14 };

static int kit_of(const gl_game *g)
{
	if (!strcmp(g->type->name, "swap9"))
		return KIT_SWAP9;
	if (!strcmp(g->type->name, "npuzzle"))
		return KIT_NPUZZLE;
	return KIT_NONE;
}

int gl_ts_check(const gl_game *g, gl_err *err)
{
	if (g->nplayers != 1)
		return gl_fail(err, GL_EINVAL, "%s is not a one-player game", g->spec);
	if (!g->type->evaluate)
		return gl_fail(err, GL_EINVAL, "%s has no evaluation to search by", g->spec);
	return 0;
}

int gl_ts_errors(const gl_game *g, int value)
{
	return kit_of(g) == KIT_SWAP9 ? SWAP9_FMAX - value : -value;
}

static bool solved(const gl_game *g, const void *s)
{
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	return goals[0] == 100;
}

/* Whether code a is legal in s (not terminal); moves is scratch. */
static bool is_legal(const gl_game *g, const void *s, gl_action a,
	gl_action *moves)
{
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == a)
			return true;
	return false;
}

int gl_ts_play(const gl_game *g, void *s, const gl_action *seq, int len,
	gl_action *moves, int *used)
{
	int k = 0;
	for (int i = 0; i < len && !g->type->terminal(g, s); i++) {
		if (seq[i] < 0 || seq[i] >= g->nactions ||
		    !is_legal(g, s, seq[i], moves))
			continue;
		g->type->apply(g, s, seq[i]);
		k++;
	}
	if (used)
		*used = k;
	return g->type->evaluate(g, s);
}

static void result_init(gl_ts_result *out)
{
	memset(out, 0, sizeof *out);
	out->value = -GL_EVAL_INF;
}

/* --- The genetic search ---------------------------------------------------- */

typedef struct ga_ctx {
	const gl_game *g;
	gl_scratch w;         /* a state and a move list for decoding */
	uint64_t nodes;       /* moves decoded */
} ga_ctx;

static double ga_fitness(void *vctx, const gl_ga *ga, int i)
{
	ga_ctx *c = vctx;
	const int32_t *genes = gl_ga_ints(ga, i);
	int len = gl_ga_config_of(ga)->len;
	gl_action seq[GL_TS_DEPTH_MAX];
	for (int k = 0; k < len; k++)
		seq[k] = genes[k];
	void *s = gl_scratch_state(&c->w, 0);
	c->g->type->start(c->g, s);
	int used;
	int v = gl_ts_play(c->g, s, seq, len, gl_scratch_moves(&c->w, 0), &used);
	c->nodes += (uint64_t)used;
	return v;
}

int gl_ts_ga(const gl_game *g, const gl_ts_ga_params *p, gl_rng *rng,
	gl_ts_result *out, gl_err *err)
{
	int rc = gl_ts_check(g, err);
	if (rc)
		return rc;
	if (p->depth < 1 || p->depth > GL_TS_DEPTH_MAX)
		return gl_fail(err, GL_EINVAL, "ga: depth must be 1..%d, got %d",
			GL_TS_DEPTH_MAX, p->depth);
	if (p->gens <= 0 && !(p->seconds > 0))
		return gl_fail(err, GL_EINVAL, "ga: give a number of generations or a time limit");
	if (p->mutants < 0 || p->mutants > p->pop)
		return gl_fail(err, GL_EINVAL, "ga: mutants must be 0..%d (the population), got %d",
			p->pop, p->mutants);
	result_init(out);
	double t0 = gl_now();
	ga_ctx c = {.g = g, .nodes = 0};
	if ((rc = gl_scratch_init(&c.w, g, 1, 1, err)))
		return rc;
	gl_ga_config cfg = {
		.pop = p->pop, .len = p->depth, .kind = GL_GA_INT,
		.lo = 0, .hi = g->nactions - 1, .pc = p->pc,
		/* ga.h makes round(pm * N) mutants: m / N gives exactly m */
		.pm = p->mutants ? (double)p->mutants / p->pop : p->pm,
		.fitness = ga_fitness, .ctx = &c,
	};
	gl_ga *ga = gl_ga_new(&cfg, err);
	if (!ga) {
		gl_scratch_done(&c.w);
		return err ? err->code : GL_EINVAL;
	}
	gl_ga_randomize(ga, rng);
	double best = gl_ga_fitness(ga, 0);
	int gen = 0;
	bool timed_out = false;
	while (p->gens <= 0 || gen < p->gens) {
		if (p->seconds > 0 && gl_now() - t0 >= p->seconds) {
			timed_out = true;
			break;
		}
		gl_ga_generation(ga, rng);
		gen++;
		if (gl_ga_fitness(ga, 0) > best) {
			best = gl_ga_fitness(ga, 0);
			out->found_gen = gen;
		}
	}
	const int32_t *genes = gl_ga_ints(ga, 0);
	out->len = p->depth;
	for (int k = 0; k < p->depth; k++)
		out->seq[k] = genes[k];
	void *s = gl_scratch_state(&c.w, 0);
	g->type->start(g, s);
	out->value = gl_ts_play(g, s, out->seq, out->len,
		gl_scratch_moves(&c.w, 0), NULL);
	out->solved = solved(g, s);
	out->errors = gl_ts_errors(g, out->value);
	out->complete = !timed_out;
	out->depth = p->depth;
	out->gens = gen;
	out->nodes = c.nodes;
	gl_ga_stats st;
	gl_ga_stats_of(ga, &st);
	out->evals = st.evals;
	out->seconds = gl_now() - t0;
	gl_ga_free(ga);
	gl_scratch_done(&c.w);
	return 0;
}

/* --- Depth-first searches ------------------------------------------------- */

typedef struct dfs_ctx {
	const gl_game *g;
	int kit;               /* what is known of the puzzle */
	bool prune;            /* skip wasted moves (iddfs, idastar) */
	gl_scratch stack;      /* (max depth + 1) states and move lists */
	gl_action path[GL_TS_DEPTH_MAX];
	gl_ts_result *out;
	uint64_t nodes;
	double deadline;       /* gl_now() limit; 0: none */
	bool stopped;          /* the time ran out */
	bool found;            /* a solution was found (iddfs, idastar) */
	int bound;             /* idastar: f bound of this iteration */
	int next_bound;        /* idastar: smallest f above the bound */
} dfs_ctx;

static unsigned char *at(dfs_ctx *c, int ply)
{
	return gl_scratch_state(&c->stack, ply);
}

static bool out_of_time(dfs_ctx *c)
{
	if (c->deadline > 0 && (c->nodes & (TIME_CHECK - 1)) == 0 && gl_now() >= c->deadline)
		c->stopped = true;
	return c->stopped;
}

/* Keep the state at ply as the best if its value beats the best so far. */
static void consider(dfs_ctx *c, int ply)
{
	int v = c->g->type->evaluate(c->g, at(c, ply));
	if (v > c->out->value) {
		c->out->value = v;
		c->out->len = ply;
		memcpy(c->out->seq, c->path, (size_t)ply * sizeof *c->path);
	}
}

static bool wasted(const dfs_ctx *c, int ply, gl_action a)
{
	if (!c->prune || ply == 0)
		return c->prune && c->kit == KIT_SWAP9 && a == 0;
	gl_action last = c->path[ply - 1];
	if (c->kit == KIT_SWAP9)
		return a == 0 || a == last;
	if (c->kit == KIT_NPUZZLE)
		return a == (last ^ 1);
	return false;
}

/* The paper's baseline: every sequence of exactly depth moves. */
static void dfs(dfs_ctx *c, int ply, int depth)
{
	const gl_game *g = c->g;
	unsigned char *s = at(c, ply);
	c->nodes++;
	if (out_of_time(c))
		return;
	gl_action *moves = gl_scratch_moves(&c->stack, ply);
	int n = ply < depth ? g->type->legal(g, s, moves) : 0;
	if (n == 0) {
		consider(c, ply);
		return;
	}
	for (int i = 0; i < n && !c->stopped; i++) {
		unsigned char *t = at(c, ply + 1);
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, moves[i]);
		c->path[ply] = moves[i];
		dfs(c, ply + 1, depth);
	}
}

/* One iteration of iddfs: every node to depth, stopping at a solution. */
static void dls(dfs_ctx *c, int ply, int depth)
{
	const gl_game *g = c->g;
	unsigned char *s = at(c, ply);
	c->nodes++;
	if (out_of_time(c))
		return;
	consider(c, ply);
	if (solved(g, s)) {
		c->found = true;
		return;
	}
	if (ply == depth)
		return;
	gl_action *moves = gl_scratch_moves(&c->stack, ply);
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n && !c->stopped && !c->found; i++) {
		if (wasted(c, ply, moves[i]))
			continue;
		unsigned char *t = at(c, ply + 1);
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, moves[i]);
		c->path[ply] = moves[i];
		dls(c, ply + 1, depth);
	}
}

static int heuristic(const dfs_ctx *c, const void *s)
{
	int v = c->g->type->evaluate(c->g, s);
	return c->kit == KIT_SWAP9 ? (SWAP9_FMAX - v + 1) / 2 : -v;
}

/* One IDA* iteration under c->bound. */
static void ida(dfs_ctx *c, int ply, int max_depth)
{
	const gl_game *g = c->g;
	unsigned char *s = at(c, ply);
	c->nodes++;
	if (out_of_time(c))
		return;
	if (solved(g, s)) {
		consider(c, ply);
		c->found = true;
		return;
	}
	int f = ply + heuristic(c, s);
	if (f > c->bound) {
		if (f < c->next_bound)
			c->next_bound = f;
		return;
	}
	consider(c, ply);
	if (ply == max_depth)
		return;
	gl_action *moves = gl_scratch_moves(&c->stack, ply);
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n && !c->stopped && !c->found; i++) {
		if (wasted(c, ply, moves[i]))
			continue;
		unsigned char *t = at(c, ply + 1);
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, moves[i]);
		c->path[ply] = moves[i];
		ida(c, ply + 1, max_depth);
	}
}

enum { RUN_DFS, RUN_IDDFS, RUN_IDA };

static int run(const gl_game *g, int how, int depth, double seconds,
	gl_ts_result *out, gl_err *err)
{
	int rc = gl_ts_check(g, err);
	if (rc)
		return rc;
	if (depth < 0 || depth >= GL_TS_DEPTH_MAX)
		return gl_fail(err, GL_EINVAL, "search depth must be 0..%d, got %d",
			GL_TS_DEPTH_MAX - 1, depth);
	dfs_ctx c = {.g = g, .kit = kit_of(g), .prune = how != RUN_DFS, .out = out};
	if (how == RUN_IDA && c.kit == KIT_NONE)
		return gl_fail(err, GL_EINVAL, "idastar: no admissible heuristic known for %s "
			"(known: swap9, npuzzle)", g->spec);
	if ((rc = gl_scratch_init(&c.stack, g, depth + 1, depth + 1, err)))
		return rc;
	result_init(out);
	double t0 = gl_now();
	c.deadline = seconds > 0 ? t0 + seconds : 0;
	g->type->start(g, at(&c, 0));
	if (how == RUN_DFS) {
		dfs(&c, 0, depth);
		out->depth = c.stopped ? 0 : depth;
	} else if (how == RUN_IDDFS) {
		for (int d = 0; d <= depth && !c.found && !c.stopped; d++) {
			dls(&c, 0, d);
			if (!c.stopped)
				out->depth = d;
		}
	} else {
		c.bound = heuristic(&c, at(&c, 0));
		while (!c.found && !c.stopped && c.bound <= depth) {
			c.next_bound = GL_EVAL_INF;
			ida(&c, 0, depth);
			if (!c.stopped)
				out->depth = c.bound;
			c.bound = c.next_bound;
		}
	}
	/* replay the best sequence for its final state */
	g->type->start(g, at(&c, 0));
	out->value = gl_ts_play(g, at(&c, 0), out->seq, out->len,
		gl_scratch_moves(&c.stack, 0), NULL);
	out->solved = solved(g, at(&c, 0));
	out->errors = gl_ts_errors(g, out->value);
	out->complete = !c.stopped;
	out->nodes = c.nodes;
	out->seconds = gl_now() - t0;
	gl_scratch_done(&c.stack);
	return 0;
}

int gl_ts_dfs(const gl_game *g, int depth, double seconds, gl_ts_result *out,
	gl_err *err)
{
	return run(g, RUN_DFS, depth, seconds, out, err);
}

int gl_ts_iddfs(const gl_game *g, int max_depth, double seconds,
	gl_ts_result *out, gl_err *err)
{
	return run(g, RUN_IDDFS, max_depth, seconds, out, err);
}

int gl_ts_idastar(const gl_game *g, int max_depth, double seconds,
	gl_ts_result *out, gl_err *err)
{
	return run(g, RUN_IDA, max_depth, seconds, out, err);
}
