/*
 * martens_teachers.c - the opponents that the experiment `martens` teaches
 * Martens' machines with, beyond the library's `perfect` (H. H. Martens,
 * "Two Notes on Machine 'Learning'", 1959). They are agent types passed to
 * gl_agent_new as its extra list (gl_martens_teachers):
 *   - `person`: a model of the person who taught the machine (Note I, 2):
 *     a few opening lines it repeats, and otherwise the exact solver's
 *     play with a blunder (a uniformly random legal move) at probability
 *     `blunder`, so that it can lose, as the paper's opponent did;
 *   - `misere`: the perfect player of the game with win and loss swapped
 *     (the misere evaluation of Note II's second evaluation), solved
 *     exactly by the judge of martens.h;
 *   - `diag`: a tic-tac-toe opponent that plays for a diagonal, with an
 *     extra mark first or without (Note I, 2.2: "having lost to a diagonal
 *     three-on-a-row with an extra mark on the board, it will not block a
 *     pure diagonal three-on-a-row").
 */
#include "martens_internal.h"

#include "gamelearn/agent.h"
#include "gamelearn/martens.h"
#include "gamelearn/search.h"

#include <string.h>

/* --- person ------------------------------------------------------------------ */

static const gl_param_def person_params[] = {
	{"blunder", "0.1", "probability of a uniformly random legal move outside its opening lines", 1, 0},
	{"lines", "3", "opening lines it repeats (0: none, it varies among equal best moves)", 0, 50},
	{"depth", "2", "its own moves that an opening line fixes", 0, 64},
	{"seed", "1", "chooses its opening lines (a person has a few of his own)", 0, 2147483647L},
	{"open", "-1", "its first move when it moves first: this cell (-1: its line decides)", -1, 127},
	{"nodiag", "0", "1: never completes a diagonal of a 3x3 board itself (keeps the machine "
		"ignorant of diagonals)", 0, 1},
	{"tt", "1", "solver table size in MiB", 1, 4096},
	{NULL, NULL, NULL, 0, 0}
};

typedef struct person {
	gl_solver *sv;
	double blunder;
	int lines, depth, open;
	bool nodiag;
	uint64_t seed;
	int own;            /* its own moves in this match */
	int line;           /* this match's opening line, -1 none */
	gl_action *moves;   /* [max_legal] legal moves */
	int *values;        /* [max_legal] their exact values */
	gl_action *cand;    /* [max_legal] moves it may play */
	int *cval;          /* [max_legal] their values */
	int8_t *owner;      /* [ncells] a board's cells */
} person;

static bool board9(const gl_game *g)
{
	return g->type->cells && g->ncells == 9 && g->nactions == 9;
}

static void person_done(gl_agent *a)
{
	person *p = a->data;
	gl_solver_free(p->sv);
	gl_free(p->moves);
	gl_free(p->values);
	gl_free(p->cand);
	gl_free(p->cval);
	gl_free(p->owner);
	gl_free(p);
}

static int person_init(gl_agent *a, const gl_params *pr, gl_err *err)
{
	const gl_game *g = a->game;
	size_t n = g->max_legal;
	person *p = gl_calloc(1, sizeof *p);
	if (!p)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent person");
	a->data = p;
	if (gl_params_real(pr, "blunder", "agent person", 0, 1, &p->blunder, err)) {
		person_done(a);
		return err->code;
	}
	p->lines = (int)gl_params_int(pr, "lines");
	p->depth = (int)gl_params_int(pr, "depth");
	p->open = (int)gl_params_int(pr, "open");
	p->nodiag = gl_params_int(pr, "nodiag") != 0;
	p->seed = (uint64_t)gl_params_int(pr, "seed");
	if (p->nodiag && !board9(g)) {
		person_done(a);
		return gl_fail(err, GL_EINVAL, "agent person: nodiag needs a 3x3 board, not %s",
			g->spec);
	}
	if (!(p->sv = gl_solver_new(g, (size_t)gl_params_int(pr, "tt") << 20, err))) {
		person_done(a);
		return err->code ? err->code : GL_ENOMEM;
	}
	p->moves = gl_malloc(n * sizeof *p->moves);
	p->values = gl_malloc(n * sizeof *p->values);
	p->cand = gl_malloc(n * sizeof *p->cand);
	p->cval = gl_malloc(n * sizeof *p->cval);
	p->owner = gl_malloc(g->ncells ? g->ncells : 1);
	if (!p->moves || !p->values || !p->cand || !p->cval || !p->owner) {
		person_done(a);
		return gl_fail(err, GL_ENOMEM, "out of memory making agent person");
	}
	return 0;
}

static int person_begin(gl_agent *a, gl_err *err)
{
	(void)err;
	person *p = a->data;
	p->own = 0;
	p->line = p->lines > 0 ? (int)gl_rng_below(&a->rng, (uint32_t)p->lines) : -1;
	return 0;
}

static void person_observe(gl_agent *a, const void *s, int player, gl_action move)
{
	(void)s;
	(void)move;
	person *p = a->data;
	if (player == a->role)
		p->own++;
}

