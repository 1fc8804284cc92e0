#!/bin/sh
# cli_td.sh BIN - the Banerjee-Stone learners from the command line: the
# features command (the 12 of Figure 2 in tic-tac-toe), train with td
# (save, load, refusing another game's or a corrupt file), the repro with
# identical results on 1 and 2 threads, a transfer learner loading the
# feature file the repro wrote, and the demo's transfer run.
. "$(dirname "$0")/lib_cli.sh"

# features: the 12 of Figure 2, each drawn
expect_grep "^12 tree features" features tictactoe
for l in a b c d e f g h i j k l; do
	if grep -q "Figure 2 ($l):" "$tmp/out"; then ok; else bad "features tictactoe lacks ($l)"; fi
done
n=$(grep -c '^\[ \] non-terminal, opponent to move' "$tmp/out")
if [ "$n" -eq 12 ]; then ok; else bad "features tictactoe draws $n trees, want 12"; fi
expect_grep '"tree_features":12' features tictactoe --json
expect_grep '"figure2":"g"' features tictactoe --json
expect_grep "N(N(N),N(N,W))" features connect3 --max-states 20000
# a walk too short to find any (qsort was once handed NULL: UBSan)
expect_grep "^0 tree features" features tictactoe --max-states 1
expect_grep "PARTIAL" features connect3 --max-states 20000
expect_error 2 "unknown game" features nosuchgame
expect_error 2 "two-player" features npuzzle
expect_error 2 "unknown option" features tictactoe --bogus

# the agent is listed; train saves, loads, refuses
expect_grep "^td " agents
expect_grep "saved to" train tictactoe td --opponent random -n 300 --save "$tmp/ttt.td"
head -n 1 "$tmp/ttt.td" | grep -q "^gamelearn td 1$" && ok || bad "td file header"
expect_grep "all " train tictactoe td --opponent random -n 100 --load "$tmp/ttt.td"
expect_error 1 "saved for game 'tictactoe'" train connect3 td --opponent random -n 10 --load "$tmp/ttt.td"
# a NUL byte in a saved memory: said so, with its line (it was a "bad
# field" or "truncated" error somewhere after)
{ head -n 2 "$tmp/ttt.td"; printf 'x\000\n'; tail -n +3 "$tmp/ttt.td"; } >"$tmp/nul.td"
expect_error 1 "nul.td:3: a NUL byte: not a text file" train tictactoe td --opponent random -n 10 --load "$tmp/nul.td"
head -c 300 "$tmp/ttt.td" >"$tmp/cut.td"
expect_error 1 "cut.td:" train tictactoe td --opponent random -n 10 --load "$tmp/cut.td"
expect_error 2 "agent td: init=transfer needs features=FILE" train tictactoe td:init=transfer --opponent random -n 10
expect_error 2 "not a gamelearn feature file" train connect3 "td:init=transfer,features=$tmp/ttt.td" --opponent random -n 10

# the repro: same results on 1 and 2 threads
expect_grep "Table 1" repro banerjee-stone --runs 2 --matches 200 --threads 1 --seed 5 --out "$tmp/r1"
expect_grep "transfer beats lookahead, othello4 vs random" repro banerjee-stone --runs 2 --matches 200 --threads 2 --seed 5 --out "$tmp/r2"
for f in table1.csv fig3_connect3.csv fig4_othello4.csv fig5_capturego.csv \
	fig6_othello4_weak.csv fig7_othello4_random.csv summary.csv claims.csv \
	features-tictactoe-egreedy.txt features-tictactoe-random.txt features-tictactoe-weak.txt \
	fig3_connect3.svg fig7_othello4_random.svg; do
	if [ -s "$tmp/r1/$f" ] && cmp -s "$tmp/r1/$f" "$tmp/r2/$f"; then ok; else
		bad "repro output $f missing or differs between 1 and 2 threads"; fi
done
"$BIN" repro banerjee-stone --runs 2 --matches 200 --threads 2 --seed 6 --out "$tmp/r3" >/dev/null 2>&1
cmp -s "$tmp/r1/fig3_connect3.csv" "$tmp/r3/fig3_connect3.csv" && bad "another seed gives the same curves" || ok
expect_error 2 "unknown option" repro banerjee-stone --bogus

# the transfer learner loads the features the repro saved
expect_grep "all " train connect3 "td:init=transfer,features=$tmp/r1/features-tictactoe-egreedy.txt" --opponent egreedy -n 200

# the demo's transfer run
expect_grep "baseline   transfer" demo

finish
