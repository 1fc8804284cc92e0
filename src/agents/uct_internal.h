/*
 * uct_internal.h - the private declarations of the `uct` agent, shared by
 * its files: uct.c (parameters, set-up, the agent's callbacks),
 * uct_tree.c (the node arena, expansion, selection and backup),
 * uct_playout.c (MAST's playouts and a leaf's value), uct_heur.c (the
 * heuristic learnt in a match: implicit minimax and cut playouts),
 * uct_simul.c (rounds of simultaneous moves), uct_solve.c (MCTS-Solver
 * and endgame solving) and uct_time.c (the search loop, lanes and
 * pondering). Nothing here is part of the library's API.
 */
#ifndef AGENTS_UCT_INTERNAL_H
#define AGENTS_UCT_INTERNAL_H

#include "agents/internal.h"

#include <math.h>
#include <stdatomic.h>
#include <stdint.h>

enum {
	NONE = -1,          /* no node (an index) */
	EXPANDED = 1,       /* node flag: children allocated */
	TERMINAL = 2,       /* node flag: the state is terminal */
	PROVEN = 4,         /* node flag: its value is exact (proof) */
	SIMUL = 8,          /* node flag: a round of several choosers starts
	                     * here; statistics nodes follow the children */
	HIDDEN = 16,        /* node flag: inside a round (choices pending);
	                     * children in legal() order, chosen by the
	                     * round's statistics */
	STATS = 32,         /* node flag: no state, one later chooser's
	                     * statistics for one move of a round */
	KEPT = 64,          /* node flag: its state is kept (param states) */
	LIVE = 0x7fffffff,  /* compaction: reachable, index not yet assigned */
	FIND_BUDGET = 1 << 16, /* apply() calls spent looking for the round
	                        * start of a hidden state */
	MOVE_IDS_MAX = 1 << 24, /* players x action ids, at most, for MAST's
	                         * table (native checkers' 2^27 would take
	                         * 4 GiB) */
	LIST_REACH = 4,     /* reaches()' first list in u->w */
	STATE_REACH = 4,    /* ... and first state */
	LGAIN_SINGLES = 16, /* param lgain: iterations one by one timed
	                     * against a batch of lanes (pick_lanes()) */
	ES_BITS = 20,       /* endgame solving: 2^20 entries (16 MiB) */
	ES_LEVELS_MAX = 512 /* ... and at most this many plies deep */
};

/* Pondering runs batches of lanes only while one takes at most this many
 * seconds: a GGP message that arrives meanwhile waits for the batch. */
#define PONDER_BATCH 0.01

/* In a race (param race): the heuristic's share of a child's value in
 * selection, the visits at which it halves, its learning rate, and the
 * moves a cut batch's playouts make (uct_heur.c). */
#define RACE_IMB 0.40
#define RACE_IHALF 1000.0
#define HEUR_RATE 0.05
enum { RACE_EPT = 10 };

/* One tree node: a state reached by a move, with its statistics; or (flag
 * STATS) one move's statistics at a round of simultaneous moves. 32
 * bytes. The player choosing among a node's children is their `who`
 * (mover_of()). */
typedef struct node {
	double sum;       /* total value of `who` over the visits (its goal,
			   * or with rank its goal and standing) */
	uint32_t visits;  /* iterations through this node */
	int32_t first;    /* index of the first child (EXPANDED only) */
	gl_action move;   /* the move that led here (the root: unused) */
	int32_t nchild;   /* children, contiguous from first (as many as the
			     state has legal moves: GDL games have thousands) */
	int32_t ntried;   /* children visited so far: the first ntried */
	int8_t who;       /* player who chose `move` (-1 at a fresh root) */
	uint8_t flags;    /* EXPANDED, TERMINAL, PROVEN, SIMUL, HIDDEN, STATS,
			   * KEPT */
	int8_t proof[2];  /* PROVEN: both players' exact goals */
} node;

/* Endgame solving: what the search knows of one state. */
typedef struct es_entry {
	uint64_t key;     /* the state's hash (0: a free entry) */
	gl_action move;   /* the best move found there */
	int8_t lo, hi;    /* bounds on its mover's exact goal */
} es_entry;

