/*
 * batch.c - random playouts 64 at a time: the compiled network (net.c)
 * evaluated bit-parallel, one bit of a 64-bit word per playout, in the
 * manner of bit-parallel logic simulation. A gate's value is a word; an
 * AND is `&` over its input words, an OR `|`; the state of every playout
 * is the words of the base propositions, and the step to the next state
 * is a copy of the words of the next propositions. Evaluating the whole
 * network once serves 64 playouts, and has no branch that depends on a
 * playout, so that per playout it costs a few instructions per gate.
 * The network runs as net.c's program (prog_build): it writes the legal
 * words and the next state to regions of consecutive words, and the
 * does words, at most 64 moves made a step, are pushed into the
 * next-state ORs that read them rather than read by every one.
 * Each playout chooses its own uniformly random joint move (one draw per
 * choosing role, lanes in order, so a seed gives the same playouts); a
 * playout that ends hands its lane to the next one. A game loaded for the
 * prover has no network: its playouts run one after the other through a
 * gdl_eval.
 */
#include "gdl/internal.h"

#if defined(__BMI2__) || defined(__AVX512VL__) || defined(__GFNI__)
#include <immintrin.h>
#endif

enum { LANES = 64, DRAW_TRIES = 32 };

/* A possible move of a role in a network, as the words of val it reads
 * and sets: legal where val[legal] & val[guard] (a constant or a missing
 * guard is a slot of val that holds it), chosen into val[does] (-1: the
 * move is read only through the role's `other` gate). */
typedef struct pmove {
	int32_t legal, guard, does;
	int32_t id;             /* its move id */
} pmove;

struct gdl_batch {
	gdl_eval *one;          /* the prover's: playouts one by one */
	const gdl_net *n;
	uint64_t *val;          /* [ngates] lane words */
	int nm;                 /* the game's nmoves */
	int ones;               /* val[ones] is all ones */
	pmove *moves;           /* [(nvar + 1) * nroles * nmoves] each role's
				 * possible moves in the network (0) and in
				 * each variant */
	int *nrm;               /* [(nvar + 1) * GDL_ROLES_MAX] how many */
	uint64_t *dw;           /* [nmoves] lanes that drew each move (zero
				 * but in a draw's moves) */
	int32_t *drawn;         /* [nmoves] the moves a draw chose, nd */
	int nd;
	uint64_t *cw;           /* [nmoves + 8] the candidates' words */
	uint64_t *sw;           /* [nbase] the start state's words, of ones
				 * where a base holds, for reloads */
	const uint64_t *swof;   /* the state sw holds, in this call */
	const gdl_net *g;       /* the goals' own network (n->goal, else
				 * n->bgoal), or NULL */
	uint64_t *gval;         /* [g->ngates] its lane words */
	uint64_t *gbase;        /* [nbase] ended playouts' states, a bit each */
	int npend;              /* how many gbase holds */
	int32_t *gorder;        /* [ngoal] goals by role, best value first */
	int32_t *cand;          /* [nmoves + 8] draw's candidates */
	uint64_t *tr;           /* [(nmoves + 63) / 64 * 64] draw's transpose */
	int32_t *set;           /* [nroles * nmoves] does words set a step */
	const double *weight;   /* gdl_batch_each's move weights, or NULL */
	gl_trail *trail;        /* gdl_batch_each's record of the choices,
				 * or NULL */
};

gdl_batch *gdl_batch_new(const gdl_game *gd)
{
	const gdl_net *n = gd->net;
	gdl_batch *b = gl_calloc(1, sizeof *b);
	if (!b)
		return NULL;
	if (!n) {
		if (!(b->one = gdl_eval_new(gd))) {
			gl_free(b);
			return NULL;
		}
		return b;
	}
	b->n = n;
	b->nm = gd->nmoves;
	int ng = 0; /* the variants share the inputs' numbers */
	for (int v = 0; v <= n->nvar; v++)
		if ((v ? n->var[v] : n)->nwords > ng)
			ng = (v ? n->var[v] : n)->nwords;
	b->ones = ng;
	b->val = gl_calloc((size_t)ng + 1, sizeof *b->val);
	size_t nv = (size_t)n->nvar + 1;
	b->moves = gl_malloc((nv * (size_t)gd->nroles * (size_t)gd->nmoves + 1) *
		sizeof *b->moves);
	b->nrm = gl_calloc(nv * GDL_ROLES_MAX, sizeof *b->nrm);
	b->dw = gl_calloc((size_t)gd->nmoves + 1, sizeof *b->dw);
	b->drawn = gl_malloc(((size_t)gd->nmoves + 1) * sizeof *b->drawn);
	b->cw = gl_malloc(((size_t)gd->nmoves + 8) * sizeof *b->cw);
	b->sw = gl_malloc(((size_t)gd->nbase + 1) * sizeof *b->sw);
	b->g = n->goal ? n->goal : n->bgoal;
	b->gorder = gl_malloc(((size_t)gd->ngoal + 1) * sizeof *b->gorder);
	b->cand = gl_malloc(((size_t)gd->nmoves + 8) * sizeof *b->cand);
	b->set = gl_malloc(((size_t)gd->nroles * (size_t)gd->nmoves + 1) *
		sizeof *b->set);
	b->tr = gl_malloc(((size_t)gd->nmoves + 63) / 64 * 64 * sizeof *b->tr +
		sizeof *b->tr);
	if (b->g) {
		b->gval = gl_calloc((size_t)b->g->nwords + 1, sizeof *b->gval);
		b->gbase = gl_calloc((size_t)gd->nbase + 1, sizeof *b->gbase);
	}
	if (b->val)
		b->val[b->ones] = ~0ull;
	if (!b->val || !b->moves || !b->nrm || !b->dw || !b->drawn || !b->cw ||
	    !b->sw ||
	    !b->gorder ||
	    !b->cand || !b->tr || !b->set ||
	    (b->g && (!b->gval || !b->gbase))) {
		gdl_batch_free(b);
		return NULL;
	}
	for (int i = 0; i < gd->ngoal; i++) { /* insertion sort */
		int j = i;
		for (; j > 0; j--) {
			int32_t o = b->gorder[j - 1];
			if (gd->goal_role[o] < gd->goal_role[i] ||
			    (gd->goal_role[o] == gd->goal_role[i] &&
			     gd->goal_value[o] >= gd->goal_value[i]))
				break;
			b->gorder[j] = o;
		}
		b->gorder[j] = i;
	}
	int nm = gd->nmoves;
	for (int v = 0; v <= n->nvar; v++) {
		const gdl_net *x = v ? n->var[v] : n;
		int *nrm = b->nrm + v * GDL_ROLES_MAX;
		pmove *mv = b->moves + (size_t)v * (size_t)gd->nroles * (size_t)nm;
		for (int r = 0; r < gd->nroles; r++)
			for (int m = 0; m < nm; m++) {
				int32_t lr = x->legal_ref[r * nm + m];
				if (lr == REF_FALSE)
					continue;
				bool gu = x->guarded[r * nm + m];
				mv[r * nm + nrm[r]++] = (pmove){
					.legal = lr == REF_TRUE ? b->ones : lr,
					.guard = gu ? x->guard[r] : b->ones,
					.does = x->does_ref[r * nm + m],
					.id = m};
			}
	}
	return b;
}

