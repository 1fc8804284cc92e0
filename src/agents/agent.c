/*
 * agent.c - the agent registry, making agents from spec strings, and
 * playing a match between agents.
 */
#include "agents/internal.h"

#include <stdio.h>
#include <string.h>

static const gl_agent_type *const types[] = {
	&gl_agent_random,
	&gl_agent_egreedy,
	&gl_agent_weak,
	&gl_agent_perfect,
	&gl_agent_alphabeta,
	&gl_agent_gapairs,
	&gl_agent_td,
	&gl_agent_martens,
	&gl_agent_lauto,
	&gl_agent_uct,
	NULL
};

const gl_agent_type *const *gl_agent_types(void)
{
	return types;
}

/* Named players: a plain name for a spec (the user's parameters
 * override the preset's). */
static const gl_preset presets[] = {
	{"checkers-champion", "alphabeta:eval=champion,quiesce=1,depth=0,time=1"},
	{NULL, NULL}
};

const gl_preset *gl_agent_presets(void)
{
	return presets;
}

static const gl_agent_type *find(const gl_agent_type *const *list, const char *name)
{
	for (; list && *list; list++)
		if (strcmp((*list)->name, name) == 0)
			return *list;
	return NULL;
}

gl_agent *gl_agent_new(const char *spec, const gl_game *g,
	const gl_agent_type *const *extra, gl_err *err)
{
	char name[64];
	const char *args;
	if (gl_spec_split(spec, name, sizeof name, &args, err))
		return NULL;
	const char *preset_args = NULL;
	for (const gl_preset *ps = presets; ps->name; ps++) {
		if (strcmp(ps->name, name))
			continue;
		if (gl_spec_split(ps->spec, name, sizeof name, &preset_args, err))
			return NULL;
		break;
	}
	const gl_agent_type *t = find(types, name);
	if (!t)
		t = find(extra, name);
	if (!t) {
		char names[256];
		size_t len = 0;
		names[0] = '\0';
		for (int pass = 0; pass < 2; pass++)
			for (const gl_agent_type *const *l = pass ? extra : types; l && *l; l++)
				len = gl_appendf(names, sizeof names, len, "%s%s",
					len ? ", " : "", (*l)->name);
		gl_fail(err, GL_EINVAL, "unknown agent '%s' (agents: %s)", name, names);
		return NULL;
	}
	char owner[80];
	snprintf(owner, sizeof owner, "agent %s", t->name);
	gl_params p;
	if (gl_params_resolve(&p, owner, t->params, preset_args, args, err))
		return NULL;
	if (t->supports && !t->supports(g, err))
		return NULL;
	gl_agent *a = gl_calloc(1, sizeof *a);
	if (!a) {
		gl_fail(err, GL_ENOMEM, "out of memory making agent %s", t->name);
		return NULL;
	}
	a->type = t;
	a->game = g;
	atomic_init(&a->best, 0);
	gl_rng_seed(&a->rng, 0);
	if (gl_params_canonical(&p, t->name, a->spec, sizeof a->spec, err) ||
	    t->init(a, &p, err)) {
		gl_free(a);
		return NULL;
	}
	return a;
}

void gl_agent_free(gl_agent *a)
{
	if (!a)
		return;
	if (a->type->done)
		a->type->done(a);
	gl_free(a);
}

void gl_match_init(gl_match *m)
{
	memset(m, 0, sizeof *m);
}

void gl_match_done(gl_match *m)
{
	gl_free(m->moves);
	gl_match_init(m);
}

static int record(gl_match *m, gl_action a, gl_err *err)
{
	if (m->nmoves == m->cap) {
		int cap = m->cap ? 2 * m->cap : 64;
		gl_action *p = gl_realloc(m->moves, (size_t)cap * sizeof *p);
		if (!p)
			return gl_fail(err, GL_ENOMEM, "out of memory recording a match");
		m->moves = p;
		m->cap = cap;
	}
	m->moves[m->nmoves++] = a;
	return 0;
}

int gl_match_play(const gl_game *g, gl_agent *const *agents, uint64_t seed,
	gl_match *m, gl_err *err)
{
	gl_scratch w;
	int rc = gl_scratch_init(&w, g, 1, 1, err);
	if (rc)
		return rc;
	void *s = gl_scratch_state(&w, 0);
	gl_action *legal = gl_scratch_moves(&w, 0);
	if (m)
		m->nmoves = 0;
	for (unsigned p = 0; p < g->nplayers; p++) {
		gl_agent *a = agents[p];
		a->role = (int)p;
		gl_rng_split(&a->rng, seed, p);
		if (a->type->begin && (rc = a->type->begin(a, err)))
			goto out;
	}
	g->type->start(g, s);
	unsigned plies = 0;
	for (;;) {
		int n = g->type->legal(g, s, legal);
		if (n == 0)
			break;
		if (plies++ == g->max_length) {
			/* the agents' and the record's room are sized by it */
			rc = gl_fail(err, GL_ERANGE, "%s did not end within its "
				"bound of %u moves", g->spec, g->max_length);
			goto out;
		}
		int who = g->type->to_move(g, s);
		gl_agent *a = agents[who];
		gl_action move;
		if ((rc = a->type->choose(a, s, &move, err)))
			goto out;
		int ok = 0;
		for (int i = 0; i < n && !ok; i++)
			ok = legal[i] == move;
		if (!ok) {
			rc = gl_fail(err, GL_EILLEGAL, "agent %s chose illegal move %d",
				a->spec, (int)move);
			goto out;
		}
		for (unsigned p = 0; p < g->nplayers; p++)
			if (agents[p]->type->observe)
				agents[p]->type->observe(agents[p], s, who, move);
		if (m && (rc = record(m, move, err)))
			goto out;
		g->type->apply(g, s, move);
	}
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	for (unsigned p = 0; p < g->nplayers; p++) {
		if (agents[p]->type->end)
			agents[p]->type->end(agents[p], s, goals);
		if (m)
			m->goals[p] = goals[p];
	}
out:
	gl_scratch_done(&w);
	return rc;
}

gl_action gl_random_move(const gl_game *g, const void *s, gl_rng *rng,
	gl_action *moves)
{
	int n = g->type->legal(g, s, moves);
	return moves[gl_rng_below(rng, (uint32_t)n)];
}

void gl_agent_publish(gl_agent *a, gl_action move)
{
	atomic_store_explicit(&a->best, (uint64_t)1 << 32 | (uint32_t)move,
		memory_order_release);
}

void gl_agent_unpublish(gl_agent *a)
{
	atomic_store_explicit(&a->best, 0, memory_order_release);
}

bool gl_agent_best(gl_agent *a, gl_action *move)
{
	uint64_t v = atomic_load_explicit(&a->best, memory_order_acquire);
	if (!(v >> 32))
		return false;
	*move = (gl_action)(uint32_t)v;
	return true;
}
