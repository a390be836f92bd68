// SPDX-License-Identifier: GPL-2.0
/*
 * get, the answer written out: role strings ("maintainer:SUBSYSTEM"),
 * deduplicate_email() and the mailmap, add_role(), --sections, and the
 * script's output() of @to, @scm, @status, @subsystem, @web and @bug.
 */
#include "get-answer.h"
#include "base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gm_subsystem_name(struct gm_db *db, size_t i, struct strbuf *out)
{
	size_t start = gm_section_start(db, i);

	gm_entry_text(db, start, out);
	if (u8count(out->buf, out->len) > 50) {
		const char *p = out->buf, *end = out->buf + out->len;
		size_t n;
		const char *s;

		for (n = 0; n < 47; n++)
			p += u8len(p, end);
		s = out->buf;
		n = (size_t)(p - s);
		/* s/\s*$// */
		while (n) {
			const char *q = s + n - 1;

			while (q > s && ((unsigned char)*q & 0xc0) == 0x80)
				q--;
			if (uspace(q, s + n) != (size_t)(s + n - q))
				break;
			n = (size_t)(q - s);
		}
		out->len = n;
		strbuf_addstr(out, "...");
	}
}

const char *gm_status_role(const char *status)
{
	static const char *const map[][2] = {
		{ "supported", "supporter" },
		{ "maintained", "maintainer" },
		{ "odd fixes", "odd fixer" },
		{ "orphan", "orphan minder" },
		{ "obsolete", "obsolete minder" },
		{ "buried alive in reporters", "chief penguin" },
	};
	size_t k;

	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++)
		if (!strcmp(status, map[k][0]))
			return map[k][1];
	return status;
}

/*
 * get_maintainer_role(): by the section's last S: (6.12), or (6.15 and
 * later) "maintainer" whatever it says, "chief penguin" for the one
 * section "Buried alive in reporters".
 */
void gm_maintainer_role(struct gm_db *db, const struct gm_opts *o, size_t i,
			struct strbuf *out)
{
	size_t start = gm_section_start(db, i), end = gm_section_end(db, i);
	struct strbuf role = STRBUF_INIT, sub = STRBUF_INIT;
	const char *v = "unknown", *mapped;
	size_t vlen = 7, k;

	for (k = start + 1; k < end; k++)
		if (db->tv[k].type == 'S') {
			v = db->tv[k].s;
			vlen = db->tv[k].len;
		}
	ulc(&role, v, vlen);
	mapped = gm_status_role(role.buf);
	if (o->gen >= MNT_GEN_6_15 && strcmp(mapped, "chief penguin"))
		mapped = "maintainer";
	if (mapped != role.buf) {
		strbuf_reset(&role);
		strbuf_addstr(&role, mapped);
	}
	gm_subsystem_name(db, i, &sub);
	strbuf_reset(out);
	strbuf_add(out, role.buf, role.len);
	strbuf_addch(out, ':');
	strbuf_add(out, sub.buf, sub.len);
	if (strbuf_failed(&role) || strbuf_failed(&sub))
		out->failed = true; /* out of memory, as a failed append */
	strbuf_release(&role);
	strbuf_release(&sub);
}

void gm_print_section(struct gm_answer_state *r, size_t tvi)
{
	struct gm_db *db = r->db;
	size_t start = gm_section_start(db, tvi);
	size_t end = gm_section_end(db, tvi), i;
	struct strbuf line = STRBUF_INIT, t = STRBUF_INIT;

	for (i = start; i < end; i++) {
		char type = db->tv[i].type;

		gm_glob_resolve(db, &db->tv[i]);
		gm_entry_text(db, i, &line);
		if (type == 'F' || type == 'X') {
			gm_re(r, perlre_subst(&r->g->cache.restore[0], line.buf,
					      line.len, "$1?$2", true, &t));
			gm_re(r, perlre_subst(&r->g->cache.restore[1], t.buf,
					      t.len, "$1?", true, &line));
			gm_re(r, perlre_subst(&r->g->cache.restore[2], line.buf,
					      line.len, ".", true, &t));
			gm_re(r, perlre_subst(&r->g->cache.restore[3], t.buf,
					      t.len, "*", true, &line));
		}
		if (type) {
			/* s/^([A-Z]):/$1:\t/ and the --letters filter */
			bool want = !*r->o->letters;
			const char *l;

			for (l = r->o->letters; *l && !want; l++)
				want = (*l & ~0x20) == type;
			if (!want)
				continue;
			strbuf_add(r->out, line.buf, 2);
			strbuf_addch(r->out, '\t');
			strbuf_add(r->out, line.buf + 2, line.len - 2);
		} else {
			strbuf_add(r->out, line.buf, line.len);
		}
		strbuf_addch(r->out, '\n');
	}
	strbuf_addch(r->out, '\n');
	strbuf_release(&line);
	strbuf_release(&t);
}

