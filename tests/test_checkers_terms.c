/*
 * test_checkers_terms.c - checkers' feature vector (Samuel's terms, see
 * src/games/checkers_terms.c) on hand-built positions whose values were
 * counted by hand from the definitions (the counting is in the comments),
 * the start position's whole vector, the mirror image (board turned half
 * round, colours and side to move swapped) giving the same vector on
 * those positions and along seeded random games, and the truth tables of
 * the binary connectives.
 *
 * Board (standard numbering, row 0 at the top, Black's home row 1-4):
 *
 *   row 0:    1   2   3   4        even rows: up-left -4, up-right -3,
 *   row 1:  5   6   7   8                     down-left +4, down-right +5
 *   row 2:    9  10  11  12        odd rows:  up-left -5, up-right -4,
 *   row 3: 13  14  15  16                     down-left +3, down-right +4
 *   row 4:   17  18  19  20
 *   row 5: 21  22  23  24        Black men move down, White men up.
 *   row 6:   25  26  27  28
 *   row 7: 29  30  31  32
 *
 * "Active" is the side to move, "passive" the other. For White to move
 * the counts are made on the board turned half round (n -> 33 - n,
 * colours swapped), as the implementation does; each such test says so.
 */
#include "gametest.h"

#include "games/checkers.h"

#include <stdlib.h>

typedef uint64_t state[T_STATE_MAX / 8];

static int feature_index(const gl_game *g, const char *name)
{
	for (unsigned i = 0; i < g->nfeatures; i++)
		if (!strcmp(g->feature_names[i], name))
			return (int)i;
	fprintf(stderr, "no feature %s\n", name);
	exit(1);
}

static void parse(const gl_game *g, const char *fen, void *s)
{
	gl_err err = {0};
	if (g->type->parse_state(g, fen, s, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		exit(1);
	}
}

/*
 * Check the features of position fen against `expect`, "NAME=VALUE ...".
 * With all, every term not listed must be 0; otherwise only the listed
 * terms are checked.
 */
static void expect_terms(const gl_game *g, const char *fen,
	const char *expect, bool all)
{
	state s;
	double f[CK_NFEATURES], want[CK_NFEATURES];
	bool listed[CK_NFEATURES] = {false};
	parse(g, fen, s);
	g->type->features(g, s, f);
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", expect);
	char *save = NULL;
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(t, '=');
		if (!eq) {
			fprintf(stderr, "bad expectation '%s'\n", t);
			exit(1);
		}
		*eq = '\0';
		int i = feature_index(g, t);
		CHECK_MSG(!listed[i], "%s: %s listed twice", fen, t);
		listed[i] = true;
		want[i] = strtod(eq + 1, NULL);
	}
	for (int i = 0; i < CK_NFEATURES; i++) {
		if (!listed[i] && !all)
			continue;
		double w = listed[i] ? want[i] : 0;
		CHECK_MSG(f[i] == w, "%s: %s = %g, want %g", fen,
			g->feature_names[i], f[i], w);
	}
}

static void test_names(const gl_game *g)
{
	static const char *const names =
		"PADV ADV APEX BACK CENT CNTR CORN CRAMP DENY DIA DIAV DYKE "
		"EXCH EXPOS FORK GAP GUARD HOLE KCENT MOB MOBIL MOVE NODE OREO "
		"POLE RECAP THRET DEMO DEMMO DDEMO DDMM MODE1 MODE2 MODE3 MODE4 "
		"MOC1 MOC2 MOC3 MOC4";
	char all[512] = "";
	size_t len = 0;
	CHECK(g->nfeatures == 39);
	CHECK(g->type->features != NULL);
	for (unsigned i = 0; i < g->nfeatures; i++)
		len += (size_t)snprintf(all + len, sizeof all - len, "%s%s",
			i ? " " : "", g->feature_names[i]);
	CHECK_STR(all, names);
}

