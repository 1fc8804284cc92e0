/*
 * test_martens.c - Martens' machine (Martens 1959, Note I, 1.3-1.4): each
 * rule fires on a crafted memory and board with the paper's tie-breaks;
 * admissibility with and without symmetries (and with two tiers); a
 * failed rule-1 win invalidates exactly its transformation, and a failed
 * identity erases the memory; the memory record rules over many plays;
 * save/load round trip and corrupt files refused; the machine's choices
 * never touch the game's terminal test, goals or evaluation; and it stops
 * losing to `perfect` within a bound on every seed.
 *
 * Boards are tic-tac-toe, cells 0..8 row by row; crafted memories are
 * written in the save format into a temporary folder.
 */
#include "gametest.h"

#include "gamelearn/agent.h"
#include "gamelearn/martens.h"
#include "gamelearn/stats.h"

#include <stdarg.h>
#include <unistd.h>

static char tmpdir[64];

/* Write a tic-tac-toe memory file holding the given entry lines. */
static const char *memfile(const char *name, const char *entries)
{
	static char path[128];
	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "gamelearn-martens 1\ngame tictactoe\nboard 3 3\nerasures 0\nplays 0\n"
		"invalid\nregister5\nregister6\n%send\n", entries);
	fclose(f);
	return path;
}

/* Play cell ids (-1 ends) from the start into s. */
static void board(const gl_game *g, void *s, const int *cells)
{
	g->type->start(g, s);
	for (; *cells >= 0; cells++)
		g->type->apply(g, s, *cells);
}

/* Load mem into a fresh machine (spec) and let it choose in the position
 * reached by cells; check the move and the rule (and transformation if
 * trans >= 0). */
static void expect_choice(const char *spec, const char *entries, const int *cells,
	int move, int rule, int trans, const char *what)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = tg_agent(spec, g);
	gl_err err = {0};
	CHECK_MSG(a->type->load(a, memfile("m.txt", entries), &err) == 0, "%s", err.msg);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	board(g, s, cells);
	a->role = g->type->to_move(g, s);
	a->type->begin(a, &err);
	gl_action m = -1;
	CHECK(a->type->choose(a, s, &m, &err) == 0);
	gl_martens_info info;
	gl_martens_info_get(a, &info);
	CHECK_MSG(m == move && info.last_rule == rule && (trans < 0 || info.last_trans == trans),
		"%s: move %d rule %d trans %d, want move %d rule %d trans %d", what, (int)m,
		info.last_rule, info.last_trans, move, rule, trans);
	gl_agent_free(a);
	gl_game_free(g);
}

static void test_rules(void)
{
	/* rule 1, identity: X 0,1 O 3,4 and a won XXX/OO./... */
	expect_choice("martens", "won XXX/OO./...\n", (int[]){0, 3, 1, 4, -1}, 2, 1, 0,
		"rule 1 identity");
	/* rule 1 through the main diagonal: won X at 0,3,7, O at 1,4 */
	expect_choice("martens", "won XO./XO./.X.\n", (int[]){0, 3, 1, 4, -1}, 5, 1, 6,
		"rule 1 transposed");
	/* rule 1 is not applied through a transformation recorded invalid */
	expect_choice("martens:invalid=d", "won XO./XO./.X.\n", (int[]){0, 3, 1, 4, -1}, 2, 5, -1,
		"rule 1, d invalid");
	/* rule 2: X 0,2 O 4,8; a won top row is completed by 1 */
	expect_choice("martens", "won XXX/OO./...\n", (int[]){0, 4, 2, 8, -1}, 1, 2, -1,
		"rule 2");
	/* rule 2 tie-break: the last memory entry decides (won right column: 5) */
	expect_choice("martens", "won X../.X./OO.\nwon .X./.X./OO.\n", (int[]){4, 8, -1},
		1, 2, -1, "rule 2 last entry");
	expect_choice("martens", "won .X./.X./OO.\nwon X../.X./OO.\n", (int[]){4, 8, -1},
		0, 2, -1, "rule 2 last entry, swapped");
	/* rule 3: imitate the opponent's top row of a lost play */
	expect_choice("martens", "hopeless 2 OOO/XX./...\n", (int[]){0, 4, 2, 8, -1}, 1, 3, -1,
		"rule 3");
	/* rule 4: the machine (second) blocks the diagonal it lost to; 2 is
	 * inadmissible (the opponent would complete the hopeless board) */
	expect_choice("martens", "hopeless 2 OXX/.O./..O\n", (int[]){0, 1, 4, -1}, 8, 4, -1,
		"rule 4");
	/* the early order puts blocking second: same board, won entries too */
	expect_choice("martens:variant=early", "hopeless 2 OXX/.O./..O\nwon .X./.../OX.\n",
		(int[]){0, 1, 4, -1}, 8, 2, -1, "early rule 2 (block)");
	expect_choice("martens", "hopeless 2 OXX/.O./..O\nwon .X./.../OX.\n",
		(int[]){0, 1, 4, -1}, 7, 2, -1, "final rule 2 before blocking");
	/* early rule 3: M_i X within T X_w (X at 1; won X 1,4,7 gives 4) */
	expect_choice("martens:variant=early", "won .X./.X./OX.\n", (int[]){0, 1, 3, -1},
		4, 3, -1, "early rule 3");
	/* rule 5 with an empty memory: the lowest admissible move */
	expect_choice("martens", "", (int[]){-1}, 0, 5, -1, "rule 5");
}