/* the script's deduplicate_email() */
void gm_deduplicate_email(struct gm_answer_state *r, struct strbuf *email)
{
	struct mnt_email e;
	struct strbuf f = STRBUF_INIT, k = STRBUF_INIT;
	struct strmap_entry *hit = NULL;

	mnt_email_init(&e);
	if (gm_em(r, mnt_email_parse(r->ep, email->buf, email->len, &e)) ||
	    gm_em(r, mnt_email_format(r->ep, &f, e.name.buf, e.name.len,
				      e.address.buf, e.address.len, 1)) ||
	    gm_em(r, mnt_mailmap_map(&r->g->mailmap, f.buf, f.len, email)))
		goto out;
	if (!r->o->email_remove_duplicates)
		goto out;
	if (gm_em(r, mnt_email_parse(r->ep, email->buf, email->len, &e)))
		goto out;
	if (e.name.len) {
		ulc(&k, e.name.buf, e.name.len);
		hit = strmap_get(&r->dedup_name, k.buf, k.len);
	}
	if (!hit) {
		strbuf_reset(&k);
		ulc(&k, e.address.buf, e.address.len);
		hit = strmap_get(&r->dedup_address, k.buf, k.len);
	}
	if (hit) {
		const struct mnt_email *h = hit->value;

		strbuf_reset(&e.name);
		strbuf_add(&e.name, h->name.buf, h->name.len);
		strbuf_reset(&e.address);
		strbuf_add(&e.address, h->address.buf, h->address.len);
	} else {
		struct mnt_email *save = arena_alloc(&r->arena, sizeof(*save));
		struct strmap_entry *en, *ea;

		if (!save) {
			r->nomem = true;
			goto out;
		}
		save->name.buf = arena_dup(&r->arena, e.name.buf, e.name.len);
		save->name.len = e.name.len;
		save->address.buf =
			arena_dup(&r->arena, e.address.buf, e.address.len);
		save->address.len = e.address.len;
		strbuf_reset(&k);
		ulc(&k, e.name.buf, e.name.len);
		en = strmap_put(&r->dedup_name, k.buf, k.len);
		strbuf_reset(&k);
		ulc(&k, e.address.buf, e.address.len);
		ea = strmap_put(&r->dedup_address, k.buf, k.len);
		if (!en || !ea || !save->name.buf || !save->address.buf) {
			r->nomem = true;
			goto out;
		}
		en->value = save;
		ea->value = save;
	}
	if (!gm_em(r, mnt_email_format(r->ep, &f, e.name.buf, e.name.len,
				       e.address.buf, e.address.len, 1)))
		gm_em(r, mnt_mailmap_map(&r->g->mailmap, f.buf, f.len, email));
out:
	gm_check_email(r, &e, &f);
	gm_check_email(r, NULL, &k);
	gm_check_email(r, NULL, email);
	strbuf_release(&f);
	strbuf_release(&k);
	mnt_email_release(&e);
}

