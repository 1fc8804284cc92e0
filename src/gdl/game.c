/*
 * game.c - the game type `gdl`: any valid GDL description played through
 * gamelearn's alternating game interface (game.h), spec gdl:PATH.kif.
 * State bytes are the bitset of true base propositions followed by one
 * pending move per role (int32_t, -1 for none); action ids are the
 * distinct ground move terms. Sizes come from the description alone: a
 * role may have tens of thousands of possible moves and a state tens of
 * kilobytes; every buffer a callback needs is made at init.
 * Turn-taking games (one role with a choice, the others a single move such
 * as noop) map directly: to_move is the role with a choice. Simultaneous
 * moves are sequentialised: the roles with a choice move one after the
 * other in role order, the earlier moves kept pending in the state (and
 * hidden from render) until the joint move is complete. The parameter
 * reasoner chooses how states are evaluated (gdl.h: the network, the
 * prover, or the network unless the rules are too many to ground).
 * Love et al. 2008.
 */
#include "gamelearn/game.h"
#include "gamelearn/gdl.h"
#include "games/internal.h"

#include <limits.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	NO_MOVE = -1,        /* no pending move */
	GDL_MAX_LENGTH = 2000,
	POOL = 4             /* evaluators shared by the threads of an instance */
};

/* What a state's evaluation says about the roles. */
typedef struct view {
	gdl_eval *e;              /* the evaluator, at the state */
	int slot;                 /* its place in the pool */
	int n[GDL_ROLES_MAX];     /* legal moves per role */
	int first[GDL_ROLES_MAX]; /* the first legal move */
	int choosing;             /* roles with more than one move */
	int mover;                /* the role to move */
	int hidden;               /* pending moves of the current round */
	bool over;                /* terminal, or a role has no move */
} view;

/* One evaluator of the pool with its own scratch, so that a callback
 * copies states into buffers sized from the game, not onto its stack.
 * The slot remembers the last state it looked at (pending moves
 * included) and what it read there, so that the calls a search makes
 * at one state in a row (legal(), to_move(), apply()) evaluate it once:
 * even the network's differential update and the legal counts cost a
 * pass over the state and the moves. */
typedef struct slot {
	gdl_eval *e;
	uint64_t *st;       /* [words] the state looked at (an aligned copy) */
	uint64_t *next;     /* [words] the state after a joint move */
	unsigned char *seen; /* [state_size] the state last looked at */
	view last;          /* what look() read there (e and slot aside) */
	bool valid;         /* e is still at `seen` and `last` is its view */
} slot;

/* One batch evaluator of the pool with its scratch, for playouts(). */
typedef struct bslot {
	gdl_batch *b;
	uint64_t *st;       /* [GL_EACH_MAX * words] the playouts' starts
			     * (aligned copies) */
	unsigned char *x;   /* [state_size] a playout inside a round */
	gl_action *mv;      /* [max_legal] its legal moves */
} bslot;

/* The type's private data. The callbacks are const and may run in many
 * threads at once; each takes an evaluator from the pool for the length
 * of the call. An evaluator answers fastest for the state it saw last,
 * which in a playout or a search is the state just before. */
typedef struct gdl_data {
	gdl_game *gd;
	int nroles;
	int words;          /* state bitset words */
	int32_t *base_sorted; /* [nbase] base propositions by text */
	int noop;           /* the move id of `noop`, or -1 */
	slot pool[POOL];
	atomic_int busy[POOL];
	bslot bpool[POOL];  /* batch evaluators, for playouts() */
	atomic_int bbusy[POOL];
	atomic_int noted;   /* note[]: 0 empty, 1 being written, 2 written */
	char note[320];     /* the first role given several goal values */
	char file[GL_SPEC_MAX]; /* the description's file, for the note */
} gdl_data;

static gdl_data *D(const gl_game *g)
{
	return g->data;
}

static int32_t pending(const gl_game *g, const void *s, int r)
{
	int32_t v;
	memcpy(&v, (const unsigned char *)s + (size_t)D(g)->words * 8 + 4 * r, 4);
	return v;
}

