/*
 * test_martens_teachers.c - the teachers of the experiment `martens`
 * (martens.h's gl_martens_teachers): `misere` is a perfect player of
 * misere tic-tac-toe (from the start it never ends below the game's value
 * whatever the other side plays; `perfect`, the normal game's player, does),
 * and `person` plays perfectly without blunders and can lose with them.
 */
#include "test.h"
#include "gametest.h"

#include "gamelearn/martens.h"

/* The misere (mis) or normal value for player p of s by plain minimax
 * over every reply: the reference the teachers are held to. */
static int minimax(const gl_game *g, const void *s, int p, bool mis)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	if (n == 0) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, s, goals);
		return mis ? 100 - goals[p] : goals[p];
	}
	bool mine = g->type->to_move(g, s) == p;
	int best = mine ? -1 : 101;
	for (int i = 0; i < n; i++) {
		GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		int v = minimax(g, c, p, mis);
		best = mine ? (v > best ? v : best) : (v < best ? v : best);
	}
	return best;
}

/* The worst value (misere or normal) agent a (seat a->role) ends with from
 * s over every line of its opponent, a choosing as it does. */
static int worst(const gl_game *g, gl_agent *a, const void *s, bool mis)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	if (n == 0) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, s, goals);
		return mis ? 100 - goals[a->role] : goals[a->role];
	}
	GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
	if (g->type->to_move(g, s) == a->role) {
		gl_action m;
		gl_err err = {0};
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		if (a->type->observe)
			a->type->observe(a, s, a->role, m);
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, m);
		return worst(g, a, c, mis);
	}
	int w = 101;
	for (int i = 0; i < n; i++) {
		/* the agent is told the move (a person's count of its own
		 * moves runs on across branches: without a blunder each of its
		 * choices is among the best, line or not, so the check holds) */
		if (a->type->observe)
			a->type->observe(a, s, 1 - a->role, moves[i]);
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		int v = worst(g, a, c, mis);
		w = v < w ? v : w;
	}
	return w;
}

static gl_agent *teacher(const char *spec, const gl_game *g)
{
	gl_err err = {0};
	gl_agent *a = gl_agent_new(spec, g, gl_martens_teachers(), &err);
	CHECK_MSG(a != NULL, "%s: %s", spec, err.msg);
	return a;
}

/* Worst over both seats and a few of the agent's random streams. */
static int worst_of(const gl_game *g, gl_agent *a, bool mis, int *value)
{
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	int w = 101;
	for (int seat = 0; seat < 2; seat++) {
		value[seat] = minimax(g, s, seat, mis);
		for (uint64_t k = 1; k <= 4; k++) {
			a->role = seat;
			gl_rng_seed(&a->rng, k);
			if (a->type->begin) {
				gl_err err = {0};
				CHECK(a->type->begin(a, &err) == 0);
			}
			int v = worst(g, a, s, mis) - value[seat];
			w = v < w ? v : w;
		}
	}
	return w;
}

static void test_misere(void)
{
	gl_game *g = tg_game("tictactoe");
	int value[2];
	gl_agent *m = teacher("misere", g);
	/* never below the misere game's value, whoever moves first */
	CHECK_MSG(worst_of(g, m, true, value) >= 0, "misere loses the misere game");
	CHECK(value[0] == 50 && value[1] == 50);
	gl_agent_free(m);
	/* the normal game's perfect player does lose it */
	gl_agent *p = tg_agent("perfect:tt=1", g);
	CHECK_MSG(worst_of(g, p, true, value) < 0, "perfect never loses the misere game");
	gl_agent_free(p);
	gl_game_free(g);
}

static void test_person(void)
{
	gl_game *g = tg_game("tictactoe");
	int value[2];
	/* no blunder: never below the game's value, lines or not */
	gl_agent *a = teacher("person:blunder=0", g);
	CHECK(worst_of(g, a, false, value) >= 0);
	gl_agent_free(a);
	a = teacher("person:blunder=0,lines=0,open=1", g);
	CHECK(worst_of(g, a, false, value) >= 0);
	gl_agent_free(a);
	/* blundering, it loses some plays to perfect */
	a = teacher("person:blunder=0.5", g);
	gl_agent *p = tg_agent("perfect:tt=1", g);
	gl_match mt;
	gl_match_init(&mt);
	int lost = 0;
	for (int k = 0; k < 100; k++) {
		gl_agent *seats[2] = {k & 1 ? p : a, k & 1 ? a : p};
		gl_err err = {0};
		CHECK(gl_match_play(g, seats, (uint64_t)k + 1, &mt, &err) == 0);
		lost += mt.goals[k & 1] == 0;
	}
	CHECK_MSG(lost > 0, "person:blunder=0.5 never lost in 100 plays");
	gl_match_done(&mt);
	gl_agent_free(p);
	gl_agent_free(a);
	/* the misere player and nodiag need what they need */
	gl_err err = {0};
	gl_game *hex = tg_game("hex:size=4");
	CHECK(gl_agent_new("person:nodiag=1", hex, gl_martens_teachers(), &err) == NULL);
	CHECK(gl_agent_new("diag", hex, gl_martens_teachers(), &err) == NULL);
	gl_game_free(hex);
	gl_game_free(g);
}

int main(void)
{
	test_misere();
	test_person();
	return test_report();
}
