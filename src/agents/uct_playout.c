/*
 * uct_playout.c - the `uct` agent's playouts one by one: moves from a
 * leaf to the end, drawn by MAST (Finnsson and Bjornsson, "Simulation-
 * Based Approach to General Game Playing", AAAI 2008: each player's mean
 * goal per move over all the iterations of the match, here Gibbs
 * sampling at temperature tau), and, in games of lines to connect
 * (param connect), decisive and anti-decisive moves (Teytaud and
 * Teytaud, "On the Huge Benefit of Decisive Moves in Monte-Carlo Tree
 * Search Algorithms", CIG 2010). The batches of lanes play theirs through
 * the game's playouts_each() (uct_time.c).
 */
#include "agents/uct_internal.h"
#include "agents/threats.h"

#include <math.h>
#include <string.h>


/* A move of moves[0..k) drawn with probability w[i] / total. */
static gl_action draw_move(gl_agent *a, const gl_action *moves,
	const double *w, int k, double total)
{
	double r = gl_rng_unit(&a->rng) * total;
	for (int i = 0; i < k - 1; i++)
		if ((r -= w[i]) < 0)
			return moves[i];
	return moves[k - 1];
}

/* MAST as CadiaPlayer had it (Finnsson and Bjornsson 2008): player p's
 * move drawn from moves[0..k) with probability proportional to
 * exp(Q / tau), Q its mean goal over all iterations (a move never played:
 * 100). */
static gl_action gibbs_move(uct *u, gl_agent *a, int p, const gl_action *moves,
	int k)
{
	mast_entry *q = u->mast + (size_t)p * u->nact;
	double *w = u->weight, total = 0;
	for (int i = 0; i < k; i++) {
		mast_entry *e = &q[moves[i]];
		w[i] = e->n > 0 ? uct_mast_weight(u, e) : 1; /* exp(0): never made */
		total += w[i];
	}
	return draw_move(a, moves, w, k, total);
}

/* Whether playouts record their moves (and their movers: a to_move() a
 * move) for MAST: not once MAST's playouts have stopped at a round of
 * simultaneous moves. */
static bool tracking(const uct *u)
{
	return u->trail && uct_policy_on(u);
}

/* Decisive moves (Teytaud and Teytaud, "On the Huge Benefit of Decisive
 * Moves in Monte-Carlo Tree Search Algorithms", CIG 2010): the index of
 * the first of moves[0..k) from s that ends the game with its mover's top
 * goal (100), or -1; t is scratch for a state. Costs an apply() and a
 * terminal() a move until one wins. */
static int win_at(const gl_game *g, const void *s, const gl_action *moves,
	int k, int mover, void *t)
{
	for (int i = 0; i < k; i++) {
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, moves[i]);
		if (uct_won(g, t, mover))
			return i;
	}
	return -1;
}

/* Moves from s to the end (at most max_length of them), at random or by
 * MAST (recorded in u->trail); the goals into goals. A game cut short
 * scores 50 for every player (a draw), a puzzle its goal where it
 * stopped. Returns the moves played (0: s was terminal). */
static unsigned playout(uct *u, gl_agent *a, void *s, int *goals)
{
	const gl_game *g = a->game;
	gl_action *moves = u->moves;
	bool track = tracking(u);
	unsigned ply;
	/* decisive and anti-decisive moves, until the match meets a round of
	 * simultaneous moves (a round's later chooser cannot answer the
	 * earlier, unseen ones); for a block, the last move's mover and the
	 * moves it had, while that move may be taken back */
	bool decisive = u->decisive && !u->rounds;
	int last = -1, nlast = 0;
	for (ply = 0; ply < g->max_length; ply++) {
		int k = g->type->legal(g, s, moves);
		if (k == 0) {
			g->type->goals(g, s, goals);
			return ply;
		}
		gl_action m = NONE;
		int p = -1;
		if (decisive && k > 1) {
			p = g->type->to_move(g, s);
			int i = threats_near(g, s, p) ?
				win_at(g, s, moves, k, p, u->look) : -1;
			m = i >= 0 ? moves[i] : NONE;
			if (m != NONE && last >= 0 && last != p &&
			    uct_listed(u->pmv, nlast, m)) {
				/* the last mover takes its move back and plays
				 * the win it leaves (a block, where the move is
				 * the same for both, as a cell to mark) */
				memcpy(s, u->ps, g->state_size);
				g->type->apply(g, s, m);
				if (track)
					u->trail[ply - 1] = m;
				last = -1;
				ply--;
				continue;
			}
		}
		if (decisive && k > 1) {
			last = p >= 0 ? p : g->type->to_move(g, s);
			nlast = k;
			memcpy(u->pmv, moves, (size_t)k * sizeof *moves);
			memcpy(u->ps, s, g->state_size);
		} else {
			last = -1;
		}
		if (track) {
			p = p >= 0 ? p : g->type->to_move(g, s);
			bool policy = k > 1 && uct_policy_on(u);
			if (m != NONE)
				; /* it wins at once */
			else if (policy && u->tau > 0)
				m = gibbs_move(u, a, p, moves, k);
			else
				m = moves[gl_rng_below(&a->rng, (uint32_t)k)];
			u->trail[ply] = m;
			u->trail_who[ply] = (int8_t)p;
		} else if (m == NONE) {
			m = moves[gl_rng_below(&a->rng, (uint32_t)k)];
		}
		g->type->apply(g, s, m);
	}
	if (g->nplayers == 1 || g->type->terminal(g, s)) {
		g->type->goals(g, s, goals);
		return ply;
	}
	for (unsigned p = 0; p < g->nplayers; p++)
		goals[p] = 50;
	return ply;
}

bool uct_leaf_value(uct *u, gl_agent *a, const void *s, double *mean)
{
	const gl_game *g = a->game;
	unsigned char *t = u->t;
	int goals[GL_PLAYERS_MAX];
	memcpy(t, s, g->state_size);
	unsigned ply = playout(u, a, t, goals);
	u->ntrail = tracking(u) ? ply : 0;
	for (unsigned p = 0; p < g->nplayers; p++)
		mean[p] = goals[p];
	if (ply == 0) /* terminal */
		return true;
	if (u->mast)
		for (unsigned j = 0; j < u->ntrail; j++)
			uct_mast_add(u, g, u->trail_who[j], u->trail[j],
				goals[u->trail_who[j]]);
	return false;
}
