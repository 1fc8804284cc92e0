#!/bin/sh
# cli_mpi.sh BIN - work spread over MPI ranks gives what one process gives:
# `mpirun -np 3` (on loopback, oversubscribed) of a small evolve (and
# its resume), repro banerjee-stone and martens, train --runs, match -n
# and perft against the single-process run, byte for byte; the same on 1 and 2 threads without MPI; sweeps stopped midway
# (--stop-after) and resumed give the same files; ranks started with
# different settings are refused before any work, naming the first that
# differs; a rank killed midway stops the run with mpirun's message
# naming the rank. The MPI part is
# skipped (said so) when the binary was built without MPI.
. "$(dirname "$0")/lib_cli.sh"
# the runs below change folder
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac

# same_dir WHAT A B MIN: every file of folder A (its folders aside) is
# in B alike, and there are MIN at least
same_dir() {
	n=0
	for f in $(ls -p "$2" | grep -v /); do
		if ! cmp -s "$2/$f" "$3/$f"; then bad "$1: $f differs"; return; fi
		n=$((n + 1))
	done
	[ "$n" -ge "$4" ] && ok || bad "$1: $n files, want $4 at least"
}

# what does not need MPI: the thread count changes nothing
"$BIN" perft checkers 7 --divide --threads 1 --split 1 >"$tmp/p1" 2>/dev/null
"$BIN" perft checkers 7 --divide --threads 2 --split 4 >"$tmp/p2" 2>/dev/null
cmp -s "$tmp/p1" "$tmp/p2" && ok || bad "perft --divide differs on 2 threads, split 4"
[ "$(tail -n 1 "$tmp/p1")" = 179740 ] && ok || bad "perft(7) of checkers: $(tail -n 1 "$tmp/p1")"
M="match connect3 egreedy random -n 120 --swap"
"$BIN" $M --threads 1 --record "$tmp/r1" | grep -v ' matches/s$' >"$tmp/m1"
"$BIN" $M --threads 2 --record "$tmp/r2" | grep -v ' matches/s$' >"$tmp/m2"
cmp -s "$tmp/m1" "$tmp/m2" && cmp -s "$tmp/r1" "$tmp/r2" && ok ||
	bad "match on 2 threads differs"
[ "$(grep -c moves= "$tmp/r1")" -eq 120 ] && ok || bad "the record wants 120 matches"

# a sweep stopped after some of its runs and resumed: the same files
R="repro martens --seeds 2 --lauto-plays 3000 --lauto-perfect-plays 300 --max-plays 400"
"$BIN" $R --threads 1 --out "$tmp/k1" >/dev/null 2>&1
expect 1 "stopped after 7 pieces of work" $R --threads 2 --stop-after 7 --out "$tmp/k2"
[ "$(ls "$tmp/k2/pieces" | wc -l)" -ge 8 ] && ok || bad "repro martens --stop-after 7 kept $(ls "$tmp/k2/pieces" | wc -l) files"
expect 0 "written to" $R --threads 2 --resume --out "$tmp/k2"
same_dir "repro martens resumed" "$tmp/k1" "$tmp/k2" 30
expect 2 "was run with other options" $R --seeds 3 --resume --out "$tmp/k2"
expect 2 "no run to resume" $R --resume --out "$tmp/k0"

