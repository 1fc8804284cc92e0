/*
 * test_solve.c - the exact solver: the known values of small games
 * (tic-tac-toe a draw from every first move; 3x3 Hex won from the centre
 * and lost from the acute corners; Nim 3-4-5 won only by taking 2 from
 * the first heap; 4x4 Othello lost by the first player; connect3 and 3x3
 * Capture Go) and gl_solve / gl_solve_moves held to a plain full minimax
 * without table, from the start where the tree is small and from random
 * positions elsewhere, for two-player games and one-player puzzles.
 * Also the node limit, terminal states and allocation failures.
 */
#include "gametest.h"

#include "gamelearn/search.h"

/* The reference: value of s for its player to move by plain minimax
 * over goal values (terminal s: the goal of the player to_move names). */
static int plain_value(const gl_game *g, const unsigned char *s)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	int me = g->type->to_move(g, s);
	if (n == 0)
		return tg_goal(g, s, me);
	int best = -1;
	for (int i = 0; i < n; i++) {
		GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		int v;
		if (g->type->terminal(g, c))
			v = tg_goal(g, c, me);
		else if (g->type->to_move(g, c) == me)
			v = plain_value(g, c);
		else
			v = 100 - plain_value(g, c);
		if (v > best)
			best = v;
	}
	return best;
}

/* Value of move a at s for s's player to move, by plain minimax. */
static int plain_move_value(const gl_game *g, const unsigned char *s,
	gl_action a)
{
	GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
	memcpy(c, s, g->state_size);
	g->type->apply(g, c, a);
	int me = g->type->to_move(g, s);
	if (g->type->terminal(g, c))
		return tg_goal(g, c, me);
	int v = plain_value(g, c);
	return g->type->to_move(g, c) == me ? v : 100 - v;
}

static gl_solver *solver(const gl_game *g)
{
	gl_err err = {0};
	gl_solver *sv = gl_solver_new(g, 1 << 20, &err);
	CHECK_MSG(sv != NULL, "%s: %s", g->spec, err.msg);
	if (!sv)
		exit(1);
	return sv;
}

/* Value of the start; every first move's value into text "move=value
 * ..."; checks gl_solve_moves agrees with gl_solve (max over moves) and,
 * if `plain`, every value with plain minimax. Returns the start value. */
static int solve_start(const char *spec, bool plain, char *text, size_t n)
{
	gl_game *g = tg_game(spec);
	gl_solver *sv = solver(g);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	int value = -1, k = 0, max = -1;
	gl_action moves[T_LEGAL_MAX];
	int values[T_LEGAL_MAX];
	CHECK(gl_solve(sv, s, &value) == 0);
	CHECK(gl_solve_moves(sv, s, moves, values, &k) == 0);
	CHECK(k == g->type->legal(g, s, moves));
	size_t len = 0;
	text[0] = '\0';
	for (int i = 0; i < k; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, moves[i], mt, sizeof mt);
		len += (size_t)snprintf(text + len, len < n ? n - len : 0,
			"%s%s=%d", i ? " " : "", mt, values[i]);
		if (values[i] > max)
			max = values[i];
		if (plain)
			CHECK_MSG(values[i] == plain_move_value(g, s, moves[i]),
				"%s: move %s", spec, mt);
	}
	CHECK_MSG(max == value, "%s: best move %d, value %d", spec, max, value);
	if (plain)
		CHECK(value == plain_value(g, s));
	printf("%s: value %d after %" PRIu64 " nodes; moves %s\n", g->spec,
		value, gl_solver_nodes(sv), text);
	gl_solver_free(sv);
	gl_game_free(g);
	return value;
}

static void check_known_values(void)
{
	char t[4096];
	CHECK(solve_start("tictactoe", true, t, sizeof t) == 50);
	CHECK_STR(t, "a1=50 b1=50 c1=50 a2=50 b2=50 c2=50 a3=50 b3=50 c3=50");

	CHECK(solve_start("hex", true, t, sizeof t) == 100);
	CHECK(strstr(t, "b2=100") != NULL);
	CHECK(strstr(t, "a1=0") != NULL);
	CHECK(strstr(t, "c3=0") != NULL);

	CHECK(solve_start("nim", true, t, sizeof t) == 100);
	CHECK_STR(t, "1:1=0 1:2=100 1:3=0 2:1=0 2:2=0 2:3=0 2:4=0 "
		"3:1=0 3:2=0 3:3=0 3:4=0 3:5=0");

	CHECK(solve_start("othello4", true, t, sizeof t) == 0);
	CHECK(solve_start("capturego", true, t, sizeof t) == 100);
	CHECK(solve_start("connect:w=4,h=3,k=3", true, t, sizeof t) == 100);
	/* Too big for the plain reference from the start: checked from
	 * random positions below. */
	CHECK(solve_start("connect3", false, t, sizeof t) == 100);
	CHECK(solve_start("swap9:limit=5", true, t, sizeof t) == 83);
	solve_start("npuzzle:limit=10", true, t, sizeof t);
	solve_start("nim:heaps=2-3-4,misere=1", true, t, sizeof t);
}

