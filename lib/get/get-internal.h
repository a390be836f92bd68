/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the rooms of get (get-db.c, get-match.c, get-query.c,
 * get-answer.c) share and nothing else uses.  See getmaint.h.
 */
#ifndef MAINT_GET_INTERNAL_H
#define MAINT_GET_INTERNAL_H

#include "get.h"

/* get-match.c: the index's sections by a directory prefix of F: */
struct gm_bucket {
	size_t *v; /* section numbers, ascending */
	size_t nr, alloc;
};

/* perlre_match() for db: out of memory sets db->nomem. */
static inline int gm_db_match(struct gm_db *db, struct perlre *re,
			      const char *s, size_t len)
{
	int r = perlre_match(re, s, len);

	if (r == PERLRE_NOMEM)
		db->nomem = true;
	return r;
}

/* The entry's extras, made on first use (NULL: out of memory). */
struct gm_extra *gm_extra(struct gm_db *db, struct gm_entry *e);
/* The script's regex for an F:/X: value (and its '/' if a directory). */
const char *gm_glob_regex(struct gm_db *db, struct gm_entry *e, size_t *len);
/* The script's -d test on an F:/X: entry's regex text, made once. */
void gm_glob_resolve(struct gm_db *db, struct gm_entry *e);
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

/*
 * get-walk.c: --find-maintainer-files, the files named MAINTAINERS below
 * root as the script's File::Find gives them (from the memo of the last
 * walk where it holds), appended to *out (*nr of them, *alloc room; the
 * caller frees them).  0, or -1 with errno.
 */
int gm_walk_find(const char *root, char ***out, size_t *nr, size_t *alloc);
/*
 * get-walk.c: a number of a memo's record at *s (an optional '-', decimal
 * digits, then ' '), in *v, *s moved past the ' '.  false: not one.
 */
bool gm_memo_num(const char **s, const char *end, long long *v);
/*
 * get-walk.c: a memo record's head at *s: eight numbers, then a name
 * ended by a NUL (*name_end, before end); *s left at the name.  false:
 * not one.
 */
bool gm_memo_head(const char **s, const char *end, long long v[8],
		  const char **name_end);

/*
 * get-texts.c: the texts of db->names in db->maps (allocated, zeroed).
 * gm_texts_map(): every file (found by the walk of root), each from the
 * texts memo where its lstat is as recorded, from the file otherwise;
 * gm_texts_map_file(): file i from the file.  0, or -1 with the reason
 * in d.
 */
int gm_texts_map(struct gm_db *db, const char *root, struct diags *d);
int gm_texts_map_file(struct gm_db *db, size_t i, struct diags *d);

/* get-answer.c: what an M: is by its section's S: (lower case), as
 * get_maintainer_role() says it ("maintained" -> "maintainer"); the
 * status itself when it has no name */
const char *gm_status_role(const char *status);

/* get-answer.c: what the answer keeps between queries */
void gm_cache_init(struct gm_cache *c);
void gm_cache_release(struct gm_cache *c);

#endif
