/*
 * uct_tree.c - the `uct` agent's tree: a fixed arena of nodes (and, where
 * they fit, their states), expansion, selection by UCT (Kocsis and
 * Szepesvari, ECML 2006), the descent of an iteration, the backup of its
 * goals (max-n: each node holds the mean value of the player who chose
 * the move leading to it), and the move played at a turn.
 */
#include "agents/uct_internal.h"

#include <math.h>
#include <string.h>


/* A fresh tree: the arena emptied, the root for state `here`. */
void uct_new_tree(uct *u)
{
	node *r = &u->nodes[0];
	memset(r, 0, sizeof *r);
	r->who = -1;
	for (unsigned p = 0; u->hv && p < u->np; p++)
		u->hv[p] = 50; /* the root's: read, never used */
	u->used = 1;
	u->root = 0;
	u->full = false;
}

/* Param states: node n's kept state (flag KEPT). */
static unsigned char *kept(const uct *u, int32_t n)
{
	return u->st + (size_t)n * u->ssize;
}

/* Nodes a and b's kept states swapped, through the scratch u->t, as
 * their nodes are (untried children, reordered). */
static void swap_kept(uct *u, int32_t a, int32_t b)
{
	memcpy(u->t, kept(u, a), u->ssize);
	memcpy(kept(u, a), kept(u, b), u->ssize);
	memcpy(kept(u, b), u->t, u->ssize);
}

/* The descent's step from s to its child c: c's kept state copied, or
 * c's move applied (and its state kept, where states are). Applying the
 * same move to the same state gives the same state, so the tree plays
 * alike either way, only faster with the states: a GDL game's apply()
 * runs its rules. A node is only ever reached through its parent, from
 * the state the root's moves give, so its kept state stays true while
 * it lives: flag KEPT is clear in a node made (uct_new_tree(), expand()) but
 * where decisive_first()'s look ahead writes it, and where nodes move
 * (uct_compact(), decisive_first()) their states move with them. */
static void to_child(uct *u, const gl_game *g, unsigned char *s, int32_t c)
{
	node *x = &u->nodes[c];
	if (x->flags & KEPT) {
		memcpy(s, kept(u, c), u->ssize);
		return;
	}
	g->type->apply(g, s, x->move);
	if (u->st) {
		memcpy(kept(u, c), s, u->ssize);
		x->flags |= KEPT;
	}
}

/* Keep only the subtree under the root, slid to the front of the arena.
 * A node's children (and a SIMUL node's statistics, right after them)
 * always lie above it, allocated when it is expanded, so one ascending
 * pass reaches the subtree, a second numbers the nodes kept and a third
 * slides each down to its number (never above itself); a block of live
 * nodes stays contiguous. */
void uct_compact(uct *u)
{
	for (int32_t i = u->root; i < u->used; i++)
		u->fwd[i] = i == u->root ? LIVE : NONE;
	for (int32_t i = u->root; i < u->used; i++) {
		const node *n = &u->nodes[i];
		if (u->fwd[i] == NONE || !(n->flags & EXPANDED))
			continue;
		int32_t j = n->first;
		for (; j < n->first + n->nchild; j++)
			u->fwd[j] = LIVE;
		if (n->flags & SIMUL)
			for (; j < u->used && u->nodes[j].flags & STATS; j++)
				u->fwd[j] = LIVE;
	}
	int32_t next = 0;
	for (int32_t i = u->root; i < u->used; i++)
		u->fwd[i] = u->fwd[i] != NONE ? next++ : NONE;
	for (int32_t i = u->root; i < u->used; i++) {
		if (u->fwd[i] == NONE)
			continue;
		node n = u->nodes[i];
		if (n.flags & EXPANDED)
			n.first = u->fwd[n.first];
		u->nodes[u->fwd[i]] = n;
		if (u->hv)
			memmove(&u->hv[(size_t)u->fwd[i] * u->np],
				&u->hv[(size_t)i * u->np], u->np * sizeof *u->hv);
		if (n.flags & KEPT)
			memmove(kept(u, u->fwd[i]), kept(u, i), u->ssize);
	}
	u->root = 0;
	u->used = next;
	u->full = false;
}

