/*
 * td.c - the agent `td`: afterstate TD(lambda) learners of Banerjee and
 * Stone 2007 (section 2.2, equation 2; section 4's three learners).
 *
 *   init=baseline   a new afterstate's Q starts at the default value (50);
 *   init=lookahead  at the minimax value of the two-move lookahead below it
 *                   (terminal nodes at their reward, other leaves at 50);
 *   init=transfer   at the value of the lookahead feature it matches,
 *                   learned in a source game against the same opponent and
 *                   loaded from features=FILE; 50 if it matches none.
 *
 * The learner plays greedily on Q over the afterstates of its legal moves
 * (ties broken by a->rng, a random move with probability eps) and records
 * the afterstates of its own moves; after the match, end() runs the batch
 * update of equation 2 over them with the final reward (the learner's
 * goal value: 100, 50 or 0) and Q(sigma_{k+1}) = 0.
 *
 * A gap in the paper, an option (init_at): it initialises the afterstates
 * of a finished match before its update ("during the Startclock of a
 * match, we look at the afterstates visited during the preceding match");
 * an afterstate seen only as an option while choosing has no Q yet.
 * init_at=choose (the default) values such an afterstate at the initial
 * value it would get (and, for lookahead and transfer, stores it so that
 * its lookahead runs once), which makes the lookahead and transfer
 * initialisations steer the choice of moves; init_at=update is the
 * literal reading: an option without a Q counts as the default value
 * while choosing, and an afterstate gets its lookahead or transfer value
 * only in the update after the match that visited it.
 *
 * The value table is an open-addressing hash table keyed by the
 * afterstate's bytes (they include the player to move) and the learner's
 * role, holding Q and a visit count; it doubles when half full, so no
 * move allocates except for that geometric growth.
 */
#include "gamelearn/td.h"
#include "gamelearn/fileio.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- The value table ---------------------------------------------------------- */

typedef struct td_table {
	size_t cap;           /* slots, a power of two */
	size_t n;             /* used slots */
	unsigned ss;          /* state size in bytes */
	uint64_t *hash;       /* per slot: 0 = empty, else the key's hash | 1 */
	unsigned char *keys;  /* per slot: ss state bytes */
	double *q;            /* per slot: Q(sigma) */
	uint32_t *visits;     /* per slot: matches that visited sigma */
	uint8_t *role;        /* per slot: the learner's player index */
} td_table;

static void table_free(td_table *t)
{
	gl_free(t->hash);
	gl_free(t->keys);
	gl_free(t->q);
	gl_free(t->visits);
	gl_free(t->role);
	t->hash = NULL;
	t->keys = NULL;
	t->q = NULL;
	t->visits = NULL;
	t->role = NULL;
	t->n = t->cap = 0;
}

static int table_alloc(td_table *t, size_t cap, unsigned ss)
{
	t->cap = cap;
	t->n = 0;
	t->ss = ss;
	t->hash = gl_calloc(cap, sizeof *t->hash);
	t->keys = gl_malloc(cap * ss);
	t->q = gl_malloc(cap * sizeof *t->q);
	t->visits = gl_malloc(cap * sizeof *t->visits);
	t->role = gl_malloc(cap);
	if (!t->hash || !t->keys || !t->q || !t->visits || !t->role) {
		table_free(t);
		return GL_ENOMEM;
	}
	return 0;
}

static uint64_t key_hash(const gl_game *g, const void *s, int role)
{
	return (gl_game_hash(g, s) ^ gl_mix64((uint64_t)role + 0x9e37u)) | 1;
}

/* Slot of (s, role): the slot holding it, or the empty slot where it goes. */
static size_t table_slot(const td_table *t, uint64_t h, const void *s, int role)
{
	size_t mask = t->cap - 1, i = (size_t)(h >> 7) & mask;
	while (t->hash[i] && !(t->hash[i] == h && t->role[i] == role &&
		!memcmp(t->keys + i * t->ss, s, t->ss)))
		i = (i + 1) & mask;
	return i;
}

