/*
 * options.c - declared options (cli.h): getopt_long over a command's
 * table, typed reads by name with the declared defaults, and the help
 * text made from the same table.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static int opt_index(const cli_spec *spec, const char *name)
{
	for (int i = 0; spec->opts && spec->opts[i].name; i++)
		if (!strcmp(spec->opts[i].name, name))
			return i;
	return -1;
}

/* How the user writes option name: -n for one letter, else --name. */
static const char *dashes(const char *name)
{
	return name[1] ? "--" : "-";
}

/* The declared option name, or die: a typo in a command, not the user's. */
static int must_index(const cli_args *a, const char *name)
{
	int i = opt_index(a->spec, name);
	if (i < 0)
		cli_die(EXIT_RUN, "%s: option --%s is not declared (a bug)",
			a->spec->name, name);
	return i;
}

void cli_help(const cli_spec *spec, FILE *f)
{
	fprintf(f, "usage: gamelearn %s%s%s%s\n\n%s\n", spec->name,
		spec->opts && spec->opts[0].name ? " [options]" : "",
		spec->args && *spec->args ? " " : "", spec->args ? spec->args : "",
		spec->help);
	fprintf(f, "\noptions:\n");
	for (const cli_opt *o = spec->opts; o && o->name; o++) {
		char head[64];
		snprintf(head, sizeof head, "%s%s%s%s%s", o->name[1] ? "--" : "-",
			o->name, o->arg ? " " : "", o->arg ? o->arg : "",
			o->repeat ? " ..." : "");
		fprintf(f, "  %-22s %s", head, o->help);
		if (o->def && *o->def)
			fprintf(f, " (default %s)", o->def);
		fprintf(f, "\n");
	}
	fprintf(f, "  %-22s %s\n", "--help", "this help");
	if (spec->examples[0]) {
		fprintf(f, "\nexamples:\n");
		for (int i = 0; i < 2 && spec->examples[i]; i++)
			fprintf(f, "  %s\n", spec->examples[i]);
	}
}

/* Whether argv[k] is a negative number standing as an argument (not
 * the value of the option before it): `perft tictactoe -1`. */
static bool negative_arg(const cli_spec *spec, int argc, char **argv, int k)
{
	if (k >= argc)
		return false;
	const char *t = argv[k];
	if (t[0] != '-' || !isdigit((unsigned char)t[1]))
		return false;
	const char *prev = argv[k - 1];
	if (k == 1 || prev[0] != '-' || strchr(prev, '='))
		return true;
	const char *name = prev + (prev[1] == '-' ? 2 : 1);
	int i = opt_index(spec, name);
	return i < 0 || !spec->opts[i].arg;
}

