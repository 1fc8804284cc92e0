/*
 * test_uct.c - the `uct` agent (Monte Carlo tree search, issue 8 item 6),
 * always under an iteration limit so that results are reproducible: it
 * beats random at tictactoe (either side), connect4 and GDL ticTacToe,
 * never misses a win in one (with and without the solver) nor a forced
 * block, plays complete legal matches in a 3-player and in
 * simultaneous-move GDL games, searches simultaneous moves decoupled (a
 * later chooser's move does not depend on the pending earlier ones, told
 * or not; a dominated move is not played), is deterministic by seed, and
 * keeps playing legally when its tree is reused and its arena fills.
 * Pondering keeps its tree across turns; set_time() bounds choose(); its
 * parameters are deterministic by seed and keep the checks above. rank
 * values the standing in games of three players; in a race (every goal
 * line one proposition: breakthroughSmall) the default is random lanes
 * cut and valued by a learnt heuristic (param race), elsewhere not; in
 * games of lines to connect, decisive moves (param connect) find a win
 * in one iteration and block a threat sooner. Endgame solving (esolve)
 * keeps every won or drawn position's value with one iteration or on a
 * clock, plays the tree's move where it is proven to hold a draw, gives
 * up where goals do not sum to 100 and where moves are simultaneous, and
 * searches at a match's first move and after a tree that reached ends,
 * not after one that reached none. The nodes' states kept (param
 * states) or replayed play the same matches, and kept they spare apply()
 * calls. A whole match of choices, with each of several options,
 * allocates nothing. tests/test_uct_same.c holds the default's moves.
 */
#include "gametest.h"

#include "gamelearn/agent.h"

#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

/* The games of play(), duel() and count_choice(), each made once
 * (tg_game()) and kept to the end (kept_games_free()), as the tool plays
 * a series of matches on one game: blockerParallel's rules take half a
 * second to compile (seconds under the sanitizers), and its matches here
 * are by the hundred. */
enum { KEPT_MAX = 32 };
static struct {
	char spec[128];
	gl_game *g;
} kept_games[KEPT_MAX];

static gl_game *kept_game(const char *spec)
{
	int i = 0;
	for (; i < KEPT_MAX && kept_games[i].g; i++)
		if (strcmp(kept_games[i].spec, spec) == 0)
			return kept_games[i].g;
	if (i == KEPT_MAX || strlen(spec) >= sizeof kept_games[i].spec) {
		fprintf(stderr, "kept_game: no room for %s\n", spec);
		exit(1);
	}
	snprintf(kept_games[i].spec, sizeof kept_games[i].spec, "%s", spec);
	return kept_games[i].g = tg_game(spec);
}

static void kept_games_free(void)
{
	for (int i = 0; i < KEPT_MAX; i++)
		gl_game_free(kept_games[i].g);
}

/* tg_agent(), with a sixteenth of uct's arena where the spec is uct's
 * on an iteration limit (time=0) and leaves the arena alone:
 * nodes=125000,states=8 for the defaults' 2,000,000 nodes and 128 MiB of
 * states, so that the same games keep their nodes' states. The moves are
 * the default arena's: no search here comes near filling it (the largest
 * tree of these agents had 78,907 nodes, in test_no_alloc). Under the
 * sanitizers an agent's untouched 100 MB arena costs some 100 ms of
 * shadow memory, made and cleared, and this program makes thousands. */
static gl_agent *uct_agent(const char *spec, const gl_game *g)
{
	char v[64];
	if (strncmp(spec, "uct:", 4) != 0 ||
	    !gl_spec_value(spec, "time", v, sizeof v) || strtod(v, NULL) != 0 ||
	    gl_spec_value(spec, "nodes", NULL, 0))
		return tg_agent(spec, g);
	char buf[512];
	snprintf(buf, sizeof buf, "%s,nodes=125000%s", spec,
		gl_spec_value(spec, "states", NULL, 0) ? "" : ",states=8");
	return tg_agent(buf, g);
}

/* Play n matches of uct (spec) against another agent on game, uct taking
 * player `side` (or alternating sides when side < 0), match i seeded
 * 1000 + i. Returns uct's wins (goal above the other's); *played counts
 * matches played without error, *draws (if not NULL) the drawn ones. */
static int duel(const char *game, const char *spec, const char *other,
	int side, int n, int *played, int *draws)
{
	gl_game *g = kept_game(game);
	gl_agent *u = uct_agent(spec, g);
	gl_agent *r = uct_agent(other, g);
	int wins = 0;
	*played = 0;
	if (draws)
		*draws = 0;
	for (int i = 0; i < n; i++) {
		int me = side >= 0 ? side : i % 2;
		gl_agent *ag[2] = {me == 0 ? u : r, me == 0 ? r : u};
		gl_match m;
		gl_match_init(&m);
		gl_err err = {0};
		int rc = gl_match_play(g, ag, 1000 + (uint64_t)i, &m, &err);
		CHECK_MSG(rc == 0, "%s match %d: %s", game, i, err.msg);
		if (rc == 0) {
			(*played)++;
			wins += m.goals[me] > m.goals[1 - me];
			if (draws)
				*draws += m.goals[me] == m.goals[1 - me];
		}
		gl_match_done(&m);
	}
	gl_agent_free(u);
	gl_agent_free(r);
	return wins;
}

/* duel() against random. */
static int wins_vs_random(const char *game, const char *spec, int side, int n,
	int *played)
{
	return duel(game, spec, "random", side, n, played, NULL);
}

static void test_beats_random(void)
{
	int played, w;
	const char *ttt = "uct:time=0,iterations=3000";
	w = wins_vs_random("tictactoe", ttt, 0, 50, &played);
	printf("tictactoe uct as X: %d/%d wins\n", w, played);
	CHECK_MSG(w >= 45, "%d/50", w);
	w = wins_vs_random("tictactoe", ttt, 1, 50, &played);
	printf("tictactoe uct as O: %d/%d wins\n", w, played);
	CHECK_MSG(w >= 45, "%d/50", w);
	w = wins_vs_random("connect4", "uct:time=0,iterations=1000", -1, 20, &played);
	printf("connect4 uct: %d/%d wins\n", w, played);
	CHECK_MSG(w >= 18, "%d/20", w);
	w = wins_vs_random("gdl:data/gdl/games/ticTacToe.kif",
		"uct:time=0,iterations=1000", -1, 20, &played);
	printf("gdl ticTacToe uct: %d/%d wins\n", w, played);
	CHECK_MSG(played == 20 && w >= 14, "%d/%d", w, played);
}

/* For how many of 30 seeds uct (spec) chooses `want` in the position
 * after `moves` (the last other move chosen into other[GL_MOVE_TEXT]). */
static int count_choice(const char *game, const char *spec, const char *moves,
	const char *want, char *other)
{
	gl_game *g = kept_game(game);
	gl_agent *a = uct_agent(spec, g);
	unsigned char *s = tg_state(g);
	g->type->start(g, s);
	tg_play(g, s, moves);
	a->role = g->type->to_move(g, s);
	int hits = 0;
	for (uint64_t seed = 0; seed < 30; seed++) {
		gl_err err = {0};
		gl_rng_split(&a->rng, seed, 0);
		a->type->begin(a, &err);
		gl_action m;
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, m, mt, sizeof mt);
		if (strcmp(mt, want) == 0)
			hits++;
		else
			memcpy(other, mt, GL_MOVE_TEXT);
	}
	gl_free(s);
	gl_agent_free(a);
	return hits;
}

/* Over 30 seeds, uct (spec) must choose `want` in the position after
 * `moves`. */
static void check_choice(const char *game, const char *spec, const char *moves,
	const char *want)
{
	char other[GL_MOVE_TEXT] = "";
	int hits = count_choice(game, spec, moves, want, other);
	CHECK_MSG(hits == 30, "%s after %s: %s chose %s, not %s (%d/30 seeds)",
		game, moves, spec, other, want, hits);
}

static void test_wins_in_one(void)
{
	for (int solve = 0; solve < 2; solve++) {
		const char *spec = solve ? "uct:time=0,iterations=500" :
			"uct:time=0,iterations=500,solve=0";
		/* X wins at c1 (O threatens c2 too) */
		check_choice("tictactoe", spec, "a1,a2,b1,b2", "c1");
		/* O wins at b3 (X threatens a3) */
		check_choice("tictactoe", spec, "a1,b1,a2,b2,c3", "b3");
		/* X wins in column a */
		check_choice("connect4", spec, "a,b,a,b,a,c", "a");
		/* GDL: xplayer wins at (mark 3 1) */
		check_choice("gdl:data/gdl/games/ticTacToe.kif", spec,
			"(mark 1 1),(mark 1 2),(mark 2 1),(mark 2 2)", "(mark 3 1)");
	}
	/* no win for X; every move but c2 lets O win at once */
	check_choice("tictactoe", "uct:time=0,iterations=2000", "a1,a2,c3,b2", "c2");
}

/* Play a match of agents (specs) on game; returns gl_match_play's code and
 * the moves in m. */
static int play(const char *game, const char *const *specs, uint64_t seed,
	gl_match *m)
{
	gl_game *g = kept_game(game);
	gl_agent *ag[GL_PLAYERS_MAX];
	for (unsigned p = 0; p < g->nplayers; p++)
		ag[p] = uct_agent(specs[p], g);
	gl_err err = {0};
	int rc = gl_match_play(g, ag, seed, m, &err);
	CHECK_MSG(rc == 0, "%s: %s", game, err.msg);
	for (unsigned p = 0; p < g->nplayers; p++)
		gl_agent_free(ag[p]);
	return rc;
}

/* Whether matches x and y played the same moves (and at least one). */
static bool same_moves(const gl_match *x, const gl_match *y)
{
	return x->nmoves == y->nmoves && x->nmoves > 0 &&
		memcmp(x->moves, y->moves, (size_t)x->nmoves * sizeof *x->moves) == 0;
}