/* Four hopeless boards that, with the diagonal symmetry, make every move
 * of X 0 / O 4 inadmissible. */
static const char *const cover =
	"hopeless 2 XXO/.O./...\n"
	"hopeless 2 XOX/.O./...\n"
	"hopeless 2 XO./.OX/...\n"
	"hopeless 2 XO./.O./..X\n";

static void test_admissible(void)
{
	/* with all symmetries nothing is admissible: rule 6, lowest clear */
	expect_choice("martens", cover, (int[]){0, 4, -1}, 1, 6, -1, "rule 6");
	/* without the diagonal, 3 and 7 are admissible (6 falls to r270 of
	 * the second board); rule 4 blocks at 3 (a hopeless O at 4,1 turned) */
	expect_choice("martens:invalid=d", cover, (int[]){0, 4, -1}, 3, 4, -1, "no d: rule 4");
	/* two tiers: the exact criterion (identity only) leaves 3 6 7 */
	expect_choice("martens:tiers=2", cover, (int[]){0, 4, -1}, 3, 4, -1, "tiers=2");

	gl_game *g = tg_game("tictactoe");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_err err = {0};
	gl_martens_info info;
	gl_action m;
	static const char *const specs[] = {"martens", "martens:invalid=d", "martens:tiers=2"};
	static const int adm[] = {0, 2, 3}, hop[] = {5, 4, 5}, exact[] = {4, 4, 4};
	for (int k = 0; k < 3; k++) {
		gl_agent *a = tg_agent(specs[k], g);
		CHECK(a->type->load(a, memfile("m.txt", cover), &err) == 0);
		board(g, s, (int[]){0, 4, -1});
		a->role = 0;
		a->type->begin(a, &err);
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		gl_martens_info_get(a, &info);
		/* the present board is recorded hopeless (tier 1) when no move is admissible */
		CHECK_MSG(info.admissible == adm[k] && info.hopeless == hop[k] &&
			info.hopeless_exact == exact[k], "%s: admissible %d hopeless %d exact %d",
			specs[k], info.admissible, info.hopeless, info.hopeless_exact);
		gl_agent_free(a);
	}
	gl_game_free(g);
}

/* A scripted play: the machine (role) against fixed replies (the lowest
 * legal move when the script runs out); returns the machine's result. */
static int drive(gl_agent *a, const gl_game *g, int role, const int *script, int *last_rule)
{
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_err err = {0};
	g->type->start(g, s);
	a->role = role;
	a->type->begin(a, &err);
	while (!g->type->terminal(g, s)) {
		gl_action m, legal[T_LEGAL_MAX];
		int n = g->type->legal(g, s, legal);
		if (g->type->to_move(g, s) == role) {
			if (a->type->choose(a, s, &m, &err))
				return -9;
		} else {
			m = legal[0];
			if (script && *script >= 0) {
				for (int i = 0; i < n; i++)
					if (legal[i] == *script)
						m = *script;
				script++;
			}
		}
		g->type->apply(g, s, m);
	}
	gl_martens_info info;
	gl_martens_info_get(a, &info);
	if (last_rule)
		*last_rule = info.last_rule;
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	a->type->end(a, s, goals);
	return gl_result_of(goals, 2, role);
}

