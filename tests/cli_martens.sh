#!/bin/sh
# cli_martens.sh BIN - Martens' learners (Martens 1959) from the command
# line: train, save, load and inspect the machine and the L-automaton; a
# person teaching it through `play` with load=/save=; refused games and
# corrupt memories with one-line errors; a small `repro martens`.
. "$(dirname "$0")/lib_cli.sh"

expect_grep "^martens " agents
expect_grep "^lauto " agents

# the machine learns tic-tac-toe against perfect and stops losing
expect_grep "saved to $tmp/m.txt" train tictactoe martens --opponent perfect -n 400 \
	--first opponent --save "$tmp/m.txt"
[ "$(grep '^361-400 ' "$tmp/out" | awk '{print $4}')" = 0 ] && ok || \
	bad "train martens: still losing at the end: $(cat "$tmp/out")"
[ "$(head -n 1 "$tmp/m.txt")" = "gamelearn-martens 1" ] && ok || bad "memory file header"
grep -q "^game tictactoe$" "$tmp/m.txt" && grep -q "^plays 400$" "$tmp/m.txt" && ok || bad "memory file: game, plays"
# learning continues from the file
expect_grep "saved to $tmp/m2.txt" train tictactoe martens --opponent perfect -n 50 \
	--first opponent --load "$tmp/m.txt" --save "$tmp/m2.txt"
grep -q "^all *0 *50 *0 " "$tmp/out" && ok || bad "loaded machine lost: $(tail -n 3 "$tmp/out")"
grep -q "^plays 450$" "$tmp/m2.txt" && ok || bad "plays not carried over"
# inspect draws boards
expect_grep "hopeless configurations" inspect "$tmp/m.txt"
grep -q "^X X \|^O O O\|^X \. " "$tmp/out" && ok || bad "inspect drew no board"
expect_grep "invalid transformations: none" inspect "$tmp/m.txt" --max 3

# a person teaches it: play with load=,save= learns and saves after every play
moves='a1
b1
c1
a2
b2
c2
a3
b3
c3'
for k in 1 2; do
	echo "$moves" | "$BIN" play tictactoe --opponent "martens:load=$tmp/p.txt,save=$tmp/p.txt" \
		>"$tmp/out" 2>&1
done
grep -q "^plays 2$" "$tmp/p.txt" && ok || bad "play did not save after each play: $(cat "$tmp/out")"
expect_grep "2 plays" inspect "$tmp/p.txt"

# Hex with the invalid symmetries given in advance
expect_grep "saved to" train hex:size=3 martens:variant=early,invalid=r90+r270+mh+mv+d+ad \
	--opponent perfect -n 60 --save "$tmp/h.txt"
grep -q "^invalid r90 r270 mh mv d ad$" "$tmp/h.txt" && ok || bad "hex invalid line: $(grep invalid "$tmp/h.txt")"
expect_grep "saved to" train hex:size=5 martens:tiers=2 --opponent random -n 20 --save "$tmp/h5.txt"

# refusals: games outside conditions (A) and (B), bad options, corrupt memories
expect_error 2 "conditions (A) and (B)" train connect4 martens --opponent random -n 1
expect_error 2 "unknown transformation 'r45'" train tictactoe martens:invalid=r45 --opponent random -n 1
expect_error 2 "variant must be final or early" train tictactoe martens:variant=odd --opponent random -n 1
expect_error 1 "memory saved for game 'hex:size=3'" train tictactoe martens --opponent random \
	-n 1 --load "$tmp/h.txt"
sed 's/^hopeless 2 \(.\)/hopeless 2 Q/' "$tmp/m.txt" >"$tmp/bad.txt"
expect_error 1 "bad.txt:11: bad configuration" train tictactoe martens --opponent random -n 1 \
	--load "$tmp/bad.txt"
head -n 9 "$tmp/m.txt" >"$tmp/trunc.txt"
expect_error 1 "truncated" inspect "$tmp/trunc.txt"
expect_error 2 "no-such-file" train tictactoe martens:load=$tmp/no-such-file --opponent random -n 1
echo "hello" >"$tmp/junk.txt"
expect_error 1 "not a memory of martens or lauto" inspect "$tmp/junk.txt"