void gdl_batch_free(gdl_batch *b)
{
	if (!b)
		return;
	gdl_eval_free(b->one);
	gl_free(b->val);
	gl_free(b->moves);
	gl_free(b->nrm);
	gl_free(b->dw);
	gl_free(b->drawn);
	gl_free(b->cw);
	gl_free(b->sw);
	gl_free(b->gval);
	gl_free(b->gbase);
	gl_free(b->gorder);
	gl_free(b->cand);
	gl_free(b->tr);
	gl_free(b->set);
	gl_free(b);
}

static inline uint64_t word(const uint64_t *val, int32_t ref)
{
	return ref >= 0 ? val[ref] : ref == REF_TRUE ? ~0ull : 0;
}

/* A step's does words about to be set in n: the words their pushes fill
 * (see gdl_net's pu) zeroed. */
static void does_begin(const gdl_net *n, uint64_t *val)
{
	memset(val + n->ngates, 0, (size_t)n->nslot * sizeof *val);
}

/* Does input dg of n set to the lanes of w, and pushed. */
static inline void does_set(const gdl_net *n, uint64_t *val, int32_t dg,
	uint64_t w)
{
	val[dg] = w;
	for (int i = n->pu0 ? n->pu0[dg] : 0, end = n->pu0 ? n->pu0[dg + 1] : 0;
	     i < end; i++)
		val[n->pu[i]] |= w;
}

/* Where n has no program, its regions (see gdl_net's lreg) copied in:
 * the legal words from its possible moves (nrm of each role in moves),
 * after phase 1; the next state's, after phase 2. */
static void fill_legal(const gdl_game *gd, const gdl_net *n, uint64_t *val,
	const pmove *moves, const int *nrm)
{
	for (int r = 0; r < gd->nroles; r++)
		for (int k = 0; k < nrm[r]; k++) {
			const pmove *p = moves + r * gd->nmoves + k;
			val[n->lreg + r * n->lstride + k] = val[p->legal] & val[p->guard];
		}
}

static void fill_next(const gdl_game *gd, const gdl_net *n, uint64_t *val)
{
	for (int i = 0; i < gd->nbase; i++)
		val[n->nreg + i] = word(val, n->next_ref[i]);
}

/* A recursive group to its least fixpoint, lane-parallel. */
static void group_run(const gdl_net *n, uint64_t *val, int s)
{
	int j0 = n->gm0[s], j1 = n->gm0[s + 1];
	for (int j = j0; j < j1; j++)
		val[n->gm[j]] = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (int j = j0; j < j1; j++) {
			uint64_t v = val[n->gm[j]];
			for (int r = n->mr0[j]; r < n->mr0[j + 1]; r++) {
				uint64_t acc = ~0ull;
				for (int i = n->gr0[r]; i < n->gr0[r + 1]; i++) {
					int32_t x = n->gl[i];
					acc &= val[x >> 2] ^ -(uint64_t)(x & 1);
				}
				v |= acc;
			}
			if (v != val[n->gm[j]]) {
				val[n->gm[j]] = v;
				changed = true;
			}
		}
	}
}

/* Evaluate the gates list[0..len) in order. */
static void run(const gdl_net *n, uint64_t *val, const int32_t *list, int len)
{
	for (int k = 0; k < len; k++) {
		int32_t g = list[k];
		int i = n->in0[g], end = n->in0[g + 1];
		uint64_t acc;
		if (n->off[g] < 0) { /* AND */
			acc = ~0ull;
			for (; i < end; i++)
				acc &= val[n->in[i] >> 1] ^ -(uint64_t)(n->in[i] & 1);
		} else if (n->kind[g] == G_LOGIC) { /* OR */
			acc = 0;
			for (; i < end; i++)
				acc |= val[n->in[i] >> 1] ^ -(uint64_t)(n->in[i] & 1);
		} else {
			group_run(n, val, n->off[g]);
			continue;
		}
		val[g] = acc;
	}
}

/* The AND of the k words of val that in[] names, the first pos plain,
 * the others negated. */
static inline uint64_t and_of(const uint64_t *val, const int32_t *in, int k,
	int pos)
{
	uint64_t a = ~0ull, o = 0;
	for (int i = 0; i < pos; i++)
		a &= val[in[i]];
	for (int i = pos; i < k; i++)
		o |= val[in[i]];
	return a & ~o;
}

/* A block of gates of K inputs, POS of them plain: a case of exec's, the
 * ANDs and the ORs (their outputs negated) apart, two gates a round (a
 * block's gates are of one level: none reads another). */
#define BLOCK(K, POS) \
	case (K) * 8 + (POS): \
		if (neg) \
			BLOCK_LOOP(K, POS, ~) \
		else \
			BLOCK_LOOP(K, POS, ) \
		break;
