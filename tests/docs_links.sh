#!/bin/sh
# docs_links.sh [ROOT] - the documents hold together: every relative link
# in README.md and docs/ names a file or folder that exists (resolved from
# the linking file's folder; an anchor after '#' is not checked), every
# round of docs/GGP_STRENGTH.md that a source, test or script comment
# cites ("docs/GGP_STRENGTH.md, tenth round", "the twelfth round of
# docs/GGP_STRENGTH.md") has its heading in docs/data/ggp-strength-rounds.md,
# where the rounds are kept, and the README and GGP_STRENGTH.md stay
# within the 300 lines issue 69 gives them. Run from the source root
# (ctest does), or give it.
set -u
cd "${1:-.}" || exit 2
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

docs=$(find README.md docs -name '*.md' | sort)
[ -n "$docs" ] || { echo "FAIL: no README.md or docs/ under $(pwd)" >&2; exit 1; }

# Relative links: [text](target), targets without a scheme or a bare '#'.
for f in $docs; do
	dir=$(dirname "$f")
	for t in $(grep -o '](\([^)]*\))' "$f" | sed 's/^](//; s/)$//'); do
		case $t in
		http://* | https://* | mailto:* | '#'*) continue ;;
		esac
		p=${t%%#*}
		if [ -e "$dir/$p" ]; then ok; else bad "$f: link to '$t': no $dir/$p"; fi
	done
done

# Rounds cited in comments, read with each file's lines joined (a citation
# may break across lines) and comment stars folded away.
rounds=docs/data/ggp-strength-rounds.md
cited=$(for f in $(grep -rl 'GGP_STRENGTH' src include tests scripts 2>/dev/null); do
	tr '\n\t*' '   ' <"$f" | tr -s ' ' |
		grep -o 'GGP_STRENGTH\.md, [a-z-]*\( and [a-z-]*\)\? rounds\?\|[a-z-]* and [a-z-]* rounds of docs/GGP_STRENGTH\.md\|[a-z-]* round of docs/GGP_STRENGTH\.md' |
		sed 's/GGP_STRENGTH\.md, //; s/ rounds\{0,1\}\( of docs\/GGP_STRENGTH\.md\)\{0,1\}$//; s/ and /\n/'
done | grep -x '\(\(twenty\|thirty\|forty\)-\)\{0,1\}\(first\|second\|third\|fourth\|fifth\|sixth\|seventh\|eighth\|ninth\|tenth\|eleventh\|twelfth\|thirteenth\|fourteenth\|fifteenth\|sixteenth\|seventeenth\|eighteenth\|nineteenth\|twentieth\|thirtieth\|fortieth\)' | sort -u)
if [ -z "$cited" ]; then
	ok # nothing cites a round: nothing to resolve
fi
for r in $cited; do
	if grep -qi "^## $r round" "$rounds"; then ok; else
		bad "a comment cites the $r round of docs/GGP_STRENGTH.md: no '## $r round' heading in $rounds"; fi
done

for f in README.md docs/GGP_STRENGTH.md; do
	n=$(wc -l <"$f")
	if [ "$n" -le 300 ]; then ok; else bad "$f has $n lines, more than 300"; fi
done

echo "docs_links: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
