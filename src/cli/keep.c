/*
 * keep.c - a sweep that keeps its finished pieces of work: `repro ...
 * --resume` goes on where a stopped run (killed, or --stop-after)
 * left off, without redoing what was finished and with the same files
 * at the end. Every batch of pieces the command runs through cli_pool is
 * numbered in order (the same order in every run with the same options,
 * the command being deterministic); piece i of batch b, once finished,
 * is saved atomically as its result's bytes (work.h's get) in
 * DIR/pieces/b.i, by rank 0 alone under MPI (as the results reach it),
 * followed by a trailer: PIECE_MAGIC and gl_hash_bytes() of the bytes,
 * 8 bytes each, little-endian. A resumed run checks the trailer (a
 * piece truncated or overwritten is refused, naming its file), puts the
 * saved bytes back (put) and runs the rest.
 * DIR/pieces/key.txt holds the arguments and options that decide the
 * results; a run with others refuses to resume.
 */
#include "cli.h"

#include "gamelearn/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { PIECE_FILE_MAX = 1 << 30, PIECE_TRAILER = 16 };
#define PIECE_MAGIC 0x3170656b6c67ULL /* "glkep1" */

static void put_u64(unsigned char *b, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_u64(const unsigned char *b)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static struct {
	bool on;
	bool resume;           /* saved pieces are put back */
	char dir[1100];        /* DIR/pieces */
	int batch;             /* the next batch's number */
	long stop_after;       /* pieces saved before stopping (0: never) */
	long saved;
	pthread_mutex_t lock;  /* guards saved */
} keep = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* Remove the files in keep.dir (a run that does not resume starts anew). */
static void clear_pieces(void)
{
	DIR *d = opendir(keep.dir);
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		char path[1400];
		snprintf(path, sizeof path, "%s/%s", keep.dir, e->d_name);
		remove(path);
	}
	closedir(d);
}

void cli_keep_begin(const cli_args *a, const char *dir)
{
	static const char *const free_opts[] = {"threads", "resume", "stop-after",
		"out", NULL};
	bool resume = cli_given(a, "resume");
	keep.stop_after = cli_long(a, "stop-after", 0, 1L << 40);
	keep.saved = 0;
	keep.batch = 0;
	keep.on = true;
	keep.resume = resume;
	snprintf(keep.dir, sizeof keep.dir, "%s/pieces", dir);
	/* the options that decide the results, as given */
	gl_strbuf key;
	gl_strbuf_init(&key);
	gl_strbuf_printf(&key, "%s", a->spec->name);
	for (int i = 0; i < a->npos; i++)
		gl_strbuf_printf(&key, " %s", a->pos[i]);
	for (int i = 0; a->spec->opts[i].name; i++) {
		bool skip = false;
		for (int k = 0; free_opts[k]; k++)
			skip |= !strcmp(free_opts[k], a->spec->opts[i].name);
		if (!skip && a->seen[i])
			gl_strbuf_printf(&key, " --%s%s%s", a->spec->opts[i].name,
				a->val[i] ? " " : "", a->val[i] ? a->val[i] : "");
	}
	gl_strbuf_printf(&key, "\n");
	char path[1200], *old = NULL;
	snprintf(path, sizeof path, "%s/key.txt", keep.dir);
	if (resume) {
		if (gl_read_file(path, 1 << 20, &old, NULL, NULL))
			cli_die(EXIT_USAGE, "%s --resume: no run to resume in %s (no %s)",
				a->spec->name, dir, path);
		if (strcmp(old, key.oom ? "" : key.buf))
			cli_die(EXIT_USAGE, "%s --resume: %s was run with other options: "
				"%.*s", a->spec->name, dir, (int)strcspn(old, "\n"), old);
		gl_free(old);
	} else if (cli_rank0()) {
		if (mkdir(keep.dir, 0777) != 0 && errno != EEXIST)
			cli_die(EXIT_RUN, "cannot make folder '%s': %s", keep.dir,
				strerror(errno));
		clear_pieces();
		gl_err err = {0};
		if (gl_strbuf_write(&key, path, &err))
			cli_die(EXIT_RUN, "%s", err.msg);
	}
	gl_strbuf_done(&key);
}

/* A batch with its finished pieces left out: piece j is p's todo[j]. */
typedef struct kept {
	const gl_pieces *p;
	int batch;
	int *todo;
} kept;

