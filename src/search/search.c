/*
 * search.c - the alpha-beta opponent: negamax with fail-soft alpha-beta,
 * principal variation search, iterative deepening under a depth, node and
 * time budget, a transposition table of two-entry buckets (one kept by
 * depth, one always replaced), and move ordering by table move, two
 * killer moves per ply and a history heuristic (Schaeffer, "The history
 * heuristic and alpha-beta search enhancements in practice", IEEE PAMI
 * 1989). Also gl_minimax(), the plain reference the tests compare with.
 *
 * Table entries cut the search off only at exactly their own depth, so a
 * fixed-depth value never depends on what earlier searches stored; the
 * entries of other depths still give their move to the ordering. Scores
 * of game ends are stored relative to the node (plies to the end from
 * there), so transpositions reached at different plies share them.
 */
#include "gamelearn/search.h"
#include "search/internal.h"

#include <string.h>

#define SCORE_INF (GL_SEARCH_WIN + 1000)
/* Every score beyond this in absolute value comes from a game's end. */
#define SCORE_DECISIVE (GL_SEARCH_UNIT / 2)

enum {
	MAX_PLY = GL_SEARCH_MAX_DEPTH + 1, /* plies below the root, + the root */
	CHECK_EVERY = 1024                 /* nodes between clock reads */
};

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct tt_entry {
	uint64_t key;    /* the state's full hash */
	int32_t value;   /* score, game ends relative to this node */
	gl_action move;  /* best or refuting move */
	uint8_t depth;   /* remaining depth it was searched to */
	uint8_t bound;   /* BOUND_* */
	uint8_t age;     /* run that stored it */
	uint8_t pad[5];
} tt_entry;

typedef struct tt_bucket {
	tt_entry slot[2]; /* [0] kept by depth, [1] always replaced */
} tt_bucket;

struct gl_search {
	const gl_game *g;
	bool use_make;          /* the game has make/unmake */
	tt_bucket *tt;          /* the table */
	size_t tt_mask;         /* buckets - 1 */
	uint8_t age;            /* increases by one per run */
	int tt_root;            /* root player the stored values are for
				   (games of more than two players) */
	int32_t *history;       /* cutoff credit per action (mod hist_size) */
	size_t hist_size;
	gl_action killer[MAX_PLY + 1][2];
	gl_action *moves;       /* max_legal moves per ply */
	int32_t *order;         /* their ordering scores */
	unsigned char *states;  /* one state per ply (copy-make), or one
				   working state (make/unmake) */
	size_t stride;          /* bytes between them (gl_state_stride) */
	gl_action *root_moves;  /* the root's moves, best first */
	int32_t *stat;          /* forward pruning: max_legal static scores */
	gl_action pv[MAX_PLY + 1][MAX_PLY + 1]; /* triangular PV table */
	int pv_len[MAX_PLY + 1];
	gl_rng *rng;            /* root shuffle, or NULL */
	gl_eval_fn eval;        /* horizon evaluation, or NULL: the game's */
	void *eval_ctx;         /* its context */
	int prune;              /* forward pruning width, 0: off */
	bool quiesce;           /* search noisy states past the horizon */
	void (*report)(void *ctx, gl_action best, int depth); /* or NULL */
	void *report_ctx;
	const atomic_bool *halt; /* set from outside: stop now; or NULL */

	/* One run. */
	int root;               /* player to move at the root */
	uint64_t nodes;
	uint64_t node_limit;    /* 0: none */
	double deadline;        /* 0: none */
	bool stop;              /* the budget ran out */
};

/* --- Scores and players -------------------------------------------------- */

/* Which side of the search player p is on: 0 the root player, 1 the
 * others. In one- and two-player games a change of side is a change of
 * player to move. */
static int side_of(int root, int p)
{
	return p != root;
}

/* Score of a game end at ply `ply` for side `side`, from goals. */
static int end_score(const gl_game *g, const void *st, int root, int side,
	int ply)
{
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, st, goals);
	int d = goals[root] - 50;
	int v = d > 0 ? d * GL_SEARCH_UNIT - ply :
		d < 0 ? d * GL_SEARCH_UNIT + ply : 0;
	return side ? -v : v;
}

static int horizon_score(const gl_game *g, const void *st)
{
	return g->type->evaluate ? g->type->evaluate(g, st) : 0;
}

