/*
 * test_gdl_case.c - names are case-sensitive, as ggp-base and the game
 * servers read GDL, unless the case is folded (gdl_load_opts.fold_case,
 * the gdl type's case=fold): data/gdl/case/case.kif, whose legal moves
 * differ between the two; keywords in any case; moves found by their text
 * exactly first, else unambiguously whatever their case; and the two
 * public games whose counts depend on it (data/gdl/hard/README.md):
 * alexChess (perft 3: 780 case-sensitive, 890 folded) and wargame03
 * (3 / 11 / 46 / 187 / 456).
 */
#include "gametest.h"
#include "gdltest.h"

#include "gamelearn/game.h"

#define CASE "data/gdl/case/case.kif"

static gdl_game *load(const char *path, bool fold)
{
	gdl_load_opts o = {.fold_case = fold};
	gdl_game *gd = NULL;
	gl_err err = {0};
	CHECK_MSG(gdl_load_file_ex(&gd, path, &o, &err) == 0, "%s", err.msg);
	return gd;
}

/* The legal moves of role 0 in the initial state, as text. */
static void start_moves(const gdl_game *gd, char *buf, size_t n)
{
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t s[T_WORDS_MAX];
	int mv[64];
	gdl_initial(gd, s);
	gdl_eval_state(gd, e, s);
	int k = gdl_legal(gd, e, 0, mv);
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < k && len < n; i++) {
		char t[64];
		gdl_move_text(gd, mv[i], t, sizeof t);
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? " " : "", t);
	}
	gdl_eval_free(e);
}

static void case_file(void)
{
	gdl_game *keep = load(CASE, false), *fold = load(CASE, true);
	if (!keep || !fold) {
		gdl_free(keep);
		gdl_free(fold);
		return;
	}
	char got[256];
	/* succ/SUCC, a/A, ?x/?X: two each */
	start_moves(keep, got, sizeof got);
	CHECK_STR(got, "(go 1) (mark A) (mark a)");
	CHECK(gdl_nmoves(keep) == 4);
	start_moves(fold, got, sizeof got);
	CHECK_STR(got, "(go 1) (go 2) (mark a)");
	CHECK(gdl_nmoves(fold) == 3);
	/* ROLE, INIT, Legal and NOT were keywords in both */
	CHECK(gdl_nroles(keep) == 1 && !strcmp(gdl_role_name(keep, 0), "player"));
	/* moves by text: exactly, else the one equal but for case */
	CHECK(gdl_move_find(keep, "(mark A)") == 2);
	CHECK(gdl_move_find(keep, "(mark a)") == 3);
	CHECK(gdl_move_find(keep, "( mark  a )") == 3);
	CHECK(gdl_move_find(keep, "(MARK A)") == -1); /* (mark A) or (mark a)? */
	CHECK(gdl_move_find(keep, "(GO 2)") == 1); /* (go 2) alone */
	CHECK(gdl_move_find(keep, "(go 3)") == -1);
	CHECK(gdl_move_find(fold, "(MARK A)") == 2);
	/* the game type's parameter */
	gl_err err = {0};
	gl_game *g = gl_game_new("gdl:file=" CASE ",case=fold", &err);
	CHECK_MSG(g != NULL, "%s", err.msg);
	if (g) {
		void *s = tg_state(g);
		gl_action *mv = tg_moves(g);
		g->type->start(g, s);
		CHECK(g->type->legal(g, s, mv) == 3);
		gl_action a;
		CHECK(g->type->parse_move(g, s, "(Go 2)", &a, &err) == 0);
		gl_free(s);
		gl_free(mv);
		gl_game_free(g);
	}
	g = gl_game_new("gdl:" CASE, &err); /* keep: the default */
	CHECK_MSG(g != NULL, "%s", err.msg);
	if (g) {
		void *s = tg_state(g);
		g->type->start(g, s);
		CHECK_EQ_U64(tg_perft(g, s, 1), 3);
		gl_action a;
		CHECK(g->type->parse_move(g, s, "(mark A)", &a, &err) == 0);
		CHECK(g->type->parse_move(g, s, "(MARK A)", &a, &err) == GL_EPARSE);
		gl_free(s);
		gl_game_free(g);
	}
	CHECK(gl_game_new("gdl:file=" CASE ",case=upper", &err) == NULL);
	CHECK_MSG(strstr(err.msg, "case 'upper' is neither keep nor fold"), "%s",
		err.msg);
	/* checking folds (or not) as loading does */
	const char *text = "(role r) (Q 1) (q 2) (<= (P ?x) (q ?x) (or (distinct ?x 1) "
		"(not (distinct ?x 2)))) (<= (legal r (go ?x)) (p ?x)) (<= terminal) "
		"(goal r 100)";
	gdl_load_opts fo = {.fold_case = true};
	CHECK(gdl_check_ex(text, strlen(text), "x.kif", &fo, NULL, NULL) == 0);
	/* case-sensitive: P and p are two relations, p has no rule */
	gdl_game *gd = NULL;
	CHECK(gdl_load(&gd, text, strlen(text), "x.kif", &err) == 0 && gd);
	if (gd) {
		start_moves(gd, got, sizeof got);
		CHECK_STR(got, "");
		gdl_free(gd);
	}
	gdl_free(keep);
	gdl_free(fold);
}

/* Joint-move perft of path from the start (depths 1..n). */
static void counts(const char *path, bool fold, const uint64_t *want, int n)
{
	double t0 = gl_now();
	gdl_game *gd = load(path, fold);
	if (!gd)
		return;
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t s[T_WORDS_MAX];
	gdl_initial(gd, s);
	for (int d = 1; d <= n; d++)
		CHECK_MSG(gdl_perft(gd, e, s, d) == want[d - 1], "%s%s: perft %d",
			path, fold ? " (folded)" : "", d);
	gdl_eval_free(e);
	gdl_free(gd);
	printf("%s%s: %.3f s\n", path, fold ? " (folded)" : "", gl_now() - t0);
}

int main(void)
{
	case_file();
	/* ggp-base's counts, case-sensitive */
	static const uint64_t alex[] = {20, 40, 780}, war[] = {3, 11, 46, 187, 456};
	counts("data/gdl/hard/alexChess.kif", false, alex, 3);
	counts("data/gdl/hard/wargame03.kif", false, war, 5);
	/* folded, the counts differ (and alexChess gets 8003 moves, which
	 * only the prover loads, slowly: perft 3 only) */
	static const uint64_t alexf[] = {20, 40, 890}, warf[] = {3, 11, 46, 187, 451};
	counts("data/gdl/hard/wargame03.kif", true, warf, 5);
	counts("data/gdl/hard/alexChess.kif", true, alexf, 3);
	return test_report();
}
