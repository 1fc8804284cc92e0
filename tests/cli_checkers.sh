#!/bin/sh
# cli_checkers.sh BIN - the stronger checkers player beside the excerpt's
# (docs/CHECKERS.md): our evolution mode gives the same files on 1 and 2
# threads and resumes to the same bytes; its run.txt says it is ours; bad
# values are refused; the shipped champion plays by its plain name and
# refuses other games; alphabeta takes quiesce=1.
. "$(dirname "$0")/lib_cli.sh"

EV="--fitness fixed --quiesce --signed --start pieces --pop 4 --games 2 --depth 1 --max-plies 40 --seed 3"
FILES="run.txt evolve.csv champion.txt"
expect_grep "^ours, not the excerpt's" evolve checkers $EV --gens 2 --threads 1 --out "$tmp/a"
expect_grep "^gen   1: best" evolve checkers $EV --gens 2 --threads 2 --out "$tmp/b"
same "$tmp/a" "$tmp/b" "1 thread vs 2 threads"
tail -n 1 "$tmp/a/run.txt" | grep -q "^ours 1 1 1 1$" && ok || bad "run.txt lacks its 'ours' line"
expect_grep "^gen   0" evolve checkers $EV --gens 1 --out "$tmp/c"
expect_grep "^gen   1" evolve checkers --resume "$tmp/c" --gens 2
same "$tmp/a" "$tmp/c" "resumed"
expect_error 2 "fitness must be tourney or fixed" evolve checkers --fitness elo
expect_error 2 "start must be ones or pieces" evolve checkers --start zero
expect_error 2 "no feature PADV" evolve othello8 --fitness fixed --gens 1 --out "$tmp/o"

expect_grep "matches" match checkers checkers-champion:time=0,depth=2 alphabeta:depth=2,quiesce=1 -n 2 --swap
expect_error 2 "plays checkers, not" match connect4 checkers-champion random
finish
