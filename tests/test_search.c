/*
 * test_search.c - the alpha-beta search held to plain minimax: on
 * thousands of random positions of every game, a search to fixed depth
 * 1..4 (fresh table, and one table reused across everything) returns
 * exactly gl_minimax's value, its best move achieves that value and its
 * principal variation is legal. Also: wins in one are taken and threats
 * blocked, budgets of nodes and time still give a legal move, seeded root
 * shuffles are deterministic, score decoding, and allocation failures.
 */
#include "gametest.h"

#include "gamelearn/search.h"

/* Games and how many random positions each. */
static const struct {
	const char *spec;
	int positions;
} cases[] = {
	{"tictactoe", 400},
	{"connect3", 300},
	{"connect4", 200},
	{"othello4", 300},
	{"othello8", 120},
	{"checkers", 150},
	{"hex", 300},
	{"hex:size=5", 150},
	{"nim", 300},
	{"nim:heaps=1-2-3-7,misere=1", 200},
	{"capturego", 250},
	{"swap9", 150},
	{"npuzzle", 150},
};

static gl_action random_move(const gl_game *g, const unsigned char *s,
	gl_rng *rng)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	return moves[gl_rng_below(rng, (uint32_t)n)];
}

/* A random non-terminal position: up to `plies` random moves from the
 * start, backing off one move if the game ended. */
static void random_position(const gl_game *g, gl_rng *rng, int plies,
	unsigned char *out)
{
	GL_STATE_ALIGN unsigned char prev[T_STATE_MAX];
	g->type->start(g, out);
	int k = (int)gl_rng_below(rng, (uint32_t)plies + 1);
	for (int i = 0; i < k; i++) {
		memcpy(prev, out, g->state_size);
		g->type->apply(g, out, random_move(g, out, rng));
		if (g->type->terminal(g, out)) {
			memcpy(out, prev, g->state_size);
			break;
		}
	}
}

/* gl_minimax's value of s; a failed check (and 0) if it fails. */
static int tg_minimax(const gl_game *g, const void *s, int depth)
{
	int v = 0;
	gl_err err = {0};
	int rc = gl_minimax(g, s, depth, &v, &err);
	CHECK_MSG(rc == 0, "%s: minimax: %s", g->spec, err.msg);
	return v;
}

/* Score of move a at s for s's player to move, by minimax of depth-1
 * below it: what the search's value of a best move must equal. */
static int move_value(const gl_game *g, const unsigned char *s, gl_action a,
	int depth)
{
	GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
	memcpy(c, s, g->state_size);
	g->type->apply(g, c, a);
	int me = g->type->to_move(g, s);
	if (g->type->terminal(g, c)) {
		int d = tg_goal(g, c, me) - 50;
		return d > 0 ? d * GL_SEARCH_UNIT - 1 :
		       d < 0 ? d * GL_SEARCH_UNIT + 1 : 0;
	}
	int v = tg_minimax(g, c, depth - 1);
	if (g->type->to_move(g, c) != me)
		v = -v;
	/* The child's game ends are one ply further from s. */
	if (v > GL_SEARCH_UNIT / 2)
		v--;
	else if (v < -GL_SEARCH_UNIT / 2)
		v++;
	return v;
}

static int is_legal(const gl_game *g, const unsigned char *s, gl_action a)
{
	gl_action moves[T_LEGAL_MAX];
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n; i++)
		if (moves[i] == a)
			return 1;
	return 0;
}

static int pv_legal(const gl_game *g, const unsigned char *s,
	const gl_search_result *r)
{
	GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
	memcpy(c, s, g->state_size);
	if (r->pv_len < 1 || r->pv[0] != r->best)
		return 0;
	for (int i = 0; i < r->pv_len; i++) {
		if (!is_legal(g, c, r->pv[i]))
			return 0;
		g->type->apply(g, c, r->pv[i]);
	}
	return 1;
}

