/*
 * checkers.c - English draughts (American checkers) on 8x8, the game of
 * Samuel's learning program (Samuel 1959, 1967), with a bitboard perft.
 *
 * Rules: men move and capture one diagonal step forward, kings one step
 * in any diagonal direction; capture is compulsory, any capture sequence
 * may be chosen, and a multi-jump must be completed; a man that reaches
 * the far row is crowned and his move ends there. Different jump paths
 * with the same result are different moves. Black (player 0, squares
 * 1-12) moves first; a side with no legal move loses. Draws: 80 plies
 * (40 moves each) with no capture and no man moved, or the third
 * occurrence of a position (same pieces, same side to move); the state
 * carries the history these need. Perft counts agree with OEIS A133046.
 *
 * Squares are numbered 1-32 in the standard way: 1-4 on the top row (Black's
 * home row, columns b d f h), 5-8 on the next (a c e g), and so on. Move
 * text is "11-15" for a step and "22x15x6" for a jump, listing every
 * landing square; a position is read from PDN FEN ("W:W21,22,K30:B1,2").
 * The feature vector, Samuel's evaluation terms, is in checkers_terms.c;
 * checkers.h holds what the two files share.
 */
#include "games/checkers.h"

#include <assert.h>

enum {
	REP_MIN = 8,     /* fewest such plies before a third occurrence */
	ID_DIRS = 0,     /* action id fields, see below */
	ID_JUMPS = ID_DIRS + 2 * MAX_JUMPS,
	ID_ORIGIN = ID_JUMPS + 4,
	NACTIONS = 1 << (ID_ORIGIN + 5)
};

/*
 * Action ids name a move by its origin and its directions, whatever the
 * state: bits 0-17 two bits per step, first step lowest: 0 up-left,
 * 1 up-right, 2 down-left, 3 down-right (index into delta[]), one for a
 * step, one per jump; bits 18-21 the number of jumps (0 for a step);
 * bits 22-26 the origin's index (square number - 1). With at most 9
 * jumps every id lies below 2^27. Sorted ids list moves by origin, then
 * steps before jumps, then by direction: 9-13 9-14 10-14 ...
 */

/*
 * Why at most 9 jumps: every square a piece lands on differs from its
 * origin by an even number of rows and columns, every jumped square by an
 * odd number of both. A jumped piece cannot stand on the edge (there would
 * be no landing square), and the interior 6x6 has 9 playing squares in the
 * rows of the other parity than the origin's row. Each jumped piece is
 * removed, so a move jumps at most those 9 squares. (For the same reason
 * removing jumped pieces at once or at the end of the move is the same in
 * English rules: a landing square is never a jumped square.)
 */

/* make() keeps a reversible run of up to REV_LIMIT steps in the undo
 * record after the first four words. */
_Static_assert(REV_LIMIT <= (GL_UNDO_WORDS - 4) * 8, "undo record too small");

static const int delta[4] = {-5, -4, 4, 5};

/* For the perft kernels, specialised per side by inlining a constant c. */
#if defined(__GNUC__)
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif

static inline int ghost_of(int q)
{
	return q + q / 8;
}

static inline int index_of(int bit)
{
	return bit - bit / 9;
}

/* Row (0 top) and column (0 = a) of square index q. */
static inline int q_row(int q)
{
	return q / 4;
}

static inline int q_col(int q)
{
	return 2 * (q % 4) + !(q / 4 % 2);
}

static inline uint64_t crown_row(int c)
{
	return c ? ROW_TOP : ROW_BOTTOM;
}

/* Whether direction d is forward for side c (Black moves down). */
static inline bool forward(int c, int d)
{
	return c ? d < 2 : d >= 2;
}

/* --- Move generation --------------------------------------------------- */

/* Number of simple moves (used only when there is no jump). */
static inline int count_steps(uint64_t own, uint64_t kings, uint64_t emp,
	int c)
{
	uint64_t up = c ? own : kings, down = c ? kings : own;
	return popcount64(up & (emp << 5)) + popcount64(up & (emp << 4)) +
	       popcount64(down & (emp >> 4)) + popcount64(down & (emp >> 5));
}

/*
 * Men jump forward only, so the pieces a man jumps and the square he left
 * lie behind him, and whether he can jump on from a square depends on the
 * position alone: at[i] holds the squares from which a man of side c has
 * a jump in his forward direction fwd[i] (steps step[i]); more, the
 * squares off the crowning row from which he has one at all. A man makes
 * at most 3 jumps (2 rows each, from row 1 to row 7).
 */
