/*
 * npuzzle.c - the sliding-tile puzzle on an n x n board (the 8-puzzle for
 * n = 3, the 15-puzzle for n = 4), a one-player game for the search and
 * learners. Tiles 1..n*n-1 and a blank; a move slides the blank up, down,
 * left or right by swapping it with the neighbouring tile. The goal is the
 * tiles in order row by row with the blank last ("123/456/78_"). The game
 * ends when solved or after `limit` moves.
 *
 * The start is the `start` parameter ("8-6-7-2-5-4-3-0-1": tiles row by
 * row, 0 the blank), refused when it is not a permutation or cannot reach
 * the goal; or, when `start` is empty, a uniformly random solvable,
 * unsolved permutation drawn from gl_rng seeded with `seed`.
 *
 * Solvability: a move is a transposition (it flips the parity of the
 * arrangement) that moves the blank one step (it flips the parity of the
 * blank's distance from its goal cell), so the goal is reachable exactly
 * when the two parities agree (and then it is: W. W. Johnson and W. E.
 * Story, 1879).
 *
 * Action ids 0..3 are the blank's directions U, D, L, R, with the same
 * letters as text (lower case accepted). Goals: 100 when solved, else
 * 99 * (hmax - h) / hmax rounded down (0..98), h the Manhattan distance
 * of the tiles from their goal cells and hmax = (n*n-1) * 2*(n-1), a bound
 * on h. evaluate() is -h.
 *
 * State layout (the tests read it): bytes 0..n*n-1 the tiles row by row
 * from the top left (0 = blank), the rest of the 25 tile bytes zero. *
 * Observation planes (planes(), for the bindings): n*n planes of n x n,
 * plane v the cell that holds tile v (plane 0 the blank's), one-hot; the
 * moves made are not in them.
 */
#include "games/internal.h"

enum { NP_SIZE_MAX = 5, NP_CELLS_MAX = NP_SIZE_MAX * NP_SIZE_MAX };

enum { NP_UP, NP_DOWN, NP_LEFT, NP_RIGHT };

typedef struct np_state {
	uint8_t tile[NP_CELLS_MAX]; /* tile in each cell, 0 = blank */
	uint8_t blank;              /* the blank's cell */
	uint8_t dist;               /* Manhattan distance h to the goal */
	uint8_t pad;                /* always zero */
	uint16_t moves;             /* moves made */
} np_state;

typedef struct np_data {
	int n;                      /* board side */
	int cells;                  /* n * n */
	int limit;                  /* moves allowed */
	int hmax;                   /* bound on the Manhattan distance */
	np_state start;             /* the start position */
	uint8_t dist[NP_CELLS_MAX][NP_CELLS_MAX]; /* [tile][cell]: tile's
						   * distance from its goal
						   * cell; 0 for the blank */
} np_data;

static const gl_param_def np_params[] = {
	{"size", "3", "board side: 3 = 8-puzzle, 4 = 15-puzzle", 2, NP_SIZE_MAX},
	{"start", "", "tiles row by row joined by '-', 0 = blank; empty: "
		"random (see seed)", 1, 0},
	{"seed", "1", "seed of the random start", 0, 2147483647L},
	{"limit", "80", "moves allowed", 1, 10000},
	{NULL, NULL, NULL, 0, 0}
};

static const char np_dir_text[4] = {'U', 'D', 'L', 'R'};

/* The cell where tile v belongs: tile t in cell t-1, the blank last. */
static int np_home(const np_data *d, int v)
{
	return v ? v - 1 : d->cells - 1;
}

/* Whether tile[0..cells-1] (a permutation) can reach the goal. */
static bool np_solvable(const np_data *d, const uint8_t *tile)
{
	bool seen[NP_CELLS_MAX] = {false};
	int cycles = 0, blank = 0;
	for (int i = 0; i < d->cells; i++) {
		if (tile[i] == 0)
			blank = i;
		if (seen[i])
			continue;
		cycles++;
		for (int j = i; !seen[j]; j = np_home(d, tile[j]))
			seen[j] = true;
	}
	int perm_parity = (d->cells - cycles) & 1;
	int goal = d->cells - 1;
	int bdist = (goal / d->n - blank / d->n) + (goal % d->n - blank % d->n);
	return perm_parity == (bdist & 1);
}

