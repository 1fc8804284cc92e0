/*
 * eval.c - the public GDL API over a compiled game: loading (parse, check,
 * ground, compile the network; or, when the rules are too many to ground,
 * the domain alone for the prover of prover.c), sizes and texts; and the
 * evaluator (gdl_eval), dispatched through the reasoner's descriptor
 * (gd->ops: the network's or the prover's), with what is written over it
 * for both: playouts, goal values, joint perft.
 */
#include "gdl/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <strings.h>

/* Forget what compiling made of gd's rules (the ground terms, tables and
 * reasoner), keeping the rules (and how many groups condense.c made of
 * them), the load's callback and the relations found heavy, so that
 * another way of compiling can start afresh. */
static void unbuild(gdl_game *gd)
{
	for (int k = 0; gd->move_text && k < gd->nmoves; k++)
		gl_free(gd->move_text[k]);
	gl_free(gd->move_text);
	gl_free(gd->move_term);
	gl_free(gd->atom_term);
	gl_free(gd->node_atom);
	gl_free(gd->atom_rule);
	gl_free(gd->node_scc);
	gl_free(gd->rule_lit);
	gl_free(gd->lit);
	gl_free(gd->static_val);
	gl_free(gd->base_atom);
	gl_free(gd->base_next);
	gl_free(gd->init);
	gl_free(gd->does_atom);
	gl_free(gd->legal_atom);
	gl_free(gd->goal_atom);
	gl_free(gd->goal_role);
	gl_free(gd->goal_value);
	gdl_net_free(gd->net);
	gdl_prover_free(gd->prover);
	gdl_gterms_done(&gd->gt);
	gl_free(gd->laid);
	gdl_game keep = {.prog = gd->prog, .stop = gd->stop,
		.stop_arg = gd->stop_arg, .heavy = gd->heavy,
		.condensed = gd->condensed};
	memcpy(keep.fallback, gd->fallback, sizeof keep.fallback);
	*gd = keep;
}

void gdl_free(gdl_game *gd)
{
	if (!gd)
		return;
	unbuild(gd);
	gl_free(gd->heavy);
	gl_free((char *)gd->prog.name);
	gdl_prog_done(&gd->prog);
	gl_free(gd);
}

int gdl_check(const char *text, size_t n, const char *name, gl_strbuf *problems)
{
	return gdl_check_ex(text, n, name, NULL, problems, NULL);
}

int gdl_check_ex(const char *text, size_t n, const char *name,
	const gdl_load_opts *opts, gl_strbuf *problems, gl_strbuf *notes)
{
	gdl_prog p;
	gl_err err = {0};
	gdl_prog_init(&p, name);
	p.fold = opts && opts->fold_case;
	int rc = gdl_parse(&p, text, n, &err);
	if (rc == GL_ENOMEM) {
		gdl_prog_done(&p);
		return rc;
	}
	if (rc) {
		if (problems)
			gl_strbuf_printf(problems, "%s\n", err.msg);
		gdl_prog_done(&p);
		return 1;
	}
	rc = gdl_check_prog(&p, problems, notes);
	gdl_prog_done(&p);
	return rc;
}

/* The domain alone, and the prover over it. */
static int load_prover(gdl_game *gd, const gdl_load_opts *o, gl_err *err)
{
	bool too_many;
	int rc = gdl_ground(gd, GDL_GROUND_DOMAIN, 0, &too_many, err);
	return rc ? rc : gdl_prover_build(gd, o->max_steps, err);
}

/* The rules ground again (GDL_GROUND_RULES) where they had too many
 * instances, with the variables their heads do not read eliminated
 * (condense.c: blockerParallel's three million ground rules become
 * 3,702). Where that does not help, or its grounding is too big too,
 * gd's rules are as they were (the relations found heavy too), first's
 * message says it was tried, and the result is the first attempt's:
 * GL_ERANGE, *too_many. Else 0, or the error in first. */
