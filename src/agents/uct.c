/*
 * uct.c - the `uct` agent: Monte Carlo tree search with the UCT selection
 * rule (Kocsis and Szepesvari, "Bandit based Monte-Carlo Planning", ECML
 * 2006), as GGP players use it (Finnsson and Bjornsson, "Simulation-Based
 * Approach to General Game Playing", AAAI 2008): the default player of
 * issue 8 and the baseline the learners are compared with. It needs no
 * knowledge beyond the game interface, so it plays every game, GDL ones
 * included.
 *
 * Each iteration descends the tree by UCT (unvisited children first, in a
 * random order), gives a leaf its children once it has been visited
 * `expand` times, plays random moves to the end from the first new child
 * (at most g->max_length of them) and backs up every
 * player's goal (0..100). A node's statistics are the mean goal of the
 * player who chose the move leading to it (max-n: any number of players).
 * In games of one or two players, terminal states reached in the tree are
 * proven and their values backed up exactly (MCTS-Solver, try_prove()).
 * Sequentialised simultaneous moves (the gdl type lets the roles of one
 * step choose one after another) are searched as if they were turns: the
 * later chooser's nodes lie below the earlier choice, so the tree assumes
 * the later role sees it. True decoupled UCT would keep one set of
 * statistics per role at the step and share the later role's across the
 * earlier role's choices; game.h does not say which plies belong to one
 * step, so this is not that. The agent still plays legal moves, but as the
 * earlier role it plans against an opponent who sees its choice (a
 * pessimistic worst case in two-player zero-sum games), and as the later
 * role it searches from the state it is given, which in gamelearn's own
 * matches holds the earlier role's pending move: it answers that move, an
 * advantage a real simultaneous game (GGP over HTTP) does not give. In
 * games such as roshambo neither side finds the mixed equilibrium.
 *
 * Memory: one node arena sized once at init (param `nodes`); a full arena
 * stops growing the tree and iterations go on as playouts from its leaves.
 * Tree reuse: observe() moves the root down to the child for the move
 * played, and choose() compacts the arena to the surviving subtree before
 * searching. With an iteration limit the agent is deterministic given its
 * generator; time limits are not reproducible.
 */
#include "agents/internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	NONE = -1,          /* no node (an index) */
	EXPANDED = 1,       /* node flag: children allocated */
	TERMINAL = 2,       /* node flag: the state is terminal */
	PROVEN = 4,         /* node flag: its value is exact (proof) */
	LIVE = 0x7fffffff   /* compaction: reachable, index not yet assigned */
};

/* One tree node: a state reached by a move, with its statistics. */
typedef struct node {
	double sum;       /* total goal of `who` over the visits */
	uint32_t visits;  /* iterations through this node */
	int32_t first;    /* index of the first child (EXPANDED only) */
	gl_action move;   /* the move that led here (the root: unused) */
	uint16_t nchild;  /* children, contiguous from first */
	uint16_t ntried;  /* children visited so far: the first ntried */
	int8_t who;       /* player who chose `move` (-1 at a fresh root) */
	int8_t mover;     /* player choosing among the children (EXPANDED) */
	uint8_t flags;    /* EXPANDED, TERMINAL, PROVEN */
	int8_t proof[2];  /* PROVEN: both players' exact goals */
} node;

/* The agent's private state. */
typedef struct uct {
	double c;           /* exploration constant, goal units (0..100) */
	uint32_t expand;    /* visits a leaf needs before it is expanded */
	double seconds;     /* time per move (0: none) */
	uint64_t iterations; /* iterations per move (0: none) */
	bool reuse;         /* keep the tree across moves */
	bool solve;         /* prove values (games of one or two players) */
	int32_t cap;        /* nodes in the arena */
	int32_t used;       /* nodes allocated */
	int32_t root;       /* the root's index, or NONE: no tree */
	node *nodes;        /* [cap] the arena */
	int32_t *fwd;       /* [cap] compaction: new index of each node */
	int32_t *path;      /* [max_length + 2] nodes of one descent */
	unsigned char *root_state; /* [state_size] the root's state */
} uct;

static const gl_param_def uct_params[] = {
	{"time", "1", "seconds per move (0: no time limit)", 1, 0},
	{"iterations", "0", "iterations per move (0: no limit); either limit stops",
		0, 4000000000L},
	{"c", "40", "UCT exploration constant on the 0..100 goal scale", 0, 10000},
	{"nodes", "2000000", "tree capacity in nodes (32 bytes each), allocated once",
		1000, 100000000},
	{"expand", "2", "visits a leaf needs before it gets children (the root: 0)",
		1, 1000},
	{"reuse", "1", "keep the subtree of the move played across turns (0 or 1)",
		0, 1},
	{"solve", "1", "prove exact values from the end (MCTS-Solver; 1 or 2 "
		"players; 0 or 1)", 0, 1},
	{NULL, NULL, NULL, 0, 0}
};

