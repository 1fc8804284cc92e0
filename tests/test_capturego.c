/*
 * test_capturego.c - the rules of Capture Go on crafted positions: the
 * first capture wins, suicide is refused, a capture may fill the
 * capturer's last liberty, the forced pass; liberties in the corner, on
 * the edge and in the middle; area scoring on hand-built full boards (the
 * only boards where nobody can place); notation and sizes; perft by hand
 * and against a naive second implementation that also replays random
 * games move by move.
 */
#include "gametest.h"

enum { NMAX = 8 };

/* The engine's state layout (capturego.c), for boards built by hand. */
typedef struct cg_mirror {
	uint64_t stone[2]; /* [player]: bit r * n + c, row 0 on top */
	uint8_t side;
	uint8_t winner;
	uint8_t pad[6];
} cg_mirror;

/* --- A naive reference: a char board, recursive chains ------------------- */

typedef struct ref_go {
	int n;
	int side;                     /* player to move */
	int winner;                   /* 0, or 1 + the player who captured */
	signed char cell[NMAX][NMAX]; /* -1 empty, else the player */
} ref_go;

static const int dir4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

/* Mark the chain through (r, c) of colour p in seen; count its liberties
 * into libs (each empty point once, through lib_seen). */
static void ref_chain(const ref_go *b, int r, int c, int p, char seen[NMAX][NMAX],
	char lib_seen[NMAX][NMAX], int *libs)
{
	if (r < 0 || c < 0 || r >= b->n || c >= b->n || seen[r][c])
		return;
	if (b->cell[r][c] == -1) {
		if (!lib_seen[r][c]) {
			lib_seen[r][c] = 1;
			(*libs)++;
		}
		return;
	}
	if (b->cell[r][c] != p)
		return;
	seen[r][c] = 1;
	for (int k = 0; k < 4; k++)
		ref_chain(b, r + dir4[k][0], c + dir4[k][1], p, seen, lib_seen, libs);
}

static int ref_libs(const ref_go *b, int r, int c, char seen[NMAX][NMAX])
{
	char lib_seen[NMAX][NMAX] = {{0}};
	int libs = 0;
	memset(seen, 0, NMAX * NMAX);
	ref_chain(b, r, c, b->cell[r][c], seen, lib_seen, &libs);
	return libs;
}

/* Play point (r, c) for the side to move on a copy; 1 if legal. */
static int ref_try(const ref_go *b, int r, int c, ref_go *out)
{
	if (b->cell[r][c] != -1)
		return 0;
	*out = *b;
	int p = b->side, captured = 0;
	out->cell[r][c] = (signed char)p;
	for (int k = 0; k < 4; k++) {
		int rr = r + dir4[k][0], cc = c + dir4[k][1];
		char seen[NMAX][NMAX];
		if (rr < 0 || cc < 0 || rr >= b->n || cc >= b->n ||
		    out->cell[rr][cc] != (p ^ 1))
			continue;
		if (ref_libs(out, rr, cc, seen) == 0) {
			for (int i = 0; i < b->n; i++)
				for (int j = 0; j < b->n; j++)
					if (seen[i][j])
						out->cell[i][j] = -1;
			captured = 1;
		}
	}
	char seen[NMAX][NMAX];
	if (!captured && ref_libs(out, r, c, seen) == 0)
		return 0;
	if (captured)
		out->winner = 1 + p;
	out->side ^= 1;
	return 1;
}

static int ref_placements(const ref_go *b, gl_action *moves)
{
	int k = 0;
	ref_go tmp;
	for (int r = 0; r < b->n; r++)
		for (int c = 0; c < b->n; c++)
			if (ref_try(b, r, c, &tmp))
				moves[k++] = r * b->n + c;
	return k;
}

/* Legal move ids as the rules give them; pass is n*n. */
static int ref_legal(const ref_go *b, gl_action *moves)
{
	if (b->winner)
		return 0;
	int k = ref_placements(b, moves);
	if (k)
		return k;
	ref_go other = *b;
	other.side ^= 1;
	if (ref_placements(&other, moves)) {
		moves[0] = b->n * b->n;
		return 1;
	}
	return 0;
}

static void ref_apply(ref_go *b, gl_action a)
{
	if (a == b->n * b->n) {
		b->side ^= 1;
		return;
	}
	ref_go next;
	int ok = ref_try(b, a / b->n, a % b->n, &next);
	CHECK(ok);
	*b = next;
}

