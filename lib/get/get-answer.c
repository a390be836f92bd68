// SPDX-License-Identifier: GPL-2.0
/*
 * get, the answer: for the sections a query's files match (and its
 * keywords), the roles and lists collected as get_maintainer.pl collects
 * them (add_categories()), de-duplicated and mailmapped, the chief
 * penguins left out, the addresses found in the files added, and all of
 * it printed in the script's order and format.
 */
#define _GNU_SOURCE /* memmem */
#include "get-answer.h"
#include "base/base.h"
#include "vcs/vcs.h"
#include "history/history.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FILE_EMAIL, CLEAN_ADDR, NAME_SEP, PARTICLE, LETTER };

void gm_strlist_add(struct run *r, struct strlist *l, const char *s, size_t len,
		    const char *suffix)
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

void gm_strlist_release(struct strlist *l)
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

static bool email_inuse(struct run *r, const struct mnt_email *e)
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
	struct mnt_email e;
	struct strbuf f = STRBUF_INIT, k = STRBUF_INIT;

	mnt_email_init(&e);
	mnt_email_parse(r->ep, line, len, &e);
	if (!e.address.len) {
		mnt_email_release(&e);
		return false;
	}
	if (!r->o->email_remove_duplicates || !email_inuse(r, &e)) {
		mnt_email_format(r->ep, &f, e.name.buf, e.name.len,
				 e.address.buf, e.address.len,
				 r->o->email_usename);
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
	mnt_email_release(&e);
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

	if (mnt_email_split_list(r->ep, addr, len, push_one, &pa))
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
	struct strbuf tmp_hdr = STRBUF_INIT;
	const struct gm_entry *status = NULL;

	gm_entry_text(db, start, &tmp);
	gm_strlist_add(r, &r->subsystem, tmp.buf, tmp.len, "");
	strbuf_addbuf(&tmp_hdr, &tmp);
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
			gm_subsystem_name(db, i, &role);
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
				gm_maintainer_role(db, o, i, &role);
				strbuf_addstr(&role, suffix);
				push_email_addresses(r, e->s, e->len, role.buf,
						     role.len);
			}
			break;
		case 'R':
			if (o->email_reviewer) {
				gm_subsystem_name(db, i, &tmp);
				strbuf_reset(&role);
				strbuf_addstr(&role, "reviewer:");
				strbuf_add(&role, tmp.buf, tmp.len);
				strbuf_addstr(&role, suffix);
				push_email_addresses(r, e->s, e->len, role.buf,
						     role.len);
			}
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
	/* 6.15: a section not plainly Maintained, by its full name */
	if (o->gen >= MNT_GEN_6_15 && strcmp(tmp_hdr.buf, "THE REST") &&
	    !(status && status->len == 10 &&
	      !memcmp(status->s, "Maintained", 10))) {
		strbuf_addstr(&tmp_hdr, " status: ");
		if (status)
			strbuf_add(&tmp_hdr, status->s, status->len);
		else
			strbuf_addstr(&tmp_hdr, "Unknown");
		gm_strlist_add(r, &r->substatus, tmp_hdr.buf, tmp_hdr.len,
			       suffix);
	}
	strbuf_release(&tmp_hdr);
	strbuf_release(&tmp);
	strbuf_release(&role);
	strbuf_release(&k);
}

/* clean_file_emails() for one possible address */
static void clean_file_email(struct run *r, const char *s, size_t len,
			     struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT, name = STRBUF_INIT;
	struct mnt_email e;
	struct strlist words = { NULL, 0, 0 };
	const char *p, *end;
	size_t n;

	mnt_email_init(&e);
	perlre_subst(&r->g->cache.file_email[CLEAN_ADDR], s, len, "<$1>", true,
		     &t);
	mnt_email_parse(r->ep, t.buf, t.len, &e);
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
		gm_strlist_add(r, &words, w, wl, "");
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
	mnt_email_format(r->ep, out, name.buf, name.len, e.address.buf,
			 e.address.len, r->o->email_usename);
	gm_strlist_release(&words);
	strbuf_release(&t);
	strbuf_release(&name);
	mnt_email_release(&e);
}

static bool word_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') ||
	       ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/*
 * Does file (n bytes) end in MAINTAINERS (after a non-word character
 * when bound)?
 */
static bool ends_maintainers(const char *file, size_t n, bool bound)
{
	return n >= 11 && !memcmp(file + n - 11, "MAINTAINERS", 11) &&
	       (!bound || n == 11 || !word_char(file[n - 12]));
}

/*
 * Is file a MAINTAINERS file to the script: m@\bMAINTAINERS$@ (bound)
 * or /MAINTAINERS$/; and in a split tree, whose get_maintainer.pl the
 * series patched, m@\bMAINTAINERS(?:/[^/]+)?$@ in both places.
 */
