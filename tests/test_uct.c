/*
 * test_uct.c - the `uct` agent (Monte Carlo tree search, issue 8 item 6),
 * always under an iteration limit so that results are reproducible: it
 * beats random at tictactoe (either side), connect4 and GDL ticTacToe,
 * never misses a win in one (with and without the solver) nor a forced
 * block, plays complete legal matches in a 3-player
 * and a simultaneous-move GDL game, is deterministic by seed, and keeps
 * playing legally when its tree is reused and its arena fills.
 */
#include "gametest.h"

#include "gamelearn/agent.h"

/* Play n matches of uct (spec) against random on game, uct taking player
 * `side` (or alternating sides when side < 0). Returns uct's wins
 * (goal above every other player's); *played counts matches played
 * without error. */
static int wins_vs_random(const char *game, const char *spec, int side, int n,
	int *played)
{
	gl_game *g = tg_game(game);
	gl_agent *u = tg_agent(spec, g);
	gl_agent *r = tg_agent("random", g);
	int wins = 0;
	*played = 0;
	for (int i = 0; i < n; i++) {
		int me = side >= 0 ? side : i % 2;
		gl_agent *ag[2] = {me == 0 ? u : r, me == 0 ? r : u};
		gl_match m;
		gl_match_init(&m);
		gl_err err = {0};
		int rc = gl_match_play(g, ag, 1000 + (uint64_t)i, &m, &err);
		CHECK_MSG(rc == 0, "%s match %d: %s", game, i, err.msg);
		if (rc == 0) {
			(*played)++;
			wins += m.goals[me] > m.goals[1 - me];
		}
		gl_match_done(&m);
	}
	gl_agent_free(u);
	gl_agent_free(r);
	gl_game_free(g);
	return wins;
}

static void test_beats_random(void)
{
	int played, w;
	const char *ttt = "uct:time=0,iterations=3000";
	w = wins_vs_random("tictactoe", ttt, 0, 50, &played);
	printf("tictactoe uct as X: %d/%d wins\n", w, played);
	CHECK_MSG(w >= 45, "%d/50", w);
	w = wins_vs_random("tictactoe", ttt, 1, 50, &played);
	printf("tictactoe uct as O: %d/%d wins\n", w, played);
	CHECK_MSG(w >= 45, "%d/50", w);
	w = wins_vs_random("connect4", "uct:time=0,iterations=1000", -1, 20, &played);
	printf("connect4 uct: %d/%d wins\n", w, played);
	CHECK_MSG(w >= 18, "%d/20", w);
	w = wins_vs_random("gdl:data/gdl/games/ticTacToe.kif",
		"uct:time=0,iterations=1000", -1, 20, &played);
	printf("gdl ticTacToe uct: %d/%d wins\n", w, played);
	CHECK_MSG(played == 20 && w >= 14, "%d/%d", w, played);
}

/* Over many seeds, uct (spec) must choose `want` in the position after
 * `moves`. */
static void check_choice(const char *game, const char *spec, const char *moves,
	const char *want)
{
	gl_game *g = tg_game(game);
	gl_agent *a = tg_agent(spec, g);
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX];
	g->type->start(g, s);
	tg_play(g, s, moves);
	a->role = g->type->to_move(g, s);
	for (uint64_t seed = 0; seed < 30; seed++) {
		gl_err err = {0};
		gl_rng_split(&a->rng, seed, 0);
		a->type->begin(a, &err);
		gl_action m;
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, m, mt, sizeof mt);
		if (strcmp(mt, want) != 0) {
			CHECK_MSG(0, "%s after %s: uct chose %s, not %s", game, moves, mt, want);
			break;
		}
	}
	gl_agent_free(a);
	gl_game_free(g);
}

static void test_wins_in_one(void)
{
	for (int solve = 0; solve < 2; solve++) {
		const char *spec = solve ? "uct:time=0,iterations=500" :
			"uct:time=0,iterations=500,solve=0";
		/* X wins at c1 (O threatens c2 too) */
		check_choice("tictactoe", spec, "a1,a2,b1,b2", "c1");
		/* O wins at b3 (X threatens a3) */
		check_choice("tictactoe", spec, "a1,b1,a2,b2,c3", "b3");
		/* X wins in column a */
		check_choice("connect4", spec, "a,b,a,b,a,c", "a");
		/* GDL: xplayer wins at (mark 3 1) */
		check_choice("gdl:data/gdl/games/ticTacToe.kif", spec,
			"(mark 1 1),(mark 1 2),(mark 2 1),(mark 2 2)", "(mark 3 1)");
	}
	/* no win for X; every move but c2 lets O win at once */
	check_choice("tictactoe", "uct:time=0,iterations=2000", "a1,a2,c3,b2", "c2");
}

