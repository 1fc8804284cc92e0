/*
 * eval.c - the public GDL API over a compiled game: loading (parse, check,
 * ground, compile the network; or, when the rules are too many to ground,
 * the domain alone for the prover of prover.c), sizes and texts; and the
 * plain evaluation of the ground program (Love et al. 2008, section 5):
 * every atom computed stratum by stratum in dependency order, recursive
 * groups to their least fixpoint. The grounder uses it once for the
 * static atoms (those that depend on neither true nor does); the tests use
 * it as the reference the incremental network (net.c) must agree with.
 */
#include "gdl/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <strings.h>

static inline bool rule_true(const gdl_game *gd, const uint8_t *val, int r)
{
	for (int i = gd->rule_lit[r]; i < gd->rule_lit[r + 1]; i++) {
		int32_t l = gd->lit[i];
		if (!(val[l >> 1] ^ (l & 1)))
			return false;
	}
	return true;
}

static inline uint8_t atom_eval(const gdl_game *gd, const uint8_t *val, int a)
{
	for (int r = gd->atom_rule[a]; r < gd->atom_rule[a + 1]; r++)
		if (rule_true(gd, val, r))
			return 1;
	return 0;
}

void gdl_run(const gdl_game *gd, uint8_t *val, const int32_t *node_atom,
	const int32_t *node_scc, int from, int to)
{
	for (int i = from; i < to;) {
		int k = node_scc[i];
		if (k <= 0) {
			val[node_atom[i]] = atom_eval(gd, val, node_atom[i]);
			i++;
			continue;
		}
		for (int j = 0; j < k; j++)
			val[node_atom[i + j]] = 0;
		for (bool changed = true; changed;) {
			changed = false;
			for (int j = 0; j < k; j++) {
				int a = node_atom[i + j];
				if (!val[a] && atom_eval(gd, val, a)) {
					val[a] = 1;
					changed = true;
				}
			}
		}
		i += k;
	}
}

void gdl_free(gdl_game *gd)
{
	if (!gd)
		return;
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
	int rc = gdl_ground(gd, true, 0, &too_many, err);
	return rc ? rc : gdl_prover_build(gd, o->max_steps, err);
}

/* The reasoner for a checked description: the network, else (GDL_AUTO,
 * the rules or the network too big) the prover. */
static int compile(gdl_game *gd, const gdl_load_opts *o, gl_err *err)
{
	if (o->reasoner == GDL_PROVER)
		return load_prover(gd, o, err);
	gl_err first = {0};
	bool too_many;
	int rc = gdl_ground(gd, false, o->max_rules, &too_many, &first);
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
	gd->prog.fold = opts->fold_case;
	int rc = gdl_parse(&gd->prog, text, n, err);
	if (rc)
		goto fail;
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
		rc = gl_fail(err, rc, "%s: out of memory while checking", name);
	}
	gl_strbuf_done(&sb);
	if (rc)
		goto fail;
	rc = compile(gd, opts, err);
	if (rc)
		goto fail;
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


void gdl_ref_eval(const gdl_game *gd, uint8_t *val, const uint64_t *state,
	const int *joint)
{
	memcpy(val, gd->static_val, (size_t)gd->natoms + 1);
	for (int i = 0; i < gd->nbase; i++)
		val[gd->base_atom[i]] = state[i / 64] >> (i % 64) & 1;
	gdl_run(gd, val, gd->node_atom, gd->node_scc, 0, gd->phase1);
	if (!joint)
		return;
	for (int r = 0; r < gd->nroles; r++) {
		const int32_t *da = gd->does_atom + (size_t)r * gd->nmoves;
		for (int m = 0; m < gd->nmoves; m++)
			if (da[m] >= 0)
				val[da[m]] = m == joint[r];
	}
	gdl_run(gd, val, gd->node_atom, gd->node_scc, gd->phase1, gd->phase2);
}
