# lib_cli.sh - what the CLI test scripts (tests/cli_*.sh) share; sourced
# by them with the gamelearn binary as $1. Each check counts as passed or
# failed; `finish` prints "N passed, N failed" and fails if any did.
set -u
BIN=$1
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect_last LINE CMD... : exit 0, the last line of stdout is LINE
expect_last() {
	want=$1; shift
	"$BIN" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	last=$(tail -n 1 "$tmp/out")
	if [ $rc -eq 0 ] && [ "$last" = "$want" ]; then ok; else
		bad "gamelearn $*: rc=$rc last line '$last', want '$want'"; cat "$tmp/err" >&2; fi
}

# expect_grep PATTERN CMD... : exit 0 and stdout contains PATTERN
expect_grep() {
	want=$1; shift
	"$BIN" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	if [ $rc -eq 0 ] && grep -q -- "$want" "$tmp/out"; then ok; else
		bad "gamelearn $*: rc=$rc, output lacks '$want'"; cat "$tmp/err" >&2; fi
}

# expect_error CODE PATTERN CMD... : exit CODE, stderr one line with PATTERN
expect_error() {
	code=$1; want=$2; shift 2
	"$BIN" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	lines=$(wc -l <"$tmp/err")
	if [ $rc -eq "$code" ] && [ "$lines" -eq 1 ] && grep -q -- "$want" "$tmp/err"; then ok; else
		bad "gamelearn $*: rc=$rc (want $code), stderr ($lines lines): $(cat "$tmp/err")"; fi
}

# expect RC PATTERN CMD... : exit code RC and PATTERN in stdout+stderr
expect() {
	want_rc=$1; want=$2; shift 2
	"$BIN" "$@" >"$tmp/out" 2>&1; rc=$?
	if [ $rc -eq "$want_rc" ] && grep -q -- "$want" "$tmp/out"; then ok; else
		bad "gamelearn $*: rc=$rc (want $want_rc), output lacks '$want'"; cat "$tmp/out" >&2; fi
}

# same DIR_A DIR_B WHAT : every file named in $FILES is byte for byte
# the same in both folders
same() {
	for f in $FILES; do
		if ! cmp -s "$1/$f" "$2/$f"; then bad "$3: $f differs"; return; fi
	done
	ok
}

# serve LOG ARGS... : start a GGP player on a free port (port 0, ARGS may
# add --bind), set spid, port and its URL U; stop the test if it fails
serve() {
	log=$1; shift
	"$BIN" ggp serve --port 0 "$@" 2>"$log" &
	spid=$!
	wait_port "$log" 's/.*listening on port \([0-9]*\).*/\1/p'
	U=http://127.0.0.1:$port/
}

# wait_port LOG SED : wait (10 s at most) until the sed script SED finds
# the port a server started on --port 0 wrote into LOG; sets port, or
# stops the test
wait_port() {
	port=""
	i=0
	while [ $i -lt 100 ] && [ -z "$port" ]; do
		sleep 0.1
		port=$(sed -n "$2" "$1")
		i=$((i + 1))
	done
	[ -n "$port" ] || { bad "server did not start: $(cat "$1")"; finish; exit 1; }
}

# say TEXT : POST TEXT to the player at U (the GGP scripts); sets code,
# body and secs (the time it took)
say() {
	printf '%s' "$1" >"$tmp/msg"
	r=$(curl -s -m 60 -o "$tmp/body" -w '%{http_code} %{time_total}' -X POST \
		-H 'Content-Type: text/acl' --data-binary @"$tmp/msg" "$U")
	code=${r% *}
	secs=${r#* }
	body=$(cat "$tmp/body")
}

# stop_server LOG : stop the player (SIGTERM: it exits cleanly); it must
# exit 0 (the sanitizer build: no error, no leak)
stop_server() {
	kill "$spid" 2>/dev/null
	wait "$spid"
	rc=$?
	[ $rc -eq 0 ] && ok || bad "server exit code $rc: $(tail -n 20 "$1")"
	spid=""
}

finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
