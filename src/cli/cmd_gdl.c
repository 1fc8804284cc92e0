/*
 * cmd_gdl.c - `gamelearn gdl check FILE...`: validate GDL descriptions
 * (Love et al. 2008, sections 2-4) and print every problem as
 * FILE:LINE:COL: what is wrong; then compile each valid one and say its
 * size. Exit 0 when all are valid, 1 otherwise.
 */
#include "cli.h"

#include "gamelearn/fileio.h"
#include "gamelearn/gdl.h"

#include <stdlib.h>
#include <string.h>

static int check_one(const char *path)
{
	char *text;
	size_t len;
	gl_err err = {0};
	if (gl_read_file(path, GDL_FILE_MAX, &text, &len, &err)) {
		fprintf(stderr, "gamelearn: %s\n", err.msg);
		return 1;
	}
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	int n = gdl_check(text, len, path, &sb);
	if (n < 0)
		cli_die(EXIT_RUN, "out of memory checking %s", path);
	if (n > 0) {
		fputs(sb.buf ? sb.buf : "", stdout);
		printf("%s: invalid: %d problem%s\n", path, n, n == 1 ? "" : "s");
		gl_strbuf_done(&sb);
		gl_free(text);
		return 1;
	}
	gl_strbuf_done(&sb);
	gdl_game *gd;
	double t0 = gl_now();
	int rc = gdl_load(&gd, text, len, path, &err);
	double dt = gl_now() - t0;
	gl_free(text);
	if (rc) {
		printf("%s\n%s: invalid\n", err.msg, path);
		return 1;
	}
	printf("%s: valid: %d roles (", path, gdl_nroles(gd));
	for (int r = 0; r < gdl_nroles(gd); r++)
		printf("%s%s", r ? " " : "", gdl_role_name(gd, r));
	printf("), %d base propositions, %d moves, %d ground atoms, %d ground "
		"rules, %d gates, compiled in %.3f s\n", gdl_nbase(gd),
		gdl_nmoves(gd), gdl_natoms(gd), gdl_nrules(gd), gdl_ngates(gd), dt);
	gdl_free(gd);
	return 0;
}

int cmd_gdl(int argc, char **argv)
{
	if (argc < 3 || strcmp(argv[1], "check") != 0)
		cli_die(EXIT_USAGE, "usage: gamelearn gdl check FILE...");
	int bad = 0;
	for (int i = 2; i < argc; i++)
		bad |= check_one(argv[i]);
	return bad ? EXIT_RUN : 0;
}
