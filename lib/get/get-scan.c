// SPDX-License-Identifier: GPL-2.0
/*
 * get, the query's lists: the files (sorted and unique as the script's
 * sort_and_uniq() leaves them), the K: entries hit, the Fixes: commits,
 * and a patch scanned into them (its files, its hunks' ranges for git
 * blame, the K: patterns its lines match).
 */
#include "get-internal.h"
#include "base/base.h"
#include "history/history.h"

#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void gm_query_release(struct gm_query *q)
{
	size_t i;

	for (i = 0; i < q->nr_files; i++)
		free(q->files[i]);
	free(q->files);
	free(q->kw_hits);
	for (i = 0; i < q->nr_fixes; i++)
		free(q->fixes[i]);
	free(q->fixes);
	memset(q, 0, sizeof(*q));
}

int gm_query_add_file(struct gm_query *q, const char *file, size_t len)
{
	char *s;

	if (!ALLOC_GROW(q->files, q->nr_files + 1, q->alloc_files))
		return -1;
	s = malloc(len + 1);
	if (!s)
		return -1;
	memcpy(s, file, len);
	s[len] = '\0';
	q->files[q->nr_files++] = s;
	return 0;
}

static int add_kw(struct gm_query *q, size_t tvi)
{
	if (!ALLOC_GROW(q->kw_hits, q->nr_kw + 1, q->alloc_kw))
		return -1;
	q->kw_hits[q->nr_kw++] = tvi;
	return 0;
}

void gm_query_sort_files(struct gm_query *q)
{
	size_t i, n;

	/* sort_and_uniq() over the whole list, as the script does */
	if (q->nr_files)
		qsort(q->files, q->nr_files, sizeof(*q->files), cmp_str);
	for (i = 0, n = 0; i < q->nr_files; i++) {
		if (n && !strcmp(q->files[n - 1], q->files[i])) {
			free(q->files[i]);
			continue;
		}
		q->files[n++] = q->files[i];
	}
	q->nr_files = n;
}

/* what scan_keywords_line() returns when a regex failed */
#define BAD_REGEX (-2)

/*
 * The K: patterns a text matches (a patch line: "^[+-].*" in a file).
 * 0, -1 out of memory, or BAD_REGEX (db->bad_re set; see
 * gm_db_bad_regex()).
 */
static int scan_keywords_line(struct gm_db *db, const char *p, size_t ll,
			      bool in_patch, struct gm_query *q)
{
	size_t k;

	for (k = 0; k < db->nr_keywords; k++) {
		struct perlre *re = gm_entry_re(db, db->keywords[k], in_patch);

		if (re && gm_db_match(db, re, p, ll) > 0 &&
		    add_kw(q, db->keywords[k]))
			return -1;
		if (db->nomem)
			return -1;
		if (re && re->failed) {
			db->bad_re = &db->tv[db->keywords[k]];
			return BAD_REGEX;
		}
	}
	return 0;
}

/* @fixes: uniq() */
static int add_fix(struct gm_query *q, const char *s, size_t len)
{
	size_t i;
	char *c;

	for (i = 0; i < q->nr_fixes; i++)
		if (strlen(q->fixes[i]) == len && !memcmp(q->fixes[i], s, len))
			return 0;
	if (!ALLOC_GROW(q->fixes, q->nr_fixes + 1, q->alloc_fixes))
		return -1;
	c = strndup(s, len);
	if (!c)
		return -1;
	q->fixes[q->nr_fixes++] = c;
	return 0;
}

/* @range: "$lastfile:$start:$length" for git blame */
static int add_range(struct history *h, const struct strbuf *lastfile,
		     const char *a, size_t alen, const char *b, size_t blen)
{
	char *s = strndup(a, alen), *l = strndup(b, blen);
	int ret = -1;

	if (s && l)
		ret = hist_add_range(h, lastfile->buf, s, l);
	free(s);
	free(l);
	return ret;
}

int gm_scan_patch(struct gm_getmaint *g, const struct gm_opts *o,
		  const char *text, size_t len, struct gm_query *q,
		  struct diags *d)
{
	const char *p = text, *end = text + len;
	bool in_patch = false;
	size_t before = q->nr_files;
	struct strbuf lastfile = STRBUF_INIT;
	int ret = 0;

	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = (size_t)((nl ? nl + 1 : end) - p), alen, blen;
		const char *a, *b;

		switch (patch_scan_line(&g->scanner, p, ll, &a, &alen, &b,
					&blen)) {
		case PS_DIFF_GIT:
			if (gm_query_add_file(q, a, alen))
				ret = -1;
			a = b;
			alen = blen;
			/* fall through */
		case PS_MODE:
		case PS_RENAME:
			if (gm_query_add_file(q, a, alen))
				ret = -1;
			break;
		case PS_NOMEM:
			ret = -1;
			break;
		case PS_FILE:
			if (gm_query_add_file(q, a, alen))
				ret = -1;
			strbuf_reset(&lastfile);
			strbuf_add(&lastfile, a, alen);
			in_patch = true;
			break;
		case PS_FIXES:
			if (o->email_fixes && add_fix(q, a, alen))
				ret = -1;
			break;
		case PS_HUNK:
			if (o->email_git_blame && o->history &&
			    add_range(o->history, &lastfile, a, alen, b, blen))
				ret = -1;
			break;
		case PS_TEXT:
			if (o->keywords)
				ret = scan_keywords_line(&g->db, p, ll,
							 in_patch, q);
			break;
		}
		p += ll;
	}
	strbuf_release(&lastfile);
	if (q->nr_files > before)
		q->any_file = true;
	gm_query_sort_files(q);
	if (ret == BAD_REGEX)
		gm_db_bad_regex(&g->db, d);
	else if (ret)
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
	return ret ? -1 : 0;
}

int gm_scan_keywords(struct gm_db *db, const char *text, size_t len,
		     struct gm_query *q)
{
	return scan_keywords_line(db, text, len, false, q) ? -1 : 0;
}