/* MAST: one move's playout statistics for one player. */
typedef struct mast_entry {
	double sum;       /* total goal of the player over those iterations */
	double n;         /* iterations in which the player made the move */
	double w;         /* n > 0: the Gibbs weight exp((mean - 100) / tau),
			   * kept so that a playout move costs no exp() a
			   * legal move; -1 while the mean has changed since
			   * (uct_mast_weight()) */
} mast_entry;

/* The agent's private state. */
typedef struct uct {
	double c;           /* exploration constant, goal units (0..100) */
	uint32_t expand;    /* visits a leaf needs before it is expanded */
	uint32_t sexpand;   /* ... once a round of simultaneous moves is met */
	double seconds;     /* time per move (0: none) */
	uint64_t iterations; /* iterations per move (0: none) */
	bool reuse;         /* keep the tree across moves */
	bool solve;         /* prove values (games of one or two players) */
	bool mix;           /* a simultaneous step's move drawn by visits
			     * (else the most visited) */
	uint32_t mixcut;    /* ... among the moves with at least this percent
			     * of the most visited one's visits */
	double tau;         /* MAST's Gibbs temperature (0: MAST off) */
	bool rounds;        /* a round of simultaneous moves met this match */
	bool decisive;      /* param connect, in a game of lines: an
			     * expansion puts a move that wins at once
			     * first, and playouts play one and block one
			     * where lines say to look */
	int esolve;         /* endgame solving: percent of a move's time
			     * (0: off) */
	es_entry *es_tt;    /* [1 << ES_BITS] its table of bounds */
	gl_scratch esw;     /* ... its moves and states, one a ply */
	int es_levels;      /* ... the plies it may go below the root */
	double es_stop;     /* ... the clock at which it gives up (0: none) */
	uint64_t es_nodes;  /* ... states searched in this solve */
	uint64_t es_max;    /* ... and the most it may search */
	bool es_abort;      /* ... gave up: out of time or plies, or goals
			     * that are not a two-player zero-sum's */
	gl_action es_move;  /* ... the best move it found at the root */
	bool es_clock;      /* ... only on a clock (esolve left at its
			     * default) */
	bool es_dirty;      /* ... its table written since begin() */
	bool es_first;      /* ... no choice made yet this match */
	uint64_t es_desc;   /* ... the tree's descents since the last choice */
	uint64_t es_ends;   /* ... those that stopped at an end or a proven
			     * node */
	double *es_key;     /* ... [max_legal] the order of a state's moves,
			     * while es_search() sorts them */
	const atomic_bool *halt; /* choose()'s a->stop: set, the search ends */
	int pub_k, pub_h;   /* while choose() searches: its legal moves in
			     * root_moves and the choices pending at its root
			     * (uct_publish); pub_k 0 outside choose() */
	unsigned np;        /* the game's players */
	double rank;        /* games of 3 or more players: weight of a
			     * player's standing against the others in the
			     * tree's values (0: its goal alone) */
	unsigned char *st;  /* [cap * ssize] param states: each node's state
			     * where flag KEPT, or NULL */
	size_t ssize;       /* the game's state size */
	int depth;          /* uct_iterate(): the descent's length (path[0..depth)) */
	uint32_t lanes;     /* iterations whose playouts run at once (1: one
			     * by one, through playout()) */
	int32_t *lpath;     /* [lanes * (max_length + 2)] each one's descent, */
	int32_t *lspath;    /* its statistics nodes, */
	int *ldepth, *lns;  /* [lanes] their lengths, */
	unsigned char *lstate; /* [lanes * lstride] its leaf's state (each
			     * aligned: lstride is state_size rounded up), */
	size_t lstride;
	double lsecs;       /* the last batch of lanes' seconds (0: none
			     * timed yet this match) */
	double lcpu;        /* and its CPU seconds (its thread's) */
	uint32_t lgain;     /* lanes only where an iteration in a batch costs
			     * at most 1/lgain of one by one (0: always) */
	bool luse;          /* this move's iterations go in batches of lanes */
	int *lgoal;         /* [lanes * nplayers] its playout's goals */
	int *llen;          /* [lanes] and length */
	int ept;            /* early playout termination: the moves a cut
			     * batch's playouts make (0: off) */
	bool ecut;          /* the last batch of lanes was cut (ept) */
	double *lweight;    /* [nplayers * nactions] lmast: the playouts' move
			     * weights, or NULL */
	gl_trail ltrail;    /* lmast: [lanes * max_length] the choices of
			     * each lane's playout, which MAST learns */
	size_t nact;        /* the game's action ids: a player's MAST row */
	mast_entry *mast;   /* [nplayers * nactions] MAST statistics, or NULL */
	gl_action *trail;   /* [max_length] one playout's moves (MAST) */
	int8_t *trail_who;  /* [max_length] who made them */
	unsigned ntrail;    /* the last playout's moves */
	double imb;         /* implicit minimax: the heuristic's share of a
			     * child's value in selection (0: off) */
	double ihalf;       /* visits at which the heuristic's share halves
			     * (0: it stays) */
	unsigned nprops;    /* the game's propositions (g->nprops) */
	float *hw;          /* [(nprops + 1) * np] the heuristic's weights,
			     * each feature's np together: the propositions',
			     * then the bias */
	float *hv;          /* [cap * np] each visited node's implicit minimax
			     * value of every player */
	uint32_t *hidx;     /* [nprops] the propositions true in the state
			     * the heuristic last summed (heur_sums()) */
	int32_t cap;        /* nodes in the arena */
	int32_t used;       /* nodes allocated */
	bool full;          /* expand() found no room */
	int32_t root;       /* the root's index (its state: here), or NONE */
	node *nodes;        /* [cap] the arena */
	int32_t *fwd;       /* [cap] compaction: new index of each node */
	int32_t *path;      /* [max_length + 2] nodes of one descent */
	int32_t *spath;     /* [max_length + 2] statistics nodes of one descent */
	unsigned char *here; /* [state_size] the match's last state that no
	                      * hidden choice is pending in: the root's */
	unsigned char *cur; /* [state_size] the match's state as observed */
	gl_action pend[GL_PLAYERS_MAX]; /* moves observed since `here` */
	int npend;          /* how many */
	bool known;         /* here and cur follow the match */
	/* Scratch sized from the game, so that no call allocates: */
	gl_scratch w;       /* lists: moves, mv, root_moves, pmv, then one per
			     * level of reaches(); states: s, t, look, ps,
			     * then one per level of reaches() */
	gl_action *moves;   /* expand()'s and playout()'s legal moves */
	gl_action *mv;      /* expand()'s later choosers' moves */
	gl_action *root_moves; /* uct_choose()'s legal moves */
	unsigned char *s;   /* uct_iterate()'s descent */
	unsigned char *t;   /* expand()'s look ahead, uct_leaf_value()'s playout;
			     * scratch for swapping two kept states */
	unsigned char *look; /* playout()'s look ahead (decisive) */
	gl_action *pmv;      /* ... the moves before the last (a block) */
	unsigned char *ps;   /* ... the state before the last move */
	int *cand;          /* [max_legal] uct_pick_simul()'s candidates */
	const node **x;     /* [max_legal] uct_choose()'s own moves */
	double *weight;     /* [max_legal] gibbs_move()'s weights, or NULL */
} uct;

