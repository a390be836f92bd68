// SPDX-License-Identifier: GPL-2.0
/*
 * get --json: the answer get prints, as data (doc/maint-get.1, JSON
 * OUTPUT).  The recipients, their order and their To/Cc split are the
 * text answer's own (gm_answer() with --nol and --nom, as b4 asks for
 * them); what the text leaves out is added here: every role a recipient
 * has in the sections the files matched (the text names the first), with
 * the section's full name and status, whether an address is a list, and
 * the sections matched per file.
 */
#define _GNU_SOURCE /* memmem */
#include "model/model.h"
#include "get-internal.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

struct recipient {
	struct strbuf text; /* as the text answer prints it */
	struct strbuf name, address, lc_name, lc_address;
	struct strbuf text_role; /* the text answer's role */
	struct strbuf roles; /* JSON objects, comma-separated */
	struct strmap seen; /* role + section already given */
	bool list, moderated, subscribers_only;
};

struct jrun {
	struct gm_getmaint *g;
	const struct gm_opts *o;
	struct recipient *r;
	size_t nr;
	bool nomem;
};

/* The answer with o's options less the non-e-mail parts, one a line. */
static int text_answer(struct gm_getmaint *g, const struct gm_opts *base,
		       int roles, int lists, int maintainers,
		       struct gm_query *q, struct strbuf *out, struct diags *d)
{
	struct gm_opts o = *base;

	o.output_multiline = 1;
	o.output_roles = roles;
	o.output_rolestats = 0;
	o.scm = o.status = o.subsystem = o.web = o.bug = o.sections = 0;
	if (!lists)
		o.email_list = 0;
	if (!maintainers)
		o.email_maintainer = 0;
	return gm_answer(g, &o, q, out, d);
}

static void lc(struct strbuf *out, const struct strbuf *in)
{
	strbuf_reset(out);
	ulc(out, in->buf, in->len);
}

/* Out of memory in any of a recipient's buffers? */
static bool recipient_failed(const struct recipient *r)
{
	return strbuf_failed(&r->text) || strbuf_failed(&r->name) ||
	       strbuf_failed(&r->address) || strbuf_failed(&r->lc_name) ||
	       strbuf_failed(&r->lc_address) || strbuf_failed(&r->text_role) ||
	       strbuf_failed(&r->roles);
}

/* Out of memory in b: j->nomem set. */
static void check(struct jrun *j, const struct strbuf *b)
{
	if (strbuf_failed(b))
		j->nomem = true;
}

/* "Name <address>" (after .mailmap, as the answer maps it) in e */
static void canonical(struct jrun *j, const char *s, size_t len,
		      struct mnt_email *e)
{
	struct mnt_email_parser *ep = &j->g->cache.ep;
	struct strbuf f = STRBUF_INIT, m = STRBUF_INIT;

	if (mnt_email_parse(ep, s, len, e) ||
	    mnt_email_format(ep, &f, e->name.buf, e->name.len, e->address.buf,
			     e->address.len, 1) ||
	    mnt_mailmap_map(&j->g->mailmap, f.buf, f.len, &m) ||
	    mnt_email_parse(ep, m.buf, m.len, e))
		j->nomem = true;
	strbuf_release(&f);
	strbuf_release(&m);
}

/* the name as it reads: "David S. Miller" without its quotes */
static void unquote(const struct strbuf *in, struct strbuf *out)
{
	size_t k;

	strbuf_reset(out);
	if (in->len < 2 || in->buf[0] != '"' || in->buf[in->len - 1] != '"') {
		strbuf_addbuf(out, in);
		return;
	}
	for (k = 1; k + 1 < in->len; k++) {
		if (in->buf[k] == '\\' && k + 2 < in->len)
			k++;
		strbuf_addch(out, in->buf[k]);
	}
}

static struct recipient *find(struct jrun *j, const struct mnt_email *e)
{
	struct strbuf k = STRBUF_INIT;
	struct recipient *hit = NULL;
	size_t i;

