/*
 * evolve.c - the checkers-GA excerpt (evolve.h): openings (checkers'
 * two-move ballot), games between weighted alpha-beta players, the
 * single-elimination fitness tournament, the generation step, and the
 * run's saved state.
 */
#include "gamelearn/evolve.h"
#include "gamelearn/fileio.h"
#include "gamelearn/ga.h"

#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	EVOLVE_POP_MAX = 1024,
	RANDOM_OPENINGS = 43,       /* as many as checkers has ballots */
	STATE_FILE_MAX = 16 << 20   /* bytes of a saved state */
};

/* --- Openings ----------------------------------------------------------------- */

/* The two-move ballot of English checkers: Black's seven first moves
 * against White's seven replies, less the six pairs the ballot bars. */
static const char *const ballot_black[7] = {
	"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"
};
static const char *const ballot_white[7] = {
	"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"
};
static const char *const ballot_barred[6][2] = {
	{"9-14", "21-17"}, {"9-14", "23-18"}, {"10-14", "21-17"},
	{"10-14", "23-18"}, {"11-16", "23-19"}, {"12-16", "23-19"}
};

static bool barred(const char *b, const char *w)
{
	for (int i = 0; i < 6; i++)
		if (!strcmp(ballot_barred[i][0], b) && !strcmp(ballot_barred[i][1], w))
			return true;
	return false;
}

static int ballots(gl_openings *o, const gl_game *g, gl_err *err)
{
	void *s = gl_malloc(g->state_size);
	if (!s)
		return gl_fail(err, GL_ENOMEM, "out of memory making openings");
	o->n = 0;
	for (int i = 0; i < 7; i++) {
		for (int j = 0; j < 7; j++) {
			if (barred(ballot_black[i], ballot_white[j]))
				continue;
			const char *mv[2] = {ballot_black[i], ballot_white[j]};
			g->type->start(g, s);
			for (int k = 0; k < 2; k++) {
				int rc = gl_parse_legal(g, s, mv[k],
					&o->move[o->n][k], err);
				if (rc) {
					gl_free(s);
					return rc;
				}
				g->type->apply(g, s, o->move[o->n][k]);
			}
			o->plies[o->n++] = 2;
		}
	}
	gl_free(s);
	return 0;
}

int gl_openings_make(gl_openings *o, const gl_game *g, int plies, int count,
	gl_rng *rng, gl_err *err)
{
	memset(o, 0, sizeof *o);
	if (!strcmp(g->type->name, "checkers"))
		return ballots(o, g, err);
	if (plies < 1 || plies > GL_OPENING_PLIES || count < 1 ||
	    count > GL_OPENINGS_MAX)
		return gl_fail(err, GL_EINVAL, "openings: want 1..%d plies and "
			"1..%d openings, got %d and %d", GL_OPENING_PLIES,
			GL_OPENINGS_MAX, plies, count);
	gl_scratch w;
	int rc = gl_scratch_init(&w, g, 1, 1, err);
	if (rc)
		return rc;
	void *s = gl_scratch_state(&w, 0);
	gl_action *moves = gl_scratch_moves(&w, 0);
	for (int tries = 0; o->n < count; tries++) {
		if (tries > 1000 * count) {
			gl_scratch_done(&w);
			return gl_fail(err, GL_EINVAL, "openings: %s ends within "
				"%d random plies too often", g->spec, plies);
		}
		g->type->start(g, s);
		int k = 0;
		for (; k < plies; k++) {
			int n = g->type->legal(g, s, moves);
			if (n == 0)
				break;
			o->move[o->n][k] = moves[gl_rng_below(rng, (uint32_t)n)];
			g->type->apply(g, s, o->move[o->n][k]);
		}
		if (k == plies && !g->type->terminal(g, s))
			o->plies[o->n++] = plies;
	}
	gl_scratch_done(&w);
	return 0;
}

int gl_openings_text(const gl_openings *o, const gl_game *g, int i,
	char *buf, size_t n, gl_err *err)
{
	size_t len = 0;
	buf[0] = '\0';
	void *s = gl_malloc(g->state_size);
	if (!s)
		return gl_fail(err, GL_ENOMEM, "out of memory writing an opening");
	g->type->start(g, s);
	for (int k = 0; k < o->plies[i] && len < n; k++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, o->move[i][k], mt, sizeof mt);
		len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? " " : "", mt);
		g->type->apply(g, s, o->move[i][k]);
	}
	gl_free(s);
	return 0;
}

/* --- Duels ------------------------------------------------------------------- */

typedef struct duel_job {
	const gl_game *g;
	const gl_openings *o;
	gl_duel *d;
	int max_plies;
	gl_search **search; /* two per worker */
	gl_scratch states;  /* one state per worker */
	int8_t *owners;     /* g->ncells cell owners per worker */
} duel_job;

/* Pieces of each player: the game's count, else the cells they own (into
 * owner, room for g->ncells). */
