/*
 * cmd_ggp.c - `gamelearn ggp serve`: a General Game Playing player over
 * HTTP, speaking the match protocol of ggp-base (the Stanford reference
 * code) as ggp-base's game server speaks it: START, PLAY,
 * STOP, ABORT, INFO and PREVIEW messages (KIF s-expressions, the type
 * case-insensitive) sent by POST, or by GET /<url-encoded message>, with
 * OPTIONS answered empty for CORS preflights. Issue 8, item 5; Love et al.,
 * "General Game Playing: Game Description Language Specification" (2008)
 * for the rules the messages carry.
 *
 * HTTP is libmicrohttpd's: a pool of threads over epoll. The HTTP side
 * never waits for the agent nor for the rules. Handlers read and write
 * the match under the player's mutex and answer at once, except START
 * and PLAY, whose connections are suspended and answered by the clock
 * thread (the main thread) at their deadline at the latest. Issue 19,
 * items 1 and 2:
 *
 * - Every clock runs from the request's arrival: its connection's accept
 *   (a manager opens one a message), however long the request then took
 *   to be read. A deadline is the clock less a margin: MARGIN_MIN, plus
 *   twice the round trip TCP measured on the match's connections
 *   (tcp_info), plus the longest a reply of the match took to be sent
 *   once decided, at most half the clock.
 * - START begins the match at once and compiles the rules in a thread of
 *   its own (gdl_load_ex, then gdl_game_new_from for the agent: one load;
 *   a load whose match has ended stops, gdl_load_opts.stop). It is answered "ready" when they are compiled or at its
 *   deadline, whichever is first (or with the compile's error if that
 *   comes first); the compile goes on, and INFO, PLAY, STOP and ABORT are
 *   answered meanwhile. Rules not compiled QUICK_S after START (or a
 *   quarter of its clock) are loaded for the prover too, in a thread of
 *   their own (gdl_load_ex, GDL_PROVER: no grounding, so mostly several
 *   times quicker), so that a PLAY that comes before the compile ends
 *   is answered at its deadline with a random legal move from the prover
 *   (the joint moves received meanwhile played from the start), or, if
 *   the prover is not ready either, a move read off the rules' legal
 *   facts; once the compile ends the joint moves are played into the
 *   game.
 * - The agent works in a worker thread: choose() on our turns, its time
 *   set (set_time, when it has it) to what is left to the deadline less
 *   AGENT_SLACK and the most it has overrun its time in this match; and
 *   ponder() whenever it is idle and nothing waits for it (during the
 *   start clock once the rules are ready, and between our reply and the
 *   next message), stopped (its flag) by the next PLAY, STOP or ABORT. A
 *   PLAY is answered when the agent has chosen or at its deadline, with a
 *   random legal move if the agent is late (its late answer is
 *   discarded). The moves played are told to the agent (observe) when it
 *   is idle, in order.
 *
 * A joint move is applied to the sequentialised state role by role (only
 * the roles with a choice; a state where nobody has a choice advances by
 * its single joint move).
 *
 * Clients that are slow or idle cannot take the player from its game
 * manager: every request must send its headers within HEADER_S of the
 * connection (or of its previous request) and its body within BODY_S,
 * or the clock thread shuts the connection; a new connection past
 * --connections (CONN_MAX) less CONN_RESERVE closes the oldest one still
 * sending a request, if over YOUNG_S old (libmicrohttpd's own limit, which
 * refuses connections, is HARD_FACTOR times higher, so that a burst of
 * new connections does not shut out a manager's); past --per-ip
 * connections from one address, a new one closes that address's oldest
 * connection still sending a request, if over YOUNG_S old, the same way
 * (libmicrohttpd's per-address limit, which refuses connections, is
 * IP_HARD_FACTOR times higher: slow clients sharing the manager's
 * address, behind the same NAT or on the same host, cannot shut the
 * manager out); the buffered bodies together are capped, past the first
 * BODY_FREE bytes of each (so that slow uploads cannot have the
 * manager's PLAY or STOP refused). A match whose manager
 * has been silent for its clock plus EXPIRE_S ends, so that the next START
 * is accepted. One line per message is logged on stderr, its bytes
 * outside printable ASCII escaped.
 *
 * The player plays for its manager, not for whoever writes first: only
 * the addresses of --allow may START a match (every address when none is
 * given), a START may ask for clocks of --max-clock at most, and once a
 * match is on only the address that started it may PLAY, STOP or ABORT
 * it (403 to any other, and the match goes on). INFO and PREVIEW, which
 * change nothing, are answered to every address. Issue 68, item 2.
 *
 * For tests, --hold-compile S makes every compile of a match's rules last
 * S seconds at least (it waits, once compiled, until S have passed since
 * it began, or its match ends): the tests of a START or a PLAY that come
 * while the rules compile then hold by construction, not by a game slow
 * enough to compile on this machine at this moment (issue 74, item 1).
 * The prover's load is not held.
 */
#include "cli.h"
#include "gamelearn/agent.h"
#include "gamelearn/gdl.h"

#include <microhttpd.h>
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <linux/tcp.h> /* struct tcp_info, whatever the feature macros */
#include <pthread.h>
#include <stdarg.h>
#include <strings.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum {
	BODY_MAX = 1 << 20,        /* largest request body; more: 413 */
	BODIES_MAX = 8 << 20,      /* all bodies being received together, */
	BODY_FREE = 64 << 10,      /* past the first this many bytes of each */
	ID_MAX = 256,              /* longest match id kept */
	REPLY_MAX = 1024,          /* longest reply text */
	CONN_MAX = 1000,           /* connections at once (fewer if files are) */
	CONN_RESERVE = 32,         /* kept free for new ones by closing the oldest */
	HARD_FACTOR = 4,           /* libmicrohttpd's own limit: this times ours */
	IP_HARD_FACTOR = 16,       /* libmicrohttpd's per-address limit: this
				      times --per-ip (at most half its own
				      limit): hundreds of slow clients on
				      one address, closed past --per-ip
				      once YOUNG_S old, stay below it */
	POOL = 4,                  /* HTTP threads */
	MAX_CLOCK_DEFAULT = 300,   /* longest start or play clock a START
				      may ask for (--max-clock), s */
	CLOCK_MAX = 86400,         /* the most --max-clock may be, s */
	PEER_BUCKETS = 1024        /* the connections' addresses, hashed */
};

#define MARGIN_MIN 0.1  /* seconds kept before a deadline at least: the
			 * clock thread's tick, stopping the agent, the
			 * manager's own reading of the reply */
#define AGENT_SLACK 0.02 /* the agent's time ends this before the deadline */
#define THINK_MIN 0.02  /* less time than this left: no search started */
#define QUICK_S 0.5     /* rules not compiled this long after START (or a
			 * quarter of its clock): the prover loads them too */
#define HEADER_S 5.0    /* a request's headers arrive within this, s */
#define BODY_S 20.0     /* and its body within this of its headers */
#define IDLE_S 10       /* a connection silent this long is closed */
#define YOUNG_S 1.0     /* a connection this young is not closed for room */
#define EXPIRE_S 10.0   /* a match ends when its manager is silent its
			 * clock plus this long */

/* A span of the message text. */
typedef struct span {
	const char *p;
	size_t n;
} span;

/* A client's address: IPv4 (an IPv4-mapped IPv6 address is read as its
 * IPv4 address) or IPv6. Family 0 when unknown: fuzz_ggp's requests,
 * which have no connection. */
typedef struct addr {
	int family;           /* AF_INET, AF_INET6 or 0 */
	unsigned char b[16];  /* its bytes: 4 or 16 of them, the rest 0 */
} addr;

/* An --allow entry: the addresses whose first `bits` bits are a's. */
typedef struct net {
	addr a;
	int bits;
} net;

/* The agent's work, run in a detached worker thread: a move search
 * (choose) or thinking on time that is not ours (ponder, until stop). The
 * player does not touch the agent while it runs. A worker still running
 * when its match ends is orphaned (and a ponder told to stop): it then
 * owns the agent and the game and frees them, and itself, when its call
 * returns. Its fields after `stop` are read and written under the
 * player's mutex. */
typedef struct worker {
	struct player *pl; /* whose mutex guards done and orphan */
	gl_agent *agent;   /* who thinks */
	gl_game *game;     /* the agent's game (freed by an orphan) */
	bool ponder;       /* pondering, not choosing */
	double given;      /* the time set for choose (set_time), or 0 */
	double began;      /* gl_now() when it started */
	atomic_bool stop;  /* end the ponder now */
	bool done;         /* it has answered */
	bool orphan;       /* its match ended */
	double ended;      /* gl_now() when it answered */
	int rc;            /* choose's or ponder's result */
	gl_action move;    /* its move */
	gl_err err;        /* its error */
	unsigned char *s;  /* the state it sees: g->state_size bytes in the
			      worker's own allocation, after worker_head() */
} worker;

/* Bytes of a worker before its state (aligned as heap memory is). */
static size_t worker_head(void)
{
	size_t a = _Alignof(max_align_t);
	return (sizeof(worker) + a - 1) / a * a;
}

/* One match: what START made and PLAY advances. Until the rules are
 * compiled (ready), PLAY's joint moves are kept as text (hist) and played
 * into the game when it is. */
typedef struct match {
	char id[ID_MAX];
	char role_name[GDL_TOKEN_MAX];
	int role;               /* our role's index, once the rules are read */
	double startclock, playclock;
	int turns;              /* PLAY messages answered */
	double began;           /* gl_now() when START arrived */
	double heard;           /* gl_now() of the manager's last message or
				 * our last reply */
	double rtt;             /* the largest round trip measured on the
				 * match's connections, s */
	double overrun;         /* the most a choose has run past its time */
	double lag;             /* the longest a reply took to go out once
				 * decided (the clock thread's or the
				 * network's delay), s */
	unsigned serial;        /* which START made it */
	addr owner;             /* who sent START: only it may PLAY, STOP
				 * or ABORT the match */
	char *rules;            /* the rules as sent (owned) */
	size_t nrules;
	char **hist;            /* joint moves received before ready (owned) */
	int nhist, caphist;
	bool ready;             /* compiled: the fields below are set */
	bool failed;            /* the compile failed after START's answer */
	bool quick_started;     /* the prover's load was asked for */
	gdl_game *quick;        /* the rules loaded for the prover (owned) */
	const gdl_game *gd;     /* the rules the game plays by (g's) */
	gdl_eval *ev;
	gl_game *g;
	gl_agent *agent;
	worker *w;              /* the agent's work under way, or NULL */
	long version;           /* moves applied to s, counted */
	long pondered;          /* version when a ponder last began (-1) */
	unsigned char *s;       /* [state_size] the match's state */
	unsigned char *seen;    /* [state_size] the state the agent knows */
	gl_action *qmove;       /* moves played from seen on, untold */
	int *qwho;              /* by whom */
	int nq, capq;
	uint64_t *st;           /* [state words] its bitset, for the rules */
	gl_scratch scratch;     /* a move list and a state (think's view) */
	bool recording;         /* --live: rec is kept (from ready on) */
	ggp_record rec;         /* the match as this player sees it */
} match;

/* One HTTP request being received or answered. */
typedef struct request {
	double arrived;   /* gl_now() when it began to arrive (its
			     connection's accept or previous request's end,
			     else its headers' arrival) */
	double rtt;       /* its connection's round trip (TCP's measure, s) */
	addr from;        /* its sender */
	bool forbidden;   /* its error is a 403: not this sender's to send */
	char *body;       /* POST body (NUL-terminated) */
	size_t len;
	size_t counted;   /* bytes of it in the player's bodies count */
	int nlength;      /* Content-Length headers seen */
	size_t hbytes;    /* the headers' bytes as parsed */
	size_t rawurl;    /* the request line's URI as received, bytes */
	bool seen;        /* the handler has seen its headers */
	bool too_big;
	bool bad_header;  /* a repeated Content-Length or a NUL in a header */
	bool ends_match;  /* its reply ends a match: count it when sent */
	/* a PLAY or START answered by the clock thread (under the mutex) */
	struct MHD_Connection *c; /* its connection, suspended */
	bool answered;    /* reply and note are final: send them */
	double decided;   /* gl_now() when a PLAY's reply was decided */
	unsigned serial;  /* the match of that PLAY */
	double deadline;  /* answer by then (gl_now() seconds) */
	int fallback;     /* the random legal move (gdl id) */
	bool old_worker;  /* waiting for the agent's earlier work to end */
	bool early;       /* a PLAY that came before the rules were ready */
	bool was_early;   /* it did */
	char head[81];    /* the message's start, for the log */
	const char *more; /* "..." when head is cut */
	const char *method;
	char reply[REPLY_MAX];
	char note[160];   /* how the move was chosen, for the log */
	int rc;           /* an answered START's result, */
	gl_err err;       /* and its error */
} request;

