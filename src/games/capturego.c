/*
 * capturego.c - Capture Go (also called Atari Go or "first capture"), the
 * Go variant used to teach beginners, on an n x n board, n = 2..8.
 *
 * Players place stones on empty points, Black (X, player 0) first. After a
 * placement the opponent's chains without a liberty are captured, and the
 * first capture of one or more stones wins at once (100 to 0). A placement
 * that captures nothing and leaves its own chain without a liberty is
 * suicide and illegal; a capture that fills the capturer's own last
 * liberty is a capture. A player with no legal placement must pass (and
 * may pass only then). When neither side could place, the game ends and
 * area scoring decides: stones plus the empty regions bordered by one
 * colour only; equal areas are a draw (no komi).
 *
 * That last rule never fires in play from the start: a point that is
 * illegal for one colour is legal for the other (it has no empty
 * neighbour, so either it takes the last liberty of an adjacent enemy
 * chain, which the other colour then captures, or all its neighbours are
 * the other colour's chains that keep a liberty elsewhere). Neither side
 * can place only on a full board, and the placement that would fill the
 * board is either a capture or suicide. Every game thus ends by capture;
 * the area rule is kept because it is the rule, and tested on boards
 * built by hand.
 *
 * Points are numbered row by row from the TOP left, id = r * n + c, so
 * that cells() follows the drawing; a move's text is Go-like, column
 * letter then row number counted from the BOTTOM ("a1" is the bottom left
 * point, id (n-1) * n), so the text row is n - r. Pass is id n * n, text
 * "pass". Each colour's stones are one 64-bit set.
 */
#include "games/internal.h"

#include <strings.h>

typedef struct cg_state {
	uint64_t stone[2]; /* [player]: bit r * n + c, row 0 on top */
	uint8_t side;      /* player to move */
	uint8_t winner;    /* 0 while playing, else 1 + the player who captured */
	uint8_t pad[6];    /* always zero */
} cg_state;

/* Per-instance tables, made by init. */
typedef struct cg_info {
	int n;            /* board side */
	uint64_t board;   /* all n*n points */
	uint64_t notcol0; /* points not in column 0 */
	uint64_t notlast; /* points not in column n-1 */
} cg_info;

static const gl_param_def cg_params[] = {
	{"size", "3", "board side n (n x n points)", 2, 8},
	{NULL, NULL, NULL, 0, 0}
};

/* Points next to a point of a, on the board. */
static inline uint64_t neighbours(const cg_info *h, uint64_t a)
{
	return (((a << 1) & h->notcol0) | ((a >> 1) & h->notlast) |
		(a << h->n) | (a >> h->n)) & h->board;
}

/* The chain of `in` holding seed (seed must be a subset of in). */
static inline uint64_t chain_of(const cg_info *h, uint64_t seed, uint64_t in)
{
	for (;;) {
		uint64_t next = seed | (neighbours(h, seed) & in);
		if (next == seed)
			return seed;
		seed = next;
	}
}

static inline uint64_t empty_points(const cg_info *h, const cg_state *s)
{
	return h->board & ~(s->stone[0] | s->stone[1]);
}

/*
 * The points where player p may place: those with an empty neighbour,
 * the liberties of p's chains that have another liberty (joining keeps
 * one), and the last liberty of each enemy chain in atari (a capture).
 */
static uint64_t placements(const cg_info *h, const cg_state *s, int p)
{
	uint64_t empty = empty_points(h, s);
	uint64_t legal = empty & neighbours(h, empty);
	uint64_t rest = empty & ~legal;
	if (!rest)
		return legal;
	for (int q = 0; q < 2; q++) {
		uint64_t todo = s->stone[q] & neighbours(h, rest);
		while (todo) {
			uint64_t chain = chain_of(h, todo & -todo, s->stone[q]);
			uint64_t libs = neighbours(h, chain) & empty;
			todo &= ~chain;
			int k = popcount64(libs);
			if (q == p ? k >= 2 : k == 1)
				legal |= libs & rest;
		}
	}
	return legal;
}

/* Whether neither side can place: then the game is over on area. */
static bool nobody_places(const cg_info *h, const cg_state *s)
{
	return !placements(h, s, s->side) && !placements(h, s, s->side ^ 1);
}

/* Place a stone of the side to move on point a; remove the enemy chains
 * left without a liberty, record a capture, pass the turn. Returns the
 * captured stones. */
static uint64_t cg_play(const cg_info *h, cg_state *s, gl_action a)
{
	int p = s->side;
	uint64_t bit = 1ULL << a, captured = 0;
	s->stone[p] |= bit;
	uint64_t empty = empty_points(h, s);
	uint64_t todo = neighbours(h, bit) & s->stone[p ^ 1];
	while (todo) {
		uint64_t chain = chain_of(h, todo & -todo, s->stone[p ^ 1]);
		todo &= ~chain;
		if (!(neighbours(h, chain) & empty))
			captured |= chain;
	}
	if (captured) {
		s->stone[p ^ 1] &= ~captured;
		s->winner = (uint8_t)(1 + p);
	}
	s->side ^= 1;
	return captured;
}