/* The player choosing among the children of nd (EXPANDED: at least one
 * child, every child's `who`). */
static inline int mover_of(const uct *u, const node *nd)
{
	return u->nodes[nd->first].who;
}

/* The choices of s's round still pending (0: an ordinary turn, or a game
 * without rounds). */
static inline int hidden(const gl_game *g, const void *s)
{
	return g->type->hidden ? g->type->hidden(g, s) : 0;
}

/* --- uct_tree.c: the arena, expansion, selection and backup ------------- */

/* A fresh tree: the arena emptied, the root for state u->here. */
void uct_new_tree(uct *u);
/* Keep only the subtree under u->root, slid to the front of the arena
 * (the root at 0); every node index held elsewhere is stale after it. */
void uct_compact(uct *u);
/* Whether state t ends the game with player mover's top goal (100). */
bool uct_won(const gl_game *g, const void *t, int mover);
/* Whether m is one of moves[0..k). */
bool uct_listed(const gl_action *moves, int k, gl_action m);
/* The descent of an iteration from the root by UCT (decoupled through
 * rounds of simultaneous moves; a child added), in s (the leaf's state at
 * the end): the nodes into u->path (u->depth of them), the statistics
 * nodes of rounds into u->spath (*nsp of them). Uses a->rng. Returns the
 * leaf's index. */
