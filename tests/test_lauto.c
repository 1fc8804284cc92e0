/*
 * test_lauto.c - Martens' L-automaton (Martens 1959, Note II, section 5):
 * the alphabetically first admissible output; the memory record rules on
 * crafted plays (highest evaluation never listed, lower ones listed, a
 * configuration without admissible output listed with the evaluation of
 * the output chosen and lowered later); eval=misere; save/load round trip
 * and corrupt files refused; and L-behaviour: the number of mistakes,
 * judged exactly against what the opponent can reply, stops growing under
 * both the normal and the misere evaluation.
 */
#include "gametest.h"

#include "gamelearn/agent.h"
#include "gamelearn/martens.h"
#include "gamelearn/stats.h"

#include <unistd.h>

static char tmpdir[64];

/* One play of the automaton (role) against scripted replies (the lowest
 * legal move once the script runs out). Returns the automaton's moves in
 * order (up to 8) into mine; result for the automaton. */
static int drive(gl_agent *a, const gl_game *g, int role, const int *script, int *mine)
{
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_err err = {0};
	g->type->start(g, s);
	a->role = role;
	a->type->begin(a, &err);
	int nm = 0;
	while (!g->type->terminal(g, s)) {
		gl_action m, legal[T_LEGAL_MAX];
		int n = g->type->legal(g, s, legal), who = g->type->to_move(g, s);
		if (who == role) {
			if (a->type->choose(a, s, &m, &err))
				return -9;
			if (nm < 8)
				mine[nm++] = m;
		} else {
			m = legal[0];
			if (script && *script >= 0) {
				for (int i = 0; i < n; i++)
					if (legal[i] == *script)
						m = *script;
				script++;
			}
		}
		a->type->observe(a, s, who, m);
		g->type->apply(g, s, m);
	}
	for (int i = nm; i < 8; i++)
		mine[i] = -1;
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	a->type->end(a, s, goals);
	return gl_result_of(goals, 2, role);
}

static void test_record_rules(void)
{
	gl_game *g = tg_game("tictactoe");
	int mine[8];
	/* a win (the highest evaluation) is never listed */
	gl_agent *a = tg_agent("lauto", g);
	CHECK(drive(a, g, 0, (int[]){3, 4, -1}, mine) == 1);
	CHECK(mine[0] == 0 && mine[1] == 1 && mine[2] == 2); /* alphabetically first */
	CHECK(gl_lauto_size(a) == 0);
	gl_agent_free(a);

	/* under misere the same play is the lowest evaluation: listed, and the
	 * completing output is then inadmissible */
	a = tg_agent("lauto:eval=misere", g);
	CHECK(drive(a, g, 0, (int[]){3, 4, -1}, mine) == 1);
	CHECK(gl_lauto_size(a) == 1);
	drive(a, g, 0, (int[]){3, 4, -1}, mine);
	CHECK_MSG(mine[2] == 5, "misere: third move %d, want 5", mine[2]);
	gl_agent_free(a);

	/* a loss on the opponent's move lists the play up to the automaton's
	 * last output (left column: <0 >1 <3 >2 <6) */
	a = tg_agent("lauto", g);
	CHECK(drive(a, g, 1, (int[]){0, 3, 6, -1}, mine) == -1);
	CHECK(mine[0] == 1 && mine[1] == 2 && gl_lauto_size(a) == 1);
	drive(a, g, 1, (int[]){0, 3, 6, -1}, mine);
	CHECK_MSG(mine[0] == 1 && mine[1] == 4, "after the loss: %d %d, want 1 4", mine[0], mine[1]);
	gl_agent_free(a);
	gl_game_free(g);
}

/* Build one memory line "e EV SYM..." from cell moves, '>' for the
 * automaton (role) and '<' for the opponent. */
static void estring_line(const gl_game *g, int role, const int *cells, int ev, FILE *f)
{
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	fprintf(f, "e %d", ev);
	for (; *cells >= 0; cells++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, *cells, mt, sizeof mt);
		fprintf(f, " %c%s", g->type->to_move(g, s) == role ? '>' : '<', mt);
		g->type->apply(g, s, *cells);
	}
	fprintf(f, "\n");
}