/* Whether s is inside a round of simultaneous moves: some role's choice
 * pending. */
static bool mid_round(const gl_game *g, const void *s)
{
	for (int r = 0; r < D(g)->nroles; r++)
		if (pending(g, s, r) != NO_MOVE)
			return true;
	return false;
}

static void set_pending(const gl_game *g, void *s, int r, int32_t v)
{
	memcpy((unsigned char *)s + (size_t)D(g)->words * 8 + 4 * r, &v, 4);
}

/* A free slot of a pool of POOL, taken (waiting while all are in use). */
static int take_slot(atomic_int *busy)
{
	for (int spin = 0;; spin++) {
		for (int i = 0; i < POOL; i++)
			if (!atomic_exchange_explicit(&busy[i], 1, memory_order_acquire))
				return i;
		if (spin > 64)
			sched_yield();
	}
}

/* Take an evaluator from the pool, move it to s and read what the roles
 * may do. Pair with done(). */
static void look(const gl_game *g, const void *s, view *w)
{
	gdl_data *d = D(g);
	const gdl_game *gd = d->gd;
	w->slot = take_slot(d->busy);
	slot *sl = &d->pool[w->slot];
	if (sl->valid && memcmp(sl->seen, s, g->state_size) == 0) {
		*w = sl->last;
		w->slot = (int)(sl - d->pool);
		w->e = sl->e;
		return;
	}
	w->e = sl->e;
	memcpy(sl->st, s, (size_t)d->words * 8);
	gdl_eval_state(gd, w->e, sl->st);
	w->over = gdl_terminal(gd, w->e);
	w->choosing = 0;
	w->mover = -1;
	w->hidden = 0;
	int nonoop = -1;
	for (int r = 0; r < d->nroles; r++) {
		w->n[r] = gdl_legal_count(gd, w->e, r);
		w->first[r] = w->n[r] ? gdl_legal_nth(gd, w->e, r, 0) : -1;
		if (w->n[r] == 0)
			w->over = true;
		if (w->n[r] > 1) {
			w->choosing++;
			if (pending(g, s, r) != NO_MOVE)
				w->hidden++;
			else if (w->mover < 0)
				w->mover = r;
		}
		if (w->n[r] == 1 && nonoop < 0 && w->first[r] != d->noop)
			nonoop = r;
	}
	if (w->mover < 0)
		w->mover = nonoop >= 0 ? nonoop : 0;
	memcpy(sl->seen, s, g->state_size);
	sl->last = *w;
	sl->valid = true;
}

static void done(const gl_game *g, view *w)
{
	atomic_store_explicit(&D(g)->busy[w->slot], 0, memory_order_release);
}

static const gl_param_def gdl_params[] = {
	{"file", "@ticTacToe", "a GDL description (.kif); @ticTacToe is the "
		"built-in ticTacToe", 1, 0},
	{"reasoner", "auto", "net (ground rules compiled to a network), prover "
		"(rules evaluated per state, not ground) or auto (net unless the "
		"rules are too many to ground)", 1, 0},
	{"case", "keep", "keep (names case-sensitive, as game servers read "
		"GDL: nextRank and nextrank differ) or fold (names matched "
		"whatever their case)", 1, 0},
	{NULL, NULL, NULL, 0, 0}
};

/* The ggp-repository's ticTacToe (games/ticTacToe/ticTacToe.kif), built in
 * so that the type's default needs no file. */
