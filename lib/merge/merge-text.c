// SPDX-License-Identifier: GPL-2.0
/*
 * The merge's text layer: the inputs cut into lines and sections (as
 * parse-maintainers.pl reads them), the longest common subsequence of
 * two line sequences, the writer of lines and of conflict blocks (git's
 * markers, labels and styles), and the plain three-way merge of line
 * sequences that the preamble goes through.
 */
#include "merge-internal.h"
#include "model/model.h"
#include "base/base.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- lines and sections ---- */

bool mg_is_field(const struct line *l)
{
	return l->len >= 2 && l->s[0] >= 'A' && l->s[0] <= 'Z' &&
	       l->s[1] == ':';
}

bool mg_is_blank(const struct line *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		if (!mnt_isspace((unsigned char)l->s[i]))
			return false;
	return true;
}

bool mg_same_line(const struct line *a, const struct line *b)
{
	return a->len == b->len && !memcmp(a->s, b->s, a->len);
}

bool mg_same_lines(const struct line *a, size_t na, const struct line *b,
		   size_t nb)
{
	size_t i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (!mg_same_line(&a[i], &b[i]))
			return false;
	return true;
}

static bool is_header_at(const struct mg_text *x, size_t i)
{
	return i + 1 < x->nl && !mg_is_field(&x->l[i]) &&
	       mg_is_field(&x->l[i + 1]);
}

const char *mg_header_key(const char *h, size_t len, size_t *klen)
{
	while (len && mnt_isspace((unsigned char)*h)) {
		h++;
		len--;
	}
	while (len && mnt_isspace((unsigned char)h[len - 1]))
		len--;
	*klen = len;
	return h;
}

long mg_text_find(const struct mg_text *x, const char *key, size_t klen)
{
	size_t h;

	if (!x->hsize)
		return -1;
	h = (size_t)hash_bytes(key, klen) & (x->hsize - 1);
	while (x->hash[h]) {
		const struct mg_section *s = &x->s[x->hash[h] - 1];

		if (s->klen == klen && !memcmp(s->key, key, klen))
			return (long)(x->hash[h] - 1);
		h = (h + 1) & (x->hsize - 1);
	}
	return -1;
}

/* the sections of x->l (set by the caller) and their hash */
static int text_index(struct mg_text *x)
{
	size_t i, k;

	for (i = 0; i < x->nl && !is_header_at(x, i); i++)
		;
	x->npre = i;
	while (i < x->nl) {
		struct mg_section *s;
		const char *h = x->l[i].s;
		size_t hl = x->l[i].len;

		if (!ALLOC_GROW(x->s, x->ns + 1, x->as))
			return -1;
		s = &x->s[x->ns++];
		s->head = i;
		s->first = i + 1;
		for (k = i + 1; k < x->nl && mg_is_field(&x->l[k]); k++)
			;
		s->nr = k - s->first;
		s->tfirst = k;
		while (k < x->nl && !is_header_at(x, k))
			k++;
		s->tnr = k - s->tfirst;
		s->key = mg_header_key(h, hl, &s->klen);
		i = k;
	}
	for (x->hsize = 16; x->hsize < 2 * x->ns + 2; x->hsize *= 2)
		;
	x->hash = calloc(x->hsize, sizeof(*x->hash));
	if (!x->hash)
		return -1;
	for (i = 0; i < x->ns; i++) {
		const struct mg_section *s = &x->s[i];
		size_t h;

		if (mg_text_find(x, s->key, s->klen) >= 0)
			continue; /* a duplicate: found as the first */
		h = (size_t)hash_bytes(s->key, s->klen) & (x->hsize - 1);
		while (x->hash[h])
			h = (h + 1) & (x->hsize - 1);
		x->hash[h] = i + 1;
	}
	return 0;
}

int mg_cut_lines(const char *buf, size_t len, struct line **l, size_t *nl,
		 size_t *al)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		const char *stop = e ? e : end;

		if (!ALLOC_GROW(*l, *nl + 1, *al))
			return -1;
		(*l)[(*nl)++] =
			(struct line){ p, (size_t)(stop - p), e != NULL };
		p = e ? e + 1 : end;
	}
	return 0;
}

int mg_text_parse(struct mg_text *x, const char *buf, size_t len)
{
	memset(x, 0, sizeof(*x));
	if (mg_cut_lines(buf, len, &x->l, &x->nl, &x->al))
		return -1;
	return text_index(x);
}

