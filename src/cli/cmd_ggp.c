/*
 * cmd_ggp.c - `gamelearn ggp serve`: the GGP player (gamelearn/ggp.h)
 * over HTTP, speaking the match protocol as ggp-base's game server (the
 * Stanford reference code) speaks it: messages sent by POST, or by GET
 * /<url-encoded message>, with OPTIONS answered empty for CORS
 * preflights. This file is the transport and the options; what a message
 * does, the clocks and the moves are the player's (src/ggp). Issue 8,
 * item 5; issue 19, items 1 and 2.
 *
 * HTTP is libmicrohttpd's: a pool of threads over epoll. The HTTP side
 * never waits for the agent nor for the rules: a message is handed to
 * the player (ggp_player_handle), which answers at once, except START
 * and PLAY, whose connections are suspended and resumed by the player
 * when the clock thread (the main thread, ggp_player_tick every 5 ms)
 * has their answer, at their deadline at the latest. Every clock runs
 * from the request's arrival: its connection's accept (a manager opens
 * one a message), however long the request then took to be read; the
 * round trip TCP measured on the connection (tcp_info) goes with it.
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
 * manager's PLAY or STOP refused). One line per message is logged on
 * stderr, its bytes outside printable ASCII escaped.
 *
 * The player plays for its manager, not for whoever writes first: only
 * the addresses of --allow may START a match (every address when none is
 * given), a START may ask for clocks of --max-clock at most, and once a
 * match is on only the address that started it may PLAY, STOP or ABORT
 * it (403 to any other, and the match goes on). INFO and PREVIEW, which
 * change nothing, are answered to every address. Issue 68, item 2: the
 * player asks this file (admit) before it acts on a message.
 *
 * For tests, --hold-compile S makes every compile of a match's rules last
 * S seconds at least (it waits, once compiled, until S have passed since
 * it began, or its match ends): the tests of a START or a PLAY that come
 * while the rules compile then hold by construction, not by a game slow
 * enough to compile on this machine at this moment (issue 74, item 1).
 * The prover's load is not held.
 */
#include "cli.h"
#include "gamelearn/ggp.h"

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
	CONN_MAX = 1000,           /* connections at once (fewer if files are) */
	CONN_RESERVE = 32,         /* kept free for new ones by closing the oldest */
	HARD_FACTOR = 4,           /* libmicrohttpd's own limit: this times ours */
	IP_HARD_FACTOR = 16,       /* libmicrohttpd's per-address limit: this
				      times --per-ip (at most half its own
				      limit): hundreds of slow clients on
				      one address, closed past --per-ip
				      once YOUNG_S old, stay below it */
	POOL = 4,                  /* HTTP threads */
	CLOCK_MAX = 86400,         /* the most --max-clock may be, s */
	PEER_BUCKETS = 1024        /* the connections' addresses, hashed */
};

#define HEADER_S 5.0    /* a request's headers arrive within this, s */
#define BODY_S 20.0     /* and its body within this of its headers */
#define IDLE_S 10       /* a connection silent this long is closed */
#define YOUNG_S 1.0     /* a connection this young is not closed for room */

/* A client's address: IPv4 (an IPv4-mapped IPv6 address is read as its
 * IPv4 address) or IPv6. Family 0 when unknown. */
typedef struct addr {
	int family;           /* AF_INET, AF_INET6 or 0 */
	unsigned char b[16];  /* its bytes: 4 or 16 of them, the rest 0 */
} addr;

/* An --allow entry: the addresses whose first `bits` bits are a's. */
typedef struct net {
	addr a;
	int bits;
} net;

/* One HTTP request being received or answered: the player's exchange
 * (first, so that the player's callbacks find the request from it) and
 * what HTTP needs. */
