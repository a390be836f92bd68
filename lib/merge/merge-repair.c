// SPDX-License-Identifier: GPL-2.0
/*
 * Sections git's clean parts got wrong.  In a merge git conflicted on,
 * the text between its hunks is git's, and git may have put a hunk of
 * one side into a section that only looks like the one it was meant for
 * (two entries alike, line for line).  The last check finds it: the
 * count rule fails in those sections.  Each such section is merged again
 * from its three versions by the section engine; the result is taken
 * only when every one of them merges and the whole file then passes.
 */
#include "merge-internal.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

/* the only section of x with key k, or -1 (none, or more than one) */
static long only_section(const struct mg_text *x, const char *k, size_t klen)
{
	long j = mg_text_find(x, k, klen), i;

	if (j < 0)
		return -1;
	for (i = j + 1; i < (long)x->ns; i++)
		if (x->s[i].klen == klen && !memcmp(x->s[i].key, k, klen))
			return -1;
	return j;
}

/* section j of x: its header, fields and trailer lines */
static struct line *sec_lines(const struct mg_text *x, long j, size_t *n)
{
	const struct mg_section *s;

	if (j < 0) {
		*n = 0;
		return NULL;
	}
	s = &x->s[j];
	*n = s->tfirst + s->tnr - s->head;
	return &x->l[s->head];
}

/* does a move name key k (then its sections are not ours to redo) */
static bool moved(const struct moves *mv, const char *k, size_t klen)
{
	size_t i;

	for (i = 0; i < mv->n; i++) {
		const struct move *m = &mv->v[i];

		if ((m->flen == klen && !memcmp(m->from, k, klen)) ||
		    (m->tlen == klen && !memcmp(m->to, k, klen)))
			return true;
	}
	return false;
}

/*
 * Section key k merged again into out: 1 clean (count rule kept), 0
 * not, -1 on error.
 */
static int redo(const struct mg_text whole[3], const char *k, size_t klen,
		const struct merge_opts *opts, struct moves *mv,
		struct strbuf *out)
{
	struct line *v[3];
	size_t n[3], conflicts;
	int side;

	for (side = 0; side < 3; side++) {
		long j = mg_text_find(&whole[side], k, klen);

		if (j >= 0 && only_section(&whole[side], k, klen) < 0)
			return 0;
		v[side] = sec_lines(&whole[side], j, &n[side]);
	}
	if (mg_merge_sections(v, n, whole, opts, out, &conflicts, NULL))
		return -1;
	if (conflicts)
		return 0;
	return mg_check_lines(v, n, out->buf, out->len, mv);
}

struct fix {
	size_t from, to; /* the result's lines [from, to) */
	struct strbuf text;
};

/* the result with each fix in place of its lines, into res */
static int put_fixes(const struct mg_text *r, struct fix *fx, size_t nf,
		     struct strbuf *res)
{
	struct strbuf out = STRBUF_INIT;
	size_t i, f = 0;
	int ret;

	for (i = 0; i < r->nl;) {
		const struct line *l = &r->l[i];

		if (f < nf && fx[f].from == i) {
			strbuf_addbuf(&out, &fx[f].text);
			i = fx[f++].to;
			continue;
		}
		strbuf_add(&out, l->s, l->len);
		if (l->nl)
			strbuf_addch(&out, '\n');
		i++;
	}
	ret = strbuf_failed(&out) ? -1 : 0;
	if (!ret) {
		strbuf_reset(res);
		strbuf_addbuf(res, &out);
		ret = strbuf_failed(res) ? -1 : 0;
	}
	strbuf_release(&out);
	return ret;
}

static int by_from(const void *a, const void *b)
{
	const struct fix *x = a, *y = b;

	return x->from < y->from ? -1 : x->from > y->from;
}

/*
 * A section merged again ends as the result's did: without the blank
 * lines its side had after it (the result keeps its own, a section last
 * in the file may have been followed by another on that side), and
 * without a newline where the result's last field line had none.
 */
static void end_as(struct strbuf *text, const struct line *last)
{
	while (text->len > 1 && text->buf[text->len - 1] == '\n' &&
	       text->buf[text->len - 2] == '\n')
		text->buf[--text->len] = '\0';
	if (!last->nl && text->len && text->buf[text->len - 1] == '\n')
		text->buf[--text->len] = '\0';
}

int mg_repair(const struct mg_text whole[3], const struct merge_opts *opts,
	      struct moves *mv, struct strbuf *res)
{
	struct strmap bad = STRMAP_INIT;
	struct mg_text r;
	struct fix *fx = NULL;
	size_t nf = 0, af = 0, i;
	int ret = -1, ok;

	memset(&r, 0, sizeof(r));
	if (mg_text_parse(&r, res->buf, res->len))
		goto out;
	ok = mg_bad_sections(&whole[0], &whole[1], &whole[2], &r, mv, &bad);
	if (ok < 0)
		goto out;
	ret = 0;
	for (i = 0; !ok && i < bad.nr; i++) {
		const char *k = bad.e[i].key;
		size_t klen = bad.e[i].len;
		long jr = only_section(&r, k, klen);

		/* the preamble, a section twice, a move: not for here */
		if (!klen || jr < 0 || moved(mv, k, klen))
			goto out;
		if (!ALLOC_GROW(fx, nf + 1, af)) {
			ret = -1;
			goto out;
		}
		/* the header and fields: the blank lines after stay */
		fx[nf].from = r.s[jr].head;
		fx[nf].to = r.s[jr].tfirst;
		strbuf_init(&fx[nf].text);
		nf++;
		ok = redo(whole, k, klen, opts, mv, &fx[nf - 1].text);
		if (ok <= 0) {
			ret = ok;
			goto out;
		}
		end_as(&fx[nf - 1].text, &r.l[fx[nf - 1].to - 1]);
		ok = 0;
	}
	if (!nf)
		goto out;
	qsort(fx, nf, sizeof(*fx), by_from);
	ret = put_fixes(&r, fx, nf, res);
	if (!ret)
		ret = 1;
out:
	for (i = 0; i < nf; i++)
		strbuf_release(&fx[i].text);
	free(fx);
	for (i = 0; i < bad.nr; i++)
		free(bad.e[i].value);
	strmap_release(&bad);
	mg_text_release(&r);
	return ret;
}