bool uct_won(const gl_game *g, const void *t, int mover)
{
	if (!g->type->terminal(g, t))
		return false;
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, t, goals);
	return goals[mover] == 100;
}

/* The state of node i, a child of the node whose state is s, for a look
 * ahead: kept (flag KEPT) where the states are, else made in the scratch
 * u->t; a state already kept is not made again. */
static unsigned char *child_state(uct *u, const gl_game *g, const void *s,
	int32_t i)
{
	node *c = &u->nodes[i];
	unsigned char *t = u->st ? kept(u, i) : u->t;
	if (!(c->flags & KEPT)) {
		memcpy(t, s, u->ssize);
		g->type->apply(g, t, c->move);
		if (u->st)
			c->flags |= KEPT;
	}
	return t;
}

bool uct_listed(const gl_action *moves, int k, gl_action m)
{
	for (int i = 0; i < k; i++)
		if (moves[i] == m)
			return true;
	return false;
}

/* Decisive moves in the tree: the first of the k children at `first`
 * (all of one mover's, just made) whose move from s wins at once, as
 * win_at() would find it, is swapped to the front, so that it is the child
 * tried first, and the solver proves the node won at its next visit.
 * Where the tree keeps states (param states), each child's state looked
 * at is kept: the descent that first reaches the child copies it instead
 * of applying the move again, so for the children a descent reaches the
 * look ahead costs a terminal() each, not an apply() too. The same
 * children either way. Not at a hidden ply, whose children keep the
 * order of the round's statistics (uct_descend() takes a child by its
 * statistics node's index). */
static void decisive_first(uct *u, const gl_game *g, const void *s,
	int32_t first, int k, int mover)
{
	for (int i = 0; i < k; i++) {
		node *c = &u->nodes[first + i];
		if (!uct_won(g, child_state(u, g, s, first + i), mover))
			continue;
		if (i > 0) {
			node *c0 = &u->nodes[first];
			gl_action x = c0->move;
			c0->move = c->move;
			c->move = x;
			if (u->st) /* both kept */
				swap_kept(u, first, first + i);
		}
		return;
	}
}

/* Expand node n (state s, not yet expanded): mark it terminal, or give it
 * one child per legal move, in random order (at a hidden ply: in legal()
 * order, the order of the round's statistics). Where a round of several
 * choosers starts, the statistics nodes of the later choosers follow the
 * children, found by playing the first legal move of each chooser in
 * turn. Returns false when the arena has no room (n stays a leaf). */
static bool expand(uct *u, gl_agent *a, int32_t n, const void *s)
{
	const gl_game *g = a->game;
	gl_action *moves = u->moves;
	int k = g->type->legal(g, s, moves);
	node *nd = &u->nodes[n];
	if (k == 0) {
		nd->flags |= TERMINAL;
		return true;
	}
	if (u->used > u->cap - k) {
		u->full = true;
		return false;
	}
	int32_t end = u->used + k;
	bool inside = false; /* the children are hidden plies */
	if (g->type->hidden) {
		unsigned char *t = u->t;
		gl_action *mv = u->mv;
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, moves[0]);
		inside = g->type->hidden(g, t) > 0;
		for (bool more = inside && !(nd->flags & HIDDEN); more;) {
			int m = g->type->legal(g, t, mv);
			if (end > u->cap - m) {
				u->full = true;
				return false;
			}
			int8_t who = (int8_t)g->type->to_move(g, t);
			for (int i = 0; i < m; i++) {
				node *x = &u->nodes[end++];
				memset(x, 0, sizeof *x);
				x->move = mv[i];
				x->who = who;
				x->flags = STATS;
			}
			g->type->apply(g, t, mv[0]);
			more = m > 0 && g->type->hidden(g, t) > 0;
		}
	}
	if (!(nd->flags & HIDDEN))
		for (int i = k - 1; i > 0; i--) {
			int j = (int)gl_rng_below(&a->rng, (uint32_t)i + 1);
			gl_action t = moves[i];
			moves[i] = moves[j];
			moves[j] = t;
		}
	int8_t mover = (int8_t)g->type->to_move(g, s);
	nd->first = u->used;
	nd->nchild = k;
	nd->ntried = 0;
	nd->flags |= EXPANDED;
	if (end > u->used + k) {
		nd->flags |= SIMUL;
		u->rounds = true;
	}
	for (int i = 0; i < k; i++) {
		node *c = &u->nodes[u->used + i];
		memset(c, 0, sizeof *c);
		c->move = moves[i];
		c->who = mover;
		c->flags = inside ? HIDDEN : 0;
	}
	if (u->decisive && !inside && !(nd->flags & HIDDEN))
		decisive_first(u, g, s, u->used, k, mover);
	u->used = end;
	return true;
}

