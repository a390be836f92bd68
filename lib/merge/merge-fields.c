// SPDX-License-Identifier: GPL-2.0
/*
 * The field lines of one section, merged: a multiset of contents (a line
 * k times in base, o in OURS, t in THEIRS), the S: lines as one value,
 * OURS' lines in OURS' order and THEIRS' additions after their anchors.
 */
#include "merge-internal.h"
#include "model/model.h"
#include "base/base.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

bool mg_is_status(const struct line *l)
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
		if (mg_same_line(c->v[c->slot[h] - 1].l, l))
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

		if (!mg_is_status(e->l))
			continue;
		if ((which == 'o' && e->co != e->cb) ||
		    (which == 't' && e->ct != e->cb) ||
		    (which == 'x' && e->co != e->ct))
			return false;
	}
	return true;
}

/* One entry of the merged list of lines: a line or a conflict. */
struct merged_item {
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
	bool *t_claimed; /* THEIRS lines in a modify conflict */
	long *t_conflict; /* THEIRS line -> conflict item to place there */
	struct merged_item *it; /* it[0] is the head */
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
	return e >= 0 ? of[i] == (size_t)e : mg_is_status(&v[i]);
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
		struct merged_item *it = &lm->it[lm->o_item[j]];

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

/* The field letter of a line ("M:\t..." -> 'M'), 0 for none. */
static char field_tag(const struct line *l)
{
	return l->len >= 2 && l->s[1] == ':' ? l->s[0] : 0;
}

/*
 * The lines of a version (v, n lines; m: line -> base line or -1) that
 * the diff hunk removing base line bi adds, with bi's field letter: the
 * lines between the matched pairs around bi.  Their range in *from, *to.
 */
static void hunk_of(const long *bm, size_t nb, size_t bi, long n, size_t *from,
		    size_t *to)
{
	long p, q;

	for (p = (long)bi - 1; p >= 0 && bm[p] < 0; p--)
		;
	for (q = (long)bi + 1; q < (long)nb && bm[q] < 0; q++)
		;
	*from = p >= 0 ? (size_t)bm[p] + 1 : 0;
	*to = q < (long)nb ? (size_t)bm[q] : (size_t)n;
}

/* Do the lines of o and t (ranges, letter tag, added only) differ? */
static bool replaced_differently(const struct lmerge *lm, size_t of, size_t ot,
				 size_t tf, size_t tt, char tag)
{
	size_t i, j, no = 0, nt = 0;

	for (i = of; i < ot; i++)
		if (lm->ob[i] < 0 && field_tag(&lm->o[i]) == tag)
			no++;
	for (j = tf; j < tt; j++)
		if (lm->tb[j] < 0 && field_tag(&lm->t[j]) == tag)
			nt++;
	if (no != nt)
		return true;
	for (i = of; i < ot; i++) {
		if (lm->ob[i] >= 0 || field_tag(&lm->o[i]) != tag)
			continue;
		if (lm->c.v[lm->c.of_o[i]].ct == lm->c.v[lm->c.of_o[i]].cb)
			return true; /* a line THEIRS has not */
	}
	return false;
}

/*
 * A base line both sides removed, each putting something else (or
 * nothing) of its kind in its place, differently: one side deleted an
 * M: line the other changed, or both changed it each their own way.
 * Counting lines would keep both new lines, or bring a deleted one
 * back; git conflicts there, and so does this: OURS' new lines, the
 * base lines and THEIRS' new lines of the kind, as a conflict where
 * OURS' hunk is.  0 or -1.
 */
static int modify_conflicts(struct lmerge *lm)
{
	size_t bi, k, of, ot, tf, tt;
	bool *done = calloc(lm->nb + 1, sizeof(bool));
	int ret = -1;

	if (!done)
		return -1;
	for (bi = 0; bi < lm->nb; bi++) {
		char tag = field_tag(&lm->b[bi]);
		size_t anchor, first = 0;
		long id;

		if (done[bi] || lm->bo[bi] >= 0 || lm->bt[bi] >= 0 || !tag ||
		    mg_is_status(&lm->b[bi]))
			continue;
		hunk_of(lm->bo, lm->nb, bi, (long)lm->no, &of, &ot);
		hunk_of(lm->bt, lm->nb, bi, (long)lm->nt, &tf, &tt);
		if (!replaced_differently(lm, of, ot, tf, tt, tag))
			continue;
		if ((id = new_item(lm)) < 0)
			goto out;
		lm->it[id].cfirst = lm->ncv;
		for (k = of; k < ot; k++) {
			if (lm->ob[k] >= 0 || field_tag(&lm->o[k]) != tag)
				continue;
			if (push_cv(lm, &lm->o[k]))
				goto out;
			lm->it[id].co++;
			if (!first)
				first = lm->o_item[k];
			lm->it[lm->o_item[k]].removed = true;
		}
		for (k = bi; k < lm->nb && lm->bo[k] < 0; k++) {
			if (done[k] || lm->bt[k] >= 0 ||
			    field_tag(&lm->b[k]) != tag)
				continue;
			if (push_cv(lm, &lm->b[k]))
				goto out;
			lm->it[id].cb++;
			done[k] = true;
		}
		for (k = tf; k < tt; k++) {
			if (lm->tb[k] >= 0 || field_tag(&lm->t[k]) != tag)
				continue;
			if (push_cv(lm, &lm->t[k]))
				goto out;
			lm->it[id].ct++;
			lm->t_claimed[k] = true;
		}
		/* at OURS' first new line, or where OURS' hunk starts */
		anchor = first ? first : of ? lm->o_item[of - 1] : 0;
		lm->it[id].next = lm->it[anchor].next;
		lm->it[anchor].next = (size_t)id;
	}
	ret = 0;
out:
	free(done);
	return ret;
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

		if (mg_is_status(e->l))
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
	/* added: none of a modify conflict's, then the lines THEIRS added */
	for (j = 0; j < lm->nt; j++) {
		struct content *e = &lm->c.v[lm->c.of_t[j]];

		if (lm->t_claimed[j] && e->add)
			e->add--;
	}
	for (j = 0; j < lm->nt; j++) {
		struct content *e = &lm->c.v[lm->c.of_t[j]];

		if (lm->t_claimed[j])
			continue;
		if (e->add && lm->tb[j] < 0) {
			lm->t_insert[j] = true;
			e->add--;
		}
	}
	for (j = lm->nt; j-- > 0;) {
		struct content *e = &lm->c.v[lm->c.of_t[j]];

		if (e->add && !lm->t_insert[j] && !lm->t_claimed[j]) {
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

/* Insert item id after anchor, past OURS' additions that sort first. */
static void insert_after(struct lmerge *lm, size_t anchor, size_t id,
			 const struct line *l)
{
	size_t at = anchor, n = 0;

	for (; n < SKIP_MAX; n++) {
		size_t nx = lm->it[at].next;
		const struct merged_item *it = &lm->it[nx];

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
	free(lm->t_claimed);
	free(lm->t_conflict);
	free(lm->it);
	free(lm->cv);
}

/* Allocate lm's tables and match base with each side.  0 or -1. */
static int lmerge_init(struct lmerge *lm, const struct line *b, size_t nb,
		       const struct line *o, size_t no, const struct line *t,
		       size_t nt)
{
	size_t j;

	memset(lm, 0, sizeof(*lm));
	lm->b = b;
	lm->o = o;
	lm->t = t;
	lm->nb = nb;
	lm->no = no;
	lm->nt = nt;
	lm->bo = malloc((nb + 1) * sizeof(long));
	lm->bt = malloc((nb + 1) * sizeof(long));
	lm->ob = malloc((no + 1) * sizeof(long));
	lm->tb = malloc((nt + 1) * sizeof(long));
	lm->o_item = malloc((no + 1) * sizeof(size_t));
	lm->t_insert = calloc(nt + 1, sizeof(bool));
	lm->t_claimed = calloc(nt + 1, sizeof(bool));
	lm->t_conflict = malloc((nt + 1) * sizeof(long));
	if (!lm->bo || !lm->bt || !lm->ob || !lm->tb || !lm->o_item ||
	    !lm->t_insert || !lm->t_claimed || !lm->t_conflict ||
	    contents_build(&lm->c, b, nb, o, no, t, nt) ||
	    mg_lcs_match(b, nb, o, no, lm->bo, lm->ob) ||
	    mg_lcs_match(b, nb, t, nt, lm->bt, lm->tb) || new_item(lm) < 0)
		return -1;
	for (j = 0; j < nt; j++)
		lm->t_conflict[j] = -1;
	return 0;
}

/* The merged list starts as OURS' lines, in order.  0 or -1. */
static int list_ours(struct lmerge *lm)
{
	size_t j, last = 0;

	for (j = 0; j < lm->no; j++) {
		long id = new_item(lm);

		if (id < 0)
			return -1;
		lm->it[id].l = &lm->o[j];
		lm->it[id].ours_added = lm->ob[j] < 0;
		lm->it[last].next = (size_t)id;
		lm->o_item[j] = (size_t)id;
		last = (size_t)id;
	}
	return 0;
}

/*
 * The status (S:) is one value: THEIRS' when only THEIRS changed it,
 * OURS' when THEIRS did not or both changed it alike, else a conflict.
 * 0 or -1.
 */
static int merge_status(struct lmerge *lm)
{
	enum { KEEP, TAKE, CONFLICT } status = KEEP;
	size_t j;

	if (same_status(&lm->c, 'o'))
		status = same_status(&lm->c, 't') ? KEEP : TAKE;
	else if (!same_status(&lm->c, 't') && !same_status(&lm->c, 'x'))
		status = CONFLICT;
	if (status == TAKE) {
		for (j = 0; j < lm->no; j++)
			if (mg_is_status(&lm->o[j]))
				lm->it[lm->o_item[j]].removed = true;
		for (j = 0; j < lm->nt; j++)
			if (mg_is_status(&lm->t[j]))
				lm->t_insert[j] = true;
	} else if (status == CONFLICT) {
		long id = conflict_item(lm, -1);

		if (id < 0)
			return -1;
		place_conflict(lm, -1, id);
	}
	return 0;
}

/* THEIRS' additions (and conflicts) after their anchors.  0 or -1. */
static int insert_theirs(struct lmerge *lm)
{
	size_t j, anchor = 0;

	for (j = 0; j < lm->nt; j++) {
		long id;

		if (lm->t_insert[j]) {
			id = new_item(lm);
			if (id < 0)
				return -1;
			lm->it[id].l = &lm->t[j];
		} else if (lm->t_conflict[j] >= 0) {
			id = lm->t_conflict[j];
		} else {
			size_t c = theirs_counterpart(lm, j);

			if (c)
				anchor = c;
			continue;
		}
		insert_after(lm, anchor, (size_t)id, &lm->t[j]);
		anchor = (size_t)id;
	}
	return 0;
}

int mg_merge_fields(struct emitter *em, const struct line *b, size_t nb,
		    const struct line *o, size_t no, const struct line *t,
		    size_t nt)
{
	struct lmerge lm;
	size_t i;
	int ret = -1;

	if (mg_trivial(em, b, nb, o, no, t, nt))
		return 0;
	/*
	 * OURS' lines, the status, a line both sides changed differently
	 * (a conflict, as git's), every other content, THEIRS' additions.
	 */
	if (lmerge_init(&lm, b, nb, o, no, t, nt) || list_ours(&lm) ||
	    merge_status(&lm) || modify_conflicts(&lm) || decide(&lm) ||
	    insert_theirs(&lm))
		goto out;
	for (i = lm.it[0].next; i; i = lm.it[i].next) {
		const struct merged_item *it = &lm.it[i];

		if (it->removed)
			continue;
		if (it->l) {
			mg_put_line(em, it->l);
			continue;
		}
		mg_put_conflict(em, lm.cv + it->cfirst, it->co,
				lm.cv + it->cfirst + it->co, it->cb,
				lm.cv + it->cfirst + it->co + it->cb, it->ct);
	}
	ret = 0;
out:
	lmerge_release(&lm);
	return ret;
}
