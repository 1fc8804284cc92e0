/*
 * swap9.c - the one-player test game of Hwang, Hong and Lin, "A Study on
 * Applying Genetic Algorithms to Game Search Trees" (section 3, figure 3-2
 * and table 3-1): nine tiles on a 3x3 board whose rows and columns wrap
 * around (a torus); a move swaps the contents of two neighbouring cells.
 * From picture A (4 6 3 / 7 8 2 / 1 9 5) the player tries to reach
 * picture B (1 2 3 / 4 5 6 / 7 8 9) within `limit` moves.
 *
 * Move codes as in table 3-1: 0 = no move, 1..18 = one swap. The table
 * names the two cells of a swap by the tiles picture A has there; the
 * swaps are fixed pairs of cells, whatever tiles they hold later.
 * Evaluation F = 18 - sum over tiles of the toroidal Manhattan distance
 * (per axis min(d, 3 - d)) to the tile's cell in B: F = 18 exactly when
 * solved, F = 7 at the start; the paper's "errors" are 18 - F.
 *
 * State layout (the tests read it): bytes 0..8 the tiles row by row from
 * the top left, then a zero byte, then the moves made (uint16_t). *
 * Observation planes (planes(), for the bindings): 9 planes of 3 x 3,
 * plane t - 1 the cell that holds tile t (one-hot); the moves made are
 * not in them.
 */
#include "games/internal.h"

#include <ctype.h>

enum { SWAP9_CODES = 19, SWAP9_FMAX = 18 };

typedef struct swap9_state {
	uint8_t tile[9];  /* tile 1..9 in each cell, row by row */
	uint8_t pad;      /* always zero */
	uint16_t moves;   /* moves made so far (code 0 included) */
} swap9_state;

/*
 * Table 3-1 as cell pairs. Picture A, cells numbered row by row:
 *     cell 0 1 2     tile 4 6 3
 *          3 4 5          7 8 2
 *          6 7 8          1 9 5
 * so "4-6" is cells 0-1, "3-4" wraps from cell 2 to cell 0 along row 0,
 * "1-4" wraps from cell 6 to cell 0 along column 0, and so on.
 */
static const uint8_t swap9_pair[SWAP9_CODES][2] = {
	{0, 0}, /*  0: no move */
	{0, 1}, /*  1: 4-6 */
	{1, 2}, /*  2: 6-3 */
	{2, 0}, /*  3: 3-4 (row 0 wraps) */
	{3, 4}, /*  4: 7-8 */
	{4, 5}, /*  5: 8-2 */
	{5, 3}, /*  6: 2-7 (row 1 wraps) */
	{6, 7}, /*  7: 1-9 */
	{7, 8}, /*  8: 9-5 */
	{8, 6}, /*  9: 5-1 (row 2 wraps) */
	{0, 3}, /* 10: 4-7 */
	{3, 6}, /* 11: 7-1 */
	{6, 0}, /* 12: 1-4 (column 0 wraps) */
	{1, 4}, /* 13: 6-8 */
	{4, 7}, /* 14: 8-9 */
	{7, 1}, /* 15: 9-6 (column 1 wraps) */
	{2, 5}, /* 16: 3-2 */
	{5, 8}, /* 17: 2-5 */
	{8, 2}, /* 18: 5-3 (column 2 wraps) */
};

static const uint8_t swap9_start_tiles[9] = {4, 6, 3, 7, 8, 2, 1, 9, 5};

typedef struct swap9_data {
	int limit;           /* moves allowed */
	uint8_t dist[9][10]; /* dist[cell][tile]: toroidal distance from the
			      * cell to the tile's cell in picture B */
} swap9_data;

static const gl_param_def swap9_params[] = {
	{"limit", "15", "moves allowed (the search depth of the paper)", 1, 1000},
	{NULL, NULL, NULL, 0, 0}
};

/* Toroidal Manhattan distance between cells a and b of the 3x3 torus. */
static int torus_dist(int a, int b)
{
	int dr = a / 3 - b / 3, dc = a % 3 - b % 3;
	dr = dr < 0 ? -dr : dr;
	dc = dc < 0 ? -dc : dc;
	return (dr < 3 - dr ? dr : 3 - dr) + (dc < 3 - dc ? dc : 3 - dc);
}

/* F of the paper: 18 minus the distance of every tile from its cell in
 * picture B (tile t belongs in cell t-1). */
static int swap9_f(const gl_game *g, const swap9_state *s)
{
	const swap9_data *d = g->data;
	int sum = 0;
	for (int i = 0; i < 9; i++)
		sum += d->dist[i][s->tile[i]];
	return SWAP9_FMAX - sum;
}

static int swap9_init(gl_game *g, const gl_params *p, gl_err *err)
{
	swap9_data *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory making swap9");
	d->limit = (int)gl_params_int(p, "limit");
	for (int c = 0; c < 9; c++)
		for (int t = 1; t <= 9; t++)
			d->dist[c][t] = (uint8_t)torus_dist(c, t - 1);
	g->data = d;
	g->state_size = sizeof(swap9_state);
	g->nplayers = 1;
	g->nactions = SWAP9_CODES;
	g->max_legal = SWAP9_CODES;
	g->max_length = (unsigned)d->limit;
	return 0;
}

