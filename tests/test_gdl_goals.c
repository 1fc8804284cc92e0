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

/* The goals' lines (gdl_goal_lines, as the gdl type's g->lines):
 * ticTacToe's 8 of three a role, connectFour's 84 of four (its 8 by 6
 * board's 24 columns' 3, 6 rows' 5 and the diagonals' 2 x 12), each
 * cell of the line's role; breakthrough's single squares of the far row
 * (8 a role: its goal 100's other rule, the other side without a piece,
 * asks only for what is not); none for a game the prover plays. */
static void lines(void)
{
	static const struct {
		const char *spec;
		unsigned per_role, len;
		const char *mark[2]; /* each proposition's text ends so */
	} want[] = {
		{"gdl:data/gdl/games/ticTacToe.kif", 8, 3, {" x)", " o)"}},
		{"gdl:data/gdl/test/connectFour.kif", 84, 4, {" red)", " black)"}},
		{"gdl:data/gdl/hard/breakthrough.kif", 8, 1, {" white)", " black)"}},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		gl_err err = {0};
		gl_game *g = gl_game_new(want[i].spec, &err);
		CHECK_MSG(g != NULL, "%s: %s", want[i].spec, err.msg);
		if (!g)
			continue;
		const gl_goal_lines *l = &g->lines;
		const gdl_game *gd = gdl_game_of(g);
		CHECK_MSG(l->n == 2 * want[i].per_role, "%s: %u lines", want[i].spec,
			l->n);
		unsigned per[2] = {0, 0}, bad = 0;
		for (unsigned k = 0; k < l->n && l->first; k++) {
			unsigned p = l->player[k];
			per[p & 1]++;
			bad += l->first[k + 1] - l->first[k] != want[i].len;
			for (uint32_t j = l->first[k]; j < l->first[k + 1]; j++) {
				char text[64];
				int n = gdl_base_text(gd, (int)l->prop[j], text, sizeof text);
				size_t m = strlen(want[i].mark[p & 1]);
				bad += (size_t)n < m ||
					strcmp(text + n - m, want[i].mark[p & 1]) != 0;
				bad += j > l->first[k] && l->prop[j] <= l->prop[j - 1];
				bad += l->prop[j] >= g->nprops;
			}
		}
		CHECK_MSG(bad == 0 && per[0] == want[i].per_role &&
			per[1] == want[i].per_role, "%s: %u amiss, %u and %u a role",
			want[i].spec, bad, per[0], per[1]);
		gl_game_free(g);
	}
	gl_err err = {0};
	gl_game *g = gl_game_new("gdl:file=data/gdl/games/ticTacToe.kif,"
		"reasoner=prover", &err);
	CHECK_MSG(g != NULL, "%s", err.msg);
	if (g)
		CHECK(g->lines.n == 0 && g->lines.first == NULL);
	gl_game_free(g);
}

int main(void)
{
	values();
	note();
	lines();
	return test_report();
}
