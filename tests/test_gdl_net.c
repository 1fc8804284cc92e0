/*
 * test_gdl_net.c - the compiled network against the plain evaluation of
 * the ground program (gdl_ref_eval, every atom recomputed stratum by
 * stratum): the incremental evaluator (gdl_eval) and the bit-parallel
 * batch evaluator (gdl_batch) must give the same terminal, legal moves,
 * goals and next state in every state met by seeded random playouts of
 * every test game, also when the evaluator jumps between unrelated states;
 * and random playouts of ticTacToe must score what uniformly random play
 * scores exactly; and running out of memory anywhere in loading (the
 * network included) or in making an evaluator is an error, not a crash.
 * Usage: test_gdl_net [PLAYOUTS [FILE...]].
 */
#include "gdltest.h"

#include "gdl/internal.h"

#include <math.h>
#include <stdlib.h>

static const char *const files[] = {
	"data/gdl/net/reach.kif", "data/gdl/net/wide.kif",
	"data/gdl/games/biddingTicTacToe.kif", "data/gdl/games/blocker.kif",
	"data/gdl/games/breakthroughSmall.kif", "data/gdl/games/buttons.kif",
	"data/gdl/games/chomp.kif", "data/gdl/games/connectFour.kif",
	"data/gdl/games/dotsAndBoxes.kif", "data/gdl/games/eightPuzzle.kif",
	"data/gdl/games/hanoi.kif", "data/gdl/games/knightsTour.kif",
	"data/gdl/games/lightsOut.kif", "data/gdl/games/maze.kif",
	"data/gdl/games/nim1.kif", "data/gdl/games/pentago.kif",
	"data/gdl/games/reversi.kif", "data/gdl/games/roshambo2.kif",
	"data/gdl/games/sheepAndWolf.kif", "data/gdl/games/ticTacToe.kif",
	"data/gdl/games/ticTacToeParallel.kif",
	"data/gdl/games/tictactoe_3player.kif",
	"data/gdl/test/test_case_1a.kif", "data/gdl/test/test_case_3c.kif",
	"data/gdl/test/test_case_5e.kif", "data/gdl/test/simpleMutex.kif",
	"data/gdl/test/test_distinct_beginning_rule.kif",
	"data/gdl/test/test_clean_not_distinct.kif",
	"data/gdl/net/stuck.kif", NULL
};

enum { LANES = 64, MAXLEN = 300 };

static bool atom_true(const uint8_t *val, int32_t a)
{
	return a >= 0 && val[a];
}

/* The reference's answers for state s into the same forms as the API's. */
typedef struct answer {
	bool terminal;
	int nlegal[GDL_ROLES_MAX];
	int goal[GDL_ROLES_MAX];
} answer;

static void ref_answer(const gdl_game *gd, uint8_t *val, const uint64_t *s,
	answer *a)
{
	gdl_ref_eval(gd, val, s, NULL);
	a->terminal = atom_true(val, gd->terminal_atom);
	for (int r = 0; r < gd->nroles; r++) {
		a->nlegal[r] = 0;
		for (int m = 0; m < gd->nmoves; m++)
			a->nlegal[r] += atom_true(val, gd->legal_atom[r * gd->nmoves + m]);
		a->goal[r] = 0;
		for (int i = 0; i < gd->ngoal; i++)
			if (gd->goal_role[i] == r && val[gd->goal_atom[i]] &&
			    gd->goal_value[i] > a->goal[r])
				a->goal[r] = gd->goal_value[i];
	}
}

/* One file: playouts through gdl_eval checked against the reference at
 * every step; the states met kept for the batch check. */