static int table_grow(td_table *t)
{
	td_table old = *t;
	if (table_alloc(t, old.cap * 2, old.ss)) {
		*t = old;
		return GL_ENOMEM;
	}
	for (size_t i = 0; i < old.cap; i++) {
		if (!old.hash[i])
			continue;
		size_t j = table_slot(t, old.hash[i], old.keys + i * old.ss, old.role[i]);
		t->hash[j] = old.hash[i];
		memcpy(t->keys + j * t->ss, old.keys + i * old.ss, t->ss);
		t->q[j] = old.q[i];
		t->visits[j] = old.visits[i];
		t->role[j] = old.role[i];
		t->n++;
	}
	table_free(&old);
	return 0;
}

/* Insert (s, role) known to be absent, at value q; returns its slot via
 * *slot. */
static int table_insert(td_table *t, uint64_t h, const void *s, int role, double q,
	size_t *slot)
{
	if (2 * (t->n + 1) > t->cap && table_grow(t))
		return GL_ENOMEM;
	size_t i = table_slot(t, h, s, role);
	t->hash[i] = h;
	memcpy(t->keys + i * t->ss, s, t->ss);
	t->q[i] = q;
	t->visits[i] = 0;
	t->role[i] = (uint8_t)role;
	t->n++;
	*slot = i;
	return 0;
}

static size_t table_bytes(const td_table *t)
{
	return t->cap * (sizeof *t->hash + t->ss + sizeof *t->q + sizeof *t->visits + 1);
}

/* --- The agent ------------------------------------------------------------------ */

enum { INIT_BASELINE, INIT_LOOKAHEAD, INIT_TRANSFER };

typedef struct td {
	int init;             /* INIT_* */
	bool init_at_update;  /* init_at=update: new options valued at dflt */
	double alpha, gamma, lambda; /* equation 2's parameters */
	double eps;           /* probability of a random move */
	double dflt;          /* initial value when nothing else says */
	int depth;            /* lookahead depth for lookahead and transfer */
	gl_feature_set fs;    /* transfer: the source features and values */
	char features[GL_PARAM_TEXT]; /* transfer: the file they came from */
	td_table t;           /* Q over afterstates */
	unsigned char *traj;  /* this match's afterstates, kcap * state_size */
	int k, kcap;          /* afterstates recorded, room */
	int pending;          /* an allocation failure in end(), reported next */
	gl_scratch look;      /* the lookahead's lists and states */
	gl_scratch w;         /* choose(): the moves and an afterstate */
} td;

static const gl_param_def td_params[] = {
	{"init", "baseline", "initial Q of a new afterstate: baseline, lookahead or transfer", 1, 0},
	{"init_at", "choose", "when a new afterstate gets its initial value: choose (as soon as it is an option) or update (the paper's literal reading: in the update after the match that visited it; options without a Q count as the default)", 1, 0},
	{"features", "", "transfer: feature file learned in a source game (gamelearn repro banerjee-stone)", 1, 0},
	{"alpha", "0.3", "learning rate (0..1]", 1, 0},
	{"gamma", "1.0", "discount (0..1]", 1, 0},
	{"lambda", "0.7", "trace decay (0..1]", 1, 0},
	{"eps", "0.01", "probability of a random move (0..1)", 1, 0},
	{"default", "50", "initial value of an afterstate nothing else values", 1, 0},
	{"depth", "2", "lookahead depth below the afterstate", 0, GL_FEATURE_DEPTH_MAX},
	{NULL, NULL, NULL, 0, 0}
};

static int num(const gl_params *p, const char *key, double lo, double hi, bool open_lo,
	double *out, gl_err *err)
{
	const char *text = gl_params_str(p, key);
	char *end;
	double v = strtod(text, &end);
	if (!*text || *end || !(v >= lo && v <= hi) || (open_lo && v == lo))
		return gl_fail(err, GL_EINVAL, "agent td: %s must be a number in %s%g..%g], got '%s'",
			key, open_lo ? "(" : "[", lo, hi, text);
	*out = v;
	return 0;
}

