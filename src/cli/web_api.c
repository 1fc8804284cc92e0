/*
 * web_api.c - the JSON API of `gamelearn web` (/api/...): the games and
 * agents with their parameters, and sessions, each one game in progress:
 * a person against an agent (play), a person teaching a learner whose
 * memory lives in --data (teach), or agent against agent (watch).
 *
 * Requests are parsed and replies built with jansson. Every request is
 * checked: bad JSON, an unknown game or agent, a parameter naming a file,
 * an illegal move, a session that does not exist each get a 4xx with a
 * one-line reason. Sessions live in a table of bounded size under one
 * mutex; each session has its own mutex, held while a request works on
 * it (an agent's move included), and a reference count so that a session
 * in use is never freed. A session idle longer than the expiry is freed
 * when room is needed. One client address may hold at most
 * --sessions-per-address of them, and all sessions' agents together at
 * most --agent-memory MB: what each agent holds is measured as it is
 * made (the heap's bytes before and after, seat_new()).
 */
#define _DEFAULT_SOURCE /* realpath, mallinfo2 */
#include "cli.h"
#include "web.h"

#include "gamelearn/agent.h"
#include "gamelearn/fileio.h"
#include "gamelearn/ggp.h"
#include "gamelearn/martens.h"
#include "gamelearn/search.h"
#include "gamelearn/td.h"

#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WEB_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define WEB_ASAN 1
#endif
#ifdef WEB_ASAN
#include <sanitizer/allocator_interface.h>
#endif

enum {
	ID_LEN = 16,        /* hex digits of a session id */
	SESSIONS_MAX = 1024, /* the largest --sessions */
	WEB_NODES_MAX = 4000000, /* nodes an agent bounded by nodes may search */
	SOLVE_PROBE = 200000,    /* nodes perfect may take to solve a game's start */
	TEACH_IDLE_S = 120       /* a teaching game left this long yields its memory */
};

typedef enum { MODE_PLAY, MODE_TEACH, MODE_WATCH } session_mode;
static const char *const mode_names[] = {"play", "teach", "watch"};

/* The learners a person can teach (their memory saved under --data). */
static const char *const learners[] = {"martens", "lauto", "td", "gapairs", NULL};

typedef struct session {
	char id[ID_LEN + 1];
	char client[48];        /* the address that made it */
	double bytes;           /* its agents' memory, as measured */
	pthread_mutex_t mu;     /* held while a request works on it */
	int refs;               /* requests holding it (under table.mu) */
	double used;            /* last request's time (gl_now) */
	session_mode mode;
	gl_game *g;
	gl_agent *agent[2];     /* the machine's seats; NULL: a person's */
	int learner;            /* teach: the learner's seat, else -1 */
	void *s, *t;            /* the position; scratch for replays */
	gl_action *hist;        /* moves played (g->max_length + 1) */
	int nhist;
	gl_action *moves;       /* legal-move scratch */
	uint64_t seed;
	double think[2];        /* seconds each agent has thought, in all */
	double last_think;      /* and the last machine move's */
	bool ended;             /* the agents were told the end */
	char note[320];         /* what happened last (a save that failed) */
	/* teach: the learner's memory and its running record */
	char mem[PATH_MAX];     /* memory file */
	char wdl_path[PATH_MAX + 8]; /* its W/D/L beside it */
	gl_lock lock;           /* on mem, against other processes */
	bool mem_done;          /* the game ended, memory saved: another
				   session may teach it (under table.mu) */
	long wins, draws, losses; /* the learner's, across visits */
} session;

static struct {
	pthread_mutex_t mu;
	web_config cfg;
	session *s[SESSIONS_MAX];
	int n;
	double bytes;           /* the sessions' agents' memory together */
	uint64_t counter;       /* for session ids */
	pthread_mutex_t make_mu; /* one agent made at a time, measured */
} table = {.mu = PTHREAD_MUTEX_INITIALIZER, .make_mu = PTHREAD_MUTEX_INITIALIZER};

void web_api_init(const web_config *cfg)
{
	table.cfg = *cfg;
	if (table.cfg.max_sessions > SESSIONS_MAX)
		table.cfg.max_sessions = SESSIONS_MAX;
	table.counter = gl_mix64((uint64_t)(gl_now() * 1e6) ^ (uint64_t)getpid());
}

/* A string field of a request: NULL when absent; "" and r set when it is
 * there but not a string. */
static const char *field_str(json_t *req, const char *key, web_reply *r)
{
	json_t *v = json_object_get(req, key);
	if (!v || json_is_null(v))
		return NULL;
	if (!json_is_string(v)) {
		web_error(r, 400, "field '%s' must be a string", key);
		return "";
	}
	return json_string_value(v);
}

/* --- checking specs that come from the page ------------------------------- */

/* Whether a declared parameter names a file (a text parameter with an
 * empty default: load, save, weights, features): those are never taken
 * from the page, whose user must not read or write the server's files. */
static bool param_is_file(const gl_param_def *d)
{
	return d->min > d->max && d->def && !d->def[0];
}

/* The agent type of name, a type's or a named player's (agent.h). */
static const gl_agent_type *agent_type(const char *name)
{
	char base[64];
	for (const gl_preset *p = gl_agent_presets(); p->name; p++) {
		const char *args;
		if (!strcmp(p->name, name) &&
		    !gl_spec_split(p->spec, base, sizeof base, &args, NULL)) {
			name = base;
			break;
		}
	}
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		if (!strcmp((*t)->name, name))
			return *t;
	return NULL;
}

/* Check an agent spec from the page: a known agent, no file parameter,
 * and a time (if given) of at most 10 s. Writes into out the spec the
 * server makes it from (time set to the server's move time when the spec
 * sets none). Returns true, or false with r filled. */
