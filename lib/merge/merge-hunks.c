// SPDX-License-Identifier: GPL-2.0
/*
 * The merge of MAINTAINERS texts: git's line merge first, the file's
 * structure only where git gives up (see merge.h for the rules).
 *
 *  1. git merge-file --diff3 on the three texts (merge-git.c), with
 *     markers longer than any run of marker characters in them, so that
 *     its output cuts cleanly into clean text and conflict hunks.
 *  2. Clean: git's bytes, less a header or field line the merge
 *     duplicated (mg_dedupe(), merge-check.c).
 *  3. Each hunk grows to whole sections (the clean lines around it up to
 *     the section's header above and the next header below, over the
 *     sections a side added right after it; hunks whose regions meet are
 *     one region), and the three versions of the region go through the
 *     section merge (merge.c).  A region is resolved when that merge is
 *     clean, the region holds sections, its preamble lines merge
 *     trivially, and its lines obey the three-way count rule
 *     (mg_counts_ok()).  Otherwise git's hunks stay, as conflicts.
 *  4. A result with no conflict left is checked once more against the
 *     whole inputs (the count rule, per section); the sections that fail
 *     it are merged again from their three versions (merge-repair.c),
 *     and when the check still fails the result is git's own, conflicts
 *     and all.
 *
 * Memory: struct gitmerge owns its arrays (lines point into git's
 * output, which the caller keeps); nothing outlives mg_merge_text().
 */
#include "merge-internal.h"
#include "base/base.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- regions: hunks grown to whole sections ---- */

struct region {
	size_t c0, c1; /* chunks [c0, c1] */
	size_t from; /* c0 clean: its lines from here */
	size_t to; /* c1 clean: its lines up to here */
	/*
	 * it starts where the region before ends: the two are merged as
	 * one first (git may cut one move in two), one by one if that fails
	 */
	bool touches;
};

/* Does a conflict chunk start with a field line in any version? */
static bool starts_field(const struct gitmerge *g, size_t h)
{
	const struct chunk *c = &g->c[h];
	bool empty = false;
	int side;

	for (side = 0; side < 3; side++) {
		size_t n;
		const struct line *l = mg_part(g, c, side, &n);

		if (n && mg_is_field(l))
			return true;
		empty |= !n;
	}
	/* a side with nothing there: the line after the hunk follows */
	return empty && h + 1 < g->nc && g->c[h + 1].no &&
	       mg_is_field(&g->l[g->c[h + 1].o]);
}

/* Is line i of clean chunk k a section header (in some version)? */
static bool header_at(const struct gitmerge *g, size_t k, size_t i)
{
	const struct chunk *c = &g->c[k];

	if (mg_is_field(&g->l[c->o + i]))
		return false;
	if (i + 1 < c->no)
		return mg_is_field(&g->l[c->o + i + 1]);
	return k + 1 < g->nc && starts_field(g, k + 1);
}

/*
 * Where the region of hunk h starts in clean chunk h - 1: the section
 * header above the hunk when the hunk is inside a section, else right
 * after the line above.  false when the whole chunk is field lines of
 * that section (the region reaches the hunk before).
 */
static bool grow_up(const struct gitmerge *g, size_t h, size_t *from)
{
	const struct chunk *c = &g->c[h - 1];
	bool inside = starts_field(g, h);
	size_t i = c->no;

	while (i > 0) {
		const struct line *l = &g->l[c->o + i - 1];

		if (mg_is_field(l)) {
			inside = true;
			i--;
			continue;
		}
		*from = inside ? i - 1 : i;
		return true;
	}
	*from = 0;
	return h - 1 == 0;
}

/* Is the section headed by line l in base (not added by a side)? */
static bool in_base(const struct mg_text *base, const struct line *l)
{
	size_t klen;
	const char *key = mg_header_key(l->s, l->len, &klen);

	return mg_text_find(base, key, klen) >= 0;
}

