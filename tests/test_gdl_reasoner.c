/*
 * test_gdl_reasoner.c - the GDL reasoner against the expectations of
 * ggp-base's test cases (data/gdl/README), the invalid files refused with
 * FILE:LINE:COL, and GDL against the native engines: gdl ticTacToe vs
 * tictactoe perft at every depth, gdl connectFour (8 x 6) vs
 * connect:w=8,h=6,k=4 to depth 7, nim1 vs nim:heaps=1-5-4-2 to depth 9,
 * reversi vs othello8 to depth 5.
 */
#include "gametest.h"
#include "gdltest.h"

#include "gamelearn/gdl.h"

#define T "data/gdl/test/"
#define G "data/gdl/games/"

static gdl_game *load(const char *path)
{
	gdl_game *gd = NULL;
	gl_err err = {0};
	int rc = gdl_load_file(&gd, path, &err);
	CHECK_MSG(rc == 0, "%s: %s", path, err.msg);
	return gd;
}

/* Legal moves of role 0 as text, space separated. */
static void legal_text(const gdl_game *gd, gdl_eval *e, int role, char *out,
	size_t n)
{
	int moves[4096];
	int k = gdl_legal(gd, e, role, moves);
	size_t len = 0;
	out[0] = '\0';
	for (int i = 0; i < k; i++) {
		char t[128];
		gdl_move_text(gd, moves[i], t, sizeof t);
		len += (size_t)snprintf(out + len, n - len, "%s%s", i ? " " : "", t);
	}
}

/* One-role case: legal moves at the start, then play `move`, expect
 * terminal and goal. */
static void one_step(const char *file, const char *legal, const char *move,
	int goal)
{
	gdl_game *gd = load(file);
	if (!gd)
		return;
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t s[T_WORDS_MAX];
	char got[1024];
	gdl_initial(gd, s);
	gdl_eval_state(gd, e, s);
	CHECK_MSG(!gdl_terminal(gd, e), "%s: terminal at the start", file);
	legal_text(gd, e, 0, got, sizeof got);
	CHECK_MSG(!strcmp(got, legal), "%s: legal '%s', want '%s'", file, got, legal);
	int m = gdl_move_find(gd, move);
	CHECK_MSG(m >= 0, "%s: no move %s", file, move);
	if (m >= 0) {
		int joint[1] = {m};
		gdl_next(gd, e, joint, s);
		gdl_eval_state(gd, e, s);
		CHECK_MSG(gdl_terminal(gd, e), "%s: not terminal after %s", file, move);
		if (goal >= 0)
			CHECK_MSG(gdl_goal(gd, e, 0) == goal, "%s: goal %d", file,
				gdl_goal(gd, e, 0));
	}
	gdl_eval_free(e);
	gdl_free(gd);
}

static void test_cases(void)
{
	one_step(T "test_case_3c.kif", "win", "win", 100);
	one_step(T "test_case_5a.kif", "proceed", "proceed", 100);
	one_step(T "test_case_5c.kif", "proceed", "proceed", 100);
	one_step(T "test_case_5d.kif", "proceed", "proceed", 100);
	one_step(T "test_case_5b.kif", "(draw 1 1 1 2)", "( DRAW 1 1  1 2 )", -1);
	one_step(T "test_case_5e.kif", "(reduce a 0) (reduce a 1) (reduce c 0) "
		"(reduce c 1) (reduce c 2) (reduce c 3) (reduce c 4)",
		"(reduce c 4)", 100);
	one_step(T "test_distinct_beginning_rule.kif", "(do a b) (do b a)",
		"(do a b)", 100);
	one_step(T "test_case_1a.kif", "proceed", "proceed", 100);
	/* 1a: goal 100 already at the start */
	gdl_game *gd = load(T "test_case_1a.kif");
	if (gd) {
		gdl_eval *e = gdl_eval_new(gd);
		uint64_t s[T_WORDS_MAX];
		gdl_initial(gd, s);
		gdl_eval_state(gd, e, s);
		CHECK(gdl_goal(gd, e, 0) == 100);
		gdl_eval_free(e);
		gdl_free(gd);
	}
}

