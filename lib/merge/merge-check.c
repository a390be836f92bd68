// SPDX-License-Identifier: GPL-2.0
/*
 * What a merge result must obey before it is taken: the three-way count
 * rule, line by line within each section; and the one repair git's clean
 * merges need, duplicates of what both sides added at different places.
 */
#include "merge-internal.h"
#include "base/base.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the count rule ---- */

struct counts {
	size_t n[4]; /* base, ours, theirs, result */
	bool blank; /* a blank line */
};

/*
 * The key a section of version which counts under: a section a move took
 * to another header (in base and in the version whose change followed
 * it) counts under the header it has now.
 */
static void count_key(const struct mg_text *x, size_t j, int which,
		      const struct moves *mv, const char **k, size_t *klen)
{
	size_t i;

	*k = x->s[j].key;
	*klen = x->s[j].klen;
	for (i = 0; mv && i < mv->n; i++) {
		const struct move *m = &mv->v[i];

		if ((which == 0 || which == m->changer) && m->flen == *klen &&
		    !memcmp(m->from, *k, *klen)) {
			*k = m->to;
			*klen = m->tlen;
			return;
		}
	}
}

/* the result has the count it must have */
static bool n3_ok(const struct counts *c, size_t want)
{
	return c->n[3] == want || (c->blank && !want && c->n[3] == 1);
}

/* count every line of x under its section (the preamble apart) */
static int count_lines(struct strmap *m, const struct mg_text *x, int which,
		       const struct moves *mv)
{
	struct strbuf key = STRBUF_INIT;
	size_t i, j;
	int ret = -1;

	for (i = 0; i < x->npre; i++) {
		struct counts *c;

		strbuf_reset(&key);
		strbuf_addch(&key, 'P');
		strbuf_add(&key, x->l[i].s, x->l[i].len);
		if (strbuf_failed(&key))
			goto out;
		c = strmap_value(m, key.buf, key.len, sizeof(*c));
		if (!c)
			goto out;
		c->n[which]++;
	}
	for (j = 0; j < x->ns; j++) {
		const struct mg_section *s = &x->s[j];
		size_t end = s->tfirst + s->tnr, klen;
		const char *k;

		count_key(x, j, which, mv, &k, &klen);
		for (i = s->head; i < end; i++) {
			struct counts *c;

			strbuf_reset(&key);
			strbuf_addch(&key, 'S');
			strbuf_add(&key, k, klen);
			strbuf_addch(&key, '\0');
			strbuf_add(&key, x->l[i].s, x->l[i].len);
			if (strbuf_failed(&key))
				goto out;
			c = strmap_value(m, key.buf, key.len, sizeof(*c));
			if (!c)
				goto out;
			c->n[which]++;
			c->blank = mg_is_blank(&x->l[i]);
		}
	}
	ret = strbuf_failed(&key) ? -1 : 0;
out:
	strbuf_release(&key);
	return ret;
}

/* the count a line must have in the result, SIZE_MAX when none can do */
static size_t wanted(const struct counts *c)
{
	const size_t *n = c->n;

	if (n[1] == n[0])
		return n[2];
	if (n[2] == n[0] || n[1] == n[2])
		return n[1];
	return SIZE_MAX;
}

/*
 * The count rule over every line; bad (or NULL): each section key with
 * a line that breaks it, "" for the preamble.  1 kept, 0 broken, -1.
 */
static int count_check(const struct mg_text *b, const struct mg_text *o,
		       const struct mg_text *t, const struct mg_text *r,
		       const struct moves *mv, struct strmap *bad)
{
	struct strmap m = STRMAP_INIT;
	size_t i;
	int ret = -1;

	if (count_lines(&m, b, 0, mv) || count_lines(&m, o, 1, mv) ||
	    count_lines(&m, t, 2, mv) || count_lines(&m, r, 3, NULL))
		goto out;
	ret = 1;
	for (i = 0; i < m.nr; i++) {
		const struct counts *c = m.e[i].value;
		const char *k = m.e[i].key;
		size_t want = wanted(c);

		/* the blank line put between sections that had none */
		if (n3_ok(c, want))
			continue;
		ret = 0;
		if (!bad)
			break;
		/* "S" KEY "\0" LINE, or "P" LINE */
		if (!strmap_value(bad, k + 1, *k == 'S' ? strlen(k + 1) : 0,
				  1)) {
			ret = -1;
			break;
		}
	}
out:
	for (i = 0; i < m.nr; i++)
		free(m.e[i].value);
	strmap_release(&m);
	return ret;
}

