/*
 * fuzz_kif.c - libFuzzer target for the GDL reader, checker, grounder and
 * network compiler: any bytes must give a description or a one-line
 * error, never a crash, a leak or unbounded work; a description that
 * loads is played a little, by both evaluators. `make fuzz` builds and
 * runs it; its corpus is fuzz/corpus/kif; keep each crasher in
 * tests/data/gdl/crashers/ (test_gdl_fuzz and fuzz_replay_kif replay them).
 */
#include "gamelearn/gdl.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gdl_check((const char *)data, size, "fuzz", &sb);
	gl_strbuf_done(&sb);
	if (size < 4096) { /* grounding too: small inputs only */
		gdl_game *gd;
		if (gdl_load(&gd, (const char *)data, size, "fuzz", NULL) == 0) {
			uint64_t *s = gl_malloc((size_t)gdl_state_words(gd) * sizeof *s);
			gl_rng rng;
			gl_rng_seed(&rng, size);
			gdl_eval *e = s ? gdl_eval_new(gd) : NULL;
			gdl_batch *b = s ? gdl_batch_new(gd) : NULL;
			if (s)
				gdl_initial(gd, s);
			if (e)
				gdl_playout(gd, e, s, &rng, 20, NULL, NULL);
			if (b)
				gdl_batch_playouts(gd, b, s, 3, &rng, 20, NULL);
			gl_free(s);
			gdl_eval_free(e);
			gdl_batch_free(b);
			gdl_free(gd);
		}
	}
	return 0;
}