static void swap9_done(gl_game *g)
{
	gl_free(g->data);
	g->data = NULL;
}

static int swap9_limit(const gl_game *g)
{
	return ((const swap9_data *)g->data)->limit;
}

static void swap9_start(const gl_game *g, void *vs)
{
	(void)g;
	swap9_state *s = vs;
	memset(s, 0, sizeof *s);
	memcpy(s->tile, swap9_start_tiles, sizeof s->tile);
}

static int swap9_to_move(const gl_game *g, const void *s)
{
	(void)g;
	(void)s;
	return 0;
}

static bool swap9_solved(const swap9_state *s)
{
	for (int i = 0; i < 9; i++)
		if (s->tile[i] != i + 1)
			return false;
	return true;
}

static bool swap9_terminal(const gl_game *g, const void *vs)
{
	const swap9_state *s = vs;
	return s->moves >= swap9_limit(g) || swap9_solved(s);
}

static int swap9_legal(const gl_game *g, const void *s, gl_action *moves)
{
	if (swap9_terminal(g, s))
		return 0;
	for (int i = 0; i < SWAP9_CODES; i++)
		moves[i] = i;
	return SWAP9_CODES;
}

/* Swap the two cells of code a (code 0 swaps cell 0 with itself). */
static void swap9_swap(swap9_state *s, gl_action a)
{
	int x = swap9_pair[a][0], y = swap9_pair[a][1];
	uint8_t t = s->tile[x];
	s->tile[x] = s->tile[y];
	s->tile[y] = t;
}

static void swap9_apply(const gl_game *g, void *vs, gl_action a)
{
	(void)g;
	swap9_state *s = vs;
	swap9_swap(s, a);
	s->moves++;
}

/* A swap is its own inverse: the undo record is unused. */
static void swap9_make(const gl_game *g, void *s, gl_action a, gl_undo *u)
{
	(void)u;
	swap9_apply(g, s, a);
}

static void swap9_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	(void)g;
	(void)u;
	swap9_state *s = vs;
	swap9_swap(s, a);
	s->moves--;
}

/* At every state: 100 * F / 18 rounded down, so 100 exactly when solved. */
static void swap9_goals(const gl_game *g, const void *s, int *goals)
{
	goals[0] = 100 * swap9_f(g, s) / SWAP9_FMAX;
}

static int swap9_evaluate(const gl_game *g, const void *s)
{
	return swap9_f(g, s);
}

static int swap9_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)g;
	(void)s;
	return snprintf(buf, n, "%d", a);
}

/* A code "0".."18", without sign or leading zeros. */
static int swap9_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)g;
	(void)s;
	int v = -1;
	if (isdigit((unsigned char)text[0]) && !text[1])
		v = text[0] - '0';
	else if (text[0] == '1' && isdigit((unsigned char)text[1]) && !text[2])
		v = 10 + text[1] - '0';
	if (v < 0 || v >= SWAP9_CODES)
		return gl_fail(err, GL_EPARSE,
			"bad swap9 move '%s' (want a code 0..18 of table 3-1; "
			"0 = no move)", text);
	*a = v;
	return 0;
}

static int swap9_render(const gl_game *g, const void *vs, char *buf,
	size_t n)
{
	const swap9_state *s = vs;
	int f = swap9_f(g, s);
	textbuf tb;
	tb_init(&tb, buf, n);
	for (int r = 0; r < 3; r++)
		tb_printf(&tb, " %d %d %d\n", s->tile[3 * r], s->tile[3 * r + 1],
			s->tile[3 * r + 2]);
	tb_printf(&tb, "moves %d/%d, F = %d (errors %d)%s\n", s->moves,
		swap9_limit(g), f, SWAP9_FMAX - f,
		swap9_solved(s) ? ": solved" :
		s->moves >= swap9_limit(g) ? ": out of moves" : "");
	return (int)tb.len;
}

static void swap9_planes(const gl_game *g, const void *vs, uint8_t *out)
{
	(void)g;
	const swap9_state *s = vs;
	memset(out, 0, 9 * 9);
	for (int i = 0; i < 9; i++)
		out[(s->tile[i] - 1) * 9 + i] = 1;
}

static void swap9_plane_shape(const gl_game *g, int *planes, int *rows,
	int *cols)
{
	(void)g;
	*planes = 9;
	*rows = 3;
	*cols = 3;
}

const gl_game_type gl_game_swap9 = {
	.name = "swap9",
	.summary = "Hwang-Hong-Lin 3x3 torus swap puzzle, one player; moves: "
		   "codes 0..18 of their table 3-1",
	.params = swap9_params,
	.init = swap9_init,
	.done = swap9_done,
	.start = swap9_start,
	.to_move = swap9_to_move,
	.legal = swap9_legal,
	.apply = swap9_apply,
	.terminal = swap9_terminal,
	.goals = swap9_goals,
	.format_move = swap9_format,
	.parse_move = swap9_parse,
	.render = swap9_render,
	.planes = swap9_planes,
	.plane_shape = swap9_plane_shape,
	.evaluate = swap9_evaluate,
	.make = swap9_make,
	.unmake = swap9_unmake,
	.bench_depth = 7,
};
