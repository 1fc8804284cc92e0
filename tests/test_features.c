/*
 * test_features.c - the lookahead features of Banerjee and Stone 2007
 * (section 3, Figure 2): each of the 12 tic-tac-toe features recognised
 * on a crafted position, exactly those 12 (plus the terminal classes)
 * found by walking the whole game, the same feature recognised in
 * tic-tac-toe and connect3, the minimax lookahead values, the ASCII
 * drawing, and feature files saved, loaded and refused when corrupt.
 */
#include "gametest.h"

#include "gamelearn/td.h"
#include "gamelearn/fileio.h"

#include <unistd.h>

/* A position for each of the 12 features of Figure 2: the afterstate of
 * X's (player 0's) last move of the sequence. */
static const struct {
	const char *text, *moves;
} fig2[12] = {
	{"N(L)", "b3,c1,c3,b2,b1,c2,a1"},
	{"N(L,N(D))", "a1,a2,c1,a3,b2,c3,c2"},
	{"N(N(D),N(W))", "b1,a1,a3,b2,a2,c2,c3"},
	{"N(N(N),N(N,W))", "b2,a3,b3"},
	{"N(L,N(N))", "a2,b2,c3,c1,c2"},
	{"N(L,N(N,W))", "c1,a3,b1,a2,c3"},
	{"N(L,N(W))", "b2,a3,b3,a2,c1,c2,c3"},
	{"N(N(D))", "b3,a2,a1,c3,a3,b1,c2"},
	{"N(L,N(N),N(N,W))", "b2,a3,b3,a2,c1"},
	{"N(N(W))", "b2,a1,a2,b3,b1,c3,a3"},
	{"N(N(N,W))", "a2,a3,c2,b1,c1"},
	{"N(N(N,W),N(W))", "c1,a2,a3,b1,c3"},
};

static int feature_after(const char *game, const char *moves, int depth, char *t)
{
	gl_game *g = tg_game(game);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	tg_play(g, s, moves);
	gl_scratch w;
	CHECK(gl_lookahead_scratch(&w, g, NULL) == 0);
	int rc = gl_feature_of(g, s, 0, depth, &w, t, GL_FEATURE_TEXT);
	gl_scratch_done(&w);
	gl_game_free(g);
	return rc;
}

static double lookahead_after(const char *game, const char *moves)
{
	gl_game *g = tg_game(game);
	GL_STATE_ALIGN unsigned char s[T_STATE_MAX];
	g->type->start(g, s);
	tg_play(g, s, moves);
	gl_scratch w;
	CHECK(gl_lookahead_scratch(&w, g, NULL) == 0);
	double v = gl_lookahead_value(g, s, 0, 2, 50, &w);
	gl_scratch_done(&w);
	gl_game_free(g);
	return v;
}

static void test_figure2_positions(void)
{
	char t[GL_FEATURE_TEXT];
	for (int i = 0; i < 12; i++) {
		CHECK(feature_after("tictactoe", fig2[i].moves, 2, t) == 1);
		CHECK_STR(t, fig2[i].text);
		CHECK(gl_feature_is_tree(t));
	}
	/* not features: nothing terminal within two moves */
	CHECK(feature_after("tictactoe", "b2", 2, t) == 0);
	CHECK_STR(t, "N(N(N))");
	/* the depth is a parameter: one move less hides the win */
	CHECK(feature_after("tictactoe", "b2,a3,b3", 1, t) == 0);
	CHECK_STR(t, "N(N)");
	CHECK(feature_after("tictactoe", "b2,a3,b3", 3, t) == 1);
	/* a terminal afterstate is recognised: X has just won */
	CHECK(feature_after("tictactoe", "c3,b1,a1,c2,b2", 2, t) == 1);
	CHECK_STR(t, "W");
	CHECK(!gl_feature_is_tree(t));
}

static void test_enumerate_tictactoe(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_feature_set fs;
	gl_fset_init(&fs, 2);
	bool complete = false;
	gl_err err = {0};
	CHECK(gl_features_enumerate(g, 0, 2, 1000000, &fs, &complete, &err) == 0);
	CHECK(complete);
	int trees = 0;
	for (int i = 0; i < fs.n; i++)
		trees += gl_feature_is_tree(fs.f[i].text);
	CHECK_MSG(trees == 12, "%d tree features", trees);
	CHECK(fs.n == 14);
	for (int i = 0; i < 12; i++)
		CHECK_MSG(gl_fset_find(&fs, fig2[i].text) != NULL, "%s missing", fig2[i].text);
	CHECK(gl_fset_find(&fs, "W") && gl_fset_find(&fs, "D") && !gl_fset_find(&fs, "L"));
	/* the walk can be capped */
	gl_fset_done(&fs);
	CHECK(gl_features_enumerate(g, 0, 2, 100, &fs, &complete, &err) == 0);
	CHECK(!complete);
	gl_fset_done(&fs);
	gl_game_free(g);
}

static void test_two_games(void)
{
	char a[GL_FEATURE_TEXT], b[GL_FEATURE_TEXT];
	CHECK(feature_after("tictactoe", "b2,a3,b3", 2, a) == 1);
	CHECK(feature_after("connect3", "d,a,b", 2, b) == 1);
	CHECK_STR(a, b);
	CHECK(feature_after("tictactoe", "a2,a3,c2,b1,c1", 2, a) == 1);
	CHECK(feature_after("connect3", "c,c,b", 2, b) == 1);
	CHECK_STR(a, "N(N(N,W))");
	CHECK_STR(a, b);
}