typedef struct men_jumps {
	uint64_t at[2], more;
	int step[2], fwd[2];
} men_jumps;

static inline void men_jumps_init(men_jumps *mj, int c, uint64_t opp,
	uint64_t emp)
{
	if (c) {
		mj->at[0] = ((emp << 4) & opp) << 4;
		mj->at[1] = ((emp << 5) & opp) << 5;
		mj->step[0] = -4;
		mj->step[1] = -5;
		mj->fwd[0] = 1;
		mj->fwd[1] = 0;
	} else {
		mj->at[0] = ((emp >> 4) & opp) >> 4;
		mj->at[1] = ((emp >> 5) & opp) >> 5;
		mj->step[0] = 4;
		mj->step[1] = 5;
		mj->fwd[0] = 2;
		mj->fwd[1] = 3;
	}
	mj->more = (mj->at[0] | mj->at[1]) & ~crown_row(c);
}

/*
 * Number of jump moves of the men in `men`, all at once: paths are
 * tracked as one bitboard per sequence of directions so far (level k has
 * at most 2^k of them), within which each path has its own bit.
 */
static HOT_INLINE int count_men_jumps(int c, uint64_t men, uint64_t opp,
	uint64_t emp)
{
	men_jumps mj;
	men_jumps_init(&mj, c, opp, emp);
	uint64_t cur[8], next[8];
	int ncur = 1, total = 0;
	cur[0] = men;
	while (ncur) {
		int nn = 0;
		for (int i = 0; i < ncur; i++) {
			for (int k = 0; k < 2; k++) {
				uint64_t y = shift(cur[i] & mj.at[k],
					2 * mj.step[k]);
				total += popcount64(y & ~mj.more);
				if (y & mj.more)
					next[nn++] = y & mj.more;
			}
		}
		for (int i = 0; i < nn; i++)
			cur[i] = next[i];
		ncur = nn;
	}
	return total;
}

/* Number of ways a king at `at` can go on jumping (1 if it cannot); emp
 * includes the king's origin. */
static int count_king_jumps(uint64_t at, uint64_t opp, uint64_t emp)
{
	int total = 0;
	for (int i = 0; i < 4; i++) {
		int d = delta[i];
		uint64_t mid = shift(at, d), land = shift(at, 2 * d);
		if (!(mid & opp) || !(land & emp))
			continue;
		total += count_king_jumps(land, opp & ~mid, emp);
	}
	return total ? total : 1;
}

/* Number of legal moves of side c (no draw rule: the caller's business). */
static HOT_INLINE int count_moves(uint64_t own, uint64_t opp, uint64_t king,
	int c)
{
	uint64_t emp = BOARD_MASK & ~(own | opp), kings = own & king;
	uint64_t j = jumpers(own, kings, opp, emp, c);
	if (!j)
		return count_steps(own, kings, emp, c);
	int n = count_men_jumps(c, j & ~kings, opp, emp);
	for (j &= kings; j; j &= j - 1) {
		uint64_t x = j & -j;
		n += count_king_jumps(x, opp, emp | x);
	}
	return n;
}

static inline gl_action make_id(uint64_t from, int jumps, uint32_t path)
{
	return (gl_action)((uint32_t)index_of(ctz64(from)) << ID_ORIGIN |
		(uint32_t)jumps << ID_JUMPS | path << ID_DIRS);
}

/* Append the jump moves of the men in `men` to out[n..]; returns the new
 * n. Three nested levels, as a man jumps at most 3 times. */