int mg_text_set(struct mg_text *x, const struct line *l, size_t n)
{
	memset(x, 0, sizeof(*x));
	if (n) {
		x->l = malloc(n * sizeof(*x->l));
		if (!x->l)
			return -1;
		memcpy(x->l, l, n * sizeof(*x->l));
		x->nl = x->al = n;
	}
	return text_index(x);
}

void mg_text_release(struct mg_text *x)
{
	free(x->l);
	free(x->s);
	free(x->hash);
}

const struct line *mg_sec_lines(const struct mg_text *x, long i)
{
	return i < 0 ? NULL : &x->l[x->s[i].first];
}

size_t mg_sec_nr(const struct mg_text *x, long i)
{
	return i < 0 ? 0 : x->s[i].nr;
}

bool mg_same_key(const struct mg_text *a, long i, const struct mg_text *b,
		 long j)
{
	const struct mg_section *x = &a->s[i], *y = &b->s[j];

	return x->klen == y->klen && !memcmp(x->key, y->key, x->klen);
}

/* header and field lines equal (the trailer does not count) */
bool mg_same_section(const struct mg_text *a, long i, const struct mg_text *b,
		     long j)
{
	return mg_same_key(a, i, b, j) &&
	       mg_same_lines(mg_sec_lines(a, i), mg_sec_nr(a, i),
			     mg_sec_lines(b, j), mg_sec_nr(b, j));
}

/* ---- matching lines: the longest common subsequence ---- */

/*
 * ma[i]: the index in b of the line a[i] is matched with, or -1; mb[j]
 * the same the other way.  Common ends are matched first; the middle by
 * dynamic programming, or (when too large) greedily.  0 or -1.
 */
