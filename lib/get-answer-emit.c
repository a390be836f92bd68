// SPDX-License-Identifier: GPL-2.0
/*
 * get, the answer written out: role strings ("maintainer:SUBSYSTEM"),
 * deduplicate_email() and the mailmap, add_role(), --sections, and the
 * script's output() of @to, @scm, @status, @subsystem, @web and @bug.
 */
#include "get-answer.h"
#include "ustr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ga_subsystem_name(struct gm_db *db, size_t i, struct strbuf *out)
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

void ga_maintainer_role(struct gm_db *db, size_t i, struct strbuf *out)
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
	if (mapped != role.buf) {
		strbuf_reset(&role);
		strbuf_addstr(&role, mapped);
	}
	ga_subsystem_name(db, i, &sub);
	strbuf_reset(out);
	strbuf_add(out, role.buf, role.len);
	strbuf_addch(out, ':');
	strbuf_add(out, sub.buf, sub.len);
	strbuf_release(&role);
	strbuf_release(&sub);
}

void ga_print_section(struct run *r, size_t tvi)
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
			perlre_subst(&r->g->cache.restore[0], line.buf,
				     line.len, "$1?$2", true, &t);
			perlre_subst(&r->g->cache.restore[1], t.buf, t.len,
				     "$1?", true, &line);
			perlre_subst(&r->g->cache.restore[2], line.buf,
				     line.len, ".", true, &t);
			perlre_subst(&r->g->cache.restore[3], t.buf, t.len, "*",
				     true, &line);
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
void ga_deduplicate_email(struct run *r, struct strbuf *email)
{
	struct email e;
	struct strbuf f = STRBUF_INIT, k = STRBUF_INIT;
	struct strmap_entry *hit = NULL;

	email_init(&e);
	email_parse(r->ep, email->buf, email->len, &e);
	email_format(r->ep, &f, e.name.buf, e.name.len, e.address.buf,
		     e.address.len, 1);
	mailmap_map(&r->g->mailmap, f.buf, f.len, email);
	if (!r->o->email_remove_duplicates)
		goto out;
	email_parse(r->ep, email->buf, email->len, &e);
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
		const struct email *h = hit->value;

		strbuf_reset(&e.name);
		strbuf_add(&e.name, h->name.buf, h->name.len);
		strbuf_reset(&e.address);
		strbuf_add(&e.address, h->address.buf, h->address.len);
	} else {
		struct email *save = arena_alloc(&r->arena, sizeof(*save));
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
	email_format(r->ep, &f, e.name.buf, e.name.len, e.address.buf,
		     e.address.len, 1);
	mailmap_map(&r->g->mailmap, f.buf, f.len, email);
out:
	strbuf_release(&f);
	strbuf_release(&k);
	email_release(&e);
}

/* the script's add_role($line, $role) */
void ga_add_role(struct run *r, const char *line, size_t len, const char *role)
{
	struct email e, x;
	struct strbuf f = STRBUF_INIT;
	struct perlre re = PERLRE(role, 0);
	size_t i;

	email_init(&e);
	email_init(&x);
	email_parse(r->ep, line, len, &e);
	email_format(r->ep, &f, e.name.buf, e.name.len, e.address.buf,
		     e.address.len, r->o->email_usename);
	for (i = 0; i < r->email_to.nr; i++) {
		struct tagged *t = &r->email_to.v[i];
		bool match;

		if (r->o->email_remove_duplicates) {
			email_parse(r->ep, t->email.buf, t->email.len, &x);
			match = (e.name.len == x.name.len &&
				 !memcmp(e.name.buf, x.name.buf, e.name.len)) ||
				(e.address.len == x.address.len &&
				 !memcmp(e.address.buf, x.address.buf,
					 e.address.len));
		} else {
			match = f.len == t->email.len &&
				!memcmp(f.buf, t->email.buf, f.len);
		}
		if (match && (!*role || perlre_match(&re, t->role.buf,
						     t->role.len) <= 0)) {
			if (t->role.len)
				strbuf_addch(&t->role, ',');
			strbuf_addstr(&t->role, role);
		}
	}
	perlre_free(&re);
	strbuf_release(&f);
	email_release(&e);
	email_release(&x);
}

static void output(struct run *r, struct strbuf *v, size_t n)
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
static void output_uniq(struct run *r, int on, struct strlist *l)
{
	if (!on)
		return;
	strlist_uniq(l);
	output(r, l->v, l->nr);
}

/* @to (merge_email()), then @scm, @status, @subsystem, @web, @bug */
void ga_answer_emit(struct run *r)
{
	const struct gm_opts *o = r->o;
	struct tagged_list *ls[2] = { o->email ? &r->email_to : NULL,
				      o->email_list ? &r->list_to : NULL };
	struct strlist lines = { NULL, 0, 0 };
	struct strmap saw = STRMAP_INIT;
	struct strbuf tmp = STRBUF_INIT;
	size_t i, k;

	for (k = 0; k < 2; k++) {
		for (i = 0; ls[k] && i < ls[k]->nr; i++) {
			struct tagged *t = &ls[k]->v[i];

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
			ga_strlist_add(r, &lines, tmp.buf, tmp.len, "");
		}
	}
	if (lines.nr)
		output(r, lines.v, lines.nr);
	output_uniq(r, o->scm, &r->scm);
	output_uniq(r, o->status, &r->status);
	output_uniq(r, o->subsystem, &r->subsystem);
	output_uniq(r, o->web, &r->web);
	output_uniq(r, o->bug, &r->bug);
	ga_strlist_release(&lines);
	strmap_release(&saw);
	strbuf_release(&tmp);
}
