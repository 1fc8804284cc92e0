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
run bs banerjee-stone --runs 2 --matches 200 --threads 2
run martens martens --seeds 2 --max-plays 300 --lauto-plays 3000 --lauto-perfect-plays 2000
run hwang hwang --seeds 2 --quick
run nim ga-nim --seeds 2 --gens 200 --block 50
run checkers checkers-ga --quick --threads 2
# a feature text such as N(L,N(D)) is one quoted field of Table 1
if grep -q '^b,"N(L,N(D))",' "$tmp/bs/table1.csv"; then ok; else
	bad "table1.csv does not quote N(L,N(D))"; fi

finish