static bool check_agent_spec(const char *spec, const char *what, char *out,
	size_t n, web_reply *r)
{
	char name[64];
	const char *args;
	gl_err err = {0};
	if (gl_spec_split(spec, name, sizeof name, &args, &err)) {
		web_error(r, 400, "%s: %s", what, err.msg);
		return false;
	}
	const gl_agent_type *t = agent_type(name);
	if (!t) {
		web_error(r, 404, "%s: unknown agent '%s' (GET /api/agents lists them)",
			what, name);
		return false;
	}
	bool timed = false, nodes = false;
	for (const gl_param_def *d = t->params; d && d->key; d++) {
		timed |= !strcmp(d->key, "time");
		nodes |= !strcmp(d->key, "nodes");
	}
	for (const char *p = args; p && *p;) {
		const char *eq = strchr(p, '='), *end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		size_t klen = eq && eq < end ? (size_t)(eq - p) : (size_t)(end - p);
		for (const gl_param_def *d = t->params; d && d->key; d++)
			if (strlen(d->key) == klen && !strncmp(d->key, p, klen)) {
				if (param_is_file(d)) {
					web_error(r, 400, "%s: parameter '%s' names a file; the "
						"page does not take file names", what, d->key);
					return false;
				}
				/* a memory size (uct's arena, its states): no more
				 * than the default from the page (each session holds
				 * its agents' memory) */
				if (timed && eq && eq < end &&
				    (!strcmp(d->key, "nodes") || !strcmp(d->key, "states")) &&
				    strtod(eq + 1, NULL) > strtod(d->def, NULL)) {
					web_error(r, 400, "%s: %s must be at most %s (its default) "
						"on the web", what, d->key, d->def);
					return false;
				}
				if (!strcmp(d->key, "time") && eq && eq < end) {
					double secs = strtod(eq + 1, NULL);
					if (!(secs >= 0.05 && secs <= 10)) {
						web_error(r, 400, "%s: time must be 0.05..10 "
							"seconds on the web", what);
						return false;
					}
				}
			}
		p = *end ? end + 1 : end;
	}
	if (!ggp_timed_spec(spec, table.cfg.move_s, NULL, out, n)) {
		web_error(r, 400, "%s: spec too long to add its time (%zu "
			"characters)", what, strlen(spec));
		return false;
	}
	/* an agent bounded by nodes, not time (perfect), is given a bound of
	 * a few seconds' search, unless its spec sets a smaller one */
	if (nodes && !timed) {
		const char *v = strstr(out, "nodes=");
		if (v && strtol(v + 6, NULL, 10) > WEB_NODES_MAX) {
			web_error(r, 400, "%s: nodes must be at most %d on the web", what,
				WEB_NODES_MAX);
			return false;
		}
		size_t len = strlen(out);
		if (!v)
			snprintf(out + len, n - len, "%snodes=%d", strchr(out, ':') ? "," : ":",
				WEB_NODES_MAX);
	}
	return true;
}

/* The game of a new session: a spec (any native game; not gdl, whose
 * file is given as kif) or a .kif file under --data. NULL with r set. */
static gl_game *make_game(const char *spec, const char *kif, web_reply *r)
{
	gl_err err = {0};
	char full[GL_SPEC_MAX + PATH_MAX];
	if (kif) {
		if (!table.cfg.data) {
			web_error(r, 400, "kif: the server has no --data folder");
			return NULL;
		}
		size_t len = strlen(kif);
		/* ',', '=' and ':' would be read as more of the spec below: a
		 * second file= naming any .kif on the machine */
		if (!web_safe_rel(kif) || strpbrk(kif, ",=:") || len < 5 ||
		    strcmp(kif + len - 4, ".kif")) {
			web_error(r, 400, "kif: '%s' is not a .kif path inside the data folder",
				kif);
			return NULL;
		}
		/* as /data/ does: a regular file whose real path is inside
		 * --data (a symbolic link out of it is refused) */
		char path[PATH_MAX * 2], real[PATH_MAX];
		size_t dl = strlen(table.cfg.data);
		struct stat st; /* a pipe would hold the thread */
		snprintf(path, sizeof path, "%s/%s", table.cfg.data, kif);
		if (!realpath(path, real)) {
			web_error(r, 404, "kif: no file '%s' in the data folder", kif);
			return NULL;
		}
		if (strncmp(real, table.cfg.data, dl) || real[dl] != '/') {
			web_error(r, 403, "kif: '%s' leads out of the data folder", kif);
			return NULL;
		}
		if (stat(real, &st) || !S_ISREG(st.st_mode)) {
			web_error(r, 400, "kif: '%s' is not a file", kif);
			return NULL;
		}
		snprintf(full, sizeof full, "gdl:file=%s/%s", table.cfg.data, kif);
		if (strlen(full) >= GL_SPEC_MAX) {
			web_error(r, 400, "kif: path too long");
			return NULL;
		}
	} else {
		char name[64];
		const char *args;
		if (gl_spec_split(spec, name, sizeof name, &args, &err)) {
			web_error(r, 400, "game: %s", err.msg);
			return NULL;
		}
		const gl_game_type *t = gl_game_type_find(name);
		if (t && t->params && t->params[0].key && !strcmp(t->params[0].key, "file")) {
			web_error(r, 400, "game: %s reads a file; give 'kif', a path under "
				"the data folder, instead", name);
			return NULL;
		}
		snprintf(full, sizeof full, "%s", spec);
	}
	gl_game *g = gl_game_new(full, &err);
	if (!g) {
		web_error(r, strstr(err.msg, "unknown game") ? 404 : 400, "game: %s",
			err.msg);
		return NULL;
	}
	if (g->nplayers > 2) {
		web_error(r, 400, "game: %s has %u players; the page plays one- and "
			"two-player games", g->spec, g->nplayers);
		gl_game_free(g);
		return NULL;
	}
	return g;
}

/* --- sessions -------------------------------------------------------------- */

static void session_free(session *ss)
{
	if (!ss)
		return;
	for (int p = 0; p < 2; p++)
		gl_agent_free(ss->agent[p]);
	gl_lock_drop(&ss->lock);
	gl_free(ss->s);
	gl_free(ss->t);
	gl_free(ss->hist);
	gl_free(ss->moves);
	gl_game_free(ss->g);
	pthread_mutex_destroy(&ss->mu);
	gl_free(ss);
}

void web_api_done(void)
{
	web_exp_done();
	pthread_mutex_lock(&table.mu);
	for (int i = 0; i < table.n; i++)
		session_free(table.s[i]);
	table.n = 0;
	pthread_mutex_unlock(&table.mu);
}

/* The session called id, held (refs + 1) and locked; NULL if none. */
static session *session_get(const char *id)
{
	session *ss = NULL;
	pthread_mutex_lock(&table.mu);
	for (int i = 0; i < table.n; i++)
		if (!strcmp(table.s[i]->id, id)) {
			ss = table.s[i];
			ss->refs++;
			break;
		}
	pthread_mutex_unlock(&table.mu);
	if (ss) {
		pthread_mutex_lock(&ss->mu);
		ss->used = gl_now();
	}
	return ss;
}

static void session_put(session *ss)
{
	ss->used = gl_now();
	pthread_mutex_unlock(&ss->mu);
	pthread_mutex_lock(&table.mu);
	ss->refs--;
	pthread_mutex_unlock(&table.mu);
}

/* Remove session i of the table (under table.mu; refs == 0) and free it. */
static void table_drop(int i)
{
	session *ss = table.s[i];
	table.s[i] = table.s[--table.n];
	table.bytes -= ss->bytes;
	session_free(ss);
}

