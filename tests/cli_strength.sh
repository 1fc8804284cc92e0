#!/bin/sh
# cli_strength.sh BIN - scripts/ggp_strength.sh (issue 19 item 3), the
# script that measures an agent against a baseline, on a few short
# matches: its first line names the binary beside the checkout's commit,
# its table has a row a game and an overall row whose counts add
# up to the matches played, the scores agree with the wins, draws and
# losses where the goals are those of a win, a draw or a loss, each seat
# is scored, and bad arguments are refused with a message.
. "$(dirname "$0")/lib_cli.sh"

S=../scripts/ggp_strength.sh
G=data/gdl/games
# iteration limits: the clock the script adds (time=) is a bound only
C=uct:iterations=300
B=uct:iterations=2,mast=0

# run ARGS... : the script's table in $tmp/t, its stderr in $tmp/e
run() { sh "$S" -g "$BIN" -o "$tmp/rec" "$@" >"$tmp/t" 2>"$tmp/e"; }

run -n 4 -t 0.2 -s 5 "$C" "$B" gdl:$G/ticTacToe.kif gdl:$G/tictactoe_3player.kif
rc=$?
[ $rc -eq 0 ] && ok || { bad "ggp_strength.sh: rc=$rc"; cat "$tmp/e" >&2; }
grep -q "^| game | players | wins | draws | losses | score | 95% | by seat |$" "$tmp/t" &&
	ok || bad "ggp_strength.sh: no table header in: $(cat "$tmp/t")"
# the first line names the binary played, beside the checkout's commit
head -n 1 "$tmp/t" | grep -q "checkout .*, binary $BIN\$" &&
	ok || bad "ggp_strength.sh: the binary not named in: $(head -n 1 "$tmp/t")"
# every row: the counts add up to 4 a game, 8 overall
awk -F' *[|] *' '
	$2 == "ticTacToe" || $2 == "tictactoe_3player" {
		if ($4 + $5 + $6 != 4) exit 1
		n++
	}
	$2 == "overall" { if ($4 + $5 + $6 != 8) exit 1; o++ }
	END { exit !(n == 2 && o == 1) }' "$tmp/t" &&
	ok || bad "ggp_strength.sh: counts do not add up in: $(cat "$tmp/t")"
# two players, goals 0/50/100: the score is (wins + draws / 2) / matches,
# and the two seats' mean (two matches each) is the score
awk -F' *[|] *' '$2 == "ticTacToe" {
	s = $7; sub(/%/, "", s)
	want = 100 * ($4 + $5 / 2) / 4
	split($9, seat, " / ")
	exit !(s - want < 0.06 && want - s < 0.06 && seat[3] == "" &&
		(seat[1] + seat[2]) / 2 - s < 0.06 && s - (seat[1] + seat[2]) / 2 < 0.06)
}' "$tmp/t" && ok || bad "ggp_strength.sh: ticTacToe's score or seats wrong in: $(cat "$tmp/t")"
# three players: three seats scored, each a share
awk -F' *[|] *' '$2 == "tictactoe_3player" {
	k = split($9, seat, " / ")
	for (i = 1; i <= k; i++) if (seat[i] !~ /^[0-9.]+$/ || seat[i] > 100) exit 1
	exit !(k == 3)
}' "$tmp/t" && ok || bad "ggp_strength.sh: tictactoe_3player's seats wrong in: $(cat "$tmp/t")"
# the matches' records are kept where -o says
[ -s "$tmp/rec/ticTacToe.a.txt" ] && [ -s "$tmp/rec/tictactoe_3player.b.txt" ] &&
	ok || bad "ggp_strength.sh: no match records in $tmp/rec"

# bad arguments: a message and a non-zero exit
run "$C"
[ $? -eq 2 ] && grep -q "give a candidate and a baseline" "$tmp/e" && ok ||
	bad "ggp_strength.sh with one agent: $(cat "$tmp/e")"
run -n 2 "$C" uct:nosuch=1 gdl:$G/ticTacToe.kif
[ $? -ne 0 ] && grep -q "nosuch" "$tmp/e" && ok ||
	bad "ggp_strength.sh with a bad baseline: $(cat "$tmp/e")"
run -n 2 "$C" "$B" gdl:$G/nosuch.kif
[ $? -ne 0 ] && grep -q "nosuch" "$tmp/e" && ok ||
	bad "ggp_strength.sh with a missing game: $(cat "$tmp/e")"

finish