/*
 * The start, Black to move: Black (active) 1-12, White (passive) 21-32.
 * PADV 0. ADV: no White man on 9-16, four (21-24) on 17-24: -4. APEX: an
 * active man on 7 but a passive one on 26: 0. BACK: no Black king, White
 * on 30 and 32: 1. CENT: White men on centre squares 22, 23: 2. CNTR:
 * Black on 10, 11, and moves (9-13 9-14 10-14 10-15 11-15 11-16 12-16)
 * reach 13-16, of which 14 and 15 are centre: 4. CORN: credit 24: 0.
 * CRAMP: 20 empty: 0. DENY: rows 4 empty, so no piece on 13-16 can be
 * jumped: 0. DIA: White on 23, 24, 27, 28, 32: 5. DIAV: 5 x 3/2 + (22,
 * 26, 31) x 1 + (21, 25, 30) x 1/2 = 12. DYKE: three-in-a-row over rows
 * 5-7: 21-25-30, 22-25-29, 22-26-31, 23-26-30, 23-27-32, 24-27-31: 6.
 * EXCH, EXPOS, FORK, HOLE, NODE, POLE, THRET: no White piece can be
 * reached or has empty squares on both sides: 0. GAP: 20 is empty, on
 * the edge, next to White's 24 on the diagonal 24-20 that leaves the
 * board: 1 (no other empty square touches White's pieces but 17-20,
 * and only 20 is on the edge). GUARD: bridge held: 1. MOB 4, MOBIL 4.
 * MOVE: credit 48: 0. OREO: 26, 30, 31 held, no White king: 1.
 * DDEMO (no DENY, MOB), MODE2 (MOBIL, no DENY), MOC1 (MOBIL, CENT).
 */
static void test_start(const gl_game *g)
{
	const char *v = "ADV=-4 BACK=1 CENT=2 CNTR=4 DIA=5 DIAV=12 DYKE=6 "
			"GAP=1 GUARD=1 MOB=4 MOBIL=4 OREO=1 DDEMO=1 MODE2=1 "
			"MOC1=1";
	expect_terms(g, "B:W21-32:B1-12", v, true);
	/* start() gives the same */
	state s, t;
	double a[CK_NFEATURES], b[CK_NFEATURES];
	g->type->start(g, s);
	parse(g, "B:W21-32:B1-12", t);
	g->type->features(g, s, a);
	g->type->features(g, t, b);
	CHECK(memcmp(a, b, sizeof a) == 0);
	/* and so does White to move in the mirrored start */
	expect_terms(g, "W:W21-32:B1-12", v, true);
}

/*
 * A: Black (active) men 3, 6, 7; White (passive) men 14, 15, 24.
 * Black's moves: 3-8, 6-9, 6-10, 7-10, 7-11 (no jump). MOB {8,9,10,11}: 4.
 *   3-8: no White piece next to 8, no White jump: safe.
 *   6-9: 14 jumps 9 to 5; Black (3, 7) has no jump after: 9 lost, and
 *        6-9 is the only way there: DENY 9. The man on 9 could jump 14
 *        (to 18): THRET 9.
 *   6-10: 15 jumps 10 to 6 (just left); no jump back: lost. But
 *   7-10: 14 jumps 10 to 7 (just left; 15 cannot, 6 is full); then 3
 *        jumps 7 to 10: an exchange, so 10 is not denied, and as 14x7 is
 *        White's only jump, 7-10 forces the exchange: EXCH 10. The man on
 *        10 could jump 14 (to 17) or 15 (to 19): THRET 10.
 *   7-11: 15 jumps 11 to 8, White's only jump; 3 jumps 8 to 12: EXCH 11,
 *        not denied. The man on 11 could jump 15 (to 18): THRET 11.
 * DENY 1, MOBIL 3, EXCH 2, RECAP 2, THRET 3.
 * PADV 6 - 6 = 0. ADV: 14, 15 on 9-16, 24 on 17-24: 2 - 1 = 1. APEX: no
 * king, Black man on 7, no White man on 7 or 26: -1. CENT: 14, 15: 2.
 * CNTR: no Black piece on the centre, moves reach 10, 11: 2. CORN:
 * credit 6 but White not ahead: 0. DIA: 14, 15, 24 on 5-32 / 1-28: 3;
 * DIAV 4.5. EXPOS: 14 (9, 18 empty), 15 (10, 19), 24 (19, 28): 3.
 * FORK: 14, 15 side by side, 10 above empty with 17 and 19 empty below,
 * and Black can move to 10: 1. GAP: 19 between 15 and 24; 20 and 28 on
 * the edge next to 24 on diagonals leaving there: 3. HOLE: no empty
 * square with three White neighbours (10, 18, 19 have two): 0. MOVE: 3
 * pieces each, credit 12 < 24, on 1-4/9-12/17-20/25-28 only 3: odd, 1.
 * NODE: 14, 15, 24 each have four empty neighbours: 3. POLE: the same
 * three men: 3. BACK, GUARD, OREO, CRAMP, DYKE, KCENT: 0.
 * DEMO (DENY, MOB), MODE1 (MOBIL, DENY), MOC1 (MOBIL, CENT).
 */