/* The evaluation of the listed e-string given by cells, or -1. */
static int listed_eval(const gl_agent *a, const gl_game *g, int role, const int *cells)
{
	char want[256] = "";
	size_t len = 0;
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	for (; *cells >= 0; cells++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, *cells, mt, sizeof mt);
		len += (size_t)snprintf(want + len, sizeof want - len, " %c%s",
			g->type->to_move(g, s) == role ? '>' : '<', mt);
		g->type->apply(g, s, *cells);
	}
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_lauto_describe(a, &sb, -1);
	int ev = -1;
	for (char *line = strchr(sb.buf, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		int e, off;
		if (sscanf(line + 1, "%d %n", &e, &off) == 1 && !strncmp(line + 1 + off, want + 1,
			strlen(want + 1)) && (line[1 + off + strlen(want + 1)] == '\n'))
			ev = e;
	}
	gl_strbuf_done(&sb);
	return ev;
}

static void test_no_admissible(void)
{
	gl_game *g = tg_game("tictactoe");
	char path[128];
	snprintf(path, sizeof path, "%s/mem.txt", tmpdir);
	FILE *f = fopen(path, "w");
	fprintf(f, "gamelearn-lauto 1\ngame tictactoe\neval normal\nplays 0\n");
	/* at <0 >1 <3 every output is listed: 4 and 5 with 50, the rest 0 */
	static const int outs[] = {2, 4, 5, 6, 7, 8}, evs[] = {0, 50, 50, 0, 0, 0};
	for (int i = 0; i < 6; i++)
		estring_line(g, 1, (int[]){0, 1, 3, outs[i], -1}, evs[i], f);
	/* at <0 >1 <4 every output is listed with 0 */
	static const int outs2[] = {2, 3, 5, 6, 7, 8};
	for (int i = 0; i < 6; i++)
		estring_line(g, 1, (int[]){0, 1, 4, outs2[i], -1}, 0, f);
	fprintf(f, "end\n");
	fclose(f);
	gl_agent *a = tg_agent("lauto", g);
	gl_err err = {0};
	CHECK_MSG(a->type->load(a, path, &err) == 0, "%s", err.msg);
	CHECK(gl_lauto_size(a) == 12);
	int mine[8];
	/* the first of the highest: 4; <0 >1 listed with 50 */
	drive(a, g, 1, (int[]){0, 3, -1}, mine);
	CHECK_MSG(mine[0] == 1 && mine[1] == 4, "chose %d %d, want 1 4", mine[0], mine[1]);
	CHECK_MSG(listed_eval(a, g, 1, (int[]){0, 1, -1}) == 50, "<0 >1 listed with %d",
		listed_eval(a, g, 1, (int[]){0, 1, -1}));
	/* and the automaton now avoids 1 after <0 */
	drive(a, g, 1, (int[]){0, -1}, mine);
	CHECK(mine[0] == 2);
	gl_agent_free(a);

	/* at <0 every output listed, 1 the highest (50); at <0 >1 <4 every
	 * output listed with 0: the entry <0 >1 is lowered to 0 */
	f = fopen(path, "w");
	fprintf(f, "gamelearn-lauto 1\ngame tictactoe\neval normal\nplays 0\n");
	for (int k = 1; k < 9; k++)
		estring_line(g, 1, (int[]){0, k, -1}, k == 1 ? 50 : 0, f);
	for (int i = 0; i < 6; i++)
		estring_line(g, 1, (int[]){0, 1, 4, outs2[i], -1}, 0, f);
	fprintf(f, "end\n");
	fclose(f);
	a = tg_agent("lauto", g);
	CHECK_MSG(a->type->load(a, path, &err) == 0, "%s", err.msg);
	drive(a, g, 1, (int[]){0, 4, -1}, mine);
	CHECK_MSG(mine[0] == 1 && mine[1] == 2, "chose %d %d, want 1 2", mine[0], mine[1]);
	CHECK_MSG(listed_eval(a, g, 1, (int[]){0, 1, -1}) == 0, "<0 >1 lowered to %d",
		listed_eval(a, g, 1, (int[]){0, 1, -1}));
	CHECK(gl_lauto_size(a) >= 14);
	gl_agent_free(a);
	gl_game_free(g);
}