/* Fill s from the tiles: blank cell, distance, no moves made. */
static void np_set(const np_data *d, np_state *s, const uint8_t *tile)
{
	memset(s, 0, sizeof *s);
	memcpy(s->tile, tile, (size_t)d->cells);
	int h = 0;
	for (int i = 0; i < d->cells; i++) {
		if (tile[i] == 0)
			s->blank = (uint8_t)i;
		h += d->dist[tile[i]][i];
	}
	s->dist = (uint8_t)h;
}

/* The start from the `start` text; a one-line error naming `start`. */
static int np_parse_start(np_data *d, const char *text, gl_err *err)
{
	int v[NP_CELLS_MAX];
	uint8_t tile[NP_CELLS_MAX];
	bool seen[NP_CELLS_MAX] = {false};
	int k = parse_int_list(text, v, NP_CELLS_MAX, NP_CELLS_MAX - 1);
	bool ok = k == d->cells;
	for (int i = 0; ok && i < k; i++) {
		ok = v[i] < d->cells && !seen[v[i]];
		if (ok)
			seen[v[i]] = true;
		tile[i] = (uint8_t)v[i];
	}
	if (!ok)
		return gl_fail(err, GL_EINVAL,
			"npuzzle: bad start '%s' (want the %d numbers 0..%d, "
			"each once, joined by '-', 0 = blank)", text, d->cells,
			d->cells - 1);
	if (!np_solvable(d, tile))
		return gl_fail(err, GL_EINVAL,
			"npuzzle: start '%s' is unsolvable (the goal cannot be "
			"reached from it)", text);
	np_set(d, &d->start, tile);
	return 0;
}

/* A uniformly random solvable unsolved start: shuffle; if unsolvable,
 * swap the first two tiles (an involution between the unsolvable and the
 * solvable arrangements with the same blank cell, so uniform); draw again
 * while solved. */
static void np_random_start(np_data *d, uint64_t seed)
{
	gl_rng rng;
	uint8_t tile[NP_CELLS_MAX];
	gl_rng_seed(&rng, seed);
	do {
		for (int i = 0; i < d->cells; i++)
			tile[i] = (uint8_t)i;
		for (int i = d->cells - 1; i > 0; i--) {
			int j = (int)gl_rng_below(&rng, (uint32_t)i + 1);
			uint8_t t = tile[i];
			tile[i] = tile[j];
			tile[j] = t;
		}
		if (!np_solvable(d, tile)) {
			int a = tile[0] ? 0 : 1, b = tile[a + 1] ? a + 1 : a + 2;
			uint8_t t = tile[a];
			tile[a] = tile[b];
			tile[b] = t;
		}
		np_set(d, &d->start, tile);
	} while (d->start.dist == 0);
}

static int np_init(gl_game *g, const gl_params *p, gl_err *err)
{
	np_data *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory making npuzzle");
	d->n = (int)gl_params_int(p, "size");
	d->cells = d->n * d->n;
	d->limit = (int)gl_params_int(p, "limit");
	d->hmax = (d->cells - 1) * 2 * (d->n - 1);
	for (int t = 1; t < d->cells; t++) {
		for (int c = 0; c < d->cells; c++) {
			int h = np_home(d, t);
			int dr = h / d->n - c / d->n, dc = h % d->n - c % d->n;
			d->dist[t][c] = (uint8_t)((dr < 0 ? -dr : dr) +
						  (dc < 0 ? -dc : dc));
		}
	}
	const char *start = gl_params_str(p, "start");
	if (*start) {
		int rc = np_parse_start(d, start, err);
		if (rc) {
			gl_free(d);
			return rc;
		}
	} else {
		np_random_start(d, (uint64_t)gl_params_int(p, "seed"));
	}
	g->data = d;
	g->state_size = sizeof(np_state);
	g->nplayers = 1;
	g->nactions = 4;
	g->max_legal = 4;
	g->max_length = (unsigned)d->limit;
	return 0;
}

static void np_done(gl_game *g)
{
	gl_free(g->data);
	g->data = NULL;
}

static void np_start(const gl_game *g, void *s)
{
	const np_data *d = g->data;
	memcpy(s, &d->start, sizeof d->start);
}

static int np_to_move(const gl_game *g, const void *s)
{
	(void)g;
	(void)s;
	return 0;
}

static bool np_terminal(const gl_game *g, const void *vs)
{
	const np_data *d = g->data;
	const np_state *s = vs;
	return s->dist == 0 || s->moves >= d->limit;
}

static int np_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	const np_data *d = g->data;
	const np_state *s = vs;
	if (np_terminal(g, s))
		return 0;
	int r = s->blank / d->n, c = s->blank % d->n, k = 0;
	if (r > 0)
		moves[k++] = NP_UP;
	if (r < d->n - 1)
		moves[k++] = NP_DOWN;
	if (c > 0)
		moves[k++] = NP_LEFT;
	if (c < d->n - 1)
		moves[k++] = NP_RIGHT;
	return k;
}

