/*
 * connect.c - Connect-k on a w x h board with gravity: Connect-4 (7x6,
 * k=4) and the Connect-3 (5x5, k=3) target game of Banerjee and Stone
 * (2007). A piece drops to the lowest empty cell of its column; k in a row
 * horizontally, vertically or on either diagonal wins; a full board
 * without a line is a draw. X (player 0) moves first.
 *
 * Each side's pieces are a 64-bit bitboard laid out column by column as in
 * J. Tromp's Fhourstones: column c holds bits c*(h+1) .. c*(h+1)+h-1 from
 * the bottom up, and bit c*(h+1)+h is a sentinel that stays empty, so that
 * shifting by 1 (vertical), h+1 (horizontal), h+2 and h (the diagonals)
 * never joins cells across a board edge. Hence w*(h+1) <= 64.
 *
 * A move's id is its column 0..w-1 and its text the column letter "a"..;
 * render() numbers row 1 at the bottom.
 *
 * Observation planes (planes(), for the bindings): 3 planes of h rows by
 * w columns, row 0 the bottom row: plane 0 the empty cells, plane 1 X's
 * pieces, plane 2 O's. (No cells(): the learners that take a board of
 * cells for a placement game must not take this one.)
 */
#include "games/internal.h"

#include <ctype.h>

enum { CONNECT_DIM_MAX = 16, CONNECT_WINDOWS_MAX = 4 * 64 };

typedef struct connect_state {
	uint64_t bb[2];  /* pieces of X and O, column-major with sentinels */
	uint8_t side;    /* player to move */
	uint8_t won;     /* 1: the last move made a line of k */
	uint8_t moves;   /* pieces on the board */
	uint8_t pad[5];  /* always zero */
} connect_state;

typedef struct connect_data {
	int w, h, k;                /* width, height, line length */
	int shift[4];               /* 1, h+1, h+2, h: the four directions */
	int nwindows;               /* lines of k cells on the board */
	uint64_t window[CONNECT_WINDOWS_MAX]; /* their cell masks */
	int weight[CONNECT_DIM_MAX + 1]; /* evaluate(): worth of a window by
					  * how many of its cells one side
					  * holds */
} connect_data;

static const gl_param_def connect_params[] = {
	{"w", "7", "board width (columns)", 1, CONNECT_DIM_MAX},
	{"h", "6", "board height (rows)", 1, CONNECT_DIM_MAX},
	{"k", "4", "line length that wins", 2, CONNECT_DIM_MAX},
	{NULL, NULL, NULL, 0, 0}
};

static inline int bit_of(const connect_data *d, int col, int row)
{
	return col * (d->h + 1) + row;
}

/* Whether the pieces b hold k in a row in direction shift s: after
 * x &= x >> s repeated, bit i is set while cells i, i+s, .. i+j*s are. */
static bool connect_line(const connect_data *d, uint64_t b)
{
	for (int i = 0; i < 4; i++) {
		int s = d->shift[i];
		if ((d->k - 1) * s >= 64)
			continue; /* no k cells fit this way: and no shift >= 64 below */
		uint64_t x = b;
		int have = 1;
		/* doubling: x covers runs of `have` cells, then 2*have, ... */
		while (x && have * 2 <= d->k) {
			x &= x >> (s * have);
			have *= 2;
		}
		if (have < d->k && x) {
			/* the rest: runs of have cells shifted by k - have */
			x &= x >> (s * (d->k - have));
		}
		if (x)
			return true;
	}
	return false;
}

