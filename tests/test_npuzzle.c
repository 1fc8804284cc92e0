/*
 * test_npuzzle.c - the sliding-tile puzzle: a breadth-first search of the
 * whole 8-puzzle through the engine against the reference counts (181,440
 * states; states per optimal distance 0..31, OEIS A089473, in
 * shared/reference/perft.md; the two hardest starts at 31), start
 * parameter errors, the seeded random start, moves at corners and edges,
 * the move limit, goals and move text.
 */
#include "gametest.h"

#include <stdlib.h>

enum { NPERM = 362880 };

/* Manhattan distance of the tiles (not the blank) on an n x n board. */
static int manhattan(const unsigned char *t, int n)
{
	int h = 0;
	for (int i = 0; i < n * n; i++) {
		if (!t[i])
			continue;
		int home = t[i] - 1;
		h += abs(home / n - i / n) + abs(home % n - i % n);
	}
	return h;
}

/* Whether t can reach the goal, by the textbook rule (independent of
 * the engine's): count the inversions among the tiles; for odd n they
 * must be even, for even n their number plus the blank's row (from the
 * top, 0-based) must be odd. */
static int solvable(const unsigned char *t, int n)
{
	int inv = 0, brow = 0;
	for (int i = 0; i < n * n; i++) {
		if (!t[i]) {
			brow = i / n;
			continue;
		}
		for (int j = i + 1; j < n * n; j++)
			inv += t[j] && t[j] < t[i];
	}
	if (n % 2)
		return inv % 2 == 0;
	return (inv + brow) % 2 == 1;
}

static void test_bfs(void)
{
	static const uint64_t a089473[32] = {1, 2, 4, 8, 16, 20, 39, 62, 116,
		152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
		16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760,
		221, 2};
	/* The goal is terminal, so the search starts from its two
	 * neighbours, made by two instances (distance 1). */
	gl_game *g[2] = {
		tg_game("npuzzle:start=1-2-3-4-5-6-7-0-8,limit=10000"),
		tg_game("npuzzle:start=1-2-3-4-5-0-7-8-6,limit=10000"),
	};
	unsigned sz = g[0]->state_size;
	int8_t *dist = malloc(NPERM);
	unsigned char *queue = malloc((size_t)NPERM * sz);
	unsigned char *owner = malloc(NPERM); /* the instance of each state */
	memset(dist, -1, NPERM);
	static const unsigned char goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
	dist[tg_perm_rank9(goal)] = 0;
	size_t head = 0, tail = 0;
	for (int k = 0; k < 2; k++) {
		unsigned char *q = queue + tail * sz;
		owner[tail++] = (unsigned char)k;
		g[k]->type->start(g[k], q);
		dist[tg_perm_rank9(q)] = 1;
		/* one move from the goal: a move there solves it */
		gl_action moves[T_LEGAL_MAX];
		int n = g[k]->type->legal(g[k], q, moves), solved = 0;
		for (int i = 0; i < n; i++) {
			GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
			memcpy(c, q, sz);
			g[k]->type->apply(g[k], c, moves[i]);
			solved += g[k]->type->terminal(g[k], c) &&
				  tg_goal(g[k], c, 0) == 100 &&
				  memcmp(c, goal, 9) == 0;
		}
		CHECK(solved == 1);
	}
	uint64_t count[40] = {1};
	int bad_h = 0;
	while (head < tail) {
		const gl_game *gk = g[owner[head]];
		const unsigned char *s = queue + head * sz;
		int d = dist[tg_perm_rank9(s)];
		count[d]++;
		int h = manhattan(s, 3);
		/* the engine's distance; a lower bound of the same parity */
		bad_h += -gk->type->evaluate(gk, s) != h || h > d || (d - h) % 2;
		gl_action moves[T_LEGAL_MAX];
		int n = gk->type->legal(gk, s, moves);
		for (int i = 0; i < n; i++) {
			GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
			memcpy(c, s, sz);
			gk->type->apply(gk, c, moves[i]);
			uint32_t r = tg_perm_rank9(c);
			if (dist[r] >= 0)
				continue;
			dist[r] = (int8_t)(d + 1);
			owner[tail] = owner[head];
			memcpy(queue + tail++ * sz, c, sz);
		}
		head++;
	}
	CHECK(bad_h == 0);
	CHECK_EQ_U64(tail + 1, 181440);
	for (int d = 0; d < 32; d++)
		CHECK_MSG(count[d] == a089473[d], "%llu states at distance %d, "
			"want %llu", (unsigned long long)count[d], d,
			(unsigned long long)a089473[d]);
	CHECK(count[32] == 0);

	/* the two hardest starts */
	const char *hard[] = {"npuzzle:start=6-4-7-8-5-0-3-2-1",
		"npuzzle:start=8-6-7-2-5-4-3-0-1"};
	for (int k = 0; k < 2; k++) {
		gl_game *h = tg_game(hard[k]);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		h->type->start(h, s);
		CHECK_MSG(dist[tg_perm_rank9(s)] == 31, "%s at %d", hard[k],
			dist[tg_perm_rank9(s)]);
		gl_game_free(h);
	}

	/* random starts: solvable (reached by the search), never solved,
	 * the same for the same seed */
	for (int seed = 0; seed < 200; seed++) {
		char spec[64];
		snprintf(spec, sizeof spec, "npuzzle:seed=%d", seed);
		gl_game *a = tg_game(spec), *b = tg_game(spec);
		GL_STATE_ALIGN unsigned char sa[T_STATE_MAX], sb[T_STATE_MAX];
		a->type->start(a, sa);
		b->type->start(b, sb);
		CHECK(memcmp(sa, sb, a->state_size) == 0);
		CHECK_MSG(dist[tg_perm_rank9(sa)] >= 1, "%s: start at %d", spec,
			dist[tg_perm_rank9(sa)]);
		CHECK(!a->type->terminal(a, sa));
		gl_game_free(a);
		gl_game_free(b);
	}
	free(owner);
	free(queue);
	free(dist);
	gl_game_free(g[0]);
	gl_game_free(g[1]);
}

