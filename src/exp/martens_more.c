/*
 * martens_more.c - the rows of the experiment `martens` behind Note I's
 * remarks on the machine's performance (H. H. Martens, "Two Notes on
 * Machine 'Learning'", 1959, section 2), each made measurable:
 *   - the follow-on string LLLLDDDDDL: after string 1 (79 plays, opponent
 *     first) ten plays with the machine first, memory kept (2.2);
 *   - the early machine's "decided tendency to draw" (2.3): its draws
 *     beside the final machine's against the same teacher;
 *   - the best opening against the machine, "a corner move, or a move
 *     into the middle of a side" (2.2): the machine's losses while it
 *     learns when the teacher always opens there, beside the centre;
 *   - "given an integer, N, ... it is always possible to play N plays
 *     against the machine and still be able to win" (2.1): a teacher that
 *     keeps diagonals from it for N plays, then plays perfectly;
 *   - "having lost to a diagonal three-on-a-row with an extra mark on the
 *     board, it will not block a pure diagonal three-on-a-row" (2.2), and
 *     its converse, that it blocks one after losing to one (2.1).
 * Each condition's seeds are pieces of work (work.h); each run is a few
 * numbers.
 */
#include "internal.h"
#include "martens_internal.h"

#include "gamelearn/agent.h"
#include "gamelearn/martens.h"
#include "gamelearn/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void martens_teacher_spec(char *buf, size_t n, const char *opp, double blunder,
	uint64_t run_seed)
{
	if (strncmp(opp, "person", 6) || (opp[6] && opp[6] != ':')) {
		snprintf(buf, n, "%s", opp);
		return;
	}
	char b[40] = "";
	if (!strstr(opp, "blunder="))
		snprintf(b, sizeof b, "blunder=%.6g,", blunder);
	snprintf(buf, n, "%s%s%sseed=%u", opp, opp[6] ? "," : ":", b,
		(unsigned)(run_seed % 2147483647u));
}

void martens_claim_counts(gl_claim *c, const double *const *v, int k, int n,
	const double *paper, double tol)
{
	double ph = 0, pd = 1, z = 0;
	for (int i = 0; i < k; i++) {
		gl_claim one = {0};
		gl_claim_mean(&one, v[i], n, paper[i] - tol, paper[i] + tol);
		ph = fmax(ph, one.p_holds);
		pd = fmin(pd, one.p_differs);
		if (one.z_per_run > 0 && (z == 0 || one.z_per_run < z))
			z = one.z_per_run;
	}
	c->kind = GL_CLAIM_TEST;
	c->p_holds = ph;
	c->p_differs = fmin(1, pd * k);
	c->runs = n;
	c->z_per_run = z;
}

/* --- the conditions ------------------------------------------------------------- */

enum { K_FOLLOW, K_DRAW, K_OPEN, K_NWIN, K_DIAG };

typedef struct mmcond {
	const char *name;
	int kind;
	const char *learner, *opp;
	int arg; /* K_NWIN: which N; K_DIAG: extra mark */
} mmcond;

static const mmcond conds[] = {
	{"follow-on, perfect varying", K_FOLLOW, "martens", "perfect:tt=1", 0},
	{"follow-on, perfect same move", K_FOLLOW, "martens", "perfect:tt=1,ties=first", 0},
	{"follow-on, person", K_FOLLOW, "martens", "person", 0},
	{"early, perfect varying", K_DRAW, "martens:variant=early", "perfect:tt=1", 0},
	{"final, perfect varying", K_DRAW, "martens", "perfect:tt=1", 0},
	{"early, person", K_DRAW, "martens:variant=early", "person", 0},
	{"final, person", K_DRAW, "martens", "person", 0},
	{"corner, perfect varying", K_OPEN, "martens", "person:blunder=0,lines=0,open=0", 0},
	{"side, perfect varying", K_OPEN, "martens", "person:blunder=0,lines=0,open=1", 0},
	{"centre, perfect varying", K_OPEN, "martens", "person:blunder=0,lines=0,open=4", 0},
	{"corner, person", K_OPEN, "martens", "person:open=0", 0},
	{"side, person", K_OPEN, "martens", "person:open=1", 0},
	{"centre, person", K_OPEN, "martens", "person:open=4", 0},
	{"N plays, first N", K_NWIN, "martens", "person:blunder=0,lines=0,nodiag=1", 0},
	{"N plays, second N", K_NWIN, "martens", "person:blunder=0,lines=0,nodiag=1", 1},
	{"diagonal with an extra mark", K_DIAG, "martens", "diag:extra=1", 1},
	{"pure diagonal", K_DIAG, "martens", "diag:extra=0", 0},
};
enum { NCOND = sizeof conds / sizeof conds[0], NV = 16 };