static void expect_refused(const gl_game *g, const char *spec, const char *text,
	const char *fragment)
{
	char path[128];
	snprintf(path, sizeof path, "%s/bad.txt", tmpdir);
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	gl_agent *a = tg_agent(spec, g);
	gl_err err = {0};
	int rc = a->type->load(a, path, &err);
	CHECK_MSG(rc != 0 && strstr(err.msg, fragment) && strstr(err.msg, path),
		"bad file: rc %d msg '%s', want '%s'", rc, err.msg, fragment);
	CHECK(gl_lauto_size(a) == 0);
	gl_agent_free(a);
}

static bool same_file(const char *p, const char *q)
{
	static char a[1 << 20], b[1 << 20];
	FILE *f = fopen(p, "r"), *h = fopen(q, "r");
	if (!f || !h)
		return false;
	size_t na = fread(a, 1, sizeof a, f), nb = fread(b, 1, sizeof b, h);
	fclose(f);
	fclose(h);
	return na == nb && !memcmp(a, b, na);
}

static void test_save_load(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = tg_agent("lauto", g), *r = tg_agent("random", g);
	gl_err err = {0};
	for (int k = 0; k < 300; k++) {
		gl_agent *seats[2] = {k & 1 ? r : a, k & 1 ? a : r};
		CHECK(gl_match_play(g, seats, (uint64_t)k, NULL, &err) == 0);
	}
	CHECK(gl_lauto_size(a) > 50);
	char p1[128], p2[128];
	snprintf(p1, sizeof p1, "%s/a.txt", tmpdir);
	snprintf(p2, sizeof p2, "%s/b.txt", tmpdir);
	CHECK(a->type->save(a, p1, &err) == 0);
	gl_agent *b = tg_agent("lauto", g);
	CHECK_MSG(b->type->load(b, p1, &err) == 0, "%s", err.msg);
	CHECK(gl_lauto_size(b) == gl_lauto_size(a));
	CHECK(b->type->save(b, p2, &err) == 0);
	CHECK(same_file(p1, p2));
	int same = 1;
	for (int k = 0; k < 100; k++) {
		gl_match m1, m2;
		gl_match_init(&m1);
		gl_match_init(&m2);
		gl_agent *s1[2] = {a, r}, *s2[2] = {b, r};
		gl_match_play(g, s1, 500u + (uint64_t)k, &m1, &err);
		gl_match_play(g, s2, 500u + (uint64_t)k, &m2, &err);
		same &= m1.nmoves == m2.nmoves &&
			!memcmp(m1.moves, m2.moves, sizeof *m1.moves * (size_t)m1.nmoves);
		gl_match_done(&m1);
		gl_match_done(&m2);
	}
	CHECK(same);
	const char *head = "gamelearn-lauto 1\ngame tictactoe\neval normal\n";
	char text[512];
	snprintf(text, sizeof text, "%se 0 >a1 <a1\nend\n", head);
	expect_refused(g, "lauto", text, ":4: symbol 2 '<a1'");
	snprintf(text, sizeof text, "%se 100 >a1\nend\n", head);
	expect_refused(g, "lauto", text, ":4: evaluation must be 0..99");
	snprintf(text, sizeof text, "%se 0 >a1 <b1\nend\n", head);
	expect_refused(g, "lauto", text, ":4: an e-string must end with an output");
	snprintf(text, sizeof text, "%se 0 >a1\n", head);
	expect_refused(g, "lauto", text, "truncated");
	expect_refused(g, "lauto:eval=misere", "gamelearn-lauto 1\ngame tictactoe\neval normal\nend\n",
		":3: memory saved under eval 'normal'");
	expect_refused(g, "lauto", "gamelearn-lauto 1\ngame connect3\neval normal\nend\n",
		":2: memory saved for game 'connect3'");
	expect_refused(g, "lauto", "gamelearn-martens 1\n", ":1: not an lauto memory");
	gl_agent_free(a);
	gl_agent_free(b);
	gl_agent_free(r);
	gl_game_free(g);
}

/* Mistakes of the automaton (seat) over plays against opp, judged exactly;
 * into *first the mistakes of the first half, returns those of the last
 * quarter. */
