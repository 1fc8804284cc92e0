/*
 * gapairs.c - agent `gapairs`: the genetic state-pair learner of the
 * textbook excerpt (chapter 17, "Early Work in Machine Learning"; see
 * seeds/README.md), written for Nim's triples and working on any
 * two-player game with small states through game.h.
 *
 * A member is (state before the move, state after it, utility u); it also
 * keeps the action that leads from one to the other, so that its second
 * state is always the result of a legal move of its first. The population
 * starts as K members taken from random playouts (each a state reached and
 * the random move played there; the excerpt's "randomly generates an
 * initial population"), all with u = 0. To move: among members whose first
 * state equals the present state, the first with the highest u gives the
 * move; with none, a uniformly random legal move is made and the pair is
 * appended (u = 0). After a game every member used gains `win` on a win,
 * loses `loss` on a loss, gains `draw` on a draw. After `games` games a
 * new generation: the members sorted by u (stable) and the best
 * round(keep * K) kept with their utilities; then the population is
 * refilled to K by operators on kept members, children starting at u = 0.
 *
 * The excerpt breaks off before the operators, so gamelearn chose them:
 *  - crossover (with probability pc): one-point crossover of two kept
 *    members A and B at a byte of the state (in Nim a byte is a heap):
 *    the child is (A.before's head + B.before's tail, A.after's head +
 *    B.after's tail). When A's move changes only the head and B's only the
 *    head too, the child carries A's move ("leave 1 in the first heap")
 *    into the context of B's other heaps: a move pattern moves between
 *    positions, which is what a crossover of the textbook's triples does.
 *    Exchanging successors between members with the same first state, the
 *    obvious alternative, only reshuffles existing pairs and creates
 *    nothing. The child is accepted only if its first state is one the
 *    learner has met in play (so that it is a legal state: a set of seen
 *    states is kept) and its second state is the result of a legal move
 *    of the first; otherwise the operator falls back to mutation.
 *  - mutation: a kept member's move is replaced by another legal move of
 *    the same first state drawn uniformly (the excerpt's own generator of
 *    "a triple which represents a valid move"), so that a state whose
 *    rule lost gets a fresh alternative while the loser sinks.
 * A child equal to a member already present is redrawn (bounded tries).
 * Every state a member holds is thus legal, and gapairs never makes an
 * illegal move (choose() also checks its move against legal()).
 */
#include "agents/internal.h"
#include "gamelearn/fileio.h"
#include "gamelearn/stats.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

typedef struct gapairs {
	/* parameters */
	int K;            /* population size after a generation */
	int games;        /* games per generation */
	double keep;      /* fraction of K kept by utility */
	double win, loss, draw; /* utility changes after a game */
	double pc;        /* probability that a child comes from crossover */
	int seen_max;     /* cap on the set of seen states */
	/* population */
	bool ready;       /* initial population made */
	int n, cap;       /* members, room */
	unsigned char *bef, *aft; /* cap states each */
	gl_action *mv;    /* the move from bef to aft */
	double *u;        /* utilities */
	/* scratch for a generation, same shape */
	unsigned char *bef2, *aft2;
	gl_action *mv2;
	double *u2;
	int *order;       /* cap indices */
	/* members used in the present game */
	int *used;
	int nused, used_cap;
	/* seen states: open addressing over a state arena */
	unsigned char *seen;  /* nseen states */
	int nseen, seen_cap;
	int32_t *slots;       /* nslots entries, -1 empty */
	int nslots;
	/* counters */
	long played;      /* games in this generation */
	long generation;  /* generations made */
	/* scratch sized from the game: one move list, the states S_* */
	gl_scratch w;
} gapairs;

enum {
	S_PLAY,  /* a state played through (population, a loaded member) */
	S_BEF,   /* a child's first state (new_generation) */
	S_AFT,   /* a crossover child's second state */
	S_TRY,   /* a move of the child's first state tried */
	S_COUNT
};

static const gl_param_def gapairs_params[] = {
	{"K", "30", "population size (members after each generation)", 1, 100000},
	{"games", "1", "games per generation", 1, 1000000},
	{"keep", "0.5", "fraction of K kept by utility at a new generation (0..1)", 1, 0},
	{"win", "1", "utility added to every member used in a won game", 1, 0},
	{"loss", "1", "utility taken from every member used in a lost game", 1, 0},
	{"draw", "0", "utility added to every member used in a drawn game", 1, 0},
	{"pc", "0.5", "probability that a new member comes from crossover, else mutation", 1, 0},
	{"seen", "100000", "most states remembered as met in play", 16, 10000000},
	{NULL, NULL, NULL, 0, 0}
};