static void save_piece(const kept *k, int i)
{
	if (!cli_rank0())
		return; /* rank 0 saves what the others send */
	const void *bytes;
	size_t size = k->p->get(k->p->arg, i, &bytes);
	char path[1200];
	gl_err err = {0};
	snprintf(path, sizeof path, "%s/%d.%d", keep.dir, k->batch, i);
	unsigned char *file = malloc(size + PIECE_TRAILER);
	if (!file)
		cli_die(EXIT_RUN, "out of memory saving %s", path);
	memcpy(file, bytes, size);
	put_u64(file + size, PIECE_MAGIC);
	put_u64(file + size + 8, gl_hash_bytes(bytes, size));
	int rc = gl_write_atomic(path, file, size + PIECE_TRAILER, &err);
	free(file);
	if (rc)
		cli_die(EXIT_RUN, "%s", err.msg);
	pthread_mutex_lock(&keep.lock);
	long saved = ++keep.saved;
	pthread_mutex_unlock(&keep.lock);
	if (keep.stop_after && saved == keep.stop_after)
		cli_die(EXIT_RUN, "stopped after %ld pieces of work (--stop-after); "
			"--resume goes on from them", saved);
}

static void kept_job(void *arg, int j, int worker)
{
	const kept *k = arg;
	k->p->job(k->p->arg, k->todo[j], worker);
	save_piece(k, k->todo[j]);
}

static size_t kept_get(void *arg, int j, const void **bytes)
{
	const kept *k = arg;
	return k->p->get(k->p->arg, k->todo[j], bytes);
}

static int kept_put(void *arg, int j, const void *bytes, size_t size, gl_err *err)
{
	const kept *k = arg;
	int rc = k->p->put(k->p->arg, k->todo[j], bytes, size, err);
	if (!rc)
		save_piece(k, k->todo[j]);
	return rc;
}

static int keep_run(void *ctx, const gl_pieces *p, gl_err *err)
{
	cli_pool *pool = ctx;
	if (!p->get || !p->put)
		return pool->inner.run(pool->inner.ctx, p, err);
	kept k = {p, keep.batch++, malloc(sizeof(int) * (size_t)(p->n ? p->n : 1))};
	if (!k.todo)
		return gl_fail(err, GL_ENOMEM, "out of memory for %d pieces", p->n);
	int n = 0;
	for (int i = 0; i < p->n; i++) {
		char path[1200], *bytes = NULL;
		size_t size = 0;
		snprintf(path, sizeof path, "%s/%d.%d", keep.dir, k.batch, i);
		if (!keep.resume ||
		    gl_read_file(path, PIECE_FILE_MAX, &bytes, &size, NULL)) {
			k.todo[n++] = i;
			continue;
		}
		size_t body = size >= PIECE_TRAILER ? size - PIECE_TRAILER : 0;
		const unsigned char *t = (unsigned char *)bytes + body;
		gl_err perr = {0};
		int rc = size < PIECE_TRAILER || get_u64(t) != PIECE_MAGIC ||
			get_u64(t + 8) != gl_hash_bytes(bytes, body) ?
			gl_fail(&perr, GL_EPARSE, "corrupt (truncated, overwritten, or "
				"saved before pieces carried a checksum)") :
			p->put(p->arg, i, bytes, body, &perr);
		gl_free(bytes);
		if (rc) {
			free(k.todo);
			return gl_fail(err, rc, "%s: a saved piece of work: %s; remove "
				"it to redo it", path, perr.msg);
		}
		if (pool->bar) {
			pool->done += 1;
			progress_update(pool->bar, pool->done);
		}
	}
	/* rank 0 may be saving this batch's first pieces while another rank
	 * looks: every rank does what rank 0 found to do (another rank has
	 * read at least the pieces rank 0 read) */
	cli_mpi_agree(k.todo, &n);
	gl_pieces todo = {n, kept_job, kept_get, kept_put, &k, p->gather};
	int rc = n ? pool->inner.run(pool->inner.ctx, &todo, err) : 0;
	free(k.todo);
	return rc;
}

void cli_keep_runner(cli_pool *pool)
{
	if (!keep.on)
		return;
	pool->inner = pool->runner;
	pool->runner = (gl_runner){pool->threads, keep_run, pool};
}

void cli_keep_end(void)
{
	keep.on = false;
}
