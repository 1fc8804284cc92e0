#!/bin/sh
# cli_ggp_slow.sh BIN SLOWCLIENTS - the GGP player under abuse on
# loopback (hardening issue, items 1, 2 and 6): real matches complete with
# no error while 200 slow or idle connections (100 sending a header byte a
# second, never ending their headers, 100 silent; each reopened when
# closed) press on a player capped at 64 connections (what once took every
# slot), while 150 idle connections from another address (127.0.0.2)
# meet the per-address limit, and while 400 slow connections from the
# manager's own address do (issue 68: they once left it no connection);
# INFO and a second START are answered at once while the agent thinks;
# clocks above the bound (--max-clock, 300 s) are refused; a match whose
# manager falls silent expires; a repeated Content-Length and a NUL in a
# header are refused; control bytes reach the log escaped. Every wait is
# bounded; the servers and helpers are killed on exit.
. "$(dirname "$0")/lib_cli.sh"

SLOW=${2:-}
[ -x "$SLOW" ] || { echo "cli_ggp_slow: the slowclients helper is needed as \$2" >&2; exit 1; }
command -v curl >/dev/null 2>&1 || { echo "cli_ggp_slow: curl is needed" >&2; exit 1; }
D=data/gdl/games
spid=""
hpids=""
trap '[ -n "$spid" ] && kill "$spid" 2>/dev/null; for p in $hpids; do kill "$p" 2>/dev/null; done; [ -n "${KEEP:-}" ] && cp -r "$tmp" "$KEEP"; rm -rf "$tmp"' EXIT

# match N LOG : our manager plays N ticTacToe matches against the player
match() {
	"$BIN" ggp match $D/ticTacToe.kif --player "$U" --player random -n "$1" \
		--startclock 5 --playclock 2 --record "$tmp/rec.json" >"$2" 2>&1
}

# ---- 200 slow and idle connections against a cap of 64 ------------------
serve "$tmp/log1" --bind 127.0.0.1 --connections 64 --per-ip 0 --agent random --max-matches 2
"$SLOW" 127.0.0.1 "$port" 100 12 >"$tmp/slow1" &
hpids="$!"
"$SLOW" 127.0.0.1 "$port" 100 12 --idle >"$tmp/idle1" &
hpids="$hpids $!"
sleep 3 # every slot is pressed on by now
match 2 "$tmp/m1"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c '^match [12]: .* 0 errors)$' "$tmp/m1")" = 2 ]; then ok; else
	bad "matches beside 200 slow connections: rc=$rc $(cat "$tmp/m1")"; fi
grep -q '"CE"\|"TO"' "$tmp/rec.json" && bad "errors recorded: $(cat "$tmp/rec.json")" || ok
for p in $hpids; do wait "$p"; done
hpids=""
# the server shut slow ones itself (the helpers reopen each one closed)
c1=$(sed -n 's/.*closed-by-server \([0-9]*\).*/\1/p' "$tmp/slow1")
c2=$(sed -n 's/.*closed-by-server \([0-9]*\).*/\1/p' "$tmp/idle1")
if [ "${c1:-0}" -ge 100 ] && [ "${c2:-0}" -ge 100 ]; then ok; else
	bad "slow connections not closed: $(cat "$tmp/slow1" "$tmp/idle1")"; fi
grep -q "closed [0-9]* slow or surplus connections" "$tmp/log1" && ok ||
	bad "no log of closed connections: $(tail -n 5 "$tmp/log1")"
stop_server "$tmp/log1"

# beside LOG WHAT ARGS... : a match against a player (logging to LOG,
# the default limits) while `slowclients HOST PORT ARGS...` presses on it
# makes no error
beside() {
	blog=$1 what=$2
	shift 2
	serve "$blog" --bind 127.0.0.1 --agent random --max-matches 1
	"$SLOW" 127.0.0.1 "$port" "$@" >"$blog.slow" &
	hpids="$!"
	sleep 2
	match 1 "$blog.m"
	rc=$?
	if [ $rc -eq 0 ] && grep -q '^match 1: .* 0 errors)$' "$blog.m"; then ok; else
		bad "a match beside $what: rc=$rc $(cat "$blog.m")"; fi
	wait $hpids
	hpids=""
	stop_server "$blog"
}

# ---- 150 idle connections from another address ---------------------------
beside "$tmp/log2" "150 idle connections from 127.0.0.2" 150 8 --idle --from 127.0.0.2

# ---- 400 slow connections from the manager's own address -----------------
# past --per-ip (64) an address's oldest slow connection is closed for a
# new one; libmicrohttpd refused new ones there, and these left the
# manager (on the same address) no connection for 51 of 65 moves
beside "$tmp/log5" "400 slow connections from 127.0.0.1" 400 12

# ---- uploads stalled in their bodies: the manager's messages still pass --
# eight bodies of 1 MiB less 100 bytes, held open a byte a second: counted
# whole, as they once were, they left 800 bytes of the bodies' cap (8 MiB)
# and the START (2 KB) got 413; the first 64 KiB of each body are not
# counted now, so the match's small messages pass
beside "$tmp/log4" "8 stalled 1 MiB uploads" 8 10 --body 1048476