static bool td_supports(const gl_game *g, gl_err *err)
{
	if (g->nplayers != 2) {
		gl_fail(err, GL_EINVAL, "agent td plays two-player games; %s has %u players",
			g->spec, g->nplayers);
		return false;
	}
	return true;
}

static void td_done(gl_agent *a)
{
	td *d = a->data;
	if (!d)
		return;
	table_free(&d->t);
	gl_fset_done(&d->fs);
	gl_free(d->traj);
	gl_scratch_done(&d->look);
	gl_scratch_done(&d->w);
	gl_free(d);
	a->data = NULL;
}

static int td_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	const gl_game *g = a->game;
	const char *init = gl_params_str(p, "init");
	int mode = !strcmp(init, "baseline") ? INIT_BASELINE :
		   !strcmp(init, "lookahead") ? INIT_LOOKAHEAD :
		   !strcmp(init, "transfer") ? INIT_TRANSFER : -1;
	if (mode < 0)
		return gl_fail(err, GL_EINVAL, "agent td: init must be baseline, lookahead or "
			"transfer, got '%s'", init);
	const char *at = gl_params_str(p, "init_at");
	if (strcmp(at, "choose") && strcmp(at, "update"))
		return gl_fail(err, GL_EINVAL, "agent td: init_at must be choose or update, got '%s'",
			at);
	const char *file = gl_params_str(p, "features");
	if ((mode == INIT_TRANSFER) != (file[0] != '\0'))
		return gl_fail(err, GL_EINVAL, mode == INIT_TRANSFER ?
			"agent td: init=transfer needs features=FILE" :
			"agent td: features=FILE is only for init=transfer");
	td *d = gl_calloc(1, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	d->init = mode;
	d->init_at_update = !strcmp(at, "update");
	d->depth = (int)gl_params_int(p, "depth");
	gl_fset_init(&d->fs, d->depth);
	snprintf(d->features, sizeof d->features, "%s", file);
	int rc;
	if ((rc = num(p, "alpha", 0, 1, true, &d->alpha, err)) ||
	    (rc = num(p, "gamma", 0, 1, true, &d->gamma, err)) ||
	    (rc = num(p, "lambda", 0, 1, true, &d->lambda, err)) ||
	    (rc = num(p, "eps", 0, 1, false, &d->eps, err)) ||
	    (rc = num(p, "default", 0, 100, false, &d->dflt, err)))
		goto fail;
	if (mode == INIT_TRANSFER) {
		if ((rc = gl_fset_load(&d->fs, file, err)))
			goto fail;
		if (d->fs.depth != d->depth) {
			rc = gl_fail(err, GL_EINVAL, "agent td: %s holds depth-%d features, "
				"the agent looks %d deep", file, d->fs.depth, d->depth);
			goto fail;
		}
	}
	d->kcap = (int)g->max_length + 1;
	d->traj = gl_malloc((size_t)d->kcap * g->state_size);
	size_t cap = 1024;
	while (cap < (size_t)g->max_length * 256 && cap < ((size_t)1 << 16))
		cap *= 2;
	if (!d->traj || table_alloc(&d->t, cap, g->state_size)) {
		rc = gl_fail(err, GL_ENOMEM, "out of memory");
		goto fail;
	}
	if ((rc = gl_lookahead_scratch(&d->look, g, err)) ||
	    (rc = gl_scratch_init(&d->w, g, 1, 1, err)))
		goto fail;
	a->data = d;
	return 0;
fail:
	table_free(&d->t);
	gl_fset_done(&d->fs);
	gl_free(d->traj);
	gl_scratch_done(&d->look);
	gl_scratch_done(&d->w);
	gl_free(d);
	return rc;
}

/* The initial value of a new afterstate s of role. */
static double init_value(const td *d, const gl_game *g, const void *s, int role)
{
	if (d->init == INIT_LOOKAHEAD)
		return gl_lookahead_value(g, s, role, d->depth, d->dflt, &d->look);
	if (d->init == INIT_TRANSFER) {
		char t[GL_FEATURE_TEXT];
		if (gl_feature_of(g, s, role, d->depth, &d->look, t, sizeof t) == 1)
			return gl_feature_value(gl_fset_find(&d->fs, t), d->dflt);
	}
	return d->dflt;
}

