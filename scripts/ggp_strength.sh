#!/bin/sh
# ggp_strength.sh - measure a GGP agent against a baseline at equal clocks
# (issue 19 item 3): on each game, N matches with the seats rotated every
# match (both seatings; in a game of k players the candidate against k-1
# copies of the baseline, in every seat), run as two `gamelearn match`
# processes at once (one per core: each plays one match at a time,
# --threads 1), each agent given the same time a move.
# Prints a markdown table: per game and overall, the candidate's wins,
# draws and losses (a win: its goal above every other player's) and its
# score with a 95% interval (normal approximation), and its score in each
# seat (the first role's, the second's, ...). A match scores, for
# each opponent, 1 when the candidate's goal is above that opponent's, 1/2
# when equal, 0 below, averaged over the opponents (with 0/100 goals in a
# two-player game: win 1, draw 1/2, loss 0).
#
#   scripts/ggp_strength.sh [-n N] [-t SECONDS] [-s SEED] [-o DIR] [-g BIN]
#       CANDIDATE BASELINE [GAME...]
#
# N matches per game (default 60; a multiple of the players keeps the
# seats even),
# SECONDS per move for both agents (default 0.5), SEED the first match's
# seed (match i of a game is seeded SEED + i; default 1), DIR where the
# match records go (default build/strength), BIN the gamelearn binary
# (default build/release/gamelearn). CANDIDATE and BASELINE are agent
# specs without `time` (it is added: time=SECONDS); they must differ once
# made canonical. GAMEs default to the six of issue 19 (below).
set -eu

n=60 t=0.5 seed=1 out=build/strength bin=build/release/gamelearn
while getopts n:t:s:o:g: opt; do
	case $opt in
	n) n=$OPTARG ;;
	t) t=$OPTARG ;;
	s) seed=$OPTARG ;;
	o) out=$OPTARG ;;
	g) bin=$OPTARG ;;
	*) echo "usage: $0 [-n N] [-t SECONDS] [-s SEED] [-o DIR] [-g BIN] CANDIDATE BASELINE [GAME...]" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ]; then
	echo "$0: give a candidate and a baseline agent spec" >&2
	exit 2
fi
cand=$1 base=$2
shift 2
d=tests/data/gdl
[ $# -gt 0 ] || set -- gdl:$d/games/ticTacToe.kif gdl:$d/test/connectFour.kif \
	gdl:$d/hard/breakthrough.kif gdl:$d/hard/othello-comp2007.kif \
	gdl:$d/hard/blockerParallel.kif gdl:$d/games/tictactoe_3player.kif
# agent specs get time=SECONDS (a spec with parameters, or a bare name)
with_time() {
	case $1 in
	*:*) echo "$1,time=$t" ;;
	*) echo "$1:time=$t" ;;
	esac
}
ca=$(with_time "$cand")
ba=$(with_time "$base")
# seats R: the agents of a match of np players, the candidate at position
# R (from 0) and the baseline everywhere else
seats() {
	l="" i=0
	while [ "$i" -lt "$np" ]; do
		if [ "$i" -eq "$1" ]; then a=$ca; else a=$ba; fi
		l="${l:+$l }$a"
		i=$((i + 1))
	done
	echo "$l"
}
# summary: a table row from $all's lines (game, players, W/D/L, score,
# seat), those of game `only`, or every game's (only empty: the overall
# row, without players and seats)
summary='
$1 == only || only == "" {
	np = $2; w += $3 == "W"; d += $3 == "D"; l += $3 == "L"; s += $4; ss += $4 * $4; k++
	ks[$5]++; sc[$5] += $4
}
END {
	m = s / k; v = k > 1 ? (ss - k * m * m) / (k - 1) : 0; if (v < 0) v = 0
	seats = ""
	for (i = 1; only != "" && i <= np; i++)
		seats = seats (i > 1 ? " / " : "") (ks[i] ? sprintf("%.1f", 100 * sc[i] / ks[i]) : "-")
	printf "| %s | %s | %d | %d | %d | %.1f%% | +-%.1f | %s |\n",
		only != "" ? only : "overall", only != "" ? np : "", w, d, l,
		100 * m, 100 * 1.96 * sqrt(v / k), seats
}'
mkdir -p "$out"
half=$((n / 2))
rest=$((n - half))
all=$out/all.txt
: > "$all"
# the checkout's commit, which is the binary's code only when the binary
# was built from it unchanged: the binary is named beside it
echo "candidate \`$ca\` against baseline \`$ba\`, $n matches a game, seeds $seed.., $t s a move, checkout $(git rev-parse --short HEAD 2>/dev/null || echo '?'), binary $bin"
echo
echo "| game | players | wins | draws | losses | score | 95% | by seat |"
echo "|---|---|---|---|---|---|---|---|"
for game in "$@"; do
	name=$(basename "${game#gdl:}" .kif)
	# the number of players, from the refusal of a match of one agent
	np=$("$bin" match "$game" random -n 1 2>&1 |
		sed -n 's/.* needs \([0-9]*\) agents.*/\1/p' || true)
	[ -n "$np" ] || { echo "$0: cannot tell the players of $game" >&2; exit 1; }
	# `match --swap` moves the candidate (the first agent) a seat back
	# each match; the second process plays matches half+1..n, so its list
	# starts where the first's rotation has come to: the two together seat
	# the candidate as one run of n matches would (as evenly as n allows)
	agents=$(seats 0)
	agents_b=$(seats $(((np - half % np) % np)))
	rec=$out/$name
	# shellcheck disable=SC2086 # agents: one word each
	"$bin" match "$game" $agents -n "$half" --seed "$seed" --swap \
		--threads 1 --record "$rec.a.txt" > "$rec.a.log" 2>&1 &
	pa=$!
	# shellcheck disable=SC2086
	"$bin" match "$game" $agents_b -n "$rest" --seed $((seed + half)) --swap \
		--threads 1 --record "$rec.b.txt" > "$rec.b.log" 2>&1 &
	pb=$!
	wait "$pa" || { echo "$0: $name: $(cat "$rec.a.log")" >&2; exit 1; }
	wait "$pb" || { echo "$0: $name: $(cat "$rec.b.log")" >&2; exit 1; }
	# the candidate's canonical spec: the first agent of the table, in
	# full on its "GIVEN = CANONICAL" line below (none: given in full)
	cspec=$(awk '/^agent/ { f = 1; next } f == 1 { g = $1; f = 2; next }
		f == 2 && $1 == g && $2 == "=" { print $3; found = 1; exit }
		END { if (!found) print g }' "$rec.a.log")
	cat "$rec.a.txt" "$rec.b.txt" | grep -v '^#' |
		awk -v c="$cspec" -v game="$name" '
		{
			p = ""; g = ""
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^players=/) p = substr($i, 9)
				if ($i ~ /^goals=/) g = substr($i, 7)
			}
			np = split(p, pl, "|"); split(g, go, ",")
			me = 0
			for (i = 1; i <= np; i++) if (pl[i] == c) me = i
			if (!me) { print "no candidate in: " $0 > "/dev/stderr"; exit 1 }
			s = 0; top = 1; tie = 0
			for (i = 1; i <= np; i++) if (i != me) {
				s += go[me] > go[i] ? 1 : go[me] == go[i] ? 0.5 : 0
				if (go[i] > go[me]) top = 0
				if (go[i] == go[me]) tie = 1
			}
			r = !top ? "L" : tie ? "D" : "W"
			print game, np, r, s / (np - 1), me
		}' >> "$all"
	awk -v only="$name" "$summary" "$all"
done
awk -v only= "$summary" "$all"
