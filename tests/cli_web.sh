#!/bin/sh
# cli_web.sh BIN SLOWCLIENTS - `gamelearn web` (issue 18) over real
# loopback HTTP with curl: the page's files served from the binary, the
# JSON API's lists,
# every kind of bad request answered with a 4xx and a one-line reason
# (malformed JSON, unknown game or agent, file parameters, illegal
# moves, unknown sessions), the experiments of the library and a quick
# run of one (one at a time), a whole tic-tac-toe game with undo, a
# teaching game whose memory is saved in --data, paths that try to leave
# --data, sessions made at once, the cap on sessions and their expiry;
# and (issue 68) that it answers only its own page: another site's
# requests (a form's Content-Type, a foreign Origin, a foreign Host) are
# refused, one address cannot take the session table, the agents' memory
# is bounded, a kif file is confined to --data like /data/, and slow
# clients from other addresses or the user's own cannot shut the user
# out. The server still up at the end. Every wait and every load is
# bounded; the servers are killed on exit.
. "$(dirname "$0")/lib_cli.sh"

command -v curl >/dev/null 2>&1 || { echo "cli_web: curl is needed" >&2; exit 1; }
SLOW=${2:-}
[ -x "$SLOW" ] || { echo "cli_web: the slowclients helper is needed as \$2" >&2; exit 1; }
spid=""
spid2=""
spid3=""
slows=""
trap '[ -n "$spid" ] && kill "$spid" 2>/dev/null; [ -n "$spid2" ] && kill "$spid2" 2>/dev/null
	[ -n "$spid3" ] && kill "$spid3" 2>/dev/null; [ -n "$slows" ] && kill $slows 2>/dev/null
	rm -rf "$tmp"' EXIT

# web LOG ARGS... : start `gamelearn web --port 0 ARGS`; sets wpid and W
web() {
	log=$1; shift
	"$BIN" web --port 0 "$@" >"$log" 2>&1 &
	wpid=$!
	wait_port "$log" 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p'
	W=http://127.0.0.1:$port
}