/* The horizon value of st in this search: its own evaluation if it has
 * one, else the game's. */
static int leaf_score(const gl_search *s, const void *st)
{
	return s->eval ? s->eval(s->eval_ctx, s->g, st) :
			 horizon_score(s->g, st);
}

/* Table scores of game ends count plies from the node, not the root. */
static int to_tt(int v, int ply)
{
	return v > SCORE_DECISIVE ? v + ply : v < -SCORE_DECISIVE ? v - ply : v;
}

static int from_tt(int v, int ply)
{
	return v > SCORE_DECISIVE ? v - ply : v < -SCORE_DECISIVE ? v + ply : v;
}

bool gl_search_score_goal(int value, int *goal, int *plies)
{
	if (value <= SCORE_DECISIVE && value >= -SCORE_DECISIVE)
		return false;
	int a = value < 0 ? -value : value;
	int units = (a + GL_SEARCH_UNIT / 2) / GL_SEARCH_UNIT;
	if (goal)
		*goal = 50 + (value < 0 ? -units : units);
	if (plies)
		*plies = units * GL_SEARCH_UNIT - a;
	return true;
}

/* --- The reference ------------------------------------------------------- */

/* The value of the state at ply of w (not terminal) searched depth more
 * plies; its children go to state ply + 1. */
static int minimax_rec(const gl_game *g, const gl_scratch *w, int root,
	int ply, int depth)
{
	const void *st = gl_scratch_state(w, ply);
	int me = g->type->to_move(g, st);
	int side = side_of(root, me);
	if (depth == 0)
		return horizon_score(g, st);
	gl_action *moves = gl_scratch_moves(w, ply);
	void *child = gl_scratch_state(w, ply + 1);
	int n = g->type->legal(g, st, moves);
	int best = -SCORE_INF;
	for (int i = 0; i < n; i++) {
		memcpy(child, st, g->state_size);
		g->type->apply(g, child, moves[i]);
		int v;
		if (g->type->terminal(g, child)) {
			v = end_score(g, child, root, side, ply + 1);
		} else {
			int cs = side_of(root, g->type->to_move(g, child));
			v = minimax_rec(g, w, root, ply + 1, depth - 1);
			if (cs != side)
				v = -v;
		}
		if (v > best)
			best = v;
	}
	return best;
}

int gl_minimax(const gl_game *g, const void *state, int depth, int *value,
	gl_err *err)
{
	*value = 0;
	if (g->type->terminal(g, state))
		return 0;
	if (depth < 0)
		depth = 0;
	gl_scratch w;
	int rc = gl_scratch_init(&w, g, depth, depth + 1, err);
	if (rc)
		return rc;
	memcpy(gl_scratch_state(&w, 0), state, g->state_size);
	*value = minimax_rec(g, &w, g->type->to_move(g, state), 0, depth);
	gl_scratch_done(&w);
	return 0;
}

/* --- Making and freeing -------------------------------------------------- */

gl_search *gl_search_new(const gl_game *g, size_t tt_bytes, gl_err *err)
{
	if (tt_bytes == 0)
		tt_bytes = (size_t)16 << 20;
	size_t buckets = 1;
	while (buckets <= tt_bytes / (2 * sizeof(tt_bucket))) /* no overflow */
		buckets *= 2;
	gl_search *s = gl_calloc(1, sizeof *s);
	if (!s)
		goto fail;
	s->g = g;
	s->use_make = g->type->make && g->type->unmake;
	s->tt_mask = buckets - 1;
	s->hist_size = history_size(g);
	size_t nstates = s->use_make ? 1 : MAX_PLY + 2; /* + pruning's lookahead */
	s->tt = gl_calloc(buckets, sizeof *s->tt);
	s->history = gl_calloc(s->hist_size, sizeof *s->history);
	s->moves = gl_malloc((size_t)(MAX_PLY + 1) * g->max_legal *
		sizeof *s->moves);
	s->order = gl_malloc((size_t)(MAX_PLY + 1) * g->max_legal *
		sizeof *s->order);
	s->stride = gl_state_stride(g);
	s->states = gl_malloc(nstates * s->stride);
	s->root_moves = gl_malloc(g->max_legal * sizeof *s->root_moves);
	s->stat = gl_malloc(g->max_legal * sizeof *s->stat);
	if (!s->tt || !s->history || !s->moves || !s->order || !s->states ||
	    !s->root_moves || !s->stat)
		goto fail;
	gl_search_clear(s);
	return s;
fail:
	gl_search_free(s);
	gl_fail(err, GL_ENOMEM, "out of memory making a search for %s "
		"(table of %zu bytes)", g->spec, buckets * sizeof(tt_bucket));
	return NULL;
}

