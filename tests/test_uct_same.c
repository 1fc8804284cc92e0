/*
 * test_uct_same.c - uct's default plays the same moves at equal
 * iterations. Each case plays matches of uct at its defaults (only an
 * iteration limit instead of the clock, so that the search is
 * reproducible: time=0,iterations=N) from fixed seeds, on a native game
 * of two players, a one-player puzzle, GDL games of each kind the
 * default treats its own way (lines to connect, a race, three players,
 * simultaneous moves) and, with lgain=0, the batches of lanes the
 * default plays on a clock, and checks a digest of every move and goal
 * against the value the code gave when the test was written. A change
 * that alters a digest changes the default's play: if that is meant, it
 * is measured (docs/GGP_STRENGTH.md) and the constant updated with it.
 *
 * `test_uct_same print` prints each case's digest instead of checking.
 */
#include "gametest.h"

#include "gamelearn/agent.h"

#include <inttypes.h>

typedef struct same_case {
	const char *game;   /* game spec */
	const char *agent;  /* every player's spec */
	int matches;        /* matches played, seeds 1 .. matches */
	uint64_t digest;    /* FNV-1a of their moves and goals */
} same_case;

#define GD "gdl:data/gdl/games/"

static const same_case cases[] = {
	{"tictactoe", "uct:time=0,iterations=2000", 4, UINT64_C(0xb63a616e6837b425)},
	{"connect4", "uct:time=0,iterations=2000", 2, UINT64_C(0x18c900c1819fa1a2)},
	{"othello6", "uct:time=0,iterations=1000", 2, UINT64_C(0xe32314f4c534d3a5)},
	{"npuzzle", "uct:time=0,iterations=1000", 3, UINT64_C(0xeb0aac6987a56889)},
	{GD "connectFour.kif", "uct:time=0,iterations=1000", 2, UINT64_C(0xc212e3615133de89)},
	{GD "breakthroughSmall.kif", "uct:time=0,iterations=1000", 2,
		UINT64_C(0xe314aea4731aeeb3)},
	{GD "tictactoe_3player.kif", "uct:time=0,iterations=1000", 2,
		UINT64_C(0x7e14f63dfa3cda10)},
	{GD "ticTacToeParallel.kif", "uct:time=0,iterations=1000", 2,
		UINT64_C(0x398fb1584798ed4f)},
	{GD "roshambo2.kif", "uct:time=0,iterations=500", 3, UINT64_C(0x861305af6775ce30)},
	{GD "eightPuzzle.kif", "uct:time=0,iterations=1000", 1, UINT64_C(0x0c52e4175ce2ca59)},
	/* the default's batches of lanes, which it plays on a clock */
	{GD "connectFour.kif", "uct:time=0,iterations=3200,lgain=0", 2,
		UINT64_C(0xc0066d9df0de90de)},
	{GD "breakthroughSmall.kif", "uct:time=0,iterations=3200,lgain=0", 2,
		UINT64_C(0x9e289851429380c7)},
	{GD "ticTacToeParallel.kif", "uct:time=0,iterations=3200,lgain=0", 2,
		UINT64_C(0x9b27bb702ac69e6f)},
	/* endgame solving, which the default runs only on a clock */
	{"connect4", "uct:time=0,iterations=1000,esolve=20", 1, UINT64_C(0x125c56a92ce28be4)},
	{"othello6", "uct:time=0,iterations=500,esolve=20", 1, UINT64_C(0xe393fe4a976ba4c5)},
};

static uint64_t fnv(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

/* The digest of c's matches, or 0 after a failed check. */
static uint64_t play_case(const same_case *c)
{
	gl_game *g = tg_game(c->game);
	gl_agent *ag[GL_PLAYERS_MAX] = {0};
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (unsigned p = 0; p < g->nplayers; p++)
		ag[p] = tg_agent(c->agent, g);
	for (int i = 1; i <= c->matches && h; i++) {
		gl_match m;
		gl_match_init(&m);
		gl_err err = {0};
		int rc = gl_match_play(g, ag, (uint64_t)i, &m, &err);
		CHECK_MSG(rc == 0, "%s match %d: %s", c->game, i, err.msg);
		if (rc) {
			h = 0;
		} else {
			h = fnv(h, (uint64_t)m.nmoves);
			for (int k = 0; k < m.nmoves; k++)
				h = fnv(h, (uint64_t)m.moves[k]);
			for (unsigned p = 0; p < g->nplayers; p++)
				h = fnv(h, (uint64_t)(int64_t)m.goals[p]);
		}
		gl_match_done(&m);
	}
	for (unsigned p = 0; p < g->nplayers; p++)
		gl_agent_free(ag[p]);
	gl_game_free(g);
	return h;
}

int main(int argc, char **argv)
{
	bool print = argc == 2 && strcmp(argv[1], "print") == 0;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const same_case *c = &cases[i];
		uint64_t h = play_case(c);
		if (print)
			printf("%s %s: 0x%016" PRIx64 "\n", c->game, c->agent, h);
		else
			CHECK_MSG(h == c->digest, "%s %s: digest 0x%016" PRIx64
				", expected 0x%016" PRIx64, c->game, c->agent, h,
				c->digest);
	}
	return test_report();
}