static uint64_t ref_perft(const ref_go *b, int depth)
{
	if (depth == 0)
		return 1;
	gl_action moves[NMAX * NMAX + 1];
	int k = ref_legal(b, moves);
	uint64_t total = 0;
	for (int i = 0; i < k; i++) {
		ref_go child = *b;
		ref_apply(&child, moves[i]);
		total += ref_perft(&child, depth - 1);
	}
	return total;
}

static void ref_start(ref_go *b, int n)
{
	memset(b, 0, sizeof *b);
	b->n = n;
	memset(b->cell, -1, sizeof b->cell);
}

/* --- Helpers ------------------------------------------------------------- */

static int is_terminal(const gl_game *g, const void *s)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	CHECK(g->type->terminal(g, s) == (n == 0));
	return n == 0;
}

static int owner_of(const gl_game *g, const void *s, const char *point)
{
	gl_action a;
	int8_t owner[64];
	CHECK(g->type->parse_move(g, s, point, &a, NULL) == 0);
	g->type->cells(g, s, owner);
	return owner[a];
}

/* --- Tests --------------------------------------------------------------- */

static void test_sizes_and_text(void)
{
	tg_expect_refused("capturego:size=1", NULL);
	tg_expect_refused("capturego:size=9", NULL);
	tg_expect_refused("capturego:size=0", NULL);

	gl_game *g = tg_game("capturego");
	CHECK_STR(g->spec, "capturego:size=3");
	CHECK(g->nactions == 10 && g->ncells == 9 && g->max_length == 17);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	/* id r*3+c counts rows from the top; text rows from the bottom */
	tg_expect_text(g, s, 0, "a3");
	tg_expect_text(g, s, 2, "c3");
	tg_expect_text(g, s, 6, "a1");
	tg_expect_text(g, s, 8, "c1");
	tg_expect_text(g, s, 9, "pass");
	tg_expect_bad_text(g, s, "");
	tg_expect_bad_text(g, s, "a0");
	tg_expect_bad_text(g, s, "d1");
	tg_expect_bad_text(g, s, "a4");
	tg_expect_bad_text(g, s, "11");
	tg_expect_bad_text(g, s, "pas");
	tg_expect_bad_text(g, s, "passs");
	tg_expect_bad_text(g, s, "b");
	int rows = 0, cols = 0;
	g->type->cell_shape(g, &rows, &cols);
	CHECK(rows == 3 && cols == 3);
	gl_game_free(g);

	g = tg_game("capturego:size=8");
	g->type->start(g, s);
	tg_expect_text(g, s, 0, "a8");
	tg_expect_text(g, s, 63, "h1");
	tg_expect_text(g, s, 64, "pass");
	tg_expect_bad_text(g, s, "i1");
	tg_expect_bad_text(g, s, "a9");
	gl_game_free(g);
}

static void test_capture_wins(void)
{
	gl_game *g = tg_game("capturego");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	char text[1024];

	/* Black a2, White a1 (one liberty left), Black b1 takes it */
	g->type->start(g, s);
	CHECK(tg_play(g, s, "a2,a1") == 0);
	CHECK(!is_terminal(g, s));
	CHECK(g->type->evaluate(g, s) == 9000); /* Black can take now */
	CHECK(tg_play(g, s, "b1") == 0);
	CHECK(is_terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 100 && tg_goal(g, s, 1) == 0);
	CHECK(owner_of(g, s, "a1") == -1); /* the captured stone is gone */
	CHECK(owner_of(g, s, "b1") == 0 && owner_of(g, s, "a2") == 0);
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "X (Black) wins by capture") != NULL);

	/* White takes Black's corner stone */
	g->type->start(g, s);
	CHECK(tg_play(g, s, "a1,a2,c3,b1") == 0);
	CHECK(is_terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 0 && tg_goal(g, s, 1) == 100);
	CHECK(owner_of(g, s, "a1") == -1);
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "O (White) wins by capture") != NULL);
	gl_action a;
	CHECK(gl_parse_legal(g, s, "b2", &a, NULL) == GL_EILLEGAL);
	gl_game_free(g);
}

/* A corner stone has 2 liberties, an edge stone 3, a middle stone 4: the
 * capture comes with the last surrounding stone and not before. */
