/*
 * gametest.h - helpers for game rule tests: make a game or fail loudly,
 * play a list of moves in the game's notation, compare legal move sets.
 */
#ifndef GL_GAMETEST_H
#define GL_GAMETEST_H

#include "test.h"

#include "gamelearn/agent.h"
#include "gamelearn/game.h"

#include <stdlib.h>
#include <unistd.h>

/* The library sizes every buffer from the game instance. A native game's
 * rule tests keep theirs on the stack, sized by these test-local bounds,
 * which tg_game() checks each native game fits. A GDL game may be any
 * size (thousands of legal moves, states of kilobytes): tests that run
 * generic code on one size their buffers from the instance (tg_state,
 * tg_moves). */
enum { T_LEGAL_MAX = 512, T_STATE_MAX = 1024 };

/* A game from spec, or exit(1) with the error (or if a native game does
 * not fit T_LEGAL_MAX and T_STATE_MAX). */
static inline gl_game *tg_game(const char *spec)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	if (!g) {
		fprintf(stderr, "cannot make game '%s': %s\n", spec, err.msg);
		exit(1);
	}
	if (strcmp(g->type->name, "gdl") != 0 &&
	    (g->max_legal > T_LEGAL_MAX || g->state_size > T_STATE_MAX)) {
		fprintf(stderr, "game '%s' (%u legal moves, states of %u bytes) "
			"outgrows the tests' T_LEGAL_MAX or T_STATE_MAX\n", spec,
			g->max_legal, g->state_size);
		exit(1);
	}
	return g;
}

/* A gdl game of the description text, written to a temporary file (gone
 * once loaded), or exit(1). */
static inline gl_game *tg_kif_game(const char *text)
{
	char path[] = "/tmp/gamelearn_test_kif_XXXXXX";
	int fd = mkstemp(path);
	size_t n = strlen(text);
	if (fd < 0 || write(fd, text, n) != (ssize_t)n) {
		fprintf(stderr, "cannot write %s\n", path);
		exit(1);
	}
	close(fd);
	char spec[64];
	snprintf(spec, sizeof spec, "gdl:%s", path);
	gl_game *g = tg_game(spec);
	unlink(path);
	return g;
}

/* Whether g fits the tests' stack buffers (a failed check if not). */
static inline bool tg_fits(const gl_game *g)
{
	bool ok = g->max_legal <= T_LEGAL_MAX && g->state_size <= T_STATE_MAX;
	CHECK_MSG(ok, "%s outgrows T_LEGAL_MAX or T_STATE_MAX", g->spec);
	return ok;
}

/* A state of g from the heap (aligned), or exit(1); gl_free it. */
static inline void *tg_state(const gl_game *g)
{
	void *s = gl_malloc(g->state_size);
	if (!s) {
		fprintf(stderr, "%s: out of memory for a state\n", g->spec);
		exit(1);
	}
	return s;
}

/* A move list of g (room for g->max_legal), or exit(1); gl_free it. */
static inline gl_action *tg_moves(const gl_game *g)
{
	gl_action *m = gl_malloc(g->max_legal * sizeof *m);
	if (!m) {
		fprintf(stderr, "%s: out of memory for a move list\n", g->spec);
		exit(1);
	}
	return m;
}

/* An agent from spec for game g, or exit(1) with the error. */
static inline gl_agent *tg_agent(const char *spec, const gl_game *g)
{
	gl_err err = {0};
	gl_agent *a = gl_agent_new(spec, g, NULL, &err);
	if (!a) {
		fprintf(stderr, "cannot make agent '%s': %s\n", spec, err.msg);
		exit(1);
	}
	return a;
}

/* Play the comma-separated moves on s; each must parse and be legal.
 * Returns 0, or -1 after a failed check naming the move. */
static inline int tg_play(const gl_game *g, void *s, const char *moves)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", moves);
	char *save = NULL;
	for (char *m = strtok_r(buf, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
		gl_action a;
		gl_err err = {0};
		int rc = gl_parse_legal(g, s, m, &a, &err);
		CHECK_MSG(rc == 0, "%s: move '%s' of '%s': %s", g->spec, m, moves, err.msg);
		if (rc)
			return -1;
		g->type->apply(g, s, a);
	}
	return 0;
}