	ulc(&k, e->address.buf, e->address.len);
	check(j, &k);
	for (i = 0; i < j->nr && !hit; i++)
		if (k.len && !bytecmp(k.buf, k.len, j->r[i].lc_address.buf,
				      j->r[i].lc_address.len))
			hit = &j->r[i];
	/* --remove-duplicates: one address per name, the first */
	if (!hit && j->o->email_remove_duplicates && e->name.len) {
		struct strbuf n = STRBUF_INIT;

		unquote(&e->name, &n);
		strbuf_reset(&k);
		ulc(&k, n.buf, n.len);
		check(j, &n);
		check(j, &k);
		strbuf_release(&n);
		for (i = 0; i < j->nr && !hit; i++)
			if (!bytecmp(k.buf, k.len, j->r[i].lc_name.buf,
				     j->r[i].lc_name.len))
				hit = &j->r[i];
	}
	strbuf_release(&k);
	return hit;
}

static void add_role(struct jrun *j, struct recipient *r, const char *role,
		     const struct strbuf *section, const struct strbuf *status,
		     const char *keyword, size_t kwlen)
{
	struct strbuf key = STRBUF_INIT;

	strbuf_addf(&key, "%s:%s:%.*s", role, section->buf, (int)kwlen,
		    keyword ? keyword : "");
	check(j, &key);
	if (!strmap_get(&r->seen, key.buf, key.len)) {
		if (!strmap_put(&r->seen, key.buf, key.len))
			j->nomem = true;
		strbuf_addstr(&r->roles, r->roles.len ? ", {" : "{");
		strbuf_addstr(&r->roles, "\"role\": ");
		json_add_str(&r->roles, role);
		strbuf_addstr(&r->roles, ", \"section\": ");
		json_add_string(&r->roles, section->buf, section->len);
		strbuf_addstr(&r->roles, ", \"status\": ");
		if (status->len)
			json_add_string(&r->roles, status->buf, status->len);
		else
			strbuf_addstr(&r->roles, "null");
		if (keyword) {
			strbuf_addstr(&r->roles, ", \"keyword\": ");
			json_add_string(&r->roles, keyword, kwlen);
		}
		strbuf_addch(&r->roles, '}');
	}
	strbuf_release(&key);
}

struct person_arg {
	struct jrun *j;
	const char *role;
	const struct strbuf *section, *status;
	const char *kw;
	size_t kwlen;
};

static int person(void *arg, const char *s, size_t len)
{
	struct person_arg *pa = arg;
	struct mnt_email e;
	struct recipient *r;

	mnt_email_init(&e);
	canonical(pa->j, s, len, &e);
	check(pa->j, &e.name);
	check(pa->j, &e.address);
	r = find(pa->j, &e);
	if (r)
		add_role(pa->j, r, pa->role, pa->section, pa->status, pa->kw,
			 pa->kwlen);
	mnt_email_release(&e);
	return pa->j->nomem ? -1 : 0;
}

/* get_maintainer_role(): what an M: is, by the section's S: */
static const char *maintainer_role(const struct strbuf *status,
				   struct strbuf *tmp)
{
	strbuf_reset(tmp);
	if (!status->len)
		return "unknown";
	ulc(tmp, status->buf, status->len);
	return gm_status_role(tmp->buf);
}