/* Play a match of agents (specs) on game; returns gl_match_play's code and
 * the moves in m. */
static int play(const char *game, const char *const *specs, uint64_t seed,
	gl_match *m)
{
	gl_game *g = tg_game(game);
	gl_agent *ag[GL_PLAYERS_MAX];
	for (unsigned p = 0; p < g->nplayers; p++)
		ag[p] = tg_agent(specs[p], g);
	gl_err err = {0};
	int rc = gl_match_play(g, ag, seed, m, &err);
	CHECK_MSG(rc == 0, "%s: %s", game, err.msg);
	for (unsigned p = 0; p < g->nplayers; p++)
		gl_agent_free(ag[p]);
	gl_game_free(g);
	return rc;
}

static void test_gdl_any_players(void)
{
	const char *u = "uct:time=0,iterations=200";
	const char *three[] = {u, "random", u};
	const char *three2[] = {"random", u, "random"};
	const char *two[] = {u, "random"};
	const char *both[] = {u, u};
	for (uint64_t seed = 0; seed < 3; seed++) {
		gl_match m;
		gl_match_init(&m);
		CHECK(play("gdl:data/gdl/games/tictactoe_3player.kif", three, seed, &m) == 0);
		CHECK(play("gdl:data/gdl/games/tictactoe_3player.kif", three2, seed, &m) == 0);
		CHECK(m.nmoves > 0);
		CHECK(play("gdl:data/gdl/games/roshambo2.kif", two, seed, &m) == 0);
		CHECK(play("gdl:data/gdl/games/roshambo2.kif", both, seed, &m) == 0);
		CHECK(m.nmoves > 0);
		gl_match_done(&m);
	}
}

static void test_deterministic(void)
{
	const char *specs[] = {"uct:time=0,iterations=300", "uct:time=0,iterations=500,c=20"};
	gl_match a, b;
	gl_match_init(&a);
	gl_match_init(&b);
	play("connect4", specs, 7, &a);
	play("connect4", specs, 7, &b);
	CHECK(a.nmoves == b.nmoves && a.nmoves > 0 &&
		memcmp(a.moves, b.moves, (size_t)a.nmoves * sizeof *a.moves) == 0);
	play("connect4", specs, 8, &b);
	CHECK(a.nmoves != b.nmoves ||
		memcmp(a.moves, b.moves, (size_t)a.nmoves * sizeof *a.moves) != 0);
	gl_match_done(&a);
	gl_match_done(&b);
}

/* Tree reuse with a small arena (it fills, is compacted, and stops growing)
 * against reuse off: both legal, and reuse really keeps a tree (it is not
 * the same player as without it). */
static void test_reuse(void)
{
	const char *on[] = {"uct:time=0,iterations=2000,nodes=3000",
		"uct:time=0,iterations=2000,nodes=3000"};
	const char *off[] = {"uct:time=0,iterations=2000,nodes=3000,reuse=0",
		"uct:time=0,iterations=2000,nodes=3000,reuse=0"};
	gl_match a, b;
	gl_match_init(&a);
	gl_match_init(&b);
	int differ = 0;
	for (uint64_t seed = 0; seed < 3; seed++) {
		CHECK(play("connect4", on, seed, &a) == 0);
		CHECK(play("connect4", off, seed, &b) == 0);
		differ += a.nmoves != b.nmoves ||
			memcmp(a.moves, b.moves, (size_t)a.nmoves * sizeof *a.moves) != 0;
	}
	CHECK(differ > 0);
	const char *gdl[] = {"uct:time=0,iterations=300,nodes=1000", "random"};
	CHECK(play("gdl:data/gdl/games/ticTacToe.kif", gdl, 1, &a) == 0);
	gl_match_done(&a);
	gl_match_done(&b);
}

static void test_bad_specs(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_err err = {0};
	CHECK(gl_agent_new("uct:time=0", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("uct:time=x", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("uct:nodes=5", g, NULL, &err) == NULL);
	gl_game_free(g);
}

int main(void)
{
	test_bad_specs();
	test_wins_in_one();
	test_deterministic();
	test_reuse();
	test_gdl_any_players();
	test_beats_random();
	return test_report();
}
