/*
 * test_agents.c - the agent interface and the standard opponents: egreedy
 * never misses an immediate win and never allows an avoidable immediate
 * loss, weak does the reverse; matches are deterministic by seed; the
 * statistics table on known inputs; bad agent specs are refused, and a
 * spec is read as written (gl_spec_value).
 */
#include "gametest.h"

#include "gamelearn/agent.h"
#include "gamelearn/stats.h"

#include <math.h>

/* Over many seeds, the moves agent_spec chooses in the position reached by
 * `moves` must all lie in the space-separated set `allowed`. */
static void check_choices(const char *game, const char *moves, const char *agent_spec,
	const char *allowed)
{
	gl_game *g = tg_game(game);
	gl_agent *a = tg_agent(agent_spec, g);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	if (moves[0])
		tg_play(g, s, moves);
	a->role = g->type->to_move(g, s);
	for (uint64_t seed = 0; seed < 200; seed++) {
		gl_rng_split(&a->rng, seed, 0);
		gl_action m;
		gl_err err = {0};
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		char mt[GL_MOVE_TEXT], set[256];
		g->type->format_move(g, s, m, mt, sizeof mt);
		snprintf(set, sizeof set, " %s ", allowed);
		char key[GL_MOVE_TEXT + 2];
		snprintf(key, sizeof key, " %s ", mt);
		if (!strstr(set, key)) {
			CHECK_MSG(0, "%s after '%s': %s chose %s, allowed: %s", game, moves,
				agent_spec, mt, allowed);
			break;
		}
	}
	gl_agent_free(a);
	gl_game_free(g);
}

static void test_greedy(void)
{
	/* tic-tac-toe: X can win at c1; O threatens c2 */
	check_choices("tictactoe", "a1,a2,b1,b2", "egreedy:eps=0", "c1");
	check_choices("tictactoe", "a1,a2,b1,b2", "weak:eps=0", "a3 b3 c3");
	/* no win for X; every move but c2 lets O win at once */
	check_choices("tictactoe", "a1,a2,c3,b2", "egreedy:eps=0", "c2");
	check_choices("tictactoe", "a1,a2,c3,b2", "weak:eps=0", "b1 c1 a3 b3");
	/* Nim with one heap of 3: taking all wins; anything else loses */
	check_choices("nim:heaps=3", "", "egreedy:eps=0", "1:3");
	check_choices("nim:heaps=3", "", "weak:eps=0", "1:1 1:2");
	/* Connect-4: X has three in column a */
	check_choices("connect4", "a,b,a,b,a,c", "egreedy:eps=0", "a");
	/* ... and O must block it */
	check_choices("connect4", "a,b,a,b,a", "egreedy:eps=0", "a");
	check_choices("connect4", "a,b,a,b,a", "weak:eps=0", "b c d e f g");
	/* Hex 3x3: X a1,a2 (column a top-down) wins with a3 */
	check_choices("hex", "a1,b1,a2,c1", "egreedy:eps=0", "a3");
}

static void test_match(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *ag[2] = {tg_agent("egreedy", g), tg_agent("random", g)};
	gl_match m1, m2;
	gl_match_init(&m1);
	gl_match_init(&m2);
	int differ = 0;
	for (uint64_t seed = 1; seed <= 50; seed++) {
		gl_err err = {0};
		CHECK(gl_match_play(g, ag, seed, &m1, &err) == 0);
		CHECK(gl_match_play(g, ag, seed, &m2, &err) == 0);
		CHECK(m1.nmoves == m2.nmoves &&
		      memcmp(m1.moves, m2.moves, sizeof(gl_action) * (size_t)m1.nmoves) == 0);
		CHECK(m1.goals[0] + m1.goals[1] == 100);
		CHECK(m1.nmoves >= 5 && m1.nmoves <= 9);
		gl_match_play(g, ag, seed + 1000, &m2, &err);
		differ += m1.nmoves != m2.nmoves ||
			  memcmp(m1.moves, m2.moves, sizeof(gl_action) * (size_t)m1.nmoves);
	}
	CHECK(differ > 10);
	/* egreedy beats random clearly over many matches */
	gl_stats st;
	gl_stats_init(&st);
	for (uint64_t seed = 0; seed < 1000; seed++) {
		gl_match_play(g, ag, seed, &m1, NULL);
		gl_stats_add(&st, m1.goals[0], gl_result_of(m1.goals, 2, 0));
	}
	CHECK_MSG(gl_stats_mean(&st) > 80, "egreedy mean %.1f", gl_stats_mean(&st));
	gl_match_done(&m1);
	gl_match_done(&m2);
	gl_agent_free(ag[0]);
	gl_agent_free(ag[1]);
	gl_game_free(g);
}

