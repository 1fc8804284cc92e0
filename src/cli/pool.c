/*
 * pool.c - the CLI's runner of pieces of work: the library's pool of
 * threads (run.h), dealing over MPI ranks under mpirun (mpi.c), and for
 * sweeps (`repro ... --resume`, `train --runs`) kept on disk by the
 * library's keeper, its key made from the command's options; the
 * progress bar fed from the pool's callback; and the writing of files by
 * rank 0 alone, dying on failure.
 */
#include "cli.h"

#include <string.h>

static void bar_update(void *ctx, double done)
{
	progress_update(ctx, done);
}

void cli_pool_init(cli_pool *p, int threads, progress *bar)
{
	gl_pool_init(&p->base, threads, bar ? bar_update : NULL, bar);
	p->threads = p->base.threads;
	p->bar = bar;
	p->mpi = (gl_mpi){0};
	p->agree = NULL;
	p->agree_ctx = NULL;
	p->runner = p->base.runner;
	cli_mpi_runner(p);
}

void cli_pool_keep(cli_pool *p, const cli_args *a, const char *dir)
{
	/* the command, its arguments and the options that decide the
	 * results, as given */
	gl_strbuf head, key;
	gl_strbuf_init(&head);
	gl_strbuf_init(&key);
	gl_strbuf_printf(&head, "%s", a->spec->name);
	for (int i = 0; i < a->npos; i++)
		gl_strbuf_printf(&head, " %s", a->pos[i]);
	gl_keep_key(&key, head.oom ? "" : head.buf, a->spec->opts, a->val, a->seen);
	gl_strbuf_done(&head);
	gl_keep_config c = {a->spec->name, dir, key.oom ? "" : key.buf,
		cli_given(a, "resume"), cli_long(a, "stop-after", 0, 1L << 40),
		cli_rank0(), p->agree, p->agree_ctx};
	gl_err err = {0};
	int rc = gl_keep_init(&p->keep, &p->base, &p->runner, &c, &err);
	gl_strbuf_done(&key);
	if (rc)
		cli_die(rc == GL_EINVAL ? EXIT_USAGE : EXIT_RUN, "%s", err.msg);
	p->runner = p->keep.runner;
}

void cli_mkdir(const char *dir)
{
	gl_err err = {0};
	int rc = cli_rank0() ? gl_report_mkdir(dir, &err) : 0;
	if (rc)
		cli_die(rc == GL_EINVAL ? EXIT_USAGE : EXIT_RUN, "%s", err.msg);
}

void cli_save(const char *dir, const char *name, const gl_strbuf *sb)
{
	char path[1200];
	if (!cli_rank0())
		return; /* under MPI rank 0 alone writes */
	snprintf(path, sizeof path, "%s/%s", dir, name);
	gl_err err = {0};
	if (gl_strbuf_write(sb, path, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
}

void cli_plot(const char *dir, const char *name, const gl_plot_spec *spec,
	const gl_plot_series *series, int nseries)
{
	gl_err err = {0};
	if (cli_rank0() && gl_plot_write(dir, name, spec, series, nseries, NULL, &err))
		cli_die(EXIT_RUN, "%s", err.msg);
}
