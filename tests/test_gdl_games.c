/*
 * test_gdl_games.c - every shared GDL game (data/gdl/games) loads as a
 * gamelearn game and survives seeded random playouts through the game
 * interface: a legal move in every non-terminal state (for every role,
 * through the gdl.h API too), goals in 0..100 at the end, and the same
 * seed gives the same games; and thousands more, 64 at a time through the
 * batch evaluator, end with goals in 0..100. Usage: test_gdl_games
 * [PLAYOUTS [GAME...]] (default 1000 per game, 100 in a sanitizer build;
 * hex and checkersTiny, a tenth: their groundings are large, so they run
 * in their own program, test_gdl_big.c).
 */
#include "gametest.h"
#include "gdltest.h"

#include "gamelearn/gdl.h"

#ifdef GDL_GAMES_BIG /* test_gdl_big.c: the two with large groundings */
static const char *const games[] = {"checkersTiny", "hex", NULL};
#else
static const char *const games[] = {
	"biddingTicTacToe", "blocker", "breakthroughSmall", "buttons",
	"chomp", "connectFour", "dotsAndBoxes", "eightPuzzle",
	"hanoi", "knightsTour", "lightsOut", "maze", "nim1", "pentago",
	"reversi", "roshambo2", "sheepAndWolf", "ticTacToe",
	"ticTacToeParallel", "tictactoe_3player", NULL
};
#endif

/* n random playouts; returns a signature of the moves played. */
static uint64_t playouts(const gl_game *g, int n, uint64_t seed, const char *name)
{
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	uint64_t sig = 0;
	unsigned char *s = tg_state(g);
	gl_action *moves = tg_moves(g);
	for (int k = 0; k < n; k++) {
		g->type->start(g, s);
		int len = 0;
		for (;;) {
			int m = g->type->legal(g, s, moves);
			bool term = g->type->terminal(g, s);
			if (term != (m == 0)) {
				CHECK_MSG(0, "%s: terminal %d but %d legal moves", name, term, m);
				goto out;
			}
			if (m == 0)
				break;
			if (len++ > (int)g->max_length) {
				CHECK_MSG(0, "%s: game longer than %u", name, g->max_length);
				goto out;
			}
			int p = g->type->to_move(g, s);
			CHECK(p >= 0 && p < (int)g->nplayers);
			gl_action a = moves[gl_rng_below(&rng, (uint32_t)m)];
			sig = gl_mix64(sig ^ (uint64_t)a);
			g->type->apply(g, s, a);
		}
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, s, goals);
		for (unsigned p = 0; p < g->nplayers; p++) {
			CHECK_MSG(goals[p] >= 0 && goals[p] <= 100, "%s: goal %d", name, goals[p]);
			sig = gl_mix64(sig ^ (uint64_t)goals[p]);
		}
	}
out:
	gl_free(s);
	gl_free(moves);
	return sig;
}

/* Joint moves through gdl.h: every role has a legal move in every
 * non-terminal state. */
static void joint_playouts(const char *path, int n, uint64_t seed)
{
	gdl_game *gd = NULL;
	if (gdl_load_file(&gd, path, NULL))
		return;
	gdl_eval *e = gdl_eval_new(gd);
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	/* in bulk: every playout's goals in 0..100 */
	gdl_batch *b = gdl_batch_new(gd);
	uint64_t init[T_WORDS_MAX];
	int64_t sum[GDL_ROLES_MAX];
	gdl_initial(gd, init);
	int bulk = 4 * n;
	uint64_t steps = gdl_batch_playouts(gd, b, init, bulk, &rng, 2000, sum);
	CHECK_MSG(steps > 0, "%s: batch playouts made no move", path);
	for (int r = 0; r < gdl_nroles(gd); r++)
		CHECK_MSG(sum[r] >= 0 && sum[r] <= 100LL * bulk, "%s: goal sum %lld",
			path, (long long)sum[r]);
	gdl_batch_free(b);
	int *moves = malloc(sizeof *moves * (size_t)(gdl_nmoves(gd) + 1));
	for (int k = 0; k < n; k++) {
		uint64_t s[T_WORDS_MAX];
		gdl_initial(gd, s);
		for (int len = 0; len < 2000; len++) {
			gdl_eval_state(gd, e, s);
			if (gdl_terminal(gd, e))
				break;
			int joint[GDL_ROLES_MAX];
			for (int r = 0; r < gdl_nroles(gd); r++) {
				int m = gdl_legal(gd, e, r, moves);
				CHECK_MSG(m > 0, "%s: role %d has no legal move", path, r);
				if (m == 0)
					goto out;
				joint[r] = moves[gl_rng_below(&rng, (uint32_t)m)];
			}
			gdl_next(gd, e, joint, s);
		}
		for (int r = 0; r < gdl_nroles(gd); r++) {
			int v = gdl_goal(gd, e, r);
			CHECK(v >= 0 && v <= 100);
		}
	}
out:
	free(moves);
	gdl_eval_free(e);
	gdl_free(gd);
}

int main(int argc, char **argv)
{
#if defined(__SANITIZE_ADDRESS__)
	enum { PLAYOUTS = 100 };
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	enum { PLAYOUTS = 100 };
#else
	enum { PLAYOUTS = 1000 };
#endif
#else
	enum { PLAYOUTS = 1000 };
#endif
	int n = argc > 1 ? atoi(argv[1]) : PLAYOUTS;
	for (int i = 0; games[i]; i++) {
		bool sel = argc <= 2;
		for (int k = 2; k < argc; k++)
			sel |= !strcmp(argv[k], games[i]);
		if (!sel)
			continue;
		char spec[300], path[200];
		snprintf(path, sizeof path, "data/gdl/games/%s.kif", games[i]);
		snprintf(spec, sizeof spec, "gdl:%s", path);
		int runs = strcmp(games[i], "hex") && strcmp(games[i], "checkersTiny") ? n : (n + 9) / 10;
		double t0 = gl_now();
		gl_game *g = tg_game(spec);
		double t1 = gl_now();
		uint64_t a = playouts(g, runs, 7 + (uint64_t)i, games[i]);
		double t2 = gl_now();
		uint64_t b = playouts(g, runs > 5 ? 5 : runs, 7 + (uint64_t)i, games[i]);
		uint64_t c = playouts(g, runs > 5 ? 5 : runs, 7 + (uint64_t)i, games[i]);
		CHECK_MSG(b == c, "%s: not deterministic", games[i]);
		(void)a;
		joint_playouts(path, runs, 99 + (uint64_t)i);
		printf("%-20s load %.3f s  %d playouts  %.0f playouts/s\n", games[i],
			t1 - t0, runs, runs / (t2 - t1 > 0 ? t2 - t1 : 1e-9));
		gl_game_free(g);
	}
	return test_report();
}
