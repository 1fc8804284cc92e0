/*
 * cmd_help.c - the command table, and `gamelearn help [COMMAND | --man |
 * --completion]` and `gamelearn version`: the command list, one command's
 * usage, the man page (roff) and the bash completion script, all
 * generated from the table and the game and agent registries, so that they
 * cannot drift from what the binary accepts. The build runs `help --man`
 * and `help --completion` to make the installed gamelearn.1 and
 * completion file.
 *
 * The completion reads each command's usage string: `--opt VALUE` is an
 * option with a value, `--opt` a flag, an upper-case word a positional
 * argument; the metavariable says what to complete (GAME, AGENT, FILE,
 * DIR, a|b|c choices), `X...` repeats.
 */
#include "cli.h"

#include "gamelearn/agent.h"

#include <ctype.h>
#include <string.h>

/* The subcommands of gdl, for help, the man page and completion (the
 * command dispatches them itself; ggp's are in cmd_ggp.c). */
static const cli_command gdl_subs[] = {
	{"check", NULL, NULL, NULL, NULL, &cli_gdl_check_spec},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

/* Every command: name, usage (NULL: its subcommands'), one line of help,
 * what runs it, its subcommands. help, the man page and the bash
 * completion are generated from this table (below). */
const cli_command cli_commands[] = {
	{"list", NULL, NULL, cmd_list, NULL, &cli_list_spec},
	{"show", NULL, NULL, cmd_show, NULL, &cli_show_spec},
	{"perft", NULL, NULL, cmd_perft, NULL, &cli_perft_spec},
	{"bench", NULL, NULL, cmd_bench, NULL, &cli_bench_spec},
	{"solve", NULL, NULL, cmd_solve, NULL, &cli_solve_spec},
	{"agents", NULL, NULL, cmd_agents, NULL, &cli_agents_spec},
	{"match", NULL, NULL, cmd_match, NULL, &cli_match_spec},
	{"replay", NULL, NULL, cmd_replay, NULL, &cli_replay_spec},
	{"play", NULL, NULL, cmd_play, NULL, &cli_play_spec},
	{"train", NULL, NULL, cmd_train, NULL, &cli_train_spec},
	{"features", NULL, NULL, cmd_features, NULL, &cli_features_spec},
	{"repro", "NAME [options]", "rerun a paper's experiments: tables, CSV and SVG plots",
		cmd_repro, repro_experiments, NULL},
	{"gdl", NULL, "check GDL descriptions: each problem with line and column",
		cmd_gdl, gdl_subs, NULL},
	{"ggp", NULL, "a General Game Playing player over HTTP, and a match manager",
		cmd_ggp, cli_ggp_subs, NULL},
	{"web", NULL, NULL, cmd_web, NULL, &cli_web_spec},
	{"evolve", NULL, NULL, cmd_evolve, NULL, &cli_evolve_spec},
	{"demo", NULL, NULL, cmd_demo, NULL, &cli_demo_spec},
	{"inspect", NULL, NULL, cmd_inspect, NULL, &cli_inspect_spec},
	{"search", NULL, NULL, cmd_search, NULL, &cli_search_spec},
	{"help", "[COMMAND | --man | --completion]",
		"the commands; one command's usage; the man page (roff) or the bash completion script",
		cmd_help, NULL, NULL},
	{"version", "", "the version and how this binary was built (also --version)",
		cmd_version, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

/* What the build told us (CMakeLists.txt); defaults for other builds. */
#ifndef GL_VERSION
#define GL_VERSION "unknown"
#endif
#ifndef GL_BUILD_TYPE
#define GL_BUILD_TYPE "unknown"
#endif
#ifndef GL_COMPILER
#define GL_COMPILER "unknown"
#endif
#ifndef GL_BUILD_SANITIZE
#define GL_BUILD_SANITIZE 0
#endif
#ifndef GL_BUILD_NATIVE
#define GL_BUILD_NATIVE 0
#endif

static const cli_command *find(const cli_command *table, const char *name)
{
	for (const cli_command *c = table; c && c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* A command's usage: its own, or its subcommands' joined by " | ". */
static void print_usage(FILE *f, const cli_command *c)
{
	char buf[1024];
	const char *u = cli_command_usage(c, buf, sizeof buf);
	if (u) {
		fputs(u, f);
		return;
	}
	for (const cli_command *s = c->subs; s && s->name; s++)
		fprintf(f, "%s%s %s", s == c->subs ? "" : " | ", s->name,
			cli_command_usage(s, buf, sizeof buf));
}

void cli_usage(FILE *f)
{
	fprintf(f, "usage: gamelearn COMMAND [ARGS]\n\ncommands:\n");
	for (const cli_command *c = cli_commands; c->name; c++) {
		char buf[1024];
		const char *u = cli_command_usage(c, buf, sizeof buf);
		if (u && !*u)
			fprintf(f, "  %s\n", c->name); /* no arguments, no options */
		else {
			fprintf(f, "  %-8s ", c->name);
			print_usage(f, c);
			fputc('\n', f);
		}
		fprintf(f, "           %s\n", cli_command_help(c));
	}
	fprintf(f, "\nGAME is a spec NAME[:key=value,...]; `gamelearn list` shows "
		"them. `gamelearn help COMMAND` shows one command; `man gamelearn` "
		"has it all.\n");
}

int cmd_version(int argc, char **argv)
{
	if (argc > 1)
		cli_die(EXIT_USAGE, "%s: unexpected argument '%s'", argv[0], argv[1]);
	printf("gamelearn %s\n", GL_VERSION);
	printf("build: %s, %s, sanitizers %s, -march=native %s\n", GL_BUILD_TYPE,
		GL_COMPILER, GL_BUILD_SANITIZE ? "on" : "off",
		GL_BUILD_NATIVE ? "on" : "off");
	char mpi[64];
	cli_mpi_describe(mpi, sizeof mpi);
	printf("%s\n", mpi);
	return 0;
}

/* --- The man page ---------------------------------------------------------- */

/* Text escaped for roff: backslashes, hyphens as \-, no control line. */
static void roff(FILE *f, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else
			fputc(*s, f);
	}
}

static void man_params(FILE *f, const gl_param_def *params)
{
	for (const gl_param_def *d = params; d && d->key; d++) {
		fputs(".br\n", f);
		fprintf(f, "\\fI%s\\fR=", d->key);
		roff(f, d->def);
		if (d->min <= d->max)
			fprintf(f, " (%ld..%ld) ", d->min, d->max);
		else
			fputs(" (text) ", f);
		roff(f, d->help);
		fputc('\n', f);
	}
}

static void man_command(FILE *f, const char *prefix, const cli_command *c)
{
	char buf[1024];
	const char *u = cli_command_usage(c, buf, sizeof buf);
	fprintf(f, ".TP\n\\fBgamelearn %s%s\\fR ", prefix, c->name);
	if (u)
		roff(f, u);
	fputc('\n', f);
	roff(f, cli_command_help(c));
	fputc('\n', f);
	/* every declared option with its default, as --help prints them */
	for (const cli_opt *o = c->spec ? c->spec->opts : NULL; o && o->name; o++) {
		fprintf(f, ".RS\n.TP\n\\fB%s", o->name[1] ? "\\-\\-" : "\\-");
		roff(f, o->name);
		fputs("\\fR", f);
		if (o->arg) {
			fputs(" \\fI", f);
			roff(f, o->arg);
			fputs("\\fR", f);
		}
		fputc('\n', f);
		roff(f, o->help);
		if (o->def && *o->def) {
			fputs(" (default ", f);
			roff(f, o->def);
			fputc(')', f);
		}
		fputs("\n.RE\n", f);
	}
}

static void man_page(FILE *f)
{
	fprintf(f, ".TH GAMELEARN 1 \"\" \"gamelearn %s\" \"User Commands\"\n", GL_VERSION);
	fputs(".SH NAME\ngamelearn \\- machines that learn to play games\n"
		".SH SYNOPSIS\n"
		".B gamelearn\n.I COMMAND\n[\\fIARGS\\fR]\n.br\n"
		".B gamelearn help\n[\\fICOMMAND\\fR]\n.br\n"
		".B gamelearn \\-\\-version\n"
		".SH DESCRIPTION\n"
		"gamelearn plays, counts, solves and learns games: native engines "
		"(tic\\-tac\\-toe, Hex, Nim, Connect\\-k, CaptureGo, Othello, checkers, "
		"the puzzles swap9 and the n\\-puzzle) and any game written in GDL, "
		"through one game interface; agents from random play to alpha\\-beta, "
		"UCT and exact solving; and the learners of five papers "
		"(Martens 1959, a genetic state\\-pair learner, a checkers GA over "
		"Samuel's terms, Banerjee and Stone 2007, Hwang, Hong and Lin).\n"
		".PP\n"
		"A \\fIGAME\\fR is a spec \\fINAME\\fR[:\\fIkey\\fR=\\fIvalue\\fR,...], "
		"a preset, or \\fBgdl:\\fR\\fIPATH.kif\\fR. An \\fIAGENT\\fR is a spec "
		"of the same form. Moves are written in each game's usual notation.\n"
		".PP\n"
		"Options and arguments come in any order. An option given twice "
		"takes its last value, so that a script may override an option it "
		"passes by default; \\fB\\-\\-player\\fR of \\fBggp match\\fR "
		"collects every value.\n"
		".SH COMMANDS\n", f);
	for (const cli_command *c = cli_commands; c->name; c++) {
		fputs(".SS ", f);
		roff(f, c->name);
		fputc('\n', f);
		if (c->subs) {
			roff(f, cli_command_help(c));
			fputc('\n', f);
			char prefix[64];
			snprintf(prefix, sizeof prefix, "%s ", c->name);
			for (const cli_command *s = c->subs; s->name; s++)
				man_command(f, prefix, s);
		} else {
			man_command(f, "", c);
		}
	}
	fputs(".SH GAMES\n", f);
	for (const gl_game_type *const *t = gl_game_types(); *t; t++) {
		fprintf(f, ".TP\n.B %s\n", (*t)->name);
		roff(f, (*t)->summary);
		fputc('\n', f);
		man_params(f, (*t)->params);
	}
	fputs(".PP\nPresets:\n", f);
	for (const gl_preset *p = gl_game_presets(); p->name; p++) {
		fprintf(f, ".TP\n.B %s\n", p->name);
		roff(f, p->spec);
		fputc('\n', f);
	}
	fputs(".SH AGENTS\n", f);
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++) {
		fprintf(f, ".TP\n.B %s\n", (*t)->name);
		roff(f, (*t)->summary);
		fputc('\n', f);
		man_params(f, (*t)->params);
	}
	fprintf(f, ".TP\n.B %s\n", cli_agent_human.name);
	roff(f, cli_agent_human.summary);
	fputs("\n.PP\nNamed players:\n", f);
	for (const gl_preset *p = gl_agent_presets(); p->name; p++) {
		fprintf(f, ".TP\n.B %s\n", p->name);
		roff(f, p->spec);
	}
	fputs("\n.SH EXIT STATUS\n"
		".TP\n.B 0\nsuccess\n"
		".TP\n.B 1\na failure at run time: an illegal move, an unreadable "
		"file, a game too big to solve, a limit reached\n"
		".TP\n.B 2\nbad usage: an unknown command, option, game or agent, a "
		"missing argument\n"
		".PP\nEvery error is one line on standard error, starting "
		"\"gamelearn: \".\n"
		".SH FILES\n"
		"gamelearn reads no configuration. It reads and writes only the "
		"files named on its command line: GDL descriptions (.kif), match "
		"records, saved learner memories (\\-\\-save, \\-\\-load, "
		"load=, save=), weight files, and the output folders of "
		"\\fBrepro\\fR and \\fBevolve\\fR (\\-\\-out).\n"
		".SH EXAMPLES\n.nf\n"
		"gamelearn list\n"
		"gamelearn perft othello8 9 \\-\\-divide\n"
		"gamelearn solve hex\n"
		"gamelearn match connect3 egreedy random \\-n 1000 \\-\\-swap\n"
		"gamelearn play tictactoe \\-\\-opponent perfect\n"
		"gamelearn train tictactoe td \\-\\-opponent random \\-n 3000 \\-\\-save ttt.td\n"
		"gamelearn repro banerjee\\-stone \\-\\-out out/bs\n"
		".fi\n"
		".SH SEE ALSO\n"
		"The README and docs/ADDING_A_GAME.md in the source; "
		".BR pkg\\-config (1)\n"
		"for building against libgamelearn (pkg\\-config gamelearn).\n", f);
}

/* --- Bash completion ------------------------------------------------------- */

/* What a usage string says about a command's arguments. */
typedef struct argspec {
	char opts[512];        /* every option, space separated */
	char takes[512];       /* the options that take a value */
	char cases[2048];      /* bash case arms: "--opt) _gamelearn_kind K;;" */
	char pos[8][256];      /* kind of each positional argument */
	int npos;
	char rest[256];        /* kind of a repeated last argument, or "" */
} argspec;

static void append(char *buf, size_t n, const char *s)
{
	size_t len = strlen(buf);
	snprintf(buf + len, n - len, "%s", s);
}

/* The completion kind of a metavariable (see _gamelearn_kind). */
static void kind_of(const char *meta, char *out, size_t n)
{
	if (strchr(meta, '|')) {
		snprintf(out, n, "words:");
		for (const char *p = meta; *p; p++) {
			char c[2] = {*p == '|' ? ' ' : *p, 0};
			append(out, n, c);
		}
	} else if (!strcmp(meta, "GAME") || !strcmp(meta, "PUZZLE")) {
		snprintf(out, n, "game");
	} else if (!strncmp(meta, "AGENT", 5) || !strcmp(meta, "SPEC") ||
		   !strcmp(meta, "URL_OR_AGENT")) {
		snprintf(out, n, "agent");
	} else if (!strcmp(meta, "FILE") || !strcmp(meta, "F")) {
		snprintf(out, n, "file");
	} else if (!strcmp(meta, "DIR")) {
		snprintf(out, n, "dir");
	} else if (!strcmp(meta, "COMMAND")) {
		snprintf(out, n, "command");
	} else {
		snprintf(out, n, "none");
	}
}

/* One word of a usage string without brackets and trailing , : */
static void clean(const char *tok, char *out, size_t n)
{
	while (*tok == '[' || *tok == '(')
		tok++;
	snprintf(out, n, "%s", tok);
	size_t len = strlen(out);
	while (len && strchr("]),:", out[len - 1]))
		out[--len] = '\0';
}

static bool is_option(const char *w)
{
	return w[0] == '-' && (w[1] == '-' || isalpha((unsigned char)w[1]));
}

static void add_option(argspec *a, const char *opt)
{
	char pad[80];
	snprintf(pad, sizeof pad, " %s ", opt);
	char have[520];
	snprintf(have, sizeof have, " %s ", a->opts);
	if (strstr(have, pad))
		return;
	append(a->opts, sizeof a->opts, a->opts[0] ? " " : "");
	append(a->opts, sizeof a->opts, opt);
}

static void parse_usage(const char *usage, argspec *a)
{
	memset(a, 0, sizeof *a);
	char words[64][128];
	int n = 0;
	for (const char *p = usage; *p && n < 64;) {
		while (*p == ' ')
			p++;
		size_t len = strcspn(p, " ");
		if (!len)
			break;
		char raw[128];
		snprintf(raw, sizeof raw, "%.*s", (int)(len < 127 ? len : 127), p);
		clean(raw, words[n], sizeof words[n]);
		if (words[n][0])
			n++;
		p += len;
	}
	for (int i = 0; i < n; i++) {
		const char *w = words[i];
		if (!strcmp(w, "|") || !strcmp(w, "..."))
			continue;
		if (is_option(w) && strchr(w, '|')) { /* --a|--b: flags */
			char copy[128];
			snprintf(copy, sizeof copy, "%s", w);
			char *save = NULL;
			for (char *o = strtok_r(copy, "|", &save); o; o = strtok_r(NULL, "|", &save))
				add_option(a, o);
			continue;
		}
		if (is_option(w)) {
			add_option(a, w);
			const char *v = i + 1 < n ? words[i + 1] : "";
			if (v[0] && v[0] != '-' && strcmp(v, "|") && strcmp(v, "...") &&
			    (isupper((unsigned char)v[0]) || isdigit((unsigned char)v[0]) ||
			     strchr(v, '|'))) {
				char kind[256], arm[400];
				kind_of(v, kind, sizeof kind);
				append(a->takes, sizeof a->takes, a->takes[0] ? " " : "");
				append(a->takes, sizeof a->takes, w);
				snprintf(arm, sizeof arm, "\t\t%s) _gamelearn_kind '%s'; return;;\n", w, kind);
				append(a->cases, sizeof a->cases, arm);
				i++;
			}
			continue;
		}
		if (!isupper((unsigned char)w[0]))
			continue; /* a literal or a default value: nothing to complete */
		char meta[128];
		snprintf(meta, sizeof meta, "%s", w);
		size_t len = strlen(meta);
		bool repeated = len > 3 && !strcmp(meta + len - 3, "...");
		if (repeated)
			meta[len - 3] = '\0';
		if (repeated)
			kind_of(meta, a->rest, sizeof a->rest);
		else if (a->npos < 8)
			kind_of(meta, a->pos[a->npos++], sizeof a->pos[0]);
	}
}

/* One case arm of _gamelearn for a command (or "command sub"). */
static void completion_arm(FILE *f, const char *name, const char *usage)
{
	argspec a;
	parse_usage(usage ? usage : "", &a);
	fprintf(f, "\t\"%s\")\n\t\topts='%s'\n\t\ttakes='%s'\n\t\tpos=(", name,
		a.opts, a.takes);
	for (int i = 0; i < a.npos; i++)
		fprintf(f, "%s'%s'", i ? " " : "", a.pos[i]);
	fprintf(f, ")\n\t\trest='%s'\n\t\tcase $prev in\n%s\t\tesac\n\t\t;;\n",
		a.rest, a.cases);
}

static void completion(FILE *f)
{
	fputs("# bash completion for gamelearn; generated by `gamelearn help "
		"--completion` from the binary's command table.\n", f);
	fputs("_gamelearn_games='", f);
	for (const gl_game_type *const *t = gl_game_types(); *t; t++)
		fprintf(f, "%s%s", t == gl_game_types() ? "" : " ", (*t)->name);
	for (const gl_preset *p = gl_game_presets(); p->name; p++)
		fprintf(f, " %s", p->name);
	fputs("'\n_gamelearn_agents='", f);
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		fprintf(f, "%s ", (*t)->name);
	for (const gl_preset *p = gl_agent_presets(); p->name; p++)
		fprintf(f, "%s ", p->name);
	fprintf(f, "%s'\n_gamelearn_commands='", cli_agent_human.name);
	for (const cli_command *c = cli_commands; c->name; c++)
		fprintf(f, "%s%s", c == cli_commands ? "" : " ", c->name);
	fputs("'\n\n"
		"# Complete the current word as a KIND: game, agent, file, dir, command,\n"
		"# words:A B C, or none.\n"
		"_gamelearn_kind() {\n"
		"\tlocal cur=${COMP_WORDS[COMP_CWORD]}\n"
		"\tcase $1 in\n"
		"\tgame) COMPREPLY=($(compgen -W \"$_gamelearn_games\" -- \"$cur\"));;\n"
		"\tagent) COMPREPLY=($(compgen -W \"$_gamelearn_agents\" -- \"$cur\"));;\n"
		"\tcommand) COMPREPLY=($(compgen -W \"$_gamelearn_commands\" -- \"$cur\"));;\n"
		"\tfile) COMPREPLY=($(compgen -f -- \"$cur\"));;\n"
		"\tdir) COMPREPLY=($(compgen -d -- \"$cur\"));;\n"
		"\twords:*) COMPREPLY=($(compgen -W \"${1#words:}\" -- \"$cur\"));;\n"
		"\t*) COMPREPLY=();;\n"
		"\tesac\n"
		"}\n\n"
		"_gamelearn() {\n"
		"\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
		"\tlocal cmd first=2 opts takes pos rest i n=0 w\n"
		"\tif ((COMP_CWORD == 1)); then\n"
		"\t\tCOMPREPLY=($(compgen -W \"$_gamelearn_commands --version --help\" -- \"$cur\"))\n"
		"\t\treturn\n"
		"\tfi\n"
		"\tcmd=${COMP_WORDS[1]}\n"
		"\tcase $cmd in\n", f);
	for (const cli_command *c = cli_commands; c->name; c++) {
		if (!c->subs)
			continue;
		fprintf(f, "\t%s)\n\t\tif ((COMP_CWORD == 2)); then\n"
			"\t\t\tCOMPREPLY=($(compgen -W '", c->name);
		for (const cli_command *s = c->subs; s->name; s++)
			fprintf(f, "%s%s", s == c->subs ? "" : " ", s->name);
		fputs("' -- \"$cur\"))\n\t\t\treturn\n\t\tfi\n"
			"\t\tcmd=\"$cmd ${COMP_WORDS[2]}\"\n\t\tfirst=3\n\t\t;;\n", f);
	}
	fputs("\tesac\n\tcase $cmd in\n", f);
	for (const cli_command *c = cli_commands; c->name; c++) {
		if (!c->subs) {
			char buf[1024];
			completion_arm(f, c->name, cli_command_usage(c, buf, sizeof buf));
			continue;
		}
		for (const cli_command *s = c->subs; s->name; s++) {
			char name[128];
			snprintf(name, sizeof name, "%s %s", c->name, s->name);
			char buf[1024];
			completion_arm(f, name, cli_command_usage(s, buf, sizeof buf));
		}
	}
	fputs("\t*) return;;\n"
		"\tesac\n"
		"\tif [[ $cur == -* ]]; then\n"
		"\t\tCOMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
		"\t\treturn\n"
		"\tfi\n"
		"\t# which positional argument the cursor is on\n"
		"\tfor ((i = first; i < COMP_CWORD; i++)); do\n"
		"\t\tw=${COMP_WORDS[i]}\n"
		"\t\tcase $w in\n"
		"\t\t-*) case \" $takes \" in *\" $w \"*) ((i++));; esac;;\n"
		"\t\t*) ((n++));;\n"
		"\t\tesac\n"
		"\tdone\n"
		"\tif ((n < ${#pos[@]})); then\n"
		"\t\t_gamelearn_kind \"${pos[n]}\"\n"
		"\telse\n"
		"\t\t_gamelearn_kind \"$rest\"\n"
		"\tfi\n"
		"}\n"
		"complete -F _gamelearn gamelearn\n", f);
}

int cmd_help(int argc, char **argv)
{
	if (argc > 2)
		cli_die(EXIT_USAGE, "help: unexpected argument '%s'", argv[2]);
	if (argc < 2) {
		cli_usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--man")) {
		man_page(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--completion")) {
		completion(stdout);
		return 0;
	}
	/* `help --help` is help about help, as `help help` */
	const char *name = !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ? "help" :
		argv[1];
	const cli_command *c = find(cli_commands, name);
	if (!c)
		cli_die(EXIT_USAGE, "help: unknown command '%s' (try: gamelearn help)", name);
	if (c->spec) {
		cli_help(c->spec, stdout);
		return 0;
	}
	printf("usage: gamelearn %s ", c->name);
	print_usage(stdout, c);
	printf("\n%s\n", cli_command_help(c));
	for (const cli_command *s = c->subs; s && s->name; s++) {
		char buf[1024];
		printf("  %-16s %s\n  %-16s %s\n", s->name, cli_command_help(s), "",
			cli_command_usage(s, buf, sizeof buf));
	}
	if (c->subs)
		printf("(gamelearn %s SUBCOMMAND --help for its options)\n", c->name);
	return 0;
}