/* the script's add_role($line, $role) */
void gm_add_role(struct gm_answer_state *r, const char *line, size_t len,
		 const char *role)
{
	struct mnt_email e, x;
	struct strbuf f = STRBUF_INIT;
	struct perlre re = PERLRE(role, 0);
	size_t i;

	mnt_email_init(&e);
	mnt_email_init(&x);
	if (gm_em(r, mnt_email_parse(r->ep, line, len, &e)) ||
	    gm_em(r, mnt_email_format(r->ep, &f, e.name.buf, e.name.len,
				      e.address.buf, e.address.len,
				      r->o->email_usename)))
		goto out;
	for (i = 0; i < r->email_to.nr && !r->nomem; i++) {
		struct gm_tagged *t = &r->email_to.v[i];
		bool match;

		if (r->o->email_remove_duplicates) {
			if (gm_em(r, mnt_email_parse(r->ep, t->email.buf,
						     t->email.len, &x)))
				break;
			match = (e.name.len == x.name.len &&
				 !memcmp(e.name.buf, x.name.buf, e.name.len)) ||
				(e.address.len == x.address.len &&
				 !memcmp(e.address.buf, x.address.buf,
					 e.address.len));
		} else {
			match = f.len == t->email.len &&
				!memcmp(f.buf, t->email.buf, f.len);
		}
		if (match &&
		    (!*role || gm_re(r, perlre_match(&re, t->role.buf,
						     t->role.len)) <= 0)) {
			if (t->role.len)
				strbuf_addch(&t->role, ',');
			strbuf_addstr(&t->role, role);
			gm_check_email(r, NULL, &t->role);
		}
	}
out:
	gm_check_email(r, &e, &f);
	gm_check_email(r, &x, NULL);
	perlre_free(&re);
	strbuf_release(&f);
	mnt_email_release(&e);
	mnt_email_release(&x);
}

static void output(struct gm_answer_state *r, struct strbuf *v, size_t n)
{
	size_t i;

	if (r->o->output_multiline) {
		for (i = 0; i < n; i++) {
			strbuf_add(r->out, v[i].buf, v[i].len);
			strbuf_addch(r->out, '\n');
		}
		return;
	}
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addstr(r->out, r->o->output_separator);
		strbuf_add(r->out, v[i].buf, v[i].len);
	}
	strbuf_addch(r->out, '\n');
}

/* output(uniq(@list)) when the option is on */
static void output_uniq(struct gm_answer_state *r, int on, struct strlist *l)
{
	if (!on)
		return;
	strlist_uniq(l);
	output(r, l->v, l->nr);
}

/*
 * A JSON string as JSON::PP writes it: '"', '\\' and the control
 * characters escaped, anything else (UTF-8) as it is.  (The 7.2 script
 * writes text it read as UTF-8 encoded twice; maint writes it once.)
 */
static void json_string(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	strbuf_addch(out, '"');
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '"':
			strbuf_addstr(out, "\\\"");
			break;
		case '\\':
			strbuf_addstr(out, "\\\\");
			break;
		case '\n':
			strbuf_addstr(out, "\\n");
			break;
		case '\r':
			strbuf_addstr(out, "\\r");
			break;
		case '\t':
			strbuf_addstr(out, "\\t");
			break;
		case '\f':
			strbuf_addstr(out, "\\f");
			break;
		case '\b':
			strbuf_addstr(out, "\\b");
			break;
		default:
			if (c < 0x20)
				strbuf_addf(out, "\\u%04x", c);
			else
				strbuf_addch(out, (char)c);
		}
	}
	strbuf_addch(out, '"');
}

/* "key":[...] of a uniq()'d list, after sep */
static void json_list(struct strbuf *out, const char *sep, const char *key,
		      struct strlist *l)
{
	size_t i;

	strlist_uniq(l);
	strbuf_addf(out, "%s\"%s\":[", sep, key);
	for (i = 0; i < l->nr; i++) {
		if (i)
			strbuf_addch(out, ',');
		json_string(out, l->v[i].buf, l->v[i].len);
	}
	strbuf_addch(out, ']');
}

/*
 * --json (7.2): one line, JSON::PP->new->canonical->utf8 (keys sorted):
 * "maintainers" as {email, name[, role]} split from the lines the text
 * would print, then bug, scm, status, subsystem, web when asked for.
 * Never the substatus lines.
 */
