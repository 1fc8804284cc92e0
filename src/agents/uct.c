/*
 * uct.c - the `uct` agent: Monte Carlo tree search with the UCT selection
 * rule (Kocsis and Szepesvari, "Bandit based Monte-Carlo Planning", ECML
 * 2006), as GGP players use it (Finnsson and Bjornsson, "Simulation-Based
 * Approach to General Game Playing", AAAI 2008). It needs no knowledge
 * beyond the game interface, so it plays every game, GDL ones included.
 * This file holds its parameters, its set-up and the agent's callbacks;
 * uct_internal.h lists the other files, one concern each.
 *
 * Each iteration descends the tree by UCT (unvisited children first, in a
 * random order), gives a leaf its children once it has been visited
 * `expand` times (`sexpand` once the match has met a round of
 * simultaneous moves, where a round's expansion makes a node per move of
 * every chooser), plays moves to the end from the first new child (by
 * MAST's Gibbs weights: uct_playout.c) and backs up every player's goal
 * (0..100). A node's statistics are the mean value of the player who
 * chose the move leading to it (max-n), in games of three or more mixed
 * with its standing against the others (param rank). In games of one or
 * two players wins and losses are proven (MCTS-Solver), and in games of
 * two on a clock an endgame search may solve the root first (esolve:
 * uct_solve.c). Batches of lanes play 64 playouts at once where the game
 * plays them bit-parallel and where they pay (lanes, lgain, lmast:
 * uct_time.c). Simultaneous moves are searched decoupled (uct_simul.c).
 * Two kinds of game get their own playouts: a race (param race: random
 * lanes, cut and valued by a heuristic learnt in the match, with implicit
 * minimax: uct_heur.c) and lines to connect (param connect: playouts that
 * win in one and block a win in one).
 *
 * docs/GGP_STRENGTH.md measures the default against plain UCT
 * (uct:mast=0,lanes=1,mixcut=0,rank=0,race=0,esolve=0,connect=0,sexpand=2)
 * and states the rule for changing it; the options the screens rejected
 * are gone (their results: docs/data/ggp-strength-rounds.md).
 *
 * Memory: one node arena sized once at init (param `nodes`), the nodes'
 * states beside it where they fit in `states` MiB (a descent then copies
 * a node's state instead of applying the moves from the root again: the
 * same play, faster), move lists and states sized from the game, MAST's
 * table from g->nplayers * g->nactions, the lanes' paths and trails from
 * lanes * g->max_length, the heuristic's weights from g->nprops; nothing
 * is allocated after init. A full arena stops growing the tree and the
 * iterations go on as playouts from its leaves. observe() moves the root
 * down to the child for the move played, and choose() compacts the arena
 * to the surviving subtree before searching. With an iteration limit the
 * agent is deterministic given its generator (tests/test_uct_same.c
 * holds the default's moves); time limits are not reproducible.
 */
#include "agents/uct_internal.h"

#include <stdlib.h>
#include <string.h>

