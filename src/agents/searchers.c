/*
 * searchers.c - the agents backed by the search layer: `perfect` (the
 * exact solver, random among the moves of equal best value, so a learner
 * sees variety) and `alphabeta` (depth-, node- or time-limited alpha-beta
 * with the game's evaluation, or a weighted sum of its features, with
 * optional forward pruning and quiescence; eval=champion is checkers'
 * shipped evolved weights, played by the preset `checkers-champion`).
 */
#include "agents/internal.h"

#include "gamelearn/search.h"
#include "gamelearn/weights.h"

#include <string.h>

#include <stdlib.h>

/* --- perfect ------------------------------------------------------------- */

static const gl_param_def perfect_params[] = {
	{"tt", "64", "solver table size in MiB", 1, 4096},
	{"nodes", "500000000", "give up (an error) after this many nodes per move; 0 never", 0, 4000000000L},
	{"ties", "random", "among moves of equal best value: random, or first (the same move every time, a teacher repeating lines)", 1, 0},
	{NULL, NULL, NULL, 0, 0}
};

static bool perfect_supports(const gl_game *g, gl_err *err)
{
	if (g->nplayers > 2) {
		gl_fail(err, GL_EINVAL, "agent perfect: %s has %u players (at most 2)",
			g->spec, g->nplayers);
		return false;
	}
	return true;
}

typedef struct perfect {
	gl_solver *sv;
	gl_action *moves;  /* [max_legal] the legal moves */
	gl_action *best;   /* [max_legal] those of the best value */
	int *values;       /* [max_legal] their values */
	bool first;        /* ties=first: the first best move in legal order */
} perfect;

static void perfect_done(gl_agent *a)
{
	perfect *pf = a->data;
	gl_solver_free(pf->sv);
	gl_free(pf->moves);
	gl_free(pf->best);
	gl_free(pf->values);
	gl_free(pf);
}

static int perfect_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	size_t n = a->game->max_legal;
	perfect *pf = gl_calloc(1, sizeof *pf);
	if (!pf)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent perfect");
	a->data = pf;
	pf->sv = gl_solver_new(a->game, (size_t)gl_params_int(p, "tt") << 20, err);
	if (!pf->sv) {
		perfect_done(a);
		return err ? err->code : GL_ENOMEM;
	}
	gl_solver_set_limit(pf->sv, (uint64_t)gl_params_int(p, "nodes"));
	const char *ties = gl_params_str(p, "ties");
	if (strcmp(ties, "random") && strcmp(ties, "first")) {
		perfect_done(a);
		return gl_fail(err, GL_EINVAL, "agent perfect: ties must be random or first, got '%s'",
			ties);
	}
	pf->first = !strcmp(ties, "first");
	pf->moves = gl_malloc(n * sizeof *pf->moves);
	pf->best = gl_malloc(n * sizeof *pf->best);
	pf->values = gl_malloc(n * sizeof *pf->values);
	if (!pf->moves || !pf->best || !pf->values) {
		perfect_done(a);
		return gl_fail(err, GL_ENOMEM, "out of memory making agent perfect");
	}
	return 0;
}

static int perfect_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	perfect *pf = a->data;
	gl_action *moves = pf->moves, *best = pf->best;
	int *values = pf->values, n, nbest = 0, top = -1;
	int rc = gl_solve_moves(pf->sv, s, moves, values, &n);
	if (rc == GL_ERANGE)
		return gl_fail(err, rc, "agent perfect: %s is too big to solve "
			"(node limit reached)", a->game->spec);
	if (rc)
		return gl_fail(err, rc, "agent perfect: cannot solve this position");
	for (int i = 0; i < n; i++) {
		if (values[i] > top) {
			top = values[i];
			nbest = 0;
		}
		if (values[i] == top)
			best[nbest++] = moves[i];
	}
	*move = best[pf->first ? 0 : gl_rng_below(&a->rng, (uint32_t)nbest)];
	return 0;
}

const gl_agent_type gl_agent_perfect = {
	.name = "perfect",
	.summary = "exact solver (small games): random among the moves of equal best value",
	.params = perfect_params,
	.supports = perfect_supports,
	.init = perfect_init,
	.done = perfect_done,
	.choose = perfect_choose,
};

/* --- alphabeta ------------------------------------------------------------- */

typedef struct abagent {
	gl_search *search;
	gl_limits limits;
	gl_weights weights; /* eval=features */
} abagent;

static const gl_param_def ab_params[] = {
	{"depth", "6", "deepest iteration in plies (0: no depth limit)", 0, 100},
	{"time", "0", "seconds per move (0: no time limit)", 1, 0},
	{"nodes", "0", "nodes per move (0: no node limit)", 0, 4000000000L},
	{"tt", "16", "transposition table size in MiB", 1, 4096},
	{"eval", "builtin", "builtin (the game's evaluation), features (weights x feature vector) or champion (checkers: the shipped evolved weights)", 1, 0},
	{"weights", "", "eval=features: a weights file, 'NAME value' per feature (none: every weight 1)", 1, 0},
	{"prune", "0", "forward pruning: search only the N moves the evaluation likes best below the root (0: off)", 0, 1000},
	{"quiesce", "0", "1: past the depth, go on searching while a capture is pending (checkers); 0: off", 0, 1},
	{NULL, NULL, NULL, 0, 0}
};