void cli_parse(const cli_spec *spec, int argc, char **argv, cli_args *a)
{
	struct option lo[CLI_OPTS_MAX + 2];
	char shorts[2 * CLI_OPTS_MAX + 4] = "+:h";
	int n = 0, ns = 3;
	memset(a, 0, sizeof *a);
	a->spec = spec;
	for (; spec->opts && spec->opts[n].name; n++) {
		if (n == CLI_OPTS_MAX)
			cli_die(EXIT_RUN, "%s: more than %d options declared (a bug)",
				spec->name, CLI_OPTS_MAX);
		const cli_opt *o = &spec->opts[n];
		lo[n] = (struct option){o->name, o->arg ? required_argument :
			no_argument, NULL, 1000 + n};
		if (!o->name[1]) {
			shorts[ns++] = o->name[0];
			if (o->arg)
				shorts[ns++] = ':';
		}
	}
	shorts[ns] = '\0';
	lo[n++] = (struct option){"help", no_argument, NULL, 'h'};
	lo[n] = (struct option){NULL, 0, NULL, 0};
	/* Options and arguments in any order: parse up to each argument,
	 * keep it, go on after it ("+" stops getopt at the first one). */
	int i = 1;
	bool help = false;
	opterr = 0;
	while (i < argc && !help) {
		optind = 0; /* a full reset, GNU getopt */
		char **sub = argv + i - 1;
		int end = i;
		while (end < argc && !negative_arg(spec, argc, argv, end))
			end++;
		int subc = end - i + 1, c;
		while ((c = getopt_long(subc, sub, shorts, lo, NULL)) != -1) {
			int k = -1;
			if (c == 'h') {
				help = true;
				break;
			} else if (c >= 1000) {
				k = c - 1000;
			} else if (c != '?' && c != ':') {
				for (int j = 0; spec->opts[j].name; j++)
					if (!spec->opts[j].name[1] && spec->opts[j].name[0] == c)
						k = j;
			}
			const char *what = sub[optind - 1];
			if (c == ':')
				cli_die(EXIT_USAGE, "%s: %s needs a value (try: gamelearn "
					"%s --help)", spec->name, what, spec->name);
			if (k < 0)
				cli_die(EXIT_USAGE, "%s: unknown option '%s' (try: gamelearn "
					"%s --help)", spec->name, what, spec->name);
			/* getopt_long takes a prefix of one option's name as that
			 * option: `repro ga-nim --seed 7` was --seeds 7. Only the
			 * whole name is taken. The token is --name[=value], or the
			 * one before a separate value. */
			if (c >= 1000) {
				const char *t = spec->opts[k].arg && optarg == what ?
					sub[optind - 2] : what;
				size_t len = strcspn(t + 2, "=");
				if (len != strlen(spec->opts[k].name))
					cli_die(EXIT_USAGE, "%s: unknown option '--%.*s' "
						"(options are not shortened: --%s?)", spec->name,
						(int)len, t + 2, spec->opts[k].name);
			}
			/* an empty value is a script's unset variable, never
			 * what an option means */
			if (spec->opts[k].arg && !*optarg)
				cli_die(EXIT_USAGE, "%s: %s%s needs a value, got ''",
					spec->name, dashes(spec->opts[k].name),
					spec->opts[k].name);
			a->seen[k]++;
			a->val[k] = spec->opts[k].arg ? optarg : "1";
			if (spec->opts[k].repeat) {
				if (a->nrep == CLI_ARGS_MAX)
					cli_die(EXIT_USAGE, "%s: %s%s given more than %d "
						"times", spec->name, dashes(spec->opts[k].name),
						spec->opts[k].name,
						CLI_ARGS_MAX);
				a->rep[a->nrep] = a->val[k];
				a->rep_opt[a->nrep++] = k;
			}
		}
		i += optind - 1;
		if (i < argc && !help) {
			if (a->npos == CLI_ARGS_MAX)
				cli_die(EXIT_USAGE, "%s: too many arguments", spec->name);
			a->pos[a->npos++] = argv[i++];
		}
	}
	if (!help && a->npos > spec->max_args)
		cli_die(EXIT_USAGE, "%s: unexpected argument '%s' (try: gamelearn "
			"%s --help)", spec->name, a->pos[spec->max_args], spec->name);
	if (!help && a->npos < spec->min_args)
		cli_die(EXIT_USAGE, "usage: gamelearn %s%s%s", spec->name,
			spec->args && *spec->args ? " " : "", spec->args ? spec->args : "");
	/* under MPI, every rank's options the same, before any work; --help
	 * too, so that a rank given it alone is refused, not waited for */
	cli_mpi_same(a, help);
	if (help) {
		cli_help(spec, stdout);
		exit(0);
	}
}

bool cli_given(const cli_args *a, const char *name)
{
	return a->seen[must_index(a, name)] > 0;
}

const char *cli_str(const cli_args *a, const char *name)
{
	int i = must_index(a, name);
	return a->val[i] ? a->val[i] : a->spec->opts[i].def;
}

long cli_long(const cli_args *a, const char *name, long min, long max)
{
	const char *text = cli_str(a, name);
	char what[64];
	snprintf(what, sizeof what, "%s: %s%s", a->spec->name, dashes(name), name);
	if (!text)
		cli_die(EXIT_USAGE, "%s needs a value", what);
	return cli_int(text, min, max, what);
}

double cli_real(const cli_args *a, const char *name, double min, double max)
{
	const char *text = cli_str(a, name);
	if (!text)
		cli_die(EXIT_USAGE, "%s: %s%s needs a value", a->spec->name,
			dashes(name), name);
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (!*text || *end || errno || !(v >= min && v <= max))
		cli_die(EXIT_USAGE, "%s: %s%s must be a number in %g..%g, got '%s'",
			a->spec->name, dashes(name), name, min, max, text);
	return v;
}

int cli_all(const cli_args *a, const char *name, const char **out)
{
	int k = must_index(a, name), n = 0;
	for (int i = 0; i < a->nrep; i++)
		if (a->rep_opt[i] == k)
			out[n++] = a->rep[i];
	return n;
}

void cli_synopsis(const cli_spec *spec, char *buf, size_t n)
{
	size_t len = (size_t)snprintf(buf, n, "%s", spec->args ? spec->args : "");
	for (const cli_opt *o = spec->opts; o && o->name && len < n; o++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s%s%s%s%s%s",
			len ? " " : "", o->repeat ? "" : "[", o->name[1] ? "--" : "-",
			o->name, o->arg ? " " : "", o->arg ? o->arg : "",
			o->repeat ? " ..." : "]");
}

const char *cli_command_usage(const cli_command *c, char *buf, size_t n)
{
	if (c->spec) {
		cli_synopsis(c->spec, buf, n);
		return buf;
	}
	return c->usage;
}

const char *cli_command_help(const cli_command *c)
{
	return c->help ? c->help : c->spec ? c->spec->help : "";
}
