/*
 * test_gdl_strata.c - negation inside a recursion of relations that is
 * stratified on the ground atoms (Love et al. 2008, section 4): the six
 * games of data/gdl/hard that define goal(R, 100) by not goal(R, 0) load
 * (for the network and for the prover) and give ggp-base's perft counts
 * of data/gdl/hard/README.md at depths 1 to 3; a description that is not
 * stratified even on its ground atoms is refused at load by the network,
 * naming the atoms, and by the prover at load (static relations) or in the
 * state where it shows (GL_EPARSE from gdl_eval_error, never a model).
 */
#include "gametest.h"
#include "gdltest.h"

#include "gamelearn/game.h"

#include <stdlib.h>

#define H "data/gdl/hard/"

/* ggp-base's perft 1 / 2 / 3 (hard/README.md). */
static const struct {
	const char *file;
	uint64_t perft[3];
} hard[] = {
	{H "queens08lg.kif", {65, 2640, 64496}},
	{H "futoshiki4.kif", {55, 2446, 87940}},
	{H "hidato19.kif", {65, 2616, 66362}},
	{H "hexPie.kif", {81, 6561, 518400}},
	{H "majorities.kif", {55, 2970, 157410}},
	{H "nineBoardTicTacToePie.kif", {81, 801, 12816}},
};

static void hard_games(void)
{
	for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
		for (int r = GDL_AUTO; r <= GDL_PROVER; r += GDL_PROVER - GDL_AUTO) {
			gdl_load_opts o = {.reasoner = (gdl_reasoner)r};
			gdl_game *gd = NULL;
			gl_err err = {0};
			double t0 = gl_now();
			int rc = gdl_load_file_ex(&gd, hard[i].file, &o, &err);
			CHECK_MSG(rc == 0, "%s: %s", hard[i].file, err.msg);
			if (rc)
				continue;
			/* small enough to ground: auto takes the network */
			CHECK(gdl_reasoner_of(gd) == (r == GDL_AUTO ? GDL_NET : GDL_PROVER));
			gdl_eval *e = gdl_eval_new(gd);
			uint64_t s[T_WORDS_MAX];
			gdl_initial(gd, s);
			for (int d = 1; d <= 3; d++)
				CHECK_MSG(gdl_perft(gd, e, s, d) == hard[i].perft[d - 1],
					"%s (%s): perft %d", hard[i].file,
					gdl_reasoner_name((gdl_reasoner)r), d);
			CHECK(gdl_eval_error(gd, e) == 0);
			gdl_eval_free(e);
			gdl_free(gd);
			printf("%-40s %-6s %.3f s\n", hard[i].file,
				gdl_reasoner_name((gdl_reasoner)r), gl_now() - t0);
		}
	}
	/* through the game type too (one player: the interface's moves are
	 * the joint moves) */
	gl_err err = {0};
	gl_game *g = gl_game_new("gdl:" H "queens08lg.kif", &err);
	CHECK_MSG(g != NULL, "%s", err.msg);
	if (g) {
		void *s = tg_state(g);
		g->type->start(g, s);
		CHECK_EQ_U64(tg_perft(g, s, 2), 2640);
		gl_free(s);
		gl_game_free(g);
	}
}

/* goal(r, 100) by not goal(r, 0), and goal(r, 0) by not goal(r, 100),
 * once the step is 2: a negation through a ground recursion. */
static void not_stratified(void)
{
	const char *path = "data/gdl/invalid/ground_unstratified.kif";
	gdl_game *gd = NULL;
	gl_err err = {0};
	CHECK(gdl_load_file(&gd, path, &err) == GL_EPARSE && !gd);
	CHECK_MSG(strstr(err.msg, "ground_unstratified.kif: not stratified on the "
		"ground program: (goal r 100) depends on (not (goal r 0)), which "
		"depends on (goal r 100)"), "%s", err.msg);
	gl_game *g = gl_game_new("gdl:data/gdl/invalid/ground_unstratified.kif", &err);
	CHECK(g == NULL);
	CHECK_MSG(strstr(err.msg, "not stratified on the ground program"), "%s",
		err.msg);
	/* relation by relation it is only a doubt: gdl_check has no problem */
	char *text;
	size_t len;
	if (!gl_read_file(path, 1 << 20, &text, &len, &err)) {
		CHECK(gdl_check(text, len, path, NULL) == 0);
		gl_free(text);
	}
	/* the prover: step 1 plays, step 2 cannot be evaluated */
	gdl_load_opts o = {.reasoner = GDL_PROVER};
	CHECK_MSG(gdl_load_file_ex(&gd, path, &o, &err) == 0, "%s", err.msg);
	if (gd) {
		gdl_eval *e = gdl_eval_new(gd);
		uint64_t s[T_WORDS_MAX];
		int mv[4];
		gdl_initial(gd, s);
		gdl_eval_state(gd, e, s);
		CHECK(gdl_eval_error(gd, e) == 0 && !gdl_terminal(gd, e));
		CHECK(gdl_legal(gd, e, 0, mv) == 1);
		gdl_next(gd, e, mv, s);
		gdl_eval_state(gd, e, s);
		CHECK(gdl_eval_error(gd, e) == GL_EPARSE);
		CHECK(gdl_terminal(gd, e) && gdl_legal_count(gd, e, 0) == 0);
		CHECK(gdl_goal(gd, e, 0) == 0);
		/* and the state before is still fine */
		gdl_initial(gd, s);
		gdl_eval_state(gd, e, s);
		CHECK(gdl_eval_error(gd, e) == 0 && gdl_legal_count(gd, e, 0) == 1);
		gdl_eval_free(e);
		gdl_free(gd);
	}
	/* on neither true nor does: the prover refuses at load */
	const char *stat = "(role r) (q 1) (<= (p ?x) (q ?x) (not (p ?x)))\n"
		"(<= (legal r a) (p 1)) (<= terminal (p 1)) (goal r 0)";
	gd = NULL;
	CHECK(gdl_load(&gd, stat, strlen(stat), "x.kif", &err) == GL_EPARSE && !gd);
	CHECK_MSG(strstr(err.msg, "x.kif: not stratified on the ground program: "
		"(p 1) depends on (not (p 1)), which depends on (p 1)"), "%s", err.msg);
	CHECK(gdl_load_ex(&gd, stat, strlen(stat), "x.kif", &o, &err) == GL_EPARSE &&
		!gd);
	CHECK_MSG(strstr(err.msg, "x.kif: not stratified on the ground program"),
		"%s", err.msg);
}

int main(void)
{
	hard_games();
	not_stratified();
	/* running out of memory with the prover's alternating fixpoint */
	gdl_load_opts prover = {.reasoner = GDL_PROVER};
	gdl_alloc_sweep(H "futoshiki4.kif", &prover, GDL_PROVER);
	return test_report();
}