static int connect_init(gl_game *g, const gl_params *p, gl_err *err)
{
	int w = (int)gl_params_int(p, "w");
	int h = (int)gl_params_int(p, "h");
	int k = (int)gl_params_int(p, "k");
	if (k > (w > h ? w : h))
		return gl_fail(err, GL_EINVAL,
			"connect: k=%d is longer than the board (w=%d, h=%d): "
			"want 2 <= k <= max(w,h)", k, w, h);
	if (w * (h + 1) > 64)
		return gl_fail(err, GL_EINVAL,
			"connect: board w=%d, h=%d too large (want w*(h+1) <= 64)",
			w, h);
	connect_data *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory making connect");
	d->w = w;
	d->h = h;
	d->k = k;
	d->shift[0] = 1;
	d->shift[1] = h + 1;
	d->shift[2] = h + 2;
	d->shift[3] = h;
	/* every window of k cells: from each start, in the four directions
	 * up, right, up-right, down-right */
	static const int dc[4] = {0, 1, 1, 1}, dr[4] = {1, 0, 1, -1};
	for (int c = 0; c < w; c++) {
		for (int r = 0; r < h; r++) {
			for (int dir = 0; dir < 4; dir++) {
				int ec = c + dc[dir] * (k - 1);
				int er = r + dr[dir] * (k - 1);
				if (ec >= w || er < 0 || er >= h)
					continue;
				uint64_t m = 0;
				for (int i = 0; i < k; i++)
					m |= 1ull << bit_of(d, c + dc[dir] * i,
						r + dr[dir] * i);
				d->window[d->nwindows++] = m;
			}
		}
	}
	/* 1, 4, 16, ... capped so that the sum stays far inside the
	 * evaluation bound: at most 256 windows * 1024 */
	for (int i = 1; i <= CONNECT_DIM_MAX; i++)
		d->weight[i] = i > 6 ? 1024 : 1 << (2 * (i - 1));
	g->data = d;
	g->state_size = sizeof(connect_state);
	g->nactions = w;
	g->max_legal = (unsigned)w;
	g->max_length = (unsigned)(w * h);
	return 0;
}

static void connect_done(gl_game *g)
{
	gl_free(g->data);
	g->data = NULL;
}

static void connect_start(const gl_game *g, void *s)
{
	(void)g;
	memset(s, 0, sizeof(connect_state));
}

static int connect_to_move(const gl_game *g, const void *s)
{
	(void)g;
	return ((const connect_state *)s)->side;
}

static bool connect_terminal(const gl_game *g, const void *vs)
{
	const connect_data *d = g->data;
	const connect_state *s = vs;
	return s->won || s->moves == d->w * d->h;
}

/* Pieces in column c of the occupancy mask m. */
static inline int col_height(const connect_data *d, uint64_t m, int c)
{
	uint64_t colmask = ((1ull << d->h) - 1) << bit_of(d, c, 0);
	return popcount64(m & colmask);
}

static int connect_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	const connect_data *d = g->data;
	const connect_state *s = vs;
	if (connect_terminal(g, s))
		return 0;
	uint64_t m = s->bb[0] | s->bb[1];
	int n = 0;
	for (int c = 0; c < d->w; c++)
		if (!(m >> bit_of(d, c, d->h - 1) & 1))
			moves[n++] = c;
	return n;
}

static void connect_apply(const gl_game *g, void *vs, gl_action a)
{
	const connect_data *d = g->data;
	connect_state *s = vs;
	uint64_t m = s->bb[0] | s->bb[1];
	s->bb[s->side] |= 1ull << bit_of(d, a, col_height(d, m, a));
	s->won = connect_line(d, s->bb[s->side]);
	s->moves++;
	s->side ^= 1;
}

/* The undo record is unused: the column says which piece to lift, and a
 * move is only made from a position where nobody had won. */
static void connect_make(const gl_game *g, void *s, gl_action a, gl_undo *u)
{
	(void)u;
	connect_apply(g, s, a);
}

static void connect_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	(void)u;
	const connect_data *d = g->data;
	connect_state *s = vs;
	uint64_t m = s->bb[0] | s->bb[1];
	s->side ^= 1;
	s->bb[s->side] &= ~(1ull << bit_of(d, a, col_height(d, m, a) - 1));
	s->won = 0;
	s->moves--;
}

static void connect_goals(const gl_game *g, const void *vs, int *goals)
{
	(void)g;
	const connect_state *s = vs;
	if (s->won) {
		goals[s->side ^ 1] = 100;
		goals[s->side] = 0;
	} else {
		goals[0] = goals[1] = 50;
	}
}

static int connect_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)g;
	(void)s;
	return snprintf(buf, n, "%c", 'a' + a);
}

static int connect_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)s;
	const connect_data *d = g->data;
	int c = isalpha((unsigned char)text[0]) ?
		tolower((unsigned char)text[0]) - 'a' : -1;
	if (c < 0 || c >= d->w || text[1])
		return gl_fail(err, GL_EPARSE,
			"bad connect move '%s' (want a column letter a..%c)",
			text, 'a' + d->w - 1);
	*a = c;
	return 0;
}

typedef struct connect_view {
	const connect_data *d;
	const connect_state *s;
} connect_view;

