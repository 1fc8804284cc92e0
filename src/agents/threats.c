/*
 * threats.c - a state's threats from its game's goal lines (threats.h).
 */
#include "agents/threats.h"

#include <string.h>

/* Word k of the state's propositions. */
static inline uint64_t word_at(const unsigned char *s, unsigned k)
{
	uint64_t x;
	memcpy(&x, s + 8 * (size_t)k, sizeof x);
	return x;
}

/* Proposition i of the state. */
static inline bool prop_at(const unsigned char *s, uint32_t i)
{
	return word_at(s, i / 64) >> (i % 64) & 1;
}

bool threats_near(const gl_game *g, const unsigned char *s, int p)
{
	const gl_goal_lines *l = &g->lines;
	if (g->nprops == 0 || l->n == 0)
		return true;
	for (unsigned i = 0; i < l->n; i++) {
		if (l->player[i] != p)
			continue;
		uint32_t a = l->first[i], b = l->first[i + 1], miss = 0;
		for (uint32_t j = a; j < b && miss < 2; j++)
			miss += !prop_at(s, l->prop[j]);
		if (miss < 2)
			return true;
	}
	return false;
}
