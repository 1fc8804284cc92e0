/*
 * test_swap9.c - the torus swap puzzle of Hwang, Hong and Lin: table 3-1's
 * 18 swaps checked by the tile names of picture A, F = 7 at the start,
 * the paper's toroidal distances, a breadth-first search over all 9!
 * arrangements (the swaps reach every one; the fewest swaps from A to B),
 * a solving sequence, the move limit, move text and perft.
 */
#include "gametest.h"

#include <stdlib.h>

enum { NPERM = 362880 };

/* Picture A, row by row. */
static const int picture_a[9] = {4, 6, 3, 7, 8, 2, 1, 9, 5};

/* Table 3-1: code, and the two cells named by the tiles A has there. */
static const int table31[18][3] = {
	{1, 4, 6}, {2, 6, 3}, {3, 3, 4}, {4, 7, 8}, {5, 8, 2}, {6, 2, 7},
	{7, 1, 9}, {8, 9, 5}, {9, 5, 1}, {10, 4, 7}, {11, 7, 1}, {12, 1, 4},
	{13, 6, 8}, {14, 8, 9}, {15, 9, 6}, {16, 3, 2}, {17, 2, 5}, {18, 5, 3},
};

/* The tiles are state bytes 0..8 (layout documented in swap9.c). */
static int cell_of_a(int tile)
{
	for (int i = 0; i < 9; i++)
		if (picture_a[i] == tile)
			return i;
	return -1;
}

static int torus(int a, int b)
{
	int dr = abs(a / 3 - b / 3), dc = abs(a % 3 - b % 3);
	return (dr < 3 - dr ? dr : 3 - dr) + (dc < 3 - dc ? dc : 3 - dc);
}

static void test_table(void)
{
	gl_game *g = tg_game("swap9");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	for (int i = 0; i < 9; i++)
		CHECK(s[i] == picture_a[i]);
	CHECK(g->nplayers == 1 && g->nactions == 19 && g->max_length == 15);
	CHECK(g->type->evaluate(g, s) == 7);
	CHECK(tg_goal(g, s, 0) == 100 * 7 / 18);
	CHECK(!g->type->terminal(g, s));
	CHECK(g->type->to_move(g, s) == 0);

	int seen[9][9] = {{0}};
	for (int k = 0; k < 18; k++) {
		int code = table31[k][0], x = table31[k][1], y = table31[k][2];
		int cx = cell_of_a(x), cy = cell_of_a(y);
		/* each swap joins two neighbours of the torus, each pair once */
		CHECK_MSG(torus(cx, cy) == 1, "code %d: cells %d %d", code, cx, cy);
		CHECK(!seen[cx][cy]);
		seen[cx][cy] = seen[cy][cx] = 1;

		GL_STATE_ALIGN unsigned char t[T_STATE_MAX];
		char text[8];
		memcpy(t, s, g->state_size);
		snprintf(text, sizeof text, "%d", code);
		tg_play(g, t, text);
		for (int i = 0; i < 9; i++) {
			int want = i == cx ? y : i == cy ? x : picture_a[i];
			CHECK_MSG(t[i] == want, "code %d (%d-%d): cell %d holds %d, "
				"want %d", code, x, y, i, t[i], want);
		}
		/* a swap is its own inverse */
		tg_play(g, t, text);
		CHECK(memcmp(t, s, 9) == 0);
	}
	/* code 0 moves nothing but counts */
	GL_STATE_ALIGN unsigned char t[T_STATE_MAX];
	memcpy(t, s, g->state_size);
	tg_play(g, t, "0");
	CHECK(memcmp(t, s, 9) == 0 && memcmp(t, s, g->state_size) != 0);
	char text[512];
	g->type->render(g, t, text, sizeof text);
	CHECK_MSG(strstr(text, " 4 6 3\n 7 8 2\n 1 9 5\n") &&
		  strstr(text, "moves 1/15, F = 7 (errors 11)"), "%s", text);
	gl_game_free(g);
}

/* The state reached by BFS. */
typedef struct bfs {
	int8_t dist[NPERM];       /* swaps from A, -1 unseen */
	uint8_t code[NPERM];      /* the code of the last swap */
	uint32_t parent[NPERM];   /* rank before it */
} bfs;

/* Breadth-first search from picture A over all arrangements, through
 * the engine (limit=1000 so that the move count never ends the game).
 * Picture B is terminal, so paths do not go through it. */
static int run_bfs(const gl_game *g, bfs *b, int *reached)
{
	unsigned char *queue = malloc((size_t)NPERM * g->state_size);
	size_t head = 0, tail = 0;
	memset(b->dist, -1, sizeof b->dist);
	g->type->start(g, queue);
	uint32_t r0 = tg_perm_rank9(queue);
	b->dist[r0] = 0;
	tail = 1;
	int maxd = 0;
	while (head < tail) {
		const unsigned char *s = queue + head++ * g->state_size;
		int d = b->dist[tg_perm_rank9(s)];
		gl_action moves[T_LEGAL_MAX];
		int n = g->type->legal(g, s, moves);
		for (int i = 0; i < n; i++) {
			GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
			memcpy(c, s, g->state_size);
			g->type->apply(g, c, moves[i]);
			uint32_t r = tg_perm_rank9(c);
			if (b->dist[r] >= 0)
				continue;
			b->dist[r] = (int8_t)(d + 1);
			b->code[r] = (uint8_t)moves[i];
			b->parent[r] = tg_perm_rank9(s);
			maxd = d + 1 > maxd ? d + 1 : maxd;
			memcpy(queue + tail++ * g->state_size, c, g->state_size);
		}
	}
	free(queue);
	*reached = (int)tail;
	return maxd;
}

