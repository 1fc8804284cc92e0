#!/bin/sh
# cli_test.sh BIN - the gamelearn command line end to end: outputs of the
# commands, and one-line errors with non-zero exits for bad input.
set -u
BIN=$1
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect_ok PATTERN_ON_LAST_LINE CMD... : exit 0, last stdout line == pattern
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

# list shows every game and preset
for g in tictactoe hex nim connect capturego othello checkers swap9 npuzzle connect3 connect4 othello4 othello6 othello8; do
	expect_grep "^$g " list
done
expect_grep "heaps=3-4-5" list

# perft: the count alone on the last line
expect_last 127872 perft tictactoe 9
expect_last 1 perft tictactoe 0
expect_last 36768 perft checkers 6
expect_last 8200 perft othello8 6
expect_last 4 perft othello4 1
# --divide lists each first move; the counts add up to the total
"$BIN" perft checkers 5 --divide >"$tmp/out" 2>/dev/null
sum=$(grep ':' "$tmp/out" | awk -F': ' '{s += $2} END {print s}')
[ "$sum" = 7361 ] && [ "$(tail -n 1 "$tmp/out")" = 7361 ] && [ "$(grep -c ':' "$tmp/out")" = 7 ] && ok || bad "perft checkers 5 --divide: sum $sum"
expect_grep "^9-13: " perft checkers 3 --divide
expect_last 2 perft tictactoe 1 --moves a1,b1,a2,b2,c3,c1,c2

# show: position, legal moves, terminal, goals
expect_grep "legal moves (7): 9-13 9-14 10-14 10-15 11-15 11-16 12-16" show checkers
expect_grep "terminal: yes" show tictactoe --moves a1,a2,b1,b2,c1
expect_grep "goals: 100 0" show tictactoe --moves a1,a2,b1,b2,c1
expect_grep "legal moves (4)" show othello8

# bad input: one clear line and a non-zero exit
expect_error 1 "move 2 of --moves: move 'a1' is illegal" show tictactoe --moves a1,a1
expect_error 1 "move 3 of --moves.*'zz'" show tictactoe --moves a1,b1,zz
expect_error 1 "move 2 of --moves is empty" show tictactoe --moves a1,,b2
expect_error 1 "game is over" show tictactoe --moves a1,a2,b1,b2,c1,c2
expect_error 1 "11-16" show checkers --moves 11-16
expect_error 2 "unknown game 'chess'" show chess
expect_error 2 "no parameter 'colour'" perft hex:colour=2 3
expect_error 2 "out of range" perft hex:size=0 2
expect_error 2 "unknown option '--frobnicate'" perft tictactoe 3 --frobnicate
expect_error 2 "DEPTH must be an integer" perft tictactoe x
expect_error 2 "DEPTH must be in" perft tictactoe -1
expect_error 2 "usage" perft tictactoe
expect_error 2 "unknown command 'fly'" fly
expect_error 2 "unknown option" bench --fast
expect_error 2 "unknown game" bench nosuchgame
expect_error 2 "unexpected argument" list extra

# bench prints per-game rows and a signature line
expect_grep "^signature (total nodes): 127872" bench tictactoe
# the demo runs to the end
expect_grep "perft at small depths" demo

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
