/*
 * test_fileio.c - atomic writes replace a file whole, reads are capped,
 * stale temporary files of a folder are removed by a save into it, the
 * save lock's errors say why, the text buffer grows and reports
 * allocation failure, lines split; the FNV-1a hash that names files on
 * disk gives the published values.
 */
#include "test.h"

#include "gamelearn/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Number of entries in dir whose name starts with prefix. */
static int count_files(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	int n = 0;
	if (!d)
		return -1;
	for (struct dirent *e; (e = readdir(d));)
		n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
	closedir(d);
	return n;
}

/* s as gl_strbuf_json writes it, compared with want. */
static void check_json(const char *s, const char *want)
{
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_strbuf_json(&sb, s);
	CHECK_STR(sb.buf, want);
	gl_strbuf_done(&sb);
}

/* JSON strings: escapes, UTF-8 kept, every byte outside it escaped. */
static void test_json(void)
{
	check_json("a\"b\\c\n\x01", "\"a\\\"b\\\\c\\u000a\\u0001\"");
	check_json("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
		"\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
	/* stray continuation, bad lead, overlong, surrogate, past U+10FFFF,
	 * cut short */
	check_json("\x80", "\"\\u0080\"");
	check_json("\xff\xfe", "\"\\u00ff\\u00fe\"");
	check_json("\xc0\xaf", "\"\\u00c0\\u00af\"");
	check_json("\xed\xa0\x80", "\"\\u00ed\\u00a0\\u0080\"");
	check_json("\xf4\x90\x80\x80", "\"\\u00f4\\u0090\\u0080\\u0080\"");
	check_json("\xe2\x82", "\"\\u00e2\\u0082\"");
	check_json("x\xc3", "\"x\\u00c3\"");
	CHECK(gl_utf8_seq("") == 0);
	CHECK(gl_utf8_seq("\xf4\x8f\xbf\xbf") == 4);
	CHECK(gl_utf8_seq("\xe0\x9f\x80") == 0);
}

/* Make the file path holding "x", its times set age seconds back. */
static void make_old(const char *path, int age)
{
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs("x", f);
		fclose(f);
	}
	struct timespec t[2];
	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= age;
	t[1] = t[0];
	CHECK(utimensat(AT_FDCWD, path, t, 0) == 0);
}

/* Temporary files killed writers left are removed by the next save into
 * their folder, of the same file or another (the web page's memories,
 * one file per learner and game; ggp's --live, one file per match); a
 * fresh one, a locked one (a live writer's), names not of our shape, a
 * folder, a link and another folder's are kept. */
static void test_stale(const char *dir)
{
	char path[256], sub[256];
	snprintf(path, sizeof path, "%s/memory/td--tictactoe.mem", dir);
	snprintf(sub, sizeof sub, "%s/memory", dir);
	CHECK(mkdir(sub, 0777) == 0);
	snprintf(sub, sizeof sub, "%s/memory/sub", dir);
	CHECK(mkdir(sub, 0777) == 0);
	static const char *const gone[] = {
		"td--tictactoe.mem.tmp.AAAAAA",     /* the same file's */
		"martens--nim.mem.tmp.Zz09aB",      /* another memory's */
		"td--tictactoe.mem.wdl.tmp.DDDDDD", /* its record's */
		"gamelearn.1.0.json.tmp.q1W2e3",    /* a --live match's */
		NULL};
	static const char *const kept[] = {
		"td--tictactoe.mem.tmp.BBBBBB",     /* fresh (its time a minute ahead, so that no stall of the test makes it old): too young to judge */
		"martens--nim.mem.tmp.CCCCCC",      /* locked: a live writer's */
		"notes.tmp.ABCDE",                  /* not our shape: */
		"notes.tmp.ABCDEFG",
		"notes.tmp.AB-DEF",
		".tmp.EEEEEE",
		"notes.tmp.FFFFFF.txt",
		"sub/a.mem.tmp.GGGGGG",             /* another folder's */
		NULL};
	char p[400];
	for (int i = 0; gone[i]; i++) {
		snprintf(p, sizeof p, "%s/memory/%s", dir, gone[i]);
		make_old(p, 60);
	}
	for (int i = 0; kept[i]; i++) {
		snprintf(p, sizeof p, "%s/memory/%s", dir, kept[i]);
		make_old(p, i == 0 ? -60 : 60);
	}
	snprintf(p, sizeof p, "%s/memory/%s", dir, kept[1]);
	int held = open(p, O_RDONLY);
	CHECK(held >= 0 && flock(held, LOCK_EX) == 0);
	/* a folder and a link named like ours, old, are not files of ours */
	char folder[400], link[400];
	snprintf(folder, sizeof folder, "%s/memory/x.mem.tmp.HHHHHH", dir);
	snprintf(link, sizeof link, "%s/memory/y.mem.tmp.IIIIII", dir);
	CHECK(mkdir(folder, 0777) == 0);
	CHECK(symlink(kept[2], link) == 0);
	gl_err err = {0};
	CHECK(gl_write_atomic(path, "m\n", 2, &err) == 0);
	for (int i = 0; gone[i]; i++) {
		snprintf(p, sizeof p, "%s/memory/%s", dir, gone[i]);
		CHECK_MSG(access(p, F_OK) != 0, "%s: a stale temporary file kept", gone[i]);
	}
	for (int i = 0; kept[i]; i++) {
		snprintf(p, sizeof p, "%s/memory/%s", dir, kept[i]);
		CHECK_MSG(access(p, F_OK) == 0, "%s: removed", kept[i]);
		unlink(p);
	}
	struct stat st;
	CHECK(lstat(folder, &st) == 0 && S_ISDIR(st.st_mode));
	CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
	close(held);
	rmdir(folder);
	unlink(link);
	unlink(path);
	CHECK(rmdir(sub) == 0);
	snprintf(sub, sizeof sub, "%s/memory", dir);
	CHECK(rmdir(sub) == 0);
}

