/*
 * internal.h - what the alpha-beta search and the exact solver share:
 * move ordering by a score (pick the best remaining move), and the history
 * heuristic's table of cutoff credit per action id.
 */
#ifndef SEARCH_INTERNAL_H
#define SEARCH_INTERNAL_H

#include "gamelearn/game.h"

enum { HISTORY_MAX = 1 << 20 }; /* history slots at most */

/* Slots of the history table for g: one per action id, or HISTORY_MAX
 * shared modulo for games with larger alphabets (checkers). */
static inline size_t history_size(const gl_game *g)
{
	return g->nactions > 0 && (size_t)g->nactions < HISTORY_MAX ?
		(size_t)g->nactions : HISTORY_MAX;
}

/* Credit action a with amount; halve the whole table before any slot can
 * overflow, so old credit fades. */
static inline void history_credit(int32_t *hist, size_t size, gl_action a,
	int32_t amount)
{
	int32_t *h = &hist[(size_t)a % size];
	*h += amount;
	if (*h > (1 << 28))
		for (size_t i = 0; i < size; i++)
			hist[i] /= 2;
}

/* Put the move with the highest ordering score among [i, n) at i. */
static inline void pick_next(gl_action *moves, int32_t *order, int i, int n)
{
	int b = i;
	for (int j = i + 1; j < n; j++)
		if (order[j] > order[b])
			b = j;
	if (b != i) {
		gl_action m = moves[i];
		moves[i] = moves[b];
		moves[b] = m;
		int32_t o = order[i];
		order[i] = order[b];
		order[b] = o;
	}
}

#endif