/* An address with connections open, for --per-ip. Under cmu. */
typedef struct peer {
	struct peer *next; /* in its hash bucket */
	addr a;
	int conns;         /* its connections tracked */
	int open;          /* those not shut by us */
} peer;

/* A connection, tracked to close it when its request is too slow. */
typedef struct conn {
	struct conn *prev, *next; /* in accept order */
	peer *pr;     /* its address, or NULL (not counted) */
	int fd;
	int stage;    /* C_HEADERS, C_BODY or C_ANSWER */
	double since; /* gl_now() when the stage began */
	bool shut;    /* shut down by us already */
} conn;

enum { C_HEADERS, C_BODY, C_ANSWER };

/* The player: options, the current match, the connections. */
typedef struct player {
	const char *agent_spec; /* --agent, or NULL for the default */
	const char *name;       /* --name */
	const char *live_dir;   /* --live: where each match's record goes, or
				 * NULL */
	net allow[CLI_ARGS_MAX]; /* --allow: who may START (none: anyone) */
	int nallow;
	int max_clock;          /* --max-clock, s (0, as fuzz_ggp leaves it:
				 * MAX_CLOCK_DEFAULT) */
	int per_ip;             /* --per-ip: past it, an address's oldest
				 * slow connection is closed (0: never) */
	int max_matches;        /* exit after this many (0: never) */
	double hold_compile;    /* --hold-compile, s: a compile lasts this
				 * long at least (tests; 0: not held) */
	uint64_t seed;          /* agent seeds: seed + match number */
	atomic_int finished;    /* matches ended (STOP, ABORT or expired) */
	atomic_size_t bodies;   /* body bytes buffered by all requests */
	pthread_mutex_t mu;     /* guards what follows, and workers' flags */
	gl_rng rng;             /* fallback moves */
	bool active;            /* a match is on (m is valid) */
	atomic_uint live;       /* the serial of the match on, 0 when none:
				 * rule loads read it without the mutex and
				 * stop when their match is over */
	unsigned serial;        /* STARTs accepted */
	int jobs;               /* rule loads running in their threads */
	match m;
	request *start_rq;      /* the START waiting for its answer, or NULL */
	request *pending;       /* the PLAY waiting for its answer, or NULL */
	pthread_mutex_t cmu;    /* guards the connections */
	conn *first, *last;
	peer *peers[PEER_BUCKETS]; /* the connections' addresses */
	int nconns, cap;        /* open connections, the most at once */
	long shut_slow;         /* connections shut for slowness, to log */
} player;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Copy text into out (size n) with every byte outside printable ASCII
 * written \xHH, so that nothing from the network reaches a terminal raw. */
static void escape_into(char *out, size_t n, const char *text)
{
	static const char hex[] = "0123456789abcdef";
	size_t k = 0;
	for (const unsigned char *c = (const unsigned char *)text; *c &&
	     k + 5 < n; c++) {
		if (*c >= 32 && *c < 127) {
			out[k++] = (char)*c;
		} else {
			out[k++] = '\\';
			out[k++] = 'x';
			out[k++] = hex[*c >> 4];
			out[k++] = hex[*c & 15];
		}
	}
	out[k] = 0;
}

static void logf_line(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

static void log_escaped(const char *line)
{
	char safe[2048];
	escape_into(safe, sizeof safe, line);
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	fprintf(stderr, "ggp %02d:%02d:%02d %s\n", tm.tm_hour, tm.tm_min,
		tm.tm_sec, safe);
	fflush(stderr);
}

/* One log line on stderr: "ggp HH:MM:SS message", escaped. */
static void logf_line(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	log_escaped(line);
}

/* libmicrohttpd's own messages, escaped, at most one a second (a flood of
 * refused connections must not flood the log). */
static void on_mhd_log(void *cls, const char *fmt, va_list ap)
{
	static _Atomic long last; /* the CLI's, not the library's */
	(void)cls;
	long now = (long)time(NULL);
	if (atomic_exchange(&last, now) == now)
		return;
	char line[512];
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
	vsnprintf(line, sizeof line, fmt, ap); /* libmicrohttpd's own format */
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
	size_t n = strlen(line);
	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = 0;
	char tagged[560];
	snprintf(tagged, sizeof tagged, "http: %s", line);
	log_escaped(tagged);
}

/* ---- addresses ---------------------------------------------------------- */

/* The address of sa, an IPv4-mapped IPv6 address read as its IPv4 one;
 * family 0 when sa is NULL or of another family. */
static addr addr_of(const struct sockaddr *sa)
{
	addr a;
	memset(&a, 0, sizeof a);
	if (sa && sa->sa_family == AF_INET) {
		const struct sockaddr_in *s4 = (const void *)sa;
		a.family = AF_INET;
		memcpy(a.b, &s4->sin_addr, 4);
	} else if (sa && sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *s6 = (const void *)sa;
		if (IN6_IS_ADDR_V4MAPPED(&s6->sin6_addr)) {
			a.family = AF_INET;
			memcpy(a.b, s6->sin6_addr.s6_addr + 12, 4);
		} else {
			a.family = AF_INET6;
			memcpy(a.b, &s6->sin6_addr, 16);
		}
	}
	return a;
}

static bool addr_eq(const addr *x, const addr *y)
{
	return x->family == y->family && memcmp(x->b, y->b, sizeof x->b) == 0;
}

/* a as text ("127.0.0.1", "::1", or "unknown") into out; returns out. */
static const char *addr_text(const addr *a, char *out, size_t n)
{
	if (!a->family || !inet_ntop(a->family, a->b, out, (socklen_t)n))
		snprintf(out, n, "unknown");
	return out;
}

/* Parse an --allow value, ADDR or ADDR/BITS (IPv4 or IPv6; an
 * IPv4-mapped IPv6 network read as IPv4, as client addresses are), into
 * out, the bits past BITS cleared. False when it is malformed. */
static bool net_parse(const char *text, net *out)
{
	char host[INET6_ADDRSTRLEN];
	const char *slash = strchr(text, '/');
	size_t n = slash ? (size_t)(slash - text) : strlen(text);
	memset(out, 0, sizeof *out);
	if (n == 0 || n >= sizeof host)
		return false;
	memcpy(host, text, n);
	host[n] = 0;
	if (inet_pton(AF_INET, host, out->a.b) == 1)
		out->a.family = AF_INET;
	else if (inet_pton(AF_INET6, host, out->a.b) == 1)
		out->a.family = AF_INET6;
	else
		return false;
	int most = out->a.family == AF_INET ? 32 : 128;
	out->bits = most;
	if (slash) {
		const char *d = slash + 1;
		if (!*d || strlen(d) > 3)
			return false;
		out->bits = 0;
		for (; *d; d++) {
			if (*d < '0' || *d > '9')
				return false;
			out->bits = out->bits * 10 + (*d - '0');
		}
		if (out->bits > most)
			return false;
	}
	static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0xff, 0xff};
	if (out->a.family == AF_INET6 && out->bits >= 96 &&
	    memcmp(out->a.b, mapped, 12) == 0) {
		memmove(out->a.b, out->a.b + 12, 4);
		memset(out->a.b + 4, 0, 12);
		out->a.family = AF_INET;
		out->bits -= 96;
	}
	for (int i = 0; i < 16; i++) {
		int keep = out->bits - 8 * i;
		out->a.b[i] &= keep >= 8 ? 0xff : keep <= 0 ? 0 :
			(unsigned char)(0xff << (8 - keep));
	}
	return true;
}

/* Whether a is in network nt. */
static bool net_has(const net *nt, const addr *a)
{
	if (a->family != nt->a.family)
		return false;
	int whole = nt->bits / 8, rest = nt->bits % 8;
	if (memcmp(a->b, nt->a.b, (size_t)whole) != 0)
		return false;
	unsigned char mask = (unsigned char)(0xff << (8 - rest));
	return rest == 0 || (a->b[whole] & mask) == nt->a.b[whole];
}

/* Whether a may START a match: it is in an --allow network, or none was
 * given. */
static bool may_start(const player *pl, const addr *a)
{
	if (pl->nallow == 0)
		return true;
	for (int i = 0; i < pl->nallow; i++)
		if (net_has(&pl->allow[i], a))
			return true;
	return false;
}

/* ---- s-expressions ---------------------------------------------------- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
		c == '\v';
}

/* Skip white space and `;` comments. */
static const char *sx_skip(const char *c, const char *end)
{
	for (;;) {
		while (c < end && is_space(*c))
			c++;
		if (c >= end || *c != ';')
			return c;
		while (c < end && *c != '\n')
			c++;
	}
}

/* The next element at *p (an atom or a balanced parenthesised group) into
 * out; false at the end of the text or a ')' (not consumed), or on an
 * unbalanced group. */
static bool sx_next(const char **p, const char *end, span *out)
{
	const char *c = sx_skip(*p, end);
	*p = c;
	if (c >= end || *c == ')')
		return false;
	const char *start = c;
	if (*c == '(') {
		int depth = 0;
		for (; c < end; c++) {
			if (*c == ';') {
				while (c < end && *c != '\n')
					c++;
				if (c >= end)
					break;
			} else if (*c == '(') {
				depth++;
			} else if (*c == ')' && --depth == 0) {
				break;
			}
		}
		if (c >= end)
			return false;
		c++;
	} else {
		while (c < end && !is_space(*c) && *c != '(' && *c != ')' &&
		       *c != ';')
			c++;
	}
	out->p = start;
	out->n = (size_t)(c - start);
	*p = c;
	return true;
}

/* The elements inside the group g (at most max) into items; returns their
 * count, or -1 if g is not a well-formed group of at most max elements. */
static int sx_items(span g, span *items, int max)
{
	if (g.n < 2 || g.p[0] != '(' || g.p[g.n - 1] != ')')
		return -1;
	const char *p = g.p + 1, *end = g.p + g.n - 1;
	int n = 0;
	span x;
	while (sx_next(&p, end, &x)) {
		if (n == max)
			return -1;
		items[n++] = x;
	}
	return sx_skip(p, end) == end ? n : -1;
}

