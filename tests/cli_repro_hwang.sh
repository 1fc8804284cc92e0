#!/bin/sh
# cli_repro_hwang.sh BIN - `repro hwang`'s claims (issue 72), on quick
# settings: a row for each claim of figures 4-1 to 4-7, the paper's
# individuals and its example run; every verdict one of the rule's five
# words (never "fails"), with its tolerance stated; and Fig. 4-7, judged
# at equal work (counted) instead of equal time, the same for the same
# seed.
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_report.sh"

# hw_run NAME ARGS...: repro hwang --quick --seeds 3 ARGS into $tmp/NAME
hw_run() {
	n=$1; shift
	if "$BIN" repro hwang --quick --seeds 3 "$@" --out "$tmp/$n" >"$tmp/$n.out" 2>&1 &&
		[ -s "$tmp/$n/verdicts.csv" ]; then ok; else
		bad "repro hwang --quick --seeds 3 $*: $(tail -n 2 "$tmp/$n.out")"; fi
}

hw_run a --seed 7
hw_run b --seed 7
v=$tmp/a/verdicts.csv

# a row for every claim the issue names (fixed strings: the claims);
# 2 + 2 example + 1 DFS + 4 linear + 6 + 6 + 6 + 1 + 2 (Fig. 4-7 to depth 4)
claims_ok "repro hwang" "$tmp/a" 30 \
	"Table 3-2: F of the ten initial individuals" \
	"the converged individual (step 10) solves the puzzle" \
	"O 5 (Table 3-4), solves by generation 8" "O 1 (pm 0.1 per member), solves by generation 8" \
	"Fig. 4-1: DFS's time grows exponentially with depth" \
	"Fig. 4-1: the GA's time is linear in depth (each N)" \
	"Fig. 4-2: the GA's time is linear in population (each depth)" \
	"Fig. 4-4: the GA's time is linear in depth (each G)" \
	"Fig. 4-5: the GA's time is linear in generations (each depth)" \
	"Fig. 4-3: errors fall with depth (N 10)" "Fig. 4-3: errors fall with depth (N 35)" \
	"Fig. 4-3: within 5 levels the GA is no worse than DFS (N 10)" \
	"Fig. 4-3: within 5 levels the GA is no worse than DFS (N 35)" \
	"Fig. 4-6: errors fall with depth (G 10)" "Fig. 4-6: errors fall with depth (G 35)" \
	"Fig. 4-6: errors fall with the generations" \
	"Fig. 4-7: at equal time the GA is more accurate than DFS (DFS depth 3)" \
	"Fig. 4-7: at equal time the GA is more accurate than DFS (DFS depth 4)"
# the words are the rule's five, never "fails"; every tolerance stated;
# output.txt's claims list gives verdicts.csv's words, row for row
verdicts_ok "repro hwang" "$tmp/a" "$tmp/a.out" '^The paper.s claims (verdicts.csv'
# exact claims: the paper's individuals as scored before (3 of 10 agree)
if grep -q '^Table 3-2: F of the ten initial individuals,.*,differs,3 of 10 agree' "$v" &&
	grep -q '^the converged individual (step 10) solves the puzzle,.*,F = 18,reproduced,' "$v"; then
	ok; else bad "repro hwang: Table 3-2 or the converged individual changed"; fi

# Fig. 4-7 is counted work, not time: the same seed gives the same rows
# (generations and errors), and its claims say so
grep '^4-7,' "$tmp/a/hwang.csv" >"$tmp/a.47"
grep '^4-7,' "$tmp/b/hwang.csv" >"$tmp/b.47"
if [ "$(wc -l <"$tmp/a.47")" -eq 2 ] && cmp -s "$tmp/a.47" "$tmp/b.47" &&
	grep -q '^4-7,ga-work,15,35,5,3,' "$tmp/a.47"; then ok; else
	bad "repro hwang --seed 7 twice: Fig. 4-7's rows differ or are missing: $(cat "$tmp/a.47")"; fi
if grep -q "at most 50% as many codes as DFS generates nodes" "$v"; then ok; else
	bad "repro hwang: Fig. 4-7's tolerance does not state the work it is given"; fi
# the verdicts repeat for the same seed
col 5 "$tmp/a" >"$tmp/a.v"
col 5 "$tmp/b" >"$tmp/b.v"
if [ -s "$tmp/a.v" ] && cmp -s "$tmp/a.v" "$tmp/b.v"; then ok; else
	bad "repro hwang --seed 7 twice: different verdicts"; fi

finish
