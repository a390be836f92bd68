// SPDX-License-Identifier: GPL-2.0
/*
 * The three-way merge of MAINTAINERS texts (see merge.h for the rules).
 *
 * Each input is cut into lines (pointing into the caller's buffers) and
 * sections.  Sections of the three are grouped (base, ours, theirs; any
 * may be missing); the result's order is OURS' order of the groups, with
 * the groups THEIRS added or moved put after their anchors.  Each group
 * is then written: its lines merged the same way (OURS' lines in OURS'
 * order, THEIRS' additions after their anchors).
 *
 * Memory: struct merger owns every array it allocates; merger_release()
 * frees them.  Lines and headers point into the input buffers.
 */
#include "merge.h"
#include "format.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct line {
	const char *s; /* without the newline */
	size_t len;
	bool nl; /* ended by a newline */
};

struct sec {
	size_t head; /* the header line */
	size_t first, nr; /* field lines */
	size_t tfirst, tnr; /* trailer: the lines up to the next header */
	const char *key; /* trimmed header */
	size_t klen;
};

struct text {
	struct line *l;
	size_t nl, al;
	size_t npre; /* preamble: lines [0, npre) */
	struct sec *s;
	size_t ns, as;
	size_t *hash; /* key -> section index + 1; 0 empty */
	size_t hsize;
};

/* a group: one section of the result, from up to three inputs */
struct group {
	long b, o, t; /* section indices, -1 when absent */
	size_t node; /* its node in the order list, 0 when not placed */
	bool moved_by_ours; /* OURS alone moved it: no anchor for THEIRS */
};

/* a node of the result's section order (node 0 is the list head) */
struct node {
	size_t group;
	size_t next;
};

struct emitter {
	struct strbuf *out;
	const struct merge_opts *opts;
	size_t conflicts;
	bool last_nonl; /* the last line written had no newline */
	bool wrote; /* any line written */
	bool last_blank; /* the last line written was blank */
};

struct merger {
	struct text b, o, t;
	struct group *g;
	size_t ng, ag;
	long *group_of_o, *group_of_t; /* section index -> group */
	struct node *n;
	size_t nn, an;
	bool nomem;
};

/* ---- lines and sections ---- */

static bool is_field(const struct line *l)
{
	return l->len >= 2 && l->s[0] >= 'A' && l->s[0] <= 'Z' &&
	       l->s[1] == ':';
}

static bool is_blank(const struct line *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		if (!mnt_isspace((unsigned char)l->s[i]))
			return false;
	return true;
}

static bool same_line(const struct line *a, const struct line *b)
{
	return a->len == b->len && !memcmp(a->s, b->s, a->len);
}

static bool same_lines(const struct line *a, size_t na, const struct line *b,
		       size_t nb)
{
	size_t i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (!same_line(&a[i], &b[i]))
			return false;
	return true;
}

static uint64_t hash_bytes(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

static bool is_header_at(const struct text *x, size_t i)
{
	return i + 1 < x->nl && !is_field(&x->l[i]) && is_field(&x->l[i + 1]);
}

static long text_find(const struct text *x, const char *key, size_t klen)
{
	size_t h;

	if (!x->hsize)
		return -1;
	h = (size_t)hash_bytes(key, klen) & (x->hsize - 1);
	while (x->hash[h]) {
		const struct sec *s = &x->s[x->hash[h] - 1];

		if (s->klen == klen && !memcmp(s->key, key, klen))
			return (long)(x->hash[h] - 1);
		h = (h + 1) & (x->hsize - 1);
	}
	return -1;
}

static int text_parse(struct text *x, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	size_t i, k;

	memset(x, 0, sizeof(*x));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		if (!ALLOC_GROW(x->l, x->nl + 1, x->al))
			return -1;
		x->l[x->nl++] = (struct line){ p, (size_t)(e - p), nl != NULL };
		p = nl ? nl + 1 : end;
	}
	for (i = 0; i < x->nl && !is_header_at(x, i); i++)
		;
	x->npre = i;
	while (i < x->nl) {
		struct sec *s;
		const char *h = x->l[i].s;
		size_t hl = x->l[i].len;

		if (!ALLOC_GROW(x->s, x->ns + 1, x->as))
			return -1;
		s = &x->s[x->ns++];
		s->head = i;
		s->first = i + 1;
		for (k = i + 1; k < x->nl && is_field(&x->l[k]); k++)
			;
		s->nr = k - s->first;
		s->tfirst = k;
		while (k < x->nl && !is_header_at(x, k))
			k++;
		s->tnr = k - s->tfirst;
		while (hl && mnt_isspace((unsigned char)*h)) {
			h++;
			hl--;
		}
		while (hl && mnt_isspace((unsigned char)h[hl - 1]))
			hl--;
		s->key = h;
		s->klen = hl;
		i = k;
	}
	for (x->hsize = 16; x->hsize < 2 * x->ns + 2; x->hsize *= 2)
		;
	x->hash = calloc(x->hsize, sizeof(*x->hash));
	if (!x->hash)
		return -1;
	for (i = 0; i < x->ns; i++) {
		const struct sec *s = &x->s[i];
		size_t h;

		if (text_find(x, s->key, s->klen) >= 0)
			continue; /* a duplicate: found as the first */
		h = (size_t)hash_bytes(s->key, s->klen) & (x->hsize - 1);
		while (x->hash[h])
			h = (h + 1) & (x->hsize - 1);
		x->hash[h] = i + 1;
	}
	return 0;
}

static void text_release(struct text *x)
{
	free(x->l);
	free(x->s);
	free(x->hash);
}

static const struct line *sec_lines(const struct text *x, long i)
{
	return i < 0 ? NULL : &x->l[x->s[i].first];
}

static size_t sec_nr(const struct text *x, long i)
{
	return i < 0 ? 0 : x->s[i].nr;
}

static bool same_key(const struct text *a, long i, const struct text *b, long j)
{
	const struct sec *x = &a->s[i], *y = &b->s[j];

	return x->klen == y->klen && !memcmp(x->key, y->key, x->klen);
}