static int ground_condensed(gdl_game *gd, const gdl_load_opts *o,
	bool *too_many, gl_err *first)
{
	gdl_prog *p = &gd->prog;
	gdl_clauses other;
	int made = gdl_condense(p, &other);
	if (made == GL_ENOMEM) {
		*too_many = false;
		return gl_fail(first, made, "%s: out of memory", p->name);
	}
	if (made <= 0)
		return GL_ERANGE;
	uint8_t *heavy = gd->heavy; /* an earlier attempt's, for magic.c */
	gd->heavy = NULL;
	gdl_clauses_swap(&other, p);
	unbuild(gd);
	gl_err again = {0};
	bool more;
	int rc = gdl_ground(gd, GDL_GROUND_RULES, o->max_rules, &more, &again);
	if (rc == GL_ERANGE) { /* the rules as they were */
		unbuild(gd);
		gdl_clauses_swap(&other, p);
		gdl_clauses_free(&other);
		gl_free(gd->heavy);
		gd->heavy = heavy;
		char msg[sizeof first->msg];
		snprintf(msg, sizeof msg, "%s", first->msg);
		snprintf(first->msg, sizeof first->msg, "%.220s, condensed too", msg);
		*too_many = true;
		return GL_ERANGE;
	}
	gdl_clauses_free(&other);
	gl_free(heavy);
	gd->condensed = made;
	*too_many = false;
	if (rc) {
		*first = again;
		return rc;
	}
	/* why, without its "FILE: " (compile() adds what was condensed) */
	snprintf(gd->fallback, sizeof gd->fallback, "%.150s as written",
		first->msg + (strncmp(first->msg, p->name, strlen(p->name)) ? 0 :
		strlen(p->name) + 2));
	return 0;
}

/* The reasoner for a checked description: the network (the rules ground
 * as written, else, where condense is true, condensed), else (GDL_AUTO,
 * the rules or the network too big) the prover. */
static int compile_once(gdl_game *gd, const gdl_load_opts *o, bool condense,
	gl_err *err)
{
	if (o->reasoner == GDL_PROVER)
		return load_prover(gd, o, err);
	gl_err first = {0};
	bool too_many;
	int rc = gdl_ground(gd, GDL_GROUND_RULES, o->max_rules, &too_many,
		&first);
	if (rc == GL_ERANGE && too_many && condense)
		rc = ground_condensed(gd, o, &too_many, &first);
	if (rc == 0) {
		rc = gdl_net_build(gd, o->max_gates, &first);
		if (rc == GL_ERANGE && o->reasoner == GDL_AUTO) {
			snprintf(gd->fallback, sizeof gd->fallback, "%s", first.msg);
			return gdl_prover_build(gd, o->max_steps, err);
		}
	} else if (too_many && o->reasoner == GDL_AUTO) {
		/* nothing of the attempt is kept but its ground terms, which
		 * are all of the domain */
		snprintf(gd->fallback, sizeof gd->fallback, "%s", first.msg);
		return load_prover(gd, o, err);
	}
	return rc ? gl_fail(err, rc, "%s", first.msg) : 0;
}

/* The rules of text read into gd->prog (empty) and checked: 0, or an
 * error naming the first problem. */
static int read_rules(gdl_game *gd, const char *text, size_t n, bool fold,
	gl_err *err)
{
	gd->prog.fold = fold;
	int rc = gdl_parse(&gd->prog, text, n, err);
	if (rc)
		return rc;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	rc = gdl_check_prog(&gd->prog, &sb, NULL);
	if (rc > 0 || sb.oom) {
		/* the first problem, and how many more */
		char *nl = sb.buf ? strchr(sb.buf, '\n') : NULL;
		if (nl)
			*nl = '\0';
		rc = gl_fail(err, GL_EPARSE, "%s%s", sb.buf ? sb.buf : "invalid GDL",
			rc > 1 ? " (and more problems: see gdl check)" : "");
	} else if (rc < 0) {
		rc = gl_fail(err, rc, "%s: out of memory while checking",
			gd->prog.name);
	}
	gl_strbuf_done(&sb);
	return rc;
}

/* What is asked on demand: nothing, every relation defined by rules, or
 * every one but the static relations (gdl_dynamic_relations) that some
 * rule negates (asked_relations). */
enum { ASK_NONE, ASK_ALL, ASK_STRATA };