/* The save lock: taken once per process, refused to another process with
 * its pid, refused where the folder cannot be written. */
static void test_lock(const char *dir)
{
	char path[256];
	snprintf(path, sizeof path, "%s/locked.txt", dir);
	gl_lock a = {0}, b = {0}, z = {0};
	gl_err err = {0};
	gl_lock_drop(&z); /* a zeroed lock holds nothing */
	CHECK(gl_lock_take(&a, path, &err) == 0 && a.fd >= 0);
	CHECK(gl_lock_take(&b, path, &err) == 0 && b.fd < 0); /* ours already */
	gl_lock_drop(&b);
	pid_t child = fork();
	if (child == 0) { /* another process: must be refused */
		gl_lock c = {0};
		gl_err e = {0};
		int rc = gl_lock_take(&c, path, &e);
		char want[64];
		snprintf(want, sizeof want, "(pid %ld holds", (long)getppid());
		_exit(rc == GL_EIO && strstr(e.msg, "being saved by another process") &&
			strstr(e.msg, want) ? 0 : 1);
	}
	int status = -1;
	CHECK(child > 0 && waitpid(child, &status, 0) == child);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	gl_lock_drop(&a);
	char lockfile[300];
	snprintf(lockfile, sizeof lockfile, "%s.lock", path);
	CHECK(access(lockfile, F_OK) != 0); /* removed when dropped */
	CHECK(gl_lock_take(&a, path, &err) == 0 && a.fd >= 0); /* free again */
	gl_lock_drop(&a);
	CHECK(gl_lock_take(&a, "/nonexistent-dir/x.txt", &err) == GL_EIO &&
		strstr(err.msg, "cannot write '/nonexistent-dir/x.txt'"));
}

/* A lock file that cannot be written says why (a full disk: "No space
 * left on device"): shown with a file size limit of 0 bytes, which
 * fails the write with EFBIG, in a child so that the limit stays there;
 * the lock file is not left behind. */
static void test_lock_full(const char *dir)
{
	char path[256], lockfile[300];
	snprintf(path, sizeof path, "%s/full.txt", dir);
	snprintf(lockfile, sizeof lockfile, "%s.lock", path);
	pid_t child = fork();
	if (child == 0) {
		struct rlimit none = {0, 0};
		signal(SIGXFSZ, SIG_IGN);
		if (setrlimit(RLIMIT_FSIZE, &none))
			_exit(2);
		gl_lock lk = {0};
		gl_err e = {0};
		int rc = gl_lock_take(&lk, path, &e);
		char want[300];
		snprintf(want, sizeof want, "cannot write '%s.lock': %s", path,
			strerror(EFBIG));
		_exit(rc == GL_EIO && lk.fd < 0 && strstr(e.msg, want) ? 0 : 1);
	}
	int status = -1;
	CHECK(child > 0 && waitpid(child, &status, 0) == child);
	CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		"the lock file's error lacks the reason (child status %d)", status);
	CHECK(access(lockfile, F_OK) != 0);
}

/* gl_hash_fnv1a against the FNV reference values (Fowler, Noll and Vo's
 * test suite): a name written with it must not change. */
static void test_fnv1a(void)
{
	CHECK(gl_hash_fnv1a("", 0) == 0xcbf29ce484222325ULL);
	CHECK(gl_hash_fnv1a("a", 1) == 0xaf63dc4c8601ec8cULL);
	CHECK(gl_hash_fnv1a("foobar", 6) == 0x85944171f73967e8ULL);
}

