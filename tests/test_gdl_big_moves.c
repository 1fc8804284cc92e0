/*
 * test_gdl_big_moves.c - GDL games past the old caps of the game
 * interface (512 legal moves, states of 1024 bytes), through game.h and
 * the generic code that plays it: checkers.kif (640 possible moves a
 * role) and speedChess.kif (1761) load and give ggp-base's perft counts
 * (tests/data/gdl/hard/README.md; both turn-taking, so game-interface
 * perft is joint perft); alphabeta, uct and random each play a legal
 * move from the start of checkers.kif, and of native checkers beside it.
 * Then a made-up game whose states really have that many legal moves:
 * "pick" (a grid of 24 x 24 cells, white picks one, then black, and white
 * wins if cell (9 9) was taken), 576 moves a turn, with marks that make
 * 8149 base propositions, states of 1032 bytes; the winning move lies
 * past the 512th in legal order, so a list cut at 512 would miss it. The
 * searches, the solver, the agents, matches and both perfts must see
 * every move. And a simultaneous pick (both roles choose among 576 at
 * once): joint perft, the sequentialised walk, a pending move past the
 * 512th. And speedChess's batch playouts for a seed, as they were.
 */
#include "gametest.h"

#include "gamelearn/gdl.h"
#include "gamelearn/search.h"

#include <unistd.h>

#define HARD "data/gdl/hard/"

/* The pick game's rules: cells nx by ny, white wins if (tx ty) is taken
 * after both picks; simultaneous: both pick at once, one round. Ballast:
 * nb x nb more base propositions (marks set at the start, kept, never
 * read), to make the state big. The text is gl_malloc'd. */
static char *pick_kif(int nx, int ny, int tx, int ty, bool simultaneous,
	int nb)
{
	size_t cap = 4096 + 32 * (size_t)(nx + ny + nb);
	char *t = gl_malloc(cap);
	if (!t)
		exit(1);
	size_t len = 0;
	len = gl_appendf(t, cap, len, "(role white) (role black)\n");
	for (int i = 1; i <= nx; i++)
		len = gl_appendf(t, cap, len, "(xi %d) ", i);
	for (int i = 1; i <= ny; i++)
		len = gl_appendf(t, cap, len, "(yi %d) ", i);
	for (int i = 1; i <= nb; i++)
		len = gl_appendf(t, cap, len, "(bi %d) ", i);
	if (nb > 0)
		len = gl_appendf(t, cap, len, "\n"
			"(<= (init (mark ?i ?j)) (bi ?i) (bi ?j))\n"
			"(<= (next (mark ?i ?j)) (true (mark ?i ?j)))\n");
	if (simultaneous) {
		len = gl_appendf(t, cap, len, "\n"
			"(<= (legal ?p (pick ?x ?y)) (role ?p) (xi ?x) (yi ?y)\n"
			"    (not (true over)))\n"
			"(<= (next (taken ?x ?y)) (does ?p (pick ?x ?y)))\n"
			"(<= (next over) (does white ?m))\n"
			"(<= terminal (true over))\n");
	} else {
		len = gl_appendf(t, cap, len, "\n(init (control white))\n"
			"(<= (legal ?p (pick ?x ?y)) (true (control ?p)) (xi ?x) (yi ?y)\n"
			"    (not (true (taken ?x ?y))))\n"
			"(<= (legal white noop) (true (control black)))\n"
			"(<= (legal black noop) (true (control white)))\n"
			"(<= (next (taken ?x ?y)) (does ?p (pick ?x ?y)))\n"
			"(<= (next (taken ?x ?y)) (true (taken ?x ?y)))\n"
			"(<= (next (control black)) (true (control white)))\n"
			"(<= (next (control white)) (true (control black)))\n"
			"(<= (next (moved ?p)) (does ?p (pick ?x ?y)))\n"
			"(<= (next (moved ?p)) (true (moved ?p)))\n"
			"(<= terminal (true (moved black)))\n");
	}
	len = gl_appendf(t, cap, len,
		"(<= won (true (taken %d %d)))\n"
		"(<= (goal white 100) won) (<= (goal white 0) (not won))\n"
		"(<= (goal black 0) won) (<= (goal black 100) (not won))\n", tx, ty);
	if (len >= cap)
		exit(1);
	return t;
}

