#!/bin/sh
# cli_install.sh BIN - the install of the build BIN belongs to, into a
# temporary DESTDIR and prefix: every file in place (the shared library
# with its SONAME link), the installed tool runs, a C program builds
# against the installed headers through the installed pkg-config file and
# runs, linked with the static library and with the shared one; the man
# page names every command, the completion is valid bash; uninstall
# removes every file again.
. "$(dirname "$0")/lib_cli.sh"

build=$(cd "$(dirname "$BIN")" && pwd)
prefix=/opt/gamelearn-test
root=$tmp/dest$prefix
# (cmake --install rewrites the build's install_manifest.txt; make
# uninstall reads its own copy, build/installed.txt)
if DESTDIR=$tmp/dest cmake --install "$build" --prefix "$prefix" >"$tmp/log" 2>&1; then ok; else
	bad "cmake --install failed: $(tail -n 3 "$tmp/log")"; finish; exit; fi

exists() { if [ -f "$root/$1" ]; then ok; else bad "not installed: $prefix/$1"; fi; }
exists bin/gamelearn
[ -x "$root/bin/gamelearn" ] && ok || bad "bin/gamelearn is not executable"
for h in ../include/gamelearn/*.h; do
	exists "include/gamelearn/${h##*/}"
done
exists share/man/man1/gamelearn.1
# the Python package, for the system's python3 (when the build found one),
# with the installed library's path as the prefix makes it
if grep -q "^GL_PYTHON_DIR:" "$build/CMakeCache.txt"; then
	pydir=$(sed -n 's/^GL_PYTHON_DIR:[A-Z]*=//p' "$build/CMakeCache.txt")
	for f in __init__.py _lib.py game.py play.py exp.py _libpath.py; do
		exists "$pydir/gamelearn/$f"
	done
	grep -q "^LIB = '$prefix/.*/libgamelearn.so.0'\$" "$root/$pydir/gamelearn/_libpath.py" && ok ||
		bad "_libpath.py does not name $prefix's library: $(cat "$root/$pydir/gamelearn/_libpath.py")"
fi
exists share/bash-completion/completions/gamelearn
pc=$(find "$root" -name gamelearn.pc)
libdir=$(dirname "$(find "$root" -name libgamelearn.a)")
[ -n "$pc" ] && [ -f "$libdir/libgamelearn.a" ] && ok || bad "no gamelearn.pc or libgamelearn.a"
[ "$(dirname "$pc")" = "$libdir/pkgconfig" ] && ok || bad "gamelearn.pc not in $libdir/pkgconfig"
so=$(ls "$libdir"/libgamelearn.so.*.*.* 2>/dev/null)
if [ -f "$so" ] && [ -L "$libdir/libgamelearn.so" ] && [ -L "$libdir/libgamelearn.so.0" ]; then ok; else
	bad "shared library and its links: $(ls -l "$libdir")"; fi
readelf -d "$so" | grep -q "SONAME.*\[libgamelearn\.so\.0\]" && ok || bad "SONAME of $so is not libgamelearn.so.0"

# the installed tool
out=$("$root/bin/gamelearn" --version)
echo "$out" | head -n 1 | grep -q "^gamelearn [0-9][0-9.]*$" && echo "$out" | grep -q "^build: .*sanitizers" && ok || bad "installed --version: $out"
"$root/bin/gamelearn" list >"$tmp/out" 2>&1 && grep -q "^checkers " "$tmp/out" && ok || bad "installed list: $(head -n 3 "$tmp/out")"

# the man page: roff, every command in a subsection
man=$root/share/man/man1/gamelearn.1
head -n 1 "$man" | grep -q '^\.TH GAMELEARN 1 ' && ok || bad "man page does not start with .TH"
"$BIN" help | awk '/^  [a-z]/ {print $1}' >"$tmp/cmds"
[ "$(wc -l <"$tmp/cmds")" -ge 15 ] && ok || bad "help lists $(wc -l <"$tmp/cmds") commands"
while read -r c; do
	grep -q "^\.SS $c\$" "$man" && ok || bad "man page has no section for '$c'"
done <"$tmp/cmds"
for s in NAME SYNOPSIS DESCRIPTION COMMANDS GAMES AGENTS "EXIT STATUS" FILES EXAMPLES "SEE ALSO"; do
	grep -q "^\.SH $s\$" "$man" && ok || bad "man page has no $s"
done
grep -q '^\.B checkers$' "$man" && grep -q '^\.B alphabeta$' "$man" && ok || bad "man page lacks the game or agent lists"
comp=$root/share/bash-completion/completions/gamelearn
if command -v bash >/dev/null 2>&1; then
	bash -n "$comp" && ok || bad "completion is not valid bash"
	r=$(bash -c '. "$1"; COMP_WORDS=(gamelearn solve che); COMP_CWORD=2; _gamelearn; echo "${COMPREPLY[*]}"' sh "$comp")
	[ "$r" = checkers ] && ok || bad "completion of 'gamelearn solve che': '$r'"
fi
grep -q "^complete -F _gamelearn gamelearn$" "$comp" && ok || bad "completion does not register itself"

# a program against the installed library, through pkg-config; with the
# compiler (and sanitizers) of this build
cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
san=
grep -q "^GL_SANITIZE:BOOL=ON" "$build/CMakeCache.txt" && san=-fsanitize=address,undefined
cat >"$tmp/t.c" <<'PROG'
#include <gamelearn/game.h>
#include <stdio.h>