static void test_liberties(void)
{
	gl_game *g = tg_game("capturego:size=5");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	static const struct {
		const char *before, *last, *victim;
	} cases[] = {
		{"b1,a1", "a2", "a1"},                 /* corner */
		{"b1,c1,d1,e5", "c2", "c1"},           /* edge */
		{"c4,c3,b3,e5,d3,a5", "c2", "c3"},     /* middle */
		{"a4,a5,c4,b5,c5,e1", "b4", "a5"},     /* a corner pair: 3 */
	};
	for (int i = 0; i < 4; i++) {
		g->type->start(g, s);
		CHECK(tg_play(g, s, cases[i].before) == 0);
		CHECK_MSG(!is_terminal(g, s), "case %d over early", i);
		CHECK(tg_play(g, s, cases[i].last) == 0);
		CHECK_MSG(is_terminal(g, s), "case %d: no capture", i);
		CHECK(owner_of(g, s, cases[i].victim) == -1);
	}
	gl_game_free(g);
}

static void test_suicide(void)
{
	gl_game *g = tg_game("capturego");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	/* a1 is surrounded by Black a2 and b1, which keep other liberties */
	CHECK(tg_play(g, s, "a2,c3,b1") == 0);
	tg_legal_is(g, s, "a3 b3 b2 c2 c1");
	gl_action a;
	CHECK(gl_parse_legal(g, s, "a1", &a, NULL) == GL_EILLEGAL);
	/* Black may fill its own eye: the joined chain keeps liberties */
	CHECK(tg_play(g, s, "c1") == 0);
	tg_legal_is(g, s, "a3 b3 b2 c2 a1");
	gl_game_free(g);
}

/* 2x2: Black a1 b1, White a2; White's b2 has no liberty of its own but
 * takes Black's last one: a capture, legal, and it wins. */
static void test_capture_into_own_last_liberty(void)
{
	gl_game *g = tg_game("capturego:size=2");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	CHECK(tg_play(g, s, "a1,a2,b1") == 0);
	tg_legal_is(g, s, "b2");
	CHECK(tg_play(g, s, "b2") == 0);
	CHECK(is_terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 0 && tg_goal(g, s, 1) == 100);
	CHECK(owner_of(g, s, "a1") == -1 && owner_of(g, s, "b1") == -1);
	CHECK(owner_of(g, s, "a2") == 1 && owner_of(g, s, "b2") == 1);
	gl_game_free(g);
}

/*
 *   a b c        Black's chain a1-a3 has b2 as its only liberty, and
 * 3 X O .        every empty point is suicide for Black: it must pass.
 * 2 X . O        White may then place anywhere, and b2 captures.
 * 1 X O .
 */
static void test_forced_pass(void)
{
	gl_game *g = tg_game("capturego");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	char text[1024];
	gl_action a;
	g->type->start(g, s);
	CHECK(gl_parse_legal(g, s, "pass", &a, NULL) == GL_EILLEGAL);
	CHECK(tg_play(g, s, "a3,b3,a2,c2,a1,b1") == 0);
	CHECK(!is_terminal(g, s));
	tg_legal_is(g, s, "pass");
	g->type->render(g, s, text, sizeof text);
	CHECK(strstr(text, "X (Black) to move (must pass)") != NULL);
	CHECK(strstr(text, " 3  X O .\n 2  X . O\n 1  X O .\n") != NULL);
	CHECK(tg_play(g, s, "pass") == 0);
	CHECK(g->type->to_move(g, s) == 1);
	tg_legal_is(g, s, "c3 b2 c1");
	CHECK(g->type->evaluate(g, s) == 9000);
	gl_undo u;
	GL_STATE_ALIGN unsigned char before[T_STATE_MAX];
	memcpy(before, s, g->state_size);
	CHECK(gl_parse_legal(g, s, "b2", &a, NULL) == 0);
	g->type->make(g, s, a, &u);
	CHECK(is_terminal(g, s) && tg_goal(g, s, 1) == 100);
	CHECK(owner_of(g, s, "a1") == -1 && owner_of(g, s, "a3") == -1);
	g->type->unmake(g, s, a, &u);
	CHECK(memcmp(before, s, g->state_size) == 0);
	gl_game_free(g);
}

/* Nobody can place only on a full board: area scoring there, on boards
 * built by hand through the state layout. */
