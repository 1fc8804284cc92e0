/*
 * uct_solve.c - exact values in the `uct` agent: MCTS-Solver (Winands,
 * Bjornsson and Saito, "Monte-Carlo Tree Search Solver", CG 2008), which
 * proves wins and losses from the ends the tree reaches, and endgame
 * solving (param esolve), an alpha-beta search to the game's ends before
 * the tree's search of a move.
 */
#include "agents/uct_internal.h"

#include <string.h>


/* MCTS-Solver (Winands, Bjornsson and Saito, "Monte-Carlo Tree Search
 * Solver", CG 2008), for any goals: a node is proven when a child gives
 * its mover the top goal (100), or when every child is proven and the
 * best of them for the mover is 0, a loss. As in that paper only wins and
 * losses are proven above the leaves: a proven draw would stop the search
 * among drawing moves, and against a fallible opponent some of them win
 * more often (tictactoe against random at 30000 iterations a move: 190
 * wins and 10 draws in 200 matches, against 181 and 19 proving draws
 * too). A hidden ply's mover does not see the choice before it, so a
 * hidden ply is proven only when every child is proven to the same goals:
 * its choice cannot matter. Returns whether n is now proven. */
bool uct_try_prove(uct *u, node *n)
{
	if (!(n->flags & EXPANDED))
		return false;
	int m = mover_of(u, n);
	const node *best = NULL;
	bool all = true;
	for (int k = 0; k < n->nchild; k++) {
		const node *c = &u->nodes[n->first + k];
		if (!(c->flags & PROVEN)) {
			all = false;
			continue;
		}
		if (n->flags & HIDDEN && best && (c->proof[0] != best->proof[0] ||
		    c->proof[1] != best->proof[1]))
			return false;
		if (!best || c->proof[m] > best->proof[m])
			best = c;
	}
	if (!best || (!all && (best->proof[m] < 100 || n->flags & HIDDEN)) ||
	    (best->proof[m] > 0 && best->proof[m] < 100))
		return false;
	n->proof[0] = best->proof[0];
	n->proof[1] = best->proof[1];
	n->flags |= PROVEN;
	return true;
}

/* The ancestors of the last node of u->path (just proven), from its
 * parent up, proven as far as they can be. */
static void prove_up(uct *u)
{
	for (int i = u->depth - 1; i > 0; i--)
		if (!uct_try_prove(u, &u->nodes[u->path[i - 1]]))
			break;
}

void uct_prove_leaf(uct *u, const gl_game *g, node *leaf,
	const double *goals)
{
	leaf->flags |= TERMINAL | PROVEN;
	leaf->proof[0] = (int8_t)goals[0];
	leaf->proof[1] = (int8_t)(g->nplayers > 1 ? goals[1] : 0);
	prove_up(u);
}

/* Endgame solving (param esolve; as endgame solvers in chess and othello
 * programs, and Sancho's in GGP): in a game of two players whose goals
 * sum to 100 at every end, a move first searches the root's state to
 * the game's ends by alpha-beta (fail-soft negamax over the mover's goal,
 * a table of bounds kept through the match), until a share of the move's
 * time runs out: at the first move of a match, and at every move after
 * a search (the last move's, and any pondering since) in which at least
 * 1% of the tree's descents stopped at an end of the game or a proven
 * node, so that little time goes on solves while the end is beyond
 * the tree's sight (docs/data/ggp-strength-rounds.md, round 32).
 * A position solved is known exactly: a win is played at once; a draw
 * keeps the tree's move only if that move is proven to hold the draw;
 * a loss leaves the choice to the tree, whose move makes the loss
 * hardest to find. It gives up (u->es_abort) out of time, beyond
 * u->es_levels plies, at a round of simultaneous moves, or at an end
 * whose goals do not sum to 100. */

/* The mover's MAST mean for move m (50 unseen, or without MAST): the
 * order in which es_search() tries the moves, after the table's. */
static double es_order(const uct *u, int who, gl_action m)
{
	if (!u->mast)
		return 50;
	const mast_entry *e = &u->mast[(size_t)who * u->nact + (size_t)m];
	return e->n > 0 ? e->sum / e->n : 50;
}

/* a->stop, as choose() found it at its start */
bool uct_halted(const uct *u)
{
	return u->halt && atomic_load_explicit(u->halt, memory_order_relaxed);
}

/* The exact goal of s's mover (s not terminal) within [alpha, beta]
 * (fail-soft: at or below alpha an upper bound, at or above beta a lower
 * one), ply
 * levels below the root; 0 with u->es_abort set when it gives up. */
