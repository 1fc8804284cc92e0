#!/bin/sh
# cli_ga.sh BIN - the genetic layer's commands end to end: `search` with
# each method on swap9 and the 8-puzzle (generation and depth limits only,
# so that every expected line is fixed), a time-limited run, the gapairs
# agent through `train` with save and load, `repro ga-nim` and `repro
# hwang` on small counts writing CSV and SVG, and one-line errors.
. "$(dirname "$0")/lib_cli.sh"

# IDA*: the optimum from picture A is 7 swaps
expect_grep "moves played 7, value 18, errors 0, solved" search swap9 --method idastar
expect_grep "^sequence (7): 2 8 10 12 14 16 2$" search swap9 --method idastar
# the limit is raised to the depth when the spec does not give one
expect_grep "^swap9:limit=15: ga depth 15" search swap9 --method ga --gens 5
# DFS to depth 4 on swap9: 4 errors left; IDDFS to 7 solves it
expect_grep "moves played 4, value 14, errors 4" search swap9 --method dfs --depth 4
expect_grep "errors 0, solved" search swap9 --method iddfs --depth 7
# the GA is deterministic by seed
"$BIN" search swap9 --method ga --depth 15 --pop 10 --gens 50 --seed 3 >"$tmp/a" 2>&1
"$BIN" search swap9 --method ga --depth 15 --pop 10 --gens 50 --seed 3 >"$tmp/b" 2>&1
if grep -v "^nodes" "$tmp/a" >"$tmp/a2" && grep -v "^nodes" "$tmp/b" >"$tmp/b2" &&
	cmp -s "$tmp/a2" "$tmp/b2" && grep -q "50 generations" "$tmp/a"; then ok; else
	bad "search --method ga is not deterministic by seed"; fi
# a time limit ends the run (no generation limit)
expect_grep "stopped by --time" search swap9 --method ga --gens 0 --time 0.05
# the 8-puzzle: a hardest position, 31 moves
expect_grep "moves played 31, value 0, errors 0, solved" search npuzzle:start=8-6-7-2-5-4-3-0-1 --method idastar
# errors
expect_error 2 "one-player" search tictactoe --method dfs
expect_error 2 "--method must be" search swap9 --method bfs
expect_error 2 "--depth must be" search swap9 --depth -3
expect_error 2 "--pc must be" search swap9 --pc 2
expect_error 2 "generations or a time limit" search swap9 --gens 0
expect_error 2 "dfs to depth 7 needs a --time limit" search swap9 --method dfs --depth 7

# gapairs through train, saved and loaded; a file for another game is refused
expect_grep "matches" train nim gapairs:K=100,games=1 --opponent perfect -n 300 --save "$tmp/g.txt"
expect_grep "saved to" train nim gapairs --opponent random -n 10 --load "$tmp/g.txt" --save "$tmp/g2.txt"
expect_error 1 "another game" train nim:misere=1 gapairs --opponent random -n 10 --load "$tmp/g.txt"
expect_error 2 "keep must be" train nim gapairs:keep=3 --opponent random -n 10

# the experiments, small
expect_grep "vs\|perfect  first" repro ga-nim --out "$tmp/n" --seeds 2 --gens 200 --block 50
for f in ga-nim.csv ga-nim-summary.csv ga-nim-games.csv ga-nim-win-2-3-4-normal.svg \
	ga-nim-optimal-3-4-5-misere.svg; do
	if [ -s "$tmp/n/$f" ]; then ok; else bad "repro ga-nim did not write $f"; fi
done
# 2 heap sets x 2 variants x 4 seats and opponents x 4 sizes K, and a header
if [ "$(wc -l <"$tmp/n/ga-nim-summary.csv")" -eq 65 ]; then ok; else bad "ga-nim-summary.csv rows"; fi
# one row per games-a-generation setting, and a header
if [ "$(wc -l <"$tmp/n/ga-nim-games.csv")" -eq 6 ]; then ok; else bad "ga-nim-games.csv rows"; fi
expect_error 2 "heap sets" repro ga-nim --heaps 1-2-3,,4
# a bad sweep list is refused before any run (it was read only after the
# curves' runs; an empty one was taken as no sweep)
for l in x,y "" 1, 6; do
	want="--games-sweep takes counts of 1..5 such as 1,5, got '$l'"
	[ -n "$l" ] || want="--games-sweep needs a value, got ''"
	expect_error 2 "$want" \
		repro ga-nim --out "$tmp/gs" --seeds 1 --gens 1 --games 5 -K 10 --games-sweep "$l"
	[ ! -s "$tmp/out" ] && ok || bad "repro ga-nim ran before refusing --games-sweep '$l'"
done
expect_grep "optimum 7 swaps" repro hwang --out "$tmp/h" --seeds 2 --quick
for f in hwang.csv fig4-1-3-time.svg fig4-1-3-errors.svg fig4-2-time.svg fig4-7.svg; do
	if [ -s "$tmp/h/$f" ]; then ok; else bad "repro hwang did not write $f"; fi
done
expect_error 2 "unknown option" repro hwang --bogus
# an option is taken by its whole name only: getopt_long took a prefix of
# one (--bloc 7 was --block 7)
expect_error 2 "unknown option '--bloc' (options are not shortened: --block?)" repro ga-nim --bloc 7 --out "$tmp/gn"
expect_error 2 "unknown option '--gen' (options are not shortened: --gens?)" repro ga-nim --gen=5 --out "$tmp/gn"
expect_error 2 "unknown option '--thr'" perft tictactoe 3 --thr 1
expect_grep "^504" perft tictactoe 3 --threads=1

# a saved state that play cannot reach is refused before any engine sees it
"$BIN" train nim gapairs --opponent random -n 3 --save "$tmp/g.txt" >/dev/null 2>&1
awk 'NR == 5 { h = $1; gsub(/./, "f", h); $1 = h } { print }' "$tmp/g.txt" >"$tmp/bad.txt"
expect_error 1 "bad.txt:5: not a state play can reach" train nim gapairs --opponent random -n 1 --load "$tmp/bad.txt"

finish
