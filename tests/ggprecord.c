/*
 * ggprecord.c - a helper of the CLI tests (not a test itself): reads a
 * file of match records, one JSON object a line, as ggp-base's Match
 * reads one (its constructor from JSON: matchId, startClock and
 * playClock as ints, gameMetaURL (or, from gamelearn without one, rules),
 * startTime as a long, randomToken, isCompleted, isAborted, moves as
 * lists of GDL terms, states as symbol lists, stateTimes as longs,
 * errors as lists of strings, goalValues as ints, playerNamesFromHost),
 * and checks that the lists agree: a state for the start and one after
 * each joint move, a time for each state, an error list for START and for
 * each move, a move, an error and (when completed) a goal value for each
 * role. Prints "N records" and exits 0, or names the line and what is
 * wrong and exits 1. Strict JSON (RFC 8259), parsed here: no dependency.
 *
 *     ggprecord FILE
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jv {
	int type;
	bool b;
	bool integer;      /* a number without fraction or exponent */
	double num;
	char *str;         /* J_STR: the decoded text (\u escapes kept raw) */
	int n;             /* J_ARR, J_OBJ: children */
	struct jv **kids;
	char **keys;       /* J_OBJ */
} jv;

static const char *at;  /* the parser's position */
static const char *why; /* what was wrong, or NULL */

