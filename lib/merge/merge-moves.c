// SPDX-License-Identifier: GPL-2.0
/*
 * Sections one side moved while the other side changed them where they
 * were.  git sees a removal and a change of the same lines (a conflict)
 * and, far away, an addition (clean).  The change follows the section:
 * the region where it was merges as if the changer had left it alone,
 * and the section where the mover put it becomes the merge of the three
 * versions (base, the moved one, the changed one).
 *
 * Memory: struct moves owns its array and each move's text; from and to
 * point into the callers' texts, which outlive the moves.
 */
#include "merge-internal.h"

#include <stdlib.h>
#include <string.h>

void mg_moves_truncate(struct moves *mv, size_t n)
{
	while (mv->n > n)
		strbuf_release(&mv->v[--mv->n].text);
}

void mg_moves_release(struct moves *mv)
{
	mg_moves_truncate(mv, 0);
	free(mv->v);
	mv->v = NULL;
	mv->alloc = 0;
}

/* a section's header and field lines as a new array (NULL on ENOMEM) */
static struct line *sec_with_head(const struct line *head,
				  const struct mg_text *x, long j, size_t *n)
{
	size_t nr = x->s[j].nr;
	struct line *v = malloc((nr + 1) * sizeof(*v));

	if (v) {
		v[0] = *head;
		v[0].nl = true;
		memcpy(v + 1, &x->l[x->s[j].first], nr * sizeof(*v));
		if (nr)
			v[nr].nl = true;
	}
	*n = nr + 1;
	return v;
}

/*
 * Where the mover has base section i of region base rb now: the same
 * header, or an added header whose section looks like it (a rename).
 */
static long moved_to(const struct mg_text *whole_b, const struct mg_text *w,
		     const struct mg_text *rb, long i)
{
	long y = mg_text_find(w, rb->s[i].key, rb->s[i].klen), pick = -1;
	double best = 0.6;
	size_t j;

	if (y >= 0)
		return y;
	for (j = 0; j < w->ns; j++) {
		double l;

		if (mg_text_find(whole_b, w->s[j].key, w->s[j].klen) >= 0)
			continue;
		l = mg_likeness(rb, i, w, (long)j);
		if (l >= best) {
			best = l;
			pick = (long)j;
		}
	}
	return pick;
}

/*
 * The moved section merged: base, the mover's and the changer's
 * versions, all under the mover's header.  0, 1 when that conflicts, -1.
 */
static int merge_moved(const struct mg_text *rb, long i,
		       const struct mg_text *w, long y,
		       const struct mg_text *rc, long k, int changer,
		       struct strbuf *out)
{
	const struct line *head = &w->l[w->s[y].head];
	struct line *b, *m, *c;
	size_t nb, nm, nc, conflicts = 0;
	int ret = -1;

	b = sec_with_head(head, rb, i, &nb);
	m = sec_with_head(head, w, y, &nm);
	c = sec_with_head(head, rc, k, &nc);
	if (!b || !m || !c)
		goto out;
	{
		struct line *v[3] = { b, changer == 2 ? m : c,
				      changer == 2 ? c : m };
		size_t n[3] = { nb, changer == 2 ? nm : nc,
				changer == 2 ? nc : nm };

		ret = mg_merge_sections(v, n, NULL, NULL, out, &conflicts,
					NULL);
	}
	if (!ret && conflicts)
		ret = 1;
out:
	free(b);
	free(m);
	free(c);
	return ret;
}

/*
 * The changer's region lines with section k (header and fields) in its
 * base version (section i of rb): a new array in *v, *n.
 */
static int unchange(const struct mg_text *rc, long k, const struct mg_text *rb,
		    long i, struct line **v, size_t *n)
{
	const struct mg_section *s = &rc->s[k], *bs = &rb->s[i];
	size_t before = s->head, after = rc->nl - (s->first + s->nr);
	size_t nn = before + 1 + bs->nr + after;
	struct line *x = malloc((nn ? nn : 1) * sizeof(*x));

	if (!x)
		return -1;
	memcpy(x, rc->l, before * sizeof(*x));
	memcpy(x + before, &rb->l[bs->head], (1 + bs->nr) * sizeof(*x));
	memcpy(x + before + 1 + bs->nr, &rc->l[s->first + s->nr],
	       after * sizeof(*x));
	free(*v);
	*v = x;
	*n = nn;
	return 0;
}

/* one move of base section i (region texts r); 1 found, 0 none, -1 */
static int one_move(const struct mg_text whole[3], struct mg_text r[3], long i,
		    struct line *v[3], size_t n[3], struct moves *mv)
{
	const struct mg_text *rb = &r[0];
	int mover, changer, ret;
	long k, y;
	struct move *m;

