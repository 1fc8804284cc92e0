/*
 * cmd_features.c - `gamelearn features GAME [--role R] [--depth D]
 * [--max-states N] [--json]`: the game-tree lookahead features of
 * Banerjee and Stone 2007 (section 3, Figure 2) that occur under the
 * afterstates of player R's moves in a game, each with its canonical text,
 * the number of afterstates showing it, and an ASCII drawing of its tree.
 * In tic-tac-toe (R = 0, the first player, depth 2) these are the 12 of
 * Figure 2, besides the terminal afterstates (win, draw) recognised too;
 * a feature of Figure 2 found in any game is labelled with its letter
 * (the letters are inferred: see src/exp/banerjee_stone.c).
 */
#include "cli.h"

#include "gamelearn/td.h"

#include <stdlib.h>
#include <string.h>

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if (*s == '\n')
			printf("\\n");
		else
			putchar(*s);
	}
	putchar('"');
}

/* Figure 2's features first, in the figure's order, then the others. */
static int by_figure(const void *a, const void *b)
{
	const gl_feature *x = a, *y = b;
	int fx = gl_exp_bs_figure2(x->text), fy = gl_exp_bs_figure2(y->text);
	if (fx < 0)
		fx = 99;
	if (fy < 0)
		fy = 99;
	if (fx != fy)
		return fx < fy ? -1 : 1;
	return gl_feature_cmp(a, b);
}

static const cli_opt features_opts[] = {
	{"role", "R", "0", "the learner's role (0 or 1)", 0},
	{"depth", "D", "2", "lookahead plies below each afterstate", 0},
	{"max-states", "N", "2000000", "give up after this many states", 0},
	{"json", NULL, NULL, "print JSON", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_features_spec = {
	"features", "GAME", 1, 1,
	"the lookahead features (Banerjee-Stone) that occur in a game, drawn",
	features_opts,
	{"gamelearn features tictactoe", "gamelearn features connect3 --json"}
};

int cmd_features(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_features_spec, argc, argv, &opt);
	const char *spec = opt.pos[0];
	long role = cli_long(&opt, "role", 0, 1);
	long depth = cli_long(&opt, "depth", 0, GL_FEATURE_DEPTH_MAX);
	long max_states = cli_long(&opt, "max-states", 1, 1000000000);
	bool json = cli_given(&opt, "json");
	gl_game *g = cli_game(spec);
	if (g->nplayers != 2)
		cli_die(EXIT_USAGE, "features: %s is not a two-player game", g->spec);
	gl_feature_set fs;
	gl_fset_init(&fs, (int)depth);
	gl_err err = {0};
	bool complete;
	if (gl_features_enumerate(g, (int)role, (int)depth, (size_t)max_states, &fs,
		&complete, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	if (fs.n > 0) /* none found: fs.f is NULL */
		qsort(fs.f, (size_t)fs.n, sizeof *fs.f, by_figure);
	int trees = 0;
	for (int i = 0; i < fs.n; i++)
		trees += gl_feature_is_tree(fs.f[i].text);
	char draw[8192];
	if (json) {
		printf("{\"game\":");
		json_str(g->spec);
		printf(",\"role\":%ld,\"depth\":%ld,\"complete\":%s,\"tree_features\":%d,"
			"\"features\":[", role, depth, complete ? "true" : "false", trees);
		for (int i = 0; i < fs.n; i++) {
			gl_feature_draw(fs.f[i].text, draw, sizeof draw);
			printf("%s\n {\"text\":", i ? "," : "");
			json_str(fs.f[i].text);
			int fig = gl_exp_bs_figure2(fs.f[i].text);
			printf(",\"tree\":%s,\"figure2\":", gl_feature_is_tree(fs.f[i].text) ?
				"true" : "false");
			if (fig >= 0)
				printf("\"%c\"", 'a' + fig);
			else
				printf("null");
			printf(",\"afterstates\":%llu,\"drawing\":",
				(unsigned long long)fs.f[i].states);
			json_str(draw);
			printf("}");
		}
		printf("\n]}\n");
	} else {
		printf("%s: lookahead features under player %ld's afterstates, depth %ld%s\n",
			g->spec, role, depth, complete ? "" :
			" (PARTIAL: --max-states reached, the walk stopped early)");
		printf("%d tree features (Figure 2 counts these) and %d terminal afterstate "
			"classes\n", trees, fs.n - trees);
		printf("legend: [ ] opponent to move, (o) learner to move, [W] win, [L] loss, "
			"[D] draw for the learner\n");
		int k = 0;
		for (int i = 0; i < fs.n; i++) {
			const gl_feature *f = &fs.f[i];
			bool tree = gl_feature_is_tree(f->text);
			int fig = gl_exp_bs_figure2(f->text);
			char label[32];
			k += tree;
			if (fig >= 0)
				snprintf(label, sizeof label, "%d. Figure 2 (%c):", k, 'a' + fig);
			else
				snprintf(label, sizeof label, tree ? "%d. not in Figure 2:" :
					"terminal afterstate:", k);
			gl_feature_draw(f->text, draw, sizeof draw);
			printf("\n%s %s   [%llu afterstates]\n%s", label, f->text,
				(unsigned long long)f->states, draw);
		}
	}
	gl_fset_done(&fs);
	gl_game_free(g);
	return 0;
}
