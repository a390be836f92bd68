// SPDX-License-Identifier: GPL-2.0
/*
 * get, the matcher: which sections a file matches (F:, X:, N:) and at
 * which pattern depth, as get_maintainer.pl's loop over the sections
 * decides; and the index that lets --all try only the sections whose F:
 * patterns can match a file.
 */
#define _GNU_SOURCE /* memmem */
#include "get-internal.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool glob_prefix(struct gm_db *db, struct gm_entry *e, const char *s,
			size_t len)
{
	size_t rlen;
	const char *rx;
	char *p;

	if (!e->complex && !e->simple) {
		/* once a pattern, whatever the path */
		e->simple = glob_simple(e->s, e->len);
		e->complex = !e->simple;
	}
	if (!e->complex) {
		int r = glob_match_prefix(e->s, e->len, e->dir == 1, s, len);

		if (r != GLOB_COMPLEX)
			return r == GLOB_MATCH;
		e->complex = true;
	}
	if (!gm_extra(db, e)) {
		db->nomem = true;
		return false;
	}
	if (!e->x->re) {
		struct perlre *re;

		rx = gm_glob_regex(db, e, &rlen);
		p = rx ? arena_alloc(&db->arena, rlen + 2) : NULL;
		re = arena_alloc(&db->arena, sizeof(*re));
		if (!p || !re) {
			db->nomem = true;
			return false;
		}
		p[0] = '^';
		memcpy(p + 1, rx, rlen + 1);
		*re = (struct perlre)PERLRE(p, 0);
		e->x->re = re;
	}
	return gm_db_match(db, e->x->re, s, len) > 0;
}

/* Slashes in the script's pattern, and does it end in '/'? */
static size_t glob_slashes(const struct gm_entry *e, bool *trailing)
{
	*trailing = e->dir == 1 || (e->len && e->s[e->len - 1] == '/');
	return count_char(e->s, e->len, '/') + (e->dir == 1);
}

bool gm_file_matches(struct gm_db *db, size_t i, const char *file, size_t len)
{
	struct gm_entry *e = &db->tv[i];
	bool trailing;
	size_t slashes;

	if ((e->type != 'F' && e->type != 'X') ||
	    !glob_prefix(db, e, file, len))
		return false;
	if (e->dir < 0) {
		gm_glob_resolve(db, e);
		if (e->dir == 1 && !glob_prefix(db, e, file, len))
			return false;
	}
	slashes = glob_slashes(e, &trailing);
	if (trailing || (db->globstar && glob_globstar(e->s, e->len)))
		return true;
	return count_char(file, len, '/') == slashes;
}

/* range_is_maintained() && range_has_maintainer() */
static bool maintained_with_maintainer(struct gm_db *db, size_t start,
				       size_t end)
{
	bool s = false, m = false;
	size_t i;

	for (i = start; i < end; i++) {
		if (db->tv[i].type == 'S' && !s)
			s = gm_db_match(db, &db->re_maint, db->tv[i].s,
					db->tv[i].len) > 0;
		else if (db->tv[i].type == 'M')
			m = true;
	}
	return s && m;
}

static size_t literal_prefix(const struct gm_entry *e)
{
	bool all;

	return glob_literal(e->s, e->len, &all);
}

static int bucket_add(struct gm_db *db, const char *key, size_t klen,
		      size_t sec)
{
	struct gm_bucket *b = strmap_value(&db->buckets, key, klen, sizeof(*b));

	if (!b)
		return -1;
	if (b->nr && b->v[b->nr - 1] == sec)
		return 0;
	if (!ALLOC_GROW(b->v, b->nr + 1, b->alloc))
		return -1;
	b->v[b->nr++] = sec;
	return 0;
}