static const char builtin_ttt[] =
	"(role xplayer) (role oplayer)\n"
	"(index 1) (index 2) (index 3)\n"
	"(<= (base (cell ?x ?y b)) (index ?x) (index ?y))\n"
	"(<= (base (cell ?x ?y x)) (index ?x) (index ?y))\n"
	"(<= (base (cell ?x ?y o)) (index ?x) (index ?y))\n"
	"(<= (base (control ?p)) (role ?p))\n"
	"(<= (input ?p (mark ?x ?y)) (index ?x) (index ?y) (role ?p))\n"
	"(<= (input ?p noop) (role ?p))\n"
	"(init (cell 1 1 b)) (init (cell 1 2 b)) (init (cell 1 3 b))\n"
	"(init (cell 2 1 b)) (init (cell 2 2 b)) (init (cell 2 3 b))\n"
	"(init (cell 3 1 b)) (init (cell 3 2 b)) (init (cell 3 3 b))\n"
	"(init (control xplayer))\n"
	"(<= (next (cell ?m ?n x)) (does xplayer (mark ?m ?n)) (true (cell ?m ?n b)))\n"
	"(<= (next (cell ?m ?n o)) (does oplayer (mark ?m ?n)) (true (cell ?m ?n b)))\n"
	"(<= (next (cell ?m ?n ?w)) (true (cell ?m ?n ?w)) (distinct ?w b))\n"
	"(<= (next (cell ?m ?n b)) (does ?w (mark ?j ?k)) (true (cell ?m ?n b))\n"
	"    (or (distinct ?m ?j) (distinct ?n ?k)))\n"
	"(<= (next (control xplayer)) (true (control oplayer)))\n"
	"(<= (next (control oplayer)) (true (control xplayer)))\n"
	"(<= (row ?m ?x) (true (cell ?m 1 ?x)) (true (cell ?m 2 ?x)) (true (cell ?m 3 ?x)))\n"
	"(<= (column ?n ?x) (true (cell 1 ?n ?x)) (true (cell 2 ?n ?x)) (true (cell 3 ?n ?x)))\n"
	"(<= (diagonal ?x) (true (cell 1 1 ?x)) (true (cell 2 2 ?x)) (true (cell 3 3 ?x)))\n"
	"(<= (diagonal ?x) (true (cell 1 3 ?x)) (true (cell 2 2 ?x)) (true (cell 3 1 ?x)))\n"
	"(<= (line ?x) (row ?m ?x)) (<= (line ?x) (column ?m ?x)) (<= (line ?x) (diagonal ?x))\n"
	"(<= open (true (cell ?m ?n b)))\n"
	"(<= (legal ?w (mark ?x ?y)) (true (cell ?x ?y b)) (true (control ?w)))\n"
	"(<= (legal xplayer noop) (true (control oplayer)))\n"
	"(<= (legal oplayer noop) (true (control xplayer)))\n"
	"(<= (goal xplayer 100) (line x)) (<= (goal xplayer 50) (not (line x)) (not (line o)) (not open))\n"
	"(<= (goal xplayer 0) (line o)) (<= (goal oplayer 100) (line o))\n"
	"(<= (goal oplayer 50) (not (line x)) (not (line o)) (not open))\n"
	"(<= (goal oplayer 0) (line x))\n"
	"(<= terminal (line x)) (<= terminal (line o)) (<= terminal (not open))\n";

static void gdl_done(gl_game *g)
{
	gdl_data *d = g->data;
	if (!d)
		return;
	for (int i = 0; i < POOL; i++) {
		gdl_eval_free(d->pool[i].e);
		gl_free(d->pool[i].st);
		gl_free(d->pool[i].next);
		gl_free(d->pool[i].seen);
		gdl_batch_free(d->bpool[i].b);
		gl_free(d->bpool[i].st);
		gl_free(d->bpool[i].x);
		gl_free(d->bpool[i].mv);
	}
	gdl_free(d->gd);
	gl_free(d->base_sorted);
	gl_free((void *)g->lines.first);
	gl_free(d);
	g->data = NULL;
}

/* A base proposition's text, for sorting. */
typedef struct base_key {
	const char *text;
	int32_t i;
} base_key;

/* By text, then by index (texts cut at their buffer's end may be equal):
 * a total order, so the sort is the same on every platform. */
