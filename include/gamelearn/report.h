/*
 * report.h - an experiment's report (experiment.h) written as files:
 * each table as CSV (RFC 4180), each figure as an SVG line plot, each
 * note as text, all saved atomically (fileio.h); and the pieces of that
 * writing that other pages use: CSV fields and records, XML/HTML text,
 * plot colours. The CLI (`repro`, `evolve`, `train`) and the web page
 * write through these.
 */
#ifndef GAMELEARN_REPORT_H
#define GAMELEARN_REPORT_H

#include "gamelearn/core.h"
#include "gamelearn/experiment.h"
#include "gamelearn/fileio.h"

#include <stdbool.h>
#include <stddef.h>

/* One line of a plot: n points (x[i], y[i]); lo/hi (may be NULL) give a
 * shaded band around it, e.g. the min and max over runs. A series named
 * after a learner (its first word: baseline, transfer, lookahead, GA,
 * DFS, IDA*, wins, draws, losses, ...) has that learner's colour in every
 * figure (gl_plot_colour); other series take the remaining colours in
 * order. */
typedef struct gl_plot_series {
	const char *name;
	int n;
	const double *x, *y;
	const double *lo, *hi;
} gl_plot_series;

typedef struct gl_plot_spec {
	const char *title;
	const char *xlabel, *ylabel;
	bool log_y;        /* logarithmic y axis (values must be > 0) */
	bool y_from_zero;  /* include 0 in the y range */
} gl_plot_spec;

/* The colour of a series named name in a plot whose series before it
 * have colours used[0..nused-1]: the fixed colour of its learner, else
 * the first palette colour not used yet. A static string. */
const char *gl_plot_colour(const char *name, const char *const *used, int nused);
/* Colour i of the palette (any i >= 0, taken modulo its size): for series
 * of a parameter's values, the same value the same colour in every
 * figure. */
const char *gl_plot_palette(int i);

/* Append an SVG line plot of the series to out, series k in colour[k]
 * (colour, or an entry of it, may be NULL: gl_plot_colour's). The
 * picture grows to hold its title (wrapped onto more lines), the y label
 * and the legend (as wide as the longest name), so that no text is
 * clipped. */
void gl_plot_svg(const gl_plot_spec *spec, const gl_plot_series *series, int nseries,
	const char *const *colour, gl_strbuf *out);
/* The same written to dir/name atomically: 0, or an error code with a
 * message (GL_EIO naming the file, GL_ENOMEM). */
int gl_plot_write(const char *dir, const char *name, const gl_plot_spec *spec,
	const gl_plot_series *series, int nseries, const char *const *colour,
	gl_err *err);

/* Append s to sb as XML or HTML text: <, >, & and " escaped. */
void gl_xml_text(gl_strbuf *sb, const char *s);
/* Append s to sb as one CSV field (RFC 4180): in double quotes, its own
 * quotes doubled, when it holds a comma, a quote or a line break; as it is
 * otherwise. */
void gl_csv_field(gl_strbuf *sb, const char *s);
/* Split the next record of CSV text at *pos (RFC 4180) into at most max
 * fields, each a copy into out[i] (longer ones cut to 1023 bytes);
 * advance *pos. Returns the number of fields, 0 at the end. */
int gl_csv_record(const char *text, size_t *pos, char (*out)[1024], int max);

/* Append table t to sb as CSV: its header, then every row. */
void gl_table_csv(const gl_table *t, gl_strbuf *sb);
/* Write figure f as an SVG line plot to dir/f->name (its first 32
 * series): 0 or an error with a message. */
int gl_figure_write(const gl_figure *f, const char *dir, gl_err *err);
/* Write every table (CSV), note and figure (SVG) of rep into dir, each
 * atomically, in that order: 0, or the first error with a message. */
int gl_report_write(const gl_report *rep, const char *dir, gl_err *err);

/* Make folder dir and its parents where missing: 0, or GL_EIO ("cannot
 * make folder 'PATH': why") or GL_EINVAL (a name over 1023 bytes). */
int gl_report_mkdir(const char *dir, gl_err *err);

#endif
