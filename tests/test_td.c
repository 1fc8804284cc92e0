/*
 * test_td.c - the td agent (Banerjee and Stone 2007): the batch TD(lambda)
 * update of equation 2 against a hand-computed example, the lookahead and
 * transfer initialisations on crafted target states, learning tic-tac-toe
 * against random (at least 90 of 100 and under 2% losses after 3000
 * matches moving first), determinism by seed, save/load round trip and
 * refused files, and bad agent specs.
 */
#include "gametest.h"

#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/stats.h"
#include "gamelearn/td.h"

#include <math.h>
#include <unistd.h>

static void after(const gl_game *g, const char *moves, unsigned char *s)
{
	g->type->start(g, s);
	tg_play(g, s, moves);
}

static double value(gl_agent *a, const unsigned char *s, int role)
{
	double v = -1;
	CHECK(gl_td_value(a, s, role, &v) == 0);
	return v;
}

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* Equation 2 by hand: alpha 0.3, lambda 0.7, gamma 1, Q = 50 at first.
 * Match 1, reward 100: delta_1 = delta_2 = 0, delta_3 = 100 - 50 = 50,
 *   Q3 = 50 + .3*50 = 65, Q2 = 50 + .21*50 = 60.5, Q1 = 50 + .147*50 = 57.35.
 * Match 2, same afterstates, reward 0:
 *   delta_1 = 60.5 - 57.35 = 3.15:  Q1 += .3*3.15 = .945
 *   delta_2 = 65 - 60.5 = 4.5:      Q1 += .21*4.5 = .945, Q2 += .3*4.5 = 1.35
 *   delta_3 = 0 - 65 = -65:         Q1 += .147*-65, Q2 += .21*-65, Q3 += .3*-65
 *   Q1 = 49.685, Q2 = 48.2, Q3 = 45.5. */
static void test_update_by_hand(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = tg_agent("td", g);
	size_t ss = g->state_size;
	unsigned char *st = gl_malloc(3 * ss);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	after(g, "a1", s);
	memcpy(st, s, ss);
	after(g, "a1,a2,b1", s);
	memcpy(st + ss, s, ss);
	after(g, "a1,a2,b1,b2,c1", s);
	memcpy(st + 2 * ss, s, ss);
	CHECK(near(value(a, st, 0), 50));
	CHECK(gl_td_episode(a, st, 3, 0, 100) == 0);
	CHECK(near(value(a, st, 0), 57.35));
	CHECK(near(value(a, st + ss, 0), 60.5));
	CHECK(near(value(a, st + 2 * ss, 0), 65));
	CHECK(gl_td_episode(a, st, 3, 0, 0) == 0);
	CHECK_MSG(near(value(a, st, 0), 49.685), "%.12f", value(a, st, 0));
	CHECK_MSG(near(value(a, st + ss, 0), 48.2), "%.12f", value(a, st + ss, 0));
	CHECK_MSG(near(value(a, st + 2 * ss, 0), 45.5), "%.12f", value(a, st + 2 * ss, 0));
	/* the other role's afterstate with the same bytes is another entry */
	CHECK(near(value(a, st, 1), 50));
	size_t entries;
	gl_td_memory(a, &entries, NULL);
	CHECK(entries == 3);
	gl_agent_free(a);

	/* lambda and gamma are the agent's parameters */
	a = tg_agent("td:lambda=0.5,gamma=0.9,alpha=1", g);
	CHECK(gl_td_episode(a, st, 3, 0, 100) == 0);
	/* delta_3 = 50 at t=3; Q3 = 100, Q2 = 50 + .5*50 = 75, Q1 = 50 + .25*50
	 * ... but delta_1 = .9*50 - 50 = -5, delta_2 = -5 first: Q1 = 50 - 5 - 2.5
	 * + 12.5 = 55, Q2 = 50 - 5 + 25 = 70 */
	CHECK_MSG(near(value(a, st, 0), 55), "%.12f", value(a, st, 0));
	CHECK_MSG(near(value(a, st + ss, 0), 70), "%.12f", value(a, st + ss, 0));
	CHECK(near(value(a, st + 2 * ss, 0), 100));
	gl_agent_free(a);
	gl_free(st);
	gl_game_free(g);
}