/* The codes from A to the arrangement t, as move text "c1,c2,...". */
static int path_to(const bfs *b, const unsigned char *t, char *out, size_t n)
{
	int codes[64], k = 0;
	uint32_t r = tg_perm_rank9(t);
	if (b->dist[r] < 0)
		return -1;
	while (b->dist[r] > 0 && k < 64) {
		codes[k++] = b->code[r];
		r = b->parent[r];
	}
	size_t len = 0;
	out[0] = '\0';
	for (int i = k - 1; i >= 0; i--)
		len += (size_t)snprintf(out + len, n - len, "%s%d",
			i == k - 1 ? "" : ",", codes[i]);
	return k;
}

/* F of picture B with the tiles of cells x and y exchanged, reached from
 * picture A through the engine along a BFS path. */
static int f_of_b_swapped(const gl_game *g, const bfs *b, int x, int y)
{
	unsigned char t[9];
	for (int i = 0; i < 9; i++)
		t[i] = (unsigned char)(i + 1);
	t[x] = (unsigned char)(y + 1);
	t[y] = (unsigned char)(x + 1);
	char path[512];
	if (path_to(b, t, path, sizeof path) < 0)
		return -1;
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	tg_play(g, s, path);
	CHECK(memcmp(s, t, 9) == 0);
	return g->type->evaluate(g, s);
}

static void test_search(void)
{
	gl_game *g = tg_game("swap9:limit=1000");
	bfs *b = malloc(sizeof *b);
	int reached;
	int maxd = run_bfs(g, b, &reached);
	/* transpositions along a connected graph give every permutation */
	CHECK_EQ_U64(reached, NPERM);

	/* the fewest swaps from A to B: 7 (a swap moves two tiles one step,
	 * so at least (18 - 7) / 2 = 5.5); the farthest arrangement: 12 */
	unsigned char goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
	char path[512];
	int len = path_to(b, goal, path, sizeof path);
	CHECK_MSG(len == 7, "A to B in %d swaps: %s", len, path);
	CHECK(maxd == 12);
	printf("swap9: A to B in %d swaps (%s); farthest arrangement from A "
		"at %d swaps\n", len, path, maxd);

	/* the solving sequence, within the default limit of 15 */
	gl_game *d = tg_game("swap9");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	d->type->start(d, s);
	char *last = strrchr(path, ',');
	*last = '\0';
	tg_play(d, s, path);
	CHECK(!d->type->terminal(d, s) && d->type->evaluate(d, s) < 18);
	tg_play(d, s, last + 1);
	CHECK(d->type->terminal(d, s));
	CHECK(d->type->evaluate(d, s) == 18 && tg_goal(d, s, 0) == 100);
	tg_legal_is(d, s, "");
	char text[512];
	d->type->render(d, s, text, sizeof text);
	CHECK_MSG(strstr(text, " 1 2 3\n 4 5 6\n 7 8 9\n") &&
		  strstr(text, "F = 18 (errors 0)") && strstr(text, "solved"),
		"%s", text);
	gl_game_free(d);

	/* the paper's distances in picture A: the cells of 9 and 6 are 1
	 * apart (through the wrap), those of 9 and 2 are 2 apart. Exchanged
	 * in picture B, two tiles each that far from home: F = 18 - 2d. */
	int c9 = cell_of_a(9), c6 = cell_of_a(6), c2 = cell_of_a(2);
	CHECK(f_of_b_swapped(g, b, c9, c6) == 16);
	CHECK(f_of_b_swapped(g, b, c9, c2) == 14);
	/* cells (0,0) and (1,1), 2 apart without a wrap; (0,0) and (2,2),
	 * 2 apart through both wraps */
	CHECK(f_of_b_swapped(g, b, 0, 4) == 14);
	CHECK(f_of_b_swapped(g, b, 0, 8) == 14);
	free(b);
	gl_game_free(g);
}

static void test_limit_text_perft(void)
{
	gl_game *g = tg_game("swap9:limit=3");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	tg_play(g, s, "1,0");
	CHECK(!g->type->terminal(g, s));
	tg_play(g, s, "1");
	CHECK(g->type->terminal(g, s));
	tg_legal_is(g, s, "");
	CHECK(tg_goal(g, s, 0) == 38);
	char text[512];
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "moves 3/3") && strstr(text, "out of moves"));
	gl_game_free(g);

	g = tg_game("swap9");
	g->type->start(g, s);
	tg_legal_is(g, s, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18");
	gl_action a;
	for (gl_action i = 0; i < 19; i++) {
		char t[GL_MOVE_TEXT];
		g->type->format_move(g, s, i, t, sizeof t);
		CHECK(g->type->parse_move(g, s, t, &a, NULL) == 0 && a == i);
	}
	const char *bad[] = {"19", "-1", "", "01", "a", "1 ", "100", "+1", "20"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK_MSG(g->type->parse_move(g, s, bad[i], &a, NULL) == GL_EPARSE,
			"'%s' parsed", bad[i]);
	CHECK_EQ_U64(tg_perft(g, s, 1), 19);
	CHECK_EQ_U64(tg_perft(g, s, 2), 361);
	CHECK_EQ_U64(tg_perft(g, s, 3), 6859);
	gl_game_free(g);

	/* perft runs out at the limit */
	g = tg_game("swap9:limit=2");
	g->type->start(g, s);
	CHECK_EQ_U64(tg_perft(g, s, 2), 361);
	CHECK_EQ_U64(tg_perft(g, s, 3), 0);
	gl_game_free(g);

	gl_err err = {0};
	CHECK(gl_game_new("swap9:limit=0", &err) == NULL);
	CHECK(gl_game_new("swap9:limit=1001", &err) == NULL);
}

int main(void)
{
	test_table();
	test_search();
	test_limit_text_perft();
	return test_report();
}