static size_t ss(const gl_agent *a)
{
	return a->game->state_size;
}

static int real_param(const gl_params *p, const char *key, double lo, double hi,
	double *out, gl_err *err)
{
	const char *text = gl_params_str(p, key);
	char *end;
	double v = strtod(text, &end);
	if (!*text || *end || !(v >= lo && v <= hi))
		return gl_fail(err, GL_EINVAL, "agent gapairs: %s must be a number in %g..%g, got '%s'",
			key, lo, hi, text);
	*out = v;
	return 0;
}

static void gapairs_done(gl_agent *a)
{
	gapairs *d = a->data;
	if (!d)
		return;
	gl_free(d->bef);
	gl_free(d->aft);
	gl_free(d->mv);
	gl_free(d->u);
	gl_free(d->bef2);
	gl_free(d->aft2);
	gl_free(d->mv2);
	gl_free(d->u2);
	gl_free(d->order);
	gl_free(d->used);
	gl_free(d->seen);
	gl_free(d->slots);
	gl_scratch_done(&d->w);
	gl_free(d);
	a->data = NULL;
}

/* Reallocate *p to n elements of size bytes; GL_ENOMEM leaves it as it was. */
static int grow(void **p, int n, size_t size)
{
	void *q = gl_realloc(*p, (size_t)n * size);
	if (!q)
		return GL_ENOMEM;
	*p = q;
	return 0;
}

/* Room for at least need members in both the population and the scratch. */
static int reserve(gl_agent *a, int need)
{
	gapairs *d = a->data;
	if (need <= d->cap)
		return 0;
	int cap = d->cap ? d->cap : 64;
	while (cap < need)
		cap *= 2;
	size_t st = ss(a);
	if (grow((void **)&d->bef, cap, st) || grow((void **)&d->aft, cap, st) ||
	    grow((void **)&d->mv, cap, sizeof *d->mv) || grow((void **)&d->u, cap, sizeof *d->u) ||
	    grow((void **)&d->bef2, cap, st) || grow((void **)&d->aft2, cap, st) ||
	    grow((void **)&d->mv2, cap, sizeof *d->mv2) || grow((void **)&d->u2, cap, sizeof *d->u2) ||
	    grow((void **)&d->order, cap, sizeof *d->order))
		return GL_ENOMEM;
	d->cap = cap;
	return 0;
}

static int gapairs_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	gapairs *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	a->data = d;
	d->K = (int)gl_params_int(p, "K");
	d->games = (int)gl_params_int(p, "games");
	d->seen_max = (int)gl_params_int(p, "seen");
	if (real_param(p, "keep", 0, 1, &d->keep, err) ||
	    real_param(p, "win", 0, 1e9, &d->win, err) ||
	    real_param(p, "loss", 0, 1e9, &d->loss, err) ||
	    real_param(p, "draw", -1e9, 1e9, &d->draw, err) ||
	    real_param(p, "pc", 0, 1, &d->pc, err))
		goto fail;
	d->nslots = 1024;
	d->slots = gl_malloc((size_t)d->nslots * sizeof *d->slots);
	if (!d->slots || reserve(a, d->K + 1) ||
	    gl_scratch_init(&d->w, a->game, 1, S_COUNT, NULL)) {
		gl_fail(err, GL_ENOMEM, "out of memory");
		goto fail;
	}
	for (int i = 0; i < d->nslots; i++)
		d->slots[i] = -1;
	return 0;
fail:
	gapairs_done(a);
	return err ? err->code : GL_EINVAL;
}

static int reach_count(const gl_game *g);

/* Two players, and few enough states that a saved file can be checked
 * against every reachable one (gapairs_load): otherwise what it learned
 * could be saved but never read back. */