/* Every role the recipients have in the section of entry tvi. */
static void section_roles(struct jrun *j, size_t tvi, const char *kw,
			  size_t kwlen)
{
	struct gm_db *db = &j->g->db;
	size_t start = gm_section_start(db, tvi), end, i;
	struct strbuf section = STRBUF_INIT, status = STRBUF_INIT;
	struct strbuf tmp = STRBUF_INIT;
	struct person_arg pa = { j, NULL, &section, &status, kw, kwlen };

	end = gm_section_end(db, start + 1);
	gm_entry_text(db, start, &section);
	for (i = start + 1; i < end; i++)
		if (db->tv[i].type == 'S') {
			strbuf_reset(&status);
			strbuf_add(&status, db->tv[i].s, db->tv[i].len);
		}
	for (i = start + 1; i < end; i++) {
		const struct gm_entry *e = &db->tv[i];

		if ((e->type == 'M' && j->o->email_maintainer) ||
		    (e->type == 'R' && j->o->email_reviewer)) {
			pa.role = e->type == 'R' ?
					  "reviewer" :
					  maintainer_role(&status, &tmp);
			int split = mnt_email_split_list(&j->g->cache.ep, e->s,
							 e->len, person, &pa);

			if (split < 0)
				j->nomem = true;
			else if (!split)
				person(&pa, e->s, e->len);
		} else if (e->type == 'L') {
			size_t w = 0;
			struct mnt_email em;
			struct recipient *r;
			bool subs, mod;

			while (w < e->len && !uspace(e->s + w, e->s + e->len))
				w++;
			subs = memmem(e->s + w, e->len - w, "subscribers-only",
				      16) != NULL;
			mod = !subs &&
			      memmem(e->s + w, e->len - w, "moderated", 9);
			mnt_email_init(&em);
			canonical(j, e->s, w, &em);
			r = find(j, &em);
			if (r) {
				r->list = true;
				r->moderated |= mod;
				r->subscribers_only |= subs;
				add_role(j, r,
					 subs ? "subscriber list" :
					 mod  ? "moderated list" :
						"open list",
					 &section, &status, kw, kwlen);
			}
			mnt_email_release(&em);
		}
	}
	check(j, &section);
	check(j, &status);
	check(j, &tmp);
	strbuf_release(&section);
	strbuf_release(&status);
	strbuf_release(&tmp);
}

/* The lines of an answer as recipients. */
static int read_recipients(struct jrun *j, const struct strbuf *text,
			   const struct strbuf *roles)
{
	const char *p = text->buf, *end = text->buf + text->len, *nl;
	const char *rp = roles->buf, *rend = roles->buf + roles->len, *rnl;
	size_t alloc = 0;

	for (; p < end; p = nl + 1, rp = rnl + 1) {
		struct recipient *r;
		struct mnt_email e;
		size_t len;

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		rnl = rp < rend ? memchr(rp, '\n', (size_t)(rend - rp)) : NULL;
		if (!rnl)
			rnl = rend;
		if (nl == p)
			continue;
		if (!ALLOC_GROW(j->r, j->nr + 1, alloc))
			return -1;
		r = &j->r[j->nr++];
		memset(r, 0, sizeof(*r));
		strbuf_init(&r->text);
		strbuf_init(&r->name);
		strbuf_init(&r->address);
		strbuf_init(&r->lc_name);
		strbuf_init(&r->lc_address);
		strbuf_init(&r->text_role);
		strbuf_init(&r->roles);
		strbuf_add(&r->text, p, (size_t)(nl - p));
		/* "TEXT (role)": the role the text answer gives */
		len = (size_t)(rnl - rp);
		if (len > r->text.len + 3 &&
		    !memcmp(rp, r->text.buf, r->text.len) &&
		    rp[r->text.len] == ' ' && rp[r->text.len + 1] == '(')
			strbuf_add(&r->text_role, rp + r->text.len + 2,
				   len - r->text.len - 3);
		mnt_email_init(&e);
		if (mnt_email_parse(&j->g->cache.ep, p, (size_t)(nl - p), &e)) {
			mnt_email_release(&e);
			return -1;
		}
		unquote(&e.name, &r->name);
		strbuf_addbuf(&r->address, &e.address);
		mnt_email_release(&e);
		lc(&r->lc_name, &r->name);
		lc(&r->lc_address, &r->address);
		if (recipient_failed(r))
			return -1;
	}
	return 0;
}

/*
 * ["TEXT", ...] of the lines of an answer: with record, each noted in
 * seen; without, those seen left out (b4's Cc: is what To: has not).
 * 0, or -1 (out of memory).
 */
static int json_lines(struct strbuf *out, const struct strbuf *text,
		      struct strmap *seen, bool record)
{
	const char *p = text->buf, *end = text->buf + text->len, *nl;
	bool first = true;
	int ret = 0;