static void test_starts(void)
{
	struct {
		const char *spec;
		const char *fragment;
	} bad[] = {
		{"npuzzle:start=1-2-3-4-5-6-8-7-0", "unsolvable"},
		{"npuzzle:start=6-8-7-2-5-4-3-0-1", "unsolvable"},
		{"npuzzle:start=1-2-3-4-5-6-7-8", "start"},
		{"npuzzle:start=1-2-3-4-5-6-7-8-8", "start"},
		{"npuzzle:start=1-2-3-4-5-6-7-8-9", "start"},
		{"npuzzle:start=1-2-3-4-5-6-7-8-0-", "start"},
		{"npuzzle:start=1-2-3-4-5-6-7-8-0-9", "start"},
		{"npuzzle:start=a", "start"},
		{"npuzzle:start=1-2-3-4-5-6-7-8-0,size=4", "start"},
		{"npuzzle:size=4,start=1-2-3-4-5-6-7-8-9-10-11-12-13-15-14-0",
		 "unsolvable"},
		{"npuzzle:size=2,start=2-1-3-0", "unsolvable"},
		{"npuzzle:size=6", "size"},
		{"npuzzle:limit=0", "limit"},
		{"npuzzle:seed=-1", "seed"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gl_err err = {0};
		gl_game *g = gl_game_new(bad[i].spec, &err);
		CHECK_MSG(g == NULL && strstr(err.msg, bad[i].fragment) &&
			  !strchr(err.msg, '\n'), "'%s': %s", bad[i].spec, err.msg);
		gl_game_free(g);
	}
	/* solvable starts on even boards; a solved start is over at once */
	struct {
		int n;
		const char *spec;
	} ok[] = {
		{4, "npuzzle:size=4,start=1-2-3-4-5-6-7-8-9-10-11-0-13-14-15-12"},
		{4, "npuzzle:size=4,start=0-15-14-13-12-11-10-9-8-7-6-5-4-3-2-1"},
		{2, "npuzzle:size=2,start=0-1-3-2"},
		{5, "npuzzle:size=5,start=1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-"
			"16-17-18-19-20-21-22-23-0-24"},
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		gl_game *g = tg_game(ok[i].spec);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		CHECK(!g->type->terminal(g, s));
		CHECK_MSG(solvable(s, ok[i].n), "%s", ok[i].spec);
		gl_game_free(g);
	}
	/* the canonical spec makes the same start again */
	gl_game *g = tg_game("npuzzle:seed=9");
	gl_game *again = tg_game(g->spec);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX], t[T_STATE_MAX];
	CHECK_STR(g->spec, "npuzzle:size=3,start=,seed=9,limit=80");
	g->type->start(g, s);
	again->type->start(again, t);
	CHECK(memcmp(s, t, g->state_size) == 0);
	gl_game_free(again);
	gl_game_free(g);

	g = tg_game("npuzzle:start=1-2-3-4-5-6-7-8-0");
	g->type->start(g, s);
	CHECK(g->type->terminal(g, s) && tg_goal(g, s, 0) == 100);
	tg_legal_is(g, s, "");
	gl_game_free(g);

	/* random starts on every size: solvable by the textbook rule, not
	 * solved, and on 2x2 all 11 unsolved arrangements about equally */
	int freq[256] = {0}; /* by the 2x2 tiles, 2 bits each */
	for (int n = 2; n <= 5; n++) {
		int distinct = 0;
		for (int seed = 0; seed < (n == 2 ? 1100 : 100); seed++) {
			char spec[64];
			snprintf(spec, sizeof spec, "npuzzle:size=%d,seed=%d", n, seed);
			g = tg_game(spec);
			g->type->start(g, s);
			CHECK_MSG(solvable(s, n) && manhattan(s, n) > 0, "%s", spec);
			CHECK(-g->type->evaluate(g, s) == manhattan(s, n));
			if (n == 2) {
				int code = s[0] * 64 + s[1] * 16 + s[2] * 4 + s[3];
				distinct += freq[code]++ == 0;
			}
			gl_game_free(g);
		}
		if (n == 2) {
			CHECK(distinct == 11);
			for (int i = 0; i < 256; i++)
				CHECK_MSG(freq[i] == 0 || (freq[i] > 60 && freq[i] < 140),
					"2x2 arrangement %d drawn %d times of 1100",
					i, freq[i]);
		}
	}
	/* different seeds, different starts (mostly) */
	gl_game *a = tg_game("npuzzle:size=4,seed=7");
	gl_game *b = tg_game("npuzzle:size=4,seed=8");
	GL_STATE_ALIGN unsigned char sa[T_STATE_MAX], sb[T_STATE_MAX];
	a->type->start(a, sa);
	b->type->start(b, sb);
	CHECK(memcmp(sa, sb, 16) != 0);
	gl_game_free(a);
	gl_game_free(b);
}

