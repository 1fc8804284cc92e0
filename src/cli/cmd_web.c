/*
 * cmd_web.c - `gamelearn web [--port 8080] [--bind ADDR] [--data DIR]`:
 * the web page on libmicrohttpd. It serves the page's files compiled into
 * the binary (web_assets.c, made from web/ by cmake/embed.cmake), the
 * JSON API under /api/ (web_api.c), and the files under --data that the
 * page shows (CSV and SVG results, match records) under /data/, every
 * path confined to that folder. One thread per connection, so that an
 * agent thinking in one session does not hold up the others; slow
 * clients are kept from taking the connections by web_guard.c.
 *
 * It answers only its own page: any other web page the user visits can
 * make the browser send requests here, so a request whose Host is not
 * the address served, a loopback name or a --host (a name an attacker's
 * DNS points here: "DNS rebinding"), or whose Origin is another site's,
 * is refused (403), and a request under /api/ that may change something
 * must say its body is JSON (a cross-site form cannot; 415).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#define _DEFAULT_SOURCE   /* strncasecmp */
#include "cli.h"
#include "web.h"

#include "gamelearn/fileio.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
	BODY_MAX = 64 * 1024,       /* largest request body */
	DATA_FILE_MAX = 8 << 20,    /* largest file served from --data */
	/* connections at once (a thread each), from one address at most (a
	 * client holding slow connections open cannot take them all: past
	 * these the oldest still sending a request are shut, web_guard.c),
	 * libmicrohttpd's own limits (which refuse) this many times higher,
	 * and the seconds one may stay silent */
	WEB_CONNECTIONS = 256, WEB_PER_IP = 32, WEB_HARD_FACTOR = 4, WEB_IDLE_S = 20,
	HOSTS_MAX = 16               /* --host names */
};

/* What the request handler knows of the server. */
typedef struct server {
	const char *data;            /* the --data folder, or NULL */
	char bind[INET_ADDRSTRLEN];  /* the address served (--bind) */
	bool any;                    /* bound to 0.0.0.0 */
	atomic_uint port;            /* the port served, once known */
	const char *hosts[CLI_ARGS_MAX]; /* --host names */
	int nhosts;
	web_guard *guard;
} server;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* --- HTTP ------------------------------------------------------------------------ */

typedef struct request {
	char *body;  /* the body so far, NUL-terminated */
	size_t len;
	bool too_big;
} request;

static enum MHD_Result send_bytes(struct MHD_Connection *c, unsigned status,
	const char *mime, const void *data, size_t len, enum MHD_ResponseMemoryMode mode)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)data,
		mode);
	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, "Content-Type", mime);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	enum MHD_Result ok = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result send_reply(struct MHD_Connection *c, web_reply *rp)
{
	char *text = json_dumps(rp->body, JSON_COMPACT);
	json_decref(rp->body);
	rp->body = NULL;
	if (!text)
		return send_bytes(c, 500, "application/json", "{\"error\":\"out of memory\"}",
			25, MHD_RESPMEM_PERSISTENT);
	size_t n = strlen(text);
	enum MHD_Result ok = send_bytes(c, rp->status, "application/json", text, n,
		MHD_RESPMEM_MUST_COPY);
	free(text);
	return ok;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status,
	const char *msg)
{
	web_reply rp = {0};
	web_error(&rp, status, "%s", msg);
	return send_reply(c, &rp);
}

static const char *mime_of(const char *path)
{
	static const struct {
		const char *ext, *mime;
	} types[] = {
		{".svg", "image/svg+xml"}, {".csv", "text/csv; charset=utf-8"},
		{".json", "application/json"}, {".txt", "text/plain; charset=utf-8"},
		{".kif", "text/plain; charset=utf-8"}, {".png", "image/png"},
	};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		const char *const one[] = {types[i].ext, NULL};
		if (web_has_ext(path, one))
			return types[i].mime;
	}
	return NULL;
}