/* header and field lines equal (the trailer does not count) */
static bool same_section(const struct text *a, long i, const struct text *b,
			 long j)
{
	return same_key(a, i, b, j) &&
	       same_lines(sec_lines(a, i), sec_nr(a, i), sec_lines(b, j),
			  sec_nr(b, j));
}

/* ---- matching lines: the longest common subsequence ---- */

/*
 * ma[i]: the index in b of the line a[i] is matched with, or -1; mb[j]
 * the same the other way.  Common ends are matched first; the middle by
 * dynamic programming, or (when too large) greedily.  0 or -1.
 */
static int lcs_match(const struct line *a, size_t na, const struct line *b,
		     size_t nb, long *ma, long *mb)
{
	size_t pre = 0, suf = 0, m, n, i, j;
	uint32_t *dp;

	for (i = 0; i < na; i++)
		ma[i] = -1;
	for (j = 0; j < nb; j++)
		mb[j] = -1;
	while (pre < na && pre < nb && same_line(&a[pre], &b[pre])) {
		ma[pre] = (long)pre;
		mb[pre] = (long)pre;
		pre++;
	}
	while (suf < na - pre && suf < nb - pre &&
	       same_line(&a[na - 1 - suf], &b[nb - 1 - suf])) {
		ma[na - 1 - suf] = (long)(nb - 1 - suf);
		mb[nb - 1 - suf] = (long)(na - 1 - suf);
		suf++;
	}
	m = na - pre - suf;
	n = nb - pre - suf;
	if (!m || !n)
		return 0;
	a += pre;
	b += pre;
	if ((m + 1) > (size_t)4000000 / (n + 1)) {
		/* greedy: each line of a with the next equal line of b */
		size_t from = 0;

		for (i = 0; i < m && from < n; i++)
			for (j = from; j < n && j < from + 200; j++)
				if (same_line(&a[i], &b[j])) {
					ma[pre + i] = (long)(pre + j);
					mb[pre + j] = (long)(pre + i);
					from = j + 1;
					break;
				}
		return 0;
	}
	dp = calloc((m + 1) * (n + 1), sizeof(*dp));
	if (!dp)
		return -1;
	/* dp[i][j]: the LCS of a[i..m) and b[j..n) */
	for (i = m; i-- > 0;)
		for (j = n; j-- > 0;) {
			uint32_t *c = &dp[i * (n + 1) + j];

			if (same_line(&a[i], &b[j]))
				*c = dp[(i + 1) * (n + 1) + j + 1] + 1;
			else
				*c = dp[(i + 1) * (n + 1) + j] >
						     dp[i * (n + 1) + j + 1] ?
					     dp[(i + 1) * (n + 1) + j] :
					     dp[i * (n + 1) + j + 1];
		}
	for (i = 0, j = 0; i < m && j < n;) {
		if (same_line(&a[i], &b[j])) {
			ma[pre + i] = (long)(pre + j);
			mb[pre + j] = (long)(pre + i);
			i++;
			j++;
		} else if (dp[(i + 1) * (n + 1) + j] >=
			   dp[i * (n + 1) + j + 1]) {
			i++;
		} else {
			j++;
		}
	}
	free(dp);
	return 0;
}

/* ---- writing ---- */

static void put_line(struct emitter *em, const struct line *l)
{
	strbuf_add(em->out, l->s, l->len);
	strbuf_addch(em->out, '\n');
	em->last_nonl = !l->nl;
	em->last_blank = is_blank(l);
	em->wrote = true;
}

static void put_lines(struct emitter *em, const struct line *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		put_line(em, &v[i]);
}

static void put_marker(struct emitter *em, char c, const char *label)
{
	int i, size = em->opts && em->opts->marker_size > 0 ?
			      em->opts->marker_size :
			      7;

	for (i = 0; i < size; i++)
		strbuf_addch(em->out, c);
	if (label && *label) {
		strbuf_addch(em->out, ' ');
		strbuf_addstr(em->out, label);
	}
	strbuf_addch(em->out, '\n');
	em->last_nonl = false;
	em->last_blank = false;
	em->wrote = true;
}

static const char *label(const char *l, const char *dflt)
{
	return l ? l : dflt;
}

/* A conflict block (parts as arrays of line pointers). */
static void put_conflict(struct emitter *em, const struct line *const *o,
			 size_t no, const struct line *const *b, size_t nb,
			 const struct line *const *t, size_t nt)
{
	enum merge_style style = em->opts ? em->opts->style : MERGE_STYLE_MERGE;
	size_t pre = 0, suf = 0, i;

	if (style != MERGE_STYLE_DIFF3) {
		while (pre < no && pre < nt && same_line(o[pre], t[pre]))
			pre++;
		while (suf < no - pre && suf < nt - pre &&
		       same_line(o[no - 1 - suf], t[nt - 1 - suf]))
			suf++;
	}
	for (i = 0; i < pre; i++)
		put_line(em, o[i]);
	put_marker(em, '<',
		   label(em->opts ? em->opts->ours_label : NULL, "ours"));
	for (i = pre; i < no - suf; i++)
		put_line(em, o[i]);
	if (style != MERGE_STYLE_MERGE) {
		put_marker(em, '|',
			   label(em->opts ? em->opts->base_label : NULL,
				 "base"));
		for (i = 0; i < nb; i++)
			put_line(em, b[i]);
	}
	put_marker(em, '=', NULL);
	for (i = pre; i < nt - suf; i++)
		put_line(em, t[i]);
	put_marker(em, '>',
		   label(em->opts ? em->opts->theirs_label : NULL, "theirs"));
	for (i = no - suf; i < no; i++)
		put_line(em, o[i]);
	em->conflicts++;
}

/* pointer arrays for put_conflict() from line ranges */
static const struct line **ptrs(const struct line *v, size_t n)
{
	const struct line **p = malloc((n ? n : 1) * sizeof(*p));
	size_t i;

	if (p)
		for (i = 0; i < n; i++)
			p[i] = &v[i];
	return p;
}

