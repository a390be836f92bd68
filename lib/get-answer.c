// SPDX-License-Identifier: GPL-2.0
/*
 * get, the answer: for the sections a query's files match (and its
 * keywords), the roles and lists collected as get_maintainer.pl collects
 * them (add_categories()), de-duplicated and mailmapped, the chief
 * penguins left out, the addresses found in the files added, and all of
 * it printed in the script's order and format.
 */
#define _GNU_SOURCE /* memmem */
#include "get-internal.h"
#include "fileio.h"
#include "ustr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FILE_EMAIL, CLEAN_ADDR, NAME_SEP, PARTICLE, LETTER };

struct tagged {
	struct strbuf email, role;
};

struct tagged_list {
	struct tagged *v;
	size_t nr, alloc;
};

struct strlist {
	struct strbuf *v;
	size_t nr, alloc;
};

struct run {
	struct getmaint *g;
	struct gm_db *db;
	struct email_parser *ep;
	const struct gm_opts *o;
	struct diags *d;
	struct tagged_list email_to, list_to;
	struct strlist scm, web, bug, subsystem, status;
	struct strmap hash_name, hash_address, hash_list;
	struct strmap dedup_name, dedup_address; /* value: struct email * */
	struct strlist file_emails;
	struct strbuf *out;
	struct arena arena; /* this answer's copies */
	bool nomem;
};

static void strlist_add(struct run *r, struct strlist *l, const char *s,
			size_t len, const char *suffix)
{
	struct strbuf *sb;

	if (!ALLOC_GROW(l->v, l->nr + 1, l->alloc)) {
		r->nomem = true;
		return;
	}
	sb = &l->v[l->nr++];
	strbuf_init(sb);
	strbuf_add(sb, s, len);
	strbuf_addstr(sb, suffix);
}

