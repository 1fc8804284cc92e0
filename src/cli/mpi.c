/*
 * mpi.c - gamelearn across the ranks of an MPI job (Open MPI; mpirun or
 * srun start them), and the one file that includes mpi.h. Without MPI
 * at build time, or when not started by mpirun/srun, everything here
 * says "one process" and the thread pool runs the work as ever.
 *
 * Every rank parses the same command line and builds the same
 * experiment, so every rank reaches every batch of pieces (work.h) in the
 * same order. For a batch whose results can travel (get and put), rank 0
 * deals: its main thread answers requests while its --threads threads
 * compute; each other rank's threads ask rank 0 for a piece at a time
 * (one message carrying the finished piece's result and the request, one
 * reply with the next index or -1), so fast and slow ranks mix. When all
 * are in, rank 0 broadcasts every result and every rank puts them in
 * place: the ranks go on identically (evolve's next generation); unless
 * the batch only gathers (match, perft: rank 0 alone reports them). Only
 * rank 0 prints (the others' stdout is /dev/null) and writes files. A
 * batch whose results cannot travel runs whole on every rank.
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
#include <time.h>

enum { TAG_REQ = 1, TAG_REPLY = 2, TAG_DONE = 3, HEADER = 8 };

static struct {
	bool on;            /* MPI_Init_thread was called */
	int rank, size;
	int thread_level;   /* what MPI provides */
	bool stats;         /* GAMELEARN_MPI_STATS set: rank 0 counts */
	bool compared;      /* the parsed options were compared (cli_mpi_same) */
	/* rank 0: messages and bytes received, pieces dealt to other ranks,
	 * seconds dealing; another rank: messages and bytes sent, pieces
	 * received, seconds waiting for replies */
	double messages, bytes, pieces, seconds;
} mpi;

static void finish(void)
{
	int done = 0;
	if (!mpi.on)
		return;
	if (mpi.stats && mpi.rank == 0)
		fprintf(stderr, "gamelearn: mpi: %d ranks, %.0f pieces dealt, "
			"%.0f messages, %.0f bytes in, %.3f s dealing\n", mpi.size,
			mpi.pieces, mpi.messages, mpi.bytes, mpi.seconds);
	else if (mpi.stats)
		fprintf(stderr, "gamelearn: mpi: rank %d, %.0f pieces run, %.0f "
			"messages, %.0f bytes out, %.6f s waiting\n", mpi.rank,
			mpi.pieces, mpi.messages, mpi.bytes, mpi.seconds);
	MPI_Finalized(&done);
	if (!done)
		MPI_Finalize();
}

static void same_command(int argc, char **argv);

void cli_mpi_init(int *argc, char ***argv)
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
		cli_die(EXIT_RUN, "rank %d: cannot silence stdout", mpi.rank);
	same_command(*argc, *argv);
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

/* A buffer that grows, or dies. */
typedef struct grow {
	char *b;
	size_t cap;
} grow;

static char *grow_to(grow *g, size_t n)
{
	if (n > g->cap) {
		char *b = realloc(g->b, n);
		if (!b)
			cli_die(EXIT_RUN, "rank %d: out of memory for a message of "
				"%zu bytes", mpi.rank, n);
		g->b = b;
		g->cap = n;
	}
	return g->b;
}

static void sleep_us(long us)
{
	struct timespec ts = {0, us * 1000};
	nanosleep(&ts, NULL);
}

/* --- Every rank the same settings ------------------------------------------ */

/* A rank's settings are a list of items, each ending in '\0': item 0 the
 * command ("repro martens"); with the parsed options (spec non-NULL)
 * item 1 "--help" or "", then one item per declared option, then one per
 * positional argument. */

