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

bool threats_fit(const gl_game *g)
{
	return g->nprops > 0 && g->nprops <= THREAT_PROPS && g->lines.n > 0;
}

int threats_init(threats *t, const gl_game *g)
{
	memset(t, 0, sizeof *t);
	t->g = g;
	t->nprops = g->nprops;
	t->nw = (g->nprops + 63) / 64;
	size_t sq = (size_t)t->nprops * t->nw;
	t->reach = gl_malloc(sq * sizeof *t->reach);
	t->block = gl_malloc(sq * sizeof *t->block);
	t->seen = gl_malloc((size_t)t->nprops * sizeof *t->seen);
	t->in_line = gl_calloc(t->nprops, 1);
	if (!t->reach || !t->block || !t->seen || !t->in_line)
		return GL_ENOMEM;
	for (unsigned i = 0; i < g->lines.first[g->lines.n]; i++)
		t->in_line[g->lines.prop[i]] = 1;
	threats_reset(t);
	return 0;
}

void threats_done(threats *t)
{
	gl_free(t->reach);
	gl_free(t->block);
	gl_free(t->seen);
	gl_free(t->in_line);
	memset(t, 0, sizeof *t);
}

void threats_reset(threats *t)
{
	size_t sq = (size_t)t->nprops * t->nw;
	memset(t->reach, 0, sq * sizeof *t->reach);
	memset(t->block, 0, sq * sizeof *t->block);
	memset(t->seen, 0, (size_t)t->nprops * sizeof *t->seen);
	t->samples = 0;
	t->next = THREAT_TRUST;
}

/* block[q] for every q of a line, from reach and seen. */
static void rebuild(threats *t)
{
	size_t nw = t->nw;
	for (uint32_t q = 0; q < t->nprops; q++) {
		if (!t->in_line[q])
			continue;
		uint64_t *b = t->block + q * nw;
		memset(b, 0, nw * sizeof *b);
		for (uint32_t p = 0; p < t->nprops; p++)
			if (t->seen[p] >= THREAT_TRUST &&
			    !(t->reach[p * nw + q / 64] >> (q % 64) & 1))
				b[p / 64] |= (uint64_t)1 << (p % 64);
	}
}

void threats_observe(threats *t, const unsigned char *from,
	const unsigned char *to)
{
	size_t nw = t->nw;
	for (unsigned k = 0; k < nw; k++) {
		uint64_t x = word_at(from, k);
		if ((k + 1) * 64 > t->nprops)
			x &= ((uint64_t)1 << (t->nprops % 64)) - 1;
		for (; x; x &= x - 1) {
			size_t p = k * 64 + (size_t)__builtin_ctzll(x);
			uint64_t *r = t->reach + p * nw;
			for (unsigned j = 0; j < nw; j++)
				r[j] |= word_at(to, j);
			if (t->seen[p] < UINT32_MAX)
				t->seen[p]++;
		}
	}
	/* rebuilt after 64, 128, 256 .. pairs, then every 65,536 */
	if (++t->samples >= t->next) {
		rebuild(t);
		t->next = t->samples < 65536 ? 2 * t->samples : t->samples + 65536;
	}
}

/* Whether proposition q may still come true at s. */
static bool open_at(const threats *t, const unsigned char *s, uint32_t q)
{
	const uint64_t *b = t->block + (size_t)q * t->nw;
	for (unsigned k = 0; k < t->nw; k++)
		if (word_at(s, k) & b[k])
			return false;
	return true;
}

unsigned threats_active(const threats *t, const unsigned char *s,
	uint32_t *out, uint32_t base)
{
	const gl_goal_lines *l = &t->g->lines;
	unsigned count[GL_PLAYERS_MAX][THREAT_MISS] = {{0}};
	bool any = false;
	for (unsigned i = 0; i < l->n; i++) {
		uint32_t a = l->first[i], b = l->first[i + 1], held = 0;
		for (uint32_t j = a; j < b; j++)
			held += prop_at(s, l->prop[j]);
		uint32_t miss = b - a - held;
		if (held == 0 || miss == 0 || miss > THREAT_MISS)
			continue;
		bool open = true;
		for (uint32_t j = a; open && j < b; j++)
			open = prop_at(s, l->prop[j]) || open_at(t, s, l->prop[j]);
		if (open)
			count[l->player[i]][miss - 1]++;
		any |= open;
	}
	if (!any)
		return 0;
	unsigned n = 0, mover = (unsigned)t->g->type->to_move(t->g, s);
	for (unsigned p = 0; p < t->g->nplayers; p++)
		for (unsigned m = 0; m < THREAT_MISS; m++) {
			unsigned c = count[p][m];
			if (c == 0)
				continue;
			c = c < THREAT_BUCKETS ? c : THREAT_BUCKETS;
			out[n++] = base + ((p * 2 + (p == mover)) * THREAT_MISS + m) *
				THREAT_BUCKETS + c - 1;
		}
	return n;
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
