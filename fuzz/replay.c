/*
 * replay.c - runs a fuzz target's entry point, LLVMFuzzerTestOneInput,
 * over every file of the folders given (its seed corpus, the corpus the
 * fuzzer grew, its past crashers), without libFuzzer: linked with each
 * fuzz/fuzz_*.c into a replay_* test of the normal suite, so that every
 * input the fuzzer ever kept is run by every build, sanitizers included.
 *
 *   replay_TARGET DIR... : exit 0 when every file ran (a crash, a sanitizer
 *   report or a leak ends the program first); at least one file is needed.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { INPUT_MAX = 1 << 22 };

/* Run one file; -1 if it cannot be read. */
static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	uint8_t *buf = malloc(INPUT_MAX);
	size_t n = buf ? fread(buf, 1, INPUT_MAX, f) : 0;
	fclose(f);
	if (!buf)
		return -1;
	/* as libFuzzer does: a copy of exactly the input's size, so that a
	 * read past its end is caught */
	uint8_t *copy = malloc(n ? n : 1);
	if (copy) {
		memcpy(copy, buf, n);
		LLVMFuzzerTestOneInput(copy, n);
	}
	free(copy);
	free(buf);
	return copy ? 0 : -1;
}

int main(int argc, char **argv)
{
	long files = 0;
	for (int i = 1; i < argc; i++) {
		DIR *d = opendir(argv[i]);
		if (!d) {
			fprintf(stderr, "replay: cannot open folder %s\n", argv[i]);
			return 1;
		}
		for (struct dirent *e; (e = readdir(d));) {
			if (e->d_name[0] == '.' || !strcmp(e->d_name, "README"))
				continue;
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
			if (run_file(path)) {
				fprintf(stderr, "replay: cannot read %s\n", path);
				closedir(d);
				return 1;
			}
			files++;
		}
		closedir(d);
	}
	printf("%ld inputs replayed\n", files);
	return files > 0 ? 0 : 1;
}