/* Whether a is among the legal moves of s. */
static bool is_legal(const gl_game *g, const void *s, gl_action a)
{
	gl_action *moves = tg_moves(g);
	int n = g->type->legal(g, s, moves);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok |= moves[i] == a;
	gl_free(moves);
	return ok;
}

/* Where move text stands in the legal list of s, or -1. */
static int legal_index(const gl_game *g, const void *s, const char *text)
{
	gl_action a, *moves = tg_moves(g);
	int n = g->type->legal(g, s, moves), at = -1;
	if (g->type->parse_move(g, s, text, &a, NULL) == 0)
		for (int i = 0; i < n; i++)
			if (moves[i] == a)
				at = i;
	gl_free(moves);
	return at;
}

/* Agent spec's move for the player to move in s (seeded), into *move;
 * whether it chose one and it is legal. */
static bool agent_move(const gl_game *g, const void *s, const char *spec,
	uint64_t seed, gl_action *move)
{
	gl_agent *a = tg_agent(spec, g);
	gl_err err = {0};
	a->role = g->type->to_move(g, s);
	gl_rng_split(&a->rng, seed, 0);
	bool ok = (!a->type->begin || a->type->begin(a, &err) == 0) &&
		a->type->choose(a, s, move, &err) == 0;
	CHECK_MSG(ok, "%s on %s: %s", spec, g->spec, err.msg);
	ok = ok && is_legal(g, s, *move);
	gl_agent_free(a);
	return ok;
}

/* checkers.kif and speedChess.kif: loaded past the old caps, perft as
 * ggp-base counts it, and the generic walk agrees at small depths. */
static void test_hard_perft(void)
{
	static const struct {
		const char *file;
		int depth;
		uint64_t want[5];
	} hard[] = {
		{"checkers.kif", 4, {1, 7, 49, 379, 2872}},
		{"speedChess.kif", 3, {1, 20, 400, 8246}},
	};
	for (size_t k = 0; k < sizeof hard / sizeof hard[0]; k++) {
		char spec[128];
		snprintf(spec, sizeof spec, "gdl:" HARD "%s", hard[k].file);
		gl_game *g = tg_game(spec);
		CHECK_MSG(g->max_legal > 512, "%s: max_legal %u", spec, g->max_legal);
		unsigned char *s = tg_state(g);
		g->type->start(g, s);
		for (int d = 1; d <= hard[k].depth; d++)
			CHECK_MSG(tg_perft(g, s, d) == hard[k].want[d], "%s perft(%d) = "
				"%" PRIu64 ", ggp-base %" PRIu64, spec, d, tg_perft(g, s, d),
				hard[k].want[d]);
		for (int d = 1; d <= 2; d++)
			CHECK_EQ_U64(tg_perft_generic(g, s, d), hard[k].want[d]);
		gl_free(s);
		gl_game_free(g);
	}
}

/* speedChess 64 playouts at a time (1,760 possible moves a turn, each
 * lane's drawn among the candidates' transposed legal words): 4,096 from
 * the start for seed 42 are those the batch played before its step was
 * compiled to regions, pushes and runs and its draw vectorised: 473,758
 * moves, goal sums 203,450 and 206,150, with AVX-512 or without. What a
 * seed plays changed, this says so. */
