#!/bin/sh
# cli_record.sh BIN SLOWCLIENTS GGPRECORD - records written as the
# matches end (issue 68, item 3): `match --record` and `ggp match
# --record`, stopped by SIGINT, SIGTERM or kill -9 in a long run, keep
# every match they finished, each a whole line in match order, read back
# by `replay` and by the ggprecord helper ($3) (both once left no file at
# all); and `ggp match`'s match ids (item 2), drawn from the OS's random
# source: the same --seed gives other ids, the same moves and goals.
# Every wait is bounded; a run still going is killed on exit.
. "$(dirname "$0")/lib_cli.sh"

REC=${3:-}
[ -x "$REC" ] || { echo "cli_record: the ggprecord helper is needed as \$3" >&2; exit 1; }
D=data/gdl/games
pid=""
trap '[ -n "$pid" ] && kill -s KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

# A command run in the background by a script ignores SIGINT (POSIX):
# env gives it back its default.
DEF="env --default-signal=INT"
$DEF true 2>/dev/null || { echo "cli_record: env --default-signal (coreutils 8.31) is needed" >&2; exit 1; }

# lines FILE : how many whole lines (ending in a newline) FILE holds
lines() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }

# stopped SIG N CMD... : run `gamelearn CMD... --record $tmp/stop.rec` in
# the background, wait (60 s at most) until the record holds N lines, send
# SIG and wait for the end; sets rc. A run still going when stopped exits
# 128 + the signal's number.
stopped() {
	sig=$1; want=$2; shift 2
	rm -f "$tmp/stop.rec"
	$DEF "$BIN" "$@" --record "$tmp/stop.rec" >"$tmp/stop.out" 2>"$tmp/stop.err" &
	pid=$!
	i=0
	while [ $i -lt 600 ] && [ "$(lines "$tmp/stop.rec")" -lt "$want" ] &&
	      kill -0 "$pid" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -s "$sig" "$pid" 2>/dev/null
	{ wait "$pid"; } 2>/dev/null
	rc=$?
	pid=""
}

# signo SIG : the signal's number
signo() { case $1 in INT) echo 2 ;; TERM) echo 15 ;; KILL) echo 9 ;; esac; }

# whole FILE : the file is empty or ends with a newline (no line cut short)
whole() { [ ! -s "$1" ] || [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]; }

# ---- match --record: stopped, it keeps every match it finished ---------
# Matches of a few moves of up to 20 ms each (solve=0: uct does not stop
# at a proven result), one a piece (-n 1000), on two threads: the pieces
# end out of order, the record keeps match order.
U=uct:time=0.02,solve=0
for sig in INT TERM KILL; do
	stopped $sig 4 match tictactoe $U random -n 1000 --threads 2
	n=$(($(lines "$tmp/stop.rec") - 1))
	if [ $rc -eq $((128 + $(signo $sig))) ] && [ $n -ge 3 ] && [ $n -lt 1000 ] &&
	   whole "$tmp/stop.rec" &&
	   head -n 1 "$tmp/stop.rec" | grep -qx "# gamelearn match record: game tictactoe, seed 1" &&
	   awk 'NR > 1 && !($1 == NR - 1 && $0 ~ /^[0-9]+ players=uct:[^ ]*\|random goals=[0-9]+,[0-9]+ moves=[a-c][1-3](,[a-c][1-3])*$/) { bad = 1 }
		END { exit bad }' "$tmp/stop.rec"; then ok; else
		bad "match stopped by SIG$sig: rc=$rc, $n matches: $(head -c 600 "$tmp/stop.rec") $(cat "$tmp/stop.err")"
	fi
	# every match kept replays to its end
	k=1
	while [ $k -le $n ] && [ $k -le 20 ]; do
		"$BIN" replay tictactoe "$tmp/stop.rec" --match $k >"$tmp/out" 2>&1 &&
			grep -q "game over" "$tmp/out" || break
		k=$((k + 1))
	done
	[ $n -ge 1 ] && [ $k -gt $n ] || [ $k -gt 20 ] && ok ||
		bad "SIG$sig: match $k of the record does not replay: $(cat "$tmp/out")"
