#!/bin/sh
# cli_test.sh BIN - the gamelearn command line end to end: outputs of the
# commands, and one-line errors with non-zero exits for bad input.
. "$(dirname "$0")/lib_cli.sh"

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
"$BIN" show checkers >"$tmp/out" 2>&1
got=$(grep "^legal moves" "$tmp/out" | cut -d: -f2 | tr ' ' '\n' | grep . | sort | tr '\n' ' ')
[ "$got" = "10-14 10-15 11-15 11-16 12-16 9-13 9-14 " ] && ok || bad "checkers start moves: $got"
expect_grep "terminal: yes" show tictactoe --moves a1,a2,b1,b2,c1
expect_grep "goals: 100 0" show tictactoe --moves a1,a2,b1,b2,c1
expect_grep "legal moves (4)" show othello8

# show --features: every feature's name and value after the board
expect_grep "^features (39):" show checkers --moves 11-15,22-18 --features
expect_grep "^DYKE 6$" show checkers --features
expect_grep "^MOC4 0$" show checkers --features
# after 11-15 22-18: simple moves to 11 13 14 16 19; 9-13, 9-14, 12-16 and
# 15-19 each make White jump (18x11, 18x9, 24x15 or 23x16) and Black
# can always jump back
expect_grep "^MOB 5$" show checkers --moves 11-15,22-18 --features
expect_grep "^EXCH 4$" show checkers --moves 11-15,22-18 --features
expect_grep "^XSQ 1$" show othello4 --moves b1,a1 --features
# show --position: a checkers position in PDN FEN, then --moves from it
expect_grep "legal moves (5): 21-17 22-17 22-18 30-25 30-26" show checkers --position W:W21,22,K30:B1,2,K5
expect_grep "Black to move" show checkers --position W:W21,22,K30:B1,2,K5 --moves 30-26
expect_grep "^KCENT 2$" show checkers --position W:WK9:B16,23,K15,K18 --features
expect_last 5 perft checkers 1 --position W:W21,22,K30:B1,2,K5
expect_error 1 "bad checkers position 'B:W33:B1': want a square 1-32 at character 4" show checkers --position B:W33:B1
expect_error 1 "square 21 given twice at character 7" show checkers --position B:W21,21:B1
expect_error 1 "more than 12 Black pieces" show checkers --position B:W21:B1-13
expect_error 1 "want the side to move, B: or W:" show checkers --position X:W21:B1
expect_error 1 "a Black man on 30, his crowning row" show checkers --position B:W21:B30
expect_error 1 "move 1 of --moves: move '21-17' is illegal" show checkers --position B:W21:B1 --moves 21-17
expect_error 2 "show: game 'othello8' reads no positions" show othello8 --position x
expect_error 2 "show: game 'tictactoe' has no features" show tictactoe --features
expect_error 2 "show: --position needs a value" show checkers --position
expect_error 2 "unknown option '--features'" perft checkers 2 --features

# bad input: one clear line and a non-zero exit
expect_error 1 "move 2 of --moves: move 'a1' is illegal" show tictactoe --moves a1,a1
expect_error 1 "move 3 of --moves.*'zz'" show tictactoe --moves a1,b1,zz
expect_error 1 "move 2 of --moves is empty" show tictactoe --moves a1,,b2
expect_error 1 "game is over" show tictactoe --moves a1,a2,b1,b2,c1,c2
expect_error 1 "move 1 of --moves: move '21-17' is illegal" show checkers --moves 21-17
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

# help, help COMMAND, --version; the man page and completion come from
# the same table (tests/cli_install.sh checks the installed ones)
expect_grep "^  solve " help
expect_grep "^  version$" help
expect_grep "^  --nodes N  *give up after N nodes (0: never) (default 4000000000)$" help solve
expect_grep "^  serve " help ggp
expect_grep "^  checkers-ga " help repro
expect_error 2 "help: unknown command 'fly'" help fly
# help about help (issue 70: `help --help` was "unknown command '--help'")
expect_grep "^usage: gamelearn help \[COMMAND | --man | --completion\]$" help --help
expect_grep "^usage: gamelearn help " help -h
# ggp --help shows both subcommands with their usage, as help ggp does
# (issue 70: it was one line)
expect_grep "^  serve  *a General Game Playing player over HTTP" ggp --help
expect_grep "^  match  *a GGP match manager" ggp --help
expect_grep "^gamelearn [0-9]*\.[0-9]*\.[0-9]*$" --version
expect_grep "^build: [A-Za-z]*, [A-Za-z]* [0-9.]*, sanitizers o[nf]*, -march=native o[nf]*$" version
expect_error 2 "version: unexpected argument 'x'" version x
expect_grep "^\.TH GAMELEARN 1" help --man
expect_grep "^\.SS evolve$" help --man
expect_grep "^complete -F _gamelearn gamelearn$" help --completion
expect_grep "ggp)" help --completion