int gm_db_index(struct gm_db *db)
{
	size_t tvi = 0, i, alloc = 0, aalloc = 0;

	if (db->indexed)
		return 0;
	db->lit = calloc(db->nr + 1, sizeof(*db->lit));
	if (!db->lit)
		return -1;
	for (i = 0; i < db->nr; i++)
		if (db->tv[i].type == 'F' || db->tv[i].type == 'X')
			db->lit[i] = literal_prefix(&db->tv[i]);
	while (tvi < db->nr && !gm_is_field(db, tvi))
		tvi++;
	/* the sections exactly as the script's loop walks them */
	while (tvi < db->nr) {
		size_t start = gm_section_start(db, tvi);
		size_t end = gm_section_end(db, tvi), sec;
		bool has_n = false;

		if (!ALLOC_GROW(db->secs, db->nr_secs + 1, alloc))
			return -1;
		sec = db->nr_secs++;
		db->secs[sec] = (struct gm_section){ tvi, start, end };
		for (i = start; i < end; i++) {
			const struct gm_entry *e = &db->tv[i];
			size_t lp, k;

			if (e->type == 'N')
				has_n = true;
			if (e->type != 'F')
				continue;
			lp = literal_prefix(e);
			for (k = lp; k > 0 && e->s[k - 1] != '/'; k--)
				;
			/* the directory and up to two more characters */
			k += lp - k < 2 ? lp - k : 2;
			if (bucket_add(db, e->s, k, sec))
				return -1;
		}
		if (has_n) {
			if (!ALLOC_GROW(db->always, db->nr_always + 1, aalloc))
				return -1;
			db->always[db->nr_always++] = sec;
		}
		tvi = end + 1;
	}
	db->indexed = true;
	return 0;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* The sections a file can match, ascending; *n of them (malloc'd). */
static size_t *candidates(struct gm_db *db, const char *file, size_t flen,
			  size_t *n)
{
	size_t *v = NULL, alloc = 0, i, k;
	uint32_t h = hash_bytes("", 0);

	*n = 0;
	for (i = 0; i <= flen; i++) {
		uint32_t hm;
		size_t m;

		/* the hash carried along: linear in the path's length */
		if (i)
			h = hash_step(h, (unsigned char)file[i - 1]);
		if (i && file[i - 1] != '/')
			continue;
		/* keys: a directory of the file, and 0 to 2 more characters */
		for (m = 0, hm = h; m <= 2 && i + m <= flen; m++) {
			const struct strmap_entry *e;
			const struct gm_bucket *b;

			if (m)
				hm = hash_step(hm,
					       (unsigned char)file[i + m - 1]);
			e = strmap_get_hashed(&db->buckets, file, i + m, hm);
			if (!e)
				continue;
			b = e->value;
			if (!ALLOC_GROW(v, *n + b->nr, alloc))
				goto nomem;
			memcpy(v + *n, b->v, b->nr * sizeof(*v));
			*n += b->nr;
		}
	}
	if (!ALLOC_GROW(v, *n + db->nr_always + 1, alloc))
		goto nomem;
	if (db->nr_always)
		memcpy(v + *n, db->always, db->nr_always * sizeof(*v));
	*n += db->nr_always;
	qsort(v, *n, sizeof(*v), cmp_size);
	for (i = 0, k = 0; i < *n; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	*n = k;
	return v;
nomem:
	free(v);
	*n = (size_t)-1;
	return NULL;
}

/* Cheap test: a pattern starting with a plain character must find it. */
static inline bool may_match_lit(const struct gm_db *db, size_t i,
				 const char *file, size_t flen)
{
	size_t lp = db->lit[i];

	return lp <= flen && !memcmp(file, db->tv[i].s, lp);
}

/*
 * The test may_match_lit() makes, without the index: the file must start
 * with the pattern's literal prefix (glob_literal()).  The pattern is
 * compared as it is scanned, so that most patterns are rejected at their
 * first characters.  Where character i differs (all before it plain),
 * the literal prefix is shorter than i+1 only when a '+' or '{' follows
 * (it drops the character before it) or there is an alternation.
 */
static inline bool may_match(const struct gm_entry *e, const char *file,
			     size_t flen)
{
	size_t i;

	for (i = 0; i < e->len; i++) {
		unsigned char c = (unsigned char)e->s[i];

		if (glob_lit_stop[c])
			return true; /* '|': no literal prefix */
		if (i >= flen || (unsigned char)file[i] != c)
			return (i + 1 < e->len &&
				(e->s[i + 1] == '+' || e->s[i + 1] == '{')) ||
			       memchr(e->s + i + 1, '|', e->len - i - 1);
	}
	return true;
}

/*
 * Deepest first; at equal depth (where the script takes Perl's hash
 * order) by header, then in file order: the header keeps the answer the
 * same however the sections are spread over files (a split MAINTAINERS).
 */
static int hit_cmp(const void *pa, const void *pb)
{
	const struct gm_hit *a = pa, *b = pb;
	int r;

	if (a->depth != b->depth)
		return a->depth > b->depth ? -1 : 1;
	r = bytecmp(a->hdr, a->hdr_len, b->hdr, b->hdr_len);
	if (r)
		return r;
	return a->tvi < b->tvi ? -1 : a->tvi > b->tvi;
}

static bool may_match_entry(const struct gm_db *db, size_t i, const char *file,
			    size_t flen)
{
	return db->indexed ? may_match_lit(db, i, file, flen) :
			     may_match(&db->tv[i], file, flen);
}

static bool re_plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '/' || c == ',' ||
	       c == '.';
}

static bool re_alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/*
 * The class s[a..b) (without its brackets and '^'): plain characters,
 * '-' first, last or in an ascending range of letters or digits.
 */
static bool re_class_plain(const char *s, size_t a, size_t b)
{
	size_t j;

	if (a == b)
		return false;
	for (j = a; j < b; j++) {
		unsigned char c = (unsigned char)s[j];

		if (re_plain(c))
			continue;
		if (c != '-')
			return false;
		if (j == a || j + 1 == b)
			continue;
		if (!re_alnum((unsigned char)s[j - 1]) ||
		    !re_alnum((unsigned char)s[j + 1]) ||
		    (unsigned char)s[j - 1] > (unsigned char)s[j + 1] ||
		    (j >= a + 2 && s[j - 2] == '-'))
			return false;
	}
	return true;
}

/*
 * Does an N: regex surely compile (PCRE2, /x)?  Only a plain subset is
 * known: letters, digits, "_-/,.", "^$|", a class of such characters,
 * one quantifier "?*+" after a character or a class.  Anything else is
 * compiled to be sure, as the script dies on a bad one whatever the file:
 * a query of one file then compiles only the regexes it runs (the 6.12
 * MAINTAINERS has 95, ~10% of such a call's time).
 */
static bool re_surely_compiles(const char *s, size_t len)
{
	bool atom = false; /* a quantifier may follow */
	size_t i, k;

	if (len > 256)
		return false;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (re_plain(c) || c == '-') {
			atom = true;
		} else if (c == '^' || c == '$' || c == '|') {
			atom = false;
		} else if (c == '?' || c == '*' || c == '+') {
			if (!atom)
				return false;
			atom = false;
		} else if (c == '[') {
			k = i + 1 < len && s[i + 1] == '^' ? i + 2 : i + 1;
			i = k;
			while (i < len && s[i] != ']')
				i++;
			if (i == len || !re_class_plain(s, k, i))
				return false;
			atom = true;
		} else {
			return false;
		}
	}
	return true;
}

/*
 * Does the section [start, end) match file (not excluded by X:, and an
 * F: or N: matching)?  *depth: the pattern depth of the last that did.
 */
static bool section_hit(struct gm_db *db, const struct gm_opts *o, size_t start,
			size_t end, const char *file, size_t flen, bool *exact,
			long *depth)
{
	size_t file_pd = count_char(file, flen, '/'), i;
	bool hit = false;

	for (i = start; i < end; i++)
		if (db->tv[i].type == 'X' &&
		    may_match_entry(db, i, file, flen) &&
		    gm_file_matches(db, i, file, flen))
			return false;
	for (i = start; i < end; i++) {
		const struct gm_entry *e = &db->tv[i];

		if (e->type == 'F' && may_match_entry(db, i, file, flen) &&
		    gm_file_matches(db, i, file, flen)) {
			bool trailing;
			long pd = (long)glob_slashes(e, &trailing);

			if (!trailing)
				pd++;
			if (e->len && e->s[0] == '*')
				pd = -1;
			if (pd >= (long)file_pd &&
			    maintained_with_maintainer(db, start, end))
				*exact = true;
			if (o->pattern_depth == 0 ||
			    ((long)file_pd - pd) < o->pattern_depth) {
				hit = true;
				*depth = pd;
			}
		} else if (e->type == 'N') {
			/* compiled first: the script dies on a bad one
			 * whatever the file */
			struct perlre *re = gm_entry_re(db, i, false);
			const struct gm_extra *x = e->x;

			if (re && !re->code && !re->failed && !x->valid) {
				/* else match "" to compile it */
				if (re_surely_compiles(e->s, e->len))
					e->x->valid = true;
				else
					gm_db_match(db, re, "", 0);
			}
			if (re && re->failed) {
				db->bad_re = e;
				continue;
			}
			if (x && x->need &&
			    !memmem(file, flen, x->need, x->need_len))
				continue;
			if (re && gm_db_match(db, re, file, flen) > 0) {
				hit = true;
				*depth = 0;
			} else if (re && re->failed) {
				db->bad_re = e;
			}
		}
	}
	return hit;
}

int gm_hits(struct gm_db *db, const struct gm_opts *o, const char *file,
	    bool *exact, struct gm_hit **out_hits, size_t *out_n)
{
	size_t flen = strlen(file);
	struct gm_hit *hits = NULL;
	size_t nhits = 0, ahits = 0, tvi = 0, hdr;
	size_t *cand = NULL, ncand = 0, ci = 0;
	int ret = -1;

	if (db->indexed) {
		cand = candidates(db, file, flen, &ncand);
		if (!cand && ncand)
			return -1;
	}
	while (tvi < db->nr && !gm_is_field(db, tvi))
		tvi++;
	for (;;) {
		size_t start, end;
		long depth = 0;

		if (db->indexed) {
			if (ci == ncand)
				break;
			tvi = db->secs[cand[ci]].tvi;
			start = db->secs[cand[ci]].start;
			end = db->secs[cand[ci]].end;
			ci++;
		} else {
			if (tvi >= db->nr)
				break;
			start = gm_section_start(db, tvi);
			end = gm_section_end(db, tvi);
		}
		if (section_hit(db, o, start, end, file, flen, exact, &depth)) {
			if (!ALLOC_GROW(hits, nhits + 1, ahits))
				goto out;
			hdr = gm_section_start(db, tvi);
			hits[nhits].tvi = tvi;
			hits[nhits].hdr = db->tv[hdr].s;
			hits[nhits].hdr_len = db->tv[hdr].len;
			hits[nhits++].depth = depth;
		}
		tvi = end + 1;
	}
	if (db->nomem)
		goto out;
	/* by depth, deepest first; equal depths by header */
	if (nhits)
		qsort(hits, nhits, sizeof(*hits), hit_cmp);
	*out_hits = hits;
	*out_n = nhits;
	hits = NULL;
	ret = 0;
out:
	free(hits);
	free(cand);
	return ret;
}

int gm_file_sections(struct gm_db *db, const struct gm_opts *o,
		     const char *file, size_t **hdr, size_t *n)
{
	return gm_file_hits(db, o, file, hdr, NULL, n);
}

int gm_file_hits(struct gm_db *db, const struct gm_opts *o, const char *file,
		 size_t **hdr, long **depth, size_t *n)
{
	struct gm_hit *hits = NULL;
	size_t nhits = 0, i;
	bool exact = false;

	if (gm_hits(db, o, file, &exact, &hits, &nhits))
		return -1;
	*hdr = malloc((nhits + 1) * sizeof(**hdr));
	if (depth)
		*depth = malloc((nhits + 1) * sizeof(**depth));
	if (!*hdr || (depth && !*depth)) {
		free(hits);
		free(*hdr);
		*hdr = NULL;
		if (depth) {
			free(*depth);
			*depth = NULL;
		}
		return -1;
	}
	for (i = 0; i < nhits; i++) {
		(*hdr)[i] = gm_section_start(db, hits[i].tvi);
		if (depth)
			(*depth)[i] = hits[i].depth;
	}
	*n = nhits;
	free(hits);
	return 0;
}

bool gm_section_has(const struct gm_db *db, size_t hdr, const char *addr)
{
	size_t end = gm_section_end(db, hdr + 1), i, k, alen = strlen(addr);

	for (i = hdr + 1; i < end; i++) {
		const struct gm_entry *e = &db->tv[i];

		if (e->type != 'M' && e->type != 'R' && e->type != 'L')
			continue;
		for (k = 0; k + alen <= e->len; k++)
			if (!strncasecmp(e->s + k, addr, alen))
				return true;
	}
	return false;
}
