/*
 * nim.c - Nim on up to 8 heaps, the game behind the genetic "triple pairs"
 * learner of the textbook excerpt (three-heap Nim; seeds/README.md gives
 * the resolution of its rules). A move takes at least one object from one
 * heap; in normal play whoever takes the last object wins, in misere play
 * that player loses. evaluate() is exact: Bouton's theorem (C. L. Bouton,
 * "Nim, a game with a complete mathematical theory", 1901) with the misere
 * exception when no heap holds more than one object.
 *
 * Action id = heap * maxh + (take - 1), maxh the largest initial heap, so
 * the ids of one heap are contiguous and legal() lists heap by heap, the
 * smaller takes first. Move text "H:N" takes N from heap H, heaps counted
 * from 1 ("1:2" takes 2 from the first heap).
 *
 * State layout (the tests read it): bytes 0..7 the heaps (unused heaps 0),
 * byte 8 the player to move, then zeros.
 *
 * Observation planes (planes(), for the bindings): 3 planes of nheaps
 * rows by maxh columns: plane 0 the heaps in unary, row h holding 1 in
 * columns 0 .. heap h's objects - 1; plane 1 + p all 1 when player p is
 * to move, else all 0 (the heaps alone do not say whose turn it is).
 */
#include "games/internal.h"

#include <ctype.h>

enum { NIM_HEAPS_MAX = 8, NIM_HEAP_MAX = 63 };

/* Score of a won (lost) position for evaluate(): exact, so far from 0. */
#define NIM_EVAL_WIN 10000

typedef struct nim_state {
	uint8_t heap[NIM_HEAPS_MAX]; /* objects left; unused heaps stay 0 */
	uint8_t side;                /* player to move */
	uint8_t pad[7];              /* always zero */
} nim_state;

typedef struct nim_data {
	int nheaps;                  /* 1 .. NIM_HEAPS_MAX */
	int maxh;                    /* largest initial heap: ids per heap */
	int total;                   /* objects at the start */
	bool misere;                 /* last mover loses */
	uint8_t init[NIM_HEAPS_MAX]; /* initial heaps */
} nim_data;

static const gl_param_def nim_params[] = {
	{"heaps", "3-4-5", "heap sizes joined by '-': 1..8 heaps of 1..63", 1, 0},
	{"misere", "0", "1: whoever takes the last object loses", 0, 1},
	{NULL, NULL, NULL, 0, 0}
};

static int nim_init(gl_game *g, const gl_params *p, gl_err *err)
{
	const char *text = gl_params_str(p, "heaps");
	int h[NIM_HEAPS_MAX];
	int n = parse_int_list(text, h, NIM_HEAPS_MAX, NIM_HEAP_MAX);
	for (int i = 0; i < n; i++)
		if (h[i] < 1)
			n = -1;
	if (n < 1)
		return gl_fail(err, GL_EINVAL,
			"nim: bad heaps '%s' (want 1 to %d heap sizes 1..%d "
			"joined by '-', e.g. 3-4-5)", text, NIM_HEAPS_MAX,
			NIM_HEAP_MAX);
	nim_data *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory making nim");
	d->nheaps = n;
	d->misere = gl_params_int(p, "misere") != 0;
	for (int i = 0; i < n; i++) {
		d->init[i] = (uint8_t)h[i];
		d->total += h[i];
		if (h[i] > d->maxh)
			d->maxh = h[i];
	}
	g->data = d;
	g->state_size = sizeof(nim_state);
	g->nactions = n * d->maxh;
	g->max_legal = (unsigned)d->total; /* one move per object: <= 8 * 63 */
	g->max_length = (unsigned)d->total;
	return 0;
}

static void nim_done(gl_game *g)
{
	gl_free(g->data);
	g->data = NULL;
}

static void nim_start(const gl_game *g, void *vs)
{
	const nim_data *d = g->data;
	nim_state *s = vs;
	memset(s, 0, sizeof *s);
	memcpy(s->heap, d->init, sizeof s->heap);
}

