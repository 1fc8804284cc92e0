#!/bin/sh
# cli_repro_bs.sh BIN - `repro banerjee-stone` judged by the one verdict
# rule (verdict.h, issue 72): a quick run (repro all --quick's settings)
# has the rows the issue asks for, every verdict one of the five words
# (no "fails"), the paper's literal reading init_at=update as the
# headline and init_at=choose in rows named as the variant, and
# output.txt and claims.csv giving verdicts.csv's words row for row.
. "$(dirname "$0")/lib_cli.sh"

d=$tmp/bs
if "$BIN" repro banerjee-stone --runs 2 --matches 200 --source-short 50 --threads 2 \
	--out "$d" >"$tmp/bs.out" 2>&1; then ok; else
	bad "repro banerjee-stone (quick): $(tail -n 3 "$tmp/bs.out")"; fi
v=$d/verdicts.csv
# verdict column (quoted fields, which may hold commas, become q first)
col5() { sed -E 's/"([^"]|"")*"/q/g' "$1" | awk -F, 'NR > 1 { print $5 }'; }
col5 "$v" >"$tmp/words"
if [ -s "$tmp/words" ] && ! grep -v -x -E 'reproduced|differs|unclear|inconsistent|speculation' \
	"$tmp/words" >/dev/null; then ok; else
	bad "verdicts.csv has words outside the five: $(sort -u "$tmp/words" | tr '\n' /)"; fi
if ! grep -qi 'fails' "$v" "$d/claims.csv"; then ok; else bad "the word 'fails' is still written"; fi

# row: the verdict of the row whose claim (first field) is $1, exactly
row() {
	awk -v want="$1" 'BEGIN { FS = "\n" } NR > 1 {
		line = $0; claim = line
		if (substr(line, 1, 1) == "\"") {
			claim = ""; i = 2
			while (i <= length(line)) {
				c = substr(line, i, 1)
				if (c == "\"" && substr(line, i + 1, 1) == "\"") { claim = claim c; i += 2; continue }
				if (c == "\"") break
				claim = claim c; i++
			}
		} else sub(/,.*/, "", claim)
		if (claim == want) print NR
	}' "$v"
}
# has CLAIM WORD: the row is there (once) with that verdict (WORD "" : any)
has() {
	n=$(row "$1")
	if [ -z "$n" ] || [ "$(echo "$n" | wc -l)" -ne 1 ]; then bad "verdicts.csv: no single row '$1'"; return; fi
	w=$(sed -n "${n}p" "$v" | sed -E 's/"([^"]|"")*"/q/g' | awk -F, '{ print $5 }')
	if [ -z "$2" ] || [ "$w" = "$2" ]; then ok; else bad "'$1' is $w, not $2"; fi
}
# the new rows of issue 72
has "the 12 features of Figure 2" reproduced
has "the two reward codings the paper gives (section 3 against section 2.1)" inconsistent
for l in baseline transfer lookahead; do
	has "3000 matches are not enough for Othello: $l still learning at the end" ""
done
for l in transfer lookahead; do
	has "against random, learning is much slower: othello4 $l" ""
	has "variant init_at=choose: against random, learning is much slower: othello4 $l" ""
done
# Table 1 at both source lengths, its two rows equation 2 rules out
has "Table 1: feature values learned in tic-tac-toe (after 50 source matches)" ""
has "Table 1: feature values learned in tic-tac-toe (after 200 source matches)" ""
has "Table 1 row of N(L) (Figure 2 (f) here)" inconsistent
has "Table 1 row of N(N(W)) (Figure 2 (j) here)" inconsistent
has "when a new afterstate gets its initial value (init_at)" ""
# 95% within 100 matches: per learner and game, not one row for all
for g in connect3 othello4 capturego; do
	for l in baseline transfer lookahead; do
		has "learners cross 95% within 100 matches, $g $l" ""
	done
	has "transfer beats baseline, $g vs egreedy" ""
	has "variant init_at=choose: transfer beats baseline, $g vs egreedy" ""
	has "lookahead beats transfer, $g vs egreedy" ""
done
has "transfer beats lookahead, othello4 vs weak" ""
has "transfer beats lookahead, othello4 vs random" ""

# the headline is init_at=update: its rows come before every variant
# row, and say init_at=update; every variant row says init_at=choose
first_head=$(row "transfer beats baseline, connect3 vs egreedy")
first_var=$(grep -n '^"*variant init_at=choose: ' "$v" | head -n 1 | cut -d: -f1)
last_head=$(grep -n -v '^"*variant init_at=choose: ' "$v" | tail -n 1 | cut -d: -f1)
if [ -n "$first_head" ] && [ -n "$first_var" ] && [ "$last_head" -lt "$first_var" ]; then ok; else
	bad "headline rows ($first_head..$last_head) do not all come before the variant's ($first_var)"; fi
# (baseline has no init_at: its row is the same for both readings)
grep -E '^"*((transfer|lookahead) beats|against random|3000 matches)' "$v" |
	grep -v 'baseline still learning' >"$tmp/head"
if [ "$(wc -l <"$tmp/head")" -eq 12 ] && [ "$(grep -c 'init_at=update' "$tmp/head")" -eq 12 ] &&
	! grep -q 'init_at=choose' "$tmp/head"; then ok; else
	bad "the headline rows are not init_at=update: $(cut -c 1-60 "$tmp/head")"; fi
if ! grep '^"*variant init_at=choose: ' "$v" | grep -q 'init_at=update'; then ok; else
	bad "a variant row is not init_at=choose"; fi
# as many variant rows of the figures' comparisons as headline ones
nh=$(grep -c -E '^"*(transfer|lookahead) beats ' "$v")
nv=$(grep -c -E '^"*variant init_at=choose: (transfer|lookahead) beats ' "$v")
if [ "$nh" -eq 8 ] && [ "$nv" -eq 8 ]; then ok; else bad "paired rows: $nh headline, $nv variant (want 8 and 8)"; fi

# every claim's tolerance is stated (column 3 not empty)
if ! sed -E 's/"([^"]|"")*"/q/g' "$v" | awk -F, 'NR > 1 && $3 == "" { bad = 1 } END { exit !bad }'; then ok; else
	bad "a claim has no tolerance"; fi
# the printed claims (output.txt in repro all) and claims.csv give verdicts.csv's words, in order
sed -n '/^The paper.s claims, one family/,/^$/p' "$tmp/bs.out" |
	awk '/^  [a-z]/ { print $1 }' >"$tmp/out.words"
if cmp -s "$tmp/out.words" "$tmp/words"; then ok; else
	bad "the printed verdicts ($(tr '\n' / <"$tmp/out.words")) are not verdicts.csv's"; fi
sed -E 's/"([^"]|"")*"/q/g' "$d/claims.csv" | awk -F, 'NR > 1 { print $NF }' >"$tmp/cl.words"
if cmp -s "$tmp/cl.words" "$tmp/words"; then ok; else bad "claims.csv's verdicts are not verdicts.csv's"; fi
# the family is corrected together: the why of a test names Holm
if grep -q 'Holm-corrected over [0-9]* tests' "$v"; then ok; else bad "no Holm-corrected test in verdicts.csv"; fi

# the default is enough runs for the verdicts to agree across seeds
if "$BIN" repro banerjee-stone --help | grep -q -- '--runs N .*(default 50)'; then ok; else
	bad "repro banerjee-stone's default --runs is not 50"; fi

finish
