#!/bin/sh
# cli_ggp.sh BIN SLOWCLIENTS GGPRECORD - `gamelearn ggp serve`, the GGP player (issue 8 item 5),
# end to end over real HTTP on 127.0.0.1 with curl: the ticTacToe match of
# data/ggp/ggp-transcript.txt (ggp-base's game server) replayed message by
# message (ready, a legal move every turn, done), INFO, busy for a second
# match, GET and OPTIONS, a simultaneous-move match (roshambo2), malformed,
# unknown, out-of-order and oversized requests answered with errors while
# the server stays up, and the play clock kept by an agent that would think
# for 30 s (a legal fallback before the deadline), the default agent uct;
# then `ggp match` (item 7): our manager against our player and a local
# agent (ticTacToe, roshambo2), an unreachable player recorded as "CE",
# and the JSON records, read back as ggp-base's (the ggprecord helper,
# $3); then (issue 68, item 2) a match's PLAY, STOP and ABORT from an
# address other than its manager's (127.0.0.2) refused with 403 while the
# match goes on, START refused from outside --allow, a clock above
# --max-clock refused, and a malformed --allow a usage error. Every wait
# is bounded; the servers are killed on exit.
. "$(dirname "$0")/lib_cli.sh"

command -v curl >/dev/null 2>&1 || { echo "cli_ggp: curl is needed" >&2; exit 1; }
REC=${3:-}
[ -x "$REC" ] || { echo "cli_ggp: the ggprecord helper is needed as \$3" >&2; exit 1; }
D=data/gdl/games
T=data/ggp/ggp-transcript.txt
spid=""
trap '[ -n "$spid" ] && kill "$spid" 2>/dev/null; rm -rf "$tmp"' EXIT


# post FILE : POST the file's text; sets code and body
post() {
	code=$(curl -s -m 20 -o "$tmp/body" -w '%{http_code}' -X POST \
		-H 'Content-Type: text/acl' -H 'Sender: GAMESERVER' \
		--data-binary @"$1" "$U")
	body=$(cat "$tmp/body")
}
# say TEXT : POST TEXT
say() {
	printf '%s' "$1" >"$tmp/msg"
	post "$tmp/msg"
}
# expect_reply CODE BODY WHAT
expect_reply() {
	if [ "$code" = "$1" ] && [ "$body" = "$2" ]; then ok; else
		bad "$3: got $code '$body', want $1 '$2'"; fi
}
# expect_error_reply CODE WHAT : status CODE and a body starting "error"
expect_error_reply() {
	case "$body" in
	error*) [ "$code" = "$1" ] && { ok; return; } ;;
	esac
	bad "$2: got $code '$body', want $1 error"
}
# wait_exit : the server exits by itself (max-matches), within 10 s
wait_exit() {
	i=0
	while [ $i -lt 100 ] && kill -0 "$spid" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$spid" 2>/dev/null; then bad "server still running"; kill "$spid"; else
		wait "$spid"; rc=$?
		if [ $rc -eq 0 ]; then ok; else bad "server exit code $rc"; fi
	fi
	spid=""
}

# ---- the transcript's match, replayed (we play xplayer) ----------------
serve "$tmp/log1" --max-matches 3 --agent random --name Tester
awk '/^=====REQUEST/ { n++; on = 1; next } /^=====/ { on = 0 } on && /^\(/ { print > (dir "/req" n) }' \
	dir="$tmp" "$T"
[ -f "$tmp/req1" ] && [ -f "$tmp/req10" ] && ok || bad "transcript not split"
post "$tmp/req1"
expect_reply 200 ready "START from the transcript"
say "(INFO)"
expect_reply 200 "((name Tester) (status busy))" "INFO during a match"
say "(START another xplayer ((role xplayer)) 5 2)"
expect_reply 200 busy "a second START"
say "(PLAY another NIL)"
expect_reply 200 busy "PLAY for another match id"
played=""
for k in 2 3 4 5 6 7 8 9; do
	grep -q PLAY "$tmp/req$k" || { bad "req$k is not a PLAY"; continue; }
	# the mark in this message's joint move, if any, was played
	m=$(sed -n 's/.*\(( mark [0-9] [0-9] )\).*/\1/p' "$tmp/req$k")
	[ -n "$m" ] && played="${played:+$played,}$m"
	post "$tmp/req$k"
	if [ -n "$played" ]; then
		"$BIN" show gdl --moves "$played" >"$tmp/show" 2>&1
	else
		"$BIN" show gdl >"$tmp/show" 2>&1
	fi
	if grep -q "^xplayer to move" "$tmp/show"; then
		if [ "$code" = 200 ] && grep "^legal moves" "$tmp/show" | grep -qF -- "$body"
		then ok; else bad "PLAY $k: '$body' ($code) is not legal: $(cat "$tmp/show")"; fi
	else
		expect_reply 200 noop "PLAY $k (oplayer to move)"
	fi