static int nim_to_move(const gl_game *g, const void *s)
{
	(void)g;
	return ((const nim_state *)s)->side;
}

static int nim_left(const nim_state *s)
{
	int t = 0;
	for (int i = 0; i < NIM_HEAPS_MAX; i++)
		t += s->heap[i];
	return t;
}

static bool nim_terminal(const gl_game *g, const void *vs)
{
	(void)g;
	const nim_state *s = vs;
	uint64_t w;
	memcpy(&w, s->heap, sizeof w);
	return w == 0;
}

static int nim_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	const nim_data *d = g->data;
	const nim_state *s = vs;
	int n = 0;
	for (int h = 0; h < d->nheaps; h++)
		for (int t = 0; t < s->heap[h]; t++)
			moves[n++] = h * d->maxh + t;
	return n;
}

static void nim_apply(const gl_game *g, void *vs, gl_action a)
{
	const nim_data *d = g->data;
	nim_state *s = vs;
	s->heap[a / d->maxh] -= (uint8_t)(a % d->maxh + 1);
	s->side ^= 1;
}

/* The undo record is unused: the move itself says what to give back. */
static void nim_make(const gl_game *g, void *s, gl_action a, gl_undo *u)
{
	(void)u;
	nim_apply(g, s, a);
}

static void nim_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	(void)u;
	const nim_data *d = g->data;
	nim_state *s = vs;
	s->heap[a / d->maxh] += (uint8_t)(a % d->maxh + 1);
	s->side ^= 1;
}

/* Defined at the end: the player who took the last object (the one not
 * to move) wins in normal play and loses in misere play. */
static void nim_goals(const gl_game *g, const void *vs, int *goals)
{
	const nim_data *d = g->data;
	const nim_state *s = vs;
	int last = s->side ^ 1;
	goals[last] = d->misere ? 0 : 100;
	goals[last ^ 1] = 100 - goals[last];
}

/* Whether the player to move in the non-terminal s wins with best play:
 * Bouton's nim-sum, and in misere play, when every heap is 0 or 1, the
 * mover wins exactly when an even number of heaps is left. */
static bool nim_mover_wins(const nim_data *d, const nim_state *s)
{
	int x = 0, big = 0, ones = 0;
	for (int i = 0; i < d->nheaps; i++) {
		x ^= s->heap[i];
		big += s->heap[i] > 1;
		ones += s->heap[i] == 1;
	}
	if (d->misere && big == 0)
		return ones % 2 == 0;
	return x != 0;
}

/* Exact: +-NIM_EVAL_WIN, less the objects left so that a search prefers
 * the shorter win and the longer loss among equal results. */
static int nim_evaluate(const gl_game *g, const void *vs)
{
	const nim_state *s = vs;
	int v = NIM_EVAL_WIN - nim_left(s);
	return nim_mover_wins(g->data, s) ? v : -v;
}

static int nim_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)s;
	const nim_data *d = g->data;
	return snprintf(buf, n, "%d:%d", a / d->maxh + 1, a % d->maxh + 1);
}

/* A decimal number of 1..3 digits without sign or leading zero at *p;
 * advances *p. -1 if there is none. */
static int nim_number(const char **p)
{
	const char *q = *p;
	int v = 0, k = 0;
	if (*q == '0')
		return -1;
	while (isdigit((unsigned char)*q) && k < 4) {
		v = v * 10 + (*q++ - '0');
		k++;
	}
	if (k == 0 || k > 3)
		return -1;
	*p = q;
	return v;
}

/* "H:N" with heap H in 1..nheaps and N in 1..maxh; whether heap H still
 * holds N objects is legality, checked by gl_parse_legal(). */
static int nim_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)s;
	const nim_data *d = g->data;
	const char *p = text;
	int h = nim_number(&p);
	int t = -1;
	if (h >= 0 && *p == ':') {
		p++;
		t = nim_number(&p);
	}
	if (h < 1 || h > d->nheaps || t < 1 || t > d->maxh || *p)
		return gl_fail(err, GL_EPARSE,
			"bad nim move '%s' (want HEAP:COUNT, heap 1..%d, "
			"count 1..%d, e.g. 1:2)", text, d->nheaps, d->maxh);
	*a = (h - 1) * d->maxh + (t - 1);
	return 0;
}

