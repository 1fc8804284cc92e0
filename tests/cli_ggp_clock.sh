#!/bin/sh
# cli_ggp_clock.sh BIN SLOWCLIENTS GGPRECORD - the GGP player's clocks
# (issue 19) over loopback: a START whose rules compile for longer than
# its start clock (held so by --hold-compile, on any machine) is answered
# "ready" within the clock while INFO is answered meanwhile; a PLAY that
# comes while they still compile gets a legal move within its play clock;
# with the test agent `slow` (it takes
# exactly the time it is given, ponders until stopped and logs each
# call), a move comes back after at least 80% of the play clock and
# before its end, the agent ponders during the start clock and between
# turns (stopped by the next message), and `ggp match` gives local
# agents their time from --playclock and writes records that read back as
# ggp-base's. Every wait is bounded; the servers are killed on exit.
. "$(dirname "$0")/lib_cli.sh"

REC=${3:-}
[ -x "$REC" ] || { echo "cli_ggp_clock: the ggprecord helper is needed as \$3" >&2; exit 1; }
command -v curl >/dev/null 2>&1 || { echo "cli_ggp_clock: curl is needed" >&2; exit 1; }
D=data/gdl/games
spid=""
trap '[ -n "$spid" ] && kill "$spid" 2>/dev/null; [ -n "${KEEP:-}" ] && cp -r "$tmp" "$KEEP"; rm -rf "$tmp"' EXIT

# thinking N : wait (10 s at most) until the slow agent has been given
# the time of a long clock (over 50 s) N times: a PLAY reached it
thinking() {
	j=0
	while [ $j -lt 100 ] &&
	      [ "$(awk '$1 == "set_time" && $2 > 50' "$tmp/slow2" | wc -l)" -lt "$1" ]; do
		sleep 0.1
		j=$((j + 1))
	done
}
# within T LO HI : LO <= T < HI (seconds)
within() { awk -v t="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(t >= lo && t < hi) }'; }
# move_in TEXT LO HI WHAT : the PLAY TEXT is answered 200 in [LO, HI) s
move_in() {
	say "$1"
	if [ "$code" = 200 ] && within "$secs" "$2" "$3"; then ok; else
		bad "$4: $code '$body' after $secs s"; fi
}

# ---- a START that compiles longer than its clock -------------------------
# the player holds every compile 15 s (--hold-compile, its hook for
# tests), so that it outlasts the start clock (4 s) and the PLAY sent
# when START is answered (play clock 3 s) on any machine at any load: a
# game that merely took long to compile here (skirmish, its start clock
# a third of a compile timed first) lost that race when the load fell
HOLD=15 sc=4 pc=3
"$BIN" show gdl:file=$D/ticTacToe.kif >"$tmp/show" 2>&1 # its legal moves
serve "$tmp/log1" --bind 127.0.0.1 --agent random --hold-compile $HOLD
grep -q "every compile held 15.000 s at least (--hold-compile, for tests)" "$tmp/log1" &&
	ok || bad "--hold-compile not logged: $(cat "$tmp/log1")"
rules=$(sed 's/;.*//' $D/ticTacToe.kif)
printf '%s' "(START held xplayer ($rules) $sc $pc)" >"$tmp/start"
curl -s -m 60 -o "$tmp/startbody" -w '%{time_total}' -X POST \
	--data-binary @"$tmp/start" "$U" >"$tmp/starttime" &
cpid=$!
# INFO is answered while START waits for the compile: busy (asked until
# the START has come, 10 s at most), and START still unanswered then
i=0
body=""
while [ $i -lt 100 ] && [ "$body" != "((name gamelearn) (status busy))" ]; do
	sleep 0.1
	say "(INFO)"
	i=$((i + 1))
done
if [ "$body" = "((name gamelearn) (status busy))" ] && kill -0 $cpid 2>/dev/null; then ok; else
	bad "INFO while compiling: '$body' after $secs s, START answered: $(cat "$tmp/startbody")"; fi
wait $cpid
st=$(cat "$tmp/starttime")
if [ "$(cat "$tmp/startbody")" = ready ] && within "$st" 0 "$sc"; then ok; else
	bad "START (start clock $sc s): '$(cat "$tmp/startbody")' after $st s"; fi
grep -q "START held xplayer .* -> ready (rules still compiling)" "$tmp/log1" && ok ||
	bad "START not answered before the compile ended: $(cat "$tmp/log1")"
# ---- a PLAY while the rules compile: a legal move within its clock -------
say "(PLAY held NIL)"
if [ "$code" = 200 ] && grep "^legal moves" "$tmp/show" | grep -qF -- " $body" &&
   within "$secs" 0 "$pc"; then ok; else
	bad "PLAY while compiling: $code '$body' after $secs s (play clock $pc s)"; fi
grep -q "PLAY held NIL) -> .*(came while the rules compiled)" "$tmp/log1" && ok ||
	bad "the PLAY did not come while the rules compiled: $(cat "$tmp/log1")"
# the compile ends (120 s at most), and the next PLAY is played from the
# compiled rules
i=0
while [ $i -lt 1200 ] && ! grep -q "rules of held compiled" "$tmp/log1"; do
	sleep 0.1
	i=$((i + 1))
done
t=$(sed -n 's/.*rules of held compiled in \([0-9.]*\) s.*/\1/p' "$tmp/log1")
within "${t:-0}" $HOLD 1000 && ok ||
	bad "the compile was not held $HOLD s: $(cat "$tmp/log1")"
m1=$body
say "(PLAY held ($m1 noop))"
[ "$body" = noop ] && ok || bad "oplayer's turn: '$body'"
# oplayer marks a cell that xplayer did not
case "$m1" in "(mark 2 2)") m2="(mark 1 1)" ;; *) m2="(mark 2 2)" ;; esac
move_in "(PLAY held (noop $m2))" 0 "$pc" "the PLAY after the compile"
grep -qF "PLAY held (noop $m2)) -> (mark " "$tmp/log1" &&
	grep "PLAY held (noop $m2)) -> (mark " "$tmp/log1" | grep -q ") by agent" && ok ||
	bad "the compiled rules did not play: $(tail -n 3 "$tmp/log1")"