static void test_tictactoe(void)
{
	gdl_game *gd = load(G "ticTacToe.kif");
	if (!gd)
		return;
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t s[T_WORDS_MAX];
	char got[1024];
	CHECK(gdl_nroles(gd) == 2);
	CHECK_STR(gdl_role_name(gd, 0), "xplayer");
	CHECK_STR(gdl_role_name(gd, 1), "oplayer");
	gdl_initial(gd, s);
	gdl_eval_state(gd, e, s);
	legal_text(gd, e, 1, got, sizeof got);
	CHECK_STR(got, "noop");
	int moves[64];
	CHECK(gdl_legal(gd, e, 0, moves) == 9);
	CHECK_EQ_U64(gdl_perft(gd, e, s, 1), 9);
	const char *seq[] = {"(mark 1 1)", "(mark 1 3)", "(mark 3 1)", "(mark 2 2)",
		"(mark 2 1)"};
	int noop = gdl_move_find(gd, "noop");
	for (int i = 0; i < 5; i++) {
		gdl_eval_state(gd, e, s);
		CHECK(!gdl_terminal(gd, e));
		int m = gdl_move_find(gd, seq[i]);
		int joint[2] = {i % 2 ? noop : m, i % 2 ? m : noop};
		gdl_next(gd, e, joint, s);
	}
	gdl_eval_state(gd, e, s);
	CHECK(gdl_terminal(gd, e));
	CHECK(gdl_goal(gd, e, 0) == 100);
	CHECK(gdl_goal(gd, e, 1) == 0);
	gdl_eval_free(e);
	gdl_free(gd);
}

/* Every depth: the GDL game and the native engine agree. */
static void perft_pair(const char *gspec, const char *nspec, int maxdepth)
{
	gl_game *g = tg_game(gspec), *n = tg_game(nspec);
	unsigned char *a = tg_state(g), *b = tg_state(n);
	g->type->start(g, a);
	n->type->start(n, b);
	for (int d = 1; d <= maxdepth; d++) {
		uint64_t x = tg_perft(g, a, d), y = tg_perft(n, b, d);
		CHECK_MSG(x == y, "%s vs %s depth %d: %llu != %llu", gspec, nspec, d,
			(unsigned long long)x, (unsigned long long)y);
	}
	/* the generic walk through the callbacks agrees with the native one */
	CHECK_EQ_U64(tg_perft_generic(g, a, 4), tg_perft(g, a, 4));
	gl_free(a);
	gl_free(b);
	gl_game_free(g);
	gl_game_free(n);
}