done
post "$tmp/req10"
expect_reply 200 done "STOP from the transcript"
say "(info)"
expect_reply 200 "((name Tester) (status available))" "INFO after the match"
grep -q "POST ( PLAY captureTourney.ticTacToe.1795314914561 NIL ) -> " "$tmp/log1" &&
	ok || bad "no log line for the first PLAY: $(cat "$tmp/log1")"

# ---- GET, OPTIONS and other methods ------------------------------------
code=$(curl -s -m 10 -o "$tmp/body" -w '%{http_code}' "${U}%28INFO%29")
body=$(cat "$tmp/body")
expect_reply 200 "((name Tester) (status available))" "GET /(INFO)"
curl -s -m 10 -i -X OPTIONS "$U" | tr -d '\r' >"$tmp/head"
if head -n 1 "$tmp/head" | grep -q " 200" && grep -q "^Access-Control-Allow-Origin: \*" "$tmp/head" &&
   grep -qi "^Content-length: 0" "$tmp/head"; then ok; else bad "OPTIONS: $(cat "$tmp/head")"; fi
curl -s -m 10 -i -X POST -d "(INFO)" "$U" | tr -d '\r' >"$tmp/head"
head -n 1 "$tmp/head" | grep -q "^HTTP/1.0 200 OK" && ok || bad "status line: $(head -n 1 "$tmp/head")"
for h in "Content-type: text/acl" "Access-Control-Allow-Methods: POST, GET, OPTIONS" \
	"Access-Control-Allow-Headers: Content-Type" "Access-Control-Allow-Age: 86400"; do
	grep -q "^$h" "$tmp/head" && ok || bad "reply header '$h' missing: $(cat "$tmp/head")"
done
code=$(curl -s -m 10 -o "$tmp/body" -w '%{http_code}' -X DELETE "$U")
[ "$code" = 405 ] && ok || bad "DELETE: $code"

# ---- malformed, unknown, out of order, oversized ----------------------
say "garbage"
expect_error_reply 400 "a garbage body"
say ""
expect_error_reply 400 "an empty body"
say "(PLAY x"
expect_error_reply 400 "an unbalanced message"
say "(FROB 1 2)"
expect_error_reply 400 "an unknown message"
# with no match on, a PLAY, STOP or ABORT is not ours: busy, as the
# protocol has it for another match's id and ggp-base's player answers
# (it was a 400 error)
say "(PLAY nomatch NIL)"
expect_reply 200 busy "PLAY with no match"
say "(STOP nomatch NIL)"
expect_reply 200 busy "STOP with no match"
say "(START m1 nobody ((role a) (init (p)) (<= (legal a x) (true (p))) (<= (next (p)) (does a x)) (<= terminal (not (true (p)))) (<= (goal a 100) (true (p)))) 5 2)"
expect_error_reply 400 "START with an unknown role"
say "(START m1 a ((role a) (<= (legal a ?x))) 5 2)"
expect_error_reply 400 "START with invalid rules"
say "(START m1 xplayer ((role xplayer)) five 2)"
expect_error_reply 400 "START with a bad clock"
# rules with no literal at all: once undefined behaviour in the grounder,
# which stopped the sanitizer build of the player here
say "(START m1 xplayer ((role xplayer)) 5 1)"
expect_error_reply 400 "START with rules of one role and nothing else"
say "(INFO)"
expect_reply 200 "((name Tester) (status available))" "INFO after those rules"
head -c 1100000 /dev/zero | tr '\0' 'a' >"$tmp/big"
post "$tmp/big"
expect_error_reply 413 "an oversized body"
# a match with out-of-order messages (lower-case types)
rules=$(sed 's/;.*//' $D/ticTacToe.kif)
say "(start m2 oplayer ($rules) 5 2)"
expect_reply 200 ready "START m2"
say "(play m2 ((mark 1 1) (mark 2 2)))"
expect_error_reply 400 "an illegal joint move"
say "(play m2 nil)"
expect_reply 200 noop "PLAY m2 NIL as oplayer"
say "(play m2 nil)"
expect_error_reply 400 "NIL after the first turn"
say "(play m2 ((mark 2 2) noop))"
if [ "$code" = 200 ] && "$BIN" show gdl --moves "(mark 2 2),$body" >/dev/null 2>&1
then ok; else bad "PLAY m2 after (mark 2 2): '$body' ($code)"; fi
say "(abort m2)"
expect_reply 200 aborted "ABORT m2"
say "(play m2 ((mark 1 1) noop))"
expect_reply 200 busy "PLAY after ABORT"
# a simultaneous-move game: both roles choose every turn
rules=$(sed 's/;.*//' $D/roshambo2.kif)
say "(START m3 black ($rules) 5 2)"
expect_reply 200 ready "START roshambo2"
say "(PLAY m3 NIL)"
case "$body" in rock|paper|scissors|well) ok ;; *) bad "roshambo2 move '$body' ($code)" ;; esac
say "(PLAY m3 (rock $body))"
case "$body" in rock|paper|scissors|well) ok ;; *) bad "roshambo2 move 2 '$body' ($code)" ;; esac
say "(PREVIEW ($rules) 5)"
expect_reply 200 ready "PREVIEW"
say "(STOP m3 (paper $body))"
expect_reply 200 done "STOP roshambo2"
wait_exit

