#!/bin/sh
# cli_help.sh BIN - help everywhere: every command of the command table
# (as `gamelearn help` lists it) and every subcommand answers --help and
# `gamelearn help COMMAND` with exit 0, its usage, and for commands with
# declared options every option with its default and two examples; the
# man page names every option of every command; --version says what was
# built.
. "$(dirname "$0")/lib_cli.sh"

"$BIN" help >"$tmp/cmds" 2>&1 || bad "help: rc $?"
cmds=$(sed -n 's/^  \([a-z][a-z-]*\).*/\1/p' "$tmp/cmds")
[ "$(echo "$cmds" | wc -l)" -ge 19 ] && ok || bad "help lists too few commands: $cmds"
"$BIN" help --man >"$tmp/man" 2>&1 || bad "help --man: rc $?"
for c in $cmds; do
	case $c in
	help|version) expect_grep "usage: gamelearn $c" help "$c"; continue ;;
	gdl) subs="gdl check" ;;
	ggp) subs="ggp serve
ggp match" ;;
	repro) subs=$("$BIN" repro help | sed -n 's/^  \([a-z][a-z-]*\) .*/repro \1/p') ;;
	*) subs=$c ;;
	esac
	expect_grep "usage: gamelearn $c" help "$c"
	echo "$subs" | while read -r s; do
		# shellcheck disable=SC2086
		"$BIN" $s --help >"$tmp/h" 2>&1; rc=$?
		if [ $rc -eq 0 ] && grep -q "^usage: gamelearn $s" "$tmp/h" &&
		   grep -q "^examples:" "$tmp/h" && grep -q "^  --help" "$tmp/h"; then
			echo ok >>"$tmp/passes"
		else
			echo "FAIL: gamelearn $s --help: rc=$rc $(head -3 "$tmp/h")" >&2
			echo bad >>"$tmp/passes"
		fi
		# every option --help lists is in the man page
		for o in $(sed -n 's/^  \(--*[a-z][a-z-]*\).*/\1/p' "$tmp/h" | grep -v '^--help$'); do
			m=$(printf "%s\n" "$o" | sed 's/-/\\\\-/g')
			grep -q "^\\\\fB$m\\\\fR" "$tmp/man" || { echo "FAIL: man page lacks $s $o" >&2; echo bad >>"$tmp/passes"; }
		done
	done
done
n_ok=$(grep -c '^ok$' "$tmp/passes"); n_bad=$(grep -c '^bad$' "$tmp/passes")
pass=$((pass + n_ok)); fail=$((fail + n_bad))
[ "$n_ok" -ge 23 ] && ok || bad "only $n_ok commands answered --help"
# the options come with their defaults
expect_grep "^  --pop P  *members (default 16)$" evolve --help
expect_grep "^  -n N  *matches to play (default 1)$" match --help
expect_grep "^  --player URL_OR_AGENT \.\.\. " ggp match --help
expect_grep "^gamelearn [0-9]" --version
expect_error 2 "unknown command" help nosuchcommand
finish
