# lib_report.sh - checks of what `repro` writes, shared by the CLI tests
# that run it (sourced after lib_cli.sh); not a test itself.
#
# csv_ok FILE: FILE parses as RFC 4180 (fields split at commas, a field
# in double quotes may hold commas, doubled quotes and line breaks; a
# quote anywhere else is an error) and every record has as many fields
# as the header. Prints the problem and returns 1 otherwise.
csv_ok() {
	awk '
	BEGIN { RS = "\001"; bad = "" }
	{
		s = $0; n = length(s); i = 1; rec = 0; nf = 0; field = 0; want = -1
		while (i <= n && bad == "") {
			c = substr(s, i, 1)
			if (c == "\"" && field == 0) {
				# a quoted field: up to a quote not doubled
				i++
				for (;;) {
					if (i > n) { bad = "record " rec + 1 ": unterminated quote"; break }
					c = substr(s, i, 1)
					if (c == "\"") {
						if (substr(s, i + 1, 1) == "\"") { i += 2; continue }
						i++; break
					}
					i++
				}
				field = 2
				continue
			}
			if (c == ",") { nf++; field = 0; i++; continue }
			if (c == "\r" && substr(s, i + 1, 1) == "\n") i++
			if (c == "\n" || c == "\r") {
				nf++; rec++
				if (want < 0) want = nf
				else if (nf != want) bad = "record " rec ": " nf " fields, header " want
				nf = 0; field = 0; i++; continue
			}
			if (field == 2) { bad = "record " rec + 1 ": text after a closing quote"; break }
			if (c == "\"") { bad = "record " rec + 1 ": quote inside an unquoted field"; break }
			field = 1; i++
		}
		if (bad == "" && (nf > 0 || field)) bad = "last record has no line end"
		if (bad == "" && rec < 2) bad = "no data records"
	}
	END { if (bad != "") { print FILENAME ": " bad; exit 1 } }' "$1"
}

# svg_ok FILE: every text of the SVG (one element a line, as report.c
# writes them) lies inside its width and height, its width estimated at
# 0.6 em a character (sans-serif averages about 0.55).
svg_ok() {
	awk '
	function attr(line, name,   m) {
		if (match(line, " " name "=\"[^\"]*\"")) {
			m = substr(line, RSTART + length(name) + 3, RLENGTH - length(name) - 4)
			return m
		}
		return ""
	}
	/^<svg/ { W = attr($0, "width") + 0; H = attr($0, "height") + 0; fs0 = attr($0, "font-size") + 0 }
	{
		line = $0
		while (match(line, "<text[^>]*>[^<]*</text>")) {
			el = substr(line, RSTART, RLENGTH)
			line = substr(line, RSTART + RLENGTH)
			txt = el; sub("^<text[^>]*>", "", txt); sub("</text>$", "", txt)
			gsub("&[a-z]+;", "x", txt)
			fs = attr(el, "font-size"); fs = fs == "" ? fs0 : fs + 0
			w = 0.6 * fs * length(txt)
			x = attr(el, "x") + 0; y = attr(el, "y") + 0
			a = attr(el, "text-anchor")
			if (attr(el, "transform") != "") {
				# rotated by -90 about (x, y): the text runs up the page
				lo = y - (a == "middle" ? w / 2 : 0); hi = lo + w
				if (lo < 0 || hi > H) { print FILENAME ": text runs off vertically: " txt; bad = 1 }
				continue
			}
			lo = a == "middle" ? x - w / 2 : a == "end" ? x - w : x
			if (lo < 0 || lo + w > W || y - fs < 0 || y > H) {
				print FILENAME ": text clipped (" lo ".." lo + w " of " W "): " txt; bad = 1
			}
		}
	}
	END { exit bad }' "$1"
}

# colours_ok FILE...: a legend name has one colour in every figure given
# (report.c writes a legend entry as a line and its text on one line)
colours_ok() {
	awk '
	match($0, /stroke="#[0-9a-f]*" stroke-width="3"\/><text[^>]*>[^<]*</) {
		m = substr($0, RSTART, RLENGTH)
		col = m; sub(/^stroke="/, "", col); sub(/".*/, "", col)
		name = m; sub(/.*>/, "", name); sub(/<$/, "", name)
		if (name in seen && seen[name] != col) {
			print "legend \"" name "\": " seen[name] " in " where[name] ", " col " in " FILENAME
			bad = 1
		}
		seen[name] = col; where[name] = FILENAME
	}
	END { exit bad }' "$@"
}