enum {
	FOLLOW_PLAYS = 10,  /* the follow-on string's plays */
	STRING1_PLAYS = 79, /* Table I, string 1 */
	DRAW_PLAYS = 100,   /* early against final: plays, seats alternating */
	WINDOW = 20,        /* plays after N in which a win is tried */
	TEACH_MAX = 30,     /* plays to teach the diagonal loss, at most */
	PROBE_MAX = 10      /* plays to find a pure diagonal threat, at most */
};

/* One run's numbers. K_FOLLOW, K_DRAW, K_OPEN: v[0..2] the machine's
 * wins, losses, draws (K_FOLLOW: v[3..12] the string); K_NWIN: v[0] the
 * teacher's wins in the window, v[1] of them by a diagonal, v[2..4] the
 * machine's wins, losses, draws in the N plays; K_DIAG: v[0] taught, v[1]
 * plays it took, v[2] a threat found, v[3] blocked. */
typedef struct mmrun {
	int v[NV];
} mmrun;

/* The diagonal's claims are shares of runs, one look each: they take
 * MORE_RUNS times the runs of the others; the follow-on string's losses
 * against perfect varying sit near their tolerance (7.5 of 10 against at
 * most 8) and take FOLLOW_RUNS times (a run is under a hundred plays). */
enum { MORE_RUNS = 4, FOLLOW_RUNS = 12 };

typedef struct mm_job {
	const martens_more_opts *o;
	const gl_game *g;
	int base[NCOND + 1]; /* condition ci's runs are base[ci] .. base[ci+1]-1 */
	mmrun *runs;         /* base[NCOND] of them */
	gl_err *err;
} mm_job;

/* Runs of condition ci, and run s of it. */
static int nrun(const mm_job *j, int ci)
{
	return j->base[ci + 1] - j->base[ci];
}

static mmrun *run_at(const mm_job *j, int ci, int s)
{
	return &j->runs[j->base[ci] + s];
}

/* Play one match, the learner in seat; its result (+1, 0, -1) into *res. */
static int play(const gl_game *g, gl_agent *learner, gl_agent *opp, int seat, uint64_t seed,
	gl_match *m, int *res, gl_err *err)
{
	gl_agent *seats[2];
	seats[seat] = learner;
	seats[1 - seat] = opp;
	if (gl_match_play(g, seats, seed, m, err))
		return err->code;
	*res = gl_result_of(m->goals, 2, seat);
	return 0;
}

static void tally(int *v, int res)
{
	v[res > 0 ? 0 : res < 0 ? 1 : 2]++;
}

/* The cells of the position after the first k moves of m. */
static void cells_after(const gl_game *g, const gl_match *m, int k, void *s, int8_t *owner)
{
	g->type->start(g, s);
	for (int i = 0; i < k; i++)
		g->type->apply(g, s, m->moves[i]);
	g->type->cells(g, s, owner);
}

/* Whether player p holds a whole diagonal. */
static bool has_diagonal(const int8_t *owner, int p)
{
	for (int l = MARTENS_DIAG; l < 8; l++) {
		const int *d = martens_lines[l];
		if (owner[d[0]] == p && owner[d[1]] == p && owner[d[2]] == p)
			return true;
	}
	return false;
}

/* The empty third cell when p's marks are exactly two cells of a
 * diagonal, else -1. */
