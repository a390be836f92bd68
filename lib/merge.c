// SPDX-License-Identifier: GPL-2.0
#include "merge.h"
#include "format.h"

#include <stdlib.h>
#include <string.h>

/*
 * One section of the result: merged lines (pointing into the models,
 * which outlive the merge), or a conflict between the two sides.
 */
struct entry {
	const char *header;
	size_t hlen;
	struct mnt_text *lines; /* owned */
	size_t nr;
	bool conflict;
	const struct mnt_section *o, *t; /* the sides of a conflict */
	long ours_pos; /* index of its section in OURS, -1 if none */
};

struct merger {
	const struct maintainers *b, *o, *t;
	struct entry *e;
	size_t nr, alloc;
	bool sorted_sections, sorted_fields;
	bool nomem;
};

static bool same_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && !memcmp(a, b, alen);
}

static bool same_header(const struct mnt_section *a,
			const struct mnt_section *b)
{
	return same_bytes(a->header, a->header_len, b->header, b->header_len);
}

static bool same_lines(const struct maintainers *ma,
		       const struct mnt_section *a,
		       const struct maintainers *mb,
		       const struct mnt_section *b)
{
	const struct mnt_line *la = mnt_section_lines(ma, a);
	const struct mnt_line *lb = mnt_section_lines(mb, b);
	size_t i;

	if (a->nr != b->nr)
		return false;
	for (i = 0; i < a->nr; i++)
		if (!same_bytes(la[i].s, la[i].len, lb[i].s, lb[i].len))
			return false;
	return true;
}

/* The lines of a section (NULL: none) as texts; *n set.  NULL on ENOMEM. */
static struct mnt_text *texts_of(const struct maintainers *m,
				 const struct mnt_section *s, size_t *n)
{
	struct mnt_text *v;
	size_t i;

	*n = s ? s->nr : 0;
	v = malloc((*n ? *n : 1) * sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < *n; i++) {
		const struct mnt_line *l = &m->lines[s->first + i];

		v[i].s = l->s;
		v[i].len = l->len;
	}
	return v;
}

static size_t count(const struct mnt_text *v, size_t n,
		    const struct mnt_text *x)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += same_bytes(v[i].s, v[i].len, x->s, x->len);
	return c;
}

static bool is_status(const struct mnt_text *x)
{
	return x->len >= 2 && x->s[0] == 'S' && x->s[1] == ':';
}

/* Do two line lists hold the same S: lines (as multisets)? */
static bool same_status(const struct mnt_text *a, size_t na,
			const struct mnt_text *b, size_t nb)
{
	size_t i;

	for (i = 0; i < na; i++)
		if (is_status(&a[i]) &&
		    count(a, na, &a[i]) != count(b, nb, &a[i]))
			return false;
	for (i = 0; i < nb; i++)
		if (is_status(&b[i]) &&
		    count(a, na, &b[i]) != count(b, nb, &b[i]))
			return false;
	return true;
}

static int type_rank(const struct mnt_text *x)
{
	const char *p;

	if (!x->len || !x->s[0])
		return 1000;
	p = strchr(MNT_ORDER_DEFAULT, x->s[0]);
	return p ? (int)(p - MNT_ORDER_DEFAULT) : 1000;
}

/*
 * Where a line THEIRS added goes among OURS' lines: after the last line
 * of the same type, else before the first line of a later type.
 */
static size_t insert_pos(const struct mnt_text *r, size_t n,
			 const struct mnt_text *x)
{
	size_t i, last = (size_t)-1;
	int rank = type_rank(x);

	for (i = 0; i < n; i++)
		if (r[i].len && x->len && r[i].s[0] == x->s[0])
			last = i;
	if (last != (size_t)-1)
		return last + 1;
	for (i = 0; i < n; i++)
		if (type_rank(&r[i]) > rank)
			return i;
	return n;
}

/*
 * Merge the lines of one section.  Each distinct line x ends up
 * clamp(o + t - b, 0, max(o, t)) times (its counts in the three): what a
 * side added stays, what a side removed goes, a line both added stays
 * once.  Returns 1 on a status conflict, 0 when merged, -1 on ENOMEM.
 */