#define BLOCK_LOOP(K, POS, NOT) { \
		int j = 0; \
		for (; j + 2 <= m; j += 2, p += 2 * (1 + (K))) { \
			uint64_t x0 = and_of(val, p + 1, K, POS); \
			uint64_t x1 = and_of(val, p + 2 + (K), K, POS); \
			val[p[0]] = NOT x0; \
			val[p[1 + (K)]] = NOT x1; \
		} \
		if (j < m) { \
			val[p[0]] = NOT and_of(val, p + 1, K, POS); \
			p += 1 + (K); \
		} \
	}

/* The program p[0..end) (see gdl_net's prog) run over val: every gate an
 * AND, an OR's output negated (its inputs are); a loop per block, the
 * common shapes unrolled, a gate by runs a loop per run. */
static void exec(const int32_t *p, const int32_t *end, uint64_t *val)
{
	while (p < end) {
		int32_t k = p[0] >> 1, m = p[1], pos = p[2];
		uint64_t neg = -(uint64_t)(p[0] & 1);
		p += 3;
		if (pos < 0) { /* by runs */
			for (int j = 0; j < m; j++, p += 1 + 2 * k) {
				uint64_t a = ~0ull, o = 0;
				for (int i = 0; i < -1 - pos; i++) /* plain */
					for (int t = 0; t < p[2 + 2 * i]; t++)
						a &= val[p[1 + 2 * i] + t];
				for (int i = -1 - pos; i < k; i++)
					for (int t = 0; t < p[2 + 2 * i]; t++)
						o |= val[p[1 + 2 * i] + t];
				val[p[0]] = (a & ~o) ^ neg;
			}
			continue;
		}
		switch (k <= 4 ? k * 8 + pos : -1) {
		BLOCK(1, 0) BLOCK(1, 1)
		BLOCK(2, 0) BLOCK(2, 1) BLOCK(2, 2)
		BLOCK(3, 0) BLOCK(3, 1) BLOCK(3, 2) BLOCK(3, 3)
		BLOCK(4, 0) BLOCK(4, 1) BLOCK(4, 2) BLOCK(4, 3) BLOCK(4, 4)
		default:
			for (int j = 0; j < m; j++, p += 1 + k)
				val[p[0]] = and_of(val, p + 1, k, pos) ^ neg;
		}
	}
}

#undef BLOCK
#undef BLOCK_LOOP

/* Phase 1 (the gates that depend on the state only), 2 (the rest), or
 * both (3) of n over val. */
static void phases(const gdl_net *n, uint64_t *val, int which)
{
	int from = which & 1 ? 0 : n->nphase1;
	int to = which & 2 ? n->nphase1 + n->nphase2 : n->nphase1;
	if (n->prog)
		exec(n->prog + (which & 1 ? 0 : n->prog1), n->prog +
			(which & 2 ? n->prog2 : n->prog1), val);
	else
		run(n, val, n->phase + from, to - from);
}

/* Lane l draws possible move k (b->dw, b->drawn). */
static inline void drawn(gdl_batch *b, int k, int l)
{
	if (!b->dw[k])
		b->drawn[b->nd++] = k;
	b->dw[k] |= 1ull << l;
}

/* The candidates of a role with the legal words lr[0..nr) in the lanes
 * of moving: the moves legal in one lane or more, into cand (eight
 * words of room past the last) and their words into cw; the lanes where
 * some move is legal into *ones, where two are into *many. Returns how
 * many. */
static int candidates(const uint64_t *lr, int nr, uint64_t moving,
	int32_t *cand, uint64_t *cw, uint64_t *ones, uint64_t *many)
{
	uint64_t o = 0, m = 0;
	int nc = 0, k = 0;
#if defined(__AVX512VL__)
	/* eight moves a step, the nonzero words packed to the left */
	__m512i vm = _mm512_set1_epi64((long long)moving);
	__m512i vo = _mm512_setzero_si512(), vmany = vo;
	__m256i idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
	for (; k + 8 <= nr; k += 8) {
		__m512i w = _mm512_and_si512(_mm512_loadu_si512(lr + k), vm);
		__mmask8 nz = _mm512_test_epi64_mask(w, w);
		vmany = _mm512_ternarylogic_epi64(vmany, vo, w, 0xf8); /* a|b&c */
		vo = _mm512_or_si512(vo, w);
		_mm512_storeu_si512(cw + nc, _mm512_maskz_compress_epi64(nz, w));
		_mm256_storeu_si256((__m256i *)(cand + nc),
			_mm256_maskz_compress_epi32(nz, idx));
		nc += __builtin_popcount(nz);
		idx = _mm256_add_epi32(idx, _mm256_set1_epi32(8));
	}
	uint64_t lo[8], lm[8];
	_mm512_storeu_si512(lo, vo);
	_mm512_storeu_si512(lm, vmany);
	for (int i = 0; i < 8; i++) {
		m |= lm[i] | (o & lo[i]);
		o |= lo[i];
	}
#endif
	for (; k < nr; k++) {
		uint64_t w = lr[k] & moving;
		m |= o & w;
		o |= w;
		cand[nc] = k;
		cw[nc] = w;
		nc += w != 0;
	}
	*ones = o;
	*many = m;
	return nc;
}

#if !(defined(__AVX512VBMI__) && defined(__GFNI__))
/* One round of transpose64: each pair of rows k, k + j (k's bit j clear)
 * trades the bits that sit j columns apart. The pairs of a run are
 * consecutive rows, so the compiler vectorises the inner loop. */
static inline void swap_blocks(uint64_t *m, int j, uint64_t mask)
{
	for (int k0 = 0; k0 < 64; k0 += 2 * j)
		for (int k = k0; k < k0 + j; k++) {
			uint64_t t = ((m[k] >> j) ^ m[k + j]) & mask;
			m[k] ^= t << j;
			m[k + j] ^= t;
		}
}

/* The 64 x 64 bit matrix m transposed in place: bit j of m[i] becomes
 * bit i of m[j] (Hacker's Delight, 7-3, on 64 bits). */