/* Alpha-beta against minimax on random positions of one game. */
static void check_game(const char *spec, int positions, uint64_t seed)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	if (!g) {
		printf("note: skipping %s: %s\n", spec, err.msg);
		return;
	}
	if (!tg_fits(g)) {
		gl_game_free(g);
		return;
	}
	gl_search *fresh = gl_search_new(g, 1 << 16, &err);
	gl_search *reused = gl_search_new(g, 1 << 12, &err);
	CHECK(fresh && reused);
	if (!fresh || !reused)
		goto out;
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	int plies = g->max_length < 60 ? (int)g->max_length : 60;
	int bad = 0;
	for (int i = 0; i < positions && bad < 5; i++) {
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		random_position(g, &rng, plies, s);
		for (int depth = 1; depth <= 4; depth++) {
			int want = tg_minimax(g, s, depth);
			gl_limits lim = {depth, 0, 0};
			gl_search_result r1, r2;
			gl_search_clear(fresh);
			CHECK(gl_search_run(fresh, s, &lim, &r1) == 0);
			CHECK(gl_search_run(reused, s, &lim, &r2) == 0);
			int ok = r1.value == want && r2.value == want &&
				 is_legal(g, s, r1.best) && is_legal(g, s, r2.best) &&
				 move_value(g, s, r1.best, depth) == want &&
				 move_value(g, s, r2.best, depth) == want &&
				 pv_legal(g, s, &r1) && pv_legal(g, s, &r2) &&
				 !r1.partial && r1.nodes > 0;
			/* A proven win or loss may end the deepening early. */
			ok &= r1.depth == depth ||
			      (r1.depth < depth && (r1.value >= GL_SEARCH_WIN - 200 ||
						   r1.value <= -GL_SEARCH_WIN + 200)) ||
			      (unsigned)r1.depth >= g->max_length;
			CHECK_MSG(ok, "%s position %d depth %d: minimax %d, fresh %d "
				"(depth %d), reused %d", spec, i, depth, want,
				r1.value, r1.depth, r2.value);
			bad += !ok;
		}
	}
	printf("%s: %d positions at depths 1..4: %s\n", spec, positions,
		bad ? "DISAGREE with minimax" : "agree with minimax");
out:
	gl_search_free(fresh);
	gl_search_free(reused);
	gl_game_free(g);
}

/* Tic-tac-toe: take a win in one, block a loss in one. */
static void check_tactics(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_search *s = gl_search_new(g, 0, NULL);
	GL_STATE_ALIGN unsigned char st[T_STATE_MAX];
	gl_search_result r;
	gl_limits lim = {4, 0, 0};
	char text[GL_MOVE_TEXT];

	/* X: a1 b1, O: a2 b2; X to move wins at c1 (O would win at c2). */
	g->type->start(g, st);
	tg_play(g, st, "a1,a2,b1,b2");
	CHECK(gl_search_run(s, st, &lim, &r) == 0);
	g->type->format_move(g, st, r.best, text, sizeof text);
	CHECK_STR(text, "c1");
	CHECK(r.value == GL_SEARCH_WIN - 1);
	int goal = -1, plies = -1;
	CHECK(gl_search_score_goal(r.value, &goal, &plies));
	CHECK(goal == 100 && plies == 1);
	CHECK(r.depth == 1); /* proven at once */

	/* X: a1 b1, O: b2; O to move must block at c1. */
	g->type->start(g, st);
	tg_play(g, st, "a1,b2,b1");
	CHECK(gl_search_run(s, st, &lim, &r) == 0);
	g->type->format_move(g, st, r.best, text, sizeof text);
	CHECK_STR(text, "c1");

	/* O to move facing two threats (b1 and c2) loses whatever it does. */
	g->type->start(g, st);
	tg_play(g, st, "a1,b2,c3,a3,c1");
	lim.depth = 9;
	CHECK(gl_search_run(s, st, &lim, &r) == 0);
	CHECK(gl_search_score_goal(r.value, &goal, &plies));
	CHECK(goal == 0 && plies == 2); /* on X's next move */

	/* From the start, a full-depth search proves a draw. */
	g->type->start(g, st);
	lim.depth = 0;
	CHECK(gl_search_run(s, st, &lim, &r) == 0);
	CHECK(r.value == 0 && r.depth == 9 && !r.partial);

	/* A terminal state is refused. */
	tg_play(g, st, "a1,a2,b1,b2,c1");
	CHECK(gl_search_run(s, st, &lim, &r) == GL_EINVAL);
	CHECK(tg_minimax(g, st, 3) == 0);

	gl_search_free(s);
	gl_game_free(g);
}