static bool gapairs_supports(const gl_game *g, gl_err *err)
{
	if (g->nplayers != 2) {
		gl_fail(err, GL_EINVAL, "agent gapairs plays two-player games; %s has %u players",
			g->spec, g->nplayers);
		return false;
	}
	int n = reach_count(g);
	if (n == GL_ENOMEM) {
		gl_fail(err, GL_ENOMEM, "agent gapairs: out of memory counting the states "
			"of %s", g->spec);
		return false;
	}
	if (n < 0) {
		gl_fail(err, GL_EINVAL, "agent gapairs: %s has too many reachable "
			"states to check a saved memory against (more than 2^18)",
			g->spec);
		return false;
	}
	return true;
}

/* --- The set of seen states ------------------------------------------------ */

static unsigned char *seen_at(const gl_agent *a, int i)
{
	return ((gapairs *)a->data)->seen + (size_t)i * ss(a);
}

static int seen_find(const gl_agent *a, const void *s, uint64_t h)
{
	const gapairs *d = a->data;
	for (uint64_t k = h & (uint64_t)(d->nslots - 1);; k = (k + 1) & (uint64_t)(d->nslots - 1)) {
		int i = d->slots[k];
		if (i < 0 || memcmp(seen_at(a, i), s, ss(a)) == 0)
			return (int)k;
	}
}

static bool seen_has(const gl_agent *a, const void *s)
{
	const gapairs *d = a->data;
	return d->slots[seen_find(a, s, gl_game_hash(a->game, s))] >= 0;
}

/* Remember s (a state met in play); silently stops at the cap or when
 * memory runs out: the set only gates crossover. */
static void seen_add(gl_agent *a, const void *s)
{
	gapairs *d = a->data;
	int k = seen_find(a, s, gl_game_hash(a->game, s));
	if (d->slots[k] >= 0 || d->nseen >= d->seen_max)
		return;
	if (d->nseen == d->seen_cap) {
		int cap = d->seen_cap ? 2 * d->seen_cap : 256;
		void *p = gl_realloc(d->seen, (size_t)cap * ss(a));
		if (!p)
			return;
		d->seen = p;
		d->seen_cap = cap;
	}
	if (2 * (d->nseen + 1) > d->nslots) {
		int n = 2 * d->nslots;
		int32_t *sl = gl_malloc((size_t)n * sizeof *sl);
		if (!sl)
			return;
		gl_free(d->slots);
		d->slots = sl;
		d->nslots = n;
		for (int i = 0; i < n; i++)
			sl[i] = -1;
		for (int i = 0; i < d->nseen; i++)
			sl[seen_find(a, seen_at(a, i), gl_game_hash(a->game, seen_at(a, i)))] = i;
		k = seen_find(a, s, gl_game_hash(a->game, s));
	}
	memcpy(seen_at(a, d->nseen), s, ss(a));
	d->slots[k] = d->nseen++;
}

/* --- Members ----------------------------------------------------------------- */

/* Whether m is legal in s, by the legal moves of s in moves (scratch). */
static bool legal_move(const gl_game *g, const void *s, gl_action m,
	gl_action *moves)
{
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

/* Append (s, m, u) to the population; m legal in s. Returns the index or
 * -1 when out of memory. */
static int add_member(gl_agent *a, const void *s, gl_action m, double u)
{
	gapairs *d = a->data;
	if (reserve(a, d->n + 1))
		return -1;
	size_t st = ss(a);
	int i = d->n++;
	memcpy(d->bef + i * st, s, st);
	memcpy(d->aft + i * st, s, st);
	a->game->type->apply(a->game, d->aft + i * st, m);
	d->mv[i] = m;
	d->u[i] = u;
	return i;
}

/* K members from random playouts: every state reached and its random move. */
static void make_population(gl_agent *a)
{
	gapairs *d = a->data;
	const gl_game *g = a->game;
	void *s = gl_scratch_state(&d->w, S_PLAY);
	int guard = 0;
	while (d->n < d->K && guard++ < 100 * d->K) {
		g->type->start(g, s);
		while (d->n < d->K && !g->type->terminal(g, s)) {
			gl_action m = gl_random_move(g, s, &a->rng,
				gl_scratch_moves(&d->w, 0));
			seen_add(a, s);
			if (add_member(a, s, m, 0) < 0)
				return;
			g->type->apply(g, s, m);
		}
	}
	d->ready = true;
}

static int gapairs_begin(gl_agent *a, gl_err *err)
{
	(void)err;
	gapairs *d = a->data;
	if (!d->ready)
		make_population(a);
	d->nused = 0;
	return 0;
}

static int gapairs_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	gapairs *d = a->data;
	const gl_game *g = a->game;
	if (!d->ready)
		make_population(a);
	seen_add(a, s);
	size_t st = ss(a);
	int best = -1;
	for (int i = 0; i < d->n; i++)
		if (memcmp(d->bef + i * st, s, st) == 0 && (best < 0 || d->u[i] > d->u[best]))
			best = i;
	gl_action *moves = gl_scratch_moves(&d->w, 0);
	if (best >= 0 && !legal_move(g, s, d->mv[best], moves))
		best = -1; /* cannot happen: members hold legal moves */
	if (best < 0) {
		best = add_member(a, s, gl_random_move(g, s, &a->rng, moves), 0);
		if (best < 0)
			return gl_fail(err, GL_ENOMEM, "agent gapairs: out of memory");
	}
	if (d->nused == d->used_cap) {
		int cap = d->used_cap ? 2 * d->used_cap : 64;
		int *p = gl_realloc(d->used, (size_t)cap * sizeof *p);
		if (!p)
			return gl_fail(err, GL_ENOMEM, "agent gapairs: out of memory");
		d->used = p;
		d->used_cap = cap;
	}
	d->used[d->nused++] = best;
	*move = d->mv[best];
	return 0;
}

