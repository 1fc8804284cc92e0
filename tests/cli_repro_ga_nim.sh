#!/bin/sh
# cli_repro_ga_nim.sh BIN - `repro ga-nim`'s claims and --seed (issue 72),
# on quick settings: the K claim per heap set and our own finding on games
# a generation, labelled as ours; every verdict one of the rule's five
# words (never "fails"), with its tolerance stated; --seed S plays runs
# from seeds S.., the same seed repeats every figure, another changes
# them, and the default is --seed 1.
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_report.sh"

# the claims, on the quick settings of `repro all --quick`
if "$BIN" repro ga-nim --seeds 2 --gens 200 --block 50 --out "$tmp/q" >"$tmp/q.out" 2>&1 &&
	[ -s "$tmp/q/verdicts.csv" ]; then ok; else bad "repro ga-nim quick: $(tail -n 2 "$tmp/q.out")"; fi
v=$tmp/q/verdicts.csv
claims_ok "repro ga-nim" "$tmp/q" 3 \
	"K about 25-30 suffices, Nim 2-3-4 (normal, vs perfect, first)" \
	"K about 25-30 suffices, Nim 3-4-5 (normal, vs perfect, first)" \
	"ours: 1 game a generation (gapairs' default) converges soonest"
# games a generation is our finding, and its paper column says so
if grep -q '^"ours: 1 game a generation.*","not in the excerpt (our finding)' "$v"; then ok; else
	bad "repro ga-nim: the games-a-generation row is not labelled as our finding"; fi
# the K claims are shares of runs with a stated tolerance
if [ "$(grep -c 'within \[0.8, 1\]; exact binomial test' "$v")" -eq 2 ]; then ok; else
	bad "repro ga-nim: the K claims do not state their share"; fi
# the words are the rule's five, never "fails"; every tolerance stated;
# output.txt's claims list gives verdicts.csv's words, row for row
verdicts_ok "repro ga-nim" "$tmp/q" "$tmp/q.out" '^The claims (verdicts.csv'

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
seed_ok "repro ga-nim" nim_run ""
expect_error 2 "ga-nim: --seed must be a whole number in 0\.\.9223372036854775807, got .-1." repro ga-nim --seed -1 --out "$tmp/x"

finish
