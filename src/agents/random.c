/*
 * random.c - the `random` agent: a uniformly random legal move.
 */
#include "agents/internal.h"

static int random_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	(void)a;
	(void)p;
	(void)err;
	return 0;
}

static int random_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	(void)err;
	*move = gl_random_move(a->game, s, &a->rng);
	return 0;
}

const gl_agent_type gl_agent_random = {
	.name = "random",
	.summary = "a uniformly random legal move",
	.init = random_init,
	.choose = random_choose,
};