void gl_search_free(gl_search *s)
{
	if (!s)
		return;
	gl_free(s->tt);
	gl_free(s->history);
	gl_free(s->moves);
	gl_free(s->order);
	gl_free(s->states);
	gl_free(s->root_moves);
	gl_free(s->stat);
	gl_free(s);
}

void gl_search_clear(gl_search *s)
{
	memset(s->tt, 0, (s->tt_mask + 1) * sizeof *s->tt);
	memset(s->history, 0, s->hist_size * sizeof *s->history);
	for (int p = 0; p <= MAX_PLY; p++)
		s->killer[p][0] = s->killer[p][1] = -1;
	s->age = 0;
	s->tt_root = -1;
}

void gl_search_set_rng(gl_search *s, gl_rng *rng)
{
	s->rng = rng;
}

void gl_search_set_watch(gl_search *s, void (*report)(void *ctx,
	gl_action best, int depth), void *ctx, const atomic_bool *stop)
{
	s->report = report;
	s->report_ctx = ctx;
	s->halt = stop;
}

void gl_search_set_eval(gl_search *s, gl_eval_fn fn, void *ctx)
{
	s->eval = fn;
	s->eval_ctx = ctx;
	gl_search_clear(s);
}

void gl_search_set_quiesce(gl_search *s, bool on)
{
	s->quiesce = on && s->g->type->noisy;
	gl_search_clear(s);
}

void gl_search_set_prune(gl_search *s, int width)
{
	s->prune = width > 0 ? width : 0;
	gl_search_clear(s);
}

/* --- The table ----------------------------------------------------------- */

static tt_entry *tt_probe(gl_search *s, uint64_t key)
{
	tt_bucket *b = &s->tt[key & s->tt_mask];
	if (b->slot[0].bound != BOUND_NONE && b->slot[0].key == key)
		return &b->slot[0];
	if (b->slot[1].bound != BOUND_NONE && b->slot[1].key == key)
		return &b->slot[1];
	return NULL;
}

static void tt_store(gl_search *s, uint64_t key, int value, gl_action move,
	int depth, int bound)
{
	tt_bucket *b = &s->tt[key & s->tt_mask];
	tt_entry *e;
	if (b->slot[0].key == key || b->slot[0].bound == BOUND_NONE) {
		e = &b->slot[0];
	} else if (b->slot[0].age != s->age || depth >= b->slot[0].depth) {
		/* The depth slot's entry moves down to the always slot. */
		b->slot[1] = b->slot[0];
		e = &b->slot[0];
	} else {
		e = &b->slot[1];
	}
	e->key = key;
	e->value = value;
	e->move = move;
	e->depth = (uint8_t)depth;
	e->bound = (uint8_t)bound;
	e->age = s->age;
}

/* --- Search -------------------------------------------------------------- */

/* Count a node; whether the budget has run out. */
static bool visit(gl_search *s)
{
	s->nodes++;
	if (s->node_limit && s->nodes >= s->node_limit)
		return s->stop = true;
	if (s->nodes % CHECK_EVERY == 0 &&
	    ((s->deadline > 0 && gl_now() >= s->deadline) ||
	     (s->halt && atomic_load_explicit(s->halt, memory_order_relaxed))))
		return s->stop = true;
	return false;
}

/* Credit a, which refuted a line at ply searched to depth: history and
 * killers. */
static void reward(gl_search *s, gl_action a, int ply, int depth)
{
	history_credit(s->history, s->hist_size, a, depth * depth);
	if (s->killer[ply][0] != a) {
		s->killer[ply][1] = s->killer[ply][0];
		s->killer[ply][0] = a;
	}
}

/* Make move a from st at ply: in place (make/unmake) or into the next
 * ply's buffer; returns the child. undo_move puts st back. */
static void *do_move(gl_search *s, void *st, gl_action a, int ply, gl_undo *u)
{
	const gl_game *g = s->g;
	if (s->use_make) {
		g->type->make(g, st, a, u);
		return st;
	}
	void *child = s->states + (size_t)(ply + 1) * s->stride;
	memcpy(child, st, g->state_size);
	g->type->apply(g, child, a);
	return child;
}