static void test_lookahead(void)
{
	CHECK(lookahead_after("tictactoe", "b3,c1,c3,b2,b1,c2,a1") == 0);   /* N(L) */
	CHECK(lookahead_after("tictactoe", "b2,a1,a2,b3,b1,c3,a3") == 100); /* N(N(W)) */
	CHECK(lookahead_after("tictactoe", "b3,a2,a1,c3,a3,b1,c2") == 50);  /* N(N(D)) */
	CHECK(lookahead_after("tictactoe", "b2,a3,b3") == 50);              /* min(50, 100) */
	CHECK(lookahead_after("tictactoe", "c3,b1,a1,c2,b2") == 100);       /* terminal win */
	CHECK(lookahead_after("connect3", "c,c,b") == 100);                  /* fork */
}

static void test_draw(void)
{
	char buf[1024];
	int n = gl_feature_draw("N(L,N(N,W))", buf, sizeof buf);
	const char *want =
		"[ ] non-terminal, opponent to move\n"
		"|-- [L] loss for the learner\n"
		"`-- (o) non-terminal, learner to move\n"
		"    |-- [ ] non-terminal, opponent to move\n"
		"    `-- [W] win for the learner\n";
	CHECK_STR(buf, want);
	CHECK(n == (int)strlen(want));
	char small[10];
	CHECK(gl_feature_draw("N(L,N(N,W))", small, sizeof small) == n);
	CHECK(strlen(small) == sizeof small - 1);
	CHECK(gl_feature_draw("N(L", buf, sizeof buf) == GL_EPARSE);
	CHECK(gl_feature_draw("X", buf, sizeof buf) == GL_EPARSE);
	CHECK(gl_feature_draw("N(L))", buf, sizeof buf) == GL_EPARSE);
}

static void write_text(const char *path, const char *text)
{
	gl_err err = {0};
	CHECK(gl_write_atomic(path, text, strlen(text), &err) == 0);
}

static void test_files(void)
{
	char path[64];
	snprintf(path, sizeof path, "/tmp/gl_test_features_%ld.txt", (long)getpid());
	gl_feature_set fs, back;
	gl_fset_init(&fs, 2);
	gl_fset_init(&back, 0);
	snprintf(fs.game, sizeof fs.game, "tictactoe");
	snprintf(fs.opponent, sizeof fs.opponent, "egreedy:eps=0.1");
	CHECK(gl_fset_add(&fs, "N(L)", 30, 3, 1) == 0);
	CHECK(gl_fset_add(&fs, "N(N(W))", 0.1, 0.3, 2) == 0);
	CHECK(gl_fset_add(&fs, "N(L)", 10, 1, 1) == 0);
	CHECK(fs.n == 2);
	CHECK(gl_feature_value(gl_fset_find(&fs, "N(L)"), 50) == 10);
	CHECK(gl_feature_value(gl_fset_find(&fs, "W"), 50) == 50);
	gl_err err = {0};
	CHECK(gl_fset_save(&fs, path, &err) == 0);
	CHECK(gl_fset_load(&back, path, &err) == 0);
	CHECK(back.n == 2 && back.depth == 2);
	CHECK_STR(back.game, "tictactoe");
	CHECK_STR(back.opponent, "egreedy:eps=0.1");
	for (int i = 0; i < fs.n; i++) {
		const gl_feature *f = gl_fset_find(&back, fs.f[i].text);
		CHECK(f && f->sum == fs.f[i].sum && f->weight == fs.f[i].weight &&
			f->states == fs.f[i].states);
	}
	/* corrupt files are refused naming the line */
	write_text(path, "gamelearn td-features 1\ngame x\nopponent y\ndepth 2\n"
		"feature 1 2 3 4 N(L\n");
	CHECK(gl_fset_load(&back, path, &err) == GL_EPARSE && strstr(err.msg, ":5:"));
	write_text(path, "gamelearn td-features 1\ngame x\nopponent y\ndepth 9\n");
	CHECK(gl_fset_load(&back, path, &err) == GL_EPARSE && strstr(err.msg, ":4:"));
	write_text(path, "gamelearn td 1\n");
	CHECK(gl_fset_load(&back, path, &err) == GL_EPARSE && strstr(err.msg, ":1:"));
	write_text(path, "gamelearn td-features 1\ngame x\n");
	CHECK(gl_fset_load(&back, path, &err) == GL_EPARSE);
	write_text(path, "gamelearn td-features 1\ngame x\nopponent y\ndepth 2\n"
		"feature 1 2 3 4 N(L)\nfeature 1 2 3 4 N(L)\n");
	CHECK(gl_fset_load(&back, path, &err) == GL_EPARSE && strstr(err.msg, "twice"));
	CHECK(back.n == 0);
	remove(path);
	CHECK(gl_fset_load(&back, path, &err) == GL_EIO);
	gl_fset_done(&fs);
	gl_fset_done(&back);
}

int main(void)
{
	test_figure2_positions();
	test_enumerate_tictactoe();
	test_two_games();
	test_lookahead();
	test_draw();
	test_files();
	return test_report();
}
