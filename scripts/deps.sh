#!/bin/sh
# Install the Debian packages gamelearn's build needs, if any is missing.
# gcc builds the Release binary, clang the sanitizer build (two compilers,
# both warning-free); cmake/ctest drive both.
set -e
missing=""
command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
command -v clang >/dev/null 2>&1 || missing="$missing clang libclang-rt-dev"
command -v make >/dev/null 2>&1 || missing="$missing make"
# clang's sanitizer runtimes
if command -v clang >/dev/null 2>&1; then
	rt=$(clang -print-file-name=libclang_rt.asan-x86_64.a 2>/dev/null || true)
	[ -f "$rt" ] || missing="$missing libclang-rt-dev"
fi
# ggp serve: libmicrohttpd (found through pkg-config)
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
if ! pkg-config --exists libmicrohttpd 2>/dev/null &&
   [ ! -f /usr/include/microhttpd.h ]; then
	missing="$missing libmicrohttpd-dev"
fi
# ggp match: libcurl
if ! pkg-config --exists libcurl 2>/dev/null &&
   [ ! -f /usr/include/x86_64-linux-gnu/curl/curl.h ] &&
   [ ! -f /usr/include/curl/curl.h ]; then
	missing="$missing libcurl4-gnutls-dev"
fi
# the GGP tests (tests/cli_ggp*.sh) talk HTTP to the player with curl
command -v curl >/dev/null 2>&1 || missing="$missing curl"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing:$missing; install them (apt-get install$missing) or run as root" >&2
	exit 1
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq $missing >/dev/null