static bool sx_is(span a, const char *word)
{
	size_t n = strlen(word);
	if (a.n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((a.p[i] | 0x20) != (word[i] | 0x20))
			return false;
	return true;
}

/* Copy a span into buf (size n) as a C string; false when it is too long. */
static bool sx_copy(span a, char *buf, size_t n)
{
	if (a.n >= n)
		return false;
	memcpy(buf, a.p, a.n);
	buf[a.n] = 0;
	return true;
}

/* A clock in seconds (a decimal number), or -1. */
static double sx_clock(span a)
{
	char buf[32];
	if (!sx_copy(a, buf, sizeof buf))
		return -1;
	char *end;
	double v = strtod(buf, &end);
	return *end || end == buf || !(v >= 0) ? -1 : v;
}

/* ---- the match ---------------------------------------------------------- */

static void *worker_main(void *arg)
{
	worker *w = arg;
	gl_err err = {0};
	gl_action move = 0;
	int rc = w->ponder ?
		w->agent->type->ponder(w->agent, w->s, 0, &w->stop, &err) :
		w->agent->type->choose(w->agent, w->s, &move, &err);
	player *pl = w->pl;
	pthread_mutex_lock(&pl->mu);
	w->rc = rc;
	w->move = move;
	w->err = err;
	w->done = true;
	w->ended = gl_now();
	bool orphan = w->orphan;
	pthread_mutex_unlock(&pl->mu);
	if (orphan) {
		gl_agent_free(w->agent);
		gl_game_free(w->game);
		gl_free(w);
	}
	return NULL;
}

/* Start the agent choosing (given: the time set for it, or 0) or
 * pondering on state s; NULL when no thread can be made. */
static worker *worker_start(player *pl, match *m, const void *s, bool ponder,
	double given)
{
	worker *w = gl_calloc(1, worker_head() + m->g->state_size);
	if (!w)
		return NULL;
	w->s = (unsigned char *)w + worker_head();
	w->pl = pl;
	w->agent = m->agent;
	w->game = m->g;
	w->ponder = ponder;
	w->given = given;
	w->began = gl_now();
	atomic_init(&w->stop, false);
	m->agent->stop = &w->stop; /* choose() too ends when told */
	memcpy(w->s, s, m->g->state_size);
	pthread_t t;
	if (pthread_create(&t, NULL, worker_main, w) != 0) {
		m->agent->stop = NULL;
		gl_free(w);
		return NULL;
	}
	pthread_detach(t);
	return w;
}

/* Drop a worker that has finished; whether the agent is idle. Under the
 * player's mutex. */
static bool agent_idle(match *m)
{
	if (m->w && m->w->done) {
		if (m->w->ponder && m->w->rc)
			logf_line("ponder: %.200s", m->w->err.msg);
		m->agent->stop = NULL;
		gl_free(m->w);
		m->w = NULL;
	}
	return m->w == NULL;
}

/* Tell a pondering agent to stop. Under the mutex. */
static void ponder_stop(match *m)
{
	if (m->w && m->w->ponder)
		atomic_store(&m->w->stop, true);
}

/* Free what the match holds; a worker still thinking is told to stop
 * (choose() too: a->stop) and orphaned, and frees the agent and the game
 * itself once it has. Under the player's mutex (or before the match was
 * published). */
static void match_free(match *m)
{
	if (!agent_idle(m)) {
		atomic_store(&m->w->stop, true);
		m->w->orphan = true;
		m->agent = NULL;
		m->g = NULL;
		m->w = NULL;
	}
	gl_agent_free(m->agent);
	gdl_eval_free(m->ev);
	gl_game_free(m->g); /* and its rules, m->gd */
	gdl_free(m->quick);
	gl_free(m->s);
	gl_free(m->seen);
	gl_free(m->st);
	gl_free(m->qmove);
	gl_free(m->qwho);
	gl_free(m->rules);
	for (int i = 0; i < m->nhist; i++)
		gl_free(m->hist[i]);
	gl_free(m->hist);
	gl_scratch_done(&m->scratch);
	if (m->recording)
		ggp_record_done(&m->rec);
	memset(m, 0, sizeof *m);
	m->role = -1;
}

/* Seconds kept before a deadline of a clock: MARGIN_MIN, plus two round
 * trips as measured on the match's connections (the manager's clock
 * starts half a round trip before ours, and our reply takes another
 * half: twice that for the trip that is slower than the measure), plus
 * the longest a PLAY's reply of this match took to be sent once decided
 * (a loaded machine's delay), at most half the clock. */
static double margin_of(const match *m, double clock)
{
	double g = MARGIN_MIN + 2 * m->rtt + m->lag;
	return g < clock / 2 ? g : clock / 2;
}

/* Whether an agent type named like spec's head declares parameter key. */
static bool agent_has_param(const char *spec, const char *key)
{
	static const gl_agent_type *const ours[] = {&cli_agent_slow, NULL};
	size_t n = strcspn(spec, ":");
	for (int k = 0; k < 2; k++)
		for (const gl_agent_type *const *t = k ? ours : gl_agent_types(); *t;
		     t++)
			if (strlen((*t)->name) == n && strncmp((*t)->name, spec, n) == 0) {
				for (const gl_param_def *d = (*t)->params; d && d->key; d++)
					if (strcmp(d->key, key) == 0)
						return true;
				return false;
			}
	return false;
}

static bool agent_known(const char *name)
{
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		if (strcmp((*t)->name, name) == 0)
			return true;
	return false;
}

/* The agents of ggp serve and ggp match (cli.h). */
gl_agent *cli_ggp_agent(const char *spec, const gl_game *g, gl_err *err)
{
	static const gl_agent_type *const extra[] = {&cli_agent_slow, NULL};
	return gl_agent_new(spec, g, extra, err);
}

/* spec with its time set (cli.h). */
const char *cli_timed_spec(const char *spec, double secs, char *out, size_t n)
{
	if (secs < 0.05)
		secs = 0.05;
	size_t len = agent_has_param(spec, "time") &&
		!gl_spec_value(spec, "time", NULL, 0) ?
		(size_t)snprintf(out, n, "%s%stime=%.3f", spec,
			strchr(spec, ':') ? "," : ":", secs) :
		(size_t)snprintf(out, n, "%s", spec);
	return len < n ? out : NULL;
}

/* Make the agent from spec for the match's game. One with set_time is
 * given each move's time at the move; for one without, its time
 * parameter (if it has one and spec does not set it) is set from the play
 * clock less the margin and 15% more, since no move can tell it. */
static gl_agent *make_agent(const match *m, const char *spec, gl_err *err)
{
	char full[GL_SPEC_MAX];
	double secs = (m->playclock - margin_of(m, m->playclock)) * 0.85;
	if (!cli_timed_spec(spec, secs, full, sizeof full)) {
		gl_fail(err, GL_EINVAL, "agent spec too long to add its time: %zu "
			"characters, %d at most with it", strlen(spec), GL_SPEC_MAX - 1);
		return NULL;
	}
	return cli_ggp_agent(full, m->g, err);
}

/* Our role in gd: spelt as given (names are case-sensitive, as the server
 * reads the rules), else the one role equal to it but for case; or -1. */
static int role_index(const gdl_game *gd, const char *role)
{
	int exact = -1, folded = -1, nfolded = 0;
	for (int r = 0; r < gdl_nroles(gd); r++) {
		if (strcmp(gdl_role_name(gd, r), role) == 0)
			exact = r;
		if (strcasecmp(gdl_role_name(gd, r), role) == 0) {
			folded = r;
			nfolded++;
		}
	}
	return exact >= 0 ? exact : nfolded == 1 ? folded : -1;
}

/* A rule load, run in a thread of its own (or inline when there is no
 * thread): the compile of the match's game, or the prover's quick load. */
/* A match on or over (under the mutex; m->serial set before it is on). */
static void set_active(player *pl, bool on)
{
	pl->active = on;
	atomic_store(&pl->live, on ? pl->m.serial : 0);
}

typedef struct job {
	player *pl;
	unsigned serial;         /* the match it is for */
	bool quick;              /* the prover's load */
	char role[GDL_TOKEN_MAX];
	double playclock, rtt;   /* for the agent's time */
	size_t n;
	char rules[];            /* n bytes and a NUL */
} job;

static job *job_new(player *pl, const match *m, bool quick)
{
	job *j = gl_malloc(sizeof *j + m->nrules + 1);
	if (!j)
		return NULL;
	j->pl = pl;
	j->serial = m->serial;
	j->quick = quick;
	snprintf(j->role, sizeof j->role, "%s", m->role_name);
	j->playclock = m->playclock;
	j->rtt = m->rtt;
	j->n = m->nrules;
	memcpy(j->rules, m->rules, m->nrules + 1);
	return j;
}

/* Whether job j's match has ended (read without the mutex, while the
 * rules load: a load for a match that is over stops). */
static bool job_stopped(void *arg)
{
	const job *j = arg;
	return atomic_load(&j->pl->live) != j->serial;
}

/* The game of the rules: loaded (stopped if the match ends), then an
 * instance of the gdl type made of them. */
static gl_game *rules_game(job *j, gl_err *err)
{
	gdl_load_opts opts = {.reasoner = GDL_AUTO, .stop = job_stopped,
		.stop_arg = j};
	gdl_game *gd = NULL;
	if (gdl_load_ex(&gd, j->rules, j->n, "rules", &opts, err))
		return NULL;
	return gdl_game_new_from(gd, "rules", err);
}

/* Compile the rules of job j into b (the game, its rules, the agent
 * begun at the start state); nothing of the player is touched, so this
 * runs outside its mutex. */
static int match_compile(player *pl, job *j, match *b, gl_err *err)
{
	int rc;
	b->playclock = j->playclock;
	b->rtt = j->rtt;
	if (!(b->g = rules_game(j, err)))
		return err->code;
	b->gd = gdl_game_of(b->g);
	b->role = role_index(b->gd, j->role);
	if (b->role < 0)
		return gl_fail(err, GL_EINVAL, "START: no role '%s' in the rules",
			j->role);
	if (!(b->ev = gdl_eval_new(b->gd)))
		return gl_fail(err, GL_ENOMEM, "out of memory");
	if ((rc = gl_scratch_init(&b->scratch, b->g, 1, 1, err)))
		return rc;
	if (!(b->s = gl_malloc(b->g->state_size)) ||
	    !(b->seen = gl_malloc(b->g->state_size)) ||
	    !(b->st = gl_malloc((size_t)gdl_state_words(b->gd) * sizeof *b->st)))
		return gl_fail(err, GL_ENOMEM, "out of memory");
	const char *aspec = pl->agent_spec;
	if (!aspec)
		aspec = agent_known("uct") ? "uct" : "random";
	b->agent = make_agent(b, aspec, err);
	if (!b->agent) {
		logf_line("agent %.20s cannot play this game: %.60s; random plays",
			aspec, err->msg);
		gl_err_clear(err);
		if (!(b->agent = make_agent(b, "random", err)))
			return err->code ? err->code : GL_EINVAL;
	}
	b->agent->role = b->role;
	gl_rng_split(&b->agent->rng, pl->seed + (uint64_t)atomic_load(&pl->finished),
		(uint64_t)b->role);
	if (b->agent->type->begin && (rc = b->agent->type->begin(b->agent, err)))
		return rc;
	b->g->type->start(b->g, b->s);
	memcpy(b->seen, b->s, b->g->state_size);
	return 0;
}

/* Answer the START waiting for its answer: "ready", or the error of its
 * compile, which ends the match. Under the mutex; the request is not
 * touched after (its connection is resumed). */
static void start_answer(player *pl, int rc, const gl_err *err)
{
	request *rq = pl->start_rq;
	if (!rq)
		return;
	pl->start_rq = NULL;
	rq->rc = rc;
	if (rc) {
		rq->err = *err;
		match_free(&pl->m);
		set_active(pl, false);
	} else {
		snprintf(rq->reply, REPLY_MAX, "ready");
		if (!pl->m.ready)
			snprintf(rq->note, sizeof rq->note, "(rules still compiling)");
	}
	rq->answered = true;
	if (rq->c) /* NULL: answered inline (fuzz_ggp, or no thread) */
		MHD_resume_connection(rq->c);
}

static int apply_joint(match *m, span moves, gl_err *err);
static void quick_start(player *pl, match *m);

/* --live: the match's record so far (running: it goes on) to
 * DIR/MATCHID.json, atomically. Its players' names and errors are the
 * manager's to know: they are left empty. A failure is logged and ends
 * the recording. */
static void live_write(player *pl, match *m, bool running)
{
	if (!m->recording)
		return;
	ggp_match_info mi = {.gd = m->gd, .rules = m->rules,
		.sc = m->startclock, .pc = m->playclock};
	gl_rng rng;
	gl_rng_seed(&rng, pl->seed + m->serial);
	gl_err err = {0};
	if (ggp_record_live(pl->live_dir, &mi, &m->rec, &rng, running, &err)) {
		logf_line("match %s: --live: %.200s", m->id, err.msg);
		ggp_record_done(&m->rec);
		m->recording = false;
	}
}

/* The match's state (m->s, through m->st) into its record. */
static void live_state(match *m)
{
	memcpy(m->st, m->s, (size_t)gdl_state_words(m->gd) * 8);
	ggp_record_state(&m->rec, m->gd, m->st);
}

/* --live: the record begun once the rules are ready, at the initial
 * state, START's errors (none known here) first. */
static void live_begin(player *pl, match *m)
{
	if (!pl->live_dir)
		return;
	ggp_record_init(&m->rec, m->id);
	m->rec.start_ms -= (long long)((gl_now() - m->began) * 1000);
	m->recording = true;
	live_state(m);
	ggp_record_errors(&m->rec.errors, NULL, gdl_nroles(m->gd));
	live_write(pl, m, true);
}

/* The compiled game b becomes the match's; the joint moves received
 * meanwhile are played into it. Under the mutex. */
static void match_install(player *pl, match *b, double secs)
{
	match *m = &pl->m;
	m->g = b->g;
	m->gd = b->gd;
	m->ev = b->ev;
	m->agent = b->agent;
	m->role = b->role;
	m->s = b->s;
	m->seen = b->seen;
	m->st = b->st;
	m->scratch = b->scratch;
	memset(b, 0, sizeof *b);
	m->ready = true;
	m->pondered = -1;
	logf_line("rules of %s compiled in %.3f s (%s)", m->id, secs,
		gdl_reasoner_name(gdl_reasoner_of(m->gd)));
	live_begin(pl, m);
	for (int i = 0; i < m->nhist; i++) {
		gl_err err = {0};
		span h = {m->hist[i], strlen(m->hist[i])};
		if (apply_joint(m, h, &err)) {
			logf_line("match %s: a joint move received while compiling "
				"cannot be played: %.200s", m->id, err.msg);
			m->failed = true;
			quick_start(pl, m);
			break;
		}
	}
	live_write(pl, m, true);
}

/* A rule load's end: publish its result if its match is still on (the
 * compiled game, or the prover's rules); answer the START if it waits. */
static void job_finish(job *j, match *b, gdl_game *quick, int rc,
	const gl_err *err, double secs)
{
	player *pl = j->pl;
	pthread_mutex_lock(&pl->mu);
	match *m = &pl->m;
	bool ours = pl->active && m->serial == j->serial;
	if (ours && j->quick) {
		if (quick)
			logf_line("rules of %s loaded for the prover in %.3f s", m->id,
				secs);
		else
			logf_line("match %s: the prover cannot load the rules: %.200s",
				m->id, err->msg);
		m->quick = quick;
		quick = NULL;
	} else if (ours && rc == 0) {
		match_install(pl, b, secs);
		start_answer(pl, 0, NULL);
	} else if (ours && pl->start_rq) {
		start_answer(pl, rc, err);
	} else if (ours) {
		logf_line("match %s: the rules cannot be compiled: %.200s", m->id,
			err->msg);
		m->failed = true;
		quick_start(pl, m);
	}
	pl->jobs--;
	pthread_mutex_unlock(&pl->mu);
	gdl_free(quick);
}

static void *job_main(void *arg)
{
	job *j = arg;
	gl_err err = {0};
	double t0 = gl_now();
	match b;
	memset(&b, 0, sizeof b);
	gdl_game *quick = NULL;
	int rc;
	if (j->quick) {
		gdl_load_opts opts = {.reasoner = GDL_PROVER, .stop = job_stopped,
			.stop_arg = j};
		rc = gdl_load_ex(&quick, j->rules, j->n, "rules", &opts, &err);
	} else {
		rc = match_compile(j->pl, j, &b, &err);
		/* --hold-compile: the compile ends S s after it began, or when
		 * its match does */
		while (!job_stopped(j) && gl_now() - t0 < j->pl->hold_compile) {
			struct timespec ts = {0, 10 * 1000 * 1000};
			nanosleep(&ts, NULL);
		}
	}
	job_finish(j, &b, quick, rc, &err, gl_now() - t0);
	match_free(&b);
	gl_free(j);
	return NULL;
}

/* Run job j in a thread of its own, else here (fuzz_ggp: no connection
 * to keep answering). Called under the mutex, which it lets go and takes
 * back when j runs here. */
static void job_run(player *pl, job *j, bool here)
{
	pl->jobs++;
	pthread_t t;
	if (!here && pthread_create(&t, NULL, job_main, j) == 0) {
		pthread_detach(t);
		return;
	}
	pthread_mutex_unlock(&pl->mu);
	job_main(j);
	pthread_mutex_lock(&pl->mu);
}

/* Load the rules for the prover too (once a match), for moves while the
 * compile runs or when it failed. Under the mutex. */
static void quick_start(player *pl, match *m)
{
	if (m->quick_started)
		return;
	job *j = job_new(pl, m, true);
	m->quick_started = j != NULL;
	if (j)
		job_run(pl, j, false);
}

/* START: "busy" at once if a match is on. Else the match begins: the
 * rules compile in a thread of their own while the connection is
 * suspended, answered "ready" when they are compiled or at the start
 * clock less the margin, whichever is first (the compile goes on; INFO,
 * PLAY, STOP and ABORT are answered meanwhile), or an error if the
 * compile fails first. Compiled here when there is no connection
 * (fuzz_ggp). Returns 0, 1 when the answer comes later, or an error. */
static int do_start(player *pl, request *rq, span *it, int n, gl_err *err)
{
	if (n != 6)
		return gl_fail(err, GL_EPARSE, "START takes a match id, a role, the "
			"rules and two clocks");
	char id[ID_MAX], role[GDL_TOKEN_MAX];
	double sc = sx_clock(it[4]), pc = sx_clock(it[5]);
	if (!sx_copy(it[1], id, sizeof id) || it[1].p[0] == '(' ||
	    !sx_copy(it[2], role, sizeof role) || it[2].p[0] == '(')
		return gl_fail(err, GL_EPARSE, "START: bad match id or role");
	if (sc < 0 || pc <= 0)
		return gl_fail(err, GL_EPARSE, "START: bad clocks");
	int most = pl->max_clock ? pl->max_clock : MAX_CLOCK_DEFAULT;
	if (sc > most || pc > most)
		return gl_fail(err, GL_EPARSE, "START: clocks above %d s are "
			"refused (--max-clock)", most);
	if (it[3].p[0] != '(')
		return gl_fail(err, GL_EPARSE, "START: the rules must be a list");
	pthread_mutex_lock(&pl->mu);
	if (pl->active) {
		pthread_mutex_unlock(&pl->mu);
		snprintf(rq->reply, REPLY_MAX, "busy");
		return 0;
	}
	match *m = &pl->m;
	match_free(m);
	if (!(m->rules = gl_malloc(it[3].n - 1))) {
		pthread_mutex_unlock(&pl->mu);
		return gl_fail(err, GL_ENOMEM, "out of memory");
	}
	m->nrules = it[3].n - 2;
	memcpy(m->rules, it[3].p + 1, m->nrules);
	m->rules[m->nrules] = 0;
	memcpy(m->id, id, sizeof id);
	memcpy(m->role_name, role, sizeof role);
	m->startclock = sc;
	m->playclock = pc;
	m->rtt = rq->rtt;
	m->heard = gl_now();
	m->began = rq->arrived;
	m->serial = ++pl->serial;
	m->owner = rq->from;
	set_active(pl, true);
	job *j = job_new(pl, m, false);
	if (!j) {
		match_free(m);
		set_active(pl, false);
		pthread_mutex_unlock(&pl->mu);
		return gl_fail(err, GL_ENOMEM, "out of memory");
	}
	pl->start_rq = rq;
	rq->deadline = rq->arrived + sc - margin_of(m, sc);
	if (rq->c) /* before the mutex is let go: start_answer resumes it */
		MHD_suspend_connection(rq->c);
	job_run(pl, j, rq->c == NULL);
	int rc = 1;
	if (!rq->c) { /* compiled here: answered already */
		rc = rq->rc;
		*err = rq->err;
	}
	pthread_mutex_unlock(&pl->mu);
	return rc;
}

/* Keep move a of player `who`, played from the state the agent knows on,
 * to tell the agent when it is idle (agent_catch_up). */
static int queue_move(match *m, int who, gl_action a, gl_err *err)
{
	if (m->nq == m->capq) {
		int cap = m->capq ? 2 * m->capq : 16;
		gl_action *qa = gl_realloc(m->qmove, (size_t)cap * sizeof *qa);
		if (qa)
			m->qmove = qa;
		int *qw = qa ? gl_realloc(m->qwho, (size_t)cap * sizeof *qw) : NULL;
		if (!qw)
			return gl_fail(err, GL_ENOMEM, "out of memory");
		m->qwho = qw;
		m->capq = cap;
	}
	m->qmove[m->nq] = a;
	m->qwho[m->nq++] = who;
	return 0;
}

/* Tell the idle agent the moves played since the state it knows (its
 * tree is rerooted there), so that it knows the match's state. Under the
 * mutex, the agent idle. */
static void agent_catch_up(match *m)
{
	const gl_game *g = m->g;
	for (int i = 0; i < m->nq; i++) {
		if (m->agent->type->observe)
			m->agent->type->observe(m->agent, m->seen, m->qwho[i],
				m->qmove[i]);
		g->type->apply(g, m->seen, m->qmove[i]);
	}
	m->nq = 0;
}

/* Apply the joint move (one move per role, role order) given as a list;
 * a bare atom (NIL) means none. The agent is told later (queue_move). */
static int apply_joint(match *m, span moves, gl_err *err)
{
	if (moves.p[0] != '(')
		return m->turns == 0 ? 0 :
			gl_fail(err, GL_EPARSE, "no joint move after the first turn");
	const gdl_game *gd = m->gd;
	const gl_game *g = m->g;
	int nroles = gdl_nroles(gd);
	span it[GDL_ROLES_MAX];
	int n = sx_items(moves, it, GDL_ROLES_MAX);
	if (n != nroles)
		return gl_fail(err, GL_EPARSE, "the joint move needs %d moves", nroles);
	int joint[GDL_ROLES_MAX], nlegal[GDL_ROLES_MAX];
	int *legal = gl_malloc(((size_t)gdl_nmoves(gd) + 1) * sizeof *legal);
	if (!legal)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	memcpy(m->st, m->s, (size_t)gdl_state_words(gd) * 8);
	gdl_eval_state(gd, m->ev, m->st);
	int rc = 0;
	if (gdl_terminal(gd, m->ev))
		rc = gl_fail(err, GL_EILLEGAL, "a move after the game ended");
	for (int r = 0; r < nroles && !rc; r++) {
		char text[1024];
		if (!sx_copy(it[r], text, sizeof text)) {
			rc = gl_fail(err, GL_EPARSE, "move %d too long", r + 1);
			break;
		}
		joint[r] = gdl_move_find(gd, text);
		nlegal[r] = gdl_legal(gd, m->ev, r, legal);
		bool ok = false;
		for (int i = 0; i < nlegal[r] && !ok; i++)
			ok = legal[i] == joint[r];
		if (!ok)
			rc = gl_fail(err, GL_EILLEGAL, "%s is not a legal move of %s",
				text, gdl_role_name(gd, r));
	}
	gl_free(legal);
	if (rc)
		return rc;
	/* the sequentialised game: the roles with a choice, in role order;
	 * nobody with a choice: the single joint move */
	gl_action *lg = gl_scratch_moves(&m->scratch, 0);
	for (int r = 0, applied = 0; r <= nroles; r++) {
		char text[1024];
		gl_action a;
		if (r == nroles) {
			if (applied || g->type->legal(g, m->s, lg) <= 0)
				break;
			a = lg[0];
		} else {
			if (nlegal[r] < 2)
				continue;
			gdl_move_text(gd, joint[r], text, sizeof text);
			if (g->type->to_move(g, m->s) != r ||
			    g->type->parse_move(g, m->s, text, &a, err))
				return gl_fail(err, GL_EINVAL, "internal: %s out of turn",
					text);
		}
		if ((rc = queue_move(m, g->type->to_move(g, m->s), a, err)))
			return rc;
		g->type->apply(g, m->s, a);
		applied++;
	}
	m->version++;
	if (m->recording) {
		ggp_record_step(&m->rec, gd, joint, nlegal);
		ggp_record_errors(&m->rec.errors, NULL, nroles);
		live_state(m);
	}
	return 0;
}

/* At the end of a match, a role that the rules give several goal values
 * in the final state (an error of the rules: gdl_goal takes the largest,
 * ggp-base's server raises a GoalDefinitionException) is logged. */
static void note_goals(match *m)
{
	memcpy(m->st, m->s, (size_t)gdl_state_words(m->gd) * 8);
	gdl_eval_state(m->gd, m->ev, m->st);
	for (int r = 0; r < gdl_nroles(m->gd); r++) {
		int v[8], nv = gdl_goal_values(m->gd, m->ev, r, v, 8);
		if (nv < 2)
			continue;
		char vals[64];
		size_t len = 0;
		for (int i = 0; i < nv && i < 8 && len < sizeof vals; i++)
			len += (size_t)snprintf(vals + len, sizeof vals - len, "%s%d",
				i == 0 ? "" : i + 1 == nv ? " and " : ", ", v[i]);
		logf_line("note: the rules give role '%s' %d goal values in the final "
			"state (%s); the largest, %d, is taken", gdl_role_name(m->gd, r),
			nv, vals, gdl_goal(m->gd, m->ev, r));
	}
}

/* The agent's answer in w, if it is a legal move of ours now: its gdl id,
 * else -1 with the reason in note. Learns how far past its time the
 * agent ran (m->overrun, taken off the next move's time). Under the
 * mutex. */
static int agent_move(match *m, worker *w, char *note, size_t n)
{
	const gl_game *g = m->g;
	char text[1024];
	int mv;
	double over = w->ended - w->began - w->given;
	if (w->given > 0 && over > m->overrun)
		m->overrun = over < 1 ? over : 1;
	if (w->rc) {
		snprintf(note, n, "by fallback (agent error: %.80s)", w->err.msg);
		return -1;
	}
	if (g->type->format_move(g, w->s, w->move, text, sizeof text) <= 0 ||
	    (mv = gdl_move_find(m->gd, text)) < 0) {
		snprintf(note, n, "by fallback (agent failed)");
		return -1;
	}
	int *lg = gl_malloc(((size_t)gdl_nmoves(m->gd) + 1) * sizeof *lg);
	int nl = lg ? gdl_legal(m->gd, m->ev, m->role, lg) : 0;
	bool ok = false;
	for (int i = 0; i < nl && !ok; i++)
		ok = lg[i] == mv;
	gl_free(lg);
	if (!ok) {
		snprintf(note, n, "by fallback (agent failed)");
		return -1;
	}
	if (w->given > 0)
		snprintf(note, n, "by agent (given %.3f s, took %.3f s)", w->given,
			w->ended - w->began);
	else
		snprintf(note, n, "by agent");
	return mv;
}

/* Start the idle agent on our turn of the sequentialised state (earlier
 * roles with a choice get placeholder moves), its time (set_time, when
 * it has it) what is left to rq's deadline less AGENT_SLACK and the most
 * it has overrun. False with rq's note set if it cannot. */
static bool think(player *pl, match *m, request *rq)
{
	const gl_game *g = m->g;
	void *ws = gl_scratch_state(&m->scratch, 0);
	gl_action *lg = gl_scratch_moves(&m->scratch, 0);
	agent_catch_up(m);
	memcpy(ws, m->s, g->state_size);
	for (int k = 0; k < GDL_ROLES_MAX; k++) {
		int r = g->type->to_move(g, ws);
		if (r == m->role || g->type->legal(g, ws, lg) == 0)
			break;
		g->type->apply(g, ws, lg[0]);
	}
	if (g->type->to_move(g, ws) != m->role || g->type->legal(g, ws, lg) == 0) {
		/* the sequentialised game can end where the rules do not (a role
		 * with no legal move): an agent must not be asked there */
		snprintf(rq->note, sizeof rq->note, "by fallback (agent not at its "
			"turn)");
		return false;
	}
	double left = rq->deadline - gl_now() - AGENT_SLACK - m->overrun;
	if (left < THINK_MIN) {
		snprintf(rq->note, sizeof rq->note, "by fallback (no time left)");
		return false;
	}
	if (m->agent->type->set_time)
		m->agent->type->set_time(m->agent, left);
	m->w = worker_start(pl, m, ws, false,
		m->agent->type->set_time ? left : 0);
	m->pondered = -1; /* ponder again once this is done */
	if (!m->w)
		snprintf(rq->note, sizeof rq->note, "by fallback (no thread)");
	return m->w != NULL;
}

/* Our move in the match's state, the rules ready: at once when it is the
 * only one (returns 0, the reply set), else the agent set thinking, or
 * waited for if it is busy, and the answer left to play_poll (returns 1;
 * rq is pending); or, late (the answer due now), a random legal move at
 * once. An error when the game is over or we have no move. Under the
 * mutex. */
static int play_begin(player *pl, match *m, request *rq, bool late,
	gl_err *err)
{
	const gdl_game *gd = m->gd;
	memcpy(m->st, m->s, (size_t)gdl_state_words(gd) * 8);
	gdl_eval_state(gd, m->ev, m->st);
	if (gdl_terminal(gd, m->ev))
		return gl_fail(err, GL_EILLEGAL, "the game is over");
	int *legal = gl_malloc(((size_t)gdl_nmoves(gd) + 1) * sizeof *legal);
	if (!legal)
		return gl_fail(err, GL_ENOMEM, "out of memory");
	int nl = gdl_legal(gd, m->ev, m->role, legal);
	int move = nl ? legal[gl_rng_below(&pl->rng, (uint32_t)nl)] : -1;
	gl_free(legal);
	if (move < 0)
		return gl_fail(err, GL_EILLEGAL, "no legal move");
	rq->fallback = move;
	if (nl == 1 || late) {
		gdl_move_text(gd, move, rq->reply, REPLY_MAX);
		snprintf(rq->note, sizeof rq->note, nl == 1 ? "by only move" :
			"by fallback (the rules ready when the answer was due)");
		return 0;
	}
	rq->old_worker = !agent_idle(m);
	if (!rq->old_worker && !think(pl, m, rq)) {
		gdl_move_text(gd, move, rq->reply, REPLY_MAX);
		return 0;
	}
	pl->pending = rq;
	return 1;
}

/* The first two elements of group g into two; false if it has fewer. */
static bool sx_head2(span g, span *two)
{
	if (g.n < 2 || g.p[0] != '(')
		return false;
	const char *p = g.p + 1, *end = g.p + g.n - 1;
	return sx_next(&p, end, &two[0]) && sx_next(&p, end, &two[1]);
}

/* A move of our role read off the rules alone, for when no reasoner is
 * ready: the first `(legal R M)` fact, else rule head, whose R is our
 * role or a variable and whose M has no variable (often `noop`). Likely
 * legal, not certainly. */
static bool guess_move(const match *m, char *out, size_t n)
{
	for (int pass = 0; pass < 2; pass++) {
		const char *p = m->rules, *end = m->rules + m->nrules;
		span it, two[2], h[3];
		while (sx_next(&p, end, &it)) {
			p = it.p + it.n;
			span head = it;
			if (pass == 1) {
				if (!sx_head2(it, two) || !sx_is(two[0], "<="))
					continue;
				head = two[1];
			}
			char role[GDL_TOKEN_MAX];
			if (sx_items(head, h, 3) != 3 || !sx_is(h[0], "legal") ||
			    !sx_copy(h[1], role, sizeof role) ||
			    (role[0] != '?' && strcmp(role, m->role_name)) ||
			    memchr(h[2].p, '?', h[2].n) || !sx_copy(h[2], out, n))
				continue;
			return true;
		}
	}
	return false;
}

/* A random legal move of ours from the prover's rules (m->quick), the
 * joint moves received played from the start; false if there is none. */
static bool quick_move(player *pl, const match *m, char *out, size_t n)
{
	const gdl_game *q = m->quick;
	int role = role_index(q, m->role_name), nroles = gdl_nroles(q), nl = 0;
	uint64_t *st = gl_malloc((size_t)gdl_state_words(q) * sizeof *st);
	int *legal = gl_malloc(((size_t)gdl_nmoves(q) + 1) * sizeof *legal);
	gdl_eval *ev = gdl_eval_new(q);
	bool ok = role >= 0 && st && legal && ev;
	if (ok)
		gdl_initial(q, st);
	for (int i = 0; ok && i < m->nhist; i++) {
		span h = {m->hist[i], strlen(m->hist[i])}, it[GDL_ROLES_MAX];
		int joint[GDL_ROLES_MAX];
		ok = sx_items(h, it, GDL_ROLES_MAX) == nroles;
		for (int r = 0; ok && r < nroles; r++) {
			char text[1024];
			ok = sx_copy(it[r], text, sizeof text) &&
				(joint[r] = gdl_move_find(q, text)) >= 0;
		}
		if (ok) {
			gdl_eval_state(q, ev, st);
			gdl_next(q, ev, joint, st);
		}
	}
	if (ok) {
		gdl_eval_state(q, ev, st);
		nl = gdl_legal(q, ev, role, legal);
	}
	if (nl > 0)
		gdl_move_text(q, legal[gl_rng_below(&pl->rng, (uint32_t)nl)], out, n);
	gdl_eval_free(ev);
	gl_free(legal);
	gl_free(st);
	return nl > 0;
}

/* The move of a PLAY for which the compiled rules are not at hand: the
 * prover's, else one guessed from the rules. */
static void early_move(player *pl, match *m, request *rq)
{
	if (m->quick && quick_move(pl, m, rq->reply, REPLY_MAX))
		snprintf(rq->note, sizeof rq->note, "by prover (random legal)");
	else if (guess_move(m, rq->reply, REPLY_MAX))
		snprintf(rq->note, sizeof rq->note, "by guess from the rules (no "
			"reasoner ready)");
	else
		snprintf(rq->reply, REPLY_MAX, "noop"),
		snprintf(rq->note, sizeof rq->note, "by guess (nothing to go by)");
}

/* The reply of a PLAY that came before the rules were ready, if it can
 * be given now: true with the reply set; false to wait (the agent may be
 * thinking now: rq is no longer early). Under the mutex. */
static bool early_ready(player *pl, match *m, request *rq, bool late)
{
	if (m->ready && !m->failed) {
		rq->early = false;
		gl_err err = {0};
		int rc = play_begin(pl, m, rq, late, &err);
		if (rc == 1)
			return false;
		if (rc == 0)
			return true;
		logf_line("match %s: %.200s", m->id, err.msg);
	} else if (!late && !(m->failed && m->quick)) {
		return false;
	}
	early_move(pl, m, rq);
	return true;
}

/* The reply of the pending PLAY, if it can be given now (at the latest at
 * its deadline): the agent's move or the fallback. Under the mutex. */
static bool play_ready(player *pl, match *m, request *rq, bool late)
{
	if (rq->early) {
		return early_ready(pl, m, rq, late);
	}
	int move = rq->fallback;
	if (rq->old_worker && !agent_idle(m)) {
		if (!late)
			return false;
		atomic_store(&m->w->stop, true); /* its answer is past use */
		snprintf(rq->note, sizeof rq->note, "by fallback (agent still "
			"thinking from an earlier turn)");
	} else if (rq->old_worker) { /* the earlier work ended: ours now */
		rq->old_worker = false;
		if (!late && think(pl, m, rq))
			return false;
		if (late)
			snprintf(rq->note, sizeof rq->note, "by fallback (agent out "
				"of time)");
	} else if (m->w && m->w->done) {
		int mv = agent_move(m, m->w, rq->note, sizeof rq->note);
		if (mv >= 0)
			move = mv;
		agent_idle(m);
	} else if (m->w) {
		if (!late)
			return false;
		/* answered without it: stopped, so that the next PLAY does not
		 * wait for it */
		atomic_store(&m->w->stop, true);
		snprintf(rq->note, sizeof rq->note, "by fallback (agent out of time)");
	}
	gdl_move_text(m->gd, move, rq->reply, REPLY_MAX);
	return true;
}

/* Answer the pending PLAY if it can be now (at the latest at its
 * deadline). Under the mutex; the connection is resumed and the request
 * is not touched after. */
static void play_poll(player *pl, bool now)
{
	request *rq = pl->pending;
	if (!rq)
		return;
	if (!play_ready(pl, &pl->m, rq, now || gl_now() >= rq->deadline))
		return;
	if (rq->was_early) {
		size_t k = strlen(rq->note);
		snprintf(rq->note + k, sizeof rq->note - k, " (came while the rules "
			"compiled)");
	}
	rq->answered = true;
	rq->decided = pl->m.heard = gl_now();
	rq->serial = pl->m.serial;
	pl->pending = NULL;
	if (rq->c) /* NULL: fuzz/fuzz_ggp.c's requests */
		MHD_resume_connection(rq->c);
}

/* Set the idle agent pondering on the match's state, once a state (and
 * again after each choose), when nothing waits for it. Under the mutex. */
static void ponder_poll(player *pl)
{
	match *m = &pl->m;
	if (!pl->active || !m->ready || m->failed || pl->pending ||
	    !agent_idle(m) || !m->agent->type->ponder || m->pondered == m->version)
		return;
	m->pondered = m->version;
	memcpy(m->st, m->s, (size_t)gdl_state_words(m->gd) * 8);
	gdl_eval_state(m->gd, m->ev, m->st);
	if (gdl_terminal(m->gd, m->ev))
		return;
	agent_catch_up(m);
	m->w = worker_start(pl, m, m->s, true, 0);
}

/* PLAY: apply the previous joint move; answer at once when we have one
 * move, else set the agent thinking (a ponder told to stop first) and
 * leave the answer to play_poll (returns 1: the connection is to be
 * suspended). Before the rules are ready, the joint move is kept and the
 * answer left to play_poll too. Under the mutex. */
static int do_play(player *pl, request *rq, span moves, gl_err *err)
{
	match *m = &pl->m;
	if (pl->start_rq) /* the manager has moved on: START is answered */
		start_answer(pl, 0, NULL);
	if (pl->pending) /* a PLAY before our last answer: answer that now */
		play_poll(pl, true);
	ponder_stop(m);
	if (rq->rtt > m->rtt)
		m->rtt = rq->rtt;
	rq->deadline = rq->arrived + m->playclock - margin_of(m, m->playclock);
	int rc;
	if (!m->ready || m->failed) {
		if (moves.p[0] == '(') {
			char **h = m->nhist < m->caphist ? m->hist :
				gl_realloc(m->hist, (size_t)(m->caphist * 2 + 8) * sizeof *h);
			char *text = h ? gl_malloc(moves.n + 1) : NULL;
			if (!text)
				return gl_fail(err, GL_ENOMEM, "out of memory");
			if (h != m->hist)
				m->caphist = m->caphist * 2 + 8;
			m->hist = h;
			sx_copy(moves, text, moves.n + 1);
			m->hist[m->nhist++] = text;
		}
		rq->early = rq->was_early = true;
		quick_start(pl, m);
		pl->pending = rq;
		rc = 1;
	} else if ((rc = apply_joint(m, moves, err)) == 0) {
		rc = play_begin(pl, m, rq, false, err);
		live_write(pl, m, true); /* the agent thinks meanwhile */
	}
	if (rc >= 0)
		m->turns++;
	/* suspended before the mutex is let go: play_poll resumes it */
	if (rc == 1 && rq->c)
		MHD_suspend_connection(rq->c);
	return rc;
}

/* STOP (moves: its joint move) or ABORT (NULL): a START or PLAY still
 * waiting is answered first; at a STOP the last joint move is played and
 * the agent, if idle, told the end. Under the mutex. */
static void end_match(player *pl, request *rq, const span *moves, gl_err *err)
{
	match *m = &pl->m;
	start_answer(pl, 0, NULL);
	if (pl->pending)
		play_poll(pl, true);
	ponder_stop(m);
	if (!moves || !m->ready || m->failed) {
		if (m->ready)
			live_write(pl, m, false); /* aborted */
		return;
	}
	if (apply_joint(m, *moves, err))
		snprintf(rq->note, sizeof rq->note, "(its joint move ignored: "
			"%.90s)", err->msg);
	gl_err_clear(err);
	note_goals(m);
	if (m->recording) {
		gdl_eval_state(m->gd, m->ev, m->st);
		m->rec.completed = gdl_terminal(m->gd, m->ev);
		for (int r = 0; r < gdl_nroles(m->gd); r++)
			m->rec.goals[r] = gdl_goal(m->gd, m->ev, r);
		live_write(pl, m, false);
	}
	if (agent_idle(m) && m->agent->type->end) {
		int goals[GL_PLAYERS_MAX] = {0};
		agent_catch_up(m);
		m->g->type->goals(m->g, m->s, goals);
		m->agent->type->end(m->agent, m->s, goals);
	}
}

/* Handle one message; the reply text into rq->reply. Returns 0, 1 when
 * the answer comes later (a PLAY; the connection is to be suspended), or
 * a GL_E* code with err set (the reply is then an error). */
static int handle(player *pl, request *rq, const char *msg, size_t len,
	gl_err *err)
{
	char *reply = rq->reply;
	span all = {msg, len};
	while (all.n && is_space(all.p[all.n - 1]))
		all.n--;
	while (all.n && is_space(all.p[0]))
		all.p++, all.n--;
	span it[8];
	int n = sx_items(all, it, 8);
	if (n < 1 || it[0].p[0] == '(')
		return gl_fail(err, GL_EPARSE, "not a message: a list such as (INFO)");
	if (sx_is(it[0], "info")) {
		pthread_mutex_lock(&pl->mu);
		bool busy = pl->active;
		pthread_mutex_unlock(&pl->mu);
		snprintf(reply, REPLY_MAX, "((name %s) (status %s))", pl->name,
			busy ? "busy" : "available");
		return 0;
	}
	if (sx_is(it[0], "preview")) {
		snprintf(reply, REPLY_MAX, "ready");
		return 0;
	}
	if (sx_is(it[0], "start")) {
		if (!may_start(pl, &rq->from)) {
			char who[INET6_ADDRSTRLEN];
			rq->forbidden = true;
			return gl_fail(err, GL_EINVAL, "START from %s refused: not an "
				"address of --allow", addr_text(&rq->from, who, sizeof who));
		}
		return do_start(pl, rq, it, n, err);
	}
	bool play = sx_is(it[0], "play"), stop = sx_is(it[0], "stop");
	bool abort_ = sx_is(it[0], "abort");
	if (!play && !stop && !abort_)
		return gl_fail(err, GL_EPARSE, "unknown message type '%.*s'",
			(int)(it[0].n < 40 ? it[0].n : 40), it[0].p);
	if (n != (abort_ ? 2 : 3))
		return gl_fail(err, GL_EPARSE, "%s takes a match id%s", abort_ ?
			"ABORT" : play ? "PLAY" : "STOP", abort_ ? "" : " and the moves");
	char id[ID_MAX];
	bool ours = sx_copy(it[1], id, sizeof id);
	pthread_mutex_lock(&pl->mu);
	match *m = &pl->m;
	int rc = 0;
	if (!pl->active || !ours || strcmp(id, m->id) != 0) {
		/* not the match on, or none on (ggp-base's player says the
		 * same: a manager reads it as not ours to answer) */
		snprintf(reply, REPLY_MAX, "busy");
	} else if (!addr_eq(&rq->from, &m->owner)) {
		/* the match's own id from another address: not its manager
		 * (the match goes on as if nothing came) */
		char who[INET6_ADDRSTRLEN];
		rq->forbidden = true;
		rc = gl_fail(err, GL_EINVAL, "%s from %s refused: only the address "
			"that started match %.100s may send it", play ? "PLAY" : stop ?
			"STOP" : "ABORT", addr_text(&rq->from, who, sizeof who), m->id);
	} else if (play) {
		m->heard = gl_now();
		rc = do_play(pl, rq, it[2], err);
	} else {
		m->heard = gl_now();
		end_match(pl, rq, stop ? &it[2] : NULL, err);
		match_free(m);
		set_active(pl, false);
		rq->ends_match = true;
		snprintf(reply, REPLY_MAX, stop ? "done" : "aborted");
	}
	pthread_mutex_unlock(&pl->mu);
	return rc;
}

/* ---- HTTP ---------------------------------------------------------------- */

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status,
	const char *text)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text),
		(void *)text, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	/* "HTTP/1.0 200 OK", one message per connection */
	MHD_set_response_options(r, MHD_RF_HTTP_1_0_SERVER |
		MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
	MHD_add_response_header(r, "Content-type", "text/acl");
	MHD_add_response_header(r, "Access-Control-Allow-Origin", "*");
	MHD_add_response_header(r, "Access-Control-Allow-Methods",
		"POST, GET, OPTIONS");
	MHD_add_response_header(r, "Access-Control-Allow-Headers", "Content-Type");
	MHD_add_response_header(r, "Access-Control-Allow-Age", "86400");
	enum MHD_Result ok = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ok;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (c | 0x20) - 'a' + 10;
	return -1;
}

