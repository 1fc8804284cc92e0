/*
 * fileio.h - saved knowledge is written atomically (a temporary file in
 * the same folder, flushed to disk, then renamed over the target: a crash
 * leaves the old file or the new one, never half of one), read back whole
 * with a size cap, and built in memory with a growable text buffer.
 */
#ifndef GAMELEARN_FILEIO_H
#define GAMELEARN_FILEIO_H

#include "gamelearn/core.h"

/* Replace path with the len bytes of data, atomically (a symbolic
 * link's file, not the link). A file there keeps its mode; one this
 * process may not write (read-only) is not replaced, nor a folder, a
 * device or a pipe. Returns 0, or GL_EIO with a message naming the file
 * and the system's reason. The
 * temporary file (path.tmp.XXXXXX) is locked while it is written; those
 * that killed writers left in path's folder, of any file there
 * (NAME.tmp.XXXXXX, this user's, unlocked, over 2 s old), are removed
 * first. */
int gl_write_atomic(const char *path, const void *data, size_t len, gl_err *err);

/* An advisory lock on a file that a process is going to save (the
 * file path.lock beside it, locked with flock and holding the pid), so
 * that two processes do not both train one memory and the last silently
 * win. Taking it also proves, before any work is done, that the save
 * can be made: path's folder writable, and path nothing yet or a
 * regular file that may be written (what gl_write_atomic asks). */
typedef struct gl_lock {
	int fd;     /* the lock file, locked; -1 when none is held */
	char *path; /* its name, owned */
} gl_lock;

/* Take the lock of path into lk. Returns 0 (lk->fd is -1 if this process
 * held it already: nothing to drop), or GL_EIO with a message: the folder
 * cannot be written, the lock file cannot be written (the system's
 * reason, "No space left on device" on a full disk), or another process
 * holds the lock (its pid said). */
int gl_lock_take(gl_lock *lk, const char *path, gl_err *err);
/* Drop the lock (removing the lock file); a no-op if none is held (a
 * zeroed gl_lock holds none). */
void gl_lock_drop(gl_lock *lk);

/* Read the whole of path into *out (NUL-terminated, free with gl_free) and
 * its length into *len (may be NULL). Files over max bytes are refused
 * with GL_ERANGE. Returns 0, GL_EIO, GL_ERANGE or GL_ENOMEM. */
int gl_read_file(const char *path, size_t max, char **out, size_t *len, gl_err *err);
/* gl_read_file() of a text file: a NUL byte in it is GL_EPARSE, naming
 * its line ("PATH:LINE: a NUL byte: not a text file"). */
int gl_read_text(const char *path, size_t max, char **out, gl_err *err);

/* A growable text buffer. A failed allocation is remembered (oom) and
 * reported by gl_strbuf_write/finish, so callers append without checks. */
typedef struct gl_strbuf {
	char *buf;  /* NUL-terminated text, or NULL before the first append */
	size_t len; /* length of the text */
	size_t cap; /* allocated bytes */
	bool oom;   /* an append failed for lack of memory */
} gl_strbuf;

void gl_strbuf_init(gl_strbuf *sb);
void gl_strbuf_done(gl_strbuf *sb);
void gl_strbuf_printf(gl_strbuf *sb, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* The length (1..4) of the well-formed UTF-8 sequence starting at s (an
 * ASCII byte, NUL excluded, is one), or 0 when the bytes at s do not
 * start one (a stray continuation byte, an overlong form, a surrogate, a
 * code point past U+10FFFF, a sequence cut short). */
int gl_utf8_seq(const char *s);
/* Append s as a JSON string literal: '"' and '\\' escaped, control bytes
 * written \u00XX, and every byte outside a well-formed UTF-8 sequence
 * written \u00XX too (its Latin-1 reading), so that strict JSON parsers
 * read text whatever its source (a player's reply, say). */
void gl_strbuf_json(gl_strbuf *sb, const char *s);
/* Write the buffer to path atomically (GL_ENOMEM if an append failed). */
int gl_strbuf_write(const gl_strbuf *sb, const char *path, gl_err *err);

/* Line-by-line reading of a text held in memory, with line numbers for
 * error messages ("FILE:LINE: what is wrong"). */
typedef struct gl_lines {
	char *next; /* start of the next line; NULL at the end */
	int lineno; /* number of the line last returned (1-based) */
} gl_lines;

void gl_lines_init(gl_lines *it, char *text);
/* The next line with its '\n' (and any '\r') removed, or NULL at the end.
 * The text is modified in place. */
char *gl_lines_next(gl_lines *it);

#endif