/* Q of s for role, initialising (and, except for baseline, storing) it if
 * new. *slot is its slot or SIZE_MAX if not stored. */
static int value_of(td *d, const gl_game *g, const void *s, int role, bool store,
	double *v, size_t *slot)
{
	uint64_t h = key_hash(g, s, role);
	size_t i = table_slot(&d->t, h, s, role);
	if (d->t.hash[i]) {
		*v = d->t.q[i];
		*slot = i;
		return 0;
	}
	*v = init_value(d, g, s, role);
	*slot = SIZE_MAX;
	if (!store)
		return 0;
	return table_insert(&d->t, h, s, role, *v, slot);
}

static int td_begin(gl_agent *a, gl_err *err)
{
	td *d = a->data;
	d->k = 0;
	if (d->pending) {
		d->pending = 0;
		return gl_fail(err, GL_ENOMEM, "agent td: out of memory growing its table");
	}
	return 0;
}

static int td_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	td *d = a->data;
	const gl_game *g = a->game;
	gl_action *moves = gl_scratch_moves(&d->w, 0);
	void *c = gl_scratch_state(&d->w, 0);
	if (d->eps > 0 && gl_rng_unit(&a->rng) < d->eps) {
		*move = gl_random_move(g, s, &a->rng, moves);
		return 0;
	}
	int n = g->type->legal(g, s, moves);
	double best = -1e300;
	uint32_t ties = 0;
	for (int i = 0; i < n; i++) {
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		double v;
		size_t slot;
		if (d->init_at_update) {
			/* no Q before the update that follows its first visit */
			size_t at = table_slot(&d->t, key_hash(g, c, a->role), c, a->role);
			v = d->t.hash[at] ? d->t.q[at] : d->dflt;
		} else if (value_of(d, g, c, a->role, d->init != INIT_BASELINE, &v, &slot)) {
			return gl_fail(err, GL_ENOMEM, "agent td: out of memory growing its table");
		}
		if (v > best) {
			best = v;
			ties = 1;
			*move = moves[i];
		} else if (v == best && gl_rng_below(&a->rng, ++ties) == 0) {
			*move = moves[i];
		}
	}
	return 0;
}

static void td_observe(gl_agent *a, const void *s, int player, gl_action move)
{
	td *d = a->data;
	const gl_game *g = a->game;
	if (player != a->role || d->k == d->kcap)
		return;
	unsigned char *c = d->traj + (size_t)d->k * g->state_size;
	memcpy(c, s, g->state_size);
	g->type->apply(g, c, move);
	d->k++;
}

int gl_td_episode(gl_agent *a, const unsigned char *states, int k, int role, double r)
{
	if (a->type != &gl_agent_td)
		return GL_EINVAL;
	td *d = a->data;
	const gl_game *g = a->game;
	size_t ss = g->state_size;
	/* initialise new afterstates, count the visit */
	for (int t = 0; t < k; t++) {
		double v;
		size_t slot;
		if (value_of(d, g, states + (size_t)t * ss, role, true, &v, &slot))
			return GL_ENOMEM;
		d->t.visits[slot]++;
	}
	/* equation 2, t = 1..k: delta_t = r_{t+1} + gamma Q(sigma_{t+1}) - Q(sigma_t),
	 * Q(sigma_p) += alpha lambda^(t-p) delta_t for p <= t; slots are looked up
	 * afresh (no growth happens here: every afterstate is in the table) */
	for (int t = 0; t < k; t++) {
		const unsigned char *st = states + (size_t)t * ss;
		size_t it = table_slot(&d->t, key_hash(g, st, role), st, role);
		double next = 0, reward = 0;
		if (t + 1 < k) {
			const unsigned char *sn = st + ss;
			next = d->t.q[table_slot(&d->t, key_hash(g, sn, role), sn, role)];
		} else {
			reward = r;
		}
		double delta = reward + d->gamma * next - d->t.q[it];
		double e = d->alpha;
		for (int p = t; p >= 0; p--) {
			const unsigned char *sp = states + (size_t)p * ss;
			size_t ip = p == t ? it : table_slot(&d->t, key_hash(g, sp, role), sp, role);
			d->t.q[ip] += e * delta;
			e *= d->lambda;
		}
	}
	return 0;
}