	strbuf_addch(out, '[');
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if (nl == p)
			continue;
		if (seen && !record && strmap_get(seen, p, (size_t)(nl - p)))
			continue;
		if (seen && record && !strmap_put(seen, p, (size_t)(nl - p)))
			ret = -1;
		strbuf_addstr(out, first ? "" : ", ");
		json_add_string(out, p, (size_t)(nl - p));
		first = false;
	}
	strbuf_addch(out, ']');
	return ret;
}

static void file_sections(struct jrun *j, const char *file, struct strbuf *out)
{
	struct gm_db *db = &j->g->db;
	struct gm_hit *hits = NULL;
	struct strbuf tmp = STRBUF_INIT;
	size_t n = 0, i, k;
	bool exact = false;

	strbuf_addstr(out, "{\"path\": ");
	json_add_str(out, file);
	strbuf_addstr(out, ", \"sections\": [");
	if (gm_hits(db, j->o, file, &exact, &hits, &n))
		j->nomem = true;
	for (i = 0; i < n; i++) {
		size_t start = gm_section_start(db, hits[i].tvi);
		size_t end = gm_section_end(db, start + 1);
		const struct gm_entry *st = NULL;

		gm_entry_text(db, start, &tmp);
		strbuf_addstr(out, i ? ", {\"name\": " : "{\"name\": ");
		json_add_string(out, tmp.buf, tmp.len);
		for (k = start + 1; k < end; k++)
			if (db->tv[k].type == 'S')
				st = &db->tv[k];
		strbuf_addstr(out, ", \"status\": ");
		if (st)
			json_add_string(out, st->s, st->len);
		else
			strbuf_addstr(out, "null");
		strbuf_addf(out, ", \"depth\": %ld}", hits[i].depth);
		section_roles(j, hits[i].tvi, NULL, 0);
	}
	strbuf_addstr(out, "]}");
	check(j, &tmp);
	free(hits);
	strbuf_release(&tmp);
}

/*
 * The script's parsing bug (issue #24 item 7): an author's name read
 * with the "GitAuthor: " of its own log format still on it, which the
 * text answer prints as "GitAuthor: Name" <address> (as the script does).
 * The JSON answer gives the name the commit has: each line of text that
 * starts so is rewritten as format_email() would have written it.
 */
static int strip_gitauthor(struct mnt_email_parser *ep, struct strbuf *text)
{
	static const char mark[] = "\"GitAuthor: ";
	const size_t ml = sizeof(mark) - 1;
	struct strbuf out = STRBUF_INIT, one = STRBUF_INIT;
	const char *p = text->buf, *end = text->buf + text->len, *nl;

	if (!memmem(text->buf, text->len, mark, ml))
		return 0;
	for (; p < end; p = nl + 1) {
		const char *q, *a, *ae;

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		q = (size_t)(nl - p) > ml && !memcmp(p, mark, ml) ?
			    memchr(p + ml, '"', (size_t)(nl - p - ml)) :
			    NULL;
		a = q && q + 2 < nl && q[1] == ' ' && q[2] == '<' ? q + 3 :
								    NULL;
		ae = a ? memchr(a, '>', (size_t)(nl - a)) : NULL;
		if (ae) {
			if (mnt_email_format(ep, &one, p + ml,
					     (size_t)(q - p - ml), a,
					     (size_t)(ae - a), 1))
				out.failed = true;
			strbuf_addbuf(&out, &one);
			strbuf_add(&out, ae + 1, (size_t)(nl - ae - 1));
		} else {
			strbuf_add(&out, p, (size_t)(nl - p));
		}
		if (nl < end)
			strbuf_addch(&out, '\n');
	}
	strbuf_release(&one);
	if (strbuf_failed(&out)) {
		strbuf_release(&out);
		return -1;
	}
	strbuf_release(text);
	*text = out;
	return 0;
}

/* The roles the history gives (get_maintainer.pl's vcs roles). */
static const char *const history_role_names[] = {
	"commit_signer", "authored",	 "added_lines",
	"removed_lines", "blamed_fixes",
};