/* The legal moves of s as text, space separated in id order. */
static inline void tg_legal_text(const gl_game *g, const void *s, char *out, size_t n)
{
	gl_action *moves = tg_moves(g);
	int k = g->type->legal(g, s, moves);
	size_t len = 0;
	out[0] = '\0';
	for (int i = 0; i < k && len < n; i++) {
		char t[GL_MOVE_TEXT];
		g->type->format_move(g, s, moves[i], t, sizeof t);
		len += (size_t)snprintf(out + len, n - len, "%s%s", i ? " " : "", t);
	}
	gl_free(moves);
}

/* Whether the legal moves of s are exactly the space-separated set
 * `expected` (in any order). A failed check prints both. */
static inline int tg_legal_is(const gl_game *g, const void *s, const char *expected)
{
	char got[4096], want[4096];
	tg_legal_text(g, s, got, sizeof got);
	gl_action *moves = tg_moves(g);
	int k = g->type->legal(g, s, moves);
	int n = 0, ok = 1;
	snprintf(want, sizeof want, "%s", expected);
	char *save = NULL;
	for (char *m = strtok_r(want, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
		gl_action a;
		n++;
		if (g->type->parse_move(g, s, m, &a, NULL)) {
			ok = 0;
			continue;
		}
		int found = 0;
		for (int i = 0; i < k; i++)
			found |= moves[i] == a;
		ok &= found;
	}
	ok &= n == k;
	CHECK_MSG(ok, "%s: legal moves are '%s', expected '%s'", g->spec, got, expected);
	gl_free(moves);
	return ok;
}

/* gl_perft's count from s; a failed check (and UINT64_MAX) if it fails. */
static inline uint64_t tg_perft(const gl_game *g, const void *s, int depth)
{
	uint64_t n = UINT64_MAX;
	gl_err err = {0};
	int rc = gl_perft(g, s, depth, &n, &err);
	CHECK_MSG(rc == 0, "%s: perft(%d): %s", g->spec, depth, err.msg);
	return rc ? UINT64_MAX : n;
}

/* The same through gl_perft_generic. */
static inline uint64_t tg_perft_generic(const gl_game *g, const void *s, int depth)
{
	uint64_t n = UINT64_MAX;
	gl_err err = {0};
	int rc = gl_perft_generic(g, s, depth, &n, &err);
	CHECK_MSG(rc == 0, "%s: generic perft(%d): %s", g->spec, depth, err.msg);
	return rc ? UINT64_MAX : n;
}

/* Goal of player p in s. */
static inline int tg_goal(const gl_game *g, const void *s, int p)
{
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, s, goals);
	return goals[p];
}

/* spec must be refused with a one-line message containing fragment (any
 * message when fragment is NULL). */
static inline void tg_expect_refused(const char *spec, const char *fragment)
{
	gl_err err = {0};
	gl_game *g = gl_game_new(spec, &err);
	CHECK_MSG(g == NULL && err.code != 0, "spec '%s' accepted", spec);
	CHECK_MSG(!fragment || (strstr(err.msg, fragment) && !strchr(err.msg, '\n')),
		"spec '%s': message '%s' lacks '%s'", spec, err.msg, fragment ? fragment : "");
	gl_game_free(g);
}

/* text must be refused by parse_move with a one-line GL_EPARSE message. */
static inline void tg_expect_bad_text(const gl_game *g, const void *s, const char *text)
{
	gl_action a = -1;
	gl_err err = {0};
	CHECK_MSG(g->type->parse_move(g, s, text, &a, &err) == GL_EPARSE,
		"%s: '%s' parsed as %d", g->spec, text, a);
	CHECK(err.code == GL_EPARSE && strchr(err.msg, '\n') == NULL);
}

/* Move a is written `text`, and `text` parses back to a. */
static inline void tg_expect_text(const gl_game *g, const void *s, gl_action a, const char *text)
{
	char buf[GL_MOVE_TEXT];
	gl_action back = -1;
	g->type->format_move(g, s, a, buf, sizeof buf);
	CHECK_STR(buf, text);
	CHECK(g->type->parse_move(g, s, text, &back, NULL) == 0 && back == a);
}

/* Lehmer rank of a permutation of 9 distinct values, in 0 .. 9!-1: a
 * compact key for 3x3 tile puzzles' visited sets. */
static inline uint32_t tg_perm_rank9(const unsigned char *t)
{
	uint32_t r = 0;
	for (int i = 0; i < 9; i++) {
		int smaller = 0;
		for (int j = i + 1; j < 9; j++)
			smaller += t[j] < t[i];
		r = r * (uint32_t)(9 - i) + (uint32_t)smaller;
	}
	return r;
}

#endif