static int pure_two(const int8_t *owner, int p)
{
	int marks = 0;
	for (int c = 0; c < 9; c++)
		marks += owner[c] == p;
	if (marks != 2)
		return -1;
	for (int l = MARTENS_DIAG; l < 8; l++) {
		int empty = martens_two_and_empty(owner, l, p);
		if (empty >= 0)
			return empty;
	}
	return -1;
}

static int mm_run(const mm_job *j, int ci, int s, mmrun *r, gl_err *err)
{
	const mmcond *c = &conds[ci];
	const gl_game *g = j->g;
	const martens_more_opts *o = j->o;
	uint64_t rs = gl_mix64(o->seed + (uint64_t)s * 7919u + (uint64_t)ci * 104729u);
	char spec[256];
	martens_teacher_spec(spec, sizeof spec, c->opp, o->blunder, rs);
	gl_agent *learner = gl_agent_new(c->learner, g, NULL, err), *opp = NULL, *perfect = NULL;
	void *st = gl_malloc(g->state_size);
	int8_t owner[9];
	gl_match m;
	gl_match_init(&m);
	memset(r, 0, sizeof *r);
	int rc = 0, res = 0, k = 0;
	if (!learner || !(opp = gl_agent_new(spec, g, gl_martens_teachers(), err))) {
		rc = err->code;
		goto done;
	}
	if (!st) {
		rc = gl_fail(err, GL_ENOMEM, "repro martens: out of memory");
		goto done;
	}
#define PLAY(who, seat) \
	if ((rc = play(g, learner, who, seat, gl_mix64(rs * 1000003u + (uint64_t)k++), &m, &res, \
			err))) \
		goto done
	switch (c->kind) {
	case K_FOLLOW: {
		int ignore[3] = {0};
		for (int p = 0; p < STRING1_PLAYS; p++) {
			PLAY(opp, 1);
			tally(ignore, res);
		}
		for (int p = 0; p < FOLLOW_PLAYS; p++) {
			PLAY(opp, 0);
			tally(r->v, res);
			r->v[3 + p] = res > 0 ? 'W' : res < 0 ? 'L' : 'D';
		}
		break;
	}
	case K_DRAW:
		for (int p = 0; p < DRAW_PLAYS; p++) {
			PLAY(opp, p & 1);
			tally(r->v, res);
		}
		break;
	case K_OPEN:
		for (int p = 0; p < STRING1_PLAYS; p++) {
			PLAY(opp, 1);
			tally(r->v, res);
		}
		break;
	case K_NWIN:
		if (!(perfect = gl_agent_new("perfect:tt=1", g, NULL, err))) {
			rc = err->code;
			goto done;
		}
		for (int p = 0; p < o->nwin[c->arg]; p++) {
			PLAY(opp, 1);
			tally(r->v + 2, res);
		}
		for (int p = 0; p < WINDOW; p++) {
			PLAY(perfect, 1);
			if (res < 0) {
				r->v[0]++;
				cells_after(g, &m, m.nmoves, st, owner);
				r->v[1] += has_diagonal(owner, 0);
			}
		}
		break;
	case K_DIAG:
		for (int p = 0; p < TEACH_MAX && !r->v[0]; p++) {
			PLAY(opp, 1);
			if (res >= 0)
				continue;
			cells_after(g, &m, m.nmoves, st, owner);
			int marks = 0;
			for (int q = 0; q < 9; q++)
				marks += owner[q] == 0;
			if (has_diagonal(owner, 0) && (c->arg ? marks >= 4 : marks == 3)) {
				r->v[0] = 1;
				r->v[1] = p + 1;
			}
		}
		if (!r->v[0])
			break;
		gl_agent_free(opp);
		if (!(opp = gl_agent_new("diag:extra=0", g, gl_martens_teachers(), err))) {
			rc = err->code;
			goto done;
		}
		for (int p = 0; p < PROBE_MAX && !r->v[2]; p++) {
			PLAY(opp, 1);
			for (int i = 0; i < m.nmoves; i++) {
				cells_after(g, &m, i, st, owner);
				int third = g->type->to_move(g, st) == 1 ? pure_two(owner, 0) : -1;
				if (third >= 0) {
					r->v[2] = 1;
					r->v[3] = m.moves[i] == (gl_action)third;
					break;
				}
			}
		}
		break;
	}
#undef PLAY
done:
	gl_match_done(&m);
	gl_free(st);
	gl_agent_free(perfect);
	gl_agent_free(opp);
	gl_agent_free(learner);
	return rc;
}