static void check_file(const char *path, int nplay, uint64_t seed)
{
	gdl_game *gd = NULL;
	gl_err err = {0};
	if (gdl_load_file(&gd, path, &err)) {
		CHECK_MSG(0, "%s", err.msg);
		return;
	}
	if (gd->net) { /* batch.c reads base input i as gate i */
		int off = 0;
		for (int i = 0; i < gd->nbase; i++)
			off += gd->net->base_gate[i] != i;
		CHECK_MSG(off == 0, "%s: %d base inputs not gates 0..nbase-1",
			path, off);
	}
	int W = gd->words, R = gd->nroles, M = gd->nmoves;
	gdl_eval *e = gdl_eval_new(gd), *jump = gdl_eval_new(gd);
	gdl_batch *b = gdl_batch_new(gd);
	uint8_t *val = malloc((size_t)gd->natoms + 1);
	int *moves = malloc(sizeof *moves * ((size_t)M + 1));
	size_t cap = (size_t)nplay * MAXLEN + 1;
	uint64_t *seen = malloc(cap * (size_t)W * sizeof *seen);
	size_t nseen = 0;
	if (!e || !jump || !b || !val || !moves || !seen) {
		CHECK_MSG(0, "out of memory");
		goto out;
	}
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	int bad = 0;
	for (int k = 0; k < nplay && !bad; k++) {
		uint64_t s[T_WORDS_MAX], nx[T_WORDS_MAX];
		gdl_initial(gd, s);
		for (int len = 0; len < MAXLEN && !bad; len++) {
			memcpy(seen + nseen++ * W, s, (size_t)W * sizeof *s);
			answer a;
			ref_answer(gd, val, s, &a);
			gdl_eval_state(gd, e, s);
			bad += gdl_terminal(gd, e) != a.terminal;
			for (int r = 0; r < R; r++) {
				int n = gdl_legal(gd, e, r, moves);
				bad += n != a.nlegal[r] || gdl_legal_count(gd, e, r) != n;
				for (int i = 0; i < n; i++)
					bad += !atom_true(val, gd->legal_atom[r * M + moves[i]]) ||
						(i > 0 && moves[i] <= moves[i - 1]) ||
						gdl_legal_nth(gd, e, r, i) != moves[i];
				bad += gdl_goal(gd, e, r) != a.goal[r];
			}
			/* an evaluator that jumps here from the state of another
			 * playout must agree too */
			size_t other = gl_rng_below(&rng, (uint32_t)nseen);
			gdl_eval_state(gd, jump, seen + other * W);
			gdl_eval_state(gd, jump, s);
			bad += gdl_terminal(gd, jump) != a.terminal;
			for (int r = 0; r < R; r++)
				bad += gdl_legal_count(gd, jump, r) != a.nlegal[r];
			if (bad) {
				CHECK_MSG(0, "%s: playout %d step %d: the network disagrees "
					"with the reference", path, k, len);
				break;
			}
			if (a.terminal)
				break;
			int joint[GDL_ROLES_MAX];
			bool stuck = false;
			for (int r = 0; r < R; r++) {
				if (a.nlegal[r] == 0) {
					stuck = true;
					break;
				}
				joint[r] = gdl_legal_nth(gd, e, r,
					(int)gl_rng_below(&rng, (uint32_t)a.nlegal[r]));
			}
			if (stuck)
				break;
			gdl_ref_eval(gd, val, s, joint);
			gdl_next(gd, e, joint, nx);
			uint64_t want[T_WORDS_MAX] = {0};
			for (int i = 0; i < gd->nbase; i++)
				if (atom_true(val, gd->base_next[i]))
					want[i / 64] |= 1ull << (i % 64);
			if (memcmp(want, nx, (size_t)W * sizeof *nx)) {
				CHECK_MSG(0, "%s: playout %d step %d: next state differs",
					path, k, len);
				bad++;
			}
			memcpy(s, want, sizeof s);
		}
	}
	CHECK_MSG(!bad, "%s: incremental network", path);
	/* The batch: 64 states at a time, in a shuffled order, each with a
	 * random joint move of its legal ones. */
	int nlegal[LANES * GDL_ROLES_MAX], goals[LANES * GDL_ROLES_MAX];
	int joints[LANES * GDL_ROLES_MAX];
	bool term[LANES];
	uint64_t *st = malloc((size_t)LANES * W * sizeof *st);
	uint64_t *next = malloc((size_t)LANES * W * sizeof *next);
	if (!st || !next) {
		CHECK_MSG(0, "out of memory");
		free(st);
		free(next);
		goto out;
	}
	bad = 0;
	for (size_t i0 = 0; i0 < nseen && !bad; i0 += LANES) {
		int nl = 0;
		for (; nl < LANES && i0 + (size_t)nl < nseen; nl++) {
			size_t pick = gl_rng_below(&rng, (uint32_t)nseen);
			memcpy(st + nl * W, seen + pick * W, (size_t)W * sizeof *st);
			gdl_eval_state(gd, e, st + nl * W);
			for (int r = 0; r < R; r++) {
				int c = gdl_legal_count(gd, e, r);
				joints[nl * R + r] = c ? gdl_legal_nth(gd, e, r,
					(int)gl_rng_below(&rng, (uint32_t)c)) : -1;
			}
		}
		gdl_batch_step(gd, b, nl, st, joints, nlegal, term, goals, next);
		for (int l = 0; l < nl && !bad; l++) {
			answer a;
			ref_answer(gd, val, st + l * W, &a);
			bad += term[l] != a.terminal;
			for (int r = 0; r < R; r++)
				bad += nlegal[l * R + r] != a.nlegal[r] ||
					goals[l * R + r] != a.goal[r];
			gdl_ref_eval(gd, val, st + l * W, joints + l * R);
			uint64_t want[T_WORDS_MAX] = {0};
			for (int i = 0; i < gd->nbase; i++)
				if (atom_true(val, gd->base_next[i]))
					want[i / 64] |= 1ull << (i % 64);
			bad += memcmp(want, next + l * W, (size_t)W * sizeof *next) != 0;
		}
	}
	CHECK_MSG(!bad, "%s: batch network", path);
	free(st);
	free(next);
out:
	free(val);
	free(moves);
	free(seen);
	gdl_batch_free(b);
	gdl_eval_free(e);
	gdl_eval_free(jump);
	gdl_free(gd);
}