static bool is_maintainers_file(const struct gm_db *db, const char *file,
				bool bound)
{
	size_t n = strlen(file);
	const char *slash = strrchr(file, '/');

	if (!db->split_dir)
		return ends_maintainers(file, n, bound);
	if (ends_maintainers(file, n, true))
		return true;
	return slash && slash[1] &&
	       ends_maintainers(file, (size_t)(slash - file), true);
}

static void maintainers_in_file(struct run *r, const char *file)
{
	struct strbuf text = STRBUF_INIT, fmt = STRBUF_INIT;
	size_t flen = strlen(file), pos = 0;
	int err;

	/* return if ($file =~ m@\bMAINTAINERS$@) */
	if (is_maintainers_file(r->db, file, true))
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
			gm_strlist_add(r, &r->file_emails, fmt.buf, fmt.len,
				       "");
			pos = me;
		} else {
			pos = a + 1;
		}
	}
	strbuf_release(&text);
	strbuf_release(&fmt);
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
			gm_print_section(r, hits[i].tvi);
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

	mnt_email_format(r->ep, &tmp, chief_name, sizeof(chief_name) - 1,
			 chief_addr, sizeof(chief_addr) - 1,
			 r->o->email_usename);
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
	struct mnt_email e;
	size_t i;

	mnt_email_init(&e);
	strlist_uniq(&r->file_emails);
	for (i = 0; i < r->file_emails.nr; i++) {
		struct strbuf *fe = &r->file_emails.v[i];

		strbuf_reset(&m);
		mnt_mailmap_map(&r->g->mailmap, fe->buf, fe->len, &m);
		mnt_email_parse(r->ep, m.buf, m.len, &e);
		mnt_email_format(r->ep, &tmp, e.name.buf, e.name.len,
				 e.address.buf, e.address.len,
				 r->o->email_usename);
		push_email_address(r, tmp.buf, tmp.len, "", 0);
		gm_add_role(r, tmp.buf, tmp.len, "in file");
	}
	strbuf_release(&m);
	strbuf_release(&tmp);
	mnt_email_release(&e);
}

/* ---- the history room's hooks on the answer being built ---- */

static void hop_normalize(void *ctx, struct strbuf *email)
{
	struct run *r = ctx;
	struct mnt_email e;
	struct strbuf f = STRBUF_INIT;

	mnt_email_init(&e);
	mnt_email_parse(r->ep, email->buf, email->len, &e);
	mnt_email_format(r->ep, &f, e.name.buf, e.name.len, e.address.buf,
			 e.address.len, 1);
	strbuf_reset(email);
	strbuf_addbuf(email, &f);
	strbuf_release(&f);
	mnt_email_release(&e);
}

static void hop_dedupe(void *ctx, struct strbuf *email)
{
	gm_deduplicate_email(ctx, email);
}

static void hop_mailmap(void *ctx, struct strbuf *email)
{
	struct run *r = ctx;
	struct strbuf m = STRBUF_INIT;

	mnt_mailmap_map(&r->g->mailmap, email->buf, email->len, &m);
	strbuf_reset(email);
	strbuf_addbuf(email, &m);
	strbuf_release(&m);
}

static void hop_push(void *ctx, const char *line, size_t len, const char *role)
{
	struct run *r = ctx;

	push_email_address(r, line, len, "", 0);
	gm_add_role(r, line, len, role);
}

static bool hop_valid(void *ctx, const char *s, size_t len)
{
	struct run *r = ctx;
	struct mnt_email_parser ep;
	bool valid;

	if (r)
		return mnt_email_valid(r->ep, s, len);
	/* (the ignore file is read before any answer) */
	mnt_email_parser_init(&ep);
	valid = mnt_email_valid(&ep, s, len);
	mnt_email_parser_release(&ep);
	return valid;
}

void gm_history_ops(struct hist_ops *ops)
{
	ops->ctx = NULL;
	ops->normalize = hop_normalize;
	ops->dedupe = hop_dedupe;
	ops->mailmap = hop_mailmap;
	ops->push = hop_push;
	ops->valid = hop_valid;
}

/*
 * Does the script call vcs_file_signoffs() for file i?  With --git, or
 * with --git-fallback when no maintained section matched it exactly.
 */
static bool wants_signoffs(const struct gm_db *db, const struct gm_opts *o,
			   const char *file, bool exact)
{
	return o->history && o->email &&
	       (o->email_git || (o->email_git_fallback && !exact &&
				 !is_maintainers_file(db, file, false)));
}

