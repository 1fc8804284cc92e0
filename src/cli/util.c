/*
 * util.c - what every command uses: library errors turned into one-line
 * messages and exit codes (under MPI, stopping every rank), games,
 * states and moves made or dying, boards drawn, output files checked
 * before the work and written whole.
 */
#include "cli.h"
#include "gamelearn/fileio.h"
#include "gamelearn/gdl.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Noreturn void cli_die(int code, const char *fmt, ...)
{
	/* one message: of threads failing at once (matches on several
	 * cores), the first says why and exits, the others wait for it */
	static atomic_flag dying = ATOMIC_FLAG_INIT;
	if (atomic_flag_test_and_set(&dying))
		for (;;)
			pause();
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* one line, whatever the user typed into it */
	for (char *p = msg; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	fflush(stdout);
	fprintf(stderr, "gamelearn: %s%s\n", msg, cli_mpi_size() > 1 ?
		" (stopping every rank)" : "");
	cli_mpi_abort(code);
	exit(code);
}

void cli_check_out(const char *what, const char *path, bool dir)
{
	struct stat st;
	bool there = stat(path, &st) == 0;
	if (dir) {
		if (!there || !S_ISDIR(st.st_mode) || access(path, W_OK | X_OK))
			cli_die(EXIT_RUN, "%s: cannot write into '%s': %s", what, path,
				!there ? strerror(errno) : !S_ISDIR(st.st_mode) ?
				"not a folder" : strerror(errno));
		return;
	}
	if (there && S_ISDIR(st.st_mode))
		cli_die(EXIT_RUN, "%s: cannot write '%s': it is a folder", what, path);
	/* a file there (read-only?), a device or a pipe (written through) */
	if (there && access(path, W_OK))
		cli_die(EXIT_RUN, "%s: cannot write '%s': %s", what, path,
			strerror(errno));
	if (there && !S_ISREG(st.st_mode))
		return;
	const char *slash = strrchr(path, '/');
	char folder[4096];
	snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - path) +
		(slash == path) : 1, slash ? path : ".");
	if (access(folder, W_OK | X_OK))
		cli_die(EXIT_RUN, "%s: cannot write '%s': %s", what, path,
			strerror(errno));
}

int cli_write_out(const gl_strbuf *sb, const char *path, gl_err *err)
{
	struct stat st;
	if (stat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
		return gl_strbuf_write(sb, path, err);
	if (sb->oom)
		return gl_fail(err, GL_ENOMEM, "out of memory building '%s'", path);
	FILE *f = fopen(path, "w");
	if (!f)
		return gl_fail(err, GL_EIO, "cannot write '%s': %s", path,
			strerror(errno));
	size_t n = sb->buf ? fwrite(sb->buf, 1, sb->len, f) : 0;
	if (fclose(f) != 0 || n != sb->len)
		return gl_fail(err, GL_EIO, "cannot write '%s': %s", path,
			strerror(errno));
	return 0;
}

void cli_json_string(FILE *f, const char *s)
{
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_json(&sb, s); /* bytes that are not UTF-8 escaped too */
	fputs(sb.oom || !sb.buf ? "\"\"" : sb.buf, f);
	gl_strbuf_done(&sb);
}

void cli_print_params(const gl_param_def *params)
{
	for (const gl_param_def *d = params; d && d->key; d++) {
		char range[48] = "text";
		if (d->min <= d->max)
			snprintf(range, sizeof range, "%ld..%ld", d->min, d->max);
		printf("%10s   %s=%s  (%s) %s\n", "", d->key, d->def, range, d->help);
	}
}

gl_game *cli_game(const char *spec)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	if (!g)
		cli_die(EXIT_USAGE, "%s", err.msg);
	return g;
}

void *cli_state(const gl_game *g)
{
	void *s = gl_malloc(g->state_size);
	if (!s)
		cli_die(EXIT_RUN, "out of memory for a state of %s (%u bytes)",
			g->spec, g->state_size);
	return s;
}

gl_action *cli_moves(const gl_game *g)
{
	gl_action *m = gl_malloc(g->max_legal * sizeof *m);
	if (!m)
		cli_die(EXIT_RUN, "out of memory for the legal moves of %s (%u)",
			g->spec, g->max_legal);
	return m;
}

void cli_print_state(const gl_game *g, const void *s, FILE *f)
{
	char buf[8192];
	int n = g->type->render(g, s, buf, sizeof buf);
	if (n < 0)
		return;
	if ((size_t)n < sizeof buf) {
		fputs(buf, f);
		return;
	}
	char *big = gl_malloc((size_t)n + 1); /* a big GDL state: all of it */
	if (!big)
		cli_die(EXIT_RUN, "out of memory drawing a state of %s", g->spec);
	g->type->render(g, s, big, (size_t)n + 1);
	fputs(big, f);
	gl_free(big);
}

long cli_int(const char *text, long min, long max, const char *what)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (!*text || *end || errno)
		cli_die(EXIT_USAGE, "%s must be an integer, got '%s'", what, text);
	if (v < min || v > max)
		cli_die(EXIT_USAGE, "%s must be in %ld..%ld, got %ld", what, min, max, v);
	return v;
}

void cli_play_moves(const gl_game *g, void *s, const char *list)
{
	const char *p = list;
	for (int k = 1;; k++) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char text[GL_MOVE_TEXT];
		if (n == 0 || n >= sizeof text)
			cli_die(EXIT_RUN, "move %d of --moves is %s", k,
				n ? "too long" : "empty");
		memcpy(text, p, n);
		text[n] = '\0';
		gl_err err = {0};
		gl_action a;
		if (gl_parse_legal(g, s, text, &a, &err))
			cli_die(EXIT_RUN, "move %d of --moves: %s", k, err.msg);
		g->type->apply(g, s, a);
		if (!comma)
			break;
		p = comma + 1;
	}
}

void cli_game_notes(const gl_game *g)
{
	char note[512];
	if (gdl_game_note(g, note, sizeof note) > 0) {
		fflush(stdout); /* after what was printed of the game */
		fprintf(stderr, "gamelearn: note: %s\n", note);
	}
}

int cli_random_game(const gl_game *g, uint64_t seed, bool show_board, FILE *out)
{
	void *s = cli_state(g);
	gl_action *moves = cli_moves(g);
	gl_rng rng;
	gl_rng_seed(&rng, seed);
	g->type->start(g, s);
	int n = 0;
	for (;;) {
		int k = g->type->legal(g, s, moves);
		if (k == 0)
			break;
		gl_action a = moves[gl_rng_below(&rng, (uint32_t)k)];
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, s, a, mt, sizeof mt);
		g->type->apply(g, s, a);
		n++;
		if (show_board) {
			fprintf(out, "%d. %s\n", n, mt);
			cli_print_state(g, s, out);
			fprintf(out, "\n");
		} else {
			fprintf(out, "%s%s", n > 1 ? " " : "", mt);
		}
	}
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	if (!show_board) {
		fprintf(out, "\n");
		cli_print_state(g, s, out);
	}
	fprintf(out, "%d moves; goals:", n);
	for (unsigned p = 0; p < g->nplayers; p++)
		fprintf(out, " %d", goals[p]);
	fprintf(out, "\n");
	cli_game_notes(g);
	gl_free(s);
	gl_free(moves);
	return n;
}
