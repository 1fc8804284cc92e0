/*
 * test_nim.c - Nim: the rules on crafted positions (normal and misere
 * play), legal move order, heaps parameter errors, move text, perft
 * counted by hand and native against generic, and evaluate() against a
 * brute-force solver (Bouton's theorem and the misere exception).
 */
#include "gametest.h"

/* The heaps of a state: bytes 0..7 (layout documented in nim.c). */
static int heap_code(const unsigned char *s)
{
	int code = 0;
	for (int i = 7; i >= 0; i--)
		code = code * 8 + s[i];
	return code;
}

/* Whether the player to move in s wins with best play, by exhaustive
 * search with a memo over heap vectors (all heaps < 8, at most 4 of
 * them: codes < 8^4). memo: 0 unknown, 1 loss, 2 win. */
static int solve(const gl_game *g, const unsigned char *s, unsigned char *memo)
{
	int code = heap_code(s);
	if (memo[code])
		return memo[code] == 2;
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	int win = 0;
	if (n == 0)
		win = tg_goal(g, s, g->type->to_move(g, s)) == 100;
	for (int i = 0; i < n && !win; i++) {
		GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		win = !solve(g, c, memo);
	}
	memo[code] = (unsigned char)(win ? 2 : 1);
	return win;
}

/* Every position reachable from the start: evaluate()'s sign is the
 * solver's verdict. Returns the number of positions checked. */
static int check_eval(const gl_game *g, const unsigned char *s,
	unsigned char *memo, unsigned char *seen)
{
	int code = heap_code(s);
	if (seen[code] || g->type->terminal(g, s))
		return 0;
	seen[code] = 1;
	int v = g->type->evaluate(g, s);
	int win = solve(g, s, memo);
	CHECK_MSG(win ? v > 0 : v < 0, "%s: heaps %o: eval %d, solver says %s",
		g->spec, code, v, win ? "win" : "loss");
	CHECK(v > -GL_EVAL_INF && v < GL_EVAL_INF);
	int count = 1;
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++) {
		GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		count += check_eval(g, c, memo, seen);
	}
	return count;
}

static void test_eval(const char *spec, int positions)
{
	static unsigned char memo[4096], seen[4096];
	memset(memo, 0, sizeof memo);
	memset(seen, 0, sizeof seen);
	gl_game *g = tg_game(spec);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK_EQ_U64(check_eval(g, s, memo, seen), positions);
	gl_game_free(g);
}

static void test_rules(void)
{
	gl_game *g = tg_game("nim");
	gl_game *m = tg_game("nim:misere=1");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	char text[512];

	CHECK_STR(g->spec, "nim:heaps=3-4-5,misere=0");
	CHECK(g->nactions == 15 && g->max_length == 12 && g->max_legal == 12);
	g->type->start(g, s);
	tg_legal_text(g, s, text, sizeof text);
	CHECK_STR(text, "1:1 1:2 1:3 2:1 2:2 2:3 2:4 3:1 3:2 3:3 3:4 3:5");
	gl_action moves[T_LEGAL_MAX];
	static const gl_action ids[12] = {0, 1, 2, 5, 6, 7, 8, 10, 11, 12, 13, 14};
	CHECK(g->type->legal(g, s, moves) == 12);
	CHECK(memcmp(moves, ids, sizeof ids) == 0);
	CHECK(g->type->to_move(g, s) == 0);

	/* terminal only when every heap is empty */
	tg_play(g, s, "1:3,2:4,3:4");
	CHECK(!g->type->terminal(g, s));
	tg_legal_is(g, s, "3:1");
	CHECK(g->type->to_move(g, s) == 1);
	tg_play(g, s, "3:1");
	CHECK(g->type->terminal(g, s));
	tg_legal_is(g, s, "");
	/* the second player took the last object */
	CHECK(tg_goal(g, s, 1) == 100 && tg_goal(g, s, 0) == 0);
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "player 2 wins") != NULL);

	/* misere: the same game, the other result */
	m->type->start(m, s);
	tg_play(m, s, "1:3,2:4,3:4,3:1");
	CHECK(m->type->terminal(m, s));
	CHECK(tg_goal(m, s, 1) == 0 && tg_goal(m, s, 0) == 100);
	m->type->start(m, s);
	tg_play(m, s, "1:3,2:4,3:5");
	CHECK(tg_goal(m, s, 0) == 0 && tg_goal(m, s, 1) == 100);

	/* legality lies with the heap's current size */
	g->type->start(g, s);
	gl_action a;
	gl_err err = {0};
	CHECK(gl_parse_legal(g, s, "1:4", &a, &err) == GL_EILLEGAL);
	tg_play(g, s, "3:2");
	CHECK(gl_parse_legal(g, s, "3:4", &a, &err) == GL_EILLEGAL);
	tg_legal_is(g, s, "1:1 1:2 1:3 2:1 2:2 2:3 2:4 3:1 3:2 3:3");

	/* rendering: numbers, rows of '|' and who moves */
	g->type->start(g, s);
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, " 3 |||\n") && strstr(text, " 4 ||||\n") &&
	      strstr(text, " 5 |||||\n") && strstr(text, "player 1 to move"));
	gl_game_free(g);
	gl_game_free(m);
}