static void transpose64(uint64_t *m)
{
	swap_blocks(m, 32, 0x00000000ffffffffull);
	swap_blocks(m, 16, 0x0000ffff0000ffffull);
	swap_blocks(m, 8, 0x00ff00ff00ff00ffull);
	swap_blocks(m, 4, 0x0f0f0f0f0f0f0f0full);
	swap_blocks(m, 2, 0x3333333333333333ull);
	swap_blocks(m, 1, 0x5555555555555555ull);
}
#else
/* The rows in[0..n) (none past 64; 0 past n), ANDed with many,
 * transposed into out[0..64) as transpose64: in eight registers of eight
 * rows, each 8 x 8 block of bits made one word (its bytes gathered by a
 * byte permutation, its bits transposed by an affine transformation over
 * GF(2) whose matrix is the block itself), then the words of the eight
 * registers transposed, and their bytes put in place. */
static void transpose64_avx512(const uint64_t *in, int n, uint64_t many,
	uint64_t *out)
{
	/* byte 8c + 7 - r of ia, and 8c + r of ic, is byte 8r + c */
	static const uint8_t ia[64] = {
		56, 48, 40, 32, 24, 16, 8, 0,
		57, 49, 41, 33, 25, 17, 9, 1,
		58, 50, 42, 34, 26, 18, 10, 2,
		59, 51, 43, 35, 27, 19, 11, 3,
		60, 52, 44, 36, 28, 20, 12, 4,
		61, 53, 45, 37, 29, 21, 13, 5,
		62, 54, 46, 38, 30, 22, 14, 6,
		63, 55, 47, 39, 31, 23, 15, 7,
	};
	static const uint8_t ic[64] = {
		0, 8, 16, 24, 32, 40, 48, 56,
		1, 9, 17, 25, 33, 41, 49, 57,
		2, 10, 18, 26, 34, 42, 50, 58,
		3, 11, 19, 27, 35, 43, 51, 59,
		4, 12, 20, 28, 36, 44, 52, 60,
		5, 13, 21, 29, 37, 45, 53, 61,
		6, 14, 22, 30, 38, 46, 54, 62,
		7, 15, 23, 31, 39, 47, 55, 63,
	};
	__m512i idxa = _mm512_loadu_si512(ia), idxc = _mm512_loadu_si512(ic);
	__m512i bits = _mm512_set1_epi64((long long)0x8040201008040201ull);
	__m512i vm = _mm512_set1_epi64((long long)many), x[8], y[8];
	for (int z = 0; z < 8; z++) {
		int left = n - 8 * z;
		__mmask8 k = left >= 8 ? 0xff : left <= 0 ? 0 :
			(__mmask8)((1u << left) - 1);
		__m512i r = _mm512_and_si512(_mm512_maskz_loadu_epi64(k, in + 8 * z),
			vm);
		x[z] = _mm512_gf2p8affine_epi64_epi8(bits,
			_mm512_permutexvar_epi8(idxa, r), 0);
	}
	/* the 8 x 8 words: word z of y[c] is word c of x[z] */
	for (int z = 0; z < 8; z += 2) {
		y[z] = _mm512_unpacklo_epi64(x[z], x[z + 1]);
		y[z + 1] = _mm512_unpackhi_epi64(x[z], x[z + 1]);
	}
	__m512i p0 = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
	__m512i p1 = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
	for (int z = 0; z < 8; z += 4)
		for (int h = 0; h < 2; h++) {
			x[z + h] = _mm512_permutex2var_epi64(y[z + h], p0, y[z + 2 + h]);
			x[z + 2 + h] = _mm512_permutex2var_epi64(y[z + h], p1,
				y[z + 2 + h]);
		}
	__m512i q0 = _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11);
	__m512i q1 = _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15);
	for (int h = 0; h < 4; h++) {
		y[h] = _mm512_permutex2var_epi64(x[h], q0, x[h + 4]);
		y[h + 4] = _mm512_permutex2var_epi64(x[h], q1, x[h + 4]);
	}
	for (int c = 0; c < 8; c++)
		_mm512_storeu_si512(out + 8 * c, _mm512_permutexvar_epi8(idxc, y[c]));
}
#endif

/* The legal words b->cw of the nc candidates over the lanes of many,
 * transposed into b->tr: bit k % 64 of tr[(k / 64) * 64 + l] says
 * whether candidate k is legal in lane l. Returns the blocks of 64. */
static int transpose_cands(gdl_batch *b, uint64_t many, int nc)
{
	int nb = (nc + 63) / 64;
	for (int q = 0; q < nb; q++) {
#if defined(__AVX512VBMI__) && defined(__GFNI__)
		transpose64_avx512(b->cw + q * 64, nc - q * 64, many, b->tr + q * 64);
#else
		uint64_t *m = b->tr + q * 64;
		for (int j = 0; j < 64; j++)
			m[j] = q * 64 + j < nc ? b->cw[q * 64 + j] & many : 0;
		transpose64(m);
#endif
	}
	return nb;
}

/* Role r's move in each lane of many (which have two legal moves or
 * more), uniformly at random, into b->dw[k] (lanes choosing its k-th
 * possible move). Only the nc candidates b->cand[] (the moves legal in
 * some lane, their words b->cw) are drawn from. Where most candidates are legal in a lane,
 * by rejection: a candidate drawn uniformly is kept if legal in the
 * lane (lanes still undecided after a few tries count their legal moves
 * and draw one of them). Where few are, the candidates' lane words are
 * transposed into each lane's legal candidates, and each lane draws one
 * of them. Either way the choice is uniform over the legal moves. */