/* Node and time budgets: a legal move however small the budget. */
static void check_budgets(const char *spec)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	if (!g) {
		printf("note: skipping budgets on %s: %s\n", spec, err.msg);
		return;
	}
	if (!tg_fits(g)) {
		gl_game_free(g);
		return;
	}
	gl_search *s = gl_search_new(g, 1 << 16, NULL);
	GL_STATE_ALIGN unsigned char st[T_STATE_MAX];
	gl_rng rng;
	gl_rng_seed(&rng, 5);
	for (int i = 0; i < 20; i++) {
		random_position(g, &rng, 20, st);
		static const uint64_t budgets[] = {1, 2, 10, 100, 1000, 5000};
		for (int b = 0; b < 6; b++) {
			gl_limits lim = {0, budgets[b], 0};
			gl_search_result r;
			CHECK(gl_search_run(s, st, &lim, &r) == 0);
			CHECK_MSG(is_legal(g, st, r.best), "%s: budget %d nodes",
				spec, (int)budgets[b]);
			CHECK(r.nodes <= budgets[b]);
			CHECK(r.depth == 0 || !r.partial || r.pv_len >= 1);
		}
		gl_limits lim = {0, 0, 0.002};
		gl_search_result r;
		CHECK(gl_search_run(s, st, &lim, &r) == 0);
		CHECK(is_legal(g, st, r.best));
		/* A depth limit and a generous budget: the budget never bites
		 * and the value is exact. */
		gl_limits both = {2, 1000000, 100};
		CHECK(gl_search_run(s, st, &both, &r) == 0);
		CHECK(r.value == tg_minimax(g, st, 2) && !r.partial);
	}
	gl_search_free(s);
	gl_game_free(g);
}

/* What a deep search leaves in the table does not change a later
 * fixed-depth value, at the same position or after a move. */
static void check_reuse(const char *spec)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	if (!g) {
		printf("note: skipping reuse on %s: %s\n", spec, err.msg);
		return;
	}
	if (!tg_fits(g)) {
		gl_game_free(g);
		return;
	}
	gl_search *s = gl_search_new(g, 1 << 14, NULL);
	GL_STATE_ALIGN unsigned char st[T_STATE_MAX], c[T_STATE_MAX];
	gl_rng rng;
	gl_rng_seed(&rng, 11);
	for (int i = 0; i < 15; i++) {
		random_position(g, &rng, 30, st);
		gl_limits deep = {6, 0, 0}, shallow = {3, 0, 0};
		gl_search_result r;
		CHECK(gl_search_run(s, st, &deep, &r) == 0);
		CHECK(gl_search_run(s, st, &shallow, &r) == 0);
		CHECK(r.value == tg_minimax(g, st, 3));
		memcpy(c, st, g->state_size);
		g->type->apply(g, c, r.best);
		if (g->type->terminal(g, c))
			continue;
		CHECK(gl_search_run(s, c, &shallow, &r) == 0);
		CHECK(r.value == tg_minimax(g, c, 3));
		gl_limits two = {2, 0, 0};
		CHECK(gl_search_run(s, c, &two, &r) == 0);
		CHECK(r.value == tg_minimax(g, c, 2));
	}
	gl_search_free(s);
	gl_game_free(g);
}

/* The same seed shuffles the root the same way; with a shuffle the value
 * stays exact. */
static void check_shuffle(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_search *s = gl_search_new(g, 0, NULL);
	GL_STATE_ALIGN unsigned char st[T_STATE_MAX];
	g->type->start(g, st);
	gl_limits lim = {2, 0, 0};
	gl_action first[8];
	int distinct = 0;
	for (int seed = 0; seed < 8; seed++) {
		gl_rng rng;
		gl_search_result r1, r2;
		gl_rng_seed(&rng, (uint64_t)seed);
		gl_search_set_rng(s, &rng);
		gl_search_clear(s);
		CHECK(gl_search_run(s, st, &lim, &r1) == 0);
		gl_rng_seed(&rng, (uint64_t)seed);
		gl_search_clear(s);
		CHECK(gl_search_run(s, st, &lim, &r2) == 0);
		CHECK(r1.best == r2.best && r1.value == r2.value);
		CHECK(r1.value == tg_minimax(g, st, 2));
		first[seed] = r1.best;
		int seen = 0;
		for (int k = 0; k < seed; k++)
			seen |= first[k] == r1.best;
		distinct += !seen;
	}
	/* Depth 2 rates the four corners alike (and the centre above):
	 * shuffles may vary only among moves of equal value. */
	CHECK(distinct >= 1);
	gl_search_set_rng(s, NULL);
	gl_search_free(s);
	gl_game_free(g);
}

static void check_scores(void)
{
	int goal, plies;
	CHECK(!gl_search_score_goal(0, &goal, &plies));
	CHECK(!gl_search_score_goal(GL_EVAL_INF - 1, NULL, NULL));
	CHECK(gl_search_score_goal(GL_SEARCH_WIN - 7, &goal, &plies));
	CHECK(goal == 100 && plies == 7);
	CHECK(gl_search_score_goal(-GL_SEARCH_WIN + 3, &goal, &plies));
	CHECK(goal == 0 && plies == 3);
	CHECK(gl_search_score_goal(25 * GL_SEARCH_UNIT - 4, &goal, &plies));
	CHECK(goal == 75 && plies == 4);
	CHECK(gl_search_score_goal(-10 * GL_SEARCH_UNIT + 2, &goal, &plies));
	CHECK(goal == 40 && plies == 2);
}