/* Append the item s to g, whose first *len bytes are taken. */
static void put_item(grow *g, size_t *len, const char *s)
{
	size_t n = strlen(s) + 1;
	memcpy(grow_to(g, *len + n) + *len, s, n);
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
		cli_die(EXIT_RUN, "rank 0's command line of %llu bytes is too long "
			"to compare", (unsigned long long)n);
	grow zero = {0};
	char *z = grow_to(&zero, n + 1);
	if (mpi.rank == 0)
		memcpy(z, mine, len);
	MPI_Bcast(z, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
	int differs = n == len && !memcmp(z, mine, len) ? mpi.size : mpi.rank;
	int lowest;
	MPI_Allreduce(&differs, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (lowest == mpi.size) {
		free(zero.b);
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
	free(zero.b);
	exit(EXIT_RUN);
}

/* The command's words: its name, and its subcommand's (repro NAME, ggp
 * serve, gdl check), compared when MPI starts, so that every rank goes on
 * to the same command's options (cli_mpi_same), or none does. */
static void same_command(int argc, char **argv)
{
	if (mpi.size < 2)
		return;
	char words[512] = "";
	if (argc > 1) {
		bool subs = false;
		for (const cli_command *c = cli_commands; c->name; c++)
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
	grow g = {0};
	size_t len = 0;
	put_item(&g, &len, a->spec->name);
	put_item(&g, &len, help ? "--help" : "");
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
			cli_die(EXIT_RUN, "rank %d: out of memory comparing options",
				mpi.rank);
		put_item(&g, &len, sb.buf ? sb.buf : "");
		gl_strbuf_done(&sb);
	}
	for (int i = 0; i < a->npos; i++)
		put_item(&g, &len, a->pos[i]);
	agree(g.b, len, a->spec);
	free(g.b);
}

/* --- Rank 0: computing and dealing ----------------------------------------------- */

static int local_next(void *ctx, int worker, int finished)
{
	(void)worker;
	return cli_deal_take(ctx, finished);
}

static void deal(cli_pool *pool, const gl_pieces *p)
{
	cli_deal d;
	cli_crew c;
	grow in = {0};
	double t0 = gl_now();
	cli_deal_init(&d, pool, p->n);
	if (cli_crew_start(&c, pool->threads, 0, p, local_next, &d) == 0)
		cli_die(EXIT_RUN, "rank 0: cannot start a thread");
	int ranks_done = 0;
	long idle = 20; /* microseconds between polls, doubling to 250 */
	while (ranks_done < mpi.size - 1 || !cli_deal_finished(&d)) {
		int flag = 0, count = 0;
		MPI_Status st;
		MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
		if (!flag) {
			sleep_us(idle);
			idle = idle < 250 ? idle * 2 : 250;
			continue;
		}
		idle = 20;
		MPI_Get_count(&st, MPI_BYTE, &count);
		char *b = grow_to(&in, (size_t)count + 1);
		MPI_Recv(b, count, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		mpi.messages += 1;
		mpi.bytes += count;
		if (st.MPI_TAG == TAG_DONE) {
			ranks_done++;
			continue;
		}
		int32_t finished;
		if (st.MPI_TAG != TAG_REQ || count < HEADER)
			cli_die(EXIT_RUN, "rank 0: a message of %d bytes with tag %d "
				"from rank %d", count, st.MPI_TAG, st.MPI_SOURCE);
		memcpy(&finished, b, sizeof finished);
		if (finished >= p->n)
			cli_die(EXIT_RUN, "rank 0: rank %d finished piece %d of %d",
				st.MPI_SOURCE, (int)finished, p->n);
		if (finished >= 0) {
			gl_err err = {0};
			if (p->put(p->arg, finished, b + HEADER, (size_t)count - HEADER,
					&err))
				cli_die(EXIT_RUN, "rank 0: piece %d from rank %d: %s",
					(int)finished, st.MPI_SOURCE, err.msg);
		}
		int32_t next = cli_deal_take(&d, finished);
		if (next >= 0)
			mpi.pieces += 1;
		MPI_Send(&next, 1, MPI_INT32_T, st.MPI_SOURCE, TAG_REPLY,
			MPI_COMM_WORLD);
		mpi.messages += 1;
	}
	cli_crew_join(&c);
	cli_deal_done(&d);
	free(in.b);
	mpi.seconds += gl_now() - t0;
}

/* --- Other ranks: asking for pieces ---------------------------------------------- */

typedef struct served {
	const gl_pieces *p;
	pthread_mutex_t lock;       /* one request and reply at a time */
	grow out[CLI_THREADS_MAX];  /* each worker's message */
} served;

static int remote_next(void *ctx, int worker, int finished)
{
	served *s = ctx;
	const void *bytes = NULL;
	size_t size = finished >= 0 ? s->p->get(s->p->arg, finished, &bytes) : 0;
	if (size > (size_t)INT32_MAX - HEADER)
		cli_die(EXIT_RUN, "rank %d: piece %d's result of %zu bytes is too "
			"big to send", mpi.rank, finished, size);
	char *b = grow_to(&s->out[worker], HEADER + size);
	int32_t head[2] = {finished, worker};
	memcpy(b, head, sizeof head);
	if (size)
		memcpy(b + HEADER, bytes, size);
	int32_t next = -1;
	pthread_mutex_lock(&s->lock);
	double t0 = mpi.stats ? gl_now() : 0;
	MPI_Send(b, (int)(HEADER + size), MPI_BYTE, 0, TAG_REQ, MPI_COMM_WORLD);
	MPI_Recv(&next, 1, MPI_INT32_T, 0, TAG_REPLY, MPI_COMM_WORLD,
		MPI_STATUS_IGNORE);
	if (mpi.stats) {
		mpi.seconds += gl_now() - t0;
		mpi.messages += 1;
		mpi.bytes += (double)(HEADER + size);
		mpi.pieces += next >= 0;
	}
	pthread_mutex_unlock(&s->lock);
	return next;
}

static void serve(cli_pool *pool, const gl_pieces *p)
{
	served s = {.p = p};
	cli_crew c;
	pthread_mutex_init(&s.lock, NULL);
	/* threads that call MPI need SERIALIZED at least */
	int threads = mpi.thread_level >= MPI_THREAD_SERIALIZED ?
		pool->threads : 1;
	cli_crew_start(&c, threads, 1, p, remote_next, &s);
	cli_crew_work(&c, 0);
	cli_crew_join(&c);
	pthread_mutex_destroy(&s.lock);
	for (int t = 0; t < CLI_THREADS_MAX; t++)
		free(s.out[t].b);
	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
}

/* --- Everyone: every result everywhere ------------------------------------------ */

static void share(const gl_pieces *p)
{
	uint64_t *sizes = calloc((size_t)p->n, sizeof *sizes);
	if (!sizes)
		cli_die(EXIT_RUN, "rank %d: out of memory for %d results",
			mpi.rank, p->n);
	uint64_t total = 0;
	if (mpi.rank == 0)
		for (int i = 0; i < p->n; i++) {
			const void *bytes;
			sizes[i] = p->get(p->arg, i, &bytes);
		}
	MPI_Bcast(sizes, p->n, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	for (int i = 0; i < p->n; i++)
		total += sizes[i];
	grow all = {0};
	char *b = grow_to(&all, total + 1);
	if (mpi.rank == 0)
		{
		uint64_t at = 0;
		for (int i = 0; i < p->n; at += sizes[i], i++) {
			const void *bytes;
			p->get(p->arg, i, &bytes);
			memcpy(b + at, bytes, sizes[i]);
		}
	}
	for (uint64_t at = 0; at < total; at += 1 << 30) {
		uint64_t k = total - at < (1u << 30) ? total - at : 1u << 30;
		MPI_Bcast(b + at, (int)k, MPI_BYTE, 0, MPI_COMM_WORLD);
	}
	if (mpi.rank > 0) {
		uint64_t at = 0;
		for (int i = 0; i < p->n; at += sizes[i], i++) {
			gl_err err = {0};
			if (p->put(p->arg, i, b + at, sizes[i], &err))
				cli_die(EXIT_RUN, "rank %d: piece %d: %s", mpi.rank, i,
					err.msg);
		}
	}
	free(all.b);
	free(sizes);
}

static int mpi_run(void *ctx, const gl_pieces *p, gl_err *err)
{
	(void)err;
	if (!p->get || !p->put || p->n <= 0)
		return cli_pool_local(ctx, p);
	if (mpi.rank == 0)
		deal(ctx, p);
	else
		serve(ctx, p);
	if (!p->gather)
		share(p);
	return 0;
}

void cli_mpi_agree(int *v, int *n)
{
	if (!mpi.on || mpi.size < 2)
		return;
	MPI_Bcast(n, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Bcast(v, *n, MPI_INT, 0, MPI_COMM_WORLD);
}

void cli_mpi_runner(cli_pool *pool)
{
	if (mpi.on && mpi.size > 1)
		pool->runner = (gl_runner){pool->threads, mpi_run, pool};
}

#else /* no MPI at build time */

void cli_mpi_init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
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

void cli_mpi_agree(int *v, int *n)
{
	(void)v;
	(void)n;
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
