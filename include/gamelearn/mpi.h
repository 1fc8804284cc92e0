/*
 * mpi.h - the runner of pieces of work (work.h) over the ranks of an MPI
 * job: in libgamelearn_mpi, which is built only where MPI is found and
 * links MPI; libgamelearn itself needs no MPI. This header does not
 * include mpi.h: a program includes it whether or not it links the MPI
 * runner.
 *
 * Every rank builds the same work, so every rank reaches every batch in
 * the same order. For a batch whose results can travel (get and put),
 * rank 0 deals: its calling thread answers requests while its pool's
 * threads compute; each other rank's threads ask rank 0 for a piece at a
 * time (one message carrying the finished piece's result and the
 * request, one reply with the next index or -1), so fast and slow ranks
 * mix. When all are in, rank 0 broadcasts every result and every rank
 * puts them in place, unless the batch only gathers (rank 0 alone reads
 * them). A batch whose results cannot travel runs whole on every rank.
 *
 * An error on one rank (a malformed message, out of memory, the pool
 * stopped) returns from that rank's run; the others may be waiting for
 * it, so the caller ends the job (MPI_Abort) on any error.
 */
#ifndef GAMELEARN_MPI_H
#define GAMELEARN_MPI_H

#include "gamelearn/run.h"

#include <stdbool.h>

/* What a rank's runner did: rank 0 counts messages and bytes received,
 * pieces dealt to other ranks and seconds dealing; another rank,
 * messages and bytes sent, pieces received and seconds waiting. */
typedef struct gl_mpi_stats {
	double messages, bytes, pieces, seconds;
} gl_mpi_stats;

typedef struct gl_mpi {
	gl_pool *pool;        /* this rank's threads, counter and stop */
	int rank, size;       /* in MPI_COMM_WORLD */
	bool serialized;      /* MPI allows calls from any thread, one at a
				 time: another rank's threads may all ask */
	gl_mpi_stats *stats;  /* counted into, or NULL */
	gl_runner runner;     /* pass &mpi.runner to the library */
} gl_mpi;

/* Set m up to deal pool's batches over the ranks of MPI_COMM_WORLD
 * (the caller has initialised MPI; stats may be NULL). With one rank,
 * m->runner is the pool's. Nothing to free. In libgamelearn_mpi. */
void gl_mpi_init(gl_mpi *m, gl_pool *pool, gl_mpi_stats *stats);
/* Every rank takes rank 0's n and v[0..n-1] (room for rank 0's n); ctx
 * is a gl_mpi (gl_keep_config's agree). In libgamelearn_mpi. */
void gl_mpi_agree(void *ctx, int *v, int *n);

#endif
