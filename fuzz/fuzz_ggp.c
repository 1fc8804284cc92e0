/*
 * fuzz_ggp.c - libFuzzer target for the GGP player's messages: the
 * bytes, split at NUL bytes into at most 16 messages, are handled in
 * order by `ggp serve`'s message handler (START compiles the rules it is
 * sent; PLAY, STOP, ABORT, INFO, PREVIEW), as if each came in its own
 * HTTP request, with the random agent; a PLAY waits for the agent's move
 * (so that it is always checked), 2 s at most. Any bytes give replies or one-line errors, never
 * a crash. It includes src/cli/cmd_ggp.c itself (its functions are
 * static); the CLI helpers ggp serve alone uses are stubs here.
 */
#include "../src/cli/cmd_ggp.c"
#include "../src/cli/ggp_slow.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- what cmd_ggp.c needs from the rest of the CLI (unused here) ---- */
_Noreturn void cli_die(int code, const char *fmt, ...)
{
	(void)fmt;
	exit(code);
}
long cli_int(const char *text, long min, long max, const char *what)
{
	(void)max;
	(void)what;
	long v = atol(text);
	return v < min ? min : v;
}
gl_game *cli_game(const char *spec)
{
	return gl_game_new(spec, NULL);
}
struct gl_agent *cli_agent_try(const char *spec, const gl_game *g, gl_err *err)
{
	return gl_agent_new(spec, g, NULL, err);
}
void cli_check_out(const char *what, const char *path, bool dir)
{
	(void)what;
	(void)path;
	(void)dir;
}
void cli_mpi_same(const cli_args *a, bool help)
{
	(void)a;
	(void)help;
}
int cmd_ggp_match(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static player pl; /* the harness's, one per process, as in ggp serve */
	if (!pl.name) {
		pl.name = "fuzz";
		pl.agent_spec = "random";
		pthread_mutex_init(&pl.mu, NULL);
		pthread_mutex_init(&pl.cmu, NULL);
		gl_rng_seed(&pl.rng, 1);
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
		request rq;
		memset(&rq, 0, sizeof rq);
		rq.arrived = gl_now();
		gl_err err = {0};
		int rc = handle(&pl, &rq, text + at, n, &err);
		if (rc == 1) { /* waiting for the agent: its answer (2 s at most) */
			pthread_mutex_lock(&pl.mu);
			for (int t = 0; t < 2000 && pl.m.w && !pl.m.w->done; t++) {
				pthread_mutex_unlock(&pl.mu);
				struct timespec ts = {0, 1000 * 1000};
				nanosleep(&ts, NULL);
				pthread_mutex_lock(&pl.mu);
			}
			play_poll(&pl, true);
			pthread_mutex_unlock(&pl.mu);
		}
		if (rc < 0 && !err.msg[0])
			abort(); /* an error without a message */
		at += n + 1;
	}
	/* end the match, as a STOP would, so that inputs are independent */
	pthread_mutex_lock(&pl.mu);
	if (pl.pending)
		play_poll(&pl, true);
	if (pl.active)
		match_free(&pl.m);
	pl.active = false;
	pthread_mutex_unlock(&pl.mu);
	free(text);
	return 0;
}
