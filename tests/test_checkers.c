/*
 * test_checkers.c - English checkers: perft from the start against OEIS
 * A133046, the native perft against the generic walk (also where the draw
 * rules cut the tree), and the rules on positions reached by play from
 * the start: compulsory capture, a choice of multi-jumps, completing a
 * multi-jump, promotion ending the move, kings capturing backwards and in
 * a loop through their own origin, the 80-ply rule, third repetition, a
 * side without moves, the move notation, and positions from PDN FEN.
 */
#include "gametest.h"

/* A state buffer, aligned for any engine's state struct. */
typedef uint64_t state[T_STATE_MAX / 8];

static void start_and_play(const gl_game *g, void *s, const char *moves)
{
	g->type->start(g, s);
	if (moves && *moves)
		tg_play(g, s, moves);
}

static bool terminal(const gl_game *g, const void *s)
{
	gl_action moves[T_LEGAL_MAX];
	bool t = g->type->terminal(g, s);
	CHECK_MSG(t == (g->type->legal(g, s, moves) == 0),
		"terminal() disagrees with legal()");
	return t;
}

/* Whether text parses (well formed) but gl_parse_legal calls it illegal. */
static bool illegal(const gl_game *g, const void *s, const char *text)
{
	gl_action a;
	gl_err err = {0};
	return g->type->parse_move(g, s, text, &a, NULL) == 0 &&
	       gl_parse_legal(g, s, text, &a, &err) == GL_EILLEGAL;
}

static void test_perft(const gl_game *g)
{
	static const uint64_t expect[] = {
		1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680,
		18391564, 85242128
	};
	state s;
	g->type->start(g, s);
	for (int d = 0; d < (int)(sizeof expect / sizeof expect[0]); d++)
		CHECK_EQ_U64(tg_perft(g, s, d), expect[d]);
	for (int d = 1; d <= 7; d++)
		CHECK_EQ_U64(tg_perft(g, s, d), tg_perft_generic(g, s, d));
}

static void test_start(const gl_game *g)
{
	state s;
	g->type->start(g, s);
	CHECK(g->type->to_move(g, s) == 0);
	tg_legal_is(g, s, "9-13 9-14 10-14 10-15 11-15 11-16 12-16");
	CHECK(g->type->evaluate(g, s) == 0);
	CHECK(g->nactions == 1 << 27);
	CHECK(g->max_legal <= T_LEGAL_MAX);

	/* transpositions: equal bytes, equal hashes */
	state a, b;
	start_and_play(g, a, "9-13,24-20,10-14");
	start_and_play(g, b, "10-14,24-20,9-13");
	CHECK(memcmp(a, b, g->state_size) == 0);
	CHECK(gl_game_hash(g, a) == gl_game_hash(g, b));
	CHECK(gl_game_hash(g, a) != gl_game_hash(g, s));
}