/* Free the sessions idle past the expiry (under table.mu). */
static void table_sweep(void)
{
	double now = gl_now();
	for (int i = table.n - 1; i >= 0; i--)
		if (table.s[i]->refs == 0 && now - table.s[i]->used > table.cfg.expire_s)
			table_drop(i);
}

/* Add ss to the table with a fresh id, held (refs 1: session_put lets
 * it go); false (the table full) with r set. */
static bool table_add(session *ss, web_reply *r)
{
	pthread_mutex_lock(&table.mu);
	table_sweep();
	bool in_use = false;
	for (int i = 0; i < table.n && ss->mem[0]; i++)
		in_use |= !table.s[i]->mem_done && !strcmp(table.s[i]->mem, ss->mem);
	if (in_use) {
		pthread_mutex_unlock(&table.mu);
		web_error(r, 409, "learner: its memory %s is being taught in another "
			"session; finish that one first", ss->mem + strlen(table.cfg.data) + 1);
		return false;
	}
	if (table.n >= table.cfg.max_sessions) {
		pthread_mutex_unlock(&table.mu);
		web_error(r, 503, "too many sessions (%d, none idle for %.0f s); try "
			"again later", table.cfg.max_sessions, table.cfg.expire_s);
		return false;
	}
	int mine = 0;
	for (int i = 0; i < table.n; i++)
		mine += !strcmp(table.s[i]->client, ss->client);
	if (mine >= table.cfg.per_address) {
		pthread_mutex_unlock(&table.mu);
		web_error(r, 429, "too many sessions from your address (%d, "
			"--sessions-per-address); delete one or wait %.0f s for one "
			"to expire", table.cfg.per_address, table.cfg.expire_s);
		return false;
	}
	double mb = 1024.0 * 1024.0;
	if (table.bytes + ss->bytes > table.cfg.agent_mb * mb) {
		double held = table.bytes;
		pthread_mutex_unlock(&table.mu);
		web_error(r, 503, "agents' memory: this game's agents hold %.1f MB and "
			"the sessions' %.1f MB, past the server's bound of %.0f MB "
			"(--agent-memory); try again when games have ended or expired",
			ss->bytes / mb, held / mb, table.cfg.agent_mb);
		return false;
	}
	table.bytes += ss->bytes;
	table.counter = gl_mix64(table.counter + 0x9e3779b97f4a7c15ull);
	snprintf(ss->id, sizeof ss->id, "%016llx", (unsigned long long)table.counter);
	ss->used = gl_now();
	ss->refs = 1; /* no sweep frees it while its maker works on it */
	table.s[table.n++] = ss;
	pthread_mutex_unlock(&table.mu);
	return true;
}

/* --- the game in a session ------------------------------------------------- */

/* Begin the agents again from the start, told the first nhist moves (a
 * new match, as play's undo does), with s at the position after them. */
static int session_rebegin(session *ss, gl_err *err)
{
	const gl_game *g = ss->g;
	for (int p = 0; p < 2; p++) {
		gl_agent *a = ss->agent[p];
		if (!a)
			continue;
		a->role = p;
		gl_rng_split(&a->rng, ss->seed + (uint64_t)ss->nhist, (uint64_t)p + 1);
		if (a->type->begin && a->type->begin(a, err))
			return err->code;
	}
	g->type->start(g, ss->s);
	for (int i = 0; i < ss->nhist; i++) {
		int who = g->type->to_move(g, ss->s);
		for (int p = 0; p < 2; p++)
			if (ss->agent[p] && ss->agent[p]->type->observe)
				ss->agent[p]->type->observe(ss->agent[p], ss->s, who,
					ss->hist[i]);
		g->type->apply(g, ss->s, ss->hist[i]);
	}
	return 0;
}

/* The learner's record file: "wins draws losses". */
static void wdl_load(session *ss)
{
	char *text = NULL;
	gl_err err = {0};
	if (gl_read_file(ss->wdl_path, 256, &text, NULL, &err))
		return; /* none yet */
	if (sscanf(text, "%ld %ld %ld", &ss->wins, &ss->draws, &ss->losses) != 3)
		ss->wins = ss->draws = ss->losses = 0;
	gl_free(text);
}

/* The match is over: tell the agents, and in teach mode count the result
 * and save the learner's memory and record (each atomically). */
static void session_end(session *ss)
{
	const gl_game *g = ss->g;
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, ss->s, goals);
	for (int p = 0; p < 2; p++)
		if (ss->agent[p] && ss->agent[p]->type->end)
			ss->agent[p]->type->end(ss->agent[p], ss->s, goals);
	ss->ended = true;
	if (ss->mode != MODE_TEACH)
		return;
	int me = ss->learner, you = 1 - me;
	if (goals[me] > goals[you])
		ss->wins++;
	else if (goals[me] < goals[you])
		ss->losses++;
	else
		ss->draws++;
	gl_err err = {0};
	gl_agent *l = ss->agent[me];
	char line[96];
	int len = snprintf(line, sizeof line, "%ld %ld %ld\n", ss->wins, ss->draws,
		ss->losses);
	if (l->type->save(l, ss->mem, &err) ||
	    gl_write_atomic(ss->wdl_path, line, (size_t)len, &err)) {
		snprintf(ss->note, sizeof ss->note, "saving the memory failed: %.280s",
			err.msg);
		web_scrub(ss->note, sizeof ss->note);
	} else {
		snprintf(ss->note, sizeof ss->note, "memory saved");
	}
	/* the learner has learned all it will from this session: let the
	 * memory be taught by the next one */
	gl_lock_drop(&ss->lock);
	pthread_mutex_lock(&table.mu);
	ss->mem_done = true;
	pthread_mutex_unlock(&table.mu);
}

/* Whether the game has reached its bound on moves without ending (a GDL
 * game whose rules never end it; the history's room): then r holds the
 * error. */
static bool at_bound(const session *ss, web_reply *r)
{
	if (ss->nhist < (int)ss->g->max_length)
		return false;
	web_error(r, 409, "%s did not end within its bound of %u moves",
		ss->g->spec, ss->g->max_length);
	return true;
}

/* Play move a (legal) for the player to move, telling the agents. */
static void session_apply(session *ss, gl_action a)
{
	const gl_game *g = ss->g;
	int who = g->type->to_move(g, ss->s);
	for (int p = 0; p < 2; p++)
		if (ss->agent[p] && ss->agent[p]->type->observe)
			ss->agent[p]->type->observe(ss->agent[p], ss->s, who, a);
	ss->hist[ss->nhist++] = a;
	g->type->apply(g, ss->s, a);
	if (g->type->terminal(g, ss->s))
		session_end(ss);
}

