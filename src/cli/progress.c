/*
 * progress.c - a progress bar with rate and ETA on stderr, shown only when
 * stderr is a terminal (quiet in pipes, logs and CI).
 */
#include "cli.h"

#include <unistd.h>

void progress_begin(progress *p, const char *label, double total)
{
	p->on = isatty(STDERR_FILENO) && total > 0;
	p->total = total;
	p->start = gl_now();
	p->last_draw = 0;
	p->label = label;
	p->note[0] = '\0';
}

void progress_update(progress *p, double done)
{
	if (!p->on)
		return;
	double now = gl_now();
	if (now - p->last_draw < 0.1 && done < p->total)
		return;
	p->last_draw = now;
	double frac = done / p->total;
	if (frac > 1)
		frac = 1;
	double elapsed = now - p->start;
	double rate = elapsed > 0 ? done / elapsed : 0;
	double eta = rate > 0 ? (p->total - done) / rate : 0;
	enum { WIDTH = 30 };
	char bar[WIDTH + 1];
	int fill = (int)(frac * WIDTH);
	for (int i = 0; i < WIDTH; i++)
		bar[i] = i < fill ? '#' : '-';
	bar[WIDTH] = '\0';
	fprintf(stderr, "\r%s [%s] %5.1f%% %.3g/s ETA %.0fs %s ", p->label, bar,
		100 * frac, rate, eta, p->note);
	fflush(stderr);
}

void progress_end(progress *p)
{
	if (p->on)
		fprintf(stderr, "\r%*s\r", 110, "");
}