static int uct_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	const gl_game *g = a->game;
	const char *text = gl_params_str(p, "time");
	char *end;
	double seconds = strtod(text, &end);
	if (!*text || *end || !(seconds >= 0 && seconds < 1e9))
		return gl_fail(err, GL_EINVAL, "agent uct: time must be a number >= 0, "
			"got '%s'", text);
	uint64_t iters = (uint64_t)gl_params_int(p, "iterations");
	if (seconds == 0 && iters == 0)
		return gl_fail(err, GL_EINVAL, "agent uct: give a time or iterations limit");
	long cap = gl_params_int(p, "nodes");
	if (cap < (long)g->max_legal + 1)
		return gl_fail(err, GL_EINVAL, "agent uct: nodes must be at least %u "
			"for %s", g->max_legal + 1, g->spec);
	uct *u = gl_calloc(1, sizeof *u);
	if (!u)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent uct");
	u->c = (double)gl_params_int(p, "c");
	u->expand = (uint32_t)gl_params_int(p, "expand");
	u->seconds = seconds;
	u->iterations = iters;
	u->reuse = gl_params_int(p, "reuse") != 0;
	u->solve = g->nplayers <= 2 && gl_params_int(p, "solve") != 0;
	u->cap = (int32_t)cap;
	u->root = NONE;
	u->nodes = gl_malloc((size_t)cap * sizeof *u->nodes);
	u->fwd = gl_malloc((size_t)cap * sizeof *u->fwd);
	u->path = gl_malloc(((size_t)g->max_length + 2) * sizeof *u->path);
	u->root_state = gl_malloc(g->state_size);
	if (!u->nodes || !u->fwd || !u->path || !u->root_state) {
		gl_free(u->nodes);
		gl_free(u->fwd);
		gl_free(u->path);
		gl_free(u->root_state);
		gl_free(u);
		return gl_fail(err, GL_ENOMEM, "out of memory making agent uct "
			"(%ld nodes)", cap);
	}
	a->data = u;
	return 0;
}

static void uct_done(gl_agent *a)
{
	uct *u = a->data;
	gl_free(u->nodes);
	gl_free(u->fwd);
	gl_free(u->path);
	gl_free(u->root_state);
	gl_free(u);
}

static int uct_begin(gl_agent *a, gl_err *err)
{
	(void)err;
	uct *u = a->data;
	u->root = NONE;
	u->used = 0;
	return 0;
}

/* A fresh tree: the arena emptied, the root for state s. */
static void new_tree(uct *u, const gl_game *g, const void *s)
{
	node *r = &u->nodes[0];
	memset(r, 0, sizeof *r);
	r->who = -1;
	u->used = 1;
	u->root = 0;
	memcpy(u->root_state, s, g->state_size);
}

/* Keep only the subtree under the root, slid to the front of the arena.
 * A node's children always lie above it (they are allocated when it is
 * expanded), so one ascending pass marks the subtree and numbers it, and
 * a second slides each node down to its number (never above itself). */
static void compact(uct *u)
{
	int32_t next = 0;
	for (int32_t i = u->root; i < u->used; i++)
		u->fwd[i] = i == u->root ? LIVE : NONE;
	for (int32_t i = u->root; i < u->used; i++) {
		if (u->fwd[i] == NONE)
			continue;
		u->fwd[i] = next++;
		const node *n = &u->nodes[i];
		if (n->flags & EXPANDED)
			for (int k = 0; k < n->nchild; k++)
				u->fwd[n->first + k] = LIVE;
	}
	for (int32_t i = u->root; i < u->used; i++) {
		if (u->fwd[i] == NONE)
			continue;
		node n = u->nodes[i];
		if (n.flags & EXPANDED)
			n.first = u->fwd[n.first];
		u->nodes[u->fwd[i]] = n;
	}
	u->root = 0;
	u->used = next;
}

/* Expand node n (state s, not yet expanded): mark it terminal, or give it
 * one child per legal move in random order. Returns false when the arena
 * has no room (n stays a leaf). */
