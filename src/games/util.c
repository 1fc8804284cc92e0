/*
 * util.c - coordinate text and board drawing shared by the board games.
 */
#include "games/internal.h"

#include <ctype.h>
#include <stdlib.h>

int coord_format(int col, int row, char *buf, size_t n)
{
	return snprintf(buf, n, "%c%d", 'a' + col, row + 1);
}

int coord_parse(const char *text, int cols, int rows, int *col, int *row)
{
	if (!isalpha((unsigned char)text[0]))
		return -1;
	int c = tolower((unsigned char)text[0]) - 'a';
	const char *p = text + 1;
	if (!isdigit((unsigned char)*p) || *p == '0')
		return -1;
	int r = 0;
	while (isdigit((unsigned char)*p) && r < 1000)
		r = r * 10 + (*p++ - '0');
	if (*p || c >= cols || r < 1 || r > rows)
		return -1;
	*col = c;
	*row = r - 1;
	return 0;
}

int parse_int_list(const char *text, int *out, int max, int vmax)
{
	int n = 0;
	const char *p = text;
	for (;;) {
		if (!isdigit((unsigned char)*p) || n == max)
			return -1;
		long v = 0;
		while (isdigit((unsigned char)*p)) {
			v = v * 10 + (*p++ - '0');
			if (v > vmax)
				return -1;
		}
		out[n++] = (int)v;
		if (*p == '\0')
			return n;
		if (*p++ != '-')
			return -1;
	}
}

int row_label_top(int rows, int r)
{
	(void)rows;
	return r + 1;
}

int row_label_bottom(int rows, int r)
{
	return rows - r;
}

void render_grid(textbuf *tb, int rows, int cols, int indent_per_row,
	char (*cell)(const void *ctx, int r, int c), const void *ctx,
	int (*row_label)(int rows, int r))
{
	tb_printf(tb, "   ");
	for (int c = 0; c < cols; c++)
		tb_printf(tb, " %c", 'a' + c);
	tb_printf(tb, "\n");
	for (int r = 0; r < rows; r++) {
		tb_printf(tb, "%*s%2d ", r * indent_per_row, "", row_label(rows, r));
		for (int c = 0; c < cols; c++)
			tb_printf(tb, " %c", cell(ctx, r, c));
		tb_printf(tb, "\n");
	}
}