static int merge_lines(const struct mnt_text *b, size_t nb,
		       const struct mnt_text *o, size_t no,
		       const struct mnt_text *t, size_t nt,
		       struct mnt_text **res, size_t *nres)
{
	struct mnt_text *r;
	size_t i, n = 0;

	if (!same_status(o, no, b, nb) && !same_status(t, nt, b, nb) &&
	    !same_status(o, no, t, nt))
		return 1;
	r = malloc((no + nt + 1) * sizeof(*r));
	if (!r)
		return -1;
	for (i = 0; i < no; i++) {
		size_t co = count(o, no, &o[i]), ct = count(t, nt, &o[i]);
		size_t cb = count(b, nb, &o[i]);
		long want = (long)co + (long)ct - (long)cb;

		if (want > (long)(co > ct ? co : ct))
			want = (long)(co > ct ? co : ct);
		if ((long)count(r, n, &o[i]) < want)
			r[n++] = o[i];
	}
	for (i = 0; i < nt; i++) {
		size_t co = count(o, no, &t[i]), ct = count(t, nt, &t[i]);
		size_t cb = count(b, nb, &t[i]);
		long want = (long)co + (long)ct - (long)cb;
		size_t at;

		if (want > (long)(co > ct ? co : ct))
			want = (long)(co > ct ? co : ct);
		if ((long)count(r, n, &t[i]) >= want)
			continue;
		at = insert_pos(r, n, &t[i]);
		memmove(r + at + 1, r + at, (n - at) * sizeof(*r));
		r[at] = t[i];
		n++;
	}
	*res = r;
	*nres = n;
	return 0;
}

static struct entry *new_entry(struct merger *mg)
{
	struct entry *e;

	if (!ALLOC_GROW(mg->e, mg->nr + 1, mg->alloc)) {
		mg->nomem = true;
		return NULL;
	}
	e = &mg->e[mg->nr++];
	memset(e, 0, sizeof(*e));
	e->ours_pos = -1;
	return e;
}

static long ours_index(const struct merger *mg, const struct mnt_section *s)
{
	return s ? (long)(s - mg->o->sections) : -1;
}

static void add_conflict(struct merger *mg, const struct mnt_section *o,
			 const struct mnt_section *t)
{
	const struct mnt_section *h = o ? o : t;
	struct entry *e = new_entry(mg);

	if (!e)
		return;
	e->conflict = true;
	e->o = o;
	e->t = t;
	e->header = h->header;
	e->hlen = h->header_len;
	e->ours_pos = ours_index(mg, o);
}

/* A merged section from base b (may be NULL), ours o and theirs t. */
static void add_merged(struct merger *mg, const struct mnt_section *b,
		       const struct mnt_section *o, const struct mnt_section *t)
{
	struct mnt_text *vb = NULL, *vo = NULL, *vt = NULL, *r = NULL;
	size_t nb, no, nt, nr = 0;
	const struct mnt_section *h;
	struct entry *e;
	int rc;

	/* the header: whichever side renamed it */
	if (!b || same_header(o, b))
		h = t;
	else if (same_header(t, b) || same_header(o, t))
		h = o;
	else
		return add_conflict(mg, o, t);

	if (b && same_lines(mg->o, o, mg->b, b)) {
		r = texts_of(mg->t, t, &nr);
	} else if (b && same_lines(mg->t, t, mg->b, b)) {
		r = texts_of(mg->o, o, &nr);
	} else {
		vb = texts_of(mg->b, b, &nb);
		vo = texts_of(mg->o, o, &no);
		vt = texts_of(mg->t, t, &nt);
		if (!vb || !vo || !vt) {
			mg->nomem = true;
			goto out;
		}
		rc = merge_lines(vb, nb, vo, no, vt, nt, &r, &nr);
		if (rc < 0) {
			mg->nomem = true;
			goto out;
		}
		if (rc > 0) {
			add_conflict(mg, o, t);
			goto out;
		}
	}
	if (!r) {
		mg->nomem = true;
		goto out;
	}
	e = new_entry(mg);
	if (!e)
		goto out;
	e->header = h->header;
	e->hlen = h->header_len;
	e->lines = r;
	e->nr = nr;
	e->ours_pos = ours_index(mg, o);
	r = NULL;
out:
	free(vb);
	free(vo);
	free(vt);
	free(r);
}