static void test_area_scoring(void)
{
	gl_game *g = tg_game("capturego:size=2");
	CHECK(g->state_size == sizeof(cg_mirror));
	cg_mirror m;
	char text[1024];
	g->type->start(g, &m);
	m.stone[0] = 0x3; /* a2 b2 */
	m.stone[1] = 0xc; /* a1 b1 */
	CHECK(is_terminal(g, &m));
	CHECK(tg_goal(g, &m, 0) == 50 && tg_goal(g, &m, 1) == 50);
	g->type->render(g, &m, text, sizeof text);
	CHECK(strstr(text, "area X 2 O 2: draw") != NULL);
	m.stone[0] = 0x7;
	m.stone[1] = 0x8;
	CHECK(is_terminal(g, &m));
	CHECK(tg_goal(g, &m, 0) == 100 && tg_goal(g, &m, 1) == 0);
	g->type->render(g, &m, text, sizeof text);
	CHECK(strstr(text, "area X 3 O 1: X (Black) wins") != NULL);
	/* one empty point: somebody can place, so the game goes on */
	m.stone[0] = 0x3;
	m.stone[1] = 0x4;
	CHECK(!is_terminal(g, &m));
	gl_game_free(g);

	g = tg_game("capturego");
	g->type->start(g, &m);
	m.stone[0] = 0x0f1; /* a3 b2 c2 a1 b1 */
	m.stone[1] = 0x10e; /* b3 c3 a2 c1 */
	CHECK(is_terminal(g, &m));
	CHECK(tg_goal(g, &m, 0) == 100 && tg_goal(g, &m, 1) == 0);
	gl_game_free(g);
}

/* Every empty point is a legal placement for at least one colour (so the
 * game always ends by capture): checked on every state of the whole 3x3
 * tree by flipping the side to move in the state layout. */
static int check_lemma(const gl_game *g, cg_mirror *m)
{
	int n = g->ncells;
	uint64_t board = n == 64 ? ~0ULL : (1ULL << n) - 1;
	uint64_t empty = board & ~(m->stone[0] | m->stone[1]);
	uint64_t can = 0;
	gl_action moves[T_LEGAL_MAX];
	for (int k = 0; k < 2; k++) {
		int cnt = g->type->legal(g, m, moves);
		for (int i = 0; i < cnt; i++)
			if (moves[i] < n)
				can |= 1ULL << moves[i];
		m->side ^= 1;
	}
	return can == empty;
}

static uint64_t walk_tree(const gl_game *g, cg_mirror *m, uint64_t *captures)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, m, moves);
	if (n == 0) {
		*captures += m->winner != 0;
		return 1;
	}
	CHECK(check_lemma(g, m));
	uint64_t leaves = 0;
	for (int i = 0; i < n; i++) {
		gl_undo u;
		g->type->make(g, m, moves[i], &u);
		leaves += walk_tree(g, m, captures);
		g->type->unmake(g, m, moves[i], &u);
	}
	return leaves;
}

static void test_always_capture(void)
{
	gl_game *g = tg_game("capturego");
	cg_mirror m;
	uint64_t captures = 0;
	g->type->start(g, &m);
	uint64_t games = walk_tree(g, &m, &captures);
	CHECK_EQ_U64(games, captures);
	CHECK_EQ_U64(games, 190696);
	gl_game_free(g);
}

/*
 * 2x2 by hand (points a1 b1 / a2 b2): perft(1) = 4; any reply is legal,
 * perft(2) = 12. If White's stone is next to Black's (8 ways), Black may
 * join below it or take it from the far side; if diagonal (4 ways),
 * Black has two joins: perft(3) = 24. The take ends the game; after a
 * join White's last point takes all of Black: perft(4) = 8 + 8 = 16,
 * perft(5) = 0.
 *
 * 3x3 by hand: nothing is refused before the fourth move, so perft(1..3)
 * = 9, 72, 504. Of the 9*8*7 = 3024 four-move lines, 48 are gone because
 * Black took a corner at move 3 (4 corners x 2 orders x 6 fourth moves)
 * and 48 because White's fourth move into a corner Black closed is
 * suicide (4 x 2 x 6 places of White's stone): perft(4) = 2928. Deeper
 * counts are the naive reference's, which agrees at every depth.
 */