/* The relations of ASK_STRATA ([syms.n] flags, NULL without memory): the
 * static relations that some rule negates are evaluated whole, once.
 * Asked on demand, such a negation may join the questions around it into
 * one component that negates itself (mummymaze1p: pick-one's `not
 * some-horiz-component`, whose question reads pick-one's own), which
 * only the alternating fixpoint evaluates, at 6 times the cost. */
static uint8_t *asked_relations(const gdl_prog *p)
{
	uint8_t *ask = gdl_dynamic_relations(p);
	uint8_t *neg = gl_calloc((size_t)p->syms.n + 1, 1);
	if (!ask || !neg) {
		gl_free(ask);
		gl_free(neg);
		return NULL;
	}
	for (int i = 0; i < p->nlits; i++)
		if (p->lits[i].kind == L_NEG)
			neg[p->terms[p->lits[i].a].sym] = 1;
	for (int s = 0; s < p->syms.n; s++)
		ask[s] = ask[s] || !neg[s];
	gl_free(neg);
	return ask;
}

/* gd's rules rewritten to be asked on demand (ask: ASK_ALL or
 * ASK_STRATA): 0, or the error of gdl_magic's code rc named. */
static int ask_on_demand(gdl_game *gd, int ask, gl_err *err)
{
	uint8_t *only = ask == ASK_STRATA ? asked_relations(&gd->prog) : NULL;
	int rc = ask == ASK_STRATA && !only ? GL_ENOMEM :
		gdl_magic(&gd->prog, only);
	gl_free(only);
	return rc ? gl_fail(err, rc, "%s: %s", gd->prog.name, rc == GL_ENOMEM ?
		"out of memory" : "a rule too big to be asked on demand") : 0;
}

/* The last resort, where even the domain is too big: the rules as written
 * (read again: not rewritten by magic sets), or asked on demand as ask
 * says, only their layout grounded (mode: GDL_GROUND_LAYOUT, what role,
 * init, next and legal read, the bases and moves; GDL_GROUND_RELAXED,
 * only what binds the bases and moves), and the prover, which makes the
 * other terms per state. */
static int load_layout(gdl_game *gd, const gdl_load_opts *o, const char *text,
	size_t n, int ask, gdl_ground_mode mode, gl_err *err)
{
	unbuild(gd);
	const char *name = gd->prog.name;
	gdl_prog_done(&gd->prog);
	gdl_prog_init(&gd->prog, name);
	gd->condensed = 0;
	bool too_many;
	int rc = read_rules(gd, text, n, o->fold_case, err);
	if (!rc && ask != ASK_NONE)
		rc = ask_on_demand(gd, ask, err);
	if (!rc)
		rc = gdl_ground(gd, mode, 0, &too_many, err);
	if (!rc)
		snprintf(gd->fallback, sizeof gd->fallback, "the prover over the "
			"bases and moves alone%s%s%s", mode == GDL_GROUND_RELAXED ?
			" (relaxed to what binds them)" : "", ask != ASK_NONE ?
			", the rules asked on demand (magic sets)" : "", o->layout ?
			", as asked" : "");
	return rc ? rc : gdl_prover_build(gd, o->max_steps, err);
}

/* load_layout() with every relation asked on demand; where the prover
 * then has a component that negates itself, ASK_STRATA too, and the one
 * whose first states take fewer join steps (gdl_prover_cost) is kept:
 * mummymaze1p 525 playouts a CPU second the first way, 3,546 the second.
 * ASK_STRATA is not the only way: the static relations it computes whole
 * may be too many, where asked on demand they were few. */
static int load_asked(gdl_game *gd, const gdl_load_opts *o, const char *text,
	size_t n, gdl_ground_mode mode, gl_err *err)
{
	int rc = load_layout(gd, o, text, n, ASK_ALL, mode, err);
	if (rc || !gdl_prover_negates_itself(gd))
		return rc;
	uint64_t all = gdl_prover_cost(gd, GDL_PROVE_MAX);
	gl_err again = {0};
	if (load_layout(gd, o, text, n, ASK_STRATA, mode, &again) == 0 &&
	    gdl_prover_cost(gd, all) < all)
		return 0;
	return load_layout(gd, o, text, n, ASK_ALL, mode, err);
}