static void mm_piece(void *arg, int i, int worker)
{
	(void)worker;
	const mm_job *j = arg;
	int ci = 0;
	while (j->base[ci + 1] <= i)
		ci++;
	j->err[i] = (gl_err){0};
	mm_run(j, ci, i - j->base[ci], &j->runs[i], &j->err[i]);
}

static size_t mm_get(void *arg, int i, const void **bytes)
{
	const mm_job *j = arg;
	size_t failed = exp_failed_get(&j->err[i], bytes);
	if (failed)
		return failed;
	*bytes = &j->runs[i];
	return sizeof j->runs[i];
}

static int mm_put(void *arg, int i, const void *bytes, size_t size, gl_err *err)
{
	const mm_job *j = arg;
	if (size != sizeof j->runs[i])
		return gl_fail(err, GL_EINVAL, "martens remark run %d: %.*s", i + 1,
			(int)(size < 200 ? size : 200), (const char *)bytes);
	memcpy(&j->runs[i], bytes, size);
	return 0;
}

/* --- the claims ------------------------------------------------------------------- */

/* Mean of value v of condition ci's runs. */
static double mean_v(const mm_job *j, int ci, int v)
{
	double s = 0;
	for (int k = 0; k < nrun(j, ci); k++)
		s += run_at(j, ci, k)->v[v];
	return s / nrun(j, ci);
}

static void col(const mm_job *j, int ci, int v, double *out)
{
	for (int k = 0; k < nrun(j, ci); k++)
		out[k] = run_at(j, ci, k)->v[v];
}

static const char *const teacher_of[3] = {"perfect varying", "perfect same move", "person"};

static void claims_follow(const mm_job *j, gl_report *rep, gl_claims *cl, double *a, double *b,
	double *d)
{
	int n = nrun(j, 0);
	static const double paper[3] = {0, 5, 5};
	gl_report_printf(rep, "\nThe follow-on string (2.2): 79 plays opponent first, then %d "
		"with the machine first, memory kept (paper: LLLLDDDDDL)\n", FOLLOW_PLAYS);
	gl_table *t = gl_report_table(rep, "follow-on.csv", "teacher,seed,string,wins,losses,"
		"draws");
	for (int ci = 0; ci < 3; ci++) {
		char str[FOLLOW_PLAYS + 1];
		for (int s = 0; s < n; s++) {
			const mmrun *r = run_at(j, ci, s);
			for (int p = 0; p < FOLLOW_PLAYS; p++)
				str[p] = (char)r->v[3 + p];
			str[FOLLOW_PLAYS] = '\0';
			gl_table_cells(rep, t, "%s\t%d\t%s\t%d\t%d\t%d", teacher_of[ci], s + 1, str,
				r->v[0], r->v[1], r->v[2]);
		}
		const mmrun *r0 = run_at(j, ci, 0);
		for (int p = 0; p < FOLLOW_PLAYS; p++)
			str[p] = (char)r0->v[3 + p];
		col(j, ci, 0, a);
		col(j, ci, 1, b);
		col(j, ci, 2, d);
		char claim[160], ours[200];
		snprintf(claim, sizeof claim, "follow-on string, memory kept, machine first: %s",
			teacher_of[ci]);
		snprintf(ours, sizeof ours, "%d plays: %.1f W, %.1f L, %.1f D; seed 1: %s",
			FOLLOW_PLAYS, mean_v(j, ci, 0), mean_v(j, ci, 1), mean_v(j, ci, 2), str);
		gl_report_printf(rep, "  %-20s %s\n", teacher_of[ci], ours);
		gl_claim c = {claim, "10 plays: LLLLDDDDDL (0 W, 5 L, 5 D)", "each count's mean over "
			"the runs within 3 of the paper's (t test of each)", ours,
			"after string 1's 79 plays with the teacher first, ten with the machine first "
			"as the paper's; the paper's opponent was its person", 0, false, 0, 0, 0, 0};
		const double *v[3] = {a, b, d};
		martens_claim_counts(&c, v, 3, n, paper, 3);
		gl_claims_add(cl, &c);
	}
}