# req METHOD PATH [BODY [CURL-ARGS...]] : sets code and body (BODY "":
# none). The request says its body is JSON, or CT when set (CT=-: no
# Content-Type at all);
# IFACE, when set, is the source address (a second client: 127.0.0.2)
req() {
	m=$1 pth=$2
	shift 2
	b=${1:-}
	[ $# -ge 1 ] && shift
	if [ -n "$b" ]; then
		printf '%s' "$b" >"$tmp/req"
		set -- --data-binary @"$tmp/req" "$@"
	fi
	ct="Content-Type: ${CT:-application/json}"
	[ "${CT:-}" = - ] && ct="Content-Type:"
	code=$(curl -s -m 120 --path-as-is ${IFACE:+--interface "$IFACE"} -o "$tmp/body" \
		-w '%{http_code}' -X "$m" -H "$ct" "$@" "$W$pth")
	body=$(cat "$tmp/body")
}
# want CODE PATTERN WHAT : the last reply had status CODE and PATTERN
want() {
	if [ "$code" = "$1" ] && printf '%s' "$body" | grep -q -- "$2"; then ok; else
		bad "$3: status $code (want $1), body: $(printf '%s' "$body" | head -c 300)"; fi
}
# an error reply is one JSON object with one line of reason
want_err() {
	want "$1" '^{"error":".*"}$' "$3"
	want "$1" "$2" "$3"
}
# play_out ID : the person plays the first legal move until the game ends
play_out() {
	req GET "/api/sessions/$1"
	n=0
	while [ $n -lt 9 ] && ! printf '%s' "$body" | grep -q '"over":true'; do
		req POST "/api/sessions/$1/move" "{\"move\":\"$(first_legal)\"}"
		n=$((n + 1))
	done
}
sid() { printf '%s' "$body" | sed -n 's/^{"id":"\([0-9a-f]*\)".*/\1/p'; }
first_legal() { printf '%s' "$body" | sed -n 's/.*"legal":\[{"id":[0-9]*,"text":"\([^"]*\)".*/\1/p'; }

D=$tmp/data
mkdir -p "$D/out/sub" "$D/gdl"
printf 'gen,best\n1,"0.5"\n' >"$D/out/sub/evolve.csv"
printf '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n' >"$D/out/plot.svg"
printf 'secret\n' >"$tmp/secret.csv"
ln -s "$tmp/secret.csv" "$D/out/link.csv"
cp data/gdl/games/ticTacToe.kif "$D/gdl/"
# (the cap on sessions per address and on the agents' memory are tested
# on servers of their own below)
web "$tmp/log" --data "$D" --sessions-per-address 64 --agent-memory 100000
spid=$wpid

# the page, from the binary
req GET /
want 200 '<title>gamelearn</title>' "GET /"
req GET /app.js
want 200 'function main' "GET /app.js"
req GET /nosuch.html
want_err 404 'no such page' "GET an unknown page"

# lists
req GET /api/games
want 200 '"name":"tictactoe"' "games"
want 200 '"name":"connect4","spec":"connect:w=7,h=6,k=4"' "games: presets"
want 200 '"kifs":\["gdl/ticTacToe.kif"\]' "games: the GDL file under --data"
req GET /api/agents
want 200 '"name":"martens"' "agents"
want 200 '"learners":\["martens","lauto","td","gapairs"\]' "agents: learners"
want 200 '"key":"nodes","default":"4000000","help":"[^"]*","min":0,"max":4000000' \
	"agents: perfect's nodes shown at the web's bound, not the library's default"
if printf '%s' "$body" | grep -q '"key":"load"\|"key":"save"\|"key":"weights"\|"key":"features"'; then
	bad "agents: file parameters listed"; else ok; fi
req GET /api/results
want 200 '"files":\["out/plot.svg","out/sub/evolve.csv"\]' "results: CSV and SVG under --data, no link out"

# experiments: the library's registry; a quick run in the background
# through the same pieces as `repro`, one at a time; its output and
# tables as data, its files under --data, labelled by experiment
req GET /api/experiments
want 200 '"name":"ga-nim","summary":"[^"]*","paper":"[^"]*","quick":"--seeds 2' "experiments: listed from the library"
want 200 '"name":"hwang".*"run":{"state":"idle"}' "experiments: hwang, idle"
req POST /api/experiments/ga-nim/run '{}'
want 202 '"state":"running","folder":"experiments/ga-nim"' "experiments: a quick run started"
req POST /api/experiments/hwang/run '{}'
want_err 409 'ga-nim is running; one run at a time' "experiments: a second run refused"
n=0
while [ $n -lt 1200 ]; do
	req GET /api/experiments/ga-nim
	printf '%s' "$body" | grep -q '"state":"running"' || break
	sleep 0.5
	n=$((n + 1))
done
want 200 '"state":"done"' "experiments: the run done"
want 200 'gapairs on Nim: 2 seeds' "experiments: its output"
want 200 '"name":"ga-nim-games.csv","columns":\["heaps","K","games_per_generation"' "experiments: its tables as data"
[ -s "$D/experiments/ga-nim/ga-nim.csv" ] && [ -s "$D/experiments/ga-nim/ga-nim-win-2-3-4-normal.svg" ] &&
	ok || bad "experiments: the run's files not in --data"
req GET /api/results
want 200 '"experiments":{.*"ga-nim":\["experiments/ga-nim/ga-nim-games.csv"' "results: labelled by experiment"
want 200 '"experiments":{.*"":\["out/plot.svg","out/sub/evolve.csv"\]' "results: the others apart"
req POST /api/experiments/nosuch/run '{}'
want_err 404 "no experiment 'nosuch'" "experiments: an unknown one"
req GET /api/experiments/hwang/nosuch
want_err 404 "no API for experiment hwang" "experiments: an unknown verb"

# malformed and refused requests: each a 4xx with a one-line reason
req POST /api/sessions '{"game": "tictactoe",'
want_err 400 'bad JSON at line 1' "truncated JSON"
req POST /api/sessions '[1,2]'
want_err 400 'must be a JSON object' "JSON not an object"
req POST /api/sessions '{"game":"tictactoe","game":"hex"}'
want_err 400 'bad JSON' "duplicate key"
req POST /api/sessions '{"game":7}'
want_err 400 "field 'game' must be a string" "game not a string"
req POST /api/sessions '{}'
want_err 400 'game: missing' "no game"
req POST /api/sessions '{"game":"chess"}'
want_err 404 "unknown game 'chess'" "unknown game"
req POST /api/sessions '{"game":"hex:size=99"}'
want_err 400 'size' "parameter out of range"
req POST /api/sessions '{"game":"gdl:/etc/passwd"}'
want_err 400 "reads a file; give 'kif'" "gdl spec with a file"
req POST /api/sessions '{"kif":"../secret.kif"}'
want_err 400 'not a .kif path inside the data folder' "kif outside --data"
# a second file= through the kif field once loaded any .kif on the machine
req POST /api/sessions '{"kif":"x,file=/tmp/outside.kif","opponent":"random"}'
want_err 400 'not a .kif path inside the data folder' "kif with a spec in it"
req POST /api/sessions '{"game":"connect4","opponent":"uct:nodes=100000000"}'
want_err 400 'nodes must be at most 2000000 (its default) on the web' "uct's arena above its default"
req POST /api/sessions '{"game":"connect4","opponent":"uct:states=100000"}'
want_err 400 'states must be at most 128 (its default) on the web' "uct's states above their default"
req POST /api/sessions '{"game":"tictactoe","opponent":"wizard"}'
want_err 404 "unknown agent 'wizard'" "unknown agent"
req POST /api/sessions '{"game":"tictactoe","opponent":"martens:save=/tmp/x"}'
want_err 400 "parameter 'save' names a file" "file parameter"
req POST /api/sessions '{"game":"tictactoe","opponent":"uct:time=100"}'
want_err 400 'time must be 0.05..10' "a time past the bound"
req POST /api/sessions '{"game":"tictactoe","opponent":"perfect:nodes=900000000"}'
want_err 400 'nodes must be at most' "a node bound past the web's"
req POST /api/sessions '{"game":"checkers","opponent":"perfect","first":"machine"}'
want_err 400 'perfect cannot solve checkers' "perfect on checkers refused at once"
req POST /api/sessions '{"game":"tictactoe","mode":"fight"}'
want_err 400 'mode must be play, teach or watch' "bad mode"
req POST /api/sessions '{"game":"tictactoe","mode":"watch","agents":["random"]}'
want_err 400 'want an array of 2 agent specs' "watch with one agent"
req GET /api/sessions/0123456789abcdef
want_err 404 'no session' "unknown session"
req POST /api/sessions/0123456789abcdef/move '{"move":"a1"}'
want_err 404 'no session' "move in an unknown session"
req GET /api/nosuch
want_err 404 'no API' "unknown API"
req GET /api/%ff%fe
want_err 404 'no API' "a path that is not UTF-8"
req POST /api/sessions '{"game":"tictactoe","opponent":"\u00e9t\u00e9"}'
want_err 404 'unknown agent' "an agent name beyond ASCII"
head -c 70000 /dev/zero | tr '\0' ' ' >"$tmp/big"
code=$(curl -s -m 30 -o "$tmp/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
	--data-binary @"$tmp/big" "$W/api/sessions")
body=$(cat "$tmp/body")
want_err 413 'over 64 KiB' "oversized body"

# a whole game against random, with undo and illegal moves explained
req POST /api/sessions '{"game":"tictactoe","opponent":"random","seed":3}'
want 201 '"plies":0' "new tic-tac-toe game"
id=$(sid)
req POST "/api/sessions/$id/move" '{"move":"z9"}'
want_err 400 "z9" "malformed move"
req POST "/api/sessions/$id/move" '{}'
want_err 400 'move: missing' "move missing"
req POST "/api/sessions/$id/move" '{"move":"b2"}'
want 200 '"plies":2' "a move and the reply"
req POST "/api/sessions/$id/move" '{"move":"b2"}'
want_err 409 'not legal\|illegal' "an occupied cell"
req POST "/api/sessions/$id/undo" '{}'
want 200 '"plies":0' "undo takes back the move and the reply"
req POST "/api/sessions/$id/undo" '{}'
want_err 409 'nothing to undo' "nothing to undo"
play_out "$id"
want 200 '"over":true' "the game played to its end"
want 200 '"result":"\(draw\|player [12] ([^)]*) wins\)' "the result said"
req POST "/api/sessions/$id/move" '{"move":"a1"}'
want_err 409 'the game is over' "a move after the end"
req POST "/api/sessions/$id/step" '{}'
want_err 409 'only a watched game steps' "step in a played game"
req DELETE "/api/sessions/$id"
want 200 '"deleted"' "delete"
req GET "/api/sessions/$id"
want_err 404 'no session' "deleted session gone"

# a GDL game from --data, and a watched game stepping to its end
req POST /api/sessions '{"kif":"gdl/ticTacToe.kif","opponent":"random"}'
want 201 '"type":"gdl"' "a GDL game from --data"
want 201 '"game":"gdl:file=gdl/ticTacToe.kif,' "the GDL file named inside --data"
req POST /api/sessions '{"game":"nim","mode":"watch","agents":["random","perfect"]}'
want 201 '"mode":"watch"' "watch"
id=$(sid)
n=0
while [ $n -lt 20 ] && ! printf '%s' "$body" | grep -q '"over":true'; do
	req POST "/api/sessions/$id/step" '{}'
	n=$((n + 1))
done
want 200 '"over":true' "watched to the end"
req POST "/api/sessions/$id/undo" '{}'
want_err 409 'no person plays' "undo in a watched game"

# teaching: martens' memory saved in --data after the game, its record kept
req POST /api/sessions '{"game":"tictactoe","mode":"teach","learner":"martens"}'
want 201 '"learned":{"learner":"martens"' "teach"
id=$(sid)
req POST /api/sessions '{"game":"tictactoe","mode":"teach","learner":"martens"}'
want_err 409 'being taught in another session' "one memory, one teacher"
play_out "$id"
want 200 '"note":"memory saved"' "memory saved after the game"
want 200 '"memory_bytes":[1-9]' "memory file has bytes"
[ -s "$D/memory/martens--tictactoe.mem" ] && ok || bad "teach: no memory file"
[ "$(tr -d '\n' <"$D/memory/martens--tictactoe.mem.wdl" | wc -w)" = 3 ] && ok ||
	bad "teach: no W/D/L record"
req POST "/api/sessions/$id/undo" '{}'
want_err 409 'already learned' "no undo after the learner learned"
req DELETE "/api/sessions/$id"
# two GDL files whose names differ only where a memory's name cannot
# tell them apart (gdl/a_b.kif, gdl/a/b.kif) keep two memories; a memory
# saved under the plain name before names had a hash is moved, not lost
mkdir -p "$D/gdl/a"
cp data/gdl/games/ticTacToe.kif "$D/gdl/a_b.kif"
cp data/gdl/games/ticTacToe.kif "$D/gdl/a/b.kif"
cp data/gdl/games/ticTacToe.kif "$D/gdl/c_d.kif"
plain_of() { # a game's spec as the memory's plain name writes it
	printf 'memory/lauto--%s' "$(printf 'gdl:file=%s,reasoner=auto,case=keep' \
		"$D/gdl/$1" | sed 's/[^A-Za-z0-9.-]/_/g')"
}
ab=$(plain_of a_b.kif)
req POST /api/sessions '{"kif":"gdl/a_b.kif","mode":"teach","learner":"lauto"}'
want 201 "\"memory\":\"$ab-[0-9a-f]\{16\}\.mem\"" "teach gdl/a_b.kif: a name of its own"
play_out "$(sid)"
want 200 '"note":"memory saved"' "gdl/a_b.kif's memory saved"
req POST /api/sessions '{"kif":"gdl/a/b.kif","mode":"teach","learner":"lauto"}'
want 201 "\"memory\":\"$ab\.mem\"" "teach gdl/a/b.kif: the plain name"
printf '%s' "$body" | grep -q '"memory_bytes"' &&
	bad "gdl/a/b.kif found gdl/a_b.kif's memory" || ok
cdp=$(plain_of c_d.kif)
cp "$D/$ab"-*.mem "$D/$cdp.mem"
req POST /api/sessions '{"kif":"gdl/c_d.kif","mode":"teach","learner":"lauto"}'
want_err 500 "memory saved for game .*a_b.kif" "another game's memory under the plain name"
[ -e "$D/$cdp.mem" ] && ok || bad "another game's memory was moved"
rm "$D/$cdp.mem"
req POST /api/sessions '{"kif":"gdl/c_d.kif","mode":"teach","learner":"lauto"}'
play_out "$(sid)"
want 200 '"note":"memory saved"' "gdl/c_d.kif's memory saved"
mv "$D/$cdp"-*.mem "$D/$cdp.mem" && mv "$D/$cdp"-*.mem.wdl "$D/$cdp.mem.wdl"
req POST /api/sessions '{"kif":"gdl/c_d.kif","mode":"teach","learner":"lauto"}'
want 201 '"memory_bytes":[1-9]' "its memory under the plain name is found"
printf '%s' "$body" | grep -q '"wins":0,"draws":0,"losses":0' &&
	bad "its W/D/L not found under the plain name" || ok
[ ! -e "$D/$cdp.mem" ] && [ ! -e "$D/$cdp.mem.wdl" ] && ls "$D/$cdp"-*.mem.wdl >/dev/null &&
	ok || bad "the plain name's memory not moved to its own name"

req POST /api/sessions '{"game":"tictactoe","mode":"teach","learner":"td"}'
want 201 '"afterstates":\[{"id":0,"text":"a1","value":' "td shows its afterstate values"
want 201 '"afterstates":\[{"id":0,"text":"a1","value":[0-9.e+-]*,"learner_value":' \
	"td's values for the learner too, not only for the player to move"
req POST /api/sessions '{"game":"tictactoe","mode":"teach","learner":"random"}'
want_err 400 'not one of martens, lauto, td, gapairs' "teach a non-learner"

# files under --data, and paths that try to leave it
req GET /data/out/sub/evolve.csv
want 200 '^gen,best' "a CSV from --data"
req GET /data/out/plot.svg
want 200 '<svg' "an SVG from --data"
req GET /data/../secret.csv
want_err 403 'path refused' "../ out of --data"
req GET /data/out/../../secret.csv
want_err 403 'path refused' "a .. in the middle"
req GET /data/%2e%2e/secret.csv
want_err 403 'path refused' "an encoded .."
req GET /data//etc/passwd
want_err 403 'path refused' "an absolute path"
req GET /data/out/link.csv
want_err 403 'leads out of the data folder' "a link out of --data"
req GET /data/memory/martens--tictactoe.mem
want_err 403 'only .svg' "a memory file is not served"
req GET /data/out/none.csv
want_err 404 'no such file' "a missing file"

# a GGP match published to the page: ggp match --live writes its record
mkdir -p "$D/matches"
"$BIN" ggp match data/gdl/games/ticTacToe.kif --player random --player random \
	--playclock 1 --live "$D/matches" >"$tmp/gm" 2>&1 && ok || bad "ggp match --live: $(cat "$tmp/gm")"
mf=$(cd "$D" && ls matches) # the file is named by the match's random id
req GET /api/matches
want 200 "\"files\":\\[\"matches/$mf\"\\]" "the match record listed"
req GET "/data/matches/$mf"
want 200 '"isCompleted":true' "the match record served"
if printf '%s' "$body" | grep -q inProgress; then bad "a finished match marked in progress"; else ok; fi
want 200 '"gameRoleNames":\["xplayer","oplayer"\]' "the record's roles"

# sessions at once: eight games made in parallel, each answering alone
i=0
pids=""
while [ $i -lt 8 ]; do
	curl -s -m 30 -o "$tmp/par$i" -X POST -H 'Content-Type: application/json' --data-binary \
		'{"game":"connect4","opponent":"alphabeta:depth=3"}' "$W/api/sessions" &
	pids="$pids $!"
	i=$((i + 1))
done
wait $pids
i=0
ids=""
while [ $i -lt 8 ]; do
	s=$(sed -n 's/^{"id":"\([0-9a-f]*\)".*/\1/p' "$tmp/par$i")
	[ -n "$s" ] && ok || bad "parallel session $i: $(head -c 200 "$tmp/par$i")"
	ids="$ids $s"
	i=$((i + 1))
done
[ "$(printf '%s\n' $ids | sort -u | wc -l)" = 8 ] && ok || bad "parallel sessions share ids:$ids"
pids=""
for s in $ids; do
	curl -s -m 30 -o "$tmp/mv$s" -X POST -H 'Content-Type: application/json' --data-binary '{"move":"d"}' \
		"$W/api/sessions/$s/move" &
	pids="$pids $!"
done
wait $pids
for s in $ids; do
	grep -q '"plies":2' "$tmp/mv$s" && ok || bad "parallel move in $s: $(head -c 200 "$tmp/mv$s")"
done

# the cap on sessions and their expiry (a second server: 2 sessions, 1 s)
web "$tmp/log2" --sessions 2 --sessions-per-address 2 --expire 1
spid2=$wpid
req POST /api/sessions '{"game":"nim","opponent":"random"}'
want 201 '"game":"nim' "capped: first"
req POST /api/sessions '{"game":"nim","opponent":"random"}'
want 201 '"game":"nim' "capped: second"
req POST /api/sessions '{"game":"nim","opponent":"random"}'
want_err 503 'too many sessions (2' "capped: third refused"
sleep 1.5
req POST /api/sessions '{"game":"nim","opponent":"random"}'
want 201 '"game":"nim' "room again once the idle expired"
req GET /api/sessions
want 200 '"max":2' "sessions listed"
req POST /api/sessions '{"game":"tictactoe","mode":"teach"}'
want_err 400 'no --data folder' "teach without --data"
req POST /api/experiments/hwang/run '{}'
want_err 400 'no --data folder' "an experiment's run without --data"

# sessions dropped as soon as idle (--expire 0) while others are made at
# once, each thinking first: every reply 201 or 503, the server up
kill "$spid2" 2>/dev/null
wait "$spid2"
web "$tmp/log2" --sessions 4 --sessions-per-address 4 --expire 0 --data "$tmp/data3"
spid2=$wpid
req POST /api/sessions '{"game":"tictactoe","mode":"teach","learner":"lauto"}'
want 201 '"learner":"lauto"' "teach lauto"
req POST /api/sessions '{"game":"tictactoe","mode":"teach","learner":"lauto"}'
want 201 '"learner":"lauto"' "a teaching game left idle yields its memory"
req GET /api/sessions
[ "$(printf '%s' "$body" | grep -o '"mode":"teach"' | wc -l)" = 1 ] && ok ||
	bad "the idle teaching session not dropped: $body"
i=0
pids=""
while [ $i -lt 12 ]; do
	curl -s -m 30 -o /dev/null -w '%{http_code}\n' -X POST -H 'Content-Type: application/json' --data-binary \
		'{"game":"connect4","opponent":"alphabeta:depth=4","first":"machine"}' \
		"$W/api/sessions" >"$tmp/churn$i" &
	pids="$pids $!"
	i=$((i + 1))
done
wait $pids
codes=$(cat "$tmp"/churn* | sort | uniq -c | tr -s ' \n' ' ')
if cat "$tmp"/churn* | grep -qv '^201$\|^503$'; then bad "churn: replies $codes"; else ok; fi
cat "$tmp"/churn* | grep -q '^201$' && ok || bad "churn: no session made ($codes)"
req GET /api/sessions
want 200 '"max":4' "up after the churn"

# --- issue 68: the server answers only its own page ---------------------------
# (a server of its own, --data empty: nothing another site sends may
# write there)
S=$tmp/sec
mkdir -p "$S"
web "$tmp/log3" --data "$S" --host game.example
spid3=$wpid
P=$port
# a cross-site form can POST only text/plain, urlencoded or multipart
# bodies: each refused with 415 before anything is done, nothing written
CT=text/plain req POST /api/sessions '{"game":"tictactoe","mode":"teach"}'
want_err 415 'Content-Type must be application/json' "a text/plain POST (a cross-site form)"
CT=application/x-www-form-urlencoded req POST /api/experiments/ga-nim/run '{}'
want_err 415 'Content-Type must be application/json' "an urlencoded POST starting a run"
CT='multipart/form-data; boundary=x' req POST /api/sessions '--x--'
want_err 415 'Content-Type' "a multipart POST"
CT=- req POST /api/sessions '{"game":"nim"}'
want_err 415 'Content-Type' "a POST without a Content-Type"
CT='application/jsonx' req POST /api/sessions '{"game":"nim"}'
want_err 415 'Content-Type' "a type that only begins with application/json"
req GET /api/sessions
want 200 '"sessions":\[\]' "no session made by the refused POSTs"
# (but the empty folders the server makes at its start)
made() { find "$S" -mindepth 1 ! \( -maxdepth 1 -type d -empty \( -name matches -o -name memory -o -name experiments \) \); }
[ -z "$(made | head -1)" ] && ok ||
	bad "a refused POST wrote under --data: $(made | head -5)"
CT='application/json; charset=utf-8' req POST /api/sessions '{"game":"nim","opponent":"random"}'
want 201 '"game":"nim' "JSON with a charset taken"
id=$(sid)
CT=- req DELETE "/api/sessions/$id"
want_err 415 'Content-Type' "a DELETE that does not say JSON"
req DELETE "/api/sessions/$id"
want 200 '"deleted"' "a DELETE that does"
# Origin: another site's refused on every path; the page's own taken
req GET /api/sessions '' -H 'Origin: http://evil.example'
want_err 403 'Origin refused' "GET with another site's Origin"
req POST /api/sessions '{"game":"nim","opponent":"random"}' -H 'Origin: http://evil.example'
want_err 403 'Origin refused' "a JSON POST with another site's Origin"
req POST /api/sessions '{"game":"nim","opponent":"random"}' -H 'Origin: null'
want_err 403 'Origin refused' "Origin null (a sandboxed page)"
req POST /api/sessions '{"game":"nim","opponent":"random"}' -H "Origin: http://127.0.0.1:$((P + 1))"
want_err 403 'Origin refused' "the origin of another port"
req POST /api/sessions '{"game":"nim","opponent":"random"}' -H "Origin: http://127.0.0.1:$P"
want 201 '"game":"nim' "the page's own Origin"
# Host: a name that is not this server's is refused on every path (DNS
# rebinding: another site's name pointed at 127.0.0.1)
req GET /api/sessions '' -H 'Host: evil.example'
want_err 403 'Host refused' "GET /api/sessions with Host: evil.example"
if printf '%s' "$body" | grep -q '"id"'; then bad "sessions listed to a foreign Host"; else ok; fi
req GET / '' -H "Host: evil.example:$P"
want_err 403 'Host refused' "the page with a foreign Host"
req GET /data/x.csv '' -H 'Host: evil.example'
want_err 403 'Host refused' "/data/ with a foreign Host"
req GET /api/sessions '' -H "Host: localhost:$((P + 1))"
want_err 403 'Host refused' "a loopback name with another port"
req GET /api/sessions '' -H "Host: 127.0.0.1.evil.example:$P"
want_err 403 'Host refused' "a name that begins like a loopback address"
for h in "localhost:$P" "LocalHost" "127.0.0.2:$P" "[::1]:$P" "game.example:$P"; do
	req GET /api/sessions '' -H "Host: $h"
	want 200 '"sessions"' "Host: $h"
done
expect_error 2 '\-\-host wants a name without port' web --host evil.example:80
# one address cannot take the table: --sessions 8, a quarter from one
# address; another address still makes its own
kill "$spid3" 2>/dev/null
wait "$spid3"
web "$tmp/log3" --sessions 8
spid3=$wpid
req POST /api/sessions '{"game":"nim","opponent":"random"}'
want 201 '"game":"nim' "per address: first"
req POST /api/sessions '{"game":"nim","opponent":"random"}'
want 201 '"game":"nim' "per address: second"
req POST /api/sessions '{"game":"nim","opponent":"random"}'
want_err 429 'too many sessions from your address (2' "per address: a quarter of --sessions"
IFACE=127.0.0.2
req POST /api/sessions '{"game":"nim","opponent":"random"}'
IFACE=
want 201 '"game":"nim' "per address: another address makes its own"
req GET /api/sessions
want 200 '"per_address":2' "per address: listed"
# watch takes exactly the game's number of agents
req POST /api/sessions '{"game":"nim","mode":"watch","agents":["random","random","random"]}'
want_err 400 'want an array of 2 agent specs' "watch with 3 agents for 2 players"
# the agents' memory together is bounded (--agent-memory MB): alphabeta
# holds its table (about 12 MB), random nothing
kill "$spid3" 2>/dev/null
wait "$spid3"
web "$tmp/log3" --agent-memory 20
spid3=$wpid
req POST /api/sessions '{"game":"connect4","opponent":"alphabeta:depth=3"}'
want 201 '"game":"connect' "memory: one alphabeta within the bound"
req POST /api/sessions '{"game":"connect4","opponent":"alphabeta:depth=3"}'
want_err 503 'past the server.s bound of 20 MB (--agent-memory)' "memory: a second past the bound"
req POST /api/sessions '{"game":"connect4","opponent":"random"}'
want 201 '"game":"connect' "memory: random, holding nothing, still made"
req GET /api/sessions
want 200 '"agent_mb":[1-9][0-9.]*,"agent_mb_max":20' "memory: what the agents hold listed"

# kif: a regular file inside --data, no link out of it; errors name the
# file as given, never the server's path
kill "$spid3" 2>/dev/null
wait "$spid3"
K=$tmp/kifdata
mkdir -p "$K/gdl" "$tmp/outside"
cp data/gdl/games/ticTacToe.kif "$tmp/outside/secret.kif"
ln -s "$tmp/outside/secret.kif" "$K/gdl/link.kif"
ln -s "$tmp/outside" "$K/out"
printf '(role x)\n(this is not (GDL\n' >"$K/gdl/bad.kif"
web "$tmp/log3" --data "$K"
spid3=$wpid
P=$port
Kreal=$(cd "$K" && pwd -P)
noleak() { # the last reply names no path of the server's
	if printf '%s' "$body" | grep -q -e "$Kreal" -e "$tmp"; then
		bad "$1: the server's path in the reply: $body"; else ok; fi
}
req POST /api/sessions '{"kif":"gdl/link.kif","opponent":"random"}'
want_err 403 "kif: 'gdl/link.kif' leads out of the data folder" "kif: a link to a file out of --data"
noleak "kif link"
req POST /api/sessions '{"kif":"out/secret.kif","opponent":"random"}'
want_err 403 "kif: 'out/secret.kif' leads out of the data folder" "kif: through a linked folder out of --data"
noleak "kif linked folder"
req POST /api/sessions '{"kif":"gdl/none.kif","opponent":"random"}'
want_err 404 "kif: no file 'gdl/none.kif'" "kif: a missing file"
noleak "kif missing"
req POST /api/sessions '{"kif":"gdl/bad.kif","opponent":"random"}'
want_err 400 'gdl/bad.kif' "kif: a file that is not GDL, named as given"
noleak "kif not GDL"

# slow clients. A request's headers must come within a deadline counted
# from the connection's start, however slowly they trickle: two clients
# sending a byte every 0.5 s for 14 s are shut (after 10 s), where each
# byte once renewed the 20 s idle timeout
"$SLOW" 127.0.0.1 "$P" 2 14 --every 500 >"$tmp/trickle"
closed=$(sed -n 's/.*closed-by-server \([0-9]*\).*/\1/p' "$tmp/trickle")
[ "${closed:-0}" -ge 2 ] && ok || bad "trickled headers not shut: $(cat "$tmp/trickle")"
# user_asks WHAT : six of the user's requests, one a second, from
# 127.0.0.1, each given 5 s (it takes milliseconds): every one answered;
# then the slow clients (pids in slows) are stopped
user_asks() {
	n=0 okn=0
	while [ $n -lt 6 ]; do
		c=$(curl -s -m 5 -o /dev/null -w '%{http_code}' "$W/api/games")
		[ "$c" = 200 ] && okn=$((okn + 1))
		n=$((n + 1))
		sleep 1
	done
	[ $okn = 6 ] && ok || bad "$1: $okn of 6 of the user's requests answered"
	kill $slows 2>/dev/null
	wait $slows
	slows=""
}
# 300 slow clients from ten other addresses (30 each, under the 32 one
# address may hold), for 40 s at most: the connections past the cap are
# shut, oldest first (they once held every place until they left)
slows=""
a=2
while [ $a -le 11 ]; do
	"$SLOW" 127.0.0.1 "$P" 30 40 --from 127.0.0.$a >/dev/null &
	slows="$slows $!"
	a=$((a + 1))
done
sleep 3
user_asks "beside 300 slow clients from other addresses"
# 40 from the user's own address: its oldest still sending its headers
# is shut to make room for the new one, not the new one refused
"$SLOW" 127.0.0.1 "$P" 40 40 >/dev/null &
slows=$!
sleep 3
user_asks "beside 40 slow clients from the user's own address"
req GET /api/games
want 200 '"games"' "up after the slow clients"
kill "$spid3" 2>/dev/null
wait "$spid3"
spid3=""

# both servers still up
W=http://127.0.0.1:$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$tmp/log")
req GET /api/games
want 200 '"games"' "server still up"
# both stop cleanly on SIGTERM: exit 0, nothing a sanitizer said
kill "$spid" "$spid2" 2>/dev/null
wait "$spid"; rc1=$?
wait "$spid2"; rc2=$?
spid=""
spid2=""
[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && ok || bad "servers exited $rc1 and $rc2"
if grep -q 'Sanitizer\|runtime error' "$tmp/log" "$tmp/log2"; then
	bad "sanitizer: $(grep -h -A3 'Sanitizer\|runtime error' "$tmp/log" "$tmp/log2" | head -20)"
else ok; fi

# (issue 74) the README's recipe as written: `web --data DIR` on a new
# folder makes the folders its recipes write into, so that `ggp match
# --live DIR/matches` run beside it works, and the page lists its match
F=$tmp/fresh
web "$tmp/log4" --data "$F"
spid3=$wpid
for d in matches memory experiments; do
	[ -d "$F/$d" ] && ok || bad "web --data did not make $d/"
done
if "$BIN" ggp match data/gdl/games/ticTacToe.kif --player random --player random \
	--live "$F/matches" >"$tmp/out" 2>"$tmp/err"; then ok; else
	bad "ggp match --live DIR/matches: $(head -n 2 "$tmp/err")"; fi
req GET /api/matches
want 200 '"files":\["matches/[^"]*\.json"\]' "the recipe's match listed"
kill "$spid3" 2>/dev/null
wait "$spid3"
spid3=""
finish