static void test_stats(void)
{
	gl_stats st;
	gl_stats_init(&st);
	CHECK(gl_stats_ci95(&st) == 0 && gl_stats_mean(&st) == 0);
	int goals[] = {100, 50, 0, 100};
	for (int i = 0; i < 4; i++)
		gl_stats_add(&st, goals[i], goals[i] > 50 ? 1 : goals[i] == 50 ? 0 : -1);
	CHECK(st.n == 4 && st.wins == 2 && st.draws == 1 && st.losses == 1);
	CHECK(fabs(gl_stats_mean(&st) - 62.5) < 1e-9);
	/* sample variance 6875/3; half-width 1.96 * sqrt(var / 4) */
	CHECK(fabs(gl_stats_ci95(&st) - 1.96 * sqrt(6875.0 / 3 / 4)) < 1e-9);
	/* the score with its Wilson interval: 2 wins, 1 draw of 4 is 2.5 / 4 */
	double lo, hi;
	CHECK(fabs(gl_stats_score95(&st, &lo, &hi) - 0.625) < 1e-9 && lo > 0.2 && hi < 1);
	/* Wilson at 0, half and all of n (the published 0/10, 5/10, 10/10):
	 * within [0, 1] and never a point, where the normal approximation
	 * gives [0, 0] and [1, 1] */
	gl_wilson95(0, 10, &lo, &hi);
	CHECK_MSG(lo == 0 && fabs(hi - 3.8416 / 13.8416) < 1e-9, "0/10: [%g, %g]", lo, hi);
	gl_wilson95(10, 10, &lo, &hi);
	CHECK_MSG(hi == 1 && fabs(lo - 10 / 13.8416) < 1e-9, "10/10: [%g, %g]", lo, hi);
	gl_wilson95(5, 10, &lo, &hi);
	CHECK_MSG(fabs(lo - 0.2365896) < 1e-6 && fabs(hi - 0.7634104) < 1e-6, "5/10: [%g, %g]",
		lo, hi);
	for (uint64_t n = 1; n <= 200; n += 7)
		for (uint64_t k = 0; k <= n; k++) {
			gl_wilson95((double)k, n, &lo, &hi);
			CHECK_MSG(0 <= lo && lo < hi && hi <= 1 && lo <= (double)k / n &&
				(double)k / n <= hi, "%llu/%llu: [%g, %g]", (unsigned long long)k,
				(unsigned long long)n, lo, hi);
		}
	gl_wilson95(0, 0, &lo, &hi);
	CHECK(lo == 0 && hi == 1);
	int g2[] = {100, 0}, g3[] = {50, 50}, g4[] = {30, 30, 40};
	CHECK(gl_result_of(g2, 2, 0) == 1 && gl_result_of(g2, 2, 1) == -1);
	CHECK(gl_result_of(g3, 2, 0) == 0);
	CHECK(gl_result_of(g4, 3, 0) == -1 && gl_result_of(g4, 3, 2) == 1);
}