static HOT_INLINE int gen_men_jumps(int c, uint64_t men, uint64_t opp,
	uint64_t emp, ck_move *out, int n)
{
	men_jumps mj;
	men_jumps_init(&mj, c, opp, emp);
	for (; men; men &= men - 1) {
		uint64_t x = men & -men;
		for (int i = 0; i < 2; i++) {
			if (!(x & mj.at[i]))
				continue;
			uint64_t m1 = shift(x, mj.step[i]);
			uint64_t l1 = shift(m1, mj.step[i]);
			uint32_t p1 = (uint32_t)mj.fwd[i];
			if (!(l1 & mj.more)) {
				out[n++] = (ck_move){x, l1, m1,
					make_id(x, 1, p1), 0};
				continue;
			}
			for (int j = 0; j < 2; j++) {
				if (!(l1 & mj.at[j]))
					continue;
				uint64_t m2 = shift(l1, mj.step[j]);
				uint64_t l2 = shift(m2, mj.step[j]);
				uint32_t p2 = p1 | (uint32_t)mj.fwd[j] << 2;
				if (!(l2 & mj.more)) {
					out[n++] = (ck_move){x, l2, m1 | m2,
						make_id(x, 2, p2), 0};
					continue;
				}
				for (int k = 0; k < 2; k++) {
					if (!(l2 & mj.at[k]))
						continue;
					/* lands on the crowning row */
					uint64_t m3 = shift(l2, mj.step[k]);
					uint32_t p3 = p2 |
						(uint32_t)mj.fwd[k] << 4;
					out[n++] = (ck_move){x,
						shift(m3, mj.step[k]),
						m1 | m2 | m3,
						make_id(x, 3, p3), 0};
				}
			}
		}
	}
	return n;
}

/* Jump search of a king from `from`, now at `at` after k jumps along
 * path: appends every completed move to out[n..] and returns the new n.
 * emp includes the king's origin. */
static int gen_king_jumps(uint64_t from, uint64_t at, uint64_t opp,
	uint64_t emp, uint64_t cap, int k, uint32_t path, ck_move *out, int n)
{
	bool any = false;
	for (int i = 0; i < 4; i++) {
		int d = delta[i];
		uint64_t mid = shift(at, d), land = shift(at, 2 * d);
		if (!(mid & opp) || !(land & emp))
			continue;
		any = true;
		n = gen_king_jumps(from, land, opp & ~mid, emp, cap | mid,
			k + 1, path | (uint32_t)i << (2 * k), out, n);
	}
	if (!any)
		out[n++] = (ck_move){from, at, cap, make_id(from, k, path), 0};
	return n;
}

/* All legal moves of side c, in no particular order (no draw rule). */
static HOT_INLINE int gen_moves(uint64_t own, uint64_t opp, uint64_t king,
	int c, ck_move *out)
{
	uint64_t emp = BOARD_MASK & ~(own | opp), kings = own & king;
	uint64_t j = jumpers(own, kings, opp, emp, c);
	int n = 0;
	if (j) {
		n = gen_men_jumps(c, j & ~kings, opp, emp, out, 0);
		for (j &= kings; j; j &= j - 1) {
			uint64_t x = j & -j;
			n = gen_king_jumps(x, x, opp, emp | x, 0, 0, 0, out, n);
		}
		return n;
	}
	for (int i = 0; i < 4; i++) {
		int d = delta[i];
		uint64_t src = (forward(c, i) ? own : kings) & shift(emp, -d);
		for (; src; src &= src - 1) {
			uint64_t x = src & -src;
			out[n++] = (ck_move){x, shift(x, d), 0,
				make_id(x, 0, (uint32_t)i), 0};
		}
	}
	return n;
}

int ck_gen_moves(uint64_t own, uint64_t opp, uint64_t king, int c,
	ck_move *out)
{
	return c ? gen_moves(own, opp, king, 1, out) :
		   gen_moves(own, opp, king, 0, out);
}

/* Whether side c has any move. */
static bool has_moves(uint64_t own, uint64_t opp, uint64_t king, int c)
{
	uint64_t emp = BOARD_MASK & ~(own | opp), kings = own & king;
	return jumpers(own, kings, opp, emp, c) ||
	       count_steps(own, kings, emp, c);
}

/* --- Draw rules ---------------------------------------------------------- */

/* Whether the position occurs for the third time in the current run of
 * reversible plies. Walking the run backwards undoes one king step per
 * ply; diff holds how each side's pieces differ from now. */
static bool third_repetition(const ck_state *s)
{
	if (s->rev < REP_MIN)
		return false;
	uint64_t diff[2] = {0, 0};
	int mover = s->side, seen = 0;
	for (int j = s->rev - 1; j >= 0; j--) {
		mover ^= 1;
		int q = s->hist[j] & 31, d = s->hist[j] >> 5;
		uint64_t from = 1ULL << ghost_of(q);
		diff[mover] ^= from | shift(from, delta[d]);
		bool same = ((s->rev - j) & 1) == 0 && !(diff[0] | diff[1]);
		if (same && ++seen == 2)
			return true;
	}
	return false;
}

static bool drawn(const ck_state *s)
{
	return s->rev >= REV_LIMIT || third_repetition(s);
}