static const gl_param_def uct_params[] = {
	{"time", "1", "seconds per move (0: no time limit)", 1, 0},
	{"iterations", "0", "iterations per move (0: no limit); either limit stops",
		0, 4000000000L},
	{"c", "40", "UCT exploration constant on the 0..100 goal scale", 0, 10000},
	{"nodes", "2000000", "tree capacity in nodes (32 bytes each, and a state "
		"each where param states keeps them), allocated once",
		1000, 100000000},
	{"states", "128", "MiB for the nodes' states: where nodes times the "
		"game's state size fit, each node's state is kept beside it and a "
		"descent copies it instead of replaying the moves to it (0: "
		"always replay)", 0, 1000000},
	{"expand", "2", "visits a leaf needs before it gets children (the root: 0)",
		1, 1000},
	{"sexpand", "16", "visits a leaf needs before it gets children once the "
		"match has met a round of simultaneous moves (instead of expand)",
		1, 1000},
	{"lanes", "64", "iterations whose playouts run at once, through the "
		"game's bulk playouts (the gdl type: 64 at a time, bit-parallel); each "
		"descent leaves a virtual visit so that the next goes elsewhere (1: "
		"one by one)", 1, GL_EACH_MAX},
	{"lgain", "1", "with lanes, at each move one batch of lanes and 16 "
		"iterations one by one are timed (CPU seconds), and the batches go on "
		"only if an iteration in one costs at most 1/lgain of one by one (0: "
		"lanes always; above 0: one by one under an iteration limit, so that "
		"the search stays reproducible, and in games of lines to connect, "
		"whose playouts lanes would not play)", 0, 1000},
	{"lmast", "1", "with lanes, the bulk playouts draw each move by MAST's "
		"Gibbs weights, and MAST learns from their moves, until a round of "
		"simultaneous moves (0: uniformly random)", 0, 1},
	{"reuse", "1", "keep the subtree of the move played across turns (0 or 1)",
		0, 1},
	{"solve", "1", "prove exact values from the end (MCTS-Solver; 1 or 2 "
		"players; 0 or 1)", 0, 1},
	{"mix", "1", "at simultaneous moves play a move drawn in proportion to its "
		"visits (1) or the most visited (0)", 0, 1},
	{"mixcut", "50", "only the moves with at least this percent of the most "
		"visited move's visits are played at simultaneous moves (0: all; "
		"100: the most visited, ties drawn)", 0, 100},
	{"rank", "100", "games of three or more players: the tree's value of an "
		"outcome for a player is (goal + W/100 * standing) / (1 + W/100), "
		"its standing being 100 for each other player whose goal it beat, "
		"50 for each it tied, 0 below, averaged; W (0: the goal alone)",
		0, 10000},
	{"mast", "2", "MAST playouts: each player's moves drawn by Gibbs sampling "
		"over their mean goal over all iterations so far (2), or uniformly "
		"random (0)", 0, 2},
	{"tau", "20", "MAST's Gibbs temperature, goal units", 1, 1000},
	{"esolve", "20", "endgame solving (two players whose goals sum to 100, "
		"turns only): a move first spends up to this percent of its "
		"time (without a clock: this times 10,000 states) on an exact "
		"alpha-beta search to the game's ends, at a match's first move "
		"and wherever at least 1% of the tree's descents since the last "
		"move reached an end or a proven node; a win found is played, a "
		"value between 0 and 100 kept (the search's move unless the "
		"tree's is proven to reach it too), a loss left to the tree; "
		"left at its default, only on a clock (not under an iteration "
		"limit); 0: off", 0, 100},
	{"race", "1", "1: in a game of two players each of whose goal lines "
		"is one proposition (a race to any square of a row, as in "
		"breakthrough), playouts uniformly random in lanes (mast at its "
		"default's value, given so or not, is 0), every other batch cut "
		"after 10 moves and valued by a heuristic learnt in the match, "
		"which implicit minimax backs up through the tree until a round "
		"of simultaneous moves; 0: the default's playouts everywhere",
		0, 1},
	{"connect", "1", "1: in a game of two players whose goal lines are each "
		"two or more propositions (a line of marks to connect, as "
		"connectFour's fours and ticTacToe's threes), expansion tries a "
		"move that wins at once first, and playouts go one by one, "
		"playing a win in one and blocking one; 0: not", 0, 1},
	{NULL, NULL, NULL, 0, 0}
};

/* Whether g has two players, each with goal lines (game.h's lines: what
 * the rules' positive conditions say a top goal needs), and every line
 * of lo to hi propositions: the kinds of game race and connect tell. */
static bool lines_of(const gl_game *g, uint32_t lo, uint32_t hi)
{
	const gl_goal_lines *l = &g->lines;
	if (g->nplayers != 2 || g->nprops == 0 || l->n == 0)
		return false;
	bool has[2] = {false, false};
	for (unsigned i = 0; i < l->n; i++) {
		uint32_t n = l->first[i + 1] - l->first[i];
		if (n < lo || n > hi || l->player[i] > 1)
			return false;
		has[l->player[i]] = true;
	}
	return has[0] && has[1];
}

/* Whether g is a race (race=1): every goal line one proposition, so that
 * a player's top goal is a single fact of the state (a piece on the far
 * row). A linear model over the state's propositions (uct_heur.c)
 * then has the goal itself among its features; a goal of several facts
 * at once (connectFour's lines of four) it cannot read. */
static bool race_game(const gl_game *g)
{
	return lines_of(g, 1, 1);
}

