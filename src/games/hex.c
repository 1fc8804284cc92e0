/*
 * hex.c - Hex (Hein 1942, Nash 1948) on an n x n rhombus, n = 1..11,
 * without the swap rule. X (player 0, Black) moves first and wins by
 * joining the top row to the bottom row; O (player 1) joins the left and
 * right columns. A full board always holds exactly one such chain, so
 * there are no draws and no passes.
 *
 * Cell (r, c) touches (r-1, c), (r-1, c+1), (r, c-1), (r, c+1),
 * (r+1, c-1) and (r+1, c): a1 and the bottom right cell are the acute
 * corners. A move's id is the cell it marks, r * n + c with row 0 on top;
 * its text is "a1".."k11", column letter then row number from the top.
 *
 * Each side's stones are a 128-bit set (two words, cell i at bit i) so
 * that one layout serves every size; neighbours are shifts by 1, n-1 and
 * n with masks for the side columns. A win is found by flooding the new
 * stone's chain after each move and stored in the state.
 */
#include "games/internal.h"

/* A set of cells, cell i at bit i % 64 of word i / 64. */
typedef struct bb128 {
	uint64_t lo, hi;
} bb128;

typedef struct hex_state {
	uint64_t stone[2][2]; /* [player]: cell set as {lo, hi} */
	uint8_t side;         /* player to move */
	uint8_t winner;       /* 0 while playing, else 1 + the player who joined */
	uint8_t pad[6];       /* always zero */
} hex_state;

/* Per-instance tables, made by init. */
typedef struct hex_info {
	int n;         /* board side */
	bb128 board;   /* all n*n cells */
	bb128 edge[2][2]; /* [player][0/1]: the two edges that player joins */
	bb128 notcol0; /* cells not in column 0 */
	bb128 notlast; /* cells not in column n-1 */
} hex_info;

static const gl_param_def hex_params[] = {
	{"size", "3", "board side n (n x n rhombus)", 1, 11},
	{NULL, NULL, NULL, 0, 0}
};

/* --- 128-bit set operations ----------------------------------------------- */

static inline bb128 bb_and(bb128 a, bb128 b)
{
	return (bb128){a.lo & b.lo, a.hi & b.hi};
}

static inline bb128 bb_or(bb128 a, bb128 b)
{
	return (bb128){a.lo | b.lo, a.hi | b.hi};
}

static inline bb128 bb_andnot(bb128 a, bb128 b)
{
	return (bb128){a.lo & ~b.lo, a.hi & ~b.hi};
}

static inline bool bb_any(bb128 a)
{
	return (a.lo | a.hi) != 0;
}

static inline bool bb_eq(bb128 a, bb128 b)
{
	return a.lo == b.lo && a.hi == b.hi;
}

/* Shift towards higher cells by k, 0 <= k < 64. */
static inline bb128 bb_shl(bb128 a, int k)
{
	if (k == 0)
		return a;
	return (bb128){a.lo << k, a.hi << k | a.lo >> (64 - k)};
}

/* Shift towards lower cells by k, 0 <= k < 64. */
static inline bb128 bb_shr(bb128 a, int k)
{
	if (k == 0)
		return a;
	return (bb128){a.lo >> k | a.hi << (64 - k), a.hi >> k};
}

static inline bb128 bb_cell(int i)
{
	return i < 64 ? (bb128){1ULL << i, 0} : (bb128){0, 1ULL << (i - 64)};
}

static inline bool bb_has(bb128 a, int i)
{
	return (i < 64 ? a.lo >> i : a.hi >> (i - 64)) & 1;
}

static inline bb128 stones_of(const hex_state *s, int p)
{
	return (bb128){s->stone[p][0], s->stone[p][1]};
}

/* Every cell adjacent to a cell of a (a itself not included unless a
 * cell of a touches another). */
static bb128 neighbours(const hex_info *h, bb128 a)
{
	int n = h->n;
	bb128 x = bb_or(bb_shr(a, n), bb_shl(a, n));
	bb128 left = bb_or(bb_shr(a, 1), bb_shl(a, n - 1));
	bb128 right = bb_or(bb_shl(a, 1), bb_shr(a, n - 1));
	x = bb_or(x, bb_and(left, h->notlast));
	x = bb_or(x, bb_and(right, h->notcol0));
	return bb_and(x, h->board);
}

/* The cells of `in` connected to seed through cells of `in`, plus seed. */
static bb128 flood(const hex_info *h, bb128 seed, bb128 in)
{
	for (;;) {
		bb128 next = bb_or(seed, bb_and(neighbours(h, seed), in));
		if (bb_eq(next, seed))
			return seed;
		seed = next;
	}
}

/* The same two on boards of up to 64 cells (n <= 8), one word wide: the
 * small boards play faster this way (4x4 perft(9): 8.7 s -> 6.4 s). */
static inline uint64_t neighbours64(const hex_info *h, uint64_t a)
{
	int n = h->n;
	uint64_t left = (a >> 1 | a << (n - 1)) & h->notlast.lo;
	uint64_t right = (a << 1 | a >> (n - 1)) & h->notcol0.lo;
	return (a >> n | a << n | left | right) & h->board.lo;
}