/* GET /data/REL: a file under --data, its real path inside the folder. */
static enum MHD_Result serve_data(struct MHD_Connection *c, const char *data,
	const char *rel)
{
	if (!data)
		return send_error(c, 404, "the server has no --data folder");
	if (!web_safe_rel(rel))
		return send_error(c, 403, "path refused: it must stay inside the data folder");
	const char *mime = mime_of(rel);
	if (!mime)
		return send_error(c, 403, "only .svg .csv .json .txt .kif .png files are served");
	char path[PATH_MAX * 2], real[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", data, rel);
	size_t dl = strlen(data);
	if (!realpath(path, real))
		return send_error(c, 404, "no such file in the data folder");
	if (strncmp(real, data, dl) || real[dl] != '/')
		return send_error(c, 403, "path refused: it leads out of the data folder");
	struct stat st; /* a pipe would hold the thread until written to */
	if (stat(real, &st) || !S_ISREG(st.st_mode))
		return send_error(c, 404, "not a file in the data folder");
	char *text = NULL;
	size_t len = 0;
	gl_err err = {0};
	if (gl_read_file(real, DATA_FILE_MAX, &text, &len, &err))
		return send_error(c, err.code == GL_ERANGE ? 413 : 404, err.msg);
	enum MHD_Result ok = send_bytes(c, 200, mime, text, len, MHD_RESPMEM_MUST_COPY);
	gl_free(text);
	return ok;
}

/* Whether h (n bytes, no port) is a name this server answers to: the
 * address served, a loopback name (localhost, 127.x.x.x, [::1]), a --host,
 * or with --bind 0.0.0.0 the local address the connection came to (an
 * IP literal: a rebinding attacker's page is reached by a name). */
static bool host_name_ok(const server *sv, struct MHD_Connection *c,
	const char *h, size_t n)
{
	char name[256];
	if (n == 0 || n >= sizeof name)
		return false;
	memcpy(name, h, n);
	name[n] = '\0';
	struct in_addr a;
	if (!strcasecmp(name, "localhost") || !strcmp(name, "[::1]") ||
	    !strcmp(name, sv->bind) ||
	    (inet_pton(AF_INET, name, &a) == 1 && (ntohl(a.s_addr) >> 24) == 127))
		return true;
	for (int i = 0; i < sv->nhosts; i++)
		if (!strcasecmp(name, sv->hosts[i]))
			return true;
	if (sv->any && inet_pton(AF_INET, name, &a) == 1) {
		const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c,
			MHD_CONNECTION_INFO_CONNECTION_FD);
		struct sockaddr_in local;
		socklen_t len = sizeof local;
		if (ci && !getsockname(ci->connect_fd, (struct sockaddr *)&local, &len) &&
		    local.sin_family == AF_INET && local.sin_addr.s_addr == a.s_addr)
			return true;
	}
	return false;
}

/* Whether a Host header is this server's: a name host_name_ok() takes,
 * with the port served if it has one. */
static bool host_ok(const server *sv, struct MHD_Connection *c, const char *host)
{
	const char *colon = host[0] == '[' ? strchr(host, ']') : host;
	if (!colon)
		return false;
	colon = strchr(colon, ':');
	size_t n = colon ? (size_t)(colon - host) : strlen(host);
	if (colon) {
		char *end;
		unsigned long p = strtoul(colon + 1, &end, 10);
		if (!colon[1] || *end || colon[1] < '0' || colon[1] > '9' ||
		    p != atomic_load(&sv->port))
			return false;
	}
	return host_name_ok(sv, c, host, n);
}

/* Whether a Content-Type is JSON's: application/json, with parameters
 * (; charset=utf-8) or not. */
static bool is_json_type(const char *ct)
{
	if (!ct)
		return false;
	ct += strspn(ct, " \t");
	if (strncasecmp(ct, "application/json", 16))
		return false;
	ct += 16;
	ct += strspn(ct, " \t");
	return *ct == '\0' || *ct == ';';
}

