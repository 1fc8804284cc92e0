/*
 * core.h - the library's common ground: error reporting, the seeded random
 * generator, the one allocator, and small helpers every layer uses.
 *
 * Rules that hold across gamelearn: the library never prints and never
 * exits; a function that can fail returns 0 on success or a negative
 * GL_E* code and, when given a gl_err, leaves a one-line message there.
 * Every random choice comes from a gl_rng passed in by the caller.
 */
#ifndef GAMELEARN_CORE_H
#define GAMELEARN_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* Error codes: 0 is success, every failure is negative. */
enum {
	GL_OK = 0,
	GL_EINVAL = -1,   /* bad argument: spec string, parameter, flag */
	GL_ENOMEM = -2,   /* an allocation failed */
	GL_EIO = -3,      /* a file could not be read or written */
	GL_EPARSE = -4,   /* malformed text: a move, a file */
	GL_EILLEGAL = -5, /* well formed, but not legal here */
	GL_ERANGE = -6,   /* a limit was exceeded */
	GL_ESTOP = -7     /* stopped at the caller's request */
};

/* A failure's code and its one-line message (no trailing newline). */
typedef struct gl_err {
	int code;      /* 0 or a GL_E* code */
	char msg[256]; /* human-readable, names what and where */
} gl_err;

/* Record an error in err (which may be NULL) and return code, so that a
 * failing function can end with `return gl_fail(err, GL_EINVAL, ...)`. */
int gl_fail(gl_err *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* Clear err (may be NULL). */
void gl_err_clear(gl_err *err);

/* Append printf-style text at buf[len] (buf has n bytes), never writing
 * past the end and always NUL-terminated when n > 0. Returns the length
 * the text would have without the limit (so len >= n means cut). */
size_t gl_appendf(char *buf, size_t n, size_t len, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* --- Allocation ---------------------------------------------------------
 * Every allocation in the library goes through gl_malloc/gl_calloc/
 * gl_realloc/gl_free so that a test can make one fail on purpose. */
void *gl_malloc(size_t n);
void *gl_calloc(size_t count, size_t size);
void *gl_realloc(void *p, size_t n);
void gl_free(void *p);
char *gl_strdup(const char *s);

/* Test hook: the allocation after `n` more successful ones fails (n < 0
 * turns the hook off). Only for tests; threads share this counter. */
void gl_alloc_fail_after(long n);

/* --- Playouts' moves --------------------------------------------------- */
/* The choices made in bulk random playouts, where a caller asks for them
 * (game.h's playouts_each(), gdl.h's gdl_batch_each()): playout k's moves
 * made where its player had two legal moves or more, in order, move
 * move[k * cap + i] by player who[k * cap + i] for i < n[k] (at most
 * cap of them: later ones are not kept). A search's playout policy learns
 * from them (uct's MAST). */
typedef struct gl_trail {
	int32_t *move;
	int8_t *who;
	int *n;
	int cap;
} gl_trail;

/* --- Random numbers -----------------------------------------------------
 * xoshiro256** seeded through splitmix64: fast, 2^256-1 period, and the
 * same sequence for the same seed on every platform. */
typedef struct gl_rng {
	uint64_t s[4];
} gl_rng;

void gl_rng_seed(gl_rng *r, uint64_t seed);

/* The next 64 random bits (inline: playouts draw in their inner loop). */
static inline uint64_t gl_rng_next(gl_rng *r)
{
	uint64_t *s = r->s;
	uint64_t x = s[1] * 5;
	uint64_t out = ((x << 7) | (x >> 57)) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return out;
}

/* Uniform in [0, n); n must be > 0. Unbiased (Lemire's method: multiply
 * a 32-bit draw by n, reject the biased low part). */
static inline uint32_t gl_rng_below(gl_rng *r, uint32_t n)
{
	uint64_t m = (uint64_t)(uint32_t)(gl_rng_next(r) >> 32) * n;
	uint32_t lo = (uint32_t)m;
	if (lo < n) {
		uint32_t threshold = (uint32_t)-n % n;
		while (lo < threshold) {
			m = (uint64_t)(uint32_t)(gl_rng_next(r) >> 32) * n;
			lo = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}
/* Uniform double in [0, 1). */
double gl_rng_unit(gl_rng *r);
/* A new generator for an independent stream `stream` derived from seed:
 * runs in parallel take stream = run index, so results do not depend on
 * the number of threads. */
void gl_rng_split(gl_rng *r, uint64_t seed, uint64_t stream);

/* --- Hashing --------------------------------------------------------------
 * A 64-bit hash of n bytes (word-at-a-time multiply-xorshift mixing). The
 * default state hash of every game that has no Zobrist keys of its own. */
uint64_t gl_hash_bytes(const void *p, size_t n);
/* The 64-bit FNV-1a hash of n bytes: defined byte by byte, so the same on
 * every machine and in every version, for names kept on disk. */
uint64_t gl_hash_fnv1a(const void *p, size_t n);
/* splitmix64 finaliser: a bijective 64-bit mix, for deriving keys. */
uint64_t gl_mix64(uint64_t x);

/* --- Time ------------------------------------------------------------------ */
/* Monotonic seconds, for budgets and rates (never for results). */
double gl_now(void);
/* The calling thread's CPU seconds, for comparing the cost of two kinds of
 * work on a shared machine (never for results). */
double gl_cpu_now(void);

#endif