static uint64_t flood64(const hex_info *h, uint64_t seed, uint64_t in)
{
	for (;;) {
		uint64_t next = seed | (neighbours64(h, seed) & in);
		if (next == seed)
			return seed;
		seed = next;
	}
}

/* --- The callbacks ------------------------------------------------------ */

static int hex_init(gl_game *g, const gl_params *p, gl_err *err)
{
	int n = (int)gl_params_int(p, "size");
	if (n < 1 || n > 11)
		return gl_fail(err, GL_EINVAL, "hex: size %d is out of range 1..11", n);
	hex_info *h = gl_calloc(1, sizeof *h);
	if (!h)
		return gl_fail(err, GL_ENOMEM, "out of memory making hex");
	h->n = n;
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			bb128 b = bb_cell(r * n + c);
			h->board = bb_or(h->board, b);
			if (r == 0)
				h->edge[0][0] = bb_or(h->edge[0][0], b);
			if (r == n - 1)
				h->edge[0][1] = bb_or(h->edge[0][1], b);
			if (c == 0)
				h->edge[1][0] = bb_or(h->edge[1][0], b);
			else
				h->notcol0 = bb_or(h->notcol0, b);
			if (c == n - 1)
				h->edge[1][1] = bb_or(h->edge[1][1], b);
			else
				h->notlast = bb_or(h->notlast, b);
		}
	}
	g->data = h;
	g->state_size = sizeof(hex_state);
	g->nactions = n * n;
	g->max_legal = (unsigned)(n * n);
	g->max_length = (unsigned)(n * n);
	g->ncells = (unsigned)(n * n);
	return 0;
}

static void hex_done(gl_game *g)
{
	gl_free(g->data);
	g->data = NULL;
}

static void hex_start(const gl_game *g, void *s)
{
	(void)g;
	memset(s, 0, sizeof(hex_state));
}

static int hex_to_move(const gl_game *g, const void *s)
{
	(void)g;
	return ((const hex_state *)s)->side;
}

static bool hex_terminal(const gl_game *g, const void *s)
{
	(void)g;
	return ((const hex_state *)s)->winner != 0;
}

static int hex_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	const hex_info *h = g->data;
	const hex_state *s = vs;
	if (s->winner)
		return 0;
	bb128 empty = bb_andnot(h->board, bb_or(stones_of(s, 0), stones_of(s, 1)));
	int k = 0;
	for (uint64_t w = empty.lo; w; w &= w - 1)
		moves[k++] = ctz64(w);
	for (uint64_t w = empty.hi; w; w &= w - 1)
		moves[k++] = 64 + ctz64(w);
	return k;
}

/* Mark cell a for the side to move, record a win, pass the turn. */
static void hex_apply(const gl_game *g, void *vs, gl_action a)
{
	const hex_info *h = g->data;
	hex_state *s = vs;
	int p = s->side;
	if (a < 64)
		s->stone[p][0] |= 1ULL << a;
	else
		s->stone[p][1] |= 1ULL << (a - 64);
	/* before the move nobody had joined, so a new chain must hold a */
	bool joined;
	if (h->n <= 8) {
		uint64_t chain = flood64(h, 1ULL << a, s->stone[p][0]);
		joined = (chain & h->edge[p][0].lo) && (chain & h->edge[p][1].lo);
	} else {
		bb128 chain = flood(h, bb_cell(a), stones_of(s, p));
		joined = bb_any(bb_and(chain, h->edge[p][0])) &&
			 bb_any(bb_and(chain, h->edge[p][1]));
	}
	if (joined)
		s->winner = (uint8_t)(1 + p);
	s->side ^= 1;
}

/* make() needs no record: a legal move is only made in a state nobody has
 * won, and unmake() clears exactly the cell the move marked. */
static void hex_make(const gl_game *g, void *s, gl_action a, gl_undo *u)
{
	(void)u;
	hex_apply(g, s, a);
}

static void hex_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	(void)g;
	(void)u;
	hex_state *s = vs;
	s->side ^= 1;
	s->winner = 0;
	if (a < 64)
		s->stone[s->side][0] &= ~(1ULL << a);
	else
		s->stone[s->side][1] &= ~(1ULL << (a - 64));
}

static void hex_goals(const gl_game *g, const void *vs, int *goals)
{
	(void)g;
	const hex_state *s = vs;
	goals[0] = s->winner == 1 ? 100 : s->winner == 2 ? 0 : 50;
	goals[1] = 100 - goals[0];
}

static int hex_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)s;
	const hex_info *h = g->data;
	return coord_format(a % h->n, a / h->n, buf, n);
}

static int hex_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)s;
	const hex_info *h = g->data;
	int c, r;
	if (coord_parse(text, h->n, h->n, &c, &r))
		return gl_fail(err, GL_EPARSE,
			"bad hex move '%s' (want a cell a1..%c%d)", text,
			'a' + h->n - 1, h->n);
	*a = r * h->n + c;
	return 0;
}