static void undo_move(gl_search *s, void *st, gl_action a, const gl_undo *u)
{
	if (s->use_make)
		s->g->type->unmake(s->g, st, a, u);
}

static int alphabeta(gl_search *s, void *st, int ply, int depth, int alpha,
	int beta);

/*
 * Quiescence at non-terminal st (visited by the caller), past the
 * horizon: a quiet state is its leaf score; at a noisy one every legal
 * move is searched (there is no standing pat: in checkers the capture is
 * compulsory), fail-soft, until each line is quiet or ends. The budget
 * stops it as it stops the main search; MAX_PLY bounds its depth.
 */
static int quiesce(gl_search *s, void *st, int ply, int alpha, int beta)
{
	const gl_game *g = s->g;
	if (ply >= MAX_PLY || !g->type->noisy(g, st))
		return leaf_score(s, st);
	gl_action *moves = s->moves + (size_t)ply * g->max_legal;
	int n = g->type->legal(g, st, moves);
	int side = side_of(s->root, g->type->to_move(g, st));
	int best = -SCORE_INF;
	for (int i = 0; i < n; i++) {
		gl_undo u;
		void *child = do_move(s, st, moves[i], ply, &u);
		int v;
		if (visit(s))
			v = 0;
		else if (g->type->terminal(g, child))
			v = end_score(g, child, s->root, side, ply + 1);
		else if (side_of(s->root, g->type->to_move(g, child)) == side)
			v = quiesce(s, child, ply + 1, alpha, beta);
		else
			v = -quiesce(s, child, ply + 1, -beta, -alpha);
		undo_move(s, st, moves[i], &u);
		if (s->stop)
			return 0;
		if (v > best) {
			best = v;
			if (v > alpha) {
				alpha = v;
				if (v >= beta)
					break;
			}
		}
	}
	return best;
}

/* Value for `side` of playing a in st (at ply) with window (alpha, beta),
 * null windows and all. The child's state is made in place or in the
 * next ply's buffer; st is unchanged on return. */
static int child_value(gl_search *s, void *st, gl_action a, int side,
	int ply, int depth, int alpha, int beta)
{
	const gl_game *g = s->g;
	gl_undo u;
	void *child = do_move(s, st, a, ply, &u);
	int v;
	s->pv_len[ply + 1] = 0;
	if (g->type->terminal(g, child)) {
		v = visit(s) ? 0 : end_score(g, child, s->root, side, ply + 1);
	} else if (side_of(s->root, g->type->to_move(g, child)) == side) {
		v = alphabeta(s, child, ply + 1, depth - 1, alpha, beta);
	} else {
		v = -alphabeta(s, child, ply + 1, depth - 1, -beta, -alpha);
	}
	undo_move(s, st, a, &u);
	return v;
}

/* Record a (which scored inside the window at ply) as the head of the
 * principal variation, followed by the child's. */
static void pv_update(gl_search *s, int ply, gl_action a)
{
	s->pv[ply][0] = a;
	int n = s->pv_len[ply + 1];
	if (n > MAX_PLY - ply)
		n = MAX_PLY - ply;
	memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(gl_action));
	s->pv_len[ply] = n + 1;
}

/* The value for `side` of child (reached at ply), terminal or by the
 * leaf evaluation. */
static int static_value(gl_search *s, const void *child, int side, int ply)
{
	const gl_game *g = s->g;
	if (g->type->terminal(g, child))
		return end_score(g, child, s->root, side, ply);
	int v = leaf_score(s, child);
	return side_of(s->root, g->type->to_move(g, child)) == side ? v : -v;
}

/* The value of non-terminal st at ply for `side` by a one-ply search:
 * the best static value of a move for the player to move there. Uses
 * the move list of ply and the state buffer of ply + 1. */
static int one_ply(gl_search *s, void *st, int ply, int side)
{
	const gl_game *g = s->g;
	gl_action *moves = s->moves + (size_t)ply * g->max_legal;
	int me = side_of(s->root, g->type->to_move(g, st));
	int n = g->type->legal(g, st, moves), best = -SCORE_INF;
	for (int i = 0; i < n && !visit(s); i++) {
		gl_undo u;
		void *child = do_move(s, st, moves[i], ply, &u);
		int v = static_value(s, child, me, ply + 1);
		undo_move(s, st, moves[i], &u);
		if (v > best)
			best = v;
	}
	return me == side ? best : -best;
}