static void test_initialisations(void)
{
	char path[64];
	snprintf(path, sizeof path, "/tmp/gl_test_td_f_%ld.txt", (long)getpid());
	gl_feature_set fs;
	gl_fset_init(&fs, 2);
	snprintf(fs.game, sizeof fs.game, "tictactoe");
	CHECK(gl_fset_add(&fs, "N(N(N),N(N,W))", 155, 2, 1) == 0); /* 77.5 */
	CHECK(gl_fset_add(&fs, "N(N(N,W))", 91, 1, 1) == 0);
	CHECK(gl_fset_add(&fs, "W", 99, 1, 1) == 0);
	gl_err err = {0};
	CHECK(gl_fset_save(&fs, path, &err) == 0);
	gl_fset_done(&fs);

	gl_game *g = tg_game("connect3");
	char spec[128];
	snprintf(spec, sizeof spec, "td:init=transfer,features=%s", path);
	gl_agent *tr = tg_agent(spec, g);
	gl_agent *la = tg_agent("td:init=lookahead", g);
	gl_agent *bl = tg_agent("td", g);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	after(g, "d,a,b", s);      /* N(N(N),N(N,W)) in connect3 */
	CHECK(near(value(tr, s, 0), 77.5));
	CHECK(near(value(la, s, 0), 50));
	CHECK(near(value(bl, s, 0), 50));
	after(g, "c,c,b", s);      /* N(N(N,W)): a fork */
	CHECK(near(value(tr, s, 0), 91));
	CHECK(near(value(la, s, 0), 100));
	after(g, "a,d,b,e,c", s);  /* X has won */
	CHECK(near(value(tr, s, 0), 99));
	CHECK(near(value(la, s, 0), 100));
	after(g, "c", s);          /* no feature: the default */
	CHECK(near(value(tr, s, 0), 50));
	/* the stored initial value then learns like any other */
	after(g, "c,c,b", s);
	CHECK(gl_td_episode(tr, s, 1, 0, 100) == 0);
	CHECK(near(value(tr, s, 0), 91 + 0.3 * 9));
	gl_agent_free(tr);
	gl_agent_free(la);
	gl_agent_free(bl);

	/* refused specs */
	CHECK(gl_agent_new("td:init=transfer", g, NULL, &err) == NULL &&
		strstr(err.msg, "features=FILE"));
	CHECK(gl_agent_new("td:init=magic", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("td:alpha=0", g, NULL, &err) == NULL && strstr(err.msg, "alpha"));
	CHECK(gl_agent_new("td:eps=2", g, NULL, &err) == NULL);
	snprintf(spec, sizeof spec, "td:init=transfer,features=%s,depth=1", path);
	CHECK(gl_agent_new(spec, g, NULL, &err) == NULL && strstr(err.msg, "depth"));
	remove(path);
	snprintf(spec, sizeof spec, "td:init=transfer,features=%s", path);
	CHECK(gl_agent_new(spec, g, NULL, &err) == NULL);
	gl_game_free(g);
	g = tg_game("npuzzle");
	CHECK(gl_agent_new("td", g, NULL, &err) == NULL && strstr(err.msg, "two-player"));
	gl_game_free(g);
}

/* Whether agent a, its rng seeded 1..20 in turn, always plays the move of s
 * that wins at once for player 0. */
static bool always_wins_at_once(gl_agent *a, const gl_game *g, const unsigned char *s)
{
	bool all = true;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		gl_err err = {0};
		gl_action m;
		gl_rng_seed(&a->rng, seed);
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		GL_STATE_ALIGN unsigned char c[T_STATE_MAX];
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, m);
		int goals[GL_PLAYERS_MAX];
		bool won = g->type->terminal(g, c) && (g->type->goals(g, c, goals), goals[0] == 100);
		all &= won;
	}
	return all;
}

/* init_at: with choose, a lookahead learner values a winning option at 100
 * before it ever played it; with update (the paper's literal reading) it
 * has no Q until the update after a match that visited it, so it chooses
 * among equal defaults, and after that update it knows. */