/*
 * The three-way count rule, line by line within each section (and the
 * preamble): a line k times in base, o in ours, t in theirs is in the
 * result t times if o = k, o times if t = k or o = t; any other count
 * is a conflict, so no clean result.  It says that every line a side
 * added is there, none a side removed came back, and none nobody touched
 * moved to another section or was lost; a header twice that neither side
 * had twice fails it too.  1 when the result obeys, 0 when not, -1 on
 * error.  (Declared in merge-internal.h.)
 */
int mg_counts_ok(const struct mg_text *b, const struct mg_text *o,
		 const struct mg_text *t, const struct mg_text *r,
		 const struct moves *mv)
{
	return count_check(b, o, t, r, mv, NULL);
}

int mg_bad_sections(const struct mg_text *b, const struct mg_text *o,
		    const struct mg_text *t, const struct mg_text *r,
		    const struct moves *mv, struct strmap *bad)
{
	return count_check(b, o, t, r, mv, bad);
}

int mg_check_lines(struct line *const v[3], const size_t n[3], const char *r,
		   size_t rlen, const struct moves *mv)
{
	struct mg_text x[4];
	int ret = -1, i;

	memset(x, 0, sizeof(x));
	if (!mg_text_set(&x[0], v[0], n[0]) &&
	    !mg_text_set(&x[1], v[1], n[1]) &&
	    !mg_text_set(&x[2], v[2], n[2]) && !mg_text_parse(&x[3], r, rlen))
		ret = mg_counts_ok(&x[0], &x[1], &x[2], &x[3], mv);
	for (i = 0; i < 4; i++)
		mg_text_release(&x[i]);
	return ret;
}

/* ---- duplicates git's clean merge made ---- */

struct keycount {
	size_t n[3]; /* ours, theirs, result */
	size_t first; /* the result's first section with it, + 1 */
};

static int count_keys(struct strmap *m, const struct mg_text *x, int which)
{
	size_t j;

	for (j = 0; j < x->ns; j++) {
		struct keycount *c =
			strmap_value(m, x->s[j].key, x->s[j].klen, sizeof(*c));

		if (!c)
			return -1;
		c->n[which]++;
		if (which == 2 && !c->first)
			c->first = j + 1;
	}
	return 0;
}

/* the header of the section before j in x, or "" */
static void prev_key(const struct mg_text *x, size_t j, const char **k,
		     size_t *klen)
{
	*k = "";
	*klen = 0;
	if (j > 0) {
		*k = x->s[j - 1].key;
		*klen = x->s[j - 1].klen;
	}
}

/*
 * The copy of a duplicated section to keep: the one after the section
 * OURS has before it, else the first.
 */
static size_t copy_to_keep(const struct mg_text *o, const struct mg_text *r,
			   size_t first)
{
	long oj = mg_text_find(o, r->s[first].key, r->s[first].klen);
	const char *ok, *rk;
	size_t oklen, rklen, j;

	if (oj < 0)
		return first;
	prev_key(o, (size_t)oj, &ok, &oklen);
	for (j = first; j < r->ns; j++) {
		if (!mg_same_key(r, (long)j, r, (long)first))
			continue;
		prev_key(r, j, &rk, &rklen);
		if (rklen == oklen && !memcmp(rk, ok, oklen))
			return j;
	}
	return first;
}

/* a field line twice in a section that neither side had twice there */
static void dup_fields(const struct mg_text *o, const struct mg_text *t,
		       const struct mg_text *r, size_t j, bool *drop)
{
	const struct mg_section *s = &r->s[j];
	long oj = mg_text_find(o, s->key, s->klen);
	long tj = mg_text_find(t, s->key, s->klen);
	size_t a, b;

	for (a = s->first; a < s->first + s->nr; a++) {
		size_t in_o = 0, in_t = 0, x;

		if (drop[a])
			continue;
		for (b = a + 1; b < s->first + s->nr; b++)
			if (!drop[b] && mg_same_line(&r->l[a], &r->l[b]))
				break;
		if (b == s->first + s->nr)
			continue;
		for (x = 0; oj >= 0 && x < o->s[oj].nr; x++)
			in_o += mg_same_line(&o->l[o->s[oj].first + x],
					     &r->l[a]);
		for (x = 0; tj >= 0 && x < t->s[tj].nr; x++)
			in_t += mg_same_line(&t->l[t->s[tj].first + x],
					     &r->l[a]);
		if (in_o < 2 && in_t < 2)
			drop[b] = true;
	}
}

/*
 * Drop every copy but one of each section r has twice and neither side
 * had twice; a copy that differs from the kept one is recorded in block
 * (the kept copy's header line -> the other copy) to be written as a
 * conflict.  Whether anything was dropped.
 */