/* One side's section alone (added by it, or its side of a deletion). */
static void add_single(struct merger *mg, const struct maintainers *m,
		       const struct mnt_section *s)
{
	struct entry *e = new_entry(mg);

	if (!e)
		return;
	e->header = s->header;
	e->hlen = s->header_len;
	e->lines = texts_of(m, s, &e->nr);
	if (!e->lines)
		mg->nomem = true;
	e->ours_pos = m == mg->o ? ours_index(mg, s) : -1;
}

/* Shared lines (not S:) as a share of the larger section: for renames. */
static double likeness(const struct maintainers *ma,
		       const struct mnt_section *a,
		       const struct maintainers *mb,
		       const struct mnt_section *b)
{
	const struct mnt_line *la = mnt_section_lines(ma, a);
	const struct mnt_line *lb = mnt_section_lines(mb, b);
	size_t i, j, common = 0, na = 0, nb = 0;

	for (i = 0; i < a->nr; i++)
		na += la[i].type != 'S';
	for (j = 0; j < b->nr; j++)
		nb += lb[j].type != 'S';
	if (!na || !nb)
		return 0;
	for (i = 0; i < a->nr; i++) {
		if (la[i].type == 'S')
			continue;
		for (j = 0; j < b->nr; j++)
			if (same_bytes(la[i].s, la[i].len, lb[j].s,
				       lb[j].len)) {
				common++;
				break;
			}
	}
	return (double)common / (double)(na > nb ? na : nb);
}

/*
 * side_of[i]: the section of side m standing for base section i: the
 * same header, or a section m added that looks like it (a rename).
 * used[j]: side section j stands for a base section.
 */
static int map_side(const struct maintainers *b, const struct maintainers *m,
		    const struct mnt_section **side_of, bool *used)
{
	size_t i, j;

	for (i = 1; i < b->nr_sections; i++) {
		const struct mnt_section *bs = &b->sections[i];
		struct mnt_section *s = mnt_find(m, bs->header, bs->header_len);

		side_of[i] = s;
		if (s)
			used[s - m->sections] = true;
	}
	for (i = 1; i < b->nr_sections; i++) {
		const struct mnt_section *bs = &b->sections[i];
		double best = 0.6;
		size_t pick = 0;

		if (side_of[i])
			continue;
		for (j = 1; j < m->nr_sections; j++) {
			double l;

			if (used[j] || mnt_find(b, m->sections[j].header,
						m->sections[j].header_len))
				continue;
			l = likeness(b, bs, m, &m->sections[j]);
			if (l >= best) {
				best = l;
				pick = j;
			}
		}
		if (pick) {
			side_of[i] = &m->sections[pick];
			used[pick] = true;
		}
	}
	return 0;
}

static int entry_cmp(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;

	return mnt_header_cmp(a->header, a->hlen, b->header, b->hlen);
}

/*
 * Order the entries: canonical when the inputs were; else OURS' order,
 * with every other entry put before the first one that sorts after it.
 */
static struct entry *order_entries(struct merger *mg)
{
	struct entry *out;
	size_t i, j, n = 0;