/*
 * Quiescence: Black's one man on 15 may step to 18, where White's man on
 * 22 takes him at once and Black has lost, or to 19, where he is safe. A
 * one-ply search rates both steps alike (it stops before the capture)
 * and plays the first, 15-18; with quiescence it follows the pending
 * capture to the end and steps to 19. Off again, it blunders as before:
 * the default search is unchanged.
 */
static void check_quiesce(void)
{
	gl_err err = {0};
	gl_game *g = tg_game("checkers");
	GL_STATE_ALIGN unsigned char st[4096];
	CHECK(g->state_size <= sizeof st);
	CHECK(g->type->parse_state(g, "B:W22:B15", st, &err) == 0);
	gl_search *s = gl_search_new(g, 1 << 16, &err);
	gl_limits lim = {1, 0, 0};
	gl_search_result r;
	char mt[GL_MOVE_TEXT];
	const char *want[3] = {"15-18", "15-19", "15-18"};
	for (int k = 0; k < 3; k++) {
		gl_search_set_quiesce(s, k == 1);
		CHECK(gl_search_run(s, st, &lim, &r) == 0);
		g->type->format_move(g, st, r.best, mt, sizeof mt);
		CHECK_MSG(!strcmp(mt, want[k]), "quiesce %d played %s", k == 1, mt);
		/* the value of 15-19 is an evaluation either way */
		CHECK(!gl_search_score_goal(r.value, NULL, NULL));
		/* off: the root and its two children; on: the capture after
		 * 15-18 as well (and 15-19 searched again, as it is better) */
		CHECK_MSG(k == 1 ? r.nodes > 3 : r.nodes == 3, "%" PRIu64
			" nodes", r.nodes);
	}
	gl_search_free(s);
	gl_game_free(g);
}

/* The watch: told each iteration's best move from the first on, in
 * depth order, the last one the run's answer; and a stop raised from
 * outside (here by the report at depth 3) ends a run whose limits would
 * let it go on to depth 40. */
typedef struct watched {
	int calls, last_depth;
	gl_action last;
	bool in_order;
	atomic_bool stop;
} watched;

static void on_report(void *ctx, gl_action best, int depth)
{
	watched *w = ctx;
	w->in_order &= depth == w->last_depth + 1 || depth == w->last_depth;
	w->calls++;
	w->last_depth = depth;
	w->last = best;
	if (depth == 3)
		atomic_store(&w->stop, true);
}

static void check_watch(void)
{
	gl_game *g = tg_game("checkers");
	gl_search *s = gl_search_new(g, 1 << 16, NULL);
	GL_STATE_ALIGN unsigned char st[T_STATE_MAX];
	g->type->start(g, st);
	watched w = {.in_order = true};
	atomic_init(&w.stop, false);
	gl_search_set_watch(s, on_report, &w, &w.stop);
	gl_limits deep = {40, 0, 0};
	gl_search_result r;
	CHECK(gl_search_run(s, st, &deep, &r) == 0);
	CHECK_MSG(w.calls >= 3 && w.in_order, "%d reports", w.calls);
	CHECK_MSG(r.depth >= 3 && r.depth <= 5, "stopped at depth %d", r.depth);
	CHECK(w.last == r.best);
	/* without the watch, as before: to the depth asked */
	gl_search_set_watch(s, NULL, NULL, NULL);
	gl_limits two = {2, 0, 0};
	CHECK(gl_search_run(s, st, &two, &r) == 0 && r.depth == 2);
	gl_search_free(s);
	gl_game_free(g);
}

/* Every allocation failure of gl_search_new is reported, leaking nothing. */
static void check_alloc_failures(void)
{
	gl_game *g = tg_game("tictactoe");
	int failed = 0;
	for (long n = 0; n < 20; n++) {
		gl_err err = {0};
		gl_alloc_fail_after(n);
		gl_search *s = gl_search_new(g, 1 << 12, &err);
		gl_alloc_fail_after(-1);
		if (!s) {
			CHECK(err.code == GL_ENOMEM);
			failed++;
		}
		gl_search_free(s);
	}
	CHECK(failed >= 6);
	gl_game_free(g);
}

int main(void)
{
	check_scores();
	check_tactics();
	check_shuffle();
	check_quiesce();
	check_watch();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check_game(cases[i].spec, cases[i].positions, 1000 + i);
	check_budgets("connect4");
	check_budgets("othello8");
	check_budgets("tictactoe");
	check_reuse("checkers");
	check_reuse("connect4");
	check_reuse("tictactoe");
	check_alloc_failures();
	return test_report();
}