/* Whether the new population (scratch arrays, n members) holds (s, m). */
static bool has_pair(const gl_agent *a, int n, const void *s, gl_action m)
{
	const gapairs *d = a->data;
	size_t st = ss(a);
	for (int i = 0; i < n; i++)
		if (d->mv2[i] == m && memcmp(d->bef2 + i * st, s, st) == 0)
			return true;
	return false;
}

/* Try to make a crossover child of old members ia and ib into bef/m. */
static bool crossover(gl_agent *a, int ia, int ib, unsigned char *bef, gl_action *m)
{
	gapairs *d = a->data;
	const gl_game *g = a->game;
	size_t st = ss(a);
	if (st < 2)
		return false;
	size_t cut = 1 + gl_rng_below(&a->rng, (uint32_t)(st - 1));
	unsigned char *aft = gl_scratch_state(&d->w, S_AFT);
	unsigned char *t = gl_scratch_state(&d->w, S_TRY);
	memcpy(bef, d->bef + ia * st, cut);
	memcpy(bef + cut, d->bef + ib * st + cut, st - cut);
	memcpy(aft, d->aft + ia * st, cut);
	memcpy(aft + cut, d->aft + ib * st + cut, st - cut);
	if (!seen_has(a, bef))
		return false;
	gl_action *moves = gl_scratch_moves(&d->w, 0);
	int n = g->type->legal(g, bef, moves);
	for (int i = 0; i < n; i++) {
		memcpy(t, bef, st);
		g->type->apply(g, t, moves[i]);
		if (memcmp(t, aft, st) == 0) {
			*m = moves[i];
			return true;
		}
	}
	return false;
}

/* A mutation child of old member i: another legal move of its state. */
static bool mutation(gl_agent *a, int i, unsigned char *bef, gl_action *m)
{
	gapairs *d = a->data;
	const gl_game *g = a->game;
	size_t st = ss(a);
	memcpy(bef, d->bef + i * st, st);
	gl_action *moves = gl_scratch_moves(&d->w, 0);
	int n = g->type->legal(g, bef, moves);
	if (n < 2)
		return false;
	int k = 0;
	for (int j = 0; j < n; j++)
		if (moves[j] != d->mv[i])
			moves[k++] = moves[j];
	*m = moves[gl_rng_below(&a->rng, (uint32_t)k)];
	return true;
}

static int by_utility(const void *pa, const void *pb, const double *u)
{
	int a = *(const int *)pa, b = *(const int *)pb;
	if (u[a] != u[b])
		return u[a] > u[b] ? -1 : 1;
	return (a > b) - (a < b);
}

/* A stable sort of order[0..n-1] by utility, highest first (insertion:
 * populations are small). */
static void sort_by_utility(int *order, int n, const double *u)
{
	for (int i = 1; i < n; i++) {
		int x = order[i], j = i;
		while (j > 0 && by_utility(&x, &order[j - 1], u) < 0) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = x;
	}
}

