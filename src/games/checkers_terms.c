/*
 * checkers_terms.c - checkers' feature vector: piece advantage and the
 * evaluation terms of Samuel (1959), Appendix C ("Evaluation polynomial
 * details for second series"): 26 simple terms and 12 binary connectives.
 *
 * Every term is the raw value for the position as it stands: "active" is
 * the side to move, "passive" the other, and no term is differenced
 * against the position before the last move (Samuel's own use). The
 * vector runs at the leaves of a search, so it allocates nothing and
 * works on bitboards: popcounts of shifted masks, and one loop over the
 * active side's simple moves (DENY, EXCH, THRET) that generates the
 * passive side's jumps only where there are some.
 *
 * Canonical board: when White is to move, the board is turned half round
 * first (square n <-> 33 - n, ck_rotate) and the colours swapped, so
 * that the active side always plays "Black": his men move down, towards
 * higher square numbers, and his home row is 1-4; the passive side's men
 * move up and his home row is 29-32. Square numbers below are standard
 * 1-32 numbering ON THE CANONICAL BOARD (the real board when Black is to
 * move), so every colour-specific square set needs one form only: where
 * Samuel gives "1 and 3, or 30 and 32", the passive side's are 30 and 32.
 * Terms without square numbers are pure geometry (diagonal shifts, see
 * the layout in checkers.h) and need no numbering.
 *
 * Where Samuel's definition leaves a choice, the choice is written beside
 * the term, marked "Choice:".
 */
#include "games/checkers.h"

/* Term indices: the order of ck_feature_names, a fixed contract with the
 * evaluation and the learners that read the vector by position. */
enum {
	F_PADV, F_ADV, F_APEX, F_BACK, F_CENT, F_CNTR, F_CORN, F_CRAMP,
	F_DENY, F_DIA, F_DIAV, F_DYKE, F_EXCH, F_EXPOS, F_FORK, F_GAP,
	F_GUARD, F_HOLE, F_KCENT, F_MOB, F_MOBIL, F_MOVE, F_NODE, F_OREO,
	F_POLE, F_RECAP, F_THRET,
	F_DEMO, F_DEMMO, F_DDEMO, F_DDMM,
	F_MODE1, F_MODE2, F_MODE3, F_MODE4,
	F_MOC1, F_MOC2, F_MOC3, F_MOC4,
	F_COUNT
};
_Static_assert((int)F_COUNT == (int)CK_NFEATURES, "feature count");

const char *const ck_feature_names[CK_NFEATURES] = {
	"PADV", "ADV", "APEX", "BACK", "CENT", "CNTR", "CORN", "CRAMP",
	"DENY", "DIA", "DIAV", "DYKE", "EXCH", "EXPOS", "FORK", "GAP",
	"GUARD", "HOLE", "KCENT", "MOB", "MOBIL", "MOVE", "NODE", "OREO",
	"POLE", "RECAP", "THRET",
	"DEMO", "DEMMO", "DDEMO", "DDMM",
	"MODE1", "MODE2", "MODE3", "MODE4",
	"MOC1", "MOC2", "MOC3", "MOC4",
};

/* --- Square sets on the canonical board (standard numbering) ----------- */

/* The double-corner squares: 1 and 5, 28 and 32. */
#define DOUBLE_CORNERS (SQ(1) | SQ(5) | SQ(28) | SQ(32))
/* The two diagonal files ending in the double corners (1-28, 5-32), and
 * the files one and two removed from them on either side. */
#define DIAG_ON (SQ(1) | SQ(6) | SQ(10) | SQ(15) | SQ(19) | SQ(24) | SQ(28) | \
		 SQ(5) | SQ(9) | SQ(14) | SQ(18) | SQ(23) | SQ(27) | SQ(32))
#define DIAG_1 (SQ(2) | SQ(7) | SQ(11) | SQ(16) | SQ(20) | \
		SQ(13) | SQ(17) | SQ(22) | SQ(26) | SQ(31))
#define DIAG_2 (SQ(3) | SQ(8) | SQ(12) | SQ(21) | SQ(25) | SQ(30))
/* The passive side's bridge and triangle of Oreo (his home row at the
 * bottom): White's in Samuel's table. */
#define BRIDGE (SQ(30) | SQ(32))
#define OREO_TRI (SQ(26) | SQ(30) | SQ(31))
/* APEX's squares, the same for both colours. */
#define APEX_SQ (SQ(7) | SQ(26))
/* CRAMP with a passive man cramping from 20: White's form in Samuel's
 * table (Black's is 13; 9 or 14; 17, 21, 22, 25). */