# train sweeps: runs as pieces, the same files on 1 and 2 threads; run 2
# is the single run seeded S + N; stopped after a run and resumed
T="train tictactoe td --opponent random -n 200 --runs 3"
# (what it prints less the last line, which names the folder)
"$BIN" $T --threads 1 --out "$tmp/t1" 2>&1 | sed '$d' >"$tmp/t1.out"
"$BIN" $T --threads 2 --out "$tmp/t2" 2>&1 | sed '$d' >"$tmp/t2.out"
same_dir "train --runs 3 on 2 threads" "$tmp/t1" "$tmp/t2" 5
cmp -s "$tmp/t1.out" "$tmp/t2.out" && ok || bad "train --runs 3 on 2 threads prints otherwise"
grep -q '^2,201,200,' "$tmp/t1/runs.csv" && ok || bad "runs.csv: $(cat "$tmp/t1/runs.csv")"
"$BIN" train tictactoe td --opponent random -n 200 --seed 201 --save "$tmp/t-one.td" >/dev/null
cmp -s "$tmp/t-one.td" "$tmp/t1/learned-2.txt" && ok || bad "train's run 2 is not the run seeded 201"
expect 1 "stopped after 1 pieces of work" $T --threads 1 --stop-after 1 --out "$tmp/t3"
expect 0 "written to" $T --threads 2 --resume --out "$tmp/t3"
same_dir "train --runs 3 resumed" "$tmp/t1" "$tmp/t3" 5
expect 2 "was run with other options" train tictactoe td --opponent weak -n 200 --runs 3 --resume --out "$tmp/t3"
# a saved piece cut short or overwritten is refused, naming its file,
# not put back as results (garbage of the right size was taken before)
expect 1 "stopped after 1 pieces of work" $T --threads 1 --stop-after 1 --out "$tmp/t5"
p5=$(ls "$tmp/t5/pieces" | grep -v key.txt | head -n 1)
cp "$tmp/t5/pieces/$p5" "$tmp/t5.piece"
head -c "$(wc -c <"$tmp/t5.piece")" /dev/zero >"$tmp/t5/pieces/$p5"
expect 1 "pieces/$p5: a saved piece of work: corrupt" $T --threads 1 --resume --out "$tmp/t5"
head -c 5 "$tmp/t5.piece" >"$tmp/t5/pieces/$p5"
expect 1 "pieces/$p5: a saved piece of work: corrupt" $T --threads 1 --resume --out "$tmp/t5"
cp "$tmp/t5.piece" "$tmp/t5/pieces/$p5"
expect 0 "written to" $T --threads 1 --resume --out "$tmp/t5"
same_dir "train --runs 3 resumed from a piece put back" "$tmp/t1" "$tmp/t5" 5
expect 2 "needs --out DIR" $T
expect 2 "not --save" $T --out "$tmp/t4" --save "$tmp/t4.td"

if ! "$BIN" --version | grep -q '^MPI: yes'; then
	# started by mpirun as one of 3 copies, it refuses to do the work 3 times
	env OMPI_COMM_WORLD_SIZE=3 "$BIN" perft checkers 1 >"$tmp/out" 2>&1
	rc=$?
	[ $rc -eq 1 ] && grep -q "built without MPI" "$tmp/out" && ok ||
		bad "one of 3 copies without MPI: rc=$rc, $(cat "$tmp/out")"
	echo "built without MPI: the mpirun checks are skipped"
	finish
	exit
fi
if ! command -v mpirun >/dev/null 2>&1; then
	bad "the binary has MPI but mpirun is not on PATH (Debian: openmpi-bin)"
	finish
	exit
fi
# CI runs as root in a container: Open MPI refuses root unless told, and
# its shared-memory single copy (CMA) is often barred there
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
# a sanitized build: Open MPI's own leaks are suppressed, not ours. Its
# libraries have no frame pointers, so only the slow unwinder tells
# whose a leak is, and it makes every rank's start seconds slower: the
# runs marked run3_leaks check for leaks (Open MPI's plugins kept
# loaded so that their names are seen), the others do not (the same
# commands are checked in one process above and below)
export OMPI_MCA_mca_base_component_disable_dlclose=1
export PMIX_MCA_mca_base_component_disable_dlclose=1
export LSAN_OPTIONS="suppressions=$(pwd)/data/mpi/lsan.supp:print_suppressions=0"
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:}
run3() {
	ASAN_OPTIONS="${asan}detect_leaks=0" \
		mpirun --oversubscribe --allow-run-as-root -np 3 "$BIN" "$@"
}
run3_leaks() {
	ASAN_OPTIONS="${asan}fast_unwind_on_malloc=0" \
		mpirun --oversubscribe --allow-run-as-root -np 3 "$BIN" "$@"
}

