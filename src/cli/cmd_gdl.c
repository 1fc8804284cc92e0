/*
 * cmd_gdl.c - `gamelearn gdl check [--reasoner auto|net|prover]
 * [--fold-case] [--demand] [--layout] FILE...`: validate GDL descriptions (Love et al. 2008,
 * sections 2-4) and print every problem as FILE:LINE:COL: what is wrong,
 * and every note (FILE:LINE:COL: note: ..., e.g. a relation negated
 * inside its own recursion, which only grounding can accept); then
 * compile each valid one and say its size and the reasoner it gets (the
 * network, or the prover when its rules are too many to ground, and why),
 * and on the network the lines its goals ask for (gdl_goal_lines).
 * Names are case-sensitive, as the game servers read them, unless
 * --fold-case. A description whose grounding is too big is tried again
 * with its rules asked on demand (magic sets), at once with --demand, and
 * at last with only its layout ground (the bases and moves) and the rest
 * left to the prover, at once with --layout.
 * Then seeded random playouts (--playouts, about a second at
 * most) look for what only play shows: a state where the rules give a
 * role several goal values (gdl_goal takes the largest; ggp-base raises
 * an error), or one the prover cannot evaluate; each is a note. Exit 0
 * when all are valid, 1 otherwise.
 */
#include "cli.h"

#include "gamelearn/fileio.h"
#include "gamelearn/gdl.h"

#include <stdlib.h>
#include <string.h>

enum { PROBE_LEN = 500 }; /* joint moves of a probing playout at most */
#define PROBE_S 1.0          /* seconds of probing at most */

/* A note on the first state of up to nplay seeded random playouts where
 * the rules give a role several goal values, or that the prover cannot
 * evaluate (gdl_eval_error), or where a role has no legal move before
 * the end or no goal at it (GDL asks for both; gamelearn ends the game
 * at the first, scores 0 at the second); and one where no playout ended
 * within PROBE_LEN joint moves (a match stops at the game's bound). */
static void probe(const char *path, const gdl_game *gd, long nplay)
{
	gdl_eval *e = nplay > 0 ? gdl_eval_new(gd) : NULL;
	uint64_t *s = e ? malloc((size_t)gdl_state_words(gd) * sizeof *s) : NULL;
	if (!s) {
		gdl_eval_free(e);
		return;
	}
	gl_rng rng;
	gl_rng_seed(&rng, 1);
	double t0 = gl_now();
	long played = 0, unended = 0;
	for (long k = 0; k < nplay && gl_now() - t0 < PROBE_S; k++) {
		gdl_initial(gd, s);
		for (int step = 0; gl_now() - t0 < PROBE_S; step++) {
			gdl_eval_state(gd, e, s);
			int rc = gdl_eval_error(gd, e);
			if (rc) {
				printf("%s: note: a state reached by random play after %d "
					"move%s cannot be evaluated: %s\n", path, step,
					step == 1 ? "" : "s",
					rc == GL_EPARSE ? "the rules negate an atom through its "
					"own recursion there (not stratified on the ground "
					"program)" : rc == GL_ERANGE ? "more join steps than "
					"the prover allows" : "out of memory");
				goto out;
			}
			int joint[GDL_ROLES_MAX];
			bool end = gdl_terminal(gd, e);
			bool over = end || step == PROBE_LEN;
			played += over; /* a playout cut by the clock is not counted */
			unended += !end && step == PROBE_LEN;
			for (int r = 0; r < gdl_nroles(gd); r++) {
				int v[8], n = gdl_goal_values(gd, e, r, v, 8);
				if (n > 1) {
					printf("%s: note: the rules give role '%s' %d goal values "
						"in a state reached by random play after %d move%s (",
						path, gdl_role_name(gd, r), n, step,
						step == 1 ? "" : "s");
					for (int i = 0; i < n && i < 8; i++)
						printf("%s%d", i == 0 ? "" : i + 1 == n ? " and " :
							", ", v[i]);
					printf("); gamelearn uses the largest, %d (ggp-base raises "
						"a GoalDefinitionException)\n", gdl_goal(gd, e, r));
					goto out;
				}
				const char *what = end && n == 0 ? "no goal value in the "
					"terminal state" : "";
				int c = end ? 1 : gdl_legal_count(gd, e, r);
				if (c == 0)
					what = "no legal move in the state";
				if (*what) {
					printf("%s: note: the rules give role '%s' %s reached by "
						"random play after %d move%s (GDL asks for one; "
						"gamelearn %s)\n", path, gdl_role_name(gd, r),
						what, step, step == 1 ? "" : "s", c == 0 ?
						"ends the game there" : "scores it 0");
					goto out;
				}
				if (!end)
					joint[r] = gdl_legal_nth(gd, e, r,
						(int)gl_rng_below(&rng, (uint32_t)c));
			}
			if (over)
				break;
			gdl_next(gd, e, joint, s);
		}
	}
	if (played > 0 && unended == played)
		printf("%s: note: none of %ld random playouts ended within %d "
			"joint moves (a match stops with an error at the game's bound "
			"on moves)\n", path, played, PROBE_LEN);
out:
	free(s);
	gdl_eval_free(e);
}