/* load_layout() of the rules as written (or load_asked()), relaxed
 * where its layout is too big: 0, or GL_ERANGE with *ground false when
 * even the layout could not be ground (asking on demand does not make
 * it smaller). */
static int load_either(gdl_game *gd, const gdl_load_opts *o, const char *text,
	size_t n, bool demand, bool *ground, gl_err *err)
{
	int rc = GL_ERANGE;
	for (int m = o->layout && o->relax; m < 2 && rc == GL_ERANGE; m++) {
		gdl_ground_mode mode = m ? GDL_GROUND_RELAXED : GDL_GROUND_LAYOUT;
		rc = demand ? load_asked(gd, o, text, n, mode, err) :
			load_layout(gd, o, text, n, ASK_NONE, mode, err);
	}
	*ground = gd->natoms > 0;
	return rc;
}

/* The layout (load_either), the rules as written or asked on demand,
 * whichever evaluates the first states in fewer join steps
 * (gdl_prover_cost): over a layout the prover makes every derived fact of
 * a state, and asked on demand only those legal, next, terminal and goal
 * need (chess: 64,600 join steps against 12.5 million; ruleDepthExponential
 * 95 against 94, so it is loaded as written again). Where the layout's
 * static relations are too many to compute whole, only on demand. */
static int load_last(gdl_game *gd, const gdl_load_opts *o, const char *text,
	size_t n, gl_err *err)
{
	bool ground;
	int rc = load_either(gd, o, text, n, o->demand, &ground, err);
	if (o->demand || (rc == GL_ERANGE && !ground))
		return rc;
	if (rc == GL_ERANGE)
		return load_either(gd, o, text, n, true, &ground, err);
	if (rc)
		return rc;
	uint64_t plain = gdl_prover_cost(gd, GDL_PROVE_MAX);
	gl_err again = {0};
	if (load_either(gd, o, text, n, true, &ground, &again) == 0 &&
	    gdl_prover_cost(gd, plain) < plain)
		return 0;
	return load_either(gd, o, text, n, false, &ground, err);
}

/* compile_once(), and when the grounding is too big, again with the rules
 * rewritten to be evaluated where asked (magic.c), and at last their
 * layout alone (load_layout). */
static int compile_rules(gdl_game *gd, const gdl_load_opts *o,
	const char *text, size_t n, gl_err *err)
{
	gl_err first = {0}, again = {0};
	if (o->layout && o->reasoner != GDL_NET)
		return load_last(gd, o, text, n, err);
	if (o->demand) {
		int rc = ask_on_demand(gd, ASK_ALL, err);
		if (rc)
			return rc;
		if ((rc = compile_once(gd, o, true, &first)))
			return gl_fail(err, rc, "%s", first.msg);
		snprintf(gd->fallback, sizeof gd->fallback, "the rules asked on "
			"demand (magic sets)");
		return 0;
	}
	int rc = compile_once(gd, o, true, &first);
	if (rc != GL_ERANGE || gd->natoms > 0) /* not the grounding's */
		return rc ? gl_fail(err, rc, "%s", first.msg) : 0;
	unbuild(gd);
	gd->fallback[0] = '\0';
	if ((rc = gdl_magic(&gd->prog, gd->heavy)))
		return rc == GL_ENOMEM ? gl_fail(err, rc, "%s: out of memory",
			gd->prog.name) : gl_fail(err, GL_ERANGE, "%s", first.msg);
	/* not condensed: no hard game's rules asked on demand load condensed,
	 * and trying cost sudoku 0.7 s more */
	if ((rc = compile_once(gd, o, false, &again))) {
		/* the second message without its "NAME: " */
		const char *why = again.msg;
		size_t nl = strlen(gd->prog.name);
		if (!strncmp(why, gd->prog.name, nl) && !strncmp(why + nl, ": ", 2))
			why += nl + 2;
		gl_err last = {0};
		const char *fwhy = first.msg;
		if (!strncmp(fwhy, gd->prog.name, nl) && !strncmp(fwhy + nl, ": ", 2))
			fwhy += nl + 2;
		if (rc != GL_ERANGE || o->reasoner == GDL_NET ||
		    (rc = load_last(gd, o, text, n, &last)) == GL_ERANGE)
			return strcmp(fwhy, why) == 0 ?
				gl_fail(err, rc, "%s (asked on demand too)", first.msg) :
				gl_fail(err, rc, "%.120s; asked on demand: %.120s",
					first.msg, why);
		if (rc)
			return gl_fail(err, rc, "%s", last.msg);
		char how[sizeof gd->fallback];
		snprintf(how, sizeof how, "%s", gd->fallback);
		snprintf(gd->fallback, sizeof gd->fallback, "%.110s, asked on "
			"demand too; %.110s", first.msg, how);
		return 0;
	}
	char why[sizeof gd->fallback];
	snprintf(why, sizeof why, "%s", gd->fallback);
	snprintf(gd->fallback, sizeof gd->fallback, "%.100s; the rules asked "
		"on demand (magic sets)%s%.100s", first.msg, why[0] ? ", " : "",
		why);
	return 0;
}