/* Cell offset of the blank's step in direction a. */
static int np_step(const np_data *d, gl_action a)
{
	return a == NP_UP ? -d->n : a == NP_DOWN ? d->n : a == NP_LEFT ? -1 : 1;
}

/* Slide the tile in cell `to` into the blank's cell. */
static void np_slide(const np_data *d, np_state *s, int to)
{
	int from = s->blank;
	int t = s->tile[to];
	s->dist = (uint8_t)(s->dist + d->dist[t][from] - d->dist[t][to]);
	s->tile[from] = (uint8_t)t;
	s->tile[to] = 0;
	s->blank = (uint8_t)to;
}

static void np_apply(const gl_game *g, void *vs, gl_action a)
{
	const np_data *d = g->data;
	np_state *s = vs;
	np_slide(d, s, s->blank + np_step(d, a));
	s->moves++;
}

/* The move back is the opposite direction: the undo record is unused. */
static void np_make(const gl_game *g, void *s, gl_action a, gl_undo *u)
{
	(void)u;
	np_apply(g, s, a);
}

static void np_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	(void)u;
	const np_data *d = g->data;
	np_state *s = vs;
	np_slide(d, s, s->blank - np_step(d, a));
	s->moves--;
}

/* At every state: 100 when solved, else 0..98 falling with h. */
static void np_goals(const gl_game *g, const void *vs, int *goals)
{
	const np_data *d = g->data;
	const np_state *s = vs;
	goals[0] = s->dist == 0 ? 100 : 99 * (d->hmax - s->dist) / d->hmax;
}

static int np_evaluate(const gl_game *g, const void *vs)
{
	(void)g;
	return -((const np_state *)vs)->dist;
}

static int np_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)g;
	(void)s;
	return snprintf(buf, n, "%c", np_dir_text[a]);
}

static int np_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)g;
	(void)s;
	for (int i = 0; i < 4; i++) {
		if ((text[0] == np_dir_text[i] ||
		     text[0] == np_dir_text[i] - 'A' + 'a') && !text[1]) {
			*a = i;
			return 0;
		}
	}
	return gl_fail(err, GL_EPARSE,
		"bad npuzzle move '%s' (want U, D, L or R: where the blank "
		"goes)", text);
}

static int np_render(const gl_game *g, const void *vs, char *buf, size_t n)
{
	const np_data *d = g->data;
	const np_state *s = vs;
	textbuf tb;
	tb_init(&tb, buf, n);
	for (int r = 0; r < d->n; r++) {
		for (int c = 0; c < d->n; c++) {
			int t = s->tile[r * d->n + c];
			if (t)
				tb_printf(&tb, "%3d", t);
			else
				tb_printf(&tb, "  _");
		}
		tb_printf(&tb, "\n");
	}
	tb_printf(&tb, "moves %d/%d, Manhattan distance %d%s\n", s->moves,
		d->limit, s->dist, s->dist == 0 ? ": solved" :
		s->moves >= d->limit ? ": out of moves" : "");
	return (int)tb.len;
}

static void np_planes(const gl_game *g, const void *vs, uint8_t *out)
{
	const np_data *d = g->data;
	const np_state *s = vs;
	size_t n = (size_t)d->cells;
	memset(out, 0, n * n);
	for (size_t i = 0; i < n; i++)
		out[s->tile[i] * n + i] = 1;
}

static void np_plane_shape(const gl_game *g, int *planes, int *rows,
	int *cols)
{
	const np_data *d = g->data;
	*planes = d->cells;
	*rows = d->n;
	*cols = d->n;
}

const gl_game_type gl_game_npuzzle = {
	.name = "npuzzle",
	.summary = "sliding-tile puzzle (size=3: 8-puzzle), one player; "
		   "moves U/D/L/R move the blank",
	.params = np_params,
	.init = np_init,
	.done = np_done,
	.start = np_start,
	.to_move = np_to_move,
	.legal = np_legal,
	.apply = np_apply,
	.terminal = np_terminal,
	.goals = np_goals,
	.format_move = np_format,
	.parse_move = np_parse,
	.render = np_render,
	.planes = np_planes,
	.plane_shape = np_plane_shape,
	.evaluate = np_evaluate,
	.make = np_make,
	.unmake = np_unmake,
	.bench_depth = 18,
};