static void strlist_release(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		strbuf_release(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static struct tagged *tagged_add(struct run *r, struct tagged_list *l,
				 const char *email, size_t elen,
				 const char *role, size_t rlen)
{
	struct tagged *t;

	if (!ALLOC_GROW(l->v, l->nr + 1, l->alloc)) {
		r->nomem = true;
		return NULL;
	}
	t = &l->v[l->nr++];
	strbuf_init(&t->email);
	strbuf_init(&t->role);
	strbuf_add(&t->email, email, elen);
	strbuf_add(&t->role, role, rlen);
	return t;
}

static void tagged_release(struct tagged_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		strbuf_release(&l->v[i].email);
		strbuf_release(&l->v[i].role);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static void subsystem_name(struct gm_db *db, size_t i, struct strbuf *out)
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

static void maintainer_role(struct gm_db *db, size_t i, struct strbuf *out)
{
	size_t start = gm_section_start(db, i), end = gm_section_end(db, i);
	struct strbuf role = STRBUF_INIT, sub = STRBUF_INIT;
	static const char *const map[][2] = {
		{ "supported", "supporter" },
		{ "maintained", "maintainer" },
		{ "odd fixes", "odd fixer" },
		{ "orphan", "orphan minder" },
		{ "obsolete", "obsolete minder" },
		{ "buried alive in reporters", "chief penguin" },
	};
	const char *v = "unknown";
	size_t vlen = 7, k;

	for (k = start + 1; k < end; k++)
		if (db->tv[k].type == 'S') {
			v = db->tv[k].s;
			vlen = db->tv[k].len;
		}
	ulc(&role, v, vlen);
	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++)
		if (!strcmp(role.buf, map[k][0])) {
			strbuf_reset(&role);
			strbuf_addstr(&role, map[k][1]);
			break;
		}
	subsystem_name(db, i, &sub);
	strbuf_reset(out);
	strbuf_add(out, role.buf, role.len);
	strbuf_addch(out, ':');
	strbuf_add(out, sub.buf, sub.len);
	strbuf_release(&role);
	strbuf_release(&sub);
}

static bool email_inuse(struct run *r, const struct email *e)
{
	struct strbuf k = STRBUF_INIT;
	bool used = false;

	if (!e->name.len && !e->address.len)
		return true;
	if (e->name.len) {
		ulc(&k, e->name.buf, e->name.len);
		used = strmap_get(&r->hash_name, k.buf, k.len) != NULL;
	}
	if (!used && e->address.len) {
		strbuf_reset(&k);
		ulc(&k, e->address.buf, e->address.len);
		used = strmap_get(&r->hash_address, k.buf, k.len) != NULL;
	}
	strbuf_release(&k);
	return used;
}

static bool push_email_address(struct run *r, const char *line, size_t len,
			       const char *role, size_t rlen)
{
	struct email e;
	struct strbuf f = STRBUF_INIT, k = STRBUF_INIT;

	email_init(&e);
	email_parse(r->ep, line, len, &e);
	if (!e.address.len) {
		email_release(&e);
		return false;
	}
	if (!r->o->email_remove_duplicates || !email_inuse(r, &e)) {
		email_format(r->ep, &f, e.name.buf, e.name.len, e.address.buf,
			     e.address.len, r->o->email_usename);
		tagged_add(r, &r->email_to, f.buf, f.len, role, rlen);
		if (r->o->email_remove_duplicates) {
			if (e.name.len) {
				ulc(&k, e.name.buf, e.name.len);
				if (!strmap_put(&r->hash_name, k.buf, k.len))
					r->nomem = true;
			}
			strbuf_reset(&k);
			ulc(&k, e.address.buf, e.address.len);
			if (!strmap_put(&r->hash_address, k.buf, k.len))
				r->nomem = true;
		}
	}
	strbuf_release(&f);
	strbuf_release(&k);
	email_release(&e);
	return true;
}

struct push_arg {
	struct run *r;
	const char *role;
	size_t rlen;
};

static void push_one(void *arg, const char *s, size_t len)
{
	struct push_arg *pa = arg;

	push_email_address(pa->r, s, len, pa->role, pa->rlen);
}

/* push_email_addresses(): a list of several, or one address */
static void push_email_addresses(struct run *r, const char *addr, size_t len,
				 const char *role, size_t rlen)
{
	struct push_arg pa = { r, role, rlen };

	if (email_split_list(r->ep, addr, len, push_one, &pa))
		return;
	if (!push_email_address(r, addr, len, role, rlen))
		diag_add(r->d, D_FIELD_FORM, NULL, 0,
			 "Invalid MAINTAINERS address: '%.*s'", (int)len, addr);
}

static void add_categories(struct run *r, size_t index, const char *suffix)
{
	struct gm_db *db = r->db;
	const struct gm_opts *o = r->o;
	size_t start = gm_section_start(db, index);
	size_t end = gm_section_end(db, index), i;
	struct strbuf tmp = STRBUF_INIT, role = STRBUF_INIT, k = STRBUF_INIT;

	gm_entry_text(db, start, &tmp);
	strlist_add(r, &r->subsystem, tmp.buf, tmp.len, "");
	for (i = start + 1; i < end; i++) {
		const struct gm_entry *e = &db->tv[i];

		switch (e->type) {
		case 'L': {
			const char *addr = e->s, *add = "";
			size_t alen = e->len, addlen = 0, j;
			const char *kind = NULL;

			/* m/([^\s]+)\s+(.*)$/ */
			for (j = 0; j < e->len; j++)
				if (uspace(e->s + j, e->s + e->len))
					break;
			if (j && j < e->len) {
				size_t sp = j;

				while (sp < e->len &&
				       uspace(e->s + sp, e->s + e->len))
					sp += uspace(e->s + sp, e->s + e->len);
				alen = j;
				add = e->s + sp;
				addlen = e->len - sp;
			} else if (!j && e->len) {
				/* leading space cannot happen: value is
				 * left-trimmed; the regex finds a later word */
				alen = e->len;
			}
			subsystem_name(db, i, &role);
			if (!strcmp(role.buf, "THE REST"))
				strbuf_reset(&role);
			strbuf_reset(&k);
			ulc(&k, addr, alen);
			if (memmem(add, addlen, "subscribers-only", 16)) {
				if (o->email_subscriber_list)
					kind = "subscriber list";
			} else if (o->email_list) {
				if (memmem(add, addlen, "moderated", 9)) {
					if (o->email_moderated_list)
						kind = "moderated list";
				} else {
					kind = "open list";
				}
			}
			if (kind && !strmap_get(&r->hash_list, k.buf, k.len)) {
				struct strbuf rr = STRBUF_INIT;

				if (!strmap_put(&r->hash_list, k.buf, k.len))
					r->nomem = true;
				strbuf_addstr(&rr, kind);
				if (role.len) {
					strbuf_addch(&rr, ':');
					strbuf_add(&rr, role.buf, role.len);
				}
				strbuf_addstr(&rr, suffix);
				tagged_add(r, &r->list_to, addr, alen, rr.buf,
					   rr.len);
				strbuf_release(&rr);
			}
			break;
		}
		case 'M':
			if (o->email_maintainer) {
				maintainer_role(db, i, &role);
				strbuf_addstr(&role, suffix);
				push_email_addresses(r, e->s, e->len, role.buf,
						     role.len);
			}
			break;
		case 'R':
			if (o->email_reviewer) {
				subsystem_name(db, i, &tmp);
				strbuf_reset(&role);
				strbuf_addstr(&role, "reviewer:");
				strbuf_add(&role, tmp.buf, tmp.len);
				strbuf_addstr(&role, suffix);
				push_email_addresses(r, e->s, e->len, role.buf,
						     role.len);
			}
			break;
		case 'T':
			strlist_add(r, &r->scm, e->s, e->len, suffix);
			break;
		case 'W':
			strlist_add(r, &r->web, e->s, e->len, suffix);
			break;
		case 'B':
			strlist_add(r, &r->bug, e->s, e->len, suffix);
			break;
		case 'S':
			strlist_add(r, &r->status, e->s, e->len, suffix);
			break;
		default:
			break;
		}
	}
	strbuf_release(&tmp);
	strbuf_release(&role);
	strbuf_release(&k);
}

static void print_section(struct run *r, size_t tvi)
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

/* clean_file_emails() for one possible address */
static void clean_file_email(struct run *r, const char *s, size_t len,
			     struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT, name = STRBUF_INIT;
	struct email e;
	struct strlist words = { NULL, 0, 0 };
	const char *p, *end;
	size_t n;

	email_init(&e);
	perlre_subst(&r->g->cache.file_email[CLEAN_ADDR], s, len, "<$1>", true,
		     &t);
	email_parse(r->ep, t.buf, t.len, &e);
	/* $name =~ s/^"(.*)"$/$1/ */
	p = e.name.buf;
	n = e.name.len;
	if (n >= 2 && p[0] == '"' && p[n - 1] == '"') {
		p++;
		n -= 2;
	}
	/* split(/[^\p{L}\'\,\.\+-]/, $name), minus lone punctuation */
	end = p + n;
	while (p <= end) {
		size_t ms, me;
		const char *w = p;
		size_t wl;

		if (p < end &&
		    perlre_match_from(&r->g->cache.file_email[NAME_SEP], w,
				      (size_t)(end - w), 0) > 0) {
			perlre_span(&r->g->cache.file_email[NAME_SEP], &ms,
				    &me);
			wl = ms;
			p = w + me;
		} else {
			wl = (size_t)(end - w);
			p = end + 1;
		}
		if (perlre_match(&r->g->cache.file_email[PARTICLE], w, wl) > 0)
			continue;
		strlist_add(r, &words, w, wl, "");
	}
	/* split drops trailing empty fields */
	while (words.nr && !words.v[words.nr - 1].len)
		strbuf_release(&words.v[--words.nr]);
	if (words.nr > 2) {
		struct strbuf *f = &words.v[words.nr - 3];
		struct strbuf *m = &words.v[words.nr - 2];
		struct strbuf *l = &words.v[words.nr - 1];
		size_t fl = u8count(f->buf, f->len),
		       ml = u8count(m->buf, m->len);

		if ((fl == 1 && perlre_match(&r->g->cache.file_email[LETTER],
					     f->buf, f->len) > 0) ||
		    (fl == 2 && f->buf[f->len - 1] == '.') || ml == 1 ||
		    (ml == 2 && m->buf[m->len - 1] == '.'))
			strbuf_addf(&name, "%s %s %s", f->buf, m->buf, l->buf);
		else
			strbuf_addf(&name, "%s %s", m->buf, l->buf);
	} else {
		size_t i;

		for (i = 0; i < words.nr; i++) {
			if (i)
				strbuf_addch(&name, ' ');
			strbuf_add(&name, words.v[i].buf, words.v[i].len);
		}
	}
	if (name.len && strchr(",.", name.buf[name.len - 1]))
		name.len--;
	if (name.len && strchr(",.", name.buf[0])) {
		memmove(name.buf, name.buf + 1, name.len - 1);
		name.len--;
	}
	email_format(r->ep, out, name.buf, name.len, e.address.buf,
		     e.address.len, r->o->email_usename);
	strlist_release(&words);
	strbuf_release(&t);
	strbuf_release(&name);
	email_release(&e);
}

static void maintainers_in_file(struct run *r, const char *file)
{
	struct strbuf text = STRBUF_INIT, fmt = STRBUF_INIT;
	size_t flen = strlen(file), pos = 0;
	int err;

	/* return if ($file =~ m@\bMAINTAINERS$@) */
	if (flen >= 11 && !strcmp(file + flen - 11, "MAINTAINERS") &&
	    (flen == 11 ||
	     !(file[flen - 12] == '_' ||
	       (file[flen - 12] >= '0' && file[flen - 12] <= '9') ||
	       ((file[flen - 12] | 0x20) >= 'a' &&
		(file[flen - 12] | 0x20) <= 'z'))))
		return;
	if (!is_regular(file) ||
	    !(r->o->email_file_emails ||
	      (flen >= 5 && !strcmp(file + flen - 5, ".yaml"))))
		return;
	if (read_path(file, &text, &err)) {
		strbuf_release(&text);
		return;
	}
	/*
	 * m/$re/g, one '@' at a time: a match holds exactly one '@', so the
	 * leftmost match from pos holds the next '@' if any match does, and
	 * lies in the window of characters the regex allows around it.
	 */
	while (pos < text.len) {
		const char *at = memchr(text.buf + pos, '@', text.len - pos);
		size_t a, s0, e, ms, me;

		if (!at)
			break;
		a = (size_t)(at - text.buf);
		for (s0 = a; s0 > pos; s0--) {
			unsigned char ch = (unsigned char)text.buf[s0 - 1];

			if (!(ch >= 0x80 || (ch >= 'a' && ch <= 'z') ||
			      (ch >= 'A' && ch <= 'Z') ||
			      (ch >= '0' && ch <= '9') ||
			      strchr("_\"' ,.+-\t\n\v\f\r(<{", ch)))
				break;
		}
		for (e = a + 1; e < text.len; e++) {
			unsigned char ch = (unsigned char)text.buf[e];

			if (!((ch >= 'a' && ch <= 'z') ||
			      (ch >= 'A' && ch <= 'Z') ||
			      (ch >= '0' && ch <= '9') || ch == '.' ||
			      ch == '-'))
				break;
		}
		if (e < text.len && strchr(")>}", text.buf[e]))
			e++;
		if (perlre_match_from(&r->g->cache.file_email[FILE_EMAIL],
				      text.buf, e, s0) > 0) {
			perlre_span(&r->g->cache.file_email[FILE_EMAIL], &ms,
				    &me);
			clean_file_email(r, text.buf + ms, me - ms, &fmt);
			strlist_add(r, &r->file_emails, fmt.buf, fmt.len, "");
			pos = me;
		} else {
			pos = a + 1;
		}
	}
	strbuf_release(&text);
	strbuf_release(&fmt);
}

/* deduplicate_email() */
static void deduplicate_email(struct run *r, struct strbuf *email)
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

/* add_role($line, $role) */
static void add_role(struct run *r, const char *line, size_t len,
		     const char *role)
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

/* uniq() in place */
static void strlist_uniq(struct strlist *l)
{
	struct strmap seen = STRMAP_INIT;
	size_t i, n = 0;

	for (i = 0; i < l->nr; i++) {
		if (strmap_get(&seen, l->v[i].buf, l->v[i].len)) {
			strbuf_release(&l->v[i]);
			continue;
		}
		strmap_put(&seen, l->v[i].buf, l->v[i].len);
		l->v[n++] = l->v[i];
	}
	l->nr = n;
	strmap_release(&seen);
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

static int cmp_numstr(const void *pa, const void *pb)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "%zu", *(const size_t *)pa);
	snprintf(b, sizeof(b), "%zu", *(const size_t *)pb);
	return strcmp(a, b);
}

/* The sections of one file, and the addresses in it. */
static void answer_file(struct run *r, const char *file,
			const struct gm_hit *hits, size_t nhits)
{
	size_t i;

	for (i = 0; i < nhits; i++) {
		add_categories(r, hits[i].tvi, "");
		if (r->o->sections)
			print_section(r, hits[i].tvi);
	}
	maintainers_in_file(r, file);
}

/*
 * Remembered answers (--all): for one file, without keywords or
 * addresses read from the file, the answer depends only on the sections
 * it matches (in order), so it is kept under that list and reused.
 * 1 when the answer was appended, 0 when sig is the key to store under.
 */
static int memo_lookup(struct run *r, const struct gm_query *q,
		       const struct gm_hit *hits, size_t nhits,
		       struct strbuf *sig)
{
	const char *f = q->files[0];
	size_t flen = strlen(f), k;
	const struct strmap_entry *e;

	if (!r->g->cache.use_memo || q->nr_files != 1 || q->nr_kw ||
	    r->o->email_file_emails ||
	    (flen >= 5 && !strcmp(f + flen - 5, ".yaml")))
		return -1;
	for (k = 0; k < nhits; k++)
		strbuf_addf(sig, "%zu:%ld,", hits[k].tvi, hits[k].depth);
	e = strmap_get(&r->g->cache.memo, sig->buf, sig->len);
	if (!e || !e->value)
		return 0;
	strbuf_addbuf(r->out, e->value);
	return 1;
}

static void memo_store(struct gm_cache *c, const struct strbuf *sig,
		       const char *text, size_t len)
{
	struct strmap_entry *e = strmap_put(&c->memo, sig->buf, sig->len);
	struct strbuf *v = arena_alloc(&c->arena, sizeof(*v));

	if (!e || !v)
		return;
	v->buf = arena_dup(&c->arena, text, len);
	v->len = len;
	v->alloc = 0;
	v->failed = !v->buf;
	if (v->buf)
		e->value = v;
}

/* The K: entries the query found, in the script's (string) order. */
static void answer_keywords(struct run *r, struct gm_query *q)
{
	struct strbuf tmp = STRBUF_INIT;
	size_t i, n = 0;

	if (!r->o->keywords || !q->nr_kw)
		return;
	qsort(q->kw_hits, q->nr_kw, sizeof(*q->kw_hits), cmp_numstr);
	for (i = 0; i < q->nr_kw; i++)
		if (!n || q->kw_hits[n - 1] != q->kw_hits[i])
			q->kw_hits[n++] = q->kw_hits[i];
	q->nr_kw = n;
	for (i = 0; i < q->nr_kw; i++) {
		const struct gm_entry *e = &r->db->tv[q->kw_hits[i]];

		strbuf_reset(&tmp);
		strbuf_addstr(&tmp, ":Keyword:");
		strbuf_add(&tmp, e->s, e->len);
		add_categories(r, q->kw_hits[i], tmp.buf);
	}
	strbuf_release(&tmp);
}

/* Linus is left out unless asked for (--git-chief-penguins). */
static void answer_penguins(struct run *r)
{
	static const char chief_name[] = "Linus Torvalds";
	static const char chief_addr[] = "torvalds@linux-foundation.org";
	struct strbuf tmp = STRBUF_INIT;
	struct perlre re;
	size_t i, n = 0;

	email_format(r->ep, &tmp, chief_name, sizeof(chief_name) - 1,
		     chief_addr, sizeof(chief_addr) - 1, r->o->email_usename);
	if (r->o->email_git_penguin_chiefs) {
		tagged_add(r, &r->email_to, tmp.buf, tmp.len, "chief penguin",
			   13);
		strbuf_release(&tmp);
		return;
	}
	re = (struct perlre)PERLRE(tmp.buf, 0);
	for (i = 0; i < r->email_to.nr; i++) {
		struct tagged *t = &r->email_to.v[i];

		if (perlre_match(&re, t->email.buf, t->email.len) > 0) {
			strbuf_release(&t->email);
			strbuf_release(&t->role);
			continue;
		}
		r->email_to.v[n++] = *t;
	}
	r->email_to.nr = n;
	perlre_free(&re);
	strbuf_release(&tmp);
}

/* The addresses found in the files, mailmapped, with the role "in file". */
static void answer_file_emails(struct run *r)
{
	struct strbuf tmp = STRBUF_INIT, m = STRBUF_INIT;
	struct email e;
	size_t i;

	email_init(&e);
	strlist_uniq(&r->file_emails);
	for (i = 0; i < r->file_emails.nr; i++) {
		struct strbuf *fe = &r->file_emails.v[i];

		strbuf_reset(&m);
		mailmap_map(&r->g->mailmap, fe->buf, fe->len, &m);
		email_parse(r->ep, m.buf, m.len, &e);
		email_format(r->ep, &tmp, e.name.buf, e.name.len, e.address.buf,
			     e.address.len, r->o->email_usename);
		push_email_address(r, tmp.buf, tmp.len, "", 0);
		add_role(r, tmp.buf, tmp.len, "in file");
	}
	strbuf_release(&m);
	strbuf_release(&tmp);
	email_release(&e);
}

/* @to (merge_email()), then @scm, @status, @subsystem, @web, @bug */
static void answer_emit(struct run *r)
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
			strlist_add(r, &lines, tmp.buf, tmp.len, "");
		}
	}
	if (lines.nr)
		output(r, lines.v, lines.nr);
	output_uniq(r, o->scm, &r->scm);
	output_uniq(r, o->status, &r->status);
	output_uniq(r, o->subsystem, &r->subsystem);
	output_uniq(r, o->web, &r->web);
	output_uniq(r, o->bug, &r->bug);
	strlist_release(&lines);
	strmap_release(&saw);
	strbuf_release(&tmp);
}