int32_t uct_descend(uct *u, gl_agent *a, unsigned char *s, int *nsp);
/* The goals of an iteration backed up along u->path and u->spath[0..ns)
 * (the tree's values with rank's standing; MAST learns the goals); ls:
 * the leaf's state, which the heuristic learns from (NULL: none). */
void uct_backup(uct *u, gl_agent *a, int ns, const double *goals,
	const unsigned char *ls);
/* One iteration one by one: a descent, its leaf's value (a proof, or a
 * playout), and the backup. */
void uct_iterate(uct *u, gl_agent *a);
/* The move to play at root r (expanded, an ordinary turn): a proven win,
 * never a proven loss while there is another, then the most visited. */
const node *uct_best_child(const uct *u, const node *r);
/* The child of node n for move m, or NONE. */
int32_t uct_child(const uct *u, int32_t n, gl_action m);

/* --- uct_playout.c: MAST and playouts ------------------------------------- */

/* The few helpers of the hot loops are inline here, shared by the files
 * without a call across them. */

/* MAST's Gibbs weight of entry e (e->n > 0), computed when read after its
 * mean changed (a batch of lanes changes an entry many times and reads
 * it once). */
static inline double uct_mast_weight(const uct *u, mast_entry *e)
{
	if (e->w < 0)
		e->w = exp((e->sum / e->n - 100) / u->tau);
	return e->w;
}

/* MAST: player `who` made `move` in an iteration that gave it `goal`. */
static inline void uct_mast_add(uct *u, const gl_game *g, int who,
	gl_action move, double goal)
{
	mast_entry *e = &u->mast[(size_t)who * (size_t)g->nactions + (size_t)move];
	e->sum += goal;
	e->n += 1;
	e->w = -1; /* uct_mast_weight() computes it when it is next read */
}

/* Whether playouts follow MAST's policy now: not once the match has met a
 * round of simultaneous moves, where a move's mean mixes the other
 * choosers' unseen replies. */
static inline bool uct_policy_on(const uct *u)
{
	return !u->rounds;
}
/* The value of a leaf whose state is s (not changed): one playout's goals
 * into mean, MAST taught its moves. Returns whether s is terminal (mean
 * then exact). */
bool uct_leaf_value(uct *u, gl_agent *a, const void *s, double *mean);

/* --- uct_heur.c: the heuristic learnt in a match (race) ------------------ */

/* The heuristic's values at s (a state of propositions), every player's,
 * into v (0..100). */
void uct_heur_values(uct *u, const unsigned char *s, double *v);
/* The heuristic's values at s into node n's implicit minimax values. */
void uct_heur_eval(uct *u, int32_t n, const unsigned char *s);
/* One gradient step of the heuristic at s towards the values val. */
void uct_heur_learn(uct *u, const unsigned char *s, const double *val);
/* Whether the implicit minimax values are kept and used now: imb on and
 * no round of simultaneous moves met (rounds have no minimax). */
static inline bool uct_imb_on(const uct *u)
{
	return u->imb > 0 && !u->rounds;
}

/* Node c's implicit minimax value for player p: exact where proven. */
static inline double uct_imb_value(const uct *u, const node *c, int p)
{
	return c->flags & PROVEN ? c->proof[p] :
		u->hv[(size_t)(c - u->nodes) * u->np + (size_t)p];
}

