/*
 * web_util.c - what the parts of `gamelearn web` (cmd_web.c, web_api.c,
 * web_exp.c) share below them: an error reply that names no path of the
 * server's, and the files under --data (a relative path checked, the
 * listings). Its own file so that no two of those files call each other
 * in a circle.
 */
#define _DEFAULT_SOURCE
#include "cli.h"
#include "web.h"

#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
	LIST_DEPTH = 4,  /* folders deep that listings look */
	LIST_MAX = 2000  /* files a listing gives at most */
};

/* The --data folder, set once as the server starts (web_util_init). */
static struct {
	const char *data;
} util;

void web_util_init(const char *data)
{
	util.data = data;
}

/* --- replies ---------------------------------------------------------------- */

void web_scrub(char *msg, size_t n)
{
	const char *d = util.data;
	size_t dl = d ? strlen(d) : 0;
	if (dl < 2 || !strstr(msg, d))
		return; /* none, or --data / (whose path is every path's start) */
	char out[1024];
	size_t k = 0;
	for (const char *c = msg; *c && k + 1 < sizeof out;) {
		if (!strncmp(c, d, dl)) {
			bool sub = c[dl] == '/';
			k += (size_t)snprintf(out + k, sizeof out - k, "%s",
				sub ? "" : "the data folder");
			if (k >= sizeof out)
				k = sizeof out - 1;
			c += dl + sub;
		} else {
			out[k++] = *c++;
		}
	}
	out[k] = '\0';
	snprintf(msg, n, "%s", out);
}

void web_error(web_reply *r, unsigned status, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	web_scrub(msg, sizeof msg);
	for (char *c = msg; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' '; /* one line */
		else if ((unsigned char)*c >= 0x80)
			*c = '?'; /* valid UTF-8 whatever the request held or
				     the truncation cut */
	if (r->body)
		json_decref(r->body);
	r->status = status;
	r->body = json_pack("{s:s}", "error", msg);
}


/* --- files under --data ------------------------------------------------------ */

int web_safe_rel(const char *rel)
{
	if (!rel[0] || rel[0] == '/' || strlen(rel) >= PATH_MAX / 2)
		return 0;
	for (const char *c = rel; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == '\\' || *c == 0x7f)
			return 0;
	for (const char *seg = rel; seg;) {
		const char *end = strchr(seg, '/');
		size_t n = end ? (size_t)(end - seg) : strlen(seg);
		if (n == 0 || (n == 1 && seg[0] == '.') ||
		    (n == 2 && seg[0] == '.' && seg[1] == '.'))
			return 0;
		seg = end ? end + 1 : NULL;
	}
	return 1;
}

bool web_has_ext(const char *name, const char *const *exts)
{
	size_t n = strlen(name);
	for (; *exts; exts++) {
		size_t e = strlen(*exts);
		if (n > e && !strcmp(name + n - e, *exts))
			return true;
	}
	return false;
}

/* Walk dir (rel: its path under the data folder, "" at the top). */
static void list_dir(const char *data, const char *rel, int depth,
	const char *const *exts, json_t *arr)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s%s%s", data, rel[0] ? "/" : "", rel);
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)) && json_array_size(arr) < LIST_MAX) {
		if (e->d_name[0] == '.')
			continue; /* ., .., hidden files and temporaries */
		char sub[PATH_MAX], full[PATH_MAX + 2];
		snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", e->d_name);
		snprintf(full, sizeof full, "%s/%s", data, sub);
		struct stat st;
		if (lstat(full, &st))
			continue; /* symbolic links are not followed */
		if (S_ISDIR(st.st_mode) && depth > 0)
			list_dir(data, sub, depth - 1, exts, arr);
		else if (S_ISREG(st.st_mode) && web_has_ext(e->d_name, exts) &&
			 web_safe_rel(sub))
			json_array_append_new(arr, json_string(sub));
	}
	closedir(d);
}

static int cmp_json_str(const void *a, const void *b)
{
	return strcmp(json_string_value(*(json_t *const *)a),
		json_string_value(*(json_t *const *)b));
}

void web_list_files(const char *data, const char *const *exts, json_t *arr)
{
	json_t *found = json_array();
	list_dir(data, "", LIST_DEPTH, exts, found);
	size_t n = json_array_size(found);
	json_t **v = n ? gl_malloc(n * sizeof *v) : NULL;
	for (size_t i = 0; v && i < n; i++)
		v[i] = json_array_get(found, i);
	if (v)
		qsort(v, n, sizeof *v, cmp_json_str);
	for (size_t i = 0; v && i < n; i++)
		json_array_append(arr, v[i]);
	gl_free(v);
	json_decref(found);
}
