/*
 * test_games.c - the contract of game.h, checked on every native game by
 * seeded random simulation: thousands of games per game instance, every
 * invariant checked at every state; the instances listed below, and every
 * other registered type with its defaults (a new game is checked as soon
 * as it is in the registry; the gdl type's default, too, so every buffer
 * here is sized from the instance). Also spec-string errors, and native
 * perft against the generic walk.
 */
#include "gametest.h"

#include <math.h>

/* Game instances to simulate and how many games each. */
static const struct {
	const char *spec;
	int games;
} cases[] = {
	{"tictactoe", 3000},
	{"hex", 3000},
	{"hex:size=5", 1000},
	{"hex:size=8", 200},
	{"hex:size=11", 100},
	{"nim", 3000},
	{"nim:heaps=1-2-3-7,misere=1", 2000},
	{"connect3", 2000},
	{"connect4", 1000},
	{"connect:w=4,h=3,k=3", 1000},
	{"connect:w=4,h=15,k=8", 300}, /* long lines on a full 64-bit board */
	{"connect:w=4,h=14,k=8", 300},
	{"connect:w=16,h=3,k=2", 300},
	{"capturego", 3000},
	{"capturego:size=5", 500},
	{"capturego:size=8", 100},
	{"othello4", 2000},
	{"othello6", 500},
	{"othello8", 300},
	{"checkers", 300},
	{"swap9", 1000},
	{"swap9:limit=40", 300},
	{"npuzzle", 300},
	{"npuzzle:size=4,seed=7,limit=60", 200},
	{"npuzzle:start=8-6-7-2-5-4-3-0-1", 200},
};

static int sorted_unique(const gl_action *m, int n, gl_action nactions)
{
	for (int i = 0; i < n; i++) {
		if (m[i] < 0 || m[i] >= nactions)
			return 0;
		if (i && m[i - 1] >= m[i])
			return 0;
	}
	return 1;
}

/* A simulation's buffers, sized from the game. */
typedef struct sim {
	gl_scratch w;   /* lists L_*, states S_* */
	int8_t *owner;  /* [ncells] */
} sim;

enum { L_CHECK, L_PLAY, L_COUNT };
enum { S_COPY, S_APPLY, S_MAKE, S_PLAY, S_POISON0, S_POISON1, S_COUNT };

/* Check every invariant of one non-terminal or terminal state s. */
static void check_state(const gl_game *g, const unsigned char *s, const sim *b)
{
	const gl_game_type *t = g->type;
	gl_action *moves = gl_scratch_moves(&b->w, L_CHECK);
	int n = t->legal(g, s, moves);
	CHECK_MSG(n >= 0 && (unsigned)n <= g->max_legal, "%s: %d legal moves", g->spec, n);
	CHECK_MSG(sorted_unique(moves, n, g->nactions), "%s: legal moves not sorted/unique/in range", g->spec);
	CHECK_MSG(t->terminal(g, s) == (n == 0), "%s: terminal() disagrees with legal()", g->spec);

	int goals[GL_PLAYERS_MAX];
	if (n == 0 || g->nplayers == 1) {
		t->goals(g, s, goals);
		for (unsigned p = 0; p < g->nplayers; p++)
			CHECK_MSG(goals[p] >= 0 && goals[p] <= 100, "%s: goal %d", g->spec, goals[p]);
		if (g->nplayers == 2)
			CHECK_MSG(goals[0] + goals[1] == 100, "%s: goals %d+%d", g->spec, goals[0], goals[1]);
	}

	char text[8192];
	int len = t->render(g, s, text, sizeof text);
	CHECK_MSG(len > 0 && strlen(text) == ((size_t)len < sizeof text ?
		(size_t)len : sizeof text - 1), "%s: render length %d", g->spec, len);

	uint64_t h = gl_game_hash(g, s);
	unsigned char *copy = gl_scratch_state(&b->w, S_COPY);
	memcpy(copy, s, g->state_size);
	CHECK(gl_game_hash(g, copy) == h);

	if (n == 0)
		return;
	int who = t->to_move(g, s);
	CHECK_MSG(who >= 0 && (unsigned)who < g->nplayers, "%s: to_move %d", g->spec, who);
	if (t->evaluate) {
		int v = t->evaluate(g, s);
		CHECK_MSG(v > -GL_EVAL_INF && v < GL_EVAL_INF, "%s: eval %d", g->spec, v);
	}
	if (t->features) {
		double f[256];
		CHECK(g->nfeatures <= 256);
		t->features(g, s, f);
		for (unsigned i = 0; i < g->nfeatures; i++)
			CHECK(isfinite(f[i]));
	}
	int8_t *owner = b->owner;
	if (t->cells) {
		t->cells(g, s, owner);
		for (unsigned i = 0; i < g->ncells; i++)
			CHECK(owner[i] >= -1 && owner[i] < (int)g->nplayers);
	}
	for (int i = 0; i < n; i++) {
		char mt[GL_MOVE_TEXT];
		gl_action back = -1;
		int ml = t->format_move(g, s, moves[i], mt, sizeof mt);
		CHECK_MSG(ml > 0 && ml < GL_MOVE_TEXT, "%s: move text length %d", g->spec, ml);
		CHECK_MSG(t->parse_move(g, s, mt, &back, NULL) == 0 && back == moves[i],
			"%s: move %d -> '%s' -> %d", g->spec, moves[i], mt, back);

		unsigned char *a = gl_scratch_state(&b->w, S_APPLY);
		memcpy(a, s, g->state_size);
		t->apply(g, a, moves[i]);
		if (t->cells && moves[i] < (gl_action)g->ncells) {
			t->cells(g, a, owner);
			CHECK_MSG(owner[moves[i]] == who, "%s: move %s does not mark its cell", g->spec, mt);
		}
		if (t->make) {
			unsigned char *m = gl_scratch_state(&b->w, S_MAKE);
			gl_undo u;
			memcpy(m, s, g->state_size);
			t->make(g, m, moves[i], &u);
			CHECK_MSG(memcmp(a, m, g->state_size) == 0, "%s: make != apply for %s", g->spec, mt);
			CHECK(gl_game_hash(g, a) == gl_game_hash(g, m));
			t->unmake(g, m, moves[i], &u);
			CHECK_MSG(memcmp(m, s, g->state_size) == 0, "%s: unmake does not restore after %s", g->spec, mt);
			CHECK(gl_game_hash(g, m) == h);
		}
	}
}

