/*
 * fuzz_ggp.c - libFuzzer target for the GGP player's messages: the
 * bytes, split at NUL bytes into at most 16 messages, are handed in
 * order to the player (gamelearn/ggp.h) as if each came in its own HTTP
 * request with no connection to hold (START compiles the rules it is
 * sent before it is answered; PLAY, STOP, ABORT, INFO, PREVIEW), with
 * the random agent; a PLAY waits for the agent's move (so that it is
 * always checked), 2 s at most. Any bytes give replies or one-line
 * errors, never a crash.
 */
#include "gamelearn/ggp.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static ggp_player *pl; /* the harness's, one per process */
	if (!pl) {
		ggp_config cfg = {.name = "fuzz", .agent_spec = "random", .seed = 1};
		gl_err err = {0};
		if (!(pl = ggp_player_new(&cfg, &err)))
			abort();
	}
	if (size > (1 << 15))
		return 0;
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	size_t at = 0;
	for (int k = 0; k < 16 && at <= size; k++) {
		size_t n = strlen(text + at);
		ggp_request rq;
		memset(&rq, 0, sizeof rq);
		rq.arrived = gl_now();
		gl_err err = {0};
		int rc = ggp_player_handle(pl, &rq, text + at, n, &err);
		if (rc == 1) /* waiting for the agent: its answer (2 s at most) */
			ggp_player_settle(pl, 2);
		if (rc < 0 && !err.msg[0])
			abort(); /* an error without a message */
		ggp_player_sent(pl, &rq);
		at += n + 1;
	}
	/* end the match, as an ABORT would, so that inputs are independent */
	ggp_player_abort(pl);
	free(text);
	return 0;
}