static char connect_cell(const void *ctx, int r, int c)
{
	const connect_view *v = ctx;
	int bit = bit_of(v->d, c, v->d->h - 1 - r);
	return v->s->bb[0] >> bit & 1 ? 'X' : v->s->bb[1] >> bit & 1 ? 'O' : '.';
}

static int connect_render(const gl_game *g, const void *vs, char *buf,
	size_t n)
{
	const connect_data *d = g->data;
	const connect_state *s = vs;
	connect_view v = {d, s};
	textbuf tb;
	tb_init(&tb, buf, n);
	render_grid(&tb, d->h, d->w, 0, connect_cell, &v, row_label_bottom);
	if (connect_terminal(g, s))
		tb_printf(&tb, "game over: %s\n", !s->won ? "draw" :
			s->side ? "X wins" : "O wins");
	else
		tb_printf(&tb, "%c to move (connect %d)\n", s->side ? 'O' : 'X',
			d->k);
	return (int)tb.len;
}

static void connect_planes(const gl_game *g, const void *vs, uint8_t *out)
{
	const connect_data *d = g->data;
	const connect_state *s = vs;
	size_t n = (size_t)d->w * (size_t)d->h;
	for (int r = 0; r < d->h; r++)
		for (int c = 0; c < d->w; c++) {
			int bit = bit_of(d, c, r);
			size_t i = (size_t)r * (size_t)d->w + (size_t)c;
			uint8_t x = (uint8_t)(s->bb[0] >> bit & 1);
			uint8_t o = (uint8_t)(s->bb[1] >> bit & 1);
			out[i] = (uint8_t)(!x && !o);
			out[n + i] = x;
			out[2 * n + i] = o;
		}
}

static void connect_plane_shape(const gl_game *g, int *planes, int *rows,
	int *cols)
{
	const connect_data *d = g->data;
	*planes = 3;
	*rows = d->h;
	*cols = d->w;
}

/* Windows of k cells still open to one side only, weighted by how many
 * of their cells that side holds: the mover's minus the opponent's. */
static int connect_evaluate(const gl_game *g, const void *vs)
{
	const connect_data *d = g->data;
	const connect_state *s = vs;
	uint64_t me = s->bb[s->side], op = s->bb[s->side ^ 1];
	int v = 0;
	for (int i = 0; i < d->nwindows; i++) {
		uint64_t m = d->window[i];
		int a = popcount64(me & m), b = popcount64(op & m);
		if (b == 0)
			v += d->weight[a]; /* weight[0] is 0 */
		else if (a == 0)
			v -= d->weight[b];
	}
	return v;
}

/* Native perft on the two bitboards, counting the last ply in bulk. */
static uint64_t connect_perft_rec(const connect_data *d, uint64_t me,
	uint64_t op, int moves, int depth)
{
	uint64_t m = me | op;
	uint64_t total = 0;
	if (moves == d->w * d->h)
		return 0;
	for (int c = 0; c < d->w; c++) {
		int ht = col_height(d, m, c);
		if (ht == d->h)
			continue;
		if (depth == 1) {
			total++;
			continue;
		}
		uint64_t nb = me | 1ull << bit_of(d, c, ht);
		if (connect_line(d, nb))
			continue; /* the game ends: not extended */
		total += connect_perft_rec(d, op, nb, moves + 1, depth - 1);
	}
	return total;
}

static uint64_t connect_perft(const gl_game *g, const void *vs, int depth,
	const gl_scratch *w)
{
	(void)w; /* the engine walks its own fixed-size states */
	const connect_state *s = vs;
	if (depth <= 0)
		return 1;
	if (s->won)
		return 0;
	return connect_perft_rec(g->data, s->bb[s->side], s->bb[s->side ^ 1],
		s->moves, depth);
}

const gl_game_type gl_game_connect = {
	.name = "connect",
	.summary = "Connect-k with gravity on a w x h board (connect4: 7x6, "
		   "k=4); X first; moves: column letters",
	.params = connect_params,
	.init = connect_init,
	.done = connect_done,
	.start = connect_start,
	.to_move = connect_to_move,
	.legal = connect_legal,
	.apply = connect_apply,
	.terminal = connect_terminal,
	.goals = connect_goals,
	.format_move = connect_format,
	.parse_move = connect_parse,
	.render = connect_render,
	.planes = connect_planes,
	.plane_shape = connect_plane_shape,
	.evaluate = connect_evaluate,
	.make = connect_make,
	.unmake = connect_unmake,
	.perft = connect_perft,
	.bench_depth = 10,
};