static void count_pieces(const gl_game *g, const void *s, int8_t *owner,
	int pieces[2])
{
	pieces[0] = pieces[1] = 0;
	if (g->type->pieces) {
		g->type->pieces(g, s, pieces);
		return;
	}
	if (!g->type->cells)
		return;
	g->type->cells(g, s, owner);
	for (unsigned i = 0; i < g->ncells; i++)
		if (owner[i] == 0 || owner[i] == 1)
			pieces[owner[i]]++;
}

static void play_duel(void *arg, int i, int worker)
{
	const duel_job *job = arg;
	const gl_game *g = job->g;
	gl_duel *d = &job->d[i];
	gl_search **srch = job->search + 2 * worker;
	void *s = gl_scratch_state(&job->states, worker);
	for (int k = 0; k < 2; k++) {
		gl_search_set_eval(srch[k], d->p[k]->w ? gl_weights_eval : NULL,
			(void *)d->p[k]->w);
		gl_search_set_prune(srch[k], d->p[k]->prune);
		gl_search_set_quiesce(srch[k], d->quiesce[k]);
		d->moves[k] = d->depth[k] = 0;
		d->nodes[k] = 0;
	}
	g->type->start(g, s);
	d->plies = 0;
	for (int k = 0; k < job->o->plies[d->opening]; k++) {
		g->type->apply(g, s, job->o->move[d->opening][k]);
		d->plies++;
	}
	while (!g->type->terminal(g, s) && d->plies < job->max_plies) {
		int p = g->type->to_move(g, s);
		gl_search_result r;
		gl_search_run(srch[p], s, &d->p[p]->limits, &r);
		g->type->apply(g, s, r.best);
		d->plies++;
		d->moves[p]++;
		d->depth[p] += r.depth;
		d->nodes[p] += r.nodes;
	}
	d->result = -1;
	if (g->type->terminal(g, s)) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, s, goals);
		d->result = goals[0] > goals[1] ? 0 : goals[1] > goals[0] ? 1 : -1;
	}
	count_pieces(g, s, job->owners + (size_t)worker * g->ncells, d->pieces);
}

/* A duel's result as bytes: its fields from `result` to the end (the
 * players are pointers of this process, and stay). */
enum { DUEL_RESULT = offsetof(gl_duel, result) };

static size_t duel_get(void *arg, int i, const void **bytes)
{
	const duel_job *job = arg;
	*bytes = (const char *)&job->d[i] + DUEL_RESULT;
	return sizeof(gl_duel) - DUEL_RESULT;
}

static int duel_put(void *arg, int i, const void *bytes, size_t size,
	gl_err *err)
{
	const duel_job *job = arg;
	if (size != sizeof(gl_duel) - DUEL_RESULT)
		return gl_fail(err, GL_EINVAL, "duel %d: a result of %zu bytes, "
			"want %zu", i, size, sizeof(gl_duel) - DUEL_RESULT);
	memcpy((char *)&job->d[i] + DUEL_RESULT, bytes, size);
	return 0;
}

int gl_duels_play(const gl_game *g, const gl_openings *o, gl_duel *d, int n,
	int max_plies, size_t tt_bytes, const gl_runner *runner, gl_err *err)
{
	if (g->nplayers != 2)
		return gl_fail(err, GL_EINVAL, "%s is not a two-player game", g->spec);
	for (int i = 0; i < n; i++)
		if (d[i].opening < 0 || d[i].opening >= o->n || !d[i].p[0] ||
		    !d[i].p[1])
			return gl_fail(err, GL_EINVAL, "duel %d: no players or "
				"opening %d out of 0..%d", i, d[i].opening, o->n - 1);
	int workers = runner && runner->run && runner->workers > 0 ?
		runner->workers : 1;
	gl_search **srch = gl_calloc((size_t)(2 * workers), sizeof *srch);
	duel_job job = {g, o, d, max_plies, srch, {0}, NULL};
	int rc = srch ? 0 : GL_ENOMEM;
	for (int k = 0; !rc && k < 2 * workers; k++)
		if (!(srch[k] = gl_search_new(g, tt_bytes ? tt_bytes :
				(size_t)4 << 20, err)))
			rc = err ? err->code : GL_ENOMEM;
	if (!rc)
		rc = gl_scratch_init(&job.states, g, 0, workers, err);
	if (!rc && !(job.owners = gl_malloc((size_t)workers * g->ncells)))
		rc = gl_fail(err, GL_ENOMEM, "out of memory for the boards of %d "
			"workers", workers);
	if (!rc) {
		gl_pieces p = {n, play_duel, duel_get, duel_put, &job, false};
		rc = gl_run_pieces(runner, &p, err);
	} else if (!srch) {
		gl_fail(err, rc, "out of memory for the searches of %d workers",
			workers);
	}
	for (int k = 0; srch && k < 2 * workers; k++)
		gl_search_free(srch[k]);
	gl_free(srch);
	gl_scratch_done(&job.states);
	gl_free(job.owners);
	return rc;
}

/* --- The tournament ------------------------------------------------------------ */

void gl_duel_points(const gl_duel *d, double pts[2])
{
	pts[0] = pts[1] = 0;
	if (d->result == 0 || d->result == 1)
		pts[d->result] = 10;
	else if (d->pieces[0] != d->pieces[1])
		pts[d->pieces[0] > d->pieces[1] ? 0 : 1] = 5;
}

