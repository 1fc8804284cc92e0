/*
 * report.c - what an experiment gives back (experiment.h): its text,
 * tables of text cells and figures of series, kept as data for whoever
 * shows them; the options of a run read by name; summaries of values.
 */
#include "internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Options ---------------------------------------------------------------- */

static int opt_index(const gl_exp_args *a, const char *name)
{
	for (int i = 0; a->opts[i].name; i++)
		if (!strcmp(a->opts[i].name, name))
			return i;
	return -1;
}

bool gl_exp_given(const gl_exp_args *a, const char *name)
{
	int i = opt_index(a, name);
	return i >= 0 && a->seen[i];
}

const char *gl_exp_str(const gl_exp_args *a, const char *name)
{
	int i = opt_index(a, name);
	if (i < 0)
		return NULL;
	return a->val[i] ? a->val[i] : a->opts[i].def;
}

int gl_exp_long(const gl_exp_args *a, const char *owner, const char *name, long min,
	long max, long *out, gl_err *err)
{
	const char *s = gl_exp_str(a, name);
	char *end = NULL;
	long v = s ? strtol(s, &end, 10) : 0;
	if (!s || end == s || *end || v < min || v > max)
		return gl_fail(err, GL_EINVAL, "%s: --%s must be a whole number in %ld..%ld, "
			"got '%s'", owner, name, min, max, s ? s : "");
	*out = v;
	return 0;
}

/* --- Reports ---------------------------------------------------------------- */

void gl_report_init(gl_report *r)
{
	memset(r, 0, sizeof *r);
	gl_strbuf_init(&r->text);
}

static void table_free(gl_table *t)
{
	if (!t)
		return;
	for (int i = 0; i < t->ncols; i++)
		gl_free(t->cols[i]);
	for (int i = 0; i < t->ncells; i++)
		gl_free(t->cells[i]);
	gl_free(t->cols);
	gl_free(t->cells);
	gl_free(t->name);
	gl_free(t);
}

static void figure_free(gl_figure *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->nseries; i++) {
		gl_series *s = &f->series[i];
		gl_free(s->name);
		gl_free(s->x);
	}
	gl_free(f->series);
	gl_free(f->name);
	gl_free(f->title);
	gl_free(f->xlabel);
	gl_free(f->ylabel);
	gl_free(f);
}

void gl_report_done(gl_report *r)
{
	for (int i = 0; i < r->ntables; i++)
		table_free(r->tables[i]);
	for (int i = 0; i < r->nfigures; i++)
		figure_free(r->figures[i]);
	for (int i = 0; i < r->nnotes; i++) {
		gl_free(r->notes[i].name);
		gl_free(r->notes[i].text);
	}
	gl_free(r->tables);
	gl_free(r->figures);
	gl_free(r->notes);
	gl_strbuf_done(&r->text);
	memset(r, 0, sizeof *r);
}

void gl_report_printf(gl_report *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char small[512];
	int len = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (len < 0)
		return;
	if ((size_t)len < sizeof small) {
		gl_strbuf_printf(&r->text, "%s", small);
		if (r->echo)
			r->echo(r->echo_ctx, small, (size_t)len);
		return;
	}
	char *big = gl_malloc((size_t)len + 1);
	if (!big) {
		r->oom = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)len + 1, fmt, ap);
	va_end(ap);
	gl_strbuf_printf(&r->text, "%s", big);
	if (r->echo)
		r->echo(r->echo_ctx, big, (size_t)len);
	gl_free(big);
}

/* Append p to the list *list of *n items; false when out of memory. */
static bool push(void ***list, int *n, void *p)
{
	void **more = gl_realloc(*list, sizeof *more * (size_t)(*n + 1));
	if (!more)
		return false;
	more[(*n)++] = p;
	*list = more;
	return true;
}

gl_table *gl_report_table(gl_report *r, const char *name, const char *cols)
{
	gl_table *t = gl_calloc(1, sizeof *t);
	if (!t || !(t->name = gl_strdup(name)))
		goto fail;
	for (const char *c = cols; *c;) {
		size_t len = strcspn(c, ",");
		char **more = gl_realloc(t->cols, sizeof *more * (size_t)(t->ncols + 1));
		if (!more)
			goto fail;
		t->cols = more;
		if (!(t->cols[t->ncols] = gl_malloc(len + 1)))
			goto fail;
		memcpy(t->cols[t->ncols], c, len);
		t->cols[t->ncols++][len] = '\0';
		c += len + (c[len] == ',');
	}
	if (!push((void ***)&r->tables, &r->ntables, t))
		goto fail;
	return t;
fail:
	table_free(t);
	r->oom = true;
	return NULL;
}

/* Append the cell text[0..len) to t. */
static void add_cell(gl_report *r, gl_table *t, const char *text, size_t len)
{
	if (t->ncells == t->cap) {
		int cap = t->cap ? 2 * t->cap : 64;
		char **more = gl_realloc(t->cells, sizeof *more * (size_t)cap);
		if (!more) {
			r->oom = true;
			return;
		}
		t->cells = more;
		t->cap = cap;
	}
	char *c = gl_malloc(len + 1);
	if (!c) {
		r->oom = true;
		return;
	}
	memcpy(c, text, len);
	c[len] = '\0';
	t->cells[t->ncells++] = c;
	t->nrows = t->ncols ? t->ncells / t->ncols : 0;
}