static void test_captures(const gl_game *g)
{
	state s;

	/* Capture is compulsory: Black's only move takes the man on 18. */
	start_and_play(g, s, "11-15,22-18");
	tg_legal_is(g, s, "15x22");
	CHECK(illegal(g, s, "9-13"));
	tg_play(g, s, "15x22");
	CHECK(g->type->to_move(g, s) == 1);
	/* ... and White must take back, either way */
	tg_legal_is(g, s, "25x18 26x17");

	/*
	 * A choice of two double jumps (White: 26 over 23 and 15; or 27 over
	 * 23 and 15 the other way round):
	 *     8    b   b   b   b
	 *     7  b   b   b   b
	 *     6    b   .   .   b
	 *     5  .   .   b   .
	 *     4    w   .   .   .
	 *     3  w   .   b   w
	 *     2    w   w   w   w
	 *     1  w   w   w   w
	 * A multi-jump must be completed: stopping after one jump is illegal.
	 */
	start_and_play(g, s, "10-15,22-17,11-16,23-19,16x23");
	tg_legal_is(g, s, "26x19x10 27x18x11");
	CHECK(illegal(g, s, "26x19"));
	CHECK(illegal(g, s, "27x18"));
	state t;
	memcpy(t, s, g->state_size);
	tg_play(g, t, "26x19x10");
	/* both men gone: Black must take back on 10 (6x15 or 7x14) */
	tg_legal_is(g, t, "6x15 7x14");
	memcpy(t, s, g->state_size);
	tg_play(g, t, "27x18x11");
	tg_legal_is(g, t, "7x16 8x15");

	/*
	 * Promotion ends the move: White's man jumps 19x12x3 and is crowned on
	 * 3; as a king it could go on over 7 to 10, but the move stops.
	 */
	start_and_play(g, s, "10-14,22-17,12-16,17x10,7x14,24-19,3-7");
	tg_legal_is(g, s, "19x12x3");
	CHECK(illegal(g, s, "19x12x3x10"));
	tg_play(g, s, "19x12x3");
	CHECK(g->type->to_move(g, s) == 0);
	char board[2048];
	g->type->render(g, s, board, sizeof board);
	CHECK_MSG(strstr(board, " 8    b   b   W   b") != NULL,
		"no White king on 3:\n%s", board);
	/* next time the new king must capture backwards, over 7 and 14 */
	tg_play(g, s, "9-13");
	tg_legal_is(g, s, "3x10x17");

	/* A king captures backwards: Black's king on 32 takes 27 upwards. */
	start_and_play(g, s,
		"12-16,23-19,16x23,27x18,10-14,32-27,14x23x32,31-27");
	tg_legal_is(g, s, "32x23");
	tg_play(g, s, "32x23");

	/*
	 * Two jump paths with the same result are two moves, and a king may
	 * pass through its own origin: White's king on 3 goes round 7, 15,
	 * 16 and 8 either way and lands on 3 again.
	 *     8    b   .   W   b
	 *     7  b   b   b   b
	 *     6    .   .   b   .
	 *     5  .   .   b   b
	 */
	start_and_play(g, s, "12-16,22-17,9-14,26-22,10-15,17x10,7x14,22-17,"
		"3-7,17x10x3,2-7");
	tg_legal_is(g, s, "3x10x19x12x3 3x12x19x10x3");
	state u;
	memcpy(t, s, g->state_size);
	memcpy(u, s, g->state_size);
	tg_play(g, t, "3x10x19x12x3");
	tg_play(g, u, "3x12x19x10x3");
	CHECK(memcmp(t, u, g->state_size) == 0);
	gl_action m[T_LEGAL_MAX];
	int n = g->type->legal(g, s, m);
	CHECK(n == 2 && m[0] != m[1]);
	CHECK_EQ_U64(tg_perft(g, s, 1), 2);
	CHECK_EQ_U64(tg_perft(g, s, 4), tg_perft_generic(g, s, 4));
	/* White is now 4 men up: the evaluation says so, from either side */
	CHECK(g->type->evaluate(g, t) < -500);
}

static void test_no_moves(const gl_game *g)
{
	state s;
	/* White's last man, on 29, is blocked by the king on 25 and 22 */
	start_and_play(g, s, "12-16,23-18,9-13,26-23,10-15,30-26,8-12,23-19,"
		"16x23x30,31-26,30x23x14,21-17,14x21x30,24-19,15x24x31,22-17,"
		"13x22,32-27,31x24,28x19,30-25,19-15,11x18");
	CHECK(terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 100 && tg_goal(g, s, 1) == 0);
	CHECK_EQ_U64(tg_perft(g, s, 3), 0);

	/* White has no piece left */
	start_and_play(g, s, "9-14,23-19,11-15,21-17,14x21,19-16,12x19,26-23,"
		"19x26,30x23,21x30,23-19,8-12,27-23,30-25,31-26,25x18x27x20,"
		"32-27,15x24x31,29-25,31x22x29,28-24,20x27");
	CHECK(terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 100 && tg_goal(g, s, 1) == 0);
}

