#!/bin/sh
# load-test.sh -o FILE [options] - the test suite under load (issue 74):
# starts N CPU hogs (bounded busy loops, killed on exit), waits, then runs
# `ctest --test-dir BUILD -jJOBS --output-on-failure` ROUNDS times, sampling
# /proc/loadavg every 10 s in the background. Writes a markdown summary to
# FILE: per round its start and end (UTC), the 1-minute load average seen
# (min/mean/max of the samples taken while it ran, and at its start and end), passed and failed
# counts, the failing tests' names and its time. Each round's full ctest
# output is kept beside FILE (FILE.round-K.log, replaced by the next run).
# A tool for developers, not a test; it exits 0 only if every round passed.
#
#   -o FILE     the summary (required)
#   -b DIR      the build to test (default build/release)
#   -n N        CPU hogs (default 2 per core: `nproc` * 2)
#   -r N        rounds (default 3)
#   -w SECS     wait after starting the hogs, before the first round (default 10)
#   -j N        tests run at once (ctest -j; default 2)
#   -t REGEX    only the tests whose names match (ctest -R)
#   -l LABEL    the heading of this run in FILE (default: the build directory)
#   -a          append to FILE instead of replacing it
#   -m SECS     a hog's longest life (default 14400), in case the trap never runs
set -u

usage() { echo "load-test.sh: $1 (usage: load-test.sh -o FILE [-b DIR] [-n HOGS] [-j JOBS] [-r ROUNDS] [-w SECS] [-t REGEX] [-l LABEL] [-a] [-m SECS])" >&2; exit 2; }
uint() { case $2 in '' | *[!0-9]*) usage "$1 wants a whole number, not '$2'" ;; esac; }

out="" build=build/release hogs_n=$(($(nproc) * 2)) rounds=3 wait_s=10 jobs=2
regex="" label="" append=0 hog_max=14400
while getopts ":o:b:n:j:r:w:t:l:am:" opt; do
	case $opt in
	o) out=$OPTARG ;;
	b) build=$OPTARG ;;
	n) uint -n "$OPTARG"; hogs_n=$OPTARG ;;
	j) uint -j "$OPTARG"; jobs=$OPTARG ;;
	r) uint -r "$OPTARG"; rounds=$OPTARG ;;
	w) uint -w "$OPTARG"; wait_s=$OPTARG ;;
	t) regex=$OPTARG ;;
	l) label=$OPTARG ;;
	a) append=1 ;;
	m) uint -m "$OPTARG"; hog_max=$OPTARG ;;
	:) usage "-$OPTARG needs a value" ;;
	*) usage "unknown option -$OPTARG" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage "unexpected argument '$1'"
[ -n "$out" ] || usage "-o FILE is required"
[ "$rounds" -ge 1 ] || usage "-r must be at least 1"
[ "$jobs" -ge 1 ] || usage "-j must be at least 1"
[ -f "$build/CTestTestfile.cmake" ] || usage "$build is not a configured build (no CTestTestfile.cmake)"
[ -n "$label" ] || label=$build

tmp=$(mktemp -d)
hogs=""
sampler=""
runner=""
cleanup() {
	for p in $runner $hogs $sampler; do kill "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

i=0
while [ $i -lt "$hogs_n" ]; do
	timeout "$hog_max" sh -c 'while :; do :; done' &
	hogs="$hogs $!"
	i=$((i + 1))
done

# one line per 10 s: epoch seconds, 1-minute load, runnable/total tasks
(while :; do
	printf '%s %s\n' "$(date +%s)" "$(cut -d' ' -f1,4 /proc/loadavg)"
	sleep 10
done) >"$tmp/samples" &
sampler=$!

sleep "$wait_s"
load_start=$(cut -d' ' -f1 /proc/loadavg)
asan=${ASAN_OPTIONS:+, ASAN_OPTIONS=$ASAN_OPTIONS}

{
	[ "$append" -eq 1 ] || echo "# The test suite under load"
	echo
	echo "## $label"
	echo
	echo "\`scripts/load-test.sh\` on $(uname -n), $(nproc) cores; commit" \
		"$(git rev-parse --short HEAD 2>/dev/null || echo unknown);" \
		"$hogs_n CPU hogs; 1-minute load average ${load_start} after ${wait_s} s of hogs," \
		"when round 1 began. ctest -j$jobs on \`$build\`${regex:+, tests matching \`$regex\`}$asan."
	echo "Load: the 1-minute load average sampled every 10 s while the round ran."
	echo
	echo "| round | start (UTC) | end (UTC) | load min/mean/max | passed | failed | failing tests | time |"
	echo "|---|---|---|---|---|---|---|---|"
} >"$tmp/head"
if [ "$append" -eq 1 ]; then cat "$tmp/head" >>"$out"; else cat "$tmp/head" >"$out"; fi || exit 1

all_ok=1
r=1
while [ "$r" -le "$rounds" ]; do
	log=$out.round-$r.log
	t0=$(date +%s)
	printf '%s %s\n' "$t0" "$(cut -d' ' -f1,4 /proc/loadavg)" >>"$tmp/samples"
	start=$(date -u -d "@$t0" '+%Y-%m-%d %H:%M:%S')
	# in the background, so that INT or TERM stops it at once (the shell
	# runs a trap only when its foreground command ends, but wait ends)
	if [ -n "$regex" ]; then
		ctest --test-dir "$build" -j"$jobs" --output-on-failure -R "$regex" >"$log" 2>&1 &
	else
		ctest --test-dir "$build" -j"$jobs" --output-on-failure >"$log" 2>&1 &
	fi
	runner=$!
	wait "$runner"
	rc=$?
	runner=""
	t1=$(date +%s)
	printf '%s %s\n' "$t1" "$(cut -d' ' -f1,4 /proc/loadavg)" >>"$tmp/samples"
	end=$(date -u -d "@$t1" '+%H:%M:%S')
	load=$(awk -v a="$t0" -v b="$t1" '$1 >= a && $1 <= b {
		n++; s += $2; if (n == 1 || $2 < lo) lo = $2; if ($2 > hi) hi = $2 }
		END { if (n) printf "%.2f/%.2f/%.2f (%d samples)", lo, s / n, hi, n; else print "none" }' "$tmp/samples")
	# "N% tests passed, F tests failed out of T"
	line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
	failed=$(echo "$line" | sed -n 's/.*passed, \([0-9]*\) tests* failed out of.*/\1/p')
	total=$(echo "$line" | sed -n 's/.*failed out of \([0-9]*\).*/\1/p')
	if [ -n "$total" ]; then passed=$((total - failed)); else passed="?" failed="? (rc $rc)"; fi
	names=$(sed -n '/The following tests FAILED:/,$p' "$log" |
		sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) .*/\1/p' | tr '\n' ' ' | sed 's/ $//')
	[ "$rc" -eq 0 ] || all_ok=0
	echo "| $r | $start | $end | $load | $passed | $failed | ${names:--} | $((t1 - t0)) s |" >>"$out"
	echo "load-test.sh: round $r: $passed passed, $failed failed${names:+ ($names)}, load $load, $((t1 - t0)) s"
	r=$((r + 1))
done
[ "$all_ok" -eq 1 ]
