/*
 * othello.c - Othello (Reversi) on a 4x4, 6x6 or 8x8 board, with a fast
 * bitboard perft in the manner of Edax.
 *
 * Every board size lives in the top-left corner of an 8x8 bit layout (bit
 * r * 8 + c is row r from the top, column c from the left). Per-instance
 * edge masks keep the direction shifts from wrapping round a row or
 * leaving the n x n board, and a per-instance table of rays (the cells
 * beyond each cell in each of the 8 directions) gives the flips of a move
 * without any loop. The 8x8 kernels are compiled with constant masks.
 *
 * A move's id is its cell, row * n + col, with text "a1" (column letter,
 * row number from the top); a player with no placement must pass, whose id
 * is n * n and text "pass". Black (X, player 0) moves first; the game ends
 * when neither side can move, and more discs wins.
 */
#include "games/internal.h"

#include <ctype.h>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#if defined(__GNUC__)
#define OTH_INLINE static inline __attribute__((always_inline))
#else
#define OTH_INLINE static inline
#endif

typedef struct oth_state {
	uint64_t disc[2]; /* bit r * 8 + c: the player has a disc there */
	uint8_t side;     /* player to move: 0 Black (X), 1 White (O) */
	uint8_t pad[7];   /* always zero */
} oth_state;

/* Opponent masks for the line directions: an opponent disc on an edge
 * cannot be flanked along a line that crosses that edge, and leaving it
 * out stops shifts from wrapping round a row. */
typedef struct oth_masks {
	uint64_t board; /* the n x n cells */
	uint64_t h;     /* inner columns: east-west lines */
	uint64_t v;     /* inner rows: north-south lines */
	uint64_t d;     /* inner cells: the diagonals */
} oth_masks;

/* The directions of the ray table: 0..3 go up in bit index (east +1,
 * south-west +7, south +8, south-east +9), 4..7 are their opposites. */
enum { DIRS = 8 };

/* An instance's private tables (g->data). */
typedef struct oth_geom {
	uint64_t ray[64][DIRS]; /* cells beyond a cell in each direction */
	oth_masks m;
	uint64_t corners; /* the four corner cells */
	uint64_t corner[4], xsq[4], csq[4]; /* each corner, its X-square
					       (diagonal neighbour) and its
					       C-squares (edge neighbours) */
	int n;            /* board side */
	void *block;      /* what gl_malloc returned (ray is 64-aligned) */
} oth_geom;

static const oth_masks masks8 = {
	.board = ~0ull,
	.h = 0x7e7e7e7e7e7e7e7eull,
	.v = 0x00ffffffffffff00ull,
	.d = 0x007e7e7e7e7e7e00ull,
};

static const gl_param_def oth_params[] = {
	{"size", "8", "board side: 4, 6 or 8", 4, 8},
	{NULL, NULL, NULL, 0, 0}
};

/* --- Bitboard kernels ----------------------------------------------------- */

#if defined(__AVX2__)

static inline uint64_t or_lanes(__m256i x)
{
	__m128i y = _mm_or_si128(_mm256_castsi256_si128(x),
		_mm256_extracti128_si256(x, 1));
	return (uint64_t)_mm_cvtsi128_si64(_mm_or_si128(y,
		_mm_unpackhi_epi64(y, y)));
}

/*
 * The moves of P against O: four directions at once in the lanes of a
 * vector, each filled both ways by doubling steps (1, 2, 4, 6 discs).
 */
