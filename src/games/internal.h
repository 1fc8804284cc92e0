/*
 * internal.h - what the native game engines share and nobody else sees:
 * their descriptors (listed in registry.c), bit tricks, and the text
 * helpers for board coordinates and rendering.
 */
#ifndef GAMES_INTERNAL_H
#define GAMES_INTERNAL_H

#include "gamelearn/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern const gl_game_type gl_game_tictactoe;
extern const gl_game_type gl_game_hex;
extern const gl_game_type gl_game_nim;
extern const gl_game_type gl_game_connect;
extern const gl_game_type gl_game_capturego;
extern const gl_game_type gl_game_othello;
extern const gl_game_type gl_game_checkers;
extern const gl_game_type gl_game_swap9;
extern const gl_game_type gl_game_npuzzle;
extern const gl_game_type gl_game_gdl; /* src/gdl/game.c */

static inline int popcount64(uint64_t x)
{
	return __builtin_popcountll(x);
}

static inline int ctz64(uint64_t x)
{
	return __builtin_ctzll(x);
}

/* Append-only text buffer for render(): never overflows, always
 * NUL-terminated, and counts what it would have needed (as snprintf). */
typedef struct textbuf {
	char *buf;
	size_t cap;
	size_t len;
} textbuf;

static inline void tb_init(textbuf *tb, char *buf, size_t cap)
{
	tb->buf = buf;
	tb->cap = cap;
	tb->len = 0;
	if (cap)
		buf[0] = '\0';
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void tb_printf(textbuf *tb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t room = tb->len < tb->cap ? tb->cap - tb->len : 0;
	int n = vsnprintf(room ? tb->buf + tb->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		tb->len += (size_t)n;
}

/*
 * Board coordinates "a1": a column letter (a, b, ...) then a row number
 * (1, 2, ...). Both functions take 0-based col/row as the game counts them;
 * where row 1 sits (top or bottom) is the game's choice.
 */
int coord_format(int col, int row, char *buf, size_t n);
/* Parse "a1".."z99" into 0-based col/row; 0 on success, -1 if malformed
 * or outside cols x rows. Case-insensitive letter. */
int coord_parse(const char *text, int cols, int rows, int *col, int *row);

/* Parse "1-2-3" style lists of non-negative integers (separator '-').
 * Returns the count, or -1 if malformed, longer than max or any value
 * exceeds vmax. */
int parse_int_list(const char *text, int *out, int max, int vmax);

/* Render a rows x cols board of single characters with column letters
 * above and row numbers at the left; cell(r, c) is called for each cell.
 * row_label(r) gives the number printed for row r (so games with row 1 at
 * the bottom pass rows - r). indent_per_row shifts each row right (Hex). */
void render_grid(textbuf *tb, int rows, int cols, int indent_per_row,
	char (*cell)(const void *ctx, int r, int c), const void *ctx,
	int (*row_label)(int rows, int r));

int row_label_top(int rows, int r);    /* row r is numbered r+1 */
int row_label_bottom(int rows, int r); /* row r is numbered rows-r */

#endif