/* Counts the Host and Origin headers of a request (a second of either is
 * refused: which one would a proxy or a browser have meant?). */
static enum MHD_Result count_header(void *cls, enum MHD_ValueKind kind,
	const char *key, const char *value)
{
	int *n = cls;
	(void)kind;
	(void)value;
	n[0] += !strcasecmp(key, "Host");
	n[1] += !strcasecmp(key, "Origin");
	return MHD_YES;
}

/* The checks every request passes before anything else: its Host, its
 * Origin, and under /api/ the Content-Type of one that may change
 * something. NULL, or the refusal's status in *status and its reason. */
static const char *refused(const server *sv, struct MHD_Connection *c,
	const char *url, const char *method, unsigned *status)
{
	int n[2] = {0, 0};
	MHD_get_connection_values(c, MHD_HEADER_KIND, count_header, n);
	const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
	const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
	*status = 403;
	if (n[0] > 1 || n[1] > 1)
		return "more than one Host or Origin header";
	if (!host)
		return "no Host header";
	if (!host_ok(sv, c, host))
		return "Host refused: this server answers to the address it serves, "
			"a loopback name or a --host name (a name pointed here by "
			"another site's DNS is refused)";
	if (origin && (strncasecmp(origin, "http://", 7) || strcasecmp(origin + 7, host)))
		return "Origin refused: only the page's own origin may send requests here";
	if (!strncmp(url, "/api/", 5) && strcmp(method, "GET") &&
	    strcmp(method, "HEAD") && strcmp(method, "OPTIONS") &&
	    !is_json_type(MHD_lookup_connection_value(c, MHD_HEADER_KIND,
		"Content-Type"))) {
		*status = 415;
		return "Content-Type must be application/json for a request that "
			"changes something (a form on another site cannot send it)";
	}
	return NULL;
}

/* The client's address as text, for the per-address cap on sessions. */
static void client_of(struct MHD_Connection *c, char *out, size_t n)
{
	const union MHD_ConnectionInfo *ai = MHD_get_connection_info(c,
		MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	snprintf(out, n, "?");
	if (ai && ai->client_addr && ai->client_addr->sa_family == AF_INET)
		inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)
			ai->client_addr)->sin_addr, out, (socklen_t)n);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
	const char *url, const char *method, const char *version,
	const char *upload, size_t *upload_size, void **ctx)
{
	server *sv = cls;
	const char *data = sv->data;
	(void)version;
	request *rq = *ctx;
	if (!rq) { /* the headers are in */
		if (!(rq = gl_calloc(1, sizeof *rq)))
			return MHD_NO;
		*ctx = rq;
		web_guard_stage(sv->guard, c, WEB_BODY);
		unsigned status;
		const char *why = refused(sv, c, url, method, &status);
		if (why)
			return send_error(c, status, why);
		return MHD_YES;
	}
	if (*upload_size) {
		size_t n = *upload_size;
		*upload_size = 0;
		if (rq->too_big || rq->len + n > BODY_MAX) {
			rq->too_big = true;
			return MHD_YES;
		}
		char *b = gl_realloc(rq->body, rq->len + n + 1);
		if (!b)
			return MHD_NO;
		memcpy(b + rq->len, upload, n);
		rq->body = b;
		rq->len += n;
		rq->body[rq->len] = '\0';
		return MHD_YES;
	}
	web_guard_stage(sv->guard, c, WEB_ANSWER);
	if (rq->too_big)
		return send_error(c, 413, "request body over 64 KiB");
	if (!strncmp(url, "/api/", 5)) {
		if (rq->body && strlen(rq->body) != rq->len)
			return send_error(c, 400, "bad JSON: the body holds a NUL byte");
		char client[INET_ADDRSTRLEN];
		client_of(c, client, sizeof client);
		web_reply rp = {0};
		web_api(method, url + 4, rq->body ? rq->body : "", client, &rp);
		return send_reply(c, &rp);
	}
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return send_error(c, 405, "only GET here; the API is under /api/");
	if (!strncmp(url, "/data/", 6))
		return serve_data(c, data, url + 6);
	const char *file = !strcmp(url, "/") ? "/index.html" : url;
	for (const web_asset *a = web_assets; a->path; a++)
		if (!strcmp(a->path, file))
			return send_bytes(c, 200, a->mime, a->data, a->len,
				MHD_RESPMEM_PERSISTENT);
	return send_error(c, 404, "no such page");
}