	if (mg->sorted_sections) {
		qsort(mg->e, mg->nr, sizeof(*mg->e), entry_cmp);
		return mg->e;
	}
	out = malloc((mg->nr ? mg->nr : 1) * sizeof(*out));
	if (!out)
		return NULL;
	/* OURS' sections in OURS' order (ours_pos increases with it) */
	for (i = 0; i < mg->nr; i++)
		if (mg->e[i].ours_pos >= 0)
			out[n++] = mg->e[i];
	for (i = 1; i < n; i++) {
		struct entry t = out[i];

		for (j = i; j && out[j - 1].ours_pos > t.ours_pos; j--)
			out[j] = out[j - 1];
		out[j] = t;
	}
	for (i = 0; i < mg->nr; i++) {
		if (mg->e[i].ours_pos >= 0)
			continue;
		for (j = 0; j < n; j++)
			if (entry_cmp(&out[j], &mg->e[i]) > 0)
				break;
		memmove(out + j + 1, out + j, (n - j) * sizeof(*out));
		out[j] = mg->e[i];
		n++;
	}
	return out;
}

static void put_section_text(struct strbuf *out, const struct maintainers *m,
			     const struct mnt_section *s)
{
	const struct mnt_line *l = mnt_section_lines(m, s);
	size_t i;

	strbuf_add(out, s->header, s->header_len);
	strbuf_addch(out, '\n');
	for (i = 0; i < s->nr; i++) {
		strbuf_add(out, l[i].s, l[i].len);
		strbuf_addch(out, '\n');
	}
}

static void put_marker(struct strbuf *out, char c, int size, const char *label)
{
	int i;

	for (i = 0; i < size; i++)
		strbuf_addch(out, c);
	if (label) {
		strbuf_addch(out, ' ');
		strbuf_addstr(out, label);
	}
	strbuf_addch(out, '\n');
}

static void put_conflict(struct strbuf *out, const struct merge_opts *opts,
			 const struct maintainers *mo, const char *otext,
			 size_t olen, const struct mnt_section *os,
			 const struct maintainers *mt, const char *ttext,
			 size_t tlen, const struct mnt_section *ts)
{
	int size = opts && opts->marker_size > 0 ? opts->marker_size : 7;

	put_marker(out, '<', size,
		   opts && opts->ours_label ? opts->ours_label : "ours");
	if (os)
		put_section_text(out, mo, os);
	else
		strbuf_add(out, otext, olen);
	put_marker(out, '=', size, NULL);
	if (ts)
		put_section_text(out, mt, ts);
	else
		strbuf_add(out, ttext, tlen);
	put_marker(out, '>', size,
		   opts && opts->theirs_label ? opts->theirs_label : "theirs");
}

bool mnt_sections_sorted(const struct maintainers *m)
{
	size_t i;

	for (i = 2; i < m->nr_sections; i++) {
		const struct mnt_section *a = &m->sections[i - 1];
		const struct mnt_section *b = &m->sections[i];

		if (mnt_header_cmp(a->header, a->header_len, b->header,
				   b->header_len) > 0)
			return false;
	}
	return true;
}

bool mnt_fields_sorted(const struct maintainers *m, const char *order)
{
	size_t *idx = NULL, alloc = 0, i, j;
	bool ok = true;

	for (i = 1; i < m->nr_sections && ok; i++) {
		const struct mnt_section *s = &m->sections[i];

		if (!ALLOC_GROW(idx, s->nr + 1, alloc) ||
		    mnt_order_lines(m, s, order, idx)) {
			ok = false;
			break;
		}
		for (j = 0; j < s->nr; j++)
			if (idx[j] != s->first + j)
				ok = false;
	}
	free(idx);
	return ok;
}

int mnt_merge(const struct maintainers *base, const struct maintainers *ours,
	      const struct maintainers *theirs, const struct merge_opts *opts,
	      struct strbuf *out, struct merge_result *res)
{
	struct merger mg = {
		base, ours, theirs, NULL, 0, 0, false, false, false
	};
	const struct mnt_section **o_of = NULL, **t_of = NULL;
	bool *o_used = NULL, *t_used = NULL;
	const struct strbuf *pb = &base->preamble, *po = &ours->preamble,
			    *pt = &theirs->preamble;
	struct entry *ordered = NULL;
	size_t i, nb = base->nr_sections;
	int ret = -1, sep = 0;