int main(void)
{
	test_fnv1a();
	test_json();
	char dir[] = "/tmp/gl_fileio_XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	char path[256];
	snprintf(path, sizeof path, "%s/knowledge.txt", dir);
	gl_err err = {0};

	CHECK(gl_write_atomic(path, "first\n", 6, &err) == 0);
	CHECK(gl_write_atomic(path, "second version\n", 15, &err) == 0);
	char *text = NULL;
	size_t len = 0;
	CHECK(gl_read_file(path, 1000, &text, &len, &err) == 0);
	CHECK(len == 15 && strcmp(text, "second version\n") == 0);
	gl_free(text);
	CHECK(count_files(dir, "knowledge.txt.tmp") == 0); /* no temp left */
	/* the cap is enforced */
	CHECK(gl_read_file(path, 10, &text, &len, &err) == GL_ERANGE && strstr(err.msg, "larger"));
	/* a missing file and an unwritable folder are clear errors */
	char missing[300];
	snprintf(missing, sizeof missing, "%s/none.txt", dir);
	CHECK(gl_read_file(missing, 100, &text, NULL, &err) == GL_EIO && strstr(err.msg, "none.txt"));
	CHECK(gl_write_atomic("/nonexistent-dir/x.txt", "a", 1, &err) == GL_EIO &&
	      strstr(err.msg, "/nonexistent-dir/x.txt"));
	/* a failed write leaves the old file as it was */
	CHECK(gl_read_file(path, 1000, &text, &len, &err) == 0 && len == 15);
	gl_free(text);
	/* a text file's NUL byte is an error naming its line */
	CHECK(gl_write_atomic(path, "a\nb\0c\n", 6, &err) == 0);
	CHECK(gl_read_text(path, 100, &text, &err) == GL_EPARSE && !text &&
	      strstr(err.msg, "knowledge.txt:2: a NUL byte"));
	CHECK(gl_write_atomic(path, "second version\n", 15, &err) == 0);
	CHECK(gl_read_text(path, 100, &text, &err) == 0 && !strcmp(text, "second version\n"));
	gl_free(text);
	/* a file replaced keeps its mode (it was set to 0644); a folder is
	 * neither read nor replaced, and says so */
	struct stat st;
	CHECK(chmod(path, 0600) == 0);
	CHECK(gl_write_atomic(path, "second version\n", 15, &err) == 0);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK(chmod(path, 0644) == 0);
	CHECK(gl_write_atomic(dir, "a", 1, &err) == GL_EIO && strstr(err.msg, "it is a folder"));
	CHECK(gl_read_file(dir, 100, &text, NULL, &err) == GL_EIO && strstr(err.msg, "it is a folder"));
	/* through a symbolic link its file is replaced, the link kept; a pipe
	 * is refused (a rename would put a file in its place) */
	char link[300], fifo[300];
	snprintf(link, sizeof link, "%s/link.txt", dir);
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	CHECK(symlink("knowledge.txt", link) == 0);
	CHECK(gl_write_atomic(link, "via link\n", 9, &err) == 0);
	CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(gl_read_file(path, 100, &text, NULL, &err) == 0 && !strcmp(text, "via link\n"));
	gl_free(text);
	CHECK(mkfifo(fifo, 0644) == 0);
	CHECK(gl_write_atomic(fifo, "x", 1, &err) == GL_EIO && strstr(err.msg, "not a regular file"));
	CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
	remove(link);
	remove(fifo);
	/* a read-only file is not replaced (root may write anything: unseen) */
	if (geteuid() != 0) {
		CHECK(chmod(path, 0444) == 0);
		CHECK(gl_write_atomic(path, "x", 1, &err) == GL_EIO && strstr(err.msg, "Permission"));
		CHECK(chmod(path, 0644) == 0);
	}

	/* text buffer: grows past its first size; write goes through atomically */
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	for (int i = 0; i < 1000; i++)
		gl_strbuf_printf(&sb, "line %d\n", i);
	CHECK(sb.len > 5000 && !sb.oom && strstr(sb.buf, "line 999\n"));
	CHECK(gl_strbuf_write(&sb, path, &err) == 0);
	CHECK(gl_read_file(path, 1 << 20, &text, &len, &err) == 0 && len == sb.len);
	/* lines come back numbered */
	gl_lines it;
	gl_lines_init(&it, text);
	char *line;
	int n = 0;
	while ((line = gl_lines_next(&it)))
		n++;
	CHECK(n == 1000 && it.lineno == 1000);
	gl_free(text);
	gl_strbuf_done(&sb);
	/* an allocation failure is remembered and reported, not a crash */
	gl_strbuf_init(&sb);
	gl_alloc_fail_after(0);
	gl_strbuf_printf(&sb, "x");
	gl_alloc_fail_after(-1);
	gl_strbuf_printf(&sb, "y");
	CHECK(sb.oom && gl_strbuf_write(&sb, path, &err) == GL_ENOMEM);
	gl_strbuf_done(&sb);
	char crlf[] = "a\r\nb\n\nc";
	gl_lines_init(&it, crlf);
	CHECK(strcmp(gl_lines_next(&it), "a") == 0 && strcmp(gl_lines_next(&it), "b") == 0);
	CHECK(strcmp(gl_lines_next(&it), "") == 0 && strcmp(gl_lines_next(&it), "c") == 0);
	CHECK(gl_lines_next(&it) == NULL && it.lineno == 4);

	unlink(path);
	test_stale(dir);
	test_lock(dir);
	test_lock_full(dir);
	CHECK(rmdir(dir) == 0); /* nothing left behind */
	return test_report();
}
