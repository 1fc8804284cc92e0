/*
 * test_connect.c - Connect-k: wins in all four directions for both sides,
 * full-board draws (found by random play, checked by hand), full columns,
 * parameter errors, move text, native perft against the generic walk, and
 * the number of distinct Connect-4 positions after n plies (OEIS A212693,
 * shared/reference/perft.md) by a breadth-first walk over unique states.
 */
#include "gametest.h"

#include <stdlib.h>

/* A set of states (state_size bytes each), open addressing on
 * gl_hash_bytes; grows by doubling. */
typedef struct state_set {
	unsigned char *states; /* count states, packed */
	uint32_t *slot;        /* 0 empty, else index + 1 into states */
	size_t count, cap, nslots;
	unsigned size;
} state_set;

static void set_init(state_set *t, unsigned size)
{
	memset(t, 0, sizeof *t);
	t->size = size;
}

static void set_free(state_set *t)
{
	free(t->states);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

static void set_rehash(state_set *t)
{
	size_t n = t->nslots ? t->nslots * 2 : 1024;
	free(t->slot);
	t->slot = calloc(n, sizeof *t->slot);
	t->nslots = n;
	for (size_t i = 0; i < t->count; i++) {
		size_t h = gl_hash_bytes(t->states + i * t->size, t->size) & (n - 1);
		while (t->slot[h])
			h = (h + 1) & (n - 1);
		t->slot[h] = (uint32_t)(i + 1);
	}
}

/* Add s unless present; returns 1 if it was new. */
static int set_add(state_set *t, const unsigned char *s)
{
	if (2 * (t->count + 1) > t->nslots)
		set_rehash(t);
	size_t h = gl_hash_bytes(s, t->size) & (t->nslots - 1);
	while (t->slot[h]) {
		if (memcmp(t->states + (t->slot[h] - 1) * (size_t)t->size, s,
			   t->size) == 0)
			return 0;
		h = (h + 1) & (t->nslots - 1);
	}
	if (t->count == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->states = realloc(t->states, t->cap * t->size);
	}
	memcpy(t->states + t->count * t->size, s, t->size);
	t->slot[h] = (uint32_t)(++t->count);
	return 1;
}

/* Distinct positions of connect4 after n plies, n = 0..maxn: a level by
 * level walk over unique states; won positions are counted, and have no
 * moves to expand. */
static void test_positions(int maxn)
{
	static const uint64_t a212693[] = {1, 7, 49, 238, 1120, 4263, 16422,
		54859, 184275, 558186};
	gl_game *g = tg_game("connect4");
	state_set level, next;
	set_init(&level, g->state_size);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	set_add(&level, s);
	CHECK_EQ_U64(level.count, a212693[0]);
	for (int n = 1; n <= maxn; n++) {
		set_init(&next, g->state_size);
		uint64_t won = 0;
		for (size_t i = 0; i < level.count; i++) {
			const unsigned char *p = level.states + i * g->state_size;
			gl_action moves[T_LEGAL_MAX];
			int k = g->type->legal(g, p, moves);
			for (int j = 0; j < k; j++) {
				memcpy(s, p, g->state_size);
				g->type->apply(g, s, moves[j]);
				if (set_add(&next, s) && g->type->terminal(g, s))
					won++;
			}
		}
		CHECK_MSG(next.count == a212693[n], "connect4: %zu positions after "
			"%d plies, want %llu", next.count, n,
			(unsigned long long)a212693[n]);
		/* nobody can win before the 7th ply */
		CHECK(n >= 7 || won == 0);
		CHECK(n != 7 || won > 0);
		set_free(&level);
		level = next;
	}
	set_free(&level);
	gl_game_free(g);
}

static void expect_result(const char *spec, const char *moves, int goal0)
{
	gl_game *g = tg_game(spec);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	/* every move but the last leaves the game open */
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", moves);
	char *last = strrchr(buf, ',');
	if (last) {
		*last = '\0';
		tg_play(g, s, buf);
		CHECK_MSG(!g->type->terminal(g, s), "%s: %s ended early", spec, buf);
		tg_play(g, s, last + 1);
	} else {
		tg_play(g, s, buf);
	}
	CHECK_MSG(g->type->terminal(g, s), "%s: %s does not end", spec, moves);
	CHECK_MSG(tg_goal(g, s, 0) == goal0 && tg_goal(g, s, 1) == 100 - goal0,
		"%s: %s: goals %d %d, want %d", spec, moves, tg_goal(g, s, 0),
		tg_goal(g, s, 1), goal0);
	tg_legal_is(g, s, "");
	char text[1024];
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, goal0 == 100 ? "X wins" : goal0 ? "draw" : "O wins"));
	gl_game_free(g);
}

