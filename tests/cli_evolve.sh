#!/bin/sh
# cli_evolve.sh BIN - the checkers GA end to end: `evolve` gives the same
# files on 1 and 2 threads, a run resumed after a stop (or a kill -9 at any
# moment) ends byte-identical to one never stopped, a finished run extends;
# weighted alpha-beta plays from a weights file; `repro checkers-ga
# --quick` prints the claims side by side; one-line errors for bad options
# and bad weight files.
. "$(dirname "$0")/lib_cli.sh"

EV="--pop 4 --depth 1 --max-plies 60 --seed 5"
FILES="run.txt evolve.csv champion.txt fitness.svg weights.svg"

expect_grep "^gen   2: best" evolve checkers $EV --gens 3 --threads 1 --out "$tmp/a"
expect_grep "wrote $tmp/b/evolve.csv" evolve checkers $EV --gens 3 --threads 2 --out "$tmp/b"
same "$tmp/a" "$tmp/b" "1 thread vs 2 threads"
[ "$(wc -l <"$tmp/a/evolve.csv")" -eq 4 ] && ok || bad "evolve.csv wants a header and 3 rows"
# stopped after one generation, resumed to three
expect_grep "^gen   0" evolve checkers $EV --gens 1 --out "$tmp/c"
# its evolve.csv not this run's: refused, naming the line (once appended to)
cp -r "$tmp/c" "$tmp/c2"
printf 'a\nb\n' >"$tmp/c2/evolve.csv"
expect_error 1 "c2/evolve.csv:1: not evolve.csv's header for this game" evolve checkers --resume "$tmp/c2" --gens 3
sed '2s/^0,/5,/' "$tmp/c/evolve.csv" >"$tmp/c2/evolve.csv"
expect_error 1 "c2/evolve.csv:2: not a generation's row" evolve checkers --resume "$tmp/c2" --gens 3
expect_grep "^gen   2" evolve checkers --resume "$tmp/c" --gens 3
same "$tmp/a" "$tmp/c" "resumed"
# a finished run extends, and equals a run made that long at once
expect_grep "^gen   4" evolve checkers --resume "$tmp/a" --gens 5
expect_grep "wrote" evolve checkers $EV --gens 5 --out "$tmp/d"
same "$tmp/a" "$tmp/d" "extended"
# killed mid-run (after its second generation is written), then resumed
EK="--pop 6 --depth 3 --max-plies 100 --seed 8 --gens 24"
"$BIN" evolve checkers $EK --out "$tmp/f" >/dev/null 2>&1
"$BIN" evolve checkers $EK --out "$tmp/e" >/dev/null 2>&1 &
pid=$!
i=0 # (60 s at most: the machine may be loaded)
while [ $i -lt 3000 ] && [ "$(grep -c '' "$tmp/e/evolve.csv" 2>/dev/null || echo 0)" -lt 3 ]; do
	sleep 0.02
	i=$((i + 1))
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
done_at=$(sed -n 's/^done //p' "$tmp/e/run.txt")
[ -n "$done_at" ] && [ "$done_at" -lt 24 ] && ok ||
	bad "the kill came too late to test a resume (done '$done_at')"
"$BIN" evolve checkers --resume "$tmp/e" >/dev/null 2>"$tmp/err" || cat "$tmp/err" >&2
same "$tmp/f" "$tmp/e" "killed and resumed"

# the champion plays through the alphabeta agent
expect_grep "matches" match checkers "alphabeta:eval=features,weights=$tmp/a/champion.txt,depth=2" alphabeta:depth=2 -n 2 --swap
expect_grep "matches" match checkers alphabeta:eval=features,depth=2,prune=2 random -n 2
expect_grep "matches" match othello8 alphabeta:eval=features,depth=2 random -n 2

# errors
sed 's/^MOB /MOBB /' "$tmp/a/champion.txt" >"$tmp/w1.txt"
expect_error 2 "w1.txt:21: unknown feature 'MOBB'" match checkers "alphabeta:eval=features,weights=$tmp/w1.txt" random -n 1
grep -v '^DENY ' "$tmp/a/champion.txt" >"$tmp/w2.txt"
expect_error 2 "no weight for DENY" match checkers "alphabeta:eval=features,weights=$tmp/w2.txt" random -n 1
expect_error 2 "weights=FILE needs eval=features" match checkers "alphabeta:weights=$tmp/w2.txt" random -n 1
expect_error 2 "eval must be builtin or features" match checkers alphabeta:eval=samuel random -n 1
expect_error 2 "no feature vector" match tictactoe alphabeta:eval=features random -n 1
expect_error 2 "no feature vector" evolve tictactoe --gens 1 --out "$tmp/x"
expect_error 2 "already holds a run" evolve checkers $EV --gens 1 --out "$tmp/a"
expect_error 2 "evolve: --pop 8 is not the run's 4 ($tmp/a/run.txt)" evolve checkers --resume "$tmp/a" --pop 8
expect_error 2 "evolve: --depth 2 is not the run's 1" evolve checkers --resume "$tmp/a" $EV --depth 2
# the run's own settings given again, unchanged, are accepted (issue 70:
# `--pop 4` with a run of pop 4 was refused)
cp -r "$tmp/a" "$tmp/a2"
expect_grep "^gen   5" evolve checkers --resume "$tmp/a2" $EV --gens 6
expect_error 2 "evolve: --resume needs a value, got ''" evolve checkers --resume ""
expect_error 2 "not both" evolve checkers --depth 2 --time 0.1 --out "$tmp/x"
expect_error 2 "unknown option" evolve checkers --popp 3
expect_error 2 "--pop must be" evolve checkers --pop 1
expect_error 1 "run.txt" evolve checkers --resume "$tmp/nothing"
printf 'gamelearn-evolve 1\ngame checkers\npop 4\ngens 2\ndepth 1\nseconds 0\ngames 2\npc 0.7\npm 0.05\nelite 0\nmax_plies 60\nprune 0\nopen_plies 4\nseed 5\ndone 1\nrng 1 2 3 4\nmember 1 2\n' >"$tmp/a/run.txt"
expect_error 1 "run.txt:17: member 0 needs 39 finite weights" evolve checkers --resume "$tmp/a"

# the experiment, small
expect_grep "the excerpt's claims and ours" repro checkers-ga --quick --threads 2 --out "$tmp/r"
for f in checkers-ga.csv checkers-ga-vs.csv checkers-ga-prune.csv checkers-ga-evolution.svg champion.txt; do
	[ -s "$tmp/r/$f" ] && ok || bad "repro checkers-ga wrote no $f"
done
finish