done
# agents that learn play every match in order (one piece): each match is
# written as it ends all the same (td learns; uct makes the matches slow)
stopped KILL 3 match tictactoe td $U -n 1000000
n=$(($(lines "$tmp/stop.rec") - 1))
if [ $rc -eq 137 ] && [ $n -ge 2 ] && whole "$tmp/stop.rec" &&
   awk 'NR > 1 && !($1 == NR - 1 && $2 ~ /^players=td:/) { bad = 1 } END { exit bad }' "$tmp/stop.rec" &&
   "$BIN" replay tictactoe "$tmp/stop.rec" --match $n >"$tmp/out" 2>&1 &&
   grep -q "game over" "$tmp/out"; then ok; else
	bad "match of a learner stopped by kill -9: rc=$rc, $n matches: $(head -c 600 "$tmp/stop.rec") $(cat "$tmp/stop.err")"
fi
# a line cut short (a stop in the middle of writing it) is said so, not
# replayed as a shorter match
head -n 2 "$tmp/stop.rec" >"$tmp/cut"
sed -n 3p "$tmp/stop.rec" | cut -d, -f1 | tr -d '\n' >>"$tmp/cut"
expect_error 1 "cut:3: match 2 is cut short" replay tictactoe "$tmp/cut" --match 2
expect_grep "game over" replay tictactoe "$tmp/cut" --match 1
# a run that fails before its first match ends leaves an earlier record
# as it was
cp "$tmp/stop.rec" "$tmp/old.rec"
cp "$tmp/stop.rec" "$tmp/keep.rec"
expect_error 1 "too big to solve" match tictactoe random perfect:nodes=10 -n 2 --record "$tmp/keep.rec"
cmp -s "$tmp/keep.rec" "$tmp/old.rec" && ok || bad "a run that failed at once changed the record"

# ---- ggp match --record: the same --------------------------------------
# the slow agent takes 20 ms a move: a match of ticTacToe in about 0.1 s
for sig in INT TERM KILL; do
	stopped $sig 3 ggp match $D/ticTacToe.kif --player slow:time=0.02 --player random \
		-n 1000000
	n=$(lines "$tmp/stop.rec")
	"$REC" "$tmp/stop.rec" >"$tmp/recout" 2>&1
	if [ $rc -eq $((128 + $(signo $sig))) ] && [ $n -ge 3 ] && whole "$tmp/stop.rec" &&
	   grep -qx "$n records" "$tmp/recout" &&
	   [ "$(grep -c '"isCompleted":true,' "$tmp/stop.rec")" = "$n" ]; then ok; else
		bad "ggp match stopped by SIG$sig: rc=$rc, $n lines, $(cat "$tmp/recout") $(cat "$tmp/stop.err")"
	fi
done

# ---- ggp match: match ids no one can guess, the rest reproducible -------
for r in 1 2; do
	"$BIN" ggp match $D/ticTacToe.kif --player random --player uct:iterations=50,time=0 \
		-n 3 --seed 7 --record "$tmp/id$r.json" >"$tmp/out" 2>&1 ||
		bad "ggp match --seed 7: $(cat "$tmp/out")"
	grep -o '"matchId":"[^"]*"' "$tmp/id$r.json" >"$tmp/ids$r"
	# without what the clock or the OS's random source gives
	sed -e 's/"matchId":"[^"]*"//' -e 's/"startTime":[0-9]*//' \
		-e 's/"stateTimes":\[[0-9,]*\]//' "$tmp/id$r.json" >"$tmp/rest$r"
done
[ "$(grep -c '^"matchId":"gamelearn\.[0-9a-f]\{32\}"$' "$tmp/ids1")" = 3 ] && ok ||
	bad "match ids not 128 random bits in hex: $(cat "$tmp/ids1")"
[ "$(sort -u "$tmp/ids1" "$tmp/ids2" | wc -l)" = 6 ] && ok ||
	bad "the same seed gave a match id again: $(cat "$tmp/ids1" "$tmp/ids2")"
grep -q '"moves":\[\["' "$tmp/rest1" && grep -q '"goalValues":\[' "$tmp/rest1" &&
	cmp -s "$tmp/rest1" "$tmp/rest2" && ok ||
	bad "the same seed gave other moves or goals: $(diff "$tmp/rest1" "$tmp/rest2" | head -c 600)"

finish
