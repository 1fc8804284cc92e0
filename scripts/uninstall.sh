#!/bin/sh
# uninstall.sh MANIFEST - remove exactly the files an install wrote, as
# listed one a line in MANIFEST (CMake's install_manifest.txt with any
# DESTDIR put in front of each path), then the include/gamelearn folder if
# that left it empty, and the Python package's folder with the bytecode
# python3 compiled there. Says what it removed.
set -e
[ $# -eq 1 ] && [ -f "$1" ] || { echo "uninstall: want the manifest of an install, got '${1:-}'" >&2; exit 2; }
n=0
while IFS= read -r f || [ -n "$f" ]; do
	[ -n "$f" ] || continue
	if [ -e "$f" ] || [ -L "$f" ]; then
		rm -f "$f"
		n=$((n + 1))
	fi
	case $f in
	*/include/gamelearn/*) dir=${f%/*} ;;
	*/gamelearn/_libpath.py) pydir=${f%/*} ;;
	esac
done <"$1"
[ -n "${dir:-}" ] && rmdir "$dir" 2>/dev/null || true
# the Python package's folder, with the bytecode python3 wrote beside it
if [ -n "${pydir:-}" ]; then
	rm -rf "$pydir/__pycache__"
	rmdir "$pydir" 2>/dev/null || true
fi
echo "uninstall: removed $n files listed in $1"
