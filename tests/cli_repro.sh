#!/bin/sh
# cli_repro.sh BIN - what every `repro` experiment writes, read back: each
# one run small, then every CSV parsed as RFC 4180 (fields with commas
# quoted, the same number of fields in every record) and every SVG's
# texts inside the picture (lib_report.sh).
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_report.sh"

run() {
	dir=$1; shift
	if "$BIN" repro "$@" --out "$tmp/$dir" >"$tmp/$dir.out" 2>&1; then ok; else
		bad "gamelearn repro $*: $(tail -n 3 "$tmp/$dir.out")"; fi
	outputs_ok "$tmp/$dir"
}
run bs banerjee-stone --runs 2 --matches 200 --source-short 50 --threads 2
run martens martens --seeds 2 --max-plays 300 --lauto-plays 3000 --lauto-perfect-plays 2000
run hwang hwang --seeds 2 --quick
run nim ga-nim --seeds 2 --gens 200 --block 50
run checkers checkers-ga --quick --threads 2
# a feature text such as N(L,N(D)) is one quoted field of Table 1
if grep -q '^200,i,"N(L,N(D))",0,50,' "$tmp/bs/table1.csv"; then ok; else
	bad "table1.csv does not quote N(L,N(D))"; fi
# Banerjee-Stone: Table 1 at both source lengths with their differences,
# the bounds, both init_at readings, claims with p-values
for want in "Table 1 after 50 source matches" "Table 1 after 200 source matches" \
	"mean |here - paper|: " "none of them fits its bound" "ours within every bound: yes" \
	"transfer beats baseline, connect3 vs egreedy       update" "p = " \
	"95% within 100 matches, othello4 lookahead" "needs init_at="; do
	if grep -qF -- "$want" "$tmp/bs.out"; then ok; else bad "repro banerjee-stone lacks '$want'"; fi
done
# a note when the runs are fewer than the paper's 10
if grep -q "a claim judged on fewer is weak" "$tmp/bs.out"; then ok; else bad "no note on 2 runs"; fi

finish