static void test_batch_signature(void)
{
	gdl_game *gd = NULL;
	gl_err err = {0};
	if (gdl_load_file(&gd, HARD "speedChess.kif", &err)) {
		CHECK_MSG(0, "%s", err.msg);
		return;
	}
	uint64_t *init = gl_malloc((size_t)gdl_state_words(gd) * sizeof *init);
	gdl_batch *b = gdl_batch_new(gd);
	CHECK(init && b);
	uint64_t moves = 0;
	int64_t sum[2] = {0, 0};
	if (init && b) {
		gdl_initial(gd, init);
		gl_rng rng;
		gl_rng_seed(&rng, 42);
		for (int k = 0; k < 4; k++) {
			int64_t gs[GDL_ROLES_MAX];
			moves += gdl_batch_playouts(gd, b, init, 1024, &rng, 100000, gs);
			sum[0] += gs[0];
			sum[1] += gs[1];
		}
	}
	CHECK_EQ_U64(moves, 473758);
	CHECK_EQ_U64((uint64_t)sum[0], 203450);
	CHECK_EQ_U64((uint64_t)sum[1], 206150);
	gdl_batch_free(b);
	gl_free(init);
	gdl_free(gd);
}

/* alphabeta, uct and random each play a legal move from the start of
 * checkers.kif, and of native checkers (the same code, a native game). */
static void test_hard_agents(void)
{
	static const char *const games[] = {"gdl:" HARD "checkers.kif", "checkers"};
	static const char *const agents[] = {
		"alphabeta:depth=3", "uct:time=0,iterations=200", "random",
		"uct:time=0,iterations=100,lgain=0",
	};
	for (int k = 0; k < 2; k++) {
		gl_game *g = tg_game(games[k]);
		unsigned char *s = tg_state(g);
		g->type->start(g, s);
		for (size_t i = 0; i < sizeof agents / sizeof agents[0]; i++) {
			gl_action m = -1;
			CHECK_MSG(agent_move(g, s, agents[i], 1, &m), "%s on %s: move %d",
				agents[i], games[k], (int)m);
		}
		gl_game_free(g);
		gl_free(s);
	}
}

/* The pick game of nx by ny with the target (tx ty) and nb x nb marks
 * of ballast: every move of a state with more than 512 seen by perft,
 * search, solver and agents, in states of more than 1024 bytes. */