/* Can history change file's answer (then it is not remembered)? */
static bool history_matters(const struct gm_db *db, const struct gm_opts *o,
			    const char *file, bool exact)
{
	if (!o->history || !o->email)
		return false;
	if (o->email_git_blame)
		return true;
	return wants_signoffs(db, o, file, exact) &&
	       !hist_file_quiet(o->history, file, false);
}

/* The script's loop over @files after the sections: signers, blame. */
static void answer_history(struct run *r, const struct gm_query *q,
			   const bool *exact)
{
	const struct gm_opts *o = r->o;
	struct history *h = o->history;
	char **want;
	size_t i, n = 0;

	if (!h || !q->nr_files)
		return;
	h->ops.ctx = r;
	want = calloc(q->nr_files, sizeof(*want));
	if (!want) {
		r->nomem = true;
		return;
	}
	for (i = 0; i < q->nr_files; i++)
		if (wants_signoffs(r->db, o, q->files[i], exact[i]))
			want[n++] = q->files[i];
	/* one git log for them all */
	if (n > 1 && vcs_prefetch_logs(&h->vcs, h->o.since, want, n))
		r->nomem = true;
	for (i = 0; i < q->nr_files && !r->nomem; i++) {
		if (wants_signoffs(r->db, o, q->files[i], exact[i]) &&
		    hist_file_signoffs(h, q->files[i]))
			r->nomem = true;
		if (o->email && o->email_git_blame &&
		    hist_file_blame(h, q->files[i]))
			r->nomem = true;
	}
	free(want);
}

/* vcs_add_commit_signers() for each Fixes: commit */
static void answer_fixes(struct run *r, const struct gm_query *q)
{
	struct history *h = r->o->history;
	size_t i;

	if (!h)
		return;
	h->ops.ctx = r;
	for (i = 0; i < q->nr_fixes && !r->nomem; i++)
		if (hist_commit_signers(h, q->fixes[i], "blamed_fixes"))
			r->nomem = true;
}

static void run_release(struct run *r)
{
	tagged_release(&r->email_to);
	tagged_release(&r->list_to);
	gm_strlist_release(&r->scm);
	gm_strlist_release(&r->web);
	gm_strlist_release(&r->bug);
	gm_strlist_release(&r->subsystem);
	gm_strlist_release(&r->status);
	gm_strlist_release(&r->substatus);
	gm_strlist_release(&r->file_emails);
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

int gm_answer(struct gm_getmaint *g, const struct gm_opts *o,
	      struct gm_query *q, struct strbuf *out, struct diags *d)
{
	struct run r;
	struct strbuf sig = STRBUF_INIT;
	size_t i, out_start = out->len;
	bool exact = false, *exacts = NULL;
	int memo = -1, ret;

	memset(&r, 0, sizeof(r));
	r.g = g;
	r.db = &g->db;
	r.ep = &g->cache.ep;
	r.o = o;
	r.d = d;
	r.out = out;
	if (o->history && q->nr_files) {
		exacts = calloc(q->nr_files, sizeof(*exacts));
		if (!exacts)
			r.nomem = true;
	}
	for (i = 0; i < q->nr_files; i++) {
		struct gm_hit *hits = NULL;
		size_t nhits = 0;

		/* %exact_pattern_match_hash, per file */
		exact = false;
		if (gm_hits(r.db, o, q->files[i], &exact, &hits, &nhits))
			r.nomem = true;
		if (exacts)
			exacts[i] = exact;
		if (history_matters(r.db, o, q->files[i], exact))
			memo = -1;
		else
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
		gm_deduplicate_email(&r, &r.email_to.v[i].email);
	for (i = 0; i < r.list_to.nr; i++)
		gm_deduplicate_email(&r, &r.list_to.v[i].email);
	if (exacts)
		answer_history(&r, q, exacts);
	if (o->email) {
		answer_penguins(&r);
		answer_file_emails(&r);
	}
	answer_fixes(&r, q);
	gm_answer_emit(&r);
	if (memo == 0 && !r.nomem && !strbuf_failed(out))
		memo_store(&g->cache, &sig, out->buf + out_start,
			   out->len - out_start);
out:
	ret = answer_failed(&r);
	run_release(&r);
	strbuf_release(&sig);
	free(exacts);
	return ret;
}

void gm_cache_init(struct gm_cache *c)
{
	memset(c, 0, sizeof(*c));
	mnt_email_parser_init(&c->ep);
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

	mnt_email_parser_release(&c->ep);
	for (i = 0; i < 4; i++)
		perlre_free(&c->restore[i]);
	for (i = 0; i < 5; i++)
		perlre_free(&c->file_email[i]);
	strmap_release(&c->memo);
	arena_release(&c->arena);
	memset(c, 0, sizeof(*c));
}
