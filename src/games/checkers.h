/*
 * checkers.h - what the checkers engine (checkers.c) and Samuel's
 * evaluation terms (checkers_terms.c) share and nobody else sees: the
 * state, the bit layout and its masks, and the bitboard kernels.
 */
#ifndef GAMES_CHECKERS_H
#define GAMES_CHECKERS_H

#include "games/internal.h"

/*
 * Bit layout ("ghost squares"): square index q = 0..31 (square number
 * q + 1) lives at bit q + q / 8, so bits 8, 17 and 26 are never used and
 * the 35 bits 0..34 hold the board. Then every diagonal step is the same
 * shift everywhere: -5 up-left, -4 up-right, +4 down-left, +5 down-right
 * ("up" is towards square 1). A step off the left or right edge lands on
 * a ghost bit or past bit 34, which the board mask removes, so moves need
 * no edge masks; and two board bits 4 or 5 apart are always diagonal
 * neighbours. A jump's landing square is always a real square; the
 * jumped square must hold an enemy piece, which is never on a ghost.
 *
 * Turning the board half round (square n <-> 33 - n) maps bit i to bit
 * 34 - i: a reversal of the 35 bits (ck_rotate).
 */
#define BOARD_MASK 0x7fbfdfeffULL /* bits 0..34 but 8, 17, 26 */
#define BLACK_START 0x00001effULL /* squares 1-12 */
#define WHITE_START 0x7fbc00000ULL /* squares 21-32 */
#define ROW_TOP 0x00000000fULL    /* squares 1-4: White crowns here */
#define ROW_BOTTOM 0x780000000ULL /* squares 29-32: Black crowns here */
/* Bits on rows whose index (0 top .. 7 bottom) has bit 0, 1, 2 set. */
#define ROWBIT0 0x783c1e0f0ULL
#define ROWBIT1 0x7f801fe00ULL
#define ROWBIT2 0x7fbfc0000ULL
/* The eight centre squares 10, 11, 14, 15, 18, 19, 22, 23. */
#define CENTRE 0x00198cc00ULL

/* The bit of square number n (1..32), for masks written in squares. */
#define SQ(n) (1ULL << ((n) - 1 + ((n) - 1) / 8))

enum {
	MAX_JUMPS = 9,   /* jumps in one move, see checkers.c */
	REV_LIMIT = 80,  /* plies without capture or man move: a draw */
	MAX_LEGAL = 191  /* legal moves in any position, see ck_init */
};

/* The state. Only the first rev bytes of hist are in use; the rest are
 * kept zero, so that equal positions with equal draw-rule histories are
 * equal byte for byte (memcmp), whatever came before the last capture or
 * man move. */
typedef struct ck_state {
	uint64_t bb[2];           /* pieces of Black (0) and White (1) */
	uint64_t king;            /* which pieces are kings */
	uint8_t side;             /* player to move */
	uint8_t rev;              /* plies since a capture or man move, 0..80 */
	uint8_t hist[REV_LIMIT];  /* king step of reversible ply i + 1 of
				     the run: origin index | direction << 5 */
	uint8_t pad[6];           /* always zero */
} ck_state;

/* A generated move: squares as single bits, and its action id. */
typedef struct ck_move {
	uint64_t from, to; /* origin and final square (equal in a loop) */
	uint64_t cap;      /* jumped pieces */
	gl_action id;
	int32_t pad;
} ck_move;

static inline uint64_t shift(uint64_t b, int d)
{
	return d > 0 ? b << d : b >> -d;
}

/* Pieces of the side that owns `own` (c: 0 Black, moving down, 1 White)
 * that have a jump; kings are its kings, emp the empty squares. */
static inline uint64_t jumpers(uint64_t own, uint64_t kings, uint64_t opp,
	uint64_t emp, int c)
{
	uint64_t up = c ? own : kings, down = c ? kings : own;
	return (up & (((emp << 5) & opp) << 5)) |
	       (up & (((emp << 4) & opp) << 4)) |
	       (down & (((emp >> 4) & opp) >> 4)) |
	       (down & (((emp >> 5) & opp) >> 5));
}

/* The board turned half round: square n goes to 33 - n (bit i to 34 - i). */
static inline uint64_t ck_rotate(uint64_t b)
{
	b = __builtin_bswap64(b);
	b = (b >> 4 & 0x0f0f0f0f0f0f0f0fULL) | (b & 0x0f0f0f0f0f0f0f0fULL) << 4;
	b = (b >> 2 & 0x3333333333333333ULL) | (b & 0x3333333333333333ULL) << 2;
	b = (b >> 1 & 0x5555555555555555ULL) | (b & 0x5555555555555555ULL) << 1;
	return b >> 29;
}

/* All legal moves of side c (no draw rule) into out (room for MAX_LEGAL),
 * in no particular order; returns how many. checkers.c. */
int ck_gen_moves(uint64_t own, uint64_t opp, uint64_t king, int c,
	ck_move *out);

/* The feature vector: piece advantage and Samuel's terms, g->nfeatures
 * of them named by ck_feature_names, for the side to move. checkers_terms.c. */
enum { CK_NFEATURES = 39 };
extern const char *const ck_feature_names[CK_NFEATURES];
void ck_features(const gl_game *g, const void *s, double *out);
/* The same for a weighted sum with weights w: the terms that need the
 * loop over the moves (MOB, DENY, EXCH, THRET and those made from them)
 * are 0 when all of their weights are 0. checkers_terms.c. */
void ck_features_lazy(const gl_game *g, const void *s, const double *w,
	double *out);
/* Overwrite the 12 binary connectives of a feature vector v (DEMO ..
 * MOC4) from its DENY, MOB, MOBIL and CENT; the tests' truth tables. */
void ck_connectives(double *v);

#endif