/* Uniformly random tic-tac-toe: X wins 737/1260, O 121/420, a draw
 * 8/63 of the games, so xplayer's mean goal is 64.84 and oplayer's
 * 35.16. Both evaluators' playouts must score that. */
static void check_scores(void)
{
	gdl_game *gd = NULL;
	if (gdl_load_file(&gd, "data/gdl/games/ticTacToe.kif", NULL)) {
		CHECK(0);
		return;
	}
	double want = 100.0 * 737 / 1260 + 50.0 * 8 / 63;
	enum { N = 40000 };
	gl_rng rng;
	gl_rng_seed(&rng, 7);
	gdl_batch *b = gdl_batch_new(gd);
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t s[T_WORDS_MAX];
	gdl_initial(gd, s);
	int64_t sum[GDL_ROLES_MAX];
	uint64_t steps = gdl_batch_playouts(gd, b, s, N, &rng, 1000, sum);
	/* standard error of a mean goal: at most 50 / sqrt(N) = 0.25 */
	CHECK_MSG(fabs((double)sum[0] / N - want) < 1.25, "batch: x %.2f, want %.2f",
		(double)sum[0] / N, want);
	CHECK(sum[0] + sum[1] == 100LL * N);
	CHECK(steps > 5ull * N && steps < 9ull * N);
	double x = 0;
	for (int k = 0; k < N; k++) {
		int goals[GDL_ROLES_MAX];
		int n = gdl_playout(gd, e, s, &rng, 1000, goals, NULL);
		CHECK(n >= 5 && n <= 9);
		x += goals[0];
	}
	CHECK_MSG(fabs(x / N - want) < 1.25, "gdl_playout: x %.2f, want %.2f",
		x / N, want);
	/* the same seed, the same playouts */
	int64_t a[GDL_ROLES_MAX], c[GDL_ROLES_MAX];
	gl_rng_seed(&rng, 3);
	uint64_t sa = gdl_batch_playouts(gd, b, s, 1000, &rng, 1000, a);
	gl_rng_seed(&rng, 3);
	uint64_t sc = gdl_batch_playouts(gd, b, s, 1000, &rng, 1000, c);
	CHECK(sa == sc && a[0] == c[0] && a[1] == c[1]);
	gdl_batch_free(b);
	gdl_eval_free(e);
	gdl_free(gd);
}

/* Whether some joint move from state s (each role a legal move) leads
 * to a state whose goals are want[0..nroles). */
