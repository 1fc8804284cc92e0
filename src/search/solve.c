/*
 * solve.c - the exact solver: fail-soft alpha-beta over goal values
 * (0..100) to the end of the game, with a transposition table of lower
 * and upper bounds on each state's value (two-entry buckets: one kept by
 * the work spent below the state, one always replaced), the table's move
 * tried first and the others by a history heuristic.
 *
 * Bounds in the table are bounds on the game-theoretic value, which does
 * not depend on the path or on the window, so a state's entry only ever
 * narrows; entries made under any window serve any later search.
 */
#include "gamelearn/search.h"
#include "search/internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum {
	PLY_CAP = 2000,       /* deepest line followed */
	CLOCK_EVERY = 1 << 14, /* nodes between looks at the clock */
	PROGRESS_EVERY = 1 << 20 /* nodes between progress calls */
};

typedef struct sv_entry {
	uint64_t key;   /* the state's full hash */
	gl_action move; /* best or refuting move, -1 if none */
	uint8_t lo, hi; /* lo <= value <= hi */
	uint8_t work;   /* log2 of the nodes searched below it */
	uint8_t used;   /* 1 in a used entry */
} sv_entry;

struct gl_solver {
	const gl_game *g;
	bool use_make;         /* the game has make/unmake */
	sv_entry *tt;          /* 2 * (tt_mask + 1) entries: buckets of two */
	size_t tt_mask;        /* buckets - 1 */
	int32_t *history;      /* cutoff credit per action (mod hist_size) */
	size_t hist_size;
	int max_ply;           /* deepest ply the buffers hold */
	gl_action *moves;      /* max_legal moves per ply */
	int32_t *order;        /* their ordering scores */
	unsigned char *states; /* one state per ply, or one (make/unmake) */
	size_t stride;         /* bytes between them (gl_state_stride) */
	unsigned char *child;  /* gl_solve_moves' child of the root: the
				  state after the others */
	uint64_t nodes;        /* since the solver was made */
	uint64_t limit;        /* nodes per call, 0: none */
	uint64_t call_end;     /* nodes at which this call gives up */
	double seconds;        /* time per call, 0: none */
	double call_deadline;  /* gl_now() at which this call gives up */
	uint64_t next_look;    /* nodes at which to look at the clock next */
	uint64_t next_progress; /* nodes at which to call progress next */
	gl_solver_progress_fn progress; /* called every PROGRESS_EVERY nodes */
	void *progress_ctx;
	int fail;              /* 0, or GL_ERANGE once a call gave up */
	char why[128];         /* why the last call gave up, or "" */
};

gl_solver *gl_solver_new(const gl_game *g, size_t tt_bytes, gl_err *err)
{
	if (g->nplayers > 2) {
		gl_fail(err, GL_EINVAL, "the solver plays games of one or two "
			"players; %s has %u", g->spec, g->nplayers);
		return NULL;
	}
	if (tt_bytes == 0)
		tt_bytes = (size_t)64 << 20;
	size_t buckets = 1;
	while (buckets <= tt_bytes / (4 * sizeof(sv_entry))) /* no overflow */
		buckets *= 2;
	gl_solver *sv = gl_calloc(1, sizeof *sv);
	if (!sv)
		goto fail;
	sv->g = g;
	sv->use_make = g->type->make && g->type->unmake;
	sv->tt_mask = buckets - 1;
	sv->hist_size = history_size(g);
	sv->max_ply = g->max_length < PLY_CAP ? (int)g->max_length : PLY_CAP;
	size_t plies = (size_t)sv->max_ply + 1;
	sv->tt = gl_calloc(2 * buckets, sizeof *sv->tt);
	sv->history = gl_calloc(sv->hist_size, sizeof *sv->history);
	sv->moves = gl_malloc(plies * g->max_legal * sizeof *sv->moves);
	sv->order = gl_malloc(plies * g->max_legal * sizeof *sv->order);
	sv->stride = gl_state_stride(g);
	size_t nstates = sv->use_make ? 1 : plies + 1;
	sv->states = gl_malloc((nstates + 1) * sv->stride);
	sv->child = sv->states ? sv->states + nstates * sv->stride : NULL;
	if (!sv->tt || !sv->history || !sv->moves || !sv->order || !sv->states)
		goto fail;
	return sv;
fail:
	gl_solver_free(sv);
	gl_fail(err, GL_ENOMEM, "out of memory making a solver for %s "
		"(table of %zu bytes)", g->spec, 2 * buckets * sizeof(sv_entry));
	return NULL;
}