/* Decode %XX escapes and '+' (GET messages) in place. */
static size_t url_decode(char *s)
{
	char *o = s;
	for (char *c = s; *c; c++) {
		int hi, lo;
		if (*c == '%' && c[1] && c[2] &&
		    (hi = hex_digit(c[1])) >= 0 && (lo = hex_digit(c[2])) >= 0) {
			*o++ = (char)(hi * 16 + lo);
			c += 2;
		} else {
			*o++ = *c == '+' ? ' ' : *c;
		}
	}
	*o = 0;
	return (size_t)(o - s);
}

/* The connection's tracking record (set by on_connection). */
static conn *conn_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
		MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	return ci ? ci->socket_context : NULL;
}

static void conn_stage(player *pl, conn *cn, int stage)
{
	if (!cn)
		return;
	pthread_mutex_lock(&pl->cmu);
	cn->stage = stage;
	cn->since = gl_now();
	pthread_mutex_unlock(&pl->cmu);
}

/* When the request now in began to arrive: its connection's accept (or
 * its previous request's end), as a game manager opens a connection for
 * each message, so that every clock runs from then however long the
 * request took to be read; its headers' arrival if that is later than
 * HEADER_S before now (a connection kept open). */
static double conn_began(player *pl, conn *cn)
{
	double now = gl_now(), t = now;
	if (!cn)
		return now;
	pthread_mutex_lock(&pl->cmu);
	if (cn->stage == C_HEADERS && now - cn->since <= HEADER_S)
		t = cn->since;
	pthread_mutex_unlock(&pl->cmu);
	return t;
}