/* Child c's value for player p in selection, from its mean: mixed with
 * its implicit minimax value where uct_imb_on(), the heuristic's share
 * imb fading with the child's visits (halved at ihalf). */
static inline double uct_mixed(const uct *u, const node *c, int p,
	double mean)
{
	if (!uct_imb_on(u) || c->flags & PROVEN)
		return mean;
	double w = u->ihalf > 0 ? u->imb * u->ihalf / (u->ihalf + c->visits) :
		u->imb;
	return (1 - w) * mean + w * uct_imb_value(u, c, p);
}
/* The implicit minimax values of the descent's nodes (u->path), from its
 * leaf up, until a node's do not change. */
void uct_imb_backup(uct *u);

/* --- uct_simul.c: rounds of simultaneous moves ---------------------------- */

/* Decoupled selection at a hidden ply: the index of the move, among the n
 * statistics nodes from st, with the best UCT value (an unvisited one
 * first, drawn by a->rng). */
int uct_select_stat(uct *u, gl_agent *a, int32_t st, int n);
/* Follow the match from state s: no tree, no pending moves. */
void uct_anchor(uct *u, const gl_game *g, const void *s);
/* Root the tree at the match's state s (h choices of a round pending in
 * it): the tree kept where s is the state followed (or, inside a round,
 * the round's start), a new one where it is not. Returns false for a
 * hidden state whose round start is unknown (nothing to search). */
bool uct_root_at(uct *u, const gl_game *g, const void *s, int h);
/* The move the agent plays at a round from x[0..n), its own moves there
 * (the children of a SIMUL root, or its statistics nodes): a proven win
 * if any, never a proven loss while there is another, then drawn by
 * visits above mixcut (mix) or the most visited. */
gl_action uct_pick_simul(uct *u, gl_agent *a, const node *const *x, int n);

/* --- uct_solve.c: proofs and endgame solving ------------------------------ */

/* MCTS-Solver: whether n is now proven from its children's proofs. */
bool uct_try_prove(uct *u, node *n);
/* A terminal leaf, the last of u->path, proven with its goals, then its
 * ancestors as far as they can be. */
void uct_prove_leaf(uct *u, const gl_game *g, node *leaf, const double *goals);
/* Whether choose() was told to stop (a->stop). */
bool uct_halted(const uct *u);
/* Endgame solving before the tree's search of root state s (h choices of
 * a round pending in it; moves[0..k) its legal moves; the clock ends at
 * stop, 0: none). Returns 1 where it found a win, its move in *em; else
 * 0, with *ev the exact value found and *em its move (*ev -1: none, or a
 * loss) and *tree_stop the clock the tree's search keeps to. */
int uct_es_before(uct *u, const gl_game *g, const void *s, int h,
	const gl_action *moves, int k, double stop, int *ev, gl_action *em,
	double *tree_stop);
/* Whether move m at s (the root's state, solved to the mover's goal v)
 * is proven to reach v too, searched until the clock reads stop. */
bool uct_es_holds(uct *u, const gl_game *g, const void *s, gl_action m,
	int v, double stop);

/* The root's best move so far, as choose() would play it now (the child
 * uct_best_child picks; at a round of simultaneous moves, the agent's
 * own most visited move), published to a->best (gl_agent_publish); none
 * while the root has no visited move, or outside choose(). */
void uct_publish(uct *u, gl_agent *a);

/* --- uct_time.c: the search loop, lanes, pondering ------------------------ */

/* Whether another iteration can add anything: the root is not proven and
 * its visits cannot overflow. */
bool uct_open_root(const uct *u);
/* Whether the iterations go in batches of lanes without timing them
 * (param lgain 0). */
bool uct_lanes_always(const uct *u);
/* The search of one move from the tree's root: iterations until
 * u->iterations, the clock `stop` (0: none), a proven root or uct_halted(). */
void uct_search(uct *u, gl_agent *a, double stop);
/* Pondering (the agent type's ponder callback). */
int uct_ponder(gl_agent *a, const void *s, double seconds,
	const atomic_bool *stop, gl_err *err);

#endif