/* Play `games` random games of spec and check every state on the way.
 * Returns a signature of all the games played (for determinism). */
static uint64_t simulate(const char *spec, int games, uint64_t seed)
{
	gl_game *g = tg_game(spec);
	CHECK_MSG(g->state_size > 0, "%s: state size", spec);
	CHECK(g->nplayers >= 1 && g->nplayers <= GL_PLAYERS_MAX);
	sim b = {0};
	if (gl_scratch_init(&b.w, g, L_COUNT, S_COUNT, NULL) ||
	    !(b.owner = gl_malloc(g->ncells + 1))) {
		CHECK_MSG(0, "%s: out of memory", spec);
		exit(1);
	}

	/* start() writes every byte: two differently poisoned buffers agree */
	unsigned char *s0 = gl_scratch_state(&b.w, S_POISON0);
	unsigned char *s1 = gl_scratch_state(&b.w, S_POISON1);
	memset(s0, 0xAA, g->state_size);
	memset(s1, 0x55, g->state_size);
	g->type->start(g, s0);
	g->type->start(g, s1);
	CHECK_MSG(memcmp(s0, s1, g->state_size) == 0, "%s: start leaves bytes unset", spec);

	gl_rng rng;
	gl_rng_seed(&rng, seed);
	uint64_t sig = 0;
	unsigned char *s = gl_scratch_state(&b.w, S_PLAY);
	gl_action *moves = gl_scratch_moves(&b.w, L_PLAY);
	for (int k = 0; k < games; k++) {
		g->type->start(g, s);
		unsigned length = 0;
		for (;;) {
			check_state(g, s, &b);
			int n = g->type->legal(g, s, moves);
			if (n == 0)
				break;
			gl_action a = moves[gl_rng_below(&rng, (uint32_t)n)];
			g->type->apply(g, s, a);
			sig = gl_mix64(sig ^ (uint64_t)a);
			length++;
			if (length > g->max_length)
				break;
		}
		CHECK_MSG(length <= g->max_length, "%s: game of %u moves > bound %u", spec, length, g->max_length);
		sig = gl_mix64(sig ^ gl_game_hash(g, s));
	}
	gl_scratch_done(&b.w);
	gl_free(b.owner);
	gl_game_free(g);
	return sig;
}