/* Whose seat is to move: the agent, or NULL for a person. */
static gl_agent *seat_agent(const session *ss)
{
	int who = ss->g->type->to_move(ss->g, ss->s);
	return who < 2 ? ss->agent[who] : NULL;
}

/* One move by the agent whose turn it is. 0, or an error code with r set. */
static int machine_move(session *ss, web_reply *r)
{
	gl_agent *a = seat_agent(ss);
	gl_action m;
	gl_err err = {0};
	if (at_bound(ss, r))
		return -1;
	double t0 = gl_now();
	int rc = a->type->choose(a, ss->s, &m, &err);
	ss->last_think = gl_now() - t0;
	ss->think[ss->g->type->to_move(ss->g, ss->s) & 1] += ss->last_think;
	if (rc) {
		web_error(r, 422, "agent %s: %s", a->spec, err.msg);
		return -1;
	}
	session_apply(ss, m);
	return 0;
}

/* In play and teach: the machine replies until a person is to move. */
static int machine_replies(session *ss, web_reply *r)
{
	while (ss->mode != MODE_WATCH && !ss->g->type->terminal(ss->g, ss->s) &&
	       seat_agent(ss))
		if (machine_move(ss, r))
			return -1;
	return 0;
}

/* --- the state as JSON ------------------------------------------------------- */

static json_t *json_move(const gl_game *g, const void *s, gl_action a)
{
	char mt[GL_MOVE_TEXT];
	g->type->format_move(g, s, a, mt, sizeof mt);
	return json_pack("{s:i,s:s}", "id", (int)a, "text", mt);
}

/* What the learner has learned, for the page. */
static json_t *learned(session *ss)
{
	gl_agent *l = ss->agent[ss->learner];
	const gl_game *g = ss->g;
	json_t *o = json_pack("{s:s,s:s,s:i,s:i,s:i}", "learner", l->type->name,
		"memory", ss->mem + strlen(table.cfg.data) + 1, "wins", (int)ss->wins,
		"draws", (int)ss->draws, "losses", (int)ss->losses);
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	gl_martens_info mi;
	if (gl_martens_info_get(l, &mi) == 0) {
		json_object_set_new(o, "won", json_integer(mi.won));
		json_object_set_new(o, "hopeless", json_integer(mi.hopeless));
		json_object_set_new(o, "plays", json_integer(mi.plays));
		if (gl_martens_describe(l, &sb, 8) == 0 && sb.buf)
			json_object_set_new(o, "text", json_string(sb.buf));
	} else if (gl_lauto_size(l) >= 0) {
		json_object_set_new(o, "entries", json_integer(gl_lauto_size(l)));
		if (gl_lauto_describe(l, &sb, 24) == 0 && sb.buf)
			json_object_set_new(o, "text", json_string(sb.buf));
	} else if (!strcmp(l->type->name, "td") && !g->type->terminal(g, ss->s)) {
		/* the values of the afterstates of the moves open now, for the
		 * player to move */
		json_t *vals = json_array();
		int who = g->type->to_move(g, ss->s);
		int n = g->type->legal(g, ss->s, ss->moves);
		for (int i = 0; i < n; i++) {
			double v;
			memcpy(ss->t, ss->s, g->state_size);
			g->type->apply(g, ss->t, ss->moves[i]);
			if (gl_td_value(l, ss->t, who, &v))
				continue;
			json_t *m = json_move(g, ss->s, ss->moves[i]);
			json_object_set_new(m, "value", json_real(v));
			/* the same position valued for the learner itself, when
			 * another player moves now (the person) */
			double lv;
			if (ss->learner >= 0 && ss->learner != who &&
			    gl_td_value(l, ss->t, ss->learner, &lv) == 0)
				json_object_set_new(m, "learner_value", json_real(lv));
			json_array_append_new(vals, m);
		}
		json_object_set_new(o, "afterstates", vals);
		json_object_set_new(o, "for_player", json_integer(who));
	}
	gl_strbuf_done(&sb);
	struct stat st;
	if (stat(ss->mem, &st) == 0)
		json_object_set_new(o, "memory_bytes", json_integer((json_int_t)st.st_size));
	return o;
}

/* g's spec as the page shows it: a GDL file's path said inside --data,
 * not the server's own. */
static void shown_spec(const gl_game *g, char *out, size_t n)
{
	size_t dl = table.cfg.data ? strlen(table.cfg.data) : 0;
	if (dl && !strncmp(g->spec, "gdl:file=", 9) &&
	    !strncmp(g->spec + 9, table.cfg.data, dl) && g->spec[9 + dl] == '/')
		snprintf(out, n, "gdl:file=%s", g->spec + 10 + dl);
	else
		snprintf(out, n, "%s", g->spec);
}

