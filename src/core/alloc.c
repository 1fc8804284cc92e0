/*
 * alloc.c - the one allocator of the library, with a hook that makes an
 * allocation fail on purpose so tests can walk every failure path (after
 * Lua's debug_realloc).
 */
#include "gamelearn/core.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Allocations left before the injected failure; negative: never fail.
 * The only mutable static in the library: a test hook, atomic. */
static _Atomic long fail_countdown = -1;

void gl_alloc_fail_after(long n)
{
	atomic_store(&fail_countdown, n);
}

static bool should_fail(void)
{
	long n = atomic_load(&fail_countdown);
	/* n -> n - 1 for n > 0, 0 -> -1 (this allocation fails), atomically */
	while (n >= 0 && !atomic_compare_exchange_weak(&fail_countdown, &n,
				n ? n - 1 : -1))
		;
	return n == 0;
}

void *gl_malloc(size_t n)
{
	return should_fail() ? NULL : malloc(n ? n : 1);
}

void *gl_calloc(size_t count, size_t size)
{
	return should_fail() ? NULL : calloc(count ? count : 1, size ? size : 1);
}

void *gl_realloc(void *p, size_t n)
{
	return should_fail() ? NULL : realloc(p, n ? n : 1);
}

void gl_free(void *p)
{
	free(p);
}

char *gl_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = gl_malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}
