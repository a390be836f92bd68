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

static int cmp_numstr(const void *pa, const void *pb)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "%zu", *(const size_t *)pa);
	snprintf(b, sizeof(b), "%zu", *(const size_t *)pb);
	return strcmp(a, b);
}

/* The sections of one file, and the addresses in it. */
static void answer_file(struct gm_answer_state *r, const char *file,
			const struct gm_hit *hits, size_t nhits)
{
	size_t i;

	for (i = 0; i < nhits; i++) {
		gm_add_categories(r, hits[i].tvi, "");
		if (r->o->sections)
			gm_print_section(r, hits[i].tvi);
	}
	gm_maintainers_in_file(r, file);
}

/*
 * Remembered answers (--all): for one file, without keywords or
 * addresses read from the file, the answer depends only on the sections
 * it matches (in order), so it is kept under that list and reused.
 * 1 when the answer was appended, 0 when sig is the key to store under.
 */
static int memo_lookup(struct gm_answer_state *r, const struct gm_query *q,
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
static void answer_keywords(struct gm_answer_state *r, struct gm_query *q)
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
		gm_check_email(r, NULL, &tmp);
		gm_add_categories(r, q->kw_hits[i], tmp.buf);
	}
	strbuf_release(&tmp);
}

/*
 * The chief penguin (the tree's script's: gm_getmaint.chiefs) is left out
 * unless asked for (--git-chief-penguins): what matches "Name <address>"
 * as a regex, as the script's grep does.
 */
static void answer_penguin(struct gm_answer_state *r,
			   const struct mnt_chief *chief)
{
	struct strbuf tmp = STRBUF_INIT;
	struct perlre re;
	size_t i, n = 0;

	if (gm_em(r,
		  mnt_email_format(r->ep, &tmp, chief->name,
				   strlen(chief->name), chief->addr,
				   strlen(chief->addr), r->o->email_usename))) {
		strbuf_release(&tmp);
		return;
	}
	if (r->o->email_git_penguin_chiefs) {
		gm_tagged_add(r, &r->email_to, tmp.buf, tmp.len,
			      "chief penguin", 13);
		strbuf_release(&tmp);
		return;
	}
	re = (struct perlre)PERLRE(tmp.buf, 0);
	for (i = 0; i < r->email_to.nr; i++) {
		struct gm_tagged *t = &r->email_to.v[i];

		if (gm_re(r, perlre_match(&re, t->email.buf, t->email.len)) >
		    0) {
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

/* Each chief penguin in the script's order (its @penguin_chief). */
static void answer_penguins(struct gm_answer_state *r)
{
	const struct mnt_chief *chiefs;
	size_t i, n;

	chiefs = mnt_chiefs_list(&r->g->chiefs, &n);

	for (i = 0; i < n && !r->nomem; i++)
		answer_penguin(r, &chiefs[i]);
}

static void answer_state_release(struct gm_answer_state *r)
{
	gm_tagged_release(&r->email_to);
	gm_tagged_release(&r->list_to);
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

static int answer_failed(struct gm_answer_state *r)
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
	struct gm_answer_state r;
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
		if (gm_history_matters(r.db, o, q->files[i], exact))
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
		gm_answer_history(&r, q, exacts);
	if (o->email) {
		answer_penguins(&r);
		gm_answer_file_emails(&r);
	}
	gm_answer_fixes(&r, q);
	gm_answer_emit(&r);
	if (memo == 0 && !r.nomem && !strbuf_failed(out))
		memo_store(&g->cache, &sig, out->buf + out_start,
			   out->len - out_start);
out:
	ret = answer_failed(&r);
	answer_state_release(&r);
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
	c->file_email[GM_RE_FILE_EMAIL] = (struct perlre)PERLRE(
		"[\\p{L}\\\"\\' \\,\\.\\+-]*\\s*[\\,]*\\s*[\\(\\<\\{]{0,1}"
		"[A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+\\.[A-Za-z0-9]+[\\)\\>\\}]{0,1}",
		0);
	c->file_email[GM_RE_CLEAN_ADDR] = (struct perlre)PERLRE(
		"[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}",
		0);
	c->file_email[GM_RE_NAME_SEP] =
		(struct perlre)PERLRE("[^\\p{L}\\'\\,\\.\\+-]", 0);
	c->file_email[GM_RE_PARTICLE] =
		(struct perlre)PERLRE("^[\\'\\,\\.\\+-]$", 0);
	c->file_email[GM_RE_LETTER] = (struct perlre)PERLRE("\\p{L}", 0);
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
