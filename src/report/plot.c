/*
 * plot.c - SVG line plots (report.h): axes with round tick values, a
 * legend, one polyline per series with an optional shaded band (min..max
 * over runs), colours fixed per learner.
 */
#include "gamelearn/report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A "nice" tick step for a range: 1, 2 or 5 times a power of ten. */
static double nice_step(double range, int ticks)
{
	double raw = range / ticks;
	double p = pow(10, floor(log10(raw)));
	double m = raw / p;
	return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* The palette; the learners' fixed colours come first. */
static const char *const colours[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#393b79"
};
enum { NCOLOURS = sizeof colours / sizeof colours[0] };

/* Learners and conditions (the start of a series' name, up to a space,
 * comma, parenthesis or colon) and their colours in every figure; the
 * first entry that matches wins. */
static const struct {
	const char *word;
	int colour;
} fixed_colours[] = {
	{"normal, perfect", 3}, {"normal, random", 4},        /* the L-automaton */
	{"misere, perfect", 5}, {"misere, random", 6},
	{"baseline", 0}, {"transfer", 1}, {"lookahead", 2},   /* Banerjee-Stone's td */
	{"wins", 2}, {"draws", 7}, {"losses", 1},             /* outcomes */
	{"DFS", 10}, {"IDA*", 8}, {"GA", 0},                   /* tree searches */
	{"champion", 0}, {"even", 7},                          /* checkers GA */
};

const char *gl_plot_palette(int i)
{
	return colours[(i < 0 ? 0 : i) % NCOLOURS];
}

const char *gl_plot_colour(const char *name, const char *const *used, int nused)
{
	for (size_t i = 0; i < sizeof fixed_colours / sizeof fixed_colours[0]; i++) {
		size_t n = strlen(fixed_colours[i].word);
		if (strncmp(name, fixed_colours[i].word, n) || (name[n] && !strchr(" ,(:", name[n])))
			continue;
		const char *c = colours[fixed_colours[i].colour];
		bool taken = false;
		for (int k = 0; k < nused; k++)
			taken |= used[k] == c;
		if (!taken)
			return c;
	}
	for (int c = 3; c < NCOLOURS + 3; c++) {
		const char *col = colours[c % NCOLOURS];
		bool taken = false;
		for (int k = 0; k < nused; k++)
			taken |= used[k] == col;
		if (!taken)
			return col;
	}
	return colours[nused % NCOLOURS];
}

/* Width in pixels that text of len characters may take at font size px
 * (sans-serif averages about 0.55 em a character; 0.62 leaves room for
 * wide letters). */
static double text_width(size_t len, double px)
{
	return 0.62 * px * (double)len;
}

enum { TITLE_LINES = 4, TITLE_PX = 16 };

/* Break title into at most TITLE_LINES lines of at most width pixels at
 * spaces (a word longer than a line is cut); *nlines gets the count. */
static void wrap_title(const char *title, double width, char lines[][256], int *nlines)
{
	size_t per = (size_t)(width / text_width(1, TITLE_PX));
	if (per < 10)
		per = 10;
	if (per > 255)
		per = 255;
	int n = 0;
	const char *p = title;
	while (*p && n < TITLE_LINES) {
		size_t len = strlen(p), take = len;
		if (len > per) {
			take = per;
			while (take > 0 && p[take] != ' ')
				take--;
			if (take == 0)
				take = per;
		}
		if (n == TITLE_LINES - 1 && len > take)
			take = len < 255 ? len : 255; /* the last line takes the rest */
		memcpy(lines[n], p, take);
		lines[n][take] = '\0';
		n++;
		p += take;
		while (*p == ' ')
			p++;
	}
	*nlines = n;
}

void gl_plot_svg(const gl_plot_spec *spec, const gl_plot_series *series, int nseries,
	const char *const *colour, gl_strbuf *out)
{
	/* the plot area is PW x PH; the margins grow to hold the text */
	enum { PW = 560, PH = 360, L = 80, B = 60, LEGEND_PX = 12 };
	size_t longest = 0;
	for (int k = 0; k < nseries; k++)
		if (strlen(series[k].name) > longest)
			longest = strlen(series[k].name);
	int R = 12 + 30 + (int)ceil(text_width(longest, LEGEND_PX)) + 12;
	if (R < 60)
		R = 60;
	int W = L + PW + R;
	char tl[TITLE_LINES][256];
	int ntl;
	wrap_title(spec->title, W - 20, tl, &ntl);
	int T = 20 + 20 * ntl;
	int H = T + PH + B;
	if (H < T + 20 * nseries + 20)
		H = T + 20 * nseries + 20;
	double ylab_px = fmin(12, PH / text_width(strlen(spec->ylabel), 1));
	double xlab_px = fmin(12, PW / text_width(strlen(spec->xlabel), 1));
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
	for (int k = 0; k < nseries; k++) {
		const gl_plot_series *s = &series[k];
		for (int i = 0; i < s->n; i++) {
			double lo = s->lo ? s->lo[i] : s->y[i], hi = s->hi ? s->hi[i] : s->y[i];
			x0 = fmin(x0, s->x[i]);
			x1 = fmax(x1, s->x[i]);
			y0 = fmin(y0, fmin(lo, s->y[i]));
			y1 = fmax(y1, fmax(hi, s->y[i]));
		}
	}
	if (!(x0 <= x1)) {
		x0 = 0;
		x1 = 1;
		y0 = 0;
		y1 = 1;
	}
	if (spec->y_from_zero && !spec->log_y)
		y0 = fmin(y0, 0);
	if (spec->log_y) {
		y0 = log10(fmax(y0, 1e-12));
		y1 = log10(fmax(y1, 1e-12));
	}
	if (x1 - x0 < 1e-12)
		x1 = x0 + 1;
	if (y1 - y0 < 1e-12) {
		y0 -= 0.5;
		y1 += 0.5;
	}
	double xs = nice_step(x1 - x0, 8), ys = spec->log_y ? 1 : nice_step(y1 - y0, 6);
	x0 = floor(x0 / xs) * xs;
	x1 = ceil(x1 / xs) * xs;
	y0 = floor(y0 / ys) * ys;
	y1 = ceil(y1 / ys) * ys;
#define PX(v) (L + ((v) - x0) / (x1 - x0) * PW)
#define PY(v) (T + PH - ((spec->log_y ? log10(fmax((v), 1e-12)) : (v)) - y0) / (y1 - y0) * PH)
	gl_strbuf *sb = out;
	gl_strbuf_printf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W, H);
	for (int i = 0; i < ntl; i++) {
		gl_strbuf_printf(sb, "<text x=\"10\" y=\"%d\" font-size=\"%d\">", 25 + 20 * i,
			TITLE_PX);
		gl_xml_text(sb, tl[i]);
		gl_strbuf_printf(sb, "</text>\n");
	}
	/* grid and ticks */
	for (double v = x0; v <= x1 + xs / 2; v += xs) {
		double px = L + (v - x0) / (x1 - x0) * PW;
		gl_strbuf_printf(sb, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
			px, T, px, T + PH, px, T + PH + 18, fabs(v) < xs / 1e6 ? 0 : v);
	}
	for (double v = y0; v <= y1 + ys / 2; v += ys) {
		double py = T + PH - (v - y0) / (y1 - y0) * PH;
		double label = spec->log_y ? pow(10, v) : v;
		gl_strbuf_printf(sb, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			L, py, W - R, py, L - 6, py + 4, fabs(label) < ys / 1e6 ? 0 : label);
	}
	gl_strbuf_printf(sb, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n",
		L, T, W - L - R, H - T - B);
	gl_strbuf_printf(sb, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"%.1f\">",
		L + PW / 2, T + PH + 45, xlab_px);
	gl_xml_text(sb, spec->xlabel);
	gl_strbuf_printf(sb, "</text>\n<text x=\"18\" y=\"%d\" text-anchor=\"middle\" "
		"font-size=\"%.1f\" transform=\"rotate(-90 18 %d)\">", T + PH / 2, ylab_px, T + PH / 2);
	gl_xml_text(sb, spec->ylabel);
	gl_strbuf_printf(sb, "</text>\n");
	const char *used[64];
	for (int k = 0; k < nseries; k++) {
		const gl_plot_series *s = &series[k];
		const char *col = colour && colour[k] ? colour[k] :
			gl_plot_colour(s->name, used, k < 64 ? k : 64);
		if (k < 64)
			used[k] = col;
		if (s->lo && s->hi && s->n > 0) {
			gl_strbuf_printf(sb, "<polygon fill=\"%s\" fill-opacity=\"0.15\" stroke=\"none\" points=\"", col);
			for (int i = 0; i < s->n; i++)
				gl_strbuf_printf(sb, "%.1f,%.1f ", PX(s->x[i]), PY(s->hi[i]));
			for (int i = s->n - 1; i >= 0; i--)
				gl_strbuf_printf(sb, "%.1f,%.1f ", PX(s->x[i]), PY(s->lo[i]));
			gl_strbuf_printf(sb, "\"/>\n");
		}
		gl_strbuf_printf(sb, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", col);
		for (int i = 0; i < s->n; i++)
			gl_strbuf_printf(sb, "%.1f,%.1f ", PX(s->x[i]), PY(s->y[i]));
		gl_strbuf_printf(sb, "\"/>\n");
		if (s->n == 1)
			gl_strbuf_printf(sb, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
				PX(s->x[0]), PY(s->y[0]), col);
		int ly = T + 10 + 20 * k;
		gl_strbuf_printf(sb, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
			"<text x=\"%d\" y=\"%d\">", W - R + 12, ly, W - R + 36, ly, col, W - R + 42, ly + 4);
		gl_xml_text(sb, s->name);
		gl_strbuf_printf(sb, "</text>\n");
	}
#undef PX
#undef PY
	gl_strbuf_printf(sb, "</svg>\n");
}

int gl_plot_write(const char *dir, const char *name, const gl_plot_spec *spec,
	const gl_plot_series *series, int nseries, const char *const *colour,
	gl_err *err)
{
	gl_strbuf sb;
	char path[1200];
	gl_strbuf_init(&sb);
	gl_plot_svg(spec, series, nseries, colour, &sb);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}