static void on_completed(void *cls, struct MHD_Connection *c, void **ctx,
	enum MHD_RequestTerminationCode code)
{
	server *sv = cls;
	(void)code;
	web_guard_stage(sv->guard, c, WEB_HEADERS); /* the next request's clock */
	request *rq = *ctx;
	if (rq) {
		gl_free(rq->body);
		gl_free(rq);
		*ctx = NULL;
	}
}

static const cli_opt web_opts[] = {
	{"port", "N", "8080", "TCP port (0: any free port; the one chosen is printed)", 0},
	{"bind", "ADDR", "127.0.0.1", "IPv4 address to listen on (0.0.0.0: every interface)", 0},
	{"data", "DIR", NULL, "folder of learners' memories, GDL games (*.kif) and results (CSV, SVG) the page shows", 0},
	{"host", "NAME", NULL, "a name the server is reached by on a network, besides its address and loopback names (requests naming another Host are refused)", 1},
	{"sessions", "N", "64", "games held at once (a new one drops those idle past --expire)", 0},
	{"sessions-per-address", "N", NULL, "sessions one client address may hold (default: a quarter of --sessions)", 0},
	{"agent-memory", "MB", "4096", "memory all sessions' agents may hold together, in MB", 0},
	{"expire", "S", "1800", "seconds a game may stay idle before it may be dropped", 0},
	{"move-time", "S", "1", "seconds an agent is given for a move (its time parameter)", 0},
	{NULL, NULL, NULL, NULL, 0}
};

const cli_spec cli_web_spec = {
	"web", "", 0, 0, "serve the web page: play, teach a learner, watch agents, see results",
	web_opts,
	{"gamelearn web --data web-data",
	 "gamelearn web --port 0 --bind 127.0.0.1 --data out"}
};

