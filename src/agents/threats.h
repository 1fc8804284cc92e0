/*
 * threats.h - features of a state read from its game's goal lines
 * (game.h's gl_goal_lines), for a heuristic learnt during a match: for
 * each player and each m of 1..THREAT_MISS, how many of its lines lack
 * just m propositions (and hold at least one) and are still open, in
 * buckets 1, 2 and 3 or more, told apart by whether that player is the
 * one to move (a line lacking one is a win for its mover, and for the
 * other player a square to block): THREAT_FEATURES(np) binary features,
 * as a threat counter of connect-four or gomoku has them, from the
 * rules.
 *
 * A line is open at s while no proposition true at s is known to block
 * one of its missing ones: p blocks q when, over the pairs of states seen
 * in the match's playouts (a state and a later one of the same playout),
 * p was true at the first at least THREAT_TRUST times and q never at the
 * second after it. So `(cell 1 1 black)` comes to block
 * `(cell 1 1 red)`, and `(cell 1 1 b)` (blank) does not: learnt from
 * play, not from the rules' next relation.
 */
#ifndef AGENTS_THREATS_H
#define AGENTS_THREATS_H

#include "gamelearn/game.h"

enum {
	THREAT_MISS = 3,      /* lines lacking at most so many count */
	THREAT_BUCKETS = 3,   /* counts 1, 2, 3 or more */
	THREAT_TRUST = 64,    /* samples of p before it may block */
	THREAT_PROPS = 4096   /* most propositions (the tables are square) */
};
#define THREAT_FEATURES(np) \
	((unsigned)(np) * 2 * THREAT_MISS * THREAT_BUCKETS)

typedef struct threats {
	const gl_game *g;
	unsigned nprops, nw; /* g->nprops, and its words */
	uint64_t *reach;   /* [nprops * nw] reach[p]: propositions seen true
			    * after a state where p was */
	uint32_t *seen;    /* [nprops] states seen with p true (saturating) */
	uint64_t *block;   /* [nprops * nw] block[q]: the propositions that
			    * block q (rows of the lines' propositions only) */
	uint8_t *in_line;  /* [nprops] whether p is in some line */
	uint64_t samples, next; /* pairs seen; when block is next rebuilt */
} threats;

/* Whether g has lines that threats can read (propositions, at most
 * THREAT_PROPS of them, and lines). */
bool threats_fit(const gl_game *g);
/* Allocate t for g (threats_fit(g)); 0 or GL_ENOMEM. threats_done frees
 * (also a t that failed to init, or zeroed). */
int threats_init(threats *t, const gl_game *g);
void threats_done(threats *t);
/* Forget what was learnt: a new match. */
void threats_reset(threats *t);
/* A pair of states of one playout: from, and to, later. */
void threats_observe(threats *t, const unsigned char *from,
	const unsigned char *to);
/* The features true at s, as base + feature index into out (room for
 * THREAT_FEATURES(np)): for player p's lines lacking m, c of them (c at
 * most THREAT_BUCKETS), index ((p * 2 + whether p is to move at s) *
 * THREAT_MISS + m - 1) * THREAT_BUCKETS + c - 1; returns their number.
 * Asks the game who is to move (to_move) where a line counts. */
unsigned threats_active(const threats *t, const unsigned char *s,
	uint32_t *out, uint32_t base);
/* Whether one of player p's lines lacks at most one proposition at s, as a
 * placement game's win in one does (a move that makes several true at
 * once may complete a line lacking more); true where g has no lines. */
bool threats_near(const gl_game *g, const unsigned char *s, int p);

#endif
