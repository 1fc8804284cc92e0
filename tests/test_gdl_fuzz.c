/*
 * test_gdl_fuzz.c - the KIF reader's regression inputs: every file kept in
 * data/gdl/crashers/ (from the fuzz target fuzz/fuzz_kif.c, and hand-made
 * malformed files) is parsed, checked and loaded without a crash, and
 * the caps (size, token length, nesting depth) give errors, not crashes.
 */
#include "test.h"

#include "gamelearn/gdl.h"

#include <dirent.h>
#include <stdlib.h>

static void run(const char *text, size_t n, const char *name)
{
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	int k = gdl_check(text, n, name, &sb);
	CHECK(k >= 0);
	gdl_game *gd = NULL;
	gl_err err = {0};
	int rc = gdl_load(&gd, text, n, name, &err);
	CHECK_MSG(rc == 0 || (err.msg[0] && !gd), "%s: rc %d", name, rc);
	/* an invalid description gives a message with its name */
	CHECK_MSG(rc == 0 || strstr(err.msg, name), "%s: %s", name, err.msg);
	gdl_free(gd);
	gl_strbuf_done(&sb);
}

int main(void)
{
	int files = 0;
	DIR *d = opendir("data/gdl/crashers");
	CHECK(d != NULL);
	for (struct dirent *de; d && (de = readdir(d));) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "README"))
			continue;
		char path[512], *text;
		size_t len;
		snprintf(path, sizeof path, "data/gdl/crashers/%s", de->d_name);
		if (gl_read_file(path, GDL_FILE_MAX, &text, &len, NULL) == 0) {
			run(text, len, path);
			gl_free(text);
			files++;
		}
	}
	if (d)
		closedir(d);
	CHECK(files >= 5);
	/* the caps */
	size_t big = 200000;
	char *s = malloc(big + 1);
	memset(s, '(', big);
	run(s, big, "deep.kif");
	memset(s, 'a', big);
	run(s, big, "token.kif");
	gl_err err = {0};
	gdl_game *gd = NULL;
	CHECK(gdl_load(&gd, s, (size_t)GDL_FILE_MAX + 1, "huge.kif", &err) == GL_ERANGE);
	CHECK(strstr(err.msg, "file too big") != NULL);
	memset(s, 'a', 300);
	s[300] = '\0';
	CHECK(gdl_load(&gd, s, 300, "t.kif", &err) == GL_ERANGE);
	CHECK(strstr(err.msg, "t.kif:1:1: symbol longer than") != NULL);
	free(s);
	/* every byte value once */
	char all[256];
	for (int i = 0; i < 256; i++)
		all[i] = (char)i;
	run(all, sizeof all, "bytes.kif");
	return test_report();
}