/* --- Playing moves ----------------------------------------------------- */

/* Play generated move m in s, draw-rule bookkeeping included. */
static inline void play(ck_state *s, const ck_move *m)
{
	int c = s->side;
	uint64_t was_king = s->king & m->from;
	s->bb[c] = (s->bb[c] & ~m->from) | m->to;
	s->bb[c ^ 1] &= ~m->cap;
	s->king = (s->king & ~(m->from | m->cap)) |
		  (was_king ? m->to : m->to & crown_row(c));
	if (was_king && !m->cap && s->rev < REV_LIMIT) {
		s->hist[s->rev] = (uint8_t)((m->id >> ID_ORIGIN & 31) |
			(m->id >> ID_DIRS & 3) << 5);
		s->rev++;
	} else {
		memset(s->hist, 0, s->rev); /* the run ends: keep unused bytes zero */
		s->rev = 0;
	}
	s->side ^= 1;
}

/* The move with id a as squares; with sq non-NULL, also the square
 * indices it visits (origin first) and their count in *nsq. Returns -1 if
 * a is no well-formed path on the board. */
static int decode(gl_action a, ck_move *m, int *sq, int *nsq)
{
	if (a < 0 || a >= NACTIONS)
		return -1;
	uint32_t u = (uint32_t)a;
	int q = u >> ID_ORIGIN & 31, k = u >> ID_JUMPS & 15;
	int steps = k ? k : 1;
	if (k > MAX_JUMPS || (u & ((1u << ID_JUMPS) - 1)) >> (ID_DIRS + 2 * steps))
		return -1;
	uint64_t at = 1ULL << ghost_of(q), cap = 0;
	m->from = at;
	if (sq)
		sq[0] = q;
	for (int i = 0; i < steps; i++) {
		int d = delta[u >> (ID_DIRS + 2 * i) & 3];
		uint64_t mid = shift(at, d);
		if (k) {
			cap |= mid;
			at = shift(at, 2 * d);
		} else {
			at = mid;
		}
		if (!(mid & BOARD_MASK) || !(at & BOARD_MASK))
			return -1;
		if (sq)
			sq[i + 1] = index_of(ctz64(at));
	}
	m->to = at;
	m->cap = cap;
	m->id = a;
	m->pad = 0;
	if (nsq)
		*nsq = steps + 1;
	return 0;
}

/* --- Callbacks ----------------------------------------------------------- */

/*
 * ck_init: the bounds.
 *
 * max_legal: without a jump, at most 12 kings x 4 steps = 48 moves. With
 * one, count maximal jump paths: the squares a king lands on form a 4x4
 * grid and the pieces it can jump sit in the 3x3 cells between (one
 * lattice per parity of the king's row). Enumerating all 2^9 sets of
 * jumpable pieces and all origins, with no square blocked, gives at most
 * 16 paths from one square, and the 12 best origins sum to 4, 8, 15, 24,
 * 40, 60, 84, 120, 176 for 1..9 pieces. The defender has at most 12
 * pieces split over the two lattices, so a position has at most
 * 176 + 15 = 191 jump moves (a man has no more paths than a king on his
 * square: each of his is the start of a distinct king path).
 *
 * max_length: a man moves at most 7 - (start row) times, 144 man moves
 * for both sides; at most 23 pieces are captured, so at most 167 moves
 * reset the draw counter, and between them at most 80 plies pass.
 */
/* Men and kings of each side (the checkers GA's tie rule counts them). */
static void ck_pieces(const gl_game *g, const void *vs, int *count)
{
	(void)g;
	const ck_state *s = vs;
	count[0] = popcount64(s->bb[0]);
	count[1] = popcount64(s->bb[1]);
}

static int ck_init(gl_game *g, const gl_params *p, gl_err *err)
{
	(void)p;
	(void)err;
	g->state_size = sizeof(ck_state);
	g->nplayers = 2;
	g->nactions = NACTIONS;
	g->max_legal = MAX_LEGAL;
	g->max_length = (144 + 23) + (144 + 23 + 1) * REV_LIMIT;
	g->nfeatures = CK_NFEATURES;
	g->feature_names = ck_feature_names;
	return 0;
}

static void ck_start(const gl_game *g, void *vs)
{
	(void)g;
	ck_state *s = vs;
	memset(s, 0, sizeof *s);
	s->bb[0] = BLACK_START;
	s->bb[1] = WHITE_START;
}