	memset(res, 0, sizeof(*res));
	o_of = calloc(nb + 1, sizeof(*o_of));
	t_of = calloc(nb + 1, sizeof(*t_of));
	o_used = calloc(ours->nr_sections + 1, sizeof(*o_used));
	t_used = calloc(theirs->nr_sections + 1, sizeof(*t_used));
	if (!o_of || !t_of || !o_used || !t_used)
		goto out;
	mg.sorted_sections = mnt_sections_sorted(base) &&
			     mnt_sections_sorted(ours) &&
			     mnt_sections_sorted(theirs);
	mg.sorted_fields = mnt_fields_sorted(base, MNT_ORDER_DEFAULT) &&
			   mnt_fields_sorted(ours, MNT_ORDER_DEFAULT) &&
			   mnt_fields_sorted(theirs, MNT_ORDER_DEFAULT);
	map_side(base, ours, o_of, o_used);
	map_side(base, theirs, t_of, t_used);

	for (i = 1; i < nb; i++) {
		const struct mnt_section *b = &base->sections[i];
		const struct mnt_section *o = o_of[i], *t = t_of[i];

		if (!o && !t)
			continue;
		if (!o) {
			if (!same_header(t, b) ||
			    !same_lines(theirs, t, base, b))
				add_conflict(&mg, NULL, t);
			continue;
		}
		if (!t) {
			if (!same_header(o, b) || !same_lines(ours, o, base, b))
				add_conflict(&mg, o, NULL);
			continue;
		}
		add_merged(&mg, b, o, t);
	}
	/* sections each side added */
	for (i = 1; i < ours->nr_sections; i++) {
		const struct mnt_section *o = &ours->sections[i];
		struct mnt_section *t;

		if (o_used[i])
			continue;
		t = mnt_find(theirs, o->header, o->header_len);
		if (t && t_used[t - theirs->sections]) {
			add_conflict(&mg, o, NULL);
		} else if (t) {
			t_used[t - theirs->sections] = true;
			if (same_lines(ours, o, theirs, t))
				add_single(&mg, ours, o);
			else
				add_merged(&mg, NULL, o, t);
		} else {
			add_single(&mg, ours, o);
		}
	}
	for (i = 1; i < theirs->nr_sections; i++)
		if (!t_used[i])
			add_single(&mg, theirs, &theirs->sections[i]);
	if (mg.nomem)
		goto out;

	/* the preamble */
	if (same_bytes(po->buf, po->len, pb->buf, pb->len)) {
		strbuf_add(out, pt->buf, pt->len);
	} else if (same_bytes(pt->buf, pt->len, pb->buf, pb->len) ||
		   same_bytes(po->buf, po->len, pt->buf, pt->len)) {
		strbuf_add(out, po->buf, po->len);
	} else {
		put_conflict(out, opts, ours, po->buf, po->len, NULL, theirs,
			     pt->buf, pt->len, NULL);
		res->conflicts++;
	}

	ordered = order_entries(&mg);
	if (!ordered)
		goto out;
	for (i = 0; i < mg.nr; i++) {
		struct entry *e = &ordered[i];
		size_t j;

		if (sep)
			strbuf_addch(out, '\n');
		sep = 1;
		if (e->conflict) {
			put_conflict(out, opts, ours, "", 0, e->o, theirs, "",
				     0, e->t);
			res->conflicts++;
			continue;
		}
		if (mg.sorted_fields &&
		    mnt_order_texts(e->lines, e->nr, MNT_ORDER_DEFAULT))
			goto out;
		strbuf_add(out, e->header, e->hlen);
		strbuf_addch(out, '\n');
		for (j = 0; j < e->nr; j++) {
			strbuf_add(out, e->lines[j].s, e->lines[j].len);
			strbuf_addch(out, '\n');
		}
		res->sections++;
	}
	ret = strbuf_failed(out) ? -1 : 0;
out:
	if (ordered != mg.e)
		free(ordered);
	for (i = 0; i < mg.nr; i++)
		free(mg.e[i].lines);
	free(mg.e);
	free(o_of);
	free(t_of);
	free(o_used);
	free(t_used);
	return ret;
}
