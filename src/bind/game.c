/*
 * bind/game.c - a game seen from a language binding (bind.h): its sizes,
 * an observation of a state as numbers, any player's legal moves, and
 * random playouts that keep each playout's goals (the Python package's
 * playouts()).
 */
#include "gamelearn/bind.h"
#include "gamelearn/gdl.h"

#include <string.h>

void gl_bind_info_of(const gl_game *g, gl_bind_info *out)
{
	memset(out, 0, sizeof *out);
	out->state_size = g->state_size;
	out->nplayers = g->nplayers;
	out->nactions = g->nactions;
	out->max_legal = g->max_legal;
	out->max_length = g->max_length;
	out->bulk = g->bulk;
	out->simultaneous = g->type->hidden != NULL;
	const gdl_game *gd = gdl_game_of(g);
	if (g->type->planes && g->type->plane_shape) {
		out->obs_kind = GL_OBS_PLANES;
		out->obs_rank = 3;
		g->type->plane_shape(g, &out->obs_shape[0], &out->obs_shape[1],
			&out->obs_shape[2]);
	} else if (g->type->cells && g->ncells) {
		int rows = 1, cols = (int)g->ncells;
		if (g->type->cell_shape)
			g->type->cell_shape(g, &rows, &cols);
		if (rows * cols != (int)g->ncells) { /* a shape that does not tile */
			rows = 1;
			cols = (int)g->ncells;
		}
		out->obs_kind = GL_OBS_CELLS;
		out->obs_rank = 3;
		out->obs_shape[0] = 1 + (int)g->nplayers;
		out->obs_shape[1] = rows;
		out->obs_shape[2] = cols;
	} else if (gd) {
		out->obs_kind = GL_OBS_PROPS;
		out->obs_rank = 1;
		out->obs_shape[0] = gdl_nbase(gd);
	} else if (g->type->features && g->nfeatures) {
		out->obs_kind = GL_OBS_FEATURES;
		out->obs_rank = 1;
		out->obs_shape[0] = (int)g->nfeatures;
	} else {
		out->obs_kind = GL_OBS_BYTES;
		out->obs_rank = 1;
		out->obs_shape[0] = (int)g->state_size;
	}
}

int gl_bind_observe(const gl_game *g, const void *s, float *out, gl_err *err)
{
	gl_bind_info in;
	gl_bind_info_of(g, &in);
	switch (in.obs_kind) {
	case GL_OBS_PLANES: {
		size_t n = (size_t)in.obs_shape[0] * (size_t)in.obs_shape[1] *
			(size_t)in.obs_shape[2];
		uint8_t *v = gl_malloc(n);
		if (!v)
			return gl_fail(err, GL_ENOMEM, "observation: out of memory");
		g->type->planes(g, s, v);
		for (size_t i = 0; i < n; i++)
			out[i] = (float)v[i];
		gl_free(v);
		break;
	}
	case GL_OBS_CELLS: {
		unsigned n = g->ncells;
		int8_t *owner = gl_malloc(n);
		if (!owner)
			return gl_fail(err, GL_ENOMEM, "observation: out of memory");
		g->type->cells(g, s, owner);
		memset(out, 0, sizeof *out * (size_t)n * (1 + g->nplayers));
		for (unsigned i = 0; i < n; i++) {
			int plane = owner[i] < 0 || owner[i] >= (int)g->nplayers ?
				0 : 1 + owner[i];
			out[(size_t)plane * n + i] = 1.0f;
		}
		gl_free(owner);
		break;
	}
	case GL_OBS_PROPS: {
		/* the base propositions, bit i of the state's word i / 64 */
		const uint64_t *w = s;
		for (int i = 0; i < in.obs_shape[0]; i++)
			out[i] = (float)((w[i / 64] >> (i % 64)) & 1);
		break;
	}
	case GL_OBS_FEATURES: {
		double *f = gl_malloc(sizeof *f * g->nfeatures);
		if (!f)
			return gl_fail(err, GL_ENOMEM, "observation: out of memory");
		g->type->features(g, s, f);
		for (unsigned i = 0; i < g->nfeatures; i++)
			out[i] = (float)f[i];
		gl_free(f);
		break;
	}
	default: {
		const unsigned char *b = s;
		for (unsigned i = 0; i < g->state_size; i++)
			out[i] = (float)b[i];
	}
	}
	return 0;
}

