/*
 * fuzz_kif.c - libFuzzer target for the GDL reader and checker: any bytes
 * must give a description or a one-line error, never a crash, a leak or
 * unbounded work. Build with -DGL_FUZZ=ON -DCMAKE_C_COMPILER=clang; keep
 * each crasher in tests/data/gdl/crashers/ (test_gdl_fuzz replays them).
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
		if (gdl_load(&gd, (const char *)data, size, "fuzz", NULL) == 0)
			gdl_free(gd);
	}
	return 0;
}