# the L-automaton: train, save, load, inspect; eval must match
expect_grep "saved to" train tictactoe lauto --opponent perfect -n 300 --first alternate \
	--save "$tmp/l.txt"
expect_grep "L-automaton, eval normal" inspect "$tmp/l.txt" --max 5
expect_grep "saved to" train tictactoe lauto --opponent perfect -n 10 --load "$tmp/l.txt" \
	--save "$tmp/l2.txt"
expect_error 1 "memory saved under eval 'normal'" train tictactoe lauto:eval=misere \
	--opponent random -n 1 --load "$tmp/l.txt"
expect_grep "saved to" train nim lauto:eval=misere --opponent random -n 50 --save "$tmp/n.txt"
expect_grep "eval misere" inspect "$tmp/n.txt"

# a small repro: every table, CSV and plot
expect_grep "Martens 1959 beside gamelearn" repro martens --seeds 1 --max-plays 300 \
	--lauto-plays 2000 --lauto-perfect-plays 2000 --out "$tmp/r"
for f in summary.txt table1.csv hex.csv lauto.csv lauto-windows.csv ttt-perfect-second.svg \
	ttt-perfect-first.svg ttt-egreedy.svg ttt-random.svg hex-1.svg hex-6.svg \
	lauto-mistakes-perfect.svg lauto-mistakes-random.svg lauto-memory.svg; do
	[ -s "$tmp/r/$f" ] && ok || bad "repro martens wrote no $f"
done
expect_error 2 "unknown option" repro martens --bogus

# saves (hardening issue, items 3 and 5): a GDL game's lauto memory
# (moves with spaces) loads back; a save path that cannot be written is
# refused before the first match; a second process saving to the same
# file is refused, naming the first
G=data/gdl/games/ticTacToe.kif
expect_grep "saved to" train gdl:$G lauto --opponent random -n 20 --save "$tmp/lg.txt"
expect_grep "saved to" train gdl:$G lauto:load="$tmp/lg.txt" --opponent random -n 5 --save "$tmp/lg2.txt"
expect_error 1 "cannot write '/nonexistent-dir/x.txt'" train tictactoe td --opponent random \
	-n 1000000 --save /nonexistent-dir/x.txt
grep -q "matches" "$tmp/out" && bad "trained before failing to save" || ok
"$BIN" train tictactoe td --opponent random -n 500000000 --save "$tmp/w.txt" >/dev/null 2>&1 &
wpid=$!
i=0 # its lock is taken (30 s at most: the machine may be loaded)
while [ $i -lt 300 ] && [ ! -f "$tmp/w.txt.lock" ]; do sleep 0.1; i=$((i + 1)); done
expect_error 1 "'$tmp/w.txt' is being saved by another process (pid $wpid holds" \
	train tictactoe lauto --opponent random -n 10 --save "$tmp/w.txt"
expect_error 2 "being saved by another process" train tictactoe lauto:save="$tmp/w.txt" \
	--opponent random -n 10
kill "$wpid"
wait "$wpid" 2>/dev/null
# a folder as the save path is refused before any match is played
mkdir "$tmp/adir"
expect_error 1 "cannot write '$tmp/adir': it is a folder" train tictactoe td \
	--opponent random -n 1000000 --save "$tmp/adir"
# a memory saved before is left as it was by a command that fails after
# the learner is made (it was once overwritten by a fresh memory at once)
"$BIN" train tictactoe martens --opponent random -n 50 --save "$tmp/m.txt" >/dev/null
"$BIN" train tictactoe lauto --opponent random -n 50 --save "$tmp/l.txt" >/dev/null
cp "$tmp/m.txt" "$tmp/m0.txt"
cp "$tmp/l.txt" "$tmp/l0.txt"
expect_error 2 "unknown agent 'nosuch'" match tictactoe "martens:save=$tmp/m.txt" nosuch
expect_error 2 "unknown agent 'nosuch'" match tictactoe "lauto:save=$tmp/l.txt" nosuch
cmp -s "$tmp/m.txt" "$tmp/m0.txt" && ok || bad "martens' memory changed by a failed match"
cmp -s "$tmp/l.txt" "$tmp/l0.txt" && ok || bad "lauto's memory changed by a failed match"

finish
