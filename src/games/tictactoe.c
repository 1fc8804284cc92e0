/*
 * tictactoe.c - tic-tac-toe, the first game of Martens (1959) and the
 * source game of Banerjee and Stone (2007).
 *
 * Cells are numbered row by row from the top left, 0..8, and a move's id
 * is the cell it marks; its text is "a1".."c3" (column letter, row number
 * from the top). X (player 0) moves first.
 */
#include "games/internal.h"

typedef struct ttt_state {
	uint16_t mark[2]; /* bit i: the player has marked cell i */
	uint8_t side;     /* player to move */
	uint8_t pad[3];   /* always zero */
} ttt_state;

static const uint16_t lines[8] = {
	0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124
};

static bool has_line(uint16_t m)
{
	for (int i = 0; i < 8; i++)
		if ((m & lines[i]) == lines[i])
			return true;
	return false;
}

static int ttt_init(gl_game *g, const gl_params *p, gl_err *err)
{
	(void)p;
	(void)err;
	g->state_size = sizeof(ttt_state);
	g->nactions = 9;
	g->max_legal = 9;
	g->max_length = 9;
	g->ncells = 9;
	return 0;
}

static void ttt_start(const gl_game *g, void *s)
{
	(void)g;
	memset(s, 0, sizeof(ttt_state));
}

static int ttt_to_move(const gl_game *g, const void *s)
{
	(void)g;
	return ((const ttt_state *)s)->side;
}

static bool ttt_terminal(const gl_game *g, const void *vs)
{
	(void)g;
	const ttt_state *s = vs;
	return has_line(s->mark[0]) || has_line(s->mark[1]) ||
	       (s->mark[0] | s->mark[1]) == 0777;
}

static int ttt_legal(const gl_game *g, const void *vs, gl_action *moves)
{
	const ttt_state *s = vs;
	if (ttt_terminal(g, s))
		return 0;
	int n = 0;
	uint16_t used = s->mark[0] | s->mark[1];
	for (int i = 0; i < 9; i++)
		if (!(used >> i & 1))
			moves[n++] = i;
	return n;
}

static void ttt_apply(const gl_game *g, void *vs, gl_action a)
{
	(void)g;
	ttt_state *s = vs;
	s->mark[s->side] |= (uint16_t)(1u << a);
	s->side ^= 1;
}

static void ttt_make(const gl_game *g, void *s, gl_action a, gl_undo *u)
{
	(void)u;
	ttt_apply(g, s, a);
}

static void ttt_unmake(const gl_game *g, void *vs, gl_action a,
	const gl_undo *u)
{
	(void)g;
	(void)u;
	ttt_state *s = vs;
	s->side ^= 1;
	s->mark[s->side] &= (uint16_t)~(1u << a);
}

static void ttt_goals(const gl_game *g, const void *vs, int *goals)
{
	(void)g;
	const ttt_state *s = vs;
	bool x = has_line(s->mark[0]), o = has_line(s->mark[1]);
	goals[0] = x ? 100 : o ? 0 : 50;
	goals[1] = 100 - goals[0];
}

static int ttt_format(const gl_game *g, const void *s, gl_action a,
	char *buf, size_t n)
{
	(void)g;
	(void)s;
	return coord_format(a % 3, a / 3, buf, n);
}

static int ttt_parse(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)g;
	(void)s;
	int c, r;
	if (coord_parse(text, 3, 3, &c, &r))
		return gl_fail(err, GL_EPARSE,
			"bad tic-tac-toe move '%s' (want a cell a1..c3)", text);
	*a = r * 3 + c;
	return 0;
}

static char ttt_cell(const void *ctx, int r, int c)
{
	const ttt_state *s = ctx;
	int i = r * 3 + c;
	return s->mark[0] >> i & 1 ? 'X' : s->mark[1] >> i & 1 ? 'O' : '.';
}

static int ttt_render(const gl_game *g, const void *vs, char *buf, size_t n)
{
	const ttt_state *s = vs;
	textbuf tb;
	tb_init(&tb, buf, n);
	render_grid(&tb, 3, 3, 0, ttt_cell, s, row_label_top);
	if (ttt_terminal(g, s)) {
		int goals[2];
		ttt_goals(g, s, goals);
		tb_printf(&tb, "game over: %s\n", goals[0] == 100 ? "X wins" :
			goals[0] == 0 ? "O wins" : "draw");
	} else {
		tb_printf(&tb, "%c to move\n", s->side ? 'O' : 'X');
	}
	return (int)tb.len;
}

static void ttt_cells(const gl_game *g, const void *vs, int8_t *owner)
{
	(void)g;
	const ttt_state *s = vs;
	for (int i = 0; i < 9; i++)
		owner[i] = (int8_t)(s->mark[0] >> i & 1 ? 0 :
				    s->mark[1] >> i & 1 ? 1 : -1);
}

static void ttt_cell_shape(const gl_game *g, int *rows, int *cols)
{
	(void)g;
	*rows = 3;
	*cols = 3;
}

/* Lines still open to one side only, weighted by how full they are. */
static int ttt_evaluate(const gl_game *g, const void *vs)
{
	(void)g;
	const ttt_state *s = vs;
	uint16_t me = s->mark[s->side], op = s->mark[s->side ^ 1];
	static const int weight[4] = {0, 1, 10, 100};
	int v = 0;
	for (int i = 0; i < 8; i++) {
		if (!(op & lines[i]))
			v += weight[popcount64(me & lines[i])];
		if (!(me & lines[i]))
			v -= weight[popcount64(op & lines[i])];
	}
	return v;
}

const gl_game_type gl_game_tictactoe = {
	.name = "tictactoe",
	.summary = "tic-tac-toe on 3x3; X moves first (moves a1..c3, row 1 on top)",
	.params = NULL,
	.init = ttt_init,
	.start = ttt_start,
	.to_move = ttt_to_move,
	.legal = ttt_legal,
	.apply = ttt_apply,
	.terminal = ttt_terminal,
	.goals = ttt_goals,
	.format_move = ttt_format,
	.parse_move = ttt_parse,
	.render = ttt_render,
	.cells = ttt_cells,
	.cell_shape = ttt_cell_shape,
	.evaluate = ttt_evaluate,
	.make = ttt_make,
	.unmake = ttt_unmake,
	.bench_depth = 9,
};
