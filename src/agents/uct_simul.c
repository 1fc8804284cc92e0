/*
 * uct_simul.c - the `uct` agent at simultaneous moves: decoupled UCT
 * (Finnsson's CadiaPlayer, AAAI 2008; Lanctot et al., "Monte Carlo Tree
 * Search in Simultaneous Move Games with Applications to Goofspiel", CGW
 * 2013). The gdl type sequentialises a step in which several roles choose
 * into plies, one per role, with the earlier choices pending in the state
 * (game.h's hidden()). The node where such a round starts (SIMUL) keeps,
 * besides its children (the first chooser's moves), one statistics node
 * per move of every later chooser (expand()); at the round's hidden plies
 * each later chooser selects by UCT over those shared statistics, so its
 * choice never depends on the earlier, unseen ones. Proofs do not assume
 * that a later chooser sees the earlier choices (uct_try_prove()).
 *
 * Asked to move at a hidden state, the agent searches from the state
 * where the round started, which it knows from observe() (or finds among
 * the states the unseen earlier choices could make, as ggp serve fills
 * them in with placeholders), and plays from its own statistics of the
 * round; with no round start known it plays a random move rather than
 * read the pending choices. The move played is drawn in proportion to the
 * visits of the player's moves (param mix: decoupled UCT's mixed
 * strategy, as roshambo needs), among those with at least mixcut percent
 * of the most visited one's visits: drawn among all, the moves UCT only
 * explored are played too (blockerParallel: docs/data/ggp-strength-
 * rounds.md, round 9).
 */
#include "agents/uct_internal.h"

#include <math.h>
#include <string.h>


int uct_select_stat(uct *u, gl_agent *a, int32_t st, int n)
{
	const node *x = &u->nodes[st];
	double total = 0;
	int fresh = 0;
	for (int i = 0; i < n; i++) {
		total += x[i].visits;
		fresh += x[i].visits == 0;
	}
	if (fresh) {
		int r = (int)gl_rng_below(&a->rng, (uint32_t)fresh);
		for (int i = 0; i < n; i++)
			if (x[i].visits == 0 && r-- == 0)
				return i;
	}
	double logn = log(total), best = -1;
	int pick = 0;
	for (int i = 0; i < n; i++) {
		double v = x[i].sum / x[i].visits + u->c * sqrt(logn / x[i].visits);
		if (v > best) {
			best = v;
			pick = i;
		}
	}
	return pick;
}

void uct_anchor(uct *u, const gl_game *g, const void *s)
{
	memcpy(u->here, s, g->state_size);
	memcpy(u->cur, s, g->state_size);
	u->npend = 0;
	u->known = true;
	u->root = NONE;
}

/* Whether state s is reached from t by d more moves (the pending choices
 * of a round, unseen), trying them all within *budget apply() calls.
 * Level `level` of the search uses the level's list and state of u->w. */
static bool reaches(const uct *u, const gl_game *g, const void *t,
	const void *s, int d, int level, long *budget)
{
	if (d == 0)
		return memcmp(t, s, g->state_size) == 0;
	if (LIST_REACH + level >= u->w.nlists)
		return false; /* more unseen choices than players: not a round */
	gl_action *mv = gl_scratch_moves(&u->w, LIST_REACH + level);
	unsigned char *x = gl_scratch_state(&u->w, STATE_REACH + level);
	int k = g->type->legal(g, t, mv);
	for (int i = 0; i < k; i++) {
		if (--*budget < 0)
			return false;
		memcpy(x, t, g->state_size);
		g->type->apply(g, x, mv[i]);
		if (reaches(u, g, x, s, d - 1, level + 1, budget))
			return true;
	}
	return false;
}

/* Whether s, a state with h choices of its round pending, belongs to the
 * round that starts at `here`: the match as observed, or that state after
 * choices the agent was not told of. */
static bool in_round(const uct *u, const gl_game *g, const void *s, int h)
{
	if (!u->known || u->npend > h)
		return false;
	if (u->npend == h)
		return memcmp(u->cur, s, g->state_size) == 0;
	long budget = FIND_BUDGET;
	return reaches(u, g, u->cur, s, h - u->npend, 0, &budget);
}

bool uct_root_at(uct *u, const gl_game *g, const void *s, int h)
{
	if (h == 0) {
		if (!u->known || u->npend || memcmp(u->here, s, g->state_size) != 0)
			uct_anchor(u, g, s);
	} else if (!in_round(u, g, s, h)) {
		return false;
	}
	if (u->root == NONE)
		uct_new_tree(u);
	else if (u->root != 0)
		uct_compact(u);
	return true;
}

gl_action uct_pick_simul(uct *u, gl_agent *a, const node *const *x, int n)
{
	int me = a->role;
	int *cand = u->cand, nc = 0;
	double total = 0;
	for (int i = 0; i < n; i++)
		if (x[i]->flags & PROVEN && x[i]->proof[me] == 100)
			return x[i]->move;
	for (int i = 0; i < n; i++)
		if (!(x[i]->flags & PROVEN && x[i]->proof[me] == 0))
			cand[nc++] = i;
	if (nc == 0)
		for (int i = 0; i < n; i++)
			cand[nc++] = i;
#define W(i) ((double)x[i]->visits)
	double top = 0;
	for (int k = 0; k < nc; k++)
		if (W(cand[k]) > top)
			top = W(cand[k]);
	/* mixcut: the moves drawn need a share of the top visits */
	int keep = 0;
	for (int k = 0; k < nc; k++)
		if (100.0 * W(cand[k]) >= u->mixcut * top) {
			cand[keep++] = cand[k];
			total += W(cand[k]);
		}
	nc = keep;
	if (total == 0)
		return x[cand[gl_rng_below(&a->rng, (uint32_t)nc)]]->move;
	int pick = cand[0];
	if (u->mix) {
		double at = gl_rng_unit(&a->rng) * total;
		for (int k = 0; k < nc; k++) {
			pick = cand[k];
			if ((at -= W(pick)) < 0)
				break;
		}
	} else {
		for (int k = 1; k < nc; k++)
			if (W(cand[k]) > W(pick))
				pick = cand[k];
	}
#undef W
	return x[pick]->move;
}