void gl_solver_free(gl_solver *sv)
{
	if (!sv)
		return;
	gl_free(sv->tt);
	gl_free(sv->history);
	gl_free(sv->moves);
	gl_free(sv->order);
	gl_free(sv->states);
	gl_free(sv);
}

void gl_solver_clear(gl_solver *sv)
{
	memset(sv->tt, 0, 2 * (sv->tt_mask + 1) * sizeof *sv->tt);
	memset(sv->history, 0, sv->hist_size * sizeof *sv->history);
}

void gl_solver_set_limit(gl_solver *sv, uint64_t nodes)
{
	sv->limit = nodes;
}

void gl_solver_set_time(gl_solver *sv, double seconds)
{
	sv->seconds = seconds > 0 ? seconds : 0;
}

void gl_solver_set_progress(gl_solver *sv, gl_solver_progress_fn fn,
	void *ctx)
{
	sv->progress = fn;
	sv->progress_ctx = ctx;
}

uint64_t gl_solver_nodes(const gl_solver *sv)
{
	return sv->nodes;
}

const char *gl_solver_message(const gl_solver *sv)
{
	return sv->why;
}

/* The limits and the progress call, looked at on entering a node: returns
 * true (with sv->fail and sv->why set) when this call must give up. */
static bool out_of_budget(gl_solver *sv, int ply)
{
	if (sv->limit && sv->nodes >= sv->call_end) {
		snprintf(sv->why, sizeof sv->why, "node limit of %" PRIu64
			" reached", sv->limit);
		sv->fail = GL_ERANGE;
		return true;
	}
	if (ply >= sv->max_ply) {
		snprintf(sv->why, sizeof sv->why, "a line is deeper than %d "
			"plies", sv->max_ply);
		sv->fail = GL_ERANGE;
		return true;
	}
	/* (nodes can step by more than one between entries: terminal
	 * children count too) */
	if (sv->nodes >= sv->next_look) {
		sv->next_look = sv->nodes + CLOCK_EVERY;
		if (sv->seconds > 0 && gl_now() >= sv->call_deadline) {
			snprintf(sv->why, sizeof sv->why, "time limit of %g s "
				"reached", sv->seconds);
			sv->fail = GL_ERANGE;
			return true;
		}
		if (sv->progress && sv->nodes >= sv->next_progress) {
			sv->next_progress = sv->nodes + PROGRESS_EVERY;
			sv->progress(sv->progress_ctx, sv->nodes);
		}
	}
	return false;
}

/* --- The table ----------------------------------------------------------- */

static sv_entry *tt_probe(gl_solver *sv, uint64_t key)
{
	sv_entry *b = &sv->tt[2 * (key & sv->tt_mask)];
	if (b[0].used && b[0].key == key)
		return &b[0];
	if (b[1].used && b[1].key == key)
		return &b[1];
	return NULL;
}

static int log2u(uint64_t x)
{
	int n = 0;
	while (x >>= 1)
		n++;
	return n;
}

/* Record lo <= value <= hi for key, narrowing what is known already. */
static void tt_store(gl_solver *sv, uint64_t key, int lo, int hi,
	gl_action move, uint64_t work)
{
	sv_entry *b = &sv->tt[2 * (key & sv->tt_mask)];
	int w = log2u(work);
	sv_entry *e;
	if (b[0].used && b[0].key == key) {
		e = &b[0];
	} else if (b[1].used && b[1].key == key) {
		e = &b[1];
	} else {
		if (!b[0].used || w >= b[0].work) {
			b[1] = b[0];
			e = &b[0];
		} else {
			e = &b[1];
		}
		e->used = 0;
	}
	if (e->used) {
		if (e->lo > lo)
			lo = e->lo;
		if (e->hi < hi)
			hi = e->hi;
		if (e->work > w)
			w = e->work;
	}
	e->key = key;
	e->move = move;
	e->lo = (uint8_t)lo;
	e->hi = (uint8_t)hi;
	e->work = (uint8_t)w;
	e->used = 1;
}