static int lcs_match(const struct line *a, size_t na, const struct line *b,
		     size_t nb, long *ma, long *mb, bool ends)
{
	size_t pre = 0, suf = 0, m, n, i, j;
	uint32_t *dp;

	for (i = 0; i < na; i++)
		ma[i] = -1;
	for (j = 0; j < nb; j++)
		mb[j] = -1;
	while (pre < na && pre < nb && mg_same_line(&a[pre], &b[pre])) {
		ma[pre] = (long)pre;
		mb[pre] = (long)pre;
		pre++;
	}
	while (ends && suf < na - pre && suf < nb - pre &&
	       mg_same_line(&a[na - 1 - suf], &b[nb - 1 - suf])) {
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
				if (mg_same_line(&a[i], &b[j])) {
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

			if (mg_same_line(&a[i], &b[j]))
				*c = dp[(i + 1) * (n + 1) + j + 1] + 1;
			else
				*c = dp[(i + 1) * (n + 1) + j] >
						     dp[i * (n + 1) + j + 1] ?
					     dp[(i + 1) * (n + 1) + j] :
					     dp[i * (n + 1) + j + 1];
		}
	for (i = 0, j = 0; i < m && j < n;) {
		if (mg_same_line(&a[i], &b[j])) {
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

int mg_lcs_match(const struct line *a, size_t na, const struct line *b,
		 size_t nb, long *ma, long *mb)
{
	return lcs_match(a, na, b, nb, ma, mb, true);
}

void mg_drop_tail(const struct mg_text *x, bool *drop)
{
	size_t i = x->nl;

	if (!i || !drop[i - 1])
		return;
	while (i > 0 && drop[i - 1])
		i--;
	while (i > 0 && mg_is_blank(&x->l[i - 1]))
		drop[--i] = true;
}

/* ---- writing ---- */

void mg_put_line(struct emitter *em, const struct line *l)
{
	strbuf_add(em->out, l->s, l->len);
	strbuf_addch(em->out, '\n');
	em->last_nonl = !l->nl;
	em->last_blank = mg_is_blank(l);
	em->wrote = true;
}

void mg_put_lines(struct emitter *em, const struct line *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		mg_put_line(em, &v[i]);
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
void mg_put_conflict(struct emitter *em, const struct line *const *o, size_t no,
		     const struct line *const *b, size_t nb,
		     const struct line *const *t, size_t nt)
{
	enum merge_style style = em->opts ? em->opts->style : MERGE_STYLE_MERGE;
	size_t pre = 0, suf = 0, i;

	if (style != MERGE_STYLE_DIFF3) {
		while (pre < no && pre < nt && mg_same_line(o[pre], t[pre]))
			pre++;
		while (suf < no - pre && suf < nt - pre &&
		       mg_same_line(o[no - 1 - suf], t[nt - 1 - suf]))
			suf++;
	}
	for (i = 0; i < pre; i++)
		mg_put_line(em, o[i]);
	put_marker(em, '<',
		   label(em->opts ? em->opts->ours_label : NULL, "ours"));
	for (i = pre; i < no - suf; i++)
		mg_put_line(em, o[i]);
	if (style != MERGE_STYLE_MERGE) {
		put_marker(em, '|',
			   label(em->opts ? em->opts->base_label : NULL,
				 "base"));
		for (i = 0; i < nb; i++)
			mg_put_line(em, b[i]);
	}
	put_marker(em, '=', NULL);
	for (i = pre; i < nt - suf; i++)
		mg_put_line(em, t[i]);
	put_marker(em, '>',
		   label(em->opts ? em->opts->theirs_label : NULL, "theirs"));
	for (i = no - suf; i < no; i++)
		mg_put_line(em, o[i]);
	em->conflicts++;
}

/* pointer arrays for mg_put_conflict() from line ranges */
static const struct line **ptrs(const struct line *v, size_t n)
{
	const struct line **p = malloc((n ? n : 1) * sizeof(*p));
	size_t i;

	if (p)
		for (i = 0; i < n; i++)
			p[i] = &v[i];
	return p;
}

int mg_put_conflict_ranges(struct emitter *em, const struct line *o, size_t no,
			   const struct line *b, size_t nb,
			   const struct line *t, size_t nt)
{
	const struct line **po = ptrs(o, no), **pb = ptrs(b, nb),
			  **pt = ptrs(t, nt);
	int ret = -1;

	if (po && pb && pt) {
		mg_put_conflict(em, po, no, pb, nb, pt, nt);
		ret = 0;
	}
	free(po);
	free(pb);
	free(pt);
	return ret;
}

/* ---- three-way merge of plain line sequences (the preamble) ---- */

/* One side left alone, or both the same: write the other.  Done? */
bool mg_trivial(struct emitter *em, const struct line *b, size_t nb,
		const struct line *o, size_t no, const struct line *t,
		size_t nt)
{
	if (mg_same_lines(o, no, b, nb))
		mg_put_lines(em, t, nt);
	else if (mg_same_lines(t, nt, b, nb) || mg_same_lines(o, no, t, nt))
		mg_put_lines(em, o, no);
	else
		return false;
	return true;
}

static bool chunk_same(const struct line *a, size_t na, const struct line *b,
		       size_t nb)
{
	return mg_same_lines(a, na, b, nb);
}

int mg_merge_plain(struct emitter *em, const struct line *b, size_t nb,
		   const struct line *o, size_t no, const struct line *t,
		   size_t nt)
{
	static const struct line none;
	long *bo = NULL, *ob = NULL, *bt = NULL, *tb = NULL;
	size_t i = 0, jo = 0, jt = 0;
	int ret = -1;

	if (mg_trivial(em, b, nb, o, no, t, nt))
		return 0;
	/* no lines may come as NULL: never offset a null pointer */
	b = b ? b : &none;
	o = o ? o : &none;
	t = t ? t : &none;
	bo = malloc((nb + 1) * sizeof(*bo));
	ob = malloc((no + 1) * sizeof(*ob));
	bt = malloc((nb + 1) * sizeof(*bt));
	tb = malloc((nt + 1) * sizeof(*tb));
	if (!bo || !ob || !bt || !tb || mg_lcs_match(b, nb, o, no, bo, ob) ||
	    mg_lcs_match(b, nb, t, nt, bt, tb))
		goto out;
	for (;;) {
		size_t k = i, eo, et;

		/* the next base line both sides kept, in order */
		while (k < nb && (bo[k] < (long)jo || bt[k] < (long)jt))
			k++;
		eo = k < nb ? (size_t)bo[k] : no;
		et = k < nb ? (size_t)bt[k] : nt;
		if (chunk_same(o + jo, eo - jo, b + i, k - i))
			mg_put_lines(em, t + jt, et - jt);
		else if (chunk_same(t + jt, et - jt, b + i, k - i) ||
			 chunk_same(o + jo, eo - jo, t + jt, et - jt))
			mg_put_lines(em, o + jo, eo - jo);
		else if (mg_put_conflict_ranges(em, o + jo, eo - jo, b + i,
						k - i, t + jt, et - jt))
			goto out;
		if (k >= nb)
			break;
		mg_put_line(em, &o[eo]);
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

/* ---- aligning two texts that differ by local edits ---- */

struct uniq {
	size_t na, nb; /* occurrences in a and b */
	size_t ia, ib; /* the last one's index */
};

/*
 * The patience diff's anchors: lines that are once in a and once in b
 * (section headers, most F: lines), the longest run of them in the same
 * order in both.  anchors[k] = index in a, with ma[] set for them.
 */
static int anchors_of(const struct line *a, size_t na, const struct line *b,
		      size_t nb, long *ma, size_t **anc, size_t *nanc)
{
	struct strmap m = STRMAP_INIT;
	size_t *cand = NULL, *tail = NULL, *prev = NULL, ncand = 0, len = 0, i;
	int ret = -1;

	*anc = NULL;
	*nanc = 0;
	for (i = 0; i < na; i++) {
		struct uniq *u = strmap_value(&m, a[i].s, a[i].len, sizeof(*u));

		if (!u)
			goto out;
		u->na++;
		u->ia = i;
	}
	for (i = 0; i < nb; i++) {
		struct strmap_entry *e = strmap_get(&m, b[i].s, b[i].len);
		struct uniq *u = e ? e->value : NULL;

		if (u) {
			u->nb++;
			u->ib = i;
		}
	}
	cand = malloc((na + 1) * sizeof(*cand));
	tail = malloc((na + 1) * sizeof(*tail));
	prev = malloc((na + 1) * sizeof(*prev));
	if (!cand || !tail || !prev)
		goto out;
	for (i = 0; i < m.nr; i++) {
		const struct uniq *u = m.e[i].value;

		if (u->na == 1 && u->nb == 1)
			cand[ncand++] = u->ia;
	}
	/* candidates in a's order (the map keeps insertion order: a's) */
	/* the longest increasing run of their places in b */
	for (i = 0; i < ncand; i++) {
		const struct uniq *u =
			strmap_get(&m, a[cand[i]].s, a[cand[i]].len)->value;
		size_t lo = 0, hi = len;

		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			const struct uniq *t =
				strmap_get(&m, a[cand[tail[mid]]].s,
					   a[cand[tail[mid]]].len)
					->value;

			if (t->ib < u->ib)
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[i] = lo ? tail[lo - 1] : SIZE_MAX;
		tail[lo] = i;
		if (lo == len)
			len++;
	}
	*anc = malloc((len + 1) * sizeof(**anc));
	if (!*anc)
		goto out;
	*nanc = len;
	for (i = len ? tail[len - 1] : SIZE_MAX; i != SIZE_MAX; i = prev[i]) {
		const struct uniq *u =
			strmap_get(&m, a[cand[i]].s, a[cand[i]].len)->value;

		(*anc)[--len] = cand[i];
		ma[cand[i]] = (long)u->ib;
	}
	ret = 0;
out:
	for (i = 0; i < m.nr; i++)
		free(m.e[i].value);
	strmap_release(&m);
	free(cand);
	free(tail);
	free(prev);
	return ret;
}

int mg_align(const struct line *a, size_t na, const struct line *b, size_t nb,
	     long *ma)
{
	size_t *anc = NULL, nanc = 0, k, pa = 0, pb = 0;
	long *ga = NULL, *gb = NULL;
	int ret = -1;

	for (k = 0; k < na; k++)
		ma[k] = -1;
	ga = malloc((na + 1) * sizeof(*ga));
	gb = malloc((nb + 1) * sizeof(*gb));
	if (!ga || !gb || anchors_of(a, na, b, nb, ma, &anc, &nanc))
		goto out;
	/* between anchors (and before the first, after the last): LCS */
	for (k = 0; k <= nanc; k++) {
		size_t ea = k < nanc ? anc[k] : na;
		size_t eb = k < nanc ? (size_t)ma[anc[k]] : nb, i;

		if (ea > pa && eb > pb) {
			/*
			 * the earliest pairing where lines repeat (a blank
			 * line after a section's fields is that section's)
			 */
			if (lcs_match(a + pa, ea - pa, b + pb, eb - pb, ga, gb,
				      false))
				goto out;
			for (i = 0; i < ea - pa; i++)
				if (ga[i] >= 0)
					ma[pa + i] = (long)pb + ga[i];
		}
		pa = ea + 1;
		pb = eb + 1;
	}
	ret = 0;
out:
	free(anc);
	free(ga);
	free(gb);
	return ret;
}