static void draw(gdl_batch *b, uint64_t many, int nc, gl_rng *rng)
{
	const uint64_t *cw = b->cw;
	const int32_t *cand = b->cand;
	int legal = 0;
	for (int j = 0; j < nc; j++)
		legal += __builtin_popcountll(cw[j] & many);
	if (legal * 3 < nc * __builtin_popcountll(many)) {
		int nb = transpose_cands(b, many, nc);
		const uint64_t *tr = b->tr;
		int c[LANES] = {0}; /* each lane's legal candidates */
		for (int q = 0; q < nb; q++)
			for (int l = 0; l < LANES; l++)
				c[l] += __builtin_popcountll(tr[q * 64 + l]);
		for (uint64_t f = many; f; f &= f - 1) {
			int l = __builtin_ctzll(f);
			int k = (int)gl_rng_below(rng, (uint32_t)c[l]);
			for (int q = 0; q < nb; q++) {
				uint64_t x = tr[q * 64 + l];
				int pc = __builtin_popcountll(x);
				if (k >= pc) {
					k -= pc;
					continue;
				}
#ifdef __BMI2__
				x = _pdep_u64(1ull << k, x); /* its k-th set bit */
#else
				while (k--)
					x &= x - 1;
#endif
				drawn(b, cand[q * 64 + __builtin_ctzll(x)], l);
				break;
			}
		}
		return;
	}
	uint64_t bits = 0;  /* 32 random bits held over for the next draw */
	bool held = false;
	uint32_t lim = (uint32_t)-(uint32_t)nc % (uint32_t)nc;
	for (int t = 0; t < DRAW_TRIES && many; t++)
		for (uint64_t f = many; f; f &= f - 1) {
			int l = __builtin_ctzll(f);
			/* Lemire's multiply on 32 bits, two draws from one 64 */
			if (!held)
				bits = gl_rng_next(rng);
			uint64_t m = (bits >> (held ? 0 : 32) & 0xffffffffu) * (uint32_t)nc;
			held = !held;
			if ((uint32_t)m < lim)
				m = (uint64_t)gl_rng_below(rng, (uint32_t)nc) << 32;
			int j = (int)(m >> 32);
			if (cw[j] >> l & 1) {
				drawn(b, cand[j], l);
				many &= ~(1ull << l);
			}
		}
	if (!many)
		return;
	int cnt[LANES], pick[LANES];
	for (uint64_t f = many; f; f &= f - 1)
		cnt[__builtin_ctzll(f)] = 0;
	for (int j = 0; j < nc; j++)
		for (uint64_t w = cw[j] & many; w; w &= w - 1)
			cnt[__builtin_ctzll(w)]++;
	for (uint64_t f = many; f; f &= f - 1) {
		int l = __builtin_ctzll(f);
		pick[l] = (int)gl_rng_below(rng, (uint32_t)cnt[l]);
	}
	for (int j = 0; j < nc; j++)
		for (uint64_t w = cw[j] & many; w; w &= w - 1) {
			int l = __builtin_ctzll(w);
			if (pick[l]-- == 0)
				drawn(b, cand[j], l);
		}
}

/* Role r's move in each lane of many drawn with probability in
 * proportion to its weight, b->weight[r * nmoves + id], among the lane's
 * legal moves, into b->dw (as draw()); mv are the role's possible moves.
 * The candidates' lane words are transposed into each lane's legal
 * candidates, whose weights the lane sums, then draws from. */
static void draw_weighted(gdl_batch *b, int r, uint64_t many, int nc,
	const pmove *mv, gl_rng *rng)
{
	const double *w = b->weight + (size_t)r * (size_t)b->nm;
	const int32_t *cand = b->cand;
	int nb = transpose_cands(b, many, nc);
	const uint64_t *tr = b->tr;
	for (uint64_t f = many; f; f &= f - 1) {
		int l = __builtin_ctzll(f), pick = -1;
		double total = 0;
		for (int q = 0; q < nb; q++)
			for (uint64_t x = tr[q * 64 + l]; x; x &= x - 1)
				total += w[mv[cand[q * 64 + __builtin_ctzll(x)]].id];
		double t = gl_rng_unit(rng) * total;
		for (int q = 0; q < nb && t >= 0; q++)
			for (uint64_t x = tr[q * 64 + l]; x && t >= 0; x &= x - 1) {
				pick = cand[q * 64 + __builtin_ctzll(x)];
				t -= w[mv[pick].id];
			}
		drawn(b, pick, l);
	}
}

/* The moves role r drew this step (b->drawn, b->dw; mv its possible
 * moves) appended to each lane's row of the trail t, as far as it has
 * room. */
static void record(gl_trail *t, const gdl_batch *b, const pmove *mv, int r)
{
	for (int j = 0; j < b->nd; j++) {
		int k = b->drawn[j];
		for (uint64_t f = b->dw[k]; f; f &= f - 1) {
			int l = __builtin_ctzll(f), i = t->n[l];
			if (i >= t->cap)
				continue;
			t->move[(size_t)l * (size_t)t->cap + (size_t)i] = mv[k].id;
			t->who[(size_t)l * (size_t)t->cap + (size_t)i] = (int8_t)r;
			t->n[l] = i + 1;
		}
	}
}

/* Each role's goal in the lanes of mask (its best goal true there, 0
 * where none is), from the words of val: added into goal_sum[role], and
 * (where goals is not NULL) into goals[l * nroles + role] of each lane. */
static void add_goals(const gdl_game *gd, const gdl_batch *b,
	const gdl_net *n, const uint64_t *val, uint64_t mask, int64_t *goal_sum,
	int *goals)
{
	for (uint64_t f = goals ? mask : 0; f; f &= f - 1)
		for (int r = 0; r < gd->nroles; r++)
			goals[__builtin_ctzll(f) * gd->nroles + r] = 0;
	uint64_t left = mask;
	for (int k = 0; k < gd->ngoal; k++) {
		int i = b->gorder[k];
		if (k > 0 && gd->goal_role[b->gorder[k - 1]] != gd->goal_role[i])
			left = mask; /* the next role */
		uint64_t hit = word(val, n->goal_ref[i]) & left;
		if (goal_sum)
			goal_sum[gd->goal_role[i]] += (int64_t)gd->goal_value[i] *
				__builtin_popcountll(hit);
		for (uint64_t f = goals ? hit : 0; f; f &= f - 1)
			goals[__builtin_ctzll(f) * gd->nroles + gd->goal_role[i]] =
				gd->goal_value[i];
		left &= ~hit;
	}
}

/* Lanes 0..n-1 (n <= 64) as a mask. */
static inline uint64_t lane_mask(int n)
{
	return n == LANES ? ~0ull : (1ull << n) - 1;
}

/* The goals of the ended playouts held in gbase (lanes 0..n-1), by the
 * goal network, into goal_sum or goals (as add_goals); gbase emptied. */