static void test_init_at(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *ch = tg_agent("td:init=lookahead,eps=0", g);
	gl_agent *up = tg_agent("td:init=lookahead,init_at=update,eps=0", g);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX], w[T_STATE_MAX];
	after(g, "a1,b1,a2,b2", s); /* X to move: a3 wins */
	CHECK(always_wins_at_once(ch, g, s));
	CHECK(!always_wins_at_once(up, g, s));
	after(g, "a1,b1,a2,b2,a3", w);
	CHECK(gl_td_episode(up, w, 1, 0, 100) == 0);
	CHECK(near(value(up, w, 0), 100));
	CHECK(always_wins_at_once(up, g, s));
	gl_err err = {0};
	CHECK(gl_agent_new("td:init_at=later", g, NULL, &err) == NULL && strstr(err.msg, "init_at"));
	gl_agent_free(ch);
	gl_agent_free(up);
	gl_game_free(g);
}

/* Train learner (player 0) for n matches against opp from seed; tally the
 * last `tail` matches into st. */
static void train(const gl_game *g, gl_agent *learner, gl_agent *opp, int n, int tail,
	uint64_t seed, gl_stats *st)
{
	gl_agent *seats[2] = {learner, opp};
	gl_match m;
	gl_match_init(&m);
	gl_err err = {0};
	for (int k = 0; k < n; k++) {
		CHECK(gl_match_play(g, seats, gl_mix64(seed + (uint64_t)k), &m, &err) == 0);
		if (st && k >= n - tail)
			gl_stats_add(st, m.goals[0], gl_result_of(m.goals, 2, 0));
	}
	gl_match_done(&m);
}

static void test_learns_tictactoe(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = tg_agent("td", g), *r = tg_agent("random", g);
	gl_stats st;
	gl_stats_init(&st);
	/* 3000 matches of learning, then 1000 more (still learning, eps 0.01) */
	train(g, a, r, 4000, 1000, 42, &st);
	double mean = gl_stats_mean(&st), lost = (double)st.losses / (double)st.n;
	printf("tictactoe td vs random after 3000 matches: mean %.2f, losses %.2f%%\n",
		mean, 100 * lost);
	CHECK_MSG(mean >= 90, "mean %.2f", mean);
	CHECK_MSG(lost < 0.02, "losses %.2f%%", 100 * lost);
	gl_agent_free(a);
	gl_agent_free(r);
	gl_game_free(g);
}

static char *slurp(const char *path)
{
	char *text = NULL;
	gl_err err = {0};
	CHECK(gl_read_file(path, 1 << 26, &text, NULL, &err) == 0);
	return text;
}

