#!/bin/sh
# mpi_scaling.sh BIN [RANKS...] - what docs/SCALING.md is built on: for 1
# process without MPI and each rank count given (default 1 2), the wall
# and CPU seconds (all ranks' user+system) of a GA tournament (one
# generation of `evolve checkers`, population 16, depth 6: 30 games) and of
# a `repro banerjee-stone` (4 runs of 20,000 matches in each of its 29
# settings: 2,320,000 matches), as matches per wall second and per CPU
# second; then the cost of a piece of work on 2 ranks, from 7,361 small
# pieces (checkers perft(10) split 5 plies deep: about 2,500 nodes, some
# 10 us, each): rank 1's messages, bytes and time waiting for rank 0's
# replies, per piece.
set -eu
BIN=$1
shift
[ $# -gt 0 ] || set -- 1 2
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure LABEL MATCHES CMD... : one line of wall, CPU and rates
measure() {
	label=$1 matches=$2
	shift 2
	/usr/bin/time -f "%e %U %S" -o "$tmp/t" "$@" >"$tmp/out" 2>"$tmp/err" ||
		{ cat "$tmp/err" >&2; exit 1; }
	read -r wall user sys <"$tmp/t"
	awk -v l="$label" -v m="$matches" -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {
		c = u + s; printf "%-44s %8.2f s wall %8.2f s CPU %9.1f matches/s %9.1f matches/CPU-s\n",
			l, w, c, m / w, m / c }'
}

EV="evolve checkers --pop 16 --depth 6 --gens 1 --threads 1"
BS="repro banerjee-stone --runs 4 --matches 20000 --source-short 20000 --threads 1"
BSM=$((4 * 29 * 20000))
rm -rf "$tmp/ev"
measure "tournament, 1 process (no MPI)" 30 "$BIN" $EV --out "$tmp/ev"
for n in "$@"; do
	rm -rf "$tmp/ev"
	measure "tournament, $n rank(s) x 1 thread" 30 \
		mpirun --oversubscribe --allow-run-as-root -np "$n" "$BIN" $EV --out "$tmp/ev"
done
measure "banerjee-stone, 1 process (no MPI)" $BSM "$BIN" $BS --out "$tmp/bs"
for n in "$@"; do
	measure "banerjee-stone, $n rank(s) x 1 thread" $BSM \
		mpirun --oversubscribe --allow-run-as-root -np "$n" "$BIN" $BS --out "$tmp/bs"
done
# the cost of a piece: small pieces, rank 1 asking rank 0 for each
/usr/bin/time -f "%e" -o "$tmp/t" env GAMELEARN_MPI_STATS=1 mpirun --oversubscribe \
	--allow-run-as-root -np 2 "$BIN" perft checkers 10 --split 5 --threads 1 >"$tmp/out" 2>"$tmp/err"
grep "mpi: rank 1," "$tmp/err" | sed 's/.*mpi: rank 1, //' | awk -v w="$(cat "$tmp/t")" '{
	pieces = $1; msgs = $4; bytes = $6; wait = $9
	printf "small pieces on 2 ranks: rank 1 ran %d, with %.2f messages, %.1f bytes sent and %.0f us waiting for a reply a piece (%.2f s wall in all)\n",
		pieces, msgs / pieces, bytes / pieces, wait / pieces * 1e6, w }'