static void shuffle_ints(int *v, int n, gl_rng *rng)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)gl_rng_below(rng, (uint32_t)i + 1);
		int t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

int gl_tourney(int n, int games, int nopen, gl_rng *rng, gl_round_fn play,
	void *ctx, double *points, gl_err *err)
{
	if (n < 1 || games < 1 || nopen < 1)
		return gl_fail(err, GL_EINVAL, "tournament: %d members, %d games "
			"a pairing, %d openings", n, games, nopen);
	int npair = n / 2;
	int *alive = gl_malloc((size_t)n * sizeof *alive);
	int *a = gl_malloc((size_t)npair * games * sizeof *a + 1);
	int *b = gl_malloc((size_t)npair * games * sizeof *b + 1);
	gl_duel *d = gl_calloc((size_t)npair * games + 1, sizeof *d);
	int rc = 0;
	if (!alive || !a || !b || !d) {
		rc = gl_fail(err, GL_ENOMEM, "out of memory for a tournament of %d", n);
		goto done;
	}
	for (int i = 0; i < n; i++) {
		alive[i] = i;
		points[i] = 0;
	}
	int nalive = n;
	while (nalive > 1) {
		shuffle_ints(alive, nalive, rng);
		int pairs = nalive / 2, nd = 0;
		for (int k = 0; k < pairs; k++) {
			int x = alive[2 * k], y = alive[2 * k + 1], open = 0;
			for (int j = 0; j < games; j++) {
				if (j % 2 == 0)
					open = (int)gl_rng_below(rng, (uint32_t)nopen);
				a[nd] = j % 2 ? y : x;
				b[nd] = j % 2 ? x : y;
				memset(&d[nd], 0, sizeof d[nd]);
				d[nd++].opening = open;
			}
		}
		rc = play(ctx, d, a, b, nd, err);
		if (rc)
			goto done;
		int next = 0;
		for (int k = 0; k < pairs; k++) {
			int x = alive[2 * k], y = alive[2 * k + 1];
			double px = 0, py = 0;
			long kx = 0, ky = 0;
			for (int j = k * games; j < (k + 1) * games; j++) {
				double pts[2];
				gl_duel_points(&d[j], pts);
				bool xfirst = a[j] == x;
				px += pts[xfirst ? 0 : 1];
				py += pts[xfirst ? 1 : 0];
				kx += d[j].pieces[xfirst ? 0 : 1];
				ky += d[j].pieces[xfirst ? 1 : 0];
			}
			points[x] += px;
			points[y] += py;
			bool xwins = px != py ? px > py :
				     kx != ky ? kx > ky : gl_rng_below(rng, 2) == 0;
			alive[next++] = xwins ? x : y;
		}
		if (nalive % 2)
			alive[next++] = alive[nalive - 1]; /* the bye */
		nalive = next;
	}
	rc = alive[0];
done:
	gl_free(alive);
	gl_free(a);
	gl_free(b);
	gl_free(d);
	return rc;
}

/* --- The fixed players of our mode ------------------------------------------------- */

/* Samuel's strongest terms after 42 games (samuel-terms.md) by sign and
 * power of two, PADV at 2^20 (always present in his program, its weight
 * not published): the weights `repro checkers-ga` plays as "Samuel's
 * strongest terms". */
static const struct {
	const char *name;
	double w;
} samuel_terms[] = {
	{"PADV", 1 << 20}, {"MOC2", -(1 << 18)}, {"KCENT", 1 << 16},
	{"MOC4", -(1 << 14)}, {"MODE3", -(1 << 13)}, {"DEMMO", -(1 << 11)},
	{"MOVE", 1 << 8}, {"ADV", -(1 << 8)}, {"MODE2", -(1 << 8)},
	{"BACK", -(1 << 6)}, {"CNTR", 1 << 5}, {"THRET", 1 << 5},
	{"MOC3", 1 << 4},
};

int gl_evolve_fixed_weights(gl_weights *w, const gl_game *g, const char *name,
	gl_err *err)
{
	bool samuel = !strcmp(name, "samuel");
	if (!samuel && strcmp(name, "pieces"))
		return gl_fail(err, GL_EINVAL, "evolve: no fixed player '%s' "
			"(pieces or samuel)", name);
	int rc = gl_weights_init(w, g, 0.0, err);
	if (rc)
		return rc;
	size_t n = samuel ? sizeof samuel_terms / sizeof *samuel_terms : 1;
	for (size_t i = 0; i < n; i++) {
		int k = 0;
		while (k < w->n && strcmp(g->feature_names[k], samuel_terms[i].name))
			k++;
		if (k == w->n)
			return gl_fail(err, GL_EINVAL, "evolve: %s has no feature "
				"%s (the fixed players are checkers')", g->spec,
				samuel_terms[i].name);
		w->w[k] = samuel ? samuel_terms[i].w : 1;
	}
	gl_weights_ready(w);
	return 0;
}

/* --- The evolution ------------------------------------------------------------- */