static json_t *session_json(session *ss)
{
	const gl_game *g = ss->g;
	bool over = g->type->terminal(g, ss->s);
	int who = g->type->to_move(g, ss->s);
	char spec[GL_SPEC_MAX];
	shown_spec(g, spec, sizeof spec);
	json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:b,s:i}", "id", ss->id,
		"mode", mode_names[ss->mode], "game", spec, "type", g->type->name,
		"nplayers", (int)g->nplayers, "to_move", who, "over", over,
		"plies", ss->nhist);
	json_t *seats = json_array();
	for (unsigned p = 0; p < g->nplayers; p++)
		json_array_append_new(seats, json_string(ss->agent[p] ?
			ss->agent[p]->spec : "person"));
	json_object_set_new(o, "seats", seats);
	json_object_set_new(o, "clocks", json_pack("[f,f]", ss->think[0], ss->think[1]));
	json_object_set_new(o, "last_think", json_real(ss->last_think));
	/* the board as the game draws it, and its cells where it has them */
	int need = g->type->render(g, ss->s, NULL, 0);
	char *text = gl_malloc((size_t)need + 1);
	if (text) {
		g->type->render(g, ss->s, text, (size_t)need + 1);
		json_object_set_new(o, "text", json_string(text));
		gl_free(text);
	}
	if (g->type->cells && g->type->cell_shape) {
		int rows, cols;
		g->type->cell_shape(g, &rows, &cols);
		int8_t *owner = gl_malloc(g->ncells);
		json_t *cells = json_array(), *ctext = json_array();
		for (unsigned i = 0; owner && i < g->ncells; i++) {
			if (i == 0)
				g->type->cells(g, ss->s, owner);
			json_array_append_new(cells, json_integer(owner[i]));
			char mt[GL_MOVE_TEXT] = "";
			if ((gl_action)i < g->nactions)
				g->type->format_move(g, ss->s, (gl_action)i, mt, sizeof mt);
			json_array_append_new(ctext, json_string(mt));
		}
		gl_free(owner);
		json_object_set_new(o, "rows", json_integer(rows));
		json_object_set_new(o, "cols", json_integer(cols));
		json_object_set_new(o, "cells", cells);
		json_object_set_new(o, "cell_moves", ctext);
	}
	json_t *legal = json_array();
	int n = over ? 0 : g->type->legal(g, ss->s, ss->moves);
	for (int i = 0; i < n; i++)
		json_array_append_new(legal, json_move(g, ss->s, ss->moves[i]));
	json_object_set_new(o, "legal", legal);
	json_t *hist = json_array();
	g->type->start(g, ss->t);
	for (int i = 0; i < ss->nhist; i++) {
		char mt[GL_MOVE_TEXT];
		g->type->format_move(g, ss->t, ss->hist[i], mt, sizeof mt);
		json_array_append_new(hist, json_string(mt));
		g->type->apply(g, ss->t, ss->hist[i]);
	}
	json_object_set_new(o, "history", hist);
	if (over || g->nplayers == 1) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, ss->s, goals);
		json_t *gj = json_array();
		for (unsigned p = 0; p < g->nplayers; p++)
			json_array_append_new(gj, json_integer(goals[p]));
		json_object_set_new(o, "goals", gj);
		char res[GL_SPEC_MAX + 64];
		if (g->nplayers == 1)
			snprintf(res, sizeof res, "%s: score %d of 100", over ?
				"puzzle over" : "puzzle", goals[0]);
		else if (goals[0] == goals[1])
			snprintf(res, sizeof res, "draw (%d to %d)", goals[0], goals[1]);
		else
			snprintf(res, sizeof res, "player %d (%s) wins (%d to %d)",
				goals[0] > goals[1] ? 1 : 2, ss->agent[goals[0] > goals[1] ? 0 : 1] ?
				ss->agent[goals[0] > goals[1] ? 0 : 1]->spec : "the person",
				goals[0], goals[1]);
		if (over || g->nplayers == 1)
			json_object_set_new(o, "result", json_string(res));
	}
	if (ss->note[0])
		json_object_set_new(o, "note", json_string(ss->note));
	if (ss->mode == MODE_TEACH)
		json_object_set_new(o, "learned", learned(ss));
	return o;
}

/* --- requests ------------------------------------------------------------------ */

static bool is_learner(const char *spec)
{
	for (int i = 0; learners[i]; i++) {
		size_t n = strlen(learners[i]);
		if (!strncmp(spec, learners[i], n) && (!spec[n] || spec[n] == ':'))
			return true;
	}
	return false;
}

/* The memory file of learner name on game spec: DATA/memory/NAME--SPEC.mem,
 * the characters of the spec other than letters, digits, '-' and '.' as
 * '_'. A spec with a character that name cannot tell apart from another
 * ('_' itself, or any but the spec's own ':', ',', '=' and a path's '/')
 * gets its own name, NAME--SPEC-HASH.mem (HASH the spec's 64-bit FNV-1a,
 * 16 hex digits: a name fixed by its definition), so that gdl/a_b.kif
 * and gdl/a/b.kif keep two memories; such a spec's plain name goes into
 * plain (teach_setup() moves a memory saved there before names had the
 * hash), else plain is "". */
static void memory_path(char *out, char *plain, size_t n, const char *name,
	const char *spec)
{
	char safe[GL_SPEC_MAX];
	size_t k = 0;
	bool lossy = false;
	for (; spec[k] && k + 1 < sizeof safe; k++) {
		char c = spec[k];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			(c >= '0' && c <= '9') || c == '-' || c == '.';
		lossy |= !ok && !strchr(":,=/", c);
		safe[k] = ok ? c : '_';
	}
	safe[k] = '\0';
	snprintf(out, n, "%s/memory/%s--%s.mem", table.cfg.data, name, safe);
	plain[0] = '\0';
	if (!lossy)
		return;
	snprintf(plain, n, "%s", out);
	uint64_t h = gl_hash_fnv1a(spec, strlen(spec));
	snprintf(out, n, "%s/memory/%s--%s-%016llx.mem", table.cfg.data, name,
		safe, (unsigned long long)h);
}

/* Whether agent a can play g in reasonable time on the web: an agent
 * that solves the game (perfect) must solve it from the start within
 * SOLVE_PROBE nodes (then every later position is solved from the table
 * it fills), else it would search for tens of seconds a move and then
 * give up. A count of nodes, not a time, so that the answer does not hang
 * on the machine's load. False with r set. */
static bool solvable(const gl_game *g, const gl_agent *a, const char *what,
	web_reply *r)
{
	if (strcmp(a->type->name, "perfect"))
		return true;
	gl_err err = {0};
	gl_solver *sv = gl_solver_new(g, (size_t)16 << 20, &err);
	void *s = gl_malloc(g->state_size);
	if (!sv || !s) {
		gl_solver_free(sv);
		gl_free(s);
		web_error(r, 500, "%s: perfect: %s", what, sv ? "out of memory" : err.msg);
		return false;
	}
	gl_solver_set_limit(sv, SOLVE_PROBE);
	g->type->start(g, s);
	int value, rc = gl_solve(sv, s, &value);
	gl_solver_free(sv);
	gl_free(s);
	if (rc == GL_ERANGE) {
		web_error(r, 400, "%s: perfect cannot solve %s (not within %d "
			"positions), so it could not answer in reasonable time; it plays "
			"small games such as tictactoe, nim or hex:size=3: choose "
			"alphabeta or uct for this one", what, g->spec, SOLVE_PROBE);
		return false;
	}
	return true;
}

/* The bytes the heap holds now, every thread's together (the sanitizer's
 * own allocator under ASan). */
static double heap_bytes(void)
{
#ifdef WEB_ASAN
	return (double)__sanitizer_get_current_allocated_bytes();
#else
	struct mallinfo2 mi = mallinfo2();
	return (double)mi.uordblks + (double)mi.hblkhd;
#endif
}

/* Make the agent of seat p from a checked spec, adding what it holds to
 * ss->bytes: an agent allocates what it needs in init (agent.h; uct its
 * node arena, alphabeta its table), so the heap's growth while it is made
 * is its memory. Agents are made one at a time, so that two makings do
 * not count each other's; the other threads' small allocations meanwhile
 * are noise. False with r set. */
