/*
 * test_gdl_variants.c - the other ways a description is loaded mean what
 * the rules themselves mean: the rules asked on demand (magic.c), for each
 * reasoner (the asked program on the prover where it is too big for the
 * network), and the layout alone ground with the prover making the rest
 * of the terms per state (gdl_load_opts.layout), also relaxed to what
 * binds the bases and moves (.relax). Every test game, and
 * queens08lg, loaded the plain way and each other way gives the same
 * roles, the same joint-move counts and, along seeded random walks, the
 * same terminal tests, goal values and legal moves (compared by their
 * text: the programs may number their terms differently).
 */
#include "gdltest.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

enum { WALKS = 2, STEPS = 30, MOVES_MAX = 4096, TEXT = 256 };

/* The legal moves of role in the state evaluated, as one text. */
static void legal_text(const gdl_game *gd, const gdl_eval *e, int role,
	char *out, size_t n)
{
	static int moves[MOVES_MAX];
	int k = gdl_legal(gd, e, role, moves);
	size_t len = 0;
	out[0] = '\0';
	for (int i = 0; i < k && i < MOVES_MAX && len + TEXT < n; i++) {
		char t[TEXT];
		gdl_move_text(gd, moves[i], t, sizeof t);
		len += (size_t)snprintf(out + len, n - len, "%s;", t);
	}
}

static void same_state(const char *what, const gdl_game *a, gdl_eval *ea,
	const gdl_game *b, gdl_eval *eb)
{
	CHECK_MSG(gdl_terminal(a, ea) == gdl_terminal(b, eb), "%s: terminal",
		what);
	for (int r = 0; r < gdl_nroles(a); r++) {
		int va[8], vb[8];
		int na = gdl_goal_values(a, ea, r, va, 8);
		int nb = gdl_goal_values(b, eb, r, vb, 8);
		CHECK_MSG(na == nb && !memcmp(va, vb, (size_t)(na < 8 ? na : 8) *
			sizeof *va), "%s: goals of role %d", what, r);
		static char la[1 << 16], lb[1 << 16];
		legal_text(a, ea, r, la, sizeof la);
		legal_text(b, eb, r, lb, sizeof lb);
		CHECK_MSG(!strcmp(la, lb), "%s: role %d's legal moves '%.200s' "
			"against '%.200s'", what, r, la, lb);
	}
}

/* Random walks in a (plain) and b (loaded another way) side by side. */
static void walks(const char *path, const gdl_game *a, const gdl_game *b)
{
	gdl_eval *ea = gdl_eval_new(a), *eb = gdl_eval_new(b);
	int wa = gdl_state_words(a), wb = gdl_state_words(b);
	uint64_t *sa = gl_calloc((size_t)wa, sizeof *sa);
	uint64_t *sb = gl_calloc((size_t)wb, sizeof *sb);
	CHECK(ea && eb && sa && sb);
	gl_rng rng;
	gl_rng_seed(&rng, 7);
	for (int w = 0; w < WALKS && ea && eb && sa && sb; w++) {
		gdl_initial(a, sa);
		gdl_initial(b, sb);
		for (int step = 0; step < STEPS; step++) {
			char what[512];
			snprintf(what, sizeof what, "%s: walk %d step %d", path, w,
				step);
			gdl_eval_state(a, ea, sa);
			gdl_eval_state(b, eb, sb);
			same_state(what, a, ea, b, eb);
			if (gdl_terminal(a, ea))
				break;
			int ja[GDL_ROLES_MAX], jb[GDL_ROLES_MAX];
			for (int r = 0; r < gdl_nroles(a); r++) {
				int n = gdl_legal_count(a, ea, r);
				ja[r] = gdl_legal_nth(a, ea, r,
					(int)gl_rng_below(&rng, (uint32_t)n));
				char t[TEXT];
				gdl_move_text(a, ja[r], t, sizeof t);
				jb[r] = gdl_move_find(b, t);
				CHECK_MSG(jb[r] >= 0, "%s: move %s", what, t);
			}
			gdl_next(a, ea, ja, sa);
			gdl_next(b, eb, jb, sb);
		}
	}
	if (sa && sb) {
		gdl_initial(a, sa);
		gdl_initial(b, sb);
		CHECK_EQ_U64(gdl_perft(b, eb, sb, 2), gdl_perft(a, ea, sa, 2));
	}
	gl_free(sa);
	gl_free(sb);
	gdl_eval_free(ea);
	gdl_eval_free(eb);
}

static void test_file(const char *path)
{
	char *text;
	size_t len;
	gl_err err = {0};
	if (gl_read_file(path, 1 << 22, &text, &len, &err)) {
		CHECK_MSG(0, "%s", err.msg);
		return;
	}
	/* (the reasoner of the plain load, the other way, what the other
	 * way's reason says) */
	static const struct {
		gdl_reasoner plain;
		gdl_load_opts other;
		const char *why;
	} ways[] = {
		/* the asked program may be too big for the network where the
		 * plain one is not (hexPie): then the prover's */
		{GDL_NET, {.reasoner = GDL_AUTO, .demand = true}, "magic sets"},
		{GDL_PROVER, {.reasoner = GDL_PROVER, .demand = true}, "magic sets"},
		{GDL_PROVER, {.reasoner = GDL_PROVER, .layout = true},
			"bases and moves alone"},
		{GDL_PROVER, {.reasoner = GDL_PROVER, .layout = true,
			.relax = true}, "relaxed"},
		{GDL_PROVER, {.reasoner = GDL_PROVER, .layout = true,
			.relax = true, .demand = true}, "relaxed"},
	};
	for (size_t w = 0; w < sizeof ways / sizeof *ways; w++) {
		gdl_load_opts plain = {.reasoner = ways[w].plain};
		gdl_game *a = NULL, *b = NULL;
		if (gdl_load_ex(&a, text, len, path, &plain, &err))
			continue; /* too big for this reasoner */
		int rc = gdl_load_ex(&b, text, len, path, &ways[w].other, &err);
		CHECK_MSG(rc == 0, "%s (way %zu): %s", path, w, err.msg);
		if (rc == 0) {
			CHECK(gdl_nroles(a) == gdl_nroles(b));
			for (int k = 0; k < gdl_nroles(a); k++)
				CHECK(!strcmp(gdl_role_name(a, k), gdl_role_name(b, k)));
			CHECK_MSG(strstr(gdl_fallback_reason(b), ways[w].why) != NULL,
				"%s (way %zu): '%s'", path, w, gdl_fallback_reason(b));
			walks(path, a, b);
		}
		gdl_free(a);
		gdl_free(b);
	}
	gl_free(text);
}

int main(void)
{
	DIR *d = opendir("data/gdl/games");
	CHECK(d != NULL);
	struct dirent *de;
	int n = 0;
	while (d && (de = readdir(d))) {
		size_t l = strlen(de->d_name);
		if (l < 5 || strcmp(de->d_name + l - 4, ".kif"))
			continue;
		char path[512];
		snprintf(path, sizeof path, "data/gdl/games/%s", de->d_name);
		test_file(path);
		n++;
	}
	if (d)
		closedir(d);
	CHECK(n >= 20);
	/* goal negated inside goal; the others are slow to load asked */
	static const char *const hard[] = {"queens08lg", NULL};
	for (int i = 0; hard[i]; i++) {
		char path[512];
		snprintf(path, sizeof path, "data/gdl/hard/%s.kif", hard[i]);
		test_file(path);
	}
	return test_report();
}
