/*
 * test_gapairs.c - agent gapairs (the genetic state-pair learner of the
 * textbook excerpt, src/ga/gapairs.c): it never makes an illegal move
 * (Nim, misere Nim, tic-tac-toe, against random and perfect, both seats);
 * on Nim 3-4-5 against `perfect`, moving first, its optimal-move rate
 * rises above a bound within a fixed number of generations on every seed;
 * the same seeds give the same games; what it learned survives save and
 * load, and files for another game or with a bad line are refused.
 */
#include "gametest.h"

#include "gamelearn/agent.h"

/* Matches between learner (in seat) and opp; every match must succeed
 * (gl_match_play refuses an illegal move). Returns the wins. */
static int play(const gl_game *g, gl_agent *learner, gl_agent *opp, int seat, int n,
	uint64_t seed, gl_match *m, bool *ok)
{
	gl_agent *seats[2];
	seats[seat] = learner;
	seats[1 - seat] = opp;
	int wins = 0;
	for (int k = 0; k < n; k++) {
		gl_err err = {0};
		if (gl_match_play(g, seats, gl_mix64(seed * 7919 + (uint64_t)k), m, &err)) {
			CHECK_MSG(0, "%s match %d: %s", g->spec, k, err.msg);
			*ok = false;
			return wins;
		}
		wins += m->goals[seat] == 100;
	}
	return wins;
}

static void test_legal(void)
{
	static const char *games[] = {"nim", "nim:heaps=3-4-5,misere=1", "nim:heaps=1-2-3-4",
		"tictactoe"};
	static const char *opps[] = {"random", "perfect"};
	gl_match m;
	gl_match_init(&m);
	for (int gi = 0; gi < 4; gi++) {
		gl_game *g = tg_game(games[gi]);
		for (int oi = 0; oi < 2; oi++)
			for (int seat = 0; seat < 2; seat++) {
				gl_agent *l = tg_agent("gapairs:K=20,games=3,pc=0.7", g);
				gl_agent *o = tg_agent(opps[oi], g);
				bool ok = true;
				play(g, l, o, seat, 300, 5, &m, &ok);
				CHECK_MSG(ok, "%s vs %s seat %d", games[gi], opps[oi], seat);
				gl_agent_free(l);
				gl_agent_free(o);
			}
		gl_game_free(g);
	}
	/* choose() on every reachable position of a random walk answers a
	 * legal move, however many generations have passed */
	gl_game *g = tg_game("nim");
	gl_agent *l = tg_agent("gapairs:K=30,games=1", g), *o = tg_agent("random", g);
	bool ok = true;
	play(g, l, o, 0, 200, 9, &m, &ok);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_action rmoves[T_LEGAL_MAX];
	gl_rng r;
	gl_rng_seed(&r, 4);
	bool all_legal = true;
	for (int walk = 0; walk < 200; walk++) {
		g->type->start(g, s);
		while (!g->type->terminal(g, s)) {
			gl_action mv, moves[T_LEGAL_MAX];
			gl_err err = {0};
			l->role = g->type->to_move(g, s);
			CHECK(l->type->choose(l, s, &mv, &err) == 0);
			int n = g->type->legal(g, s, moves), found = 0;
			for (int i = 0; i < n; i++)
				found |= moves[i] == mv;
			all_legal &= found;
			g->type->apply(g, s, gl_random_move(g, s, &r, rmoves));
		}
	}
	CHECK(all_legal);
	gl_agent_free(l);
	gl_agent_free(o);
	gl_game_free(g);
	gl_match_done(&m);
}

/* Share of the learner's moves in winning positions that leave the
 * opponent lost, over match m (Nim's evaluate() is exact). */
static void optimal_moves(const gl_game *g, const gl_match *m, int seat, int *chances,
	int *optimal)
{
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	for (int i = 0; i < m->nmoves; i++) {
		bool mine = g->type->to_move(g, s) == seat, win = g->type->evaluate(g, s) > 0;
		g->type->apply(g, s, m->moves[i]);
		if (mine && win) {
			++*chances;
			int goals[GL_PLAYERS_MAX];
			if (g->type->terminal(g, s)) {
				g->type->goals(g, s, goals);
				*optimal += goals[seat] == 100;
			} else {
				*optimal += g->type->evaluate(g, s) < 0;
			}
		}
	}
}

/* The learning test: K = 100, one game per generation, moving first
 * against perfect. After GENS generations the rate over the next CHECK
 * games is above BOUND on every seed (measured: see the report). */
enum { SEEDS = 5, GENS = 2500, WINDOW = 200 };
#define BOUND 0.8

static void test_learns(void)
{
	gl_game *g = tg_game("nim");
	gl_match m;
	gl_match_init(&m);
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		gl_agent *l = tg_agent("gapairs:K=100,games=1", g), *o = tg_agent("perfect", g);
		gl_agent *seats[2] = {l, o};
		int chances = 0, optimal = 0, early_ch = 0, early_opt = 0;
		for (int k = 0; k < GENS + WINDOW; k++) {
			gl_err err = {0};
			if (gl_match_play(g, seats, gl_mix64(seed * 1000003u + (uint64_t)k), &m, &err)) {
				CHECK_MSG(0, "%s", err.msg);
				break;
			}
			if (k < WINDOW)
				optimal_moves(g, &m, 0, &early_ch, &early_opt);
			if (k >= GENS)
				optimal_moves(g, &m, 0, &chances, &optimal);
		}
		double rate = chances ? (double)optimal / chances : 0;
		double early = early_ch ? (double)early_opt / early_ch : 0;
		CHECK_MSG(rate > BOUND, "seed %d: optimal-move rate %.3f after %d generations "
			"(first %d games: %.3f)", (int)seed, rate, GENS, WINDOW, early);
		CHECK_MSG(rate > early, "seed %d: no progress: %.3f -> %.3f", (int)seed, early, rate);
		gl_agent_free(l);
		gl_agent_free(o);
	}
	gl_match_done(&m);
	gl_game_free(g);
}

