/*
 * work.c - running pieces of work (work.h) when no runner is given.
 */
#include "gamelearn/work.h"

int gl_run_pieces(const gl_runner *r, const gl_pieces *p, gl_err *err)
{
	if (r && r->run)
		return r->run(r->ctx, p, err);
	for (int i = 0; i < p->n; i++)
		p->job(p->arg, i, 0);
	return 0;
}