static void new_generation(gl_agent *a)
{
	gapairs *d = a->data;
	const gl_game *g = a->game;
	size_t st = ss(a);
	if (reserve(a, d->K + 1) || d->n == 0)
		return;
	for (int i = 0; i < d->n; i++)
		d->order[i] = i;
	sort_by_utility(d->order, d->n, d->u);
	int keep = (int)(d->keep * d->K + 0.5);
	keep = keep < 1 ? 1 : keep > d->n ? d->n : keep;
	for (int i = 0; i < keep; i++) {
		int j = d->order[i];
		memcpy(d->bef2 + i * st, d->bef + j * st, st);
		memcpy(d->aft2 + i * st, d->aft + j * st, st);
		d->mv2[i] = d->mv[j];
		d->u2[i] = d->u[j];
	}
	int n = keep;
	unsigned char *bef = gl_scratch_state(&d->w, S_BEF);
	for (int tries = 0; n < d->K && tries < 20 * d->K; tries++) {
		gl_action m;
		int ia = (int)gl_rng_below(&a->rng, (uint32_t)d->n);
		bool ok = false;
		if (gl_rng_unit(&a->rng) < d->pc) {
			int ib = (int)gl_rng_below(&a->rng, (uint32_t)d->n);
			ok = crossover(a, ia, ib, bef, &m);
		}
		if (!ok)
			ok = mutation(a, ia, bef, &m);
		if (!ok || has_pair(a, n, bef, m))
			continue;
		memcpy(d->bef2 + n * st, bef, st);
		memcpy(d->aft2 + n * st, bef, st);
		g->type->apply(g, d->aft2 + n * st, m);
		d->mv2[n] = m;
		d->u2[n] = 0;
		n++;
	}
	/* swap the scratch in */
	unsigned char *t;
	t = d->bef; d->bef = d->bef2; d->bef2 = t;
	t = d->aft; d->aft = d->aft2; d->aft2 = t;
	gl_action *tm = d->mv; d->mv = d->mv2; d->mv2 = tm;
	double *tu = d->u; d->u = d->u2; d->u2 = tu;
	d->n = n;
	d->generation++;
}

static void gapairs_end(gl_agent *a, const void *s, const int *goals)
{
	(void)s;
	gapairs *d = a->data;
	int r = gl_result_of(goals, (int)a->game->nplayers, a->role);
	double delta = r > 0 ? d->win : r < 0 ? -d->loss : d->draw;
	for (int i = 0; i < d->nused; i++)
		d->u[d->used[i]] += delta;
	d->nused = 0;
	if (++d->played >= d->games) {
		d->played = 0;
		new_generation(a);
	}
}

/* --- Saved knowledge ------------------------------------------------------------
 * "gapairs 1" / "game SPEC" / "generation G played P" / "members N", then N
 * lines "HEX MOVE UTILITY": the first state in hex, the move's id, u. */

static int gapairs_save(const gl_agent *a, const char *path, gl_err *err)
{
	const gapairs *d = a->data;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_printf(&sb, "gapairs 1\ngame %s\ngeneration %ld played %ld\nmembers %d\n",
		a->game->spec, d->generation, d->played, d->ready ? d->n : 0);
	for (int i = 0; d->ready && i < d->n; i++) {
		const unsigned char *b = d->bef + i * ss(a);
		for (size_t k = 0; k < ss(a); k++)
			gl_strbuf_printf(&sb, "%02x", b[k]);
		gl_strbuf_printf(&sb, " %d %.17g\n", (int)d->mv[i], d->u[i]);
	}
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}

/* --- Checking a loaded file ------------------------------------------------
 * A saved state is handed to the game's callbacks only if play can reach it
 * from the start: bytes from a file could otherwise index past an engine's
 * tables. The reachable states are found once per load, breadth first. */

enum { REACH_MAX = 1 << 18 }; /* states walked at most before giving up */

typedef struct reach {
	unsigned char *slot; /* cap entries of 1 used byte + state_size bytes */
	size_t *queue;       /* slot indices in the order found (BFS queue) */
	size_t cap, n, size;
	gl_scratch w;        /* a move list; states R_* */
} reach;

enum {
	R_STATE, /* the state expanded */
	R_CHILD, /* its child */
	R_OLD,   /* an entry's aligned copy, when the table grows */
	R_COUNT
};

