/*
 * progress.c - a progress bar with rate and ETA on stderr, shown only when
 * stderr is a terminal (quiet in pipes, logs and CI).
 *
 * Under mpirun a rank's stderr is always a pipe to mpirun (and its stdout
 * always a pseudo-terminal, redirected or not), so a rank cannot tell
 * whether the person who started the job sees its stderr. Rank 0 then
 * draws the bar on the terminal the job was started from, /dev/tty, when
 * it has one (a job started from a shell on its own node); a batch job,
 * or rank 0 on another node, has none and stays quiet. Drawn there, the
 * bar never enters a file that mpirun's stderr is redirected to.
 */
#include "cli.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Whether this process is rank 0 of several with a terminal to draw on. */
static bool mpi_tty(void)
{
	if (cli_mpi_size() < 2 || !cli_rank0())
		return false;
	int fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* Write text where p draws: stderr, or the terminal opened for each
 * drawing (at most ten a second; nothing is held open between them, so
 * that a bar begun again or never ended leaks nothing). */
static void draw(const progress *p, const char *text)
{
	if (!p->tty) {
		fputs(text, stderr);
		fflush(stderr);
		return;
	}
	int fd = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return;
	size_t n = strlen(text);
	for (ssize_t w; n > 0 && (w = write(fd, text, n)) > 0; text += w, n -= (size_t)w)
		;
	close(fd);
}

void progress_begin(progress *p, const char *label, double total)
{
	p->tty = false;
	p->on = isatty(STDERR_FILENO) && total > 0;
	if (!p->on && total > 0 && mpi_tty())
		p->on = p->tty = true;
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
	char text[256];
	snprintf(text, sizeof text, "\r%s [%s] %5.1f%% %.3g/s ETA %.0fs %s ", p->label,
		bar, 100 * frac, rate, eta, p->note);
	draw(p, text);
}

void progress_end(progress *p)
{
	if (p->on) {
		char text[128];
		snprintf(text, sizeof text, "\r%*s\r", 110, "");
		draw(p, text);
	}
}