say "(ABORT held)"
[ "$body" = aborted ] && ok || bad "ABORT held: '$body'"
stop_server "$tmp/log1"
expect_error 2 "ggp serve: --hold-compile must be a number in 0..86400, got 'soon'" \
	ggp serve --hold-compile soon

# ---- every second used: the slow agent -----------------------------------
# play clocks of 3 s and 5 s: the player's margins are absolute (0.1 s
# and the delays it has measured, which grow with the load), so that 80%
# of a clock of 1 s was 80 ms from what a busy machine leaves the agent
serve "$tmp/log2" --bind 127.0.0.1 --agent "slow:log=$tmp/slow2"
rules=$(sed 's/;.*//' $D/ticTacToe.kif)
say "(START t1 xplayer ($rules) 5 3)"
[ "$body" = ready ] && ok || bad "START t1: '$body'"
sleep 1 # the agent ponders during the start clock
move_in "(PLAY t1 NIL)" 2.4 3 "a move of a 3 s play clock"
m1=$body
say "(PLAY t1 ($m1 noop))"
[ "$body" = noop ] && ok || bad "noop expected: '$body'"
sleep 1 # the agent ponders while the opponent thinks
move_in "(PLAY t1 (noop (mark 3 3)))" 2.4 3 "a second move of a 3 s play clock"
say "(STOP t1 ($body noop))"
[ "$body" = done ] && ok || bad "STOP t1: '$body'"
# the agent was given at least 80% of each clock, and pondered: during
# the start clock and between turns, each ponder stopped by a message
n=$(awk '$1 == "set_time" && $2 >= 2.4 && $2 < 3' "$tmp/slow2" | wc -l)
[ "$n" = 2 ] && ok || bad "set_time not given 80% of the clock: $(cat "$tmp/slow2")"
n=$(awk '$1 == "ponder" && $2 >= 0.4 && $4 == "stopped"' "$tmp/slow2" | wc -l)
[ "$n" -ge 2 ] && ok || bad "no pondering in the start clock and between turns: $(cat "$tmp/slow2")"
head -n 1 "$tmp/slow2" | grep -q "^ponder" && ok || bad "no ponder before the first move: $(cat "$tmp/slow2")"
# a longer clock: the same share of it
say "(START t2 xplayer ($rules) 5 5)"
move_in "(PLAY t2 NIL)" 4 5 "a move of a 5 s play clock"
say "(ABORT t2)"
# an ABORT while the agent thinks on a long clock: the PLAY is answered at
# once and the agent's choose() stopped (it once ran to its clock's end,
# an hour at most, in a thread of its own, after its match was gone)
say "(START t3 xplayer ($rules) 5 60)"
printf '%s' "(PLAY t3 NIL)" >"$tmp/play3"
curl -s -m 60 -o "$tmp/p3" -w '%{time_total}' -X POST -H 'Content-Type: text/acl' \
	--data-binary @"$tmp/play3" "$U" >"$tmp/p3time" &