static int put_conflict_ranges(struct emitter *em, const struct line *o,
			       size_t no, const struct line *b, size_t nb,
			       const struct line *t, size_t nt)
{
	const struct line **po = ptrs(o, no), **pb = ptrs(b, nb),
			  **pt = ptrs(t, nt);
	int ret = -1;

	if (po && pb && pt) {
		put_conflict(em, po, no, pb, nb, pt, nt);
		ret = 0;
	}
	free(po);
	free(pb);
	free(pt);
	return ret;
}

/* ---- three-way merge of plain line sequences (the preamble) ---- */

/* One side left alone, or both the same: write the other.  Done? */
static bool trivial(struct emitter *em, const struct line *b, size_t nb,
		    const struct line *o, size_t no, const struct line *t,
		    size_t nt)
{
	if (same_lines(o, no, b, nb))
		put_lines(em, t, nt);
	else if (same_lines(t, nt, b, nb) || same_lines(o, no, t, nt))
		put_lines(em, o, no);
	else
		return false;
	return true;
}

static bool chunk_same(const struct line *a, size_t na, const struct line *b,
		       size_t nb)
{
	return same_lines(a, na, b, nb);
}

static int merge_plain(struct emitter *em, const struct line *b, size_t nb,
		       const struct line *o, size_t no, const struct line *t,
		       size_t nt)
{
	static const struct line none;
	long *bo = NULL, *ob = NULL, *bt = NULL, *tb = NULL;
	size_t i = 0, jo = 0, jt = 0;
	int ret = -1;

	if (trivial(em, b, nb, o, no, t, nt))
		return 0;
	/* no lines may come as NULL: never offset a null pointer */
	b = b ? b : &none;
	o = o ? o : &none;
	t = t ? t : &none;
	bo = malloc((nb + 1) * sizeof(*bo));
	ob = malloc((no + 1) * sizeof(*ob));
	bt = malloc((nb + 1) * sizeof(*bt));
	tb = malloc((nt + 1) * sizeof(*tb));
	if (!bo || !ob || !bt || !tb || lcs_match(b, nb, o, no, bo, ob) ||
	    lcs_match(b, nb, t, nt, bt, tb))
		goto out;
	for (;;) {
		size_t k = i, eo, et;

		/* the next base line both sides kept, in order */
		while (k < nb && (bo[k] < (long)jo || bt[k] < (long)jt))
			k++;
		eo = k < nb ? (size_t)bo[k] : no;
		et = k < nb ? (size_t)bt[k] : nt;
		if (chunk_same(o + jo, eo - jo, b + i, k - i))
			put_lines(em, t + jt, et - jt);
		else if (chunk_same(t + jt, et - jt, b + i, k - i) ||
			 chunk_same(o + jo, eo - jo, t + jt, et - jt))
			put_lines(em, o + jo, eo - jo);
		else if (put_conflict_ranges(em, o + jo, eo - jo, b + i, k - i,
					     t + jt, et - jt))
			goto out;
		if (k >= nb)
			break;
		put_line(em, &o[eo]);
		i = k + 1;
		jo = eo + 1;
		jt = et + 1;
	}
	ret = 0;
out:
	free(bo);
	free(ob);
	free(bt);
	free(tb);
	return ret;
}

/* ---- the field lines of one section ---- */

/* parse-maintainers.pl's by_pattern(): <= 0 when a may come before b */
static int field_cmp(const struct line *a, const struct line *b)
{
	static const char order[] = "MRLSWQBCPTFXNK";
	const char *pa = a->len ? strchr(order, a->s[0]) : NULL;
	const char *pb = b->len ? strchr(order, b->s[0]) : NULL;
	int ra = pa && *pa ? (int)(pa - order) : 1000;
	int rb = pb && *pb ? (int)(pb - order) : 1000;

	if (a->len && b->len && a->s[0] == b->s[0] &&
	    (a->s[0] == 'F' || a->s[0] == 'X'))
		return bytecmp(a->s, a->len, b->s, b->len);
	return ra - rb;
}

static bool is_status(const struct line *l)
{
	return l->len >= 2 && l->s[0] == 'S' && l->s[1] == ':';
}

/*
 * The distinct contents of a section's three versions, with their
 * counts: every line points to its content (a hash table of them).
 */
struct content {
	const struct line *l; /* the first line with it */
	size_t cb, co, ct;
	size_t rm, add; /* OURS' copies to remove, THEIRS' to add */
	size_t first_o; /* the first OURS item left with it, 0 none */
};

struct contents {
	struct content *v;
	size_t n;
	size_t *slot; /* content index + 1; 0 empty */
	size_t size;
	size_t *of_b, *of_o, *of_t; /* line -> content */
};

static long content_add(struct contents *c, const struct line *l)
{
	size_t h = (size_t)hash_bytes(l->s, l->len) & (c->size - 1);

	while (c->slot[h]) {
		if (same_line(c->v[c->slot[h] - 1].l, l))
			return (long)(c->slot[h] - 1);
		h = (h + 1) & (c->size - 1);
	}
	memset(&c->v[c->n], 0, sizeof(c->v[0]));
	c->v[c->n].l = l;
	c->slot[h] = ++c->n;
	return (long)(c->n - 1);
}

static int contents_build(struct contents *c, const struct line *b, size_t nb,
			  const struct line *o, size_t no, const struct line *t,
			  size_t nt)
{
	size_t all = nb + no + nt, i;

	memset(c, 0, sizeof(*c));
	for (c->size = 16; c->size < 2 * all + 2; c->size *= 2)
		;
	c->v = malloc((all + 1) * sizeof(*c->v));
	c->slot = calloc(c->size, sizeof(*c->slot));
	c->of_b = malloc((nb + 1) * sizeof(size_t));
	c->of_o = malloc((no + 1) * sizeof(size_t));
	c->of_t = malloc((nt + 1) * sizeof(size_t));
	if (!c->v || !c->slot || !c->of_b || !c->of_o || !c->of_t)
		return -1;
	for (i = 0; i < nb; i++) {
		c->of_b[i] = (size_t)content_add(c, &b[i]);
		c->v[c->of_b[i]].cb++;
	}
	for (i = 0; i < no; i++) {
		c->of_o[i] = (size_t)content_add(c, &o[i]);
		c->v[c->of_o[i]].co++;
	}
	for (i = 0; i < nt; i++) {
		c->of_t[i] = (size_t)content_add(c, &t[i]);
		c->v[c->of_t[i]].ct++;
	}
	return 0;
}