/*
 * Where the region of hunk h ends in clean chunk h + 1: before the next
 * section header of a section base has (the sections a side added right
 * after the hunk join it: the two sides' additions at one place are
 * placed together).  false when there is none before the next hunk.
 */
static bool grow_down(const struct gitmerge *g, const struct mg_text *base,
		      size_t h, size_t *to)
{
	const struct chunk *c = &g->c[h + 1];
	size_t i;

	for (i = 0; i < c->no; i++)
		if (header_at(g, h + 1, i) &&
		    (!base || in_base(base, &g->l[c->o + i]))) {
			*to = i;
			return true;
		}
	*to = c->no;
	return h + 2 >= g->nc;
}

static int find_regions(const struct gitmerge *g, const struct mg_text *base,
			struct region **rv, size_t *nr)
{
	size_t ar = 0, h = 0;

	*rv = NULL;
	*nr = 0;
	while (h < g->nc) {
		struct region r;
		size_t from = 0;

		if (!g->c[h].conflict) {
			h++;
			continue;
		}
		if (h == 0) {
			r.c0 = 0;
			r.from = 0;
			r.touches = false;
		} else if (grow_up(g, h, &from) || !*nr) {
			r.c0 = h - 1;
			r.from = from;
			r.touches = *nr && (*rv)[*nr - 1].c1 == h - 1 &&
				    (*rv)[*nr - 1].to >= from;
			if (r.touches)
				r.from = (*rv)[*nr - 1].to;
		} else {
			/* it reaches into the region before: one region */
			r = (*rv)[--*nr];
		}
		for (;;) {
			size_t to;

			if (h + 1 >= g->nc) {
				r.c1 = h;
				r.to = 0;
				break;
			}
			if (grow_down(g, base, h, &to)) {
				r.c1 = h + 1;
				r.to = to;
				break;
			}
			h += 2; /* the next hunk joins */
		}
		if (!ALLOC_GROW(*rv, *nr + 1, ar))
			return -1;
		(*rv)[(*nr)++] = r;
		h = r.c1 + 1;
	}
	return 0;
}

/* Does the region reach the end of the file? */
static bool region_at_end(const struct gitmerge *g, const struct region *r)
{
	const struct chunk *c = &g->c[r->c1];

	return r->c1 + 1 == g->nc && (c->conflict || r->to == c->no);
}

/* The lines of one version (0 base, 1 ours, 2 theirs) of a region. */
static int region_side(const struct gitmerge *g, const struct region *r,
		       int side, bool ends_nl, struct line **v, size_t *n)
{
	size_t a = 0, k;

	*v = NULL;
	*n = 0;
	for (k = r->c0; k <= r->c1; k++) {
		const struct chunk *c = &g->c[k];
		const struct line *l;
		size_t lo = 0, hi, i;

		if (c->conflict) {
			l = mg_part(g, c, side, &hi);
		} else {
			l = &g->l[c->o];
			hi = k == r->c1 ? r->to : c->no;
			lo = k == r->c0 ? r->from : 0;
		}
		for (i = lo; i < hi; i++) {
			if (!ALLOC_GROW(*v, *n + 1, a))
				return -1;
			(*v)[(*n)++] = l[i];
		}
	}
	/* git ends a conflict's part with a newline the file may lack */
	if (*n && region_at_end(g, r))
		(*v)[*n - 1].nl = ends_nl;
	return 0;
}

/* ---- each version's own lines for a region ---- */

/*
 * Where git's output (its clean text with one version's conflict parts)
 * meets that version's own file: the region a hunk grows to is cut from
 * the real files, not from git's clean text (which may hold another
 * version's lines: git can pair a header of one section with another's).
 */
struct sidemap {
	size_t *pos; /* chunk k starts at pos[k]; pos[nc]: the length */
	long *to; /* output line -> the file's line, or -1 */
	size_t n;
	bool exact; /* every conflict part found in the file as it is */
};