static int ck_to_move(const gl_game *g, const void *s)
{
	(void)g;
	return ((const ck_state *)s)->side;
}

static bool ck_terminal(const gl_game *g, const void *vs)
{
	(void)g;
	const ck_state *s = vs;
	int c = s->side;
	return !has_moves(s->bb[c], s->bb[c ^ 1], s->king, c) || drawn(s);
}

/* A capture is pending: every legal move is one. */
static bool ck_noisy(const gl_game *g, const void *vs)
{
	(void)g;
	const ck_state *s = vs;
	int c = s->side;
	uint64_t own = s->bb[c], opp = s->bb[c ^ 1];
	return jumpers(own, own & s->king, opp, BOARD_MASK & ~(own | opp),
		c) != 0;
}

static int ck_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	(void)g;
	const ck_state *s = vs;
	ck_move list[MAX_LEGAL];
	int c = s->side;
	if (drawn(s))
		return 0;
	int n = gen_moves(s->bb[c], s->bb[c ^ 1], s->king, c, list);
	assert(n <= MAX_LEGAL);
	for (int i = 0; i < n; i++) {
		gl_action a = list[i].id;
		int j = i;
		for (; j > 0 && moves[j - 1] > a; j--)
			moves[j] = moves[j - 1];
		moves[j] = a;
	}
	return n;
}

static void ck_apply(const gl_game *g, void *s, gl_action a)
{
	(void)g;
	ck_move m;
	if (decode(a, &m, NULL, NULL) == 0)
		play(s, &m);
}

static void ck_make(const gl_game *g, void *vs, gl_action a, gl_undo *u)
{
	ck_state *s = vs;
	u->w[0] = s->bb[0];
	u->w[1] = s->bb[1];
	u->w[2] = s->king;
	u->w[3] = s->rev;
	/* a move that ends the reversible run zeroes it: keep a copy */
	memcpy(&u->w[4], s->hist, s->rev);
	ck_apply(g, s, a);
}

static void ck_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	(void)g;
	(void)a;
	ck_state *s = vs;
	s->bb[0] = u->w[0];
	s->bb[1] = u->w[1];
	s->king = u->w[2];
	uint8_t old = (uint8_t)u->w[3];
	if (s->rev == old + 1)
		s->hist[old] = 0;                  /* undo one king step */
	else
		memcpy(s->hist, &u->w[4], old);    /* restore the zeroed run */
	s->rev = old;
	s->side ^= 1;
}

/* A side with no move loses, even when a draw rule holds as well (the game
 * ended with that move); otherwise a terminal state is a draw. */
static void ck_goals(const gl_game *g, const void *vs, int *goals)
{
	(void)g;
	const ck_state *s = vs;
	int c = s->side;
	if (has_moves(s->bb[c], s->bb[c ^ 1], s->king, c)) {
		goals[0] = goals[1] = 50;
	} else {
		goals[c] = 0;
		goals[c ^ 1] = 100;
	}
}

static int ck_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)g;
	(void)s;
	ck_move m;
	int sq[MAX_JUMPS + 1], nsq;
	if (decode(a, &m, sq, &nsq))
		return snprintf(buf, n, "#%ld", (long)a);
	bool jump = m.cap != 0;
	int len = snprintf(buf, n, "%d", sq[0] + 1);
	for (int i = 1; i < nsq; i++) {
		size_t at = (size_t)len < n ? (size_t)len : n;
		len += snprintf(buf + at, n - at, "%c%d", jump ? 'x' : '-',
			sq[i] + 1);
	}
	return len;
}

/* One square number 1..32 at *p (no sign, no leading zero); advances *p.
 * Returns the index 0..31 or -1. */
static int parse_square(const char **p)
{
	const char *t = *p;
	if (*t < '1' || *t > '9')
		return -1;
	int v = *t++ - '0';
	if (*t >= '0' && *t <= '9')
		v = v * 10 + (*t++ - '0');
	if (v > 32 || (*t >= '0' && *t <= '9'))
		return -1;
	*p = t;
	return v - 1;
}

