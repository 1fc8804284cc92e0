# The two commands of README.md: `make demo` and `make test`.
# Both install what the build needs (Debian packages, as root) first.

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
REL  := build/release
SAN  := build/asan

.PHONY: all demo test deps release asan bench clean

all: release

# Install missing build tools with apt-get (a no-op when all are present).
deps:
	@sh scripts/deps.sh

release: deps
	cmake -S . -B $(REL) -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
	cmake --build $(REL) -j $(JOBS)

asan: deps
	cmake -S . -B $(SAN) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang -DGL_SANITIZE=ON >/dev/null
	cmake --build $(SAN) -j $(JOBS)

demo: release
	./$(REL)/gamelearn demo

test: release asan
	ctest --test-dir $(REL) -j $(JOBS) --output-on-failure
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(SAN) -j $(JOBS) --output-on-failure

bench: release
	./$(REL)/gamelearn bench

clean:
	rm -rf build
