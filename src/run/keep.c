/*
 * keep.c - a run that keeps its finished pieces of work (run.h's
 * gl_keep): a resumed run goes on where a stopped one (killed, or
 * stopped after K pieces) left off, without redoing what was finished
 * and with the same results at the end. Piece i of batch b is saved
 * atomically in DIR/pieces/b.i as its result's bytes (work.h's get)
 * followed by a trailer: PIECE_MAGIC and gl_hash_bytes() of the bytes,
 * 8 bytes each, little-endian; by the process that saves alone (rank 0
 * under MPI, as the results reach it).
 */
#include "gamelearn/fileio.h"
#include "run/internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { PIECE_FILE_MAX = 1 << 30, PIECE_TRAILER = 16, KEY_MAX = 1 << 20 };
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

/* Remove the files in dir (a run that does not resume starts anew). */
static void clear_pieces(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		char path[1400];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		remove(path);
	}
	closedir(d);
}

/* A batch with its finished pieces left out: piece j is p's todo[j]. */
typedef struct kept {
	gl_keep *k;
	const gl_pieces *p;
	int batch;
	int *todo;
} kept;

/* Save piece i's result; a failure, or the count reaching stop_after,
 * stops the pool. Once the pool is stopped nothing more is saved (the
 * piece that stopped it may have failed). */
static void save_piece(const kept *kb, int i)
{
	gl_keep *k = kb->k;
	if (!k->save || gl_pool_stopped(k->pool))
		return; /* the process that saves gets what the others run */
	const void *bytes;
	size_t size = kb->p->get(kb->p->arg, i, &bytes);
	char path[1200];
	gl_err err = {0};
	snprintf(path, sizeof path, "%s/%d.%d", k->dir, kb->batch, i);
	unsigned char *file = malloc(size + PIECE_TRAILER);
	if (!file) {
		gl_pool_stop(k->pool, GL_ENOMEM, "out of memory saving %s", path);
		return;
	}
	memcpy(file, bytes, size);
	put_u64(file + size, PIECE_MAGIC);
	put_u64(file + size + 8, gl_hash_bytes(bytes, size));
	int rc = gl_write_atomic(path, file, size + PIECE_TRAILER, &err);
	free(file);
	if (rc) {
		gl_pool_stop(k->pool, rc, "%s", err.msg);
		return;
	}
	long saved = atomic_fetch_add(&k->saved, 1) + 1;
	if (k->stop_after && saved == k->stop_after)
		gl_pool_stop(k->pool, GL_ESTOP, "stopped after %ld pieces of work "
			"(--stop-after); --resume goes on from them", saved);
}

static void kept_job(void *arg, int j, int worker)
{
	const kept *kb = arg;
	kb->p->job(kb->p->arg, kb->todo[j], worker);
	save_piece(kb, kb->todo[j]);
}

static size_t kept_get(void *arg, int j, const void **bytes)
{
	const kept *kb = arg;
	return kb->p->get(kb->p->arg, kb->todo[j], bytes);
}

static int kept_put(void *arg, int j, const void *bytes, size_t size, gl_err *err)
{
	const kept *kb = arg;
	int rc = kb->p->put(kb->p->arg, kb->todo[j], bytes, size, err);
	if (!rc)
		save_piece(kb, kb->todo[j]);
	return rc;
}

/* Put piece i of the batch back from its file: 1 when it is not there
 * (or the run does not resume), 0 when put back, else an error. */
static int put_back(gl_keep *k, const gl_pieces *p, int batch, int i, gl_err *err)
{
	char path[1200], *bytes = NULL;
	size_t size = 0;
	snprintf(path, sizeof path, "%s/%d.%d", k->dir, batch, i);
	if (!k->resume || gl_read_file(path, PIECE_FILE_MAX, &bytes, &size, NULL))
		return 1;
	size_t body = size >= PIECE_TRAILER ? size - PIECE_TRAILER : 0;
	const unsigned char *t = (unsigned char *)bytes + body;
	gl_err perr = {0};
	int rc = size < PIECE_TRAILER || get_u64(t) != PIECE_MAGIC ||
		get_u64(t + 8) != gl_hash_bytes(bytes, body) ?
		gl_fail(&perr, GL_EPARSE, "corrupt (truncated, overwritten, or "
			"saved before pieces carried a checksum)") :
		p->put(p->arg, i, bytes, body, &perr);
	gl_free(bytes);
	if (rc)
		return gl_fail(err, rc, "%s: a saved piece of work: %s; remove it to "
			"redo it", path, perr.msg);
	gl_pool_count(k->pool);
	return 0;
}