/*
 * The history role that starts at pos of a text role ("authored:1/2=50%"
 * or, with --norolestats, "authored"), or NULL.
 */
static const char *history_role_at(const struct strbuf *tr, size_t pos)
{
	size_t i, n;

	if (pos && tr->buf[pos - 1] != ',')
		return NULL;
	for (i = 0;
	     i < sizeof(history_role_names) / sizeof(*history_role_names);
	     i++) {
		n = strlen(history_role_names[i]);
		if (tr->len - pos >= n &&
		    !memcmp(tr->buf + pos, history_role_names[i], n) &&
		    (pos + n == tr->len || tr->buf[pos + n] == ':' ||
		     tr->buf[pos + n] == ','))
			return history_role_names[i];
	}
	return NULL;
}

/*
 * Every history role of a text role, in its order, after what out holds
 * past mark: a recipient the history found keeps all its roles, not the
 * first only (issue #24 item 11).
 */
static void history_roles(struct strbuf *out, size_t mark,
			  const struct strbuf *tr)
{
	const char *role;
	size_t pos;

	for (pos = 0; pos < tr->len; pos++) {
		role = history_role_at(tr, pos);
		if (!role)
			continue;
		strbuf_addstr(out, out->len > mark ? ", {" : "{");
		strbuf_addstr(out, "\"role\": ");
		json_add_str(out, role);
		strbuf_addstr(out, ", \"section\": null, \"status\": null}");
	}
}

/* "keywords": each K: hit with its section, whose roles it adds. */
static void json_keywords(struct jrun *j, const struct gm_query *q,
			  struct strbuf *out)
{
	struct gm_db *db = &j->g->db;
	size_t i;

	strbuf_addstr(out, "  \"keywords\": [");
	for (i = 0; j->o->keywords && i < q->nr_kw; i++) {
		const struct gm_entry *e = &db->tv[q->kw_hits[i]];
		struct strbuf sec = STRBUF_INIT;

		gm_entry_text(db, gm_section_start(db, q->kw_hits[i]), &sec);
		strbuf_addstr(out, i ? ", {\"keyword\": " : "{\"keyword\": ");
		json_add_string(out, e->s, e->len);
		strbuf_addstr(out, ", \"section\": ");
		json_add_string(out, sec.buf, sec.len);
		strbuf_addch(out, '}');
		check(j, &sec);
		strbuf_release(&sec);
		section_roles(j, q->kw_hits[i], e->s, e->len);
	}
}

/* A recipient's "roles": from sections, else its text's, history's. */
static void json_roles(struct strbuf *out, const struct recipient *r)
{
	size_t mark = out->len;

	if (!r->roles.len && r->text_role.len &&
	    !history_role_at(&r->text_role, 0)) {
		/* a role from no section: chief penguin, in file */
		const char *colon =
			memchr(r->text_role.buf, ':', r->text_role.len);
		size_t rl = colon ? (size_t)(colon - r->text_role.buf) :
				    r->text_role.len;

		strbuf_addstr(out, "{\"role\": ");
		json_add_string(out, r->text_role.buf, rl);
		strbuf_addstr(out, ", \"section\": null, \"status\": null}");
	}
	strbuf_addbuf(out, &r->roles);
	history_roles(out, mark, &r->text_role);
	/* an address also found in the file (--file-emails, .yaml) */
	if (out->len > mark && r->text_role.len >= 8 &&
	    !memcmp(r->text_role.buf + r->text_role.len - 8, ",in file", 8))
		strbuf_addstr(out, ", {\"role\": \"in file\", "
				   "\"section\": null, \"status\": null}");
}