static void td_end(gl_agent *a, const void *s, const int *goals)
{
	(void)s;
	td *d = a->data;
	if (gl_td_episode(a, d->traj, d->k, a->role, goals[a->role]))
		d->pending = 1;
	d->k = 0;
}

int gl_td_value(gl_agent *a, const void *s, int role, double *value)
{
	if (a->type != &gl_agent_td)
		return GL_EINVAL;
	td *d = a->data;
	size_t slot;
	return value_of(d, a->game, s, role, d->init != INIT_BASELINE, value, &slot);
}

void gl_td_memory(const gl_agent *a, size_t *entries, size_t *bytes)
{
	const td *d = a->data;
	if (entries)
		*entries = d->t.n;
	if (bytes)
		*bytes = table_bytes(&d->t) + (size_t)d->kcap * a->game->state_size +
			(size_t)d->fs.cap * sizeof(gl_feature) + sizeof *d;
}

int gl_td_feature_values(const gl_agent *a, gl_feature_set *fs, gl_err *err)
{
	if (a->type != &gl_agent_td)
		return gl_fail(err, GL_EINVAL, "agent %s is not a td agent", a->spec);
	const td *d = a->data;
	for (size_t i = 0; i < d->t.cap; i++) {
		if (!d->t.hash[i] || !d->t.visits[i])
			continue;
		char t[GL_FEATURE_TEXT];
		if (gl_feature_of(a->game, d->t.keys + i * d->t.ss, d->t.role[i], fs->depth,
			&d->look, t, sizeof t) != 1)
			continue;
		double w = d->t.visits[i];
		if (gl_fset_add(fs, t, w * d->t.q[i], w, 1))
			return gl_fail(err, GL_ENOMEM, "out of memory");
	}
	return 0;
}

/* --- Saving and loading ---------------------------------------------------------- */

enum { TD_FILE_MAX = 512 << 20 };