typedef struct request {
	ggp_request g;    /* arrival, round trip, sender's text, the reply;
			     g.conn: its connection, suspended while the
			     player has not answered */
	addr from;        /* its sender */
	char *body;       /* POST body (NUL-terminated) */
	size_t len;
	size_t counted;   /* bytes of it in the server's bodies count */
	int nlength;      /* Content-Length headers seen */
	size_t hbytes;    /* the headers' bytes as parsed */
	size_t rawurl;    /* the request line's URI as received, bytes */
	bool seen;        /* the handler has seen its headers */
	bool too_big;
	bool bad_header;  /* a repeated Content-Length or a NUL in a header */
	char head[81];    /* the message's start, for the log */
	const char *more; /* "..." when head is cut */
	const char *method;
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

/* The server: the player, the options that are the transport's, the
 * connections. */
typedef struct server {
	ggp_player *pl;         /* the player */
	net allow[CLI_ARGS_MAX]; /* --allow: who may START (none: anyone) */
	int nallow;
	int per_ip;             /* --per-ip: past it, an address's oldest
				 * slow connection is closed (0: never) */
	int max_matches;        /* exit after this many (0: never) */
	atomic_size_t bodies;   /* body bytes buffered by all requests */
	pthread_mutex_t cmu;    /* guards the connections */
	conn *first, *last;
	peer *peers[PEER_BUCKETS]; /* the connections' addresses */
	int nconns, cap;        /* open connections, the most at once */
	long shut_slow;         /* connections shut for slowness, to log */
} server;

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
static bool may_start(const server *sv, const addr *a)
{
	if (sv->nallow == 0)
		return true;
	for (int i = 0; i < sv->nallow; i++)
		if (net_has(&sv->allow[i], a))
			return true;
	return false;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
		c == '\v';
}

/* ---- the player's callbacks -------------------------------------------- */

/* The transport's policy on a message (ggp_config.admit): a START from
 * --allow's addresses only; a match's PLAY, STOP and ABORT from the
 * address that started it only. */
static int admit(void *arg, const ggp_request *g, ggp_kind kind,
	const char *id, const char *owner, gl_err *err)
{
	const server *sv = arg;
	const request *rq = (const request *)g;
	if (kind == GGP_START) {
		if (may_start(sv, &rq->from))
			return 0;
		return gl_fail(err, GL_EINVAL, "START from %s refused: not an "
			"address of --allow", g->from);
	}
	if (strcmp(g->from, owner) == 0)
		return 0;
	return gl_fail(err, GL_EINVAL, "%s from %s refused: only the address "
		"that started match %.100s may send it", kind == GGP_PLAY ? "PLAY" :
		kind == GGP_STOP ? "STOP" : "ABORT", g->from, id);
}

/* The player's log lines (ggp_config.log), escaped, on stderr. */
static void on_player_log(void *arg, const char *line)
{
	(void)arg;
	log_escaped(line);
}

/* A START or PLAY the player answers later: its connection held
 * (ggp_config.suspend), then let go with the answer (resume). */
static void on_suspend(void *arg, ggp_request *g)
{
	(void)arg;
	MHD_suspend_connection(g->conn);
}

static void on_resume(void *arg, ggp_request *g)
{
	(void)arg;
	MHD_resume_connection(g->conn);
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

static void conn_stage(server *sv, conn *cn, int stage)
{
	if (!cn)
		return;
	pthread_mutex_lock(&sv->cmu);
	cn->stage = stage;
	cn->since = gl_now();
	pthread_mutex_unlock(&sv->cmu);
}

/* When the request now in began to arrive: its connection's accept (or
 * its previous request's end), as a game manager opens a connection for
 * each message, so that every clock runs from then however long the
 * request took to be read; its headers' arrival if that is later than
 * HEADER_S before now (a connection kept open). */
static double conn_began(server *sv, conn *cn)
{
	double now = gl_now(), t = now;
	if (!cn)
		return now;
	pthread_mutex_lock(&sv->cmu);
	if (cn->stage == C_HEADERS && now - cn->since <= HEADER_S)
		t = cn->since;
	pthread_mutex_unlock(&sv->cmu);
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
static void conn_shut(server *sv, conn *cn)
{
	if (!cn->shut) {
		shutdown(cn->fd, SHUT_RDWR);
		cn->shut = true;
		sv->shut_slow++;
		if (cn->pr)
			cn->pr->open--;
	}
}

/* The bucket of address a among the player's peers (FNV-1a). */
static peer **peer_bucket(server *sv, const addr *a)
{
	uint32_t h = 2166136261u ^ (uint32_t)a->family;
	for (size_t i = 0; i < sizeof a->b; i++)
		h = (h ^ a->b[i]) * 16777619u;
	return &sv->peers[h % PEER_BUCKETS];
}

/* The record of address a, made if it has none (NULL when out of memory:
 * its connection is then not counted), one more connection counted.
 * Under cmu. */
static peer *peer_add(server *sv, const addr *a)
{
	peer **b = peer_bucket(sv, a), *p = *b;
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
static void peer_drop(server *sv, peer *p, bool shut)
{
	if (!shut)
		p->open--;
	if (--p->conns > 0)
		return;
	peer **b = peer_bucket(sv, &p->a);
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
static void make_room(server *sv)
{
	double now = gl_now();
	int open = sv->nconns;
	for (conn *o = sv->first; o && open > sv->cap - CONN_RESERVE; o = o->next)
		if (conn_spare(o, now)) {
			conn_shut(sv, o);
			open--;
		}
}

/* Past --per-ip connections from p's address (all addresses' when p is
 * NULL), close that address's oldest ones still sending their request
 * and over YOUNG_S old, as make_room does for the cap: slow clients
 * sharing the manager's address take no place from its new connections.
 * Under cmu. */
static void make_room_per_ip(server *sv, const peer *p)
{
	if (!sv->per_ip || (p && p->open <= sv->per_ip))
		return;
	double now = gl_now();
	for (conn *o = sv->first; o; o = o->next)
		if (o->pr && (!p || o->pr == p) && o->pr->open > sv->per_ip &&
		    conn_spare(o, now))
			conn_shut(sv, o);
}

/* Track connections, making room as they come. */
static void on_connection(void *cls, struct MHD_Connection *c, void **sctx,
	enum MHD_ConnectionNotificationCode code)
{
	server *sv = cls;
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
		pthread_mutex_lock(&sv->cmu);
		cn->pr = peer_add(sv, &a);
		cn->prev = sv->last;
		if (sv->last)
			sv->last->next = cn;
		else
			sv->first = cn;
		sv->last = cn;
		sv->nconns++;
		if (cn->pr)
			make_room_per_ip(sv, cn->pr);
		make_room(sv);
		pthread_mutex_unlock(&sv->cmu);
	} else if (*sctx) {
		conn *cn = *sctx;
		pthread_mutex_lock(&sv->cmu);
		if (cn->prev)
			cn->prev->next = cn->next;
		else
			sv->first = cn->next;
		if (cn->next)
			cn->next->prev = cn->prev;
		else
			sv->last = cn->prev;
		sv->nconns--;
		if (cn->pr)
			peer_drop(sv, cn->pr, cn->shut);
		pthread_mutex_unlock(&sv->cmu);
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
static enum MHD_Result answer(server *sv, struct MHD_Connection *c,
	request *rq, int rc, const gl_err *err)
{
	(void)sv;
	if (rc) {
		char text[GGP_REPLY_MAX];
		snprintf(text, sizeof text, "error %s", err->msg);
		logf_line("%s %s%s -> %s", rq->method, rq->head, rq->more, text);
		return send_text(c, rq->g.forbidden ? MHD_HTTP_FORBIDDEN :
			MHD_HTTP_BAD_REQUEST, text);
	}
	logf_line("%s %s%s -> %s%s%s (%.3f s)", rq->method, rq->head, rq->more,
		rq->g.reply, rq->g.note[0] ? " " : "", rq->g.note,
		gl_now() - rq->g.arrived);
	return send_text(c, MHD_HTTP_OK, rq->g.reply);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
	const char *url, const char *method, const char *version,
	const char *upload, size_t *upload_size, void **ctx)
{
	(void)version;
	server *sv = cls;
	request *rq = *ctx;
	if (!rq) /* on_uri could not allocate it */
		return MHD_NO;
	if (!rq->seen) { /* the headers are in */
		rq->seen = true;
		rq->g.arrived = conn_began(sv, conn_of(c));
		rq->g.rtt = conn_rtt(c);
		const union MHD_ConnectionInfo *ai = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		rq->from = addr_of(ai ? ai->client_addr : NULL);
		addr_text(&rq->from, rq->g.from, sizeof rq->g.from);
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
		conn_stage(sv, conn_of(c), C_BODY);
		if (rq->bad_header) {
			logf_line("%.20s refused: a repeated Content-Length, or a NUL or "
				"unusual white space in a header", method);
			return send_text(c, MHD_HTTP_BAD_REQUEST, "error bad header");
		}
		return MHD_YES;
	}
	if (rq->g.answered) /* a PLAY or START the player answered later */
		return answer(sv, c, rq, rq->g.rc, &rq->g.err);
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
		    atomic_fetch_add(&sv->bodies, charge) + charge > BODIES_MAX)) {
			if (rq->len + add <= BODY_MAX)
				atomic_fetch_sub(&sv->bodies, charge);
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
	conn_stage(sv, conn_of(c), C_ANSWER);
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
	rq->g.conn = c;
	int rc = ggp_player_handle(sv->pl, &rq->g, msg, len, &err);
	if (rc == 1) /* suspended: the player resumes it with its answer */
		return MHD_YES;
	return answer(sv, c, rq, rc, &err);
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
	server *sv = cls;
	request *rq = *ctx;
	conn_stage(sv, conn_of(c), C_HEADERS); /* the next request's clock */
	if (!rq)
		return;
	ggp_player_sent(sv->pl, &rq->g);
	atomic_fetch_sub(&sv->bodies, rq->counted);
	gl_free(rq->body);
	gl_free(rq);
	*ctx = NULL;
}

/* The clock thread's turn: the player's (a START or PLAY whose time has
 * come answered, pondering, expiry), then slow connections shut. */
static void tick(server *sv, double *logged)
{
	ggp_player_tick(sv->pl);
	double now = gl_now();
	pthread_mutex_lock(&sv->cmu);
	for (conn *cn = sv->first; cn; cn = cn->next)
		if ((cn->stage == C_HEADERS && now - cn->since > HEADER_S) ||
		    (cn->stage == C_BODY && now - cn->since > BODY_S))
			conn_shut(sv, cn);
	/* the young ones spared at their arrival have aged */
	make_room_per_ip(sv, NULL);
	make_room(sv);
	long shut = 0;
	int open = sv->nconns;
	if (sv->shut_slow && now - *logged >= 1) {
		shut = sv->shut_slow;
		sv->shut_slow = 0;
		*logged = now;
	}
	pthread_mutex_unlock(&sv->cmu);
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
	static server sv; /* large (the peers' table); one per process */
	ggp_config cfg = {.extra_agents = cli_ggp_types, .arg = &sv,
		.log = on_player_log, .admit = admit, .suspend = on_suspend,
		.resume = on_resume};
	cli_args opt;
	cli_parse(&cli_ggp_serve_spec, argc, argv, &opt);
	int port = (int)cli_long(&opt, "port", 0, 65535);
	sv.per_ip = (int)cli_long(&opt, "per-ip", 0, CONN_MAX);
	cfg.max_clock = (int)cli_long(&opt, "max-clock", 1, CLOCK_MAX);
	int want_cap = (int)cli_long(&opt, "connections", 2 * CONN_RESERVE, CONN_MAX);
	const char *bind_to = cli_str(&opt, "bind");
	cfg.name = cli_str(&opt, "name");
	cfg.agent_spec = cli_given(&opt, "agent") ? cli_str(&opt, "agent") : NULL;
	cfg.live_dir = cli_given(&opt, "live") ? cli_str(&opt, "live") : NULL;
	if (cfg.live_dir)
		cli_check_out("ggp serve --live", cfg.live_dir, true);
	sv.max_matches = (int)cli_long(&opt, "max-matches", 0, 1000000);
	cfg.seed = (uint64_t)cli_long(&opt, "seed", 0, INT64_MAX);
	cfg.hold_compile = cli_real(&opt, "hold-compile", 0, CLOCK_MAX);
	for (const char *c = cfg.name; *c; c++)
		if (is_space(*c) || *c == '(' || *c == ')')
			cli_die(EXIT_USAGE, "ggp serve: --name must be one symbol");
	struct sockaddr_storage sa;
	bool v6;
	if (!bind_address(bind_to, port, &sa, &v6))
		cli_die(EXIT_USAGE, "ggp serve: --bind '%s' is not an IPv4 or IPv6 "
			"address", bind_to);
	const char *allow[CLI_ARGS_MAX];
	sv.nallow = cli_all(&opt, "allow", allow);
	char allowed[300] = "any address"; /* for the log */
	size_t at = 0;
	for (int i = 0; i < sv.nallow; i++) {
		if (!net_parse(allow[i], &sv.allow[i]))
			cli_die(EXIT_USAGE, "ggp serve: --allow '%s' is not an address: "
				"give ADDR or ADDR/BITS, IPv4 or IPv6", allow[i]);
		if (sv.allow[i].a.family == AF_INET6 && !v6)
			cli_die(EXIT_USAGE, "ggp serve: --allow '%s' is IPv6 but the "
				"player listens on IPv4 (--bind %s)", allow[i], bind_to);
		if (at + strlen(allow[i]) + 8 < sizeof allowed)
			at += (size_t)snprintf(allowed + at, sizeof allowed - at, "%s%s",
				i ? ", " : "", allow[i]);
		else if (at + 6 < sizeof allowed && allowed[at - 1] != '.')
			at += (size_t)snprintf(allowed + at, sizeof allowed - at, ", ...");
	}
	if (cfg.agent_spec) { /* check the spec on the built-in ticTacToe */
		gl_game *g = cli_game("gdl");
		gl_err err = {0};
		gl_agent *a = cli_ggp_agent(cfg.agent_spec, g, &err);
		gl_game_free(g);
		if (!a)
			cli_die(EXIT_USAGE, "ggp serve: --agent: %s", err.msg);
		gl_agent_free(a);
	}
	gl_err err = {0};
	if (!(sv.pl = ggp_player_new(&cfg, &err)))
		cli_die(EXIT_RUN, "ggp serve: %s", err.msg);
	pthread_mutex_init(&sv.cmu, NULL);
	/* our limit, and libmicrohttpd's HARD_FACTOR times higher, as open
	 * files allow */
	struct rlimit rl;
	sv.cap = want_cap;
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
		if (sv.cap > hard / 2)
			sv.cap = hard / 2;
	}
	/* libmicrohttpd refuses connections from one address only past
	 * IP_HARD_FACTOR times ours (at most half its own limit): below
	 * that, ours closes the address's oldest slow ones instead */
	int per_ip_hard = sv.per_ip * IP_HARD_FACTOR < hard / 2 ?
		sv.per_ip * IP_HARD_FACTOR : hard / 2;
	if (!sv.per_ip)
		per_ip_hard = 0;
	unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME |
		MHD_USE_ERROR_LOG | (v6 ? MHD_USE_IPv6 : 0);
	struct MHD_Daemon *d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL,
		on_request, &sv,
		MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, &sv, /* first: all its messages */
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
		MHD_OPTION_THREAD_POOL_SIZE, (unsigned)POOL,
		MHD_OPTION_URI_LOG_CALLBACK, on_uri, &sv,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, &sv,
		MHD_OPTION_NOTIFY_CONNECTION, on_connection, &sv,
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
	if (sv.per_ip)
		snprintf(per, sizeof per, "%d per address (then its oldest slow "
			"one closed; %d at most)", sv.per_ip, per_ip_hard);
	logf_line("player %s listening on port %d of %s, %d connections, %s, "
		"matches started by %s, clocks up to %d s (agent %s)", cfg.name,
		info ? (int)info->port : port, bind_to, sv.cap, per, allowed,
		cfg.max_clock, cfg.agent_spec ? cfg.agent_spec : ggp_default_agent());
	if (cfg.hold_compile > 0)
		logf_line("every compile held %.3f s at least (--hold-compile, for "
			"tests)", cfg.hold_compile);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
	double logged = 0;
	while (!interrupted && (sv.max_matches == 0 ||
	       ggp_player_finished(sv.pl) < sv.max_matches)) {
		struct timespec ts = {0, 5 * 1000 * 1000};
		nanosleep(&ts, NULL);
		tick(&sv, &logged);
	}
	ggp_player_close(sv.pl);
	MHD_stop_daemon(d);
	logf_line("stopped after %d matches", ggp_player_finished(sv.pl));
	ggp_player_free(sv.pl);
	return 0;
}

const cli_command cli_ggp_subs[] = {
	{"serve", NULL, NULL, NULL, NULL, &cli_ggp_serve_spec},
	{"match", NULL, NULL, NULL, NULL, &cli_ggp_match_spec},
	{NULL, NULL, NULL, NULL, NULL, NULL}
};

int cmd_ggp(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: gamelearn ggp serve|match [options] (gamelearn ggp "
			"--help for both)\n");
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		/* what `help ggp` shows: each subcommand, its line and usage */
		printf("usage: gamelearn ggp serve|match [options]\n");
		for (const cli_command *s = cli_ggp_subs; s->name; s++) {
			char buf[1024];
			printf("  %-16s %s\n  %-16s %s\n", s->name, cli_command_help(s), "",
				cli_command_usage(s, buf, sizeof buf));
		}
		printf("(gamelearn ggp SUBCOMMAND --help for its options)\n");
		return 0;
	}
	if (strcmp(argv[1], "serve") == 0)
		return ggp_serve(argc - 1, argv + 1);
	if (strcmp(argv[1], "match") == 0)
		return cmd_ggp_match(argc - 1, argv + 1);
	cli_die(EXIT_USAGE, "ggp: unknown subcommand '%s' (serve, match)", argv[1]);
}