static unsigned char *reach_at(const reach *r, size_t i)
{
	return r->slot + i * (r->size + 1);
}

static size_t reach_find(const reach *r, const gl_game *g, const void *s)
{
	size_t i = (size_t)gl_game_hash(g, s) & (r->cap - 1);
	while (reach_at(r, i)[0] && memcmp(reach_at(r, i) + 1, s, r->size))
		i = (i + 1) & (r->cap - 1);
	return i;
}

static bool reach_has(const reach *r, const gl_game *g, const void *s)
{
	return reach_at(r, reach_find(r, g, s))[0] != 0;
}

/* Add s if new; grows the table at half full. Returns 0, GL_ENOMEM
 * when out of memory or GL_ERANGE past REACH_MAX. */
static int reach_add(reach *r, const gl_game *g, const void *s)
{
	if (2 * (r->n + 1) > r->cap) {
		if (r->n + 1 > REACH_MAX)
			return GL_ERANGE;
		reach bigger = {NULL, NULL, r->cap ? 2 * r->cap : 1024, 0, r->size,
			r->w};
		bigger.slot = gl_calloc(bigger.cap, r->size + 1);
		bigger.queue = gl_malloc(bigger.cap / 2 * sizeof *bigger.queue);
		if (!bigger.slot || !bigger.queue) {
			gl_free(bigger.slot);
			gl_free(bigger.queue);
			return GL_ENOMEM;
		}
		for (size_t k = 0; k < r->n; k++) {
			/* an aligned copy: entries sit one byte off alignment,
			 * and the game's hash may read a state as a struct */
			unsigned char *old = gl_scratch_state(&r->w, R_OLD);
			memcpy(old, reach_at(r, r->queue[k]) + 1, r->size);
			size_t j = reach_find(&bigger, g, old);
			memcpy(reach_at(&bigger, j), reach_at(r, r->queue[k]), r->size + 1);
			bigger.queue[bigger.n++] = j;
		}
		gl_free(r->slot);
		gl_free(r->queue);
		*r = bigger;
	}
	size_t i = reach_find(r, g, s);
	if (!reach_at(r, i)[0]) {
		reach_at(r, i)[0] = 1;
		memcpy(reach_at(r, i) + 1, s, r->size);
		r->queue[r->n++] = i;
	}
	return 0;
}

/* All states reachable from g's start into r (free with reach_done).
 * Returns 0, GL_ERANGE if there are more than REACH_MAX, or GL_ENOMEM. */
static int reach_build(reach *r, const gl_game *g)
{
	memset(r, 0, sizeof *r);
	if (gl_scratch_init(&r->w, g, 1, R_COUNT, NULL))
		return GL_ENOMEM;
	unsigned char *s = gl_scratch_state(&r->w, R_STATE);
	unsigned char *c = gl_scratch_state(&r->w, R_CHILD);
	gl_action *moves = gl_scratch_moves(&r->w, 0);
	r->size = g->state_size;
	g->type->start(g, s);
	int rc = reach_add(r, g, s);
	for (size_t k = 0; !rc && k < r->n; k++) {
		memcpy(s, reach_at(r, r->queue[k]) + 1, r->size);
		int n = g->type->legal(g, s, moves);
		for (int i = 0; !rc && i < n; i++) {
			memcpy(c, s, r->size);
			g->type->apply(g, c, moves[i]);
			rc = reach_add(r, g, c);
		}
	}
	return rc;
}

static void reach_done(reach *r)
{
	gl_free(r->slot);
	gl_free(r->queue);
	gl_scratch_done(&r->w);
}