static void test_gdl_any_players(void)
{
	const char *u = "uct:time=0,iterations=200";
	const char *three[] = {u, "random", u};
	const char *three2[] = {"random", u, "random"};
	const char *two[] = {u, "random"};
	const char *both[] = {u, u};
	for (uint64_t seed = 0; seed < 3; seed++) {
		gl_match m;
		gl_match_init(&m);
		CHECK(play("gdl:data/gdl/games/tictactoe_3player.kif", three, seed, &m) == 0);
		CHECK(play("gdl:data/gdl/games/tictactoe_3player.kif", three2, seed, &m) == 0);
		CHECK(m.nmoves > 0);
		CHECK(play("gdl:data/gdl/games/roshambo2.kif", two, seed, &m) == 0);
		CHECK(play("gdl:data/gdl/games/roshambo2.kif", both, seed, &m) == 0);
		CHECK(m.nmoves > 0);
		gl_match_done(&m);
	}
}

static void test_deterministic(void)
{
	const char *specs[] = {"uct:time=0,iterations=300", "uct:time=0,iterations=500,c=20"};
	gl_match a, b;
	gl_match_init(&a);
	gl_match_init(&b);
	play("connect4", specs, 7, &a);
	play("connect4", specs, 7, &b);
	CHECK(same_moves(&a, &b));
	play("connect4", specs, 8, &b);
	CHECK(!same_moves(&a, &b));
	gl_match_done(&a);
	gl_match_done(&b);
}

/* The best move so far (gl_agent_best): none before a choice; after one
 * searched by the tree alone, the move played, and a legal one at a
 * round of simultaneous moves (issue 70: a GGP player sends it at its
 * deadline). */