/*
 * The draw rules, from a position with one king each and room to roam:
 *     8    W   .   .   b        squares  1  2  3  4
 *     7  .   .   .   .                  5  6  7  8
 *     6    .   .   .   .                 9 10 11 12
 *     5  b   .   .   .                 13 14 15 16
 *     4    .   .   .   .                17 18 19 20
 *     3  w   w   .   .                 21 22 23 24
 *     2    .   .   .   B                25 26 27 28
 *     1  w   w   .   .                 29 30 31 32
 * Black's king tours 28-24-19-23-27-32-28 (6 steps), White's 1-5-9-14-
 * 10-7-2-6-1 (8 steps): a position comes back only after 24 moves each,
 * so 40 moves each bring no third occurrence.
 */
static const char *draw_prefix =
	"10-15,22-17,6-10,24-19,15x24,27x20,1-6,28-24,11-16,20x11,8x15,"
	"31-27,3-8,26-22,10-14,17x10x3,9-13,24-20,2-7,3x10x19,5-9,21-17,"
	"12-16,20x11,8x15x24x31,32-28,31-26,28-24,26x19x28,25-21,9-14,"
	"17x10x1";

typedef struct tour {
	const int *sq; /* the cycle of squares, starting with the current */
	int len, at;
} tour;

/* Move the tour's king one step on (as move text). */
static const char *tour_step(tour *t, char *buf, size_t n)
{
	int from = t->sq[t->at];
	t->at = (t->at + 1) % t->len;
	snprintf(buf, n, "%d-%d", from, t->sq[t->at]);
	return buf;
}

static const int black_tour[] = {28, 24, 19, 23, 27, 32};
static const int white_tour[] = {1, 5, 9, 14, 10, 7, 2, 6};

/* Play plies of the two tours (Black's first when Black is to move);
 * every position on the way but the last must be live. */
static void tour_plies(const gl_game *g, void *s, tour *b, tour *w,
	int plies)
{
	char text[16];
	for (int i = 0; i < plies; i++) {
		CHECK_MSG(!terminal(g, s), "terminal before ply %d", i);
		tour *t = g->type->to_move(g, s) == 0 ? b : w;
		if (tg_play(g, s, tour_step(t, text, sizeof text)))
			return;
	}
}

