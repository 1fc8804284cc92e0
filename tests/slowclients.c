/*
 * slowclients.c - a test helper, not a test: holds N slow or idle HTTP
 * connections open against HOST:PORT for SECONDS seconds, as an attacker
 * would (cli_ggp_slow.sh runs it beside a real match).
 *
 *   slowclients HOST PORT N SECONDS [--from ADDR] [--idle] [--every MS]
 *               [--body BYTES]
 *   slowclients HOST PORT --once FILE
 *
 * Each connection sends one byte of a POST request's headers every MS
 * milliseconds (default 1000; never ending them), or nothing with --idle,
 * or with --body its whole headers (a Content-Length of BYTES + 1000)
 * and BYTES of the body at once, then a byte every MS (never ending it);
 * one the server closes is opened again 1 s later, so N stay open as
 * far as the server lets them (a siege of slow clients; a flood of new
 * connections faster than the server reads a request's headers is
 * another attack, which no connection cap stops). --from binds the connections' source address (a
 * loopback address such as 127.0.0.2: another client host). Prints
 * "opened O closed-by-server C most-open M" at the end. Bounded: N at
 * most 1000, SECONDS at most 120. --once sends the bytes of FILE (any
 * bytes: a NUL in a header, headers curl will not write) on one
 * connection and prints the first line of the reply (within 10 s).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

enum { N_MAX = 1000 };

static const char request_text[] =
	"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/acl\r\nX-Slow: "
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A non-blocking connection to to (from from, if set), or -1. */
static int open_one(const struct sockaddr_in *to, const struct sockaddr_in *from)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -1;
	if (from && bind(fd, (const struct sockaddr *)from, sizeof *from) != 0) {
		close(fd);
		return -1;
	}
	if (connect(fd, (const struct sockaddr *)to, sizeof *to) != 0 &&
	    errno != EINPROGRESS) {
		close(fd);
		return -1;
	}
	return fd;
}

