/*
 * test_gdl_ground.c - the GDL grounder and checker on inputs that ask for
 * much work: each clause instance found once (the sizes of known games'
 * programs), a chain of 20,000 rules loaded (not one round per rule over
 * every rule), rules that can never fire left out of the rounds, terms
 * growing without end refused at a depth or size, and rule bodies too
 * long or expanding into too many clauses refused before they are
 * expanded, and the variables that heads do not read eliminated where
 * the rules as written have too many instances (condense.c). The big
 * inputs are written here, not kept as files.
 */
#include "gdltest.h"
#include "test.h"

#include "gamelearn/fileio.h"
#include "gamelearn/gdl.h"
#include "gdl/internal.h"

#include <stdlib.h>

#define G "data/gdl/games/"
#define H "data/gdl/hostile/"

/* Load text; 0 and the game, or the error with its message in err. */
static int load_text(gdl_game **gd, const gl_strbuf *sb, const char *name,
	gl_err *err)
{
	*gd = NULL;
	CHECK(!sb->oom);
	return gdl_load(gd, sb->buf, sb->len, name, err);
}

/* Grounding path fails with a message containing want (the network
 * only: the prover's fallback is test_gdl_prover's). */
static void refused(const char *path, const char *want)
{
	gdl_game *gd = NULL;
	gl_err err = {0};
	gdl_load_opts opts = {.reasoner = GDL_NET};
	int rc = gdl_load_file_ex(&gd, path, &opts, &err);
	CHECK_MSG(rc == GL_ERANGE && !gd, "%s: rc %d", path, rc);
	CHECK_MSG(strstr(err.msg, want) != NULL, "%s: '%s', want '%s'", path,
		err.msg, want);
	gdl_free(gd);
}

/* The sizes of known programs, as grounded before the semi-naive
 * rewrite: each instance of each clause is one ground rule, found once. */
static void sizes(void)
{
	static const struct {
		const char *file;
		int atoms, rules, base, moves;
	} want[] = {
		{G "ticTacToe.kif", 194, 401, 29, 10},
		{G "connectFour.kif", 446, 603, 98, 9},
		{G "breakthroughSmall.kif", 2087, 13802, 74, 161},
		{G "checkersTiny.kif", 42829, 87090, 309, 271},
		{G "reversi.kif", 9236, 27934, 130, 65},
		{G "sheepAndWolf.kif", 9359, 42866, 130, 99},
		{G "tictactoe_3player.kif", 695, 4386, 103, 26},
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		gdl_game *gd = NULL;
		gl_err err = {0};
		int rc = gdl_load_file(&gd, want[i].file, &err);
		CHECK_MSG(rc == 0, "%s: %s", want[i].file, err.msg);
		if (rc)
			continue;
		CHECK_MSG(gdl_natoms(gd) == want[i].atoms, "%s: %d atoms",
			want[i].file, gdl_natoms(gd));
		CHECK_MSG(gdl_nrules(gd) == want[i].rules, "%s: %d rules",
			want[i].file, gdl_nrules(gd));
		CHECK_MSG(gdl_nbase(gd) == want[i].base, "%s: %d base",
			want[i].file, gdl_nbase(gd));
		CHECK_MSG(gdl_nmoves(gd) == want[i].moves, "%s: %d moves",
			want[i].file, gdl_nmoves(gd));
		gdl_free(gd);
	}
}

/* A relation joined with itself over facts of three rounds: p(1) is a
 * fact, p(2) and p(3) come a round apart. Every pair is one rule, none
 * twice; a negation of an atom outside the domain is dropped, and one of
 * a static atom that holds drops its rule (the static relations are
 * exact: next (c 4) is no rule, (c 4) no base). */