static bool seat_new(session *ss, int p, const char *spec, const char *what,
	web_reply *r)
{
	char full[GL_SPEC_MAX];
	if (!check_agent_spec(spec, what, full, sizeof full, r))
		return false;
	gl_err err = {0};
	pthread_mutex_lock(&table.make_mu);
	double before = heap_bytes();
	ss->agent[p] = gl_agent_new(full, ss->g, NULL, &err);
	double grew = heap_bytes() - before;
	pthread_mutex_unlock(&table.make_mu);
	ss->bytes += grew > 0 ? grew : 0;
	if (!ss->agent[p]) {
		web_error(r, 400, "%s: %s", what, err.msg);
		return false;
	}
	return solvable(ss->g, ss->agent[p], what, r);
}

/* Whether memory file mem may be taught by a new session: no session
 * is teaching it, or the one that is has been left idle for
 * TEACH_IDLE_S or the expiry if shorter (a page closed mid-game), and is
 * dropped so that its learner saves nothing more. False with r set. */
static bool memory_free(const char *mem, web_reply *r)
{
	bool busy = false;
	pthread_mutex_lock(&table.mu);
	double now = gl_now(), idle = table.cfg.expire_s < TEACH_IDLE_S ?
		table.cfg.expire_s : TEACH_IDLE_S;
	for (int i = table.n - 1; i >= 0; i--) {
		session *o = table.s[i];
		if (o->mem_done || strcmp(o->mem, mem))
			continue;
		if (o->refs == 0 && now - o->used >= idle)
			table_drop(i);
		else
			busy = true;
	}
	pthread_mutex_unlock(&table.mu);
	if (busy)
		web_error(r, 409, "learner: its memory %s is being taught in another "
			"session; finish that one first (or leave it %.0f s idle)", mem +
			strlen(table.cfg.data) + 1, idle);
	return !busy;
}

/* Set up teach mode's learner on seat p: its memory loaded from --data
 * (if there is one yet) and locked. False with r set. */
static bool teach_setup(session *ss, int p, const char *spec, web_reply *r)
{
	if (!table.cfg.data) {
		web_error(r, 400, "teach: the server has no --data folder to keep the "
			"memory in");
		return false;
	}
	if (!is_learner(spec)) {
		web_error(r, 400, "learner: '%s' is not one of martens, lauto, td, gapairs",
			spec);
		return false;
	}
	if (!seat_new(ss, p, spec, "learner", r))
		return false;
	gl_agent *l = ss->agent[p];
	char plain[PATH_MAX];
	memory_path(ss->mem, plain, sizeof ss->mem, l->type->name, ss->g->spec);
	snprintf(ss->wdl_path, sizeof ss->wdl_path, "%s.wdl", ss->mem);
	char dir[PATH_MAX + 8];
	snprintf(dir, sizeof dir, "%s/memory", table.cfg.data);
	if (mkdir(dir, 0777) && errno != EEXIST) {
		web_error(r, 500, "teach: cannot make %s: %s", dir, strerror(errno));
		return false;
	}
	gl_err err = {0};
	if (!memory_free(ss->mem, r))
		return false;
	if (gl_lock_take(&ss->lock, ss->mem, &err)) {
		web_error(r, 409, "teach: %s", err.msg);
		return false;
	}
	struct stat st;
	/* a memory saved under the plain name, before names had the hash,
	 * is this game's if it loads (a memory names its game), and moves
	 * to its own name */
	bool move = plain[0] && stat(ss->mem, &st) != 0 && stat(plain, &st) == 0;
	const char *from = move ? plain : ss->mem;
	if (stat(from, &st) == 0 && l->type->load(l, from, &err)) {
		web_error(r, 500, "teach: %s", err.msg);
		return false;
	}
	if (move) {
		char w[PATH_MAX + 8];
		snprintf(w, sizeof w, "%s.wdl", plain);
		if (rename(plain, ss->mem) ||
		    (rename(w, ss->wdl_path) && errno != ENOENT)) {
			web_error(r, 500, "teach: cannot move %s to %s: %s", plain,
				ss->mem, strerror(errno));
			return false;
		}
	}
	ss->learner = p;
	wdl_load(ss);
	return true;
}

/* POST /sessions: a new game, made from address client. */
static void api_new(json_t *req, const char *client, web_reply *r)
{
	const char *mode = field_str(req, "mode", r), *spec = field_str(req, "game", r);
	const char *kif = field_str(req, "kif", r), *first = field_str(req, "first", r);
	const char *opp = field_str(req, "opponent", r);
	const char *learner = field_str(req, "learner", r);
	json_t *agents = json_object_get(req, "agents");
	json_t *seed = json_object_get(req, "seed");
	if (r->body)
		return;
	session_mode m = MODE_PLAY;
	if (mode && !strcmp(mode, "teach"))
		m = MODE_TEACH;
	else if (mode && !strcmp(mode, "watch"))
		m = MODE_WATCH;
	else if (mode && strcmp(mode, "play")) {
		web_error(r, 400, "mode must be play, teach or watch, got '%s'", mode);
		return;
	}
	if (!spec && !kif) {
		web_error(r, 400, "game: missing (a spec such as tictactoe or connect4; "
			"or kif)");
		return;
	}
	if (first && strcmp(first, "person") && strcmp(first, "machine")) {
		web_error(r, 400, "first must be person or machine, got '%s'", first);
		return;
	}
	if (seed && (!json_is_integer(seed) || json_integer_value(seed) < 0)) {
		web_error(r, 400, "seed must be a whole number >= 0");
		return;
	}
	session *ss = gl_calloc(1, sizeof *ss);
	if (!ss) {
		web_error(r, 500, "out of memory");
		return;
	}
	pthread_mutex_init(&ss->mu, NULL);
	snprintf(ss->client, sizeof ss->client, "%s", client);
	ss->mode = m;
	ss->learner = -1;
	ss->lock.fd = -1;
	ss->seed = seed ? (uint64_t)json_integer_value(seed) : 1;
	if (!(ss->g = make_game(spec, kif, r)))
		goto fail;
	const gl_game *g = ss->g;
	ss->s = gl_malloc(g->state_size);
	ss->t = gl_malloc(g->state_size);
	ss->hist = gl_malloc(sizeof *ss->hist * (g->max_length + 1));
	ss->moves = gl_malloc(sizeof *ss->moves * (g->max_legal + 1));
	if (!ss->s || !ss->t || !ss->hist || !ss->moves) {
		web_error(r, 500, "out of memory for %s", g->spec);
		goto fail;
	}
	int person = first && !strcmp(first, "machine") ? 1 : 0;
	if (m == MODE_WATCH) {
		if (!json_is_array(agents) || json_array_size(agents) != g->nplayers) {
			web_error(r, 400, "agents: want an array of %u agent specs, one "
				"a player of %s", g->nplayers, g->spec);
			goto fail;
		}
		for (unsigned p = 0; p < g->nplayers; p++) {
			json_t *a = json_array_get(agents, p);
			if (!json_is_string(a)) {
				web_error(r, 400, "agents: item %u is not a string", p + 1);
				goto fail;
			}
			if (!seat_new(ss, (int)p, json_string_value(a), "agents", r))
				goto fail;
		}
	} else if (g->nplayers == 2 && m == MODE_TEACH) {
		if (!teach_setup(ss, 1 - person, learner ? learner : "martens", r))
			goto fail;
	} else if (g->nplayers == 2) {
		if (!seat_new(ss, 1 - person, opp ? opp : "alphabeta", "opponent", r))
			goto fail;
	} else if (m == MODE_TEACH) {
		web_error(r, 400, "teach: %s is a puzzle; a learner is taught at a "
			"two-player game", g->spec);
		goto fail;
	}
	gl_err err = {0};
	if (session_rebegin(ss, &err)) {
		web_error(r, 400, "%s", err.msg);
		goto fail;
	}
	if (!table_add(ss, r))
		goto fail;
	pthread_mutex_lock(&ss->mu);
	if (machine_replies(ss, r) == 0) {
		r->status = 201;
		r->body = session_json(ss);
	}
	session_put(ss);
	return;
fail:
	session_free(ss);
}