#define CRAMP_SQ SQ(20)
#define CRAMP_NEAR (SQ(19) | SQ(24))
#define CRAMPED (SQ(8) | SQ(11) | SQ(12) | SQ(16))
/* The passive side's rows counted from his home row (29-32 is his 1st):
 * 5th and 6th rows are 9-16, 3rd and 4th are 17-24. */
#define PASSIVE_ROWS_5_6 0x0001fe00ULL
#define PASSIVE_ROWS_3_4 0x03fc0000ULL
/* The move system: the vertical files starting at squares 1, 2, 3, 4
 * (columns b, d, f, h: squares 1-4, 9-12, 17-20, 25-28). */
#define MOVE_SYSTEM (ROW_TOP | ROW_TOP << 9 | ROW_TOP << 18 | ROW_TOP << 27)

/* Board squares x whose diagonal neighbour x - k (NO_PREV) or x + k
 * (NO_NEXT), k = 4 or 5, is off the board: the edge along that line. */
#define NO_PREV(k) (BOARD_MASK & ~(BOARD_MASK << (k)))
#define NO_NEXT(k) (BOARD_MASK & ~(BOARD_MASK >> (k)))

_Static_assert(PASSIVE_ROWS_5_6 == (SQ(9) | SQ(10) | SQ(11) | SQ(12) |
	SQ(13) | SQ(14) | SQ(15) | SQ(16)), "rows 9-16");
_Static_assert(PASSIVE_ROWS_3_4 == (SQ(17) | SQ(18) | SQ(19) | SQ(20) |
	SQ(21) | SQ(22) | SQ(23) | SQ(24)), "rows 17-24");
_Static_assert(MOVE_SYSTEM == (SQ(1) | SQ(2) | SQ(3) | SQ(4) | SQ(9) |
	SQ(10) | SQ(11) | SQ(12) | SQ(17) | SQ(18) | SQ(19) | SQ(20) | SQ(25) |
	SQ(26) | SQ(27) | SQ(28)), "move system");
_Static_assert((DIAG_ON | DIAG_1 | DIAG_2 | SQ(4) | SQ(29)) == BOARD_MASK &&
	!(DIAG_ON & DIAG_1) && !(DIAG_ON & DIAG_2) && !(DIAG_1 & DIAG_2),
	"diagonal files");

/* Squares with at least three of a, b, c, d. */
static inline uint64_t three_of_four(uint64_t a, uint64_t b, uint64_t c,
	uint64_t d)
{
	return (a & b & (c | d)) | (c & d & (a | b));
}

/* Material credit: 2 a man, 3 a king. */
static inline int credit(uint64_t pieces, uint64_t king)
{
	return 2 * popcount64(pieces) + popcount64(pieces & king);
}

/* --- The move loop: DENY, EXCH, THRET ---------------------------------- */

/* The canonical position: the active side moves down (like Black). */
typedef struct terms_pos {
	uint64_t a, p; /* active and passive pieces */
	uint64_t king; /* kings of both */
	uint64_t emp;  /* empty squares */
} terms_pos;

/* What the loop over the active side's simple moves finds, as squares. */
typedef struct move_sets {
	uint64_t mob;    /* destinations of simple moves (MOB's squares) */
	uint64_t safe;   /* reachable by some move that loses no piece there
			    without an exchange (not denied) */
	uint64_t exch;   /* reachable by a move that forces an exchange */
	uint64_t thret;  /* reachable by a move after which the piece moved
			    could jump */
} move_sets;

/*
 * The active step o -> t: whether the piece on t would be lost without
 * an exchange, and whether the move forces one. The passive side's jump
 * moves are generated (only when he has one): a jump move loses the piece
 * on t when it takes t, at any place in a multi-jump, and leaves the
 * active side no jump back; the move forces an exchange when the passive
 * side must jump and every jump he has leaves the active side one.
 */