# ---- the play clock: an agent that would think for 30 s ----------------
serve "$tmp/log2" --max-matches 1 --agent slow:time=30,deaf=1
rules=$(sed 's/;.*//' $D/connectFour.kif)
say "(START c4 red ($rules) 10 2)"
expect_reply 200 ready "START connectFour"
for msg in "(PLAY c4 NIL)" "(PLAY c4 ((drop 1) noop))" "(PLAY c4 (noop (drop 2)))"; do
	printf '%s' "$msg" >"$tmp/msg"
	t=$(curl -s -m 20 -o "$tmp/body" -w '%{time_total}' -X POST --data-binary @"$tmp/msg" "$U")
	body=$(cat "$tmp/body")
	case "$msg:$body" in
	*"(drop 1) noop))":noop) ok ;;
	*"))":"(drop "[1-8]")") ok ;;
	*NIL\):"(drop "[1-8]")") ok ;;
	*) bad "connectFour: '$body' to $msg" ;;
	esac
	# the reply came before the 2 s play clock ran out
	if awk -v t="$t" 'BEGIN { exit !(t < 2.0) }'; then ok; else
		bad "$msg answered after $t s (play clock 2 s)"; fi
done
grep -q "by fallback (agent still thinking from an earlier turn)" "$tmp/log2" && ok ||
	bad "no second fallback logged: $(cat "$tmp/log2")"
grep -q "by fallback (agent out of time, no move published)" "$tmp/log2" && ok ||
	bad "no fallback logged: $(cat "$tmp/log2")"
say "(ABORT c4)"
expect_reply 200 aborted "ABORT connectFour"
wait_exit

# ---- the default agent (uct), its time set from the play clock -----------
serve "$tmp/log3" --max-matches 1
grep -q "(agent uct)" "$tmp/log3" && ok || bad "default agent: $(cat "$tmp/log3")"
rules=$(sed 's/;.*//' $D/ticTacToe.kif)
say "(START u1 xplayer ($rules) 5 1)"
expect_reply 200 ready "START for uct"
printf '%s' "(PLAY u1 NIL)" >"$tmp/msg"
t=$(curl -s -m 20 -o "$tmp/body" -w '%{time_total}' -X POST --data-binary @"$tmp/msg" "$U")
body=$(cat "$tmp/body")
case "$body" in "(mark "[1-3]" "[1-3]")") ok ;; *) bad "uct move '$body'" ;; esac
if awk -v t="$t" 'BEGIN { exit !(t < 1.0) }'; then ok; else
	bad "uct answered after $t s (play clock 1 s)"; fi
grep -q "by agent" "$tmp/log3" && ok || bad "uct did not answer: $(cat "$tmp/log3")"
say "(STOP u1 ((mark 2 2) noop))"
expect_reply 200 done "STOP for uct"
wait_exit

# ---- ggp match: our manager against our player and a local agent ---------
mkdir -p "$tmp/live"
serve "$tmp/log4" --max-matches 2 --agent random --live "$tmp/live"
"$BIN" ggp match $D/ticTacToe.kif --player "$U" --player random -n 2 \
	--startclock 5 --playclock 2 --record "$tmp/rec.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok || bad "ggp match: rc=$rc $(cat "$tmp/err")"
