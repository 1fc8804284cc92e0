/*
 * test_threats.c - the goal lines' threat features (src/agents/threats.h)
 * in GDL connectFour (8 columns, 6 rows): red's three on the bottom row
 * with the fourth square empty is one line lacking one, before anything
 * is learnt and after; once black holds the fourth square, the line is
 * blocked only after the random playouts have shown that a black square
 * never turns red; a game without lines has no features to read.
 * threats_near(), decisive playouts' filter: red's three is a line
 * lacking one for red (held or not: the rules' lines alone), black has
 * none, nor has either player at the start; without lines it always
 * says to look.
 */
#include "gametest.h"

#include "agents/threats.h"

#define C4 "gdl:data/gdl/test/connectFour.kif"

/* Player p's feature: lines lacking miss, count bucket c (1..3), with p
 * to move or not. */
static uint32_t feat(unsigned p, bool moving, unsigned miss, unsigned c)
{
	return ((p * 2 + moving) * THREAT_MISS + miss - 1) * THREAT_BUCKETS +
		c - 1;
}

static bool has(const uint32_t *f, unsigned n, uint32_t want)
{
	for (unsigned i = 0; i < n; i++)
		if (f[i] == want)
			return true;
	return false;
}

/* n random playouts of g, each observed from a state at a random ply to
 * its end. */
static void learn(threats *t, const gl_game *g, int n, uint64_t seed)
{
	unsigned char *s = tg_state(g), *from = tg_state(g);
	gl_action *mv = tg_moves(g);
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	for (int i = 0; i < n; i++) {
		g->type->start(g, s);
		uint32_t at = gl_rng_below(&rng, 30);
		memcpy(from, s, g->state_size);
		for (uint32_t ply = 0;; ply++) {
			if (ply == at)
				memcpy(from, s, g->state_size);
			int k = g->type->legal(g, s, mv);
			if (k == 0)
				break;
			g->type->apply(g, s, mv[gl_rng_below(&rng, (uint32_t)k)]);
		}
		threats_observe(t, from, s);
	}
	free(s);
	free(from);
	free(mv);
}

int main(void)
{
	gl_game *g = tg_game(C4);
	CHECK(threats_fit(g));
	threats t;
	CHECK(threats_init(&t, g) == 0);
	unsigned char *three = tg_state(g), *held = tg_state(g);
	g->type->start(g, three);
	tg_play(g, three, "(drop 1),(drop 8),(drop 2),(drop 8),(drop 3)");
	memcpy(held, three, g->state_size);
	tg_play(g, held, "(drop 4)");
	uint32_t f[THREAT_FEATURES(GL_PLAYERS_MAX)];
	/* three: black to move; held: red to move */
	unsigned n = threats_active(&t, three, f, 0);
	CHECK_MSG(has(f, n, feat(0, false, 1, 1)) &&
		has(f, n, feat(0, false, 2, 1)) && has(f, n, feat(0, false, 3, 3)),
		"red's three, nothing learnt: %u features", n);
	n = threats_active(&t, held, f, 0);
	CHECK(has(f, n, feat(0, true, 1, 1))); /* nothing blocks yet */
	learn(&t, g, 4000, 1);
	n = threats_active(&t, three, f, 7);
	CHECK_MSG(has(f, n, 7 + feat(0, false, 1, 1)) &&
		has(f, n, 7 + feat(0, false, 2, 1)),
		"red's three, learnt: %u features", n);
	n = threats_active(&t, held, f, 0);
	CHECK_MSG(!has(f, n, feat(0, true, 1, 1)) &&
		!has(f, n, feat(0, true, 2, 1)) && has(f, n, feat(0, true, 3, 3)),
		"red's three blocked by black: %u features, the first %u", n,
		n ? f[0] : 0);
	/* black's own: its two in column 8 */
	CHECK(has(f, n, feat(1, false, 2, 1)));
	/* near a win in one: red's three, black's two */
	CHECK(threats_near(g, three, 0) && threats_near(g, held, 0));
	CHECK(!threats_near(g, three, 1) && !threats_near(g, held, 1));
	unsigned char *start = tg_state(g);
	g->type->start(g, start);
	CHECK(!threats_near(g, start, 0) && !threats_near(g, start, 1));
	tg_play(g, start, "(drop 1),(drop 8),(drop 2),(drop 8)");
	CHECK(!threats_near(g, start, 0)); /* two of red's: not yet */
	free(start);
	/* forgotten */
	threats_reset(&t);
	n = threats_active(&t, held, f, 0);
	CHECK(has(f, n, feat(0, true, 1, 1)));
	threats_done(&t);
	free(three);
	free(held);
	gl_game_free(g);
	gl_game *plain = tg_game("tictactoe");
	CHECK(!threats_fit(plain));
	unsigned char *ps = tg_state(plain);
	plain->type->start(plain, ps);
	CHECK(threats_near(plain, ps, 0)); /* no lines: always look */
	free(ps);
	gl_game_free(plain);
	return test_report();
}