static void test_position_a(const gl_game *g)
{
	expect_terms(g, "B:W14,15,24:B3,6,7",
		"ADV=1 APEX=-1 CENT=2 CNTR=2 DENY=1 DIA=3 DIAV=4.5 EXCH=2 "
		"EXPOS=3 FORK=1 GAP=3 MOB=4 MOBIL=3 MOVE=1 NODE=3 POLE=3 "
		"RECAP=2 THRET=3 DEMO=1 MODE1=1 MOC1=1", true);
}

/*
 * B: Black (active) men 8, 11, 12, 16; White (passive) men 20, 24, 26,
 * 27, 30, 31, 32. Black's moves: 11-15, 16-19 (8 and 12 are blocked; 16
 * cannot jump 20, the landing is off the board). MOB {15, 19}: 2.
 *   11-15: White's only jump is then 20x11x4, taking 16 and 8, not the
 *        man on 15, and Black has no jump after: 15 is safe, no EXCH.
 *        The man on 15 has no jump: no THRET.
 *   16-19: 24 jumps 19 to 15, White's only jump; 11 jumps 15 to 18: an
 *        exchange, EXCH 19, not denied. The man on 19 could jump 24 (to
 *        28): THRET 19.
 * DENY 0, MOBIL 2, EXCH 1, RECAP 1, THRET 1.
 * PADV 8 - 14 = -6. ADV: 20, 24 on 17-24: -2. BACK: no Black king, 30
 * and 32 White: 1; GUARD 1; OREO: 26, 30, 31 White, no king: 1. CRAMP:
 * White on 20 and 24, Black on 8, 11, 12, 16: 2. CENT 0. CNTR: Black on
 * 11, moves to 15 and 19: 3. DIA: 24, 27, 32: 3. DIAV: 3 x 1.5 + (20, 26,
 * 31) x 1 + 30 x 0.5 = 8. DYKE: the run 20-24-27-31 counts 2; the other
 * lines hold at most two: 2. EXPOS: 24 (19, 28 empty): 1; 26, 27 have a
 * White piece on every diagonal, 20 the edge. GAP: 28, on the edge next
 * to 24 and to 32 along diagonals leaving there, once: 1 (no empty
 * square lies between two White pieces). HOLE: 23 and 28 have two White
 * neighbours: 0. NODE: 0 (24 and 26 have two empty neighbours). POLE 0.
 * MOVE: 4 against 7 pieces: 0. DDEMO, MODE2, MOC2 (MOBIL, no CENT).
 */
static void test_position_b(const gl_game *g)
{
	expect_terms(g, "B:W20,24,26,27,30,31,32:B8,11,12,16",
		"PADV=-6 ADV=-2 BACK=1 CNTR=3 CRAMP=2 DIA=3 DIAV=8 DYKE=2 "
		"EXCH=1 EXPOS=1 GAP=1 GUARD=1 MOB=2 MOBIL=2 OREO=1 RECAP=1 "
		"THRET=1 DDEMO=1 MODE2=1 MOC2=1", true);
}

/*
 * C: White to move: White (active) king on 9; Black (passive) men 16, 23
 * and kings 15, 18. Counted on the board turned half round (n -> 33 - n):
 * active king 24; passive men 17, 10, kings 18, 15.
 * The king's steps: 19, 20, 27, 28 (no jump). MOB 4.
 *   24-19: the king on 15 jumps 19 to 24 (just left), the only jump, and
 *        the active side has nothing left: lost, DENY 19. No piece could
 *        be jumped from 19 (15's far side, 10, is full): no THRET.
 *   24-20, 24-27, 24-28: no passive piece next to them: safe.
 * DENY 1, MOBIL 3, EXCH 0, THRET 0.
 * PADV 3 - 10 = -7. ADV: man 10 on 9-16, man 17 on 17-24: 0. CENT: the
 * man on 10 (15, 18 are kings): 1. KCENT: kings 15, 18: 2. CNTR: the
 * step to 19: 1. CORN: active credit 3 <= 6, passive 10 ahead, a step
 * to 28 (double corner): 1. DIA: 10, 15, 18: 3; DIAV 4.5 + 17 x 1 = 5.5.
 * EXPOS: 10 (7, 14 empty), 17 (13, 22), 18 (14, 23): 3; 15 has 10 and
 * 18 on its diagonals. GAP: 14 between 10 and 17; 13 and 21 on the edge
 * next to 17: 3. HOLE: 14 has 10, 17, 18 around it: 1. NODE: 10 (6, 7,
 * 14 empty), 17 (four), 18 (14, 22, 23): 3; 15 two. POLE: the man on 17
 * (the man on 10 touches 15): 1. APEX, BACK, GUARD (active king), OREO
 * (passive kings), MOVE (1 against 4 pieces), FORK (17, 18 side by side
 * but 15 is full and 14 out of reach): 0. DEMO, MODE1, MOC1.
 */