static void contents_release(struct contents *c)
{
	free(c->v);
	free(c->slot);
	free(c->of_b);
	free(c->of_o);
	free(c->of_t);
}

/* the S: lines of two versions the same (as multisets)?  which: 'o' for
 * OURS and base, 't' THEIRS and base, 'x' OURS and THEIRS */
static bool same_status(const struct contents *c, char which)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		const struct content *e = &c->v[i];

		if (!is_status(e->l))
			continue;
		if ((which == 'o' && e->co != e->cb) ||
		    (which == 't' && e->ct != e->cb) ||
		    (which == 'x' && e->co != e->ct))
			return false;
	}
	return true;
}

struct litem {
	const struct line *l; /* NULL: a conflict */
	size_t cfirst; /* conflict: its parts in lm->cv */
	size_t co, cb, ct;
	size_t next;
	bool removed;
	bool ours_added; /* an OURS line that is not in base */
};

struct lmerge {
	const struct line *b, *o, *t;
	size_t nb, no, nt;
	struct contents c;
	long *bo, *ob, *bt, *tb;
	size_t *o_item; /* OURS line -> item */
	bool *t_insert; /* THEIRS lines to add */
	long *t_conflict; /* THEIRS line -> conflict item to place there */
	struct litem *it; /* it[0] is the head */
	size_t nit, ait;
	const struct line **cv;
	size_t ncv, acv;
};

static long new_item(struct lmerge *lm)
{
	if (!ALLOC_GROW(lm->it, lm->nit + 1, lm->ait))
		return -1;
	memset(&lm->it[lm->nit], 0, sizeof(lm->it[0]));
	return (long)lm->nit++;
}

static int push_cv(struct lmerge *lm, const struct line *l)
{
	if (!ALLOC_GROW(lm->cv, lm->ncv + 1, lm->acv))
		return -1;
	lm->cv[lm->ncv++] = l;
	return 0;
}

/* Is line i of a version (with its contents map) in the group? */
static bool in_group(const struct lmerge *lm, const size_t *of, size_t i,
		     const struct line *v, long e)
{
	return e >= 0 ? of[i] == (size_t)e : is_status(&v[i]);
}

/* a conflict item: the lines of content e (the S: lines when e < 0) */
static long conflict_item(struct lmerge *lm, long e)
{
	long id = new_item(lm);
	size_t i;

	if (id < 0)
		return -1;
	lm->it[id].cfirst = lm->ncv;
	for (i = 0; i < lm->no; i++)
		if (in_group(lm, lm->c.of_o, i, lm->o, e)) {
			if (push_cv(lm, &lm->o[i]))
				return -1;
			lm->it[id].co++;
		}
	for (i = 0; i < lm->nb; i++)
		if (in_group(lm, lm->c.of_b, i, lm->b, e)) {
			if (push_cv(lm, &lm->b[i]))
				return -1;
			lm->it[id].cb++;
		}
	for (i = 0; i < lm->nt; i++)
		if (in_group(lm, lm->c.of_t, i, lm->t, e)) {
			if (push_cv(lm, &lm->t[i]))
				return -1;
			lm->it[id].ct++;
		}
	return id;
}

/*
 * Replace OURS' lines of the group by the conflict item id at the first
 * of them; with none, place it where THEIRS has its first such line.
 */
static void place_conflict(struct lmerge *lm, long e, long id)
{
	size_t j;
	bool placed = false;

	for (j = 0; j < lm->no; j++) {
		struct litem *it = &lm->it[lm->o_item[j]];

		if (!in_group(lm, lm->c.of_o, j, lm->o, e))
			continue;
		if (!placed) {
			/* the item takes the line's place in the list */
			lm->it[id].next = it->next;
			it->next = (size_t)id;
			placed = true;
		}
		it->removed = true;
	}
	if (placed)
		return;
	for (j = 0; j < lm->nt; j++)
		if (in_group(lm, lm->c.of_t, j, lm->t, e)) {
			lm->t_conflict[j] = id;
			return;
		}
}

/*
 * Decide every content but the S: lines: keep, remove or add copies (the
 * three-way count), or a conflict.  0 or -1.
 */
static int decide(struct lmerge *lm)
{
	size_t i, j;

	for (i = 0; i < lm->c.n; i++) {
		struct content *e = &lm->c.v[i];
		size_t r;
		long id;

		if (is_status(e->l))
			continue;
		if (e->co == e->cb) {
			r = e->ct;
		} else if (e->ct == e->cb || e->co == e->ct) {
			r = e->co;
		} else {
			id = conflict_item(lm, (long)i);
			if (id < 0)
				return -1;
			place_conflict(lm, (long)i, id);
			continue;
		}
		if (r < e->co)
			e->rm = e->co - r;
		else
			e->add = r - e->co;
	}
	/* removed: first the copies whose base line THEIRS removed */
	for (j = 0; j < lm->no; j++) {
		struct content *e = &lm->c.v[lm->c.of_o[j]];

		if (e->rm && lm->ob[j] >= 0 && lm->bt[lm->ob[j]] < 0) {
			lm->it[lm->o_item[j]].removed = true;
			e->rm--;
		}
	}
	for (j = lm->no; j-- > 0;) {
		struct content *e = &lm->c.v[lm->c.of_o[j]];

		if (e->rm && !lm->it[lm->o_item[j]].removed) {
			lm->it[lm->o_item[j]].removed = true;
			e->rm--;
		}
	}
	/* added: first the lines THEIRS added */
	for (j = 0; j < lm->nt; j++) {
		struct content *e = &lm->c.v[lm->c.of_t[j]];

		if (e->add && lm->tb[j] < 0) {
			lm->t_insert[j] = true;
			e->add--;
		}
	}
	for (j = lm->nt; j-- > 0;) {
		struct content *e = &lm->c.v[lm->c.of_t[j]];

		if (e->add && !lm->t_insert[j]) {
			lm->t_insert[j] = true;
			e->add--;
		}
	}
	/* where each content is left in OURS' lines */
	for (j = lm->no; j-- > 0;)
		if (!lm->it[lm->o_item[j]].removed)
			lm->c.v[lm->c.of_o[j]].first_o = lm->o_item[j];
	return 0;
}

