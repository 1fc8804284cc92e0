/*
 * gdltest.h - what the GDL tests share: a sweep that makes every
 * allocation of loading a description, and of making both evaluators,
 * fail in turn. Each failure must be GL_ENOMEM (or, after loading, a NULL
 * evaluator), never a crash or a leak; once nothing fails, the game must
 * load for the reasoner wanted and play.
 */
#ifndef GL_GDLTEST_H
#define GL_GDLTEST_H

#include "test.h"

#include "gamelearn/fileio.h"
#include "gamelearn/gdl.h"

/* State buffers of the GDL tests, on the stack: their games have at most
 * 8,192 base propositions (the hard ones, which have more, are sized from
 * the game: test_gdl_hard.c); AddressSanitizer would catch one that grew. */
enum { T_WORDS_MAX = 128 };

/* The sweep over path, loaded with opts (NULL: the defaults); want is the
 * reasoner it must get. */
static inline void gdl_alloc_sweep(const char *path, const gdl_load_opts *opts,
	gdl_reasoner want)
{
	char *text;
	size_t len;
	gl_err err = {0};
	if (gl_read_file(path, 1 << 20, &text, &len, &err)) {
		CHECK_MSG(0, "%s", err.msg);
		return;
	}
	bool done = false;
	for (long k = 0; k < 1000000 && !done; k++) {
		gdl_game *gd = NULL;
		gl_alloc_fail_after(k);
		int rc = gdl_load_ex(&gd, text, len, path, opts, &err);
		gdl_eval *e = rc ? NULL : gdl_eval_new(gd);
		gdl_batch *b = e ? gdl_batch_new(gd) : NULL;
		gl_alloc_fail_after(-1);
		CHECK_MSG(rc == 0 || rc == GL_ENOMEM, "%s: after %ld: rc %d '%s'", path,
			k, rc, err.msg);
		if (rc && rc != GL_ENOMEM)
			break;
		if (b) {
			CHECK(gdl_reasoner_of(gd) == want);
			uint64_t s[T_WORDS_MAX];
			gl_rng rng;
			gl_rng_seed(&rng, 1);
			gdl_initial(gd, s);
			CHECK(gdl_playout(gd, e, s, &rng, 1000, NULL, NULL) > 0);
			CHECK(gdl_batch_playouts(gd, b, s, 2, &rng, 1000, NULL) > 0);
			done = true;
		}
		gdl_batch_free(b);
		gdl_eval_free(e);
		gdl_free(gd);
	}
	CHECK_MSG(done, "%s: never loaded", path);
	gl_free(text);
}

#endif