/* --- The callbacks ------------------------------------------------------ */

static int cg_init(gl_game *g, const gl_params *p, gl_err *err)
{
	int n = (int)gl_params_int(p, "size");
	if (n < 2 || n > 8)
		return gl_fail(err, GL_EINVAL,
			"capturego: size %d is out of range 2..8", n);
	cg_info *h = gl_calloc(1, sizeof *h);
	if (!h)
		return gl_fail(err, GL_ENOMEM, "out of memory making capturego");
	h->n = n;
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			uint64_t b = 1ULL << (r * n + c);
			h->board |= b;
			if (c != 0)
				h->notcol0 |= b;
			if (c != n - 1)
				h->notlast |= b;
		}
	}
	g->data = h;
	g->state_size = sizeof(cg_state);
	g->nactions = n * n + 1;
	g->max_legal = (unsigned)(n * n);
	/* At most n*n placements (no stone leaves the board before the
	 * capture that ends the game); a pass is never first, never follows
	 * a pass and never ends the game, so passes < placements. */
	g->max_length = (unsigned)(2 * n * n - 1);
	g->ncells = (unsigned)(n * n);
	return 0;
}

static void cg_done(gl_game *g)
{
	gl_free(g->data);
	g->data = NULL;
}

static void cg_start(const gl_game *g, void *s)
{
	(void)g;
	memset(s, 0, sizeof(cg_state));
}

static int cg_to_move(const gl_game *g, const void *s)
{
	(void)g;
	return ((const cg_state *)s)->side;
}

static bool cg_terminal(const gl_game *g, const void *vs)
{
	const cg_state *s = vs;
	return s->winner || nobody_places(g->data, s);
}

static int cg_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	const cg_info *h = g->data;
	const cg_state *s = vs;
	if (s->winner)
		return 0;
	int k = 0;
	uint64_t m = placements(h, s, s->side);
	for (; m; m &= m - 1)
		moves[k++] = ctz64(m);
	if (k == 0 && placements(h, s, s->side ^ 1))
		moves[k++] = h->n * h->n; /* forced pass */
	return k;
}

static void cg_apply(const gl_game *g, void *vs, gl_action a)
{
	const cg_info *h = g->data;
	cg_state *s = vs;
	if (a == h->n * h->n)
		s->side ^= 1;
	else
		cg_play(h, s, a);
}

/* The undo record keeps the captured stones in w[0]; a legal move is only
 * made before any capture, so unmake() clears the winner. */
static void cg_make(const gl_game *g, void *vs, gl_action a, gl_undo *u)
{
	const cg_info *h = g->data;
	cg_state *s = vs;
	if (a == h->n * h->n) {
		s->side ^= 1;
		u->w[0] = 0;
	} else {
		u->w[0] = cg_play(h, s, a);
	}
}

static void cg_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	const cg_info *h = g->data;
	cg_state *s = vs;
	s->side ^= 1;
	if (a == h->n * h->n)
		return;
	s->stone[s->side] &= ~(1ULL << a);
	s->stone[s->side ^ 1] |= u->w[0];
	s->winner = 0;
}

/* Area of each side: its stones plus the empty regions that touch its
 * stones and none of the other side's. */
static void area_score(const cg_info *h, const cg_state *s, int *area)
{
	uint64_t empty = empty_points(h, s);
	area[0] = popcount64(s->stone[0]);
	area[1] = popcount64(s->stone[1]);
	while (empty) {
		uint64_t region = chain_of(h, empty & -empty, empty);
		uint64_t border = neighbours(h, region);
		empty &= ~region;
		bool b = (border & s->stone[0]) != 0;
		bool w = (border & s->stone[1]) != 0;
		if (b != w)
			area[w] += popcount64(region);
	}
}

static void cg_goals(const gl_game *g, const void *vs, int *goals)
{
	const cg_state *s = vs;
	if (s->winner) {
		goals[0] = s->winner == 1 ? 100 : 0;
	} else {
		int area[2];
		area_score(g->data, s, area);
		goals[0] = area[0] > area[1] ? 100 : area[0] < area[1] ? 0 : 50;
	}
	goals[1] = 100 - goals[0];
}

static int cg_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)s;
	const cg_info *h = g->data;
	if (a == h->n * h->n)
		return snprintf(buf, n, "pass");
	return coord_format(a % h->n, h->n - 1 - a / h->n, buf, n);
}

static int cg_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)s;
	const cg_info *h = g->data;
	int c, r;
	if (strcasecmp(text, "pass") == 0) {
		*a = h->n * h->n;
		return 0;
	}
	if (coord_parse(text, h->n, h->n, &c, &r))
		return gl_fail(err, GL_EPARSE,
			"bad capturego move '%s' (want a point a1..%c%d or pass)",
			text, 'a' + h->n - 1, h->n);
	*a = (h->n - 1 - r) * h->n + c;
	return 0;
}

typedef struct cg_view {
	const cg_info *h;
	const cg_state *s;
} cg_view;

static char cg_cell(const void *ctx, int r, int c)
{
	const cg_view *v = ctx;
	uint64_t bit = 1ULL << (r * v->h->n + c);
	return v->s->stone[0] & bit ? 'X' : v->s->stone[1] & bit ? 'O' : '.';
}

