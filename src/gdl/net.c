/*
 * net.c - the compiled form of a ground GDL program: a propositional
 * network evaluated incrementally, and the reasoning half of gdl.h over it.
 *
 * Every ground atom that depends on true or does becomes a gate: an OR over
 * its rules, each rule an AND over its literals. Literals on atoms that
 * depend on neither are folded into constants at compile time; a literal
 * that several rules of an atom share is factored out (x AND (the OR of
 * the rest)), so that next(cell) reads true(cell) once and not once per
 * possible move; gates with the same inputs are made once; one-literal
 * rules feed the OR directly and an atom equal to one positive literal is
 * that literal's gate. ticTacToe's 401 ground rules make 128 gates (see
 * net_tune for what is chosen at load).
 *
 * A gate keeps a counter of its satisfied inputs, offset so that it is
 * true exactly when the counter is positive, as in the forward propagation
 * of Schkufza, Love and Genesereth's propositional nets ("Propositional
 * Automata and Cell Automata", 2008).
 * Gates are numbered so that every gate comes after its inputs. Changing
 * an input (a base or a does proposition) updates the counters of its
 * fanout; only an update that crosses a gate's threshold can flip it, and
 * only a flip goes further, so a playout step costs the cone of the few
 * propositions it flips, not the whole program. Two ways to go further:
 * flow walks a flip's fanout at once, depth first (no queue; a gate may
 * flip and flip back, a glitch); the sweep queues the gates that may
 * have flipped in a bitmap and visits them in increasing order, each once
 * after its inputs have settled (no glitch, a visit's cost).
 *
 * Recursion: a strongly connected group of atoms (positive only: the
 * program is stratified) is one gate of its own placed before its members;
 * when one of its inputs changes, the group is recomputed to its least
 * fixpoint and the members that changed propagate on. Counters alone would
 * let a cycle keep itself true after its support is gone.
 *
 * The legal moves of each role and the next state are kept as bitsets,
 * toggled by hooks on their gates; terminal and goals are read on demand.
 * What fast propositional players do (ggplib, Sancho) is chosen at load
 * (net_tune) by the work of a sample of playouts: the network folded
 * once more (equal gates merged, dead ones dropped); the goals' own
 * network where most edges serve them alone (a disc count), evaluated
 * only when a goal is asked for (where a tenth to a quarter do, one for
 * the batch alone, whose programs then leave those edges out: it reads
 * the goals of ended playouts 64 at a time); a role's many moves read as
 * the NOT of its few others (frame axioms); its legal moves guarded by its
 * control, read once a step; variants with the control fixed, one per value met;
 * flow or sweep.
 * The network is one of the two reasoners behind gdl.h (gdl_net_ops, at
 * the end of this file; eval.c dispatches the API through it).
 */
#include "gdl/internal.h"

#include <limits.h>
#include <stdlib.h>

/* A walk of a gate's fanout under way: the next edge, the first negated
 * one, the end, the value the gate flipped to. */
typedef struct netframe {
	const int32_t *p, *mid, *end; /* mid: the first negated edge */
	int32_t v;
} netframe;

/* The evaluator of one network (the game's, or one of its variants). */
typedef struct netev {
	const gdl_net *n;
	gdl_cnt *cnt;     /* [ngates] counters (inputs, members: the value) */
	uint8_t *sent;    /* [ngates] value as last propagated (the sweep's;
			   * flow's: a group member's only) */
	uint64_t *dirty;  /* [dwords] gates queued (flow's: groups only) */
	uint64_t *sum;    /* [dwords / 64 + 1] words of dirty not zero */
	int lo;           /* lowest word of sum that may be set, or INT_MAX */
	uint64_t *bits;   /* [words + 2 * nroles * lwords] the next state,
			   * then each role's plain legal moves, then its
			   * guarded ones (toggled by hooks) */
	uint64_t *next;   /* bits */
	uint64_t *legal;  /* bits + words; then the guarded moves' bits */
	int joint[GDL_ROLES_MAX]; /* the does propositions set, -1 none */
	uint64_t *state;  /* [words] base propositions set */
	netframe *stack;  /* [ngates + 1] flow's walks under way */
	uint64_t work;    /* work so far: fanout edges updated, visits and
			   * walks counted in edges (see net_tune) */
	int32_t *roots;   /* [nbase + 2 * nroles + 1] inputs set, to flow
			   * (g << 1 | value) */
	int nroots;       /* how many are queued */
	bool count;       /* flow counts its work (net_tune's sample: a
			   * playout leaves it uncounted) */
} netev;

/* The network's evaluator (gdl_ops's x). */
typedef struct net_eval {
	const gdl_net *n; /* the game's network */
	netev *subs;        /* [nvar + 1] its evaluator, its variants' */
	int nsub;         /* how many are made */
	netev *cur;       /* the one that evaluated the last state */
	netev goal;       /* the goal network's (n->goal), brought to cur's
			   * state when a goal is asked for */
	uint64_t *play;   /* [words] a playout's state, the sample's next */
} net_eval;

/* --- Building -------------------------------------------------------------- */

typedef struct ivec {
	int32_t *a;
	int n, cap;
} ivec;

static int iv_push(ivec *v, int32_t x)
{
	if (v->n == v->cap) {
		int nc = v->cap ? v->cap * 2 : 256;
		int32_t *a = gl_realloc(v->a, (size_t)nc * sizeof *a);
		if (!a)
			return GL_ENOMEM;
		v->a = a;
		v->cap = nc;
	}
	v->a[v->n++] = x;
	return 0;
}

typedef struct builder {
	const gdl_game *gd;
	int32_t *ref;     /* [natoms] gate or REF_* of each atom */
	ivec kind, off, in0, in; /* gates and their inputs */
	ivec atom;        /* the atom each gate computes (~head for a rule) */
	int32_t cur;      /* the atom of the gates being made */
	ivec gm0, gm, mr0, gr0, gl; /* recursive groups */
	ivec lits;        /* one rule's folded literals */
	ivec ar, ro, rn;  /* one atom's rules: literals, offset, length */
	ivec tmp;         /* scratch of factor() */
	int32_t *cse;     /* hash of logic gates by (kind, inputs): gate + 1 */
	int ncse;         /* slots, a power of two */
	int err;
} builder;

static int32_t new_gate(builder *B, int kind, int32_t off, const int32_t *in,
	int n)
{
	int32_t g = B->kind.n;
	if (iv_push(&B->kind, kind) || iv_push(&B->off, off) ||
	    iv_push(&B->atom, B->cur))
		return B->err = GL_ENOMEM;
	for (int i = 0; i < n; i++)
		if (iv_push(&B->in, in[i]))
			return B->err = GL_ENOMEM;
	if (iv_push(&B->in0, B->in.n))
		return B->err = GL_ENOMEM;
	return g;
}

static uint32_t cse_hash(int32_t off, const int32_t *in, int n)
{
	uint64_t h = (uint64_t)(uint32_t)off * 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < n; i++)
		h = (h ^ (uint32_t)in[i]) * 0xff51afd7ed558ccdull;
	return (uint32_t)(gl_mix64(h) >> 32);
}

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

/* The logic gate over the literals in[0..n) (sorted, no repeats): an AND
 * (off 1 - n) or an OR (off 0). The same gate is made once; one of more
 * than FANIN_MAX inputs is a tree of them. Returns it, or a negative
 * error in B->err. */
static int32_t logic_gate(builder *B, int32_t off, const int32_t *in, int n)
{
	if (n > FANIN_MAX) { /* a tree of gates: counters stay 16-bit */
		int nc = (n + FANIN_MAX - 1) / FANIN_MAX;
		int32_t *part = gl_malloc((size_t)nc * sizeof *part);
		if (!part)
			return B->err = GL_ENOMEM;
		for (int c = 0; c < nc; c++) {
			int len = c < nc - 1 ? FANIN_MAX : n - c * FANIN_MAX;
			int32_t g = len == 1 ? in[c * FANIN_MAX] >> 1 :
				logic_gate(B, off < 0 ? 1 - len : 0, in + c * FANIN_MAX, len);
			if (g < 0) {
				gl_free(part);
				return g;
			}
			part[c] = len == 1 ? in[c * FANIN_MAX] : g << 1;
		}
		qsort(part, (size_t)nc, sizeof *part, cmp_i32);
		int32_t g = logic_gate(B, off < 0 ? 1 - nc : 0, part, nc);
		gl_free(part);
		return g;
	}
	if (B->kind.n * 2 >= B->ncse) {
		int ns = B->ncse ? B->ncse * 2 : 4096;
		int32_t *t = gl_calloc((size_t)ns, sizeof *t);
		if (!t)
			return B->err = GL_ENOMEM;
		for (int i = 0; i < B->ncse; i++) {
			int32_t g = B->cse[i] - 1;
			if (g < 0)
				continue;
			uint32_t k = cse_hash(B->off.a[g], B->in.a + B->in0.a[g],
				B->in0.a[g + 1] - B->in0.a[g]) & (uint32_t)(ns - 1);
			while (t[k])
				k = (k + 1) & (uint32_t)(ns - 1);
			t[k] = g + 1;
		}
		gl_free(B->cse);
		B->cse = t;
		B->ncse = ns;
	}
	uint32_t k = cse_hash(off, in, n) & (uint32_t)(B->ncse - 1);
	for (; B->cse[k]; k = (k + 1) & (uint32_t)(B->ncse - 1)) {
		int32_t g = B->cse[k] - 1;
		if (B->off.a[g] == off && B->in0.a[g + 1] - B->in0.a[g] == n &&
		    !memcmp(B->in.a + B->in0.a[g], in, (size_t)n * sizeof *in))
			return g;
	}
	int32_t g = new_gate(B, G_LOGIC, off, in, n);
	if (g >= 0)
		B->cse[k] = g + 1;
	return g;
}

/* Fold rule r's literals into B->lits (gate << 1 | neg), sorted, without
 * repeats. Returns 1 when the rule can fire, 0 when a constant literal
 * (or a literal and its negation) makes it false. */
static int fold_rule(builder *B, int r)
{
	const gdl_game *gd = B->gd;
	B->lits.n = 0;
	for (int i = gd->rule_lit[r]; i < gd->rule_lit[r + 1]; i++) {
		int32_t l = gd->lit[i], x = B->ref[l >> 1];
		int neg = l & 1;
		if (x < 0) {
			if ((x == REF_TRUE) == neg)
				return 0;
			continue;
		}
		if (iv_push(&B->lits, x << 1 | neg)) {
			B->err = GL_ENOMEM;
			return 0;
		}
	}
	if (B->lits.n > 1) /* qsort(NULL, 0, ...) is undefined */
		qsort(B->lits.a, (size_t)B->lits.n, sizeof *B->lits.a, cmp_i32);
	int n = 0;
	for (int i = 0; i < B->lits.n; i++) {
		if (n > 0 && B->lits.a[n - 1] == B->lits.a[i])
			continue;
		if (n > 0 && B->lits.a[n - 1] == (B->lits.a[i] ^ 1))
			return 0; /* x and not x */
		B->lits.a[n++] = B->lits.a[i];
	}
	B->lits.n = n;
	return 1;
}

/* A literal for the AND of in[0..n): itself when n is 1. */
static int32_t and_lit(builder *B, const int32_t *in, int n)
{
	if (n == 1)
		return in[0];
	int32_t g = logic_gate(B, 1 - n, in, n);
	return g < 0 ? g : g << 1;
}

/* A literal for the OR of in[0..n) (sorted here): itself when n is 1. */
static int32_t or_lit(builder *B, int32_t *in, int n)
{
	if (n > 1)
		qsort(in, (size_t)n, sizeof *in, cmp_i32);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m == 0 || in[m - 1] != in[i])
			in[m++] = in[i];
	if (m == 1)
		return in[0];
	int32_t g = logic_gate(B, 0, in, m);
	return g < 0 ? g : g << 1;
}

static int32_t factor(builder *B, const int32_t *rules, int k, int depth);

/* A literal for the OR over the rules rules[0..k) (indices into B->ro and
 * B->rn, each rule an AND of its sorted literals), factored: the rules that
 * share a literal x become x AND (the OR of the rest of them), recursively,
 * so that x is read once and the rest is shared. Returns the literal, or a
 * negative error. */
