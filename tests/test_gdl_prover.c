/*
 * test_gdl_prover.c - the prover (prover.c), the reasoner for descriptions
 * whose rules are too many to ground, against the network: on every test
 * game the two must give the same terminal, legal moves per role, goals
 * and next state in every state met by seeded random playouts (also when
 * the evaluator jumps between unrelated states, and through the batch
 * API), and the same perft to a small depth; a description whose ground
 * rules are far too many but whose domain is small (data/gdl/prover/
 * cross.kif) loads through the fallback and plays as worked out by hand;
 * the games that negate goal inside its own definition agree too, and
 * so do rules that the network grounds condensed (condense.c: net/lone.kif,
 * blockerParallel, gt_attrition, gt_two_thirds_4p, racer4);
 * the limits of gdl_load_opts and the game type's reasoner parameter
 * choose the reasoner; what is asked on demand (asked()); a description too big even for the domain is still
 * refused; and running out of memory anywhere in loading for the prover
 * (through the fallback too) or in making its evaluators is an error, not
 * a crash. Usage: test_gdl_prover [PLAYOUTS [FILE...]] (checkersTiny and
 * hex, whose groundings are large, run in test_gdl_prover_big.c).
 */
#include "gdltest.h"

#include "gamelearn/game.h"
#include "gdl/internal.h"

#include <stdlib.h>

#ifdef GDL_PROVER_BIG /* test_gdl_prover_big.c: the large groundings */
static const char *const files[] = {
	"data/gdl/games/checkersTiny.kif", "data/gdl/games/hex.kif", NULL
};
#else
static const char *const files[] = {
	"data/gdl/net/reach.kif",
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
	"data/gdl/test/connectFour.kif", "data/gdl/test/simpleMutex.kif",
	"data/gdl/test/test_case_1a.kif", "data/gdl/test/test_case_1b.kif",
	"data/gdl/test/test_case_2a.kif", "data/gdl/test/test_case_2b.kif",
	"data/gdl/test/test_case_2c.kif", "data/gdl/test/test_case_3a.kif",
	"data/gdl/test/test_case_3c.kif", "data/gdl/test/test_case_3d.kif",
	"data/gdl/test/test_case_4a.kif", "data/gdl/test/test_case_5a.kif",
	"data/gdl/test/test_case_5b.kif", "data/gdl/test/test_case_5c.kif",
	"data/gdl/test/test_case_5d.kif", "data/gdl/test/test_case_5e.kif",
	"data/gdl/test/test_clean_not_distinct.kif",
	"data/gdl/test/test_distinct_beginning_rule.kif",
	"data/gdl/test/ticTacToe.kif",
	/* goal negated inside its own definition (stratified on ground
	 * atoms only: the prover's alternating fixpoint) */
	"data/gdl/hard/queens08lg.kif", "data/gdl/hard/futoshiki4.kif",
	"data/gdl/hard/hidato19.kif", "data/gdl/hard/hexPie.kif",
	"data/gdl/hard/majorities.kif",
	"data/gdl/hard/nineBoardTicTacToePie.kif", NULL
};
#endif

#define CROSS "data/gdl/prover/cross.kif"

enum { MAXLEN = 300, LANES = 64 };

static int load(gdl_game **gd, const char *path, gdl_reasoner r, gl_err *err)
{
	gdl_load_opts o = {.reasoner = r};
	return gdl_load_file_ex(gd, path, &o, err);
}

/* The same game loaded for both reasoners, and where each base of the
 * prover's is in the network's states (the domains are equal; their
 * numbering follows the grounders' order, which may differ). */
typedef struct pair {
	gdl_game *net, *pv;
	int *to_net;   /* [nbase] */
	int *to_pv;    /* [nbase] */
} pair;

static void pair_done(pair *P)
{
	gdl_free(P->net);
	gdl_free(P->pv);
	free(P->to_net);
	free(P->to_pv);
	memset(P, 0, sizeof *P);
}

