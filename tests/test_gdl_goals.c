/*
 * test_gdl_goals.c - a goal defined with two values in one state, an
 * error of the rules: data/gdl/games/pentago.kif gives black 0 and 100
 * when black completes a line with the board still open (its last goal
 * rule tests (not (line red)) twice where it meant black). gdl_goal_values
 * lists both, for the network and the prover alike, and gdl_goal takes the
 * largest; the gdl game type notes the first such state its goals met
 * (gdl_game_note, which the CLI prints), and nothing for a game whose
 * goals are well defined.
 */
#include "gdltest.h"

#include "gamelearn/game.h"

#define PENTAGO "data/gdl/games/pentago.kif"

/* Seeded random playouts of gd until a state where a role has several
 * goal values: its role (-1 if none within nplay playouts), values into v. */
static int find_double(const gdl_game *gd, int nplay, int *v, int *nv)
{
	gdl_eval *e = gdl_eval_new(gd);
	gl_rng rng;
	gl_rng_seed(&rng, 7);
	int found = -1;
	for (int k = 0; k < nplay && found < 0; k++) {
		uint64_t s[T_WORDS_MAX];
		gdl_initial(gd, s);
		for (int step = 0; step < 200 && found < 0; step++) {
			gdl_eval_state(gd, e, s);
			int joint[GDL_ROLES_MAX];
			bool over = gdl_terminal(gd, e);
			for (int r = 0; r < gdl_nroles(gd) && found < 0; r++) {
				*nv = gdl_goal_values(gd, e, r, v, 8);
				CHECK(*nv <= 1 || gdl_goal(gd, e, r) == v[*nv - 1]);
				if (*nv > 1) {
					found = r;
					/* room for fewer: the count all the same */
					int one[1];
					CHECK(gdl_goal_values(gd, e, r, one, 1) == *nv &&
						one[0] == v[0]);
					CHECK(gdl_goal_values(gd, e, r, NULL, 0) == *nv);
				}
				int c = gdl_legal_count(gd, e, r);
				over |= c == 0;
				if (c)
					joint[r] = gdl_legal_nth(gd, e, r,
						(int)gl_rng_below(&rng, (uint32_t)c));
			}
			if (over)
				break;
			gdl_next(gd, e, joint, s);
		}
	}
	gdl_eval_free(e);
	return found;
}

static void values(void)
{
	for (int r = GDL_NET; r <= GDL_PROVER; r++) {
		gdl_load_opts o = {.reasoner = (gdl_reasoner)r};
		gdl_game *gd = NULL;
		gl_err err = {0};
		CHECK_MSG(gdl_load_file_ex(&gd, PENTAGO, &o, &err) == 0, "%s", err.msg);
		if (!gd)
			continue;
		int v[8], nv = 0;
		int role = find_double(gd, 50, v, &nv);
		CHECK_MSG(role == 1, "%s: role %d", gdl_reasoner_name((gdl_reasoner)r),
			role);
		CHECK(nv == 2 && v[0] == 0 && v[1] == 100);
		gdl_free(gd);
	}
	/* well-defined goals: never more than one value */
	gdl_game *gd = NULL;
	gl_err err = {0};
	CHECK(gdl_load_file(&gd, "data/gdl/games/ticTacToe.kif", &err) == 0);
	if (gd) {
		int v[8], nv = 0;
		CHECK(find_double(gd, 200, v, &nv) < 0);
		gdl_free(gd);
	}
}

/* Random games through the game interface, the goals asked at the end. */
static void play(const gl_game *g, int n)
{
	gl_rng rng;
	gl_rng_seed(&rng, 3);
	unsigned char *s = gl_malloc(g->state_size);
	gl_action *mv = gl_malloc(g->max_legal * sizeof *mv);
	CHECK(s && mv);
	for (int k = 0; s && mv && k < n; k++) {
		int goals[GL_PLAYERS_MAX], c;
		g->type->start(g, s);
		while ((c = g->type->legal(g, s, mv)) > 0)
			g->type->apply(g, s, mv[gl_rng_below(&rng, (uint32_t)c)]);
		g->type->goals(g, s, goals);
	}
	gl_free(s);
	gl_free(mv);
}

static void note(void)
{
	char buf[512];
	gl_err err = {0};
	gl_game *g = gl_game_new("gdl:" PENTAGO, &err);
	CHECK_MSG(g != NULL, "%s", err.msg);
	if (g) {
		CHECK(gdl_game_note(g, buf, sizeof buf) == 0 && buf[0] == '\0');
		play(g, 50);
		CHECK(gdl_game_note(g, buf, sizeof buf) > 0);
		CHECK_MSG(strstr(buf, "pentago.kif: the rules give role 'black' 2 goal "
			"values in one state (0 and 100); the largest, 100, is used"),
			"%s", buf);
		/* cut to the room given */
		char small[8];
		CHECK(gdl_game_note(g, small, sizeof small) > 8 && strlen(small) == 7);
		gl_game_free(g);
	}
	const char *fine[] = {"gdl:data/gdl/games/ticTacToe.kif", "tictactoe"};
	for (int i = 0; i < 2; i++) {
		g = gl_game_new(fine[i], &err);
		CHECK_MSG(g != NULL, "%s", err.msg);
		if (!g)
			continue;
		play(g, 50);
		CHECK(gdl_game_note(g, buf, sizeof buf) == 0 && buf[0] == '\0');
		gl_game_free(g);
	}
}

int main(void)
{
	values();
	note();
	return test_report();
}