# evolve: the run's files, and what it prints
EV="evolve checkers --pop 5 --depth 1 --max-plies 60 --gens 2 --seed 3 --threads 1 --out ev"
mkdir "$tmp/e1" "$tmp/e3"
(cd "$tmp/e1" && "$BIN" $EV >out 2>err)
(cd "$tmp/e3" && run3 $EV >out 2>err) || bad "mpirun evolve: $(cat "$tmp/e3/err")"
for f in out ev/run.txt ev/evolve.csv ev/champion.txt ev/fitness.svg ev/weights.svg; do
	cmp -s "$tmp/e1/$f" "$tmp/e3/$f" && ok || bad "evolve on 3 ranks: $f differs"
done
# resumed on 3 ranks with 2 threads each: as if never stopped
(cd "$tmp/e3" && rm -rf ev && run3 ${EV%--out ev} --gens 1 --out ev >/dev/null 2>&1 &&
	run3 evolve checkers --resume ev --gens 2 --threads 2 >/dev/null 2>err) ||
	bad "mpirun evolve --resume: $(cat "$tmp/e3/err")"
for f in run.txt evolve.csv champion.txt; do
	cmp -s "$tmp/e1/ev/$f" "$tmp/e3/ev/$f" && ok || bad "evolve resumed on 3 ranks: $f differs"
done

mkdir "$tmp/q1" "$tmp/q3"
# repro banerjee-stone: every file, and what it prints (less the time)
R="repro banerjee-stone --runs 2 --matches 60 --source-short 20 --threads 1 --out rb"
(cd "$tmp/q1" && "$BIN" $R 2>&1 | sed '$d' >out)
# the ranks' feature folders go to TMPDIR, this test's own; a folder a
# killed rank left (its process gone) is removed by the next run, one of a
# live process is kept
mkdir -p "$tmp/tmpdir/gamelearn-banerjee-stone-999999999-AbC123" \
	"$tmp/tmpdir/gamelearn-banerjee-stone-$$-XyZ789"
(cd "$tmp/q3" && TMPDIR=$tmp/tmpdir run3_leaks $R 2>err | sed '$d' >out)
grep -q "Sanitizer" "$tmp/q3/err" && bad "mpirun repro banerjee-stone: $(cat "$tmp/q3/err")" || ok
left=$(cd "$tmp/tmpdir" && ls -d gamelearn-* 2>/dev/null | tr '\n' ' ')
[ "$left" = "gamelearn-banerjee-stone-$$-XyZ789 " ] && ok ||
	bad "ranks' feature folders left or removed wrongly: $left"
cmp -s "$tmp/q1/out" "$tmp/q3/out" && ok || bad "repro banerjee-stone on 3 ranks prints otherwise"
same_dir "repro banerjee-stone on 3 ranks" "$tmp/q1/rb" "$tmp/q3/rb" 15

# repro martens: every file, and what it prints (less the time)
R="repro martens --seeds 2 --lauto-plays 3000 --lauto-perfect-plays 300 --max-plays 400 --threads 1 --out rm"
(cd "$tmp/q1" && "$BIN" $R 2>&1 | sed '$d' >mout)
(cd "$tmp/q3" && run3 $R 2>err | sed '$d' >mout) || bad "mpirun repro martens: $(cat "$tmp/q3/err")"
cmp -s "$tmp/q1/mout" "$tmp/q3/mout" && ok || bad "repro martens on 3 ranks prints otherwise"
same_dir "repro martens on 3 ranks" "$tmp/q1/rm" "$tmp/q3/rm" 30