OTH_INLINE uint64_t mobility(uint64_t P, uint64_t O, oth_masks m)
{
	const __m256i sh = _mm256_set_epi64x(7, 9, 8, 1);
	const __m256i sh2 = _mm256_add_epi64(sh, sh);
	__m256i PP = _mm256_set1_epi64x((long long)P);
	__m256i OO = _mm256_and_si256(_mm256_set1_epi64x((long long)O),
		_mm256_set_epi64x((long long)m.d, (long long)m.d,
			(long long)m.v, (long long)m.h));
	__m256i fl = _mm256_and_si256(OO, _mm256_sllv_epi64(PP, sh));
	__m256i fr = _mm256_and_si256(OO, _mm256_srlv_epi64(PP, sh));
	fl = _mm256_or_si256(fl, _mm256_and_si256(OO, _mm256_sllv_epi64(fl, sh)));
	fr = _mm256_or_si256(fr, _mm256_and_si256(OO, _mm256_srlv_epi64(fr, sh)));
	__m256i pl = _mm256_and_si256(OO, _mm256_sllv_epi64(OO, sh));
	__m256i pr = _mm256_srlv_epi64(pl, sh);
	fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, sh2)));
	fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, sh2)));
	fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, sh2)));
	fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, sh2)));
	__m256i mv = _mm256_or_si256(_mm256_sllv_epi64(fl, sh),
		_mm256_srlv_epi64(fr, sh));
	return or_lanes(mv) & ~(P | O) & m.board;
}

#else

/* Moves of P over the masked opponent discs Om along one shift s, both
 * ways, by doubling steps (1, 2, 4, 6 discs). */
OTH_INLINE uint64_t line_moves(uint64_t P, uint64_t Om, int s)
{
	uint64_t fl = Om & (P << s), fr = Om & (P >> s);
	uint64_t pl = Om & (Om << s), pr = pl >> s;
	fl |= Om & (fl << s);
	fr |= Om & (fr >> s);
	fl |= pl & (fl << 2 * s);
	fr |= pr & (fr >> 2 * s);
	fl |= pl & (fl << 2 * s);
	fr |= pr & (fr >> 2 * s);
	return (fl << s) | (fr >> s);
}

/* The moves of P against O. */
OTH_INLINE uint64_t mobility(uint64_t P, uint64_t O, oth_masks m)
{
	uint64_t mv = line_moves(P, O & m.h, 1) | line_moves(P, O & m.v, 8) |
		line_moves(P, O & m.d, 7) | line_moves(P, O & m.d, 9);
	return mv & ~(P | O) & m.board;
}

#endif

#if defined(__AVX512VL__) && defined(__AVX512CD__)

/* The discs flipped, as the portable flips() below computes them, with the
 * four rays of each way in the lanes of a vector and the highest non-O
 * cell of a downward ray found by a leading-zero count. */
OTH_INLINE uint64_t flips(const uint64_t *ray, uint64_t P, uint64_t O)
{
	const __m256i one = _mm256_set1_epi64x(1);
	__m256i PP = _mm256_set1_epi64x((long long)P);
	__m256i OO = _mm256_set1_epi64x((long long)O);
	__m256i ru = _mm256_load_si256((const __m256i *)ray);
	__m256i rd = _mm256_load_si256((const __m256i *)ray + 1);
	/* up: the lowest non-O cell of the ray */
	__m256i x = _mm256_andnot_si256(OO, ru);
	__m256i of = _mm256_ternarylogic_epi64(x,
		_mm256_sub_epi64(_mm256_setzero_si256(), x), PP, 0x80);
	__m256i fu = _mm256_maskz_and_epi64(_mm256_test_epi64_mask(of, of),
		_mm256_sub_epi64(of, one), ru);
	/* down: the highest non-O cell of the ray */
	__m256i e = _mm256_andnot_si256(OO, rd);
	__m256i top = _mm256_srlv_epi64(_mm256_set1_epi64x((long long)0x8000000000000000ull),
		_mm256_lzcnt_epi64(e));
	of = _mm256_and_si256(top, PP);
	__m256i fd = _mm256_and_si256(rd, _mm256_sub_epi64(_mm256_setzero_si256(),
		_mm256_add_epi64(of, of)));
	return or_lanes(_mm256_or_si256(fu, fd));
}

#else

/*
 * The discs P flips by playing on empty cell sq, given sq's rays: along
 * each ray the first cell that is not O must be P. Up a ray (toward higher
 * bits) that cell is the lowest non-O bit, down a ray the highest.
 */