static void test_text(void)
{
	gl_game *g = tg_game("nim");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	for (gl_action a = 0; a < g->nactions; a++) {
		char t[GL_MOVE_TEXT];
		gl_action back = -1;
		g->type->format_move(g, s, a, t, sizeof t);
		CHECK_MSG(g->type->parse_move(g, s, t, &back, NULL) == 0 && back == a,
			"id %d -> '%s' -> %d", a, t, back);
	}
	gl_action a;
	CHECK(g->type->parse_move(g, s, "1:2", &a, NULL) == 0 && a == 1);
	CHECK(g->type->parse_move(g, s, "3:5", &a, NULL) == 0 && a == 14);
	/* heap 1 holds 3, but taking 4 is well formed (legality is apart) */
	CHECK(g->type->parse_move(g, s, "1:4", &a, NULL) == 0 && a == 3);
	const char *bad[] = {"", "1", "1:", ":1", "0:1", "1:0", "4:1", "1:6",
		"1:9", "1:2x", "a:b", "1-2", "01:2", "1:02", " 1:2", "1::2",
		"-1:2", "1:-2", "1000:1"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gl_err err = {0};
		CHECK_MSG(g->type->parse_move(g, s, bad[i], &a, &err) == GL_EPARSE &&
			  strstr(err.msg, "nim"), "'%s' parsed", bad[i]);
	}
	gl_game_free(g);

	/* a heap larger than 9: two-digit counts */
	g = tg_game("nim:heaps=2-63");
	g->type->start(g, s);
	CHECK(g->type->parse_move(g, s, "2:63", &a, NULL) == 0 && a == 63 + 62);
	CHECK(g->type->parse_move(g, s, "2:64", &a, NULL) == GL_EPARSE);
	char text[GL_MOVE_TEXT];
	g->type->format_move(g, s, 63 + 62, text, sizeof text);
	CHECK_STR(text, "2:63");
	gl_game_free(g);
}