[ "$(grep -c '^match [12]: xplayer [0-9]* oplayer [0-9]* ([0-9]* moves, 0 errors)$' "$tmp/out")" = 2 ] &&
	ok || bad "ggp match output: $(cat "$tmp/out")"
[ "$(grep -c '"isCompleted":true,' "$tmp/rec.json")" = 2 ] && ok || bad "records: $(cat "$tmp/rec.json")"
"$REC" "$tmp/rec.json" >"$tmp/recout" && grep -q "^2 records$" "$tmp/recout" && ok ||
	bad "records not read as ggp-base's: $(cat "$tmp/recout")"
grep -q '"moves":\[\["(mark [1-3] [1-3])","noop"\],\["noop","(mark' "$tmp/rec.json" && ok ||
	bad "record moves: $(head -c 600 "$tmp/rec.json")"
grep -q '"legalCounts":\[\[9,1\],\[1,8\],' "$tmp/rec.json" && ok || bad "record legal counts"
grep -q '"IL\|"CE\|"TO' "$tmp/rec.json" && bad "errors recorded: $(cat "$tmp/rec.json")" || ok
wait_exit
# the player's own records (--live), one a match, as it saw the match:
# ggp-base's format, completed, and the manager's states, moves and
# goals (each file named by its match id, in the manager's order)
for id in $(sed -n 's/^{"matchId":"\([0-9a-z.]*\)".*/\1/p' "$tmp/rec.json"); do
	cat "$tmp/live/$id.json"
done >"$tmp/lrec.json" 2>/dev/null
"$REC" "$tmp/lrec.json" >"$tmp/recout" && grep -q "^2 records$" "$tmp/recout" && ok ||
	bad "live records not read as ggp-base's: $(cat "$tmp/recout") $(cat "$tmp/lrec.json")"
part() { # part FROM TO FILE : each line's text between "FROM": and ,"TO"
	sed -n "s/.*\"$1\":\(.*\),\"$2\".*/\1/p" "$3"
}
for f in states:moves moves:stateTimes goalValues:previewClock; do
	a=$(part "${f%%:*}" "${f##*:}" "$tmp/rec.json")
	b=$(part "${f%%:*}" "${f##*:}" "$tmp/lrec.json")
	[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "live ${f%%:*}: '$b', want '$a'"
done
grep -q inProgress "$tmp/lrec.json" && bad "a finished match's live record in progress" || ok
# a simultaneous-move game through the manager
serve "$tmp/log5" --max-matches 1 --agent random
"$BIN" ggp match $D/roshambo2.kif --player random --player "$U" \
	--startclock 5 --playclock 2 --record "$tmp/rec3.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "^match 1: white [0-9]* black [0-9]* ([1-9][0-9]* moves, 0 errors)$" "$tmp/out" &&
   grep -q '"legalCounts":\[\[4,4\]' "$tmp/rec3.json" && "$REC" "$tmp/rec3.json" >/dev/null; then ok; else
	bad "roshambo2 match: rc=$rc $(cat "$tmp/out" "$tmp/err" "$tmp/rec3.json")"; fi
wait_exit
# an unreachable player gets random moves, recorded as connection errors,
# counted in the summary, and the run fails naming it
"$BIN" ggp match $D/ticTacToe.kif --player http://127.0.0.1:1/ --player random \
	--startclock 1 --playclock 1 --record "$tmp/rec2.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "^match 1: .*[1-9] errors)$" "$tmp/out" &&
   grep -q '"errors":\[\["CE",""\]' "$tmp/rec2.json" && "$REC" "$tmp/rec2.json" >/dev/null &&
   grep -q "^xplayer  http://127.0.0.1:1/  .* moves replaced by random ones; 0 timed out, [1-9][0-9]* no connection, 0 illegal" "$tmp/out" &&
   grep -q "^oplayer  random  .* none$" "$tmp/out" &&
   grep -q "player 1 (http://127.0.0.1:1/) could not be reached" "$tmp/err"; then ok; else
	bad "unreachable player: rc=$rc $(cat "$tmp/out" "$tmp/err" "$tmp/rec2.json")"; fi
