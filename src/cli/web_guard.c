/*
 * web_guard.c - keeps slow clients from taking `gamelearn web` from its
 * user: every connection is tracked (in accept order, with its address
 * and the stage of its request), and
 *
 * - a request's headers must arrive within WEB_HEADER_S of the
 *   connection's start (or of its previous request's end, on a connection
 *   kept open), and its body within WEB_BODY_S of its headers: a clock
 *   thread shuts a connection past either, however many bytes it trickles;
 * - past the cap on connections less WEB_RESERVE, a new connection shuts
 *   the oldest ones still sending a request (over WEB_YOUNG_S old), never
 *   one being answered, so that slow clients from other addresses cannot
 *   hold every place;
 * - an address past its own cap shuts its own oldest connection still
 *   sending a request, rather than being refused the new one, so that
 *   slow clients from the user's own address cannot shut the user out.
 *
 * libmicrohttpd's own limits, which refuse connections, are set higher
 * (WEB_HARD_FACTOR times these) by cmd_web.c. The same scheme as `ggp
 * serve`'s (cmd_ggp.c: conn_stage, conn_shut, make_room and its clock
 * thread), for a server with a thread per connection.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep, shutdown */
#include "cli.h"
#include "web.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#define WEB_HEADER_S 10.0 /* a request's headers arrive within this, s */
#define WEB_BODY_S 20.0   /* and its body within this of its headers */
#define WEB_YOUNG_S 1.0   /* a connection this young is not shut for room */
#define WEB_TICK_S 0.2    /* the clock thread's period */

/* A connection, tracked to shut it when its request is too slow. */
typedef struct conn {
	struct conn *prev, *next; /* in accept order */
	int fd;
	uint32_t addr;    /* its client's IPv4 address (network order) */
	int stage;        /* WEB_HEADERS, WEB_BODY or WEB_ANSWER */
	double since;     /* gl_now() when the stage began */
	double opened;    /* gl_now() at accept */
	bool shut;        /* shut down by us already */
} conn;

struct web_guard {
	pthread_mutex_t mu;  /* guards the list and every record in it */
	conn *first, *last;
	int cap, per_ip;     /* ours: past these, the oldest are shut */
	atomic_bool stop;    /* the clock thread ends */
	pthread_t clock;
};

/* Shut cn down (libmicrohttpd then closes it). Under the guard's mu: the record is
 * unlinked under mu when libmicrohttpd notifies the close, which it does
 * before it closes the socket, so fd is still this connection's. */
static void conn_shut(conn *cn)
{
	if (!cn->shut) {
		shutdown(cn->fd, SHUT_RDWR);
		cn->shut = true;
	}
}

/* Room for the new connection cn (under mu): past per_ip connections
 * from its address, its address's oldest still sending a request; past
 * cap - WEB_RESERVE in all, the oldest still sending one and over
 * WEB_YOUNG_S old. Never one being answered, never cn itself. */
static void make_room(web_guard *g, conn *cn)
{
	double now = gl_now();
	int mine = 0;
	for (conn *o = g->first; o; o = o->next)
		mine += o->addr == cn->addr && !o->shut;
	for (conn *o = g->first; o && mine > g->per_ip; o = o->next)
		if (o != cn && o->addr == cn->addr && !o->shut &&
		    o->stage != WEB_ANSWER) {
			conn_shut(o);
			mine--;
		}
	int open = 0;
	for (conn *o = g->first; o; o = o->next)
		open += !o->shut;
	for (conn *o = g->first; o && open > g->cap - WEB_RESERVE; o = o->next)
		if (o != cn && !o->shut && o->stage != WEB_ANSWER &&
		    now - o->opened > WEB_YOUNG_S) {
			conn_shut(o);
			open--;
		}
}

/* The clock thread: shut the connections past their stage's deadline. */
static void *clock_main(void *arg)
{
	web_guard *g = arg;
	struct timespec tick = {0, (long)(WEB_TICK_S * 1e9)};
	while (!atomic_load(&g->stop)) {
		nanosleep(&tick, NULL);
		double now = gl_now();
		pthread_mutex_lock(&g->mu);
		for (conn *cn = g->first; cn; cn = cn->next)
			if ((cn->stage == WEB_HEADERS && now - cn->since > WEB_HEADER_S) ||
			    (cn->stage == WEB_BODY && now - cn->since > WEB_BODY_S))
				conn_shut(cn);
		pthread_mutex_unlock(&g->mu);
	}
	return NULL;
}

web_guard *web_guard_new(int cap, int per_ip)
{
	web_guard *g = gl_calloc(1, sizeof *g);
	if (!g)
		return NULL;
	pthread_mutex_init(&g->mu, NULL);
	g->cap = cap;
	g->per_ip = per_ip;
	atomic_init(&g->stop, false);
	if (pthread_create(&g->clock, NULL, clock_main, g)) {
		pthread_mutex_destroy(&g->mu);
		gl_free(g);
		return NULL;
	}
	return g;
}

void web_guard_free(web_guard *g)
{
	if (!g)
		return;
	atomic_store(&g->stop, true);
	pthread_join(g->clock, NULL);
	for (conn *cn = g->first, *next; cn; cn = next) {
		next = cn->next;
		gl_free(cn);
	}
	pthread_mutex_destroy(&g->mu);
	gl_free(g);
}

void web_guard_notify(void *cls, struct MHD_Connection *c, void **sctx,
	enum MHD_ConnectionNotificationCode code)
{
	web_guard *g = cls;
	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *fi = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CONNECTION_FD);
		const union MHD_ConnectionInfo *ai = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		conn *cn = fi ? gl_calloc(1, sizeof *cn) : NULL;
		*sctx = cn;
		if (!cn)
			return;
		cn->fd = fi->connect_fd;
		if (ai && ai->client_addr && ai->client_addr->sa_family == AF_INET)
			cn->addr = ((const struct sockaddr_in *)(const void *)
				ai->client_addr)->sin_addr.s_addr;
		cn->stage = WEB_HEADERS;
		cn->since = cn->opened = gl_now();
		pthread_mutex_lock(&g->mu);
		cn->prev = g->last;
		if (g->last)
			g->last->next = cn;
		else
			g->first = cn;
		g->last = cn;
		make_room(g, cn);
		pthread_mutex_unlock(&g->mu);
	} else if (*sctx) {
		conn *cn = *sctx;
		pthread_mutex_lock(&g->mu);
		if (cn->prev)
			cn->prev->next = cn->next;
		else
			g->first = cn->next;
		if (cn->next)
			cn->next->prev = cn->prev;
		else
			g->last = cn->prev;
		pthread_mutex_unlock(&g->mu);
		gl_free(cn);
		*sctx = NULL;
	}
}

void web_guard_stage(web_guard *g, struct MHD_Connection *c, int stage)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
		MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	conn *cn = ci ? ci->socket_context : NULL;
	if (!cn)
		return;
	pthread_mutex_lock(&g->mu);
	cn->stage = stage;
	cn->since = gl_now();
	pthread_mutex_unlock(&g->mu);
}
