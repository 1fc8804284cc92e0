/*
 * mpi.c - the tool across the ranks of an MPI job (Open MPI; mpirun or
 * srun start them): MPI started and ended, every rank's command and
 * options checked to be rank 0's, the job stopped on an error, and the
 * library's MPI runner (include/gamelearn/mpi.h, libgamelearn_mpi) put
 * under the pool. Without MPI at build time, or when not started by
 * mpirun/srun, everything here says "one process" and the thread pool
 * runs the work as ever.
 *
 * Every rank parses the same command line and builds the same
 * experiment, so every rank reaches every batch of pieces (work.h) in the
 * same order; the runner deals them (mpi.h). Only rank 0 prints (the
 * others' stdout is /dev/null) and writes files.
 *
 * That every rank parses the same command line is checked, not trusted
 * (mpirun's `-np 1 A : -np 1 B` starts ranks with different ones): the
 * command's words when MPI starts, and the parsed options (cli_parse)
 * before any work. A difference stops every rank with exit 1 and one
 * line naming the first option that differs.
 *
 * A rank that dies: Open MPI's mpirun stops the job and names the rank
 * ("mpirun noticed that process rank 1 ... exited on signal 9"); a
 * gamelearn error on one rank stops all of them (MPI_Abort).
 */
#include "cli.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* How many processes the launcher says it started (Open MPI's mpirun, or
 * a PMI launcher such as srun or another MPI's mpirun), 0 if none. */
static long launched(void)
{
	const char *v = getenv("OMPI_COMM_WORLD_SIZE");
	if (!v)
		v = getenv("PMI_SIZE");
	return v ? strtol(v, NULL, 10) : 0;
}

#ifdef GL_MPI
#include <mpi.h>

static struct {
	bool on;            /* MPI_Init_thread was called */
	int rank, size;
	int thread_level;   /* what MPI provides */
	bool stats;         /* GAMELEARN_MPI_STATS set: the runners count */
	bool compared;      /* the parsed options were compared (cli_mpi_same) */
	gl_mpi_stats count; /* what the runners did, as mpi.h says */
} mpi;

/* Say "gamelearn: <message>" and stop: every rank when there are
 * several (they may be waiting in a collective call for this one). Here
 * rather than cli_die, which calls this file to stop the ranks. */
static _Noreturn void mpi_die(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
static _Noreturn void mpi_die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("gamelearn: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputs(mpi.size > 1 ? " (stopping every rank)\n" : "\n", stderr);
	va_end(ap);
	if (mpi.on && mpi.size > 1)
		MPI_Abort(MPI_COMM_WORLD, EXIT_RUN);
	exit(EXIT_RUN);
}

static void finish(void)
{
	int done = 0;
	if (!mpi.on)
		return;
	if (mpi.stats && mpi.rank == 0)
		fprintf(stderr, "gamelearn: mpi: %d ranks, %.0f pieces dealt, "
			"%.0f messages, %.0f bytes in, %.3f s dealing\n", mpi.size,
			mpi.count.pieces, mpi.count.messages, mpi.count.bytes,
			mpi.count.seconds);
	else if (mpi.stats)
		fprintf(stderr, "gamelearn: mpi: rank %d, %.0f pieces run, %.0f "
			"messages, %.0f bytes out, %.6f s waiting\n", mpi.rank,
			mpi.count.pieces, mpi.count.messages, mpi.count.bytes,
			mpi.count.seconds);
	MPI_Finalized(&done);
	if (!done)
		MPI_Finalize();
}

static void same_command(int argc, char **argv, const cli_command *commands);

void cli_mpi_init(int *argc, char ***argv, const cli_command *commands)
{
	/* mpirun (Open MPI) or srun (PMI/PMIx) started us */
	if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMIX_RANK") &&
	    !getenv("PMI_RANK") && !getenv("PMI_SIZE"))
		return;
	if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED,
			&mpi.thread_level) != MPI_SUCCESS) {
		fprintf(stderr, "gamelearn: MPI_Init_thread failed\n");
		exit(EXIT_RUN);
	}
	mpi.on = true;
	MPI_Comm_rank(MPI_COMM_WORLD, &mpi.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &mpi.size);
	/* another MPI's launcher: every process alone, each rank 0 */
	if (launched() > 1 && mpi.size == 1) {
		fprintf(stderr, "gamelearn: started as one of %ld processes, but MPI "
			"sees one: was mpirun another MPI's than the Open MPI gamelearn "
			"was built with?\n", launched());
		exit(EXIT_RUN);
	}
	mpi.stats = getenv("GAMELEARN_MPI_STATS") != NULL;
	atexit(finish);
	if (mpi.rank > 0 && !freopen("/dev/null", "w", stdout))
		mpi_die("rank %d: cannot silence stdout", mpi.rank);
	same_command(*argc, *argv, commands);
}

