// SPDX-License-Identifier: GPL-2.0
/*
 * get, collecting an answer: for a section the query matched, its
 * lists, maintainers, reviewers, trees, pages and status as the script's
 * add_categories() collects them, and push_email_address(), which keeps
 * an address once by name and by address.
 */
#define _GNU_SOURCE /* memmem */
#include "get-answer.h"
#include "base/base.h"

#include <string.h>

static bool email_inuse(struct gm_answer_state *r, const struct mnt_email *e)
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

bool gm_push_email_address(struct gm_answer_state *r, const char *line,
			   size_t len, const char *role, size_t rlen)
{
	struct mnt_email e;
	struct strbuf f = STRBUF_INIT, k = STRBUF_INIT;

	mnt_email_init(&e);
	if (mnt_email_parse(r->ep, line, len, &e)) {
		r->nomem = true;
		mnt_email_release(&e);
		return true;
	}
	if (!e.address.len) {
		mnt_email_release(&e);
		return false;
	}
	if (!r->o->email_remove_duplicates || !email_inuse(r, &e)) {
		if (mnt_email_format(r->ep, &f, e.name.buf, e.name.len,
				     e.address.buf, e.address.len,
				     r->o->email_usename))
			r->nomem = true;
		gm_tagged_add(r, &r->email_to, f.buf, f.len, role, rlen);
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
	gm_check_email(r, &e, &f);
	gm_check_email(r, NULL, &k);
	strbuf_release(&f);
	strbuf_release(&k);
	mnt_email_release(&e);
	return true;
}

struct push_arg {
	struct gm_answer_state *r;
	const char *role;
	size_t rlen;
};

static int push_one(void *arg, const char *s, size_t len)
{
	struct push_arg *pa = arg;

	gm_push_email_address(pa->r, s, len, pa->role, pa->rlen);
	return pa->r->nomem ? -1 : 0;
}

/* push_email_addresses(): a list of several, or one address */
static void push_email_addresses(struct gm_answer_state *r, const char *addr,
				 size_t len, const char *role, size_t rlen)
{
	struct push_arg pa = { r, role, rlen };
	int split = mnt_email_split_list(r->ep, addr, len, push_one, &pa);

	if (split < 0)
		r->nomem = true;
	if (split)
		return;
	if (!gm_push_email_address(r, addr, len, role, rlen))
		diag_add(r->d, D_FIELD_FORM, NULL, 0,
			 "Invalid MAINTAINERS address: '%.*s'", (int)len, addr);
}

/* m/([^\s]+)\s+(.*)$/ on an L: value: the address, and what follows */
static void split_list_entry(const struct gm_entry *e, size_t *alen,
			     const char **add, size_t *addlen)
{
	size_t j;

	*alen = e->len;
	*add = "";
	*addlen = 0;
	for (j = 0; j < e->len; j++)
		if (uspace(e->s + j, e->s + e->len))
			break;
	if (j && j < e->len) {
		size_t sp = j;

		while (sp < e->len && uspace(e->s + sp, e->s + e->len))
			sp += uspace(e->s + sp, e->s + e->len);
		*alen = j;
		*add = e->s + sp;
		*addlen = e->len - sp;
	}
	/* (!j cannot happen: the value is left-trimmed) */
}

/* The kind of list an L: is, NULL when the options leave it out. */
static const char *list_kind(const struct gm_opts *o, const char *add,
			     size_t addlen)
{
	if (memmem(add, addlen, "subscribers-only", 16))
		return o->email_subscriber_list ? "subscriber list" : NULL;
	if (!o->email_list)
		return NULL;
	if (memmem(add, addlen, "moderated", 9))
		return o->email_moderated_list ? "moderated list" : NULL;
	return "open list";
}

/* An L: entry i into @list_to, once by its lower-cased address. */
static void add_list(struct gm_answer_state *r, size_t i, const char *suffix,
		     struct strbuf *role, struct strbuf *k)
{
	const struct gm_entry *e = &r->db->tv[i];
	const char *add, *kind;
	size_t alen, addlen;
	struct strbuf rr = STRBUF_INIT;

	split_list_entry(e, &alen, &add, &addlen);
	gm_subsystem_name(r->db, i, role);
	if (!strcmp(role->buf, "THE REST"))
		strbuf_reset(role);
	strbuf_reset(k);
	ulc(k, e->s, alen);
	kind = list_kind(r->o, add, addlen);
	if (!kind || strmap_get(&r->hash_list, k->buf, k->len))
		return;
	if (!strmap_put(&r->hash_list, k->buf, k->len))
		r->nomem = true;
	strbuf_addstr(&rr, kind);
	if (role->len) {
		strbuf_addch(&rr, ':');
		strbuf_add(&rr, role->buf, role->len);
	}
	strbuf_addstr(&rr, suffix);
	if (strbuf_failed(&rr))
		r->nomem = true;
	else
		gm_tagged_add(r, &r->list_to, e->s, alen, rr.buf, rr.len);
	strbuf_release(&rr);
}

/* An M: or R: entry i's addresses, with their role. */
static void add_person(struct gm_answer_state *r, size_t i, const char *suffix,
		       struct strbuf *role, struct strbuf *tmp)
{
	const struct gm_entry *e = &r->db->tv[i];

	if (e->type == 'M') {
		gm_maintainer_role(r->db, r->o, i, role);
	} else {
		gm_subsystem_name(r->db, i, tmp);
		strbuf_reset(role);
		strbuf_addstr(role, "reviewer:");
		strbuf_add(role, tmp->buf, tmp->len);
	}
	strbuf_addstr(role, suffix);
	push_email_addresses(r, e->s, e->len, role->buf, role->len);
}

/* 6.15: a section not plainly Maintained, by its full name */
static void add_substatus(struct gm_answer_state *r, struct strbuf *hdr,
			  const struct gm_entry *status, const char *suffix)
{
	if (r->o->gen < MNT_GEN_6_15 || !strcmp(hdr->buf, "THE REST") ||
	    (status && status->len == 10 &&
	     !memcmp(status->s, "Maintained", 10)))
		return;
	strbuf_addstr(hdr, " status: ");
	if (status)
		strbuf_add(hdr, status->s, status->len);
	else
		strbuf_addstr(hdr, "Unknown");
	gm_strlist_add(r, &r->substatus, hdr->buf, hdr->len, suffix);
}

void gm_add_categories(struct gm_answer_state *r, size_t index,
		       const char *suffix)
{
	struct gm_db *db = r->db;
	const struct gm_opts *o = r->o;
	size_t start = gm_section_start(db, index);
	size_t end = gm_section_end(db, index), i;
	struct strbuf tmp = STRBUF_INIT, role = STRBUF_INIT, k = STRBUF_INIT;
	struct strbuf hdr = STRBUF_INIT;
	const struct gm_entry *status = NULL;

	gm_entry_text(db, start, &hdr);
	gm_strlist_add(r, &r->subsystem, hdr.buf, hdr.len, "");
	for (i = start + 1; i < end; i++) {
		const struct gm_entry *e = &db->tv[i];

		switch (e->type) {
		case 'L':
			add_list(r, i, suffix, &role, &k);
			break;
		case 'M':
			if (o->email_maintainer)
				add_person(r, i, suffix, &role, &tmp);
			break;
		case 'R':
			if (o->email_reviewer)
				add_person(r, i, suffix, &role, &tmp);
			break;
		case 'T':
			gm_strlist_add(r, &r->scm, e->s, e->len, suffix);
			break;
		case 'W':
			gm_strlist_add(r, &r->web, e->s, e->len, suffix);
			break;
		case 'B':
			gm_strlist_add(r, &r->bug, e->s, e->len, suffix);
			break;
		case 'S':
			gm_strlist_add(r, &r->status, e->s, e->len, suffix);
			status = e;
			break;
		default:
			break;
		}
	}
	add_substatus(r, &hdr, status, suffix);
	if (strbuf_failed(&hdr) || strbuf_failed(&tmp) ||
	    strbuf_failed(&role) || strbuf_failed(&k))
		r->nomem = true;
	strbuf_release(&hdr);
	strbuf_release(&tmp);
	strbuf_release(&role);
	strbuf_release(&k);
}