static int32_t factor(builder *B, const int32_t *rules, int k, int depth)
{
	if (k == 1)
		return and_lit(B, B->ar.a + B->ro.a[rules[0]], B->rn.a[rules[0]]);
	/* How many rules each literal is in: sort all their literals. */
	int t0 = B->tmp.n;
	for (int i = 0; i < k; i++)
		for (int j = 0; j < B->rn.a[rules[i]]; j++)
			if (iv_push(&B->tmp, B->ar.a[B->ro.a[rules[i]] + j]))
				return B->err = GL_ENOMEM;
	int nl = B->tmp.n - t0;
	int32_t *all = B->tmp.a + t0;
	if (nl > 1)
		qsort(all, (size_t)nl, sizeof *all, cmp_i32);
	/* freq[] in place: pairs (literal, count) of those in two rules or more */
	int np = 0;
	for (int i = 0; i < nl;) {
		int j = i;
		while (j < nl && all[j] == all[i])
			j++;
		if (j - i >= 2 && depth < GDL_LITS_MAX) {
			all[2 * np] = all[i];
			all[2 * np + 1] = j - i;
			np++;
		}
		i = j;
	}
	B->tmp.n = t0 + 2 * np;
	/* Each rule goes with its most shared literal (ties: the smaller). */
	int32_t *terms = gl_malloc(((size_t)k + 1) * sizeof *terms);
	int32_t *grp = gl_malloc(((size_t)k + 1) * sizeof *grp);
	int nt = 0;
	if (!terms || !grp) {
		gl_free(terms);
		gl_free(grp);
		return B->err = GL_ENOMEM;
	}
	for (int i = 0; i < k; i++) {
		int32_t best = -1, bc = 1;
		const int32_t *rl = B->ar.a + B->ro.a[rules[i]];
		for (int j = 0; j < B->rn.a[rules[i]]; j++) {
			int lo = 0, hi = np; /* binary search of the pairs */
			while (lo < hi) {
				int mid = (lo + hi) / 2;
				if (B->tmp.a[t0 + 2 * mid] < rl[j])
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < np && B->tmp.a[t0 + 2 * lo] == rl[j] &&
			    B->tmp.a[t0 + 2 * lo + 1] > bc) {
				best = rl[j];
				bc = B->tmp.a[t0 + 2 * lo + 1];
			}
		}
		grp[i] = best;
	}
	B->tmp.n = t0;
	/* Rules without a shared literal are terms of their own; the others,
	 * literal by literal, a factored term each. */
	int32_t *sub = gl_malloc(((size_t)k + 1) * sizeof *sub);
	if (!sub) {
		gl_free(terms);
		gl_free(grp);
		return B->err = GL_ENOMEM;
	}
	for (int i = 0; i < k && !B->err; i++) {
		if (grp[i] == -1) {
			terms[nt++] = and_lit(B, B->ar.a + B->ro.a[rules[i]],
				B->rn.a[rules[i]]);
			continue;
		}
		if (grp[i] == -2)
			continue; /* taken with an earlier literal */
		int32_t x = grp[i];
		/* Factoring x out of n rules saves n - 3 edges (x read once,
		 * two gates more): below four rules it does not pay. */
		int nall = 0;
		for (int j = i; j < k; j++)
			nall += grp[j] == x;
		if (nall < 4) {
			for (int j = i; j < k && !B->err; j++)
				if (grp[j] == x) {
					grp[j] = -2;
					terms[nt++] = and_lit(B, B->ar.a + B->ro.a[rules[j]],
						B->rn.a[rules[j]]);
				}
			continue;
		}
		int ns = 0;
		bool whole = false; /* a rule that is x alone: the term is x */
		for (int j = i; j < k && !B->err; j++) {
			if (grp[j] != x)
				continue;
			grp[j] = -2;
			int len = B->rn.a[rules[j]];
			if (len == 1) {
				whole = true;
				continue;
			}
			/* the rule without x, as a new rule */
			int32_t off = B->ar.n;
			for (int q = 0; q < len; q++) {
				int32_t l = B->ar.a[B->ro.a[rules[j]] + q];
				if (l != x && iv_push(&B->ar, l))
					B->err = GL_ENOMEM;
			}
			if (iv_push(&B->ro, off) || iv_push(&B->rn, len - 1))
				B->err = GL_ENOMEM;
			sub[ns++] = B->ro.n - 1;
		}
		if (B->err)
			break;
		int32_t term = x;
		if (!whole) {
			int32_t rest = factor(B, sub, ns, depth + 1);
			int32_t pair[2] = {x < rest ? x : rest, x < rest ? rest : x};
			term = rest < 0 ? rest : and_lit(B, pair, 2);
		}
		terms[nt++] = term;
	}
	int32_t r = B->err ? B->err : or_lit(B, terms, nt);
	gl_free(terms);
	gl_free(grp);
	gl_free(sub);
	return r;
}

/* A plain (non-recursive) atom: a constant, or a literal for the OR of
 * its rules (factored); a negated one gets a NOT gate. */
static void build_atom(builder *B, int a)
{
	const gdl_game *gd = B->gd;
	B->ar.n = B->ro.n = B->rn.n = 0;
	for (int r = gd->atom_rule[a]; r < gd->atom_rule[a + 1]; r++) {
		if (!fold_rule(B, r))
			continue;
		if (B->lits.n == 0) {
			B->ref[a] = REF_TRUE;
			return;
		}
		if (iv_push(&B->ro, B->ar.n) || iv_push(&B->rn, B->lits.n))
			B->err = GL_ENOMEM;
		for (int i = 0; i < B->lits.n; i++)
			if (iv_push(&B->ar, B->lits.a[i]))
				B->err = GL_ENOMEM;
	}
	if (B->err)
		return;
	int k = B->ro.n;
	if (k == 0) {
		B->ref[a] = REF_FALSE;
		return;
	}
	int32_t *rules = gl_malloc((size_t)k * sizeof *rules);
	if (!rules) {
		B->err = GL_ENOMEM;
		return;
	}
	for (int i = 0; i < k; i++)
		rules[i] = i;
	B->cur = a;
	int32_t l = factor(B, rules, k, 0);
	gl_free(rules);
	if (l < 0)
		return;
	if (l & 1) { /* a NOT gate */
		int32_t g = logic_gate(B, 0, &l, 1);
		if (g < 0)
			return;
		l = g << 1;
	}
	B->ref[a] = l >> 1;
}

/* A recursive group of k atoms: member gates and their rules, evaluated
 * together to a fixpoint. */
static void build_group(builder *B, const int32_t *atoms, int k)
{
	const gdl_game *gd = B->gd;
	B->cur = atoms[0];
	if (new_gate(B, G_GROUP, B->gm0.n - 1, NULL, 0) < 0)
		return;
	int32_t g0 = B->kind.n;
	for (int j = 0; j < k; j++) {
		B->cur = atoms[j];
		B->ref[atoms[j]] = new_gate(B, G_MEMBER, 0, NULL, 0);
	}
	if (B->err)
		return;
	for (int j = 0; j < k; j++) {
		int a = atoms[j];
		if (iv_push(&B->gm, g0 + j) || iv_push(&B->mr0, B->gr0.n - 1)) {
			B->err = GL_ENOMEM;
			return;
		}
		for (int r = gd->atom_rule[a]; r < gd->atom_rule[a + 1]; r++) {
			if (!fold_rule(B, r))
				continue;
			for (int i = 0; i < B->lits.n; i++) {
				int32_t x = B->lits.a[i] >> 1;
				int internal = x >= g0 && x < g0 + k;
				if (iv_push(&B->gl, x << 2 | internal << 1 | (B->lits.a[i] & 1)))
					B->err = GL_ENOMEM;
			}
			if (iv_push(&B->gr0, B->gl.n))
				B->err = GL_ENOMEM;
		}
	}
	if (iv_push(&B->gm0, B->gm.n))
		B->err = GL_ENOMEM;
}

static int32_t *take(ivec *v)
{
	int32_t *a = v->a;
	v->a = NULL;
	v->n = v->cap = 0;
	return a;
}

void gdl_net_free(gdl_net *n)
{
	if (!n)
		return;
	gl_free(n->kind);
	gl_free(n->off);
	gl_free(n->atom);
	gl_free(n->in0);
	gl_free(n->in);
	gl_free(n->fo0);
	gl_free(n->fo);
	gl_free(n->fon);
	gl_free(n->gf0);
	gl_free(n->gf);
	gl_free(n->flags);
	gl_free(n->hk1);
	gl_free(n->hk2);
	gl_free(n->cnt0);
	gl_free(n->val0);
	gl_free(n->hk0);
	gl_free(n->hk);
	gl_free(n->phase);
	gl_free(n->prog);
	gl_free(n->pu0);
	gl_free(n->pu);
	gl_free(n->gm0);
	gl_free(n->gm);
	gl_free(n->mr0);
	gl_free(n->gr0);
	gl_free(n->gl);
	gl_free(n->base_gate);
	gl_free(n->next_ref);
	gl_free(n->does_ref);
	gl_free(n->legal_ref);
	gl_free(n->guarded);
	gl_free(n->lmap);
	gl_free(n->lmoves);
	gl_free(n->goal_ref);
	gdl_net_free(n->goal);
	gdl_net_free(n->bgoal);
	for (int v = 1; v <= n->nvar; v++)
		gdl_net_free(n->var[v]);
	gl_free(n->var);
	gl_free(n);
}

/* Group s's members to their least fixpoint from the values of its
 * inputs (a gate is true when its counter is positive): each member's
 * value into cnt (1 or 0). */
static void group_fix(const gdl_net *n, int s, gdl_cnt *cnt)
{
	int j0 = n->gm0[s], j1 = n->gm0[s + 1];
	for (int j = j0; j < j1; j++)
		cnt[n->gm[j]] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (int j = j0; j < j1; j++) {
			int32_t g = n->gm[j];
			if (cnt[g])
				continue;
			for (int r = n->mr0[j]; r < n->mr0[j + 1] && !cnt[g]; r++) {
				bool ok = true;
				for (int i = n->gr0[r]; i < n->gr0[r + 1] && ok; i++) {
					int32_t x = n->gl[i];
					bool v = cnt[x >> 2] > 0;
					ok = v != (x & 1);
				}
				if (ok) {
					cnt[g] = 1;
					changed = true;
				}
			}
		}
	}
}

/* A gate of a phase as prog_build sorts them. */
typedef struct proggate {
	int32_t level, k, pos, g; /* its level, its count of inputs << 1 |
				   * OR, how many are read plain, itself (a
				   * copy: ~its number) */
	int32_t at, nin, npl;     /* its inputs in prog_build's list, how
				   * many, how many plain */
} proggate;

static int cmp_proggate(const void *a, const void *b)
{
	const proggate *x = a, *y = b;
	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return (x->g > y->g) - (x->g < y->g);
}

/* What prog_build works with. A copy is a gate of the program alone,
 * which writes a ref (a gate, or REF_*), ANDed with a guard, to a word of
 * the legal or next region. */
typedef struct progb {
	const gdl_net *n;
	uint8_t *isdoes;  /* [ngates] does inputs */
	uint8_t *fixed;   /* [ngates] read by the batch where it is: terminal,
			   * goals */
	uint8_t *ph2;     /* [ngates] in phase 2 */
	int32_t *slot;    /* [ngates] of a phase-2 gate: see push_build */
	uint8_t *alone;   /* [ngates] the pushes fill it: see push_build */
	int32_t *out;     /* [ngates] the word a gate is written to */
	int32_t *level;   /* [ngates] */
	ivec cdst, csrc, cguard; /* copies: word, ref, guard (-1: none) */
	ivec cph;         /* their phase (0 or 1) */
} progb;

/* Whether gate g of n is a phase-2 OR that the batch fills by pushes
 * (see gdl_net's pu): it reads a does input positively. Sets *rest to the
 * count of its other inputs. */
static bool pushed_or(const gdl_net *n, const uint8_t *isdoes, int32_t g,
	int *rest)
{
	int d = 0;
	for (int i = n->in0[g]; i < n->in0[g + 1]; i++)
		d += isdoes[n->in[i] >> 1] && !(n->in[i] & 1);
	*rest = n->in0[g + 1] - n->in0[g] - d;
	return n->kind[g] == G_LOGIC && n->off[g] >= 0 && d > 0;
}

/* The pushes of n (n->pu0, pu, nslot; see gdl_net): a phase-2 OR's
 * positive does inputs become pushes into a slot of its own (a word past
 * the gates), which it reads in their place, or which is its word where
 * it reads nothing else (alone). isdoes marks the does inputs; slot[g]
 * of a phase-2 gate is set to its slot (-1: not pushed), alone[g] too. 0
 * or GL_ENOMEM. */
static int push_build(gdl_net *n, const uint8_t *isdoes, int32_t *slot,
	uint8_t *alone)
{
	int ng = n->ngates, np = n->nphase1 + n->nphase2;
	n->pu0 = gl_calloc((size_t)ng + 2, sizeof *n->pu0);
	if (!n->pu0)
		return GL_ENOMEM;
	n->nslot = 0;
	for (int j = n->nphase1; j < np; j++) {
		int32_t g = n->phase[j];
		int rest;
		slot[g] = -1;
		if (!pushed_or(n, isdoes, g, &rest))
			continue;
		slot[g] = ng + n->nslot++;
		alone[g] = rest == 0;
		for (int i = n->in0[g]; i < n->in0[g + 1]; i++)
			if (isdoes[n->in[i] >> 1] && !(n->in[i] & 1))
				n->pu0[(n->in[i] >> 1) + 1]++;
	}
	for (int g = 0; g < ng; g++)
		n->pu0[g + 1] += n->pu0[g];
	n->pu = gl_malloc(((size_t)n->pu0[ng] + 1) * sizeof *n->pu);
	if (!n->pu)
		return GL_ENOMEM;
	for (int j = n->nphase1; j < np; j++) { /* pu0[x] walks to pu0[x + 1] */
		int32_t g = n->phase[j];
		if (slot[g] < 0)
			continue;
		for (int i = n->in0[g]; i < n->in0[g + 1]; i++)
			if (isdoes[n->in[i] >> 1] && !(n->in[i] & 1))
				n->pu[n->pu0[n->in[i] >> 1]++] = slot[g];
	}
	for (int g = ng; g > 0; g--)
		n->pu0[g] = n->pu0[g - 1];
	n->pu0[0] = 0;
	return 0;
}