static bool pair_load(pair *P, const char *path)
{
	gl_err err = {0};
	memset(P, 0, sizeof *P);
	if (load(&P->net, path, GDL_NET, &err) || load(&P->pv, path, GDL_PROVER,
						      &err)) {
		CHECK_MSG(0, "%s", err.msg);
		return false;
	}
	CHECK(gdl_reasoner_of(P->net) == GDL_NET);
	CHECK(gdl_reasoner_of(P->pv) == GDL_PROVER);
	int n = gdl_nbase(P->net);
	/* condensed rules (condense.c) have atoms of their own relations */
	CHECK_MSG(gdl_nbase(P->pv) == n && gdl_nmoves(P->pv) == gdl_nmoves(P->net) &&
		(P->net->condensed ? gdl_natoms(P->pv) < gdl_natoms(P->net) :
		 gdl_natoms(P->pv) == gdl_natoms(P->net)) &&
		gdl_nroles(P->pv) == gdl_nroles(P->net), "%s: sizes differ", path);
	CHECK(P->pv->condensed == 0);
	CHECK(gdl_nrules(P->pv) == 0 && gdl_ngates(P->pv) == 0);
	if (gdl_nbase(P->pv) != n || gdl_nmoves(P->pv) != gdl_nmoves(P->net))
		return false;
	for (int m = 0; m < gdl_nmoves(P->net); m++) {
		char a[256], b[256];
		gdl_move_text(P->net, m, a, sizeof a);
		gdl_move_text(P->pv, m, b, sizeof b);
		CHECK_STR(a, b);
	}
	P->to_net = malloc(sizeof *P->to_net * ((size_t)n + 1));
	P->to_pv = malloc(sizeof *P->to_pv * ((size_t)n + 1));
	char (*tn)[128] = malloc(sizeof *tn * ((size_t)n + 1));
	if (!P->to_net || !P->to_pv || !tn) {
		free(tn);
		CHECK_MSG(0, "out of memory");
		return false;
	}
	for (int i = 0; i < n; i++) {
		gdl_base_text(P->net, i, tn[i], sizeof tn[i]);
		P->to_pv[i] = -1;
	}
	bool ok = true;
	for (int i = 0; i < n && ok; i++) {
		char t[128];
		gdl_base_text(P->pv, i, t, sizeof t);
		P->to_net[i] = -1;
		for (int j = 0; j < n && P->to_net[i] < 0; j++)
			if (!strcmp(t, tn[j]))
				P->to_net[i] = j;
		ok = P->to_net[i] >= 0 && P->to_pv[P->to_net[i]] < 0;
		if (ok)
			P->to_pv[P->to_net[i]] = i;
	}
	free(tn);
	CHECK_MSG(ok, "%s: the bases differ", path);
	return ok;
}

/* A state of one numbering into the other's. */
static void remap(const int *map, int nbase, const uint64_t *s, uint64_t *out)
{
	memset(out, 0, T_WORDS_MAX * sizeof *out);
	for (int i = 0; i < nbase; i++)
		if (s[i / 64] >> (i % 64) & 1)
			out[map[i] / 64] |= 1ull << (map[i] % 64);
}

/* The two evaluators agree at their states; returns the differences. */
static int same_answers(const pair *P, gdl_eval *en, gdl_eval *ep, int *mn,
	int *mp)
{
	int bad = gdl_terminal(P->net, en) != gdl_terminal(P->pv, ep);
	bad += gdl_eval_error(P->pv, ep) != 0;
	for (int r = 0; r < gdl_nroles(P->net); r++) {
		int a = gdl_legal(P->net, en, r, mn), b = gdl_legal(P->pv, ep, r, mp);
		bad += a != b || gdl_legal_count(P->pv, ep, r) != b;
		for (int i = 0; i < a && i < b; i++)
			bad += mn[i] != mp[i] || gdl_legal_nth(P->pv, ep, r, i) != mp[i];
		bad += gdl_goal(P->net, en, r) != gdl_goal(P->pv, ep, r);
		int vn[8], vp[8], k = gdl_goal_values(P->net, en, r, vn, 8);
		bad += gdl_goal_values(P->pv, ep, r, vp, 8) != k;
		for (int i = 0; i < k && i < 8; i++)
			bad += vn[i] != vp[i];
	}
	return bad;
}