static void test_invalidation(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_err err = {0};
	gl_martens_info info;
	/* a "won" board seen through d that is no win: X 0,1 then 5 */
	gl_agent *a = tg_agent("martens", g);
	CHECK(a->type->load(a, memfile("m.txt", "won XO./XO./.X.\n"), &err) == 0);
	int rule;
	drive(a, g, 0, (int[]){3, 4, 2, -1}, &rule);
	gl_martens_info_get(a, &info);
	CHECK_MSG(info.invalid == 1u << 6, "invalid %#x, want d only", info.invalid);
	CHECK(info.erasures == 0);
	gl_agent_free(a);

	/* the identity found invalid: a special output, the memory erased */
	a = tg_agent("martens:invalid=mh", g);
	CHECK(a->type->load(a, memfile("m.txt", "won XX./OO./.X.\nhopeless 2 OOO/XX./...\n"),
		&err) == 0);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	/* X 0,1 O 3,4 and X to move: X at 7 repeats the "won" board exactly */
	board(g, s, (int[]){0, 3, 1, 4, -1});
	a->role = 0;
	a->type->begin(a, &err);
	gl_action m;
	CHECK(a->type->choose(a, s, &m, &err) == 0);
	gl_martens_info_get(a, &info);
	CHECK(m == 7 && info.last_rule == 1 && info.last_trans == 0);
	g->type->apply(g, s, 7);
	int goals[2] = {50, 50};
	a->type->end(a, s, goals);
	gl_martens_info_get(a, &info);
	CHECK_MSG(info.erasures == 1 && info.won == 0 && info.hopeless == 0 &&
		info.invalid == 1u << 4, "erasures %d won %d hopeless %d invalid %#x",
		info.erasures, info.won, info.hopeless, info.invalid);
	gl_agent_free(a);
	gl_game_free(g);
}

/* Section 1.4 over many plays against random, either side. */
static void test_record_rules(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = tg_agent("martens", g);
	gl_agent *r = tg_agent("random", g);
	gl_err err = {0};
	int bad = 0, wins = 0, losses = 0, r1 = 0, r6 = 0;
	for (int k = 0; k < 400; k++) {
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		int role = k & 1;
		a->role = role;
		r->role = 1 - role;
		gl_rng_split(&r->rng, 77, (uint64_t)k);
		a->type->begin(a, &err);
		g->type->start(g, s);
		while (!g->type->terminal(g, s)) {
			gl_action m;
			gl_agent *who = g->type->to_move(g, s) == role ? a : r;
			who->type->choose(who, s, &m, &err);
			g->type->apply(g, s, m);
		}
		gl_martens_info before, after;
		gl_martens_info_get(a, &before);
		int goals[2];
		g->type->goals(g, s, goals);
		int res = gl_result_of(goals, 2, role);
		a->type->end(a, s, goals);
		gl_martens_info_get(a, &after);
		int dw = after.won - before.won, dh = after.hopeless - before.hopeless;
		int rule = before.last_rule;
		r1 += rule == 1;
		r6 += rule == 6;
		wins += res > 0;
		losses += res < 0;
		if (res > 0 && (dw != (rule != 1) || dh))
			bad++;
		if (res == 0 && (dw || dh))
			bad++;
		if (res < 0 && (dw || (rule == 6 && dh) || (rule != 6 && rule != 1 && dh != 1)))
			bad++;
	}
	CHECK_MSG(bad == 0, "%d plays broke the record rules", bad);
	CHECK(wins > 50 && losses > 5 && r1 > 5 && r6 > 0);
	gl_agent_free(a);
	gl_agent_free(r);
	gl_game_free(g);
}

/* The game's terminal test, goals and evaluation, counted. */
static const gl_game_type *real_type;
static int spy_calls;

static bool spy_terminal(const gl_game *g, const void *s)
{
	spy_calls++;
	return real_type->terminal(g, s);
}

static void spy_goals(const gl_game *g, const void *s, int *goals)
{
	spy_calls++;
	real_type->goals(g, s, goals);
}

static int spy_evaluate(const gl_game *g, const void *s)
{
	spy_calls++;
	return real_type->evaluate(g, s);
}

