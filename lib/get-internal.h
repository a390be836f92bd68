/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the rooms of get (get-db.c, get-match.c, get-query.c,
 * get-answer.c) share and nothing else uses.  See getmaint.h.
 */
#ifndef MAINT_GET_INTERNAL_H
#define MAINT_GET_INTERNAL_H

#include "getmaint.h"

/* get-match.c: the index's sections by a directory prefix of F: */
struct gm_bucket {
	size_t *v; /* section numbers, ascending */
	size_t nr, alloc;
};

/* get-db.c: sections are runs of field entries after a header entry */
static inline bool gm_is_field(const struct gm_db *db, size_t i)
{
	return db->tv[i].type != 0;
}

/* find_starting_index(): the header of the section entry i is in */
static inline size_t gm_section_start(const struct gm_db *db, size_t i)
{
	while (i > 0 && gm_is_field(db, i))
		i--;
	return i;
}

/* find_ending_index(): the first entry after that section */
static inline size_t gm_section_end(const struct gm_db *db, size_t i)
{
	while (i < db->nr && gm_is_field(db, i))
		i++;
	return i;
}

/* The entry's extras, made on first use (NULL: out of memory). */
struct gm_extra *gm_extra(struct gm_db *db, struct gm_entry *e);
/* The script's regex for an F:/X: value (and its '/' if a directory). */
const char *gm_glob_regex(struct gm_db *db, struct gm_entry *e, size_t *len);
/* The script's -d test on an F:/X: entry's regex text, made once. */
void gm_glob_resolve(struct gm_db *db, struct gm_entry *e);
/* An N:/K: entry's regex, or with prefixed the K: one for "^[+-].*" lines. */
struct perlre *gm_entry_re(struct gm_db *db, size_t i, bool prefixed);
/* $typevalue[$i] as the script stores it */
void gm_entry_text(struct gm_db *db, size_t i, struct strbuf *out);

/* get-match.c: a section a file matches */
struct gm_hit {
	size_t tvi;
	long depth;
	const char *hdr; /* the section's header */
	size_t hdr_len;
};

/*
 * The sections file matches, deepest first (*hits malloc'd, *n of them);
 * *exact set when a maintained section matches it at its full depth.
 * 0, or -1 out of memory.
 */
int gm_hits(struct gm_db *db, const struct gm_opts *o, const char *file,
	    bool *exact, struct gm_hit **hits, size_t *n);

/* get-answer.c: what the answer keeps between queries */
void gm_cache_init(struct gm_cache *c);
void gm_cache_release(struct gm_cache *c);

#endif