/* A connection's round trip, as TCP measures it (smoothed, plus four
 * times its variation: what TCP itself allows for), in seconds; 0 when
 * unknown. */
static double conn_rtt(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
		MHD_CONNECTION_INFO_CONNECTION_FD);
	struct tcp_info ti;
	socklen_t n = sizeof ti;
	if (!ci || getsockopt(ci->connect_fd, IPPROTO_TCP, TCP_INFO, &ti, &n))
		return 0;
	return ((double)ti.tcpi_rtt + 4.0 * ti.tcpi_rttvar) / 1e6;
}

/* Shut a connection down (libmicrohttpd then closes it). Under cmu: the
 * record is unlinked under cmu when libmicrohttpd notifies the close,
 * which it does before it closes the socket, so fd is still this
 * connection's (never a new one's that reused the number). */
static void conn_shut(player *pl, conn *cn)
{
	if (!cn->shut) {
		shutdown(cn->fd, SHUT_RDWR);
		cn->shut = true;
		pl->shut_slow++;
		if (cn->pr)
			cn->pr->open--;
	}
}

/* The bucket of address a among the player's peers (FNV-1a). */
static peer **peer_bucket(player *pl, const addr *a)
{
	uint32_t h = 2166136261u ^ (uint32_t)a->family;
	for (size_t i = 0; i < sizeof a->b; i++)
		h = (h ^ a->b[i]) * 16777619u;
	return &pl->peers[h % PEER_BUCKETS];
}