static void test_position_c(const gl_game *g)
{
	expect_terms(g, "W:WK9:B16,23,K15,K18",
		"PADV=-7 CENT=1 CNTR=1 CORN=1 DENY=1 DIA=3 DIAV=5.5 EXPOS=3 "
		"GAP=3 HOLE=1 KCENT=2 MOB=4 MOBIL=3 NODE=3 POLE=1 DEMO=1 "
		"MODE1=1 MOC1=1", true);
}

/*
 * D: White to move: White (active) king on 6; Black (passive) men 14,
 * 15, 20. Turned half round: active king 27; passive men 19, 18, 13.
 * The king's steps: 23, 24, 31, 32, none of them capturable (the men
 * above cannot jump down, nothing below): MOB 4, DENY 0, MOBIL 4. From
 * 23 it could jump 18 (to 14), from 24 jump 19 (to 15): THRET 2.
 * FORK: 18, 19 side by side, 23 below them empty, 14 and 16 above empty,
 * and the active king can step to 23 (a king forks from below): 1; from
 * above (15) no active piece can come.
 * PADV 3 - 6 = -3. ADV: 13 on 9-16, 18 and 19 on 17-24: 1 - 2 = -1.
 * CENT: 18, 19: 2. CNTR: the step to 23: 1. CORN: credit 3, passive 6,
 * a step to 32: 1. DIA: 18, 19: 2; DIAV: 3 + 13 x 1 = 4. EXPOS: 18 (14,
 * 23), 19 (15, 24): 2. NODE: 18, 19 (four empty neighbours each): 2;
 * 13 is on the edge. POLE: 13 (on the edge, 9 and 17 empty), 18, 19: 3.
 * GAP: no empty square between two passive pieces or between one and
 * the edge (13 is itself on the edge): 0. HOLE 0 (15 has two). MOVE: 1
 * against 3: 0. DDEMO, MODE2, MOC1.
 */
static void test_position_d(const gl_game *g)
{
	expect_terms(g, "W:WK6:B14,15,20",
		"PADV=-3 ADV=-1 CENT=2 CNTR=1 CORN=1 DIA=2 DIAV=4 EXPOS=2 "
		"FORK=1 MOB=4 MOBIL=4 NODE=2 POLE=3 THRET=2 DDEMO=1 MODE2=1 "
		"MOC1=1", true);
}

/*
 * E (DENY in a multi-jump): Black men 7, 19; White men 24, 28. Black's
 * moves 7-10, 7-11, 19-23 (19 cannot jump 24: 28 is full). MOB 3.
 * White already threatens 24x15; after 7-10 it goes on 24x15x6, after
 * 7-11 on 24x15x8, taking the man moved in its second jump, and Black
 * has nothing left: 10 and 11 denied. 19-23: no White jump: safe.
 * DENY 2, MOBIL 1; no man moved could jump: THRET 0; EXCH 0.
 */
static void test_position_e(const gl_game *g)
{
	expect_terms(g, "B:W24,28:B7,19",
		"DENY=2 MOB=3 MOBIL=1 THRET=0 EXCH=0 RECAP=0", false);
}

/*
 * F: Black's man on 28 is blocked by White's on 32 (no move, Black has
 * lost). MOB 0. DIA: 32: 1, DIAV 1.5. MOVE: one piece each, credit 4,
 * one (28) on the move system: 1. GAP: 32's only empty neighbour 27 is
 * not on the edge: 0. POLE: 28 touches 32: 0. NODE: 32 has one empty
 * neighbour: 0. CORN: White not ahead: 0. DDMM, MODE4, MOC4.
 */
static void test_position_f(const gl_game *g)
{
	expect_terms(g, "B:W32:B28",
		"DIA=1 DIAV=1.5 MOVE=1 DDMM=1 MODE4=1 MOC4=1", true);
}