OTH_INLINE uint64_t flips(const uint64_t *ray, uint64_t P, uint64_t O)
{
	uint64_t f = 0;
	for (int d = 0; d < 4; d++) {
		uint64_t r = ray[d], x = r & ~O;
		uint64_t of = x & -x & P;
		f |= (of - (of != 0)) & r;
	}
	for (int d = 4; d < 8; d++) {
		uint64_t r = ray[d];
		uint64_t e = (~O & r) | 1;
		uint64_t of = (0x8000000000000000ull >> __builtin_clzll(e)) & P & r;
		f |= -(of << 1) & r;
	}
	return f;
}

#endif

/* --- Perft ----------------------------------------------------------------
 * Bulk counting: the last ply is a popcount of the mobility, and the last
 * two are one loop that plays each move and counts the reply moves, so
 * the leaves cost no make and every mobility is computed once.
 */

/* Moves from (P to move, O): a forced pass counts 1, a finished game 0. */
OTH_INLINE uint64_t count1(uint64_t P, uint64_t O, oth_masks m)
{
	uint64_t mv = mobility(P, O, m);
	if (mv)
		return (uint64_t)popcount64(mv);
	return mobility(O, P, m) != 0;
}

/* Two-move sequences from (P to move, O). */
OTH_INLINE uint64_t count2(const oth_geom *gm, uint64_t P, uint64_t O,
	oth_masks m)
{
	uint64_t mv = mobility(P, O, m);
	if (!mv) /* pass, then the opponent's moves; 0 if none */
		return (uint64_t)popcount64(mobility(O, P, m));
	uint64_t n = 0;
	do {
		int sq = ctz64(mv);
		mv &= mv - 1;
		uint64_t f = flips(gm->ray[sq], P, O);
		uint64_t np = P | f | (1ull << sq), no = O & ~f;
		uint64_t cm = mobility(no, np, m);
		n += cm ? (uint64_t)popcount64(cm) : mobility(np, no, m) != 0;
	} while (mv);
	return n;
}

/* Perft from (P to move, O) for depth >= 3; rec is the same function. */
OTH_INLINE uint64_t perft_node(const oth_geom *gm, uint64_t P, uint64_t O,
	int depth, oth_masks m,
	uint64_t (*rec)(const oth_geom *, uint64_t, uint64_t, int))
{
	uint64_t mv = mobility(P, O, m);
	if (!mv) {
		if (!mobility(O, P, m))
			return 0;
		return depth == 3 ? count2(gm, O, P, m) : rec(gm, O, P, depth - 1);
	}
	uint64_t n = 0;
	do {
		int sq = ctz64(mv);
		mv &= mv - 1;
		uint64_t f = flips(gm->ray[sq], P, O);
		uint64_t np = P | f | (1ull << sq), no = O & ~f;
		n += depth == 3 ? count2(gm, no, np, m) : rec(gm, no, np, depth - 1);
	} while (mv);
	return n;
}

static uint64_t perft8(const oth_geom *gm, uint64_t P, uint64_t O, int depth)
{
	return perft_node(gm, P, O, depth, masks8, perft8);
}

static uint64_t perftn(const oth_geom *gm, uint64_t P, uint64_t O, int depth)
{
	return perft_node(gm, P, O, depth, gm->m, perftn);
}

static uint64_t oth_perft(const gl_game *g, const void *vs, int depth,
	const gl_scratch *w)
{
	(void)w; /* the engine walks its own fixed-size states */
	const oth_geom *gm = g->data;
	const oth_state *s = vs;
	uint64_t P = s->disc[s->side], O = s->disc[s->side ^ 1];
	if (depth <= 0)
		return 1;
	if (gm->n == 8) {
		if (depth == 1)
			return count1(P, O, masks8);
		if (depth == 2)
			return count2(gm, P, O, masks8);
		return perft8(gm, P, O, depth);
	}
	if (depth == 1)
		return count1(P, O, gm->m);
	if (depth == 2)
		return count2(gm, P, O, gm->m);
	return perftn(gm, P, O, depth);
}

/* --- Instance ------------------------------------------------------------ */

/* The feature vector, see oth_features. */
static const char *const oth_feature_names[] = {
	"DISCS", "MOB", "CORNERS", "XSQ", "CSQ", "FRONTIER"
};