/* compile_rules(), its reason saying what was condensed (condense.c) */
static int compile(gdl_game *gd, const gdl_load_opts *o, const char *text,
	size_t n, gl_err *err)
{
	int rc = compile_rules(gd, o, text, n, err);
	if (rc == 0 && gd->condensed) {
		char why[sizeof gd->fallback];
		snprintf(why, sizeof why, "%s", gd->fallback);
		snprintf(gd->fallback, sizeof gd->fallback, "%.150s%scondensed: %d "
			"groups of literals made relations of the variables read "
			"outside them", why, why[0] ? "; " : "", gd->condensed);
	}
	return rc;
}

int gdl_load(gdl_game **out, const char *text, size_t n, const char *name,
	gl_err *err)
{
	return gdl_load_ex(out, text, n, name, NULL, err);
}

int gdl_load_ex(gdl_game **out, const char *text, size_t n, const char *name,
	const gdl_load_opts *opts, gl_err *err)
{
	static const gdl_load_opts defaults = {.reasoner = GDL_AUTO};
	*out = NULL;
	gdl_game *gd = gl_calloc(1, sizeof *gd);
	char *nm = gl_strdup(name);
	if (!gd || !nm) {
		gl_free(gd);
		gl_free(nm);
		return gl_fail(err, GL_ENOMEM, "%s: out of memory", name);
	}
	if (!opts)
		opts = &defaults;
	gdl_prog_init(&gd->prog, nm);
	int rc = read_rules(gd, text, n, opts->fold_case, err);
	if (rc)
		goto fail;
	gd->stop = opts->stop;
	gd->stop_arg = opts->stop_arg;
	rc = compile(gd, opts, text, n, err);
	gd->stop = NULL;
	gd->stop_arg = NULL;
	if (rc)
		goto fail;
	gd->ops = gd->net ? &gdl_net_ops : &gdl_prover_ops;
	*out = gd;
	return 0;
fail:
	gdl_free(gd);
	return rc;
}

int gdl_load_file(gdl_game **out, const char *path, gl_err *err)
{
	return gdl_load_file_ex(out, path, NULL, err);
}

int gdl_load_file_ex(gdl_game **out, const char *path,
	const gdl_load_opts *opts, gl_err *err)
{
	char *text;
	size_t len;
	*out = NULL;
	int rc = gl_read_file(path, GDL_FILE_MAX, &text, &len, err);
	if (rc)
		return rc;
	rc = gdl_load_ex(out, text, len, path, opts, err);
	gl_free(text);
	return rc;
}

gdl_reasoner gdl_reasoner_of(const gdl_game *gd)
{
	return gd->net ? GDL_NET : GDL_PROVER;
}

bool gdl_folds_case(const gdl_game *gd)
{
	return gd->prog.fold;
}

const char *gdl_fallback_reason(const gdl_game *gd)
{
	return gd->fallback;
}

static const char *const reasoner_names[] = {"auto", "net", "prover"};

const char *gdl_reasoner_name(gdl_reasoner r)
{
	return (unsigned)r < 3 ? reasoner_names[r] : "?";
}

int gdl_reasoner_parse(const char *name)
{
	for (int r = 0; r < 3; r++)
		if (!strcmp(name, reasoner_names[r]))
			return r;
	return -1;
}