/*
 * G: Black man 6; White men 14, 15. Moves 6-9 (14 jumps 9 to 5) and
 * 6-10 (15 jumps 10 to 6, or 14 jumps 10 to 7): both lost, nothing
 * left to jump back. MOB 2, DENY 2, MOBIL 0; from 9 the man could jump
 * 14 (to 18), from 10 jump 14 (to 17): THRET 2. PADV 2 - 4 = -2. ADV:
 * 14, 15 on 9-16: 2.
 * CENT 2. CNTR: 10: 1. CORN: credit 2, White 4, but no double corner in
 * reach: 0. DIA 2, DIAV 3. EXPOS 2 (9-18, 10-19 empty). FORK: 14, 15
 * with 10 above, 17 and 19 below empty, 10 in reach: 1. NODE 2, POLE 2.
 * GAP 0 (no edge square next to 14 or 15). MOVE: 1 against 2: 0.
 * DEMO, MODE3 (no MOBIL, DENY), MOC3 (no MOBIL, CENT).
 */
static void test_position_g(const gl_game *g)
{
	expect_terms(g, "B:W14,15:B6",
		"PADV=-2 ADV=2 CENT=2 CNTR=1 DENY=2 DIA=2 DIAV=3 EXPOS=2 FORK=1 MOB=2 "
		"NODE=2 POLE=2 THRET=2 DEMO=1 MODE3=1 MOC3=1", true);
}

/* --- Mirror image ----------------------------------------------------------
 * Built here from square numbers, not with the engine's ck_rotate: square
 * n (1-32) is bit (n-1) + (n-1)/8, and the mirror puts the piece on n of
 * one colour on 33 - n as the other colour. */

static uint64_t bit_of(int n)
{
	return 1ULL << ((n - 1) + (n - 1) / 8);
}

static void mirror(const ck_state *s, ck_state *m)
{
	memset(m, 0, sizeof *m);
	for (int n = 1; n <= 32; n++) {
		uint64_t from = bit_of(n), to = bit_of(33 - n);
		for (int c = 0; c < 2; c++)
			if (s->bb[c] & from)
				m->bb[c ^ 1] |= to;
		if (s->king & from)
			m->king |= to;
	}
	m->side = s->side ^ 1;
}

/* Whether s and its mirror give the same vector; reports the first term
 * that differs. */
static bool same_in_mirror(const gl_game *g, const ck_state *s,
	const char *what)
{
	ck_state m;
	double a[CK_NFEATURES], b[CK_NFEATURES];
	mirror(s, &m);
	g->type->features(g, s, a);
	g->type->features(g, &m, b);
	for (int i = 0; i < CK_NFEATURES; i++) {
		if (a[i] != b[i]) {
			CHECK_MSG(a[i] == b[i], "%s: %s %g, mirrored %g", what,
				g->feature_names[i], a[i], b[i]);
			return false;
		}
	}
	return true;
}

static void test_mirror(const gl_game *g)
{
	static const char *const fens[] = {
		"B:W21-32:B1-12", "B:W14,15,24:B3,6,7",
		"B:W20,24,26,27,30,31,32:B8,11,12,16", "W:WK9:B16,23,K15,K18",
		"W:WK6:B14,15,20", "B:W24,28:B7,19", "B:W32:B28", "B:W14,15:B6",
	};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		state s;
		parse(g, fens[i], s);
		CHECK(same_in_mirror(g, (const ck_state *)s, fens[i]));
	}
	/* and the mirror of a mirror is the position itself */
	state s;
	ck_state m, mm;
	parse(g, "W:WK9:B16,23,K15,K18", s);
	mirror((const ck_state *)s, &m);
	mirror(&m, &mm);
	CHECK(memcmp(&mm, s, sizeof mm) == 0);

	/* every position of seeded random games */
	gl_rng rng;
	gl_rng_seed(&rng, 2024);
	int positions = 0, bad = 0;
	for (int game = 0; game < 200; game++) {
		gl_action moves[T_LEGAL_MAX];
		int n;
		g->type->start(g, s);
		while ((n = g->type->legal(g, s, moves)) > 0) {
			char what[64];
			snprintf(what, sizeof what, "game %d ply %d", game,
				positions);
			bad += !same_in_mirror(g, (const ck_state *)s, what);
			positions++;
			g->type->apply(g, s, moves[gl_rng_below(&rng,
				(uint32_t)n)]);
		}
	}
	CHECK_MSG(bad == 0, "%d of %d positions differ", bad, positions);
	CHECK(positions > 10000);
}

