// SPDX-License-Identifier: GPL-2.0
/*
 * The three-way merge of MAINTAINERS sections: what resolves a region of
 * the file that git's line merge left in conflict (merge-hunks.c).
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
#include "merge-internal.h"
#include "model/model.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- matching sections ---- */

/* Shared lines (not S:) as a share of the larger section: for renames. */
double mg_likeness(const struct mg_text *a, long i, const struct mg_text *b,
		   long j)
{
	const struct line *la = mg_sec_lines(a, i), *lb = mg_sec_lines(b, j);
	size_t na = mg_sec_nr(a, i), nb = mg_sec_nr(b, j), x, y, common = 0,
	       ca = 0, cb = 0;

	for (x = 0; x < na; x++)
		ca += !mg_is_status(&la[x]);
	for (y = 0; y < nb; y++)
		cb += !mg_is_status(&lb[y]);
	if (!ca || !cb)
		return 0;
	for (x = 0; x < na; x++) {
		if (mg_is_status(&la[x]))
			continue;
		for (y = 0; y < nb; y++)
			if (mg_same_line(&la[x], &lb[y])) {
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
 * used[j]: side section j stands for a base section.  With the whole
 * files (wb, wm; NULL when b and m are whole), a region's section is
 * not renamed when m still has its header elsewhere, nor to a header
 * base has elsewhere: git cut the region, the side kept the section.
 */
static void map_side(const struct mg_text *b, const struct mg_text *m,
		     const struct mg_text *wb, const struct mg_text *wm,
		     long *side_of, bool *used)
{
	size_t i, j, unmatched = 0, added = 0;

	for (i = 0; i < b->ns; i++) {
		long s = mg_text_find(m, b->s[i].key, b->s[i].klen);

		side_of[i] = -1;
		if (s >= 0 && !used[s] &&
		    mg_text_find(b, b->s[i].key, b->s[i].klen) == (long)i) {
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

		if (side_of[i] >= 0 ||
		    (wm && mg_text_find(wm, b->s[i].key, b->s[i].klen) >= 0))
			continue;
		for (j = 0; j < m->ns; j++) {
			double l;

			if (used[j] ||
			    mg_text_find(b, m->s[j].key, m->s[j].klen) >= 0 ||
			    (wb &&
			     mg_text_find(wb, m->s[j].key, m->s[j].klen) >= 0))
				continue;
			l = mg_likeness(b, (long)i, m, (long)j);
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
static void unrename(const struct mg_text *b, const struct mg_text *m,
		     const struct mg_text *x, long *m_of, bool *m_used,
		     const bool *x_used)
{
	size_t i;

	for (i = 0; i < b->ns; i++) {
		long s = m_of[i], k;

		if (s < 0 || mg_same_key(b, (long)i, m, s))
			continue;
		k = mg_text_find(x, m->s[s].key, m->s[s].klen);
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

enum outcome { KEEP, GONE, DEL_CONFLICT, ADD_CONFLICT };

/*
 * Removed on a side: gone when the other left it alone, else conflict.
 * Added on both sides under one header: one section when the two are the
 * same, else a conflict (two people claiming one driver is for the
 * person merging to see).
 */
static enum outcome outcome(const struct merger *mg, const struct group *g)
{
	if (g->b < 0 && (g->o < 0 || g->t < 0) && mg->whole) {
		/*
		 * one side has it here, not in the region's base: where the
		 * whole base has it and the other side removed it from its
		 * whole file, it is a removal (git's lines met elsewhere)
		 */
		const struct mg_text *x = g->o >= 0 ? &mg->o : &mg->t;
		const struct mg_text *other = &mg->whole[g->o >= 0 ? 2 : 1];
		long j = g->o >= 0 ? g->o : g->t;
		long wb =
			mg_text_find(&mg->whole[0], x->s[j].key, x->s[j].klen);

		if (wb >= 0 &&
		    mg_text_find(other, x->s[j].key, x->s[j].klen) < 0)
			return mg_same_section(x, j, &mg->whole[0], wb) ?
				       GONE :
				       DEL_CONFLICT;
	}
	if (g->b < 0 && g->o >= 0 && g->t >= 0)
		return mg_same_section(&mg->o, g->o, &mg->t, g->t) ?
			       KEEP :
			       ADD_CONFLICT;
	if (g->b < 0 || (g->o >= 0 && g->t >= 0))
		return KEEP;
	if (g->o < 0 && g->t < 0)
		return GONE;
	if (g->o < 0)
		return mg_same_section(&mg->t, g->t, &mg->b, g->b) ?
			       GONE :
			       DEL_CONFLICT;
	return mg_same_section(&mg->o, g->o, &mg->b, g->b) ? GONE :
							     DEL_CONFLICT;
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
static const struct mg_section *group_sec(const struct merger *mg,
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
		const struct mg_section *s;
		size_t at, n;

		if (g->node) {
			/* where OURS has it, moved or not (the anchor) */
			if (!g->renamed_away)
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
			const struct mg_section *ns = group_sec(mg, ng);

			if (ng->b >= 0 || ng->t >= 0 ||
			    mnt_header_cmp(ns->key, ns->klen, s->key, s->klen) >
				    0)
				break;
			/* a section moved here from elsewhere is no addition */
			if (mg->whole &&
			    mg_text_find(&mg->whole[0], ns->key, ns->klen) >= 0)
				break;
		}
		anchor = new_node(mg, (size_t)gi, at);
		if (!anchor)
			return;
	}
}

static int build_groups(struct merger *mg)
{
	const struct mg_text *b = &mg->b, *o = &mg->o, *t = &mg->t;
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
	map_side(b, o, mg->whole ? &mg->whole[0] : NULL,
		 mg->whole ? &mg->whole[1] : NULL, o_of, o_used);
	map_side(b, t, mg->whole ? &mg->whole[0] : NULL,
		 mg->whole ? &mg->whole[2] : NULL, t_of, t_used);
	unrename(b, o, t, o_of, o_used, t_used);
	unrename(b, t, o, t_of, t_used, o_used);
	for (j = 0; j < o->ns; j++)
		base_of_o[j] = -1;
	for (j = 0; j < t->ns; j++)
		base_of_t[j] = -1;
	for (i = 0; i < b->ns; i++) {
		if (o_of[i] >= 0) {
			base_of_o[o_of[i]] = (long)i;
			o_ren[o_of[i]] = !mg_same_key(b, (long)i, o, o_of[i]);
		}
		if (t_of[i] >= 0) {
			base_of_t[t_of[i]] = (long)i;
			t_ren[t_of[i]] = !mg_same_key(b, (long)i, t, t_of[i]);
		}
		if (new_group(mg, (long)i, o_of[i], t_of[i]) < 0)
			goto out;
	}
	/* sections only one side has, or both added */
	for (j = 0; j < o->ns; j++) {
		long k;

		if (o_used[j])
			continue;
		k = mg_text_find(t, o->s[j].key, o->s[j].klen);
		if (k >= 0 &&
		    (t_used[k] ||
		     mg_text_find(o, o->s[j].key, o->s[j].klen) != (long)j))
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
		g->renamed_away = g->b >= 0 && g->t >= 0 && !o_stable[j] &&
				  t_stable[g->t] && o_ren[j];
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
static const struct line *sec_all(const struct mg_text *x, long i, size_t *n)
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
	const struct mg_text *b = &mg->b, *o = &mg->o, *t = &mg->t;
	const struct line *tr;
	size_t ntr;

	enum outcome oc = outcome(mg, g);

	if (oc == DEL_CONFLICT || oc == ADD_CONFLICT) {
		const struct line *lo, *lb, *lt;
		size_t no, nb, nt;

		lo = sec_all(o, g->o, &no);
		lb = sec_all(b, g->b, &nb);
		lt = sec_all(t, g->t, &nt);
		if (mg_put_conflict_ranges(em, lo, no, lb, nb, lt, nt))
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
			mg_put_line(em, ht);
		else if (!ht)
			mg_put_line(em, ho);
		else if (hb && mg_same_line(ho, hb))
			mg_put_line(em, ht);
		else if ((hb && mg_same_line(ht, hb)) ||
			 mg_same_key(o, g->o, t, g->t))
			mg_put_line(em, ho);
		else if (mg_put_conflict_ranges(em, ho, 1, hb, hb ? 1 : 0, ht,
						1))
			return -1;
		if (mg_merge_fields(em, mg_sec_lines(b, g->b),
				    mg_sec_nr(b, g->b), mg_sec_lines(o, g->o),
				    mg_sec_nr(o, g->o), mg_sec_lines(t, g->t),
				    mg_sec_nr(t, g->t)))
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
	mg_put_lines(em, tr, ntr);
	return 0;
}

static void merger_release(struct merger *mg)
{
	mg_text_release(&mg->b);
	mg_text_release(&mg->o);
	mg_text_release(&mg->t);
	free(mg->g);
	free(mg->group_of_o);
	free(mg->group_of_t);
	free(mg->n);
}

static int add_rename(struct moves *mv, int changer, const struct mg_text *b,
		      long i, const struct mg_text *x, long j)
{
	struct move *m;

	if (!ALLOC_GROW(mv->v, mv->n + 1, mv->alloc))
		return -1;
	m = &mv->v[mv->n++];
	memset(m, 0, sizeof(*m));
	strbuf_init(&m->text);
	m->changer = changer;
	m->rename_only = true;
	m->from = b->s[i].key;
	m->flen = b->s[i].klen;
	m->to = x->s[j].key;
	m->tlen = x->s[j].klen;
	return 0;
}

int mg_whole_renames(const struct mg_text whole[3], struct moves *mv)
{
	const struct mg_text *b = &whole[0];
	long *of = calloc(b->ns + 1, sizeof(long));
	bool *used = NULL;
	int side, ret = -1;
	size_t i;

	if (!of)
		return -1;
	for (side = 1; side <= 2; side++) {
		const struct mg_text *x = &whole[side], *y = &whole[3 - side];

		free(used);
		used = calloc(x->ns + 1, sizeof(bool));
		if (!used)
			goto out;
		map_side(b, x, NULL, NULL, of, used);
		for (i = 0; i < b->ns; i++) {
			if (of[i] < 0 || mg_same_key(b, (long)i, x, of[i]) ||
			    mg_text_find(y, b->s[i].key, b->s[i].klen) < 0)
				continue;
			if (add_rename(mv, 3 - side, b, (long)i, x, of[i]))
				goto out;
		}
	}
	ret = 0;
out:
	free(of);
	free(used);
	return ret;
}

/* a section renamed on one side and kept on the other, for the checks */
static int note_renames(const struct merger *mg, struct moves *mv)
{
	size_t i;

	for (i = 0; i < mg->ng; i++) {
		const struct group *g = &mg->g[i];
		const struct mg_text *x;
		long j;
		int changer;

		if (g->b < 0 || g->o < 0 || g->t < 0)
			continue;
		if (!mg_same_key(&mg->o, g->o, &mg->b, g->b) &&
		    mg_same_key(&mg->t, g->t, &mg->b, g->b)) {
			changer = 2;
			x = &mg->o;
			j = g->o;
		} else if (!mg_same_key(&mg->t, g->t, &mg->b, g->b) &&
			   mg_same_key(&mg->o, g->o, &mg->b, g->b)) {
			changer = 1;
			x = &mg->t;
			j = g->t;
		} else {
			continue;
		}
		if (add_rename(mv, changer, &mg->b, g->b, x, j))
			return -1;
	}
	return 0;
}

int mg_merge_sections(struct line *const v[3], const size_t n[3],
		      const struct mg_text *whole,
		      const struct merge_opts *opts, struct strbuf *out,
		      size_t *conflicts, struct moves *renames)
{
	struct merger mg;
	struct emitter em = { out, opts, 0, false, false, false };
	size_t i, start = out->len;
	int ret = -1;

	memset(&mg, 0, sizeof(mg));
	mg.whole = whole;
	*conflicts = 0;
	if (mg_text_set(&mg.b, v[0], n[0]) || mg_text_set(&mg.o, v[1], n[1]) ||
	    mg_text_set(&mg.t, v[2], n[2]) || build_groups(&mg))
		goto out;
	if (mg_merge_plain(&em, mg.b.l, mg.b.npre, mg.o.l, mg.o.npre, mg.t.l,
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
	}
	/* no newline where OURS (or the side that wrote it) had none */
	if (em.wrote && em.last_nonl && out->len > start && !out->failed)
		out->buf[--out->len] = '\0';
	*conflicts = em.conflicts;
	if (renames && note_renames(&mg, renames))
		goto out;
	ret = strbuf_failed(out) ? -1 : 0;
out:
	merger_release(&mg);
	return ret;
}