static int cg_render(const gl_game *g, const void *vs, char *buf, size_t n)
{
	const cg_info *h = g->data;
	const cg_state *s = vs;
	cg_view v = {h, s};
	textbuf tb;
	tb_init(&tb, buf, n);
	render_grid(&tb, h->n, h->n, 0, cg_cell, &v, row_label_bottom);
	if (s->winner) {
		tb_printf(&tb, "game over: %s wins by capture\n",
			s->winner == 1 ? "X (Black)" : "O (White)");
	} else if (nobody_places(h, s)) {
		int area[2];
		area_score(h, s, area);
		tb_printf(&tb, "game over, area X %d O %d: %s\n", area[0],
			area[1], area[0] > area[1] ? "X (Black) wins" :
			area[0] < area[1] ? "O (White) wins" : "draw");
	} else {
		tb_printf(&tb, "%s to move%s\n",
			s->side ? "O (White)" : "X (Black)",
			placements(h, s, s->side) ? "" : " (must pass)");
	}
	return (int)tb.len;
}

static void cg_cells(const gl_game *g, const void *vs, int8_t *owner)
{
	const cg_info *h = g->data;
	const cg_state *s = vs;
	for (int i = 0; i < h->n * h->n; i++)
		owner[i] = (int8_t)(s->stone[0] >> i & 1 ? 0 :
				    s->stone[1] >> i & 1 ? 1 : -1);
}

static void cg_cell_shape(const gl_game *g, int *rows, int *cols)
{
	const cg_info *h = g->data;
	*rows = h->n;
	*cols = h->n;
}

/* Liberty facts about one colour's chains. */
typedef struct chain_stats {
	int atari;   /* chains with one liberty */
	int minlibs; /* fewest liberties of a chain (5 if no chain) */
	int libs;    /* empty points next to the colour's stones */
} chain_stats;

static chain_stats stats_of(const cg_info *h, uint64_t stones, uint64_t empty)
{
	chain_stats st = {0, 5, popcount64(neighbours(h, stones) & empty)};
	while (stones) {
		uint64_t chain = chain_of(h, stones & -stones, stones);
		int k = popcount64(neighbours(h, chain) & empty);
		stones &= ~chain;
		st.atari += k == 1;
		if (k < st.minlibs)
			st.minlibs = k;
	}
	return st;
}

/*
 * For the side to move: an enemy chain in atari is a win now (+9000);
 * two own chains in atari are usually a loss (-4000); otherwise the
 * weakest chains' liberties (100 each) and all liberties (10 each).
 * |value| <= 9000.
 */
static int cg_evaluate(const gl_game *g, const void *vs)
{
	const cg_info *h = g->data;
	const cg_state *s = vs;
	uint64_t empty = empty_points(h, s);
	chain_stats me = stats_of(h, s->stone[s->side], empty);
	chain_stats op = stats_of(h, s->stone[s->side ^ 1], empty);
	if (op.atari)
		return 9000;
	if (me.atari >= 2)
		return -4000;
	int v = 100 * (me.minlibs - op.minlibs) + 10 * (me.libs - op.libs);
	return v > 3000 ? 3000 : v < -3000 ? -3000 : v;
}

/* Perft on the private state: copy-make, with the last ply counted from
 * the placement set instead of being played. */
static uint64_t cg_perft_rec(const cg_info *h, const cg_state *s, int depth)
{
	if (s->winner)
		return 0;
	uint64_t m = placements(h, s, s->side);
	if (!m) {
		if (!placements(h, s, s->side ^ 1))
			return 0;
		if (depth == 1)
			return 1;
		cg_state child = *s;
		child.side ^= 1;
		return cg_perft_rec(h, &child, depth - 1);
	}
	if (depth == 1)
		return (uint64_t)popcount64(m);
	uint64_t total = 0;
	for (; m; m &= m - 1) {
		cg_state child = *s;
		cg_play(h, &child, ctz64(m));
		total += cg_perft_rec(h, &child, depth - 1);
	}
	return total;
}

static uint64_t cg_perft(const gl_game *g, const void *s, int depth,
	const gl_scratch *w)
{
	(void)w; /* the engine walks its own fixed-size states */
	if (depth <= 0)
		return 1;
	return cg_perft_rec(g->data, s, depth);
}

const gl_game_type gl_game_capturego = {
	.name = "capturego",
	.summary = "Capture Go on n x n: first capture wins; X (Black) first (a1 bottom left)",
	.params = cg_params,
	.init = cg_init,
	.done = cg_done,
	.start = cg_start,
	.to_move = cg_to_move,
	.legal = cg_legal,
	.apply = cg_apply,
	.terminal = cg_terminal,
	.goals = cg_goals,
	.format_move = cg_format,
	.parse_move = cg_parse,
	.render = cg_render,
	.cells = cg_cells,
	.cell_shape = cg_cell_shape,
	.evaluate = cg_evaluate,
	.make = cg_make,
	.unmake = cg_unmake,
	.perft = cg_perft,
	.bench_depth = 11,
};