expect_error 2 "give 2 --player" ggp match $D/ticTacToe.kif --player random
# a local agent's spec is given its time from the play clock: one too
# long for that is refused, naming it (the time was once cut off silently)
S=uct:c=40; while [ ${#S} -lt 1018 ]; do S="$S,c=40"; done
expect_error 2 "player 1: agent spec too long to add its time: 1018 characters" \
	ggp match $D/ticTacToe.kif --player "$S" --player random --playclock 1
# a player's URL and the output folders checked before any match (they
# once failed only as "could not be reached", or after every match)
expect_error 2 "player 2: http://127.0.0.1:99999/: the port must be a number in 1..65535" \
	ggp match $D/ticTacToe.kif --player random --player http://127.0.0.1:99999/
expect_error 2 "player 2: https://127.0.0.1:9147/: GGP players answer plain HTTP" \
	ggp match $D/ticTacToe.kif --player random --player https://127.0.0.1:9147/
expect_error 2 "player 1: http://: no host" \
	ggp match $D/ticTacToe.kif --player http:// --player random
expect_error 1 "ggp match --live: cannot write into '$tmp/nolive'" \
	ggp match $D/ticTacToe.kif --player random --player random --live "$tmp/nolive"
expect_error 1 "ggp match --record: cannot write '$tmp/no/rec.json'" \
	ggp match $D/ticTacToe.kif --player random --player random --record "$tmp/no/rec.json"
expect_error 1 "ggp serve --live: cannot write into '$tmp/nolive'" \
	ggp serve --port 0 --live "$tmp/nolive"

# ---- names as the server spells them (case-sensitive) --------------------
serve "$tmp/log6" --max-matches 1 --agent random
rules=$(sed 's/;.*//' data/gdl/case/case.kif)
say "(START k1 player ($rules) 5 2)"
expect_reply 200 ready "START case.kif"
say "(PLAY k1 NIL)"
case "$body" in "(go 1)"|"(mark A)"|"(mark a)") ok ;; *) bad "case.kif move '$body' ($code)" ;; esac
say "(STOP k1 ((mark A)))"
expect_reply 200 done "STOP case.kif"
wait_exit

# ---- a role given two goal values at the end (pentago's rules) -----------
# the manager tells it once on stderr, the player logs it at the STOP
"$BIN" ggp match $D/pentago.kif --player random --player random -n 6 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
   grep -q "^gamelearn: note: $D/pentago.kif: match [1-6] ends where the rules give role 'black' 2 goal values (0 and 100); the largest, 100, is its goal here" "$tmp/err"
then ok; else bad "ggp match pentago: rc=$rc $(cat "$tmp/err")"; fi
serve "$tmp/log7" --max-matches 8 --agent random
"$BIN" ggp match $D/pentago.kif --player random --player "$U" -n 8 \
	--startclock 5 --playclock 2 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok || bad "ggp match pentago against our player: rc=$rc $(cat "$tmp/err")"
wait_exit
grep -q "note: the rules give role 'black' 2 goal values in the final state (0 and 100); the largest, 100, is taken" "$tmp/log7" &&
	ok || bad "no note of the goal values logged: $(cat "$tmp/log7")"

# ---- only its manager plays (issue 68, item 2) ----------------------------
# say_from ADDR TEXT : POST TEXT from the source address ADDR (127.0.0.2:
# another client host, which Linux routes on loopback)
say_from() {
	printf '%s' "$2" >"$tmp/msg"
	code=$(curl -s -m 20 --interface "$1" -o "$tmp/body" -w '%{http_code}' \
		-X POST -H 'Content-Type: text/acl' --data-binary @"$tmp/msg" "$U")
	body=$(cat "$tmp/body")
}
# a real match (our manager, from 127.0.0.1, the player's agent `slow`
# taking its whole play clock) while 127.0.0.2 sends PLAY, STOP and ABORT
# with the match's id: each gets 403 and the match goes on to its end
# with no error (an ABORT from anyone once ended it, and the match was
# lost 0-100)
serve "$tmp/log8" --max-matches 1 --agent slow
grep -q "matches started by any address, clocks up to 300 s" "$tmp/log8" && ok ||
	bad "the startup line does not say who may start: $(cat "$tmp/log8")"
"$BIN" ggp match $D/ticTacToe.kif --player "$U" --player random \
	--startclock 5 --playclock 2 >"$tmp/out8" 2>"$tmp/err8" &