static bool expand(uct *u, gl_agent *a, int32_t n, const void *s)
{
	const gl_game *g = a->game;
	gl_action moves[GL_LEGAL_MAX];
	int k = g->type->legal(g, s, moves);
	node *nd = &u->nodes[n];
	if (k == 0) {
		nd->flags |= TERMINAL;
		return true;
	}
	if (u->used > u->cap - k)
		return false;
	for (int i = k - 1; i > 0; i--) {
		int j = (int)gl_rng_below(&a->rng, (uint32_t)i + 1);
		gl_action t = moves[i];
		moves[i] = moves[j];
		moves[j] = t;
	}
	int8_t mover = (int8_t)g->type->to_move(g, s);
	nd->first = u->used;
	nd->nchild = (uint16_t)k;
	nd->ntried = 0;
	nd->mover = mover;
	nd->flags |= EXPANDED;
	for (int i = 0; i < k; i++) {
		node *c = &u->nodes[u->used++];
		memset(c, 0, sizeof *c);
		c->move = moves[i];
		c->who = mover;
	}
	return true;
}

/* The child of n with the best UCT value (all children tried). */
static int32_t select_child(const uct *u, const node *nd)
{
	double logn = log((double)nd->visits);
	double best = -1;
	int32_t pick = nd->first;
	for (int k = 0; k < nd->nchild; k++) {
		const node *c = &u->nodes[nd->first + k];
		double mean = c->flags & PROVEN ? c->proof[nd->mover] :
			c->sum / c->visits;
		double v = mean + u->c * sqrt(logn / c->visits);
		if (v > best) {
			best = v;
			pick = nd->first + k;
		}
	}
	return pick;
}

/* Random moves from s to the end (at most max_length of them); the goals
 * into goals. A game cut short scores 50 for every player (a draw), a
 * puzzle its goal where it stopped. Returns the moves played (0: s was
 * terminal). */
static unsigned playout(gl_agent *a, void *s, int *goals)
{
	const gl_game *g = a->game;
	gl_action moves[GL_LEGAL_MAX];
	unsigned ply;
	for (ply = 0; ply < g->max_length; ply++) {
		int k = g->type->legal(g, s, moves);
		if (k == 0) {
			g->type->goals(g, s, goals);
			return ply;
		}
		g->type->apply(g, s, moves[gl_rng_below(&a->rng, (uint32_t)k)]);
	}
	if (g->nplayers == 1 || g->type->terminal(g, s)) {
		g->type->goals(g, s, goals);
		return ply;
	}
	for (unsigned p = 0; p < g->nplayers; p++)
		goals[p] = 50;
	return ply;
}

/* MCTS-Solver (Winands, Bjornsson and Saito, "Monte-Carlo Tree Search
 * Solver", CG 2008), for any goals: a node is proven when a child gives
 * its mover the top goal (100), or when every child is proven (the mover
 * takes the best of them for itself). Returns whether n is now proven. */
static bool try_prove(uct *u, node *n)
{
	if (!(n->flags & EXPANDED))
		return false;
	int m = n->mover;
	const node *best = NULL;
	bool all = true;
	for (int k = 0; k < n->nchild; k++) {
		const node *c = &u->nodes[n->first + k];
		if (!(c->flags & PROVEN)) {
			all = false;
			continue;
		}
		if (!best || c->proof[m] > best->proof[m])
			best = c;
	}
	if (!best || (best->proof[m] < 100 && !all))
		return false;
	n->proof[0] = best->proof[0];
	n->proof[1] = best->proof[1];
	n->flags |= PROVEN;
	return true;
}