/* Forward pruning at st (ply > 0): rank the moves by a two-ply lookahead
 * (each move, then the best reply by the static evaluation, so that a
 * move which loses a piece at once ranks as such), and keep the
 * s->prune best, and the table's move, at the front of moves[]; return
 * how many are kept. */
static int forward_prune(gl_search *s, void *st, gl_action *moves, int n,
	int side, int ply, gl_action tt_move)
{
	const gl_game *g = s->g;
	int32_t *stat = s->stat;
	for (int i = 0; i < n; i++) {
		if (visit(s))
			return n; /* out of budget: the search stops anyway */
		gl_undo u;
		void *child = do_move(s, st, moves[i], ply, &u);
		stat[i] = moves[i] == tt_move ? INT32_MAX :
			  g->type->terminal(g, child) ?
			  end_score(g, child, s->root, side, ply + 1) :
			  one_ply(s, child, ply + 1, side);
		undo_move(s, st, moves[i], &u);
	}
	/* The best `keep` first (the table's move scored INT32_MAX). */
	int keep = s->prune;
	for (int i = 0; i < keep; i++)
		pick_next(moves, stat, i, n);
	return keep;
}

/* Fail-soft alpha-beta with PVS at non-terminal st: the score for the
 * player to move's side, searched depth plies. */
static int alphabeta(gl_search *s, void *st, int ply, int depth, int alpha,
	int beta)
{
	const gl_game *g = s->g;
	s->pv_len[ply] = 0;
	if (visit(s))
		return 0;
	if (depth <= 0 || ply >= MAX_PLY)
		return s->quiesce ? quiesce(s, st, ply, alpha, beta) :
				    leaf_score(s, st);

	uint64_t key = gl_game_hash(g, st);
	gl_action tt_move = -1;
	tt_entry *e = tt_probe(s, key);
	if (e) {
		tt_move = e->move;
		if (e->depth == depth) {
			int v = from_tt(e->value, ply);
			if (e->bound == BOUND_EXACT ||
			    (e->bound == BOUND_LOWER && v >= beta) ||
			    (e->bound == BOUND_UPPER && v <= alpha))
				return v;
		}
	}

	gl_action *moves = s->moves + (size_t)ply * g->max_legal;
	int32_t *order = s->order + (size_t)ply * g->max_legal;
	int n = g->type->legal(g, st, moves);
	int side = side_of(s->root, g->type->to_move(g, st));
	if (s->prune && depth >= 3 && n > s->prune)
		n = forward_prune(s, st, moves, n, side, ply, tt_move);
	for (int i = 0; i < n; i++) {
		gl_action a = moves[i];
		order[i] = a == tt_move ? INT32_MAX :
			   a == s->killer[ply][0] ? (1 << 30) + 1 :
			   a == s->killer[ply][1] ? (1 << 30) :
			   s->history[(size_t)a % s->hist_size];
	}

	int alpha0 = alpha;
	int best = -SCORE_INF;
	gl_action best_move = moves[0];
	for (int i = 0; i < n; i++) {
		pick_next(moves, order, i, n);
		gl_action a = moves[i];
		int v;
		if (i == 0) {
			v = child_value(s, st, a, side, ply, depth, alpha, beta);
		} else {
			v = child_value(s, st, a, side, ply, depth, alpha,
				alpha + 1);
			if (v > alpha && v < beta && !s->stop)
				v = child_value(s, st, a, side, ply, depth, alpha,
					beta);
		}
		if (s->stop)
			return 0;
		if (v > best) {
			best = v;
			best_move = a;
			if (v > alpha) {
				alpha = v;
				pv_update(s, ply, a);
				if (v >= beta) {
					reward(s, a, ply, depth);
					break;
				}
			}
		}
	}
	int bound = best <= alpha0 ? BOUND_UPPER :
		    best >= beta ? BOUND_LOWER : BOUND_EXACT;
	tt_store(s, key, to_tt(best, ply), best_move, depth, bound);
	return best;
}

/* Shuffle the root moves (Fisher-Yates). */
static void shuffle(gl_action *m, int n, gl_rng *rng)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)gl_rng_below(rng, (uint32_t)i + 1);
		gl_action t = m[i];
		m[i] = m[j];
		m[j] = t;
	}
}