/* a[0..n) in ascending order: a few by insertion, more by qsort. */
static void sort_i32(int32_t *a, int n)
{
	if (n > 16) {
		qsort(a, (size_t)n, sizeof *a, cmp_i32);
		return;
	}
	for (int i = 1; i < n; i++) {
		int32_t x = a[i];
		int j = i;
		for (; j > 0 && a[j - 1] > x; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

/* The inputs gate g (~copy) reads in the batch's program, into in (the
 * word << 1 | negated, as the AND it is computed as: an OR's negated, the
 * NOT of the AND of their NOTs), those read plain first; returns how
 * many (-1: g is not in the program, the pushes fill it), with how many
 * are plain into *pos and whether it is an OR into *isor. A pushed OR
 * reads its slot in place of its does inputs (see push_build). */
static int prog_inputs(const progb *P, int32_t g, int32_t *in, int *pos,
	bool *isor)
{
	const gdl_net *n = P->n;
	int k = 0;
	*pos = 0;
	if (g < 0) {
		int32_t c = ~g, src = P->csrc.a[c], gu = P->cguard.a[c];
		*isor = src == REF_FALSE; /* no input: false */
		if (src >= 0)
			in[k++] = P->out[src] << 1;
		if (gu >= 0 && src != REF_FALSE)
			in[k++] = P->out[gu] << 1;
		*pos = k;
		return k;
	}
	bool ph = P->ph2[g], pushed = ph && P->slot[g] >= 0;
	*isor = n->off[g] >= 0;
	if (ph && P->alone[g])
		return -1;
	for (int neg = 0; neg < 2; neg++) {
		for (int i = n->in0[g]; i < n->in0[g + 1]; i++) {
			int32_t x = n->in[i] ^ *isor;
			if ((x & 1) == neg &&
			    (!pushed || !P->isdoes[n->in[i] >> 1] || (n->in[i] & 1)))
				in[k++] = P->out[x >> 1] << 1 | (x & 1);
		}
		if (pushed && neg) /* an OR's input, negated */
			in[k++] = P->slot[g] << 1 | 1;
		if (!neg)
			*pos = k;
	}
	sort_i32(in, *pos); /* in the words' order */
	sort_i32(in + *pos, k - *pos);
	return k;
}

/* The runs of consecutive words among the inputs in[0..k) of prog_inputs
 * (each side apart): how many, and how many are plain into *prun; 0
 * where there are too few inputs, or runs, to read them by runs. */
static int prog_runs(const int32_t *in, int k, int pos, int *prun)
{
	int runs = 0;
	*prun = 0;
	for (int i = 0; i < k; i++) {
		if (i == 0 || i == pos || in[i] >> 1 != (in[i - 1] >> 1) + 1)
			runs++;
		if (i + 1 == pos)
			*prun = runs;
	}
	return k >= 16 && runs * 4 <= k ? runs : 0;
}

/* Ref g (a gate or REF_*, ANDed with guard gu, -1: none) written to word
 * w of a region in phase ph: gate g itself where it may be (a gate of
 * the program that only this word and the program read), else a copy.
 * 0 or GL_ENOMEM. */
static int prog_region(progb *P, int32_t g, int32_t gu, int32_t w, int ph)
{
	const gdl_net *n = P->n;
	if (g >= 0 && gu < 0 && n->kind[g] == G_LOGIC && P->out[g] == g &&
	    !P->fixed[g] && P->ph2[g] <= ph && !P->alone[g] &&
	    n->hk0[g + 1] - n->hk0[g] == 1) {
		P->out[g] = w;
		return 0;
	}
	if (iv_push(&P->cdst, w) || iv_push(&P->csrc, g) ||
	    iv_push(&P->cguard, gu) || iv_push(&P->cph, ph))
		return GL_ENOMEM;
	return 0;
}

/* n's regions for the batch past its gates and slots (see gdl_net's
 * lreg). */
static void set_regions(gdl_net *n, const gdl_game *gd)
{
	int nm = gd->nmoves;
	n->lstride = 1;
	for (int r = 0; r < gd->nroles; r++) {
		int c = 0;
		for (int m = 0; m < nm; m++)
			c += n->legal_ref[r * nm + m] != REF_FALSE;
		if (c > n->lstride)
			n->lstride = c;
	}
	n->lreg = n->ngates + n->nslot;
	n->nreg = n->lreg + gd->nroles * n->lstride;
	n->nwords = n->nreg + gd->nbase;
}

/* The gates of n that play needs (the legal moves, their guards, the
 * next state, terminal, and what those read), as [ngates] flags
 * (gl_calloc'd; NULL without memory): the others serve only the goals. */
static uint8_t *play_gates(const gdl_net *n, const gdl_game *gd)
{
	uint8_t *m = gl_calloc((size_t)n->ngates + 1, 1);
	if (!m)
		return NULL;
	for (int k = 0; k < gd->nroles * gd->nmoves; k++)
		if (n->legal_ref[k] >= 0)
			m[n->legal_ref[k]] = 1;
	for (int r = 0; r < gd->nroles; r++)
		if (n->guard[r] >= 0)
			m[n->guard[r]] = 1;
	for (int i = 0; i < gd->nbase; i++)
		if (n->next_ref[i] >= 0)
			m[n->next_ref[i]] = 1;
	if (n->terminal >= 0)
		m[n->terminal] = 1;
	for (int g = n->ngates - 1; g >= 0; g--) /* inputs come first */
		for (int i = n->in0[g]; m[g] && i < n->in0[g + 1]; i++)
			m[n->in[i] >> 1] = 1;
	return m;
}

/* n's phases as the batch's program (n->prog; n without groups): per
 * phase, blocks of gates of one level, one count of inputs k, one kind
 * and one count of inputs read plain, pos, each block k << 1 | OR, its
 * count m, pos, then m gates: the word written, and the words of the k
 * inputs in order (an AND's: the pos first read plain, the others
 * negated; an OR is the NOT of the AND of its inputs' NOTs). A gate of
 * many inputs in few runs of consecutive words is read by runs: k is
 * the count of runs, pos is -1 - those of plain words, and each run is
 * its first word and its length. A phase-2 OR that reads
 * does inputs reads, in their place, its slot that the pushes fill (or
 * is left out where it reads nothing else: the pushes fill it); see
 * gdl_net's pu. Phase 1 writes the legal region and phase 2 the next
 * one (see gdl_net's lreg), also where no move is ever possible: the
 * playouts never run its phase 2 then, but gdl_batch_step reads the
 * next state of any state. With play, the gates that serve only the
 * goals are left out (the batch reads them from n->bgoal). 0 or
 * GL_ENOMEM. */
static int prog_build(gdl_net *n, const gdl_game *gd, bool play)
{
	int ng = n->ngates, np = n->nphase1 + n->nphase2, nm = gd->nmoves;
	int rc = GL_ENOMEM;
	progb P = {.n = n};
	uint8_t *keep = play ? play_gates(n, gd) : NULL;
	if (play && !keep)
		return GL_ENOMEM;
	P.isdoes = gl_calloc((size_t)ng + 1, 1);
	P.fixed = gl_calloc((size_t)ng + 1, 1);
	P.ph2 = gl_calloc((size_t)ng + 1, 1);
	P.alone = gl_calloc((size_t)ng + 1, 1);
	P.slot = gl_malloc(((size_t)ng + 1) * sizeof *P.slot);
	P.out = gl_malloc(((size_t)ng + 1) * sizeof *P.out);
	P.level = gl_calloc((size_t)ng + 1, sizeof *P.level);
	proggate *key = NULL;
	int32_t *in = NULL;
	if (!P.isdoes || !P.fixed || !P.ph2 || !P.alone || !P.slot || !P.out ||
	    !P.level)
		goto out;
	for (int k = 0; k < gd->nroles * nm; k++)
		if (n->does_ref[k] >= 0)
			P.isdoes[n->does_ref[k]] = 1;
	for (int i = 0; i < gd->ngoal; i++)
		if (n->goal_ref[i] >= 0)
			P.fixed[n->goal_ref[i]] = 1;
	if (n->terminal >= 0)
		P.fixed[n->terminal] = 1;
	for (int j = n->nphase1; j < np; j++)
		P.ph2[n->phase[j]] = 1;
	for (int g = 0; g < ng; g++)
		P.out[g] = g;
	if (push_build(n, P.isdoes, P.slot, P.alone))
		goto out;
	for (int g = 0; g < ng; g++)
		if (P.alone[g])
			P.out[g] = P.slot[g];
	for (int g = 0; g < ng; g++)
		for (int i = n->in0[g]; i < n->in0[g + 1]; i++)
			if (P.level[n->in[i] >> 1] + 1 > P.level[g])
				P.level[g] = P.level[n->in[i] >> 1] + 1;
	set_regions(n, gd);
	for (int r = 0; r < gd->nroles; r++)
		for (int m = 0, k = 0; m < nm; m++) {
			int32_t lr = n->legal_ref[r * nm + m];
			if (lr != REF_FALSE && prog_region(&P, lr,
			    n->guarded[r * nm + m] ? n->guard[r] : -1,
			    n->lreg + r * n->lstride + k++, 0))
				goto out;
		}
	for (int i = 0; i < gd->nbase; i++)
		if (prog_region(&P, n->next_ref[i], -1, n->nreg + i, 1))
			goto out;
	int nc = P.cdst.n;
	key = gl_malloc(((size_t)np + (size_t)nc + 1) * sizeof *key);
	size_t len = 1;
	for (int j = 0; j < np; j++)
		len += 4 + (size_t)(n->in0[n->phase[j] + 1] - n->in0[n->phase[j]]);
	len += 6 * (size_t)nc;
	in = gl_malloc(len * sizeof *in); /* every gate's inputs */
	n->prog = gl_malloc(len * sizeof *n->prog);
	if (!key || !in || !n->prog)
		goto out;
	int32_t q = 0;
	for (int ph = 0; ph < 2; ph++) {
		int j0 = ph ? n->nphase1 : 0, j1 = ph ? np : n->nphase1, nk = 0;
		if (ph)
			n->prog1 = q;
		int32_t at = 0;
		for (int j = j0; j < j1 + nc; j++) {
			int32_t g = j < j1 ? n->phase[j] : ~(j - j1), lv = 0;
			if (g < 0) { /* a copy, after what it reads */
				int32_t src = P.csrc.a[~g], gu = P.cguard.a[~g];
				if (P.cph.a[~g] != ph)
					continue;
				lv = 1 + (src >= 0 ? P.level[src] : 0);
				if (gu >= 0 && P.level[gu] + 1 > lv)
					lv = P.level[gu] + 1;
			} else if (keep && !keep[g]) {
				continue; /* it serves only the goals */
			} else {
				lv = P.level[g];
			}
			int pos, prun;
			bool isor;
			int k = prog_inputs(&P, g, in + at, &pos, &isor);
			int runs = k > 0 ? prog_runs(in + at, k, pos, &prun) : 0;
			if (runs)
				key[nk++] = (proggate){lv, runs << 1 | isor, -1 - prun, g,
					at, k, pos};
			else if (k >= 0)
				key[nk++] = (proggate){lv, k << 1 | isor, pos, g, at, k, pos};
			at += k > 0 ? k : 0;
		}
		if (nk > 1)
			qsort(key, (size_t)nk, sizeof *key, cmp_proggate);
		int32_t head = -1;
		for (int j = 0; j < nk; j++) {
			int32_t g = key[j].g;
			if (j == 0 || key[j].level != key[j - 1].level ||
			    key[j].k != key[j - 1].k || key[j].pos != key[j - 1].pos) {
				head = q;
				n->prog[q++] = key[j].k;
				n->prog[q++] = 0;
				n->prog[q++] = key[j].pos;
			}
			n->prog[head + 1]++;
			n->prog[q++] = g < 0 ? P.cdst.a[~g] : P.out[g];
			const int32_t *gi = in + key[j].at;
			int k = key[j].nin, pos = key[j].npl;
			if (key[j].pos >= 0) {
				for (int i = 0; i < k; i++)
					n->prog[q++] = gi[i] >> 1;
				continue;
			}
			for (int i = 0, i0 = 0; i < k; i++) /* by runs */
				if (i + 1 == k || i + 1 == pos ||
				    gi[i + 1] >> 1 != (gi[i] >> 1) + 1) {
					n->prog[q++] = gi[i0] >> 1;
					n->prog[q++] = i + 1 - i0;
					i0 = i + 1;
				}
		}
	}
	n->prog2 = q;
	rc = 0;
out:;
	void *held[] = {P.isdoes, P.fixed, P.ph2, P.alone, P.slot, P.out,
		P.level, P.cdst.a, P.csrc.a, P.cguard.a, P.cph.a, key, in, keep};
	for (size_t i = 0; i < sizeof held / sizeof *held; i++)
		gl_free(held[i]);
	return rc;
}

/* Fanout, group and hook lists (counting sort by source), the gates'
 * flags, their values with every input false, and the batch's phases. */
static int link_net(gdl_net *n, const gdl_game *gd)
{
	int ng = n->ngates, nm = gd->nmoves;
	size_t sz = ((size_t)ng + 1) * sizeof(int32_t);
	int32_t *cf = gl_calloc((size_t)ng + 1, sizeof *cf);
	int32_t *cg = gl_calloc((size_t)ng + 1, sizeof *cg);
	int32_t *ch = gl_calloc((size_t)ng + 1, sizeof *ch);
	int32_t *mark = gl_malloc(sz);
	int32_t *group_gate = gl_malloc(((size_t)n->ngroups + 1) *
		sizeof *group_gate);
	uint8_t *dep = gl_calloc((size_t)ng + 1, 1);
	n->fo0 = gl_malloc(sz);
	n->fon = gl_malloc(sz);
	int32_t *cn = gl_calloc((size_t)ng + 1, sizeof *cn);
	n->gf0 = gl_malloc(sz);
	n->hk0 = gl_malloc(sz);
	n->flags = gl_calloc((size_t)ng + 1, 1);
	n->hk1 = gl_malloc(sz);
	n->hk2 = gl_malloc(sz);
	n->cnt0 = gl_malloc(sz);
	n->val0 = gl_calloc((size_t)ng + 1, 1);
	n->phase = gl_malloc(sz);
	size_t nrm = (size_t)gd->nroles * (size_t)nm + 1;
	n->lmap = gl_malloc(nrm * sizeof *n->lmap);
	n->lmoves = gl_malloc(nrm * sizeof *n->lmoves);
	int rc = GL_ENOMEM;
	if (!n->lmap || !n->lmoves)
		goto out;
	/* Each role's legal bits: its possible moves only, ascending. */
	n->lwords = 1;
	for (int r = 0; r < gd->nroles; r++) {
		int k = 0;
		for (int m = 0; m < nm; m++) {
			bool can = n->legal_ref[r * nm + m] != REF_FALSE;
			n->lmap[r * nm + m] = can ? k : -1;
			if (can)
				n->lmoves[r * nm + k++] = m;
		}
		if ((k + 63) / 64 > n->lwords)
			n->lwords = (k + 63) / 64;
	}
	if (!cf || !cn || !cg || !ch || !mark || !group_gate || !dep ||
	    !n->fo0 || !n->fon ||
	    !n->gf0 || !n->hk0 || !n->flags || !n->hk1 || !n->hk2 || !n->cnt0 ||
	    !n->val0 ||
	    !n->phase)
		goto out;
	for (int g = 0; g < ng; g++)
		if (n->kind[g] == G_GROUP)
			group_gate[n->off[g]] = g;
	/* Count, then fill: gate inputs; group literals (once per source and
	 * group); hooks, the legal and next propositions held in bitsets. */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			int32_t sf = 0, sg = 0, sh = 0;
			for (int g = 0; g < ng; g++) {
				n->fo0[g] = sf;
				n->fon[g] = sf + cn[g];
				n->gf0[g] = sg;
				n->hk0[g] = sh;
				sf += cf[g];
				sg += cg[g];
				sh += ch[g];
				cf[g] = n->fo0[g];
				cn[g] = n->fon[g];
				cg[g] = n->gf0[g];
				ch[g] = n->hk0[g];
			}
			n->fo0[ng] = sf;
			n->gf0[ng] = sg;
			n->hk0[ng] = sh;
			n->fo = gl_malloc(((size_t)sf + 1) * sizeof *n->fo);
			n->gf = gl_malloc(((size_t)sg + 1) * sizeof *n->gf);
			n->hk = gl_malloc(((size_t)sh + 1) * sizeof *n->hk);
			if (!n->fo || !n->gf || !n->hk)
				goto out;
		}
		for (int g = 0; g < ng; g++) {
			mark[g] = -1;
			for (int i = n->in0[g]; i < n->in0[g + 1]; i++) {
				int src = n->in[i] >> 1;
				bool neg = n->in[i] & 1;
				if (pass == 0) {
					cf[src]++;
					cn[src] += !neg;
				} else {
					n->fo[neg ? cn[src]++ : cf[src]++] = g;
				}
			}
		}
		for (int s = 0; s < n->ngroups; s++)
			for (int j = n->gm0[s]; j < n->gm0[s + 1]; j++)
				for (int i = n->gr0[n->mr0[j]]; i < n->gr0[n->mr0[j + 1]]; i++) {
					int32_t x = n->gl[i];
					int src = x >> 2;
					if ((x & 2) || mark[src] == s)
						continue;
					mark[src] = s;
					if (pass == 0)
						cg[src]++;
					else
						n->gf[cg[src]++] = group_gate[s];
				}
		for (int r = 0; r < gd->nroles; r++)
			for (int m = 0; m < nm; m++) {
				int32_t g = n->legal_ref[r * nm + m];
				if (g < 0)
					continue;
				if (pass == 0)
					ch[g]++;
				else
					n->hk[ch[g]++] = gd->words * 64 + r * n->lwords * 64 +
						n->lmap[r * nm + m] + (n->guarded[r * nm + m] ?
						gd->nroles * n->lwords * 64 : 0);
			}
		for (int i = 0; i < gd->nbase; i++) {
			int32_t g = n->next_ref[i];
			if (g < 0)
				continue;
			if (pass == 0)
				ch[g]++;
			else
				n->hk[ch[g]++] = i;
		}
	}
	/* Flags, and every gate's value with every input false, in order (a
	 * gate comes after its inputs; a group, after its inputs, sets its
	 * members). */
	for (int g = 0; g < ng; g++) {
		int nh = n->hk0[g + 1] - n->hk0[g];
		bool feeds = n->gf0[g] != n->gf0[g + 1];
		n->hk1[g] = nh >= 1 ? n->hk[n->hk0[g]] : -1;
		n->hk2[g] = nh >= 2 ? n->hk[n->hk0[g] + 1] : -1;
		n->flags[g] = (uint8_t)((n->kind[g] == G_GROUP ? NF_GROUP : 0) |
			(nh == 1 && !feeds ? NF_HOOK1 : 0) |
			(nh == 2 && !feeds ? NF_HOOK2 : 0) |
			(nh > 2 || feeds ? NF_SLOW : 0));
		if (n->kind[g] == G_INPUT || n->kind[g] == G_GROUP) {
			n->cnt0[g] = n->val0[g] = 0;
			if (n->kind[g] == G_GROUP) {
				group_fix(n, n->off[g], n->cnt0);
				int s = n->off[g];
				for (int j = n->gm0[s]; j < n->gm0[s + 1]; j++)
					n->val0[n->gm[j]] = n->cnt0[n->gm[j]] > 0;
			}
		} else if (n->kind[g] == G_LOGIC) {
			int32_t c = n->off[g];
			for (int i = n->in0[g]; i < n->in0[g + 1]; i++)
				c += n->val0[n->in[i] >> 1] != (n->in[i] & 1);
			n->cnt0[g] = (gdl_cnt)c;
			n->val0[g] = c > 0;
		}
	}
	n->dwords = (ng + 63) / 64 + 1;
	/* Phases: 1 true, 2 does, by inputs (a group by its literals). */
	for (int g = 0; g < ng; g++) {
		uint8_t d = 0;
		if (n->kind[g] == G_INPUT)
			d = g < gd->nbase ? 1 : 2;
		else if (n->kind[g] == G_GROUP) {
			int s = n->off[g];
			for (int j = n->gm0[s]; j < n->gm0[s + 1]; j++)
				for (int i = n->gr0[n->mr0[j]]; i < n->gr0[n->mr0[j + 1]]; i++)
					if (!(n->gl[i] & 2))
						d |= dep[n->gl[i] >> 2];
			for (int j = n->gm0[s]; j < n->gm0[s + 1]; j++)
				dep[n->gm[j]] = d;
		} else if (n->kind[g] == G_LOGIC) {
			for (int i = n->in0[g]; i < n->in0[g + 1]; i++)
				d |= dep[n->in[i] >> 1];
		} else {
			continue; /* a member: set with its group */
		}
		dep[g] = d;
	}
	int k = 0;
	for (int pass = 1; pass <= 2; pass++) {
		for (int g = 0; g < ng; g++)
			if ((n->kind[g] == G_LOGIC || n->kind[g] == G_GROUP) &&
			    (pass == 2) == ((dep[g] & 2) != 0))
				n->phase[k++] = g;
		if (pass == 1)
			n->nphase1 = k;
	}
	n->nphase2 = k - n->nphase1;
	/* The phases as one program for the batch (see gdl_net's prog): the
	 * gates of a phase by level (a gate's is one more than its inputs'
	 * highest), those of a level by their count of inputs, so that each
	 * block runs one loop of one shape. */
	if (n->ngroups)
		set_regions(n, gd); /* the batch copies them in */
	else if (prog_build(n, gd, false))
		goto out;
	rc = 0;
out:
	gl_free(cf);
	gl_free(cn);
	gl_free(cg);
	gl_free(ch);
	gl_free(mark);
	gl_free(group_gate);
	gl_free(dep);
	return rc;
}

/* Free what the builder holds (vectors already taken are NULL). */
static void builder_done(builder *B)
{
	ivec *v[] = {&B->kind, &B->off, &B->atom, &B->in0, &B->in, &B->gm0,
		&B->gm, &B->mr0, &B->gr0, &B->gl, &B->lits, &B->ar, &B->ro, &B->rn,
		&B->tmp};
	for (size_t i = 0; i < sizeof v / sizeof *v; i++)
		gl_free(take(v[i]));
	gl_free(B->ref);
	gl_free(B->cse);
	B->ref = B->cse = NULL;
}

static int net_tune(gdl_game *gd);
static gdl_net *net_refold(const gdl_game *gd, gdl_net *n);
enum { KEEP_PLAY = 1, KEEP_GOAL = 2, KEEP_ALL = 3 }; /* net_fold's outputs */
static gdl_net *net_fold(const gdl_game *gd, const gdl_net *n,
	const int8_t *fix, const uint8_t *dead, bool compl, int keep,
	const uint8_t *guardable);

int gdl_net_build(gdl_game *gd, long max_gates, gl_err *err)
{
	const gdl_gterms *gt = &gd->gt;
	builder B = {.gd = gd};
	gdl_net *n = gl_calloc(1, sizeof *n);
	B.ref = gl_malloc(((size_t)gd->natoms + 1) * sizeof *B.ref);
	size_t rm = (size_t)gd->nroles * (size_t)gd->nmoves + 1;
	if (!n || !B.ref)
		goto oom;
	n->base_gate = gl_malloc(((size_t)gd->nbase + 1) * sizeof *n->base_gate);
	n->next_ref = gl_malloc(((size_t)gd->nbase + 1) * sizeof *n->next_ref);
	n->does_ref = gl_malloc(rm * sizeof *n->does_ref);
	n->legal_ref = gl_malloc(rm * sizeof *n->legal_ref);
	n->goal_ref = gl_malloc(((size_t)gd->ngoal + 1) * sizeof *n->goal_ref);
	n->guarded = gl_calloc(rm, 1);
	if (!n->base_gate || !n->next_ref || !n->does_ref || !n->legal_ref ||
	    !n->goal_ref || !n->guarded)
		goto oom;
	for (int r = 0; r < GDL_ROLES_MAX; r++)
		n->guard[r] = -1;
	/* Static atoms are constants; true and does atoms are inputs. */
	for (int a = 0; a < gd->natoms; a++) {
		int32_t fn = gt->fn[gd->atom_term[a]];
		B.ref[a] = fn == K_TRUE || fn == K_DOES || !gd->static_val[a] ?
			REF_FALSE : REF_TRUE;
	}
	if (iv_push(&B.in0, 0) || iv_push(&B.gm0, 0) || iv_push(&B.gr0, 0))
		goto oom;
	/* the base inputs are gates 0..nbase-1, made first: batch.c's
	 * load_lanes and next-state copy rely on it */
	for (int i = 0; i < gd->nbase; i++) {
		B.cur = gd->base_atom[i];
		B.ref[gd->base_atom[i]] = n->base_gate[i] =
			new_gate(&B, G_INPUT, 0, NULL, 0);
	}
	for (size_t k = 0; k + 1 < rm; k++) {
		int32_t a = gd->does_atom[k];
		B.cur = a;
		if (a >= 0)
			B.ref[a] = new_gate(&B, G_INPUT, 0, NULL, 0);
	}
	B.cur = -1;
	for (int r = 0; r < gd->nroles; r++)
		n->other[r] = new_gate(&B, G_INPUT, 0, NULL, 0);
	if (B.err)
		goto oom;
	for (int i = 0; i < gd->nnodes && !B.err;) {
		int k = gd->node_scc[i];
		if (k > 0) {
			build_group(&B, gd->node_atom + i, k);
			i += k;
		} else {
			build_atom(&B, gd->node_atom[i]);
			i++;
		}
	}
	if (B.err)
		goto oom;
	/* The mr0 list ends after the last member. */
	if (iv_push(&B.mr0, B.gr0.n - 1))
		goto oom;
	for (int i = 0; i < gd->nbase; i++)
		n->next_ref[i] = gd->base_next[i] >= 0 ? B.ref[gd->base_next[i]] :
			REF_FALSE;
	for (size_t k = 0; k + 1 < rm; k++) {
		n->does_ref[k] = gd->does_atom[k] >= 0 ? B.ref[gd->does_atom[k]] :
			REF_FALSE;
		n->legal_ref[k] = gd->legal_atom[k] >= 0 ? B.ref[gd->legal_atom[k]] :
			REF_FALSE;
	}
	for (int i = 0; i < gd->ngoal; i++)
		n->goal_ref[i] = B.ref[gd->goal_atom[i]];
	n->terminal = gd->terminal_atom >= 0 ? B.ref[gd->terminal_atom] : REF_FALSE;
	n->ngates = B.kind.n;
	n->ngroups = B.gm0.n - 1;
	if (n->ngates >= (1 << 29) || (max_gates > 0 && n->ngates > max_gates)) {
		int ng = n->ngates;
		gdl_net_free(n);
		builder_done(&B);
		return gl_fail(err, GL_ERANGE, "%s: network too big (%d gates)",
			gd->prog.name, ng);
	}
	n->kind = gl_malloc((size_t)n->ngates + 1);
	if (!n->kind)
		goto oom;
	for (int g = 0; g < n->ngates; g++)
		n->kind[g] = (uint8_t)B.kind.a[g];
	n->off = take(&B.off);
	n->atom = take(&B.atom);
	n->in0 = take(&B.in0);
	n->in = take(&B.in);
	n->gm0 = take(&B.gm0);
	n->gm = take(&B.gm);
	n->mr0 = take(&B.mr0);
	n->gr0 = take(&B.gr0);
	n->gl = take(&B.gl);
	if (!n->in && !(n->in = gl_malloc(sizeof *n->in)))
		goto oom;
	if (!n->gm && !(n->gm = gl_malloc(sizeof *n->gm)))
		goto oom;
	if (!n->gl && !(n->gl = gl_malloc(sizeof *n->gl)))
		goto oom;
	if (link_net(n, gd))
		goto oom;
	builder_done(&B);
	if (n->ngroups == 0 && !(n = net_refold(gd, n)))
		return gl_fail(err, GL_ENOMEM, "%s: out of memory while compiling "
			"the network", gd->prog.name);
	gd->net = n;
	if (net_tune(gd)) { /* which may have put another network there */
		gdl_net_free(gd->net);
		gd->net = NULL;
		return gl_fail(err, GL_ENOMEM, "%s: out of memory while compiling "
			"the network", gd->prog.name);
	}
	return 0;
oom:
	builder_done(&B);
	gdl_net_free(n);
	return gl_fail(err, GL_ENOMEM, "%s: out of memory while compiling the "
		"network", gd->prog.name);
}

int gdl_ngates(const gdl_game *gd)
{
	return gd->net ? gd->net->ngates : 0;
}

/* --- Evaluation ------------------------------------------------------------ */

/* The costs of a visit of sweep and of a walk pushed by flow, in fanout
 * edges (the unit of the work count that chooses between them). */
enum { SWEEP_VISIT = 4, FLOW_PUSH = 2 };

static inline void mark_dirty(netev *s, int32_t g)
{
	s->dirty[g >> 6] |= 1ull << (g & 63);
	s->sum[g >> 12] |= 1ull << (g >> 6 & 63);
	if ((g >> 12) < s->lo)
		s->lo = g >> 12;
}

/* A gate's value, once propagation is done: its counter is positive (a
 * group member's counter is its value). */
static inline bool ref_val(const netev *s, int32_t x)
{
	return x >= 0 ? s->cnt[x] > 0 : x == REF_TRUE;
}

/* What a flip of gate g does besides its counting fanout (the gates
 * with several hooks, or feeding groups): the groups it feeds queued,
 * the legal and next bits it holds toggled. */
static void flip_extra(netev *s, int32_t g)
{
	const gdl_net *n = s->n;
	for (int i = n->gf0[g]; i < n->gf0[g + 1]; i++)
		mark_dirty(s, n->gf[i]);
	for (int i = n->hk0[g]; i < n->hk0[g + 1]; i++)
		s->bits[n->hk[i] / 64] ^= 1ull << (n->hk[i] % 64);
}

/* A flip of gate g with flags f: its hooks. */
static inline void hook(netev *s, int32_t g, uint8_t f)
{
	if (f & (NF_HOOK1 | NF_HOOK2)) {
		int32_t h = s->n->hk1[g];
		s->bits[h >> 6] ^= 1ull << (h & 63);
		if (f & NF_HOOK2) {
			h = s->n->hk2[g];
			s->bits[h >> 6] ^= 1ull << (h & 63);
		}
	} else if (f & NF_SLOW) {
		flip_extra(s, g);
	}
}

/* Gates root[0..nroot) have just flipped (each g << 1 | the value it
 * flipped to: inputs set, a group member changed), one after the other:
 * every counter downstream updated at once, depth first, as in the
 * forward propagation of Schkufza, Love and Genesereth. An update flips
 * its gate only when the counter crosses the threshold (most do not);
 * a flipped gate's fanout is walked before the rest of its parent's
 * (an explicit stack of the walks under way), so that every gate's
 * changes reach its fanout, its hooks and its groups in the order they
 * happen and the values they end at are right, whatever glitches there
 * were on the way. The stack holds a path of the network: ngates frames
 * at most. A root's walk ends before the next one's begins, so that the
 * roots flow as one call each would, the loop's state kept in registers
 * across them. With count, the work is added to s->work. */
static inline __attribute__((always_inline)) void flow_in(netev *s,
	const int32_t *root, int nroot, bool count)
{
	const gdl_net *n = s->n;
	const int32_t *fo0 = n->fo0, *fon = n->fon, *fo = n->fo;
	const int32_t *hk1 = n->hk1, *hk2 = n->hk2;
	const uint8_t *flags = n->flags;
	gdl_cnt *cnt = s->cnt;
	uint64_t *bits = s->bits;
	netframe *st = s->stack;
	int sp = 0, r = 0;
	const int32_t *p = fo, *mid = fo, *end = fo;
	int32_t v = 0;
	uint64_t work = 0;
	for (;;) {
		/* the plain edges count v's way, the negated ones the other */
		int d = v * 2 - 1, nv = v ^ 1, up;
		uint32_t t;
		while (p < mid) {
			t = (uint32_t)*p++;
			int c = cnt[t] + d;
			cnt[t] = (gdl_cnt)c;
			if (c == v) {
				up = v;
				goto flipped;
			}
		}
		while (p < end) {
			t = (uint32_t)*p++;
			int c = cnt[t] - d;
			cnt[t] = (gdl_cnt)c;
			if (c == nv) {
				up = nv;
				goto flipped;
			}
		}
		if (sp == 0) {
			if (r == nroot)
				break;
			int32_t g = root[r] >> 1;
			v = root[r++] & 1;
			hook(s, g, flags[g]);
			p = fo + fo0[g];
			mid = fo + fon[g];
			end = fo + fo0[g + 1];
			if (count)
				work += (uint64_t)(end - p);
			continue;
		}
		sp--;
		p = st[sp].p;
		mid = st[sp].mid;
		end = st[sp].end;
		v = st[sp].v;
		continue;
flipped:;
		/* hook's work, with the arrays in registers (the compiler
		 * cannot tell that the bits toggled alias none of them) */
		uint8_t f = flags[t];
		if (f & (NF_HOOK1 | NF_HOOK2)) {
			int32_t h = hk1[t];
			bits[h >> 6] ^= 1ull << (h & 63);
			if (f & NF_HOOK2) {
				h = hk2[t];
				bits[h >> 6] ^= 1ull << (h & 63);
			}
		} else if (f & NF_SLOW) {
			flip_extra(s, (int32_t)t);
		}
		int32_t t0 = fo0[t], t1 = fo0[t + 1];
		if (t0 == t1)
			continue;
		if (count)
			work += (uint64_t)(t1 - t0) + FLOW_PUSH;
		st[sp].p = p;
		st[sp].mid = mid;
		st[sp].end = end;
		st[sp++].v = v;
		p = fo + t0;
		mid = fo + fon[t];
		end = fo + t1;
		v = up;
	}
	if (count)
		s->work += work;
}

/* flow_in, its work counted only where net_tune's sample asks for it (a
 * playout does not pay for the count). */
static void flow_roots(netev *s, const int32_t *root, int nroot)
{
	if (s->count)
		flow_in(s, root, nroot, true);
	else
		flow_in(s, root, nroot, false);
}

/* Gate g has just flipped to v: flow_roots of that one. */
static void flow(netev *s, int32_t g, int32_t v)
{
	int32_t root = g << 1 | v;
	flow_roots(s, &root, 1);
}

/* The groups queued (by flow), in increasing order: each to its least
 * fixpoint from its inputs (all settled: they come before it, and so do
 * the groups they depend on), the members that changed flowing on. */
static void settle(netev *s)
{
	const gdl_net *n = s->n;
	uint64_t *dirty = s->dirty, *sum = s->sum;
	int nsum = (n->dwords + 63) / 64;
	for (int k = s->lo; k < nsum; k++) {
		while (sum[k]) {
			int w = k * 64 + __builtin_ctzll(sum[k]);
			while (dirty[w]) {
				int32_t g = w * 64 + __builtin_ctzll(dirty[w]);
				dirty[w] &= dirty[w] - 1;
				int gs = n->off[g];
				group_fix(n, gs, s->cnt);
				for (int j = n->gm0[gs]; j < n->gm0[gs + 1]; j++) {
					int32_t m = n->gm[j];
					uint8_t v = s->cnt[m] > 0;
					if (v != s->sent[m]) {
						s->sent[m] = v;
						flow(s, m, v);
					}
				}
			}
			sum[k] &= ~(1ull << (w & 63));
		}
	}
	s->lo = INT_MAX;
}

/* The other way, for networks where flow's glitches cost more than it
 * saves (many inputs change at once, deep cones meet): the queued gates
 * (every input set, every counter that crossed its threshold) visited in
 * increasing order, each once, after all its inputs have settled. */
static void sweep(netev *s)
{
	const gdl_net *n = s->n;
	const int32_t *fo0 = n->fo0, *fo = n->fo;
	const uint8_t *flags = n->flags;
	gdl_cnt *cnt = s->cnt;
	uint8_t *sent = s->sent;
	uint64_t *dirty = s->dirty, *sum = s->sum, work = 0;
	int nsum = (n->dwords + 63) / 64;
	for (int k = s->lo; k < nsum; k++) {
		while (sum[k]) {
			int w = k * 64 + __builtin_ctzll(sum[k]);
			while (dirty[w]) {
				int32_t g = w * 64 + __builtin_ctzll(dirty[w]);
				dirty[w] &= dirty[w] - 1;
				uint8_t f = flags[g];
				if (f & NF_GROUP) {
					int gs = n->off[g];
					group_fix(n, gs, cnt);
					for (int j = n->gm0[gs]; j < n->gm0[gs + 1]; j++)
						if ((cnt[n->gm[j]] > 0) != sent[n->gm[j]])
							mark_dirty(s, n->gm[j]);
					continue;
				}
				uint8_t v = cnt[g] > 0;
				if (v == sent[g])
					continue;
				sent[g] = v;
				work += (uint64_t)(fo0[g + 1] - fo0[g]) + SWEEP_VISIT;
				for (int32_t i = fo0[g], mid = n->fon[g], end = fo0[g + 1];
				     i < end; i++) {
					int32_t t = fo[i], up = v ^ (i >= mid);
					if ((cnt[t] += up * 2 - 1) == up) {
						dirty[t >> 6] |= 1ull << (t & 63);
						sum[t >> 12] |= 1ull << (t >> 6 & 63);
					}
				}
				hook(s, g, f);
			}
			sum[k] &= ~(1ull << (w & 63));
		}
	}
	s->lo = INT_MAX;
	s->work += work;
}

/* Input g set to v; flow's inputs go on s->roots, to flow at once when
 * all are set (finish): an input's counter is its value, which no
 * propagation changes, so this is flow input by input. */
static inline void set_input(netev *s, int32_t g, bool v)
{
	if ((s->cnt[g] > 0) == v)
		return;
	s->cnt[g] = v;
	if (s->n->sweep)
		mark_dirty(s, g);
	else
		s->roots[s->nroots++] = g << 1 | v;
}

/* Propagation finished: the inputs set flowed, then the groups flow
 * queued; or the sweep. */
static inline void finish(netev *s)
{
	if (s->nroots) {
		flow_roots(s, s->roots, s->nroots);
		s->nroots = 0;
	}
	if (s->lo == INT_MAX)
		return;
	if (s->n->sweep)
		sweep(s);
	else
		settle(s);
}

static void sub_done(netev *s)
{
	gl_free(s->cnt);
	gl_free(s->sent);
	gl_free(s->dirty);
	gl_free(s->sum);
	gl_free(s->bits);
	gl_free(s->state);
	gl_free(s->stack);
	gl_free(s->roots);
}

/* An evaluator of network n at the state with no proposition true. */
static int sub_init(netev *s, const gdl_game *gd, const gdl_net *n)
{
	size_t ng = (size_t)n->ngates + 1, w = (size_t)gd->words + 1;
	memset(s, 0, sizeof *s);
	s->n = n;
	s->cnt = gl_malloc(ng * sizeof *s->cnt);
	s->sent = gl_malloc(ng);
	s->dirty = gl_calloc((size_t)n->dwords, sizeof *s->dirty);
	s->sum = gl_calloc((size_t)n->dwords / 64 + 1, sizeof *s->sum);
	s->bits = gl_calloc(w + 2 * (size_t)gd->nroles * (size_t)n->lwords,
		sizeof *s->bits);
	s->state = gl_calloc(w, sizeof *s->state);

	s->stack = gl_malloc(ng * sizeof *s->stack);
	s->roots = gl_malloc(((size_t)gd->nbase + 2 * (size_t)gd->nroles + 1) *
		sizeof *s->roots);
	if (!s->cnt || !s->sent || !s->dirty || !s->sum || !s->bits ||
	    !s->state || !s->stack || !s->roots) {
		sub_done(s);
		return GL_ENOMEM;
	}
	s->next = s->bits;
	s->legal = s->bits + gd->words;
	memcpy(s->cnt, n->cnt0, ng * sizeof *s->cnt);
	memcpy(s->sent, n->val0, ng);
	s->lo = INT_MAX;
	int nm = gd->nmoves;
	for (int r = 0; r < gd->nroles; r++) {
		s->joint[r] = -1;
		for (int m = 0; m < nm; m++)
			if (ref_val(s, n->legal_ref[r * nm + m])) {
				int b = r * n->lwords * 64 + n->lmap[r * nm + m] +
					(n->guarded[r * nm + m] ? gd->nroles * n->lwords * 64 : 0);
				s->legal[b / 64] |= 1ull << (b % 64);
			}
	}
	for (int i = 0; i < gd->nbase; i++)
		if (ref_val(s, n->next_ref[i]))
			s->next[i / 64] |= 1ull << (i % 64);
	for (int r = 0; r < gd->nroles; r++)
		set_input(s, n->other[r], true); /* no move yet */
	finish(s);
	return 0;
}

static void net_unmake(net_eval *e);

static net_eval *net_make(const gdl_game *gd)
{
	const gdl_net *n = gd->net;
	net_eval *e = gl_calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->play = gl_calloc((size_t)gd->words + 1, sizeof *e->play);
	if (!e->play) {
		gl_free(e);
		return NULL;
	}
	e->n = n;
	int nvar = n->inc_var ? n->nvar : 0;
	e->subs = gl_calloc((size_t)nvar + 1, sizeof *e->subs);
	if (!e->subs) {
		net_unmake(e);
		return NULL;
	}
	for (int v = 0; v <= nvar; v++) {
		if (sub_init(&e->subs[v], gd, v ? n->var[v] : n)) {
			net_unmake(e);
			return NULL;
		}
		e->nsub++;
	}
	if (n->goal && sub_init(&e->goal, gd, n->goal)) {
		net_unmake(e);
		return NULL;
	}
	e->cur = e->subs;
	return e;
}

static void net_unmake(net_eval *e)
{
	if (!e)
		return;
	for (int v = 0; v < e->nsub; v++)
		sub_done(&e->subs[v]);
	sub_done(&e->goal);
	gl_free(e->subs);
	gl_free(e->play);
	gl_free(e);
}

static void sub_state(const gdl_game *gd, netev *s, const uint64_t *state)
{
	const gdl_net *n = s->n;
	for (int w = 0; w < gd->words; w++) {
		uint64_t d = s->state[w] ^ state[w];
		if (!d)
			continue;
		s->state[w] = state[w];
		for (; d; d &= d - 1) {
			int i = w * 64 + __builtin_ctzll(d);
			set_input(s, n->base_gate[i], state[w] >> (i % 64) & 1);
		}
	}
	finish(s);
}

/* The variant whose split bits state has (0: the network itself). */
static inline int variant_of(const gdl_net *n, const uint64_t *state)
{
	int key = 0;
	if (!n->inc_var)
		return 0;
	for (int j = 0; j < n->nsplit; j++)
		key |= (int)(state[n->split[j] / 64] >> (n->split[j] % 64) & 1) << j;
	return n->var_of[key];
}

static void net_state(const gdl_game *gd, net_eval *e, const uint64_t *state)
{
	e->cur = &e->subs[variant_of(e->n, state)];
	sub_state(gd, e->cur, state);
}

static bool net_terminal(const net_eval *e)
{
	return ref_val(e->cur, e->cur->n->terminal);
}

/* Role's legal moves in s: its plain ones (*plain), and its guarded ones
 * while its guard is true (*guarded, else NULL). */
static inline void legal_words(const gdl_game *gd, const netev *s, int role,
	const uint64_t **plain, const uint64_t **guarded)
{
	const gdl_net *n = s->n;
	size_t i = (size_t)role * (size_t)n->lwords;
	int32_t c = n->guard[role];
	*plain = s->legal + i;
	*guarded = c >= 0 && s->cnt[c] > 0 ?
		s->legal + (size_t)gd->nroles * (size_t)n->lwords + i : NULL;
}

/* The legal moves of role, ascending, into moves (NULL: only counted);
 * returns the count. */
static int legal_list(const gdl_game *gd, const net_eval *e, int role,
	int *moves)
{
	const gdl_net *n = e->cur->n;
	const int32_t *lm = n->lmoves + (size_t)role * (size_t)gd->nmoves;
	const uint64_t *p, *q;
	legal_words(gd, e->cur, role, &p, &q);
	int k = 0;
	for (int w = 0; w < n->lwords; w++) {
		uint64_t x = p[w] | (q ? q[w] : 0);
		if (!moves)
			k += __builtin_popcountll(x);
		for (; moves && x; x &= x - 1)
			moves[k++] = lm[w * 64 + __builtin_ctzll(x)];
	}
	return k;
}

static int net_legal_nth(const gdl_game *gd, const net_eval *e, int role,
	int k)
{
	const gdl_net *n = e->cur->n;
	const uint64_t *p, *q;
	legal_words(gd, e->cur, role, &p, &q);
	for (int w = 0; w < n->lwords; w++) {
		uint64_t x = p[w] | (q ? q[w] : 0);
		int c = __builtin_popcountll(x);
		if (k >= c) {
			k -= c;
			continue;
		}
		while (k--)
			x &= x - 1;
		return n->lmoves[(size_t)role * (size_t)gd->nmoves + (size_t)w * 64 +
			(size_t)__builtin_ctzll(x)];
	}
	return -1;
}

/* The state's goal evaluator: the goals' own network (n->goal) brought
 * to the state on demand, or the evaluator of the state. */
static const netev *goal_ev(const gdl_game *gd, net_eval *e)
{
	if (!e->n->goal)
		return e->cur;
	sub_state(gd, &e->goal, e->cur->state);
	return &e->goal;
}

/* Whether goal atom i (of gd->goal_atom) holds in the state. */
static bool net_goal_on(const gdl_game *gd, net_eval *e, int i)
{
	const netev *s = goal_ev(gd, e);
	return ref_val(s, s->n->goal_ref[i]);
}

static int net_goal(const gdl_game *gd, net_eval *e, int role)
{
	const netev *s = goal_ev(gd, e);
	int v = -1;
	for (int i = 0; i < gd->ngoal; i++)
		if (gd->goal_role[i] == role && gd->goal_value[i] > v &&
		    ref_val(s, s->n->goal_ref[i]))
			v = gd->goal_value[i];
	return v < 0 ? 0 : v;
}

/* The input of role r that move m sets: its does gate, or the role's
 * other input (a move without a does gate, or none: m < 0). */
static inline int32_t move_input(const gdl_game *gd, const gdl_net *n, int r,
	int m)
{
	int32_t g = m >= 0 && m < gd->nmoves ? n->does_ref[r * gd->nmoves + m] : -1;
	return g >= 0 ? g : n->other[r];
}

/* The does propositions of joint (one move per role; -1 or out of range:
 * none) set in s: the new ones first, so that an OR over a role's moves
 * (a frame axiom's "any move but these") does not flip off and on. */
static void sub_joint(const gdl_game *gd, netev *s, const int *joint)
{
	const gdl_net *n = s->n;
	int old[GDL_ROLES_MAX];
	for (int r = 0; r < gd->nroles; r++) {
		old[r] = s->joint[r];
		s->joint[r] = joint[r];
		if (old[r] != joint[r])
			set_input(s, move_input(gd, n, r, joint[r]), true);
	}
	for (int r = 0; r < gd->nroles; r++)
		if (old[r] != joint[r] && move_input(gd, n, r, old[r]) !=
		    move_input(gd, n, r, joint[r]))
			set_input(s, move_input(gd, n, r, old[r]), false);
	finish(s);
}

static void net_next(const gdl_game *gd, net_eval *e, const int *joint,
	uint64_t *out)
{
	sub_joint(gd, e->cur, joint);
	memcpy(out, e->cur->next, (size_t)gd->words * sizeof *out);
}


/* --- Variants --------------------------------------------------------------- */

/* A literal of the network being folded for a literal of the gate
 * graph: a gate of it (g << 1 | negated) or REF_TRUE / REF_FALSE. A
 * negated literal is made a gate of its own (a NOT) where a gate is
 * needed. */
static int32_t fold_ref(builder *B, int32_t l)
{
	if (l < 0 || !(l & 1))
		return l < 0 ? l : l >> 1;
	return logic_gate(B, 0, &l, 1);
}

/* What net_fold knows of the does inputs: the role of each (-1: not
 * one), and each role's does gates (ascending) with its other input. */
typedef struct doesinfo {
	int8_t *role;                /* [n] by gate (the inputs keep theirs) */
	int n;
	int32_t *lits;               /* every role's list, role after role */
	int off[GDL_ROLES_MAX + 1];  /* role r's list: lits[off[r], off[r + 1]) */
} doesinfo;

/* The role whose does input literal l is (negated when neg), or -1. */
static inline int does_of(const doesinfo *di, int32_t l, bool neg)
{
	return (l & 1) == neg && (l >> 1) < di->n ? di->role[l >> 1] : -1;
}

/* Exactly one of a role's does inputs and its other input is true (the
 * move it makes, or other: a move without a does gate, or none): so the
 * OR of many of them is the NOT of the OR of the rest, and an AND of many
 * negated ones is the OR of the rest. A frame axiom's "some move other
 * than those touching this cell" reads a role's few moves, not its many.
 * The sorted literals a[0..k) of an OR (and: of an AND) rewritten so;
 * returns the new k (a sorted again by the caller). */
static int complement(builder *B, const gdl_net *n, const doesinfo *di,
	int32_t *a, int k, bool isand)
{
	for (int r = 0; di && r < GDL_ROLES_MAX; r++) {
		int nd = di->off[r + 1] - di->off[r], c = 0;
		if (nd == 0)
			continue;
		for (int i = 0; i < k; i++)
			c += does_of(di, a[i], isand) == r;
		if (c <= nd - c + 2)
			continue;
		/* the rest: role r's does gates not read, and its other input */
		int t0 = B->tmp.n, j = 0;
		const int32_t *d = di->lits + di->off[r];
		for (int i = 0; i < nd && !B->err; i++) {
			while (j < k && (a[j] >> 1) < (d[i] >> 1))
				j++;
			if (j < k && (a[j] >> 1) == (d[i] >> 1) && (a[j] & 1) == isand)
				continue;
			if (iv_push(&B->tmp, d[i]))
				B->err = GL_ENOMEM;
		}
		if (iv_push(&B->tmp, n->other[r] << 1))
			B->err = GL_ENOMEM;
		if (B->err)
			return k;
		int m = B->tmp.n - t0;
		int32_t rest = m == 1 ? B->tmp.a[t0] : logic_gate(B, 0, B->tmp.a + t0, m);
		B->tmp.n = t0;
		if (B->err)
			return k;
		if (m > 1)
			rest <<= 1;
		int q = 0;
		for (int i = 0; i < k; i++)
			if (does_of(di, a[i], isand) != r)
				a[q++] = a[i];
		a[q++] = isand ? rest : rest ^ 1;
		k = q;
	}
	return k;
}

/* Gate g of n folded over the literals lit of its inputs: a constant
 * (REF_*), one input's literal, or a gate made (CSE'd) in B. */
static int32_t fold_gate(builder *B, const gdl_net *n, const doesinfo *di,
	const int32_t *lit, int32_t g)
{
	bool isand = n->off[g] < 0;
	B->lits.n = 0;
	for (int i = n->in0[g]; i < n->in0[g + 1]; i++) {
		int32_t x = n->in[i], m = lit[x >> 1];
		if (m < 0) {
			bool v = (m == REF_TRUE) != (x & 1);
			if (v != isand) /* false in an AND, true in an OR */
				return v ? REF_TRUE : REF_FALSE;
			continue;
		}
		if (iv_push(&B->lits, m ^ (x & 1))) {
			B->err = GL_ENOMEM;
			return REF_FALSE;
		}
	}
	int32_t *a = B->lits.a;
	int k = B->lits.n;
	for (int pass = 0; pass < 2; pass++) {
		if (k > 1)
			qsort(a, (size_t)k, sizeof *a, cmp_i32);
		int q = 0;
		for (int i = 0; i < k; i++) {
			if (q > 0 && a[q - 1] == a[i])
				continue;
			if (q > 0 && a[q - 1] == (a[i] ^ 1)) /* x and not x */
				return isand ? REF_FALSE : REF_TRUE;
			a[q++] = a[i];
		}
		k = q;
		if (pass == 0) {
			int k0 = k;
			k = di ? complement(B, n, di, a, k, isand) : k;
			if (k == k0 || B->err)
				break;
		}
	}
	if (k == 0)
		return isand ? REF_TRUE : REF_FALSE;
	if (k == 1)
		return a[0];
	int32_t ng = logic_gate(B, isand ? 1 - k : 0, a, k);
	return ng < 0 ? REF_FALSE : ng << 1;
}

/* The guards of v (being folded from n, whose gate g is now lit[g]; its
 * legal refs made): n's kept, or resolved where fixed (a true guard's
 * moves plain, a false one's never legal); with guardable, a new guard
 * for each role without one: the guardable base input that the most of
 * its legal moves' ANDs read (four or more), those moves' refs then the
 * AND of the rest. A turn-taking game's control is read once a step, not
 * once a move. 0 or GL_ENOMEM. */
static int fold_guards(builder *B, const gdl_game *gd, const gdl_net *n,
	gdl_net *v, const int32_t *lit, const uint8_t *guardable)
{
	int nm = gd->nmoves;
	int32_t *votes = guardable ? gl_calloc((size_t)gd->nbase + 1,
		sizeof *votes) : NULL;
	if (guardable && !votes)
		return GL_ENOMEM;
	for (int r = 0; r < gd->nroles; r++) {
		int32_t c = n->guard[r];
		v->guard[r] = -1;
		if (c >= 0 && lit[c] < 0) { /* fixed */
			for (int m = 0; m < nm; m++)
				if (n->guarded[r * nm + m] && lit[c] == REF_FALSE)
					v->legal_ref[r * nm + m] = REF_FALSE;
			continue;
		}
		if (c >= 0) {
			v->guard[r] = c;
			memcpy(v->guarded + r * nm, n->guarded + r * nm, (size_t)nm);
			continue;
		}
		if (!guardable)
			continue;
		/* the vote: which guardable base input the ANDs read most */
		int best = -1;
		for (int pass = 0; pass < 2; pass++)
			for (int m = 0; m < nm; m++) {
				int32_t g = v->legal_ref[r * nm + m];
				if (g < 0 || B->kind.a[g] != G_LOGIC || B->off.a[g] >= 0)
					continue;
				for (int i = B->in0.a[g]; i < B->in0.a[g + 1]; i++) {
					int32_t x = B->in.a[i];
					if (!(x & 1) && (x >> 1) < gd->nbase && guardable[x >> 1]) {
						if (pass == 0 && ++votes[x >> 1] >= 4 &&
						    (best < 0 || votes[x >> 1] > votes[best]))
							best = x >> 1;
						if (pass == 1)
							votes[x >> 1] = 0;
					}
				}
			}
		if (best < 0)
			continue;
		v->guard[r] = best;
		for (int m = 0; m < nm && !B->err; m++) {
			int32_t g = v->legal_ref[r * nm + m];
			if (g < 0 || B->kind.a[g] != G_LOGIC || B->off.a[g] >= 0)
				continue;
			B->lits.n = 0;
			bool has = false;
			for (int i = B->in0.a[g]; i < B->in0.a[g + 1]; i++) {
				if (B->in.a[i] == best << 1)
					has = true;
				else if (iv_push(&B->lits, B->in.a[i]))
					B->err = GL_ENOMEM;
			}
			if (!has || B->err)
				continue;
			int k = B->lits.n;
			int32_t body = k == 1 ? B->lits.a[0] :
				logic_gate(B, 1 - k, B->lits.a, k);
			if (B->err)
				break;
			v->legal_ref[r * nm + m] = k == 1 ? fold_ref(B, body) : body;
			v->guarded[r * nm + m] = 1;
		}
	}
	gl_free(votes);
	return B->err;
}

/* n (without recursive groups) with the base propositions fix[i] >= 0
 * fixed to that value, and the does inputs g with dead[g] (dead may be
 * NULL) false: constants folded, equal gates made once, and only the
 * gates that reach a legal, next, goal or terminal proposition kept
 * (every input kept, at its number). Returns the linked network, or NULL
 * when out of memory. */
static gdl_net *net_fold(const gdl_game *gd, const gdl_net *n,
	const int8_t *fix, const uint8_t *dead, bool compl, int keep,
	const uint8_t *guardable)
{
	int ng = n->ngates, nrm = gd->nroles * gd->nmoves;
	builder B = {.gd = gd};
	int32_t *lit = gl_malloc(((size_t)ng + 1) * sizeof *lit);
	int32_t *id = NULL;
	gdl_net *v = gl_calloc(1, sizeof *v);
	doesinfo di = {0};
	di.role = gl_malloc((size_t)ng + 1);
	di.lits = gl_malloc(((size_t)nrm + 1) * sizeof *di.lits);
	if (!lit || !v || !di.role || !di.lits)
		goto oom;
	memset(di.role, -1, (size_t)ng + 1);
	di.n = ng;
	for (int r = 0, k = 0; r < GDL_ROLES_MAX; r++) {
		di.off[r] = k;
		for (int m = 0; r < gd->nroles && m < gd->nmoves; m++) {
			int32_t dg = n->does_ref[r * gd->nmoves + m];
			if (dg >= 0 && !(dead && dead[dg])) {
				di.role[dg] = (int8_t)r;
				di.lits[k++] = dg << 1;
			}
		}
		di.off[r + 1] = k;
		if (k > di.off[r] + 1)
			qsort(di.lits + di.off[r], (size_t)(k - di.off[r]),
				sizeof *di.lits, cmp_i32);
	}
	v->base_gate = gl_malloc(((size_t)gd->nbase + 1) * sizeof *v->base_gate);
	v->next_ref = gl_malloc(((size_t)gd->nbase + 1) * sizeof *v->next_ref);
	v->does_ref = gl_malloc(((size_t)nrm + 1) * sizeof *v->does_ref);
	v->legal_ref = gl_malloc(((size_t)nrm + 1) * sizeof *v->legal_ref);
	v->goal_ref = gl_malloc(((size_t)gd->ngoal + 1) * sizeof *v->goal_ref);
	v->guarded = gl_calloc((size_t)nrm + 1, 1);
	for (int r = 0; r < GDL_ROLES_MAX; r++)
		v->guard[r] = -1;
	if (!v->base_gate || !v->next_ref || !v->does_ref || !v->legal_ref ||
	    !v->goal_ref || !v->guarded || iv_push(&B.in0, 0))
		goto oom;
	for (int g = 0; g < ng; g++)
		lit[g] = 0;
	for (int i = 0; i < gd->nbase; i++)
		if (fix[i] >= 0)
			lit[n->base_gate[i]] = fix[i] ? REF_TRUE : REF_FALSE;
	for (int k = 0; dead && k < nrm; k++)
		if (n->does_ref[k] >= 0 && dead[n->does_ref[k]])
			lit[n->does_ref[k]] = REF_FALSE;
	/* The inputs come first in n: each keeps its number. */
	for (int g = 0; g < ng && !B.err; g++) {
		B.cur = n->atom[g];
		if (n->kind[g] == G_INPUT) {
			int32_t x = new_gate(&B, G_INPUT, 0, NULL, 0);
			if (x >= 0 && lit[g] == 0)
				lit[g] = x << 1;
		} else {
			lit[g] = fold_gate(&B, n, compl ? &di : NULL, lit, g);
		}
	}
	if (B.err)
		goto oom;
	bool play = keep & KEEP_PLAY, goal = keep & KEEP_GOAL;
	for (int i = 0; i < gd->nbase; i++) {
		v->base_gate[i] = n->base_gate[i];
		v->next_ref[i] = !play ? REF_FALSE : n->next_ref[i] < 0 ?
			n->next_ref[i] : fold_ref(&B, lit[n->next_ref[i]]);
	}
	for (int k = 0; k < nrm; k++) {
		v->does_ref[k] = n->does_ref[k];
		v->legal_ref[k] = !play ? REF_FALSE : n->legal_ref[k] < 0 ?
			n->legal_ref[k] : fold_ref(&B, lit[n->legal_ref[k]]);
	}
	if (play && fold_guards(&B, gd, n, v, lit, guardable))
		goto oom;
	for (int i = 0; i < gd->ngoal; i++)
		v->goal_ref[i] = !goal ? REF_FALSE : n->goal_ref[i] < 0 ?
			n->goal_ref[i] : fold_ref(&B, lit[n->goal_ref[i]]);
	v->terminal = !play ? REF_FALSE : n->terminal < 0 ? n->terminal :
		fold_ref(&B, lit[n->terminal]);
	if (B.err)
		goto oom;
	/* Keep the inputs and what an output reads; number them anew. */
	int nb = B.kind.n, nk = 0, ne = 0;
	id = gl_malloc(((size_t)nb + 1) * sizeof *id);
	if (!id)
		goto oom;
	for (int g = 0; g < nb; g++)
		id[g] = B.kind.a[g] == G_INPUT;
	for (int i = 0; i < gd->nbase; i++)
		if (v->next_ref[i] >= 0)
			id[v->next_ref[i]] = 1;
	for (int k = 0; k < nrm; k++)
		if (v->legal_ref[k] >= 0)
			id[v->legal_ref[k]] = 1;
	for (int i = 0; i < gd->ngoal; i++)
		if (v->goal_ref[i] >= 0)
			id[v->goal_ref[i]] = 1;
	if (v->terminal >= 0)
		id[v->terminal] = 1;
	for (int g = nb - 1; g >= 0; g--)
		if (id[g])
			for (int i = B.in0.a[g]; i < B.in0.a[g + 1]; i++)
				id[B.in.a[i] >> 1] = 1;
	for (int g = 0; g < nb; g++) {
		if (!id[g]) {
			id[g] = -1;
			continue;
		}
		id[g] = nk;
		B.kind.a[nk] = B.kind.a[g];
		B.off.a[nk] = B.off.a[g];
		B.atom.a[nk] = B.atom.a[g];
		int i0 = B.in0.a[g], i1 = B.in0.a[g + 1];
		B.in0.a[nk] = ne;
		for (int i = i0; i < i1; i++)
			B.in.a[ne++] = id[B.in.a[i] >> 1] << 1 | (B.in.a[i] & 1);
		nk++;
	}
	B.in0.a[nk] = ne;
	for (int i = 0; i < gd->nbase; i++)
		if (v->next_ref[i] >= 0)
			v->next_ref[i] = id[v->next_ref[i]];
	for (int k = 0; k < nrm; k++)
		if (v->legal_ref[k] >= 0)
			v->legal_ref[k] = id[v->legal_ref[k]];
	for (int i = 0; i < gd->ngoal; i++)
		if (v->goal_ref[i] >= 0)
			v->goal_ref[i] = id[v->goal_ref[i]];
	if (v->terminal >= 0)
		v->terminal = id[v->terminal];
	v->ngates = nk;
	v->kind = gl_malloc((size_t)nk + 1);
	if (!v->kind)
		goto oom;
	for (int g = 0; g < nk; g++)
		v->kind[g] = (uint8_t)B.kind.a[g];
	v->off = take(&B.off);
	v->atom = take(&B.atom);
	v->in0 = take(&B.in0);
	v->in = take(&B.in);
	v->gm0 = gl_calloc(1, sizeof *v->gm0);
	v->gm = gl_calloc(1, sizeof *v->gm);
	v->mr0 = gl_calloc(1, sizeof *v->mr0);
	v->gr0 = gl_calloc(1, sizeof *v->gr0);
	v->gl = gl_calloc(1, sizeof *v->gl);
	if (!v->in && !(v->in = gl_malloc(sizeof *v->in)))
		goto oom;
	if (!v->gm0 || !v->gm || !v->mr0 || !v->gr0 || !v->gl || link_net(v, gd))
		goto oom;
	for (int r = 0; r < gd->nroles; r++)
		v->other[r] = n->other[r];
	v->compl = compl || n->compl;
	builder_done(&B);
	gl_free(lit);
	gl_free(id);
	gl_free(di.role);
	gl_free(di.lits);
	return v;
oom:
	builder_done(&B);
	gl_free(lit);
	gl_free(id);
	gl_free(di.role);
	gl_free(di.lits);
	gdl_net_free(v);
	return NULL;
}

/* How the game's network is evaluated best, chosen from a sample: a few
 * random playouts from the initial state (a fixed seed, so that a game
 * always loads the same) run through each choice, and the one that does
 * the least work (fanout edges updated, visits and walks counted in edges)
 * is kept. The choices: the network plain or with complements (see
 * complement()), with or without guards (see fold_guards()), with or
 * without variants, flow or sweep (the batch runs the variants whether
 * the incremental evaluator does or not). The
 * variants' split propositions are those that flip in at least half the
 * steps and whose flips cost most (flips times fanout, a twelfth of the
 * work or more each), at most NET_SPLIT_MAX of them and at most VAR_MAX
 * combinations of their values met; the combinations met become the
 * variants. Playouts give the same answers whatever the choice. */
enum { VAR_MAX = 4, SAMPLE_STEPS = 256, SAMPLE_LEN = 128, SPLIT_FANOUT = 4 };

/* The sample through a new evaluator: its work, or 0 when out of memory
 * (then *oom is set). With flips: how often each base proposition
 * changed, and the states met into seen (*nseen, room for SAMPLE_STEPS +
 * SAMPLE_LEN + 1), the steps made into *nsteps. */
static uint64_t sample(const gdl_game *gd, uint64_t *st, int32_t *flips,
	uint64_t *seen, int *nseen, int *nsteps, bool *oom)
{
	net_eval *e = net_make(gd);
	if (!e) {
		*oom = true;
		return 0;
	}
	for (int v = 0; v < e->nsub; v++)
		e->subs[v].count = true;
	gl_rng rng;
	gl_rng_seed(&rng, 0x5eed);
	int steps = 0, ns = 0, w = gd->words;
	while (steps < SAMPLE_STEPS && ns <= SAMPLE_STEPS) {
		memcpy(st, gd->init, (size_t)w * sizeof *st);
		int len = 0;
		for (;;) {
			if (seen)
				memcpy(seen + (size_t)ns * (size_t)w, st, (size_t)w * sizeof *st);
			ns++;
			net_state(gd, e, st);
			int joint[GDL_ROLES_MAX];
			bool stop = net_terminal(e) || len >= SAMPLE_LEN;
			for (int r = 0; r < gd->nroles && !stop; r++) {
				int c = legal_list(gd, e, r, NULL);
				stop = c == 0;
				if (!stop)
					joint[r] = net_legal_nth(gd, e, r,
						(int)gl_rng_below(&rng, (uint32_t)c));
			}
			if (stop)
				break;
			net_next(gd, e, joint, e->play);
			for (int k = 0; flips && k < w; k++)
				for (uint64_t d = st[k] ^ e->play[k]; d; d &= d - 1)
					flips[k * 64 + __builtin_ctzll(d)]++;
			memcpy(st, e->play, (size_t)w * sizeof *st);
			len++;
		}
		steps += len;
		if (len == 0)
			break; /* the initial state ends the game */
	}
	uint64_t work = 1;
	for (int v = 0; v < e->nsub; v++)
		work += e->subs[v].work;
	net_unmake(e);
	if (nseen)
		*nseen = ns;
	if (nsteps)
		*nsteps = steps;
	return work;
}

static void set_sweep(gdl_net *n, bool sweep)
{
	n->sweep = sweep;
	for (int v = 1; v <= n->nvar; v++)
		n->var[v]->sweep = sweep;
}

static void drop_variants(gdl_net *n)
{
	for (int v = 1; v <= n->nvar; v++)
		gdl_net_free(n->var[v]);
	gl_free(n->var);
	n->var = NULL;
	n->nvar = n->nsplit = 0;
	memset(n->var_of, 0, sizeof n->var_of);
}

/* The split candidates, best first, into cand (at most NET_SPLIT_MAX);
 * returns how many. */
static int split_candidates(const gdl_game *gd, const gdl_net *n,
	const int32_t *flips, int steps, uint64_t work, int *cand)
{
	int64_t score[NET_SPLIT_MAX];
	int nc = 0;
	for (int i = 0; i < gd->nbase && steps > 0; i++) {
		int32_t g = n->base_gate[i];
		int64_t fan = n->fo0[g + 1] - n->fo0[g], sc = flips[i] * fan;
		if (flips[i] * 2 < steps || fan < SPLIT_FANOUT ||
		    (uint64_t)sc * 3 * NET_SPLIT_MAX < work)
			continue;
		int k = nc < NET_SPLIT_MAX ? nc++ : NET_SPLIT_MAX;
		if (k == NET_SPLIT_MAX && sc <= score[k - 1])
			continue;
		if (k == NET_SPLIT_MAX)
			k--;
		for (; k > 0 && score[k - 1] < sc; k--) {
			cand[k] = cand[k - 1];
			score[k] = score[k - 1];
		}
		cand[k] = i;
		score[k] = sc;
	}
	return nc;
}

/* Whether variant v of n has possible moves never legal in it, marking
 * their does inputs (gates of n) in dead[n->ngates]. */
static bool dead_moves(const gdl_game *gd, const gdl_net *n,
	const gdl_net *v, uint8_t *dead)
{
	bool any = false;
	memset(dead, 0, (size_t)n->ngates);
	for (int k = 0; k < gd->nroles * gd->nmoves; k++)
		if (n->does_ref[k] >= 0 && v->legal_ref[k] == REF_FALSE) {
			dead[n->does_ref[k]] = 1;
			any = true;
		}
	return any;
}

/* The variants of the fewest best candidates whose combinations of
 * values in the states seen are few (none when no such). */
static int make_variants(const gdl_game *gd, gdl_net *n, const int *cand,
	int nc, const uint64_t *seen, int nseen, int8_t *fix)
{
	int keys[VAR_MAX], nkeys = 0;
	for (; nc > 0; nc--) {
		nkeys = 0;
		bool ok = true;
		for (int t = 0; t < nseen && ok; t++) {
			const uint64_t *x = seen + (size_t)t * (size_t)gd->words;
			int key = 0;
			for (int j = 0; j < nc; j++)
				key |= (int)(x[cand[j] / 64] >> (cand[j] % 64) & 1) << j;
			int q = 0;
			while (q < nkeys && keys[q] != key)
				q++;
			if (q == nkeys) {
				if (nkeys == VAR_MAX)
					ok = false;
				else
					keys[nkeys++] = key;
			}
		}
		if (ok)
			break;
	}
	if (nc == 0)
		return 0;
	uint8_t *dead = gl_malloc((size_t)n->ngates + 1);
	if (!dead || !(n->var = gl_calloc((size_t)nkeys + 1, sizeof *n->var))) {
		gl_free(dead);
		return GL_ENOMEM;
	}
	for (int q = 0; q < nkeys; q++) {
		memset(fix, -1, (size_t)gd->nbase);
		for (int j = 0; j < nc; j++)
			fix[cand[j]] = (int8_t)(keys[q] >> j & 1);
		gdl_net *v = net_fold(gd, n, fix, NULL, n->compl, KEEP_ALL, NULL);
		/* The moves never legal in it are never made there: their does
		 * inputs false too (a turn-taking game's waiting role's moves),
		 * which drops the half of the next state's logic they feed. */
		if (v && dead_moves(gd, n, v, dead)) {
			gdl_net *w = net_fold(gd, n, fix, dead, n->compl, KEEP_ALL,
				NULL);
			gdl_net_free(v);
			v = w;
		}
		if (!(n->var[q + 1] = v)) {
			gl_free(dead);
			return GL_ENOMEM;
		}
		n->nvar = q + 1;
	}
	gl_free(dead);
	n->nsplit = nc;
	for (int j = 0; j < nc; j++)
		n->split[j] = cand[j];
	for (int q = 0; q < nkeys; q++)
		n->var_of[keys[q]] = (uint8_t)(q + 1);
	return 0;
}

/* n's batch program made again without the gates that serve only the
 * goals, which the batch reads from its bgoal (n without groups). 0 or
 * GL_ENOMEM. */
static int prog_play(gdl_net *n, const gdl_game *gd)
{
	gl_free(n->prog);
	gl_free(n->pu0);
	gl_free(n->pu);
	n->prog = NULL;
	n->pu0 = n->pu = NULL;
	n->nslot = 0;
	return prog_build(n, gd, true);
}

/* The game's network n (without groups) folded once more (equal gates
 * merged, gates that reach no output dropped); where most of its edges
 * serve the goals alone (a disc count), those made a network of their
 * own, n->goal, evaluated only when a goal is asked for (by the sweep:
 * it sees the state of a whole playout change at once). n is freed;
 * returns the new one, or NULL when out of memory. */
static gdl_net *net_refold(const gdl_game *gd, gdl_net *n)
{
	int8_t *nofix = gl_malloc((size_t)gd->nbase + 1);
	uint8_t *m = gl_calloc((size_t)n->ngates + 1, 1);
	gdl_net *f = NULL;
	if (!nofix || !m)
		goto out;
	memset(nofix, -1, (size_t)gd->nbase + 1);
	/* what each gate serves: 1 play, 2 goals; the edges into those
	 * serving the goals alone */
	int nrm = gd->nroles * gd->nmoves;
	for (int k = 0; k < nrm; k++)
		if (n->legal_ref[k] >= 0)
			m[n->legal_ref[k]] |= 1;
	for (int i = 0; i < gd->nbase; i++)
		if (n->next_ref[i] >= 0)
			m[n->next_ref[i]] |= 1;
	if (n->terminal >= 0)
		m[n->terminal] |= 1;
	for (int i = 0; i < gd->ngoal; i++)
		if (n->goal_ref[i] >= 0)
			m[n->goal_ref[i]] |= 2;
	int64_t all = 0, goal = 0;
	for (int g = n->ngates - 1; g >= 0; g--)
		for (int i = n->in0[g]; i < n->in0[g + 1]; i++) {
			m[n->in[i] >> 1] |= m[g];
			all++;
			goal += m[g] == 2;
		}
	if (goal * 4 < all) {
		f = net_fold(gd, n, nofix, NULL, false, KEEP_ALL, NULL);
		if (f && goal * 10 >= all && f->ngroups == 0 &&
		    !(f->bgoal = net_fold(gd, n, nofix, NULL, false, KEEP_GOAL,
		    NULL))) {
			gdl_net_free(f);
			f = NULL;
		}
		goto out;
	}
	gdl_net *gn = net_fold(gd, n, nofix, NULL, false, KEEP_GOAL, NULL);
	if (gn && !(f = net_fold(gd, n, nofix, NULL, false, KEEP_PLAY, NULL)))
		gdl_net_free(gn);
	if (f) {
		f->goal = gn;
		gn->sweep = true;
	}
out:
	gl_free(nofix);
	gl_free(m);
	gdl_net_free(n);
	return f;
}

/* Tune gd->net (see above; the network there may be replaced). 0 or
 * GL_ENOMEM. */
static int net_tune(gdl_game *gd)
{
	if (gd->nbase == 0)
		return 0;
	size_t w = (size_t)gd->words + 1;
	int32_t *flips = gl_calloc((size_t)gd->nbase, sizeof *flips);
	uint64_t *seen = gl_calloc(((size_t)SAMPLE_STEPS + SAMPLE_LEN + 1) * w,
		sizeof *seen);
	uint64_t *st = gl_calloc(w, sizeof *st);
	int8_t *fix = gl_malloc((size_t)gd->nbase);
	bool oom = !flips || !seen || !st || !fix;
	int nseen = 0, steps = 0, cand[NET_SPLIT_MAX], nc = 0;
	/* The networks tried: the plain one, and the one with complements
	 * where that saves a tenth of the edges or more; each with guards
	 * (on the base propositions that flip in half the steps or more),
	 * where it has any. */
	gdl_net *nets[4] = {gd->net, NULL, NULL, NULL};
	uint8_t *guardable = gl_calloc((size_t)gd->nbase + 1, 1);
	uint64_t best = UINT64_MAX;
	int bnet = 0, bvar = 0, bsweep = 0;
	oom |= !guardable;
	if (!oom) { /* the plain one flows first: the flips, the states met */
		best = sample(gd, st, flips, seen, &nseen, &steps, &oom);
		for (int i = 0; i < gd->nbase; i++)
			guardable[i] = flips[i] * 2 >= steps && steps > 0;
	}
	if (!oom && gd->net->ngroups == 0) {
		memset(fix, -1, (size_t)gd->nbase);
		gdl_net *c = net_fold(gd, gd->net, fix, NULL, true, KEEP_ALL, NULL);
		if (!c)
			oom = true;
		else if ((int64_t)c->fo0[c->ngates] * 10 <
		    (int64_t)gd->net->fo0[gd->net->ngates] * 9)
			nets[1] = c;
		else
			gdl_net_free(c);
	}
	for (int k = 0; k < 2 && !oom && gd->net->ngroups == 0; k++) {
		if (!nets[k])
			continue;
		memset(fix, -1, (size_t)gd->nbase);
		gdl_net *gn = net_fold(gd, nets[k], fix, NULL, k == 1, KEEP_ALL, guardable);
		bool any = false;
		for (int r = 0; gn && r < gd->nroles; r++)
			any |= gn->guard[r] >= 0;
		if (!gn)
			oom = true;
		else if (any)
			nets[k + 2] = gn;
		else
			gdl_net_free(gn);
	}
	/* Each choice: the network, with variants or not, flow or sweep. */
	for (int var = 0; var < 2 && !oom; var++) {
		if (var == 1) {
			nc = nets[0]->ngroups > 0 ? 0 : split_candidates(gd, nets[0],
				flips, steps, best, cand);
			if (nc == 0)
				break;
		}
		for (int k = 0; k < 4 && !oom; k++) {
			if (!nets[k])
				continue;
			if (var == 1 && make_variants(gd, nets[k], cand, nc, seen, nseen,
			    fix)) {
				oom = true;
				break;
			}
			if (var == 1 && nets[k]->nvar == 0)
				continue;
			gd->net = nets[k];
			for (int m = 0; m < 2 && !oom; m++) {
				set_sweep(nets[k], m == 1);
				nets[k]->inc_var = var == 1;
				if (var == 0 && k == 0 && m == 0)
					continue; /* measured above */
				uint64_t work = sample(gd, st, NULL, NULL, NULL, NULL, &oom);
				if (work < best) {
					best = work;
					bnet = k;
					bvar = var;
					bsweep = m;
				}
			}
		}
	}
	if (oom)
		bnet = bvar = bsweep = 0;
	gdl_net *goal = nets[0]->goal, *bgoal = nets[0]->bgoal;
	nets[0]->goal = nets[0]->bgoal = NULL;
	gd->net = nets[bnet];
	gd->net->goal = goal;
	gd->net->bgoal = bgoal;
	for (int k = 0; k < 4; k++)
		if (k != bnet)
			gdl_net_free(nets[k]);
	gl_free(guardable);
	gd->net->inc_var = bvar; /* the batch runs them anyway */
	if (oom)
		drop_variants(gd->net);
	set_sweep(gd->net, bsweep);
	for (int v = 0; !oom && gd->net->bgoal && v <= gd->net->nvar; v++)
		oom = prog_play(v ? gd->net->var[v] : gd->net, gd) != 0;
	gl_free(flips);
	gl_free(seen);
	gl_free(st);
	gl_free(fix);
	return oom ? GL_ENOMEM : 0;
}


/* --- The network as a reasoner (gdl_ops) ---------------------------------- */

static void *ops_make(const gdl_game *gd)
{
	return net_make(gd);
}

static void ops_free(void *x)
{
	net_unmake(x);
}

static int ops_error(const void *x)
{
	(void)x;
	return 0; /* the network always finishes */
}

static void ops_state(const gdl_game *gd, void *x, const uint64_t *state)
{
	net_state(gd, x, state);
}

static bool ops_terminal(const gdl_game *gd, const void *x)
{
	(void)gd;
	return net_terminal(x);
}

static int ops_legal(const gdl_game *gd, const void *x, int role, int *moves)
{
	return legal_list(gd, x, role, moves);
}

static int ops_legal_nth(const gdl_game *gd, const void *x, int role, int k)
{
	return net_legal_nth(gd, x, role, k);
}

static int ops_goal(const gdl_game *gd, void *x, int role)
{
	return net_goal(gd, x, role);
}

static bool ops_goal_on(const gdl_game *gd, void *x, int i)
{
	return net_goal_on(gd, x, i);
}

static void ops_next(const gdl_game *gd, void *x, const int *joint,
	uint64_t *out)
{
	net_next(gd, x, joint, out);
}

const gdl_ops gdl_net_ops = {
	.make = ops_make,
	.free = ops_free,
	.error = ops_error,
	.state = ops_state,
	.terminal = ops_terminal,
	.legal = ops_legal,
	.legal_nth = ops_legal_nth,
	.goal = ops_goal,
	.goal_on = ops_goal_on,
	.next = ops_next,
};
