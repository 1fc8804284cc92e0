#!/bin/sh
# cli_repro_martens.sh BIN - `repro martens`, small: every claim has its
# row in verdicts.csv, a claim with several teachers a row per teacher,
# each verdict one of the rule's words (never "fails"), the rows of Note
# I's remarks exist, the person teacher is run (and can lose), and the
# L-automaton's misere row faces a player that makes it err (the normal
# game's perfect player, which it faced before, never did).
. "$(dirname "$0")/lib_cli.sh"

out=$tmp/m
if "$BIN" repro martens --seeds 3 --lauto-seeds 2 --max-plays 300 --lauto-plays 3000 \
	--lauto-perfect-plays 3000 --out "$out" >"$tmp/run.out" 2>&1; then ok; else
	bad "repro martens: $(tail -n 3 "$tmp/run.out")"; fi
v=$out/verdicts.csv
if [ -s "$v" ] && head -n 1 "$v" | grep -q '^claim,paper,tolerance,ours,verdict,why$'; then ok; else
	bad "verdicts.csv: no header"; fi
# the words: the rule's five, never "fails"
bad_words=$(python3 -c '
import csv, sys
words = {"reproduced", "differs", "unclear", "inconsistent", "speculation"}
rows = list(csv.DictReader(open(sys.argv[1])))
print(" ".join(r["verdict"] for r in rows if r["verdict"] not in words))' "$v")
if [ -z "$bad_words" ]; then ok; else bad "verdicts.csv: words not the rule's: $bad_words"; fi
if ! grep -q ',fails,' "$v"; then ok; else bad "verdicts.csv says fails"; fi
# one row per teacher: Table I's strings, the Hex claims, the remarks
has() {
	n=$(python3 -c '
import csv, sys
print(sum(1 for r in csv.DictReader(open(sys.argv[1])) if r["claim"].startswith(sys.argv[2])))' "$v" "$1")
	if [ "$n" -eq "$2" ]; then ok; else bad "verdicts.csv: $n rows '$1', want $2"; fi
}
has "Table I, string 1: opponent first, from nothing: " 3
has "Table I, string 2: machine first, from nothing: " 3
has "Table I, string 1: opponent first, from nothing: person" 1
has "fair competence after 30 to 50 plays: " 3
has "losses before it stops losing, tic-tac-toe" 6
has "Hex 3x3, early machine, six invalid symmetries given: " 3
has "Hex 3x3, final machine, six invalid symmetries given: " 3
has "Hex 3x3, early machine, no symmetry information: " 2
has "follow-on string, memory kept, machine first: " 3
has "early machine's decided tendency to draw: " 2
has "best opening against the machine, " 4
has "still able to win after N plays" 2
has "having lost to a diagonal with an extra mark, it does not block a pure one" 1
has "having lost to a pure diagonal, it blocks one" 1
has "L-automaton, misere, perfect misere player" 1
# every row states its tolerance
empty=$(python3 -c '
import csv, sys
print(sum(1 for r in csv.DictReader(open(sys.argv[1])) if not r["tolerance"].strip()))' "$v")
if [ "$empty" -eq 0 ]; then ok; else bad "verdicts.csv: $empty rows without a tolerance"; fi
# the misere row's opponent makes the automaton err: mistakes in lauto.csv
sum() { # sum of column $3 over the rows of CSV $1 whose first column starts with $2
	python3 -c '
import csv, sys
print(int(sum(float(r[sys.argv[3]]) for r in csv.DictReader(open(sys.argv[1]))
	if r["condition"].startswith(sys.argv[2]))))' "$@"
}
mis=$(sum "$out/lauto.csv" "misere, perfect misere player" mistakes)
if [ "$mis" -gt 0 ]; then ok; else bad "lauto.csv: no mistake against the misere player"; fi
# the person can lose: the machine wins some plays against it
pw=$(sum "$out/table1.csv" "person, opponent first" wins)
if [ "$pw" -gt 0 ]; then ok; else bad "table1.csv: the machine never beat the person"; fi
# the blunder's sensitivity: three probabilities in the CSV and the output
nb=$(awk -F, 'NR > 1 { print $1 }' "$out/blunder-sensitivity.csv" | sort -u | wc -l)
if [ "$nb" -eq 3 ] && grep -q '^== Sensitivity to the person' "$tmp/run.out"; then ok; else
	bad "blunder sensitivity: $nb probabilities"; fi
# the output's claims list gives verdicts.csv's words, row for row
sed -n '/^The claims and their verdicts/,/^$/p' "$tmp/run.out" | awk 'NR > 1 && NF { print $1 }' >"$tmp/o.words"
python3 -c '
import csv, sys
for r in csv.DictReader(open(sys.argv[1])): print(r["verdict"])' "$v" >"$tmp/v.words"
if [ -s "$tmp/v.words" ] && cmp -s "$tmp/o.words" "$tmp/v.words"; then ok; else
	bad "output.txt's verdicts are not verdicts.csv's"; fi
# --blunder is checked
expect_error 2 "repro martens: --blunder must be a number in 0..1, got '2'" repro martens --blunder 2 --out "$tmp/x"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