static int es_search(uct *u, const gl_game *g, const void *s, int ply,
	int alpha, int beta)
{
	if (++u->es_nodes > u->es_max || ((u->es_nodes & 1023) == 0 &&
	    ((u->es_stop > 0 && gl_now() >= u->es_stop) || uct_halted(u))))
		u->es_abort = true;
	if (u->es_abort || ply >= u->es_levels ||
	    (g->type->hidden && g->type->hidden(g, s) > 0)) {
		u->es_abort = true;
		return 0;
	}
	uint64_t h = gl_game_hash(g, s);
	h = h ? h : 1; /* 0 marks a free entry */
	es_entry *e = &u->es_tt[h & (((uint64_t)1 << ES_BITS) - 1)];
	gl_action first = NONE;
	int plo = 0, phi = 100; /* the bounds known before this search */
	if (e->key == h) {
		if (ply == 0)
			u->es_move = e->move;
		if (e->lo >= beta || e->lo == e->hi)
			return e->lo;
		if (e->hi <= alpha)
			return e->hi;
		plo = e->lo;
		phi = e->hi;
		alpha = alpha > plo ? alpha : plo;
		beta = beta < phi ? beta : phi;
		first = e->move;
	}
	gl_action *mv = gl_scratch_moves(&u->esw, ply);
	unsigned char *t = gl_scratch_state(&u->esw, ply);
	int k = g->type->legal(g, s, mv);
	int m = g->type->to_move(g, s);
	/* the table's move first, then by MAST's means, highest first (the
	 * keys in es_key, in step with the moves; es_search() below sorts
	 * its own only after this sort is done) */
	double *key = u->es_key;
	for (int i = 0; i < k; i++) {
		gl_action x = mv[i];
		double v = x == first ? 1e9 : es_order(u, m, x);
		int j = i;
		for (; j > 0 && key[j - 1] < v; j--) {
			mv[j] = mv[j - 1];
			key[j] = key[j - 1];
		}
		mv[j] = x;
		key[j] = v;
	}
	int a0 = alpha, best = -1;
	gl_action bm = k > 0 ? mv[0] : NONE;
	for (int i = 0; i < k && best < beta; i++) {
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, mv[i]);
		int v;
		if (g->type->terminal(g, t)) {
			int goals[GL_PLAYERS_MAX];
			g->type->goals(g, t, goals);
			if (goals[0] + goals[1] != 100) {
				u->es_abort = true;
				return 0;
			}
			v = goals[m];
		} else if (g->type->to_move(g, t) == m) {
			v = es_search(u, g, t, ply + 1, alpha, beta);
		} else {
			v = 100 - es_search(u, g, t, ply + 1, 100 - beta,
				100 - alpha);
		}
		if (u->es_abort)
			return 0;
		if (v > best) {
			best = v;
			bm = mv[i];
		}
		if (best > alpha)
			alpha = best;
	}
	if (k == 0) { /* no move but not an end: not a game it can solve */
		u->es_abort = true;
		return 0;
	}
	/* the new bounds, as tight as the ones known before (a search that
	 * failed low at a known lower bound leaves the value exact) */
	int lo = best <= a0 ? 0 : best, hi = best >= beta ? 100 : best;
	e->key = h;
	e->move = bm;
	e->lo = (int8_t)(lo > plo ? lo : plo);
	e->hi = (int8_t)(hi < phi ? hi : phi);
	if (ply == 0)
		u->es_move = bm;
	return best;
}

/* The states a solve may search: without a clock (an iteration limit),
 * esolve times 10,000, so that the play is reproducible; with one, as
 * many as the clock allows. */
static uint64_t es_budget(const uct *u, double stop)
{
	return stop > 0 ? UINT64_MAX : (uint64_t)u->esolve * 10000;
}

/* Solve state s (the root's, the agent's move, not terminal) by
 * es_search() until the clock reads stop (0: es_budget()'s states):
 * returns whether it did, the
 * mover's exact goal into *value and a move that achieves it into *move. */
static bool es_solve(uct *u, const gl_game *g, const void *s, double stop,
	int *value, gl_action *move)
{
	u->es_stop = stop;
	u->es_nodes = 0;
	u->es_max = es_budget(u, stop);
	u->es_abort = false;
	u->es_move = NONE;
	u->es_dirty = true;
	*value = es_search(u, g, s, 0, 0, 100);
	*move = u->es_move;
	return !u->es_abort;
}

bool uct_es_holds(uct *u, const gl_game *g, const void *s, gl_action m,
	int v, double stop)
{
	unsigned char *t = gl_scratch_state(&u->esw, 0);
	int me = g->type->to_move(g, s), got;
	memcpy(t, s, g->state_size);
	g->type->apply(g, t, m);
	if (g->type->terminal(g, t)) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, t, goals);
		return goals[me] >= v;
	}
	u->es_stop = stop;
	u->es_nodes = 0;
	u->es_max = es_budget(u, stop);
	u->es_abort = false;
	/* a null window at v: whether the move's value reaches v */
	if (g->type->to_move(g, t) == me)
		got = es_search(u, g, t, 1, v - 1, v);
	else
		got = 100 - es_search(u, g, t, 1, 100 - v, 101 - v);
	return !u->es_abort && got >= v;
}

/* A win found (100) is played; any value between (a draw) is kept, at
 * the cost of the last 2% of the clock to check the tree's move; a loss
 * found (0) leaves the choice to the tree. It runs where the end is near:
 * at least 1% of the descents since the last choice reached it (or there
 * was none). */
int uct_es_before(uct *u, const gl_game *g, const void *s, int h,
	const gl_action *moves, int k, double stop, int *ev, gl_action *em,
	double *tree_stop)
{
	*ev = -1;
	*em = NONE;
	*tree_stop = stop;
	bool near = u->es_first || u->es_ends * 100 >= u->es_desc;
	u->es_first = false;
	u->es_desc = u->es_ends = 0; /* what this search sees, for the next */
	if (u->esolve > 0 && (stop > 0 || !u->es_clock) && near && h == 0 &&
	    !(u->nodes[u->root].flags & SIMUL)) {
		double end = stop > 0 ? gl_now() + u->seconds * u->esolve / 100 : 0;
		/* a move not listed: a hash's collision */
		if (!es_solve(u, g, s, end, ev, em) || !uct_listed(moves, k, *em))
			*ev = -1;
		else if (*ev == 100)
			return 1;
		else if (*ev > 0 && stop > 0)
			*tree_stop = stop - u->seconds / 50;
	}
	return 0;
}
