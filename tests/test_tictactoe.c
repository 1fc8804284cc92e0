/*
 * test_tictactoe.c - tic-tac-toe solved completely: perft at every depth,
 * the 255,168 complete games by result, the 5,478 reachable positions and
 * 765 up to symmetry (reference: data/perft.txt, from the published
 * counts), and the rules on crafted positions.
 */
#include "gametest.h"

typedef struct counts {
	uint64_t games, xwins, owins, draws;
} counts;

static void walk_games(const gl_game *g, const unsigned char *s, counts *c)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	if (n == 0) {
		int goal = tg_goal(g, s, 0);
		c->games++;
		c->xwins += goal == 100;
		c->owins += goal == 0;
		c->draws += goal == 50;
		return;
	}
	for (int i = 0; i < n; i++) {
		GL_STATE_ALIGN unsigned char child[T_STATE_MAX];
		memcpy(child, s, g->state_size);
		g->type->apply(g, child, moves[i]);
		walk_games(g, child, c);
	}
}

/* Positions are identified by their 9 cells (base-3 code). */
enum { NCODES = 19683 };

static int code_of(const int8_t *owner)
{
	int code = 0;
	for (int i = 0; i < 9; i++)
		code = code * 3 + (owner[i] + 1);
	return code;
}

/* The 8 symmetries of the square as cell permutations. */
static int sym_code(const int8_t *owner, int k)
{
	int8_t t[9];
	for (int r = 0; r < 3; r++) {
		for (int c = 0; c < 3; c++) {
			int rr = r, cc = c;
			if (k & 1)
				cc = 2 - cc;
			if (k & 2)
				rr = 2 - rr;
			if (k & 4) {
				int x = rr;
				rr = cc;
				cc = x;
			}
			t[rr * 3 + cc] = owner[r * 3 + c];
		}
	}
	return code_of(t);
}

static void walk_positions(const gl_game *g, const unsigned char *s,
	unsigned char *seen, unsigned char *canon)
{
	int8_t owner[9];
	g->type->cells(g, s, owner);
	int code = code_of(owner);
	if (seen[code])
		return;
	seen[code] = 1;
	int best = code;
	for (int k = 1; k < 8; k++) {
		int c = sym_code(owner, k);
		if (c < best)
			best = c;
	}
	canon[best] = 1;
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++) {
		GL_STATE_ALIGN unsigned char child[T_STATE_MAX];
		memcpy(child, s, g->state_size);
		g->type->apply(g, child, moves[i]);
		walk_positions(g, child, seen, canon);
	}
}

int main(void)
{
	gl_game *g = tg_game("tictactoe");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	static const uint64_t perft[10] = {1, 9, 72, 504, 3024, 15120, 54720,
		148176, 200448, 127872};
	g->type->start(g, s);
	for (int d = 0; d <= 9; d++)
		CHECK_EQ_U64(tg_perft(g, s, d), perft[d]);
	CHECK_EQ_U64(tg_perft(g, s, 10), 0);

	counts c = {0};
	walk_games(g, s, &c);
	CHECK_EQ_U64(c.games, 255168);
	CHECK_EQ_U64(c.xwins, 131184);
	CHECK_EQ_U64(c.owins, 77904);
	CHECK_EQ_U64(c.draws, 46080);

	static unsigned char seen[NCODES], canon[NCODES];
	walk_positions(g, s, seen, canon);
	int npos = 0, nsym = 0;
	for (int i = 0; i < NCODES; i++) {
		npos += seen[i];
		nsym += canon[i];
	}
	CHECK_EQ_U64(npos, 5478);
	CHECK_EQ_U64(nsym, 765);

	/* rules: a win ends the game at once, even with empty cells left */
	g->type->start(g, s);
	tg_play(g, s, "a1,a2,b1,b2,c1");
	CHECK(g->type->terminal(g, s));
	CHECK(tg_goal(g, s, 0) == 100 && tg_goal(g, s, 1) == 0);
	tg_legal_is(g, s, "");
	/* O wins on a diagonal */
	g->type->start(g, s);
	tg_play(g, s, "a1,c1,b1,b2,a2,a3");
	CHECK(tg_goal(g, s, 1) == 100);
	/* a full board without a line is a draw */
	g->type->start(g, s);
	tg_play(g, s, "a1,b1,c1,b2,a2,a3,c2,c3,b3");
	CHECK(g->type->terminal(g, s) && tg_goal(g, s, 0) == 50);
	/* occupied cells are not legal; malformed text is refused */
	g->type->start(g, s);
	tg_play(g, s, "b2");
	tg_legal_is(g, s, "a1 b1 c1 a2 c2 a3 b3 c3");
	gl_action a;
	gl_err err = {0};
	CHECK(gl_parse_legal(g, s, "b2", &a, &err) == GL_EILLEGAL);
	CHECK(strstr(err.msg, "illegal") != NULL);
	const char *bad[] = {"", "a", "a0", "a4", "d1", "11", "a1x", "b-2"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK_MSG(g->type->parse_move(g, s, bad[i], &a, NULL) == GL_EPARSE,
			"'%s' parsed", bad[i]);
	CHECK(g->type->parse_move(g, s, "C3", &a, NULL) == 0 && a == 8);
	gl_game_free(g);
	return test_report();
}