static void test_perft(void)
{
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	ref_go b;
	gl_game *g = tg_game("capturego:size=2");
	g->type->start(g, s);
	ref_start(&b, 2);
	static const uint64_t two[7] = {1, 4, 12, 24, 16, 0, 0};
	for (int d = 0; d <= 6; d++) {
		CHECK_EQ_U64(tg_perft(g, s, d), two[d]);
		CHECK_EQ_U64(tg_perft_generic(g, s, d), two[d]);
		CHECK_EQ_U64(ref_perft(&b, d), two[d]);
	}
	gl_game_free(g);

	static const uint64_t three[13] = {
		1, 9, 72, 504, 2928, 13952, 48000, 115056, 133488, 72864,
		6912, 288, 0
	};
	g = tg_game("capturego");
	g->type->start(g, s);
	ref_start(&b, 3);
	for (int d = 0; d <= 12; d++) {
		CHECK_EQ_U64(tg_perft(g, s, d), three[d]);
		CHECK_EQ_U64(tg_perft_generic(g, s, d), three[d]);
		CHECK_EQ_U64(ref_perft(&b, d), three[d]);
	}
	/* from the forced pass, whose lines go through the pass */
	CHECK(tg_play(g, s, "a3,b3,a2,c2,a1,b1") == 0);
	CHECK_EQ_U64(tg_perft(g, s, 1), 1);
	CHECK_EQ_U64(tg_perft(g, s, 2), 3);
	CHECK_EQ_U64(tg_perft(g, s, 3), tg_perft_generic(g, s, 3));
	gl_game_free(g);

	g = tg_game("capturego:size=4");
	g->type->start(g, s);
	CHECK(tg_play(g, s, "b2,b3,c3,c2,a1,d4") == 0);
	ref_start(&b, 4);
	/* the same six stones: ids count rows from the top */
	b.cell[2][1] = 0;
	b.cell[1][1] = 1;
	b.cell[1][2] = 0;
	b.cell[2][2] = 1;
	b.cell[3][0] = 0;
	b.cell[0][3] = 1;
	for (int d = 1; d <= 5; d++) {
		uint64_t want = ref_perft(&b, d);
		CHECK_EQ_U64(tg_perft(g, s, d), want);
		CHECK_EQ_U64(tg_perft_generic(g, s, d), want);
	}
	gl_game_free(g);
}

/* Random games on every size, the engine and the reference in step. */
static void test_random_games(void)
{
	static const char *const specs[] = {
		"capturego:size=2", "capturego", "capturego:size=4",
		"capturego:size=5", "capturego:size=6", "capturego:size=7",
		"capturego:size=8"
	};
	gl_rng rng;
	gl_rng_seed(&rng, 77);
	for (int k = 0; k < 7; k++) {
		gl_game *g = tg_game(specs[k]);
		int n = k + 2, games = n <= 5 ? 200 : 40, passes = 0;
		for (int i = 0; i < games; i++) {
			cg_mirror m;
			ref_go b;
			g->type->start(g, &m);
			ref_start(&b, n);
			unsigned length = 0;
			for (;;) {
				gl_action mine[T_LEGAL_MAX], ref[NMAX * NMAX + 1];
				int cm = g->type->legal(g, &m, mine);
				int cr = ref_legal(&b, ref);
				CHECK_MSG(cm == cr && memcmp(mine, ref, sizeof(gl_action) * (size_t)cm) == 0,
					"%s game %d move %u: %d legal moves, reference %d",
					g->spec, i, length, cm, cr);
				if (cm != cr || cm == 0)
					break;
				CHECK(check_lemma(g, &m));
				passes += cm == 1 && mine[0] == n * n;
				gl_action a = mine[gl_rng_below(&rng, (uint32_t)cm)];
				g->type->apply(g, &m, a);
				ref_apply(&b, a);
				length++;
			}
			CHECK(m.winner != 0 && m.winner == b.winner);
			CHECK(length <= g->max_length);
		}
		if (n >= 3 && n <= 5)
			CHECK_MSG(passes > 0, "%s: no forced pass in %d games", g->spec, games);
		gl_game_free(g);
	}
}

int main(void)
{
	test_sizes_and_text();
	test_capture_wins();
	test_liberties();
	test_suicide();
	test_capture_into_own_last_liberty();
	test_forced_pass();
	test_area_scoring();
	test_always_capture();
	test_perft();
	test_random_games();
	return test_report();
}