const int martens_lines[8][3] = {
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}
};

int martens_two_and_empty(const int8_t *owner, int l, int p)
{
	int mine = 0, empty = -1;
	for (int k = 0; k < 3; k++) {
		int c = martens_lines[l][k];
		if (owner[c] == p)
			mine++;
		else if (owner[c] < 0)
			empty = c;
	}
	return mine == 2 ? empty : -1;
}

/* Whether marking cell m completes a diagonal of player me (owner: the
 * board's cells). */
static bool completes_diagonal(const int8_t *owner, int me, int m)
{
	for (int l = MARTENS_DIAG; l < 8; l++) {
		int mine = 0;
		bool in = false;
		for (int k = 0; k < 3; k++) {
			in |= martens_lines[l][k] == m;
			mine += owner[martens_lines[l][k]] == me;
		}
		if (in && mine == 2)
			return true;
	}
	return false;
}

static int person_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	person *p = a->data;
	const gl_game *g = a->game;
	int n, nc = 0, top = -1, nbest = 0;
	int rc = gl_solve_moves(p->sv, s, p->moves, p->values, &n);
	if (rc)
		return gl_fail(err, rc, "agent person: cannot solve this position of %s", g->spec);
	if (p->nodiag)
		g->type->cells(g, s, p->owner);
	for (int i = 0; i < n; i++)
		if (!p->nodiag || !completes_diagonal(p->owner, a->role, (int)p->moves[i])) {
			p->cand[nc] = p->moves[i];
			p->cval[nc++] = p->values[i];
		}
	if (!nc) { /* every move completes a diagonal: it must */
		memcpy(p->cand, p->moves, (size_t)n * sizeof *p->cand);
		memcpy(p->cval, p->values, (size_t)n * sizeof *p->cval);
		nc = n;
	}
	if (p->open >= 0 && p->own == 0 && a->role == 0)
		for (int i = 0; i < nc; i++)
			if (p->cand[i] == (gl_action)p->open) {
				*move = p->cand[i];
				return 0;
			}
	for (int i = 0; i < nc; i++)
		top = p->cval[i] > top ? p->cval[i] : top;
	for (int i = 0; i < nc; i++)
		if (p->cval[i] == top)
			p->cand[nbest] = p->cand[i], p->cval[nbest++] = top;
	if (p->line >= 0 && p->own < p->depth) {
		/* the line's fixed choice in this position, among the best */
		uint64_t key = gl_mix64(gl_mix64(p->seed * 0x9e3779b97f4a7c15ULL +
			(uint64_t)p->line + 1) ^ gl_game_hash(g, s));
		*move = p->cand[key % (uint64_t)nbest];
		return 0;
	}
	if (p->blunder > 0 && gl_rng_unit(&a->rng) < p->blunder) {
		/* a slip: any legal move it allows itself */
		int k = 0;
		for (int i = 0; i < n; i++)
			if (!p->nodiag || !completes_diagonal(p->owner, a->role, (int)p->moves[i]))
				p->values[k++] = (int)i;
		*move = k ? p->moves[p->values[gl_rng_below(&a->rng, (uint32_t)k)]] :
			p->moves[gl_rng_below(&a->rng, (uint32_t)n)];
		return 0;
	}
	*move = p->cand[gl_rng_below(&a->rng, (uint32_t)nbest)];
	return 0;
}

/* Whether g is a game of two players, as the person and misere teachers
 * need; err says otherwise, naming the agent who. */
static bool two_players(const gl_game *g, const char *who, gl_err *err)
{
	if (g->nplayers != 2) {
		gl_fail(err, GL_EINVAL, "agent %s: %s is not a two-player game", who, g->spec);
		return false;
	}
	return true;
}

static bool person_supports(const gl_game *g, gl_err *err)
{
	return two_players(g, "person", err);
}

static const gl_agent_type martens_person = {
	.name = "person",
	.summary = "a person teaching Martens' machine: a few repeated opening lines, then "
		"exact play with a random blunder at probability blunder",
	.params = person_params,
	.supports = person_supports,
	.init = person_init,
	.done = person_done,
	.begin = person_begin,
	.choose = person_choose,
	.observe = person_observe,
};

/* --- misere --------------------------------------------------------------------- */

typedef struct misere {
	gl_judge *judge[2]; /* exact misere values for each seat */
	gl_action *moves;
	int *values;
} misere;

static void misere_done(gl_agent *a)
{
	misere *m = a->data;
	gl_judge_free(m->judge[0]);
	gl_judge_free(m->judge[1]);
	gl_free(m->moves);
	gl_free(m->values);
	gl_free(m);
}

static int misere_init(gl_agent *a, const gl_params *pr, gl_err *err)
{
	(void)pr;
	const gl_game *g = a->game;
	misere *m = gl_calloc(1, sizeof *m);
	if (!m)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent misere");
	a->data = m;
	for (int seat = 0; seat < 2; seat++)
		if (!(m->judge[seat] = gl_judge_new(g, seat, true, GL_JUDGE_ANY, err))) {
			misere_done(a);
			return err->code;
		}
	m->moves = gl_malloc(g->max_legal * sizeof *m->moves);
	m->values = gl_malloc(g->max_legal * sizeof *m->values);
	if (!m->moves || !m->values) {
		misere_done(a);
		return gl_fail(err, GL_ENOMEM, "out of memory making agent misere");
	}
	return 0;
}

