/*
 * web.h - what the parts of `gamelearn web` share: the page's files
 * compiled into the binary, the HTTP reply a handler builds, and the
 * sessions of the JSON API (web_api.c).
 */
#ifndef WEB_H
#define WEB_H

#include <jansson.h>
#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

/* One file of the page, compiled in by cmake/embed.cmake (web_assets.c). */
typedef struct web_asset {
	const char *path;          /* "/index.html" */
	const char *mime;          /* its Content-Type */
	const unsigned char *data; /* its bytes */
	size_t len;
} web_asset;

/* The page's files, ending with {NULL}. */
extern const web_asset web_assets[];

/* A reply: a status and a JSON body (owned; web_reply_done frees it). */
typedef struct web_reply {
	unsigned status; /* HTTP status */
	json_t *body;    /* the JSON answer; {"error": reason} on a 4xx/5xx */
} web_reply;

/* The server's settings, fixed when it starts. */
typedef struct web_config {
	const char *data;  /* the --data folder (absolute, resolved), or NULL */
	int max_sessions;  /* sessions held at once */
	int per_address;   /* of them, made from one client address */
	double agent_mb;   /* MB all sessions' agents may hold together */
	double expire_s;   /* a session idle this long may be dropped */
	double move_s;     /* time an agent is given for a move */
} web_config;

/* Set up and tear down the session table (one per process). */
void web_api_init(const web_config *cfg);
void web_api_done(void);

/* Answer one API request: method, the path after "/api" (e.g.
 * "/sessions/ab12/move"), the request body (NUL-terminated, may be
 * empty), and the client's address as text (a new session counts against
 * its cap). Fills *r; never fails otherwise. Thread-safe. */
void web_api(const char *method, const char *path, const char *body,
	const char *client, web_reply *r);

/* --- web_util.c: below the others, called by them all ---------------------- */

/* Note the --data folder (resolved, or NULL) whose path errors must not
 * name; once, as the server starts. data is borrowed for the server's
 * life. */
void web_util_init(const char *data);

/* r as an error: status and a one-line reason (printf-style). */
void web_error(web_reply *r, unsigned status, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* Rewrite msg (NUL-terminated, in place, n bytes of room) so that it
 * names no path of the server's: "DATA/x" becomes "x" and DATA alone
 * "the data folder" (DATA: --data's resolved path). */
void web_scrub(char *msg, size_t n);

/* Whether rel (a path inside --data, '/'-separated, not empty) is safe to
 * join to the data folder: no "..", no empty or "." segment, not
 * absolute, printable characters only. */
int web_safe_rel(const char *rel);

/* Results: the CSV and SVG files under --data (GET /api/results), and
 * the GDL games there (*.kif) for the games list; appended to arr as
 * paths relative to the data folder, sorted. */
void web_list_files(const char *data, const char *const *exts, json_t *arr);

/* Whether name ends with one of exts (NULL-terminated, ".csv"). */
bool web_has_ext(const char *name, const char *const *exts);

/* --- the rest -------------------------------------------------------------- */

/* Experiments (web_exp.c): GET /api/experiments (rest ""), GET
 * /api/experiments/NAME (its run: state, and text and tables when
 * done), POST /api/experiments/NAME/run (a quick run in the background
 * into DATA/experiments/NAME; 202, or 409 while a run goes, 400 without
 * --data). rest is the path after "/experiments". */
void web_exp_api(bool get, bool post, const char *rest, const char *data, web_reply *r);
/* The experiment a results path belongs to (a folder of its name on the
 * way), or NULL. */
const char *web_exp_of(const char *path);
/* Wait for a run still going, and free what the last one kept. */
void web_exp_done(void);

/* The slow-client guard (web_guard.c): connections tracked with their
 * address and their request's stage; one whose headers or body is late
 * is shut, and a new connection past the caps shuts the oldest still
 * sending a request (of its own address first). */
typedef struct web_guard web_guard;
enum { WEB_HEADERS, WEB_BODY, WEB_ANSWER }; /* a request's stages */
enum { WEB_RESERVE = 32 }; /* places kept free below the cap */
/* A guard for cap connections, per_ip from one address, with its clock
 * thread running; NULL when out of memory or threads. */
web_guard *web_guard_new(int cap, int per_ip);
/* Stop its clock thread and free it (after the daemon has stopped). */
void web_guard_free(web_guard *g);
/* libmicrohttpd's MHD_OPTION_NOTIFY_CONNECTION callback (cls: the guard):
 * tracks a connection from its start, making room, to its close. */
void web_guard_notify(void *cls, struct MHD_Connection *c, void **sctx,
	enum MHD_ConnectionNotificationCode code);
/* c's request has reached stage (WEB_BODY once its headers are in,
 * WEB_ANSWER once its body is, WEB_HEADERS when it is answered and the
 * next may come); its deadline runs from now. */
void web_guard_stage(web_guard *g, struct MHD_Connection *c, int stage);

#endif