static void test_rules(void)
{
	/* horizontal, vertical, and both diagonals, for X */
	expect_result("connect4", "a,a,b,b,c,c,d", 100);
	expect_result("connect4", "d,e,d,e,d,e,d", 100);
	expect_result("connect4", "a,b,b,c,c,d,c,d,d,g,d", 100);   /* / */
	expect_result("connect4", "g,f,f,e,e,d,e,d,d,a,d", 100);   /* \ */
	/* and for O: vertical, horizontal (up to the edge), both diagonals */
	expect_result("connect4", "a,b,a,b,a,b,c,b", 0);
	expect_result("connect4", "a,e,a,f,b,g,b,d", 0);
	expect_result("connect4", "g,a,b,b,c,c,d,c,d,d,g,d", 0);   /* / */
	expect_result("connect4", "a,g,f,f,e,e,d,e,d,d,a,d", 0);   /* \ */
	/* a line longer than k also wins; a line at the top row and edge */
	expect_result("connect4", "a,a,b,b,d,d,e,e,c", 100);
	expect_result("connect:w=4,h=3,k=3", "a,b,a,b,c,a,d,c,d,c,d", 100);
	/* draws on full boards: each final board checked by hand */
	expect_result("connect:w=4,h=3,k=3", "c,b,b,d,a,a,b,d,d,a,c,c", 50);
	expect_result("connect4", "c,d,b,d,f,d,e,f,f,a,e,c,d,c,c,e,b,a,e,f,"
		"b,d,a,c,g,f,e,b,b,g,g,c,e,g,g,d,f,a,b,g,a,a", 50);
	expect_result("connect3", "b,d,d,b,b,b,b,d,d,d,a,a,a,c,c,a,a,c,c,c,"
		"e,e,e,e,e", 50);

	/* no line runs from the top of a column into the bottom of the
	 * next: X holds a5, a6, b1, b2 */
	gl_game *g = tg_game("connect4");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	char text[1024];
	g->type->start(g, s);
	tg_play(g, s, "b,a,b,a,a,a,a,c,a");
	CHECK(!g->type->terminal(g, s));
	g->type->render(g, s, text, sizeof text);
	CHECK_MSG(strstr(text, " 6  X . . . . . .\n") &&
		  strstr(text, " 1  O X O . . . .\n"), "%s", text);
	/* a full column is not legal */
	g->type->start(g, s);
	tg_play(g, s, "a,a,a,a,a,a");
	tg_legal_is(g, s, "b c d e f g");
	gl_action a;
	gl_err err = {0};
	CHECK(gl_parse_legal(g, s, "a", &a, &err) == GL_EILLEGAL);
	CHECK(g->type->to_move(g, s) == 0);
	g->type->render(g, s, text, sizeof text);
	CHECK_MSG(strstr(text, " 6  O . . . . . .\n") &&
		  strstr(text, " 1  X . . . . . .\n") &&
		  strstr(text, "    a b c d e f g\n") && strstr(text, "X to move"),
		"%s", text);
	gl_game_free(g);
}