int cli_mpi_rank(void)
{
	return mpi.rank;
}

int cli_mpi_size(void)
{
	return mpi.on ? mpi.size : 1;
}

void cli_mpi_abort(int code)
{
	if (mpi.on && mpi.size > 1)
		MPI_Abort(MPI_COMM_WORLD, code);
}

void cli_mpi_describe(char *buf, size_t n)
{
#ifdef OMPI_MAJOR_VERSION
	snprintf(buf, n, "MPI: yes (Open MPI %d.%d.%d)", OMPI_MAJOR_VERSION,
		OMPI_MINOR_VERSION, OMPI_RELEASE_VERSION);
#else
	snprintf(buf, n, "MPI: yes (MPI %d.%d)", MPI_VERSION, MPI_SUBVERSION);
#endif
}

/* n bytes from malloc, or die. */
static char *bytes_or_die(size_t n)
{
	char *b = malloc(n ? n : 1);
	if (!b)
		mpi_die("rank %d: out of memory for a message of %zu bytes",
			mpi.rank, n);
	return b;
}

/* --- Every rank the same settings ------------------------------------------ */

/* A rank's settings are a list of items, each ending in '\0': item 0 the
 * command ("repro martens"); with the parsed options (spec non-NULL)
 * item 1 "--help" or "", then one item per declared option, then one per
 * positional argument. */

/* Append the item s to the *len bytes at *b (malloc'd or NULL). */
static void put_item(char **b, size_t *len, const char *s)
{
	size_t n = strlen(s) + 1;
	char *more = realloc(*b, *len + n);
	if (!more)
		mpi_die("rank %d: out of memory comparing options", mpi.rank);
	memcpy(more + *len, s, n);
	*b = more;
	*len += n;
}

/* Item j of the len bytes at b, or NULL when there are fewer. */
static const char *item_at(const char *b, size_t len, int j)
{
	size_t at = 0;
	for (; j > 0 && at < len; j--)
		at += strlen(b + at) + 1;
	return at < len ? b + at : NULL;
}

/* What item j says on one rank, for the message: "--seed 2", "no --seed",
 * "argument 2 'nim'", "no argument 2"; into buf. */
static const char *say_item(const cli_spec *spec, int nopts, int j,
	const char *it, char *buf, size_t n)
{
	if (j >= 2 + nopts) {
		if (it)
			snprintf(buf, n, "argument %d '%s'", j - 1 - nopts, it);
		else
			snprintf(buf, n, "no argument %d", j - 1 - nopts);
	} else if (it && *it) {
		snprintf(buf, n, "%s", it);
	} else {
		const char *name = j == 1 ? "help" : spec->opts[j - 2].name;
		snprintf(buf, n, "no %s%s", name[1] ? "--" : "-", name);
	}
	return buf;
}

/* Compare every rank's items (mine, len bytes) with rank 0's. When some
 * rank's differ, the lowest such rank says which item differs first,
 * then every rank exits 1 (no MPI_Abort: nothing has started). */