static bool on_board(int n, int r, int c)
{
	return r >= 0 && r < n && c >= 0 && c < n;
}

static int oth_init(gl_game *g, const gl_params *p, gl_err *err)
{
	long n = gl_params_int(p, "size");
	if (n != 4 && n != 6 && n != 8)
		return gl_fail(err, GL_EINVAL,
			"othello: size=%ld is not supported (want 4, 6 or 8)", n);
	void *block = gl_malloc(sizeof(oth_geom) + 63);
	if (!block)
		return gl_fail(err, GL_ENOMEM, "out of memory making othello");
	oth_geom *gm = (oth_geom *)(((uintptr_t)block + 63) & ~(uintptr_t)63);
	memset(gm, 0, sizeof *gm);
	gm->block = block;
	gm->n = (int)n;

	static const int dr[DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
	static const int dc[DIRS] = {1, -1, 0, 1, -1, 1, 0, -1};
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			uint64_t bit = 1ull << (r * 8 + c);
			gm->m.board |= bit;
			if (c > 0 && c < n - 1)
				gm->m.h |= bit;
			if (r > 0 && r < n - 1)
				gm->m.v |= bit;
			for (int d = 0; d < DIRS; d++)
				for (int k = 1; on_board((int)n, r + k * dr[d], c + k * dc[d]); k++)
					gm->ray[r * 8 + c][d] |= 1ull <<
						((r + k * dr[d]) * 8 + c + k * dc[d]);
		}
	}
	gm->m.d = gm->m.h & gm->m.v;
	int e = (int)n - 1;
	gm->corners = 1ull | 1ull << e | 1ull << (e * 8) | 1ull << (e * 8 + e);
	for (int i = 0; i < 4; i++) {
		int r = i & 1 ? e : 0, c = i & 2 ? e : 0;
		int ir = r ? r - 1 : 1, ic = c ? c - 1 : 1; /* one inward */
		gm->corner[i] = 1ull << (r * 8 + c);
		gm->xsq[i] = 1ull << (ir * 8 + ic);
		gm->csq[i] = 1ull << (r * 8 + ic) | 1ull << (ir * 8 + c);
	}

	g->data = gm;
	g->state_size = sizeof(oth_state);
	g->nactions = (gl_action)(n * n + 1);
	g->max_legal = (unsigned)(n * n - 4);
	g->max_length = (unsigned)(2 * (n * n - 4)); /* a pass precedes a disc */
	g->ncells = (unsigned)(n * n);
	g->nfeatures = sizeof oth_feature_names / sizeof oth_feature_names[0];
	g->feature_names = oth_feature_names;
	return 0;
}

static void oth_done(gl_game *g)
{
	const oth_geom *gm = g->data;
	if (gm)
		gl_free(gm->block);
	g->data = NULL;
}

/* --- Rules through the interface ------------------------------------------ */

static void oth_start(const gl_game *g, void *vs)
{
	const oth_geom *gm = g->data;
	oth_state *s = vs;
	int k = gm->n / 2 - 1; /* top-left cell of the centre block */
	memset(s, 0, sizeof *s);
	s->disc[1] = 1ull << (k * 8 + k) | 1ull << ((k + 1) * 8 + k + 1);
	s->disc[0] = 1ull << (k * 8 + k + 1) | 1ull << ((k + 1) * 8 + k);
}

static int oth_to_move(const gl_game *g, const void *s)
{
	(void)g;
	return ((const oth_state *)s)->side;
}

static bool oth_terminal(const gl_game *g, const void *vs)
{
	const oth_geom *gm = g->data;
	const oth_state *s = vs;
	return !mobility(s->disc[0], s->disc[1], gm->m) &&
	       !mobility(s->disc[1], s->disc[0], gm->m);
}

static int bit_to_id(int n, int sq)
{
	return (sq >> 3) * n + (sq & 7);
}

static int id_to_bit(int n, gl_action a)
{
	return (a / n) * 8 + a % n;
}