/* The record of address a, made if it has none (NULL when out of memory:
 * its connection is then not counted), one more connection counted.
 * Under cmu. */
static peer *peer_add(player *pl, const addr *a)
{
	peer **b = peer_bucket(pl, a), *p = *b;
	while (p && !addr_eq(&p->a, a))
		p = p->next;
	if (!p) {
		if (!(p = gl_calloc(1, sizeof *p)))
			return NULL;
		p->a = *a;
		p->next = *b;
		*b = p;
	}
	p->conns++;
	p->open++;
	return p;
}

/* One connection of p closed (shut by us or not): p freed with its
 * last. Under cmu. */
static void peer_drop(player *pl, peer *p, bool shut)
{
	if (!shut)
		p->open--;
	if (--p->conns > 0)
		return;
	peer **b = peer_bucket(pl, &p->a);
	while (*b != p)
		b = &(*b)->next;
	*b = p->next;
	gl_free(p);
}

/* Whether connection o may be closed to make room: still sending its
 * request (never one waiting for its answer) and over YOUNG_S old. */
static bool conn_spare(const conn *o, double now)
{
	return !o->shut && o->stage != C_ANSWER && now - o->since > YOUNG_S;
}

/* Past cap - CONN_RESERVE connections, close the oldest ones still
 * sending their request and over YOUNG_S old (never one waiting for its
 * answer), so that slow clients cannot hold every place. Under cmu. */