void gl_table_cells(gl_report *r, gl_table *t, const char *fmt, ...)
{
	if (!t)
		return;
	va_list ap;
	va_start(ap, fmt);
	char small[1024];
	int len = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (len < 0 || (size_t)len >= sizeof small) {
		/* no cell row of an experiment is this long */
		r->oom = true;
		return;
	}
	for (const char *c = small;;) {
		size_t l = strcspn(c, "\t");
		add_cell(r, t, c, l);
		if (!c[l])
			break;
		c += l + 1;
	}
}

const char *gl_table_cell(const gl_table *t, int row, int col)
{
	if (row < 0 || col < 0 || col >= t->ncols || (size_t)row * (size_t)t->ncols +
			(size_t)col >= (size_t)t->ncells)
		return "";
	return t->cells[row * t->ncols + col];
}

gl_figure *gl_report_figure(gl_report *r, const char *name, const char *title,
	const char *xlabel, const char *ylabel, bool log_y, bool y_from_zero,
	const gl_series *s, int nseries)
{
	gl_figure *f = gl_calloc(1, sizeof *f);
	if (!f || !(f->name = gl_strdup(name)) || !(f->title = gl_strdup(title)) ||
	    !(f->xlabel = gl_strdup(xlabel)) || !(f->ylabel = gl_strdup(ylabel)) ||
	    !(f->series = gl_calloc((size_t)(nseries ? nseries : 1), sizeof *f->series)))
		goto fail;
	f->log_y = log_y;
	f->y_from_zero = y_from_zero;
	for (int i = 0; i < nseries; i++) {
		gl_series *d = &f->series[i];
		const gl_series *o = &s[i];
		size_t n = (size_t)o->n, arrays = o->lo && o->hi ? 4 : 2;
		f->nseries = i + 1;
		d->n = o->n;
		d->colour = o->colour;
		/* one block holds x, y and the band */
		if (!(d->name = gl_strdup(o->name)) ||
		    !(d->x = gl_malloc(sizeof(double) * (n * arrays + 1))))
			goto fail;
		d->y = d->x + n;
		memcpy(d->x, o->x, sizeof(double) * n);
		memcpy(d->y, o->y, sizeof(double) * n);
		if (arrays == 4) {
			d->lo = d->x + 2 * n;
			d->hi = d->x + 3 * n;
			memcpy(d->lo, o->lo, sizeof(double) * n);
			memcpy(d->hi, o->hi, sizeof(double) * n);
		}
	}
	if (!push((void ***)&r->figures, &r->nfigures, f))
		goto fail;
	return f;
fail:
	figure_free(f);
	r->oom = true;
	return NULL;
}

void gl_report_note(gl_report *r, const char *name, const char *text)
{
	gl_note *more = gl_realloc(r->notes, sizeof *more * (size_t)(r->nnotes + 1));
	char *n = gl_strdup(name), *t = gl_strdup(text);
	if (more)
		r->notes = more;
	if (!more || !n || !t) {
		gl_free(n);
		gl_free(t);
		r->oom = true;
		return;
	}
	r->notes[r->nnotes++] = (gl_note){n, t};
}

int gl_report_check(const gl_report *r, gl_err *err)
{
	if (r->oom || r->text.oom)
		return gl_fail(err, GL_ENOMEM, "out of memory for the experiment's report");
	return 0;
}

/* --- Failed pieces ------------------------------------------------------------ */

size_t exp_failed_get(const gl_err *e, const void **bytes)
{
	if (!e->code)
		return 0;
	*bytes = e->msg;
	return strlen(e->msg);
}

int exp_first_failure(const gl_err *errs, int n, gl_err *err)
{
	for (int i = 0; i < n; i++)
		if (errs[i].code) {
			*err = errs[i];
			return err->code;
		}
	return 0;
}

/* --- Summaries -------------------------------------------------------------- */

static int dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

exp_summary exp_summarize(const double *v, int n)
{
	double t[EXP_SEEDS_MAX];
	exp_summary s = {0, 0, 0, 0};
	if (n <= 0)
		return s;
	n = n < EXP_SEEDS_MAX ? n : EXP_SEEDS_MAX;
	memcpy(t, v, (size_t)n * sizeof *t);
	qsort(t, (size_t)n, sizeof *t, dcmp);
	s.min = t[0];
	s.max = t[n - 1];
	s.med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
	for (int i = 0; i < n; i++)
		s.mean += t[i];
	s.mean /= n;
	return s;
}

void exp_mean_sd(const double *v, int n, double *mean, double *sd, double *se)
{
	double s = 0, ss = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	*mean = n ? s / n : 0;
	for (int i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	if (sd)
		*sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
	if (se)
		*se = n > 1 ? sqrt(ss / (n - 1) / n) : 0;
}