static void test_draws(const gl_game *g)
{
	state s, s0;
	char board[2048];
	start_and_play(g, s0, draw_prefix);
	g->type->render(g, s0, board, sizeof board);
	CHECK_MSG(strstr(board, " 8    W   .   .   b") &&
		strstr(board, " 2    .   .   .   B"), "%s", board);

	/* 80 plies of king moves: live at 79, a draw at 80 */
	tour b = {black_tour, 6, 0}, w = {white_tour, 8, 0};
	memcpy(s, s0, g->state_size);
	tour_plies(g, s, &b, &w, 79);
	CHECK(!terminal(g, s));
	/* the native perft cuts the tree at the draw too */
	CHECK_EQ_U64(tg_perft(g, s, 1), tg_perft_generic(g, s, 1));
	CHECK_EQ_U64(tg_perft(g, s, 2), tg_perft_generic(g, s, 2));
	state t;
	memcpy(t, s, g->state_size);
	tour_plies(g, t, &b, &w, 1);
	CHECK(terminal(g, t));
	CHECK(tg_goal(g, t, 0) == 50 && tg_goal(g, t, 1) == 50);
	CHECK_EQ_U64(tg_perft(g, t, 1), 0);
	g->type->render(g, t, board, sizeof board);
	CHECK_MSG(strstr(board, "draw (40 moves") != NULL, "%s", board);

	/* native and generic perft agree where the 80-ply rule cuts in */
	memcpy(s, s0, g->state_size);
	b.at = w.at = 0;
	tour_plies(g, s, &b, &w, 76);
	for (int d = 1; d <= 6; d++)
		CHECK_EQ_U64(tg_perft(g, s, d), tg_perft_generic(g, s, d));

	/* A man move resets the count: after 60 plies, Black plays 4-8, and
	 * 79 more plies are still live, the 80th draws. */
	memcpy(s, s0, g->state_size);
	b.at = w.at = 0;
	tour_plies(g, s, &b, &w, 60);
	tg_play(g, s, "4-8");
	tour_plies(g, s, &b, &w, 79);
	CHECK(!terminal(g, s));
	tour_plies(g, s, &b, &w, 1);
	CHECK(terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 50);

	/* Third repetition: 28-24 1-5 24-28 5-1 twice; the start position
	 * occurs again after 4 plies (live) and 8 plies (a draw). */
	memcpy(s, s0, g->state_size);
	tg_play(g, s, "28-24,1-5,24-28,5-1");
	CHECK(!terminal(g, s));
	/* same pieces, but a repetition pending: the hash tells them apart */
	CHECK(gl_game_hash(g, s) != gl_game_hash(g, s0));
	tg_play(g, s, "28-24,1-5,24-28");
	CHECK(!terminal(g, s));
	memcpy(t, s, g->state_size);
	tg_play(g, s, "5-1");
	CHECK(terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 50 && tg_goal(g, s, 1) == 50);
	g->type->render(g, s, board, sizeof board);
	CHECK_MSG(strstr(board, "repetition") != NULL, "%s", board);
	/* the native perft sees the draw one ply below t */
	for (int d = 1; d <= 6; d++)
		CHECK_EQ_U64(tg_perft(g, t, d), tg_perft_generic(g, t, d));
	/* the other way back is no repetition */
	tg_play(g, t, "5-9");
	CHECK(!terminal(g, t));
	/* Equal positions with equal histories are equal bytes: a king run
	 * that ended with a man move leaves nothing behind in the state. */
	memcpy(s, s0, g->state_size);
	tg_play(g, s, "28-24,1-5,24-28,5-1,4-8");
	memcpy(t, s0, g->state_size);
	tg_play(g, t, "4-8");
	CHECK(memcmp(s, t, g->state_size) == 0);
	/* ... and make/unmake of that man move restores the run exactly */
	memcpy(s, s0, g->state_size);
	tg_play(g, s, "28-24,1-5,24-28,5-1");
	memcpy(t, s, g->state_size);
	gl_action a;
	CHECK(gl_parse_legal(g, s, "4-8", &a, NULL) == 0);
	gl_undo u;
	g->type->make(g, s, a, &u);
	g->type->unmake(g, s, a, &u);
	CHECK(memcmp(s, t, g->state_size) == 0);
}

static void test_notation(const gl_game *g)
{
	state s;
	g->type->start(g, s);
	static const char *good[] = {
		"11-15", "22-18", "1-6", "32-27", "22x15x6", "15x22",
		"1x10x19x28", "11x18", "11x20",
		"1x10x1x10x1x10x1x10x1x10" /* 9 jumps, geometrically fine */
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		gl_action a = -1;
		char text[GL_MOVE_TEXT];
		int rc = g->type->parse_move(g, s, good[i], &a, NULL);
		CHECK_MSG(rc == 0 && a >= 0 && a < g->nactions, "'%s'",
			good[i]);
		int len = g->type->format_move(g, s, a, text, sizeof text);
		CHECK(len == (int)strlen(good[i]));
		CHECK_STR(text, good[i]);
	}
	static const char *bad[] = {
		"", "11", "11-", "-15", "33-37", "0-4", "11-18", "x",
		"11x15x", "11x15", "11-15-19", "11x18-25", "11x18x25-29",
		"011-15", "11 -15", "11-15 ", "1x10x1x10x1x10x1x10x1x10x1",
		"4-3", "1-9", "29-33", "a1-b2", "11X18"
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gl_action a = -1;
		gl_err err = {0};
		int rc = g->type->parse_move(g, s, bad[i], &a, &err);
		CHECK_MSG(rc == GL_EPARSE && strstr(err.msg, "11-15"),
			"'%s' accepted (%d)", bad[i], a);
	}
	/* legal and illegal but well formed */
	gl_action a;
	CHECK(gl_parse_legal(g, s, "11-15", &a, NULL) == 0);
	CHECK(illegal(g, s, "15-19"));
	CHECK(illegal(g, s, "22-18"));
	/* any id formats without harm */
	char text[GL_MOVE_TEXT];
	CHECK(g->type->format_move(g, s, g->nactions - 1, text,
		sizeof text) > 0);
	CHECK(g->type->format_move(g, s, 15 << 5, text, sizeof text) > 0);
	CHECK(gl_parse_legal(g, s, "11-15", &a, NULL) == 0);
	CHECK(g->type->format_move(g, s, a, text, 3) == 5);
	CHECK_STR(text, "11");
}