/* Whether g's goals are lines to connect (connect=1): every goal line two
 * or more propositions (connectFour's fours of a colour, ticTacToe's
 * threes), so that a win in one is a line lacking one, which playouts
 * look for and block (u->decisive). Not a race (lines of one), nor a game
 * without lines (othello-comp2007's count of discs, blockerParallel's
 * path), nor one of three players, where the mover before is not the
 * only one who could block (docs/data/ggp-strength-rounds.md, round
 * 34). */
static bool connect_game(const gl_game *g)
{
	return lines_of(g, 2, UINT32_MAX);
}

/* Parameter key, or in a game of a kind (on: a race with race=1) `to`
 * where key has its declared default's value (the parameters do not tell
 * a value given from the default: an explicit mast=2 is overridden too
 * in a race; race=0 keeps it). */
static long kind_int(const gl_params *p, bool on, const char *key, long to)
{
	return on && gl_params_at_default(p, key) ? to : gl_params_int(p, key);
}

static void uct_done(gl_agent *a)
{
	uct *u = a->data;
	gl_free(u->nodes);
	gl_free(u->fwd);
	gl_free(u->path);
	gl_free(u->spath);
	gl_free(u->here);
	gl_free(u->cur);
	gl_scratch_done(&u->w);
	gl_scratch_done(&u->esw);
	gl_free(u->es_tt);
	gl_free(u->es_key);
	gl_free(u->cand);
	gl_free(u->x);
	gl_free(u->mast);
	gl_free(u->trail);
	gl_free(u->trail_who);
	gl_free(u->weight);
	gl_free(u->st);
	gl_free(u->lpath);
	gl_free(u->lspath);
	gl_free(u->ldepth);
	gl_free(u->lns);
	gl_free(u->lstate);
	gl_free(u->lgoal);
	gl_free(u->llen);
	gl_free(u->lweight);
	gl_free(u->ltrail.move);
	gl_free(u->ltrail.who);
	gl_free(u->ltrail.n);
	gl_free(u->hw);
	gl_free(u->hidx);
	gl_free(u->hv);
	gl_free(u);
}

