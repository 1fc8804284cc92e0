/*
 * test.h - the test harness: CHECK macros that count, report the file and
 * line of a failure, and a closing "N passed, N failed" line.
 * One test program per .c file; each returns non-zero if any check failed.
 */
#ifndef GL_TEST_H
#define GL_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int test_passed, test_failed;

#define CHECK(cond)                                                         \
	do {                                                                \
		if (cond) {                                                 \
			test_passed++;                                      \
		} else {                                                    \
			test_failed++;                                      \
			fprintf(stderr, "%s:%d: check failed: %s\n",        \
				__FILE__, __LINE__, #cond);                 \
		}                                                           \
	} while (0)

#define CHECK_MSG(cond, ...)                                                \
	do {                                                                \
		if (cond) {                                                 \
			test_passed++;                                      \
		} else {                                                    \
			test_failed++;                                      \
			fprintf(stderr, "%s:%d: check failed: %s: ",        \
				__FILE__, __LINE__, #cond);                 \
			fprintf(stderr, __VA_ARGS__);                       \
			fputc('\n', stderr);                                \
		}                                                           \
	} while (0)

#define CHECK_EQ_U64(a, b)                                                  \
	do {                                                                \
		uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);            \
		CHECK_MSG(a_ == b_, "%" PRIu64 " != %" PRIu64, a_, b_);     \
	} while (0)

#define CHECK_STR(a, b)                                                     \
	do {                                                                \
		const char *a_ = (a), *b_ = (b);                            \
		CHECK_MSG(strcmp(a_, b_) == 0, "'%s' != '%s'", a_, b_);     \
	} while (0)

static inline int test_report(void)
{
	printf("%d passed, %d failed\n", test_passed, test_failed);
	return test_failed ? 1 : 0;
}

#endif
