/*
 * random.c - the `random` agent: a uniformly random legal move.
 */
#include "agents/internal.h"

static int random_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	(void)p;
	/* the legal moves' list, sized from the game */
	a->data = gl_malloc(a->game->max_legal * sizeof(gl_action));
	if (!a->data)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent random "
			"(%u moves)", a->game->max_legal);
	return 0;
}

static void random_done(gl_agent *a)
{
	gl_free(a->data);
}

static int random_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	(void)err;
	*move = gl_random_move(a->game, s, &a->rng, a->data);
	return 0;
}

const gl_agent_type gl_agent_random = {
	.name = "random",
	.summary = "a uniformly random legal move",
	.init = random_init,
	.done = random_done,
	.choose = random_choose,
};
