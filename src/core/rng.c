/*
 * rng.c - the seeded random generator (xoshiro256**, seeded by splitmix64)
 * and the 64-bit mixing functions built from the same finaliser; the
 * clocks (monotonic, and the calling thread's CPU time).
 */
#include "gamelearn/core.h"

#include <string.h>
#include <time.h>

uint64_t gl_mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

uint64_t gl_hash_fnv1a(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

void gl_rng_seed(gl_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++) {
		x += 0x9e3779b97f4a7c15ULL;
		r->s[i] = gl_mix64(x);
	}
	if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
		r->s[0] = 1; /* the all-zero state is a fixed point */
}

void gl_rng_split(gl_rng *r, uint64_t seed, uint64_t stream)
{
	gl_rng_seed(r, gl_mix64(seed) ^ gl_mix64(~stream * 0xd1342543de82ef95ULL));
}

double gl_rng_unit(gl_rng *r)
{
	return (double)(gl_rng_next(r) >> 11) * 0x1.0p-53;
}

uint64_t gl_hash_bytes(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 0x243f6a8885a308d3ULL ^ (uint64_t)n;
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, b, 8);
		h = gl_mix64(h ^ w);
		b += 8;
		n -= 8;
	}
	if (n) {
		uint64_t w = 0;
		memcpy(&w, b, n);
		h = gl_mix64(h ^ w ^ (1ULL << 63));
	}
	return h;
}

double gl_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double gl_cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
