/*
 * cmd_game.c - the commands that look at games: list, show, perft, and
 * the demo.
 */
#include "cli.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
	long threads;         /* perft: threads in this process */
	long split;           /* perft: plies of a piece's root */
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
	{"threads", "N", "all cores", "subtrees counted at once (and under mpirun, on every rank)", 0},
	{"split", "K", "3", "count the subtrees below the positions K plies deep as separate pieces of work (1..8)", 0},
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
		a->threads = cli_given(&c, "threads") ? cli_long(&c, "threads", 1,
			CLI_THREADS_MAX) : sysconf(_SC_NPROCESSORS_ONLN);
		a->split = cli_long(&c, "split", 1, 8);
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

/* --- perft in pieces -----------------------------------------------------------
 * The positions `split` plies below the root are pieces of work (work.h):
 * each counts its subtree, on threads and ranks; the counts are summed
 * per first move (the divide listing) in the order of the moves. */

enum { PERFT_PIECES_MAX = 1 << 20 };

typedef struct perft_job {
	const gl_game *g;
	int depth;             /* plies below each piece's position */
	int n;                 /* pieces */
	unsigned char *states; /* n states of g->state_size bytes */
	int *first;            /* the index of each piece's first move */
	uint64_t *count;       /* each piece's count */
} perft_job;

/* Walk k plies below s (first: the first move's index, -1 at the root),
 * counting the positions reached, and storing them into j when it has
 * room; stops counting past PERFT_PIECES_MAX. scratch holds k states and
 * k move lists. */
static void perft_walk(perft_job *j, gl_scratch *w, const void *s, int k,
	int ply, int first)
{
	const gl_game *g = j->g;
	if (ply == k) {
		if (j->states && j->n < PERFT_PIECES_MAX) {
			memcpy(j->states + (size_t)j->n * g->state_size, s, g->state_size);
			j->first[j->n] = first;
		}
		j->n++;
		return;
	}
	gl_action *moves = gl_scratch_moves(w, ply);
	void *child = gl_scratch_state(w, ply);
	int n = g->type->legal(g, s, moves);
	for (int i = 0; i < n && j->n <= PERFT_PIECES_MAX; i++) {
		memcpy(child, s, g->state_size);
		g->type->apply(g, child, moves[i]);
		perft_walk(j, w, child, k, ply + 1, ply ? first : i);
	}
}

static void perft_piece(void *arg, int i, int worker)
{
	(void)worker;
	perft_job *j = arg;
	gl_err err = {0};
	if (gl_perft(j->g, j->states + (size_t)i * j->g->state_size, j->depth,
			&j->count[i], &err))
		cli_die(EXIT_RUN, "%s", err.msg);
}

static size_t perft_get(void *arg, int i, const void **bytes)
{
	perft_job *j = arg;
	*bytes = &j->count[i];
	return sizeof j->count[i];
}

static int perft_put(void *arg, int i, const void *bytes, size_t size,
	gl_err *err)
{
	perft_job *j = arg;
	if (size != sizeof j->count[i])
		return gl_fail(err, GL_EINVAL, "perft: a count of %zu bytes", size);
	memcpy(&j->count[i], bytes, size);
	return 0;
}

/* perft(depth >= 1) of s in pieces; the divide listing when asked. */
static uint64_t perft_pieces(const gl_game *g, const void *s, int depth,
	const game_args *a, gl_action *moves)
{
	perft_job j = {.g = g};
	int k = (int)(a->split < depth ? a->split : depth);
	gl_scratch w;
	gl_err err = {0};
	if (gl_scratch_init(&w, g, k, k, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	/* shallower while the pieces would be too many */
	for (;; k--) {
		j.n = 0;
		perft_walk(&j, &w, s, k, 0, -1);
		if (j.n <= PERFT_PIECES_MAX || k == 1)
			break;
	}
	if (j.n > PERFT_PIECES_MAX)
		cli_die(EXIT_RUN, "perft: %s has over %d moves in a position",
			g->spec, PERFT_PIECES_MAX);
	j.depth = depth - k;
	j.states = malloc((size_t)(j.n ? j.n : 1) * g->state_size);
	j.first = malloc((size_t)(j.n ? j.n : 1) * sizeof *j.first);
	j.count = calloc((size_t)(j.n ? j.n : 1), sizeof *j.count);
	if (!j.states || !j.first || !j.count)
		cli_die(EXIT_RUN, "perft: out of memory for %d pieces", j.n);
	j.n = 0;
	perft_walk(&j, &w, s, k, 0, -1);
	gl_scratch_done(&w);

	progress bar;
	cli_pool pool;
	progress_begin(&bar, "perft", j.n);
	cli_pool_init(&pool, (int)a->threads, &bar);
	/* rank 0 alone sums and prints: the others' counts stay partial */
	gl_pieces p = {j.n, perft_piece, perft_get, perft_put, &j, true};
	if (gl_run_pieces(&pool.runner, &p, &err))
		cli_die(EXIT_RUN, "perft: %s", err.msg);
	progress_end(&bar);

	int nfirst = g->type->legal(g, s, moves);
	uint64_t total = 0;
	for (int m = 0, i = 0; m < nfirst; m++) {
		uint64_t c = 0;
		for (; i < j.n && j.first[i] == m; i++)
			c += j.count[i];
		total += c;
		if (a->divide) {
			char mt[GL_MOVE_TEXT];
			g->type->format_move(g, s, moves[m], mt, sizeof mt);
			printf("%s: %" PRIu64 "\n", mt, c);
		}
	}
	free(j.states);
	free(j.first);
	free(j.count);
	return total;
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
	void *s = cli_state(g);
	gl_action *moves = cli_moves(g);
	game_position(g, &a, argv[0], s);
	uint64_t total;
	double t0 = gl_now();
	if (depth == 0)
		total = 1;
	else
		total = perft_pieces(g, s, depth, &a, moves);
	double dt = gl_now() - t0;
	if (cli_rank0())
		fprintf(stderr, "perft(%d) of %s: %.3f s, %.1f Mnodes/s\n", depth, g->spec,
			dt, dt > 0 ? (double)total / dt / 1e6 : 0.0);
	printf("%" PRIu64 "\n", total);
	gl_free(s);
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
	/* the learners' parts, from the library's experiments */
	char path[256];
	const char *tmp = getenv("TMPDIR");
	snprintf(path, sizeof path, "%s/gamelearn-demo-features-%ld.txt", tmp && *tmp ? tmp :
		"/tmp", (long)getpid());
	cli_pool pool;
	cli_pool_init(&pool, 2, NULL);
	for (int part = 0; part < 2; part++) {
		gl_report rep;
		gl_report_init(&rep);
		gl_err err = {0};
		if (part ? gl_exp_martens_demo(seed, &rep, &err) :
		    gl_exp_bs_demo(seed, path, &pool.runner, &rep, &err))
			cli_die(EXIT_RUN, "demo: %s", err.msg);
		fwrite(rep.text.buf ? rep.text.buf : "", 1, rep.text.len, stdout);
		gl_report_done(&rep);
	}
	return 0;
}