struct gl_evolve {
	const gl_game *g;
	gl_evolve_config c;
	gl_rng rng;             /* every draw of the run after the start */
	int done;               /* generations done */
	gl_openings open;       /* from the seed's own stream */
	gl_weights *pop, *next; /* c.pop members each */
	double *points, *fit;
	gl_wplayer *players;    /* members as players, for a tournament */
	int *rank;              /* members by fitness, for elitism */
	const gl_runner *runner; /* during a step */
	int games, plies;       /* during a step: what was played */
	gl_weights fixed[2];    /* our mode: piece count only, Samuel's */
	gl_wplayer fixed_p[2];  /* as players, searching as the members do */
};

void gl_evolve_defaults(gl_evolve_config *c)
{
	*c = (gl_evolve_config){
		.pop = 16, .gens = 20, .depth = 4, .seconds = 0, .games = 2,
		.pc = 0.7, .pm = 0.05, .elite = 0, .max_plies = 200,
		.prune = 0, .open_plies = 4, .seed = 1,
		.mutation = GL_MUTATE_PROP, .range = GL_MUTATE_RANGE
	};
}

static int check_config(const gl_game *g, const gl_evolve_config *c, gl_err *err)
{
	if (g->nplayers != 2)
		return gl_fail(err, GL_EINVAL, "evolve: %s is not a two-player game",
			g->spec);
	if (!g->type->features || !g->nfeatures)
		return gl_fail(err, GL_EINVAL, "evolve: %s has no feature vector "
			"to weigh (checkers and othello have)", g->spec);
	if (c->pop < 2 || c->pop > EVOLVE_POP_MAX)
		return gl_fail(err, GL_EINVAL, "evolve: population must be 2..%d, "
			"got %d", EVOLVE_POP_MAX, c->pop);
	if (c->gens < 0)
		return gl_fail(err, GL_EINVAL, "evolve: generations must be >= 0");
	if ((c->depth <= 0) == !(c->seconds > 0) || c->depth < 0 ||
	    c->depth > GL_SEARCH_MAX_DEPTH || !(c->seconds < 1e6))
		return gl_fail(err, GL_EINVAL, "evolve: give either a depth "
			"(1..%d plies) or a time a move (seconds > 0)",
			GL_SEARCH_MAX_DEPTH);
	if (c->games < 1 || c->games > GL_OPENINGS_MAX)
		return gl_fail(err, GL_EINVAL, "evolve: games a pairing must be "
			"1..%d, got %d", GL_OPENINGS_MAX, c->games);
	if (!(c->pc >= 0 && c->pc <= 1) || !(c->pm >= 0 && c->pm <= 1))
		return gl_fail(err, GL_EINVAL, "evolve: crossover and mutation "
			"rates must be in 0..1");
	if (c->elite < 0 || c->elite >= c->pop)
		return gl_fail(err, GL_EINVAL, "evolve: elite must be 0..pop-1, "
			"got %d", c->elite);
	if (c->max_plies < 1)
		return gl_fail(err, GL_EINVAL, "evolve: max plies must be >= 1");
	if (c->prune < 0)
		return gl_fail(err, GL_EINVAL, "evolve: prune must be >= 0");
	if (c->mutation != GL_MUTATE_PROP && (c->mutation != GL_MUTATE_UNIFORM ||
	    !(c->range > 0 && c->range < 1e300)))
		return gl_fail(err, GL_EINVAL, "evolve: the mutation is proportional, "
			"or uniform with a range > 0");
	if (c->fitness != GL_FITNESS_TOURNEY && c->fitness != GL_FITNESS_FIXED)
		return gl_fail(err, GL_EINVAL, "evolve: fitness must be the "
			"tournament (0) or fixed players (1), got %d", c->fitness);
	return 0;
}

void gl_evolve_free(gl_evolve *ev)
{
	if (!ev)
		return;
	gl_free(ev->pop);
	gl_free(ev->next);
	gl_free(ev->points);
	gl_free(ev->fit);
	gl_free(ev->players);
	gl_free(ev->rank);
	gl_free(ev);
}

/* Everything but the population: checked config, openings, memory. */
static gl_evolve *evolve_alloc(const gl_game *g, const gl_evolve_config *c,
	gl_err *err)
{
	if (check_config(g, c, err))
		return NULL;
	gl_evolve *ev = gl_calloc(1, sizeof *ev);
	if (!ev)
		goto oom;
	ev->g = g;
	ev->c = *c;
	size_t n = (size_t)c->pop;
	ev->pop = gl_calloc(n, sizeof *ev->pop);
	ev->next = gl_calloc(n, sizeof *ev->next);
	ev->points = gl_calloc(n, sizeof *ev->points);
	ev->fit = gl_calloc(n, sizeof *ev->fit);
	ev->players = gl_calloc(n, sizeof *ev->players);
	ev->rank = gl_calloc(n, sizeof *ev->rank);
	if (!ev->pop || !ev->next || !ev->points || !ev->fit || !ev->players ||
	    !ev->rank)
		goto oom;
	gl_rng orng;
	gl_rng_split(&orng, c->seed, 1);
	if (gl_openings_make(&ev->open, g, c->open_plies, RANDOM_OPENINGS, &orng,
			err)) {
		gl_evolve_free(ev);
		return NULL;
	}
	for (int i = 0; i < c->pop; i++)
		if (c->from_pieces ? gl_evolve_fixed_weights(&ev->pop[i], g,
			"pieces", err) : gl_weights_init(&ev->pop[i], g, 1.0, err)) {
			gl_evolve_free(ev);
			return NULL;
		}
	if (c->fitness == GL_FITNESS_FIXED &&
	    (gl_evolve_fixed_weights(&ev->fixed[0], g, "pieces", err) ||
	     gl_evolve_fixed_weights(&ev->fixed[1], g, "samuel", err))) {
		gl_evolve_free(ev);
		return NULL;
	}
	return ev;
oom:
	gl_evolve_free(ev);
	gl_fail(err, GL_ENOMEM, "evolve: out of memory for a population of %d",
		c->pop);
	return NULL;
}