int cmd_web(int argc, char **argv)
{
	cli_args opt;
	cli_parse(&cli_web_spec, argc, argv, &opt);
	int port = (int)cli_long(&opt, "port", 0, 65535);
	const char *bind_to = cli_str(&opt, "bind");
	web_config cfg = {
		.data = NULL,
		.max_sessions = (int)cli_long(&opt, "sessions", 1, 1024),
		.agent_mb = cli_real(&opt, "agent-memory", 1, 1 << 20),
		.expire_s = cli_real(&opt, "expire", 0, 1e9),
		.move_s = cli_real(&opt, "move-time", 0.05, 10),
	};
	cfg.per_address = cli_given(&opt, "sessions-per-address") ?
		(int)cli_long(&opt, "sessions-per-address", 1, cfg.max_sessions) :
		(cfg.max_sessions + 3) / 4;
	static server sv; /* lives as long as the daemon */
	sv.nhosts = cli_all(&opt, "host", sv.hosts);
	if (sv.nhosts > HOSTS_MAX)
		cli_die(EXIT_USAGE, "web: at most %d --host names", HOSTS_MAX);
	for (int i = 0; i < sv.nhosts; i++)
		if (!sv.hosts[i][0] || strpbrk(sv.hosts[i], ":/ \t"))
			cli_die(EXIT_USAGE, "web: --host wants a name without port, "
				"got '%s'", sv.hosts[i]);
	char data[PATH_MAX];
	if (cli_given(&opt, "data")) {
		const char *d = cli_str(&opt, "data");
		struct stat st;
		if (stat(d, &st) && mkdir(d, 0777))
			cli_die(EXIT_RUN, "web: cannot make --data folder %s", d);
		if (!realpath(d, data) || stat(data, &st) || !S_ISDIR(st.st_mode))
			cli_die(EXIT_RUN, "web: --data %s is not a folder", d);
		if (strpbrk(data, ",=:"))
			cli_die(EXIT_USAGE, "web: --data %s: a folder whose path holds "
				"',', '=' or ':' cannot name its GDL files in a game spec",
				data);
		/* the folders the recipes of the README and docs/WEB.md write
		 * into, made now so that they work as written: `ggp match --live
		 * DIR/matches` (another process, which makes no folder), and
		 * those the page itself fills, memory/ and experiments/ */
		static const char *const sub[] = {"matches", "memory", "experiments"};
		for (size_t i = 0; i < sizeof sub / sizeof sub[0]; i++) {
			char p[PATH_MAX + 16];
			snprintf(p, sizeof p, "%s/%s", data, sub[i]);
			if (mkdir(p, 0777) && errno != EEXIST)
				cli_die(EXIT_RUN, "web: cannot make %s: %s", p, strerror(errno));
		}
		cfg.data = data;
	}
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	if (inet_pton(AF_INET, bind_to, &sa.sin_addr) != 1)
		cli_die(EXIT_USAGE, "web: --bind wants an IPv4 address, got '%s'", bind_to);
	inet_ntop(AF_INET, &sa.sin_addr, sv.bind, sizeof sv.bind);
	sv.any = sa.sin_addr.s_addr == htonl(INADDR_ANY);
	sv.data = cfg.data;
	atomic_init(&sv.port, (unsigned)port);
	/* libmicrohttpd's limit, which refuses, above ours, which shuts the
	 * oldest slow connections; within the open files allowed */
	unsigned hard = WEB_HARD_FACTOR * WEB_CONNECTIONS;
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < hard + 64) {
		rl.rlim_cur = rl.rlim_max < hard + 64 ? rl.rlim_max : hard + 64;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
		if (rl.rlim_cur < hard + 64)
			hard = rl.rlim_cur > 64 + 2 * WEB_CONNECTIONS ?
				(unsigned)rl.rlim_cur - 64 : 2 * WEB_CONNECTIONS;
	}
	if (!(sv.guard = web_guard_new(WEB_CONNECTIONS, WEB_PER_IP)))
		cli_die(EXIT_RUN, "web: out of memory or threads");
	web_util_init(cfg.data);
	web_api_init(&cfg);
	signal(SIGPIPE, SIG_IGN);
	struct MHD_Daemon *d = MHD_start_daemon(
		MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
		MHD_USE_ERROR_LOG, (uint16_t)port, NULL, NULL, on_request, &sv,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, &sv,
		MHD_OPTION_NOTIFY_CONNECTION, web_guard_notify, sv.guard,
		MHD_OPTION_CONNECTION_LIMIT, hard,
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)(WEB_HARD_FACTOR * WEB_PER_IP),
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)WEB_IDLE_S,
		MHD_OPTION_END);
	if (!d)
		cli_die(EXIT_RUN, "web: cannot listen on %s port %d", bind_to, port);
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(d,
		MHD_DAEMON_INFO_BIND_PORT);
	if (info)
		atomic_store(&sv.port, (unsigned)info->port);
	printf("gamelearn web: http://%s:%u/ (data: %s)\n", bind_to,
		atomic_load(&sv.port), cfg.data ? cfg.data : "none");
	fflush(stdout);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	while (!interrupted)
		pause();
	MHD_stop_daemon(d);
	web_guard_free(sv.guard);
	web_api_done();
	return 0;
}
