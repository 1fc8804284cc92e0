/*
 * uct_time.c - how the `uct` agent spends a move's time: the search loop,
 * pondering, and lanes (param lanes): tree parallelisation in one thread
 * (Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree
 * Search", CG 2008). `lanes` descents, each leaving a virtual visit on
 * its path so that the next goes elsewhere, then one playout from each
 * leaf, all in one call of the game's playouts_each() (the gdl type on
 * its network: bit-parallel, 64 at a time), then each descent backed up.
 * With lmast the playouts draw their moves by MAST's Gibbs weights and
 * MAST learns from the moves they chose (a gl_trail): learning from the
 * descents alone left every move below the tree unseen, with the top
 * weight (docs/data/ggp-strength-rounds.md, round 11). With lgain the
 * lanes pay their way, timed against iterations one by one at each move
 * (pick_lanes()).
 */
#include "agents/uct_internal.h"

#include <math.h>
#include <string.h>
#include <time.h>


bool uct_open_root(const uct *u)
{
	const node *r = &u->nodes[u->root];
	return !(r->flags & PROVEN) && r->visits < UINT32_MAX - 1 - u->lanes;
}

bool uct_lanes_always(const uct *u)
{
	return u->lanes > 1 && u->lgain == 0;
}

/* A descent's virtual visits (tree parallelisation, Chaslot, Winands and
 * van den Herik, "Parallel Monte-Carlo Tree Search", CG 2008): add (by 1)
 * or take back (by -1) a visit of no goal along u->path and u->spath, so
 * that the next descents of a lane batch go elsewhere. */
static void virtual_visit(uct *u, int ns, int by)
{
	for (int i = 0; i < u->depth; i++)
		u->nodes[u->path[i]].visits += (uint32_t)by;
	for (int i = 0; i < ns; i++)
		u->nodes[u->spath[i]].visits += (uint32_t)by;
}

/* `lanes` iterations whose playouts run at once (param lanes): descents
 * one after another, each leaf given a virtual visit so that the next
 * goes elsewhere; then one playout from each leaf (by MAST's weights
 * where lmast and uct_policy_on() say so, else uniformly random), all through
 * the game's playouts_each() (the gdl type: bit-parallel); then each
 * descent backed up with its playout's goals. A proven leaf is backed up
 * at once. At most `most` iterations; returns how many. */
static unsigned iterate_lanes(uct *u, gl_agent *a, uint64_t most)
{
	const gl_game *g = a->game;
	int32_t *path = u->path, *spath = u->spath;
	size_t stride = (size_t)g->max_length + 2;
	unsigned nl = 0, it = 0;
	double t0 = gl_now(), c0 = gl_cpu_now();
	u->ntrail = 0;
	for (unsigned j = 0; j < u->lanes && it < most; j++) {
		double goals[GL_PLAYERS_MAX];
		int ns;
		u->path = u->lpath + nl * stride;
		u->spath = u->lspath + nl * stride;
		int32_t n = uct_descend(u, a, u->lstate + nl * u->lstride, &ns);
		it++;
		node *leaf = &u->nodes[n];
		if (leaf->flags & PROVEN) {
			goals[0] = leaf->proof[0];
			goals[1] = leaf->proof[1];
			uct_backup(u, a, ns, goals, NULL);
			if (!uct_open_root(u))
				break;
			continue;
		}
		virtual_visit(u, ns, 1);
		u->ldepth[nl] = u->depth;
		u->lns[nl++] = ns;
	}
	/* MAST's Gibbs weights (an unseen move 1), as playout() has them:
	 * none once the match has met a round of simultaneous moves */
	const double *w = nl > 0 && u->lweight && uct_policy_on(u) ?
		u->lweight : NULL;
	if (w)
		for (size_t k = 0; k < (size_t)g->nplayers * u->nact; k++)
			u->lweight[k] = u->mast[k].n > 0 ?
				uct_mast_weight(u, &u->mast[k]) : 1;
	/* ept: every other batch with playouts is cut, its last states
	 * over its leaves' */
	bool cut = nl > 0 && u->ept > 0 && (u->ecut = !u->ecut);
	/* the last states, over the leaves', where cut */
	unsigned char *ends = cut ? u->lstate : NULL;
	if (nl > 0)
		g->type->playouts_each(g, u->lstate, u->lstride, (int)nl, &a->rng,
			cut ? u->ept : (int)g->max_length, w,
			w ? &u->ltrail : NULL, u->lgoal, u->llen, ends);
	for (unsigned j = 0; j < nl; j++) {
		double goals[GL_PLAYERS_MAX];
		u->path = u->lpath + j * stride;
		u->spath = u->lspath + j * stride;
		u->depth = u->ldepth[j];
		virtual_visit(u, u->lns[j], -1);
		int *lg = u->lgoal + j * g->nplayers;
		if (cut && lg[0] < 0) { /* stopped before the end */
			uct_heur_values(u, ends + j * u->lstride, goals);
			for (unsigned p = 0; p < g->nplayers; p++)
				lg[p] = (int)lround(goals[p]); /* for MAST */
		} else {
			for (unsigned p = 0; p < g->nplayers; p++)
				goals[p] = lg[p];
		}
		const gl_trail *t = &u->ltrail;
		for (int i = 0; w && i < t->n[j]; i++) {
			size_t x = (size_t)j * (size_t)t->cap + (size_t)i;
			uct_mast_add(u, g, t->who[x], t->move[x], lg[t->who[x]]);
		}
		node *leaf = &u->nodes[u->path[u->depth - 1]];
		if (u->llen[j] == 0 && u->solve && !(leaf->flags & PROVEN))
			uct_prove_leaf(u, g, leaf, goals);
		else if (u->llen[j] == 0 && uct_imb_on(u))
			leaf->flags |= TERMINAL;
		uct_backup(u, a, u->lns[j], goals, cut ? NULL :
			u->lstate + j * u->lstride);
	}
	u->path = path;
	u->spath = spath;
	u->lsecs = gl_now() - t0;
	u->lcpu = gl_cpu_now() - c0;
	return it;
}

