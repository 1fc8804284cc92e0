/*
 * cmd_game.c - the commands that look at games: list, show, perft, and
 * the demo.
 */
#include "cli.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const cli_spec cli_list_spec = {
	"list", "", 0, 0, "list the games with their parameters and defaults",
	NULL, {"gamelearn list", NULL}
};

int cmd_list(int argc, char **argv)
{
	cli_args a;
	cli_parse(&cli_list_spec, argc, argv, &a);
	for (const gl_game_type *const *t = gl_game_types(); *t; t++) {
		printf("%-10s %s\n", (*t)->name, (*t)->summary);
		cli_print_params((*t)->params);
	}
	printf("\npresets:\n");
	for (const gl_preset *p = gl_game_presets(); p->name; p++)
		printf("%-10s = %s\n", p->name, p->spec);
	return 0;
}

/* Options shared by show and perft. */
typedef struct game_args {
	const char *spec;
	const char *position; /* --position: a position in the game's text */
	const char *moves;
	long depth;
	bool divide;
	bool joint;           /* --joint: GDL joint moves */
	bool features; /* show --features */
} game_args;

static const cli_opt show_opts[] = {
	{"position", "TEXT", NULL, "start from this position in the game's text (checkers: PDN FEN, e.g. W:W21,22,K30:B1,2,K5)", 0},
	{"moves", "M1,M2,...", NULL, "then play these moves", 0},
	{"features", NULL, NULL, "print every feature's name and value after the board", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_show_spec = {
	"show", "GAME", 1, 1,
	"show a position, its legal moves, whether it is over, the goals",
	show_opts,
	{"gamelearn show checkers --moves 11-15,22-18 --features",
	 "gamelearn show checkers --position W:W21,22,K30:B1,2,K5"}
};

static const cli_opt perft_opts[] = {
	{"divide", NULL, NULL, "count below each first move separately", 0},
	{"joint", NULL, NULL, "GDL games: count joint moves (one legal move per role, all at once), as GGP reasoners do", 0},
	{"position", "TEXT", NULL, "start from this position in the game's text", 0},
	{"moves", "M1,M2,...", NULL, "then play these moves", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_perft_spec = {
	"perft", "GAME DEPTH", 2, 2,
	"count the move sequences of exactly DEPTH moves",
	perft_opts,
	{"gamelearn perft othello8 9 --divide",
	 "gamelearn perft --joint gdl:tests/data/gdl/games/roshambo2.kif 2"}
};

static void parse_game_args(int argc, char **argv, game_args *a, bool want_depth)
{
	cli_args c;
	cli_parse(want_depth ? &cli_perft_spec : &cli_show_spec, argc, argv, &c);
	a->spec = c.pos[0];
	a->position = cli_str(&c, "position");
	a->moves = cli_str(&c, "moves");
	if (want_depth) {
		a->depth = cli_int(c.pos[1], 0, 64, "DEPTH");
		a->divide = cli_given(&c, "divide");
		a->joint = cli_given(&c, "joint");
		if (a->joint && (a->position || a->moves))
			cli_die(EXIT_USAGE, "perft: --joint counts from the start "
				"(no --position or --moves)");
	} else {
		a->features = cli_given(&c, "features");
	}
}

/* The position the options name: --position or the start, then --moves;
 * or die saying why. */
static void game_position(const gl_game *g, const game_args *a,
	const char *cmd, void *s)
{
	if (a->position) {
		gl_err err = {0};
		if (!g->type->parse_state)
			cli_die(EXIT_USAGE, "%s: game '%s' reads no positions "
				"(no --position)", cmd, a->spec);
		if (g->type->parse_state(g, a->position, s, &err))
			cli_die(EXIT_RUN, "--position: %s", err.msg);
	} else {
		g->type->start(g, s);
	}
	if (a->moves)
		cli_play_moves(g, s, a->moves);
}

int cmd_show(int argc, char **argv)
{
	game_args a = {0};
	parse_game_args(argc, argv, &a, false);
	gl_game *g = cli_game(a.spec);
	if (a.features && !g->type->features)
		cli_die(EXIT_USAGE, "show: game '%s' has no features (--features)",
			a.spec);
	void *s = cli_state(g);
	gl_action *moves = cli_moves(g);
	game_position(g, &a, argv[0], s);
	cli_print_state(g, s, stdout);
	int n = g->type->legal(g, s, moves);
	printf("legal moves (%d):", n);
	for (int i = 0; i < n; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, moves[i], mt, sizeof mt);
		printf(" %s", mt);
	}
	printf("\nterminal: %s\n", n == 0 ? "yes" : "no");
	if (n == 0 || g->nplayers == 1) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, s, goals);
		printf("goals:");
		for (unsigned p = 0; p < g->nplayers; p++)
			printf(" %d", goals[p]);
		printf("\n");
		cli_game_notes(g);
	}
	printf("hash: %016" PRIx64 "\n", gl_game_hash(g, s));
	if (a.features) {
		double f[256];
		if (g->nfeatures > sizeof f / sizeof f[0])
			cli_die(EXIT_RUN, "show: %u features, more than %zu",
				g->nfeatures, sizeof f / sizeof f[0]);
		g->type->features(g, s, f);
		printf("features (%u):\n", g->nfeatures);
		for (unsigned i = 0; i < g->nfeatures; i++)
			printf("%s %g\n", g->feature_names[i], f[i]);
	}
	gl_free(s);
	gl_free(moves);
	gl_game_free(g);
	return 0;
}

int cmd_perft(int argc, char **argv)
{
	game_args a = {0};
	parse_game_args(argc, argv, &a, true);
	gl_game *g = cli_game(a.spec);
	int depth = (int)a.depth;
	if (a.joint) {
		int rc = cli_perft_joint(g, depth, a.divide);
		gl_game_free(g);
		return rc;
	}
	void *s = cli_state(g), *child = cli_state(g);
	gl_action *moves = cli_moves(g);
	game_position(g, &a, argv[0], s);
	uint64_t total;
	double t0 = gl_now();
	if (depth == 0) {
		total = 1;
	} else {
		/* Count per first move: the divide listing and the progress bar. */
		int n = g->type->legal(g, s, moves);
		progress bar;
		progress_begin(&bar, "perft", n);
		total = 0;
		for (int i = 0; i < n; i++) {
			memcpy(child, s, g->state_size);
			g->type->apply(g, child, moves[i]);
			uint64_t c;
			gl_err err = {0};
			if (gl_perft(g, child, depth - 1, &c, &err))
				cli_die(EXIT_RUN, "%s", err.msg);
			total += c;
			progress_update(&bar, i + 1);
			if (a.divide) {
				char mt[GL_MOVE_TEXT];
				g->type->format_move(g, s, moves[i], mt, sizeof mt);
				printf("%s: %" PRIu64 "\n", mt, c);
			}
		}
		progress_end(&bar);
	}
	double dt = gl_now() - t0;
	fprintf(stderr, "perft(%d) of %s: %.3f s, %.1f Mnodes/s\n", depth, g->spec,
		dt, dt > 0 ? (double)total / dt / 1e6 : 0.0);
	printf("%" PRIu64 "\n", total);
	gl_free(s);
	gl_free(child);
	gl_free(moves);
	gl_game_free(g);
	return 0;
}

/* The games the demo shows, one instance each. */
static const char *const demo_games[] = {
	"tictactoe", "hex", "nim", "connect3", "connect4", "capturego",
	"othello4", "othello8", "checkers", "swap9", "npuzzle", NULL
};

static const cli_opt demo_opts[] = {
	{"seed", "S", "1", "seed of the random matches and learners", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_demo_spec = {
	"demo", "", 0, 0, "the main demo: games, random matches, perft, the learners",
	demo_opts, {"gamelearn demo", "gamelearn demo --seed 7"}
};

int cmd_demo(int argc, char **argv)
{
	cli_args a;
	cli_parse(&cli_demo_spec, argc, argv, &a);
	uint64_t seed = (uint64_t)cli_long(&a, "seed", 0, INT64_MAX);
	printf("== gamelearn: the games ==\n\n");
	char *list_argv[] = {"list", NULL};
	cmd_list(1, list_argv);

	printf("\n== One seeded random match of each game (seed %" PRIu64 ") ==\n", seed);
	for (int i = 0; demo_games[i]; i++) {
		gl_game *g = cli_game(demo_games[i]);
		bool boards = !strcmp(g->type->name, "tictactoe") ||
			      !strcmp(g->type->name, "checkers");
		printf("\n-- %s --\n", g->spec);
		cli_random_game(g, seed + (uint64_t)i, boards, stdout);
		gl_game_free(g);
	}

	printf("\n== perft at small depths ==\n");
	printf("%-36s %5s %14s %10s\n", "game", "depth", "nodes", "Mnodes/s");
	for (int i = 0; demo_games[i]; i++) {
		gl_game *g = cli_game(demo_games[i]);
		void *s = cli_state(g);
		g->type->start(g, s);
		int depth = g->type->bench_depth > 6 ? 6 : g->type->bench_depth;
		double t0 = gl_now();
		uint64_t n;
		gl_err err = {0};
		if (gl_perft(g, s, depth, &n, &err))
			cli_die(EXIT_RUN, "%s", err.msg);
		double dt = gl_now() - t0;
		printf("%-36s %5d %14" PRIu64 " %10.1f\n", g->spec, depth, n,
			dt > 0 ? (double)n / dt / 1e6 : 0.0);
		gl_free(s);
		gl_game_free(g);
	}
	repro_bs_demo(seed);
	martens_demo(seed);
	return 0;
}