static void flush_goals(const gdl_game *gd, gdl_batch *b, int n,
	int64_t *goal_sum, int *goals)
{
	const gdl_net *g = b->g;
	for (int i = 0; i < gd->nbase; i++)
		b->gval[g->base_gate[i]] = b->gbase[i];
	phases(g, b->gval, 3);
	add_goals(gd, b, g, b->gval, lane_mask(n), goal_sum, goals);
	memset(b->gbase, 0, (size_t)gd->nbase * sizeof *b->gbase);
	b->npend = 0;
}

/* The n ended playouts held in gbase, by the goal network, into goal_sum
 * (may be NULL) and, where goals is not NULL, slot j's into row pid[j]
 * of goals (through lg, room for LANES rows). */
static void flush_held(const gdl_game *gd, gdl_batch *b, int n,
	int64_t *goal_sum, int *goals, const long *pid, int *lg)
{
	flush_goals(gd, b, n, goal_sum, goals ? lg : NULL);
	for (int j = 0; goals && j < n; j++)
		memcpy(goals + pid[j] * gd->nroles, lg + j * gd->nroles,
			(size_t)gd->nroles * sizeof *lg);
}

/* The playouts ended in the lanes of fin held for the goal network (see
 * flush_held): their states into gbase's next slots in lane order, their
 * ids (id[lane]) into pid; gbase flushed whenever it holds LANES. A
 * lane's bits are gathered a base word at a time (the base words are
 * val's first), all the lanes of fin at once where BMI2 has a gather. */
static void hold(const gdl_game *gd, gdl_batch *b, const uint64_t *val,
	uint64_t fin, const long *id, long *pid, int64_t *goal_sum, int *goals,
	int *lg)
{
	while (fin) {
		int at = b->npend, room = LANES - at;
		uint64_t take = fin;
		if (__builtin_popcountll(fin) > room) { /* the first room lanes */
			take = 0;
			for (uint64_t f = fin; room--; f &= f - 1)
				take |= f & -f;
		}
		for (uint64_t f = take; f; f &= f - 1)
			pid[b->npend++] = id[__builtin_ctzll(f)];
		if (take == ~0ull) { /* at is 0 */
			memcpy(b->gbase, val, (size_t)gd->nbase * sizeof *val);
		} else {
#ifdef __BMI2__
			for (int i = 0; i < gd->nbase; i++)
				b->gbase[i] |= _pext_u64(val[i], take) << at;
#else
			for (uint64_t f = take; f; f &= f - 1, at++) {
				int l = __builtin_ctzll(f);
				for (int i = 0; i < gd->nbase; i++)
					b->gbase[i] |= (val[i] >> l & 1) << at;
			}
#endif
		}
		fin &= ~take;
		if (b->npend == LANES)
			flush_held(gd, b, LANES, goal_sum, goals, pid, lg);
	}
}

/* The lanes of mask take the state: every base word at once (the state's
 * words kept in b->sw for the reloads of a call). */
static void load_lanes(const gdl_game *gd, gdl_batch *b, uint64_t mask,
	const uint64_t *state)
{
	uint64_t *val = b->val, *sw = b->sw;
	if (state != b->swof) { /* the state as words of all ones or none */
		for (int i = 0; i < gd->nbase; i++)
			sw[i] = -(state[i / 64] >> (i % 64) & 1);
		b->swof = state;
	}
	for (int i = 0; i < gd->nbase; i++) /* the base words are the first */
		val[i] = (val[i] & ~mask) | (sw[i] & mask);
}

/* Lane l of every base word takes its bit from state. */
static void load_lane(const gdl_game *gd, uint64_t *val, int l,
	const uint64_t *state)
{
	const int32_t *bg = gd->net->base_gate;
	uint64_t bit = 1ull << l;
	for (int i = 0; i < gd->nbase; i++) {
		if (state[i / 64] >> (i % 64) & 1)
			val[bg[i]] |= bit;
		else
			val[bg[i]] &= ~bit;
	}
}

/* The network of a step, and the lanes it evaluates: the variant (its
 * number, *lanes narrowed to its lanes) of most lanes' split bits (see
 * gdl_net) where that is quarters / 4 of them or more (the others wait a
 * step: in a turn-taking game, a lane started anew, for its turn), else
 * 0, the game's network, for all the lanes of *lanes. */
static int variant(const gdl_net *n, const uint64_t *val, uint64_t *lanes,
	int quarters)
{
	uint64_t best = 0;
	int bv = 0;
	for (int q = 0; n->nvar && q < 1 << n->nsplit; q++) {
		if (!n->var_of[q])
			continue;
		uint64_t m = *lanes;
		for (int j = 0; j < n->nsplit; j++) {
			uint64_t kw = val[n->base_gate[n->split[j]]];
			m &= q >> j & 1 ? kw : ~kw;
		}
		if (__builtin_popcountll(m) > __builtin_popcountll(best)) {
			best = m;
			bv = n->var_of[q];
		}
	}
	if (!bv || __builtin_popcountll(best) * 4 <
	    __builtin_popcountll(*lanes) * quarters)
		return 0;
	*lanes = best;
	return bv;
}

/* Whether e, left at a playout's last state after steps of max_steps,
 * was stopped before the end: not terminal, every role with a legal
 * move. */
static bool stopped(const gdl_game *gd, gdl_eval *e, int steps, int max_steps)
{
	if (steps < max_steps || gdl_terminal(gd, e))
		return false;
	for (int r = 0; r < gd->nroles; r++)
		if (gdl_legal_count(gd, e, r) == 0)
			return false;
	return true;
}

/* Lane l's state into out (words), the inverse of load_lane(). */
static void store_lane(const gdl_game *gd, const uint64_t *val, int l,
	uint64_t *out)
{
	const int32_t *bg = gd->net->base_gate;
	memset(out, 0, (size_t)gd->words * sizeof *out);
	for (int i = 0; i < gd->nbase; i++)
		out[i / 64] |= (val[bg[i]] >> l & 1) << (i % 64);
}

/* The playouts of gdl_batch_playouts (state: count from it, goals summed
 * into goal_sum) or of gdl_batch_each (states: one from each of count <=
 * 64, each one's goals and length into goals and len, its last state
 * into ends where that is not NULL). */