static int uct_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	const gl_game *g = a->game;
	double seconds;
	int rc = gl_params_real(p, "time", "agent uct", 0, 1e9, &seconds, err);
	if (rc)
		return rc;
	uint64_t iters = (uint64_t)gl_params_int(p, "iterations");
	if (seconds == 0 && iters == 0)
		return gl_fail(err, GL_EINVAL, "agent uct: give a time or iterations limit");
	if (gl_params_int(p, "mast") == 1)
		return gl_fail(err, GL_EINVAL, "agent uct: mast must be 0 (random "
			"playouts) or 2 (MAST's Gibbs sampling), got 1");
	long cap = gl_params_int(p, "nodes");
	if (cap < (long)g->max_legal + 1)
		return gl_fail(err, GL_EINVAL, "agent uct: nodes must be at least %u "
			"for %s", g->max_legal + 1, g->spec);
	uct *u = gl_calloc(1, sizeof *u);
	if (!u)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent uct");
	u->c = (double)gl_params_int(p, "c");
	u->expand = (uint32_t)gl_params_int(p, "expand");
	u->sexpand = (uint32_t)gl_params_int(p, "sexpand");
	u->lanes = (uint32_t)gl_params_int(p, "lanes");
	if (!g->type->playouts_each || g->bulk < 2)
		u->lanes = 1; /* one by one: playout() is as fast, and MAST's */
	else if (u->lanes > g->bulk)
		u->lanes = g->bulk;
	u->lgain = (uint32_t)gl_params_int(p, "lgain");
	u->seconds = seconds;
	u->iterations = iters;
	u->reuse = gl_params_int(p, "reuse") != 0;
	u->solve = g->nplayers <= 2 && gl_params_int(p, "solve") != 0;
	u->mix = gl_params_int(p, "mix") != 0;
	u->mixcut = (uint32_t)gl_params_int(p, "mixcut");
	bool race = gl_params_int(p, "race") && race_game(g);
	u->tau = kind_int(p, race, "mast", 0) == 2 ?
		(double)gl_params_int(p, "tau") : 0;
	u->nact = (size_t)g->nactions;
	u->decisive = gl_params_int(p, "connect") && connect_game(g);
	u->np = g->nplayers;
	u->rank = g->nplayers >= 3 ? (double)gl_params_int(p, "rank") / 100 : 0;
	/* MAST's table of players x action ids, cleared at every match: off
	 * where the ids are too many, as native checkers' 2^27 (ids named by
	 * a move's squares) */
	if ((double)g->nplayers * (double)g->nactions > MOVE_IDS_MAX)
		u->tau = 0;
	/* lanes play their playouts without decisive moves: chosen by their
	 * gain (lgain), they stay off where those are asked for */
	if (u->lgain > 0 && u->decisive)
		u->lanes = 1;
	bool mast = u->tau > 0;
	u->cap = (int32_t)cap;
	u->root = NONE;
	u->nodes = gl_malloc((size_t)cap * sizeof *u->nodes);
	/* the nodes' states, where they fit in the memory given them: only
	 * a speed-up, so without the memory the moves are replayed */
	double sbytes = (double)cap * g->state_size;
	u->ssize = g->state_size;
	if (sbytes <= (double)gl_params_int(p, "states") * 1024 * 1024 &&
	    sbytes <= (double)SIZE_MAX)
		u->st = gl_malloc((size_t)cap * u->ssize);
	u->fwd = gl_malloc((size_t)cap * sizeof *u->fwd);
	u->path = gl_malloc(((size_t)g->max_length + 2) * sizeof *u->path);
	u->spath = gl_malloc(((size_t)g->max_length + 2) * sizeof *u->spath);
	u->here = gl_malloc(g->state_size);
	u->cur = gl_malloc(g->state_size);
	u->cand = gl_malloc(g->max_legal * sizeof *u->cand);
	u->x = gl_malloc(g->max_legal * sizeof *u->x);
	bool lanes = u->lanes > 1;
	if (lanes) {
		size_t nl = u->lanes, stride = (size_t)g->max_length + 2;
		u->lpath = gl_malloc(nl * stride * sizeof *u->lpath);
		u->lspath = gl_malloc(nl * stride * sizeof *u->lspath);
		u->ldepth = gl_malloc(nl * sizeof *u->ldepth);
		u->lns = gl_malloc(nl * sizeof *u->lns);
		u->lstride = (g->state_size + _Alignof(max_align_t) - 1) /
			_Alignof(max_align_t) * _Alignof(max_align_t);
		u->lstate = gl_malloc(nl * u->lstride);
		u->lgoal = gl_malloc(nl * g->nplayers * sizeof *u->lgoal);
		u->llen = gl_malloc(nl * sizeof *u->llen);
	}
	bool lmast = lanes && mast && gl_params_int(p, "lmast") != 0;
	if (lmast) {
		size_t nl = u->lanes, room = g->max_length;
		u->lweight = gl_malloc((size_t)g->nplayers * (size_t)g->nactions *
			sizeof *u->lweight);
		u->ltrail.move = gl_malloc(nl * room * sizeof *u->ltrail.move);
		u->ltrail.who = gl_malloc(nl * room);
		u->ltrail.n = gl_malloc(nl * sizeof *u->ltrail.n);
		u->ltrail.cap = (int)room;
	}
	if (mast) {
		u->mast = gl_malloc((size_t)g->nplayers * (size_t)g->nactions *
			sizeof *u->mast);
		u->weight = gl_malloc(g->max_legal * sizeof *u->weight);
		u->trail = gl_malloc(((size_t)g->max_length + 1) * sizeof *u->trail);
		u->trail_who = gl_malloc((size_t)g->max_length + 1);
	}
	/* a race: the heuristic, for implicit minimax and cut playouts */
	u->imb = race ? RACE_IMB : 0;
	u->ihalf = RACE_IHALF;
	u->ept = race && lanes ? RACE_EPT : 0;
	if (race) {
		u->nprops = g->nprops;
		u->hw = gl_malloc(((size_t)u->nprops + 1) * g->nplayers *
			sizeof *u->hw);
		u->hidx = gl_malloc((size_t)u->nprops * sizeof *u->hidx);
		u->hv = gl_malloc((size_t)cap * g->nplayers * sizeof *u->hv);
	}
	u->esolve = g->nplayers == 2 ? (int)gl_params_int(p, "esolve") : 0;
	u->es_clock = gl_params_at_default(p, "esolve");
	bool es = false;
	if (u->esolve > 0) {
		u->es_levels = g->max_length < ES_LEVELS_MAX ?
			(int)g->max_length : ES_LEVELS_MAX;
		u->es_tt = gl_calloc((size_t)1 << ES_BITS, sizeof *u->es_tt);
		u->es_key = gl_malloc(((size_t)g->max_legal + 1) *
			sizeof *u->es_key);
		es = !u->es_tt || !u->es_key || gl_scratch_init(&u->esw, g,
			u->es_levels, u->es_levels, NULL);
	}
	/* reaches() goes one level per unseen choice of a round: fewer than
	 * the players */
	int levels = g->type->hidden ? (int)g->nplayers : 0;
	a->data = u;
	if (!u->nodes || !u->fwd || !u->path || !u->spath || !u->here || !u->cur ||
	    !u->cand || !u->x ||
	    (lanes && (!u->lpath || !u->lspath || !u->ldepth || !u->lns ||
	    !u->lstate || !u->lgoal || !u->llen)) || (lmast && (!u->lweight ||
	    !u->ltrail.move || !u->ltrail.who || !u->ltrail.n)) ||
	    (mast && (!u->mast || !u->weight || !u->trail || !u->trail_who)) ||
	    (race && (!u->hw || !u->hv || !u->hidx)) || es ||
	    gl_scratch_init(&u->w, g, LIST_REACH + levels, STATE_REACH + levels,
		NULL)) {
		uct_done(a);
		a->data = NULL;
		return gl_fail(err, GL_ENOMEM, "out of memory making agent uct "
			"(%ld nodes, %u moves a state)", cap, g->max_legal);
	}
	u->moves = gl_scratch_moves(&u->w, 0);
	u->mv = gl_scratch_moves(&u->w, 1);
	u->root_moves = gl_scratch_moves(&u->w, 2);
	u->s = gl_scratch_state(&u->w, 0);
	u->t = gl_scratch_state(&u->w, 1);
	u->look = gl_scratch_state(&u->w, 2);
	u->pmv = gl_scratch_moves(&u->w, 3);
	u->ps = gl_scratch_state(&u->w, 3);
	return 0;
}

