/*
 * test_fileio.c - atomic writes replace a file whole, reads are capped,
 * the text buffer grows and reports allocation failure, lines split.
 */
#include "test.h"

#include "gamelearn/fileio.h"

#include <dirent.h>
#include <stdlib.h>
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

int main(void)
{
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
	rmdir(dir);
	return test_report();
}
