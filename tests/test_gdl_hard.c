/*
 * test_gdl_hard.c - the 31 hard rulesheets of data/gdl/hard (from the
 * public GGP game repository) against ggp-base's counts in
 * data/gdl/hard/README.md: each loads and its joint-move perft agrees
 * with the README at every depth listed (within a budget of states
 * evaluated: the network evaluates far more a second than the prover), or
 * it is refused
 * for the reason the table below states (and README.md's GDL section
 * repeats). A game that loads though the table says it is refused fails
 * too: the table and the README must then be brought up to date.
 *
 * test_gdl_hard [GAME]: only GAME (ctest runs one test per game, so that
 * the slow loads run side by side); without one, every game of the
 * README's table.
 */
#include "gamelearn/gdl.h"
#include "test.h"

#include <stdlib.h>

#define DIR "data/gdl/hard/"

enum { DEPTHS = 5 };

/* The games refused, and what the refusal says. */
static const struct refusal {
	const char *game;
	const char *why; /* a part of the message */
} refused[] = {
	{NULL, NULL}
};

/* Games that load over their layout alone, and whether the rules are
 * then asked on demand: the way whose first states take fewer join steps
 * (chess: 64,600 asked on demand, 12.5 million as written). */
static const struct layout_way {
	const char *game;
	bool demand;
} layout_ways[] = {
	{"chess", true},
	{"slaughter", true},
	{"ruleDepthExponential", false},
	{NULL, false}
};

/* States evaluated at most (all depths together), by reasoner. */
#define BUDGET_NET 400000ULL
#define BUDGET_PROVER 1000ULL

/* One row of the README's table. */
typedef struct row {
	char game[64];
	char roles[256];
	long long perft[DEPTHS]; /* -1: not computed */
} row;

/* The README's row of game; 0, or -1 when it has none. */
static int readme_row(const char *game, row *out)
{
	FILE *f = fopen(DIR "README.md", "r");
	if (!f)
		return -1;
	char line[1024];
	int rc = -1;
	while (rc && fgets(line, sizeof line, f)) {
		char *cell[8];
		int nc = 0;
		if (line[0] != '|')
			continue;
		for (char *p = line + 1; nc < 8 && (p = strchr(p, '|')); p++)
			cell[nc++] = p;
		if (nc < 5)
			continue;
		/* | game | roles | turn-taking | perft | length | speed | */
		char name[64];
		if (sscanf(line, "| %63s |", name) != 1 || strcmp(name, game))
			continue;
		memset(out, 0, sizeof *out);
		snprintf(out->game, sizeof out->game, "%s", name);
		int rl = (int)(cell[1] - cell[0]) - 1;
		snprintf(out->roles, sizeof out->roles, "%.*s", rl, cell[0] + 1);
		const char *p = cell[2] + 1;
		for (int d = 0; d < DEPTHS; d++) {
			while (*p == ' ' || *p == '/')
				p++;
			if (*p == '-') {
				out->perft[d] = -1;
				p++;
			} else {
				out->perft[d] = strtoll(p, (char **)&p, 10);
			}
		}
		rc = 0;
	}
	fclose(f);
	return rc;
}

/* Whether the roles of gd are the space-separated names of want. */
static bool same_roles(const gdl_game *gd, const char *want)
{
	char got[256] = "";
	size_t len = 0;
	for (int r = 0; r < gdl_nroles(gd) && len < sizeof got; r++)
		len += (size_t)snprintf(got + len, sizeof got - len, "%s%s",
			r ? " " : "", gdl_role_name(gd, r));
	while (*want == ' ')
		want++;
	size_t wl = strlen(want);
	while (wl && want[wl - 1] == ' ')
		wl--;
	return strlen(got) == wl && !strncmp(got, want, wl);
}

static void test_game(const char *game)
{
	row r;
	CHECK_MSG(readme_row(game, &r) == 0, "%s: no row in the README", game);
	const struct refusal *ref = refused;
	while (ref->game && strcmp(ref->game, game))
		ref++;
	char path[256];
	snprintf(path, sizeof path, DIR "%s.kif", game);
	gdl_game *gd;
	gl_err err = {0};
	int rc = gdl_load_file(&gd, path, &err);
	if (rc) {
		CHECK_MSG(ref->game != NULL, "%s: refused: %s", game, err.msg);
		if (ref->game) /* after a second try, asked on demand */
			CHECK_MSG(strstr(err.msg, ref->why) != NULL &&
				strstr(err.msg, "; asked on demand: grounding too big"),
				"%s: refused for '%s', not '%s'", game, err.msg,
				ref->why);
		return;
	}
	CHECK_MSG(ref->game == NULL, "%s: loads, but the table says it is refused "
		"(%s): update the table and README.md", game, ref->why);
	for (const struct layout_way *w = layout_ways; w->game; w++) {
		const char *how = gdl_fallback_reason(gd);
		if (!strcmp(w->game, game))
			CHECK_MSG(how && strstr(how, "bases and moves alone") &&
				(strstr(how, "asked on demand (magic") != NULL) ==
				w->demand, "%s: loaded as '%s', not over its layout%s",
				game, how ? how : "(plain)", w->demand ?
				" asked on demand" : " as written");
	}
	CHECK_MSG(same_roles(gd, r.roles), "%s: roles differ from '%s'", game,
		r.roles);
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t *init = calloc((size_t)gdl_state_words(gd), sizeof *init);
	CHECK(e && init);
	if (e && init) {
		gdl_initial(gd, init);
		uint64_t budget = gdl_reasoner_of(gd) == GDL_PROVER ? BUDGET_PROVER :
			BUDGET_NET;
		/* perft(d) evaluates the perft(d - 1) states a step short */
		uint64_t spent = 0, before = 1;
		for (int d = 0; d < DEPTHS; d++) {
			if (r.perft[d] < 0)
				break;
			spent += before;
			before = (uint64_t)r.perft[d];
			if (spent > budget)
				break;
			uint64_t n = gdl_perft(gd, e, init, d + 1);
			CHECK_MSG(n == (uint64_t)r.perft[d] && !gdl_eval_error(gd, e),
				"%s: perft(%d) = %llu, ggp-base %lld%s", game, d + 1,
				(unsigned long long)n, r.perft[d],
				gdl_eval_error(gd, e) ? " (the prover gave up)" : "");
		}
	}
	free(init);
	gdl_eval_free(e);
	gdl_free(gd);
}

int main(int argc, char **argv)
{
	if (argc > 1) {
		test_game(argv[1]);
		return test_report();
	}
	/* every game of the README's table */
	FILE *f = fopen(DIR "README.md", "r");
	CHECK(f != NULL);
	char line[1024], name[64];
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "| %63s |", name) == 1 && strcmp(name, "game") &&
		    name[0] != '-')
			test_game(name);
	if (f)
		fclose(f);
	return test_report();
}