static bool successor_goals(const gdl_game *gd, gdl_eval *e,
	const uint64_t *s, const int *want)
{
	int R = gd->nroles, n[GDL_ROLES_MAX], k[GDL_ROLES_MAX] = {0};
	int *mv = calloc((size_t)R * (size_t)gd->nmoves + 1, sizeof *mv);
	bool found = false;
	uint64_t next[T_WORDS_MAX];
	gdl_eval_state(gd, e, s);
	for (int r = 0; r < R; r++)
		n[r] = gdl_legal(gd, e, r, mv + r * gd->nmoves);
	for (long tries = 0; !found && tries < 100000; tries++) {
		int joint[GDL_ROLES_MAX];
		for (int r = 0; r < R; r++)
			joint[r] = mv[r * gd->nmoves + k[r]];
		gdl_eval_state(gd, e, s);
		gdl_next(gd, e, joint, next);
		gdl_eval_state(gd, e, next);
		found = true;
		for (int r = 0; r < R; r++)
			found &= gdl_goal(gd, e, r) == want[r];
		int r = 0; /* the next joint move, as an odometer */
		while (r < R && ++k[r] == n[r])
			k[r++] = 0;
		if (r == R)
			break;
	}
	free(mv);
	return found;
}

/* A random walk into st: lane l at the state after l joint moves, or
 * the last state where the game ended sooner (term[l]: terminal, or a
 * role without moves); moves is scratch for nmoves. */
static void walk(const gdl_game *gd, gdl_eval *e, gl_rng *rng, uint64_t *st,
	bool *term, int *moves)
{
	int W = gd->words, R = gd->nroles;
	uint64_t s[T_WORDS_MAX];
	gdl_initial(gd, s);
	bool over = false;
	for (int l = 0; l < LANES; l++) {
		gdl_eval_state(gd, e, s);
		term[l] = gdl_terminal(gd, e);
		int joint[GDL_ROLES_MAX];
		for (int r = 0; r < R && !term[l]; r++) {
			int n = gdl_legal(gd, e, r, moves);
			term[l] = n == 0;
			joint[r] = n > 0 ? moves[gl_rng_below(rng, (uint32_t)n)] : 0;
		}
		memcpy(st + (size_t)l * W, s, (size_t)W * sizeof *s);
		if (!term[l] && !over)
			gdl_next(gd, e, joint, s);
		over |= term[l];
	}
}

/* What the checks of gdl_batch_each start from: the game of a file, its
 * batch and evaluator, LANES states, their goals and a move list. */
typedef struct lanes_fix {
	gdl_game *gd;
	gdl_batch *b;
	gdl_eval *e;
	uint64_t *st;     /* [LANES * words] */
	int *goals;       /* [LANES * nroles] */
	int *moves;       /* [nmoves + 1] */
} lanes_fix;

/* f for the game at path; false (a failed check) if it does not load or
 * an allocation fails: fix_close() f all the same. */
static bool fix_open(lanes_fix *f, const char *path)
{
	memset(f, 0, sizeof *f);
	if (gdl_load_file(&f->gd, path, NULL)) {
		CHECK_MSG(0, "%s: does not load", path);
		return false;
	}
	const gdl_game *gd = f->gd;
	f->b = gdl_batch_new(gd);
	f->e = gdl_eval_new(gd);
	f->st = calloc((size_t)LANES * (size_t)gd->words, sizeof *f->st);
	f->goals = calloc((size_t)LANES * (size_t)gd->nroles, sizeof *f->goals);
	f->moves = calloc((size_t)gd->nmoves + 1, sizeof *f->moves);
	bool ok = f->b && f->e && f->st && f->goals && f->moves &&
		gd->words <= T_WORDS_MAX;
	CHECK_MSG(ok, "%s: no room", path);
	return ok;
}

static void fix_close(lanes_fix *f)
{
	free(f->st);
	free(f->goals);
	free(f->moves);
	gdl_batch_free(f->b);
	gdl_eval_free(f->e);
	gdl_free(f->gd);
}