static bool drop_dup_sections(const struct mg_text *o, const struct mg_text *r,
			      const struct strmap *keys, bool *drop,
			      long *block)
{
	bool changed = false;
	size_t i, j;

	for (i = 0; i < keys->nr; i++) {
		const struct keycount *c = keys->e[i].value;
		size_t first = c->first - 1, keep;

		if (c->n[2] < 2 || c->n[0] > 1 || c->n[1] > 1)
			continue;
		keep = copy_to_keep(o, r, first);
		for (j = first; j < r->ns; j++) {
			const struct mg_section *s = &r->s[j];
			size_t x;

			if (j == keep ||
			    !mg_same_key(r, (long)j, r, (long)first))
				continue;
			if (!mg_same_section(r, (long)j, r, (long)keep) &&
			    block[r->s[keep].head] < 0)
				block[r->s[keep].head] = (long)j;
			for (x = s->head; x < s->tfirst + s->tnr; x++)
				drop[x] = true;
			changed = true;
		}
	}
	return changed;
}

/*
 * The lines of r not dropped, each copy in block as a conflict with its
 * twin, written through em.  0, or -1 when out of memory.
 */
static int put_kept(struct emitter *em, const struct mg_text *r,
		    const bool *drop, const long *block)
{
	size_t i, j;

	for (i = 0; i < r->nl; i++) {
		if (drop[i])
			continue;
		if (block[i] >= 0) {
			/* the whole section of each copy, as a conflict */
			const struct mg_section *k = NULL, *x = &r->s[block[i]];

			for (j = 0; j < r->ns && !k; j++)
				if (r->s[j].head == i)
					k = &r->s[j];
			if (mg_put_conflict_ranges(em, &r->l[i], 1 + k->nr,
						   NULL, 0, &r->l[x->head],
						   1 + x->nr))
				return -1;
			i += k->nr;
			continue;
		}
		mg_put_line(em, &r->l[i]);
	}
	if (em->wrote && em->last_nonl && em->out->len)
		em->out->buf[--em->out->len] = '\0';
	return strbuf_failed(em->out) ? -1 : 0;
}

/*
 * Git's clean merge keeps what both sides added at different places
 * twice: a section (or a field line of a section) that neither side has
 * twice.  The same copies are one (at OURS' place); different ones under
 * one header (two people claiming one driver) are a conflict at OURS'
 * copy.  Rewrites text; *conflicts counts the blocks written.  0 or -1.
 */
int mg_dedupe(const char *ours, size_t olen, const char *theirs, size_t tlen,
	      const struct merge_opts *opts, struct strbuf *text,
	      size_t *conflicts)
{
	struct mg_text o, t, r;
	struct strmap keys = STRMAP_INIT;
	struct strbuf out = STRBUF_INIT;
	struct emitter em = { &out, opts, 0, false, false, false };
	bool *drop = NULL, changed;
	long *block = NULL; /* line -> the other copy, in a conflict */
	size_t i, j;
	int ret = -1;

	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	memset(&r, 0, sizeof(r));
	if (mg_text_parse(&o, ours, olen) || mg_text_parse(&t, theirs, tlen) ||
	    mg_text_parse(&r, text->buf, text->len) ||
	    count_keys(&keys, &o, 0) || count_keys(&keys, &t, 1) ||
	    count_keys(&keys, &r, 2))
		goto out;
	drop = calloc(r.nl + 1, sizeof(*drop));
	block = malloc((r.nl + 1) * sizeof(*block));
	if (!drop || !block)
		goto out;
	for (i = 0; i < r.nl; i++)
		block[i] = -1;
	changed = drop_dup_sections(&o, &r, &keys, drop, block);
	for (j = 0; j < r.ns; j++) {
		if (drop[r.s[j].head])
			continue;
		dup_fields(&o, &t, &r, j, drop);
		for (i = r.s[j].first; i < r.s[j].first + r.s[j].nr; i++)
			changed |= drop[i];
	}
	ret = 0;
	if (!changed)
		goto out;
	mg_drop_tail(&r, drop);
	if (put_kept(&em, &r, drop, block)) {
		ret = -1;
		goto out;
	}
	*conflicts += em.conflicts;
	{
		struct strbuf tmp = *text;

		*text = out;
		out = tmp;
	}
out:
	for (i = 0; i < keys.nr; i++)
		free(keys.e[i].value);
	strmap_release(&keys);
	strbuf_release(&out);
	free(drop);
	free(block);
	mg_text_release(&o);
	mg_text_release(&t);
	mg_text_release(&r);
	return ret;
}
