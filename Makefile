# The commands of README.md and docs/INSTALL.md: `make demo`, `make test`, `make install`
# and `make uninstall`. demo and test install what they need (Debian
# packages, as root) first: demo only the build's, test the tests' too.

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
REL  := build/release
SAN  := build/asan
SANN := build/asan-native
# make install: where to (PREFIX), and a staging root (DESTDIR) for
# packagers; uninstall removes what the last install from this tree wrote.
PREFIX ?= /usr/local
DESTDIR ?=
# ON: the Release build is tuned to this machine (-march=native)
NATIVE ?= ON

.PHONY: all demo test deps deps-test release tool asan bench fuzz install uninstall clean

all: release

# Install missing packages with apt-get (a no-op when all are present).
deps:
	@sh scripts/deps.sh demo

deps-test:
	@sh scripts/deps.sh test

# release: the tool and every test program; tool: the tool alone (what
# `make demo` runs needs no test program).
release: deps
	cmake -S . -B $(REL) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
	  -DGL_NATIVE=$(NATIVE) >/dev/null
	cmake --build $(REL) -j $(JOBS)

tool: deps
	cmake -S . -B $(REL) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
	  -DGL_NATIVE=$(NATIVE) >/dev/null
	cmake --build $(REL) -j $(JOBS) --target gamelearn_cli

# Two sanitizer builds: every test on the portable plain C paths, and the
# tests of the code with paths for this machine's instructions (the GDL
# network's batches, othello's bitboards, uct's lanes) built as the tool
# is, -march=native.
# (the programs built, and the CTest names run: each of NATIVE_HARD is a
# test of the program test_gdl_hard; test_uct runs as test_uct_1 and
# test_uct_2, its two halves)
NATIVE_UNITS := test_gdl_big_moves test_gdl_games test_gdl_goals test_gdl_net test_gdl_batch_goals \
  test_uct test_othello test_othello_features
NATIVE_HARD := othello-comp2007 speedChess breakthrough blockerParallel
NATIVE_TESTS := $(NATIVE_UNITS) test_gdl_hard
space := $(subst ,, )
NATIVE_CTEST := ^($(subst $(space),|,$(strip $(NATIVE_UNITS) \
  $(addprefix test_gdl_hard_,$(NATIVE_HARD)))))(_[12])?$$

asan: deps-test
	cmake -S . -B $(SAN) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
	  -DGL_SANITIZE=ON -DGL_NATIVE=OFF >/dev/null
	cmake --build $(SAN) -j $(JOBS)
	cmake -S . -B $(SANN) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
	  -DGL_SANITIZE=ON -DGL_NATIVE=ON >/dev/null
	cmake --build $(SANN) -j $(JOBS) --target $(NATIVE_TESTS)

demo: tool
	./$(REL)/gamelearn demo

# deps-test first: the release build's tests are configured with what
# the tests need (python3 for the browser test) already there. The three
# phases all run even when one fails, so that one run tells of all three;
# each phase's result is printed at the end, and the exit is non-zero if
# any failed.
SAN_ENV := ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
test: deps-test release asan
	@failed=""; \
	ctest --test-dir $(REL) -j $(JOBS) --output-on-failure && r1=passed || \
	  { r1=FAILED; failed="$$failed release"; }; \
	$(SAN_ENV) ctest --test-dir $(SAN) -j $(JOBS) --output-on-failure && \
	  r2=passed || { r2=FAILED; failed="$$failed asan"; }; \
	$(SAN_ENV) ctest --test-dir $(SANN) -j $(JOBS) --output-on-failure \
	  -R '$(NATIVE_CTEST)' && r3=passed || { r3=FAILED; failed="$$failed asan-native"; }; \
	echo "make test: Release $$r1; ASan+UBSan $$r2; ASan+UBSan -march=native $$r3"; \
	[ -z "$$failed" ] || { echo "make test: failed:$$failed" >&2; exit 1; }

# The libFuzzer targets (clang, ASan+UBSan, every finding fatal), each run
# for FUZZ_SECONDS on its corpus fuzz/corpus/<target>, which it grows;
# `git add fuzz/corpus` keeps what it found, and `make test` replays it.
# A crasher is written to build/fuzz/crash-<target>-*: fix the bug, then
# keep the input in fuzz/crashers/<target>/.
FUZZ := build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := kif memory spec move ggp weights
fuzz: deps-test
	cmake -S . -B $(FUZZ) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang -DGL_FUZZ=ON >/dev/null
	cmake --build $(FUZZ) -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@for t in $(FUZZ_TARGETS); do \
	  echo "fuzz_$$t: $(FUZZ_SECONDS) s"; \
	  ./$(FUZZ)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ)/crash-$$t- fuzz/corpus/$$t 2>$(FUZZ)/$$t.log || \
	    { tail -n 40 $(FUZZ)/$$t.log; exit 1; }; \
	  grep -E "stat::number_of_executed_units|stat::new_units_added" $(FUZZ)/$$t.log; \
	done

bench: release
	./$(REL)/gamelearn bench

# The tool, libgamelearn.a and .so, headers, gamelearn.pc, the man page,
# the bash completion and the Python package (for the system's python3:
# docs/PYTHON.md) under $(DESTDIR)$(PREFIX); the list of files written
# (CMake's manifest, DESTDIR put in front) is kept in build/installed.txt
# for uninstall.
install: deps
	cmake -S . -B $(REL) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc \
	  -DGL_NATIVE=$(NATIVE) -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	cmake --build $(REL) -j $(JOBS)
	DESTDIR=$(DESTDIR) cmake --install $(REL)
	sed 's|^|$(DESTDIR)|' $(REL)/install_manifest.txt >build/installed.txt

uninstall:
	@[ -f build/installed.txt ] || { echo "uninstall: nothing installed from this tree (no build/installed.txt)" >&2; exit 1; }
	sh scripts/uninstall.sh build/installed.txt
	rm -f build/installed.txt

clean:
	rm -rf build
