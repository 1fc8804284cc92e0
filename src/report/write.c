/*
 * write.c - a report's files (report.h): tables as CSV (RFC 4180: fields
 * quoted as needed, records read back), notes as text and figures as SVG
 * plots (plot.c), each saved atomically into the run's folder; XML text
 * for the SVG and HTML pages.
 */
#include "gamelearn/report.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

void gl_csv_field(gl_strbuf *sb, const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")]) {
		gl_strbuf_printf(sb, "%s", s);
		return;
	}
	gl_strbuf_printf(sb, "\"");
	for (; *s; s++)
		gl_strbuf_printf(sb, *s == '"' ? "\"\"" : "%c", *s);
	gl_strbuf_printf(sb, "\"");
}

int gl_csv_record(const char *text, size_t *pos, char (*out)[1024], int max)
{
	size_t i = *pos;
	if (!text[i])
		return 0;
	int nf = 0;
	for (;;) {
		size_t len = 0;
		char *dst = nf < max ? out[nf] : NULL;
		if (text[i] == '"') {
			for (i++; text[i]; i++) {
				if (text[i] == '"') {
					if (text[i + 1] != '"')
						break;
					i++;
				}
				if (dst && len < 1023)
					dst[len++] = text[i];
			}
			if (text[i] == '"')
				i++;
		}
		for (; text[i] && text[i] != ',' && text[i] != '\n' && text[i] != '\r'; i++)
			if (dst && len < 1023)
				dst[len++] = text[i];
		if (dst)
			dst[len] = '\0';
		nf++;
		if (text[i] == ',') {
			i++;
			continue;
		}
		if (text[i] == '\r')
			i++;
		if (text[i] == '\n')
			i++;
		break;
	}
	*pos = i;
	return nf < max ? nf : max;
}

void gl_xml_text(gl_strbuf *sb, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': gl_strbuf_printf(sb, "&lt;"); break;
		case '>': gl_strbuf_printf(sb, "&gt;"); break;
		case '&': gl_strbuf_printf(sb, "&amp;"); break;
		case '"': gl_strbuf_printf(sb, "&quot;"); break;
		default: gl_strbuf_printf(sb, "%c", *s);
		}
	}
}

int gl_report_mkdir(const char *dir, gl_err *err)
{
	char path[1024];
	if (strlen(dir) >= sizeof path)
		return gl_fail(err, GL_EINVAL, "output folder name too long");
	strcpy(path, dir);
	for (char *p = path + 1;; p++) {
		char c = *p;
		if (c == '/' || c == '\0') {
			*p = '\0';
			if (mkdir(path, 0777) != 0 && errno != EEXIST)
				return gl_fail(err, GL_EIO, "cannot make folder '%s': %s", path,
					strerror(errno));
			*p = c;
		}
		if (!c)
			break;
	}
	return 0;
}

void gl_table_csv(const gl_table *t, gl_strbuf *sb)
{
	for (int c = 0; c < t->ncols; c++)
		gl_strbuf_printf(sb, "%s%s", c ? "," : "", t->cols[c]);
	gl_strbuf_printf(sb, "\n");
	for (int r = 0; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++) {
			if (c)
				gl_strbuf_printf(sb, ",");
			gl_csv_field(sb, gl_table_cell(t, r, c));
		}
		gl_strbuf_printf(sb, "\n");
	}
}

int gl_figure_write(const gl_figure *f, const char *dir, gl_err *err)
{
	enum { SERIES_MAX = 32 };
	gl_plot_series ps[SERIES_MAX];
	const char *colour[SERIES_MAX];
	int n = f->nseries < SERIES_MAX ? f->nseries : SERIES_MAX;
	for (int i = 0; i < n; i++) {
		const gl_series *s = &f->series[i];
		ps[i] = (gl_plot_series){s->name, s->n, s->x, s->y, s->lo, s->hi};
		colour[i] = s->colour < 0 ? NULL : gl_plot_palette(s->colour);
	}
	gl_plot_spec spec = {f->title, f->xlabel, f->ylabel, f->log_y, f->y_from_zero};
	return gl_plot_write(dir, f->name, &spec, ps, n, colour, err);
}

int gl_report_write(const gl_report *rep, const char *dir, gl_err *err)
{
	for (int i = 0; i < rep->ntables; i++) {
		gl_strbuf sb;
		char path[1200];
		gl_strbuf_init(&sb);
		gl_table_csv(rep->tables[i], &sb);
		snprintf(path, sizeof path, "%s/%s", dir, rep->tables[i]->name);
		int rc = gl_strbuf_write(&sb, path, err);
		gl_strbuf_done(&sb);
		if (rc)
			return rc;
	}
	for (int i = 0; i < rep->nnotes; i++) {
		char path[1200];
		snprintf(path, sizeof path, "%s/%s", dir, rep->notes[i].name);
		int rc = gl_write_atomic(path, rep->notes[i].text,
			strlen(rep->notes[i].text), err);
		if (rc)
			return rc;
	}
	for (int i = 0; i < rep->nfigures; i++) {
		int rc = gl_figure_write(rep->figures[i], dir, err);
		if (rc)
			return rc;
	}
	return 0;
}