/* --- Search -------------------------------------------------------------- */

static int solve_node(gl_solver *sv, void *st, int ply, int alpha, int beta);

/* The value for player me of playing a in st (at ply), searched with
 * window (alpha, beta) for me; st is unchanged on return. */
static int child_value(gl_solver *sv, void *st, gl_action a, int me,
	int ply, int alpha, int beta)
{
	const gl_game *g = sv->g;
	gl_undo u;
	void *child;
	if (sv->use_make) {
		child = st;
		g->type->make(g, child, a, &u);
	} else {
		child = sv->states + (size_t)(ply + 1) * sv->stride;
		memcpy(child, st, g->state_size);
		g->type->apply(g, child, a);
	}
	int v;
	if (g->type->terminal(g, child)) {
		int goals[GL_PLAYERS_MAX];
		sv->nodes++;
		g->type->goals(g, child, goals);
		v = goals[me];
	} else if (g->type->to_move(g, child) == me) {
		v = solve_node(sv, child, ply + 1, alpha, beta);
	} else {
		v = 100 - solve_node(sv, child, ply + 1, 100 - beta, 100 - alpha);
	}
	if (sv->use_make)
		g->type->unmake(g, st, a, &u);
	return v;
}

/* Fail-soft alpha-beta at non-terminal st: the value for the player to
 * move if inside (alpha, beta), else a bound on the side it fell. On
 * giving up sets sv->fail and returns 0. */
static int solve_node(gl_solver *sv, void *st, int ply, int alpha, int beta)
{
	const gl_game *g = sv->g;
	uint64_t start = sv->nodes++;
	if (out_of_budget(sv, ply))
		return 0;
	/* Goals lie in 0..100: a result of 0 or 100 is exact whichever way
	 * it fails. */
	if (alpha < 0)
		alpha = 0;
	if (beta > 100)
		beta = 100;

	uint64_t key = gl_game_hash(g, st);
	gl_action tt_move = -1;
	sv_entry *e = tt_probe(sv, key);
	if (e) {
		if (e->lo >= beta)
			return e->lo;
		if (e->hi <= alpha || e->lo == e->hi)
			return e->hi;
		if (e->lo > alpha)
			alpha = e->lo;
		if (e->hi < beta)
			beta = e->hi;
		tt_move = e->move;
	}

	gl_action *moves = sv->moves + (size_t)ply * g->max_legal;
	int32_t *order = sv->order + (size_t)ply * g->max_legal;
	int n = g->type->legal(g, st, moves);
	for (int i = 0; i < n; i++)
		order[i] = moves[i] == tt_move ? INT32_MAX :
			   sv->history[(size_t)moves[i] % sv->hist_size];

	int me = g->type->to_move(g, st);
	int alpha0 = alpha;
	int best = -1;
	gl_action best_move = moves[0];
	for (int i = 0; i < n; i++) {
		pick_next(moves, order, i, n);
		int v = child_value(sv, st, moves[i], me, ply, alpha, beta);
		if (sv->fail)
			return 0;
		if (v > best) {
			best = v;
			best_move = moves[i];
			if (v > alpha) {
				alpha = v;
				if (v >= beta) {
					history_credit(sv->history, sv->hist_size,
						moves[i], 1);
					break;
				}
			}
		}
	}
	int lo = best >= beta ? best : best <= alpha0 ? 0 : best;
	int hi = best <= alpha0 ? best : best >= beta ? 100 : best;
	tt_store(sv, key, lo, hi, best_move, sv->nodes - start);
	return best;
}

/* Value of non-terminal state for its player to move, within the node
 * budget the caller set in sv->call_end. */