static uint64_t playouts(const gdl_game *gd, gdl_batch *b,
	const uint64_t *state, const uint64_t *states, int count, gl_rng *rng,
	int max_steps, int64_t *goal_sum, int *goals, int *len, uint64_t *ends)
{
	const gdl_net *n = b->n;
	uint64_t *val = b->val;
	int nm = gd->nmoves, nroles = gd->nroles;
	int made[LANES]; /* moves lane l has made in its playout */
	/* From one state with goals (gdl_batch_goals): playout k's goals go
	 * to row k, lane l playing playout id[l]; ended lanes' goals pass
	 * through lg (or gbase's pending slots, whose playouts pid holds). */
	bool byid = state && goals;
	long id[LANES], pid[LANES];
	int lg[LANES * GDL_ROLES_MAX];
	uint64_t total = 0, old = 0; /* old: lanes that made max_steps */
	uint64_t cut = 0; /* lanes that max_steps stopped before the end */
	size_t nw = (size_t)gd->words;
	for (int r = 0; goal_sum && r < nroles; r++)
		goal_sum[r] = 0;
	if (count <= 0)
		return 0;
	if (b->one) {
		for (int k = 0; k < count; k++) {
			int g[GDL_ROLES_MAX];
			int m = gdl_playout(gd, b->one, states ? states +
				(size_t)k * nw : state, rng, max_steps, g,
				ends ? ends + (size_t)k * nw : NULL);
			total += (uint64_t)m;
			for (int r = 0; goal_sum && r < nroles; r++)
				goal_sum[r] += g[r];
			bool stop = ends && stopped(gd, b->one, m, max_steps);
			for (int r = 0; goals && r < nroles; r++)
				goals[k * nroles + r] = stop ? -1 : g[r];
			if (len)
				len[k] = m;
		}
		return total;
	}
	int lanes = count < LANES ? count : LANES;
	uint64_t active = lane_mask(lanes);
	for (int l = 0; l < lanes; l++)
		id[l] = l;
	b->swof = NULL; /* the caller may have changed the state since */
	if (states)
		for (int l = 0; l < lanes; l++)
			load_lane(gd, val, l, states + (size_t)l * (size_t)gd->words);
	else
		load_lanes(gd, b, active, state);
	for (int l = 0; l < lanes; l++)
		made[l] = 0;
	/* Playouts from states apart (a tree's leaves, some at each player's
	 * turn) go by the variant of half the lanes, so that in a
	 * turn-taking game the others wait a step once and then all move
	 * together; else by that of three quarters. */
	uint64_t all = active;
	int quarters = states && !variant(n, val, &all, 4) ? 2 : 3;
	if (max_steps <= 0)
		old = active;
	int started = lanes;
	while (active) {
		uint64_t here = active;
		int vi = variant(n, val, &here, quarters);
		const gdl_net *cur = vi ? n->var[vi] : n;
		phases(cur, val, 1);
		const pmove *moves = b->moves + (size_t)vi * (size_t)nroles *
			(size_t)nm;
		const int *nrm = b->nrm + vi * GDL_ROLES_MAX;
		if (!cur->prog)
			fill_legal(gd, cur, val, moves, nrm);
		/* Lanes that end here: terminal, a role without moves, too long. */
		uint64_t fin = word(val, cur->terminal);
		for (int r = 0; r < nroles; r++) {
			const uint64_t *lr = val + cur->lreg + r * cur->lstride;
			uint64_t any = 0;
			for (int k = 0; k < nrm[r]; k++)
				any |= lr[k];
			fin |= ~any;
		}
		cut |= old & here & ~fin;
		fin = (fin | old) & here;
		old &= ~fin;
		if ((goal_sum || goals) && !b->g) {
			add_goals(gd, b, cur, val, fin, goal_sum, byid ? lg : goals);
			for (uint64_t f = byid ? fin : 0; f; f &= f - 1) {
				int l = __builtin_ctzll(f);
				memcpy(goals + id[l] * nroles, lg + l * nroles,
					(size_t)nroles * sizeof *lg);
			}
		}
		if (goals && b->g && !byid) /* each at its own bit, for the goal network */
			for (int i = 0; i < gd->nbase; i++)
				b->gbase[i] |= val[i] & fin;
		else if ((goal_sum || byid) && b->g) /* held, for the goal network */
			hold(gd, b, val, fin, id, pid, goal_sum, byid ? goals : NULL, lg);
		uint64_t reload = 0;
		for (uint64_t f = fin; f; f &= f - 1) {
			int l = __builtin_ctzll(f);
			total += (uint64_t)made[l];
			if (len)
				len[l] = made[l];
			made[l] = 0;
			if (ends)
				store_lane(gd, val, l, ends + (size_t)l * nw);
			if (started < count) {
				reload |= 1ull << l; /* moves from the next step */
				id[l] = started++;
			} else {
				active &= ~(1ull << l);
			}
		}
		if (reload)
			load_lanes(gd, b, reload, state);
		uint64_t moving = here & ~fin;
		if (!moving)
			continue;
		/* Each moving lane draws a legal move per role: where it has
		 * only one (a noop, a forced move), no draw at all. */
		int nset = 0; /* does words set, b->set[] */
		does_begin(cur, val);
		for (int r = 0; r < nroles; r++) {
			const pmove *mv = moves + r * nm;
			const uint64_t *lr = val + cur->lreg + r * cur->lstride;
			int nr = nrm[r];
			uint64_t ones, many;
			int nc = candidates(lr, nr, moving, b->cand, b->cw, &ones,
				&many);
			b->nd = 0;
			if (many && b->weight)
				draw_weighted(b, r, many, nc, mv, rng);
			else if (many)
				draw(b, many, nc, rng);
			/* The moves made: those drawn, and where a lane has one
			 * legal move, that one (the others made none). */
			uint64_t other = ~moving; /* see gdl_net's other */
			bool one = (ones & ~many) != 0;
			for (int j = 0, nk = one ? nc : b->nd; j < nk; j++) {
				int k = one ? b->cand[j] : b->drawn[j];
				int32_t dg = mv[k].does;
				uint64_t w = (one ? b->cw[j] & ~many : 0) | b->dw[k];
				if (dg < 0)
					other |= w;
				else if (w)
					does_set(cur, val, b->set[nset++] = dg, w);
			}
			if (b->trail)
				record(b->trail, b, mv, r);
			for (int j = 0; j < b->nd; j++)
				b->dw[b->drawn[j]] = 0;
			val[cur->other[r]] = other;
		}
		phases(cur, val, 2);
		if (!cur->prog)
			fill_next(gd, cur, val);
		/* the next state from its region, apart from the base words (a
		 * next(X) may be some true(Y)), which are the first */
		const uint64_t *nx = val + cur->nreg;
		for (int i = 0; i < gd->nbase; i++)
			val[i] = (nx[i] & moving) | (val[i] & ~moving);
		/* the does words cleared: the next step sets its own */
		for (int j = 0; j < nset; j++)
			val[b->set[j]] = 0;
		for (uint64_t f = moving; f; f &= f - 1) {
			int l = __builtin_ctzll(f);
			if (++made[l] >= max_steps)
				old |= 1ull << l;
		}
	}
	if ((goal_sum || byid) && b->npend)
		flush_held(gd, b, b->npend, goal_sum, byid ? goals : NULL, pid, lg);
	if (goals && b->g && !byid) /* lane l's state at its bit l */
		flush_goals(gd, b, lanes, NULL, goals);
	for (uint64_t f = goals && ends ? cut : 0; f; f &= f - 1)
		for (int r = 0; r < nroles; r++)
			goals[__builtin_ctzll(f) * nroles + r] = -1;
	return total;
}