/* Random playouts (moves drawn from the network's answers), the prover
 * checked at every step; then the batch API on states met; then perft. */
static void compare(const char *path, int nplay, int depth, uint64_t seed)
{
	pair P;
	if (!pair_load(&P, path)) {
		pair_done(&P);
		return;
	}
	const gdl_game *gn = P.net, *gp = P.pv;
	int nb = gdl_nbase(gn), R = gdl_nroles(gn), M = gdl_nmoves(gn), W = gn->words;
	gdl_eval *en = gdl_eval_new(gn), *ep = gdl_eval_new(gp),
		*jump = gdl_eval_new(gp);
	gdl_batch *bp = gdl_batch_new(gp);
	int *mn = malloc(sizeof *mn * ((size_t)M + 1));
	int *mp = malloc(sizeof *mp * ((size_t)M + 1));
	size_t cap = (size_t)nplay * MAXLEN + 1, nseen = 0;
	uint64_t *seen = malloc(cap * (size_t)W * sizeof *seen);
	if (!en || !ep || !jump || !bp || !mn || !mp || !seen) {
		CHECK_MSG(0, "out of memory");
		goto out;
	}
	/* the initial states agree */
	uint64_t s[T_WORDS_MAX], sp[T_WORDS_MAX], t[T_WORDS_MAX];
	gdl_initial(gn, s);
	gdl_initial(gp, sp);
	remap(P.to_net, nb, sp, t);
	CHECK_MSG(!memcmp(s, t, (size_t)W * sizeof *s), "%s: initial states", path);
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	int bad = 0;
	for (int k = 0; k < nplay && !bad; k++) {
		gdl_initial(gn, s);
		for (int len = 0; len < MAXLEN && !bad; len++) {
			memcpy(seen + nseen++ * W, s, (size_t)W * sizeof *s);
			remap(P.to_pv, nb, s, sp);
			gdl_eval_state(gn, en, s);
			gdl_eval_state(gp, ep, sp);
			bad += same_answers(&P, en, ep, mn, mp);
			/* an evaluator that jumps here from elsewhere agrees too */
			uint64_t o[T_WORDS_MAX];
			remap(P.to_pv, nb, seen + gl_rng_below(&rng, (uint32_t)nseen) * W, o);
			gdl_eval_state(gp, jump, o);
			gdl_eval_state(gp, jump, sp);
			bad += same_answers(&P, en, jump, mn, mp);
			if (bad) {
				CHECK_MSG(0, "%s: playout %d step %d: the prover disagrees",
					path, k, len);
				break;
			}
			if (gdl_terminal(gn, en))
				break;
			int joint[GDL_ROLES_MAX];
			bool stuck = false;
			for (int r = 0; r < R && !stuck; r++) {
				int c = gdl_legal_count(gn, en, r);
				stuck = c == 0;
				joint[r] = stuck ? -1 : gdl_legal_nth(gn, en, r,
					(int)gl_rng_below(&rng, (uint32_t)c));
			}
			if (stuck)
				break;
			uint64_t nx[T_WORDS_MAX], np[T_WORDS_MAX];
			gdl_next(gn, en, joint, nx);
			gdl_next(gp, ep, joint, np);
			remap(P.to_net, nb, np, t);
			if (memcmp(nx, t, (size_t)W * sizeof *nx)) {
				CHECK_MSG(0, "%s: playout %d step %d: next states differ",
					path, k, len);
				bad++;
			}
			/* asked again, the same */
			gdl_next(gp, ep, joint, np);
			remap(P.to_net, nb, np, t);
			bad += memcmp(nx, t, (size_t)W * sizeof *nx) != 0;
			memcpy(s, nx, sizeof s);
		}
	}
	CHECK_MSG(!bad, "%s: prover", path);
	/* The batch API over the prover: states met, in a shuffled order. */
	int nlegal[LANES * GDL_ROLES_MAX], goals[LANES * GDL_ROLES_MAX];
	int joints[LANES * GDL_ROLES_MAX];
	bool term[LANES];
	uint64_t st[LANES][T_WORDS_MAX], next[LANES][T_WORDS_MAX];
	int nl = 0;
	for (; nl < LANES && nl < (int)nseen; nl++) {
		uint64_t *x = seen + gl_rng_below(&rng, (uint32_t)nseen) * W;
		remap(P.to_pv, nb, x, st[nl]);
		gdl_eval_state(gn, en, x);
		for (int r = 0; r < R; r++) {
			int c = gdl_legal_count(gn, en, r);
			joints[nl * R + r] = c ? gdl_legal_nth(gn, en, r,
				(int)gl_rng_below(&rng, (uint32_t)c)) : -1;
		}
	}
	/* states packed W words apart, as gdl_batch_step reads them */
	uint64_t *packed = malloc((size_t)LANES * W * sizeof *packed);
	uint64_t *pnext = malloc((size_t)LANES * W * sizeof *pnext);
	if (packed && pnext) {
		for (int l = 0; l < nl; l++)
			memcpy(packed + (size_t)l * W, st[l], (size_t)W * sizeof *packed);
		gdl_batch_step(gp, bp, nl, packed, joints, nlegal, term, goals, pnext);
		bad = 0;
		for (int l = 0; l < nl; l++) {
			uint64_t x[T_WORDS_MAX];
			remap(P.to_net, nb, st[l], x);
			gdl_eval_state(gn, en, x);
			bad += term[l] != gdl_terminal(gn, en);
			for (int r = 0; r < R; r++)
				bad += nlegal[l * R + r] != gdl_legal_count(gn, en, r) ||
					goals[l * R + r] != gdl_goal(gn, en, r);
			if (term[l])
				continue;
			uint64_t nx[T_WORDS_MAX];
			gdl_next(gn, en, joints + l * R, nx);
			memcpy(next[l], pnext + (size_t)l * W, (size_t)W * sizeof *pnext);
			remap(P.to_net, nb, next[l], x);
			bad += memcmp(nx, x, (size_t)W * sizeof *nx) != 0;
		}
		CHECK_MSG(!bad, "%s: batch step over the prover", path);
	} else {
		CHECK_MSG(0, "out of memory");
	}
	free(packed);
	free(pnext);
	/* batch playouts run, with goals in range, the same for a seed */
	uint64_t init[T_WORDS_MAX];
	int64_t sa[GDL_ROLES_MAX], sb[GDL_ROLES_MAX];
	gdl_initial(gp, init);
	gl_rng_seed(&rng, seed);
	uint64_t na = gdl_batch_playouts(gp, bp, init, 3, &rng, MAXLEN, sa);
	gl_rng_seed(&rng, seed);
	uint64_t nbm = gdl_batch_playouts(gp, bp, init, 3, &rng, MAXLEN, sb);
	CHECK(na == nbm);
	for (int r = 0; r < R; r++)
		CHECK(sa[r] == sb[r] && sa[r] >= 0 && sa[r] <= 300);
	/* perft, from the start, while the tree is small */
	for (int d = 1; d <= depth; d++) {
		gdl_initial(gn, s);
		gdl_initial(gp, sp);
		uint64_t a = gdl_perft(gn, en, s, d);
		if (d > 1 && a > 2000)
			break;
		uint64_t b = gdl_perft(gp, ep, sp, d);
		CHECK_MSG(a == b, "%s: perft %d: network %llu, prover %llu", path, d,
			(unsigned long long)a, (unsigned long long)b);
	}
out:
	free(mn);
	free(mp);
	free(seen);
	gdl_batch_free(bp);
	gdl_eval_free(en);
	gdl_eval_free(ep);
	gdl_eval_free(jump);
	pair_done(&P);
}