static int ck_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)g;
	(void)s;
	const char *p = text;
	int sq[MAX_JUMPS + 2], nsq = 0;
	char sep = 0;
	for (;;) {
		int q = parse_square(&p);
		if (q < 0 || nsq == MAX_JUMPS + 1)
			goto bad;
		sq[nsq++] = q;
		if (*p == '\0')
			break;
		if ((*p != '-' && *p != 'x') || (sep && *p != sep))
			goto bad;
		sep = *p++;
	}
	if (nsq < 2 || (sep == '-' && nsq != 2))
		goto bad;
	int dist = sep == 'x' ? 2 : 1;
	uint32_t path = 0;
	for (int i = 1; i < nsq; i++) {
		int dr = q_row(sq[i]) - q_row(sq[i - 1]);
		int dc = q_col(sq[i]) - q_col(sq[i - 1]);
		if ((dr != dist && dr != -dist) || (dc != dist && dc != -dist))
			goto bad;
		uint32_t dir = (uint32_t)((dr > 0) * 2 + (dc > 0));
		path |= dir << (2 * (i - 1));
	}
	*a = (gl_action)((uint32_t)sq[0] << ID_ORIGIN |
		(uint32_t)(sep == 'x' ? nsq - 1 : 0) << ID_JUMPS |
		path << ID_DIRS);
	return 0;
bad:
	return gl_fail(err, GL_EPARSE,
		"bad checkers move '%s' (want a step like 11-15 or jumps like "
		"22x15x6: squares 1-32, diagonal neighbours for '-', two "
		"apart for 'x', at most %d jumps)", text, MAX_JUMPS);
}

/* A GL_EPARSE for a position: the text (cut if long), what is wrong, and
 * the 1-based character at `at`. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int fen_fail(gl_err *err, const char *text, const char *at,
	const char *fmt, ...)
{
	char what[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return gl_fail(err, GL_EPARSE,
		"bad checkers position '%.48s%s': %s at character %d", text,
		strlen(text) > 48 ? "..." : "", what, (int)(at - text) + 1);
}

/*
 * A position in PDN FEN: the side to move (B or W), then one section per
 * colour, in either order, each a colour letter and its squares: "W:W21,
 * 22,K30:B1,2,K5". K marks a king; "1-4" stands for 1,2,3,4 (K5-7 for
 * three kings). Refused: a square not 1-32, a square given twice, more
 * than 12 pieces a side (the bounds of ck_init assume at most 12), a man
 * on his crowning row, a colour given twice or not at all. The draw-rule
 * history starts empty.
 */
static int ck_parse_state(const gl_game *g, const char *text, void *vs,
	gl_err *err)
{
	(void)g;
	static const char *const colour[2] = {"Black", "White"};
	ck_state s;
	const char *p = text;
	bool seen[2] = {false, false};
	memset(&s, 0, sizeof s);
	if ((*p != 'B' && *p != 'W') || p[1] != ':')
		return fen_fail(err, text, p, "want the side to move, B: or W:");
	s.side = *p == 'W';
	p++;
	while (*p == ':') {
		p++;
		if (*p != 'B' && *p != 'W')
			return fen_fail(err, text, p, "want a colour, B or W");
		int c = *p == 'W';
		if (seen[c])
			return fen_fail(err, text, p, "%s's pieces given twice",
				colour[c]);
		seen[c] = true;
		p++;
		if (*p == ':' || *p == '\0')
			continue; /* no pieces */
		for (;;) {
			const char *item = p;
			bool king = *p == 'K';
			p += king;
			int a = parse_square(&p), b = a;
			if (a < 0)
				return fen_fail(err, text, p, "want a square 1-32");
			if (*p == '-') {
				const char *at = ++p;
				b = parse_square(&p);
				if (b < 0)
					return fen_fail(err, text, at,
						"want a square 1-32");
				if (b < a)
					return fen_fail(err, text, at,
						"the range %d-%d runs backwards",
						a + 1, b + 1);
			}
			for (int q = a; q <= b; q++) {
				uint64_t bit = 1ULL << ghost_of(q);
				if ((s.bb[0] | s.bb[1]) & bit)
					return fen_fail(err, text, item,
						"square %d given twice", q + 1);
				if (!king && (bit & crown_row(c)))
					return fen_fail(err, text, item,
						"a %s man on %d, his crowning "
						"row (a king is K%d)",
						colour[c], q + 1, q + 1);
				s.bb[c] |= bit;
				s.king |= king ? bit : 0;
				if (popcount64(s.bb[c]) > 12)
					return fen_fail(err, text, item,
						"more than 12 %s pieces",
						colour[c]);
			}
			if (*p != ',')
				break;
			p++;
		}
	}
	if (*p)
		return fen_fail(err, text, p, "unexpected '%c'", *p);
	if (!seen[0] || !seen[1])
		return fen_fail(err, text, p, "no section for %s (want "
			"B:W21,22:B1,2, a section may be empty)",
			colour[!seen[0] ? 0 : 1]);
	memcpy(vs, &s, sizeof s);
	return 0;
}

