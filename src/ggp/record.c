/*
 * record.c - a GGP match's record in ggp-base's match JSON, built as the
 * match goes: `ggp match` writes one for every match it runs (and, with
 * --live, the record so far after every step), the player (ggp serve
 * --live) one for every match it plays in, as it sees the match. The
 * fields are those of ggp-base's Match.toJSON, then ours.
 */
#include "gamelearn/ggp.h"
#include "gamelearn/fileio.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

long long ggp_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void ggp_record_init(ggp_record *rec, const char *id)
{
	memset(rec, 0, sizeof *rec);
	snprintf(rec->id, sizeof rec->id, "%s", id);
	gl_strbuf *bufs[] = {&rec->states, &rec->times, &rec->moves,
		&rec->counts, &rec->errors, &rec->stop_errors};
	for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
		gl_strbuf_init(bufs[i]);
	rec->start_ms = ggp_now_ms();
}

void ggp_record_done(ggp_record *rec)
{
	gl_strbuf *bufs[] = {&rec->states, &rec->times, &rec->moves,
		&rec->counts, &rec->errors, &rec->stop_errors};
	for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
		gl_strbuf_done(bufs[i]);
}

void ggp_record_state(ggp_record *rec, const gdl_game *gd, const uint64_t *st)
{
	gl_strbuf sym;
	gl_strbuf_init(&sym);
	gl_strbuf_printf(&sym, "( ");
	for (int i = 0; i < gdl_nbase(gd); i++)
		if (st[i >> 6] >> (i & 63) & 1) {
			char t[GGP_TEXT_MAX];
			gdl_base_text(gd, i, t, sizeof t);
			gl_strbuf_printf(&sym, "%s ", t);
		}
	gl_strbuf_printf(&sym, ")");
	gl_strbuf_printf(&rec->states, "%s", rec->states.len ? "," : "");
	gl_strbuf_json(&rec->states, sym.buf ? sym.buf : "( )");
	gl_strbuf_printf(&rec->times, "%s%lld", rec->times.len ? "," : "",
		ggp_now_ms());
	rec->states.oom |= sym.oom;
	gl_strbuf_done(&sym);
}

void ggp_record_errors(gl_strbuf *sb, const char *const *errs, int n)
{
	gl_strbuf_printf(sb, "%s[", sb->len ? "," : "");
	for (int r = 0; r < n; r++) {
		gl_strbuf_printf(sb, "%s", r ? "," : "");
		gl_strbuf_json(sb, errs ? errs[r] : "");
	}
	gl_strbuf_printf(sb, "]");
}

void ggp_record_step(ggp_record *rec, const gdl_game *gd, const int *joint,
	const int *nlegal)
{
	int nroles = gdl_nroles(gd);
	gl_strbuf_printf(&rec->counts, "%s[", rec->steps ? "," : "");
	gl_strbuf_printf(&rec->moves, "%s[", rec->steps ? "," : "");
	for (int r = 0; r < nroles; r++) {
		char t[GGP_TEXT_MAX];
		gdl_move_text(gd, joint[r], t, sizeof t);
		gl_strbuf_printf(&rec->counts, "%s%d", r ? "," : "", nlegal[r]);
		gl_strbuf_printf(&rec->moves, "%s", r ? "," : "");
		gl_strbuf_json(&rec->moves, t);
	}
	gl_strbuf_printf(&rec->counts, "]");
	gl_strbuf_printf(&rec->moves, "]");
	rec->steps++;
}

void ggp_record_write(const ggp_match_info *mi, const ggp_record *rec,
	gl_rng *rng, bool running, gl_strbuf *out)
{
	static const char alnum[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	int nroles = gdl_nroles(mi->gd);
	char token[33];
	for (int i = 0; i < 32; i++)
		token[i] = alnum[gl_rng_below(rng, 62)];
	token[32] = 0;
	gl_strbuf_printf(out, "{\"matchId\":");
	gl_strbuf_json(out, rec->id);
	gl_strbuf_printf(out, ",\"randomToken\":\"%s\",\"startTime\":%lld,", token,
		rec->start_ms);
	gl_strbuf_printf(out, mi->meta_url ? "\"gameMetaURL\":" : "\"rules\":");
	gl_strbuf_json(out, mi->meta_url ? mi->meta_url : mi->rules ? mi->rules :
		"");
	gl_strbuf_printf(out, ",\"isCompleted\":%s,\"isAborted\":%s,\"states\":[%s],"
		"\"moves\":[%s],\"stateTimes\":[%s],\"errors\":[%s]",
		rec->completed ? "true" : "false",
		rec->completed || running ? "false" : "true",
		rec->states.buf ? rec->states.buf : "",
		rec->moves.buf ? rec->moves.buf : "",
		rec->times.buf ? rec->times.buf : "",
		rec->errors.buf ? rec->errors.buf : "");
	if (rec->completed) {
		gl_strbuf_printf(out, ",\"goalValues\":[");
		for (int r = 0; r < nroles; r++)
			gl_strbuf_printf(out, "%s%d", r ? "," : "", rec->goals[r]);
		gl_strbuf_printf(out, "]");
	}
	gl_strbuf_printf(out, ",\"previewClock\":-1,\"startClock\":%g,"
		"\"playClock\":%g,\"playerNamesFromHost\":[", mi->sc, mi->pc);
	for (int r = 0; r < nroles; r++) {
		gl_strbuf_printf(out, r ? "," : "");
		gl_strbuf_json(out, mi->players ? mi->players[r] : "");
	}
	gl_strbuf_printf(out, "],\"scrambled\":false,\"gameRoleNames\":[");
	for (int r = 0; r < nroles; r++) {
		gl_strbuf_printf(out, r ? "," : "");
		gl_strbuf_json(out, gdl_role_name(mi->gd, r));
	}
	gl_strbuf_printf(out, "],\"legalCounts\":[%s],\"stopErrors\":%s%s}\n",
		rec->counts.buf ? rec->counts.buf : "",
		rec->stop_errors.buf ? rec->stop_errors.buf : "[]",
		running ? ",\"inProgress\":true" : "");
	out->oom |= rec->states.oom || rec->times.oom || rec->moves.oom ||
		rec->counts.oom || rec->errors.oom || rec->stop_errors.oom;
}

int ggp_record_live(const char *dir, const ggp_match_info *mi,
	const ggp_record *rec, const gl_rng *rng, bool running, gl_err *err)
{
	gl_rng r = *rng;
	gl_strbuf sb;
	gl_strbuf_init(&sb);
	ggp_record_write(mi, rec, &r, running, &sb);
	/* the file's name from the id, which a remote manager chose: only
	 * letters, digits, '.', '-' and '_' kept, and no leading '.' */
	char name[sizeof rec->id], path[PATH_MAX];
	size_t k = 0;
	for (const char *c = rec->id; *c && k + 1 < sizeof name; c++) {
		bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			(*c >= '0' && *c <= '9') || *c == '-' || *c == '_' ||
			(*c == '.' && k > 0);
		name[k++] = ok ? *c : '_';
	}
	name[k] = '\0';
	snprintf(path, sizeof path, "%s/%s.json", dir, k ? name : "_");
	int rc = gl_strbuf_write(&sb, path, err);
	gl_strbuf_done(&sb);
	return rc;
}