/* POST /sessions/ID/move {"move": TEXT}: a person's move, then the
 * machine's replies. */
static void api_move(session *ss, json_t *req, web_reply *r)
{
	const char *text = field_str(req, "move", r);
	if (r->body)
		return;
	if (!text) {
		web_error(r, 400, "move: missing (the move's text, e.g. b2)");
		return;
	}
	const gl_game *g = ss->g;
	if (g->type->terminal(g, ss->s)) {
		web_error(r, 409, "the game is over; start a new one or undo");
		return;
	}
	if (seat_agent(ss)) {
		web_error(r, 409, "it is %s's turn, not yours", seat_agent(ss)->spec);
		return;
	}
	if (at_bound(ss, r))
		return;
	gl_action a;
	gl_err err = {0};
	if (gl_parse_legal(g, ss->s, text, &a, &err)) {
		web_error(r, err.code == GL_ENOMEM ? 500 : err.code == GL_EILLEGAL ? 409 : 400,
			"%s", err.msg);
		return;
	}
	ss->note[0] = '\0';
	session_apply(ss, a);
	if (machine_replies(ss, r) == 0)
		r->body = session_json(ss);
}

/* POST /sessions/ID/undo: back to before the person's last move. */
static void api_undo(session *ss, web_reply *r)
{
	const gl_game *g = ss->g;
	if (ss->mode == MODE_WATCH) {
		web_error(r, 409, "undo: no person plays in a watched game");
		return;
	}
	if (ss->mode == MODE_TEACH && ss->ended) {
		web_error(r, 409, "undo: the learner has already learned from this game; "
			"start a new one");
		return;
	}
	int k = ss->nhist - 1;
	for (; k >= 0; k--) {
		g->type->start(g, ss->t);
		for (int i = 0; i < k; i++)
			g->type->apply(g, ss->t, ss->hist[i]);
		int who = g->type->to_move(g, ss->t);
		if (who >= 2 || !ss->agent[who])
			break;
	}
	if (k < 0) {
		web_error(r, 409, "undo: nothing to undo");
		return;
	}
	ss->nhist = k;
	ss->ended = false;
	ss->note[0] = '\0';
	gl_err err = {0};
	if (session_rebegin(ss, &err)) {
		web_error(r, 500, "undo: %s", err.msg);
		return;
	}
	r->body = session_json(ss);
}

/* POST /sessions/ID/step: in watch mode, the next agent's move. */
static void api_step(session *ss, web_reply *r)
{
	if (ss->mode != MODE_WATCH) {
		web_error(r, 409, "step: only a watched game steps");
		return;
	}
	if (ss->g->type->terminal(ss->g, ss->s)) {
		web_error(r, 409, "step: the game is over");
		return;
	}
	if (machine_move(ss, r) == 0)
		r->body = session_json(ss);
}

/* The parameters d as the page offers them. For an agent, the bounds
 * the server holds it to (check_agent_spec) replace the library's: an
 * agent bounded by nodes, not time, shows the web's node bound as its
 * default and maximum; one on a clock shows its memory sizes (nodes,
 * states) at most their defaults; so that no form offers a value the
 * server refuses. */
static json_t *params_json(const gl_param_def *d, bool agent)
{
	json_t *arr = json_array();
	bool timed = false;
	for (const gl_param_def *e = d; agent && e && e->key; e++)
		timed |= !strcmp(e->key, "time");
	for (; d && d->key; d++) {
		if (agent && param_is_file(d))
			continue; /* never taken from the page */
		bool size = agent && (!strcmp(d->key, "nodes") || !strcmp(d->key, "states"));
		char cap[32];
		snprintf(cap, sizeof cap, "%d", WEB_NODES_MAX);
		const char *def = size && !timed && !strcmp(d->key, "nodes") ? cap : d->def;
		json_t *o = json_pack("{s:s,s:s,s:s}", "key", d->key, "default", def,
			"help", d->help);
		if (d->min <= d->max) {
			json_int_t max = d->max;
			if (size && !timed && !strcmp(d->key, "nodes"))
				max = WEB_NODES_MAX;
			else if (size && timed)
				max = (json_int_t)strtoll(d->def, NULL, 10);
			json_object_set_new(o, "min", json_integer(d->min));
			json_object_set_new(o, "max", json_integer(max));
		}
		json_array_append_new(arr, o);
	}
	return arr;
}

static void api_games(web_reply *r)
{
	json_t *types = json_array(), *presets = json_array(), *kifs = json_array();
	for (const gl_game_type *const *t = gl_game_types(); *t; t++) {
		if ((*t)->params && (*t)->params[0].key &&
		    !strcmp((*t)->params[0].key, "file"))
			continue; /* gdl: its files are the kifs below */
		json_array_append_new(types, json_pack("{s:s,s:s,s:o}", "name",
			(*t)->name, "summary", (*t)->summary, "params",
			params_json((*t)->params, false)));
	}
	for (const gl_preset *p = gl_game_presets(); p->name; p++)
		json_array_append_new(presets, json_pack("{s:s,s:s}", "name", p->name,
			"spec", p->spec));
	if (table.cfg.data) {
		static const char *const ext[] = {".kif", NULL};
		web_list_files(table.cfg.data, ext, kifs);
	}
	r->body = json_pack("{s:o,s:o,s:o}", "games", types, "presets", presets,
		"kifs", kifs);
}