static void test_render(const gl_game *g)
{
	state s;
	char board[2048];
	g->type->start(g, s);
	int len = g->type->render(g, s, board, sizeof board);
	CHECK(len == (int)strlen(board));
	CHECK_MSG(strstr(board, "a b c d e f g h") &&
		strstr(board, " 8    b   b   b   b") &&
		strstr(board, " 1  w   w   w   w") &&
		strstr(board, "Black to move") && strstr(board, " 32"),
		"%s", board);
	char small[10];
	CHECK(g->type->render(g, s, small, sizeof small) == len);
	CHECK(strlen(small) == sizeof small - 1);
}

/* Positions from PDN FEN: pieces, kings, side, ranges, and refusals. */
static void test_fen(const gl_game *g)
{
	state s, t;
	gl_err err = {0};
	CHECK(g->type->parse_state != NULL);
	CHECK(g->type->parse_state(g, "W:W21,22,K30:B1,2,K5", s, &err) == 0);
	CHECK(g->type->to_move(g, s) == 1);
	tg_legal_is(g, s, "21-17 22-17 22-18 30-25 30-26");
	char board[2048];
	g->type->render(g, s, board, sizeof board);
	CHECK_MSG(strstr(board, " 7  B ") && strstr(board, " 1  .   W ") &&
		strstr(board, "White to move"), "%s", board);

	/* the start, with ranges: the same bytes as start() */
	g->type->start(g, t);
	CHECK(g->type->parse_state(g, "B:W21-32:B1-12", s, &err) == 0);
	CHECK(memcmp(s, t, g->state_size) == 0);
	CHECK(g->type->parse_state(g, "B:B1-12:W21-32", s, &err) == 0);
	CHECK(memcmp(s, t, g->state_size) == 0);

	/* a king range; an empty section: Black has no piece and has lost */
	CHECK(g->type->parse_state(g, "B:WK21-23:B", s, &err) == 0);
	CHECK(g->type->terminal(g, s));
	int goals[2];
	g->type->goals(g, s, goals);
	CHECK(goals[0] == 0 && goals[1] == 100);
	CHECK(g->type->parse_state(g, "W:WK21-23:B", s, &err) == 0);
	tg_legal_is(g, s, "21-17 22-17 22-18 23-18 23-19 "
		"21-25 22-25 22-26 23-26 23-27");

	static const struct {
		const char *text, *msg;
	} bad[] = {
		{"", "want the side to move, B: or W: at character 1"},
		{"X:W21:B1", "want the side to move"},
		{"B", "want the side to move"},
		{"B:W33:B1", "want a square 1-32 at character 4"},
		{"B:W0:B1", "want a square 1-32"},
		{"B:W21,:B1", "want a square 1-32 at character 7"},
		{"B:W21,21:B1", "square 21 given twice at character 7"},
		{"B:W21:B21", "square 21 given twice"},
		{"B:W21:B20-22", "square 21 given twice"},
		{"B:W17-29:B1", "more than 12 White pieces"},
		{"B:W21:BK1-12,13", "more than 12 Black pieces at character 14"},
		{"B:W21:B29", "a Black man on 29, his crowning row (a king is K29)"},
		{"W:W4:B12", "a White man on 4, his crowning row"},
		{"B:W21:W22", "White's pieces given twice at character 7"},
		{"B:W21", "no section for Black"},
		{"B:B1", "no section for White"},
		{"B:W21:B1x", "unexpected 'x' at character 9"},
		{"B:W21:C1", "want a colour, B or W at character 7"},
		{"B:W22-21:B1", "the range 22-21 runs backwards"},
		{"B:W21:B1:", "want a colour"},
		{"b:W21:B1", "want the side to move"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		g->type->start(g, s);
		memcpy(t, s, g->state_size);
		gl_err e = {0};
		int rc = g->type->parse_state(g, bad[i].text, s, &e);
		CHECK_MSG(rc == GL_EPARSE && strstr(e.msg, bad[i].msg),
			"'%s': rc %d, '%s'", bad[i].text, rc, e.msg);
		CHECK_MSG(strchr(e.msg, '\n') == NULL, "%s", e.msg);
		CHECK(memcmp(s, t, g->state_size) == 0); /* s untouched */
	}
	/* a long text is cut in the message */
	gl_err e = {0};
	CHECK(g->type->parse_state(g, "B:W21,22,23,24,25,26,27,28,29,30,31,"
		"32:B1,2,3,4,5,6,7,8,9,10,11,12,13", s, &e) == GL_EPARSE);
	CHECK_MSG(strstr(e.msg, "...': more than 12 Black") != NULL, "%s", e.msg);
}

/* Mangled FEN texts: each parses to a position within the game's bounds
 * or fails with GL_EPARSE and a message; never anything else (run under
 * ASan and UBSan too). */
static void test_fen_mangled(const gl_game *g)
{
	static const char *const seeds[] = {
		"W:W21,22,K30:B1,2,K5", "B:W21-32:B1-12", "B:WK21-23:B",
		"W:B1,K2,3-6:WK29,30-32,17",
	};
	static const char alphabet[] = "BWK:,-0123456789x ";
	gl_rng rng;
	gl_rng_seed(&rng, 11);
	int ok = 0, bad = 0, other = 0;
	for (int i = 0; i < 20000; i++) {
		char text[64];
		snprintf(text, sizeof text, "%s", seeds[i % 4]);
		size_t len = strlen(text);
		for (int k = 1 + (int)gl_rng_below(&rng, 3); k > 0; k--) {
			size_t at = gl_rng_below(&rng, (uint32_t)len + 1);
			char ch = alphabet[gl_rng_below(&rng, sizeof alphabet - 1)];
			if (at == len || gl_rng_below(&rng, 4) == 0) {
				if (len + 1 < sizeof text) { /* insert */
					memmove(text + at + 1, text + at, len - at + 1);
					text[at] = ch;
					len++;
				}
			} else if (gl_rng_below(&rng, 3) == 0) { /* delete */
				memmove(text + at, text + at + 1, len - at);
				len--;
			} else {
				text[at] = ch;
			}
		}
		state s;
		gl_err err = {0};
		int rc = g->type->parse_state(g, text, s, &err);
		if (rc == GL_EPARSE && err.msg[0]) {
			bad++;
			continue;
		}
		if (rc != 0) {
			other++;
			continue;
		}
		ok++;
		gl_action moves[T_LEGAL_MAX];
		int n = g->type->legal(g, s, moves);
		CHECK(n >= 0 && (unsigned)n <= g->max_legal);
	}
	CHECK_MSG(other == 0, "%d texts gave neither 0 nor GL_EPARSE", other);
	CHECK(ok > 100 && bad > 100);
}

int main(void)
{
	gl_game *g = tg_game("checkers");
	test_start(g);
	test_captures(g);
	test_no_moves(g);
	test_draws(g);
	test_notation(g);
	test_render(g);
	test_fen(g);
	test_fen_mangled(g);
	test_perft(g);
	gl_game_free(g);
	return test_report();
}