static int oth_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	const oth_geom *gm = g->data;
	const oth_state *s = vs;
	uint64_t P = s->disc[s->side], O = s->disc[s->side ^ 1];
	uint64_t mv = mobility(P, O, gm->m);
	int k = 0;
	if (!mv) {
		if (!mobility(O, P, gm->m))
			return 0;
		moves[0] = gm->n * gm->n;
		return 1;
	}
	for (; mv; mv &= mv - 1)
		moves[k++] = bit_to_id(gm->n, ctz64(mv));
	return k;
}

/* Play a (a placement or the pass) and return the discs it flipped. */
static uint64_t play(const oth_geom *gm, oth_state *s, gl_action a)
{
	uint64_t f = 0;
	if (a != gm->n * gm->n) {
		int sq = id_to_bit(gm->n, a);
		int me = s->side;
		f = flips(gm->ray[sq], s->disc[me], s->disc[me ^ 1]);
		s->disc[me] |= f | 1ull << sq;
		s->disc[me ^ 1] &= ~f;
	}
	s->side ^= 1;
	return f;
}

static void oth_apply(const gl_game *g, void *s, gl_action a)
{
	play(g->data, s, a);
}

static void oth_make(const gl_game *g, void *s, gl_action a, gl_undo *u)
{
	u->w[0] = play(g->data, s, a);
}

static void oth_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	const oth_geom *gm = g->data;
	oth_state *s = vs;
	s->side ^= 1;
	if (a != gm->n * gm->n) {
		int me = s->side;
		uint64_t f = u->w[0];
		s->disc[me] &= ~(f | 1ull << id_to_bit(gm->n, a));
		s->disc[me ^ 1] |= f;
	}
}

static void oth_goals(const gl_game *g, const void *vs, int *goals)
{
	(void)g;
	const oth_state *s = vs;
	int b = popcount64(s->disc[0]), w = popcount64(s->disc[1]);
	goals[0] = b > w ? 100 : b < w ? 0 : 50;
	goals[1] = 100 - goals[0];
}

/* The splitmix64 finaliser, inline. */
static inline uint64_t fmix(uint64_t x)
{
	x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ x >> 27) * 0x94d049bb133111ebull;
	return x ^ x >> 31;
}

/* Both discs sets through a bijective mix each, the side as a key. */
static uint64_t oth_hash(const gl_game *g, const void *vs)
{
	(void)g;
	const oth_state *s = vs;
	uint64_t side = s->side ? 0x9e3779b97f4a7c15ull : 0;
	return fmix(s->disc[0] ^ fmix(s->disc[1] ^ side));
}

static int oth_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	const oth_geom *gm = g->data;
	(void)s;
	if (a == gm->n * gm->n)
		return snprintf(buf, n, "pass");
	return coord_format(a % gm->n, a / gm->n, buf, n);
}

static int oth_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	const oth_geom *gm = g->data;
	(void)s;
	int c, r, i = 0;
	while (i < 4 && text[i] && tolower((unsigned char)text[i]) == "pass"[i])
		i++;
	if (i == 4 && !text[4]) {
		*a = gm->n * gm->n;
		return 0;
	}
	if (coord_parse(text, gm->n, gm->n, &c, &r))
		return gl_fail(err, GL_EPARSE,
			"bad othello move '%s' (want a cell a1..%c%d or pass)",
			text, 'a' + gm->n - 1, gm->n);
	*a = r * gm->n + c;
	return 0;
}

static char oth_cell(const void *ctx, int r, int c)
{
	const oth_state *s = ctx;
	uint64_t bit = 1ull << (r * 8 + c);
	return s->disc[0] & bit ? 'X' : s->disc[1] & bit ? 'O' : '.';
}

static int oth_render(const gl_game *g, const void *vs, char *buf, size_t n)
{
	const oth_geom *gm = g->data;
	const oth_state *s = vs;
	int b = popcount64(s->disc[0]), w = popcount64(s->disc[1]);
	textbuf tb;
	tb_init(&tb, buf, n);
	render_grid(&tb, gm->n, gm->n, 0, oth_cell, s, row_label_top);
	tb_printf(&tb, "X (Black) %d, O (White) %d\n", b, w);
	if (oth_terminal(g, s))
		tb_printf(&tb, "game over: %s\n", b > w ? "X wins" :
			b < w ? "O wins" : "draw");
	else
		tb_printf(&tb, "%c to move%s\n", s->side ? 'O' : 'X',
			mobility(s->disc[s->side], s->disc[s->side ^ 1], gm->m) ?
			"" : " (must pass)");
	return (int)tb.len;
}