/* gdl_batch_each, one playout from each of many states: from 64 copies
 * of the initial state it plays what gdl_batch_playouts plays from it
 * with the same seed (the goals and moves summed over the lanes); from
 * the states of a random walk (terminal ones among them), a terminal
 * state's lane makes no move and gets that state's goals, and the others
 * end with goals the rules define; one joint move at most, with goals
 * of one of its state's successors. */
static void check_each(const char *path, uint64_t seed)
{
	lanes_fix f;
	if (!fix_open(&f, path)) {
		fix_close(&f);
		return;
	}
	const gdl_game *gd = f.gd;
	gdl_batch *b = f.b;
	gdl_eval *e = f.e;
	uint64_t *st = f.st;
	int *goals = f.goals, *moves = f.moves;
	int W = gd->words, R = gd->nroles;
	int len[LANES];
	bool term[LANES];
	for (int l = 0; l < LANES; l++)
		gdl_initial(gd, st + (size_t)l * W);
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	uint64_t t = gdl_batch_each(gd, b, st, LANES, &rng, MAXLEN, NULL, NULL,
		goals, len, NULL);
	uint64_t after = gl_rng_next(&rng);
	int64_t sum[GDL_ROLES_MAX], each[GDL_ROLES_MAX] = {0};
	gl_rng_seed(&rng, seed);
	uint64_t u = gdl_batch_playouts(gd, b, st, LANES, &rng, MAXLEN, sum);
	uint64_t nlen = 0;
	for (int l = 0; l < LANES; l++) {
		nlen += (uint64_t)len[l];
		for (int r = 0; r < R; r++)
			each[r] += goals[l * R + r];
	}
	CHECK_MSG(t == u && nlen == t && after == gl_rng_next(&rng), "%s: "
		"each %llu moves (lanes %llu), playouts %llu", path,
		(unsigned long long)t, (unsigned long long)nlen,
		(unsigned long long)u);
	for (int r = 0; r < R; r++)
		CHECK_MSG(each[r] == sum[r], "%s: role %d scores %lld, playouts %lld",
			path, r, (long long)each[r], (long long)sum[r]);
	walk(gd, e, &rng, st, term, moves);
	for (int l = 0; l < LANES; l++) {
		gdl_eval_state(gd, e, st + (size_t)l * W);
		for (int r = 0; term[l] && r < R; r++)
			goals[l * R + r] = -1 - gdl_goal(gd, e, r); /* expected */
	}
	int want[LANES * GDL_ROLES_MAX];
	memcpy(want, goals, (size_t)LANES * (size_t)R * sizeof *goals);
	gdl_batch_each(gd, b, st, LANES, &rng, MAXLEN, NULL, NULL, goals, len, NULL);
	for (int l = 0; l < LANES; l++) {
		CHECK_MSG((len[l] == 0) == term[l], "%s: lane %d (terminal %d) made "
			"%d moves", path, l, term[l], len[l]);
		for (int r = 0; r < R; r++) {
			int g = goals[l * R + r];
			bool known = g == 0;
			for (int i = 0; i < gd->ngoal && !known; i++)
				known = gd->goal_role[i] == r && gd->goal_value[i] == g;
			CHECK_MSG(known, "%s: lane %d role %d goal %d", path, l, r, g);
			if (term[l])
				CHECK_MSG(g == -1 - want[l * R + r], "%s: terminal lane %d "
					"role %d goal %d, want %d", path, l, r, g,
					-1 - want[l * R + r]);
		}
	}
	/* one joint move each: a lane's goals are those of one of its
	 * state's successors (in every lane's own variant of the network) */
	gdl_batch_each(gd, b, st, LANES, &rng, 1, NULL, NULL, goals, len, NULL);
	for (int l = 0; l < LANES; l++) {
		if (term[l]) {
			CHECK(len[l] == 0);
			continue;
		}
		CHECK_MSG(len[l] == 1, "%s: lane %d made %d moves, max 1", path, l,
			len[l]);
		CHECK_MSG(successor_goals(gd, e, st + (size_t)l * W,
			goals + l * R), "%s: lane %d: goals of no successor", path, l);
	}
	fix_close(&f);
}