/* Our signed mutation of weight x of a member whose largest |weight| is
 * m (evolve.h): it may cross 0, and a 0 grows either way. */
static double mutate_signed(double x, double m, gl_rng *rng)
{
	double u = gl_rng_unit(rng), r = u * u;
	double step = r * (fabs(x) + (m > 0 ? m : 1) / 16);
	return gl_rng_below(rng, 2) ? x + step : x - step;
}

/* One pass of mutation kind over every weight of w, each with
 * probability p: the excerpt's proportional one, GL_MUTATE_UNIFORM (a
 * value uniform in [-range, range)), or with sign our signed one. */
static void mutate_all(gl_weights *w, double p, gl_mutation kind, double range,
	bool sign, gl_rng *rng)
{
	double m = 0;
	for (int i = 0; sign && i < w->n; i++)
		m = fmax(m, fabs(w->w[i]));
	for (int i = 0; i < w->n; i++)
		if (p >= 1 || gl_rng_unit(rng) < p)
			w->w[i] = kind == GL_MUTATE_UNIFORM ?
				range * (2 * gl_rng_unit(rng) - 1) :
				sign ? mutate_signed(w->w[i], m, rng) :
				gl_ga_mutate_prop(w->w[i], rng);
	gl_weights_ready(w);
}

gl_evolve *gl_evolve_new(const gl_game *g, const gl_evolve_config *c,
	gl_err *err)
{
	gl_evolve *ev = evolve_alloc(g, c, err);
	if (!ev)
		return NULL;
	gl_rng_split(&ev->rng, c->seed, 0);
	/* All ones, and every member but the first mutated once all over, so
	 * that the first tournament can tell them apart. */
	for (int i = 1; i < c->pop; i++)
		mutate_all(&ev->pop[i], 1.0, GL_MUTATE_PROP, 0, c->signed_mut, &ev->rng);
	return ev;
}

const gl_evolve_config *gl_evolve_config_of(const gl_evolve *ev)
{
	return &ev->c;
}

int gl_evolve_done(const gl_evolve *ev)
{
	return ev->done;
}

int gl_evolve_set_gens(gl_evolve *ev, int gens, gl_err *err)
{
	if (gens < ev->done)
		return gl_fail(err, GL_EINVAL, "evolve: the run has done %d "
			"generations already, more than %d", ev->done, gens);
	ev->c.gens = gens;
	return 0;
}

const gl_weights *gl_evolve_member(const gl_evolve *ev, int i)
{
	return &ev->pop[i];
}

const gl_openings *gl_evolve_openings(const gl_evolve *ev)
{
	return &ev->open;
}

static int evolve_round(void *ctx, gl_duel *d, const int *a, const int *b,
	int n, gl_err *err)
{
	gl_evolve *ev = ctx;
	for (int i = 0; i < n; i++) {
		d[i].p[0] = &ev->players[a[i]];
		d[i].p[1] = &ev->players[b[i]];
	}
	int rc = gl_duels_play(ev->g, &ev->open, d, n, ev->c.max_plies,
		(size_t)2 << 20, ev->runner, err);
	for (int i = 0; !rc && i < n; i++) {
		ev->games++;
		ev->plies += d[i].plies;
	}
	return rc;
}

/* Members by fitness, best first, ties by index. */
static void rank_members(gl_evolve *ev)
{
	int n = ev->c.pop;
	for (int i = 0; i < n; i++) {
		int j = i;
		for (; j > 0 && ev->fit[ev->rank[j - 1]] < ev->fit[i]; j--)
			ev->rank[j] = ev->rank[j - 1];
		ev->rank[j] = i;
	}
}

/* Two parents by roulette, distinct while another member has fitness. */
static void pick_parents(gl_evolve *ev, int *x, int *y)
{
	int n = ev->c.pop, scoring = 0;
	for (int i = 0; i < n; i++)
		scoring += ev->fit[i] > 0;
	*x = gl_ga_roulette(ev->fit, n, &ev->rng);
	do
		*y = gl_ga_roulette(ev->fit, n, &ev->rng);
	while (*y == *x && scoring != 1);
}