static int uct_begin(gl_agent *a, gl_err *err)
{
	(void)err;
	uct *u = a->data;
	a->game->type->start(a->game, u->s);
	uct_anchor(u, a->game, u->s);
	u->used = 0;
	u->rounds = false;
	u->lsecs = u->lcpu = 0;
	u->luse = uct_lanes_always(u);
	u->ecut = false; /* a match's first batch is cut, as a fresh agent's */
	if (u->mast)
		memset(u->mast, 0, (size_t)a->game->nplayers *
			(size_t)a->game->nactions * sizeof *u->mast);
	if (u->hw)
		memset(u->hw, 0, ((size_t)u->nprops + 1) * u->np * sizeof *u->hw);
	if (u->es_tt && u->es_dirty)
		memset(u->es_tt, 0, ((size_t)1 << ES_BITS) * sizeof *u->es_tt);
	u->es_dirty = false;
	u->es_first = true;
	u->es_desc = u->es_ends = 0;
	return 0;
}

void uct_publish(uct *u, gl_agent *a)
{
	if (u->pub_k <= 0)
		return;
	const node *r = &u->nodes[u->root], *best = NULL;
	if (!(r->flags & SIMUL)) {
		if (r->flags & EXPANDED && r->nchild > 0)
			best = uct_best_child(u, r);
	} else if (u->pub_h > 0) {
		for (int32_t i = r->first + r->nchild; i < u->used &&
		     u->nodes[i].flags & STATS; i++)
			if (u->nodes[i].who == a->role && (!best ||
			    u->nodes[i].visits > best->visits))
				best = &u->nodes[i];
	} else {
		for (int i = 0; i < r->nchild; i++)
			if (!best || u->nodes[r->first + i].visits > best->visits)
				best = &u->nodes[r->first + i];
	}
	if (best && best->visits > 0 && uct_listed(u->root_moves, u->pub_k, best->move))
		gl_agent_publish(a, best->move);
}

