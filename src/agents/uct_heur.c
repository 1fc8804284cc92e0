/*
 * uct_heur.c - the heuristic the `uct` agent learns in a match, in a race
 * (param race: two players whose every goal line is one proposition, as
 * breakthrough's piece on the far row): every player's value at a state
 * predicted by a logistic model over the state's propositions (g->nprops:
 * the gdl type's base propositions), 100 / (1 + exp(-z)), z a bias plus
 * the weights of the propositions true there, fitted by stochastic
 * gradient to the values of the playouts from the tree's leaves. It
 * serves implicit minimax backups (Lanctot, Winands, Pepels and
 * Sturtevant, "Monte Carlo Tree Search with Heuristic Evaluations using
 * Implicit Minimax Backups", CIG 2014): a node keeps, for every player,
 * the minimax over its visited subtree of the heuristic at its leaves
 * (exact where proven), and selection mixes it into a child's mean; and
 * early playout termination (after Lorentz, ACG 2015): every other batch
 * of lanes stops its playouts after RACE_EPT moves and is valued by the
 * heuristic (uct_time.c). A race's goal is among the model's features; a
 * goal of several facts at once (connectFour's lines) is not, and there
 * it lost (docs/data/ggp-strength-rounds.md, rounds 27 and 30). Off once
 * the match meets a round of simultaneous moves: rounds have no minimax.
 */
#include "agents/uct_internal.h"

#include <math.h>
#include <string.h>


/* The heuristic's sums z[0..np) at s; the propositions true there into
 * u->hidx, in increasing order; returns their number. */
static unsigned heur_sums(uct *u, const unsigned char *s, double *z)
{
	size_t np = u->np, nw = ((size_t)u->nprops + 63) / 64;
	const float *w = u->hw;
	unsigned n = 0;
	for (size_t k = 0; k < nw; k++) {
		uint64_t x;
		memcpy(&x, s + 8 * k, sizeof x);
		if ((k + 1) * 64 > u->nprops)
			x &= ((uint64_t)1 << (u->nprops % 64)) - 1;
		for (; x; x &= x - 1)
			u->hidx[n++] = (uint32_t)(k * 64 + (size_t)__builtin_ctzll(x));
	}
	for (size_t p = 0; p < np; p++)
		z[p] = w[(size_t)u->nprops * np + p];
	for (unsigned i = 0; i < n; i++) {
		const float *wi = w + (size_t)u->hidx[i] * np;
		for (size_t p = 0; p < np; p++)
			z[p] += wi[p];
	}
	return n;
}

void uct_heur_values(uct *u, const unsigned char *s, double *v)
{
	heur_sums(u, s, v);
	for (unsigned p = 0; p < u->np; p++)
		v[p] = 100 / (1 + exp(-v[p]));
}

void uct_heur_eval(uct *u, int32_t n, const unsigned char *s)
{
	double v[GL_PLAYERS_MAX];
	uct_heur_values(u, s, v);
	for (unsigned p = 0; p < u->np; p++)
		u->hv[(size_t)n * u->np + p] = (float)v[p];
}

void uct_heur_learn(uct *u, const unsigned char *s, const double *val)
{
	double z[GL_PLAYERS_MAX], d[GL_PLAYERS_MAX];
	size_t np = u->np;
	unsigned n = heur_sums(u, s, z);
	for (size_t p = 0; p < np; p++)
		d[p] = HEUR_RATE * (val[p] / 100 - 1 / (1 + exp(-z[p]))) / (n + 1);
	float *w = u->hw;
	for (size_t p = 0; p < np; p++)
		w[(size_t)u->nprops * np + p] += (float)d[p];
	for (unsigned i = 0; i < n; i++) {
		float *wi = w + (size_t)u->hidx[i] * np;
		for (size_t p = 0; p < np; p++)
			wi[p] += (float)d[p];
	}
}

/* Each node of the path takes the values of its visited child best for
 * its mover. */
void uct_imb_backup(uct *u)
{
	size_t np = u->np;
	for (int i = u->depth - 1; i > 0; i--) {
		int32_t n = u->path[i - 1];
		const node *nd = &u->nodes[n];
		int m = mover_of(u, nd);
		const node *best = NULL;
		double top = -1;
		for (int k = 0; k < nd->ntried; k++) {
			const node *c = &u->nodes[nd->first + k];
			double v = uct_imb_value(u, c, m);
			if (c->visits > 0 && v > top) {
				top = v;
				best = c;
			}
		}
		if (!best)
			return;
		float *h = &u->hv[(size_t)n * np], nv[GL_PLAYERS_MAX];
		for (size_t p = 0; p < np; p++)
			nv[p] = (float)uct_imb_value(u, best, (int)p);
		if (memcmp(h, nv, np * sizeof *h) == 0)
			return;
		memcpy(h, nv, np * sizeof *h);
	}
}