static void sidemap_release(struct sidemap *sm)
{
	free(sm->pos);
	free(sm->to);
}

static int sidemap_build(const struct gitmerge *g, int side,
			 const struct mg_text *w, struct sidemap *sm)
{
	struct line *m = NULL;
	size_t am = 0, k, i;
	int ret = -1;

	memset(sm, 0, sizeof(*sm));
	sm->pos = malloc((g->nc + 1) * sizeof(*sm->pos));
	if (!sm->pos)
		goto out;
	for (k = 0; k < g->nc; k++) {
		const struct chunk *c = &g->c[k];
		const struct line *l = &g->l[c->o];
		size_t n = c->no;

		if (c->conflict)
			l = mg_part(g, c, side, &n);
		sm->pos[k] = sm->n;
		for (i = 0; i < n; i++) {
			if (!ALLOC_GROW(m, sm->n + 1, am))
				goto out;
			m[sm->n++] = l[i];
		}
	}
	sm->pos[g->nc] = sm->n;
	sm->to = malloc((sm->n + 1) * sizeof(*sm->to));
	if (!sm->to)
		goto out;
	ret = 0;
	if (mg_align(m, sm->n, w->l, w->nl, sm->to))
		goto out;
	for (k = 0; k < g->nc; k++) {
		size_t p = sm->pos[k], n = sm->pos[k + 1] - p;

		if (!g->c[k].conflict || !n)
			continue;
		for (i = 0; i < n; i++)
			if (sm->to[p + i] < 0 ||
			    sm->to[p + i] != sm->to[p] + (long)i)
				goto out;
	}
	sm->exact = true;
out:
	free(m);
	return ret;
}

/*
 * The lines of file w that a region stands for: from after the last line
 * before the region that git's output and the file share, to the first
 * such line after it.
 */
static int region_exact(const struct gitmerge *g, const struct region *r,
			const struct sidemap *sm, const struct mg_text *w,
			struct line **v, size_t *n)
{
	size_t sx = sm->pos[r->c0], ex, i, xs, xe;

	if (!g->c[r->c0].conflict)
		sx += r->from;
	ex = g->c[r->c1].conflict ? sm->pos[r->c1 + 1] : sm->pos[r->c1] + r->to;
	for (i = sx; i > 0 && sm->to[i - 1] < 0; i--)
		;
	xs = i > 0 ? (size_t)sm->to[i - 1] + 1 : 0;
	for (i = ex; i < sm->n && sm->to[i] < 0; i++)
		;
	xe = i < sm->n ? (size_t)sm->to[i] : w->nl;
	if (xe < xs)
		xe = xs;
	/* a header whose fields are past the end belongs to what follows */
	if (xe > xs && xe < w->nl && !mg_is_field(&w->l[xe - 1]) &&
	    mg_is_field(&w->l[xe]))
		xe--;
	*n = xe - xs;
	*v = malloc((*n ? *n : 1) * sizeof(**v));
	if (!*v)
		return -1;
	if (*n)
		memcpy(*v, w->l + xs, *n * sizeof(**v));
	return 0;
}

/* ---- resolving a region ---- */

/* the preamble of a version: its lines before the first header */
static size_t preamble_of(const struct line *v, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (!mg_is_field(&v[i]) && mg_is_field(&v[i + 1]))
			return i;
	return n;
}

/*
 * the section merge of region lines, checked: 1 resolved, 0 not, -1;
 * the renames it made, for the checks, go to mv
 */
static int merge_checked(struct line *v[3], const size_t n[3],
			 const struct mg_text *whole,
			 const struct merge_opts *opts, struct strbuf *res,
			 struct moves *mv)
{
	size_t conflicts, before = mv->n;
	int ret;

	if (mg_merge_sections(v, n, whole, opts, res, &conflicts, mv))
		return -1;
	ret = conflicts ? 0 : mg_check_lines(v, n, res->buf, res->len, mv);
	if (ret <= 0)
		mg_moves_truncate(mv, before);
	return ret;
}