static void breed(gl_evolve *ev)
{
	int n = ev->c.pop, k = 0, len = ev->pop[0].n;
	rank_members(ev);
	for (; k < ev->c.elite; k++)
		ev->next[k] = ev->pop[ev->rank[k]];
	while (k < n) {
		int x, y;
		pick_parents(ev, &x, &y);
		gl_weights c1 = ev->pop[x], c2 = ev->pop[y];
		if (gl_rng_unit(&ev->rng) < ev->c.pc) {
			int cut = gl_ga_cut(&ev->rng, len);
			if (cut > 0)
				gl_ga_crossover_at(sizeof(double), len,
					ev->pop[y].w, ev->pop[x].w, cut, c1.w, c2.w);
		}
		mutate_all(&c1, ev->c.pm, ev->c.mutation, ev->c.range, ev->c.signed_mut,
			&ev->rng);
		mutate_all(&c2, ev->c.pm, ev->c.mutation, ev->c.range, ev->c.signed_mut,
			&ev->rng);
		ev->next[k++] = c1;
		if (k < n)
			ev->next[k++] = c2;
	}
	gl_weights *t = ev->pop;
	ev->pop = ev->next;
	ev->next = t;
}

/* Our mode's fitness games: every member against the fixed players
 * (evolve.h); points[i] gets member i's summed score, and the return is
 * the champion (best points, the first of equals) or an error. */
static int versus_fixed(gl_evolve *ev, gl_err *err)
{
	int n = ev->c.pop, k = ev->c.games, nd = n * k;
	for (int j = 0; j < 2; j++)
		ev->fixed_p[j] = (gl_wplayer){.w = &ev->fixed[j],
			.limits = ev->players[0].limits, .prune = ev->c.prune};
	gl_duel *d = gl_calloc((size_t)nd, sizeof *d);
	if (!d)
		return gl_fail(err, GL_ENOMEM, "evolve: out of memory for %d games",
			nd);
	int open = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < k; j++) {
			gl_duel *x = &d[i * k + j];
			const gl_wplayer *them = &ev->fixed_p[j / 2 % 2];
			if (j % 2 == 0)
				open = (int)gl_rng_below(&ev->rng, (uint32_t)ev->open.n);
			x->opening = open;
			x->p[0] = j % 2 ? them : &ev->players[i];
			x->p[1] = j % 2 ? &ev->players[i] : them;
			x->quiesce[0] = x->quiesce[1] = ev->c.quiesce;
		}
	int rc = gl_duels_play(ev->g, &ev->open, d, nd, ev->c.max_plies,
		(size_t)2 << 20, ev->runner, err);
	if (rc) {
		gl_free(d);
		return rc;
	}
	int champ = 0;
	for (int i = 0; i < n; i++) {
		ev->points[i] = 0;
		for (int j = 0; j < k; j++) {
			const gl_duel *x = &d[i * k + j];
			int me = j % 2;
			int dp = x->pieces[me] - x->pieces[me ^ 1];
			ev->points[i] += x->result == me ? 1 : x->result >= 0 ? 0 :
				dp > 0 ? 0.75 : dp < 0 ? 0.25 : 0.5;
			ev->games++;
			ev->plies += x->plies;
		}
		if (ev->points[i] > ev->points[champ])
			champ = i;
	}
	gl_free(d);
	return champ;
}

int gl_evolve_step(gl_evolve *ev, const gl_runner *runner,
	gl_evolve_gen *out, gl_err *err)
{
	int n = ev->c.pop;
	gl_rng saved = ev->rng;
	for (int i = 0; i < n; i++) {
		ev->players[i] = (gl_wplayer){&ev->pop[i],
			{ev->c.depth, 0, ev->c.depth ? 0 : ev->c.seconds},
			ev->c.prune};
	}
	ev->runner = runner;
	ev->games = ev->plies = 0;
	int champ = ev->c.fitness == GL_FITNESS_FIXED ? versus_fixed(ev, err) :
		gl_tourney(n, ev->c.games, ev->open.n, &ev->rng, evolve_round, ev,
			ev->points, err);
	ev->runner = NULL;
	if (champ < 0) {
		ev->rng = saved;
		return champ;
	}
	double total = 0;
	for (int i = 0; i < n; i++)
		total += ev->points[i];
	double sum = 0, sumsq = 0, best = 0;
	for (int i = 0; i < n; i++) {
		ev->fit[i] = ev->c.fitness == GL_FITNESS_FIXED ?
			ev->points[i] / ev->c.games :
			total > 0 ? ev->points[i] / total : 1.0 / n;
		sum += ev->fit[i];
		sumsq += ev->fit[i] * ev->fit[i];
		if (ev->fit[i] > best)
			best = ev->fit[i];
	}
	double mean = sum / n, var = sumsq / n - mean * mean;
	*out = (gl_evolve_gen){
		.gen = ev->done, .best = best, .mean = mean,
		.sd = var > 0 ? sqrt(var) : 0, .points = total,
		.champion = champ, .champ = ev->pop[champ],
		.games = ev->games, .plies = ev->plies
	};
	breed(ev);
	ev->done++;
	return 0;
}