/* Whether a batch of lanes is to run now, with the clock ending at stop
 * (0: none): lanes on, and the last batch's time still left. Near the
 * clock's end the iterations go one by one, so that a batch (as long as
 * its longest playout, however few its lanes) does not overrun it. */
static bool lanes_fit(const uct *u, double stop)
{
	return u->luse && (stop == 0 || gl_now() + u->lsecs < stop);
}

/* Whether this move's iterations go in batches of lanes (param lgain),
 * set in u->luse. Where uct_lanes_always(), yes. Under an iteration limit,
 * no: a choice by the clock would make the search irreproducible, and a
 * batch saves time, not iterations (one by one, with MAST's playouts and
 * no virtual visits, is the better search per iteration). Otherwise one
 * batch and up to LGAIN_SINGLES iterations one by one are timed in CPU
 * seconds (not wall-clock, so that another job on the machine does not
 * decide), and the batches go on for the move if an iteration in one
 * cost at most 1/lgain of one by one. What a batch saves depends on the
 * game's playouts against the tree's work (against MAST's playouts one
 * by one: about 10 times in othello-comp2007, 2 in connectFour and
 * breakthrough with lmast) and changes as the match goes on, hence a move
 * at a time. The timed iterations are the search's own. First, a last
 * batch too slow for the whole move is taken at its CPU time (below).
 * Returns how many were made. */
static unsigned pick_lanes(uct *u, gl_agent *a, double stop)
{
	/* a last batch too slow for the whole move, though not in CPU
	 * seconds, had its thread descheduled (a loaded machine): left as
	 * it is, it would keep every later batch off, so its CPU time
	 * stands for it until the next batch is timed */
	if (stop != 0 && gl_now() + u->lsecs >= stop)
		u->lsecs = u->lcpu;
	u->luse = uct_lanes_always(u);
	if (u->luse || u->lanes <= 1 || u->iterations > 0)
		return 0;
	u->luse = true; /* for lanes_fit() */
	double t0 = gl_cpu_now();
	unsigned n = lanes_fit(u, stop) ? iterate_lanes(u, a, u->lanes) : 0;
	double t1 = gl_cpu_now();
	unsigned k = 0;
	while (k < LGAIN_SINGLES && uct_open_root(u) &&
	       (stop == 0 || gl_now() < stop)) {
		uct_iterate(u, a);
		k++;
	}
	double t2 = gl_cpu_now();
	u->luse = n > 0 && k > 0 && (t2 - t1) / k >= u->lgain * (t1 - t0) / n;
	return n + k;
}

/* Iterations between two publications of the best move so far (its
 * cost, a scan of the root's children, is a small part of one). */
enum { PUBLISH_EVERY = 16 };

void uct_search(uct *u, gl_agent *a, double stop)
{
	uint64_t it = pick_lanes(u, a, stop), published = 0;
	do {
		if (lanes_fit(u, stop)) {
			it += iterate_lanes(u, a, u->iterations ? u->iterations - it :
				u->lanes);
		} else {
			uct_iterate(u, a);
			it++;
		}
		/* the best so far, for a player whose deadline comes first */
		if (!published || it - published >= PUBLISH_EVERY) {
			uct_publish(u, a);
			published = it;
		}
	} while ((!u->iterations || it < u->iterations) &&
		 (stop == 0 || gl_now() < stop) && uct_open_root(u) && !uct_halted(u));
}

/* Pondering: the search of choose(), from the match's state as observed
 * (inside a round, from the round's start), into the tree that the
 * moves played will reroot and the next choose() will continue. While
 * there is nothing to search (a proven root, an unknown round start) it
 * waits for the end in steps of a millisecond. */
int uct_ponder(gl_agent *a, const void *s, double seconds,
	const atomic_bool *stop, gl_err *err)
{
	(void)err;
	uct *u = a->data;
	const gl_game *g = a->game;
	double end = seconds > 0 ? gl_now() + seconds : 0;
	bool can = uct_root_at(u, g, s, hidden(g, s));
	while (!(stop && atomic_load_explicit(stop, memory_order_relaxed)) &&
	       (end == 0 || gl_now() < end)) {
		if (can && uct_open_root(u) && lanes_fit(u, end) &&
		    u->lsecs <= PONDER_BATCH) {
			iterate_lanes(u, a, u->lanes);
		} else if (can && uct_open_root(u)) {
			uct_iterate(u, a);
		} else {
			struct timespec ms = {0, 1000000};
			nanosleep(&ms, NULL);
		}
	}
	return 0;
}