# ---- INFO and START answered at once while the agent thinks --------------
# the test agent `slow` thinks for the whole 60 s play clock (its log says
# when it begins); INFO and a second START are answered while the PLAY
# still waits, and the ABORT answers the PLAY (not a time under N s,
# which a loaded machine may miss)
serve "$tmp/log3" --bind 127.0.0.1 --agent "slow:log=$tmp/slow3"
rules=$(sed 's/;.*//' $D/connectFour.kif)
say "(START c4 red ($rules) 10 60)"
[ "$body" = ready ] && ok || bad "START connectFour: $code '$body'"
printf '(PLAY c4 NIL)' >"$tmp/play"
curl -s -m 120 -o "$tmp/playbody" -X POST --data-binary @"$tmp/play" "$U" &
cpid=$!
i=0 # the agent is given its time (10 s at most)
while [ $i -lt 100 ] && ! grep -q "^set_time [1-9]" "$tmp/slow3" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
grep -q "^set_time [1-9]" "$tmp/slow3" && ok || bad "the agent was not asked: $(cat "$tmp/log3")"
say "(INFO)"
if [ "$body" = "((name gamelearn) (status busy))" ] && kill -0 $cpid 2>/dev/null; then ok; else
	bad "INFO while the agent thinks: '$body' after $secs s"; fi
say "(START other red ((role red)) 5 5)"
if [ "$body" = busy ] && kill -0 $cpid 2>/dev/null; then ok; else
	bad "a second START while the agent thinks: '$body' after $secs s"; fi
kill -0 $cpid 2>/dev/null && ok || bad "PLAY c4 answered before the ABORT: '$(cat "$tmp/playbody")'"
say "(ABORT c4)"
[ "$body" = aborted ] && ok || bad "ABORT: '$body'"
wait $cpid
case "$(cat "$tmp/playbody")" in "(drop "[1-8]")") ok ;; *) bad "PLAY: '$(cat "$tmp/playbody")'" ;; esac
# clocks above the bound (--max-clock, 300 s: a START once held the
# player for an hour) are refused; 300 s is accepted
say "(START big red ($rules) 10 301)"
case "$code:$body" in 400:"error START: clocks above 300 s are refused (--max-clock)") ok ;;
*) bad "a play clock of 301 s: $code '$body'" ;; esac
say "(START big red ($rules) 300 300)"
[ "$body" = ready ] && ok || bad "START with clocks of 300 s: $code '$body'"
say "(ABORT big)"
[ "$body" = aborted ] && ok || bad "ABORT big: '$body'"
say "(START big red ($rules) 1000000 10)"
case "$code:$body" in 400:error*) ok ;; *) bad "a start clock of 10^6 s: $code '$body'" ;; esac

# ---- a match whose manager falls silent expires -------------------------
say "(START quiet red ($rules) 1 1)"
[ "$body" = ready ] && ok || bad "START quiet: '$body'"
say "(INFO)"
[ "$body" = "((name gamelearn) (status busy))" ] && ok || bad "INFO in quiet: '$body'"
i=0 # silent for its start clock (1 s) + 10 s: expired (60 s at most)
while [ $i -lt 600 ]; do
	grep -q "match quiet expired" "$tmp/log3" && break
	sleep 0.1
	i=$((i + 1))
done
say "(INFO)"
[ "$body" = "((name gamelearn) (status available))" ] && ok ||
	bad "INFO after the silence: '$body' $(tail -n 3 "$tmp/log3")"
say "(START next red ($rules) 5 2)"
[ "$body" = ready ] && ok || bad "START after the expiry: '$body'"
say "(ABORT next)"

# ---- malformed headers, control bytes in the log ------------------------
printf 'POST / HTTP/1.0\r\nContent-Length: 6\r\nContent-Length: 6\r\n\r\n(INFO)' >"$tmp/r1"
printf 'POST / HTTP/1.0\r\nContent-Length: 6\r\nX-A: a\000b\r\n\r\n(INFO)' >"$tmp/r2"
printf 'POST / HTTP/1.0\r\nContent-Length: 6\r\n\r\n(INFO)' >"$tmp/r3"
printf 'POST / HTTP/1.0\r\nContent-Length: 13\r\n\r\n(FROB \033[31m\001)' >"$tmp/r4"
for r in r1 r2 r3 r4; do
	"$SLOW" 127.0.0.1 "$port" --once "$tmp/$r" >"$tmp/$r.out"
done
grep -q "^HTTP/1.0 400" "$tmp/r1.out" && ok || bad "a repeated Content-Length: $(cat "$tmp/r1.out")"
grep -q "^HTTP/1.0 400" "$tmp/r2.out" && ok || bad "a NUL in a header: $(cat "$tmp/r2.out")"
grep -q "^HTTP/1.0 200" "$tmp/r3.out" && ok || bad "a plain request: $(cat "$tmp/r3.out")"
grep -qF 'POST (FROB \x1b[31m\x01) -> error' "$tmp/log3" && ok ||
	bad "control bytes not escaped in the log: $(tail -n 2 "$tmp/log3")"
stop_server "$tmp/log3"
if tr -d '\n' <"$tmp/log3" | LC_ALL=C grep -q "$(printf '[\001-\037]')"; then
	bad "a control byte in the log"; else ok; fi

expect_error 2 "--bind 'nowhere' is not an IPv4 or IPv6 address" ggp serve --bind nowhere

finish