static int misere_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	misere *m = a->data;
	int n, top = -1, nbest = 0;
	int rc = gl_judge_moves(m->judge[a->role], s, m->moves, m->values, &n);
	if (rc)
		return gl_fail(err, rc, "agent misere: cannot solve this position of %s",
			a->game->spec);
	for (int i = 0; i < n; i++)
		top = m->values[i] > top ? m->values[i] : top;
	for (int i = 0; i < n; i++)
		if (m->values[i] == top)
			m->moves[nbest++] = m->moves[i];
	*move = m->moves[gl_rng_below(&a->rng, (uint32_t)nbest)];
	return 0;
}

static bool misere_supports(const gl_game *g, gl_err *err)
{
	return two_players(g, "misere", err);
}

static const gl_agent_type martens_misere = {
	.name = "misere",
	.summary = "perfect player of the misere game (win and loss swapped), solved exactly, "
		"random among equal best moves",
	.supports = misere_supports,
	.init = misere_init,
	.done = misere_done,
	.choose = misere_choose,
};

/* --- diag ------------------------------------------------------------------------- */

static const gl_param_def diag_params[] = {
	{"extra", "0", "1: a side cell first, so that its diagonal wins with four marks; 0: a "
		"pure diagonal of three", 0, 1},
	{NULL, NULL, NULL, 0, 0}
};

typedef struct diag {
	bool extra;
	int8_t owner[9];
	gl_action moves[9];
} diag;

static int diag_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	(void)err;
	diag *d = a->data;
	const gl_game *g = a->game;
	int me = a->role, them = 1 - me, nm = 0, n = g->type->legal(g, s, d->moves);
	g->type->cells(g, s, d->owner);
	for (int c = 0; c < 9; c++)
		nm += d->owner[c] == me;
	/* its diagonal, when it may complete it: with three marks, or with four */
	for (int l = MARTENS_DIAG; l < 8; l++) {
		int c = martens_two_and_empty(d->owner, l, me);
		if (c >= 0 && (d->extra ? nm >= 3 : nm == 2)) {
			*move = (gl_action)c;
			return 0;
		}
	}
	/* the machine's threat, blocked */
	for (int l = 0; l < 8; l++) {
		int c = martens_two_and_empty(d->owner, l, them);
		if (c >= 0) {
			*move = (gl_action)c;
			return 0;
		}
	}
	int pick[9], np = 0;
	if (d->extra && nm == 0) {
		for (int c = 1; c < 9; c += 2)
			if (d->owner[c] < 0)
				pick[np++] = c;
	} else {
		/* an empty cell of a diagonal the machine has not marked, the
		 * one it holds most of first */
		int best = -1;
		for (int l = MARTENS_DIAG; l < 8; l++) {
			int mine = 0, theirs = 0;
			for (int k = 0; k < 3; k++) {
				mine += d->owner[martens_lines[l][k]] == me;
				theirs += d->owner[martens_lines[l][k]] == them;
			}
			if (theirs || mine < best)
				continue;
			if (mine > best)
				np = 0, best = mine;
			for (int k = 0; k < 3; k++) {
				int c = martens_lines[l][k];
				/* not a diagonal completed before its time */
				if (d->owner[c] < 0 && (!completes_diagonal(d->owner, me, c) ||
						(d->extra ? nm >= 3 : nm == 2)))
					pick[np++] = c;
			}
		}
	}
	if (np) {
		*move = (gl_action)pick[gl_rng_below(&a->rng, (uint32_t)np)];
		return 0;
	}
	*move = d->moves[gl_rng_below(&a->rng, (uint32_t)n)];
	return 0;
}

static int diag_init(gl_agent *a, const gl_params *pr, gl_err *err)
{
	diag *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent diag");
	d->extra = gl_params_int(pr, "extra") != 0;
	a->data = d;
	return 0;
}

static void diag_done(gl_agent *a)
{
	gl_free(a->data);
}

static bool diag_supports(const gl_game *g, gl_err *err)
{
	if (!board9(g) || g->nplayers != 2) {
		gl_fail(err, GL_EINVAL, "agent diag: plays a 3x3 board of two players, not %s",
			g->spec);
		return false;
	}
	return true;
}

static const gl_agent_type martens_diag = {
	.name = "diag",
	.summary = "tic-tac-toe opponent playing for a diagonal (extra=1: with a fourth mark)",
	.params = diag_params,
	.supports = diag_supports,
	.init = diag_init,
	.done = diag_done,
	.choose = diag_choose,
};

static const gl_agent_type *const teachers[] = {
	&martens_person, &martens_misere, &martens_diag, NULL
};

const gl_agent_type *const *gl_martens_teachers(void)
{
	return teachers;
}