/* Whether t is the state after some joint move from s. */
static bool successor_state(const gdl_game *gd, gdl_eval *e,
	const uint64_t *s, const uint64_t *t)
{
	int R = gd->nroles, W = gd->words, n[GDL_ROLES_MAX];
	int k[GDL_ROLES_MAX] = {0};
	int *mv = calloc((size_t)R * (size_t)gd->nmoves + 1, sizeof *mv);
	bool found = false;
	uint64_t next[T_WORDS_MAX];
	gdl_eval_state(gd, e, s);
	for (int r = 0; r < R; r++)
		n[r] = gdl_legal(gd, e, r, mv + r * gd->nmoves);
	for (bool more = mv != NULL; more && !found;) {
		int joint[GDL_ROLES_MAX];
		for (int r = 0; r < R; r++)
			joint[r] = mv[r * gd->nmoves + k[r]];
		gdl_eval_state(gd, e, s);
		gdl_next(gd, e, joint, next);
		found = memcmp(next, t, (size_t)W * sizeof *t) == 0;
		int r = 0; /* the next joint move, as an odometer */
		while (r < R && ++k[r] == n[r])
			k[r++] = 0;
		more = r < R;
	}
	free(mv);
	return found;
}

/* gdl_batch_each's last states (ends): from the states of a random walk,
 * with a cut of K moves, a lane's end is its start where that is
 * terminal, a state where the game is over (goals those of its rules)
 * after fewer than K moves or exactly K, or one where it is not, after
 * K, with goals -1; the same draws (rng, lengths, goals) as without
 * ends, and the same ends where they overwrite the starts; with K = 1,
 * each end a successor of its start. */
static void check_ends(const char *path, uint64_t seed)
{
	lanes_fix f;
	if (!fix_open(&f, path)) {
		fix_close(&f);
		return;
	}
	const gdl_game *gd = f.gd;
	gdl_batch *b = f.b;
	gdl_eval *e = f.e;
	uint64_t *st = f.st;
	int *goals = f.goals, *moves = f.moves;
	int W = gd->words, R = gd->nroles;
	size_t sw = (size_t)LANES * (size_t)W, sg = (size_t)LANES * (size_t)R;
	uint64_t *end = calloc(sw, sizeof *end), *over = calloc(sw, sizeof *over);
	int *plain = calloc(sg, sizeof *plain);
	int len[LANES], len2[LANES];
	bool term[LANES];
	if (!end || !over || !plain) {
		CHECK(0);
		goto out;
	}
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	walk(gd, e, &rng, st, term, moves);
	for (int cut = 1; cut <= 4; cut += 3) {
		gl_rng r0 = rng, r1 = rng;
		gdl_batch_each(gd, b, st, LANES, &rng, cut, NULL, NULL, goals, len,
			end);
		memcpy(over, st, sw * sizeof *st);
		gdl_batch_each(gd, b, over, LANES, &r0, cut, NULL, NULL, plain, len2,
			over);
		CHECK_MSG(memcmp(over, end, sw * sizeof *end) == 0, "%s: ends over "
			"the starts differ", path);
		gdl_batch_each(gd, b, st, LANES, &r1, cut, NULL, NULL, plain, len2,
			NULL);
		CHECK_MSG(gl_rng_next(&r1) == gl_rng_next(&rng), "%s: ends change "
			"the draws", path);
		for (int l = 0; l < LANES; l++) {
			const uint64_t *x = end + (size_t)l * W;
			CHECK_MSG(len[l] == len2[l], "%s: lane %d made %d moves, %d "
				"without ends", path, l, len[l], len2[l]);
			if (term[l]) {
				CHECK(len[l] == 0 && memcmp(x, st + (size_t)l * W,
					(size_t)W * sizeof *x) == 0);
				continue;
			}
			gdl_eval_state(gd, e, x);
			bool done = gdl_terminal(gd, e);
			for (int r = 0; r < R; r++)
				done |= gdl_legal(gd, e, r, moves) == 0;
			CHECK_MSG(len[l] <= cut && (done || len[l] == cut), "%s: lane "
				"%d made %d moves of %d", path, l, len[l], cut);
			for (int r = 0; r < R; r++) {
				gdl_eval_state(gd, e, x);
				int g = goals[l * R + r];
				int want = done ? gdl_goal(gd, e, r) : -1;
				CHECK_MSG(g == want, "%s: lane %d role %d goal %d at its "
					"end, want %d", path, l, r, g, want);
				CHECK(!done || plain[l * R + r] == g);
			}
			if (cut == 1)
				CHECK_MSG(successor_state(gd, e, st + (size_t)l * W, x),
					"%s: lane %d ends at no successor", path, l);
		}
	}
out:
	free(end);
	free(over);
	free(plain);
	fix_close(&f);
}