static void once(void)
{
	static const char text[] =
		"(role r) (init (c 1)) (legal r a) (goal r 100)\n"
		"(<= terminal (true (c 2)))\n"
		"(<= (next (c 2)) (true (c 1)))\n"
		"(p 1) (<= (p 2) (p 1)) (<= (p 3) (p 2))\n"
		"(<= (q ?x ?y) (p ?x) (p ?y))\n"
		"(<= (next (c 3)) (q 3 3) (not (q 2 4)))\n"
		"(<= (next (c 4)) (q 3 3) (not (q 1 2)))\n";
	gdl_game *gd = NULL;
	gl_err err = {0};
	int rc = gdl_load(&gd, text, sizeof text - 1, "once", &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (rc)
		return;
	/* 10 rules of facts and (p 2), (p 3), next, terminal; 9 of q */
	CHECK_EQ_U64(gdl_nrules(gd), 19);
	/* role, init, legal, does, goal, terminal, 3 true, 3 next, 3 p, 9 q */
	CHECK_EQ_U64(gdl_natoms(gd), 23);
	CHECK_EQ_U64(gdl_nbase(gd), 3);
	gdl_free(gd);
}

/* A negation applied as the domain is ground only where its relation is
 * exact: p negates itself (stratified on the ground program only), so
 * its domain is a superset ({1, 2}, where p(2) is false), and so is c's,
 * which reads p; (not (c 2)) must not be read against that superset, or
 * next (s 2), which holds, would be no rule and the game never end. */
static void exact_only(void)
{
	static const char text[] =
		"(role r) (init go) (legal r a) (goal r 100) (n 1) (n 2)\n"
		"(<= (p 1) (n 1)) (<= (p 2) (n 2) (not (p 1)))\n"
		"(<= (c ?x) (p ?x))\n"
		"(<= (next (s ?x)) (true go) (n ?x) (c 1) (not (c ?x)))\n"
		"(<= terminal (true (s 2)))\n";
	for (int r = 0; r < 2; r++) {
		gdl_load_opts o = {.reasoner = r ? GDL_PROVER : GDL_NET};
		gdl_game *gd = NULL;
		gl_err err = {0};
		int rc = gdl_load_ex(&gd, text, sizeof text - 1, "exact", &o, &err);
		CHECK_MSG(rc == 0, "%s", err.msg);
		if (rc)
			continue;
		gdl_eval *e = gdl_eval_new(gd);
		uint64_t s[4] = {0}, t[4] = {0};
		CHECK(e && gdl_state_words(gd) <= 4);
		if (e && gdl_state_words(gd) <= 4) {
			gdl_initial(gd, s);
			gdl_eval_state(gd, e, s);
			int a = gdl_legal_nth(gd, e, 0, 0);
			gdl_next(gd, e, &a, t);
			gdl_eval_state(gd, e, t);
			CHECK_MSG(gdl_terminal(gd, e), "%s: (s 2) not reached",
				r ? "prover" : "net");
		}
		gdl_eval_free(e);
		gdl_free(gd);
	}
}

/* 20,000 rules p1 :- p0, p2 :- p1, ...: a valid program that needs
 * 20,000 rounds, each of which must cost only the rule it fires. The end
 * of the chain makes the game terminal at once. */
static void chain(void)
{
	enum { N = 20000 };
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_printf(&sb, "(role r) (init (c 1)) (legal r a) (goal r 100)\n"
		"(<= (next (c 1)) (true (c 1)))\n(p0)\n");
	for (int i = 1; i <= N; i++)
		gl_strbuf_printf(&sb, "(<= (p%d) (p%d))\n", i, i - 1);
	gl_strbuf_printf(&sb, "(<= terminal (p%d))\n", N);
	gdl_game *gd;
	gl_err err = {0};
	int rc = load_text(&gd, &sb, "chain", &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (!rc) {
		CHECK(gdl_natoms(gd) >= N + 1);
		CHECK_EQ_U64(gdl_nrules(gd), N + 7);
		gdl_eval *e = gdl_eval_new(gd);
		uint64_t s[T_WORDS_MAX];
		CHECK(e != NULL);
		gdl_initial(gd, s);
		if (e) {
			gdl_eval_state(gd, e, s);
			CHECK(gdl_terminal(gd, e));
		}
		gdl_eval_free(e);
	}
	gdl_free(gd);
	gl_strbuf_done(&sb);
}

/* A counter p that takes 20,000 rounds to reach its end, and 3,000 rules
 * that join with each new p but need t, which nothing makes: they can
 * never fire, and are not looked at every round (60 million joins, over
 * the grounder's budget, if they were). */
static void dead_rules(void)
{
	enum { N = 20000, R = 3000 };
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_printf(&sb, "(role r) (init (c 1)) (legal r a) (goal r 100)\n"
		"(<= (next (c 1)) (true (c 1)))\n(<= terminal (p %d))\n", N);
	for (int i = 0; i < N; i++)
		gl_strbuf_printf(&sb, "(succ %d %d)\n", i, i + 1);
	gl_strbuf_printf(&sb, "(p 0) (s 0)\n(<= (p ?y) (p ?x) (succ ?x ?y))\n");
	for (int k = 0; k < R; k++)
		gl_strbuf_printf(&sb, "(<= (q%d) (p ?x) (s ?x) (t ?x))\n", k);
	gdl_game *gd;
	gl_err err = {0};
	int rc = load_text(&gd, &sb, "dead", &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (!rc) /* 6 + 20,000 succ + 2 facts + 20,000 steps of p */
		CHECK_EQ_U64(gdl_nrules(gd), 6 + N + 2 + N);
	gdl_free(gd);
	gl_strbuf_done(&sb);
}

/* Parse, check and ground text as gdl_load does, without compiling the
 * network (net.c has its own tests). Returns 0 or an error code. */
static int compile(const char *text, size_t n, gl_err *err)
{
	gdl_game *gd = gl_calloc(1, sizeof *gd);
	char *name = gl_strdup("oom");
	int rc = GL_ENOMEM;
	if (gd && name) {
		gdl_prog_init(&gd->prog, name);
		name = NULL; /* gd owns it */
		rc = gdl_parse(&gd->prog, text, n, err);
		if (!rc) {
			int k = gdl_check_prog(&gd->prog, NULL, NULL);
			rc = k < 0 ? k : k > 0 ? GL_EPARSE : 0;
		}
		bool too_many;
		if (!rc)
			rc = gdl_ground(gd, GDL_GROUND_RULES, 0, &too_many, err);
	}
	gl_free(name);
	gdl_free(gd);
	return rc;
}

/* Every allocation of parsing, checking and grounding a game made to fail
 * in turn: an out of memory error each time (the sanitizers check that
 * nothing leaks), until it compiles. The game has or, not, distinct and a
 * recursion. */
static void alloc_failures(void)
{
	static const char text[] =
		"(role x) (role o) (init (cell 1 b)) (init (cell 2 b))\n"
		"(init (control x)) (succ 1 2)\n"
		"(<= (legal ?r (mark ?c)) (true (control ?r)) (true (cell ?c b)))\n"
		"(<= (legal ?r noop) (role ?r) (not (true (control ?r))))\n"
		"(<= (next (cell ?c ?r)) (does ?r (mark ?c)))\n"
		"(<= (next (cell ?c b)) (true (cell ?c b)) (does ?r (mark ?d))\n"
		"    (distinct ?c ?d))\n"
		"(<= (next (control o)) (true (control x)))\n"
		"(<= (next (control x)) (true (control o)))\n"
		"(<= (le ?a ?a) (succ ?a ?b)) (<= (le ?a ?a) (succ ?b ?a))\n"
		"(<= (le ?a ?c) (succ ?a ?b) (le ?b ?c))\n"
		"(<= (full ?c) (or (true (cell ?c x)) (true (cell ?c o))) (le ?c 2))\n"
		"(<= terminal (full 1) (full 2))\n"
		"(<= (goal ?r 50) (role ?r))\n";
	gl_err err = {0};
	CHECK_MSG(compile(text, sizeof text - 1, &err) == 0, "%s", err.msg);
	int loaded = 0;
	for (long k = 0; k < 100000 && !loaded; k++) {
		gl_alloc_fail_after(k);
		int rc = compile(text, sizeof text - 1, &err);
		gl_alloc_fail_after(-1);
		loaded = rc == 0;
		CHECK_MSG(rc == 0 || rc == GL_ENOMEM, "after %ld: rc %d '%s'", k, rc,
			err.msg);
	}
	CHECK(loaded);
}

/* Variables that their heads do not read eliminated where the rules as
 * written have too many ground instances (condense.c): net/lone.kif has 7
 * million as written. Condensed, it loads on the network; where even the
 * condensed rules are too many, the prover gets the rules as written;
 * where the condensed network is too big, the prover gets the condensed
 * rules; a clause too wide to condense leaves the others condensed; and
 * every allocation of each way fails in turn (the first grounding stopped
 * at 6,000 rules, so that the sweeps are quick). */
static void condensed(void)
{
	static const char path[] = "data/gdl/net/lone.kif";
	gdl_game *gd = NULL, *pv = NULL;
	gl_err err = {0};
	int rc = gdl_load_file(&gd, path, &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (!rc) {
		CHECK(gdl_reasoner_of(gd) == GDL_NET);
		CHECK_EQ_U64((uint64_t)gd->condensed, (uint64_t)6);
		CHECK_MSG(gdl_nrules(gd) < 10000, "%d rules", gdl_nrules(gd));
		CHECK_MSG(strstr(gdl_fallback_reason(gd), "ground rules or") &&
			strstr(gdl_fallback_reason(gd), "condensed: 6 groups"), "'%s'",
			gdl_fallback_reason(gd));
	}
	gdl_free(gd);
	gdl_load_opts as_written = {.reasoner = GDL_PROVER};
	rc = gdl_load_file_ex(&pv, path, &as_written, &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	gdl_load_opts few = {.max_rules = 4000}; /* condensed: 5,055 */
	rc = gdl_load_file_ex(&gd, path, &few, &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (!rc && pv) {
		CHECK(gdl_reasoner_of(gd) == GDL_PROVER);
		CHECK_EQ_U64((uint64_t)gd->condensed, (uint64_t)0);
		CHECK_EQ_U64((uint64_t)gdl_natoms(gd), (uint64_t)gdl_natoms(pv));
		CHECK_EQ_U64((uint64_t)gd->prog.ncl, (uint64_t)pv->prog.ncl);
		CHECK_EQ_U64((uint64_t)gd->prog.nlits, (uint64_t)pv->prog.nlits);
		CHECK_MSG(strstr(gdl_fallback_reason(gd), "condensed too"), "'%s'",
			gdl_fallback_reason(gd));
	}
	gdl_free(gd);
	gdl_load_opts gates = {.max_rules = 6000, .max_gates = 500};
	rc = gdl_load_file_ex(&gd, path, &gates, &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	if (!rc && pv) {
		CHECK(gdl_reasoner_of(gd) == GDL_PROVER);
		CHECK_EQ_U64((uint64_t)gd->condensed, (uint64_t)6);
		CHECK(gdl_natoms(gd) > gdl_natoms(pv)); /* the new relations' */
		CHECK_MSG(strstr(gdl_fallback_reason(gd), "network too big") &&
			!strstr(gdl_fallback_reason(gd), "(0 gates)") &&
			strstr(gdl_fallback_reason(gd), "condensed: 6 groups"), "'%s'",
			gdl_fallback_reason(gd));
	}
	gdl_free(gd);
	gdl_free(pv);
	/* one clause whose group (three literals of 242 arguments) is too
	 * long to compare: the others are condensed all the same */
	char *text;
	size_t len;
	if (gl_read_file(path, 1 << 20, &text, &len, &err) == 0) {
		gl_strbuf sb;
		gl_strbuf_init(&sb);
		gl_strbuf_printf(&sb, "%s\n(wide", text);
		for (int i = 0; i < 242; i++)
			gl_strbuf_printf(&sb, " 1");
		gl_strbuf_printf(&sb, ")\n(<= (big ?a) (d ?a)");
		for (int k = 0; k < 3; k++) {
			gl_strbuf_printf(&sb, " (wide ?z");
			for (int i = 0; i < 241; i++)
				gl_strbuf_printf(&sb, " 1");
			gl_strbuf_printf(&sb, ")");
		}
		gl_strbuf_printf(&sb, ")\n(<= (goal ?r 50) (role ?r) (big 7))\n");
		rc = load_text(&gd, &sb, "wide", &err);
		CHECK_MSG(rc == 0, "%s", err.msg);
		if (!rc) {
			CHECK(gdl_reasoner_of(gd) == GDL_NET);
			CHECK_EQ_U64((uint64_t)gd->condensed, (uint64_t)6);
		}
		gdl_free(gd);
		gl_strbuf_done(&sb);
		gl_free(text);
	}
	gdl_load_opts quick = {.max_rules = 6000};
	gdl_alloc_sweep(path, &quick, GDL_NET);
	gdl_alloc_sweep(path, &few, GDL_PROVER);
}

/* A game whose one extra rule has body `body` repeated n times. */
static void long_rule(gl_strbuf *sb, const char *head, const char *body, int n)
{
	gl_strbuf_printf(sb, "(role r) (init (c 1)) (legal r a) (goal r 100)\n"
		"(<= terminal (true (c 2)))\n(a 1)\n(<= %s", head);
	for (int i = 0; i < n; i++)
		gl_strbuf_printf(sb, " %s", body);
	gl_strbuf_printf(sb, ")\n");
}

/* Refused by gdl_check (one problem naming want) and by gdl_load. */
static void invalid(const gl_strbuf *sb, const char *name, const char *want)
{
	gl_strbuf pb;
	gl_strbuf_init(&pb);
	int n = gdl_check(sb->buf, sb->len, name, &pb);
	CHECK_MSG(n == 1, "%s: %d problems", name, n);
	CHECK_MSG(pb.buf && strstr(pb.buf, want), "%s: '%s', want '%s'", name,
		pb.buf ? pb.buf : "", want);
	gl_strbuf_done(&pb);
	gdl_game *gd;
	gl_err err = {0};
	int rc = load_text(&gd, sb, name, &err);
	CHECK_MSG(rc != 0 && !gd && strstr(err.msg, want), "%s: rc %d '%s'",
		name, rc, err.msg);
	gdl_free(gd);
}

/* Bodies refused before they are expanded: 12,000 literals (each clause
 * would have them all); an `or` of 12,000; the negation of one (12,000
 * literals in one clause); 100 `or`s of two (2^100 clauses); rules that
 * expand into too many literals together. */
static void long_bodies(void)
{
	static const struct {
		const char *body;
		int n;       /* repeats in the body */
		int args;    /* arguments of one `or` (0: body as is) */
		bool neg;
		const char *want;
	} cases[] = {
		{"(a ?x)", 12000, 0, false, "rule with more than 128 literals"},
		{"(a ?x)", 1, 12000, false, "rule expands into more than 4096 clauses"},
		{"(a ?x)", 1, 12000, true, "rule with more than 128 literals"},
		{"(or (a ?x) (a 1))", 100, 0, false,
			"rule expands into more than 4096 clauses"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		gl_strbuf sb, body;
		gl_strbuf_init(&sb);
		gl_strbuf_init(&body);
		if (cases[k].args) {
			gl_strbuf_printf(&body, "%s(or", cases[k].neg ? "(not " : "");
			for (int i = 0; i < cases[k].args; i++)
				gl_strbuf_printf(&body, " (a %d)", i);
			gl_strbuf_printf(&body, ")%s (a ?x)", cases[k].neg ? ")" : "");
		} else {
			gl_strbuf_printf(&body, "%s", cases[k].body);
		}
		CHECK(!body.oom);
		long_rule(&sb, "(b ?x)", body.buf, cases[k].n);
		char name[32];
		snprintf(name, sizeof name, "body%d", (int)k);
		invalid(&sb, name, cases[k].want);
		gl_strbuf_done(&body);
		gl_strbuf_done(&sb);
	}
	/* 60 rules of 4096 clauses of 22 literals: over 4M literals in all */
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	long_rule(&sb, "(b ?x)", "(a ?x)", 1);
	for (int k = 0; k < 60; k++) {
		gl_strbuf_printf(&sb, "(<= (c%d ?x)", k);
		for (int o = 0; o < 2; o++) {
			gl_strbuf_printf(&sb, " (or");
			for (int i = 0; i < 64; i++)
				gl_strbuf_printf(&sb, " (a %d)", i);
			gl_strbuf_printf(&sb, ")");
		}
		for (int i = 0; i < 20; i++)
			gl_strbuf_printf(&sb, " (a ?x)");
		gl_strbuf_printf(&sb, ")\n");
	}
	invalid(&sb, "many", "the rules expand into too many literals");
	gl_strbuf_done(&sb);
	/* at the limits: 128 literals, 4096 clauses of 128 literals */
	gl_strbuf_init(&sb);
	long_rule(&sb, "(b ?x)", "(a ?x)", 128);
	gdl_game *gd;
	gl_err err = {0};
	int rc = load_text(&gd, &sb, "body128", &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	gdl_free(gd);
	gl_strbuf_done(&sb);
	gl_strbuf_init(&sb);
	long_rule(&sb, "(b ?x)", "(a ?x)", 1);
	gl_strbuf_printf(&sb, "(<= (d ?x)");
	for (int i = 0; i < 12; i++)
		gl_strbuf_printf(&sb, " (or (a ?x) (a 2))");
	for (int i = 12; i < 128; i++)
		gl_strbuf_printf(&sb, " (a ?x)");
	gl_strbuf_printf(&sb, ")\n");
	rc = load_text(&gd, &sb, "clauses4096", &err);
	CHECK_MSG(rc == 0, "%s", err.msg);
	gdl_free(gd);
	gl_strbuf_done(&sb);
}

int main(void)
{
	sizes();
	once();
	exact_only();
	chain();
	dead_rules();
	alloc_failures();
	long_bodies();
	/* terms that grow without end, one level or twice as big a step */
	refused(H "deep_term.kif", "grounding too big (a ground term nested "
		"deeper than 64");
	refused(H "big_term.kif", "grounding too big (a ground term with more "
		"than 1024 symbols");
	/* a join of 60^5 instances */
	refused(H "join.kif", "grounding too big");
	condensed();
	return test_report();
}