/* Whether spec belongs to the games named on the command line (all when
 * none is named): `test_games othello` checks only othello instances. */
static int selected(int argc, char **argv, const char *spec)
{
	if (argc < 2)
		return 1;
	gl_game *g = gl_game_new(spec, NULL);
	int hit = 0;
	if (!g)
		return 0;
	for (int i = 1; i < argc; i++)
		hit |= strcmp(g->type->name, argv[i]) == 0;
	gl_game_free(g);
	return hit;
}

/* Native perft against the walk through the interface. */
static void check_perft(int argc, char **argv, const char *spec, int depth)
{
	if (!selected(argc, argv, spec))
		return;
	gl_game *g = tg_game(spec);
	unsigned char *s = tg_state(g);
	g->type->start(g, s);
	for (int d = 0; d <= depth; d++)
		CHECK_MSG(tg_perft(g, s, d) == tg_perft_generic(g, s, d),
			"%s: perft(%d) native %llu != generic %llu", spec, d,
			(unsigned long long)tg_perft(g, s, d),
			(unsigned long long)tg_perft_generic(g, s, d));
	gl_free(s);
	gl_game_free(g);
}

static void test_specs(void)
{
	tg_expect_refused("chess", "unknown game 'chess'");
	tg_expect_refused("", "bad spec");
	tg_expect_refused("hex:colour=3", "no parameter 'colour'");
	tg_expect_refused("hex:size=x", "wants an integer");
	tg_expect_refused("hex:size=99", "out of range");
	tg_expect_refused("hex:size", "expected key=value");
	tg_expect_refused("hex:size=3,", "empty parameter");
	tg_expect_refused("tictactoe:size=4", "no parameter 'size'");
	tg_expect_refused("nim:heaps=3-x", "heaps");
	tg_expect_refused("connect:w=3,h=3,k=5", "k");

	/* presets resolve to canonical specs; user parameters override them */
	gl_game *g = tg_game("connect4");
	CHECK_STR(g->spec, "connect:w=7,h=6,k=4");
	gl_game_free(g);
	g = tg_game("connect3:k=4");
	CHECK_STR(g->spec, "connect:w=5,h=5,k=4");
	gl_game_free(g);

	/* every registered type makes an instance with its defaults */
	for (const gl_game_type *const *t = gl_game_types(); *t; t++) {
		g = tg_game((*t)->name);
		CHECK(g->type == *t);
		gl_game_free(g);
	}
	/* allocation failure is reported, not a crash */
	gl_err err = {0};
	gl_alloc_fail_after(0);
	g = gl_game_new("tictactoe", &err);
	CHECK(g == NULL && err.code == GL_ENOMEM);
	gl_alloc_fail_after(-1);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		test_specs();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (!selected(argc, argv, cases[i].spec))
			continue;
		uint64_t a = simulate(cases[i].spec, cases[i].games, 42 + i);
		/* same seed, same games */
		uint64_t b = simulate(cases[i].spec, 20, 42 + i);
		uint64_t c = simulate(cases[i].spec, 20, 42 + i);
		CHECK_MSG(b == c, "%s: not deterministic", cases[i].spec);
		(void)a;
	}
	/* every registered type no case above covers, with its defaults */
	for (const gl_game_type *const *t = gl_game_types(); *t; t++) {
		bool covered = false;
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			size_t n = strlen((*t)->name);
			covered |= !strncmp(cases[i].spec, (*t)->name, n) &&
				   (cases[i].spec[n] == '\0' || cases[i].spec[n] == ':');
		}
		if (!covered && selected(argc, argv, (*t)->name)) {
			uint64_t b = simulate((*t)->name, 300, 7);
			CHECK_MSG(b == simulate((*t)->name, 300, 7),
				"%s: not deterministic", (*t)->name);
		}
	}
	check_perft(argc, argv, "tictactoe", 9);
	check_perft(argc, argv, "hex", 9);
	check_perft(argc, argv, "nim", 6);
	check_perft(argc, argv, "connect3", 6);
	check_perft(argc, argv, "connect4", 6);
	check_perft(argc, argv, "capturego", 7);
	check_perft(argc, argv, "othello4", 9);
	check_perft(argc, argv, "othello6", 6);
	check_perft(argc, argv, "othello8", 6);
	check_perft(argc, argv, "checkers", 7);
	check_perft(argc, argv, "swap9", 4);
	check_perft(argc, argv, "npuzzle", 10);
	return test_report();
}
