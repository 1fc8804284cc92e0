#!/bin/sh
# cli_repro.sh BIN - what every `repro` experiment writes, read back:
# `repro all --quick` runs each small, then every CSV is parsed as RFC 4180
# (fields with commas quoted, the same number of fields in every record),
# every SVG's texts are inside the picture (lib_report.sh), and index.html
# has every paper's verdicts and figures.
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_report.sh"

# every experiment, small, with the report
if "$BIN" repro all --quick --out "$tmp/all" >"$tmp/all.out" 2>&1; then ok; else
	bad "gamelearn repro all --quick: $(tail -n 3 "$tmp/all.out")"; fi
for d in martens checkers-ga ga-nim hwang banerjee-stone; do
	outputs_ok "$tmp/all/$d"
	if [ -s "$tmp/all/$d/verdicts.csv" ] && [ -s "$tmp/all/$d/output.txt" ]; then ok; else
		bad "repro all: no verdicts.csv or output.txt for $d"; fi
	if grep -q "<h2 id=\"$d\">" "$tmp/all/index.html"; then ok; else bad "index.html lacks $d"; fi
done
# one colour per learner or condition across every figure of the run
if msg=$(colours_ok "$tmp"/all/*/*.svg); then ok; else bad "$msg"; fi
# the index: a table row per verdict, every figure inline, the version
rows=$(cat "$tmp"/all/*/verdicts.csv | grep -c -v '^claim,paper,tolerance,ours,verdict,why$')
if [ "$(grep -c '<td class="v ' "$tmp/all/index.html")" -eq "$rows" ]; then ok; else
	bad "index.html has not one row per verdict ($rows)"; fi
svgs=$(ls "$tmp"/all/*/*.svg | wc -l)
if [ "$(grep -c '<img src=' "$tmp/all/index.html")" -eq "$svgs" ]; then ok; else
	bad "index.html does not show the $svgs figures"; fi
if grep -q "gamelearn 0\.[0-9]" "$tmp/all/index.html"; then ok; else bad "index.html lacks the version"; fi
# a verdict with a comma inside a quoted field is one cell
if grep -q '<td>79 plays: 1 W, 46 L, 32 D</td>' "$tmp/all/index.html"; then ok; else
	bad "index.html lacks Table I's paper cell"; fi
# DIR/REPRODUCTION.md: the rule, then every paper's table in markdown,
# one row per verdict
md=$tmp/all/REPRODUCTION.md
if grep -q '^## The rule$' "$md" && grep -q "gamelearn $("$BIN" --version | head -n 1 | cut -d' ' -f2)" "$md" &&
	[ "$(grep -c '^| claim | paper | tolerance | ours | verdict | why |$' "$md")" -eq 5 ] &&
	[ "$(grep -c '^| .* | \*\*[a-z]*\*\* | .*|$' "$md")" -eq "$rows" ]; then ok; else
	bad "repro all: REPRODUCTION.md lacks the rule, the version or a row per verdict"; fi
# the project's docs/REPRODUCTION.md is such a report, of this version
# (issue 72: it named 0.5.0 long after), every verdict one of the five words
doc=../docs/REPRODUCTION.md
ver=$("$BIN" --version | head -n 1 | cut -d' ' -f2)
if grep -q "^gamelearn $ver, commit " "$doc" || grep -q "gamelearn $ver, commit " "$doc"; then ok; else
	bad "docs/REPRODUCTION.md does not name version $ver: run 'gamelearn repro all' and copy DIR/REPRODUCTION.md"; fi
words=$(grep -o '| \*\*[a-z]*\*\* |' "$doc" | sort -u | tr -d '|* ' | tr '\n' ' ')
if [ -n "$words" ] && [ -z "$(echo "$words" | tr ' ' '\n' | grep -v -x -E 'reproduced|differs|unclear|inconsistent|speculation|')" ]; then ok; else
	bad "docs/REPRODUCTION.md: verdicts other than the rule's five: $words"; fi
# --only runs one, and the index still lists the others found
if "$BIN" repro all --quick --only hwang --out "$tmp/all" >/dev/null 2>&1 &&
	grep -q '<h2 id="martens">' "$tmp/all/index.html"; then ok; else bad "repro all --only"; fi
expect_error 2 "repro all: --only needs a value, got ''" repro all --only "" --out "$tmp/none"
# --only none runs nothing and writes index.html again from what is in
# DIR (docs/PAPERS.md's recipe; it once was --only "", which is refused)
rm "$tmp/all/index.html"
if "$BIN" repro all --only none --out "$tmp/all" >"$tmp/out" 2>&1 && ! grep -q "repro all: [a-z]" "$tmp/out" &&
	grep -q '<td>79 plays: 1 W, 46 L, 32 D</td>' "$tmp/all/index.html" &&
	! grep -q 'Not run into this folder' "$tmp/all/index.html"; then ok; else
	bad "repro all --only none: $(head -n 3 "$tmp/out")"; fi
expect_error 2 "repro all: --only takes experiments of: .*, or none; got 'none,hwang'" repro all --only none,hwang --out "$tmp/none"
cp -r "$tmp/all/banerjee-stone" "$tmp/bs"

# checkers-ga: every score and its interval lie within [0, 1], the
# interval around the score and wider than a point (the normal
# approximation gave [0.429, 1.071], and [0, 0] at 0 wins of 8)
ck=$tmp/all/checkers-ga
for f in checkers-ga.csv checkers-ga-vs.csv checkers-ga-prune.csv; do
	msg=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{ s = $col[col["score"] ? "score" : "score_vs_ones"] + 0
		  lo = $col["lo"] + 0; hi = $col["hi"] + 0
		  if (!(0 <= lo && lo <= s && s <= hi && hi <= 1 && lo < hi))
			print "record " NR ": " s " [" lo ", " hi "]" }' "$ck/$f")
	if [ -s "$ck/$f" ] && [ -z "$msg" ]; then ok; else bad "repro checkers-ga $f: $msg"; fi
done
# its claims table in output.txt gives verdicts.csv's words, row for row
sed -n "/^the excerpt's claims and ours$/,/^$/p" "$ck/output.txt" |
	awk -F ' [|] ' 'NR > 2 && $1 !~ /^ *$/ { v = $3; gsub(/^ +| +$/, "", v); print v }' >"$tmp/ck.out"
sed -E 's/"([^"]|"")*"/q/g' "$ck/verdicts.csv" | awk -F, 'NR > 1 { print $5 }' >"$tmp/ck.csv"
if [ -s "$tmp/ck.csv" ] && cmp -s "$tmp/ck.out" "$tmp/ck.csv"; then ok; else
	bad "checkers-ga output.txt's verdicts ($(tr '\n' / <"$tmp/ck.out")) are not verdicts.csv's ($(tr '\n' / <"$tmp/ck.csv"))"; fi

# hwang --seed: the same seed gives the same figures, another seed others,
# and the default is --seed 1 (runs seeded 1..N, as before --seed was
# there). Times (ms columns) and the time-limited Fig. 4-7 rows vary from
# run to run and are left out.
hw_figures() { awk -F, '$1 != "4-7" { $8 = $9 = $10 = ""; print }' OFS=, "$1/hwang.csv"; }
# hw_run NAME ARGS...: repro hwang --quick --seeds 2 ARGS into $tmp/hwNAME,
# its figures into $tmp/hwNAME.fig
hw_run() {
	n=$1; shift
	if "$BIN" repro hwang --quick --seeds 2 "$@" --out "$tmp/hw$n" >"$tmp/hw$n.out" 2>&1 &&
		hw_figures "$tmp/hw$n" >"$tmp/hw$n.fig"; then ok; else
		bad "repro hwang --quick --seeds 2 $*: $(tail -n 2 "$tmp/hw$n.out")"; fi
}
seed_ok "repro hwang" hw_run hw
expect_error 2 "repro hwang: --seed must be a whole number in 0\.\.9223372036854775807, got .-1." repro hwang --seed -1 --out "$tmp/hwx"
cp "$tmp/all/banerjee-stone/output.txt" "$tmp/bs.out"

# a feature text such as N(L,N(D)) is one quoted field of Table 1
if grep -q '^200,i,"N(L,N(D))",0,50,' "$tmp/bs/table1.csv"; then ok; else
	bad "table1.csv does not quote N(L,N(D))"; fi
# Banerjee-Stone: Table 1 at both source lengths with their differences,
# the bounds, both init_at readings, claims with p-values
for want in "Table 1 after 50 source matches" "Table 1 after 200 source matches" \
	"mean |here - paper|: " "none of them fits its bound" "ours within every bound: yes" \
	"transfer beats baseline, connect3 vs egreedy | mean" "p = " \
	"95% within 100 matches, othello4 lookahead" "needs init_at="; do
	if grep -qF -- "$want" "$tmp/bs.out"; then ok; else bad "repro banerjee-stone lacks '$want'"; fi
done
# a note when the runs are fewer than the paper's 10
if grep -q "a claim judged on fewer is weak" "$tmp/bs.out"; then ok; else bad "no note on 2 runs"; fi

finish