static int td_save(const gl_agent *a, const char *path, gl_err *err)
{
	const td *d = a->data;
	const gl_game *g = a->game;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_printf(&sb, "gamelearn td 1\n");
	gl_strbuf_printf(&sb, "game %s\n", g->spec);
	gl_strbuf_printf(&sb, "state_size %u\n", g->state_size);
	gl_strbuf_printf(&sb, "entries %zu\n", d->t.n);
	gl_strbuf_printf(&sb, "# role visits Q state-bytes-hex (agent %s)\n", a->spec);
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < d->t.cap; i++) {
		if (!d->t.hash[i])
			continue;
		gl_strbuf_printf(&sb, "%d %" PRIu32 " %.17g ", d->t.role[i], d->t.visits[i],
			d->t.q[i]);
		const unsigned char *k = d->t.keys + i * d->t.ss;
		for (unsigned j = 0; j < d->t.ss;) { /* in chunks of 64 bytes */
			char chunk[2 * 64 + 1];
			unsigned c = 0;
			for (; c < 64 && j < d->t.ss; c++, j++) {
				chunk[2 * c] = hex[k[j] >> 4];
				chunk[2 * c + 1] = hex[k[j] & 15];
			}
			chunk[2 * c] = '\0';
			gl_strbuf_printf(&sb, "%s", chunk);
		}
		gl_strbuf_printf(&sb, "\n");
	}
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int td_load(gl_agent *a, const char *path, gl_err *err)
{
	td *d = a->data;
	const gl_game *g = a->game;
	char *text;
	int rc = gl_read_text(path, TD_FILE_MAX, &text, err);
	if (rc)
		return rc;
	td_table t = {0};
	if (table_alloc(&t, d->t.cap, g->state_size)) {
		gl_free(text);
		return gl_fail(err, GL_ENOMEM, "out of memory loading %s", path);
	}
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	size_t want = 0;
	bool counted = false;
	while ((line = gl_lines_next(&it))) {
		int ln = it.lineno;
		if (ln == 1 && strcmp(line, "gamelearn td 1")) {
			rc = gl_fail(err, GL_EPARSE, "%s:1: not a td value table (expected "
				"'gamelearn td 1')", path);
			break;
		} else if (ln == 1) {
			continue;
		} else if (ln == 2) {
			if (strncmp(line, "game ", 5) || strcmp(line + 5, g->spec)) {
				rc = gl_fail(err, GL_EINVAL, "%s:2: saved for game '%s', not for %s",
					path, strncmp(line, "game ", 5) ? line : line + 5, g->spec);
				break;
			}
		} else if (ln == 3) {
			unsigned ss;
			char tail;
			if (sscanf(line, "state_size %u %c", &ss, &tail) != 1 || ss != g->state_size) {
				rc = gl_fail(err, GL_EPARSE, "%s:3: expected 'state_size %u'", path,
					g->state_size);
				break;
			}
		} else if (ln == 4) {
			char tail;
			if (sscanf(line, "entries %zu %c", &want, &tail) != 1) {
				rc = gl_fail(err, GL_EPARSE, "%s:4: expected 'entries N'", path);
				break;
			}
			counted = true;
		} else if (line[0] == '#') {
			continue;
		} else {
			int role, used;
			unsigned long visits;
			double q;
			if (sscanf(line, "%d %lu %lf %n", &role, &visits, &q, &used) != 3 ||
			    role < 0 || role > 1 || visits > UINT32_MAX || !(q >= -1e9 && q <= 1e9)) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d: expected 'ROLE VISITS Q HEX'", path, ln);
				break;
			}
			const char *h = line + used;
			unsigned char *s = gl_scratch_state(&d->w, 0);
			if (strlen(h) != 2 * (size_t)g->state_size) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d: state must be %u hex digits", path,
					ln, 2 * g->state_size);
				break;
			}
			bool bad = false;
			for (unsigned j = 0; j < g->state_size && !bad; j++) {
				int hi = hexval(h[2 * j]), lo = hexval(h[2 * j + 1]);
				bad = hi < 0 || lo < 0;
				if (!bad)
					s[j] = (unsigned char)(hi << 4 | lo);
			}
			if (bad) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d: bad hex digit in the state", path, ln);
				break;
			}
			uint64_t hh = key_hash(g, s, role);
			size_t slot = table_slot(&t, hh, s, role);
			if (t.hash[slot]) {
				rc = gl_fail(err, GL_EPARSE, "%s:%d: afterstate listed twice", path, ln);
				break;
			}
			if (table_insert(&t, hh, s, role, q, &slot)) {
				rc = gl_fail(err, GL_ENOMEM, "out of memory loading %s", path);
				break;
			}
			t.visits[slot] = (uint32_t)visits;
		}
	}
	if (!rc && (!counted || t.n != want))
		rc = gl_fail(err, GL_EPARSE, "%s:%d: %s", path, it.lineno,
			counted ? "number of entries differs from the 'entries' line (truncated file?)" :
			"file ends inside its header");
	gl_free(text);
	if (rc) {
		table_free(&t);
		return rc;
	}
	table_free(&d->t);
	d->t = t;
	return 0;
}

const gl_agent_type gl_agent_td = {
	.name = "td",
	.summary = "Banerjee-Stone afterstate TD(lambda); init=baseline|lookahead|transfer (features=FILE)",
	.params = td_params,
	.supports = td_supports,
	.init = td_init,
	.done = td_done,
	.begin = td_begin,
	.choose = td_choose,
	.observe = td_observe,
	.end = td_end,
	.save = td_save,
	.load = td_load,
};