/* Table t's rows "a, b, seed, wins, losses, draws" of condition ci's
 * first n runs. */
static void table_wld(const mm_job *j, gl_report *rep, gl_table *t, int ci, int n,
	const char *a, const char *b)
{
	for (int s = 0; s < n; s++) {
		const mmrun *r = run_at(j, ci, s);
		gl_table_cells(rep, t, "%s\t%s\t%d\t%d\t%d\t%d", a, b, s + 1, r->v[0], r->v[1],
			r->v[2]);
	}
}

/* dd[s]: count v of run s of condition a less that of condition b, for
 * the first n runs (the pairs of a paired test). */
static void paired_diffs(const mm_job *j, int a, int b, int v, int n, double *dd)
{
	for (int s = 0; s < n; s++)
		dd[s] = run_at(j, a, s)->v[v] - run_at(j, b, s)->v[v];
}

static void claims_draw(const mm_job *j, gl_report *rep, gl_claims *cl, double *dd)
{
	int n = j->o->seeds;
	gl_report_printf(rep, "\nThe early machine's tendency to draw (2.3): %d plays, seats "
		"alternating, mean W / L / D\n", DRAW_PLAYS);
	gl_table *t = gl_report_table(rep, "early-draws.csv", "machine,teacher,seed,wins,losses,"
		"draws");
	for (int ci = 3; ci < 7; ci++)
		table_wld(j, rep, t, ci, n, ci & 1 ? "early" : "final",
			ci < 5 ? "perfect varying" : "person");
	for (int k = 0; k < 2; k++) {
		int e = 3 + 2 * k, f = e + 1;
		paired_diffs(j, e, f, 2, n, dd);
		char claim[160], ours[300];
		snprintf(claim, sizeof claim, "early machine's decided tendency to draw: %s",
			k ? "person" : "perfect varying");
		snprintf(ours, sizeof ours, "draws in %d plays: early %.1f, final %.1f (wins %.1f, "
			"%.1f; losses %.1f, %.1f)", DRAW_PLAYS, mean_v(j, e, 2), mean_v(j, f, 2),
			mean_v(j, e, 0), mean_v(j, f, 0), mean_v(j, e, 1), mean_v(j, f, 1));
		gl_report_printf(rep, "  %-20s %s\n", k ? "person" : "perfect varying", ours);
		gl_claim c = {claim, "\"the earlier machine had a decided tendency to draw\" (2.3)",
			"the early machine's draws above the final machine's against the same teacher "
			"(one-sided paired sign-flip test over runs)", ours, "the paper's impression "
			"read as: more draws than the final machine, both from nothing, against the "
			"same teacher", 0, false, 0, 0, 0, 0};
		gl_claim_paired(&c, dd, n);
		gl_claims_add(cl, &c);
	}
}