/* The moves of n matches, concatenated, for comparing runs. */
static int record(const char *spec, uint64_t seed, gl_action *out, int cap)
{
	gl_game *g = tg_game("nim");
	gl_agent *l = tg_agent(spec, g), *o = tg_agent("random", g);
	gl_agent *seats[2] = {l, o};
	gl_match m;
	gl_match_init(&m);
	int n = 0;
	for (int k = 0; k < 100; k++) {
		gl_err err = {0};
		CHECK(gl_match_play(g, seats, gl_mix64(seed + (uint64_t)k), &m, &err) == 0);
		for (int i = 0; i < m.nmoves && n < cap; i++)
			out[n++] = m.moves[i];
	}
	gl_match_done(&m);
	gl_agent_free(l);
	gl_agent_free(o);
	gl_game_free(g);
	return n;
}

static void test_determinism(void)
{
	static gl_action a[4096], b[4096], c[4096];
	int na = record("gapairs:games=2", 1, a, 4096);
	int nb = record("gapairs:games=2", 1, b, 4096);
	int nc = record("gapairs:games=2", 2, c, 4096);
	CHECK(na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0);
	CHECK(na != nc || memcmp(a, c, (size_t)na * sizeof *a) != 0);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_save_load(void)
{
	const char *path = "gapairs_test.tmp";
	gl_game *g = tg_game("nim");
	gl_agent *l = tg_agent("gapairs:K=40,games=1", g), *o = tg_agent("perfect", g);
	gl_match m;
	gl_match_init(&m);
	bool ok = true;
	play(g, l, o, 0, 300, 3, &m, &ok);
	gl_err err = {0};
	CHECK(l->type->save(l, path, &err) == 0);
	gl_agent *l2 = tg_agent("gapairs:K=40,games=1", g);
	CHECK_MSG(l2->type->load(l2, path, &err) == 0, "%s", err.msg);
	/* the same choices in every position reached by random walks */
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_action rmoves[T_LEGAL_MAX];
	gl_rng r;
	gl_rng_seed(&r, 8);
	bool same = true;
	for (int walk = 0; walk < 100; walk++) {
		g->type->start(g, s);
		while (!g->type->terminal(g, s)) {
			gl_action m1, m2;
			l->role = l2->role = g->type->to_move(g, s);
			gl_rng_seed(&l->rng, 1);
			gl_rng_seed(&l2->rng, 1);
			l->type->choose(l, s, &m1, &err);
			l2->type->choose(l2, s, &m2, &err);
			same &= m1 == m2;
			g->type->apply(g, s, gl_random_move(g, s, &r, rmoves));
		}
	}
	CHECK(same);
	/* another game's file is refused, naming the file and line */
	gl_game *g3 = tg_game("nim:heaps=3-4-5,misere=1");
	gl_agent *l3 = tg_agent("gapairs", g3);
	CHECK(l3->type->load(l3, path, &err) == GL_EPARSE);
	CHECK_MSG(strstr(err.msg, "gapairs_test.tmp:2") && strstr(err.msg, "another game"), "%s",
		err.msg);
	/* a member whose move is not legal in its state */
	write_text(path, "gapairs 1\ngame nim:heaps=3-4-5,misere=0\ngeneration 0 played 0\n"
		"members 1\n03040500000000000000000000000000 50 1\n");
	CHECK(l3->type->load(l2, path, &err) == GL_EPARSE);
	CHECK_MSG(strstr(err.msg, ":5:") && strstr(err.msg, "legal"), "%s", err.msg);
	/* a short state */
	write_text(path, "gapairs 1\ngame nim:heaps=3-4-5,misere=0\ngeneration 0 played 0\n"
		"members 1\n0304 0 1\n");
	CHECK(l2->type->load(l2, path, &err) == GL_EPARSE && strstr(err.msg, "hex"));
	/* a wrong header */
	write_text(path, "martens 1\n");
	CHECK(l2->type->load(l2, path, &err) == GL_EPARSE && strstr(err.msg, ":1:"));
	remove(path);
	gl_match_done(&m);
	gl_agent_free(l);
	gl_agent_free(l2);
	gl_agent_free(l3);
	gl_agent_free(o);
	gl_game_free(g);
	gl_game_free(g3);
}

static void test_refused(void)
{
	gl_game *g = tg_game("nim");
	gl_err err = {0};
	CHECK(gl_agent_new("gapairs:keep=2", g, NULL, &err) == NULL && strstr(err.msg, "keep"));
	CHECK(gl_agent_new("gapairs:K=0", g, NULL, &err) == NULL);
	gl_game *p = tg_game("swap9");
	CHECK(gl_agent_new("gapairs", p, NULL, &err) == NULL && strstr(err.msg, "two-player"));
	gl_game_free(p);
	gl_game_free(g);
}

int main(void)
{
	test_legal();
	test_learns();
	test_determinism();
	test_save_load();
	test_refused();
	return test_report();
}