/* --- The saved state ------------------------------------------------------------- */

int gl_evolve_save(const gl_evolve *ev, const char *path, gl_err *err)
{
	const gl_evolve_config *c = &ev->c;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	bool uniform = c->mutation == GL_MUTATE_UNIFORM;
	gl_strbuf_printf(&sb, "gamelearn-evolve %d\ngame %s\npop %d\ngens %d\n"
		"depth %d\nseconds %.17g\ngames %d\npc %.17g\npm %.17g\n"
		"elite %d\nmax_plies %d\nprune %d\nopen_plies %d\n",
		uniform ? 2 : 1, ev->g->spec, c->pop, c->gens, c->depth,
		c->seconds, c->games, c->pc, c->pm, c->elite, c->max_plies,
		c->prune, c->open_plies);
	if (uniform)
		gl_strbuf_printf(&sb, "mutation uniform %.17g\n", c->range);
	gl_strbuf_printf(&sb, "seed %" PRIu64 "\ndone %d\nrng", c->seed, ev->done);
	for (int i = 0; i < 4; i++)
		gl_strbuf_printf(&sb, " %016" PRIx64, ev->rng.s[i]);
	gl_strbuf_printf(&sb, "\n");
	for (int m = 0; m < c->pop; m++) {
		gl_strbuf_printf(&sb, "member");
		for (int i = 0; i < ev->pop[m].n; i++)
			gl_strbuf_printf(&sb, " %.17g", ev->pop[m].w[i]);
		gl_strbuf_printf(&sb, "\n");
	}
	if (c->fitness || c->quiesce || c->signed_mut || c->from_pieces)
		gl_strbuf_printf(&sb, "ours %d %d %d %d\n", c->fitness,
			c->quiesce, c->signed_mut, c->from_pieces);
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}

/* The next line of a state file, which must start with key: its value
 * text into *val. */
static int state_line(gl_lines *it, const char *path, const char *key,
	char **val, gl_err *err)
{
	char *line = gl_lines_next(it);
	size_t k = strlen(key);
	if (!line || strncmp(line, key, k) || (line[k] != ' ' && line[k] != '\0'))
		return gl_fail(err, GL_EPARSE, "%s:%d: expected '%s ...'", path,
			line ? it->lineno : it->lineno + 1, key);
	*val = line + k + (line[k] == ' ');
	return 0;
}

static int state_long(gl_lines *it, const char *path, const char *key,
	long lo, long hi, long *out, gl_err *err)
{
	char *v = NULL, *end;
	if (state_line(it, path, key, &v, err))
		return GL_EPARSE;
	long x = strtol(v, &end, 10);
	if (end == v || *end || x < lo || x > hi)
		return gl_fail(err, GL_EPARSE, "%s:%d: %s must be %ld..%ld, got "
			"'%s'", path, it->lineno, key, lo, hi, v);
	*out = x;
	return 0;
}

static int state_double(gl_lines *it, const char *path, const char *key,
	double *out, gl_err *err)
{
	char *v = NULL, *end;
	if (state_line(it, path, key, &v, err))
		return GL_EPARSE;
	double x = strtod(v, &end);
	if (end == v || *end || !isfinite(x))
		return gl_fail(err, GL_EPARSE, "%s:%d: %s must be a number, got "
			"'%s'", path, it->lineno, key, v);
	*out = x;
	return 0;
}