# agents and matches
expect_grep "^egreedy " agents
expect_grep "^human " agents
"$BIN" match tictactoe egreedy random -n 1000 --seed 3 --swap >"$tmp/out" 2>/dev/null
total=$(awk '/^egreedy / && $2 != "=" {print $2 + $3 + $4}' "$tmp/out")
[ "$total" = 1000 ] && grep -q "mean goal" "$tmp/out" && ok || bad "match table: egreedy played $total of 1000"
# rows named as given, the specs in full below: uct's runs to hundreds of
# characters, and a table padded to it is unreadable
grep -qx "egreedy = egreedy:eps=0.1" "$tmp/out" && ! grep -q "^random = " "$tmp/out" &&
	ok || bad "match table: egreedy's spec in full, and random's not"
"$BIN" match tictactoe uct:time=0,iterations=50,nodes=1000 random -n 2 >"$tmp/out" 2>/dev/null
awk 'NR >= 2 && NR <= 4 && length > 80 {long++} END {exit long > 0}' "$tmp/out" &&
	grep -q "^uct:time=0,iterations=50,nodes=1000 = uct:time=0,iterations=50,c=40,nodes=1000,states=128," "$tmp/out" &&
	ok || bad "match table: uct's row not its spec as given, or no spec in full"
expect_grep '"matches":200' match nim random random -n 200 --json
# an option given twice takes its last value (man page, docs/INSTALL.md)
expect_grep '"matches":3' match nim random random -n 2 -n 3 --json
"$BIN" match tictactoe random egreedy -n 20 --seed 9 --json >"$tmp/a" 2>/dev/null
"$BIN" match tictactoe random egreedy -n 20 --seed 9 --json >"$tmp/b" 2>/dev/null
sed 's/"seconds":[^,]*,"matches_per_second":[^,]*,//' "$tmp/a" >"$tmp/a2"
sed 's/"seconds":[^,]*,"matches_per_second":[^,]*,//' "$tmp/b" >"$tmp/b2"
cmp -s "$tmp/a2" "$tmp/b2" && ok || bad "match is not reproducible by seed"
"$BIN" match tictactoe egreedy random -n 5 --record "$tmp/rec" >/dev/null 2>&1
[ "$(grep -c 'moves=' "$tmp/rec")" = 5 ] && ok || bad "record file has not 5 matches"
expect_grep "game over" replay tictactoe "$tmp/rec" --match 4
# a record is written whole at the end: a run that fails leaves the
# record before it as it was (it was once emptied at the start)
cp "$tmp/rec" "$tmp/rec0"
expect_error 2 "unknown agent 'genius'" match tictactoe random genius --record "$tmp/rec"
expect_error 1 "too big to solve" match tictactoe random perfect:nodes=10 -n 2 --record "$tmp/rec"
cmp -s "$tmp/rec" "$tmp/rec0" && ok || bad "a failed match changed the record"
expect_error 1 "match --record: cannot write '$tmp/no/rec'" match tictactoe random random --record "$tmp/no/rec"
expect_error 1 "no match 9" replay tictactoe "$tmp/rec" --match 9
expect_error 1 "replay: cannot read '$tmp/nonexistent'" replay tictactoe "$tmp/nonexistent"
# a record of another game, a NUL, an empty move, a line not a match's:
# each said where (a NUL was once "a line longer than 1 MB")
expect_error 1 "rec:1: a record of tictactoe, not of connect:w=7,h=6,k=4" replay connect4 "$tmp/rec"
printf '1 players=x moves=a1\000b2\n' >"$tmp/nul"
expect_error 1 "nul:1: a NUL byte: not a text file" replay tictactoe "$tmp/nul"
printf '1 players=x moves=a1,,b2\n' >"$tmp/empty"
expect_error 1 "empty:1: move 2: empty" replay tictactoe "$tmp/empty"
printf '1 players=x moves=a1,\n' >"$tmp/trail"
expect_error 1 "trail:1: move 2: empty" replay tictactoe "$tmp/trail"
# a record through a symbolic link writes its file, the link kept; into a
# pipe (or /dev/null, /dev/stdout) it is written through, the pipe kept
# (a rename once put a file in their place)
echo old >"$tmp/recfile"
ln -s recfile "$tmp/reclink"
"$BIN" match tictactoe random random -n 2 --record "$tmp/reclink" >/dev/null 2>&1
[ -L "$tmp/reclink" ] && grep -q "^2 players=" "$tmp/recfile" && ok ||
	bad "a record through a link: $(ls -l "$tmp/reclink")"
mkfifo "$tmp/recpipe"
cat "$tmp/recpipe" >"$tmp/recpipe.out" &
"$BIN" match tictactoe random random -n 2 --record "$tmp/recpipe" >/dev/null 2>&1
wait $!
[ -p "$tmp/recpipe" ] && grep -q "^2 players=" "$tmp/recpipe.out" && ok ||
	bad "a record into a pipe: $(ls -l "$tmp/recpipe")"
