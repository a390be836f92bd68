// SPDX-License-Identifier: GPL-2.0
/*
 * check: the checks that read the tree's files: X: that exclude nothing,
 * sections all excluded, N: that match nothing, sections never the best
 * match.
 */
#include "check-internal.h"
#include "get/get.h"
#include "base/base.h"
#include "model/model.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- X: that exclude nothing, sections never the best match ---- */

/*
 * Whether the section's F: or N: patterns take file (what its X: can
 * exclude, as get_maintainer.pl tests X: before both).  -1: no memory.
 */
static int section_fn_matches(struct gm_db *db, size_t hdr, size_t end,
			      const char *file, size_t flen)
{
	struct perlre *re;
	size_t i;

	for (i = hdr + 1; i < end; i++) {
		if (db->tv[i].type == 'F' && gm_file_matches(db, i, file, flen))
			return 1;
		if (db->tv[i].type != 'N')
			continue;
		re = gm_entry_re(db, i, false);
		if (!re)
			return -1;
		errno = 0;
		if (perlre_match(re, file, flen) > 0)
			return 1;
		if (re->failed && errno == ENOMEM)
			return -1;
	}
	return 0;
}

void ck_useless_excludes(struct ck *c)
{
	struct gm_db *db = c->db;
	const struct ck_tree *t = c->o->tree;
	struct ck_line tmp;
	size_t k, i, f, end;

	for (k = ck_next_section(db, 0, &end); k < db->nr;
	     k = ck_next_section(db, end, &end)) {
		for (i = k + 1; i < end; i++) {
			const struct gm_entry *e = &db->tv[i];
			size_t lit;
			bool all, used = false;

			if (e->type != 'X' ||
			    !ck_focused(c, ck_entry_line(c, i, &tmp)))
				continue;
			lit = glob_literal(e->s, e->len, &all);
			for (f = ck_tree_lower(t, e->s, lit);
			     !used && f < t->nr &&
			     ck_has_prefix(t->v[f], e->s, lit);
			     f++) {
				size_t flen = strlen(t->v[f]);
				int m;

				if (!gm_file_matches(db, i, t->v[f], flen))
					continue;
				m = section_fn_matches(db, k, end, t->v[f],
						       flen);
				if (m < 0) {
					c->nomem = true;
					return;
				}
				used = m;
			}
			if (!used)
				ck_report(c, D_USELESS_EXCLUDE,
					  ck_entry_line(c, i, &tmp), NULL,
					  "X: '%.*s' excludes no file that the "
					  "section's F: or N: patterns match",
					  (int)e->len, e->s);
		}
	}
}

/* ---- opt-in lints (check --with): all-excluded, dead-regex ---- */

static bool section_x_matches(struct gm_db *db, size_t hdr, size_t end,
			      const char *file, size_t flen)
{
	size_t i;

	for (i = hdr + 1; i < end; i++)
		if (db->tv[i].type == 'X' && gm_file_matches(db, i, file, flen))
			return true;
	return false;
}

/*
 * A section whose F: patterns match files, every one of them excluded
 * by its own X: patterns: it covers nothing.
 */
void ck_all_excluded(struct ck *c)
{
	struct gm_db *db = c->db;
	const struct ck_tree *t = c->o->tree;
	struct ck_line tmp;
	size_t k, i, f, end, matched;
	bool has_x, kept;

	for (k = ck_next_section(db, 0, &end); k < db->nr;
	     k = ck_next_section(db, end, &end)) {
		has_x = false;
		for (i = k + 1; i < end; i++)
			if (db->tv[i].type == 'X')
				has_x = true;
		if (!has_x || !ck_focused(c, ck_entry_line(c, k, &tmp)))
			continue;
		matched = 0;
		kept = false;
		for (i = k + 1; i < end && !kept; i++) {
			const struct gm_entry *e = &db->tv[i];
			size_t lit;
			bool all;

			if (e->type != 'F')
				continue;
			lit = glob_literal(e->s, e->len, &all);
			for (f = ck_tree_lower(t, e->s, lit);
			     !kept && f < t->nr &&
			     ck_has_prefix(t->v[f], e->s, lit);
			     f++) {
				size_t flen = strlen(t->v[f]);

				if (!gm_file_matches(db, i, t->v[f], flen))
					continue;
				matched++;
				kept = !section_x_matches(db, k, end, t->v[f],
							  flen);
			}
		}
		if (matched && !kept)
			ck_report(c, D_ALL_EXCLUDED, ck_entry_line(c, k, &tmp),
				  NULL,
				  "section '%.*s': its X: patterns exclude "
				  "every file its F: patterns match (%zu)",
				  ck_header_width(&db->tv[k]), db->tv[k].s,
				  matched);
	}
}