/* One iteration: descend by UCT, add a child, play out, back up. */
static void iterate(uct *u, gl_agent *a)
{
	const gl_game *g = a->game;
	GL_STATE_ALIGN unsigned char s[GL_STATE_MAX];
	int goals[GL_PLAYERS_MAX];
	memcpy(s, u->root_state, g->state_size);
	int32_t n = u->root;
	int depth = 0;
	u->path[depth++] = n;
	for (;;) {
		node *nd = &u->nodes[n];
		if (nd->flags & (TERMINAL | PROVEN) || depth > (int)g->max_length)
			break;
		if (!(nd->flags & EXPANDED) && (
		    (depth > 1 && nd->visits < u->expand) || !expand(u, a, n, s)))
			break; /* a young leaf, or the arena is full: play out */
		if (nd->flags & TERMINAL)
			break;
		int32_t c;
		bool fresh = nd->ntried < nd->nchild;
		c = fresh ? nd->first + nd->ntried++ : select_child(u, nd);
		g->type->apply(g, s, u->nodes[c].move);
		u->path[depth++] = c;
		n = c;
		if (fresh)
			break;
	}
	node *leaf = &u->nodes[n];
	if (leaf->flags & PROVEN) {
		goals[0] = leaf->proof[0]; /* proofs: 1 or 2 players */
		goals[1] = leaf->proof[1];
	} else if (playout(a, s, goals) == 0 && u->solve) {
		/* the leaf is terminal: prove it, then its ancestors */
		leaf->flags |= TERMINAL | PROVEN;
		leaf->proof[0] = (int8_t)goals[0];
		leaf->proof[1] = (int8_t)(g->nplayers > 1 ? goals[1] : 0);
		for (int i = depth - 1; i > 0; i--)
			if (!try_prove(u, &u->nodes[u->path[i - 1]]))
				break;
	}
	for (int i = 0; i < depth; i++) {
		node *nd = &u->nodes[u->path[i]];
		nd->visits++;
		if (nd->who >= 0)
			nd->sum += goals[nd->who];
	}
}

/* Whether child c of r ranks above child b as the move to play: a proven
 * top goal first, then not a proven loss (goal 0) for the mover, then the
 * proven value when the root is proven, then visits, then mean goal. */
static bool better(const node *r, const node *c, const node *b)
{
	int m = r->mover;
	bool cw = c->flags & PROVEN && c->proof[m] == 100;
	bool bw = b->flags & PROVEN && b->proof[m] == 100;
	if (cw != bw)
		return cw;
	bool cl = c->flags & PROVEN && c->proof[m] == 0;
	bool bl = b->flags & PROVEN && b->proof[m] == 0;
	if (cl != bl)
		return bl;
	if (r->flags & PROVEN && c->flags & b->flags & PROVEN &&
	    c->proof[m] != b->proof[m])
		return c->proof[m] > b->proof[m];
	if (c->visits != b->visits)
		return c->visits > b->visits;
	return c->visits && c->sum / c->visits > b->sum / b->visits;
}

/* The move to play at root r (expanded). */
static const node *best_child(const uct *u, const node *r)
{
	const node *best = &u->nodes[r->first];
	for (int i = 1; i < r->nchild; i++) {
		const node *c = &u->nodes[r->first + i];
		if (better(r, c, best))
			best = c;
	}
	return best;
}

static int uct_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	uct *u = a->data;
	const gl_game *g = a->game;
	gl_action moves[GL_LEGAL_MAX];
	int k = g->type->legal(g, s, moves);
	if (k == 0)
		return gl_fail(err, GL_EINVAL, "agent uct: asked to move in a "
			"finished game");
	if (k == 1) {
		*move = moves[0];
		return 0;
	}
	if (u->root == NONE || memcmp(u->root_state, s, g->state_size) != 0)
		new_tree(u, g, s);
	else if (u->root != 0)
		compact(u);
	double stop = u->seconds > 0 ? gl_now() + u->seconds : 0;
	uint64_t it = 0;
	do {
		iterate(u, a);
		it++;
	} while ((!u->iterations || it < u->iterations) &&
		 (stop == 0 || gl_now() < stop) &&
		 !(u->nodes[u->root].flags & PROVEN));
	const node *r = &u->nodes[u->root];
	if (!(r->flags & EXPANDED) || r->nchild == 0) {
		*move = moves[gl_rng_below(&a->rng, (uint32_t)k)];
		return 0;
	}
	*move = best_child(u, r)->move;
	return 0;
}

static void uct_observe(gl_agent *a, const void *s, int player, gl_action move)
{
	(void)player;
	uct *u = a->data;
	const gl_game *g = a->game;
	if (u->root == NONE)
		return;
	const node *r = &u->nodes[u->root];
	if (!u->reuse || !(r->flags & EXPANDED) ||
	    memcmp(u->root_state, s, g->state_size) != 0) {
		u->root = NONE;
		return;
	}
	for (int i = 0; i < r->nchild; i++)
		if (u->nodes[r->first + i].move == move) {
			u->root = r->first + i;
			g->type->apply(g, u->root_state, move);
			return;
		}
	u->root = NONE;
}

const gl_agent_type gl_agent_uct = {
	.name = "uct",
	.summary = "Monte Carlo tree search (UCT, random playouts, max-n goals): "
		"plays any game, GDL included",
	.params = uct_params,
	.init = uct_init,
	.done = uct_done,
	.begin = uct_begin,
	.choose = uct_choose,
	.observe = uct_observe,
};