static void test_params(void)
{
	const char *bad[] = {"nim:heaps=3-x", "nim:heaps=0-1", "nim:heaps=64",
		"nim:heaps=1-2-3-4-5-6-7-8-9", "nim:heaps=", "nim:heaps=3--4",
		"nim:heaps=-3", "nim:heaps=3-4-", "nim:heaps=+3"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gl_err err = {0};
		gl_game *g = gl_game_new(bad[i], &err);
		CHECK_MSG(g == NULL && err.code == GL_EINVAL &&
			  strstr(err.msg, "heaps") && !strchr(err.msg, '\n'),
			"'%s': %s", bad[i], err.msg);
		gl_game_free(g);
	}
	gl_err err = {0};
	CHECK(gl_game_new("nim:misere=2", &err) == NULL);
	/* the extremes are accepted */
	gl_game *g = tg_game("nim:heaps=63-63-63-63-63-63-63-63");
	CHECK(g->max_legal == 504 && g->max_legal <= T_LEGAL_MAX);
	CHECK(g->nactions == 8 * 63);
	gl_game_free(g);
	g = tg_game("nim:heaps=1");
	CHECK(g->nactions == 1);
	gl_game_free(g);
	/* every allocation failure on the way is reported, not a crash */
	for (long k = 0; k < 10; k++) {
		gl_alloc_fail_after(k);
		g = gl_game_new("nim", &err);
		gl_alloc_fail_after(-1);
		CHECK(g != NULL || err.code == GL_ENOMEM);
		gl_game_free(g);
	}
}

static void test_perft(void)
{
	struct {
		const char *spec;
		int depth;
		uint64_t want;
	} hand[] = {
		{"nim:heaps=1-1", 1, 2}, {"nim:heaps=1-1", 2, 2},
		{"nim:heaps=1-1", 3, 0}, {"nim:heaps=2", 1, 2},
		{"nim:heaps=2", 2, 1}, {"nim:heaps=1-2", 1, 3},
		{"nim:heaps=1-2", 2, 5}, {"nim:heaps=1-2", 3, 3},
		{"nim:heaps=1-2", 4, 0}, {"nim", 1, 12},
		/* (3,4,5): 2 + 3 + 4 objects left after each move of 12 ... */
		{"nim", 2, 12 * 12 - (1 + 2 + 3) - (1 + 2 + 3 + 4) -
			(1 + 2 + 3 + 4 + 5)},
		/* every object taken one at a time: 12!/(3!4!5!) orders */
		{"nim", 12, 27720}, {"nim", 13, 0},
	};
	for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) {
		gl_game *g = tg_game(hand[i].spec);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		uint64_t got = tg_perft(g, s, hand[i].depth);
		CHECK_MSG(got == hand[i].want, "%s perft(%d) = %llu, want %llu",
			hand[i].spec, hand[i].depth, (unsigned long long)got,
			(unsigned long long)hand[i].want);
		CHECK_EQ_U64(tg_perft_generic(g, s, hand[i].depth), hand[i].want);
		gl_game_free(g);
	}
	const char *specs[] = {"nim", "nim:heaps=1-2-3-7,misere=1",
		"nim:heaps=5-5-5-5-5-5-5-5"};
	int depths[] = {12, 7, 4};
	for (int k = 0; k < 3; k++) {
		gl_game *g = tg_game(specs[k]);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		tg_play(g, s, k == 2 ? "8:3" : "2:1");
		for (int d = 0; d <= depths[k]; d++)
			CHECK_MSG(tg_perft(g, s, d) == tg_perft_generic(g, s, d),
				"%s perft(%d)", specs[k], d);
		gl_game_free(g);
	}
}

int main(void)
{
	test_rules();
	test_text();
	test_params();
	test_perft();
	/* (heaps+1) products: 4*5*6 = 120 and 2*3*4*5 = 120 positions, all
	 * but the empty one non-terminal */
	test_eval("nim", 119);
	test_eval("nim:misere=1", 119);
	test_eval("nim:heaps=1-2-3-4", 119);
	test_eval("nim:heaps=1-2-3-4,misere=1", 119);
	test_eval("nim:heaps=1-1-1-7,misere=1", 2 * 2 * 2 * 8 - 1);

	/* Bouton: from (3,4,5) the only winning move takes 2 from heap 1 */
	gl_game *g = tg_game("nim");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves), wins = 0;
	for (int i = 0; i < n; i++) {
		GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		if (g->type->evaluate(g, c) < 0) {
			wins++;
			CHECK(moves[i] == 1);
		}
	}
	CHECK(wins == 1);
	gl_game_free(g);
	return test_report();
}