/* gl_solve against plain minimax from random positions: at least
 * `after` random moves in, `count` of them, one solver reused. */
static void check_random(const char *spec, int after, int count,
	uint64_t seed)
{
	gl_game *g = tg_game(spec);
	gl_solver *sv = solver(g);
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	int done = 0, bad = 0;
	for (int i = 0; i < 20 * count && done < count && bad < 5; i++) {
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		gl_action moves[T_LEGAL_MAX];
		g->type->start(g, s);
		int k = after + (int)gl_rng_below(&rng, 4);
		int n = 1;
		for (int j = 0; j < k && n; j++) {
			n = g->type->legal(g, s, moves);
			if (n)
				g->type->apply(g, s, moves[gl_rng_below(&rng, (uint32_t)n)]);
		}
		int v = -1;
		CHECK(gl_solve(sv, s, &v) == 0);
		int want = plain_value(g, s);
		CHECK_MSG(v == want, "%s: position %d: solver %d, minimax %d",
			spec, i, v, want);
		bad += v != want;
		done++;
	}
	CHECK(done == count);
	printf("%s: %d random positions: %s\n", spec, done,
		bad ? "DISAGREE with minimax" : "agree with minimax");
	gl_solver_free(sv);
	gl_game_free(g);
}

/* Nim's values follow Bouton: the player to move wins iff the heaps'
 * xor is non-zero. */
static void check_bouton(void)
{
	static const int init[4] = {5, 6, 7, 9};
	gl_game *g = tg_game("nim:heaps=5-6-7-9");
	gl_solver *sv = solver(g);
	gl_rng rng;
	gl_rng_seed(&rng, 3);
	for (int i = 0; i < 200; i++) {
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		char move[16];
		int x = 0;
		g->type->start(g, s);
		for (int j = 0; j < 4; j++) {
			int h = (int)gl_rng_below(&rng, (uint32_t)init[j] + 1);
			x ^= h;
			snprintf(move, sizeof move, "%d:%d", j + 1, init[j] - h);
			if (h < init[j])
				tg_play(g, s, move);
		}
		int v = -1;
		CHECK(gl_solve(sv, s, &v) == 0);
		CHECK_MSG(v == (x ? 100 : 0), "nim heaps xor %d: value %d", x, v);
	}
	gl_solver_free(sv);
	gl_game_free(g);
}

/* The node limit gives GL_ERANGE; lifted, the same solver goes on. */
static void check_limit_and_edges(void)
{
	gl_game *g = tg_game("connect3");
	gl_solver *sv = solver(g);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	int v = -1, n = 0;
	gl_action moves[T_LEGAL_MAX];
	int values[T_LEGAL_MAX];
	gl_solver_set_limit(sv, 50);
	CHECK(gl_solve(sv, s, &v) == GL_ERANGE);
	CHECK(gl_solve_moves(sv, s, moves, values, &n) == GL_ERANGE);
	gl_solver_set_limit(sv, 0);
	CHECK(gl_solve(sv, s, &v) == 0 && v == 100);
	gl_solver_clear(sv);
	CHECK(gl_solve(sv, s, &v) == 0 && v == 100);
	gl_solver_free(sv);
	gl_game_free(g);

	/* Terminal states: the goal of the player to_move names; no moves. */
	g = tg_game("tictactoe");
	sv = solver(g);
	g->type->start(g, s);
	tg_play(g, s, "a1,a2,b1,b2,c1");
	CHECK(gl_solve(sv, s, &v) == 0);
	CHECK(v == tg_goal(g, s, g->type->to_move(g, s)));
	CHECK(gl_solve_moves(sv, s, moves, values, &n) == GL_EINVAL);
	/* One move from the end: X wins at c1. */
	g->type->start(g, s);
	tg_play(g, s, "a1,a2,b1,b2");
	CHECK(gl_solve(sv, s, &v) == 0 && v == 100);
	/* A tiny table still gives exact values. */
	gl_solver_free(sv);
	sv = gl_solver_new(g, 64, NULL);
	CHECK(sv != NULL);
	g->type->start(g, s);
	CHECK(sv && gl_solve(sv, s, &v) == 0 && v == 50);
	gl_solver_free(sv);

	/* Allocation failures are reported and leak nothing. */
	int failed = 0;
	for (long k = 0; k < 12; k++) {
		gl_err err = {0};
		gl_alloc_fail_after(k);
		gl_solver *f = gl_solver_new(g, 1 << 12, &err);
		gl_alloc_fail_after(-1);
		if (!f) {
			CHECK(err.code == GL_ENOMEM);
			failed++;
		}
		gl_solver_free(f);
	}
	CHECK(failed >= 5);
	gl_game_free(g);
}