static int solve_state(gl_solver *sv, const void *state, int *value)
{
	const gl_game *g = sv->g;
	void *st = sv->states;
	memcpy(st, state, g->state_size);
	sv->fail = 0;
	int v = solve_node(sv, st, 0, -1, 101);
	if (sv->fail)
		return sv->fail;
	*value = v;
	return 0;
}

/* A call's budget starts: nodes and time from now. */
static void start_call(gl_solver *sv)
{
	sv->call_end = sv->nodes + sv->limit;
	sv->call_deadline = sv->seconds > 0 ? gl_now() + sv->seconds : 0;
	sv->next_look = sv->nodes + CLOCK_EVERY;
	sv->next_progress = sv->nodes + PROGRESS_EVERY;
	sv->why[0] = '\0';
}

int gl_solve(gl_solver *sv, const void *state, int *value)
{
	const gl_game *g = sv->g;
	sv->why[0] = '\0';
	if (g->type->terminal(g, state)) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, state, goals);
		*value = goals[g->type->to_move(g, state)];
		return 0;
	}
	start_call(sv);
	return solve_state(sv, state, value);
}

int gl_solve_moves(gl_solver *sv, const void *state, gl_action *moves,
	int *values, int *n)
{
	const gl_game *g = sv->g;
	void *child = sv->child;
	int goals[GL_PLAYERS_MAX];
	int k = g->type->legal(g, state, moves);
	if (k == 0)
		return GL_EINVAL;
	int me = g->type->to_move(g, state);
	start_call(sv); /* one budget for all the moves */
	for (int i = 0; i < k; i++) {
		memcpy(child, state, g->state_size);
		g->type->apply(g, child, moves[i]);
		if (g->type->terminal(g, child)) {
			g->type->goals(g, child, goals);
			values[i] = goals[me];
			continue;
		}
		int v, rc = solve_state(sv, child, &v);
		if (rc)
			return rc;
		values[i] = g->type->to_move(g, child) == me ? v : 100 - v;
	}
	*n = k;
	return 0;
}

/* --- How big a solve would be --------------------------------------------- */

int gl_solve_estimate(const gl_game *g, const void *state, double *estimate,
	double *branching, double *length, gl_err *err)
{
	/* The branching factor from perft growth: perft(d)^(1/d) at the
	 * deepest d <= 4 that stays cheap. */
	double b = 1;
	for (int d = 1; d <= 4; d++) {
		uint64_t n;
		int rc = gl_perft(g, state, d, &n, err);
		if (rc)
			return rc;
		if (n == 0)
			break;
		b = pow((double)n, 1.0 / d);
		if (n > 100000)
			break;
	}
	/* The typical length: the mean of seeded random playouts, at least
	 * half the game's bound (perfect play lasts longer than random). */
	enum { PLAYOUTS = 16 };
	gl_rng rng;
	gl_rng_seed(&rng, 1);
	gl_scratch w;
	int rc = gl_scratch_init(&w, g, 1, 1, err);
	if (rc)
		return rc;
	void *s = gl_scratch_state(&w, 0);
	gl_action *moves = gl_scratch_moves(&w, 0);
	double plies = 0;
	for (int k = 0; k < PLAYOUTS; k++) {
		memcpy(s, state, g->state_size);
		int n;
		for (unsigned ply = 0; ply < g->max_length &&
		     (n = g->type->legal(g, s, moves)) > 0; ply++) {
			g->type->apply(g, s, moves[gl_rng_below(&rng, (uint32_t)n)]);
			plies++;
		}
	}
	gl_scratch_done(&w);
	/* Perfect play lasts longer than random play: take three quarters of
	 * the game's bound, but no more than 1.25 times the random length
	 * (bounds such as checkers' draw rule lie far beyond real games, and
	 * in capturego the first capture ends a game early, perfect or not). */
	double len = plies / PLAYOUTS;
	double longer = 0.75 * g->max_length;
	if (longer > 1.25 * len)
		longer = 1.25 * len;
	if (longer > len)
		len = longer;
	if (branching)
		*branching = b;
	if (length)
		*length = len;
	*estimate = len / 2 * log10(b);
	return 0;
}