static int nim_render(const gl_game *g, const void *vs, char *buf, size_t n)
{
	const nim_data *d = g->data;
	const nim_state *s = vs;
	textbuf tb;
	tb_init(&tb, buf, n);
	for (int h = 0; h < d->nheaps; h++) {
		tb_printf(&tb, "heap %d: %2d ", h + 1, s->heap[h]);
		for (int i = 0; i < s->heap[h]; i++)
			tb_printf(&tb, "|");
		tb_printf(&tb, "\n");
	}
	if (nim_terminal(g, s)) {
		int goals[2];
		nim_goals(g, s, goals);
		tb_printf(&tb, "game over: player %d wins (%s play)\n",
			goals[0] == 100 ? 1 : 2, d->misere ? "misere" : "normal");
	} else {
		tb_printf(&tb, "player %d to move (%s play)\n", s->side + 1,
			d->misere ? "misere" : "normal");
	}
	return (int)tb.len;
}

static void nim_planes(const gl_game *g, const void *vs, uint8_t *out)
{
	const nim_data *d = g->data;
	const nim_state *s = vs;
	size_t n = (size_t)d->nheaps * (size_t)d->maxh;
	for (int h = 0; h < d->nheaps; h++)
		for (int j = 0; j < d->maxh; j++)
			out[(size_t)h * (size_t)d->maxh + (size_t)j] =
				(uint8_t)(j < s->heap[h]);
	for (size_t i = 0; i < n; i++) {
		out[n + i] = (uint8_t)(s->side == 0);
		out[2 * n + i] = (uint8_t)(s->side == 1);
	}
}

static void nim_plane_shape(const gl_game *g, int *planes, int *rows,
	int *cols)
{
	const nim_data *d = g->data;
	*planes = 3;
	*rows = d->nheaps;
	*cols = d->maxh;
}

/* Perft on the heaps alone (unused heaps are empty), with bulk counting
 * at the last ply: the number of moves is the number of objects left. */
static uint64_t nim_perft_rec(uint8_t *heap, int depth)
{
	if (depth == 1) {
		uint64_t t = 0;
		for (int i = 0; i < NIM_HEAPS_MAX; i++)
			t += heap[i];
		return t;
	}
	uint64_t total = 0;
	for (int i = 0; i < NIM_HEAPS_MAX; i++) {
		uint8_t keep = heap[i];
		for (int left = keep - 1; left >= 0; left--) {
			heap[i] = (uint8_t)left;
			total += nim_perft_rec(heap, depth - 1);
		}
		heap[i] = keep;
	}
	return total;
}

static uint64_t nim_perft(const gl_game *g, const void *vs, int depth,
	const gl_scratch *w)
{
	(void)w; /* the engine walks its own fixed-size states */
	(void)g;
	const nim_state *s = vs;
	uint8_t heap[NIM_HEAPS_MAX];
	memcpy(heap, s->heap, sizeof heap);
	return depth <= 0 ? 1 : nim_perft_rec(heap, depth);
}

const gl_game_type gl_game_nim = {
	.name = "nim",
	.summary = "Nim: take 1 or more from one heap; last take wins "
		   "(misere=1: loses); moves H:N",
	.params = nim_params,
	.init = nim_init,
	.done = nim_done,
	.start = nim_start,
	.to_move = nim_to_move,
	.legal = nim_legal,
	.apply = nim_apply,
	.terminal = nim_terminal,
	.goals = nim_goals,
	.format_move = nim_format,
	.parse_move = nim_parse,
	.render = nim_render,
	.planes = nim_planes,
	.plane_shape = nim_plane_shape,
	.evaluate = nim_evaluate,
	.make = nim_make,
	.unmake = nim_unmake,
	.perft = nim_perft,
	.bench_depth = 9,
};