static int keep_run(void *ctx, const gl_pieces *p, gl_err *err)
{
	gl_keep *k = ctx;
	if (!p->get || !p->put)
		return gl_run_pieces(&k->inner, p, err);
	kept kb = {k, p, k->batch++, malloc(sizeof(int) * (size_t)(p->n ? p->n : 1))};
	if (!kb.todo)
		return gl_fail(err, GL_ENOMEM, "out of memory for %d pieces", p->n);
	int n = 0;
	for (int i = 0; i < p->n; i++) {
		int rc = put_back(k, p, kb.batch, i, err);
		if (rc < 0) {
			free(kb.todo);
			return rc;
		}
		if (rc)
			kb.todo[n++] = i;
	}
	/* the saving process may be saving this batch's first pieces while
	 * another looks: every process does what the saving one found to do
	 * (another has read at least the pieces it read) */
	if (k->agree)
		k->agree(k->agree_ctx, kb.todo, &n);
	gl_pieces todo = {n, kept_job, kept_get, kept_put, &kb, p->gather};
	int rc = n ? gl_run_pieces(&k->inner, &todo, err) : 0;
	free(kb.todo);
	return rc;
}

void gl_keep_key(gl_strbuf *key, const char *head, const gl_option *opts,
	const char *const *val, const int *seen)
{
	static const char *const free_opts[] = {"threads", "resume", "stop-after",
		"out", NULL};
	gl_strbuf_printf(key, "%s", head);
	for (int i = 0; opts[i].name; i++) {
		bool skip = false;
		for (int k = 0; free_opts[k]; k++)
			skip |= !strcmp(free_opts[k], opts[i].name);
		if (!skip && seen[i])
			gl_strbuf_printf(key, " --%s%s%s", opts[i].name,
				val[i] ? " " : "", val[i] ? val[i] : "");
	}
	gl_strbuf_printf(key, "\n");
}

int gl_keep_init(gl_keep *k, gl_pool *pool, const gl_runner *inner,
	const gl_keep_config *c, gl_err *err)
{
	*k = (gl_keep){.resume = c->resume, .save = c->save,
		.stop_after = c->stop_after, .pool = pool, .inner = *inner,
		.agree = c->agree, .agree_ctx = c->agree_ctx};
	atomic_init(&k->saved, 0);
	k->runner = (gl_runner){inner->workers, keep_run, k};
	if (strlen(c->dir) + sizeof "/pieces/key.txt" > sizeof k->dir)
		return gl_fail(err, GL_EINVAL, "%s: the folder's name is too long: %.60s...",
			c->what, c->dir);
	snprintf(k->dir, sizeof k->dir, "%s/pieces", c->dir);
	char path[1200], *old = NULL;
	snprintf(path, sizeof path, "%s/key.txt", k->dir);
	if (c->resume) {
		if (gl_read_file(path, KEY_MAX, &old, NULL, NULL))
			return gl_fail(err, GL_EINVAL, "%s --resume: no run to resume in %s "
				"(no %s)", c->what, c->dir, path);
		int differs = strcmp(old, c->key);
		if (differs)
			gl_fail(err, GL_EINVAL, "%s --resume: %s was run with other options: "
				"%.*s", c->what, c->dir, (int)strcspn(old, "\n"), old);
		gl_free(old);
		return differs ? GL_EINVAL : 0;
	}
	if (!c->save)
		return 0;
	if (mkdir(k->dir, 0777) != 0 && errno != EEXIST)
		return gl_fail(err, GL_EIO, "cannot make folder '%s': %s", k->dir,
			strerror(errno));
	clear_pieces(k->dir);
	return gl_write_atomic(path, c->key, strlen(c->key), err);
}