mpid=$!
id=""
i=0 # the match's id, as the player logged it (it cannot be guessed)
while [ $i -lt 100 ] && [ -z "$id" ]; do
	sleep 0.1
	id=$(sed -n 's/.*rules of \([^ ]*\) compiled.*/\1/p' "$tmp/log8")
	i=$((i + 1))
done
[ -n "$id" ] && ok || bad "the match did not start: $(cat "$tmp/log8")"
for msg in "(PLAY $id NIL)" "(PLAY $id ((mark 1 1) noop))" "(STOP $id NIL)" "(ABORT $id)"; do
	say_from 127.0.0.2 "$msg"
	case "$code:$body" in
	"403:error "*" from 127.0.0.2 refused: only the address that started match $id may send it") ok ;;
	*) bad "$msg from 127.0.0.2: $code '$body'" ;;
	esac
done
say_from 127.0.0.2 "(INFO)"
expect_reply 200 "((name gamelearn) (status busy))" "INFO from 127.0.0.2 during the match"
wait $mpid
rc=$?
if [ $rc -eq 0 ] && grep -q "^match 1: xplayer [0-9]* oplayer [0-9]* ([0-9]* moves, 0 errors)$" "$tmp/out8"
then ok; else bad "the match beside another address's messages: rc=$rc $(cat "$tmp/out8" "$tmp/err8")"; fi
grep -q "POST (STOP $id .* -> done" "$tmp/log8" && ok || bad "no STOP from the manager: $(cat "$tmp/log8")"
grep -q "POST (ABORT $id) -> error ABORT from 127.0.0.2 refused" "$tmp/log8" && ok ||
	bad "the refused ABORT is not logged: $(cat "$tmp/log8")"
wait_exit

# --allow and its errors: a malformed one is a usage error naming it (the
# player never starts: bounded by timeout all the same)
for a in 127.0.0.1/33 127.0.0.300 localhost 10.0.0.0/ 10.0.0.0/8x ::1; do
	timeout 10 "$BIN" ggp serve --port 0 --allow 127.0.0.1 --allow "$a" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	case "$a" in ::1) want="--allow '::1' is IPv6 but the player listens on IPv4 (--bind 0.0.0.0)" ;;
	*) want="--allow '$a' is not an address: give ADDR or ADDR/BITS, IPv4 or IPv6" ;; esac
	if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"
	then ok; else bad "--allow $a: rc=$rc $(cat "$tmp/err")"; fi
done
# only --allow's addresses may START: 127.0.0.2 gets 403 and starts
# nothing; 127.0.0.1 may; a clock above --max-clock is refused
serve "$tmp/log9" --max-matches 1 --agent random --allow 127.0.0.1/32 --allow 10.0.0.0/8 --max-clock 10
grep -q "matches started by 127.0.0.1/32, 10.0.0.0/8, clocks up to 10 s" "$tmp/log9" && ok ||
	bad "the startup line does not name --allow: $(cat "$tmp/log9")"
rules=$(sed 's/;.*//' $D/ticTacToe.kif)
say_from 127.0.0.2 "(START a1 xplayer ($rules) 5 2)"
expect_reply 403 "error START from 127.0.0.2 refused: not an address of --allow" "START from 127.0.0.2"
grep -q "POST (START a1 .* -> error START from 127.0.0.2 refused" "$tmp/log9" && ok ||
	bad "the refused START is not logged: $(cat "$tmp/log9")"
say_from 127.0.0.2 "(INFO)"
expect_reply 200 "((name gamelearn) (status available))" "INFO from 127.0.0.2 after its START"
say "(START a1 xplayer ($rules) 11 2)"
expect_reply 400 "error START: clocks above 10 s are refused (--max-clock)" "a start clock over --max-clock"
say "(START a1 xplayer ($rules) 10 10)"
expect_reply 200 ready "START from 127.0.0.1"
say_from 127.0.0.2 "(START a2 xplayer ($rules) 5 2)"
expect_reply 403 "error START from 127.0.0.2 refused: not an address of --allow" "START from 127.0.0.2 during a match"
say "(ABORT a1)"
expect_reply 200 aborted "ABORT from 127.0.0.1"
wait_exit

# ---- usage ---------------------------------------------------------------
expect_error 2 "usage: gamelearn ggp serve|match" ggp
expect_error 2 "unknown option '--frob'" ggp serve --frob 1
expect_error 2 "unknown subcommand" ggp frob
expect_error 2 "ggp serve: --name needs a value, got ''" ggp serve --name ""
expect_error 2 "--agent" ggp serve --agent nosuchagent

finish