static void test_pick(int nx, int ny, int tx, int ty, int nb)
{
	char *kif = pick_kif(nx, ny, tx, ty, false, nb);
	gl_game *g = tg_kif_game(kif);
	gl_free(kif);
	uint64_t cells = (uint64_t)nx * (uint64_t)ny;
	CHECK_MSG(g->max_legal >= cells && g->max_legal > 512, "pick %dx%d: "
		"max_legal %u", nx, ny, g->max_legal);
	CHECK_MSG(g->state_size > 1024, "pick %dx%d: states of %u bytes", nx, ny,
		g->state_size);
	unsigned char *s = tg_state(g);
	g->type->start(g, s);
	char target[GL_MOVE_TEXT];
	snprintf(target, sizeof target, "(pick %d %d)", tx, ty);
	int at = legal_index(g, s, target);
	CHECK_MSG(at >= 512, "pick %dx%d: %s is legal move %d, not past 512",
		nx, ny, target, at);
	/* perft through the network and through the callbacks: every pick,
	 * then every pick left */
	CHECK_EQ_U64(tg_perft(g, s, 1), cells);
	CHECK_EQ_U64(tg_perft(g, s, 2), cells * (cells - 1));
	CHECK_EQ_U64(tg_perft_generic(g, s, 2), cells * (cells - 1));
	/* a one-ply search and its reference find the winning pick (the
	 * evaluation reads the goals the rules give before the end) */
	gl_err err = {0};
	gl_search *se = gl_search_new(g, 1 << 20, &err);
	CHECK_MSG(se != NULL, "%s", err.msg);
	gl_limits lim = {1, 0, 0};
	gl_search_result r = {0};
	char mt[GL_MOVE_TEXT] = "";
	if (se && gl_search_run(se, s, &lim, &r) == 0)
		g->type->format_move(g, s, r.best, mt, sizeof mt);
	CHECK_MSG(!strcmp(mt, target), "pick %dx%d: search played %s, not %s",
		nx, ny, mt, target);
	int v = 0;
	CHECK(gl_minimax(g, s, 1, &v, &err) == 0);
	CHECK_MSG(se && v == r.value, "minimax %d, search %d", v, r.value);
	gl_search_free(se);
	/* the agents: a legal move; alphabeta and uct the winning one */
	gl_action m = -1;
	CHECK(agent_move(g, s, "alphabeta:depth=2", 1, &m));
	g->type->format_move(g, s, m, mt, sizeof mt);
	CHECK_MSG(!strcmp(mt, target), "alphabeta played %s", mt);
	char uct[64]; /* every pick tried once, then the best ones again */
	snprintf(uct, sizeof uct, "uct:time=0,iterations=%" PRIu64, cells + 100);
	CHECK(agent_move(g, s, uct, 1, &m));
	g->type->format_move(g, s, m, mt, sizeof mt);
	CHECK_MSG(!strcmp(mt, target), "uct played %s", mt);
	int past = 0;
	for (uint64_t seed = 0; seed < 40; seed++) {
		CHECK(agent_move(g, s, "random", seed, &m));
		g->type->format_move(g, s, m, mt, sizeof mt);
		past += legal_index(g, s, mt) >= 512;
	}
	CHECK_MSG(past > 0, "random never played past the 512th move in 40 tries");
	/* egreedy looks at every reply to every move; the solver sees the
	 * win too */
	CHECK(agent_move(g, s, "egreedy:eps=0", 1, &m));
	CHECK(agent_move(g, s, "perfect", 1, &m));
	g->type->format_move(g, s, m, mt, sizeof mt);
	CHECK_MSG(!strcmp(mt, target), "perfect played %s", mt);
	/* whole matches */
	gl_agent *ag[2] = {tg_agent("random", g), tg_agent("random", g)};
	gl_match match;
	gl_match_init(&match);
	CHECK_MSG(gl_match_play(g, ag, 3, &match, &err) == 0, "%s", err.msg);
	CHECK(match.nmoves == 2 && match.goals[0] + match.goals[1] == 100);
	gl_match_done(&match);
	gl_agent_free(ag[0]);
	gl_agent_free(ag[1]);
	gl_free(s);
	gl_game_free(g);
}

/* Both roles pick among 576 at once: joint perft counts the pairs, the
 * sequentialised walk each role's choice, and a pending choice past the
 * 512th stands until the round ends. */
static void test_simultaneous_pick(void)
{
	char *kif = pick_kif(24, 24, 9, 9, true, 0);
	gl_game *g = tg_kif_game(kif);
	gl_free(kif);
	unsigned char *s = tg_state(g), *s0 = tg_state(g);
	g->type->start(g, s0);
	CHECK_EQ_U64(tg_perft(g, s0, 1), 576 * 576);
	CHECK_EQ_U64(tg_perft_generic(g, s0, 1), 576);
	CHECK_EQ_U64(tg_perft_generic(g, s0, 2), 576 * 576);
	memcpy(s, s0, g->state_size);
	CHECK(legal_index(g, s, "(pick 9 9)") >= 512);
	CHECK(tg_play(g, s, "(pick 9 9)") == 0);
	CHECK(g->type->hidden(g, s) == 1 && g->type->to_move(g, s) == 1);
	CHECK_EQ_U64(tg_perft(g, s, 1), 576); /* inside the round */
	gl_action m = -1;
	CHECK(agent_move(g, s, "random", 2, &m));
	g->type->apply(g, s, m);
	CHECK(g->type->terminal(g, s) && tg_goal(g, s, 0) == 100);
	CHECK(agent_move(g, s0, "uct:time=0,iterations=300", 1, &m));
	gl_free(s);
	gl_free(s0);
	gl_game_free(g);
}

int main(void)
{
	test_hard_perft();
	test_batch_signature();
	test_hard_agents();
	/* 576 moves a turn; 576 + 87 * 87 + 4 = 8149 base propositions: 128
	 * words, states of 1032 bytes */
	test_pick(24, 24, 9, 9, 87);
	test_simultaneous_pick();
	return test_report();
}