# ranks started with different settings (mpirun's `A : B`) are refused
# before any work: exit 1, no file written, one line of ours naming the
# first option that differs (today they mixed their results, or crashed)
two() {
	ASAN_OPTIONS="${asan}detect_leaks=0" \
		timeout 300 mpirun --oversubscribe --allow-run-as-root "$@"
}
refused() { # refused WANT MPIRUN-ARGS...
	want=$1; shift
	rm -rf "$tmp/d" && mkdir "$tmp/d"
	(cd "$tmp/d" && two "$@" >out 2>err)
	rc=$?
	n=$(grep -c '^gamelearn: ' "$tmp/d/err")
	if [ $rc -eq 1 ] && [ "$n" -eq 1 ] && grep -q "^gamelearn: $want" "$tmp/d/err" &&
		[ "$(ls "$tmp/d" | tr '\n' ' ')" = "err out " ]; then ok; else
		bad "ranks unlike ($want): rc=$rc, files: $(ls "$tmp/d"), stderr: $(cat "$tmp/d/err")"; fi
}
MS="--lauto-plays 3000 --lauto-perfect-plays 300 --max-plays 400 --threads 1 --out rm"
refused "MPI rank 1 has --seed 2 but rank 0 has --seed 1" \
	-np 1 "$BIN" repro martens --seed 1 $MS : -np 1 "$BIN" repro martens --seed 2 $MS
refused "MPI rank 1 has --seeds 3 but rank 0 has --seeds 2" \
	-np 1 "$BIN" repro martens --seeds 2 $MS : -np 1 "$BIN" repro martens --seeds 3 $MS
refused "MPI rank 1 has no --seeds but rank 0 has --seeds 2" \
	-np 1 "$BIN" repro martens --seeds 2 $MS : -np 1 "$BIN" repro martens $MS
refused "MPI rank 1 has --gens 200 but rank 0 has --gens 300" \
	-np 1 "$BIN" $EV --gens 300 : -np 1 "$BIN" $EV --gens 200
refused "MPI rank 1 runs 'gamelearn repro hwang' but rank 0 runs 'gamelearn repro martens'" \
	-np 1 "$BIN" repro martens $MS : -np 1 "$BIN" repro hwang --out rm
refused "MPI rank 1 runs 'gamelearn version' but rank 0 runs 'gamelearn perft'" \
	-np 1 "$BIN" perft checkers 3 : -np 1 "$BIN" version
# the lowest rank that differs speaks; an argument, a flag, --help
refused "MPI rank 2 has argument 2 '4' but rank 0 has argument 2 '3'" \
	-np 2 "$BIN" perft checkers 3 : -np 1 "$BIN" perft checkers 4
refused "MPI rank 1 has no --swap but rank 0 has --swap" \
	-np 1 "$BIN" $M --swap : -np 1 "$BIN" ${M% --swap}
refused "MPI rank 1 has --help but rank 0 has no --help" \
	-np 1 "$BIN" perft checkers 3 : -np 1 "$BIN" perft checkers 3 --help
# the same settings written otherwise (another order, an option given
# twice: the last counts) and another --threads (each rank's own): run,
# and give what one process gives
(cd "$tmp/q3" && rm -rf rm && two -np 1 "$BIN" repro martens --out rm --max-plays 400 \
	--seeds 3 --lauto-plays 3000 --lauto-perfect-plays 300 --seeds 2 --threads 1 : \
	-np 2 "$BIN" $R --threads 2 2>err | sed '$d' >mout) ||
	bad "mpirun repro martens written otherwise: $(cat "$tmp/q3/err")"
cmp -s "$tmp/q1/mout" "$tmp/q3/mout" && ok || bad "repro martens written otherwise prints otherwise: $(cat "$tmp/q3/err")"
same_dir "repro martens written otherwise" "$tmp/q1/rm" "$tmp/q3/rm" 30

# train --runs: every file, and what it prints
(cd "$tmp/q3" && run3 $T --threads 2 --out t3 2>err | sed '$d' >t3.out) ||
	bad "mpirun train --runs: $(cat "$tmp/q3/err")"