static void agree(const char *mine, size_t len, const cli_spec *spec)
{
	uint64_t n = len;
	MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	if (n > INT32_MAX)
		mpi_die("rank 0's command line of %llu bytes is too long "
			"to compare", (unsigned long long)n);
	char *z = bytes_or_die(n + 1);
	if (mpi.rank == 0)
		memcpy(z, mine, len);
	MPI_Bcast(z, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
	int differs = n == len && !memcmp(z, mine, len) ? mpi.size : mpi.rank;
	int lowest;
	MPI_Allreduce(&differs, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (lowest == mpi.size) {
		free(z);
		return;
	}
	if (mpi.rank == lowest) {
		int nopts = 0, j = 0;
		while (spec && spec->opts && spec->opts[nopts].name)
			nopts++;
		const char *a, *b;
		for (;; j++) {
			a = item_at(mine, len, j);
			b = item_at(z, (size_t)n, j);
			if (!a || !b || strcmp(a, b))
				break;
		}
		char msg[1200], ours[512], theirs[512];
		if (j == 0)
			snprintf(msg, sizeof msg, "MPI rank %d runs 'gamelearn %s' but "
				"rank 0 runs 'gamelearn %s'", mpi.rank, a ? a : "", b ? b : "");
		else
			snprintf(msg, sizeof msg, "MPI rank %d has %s but rank 0 has %s",
				mpi.rank, say_item(spec, nopts, j, a, ours, sizeof ours),
				say_item(spec, nopts, j, b, theirs, sizeof theirs));
		for (char *c = msg; *c; c++) /* one line, whatever was typed */
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				*c = '?';
		fprintf(stderr, "gamelearn: %s (stopping every rank)\n", msg);
		fflush(stderr);
	}
	/* said before any rank exits: mpirun stops the others at the first
	 * exit code that is not 0 */
	MPI_Barrier(MPI_COMM_WORLD);
	free(z);
	exit(EXIT_RUN);
}

/* The command's words: its name, and its subcommand's (repro NAME, ggp
 * serve, gdl check), compared when MPI starts, so that every rank goes on
 * to the same command's options (cli_mpi_same), or none does. */
static void same_command(int argc, char **argv, const cli_command *commands)
{
	if (mpi.size < 2)
		return;
	char words[512] = "";
	if (argc > 1) {
		bool subs = false;
		for (const cli_command *c = commands; c->name; c++)
			subs |= !strcmp(c->name, argv[1]) && c->subs;
		snprintf(words, sizeof words, "%s%s%s", argv[1],
			subs && argc > 2 ? " " : "", subs && argc > 2 ? argv[2] : "");
	}
	agree(words, strlen(words) + 1, NULL);
}

void cli_mpi_same(const cli_args *a, bool help)
{
	if (!mpi.on || mpi.size < 2 || mpi.compared)
		return;
	mpi.compared = true;
	char *items = NULL;
	size_t len = 0;
	put_item(&items, &len, a->spec->name);
	put_item(&items, &len, help ? "--help" : "");
	for (int i = 0; a->spec->opts && a->spec->opts[i].name; i++) {
		const cli_opt *o = &a->spec->opts[i];
		gl_strbuf sb;
		gl_strbuf_init(&sb);
		/* --threads is each rank's own (its default, all cores, is its
		 * node's), and the results are the same on any number */
		bool own = !strcmp(o->name, "threads");
		for (int k = 0; !own && k < (o->repeat ? a->nrep : 1); k++) {
			const char *v = o->repeat ? a->rep[k] : a->val[i];
			if ((o->repeat && a->rep_opt[k] != i) || !a->seen[i])
				continue;
			/* the last value given counts; a repeated one, each in order */
			gl_strbuf_printf(&sb, "%s%s%s%s%s", sb.len ? " " : "",
				o->name[1] ? "--" : "-", o->name, o->arg ? " " : "",
				o->arg ? v : "");
		}
		if (sb.oom)
			mpi_die("rank %d: out of memory comparing options",
				mpi.rank);
		put_item(&items, &len, sb.buf ? sb.buf : "");
		gl_strbuf_done(&sb);
	}
	for (int i = 0; i < a->npos; i++)
		put_item(&items, &len, a->pos[i]);
	agree(items, len, a->spec);
	free(items);
}

/* --- The runner ----------------------------------------------------------------- */

void cli_mpi_runner(cli_pool *pool)
{
	if (!mpi.on || mpi.size < 2)
		return;
	gl_mpi_init(&pool->mpi, &pool->base, mpi.stats ? &mpi.count : NULL);
	pool->runner = pool->mpi.runner;
	pool->agree = gl_mpi_agree;
	pool->agree_ctx = &pool->mpi;
}

#else /* no MPI at build time */

void cli_mpi_init(int *argc, char ***argv, const cli_command *commands)
{
	(void)argc;
	(void)argv;
	(void)commands;
	/* several copies, each doing all the work and writing the same files */
	if (launched() > 1) {
		fprintf(stderr, "gamelearn: started as one of %ld processes by mpirun "
			"or srun, but built without MPI (install libopenmpi-dev and "
			"build again; `gamelearn --version` says MPI: no)\n", launched());
		exit(EXIT_RUN);
	}
}

int cli_mpi_rank(void)
{
	return 0;
}

int cli_mpi_size(void)
{
	return 1;
}

void cli_mpi_abort(int code)
{
	(void)code;
}

void cli_mpi_describe(char *buf, size_t n)
{
	snprintf(buf, n, "MPI: no");
}

void cli_mpi_same(const cli_args *a, bool help)
{
	(void)a;
	(void)help;
}

void cli_mpi_runner(cli_pool *pool)
{
	(void)pool;
}

#endif

bool cli_rank0(void)
{
	return cli_mpi_rank() == 0;
}
