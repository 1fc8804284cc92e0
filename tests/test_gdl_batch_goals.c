/*
 * test_gdl_batch_goals.c - the goals of playouts run 64 at a time are
 * those of their last states evaluated one at a time. On games whose
 * goals take a network of their own (roshambo2, two roles moving at once
 * with 110 goal lines; gt_two_thirds_4p, four roles moving at once,
 * whose goals are arithmetic over all four guesses) and on one with
 * three roles (tictactoe_3player, whose goals take a fifth of the edges:
 * the batch has a goal network of its own): from 64 copies of the start,
 * gdl_batch_each's last states evaluated by a gdl_eval give its goals,
 * and gdl_batch_goals and gdl_batch_playouts, with the same seed, play
 * the same playouts and read the same goals through the ended playouts
 * held 64 at a time. With more playouts than lanes (a held block that
 * fills mid-step), the rows of gdl_batch_goals sum to the goals of
 * gdl_batch_playouts, and those are pinned for a seed.
 */
#include "gdltest.h"

#include <stdlib.h>

enum { LANES = 64, MAXLEN = 300, MANY = 3 * LANES + 17 };

/* A game and what its seeded playouts' goal sums are pinned to. */
typedef struct pinned {
	const char *path;
	uint64_t seed;
	int64_t sum[GDL_ROLES_MAX]; /* MANY playouts' goals, each role's */
} pinned;

static void check_game(const pinned *p)
{
	gdl_game *gd = NULL;
	if (gdl_load_file(&gd, p->path, NULL)) {
		CHECK_MSG(0, "%s: does not load", p->path);
		return;
	}
	int W = gdl_state_words(gd), R = gdl_nroles(gd);
	gdl_batch *b = gdl_batch_new(gd);
	gdl_eval *e = gdl_eval_new(gd);
	uint64_t *st = calloc((size_t)LANES * (size_t)W, sizeof *st);
	uint64_t *ends = calloc((size_t)LANES * (size_t)W, sizeof *ends);
	int *each = calloc((size_t)LANES * (size_t)R, sizeof *each);
	int *rows = calloc((size_t)MANY * (size_t)R, sizeof *rows);
	int len[LANES];
	if (!b || !e || !st || !ends || !each || !rows) {
		CHECK_MSG(0, "%s: no room", p->path);
		goto out;
	}
	for (int l = 0; l < LANES; l++)
		gdl_initial(gd, st + (size_t)l * W);
	gl_rng rng;
	gl_rng_seed(&rng, p->seed);
	gdl_batch_each(gd, b, st, LANES, &rng, MAXLEN, NULL, NULL, each, len,
		ends);
	int64_t want[GDL_ROLES_MAX] = {0}, sum[GDL_ROLES_MAX];
	int bad = 0, bad_each = 0;
	gl_rng_seed(&rng, p->seed);
	gdl_batch_goals(gd, b, st, LANES, &rng, MAXLEN, rows);
	for (int l = 0; l < LANES; l++) {
		gdl_eval_state(gd, e, ends + (size_t)l * W);
		for (int r = 0; r < R; r++) {
			int g = gdl_goal(gd, e, r);
			want[r] += g;
			bad_each += each[l * R + r] != g;
			bad += rows[l * R + r] != g;
		}
	}
	CHECK_MSG(bad_each == 0, "%s: gdl_batch_each: %d goals differ from "
		"their last states'", p->path, bad_each);
	CHECK_MSG(bad == 0, "%s: gdl_batch_goals: %d goals differ from their "
		"last states'", p->path, bad);
	gl_rng_seed(&rng, p->seed);
	gdl_batch_playouts(gd, b, st, LANES, &rng, MAXLEN, sum);
	for (int r = 0; r < R; r++)
		CHECK_MSG(sum[r] == want[r], "%s: role %d: playouts' goals sum to "
			"%lld, their last states' to %lld", p->path, r,
			(long long)sum[r], (long long)want[r]);
	/* more playouts than lanes */
	gl_rng_seed(&rng, p->seed);
	gdl_batch_playouts(gd, b, st, MANY, &rng, MAXLEN, sum);
	gl_rng_seed(&rng, p->seed);
	gdl_batch_goals(gd, b, st, MANY, &rng, MAXLEN, rows);
	for (int r = 0; r < R; r++) {
		int64_t s = 0;
		for (int k = 0; k < MANY; k++)
			s += rows[k * R + r];
		CHECK_MSG(s == sum[r] && sum[r] == p->sum[r], "%s: role %d: %d "
			"playouts' goals sum to %lld (their rows %lld), pinned %lld",
			p->path, r, MANY, (long long)sum[r], (long long)s,
			(long long)p->sum[r]);
	}
out:
	free(st);
	free(ends);
	free(each);
	free(rows);
	gdl_eval_free(e);
	gdl_batch_free(b);
	gdl_free(gd);
}

int main(void)
{
	static const pinned games[] = {
		{"data/gdl/games/roshambo2.kif", 5, {11150, 9750}},
		{"data/gdl/games/tictactoe_3player.kif", 5, {14537, 12896, 10997}},
		{"data/gdl/hard/gt_two_thirds_4p.kif", 5, {4600, 5400, 6400, 5100}},
	};
	for (size_t i = 0; i < sizeof games / sizeof *games; i++)
		check_game(&games[i]);
	return test_report();
}