static int by_text(const void *pa, const void *pb)
{
	const base_key *a = pa, *b = pb;
	int c = strcmp(a->text, b->text);
	return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* d->base_sorted: the base propositions in the order of their texts (for
 * render), each text made once (a description may have tens of
 * thousands). */
static int sort_bases(gdl_data *d, const char *file, gl_err *err)
{
	const gdl_game *gd = d->gd;
	int nbase = gdl_nbase(gd);
	enum { TEXT = 256 };
	d->base_sorted = gl_malloc(((size_t)nbase + 1) * sizeof *d->base_sorted);
	base_key *key = gl_malloc(((size_t)nbase + 1) * sizeof *key);
	char *texts = gl_malloc(((size_t)nbase + 1) * TEXT);
	if (!d->base_sorted || !key || !texts) {
		gl_free(key);
		gl_free(texts);
		return gl_fail(err, GL_ENOMEM, "out of memory loading %s", file);
	}
	for (int i = 0; i < nbase; i++) {
		char *t = texts + (size_t)i * TEXT;
		gdl_base_text(gd, i, t, TEXT);
		key[i] = (base_key){t, i};
	}
	qsort(key, (size_t)nbase, sizeof *key, by_text);
	for (int i = 0; i < nbase; i++)
		d->base_sorted[i] = key[i].i;
	gl_free(key);
	gl_free(texts);
	return 0;
}

static int gdl_setup(gl_game *g, gl_err *err);

static int gdl_init(gl_game *g, const gl_params *p, gl_err *err)
{
	const char *file = gl_params_str(p, "file");
	const char *rs = gl_params_str(p, "reasoner");
	int reasoner = gdl_reasoner_parse(rs);
	if (reasoner < 0)
		return gl_fail(err, GL_EINVAL, "gdl: reasoner '%s' is none of auto, net, "
			"prover", rs);
	const char *cs = gl_params_str(p, "case");
	if (strcmp(cs, "keep") && strcmp(cs, "fold"))
		return gl_fail(err, GL_EINVAL, "gdl: case '%s' is neither keep nor "
			"fold", cs);
	gdl_load_opts opts = {.reasoner = (gdl_reasoner)reasoner,
		.fold_case = !strcmp(cs, "fold")};
	gdl_data *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory loading %s", file);
	g->data = d;
	snprintf(d->file, sizeof d->file, "%s", file);
	int rc = strcmp(file, "@ticTacToe") == 0 ?
		gdl_load_ex(&d->gd, builtin_ttt, sizeof builtin_ttt - 1, file, &opts,
			err) :
		gdl_load_file_ex(&d->gd, file, &opts, err);
	if (rc || (rc = gdl_setup(g, err)))
		gdl_done(g);
	return rc;
}

/* The instance's tables for its loaded rules D(g)->gd: sizes, the pools
 * of evaluators, the bases in text order. */
static int gdl_setup(gl_game *g, gl_err *err)
{
	gdl_data *d = g->data;
	const char *file = d->file;
	int rc;
	gdl_game *gd = d->gd;
	d->nroles = gdl_nroles(gd);
	d->words = gdl_state_words(gd);
	/* the one real limit: state_size is an unsigned */
	size_t size = ((size_t)d->words * 8 + 4 * (size_t)d->nroles + 7) & ~(size_t)7;
	if (size > UINT_MAX) {
		rc = gl_fail(err, GL_ERANGE, "%s: %d base propositions make a state of "
			"%zu bytes, more than a state_size (unsigned) holds", file,
			gdl_nbase(gd), size);
		goto fail;
	}
	int maxl = 0;
	for (int r = 0; r < d->nroles; r++)
		if (gdl_role_nmoves(gd, r) > maxl)
			maxl = gdl_role_nmoves(gd, r);
	if (maxl < 1)
		maxl = 1;
	d->noop = gdl_move_find(gd, "noop");
	for (int i = 0; i < POOL; i++) {
		atomic_init(&d->busy[i], 0);
		atomic_init(&d->bbusy[i], 0);
		slot *sl = &d->pool[i];
		bslot *bs = &d->bpool[i];
		if (!(sl->e = gdl_eval_new(gd)) ||
		    !(sl->st = gl_malloc((size_t)d->words * 8)) ||
		    !(sl->next = gl_malloc((size_t)d->words * 8)) ||
		    !(sl->seen = gl_malloc(size)) ||
		    !(bs->b = gdl_batch_new(gd)) ||
		    !(bs->st = gl_malloc((size_t)GL_EACH_MAX * (size_t)d->words *
			8)) ||
		    !(bs->x = gl_malloc(size)) ||
		    !(bs->mv = gl_malloc((size_t)maxl * sizeof *bs->mv))) {
			rc = gl_fail(err, GL_ENOMEM, "out of memory loading %s", file);
			goto fail;
		}
	}
	if ((rc = sort_bases(d, file, err)))
		goto fail;
	g->state_size = (unsigned)size;
	g->nplayers = (unsigned)d->nroles;
	g->nactions = gdl_nmoves(gd);
	g->max_legal = (unsigned)maxl;
	g->max_length = GDL_MAX_LENGTH;
	g->bulk = gdl_reasoner_of(gd) == GDL_NET ? GL_EACH_MAX : 1;
	/* the base propositions, bit i of the state's word i / 64 */
	g->nprops = (size_t)d->words * 64 <= UINT_MAX ?
		(unsigned)d->words * 64 : 0;
	if (g->nprops && (rc = gdl_goal_lines(gd, &g->lines, err)))
		goto fail;
	return 0;
fail:
	return rc;
}

static void gdl_start(const gl_game *g, void *s)
{
	const gdl_data *d = D(g);
	memset(s, 0, g->state_size);
	gdl_initial(d->gd, s);
	for (int r = 0; r < d->nroles; r++)
		set_pending(g, s, r, NO_MOVE);
}

static int gdl_to_move(const gl_game *g, const void *s)
{
	view w;
	look(g, s, &w);
	done(g, &w);
	return w.mover;
}

static int gdl_legal_cb(const gl_game *g, const void *s, gl_action *moves)
{
	view w;
	look(g, s, &w);
	/* the whole list at once: gdl_legal_nth() counts from the start */
	int n = w.over ? 0 : gdl_legal(D(g)->gd, w.e, w.mover, moves);
	done(g, &w);
	return n;
}

static void gdl_apply(const gl_game *g, void *s, gl_action a)
{
	const gdl_game *gd = D(g)->gd;
	view w;
	look(g, s, &w);
	if (w.over)
		goto out;
	int r = w.mover;
	if (w.n[r] > 1 && w.hidden + 1 < w.choosing) {
		set_pending(g, s, r, a); /* the round goes on */
		goto out;
	}
	int joint[GDL_ROLES_MAX];
	for (int q = 0; q < D(g)->nroles; q++)
		joint[q] = q == r ? a : pending(g, s, q) != NO_MOVE ?
			pending(g, s, q) : w.first[q];
	slot *sl = &D(g)->pool[w.slot];
	gdl_next(gd, w.e, joint, sl->next);
	sl->valid = false; /* the evaluator may be elsewhere now */
	uint64_t *next = sl->next;
	memcpy(s, next, (size_t)D(g)->words * 8);
	for (int q = 0; q < D(g)->nroles; q++)
		set_pending(g, s, q, NO_MOVE);
out:
	done(g, &w);
}

static bool gdl_terminal_cb(const gl_game *g, const void *s)
{
	view w;
	look(g, s, &w);
	done(g, &w);
	return w.over;
}

/* The first state whose goals give role r several values is noted once
 * (by the first thread to see one), for gdl_game_note. */
static void note_goals(const gl_game *g, const gdl_eval *e, int r)
{
	gdl_data *d = D(g);
	int v[8], k = gdl_goal_values(d->gd, e, r, v, 8), free_ = 0;
	if (k < 2 || !atomic_compare_exchange_strong(&d->noted, &free_, 1))
		return;
	size_t len = (size_t)snprintf(d->note, sizeof d->note, "%s: the rules give "
		"role '%s' %d goal values in one state (", d->file,
		gdl_role_name(d->gd, r), k);
	for (int i = 0; i < k && i < 8 && len < sizeof d->note; i++)
		len += (size_t)snprintf(d->note + len, sizeof d->note - len, "%s%d",
			i == 0 ? "" : i + 1 == k ? " and " : ", ", v[i]);
	if (len < sizeof d->note)
		snprintf(d->note + len, sizeof d->note - len, "); the largest, %d, is "
			"used there and wherever it happens (ggp-base raises a "
			"GoalDefinitionException)", gdl_goal(d->gd, e, r));
	atomic_store_explicit(&d->noted, 2, memory_order_release);
}

static void gdl_goals(const gl_game *g, const void *s, int *goals)
{
	const gdl_game *gd = D(g)->gd;
	view w;
	look(g, s, &w);
	for (int r = 0; r < D(g)->nroles; r++) {
		goals[r] = gdl_goal(gd, w.e, r);
		if (!atomic_load_explicit(&D(g)->noted, memory_order_relaxed))
			note_goals(g, w.e, r);
	}
	done(g, &w);
}

static int gdl_hidden(const gl_game *g, const void *s)
{
	view w;
	look(g, s, &w);
	done(g, &w);
	return w.over ? 0 : w.hidden;
}

/* A generic evaluation, knowing nothing but the rules: the goal value the
 * rules give the player to move now, less the best of the others' (many
 * descriptions score positions before the end), then the mover's number
 * of legal moves (mobility) to break ties. */
static int gdl_evaluate(const gl_game *g, const void *s)
{
	const gdl_game *gd = D(g)->gd;
	view w;
	look(g, s, &w);
	int mine = gdl_goal(gd, w.e, w.mover), best = 0;
	for (int r = 0; r < D(g)->nroles; r++)
		if (r != w.mover && gdl_goal(gd, w.e, r) > best)
			best = gdl_goal(gd, w.e, r);
	int v = (D(g)->nroles > 1 ? mine - best : mine) * 1000 + w.n[w.mover];
	done(g, &w);
	return v;
}

static int gdl_format(const gl_game *g, const void *s, gl_action a, char *buf,
	size_t n)
{
	(void)s;
	return gdl_move_text(D(g)->gd, a, buf, n);
}

static int gdl_parse_cb(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	(void)s;
	const gdl_game *gd = D(g)->gd;
	int m = gdl_move_find(gd, text);
	if (m < 0) {
		char eg[GL_MOVE_TEXT] = "(mark 1 1)";
		if (gdl_nmoves(gd) > 0)
			gdl_move_text(gd, 0, eg, sizeof eg);
		return gl_fail(err, GL_EPARSE, "no move '%s' in this game (a GDL move "
			"term such as %s)", text, eg);
	}
	*a = m;
	return 0;
}

static int gdl_render(const gl_game *g, const void *s, char *buf, size_t n)
{
	const gdl_data *d = D(g);
	const gdl_game *gd = d->gd;
	textbuf tb;
	tb_init(&tb, buf, n);
	const unsigned char *st = s;
	for (int k = 0; k < gdl_nbase(gd); k++) {
		int i = d->base_sorted[k];
		uint64_t word; /* s need not be aligned */
		memcpy(&word, st + (size_t)i / 64 * 8, 8);
		if (word >> (i % 64) & 1) {
			char t[256];
			gdl_base_text(gd, i, t, sizeof t);
			tb_printf(&tb, "%s\n", t);
		}
	}
	tb_printf(&tb, "%s to move\n", gdl_role_name(gd, gdl_to_move(g, s)));
	return (int)tb.len;
}

/* One playout from s through legal() and apply() (inside a round of
 * simultaneous moves: the round's pending moves stand), with bs's
 * scratch: its goals into goals, and with end (else NULL) its last state
 * into end and goals -1 where max_moves stopped it before the end;
 * returns its moves. */
static int one_playout(const gl_game *g, bslot *bs, const void *s,
	gl_rng *rng, int max_moves, int *goals, void *end)
{
	/* legal() and apply() take evaluators of the other pool */
	memcpy(bs->x, s, g->state_size);
	int n, len = 0;
	while (len < max_moves && (n = gdl_legal_cb(g, bs->x, bs->mv)) > 0) {
		gdl_apply(g, bs->x, bs->mv[n > 1 ?
			gl_rng_below(rng, (uint32_t)n) : 0]);
		len++;
	}
	gdl_goals(g, bs->x, goals);
	if (end) {
		memcpy(end, bs->x, g->state_size);
		if (len >= max_moves && gdl_legal_cb(g, bs->x, bs->mv) > 0)
			for (int r = 0; r < D(g)->nroles; r++)
				goals[r] = -1; /* stopped before the end */
	}
	return len;
}

/* Bulk playouts: from a state inside a round of simultaneous moves, one
 * by one (the round's pending moves stand); otherwise 64 at a time. */
static uint64_t gdl_playouts(const gl_game *g, const void *s, int count,
	gl_rng *rng, int max_moves, int64_t *goal_sum)
{
	gdl_data *d = D(g);
	const gdl_game *gd = d->gd;
	bool pend = mid_round(g, s);
	int i = take_slot(d->bbusy);
	bslot *bs = &d->bpool[i];
	uint64_t moves = 0;
	if (!pend) {
		memcpy(bs->st, s, (size_t)d->words * 8);
		moves = gdl_batch_playouts(gd, bs->b, bs->st, count, rng, max_moves,
			goal_sum);
		goto out;
	}
	for (int r = 0; r < d->nroles; r++)
		goal_sum[r] = 0;
	for (int k = 0; k < count; k++) {
		int goals[GDL_ROLES_MAX];
		moves += (uint64_t)one_playout(g, bs, s, rng, max_moves, goals,
			NULL);
		for (int r = 0; r < d->nroles; r++)
			goal_sum[r] += goals[r];
	}
out:
	atomic_store_explicit(&d->bbusy[i], 0, memory_order_release);
	return moves;
}

/* Playouts from many states: those inside a round of simultaneous moves
 * one by one (uniformly random: weight is for the others), the others 64
 * at a time (their last states, for ends, over their starts' copies). */
static void gdl_playouts_each(const gl_game *g, const void *states,
	size_t stride, int count, gl_rng *rng, int max_moves,
	const double *weight, gl_trail *trail, int *goals, int *len,
	void *ends)
{
	gdl_data *d = D(g);
	const unsigned char *x = states;
	unsigned char *y = ends;
	int i = take_slot(d->bbusy);
	bslot *bs = &d->bpool[i];
	int at[GL_EACH_MAX], n = 0, nr = d->nroles;
	if (count > GL_EACH_MAX)
		count = GL_EACH_MAX;
	for (int k = 0; k < count; k++) {
		const unsigned char *s = x + (size_t)k * stride;
		if (mid_round(g, s)) {
			len[k] = one_playout(g, bs, s, rng, max_moves, goals + k * nr,
				y ? y + (size_t)k * stride : NULL);
			continue;
		}
		memcpy(bs->st + (size_t)n * (size_t)d->words, s,
			(size_t)d->words * 8);
		at[n++] = k;
	}
	int gl[GL_EACH_MAX * GDL_ROLES_MAX], ln[GL_EACH_MAX];
	gdl_batch_each(d->gd, bs->b, bs->st, n, rng, max_moves, weight, trail,
		gl, ln, y ? bs->st : NULL);
	for (int j = 0; j < n; j++) {
		len[at[j]] = ln[j];
		memcpy(goals + at[j] * nr, gl + j * nr, (size_t)nr * sizeof *gl);
		if (!y)
			continue;
		/* no move pending, as at the start */
		unsigned char *e = y + (size_t)at[j] * stride;
		if (e != x + (size_t)at[j] * stride)
			memcpy(e, x + (size_t)at[j] * stride, g->state_size);
		memcpy(e, bs->st + (size_t)j * (size_t)d->words,
			(size_t)d->words * 8);
	}
	/* the trail's rows from the lanes' to the states' (at[j] >= j: from
	 * the last, so that no row is overwritten before it moves) */
	for (int j = n - 1; trail && j >= 0; j--)
		if (at[j] != j) {
			size_t c = (size_t)trail->cap, to = (size_t)at[j] * c;
			memcpy(trail->move + to, trail->move + j * c,
				(size_t)trail->n[j] * sizeof *trail->move);
			memcpy(trail->who + to, trail->who + j * c,
				(size_t)trail->n[j]);
			trail->n[at[j]] = trail->n[j];
		}
	for (int k = 0, j = 0; trail && k < count; k++)
		if (j < n && at[j] == k)
			j++;
		else
			trail->n[k] = 0; /* played one by one: not recorded */
	atomic_store_explicit(&d->bbusy[i], 0, memory_order_release);
}

/* Joint-move perft (each step one legal move per role), from a state
 * with no pending move (gl_perft() walks the tree through legal() and
 * apply() from inside a round), on w's states: depth + 1 of them, each
 * at least a bitset. */
static uint64_t gdl_perft_cb(const gl_game *g, const void *s, int depth,
	const gl_scratch *w)
{
	gdl_data *d = D(g);
	memcpy(gl_scratch_state(w, 0), s, (size_t)d->words * 8);
	int i = take_slot(d->busy);
	d->pool[i].valid = false; /* perft moves the evaluator */
	/* w's states 1..depth, a stride of at least a bitset each, hold the
	 * depth - 1 bitsets below */
	uint64_t n = gdl_perft_in(d->gd, d->pool[i].e, gl_scratch_state(w, 0),
		depth, depth > 1 ? gl_scratch_state(w, 1) : NULL);
	atomic_store_explicit(&d->busy[i], 0, memory_order_release);
	return n;
}

const gl_game_type gl_game_gdl = {
	.name = "gdl",
	.summary = "any game written in GDL (gdl:PATH.kif); simultaneous moves "
		"are sequentialised",
	.params = gdl_params,
	.init = gdl_init,
	.done = gdl_done,
	.start = gdl_start,
	.to_move = gdl_to_move,
	.legal = gdl_legal_cb,
	.apply = gdl_apply,
	.terminal = gdl_terminal_cb,
	.goals = gdl_goals,
	.format_move = gdl_format,
	.parse_move = gdl_parse_cb,
	.render = gdl_render,
	.perft = gdl_perft_cb,
	.hidden = gdl_hidden,
	.playouts = gdl_playouts,
	.playouts_each = gdl_playouts_each,
	.evaluate = gdl_evaluate,
	.bench_depth = 5,
};

gl_game *gdl_game_new_from(gdl_game *gd, const char *name, gl_err *err)
{
	gl_game *g = gl_calloc(1, sizeof *g);
	gdl_data *d = g ? gl_calloc(1, sizeof *d) : NULL;
	if (!d) {
		gl_free(g);
		gdl_free(gd);
		gl_fail(err, GL_ENOMEM, "out of memory making game %s", name);
		return NULL;
	}
	g->type = &gl_game_gdl;
	g->data = d;
	d->gd = gd;
	snprintf(d->file, sizeof d->file, "%s", name);
	snprintf(g->spec, sizeof g->spec, "gdl:file=%s,reasoner=%s,case=%s",
		name, gdl_reasoner_name(gdl_reasoner_of(gd)),
		gdl_folds_case(gd) ? "fold" : "keep");
	if (gdl_setup(g, err)) {
		gl_game_free(g); /* gdl_done frees gd */
		return NULL;
	}
	return g;
}

const gdl_game *gdl_game_of(const gl_game *g)
{
	return g && g->type == &gl_game_gdl ? D(g)->gd : NULL;
}

int gdl_game_note(const gl_game *g, char *buf, size_t n)
{
	if (n)
		buf[0] = '\0';
	if (g->type != &gl_game_gdl ||
	    atomic_load_explicit(&D(g)->noted, memory_order_acquire) != 2)
		return 0;
	return snprintf(buf, n, "%s", D(g)->note);
}