/* the item a THEIRS line stands for in the result, or 0 */
static size_t theirs_counterpart(struct lmerge *lm, size_t j)
{
	if (lm->tb[j] >= 0 && lm->bo[lm->tb[j]] >= 0) {
		size_t it = lm->o_item[lm->bo[lm->tb[j]]];

		if (!lm->it[it].removed)
			return it;
	}
	/* an OURS line with the same text (both added it) */
	return lm->c.v[lm->c.of_t[j]].first_o;
}

/* how far past OURS' additions a THEIRS line may go (bounded work) */
#define SKIP_MAX 1000

/* Insert item id after anchor, past OURS' additions that sort first. */
static void insert_after(struct lmerge *lm, size_t anchor, size_t id,
			 const struct line *l)
{
	size_t at = anchor, n = 0;

	for (; n < SKIP_MAX; n++) {
		size_t nx = lm->it[at].next;
		const struct litem *it = &lm->it[nx];

		if (!nx)
			break;
		if (it->removed) {
			at = nx;
			continue;
		}
		if (!it->ours_added || !it->l || field_cmp(it->l, l) > 0)
			break;
		at = nx;
	}
	lm->it[id].next = lm->it[at].next;
	lm->it[at].next = id;
}

static void lmerge_release(struct lmerge *lm)
{
	contents_release(&lm->c);
	free(lm->bo);
	free(lm->ob);
	free(lm->bt);
	free(lm->tb);
	free(lm->o_item);
	free(lm->t_insert);
	free(lm->t_conflict);
	free(lm->it);
	free(lm->cv);
}

static int merge_fields(struct emitter *em, const struct line *b, size_t nb,
			const struct line *o, size_t no, const struct line *t,
			size_t nt)
{
	struct lmerge lm;
	size_t i, j, anchor, last;
	int ret = -1;
	enum { KEEP, TAKE, CONFLICT } status = KEEP;

	if (trivial(em, b, nb, o, no, t, nt))
		return 0;
	memset(&lm, 0, sizeof(lm));
	lm.b = b;
	lm.o = o;
	lm.t = t;
	lm.nb = nb;
	lm.no = no;
	lm.nt = nt;
	lm.bo = malloc((nb + 1) * sizeof(long));
	lm.bt = malloc((nb + 1) * sizeof(long));
	lm.ob = malloc((no + 1) * sizeof(long));
	lm.tb = malloc((nt + 1) * sizeof(long));
	lm.o_item = malloc((no + 1) * sizeof(size_t));
	lm.t_insert = calloc(nt + 1, sizeof(bool));
	lm.t_conflict = malloc((nt + 1) * sizeof(long));
	if (!lm.bo || !lm.bt || !lm.ob || !lm.tb || !lm.o_item ||
	    !lm.t_insert || !lm.t_conflict ||
	    contents_build(&lm.c, b, nb, o, no, t, nt) ||
	    lcs_match(b, nb, o, no, lm.bo, lm.ob) ||
	    lcs_match(b, nb, t, nt, lm.bt, lm.tb) || new_item(&lm) < 0)
		goto out;
	for (j = 0; j < nt; j++)
		lm.t_conflict[j] = -1;
	/* OURS' lines, in order */
	last = 0;
	for (j = 0; j < no; j++) {
		long id = new_item(&lm);

		if (id < 0)
			goto out;
		lm.it[id].l = &o[j];
		lm.it[id].ours_added = lm.ob[j] < 0;
		lm.it[last].next = (size_t)id;
		lm.o_item[j] = (size_t)id;
		last = (size_t)id;
	}
	/* the status: one value */
	if (same_status(&lm.c, 'o'))
		status = same_status(&lm.c, 't') ? KEEP : TAKE;
	else if (!same_status(&lm.c, 't') && !same_status(&lm.c, 'x'))
		status = CONFLICT;
	if (status == TAKE) {
		for (j = 0; j < no; j++)
			if (is_status(&o[j]))
				lm.it[lm.o_item[j]].removed = true;
		for (j = 0; j < nt; j++)
			if (is_status(&t[j]))
				lm.t_insert[j] = true;
	} else if (status == CONFLICT) {
		long id = conflict_item(&lm, -1);

		if (id < 0)
			goto out;
		place_conflict(&lm, -1, id);
	}
	/* every other content */
	if (decide(&lm))
		goto out;
	/* THEIRS' additions after their anchors */
	anchor = 0;
	for (j = 0; j < nt; j++) {
		long id;

		if (lm.t_insert[j]) {
			id = new_item(&lm);
			if (id < 0)
				goto out;
			lm.it[id].l = &t[j];
		} else if (lm.t_conflict[j] >= 0) {
			id = lm.t_conflict[j];
		} else {
			size_t c = theirs_counterpart(&lm, j);

			if (c)
				anchor = c;
			continue;
		}
		insert_after(&lm, anchor, (size_t)id, &t[j]);
		anchor = (size_t)id;
	}
	for (i = lm.it[0].next; i; i = lm.it[i].next) {
		const struct litem *it = &lm.it[i];

		if (it->removed)
			continue;
		if (it->l) {
			put_line(em, it->l);
			continue;
		}
		put_conflict(em, lm.cv + it->cfirst, it->co,
			     lm.cv + it->cfirst + it->co, it->cb,
			     lm.cv + it->cfirst + it->co + it->cb, it->ct);
	}
	ret = 0;
out:
	lmerge_release(&lm);
	return ret;
}