static void oth_cells(const gl_game *g, const void *vs, int8_t *owner)
{
	const oth_geom *gm = g->data;
	const oth_state *s = vs;
	for (int r = 0; r < gm->n; r++) {
		for (int c = 0; c < gm->n; c++) {
			uint64_t bit = 1ull << (r * 8 + c);
			owner[r * gm->n + c] = (int8_t)(s->disc[0] & bit ? 0 :
				s->disc[1] & bit ? 1 : -1);
		}
	}
}

static void oth_cell_shape(const gl_game *g, int *rows, int *cols)
{
	const oth_geom *gm = g->data;
	*rows = gm->n;
	*cols = gm->n;
}

/* Mobility difference, corners held and a little of the disc difference,
 * for the player to move. */
static int oth_evaluate(const gl_game *g, const void *vs)
{
	const oth_geom *gm = g->data;
	const oth_state *s = vs;
	uint64_t P = s->disc[s->side], O = s->disc[s->side ^ 1];
	int mob = popcount64(mobility(P, O, gm->m)) -
		popcount64(mobility(O, P, gm->m));
	int corner = popcount64(P & gm->corners) - popcount64(O & gm->corners);
	int disc = popcount64(P) - popcount64(O);
	return 10 * mob + 50 * corner + disc;
}

/*
 * Features of s, each the count of the player to move minus the
 * opponent's: discs; legal moves (placements); corner discs; discs on
 * X-squares (diagonally next to a corner) whose corner is empty; discs
 * on C-squares (next to a corner along an edge) whose corner is empty;
 * frontier discs (next to an empty cell in any of the 8 directions).
 */
static void oth_features(const gl_game *g, const void *vs, double *out)
{
	const uint64_t col_a = 0x0101010101010101ull, col_h = col_a << 7;
	const oth_geom *gm = g->data;
	const oth_state *s = vs;
	uint64_t P = s->disc[s->side], O = s->disc[s->side ^ 1];
	uint64_t E = gm->m.board & ~(P | O), x = 0, c = 0;
	for (int i = 0; i < 4; i++) {
		if (E & gm->corner[i]) {
			x |= gm->xsq[i];
			c |= gm->csq[i];
		}
	}
	/* the cells next to an empty one; no wrap round a row */
	uint64_t ee = E & ~col_h, ew = E & ~col_a;
	uint64_t near = E << 8 | E >> 8 | ee << 1 | ee << 9 | ee >> 7 |
			ew >> 1 | ew << 7 | ew >> 9;
	out[0] = popcount64(P) - popcount64(O);
	out[1] = popcount64(mobility(P, O, gm->m)) -
		 popcount64(mobility(O, P, gm->m));
	out[2] = popcount64(P & gm->corners) - popcount64(O & gm->corners);
	out[3] = popcount64(P & x) - popcount64(O & x);
	out[4] = popcount64(P & c) - popcount64(O & c);
	out[5] = popcount64(P & near) - popcount64(O & near);
}

const gl_game_type gl_game_othello = {
	.name = "othello",
	.summary = "Othello on n x n (4, 6, 8); X (Black) first (moves a1.., row 1 on top, pass)",
	.params = oth_params,
	.init = oth_init,
	.done = oth_done,
	.start = oth_start,
	.to_move = oth_to_move,
	.legal = oth_legal,
	.apply = oth_apply,
	.terminal = oth_terminal,
	.goals = oth_goals,
	.format_move = oth_format,
	.parse_move = oth_parse,
	.render = oth_render,
	.hash = oth_hash,
	.cells = oth_cells,
	.cell_shape = oth_cell_shape,
	.evaluate = oth_evaluate,
	.features = oth_features,
	.make = oth_make,
	.unmake = oth_unmake,
	.perft = oth_perft,
	.bench_depth = 11,
};