/* An N: regex that no file of the tree matches. */
void ck_dead_regexes(struct ck *c)
{
	struct gm_db *db = c->db;
	const struct ck_tree *t = c->o->tree;
	struct ck_line tmp;
	size_t i, f;

	for (i = 0; i < db->nr; i++) {
		const struct gm_entry *e = &db->tv[i];
		struct perlre *re;
		bool hit = false;

		if (e->type != 'N' || !ck_focused(c, ck_entry_line(c, i, &tmp)))
			continue;
		re = gm_entry_re(db, i, false);
		if (!re) {
			c->nomem = true; /* NULL only without memory */
			return;
		}
		errno = 0;
		for (f = 0; f < t->nr && !hit; f++)
			hit = perlre_match(re, t->v[f], strlen(t->v[f])) > 0;
		if (re->failed && errno == ENOMEM) {
			c->nomem = true;
			return;
		}
		if (re->failed)
			continue; /* bad-regex says so */
		if (!hit)
			ck_report(c, D_DEAD_REGEX, ck_entry_line(c, i, &tmp),
				  NULL, "N: '%.*s' matches no file of the tree",
				  (int)e->len, e->s);
	}
}
static bool is_the_rest(const struct gm_entry *e)
{
	return e->len == 8 && !memcmp(e->s, "THE REST", 8);
}

int ck_best_matches(struct gm_db *db, const struct ck_tree *t,
		    struct ck_best *b)
{
	struct gm_opts o;
	size_t f, k, i, end;
	int ret = -1;

	gm_opts_default(&o);
	b->matched = calloc(db->nr + 1, sizeof(*b->matched));
	b->best = calloc(db->nr + 1, sizeof(*b->best));
	b->maintained = calloc(db->nr + 1, sizeof(*b->maintained));
	b->cov = calloc(t->nr + 1, 1);
	if (!b->matched || !b->best || !b->maintained || !b->cov ||
	    gm_db_index(db))
		return -1;
	for (k = ck_next_section(db, 0, &end); k < db->nr;
	     k = ck_next_section(db, end, &end)) {
		for (i = k + 1; i < end; i++) {
			const struct gm_entry *e = &db->tv[i];

			if (e->type == 'S' &&
			    (ck_has_icase(e->s, e->len, "supported") ||
			     ck_has_icase(e->s, e->len, "maintained") ||
			     ck_has_icase(e->s, e->len, "odd fixes")))
				b->maintained[k] = true;
		}
	}
	for (f = 0; f < t->nr; f++) {
		size_t *hdr = NULL, n = 0;
		long *depth = NULL, top = -1;
		bool rest = false;

		if (gm_file_hits(db, &o, t->v[f], &hdr, &depth, &n))
			goto out;
		for (i = 0; i < n; i++) {
			if (is_the_rest(&db->tv[hdr[i]])) {
				rest = true;
				continue;
			}
			b->matched[hdr[i]]++;
			if (top < 0)
				top = depth[i];
			if (depth[i] != top)
				continue;
			b->best[hdr[i]]++;
			if (b->maintained[hdr[i]])
				b->cov[f] = 2;
			else if (b->cov[f] != 2)
				b->cov[f] = 3;
		}
		if (!b->cov[f] && rest)
			b->cov[f] = 1;
		free(hdr);
		free(depth);
	}
	ret = 0;
out:
	return ret;
}

void ck_best_release(struct ck_best *b)
{
	free(b->matched);
	free(b->best);
	free(b->maintained);
	free(b->cov);
}

int ck_shadowed(struct ck *c)
{
	struct gm_db *db = c->db;
	struct ck_best b = { NULL, NULL, NULL, NULL };
	struct ck_line tmp;
	size_t k;
	int ret = -1;

	if (ck_best_matches(db, c->o->tree, &b))
		goto out;
	for (k = 0; k < db->nr; k++)
		if (b.matched[k] && !b.best[k] &&
		    ck_focused(c, ck_entry_line(c, k, &tmp)))
			ck_report(
				c, D_SHADOWED, ck_entry_line(c, k, &tmp), NULL,
				"section '%.*s' is no file's best match: each "
				"of the %zu files it matches has a more "
				"specific section",
				ck_header_width(&db->tv[k]), db->tv[k].s,
				b.matched[k]);
	ret = 0;
out:
	ck_best_release(&b);
	return ret;
}