static void claims_open(const mm_job *j, gl_report *rep, gl_claims *cl, double *dd)
{
	int n = j->o->seeds;
	gl_report_printf(rep, "\nThe best opening against the machine (2.2): the teacher always "
		"opens there, %d plays, the machine's mean losses\n", STRING1_PLAYS);
	gl_table *t = gl_report_table(rep, "opening.csv", "opening,teacher,seed,wins,losses,"
		"draws");
	static const char *const where[3] = {"corner", "side", "centre"};
	for (int ci = 7; ci < 13; ci++)
		table_wld(j, rep, t, ci, n, where[(ci - 7) % 3],
			ci < 10 ? "perfect varying" : "person");
	for (int k = 0; k < 2; k++) {
		int base = 7 + 3 * k;
		char ours[300];
		snprintf(ours, sizeof ours, "losses in %d plays: corner %.1f, side %.1f, centre %.1f",
			STRING1_PLAYS, mean_v(j, base, 1), mean_v(j, base + 1, 1), mean_v(j, base + 2, 1));
		gl_report_printf(rep, "  %-20s %s\n", k ? "person" : "perfect varying", ours);
		for (int w = 0; w < 2; w++) {
			paired_diffs(j, base + w, base + 2, 1, n, dd);
			char claim[160];
			snprintf(claim, sizeof claim, "best opening against the machine, %s beside the "
				"centre: %s", where[w], k ? "person" : "perfect varying");
			gl_claim c = {claim, "\"a corner move, or a move into the middle of a side\" "
				"(2.2)", "the machine's losses in 79 plays, the teacher first and always "
				"opening there, above those when it opens in the centre (one-sided paired "
				"sign-flip test over runs)", ours, "best read as the opening that takes the "
				"most losses from the machine while it learns; after it the teacher plays "
				"on as named", 0, false, 0, 0, 0, 0};
			gl_claim_paired(&c, dd, n);
			gl_claims_add(cl, &c);
		}
	}
}

static void claims_nwin(const mm_job *j, gl_report *rep, gl_claims *cl)
{
	int n = j->o->seeds;
	gl_report_printf(rep, "\nStill able to win after N plays (2.1): the teacher never "
		"completes a diagonal for N plays, then plays perfectly for %d\n", WINDOW);
	gl_table *t = gl_report_table(rep, "n-plays.csv", "n,seed,machine_wins,machine_losses,"
		"machine_draws,teacher_wins_after,of_them_diagonal");
	for (int k = 0; k < 2; k++) {
		int ci = 13 + k, won = 0;
		for (int s = 0; s < n; s++) {
			const mmrun *r = run_at(j, ci, s);
			won += r->v[0] > 0;
			gl_table_cells(rep, t, "%d\t%d\t%d\t%d\t%d\t%d\t%d", j->o->nwin[k], s + 1,
				r->v[2], r->v[3], r->v[4], r->v[0], r->v[1]);
		}
		char claim[160], ours[300], tol[200];
		snprintf(claim, sizeof claim, "still able to win after N plays, N = %d",
			j->o->nwin[k]);
		snprintf(ours, sizeof ours, "won in the %d plays after N in %d of %d runs (%.1f wins, "
			"%.1f of them by a diagonal); in the N plays the machine won %.1f, lost %.1f, "
			"drew %.1f", WINDOW, won, n, mean_v(j, ci, 0), mean_v(j, ci, 1), mean_v(j, ci, 2),
			mean_v(j, ci, 3), mean_v(j, ci, 4));
		snprintf(tol, sizeof tol, "share of runs in which the teacher wins within %d plays "
			"after the N within [0.5, 1] (exact binomial)", WINDOW);
		gl_report_printf(rep, "  N = %-6d %s\n", j->o->nwin[k], ours);
		gl_claim c = {claim, "\"given an integer, N, ... it is always possible to play N plays "
			"against the machine and still be able to win\" (2.1)", tol, ours, "the teacher "
			"(first) keeps the machine ignorant of diagonals: the exact solver's play that "
			"never completes a diagonal itself, so it draws or loses most plays, as the "
			"paper says it must; then perfect (varying)", 0, false, 0, 0, 0, 0};
		gl_claim_share(&c, (uint64_t)won, (uint64_t)n, 0.5, 1);
		gl_claims_add(cl, &c);
	}
}