/* The child of nd with the best UCT value (all children tried): its mean
 * for the mover (exact where proven; with implicit minimax, uct_mixed()) plus
 * c sqrt(ln N / n). */
static int32_t select_child(uct *u, const node *nd)
{
	double logn = log((double)nd->visits);
	double best = -1;
	int32_t pick = nd->first;
	for (int k = 0; k < nd->nchild; k++) {
		const node *c = &u->nodes[nd->first + k];
		double mean = c->flags & PROVEN ? c->proof[mover_of(u, nd)] :
			c->sum / c->visits;
		double v = uct_mixed(u, c, mover_of(u, nd), mean);
		v += u->c * sqrt(logn / c->visits);
		if (v > best) {
			best = v;
			pick = nd->first + k;
		}
	}
	return pick;
}

int32_t uct_descend(uct *u, gl_agent *a, unsigned char *s, int *nsp)
{
	const gl_game *g = a->game;
	memcpy(s, u->here, g->state_size);
	int32_t n = u->root;
	u->es_desc++;
	int32_t st = NONE; /* the next statistics node of the current round */
	int depth = 0, ns = 0;
	u->path[depth++] = n;
	for (;;) {
		node *nd = &u->nodes[n];
		if (nd->flags & (TERMINAL | PROVEN)) {
			u->es_ends++;
			break;
		}
		if (depth > (int)g->max_length)
			break;
		bool hid = nd->flags & HIDDEN;
		if (!(nd->flags & EXPANDED) && ((!hid && depth > 1 &&
		    nd->visits < (u->rounds ? u->sexpand : u->expand)) ||
		    !expand(u, a, n, s))) {
			if (uct_imb_on(u) && depth > 1)
				uct_heur_eval(u, n, s); /* with what it has learnt since */
			break; /* a young leaf, or the arena is full: play out */
		}
		if (nd->flags & TERMINAL) {
			u->es_ends++;
			break;
		}
		int32_t c;
		if (hid && st != NONE && st + nd->nchild <= u->used &&
		    u->nodes[st + nd->nchild - 1].flags & STATS &&
		    u->nodes[st].who == mover_of(u, nd)) {
			int i = uct_select_stat(u, a, st, nd->nchild);
			c = nd->first + i;
			u->spath[ns++] = st + i;
			st += nd->nchild;
		} else {
			bool fresh = nd->ntried < nd->nchild;
			c = fresh ? nd->first + nd->ntried++ :
				select_child(u, nd);
			if (nd->flags & SIMUL)
				st = nd->first + nd->nchild;
		}
		to_child(u, g, s, c);
		u->path[depth++] = c;
		n = c;
		if (!(u->nodes[c].flags & HIDDEN) && u->nodes[c].visits == 0) {
			if (uct_imb_on(u))
				uct_heur_eval(u, c, s);
			break; /* a new leaf (a hidden ply is never one) */
		}
	}
	u->depth = depth;
	*nsp = ns;
	return n;
}

