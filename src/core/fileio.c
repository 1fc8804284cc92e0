/*
 * fileio.c - atomic file replacement, whole-file reading with a cap, and
 * the growable text buffer that save files are built in.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "gamelearn/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Flush the folder holding path, so the rename itself is durable (best
 * effort: some file systems refuse to fsync a folder). */
static void sync_parent(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	if (n >= sizeof dir)
		return;
	if (n == 0)
		strcpy(dir, slash ? "/" : ".");
	else {
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	int fd = open(dir, O_RDONLY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* Whether name is one of our temporary files' names: NAME.tmp.XXXXXX,
 * NAME not empty and the XXXXXX six of mkstemp's letters and digits. */
static bool temp_name(const char *name)
{
	size_t n = strlen(name);
	if (n < 12 || strncmp(name + n - 11, ".tmp.", 5))
		return false;
	for (const char *c = name + n - 6; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9')))
			return false;
	return true;
}

/* Remove the temporary files that killed writers left in the folder of
 * path, whichever file of it they were saving (ggp's --live writes a new
 * file per match; the web page's memories are one file per learner and
 * game, each saved seldom): named like ours, a regular file of this
 * user's, not locked by a live writer, and over 2 s old (a writer locks
 * its file right after making it). Best effort. */
static void clean_stale(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dn = slash ? (size_t)(slash - path) : 0;
	char *dir = gl_malloc(dn + 2), *name = NULL;
	if (!dir)
		goto done;
	if (slash && dn == 0)
		strcpy(dir, "/");
	else if (slash) {
		memcpy(dir, path, dn);
		dir[dn] = '\0';
	} else {
		strcpy(dir, ".");
	}
	DIR *d = opendir(dir);
	if (!d)
		goto done;
	time_t now = time(NULL);
	for (struct dirent *e; (e = readdir(d));) {
		const char *n = e->d_name;
		if (!temp_name(n))
			continue;
		size_t size = strlen(dir) + strlen(n) + 2;
		char *nn = gl_realloc(name, size);
		if (!nn)
			break;
		name = nn;
		snprintf(name, size, "%s/%s", dir, n);
		struct stat st;
		if (lstat(name, &st) || !S_ISREG(st.st_mode) ||
		    st.st_uid != geteuid() || now - st.st_mtime < 2)
			continue;
		int fd = open(name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			unlink(name);
		close(fd);
	}
	closedir(d);
done:
	gl_free(dir);
	gl_free(name);
}

/* Whether what is at path may be replaced by a save: nothing, or a
 * regular file this process may write (its mode into *mode); a folder, a
 * device or pipe (the rename would put a file in its place) or a
 * read-only file is GL_EIO. */
static int replaceable(const char *path, mode_t *mode, gl_err *err)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return 0;
	if (S_ISDIR(st.st_mode))
		return gl_fail(err, GL_EIO, "cannot write '%s': it is a folder", path);
	if (!S_ISREG(st.st_mode))
		return gl_fail(err, GL_EIO, "cannot write '%s': not a regular file",
			path);
	if (access(path, W_OK) != 0)
		return gl_fail(err, GL_EIO, "cannot write '%s': %s", path,
			strerror(errno));
	*mode = st.st_mode & 07777;
	return 0;
}

/* Write the n bytes at p at the start of fd: 0, or the errno of the
 * write that failed (a short write goes on, so that a full disk's
 * ENOSPC or a file size limit's EFBIG is what is said). */
static int write_all(int fd, const char *p, size_t n)
{
	size_t at = 0;
	while (at < n) {
		ssize_t k = pwrite(fd, p + at, n - at, (off_t)at);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return errno;
		if (k == 0)
			return EIO;
		at += (size_t)k;
	}
	return 0;
}

int gl_write_atomic(const char *path, const void *data, size_t len, gl_err *err)
{
	/* a symbolic link: the file it names is replaced, not the link */
	char real[PATH_MAX];
	struct stat st;
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && realpath(path, real))
		path = real;
	/* a file there keeps its mode */
	mode_t mode = 0644;
	int rc = replaceable(path, &mode, err);
	if (rc)
		return rc;
	size_t plen = strlen(path);
	char *tmp = gl_malloc(plen + 16);
	if (!tmp)
		return gl_fail(err, GL_ENOMEM, "out of memory writing '%s'", path);
	clean_stale(path);
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, ".tmp.XXXXXX", 12);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		int e = errno;
		gl_free(tmp);
		return gl_fail(err, GL_EIO, "cannot write '%s': %s", path, strerror(e));
	}
	flock(fd, LOCK_EX | LOCK_NB); /* a live writer's file: not stale */
	int we = write_all(fd, data, len);
	if (we) {
		errno = we;
		goto fail;
	}
	/* mkstemp makes 0600 files; saved knowledge is an ordinary file (or
	 * keeps the mode of the one it replaces) */
	if (fchmod(fd, mode) != 0 || fsync(fd) != 0)
		goto fail;
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) != 0)
		goto fail;
	gl_free(tmp);
	sync_parent(path);
	return 0;