static int parse_state(const gl_game *g, char *text, const char *path,
	gl_evolve **out, gl_err *err)
{
	gl_lines it;
	gl_lines_init(&it, text);
	char *v = NULL, *end = NULL;
	long x[10];
	gl_evolve_config c;
	if (state_line(&it, path, "gamelearn-evolve", &v, err))
		return GL_EPARSE;
	if (strcmp(v, "1") && strcmp(v, "2"))
		return gl_fail(err, GL_EPARSE, "%s:1: not a version-1 evolve state",
			path);
	bool v2 = !strcmp(v, "2");
	c.mutation = GL_MUTATE_PROP;
	c.range = GL_MUTATE_RANGE;
	if (state_line(&it, path, "game", &v, err))
		return GL_EPARSE;
	if (strcmp(v, g->spec))
		return gl_fail(err, GL_EPARSE, "%s:%d: the run is for %s, not %s",
			path, it.lineno, v, g->spec);
	if (state_long(&it, path, "pop", 2, EVOLVE_POP_MAX, &x[0], err) ||
	    state_long(&it, path, "gens", 0, 1L << 30, &x[1], err) ||
	    state_long(&it, path, "depth", 0, GL_SEARCH_MAX_DEPTH, &x[2], err) ||
	    state_double(&it, path, "seconds", &c.seconds, err) ||
	    state_long(&it, path, "games", 1, GL_OPENINGS_MAX, &x[3], err) ||
	    state_double(&it, path, "pc", &c.pc, err) ||
	    state_double(&it, path, "pm", &c.pm, err) ||
	    state_long(&it, path, "elite", 0, EVOLVE_POP_MAX, &x[4], err) ||
	    state_long(&it, path, "max_plies", 1, 1L << 30, &x[5], err) ||
	    state_long(&it, path, "prune", 0, 1L << 20, &x[6], err) ||
	    state_long(&it, path, "open_plies", 0, GL_OPENING_PLIES, &x[7], err))
		return GL_EPARSE;
	if (v2) {
		/* version 2: the uniform mutation and its range */
		if (state_line(&it, path, "mutation", &v, err))
			return GL_EPARSE;
		if (strncmp(v, "uniform ", 8))
			return gl_fail(err, GL_EPARSE, "%s:%d: want 'mutation uniform "
				"RANGE'", path, it.lineno);
		c.range = strtod(v + 8, &end);
		if (end == v + 8 || *end || !(c.range > 0 && c.range < 1e300))
			return gl_fail(err, GL_EPARSE, "%s:%d: the range must be a "
				"number > 0, got '%s'", path, it.lineno, v + 8);
		c.mutation = GL_MUTATE_UNIFORM;
	}
	if (state_line(&it, path, "seed", &v, err))
		return GL_EPARSE;
	c.seed = strtoull(v, &end, 10);
	if (end == v || *end)
		return gl_fail(err, GL_EPARSE, "%s:%d: bad seed '%s'", path,
			it.lineno, v);
	if (state_long(&it, path, "done", 0, x[1], &x[8], err))
		return GL_EPARSE;
	c.pop = (int)x[0];
	c.gens = (int)x[1];
	c.depth = (int)x[2];
	c.games = (int)x[3];
	c.elite = (int)x[4];
	c.max_plies = (int)x[5];
	c.prune = (int)x[6];
	c.open_plies = (int)x[7];
	c.fitness = 0;
	c.quiesce = c.signed_mut = c.from_pieces = false;
	/* our mode's line, after the members: read it before making the run */
	for (char *q = it.next; q && *q; ) {
		char *eol = strchr(q, '\n');
		if (!strncmp(q, "ours ", 5)) {
			int f, qu, sg, fp;
			if (sscanf(q + 5, "%d %d %d %d", &f, &qu, &sg, &fp) != 4 ||
			    f < 0 || f > 1)
				return gl_fail(err, GL_EPARSE, "%s: bad 'ours' line "
					"(want ours FITNESS QUIESCE SIGNED FROM_PIECES)",
					path);
			c.fitness = f;
			c.quiesce = qu != 0;
			c.signed_mut = sg != 0;
			c.from_pieces = fp != 0;
		}
		q = eol ? eol + 1 : NULL;
	}
	gl_err e2;
	gl_evolve *ev = evolve_alloc(g, &c, &e2);
	if (!ev)
		return gl_fail(err, e2.code, "%s: %s", path, e2.msg);
	ev->done = (int)x[8];
	if (state_line(&it, path, "rng", &v, err))
		goto bad;
	int words = 0;
	for (; words < 4; words++) {
		ev->rng.s[words] = strtoull(v, &end, 16);
		if (end == v || (*end != ' ' && *end != '\0'))
			break;
		v = end;
	}
	if (words < 4 || *v || !(ev->rng.s[0] | ev->rng.s[1] | ev->rng.s[2] |
				 ev->rng.s[3])) {
		gl_fail(err, GL_EPARSE, "%s:%d: want four hex words", path, it.lineno);
		goto bad;
	}
	for (int m = 0; m < c.pop; m++) {
		if (state_line(&it, path, "member", &v, err))
			goto bad;
		gl_weights *w = &ev->pop[m];
		for (int i = 0; i < w->n; i++) {
			double d = strtod(v, &end);
			if (end == v || !isfinite(d)) {
				gl_fail(err, GL_EPARSE, "%s:%d: member %d needs %d "
					"finite weights", path, it.lineno, m, w->n);
				goto bad;
			}
			w->w[i] = d;
			v = end;
		}
		if (*v) {
			gl_fail(err, GL_EPARSE, "%s:%d: member %d has more than "
				"%d weights", path, it.lineno, m, w->n);
			goto bad;
		}
		gl_weights_ready(w);
	}
	char *last = gl_lines_next(&it);
	bool ours = c.fitness || c.quiesce || c.signed_mut || c.from_pieces;
	if (last && (strncmp(last, "ours ", 5) || !ours)) {
		gl_fail(err, GL_EPARSE, "%s:%d: more members than pop %d", path,
			it.lineno, c.pop);
		goto bad;
	}
	if (last && gl_lines_next(&it)) {
		gl_fail(err, GL_EPARSE, "%s:%d: nothing may follow the 'ours' "
			"line", path, it.lineno);
		goto bad;
	}
	*out = ev;
	return 0;
bad:
	gl_evolve_free(ev);
	return GL_EPARSE;
}

gl_evolve *gl_evolve_load(const gl_game *g, const char *path, gl_err *err)
{
	char *text = NULL;
	if (gl_read_text(path, STATE_FILE_MAX, &text, err))
		return NULL;
	gl_evolve *ev = NULL;
	parse_state(g, text, path, &ev, err);
	gl_free(text);
	return ev;
}
