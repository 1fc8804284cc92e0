/*
 * greedy.c - the Banerjee-Stone opponents, `egreedy` and its opposite
 * `weak` (Banerjee and Stone 2007, section 5).
 *
 * Both explore with probability eps (a uniformly random move). Otherwise
 * they look one full turn ahead and sort the moves into three kinds:
 * winning (the move ends the game with the mover's win), losing (after it
 * the opponent has a move that wins at once) and the rest. egreedy takes
 * a winning move if there is one, else one of the rest, else a losing one;
 * weak does the reverse: it walks into a loss when it can, passes up its
 * own wins, and takes a win only when nothing else is left. Ties are
 * broken uniformly at random.
 */
#include "agents/internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct greedy {
	double eps;
	bool weak;      /* pick the worst kind instead of the best */
	gl_scratch w;   /* lists: the moves, the replies; states: after a
			   move, after a reply */
	uint8_t *kind;  /* [max_legal] each move's KIND_* */
} greedy;

static const gl_param_def greedy_params[] = {
	{"eps", "0.1", "probability of a random move (0..1)", 1, 0},
	{NULL, NULL, NULL, 0, 0}
};

static int greedy_init_kind(gl_agent *a, const gl_params *p, bool weak, gl_err *err)
{
	double eps;
	int rc = gl_params_real(p, "eps", weak ? "agent weak" : "agent egreedy",
		0, 1, &eps, err);
	if (rc)
		return rc;
	greedy *gr = gl_calloc(1, sizeof *gr);
	if (!gr)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent %s", weak ? "weak" : "egreedy");
	gr->eps = eps;
	gr->weak = weak;
	rc = gl_scratch_init(&gr->w, a->game, 2, 2, err);
	if (!rc && !(gr->kind = gl_malloc(a->game->max_legal)))
		rc = gl_fail(err, GL_ENOMEM, "out of memory making agent %s",
			weak ? "weak" : "egreedy");
	if (rc) {
		gl_scratch_done(&gr->w);
		gl_free(gr);
		return rc;
	}
	a->data = gr;
	return 0;
}

static int egreedy_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	return greedy_init_kind(a, p, false, err);
}

static int weak_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	return greedy_init_kind(a, p, true, err);
}

static void greedy_done(gl_agent *a)
{
	greedy *gr = a->data;
	gl_scratch_done(&gr->w);
	gl_free(gr->kind);
	gl_free(gr);
}

enum { KIND_WIN, KIND_OTHER, KIND_LOSE };

/* Whether player `who` can win at once from s (s not terminal, who to
 * move), by the replies' list and state of gr's scratch. */
static bool can_win_now(const greedy *gr, const gl_game *g, const void *s,
	int who)
{
	gl_action *moves = gl_scratch_moves(&gr->w, 1);
	void *c = gl_scratch_state(&gr->w, 1);
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++) {
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		if (g->type->terminal(g, c)) {
			int goals[GL_PLAYERS_MAX];
			g->type->goals(g, c, goals);
			if (goals[who] == 100)
				return true;
		}
	}
	return false;
}

static int move_kind(const greedy *gr, const gl_game *g, const void *s, int me,
	gl_action move)
{
	void *c = gl_scratch_state(&gr->w, 0);
	memcpy(c, s, g->state_size);
	g->type->apply(g, c, move);
	if (g->type->terminal(g, c)) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, c, goals);
		return goals[me] == 100 ? KIND_WIN : KIND_OTHER;
	}
	int next = g->type->to_move(g, c);
	if (next != me && can_win_now(gr, g, c, next))
		return KIND_LOSE;
	return KIND_OTHER;
}

static int greedy_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	(void)err;
	const greedy *gr = a->data;
	const gl_game *g = a->game;
	gl_action *moves = gl_scratch_moves(&gr->w, 0);
	if (gl_rng_unit(&a->rng) < gr->eps) {
		*move = gl_random_move(g, s, &a->rng, moves);
		return 0;
	}
	int count[3] = {0, 0, 0};
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++) {
		gr->kind[i] = (uint8_t)move_kind(gr, g, s, a->role, moves[i]);
		count[gr->kind[i]]++;
	}
	static const int best_first[3] = {KIND_WIN, KIND_OTHER, KIND_LOSE};
	static const int worst_first[3] = {KIND_LOSE, KIND_OTHER, KIND_WIN};
	const int *order = gr->weak ? worst_first : best_first;
	for (int j = 0; j < 3; j++) {
		int k = order[j];
		if (count[k]) {
			/* the r-th move of kind k, in legal() order */
			uint32_t r = gl_rng_below(&a->rng, (uint32_t)count[k]);
			for (int i = 0; i < n; i++)
				if (gr->kind[i] == k && r-- == 0) {
					*move = moves[i];
					return 0;
				}
		}
	}
	return gl_fail(err, GL_EINVAL, "agent %s: no legal move", a->spec);
}

const gl_agent_type gl_agent_egreedy = {
	.name = "egreedy",
	.summary = "Banerjee-Stone opponent: wins at once, avoids losing at once, else random; eps random",
	.params = greedy_params,
	.init = egreedy_init,
	.done = greedy_done,
	.choose = greedy_choose,
};

const gl_agent_type gl_agent_weak = {
	.name = "weak",
	.summary = "the opposite of egreedy: passes up its wins, walks into losses; eps random",
	.params = greedy_params,
	.init = weak_init,
	.done = greedy_done,
	.choose = greedy_choose,
};