static long mistakes(const char *game, const char *spec, const char *opp_spec, bool misere,
	int seat, int plays, long *total)
{
	gl_game *g = tg_game(game);
	gl_agent *a = tg_agent(spec, g), *o = tg_agent(opp_spec, g);
	gl_err err = {0};
	gl_judge *j = gl_judge_new(g, seat, misere, !strncmp(opp_spec, "perfect", 7), &err);
	CHECK(j != NULL);
	gl_match m;
	gl_match_init(&m);
	long late = 0;
	*total = 0;
	for (int k = 0; k < plays && j; k++) {
		gl_agent *seats[2];
		seats[seat] = a;
		seats[1 - seat] = o;
		CHECK(gl_match_play(g, seats, (uint64_t)k * 7919u + 1, &m, &err) == 0);
		GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
		g->type->start(g, s);
		for (int i = 0; i < m.nmoves; i++) {
			if (g->type->to_move(g, s) == seat) {
				gl_action moves[T_LEGAL_MAX];
				int values[T_LEGAL_MAX], n, best = -1, mine = -1;
				CHECK(gl_judge_moves(j, s, moves, values, &n) == 0);
				for (int q = 0; q < n; q++) {
					best = values[q] > best ? values[q] : best;
					if (moves[q] == m.moves[i])
						mine = values[q];
				}
				if (mine < best) {
					++*total;
					late += k >= plays - plays / 4;
				}
			}
			g->type->apply(g, s, m.moves[i]);
		}
	}
	gl_match_done(&m);
	gl_judge_free(j);
	gl_agent_free(a);
	gl_agent_free(o);
	gl_game_free(g);
	return late;
}

static void test_judge(void)
{
	gl_game *g = tg_game("tictactoe");
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	gl_err err = {0};
	gl_action moves[T_LEGAL_MAX];
	int values[T_LEGAL_MAX], n;
	/* X 0,1 O 3,4, X to move: 2 wins; under misere 2 is the only loss */
	g->type->start(g, s);
	static const int pre[] = {0, 3, 1, 4};
	for (int i = 0; i < 4; i++)
		g->type->apply(g, s, pre[i]);
	gl_judge *j = gl_judge_new(g, 0, false, false, &err);
	CHECK(gl_judge_moves(j, s, moves, values, &n) == 0 && n == 5);
	/* 5 blocks O's row (a draw); 6 lets O win */
	CHECK(moves[0] == 2 && values[0] == 100 && values[1] == 50 && values[2] == 0);
	gl_judge_free(j);
	j = gl_judge_new(g, 0, true, false, &err);
	CHECK(gl_judge_moves(j, s, moves, values, &n) == 0 && values[0] == 0);
	gl_judge_free(j);
	/* the empty board: every move draws for both seats */
	g->type->start(g, s);
	j = gl_judge_new(g, 0, false, true, &err);
	CHECK(gl_judge_moves(j, s, moves, values, &n) == 0 && n == 9);
	int all50 = 1;
	for (int i = 0; i < n; i++)
		all50 &= values[i] == 50;
	CHECK(all50);
	gl_judge_free(j);
	gl_game_free(g);
}

/* Note II, 4: L-behaviour, adaptable to two incompatible evaluations. */
static void test_adaptation(void)
{
	static const struct {
		const char *game, *opp;
		int seat, plays;
	} runs[] = {
		{"tictactoe", "perfect:tt=1", 1, 40000},
		{"nim:heaps=1-2-3", "random", 0, 6000},
		{"nim:heaps=1-2-3", "random", 1, 6000},
		{"hex:size=2", "random", 0, 2000},
	};
	for (int r = 0; r < 4; r++)
		for (int mis = 0; mis < 2; mis++) {
			long total, late = mistakes(runs[r].game, mis ? "lauto:eval=misere" : "lauto",
				runs[r].opp, mis, runs[r].seat, runs[r].plays, &total);
			printf("%s %s seat %d against %s: %ld mistakes in %d plays, %ld in the last "
				"quarter\n", runs[r].game, mis ? "misere" : "normal", runs[r].seat,
				runs[r].opp, total, runs[r].plays, late);
			CHECK_MSG(late == 0, "%s %s: %ld mistakes in the last quarter", runs[r].game,
				mis ? "misere" : "normal", late);
		}
}

int main(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/test_lauto.%d", (int)getpid());
	char cmd[160];
	snprintf(cmd, sizeof cmd, "mkdir -p %s", tmpdir);
	if (system(cmd))
		return 1;
	test_record_rules();
	test_no_admissible();
	test_save_load();
	test_judge();
	test_adaptation();
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return test_report();
}