fail:;
	int e = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	gl_free(tmp);
	return gl_fail(err, GL_EIO, "cannot write '%s': %s", path, strerror(e));
}

int gl_lock_take(gl_lock *lk, const char *path, gl_err *err)
{
	lk->fd = -1;
	mode_t mode;
	int bad = replaceable(path, &mode, err); /* what the save will ask */
	if (bad)
		return bad;
	size_t n = strlen(path);
	lk->path = gl_malloc(n + 6);
	if (!lk->path)
		return gl_fail(err, GL_ENOMEM, "out of memory locking '%s'", path);
	memcpy(lk->path, path, n);
	memcpy(lk->path + n, ".lock", 6);
	for (int tries = 0; tries < 5; tries++) {
		int fd = open(lk->path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0) {
			int e = errno;
			gl_lock_drop(lk);
			return gl_fail(err, GL_EIO, "cannot write '%s': %s", path,
				strerror(e));
		}
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			char text[32] = "";
			ssize_t k = pread(fd, text, sizeof text - 1, 0);
			text[k > 0 ? k : 0] = '\0';
			long pid = atol(text);
			close(fd);
			if (pid == (long)getpid()) { /* ours already */
				gl_free(lk->path);
				lk->path = NULL;
				return 0;
			}
			int rc = gl_fail(err, GL_EIO, "'%s' is being saved by another "
				"process (pid %ld holds %s)", path, pid, lk->path);
			gl_free(lk->path);
			lk->path = NULL;
			return rc;
		}
		/* the file locked is still the one named (its holder removes it
		 * when done: a lock on a removed file is no lock) */
		struct stat a, b;
		if (fstat(fd, &a) == 0 && stat(lk->path, &b) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			char text[32];
			int k = snprintf(text, sizeof text, "%ld\n", (long)getpid());
			/* a full disk fails here, not at open: say why */
			int e = ftruncate(fd, 0) ? errno : write_all(fd, text, (size_t)k);
			if (e) {
				close(fd);
				unlink(lk->path);
				gl_lock_drop(lk);
				return gl_fail(err, GL_EIO, "cannot write '%s.lock': %s", path,
					strerror(e));
			}
			lk->fd = fd;
			return 0;
		}
		close(fd);
	}
	gl_lock_drop(lk);
	return gl_fail(err, GL_EIO, "cannot lock '%s': its lock file keeps "
		"changing", path);
}

void gl_lock_drop(gl_lock *lk)
{
	if (lk->path && lk->fd >= 0) {
		unlink(lk->path); /* while still locked: see gl_lock_take */
		close(lk->fd);
	}
	lk->fd = -1;
	gl_free(lk->path);
	lk->path = NULL;
}