static void test_specs(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_err err = {0};
	CHECK(gl_agent_new("nosuch", g, NULL, &err) == NULL && strstr(err.msg, "unknown agent 'nosuch'"));
	CHECK(gl_agent_new("egreedy:eps=2", g, NULL, &err) == NULL && strstr(err.msg, "eps"));
	CHECK(gl_agent_new("egreedy:eps=x", g, NULL, &err) == NULL && strstr(err.msg, "eps"));
	CHECK(gl_agent_new("random:depth=3", g, NULL, &err) == NULL && strstr(err.msg, "no parameter 'depth'"));
	gl_agent *a = tg_agent("egreedy", g);
	CHECK_STR(a->spec, "egreedy:eps=0.1");
	gl_agent_free(a);
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++) {
		gl_agent *b = gl_agent_new((*t)->name, g, NULL, &err);
		CHECK_MSG(b != NULL, "agent %s: %s", (*t)->name, err.msg);
		gl_agent_free(b);
	}
	gl_game_free(g);
	/* a spec read as written: the value it gives a key, the last if twice */
	char v[16];
	CHECK(gl_spec_value("uct:time=0,iterations=50,time=2", "time", v, sizeof v) &&
	      !strcmp(v, "2"));
	CHECK(gl_spec_value("uct:xtime=1,c=40", "c", v, 3) && !strcmp(v, "40"));
	CHECK(!gl_spec_value("uct:xtime=1", "time", v, sizeof v));
	CHECK(!gl_spec_value("uct", "time", NULL, 0));
	CHECK(gl_spec_value("uct:iterations=123456", "iterations", v, 4) && !strcmp(v, "123"));
}

/* perfect, seated as player `seat`, never loses n seeded matches of game
 * against opponent. */
static void check_perfect(const char *game, const char *opponent, int seat, int n)
{
	gl_game *g = tg_game(game);
	gl_agent *perfect = tg_agent("perfect:tt=16", g), *opp = tg_agent(opponent, g);
	gl_agent *seats[2];
	seats[seat] = perfect;
	seats[1 - seat] = opp;
	gl_match m;
	gl_match_init(&m);
	int losses = 0, wins = 0;
	for (int k = 0; k < n; k++) {
		gl_err err = {0};
		CHECK(gl_match_play(g, seats, (uint64_t)k, &m, &err) == 0);
		losses += gl_result_of(m.goals, 2, seat) < 0;
		wins += gl_result_of(m.goals, 2, seat) > 0;
	}
	CHECK_MSG(losses == 0, "perfect lost %d of %d %s matches against %s as player %d",
		losses, n, game, opponent, seat + 1);
	CHECK_MSG(wins > 0 || !strcmp(game, "tictactoe"), "perfect never won %s against %s",
		game, opponent);
	gl_match_done(&m);
	gl_agent_free(perfect);
	gl_agent_free(opp);
	gl_game_free(g);
}

static void test_perfect(void)
{
	for (int seat = 0; seat < 2; seat++) {
		check_perfect("tictactoe", "random", seat, 1000);
		check_perfect("tictactoe", "egreedy", seat, 1000);
	}
	check_perfect("hex", "random", 0, 1000);
	check_perfect("hex", "egreedy", 0, 1000);
	check_perfect("connect3", "random", 0, 1000);
	check_perfect("connect3", "egreedy", 0, 1000);
	check_perfect("othello4", "random", 1, 1000);
	check_perfect("othello4", "egreedy", 1, 1000);
	/* ties=first: the same best move every time (tic-tac-toe's start:
	 * every move draws, so it is the first legal move, a1), where the
	 * default varies among the nine */
	gl_game *g = tg_game("tictactoe");
	gl_agent *same = tg_agent("perfect:tt=1,ties=first", g), *vary = tg_agent("perfect:tt=1", g);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_action legal[T_LEGAL_MAX];
	g->type->start(g, s);
	CHECK(g->type->legal(g, s, legal) == 9);
	int distinct = 0;
	bool seen[9] = {false};
	for (uint64_t k = 0; k < 40; k++) {
		gl_err err = {0};
		gl_action m1, m2;
		gl_rng_seed(&same->rng, k);
		gl_rng_seed(&vary->rng, k);
		CHECK(same->type->choose(same, s, &m1, &err) == 0 && m1 == legal[0]);
		CHECK(vary->type->choose(vary, s, &m2, &err) == 0 && m2 >= 0 && m2 < 9);
		if (m2 >= 0 && m2 < 9 && !seen[m2]) {
			seen[m2] = true;
			distinct++;
		}
	}
	CHECK_MSG(distinct > 3, "perfect varied among %d first moves", distinct);
	gl_err err = {0};
	CHECK(gl_agent_new("perfect:ties=some", g, NULL, &err) == NULL && strstr(err.msg, "ties"));
	gl_agent_free(same);
	gl_agent_free(vary);
	gl_game_free(g);
}

int main(void)
{
	test_specs();
	test_stats();
	test_match();
	test_greedy();
	test_perfect();
	return test_report();
}
