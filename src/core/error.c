/*
 * error.c - one-line error messages for the library's callers.
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

void gl_err_clear(gl_err *err)
{
	if (err) {
		err->code = 0;
		err->msg[0] = '\0';
	}
}