static void test_blind(void)
{
	gl_game *g = tg_game("tictactoe");
	real_type = g->type;
	gl_game_type spy = *g->type;
	spy.terminal = spy_terminal;
	spy.goals = spy_goals;
	spy.evaluate = spy_evaluate;
	gl_game g2 = *g;
	g2.type = &spy;
	gl_agent *a = tg_agent("martens", &g2);
	gl_agent *r = tg_agent("random", g);
	gl_err err = {0};
	int calls = 0;
	for (int k = 0; k < 200; k++) {
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		int role = k & 1;
		a->role = role;
		gl_rng_split(&r->rng, 5, (uint64_t)k);
		a->type->begin(a, &err);
		g->type->start(g, s);
		while (!g->type->terminal(g, s)) {
			gl_action m;
			if (g->type->to_move(g, s) == role) {
				spy_calls = 0;
				a->type->choose(a, s, &m, &err);
				calls += spy_calls;
			} else {
				r->type->choose(r, s, &m, &err);
			}
			g->type->apply(g, s, m);
		}
		int goals[2];
		g->type->goals(g, s, goals);
		spy_calls = 0;
		a->type->end(a, s, goals);
		calls += spy_calls;
	}
	CHECK_MSG(calls == 0, "the machine called terminal/goals/evaluate %d times", calls);
	gl_agent_free(a);
	gl_agent_free(r);
	gl_game_free(g);
}

static bool same_file(const char *p, const char *q)
{
	char a[1 << 16], b[1 << 16];
	FILE *f = fopen(p, "r"), *h = fopen(q, "r");
	if (!f || !h)
		return false;
	size_t na = fread(a, 1, sizeof a, f), nb = fread(b, 1, sizeof b, h);
	fclose(f);
	fclose(h);
	return na == nb && !memcmp(a, b, na);
}

static void expect_refused(const gl_game *g, const char *text, const char *fragment)
{
	char path[128];
	snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	gl_agent *a = tg_agent("martens", g);
	gl_err err = {0};
	int rc = a->type->load(a, path, &err);
	CHECK_MSG(rc != 0 && strstr(err.msg, fragment) && strstr(err.msg, path),
		"load of a bad file: rc %d msg '%s', want '%s'", rc, err.msg, fragment);
	gl_martens_info info;
	gl_martens_info_get(a, &info);
	CHECK(info.won == 0 && info.hopeless == 0);
	gl_agent_free(a);
}

static void test_save_load(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = tg_agent("martens", g), *p = tg_agent("perfect:tt=1", g);
	gl_err err = {0};
	for (int k = 0; k < 150; k++) {
		gl_agent *seats[2] = {p, a};
		CHECK(gl_match_play(g, seats, (uint64_t)k, NULL, &err) == 0);
	}
	char p1[128], p2[128];
	snprintf(p1, sizeof p1, "%s/a.txt", tmpdir);
	snprintf(p2, sizeof p2, "%s/b.txt", tmpdir);
	CHECK(a->type->save(a, p1, &err) == 0);
	gl_agent *b = tg_agent("martens", g);
	CHECK_MSG(b->type->load(b, p1, &err) == 0, "%s", err.msg);
	CHECK(b->type->save(b, p2, &err) == 0);
	CHECK(same_file(p1, p2));
	/* the loaded machine plays on exactly as the original */
	int same = 1;
	for (int k = 0; k < 50; k++) {
		gl_match m1, m2;
		gl_match_init(&m1);
		gl_match_init(&m2);
		gl_agent *s1[2] = {p, a}, *s2[2] = {p, b};
		gl_match_play(g, s1, 1000u + (uint64_t)k, &m1, &err);
		gl_match_play(g, s2, 1000u + (uint64_t)k, &m2, &err);
		same &= m1.nmoves == m2.nmoves &&
			!memcmp(m1.moves, m2.moves, sizeof *m1.moves * (size_t)m1.nmoves);
		gl_match_done(&m1);
		gl_match_done(&m2);
	}
	CHECK(same);
	/* load=,save= through the spec: a missing file equal to save starts empty */
	char spec[300];
	snprintf(spec, sizeof spec, "martens:load=%s/c.txt,save=%s/c.txt", tmpdir, tmpdir);
	gl_agent *c = tg_agent(spec, g);
	gl_agent *s3[2] = {p, c};
	CHECK(gl_match_play(g, s3, 1, NULL, &err) == 0);
	gl_agent_free(c);
	c = tg_agent(spec, g);
	gl_martens_info info;
	gl_martens_info_get(c, &info);
	CHECK(info.plays == 1);
	gl_agent_free(c);

	expect_refused(g, "gamelearn-martens 1\ngame tictactoe\nboard 3 3\nwon XXX/OO./...\n",
		"truncated");
	expect_refused(g, "gamelearn-martens 1\ngame tictactoe\nboard 3 3\nwon XXX/OQ./...\nend\n",
		":4: bad configuration");
	expect_refused(g, "gamelearn-martens 1\ngame tictactoe\nboard 3 3\nwon XXX/OO/...\nend\n",
		":4: bad configuration");
	expect_refused(g, "gamelearn-martens 1\ngame hex:size=3\nboard 3 3\nend\n",
		":2: memory saved for game 'hex:size=3'");
	expect_refused(g, "gamelearn-td 1\n", ":1: not a martens memory");
	expect_refused(g, "gamelearn-martens 1\ngame tictactoe\nboard 3 3\ninvalid r45\nend\n",
		"unknown transformation 'r45'");
	expect_refused(g, "gamelearn-martens 1\ngame tictactoe\nboard 3 3\nhopeless 3 ...\nend\n",
		":4: hopeless needs tier");
	gl_agent_free(a);
	gl_agent_free(b);
	gl_agent_free(p);
	gl_game_free(g);
}

