#!/bin/sh
# cli_repro_ga_nim.sh BIN - `repro ga-nim`'s claims and --seed (issue 72),
# on quick settings: the K claim per heap set and our own finding on games
# a generation, labelled as ours; every verdict one of the rule's five
# words (never "fails"), with its tolerance stated; --seed S plays runs
# from seeds S.., the same seed repeats every figure, another changes
# them, and the default is --seed 1.
. "$(dirname "$0")/lib_cli.sh"

# col N DIR: column N of DIR/verdicts.csv past the header (a quoted
# field, commas and all, becomes q)
col() { sed -E 's/"([^"]|"")*"/q/g' "$2/verdicts.csv" | awk -F, -v c="$1" 'NR > 1 { print $c }'; }

# the claims, on the quick settings of `repro all --quick`
if "$BIN" repro ga-nim --seeds 2 --gens 200 --block 50 --out "$tmp/q" >"$tmp/q.out" 2>&1 &&
	[ -s "$tmp/q/verdicts.csv" ]; then ok; else bad "repro ga-nim quick: $(tail -n 2 "$tmp/q.out")"; fi
v=$tmp/q/verdicts.csv
for want in "K about 25-30 suffices, Nim 2-3-4 (normal, vs perfect, first)" \
	"K about 25-30 suffices, Nim 3-4-5 (normal, vs perfect, first)" \
	"ours: 1 game a generation (gapairs' default) converges soonest"; do
	if grep -qF -- "$want" "$v"; then ok; else bad "repro ga-nim: no claim '$want'"; fi
done
n=$(col 1 "$tmp/q" | wc -l)
if [ "$n" -eq 3 ]; then ok; else bad "repro ga-nim: $n claims, want 3"; fi
# games a generation is our finding, and its paper column says so
if grep -q '^"ours: 1 game a generation.*","not in the excerpt (our finding)' "$v"; then ok; else
	bad "repro ga-nim: the games-a-generation row is not labelled as our finding"; fi
# the K claims are shares of runs with a stated tolerance
if [ "$(grep -c 'within \[0.8, 1\]; exact binomial test' "$v")" -eq 2 ]; then ok; else
	bad "repro ga-nim: the K claims do not state their share"; fi
if col 5 "$tmp/q" | grep -qv -x -E 'reproduced|differs|unclear|inconsistent|speculation'; then
	bad "repro ga-nim: a verdict outside the five: $(col 5 "$tmp/q" | sort -u | tr '\n' /)"; else ok; fi
if grep -q "fails" "$v"; then bad "repro ga-nim: 'fails' in verdicts.csv"; else ok; fi
if col 3 "$tmp/q" | grep -qx ''; then bad "repro ga-nim: a claim without its tolerance"; else ok; fi
# output.txt's claims list gives verdicts.csv's words, row for row
sed -n '/^The claims (verdicts.csv/,/^$/p' "$tmp/q.out" | awk 'NR > 1 && NF { print $1 }' >"$tmp/words"
if [ -s "$tmp/words" ] && col 5 "$tmp/q" | cmp -s - "$tmp/words"; then ok; else
	bad "repro ga-nim: the text's verdicts are not verdicts.csv's"; fi

# --seed: smaller still (one heap set, one K, two sweep counts)
# nim_run NAME ARGS...: into $tmp/NAME; its figures (every CSV) into NAME.fig
nim_run() {
	n=$1; shift
	if "$BIN" repro ga-nim --seeds 2 --gens 100 --block 50 --heaps 2-3-4 -K 30 \
		--games-sweep 1,2 "$@" --out "$tmp/$n" >"$tmp/$n.out" 2>&1 &&
		cat "$tmp/$n/ga-nim.csv" "$tmp/$n/ga-nim-summary.csv" "$tmp/$n/ga-nim-games.csv" \
		>"$tmp/$n.fig"; then ok; else
		bad "repro ga-nim $*: $(tail -n 2 "$tmp/$n.out")"; fi
}
nim_run a --seed 7
nim_run b --seed 7
nim_run c --seed 1001
nim_run d --seed 1
nim_run e
if [ -s "$tmp/a.fig" ] && cmp -s "$tmp/a.fig" "$tmp/b.fig"; then ok; else
	bad "repro ga-nim --seed 7 twice: different figures"; fi
if ! cmp -s "$tmp/a.fig" "$tmp/c.fig"; then ok; else bad "repro ga-nim: --seed 1001 gives --seed 7's figures"; fi
if [ -s "$tmp/d.fig" ] && cmp -s "$tmp/d.fig" "$tmp/e.fig"; then ok; else
	bad "repro ga-nim: the default is not --seed 1"; fi
if grep -q "2 seeds (7\.\.8, --seed 7)" "$tmp/a.out"; then ok; else bad "repro ga-nim does not say its seeds"; fi
expect_error 2 "ga-nim: --seed must be a whole number in 0\.\.9223372036854775807, got .-1." repro ga-nim --seed -1 --out "$tmp/x"

finish