static void look_at_step(const terms_pos *s, uint64_t o, uint64_t t,
	move_sets *ms)
{
	uint64_t a1 = s->a ^ o ^ t, e1 = s->emp ^ o ^ t;
	uint64_t ak = s->a & s->king;
	uint64_t ak1 = (ak & o) ? ak ^ o ^ t : ak | (t & ROW_BOTTOM);
	uint64_t pk = s->p & s->king;
	ms->mob |= t;
	if (jumpers(t, t & ak1, s->p, e1, 0))
		ms->thret |= t;
	if (!jumpers(s->p, pk, a1, e1, 1)) {
		ms->safe |= t;
		return;
	}
	ck_move list[MAX_LEGAL];
	int n = ck_gen_moves(s->p, a1, ak1 | pk, 1, list);
	bool lost = false, answered = true;
	for (int i = 0; i < n; i++) {
		const ck_move *m = &list[i];
		uint64_t p2 = (s->p & ~m->from) | m->to, a2 = a1 & ~m->cap;
		uint64_t e2 = BOARD_MASK & ~(a2 | p2);
		bool back = jumpers(a2, ak1 & ~m->cap, p2, e2, 0) != 0;
		answered &= back;
		lost |= (m->cap & t) && !back;
	}
	if (!lost)
		ms->safe |= t;
	if (answered)
		ms->exch |= t;
}

static void look_at_moves(const terms_pos *s, move_sets *ms)
{
	uint64_t kings = s->a & s->king;
	memset(ms, 0, sizeof *ms);
	/* men and kings step down (+4, +5), kings also up (-4, -5) */
	for (int d = 4; d <= 5; d++) {
		for (uint64_t src = s->a & (s->emp >> d); src; src &= src - 1) {
			uint64_t o = src & -src;
			look_at_step(s, o, o << d, ms);
		}
		for (uint64_t src = kings & (s->emp << d); src; src &= src - 1) {
			uint64_t o = src & -src;
			look_at_step(s, o, o >> d, ms);
		}
	}
}

/* --- The vector ---------------------------------------------------------- */

/*
 * The binary connectives, products of two terms' truth values: DEMO
 * DENY.MOB, DEMMO DENY.notMOB, DDEMO notDENY.MOB, DDMM notDENY.notMOB;
 * MODE1-4 the same four of MOBIL with DENY, MOC1-4 of MOBIL with CENT.
 * A term counts as true when its value is > 0. With raw values DENY's
 * squares are among MOB's, so DEMMO is 0 in every position (Samuel's
 * terms were differences between two positions, where it need not be).
 */
void ck_connectives(double *v)
{
	bool deny = v[F_DENY] > 0, mob = v[F_MOB] > 0;
	bool mobil = v[F_MOBIL] > 0, cent = v[F_CENT] > 0;
	v[F_DEMO] = deny && mob;
	v[F_DEMMO] = deny && !mob;
	v[F_DDEMO] = !deny && mob;
	v[F_DDMM] = !deny && !mob;
	v[F_MODE1] = mobil && deny;
	v[F_MODE2] = mobil && !deny;
	v[F_MODE3] = !mobil && deny;
	v[F_MODE4] = !mobil && !deny;
	v[F_MOC1] = mobil && cent;
	v[F_MOC2] = mobil && !cent;
	v[F_MOC3] = !mobil && cent;
	v[F_MOC4] = !mobil && !cent;
}

/* The terms that read the loop over the active side's moves: every one
 * whose value comes from move_sets, and the connectives (from DENY, MOB,
 * MOBIL). */
static const int move_terms[] = {
	F_CNTR, F_CORN, F_DENY, F_EXCH, F_FORK, F_MOB, F_MOBIL, F_RECAP,
	F_THRET, F_DEMO, F_DEMMO, F_DDEMO, F_DDMM, F_MODE1, F_MODE2, F_MODE3,
	F_MODE4, F_MOC1, F_MOC2, F_MOC3, F_MOC4
};

/* Whether a sum with weights w (NULL: every term) reads a move term. */
static bool needs_moves(const double *w)
{
	if (!w)
		return true;
	for (size_t i = 0; i < sizeof move_terms / sizeof *move_terms; i++)
		if (w[move_terms[i]] != 0)
			return true;
	return false;
}

/* The vector; with w, the move loop only if a move term weighs (else
 * the move terms are 0: the sum is the same). */