/* --- Enumerating the features of a game ---------------------------------------------- */

/* The exhaustive walk of gl_features_enumerate. */
typedef struct walk {
	const gl_game *g;   /* the game */
	int role, depth;    /* whose afterstates, how deep the lookahead */
	size_t max;         /* cap on entries of seen */
	td_table seen;      /* states visited (role 2) and afterstates classed (role) */
	gl_feature_set *fs; /* where the features go */
	bool complete;      /* false once the cap stopped the walk */
	int rc;             /* 0, GL_ENOMEM, or GL_ERANGE (a line longer
			       than g->max_length) */
	gl_scratch plies;   /* a move list per ply, a state per ply + 1 */
	gl_scratch look;    /* the lookahead's */
} walk;

/* Walk on from the state at ply (depth first). */
static void walk_from(walk *w, int ply)
{
	const gl_game *g = w->g;
	if (w->rc || !w->complete)
		return;
	const void *s = gl_scratch_state(&w->plies, ply);
	uint64_t h = key_hash(g, s, 2);
	size_t slot = table_slot(&w->seen, h, s, 2);
	if (w->seen.hash[slot])
		return;
	if (w->seen.n >= w->max) {
		w->complete = false;
		return;
	}
	if (table_insert(&w->seen, h, s, 2, 0, &slot)) {
		w->rc = GL_ENOMEM;
		return;
	}
	gl_action *moves = gl_scratch_moves(&w->plies, ply);
	int n = g->type->legal(g, s, moves);
	int who = n ? g->type->to_move(g, s) : -1;
	if (n && ply + 1 >= w->plies.nstates) {
		w->rc = GL_ERANGE; /* the game broke its bound */
		return;
	}
	void *c = n ? gl_scratch_state(&w->plies, ply + 1) : NULL;
	for (int i = 0; i < n; i++) {
		memcpy(c, s, g->state_size);
		g->type->apply(g, c, moves[i]);
		if (who == w->role) {
			uint64_t ha = key_hash(g, c, who);
			size_t sa = table_slot(&w->seen, ha, c, who);
			if (!w->seen.hash[sa]) {
				char t[GL_FEATURE_TEXT];
				if (table_insert(&w->seen, ha, c, who, 0, &sa)) {
					w->rc = GL_ENOMEM;
					return;
				}
				if (gl_feature_of(g, c, who, w->depth, &w->look, t,
					sizeof t) == 1 &&
				    gl_fset_add(w->fs, t, 0, 0, 1)) {
					w->rc = GL_ENOMEM;
					return;
				}
			}
		}
		walk_from(w, ply + 1);
	}
}

int gl_features_enumerate(const gl_game *g, int role, int depth, size_t max_states,
	gl_feature_set *fs, bool *complete, gl_err *err)
{
	walk w = {.g = g, .role = role, .depth = depth, .max = max_states, .fs = fs,
		.complete = true};
	/* depth first: a line is at most max_length moves long */
	int plies = (int)g->max_length + 1;
	int rc = gl_scratch_init(&w.plies, g, plies, plies + 1, err);
	if (!rc)
		rc = gl_lookahead_scratch(&w.look, g, err);
	if (!rc && table_alloc(&w.seen, 1 << 12, g->state_size))
		rc = gl_fail(err, GL_ENOMEM, "out of memory");
	if (rc) {
		gl_scratch_done(&w.plies);
		gl_scratch_done(&w.look);
		return rc;
	}
	g->type->start(g, gl_scratch_state(&w.plies, 0));
	walk_from(&w, 0);
	table_free(&w.seen);
	gl_scratch_done(&w.plies);
	gl_scratch_done(&w.look);
	if (complete)
		*complete = w.complete;
	if (w.rc == GL_ERANGE)
		return gl_fail(err, w.rc, "enumerating the features of %s: a line went "
			"on past its bound of %u moves (max_length)", g->spec,
			g->max_length);
	if (w.rc)
		return gl_fail(err, w.rc, "out of memory enumerating the features of %s", g->spec);
	return 0;
}