/* The 3x3 tiles of s as "1-2-3-...", against want. */
static void expect_tiles(const unsigned char *s, const char *want)
{
	char got[64];
	size_t len = 0;
	for (int i = 0; i < 9; i++)
		len += (size_t)snprintf(got + len, sizeof got - len, "%s%d",
			i ? "-" : "", s[i]);
	CHECK_MSG(strcmp(got, want) == 0, "tiles %s, want %s", got, want);
}

static void test_moves(void)
{
	struct {
		const char *start, *legal;
	} cases[] = {
		{"0-1-2-3-4-5-6-7-8", "D R"}, {"1-0-2-3-4-5-6-7-8", "D L R"},
		{"1-2-0-3-4-5-6-7-8", "D L"}, {"1-2-3-0-4-5-6-7-8", "U D R"},
		{"1-2-3-4-0-5-6-7-8", "U D L R"}, {"1-2-3-4-5-0-6-7-8", "U D L"},
		{"1-2-3-4-5-6-0-7-8", "U R"}, {"1-2-3-4-5-6-7-0-8", "U L R"},
		{"8-6-7-2-5-4-3-1-0", "U L"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char spec[128];
		snprintf(spec, sizeof spec, "npuzzle:start=%s", cases[i].start);
		gl_game *g = tg_game(spec);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		tg_legal_is(g, s, cases[i].legal);
		gl_action moves[T_LEGAL_MAX];
		int n = g->type->legal(g, s, moves);
		for (int k = 1; k < n; k++)
			CHECK(moves[k - 1] < moves[k]);
		gl_game_free(g);
	}

	/* the letters say where the blank goes */
	gl_game *g = tg_game("npuzzle:start=1-2-3-4-0-5-7-8-6");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	tg_legal_is(g, s, "U D L R");
	tg_play(g, s, "R");
	expect_tiles(s, "1-2-3-4-5-0-7-8-6");
	tg_play(g, s, "u");
	expect_tiles(s, "1-2-0-4-5-3-7-8-6");
	tg_play(g, s, "L");
	expect_tiles(s, "1-0-2-4-5-3-7-8-6");
	tg_play(g, s, "D");
	expect_tiles(s, "1-5-2-4-0-3-7-8-6");
	tg_legal_is(g, s, "U D L R");
	tg_play(g, s, "U,R,D");
	expect_tiles(s, "1-2-3-4-5-0-7-8-6");
	CHECK(!g->type->terminal(g, s) && g->type->evaluate(g, s) == -1);
	tg_legal_is(g, s, "U D L");
	tg_play(g, s, "D");
	expect_tiles(s, "1-2-3-4-5-6-7-8-0");
	CHECK(g->type->terminal(g, s) && tg_goal(g, s, 0) == 100);
	CHECK(g->type->evaluate(g, s) == 0);
	char text[512];
	g->type->render(g, s, text, sizeof text);
	CHECK_MSG(strstr(text, "  1  2  3\n  4  5  6\n  7  8  _\n") &&
		  strstr(text, "moves 8/80") && strstr(text, "solved"), "%s", text);
	gl_game_free(g);

	/* move text */
	g = tg_game("npuzzle");
	g->type->start(g, s);
	const char *letters[4] = {"U", "D", "L", "R"};
	gl_action a;
	for (gl_action i = 0; i < 4; i++) {
		char t[GL_MOVE_TEXT];
		g->type->format_move(g, s, i, t, sizeof t);
		CHECK_STR(t, letters[i]);
		CHECK(g->type->parse_move(g, s, t, &a, NULL) == 0 && a == i);
	}
	CHECK(g->type->parse_move(g, s, "r", &a, NULL) == 0 && a == 3);
	const char *bad[] = {"", "x", "UU", "U ", "up", "0", "N"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK_MSG(g->type->parse_move(g, s, bad[i], &a, NULL) == GL_EPARSE,
			"'%s' parsed", bad[i]);
	CHECK(g->nplayers == 1 && g->nactions == 4 && g->max_length == 80);
	gl_game_free(g);
}

static void test_limit_goals(void)
{
	gl_game *g = tg_game("npuzzle:start=8-6-7-2-5-4-3-0-1,limit=3");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	int h = manhattan(s, 3);
	CHECK(h == 21 && g->type->evaluate(g, s) == -21);
	/* hmax = 8 tiles * 4 = 32 */
	CHECK(tg_goal(g, s, 0) == 99 * (32 - 21) / 32);
	char text[512];
	g->type->render(g, s, text, sizeof text);
	CHECK_MSG(strstr(text, "  8  6  7\n  2  5  4\n  3  _  1\n") &&
		  strstr(text, "moves 0/3, Manhattan distance 21"), "%s", text);
	tg_play(g, s, "U,D");
	CHECK(!g->type->terminal(g, s));
	tg_play(g, s, "L");
	CHECK(g->type->terminal(g, s));
	tg_legal_is(g, s, "");
	CHECK(tg_goal(g, s, 0) < 100);
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "moves 3/3") && strstr(text, "out of moves"));
	CHECK_EQ_U64(tg_perft(g, s, 1), 0);
	gl_game_free(g);

	/* perft: the blank on an edge has 3 moves, then 4 from the centre
	 * and 2 from each corner; the limit cuts the tree */
	g = tg_game("npuzzle:start=8-6-7-2-5-4-3-0-1");
	g->type->start(g, s);
	CHECK_EQ_U64(tg_perft(g, s, 1), 3);
	CHECK_EQ_U64(tg_perft(g, s, 2), 4 + 2 + 2);
	CHECK(tg_perft(g, s, 10) == tg_perft_generic(g, s, 10));
	gl_game_free(g);
	g = tg_game("npuzzle:start=1-2-3-4-0-5-6-7-8,limit=2");
	g->type->start(g, s);
	CHECK_EQ_U64(tg_perft(g, s, 1), 4);
	CHECK_EQ_U64(tg_perft(g, s, 2), 12);
	CHECK_EQ_U64(tg_perft(g, s, 3), 0);
	gl_game_free(g);

	/* the goal value falls with the distance, and is below 100 until
	 * solved: along a solution from one move away */
	g = tg_game("npuzzle:start=1-2-3-4-5-6-7-0-8");
	g->type->start(g, s);
	CHECK(tg_goal(g, s, 0) == 99 * 31 / 32);
	tg_play(g, s, "R");
	CHECK(tg_goal(g, s, 0) == 100);
	gl_game_free(g);
}

int main(void)
{
	test_bfs();
	test_starts();
	test_moves();
	test_limit_goals();
	return test_report();
}