static void test_text_and_params(void)
{
	gl_game *g = tg_game("connect4");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK(g->nactions == 7 && g->max_legal == 7 && g->max_length == 42);
	tg_legal_is(g, s, "a b c d e f g");
	gl_action a;
	for (gl_action i = 0; i < 7; i++) {
		char t[GL_MOVE_TEXT];
		g->type->format_move(g, s, i, t, sizeof t);
		CHECK(t[0] == 'a' + i && t[1] == '\0');
		CHECK(g->type->parse_move(g, s, t, &a, NULL) == 0 && a == i);
	}
	CHECK(g->type->parse_move(g, s, "G", &a, NULL) == 0 && a == 6);
	const char *bad[] = {"h", "", "1", "a1", "aa", " a", "-", "z"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK_MSG(g->type->parse_move(g, s, bad[i], &a, NULL) == GL_EPARSE,
			"'%s' parsed", bad[i]);
	gl_game_free(g);

	struct {
		const char *spec, *fragment;
	} bad_specs[] = {
		{"connect:w=3,h=3,k=5", "k"},
		{"connect:w=3,h=3,k=4", "k=4"},
		{"connect:k=1", "k"},
		{"connect:w=9,h=7", "w*(h+1)"},
		{"connect:w=4,h=16", "w*(h+1)"},
		{"connect:w=0", "w"},
	};
	for (size_t i = 0; i < sizeof bad_specs / sizeof bad_specs[0]; i++) {
		gl_err err = {0};
		gl_game *b = gl_game_new(bad_specs[i].spec, &err);
		CHECK_MSG(b == NULL && strstr(err.msg, bad_specs[i].fragment) &&
			  !strchr(err.msg, '\n'), "'%s': %s", bad_specs[i].spec,
			err.msg);
		gl_game_free(b);
	}
	/* the largest boards the one-word layout holds; a tall k */
	const char *ok[] = {"connect:w=8,h=7,k=8", "connect:w=1,h=16,k=16",
		"connect:w=16,h=3,k=16", "connect:w=3,h=3,k=3"};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		g = tg_game(ok[i]);
		g->type->start(g, s);
		for (int d = 0; d <= 4; d++)
			CHECK(tg_perft(g, s, d) == tg_perft_generic(g, s, d));
		gl_game_free(g);
	}
	/* k = 16 vertical on a 1-wide board: X and O alternate, so a draw */
	g = tg_game("connect:w=1,h=16,k=16");
	g->type->start(g, s);
	CHECK_EQ_U64(tg_perft(g, s, 16), 1);
	tg_play(g, s, "a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a");
	CHECK(g->type->terminal(g, s) && tg_goal(g, s, 0) == 50);
	gl_game_free(g);
	/* k = 2 on 2x2: every second move of X wins (perft(3): X a, then O
	 * a leaves X only b, O b leaves X a or b; likewise from X b) */
	g = tg_game("connect:w=2,h=2,k=2");
	g->type->start(g, s);
	CHECK_EQ_U64(tg_perft(g, s, 3), 6);
	CHECK_EQ_U64(tg_perft(g, s, 4), 0);
	gl_game_free(g);
}

static void test_perft(void)
{
	const char *specs[] = {"connect4", "connect3", "connect:w=4,h=3,k=3"};
	int depths[] = {8, 7, 12};
	for (int k = 0; k < 3; k++) {
		gl_game *g = tg_game(specs[k]);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		for (int d = 0; d <= depths[k]; d++)
			CHECK_MSG(tg_perft(g, s, d) == tg_perft_generic(g, s, d),
				"%s perft(%d)", specs[k], d);
		gl_game_free(g);
	}
	/* connect4: no game ends before ply 7, so perft is 7^d up to 6 */
	gl_game *g = tg_game("connect4");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK_EQ_U64(tg_perft(g, s, 6), 117649);
	/* from a won position, nothing */
	tg_play(g, s, "a,b,a,b,a,b,a");
	CHECK_EQ_U64(tg_perft(g, s, 1), 0);
	CHECK_EQ_U64(tg_perft(g, s, 3), 0);
	gl_game_free(g);
}

/* evaluate(): symmetric in the sides, rises with threats */
static void test_eval(void)
{
	gl_game *g = tg_game("connect4");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK(g->type->evaluate(g, s) == 0);
	tg_play(g, s, "d");
	int v1 = g->type->evaluate(g, s); /* O to move, X holds the centre */
	CHECK(v1 < 0);
	GL_STATE_ALIGN unsigned char e[T_STATE_MAX];
	g->type->start(g, e);
	tg_play(g, e, "a");
	CHECK(g->type->evaluate(g, e) > v1); /* the corner is worth less */
	tg_play(g, s, "a,d,a,d");               /* X: three in column d */
	int v2 = g->type->evaluate(g, s);
	CHECK(v2 < v1);
	gl_game_free(g);
}

int main(void)
{
	test_rules();
	test_text_and_params();
	test_perft();
	test_eval();
	test_positions(9);
	/* Regression: on a 4 x 15 board a k=8 line does not fit across, so
	 * four in a row across must not win (a shift by 64 once made it). */
	{
		gl_game *g8 = tg_game("connect:w=4,h=15,k=8");
		GL_STATE_ALIGN unsigned char s8[T_STATE_MAX];
		g8->type->start(g8, s8);
		tg_play(g8, s8, "a,a,b,b,c,c,d");
		CHECK(!g8->type->terminal(g8, s8));
		g8->type->start(g8, s8);
		tg_play(g8, s8, "a,b,a,b,a,b,a,b,a,b,a,b,a,b,a");
		CHECK(g8->type->terminal(g8, s8) && tg_goal(g8, s8, 0) == 100);
		gl_game_free(g8);
	}
	return test_report();
}