/* Move root move i to the front, keeping the others' order. */
static void to_front(gl_action *m, int i)
{
	gl_action a = m[i];
	memmove(m + 1, m, (size_t)i * sizeof *m);
	m[0] = a;
}

/* One iteration at the root to depth: best move index and value into
 * *best_i, *best_v (best_i < 0 if stopped before the first move was
 * searched in full). Returns whether it completed. */
static bool root_iteration(gl_search *s, void *st, int n, int depth,
	int *best_i, int *best_v)
{
	const gl_game *g = s->g;
	int alpha = -SCORE_INF, beta = SCORE_INF;
	*best_i = -1;
	*best_v = -SCORE_INF;
	s->pv_len[0] = 0;
	if (visit(s))
		return false;
	for (int i = 0; i < n; i++) {
		gl_action a = s->root_moves[i];
		int v;
		if (i == 0) {
			v = child_value(s, st, a, 0, 0, depth, alpha, beta);
		} else {
			v = child_value(s, st, a, 0, 0, depth, alpha, alpha + 1);
			if (v > alpha && !s->stop)
				v = child_value(s, st, a, 0, 0, depth, alpha, beta);
		}
		if (s->stop)
			return false;
		if (v > *best_v) {
			*best_v = v;
			*best_i = i;
			alpha = v;
			pv_update(s, 0, a);
		}
	}
	tt_store(s, gl_game_hash(g, st), *best_v, s->root_moves[*best_i],
		depth, BOUND_EXACT);
	return true;
}

int gl_search_run(gl_search *s, const void *state, const gl_limits *lim,
	gl_search_result *out)
{
	const gl_game *g = s->g;
	if (g->type->terminal(g, state))
		return GL_EINVAL;
	double t0 = gl_now();
	gl_limits none = {0, 0, 0};
	if (!lim)
		lim = &none;
	int max_depth = lim->depth > 0 && lim->depth < GL_SEARCH_MAX_DEPTH ?
		lim->depth : GL_SEARCH_MAX_DEPTH;
	s->nodes = 0;
	s->stop = false;
	s->node_limit = lim->nodes;
	s->deadline = lim->seconds > 0 ? t0 + lim->seconds : 0;
	s->root = g->type->to_move(g, state);
	if (g->nplayers > 2 && s->tt_root != s->root)
		memset(s->tt, 0, (s->tt_mask + 1) * sizeof *s->tt);
	s->tt_root = s->root;
	s->age++;
	for (size_t i = 0; i < s->hist_size; i++)
		s->history[i] /= 4;

	/* The root works on a copy: unmake restores it, copy-make reads it. */
	void *st = s->states;
	memcpy(st, state, g->state_size);
	int n = g->type->legal(g, st, s->root_moves);
	if (s->rng)
		shuffle(s->root_moves, n, s->rng);
	tt_entry *e = tt_probe(s, gl_game_hash(g, st));
	for (int i = 0; e && i < n; i++)
		if (s->root_moves[i] == e->move)
			to_front(s->root_moves, i);

	memset(out, 0, sizeof *out);
	out->best = s->root_moves[0];
	for (int d = 1; d <= max_depth; d++) {
		int bi, bv;
		bool done = root_iteration(s, st, n, d, &bi, &bv);
		if (!done && bi < 0)
			break;
		out->best = s->root_moves[bi];
		out->value = bv;
		out->partial = !done;
		out->pv_len = s->pv_len[0] < GL_SEARCH_PV_MAX ?
			s->pv_len[0] : GL_SEARCH_PV_MAX;
		memcpy(out->pv, s->pv[0], (size_t)out->pv_len * sizeof *out->pv);
		if (s->report)
			s->report(s->report_ctx, out->best, d);
		if (!done)
			break;
		out->depth = d;
		to_front(s->root_moves, bi);
		/* A proven win or loss cannot change deeper; nor can anything
		 * once the whole game fits inside the horizon. */
		if (!s->prune && (bv >= GL_SEARCH_WIN - MAX_PLY ||
				  bv <= -GL_SEARCH_WIN + MAX_PLY))
			break; /* (not a proof when replies were pruned) */
		if ((unsigned)d >= g->max_length)
			break;
	}
	out->nodes = s->nodes;
	out->seconds = gl_now() - t0;
	return 0;
}