static void test_invalid(void)
{
	const char *bad[][2] = {
		{T "test_invalid_function_arities_differ.kif",
			"test_invalid_function_arities_differ.kif:8:15: function 'a'"},
		{T "test_invalid_sentence_arities_differ.kif",
			"test_invalid_sentence_arities_differ.kif:13:1: relation 'foo'"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gdl_game *gd = NULL;
		gl_err err = {0};
		CHECK(gdl_load_file(&gd, bad[i][0], &err) == GL_EPARSE && !gd);
		CHECK_MSG(strstr(err.msg, bad[i][1]) != NULL, "%s", err.msg);
		/* refused the same way as a game spec */
		char spec[256];
		snprintf(spec, sizeof spec, "gdl:%s", bad[i][0]);
		gl_game *g = gl_game_new(spec, &err);
		CHECK(g == NULL);
		CHECK_MSG(strstr(err.msg, bad[i][1]) != NULL, "%s", err.msg);
	}
	/* small descriptions: each problem found, with its place */
	const char *cases[][2] = {
		{"(role r) (<= (p ?x) (q ?y))", "x.kif:1:17: unsafe rule: variable ?x"},
		{"(role r) (<= (p ?x) (q ?x) (not (s ?y)))", "x.kif:1:36: unsafe rule: variable ?y"},
		{"(role r) (<= (p ?x) (q ?x) (distinct ?x ?z))", "unsafe rule: variable ?z"},
		{"(role r) (<= (true p) (q))", "'true' may not be the head"},
		{"(role r) (<= (does r p) (q))", "'does' may not be the head"},
		{"(role r) (q) (<= (role s) q)", "'role' may only appear in facts"},
		{"(role r) (<= (p) (init q))", "'init' may not appear in a rule body"},
		{"(role r) (<= (p) (next q))", "'next' may not appear in a rule body"},
		{"(role r) (<= (legal r a) (does r b))", "'legal' depends on 'does'"},
		{"(role r) (<= (w) (does r b)) (<= terminal (w))", "'terminal' depends on 'does'"},
		{"(role r) (succ 1 2) (q 1) (<= (p ?x) (q ?x)) (<= (p ?y) (p ?x) (f ?y))\n"
			"(<= (f (g ?x)) (p ?x))", "recursion restriction"},
		{"(role r) (legal r a b)", "'legal' takes 2 arguments, not 3"},
		{"(role r) (p", "x.kif:1:10: '(' never closed"},
		{"(role r))", "x.kif:1:9: ')' without"},
		{"(role r) ()", "empty list"},
		{"(role r) (?x a)", "must start with a symbol"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gl_strbuf sb;
		gl_strbuf_init(&sb);
		int n = gdl_check(cases[i][0], strlen(cases[i][0]), "x.kif", &sb);
		CHECK_MSG(n > 0 && sb.buf && strstr(sb.buf, cases[i][1]),
			"case %zu: %d problems: %s", i, n, sb.buf ? sb.buf : "(none)");
		gl_strbuf_done(&sb);
	}
	/* valid: or, not distinct, (foo) for foo, recursion, case folded
	 * (test_gdl_case.c: case-sensitive, P and p differ) */
	const char *good = "(ROLE r) (Q 1) (q 2) (<= (P ?x) (q ?x) (or (distinct ?x 1) "
		"(not (distinct ?x 2)))) (<= (legal r (go ?x)) (p ?x)) (<= (terminal)) "
		"(<= (goal r 100) (true (done))) (<= (next done) (does r ?m))";
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	CHECK_MSG(gdl_check(good, strlen(good), "good.kif", &sb) == 0, "%s",
		sb.buf ? sb.buf : "");
	gl_strbuf_done(&sb);
	gdl_game *gd = NULL;
	gdl_load_opts fold = {.fold_case = true};
	CHECK(gdl_load_ex(&gd, good, strlen(good), "good.kif", &fold, NULL) == 0);
	if (gd) {
		gdl_eval *e = gdl_eval_new(gd);
		uint64_t s[T_WORDS_MAX];
		char got[256];
		gdl_initial(gd, s);
		gdl_eval_state(gd, e, s);
		legal_text(gd, e, 0, got, sizeof got);
		CHECK_STR(got, "(go 2)");
		CHECK(gdl_terminal(gd, e));
		gdl_eval_free(e);
		gdl_free(gd);
	}
}

/* Simultaneous moves, sequentialised: white then black choose, the
 * joint move is played when both have; perft counts joint moves. */
static void test_simultaneous(void)
{
	gl_game *g = tg_game("gdl:" G "roshambo2.kif");
	unsigned char *s = tg_state(g), *s0 = tg_state(g);
	gl_action *moves = tg_moves(g);
	g->type->start(g, s);
	memcpy(s0, s, g->state_size);
	CHECK(g->nplayers == 2);
	CHECK(g->type->to_move(g, s) == 0);
	CHECK(g->type->legal(g, s, moves) == 4);
	CHECK(tg_play(g, s, "rock") == 0);
	CHECK(g->type->to_move(g, s) == 1);
	CHECK(g->type->legal(g, s, moves) == 4);
	CHECK(memcmp(s, s0, g->state_size) != 0); /* the pending move */
	/* inside the round gl_perft walks the sequentialised moves: black's
	 * four, then the next round's four by four */
	CHECK_EQ_U64(tg_perft(g, s, 1), 4);
	CHECK_EQ_U64(tg_perft(g, s, 3), 4 * 4 * 4);
	CHECK(tg_play(g, s, "paper") == 0);
	char text[4096];
	g->type->render(g, s, text, sizeof text);
	CHECK_MSG(strstr(text, "(step s2)\nwhite to move"), "%s", text);
	CHECK_EQ_U64(tg_perft(g, s0, 1), 16);
	CHECK_EQ_U64(tg_perft_generic(g, s0, 1), 4);
	gl_free(s);
	gl_free(s0);
	gl_free(moves);
	gl_game_free(g);
}

int main(void)
{
	test_simultaneous();
	test_cases();
	test_tictactoe();
	test_invalid();
	perft_pair("gdl:" G "ticTacToe.kif", "tictactoe", 9);
	perft_pair("gdl", "tictactoe", 3); /* the built-in default */
	/* connectFour.kif is 8 columns by 6 rows, red first: connect4 is 7
	 * wide, so the matching native game is connect:w=8,h=6,k=4 */
	perft_pair("gdl:" G "connectFour.kif", "connect:w=8,h=6,k=4", 7);
	/* nim1.kif: heaps a..d of 1, 5, 4, 2; a move sets a heap to any
	 * smaller size (takes from one heap); whoever is to move when all are
	 * empty loses: normal-play Nim */
	perft_pair("gdl:" G "nim1.kif", "nim:heaps=1-5-4-2", 9);
	/* reversi.kif: Othello on 8 x 8, black first, passes as moves */
	perft_pair("gdl:" G "reversi.kif", "othello8", 5);
	return test_report();
}