int gdl_nroles(const gdl_game *gd) { return gd->nroles; }
int gdl_nbase(const gdl_game *gd) { return gd->nbase; }
int gdl_nmoves(const gdl_game *gd) { return gd->nmoves; }
int gdl_natoms(const gdl_game *gd) { return gd->natoms; }
int gdl_nrules(const gdl_game *gd) { return gd->net ? gd->nrules : 0; }
int gdl_state_words(const gdl_game *gd) { return gd->words; }

const char *gdl_role_name(const gdl_game *gd, int role)
{
	return gd->prog.syms.name[gd->role_sym[role]];
}

int gdl_role_nmoves(const gdl_game *gd, int role)
{
	return gd->role_nmoves[role];
}

int gdl_move_text(const gdl_game *gd, int move, char *buf, size_t n)
{
	return snprintf(buf, n, "%s", gd->move_text[move]);
}

int gdl_base_text(const gdl_game *gd, int i, char *buf, size_t n)
{
	int32_t t = gd->atom_term[gd->base_atom[i]];
	return gdl_gterm_text(gd, gd->gt.argv[gd->gt.args[t]], buf, n);
}

int gdl_move_find(const gdl_game *gd, const char *text)
{
	/* Canonical form: single spaces, none inside parens. */
	char c[1024];
	size_t n = 0;
	bool space = false;
	for (const char *s = text; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (isspace(ch)) {
			space = true;
			continue;
		}
		if (n + 2 >= sizeof c)
			return -1;
		if (space && n > 0 && c[n - 1] != '(' && ch != ')')
			c[n++] = ' ';
		space = false;
		c[n++] = (char)ch;
	}
	c[n] = '\0';
	int lo = 0, hi = gd->nmoves;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		int d = strcmp(gd->move_text[mid], c);
		if (d == 0)
			return mid;
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Not spelt so: the one move equal but for case, if only one (the
	 * rules are case-sensitive; a player or a person may not be). Texts
	 * are sorted case-sensitively, so look at them all. */
	int found = -1;
	for (int m = 0; m < gd->nmoves; m++)
		if (strcasecmp(gd->move_text[m], c) == 0) {
			if (found >= 0)
				return -1; /* ambiguous */
			found = m;
		}
	return found;
}

void gdl_initial(const gdl_game *gd, uint64_t *state)
{
	memcpy(state, gd->init, (size_t)gd->words * sizeof *state);
}

/* --- The evaluator: the reasoner's, through its descriptor ----------------- */

struct gdl_eval {
	const gdl_ops *ops;
	void *x;          /* the reasoner's evaluator */
	uint64_t *play;   /* [words] gdl_playout's state */
};

gdl_eval *gdl_eval_new(const gdl_game *gd)
{
	gdl_eval *e = gl_calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->ops = gd->ops;
	e->play = gl_calloc((size_t)gd->words + 1, sizeof *e->play);
	e->x = e->play ? e->ops->make(gd) : NULL;
	if (!e->x) {
		gdl_eval_free(e);
		return NULL;
	}
	return e;
}

void gdl_eval_free(gdl_eval *e)
{
	if (!e)
		return;
	if (e->x)
		e->ops->free(e->x);
	gl_free(e->play);
	gl_free(e);
}

int gdl_eval_error(const gdl_game *gd, const gdl_eval *e)
{
	(void)gd;
	return e->ops->error(e->x);
}

void gdl_eval_state(const gdl_game *gd, gdl_eval *e, const uint64_t *state)
{
	e->ops->state(gd, e->x, state);
}

bool gdl_terminal(const gdl_game *gd, const gdl_eval *e)
{
	return e->ops->terminal(gd, e->x);
}

int gdl_legal_count(const gdl_game *gd, const gdl_eval *e, int role)
{
	return e->ops->legal(gd, e->x, role, NULL);
}

int gdl_legal(const gdl_game *gd, const gdl_eval *e, int role, int *moves)
{
	return e->ops->legal(gd, e->x, role, moves);
}

int gdl_legal_nth(const gdl_game *gd, const gdl_eval *e, int role, int k)
{
	return e->ops->legal_nth(gd, e->x, role, k);
}