	for (mover = 1; mover <= 2; mover++) {
		changer = 3 - mover;
		if (mg_text_find(&r[mover], rb->s[i].key, rb->s[i].klen) >= 0)
			continue;
		k = mg_text_find(&r[changer], rb->s[i].key, rb->s[i].klen);
		if (k < 0 || mg_same_section(&r[changer], k, rb, i))
			continue;
		y = moved_to(&whole[0], &whole[mover], rb, i);
		if (y < 0)
			continue;
		if (!ALLOC_GROW(mv->v, mv->n + 1, mv->alloc))
			return -1;
		m = &mv->v[mv->n];
		memset(m, 0, sizeof(*m));
		strbuf_init(&m->text);
		ret = merge_moved(rb, i, &whole[mover], y, &r[changer], k,
				  changer, &m->text);
		if (ret) {
			strbuf_release(&m->text);
			return ret < 0 ? -1 : 0;
		}
		m->changer = changer;
		m->from = rb->s[i].key;
		m->flen = rb->s[i].klen;
		m->to = whole[mover].s[y].key;
		m->tlen = whole[mover].s[y].klen;
		mv->n++;
		if (unchange(&r[changer], k, rb, i, &v[changer], &n[changer]))
			return -1;
		return 1;
	}
	return 0;
}

int mg_find_moves(const struct mg_text whole[3], struct line *v[3], size_t n[3],
		  struct moves *mv)
{
	struct mg_text r[3];
	size_t i, found = 0;
	int ret = -1, side;

	memset(r, 0, sizeof(r));
	for (side = 0; side < 3; side++)
		if (mg_text_set(&r[side], v[side], n[side]))
			goto out;
	for (i = 0; i < r[0].ns; i++) {
		int one;

		if (mg_text_find(&r[0], r[0].s[i].key, r[0].s[i].klen) !=
		    (long)i)
			continue; /* a duplicate header in base: leave it */
		one = one_move(whole, r, (long)i, v, n, mv);
		if (one < 0)
			goto out;
		if (one) {
			/* the changer's lines changed: read them again */
			found++;
			for (side = 1; side < 3; side++) {
				mg_text_release(&r[side]);
				if (mg_text_set(&r[side], v[side], n[side]))
					goto out;
			}
		}
	}
	ret = (int)found;
out:
	for (side = 0; side < 3; side++)
		mg_text_release(&r[side]);
	return ret;
}

int mg_apply_moves(const struct moves *mv, struct strbuf *text)
{
	struct mg_text x;
	struct strbuf out = STRBUF_INIT;
	long *at = NULL; /* section -> move + 1 */
	size_t i, j;
	int ret = -1;

	for (i = 0; i < mv->n && mv->v[i].rename_only; i++)
		;
	if (i == mv->n)
		return 0;
	memset(&x, 0, sizeof(x));
	if (mg_text_parse(&x, text->buf, text->len))
		goto out;
	at = calloc(x.ns + 1, sizeof(*at));
	if (!at)
		goto out;
	ret = 1;
	for (i = 0; i < mv->n; i++) {
		const struct move *m = &mv->v[i];
		long found = -1;

		if (m->rename_only)
			continue;
		for (j = 0; j < x.ns; j++) {
			if (x.s[j].klen != m->tlen ||
			    memcmp(x.s[j].key, m->to, m->tlen))
				continue;
			if (found >= 0 || at[j])
				goto out; /* twice, or moved twice */
			found = (long)j;
		}
		if (found < 0)
			goto out;
		at[found] = (long)i + 1;
	}
	for (i = 0, j = 0; i < x.nl; i++) {
		while (j < x.ns && x.s[j].head < i)
			j++;
		if (j < x.ns && x.s[j].head == i && at[j]) {
			strbuf_addbuf(&out, &mv->v[at[j] - 1].text);
			i = x.s[j].first + x.s[j].nr - 1;
			continue;
		}
		strbuf_add(&out, x.l[i].s, x.l[i].len);
		if (x.l[i].nl)
			strbuf_addch(&out, '\n');
	}
	ret = -1;
	if (strbuf_failed(&out))
		goto out;
	{
		struct strbuf tmp = *text;

		*text = out;
		out = tmp;
	}
	ret = 0;
out:
	strbuf_release(&out);
	free(at);
	mg_text_release(&x);
	return ret;
}

/* the key the other side gave base section b by a rename, or -1 */
static long renamed_in(const struct moves *ren, const struct mg_text *b, long i,
		       const struct mg_text *x, int changer)
{
	size_t k;

	for (k = 0; k < ren->n; k++) {
		const struct move *m = &ren->v[k];

		if (m->changer == changer && m->flen == b->s[i].klen &&
		    !memcmp(m->from, b->s[i].key, m->flen))
			return mg_text_find(x, m->to, m->tlen);
	}
	return -1;
}