# a game whose spec has commas (connect:w=7,h=6,k=4) replays its record
"$BIN" match connect4 random random -n 2 --record "$tmp/c4rec" >/dev/null 2>&1
expect_grep "game over" replay connect4 "$tmp/c4rec" --match 2
printf '1x players=x moves=a1\n' >"$tmp/notm"
expect_error 1 "notm:1: not a match's line" replay tictactoe "$tmp/notm"
expect_error 2 "unknown agent 'genius'" match tictactoe genius random
expect_error 2 "needs 2 agents" match tictactoe random
expect_error 2 "eps must be" match tictactoe egreedy:eps=7 random
expect_error 2 "train: --opponent needs a value, got ''" train tictactoe td --opponent ""
expect_error 2 "play: --opponent needs a value, got ''" play tictactoe --opponent ""
expect_error 2 "match: -n needs a value, got ''" match tictactoe random random -n ""
# the parameters listed whole (uct's were once cut mid-word; its 20 fit)
expect_error 2 "no parameter 'foo' (parameters: time, iterations, c, nodes, states, expand, sexpand, lanes, lgain, lmast, reuse, solve, mix, mixcut, rank, mast, tau, esolve, race, connect)$" match tictactoe uct:foo=1 random
expect_error 2 "match: -n must be in 1..100000000, got 0" match tictactoe random random -n 0

# solve: values of the start position and each first move
expect_grep "value 50 for player 1 to move (draw)" solve tictactoe
expect_grep "value 100 for player 1 to move (win)" solve hex
expect_grep "^  a1 *0  loss" solve hex
expect_grep "^  c3 *0  loss" solve hex
expect_grep "^  b2 *100  win" solve hex
expect_grep "^  1:2 *100  win" solve nim
[ "$("$BIN" solve nim | grep -c ' 100  win')" = 1 ] && ok || bad "nim 3-4-5 must have exactly one winning move"
expect_grep "value 0 for player 1 to move (loss)" solve othello4
expect_grep '"value":100' solve connect3 --json
expect_grep '"result":"draw"' solve tictactoe --moves b2 --json
# solve says at once when a game is far beyond it, and takes limits
expect_error 1 "solve: checkers is far beyond exact solving: about 10^[0-9]* nodes" solve checkers
expect_error 1 "solve: othello:size=8 is far beyond exact solving" solve othello8
expect_error 1 "connect:w=7,h=6,k=4: node limit of 1000 reached after 100[0-9] nodes; gave up" solve connect4 --nodes 1000
expect_error 1 "time limit of 0.2 s reached" solve connect4 --time 0.2
expect_error 1 "node limit of 5000 reached" solve checkers --moves 11-15 --nodes 5000
expect_error 2 "solve: --time must be a number in 1e-09..1e+09, got '0'" solve connect4 --time 0
expect_error 2 "--nodes must be an integer" solve connect4 --nodes x
expect_grep "value 50 for player 1 to move (draw)" solve tictactoe --nodes 100000
expect_grep "value 50 for player 1 to move (draw)" solve tictactoe --force
# perfect never loses at tic-tac-toe; alphabeta plays
"$BIN" match tictactoe perfect egreedy -n 200 --swap >"$tmp/out" 2>/dev/null
[ "$(awk '/^perfect/ {print $4}' "$tmp/out")" = 0 ] && ok || bad "perfect lost a tic-tac-toe match"
expect_grep "^alphabeta:depth=4" match connect4 alphabeta:depth=4 random -n 4
expect_error 2 "give a depth, nodes or time limit" match tictactoe alphabeta:depth=0 random
expect_error 2 "time must be a number" match tictactoe alphabeta:time=soon random

# play through a pipe: good and bad input, undo, end of input
printf 'b2\nzz\nb2\n\nhelp\nmoves\nundo\nundo\nc3\n' | "$BIN" play tictactoe --opponent random --seed 4 >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q "bad tic-tac-toe move 'zz'" "$tmp/out" && grep -q "is illegal here" "$tmp/out" \
	&& grep -q "taken back" "$tmp/out" && grep -q "nothing to undo" "$tmp/out" \
	&& grep -q "end of input" "$tmp/out" && ok || { bad "play through a pipe (rc=$rc)"; tail -20 "$tmp/out" >&2; }
printf 'a1\nb1\nc1\na2\nc2\na3\nb3\nc3\nb2\n' | "$BIN" play tictactoe --opponent random --first machine >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q "game over: you" "$tmp/out" && ok || bad "play to the end"
head -c 3000 /dev/urandom | "$BIN" play tictactoe --opponent random >/dev/null 2>&1
[ $? -eq 0 ] && ok || bad "play on random bytes"
expect_error 2 "--first must be human or machine" play tictactoe --first alien

# bench prints per-game rows and a signature line
expect_grep "^signature (total nodes): 127872" bench --perft tictactoe
expect_grep "matches/s" bench --matches nim
# the demo runs to the end
expect_grep "perft at small depths" demo

finish
