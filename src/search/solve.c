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

#include <string.h>

enum { PLY_CAP = 2000 }; /* deepest line followed */

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
	uint64_t nodes;        /* since the solver was made */
	uint64_t limit;        /* nodes per call, 0: none */
	uint64_t call_end;     /* nodes at which this call gives up */
	int fail;              /* 0, or GL_ERANGE once a call gave up */
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
	sv->states = gl_malloc((sv->use_make ? 1 : plies + 1) * g->state_size);
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

uint64_t gl_solver_nodes(const gl_solver *sv)
{
	return sv->nodes;
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
		child = sv->states + (size_t)(ply + 1) * g->state_size;
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
	if ((sv->limit && sv->nodes >= sv->call_end) || ply >= sv->max_ply) {
		sv->fail = GL_ERANGE;
		return 0;
	}
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

int gl_solve(gl_solver *sv, const void *state, int *value)
{
	const gl_game *g = sv->g;
	if (g->type->terminal(g, state)) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, state, goals);
		*value = goals[g->type->to_move(g, state)];
		return 0;
	}
	sv->call_end = sv->nodes + sv->limit;
	return solve_state(sv, state, value);
}

int gl_solve_moves(gl_solver *sv, const void *state, gl_action *moves,
	int *values, int *n)
{
	const gl_game *g = sv->g;
	GL_STATE_ALIGN unsigned char child[GL_STATE_MAX];
	int goals[GL_PLAYERS_MAX];
	int k = g->type->legal(g, state, moves);
	if (k == 0)
		return GL_EINVAL;
	int me = g->type->to_move(g, state);
	sv->call_end = sv->nodes + sv->limit; /* one budget for all the moves */
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