/* r's sections with key k: how many, the first in *j */
static size_t count_key_in(const struct mg_text *r, const char *k, size_t klen,
			   long *j)
{
	size_t i, n = 0;

	for (i = 0; i < r->ns; i++)
		if (r->s[i].klen == klen && !memcmp(r->s[i].key, k, klen)) {
			if (!n)
				*j = (long)i;
			n++;
		}
	return n;
}

/*
 * What to do with result section j whose header only one side (the
 * keeper) still has: 1 drop it, 2 drop it and put *merged in place of
 * section *into, 0 leave it, -1 error.
 */
static int removed_section(const struct mg_text whole[3],
			   const struct moves *ren, const struct mg_text *r,
			   long j, struct strbuf *merged, long *into)
{
	const struct mg_section *s = &r->s[j];
	long b = mg_text_find(&whole[0], s->key, s->klen);
	long o = mg_text_find(&whole[1], s->key, s->klen);
	long t = mg_text_find(&whole[2], s->key, s->klen);
	int keeper = o >= 0 ? 1 : 2, mover = 3 - keeper;
	long k = keeper == 1 ? o : t, y, ry = -1;
	int ret;

	if (b < 0 || (o >= 0) == (t >= 0) ||
	    !mg_same_section(r, j, &whole[keeper], k))
		return 0;
	if (mg_same_section(&whole[keeper], k, &whole[0], b))
		return 1;
	/* the keeper changed it: it follows the mover's rename */
	y = renamed_in(ren, &whole[0], b, &whole[mover], keeper);
	if (y < 0 ||
	    count_key_in(r, whole[mover].s[y].key, whole[mover].s[y].klen,
			 &ry) != 1 ||
	    !mg_same_section(r, ry, &whole[mover], y))
		return 0;
	ret = merge_moved(&whole[0], b, &whole[mover], y, &whole[keeper], k,
			  keeper, merged);
	if (ret)
		return ret < 0 ? -1 : 0;
	*into = ry;
	return 2;
}

int mg_drop_removed(const struct mg_text whole[3], const struct moves *ren,
		    struct strbuf *text)
{
	struct mg_text r;
	struct strbuf out = STRBUF_INIT;
	struct strbuf *put = NULL; /* line -> text in place of its section */
	bool *drop = NULL, changed = false;
	size_t i, j;
	int ret = -1;

	memset(&r, 0, sizeof(r));
	if (mg_text_parse(&r, text->buf, text->len))
		goto out;
	drop = calloc(r.nl + 1, sizeof(*drop));
	put = calloc(r.ns + 1, sizeof(*put));
	if (!drop || !put)
		goto out;
	for (j = 0; j < r.ns; j++) {
		struct strbuf merged = STRBUF_INIT;
		long into = -1;
		int what;

		if (mg_text_find(&r, r.s[j].key, r.s[j].klen) != (long)j)
			continue;
		what = removed_section(whole, ren, &r, (long)j, &merged, &into);
		if (what < 0) {
			strbuf_release(&merged);
			goto out;
		}
		if (what == 2 && !put[into].len) {
			put[into] = merged;
			strbuf_init(&merged);
		} else if (what == 2) {
			what = 0; /* two for one place: leave both */
		}
		strbuf_release(&merged);
		if (!what)
			continue;
		for (i = r.s[j].head; i < r.s[j].tfirst + r.s[j].tnr; i++)
			drop[i] = true;
		changed = true;
	}
	ret = 0;
	if (!changed)
		goto out;
	mg_drop_tail(&r, drop);
	for (i = 0, j = 0; i < r.nl; i++) {
		while (j < r.ns && r.s[j].head < i)
			j++;
		if (drop[i])
			continue;
		if (j < r.ns && r.s[j].head == i && put[j].len) {
			strbuf_addbuf(&out, &put[j]);
			i = r.s[j].first + r.s[j].nr - 1;
			continue;
		}
		strbuf_add(&out, r.l[i].s, r.l[i].len);
		if (r.l[i].nl)
			strbuf_addch(&out, '\n');
	}
	if (strbuf_failed(&out)) {
		ret = -1;
		goto out;
	}
	{
		struct strbuf tmp = *text;

		*text = out;
		out = tmp;
	}
out:
	for (j = 0; put && j < r.ns; j++)
		strbuf_release(&put[j]);
	free(put);
	strbuf_release(&out);
	free(drop);
	mg_text_release(&r);
	return ret;
}