/* gdl_batch_each's trail: from the states of a random walk, uniformly
 * and with weights (whose draw differs), each lane's recorded choices
 * replay its playout one by one: at each joint move every role with two
 * legal moves or more takes the next of them (its own, and legal), a role
 * with one takes it, and the playout ends where the lane's did, after its
 * length, with its goals, every choice used. With room for 3 choices a
 * lane keeps its first 3. */
static void check_trail(const char *path, uint64_t seed)
{
	lanes_fix f;
	if (!fix_open(&f, path)) {
		fix_close(&f);
		return;
	}
	const gdl_game *gd = f.gd;
	gdl_batch *b = f.b;
	gdl_eval *e = f.e;
	uint64_t *st = f.st;
	int *goals = f.goals, *moves = f.moves;
	int W = gd->words, R = gd->nroles, M = gd->nmoves;
	double *w = calloc((size_t)R * (size_t)M, sizeof *w);
	int32_t *tm = calloc((size_t)LANES * MAXLEN * R, sizeof *tm);
	int8_t *tw = calloc((size_t)LANES * MAXLEN * R, sizeof *tw);
	int tn[LANES], len[LANES], first[LANES * 3], nfirst[LANES];
	bool term[LANES];
	if (!w || !tm || !tw) {
		CHECK(0);
		goto out;
	}
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	walk(gd, e, &rng, st, term, moves);
	for (int k = 0; k < R * M; k++)
		w[k] = 1 + k % 7;
	for (int weighted = 0; weighted < 2; weighted++) {
		gl_rng at;
		gl_rng_seed(&at, seed + 1);
		gl_trail t = {tm, tw, tn, MAXLEN * R};
		gdl_batch_each(gd, b, st, LANES, &at, MAXLEN, weighted ? w : NULL,
			&t, goals, len, NULL);
		for (int l = 0; l < LANES; l++) {
			const int32_t *lm = tm + (size_t)l * (size_t)t.cap;
			const int8_t *lw = tw + (size_t)l * (size_t)t.cap;
			uint64_t s[T_WORDS_MAX];
			memcpy(s, st + (size_t)l * W, (size_t)W * sizeof *s);
			int used = 0, steps = 0;
			bool ok = true, end = false;
			for (; ok && !end && steps <= len[l]; steps++) {
				gdl_eval_state(gd, e, s);
				int joint[GDL_ROLES_MAX];
				end = gdl_terminal(gd, e) || steps == MAXLEN;
				for (int r = 0; r < R && !end && ok; r++) {
					int n = gdl_legal(gd, e, r, moves);
					end = n == 0;
					joint[r] = n > 0 ? moves[0] : 0;
					if (n < 2)
						continue;
					ok = used < tn[l] && lw[used] == r;
					bool legal = false;
					for (int i = 0; ok && i < n && !legal; i++)
						legal = moves[i] == lm[used];
					ok = ok && legal;
					joint[r] = ok ? lm[used++] : 0;
				}
				if (!end && ok)
					gdl_next(gd, e, joint, s);
			}
			ok = ok && end && steps - 1 == len[l] && used == tn[l];
			for (int r = 0; ok && r < R; r++)
				ok = gdl_goal(gd, e, r) == goals[l * R + r];
			CHECK_MSG(ok, "%s: lane %d (%s): %d choices, %d used, %d of %d "
				"moves replayed", path, l, weighted ? "weighted" :
				"uniform", tn[l], used, steps - 1, len[l]);
			nfirst[l] = tn[l] < 3 ? tn[l] : 3;
			for (int i = 0; i < nfirst[l]; i++)
				first[l * 3 + i] = lm[i];
		}
		/* the same playouts with room for 3 choices a lane */
		gl_rng_seed(&at, seed + 1);
		t.cap = 3;
		gdl_batch_each(gd, b, st, LANES, &at, MAXLEN, weighted ? w : NULL,
			&t, goals, len, NULL);
		for (int l = 0; l < LANES; l++) {
			bool same = tn[l] == nfirst[l];
			for (int i = 0; same && i < tn[l]; i++)
				same = tm[l * 3 + i] == first[l * 3 + i];
			CHECK_MSG(same, "%s: lane %d keeps %d of 3 choices", path, l,
				tn[l]);
		}
	}
out:
	free(w);
	free(tm);
	free(tw);
	fix_close(&f);
}

