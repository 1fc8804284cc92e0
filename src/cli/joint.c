/*
 * joint.c - `gamelearn perft --joint gdl:FILE DEPTH`: the joint-move
 * count every GGP reasoner reports (ggp-base's, ggplib's): a step is one
 * legal move per role, all roles at once (the cartesian product of their
 * legal moves), and a terminal state is not extended. It differs from
 * plain `perft` on a GDL game only where moves are simultaneous (there
 * the game interface counts each role's choice as a move of its own).
 * The root's joint moves are walked one by one (the progress bar, and
 * --divide's lines); below them gdl_perft counts through the reasoner.
 * The last ply is never walked: its count is the product of the roles'
 * legal counts.
 */
#include "cli.h"

#include "gamelearn/gdl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The text of a joint move: each role's move, in role order. */
static void joint_text(const gdl_game *gd, const int *joint, char *buf,
	size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int r = 0; r < gdl_nroles(gd) && len < n; r++) {
		if (r)
			buf[len++] = ' ';
		if (len < n)
			len += (size_t)gdl_move_text(gd, joint[r], buf + len, n - len);
	}
	if (len >= n)
		buf[n - 1] = '\0';
}

int cli_perft_joint(const gl_game *g, int depth, bool divide)
{
	const gdl_game *gd = gdl_game_of(g);
	if (!gd)
		cli_die(EXIT_USAGE, "perft --joint: %s is not a GDL game (gdl:FILE)",
			g->spec);
	int nr = gdl_nroles(gd), words = gdl_state_words(gd);
	gdl_eval *e = gdl_eval_new(gd);
	/* the start, a child of it, and the depth - 2 states below the child */
	uint64_t *root = calloc((size_t)words * ((size_t)depth + 2), sizeof *root);
	int *moves[GDL_ROLES_MAX] = {0}, nm[GDL_ROLES_MAX], idx[GDL_ROLES_MAX];
	for (int r = 0; r < nr; r++)
		if (!(moves[r] = malloc(((size_t)gdl_role_nmoves(gd, r) + 1) *
					sizeof *moves[r])))
			cli_die(EXIT_RUN, "out of memory");
	if (!e || !root)
		cli_die(EXIT_RUN, "out of memory");
	uint64_t *child = root + words;
	gdl_initial(gd, root);
	double t0 = gl_now();
	uint64_t total = 0;
	gdl_eval_state(gd, e, root);
	if (depth == 0) {
		total = 1;
	} else if (depth == 1 && !divide) {
		/* the last ply multiplied, as reference reasoners count it */
		total = gdl_perft_in(gd, e, root, 1, NULL);
	} else if (!gdl_terminal(gd, e)) {
		uint64_t njoint = 1;
		for (int r = 0; r < nr; r++) {
			nm[r] = gdl_legal(gd, e, r, moves[r]);
			njoint *= (uint64_t)nm[r];
			idx[r] = 0;
		}
		progress bar;
		progress_begin(&bar, "perft", (double)njoint);
		for (uint64_t k = 0; k < njoint; k++) {
			int joint[GDL_ROLES_MAX];
			for (int r = 0; r < nr; r++)
				joint[r] = moves[r][idx[r]];
			uint64_t c = 1;
			if (depth > 1) {
				gdl_eval_state(gd, e, root);
				gdl_next(gd, e, joint, child);
				c = gdl_perft_in(gd, e, child, depth - 1, child + words);
			}
			if (gdl_eval_error(gd, e))
				cli_die(EXIT_RUN, "perft --joint: %s: the prover gave up "
					"(too many join steps in one state)", g->spec);
			total += c;
			progress_update(&bar, (double)(k + 1));
			if (divide) {
				char text[1024];
				joint_text(gd, joint, text, sizeof text);
				printf("%s: %" PRIu64 "\n", text, c);
			}
			for (int r = nr - 1; r >= 0 && ++idx[r] == nm[r]; r--)
				idx[r] = 0;
		}
		progress_end(&bar);
	}
	double dt = gl_now() - t0;
	fprintf(stderr, "perft --joint (%d) of %s: %.3f s, %.3f Mnodes/s\n", depth,
		g->spec, dt, dt > 0 ? (double)total / dt / 1e6 : 0.0);
	printf("%" PRIu64 "\n", total);
	for (int r = 0; r < nr; r++)
		free(moves[r]);
	free(root);
	gdl_eval_free(e);
	return 0;
}