/* The lazy vector: with every weight set it is the full vector; with one
 * term weighed it has that term's value, whatever it skips; and
 * with only piece advantage weighed the move terms are left 0 (skipped).
 * Over seeded random games. */
static void test_lazy(const gl_game *g)
{
	gl_rng rng;
	gl_rng_seed(&rng, 73);
	state s;
	int bad = 0, skipped = 0;
	for (int game = 0; game < 50; game++) {
		gl_action moves[T_LEGAL_MAX];
		int n;
		g->type->start(g, s);
		while ((n = g->type->legal(g, s, moves)) > 0) {
			double full[CK_NFEATURES], lazy[CK_NFEATURES];
			double w[CK_NFEATURES];
			g->type->features(g, s, full);
			for (int i = 0; i < CK_NFEATURES; i++)
				w[i] = 1;
			g->type->features_lazy(g, s, w, lazy);
			bad += memcmp(full, lazy, sizeof full) != 0;
			for (int k = 0; k < CK_NFEATURES; k++) {
				memset(w, 0, sizeof w);
				w[k] = -2.5;
				g->type->features_lazy(g, s, w, lazy);
				bad += lazy[k] != full[k];
			}
			memset(w, 0, sizeof w);
			w[0] = 1; /* PADV */
			g->type->features_lazy(g, s, w, lazy);
			skipped += full[19] != 0 && lazy[19] == 0; /* MOB */
			g->type->apply(g, s, moves[gl_rng_below(&rng,
				(uint32_t)n)]);
		}
	}
	CHECK_MSG(bad == 0, "%d lazy vectors differ", bad);
	CHECK(skipped > 1000);
}

/* --- Connectives ----------------------------------------------------------- */

/* The four products of the pair (x, y) at indices ab, a_notb, nota_b,
 * nota_notb: exactly the one for (x > 0, y > 0) is 1. */
static void check_products(const gl_game *g, const double *v, bool x,
	bool y, const char *ab, const char *anb, const char *nab,
	const char *nanb)
{
	double want[4] = {x && y, x && !y, !x && y, !x && !y};
	const char *name[4] = {ab, anb, nab, nanb};
	for (int i = 0; i < 4; i++) {
		double got = v[feature_index(g, name[i])];
		CHECK_MSG(got == want[i], "%s with (%d, %d): %g", name[i], x, y,
			got);
	}
}

static void test_connectives(const gl_game *g)
{
	int deny = feature_index(g, "DENY"), mob = feature_index(g, "MOB");
	int mobil = feature_index(g, "MOBIL"), cent = feature_index(g, "CENT");
	/* every combination; a term is true when > 0, so 0 and -1 are false
	 * and 0.5 and 3 true */
	static const double vals[4] = {0, -1, 0.5, 3};
	for (int c = 0; c < 4 * 4 * 4 * 4; c++) {
		double v[CK_NFEATURES];
		for (int i = 0; i < CK_NFEATURES; i++)
			v[i] = 7; /* whatever */
		v[deny] = vals[c & 3];
		v[mob] = vals[c >> 2 & 3];
		v[mobil] = vals[c >> 4 & 3];
		v[cent] = vals[c >> 6 & 3];
		ck_connectives(v);
		bool d = v[deny] > 0, m = v[mob] > 0, l = v[mobil] > 0,
		     e = v[cent] > 0;
		check_products(g, v, d, m, "DEMO", "DEMMO", "DDEMO", "DDMM");
		check_products(g, v, l, d, "MODE1", "MODE2", "MODE3", "MODE4");
		check_products(g, v, l, e, "MOC1", "MOC2", "MOC3", "MOC4");
	}
	/* DENY's squares are among MOB's, so on a real position DEMMO
	 * (DENY and not MOB) is always 0; the positions above reach the
	 * other eleven */
}

int main(void)
{
	gl_game *g = tg_game("checkers");
	test_names(g);
	test_start(g);
	test_position_a(g);
	test_position_b(g);
	test_position_c(g);
	test_position_d(g);
	test_position_e(g);
	test_position_f(g);
	test_position_g(g);
	test_mirror(g);
	test_lazy(g);
	test_connectives(g);
	gl_game_free(g);
	return test_report();
}