static void count_calls(void *ctx, uint64_t nodes)
{
	uint64_t *last = ctx;
	CHECK(nodes >= *last + (1u << 20));
	*last = nodes;
}

/* The time limit, the messages of each way to give up, the progress
 * calls, and the size estimate that `solve` refuses games by. */
static void check_time_progress_estimate(void)
{
	gl_game *g = tg_game("connect4");
	gl_solver *sv = solver(g);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	int v;
	CHECK_STR(gl_solver_message(sv), "");
	gl_solver_set_limit(sv, 1000);
	CHECK(gl_solve(sv, s, &v) == GL_ERANGE);
	CHECK_STR(gl_solver_message(sv), "node limit of 1000 reached");
	/* progress: a call every 2^20 nodes, counted by nodes (not time, so
	 * that a loaded machine cannot make it fail) */
	uint64_t last = 0;
	gl_solver_set_progress(sv, count_calls, &last);
	gl_solver_set_limit(sv, (3u << 20) + 1000);
	CHECK(gl_solve(sv, s, &v) == GL_ERANGE);
	CHECK_MSG(last >= (3u << 20) && gl_solver_nodes(sv) - last < (1u << 20),
		"progress: last call at %llu of %llu nodes",
		(unsigned long long)last, (unsigned long long)gl_solver_nodes(sv));
	gl_solver_set_progress(sv, NULL, NULL);
	gl_solver_set_limit(sv, 0);
	/* the time limit: never before it is reached (how long after depends
	 * on the machine's load, which a test does not assert) */
	gl_solver_set_time(sv, 0.2);
	double t0 = gl_now();
	CHECK(gl_solve(sv, s, &v) == GL_ERANGE);
	double dt = gl_now() - t0;
	CHECK_MSG(dt >= 0.2, "time limit 0.2 s stopped after %.3f s", dt);
	CHECK_STR(gl_solver_message(sv), "time limit of 0.2 s reached");
	gl_solver_free(sv);
	gl_game_free(g);
	/* a call that finishes clears the message */
	g = tg_game("tictactoe");
	sv = solver(g);
	g->type->start(g, s);
	gl_solver_set_limit(sv, 10);
	CHECK(gl_solve(sv, s, &v) == GL_ERANGE);
	CHECK_STR(gl_solver_message(sv), "node limit of 10 reached");
	gl_solver_set_limit(sv, 0);
	CHECK(gl_solve(sv, s, &v) == 0 && v == 50);
	CHECK_STR(gl_solver_message(sv), "");
	gl_solver_free(sv);
	gl_game_free(g);

	/* far apart: what solves in a blink, and what would run for years */
	static const struct {
		const char *spec;
		double lo, hi; /* bounds on log10 of the estimate */
	} est[] = {
		{"tictactoe", 2, 5},
		{"hex", 2, 5},
		{"othello4", 3, 6},
		{"connect3", 3, 7},
		{"checkers", 25, 80},
		{"othello8", 15, 40},
	};
	for (size_t i = 0; i < sizeof est / sizeof est[0]; i++) {
		g = tg_game(est[i].spec);
		g->type->start(g, s);
		double b, len, e = 0, e2 = 0;
		CHECK(gl_solve_estimate(g, s, &e, &b, &len, NULL) == 0);
		CHECK_MSG(e >= est[i].lo && e <= est[i].hi && b > 1 && len > 1,
			"%s: estimate 10^%.1f (b %.2f, length %.1f) outside 10^%g..10^%g",
			est[i].spec, e, b, len, est[i].lo, est[i].hi);
		CHECK(gl_solve_estimate(g, s, &e2, NULL, NULL, NULL) == 0 && e2 == e);
		gl_game_free(g);
	}
}

int main(void)
{
	check_known_values();
	check_time_progress_estimate();
	check_random("tictactoe", 3, 300, 1);
	check_random("connect3", 8, 60, 2);
	check_random("capturego", 2, 100, 3);
	check_random("capturego:size=4", 9, 30, 4);
	check_random("othello4", 2, 100, 5);
	check_random("hex:size=4", 7, 30, 6);
	check_random("nim:heaps=1-2-3-7,misere=1", 2, 100, 7);
	check_bouton();
	check_limit_and_edges();
	return test_report();
}