typedef struct hex_view {
	const hex_info *h;
	const hex_state *s;
} hex_view;

static char hex_cell(const void *ctx, int r, int c)
{
	const hex_view *v = ctx;
	int i = r * v->h->n + c;
	return bb_has(stones_of(v->s, 0), i) ? 'X' :
	       bb_has(stones_of(v->s, 1), i) ? 'O' : '.';
}

static int hex_render(const gl_game *g, const void *vs, char *buf, size_t n)
{
	const hex_state *s = vs;
	hex_view v = {g->data, s};
	textbuf tb;
	tb_init(&tb, buf, n);
	render_grid(&tb, v.h->n, v.h->n, 1, hex_cell, &v, row_label_top);
	if (s->winner == 1)
		tb_printf(&tb, "game over: X wins (top joined to bottom)\n");
	else if (s->winner == 2)
		tb_printf(&tb, "game over: O wins (left joined to right)\n");
	else
		tb_printf(&tb, "%s to move\n", s->side ? "O (left-right)" :
			"X (top-bottom)");
	return (int)tb.len;
}

static void hex_cells(const gl_game *g, const void *vs, int8_t *owner)
{
	const hex_info *h = g->data;
	const hex_state *s = vs;
	bb128 x = stones_of(s, 0), o = stones_of(s, 1);
	for (int i = 0; i < h->n * h->n; i++)
		owner[i] = (int8_t)(bb_has(x, i) ? 0 : bb_has(o, i) ? 1 : -1);
}

static void hex_cell_shape(const gl_game *g, int *rows, int *cols)
{
	const hex_info *h = g->data;
	*rows = h->n;
	*cols = h->n;
}

/*
 * The fewest empty cells player p must still fill to join its edges
 * (own stones cost 0, empty cells 1, enemy stones are walls): a 0-1
 * breadth-first search done a whole cost level at a time on cell sets.
 * Returns n*n + 1 when the enemy has cut p off.
 */
static int connect_distance(const hex_info *h, const hex_state *s, int p)
{
	bb128 own = stones_of(s, p);
	bb128 empty = bb_andnot(h->board, bb_or(own, stones_of(s, p ^ 1)));
	bb128 from = h->edge[p][0], to = h->edge[p][1];
	bb128 reach = flood(h, bb_and(from, own), own);
	for (int d = 0; d <= h->n * h->n; d++) {
		if (bb_any(bb_and(reach, to)))
			return d;
		bb128 step = bb_and(bb_or(neighbours(h, reach), from), empty);
		bb128 next = flood(h, bb_or(reach, step), own);
		if (bb_eq(next, reach))
			break;
		reach = next;
	}
	return h->n * h->n + 1;
}

/* How many more cells the opponent needs than the side to move, at 100
 * per cell: |value| <= 100 * (n*n + 1). */
static int hex_evaluate(const gl_game *g, const void *vs)
{
	const hex_info *h = g->data;
	const hex_state *s = vs;
	int me = connect_distance(h, s, s->side);
	int op = connect_distance(h, s, s->side ^ 1);
	return 100 * (op - me);
}

/* Perft on the private state: copy-make, with the last ply counted from
 * the empty cells instead of being played. */
static uint64_t hex_perft_rec(const gl_game *g, const hex_state *s, int depth)
{
	const hex_info *h = g->data;
	if (s->winner)
		return 0;
	bb128 empty = bb_andnot(h->board, bb_or(stones_of(s, 0), stones_of(s, 1)));
	if (depth == 1)
		return (uint64_t)(popcount64(empty.lo) + popcount64(empty.hi));
	uint64_t total = 0;
	for (int w = 0; w < 2; w++) {
		for (uint64_t m = w ? empty.hi : empty.lo; m; m &= m - 1) {
			hex_state child = *s;
			hex_apply(g, &child, 64 * w + ctz64(m));
			total += hex_perft_rec(g, &child, depth - 1);
		}
	}
	return total;
}

static uint64_t hex_perft(const gl_game *g, const void *s, int depth,
	const gl_scratch *w)
{
	(void)w; /* the engine walks its own fixed-size states */
	if (depth <= 0)
		return 1;
	return hex_perft_rec(g, s, depth);
}

const gl_game_type gl_game_hex = {
	.name = "hex",
	.summary = "Hex on an n x n rhombus, no swap; X joins top-bottom, O left-right (a1 top left)",
	.params = hex_params,
	.init = hex_init,
	.done = hex_done,
	.start = hex_start,
	.to_move = hex_to_move,
	.legal = hex_legal,
	.apply = hex_apply,
	.terminal = hex_terminal,
	.goals = hex_goals,
	.format_move = hex_format,
	.parse_move = hex_parse,
	.render = hex_render,
	.cells = hex_cells,
	.cell_shape = hex_cell_shape,
	.evaluate = hex_evaluate,
	.make = hex_make,
	.unmake = hex_unmake,
	.perft = hex_perft,
	.bench_depth = 9,
};