/*
 * The section merge of a region, into res.  1 when it resolved the
 * region (clean, sections there, the count rule kept), 0 when git's
 * hunks must stay, -1 on error.  A section moved on one side and changed
 * on the other adds to mv.
 */
static int resolve(const struct gitmerge *g, const struct region *r,
		   const struct mg_text whole[3], const struct sidemap sm[3],
		   const struct merge_opts *opts, struct strbuf *res,
		   struct moves *mv)
{
	struct line *v[3] = { NULL, NULL, NULL };
	size_t n[3], p[3], before = mv->n;
	bool exact = sm[0].exact && sm[1].exact && sm[2].exact;
	int ret = -1, side;

	for (side = 0; side < 3; side++) {
		const struct mg_text *w = &whole[side];
		bool nl = !w->nl || w->l[w->nl - 1].nl;

		if (exact ? region_exact(g, r, &sm[side], w, &v[side],
					 &n[side]) :
			    region_side(g, r, side, nl, &v[side], &n[side]))
			goto out;
	}
	ret = 0;
	for (side = 0; side < 3; side++)
		p[side] = preamble_of(v[side], n[side]);
	/* no section: a line merge, and that was git's */
	if (p[0] == n[0] && p[1] == n[1] && p[2] == n[2])
		goto out;
	/* lines outside sections: as git would merge them, or not at all */
	if (!mg_same_lines(v[1], p[1], v[0], p[0]) &&
	    !mg_same_lines(v[2], p[2], v[0], p[0]) &&
	    !mg_same_lines(v[1], p[1], v[2], p[2]))
		goto out;
	ret = merge_checked(v, n, whole, opts, res, mv);
	if (ret)
		goto out;
	/* moved on one side, changed here on the other? */
	ret = mg_find_moves(whole, v, n, mv);
	if (ret <= 0)
		goto out;
	strbuf_reset(res);
	ret = merge_checked(v, n, whole, opts, res, mv);
out:
	if (ret <= 0)
		mg_moves_truncate(mv, before);
	for (side = 0; side < 3; side++)
		free(v[side]);
	return ret;
}

/* ---- writing ---- */

static void put_clean(struct emitter *em, const struct gitmerge *g, size_t k,
		      size_t lo, size_t hi)
{
	mg_put_lines(em, &g->l[g->c[k].o + lo], hi - lo);
}

/* a region as git left it: its clean lines and its hunks */
static int put_unresolved(struct emitter *em, const struct gitmerge *g,
			  const struct region *r)
{
	size_t k;

	for (k = r->c0; k <= r->c1; k++) {
		const struct chunk *c = &g->c[k];

		if (!c->conflict) {
			put_clean(em, g, k, k == r->c0 ? r->from : 0,
				  k == r->c1 ? r->to : c->no);
			continue;
		}
		if (mg_put_conflict_ranges(em, &g->l[c->o], c->no, &g->l[c->b],
					   c->nb, &g->l[c->t], c->nt))
			return -1;
	}
	return 0;
}

/* ---- the merge ---- */

static bool same_text(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && (!alen || !memcmp(a, b, alen));
}

/* the whole result against the whole inputs: 1 obeys, 0 not, -1 error */
static int check_whole(const struct mg_text whole[3], const struct strbuf *r,
		       const struct moves *mv)
{
	struct mg_text x;
	int ret = -1;

	memset(&x, 0, sizeof(x));
	if (!mg_text_parse(&x, r->buf, r->len))
		ret = mg_counts_ok(&whole[0], &whole[1], &whole[2], &x, mv);
	mg_text_release(&x);
	return ret;
}

/* git conflicted: resolve what the structure can, into out; 0 or -1 */
struct emit {
	struct emitter em;
	const struct gitmerge *g;
	size_t k, at; /* what is written of git's output: up to here */
};