/* gdl_batch_each with move weights: in ticTacToe where xplayer wins at
 * (mark 1 3), one move from 64 copies of the position; weighted 10^9 to
 * 1 every lane wins (1 of 5 lanes, uniformly), weighted the other way
 * none does. */
static void check_weighted(void)
{
	gdl_game *gd = NULL;
	if (gdl_load_file(&gd, "data/gdl/games/ticTacToe.kif", NULL)) {
		CHECK(0);
		return;
	}
	int W = gd->words, M = gd->nmoves, win = gdl_move_find(gd, "(mark 1 3)");
	gdl_batch *b = gdl_batch_new(gd);
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t *st = calloc((size_t)LANES * (size_t)W, sizeof *st);
	double *w = calloc(2 * (size_t)M, sizeof *w);
	int goals[LANES * 2], len[LANES], joint[2];
	uint64_t s[T_WORDS_MAX];
	CHECK(win >= 0 && b && e && st && w && W <= T_WORDS_MAX);
	if (!(win >= 0 && b && e && st && w && W <= T_WORDS_MAX))
		goto out;
	gdl_initial(gd, s);
	const char *moves[] = {"(mark 1 1)", "(mark 2 1)", "(mark 1 2)",
		"(mark 2 2)"};
	joint[1] = joint[0] = gdl_move_find(gd, "noop");
	for (int i = 0; i < 4; i++) {
		gdl_eval_state(gd, e, s);
		joint[i % 2] = gdl_move_find(gd, moves[i]);
		joint[1 - i % 2] = gdl_move_find(gd, "noop");
		gdl_next(gd, e, joint, s);
	}
	for (int l = 0; l < LANES; l++)
		memcpy(st + (size_t)l * W, s, (size_t)W * sizeof *s);
	gl_rng rng;
	gl_rng_seed(&rng, 11);
	for (int heavy = 1; heavy >= 0; heavy--) {
		for (int k = 0; k < 2 * M; k++)
			w[k] = (k == win) == heavy ? 1e9 : 1;
		gdl_batch_each(gd, b, st, LANES, &rng, 1, w, NULL, goals, len, NULL);
		int wins = 0;
		for (int l = 0; l < LANES; l++)
			wins += goals[2 * l] == 100;
		CHECK_MSG(wins == (heavy ? LANES : 0), "weighted %s: %d of %d lanes "
			"won", heavy ? "to win" : "against winning", wins, LANES);
	}
out:
	free(st);
	free(w);
	gdl_batch_free(b);
	gdl_eval_free(e);
	gdl_free(gd);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 8;
	if (argc > 2) {
		for (int i = 2; i < argc; i++)
			check_file(argv[i], n, 1);
	} else {
		for (int i = 0; files[i]; i++)
			check_file(files[i], n, (uint64_t)i + 1);
		check_scores();
		check_weighted();
		for (int i = 0; files[i]; i++)
			check_each(files[i], (uint64_t)i + 100);
		for (int i = 0; files[i]; i++)
			check_trail(files[i], (uint64_t)i + 200);
		for (int i = 0; files[i]; i++)
			check_ends(files[i], (uint64_t)i + 300);
		gdl_alloc_sweep("data/gdl/net/reach.kif", NULL, GDL_NET);
		gdl_alloc_sweep("data/gdl/games/ticTacToe.kif", NULL, GDL_NET);
	}
	return test_report();
}