static int uct_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	uct *u = a->data;
	const gl_game *g = a->game;
	gl_action *moves = u->root_moves;
	int k = g->type->legal(g, s, moves);
	if (k == 0)
		return gl_fail(err, GL_EINVAL, "agent uct: asked to move in a "
			"finished game");
	if (k == 1) {
		*move = moves[0];
		return 0;
	}
	int h = hidden(g, s);
	if (!uct_root_at(u, g, s, h)) {
		/* no round start known: play as if knowing nothing */
		*move = moves[gl_rng_below(&a->rng, (uint32_t)k)];
		return 0;
	}
	double stop = u->seconds > 0 ? gl_now() + u->seconds : 0, tree_stop;
	u->halt = a->stop;
	u->pub_k = k;
	u->pub_h = h;
	uct_publish(u, a); /* what a kept tree already knows */
	int ev;
	gl_action em;
	if (uct_es_before(u, g, s, h, moves, k, stop, &ev, &em, &tree_stop)) {
		*move = em;
		return 0;
	}
	uct_search(u, a, tree_stop);
	u->pub_k = 0;
	const node *r = &u->nodes[u->root];
	const node **x = u->x;
	int n = 0;
	if (r->flags & SIMUL && h > 0) {
		/* a later chooser: its statistics of the round, for the moves
		 * it has (the same as at the round's start) */
		for (int32_t i = r->first + r->nchild; i < u->used &&
		     u->nodes[i].flags & STATS && n < k; i++)
			if (u->nodes[i].who == a->role)
				x[n++] = &u->nodes[i];
		for (int i = 0; i < n; i++)
			if (!uct_listed(moves, k, x[i]->move))
				n = 0; /* not this round's statistics after all */
	} else if (r->flags & SIMUL) {
		for (int i = 0; i < r->nchild; i++)
			x[n++] = &u->nodes[r->first + i];
	} else if (r->flags & EXPANDED && r->nchild > 0) {
		*move = uct_best_child(u, r)->move;
		if (ev > 0 && *move != em && !uct_es_holds(u, g, s, *move, ev, stop))
			*move = em; /* the tree's move not shown to hold the draw */
		return 0;
	}
	*move = n > 0 ? uct_pick_simul(u, a, x, n) : ev > 0 ? em :
		moves[gl_rng_below(&a->rng, (uint32_t)k)];
	return 0;
}

static void uct_observe(gl_agent *a, const void *s, int player, gl_action move)
{
	(void)player;
	uct *u = a->data;
	const gl_game *g = a->game;
	if (!u->known || memcmp(u->cur, s, g->state_size) != 0) {
		/* not the match as followed (a new position): start from s */
		if (hidden(g, s) > 0) {
			u->known = false;
			u->root = NONE;
			return;
		}
		uct_anchor(u, g, s);
	}
	g->type->apply(g, u->cur, move);
	if (hidden(g, u->cur) > 0 && u->npend < GL_PLAYERS_MAX) {
		u->pend[u->npend++] = move; /* the round goes on */
		return;
	}
	/* a turn, or a round, is complete: the root follows its moves */
	int32_t n = u->reuse ? u->root : NONE;
	for (int i = 0; i < u->npend && n != NONE; i++)
		n = uct_child(u, n, u->pend[i]);
	u->root = n == NONE ? NONE : uct_child(u, n, move);
	memcpy(u->here, u->cur, g->state_size);
	u->npend = 0;
}

/* A GGP player's play clock less its margin: the time choose() takes from
 * now on (above 0; the iteration limit, if any, still applies). */
static void uct_set_time(gl_agent *a, double seconds)
{
	uct *u = a->data;
	u->seconds = seconds > 1e-6 ? seconds : 1e-6;
}

const gl_agent_type gl_agent_uct = {
	.name = "uct",
	.summary = "Monte Carlo tree search (UCT, MAST playouts, max-n goals, "
		"decoupled at simultaneous moves): plays any game, GDL included",
	.params = uct_params,
	.init = uct_init,
	.done = uct_done,
	.begin = uct_begin,
	.choose = uct_choose,
	.observe = uct_observe,
	.ponder = uct_ponder,
	.set_time = uct_set_time,
};