static void jv_free(jv *v)
{
	if (!v)
		return;
	for (int i = 0; i < v->n; i++) {
		jv_free(v->kids[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->kids);
	free(v->keys);
	free(v->str);
	free(v);
}

static void ws(void)
{
	while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r')
		at++;
}

static jv *value(int depth);

static char *string(void)
{
	if (*at != '"') {
		why = "a string expected";
		return NULL;
	}
	const char *s = ++at;
	while (*at && *at != '"') {
		if ((unsigned char)*at < 32) {
			why = "a control byte in a string";
			return NULL;
		}
		if (*at == '\\') {
			at++;
			if (*at == 'u') {
				for (int k = 1; k <= 4; k++)
					if (!isxdigit((unsigned char)at[k])) {
						why = "a bad \\u escape";
						return NULL;
					}
				at += 4;
			} else if (!strchr("\"\\/bfnrt", *at) || !*at) {
				why = "a bad escape";
				return NULL;
			}
		}
		at++;
	}
	if (*at != '"') {
		why = "an unterminated string";
		return NULL;
	}
	char *out = malloc((size_t)(at - s) + 1), *o = out;
	for (const char *c = s; c < at; c++) {
		if (*c == '\\' && c[1] != 'u') {
			c++;
			*o++ = *c == 'n' ? '\n' : *c == 't' ? '\t' : *c == 'r' ? '\r' :
				*c == 'b' ? '\b' : *c == 'f' ? '\f' : *c;
		} else {
			*o++ = *c;
		}
	}
	*o = 0;
	at++;
	return out;
}

static jv *node(int type)
{
	jv *v = calloc(1, sizeof *v);
	v->type = type;
	return v;
}

static void push(jv *v, jv *kid, char *key)
{
	v->kids = realloc(v->kids, (size_t)(v->n + 1) * sizeof *v->kids);
	if (v->type == J_OBJ)
		v->keys = realloc(v->keys, (size_t)(v->n + 1) * sizeof *v->keys);
	v->kids[v->n] = kid;
	if (v->type == J_OBJ)
		v->keys[v->n] = key;
	v->n++;
}

/* An array or object (at '[' or '{'). */
static jv *group(int depth)
{
	bool obj = *at == '{';
	jv *v = node(obj ? J_OBJ : J_ARR);
	at++;
	ws();
	if (*at == (obj ? '}' : ']')) {
		at++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		ws();
		if (obj) {
			if (!(key = string()))
				break;
			ws();
			if (*at++ != ':') {
				why = "':' expected";
				free(key);
				break;
			}
		}
		jv *kid = value(depth + 1);
		if (!kid) {
			free(key);
			break;
		}
		push(v, kid, key);
		ws();
		if (*at == ',') {
			at++;
			continue;
		}
		if (*at == (obj ? '}' : ']')) {
			at++;
			return v;
		}
		why = obj ? "',' or '}' expected" : "',' or ']' expected";
		break;
	}
	jv_free(v);
	return NULL;
}

static jv *number(void)
{
	const char *s = at;
	if (*at == '-')
		at++;
	if (*at == '0')
		at++;
	else if (isdigit((unsigned char)*at))
		while (isdigit((unsigned char)*at))
			at++;
	else {
		why = "a value expected";
		return NULL;
	}
	jv *v = node(J_NUM);
	v->integer = *at != '.' && *at != 'e' && *at != 'E';
	v->num = strtod(s, (char **)&at);
	return v;
}

static jv *value(int depth)
{
	ws();
	if (depth > 64) {
		why = "nested too deep";
		return NULL;
	}
	if (*at == '{' || *at == '[')
		return group(depth);
	if (*at == '"') {
		char *s = string();
		jv *v = s ? node(J_STR) : NULL;
		if (v)
			v->str = s;
		return v;
	}
	static const char *const words[] = {"true", "false", "null"};
	for (int k = 0; k < 3; k++)
		if (strncmp(at, words[k], strlen(words[k])) == 0) {
			at += strlen(words[k]);
			jv *v = node(k < 2 ? J_BOOL : J_NULL);
			v->b = k == 0;
			return v;
		}
	return number();
}

static const jv *get(const jv *o, const char *key)
{
	for (int i = 0; i < o->n; i++)
		if (strcmp(o->keys[i], key) == 0)
			return o->kids[i];
	return NULL;
}

/* Whether s is one GDL term: a symbol, or a balanced list. */
static bool term(const char *s, bool list_only)
{
	while (*s == ' ')
		s++;
	if (!*s || (list_only && *s != '('))
		return false;
	int depth = 0;
	for (const char *c = s; *c; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')' && --depth < 0)
			return false;
	}
	return depth == 0;
}

/* A list of n (or any number when n < 0) values of type t; each string
 * a GDL term when terms (a symbol list when lists). */
static bool list_of(const jv *v, int n, int t, int terms)
{
	if (!v || v->type != J_ARR || (n >= 0 && v->n != n))
		return false;
	for (int i = 0; i < v->n; i++) {
		const jv *k = v->kids[i];
		if (k->type != t || (t == J_NUM && !k->integer) ||
		    (t == J_STR && terms && !term(k->str, terms == 2)))
			return false;
	}
	return true;
}

/* A list of lists of n strings each (GDL terms when terms). */
static bool lists_of(const jv *v, int n, int terms)
{
	if (!v || v->type != J_ARR)
		return false;
	for (int i = 0; i < v->n; i++)
		if (!list_of(v->kids[i], n, J_STR, terms))
			return false;
	return true;
}

static bool is(const jv *v, int type)
{
	return v && v->type == type && (type != J_NUM || v->integer);
}

/* What is wrong with record r as ggp-base reads it, or NULL. */
static const char *check(const jv *r)
{
	if (r->type != J_OBJ)
		return "not an object";
	if (!is(get(r, "matchId"), J_STR) || !is(get(r, "randomToken"), J_STR))
		return "matchId and randomToken must be strings";
	if (!is(get(r, "startClock"), J_NUM) || !is(get(r, "playClock"), J_NUM) ||
	    !is(get(r, "startTime"), J_NUM))
		return "startClock, playClock and startTime must be integers";
	if (get(r, "previewClock") && !is(get(r, "previewClock"), J_NUM))
		return "previewClock must be an integer";
	if (!is(get(r, "gameMetaURL"), J_STR) && !is(get(r, "rules"), J_STR))
		return "neither gameMetaURL nor rules is a string";
	const jv *done = get(r, "isCompleted"), *aborted = get(r, "isAborted");
	if (!is(done, J_BOOL) || !is(aborted, J_BOOL))
		return "isCompleted and isAborted must be booleans";
	const jv *names = get(r, "playerNamesFromHost");
	if (!list_of(names, -1, J_STR, 0) || names->n < 1)
		return "playerNamesFromHost must be a list of strings";
	int nroles = names->n;
	const jv *states = get(r, "states"), *moves = get(r, "moves");
	const jv *times = get(r, "stateTimes"), *errors = get(r, "errors");
	if (!list_of(states, -1, J_STR, 2) || states->n < 1)
		return "states must be a list of symbol lists";
	if (!lists_of(moves, nroles, 1) || moves->n != states->n - 1)
		return "moves must be one list of a term per role for each state "
			"after the first";
	if (!list_of(times, states->n, J_NUM, 0))
		return "stateTimes must be an integer for each state";
	for (int i = 0; i < times->n; i++)
		if (times->kids[i]->num < (i ? times->kids[i - 1]->num :
		    get(r, "startTime")->num))
			return "stateTimes must not go back, nor before startTime";
	if (errors && (!lists_of(errors, nroles, 0) || errors->n != states->n))
		return "errors must be one list of a string per role for START "
			"and for each move";
	const jv *goals = get(r, "goalValues");
	if (done->b && !list_of(goals, nroles, J_NUM, 0))
		return "a completed match needs an integer goal value per role";
	if (goals && !list_of(goals, nroles, J_NUM, 0))
		return "goalValues must be an integer per role";
	for (int i = 0; goals && i < goals->n; i++)
		if (goals->kids[i]->num < 0 || goals->kids[i]->num > 100)
			return "goal values lie in 0..100";
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: ggprecord FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "ggprecord: cannot open %s\n", argv[1]);
		return 1;
	}
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, n = 0, bad = 0;
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		at = line;
		why = NULL;
		jv *r = value(0);
		ws();
		if (r && *at)
			why = "text after the object";
		const char *wrong = why ? why : check(r);
		if (wrong) {
			printf("%s:%d: %s\n", argv[1], lineno, wrong);
			bad++;
		}
		n++;
		jv_free(r);
	}
	free(line);
	fclose(f);
	if (!bad)
		printf("%d records\n", n);
	return bad || !n;
}