static void make_room(player *pl)
{
	double now = gl_now();
	int open = pl->nconns;
	for (conn *o = pl->first; o && open > pl->cap - CONN_RESERVE; o = o->next)
		if (conn_spare(o, now)) {
			conn_shut(pl, o);
			open--;
		}
}

/* Past --per-ip connections from p's address (all addresses' when p is
 * NULL), close that address's oldest ones still sending their request
 * and over YOUNG_S old, as make_room does for the cap: slow clients
 * sharing the manager's address take no place from its new connections.
 * Under cmu. */
static void make_room_per_ip(player *pl, const peer *p)
{
	if (!pl->per_ip || (p && p->open <= pl->per_ip))
		return;
	double now = gl_now();
	for (conn *o = pl->first; o; o = o->next)
		if (o->pr && (!p || o->pr == p) && o->pr->open > pl->per_ip &&
		    conn_spare(o, now))
			conn_shut(pl, o);
}

/* Track connections, making room as they come. */
static void on_connection(void *cls, struct MHD_Connection *c, void **sctx,
	enum MHD_ConnectionNotificationCode code)
{
	player *pl = cls;
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CONNECTION_FD);
		conn *cn = ci ? gl_calloc(1, sizeof *cn) : NULL;
		*sctx = cn;
		if (!cn)
			return;
		const union MHD_ConnectionInfo *ai = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		addr a = addr_of(ai ? ai->client_addr : NULL);
		cn->fd = ci->connect_fd;
		cn->stage = C_HEADERS;
		cn->since = gl_now();
		pthread_mutex_lock(&pl->cmu);
		cn->pr = peer_add(pl, &a);
		cn->prev = pl->last;
		if (pl->last)
			pl->last->next = cn;
		else
			pl->first = cn;
		pl->last = cn;
		pl->nconns++;
		if (cn->pr)
			make_room_per_ip(pl, cn->pr);
		make_room(pl);
		pthread_mutex_unlock(&pl->cmu);
	} else if (*sctx) {
		conn *cn = *sctx;
		pthread_mutex_lock(&pl->cmu);
		if (cn->prev)
			cn->prev->next = cn->next;
		else
			pl->first = cn->next;
		if (cn->next)
			cn->next->prev = cn->prev;
		else
			pl->last = cn->prev;
		pl->nconns--;
		if (cn->pr)
			peer_drop(pl, cn->pr, cn->shut);
		pthread_mutex_unlock(&pl->cmu);
		gl_free(cn);
		*sctx = NULL;
	}
}

/* Check the request's headers: one Content-Length at most, no NUL. */
static enum MHD_Result check_header(void *cls, enum MHD_ValueKind kind,
	const char *key, size_t klen, const char *value, size_t vlen)
{
	request *rq = cls;
	(void)kind;
	if (memchr(key, 0, klen) || (value && memchr(value, 0, vlen)))
		rq->bad_header = true;
	rq->hbytes += klen + 2 + (value ? vlen : 0) + 2;
	if (klen == 14 && strncasecmp(key, "Content-Length", 14) == 0 &&
	    ++rq->nlength > 1)
		rq->bad_header = true;
	return MHD_YES;
}

/* Log the request and queue its reply. */
static enum MHD_Result answer(player *pl, struct MHD_Connection *c,
	request *rq, int rc, const gl_err *err)
{
	(void)pl;
	if (rc) {
		char text[REPLY_MAX];
		snprintf(text, sizeof text, "error %s", err->msg);
		logf_line("%s %s%s -> %s", rq->method, rq->head, rq->more, text);
		return send_text(c, rq->forbidden ? MHD_HTTP_FORBIDDEN :
			MHD_HTTP_BAD_REQUEST, text);
	}
	logf_line("%s %s%s -> %s%s%s (%.3f s)", rq->method, rq->head, rq->more,
		rq->reply, rq->note[0] ? " " : "", rq->note, gl_now() - rq->arrived);
	return send_text(c, MHD_HTTP_OK, rq->reply);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
	const char *url, const char *method, const char *version,
	const char *upload, size_t *upload_size, void **ctx)
{
	(void)version;
	player *pl = cls;
	request *rq = *ctx;
	if (!rq) /* on_uri could not allocate it */
		return MHD_NO;
	if (!rq->seen) { /* the headers are in */
		rq->seen = true;
		rq->arrived = conn_began(pl, conn_of(c));
		rq->rtt = conn_rtt(c);
		const union MHD_ConnectionInfo *ai = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		rq->from = addr_of(ai ? ai->client_addr : NULL);
		rq->more = "";
		*ctx = rq;
		MHD_get_connection_values_n(c, MHD_HEADER_KIND, check_header, rq);
		/* the headers as received against the headers as parsed, one
		 * space after each colon: more bytes received means a NUL (the
		 * parser stops a value there) or unusual white space */
		const union MHD_ConnectionInfo *hi = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
		size_t parsed = strlen(method) + 1 + rq->rawurl + 1 + strlen(version) +
			2 + rq->hbytes + 2;
		if (hi && hi->header_size > parsed)
			rq->bad_header = true;
		conn_stage(pl, conn_of(c), C_BODY);
		if (rq->bad_header) {
			logf_line("%.20s refused: a repeated Content-Length, or a NUL or "
				"unusual white space in a header", method);
			return send_text(c, MHD_HTTP_BAD_REQUEST, "error bad header");
		}
		return MHD_YES;
	}
	if (rq->answered) /* a PLAY or START answered by another thread */
		return answer(pl, c, rq, rq->rc, &rq->err);
	if (*upload_size) {
		size_t add = *upload_size;
		*upload_size = 0;
		if (rq->too_big)
			return MHD_YES;
		/* this request's share of the bodies' cap first: its bytes
		 * past BODY_FREE */
		size_t exempt = rq->len < BODY_FREE ? BODY_FREE - rq->len : 0;
		size_t charge = add > exempt ? add - exempt : 0;
		if (rq->len + add > BODY_MAX || (charge > 0 &&
		    atomic_fetch_add(&pl->bodies, charge) + charge > BODIES_MAX)) {
			if (rq->len + add <= BODY_MAX)
				atomic_fetch_sub(&pl->bodies, charge);
			rq->too_big = true;
			return MHD_YES;
		}
		rq->counted += charge;
		char *b = gl_realloc(rq->body, rq->len + add + 1);
		if (!b) {
			rq->too_big = true;
			return MHD_YES;
		}
		memcpy(b + rq->len, upload, add);
		rq->body = b;
		rq->len += add;
		b[rq->len] = 0;
		return MHD_YES;
	}
	conn_stage(pl, conn_of(c), C_ANSWER);
	rq->method = strcmp(method, "GET") == 0 ? "GET" :
		strcmp(method, "POST") == 0 ? "POST" : "OPTIONS";
	if (strcmp(method, "OPTIONS") == 0) {
		logf_line("OPTIONS %s", url);
		return send_text(c, MHD_HTTP_OK, "");
	}
	char *msg = NULL;
	size_t len = 0;
	if (strcmp(method, "POST") == 0) {
		if (rq->too_big) {
			logf_line("POST refused: body over %d bytes (or all bodies "
				"over %d)", BODY_MAX, BODIES_MAX);
			return send_text(c, MHD_HTTP_CONTENT_TOO_LARGE,
				"error body too large");
		}
		msg = rq->body ? rq->body : (char *)"";
		len = rq->len;
	} else if (strcmp(method, "GET") == 0) {
		if (strlen(url) > BODY_MAX)
			return send_text(c, MHD_HTTP_CONTENT_TOO_LARGE,
				"error message too large");
		rq->body = gl_malloc(strlen(url) + 1);
		if (!rq->body)
			return MHD_NO;
		strcpy(rq->body, url[0] == '/' ? url + 1 : url);
		len = url_decode(rq->body);
		msg = rq->body;
	} else {
		logf_line("%.20s refused", method);
		return send_text(c, MHD_HTTP_METHOD_NOT_ALLOWED,
			"error method not allowed");
	}
	size_t k = 0, i = 0;
	for (; i < len && k < sizeof rq->head - 1; i++)
		if (!is_space(msg[i]) || (k && rq->head[k - 1] != ' '))
			rq->head[k++] = is_space(msg[i]) ? ' ' : msg[i] ? msg[i] : '?';
	while (k && rq->head[k - 1] == ' ')
		k--;
	rq->head[k] = 0;
	while (i < len && is_space(msg[i]))
		i++;
	rq->more = i < len ? "..." : "";
	gl_err err = {0};
	rq->c = c;
	int rc = handle(pl, rq, msg, len, &err);
	if (rc == 1) /* suspended: play_poll or start_answer answers */
		return MHD_YES;
	return answer(pl, c, rq, rc, &err);
}

/* The request line is in: its context, with the URI's length as sent
 * (the handler sees it decoded). */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
	(void)cls;
	(void)c;
	request *rq = gl_calloc(1, sizeof *rq);
	if (rq)
		rq->rawurl = strlen(uri);
	return rq;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **ctx,
	enum MHD_RequestTerminationCode code)
{
	(void)code;
	player *pl = cls;
	request *rq = *ctx;
	conn_stage(pl, conn_of(c), C_HEADERS); /* the next request's clock */
	if (!rq)
		return;
	pthread_mutex_lock(&pl->mu);
	if (pl->pending == rq)
		pl->pending = NULL;
	if (pl->start_rq == rq)
		pl->start_rq = NULL;
	double lag = gl_now() - rq->decided;
	if (rq->decided > 0 && pl->active && pl->m.serial == rq->serial &&
	    lag > pl->m.lag)
		pl->m.lag = lag < 1 ? lag : 1;
	pthread_mutex_unlock(&pl->mu);
	if (rq->ends_match)
		atomic_fetch_add(&pl->finished, 1);
	atomic_fetch_sub(&pl->bodies, rq->counted);
	gl_free(rq->body);
	gl_free(rq);
	*ctx = NULL;
}

/* The clock thread's turn: answer a START or PLAY whose time has come,
 * have the prover load rules that take long to compile (QUICK_S), set
 * the idle agent pondering, end a match whose manager fell silent, shut
 * slow connections. */
