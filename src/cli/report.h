/*
 * report.h - what experiments write: CSV tables and SVG line plots into
 * an output folder (`repro ... --out DIR`). Written atomically.
 */
#ifndef CLI_REPORT_H
#define CLI_REPORT_H

#include "gamelearn/fileio.h"

/* One line of a plot: n points (x[i], y[i]); lo/hi (may be NULL) give a
 * shaded band around it, e.g. the min and max over runs. A series named
 * after a learner (its first word: baseline, transfer, lookahead, GA,
 * DFS, IDA*, wins, draws, losses, ...) has that learner's colour in every
 * figure (report_colour); other series take the remaining colours in
 * order. */
typedef struct plot_series {
	const char *name;
	int n;
	const double *x, *y;
	const double *lo, *hi;
} plot_series;

typedef struct plot_spec {
	const char *title;
	const char *xlabel, *ylabel;
	bool log_y;        /* logarithmic y axis (values must be > 0) */
	bool y_from_zero;  /* include 0 in the y range */
} plot_spec;

/* Make folder dir (and its parents) if missing; die with a message if it
 * cannot be made. */
void report_mkdir(const char *dir);

/* The colour of a series named name in a plot whose series before it
 * have colours used[0..nused-1]: the fixed colour of its learner, else
 * the first palette colour not used yet. */
const char *report_colour(const char *name, const char *const *used, int nused);

/* Colour i of the palette (any i >= 0, taken modulo its size): for series
 * of a parameter's values, the same value the same colour in every
 * figure. */
const char *report_palette(int i);

/* Append s to sb as XML or HTML text: <, >, & and " escaped. */
void report_xml_text(gl_strbuf *sb, const char *s);

/* Append s to sb as one CSV field (RFC 4180): in double quotes, its own
 * quotes doubled, when it holds a comma, a quote or a line break; as it is
 * otherwise. */
void report_csv_field(gl_strbuf *sb, const char *s);

/* The side-by-side table of a paper (verdicts.csv, which `repro all` puts
 * into its index.html): report_verdicts_init starts sb with the header
 * claim,paper,ours,verdict,why; report_verdict adds a row (fields as
 * text, any of them may hold commas). verdict is one word: reproduced,
 * differs, fails, unclear, or inconsistent (the paper's own figures
 * cannot all be true). */
void report_verdicts_init(gl_strbuf *sb);
void report_verdict(gl_strbuf *sb, const char *claim, const char *paper, const char *ours,
	const char *verdict, const char *why);

/* Split the next record of CSV text at *pos (RFC 4180) into at most max
 * fields, each a copy into out[i] (room n bytes each, longer ones cut);
 * advance *pos. Returns the number of fields, 0 at the end. */
int report_csv_record(const char *text, size_t *pos, char (*out)[1024], int max);

/* Write an SVG line plot of the series to dir/name. The picture grows to
 * hold its title (wrapped onto more lines), the y label and the legend
 * (as wide as the longest name), so that no text is clipped. Dies on
 * error. */
void report_plot(const char *dir, const char *name, const plot_spec *spec,
	const plot_series *series, int nseries);
/* The same with series k drawn in colour[k] (a colour may be NULL:
 * report_colour's), e.g. report_palette of a parameter's value. */
void report_plot_coloured(const char *dir, const char *name, const plot_spec *spec,
	const plot_series *series, int nseries, const char *const *colour);
/* The same, 0 or an error with a message instead of exiting (a server's
 * figure that cannot be written must not stop the server). */
int report_plot_file(const char *dir, const char *name, const plot_spec *spec,
	const plot_series *series, int nseries, const char *const *colour,
	gl_err *err);

/* Write the text of sb to dir/name atomically (a CSV table). Dies on
 * error. */
void report_write(const char *dir, const char *name, const gl_strbuf *sb);

#endif
