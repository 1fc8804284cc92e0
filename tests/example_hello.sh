#!/bin/sh
# example_hello.sh HELLO - examples/hello.c as built: exit 0 and its whole
# output for two seeded games (the same on every machine: gl_rng is),
# tic-tac-toe and Connect Four, the result line agreeing with the board;
# an unknown game refused in one line, exit 1.
. "$(dirname "$0")/lib_cli.sh"

check() {
	want=$1; shift
	"$BIN" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ] && [ ! -s "$tmp/err" ]; then ok; else
		bad "hello $*: rc=$rc, output:"; cat "$tmp/out" "$tmp/err" >&2; fi
}
check "tictactoe, seed 1: c3 a3 c1 b2 b1 a1 c2
    a b c
 1  O X X
 2  . O X
 3  O . X
game over: X wins
over after 7 moves; goals: player 1 100 player 2 0"
check "connect:w=7,h=6,k=4, seed 7: c d g c d e d e f e d e
    a b c d e f g
 6  . . . . . . .
 5  . . . . . . .
 4  . . . X O . .
 3  . . . X O . .
 2  . . O X O . .
 1  . . X O O X X
game over: O wins
over after 12 moves; goals: player 1 0 player 2 100" connect4 7
"$BIN" nosuch >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "^hello: unknown game 'nosuch'" "$tmp/err" && ok ||
	bad "hello nosuch: rc=$rc, $(cat "$tmp/err")"
finish
