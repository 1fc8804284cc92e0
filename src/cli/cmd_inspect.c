/*
 * cmd_inspect.c - `gamelearn inspect FILE [--max N]`: draw a saved memory
 * of Martens' learners (Martens 1959): the machine's won and hopeless
 * configurations as boards, with its invalid symmetries (Note I), or the
 * L-automaton's listed e-strings with their evaluations (Note II, 5).
 * The file's header names the game; the memory is loaded through the
 * agent itself, so a corrupt file gets the agent's own error.
 */
#include "cli.h"

#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/martens.h"

#include <stdlib.h>
#include <string.h>

/* The value of the first line "KEY VALUE" of text, into buf. */
static bool header_value(const char *text, const char *key, char *buf, size_t n)
{
	size_t k = strlen(key);
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (!strncmp(p, key, k) && p[k] == ' ') {
			size_t len = strcspn(p + k + 1, "\r\n");
			if (len >= n)
				return false;
			memcpy(buf, p + k + 1, len);
			buf[len] = '\0';
			return true;
		}
	}
	return false;
}

static const cli_opt inspect_opts[] = {
	{"max", "N", "24", "draw at most N entries of each kind (-1: all)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_inspect_spec = {
	"inspect", "FILE", 1, 1,
	"draw a saved memory of martens or lauto (boards, e-strings)",
	inspect_opts,
	{"gamelearn inspect m.txt", "gamelearn inspect l.txt --max -1"}
};

int cmd_inspect(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_inspect_spec, argc, argv, &opt);
	const char *path = opt.pos[0];
	long max = cli_long(&opt, "max", -1, 1000000000);
	gl_err err = {0};
	char *text;
	int rc = gl_read_file(path, 1 << 20, &text, NULL, &err);
	if (rc && rc != GL_ERANGE)
		cli_die(EXIT_RUN, "%s", err.msg);
	/* only the header is needed here: a larger file's first MiB */
	if (rc == GL_ERANGE) {
		FILE *f = fopen(path, "r");
		text = gl_malloc(1 << 20);
		if (!f || !text)
			cli_die(EXIT_RUN, "cannot read %s", path);
		size_t n = fread(text, 1, (1 << 20) - 1, f);
		text[n] = '\0';
		fclose(f);
	}
	const char *agent;
	if (!strncmp(text, "gamelearn-martens ", 18))
		agent = "martens";
	else if (!strncmp(text, "gamelearn-lauto ", 16))
		agent = "lauto";
	else
		cli_die(EXIT_RUN, "%s:1: not a memory of martens or lauto", path);
	char game_spec[GL_SPEC_MAX], eval[32] = "normal", spec[GL_SPEC_MAX + 32];
	if (!header_value(text, "game", game_spec, sizeof game_spec))
		cli_die(EXIT_RUN, "%s: no 'game' line", path);
	header_value(text, "eval", eval, sizeof eval);
	gl_free(text);
	gl_game *g = gl_game_new(game_spec, &err);
	if (!g)
		cli_die(EXIT_RUN, "%s: %s", path, err.msg);
	if (!strcmp(agent, "lauto") && strcmp(eval, "normal") && strcmp(eval, "misere"))
		cli_die(EXIT_RUN, "%s: eval must be normal or misere, got '%s'", path, eval);
	if (!strcmp(agent, "lauto"))
		snprintf(spec, sizeof spec, "lauto:eval=%s", eval);
	else
		snprintf(spec, sizeof spec, "martens");
	gl_agent *a = gl_agent_new(spec, g, NULL, &err);
	if (!a)
		cli_die(EXIT_RUN, "%s: %s", path, err.msg);
	if (a->type->load(a, path, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	if (!strcmp(agent, "martens"))
		gl_martens_describe(a, &sb, (int)max);
	else
		gl_lauto_describe(a, &sb, max);
	if (sb.oom)
		cli_die(EXIT_RUN, "out of memory");
	fputs(sb.buf ? sb.buf : "", stdout);
	gl_strbuf_done(&sb);
	gl_agent_free(a);
	gl_game_free(g);
	return 0;
}