static void test_save_load(void)
{
	char p1[64], p2[64], p3[64];
	snprintf(p1, sizeof p1, "/tmp/gl_test_td_1_%ld.txt", (long)getpid());
	snprintf(p2, sizeof p2, "/tmp/gl_test_td_2_%ld.txt", (long)getpid());
	snprintf(p3, sizeof p3, "/tmp/gl_test_td_3_%ld.txt", (long)getpid());
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = tg_agent("td:init=lookahead", g), *b = tg_agent("td:init=lookahead", g);
	gl_agent *e = tg_agent("egreedy", g);
	train(g, a, e, 300, 0, 7, NULL);
	train(g, b, e, 300, 0, 7, NULL);
	gl_err err = {0};
	CHECK(a->type->save(a, p1, &err) == 0);
	CHECK(b->type->save(b, p2, &err) == 0);
	char *t1 = slurp(p1), *t2 = slurp(p2);
	CHECK(t1 && t2 && !strcmp(t1, t2)); /* same seed, same learning */
	gl_free(t2);
	/* load into a fresh agent, save again: the same text */
	gl_agent *c = tg_agent("td:init=lookahead", g);
	CHECK(c->type->load(c, p1, &err) == 0);
	CHECK(c->type->save(c, p2, &err) == 0);
	t2 = slurp(p2);
	CHECK(t1 && t2 && !strcmp(t1, t2));
	gl_free(t2);
	/* and it goes on exactly as the original would */
	gl_stats sa, sc;
	gl_stats_init(&sa);
	gl_stats_init(&sc);
	train(g, a, e, 200, 200, 99, &sa);
	train(g, c, e, 200, 200, 99, &sc);
	CHECK(sa.sum == sc.sum && sa.wins == sc.wins && sa.losses == sc.losses);

	/* refused: another game's table, a truncated file, a bad line */
	gl_game *g2 = tg_game("connect3");
	gl_agent *d = tg_agent("td", g2);
	CHECK(d->type->load(d, p1, &err) == GL_EINVAL && strstr(err.msg, ":2:") &&
		strstr(err.msg, "tictactoe") && strstr(err.msg, "connect"));
	size_t len = strlen(t1);
	gl_write_atomic(p3, t1, len * 2 / 3, &err);
	CHECK(c->type->load(c, p3, &err) == GL_EPARSE);
	char *bad = gl_strdup(t1);
	char *line5 = bad;
	for (int i = 0; i < 5; i++)
		line5 = strchr(line5, '\n') + 1;
	line5[0] = 'x';
	gl_write_atomic(p3, bad, len, &err);
	CHECK(c->type->load(c, p3, &err) == GL_EPARSE && strstr(err.msg, ":6:"));
	gl_write_atomic(p3, "hello\n", 6, &err);
	CHECK(c->type->load(c, p3, &err) == GL_EPARSE && strstr(err.msg, ":1:"));
	/* a refused load leaves the table as it was */
	CHECK(c->type->save(c, p2, &err) == 0);
	gl_free(bad);
	gl_free(t1);
	remove(p1);
	remove(p2);
	remove(p3);
	gl_agent_free(a);
	gl_agent_free(b);
	gl_agent_free(c);
	gl_agent_free(d);
	gl_agent_free(e);
	gl_game_free(g);
	gl_game_free(g2);
}

/* Every game of the issue, both seats: the learner plays through game.h
 * alone and learns to beat random at connect3. */
static void test_games(void)
{
	static const char *const games[] = {"connect3", "capturego", "othello4", "hex:size=3"};
	for (int i = 0; i < 4; i++) {
		gl_game *g = tg_game(games[i]);
		gl_agent *a = tg_agent("td:init=lookahead", g), *r = tg_agent("random", g);
		gl_agent *seats[2] = {r, a};
		gl_match m;
		gl_match_init(&m);
		gl_err err = {0};
		for (int k = 0; k < 50; k++)
			CHECK(gl_match_play(g, seats, (uint64_t)k, &m, &err) == 0);
		size_t entries, bytes;
		gl_td_memory(a, &entries, &bytes);
		CHECK(entries > 0 && bytes > entries * g->state_size);
		gl_match_done(&m);
		gl_agent_free(a);
		gl_agent_free(r);
		gl_game_free(g);
	}
}

/* A failed allocation is an error, never a crash or a leak: in making the
 * agent, and when the table cannot grow during play. */
static void test_out_of_memory(void)
{
	gl_game *g = tg_game("connect3");
	gl_err err = {0};
	int refused = 0;
	for (long n = 0; n < 10; n++) {
		gl_alloc_fail_after(n);
		gl_agent *a = gl_agent_new("td:init=lookahead", g, NULL, &err);
		gl_alloc_fail_after(-1);
		refused += a == NULL;
		gl_agent_free(a);
	}
	CHECK(refused >= 5);
	gl_agent *a = tg_agent("td:init=lookahead", g), *r = tg_agent("random", g);
	gl_agent *seats[2] = {a, r};
	gl_alloc_fail_after(0);
	int rc = 0, k;
	for (k = 0; k < 3000 && !rc; k++)
		rc = gl_match_play(g, seats, (uint64_t)k, NULL, &err);
	gl_alloc_fail_after(-1);
	CHECK_MSG(rc == GL_ENOMEM, "rc %d after %d matches", rc, k);
	/* and it plays on once memory is back */
	CHECK(gl_match_play(g, seats, 12345, NULL, &err) == 0);
	gl_agent_free(a);
	gl_agent_free(r);
	gl_game_free(g);
}

int main(void)
{
	test_update_by_hand();
	test_initialisations();
	test_init_at();
	test_learns_tictactoe();
	test_save_load();
	test_games();
	test_out_of_memory();
	return test_report();
}