uint64_t gdl_batch_playouts(const gdl_game *gd, gdl_batch *b,
	const uint64_t *state, int count, gl_rng *rng, int max_steps,
	int64_t *goal_sum)
{
	return playouts(gd, b, state, NULL, count, rng, max_steps, goal_sum,
		NULL, NULL, NULL);
}

uint64_t gdl_batch_goals(const gdl_game *gd, gdl_batch *b,
	const uint64_t *state, int count, gl_rng *rng, int max_steps, int *goals)
{
	return playouts(gd, b, state, NULL, count, rng, max_steps, NULL, goals,
		NULL, NULL);
}

uint64_t gdl_batch_each(const gdl_game *gd, gdl_batch *b,
	const uint64_t *states, int count, gl_rng *rng, int max_steps,
	const double *weight, gl_trail *trail, int *goals, int *len,
	uint64_t *ends)
{
	if (count > LANES)
		count = LANES;
	b->weight = weight;
	b->trail = trail;
	for (int k = 0; trail && k < count; k++)
		trail->n[k] = 0; /* the prover's playouts record none */
	uint64_t t = playouts(gd, b, NULL, states, count, rng, max_steps, NULL,
		goals, len, ends);
	b->weight = NULL;
	b->trail = NULL;
	return t;
}

void gdl_batch_step(const gdl_game *gd, gdl_batch *b, int nl,
	const uint64_t *states, const int *joints, int *nlegal, bool *terminal,
	int *goals, uint64_t *next)
{
	const gdl_net *n = b->n;
	uint64_t *val = b->val;
	int nm = gd->nmoves, w = gd->words;
	if (b->one) {
		for (int l = 0; l < nl && l < LANES; l++) {
			gdl_eval_state(gd, b->one, states + (size_t)l * w);
			terminal[l] = gdl_terminal(gd, b->one);
			for (int r = 0; r < gd->nroles; r++) {
				nlegal[l * gd->nroles + r] = gdl_legal_count(gd, b->one, r);
				goals[l * gd->nroles + r] = gdl_goal(gd, b->one, r);
			}
			gdl_next(gd, b->one, joints + (size_t)l * gd->nroles,
				next + (size_t)l * w);
		}
		return;
	}
	for (int l = 0; l < nl && l < LANES; l++)
		load_lane(gd, val, l, states + (size_t)l * w);
	phases(n, val, 1);
	if (!n->prog)
		fill_legal(gd, n, val, b->moves, b->nrm);
	const gdl_net *gn = n;     /* where the goals are */
	const uint64_t *gv = val;
	if (b->g) {
		gn = b->g;
		for (int i = 0; i < gd->nbase; i++)
			b->gval[gn->base_gate[i]] = val[n->base_gate[i]];
		phases(gn, b->gval, 3);
		gv = b->gval;
	}
	for (int l = 0; l < nl && l < LANES; l++) {
		terminal[l] = word(val, n->terminal) >> l & 1;
		for (int r = 0; r < gd->nroles; r++) {
			int c = 0;
			for (int k = 0; k < b->nrm[r]; k++)
				c += (int)(val[n->lreg + r * n->lstride + k] >> l & 1);
			nlegal[l * gd->nroles + r] = c;
			int best = 0;
			for (int i = 0; i < gd->ngoal; i++)
				if (gd->goal_role[i] == r && gd->goal_value[i] > best &&
				    (word(gv, gn->goal_ref[i]) >> l & 1))
					best = gd->goal_value[i];
			goals[l * gd->nroles + r] = best;
		}
	}
	does_begin(n, val);
	for (int r = 0; r < gd->nroles; r++) {
		uint64_t other = ~0ull;
		for (int m = 0; m < nm; m++) {
			int32_t dg = n->does_ref[r * nm + m];
			if (dg < 0)
				continue;
			uint64_t dw = 0;
			for (int l = 0; l < nl && l < LANES; l++)
				if (joints[l * gd->nroles + r] == m)
					dw |= 1ull << l;
			does_set(n, val, dg, dw);
			other &= ~dw;
		}
		val[n->other[r]] = other;
	}
	phases(n, val, 2);
	if (!n->prog)
		fill_next(gd, n, val);
	for (int l = 0; l < nl && l < LANES; l++) {
		uint64_t *out = next + (size_t)l * w;
		memset(out, 0, (size_t)w * sizeof *out);
		for (int i = 0; i < gd->nbase; i++)
			if (val[n->nreg + i] >> l & 1)
				out[i / 64] |= 1ull << (i % 64);
	}
	for (int k = 0; k < gd->nroles * nm; k++) /* as the playouts expect */
		if (n->does_ref[k] >= 0)
			val[n->does_ref[k]] = 0;
}