static int ck_render(const gl_game *g, const void *vs, char *buf, size_t n)
{
	const ck_state *s = vs;
	textbuf tb;
	tb_init(&tb, buf, n);
	tb_printf(&tb, "    a b c d e f g h        squares\n");
	for (int r = 0; r < 8; r++) {
		tb_printf(&tb, " %d ", 8 - r);
		for (int col = 0; col < 8; col++) {
			char ch = ' ';
			if ((r + col) & 1) {
				int q = r * 4 + col / 2;
				uint64_t bit = 1ULL << ghost_of(q);
				bool k = (s->king & bit) != 0;
				ch = (s->bb[0] & bit) ? (k ? 'B' : 'b') :
				     (s->bb[1] & bit) ? (k ? 'W' : 'w') : '.';
			}
			tb_printf(&tb, " %c", ch);
		}
		tb_printf(&tb, "  %d ", 8 - r);
		for (int col = 0; col < 8; col++) {
			if ((r + col) & 1)
				tb_printf(&tb, "%3d", r * 4 + col / 2 + 1);
			else if (col < 7) /* no trailing blanks */
				tb_printf(&tb, "   ");
		}
		tb_printf(&tb, "\n");
	}
	tb_printf(&tb, "    a b c d e f g h\n");
	if (ck_terminal(g, s)) {
		int goals[2];
		ck_goals(g, s, goals);
		tb_printf(&tb, "game over: %s\n",
			goals[0] == 100 ? "Black wins" :
			goals[0] == 0 ? "White wins" :
			s->rev >= REV_LIMIT ? "draw (40 moves each without "
					      "capture or man move)" :
					      "draw (third repetition)");
	} else {
		tb_printf(&tb, "%s to move (Black b/B, White w/W; "
			"%d plies without capture or man move)\n",
			s->side ? "White" : "Black", s->rev);
	}
	return (int)tb.len;
}

/* Pieces and side to move, and the draw-rule history when there is one:
 * a search's table must not give a position one ply from a draw the value
 * of the same position without that history. */
static uint64_t ck_hash(const gl_game *g, const void *vs)
{
	(void)g;
	const ck_state *s = vs;
	uint64_t h = gl_mix64(s->bb[0] ^ 0x9e3779b97f4a7c15ULL);
	h = gl_mix64(h ^ s->bb[1]);
	h = gl_mix64(h ^ s->king ^ (uint64_t)s->side << 63);
	return s->rev ? gl_mix64(h ^ gl_hash_bytes(s->hist, s->rev) ^ s->rev) : h;
}

/* Material as Samuel counted it (man 2, king 3, scaled by 100), plus 4 a
 * row of a man's advance and 6 a piece in the centre. */
static int side_score(uint64_t own, uint64_t king, int c)
{
	uint64_t men = own & ~king;
	int adv = popcount64(men & ROWBIT0) + 2 * popcount64(men & ROWBIT1) +
		  4 * popcount64(men & ROWBIT2);
	if (c)
		adv = 7 * popcount64(men) - adv;
	return 200 * popcount64(men) + 300 * popcount64(own & king) +
	       4 * adv + 6 * popcount64(own & CENTRE);
}

static int ck_evaluate(const gl_game *g, const void *vs)
{
	(void)g;
	const ck_state *s = vs;
	int c = s->side;
	return side_score(s->bb[c], s->king, c) -
	       side_score(s->bb[c ^ 1], s->king, c ^ 1);
}

/* --- Perft ------------------------------------------------------------- */

static uint64_t perft_black(uint64_t own, uint64_t opp, uint64_t king,
	int depth);
static uint64_t perft_white(uint64_t own, uint64_t opp, uint64_t king,
	int depth);

/* The part of perft_side over the steps in direction d of the pieces in
 * src (no jump being possible). */
static HOT_INLINE uint64_t perft_steps(uint64_t own, uint64_t opp,
	uint64_t king, int c, int depth, uint64_t src, int d)
{
	uint64_t total = 0;
	for (; src; src &= src - 1) {
		uint64_t x = src & -src, to = shift(x, d), mv = x | to;
		uint64_t o = own ^ mv;
		uint64_t k = (king & x) ? king ^ mv :
			     king | (to & crown_row(c));
		if (depth == 2)
			total += (uint64_t)count_moves(opp, o, k, c ^ 1);
		else
			total += c ? perft_black(opp, o, k, depth - 1) :
				     perft_white(opp, o, k, depth - 1);
	}
	return total;
}