static void test_publish(void)
{
	static const struct {
		const char *game, *spec;
	} cases[] = {
		{"connect4", "uct:time=0,iterations=400,esolve=0"},
		{"gdl:data/gdl/games/roshambo2.kif", "uct:time=0,iterations=400"},
		{"gdl:data/gdl/games/tictactoe_3player.kif", "uct:time=0,iterations=400"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gl_err err = {0};
		gl_game *g = gl_game_new(cases[i].game, &err);
		gl_agent *a = g ? gl_agent_new(cases[i].spec, g, NULL, &err) : NULL;
		void *st = g ? gl_game_state_new(g, &err) : NULL;
		gl_action *lg = g ? gl_game_moves_new(g, &err) : NULL;
		CHECK_MSG(a && st && lg, "%s: %s", cases[i].game, err.msg);
		if (a && st && lg) {
			gl_action best, move;
			CHECK(!gl_agent_best(a, &best));
			a->role = 0;
			CHECK(!a->type->begin || a->type->begin(a, &err) == 0);
			gl_game_start(g, st);
			CHECK(a->type->choose(a, st, &move, &err) == 0);
			CHECK_MSG(gl_agent_best(a, &best), "%s: nothing published",
				cases[i].game);
			int n = gl_game_legal(g, st, lg);
			bool legal = false;
			for (int k = 0; k < n; k++)
				legal |= lg[k] == best;
			CHECK_MSG(legal, "%s: published an illegal move", cases[i].game);
			if (i == 0)
				CHECK(best == move);
			gl_agent_unpublish(a);
			CHECK(!gl_agent_best(a, &best));
		}
		gl_free(lg);
		gl_free(st);
		gl_agent_free(a);
		gl_game_free(g);
	}
}

/* Tree reuse with a small arena (it fills, is compacted, and stops growing)
 * against reuse off: both legal, and reuse really keeps a tree (it is not
 * the same player as without it). */
static void test_reuse(void)
{
	const char *on[] = {"uct:time=0,iterations=2000,nodes=3000",
		"uct:time=0,iterations=2000,nodes=3000"};
	const char *off[] = {"uct:time=0,iterations=2000,nodes=3000,reuse=0",
		"uct:time=0,iterations=2000,nodes=3000,reuse=0"};
	gl_match a, b;
	gl_match_init(&a);
	gl_match_init(&b);
	int differ = 0;
	for (uint64_t seed = 0; seed < 3; seed++) {
		CHECK(play("connect4", on, seed, &a) == 0);
		CHECK(play("connect4", off, seed, &b) == 0);
		differ += !same_moves(&a, &b);
	}
	CHECK(differ > 0);
	const char *gdl[] = {"uct:time=0,iterations=300,nodes=1000", "random"};
	CHECK(play("gdl:data/gdl/games/ticTacToe.kif", gdl, 1, &a) == 0);
	gl_match_done(&a);
	gl_match_done(&b);
}

/* Begin agent a (seed) as the player to move after the moves pend[0..n)
 * from the start, each of them a pending choice of the same round; told of
 * them by observe() (as in a match) or not (as ggp serve fills them in).
 * Returns its choice, or -1. */
static gl_action choose_hidden(gl_agent *a, uint64_t seed, const gl_action *pend,
	int n, bool tell)
{
	const gl_game *g = a->game;
	unsigned char *s = tg_state(g);
	gl_err err = {0};
	g->type->start(g, s);
	a->role = n; /* every role chooses in these games, in role order */
	gl_rng_split(&a->rng, seed, 0);
	CHECK(a->type->begin(a, &err) == 0);
	for (int i = 0; i < n; i++) {
		if (tell)
			a->type->observe(a, s, i, pend[i]);
		g->type->apply(g, s, pend[i]);
	}
	CHECK(g->type->hidden(g, s) == n && g->type->to_move(g, s) == n);
	gl_action m = -1;
	CHECK_MSG(a->type->choose(a, s, &m, &err) == 0, "%s", err.msg);
	gl_free(s);
	return m;
}

/* One simultaneous throw of rock, paper, scissors or well (roshambo2's
 * rules): well beats rock and scissors, paper beats well, so well
 * dominates rock and the equilibrium mixes the other three. */
static const char throw_kif[] =
	"(role white) (role black) (init (round 0))\n"
	"(throw rock) (throw paper) (throw scissors) (throw well)\n"
	"(beats rock scissors) (beats paper rock) (beats paper well)\n"
	"(beats scissors paper) (beats well scissors) (beats well rock)\n"
	"(<= (legal ?r ?t) (role ?r) (throw ?t) (true (round 0)))\n"
	"(<= (next (threw ?r ?t)) (does ?r ?t))\n"
	"(<= (next (round 1)) (true (round 0)))\n"
	"(<= terminal (true (round 1)))\n"
	"(<= (won ?r) (true (threw ?r ?x)) (true (threw ?s ?y)) (distinct ?r ?s)\n"
	"    (beats ?x ?y))\n"
	"(<= (lost ?r) (true (threw ?r ?x)) (true (threw ?s ?y)) (distinct ?r ?s)\n"
	"    (beats ?y ?x))\n"
	"(<= (goal ?r 100) (won ?r)) (<= (goal ?r 0) (lost ?r))\n"
	"(<= (goal ?r 50) (role ?r) (not (won ?r)) (not (lost ?r)))\n";

/* A 3-role game of one simultaneous step: each picks 0 or 1, and the one
 * whose pick differs from both others' wins. */
static const char odd_kif[] =
	"(role a) (role b) (role c) (bit 0) (bit 1) (init (round 0))\n"
	"(<= (legal ?r (pick ?x)) (role ?r) (bit ?x) (true (round 0)))\n"
	"(<= (next (picked ?r ?x)) (does ?r (pick ?x)))\n"
	"(<= (next (round 1)) (true (round 0)))\n"
	"(<= terminal (true (round 1)))\n"
	"(<= (odd ?r) (true (picked ?r ?x)) (true (picked ?s ?y))\n"
	"    (true (picked ?t ?z)) (distinct ?r ?s) (distinct ?r ?t)\n"
	"    (distinct ?s ?t) (distinct ?x ?y) (distinct ?x ?z))\n"
	"(<= (goal ?r 100) (odd ?r))\n"
	"(<= (goal ?r 0) (role ?r) (not (odd ?r)))\n";

/* Decoupled UCT. In roshambo2 the second role, asked at the hidden state,
 * plays the same move whatever the first role's pending move, told of it
 * or not (a search that read it would answer it), and at a hidden state
 * whose round start it cannot know it still plays. In one throw, the
 * first role never makes rock (dominated) its most visited move (a search
 * that let the second role see the first's choice would find every throw
 * lost, and rank them by chance), and the move drawn by visits (mix=1) is
 * a mixed strategy. In the 3-role odd game the later choosers, one or two
 * moves pending, play the same whatever they are; all play complete
 * matches. */
static void test_simultaneous(void)
{
	gl_game *g = tg_game("gdl:data/gdl/games/roshambo2.kif");
	gl_agent *a = uct_agent("uct:time=0,iterations=300", g);
	/* three small GDL games: buffers big enough for each */
	enum { ROOM = 4096 };
	CHECK(g->state_size <= ROOM && g->max_legal <= ROOM);
	unsigned char *s = gl_malloc(ROOM);
	gl_action *mv = gl_malloc(ROOM * sizeof *mv), rock;
	if (!s || !mv)
		exit(1);
	g->type->start(g, s);
	int k = g->type->legal(g, s, mv);
	CHECK(k == 4);
	int differ = 0;
	for (uint64_t seed = 0; seed < 4; seed++) {
		gl_action ref = choose_hidden(a, seed, &mv[0], 1, true);
		for (int i = 0; i < k; i++)
			for (int tell = 0; tell < 2; tell++)
				differ += choose_hidden(a, seed, &mv[i], 1, tell) != ref;
	}
	CHECK_MSG(differ == 0, "the pending move changed the choice %d times", differ);
	/* a hidden state of a later round, its round start unknown */
	gl_err err = {0};
	gl_rng_split(&a->rng, 1, 0);
	a->role = 1;
	CHECK(a->type->begin(a, &err) == 0);
	g->type->apply(g, s, mv[0]);
	g->type->apply(g, s, mv[1]);
	g->type->apply(g, s, mv[2]);
	gl_action m = -1;
	CHECK(g->type->hidden(g, s) == 1 && a->type->choose(a, s, &m, &err) == 0);
	CHECK(m >= 0 && m < g->nactions);
	gl_agent_free(a);
	gl_game_free(g);

	g = tg_kif_game(throw_kif);
	CHECK(g->state_size <= ROOM && g->max_legal <= ROOM);
	a = uct_agent("uct:time=0,iterations=1000", g);
	gl_agent *pure = uct_agent("uct:time=0,iterations=1000,mix=0", g);
	gl_agent *all = uct_agent("uct:time=0,iterations=1000,mixcut=0", g);
	gl_agent *top = uct_agent("uct:time=0,iterations=1000,mixcut=100", g);
	g->type->start(g, s);
	k = g->type->legal(g, s, mv);
	CHECK(k == 4 && g->type->parse_move(g, s, "rock", &rock, NULL) == 0);
	int rocks = 0, kinds = 0, cut_rocks = 0, all_rocks = 0, tops = 0;
	bool seen[4] = {false};
	for (uint64_t seed = 0; seed < 20; seed++) {
		gl_action best = choose_hidden(pure, seed, NULL, 0, false);
		rocks += best == rock;
		tops += choose_hidden(top, seed, NULL, 0, false) == best;
		all_rocks += choose_hidden(all, seed, NULL, 0, false) == rock;
		m = choose_hidden(a, seed, NULL, 0, false);
		cut_rocks += m == rock;
		for (int i = 0; i < k && i < 4; i++)
			if (mv[i] == m && !seen[i]) {
				seen[i] = true;
				kinds++;
			}
	}
	CHECK_MSG(rocks == 0, "rock most visited %d times in 20", rocks);
	CHECK_MSG(kinds >= 3, "a mixed strategy played %d moves", kinds);
	CHECK_MSG(all_rocks > 0, "drawn among all moves, rock %d times in 20",
		all_rocks);
	CHECK_MSG(cut_rocks == 0, "drawn above the cut, rock %d times in 20",
		cut_rocks);
	CHECK_MSG(tops == 20, "mixcut=100 played the most visited %d times in 20",
		tops);
	gl_agent_free(a);
	gl_agent_free(pure);
	gl_agent_free(all);
	gl_agent_free(top);
	gl_game_free(g);

	g = tg_kif_game(odd_kif);
	CHECK(g->nplayers == 3 && g->state_size <= ROOM && g->max_legal <= ROOM);
	a = uct_agent("uct:time=0,iterations=300", g);
	g->type->start(g, s);
	k = g->type->legal(g, s, mv);
	CHECK(k == 2);
	differ = 0;
	for (uint64_t seed = 0; seed < 4; seed++) {
		gl_action pend[2] = {mv[0], mv[0]};
		gl_action ref = choose_hidden(a, seed, pend, 2, true);
		for (int i = 0; i < 4; i++) {
			pend[0] = mv[i & 1];
			pend[1] = mv[i >> 1];
			for (int tell = 0; tell < 2; tell++)
				differ += choose_hidden(a, seed, pend, 2, tell) != ref;
		}
		ref = choose_hidden(a, seed, &mv[0], 1, true);
		differ += choose_hidden(a, seed, &mv[1], 1, true) != ref;
		differ += choose_hidden(a, seed, &mv[1], 1, false) != ref;
	}
	CHECK_MSG(differ == 0, "odd: the pending moves changed the choice %d times",
		differ);
	gl_agent *ag[3] = {a, uct_agent("random", g), uct_agent("uct:time=0,iterations=100", g)};
	for (uint64_t seed = 0; seed < 3; seed++) {
		gl_match mt;
		gl_match_init(&mt);
		CHECK_MSG(gl_match_play(g, ag, seed, &mt, &err) == 0, "%s", err.msg);
		CHECK(mt.nmoves == 3);
		gl_match_done(&mt);
	}
	for (int i = 0; i < 3; i++)
		gl_agent_free(ag[i]);
	gl_game_free(g);
	gl_free(s);
	gl_free(mv);
}

/* Begin agent a (seed, role) and tell it of the comma-separated moves from
 * the start, played into s. */
static void follow(gl_agent *a, uint64_t seed, int role, void *s,
	const char *moves)
{
	const gl_game *g = a->game;
	gl_err err = {0};
	a->role = role;
	gl_rng_split(&a->rng, seed, 0);
	CHECK(a->type->begin(a, &err) == 0);
	g->type->start(g, s);
	char buf[256];
	snprintf(buf, sizeof buf, "%s", moves);
	char *save = NULL;
	for (char *m = strtok_r(buf, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
		gl_action mv;
		CHECK(gl_parse_legal(g, s, m, &mv, &err) == 0);
		a->type->observe(a, s, g->type->to_move(g, s), mv);
		g->type->apply(g, s, mv);
	}
}

/* Pondering keeps the tree for the next choose(). In tictactoe after a1,
 * a2, c3 (X's diagonal threatened), O must block at b2, and then X must
 * block at c2 (O threatens a2-b2-c2). An agent of one iteration a move
 * finds c2 only by chance (one in five, first child in a random order):
 * after pondering on O's turn, the tree built under b2 and rerooted
 * there by observe() makes it choose c2 every time; and after pondering
 * on its own turn too. A stop flag already set ends pondering at once
 * (or this test would never end), and so does set_time() a choose() of
 * an agent given 1000 s a move. */
static void test_ponder(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_agent *a = uct_agent("uct:time=0,iterations=1", g);
	unsigned char *s = tg_state(g);
	gl_action b2, m;
	gl_err err = {0};
	atomic_bool stop = false;
	int blind = 0;
	char mt[GL_MOVE_TEXT];
	for (uint64_t seed = 0; seed < 8; seed++) {
		/* no pondering: chance */
		follow(a, seed, 0, s, "a1,a2,c3,b2");
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		g->type->format_move(g, s, m, mt, sizeof mt);
		blind += strcmp(mt, "c2") == 0;
		/* pondering on O's turn, then O's move observed */
		follow(a, seed, 0, s, "a1,a2,c3");
		CHECK(a->type->ponder(a, s, 0.2, &stop, &err) == 0);
		CHECK(gl_parse_legal(g, s, "b2", &b2, &err) == 0);
		a->type->observe(a, s, 1, b2);
		g->type->apply(g, s, b2);
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		g->type->format_move(g, s, m, mt, sizeof mt);
		CHECK_MSG(strcmp(mt, "c2") == 0, "seed %d: pondered on O's turn, "
			"then chose %s", (int)seed, mt);
		/* pondering on its own turn */
		follow(a, seed, 0, s, "a1,a2,c3,b2");
		CHECK(a->type->ponder(a, s, 0.2, &stop, &err) == 0);
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		g->type->format_move(g, s, m, mt, sizeof mt);
		CHECK_MSG(strcmp(mt, "c2") == 0, "seed %d: pondered, then chose %s",
			(int)seed, mt);
	}
	CHECK_MSG(blind < 8, "without pondering c2 came %d times in 8", blind);
	atomic_store(&stop, true);
	follow(a, 0, 0, s, "a1");
	CHECK(a->type->ponder(a, s, 0, &stop, &err) == 0);
	gl_agent_free(a);

	a = uct_agent("uct:time=1000", g);
	follow(a, 0, 0, s, "");
	a->type->set_time(a, 0.01);
	CHECK(a->type->choose(a, s, &m, &err) == 0);
	gl_agent_free(a);
	gl_free(s);
	gl_game_free(g);
}

/* The options of issue 19 (MAST playouts epsilon-greedy and Gibbs, MAST
 * ordering of untried moves, progressive history, RAVE), each and all
 * together: deterministic by seed and not the plain player; they still
 * win in one and block (with and without the solver); they beat random
 * at connect4, and in the 3-player and simultaneous GDL games play
 * complete legal matches. */
static void test_options(void)
{
	static const char *const opts[] = {"mast=2", "states=0", "reuse=0",
		"lgain=0,states=0"};
	char a[128], b[128], no[128];
	const char *ps[] = {"uct:time=0,iterations=300,mast=0",
		"uct:time=0,iterations=500,c=20,mast=0"};
	gl_match plain;
	gl_match_init(&plain);
	play("connect4", ps, 7, &plain);
	for (size_t o = 0; o < sizeof opts / sizeof *opts; o++) {
		snprintf(a, sizeof a, "uct:time=0,iterations=300,%s", opts[o]);
		snprintf(b, sizeof b, "uct:time=0,iterations=500,c=20,%s", opts[o]);
		const char *specs[] = {a, b};
		gl_match x, y;
		gl_match_init(&x);
		gl_match_init(&y);
		play("connect4", specs, 7, &x);
		play("connect4", specs, 7, &y);
		CHECK_MSG(same_moves(&x, &y), "%s: not deterministic", opts[o]);
		CHECK_MSG(!same_moves(&x, &plain), "%s: the same as plain uct",
			opts[o]);
		gl_match_done(&x);
		gl_match_done(&y);
		for (int solve = 0; solve < 2; solve++) {
			snprintf(a, sizeof a, "uct:time=0,iterations=500,solve=%d,%s",
				solve, opts[o]);
			check_choice("tictactoe", a, "a1,a2,b1,b2", "c1");
			check_choice("connect4", a, "a,b,a,b,a,c", "a");
			check_choice("gdl:data/gdl/games/ticTacToe.kif", a,
				"(mark 1 1),(mark 1 2),(mark 2 1),(mark 2 2)", "(mark 3 1)");
		}
		snprintf(a, sizeof a, "uct:time=0,iterations=2000,%s", opts[o]);
		check_choice("tictactoe", a, "a1,a2,c3,b2", "c2");
		int played;
		snprintf(a, sizeof a, "uct:time=0,iterations=1000,%s", opts[o]);
		int w = wins_vs_random("connect4", a, -1, 20, &played);
		printf("connect4 uct with %s: %d/%d wins\n", opts[o], w, played);
		CHECK_MSG(w >= 18, "%s: %d/20", opts[o], w);
		snprintf(a, sizeof a, "uct:time=0,iterations=200,%s", opts[o]);
		snprintf(no, sizeof no, "uct:time=0,iterations=100,nodes=1000,%s", opts[o]);
		const char *three[] = {a, "random", no};
		const char *two[] = {a, no};
		for (uint64_t seed = 0; seed < 2; seed++) {
			gl_match m;
			gl_match_init(&m);
			CHECK(play("gdl:data/gdl/games/tictactoe_3player.kif", three,
				seed, &m) == 0 && m.nmoves > 0);
			CHECK(play("gdl:data/gdl/games/roshambo2.kif", two, seed, &m) == 0);
			gl_match_done(&m);
		}
	}
	gl_match_done(&plain);
}

/* The two players of many matches below (a list ending with NULL, as
 * differ_on() takes it): uct at 300 iterations against uct at 200 with
 * c=20; and the same with uniformly random playouts. */
static const char *const uct_pair[] = {"uct:time=0,iterations=300",
	"uct:time=0,iterations=200,c=20", NULL};
static const char *const plain_pair[] = {"uct:time=0,iterations=300,mast=0",
	"uct:time=0,iterations=200,c=20,mast=0", NULL};

/* Three matches of game (seeds 0..2) of the agents `base` and of the
 * agents `same`: each `same` match must be the `base` one, move for
 * move. Returns whether the agents `other` played another match than
 * `base` on one of the seeds (played until one does: the proof that the
 * matches can differ). */
static bool differ_from(const char *game, const char *const *base,
	const char *const *same, const char *const *other)
{
	bool differ = false;
	for (uint64_t seed = 0; seed < 3; seed++) {
		gl_match x, y, z;
		gl_match_init(&x);
		gl_match_init(&y);
		gl_match_init(&z);
		play(game, base, seed, &x);
		play(game, same, seed, &y);
		CHECK_MSG(same_moves(&x, &y), "%s: %s played another match than %s",
			game, same[0], base[0]);
		if (!differ) {
			play(game, other, seed, &z);
			differ = !same_moves(&x, &z);
		}
		gl_match_done(&x);
		gl_match_done(&y);
		gl_match_done(&z);
	}
	return differ;
}

/* differ_from() with base's uct specs (base[i] for the players, NULL
 * after the last: three at most), `same` and `other` appended to each
 * of them for the two other matches of each seed. */
static bool differ_on(const char *game, const char *const *base,
	const char *same, const char *other)
{
	char sb[3][128], ob[3][128];
	const char *sp[3] = {NULL, NULL, NULL}, *op[3] = {NULL, NULL, NULL};
	for (int i = 0; i < 3 && base[i]; i++) {
		bool uct = strncmp(base[i], "uct:", 4) == 0;
		snprintf(sb[i], sizeof sb[i], "%s%s%s", base[i], uct ? "," : "",
			uct ? same : "");
		snprintf(ob[i], sizeof ob[i], "%s%s%s", base[i], uct ? "," : "",
			uct ? other : "");
		sp[i] = sb[i];
		op[i] = ob[i];
	}
	return differ_from(game, base, sp, op);
}

/* differ_on() connect4 (uct at 300 iterations against uct at 500, c=20)
 * or tictactoe_3player (uct at 300, random, uct at 200). */
static bool differ_with(const char *game, const char *same, const char *other)
{
	bool three = strstr(game, "3player") != NULL;
	const char *base[4] = {"uct:time=0,iterations=300",
		three ? "random" : "uct:time=0,iterations=500,c=20",
		three ? "uct:time=0,iterations=200" : NULL, NULL};
	return differ_on(game, base, same, other);
}

/* Param rank: in a game of three players the tree values an outcome by
 * the goal mixed with the standing against the others. In standing.kif a
 * plays left for its goal alone (rank=0: 60 against 40) and right with
 * rank=100, the default ((60 + 0) / 2 against (40 + 100) / 2); in
 * tictactoe_3player it changes the play. The model of the others takes
 * their standing too (standing3.kif, below). In a game of two players it
 * is off: standing2.kif's a plays left whatever rank says. */
static void test_rank(void)
{
	const char *g3 = "gdl:data/gdl/agent/standing.kif";
	check_choice(g3, "uct:time=0,iterations=200", "", "right");
	check_choice(g3, "uct:time=0,iterations=200,rank=0", "", "left");
	check_choice(g3, "uct:time=0,iterations=200,rank=100", "", "right");
	check_choice(g3, "uct:time=0,iterations=200,rank=100,mast=0", "", "right");
	/* 60 + 0 W/100 > 40 + 100 W/100 below W = 20 */
	check_choice(g3, "uct:time=0,iterations=200,rank=10", "", "left");
	check_choice(g3, "uct:time=0,iterations=200,rank=30", "", "right");
	/* standing3.kif's a expects b to spoil its risky (b's standing) and
	 * plays safe, or with rank=0 to keep (b's goal) and plays risky; b
	 * values its own standing and spoils, or with rank=0 keeps */
	const char *g3b = "gdl:data/gdl/agent/standing3.kif";
	check_choice(g3b, "uct:time=0,iterations=200", "", "safe");
	check_choice(g3b, "uct:time=0,iterations=200,rank=0", "", "risky");
	check_choice(g3b, "uct:time=0,iterations=200", "risky", "spoil");
	check_choice(g3b, "uct:time=0,iterations=200,rank=0", "risky", "keep");
	/* two players: rank is off, the goal alone decides */
	const char *g2 = "gdl:data/gdl/agent/standing2.kif";
	check_choice(g2, "uct:time=0,iterations=200,rank=100", "", "left");
	check_choice(g2, "uct:time=0,iterations=200,rank=100,solve=0", "",
		"left");
	CHECK(differ_with("connect4", "rank=100", "c=60"));
	CHECK(differ_with("gdl:data/gdl/games/tictactoe_3player.kif",
		"rank=100", "rank=0"));
}

/* Param race: in breakthroughSmall, a race (each goal line one square),
 * the default is race=1 move for move and race=0 is not (lanes at every
 * iteration, lgain=0, so that cut playouts play at an iteration limit).
 * In connectFour (lines of four) and tictactoe_3player (three players)
 * race changes nothing. Param connect likewise changes the play only in
 * games of two players whose goal lines are lines of two or more. */
static void test_race(void)
{
	const char *bs = "gdl:data/gdl/games/breakthroughSmall.kif";
	const char *base[] = {"uct:time=0,iterations=300,lgain=0",
		"uct:time=0,iterations=200,c=20,lgain=0", NULL};
	const char *c4 = "gdl:data/gdl/test/connectFour.kif";
	CHECK(differ_on(bs, base, "race=1", "race=0"));
	CHECK(differ_on(c4, base, "race=0", "c=60"));
	CHECK(differ_with("gdl:data/gdl/games/tictactoe_3player.kif",
		"race=0", "c=60"));
	/* connect: in connectFour (lines of four) the default is connect=1
	 * move for move, and connect=0 is not; in tictactoe_3player (three
	 * players), breakthroughSmall (a race) and blockerParallel (no lines)
	 * connect changes nothing */
	CHECK(differ_on(c4, base, "connect=1", "connect=0"));
	CHECK(differ_with("gdl:data/gdl/games/tictactoe_3player.kif",
		"connect=0", "c=60"));
	CHECK(differ_on(bs, base, "connect=0", "c=60"));
	CHECK(differ_on("gdl:data/gdl/hard/blockerParallel.kif", base,
		"connect=0", "c=60"));
}

/* Param sexpand: once the match has met a round of simultaneous moves a
 * leaf needs 16 visits before its children (sexpand, default), not
 * expand's 2. blockerParallel is rounds from its first step, so there
 * the default plays expand=16 move for move and sexpand=2 another match;
 * in connectFour and tictactoe_3player, which take turns, sexpand
 * changes nothing. */
static void test_sexpand(void)
{
	const char *bp[] = {"uct:time=0,iterations=4000",
		"uct:time=0,iterations=3000,c=20", NULL};
	CHECK(differ_on("gdl:data/gdl/hard/blockerParallel.kif", bp,
		"expand=16", "sexpand=2"));
	CHECK(differ_with("gdl:data/gdl/test/connectFour.kif", "sexpand=2",
		"c=60"));
	CHECK(differ_with("gdl:data/gdl/games/tictactoe_3player.kif",
		"sexpand=2", "c=60"));
}

/* In a game of simultaneous moves MAST playouts stop at the first round:
 * roshambo2's matches are then those of plain uct, move for move (the
 * same random draws); and blockerParallel's with lanes whose playouts
 * are drawn by MAST's weights (lmast=1) those of random lanes. */
static void test_mast_rounds(void)
{
	const char *other[] = {"uct:time=0,iterations=300,c=60",
		"uct:time=0,iterations=200,c=20"};
	CHECK_MSG(differ_from("gdl:data/gdl/games/roshambo2.kif", uct_pair,
		plain_pair, other), "c=60 played as c=40");
	const char *lanes[] = {"uct:time=0,iterations=300,lgain=0,lmast=0",
		"uct:time=0,iterations=200,c=20,lgain=0,lmast=0"};
	const char *lmast[] = {"uct:time=0,iterations=300,lgain=0,lmast=1",
		"uct:time=0,iterations=200,c=20,lgain=0,lmast=1"};
	const char *lother[] = {"uct:time=0,iterations=300,lgain=0,c=60",
		"uct:time=0,iterations=200,c=20,lgain=0"};
	CHECK_MSG(differ_from("gdl:data/gdl/hard/blockerParallel.kif", lanes,
		lmast, lother), "c=60 played as c=40");
}

/* Param connect (decisive moves, Teytaud and Teytaud, CIG 2010): in a
 * game of lines to connect, at one iteration a move, the root's
 * expansion puts the winning move first and the one iteration tries it
 * (and the solver proves it); without them that iteration tries a random
 * move, which misses the win for some seeds. In the playouts, a forced
 * block is found in fewer iterations (GDL connectFour, where it looks
 * only at a line lacking one), and a win in one played. */
static void test_decisive(void)
{
	const char *ttt = "gdl:data/gdl/games/ticTacToe.kif";
	for (int solve = 0; solve < 2; solve++) {
		char spec[96];
		snprintf(spec, sizeof spec, "uct:time=0,iterations=1,solve=%d",
			solve);
		check_choice(ttt, spec,
			"(mark 1 1),(mark 1 2),(mark 2 1),(mark 2 2)", "(mark 3 1)");
	}
	/* the same without: some seed plays another move */
	char other[GL_MOVE_TEXT] = "";
	int hits = count_choice(ttt, "uct:time=0,iterations=1,connect=0",
		"(mark 1 1),(mark 1 2),(mark 2 1),(mark 2 2)", "(mark 3 1)", other);
	CHECK_MSG(hits < 30, "one iteration found the win every time anyway");
	const char *c4 = "gdl:data/gdl/test/connectFour.kif";
	/* black's three in column 2: 30 iterations block for all 30 seeds
	 * (without: 26) */
	const char *three = "(drop 1),(drop 2),(drop 3),(drop 2),(drop 4),"
		"(drop 2)";
	hits = count_choice(c4, "uct:time=0,iterations=30,connect=0", three,
		"(drop 2)", other);
	CHECK_MSG(hits < 30, "30 iterations blocked every time anyway");
	check_choice(c4, "uct:time=0,iterations=30", three, "(drop 2)");
	check_choice(c4, "uct:time=0,iterations=1,solve=0",
		"(drop 1),(drop 8),(drop 2),(drop 8),(drop 3),(drop 7)",
		"(drop 4)");
}

/* A negamax's buffers: a state and a move list a ply. */
typedef struct exact_buf {
	unsigned char *states;
	gl_action *moves;
	size_t stride;
} exact_buf;

static int exact_after(const gl_game *g, const void *s, gl_action x,
	const exact_buf *b, int depth);

/* The exact goal of s's mover by negamax to the ends (small games only),
 * depth plies below where it started. */
static int exact_value(const gl_game *g, const void *s, const exact_buf *b,
	int depth)
{
	gl_action *mv = b->moves + (size_t)depth * g->max_legal;
	int k = g->type->legal(g, s, mv), best = -1;
	for (int i = 0; i < k; i++) {
		int v = exact_after(g, s, mv[i], b, depth);
		best = v > best ? v : best;
	}
	return best;
}

/* The exact goal of s's mover after its move x (s not terminal), depth
 * plies below where the negamax started. */
static int exact_after(const gl_game *g, const void *s, gl_action x,
	const exact_buf *b, int depth)
{
	int m = g->type->to_move(g, s), goals[GL_PLAYERS_MAX];
	unsigned char *t = b->states + (size_t)depth * b->stride;
	memcpy(t, s, g->state_size);
	g->type->apply(g, t, x);
	if (g->type->terminal(g, t)) {
		g->type->goals(g, t, goals);
		return goals[m];
	}
	int v = exact_value(g, t, b, depth + 1);
	return g->type->to_move(g, t) != m ? 100 - v : v;
}

/* What esolve_keeps() saw. */
typedef struct es_tally {
	int n;          /* positions won or drawn for their mover */
	int kept[2];    /* where the move of agent 0 (with esolve), 1
			 * (without) kept the value */
	int draws;      /* drawn positions where agent 1's move kept it */
	int same;       /* ... and agent 0 played the same move */
} es_tally;

/* Endgame solving (esolve): from 40 random positions of a game small
 * enough to solve (each after 0 to 6 random moves, not ended), agents on
 * (with esolve) and off (the same without) choose a move, each seeded
 * alike, and the moves are checked against a brute-force negamax:
 * whether each kept the position's exact value for its mover wherever
 * that is a win or a draw, and, at the draws that off's move kept,
 * whether on played off's move too (the tree's move, once proven to hold
 * the draw). */
static es_tally esolve_keeps(const char *game, const char *on,
	const char *off)
{
	gl_game *g = tg_game(game);
	gl_agent *a[2] = {uct_agent(on, g), uct_agent(off, g)};
	exact_buf b = {NULL, NULL, gl_state_stride(g)};
	b.states = gl_malloc(b.stride * (g->max_length + 2));
	b.moves = gl_malloc((g->max_length + 2) * g->max_legal * sizeof *b.moves);
	gl_action *mv = gl_malloc(g->max_legal * sizeof *mv);
	unsigned char *s = tg_state(g), *t = tg_state(g);
	gl_rng r;
	gl_rng_seed(&r, 11);
	es_tally y = {0, {0, 0}, 0, 0};
	for (int pos = 0; pos < 40; pos++) {
		g->type->start(g, s);
		int plies = (int)gl_rng_below(&r, 7);
		for (int i = 0; i < plies; i++) {
			int k = g->type->legal(g, s, mv);
			memcpy(t, s, g->state_size);
			g->type->apply(g, t, mv[gl_rng_below(&r, (uint32_t)k)]);
			if (g->type->terminal(g, t))
				break;
			memcpy(s, t, g->state_size);
		}
		int m = g->type->to_move(g, s);
		int v = exact_value(g, s, &b, 0);
		if (v == 0)
			continue; /* lost: any move is */
		gl_action x[2];
		bool kept[2];
		for (int i = 0; i < 2; i++) {
			gl_err err = {0};
			gl_rng_split(&a[i]->rng, (uint64_t)pos, 0);
			a[i]->role = m;
			CHECK(a[i]->type->begin(a[i], &err) == 0);
			CHECK(a[i]->type->choose(a[i], s, &x[i], &err) == 0);
			kept[i] = exact_after(g, s, x[i], &b, 0) == v;
			y.kept[i] += kept[i];
		}
		y.n++;
		if (v < 100 && kept[1]) {
			y.draws++;
			y.same += x[0] == x[1];
		}
	}
	gl_free(b.states);
	gl_free(b.moves);
	gl_free(mv);
	gl_free(s);
	gl_free(t);
	gl_agent_free(a[0]);
	gl_agent_free(a[1]);
	gl_game_free(g);
	return y;
}

static void test_esolve(void)
{
	const char *games[] = {"tictactoe", "gdl:data/gdl/games/ticTacToe.kif"};
	for (int i = 0; i < 2; i++) {
		/* one iteration of the tree, the solve up to 50,000 states */
		es_tally y = esolve_keeps(games[i],
			"uct:time=0,iterations=1,esolve=5",
			"uct:time=0,iterations=1");
		printf("esolve: %s, the value kept in %d of %d positions "
			"(without: %d); at %d draws the tree's move held, %d "
			"played\n", games[i], y.kept[0], y.n, y.kept[1], y.draws,
			y.same);
		CHECK_MSG(y.n > 10 && y.kept[0] == y.n, "%s: esolve kept %d of %d",
			games[i], y.kept[0], y.n);
		CHECK_MSG(y.kept[1] < y.n, "%s: one iteration kept every value "
			"anyway", games[i]);
		/* the tree's move proven to hold the draw is the one played */
		CHECK_MSG(y.draws > 5 && y.same == y.draws, "%s: the tree's move "
			"played at %d of %d draws where it held", games[i], y.same,
			y.draws);
	}
	/* on a clock (its share of the time, the last 2% kept for proving
	 * the tree's move): 90% of 0.25 s a move solves tictactoe's
	 * positions, which take 8 ms at most here in the Release build (the
	 * empty board); it was half of 0.05 s, of which a loaded machine
	 * leaves a third or less to a process, and the sanitizers' build
	 * runs several times slower */
	es_tally y = esolve_keeps("tictactoe", "uct:time=0.25,esolve=90",
		"uct:time=0,iterations=1");
	printf("esolve on a clock: tictactoe, the value kept in %d of %d\n",
		y.kept[0], y.n);
	CHECK_MSG(y.kept[0] == y.n, "on a clock esolve kept %d of %d",
		y.kept[0], y.n);
	/* goals that do not sum to 100: it gives up, and the tree's move
	 * (share, worth 100) is played, not the zero-sum search's (alone) */
	check_choice("gdl:data/gdl/agent/cooperate.kif",
		"uct:time=0,iterations=1000,esolve=50", "", "share");
	/* where moves are simultaneous it gives up and the tree plays: a
	 * complete legal match */
	const char *specs[] = {"uct:time=0,iterations=200,esolve=5",
		"uct:time=0,iterations=200,esolve=5"};
	gl_match x;
	gl_match_init(&x);
	CHECK(play("gdl:data/gdl/hard/blockerParallel.kif", specs, 3, &x) == 0);
	gl_match_done(&x);
}

/* Nothing is allocated once an agent is made: a whole match of its
 * choices (one agent plays every side) with the next allocation set to
 * fail, which is still pending at the end. */
static void no_alloc_match(const char *game, const char *opt)
{
	char spec[96];
	snprintf(spec, sizeof spec, "uct:time=0,iterations=300,%s", opt);
	gl_game *g = tg_game(game);
	gl_agent *a = uct_agent(spec, g);
	unsigned char *s = gl_malloc(g->state_size);
	gl_err err = {0};
	a->role = 0;
	gl_rng_seed(&a->rng, 5);
	CHECK(s && a->type->begin(a, &err) == 0);
	g->type->start(g, s);
	gl_alloc_fail_after(0);
	int moves = 0, rc = 0;
	for (; rc == 0 && !g->type->terminal(g, s); moves++) {
		gl_action m;
		a->role = g->type->to_move(g, s);
		rc = a->type->choose(a, s, &m, &err);
		a->type->observe(a, s, a->role, m);
		g->type->apply(g, s, m);
	}
	void *probe = gl_malloc(1);
	gl_alloc_fail_after(-1);
	CHECK_MSG(rc == 0 && moves > 0, "%s %s: %s", game, spec, err.msg);
	CHECK_MSG(probe == NULL, "%s %s: allocated during a match", game, spec);
	gl_free(probe);
	gl_free(s);
	gl_agent_free(a);
	gl_game_free(g);
}

static void test_no_alloc(void)
{
	static const char *const games[] = {"connect4",
		"gdl:data/gdl/games/ticTacToe.kif",
		"gdl:data/gdl/games/tictactoe_3player.kif"};
	static const char *const opts[] = {"mast=0", "mast=2", "lgain=0",
		"nodes=1000,expand=1", "states=0", "states=0,lgain=0", "connect=0",
		"mix=0,mixcut=0"};
	for (size_t i = 0; i < sizeof games / sizeof *games; i++)
		for (size_t o = 0; o < sizeof opts / sizeof *opts; o++)
			no_alloc_match(games[i], opts[o]);
	no_alloc_match("gdl:data/gdl/hard/blockerParallel.kif", "lgain=0");
	no_alloc_match("gdl:data/gdl/games/breakthroughSmall.kif", "lgain=0");
	no_alloc_match("gdl:data/gdl/games/breakthroughSmall.kif", "race=1");
}

static void test_bad_specs(void)
{
	gl_game *g = tg_game("tictactoe");
	gl_err err = {0};
	CHECK(gl_agent_new("uct:time=0", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("uct:time=x", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("uct:nodes=5", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("uct:mix=2", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("uct:mast=3", g, NULL, &err) == NULL);
	CHECK(gl_agent_new("uct:mast=1", g, NULL, &err) == NULL &&
		strstr(err.msg, "mast must be 0"));
	CHECK(gl_agent_new("uct:batch=2", g, NULL, &err) == NULL &&
		strstr(err.msg, "no parameter 'batch'"));
	CHECK(gl_agent_new("uct:lgain=1001", g, NULL, &err) == NULL);
	gl_game_free(g);
}

/* The gdl type's playouts_each over states inside a round of
 * simultaneous moves (played one by one) and others (64 at a time):
 * each result at its own state's place, a terminal state's its own. */
static void check_each_mixed(void)
{
	gl_game *g = tg_game("gdl:data/gdl/games/roshambo2.kif");
	size_t z = g->state_size;
	unsigned char *st = gl_calloc(6, z), *t = tg_state(g);
	gl_action mv[64];
	g->type->start(g, st);                      /* 0: the start */
	memcpy(st + z, st, z);
	g->type->legal(g, st + z, mv);
	g->type->apply(g, st + z, mv[0]);           /* 1: a choice pending */
	memcpy(t, st, z);                           /* 2: the end */
	gl_rng rng;
	gl_rng_seed(&rng, 5);
	int n;
	while ((n = g->type->legal(g, t, mv)) > 0)
		g->type->apply(g, t, mv[gl_rng_below(&rng, (uint32_t)n)]);
	memcpy(st + 2 * z, t, z);
	memcpy(st + 3 * z, st + z, z);              /* 3: pending again */
	memcpy(st + 4 * z, t, z);                   /* 4: the end again */
	memcpy(st + 5 * z, st, z);                  /* 5: the start */
	int goals[6 * 2], len[6], want[2];
	for (int k = 0; k < 6; k++)
		len[k] = -1;
	g->type->playouts_each(g, st, z, 6, &rng, 1000, NULL, NULL, goals, len,
		NULL);
	g->type->goals(g, t, want);
	for (int k = 0; k < 6; k++) {
		bool end = k == 2 || k == 4;
		CHECK_MSG(end ? len[k] == 0 : len[k] > 0, "state %d: %d moves", k,
			len[k]);
		if (end)
			CHECK(goals[2 * k] == want[0] && goals[2 * k + 1] == want[1]);
	}
	gl_free(st);
	gl_free(t);
	gl_game_free(g);
}

/* Playouts of many leaves at once (lanes, through the gdl type's
 * playouts_each): deterministic at an iteration limit, another player
 * than one by one, a win in one found, random beaten, and rounds of
 * simultaneous moves and three players played (their hidden states one
 * by one). A game without bulk playouts plays as lanes=1. */
static void test_lanes(void)
{
	const char *c4 = "gdl:data/gdl/games/connectFour.kif";
	const char *specs[] = {
		"uct:time=0,iterations=600,lanes=64,lgain=0,lmast=0",
		"uct:time=0,iterations=500,lanes=8,lgain=0,lmast=1"};
	const char *one[] = {"uct:time=0,iterations=600,lanes=1",
		"uct:time=0,iterations=500,lanes=1"};
	gl_match x, y;
	gl_match_init(&x);
	gl_match_init(&y);
	CHECK(play(c4, specs, 3, &x) == 0 && x.nmoves > 0);
	CHECK(play(c4, specs, 3, &y) == 0);
	CHECK_MSG(same_moves(&x, &y), "lanes: not deterministic");
	CHECK(play(c4, one, 3, &y) == 0);
	CHECK_MSG(!same_moves(&x, &y), "lanes: the same as one by one");
	const char *native[] = {"uct:time=0,iterations=300,lanes=64,lgain=0",
		"uct:time=0,iterations=300"};
	const char *plain[] = {"uct:time=0,iterations=300,lanes=1",
		"uct:time=0,iterations=300,lanes=1"};
	CHECK(play("connect4", native, 5, &x) == 0);
	CHECK(play("connect4", plain, 5, &y) == 0);
	CHECK_MSG(same_moves(&x, &y), "lanes without bulk playouts: not lanes=1");
	gl_match_done(&x);
	gl_match_done(&y);
	for (int solve = 0; solve < 2; solve++) {
		char a[96];
		snprintf(a, sizeof a, "uct:time=0,iterations=500,lanes=64,"
			"lgain=0,solve=%d", solve);
		check_choice("gdl:data/gdl/games/ticTacToe.kif", a,
			"(mark 1 1),(mark 1 2),(mark 2 1),(mark 2 2)", "(mark 3 1)");
	}
	/* one iteration: one descent, whatever the lanes (the limit kept),
	 * so the same move for each seed as one by one: the child tried
	 * first (the children are shuffled before any playout) */
	gl_game *g = tg_game("gdl:data/gdl/games/ticTacToe.kif");
	gl_agent *l64 = uct_agent("uct:time=0,iterations=1,lanes=64,lgain=0", g);
	gl_agent *l1 = uct_agent("uct:time=0,iterations=1,lanes=1", g);
	unsigned char *s = tg_state(g);
	g->type->start(g, s);
	tg_play(g, s, "(mark 1 1),(mark 1 2),(mark 2 1),(mark 2 2)");
	int differ = 0;
	for (uint64_t seed = 0; seed < 30; seed++) {
		gl_err err = {0};
		gl_action m[2];
		gl_agent *ag[2] = {l64, l1};
		for (int i = 0; i < 2; i++) {
			ag[i]->role = g->type->to_move(g, s);
			gl_rng_split(&ag[i]->rng, seed, 0);
			CHECK(ag[i]->type->begin(ag[i], &err) == 0);
			CHECK(ag[i]->type->choose(ag[i], s, &m[i], &err) == 0);
		}
		differ += m[0] != m[1];
	}
	CHECK_MSG(differ == 0, "lanes: iterations=1 played another move for "
		"%d of 30 seeds", differ);
	gl_free(s);
	gl_agent_free(l64);
	gl_agent_free(l1);
	gl_game_free(g);
	int played;
	for (int lm = 0; lm < 2; lm++) {
		char spec[64];
		snprintf(spec, sizeof spec, "uct:time=0,iterations=1000,lanes=64,"
			"lgain=0,lmast=%d", lm);
		int w = wins_vs_random(c4, spec, -1, 20, &played);
		printf("gdl connectFour uct, 64 lanes, lmast=%d: %d/%d wins\n", lm,
			w, played);
		CHECK_MSG(played == 20 && w >= 18, "%s: %d/%d", spec, w, played);
	}
	/* MAST's weights in the lanes' playouts: another player */
	const char *lm[] = {"uct:time=0,iterations=600,lanes=64,lgain=0,lmast=1",
		"uct:time=0,iterations=500,lanes=8,lgain=0,lmast=1"};
	gl_match_init(&x);
	gl_match_init(&y);
	CHECK(play(c4, lm, 3, &x) == 0);
	CHECK(play(c4, specs, 3, &y) == 0);
	CHECK_MSG(!same_moves(&x, &y), "lmast=1: the same as random lanes");
	gl_match_done(&x);
	gl_match_done(&y);
	const char *u = "uct:time=0,iterations=300,lanes=32,lgain=0";
	const char *three[] = {u, "random", u};
	const char *two[] = {u, u};
	for (uint64_t seed = 0; seed < 2; seed++) {
		gl_match m;
		gl_match_init(&m);
		CHECK(play("gdl:data/gdl/games/tictactoe_3player.kif", three, seed,
			&m) == 0 && m.nmoves > 0);
		CHECK(play("gdl:data/gdl/games/roshambo2.kif", two, seed, &m) == 0);
		CHECK(play("gdl:data/gdl/games/ticTacToeParallel.kif", two, seed,
			&m) == 0 && m.nmoves > 0);
		gl_match_done(&m);
	}
}

/* Param lgain's batches and param states' replays, counted: a copy of
 * the gdl type whose playouts_each counts its calls before playing them
 * (and the trails asked for, and their choices, after) and, where
 * each_sleep is set, sleeps that many milliseconds in its next call, as
 * a thread descheduled mid-batch would (wall-clock time, no CPU time);
 * and whose apply(), terminal() and hash() count their calls. */
static const gl_game_type *each_inner;
static int each_calls, each_sleep;
static long each_trails, each_choices; /* calls that asked for a trail,
				       * and the choices it got */
static long each_ends, each_short; /* calls that asked for the last
				    * states; calls amiss: with ends, a
				    * playout longer than max_moves, or
				    * goals -1 other than where it stopped
				    * at max_moves short of the end;
				    * without, a limit not the game's */
static int each_cut = -1;          /* the moves of a call with ends
				    * short of the game's limit */
static long each_capped;           /* calls with ends and such a limit */
static long apply_calls, terminal_calls, hash_calls;

static void counted_apply(const gl_game *g, void *s, gl_action m)
{
	apply_calls++;
	each_inner->apply(g, s, m);
}

static bool counted_terminal(const gl_game *g, const void *s)
{
	terminal_calls++;
	return each_inner->terminal(g, s);
}

static uint64_t counted_hash(const gl_game *g, const void *s)
{
	hash_calls++;
	return each_inner->hash ? each_inner->hash(g, s) :
		gl_hash_bytes(s, g->state_size);
}

static void counted_each(const gl_game *g, const void *states, size_t stride,
	int count, gl_rng *rng, int max_moves, const double *weight,
	gl_trail *trail, int *goals, int *len, void *ends)
{
	each_calls++;
	if (each_sleep > 0) {
		struct timespec ts = {each_sleep / 1000,
			(long)(each_sleep % 1000) * 1000000};
		nanosleep(&ts, NULL);
		each_sleep = 0;
	}
	each_inner->playouts_each(g, states, stride, count, rng, max_moves,
		weight, trail, goals, len, ends);
	each_trails += trail != NULL;
	if (ends) {
		each_ends++;
		if (max_moves != (int)g->max_length) {
			each_capped++;
			each_cut = max_moves;
		}
		for (int k = 0; k < count; k++)
			if (len[k] > max_moves || (goals[k * g->nplayers] < 0) !=
			    (len[k] == max_moves && !each_inner->terminal(g,
			    (const unsigned char *)ends + (size_t)k * stride))) {
				each_short++;
				break;
			}
	} else if (max_moves != (int)g->max_length) {
		each_short++;
	}
	for (int k = 0; trail && k < count; k++)
		each_choices += trail->n[k];
}

/* Game spec with its type copied to counted, whose playouts_each,
 * apply(), terminal() and hash() count. */
static gl_game *counted_game(const char *spec, gl_game_type *counted)
{
	gl_game *g = tg_game(spec);
	*counted = *g->type;
	each_inner = g->type;
	counted->playouts_each = counted_each;
	counted->apply = counted_apply;
	counted->terminal = counted_terminal;
	counted->hash = counted_hash;
	g->type = counted;
	return g;
}

/* The apply() calls of uct (spec) choosing the first move of GDL
 * connectFour, its move into *move and, unless terminals is NULL, its
 * terminal() calls into *terminals. */
static long first_applies(const char *spec, gl_action *move,
	long *terminals)
{
	gl_game_type counted;
	gl_game *g = counted_game("gdl:data/gdl/test/connectFour.kif", &counted);
	gl_agent *a = uct_agent(spec, g);
	unsigned char *s = tg_state(g);
	gl_err err = {0};
	a->role = 0;
	gl_rng_seed(&a->rng, 3);
	CHECK(a->type->begin(a, &err) == 0);
	g->type->start(g, s);
	apply_calls = terminal_calls = 0;
	CHECK(a->type->choose(a, s, move, &err) == 0);
	long n = apply_calls;
	if (terminals)
		*terminals = terminal_calls;
	gl_free(s);
	gl_agent_free(a);
	gl_game_free(g);
	return n;
}

/* When esolve searches: at a match's first move, and after a search in
 * which at least 1% of the tree's descents reached an end or a proven
 * node. Two agents of GDL ticTacToe, 200 iterations a move, alike but
 * for esolve (whose solve leaves the tree's search as it was), choose
 * twice at the start, then twice after five marks (four cells left, the
 * second player to block), their hash() calls (the solve's table; the
 * tree, without transpositions, makes none) and apply() calls counted:
 * the solve runs at the first move, not at the second (the start's tree
 * reached no end: a game needs five marks) nor at the third (the same
 * tree), and again at the fourth (the third's tree, four cells from the
 * end, full of ends); where it does not, the two agents' apply() calls
 * are equal, call for call. The default, on a clock, solves at its
 * first move (at esolve's default the other agent, under an iteration
 * limit, never does). */
static void test_esolve_when(void)
{
	gl_game_type counted;
	gl_game *g = counted_game("gdl:data/gdl/games/ticTacToe.kif", &counted);
	gl_agent *a[2] = {
		uct_agent("uct:time=0,iterations=200,esolve=5,connect=0", g),
		uct_agent("uct:time=0,iterations=200,connect=0", g)};
	unsigned char *s = tg_state(g);
	const char *five = "(mark 1 1),(mark 2 2),(mark 1 2),(mark 1 3),"
		"(mark 3 1)";
	const char *at[] = {"", "", five, five};
	long n[4][2], h[4][2];
	for (int i = 0; i < 2; i++) {
		gl_err err = {0};
		gl_rng_seed(&a[i]->rng, 5);
		CHECK(a[i]->type->begin(a[i], &err) == 0);
		for (int k = 0; k < 4; k++) {
			g->type->start(g, s);
			tg_play(g, s, at[k]);
			a[i]->role = g->type->to_move(g, s);
			gl_action m;
			apply_calls = hash_calls = 0;
			CHECK(a[i]->type->choose(a[i], s, &m, &err) == 0);
			n[k][i] = apply_calls;
			h[k][i] = hash_calls;
		}
	}
	printf("esolve's hash() and apply() calls (without): start %ld %ld "
		"(%ld %ld), again %ld %ld (%ld %ld), five marks %ld %ld (%ld "
		"%ld), again %ld %ld (%ld %ld)\n", h[0][0], n[0][0], h[0][1],
		n[0][1], h[1][0], n[1][0], h[1][1], n[1][1], h[2][0], n[2][0],
		h[2][1], n[2][1], h[3][0], n[3][0], h[3][1], n[3][1]);
	for (int k = 0; k < 4; k++)
		CHECK_MSG(h[k][1] == 0, "the tree hashed %ld states", h[k][1]);
	CHECK_MSG(h[0][0] > 0, "no solve at the first move");
	CHECK_MSG(h[1][0] == 0 && n[1][0] == n[1][1],
		"a solve after a tree without ends");
	CHECK_MSG(h[2][0] == 0 && n[2][0] == n[2][1],
		"a solve after a tree without ends");
	CHECK_MSG(h[3][0] > 0, "no solve after a tree full of ends");
	/* the default (esolve=20): on a clock it solves, at the first move;
	 * under an iteration limit (agent 1 above) not */
	gl_agent *d = uct_agent("uct:time=0.05", g);
	gl_err err = {0};
	gl_rng_seed(&d->rng, 5);
	CHECK(d->type->begin(d, &err) == 0);
	g->type->start(g, s);
	d->role = 0;
	gl_action m;
	hash_calls = 0;
	CHECK(d->type->choose(d, s, &m, &err) == 0);
	CHECK_MSG(hash_calls > 0, "the default did not solve on a clock");
	gl_agent_free(d);
	gl_free(s);
	gl_agent_free(a[0]);
	gl_agent_free(a[1]);
	gl_game_free(g);
}

/* Param states: each node's state kept beside it (the default, where
 * they fit) or replayed from the root's (states=0) is one player, move
 * for move: in turns and in rounds of simultaneous moves, with three
 * players, with lanes, with MAST's move ordering and transpositions, and
 * with a small arena pruned in every move (the kept states slid with
 * their nodes). The kept states spare the descents' replays: 2000
 * iterations from GDL connectFour's start call apply() fewer times, by
 * more than one an iteration (each node's move is applied once, when a
 * descent first reaches it). With decisive moves, whose look ahead
 * keeps each new child's state, the same again, and that look ahead's
 * apply() calls spare the descents theirs. */
static void test_states(void)
{
	const char *const *base = uct_pair;
	const char *lanes[] = {"uct:time=0,iterations=300,lgain=0",
		"uct:time=0,iterations=200,c=20,lgain=0", NULL};
	/* a full arena */
	const char *small[] = {"uct:time=0,iterations=1500,nodes=1000",
		"uct:time=0,iterations=1000,nodes=1000", NULL};
	const char *c4 = "gdl:data/gdl/test/connectFour.kif";
	CHECK(differ_on(c4, base, "states=0", "c=60"));
	CHECK(differ_on(c4, lanes, "states=0", "c=60"));
	CHECK(differ_on(c4, small, "states=0", "c=60"));
	CHECK(differ_on("connect4", small, "states=0", "c=60"));
	CHECK(differ_on("gdl:data/gdl/hard/blockerParallel.kif", small,
		"states=0", "c=60"));
	CHECK(differ_with("gdl:data/gdl/games/tictactoe_3player.kif",
		"states=0", "c=60"));
	gl_action kept, replayed;
	long k = first_applies("uct:time=0,iterations=2000", &kept, NULL);
	long r = first_applies("uct:time=0,iterations=2000,states=0",
		&replayed, NULL);
	printf("states: %ld apply() calls kept, %ld replayed\n", k, r);
	CHECK_MSG(kept == replayed && k + 2000 < r,
		"states kept: %ld apply() calls, replayed %ld", k, r);
	/* connectFour's decisive moves look at each new child's state and
	 * keep it: kept or replayed, at rounds and with three players */
	const char *d3[] = {"uct:time=0,iterations=300", "random",
		"uct:time=0,iterations=200", NULL};
	CHECK(differ_on("gdl:data/gdl/games/tictactoe_3player.kif", d3,
		"states=0", "c=60"));
	CHECK(differ_on(c4, small, "states=0", "c=60"));
}

/* lanes with lgain (the default 1): under an iteration limit one by one
 * (the same moves as lanes=1, not those of lanes=64,lgain=0); on the
 * clock, with a gain no batch reaches, one timed batch a move and none
 * after it (none pondering before the first move), the match still
 * played to its end; none at all with decisive playouts (connect);
 * batches after the timed one where they pay (othello-comp2007); and
 * batches again after one slower than a whole move (a descheduled
 * thread), with lgain 0 and 1. */
static void test_lgain(void)
{
	const char *c4 = "gdl:data/gdl/games/connectFour.kif";
	const char *one[] = {"uct:time=0,iterations=600,lanes=1",
		"uct:time=0,iterations=500,lanes=1"};
	const char *dflt[] = {"uct:time=0,iterations=600",
		"uct:time=0,iterations=500,lanes=8,lgain=1000"};
	const char *always[] = {"uct:time=0,iterations=600,lanes=64,lgain=0",
		"uct:time=0,iterations=500,lanes=8,lgain=0"};
	gl_match x, y;
	gl_match_init(&x);
	gl_match_init(&y);
	CHECK(play(c4, one, 3, &x) == 0);
	CHECK(play(c4, dflt, 3, &y) == 0);
	CHECK_MSG(same_moves(&x, &y), "lgain: lanes at an iteration limit");
	CHECK(play(c4, always, 3, &y) == 0);
	CHECK_MSG(!same_moves(&x, &y), "lgain=0: one by one");
	gl_match_done(&x);
	gl_match_done(&y);

	gl_game_type counted;
	gl_game *g = counted_game(c4, &counted);
	gl_agent *a = uct_agent("uct:time=0.05,lanes=64,lgain=1000,connect=0", g);
	unsigned char *s = tg_state(g);
	gl_err err = {0};
	atomic_bool stop = false;
	CHECK(a->type->begin(a, &err) == 0);
	g->type->start(g, s);
	each_calls = 0;
	CHECK(a->type->ponder(a, s, 0.05, &stop, &err) == 0);
	CHECK_MSG(each_calls == 0, "lgain=1000: %d batches pondering before "
		"the first move", each_calls);
	int moves = 0, batches = 0, most = 0;
	for (; !g->type->terminal(g, s); moves++) {
		gl_action m;
		a->role = g->type->to_move(g, s);
		each_calls = 0;
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		batches += each_calls;
		most = each_calls > most ? each_calls : most;
		a->type->observe(a, s, a->role, m);
		g->type->apply(g, s, m);
	}
	CHECK_MSG(moves >= 7 && most <= 1 && batches >= 1, "lgain=1000: %d "
		"moves, %d batches, at most %d a move", moves, batches, most);
	gl_agent_free(a);
	/* decisive playouts (connect, in connectFour): no lanes at all */
	a = uct_agent("uct:time=0.05", g);
	g->type->start(g, s);
	each_calls = 0;
	gl_action m;
	CHECK(a->type->begin(a, &err) == 0);
	CHECK(a->type->choose(a, s, &m, &err) == 0);
	CHECK_MSG(each_calls == 0, "connect: %d batches", each_calls);
	gl_agent_free(a);
	gl_free(s);
	gl_game_free(g);

	/* where a batch pays (an iteration in othello-comp2007 about 10
	 * times as fast in one), lanes on: batches after the timed one. The
	 * choice is made in CPU seconds, but the batches after it need the
	 * move's wall clock left: a process starved of the CPU (20 busy
	 * loops beside it) may spend a whole 1 s move on the timed batch, so
	 * the move is tried again with 8 and then 60 s, a bound one-sided and
	 * generous (on an idle machine the first second does) */
	g = counted_game("gdl:data/gdl/hard/othello-comp2007.kif", &counted);
	s = tg_state(g);
	static const char *const lgain_spec[] = {"uct:time=1,lgain=2",
		"uct:time=8,lgain=2", "uct:time=60,lgain=2"};
	each_calls = 0;
	for (int i = 0; i < 3 && each_calls <= 1; i++) {
		a = uct_agent(lgain_spec[i], g);
		g->type->start(g, s);
		each_calls = 0;
		CHECK(a->type->begin(a, &err) == 0);
		CHECK(a->type->choose(a, s, &m, &err) == 0);
		gl_agent_free(a);
	}
	CHECK_MSG(each_calls > 1, "othello-comp2007, lgain=2: %d batches",
		each_calls);
	gl_free(s);
	gl_game_free(g);

	/* a batch slower than a whole move in wall-clock time (its thread
	 * descheduled: here a sleep of 0.5 s in a 0.2 s move) does not keep
	 * the batches off for the rest of the match: they come back at the
	 * next move, timed by the batch's CPU seconds, then timed afresh */
	g = counted_game(c4, &counted);
	s = tg_state(g);
	for (int lg = 0; lg < 2; lg++) {
		a = uct_agent(lg ? "uct:time=0.2,connect=0" :
			"uct:time=0.2,lgain=0,connect=0", g);
		CHECK(a->type->begin(a, &err) == 0);
		g->type->start(g, s);
		int later = 0;
		for (int i = 0; i < 4 && !g->type->terminal(g, s); i++) {
			a->role = g->type->to_move(g, s);
			each_calls = 0;
			each_sleep = i == 0 ? 500 : 0;
			CHECK(a->type->choose(a, s, &m, &err) == 0);
			later += i > 0 ? each_calls : 0;
			a->type->observe(a, s, a->role, m);
			g->type->apply(g, s, m);
		}
		CHECK_MSG(later > 0, "lgain=%d: no batch after a slow one", lg);
		gl_agent_free(a);
	}
	gl_free(s);
	gl_game_free(g);
}

/* The first move of uct:time=0,iterations=640,lgain=0,OPT (its spec
 * into spec[80]) from g's start, in lanes always, with the counters of
 * counted_each() zeroed first. */
static void choose_counted(gl_game *g, const char *opt, char spec[static 80])
{
	unsigned char *s = tg_state(g);
	snprintf(spec, 80, "uct:time=0,iterations=640,lgain=0,%s", opt);
	gl_agent *a = uct_agent(spec, g);
	gl_err err = {0};
	gl_action m;
	g->type->start(g, s);
	a->role = 0;
	each_calls = 0;
	each_trails = each_choices = each_ends = each_short = each_capped = 0;
	each_cut = -1;
	CHECK(a->type->begin(a, &err) == 0);
	CHECK(a->type->choose(a, s, &m, &err) == 0);
	gl_agent_free(a);
	gl_free(s);
}

/* lmast: MAST learns from the lanes' playouts, so each batch asks for
 * their choices, and gets some (connectFour: a playout from a leaf near
 * the start has a dozen); random lanes ask for none. */
static void test_lmast_learns(void)
{
	gl_game_type counted;
	gl_game *g = counted_game("gdl:data/gdl/games/connectFour.kif", &counted);
	/* each option, and the batches in two that ask for a trail */
	static const struct { const char *opt; int asks; } c[] = {
		{"lmast=0,connect=0", 0}, {"lmast=1,connect=0", 2}};
	for (size_t o = 0; o < sizeof c / sizeof *c; o++) {
		char spec[80];
		choose_counted(g, c[o].opt, spec);
		int want = each_calls * c[o].asks / 2;
		CHECK_MSG(each_calls >= 9 && each_trails == want &&
			each_choices >= 64L * 10 * want / 2 &&
			(want > 0 || each_choices == 0), "%s: %d batches, %ld with "
			"trails, %ld choices", spec, each_calls, each_trails,
			each_choices);
	}
	gl_game_free(g);
}

/* A race's cut playouts (param race): in breakthroughSmall with lanes
 * every second batch is cut at RACE_EPT (10) moves (those stopped before
 * the end with goals -1, in the last states it asks for), the others
 * run to the end; none with race=0, nor in a game of three players. */
static void test_ept(void)
{
	gl_game_type counted;
	const char *bs = "gdl:data/gdl/games/breakthroughSmall.kif";
	static const struct {
		const char *game, *opt;
		bool cut; /* half the batches cut */
	} c[] = {
		{"gdl:data/gdl/games/breakthroughSmall.kif", "race=1", true},
		{"gdl:data/gdl/games/breakthroughSmall.kif", "race=0", false},
		{"gdl:data/gdl/games/tictactoe_3player.kif", "race=1", false}};
	for (size_t o = 0; o < sizeof c / sizeof *c; o++) {
		gl_game *g = counted_game(c[o].game, &counted);
		char spec[80];
		choose_counted(g, c[o].opt, spec);
		long want = c[o].cut ? (each_calls + 1) / 2 : 0;
		CHECK_MSG(each_calls >= 9 && each_capped == want &&
			each_ends == want && each_short == 0 &&
			(!c[o].cut || each_cut == 10), "%s, %s: %d batches, %ld with "
			"ends, %ld cut (%d moves), %ld amiss", c[o].game, spec,
			each_calls, each_ends, each_capped, each_cut, each_short);
		gl_game_free(g);
	}
	const char *lanes[] = {"uct:time=0,iterations=300,lgain=0",
		"uct:time=0,iterations=200,c=20,lgain=0", NULL};
	CHECK(differ_on(bs, lanes, "race=1", "race=0"));
}

/* Native checkers names a move by its squares: 2^27 action ids, too
 * many for the statistics kept per move id (MAST's table alone would be
 * 4 GiB), so the default plays as mast=0 there, and asking for MAST
 * with another temperature changes nothing. */
static void test_sparse_ids(void)
{
	const char *more[] = {"uct:time=0,iterations=300,mast=2,tau=5",
		"uct:time=0,iterations=200,c=20,tau=5"};
	CHECK_MSG(!differ_from("checkers", uct_pair, plain_pair, more),
		"checkers: statistics per move id used");
}

/* The tests in two parts of about equal time, so that CTest can run
 * them side by side (test_uct_1, test_uct_2; the slowest program under
 * the sanitizers): `test_uct 1` or `test_uct 2` runs one part, no
 * argument both. */
static const struct {
	void (*run)(void);
	int part;
} tests[] = {
	{test_lgain, 1},
	{test_esolve, 1},
	{test_esolve_when, 1},
	{test_ept, 1},
	{test_lmast_learns, 1},
	{check_each_mixed, 1},
	{test_lanes, 2},
	{test_bad_specs, 1},
	{test_no_alloc, 2},
	{test_states, 1},
	{test_wins_in_one, 1},
	{test_decisive, 1},
	{test_deterministic, 2},
	{test_publish, 2},
	{test_ponder, 2},
	{test_options, 2},
	{test_rank, 1},
	{test_race, 1},
	{test_mast_rounds, 1},
	{test_sexpand, 1},
	{test_reuse, 2},
	{test_gdl_any_players, 1},
	{test_simultaneous, 1},
	{test_beats_random, 2},
	{test_sparse_ids, 2},
};

int main(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "1") && strcmp(argv[1], "2"))) {
		fprintf(stderr, "usage: test_uct [1|2]\n");
		return 2;
	}
	int part = argc == 2 ? argv[1][0] - '0' : 0;
	for (size_t i = 0; i < sizeof tests / sizeof *tests; i++)
		if (part == 0 || tests[i].part == part)
			tests[i].run();
	kept_games_free();
	return test_report();
}