cpid=$!
thinking 1 # the agent thinks on the PLAY's clock
sleep 0.5
# the PLAY still waits (its clock is 60 s), and the ABORT answers it
kill -0 $cpid 2>/dev/null && ok || bad "PLAY t3 answered before the ABORT: '$(cat "$tmp/p3")'"
say "(ABORT t3)"
wait $cpid
if [ -s "$tmp/p3" ] && within "$(cat "$tmp/p3time")" 0 10; then ok; else
	bad "PLAY t3 at the ABORT: '$(cat "$tmp/p3")' after $(cat "$tmp/p3time") s"; fi
# (t3's choose is the first after the long clock's set_time: a loaded
# machine may also stop t1's and t2's at their clocks' ends, and may
# write its line seconds after the ABORT; 60 s at most)
t3_choose() {
	awk '$1 == "set_time" && $2 > 50 { on = 1; next } on && $1 == "choose" { print; exit }' "$tmp/slow2"
}
i=0
while [ $i -lt 600 ] && [ -z "$(t3_choose)" ]; do
	sleep 0.1; i=$((i + 1)); done
t3_choose | awk '$2 < 10 && $3 == "s" && $4 == "stopped" {n++} END {exit n != 1}' &&
	ok || bad "choose not stopped at the ABORT: $(cat "$tmp/slow2")"
# stopped (SIGTERM) while the agent thinks on a long clock: it exits at
# once, the PLAY answered (it once waited for the search, up to 60 s)
say "(START t4 xplayer ($rules) 5 60)"
printf '%s' "(PLAY t4 NIL)" >"$tmp/play4"
curl -s -m 60 -o "$tmp/p4" -X POST -H 'Content-Type: text/acl' \
	--data-binary @"$tmp/play4" "$U" >/dev/null &
cpid=$!
thinking 2
sleep 0.5
t0=$(date +%s)
stop_server "$tmp/log2"
t1=$(date +%s)
wait $cpid
[ $((t1 - t0)) -le 5 ] && [ -s "$tmp/p4" ] && ok ||
	bad "stopping while the agent thinks took $((t1 - t0)) s, PLAY '$(cat "$tmp/p4")'"

# ---- ggp match: local agents timed by --playclock; ggp-base's records ----
rm -f "$tmp/slow3"
"$BIN" ggp match $D/ticTacToe.kif --player "slow:log=$tmp/slow3" --player random \
	--startclock 2 --playclock 1 --record "$tmp/rec.json" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "ggp match with the slow agent: rc=$rc $(cat "$tmp/out")"
# (each choose takes 0.9 s at least: how much more is the machine's load)
if grep -q "^set_time 0.900$" "$tmp/slow3" && awk '!($0 == "set_time 0.900" ||
	($1 == "choose" && $2 >= 0.9 && $3 == "s" && NF == 3)) { bad = 1 } END { exit bad }' "$tmp/slow3"
then ok; else bad "local agent not timed by --playclock 1: $(cat "$tmp/slow3")"; fi
"$REC" "$tmp/rec.json" >"$tmp/recout" && grep -q "^1 records$" "$tmp/recout" && ok ||
	bad "record not read as ggp-base's: $(cat "$tmp/recout")"
for f in '"matchId":"gamelearn\.[0-9a-f]\{32\}"' '"isCompleted":true' '"isAborted":false' \
	'"startClock":2' '"playClock":1' '"errors":\[\["",""\],\["",""\]' \
	'"states":\["( (cell 1 1 b) (cell 1 2 b) ' '"goalValues":\[[0-9]*,[0-9]*\]' \
	'"rules":"' '"stateTimes":\[[0-9]*,'; do
	grep -q "$f" "$tmp/rec.json" && ok || bad "record lacks $f: $(cat "$tmp/rec.json")"
done
# the checker fails what ggp-base would not read
sed 's/"stateTimes":\[[0-9]*,/"stateTimes":[/' "$tmp/rec.json" >"$tmp/bad.json"
"$REC" "$tmp/bad.json" >"$tmp/recout" && bad "a state without its time passed" || ok
sed 's/"moves":\[\[/"moves":[["(mark"],[/' "$tmp/rec.json" >"$tmp/bad.json"
"$REC" "$tmp/bad.json" >"$tmp/recout" && bad "an unbalanced move passed" || ok
"$BIN" ggp match $D/ticTacToe.kif --player random --player random --meta-url \
	http://games.ggp.org/base/games/ticTacToe/v0/ --record "$tmp/rec2.json" >"$tmp/out" 2>&1
grep -q '"gameMetaURL":"http://games.ggp.org/base/games/ticTacToe/v0/"' "$tmp/rec2.json" &&
	! grep -q '"rules"' "$tmp/rec2.json" && "$REC" "$tmp/rec2.json" >/dev/null && ok ||
	bad "--meta-url: $(cat "$tmp/rec2.json")"

finish
