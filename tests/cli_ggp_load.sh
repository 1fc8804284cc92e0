#!/bin/sh
# cli_ggp_load.sh BIN - the GGP player never sends a random move for want
# of time (issue 70 item 1): `ggp serve` with its default agent (uct)
# plays whole matches under a 1 s play clock while four CPU hogs run
# beside it (load about 6 on two cores): a turn-taking game (ticTacToe),
# a simultaneous one (roshambo2) and one of three roles
# (tictactoe_3player). Every reply is the agent's (its move, or its best
# so far when the deadline cuts the search), none a fallback, and no
# reply comes late (the manager counts a late or missing reply as an
# error). The hogs stop by themselves after 150 s and are killed on
# exit; everything stays on 127.0.0.1.
. "$(dirname "$0")/lib_cli.sh"

D=data/gdl/games
spid=""
hogs=""
trap '[ -n "$spid" ] && kill "$spid" 2>/dev/null; for h in $hogs; do kill "$h" 2>/dev/null; done; rm -rf "$tmp"' EXIT

for i in 1 2 3 4; do
	timeout 150 sh -c 'while :; do :; done' &
	hogs="$hogs $!"
done

# match GAME ROLES... : our player (uct) in the first seat, random in the others
match() {
	game=$1; shift
	serve "$tmp/log.$game" --max-matches 1
	"$BIN" ggp match "$D/$game.kif" --player "$U" "$@" -n 1 --startclock 5 \
		--playclock 1 >"$tmp/out.$game" 2>"$tmp/err.$game"
	rc=$?
	[ $rc -eq 0 ] && ok || bad "ggp match $game: rc=$rc $(cat "$tmp/err.$game")"
	grep -q '^match 1: .* (\([0-9]*\) moves, 0 errors)$' "$tmp/out.$game" && ok ||
		bad "$game: a reply late or wrong: $(cat "$tmp/out.$game")"
	i=0
	while [ $i -lt 100 ] && kill -0 "$spid" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	kill "$spid" 2>/dev/null
	spid=""
	n=$(grep -c " by agent" "$tmp/log.$game")
	[ "$n" -gt 0 ] && ok || bad "$game: no move by the agent: $(cat "$tmp/log.$game")"
	if grep -q "by fallback" "$tmp/log.$game"; then
		bad "$game: random moves for want of time: $(grep 'by fallback' "$tmp/log.$game")"
	else ok; fi
}

match ticTacToe --player random
match roshambo2 --player random
match tictactoe_3player --player random --player random
finish