/* --once: send file's bytes, print the reply's first line. */
static int once(const struct sockaddr_in *to, const char *file)
{
	char req[65536], rep[4096];
	FILE *f = fopen(file, "rb");
	size_t n = f ? fread(req, 1, sizeof req, f) : 0;
	if (f)
		fclose(f);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (!f || fd < 0 || connect(fd, (const struct sockaddr *)to, sizeof *to)) {
		fprintf(stderr, "slowclients: cannot send %s\n", file);
		return 1;
	}
	struct timeval tv = {10, 0};
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	if (send(fd, req, n, MSG_NOSIGNAL) != (ssize_t)n) {
		close(fd);
		return 1;
	}
	size_t got = 0;
	for (ssize_t k; got < sizeof rep - 1 &&
	     (k = recv(fd, rep + got, sizeof rep - 1 - got, 0)) > 0;)
		got += (size_t)k;
	close(fd);
	rep[got] = 0;
	rep[strcspn(rep, "\r\n")] = 0;
	printf("%s\n", rep);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[3], "--once")) {
		struct sockaddr_in to = {0};
		to.sin_family = AF_INET;
		to.sin_port = htons((unsigned short)atoi(argv[2]));
		if (inet_pton(AF_INET, argv[1], &to.sin_addr) != 1)
			return 2;
		return once(&to, argv[4]);
	}
	if (argc < 5) {
		fprintf(stderr, "usage: slowclients HOST PORT N SECONDS [--from ADDR] "
			"[--idle] [--every MS]\n");
		return 2;
	}
	struct sockaddr_in to = {0}, from = {0};
	to.sin_family = AF_INET;
	to.sin_port = htons((unsigned short)atoi(argv[2]));
	int n = atoi(argv[3]);
	double secs = atof(argv[4]);
	bool idle = false, have_from = false;
	int every = 1000;
	long body = -1;
	if (inet_pton(AF_INET, argv[1], &to.sin_addr) != 1 || n < 1 || n > N_MAX ||
	    !(secs > 0 && secs <= 120)) {
		fprintf(stderr, "slowclients: bad HOST, N (1..%d) or SECONDS (..120)\n",
			N_MAX);
		return 2;
	}
	for (int i = 5; i < argc; i++) {
		if (!strcmp(argv[i], "--idle")) {
			idle = true;
		} else if (!strcmp(argv[i], "--from") && i + 1 < argc) {
			from.sin_family = AF_INET;
			have_from = inet_pton(AF_INET, argv[++i], &from.sin_addr) == 1;
			if (!have_from) {
				fprintf(stderr, "slowclients: bad --from\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--body") && i + 1 < argc) {
			body = atol(argv[++i]);
			if (body < 0 || body > 1 << 24) {
				fprintf(stderr, "slowclients: bad --body\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--every") && i + 1 < argc) {
			every = atoi(argv[++i]);
			if (every < 10)
				every = 10;
		} else {
			fprintf(stderr, "slowclients: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)n + 32) {
		rl.rlim_cur = rl.rlim_max < (rlim_t)n + 32 ? rl.rlim_max : (rlim_t)n + 32;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	/* what each connection sends: headers never ended, or (--body) whole
	 * headers and `body` bytes at once, then the body a byte at a time */
	const char *req = request_text;
	size_t quick = 0, total = sizeof request_text - 1;
	char *whole = NULL;
	if (body >= 0) {
		char head[160];
		int hl = snprintf(head, sizeof head, "POST / HTTP/1.1\r\nHost: x\r\n"
			"Content-Type: text/acl\r\nContent-Length: %ld\r\n\r\n",
			body + 1000);
		total = (size_t)hl + (size_t)body + 999;
		quick = (size_t)hl + (size_t)body;
		if (!(whole = malloc(total)))
			return 2;
		memcpy(whole, head, (size_t)hl);
		memset(whole + hl, 'a', total - (size_t)hl);
		req = whole;
	}
	int fd[N_MAX];
	size_t sent[N_MAX];
	double retry[N_MAX]; /* a closed one is opened again from then */
	long opened = 0, closed = 0;
	int most = 0;
	for (int i = 0; i < n; i++) {
		fd[i] = open_one(&to, have_from ? &from : NULL);
		sent[i] = 0;
		retry[i] = 0;
		opened += fd[i] >= 0;
	}
	double end = now_s() + secs, next = now_s();
	while (now_s() < end) {
		/* notice the connections the server closed; open them again */
		struct pollfd pf[N_MAX];
		for (int i = 0; i < n; i++) {
			pf[i].fd = fd[i];
			pf[i].events = POLLIN;
			pf[i].revents = 0;
		}
		poll(pf, (nfds_t)n, 10);
		int open = 0;
		for (int i = 0; i < n; i++) {
			bool gone = fd[i] < 0;
			if (!gone && (pf[i].revents & (POLLIN | POLLHUP | POLLERR))) {
				char buf[512];
				ssize_t k = recv(fd[i], buf, sizeof buf, 0);
				gone = k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR);
				if (k > 0) /* an answer (an error page): it is done with us */
					gone = true;
			}
			if (gone && fd[i] >= 0) {
				close(fd[i]);
				fd[i] = -1;
				closed++;
				retry[i] = now_s() + 1; /* 1 s later: a siege, not a flood */
			}
			if (fd[i] < 0 && now_s() >= retry[i]) {
				fd[i] = open_one(&to, have_from ? &from : NULL);
				sent[i] = 0;
				opened += fd[i] >= 0;
				retry[i] = now_s() + 1;
			}
			open += fd[i] >= 0;
		}
		if (open > most)
			most = open;
		for (int i = 0; i < n; i++) /* --body: its first part at once */
			for (ssize_t k; fd[i] >= 0 && sent[i] < quick &&
			     (k = send(fd[i], req + sent[i], quick - sent[i],
			     MSG_NOSIGNAL)) > 0;)
				sent[i] += (size_t)k;
		if (!idle && now_s() >= next) {
			for (int i = 0; i < n; i++)
				if (fd[i] >= 0 && sent[i] >= quick && sent[i] < total &&
				    send(fd[i], req + sent[i], 1, MSG_NOSIGNAL) == 1)
					sent[i]++;
			next = now_s() + every / 1000.0;
		}
	}
	for (int i = 0; i < n; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	printf("opened %ld closed-by-server %ld most-open %d\n", opened, closed, most);
	free(whole);
	return 0;
}
