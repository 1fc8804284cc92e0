#!/bin/sh
# deps.sh [demo|test] - install the Debian packages gamelearn needs, if
# any is missing (as root, with apt-get; a no-op when all are present).
#   demo: what building and running the tool needs: gcc (and the C
#         library's headers), make, cmake, pkg-config, the two HTTP
#         libraries the binary links (libmicrohttpd for `ggp serve` and
#         `web`, libcurl for `ggp match`), jansson (JSON for `web`) and
#         Open MPI (libopenmpi-dev, openmpi-bin) for `mpirun gamelearn
#         ...` across machines.
#   test: that, and what the tests add: clang with its sanitizer
#         runtimes for the ASan+UBSan build, curl, which
#         tests/cli_ggp.sh and cli_web.sh talk HTTP with, and the browser
#         test's headless Chromium driven by Selenium (chromium,
#         chromium-driver, python3-selenium), and the Python package's
#         tests (python/tests: python3-numpy, python3-pytest; with
#         python3-setuptools and python3-pip, `pip install ./python`
#         offline). (Everything else the test
#         scripts run, sh awk sed grep cmp mktemp, is in every Debian.)
set -e
what=${1:-test}
case $what in
demo|test) ;;
*) echo "deps: want 'demo' or 'test', got '$what'" >&2; exit 2 ;;
esac
missing=""
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
[ -f /usr/include/stdio.h ] || missing="$missing libc6-dev"
command -v make >/dev/null 2>&1 || missing="$missing make"
command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
# ggp serve: libmicrohttpd (found through pkg-config)
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
# MPI: Open MPI's headers and mpirun (without them the tool builds for one
# machine)
if ! pkg-config --exists ompi-c 2>/dev/null &&
   [ ! -f /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h ]; then
	missing="$missing libopenmpi-dev"
fi
command -v mpirun >/dev/null 2>&1 || missing="$missing openmpi-bin"
# web: jansson
if ! pkg-config --exists jansson 2>/dev/null && [ ! -f /usr/include/jansson.h ]; then
	missing="$missing libjansson-dev"
fi
why="to build gamelearn: a C compiler, make, cmake, pkg-config, the HTTP libraries and jansson that the binary links, Open MPI"
if [ "$what" = test ]; then
	if command -v clang >/dev/null 2>&1; then
		# clang's sanitizer runtimes
		rt=$(clang -print-file-name=libclang_rt.asan-x86_64.a 2>/dev/null || true)
		[ -f "$rt" ] || missing="$missing libclang-rt-dev"
	else
		missing="$missing clang libclang-rt-dev"
	fi
	command -v curl >/dev/null 2>&1 || missing="$missing curl"
	# tests/web_browser.py: headless Chromium through Selenium
	[ -x /usr/bin/chromium ] || missing="$missing chromium"
	[ -x /usr/bin/chromedriver ] || missing="$missing chromium-driver"
	/usr/bin/python3 -c 'import selenium' 2>/dev/null || missing="$missing python3-selenium"
	# python/tests: the package's tests, and pip install ./python offline
	/usr/bin/python3 -c 'import numpy' 2>/dev/null || missing="$missing python3-numpy"
	/usr/bin/python3 -c 'import pytest' 2>/dev/null || missing="$missing python3-pytest"
	/usr/bin/python3 -c 'import setuptools' 2>/dev/null || missing="$missing python3-setuptools"
	/usr/bin/python3 -m pip --version >/dev/null 2>&1 || missing="$missing python3-pip"
	why="to build and test gamelearn: the build tools and libraries, clang and its sanitizer runtimes for the ASan+UBSan build, curl for the GGP and web tests, Open MPI for the MPI test, chromium, chromium-driver and python3-selenium for the browser test, python3-numpy, python3-pytest, python3-setuptools and python3-pip for the Python package"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing:$missing ($why); install them (apt-get install$missing) or run as root" >&2
	exit 1
fi
echo "deps: installing$missing ($why)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq $missing >/dev/null