static void features(const void *vs, const double *w, double *v)
{
	const ck_state *st = vs;
	terms_pos s;
	if (st->side) {
		s.a = ck_rotate(st->bb[1]);
		s.p = ck_rotate(st->bb[0]);
		s.king = ck_rotate(st->king);
	} else {
		s.a = st->bb[0];
		s.p = st->bb[1];
		s.king = st->king;
	}
	s.emp = BOARD_MASK & ~(s.a | s.p);
	const uint64_t a = s.a, p = s.p, e = s.emp, occ = a | p;
	const uint64_t ak = a & s.king, pk = p & s.king, pm = p & ~s.king;
	move_sets ms;
	if (needs_moves(w))
		look_at_moves(&s, &ms);
	else
		memset(&ms, 0, sizeof ms);
	/* squares active kings can step to (FORK's upward forks) */
	uint64_t king_steps = e & (ak << 4 | ak << 5 | ak >> 4 | ak >> 5);
	int ca = credit(a, s.king), cp = credit(p, s.king);

	/* Piece advantage, men 2 and kings 3. */
	v[F_PADV] = ca - cp;

	/* ADV: +1 a passive man on his 5th or 6th row (squares 9-16), -1 on
	 * his 3rd or 4th (17-24). */
	v[F_ADV] = popcount64(pm & PASSIVE_ROWS_5_6) -
		   popcount64(pm & PASSIVE_ROWS_3_4);

	/* APEX: -1 with no king on the board, an active man on 7 or 26 and
	 * no passive man on either. */
	v[F_APEX] = !s.king && (a & APEX_SQ) && !(p & APEX_SQ) ? -1 : 0;

	/* BACK: no active king, and passive pieces (men or kings) on both
	 * squares of his bridge, 30 and 32. */
	v[F_BACK] = !ak && (p & BRIDGE) == BRIDGE;

	/* CENT: passive men on the centre squares 10, 11, 14, 15, 18, 19,
	 * 22, 23. */
	v[F_CENT] = popcount64(pm & CENTRE);

	/* CNTR: centre squares (as CENT) held by an active piece or to which
	 * one can move. Choice: "can move" is a simple move, as in MOB
	 * (jumps not counted). */
	v[F_CNTR] = popcount64(CENTRE & (a | ms.mob));

	/* CORN: active credit 6 or less, passive credit higher, and an active
	 * simple move into a double-corner square (1, 5, 28, 32). */
	v[F_CORN] = ca <= 6 && cp > ca && (ms.mob & DOUBLE_CORNERS);

	/* CRAMP: +2 when a passive piece is on 20 and another on 19 or 24,
	 * and active pieces are on all of 8, 11, 12, 16. Choice: any pieces,
	 * men or kings, as Samuel says "occupies". */
	v[F_CRAMP] = (p & CRAMP_SQ) && (p & CRAMP_NEAR) &&
		     (a & CRAMPED) == CRAMPED ? 2 : 0;

	/* DENY: MOB squares where a piece moving there could be captured on
	 * the next move without an exchange. Choices: the passive side's
	 * jump moves are generated in full, so the piece may be taken
	 * anywhere in a multi-jump; "without an exchange" is that after that
	 * jump move the active side has no jump at all; and where several
	 * pieces can move to the square, it is denied only if every one of
	 * them would be lost there (a square one piece can take safely is
	 * not denied). */
	v[F_DENY] = popcount64(ms.mob & ~ms.safe);

	/* DIA: passive pieces on the double-corner diagonals 1-28, 5-32. */
	v[F_DIA] = popcount64(p & DIAG_ON);

	/* DIAV: passive pieces on those files 3/2, one file removed 1 (2-20,
	 * 13-31), two removed 1/2 (3-12, 21-30); 4 and 29 nothing. */
	v[F_DIAV] = 1.5 * popcount64(p & DIAG_ON) + popcount64(p & DIAG_1) +
		    0.5 * popcount64(p & DIAG_2);

	/* DYKE: three passive pieces on adjacent squares of one diagonal.
	 * Geometry, no numbering. Choice: every three in a row count, so a
	 * run of 4 counts 2 and a run of n counts n - 2. */
	v[F_DYKE] = popcount64(p & p >> 4 & p >> 8) +
		    popcount64(p & p >> 5 & p >> 10);

	/* EXCH: squares to which an active piece can make a simple move that
	 * forces an exchange: the passive side must then jump, and whatever
	 * jump move he makes, the active side has a jump after it. Choices:
	 * any simple move, a king's backward step too (Samuel's "advance");
	 * the exchange need not involve the piece moved. */
	v[F_EXCH] = popcount64(ms.exch);

	/* EXPOS: passive pieces with both squares of one diagonal through
	 * them empty. Geometry; a piece on the edge is never flanked. */
	v[F_EXPOS] = popcount64(p & ((e >> 4 & e << 4) | (e >> 5 & e << 5)));

	/* FORK: two passive pieces side by side in a row (x + 4, x + 5 below
	 * an empty square x, or x - 4, x - 5 above it), and three empty
	 * squares: x, from which an active piece threatens to jump either,
	 * and the two landing squares beyond them. Geometry. Choices: the
	 * active side must be able to occupy x with a simple move now (a
	 * king for a fork from below, as men jump only down); the passive
	 * side's chance to take the forking piece first is not looked at
	 * ("sure" means he can save only one of the two); each such x
	 * counts. */
	uint64_t fork_down = e & p >> 4 & p >> 5 & e >> 8 & e >> 10;
	uint64_t fork_up = e & p << 4 & p << 5 & e << 8 & e << 10;
	v[F_FORK] = popcount64(fork_down & ms.mob) +
		    popcount64(fork_up & king_steps);

	/* GAP: empty squares between two passive pieces on a diagonal, or
	 * between a passive piece and the edge (the square is on the edge and
	 * the piece its neighbour on the diagonal that leaves the board
	 * there). Geometry. Choice: each empty square counts once, however
	 * many diagonals make it a gap. */
	uint64_t gap = e & ((p << 4 & p >> 4) | (p << 5 & p >> 5));
	gap |= e & NO_PREV(4) & p >> 4;
	gap |= e & NO_PREV(5) & p >> 5;
	gap |= e & NO_NEXT(4) & p << 4;
	gap |= e & NO_NEXT(5) & p << 5;
	v[F_GAP] = popcount64(gap);

	/* GUARD: no active king, and passive pieces on his bridge (30, 32)
	 * or on his triangle of Oreo (26, 30, 31). */
	v[F_GUARD] = !ak && ((p & BRIDGE) == BRIDGE ||
			     (p & OREO_TRI) == OREO_TRI);

	/* HOLE: empty squares with passive pieces on three or four of their
	 * diagonal neighbours. Geometry. */
	v[F_HOLE] = popcount64(e & three_of_four(p >> 4, p >> 5, p << 4,
						 p << 5));

	/* KCENT: passive kings on the centre squares (as CENT). */
	v[F_KCENT] = popcount64(pk & CENTRE);

	/* MOB: squares to which an active piece has a simple move, jumps
	 * ignored (so also when a jump is compulsory). MOBIL: those not
	 * denied, MOB - DENY. */
	v[F_MOB] = popcount64(ms.mob);
	v[F_MOBIL] = v[F_MOB] - v[F_DENY];

	/* MOVE: +1 when the sides have the same number of pieces, the total
	 * credit of both sides is below 24, and the pieces of both colours on
	 * the move system (the files starting at 1, 2, 3, 4: squares 1-4,
	 * 9-12, 17-20, 25-28) are odd in number. Choices: "pieces even" is an
	 * equal count of pieces, kings and men alike; the system is the files
	 * from the active side's home row on the canonical board. With equal
	 * counts the pieces in all are even, so the other system (files from
	 * 29-32) has the same parity and the choice of side does not matter. */
	v[F_MOVE] = popcount64(a) == popcount64(p) && ca + cp < 24 &&
		    (popcount64(occ & MOVE_SYSTEM) & 1);

	/* NODE: passive pieces with three or four empty diagonal neighbours
	 * (so never one on the edge). Geometry. */
	v[F_NODE] = popcount64(p & three_of_four(e >> 4, e >> 5, e << 4,
						 e << 5));

	/* OREO: no passive king, and passive pieces on his triangle of Oreo
	 * (26, 30, 31). */
	v[F_OREO] = !pk && (p & OREO_TRI) == OREO_TRI;

	/* POLE: passive men whose diagonal neighbours are all empty.
	 * Geometry. Choice: only the squares on the board count, so a man on
	 * the edge with his two (in a corner, one) neighbours empty counts. */
	v[F_POLE] = popcount64(pm & ~(occ >> 4 | occ >> 5 | occ << 4 |
				      occ << 5));

	/* RECAP: Samuel: "identical to Exchange, and is only for internal
	 * use". Choice: the same value as EXCH. */
	v[F_RECAP] = v[F_EXCH];

	/* THRET: squares to which an active piece can make a simple move
	 * after which it could jump a passive piece, were it to move again.
	 * Choices: the threat is by the piece moved (a man crowned on
	 * arrival threatens as a king), and whether the passive side can
	 * answer it is not looked at. */
	v[F_THRET] = popcount64(ms.thret);

	ck_connectives(v);
}

void ck_features(const gl_game *g, const void *vs, double *v)
{
	(void)g;
	features(vs, NULL, v);
}

void ck_features_lazy(const gl_game *g, const void *vs, const double *w,
	double *v)
{
	(void)g;
	features(vs, w, v);
}
