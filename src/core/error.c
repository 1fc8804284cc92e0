/*
 * error.c - one-line error messages for the library's callers, and the
 * bounded text appending they are built with.
 */
#include "gamelearn/core.h"

#include <stdarg.h>
#include <stdio.h>

int gl_fail(gl_err *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof err->msg, fmt, ap);
		va_end(ap);
		err->code = code;
	}
	return code;
}

size_t gl_appendf(char *buf, size_t n, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(len < n ? buf + len : NULL, len < n ? n - len : 0, fmt, ap);
	va_end(ap);
	return len + (k > 0 ? (size_t)k : 0);
}

void gl_err_clear(gl_err *err)
{
	if (err) {
		err->code = 0;
		err->msg[0] = '\0';
	}
}