static void tick(player *pl, double *logged)
{
	pthread_mutex_lock(&pl->mu);
	match *m = &pl->m;
	if (pl->start_rq && gl_now() >= pl->start_rq->deadline)
		start_answer(pl, 0, NULL);
	if (pl->active && !m->ready && !m->quick_started &&
	    gl_now() - m->began > (m->startclock / 4 < QUICK_S ?
	    m->startclock / 4 : QUICK_S))
		quick_start(pl, m);
	play_poll(pl, false);
	ponder_poll(pl);
	if (pl->active && !pl->pending && !pl->start_rq) {
		double limit = (m->turns ? m->playclock : m->startclock) + EXPIRE_S;
		if (gl_now() - m->heard > limit) {
			logf_line("match %s expired: no message for %.0f s", m->id, limit);
			match_free(m);
			set_active(pl, false);
			atomic_fetch_add(&pl->finished, 1);
		}
	}
	pthread_mutex_unlock(&pl->mu);
	double now = gl_now();
	pthread_mutex_lock(&pl->cmu);
	for (conn *cn = pl->first; cn; cn = cn->next)
		if ((cn->stage == C_HEADERS && now - cn->since > HEADER_S) ||
		    (cn->stage == C_BODY && now - cn->since > BODY_S))
			conn_shut(pl, cn);
	/* the young ones spared at their arrival have aged */
	make_room_per_ip(pl, NULL);
	make_room(pl);
	long shut = 0;
	int open = pl->nconns;
	if (pl->shut_slow && now - *logged >= 1) {
		shut = pl->shut_slow;
		pl->shut_slow = 0;
		*logged = now;
	}
	pthread_mutex_unlock(&pl->cmu);
	if (shut)
		logf_line("closed %ld slow or surplus connection%s (%d open)", shut,
			shut > 1 ? "s" : "", open);
}

/* The address to listen on (--bind: an IPv4 or IPv6 literal) into sa. */
static bool bind_address(const char *text, int port, struct sockaddr_storage *sa,
	bool *v6)
{
	memset(sa, 0, sizeof *sa);
	struct sockaddr_in *a4 = (struct sockaddr_in *)sa;
	struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)sa;
	if (inet_pton(AF_INET, text, &a4->sin_addr) == 1) {
		a4->sin_family = AF_INET;
		a4->sin_port = htons((uint16_t)port);
		*v6 = false;
		return true;
	}
	if (inet_pton(AF_INET6, text, &a6->sin6_addr) == 1) {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((uint16_t)port);
		*v6 = true;
		return true;
	}
	return false;
}

static const cli_opt serve_opts[] = {
	{"port", "P", "9147", "TCP port", 0},
	{"bind", "ADDR", "0.0.0.0", "listen on this IPv4 or IPv6 address (all IPv4 by default: a tournament must reach the player)", 0},
	{"connections", "N", "1000", "connection cap; past it the oldest slow request is closed", 0},
	{"per-ip", "N", "64", "connections from one address; past it the address's oldest slow request is closed (0: no limit)", 0},
	{"allow", "ADDR[/BITS]", NULL, "only these addresses may start a match (repeatable; IPv4, or IPv6 when --bind is; default: every address)", 1},
	{"max-clock", "S", "300", "longest start or play clock a START may ask for, in seconds", 0},
	{"agent", "SPEC", "uct", "the agent that plays (its time set from the play clock)", 0},
	{"name", "NAME", "gamelearn", "the player's name (one symbol), answered to INFO", 0},
	{"max-matches", "N", "0", "stop after N matches (0: never)", 0},
	{"seed", "S", "0", "seed of the agent and of fallback moves", 0},
	{"live", "DIR", NULL, "write each match's record as this player sees it to DIR/MATCHID.json after every step (atomically; `gamelearn web` shows it)", 0},
	{"hold-compile", "S", "0", "for tests: every compile of a match's rules lasts S seconds at least (it waits once done), so that it outlasts a start clock on any machine", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_ggp_serve_spec = {
	"ggp serve", "", 0, 0,
	"a General Game Playing player over HTTP (START, PLAY, STOP, ABORT, INFO, PREVIEW)",
	serve_opts,
	{"gamelearn ggp serve --port 9147 --agent uct --name gamelearn",
	 "gamelearn ggp serve --allow 192.0.2.10 --allow 10.1.0.0/16"}
};

static int ggp_serve(int argc, char **argv)
{
	static player pl; /* large (two states); one per process */
	cli_args opt;
	cli_parse(&cli_ggp_serve_spec, argc, argv, &opt);
	int port = (int)cli_long(&opt, "port", 0, 65535);
	pl.per_ip = (int)cli_long(&opt, "per-ip", 0, CONN_MAX);
	pl.max_clock = (int)cli_long(&opt, "max-clock", 1, CLOCK_MAX);
	int want_cap = (int)cli_long(&opt, "connections", 2 * CONN_RESERVE, CONN_MAX);
	const char *bind_to = cli_str(&opt, "bind");
	pl.name = cli_str(&opt, "name");
	pl.agent_spec = cli_given(&opt, "agent") ? cli_str(&opt, "agent") : NULL;
	pl.live_dir = cli_given(&opt, "live") ? cli_str(&opt, "live") : NULL;
	if (pl.live_dir)
		cli_check_out("ggp serve --live", pl.live_dir, true);
	pl.max_matches = (int)cli_long(&opt, "max-matches", 0, 1000000);
	pl.seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	pl.hold_compile = cli_real(&opt, "hold-compile", 0, CLOCK_MAX);
	for (const char *c = pl.name; *c; c++)
		if (is_space(*c) || *c == '(' || *c == ')')
			cli_die(EXIT_USAGE, "ggp serve: --name must be one symbol");
	struct sockaddr_storage sa;
	bool v6;
	if (!bind_address(bind_to, port, &sa, &v6))
		cli_die(EXIT_USAGE, "ggp serve: --bind '%s' is not an IPv4 or IPv6 "
			"address", bind_to);
	const char *allow[CLI_ARGS_MAX];
	pl.nallow = cli_all(&opt, "allow", allow);
	char allowed[300] = "any address"; /* for the log */
	size_t at = 0;
	for (int i = 0; i < pl.nallow; i++) {
		if (!net_parse(allow[i], &pl.allow[i]))
			cli_die(EXIT_USAGE, "ggp serve: --allow '%s' is not an address: "
				"give ADDR or ADDR/BITS, IPv4 or IPv6", allow[i]);
		if (pl.allow[i].a.family == AF_INET6 && !v6)
			cli_die(EXIT_USAGE, "ggp serve: --allow '%s' is IPv6 but the "
				"player listens on IPv4 (--bind %s)", allow[i], bind_to);
		if (at + strlen(allow[i]) + 8 < sizeof allowed)
			at += (size_t)snprintf(allowed + at, sizeof allowed - at, "%s%s",
				i ? ", " : "", allow[i]);
		else if (at + 6 < sizeof allowed && allowed[at - 1] != '.')
			at += (size_t)snprintf(allowed + at, sizeof allowed - at, ", ...");
	}
	if (pl.agent_spec) { /* check the spec on the built-in ticTacToe */
		gl_game *g = cli_game("gdl");
		gl_err err = {0};
		gl_agent *a = cli_ggp_agent(pl.agent_spec, g, &err);
		gl_game_free(g);
		if (!a)
			cli_die(EXIT_USAGE, "ggp serve: --agent: %s", err.msg);
		gl_agent_free(a);
	}
	gl_rng_seed(&pl.rng, pl.seed ^ 0x9e3779b97f4a7c15u);
	pthread_mutex_init(&pl.mu, NULL);
	pthread_mutex_init(&pl.cmu, NULL);
	/* our limit, and libmicrohttpd's HARD_FACTOR times higher, as open
	 * files allow */
	struct rlimit rl;
	pl.cap = want_cap;
	int hard = HARD_FACTOR * want_cap;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
		rlim_t want = (rlim_t)hard + 64;
		if (rl.rlim_cur < want) {
			rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
			setrlimit(RLIMIT_NOFILE, &rl);
			getrlimit(RLIMIT_NOFILE, &rl);
		}
		if (rl.rlim_cur < (rlim_t)hard + 64)
			hard = rl.rlim_cur > 64 + 4 * CONN_RESERVE ?
				(int)rl.rlim_cur - 64 : 4 * CONN_RESERVE;
		if (pl.cap > hard / 2)
			pl.cap = hard / 2;
	}
	/* libmicrohttpd refuses connections from one address only past
	 * IP_HARD_FACTOR times ours (at most half its own limit): below
	 * that, ours closes the address's oldest slow ones instead */
	int per_ip_hard = pl.per_ip * IP_HARD_FACTOR < hard / 2 ?
		pl.per_ip * IP_HARD_FACTOR : hard / 2;
	if (!pl.per_ip)
		per_ip_hard = 0;
	unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME |
		MHD_USE_ERROR_LOG | (v6 ? MHD_USE_IPv6 : 0);
	struct MHD_Daemon *d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL,
		on_request, &pl,
		MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, &pl, /* first: all its messages */
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
		MHD_OPTION_THREAD_POOL_SIZE, (unsigned)POOL,
		MHD_OPTION_URI_LOG_CALLBACK, on_uri, &pl,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, &pl,
		MHD_OPTION_NOTIFY_CONNECTION, on_connection, &pl,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_S,
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)hard,
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)per_ip_hard,
		MHD_OPTION_END);
	if (!d)
		cli_die(EXIT_RUN, "ggp serve: cannot listen on %s port %d", bind_to,
			port);
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(d,
		MHD_DAEMON_INFO_BIND_PORT);
	char per[96] = "no limit per address";
	if (pl.per_ip)
		snprintf(per, sizeof per, "%d per address (then its oldest slow "
			"one closed; %d at most)", pl.per_ip, per_ip_hard);
	logf_line("player %s listening on port %d of %s, %d connections, %s, "
		"matches started by %s, clocks up to %d s (agent %s)", pl.name,
		info ? (int)info->port : port, bind_to, pl.cap, per, allowed,
		pl.max_clock, pl.agent_spec ? pl.agent_spec :
		agent_known("uct") ? "uct" : "random");
	if (pl.hold_compile > 0)
		logf_line("every compile held %.3f s at least (--hold-compile, for "
			"tests)", pl.hold_compile);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
	double logged = 0;
	while (!interrupted && (pl.max_matches == 0 ||
	       atomic_load(&pl.finished) < pl.max_matches)) {
		struct timespec ts = {0, 5 * 1000 * 1000};
		nanosleep(&ts, NULL);
		tick(&pl, &logged);
	}
	pthread_mutex_lock(&pl.mu);
	play_poll(&pl, true);
	start_answer(&pl, 0, NULL);
	/* the match's rule loads and the agent's search told to stop (an
	 * agent that does not read its stop, and a load between its checks,
	 * are waited for: 60 s at most here) */
	atomic_store(&pl.live, 0);
	if (pl.m.w)
		atomic_store(&pl.m.w->stop, true);
	for (int k = 0; k < 6000 && (pl.jobs || !agent_idle(&pl.m)); k++) {
		pthread_mutex_unlock(&pl.mu);
		struct timespec ts = {0, 10 * 1000 * 1000};
		nanosleep(&ts, NULL);
		pthread_mutex_lock(&pl.mu);
	}
	pthread_mutex_unlock(&pl.mu);
	MHD_stop_daemon(d);
	if (pl.active)
		match_free(&pl.m);
	logf_line("stopped after %d matches", atomic_load(&pl.finished));
	return 0;
}

int cmd_ggp(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		FILE *f = argc < 2 ? stderr : stdout;
		fprintf(f, "usage: gamelearn ggp serve|match [options] (gamelearn ggp "
			"serve --help, gamelearn ggp match --help)\n");
		return argc < 2 ? EXIT_USAGE : 0;
	}
	if (strcmp(argv[1], "serve") == 0)
		return ggp_serve(argc - 1, argv + 1);
	if (strcmp(argv[1], "match") == 0)
		return cmd_ggp_match(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "ggp: unknown subcommand '%s' (serve, match)", argv[1]);
}
