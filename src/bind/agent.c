/*
 * bind/agent.c - an agent stepped from a language binding (bind.h):
 * begun, asked for moves, told of moves and of the end, outside
 * gl_match_play, so that a Python loop can seat it beside its own
 * players.
 */
#include "gamelearn/bind.h"

int gl_bind_agent_begin(gl_agent *a, int role, uint64_t seed, gl_err *err)
{
	if (role < 0 || role >= (int)a->game->nplayers)
		return gl_fail(err, GL_EINVAL, "agent %s: no player %d in %s",
			a->spec, role, a->game->spec);
	a->role = role;
	gl_rng_split(&a->rng, seed, (uint64_t)role);
	return a->type->begin ? a->type->begin(a, err) : 0;
}

int gl_bind_agent_choose(gl_agent *a, const void *s, gl_action *move,
	gl_err *err)
{
	const gl_game *g = a->game;
	if (g->type->terminal(g, s))
		return gl_fail(err, GL_EINVAL, "agent %s: the game is over, "
			"there is no move to choose", a->spec);
	a->role = g->type->to_move(g, s);
	int rc = a->type->choose(a, s, move, err);
	if (rc)
		return rc;
	int ok = gl_bind_is_legal(g, s, *move);
	if (ok < 0)
		return gl_fail(err, GL_ENOMEM, "agent %s: out of memory", a->spec);
	if (!ok)
		return gl_fail(err, GL_EILLEGAL, "agent %s chose illegal move %d",
			a->spec, (int)*move);
	return 0;
}

void gl_bind_agent_observe(gl_agent *a, const void *s, int player,
	gl_action move)
{
	if (a->type->observe)
		a->type->observe(a, s, player, move);
}

void gl_bind_agent_end(gl_agent *a, const void *s)
{
	int goals[GL_PLAYERS_MAX];
	a->game->type->goals(a->game, s, goals);
	if (a->type->end)
		a->type->end(a, s, goals);
}

int gl_bind_agent_save(const gl_agent *a, const char *path, gl_err *err)
{
	if (!a->type->save)
		return gl_fail(err, GL_EINVAL, "agent %s keeps nothing to save",
			a->spec);
	return a->type->save(a, path, err);
}

int gl_bind_agent_load(gl_agent *a, const char *path, gl_err *err)
{
	if (!a->type->load)
		return gl_fail(err, GL_EINVAL, "agent %s keeps nothing to load",
			a->spec);
	return a->type->load(a, path, err);
}
