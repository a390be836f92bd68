// SPDX-License-Identifier: GPL-2.0
/*
 * get, the answer's lists: the script's plain lists of lines (@scm,
 * @web, @status, ...) and its @email_to and @list_to, lines tagged with
 * their role, grown and released.
 */
#include "get-answer.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

void gm_strlist_add(struct gm_answer_state *r, struct strlist *l, const char *s,
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
	if (strbuf_failed(sb))
		r->nomem = true;
}

void gm_strlist_release(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		strbuf_release(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

struct gm_tagged *gm_tagged_add(struct gm_answer_state *r,
				struct gm_tagged_list *l, const char *email,
				size_t elen, const char *role, size_t rlen)
{
	struct gm_tagged *t;

	if (!ALLOC_GROW(l->v, l->nr + 1, l->alloc)) {
		r->nomem = true;
		return NULL;
	}
	t = &l->v[l->nr++];
	strbuf_init(&t->email);
	strbuf_init(&t->role);
	strbuf_add(&t->email, email, elen);
	strbuf_add(&t->role, role, rlen);
	if (strbuf_failed(&t->email) || strbuf_failed(&t->role))
		r->nomem = true;
	return t;
}

void gm_tagged_release(struct gm_tagged_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		strbuf_release(&l->v[i].email);
		strbuf_release(&l->v[i].role);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void gm_check_email(struct gm_answer_state *r, const struct mnt_email *e,
		    const struct strbuf *b)
{
	if ((e && (strbuf_failed(&e->name) || strbuf_failed(&e->address))) ||
	    (b && strbuf_failed(b)))
		r->nomem = true;
}