/* The number of states reachable in g, or reach_build's error. */
static int reach_count(const gl_game *g)
{
	reach r;
	int rc = reach_build(&r, g), n = rc ? rc : (int)r.n;
	reach_done(&r);
	return n;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int gapairs_load(gl_agent *a, const char *path, gl_err *err)
{
	gapairs *d = a->data;
	const gl_game *g = a->game;
	size_t st = ss(a);
	char *text;
	int rc = gl_read_text(path, (size_t)64 << 20, &text, err);
	if (rc)
		return rc;
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	long gen = 0, played = 0;
	int count = -1;
	reach r;
	if ((rc = reach_build(&r, g))) {
		reach_done(&r);
		gl_free(text);
		if (rc == GL_ENOMEM)
			return gl_fail(err, GL_ENOMEM, "%s: out of memory counting the states "
				"of %s", path, g->spec);
		return gl_fail(err, GL_ERANGE, "%s: %s has too many states to check a saved "
			"file against (more than %d)", path, g->spec, REACH_MAX);
	}
	rc = GL_EPARSE;
	if (!(line = gl_lines_next(&it)) || strcmp(line, "gapairs 1")) {
		gl_fail(err, rc, "%s:%d: not a gapairs file (want 'gapairs 1')", path, it.lineno);
		goto out;
	}
	if (!(line = gl_lines_next(&it)) || strncmp(line, "game ", 5) || strcmp(line + 5, g->spec)) {
		gl_fail(err, rc, "%s:%d: saved for another game (want 'game %s')", path, it.lineno,
			g->spec);
		goto out;
	}
	if (!(line = gl_lines_next(&it)) ||
	    sscanf(line, "generation %ld played %ld", &gen, &played) != 2 || gen < 0 ||
	    played < 0 || gen > 1000000000L || played > 1000000000000L) {
		gl_fail(err, rc, "%s:%d: want 'generation G played P'", path, it.lineno);
		goto out;
	}
	if (!(line = gl_lines_next(&it)) || sscanf(line, "members %d", &count) != 1 ||
	    count < 0 || count > 10000000) {
		gl_fail(err, rc, "%s:%d: want 'members N'", path, it.lineno);
		goto out;
	}
	d->n = 0;
	unsigned char *s = gl_scratch_state(&d->w, S_PLAY);
	for (int i = 0; i < count; i++) {
		if (!(line = gl_lines_next(&it))) {
			gl_fail(err, rc, "%s: ends after %d of %d members", path, i, count);
			goto out;
		}
		size_t k = 0;
		for (; k < st; k++) {
			int hi = hexval(line[2 * k]), lo = hi < 0 ? -1 : hexval(line[2 * k + 1]);
			if (lo < 0)
				break;
			s[k] = (unsigned char)(hi * 16 + lo);
		}
		char *p = line + 2 * k, *end;
		if (k < st || *p != ' ') {
			gl_fail(err, rc, "%s:%d: want a state of %zu bytes in hex", path, it.lineno, st);
			goto out;
		}
		if (!reach_has(&r, g, s)) {
			gl_fail(err, rc, "%s:%d: not a state play can reach in %s", path,
				it.lineno, g->spec);
			goto out;
		}
		long m = strtol(p + 1, &end, 10);
		if (end == p + 1 || *end != ' ' || m < 0 || m >= g->nactions ||
		    g->type->terminal(g, s) ||
		    !legal_move(g, s, (gl_action)m, gl_scratch_moves(&d->w, 0))) {
			gl_fail(err, rc, "%s:%d: the move is not a legal move of the state", path,
				it.lineno);
			goto out;
		}
		double u = strtod(end + 1, &p);
		if (p == end + 1 || *p || !isfinite(u) || fabs(u) > 1e12) {
			gl_fail(err, rc, "%s:%d: bad utility", path, it.lineno);
			goto out;
		}
		if (add_member(a, s, (gl_action)m, u) < 0) {
			rc = gl_fail(err, GL_ENOMEM, "out of memory loading %s", path);
			goto out;
		}
		seen_add(a, s);
	}
	if (gl_lines_next(&it)) {
		gl_fail(err, rc, "%s:%d: unexpected text after the members", path, it.lineno);
		goto out;
	}
	d->generation = gen;
	d->played = played;
	d->ready = count > 0;
	rc = 0;
out:
	if (rc)
		d->n = 0, d->ready = false;
	reach_done(&r);
	gl_free(text);
	return rc;
}

const gl_agent_type gl_agent_gapairs = {
	.name = "gapairs",
	.summary = "genetic state-pair learner (textbook ch. 17): members (state, next state, utility)",
	.params = gapairs_params,
	.supports = gapairs_supports,
	.init = gapairs_init,
	.done = gapairs_done,
	.begin = gapairs_begin,
	.choose = gapairs_choose,
	.end = gapairs_end,
	.save = gapairs_save,
	.load = gapairs_load,
};