/* Perft of side c to move, with no draw rule: callers make sure none can
 * apply below. Bulk counting at the last ply; the steps are made straight
 * from the bitboards, only jumps go through a move list. */
static HOT_INLINE uint64_t perft_side(uint64_t own, uint64_t opp,
	uint64_t king, int c, int depth)
{
	if (depth == 1)
		return (uint64_t)count_moves(own, opp, king, c);
	uint64_t emp = BOARD_MASK & ~(own | opp), kings = own & king;
	if (!jumpers(own, kings, opp, emp, c)) {
		uint64_t up = c ? own : kings, down = c ? kings : own;
		return perft_steps(own, opp, king, c, depth,
				up & (emp << 5), -5) +
		       perft_steps(own, opp, king, c, depth,
				up & (emp << 4), -4) +
		       perft_steps(own, opp, king, c, depth,
				down & (emp >> 4), 4) +
		       perft_steps(own, opp, king, c, depth,
				down & (emp >> 5), 5);
	}
	ck_move list[MAX_LEGAL];
	int n = gen_moves(own, opp, king, c, list);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		const ck_move *m = &list[i];
		uint64_t was_king = king & m->from;
		uint64_t o = (own & ~m->from) | m->to, x = opp & ~m->cap;
		uint64_t k = (king & ~(m->from | m->cap)) |
			     (was_king ? m->to : m->to & crown_row(c));
		if (depth == 2)
			total += (uint64_t)count_moves(x, o, k, c ^ 1);
		else
			total += c ? perft_black(x, o, k, depth - 1) :
				     perft_white(x, o, k, depth - 1);
	}
	return total;
}

static uint64_t perft_black(uint64_t own, uint64_t opp, uint64_t king,
	int depth)
{
	return perft_side(own, opp, king, 0, depth);
}

static uint64_t perft_white(uint64_t own, uint64_t opp, uint64_t king,
	int depth)
{
	return perft_side(own, opp, king, 1, depth);
}

/* Perft with the draw rules, until no draw can happen in the subtree: a
 * node `depth` plies above the leaves checks for draws only if its
 * counter can reach REP_MIN before the last ply. */
static uint64_t perft_rules(ck_state *s, int depth)
{
	int c = s->side;
	if (s->rev + depth <= REP_MIN)
		return c ? perft_white(s->bb[1], s->bb[0], s->king, depth) :
			   perft_black(s->bb[0], s->bb[1], s->king, depth);
	if (drawn(s))
		return 0;
	if (depth == 1)
		return (uint64_t)count_moves(s->bb[c], s->bb[c ^ 1], s->king,
			c);
	ck_move list[MAX_LEGAL];
	int n = gen_moves(s->bb[c], s->bb[c ^ 1], s->king, c, list);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		ck_state t = *s;
		play(&t, &list[i]);
		total += perft_rules(&t, depth - 1);
	}
	return total;
}

static uint64_t ck_perft(const gl_game *g, const void *vs, int depth,
	const gl_scratch *w)
{
	(void)w; /* the engine walks its own fixed-size states */
	(void)g;
	ck_state s;
	if (depth <= 0)
		return 1;
	memcpy(&s, vs, sizeof s);
	return perft_rules(&s, depth);
}

const gl_game_type gl_game_checkers = {
	.name = "checkers",
	.summary = "English draughts (American checkers) 8x8; Black (1-12) "
		   "moves first (moves 11-15, 22x15x6)",
	.params = NULL,
	.init = ck_init,
	.start = ck_start,
	.to_move = ck_to_move,
	.legal = ck_legal,
	.apply = ck_apply,
	.terminal = ck_terminal,
	.goals = ck_goals,
	.format_move = ck_format,
	.parse_move = ck_parse,
	.render = ck_render,
	.parse_state = ck_parse_state,
	.hash = ck_hash,
	.evaluate = ck_evaluate,
	.features = ck_features,
	.features_lazy = ck_features_lazy,
	.pieces = ck_pieces,
	.noisy = ck_noisy,
	.make = ck_make,
	.unmake = ck_unmake,
	.perft = ck_perft,
	.bench_depth = 12,
};