int main(void)
{
	gl_err err = {0};
	gl_game *g = gl_game_new("tictactoe", &err);
	if (!g) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	gl_scratch w;
	uint64_t n = 0;
	if (gl_scratch_init(&w, g, 0, 1, &err))
		return 1;
	g->type->start(g, gl_scratch_state(&w, 0));
	if (gl_perft(g, gl_scratch_state(&w, 0), 9, &n, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	printf("%llu\n", (unsigned long long)n);
	gl_scratch_done(&w);
	gl_game_free(g);
	return 0;
}
PROG
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cflags=$(pkg-config --cflags gamelearn) && libs=$(pkg-config --static --libs gamelearn) && ok || bad "pkg-config gamelearn failed"
echo "$libs" | grep -q -- "-lm" && echo "$libs" | grep -q -- "-lpthread" && ok || bad "pkg-config --static --libs lacks -lm -lpthread: $libs"
static_libs=$(echo "$libs" | sed 's/-lgamelearn\b/-l:libgamelearn.a/')
# shellcheck disable=SC2086
if "$cc" -std=c11 $san $cflags "$tmp/t.c" -o "$tmp/t_static" $static_libs 2>"$tmp/err" &&
   [ "$("$tmp/t_static")" = 127872 ]; then ok; else bad "static program: $(head -n 3 "$tmp/err")"; fi
readelf -d "$tmp/t_static" | grep -q "NEEDED.*libgamelearn" && bad "static program needs libgamelearn.so" || ok
# shellcheck disable=SC2086
if "$cc" -std=c11 $san $cflags "$tmp/t.c" -o "$tmp/t_shared" $(pkg-config --libs gamelearn) 2>"$tmp/err" &&
   readelf -d "$tmp/t_shared" | grep -q "NEEDED.*\[libgamelearn\.so\.0\]" &&
   [ "$(LD_LIBRARY_PATH="$libdir" "$tmp/t_shared")" = 127872 ]; then ok; else
	bad "shared program: $(head -n 3 "$tmp/err")"; fi
# examples/hello.c, as docs/INSTALL.md builds it (against the shared library)
# shellcheck disable=SC2086
if "$cc" -std=c11 $san $cflags ../examples/hello.c -o "$tmp/hello" $(pkg-config --libs gamelearn) 2>"$tmp/err" &&
   [ "$(LD_LIBRARY_PATH="$libdir" "$tmp/hello" | tail -n 1)" = "over after 7 moves; goals: player 1 100 player 2 0" ]; then ok; else
	bad "examples/hello.c against the installed library: $(head -n 3 "$tmp/err")"; fi

# uninstall removes every file the install wrote
sed "s|^|$tmp/dest|" "$build/install_manifest.txt" >"$tmp/manifest"
sh ../scripts/uninstall.sh "$tmp/manifest" >/dev/null && ok || bad "uninstall.sh failed"
left=$(find "$root" -type f -o -type l)
[ -z "$left" ] && ok || bad "left after uninstall: $left"

# The loader: a program linked with -lgamelearn finds libgamelearn.so.0
# only through ldconfig's cache or LD_LIBRARY_PATH, so the install says
# which: staged under DESTDIR, that ldconfig is for the target machine;
# installed into a folder the loader does not search (this prefix, with
# no DESTDIR: nothing outside $tmp is touched, and ldconfig is not run,
# since it would not help), that the program needs LD_LIBRARY_PATH.
# (Installed into /usr/local as root, it runs ldconfig: shown by hand,
# not here, since that writes the machine's own cache.)
grep -q "staged under DESTDIR=$tmp/dest; run ldconfig" "$tmp/log" && ok ||
	bad "DESTDIR install does not say ldconfig is the target's: $(tail -n 2 "$tmp/log")"
p2=$tmp/p2
if cmake --install "$build" --prefix "$p2" >"$tmp/log2" 2>&1; then ok; else
	bad "cmake --install --prefix $p2 failed: $(tail -n 3 "$tmp/log2")"; fi
lib2=$(dirname "$(find "$p2" -name libgamelearn.so.0)")
grep -q "$lib2 is not a folder the loader searches: .*LD_LIBRARY_PATH=$lib2" "$tmp/log2" && ok ||
	bad "install into $p2 does not say how programs find the library: $(tail -n 2 "$tmp/log2")"
export PKG_CONFIG_PATH="$lib2/pkgconfig"
# shellcheck disable=SC2086
if "$cc" -std=c11 $san $(pkg-config --cflags gamelearn) "$tmp/t.c" -o "$tmp/t2" $(pkg-config --libs gamelearn) 2>"$tmp/err"; then
	# as the install said: not found without LD_LIBRARY_PATH, found with it
	"$tmp/t2" >/dev/null 2>"$tmp/err2" && bad "t2 ran without LD_LIBRARY_PATH (a stale libgamelearn.so.0 on the system?)" ||
		{ grep -q "libgamelearn.so.0: cannot open shared object file" "$tmp/err2" && ok || bad "t2 failed otherwise: $(head -n 2 "$tmp/err2")"; }
	[ "$(LD_LIBRARY_PATH="$lib2" "$tmp/t2")" = 127872 ] && ok || bad "t2 with LD_LIBRARY_PATH=$lib2"
else
	bad "program against $p2: $(head -n 3 "$tmp/err")"
fi
# the installed Python package loads the installed library by the path
# the install wrote (not in a sanitizer build: python3 would need the
# sanitizer's runtime preloaded, which the test 'python' does)
if [ -n "${pydir:-}" ] && [ -z "$san" ] && /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
	out=$(cd "$tmp" && env -u GAMELEARN_LIB PYTHONPATH="$p2/$pydir" /usr/bin/python3 -c \
		'import gamelearn; print(gamelearn.perft("tictactoe", 9), gamelearn.library_path)' 2>&1)
	[ "$out" = "127872 $lib2/libgamelearn.so.0" ] && ok || bad "installed Python package: $out"
fi
finish