int gl_read_file(const char *path, size_t max, char **out, size_t *len, gl_err *err)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return gl_fail(err, GL_EIO, "cannot read '%s': %s", path, strerror(errno));
	size_t cap = 4096, n = 0;
	char *buf = gl_malloc(cap);
	if (!buf) {
		fclose(f);
		return gl_fail(err, GL_ENOMEM, "out of memory reading '%s'", path);
	}
	for (;;) {
		if (n + 1 >= cap) {
			if (cap > max + 1) {
				fclose(f);
				gl_free(buf);
				return gl_fail(err, GL_ERANGE, "'%s' is larger than %zu bytes", path, max);
			}
			char *nb = gl_realloc(buf, cap * 2);
			if (!nb) {
				fclose(f);
				gl_free(buf);
				return gl_fail(err, GL_ENOMEM, "out of memory reading '%s'", path);
			}
			buf = nb;
			cap *= 2;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	int bad = ferror(f) ? (errno ? errno : EIO) : 0;
	fclose(f);
	if (bad) {
		gl_free(buf);
		return gl_fail(err, GL_EIO, "cannot read '%s': %s", path,
			bad == EISDIR ? "it is a folder" : strerror(bad));
	}
	if (n > max) {
		gl_free(buf);
		return gl_fail(err, GL_ERANGE, "'%s' is larger than %zu bytes", path, max);
	}
	buf[n] = '\0';
	*out = buf;
	if (len)
		*len = n;
	return 0;
}

int gl_read_text(const char *path, size_t max, char **out, gl_err *err)
{
	size_t len;
	int rc = gl_read_file(path, max, out, &len, err);
	if (rc)
		return rc;
	const char *nul = memchr(*out, '\0', len);
	if (!nul)
		return 0;
	int line = 1;
	for (const char *c = *out; c < nul; c++)
		line += *c == '\n';
	gl_free(*out);
	*out = NULL;
	return gl_fail(err, GL_EPARSE, "%s:%d: a NUL byte: not a text file", path,
		line);
}

void gl_strbuf_init(gl_strbuf *sb)
{
	memset(sb, 0, sizeof *sb);
}

void gl_strbuf_done(gl_strbuf *sb)
{
	gl_free(sb->buf);
	gl_strbuf_init(sb);
}

void gl_strbuf_printf(gl_strbuf *sb, const char *fmt, ...)
{
	if (sb->oom)
		return;
	for (;;) {
		size_t room = sb->cap - sb->len;
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(sb->buf ? sb->buf + sb->len : NULL, sb->buf ? room : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			sb->oom = true;
			return;
		}
		if (sb->buf && (size_t)n < room) {
			sb->len += (size_t)n;
			return;
		}
		size_t cap = sb->cap ? sb->cap : 256;
		while (cap < sb->len + (size_t)n + 1)
			cap *= 2;
		char *nb = gl_realloc(sb->buf, cap);
		if (!nb) {
			sb->oom = true;
			return;
		}
		sb->buf = nb;
		sb->cap = cap;
	}
}

int gl_utf8_seq(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char c = u[0];
	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	/* the allowed range of the second byte, by lead byte (RFC 3629) */
	unsigned char lo = 0x80, hi = 0xbf;
	int n;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
	else
		return 0;
	if (u[1] < lo || u[1] > hi)
		return 0;
	for (int i = 2; i < n; i++)
		if (u[i] < 0x80 || u[i] > 0xbf)
			return 0;
	return n;
}

void gl_strbuf_json(gl_strbuf *sb, const char *s)
{
	gl_strbuf_printf(sb, "\"");
	while (*s) {
		unsigned char c = (unsigned char)*s;
		int n = gl_utf8_seq(s);
		if (c == '"' || c == '\\')
			gl_strbuf_printf(sb, "\\%c", c);
		else if (c < 0x20 || n == 0)
			gl_strbuf_printf(sb, "\\u%04x", c);
		else
			gl_strbuf_printf(sb, "%.*s", n, s);
		s += n ? n : 1;
	}
	gl_strbuf_printf(sb, "\"");
}

int gl_strbuf_write(const gl_strbuf *sb, const char *path, gl_err *err)
{
	if (sb->oom)
		return gl_fail(err, GL_ENOMEM, "out of memory building '%s'", path);
	return gl_write_atomic(path, sb->buf ? sb->buf : "", sb->len, err);
}

void gl_lines_init(gl_lines *it, char *text)
{
	it->next = text;
	it->lineno = 0;
}

char *gl_lines_next(gl_lines *it)
{
	char *line = it->next;
	if (!line || !*line) {
		it->next = NULL;
		return NULL;
	}
	char *nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		it->next = nl + 1;
	} else {
		it->next = NULL;
	}
	size_t n = strlen(line);
	if (n && line[n - 1] == '\r')
		line[n - 1] = '\0';
	it->lineno++;
	return line;
}