/* What each role's top goal asks for (gdl_goal_lines), on one line:
 * "FILE: goal lines: red 84 of 4, black 84 of 4" (the lines, and their
 * propositions: a range where they differ), or none. */
static void goal_lines(const char *path, const gdl_game *gd)
{
	if (gdl_reasoner_of(gd) != GDL_NET)
		return; /* the prover's rules are not ground */
	gl_goal_lines l;
	gl_err err = {0};
	if (gdl_goal_lines(gd, &l, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	printf("%s: goal lines:", path);
	if (l.n == 0)
		printf(" none (the top goals are no conjunctions of base "
			"propositions, or too many)");
	for (int r = 0; l.n > 0 && r < gdl_nroles(gd); r++) {
		unsigned n = 0, lo = UINT32_MAX, hi = 0;
		for (unsigned i = 0; i < l.n; i++) {
			unsigned len = l.first[i + 1] - l.first[i];
			if (l.player[i] != r)
				continue;
			n++;
			lo = len < lo ? len : lo;
			hi = len > hi ? len : hi;
		}
		printf("%s %s %u", r ? "," : "", gdl_role_name(gd, r), n);
		if (n > 0 && lo == hi)
			printf(" of %u", lo);
		else if (n > 0)
			printf(" of %u to %u", lo, hi);
	}
	printf("\n");
	gl_free((void *)l.first);
}

static int check_one(const char *path, const gdl_load_opts *opts, long nplay)
{
	char *text;
	size_t len;
	gl_err err = {0};
	if (gl_read_file(path, GDL_FILE_MAX, &text, &len, &err)) {
		fprintf(stderr, "gamelearn: %s\n", err.msg);
		return 1;
	}
	gl_strbuf sb, notes;
	gl_strbuf_init(&sb);
	gl_strbuf_init(&notes);
	int n = gdl_check_ex(text, len, path, opts, &sb, &notes);
	if (n < 0 || notes.oom)
		cli_die(EXIT_RUN, "out of memory checking %s", path);
	fputs(notes.buf ? notes.buf : "", stdout);
	gl_strbuf_done(&notes);
	if (n > 0) {
		fputs(sb.buf ? sb.buf : "", stdout);
		printf("%s: invalid: %d problem%s\n", path, n, n == 1 ? "" : "s");
		gl_strbuf_done(&sb);
		gl_free(text);
		return 1;
	}
	gl_strbuf_done(&sb);
	gdl_game *gd;
	double t0 = gl_now();
	int rc = gdl_load_ex(&gd, text, len, path, opts, &err);
	double dt = gl_now() - t0;
	gl_free(text);
	if (rc) {
		printf("%s\n%s: invalid\n", err.msg, path);
		return 1;
	}
	printf("%s: valid: %d roles (", path, gdl_nroles(gd));
	for (int r = 0; r < gdl_nroles(gd); r++)
		printf("%s%s", r ? " " : "", gdl_role_name(gd, r));
	printf("), %d base propositions, %d moves, %d ground atoms, ", gdl_nbase(gd),
		gdl_nmoves(gd), gdl_natoms(gd));
	/* why, without its "FILE: " */
	const char *why = gdl_fallback_reason(gd);
	size_t pl = strlen(path);
	if (!strncmp(why, path, pl) && !strncmp(why + pl, ": ", 2))
		why += pl + 2;
	if (gdl_reasoner_of(gd) == GDL_NET)
		printf("%d ground rules, %d gates, reasoner net", gdl_nrules(gd),
			gdl_ngates(gd));
	else
		printf("reasoner prover");
	printf("%s%s%s", *why ? " (" : "", why, *why ? ")" : "");
	printf(", compiled in %.3f s\n", dt);
	goal_lines(path, gd);
	probe(path, gd, nplay);
	gdl_free(gd);
	return 0;
}

static const cli_opt gdl_check_opts[] = {
	{"reasoner", "R", "auto", "auto (the network, else the prover), net or prover", 0},
	{"fold-case", NULL, NULL, "names matched whatever their case (nextRank is "
		"nextrank); by default they are case-sensitive, as game servers read them", 0},
	{"demand", NULL, NULL, "the rules rewritten at once to be evaluated only where "
		"asked (magic sets; by default only when the grounding is too big without)", 0},
	{"layout", NULL, NULL, "only the bases and moves ground, the rest made by the "
		"prover state by state (by default only when even the prover's domain "
		"is too big)", 0},
	{"playouts", "N", "100", "random playouts that look for a role given several "
		"goal values in one state (about a second at most; 0: none)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_gdl_check_spec = {
	"gdl check", "FILE...", 1, CLI_ARGS_MAX,
	"check GDL descriptions: each problem with line and column; sizes; the reasoner; the goals' lines",
	gdl_check_opts,
	{"gamelearn gdl check tests/data/gdl/games/ticTacToe.kif",
	 "gamelearn gdl check --reasoner prover tests/data/gdl/prover/cross.kif"}
};

int cmd_gdl(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "check") != 0) {
		if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
			cli_help(&cli_gdl_check_spec, stdout);
			return 0;
		}
		char syn[512];
		cli_synopsis(&cli_gdl_check_spec, syn, sizeof syn);
		if (argc >= 2)
			cli_die(EXIT_USAGE, "gdl: unknown subcommand '%s' (usage: "
				"gamelearn gdl check %s)", argv[1], syn);
		cli_die(EXIT_USAGE, "usage: gamelearn gdl check %s (try: gamelearn "
			"gdl check --help)", syn);
	}
	cli_args opt;
	cli_parse(&cli_gdl_check_spec, argc - 1, argv + 1, &opt);
	gdl_load_opts opts = {.reasoner = GDL_AUTO};
	int r = gdl_reasoner_parse(cli_str(&opt, "reasoner"));
	if (r < 0)
		cli_die(EXIT_USAGE, "gdl check: --reasoner must be auto, net or prover, "
			"got '%s'", cli_str(&opt, "reasoner"));
	opts.reasoner = (gdl_reasoner)r;
	opts.fold_case = cli_given(&opt, "fold-case");
	opts.demand = cli_given(&opt, "demand");
	opts.layout = cli_given(&opt, "layout");
	long nplay = cli_long(&opt, "playouts", 0, 1000000000);
	int bad = 0;
	for (int i = 0; i < opt.npos; i++)
		bad |= check_one(opt.pos[i], &opts, nplay);
	return bad ? EXIT_RUN : 0;
}