/* A reasoner's evaluator may bring a cache to the state when a goal is
 * asked for (the network's goals of their own): e->x is never a const
 * object, whatever e is. */
int gdl_goal(const gdl_game *gd, const gdl_eval *e, int role)
{
	return e->ops->goal(gd, e->x, role);
}

int gdl_goal_values(const gdl_game *gd, const gdl_eval *e, int role,
	int *values, int max)
{
	int n = 0;
	bool seen[101] = {false}; /* two goal atoms may spell one value */
	for (int i = 0; i < gd->ngoal; i++)
		if (gd->goal_role[i] == role && !seen[gd->goal_value[i]] &&
		    e->ops->goal_on(gd, e->x, i))
			seen[gd->goal_value[i]] = true;
	for (int x = 0; x <= 100; x++)
		if (seen[x] && n++ < max)
			values[n - 1] = x;
	return n;
}

void gdl_next(const gdl_game *gd, gdl_eval *e, const int *joint, uint64_t *out)
{
	e->ops->next(gd, e->x, joint, out);
}

int gdl_playout(const gdl_game *gd, gdl_eval *e, const uint64_t *state,
	gl_rng *rng, int max_steps, int *goals, uint64_t *end)
{
	uint64_t *s = e->play;
	memcpy(s, state, (size_t)gd->words * sizeof *s);
	int joint[GDL_ROLES_MAX];
	int steps = 0;
	for (;;) {
		gdl_eval_state(gd, e, s);
		if (gdl_terminal(gd, e) || steps >= max_steps)
			break;
		bool stuck = false;
		for (int r = 0; r < gd->nroles && !stuck; r++) {
			int c = gdl_legal_count(gd, e, r);
			stuck = c == 0;
			joint[r] = stuck ? -1 : gdl_legal_nth(gd, e, r, c == 1 ? 0 :
				(int)gl_rng_below(rng, (uint32_t)c));
		}
		if (stuck)
			break;
		gdl_next(gd, e, joint, s);
		steps++;
	}
	for (int r = 0; goals && r < gd->nroles; r++)
		goals[r] = gdl_goal(gd, e, r);
	if (end)
		memcpy(end, s, (size_t)gd->words * sizeof *s);
	return steps;
}

/* The legal moves are read again after each child (the state evaluated
 * anew), so that no list is kept; the child goes to buf, its children
 * one state further. */
uint64_t gdl_perft_in(const gdl_game *gd, gdl_eval *e, const uint64_t *state,
	int depth, uint64_t *buf)
{
	int nm[GDL_ROLES_MAX], idx[GDL_ROLES_MAX], joint[GDL_ROLES_MAX];
	gdl_eval_state(gd, e, state);
	if (depth <= 0)
		return 1;
	if (gdl_terminal(gd, e))
		return 0;
	uint64_t prod = 1;
	for (int r = 0; r < gd->nroles; r++) {
		nm[r] = gdl_legal_count(gd, e, r);
		prod *= (uint64_t)nm[r];
		idx[r] = 0;
	}
	if (depth == 1 || prod == 0)
		return prod;
	uint64_t total = 0;
	for (;;) {
		gdl_eval_state(gd, e, state); /* back from the last child */
		for (int r = 0; r < gd->nroles; r++)
			joint[r] = gdl_legal_nth(gd, e, r, idx[r]);
		gdl_next(gd, e, joint, buf);
		total += gdl_perft_in(gd, e, buf, depth - 1, buf + gd->words);
		int r = 0;
		while (r < gd->nroles && ++idx[r] == nm[r])
			idx[r++] = 0;
		if (r == gd->nroles)
			break;
	}
	return total;
}

/* Written over the API, so that it serves both reasoners. */
uint64_t gdl_perft(const gdl_game *gd, gdl_eval *e, const uint64_t *state,
	int depth)
{
	if (depth <= 1)
		return gdl_perft_in(gd, e, state, depth, NULL);
	uint64_t *buf = gl_malloc((size_t)(depth - 1) * (size_t)gd->words *
		sizeof *buf);
	if (!buf)
		return 0;
	uint64_t n = gdl_perft_in(gd, e, state, depth, buf);
	gl_free(buf);
	return n;
}
