#!/bin/sh
# cli_repro_checkers_ga.sh BIN - `repro checkers-ga --quick` judges the
# excerpt's claims by verdict.h's rule (issue 72): the rows the issue asks
# for are there (the GA learns against piece count only, against Samuel's
# strongest terms and against all ones; the proportional mutation against
# the uniform one; Samuel's evenly spread weights), each with its
# tolerance, in the five words and never "fails"; forward pruning is a
# speculation; the per-generation curves against the three opponents and
# the mutation runs are written, every score within [0, 1]; output.txt's
# claims table gives verdicts.csv's words.
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_report.sh"

ck=$tmp/ck
if "$BIN" repro checkers-ga --quick --threads 2 --out "$ck" >"$tmp/ck.txt" 2>&1; then ok; else
	bad "repro checkers-ga --quick: $(tail -n 3 "$tmp/ck.txt")"; fi
outputs_ok "$ck"

# verdicts.csv as claim<TAB>tolerance<TAB>verdict (quoted commas kept)
awk '
BEGIN { RS = "\001" }
{
	s = $0; n = length(s); f = ""; nf = 0; q = 0; rec = 0
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (q) {
			if (c == "\"" && substr(s, i + 1, 1) == "\"") { f = f c; i++ }
			else if (c == "\"") q = 0
			else f = f c
			continue
		}
		if (c == "\"") { q = 1; continue }
		if (c == "," || c == "\n") {
			field[nf++] = f; f = ""
			if (c == "\n") {
				if (rec++ > 0) print field[0] "\t" field[2] "\t" field[4]
				nf = 0
			}
			continue
		}
		f = f c
	}
}' "$ck/verdicts.csv" >"$tmp/v.tsv"

# row CLAIM: the row's verdict ("" when missing)
row() { awk -F '\t' -v c="$1" '$1 == c { print $3 }' "$tmp/v.tsv"; }
for c in "the GA learns: last champion vs piece count only" \
	"the GA learns: last champion vs Samuel's strongest terms" \
	"the GA learns: last champion vs all ones" \
	"proportional mutation worked best" \
	"Samuel's weights distributed fairly evenly" \
	"forward pruning might improve play"; do
	if [ -n "$(row "$c")" ]; then ok; else bad "verdicts.csv has no row '$c'"; fi
done
if [ "$(row "forward pruning might improve play")" = speculation ]; then ok; else
	bad "forward pruning is '$(row "forward pruning might improve play")', not speculation"; fi
# the mutation row measured something: its ours says the runs' scores
if grep -q '^proportional mutation worked best,.*mean score [0-9.]* (above 0.5 in [0-9]* of 2 runs' \
	"$ck/verdicts.csv"; then ok; else bad "the mutation row does not say what was measured"; fi
# every verdict one of the five words, never "fails", every tolerance stated
msg=$(awk -F '\t' '
	$3 !~ /^(reproduced|differs|unclear|inconsistent|speculation)$/ { print "verdict \"" $3 "\" of " $1 }
	$2 == "" { print "no tolerance for " $1 }' "$tmp/v.tsv")
if [ -s "$tmp/v.tsv" ] && [ -z "$msg" ]; then ok; else bad "verdicts.csv: $msg"; fi

# the curves: each generation's champion against the three opponents
# (2 generations in --quick), every score and its interval in [0, 1]
msg=$(awk -F, -v sam="Samuel's strongest terms" '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	{ n[$col["opponent"]]++; s = $col["score"] + 0; lo = $col["lo"] + 0; hi = $col["hi"] + 0
	  if (!(0 <= lo && lo <= s && s <= hi && hi <= 1 && lo < hi)) print "record " NR ": " s " [" lo ", " hi "]" }
	END { if (n["all ones"] != 2 || n["piece count only"] != 2 || n[sam] != 2)
		print "not 2 generations of each opponent" }' "$ck/checkers-ga-curves.csv" 2>&1)
if [ -s "$ck/checkers-ga-curves.csv" ] && [ -z "$msg" ]; then ok; else bad "checkers-ga-curves.csv: $msg"; fi
for s in "vs all ones" "vs piece count only" "vs Samuel"; do
	if grep -qF "$s" "$ck/checkers-ga-evolution.svg"; then ok; else
		bad "checkers-ga-evolution.svg has no curve '$s'"; fi
done
# the mutation runs: 2 in --quick, scores within [0, 1]
msg=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	{ r++; s = $col["score"] + 0; lo = $col["lo"] + 0; hi = $col["hi"] + 0
	  if (!(0 <= lo && lo <= s && s <= hi && hi <= 1)) print "record " NR }
	END { if (r != 2) print r " runs, want 2" }' "$ck/checkers-ga-mutation.csv" 2>&1)
if [ -s "$ck/checkers-ga-mutation.csv" ] && [ -z "$msg" ]; then ok; else bad "checkers-ga-mutation.csv: $msg"; fi

# the claims table (output.txt under repro all, stdout here): verdicts.csv's words
sed -n "/^the excerpt's claims and ours$/,/^$/p" "$tmp/ck.txt" |
	awk -F ' [|] ' 'NR > 2 && $1 !~ /^ *$/ { v = $3; gsub(/^ +| +$/, "", v); print v }' >"$tmp/out.v"
cut -f 3 "$tmp/v.tsv" >"$tmp/csv.v"
if [ -s "$tmp/csv.v" ] && cmp -s "$tmp/out.v" "$tmp/csv.v"; then ok; else
	bad "output.txt's verdicts ($(tr '\n' / <"$tmp/out.v")) are not verdicts.csv's ($(tr '\n' / <"$tmp/csv.v"))"; fi

finish