static void run_release(struct run *r)
{
	tagged_release(&r->email_to);
	tagged_release(&r->list_to);
	strlist_release(&r->scm);
	strlist_release(&r->web);
	strlist_release(&r->bug);
	strlist_release(&r->subsystem);
	strlist_release(&r->status);
	strlist_release(&r->file_emails);
	strmap_release(&r->hash_name);
	strmap_release(&r->hash_address);
	strmap_release(&r->hash_list);
	strmap_release(&r->dedup_name);
	strmap_release(&r->dedup_address);
	arena_release(&r->arena);
}

static int answer_failed(struct run *r)
{
	if (gm_db_bad_regex(r->db, r->d))
		return -1;
	if (r->nomem || strbuf_failed(r->out)) {
		diag_add(r->d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	return 0;
}

int gm_answer(struct getmaint *g, const struct gm_opts *o, struct gm_query *q,
	      struct strbuf *out, struct diags *d)
{
	struct run r;
	struct strbuf sig = STRBUF_INIT;
	size_t i, out_start = out->len;
	bool exact = false;
	int memo = -1, ret;

	memset(&r, 0, sizeof(r));
	r.g = g;
	r.db = &g->db;
	r.ep = &g->cache.ep;
	r.o = o;
	r.d = d;
	r.out = out;
	for (i = 0; i < q->nr_files; i++) {
		struct gm_hit *hits = NULL;
		size_t nhits = 0;

		if (gm_hits(r.db, o, q->files[i], &exact, &hits, &nhits))
			r.nomem = true;
		memo = memo_lookup(&r, q, hits, nhits, &sig);
		if (memo > 0) {
			free(hits);
			goto out;
		}
		answer_file(&r, q->files[i], hits, nhits);
		free(hits);
	}
	answer_keywords(&r, q);
	for (i = 0; i < r.email_to.nr; i++)
		deduplicate_email(&r, &r.email_to.v[i].email);
	for (i = 0; i < r.list_to.nr; i++)
		deduplicate_email(&r, &r.list_to.v[i].email);
	if (o->email) {
		answer_penguins(&r);
		answer_file_emails(&r);
	}
	answer_emit(&r);
	if (memo == 0 && !r.nomem && !strbuf_failed(out))
		memo_store(&g->cache, &sig, out->buf + out_start,
			   out->len - out_start);
out:
	ret = answer_failed(&r);
	run_release(&r);
	strbuf_release(&sig);
	return ret;
}

void gm_cache_init(struct gm_cache *c)
{
	memset(c, 0, sizeof(*c));
	email_parser_init(&c->ep);
	c->restore[0] = (struct perlre)PERLRE("([^\\\\])\\.([^\\*])", 0);
	c->restore[1] = (struct perlre)PERLRE("([^\\\\])\\.$", 0);
	c->restore[2] = (struct perlre)PERLRE("\\\\\\.", 0);
	c->restore[3] = (struct perlre)PERLRE("\\.\\*", 0);
	c->file_email[FILE_EMAIL] = (struct perlre)PERLRE(
		"[\\p{L}\\\"\\' \\,\\.\\+-]*\\s*[\\,]*\\s*[\\(\\<\\{]{0,1}"
		"[A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+\\.[A-Za-z0-9]+[\\)\\>\\}]{0,1}",
		0);
	c->file_email[CLEAN_ADDR] = (struct perlre)PERLRE(
		"[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}",
		0);
	c->file_email[NAME_SEP] =
		(struct perlre)PERLRE("[^\\p{L}\\'\\,\\.\\+-]", 0);
	c->file_email[PARTICLE] = (struct perlre)PERLRE("^[\\'\\,\\.\\+-]$", 0);
	c->file_email[LETTER] = (struct perlre)PERLRE("\\p{L}", 0);
}

void gm_cache_release(struct gm_cache *c)
{
	size_t i;

	email_parser_release(&c->ep);
	for (i = 0; i < 4; i++)
		perlre_free(&c->restore[i]);
	for (i = 0; i < 5; i++)
		perlre_free(&c->file_email[i]);
	strmap_release(&c->memo);
	arena_release(&c->arena);
	memset(c, 0, sizeof(*c));
}