cmp -s "$tmp/t1.out" "$tmp/q3/t3.out" && ok || bad "train --runs on 3 ranks prints otherwise"
same_dir "train --runs on 3 ranks" "$tmp/t1" "$tmp/q3/t3" 5

# stopped on 3 ranks, resumed on 3 ranks with 2 threads each
R="repro banerjee-stone --runs 2 --matches 60 --source-short 20 --out rb"
(cd "$tmp/q3" && rm -rf rb && run3 $R --threads 1 --stop-after 9 >/dev/null 2>err)
grep -q "stopped after 9 pieces" "$tmp/q3/err" && ok || bad "mpirun --stop-after: $(cat "$tmp/q3/err")"
(cd "$tmp/q3" && run3 $R --threads 2 --resume >/dev/null 2>err) || bad "mpirun --resume: $(cat "$tmp/q3/err")"
same_dir "repro banerjee-stone resumed on 3 ranks" "$tmp/q1/rb" "$tmp/q3/rb" 15

# match -n: the table (less the rate) and the record, 2 threads a rank
run3_leaks $M --threads 2 --record "$tmp/r3" 2>"$tmp/err" | grep -v ' matches/s$' >"$tmp/m3"
grep -q "Sanitizer" "$tmp/err" && bad "mpirun match: $(cat "$tmp/err")" || ok
cmp -s "$tmp/m1" "$tmp/m3" && cmp -s "$tmp/r1" "$tmp/r3" && ok ||
	bad "match on 3 ranks differs: $(cat "$tmp/err")"

# perft: the divide listing, with 2 threads on each rank
run3 perft checkers 7 --divide --threads 2 >"$tmp/p3" 2>"$tmp/err"
cmp -s "$tmp/p1" "$tmp/p3" && ok || bad "perft on 3 ranks differs: $(cat "$tmp/err")"

# (issue 74) progress under mpirun: a rank's stderr is a pipe there, so
# rank 0 draws its bar on the terminal the job was started from; in a
# terminal made by script(1), with stdout and stderr sent to files, the
# bar reaches the terminal (its last drawing, at 100%, is certain
# however fast the pieces go) and neither file
if command -v script >/dev/null 2>&1; then
	ASAN_OPTIONS="${asan}detect_leaks=0" script -qc "mpirun --oversubscribe --allow-run-as-root -np 3 \
		'$BIN' perft checkers 9 --threads 1 >'$tmp/pout' 2>'$tmp/perr'" /dev/null >"$tmp/tty" 2>&1
	grep -q 'perft \[#*\] 100.0%' "$tmp/tty" && ok || bad "no progress under mpirun on a terminal: $(tr '\r' '\n' <"$tmp/tty" | head -n 3)"
	[ "$(tail -n 1 "$tmp/pout")" = 3963680 ] && ! grep -q 'perft \[' "$tmp/pout" "$tmp/perr" && ok ||
		bad "progress under mpirun leaked into the files: $(head -c 200 "$tmp/perr")"
else
	echo "no script(1): the check of progress under mpirun is skipped"
fi

# a rank killed midway: the job stops, and mpirun names the rank
cat >"$tmp/die.sh" <<EOS
#!/bin/sh
if [ "\$OMPI_COMM_WORLD_RANK" = 1 ]; then (sleep 1; kill -9 \$\$) & fi
exec "$BIN" perft checkers 14 --threads 1
EOS
ASAN_OPTIONS="${asan}detect_leaks=0" \
	mpirun --oversubscribe --allow-run-as-root -np 3 sh "$tmp/die.sh" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] && grep -q "rank 1" "$tmp/err" && ! grep -q '^[0-9]' "$tmp/out"; then ok; else
	bad "a killed rank: rc=$rc, stderr: $(cat "$tmp/err")"; fi
[ -n "${GL_TEST_SHOW:-}" ] && cat "$tmp/err"

finish