static void api_agents(web_reply *r)
{
	json_t *arr = json_array(), *ls = json_array();
	for (const gl_agent_type *const *t = gl_agent_types(); *t; t++)
		json_array_append_new(arr, json_pack("{s:s,s:s,s:o}", "name", (*t)->name,
			"summary", (*t)->summary, "params", params_json((*t)->params, true)));
	for (const gl_preset *p = gl_agent_presets(); p->name; p++) {
		const gl_agent_type *t = agent_type(p->name);
		char summary[256];
		snprintf(summary, sizeof summary, "named player: %s", p->spec);
		if (t)
			json_array_append_new(arr, json_pack("{s:s,s:s,s:o}", "name",
				p->name, "summary", summary, "params",
				params_json(t->params, true)));
	}
	for (int i = 0; learners[i]; i++)
		json_array_append_new(ls, json_string(learners[i]));
	r->body = json_pack("{s:o,s:o,s:f}", "agents", arr, "learners", ls,
		"move_time", table.cfg.move_s);
}

static void api_results(web_reply *r)
{
	if (!table.cfg.data) {
		r->body = json_pack("{s:[]}", "files");
		return;
	}
	static const char *const ext[] = {".csv", ".svg", NULL};
	json_t *files = json_array(), *groups = json_object();
	web_list_files(table.cfg.data, ext, files);
	/* labelled by experiment: the files under a folder of its name */
	for (size_t i = 0; i < json_array_size(files); i++) {
		const char *path = json_string_value(json_array_get(files, i));
		const char *e = web_exp_of(path);
		json_t *g = json_object_get(groups, e ? e : "");
		if (!g) {
			g = json_array();
			json_object_set_new(groups, e ? e : "", g);
		}
		json_array_append_new(g, json_string(path));
	}
	r->body = json_pack("{s:o,s:o}", "files", files, "experiments", groups);
}

/* GET /matches: the GGP match records under --data (`ggp match --live`
 * writes them there, one MATCHID.json each). */
static void api_matches(web_reply *r)
{
	json_t *files = json_array();
	static const char *const ext[] = {".json", NULL};
	if (table.cfg.data)
		web_list_files(table.cfg.data, ext, files);
	r->body = json_pack("{s:o}", "files", files);
}

static void api_sessions(web_reply *r)
{
	json_t *arr = json_array();
	pthread_mutex_lock(&table.mu);
	for (int i = 0; i < table.n; i++) {
		char spec[GL_SPEC_MAX];
		shown_spec(table.s[i]->g, spec, sizeof spec);
		json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "id", table.s[i]->id,
			"mode", mode_names[table.s[i]->mode], "game", spec));
	}
	double mb = table.bytes / (1024.0 * 1024.0);
	pthread_mutex_unlock(&table.mu);
	r->body = json_pack("{s:o,s:i,s:i,s:f,s:f}", "sessions", arr, "max",
		table.cfg.max_sessions, "per_address", table.cfg.per_address,
		"agent_mb", mb, "agent_mb_max", table.cfg.agent_mb);
}

/* DELETE /sessions/ID */
static void api_delete(const char *id, web_reply *r)
{
	pthread_mutex_lock(&table.mu);
	for (int i = 0; i < table.n; i++)
		if (!strcmp(table.s[i]->id, id)) {
			if (table.s[i]->refs) {
				pthread_mutex_unlock(&table.mu);
				web_error(r, 409, "session %s is busy", id);
				return;
			}
			table_drop(i);
			pthread_mutex_unlock(&table.mu);
			r->body = json_pack("{s:s}", "deleted", id);
			return;
		}
	pthread_mutex_unlock(&table.mu);
	web_error(r, 404, "no session '%s' (it may have expired)", id);
}

void web_api(const char *method, const char *path, const char *body,
	const char *client, web_reply *r)
{
	r->status = 200;
	r->body = NULL;
	bool get = !strcmp(method, "GET"), post = !strcmp(method, "POST");
	json_t *req = NULL;
	if (post) {
		json_error_t jerr;
		req = json_loads(body, JSON_REJECT_DUPLICATES, &jerr);
		if (!req) {
			web_error(r, 400, "bad JSON at line %d column %d: %s", jerr.line,
				jerr.column, jerr.text);
			return;
		}
		if (!json_is_object(req)) {
			json_decref(req);
			web_error(r, 400, "bad request: the body must be a JSON object");
			return;
		}
	}
	char id[ID_LEN + 2], verb[16];
	int idn = 0;
	if (!strcmp(path, "/games") && get)
		api_games(r);
	else if (!strcmp(path, "/agents") && get)
		api_agents(r);
	else if (!strcmp(path, "/results") && get)
		api_results(r);
	else if (!strncmp(path, "/experiments", 12) && (path[12] == '\0' || path[12] == '/'))
		web_exp_api(get, post, path + 12, table.cfg.data, r);
	else if (!strcmp(path, "/matches") && get)
		api_matches(r);
	else if (!strcmp(path, "/sessions") && post)
		api_new(req, client, r);
	else if (!strcmp(path, "/sessions") && get)
		api_sessions(r);
	else if (!strncmp(path, "/sessions/", 10) &&
		 (idn = (int)strspn(path + 10, "0123456789abcdef")) == ID_LEN &&
		 (path[10 + ID_LEN] == '\0' || path[10 + ID_LEN] == '/') &&
		 strlen(path + 10 + ID_LEN) < sizeof verb) {
		memcpy(id, path + 10, ID_LEN);
		id[ID_LEN] = '\0';
		snprintf(verb, sizeof verb, "%s", path + 10 + ID_LEN);
		if (!strcmp(method, "DELETE") && !verb[0]) {
			api_delete(id, r);
		} else {
			session *ss = session_get(id);
			if (!ss)
				web_error(r, 404, "no session '%s' (it may have expired)", id);
			else {
				if (get && !verb[0])
					r->body = session_json(ss);
				else if (post && !strcmp(verb, "/move"))
					api_move(ss, req, r);
				else if (post && !strcmp(verb, "/undo"))
					api_undo(ss, r);
				else if (post && !strcmp(verb, "/step"))
					api_step(ss, r);
				else
					web_error(r, 404, "no API %s /api%s", method, path);
				session_put(ss);
			}
		}
	} else if (!strncmp(path, "/sessions/", 10))
		web_error(r, 404, "no session '%.40s'", path + 10);
	else
		web_error(r, 404, "no API %s /api%.200s", method, path);
	json_decref(req);
	if (!r->body)
		web_error(r, 500, "out of memory");
}