/* ---- matching sections ---- */

/* Shared lines (not S:) as a share of the larger section: for renames. */
static double likeness(const struct text *a, long i, const struct text *b,
		       long j)
{
	const struct line *la = sec_lines(a, i), *lb = sec_lines(b, j);
	size_t na = sec_nr(a, i), nb = sec_nr(b, j), x, y, common = 0, ca = 0,
	       cb = 0;

	for (x = 0; x < na; x++)
		ca += !is_status(&la[x]);
	for (y = 0; y < nb; y++)
		cb += !is_status(&lb[y]);
	if (!ca || !cb)
		return 0;
	for (x = 0; x < na; x++) {
		if (is_status(&la[x]))
			continue;
		for (y = 0; y < nb; y++)
			if (same_line(&la[x], &lb[y])) {
				common++;
				break;
			}
	}
	return (double)common / (double)(ca > cb ? ca : cb);
}

/* pairs of sections compared for renames at most */
#define RENAME_PAIRS_MAX 1000000

/*
 * side_of[i]: the section of side m standing for base section i: the
 * same header, or one m added that looks like it (a rename); -1 none.
 * used[j]: side section j stands for a base section.
 */
static void map_side(const struct text *b, const struct text *m, long *side_of,
		     bool *used)
{
	size_t i, j, unmatched = 0, added = 0;

	for (i = 0; i < b->ns; i++) {
		long s = text_find(m, b->s[i].key, b->s[i].klen);

		side_of[i] = -1;
		if (s >= 0 && !used[s] &&
		    text_find(b, b->s[i].key, b->s[i].klen) == (long)i) {
			side_of[i] = s;
			used[s] = true;
		}
	}
	/* renames: bounded work (a file rewritten wholesale has none) */
	for (i = 0; i < b->ns; i++)
		unmatched += side_of[i] < 0;
	for (j = 0; j < m->ns; j++)
		added += !used[j];
	if (unmatched * added > RENAME_PAIRS_MAX)
		return;
	for (i = 0; i < b->ns; i++) {
		double best = 0.6;
		long pick = -1;

		if (side_of[i] >= 0)
			continue;
		for (j = 0; j < m->ns; j++) {
			double l;

			if (used[j] ||
			    text_find(b, m->s[j].key, m->s[j].klen) >= 0)
				continue;
			l = likeness(b, (long)i, m, (long)j);
			if (l >= best) {
				best = l;
				pick = (long)j;
			}
		}
		if (pick >= 0) {
			side_of[i] = pick;
			used[pick] = true;
		}
	}
}

/*
 * A rename on side m (base i -> header K) while the other side x added
 * a section K: undo the rename; the two K sections are then one added
 * on both sides, and base i is removed on m.
 */
static void unrename(const struct text *b, const struct text *m,
		     const struct text *x, long *m_of, bool *m_used,
		     const bool *x_used)
{
	size_t i;

	for (i = 0; i < b->ns; i++) {
		long s = m_of[i], k;

		if (s < 0 || same_key(b, (long)i, m, s))
			continue;
		k = text_find(x, m->s[s].key, m->s[s].klen);
		if (k >= 0 && !x_used[k]) {
			m_of[i] = -1;
			m_used[s] = false;
		}
	}
}

static long new_group(struct merger *mg, long b, long o, long t)
{
	if (!ALLOC_GROW(mg->g, mg->ng + 1, mg->ag)) {
		mg->nomem = true;
		return -1;
	}
	mg->g[mg->ng] = (struct group){ b, o, t, 0, false };
	if (o >= 0)
		mg->group_of_o[o] = (long)mg->ng;
	if (t >= 0)
		mg->group_of_t[t] = (long)mg->ng;
	return (long)mg->ng++;
}

/*
 * stable[j]: side section j (matched to base) did not move: it is in a
 * longest run of sections in base order.  The run is made of the
 * sections that kept their header; a renamed one is stable when it
 * sits between its stable neighbours in base order too.  0 or -1.
 */
static int mark_stable(const long *base_of, const bool *renamed, size_t n,
		       bool *stable)
{
	long *tail = malloc((n + 1) * sizeof(*tail)); /* index in side */
	long *prev = malloc((n + 1) * sizeof(*prev));
	size_t len = 0, j;
	long k, lo_b = -1;

	if (!tail || !prev) {
		free(tail);
		free(prev);
		return -1;
	}
	for (j = 0; j < n; j++) {
		size_t lo = 0, hi = len;

		stable[j] = false;
		prev[j] = -1;
		if (base_of[j] < 0 || renamed[j])
			continue;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (base_of[tail[mid]] < base_of[j])
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[j] = lo ? tail[lo - 1] : -1;
		tail[lo] = (long)j;
		if (lo == len)
			len++;
	}
	for (k = len ? tail[len - 1] : -1; k >= 0; k = prev[k])
		stable[k] = true;
	/* renamed ones: between the stable ones around them */
	for (j = 0; j < n; j++) {
		size_t x;

		if (stable[j]) {
			lo_b = base_of[j];
			continue;
		}
		if (base_of[j] < 0 || !renamed[j] || base_of[j] < lo_b)
			continue;
		for (x = j + 1; x < n && !(stable[x] && !renamed[x]); x++)
			;
		if (x == n || base_of[x] > base_of[j]) {
			stable[j] = true;
			lo_b = base_of[j];
		}
	}
	free(tail);
	free(prev);
	return 0;
}

/* ---- the whole merge ---- */

enum outcome { KEEP, GONE, DEL_CONFLICT };