/* git's clean text up to where region r starts */
static void clean_upto(struct emit *e, const struct region *r)
{
	const struct gitmerge *g = e->g;

	for (; e->k < r->c0; e->k++, e->at = 0)
		put_clean(&e->em, g, e->k, e->at, g->c[e->k].no);
	if (!g->c[r->c0].conflict) {
		put_clean(&e->em, g, r->c0, e->at, r->from);
		e->at = r->from;
	}
}

/* past region r */
static void skip_region(struct emit *e, const struct region *r)
{
	e->k = r->c1;
	e->at = r->to;
	if (e->g->c[e->k].conflict) {
		e->k++;
		e->at = 0;
	}
}

/* region r resolved (its text in rs) or as git left it (try: false) */
static int put_region(struct emit *e, const struct region *r,
		      const struct strbuf *rs, bool resolved)
{
	clean_upto(e, r);
	if (resolved) {
		struct line *lv = NULL;
		size_t nl = 0, al = 0;

		if (mg_cut_lines(rs->buf, rs->len, &lv, &nl, &al)) {
			free(lv);
			return -1;
		}
		mg_put_lines(&e->em, lv, nl);
		free(lv);
	} else if (put_unresolved(&e->em, e->g, r)) {
		return -1;
	}
	skip_region(e, r);
	return 0;
}

/* git conflicted: resolve what the structure can, into out; 0 or -1 */
static int resolve_hunks(const struct mg_text whole[3],
			 const struct gitmerge *g,
			 const struct merge_opts *opts, struct strbuf *out,
			 struct merge_result *res, struct moves *mv)
{
	struct sidemap sm[3];
	struct emit e = { { out, opts, 0, false, false, false }, g, 0, 0 };
	struct region *rv = NULL;
	struct strbuf rs = STRBUF_INIT;
	size_t nr = 0, i, j, x;
	int ret = -1, ok;

	memset(sm, 0, sizeof(sm));
	if (find_regions(g, &whole[0], &rv, &nr) ||
	    sidemap_build(g, 0, &whole[0], &sm[0]) ||
	    sidemap_build(g, 1, &whole[1], &sm[1]) ||
	    sidemap_build(g, 2, &whole[2], &sm[2]))
		goto out;
	for (i = 0; i < nr; i = j) {
		struct region all = rv[i];

		/* regions that touch: as one first */
		for (j = i + 1; j < nr && rv[j].touches; j++)
			;
		all.c1 = rv[j - 1].c1;
		all.to = rv[j - 1].to;
		strbuf_reset(&rs);
		ok = resolve(g, &all, whole, sm, opts, &rs, mv);
		if (ok < 0)
			goto out;
		if (ok || j == i + 1) {
			res->resolved += ok;
			if (put_region(&e, &all, &rs, ok))
				goto out;
			continue;
		}
		for (x = i; x < j; x++) {
			strbuf_reset(&rs);
			ok = resolve(g, &rv[x], whole, sm, opts, &rs, mv);
			if (ok < 0 || put_region(&e, &rv[x], &rs, ok))
				goto out;
			res->resolved += ok;
		}
	}
	for (; e.k < g->nc; e.k++, e.at = 0)
		put_clean(&e.em, g, e.k, e.at, g->c[e.k].no);
	/* the end of the file as git wrote it */
	if (e.em.wrote && e.em.last_nonl && out->len)
		out->buf[--out->len] = '\0';
	if (strbuf_failed(out))
		goto out;
	res->conflicts = e.em.conflicts;
	ret = 0;
out:
	for (i = 0; i < 3; i++)
		sidemap_release(&sm[i]);
	free(rv);
	strbuf_release(&rs);
	return ret;
}

/*
 * git conflicted (its --diff3 output in gout, markers of k): our result
 * in mine, or git's own when we resolve nothing or the last check
 * fails.  0 or -1.
 */
static int merge_conflicted(const struct sides *s, const struct strbuf *gout,
			    size_t k, const struct merge_opts *opts,
			    struct strbuf *mine, struct merge_result *res)
{
	struct mg_text whole[3];
	struct gitmerge g;
	struct moves mv = { NULL, 0, 0 };
	int ret = -1, side, ok;
	bool bad;