# outputs_ok DIR: csv_ok on every CSV and svg_ok on every SVG in DIR
outputs_ok() {
	n=0
	for f in "$1"/*.csv; do
		[ -e "$f" ] || continue
		n=$((n + 1))
		if msg=$(csv_ok "$f"); then ok; else bad "$msg"; fi
	done
	if [ $n -gt 0 ]; then ok; else bad "no CSV in $1"; fi
	for f in "$1"/*.svg; do
		[ -e "$f" ] || continue
		if msg=$(svg_ok "$f"); then ok; else bad "$msg"; fi
	done
}

# col N DIR: column N of DIR/verdicts.csv past the header (a quoted
# field, commas and all, becomes q)
col() { sed -E 's/"([^"]|"")*"/q/g' "$2/verdicts.csv" | awk -F, -v c="$1" 'NR > 1 { print $c }'; }

# claims_ok WHAT DIR N CLAIM...: DIR/verdicts.csv (of WHAT, e.g. "repro
# hwang") has a row for each CLAIM (a fixed string) and N rows in all
claims_ok() {
	what=$1 dir=$2 want_n=$3; shift 3
	for want in "$@"; do
		if grep -qF -- "$want" "$dir/verdicts.csv"; then ok; else bad "$what: no claim '$want'"; fi
	done
	n=$(col 1 "$dir" | wc -l)
	if [ "$n" -eq "$want_n" ]; then ok; else bad "$what: $n claims, want $want_n"; fi
}

# verdicts_ok WHAT DIR OUT START: every verdict in DIR/verdicts.csv is one
# of the rule's five words (never "fails") and every claim states its
# tolerance; the claims list of the text output OUT, from the line that
# matches the sed pattern START to the next empty line, gives
# verdicts.csv's words, row for row
verdicts_ok() {
	what=$1 dir=$2 out=$3 start=$4
	if col 5 "$dir" | grep -qv -x -E 'reproduced|differs|unclear|inconsistent|speculation'; then
		bad "$what: a verdict outside the five: $(col 5 "$dir" | sort -u | tr '\n' /)"; else ok; fi
	if grep -q "fails" "$dir/verdicts.csv"; then bad "$what: 'fails' in verdicts.csv"; else ok; fi
	if col 3 "$dir" | grep -qx ''; then bad "$what: a claim without its tolerance"; else ok; fi
	sed -n "/$start/,/^\$/p" "$out" | awk 'NR > 1 && NF { print $1 }' >"$tmp/words.out"
	if [ -s "$tmp/words.out" ] && col 5 "$dir" | cmp -s - "$tmp/words.out"; then ok; else
		bad "$what: the text's verdicts are not verdicts.csv's"; fi
}

# seed_ok WHAT RUN P: WHAT's --seed. RUN NAME ARGS... runs it with ARGS,
# its text output into $tmp/PNAME.out and its figures into $tmp/PNAME.fig;
# run with --seed 7 twice, --seed 1001, --seed 1 and without --seed, the
# same seed gives the same figures, another seed others, the default is
# --seed 1, and the text says the seeds (two runs: 7..8)
seed_ok() {
	what=$1 run=$2 p=$3
	"$run" a --seed 7
	"$run" b --seed 7
	"$run" c --seed 1001
	"$run" d --seed 1
	"$run" e
	if [ -s "$tmp/${p}a.fig" ] && cmp -s "$tmp/${p}a.fig" "$tmp/${p}b.fig"; then ok; else
		bad "$what --seed 7 twice: different figures"; fi
	if ! cmp -s "$tmp/${p}a.fig" "$tmp/${p}c.fig"; then ok; else
		bad "$what: --seed 1001 gives --seed 7's figures"; fi
	if [ -s "$tmp/${p}d.fig" ] && cmp -s "$tmp/${p}d.fig" "$tmp/${p}e.fig"; then ok; else
		bad "$what: the default is not --seed 1"; fi
	if grep -q "2 seeds (7\.\.8, --seed 7)" "$tmp/${p}a.out"; then ok; else
		bad "$what does not say its seeds"; fi
}