/* Removed on a side: gone when the other left it alone, else conflict. */
static enum outcome outcome(const struct merger *mg, const struct group *g)
{
	if (g->b < 0 || (g->o >= 0 && g->t >= 0))
		return KEEP;
	if (g->o < 0 && g->t < 0)
		return GONE;
	if (g->o < 0)
		return same_section(&mg->t, g->t, &mg->b, g->b) ? GONE :
								  DEL_CONFLICT;
	return same_section(&mg->o, g->o, &mg->b, g->b) ? GONE : DEL_CONFLICT;
}

static size_t new_node(struct merger *mg, size_t group, size_t after)
{
	if (!ALLOC_GROW(mg->n, mg->nn + 1, mg->an)) {
		mg->nomem = true;
		return 0;
	}
	mg->n[mg->nn] = (struct node){ group, mg->n[after].next };
	mg->n[after].next = mg->nn;
	mg->g[group].node = mg->nn;
	return mg->nn++;
}

/* the header of a group as the result shows it (its first side's) */
static const struct sec *group_sec(const struct merger *mg,
				   const struct group *g)
{
	if (g->o >= 0)
		return &mg->o.s[g->o];
	if (g->t >= 0)
		return &mg->t.s[g->t];
	return &mg->b.s[g->b];
}

/* place THEIRS' groups that are not placed after their anchors */
static void place_theirs(struct merger *mg)
{
	size_t j, anchor = 0;

	for (j = 0; j < mg->t.ns; j++) {
		long gi = mg->group_of_t[j];
		struct group *g = &mg->g[gi];
		const struct sec *s;
		size_t at, n;

		if (g->node) {
			if (!g->moved_by_ours)
				anchor = g->node;
			continue;
		}
		if (outcome(mg, g) == GONE)
			continue;
		s = &mg->t.s[j];
		/* past the sections only OURS added that sort before it */
		for (at = anchor, n = 0; mg->n[at].next && n < SKIP_MAX;
		     at = mg->n[at].next, n++) {
			size_t nx = mg->n[at].next;
			const struct group *ng = &mg->g[mg->n[nx].group];
			const struct sec *ns = group_sec(mg, ng);

			if (ng->b >= 0 || ng->t >= 0 ||
			    mnt_header_cmp(ns->key, ns->klen, s->key, s->klen) >
				    0)
				break;
		}
		anchor = new_node(mg, (size_t)gi, at);
		if (!anchor)
			return;
	}
}

static int build_groups(struct merger *mg)
{
	const struct text *b = &mg->b, *o = &mg->o, *t = &mg->t;
	long *o_of = calloc(b->ns + 1, sizeof(long));
	long *t_of = calloc(b->ns + 1, sizeof(long));
	bool *o_used = calloc(o->ns + 1, sizeof(bool));
	bool *t_used = calloc(t->ns + 1, sizeof(bool));
	long *base_of_o = malloc((o->ns + 1) * sizeof(long));
	long *base_of_t = malloc((t->ns + 1) * sizeof(long));
	bool *o_stable = calloc(o->ns + 1, sizeof(bool));
	bool *t_stable = calloc(t->ns + 1, sizeof(bool));
	bool *o_ren = calloc(o->ns + 1, sizeof(bool));
	bool *t_ren = calloc(t->ns + 1, sizeof(bool));
	size_t i, j, last = 0;
	int ret = -1;

	mg->group_of_o = malloc((o->ns + 1) * sizeof(long));
	mg->group_of_t = malloc((t->ns + 1) * sizeof(long));
	if (!o_of || !t_of || !o_used || !t_used || !base_of_o || !base_of_t ||
	    !o_stable || !t_stable || !o_ren || !t_ren || !mg->group_of_o ||
	    !mg->group_of_t)
		goto out;
	map_side(b, o, o_of, o_used);
	map_side(b, t, t_of, t_used);
	unrename(b, o, t, o_of, o_used, t_used);
	unrename(b, t, o, t_of, t_used, o_used);
	for (j = 0; j < o->ns; j++)
		base_of_o[j] = -1;
	for (j = 0; j < t->ns; j++)
		base_of_t[j] = -1;
	for (i = 0; i < b->ns; i++) {
		if (o_of[i] >= 0) {
			base_of_o[o_of[i]] = (long)i;
			o_ren[o_of[i]] = !same_key(b, (long)i, o, o_of[i]);
		}
		if (t_of[i] >= 0) {
			base_of_t[t_of[i]] = (long)i;
			t_ren[t_of[i]] = !same_key(b, (long)i, t, t_of[i]);
		}
		if (new_group(mg, (long)i, o_of[i], t_of[i]) < 0)
			goto out;
	}
	/* sections only one side has, or both added */
	for (j = 0; j < o->ns; j++) {
		long k;

		if (o_used[j])
			continue;
		k = text_find(t, o->s[j].key, o->s[j].klen);
		if (k >= 0 && (t_used[k] || text_find(o, o->s[j].key,
						      o->s[j].klen) != (long)j))
			k = -1;
		if (k >= 0)
			t_used[k] = true;
		if (new_group(mg, -1, (long)j, k) < 0)
			goto out;
	}
	for (j = 0; j < t->ns; j++)
		if (!t_used[j] && new_group(mg, -1, -1, (long)j) < 0)
			goto out;
	if (mark_stable(base_of_o, o_ren, o->ns, o_stable) ||
	    mark_stable(base_of_t, t_ren, t->ns, t_stable))
		goto out;
	/* OURS' order, less what THEIRS alone moved */
	if (!ALLOC_GROW(mg->n, 1, mg->an))
		goto out;
	mg->n[0] = (struct node){ 0, 0 };
	mg->nn = 1;
	for (j = 0; j < o->ns; j++) {
		struct group *g = &mg->g[mg->group_of_o[j]];

		if (g->b >= 0 && g->t >= 0 && !t_stable[g->t] && o_stable[j])
			continue;
		g->moved_by_ours = g->b >= 0 && g->t >= 0 && !o_stable[j] &&
				   t_stable[g->t];
		if (outcome(mg, g) == GONE)
			continue;
		last = new_node(mg, (size_t)mg->group_of_o[j], last);
		if (!last)
			goto out;
	}
	place_theirs(mg);
	ret = mg->nomem ? -1 : 0;
out:
	free(o_of);
	free(t_of);
	free(o_used);
	free(t_used);
	free(base_of_o);
	free(base_of_t);
	free(o_stable);
	free(t_stable);
	free(o_ren);
	free(t_ren);
	return ret;
}