	memset(whole, 0, sizeof(whole));
	memset(&g, 0, sizeof(g));
	for (side = 0; side < 3; side++)
		if (mg_text_parse(&whole[side], s->text[side], s->len[side]))
			goto out;
	if (mg_gitmerge_parse(&g, gout->buf, gout->len, k) ||
	    resolve_hunks(whole, &g, opts, mine, res, &mv))
		goto out;
	if (!res->resolved) {
		ret = mg_git_result(s, opts, mine, res);
		goto out;
	}
	ok = mg_apply_moves(&mv, mine);
	if (ok < 0 || mg_whole_renames(whole, &mv) ||
	    mg_drop_removed(whole, &mv, mine))
		goto out;
	res->moved = mv.n;
	bad = ok == 1;
	/* the last line of defence, on the whole file */
	if (!bad && !res->conflicts) {
		ok = check_whole(whole, mine, &mv);
		/* sections git's clean text got wrong: merged again */
		if (!ok) {
			ok = mg_repair(whole, opts, &mv, mine);
			if (ok > 0)
				ok = check_whole(whole, mine, &mv);
		}
		if (ok < 0)
			goto out;
		bad = !ok;
	}
	if (bad) {
		res->check_failed = true;
		res->moved = 0;
		ret = mg_git_result(s, opts, mine, res);
		goto out;
	}
	ret = 0;
out:
	mg_moves_release(&mv);
	mg_gitmerge_release(&g);
	for (side = 0; side < 3; side++)
		mg_text_release(&whole[side]);
	return ret;
}

int mg_merge_text(const char *base, size_t blen, const char *ours, size_t olen,
		  const char *theirs, size_t tlen,
		  const struct merge_opts *opts, struct strbuf *out,
		  struct merge_result *res)
{
	struct sides s = { { base, ours, theirs }, { blen, olen, tlen } };
	struct strbuf gout = STRBUF_INIT, mine = STRBUF_INIT;
	size_t k, run;
	int ret = -1;

	memset(res, 0, sizeof(*res));
	/* a side that changed nothing, or the same change on both */
	if (same_text(base, blen, theirs, tlen) ||
	    same_text(ours, olen, theirs, tlen)) {
		strbuf_add(out, ours, olen);
		return strbuf_failed(out) ? -1 : 0;
	}
	if (same_text(base, blen, ours, olen)) {
		strbuf_add(out, theirs, tlen);
		return strbuf_failed(out) ? -1 : 0;
	}
	if (mg_sides_on_disk(&s, opts))
		goto out;
	run = mg_marker_run(base, blen);
	if (mg_marker_run(ours, olen) > run)
		run = mg_marker_run(ours, olen);
	if (mg_marker_run(theirs, tlen) > run)
		run = mg_marker_run(theirs, tlen);
	k = run < 7 ? 7 : run + 1;
	if (k > 4096 || mg_git_merge(&s, MERGE_STYLE_DIFF3, (int)k, "o", "b",
				     "t", &gout, &res->git_conflicts))
		goto out;
	if (!res->git_conflicts) {
		/* git's clean merge, less what it duplicated */
		strbuf_addbuf(&mine, &gout);
		if (strbuf_failed(&mine) ||
		    mg_dedupe(ours, olen, theirs, tlen, opts, &mine,
			      &res->conflicts))
			goto out;
		res->deduped =
			!same_text(mine.buf, mine.len, gout.buf, gout.len);
	} else if (merge_conflicted(&s, &gout, k, opts, &mine, res)) {
		goto out;
	}
	strbuf_addbuf(out, &mine);
	ret = strbuf_failed(out) ? -1 : 0;
out:
	strbuf_release(&gout);
	strbuf_release(&mine);
	mg_sides_release(&s);
	return ret;
}
