#!/bin/sh
# cli_leftovers.sh BIN - a save cleans up after one that was killed: the
# temporary file (NAME.tmp.XXXXXX) a kill -9 left in a folder is removed
# by the next save into that folder, whichever file it saves. `ggp match
# --live DIR` and `ggp serve --live DIR` write one file a match, so the
# next save is never of the file whose save was killed. (The web page's
# memory saves are the same library call: test_fileio.c.)
. "$(dirname "$0")/lib_cli.sh"
D=data/gdl/games
spid=""
trap '[ -n "$spid" ] && kill "$spid" 2>/dev/null; rm -rf "$tmp"' EXIT

# killed DIR : leave in DIR what a save of another match's record killed
# an hour ago leaves (its temporary file, unlocked), and a file of the
# user's as old
killed() {
	mkdir -p "$1"
	printf '{"matchId":"gamelearn.9.0","sta' >"$1/gamelearn.9.0.json.tmp.Ab12Cd"
	echo notes >"$1/notes.txt"
	touch -d '1 hour ago' "$1/gamelearn.9.0.json.tmp.Ab12Cd" "$1/notes.txt"
}

# cleaned WHAT DIR : the killed save's file is gone, the user's kept,
# no temporary file left, and a match's record written
cleaned() {
	[ ! -e "$2/gamelearn.9.0.json.tmp.Ab12Cd" ] && ok ||
		bad "$1: the killed save's temporary file is still there: $(ls "$2")"
	[ -f "$2/notes.txt" ] && ok || bad "$1: notes.txt removed"
	ls "$2" | grep -q '\.tmp\.' && bad "$1: a temporary file left: $(ls "$2")" || ok
	ls "$2" | grep -q '\.json$' && ok || bad "$1: no record written: $(ls "$2")"
}

# ggp match --live: the manager's record of each match
killed "$tmp/m"
"$BIN" ggp match $D/ticTacToe.kif --player random --player random --playclock 1 \
	--live "$tmp/m" >"$tmp/out" 2>&1 && ok || bad "ggp match --live: $(cat "$tmp/out")"
cleaned "ggp match --live" "$tmp/m"

# ggp serve --live: the player's record of each match it plays
killed "$tmp/s"
"$BIN" ggp serve --port 0 --max-matches 1 --agent random --live "$tmp/s" 2>"$tmp/log" &
spid=$!
wait_port "$tmp/log" 's/.*listening on port \([0-9]*\).*/\1/p'
"$BIN" ggp match $D/ticTacToe.kif --player "http://127.0.0.1:$port/" --player random \
	--startclock 5 --playclock 2 >"$tmp/out" 2>&1 && ok || bad "ggp match: $(cat "$tmp/out")"
# the player exits by itself (--max-matches 1), within 10 s
i=0
while [ $i -lt 100 ] && kill -0 "$spid" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
if kill -0 "$spid" 2>/dev/null; then bad "ggp serve still running"; kill "$spid"; else
	wait "$spid" && ok || bad "ggp serve: exit code $?: $(cat "$tmp/log")"
fi
spid=""
cleaned "ggp serve --live" "$tmp/s"

finish