/* Param rank: each player's value of an outcome in the tree, its goal
 * mixed with its standing (100 for each other player whose goal it beat,
 * 50 for each it tied, 0 below, averaged) into v[]. By its goal alone
 * (max-n) a player is blind to who else wins: in tictactoe_3player o and
 * z would not block x's line (docs/data/ggp-strength-rounds.md, round 10). */
static void standing(const uct *u, const double *goals, double *v)
{
	for (unsigned p = 0; p < u->np; p++) {
		double s = 0;
		for (unsigned q = 0; q < u->np; q++)
			if (q != p)
				s += goals[p] > goals[q] ? 100 :
					goals[p] == goals[q] ? 50 : 0;
		s /= u->np - 1;
		v[p] = (goals[p] + u->rank * s) / (1 + u->rank);
	}
}

void uct_backup(uct *u, gl_agent *a, int ns, const double *goals,
	const unsigned char *ls)
{
	const gl_game *g = a->game;
	int depth = u->depth;
	double ranked[GL_PLAYERS_MAX];
	const double *val = goals;
	if (u->rank > 0) {
		standing(u, goals, ranked);
		val = ranked;
	}
	for (int i = 0; i < depth; i++) {
		node *nd = &u->nodes[u->path[i]];
		nd->visits++;
		if (nd->who >= 0)
			nd->sum += val[nd->who];
		if (i > 0 && u->mast) /* the root's move is history */
			uct_mast_add(u, g, nd->who, nd->move, goals[nd->who]);
	}
	for (int i = 0; i < ns; i++) {
		node *x = &u->nodes[u->spath[i]];
		x->visits++;
		x->sum += val[x->who];
	}
	if (uct_imb_on(u)) {
		node *leaf = &u->nodes[u->path[depth - 1]];
		if (leaf->flags & TERMINAL)
			for (unsigned p = 0; p < u->np; p++)
				u->hv[(size_t)u->path[depth - 1] * u->np + p] =
					(float)val[p];
	}
	if (ls && (uct_imb_on(u) || u->ept > 0))
		uct_heur_learn(u, ls, val);
	if (uct_imb_on(u))
		uct_imb_backup(u);
}

void uct_iterate(uct *u, gl_agent *a)
{
	double goals[GL_PLAYERS_MAX];
	int ns;
	u->ntrail = 0; /* a proven leaf gets no playout */
	node *leaf = &u->nodes[uct_descend(u, a, u->s, &ns)];
	if (leaf->flags & PROVEN) {
		goals[0] = leaf->proof[0]; /* proofs: 1 or 2 players */
		goals[1] = leaf->proof[1];
		uct_backup(u, a, ns, goals, NULL);
		return;
	}
	if (uct_leaf_value(u, a, u->s, goals)) {
		if (u->solve)
			uct_prove_leaf(u, a->game, leaf, goals);
		else if (uct_imb_on(u))
			leaf->flags |= TERMINAL;
	}
	uct_backup(u, a, ns, goals, u->s);
}

/* Whether child c of r ranks above child b as the move to play: a proven
 * top goal first, then not a proven loss (goal 0) for the mover, then the
 * proven value when the root is proven, then visits, then mean value. */
static bool better(const uct *u, const node *r, const node *c, const node *b)
{
	int m = mover_of(u, r);
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
	return c->visits && uct_mixed(u, c, m, c->sum / c->visits) >
		uct_mixed(u, b, m, b->sum / b->visits);
}

const node *uct_best_child(const uct *u, const node *r)
{
	const node *best = &u->nodes[r->first];
	for (int i = 1; i < r->nchild; i++) {
		const node *c = &u->nodes[r->first + i];
		if (better(u, r, c, best))
			best = c;
	}
	return best;
}

int32_t uct_child(const uct *u, int32_t n, gl_action m)
{
	const node *nd = &u->nodes[n];
	if (!(nd->flags & EXPANDED))
		return NONE;
	for (int i = 0; i < nd->nchild; i++)
		if (u->nodes[nd->first + i].move == m)
			return nd->first + i;
	return NONE;
}