/* a section's whole text (header and fields) as one range of lines */
static const struct line *sec_all(const struct text *x, long i, size_t *n)
{
	if (i < 0) {
		*n = 0;
		return NULL;
	}
	*n = 1 + x->s[i].nr;
	return &x->l[x->s[i].head];
}

static int put_group(struct merger *mg, struct emitter *em,
		     const struct group *g, bool last)
{
	const struct text *b = &mg->b, *o = &mg->o, *t = &mg->t;
	const struct line *tr;
	size_t ntr;

	if (outcome(mg, g) == DEL_CONFLICT) {
		const struct line *lo, *lb, *lt;
		size_t no, nb, nt;

		lo = sec_all(o, g->o, &no);
		lb = sec_all(b, g->b, &nb);
		lt = sec_all(t, g->t, &nt);
		if (put_conflict_ranges(em, lo, no, lb, nb, lt, nt))
			return -1;
	} else {
		const struct line *hb = g->b >= 0 ? &b->l[b->s[g->b].head] :
						    NULL;
		const struct line *ho = g->o >= 0 ? &o->l[o->s[g->o].head] :
						    NULL;
		const struct line *ht = g->t >= 0 ? &t->l[t->s[g->t].head] :
						    NULL;

		/* the header line */
		if (!ho)
			put_line(em, ht);
		else if (!ht)
			put_line(em, ho);
		else if (hb && same_line(ho, hb))
			put_line(em, ht);
		else if ((hb && same_line(ht, hb)) ||
			 same_key(o, g->o, t, g->t))
			put_line(em, ho);
		else if (put_conflict_ranges(em, ho, 1, hb, hb ? 1 : 0, ht, 1))
			return -1;
		if (merge_fields(em, sec_lines(b, g->b), sec_nr(b, g->b),
				 sec_lines(o, g->o), sec_nr(o, g->o),
				 sec_lines(t, g->t), sec_nr(t, g->t)))
			return -1;
	}
	/* the trailer: OURS' (the end of OURS' file for the last one) */
	if (last && o->ns) {
		tr = &o->l[o->s[o->ns - 1].tfirst];
		ntr = o->s[o->ns - 1].tnr;
	} else if (last && t->ns) {
		tr = &t->l[t->s[t->ns - 1].tfirst];
		ntr = t->s[t->ns - 1].tnr;
	} else if (g->o >= 0) {
		tr = &o->l[o->s[g->o].tfirst];
		ntr = o->s[g->o].tnr;
	} else {
		tr = &t->l[t->s[g->t].tfirst];
		ntr = t->s[g->t].tnr;
	}
	put_lines(em, tr, ntr);
	return 0;
}

static void merger_release(struct merger *mg)
{
	text_release(&mg->b);
	text_release(&mg->o);
	text_release(&mg->t);
	free(mg->g);
	free(mg->group_of_o);
	free(mg->group_of_t);
	free(mg->n);
}

static bool same_text(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (!alen || !memcmp(a, b, alen));
}

/* out from start: text, clean */
static void keep_text(struct strbuf *out, size_t start, const char *text,
		      size_t len, struct merge_result *res)
{
	if (strbuf_failed(out))
		return;
	out->len = start;
	out->buf[start] = '\0';
	strbuf_add(out, text, len);
	res->conflicts = 0;
}

int mnt_merge_text(const char *base, size_t blen, const char *ours, size_t olen,
		   const char *theirs, size_t tlen,
		   const struct merge_opts *opts, struct strbuf *out,
		   struct merge_result *res)
{
	struct merger mg;
	struct emitter em = { out, opts, 0, false, false, false };
	size_t i, start = out->len;
	int ret = -1;

	memset(&mg, 0, sizeof(mg));
	memset(res, 0, sizeof(*res));
	if (text_parse(&mg.b, base, blen) || text_parse(&mg.o, ours, olen) ||
	    text_parse(&mg.t, theirs, tlen) || build_groups(&mg))
		goto out;
	if (merge_plain(&em, mg.b.l, mg.b.npre, mg.o.l, mg.o.npre, mg.t.l,
			mg.t.npre))
		goto out;
	for (i = mg.n[0].next; i; i = mg.n[i].next) {
		/* one blank line at least between sections */
		if (i != mg.n[0].next && !em.last_blank) {
			strbuf_addch(out, '\n');
			em.last_nonl = false;
			em.last_blank = true;
		}
		if (put_group(&mg, &em, &mg.g[mg.n[i].group], !mg.n[i].next))
			goto out;
		res->sections++;
	}
	/* no newline where OURS (or the side that wrote it) had none */
	if (em.wrote && em.last_nonl && out->len > start && !out->failed)
		out->buf[--out->len] = '\0';
	res->conflicts = em.conflicts;
	/*
	 * A side that changed nothing, or two sides that made the same
	 * change: the other side's text as it is (the section merge would
	 * still put its blank line between sections that had none).
	 */
	if (same_text(base, blen, theirs, tlen) ||
	    same_text(ours, olen, theirs, tlen))
		keep_text(out, start, ours, olen, res);
	else if (same_text(base, blen, ours, olen))
		keep_text(out, start, theirs, tlen, res);
	ret = strbuf_failed(out) ? -1 : 0;
out:
	merger_release(&mg);
	return ret;
}

bool mnt_is_conflict_marker(const char *s, size_t len)
{
	size_t n = 0;

	if (!len || !strchr("<|=>", s[0]))
		return false;
	while (n < len && s[n] == s[0])
		n++;
	if (n < 7)
		return false;
	if (s[0] == '=') /* the kernel's title is underlined with '=' */
		return n == 7 && n == len;
	return n == len || s[n] == ' ';
}