static void test_supports(void)
{
	static const char *const bad[] = {"connect4", "othello4", "nim", "capturego:size=3"};
	for (int i = 0; i < 4; i++) {
		gl_game *g = tg_game(bad[i]);
		gl_err err = {0};
		gl_agent *a = gl_agent_new("martens", g, NULL, &err);
		CHECK_MSG(!a && strstr(err.msg, "conditions (A) and (B)"), "%s: %s", bad[i], err.msg);
		gl_agent_free(a);
		gl_game_free(g);
	}
	static const char *const good[] = {"tictactoe", "hex:size=3", "hex:size=5", "hex:size=11"};
	for (int i = 0; i < 4; i++) {
		gl_game *g = tg_game(good[i]);
		gl_agent *a = tg_agent("martens", g), *r = tg_agent("random", g);
		gl_err err = {0};
		for (int k = 0; k < 5; k++) {
			gl_agent *seats[2] = {a, r};
			CHECK_MSG(gl_match_play(g, seats, (uint64_t)k, NULL, &err) == 0, "%s: %s",
				good[i], err.msg);
		}
		gl_agent_free(a);
		gl_agent_free(r);
		gl_game_free(g);
	}
	gl_game *g = tg_game("tictactoe");
	gl_err err = {0};
	CHECK(!gl_agent_new("martens:variant=late", g, NULL, &err) && strstr(err.msg, "variant"));
	CHECK(!gl_agent_new("martens:invalid=id", g, NULL, &err) && strstr(err.msg, "identity"));
	gl_game_free(g);
}

/* 2.1: an upper limit on the losses: against perfect, from nothing, every
 * seed reaches 100 plays in a row without a loss within the bound. */
static void test_stops_losing(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *p = tg_agent("perfect:tt=1", g);
	gl_err err = {0};
	for (int first = 0; first < 2; first++) {
		int worst = 0, worst_plays = 0;
		for (uint64_t seed = 1; seed <= 10; seed++) {
			gl_agent *a = tg_agent("martens", g);
			int since = 0, losses = 0, k, stop_losses = -1;
			for (k = 0; k < 1500 && since < 100; k++) {
				gl_agent *seats[2];
				seats[first] = a;
				seats[1 - first] = p;
				gl_match m;
				gl_match_init(&m);
				CHECK(gl_match_play(g, seats, seed * 100003u + (uint64_t)k, &m, &err) == 0);
				if (gl_result_of(m.goals, 2, first) < 0) {
					losses++;
					since = 0;
				} else {
					since++;
				}
				gl_match_done(&m);
			}
			if (since >= 100)
				stop_losses = losses;
			CHECK_MSG(stop_losses >= 0 && stop_losses <= 120,
				"machine %s, seed %d: %d losses, %d plays", first ? "second" : "first",
				(int)seed, losses, k);
			worst = losses > worst ? losses : worst;
			worst_plays = k > worst_plays ? k : worst_plays;
			gl_agent_free(a);
		}
		printf("machine %s: at most %d losses, %d plays, until 100 plays without one\n",
			first ? "second" : "first", worst, worst_plays);
	}
	gl_agent_free(p);
	gl_game_free(g);
}

int main(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/test_martens.%d", (int)getpid());
	char cmd[160];
	snprintf(cmd, sizeof cmd, "mkdir -p %s", tmpdir);
	if (system(cmd))
		return 1;
	test_rules();
	test_admissible();
	test_invalidation();
	test_record_rules();
	test_blind();
	test_save_load();
	test_supports();
	test_stops_losing();
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return test_report();
}