static void claims_diag(const mm_job *j, gl_report *rep, gl_claims *cl)
{
	int n = nrun(j, 15);
	gl_report_printf(rep, "\nThe diagonal (2.1, 2.2): the teacher wins along a diagonal "
		"(with a fourth mark, or pure), then plays for a pure diagonal\n");
	gl_table *t = gl_report_table(rep, "diagonal.csv", "lost_to,seed,taught,plays_to_teach,"
		"threat_found,blocked");
	for (int k = 0; k < 2; k++) {
		int ci = 15 + k, taught = 0, found = 0, blocked = 0;
		for (int s = 0; s < n; s++) {
			const mmrun *r = run_at(j, ci, s);
			taught += r->v[0];
			found += r->v[2];
			blocked += r->v[3];
			gl_table_cells(rep, t, "%s\t%d\t%d\t%d\t%d\t%d", k ? "pure" : "extra mark", s + 1,
				r->v[0], r->v[1], r->v[2], r->v[3]);
		}
		char ours[300];
		snprintf(ours, sizeof ours, "%s the pure diagonal in %d of %d runs (taught the loss "
			"in %d runs within %d plays; a pure two-on-a-diagonal met within %d plays in %d)",
			k ? "blocked" : "left open", k ? blocked : found - blocked, found, taught,
			TEACH_MAX, PROBE_MAX, found);
		gl_report_printf(rep, "  lost to %-12s %s\n", k ? "pure" : "extra mark", ours);
		gl_claim c = {k ? "having lost to a pure diagonal, it blocks one" :
			"having lost to a diagonal with an extra mark, it does not block a pure one",
			k ? "\"it will deliberately block an opponent's win along a diagonal only if "
			"it has a record of a previous disaster of this kind\" (2.1)" :
			"\"having lost to a diagonal three-on-a-row with an extra mark on the board, it "
			"will not block a pure diagonal three-on-a-row\" (2.2)",
			k ? "share of runs in which it blocks the third cell within [0.5, 1] (exact "
			"binomial)" : "share of runs in which it leaves the third cell open within "
			"[0.5, 1] (exact binomial)", ours, "the teacher (first) wins along a diagonal "
			"until the loss is recorded; then the machine's reply to the teacher's first "
			"pure two-on-a-diagonal (its only marks) is looked at once per run", 0, false,
			0, 0, 0, 0};
		gl_claim_share(&c, (uint64_t)(k ? blocked : found - blocked), (uint64_t)found, 0.5,
			1);
		gl_claims_add(cl, &c);
	}
}

int martens_more(const gl_exp_env *env, gl_report *rep, const martens_more_opts *o,
	gl_claims *cl, gl_err *err)
{
	mm_job j = {o, NULL, {0}, NULL, NULL};
	for (int ci = 0; ci < NCOND; ci++)
		j.base[ci + 1] = j.base[ci] + o->seeds * (conds[ci].kind == K_DIAG ? MORE_RUNS :
			conds[ci].kind == K_FOLLOW ? FOLLOW_RUNS : 1);
	int n = j.base[NCOND];
	gl_game *g = gl_game_new("tictactoe", err);
	if (!g)
		return err->code;
	j.g = g;
	j.runs = gl_calloc((size_t)n, sizeof(mmrun));
	j.err = gl_calloc((size_t)n, sizeof(gl_err));
	double *a = gl_malloc(sizeof *a * 3 * FOLLOW_RUNS * (size_t)o->seeds);
	int rc = 0;
	if (!j.runs || !j.err || !a)
		rc = gl_fail(err, GL_ENOMEM, "repro martens: out of memory");
	gl_pieces p = {n, mm_piece, mm_get, mm_put, &j, false};
	if (!rc)
		rc = gl_run_pieces(env->runner, &p, err);
	if (!rc)
		rc = exp_first_failure(j.err, n, err);
	if (!rc) {
		gl_report_printf(rep, "\n== Note I, section 2: the remarks, tic-tac-toe, %d runs "
			"each (the diagonal's %d, the follow-on string's %d) ==\n", o->seeds,
			MORE_RUNS * o->seeds, FOLLOW_RUNS * o->seeds);
		claims_follow(&j, rep, cl, a, a + FOLLOW_RUNS * o->seeds,
			a + 2 * FOLLOW_RUNS * o->seeds);
		claims_draw(&j, rep, cl, a);
		claims_open(&j, rep, cl, a);
		claims_nwin(&j, rep, cl);
		claims_diag(&j, rep, cl);
	}
	gl_free(a);
	gl_free(j.runs);
	gl_free(j.err);
	gl_game_free(g);
	return rc;
}