int gl_bind_hidden(const gl_game *g, const void *s)
{
	return g->type->hidden ? g->type->hidden(g, s) : 0;
}

int gl_bind_legal_of(const gl_game *g, const void *s, int player,
	gl_action *moves, int *count, gl_err *err)
{
	*count = 0;
	if (player < 0 || player >= (int)g->nplayers)
		return gl_fail(err, GL_EINVAL, "%s: player %d is none of 0..%d",
			g->spec, player, (int)g->nplayers - 1);
	if (g->type->terminal(g, s))
		return 0;
	if (g->type->to_move(g, s) == player) {
		*count = g->type->legal(g, s, moves);
		return 0;
	}
	const gdl_game *gd = gdl_game_of(g);
	if (!gd)
		return 0; /* a turn-taking game: only the player to move has moves */
	/* another role: the rules read at the state's bits, its first words
	 * (the pending choices of a round after them do not change them) */
	gdl_eval *e = gdl_eval_new(gd);
	if (!e)
		return gl_fail(err, GL_ENOMEM, "%s: out of memory for the legal "
			"moves of role %d", g->spec, player);
	gdl_eval_state(gd, e, s);
	*count = gdl_legal(gd, e, player, moves);
	gdl_eval_free(e);
	return 0;
}

int gl_bind_parse_move(const gl_game *g, const void *s, const char *text,
	gl_action *a, gl_err *err)
{
	return g->type->parse_move(g, s, text, a, err);
}

int gl_bind_is_legal(const gl_game *g, const void *s, gl_action a)
{
	gl_action *moves = gl_game_moves_new(g, NULL);
	if (!moves)
		return -1;
	int n = g->type->legal(g, s, moves), ok = 0;
	for (int i = 0; i < n && !ok; i++)
		ok = moves[i] == a;
	gl_free(moves);
	return ok;
}

int gl_bind_play(const gl_game *g, void *s, gl_action a, gl_action *moves,
	gl_err *err)
{
	if (a < 0 || a >= g->nactions)
		return gl_fail(err, GL_EINVAL, "%s: %d is no action (ids are 0..%d)",
			g->spec, (int)a, (int)g->nactions - 1);
	int n = g->type->legal(g, s, moves), ok = 0;
	if (n == 0)
		return gl_fail(err, GL_EINVAL, "%s: the game is over, no move can "
			"be played", g->spec);
	for (int i = 0; i < n && !ok; i++)
		ok = moves[i] == a;
	if (!ok) {
		char text[GL_MOVE_TEXT];
		g->type->format_move(g, s, a, text, sizeof text);
		return gl_fail(err, GL_EILLEGAL, "%s: move %d (%s) is not legal "
			"here", g->spec, (int)a, text);
	}
	g->type->apply(g, s, a);
	return 0;
}

/* One playout from s into state w (scratch), one by one, stopped after
 * g->max_length moves; the goals of its last state into goals. Returns
 * its moves. */
static uint64_t playout_one(const gl_game *g, const void *s, void *w,
	gl_action *moves, gl_rng *rng, int *goals)
{
	memcpy(w, s, g->state_size);
	uint64_t plies = 0;
	int nm;
	while (plies < g->max_length && (nm = g->type->legal(g, w, moves)) > 0) {
		g->type->apply(g, w, moves[gl_rng_below(rng, (uint32_t)nm)]);
		plies++;
	}
	g->type->goals(g, w, goals);
	return plies;
}

/* The start of a playouts call: n checked (0 or more), rng seeded with
 * seed, *max_moves set to the game's max_length capped at INT32_MAX.
 * Returns 0, or GL_EINVAL with err set. */
static int playouts_start(const gl_game *g, long n, uint64_t seed,
	gl_rng *rng, int *max_moves, gl_err *err)
{
	if (n < 0)
		return gl_fail(err, GL_EINVAL, "playouts: n must be 0 or more, got %ld", n);
	gl_rng_seed(rng, seed);
	*max_moves = g->max_length > (unsigned)INT32_MAX ? INT32_MAX :
		(int)g->max_length;
	return 0;
}

/* n playouts from s played one by one (playout_one) in a scratch state:
 * playout k's goals at row k of goals (np ints a row) when goals is not
 * NULL, and summed into sums when sums is not NULL; their moves added to
 * *plies. Returns 0, or an error code with err set (out of memory). */