/* eval=champion: the weights of data/checkers/champion.txt, compiled in
 * (gl_checkers_champion_text; docs/CHECKERS.md measures them). */
static int champion_weights(abagent *ab, const gl_game *g, const char *file,
	gl_err *err)
{
	if (strcmp(g->type->name, "checkers"))
		return gl_fail(err, GL_EINVAL, "agent alphabeta: eval=champion "
			"plays checkers, not %s", g->spec);
	if (*file)
		return gl_fail(err, GL_EINVAL, "agent alphabeta: eval=champion "
			"has its own weights (drop weights=)");
	char *text = gl_malloc(strlen(gl_checkers_champion_text) + 1);
	if (!text)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent alphabeta");
	strcpy(text, gl_checkers_champion_text);
	int rc = gl_weights_init(&ab->weights, g, 1.0, err);
	if (!rc)
		rc = gl_weights_parse(&ab->weights, text, "champion.txt", err);
	gl_free(text);
	return rc;
}

/* eval= and weights=: set up ab->weights for eval=features. */
static int ab_eval(abagent *ab, const gl_game *g, const gl_params *p, gl_err *err)
{
	const char *eval = gl_params_str(p, "eval");
	const char *file = gl_params_str(p, "weights");
	if (!strcmp(eval, "builtin")) {
		if (*file)
			return gl_fail(err, GL_EINVAL, "agent alphabeta: weights=FILE "
				"needs eval=features");
		return 0;
	}
	if (!strcmp(eval, "champion"))
		return champion_weights(ab, g, file, err);
	if (strcmp(eval, "features"))
		return gl_fail(err, GL_EINVAL, "agent alphabeta: eval must be "
			"builtin or features (or champion: checkers' shipped "
			"weights), got '%s'", eval);
	int rc = gl_weights_init(&ab->weights, g, 1.0, err);
	if (!rc && *file)
		rc = gl_weights_load(&ab->weights, file, err);
	return rc;
}

static int ab_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	double seconds = 0;
	int rc = gl_params_real(p, "time", "agent alphabeta", 0, 1e9, &seconds,
		err);
	if (rc)
		return rc;
	abagent *ab = gl_calloc(1, sizeof *ab);
	if (!ab)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent alphabeta");
	ab->limits.depth = (int)gl_params_int(p, "depth");
	ab->limits.nodes = (uint64_t)gl_params_int(p, "nodes");
	ab->limits.seconds = seconds;
	if (!ab->limits.depth && !ab->limits.nodes && seconds == 0) {
		gl_free(ab);
		return gl_fail(err, GL_EINVAL, "agent alphabeta: give a depth, nodes or time limit");
	}
	rc = ab_eval(ab, a->game, p, err);
	if (rc) {
		gl_free(ab);
		return rc;
	}
	ab->search = gl_search_new(a->game, (size_t)gl_params_int(p, "tt") << 20, err);
	if (!ab->search) {
		gl_free(ab);
		return err ? err->code : GL_ENOMEM;
	}
	gl_search_set_rng(ab->search, &a->rng);
	if (ab->weights.game)
		gl_search_set_eval(ab->search, gl_weights_eval, &ab->weights);
	gl_search_set_prune(ab->search, (int)gl_params_int(p, "prune"));
	gl_search_set_quiesce(ab->search, gl_params_int(p, "quiesce") != 0);
	a->data = ab;
	return 0;
}

static void ab_done(gl_agent *a)
{
	abagent *ab = a->data;
	gl_search_free(ab->search);
	gl_free(ab);
}

static int ab_begin(gl_agent *a, gl_err *err)
{
	(void)err;
	abagent *ab = a->data;
	gl_search_clear(ab->search);
	return 0;
}

/* Each iteration's best move, published for a GGP player's deadline. */
static void ab_report(void *ctx, gl_action best, int depth)
{
	(void)depth;
	gl_agent_publish(ctx, best);
}

static int ab_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	abagent *ab = a->data;
	gl_search_result r;
	gl_search_set_watch(ab->search, ab_report, a, a->stop);
	int rc = gl_search_run(ab->search, s, &ab->limits, &r);
	if (rc)
		return gl_fail(err, rc, "agent alphabeta: search failed");
	*move = r.best;
	return 0;
}

/* The time each move may take from now on (a GGP player's clock), in
 * place of the time parameter; the depth and node limits still hold. */
static void ab_set_time(gl_agent *a, double seconds)
{
	abagent *ab = a->data;
	ab->limits.seconds = seconds;
}

const gl_agent_type gl_agent_alphabeta = {
	.name = "alphabeta",
	.summary = "alpha-beta with iterative deepening under a depth, node or time limit; eval=features,weights=FILE",
	.params = ab_params,
	.init = ab_init,
	.done = ab_done,
	.begin = ab_begin,
	.choose = ab_choose,
	.set_time = ab_set_time,
};