/* The legal moves of role r (by text, space separated) into buf. */
static const char *legal_text(const gdl_game *gd, gdl_eval *e, int r,
	char *buf, size_t n)
{
	int moves[64];
	int k = gdl_legal(gd, e, r, moves);
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < k; i++) {
		char t[64];
		gdl_move_text(gd, moves[i], t, sizeof t);
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? " " : "", t);
	}
	return buf;
}

/* Play moves (one text per role each, "" for none) from the start. */
static void play(const gdl_game *gd, gdl_eval *e, uint64_t *s,
	const char *const (*moves)[2], int n)
{
	gdl_initial(gd, s);
	for (int k = 0; k < n; k++) {
		int joint[2];
		gdl_eval_state(gd, e, s);
		for (int r = 0; r < 2; r++)
			joint[r] = gdl_move_find(gd, moves[k][r]);
		gdl_next(gd, e, joint, s);
	}
	gdl_eval_state(gd, e, s);
}

/* cross.kif: a take-away game (a pile of 7, take 1..3, who takes the last
 * wins; no taking 2 from 5) whose rules a few cross products of 40 digits
 * make too many to ground: 40^4 instances of the legal rule per (role,
 * pile, take). Its answers worked out by hand. */
static void cross(void)
{
	gdl_game *gd = NULL;
	gl_err err = {0};
	/* the default falls back to the prover (refused by the network alone:
	 * see limits(), where it costs less) */
	double t0 = gl_now();
	int rc = gdl_load_file(&gd, CROSS, &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (rc)
		return;
	printf("cross.kif: loaded through the fallback in %.3f s\n", gl_now() - t0);
	CHECK(gdl_reasoner_of(gd) == GDL_PROVER);
	CHECK_MSG(strstr(gdl_fallback_reason(gd), "grounding too big (more than") &&
		strstr(gdl_fallback_reason(gd), "ground rules"), "'%s'",
		gdl_fallback_reason(gd));
	CHECK(gdl_nroles(gd) == 2 && gdl_nmoves(gd) == 4 && gdl_nbase(gd) == 10);
	gdl_eval *e = gdl_eval_new(gd);
	if (!e) {
		CHECK(0);
		gdl_free(gd);
		return;
	}
	char buf[256];
	uint64_t s[T_WORDS_MAX];
	play(gd, e, s, NULL, 0);
	CHECK(!gdl_terminal(gd, e));
	CHECK_STR(legal_text(gd, e, 0, buf, sizeof buf), "(take 1) (take 2) (take 3)");
	CHECK_STR(legal_text(gd, e, 1, buf, sizeof buf), "noop");
	CHECK(gdl_goal(gd, e, 0) == 50 && gdl_goal(gd, e, 1) == 50);
	/* from 5, no taking 2 */
	static const char *const two[][2] = {{"(take 2)", "noop"}};
	play(gd, e, s, two, 1);
	CHECK_STR(legal_text(gd, e, 0, buf, sizeof buf), "noop");
	CHECK_STR(legal_text(gd, e, 1, buf, sizeof buf), "(take 1) (take 3)");
	/* from 1, only 1; then the end, the last taker winning */
	static const char *const game[][2] = {{"(take 3)", "noop"},
		{"noop", "(take 3)"}, {"(take 1)", "noop"}};
	play(gd, e, s, game, 2);
	CHECK_STR(legal_text(gd, e, 0, buf, sizeof buf), "(take 1)");
	CHECK(!gdl_terminal(gd, e));
	play(gd, e, s, game, 3);
	CHECK(gdl_terminal(gd, e) && gdl_legal_count(gd, e, 1) == 0);
	CHECK(gdl_goal(gd, e, 0) == 100 && gdl_goal(gd, e, 1) == 0);
	CHECK(gdl_eval_error(gd, e) == 0);
	/* perft: 3 first moves; from 6, 5, 4: 3, 2, 3 replies; ... */
	gdl_initial(gd, s);
	CHECK_EQ_U64(gdl_perft(gd, e, s, 1), 3);
	CHECK_EQ_U64(gdl_perft(gd, e, s, 2), 8);
	/* random playouts end with a winner */
	gl_rng rng;
	gl_rng_seed(&rng, 5);
	for (int k = 0; k < 20; k++) {
		int goals[2];
		int n = gdl_playout(gd, e, s, &rng, 100, goals, NULL);
		CHECK(n >= 3 && n <= 7 && goals[0] + goals[1] == 100);
	}
	gdl_eval_free(e);
	gdl_free(gd);
	/* a state that needs more join steps than allowed: an error, read as
	 * terminal without moves */
	gdl_load_opts o = {.reasoner = GDL_PROVER, .max_steps = 20};
	rc = gdl_load_file_ex(&gd, CROSS, &o, &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (!rc && (e = gdl_eval_new(gd))) {
		gdl_initial(gd, s);
		gdl_eval_state(gd, e, s);
		CHECK(gdl_eval_error(gd, e) == GL_ERANGE && gdl_terminal(gd, e));
		CHECK(gdl_legal_count(gd, e, 0) == 0 && gdl_goal(gd, e, 0) == 0);
		int joint[2] = {0, 0};
		uint64_t nx[T_WORDS_MAX];
		gdl_next(gd, e, joint, nx);
		CHECK(nx[0] == 0);
		gdl_eval_free(e);
	}
	gdl_free(gd);
}

/* The limits of gdl_load_opts: a game over them falls back to the prover
 * (which plays it as the network does), or under GDL_NET is refused. */
static void limits(void)
{
	const char *path = "data/gdl/games/ticTacToe.kif";
	gdl_game *gd = NULL;
	gl_err err = {0};
	gdl_load_opts o = {.max_rules = 100};
	int rc = gdl_load_file_ex(&gd, path, &o, &err);
	CHECK_MSG(rc == 0 && gdl_reasoner_of(gd) == GDL_PROVER, "%s", err.msg);
	CHECK(rc || strstr(gdl_fallback_reason(gd), "more than 100 ground rules"));
	uint64_t s[T_WORDS_MAX];
	if (!rc) {
		gdl_eval *e = gdl_eval_new(gd);
		gdl_initial(gd, s);
		CHECK(e && gdl_perft(gd, e, s, 3) == 504);
		gdl_eval_free(e);
	}
	gdl_free(gd);
	o = (gdl_load_opts){.max_gates = 50};
	rc = gdl_load_file_ex(&gd, path, &o, &err);
	CHECK_MSG(rc == 0 && gdl_reasoner_of(gd) == GDL_PROVER, "%s", err.msg);
	CHECK(rc || strstr(gdl_fallback_reason(gd), "network too big"));
	if (!rc) {
		gdl_eval *e = gdl_eval_new(gd);
		gdl_initial(gd, s);
		CHECK(e && gdl_perft(gd, e, s, 3) == 504);
		gdl_eval_free(e);
	}
	gdl_free(gd);
	o = (gdl_load_opts){.reasoner = GDL_NET, .max_rules = 100};
	rc = gdl_load_file_ex(&gd, path, &o, &err);
	CHECK_MSG(rc == GL_ERANGE && strstr(err.msg, "more than 100 ground rules"),
		"%s", err.msg);
	gdl_free(gd);
	/* within the limits, the network; and its fallback reason is empty */
	rc = gdl_load_file(&gd, path, &err);
	CHECK(rc == 0 && gdl_reasoner_of(gd) == GDL_NET &&
		!*gdl_fallback_reason(gd) && gdl_ngates(gd) > 0);
	gdl_free(gd);
	CHECK(gdl_reasoner_parse("prover") == GDL_PROVER);
	CHECK(gdl_reasoner_parse("auto") == GDL_AUTO);
	CHECK(gdl_reasoner_parse("nets") == -1);
	CHECK_STR(gdl_reasoner_name(GDL_NET), "net");
}

/* Descriptions too big for the domain are refused, whatever the reasoner;
 * one too big only in its instances (join.kif) loads for the prover. */
static void refused(void)
{
	static const char *const big[] = {"data/gdl/hostile/deep_term.kif",
		"data/gdl/hostile/big_term.kif"};
	for (int i = 0; i < 2; i++)
		for (int r = GDL_AUTO; r <= GDL_PROVER; r++) {
			gdl_game *gd = NULL;
			gl_err err = {0};
			int rc = load(&gd, big[i], (gdl_reasoner)r, &err);
			CHECK_MSG(rc == GL_ERANGE && !gd &&
				strstr(err.msg, "grounding too big (a ground term"),
				"%s: %d '%s'", big[i], rc, err.msg);
			gdl_free(gd);
		}
	gdl_game *gd = NULL;
	gl_err err = {0};
	int rc = load(&gd, "data/gdl/hostile/join.kif", GDL_PROVER, &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (!rc) {
		gdl_eval *e = gdl_eval_new(gd);
		uint64_t s[T_WORDS_MAX];
		gdl_initial(gd, s);
		CHECK(e && gdl_perft(gd, e, s, 1) == 1);
		int joint[1] = {0};
		gdl_next(gd, e, joint, s);
		gdl_eval_state(gd, e, s);
		CHECK(gdl_terminal(gd, e) && gdl_goal(gd, e, 0) == 100);
		gdl_eval_free(e);
	}
	gdl_free(gd);
}

/* A load stopped by its caller (a GGP player whose match ended): the
 * stop is asked while grounding, and a yes ends the load at once with
 * GL_ESTOP; the rules loaded are then an instance of the gdl type. */
static bool stop_after(void *arg)
{
	int *calls = arg;
	return --*calls < 0;
}

static void stopped(void)
{
	const char *path = "data/gdl/hard/skirmish.kif";
	char *text;
	size_t len;
	gl_err err = {0};
	CHECK(gl_read_file(path, 1 << 22, &text, &len, &err) == 0);
	int calls = 2;
	gdl_load_opts o = {.stop = stop_after, .stop_arg = &calls};
	gdl_game *gd = NULL;
	int rc = gdl_load_ex(&gd, text, len, "rules", &o, &err);
	CHECK_MSG(rc == GL_ESTOP && !gd && calls == -1 &&
		!strcmp(err.msg, "rules: loading stopped"), "%d '%s' %d", rc,
		err.msg, calls);
	calls = 1 << 30; /* never stops */
	rc = gdl_load_ex(&gd, text, len, "rules", &o, &err);
	CHECK_MSG(rc == 0 && calls < (1 << 30), "%s", err.msg);
	gl_game *g = rc ? NULL : gdl_game_new_from(gd, "rules", &err);
	CHECK(g && gdl_game_of(g) == gd && strstr(g->spec, "gdl:file=rules,"));
	if (g) {
		unsigned char *s = gl_malloc(g->state_size);
		uint64_t n = 0;
		g->type->start(g, s);
		CHECK(gl_perft(g, s, 2, &n, NULL) == 0);
		CHECK_EQ_U64(n, 400);
		gl_free(s);
	}
	gl_game_free(g);
	gl_free(text);
}

/* The game type's reasoner parameter. */
static void game_param(void)
{
	gl_err err = {0};
	gl_game *g = gl_game_new("gdl:file=data/gdl/games/connectFour.kif,"
		"reasoner=prover", &err);
	CHECK_MSG(g != NULL, "%s", err.msg);
	unsigned char *s = g ? gl_malloc(g->state_size) : NULL;
	if (s) {
		g->type->start(g, s);
		uint64_t n = 0;
		CHECK(gl_perft(g, s, 3, &n, NULL) == 0);
		CHECK_EQ_U64(n, 512); /* 8 columns */
		int64_t sum[GL_PLAYERS_MAX];
		gl_rng rng;
		gl_rng_seed(&rng, 3);
		CHECK(g->type->playouts(g, s, 4, &rng, 1000, sum) >= 4 * 7);
		CHECK(sum[0] + sum[1] == 400);
	}
	gl_free(s);
	gl_game_free(g);
	g = gl_game_new("gdl:file=data/gdl/games/connectFour.kif,reasoner=fast",
		&err);
	CHECK_MSG(!g && err.code == GL_EINVAL && strstr(err.msg, "reasoner 'fast'"),
		"%s", err.msg);
	gl_game_free(g);
}

/* What is asked on demand. Every relation by default; the static
 * relations that some rule negates are computed whole instead only where
 * asking them made a component that negates itself, and that is cheaper:
 * mummymaze1p is kept so (its prover has no such component), while
 * static_negated.kif, whose negated static relation holds 13 million
 * atoms, still loads asked on demand in every way there is. */
static void asked(void)
{
	static const gdl_load_opts ways[] = {
		{.demand = true},
		{.layout = true, .reasoner = GDL_PROVER},
		{.layout = true, .demand = true, .reasoner = GDL_PROVER},
		{.reasoner = GDL_AUTO},
	};
	for (size_t w = 0; w < sizeof ways / sizeof *ways; w++) {
		gdl_game *gd = NULL;
		gl_err err = {0};
		int rc = gdl_load_file_ex(&gd, "data/gdl/demand/static_negated.kif",
			&ways[w], &err);
		CHECK_MSG(rc == 0, "way %zu: %s", w, err.msg);
		gdl_eval *e = rc ? NULL : gdl_eval_new(gd);
		if (e) {
			uint64_t s[T_WORDS_MAX];
			gdl_initial(gd, s);
			gdl_eval_state(gd, e, s);
			CHECK(!gdl_eval_error(gd, e) && !gdl_terminal(gd, e) &&
				gdl_legal_count(gd, e, 0) == 2);
		}
		gdl_eval_free(e);
		gdl_free(gd);
	}
	gdl_game *gd = NULL;
	gl_err err = {0};
	int rc = gdl_load_file(&gd, "data/gdl/hard/mummymaze1p.kif", &err);
	CHECK_MSG(rc == 0 && gdl_reasoner_of(gd) == GDL_PROVER, "%s", err.msg);
	CHECK(rc || !gdl_prover_negates_itself(gd));
	gdl_free(gd);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	if (argc > 2) {
		for (int i = 2; i < argc; i++)
			compare(argv[i], n, 2, 1);
		return test_report();
	}
	for (int i = 0; files[i]; i++) {
		/* fewer playouts of the long games and the large groundings */
		bool big = strstr(files[i], "hex") || strstr(files[i], "checkers");
		bool longer = strstr(files[i], "reversi") != NULL;
		bool hard = strstr(files[i], "hard/") != NULL; /* perft costs */
		double t0 = gl_now();
		compare(files[i], big ? 1 : longer ? (n + 1) / 2 : n,
			big ? 1 : hard ? 2 : 3, (uint64_t)i + 1);
		printf("%-48s %.3f s\n", files[i], gl_now() - t0);
	}
#ifdef GDL_PROVER_BIG
	return test_report();
#endif
	/* rules ground condensed (condense.c) against the prover's, which
	 * reads them as written */
	compare("data/gdl/net/lone.kif", n, 1, 91);
	compare("data/gdl/hard/blockerParallel.kif", n, 1, 92);
	compare("data/gdl/hard/gt_attrition.kif", n, 1, 93);
	compare("data/gdl/hard/gt_two_thirds_4p.kif", n, 1, 94);
	compare("data/gdl/hard/racer4.kif", n, 1, 95);
	cross();
	limits();
	refused();
	stopped();
	game_param();
	asked();
	gdl_load_opts prover = {.reasoner = GDL_PROVER};
	gdl_load_opts fallback = {.max_rules = 10};
	gdl_alloc_sweep("data/gdl/net/reach.kif", &prover, GDL_PROVER);
	gdl_alloc_sweep("data/gdl/net/reach.kif", &fallback, GDL_PROVER);
	gdl_alloc_sweep(CROSS, &prover, GDL_PROVER);
	return test_report();
}