static int playouts_one_by_one(const gl_game *g, const void *s, long n,
	gl_rng *rng, int *goals, int64_t *sums, uint64_t *plies, gl_err *err)
{
	gl_scratch w;
	int rc = gl_scratch_init(&w, g, 1, 1, err);
	if (rc)
		return rc;
	void *x = gl_scratch_state(&w, 0);
	gl_action *mv = gl_scratch_moves(&w, 0);
	int np = (int)g->nplayers, row[GL_PLAYERS_MAX];
	for (long k = 0; k < n; k++) {
		int *gk = goals ? goals + (size_t)k * (size_t)np : row;
		*plies += playout_one(g, s, x, mv, rng, gk);
		if (sums)
			for (int p = 0; p < np; p++)
				sums[p] += gk[p];
	}
	gl_scratch_done(&w);
	return 0;
}

int gl_bind_playouts(const gl_game *g, const void *s, long n, uint64_t seed,
	int *goals, uint64_t *moves, gl_err *err)
{
	gl_rng rng;
	int max_moves = 0, rc = playouts_start(g, n, seed, &rng, &max_moves, err);
	if (rc)
		return rc;
	uint64_t plies = 0;
	int np = (int)g->nplayers;
	const gdl_game *gd = gdl_game_of(g);
	if (gd && g->bulk > 1 && gl_bind_hidden(g, s) == 0) {
		/* GDL on its network, no round under way: the state's bits are
		 * its first words, played 64 lanes at a time, kept full */
		gdl_batch *b = gdl_batch_new(gd);
		if (!b)
			return gl_fail(err, GL_ENOMEM, "playouts: out of memory for %s",
				g->spec);
		for (long done = 0; done < n;) {
			int k = n - done < (1L << 20) ? (int)(n - done) : 1 << 20;
			plies += gdl_batch_goals(gd, b, s, k, &rng, max_moves,
				goals + (size_t)done * (size_t)np);
			done += k;
		}
		gdl_batch_free(b);
	} else if (g->bulk > 1 && g->type->playouts_each) {
		/* GL_EACH_MAX copies of s, played at once */
		size_t stride = gl_state_stride(g);
		unsigned char *st = gl_malloc(stride * GL_EACH_MAX);
		if (!st)
			return gl_fail(err, GL_ENOMEM, "playouts: out of memory for %s",
				g->spec);
		for (int k = 0; k < GL_EACH_MAX; k++)
			memcpy(st + (size_t)k * stride, s, g->state_size);
		int len[GL_EACH_MAX];
		for (long done = 0; done < n;) {
			int k = n - done < GL_EACH_MAX ? (int)(n - done) : GL_EACH_MAX;
			g->type->playouts_each(g, st, stride, k, &rng, max_moves, NULL,
				NULL, goals + (size_t)done * (size_t)np, len, NULL);
			for (int i = 0; i < k; i++)
				plies += (uint64_t)len[i];
			done += k;
		}
		gl_free(st);
	} else {
		rc = playouts_one_by_one(g, s, n, &rng, goals, NULL, &plies, err);
	}
	if (moves && rc == 0)
		*moves = plies;
	return rc;
}

int gl_bind_playout_sums(const gl_game *g, const void *s, long n,
	uint64_t seed, int64_t *sums, uint64_t *moves, gl_err *err)
{
	gl_rng rng;
	int max_moves = 0, rc = playouts_start(g, n, seed, &rng, &max_moves, err);
	if (rc)
		return rc;
	uint64_t plies = 0;
	int np = (int)g->nplayers;
	for (int p = 0; p < np; p++)
		sums[p] = 0;
	if (g->type->playouts) {
		int64_t part[GL_PLAYERS_MAX];
		for (long done = 0; done < n;) {
			int k = n - done < (1L << 20) ? (int)(n - done) : 1 << 20;
			plies += g->type->playouts(g, s, k, &rng, max_moves, part);
			for (int p = 0; p < np; p++)
				sums[p] += part[p];
			done += k;
		}
	} else {
		rc = playouts_one_by_one(g, s, n, &rng, NULL, sums, &plies, err);
	}
	if (moves && rc == 0)
		*moves = plies;
	return rc;
}