static void answer_json(struct gm_answer_state *r, struct strlist *lines)
{
	const struct gm_opts *o = r->o;
	struct perlre re = PERLRE("^(.*?)\\s+\\((.+)\\)\\s*$", 0);
	struct strbuf *out = r->out;
	struct mnt_email e;
	size_t i;

	mnt_email_init(&e);
	strbuf_addstr(out, "{");
	if (o->bug)
		json_list(out, "", "bug", &r->bug);
	if (o->bug)
		strbuf_addch(out, ',');
	strbuf_addstr(out, "\"maintainers\":[");
	for (i = 0; i < lines->nr; i++) {
		const char *s = lines->v[i].buf, *role = NULL, *addr = s;
		size_t len = lines->v[i].len, rlen = 0, alen = len;

		if (o->output_roles &&
		    gm_re(r, perlre_match(&re, s, len)) > 0) {
			addr = perlre_group(&re, s, 1, &alen);
			role = perlre_group(&re, s, 2, &rlen);
		}
		if (gm_em(r, mnt_email_parse(r->ep, addr, alen, &e)))
			break;
		if (i)
			strbuf_addch(out, ',');
		strbuf_addstr(out, "{\"email\":");
		json_string(out, e.address.buf, e.address.len);
		strbuf_addstr(out, ",\"name\":");
		json_string(out, e.name.buf, e.name.len);
		if (role && rlen) {
			strbuf_addstr(out, ",\"role\":");
			json_string(out, role, rlen);
		}
		strbuf_addch(out, '}');
	}
	strbuf_addch(out, ']');
	if (o->scm)
		json_list(out, ",", "scm", &r->scm);
	if (o->status)
		json_list(out, ",", "status", &r->status);
	if (o->subsystem)
		json_list(out, ",", "subsystem", &r->subsystem);
	if (o->web)
		json_list(out, ",", "web", &r->web);
	strbuf_addstr(out, "}\n");
	perlre_free(&re);
	mnt_email_release(&e);
}

/*
 * @to (merge_email()), then @scm, (6.15) @substatus, @status,
 * @subsystem, @web, @bug; or (7.2) all of it as JSON
 */
void gm_answer_emit(struct gm_answer_state *r)
{
	const struct gm_opts *o = r->o;
	struct gm_tagged_list *ls[2] = { o->email ? &r->email_to : NULL,
					 o->email_list ? &r->list_to : NULL };
	struct strlist lines = { NULL, 0, 0 };
	struct strmap saw = STRMAP_INIT;
	struct strbuf tmp = STRBUF_INIT;
	size_t i, k;

	for (k = 0; k < 2; k++) {
		for (i = 0; ls[k] && i < ls[k]->nr; i++) {
			struct gm_tagged *t = &ls[k]->v[i];

			if (strmap_get(&saw, t->email.buf, t->email.len))
				continue;
			if (!strmap_put(&saw, t->email.buf, t->email.len))
				r->nomem = true;
			strbuf_reset(&tmp);
			strbuf_addbuf(&tmp, &t->email);
			if (o->output_roles) {
				strbuf_addstr(&tmp, " (");
				strbuf_addbuf(&tmp, &t->role);
				strbuf_addch(&tmp, ')');
			}
			gm_check_email(r, NULL, &tmp);
			gm_strlist_add(r, &lines, tmp.buf, tmp.len, "");
		}
	}
	if (o->json) {
		answer_json(r, &lines);
	} else {
		if (lines.nr)
			output(r, lines.v, lines.nr);
		output_uniq(r, o->scm, &r->scm);
		output_uniq(r, o->substatus, &r->substatus);
		output_uniq(r, o->status, &r->status);
		output_uniq(r, o->subsystem, &r->subsystem);
		output_uniq(r, o->web, &r->web);
		output_uniq(r, o->bug, &r->bug);
	}
	gm_strlist_release(&lines);
	strmap_release(&saw);
	strbuf_release(&tmp);
}