/* One element of "recipients". */
static void json_recipient(struct strbuf *out, const struct recipient *r)
{
	strbuf_addstr(out, "\"name\": ");
	if (r->name.len)
		json_add_string(out, r->name.buf, r->name.len);
	else
		strbuf_addstr(out, "null");
	strbuf_addstr(out, ", \"address\": ");
	json_add_string(out, r->address.buf, r->address.len);
	strbuf_addstr(out, ", \"email\": ");
	json_add_string(out, r->text.buf, r->text.len);
	strbuf_addf(out, ", \"kind\": \"%s\"", r->list ? "list" : "person");
	if (r->list)
		strbuf_addf(out,
			    ", \"moderated\": %s, \"subscribers_only\": %s",
			    r->moderated ? "true" : "false",
			    r->subscribers_only ? "true" : "false");
	strbuf_addstr(out, ",\n      \"roles\": [");
	json_roles(out, r);
	strbuf_addstr(out, "],\n      \"text_role\": ");
	json_add_string(out, r->text_role.buf, r->text_role.len);
}

static void jrun_release(struct jrun *j)
{
	size_t i;

	for (i = 0; i < j->nr; i++) {
		strbuf_release(&j->r[i].text);
		strbuf_release(&j->r[i].name);
		strbuf_release(&j->r[i].address);
		strbuf_release(&j->r[i].lc_name);
		strbuf_release(&j->r[i].lc_address);
		strbuf_release(&j->r[i].text_role);
		strbuf_release(&j->r[i].roles);
		strmap_release(&j->r[i].seen);
	}
	free(j->r);
}

int gm_answer_json(struct gm_getmaint *g, const struct gm_opts *o,
		   struct gm_query *q, struct strbuf *out, struct diags *d)
{
	struct jrun j = { g, o, NULL, 0, false };
	struct strbuf all = STRBUF_INIT, roles = STRBUF_INIT;
	struct strbuf to = STRBUF_INIT, cc = STRBUF_INIT;
	struct strmap seen = STRMAP_INIT;
	size_t i;
	int ret = -1;

	if (text_answer(g, o, 0, 1, 1, q, &all, d) ||
	    text_answer(g, o, 1, 1, 1, q, &roles, d) ||
	    text_answer(g, o, 0, 0, 1, q, &to, d) ||
	    text_answer(g, o, 0, 1, 0, q, &cc, d))
		goto out;
	if (strip_gitauthor(&g->cache.ep, &all) ||
	    strip_gitauthor(&g->cache.ep, &roles) ||
	    strip_gitauthor(&g->cache.ep, &to) ||
	    strip_gitauthor(&g->cache.ep, &cc) ||
	    read_recipients(&j, &all, &roles))
		goto nomem;

	strbuf_addf(out, "{\n  \"version\": %d,\n  \"files\": [",
		    GM_JSON_VERSION);
	for (i = 0; i < q->nr_files; i++) {
		strbuf_addstr(out, i ? ",\n    " : "\n    ");
		file_sections(&j, q->files[i], out);
	}
	strbuf_addstr(out, q->nr_files ? "\n  ],\n" : "],\n");
	json_keywords(&j, q, out);
	strbuf_addstr(out, "],\n  \"recipients\": [");
	for (i = 0; i < j.nr; i++) {
		strbuf_addstr(out, i ? ",\n    {" : "\n    {");
		json_recipient(out, &j.r[i]);
		strbuf_addch(out, '}');
		if (recipient_failed(&j.r[i]))
			j.nomem = true;
	}
	strbuf_addstr(out, j.nr ? "\n  ],\n  \"to\": " : "],\n  \"to\": ");
	if (json_lines(out, &to, &seen, true))
		j.nomem = true;
	strbuf_addstr(out, ",\n  \"cc\": ");
	json_lines(out, &cc, &seen, false);
	strbuf_addstr(out, "\n}\n");
	if (j.nomem || strbuf_failed(out))
		goto nomem;
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	jrun_release(&j);
	strmap_release(&seen);
	strbuf_release(&all);
	strbuf_release(&roles);
	strbuf_release(&to);
	strbuf_release(&cc);
	return ret;
}

int gm_get_json(struct gm_getmaint *g, const struct gm_opts *o,
		const struct gm_request *rq, struct strbuf *out,
		struct diags *d)
{
	struct gm_query q = { 0 };
	int ret = gm_get_query(g, o, rq, &q, d) ||
		  gm_answer_json(g, o, &q, out, d);

	gm_query_release(&q);
	return ret ? -1 : 0;
}
