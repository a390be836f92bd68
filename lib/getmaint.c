// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* memmem */
#include "getmaint.h"
#include "fileio.h"
#include "perlre.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <wchar.h>
#include <wctype.h>

struct gm_bucket {
	size_t *v; /* section numbers, ascending */
	size_t nr, alloc;
};

void gm_opts_default(struct gm_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->email = 1;
	o->email_usename = 1;
	o->email_maintainer = 1;
	o->email_reviewer = 1;
	o->email_fixes = 1;
	o->email_list = 1;
	o->email_moderated_list = 1;
	o->email_git_fallback = 1;
	o->email_remove_duplicates = 1;
	o->email_use_mailmap = 1;
	o->output_multiline = 1;
	o->output_separator = ", ";
	o->output_rolestats = 1;
	o->tree = 1;
	o->keywords = 1;
	o->letters = "";
}

/* ---- text helpers: Perl's \s on decoded strings ---- */

/* Length of the Unicode white space character at p, or 0. */
static size_t uspace(const char *p, const char *end)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t n = (size_t)(end - p);

	if (!n)
		return 0;
	if (u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r'))
		return 1;
	if (n >= 2 && u[0] == 0xc2 && (u[1] == 0x85 || u[1] == 0xa0))
		return 2;
	if (n >= 3 && u[0] == 0xe1 && u[1] == 0x9a && u[2] == 0x80)
		return 3;
	if (n >= 3 && u[0] == 0xe2 && u[1] == 0x80 &&
	    (u[2] <= 0x8a || u[2] == 0xa8 || u[2] == 0xa9 || u[2] == 0xaf))
		return 3;
	if (n >= 3 && u[0] == 0xe2 && u[1] == 0x81 && u[2] == 0x9f)
		return 3;
	if (n >= 3 && u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80)
		return 3;
	return 0;
}

static const char *skip_space(const char *p, const char *end)
{
	size_t n;

	for (;;) {
		if (p < end && (*p == ' ' || *p == '\t')) {
			p++;
			continue;
		}
		if (p >= end ||
		    ((unsigned char)*p > ' ' && (unsigned char)*p < 0x80))
			return p;
		n = uspace(p, end);
		if (!n)
			return p;
		p += n;
	}
}

/* Length of a UTF-8 character at p (1 for a stray byte). */
static size_t u8len(const char *p, const char *end)
{
	unsigned char c = (unsigned char)*p;
	size_t n = c < 0x80  ? 1 :
		   c >= 0xf0 ? 4 :
		   c >= 0xe0 ? 3 :
		   c >= 0xc0 ? 2 :
			       1;
	size_t i;

	if (n > (size_t)(end - p))
		return 1;
	for (i = 1; i < n; i++)
		if (((unsigned char)p[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

static size_t u8count(const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	size_t n = 0;

	while (p < end) {
		p += u8len(p, end);
		n++;
	}
	return n;
}

/* Perl's s/^\s+|\s+$//g */
static void trim(const char **s, size_t *len)
{
	const char *p = *s, *end = *s + *len;

	p = skip_space(p, end);
	while (end > p) {
		const char *q = end - 1;

		while (q > p && ((unsigned char)*q & 0xc0) == 0x80)
			q--;
		if (uspace(q, end) != (size_t)(end - q))
			break;
		end = q;
	}
	*s = p;
	*len = (size_t)(end - p);
}

/* Perl's lc() on a decoded string (needs an UTF-8 LC_CTYPE for non-ASCII) */
static void lc(struct strbuf *out, const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	mbstate_t st;

	memset(&st, 0, sizeof(st));
	while (p < end) {
		unsigned char c = (unsigned char)*p;
		wchar_t wc;
		size_t n;
		char buf[8];

		if (c < 0x80) {
			strbuf_addch(out, c >= 'A' && c <= 'Z' ? c + 32 : c);
			p++;
			continue;
		}
		n = mbrtowc(&wc, p, (size_t)(end - p), &st);
		if (n == (size_t)-1 || n == (size_t)-2 || !n) {
			memset(&st, 0, sizeof(st));
			strbuf_addch(out, c);
			p++;
			continue;
		}
		wc = (wchar_t)towlower((wint_t)wc);
		{
			mbstate_t ost;
			size_t m;

			memset(&ost, 0, sizeof(ost));
			m = wcrtomb(buf, wc, &ost);
			if (m == (size_t)-1)
				strbuf_add(out, p, n);
			else
				strbuf_add(out, buf, m);
		}
		p += n;
	}
}

static size_t count_char(const char *s, size_t len, char c)
{
	size_t n = 0;

	while (len--)
		n += *s++ == c;
	return n;
}

/* ---- F:/X: globs, as the regexes the script makes of them ---- */

/*
 * The script turns an F:/X: value into a regex ("." -> "\\.", "*" ->
 * ".*", "?" -> "."), adds a '/' when that text names a directory, and
 * matches it as a prefix (m@^$pattern@).  The value is interpreted here
 * directly with the same meaning: '*' any run, '?' any character, '.'
 * and other characters themselves, simple "[...]" classes.  A value with
 * anything else (a backslash, a group, an alternation, a class with
 * '.', '*' or '?') is handed to PCRE2 as the script's regex, once.
 *
 * The directory test can only change the answer for a file the pattern
 * already matches as a prefix, so it is made then, once per pattern.
 */

enum { G_NOMATCH, G_MATCH, G_COMPLEX };

/* One glob element at p: its length, and whether it matches s[0..n). */
static int elem_match(const char *p, const char *pend, size_t *plen,
		      const char *s, size_t n)
{
	const char *q;
	bool neg = false, in = false;

	switch (*p) {
	case '?':
		*plen = 1;
		return n && *s != '\n' ? G_MATCH : G_NOMATCH;
	case '[':
		q = p + 1;
		if (q < pend && *q == '^') {
			neg = true;
			q++;
		}
		if (q < pend && *q == ']') {
			in = n == 1 && *s == ']';
			q++;
		}
		for (; q < pend && *q != ']'; q++) {
			unsigned char lo = (unsigned char)*q, hi = lo;

			if (strchr("\\[.*?", lo) || lo >= 0x80)
				return G_COMPLEX;
			if (q + 2 < pend && q[1] == '-' && q[2] != ']') {
				hi = (unsigned char)q[2];
				if (strchr("\\[.*?", hi) || hi >= 0x80)
					return G_COMPLEX;
				q += 2;
			}
			if (n == 1 && (unsigned char)*s >= lo &&
			    (unsigned char)*s <= hi)
				in = true;
		}
		if (q >= pend)
			return G_COMPLEX;
		*plen = (size_t)(q + 1 - p);
		return n && in != neg ? G_MATCH : G_NOMATCH;
	case '\\':
	case '+':
	case '{':
	case '}':
	case '(':
	case ')':
	case '|':
	case '^':
	case '$':
	case ']':
		return G_COMPLEX;
	default:
		*plen = 1;
		return n == 1 && *s == *p ? G_MATCH : G_NOMATCH;
	}
}

/* Does a prefix of s match the glob pat (with a '/' after it if slash)? */
static int glob_prefix_raw(const char *pat, size_t plen, bool slash,
			   const char *s, size_t len)
{
	const char *pend = pat + plen, *send = s + len;
	size_t p = 0, sp = 0, star_p = (size_t)-1, star_s = 0;

	for (;;) {
		size_t el = 0, n;
		int r;

		if (p == plen) {
			if (!slash || (sp < len && s[sp] == '/'))
				return G_MATCH;
			r = G_NOMATCH;
		} else if (pat[p] == '*') {
			star_p = p++;
			star_s = sp;
			continue;
		} else {
			n = sp < len ? u8len(s + sp, send) : 0;
			r = elem_match(pat + p, pend, &el, s + sp, n);
			if (r == G_COMPLEX)
				return G_COMPLEX;
			if (r == G_MATCH) {
				p += el;
				sp += n;
				continue;
			}
		}
		if (star_p != (size_t)-1 && star_s < len && s[star_s] != '\n') {
			star_s += u8len(s + star_s, send);
			sp = star_s;
			p = star_p + 1;
			continue;
		}
		return G_NOMATCH;
	}
}

static struct gm_extra *extra(struct gm_db *db, struct gm_entry *e)
{
	if (!e->x) {
		e->x = arena_alloc(&db->arena, sizeof(*e->x));
		if (e->x)
			memset(e->x, 0, sizeof(*e->x));
	}
	return e->x;
}

/* The script's regex for an F:/X: value (and its '/' if a directory). */
static const char *glob_regex(struct gm_db *db, struct gm_entry *e, size_t *len)
{
	struct gm_extra *x = extra(db, e);

	if (!x)
		return NULL;
	if (!x->conv) {
		char *p = arena_alloc(&db->arena, 2 * e->len + 3), *q = p;
		size_t i;

		if (!p)
			return NULL;
		for (i = 0; i < e->len; i++) {
			if (e->s[i] == '.') {
				*q++ = '\\';
				*q++ = '.';
			} else if (e->s[i] == '*') {
				*q++ = '.';
				*q++ = '*';
			} else if (e->s[i] == '?') {
				*q++ = '.';
			} else {
				*q++ = e->s[i];
			}
		}
		*q = '\0';
		x->conv = p;
		x->conv_len = (size_t)(q - p);
	}
	if (e->dir == 1 && (!x->conv_len || x->conv[x->conv_len - 1] != '/')) {
		x->conv[x->conv_len++] = '/';
		x->conv[x->conv_len] = '\0';
	}
	*len = x->conv_len;
	return x->conv;
}

/* The script's -d test on its regex text, made once. */
static void glob_resolve(struct gm_db *db, struct gm_entry *e)
{
	struct stat st;
	size_t len;
	const char *rx;

	if ((e->type != 'F' && e->type != 'X') || e->dir >= 0)
		return;
	if (e->len && e->s[e->len - 1] == '/') {
		e->dir = 0;
		return;
	}
	rx = glob_regex(db, e, &len);
	e->dir = rx && !stat(rx, &st) && S_ISDIR(st.st_mode);
	if (e->dir)
		glob_regex(db, e, &len);
	if (e->x && e->x->re) {
		perlre_free(e->x->re);
		e->x->re = NULL;
	}
}

static bool glob_prefix(struct gm_db *db, struct gm_entry *e, const char *s,
			size_t len)
{
	size_t rlen;
	const char *rx;
	char *p;

	if (!e->complex) {
		int r = glob_prefix_raw(e->s, e->len, e->dir == 1, s, len);

		if (r != G_COMPLEX)
			return r == G_MATCH;
		e->complex = true;
	}
	if (!extra(db, e))
		return false;
	if (!e->x->re) {
		struct perlre *re;

		rx = glob_regex(db, e, &rlen);
		p = rx ? arena_alloc(&db->arena, rlen + 2) : NULL;
		re = arena_alloc(&db->arena, sizeof(*re));
		if (!p || !re)
			return false;
		p[0] = '^';
		memcpy(p + 1, rx, rlen + 1);
		*re = (struct perlre)PERLRE(p, 0);
		e->x->re = re;
	}
	return perlre_match(e->x->re, s, len) > 0;
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
		glob_resolve(db, e);
		if (e->dir == 1 && !glob_prefix(db, e, file, len))
			return false;
	}
	slashes = glob_slashes(e, &trailing);
	if (trailing)
		return true;
	return count_char(file, len, '/') == slashes;
}

/* ---- reading MAINTAINERS ---- */

void gm_db_init(struct gm_db *db)
{
	memset(db, 0, sizeof(*db));
	strbuf_init(&db->mm_text);
}

void gm_db_release(struct gm_db *db)
{
	size_t i;

	for (i = 0; i < db->nr; i++) {
		struct gm_entry *e = &db->tv[i];

		if (!e->x || !e->x->re)
			continue;
		perlre_free(e->x->re);
		if (e->type == 'N' || e->type == 'K')
			perlre_free(e->x->re + 1);
	}
	for (i = 0; db->maps && i < db->nr_names; i++)
		unmap_file(db->maps[i].data, db->maps[i].len,
			   db->maps[i].mapped);
	free(db->maps);
	for (i = 0; i < db->nr_names; i++)
		free(db->names[i]);
	free(db->names);
	free(db->tv);
	free(db->keywords);
	strmap_release(&db->mm_names);
	strmap_release(&db->mm_addresses);
	strmap_release(&db->mm_index);
	strmap_release(&db->memo);
	for (i = 0; i < db->buckets.nr; i++) {
		struct gm_bucket *b = db->buckets.e[i].value;

		free(b->v);
		free(b);
	}
	strmap_release(&db->buckets);
	free(db->secs);
	free(db->always);
	free(db->lit);
	strbuf_release(&db->mm_text);
	arena_release(&db->arena);
	memset(db, 0, sizeof(*db));
}

static int add_entry(struct gm_db *db, char type, const char *s, size_t len,
		     unsigned file, unsigned long lineno)
{
	struct gm_entry *e;

	if (db->nr >= db->alloc && !ALLOC_GROW(db->tv, db->nr + 1, db->alloc))
		return -1;
	e = &db->tv[db->nr++];
	*e = (struct gm_entry){ .s = s,
				.len = len,
				.lineno = lineno,
				.file = file,
				.type = type,
				.dir = -1 };
	return 0;
}

static int parse_text(struct gm_db *db, const char *data, size_t len,
		      unsigned file)
{
	const char *p = data, *end = data + len;
	unsigned long lineno = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		const char *q;

		lineno++;
		if (le - p >= 2 && p[0] >= 'A' && p[0] <= 'Z' && p[1] == ':') {
			const char *v = skip_space(p + 2, le);
			size_t vlen = (size_t)(le - v);

			if (p[0] == 'K') {
				if (!ALLOC_GROW(db->keywords,
						db->nr_keywords + 1,
						db->alloc_keywords))
					return -1;
				db->keywords[db->nr_keywords++] = db->nr;
			}
			if (add_entry(db, p[0], v, vlen, file, lineno))
				return -1;
		} else {
			q = skip_space(p, le);
			if (q < le && *q != '#' &&
			    add_entry(db, 0, p, (size_t)(le - p), file, lineno))
				return -1;
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int find_files(const char *dir, char ***out, size_t *nr, size_t *alloc)
{
	char **names = NULL;
	size_t n = 0, i;
	int err = 0, ret = 0;

	if (list_directory(dir, &names, &n, &err))
		return -1;
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n && !ret; i++) {
		struct strbuf p = STRBUF_INIT;

		strbuf_addstr(&p, dir);
		if (p.len && p.buf[p.len - 1] != '/')
			strbuf_addch(&p, '/');
		strbuf_addstr(&p, names[i]);
		if (is_directory(p.buf)) {
			if (strcmp(names[i], ".git"))
				ret = find_files(p.buf, out, nr, alloc);
		} else if (!strcmp(names[i], "MAINTAINERS") &&
			   is_regular(p.buf)) {
			if (!ALLOC_GROW(*out, *nr + 1, *alloc))
				ret = -1;
			else
				(*out)[(*nr)++] = strbuf_detach(&p, NULL);
		}
		strbuf_release(&p);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

int gm_db_read(struct gm_db *db, const char *path, bool find, struct diags *d)
{
	char **files = NULL;
	size_t nr = 0, alloc = 0, i;
	int err = 0, ret = -1;

	if (is_directory(path)) {
		if (find) {
			if (find_files(path, &files, &nr, &alloc)) {
				diag_add_errno(d, D_OPEN, path, errno,
					       "cannot read");
				goto out;
			}
		} else {
			char **names = NULL;
			size_t n = 0;

			if (list_directory(path, &names, &n, &err)) {
				diag_add_errno(d, D_OPEN, path, err,
					       "cannot read");
				goto out;
			}
			if (!db->readdir_order)
				qsort(names, n, sizeof(*names), cmp_str);
			for (i = 0; i < n; i++) {
				struct strbuf p = STRBUF_INIT;

				strbuf_addstr(&p, path);
				if (p.len && p.buf[p.len - 1] != '/')
					strbuf_addch(&p, '/');
				strbuf_addstr(&p, names[i]);
				free(names[i]);
				if (ALLOC_GROW(files, nr + 1, alloc))
					files[nr++] = strbuf_detach(&p, NULL);
				strbuf_release(&p);
			}
			free(names);
		}
		if (!nr) {
			diag_add(d, D_NO_FILES, path, 0,
				 "No MAINTAINER files found in '%s'", path);
			goto out;
		}
	} else if (is_regular(path)) {
		files = malloc(sizeof(*files));
		if (!files)
			goto out;
		files[nr++] = strdup(path);
	} else {
		diag_add(d, D_OPEN, path, 0, "MAINTAINER file not found '%s'",
			 path);
		goto out;
	}
	db->names = files;
	db->nr_names = nr;
	files = NULL;
	/* map every file: entries point into them */
	db->maps = calloc(nr + 1, sizeof(*db->maps));
	if (!db->maps)
		goto out;
	for (i = 0; i < nr; i++) {
		struct mapped *mp = &db->maps[i];

		if (map_path(db->names[i], &mp->data, &mp->len, &mp->mapped,
			     &err)) {
			diag_add_errno(d, D_OPEN, db->names[i], err,
				       "Can't open MAINTAINERS file");
			goto out;
		}
		if (!db->alloc &&
		    !ALLOC_GROW(db->tv, mp->len / 28 + 16, db->alloc))
			goto out;
		if (parse_text(db, mp->data, mp->len, (unsigned)i)) {
			diag_add(d, D_NOMEM, db->names[i], 0, "out of memory");
			goto out;
		}
	}
	ret = 0;
out:
	for (i = 0; files && i < nr; i++)
		free(files[i]);
	free(files);
	return ret;
}

int gm_db_read_texts(struct gm_db *db, char **names, char **data, size_t *len,
		     size_t n, struct diags *d)
{
	size_t i;

	db->names = names;
	db->nr_names = n;
	db->maps = calloc(n + 1, sizeof(*db->maps));
	if (!db->maps) {
		for (i = 0; i < n; i++)
			free(data[i]);
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		db->maps[i].data = data[i];
		db->maps[i].len = len[i];
		db->maps[i].mapped = false;
	}
	for (i = 0; i < n; i++) {
		if (!db->alloc &&
		    !ALLOC_GROW(db->tv, len[i] / 28 + 16, db->alloc))
			goto nomem;
		if (parse_text(db, data[i], len[i], (unsigned)i))
			goto nomem;
	}
	return 0;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
	return -1;
}

/* ---- e-mail addresses, as the script parses and formats them ---- */

static struct perlre re_email1 = PERLRE("^([^<]+)<(.+\\@.*)>.*$", 0);
static struct perlre re_email2 = PERLRE("^\\s*<(.+\\@\\S*)>.*$", 0);
static struct perlre re_email3 = PERLRE("^(.+\\@\\S*).*$", 0);
static struct perlre re_quote = PERLRE("(?<!\\\\)\"", 0);

static void strip_quotes(const char **s, size_t *len)
{
	/* s/^\"|\"$//g */
	if (*len && (*s)[0] == '"') {
		(*s)++;
		(*len)--;
	}
	if (*len && (*s)[*len - 1] == '"')
		(*len)--;
}

static void escape_name(struct strbuf *out, const char *name, size_t len)
{
	struct strbuf tmp = STRBUF_INIT;
	size_t i;

	/* /[^\w \-]/a: anything but ASCII word characters, space, '-' */
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)name[i];

		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_' || ch == ' ' ||
		      ch == '-'))
			break;
	}
	if (i < len) {
		perlre_subst(&re_quote, name, len, "\\\\\"", true, &tmp);
		strbuf_addch(out, '"');
		strbuf_add(out, tmp.buf, tmp.len);
		strbuf_addch(out, '"');
	} else {
		strbuf_add(out, name, len);
	}
	strbuf_release(&tmp);
}

struct email {
	struct strbuf name, address;
};

static void email_init(struct email *e)
{
	strbuf_init(&e->name);
	strbuf_init(&e->address);
}

static void email_release(struct email *e)
{
	strbuf_release(&e->name);
	strbuf_release(&e->address);
}

/*
 * /^([^<]+)<(.+\@.*)>.*$/ without a regex: the name runs to the first
 * '<'; greedy, the address runs to the last '>', and the match exists
 * iff that span holds an '@' after its first character.  (A newline
 * would change what '.' and '$' accept: those go to PCRE2.)
 * Returns 1 on a match, 0 on none, -1 when PCRE2 must decide.
 */
static int email1_fast(const char *s, size_t len, const char **name,
		       size_t *nlen, const char **addr, size_t *alen)
{
	const char *lt = memchr(s, '<', len), *gt = NULL, *p;

	if (memchr(s, '\n', len))
		return -1;
	if (!lt || lt == s)
		return 0;
	for (p = s + len; p > lt + 1; p--)
		if (p[-1] == '>') {
			gt = p - 1;
			break;
		}
	if (!gt)
		return 0;
	p = gt - lt - 1 > 1 ? memchr(lt + 2, '@', (size_t)(gt - lt - 2)) : NULL;
	if (!p)
		return 0;
	*name = s;
	*nlen = (size_t)(lt - s);
	*addr = lt + 1;
	*alen = (size_t)(gt - lt - 1);
	return 1;
}

static void parse_email(const char *s, size_t len, struct email *e)
{
	const char *name = "", *addr = "";
	size_t nlen = 0, alen = 0;
	int fast;

	strbuf_reset(&e->name);
	strbuf_reset(&e->address);
	fast = email1_fast(s, len, &name, &nlen, &addr, &alen);
	if (fast > 0) {
		/* regex 1 matched */
	} else if (fast < 0 && perlre_match(&re_email1, s, len) > 0) {
		name = perlre_group(&re_email1, s, 1, &nlen);
		addr = perlre_group(&re_email1, s, 2, &alen);
	} else if (perlre_match(&re_email2, s, len) > 0) {
		addr = perlre_group(&re_email2, s, 1, &alen);
	} else if (perlre_match(&re_email3, s, len) > 0) {
		addr = perlre_group(&re_email3, s, 1, &alen);
	}
	trim(&name, &nlen);
	strip_quotes(&name, &nlen);
	escape_name(&e->name, name, nlen);
	trim(&addr, &alen);
	strbuf_add(&e->address, addr, alen);
}

static void format_email(struct strbuf *out, const char *name, size_t nlen,
			 const char *addr, size_t alen, int usename)
{
	struct strbuf n = STRBUF_INIT;

	trim(&name, &nlen);
	strip_quotes(&name, &nlen);
	escape_name(&n, name, nlen);
	trim(&addr, &alen);
	strbuf_reset(out);
	if (usename && n.len) {
		strbuf_add(out, n.buf, n.len);
		strbuf_addstr(out, " <");
		strbuf_add(out, addr, alen);
		strbuf_addch(out, '>');
	} else {
		strbuf_add(out, addr, alen);
	}
	strbuf_release(&n);
}

/* ---- .mailmap ---- */

static struct perlre re_mm1 = PERLRE("^([^<]+)<([^>]+)>$", 0);
static struct perlre re_mm2 = PERLRE("^<([^>]+)>\\s*<([^>]+)>$", 0);
static struct perlre re_mm3 = PERLRE("^(.+)<([^>]+)>\\s*<([^>]+)>$", 0);
static struct perlre re_mm4 = PERLRE("^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$", 0);
static struct perlre re_rtrim = PERLRE("\\s+$", 0);

static int mm_set(struct strmap *m, struct arena *a, const char *key,
		  size_t klen, const char *val, size_t vlen)
{
	struct strmap_entry *e = strmap_put(m, key, klen);
	struct strbuf *v;

	if (!e)
		return -1;
	v = arena_alloc(a, sizeof(*v));
	if (!v)
		return -1;
	strbuf_init(v);
	/* values live in the arena too */
	v->buf = arena_dup(a, val, vlen);
	v->len = vlen;
	if (!v->buf)
		return -1;
	e->value = v;
	return 0;
}

/* $x =~ s/\s+$//, then parse_email("$x <$addr>") */
static void name_addr(const char *name, size_t nlen, const char *addr,
		      size_t alen, struct email *e)
{
	struct strbuf t = STRBUF_INIT, u = STRBUF_INIT;

	perlre_subst(&re_rtrim, name, nlen, "", false, &t);
	strbuf_add(&u, t.buf, t.len);
	strbuf_addstr(&u, " <");
	strbuf_add(&u, addr, alen);
	strbuf_addch(&u, '>');
	parse_email(u.buf, u.len, e);
	strbuf_release(&t);
	strbuf_release(&u);
}

/*
 * .mailmap is read lazily.  Every key a line can set (an address, or
 * "name <address>") has the same address part: the text in one of the
 * line's <...>.  Lines are indexed by those addresses; the first lookup
 * of an address parses its lines, in file order, exactly as the script
 * parses every line, so the maps hold what the script's would for it.
 */
struct mm_lines {
	size_t *v; /* offsets into mm_text of the lines ("line\0") */
	size_t nr, alloc;
	bool loaded;
};

static void mm_parse_line(struct gm_db *db, const char *s, size_t len)
{
	struct email e1, e2;
	struct strbuf key = STRBUF_INIT;
	size_t n1, n2, n3, n4;
	const char *g1, *g2, *g3, *g4;

	email_init(&e1);
	email_init(&e2);
	if (perlre_match(&re_mm1, s, len) > 0) {
		g1 = perlre_group(&re_mm1, s, 1, &n1);
		g2 = perlre_group(&re_mm1, s, 2, &n2);
		name_addr(g1, n1, g2, n2, &e1);
		mm_set(&db->mm_names, &db->arena, e1.address.buf,
		       e1.address.len, e1.name.buf, e1.name.len);
	} else if (perlre_match(&re_mm2, s, len) > 0) {
		g1 = perlre_group(&re_mm2, s, 1, &n1);
		g2 = perlre_group(&re_mm2, s, 2, &n2);
		mm_set(&db->mm_addresses, &db->arena, g2, n2, g1, n1);
	} else if (perlre_match(&re_mm3, s, len) > 0) {
		g1 = perlre_group(&re_mm3, s, 1, &n1);
		g2 = perlre_group(&re_mm3, s, 2, &n2);
		g3 = perlre_group(&re_mm3, s, 3, &n3);
		name_addr(g1, n1, g2, n2, &e1);
		mm_set(&db->mm_names, &db->arena, g3, n3, e1.name.buf,
		       e1.name.len);
		mm_set(&db->mm_addresses, &db->arena, g3, n3, e1.address.buf,
		       e1.address.len);
	} else if (perlre_match(&re_mm4, s, len) > 0) {
		g1 = perlre_group(&re_mm4, s, 1, &n1);
		g2 = perlre_group(&re_mm4, s, 2, &n2);
		g3 = perlre_group(&re_mm4, s, 3, &n3);
		g4 = perlre_group(&re_mm4, s, 4, &n4);
		name_addr(g1, n1, g2, n2, &e1);
		name_addr(g3, n3, g4, n4, &e2);
		format_email(&key, e2.name.buf, e2.name.len, e2.address.buf,
			     e2.address.len, 1);
		mm_set(&db->mm_names, &db->arena, key.buf, key.len, e1.name.buf,
		       e1.name.len);
		mm_set(&db->mm_addresses, &db->arena, key.buf, key.len,
		       e1.address.buf, e1.address.len);
	}
	email_release(&e1);
	email_release(&e2);
	strbuf_release(&key);
}

static int mm_index_add(struct gm_db *db, const char *key, size_t klen,
			size_t off)
{
	struct strmap_entry *e = strmap_put(&db->mm_index, key, klen);
	struct mm_lines *l;

	if (!e)
		return -1;
	if (!e->value) {
		e->value = arena_alloc(&db->arena, sizeof(struct mm_lines));
		if (!e->value)
			return -1;
		memset(e->value, 0, sizeof(struct mm_lines));
	}
	l = e->value;
	if (l->nr && l->v[l->nr - 1] == off)
		return 0;
	if (!ALLOC_GROW(l->v, l->nr + 1, l->alloc))
		return -1;
	l->v[l->nr++] = off;
	return 0;
}

int gm_db_mailmap(struct gm_db *db, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	const char *p, *end;
	int err = 0, ret = 0;

	if (!is_regular(path))
		return 0;
	if (read_path(path, &text, &err)) {
		strbuf_release(&text);
		return -1;
	}
	p = text.buf;
	end = text.buf + text.len;
	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *s, *hash, *l;
		size_t len, off, i;

		/* s/#.*$//; s/^\s+|\s+$//g; */
		hash = memchr(p, '#', (size_t)(le - p));
		s = p;
		len = (size_t)((hash ? hash : le) - p);
		trim(&s, &len);
		p = nl ? nl + 1 : end;
		/* every form ends in <...> */
		if (!len || s[len - 1] != '>')
			continue;
		off = db->mm_text.len;
		strbuf_add(&db->mm_text, s, len);
		strbuf_addch(&db->mm_text, '\0');
		l = db->mm_text.buf + off;
		for (i = 0; i + 1 < len; i++) {
			const char *k = l + i + 1;
			size_t klen = len - 1 - (i + 1);

			if (l[i] != '<' || memchr(k, '>', klen))
				continue;
			trim(&k, &klen);
			if (mm_index_add(db, k, klen, off))
				ret = -1;
		}
	}
	strbuf_release(&text);
	return strbuf_failed(&db->mm_text) ? -1 : ret;
}

/* Parse, once, the lines that can map an address. */
static void mm_load(struct gm_db *db, const char *addr, size_t alen)
{
	struct strmap_entry *e = strmap_get(&db->mm_index, addr, alen);
	struct mm_lines *l;
	size_t i;

	if (!e)
		return;
	l = e->value;
	if (l->loaded)
		return;
	l->loaded = true;
	for (i = 0; i < l->nr; i++) {
		const char *s = db->mm_text.buf + l->v[i];

		mm_parse_line(db, s, strlen(s));
	}
}

static const struct strbuf *mm_get(const struct strmap *m, const char *k,
				   size_t len)
{
	const struct strmap_entry *e = strmap_get(m, k, len);

	return e ? e->value : NULL;
}

/* mailmap_email(): out = the mapped "name <address>" */
static void mailmap_email(struct gm_db *db, const char *line, size_t len,
			  struct strbuf *out)
{
	struct email e;
	struct strbuf em = STRBUF_INIT;
	const struct strbuf *rn = NULL, *ra = NULL;
	const char *name, *addr;
	size_t nlen, alen;

	email_init(&e);
	parse_email(line, len, &e);
	format_email(&em, e.name.buf, e.name.len, e.address.buf, e.address.len,
		     1);
	name = e.name.buf;
	nlen = e.name.len;
	addr = e.address.buf;
	alen = e.address.len;
	mm_load(db, addr, alen);
	if (mm_get(&db->mm_names, em.buf, em.len) ||
	    mm_get(&db->mm_addresses, em.buf, em.len)) {
		rn = mm_get(&db->mm_names, em.buf, em.len);
		ra = mm_get(&db->mm_addresses, em.buf, em.len);
	} else {
		rn = mm_get(&db->mm_names, addr, alen);
		ra = mm_get(&db->mm_addresses, addr, alen);
	}
	if (rn) {
		name = rn->buf;
		nlen = rn->len;
	}
	if (ra) {
		addr = ra->buf;
		alen = ra->len;
	}
	format_email(out, name, nlen, addr, alen, 1);
	strbuf_release(&em);
	email_release(&e);
}

/* ---- RFC 822 validation (make_rfc822re) ---- */

#define LWSP "(?:(?:\\r\\n)?[ \\t])"
#define SPECIALS "()<>@,;:\\\\\".\\[\\]"
#define CONTROLS "\\000-\\037\\177"
#define DTEXT "[^\\[\\]\\r\\\\]"
#define DOMAIN_LITERAL "\\[(?:" DTEXT "|\\\\.)*\\]" LWSP "*"
#define QUOTED_STRING "\"(?:[^\\\"\\r\\\\]|\\\\.|" LWSP ")*\"" LWSP "*"
#define ATOM \
	"[^" SPECIALS " " CONTROLS "]+(?:" LWSP "+|\\Z|(?=[\\[\"" SPECIALS "]))"
#define WORD "(?:" ATOM "|" QUOTED_STRING ")"
#define LOCALPART WORD "(?:\\." LWSP "*" WORD ")*"
#define SUB_DOMAIN "(?:" ATOM "|" DOMAIN_LITERAL ")"
#define DOMAIN SUB_DOMAIN "(?:\\." LWSP "*" SUB_DOMAIN ")*"
#define ADDR_SPEC LOCALPART "\\@" LWSP "*" DOMAIN
#define PHRASE WORD "*"
#define ROUTE "(?:\\@" DOMAIN "(?:,\\@" LWSP "*" DOMAIN ")*:" LWSP "*)"
#define ROUTE_ADDR "\\<" LWSP "*" ROUTE "?" ADDR_SPEC "\\>" LWSP "*"
#define MAILBOX "(?:" ADDR_SPEC "|" PHRASE ROUTE_ADDR ")"
#define GROUP PHRASE ":" LWSP "*(?:" MAILBOX "(?:,\\s*" MAILBOX ")*)?;\\s*"
#define ADDRESS "(?:" MAILBOX "|" GROUP ")"
#define RFC822RE LWSP "*" ADDRESS

static struct perlre re_strip_comments = PERLRE(
	"^((?:[^\"\\\\]|\\\\.)*(?:\"(?:[^\"\\\\]|\\\\.)*\"(?:[^\"\\\\]|\\\\.)*)*)"
	"\\((?:[^()\\\\]|\\\\.)*\\)",
	PERLRE_S);
static struct perlre re_valid = PERLRE("^" RFC822RE "$", PERLRE_S);
static struct perlre re_chars = PERLRE("^[\\000-\\377]*$", 0);
static struct perlre re_validlist =
	PERLRE("^(?:" RFC822RE ")?(?:,(?:" RFC822RE ")?)*$", PERLRE_S);
static struct perlre re_listitem =
	PERLRE("(?:^|," LWSP "*)(" RFC822RE ")", PERLRE_S);

static void strip_comments(const char *s, size_t len, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;

	strbuf_reset(out);
	strbuf_add(out, s, len);
	while (perlre_subst(&re_strip_comments, out->buf, out->len, "$1 ",
			    false, &t) > 0) {
		strbuf_reset(out);
		strbuf_add(out, t.buf, t.len);
	}
	strbuf_release(&t);
}

/* ---- the answer ---- */

struct tagged {
	struct strbuf email, role;
};

struct tagged_list {
	struct tagged *v;
	size_t nr, alloc;
};

struct strlist {
	struct strbuf *v;
	size_t nr, alloc;
};

struct run {
	struct gm_db *db;
	const struct gm_opts *o;
	struct diags *d;
	struct tagged_list email_to, list_to;
	struct strlist scm, web, bug, subsystem, status;
	struct strmap hash_name, hash_address, hash_list;
	struct strmap dedup_name, dedup_address; /* value: struct email * */
	struct strlist file_emails;
	struct strbuf *out;
	struct arena arena; /* this answer's copies */
	bool nomem;
};

static void strlist_add(struct run *r, struct strlist *l, const char *s,
			size_t len, const char *suffix)
{
	struct strbuf *sb;

	if (!ALLOC_GROW(l->v, l->nr + 1, l->alloc)) {
		r->nomem = true;
		return;
	}
	sb = &l->v[l->nr++];
	strbuf_init(sb);
	strbuf_add(sb, s, len);
	strbuf_addstr(sb, suffix);
}

static void strlist_release(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		strbuf_release(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static struct tagged *tagged_add(struct run *r, struct tagged_list *l,
				 const char *email, size_t elen,
				 const char *role, size_t rlen)
{
	struct tagged *t;

	if (!ALLOC_GROW(l->v, l->nr + 1, l->alloc)) {
		r->nomem = true;
		return NULL;
	}
	t = &l->v[l->nr++];
	strbuf_init(&t->email);
	strbuf_init(&t->role);
	strbuf_add(&t->email, email, elen);
	strbuf_add(&t->role, role, rlen);
	return t;
}

static void tagged_release(struct tagged_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		strbuf_release(&l->v[i].email);
		strbuf_release(&l->v[i].role);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static bool is_field(const struct gm_db *db, size_t i)
{
	return db->tv[i].type != 0;
}

static size_t find_starting_index(const struct gm_db *db, size_t i)
{
	while (i > 0 && is_field(db, i))
		i--;
	return i;
}

static size_t find_ending_index(const struct gm_db *db, size_t i)
{
	while (i < db->nr && is_field(db, i))
		i++;
	return i;
}

/* $typevalue[$i] as the script stores it */
static void entry_text(struct gm_db *db, size_t i, struct strbuf *out)
{
	struct gm_entry *e = &db->tv[i];
	const char *s = e->s;
	size_t len = e->len;

	strbuf_reset(out);
	if (e->type) {
		strbuf_addch(out, e->type);
		strbuf_addch(out, ':');
	}
	if (e->type == 'F' || e->type == 'X')
		s = glob_regex(db, e, &len);
	strbuf_add(out, s, len);
}

static void subsystem_name(struct gm_db *db, size_t i, struct strbuf *out)
{
	size_t start = find_starting_index(db, i);

	entry_text(db, start, out);
	if (u8count(out->buf, out->len) > 50) {
		const char *p = out->buf, *end = out->buf + out->len;
		size_t n;
		const char *s;

		for (n = 0; n < 47; n++)
			p += u8len(p, end);
		s = out->buf;
		n = (size_t)(p - s);
		/* s/\s*$// */
		while (n) {
			const char *q = s + n - 1;

			while (q > s && ((unsigned char)*q & 0xc0) == 0x80)
				q--;
			if (uspace(q, s + n) != (size_t)(s + n - q))
				break;
			n = (size_t)(q - s);
		}
		out->len = n;
		strbuf_addstr(out, "...");
	}
}

static void maintainer_role(struct gm_db *db, size_t i, struct strbuf *out)
{
	size_t start = find_starting_index(db, i),
	       end = find_ending_index(db, i);
	struct strbuf role = STRBUF_INIT, sub = STRBUF_INIT;
	static const char *const map[][2] = {
		{ "supported", "supporter" },
		{ "maintained", "maintainer" },
		{ "odd fixes", "odd fixer" },
		{ "orphan", "orphan minder" },
		{ "obsolete", "obsolete minder" },
		{ "buried alive in reporters", "chief penguin" },
	};
	const char *v = "unknown";
	size_t vlen = 7, k;

	for (k = start + 1; k < end; k++)
		if (db->tv[k].type == 'S') {
			v = db->tv[k].s;
			vlen = db->tv[k].len;
		}
	lc(&role, v, vlen);
	for (k = 0; k < sizeof(map) / sizeof(map[0]); k++)
		if (!strcmp(role.buf, map[k][0])) {
			strbuf_reset(&role);
			strbuf_addstr(&role, map[k][1]);
			break;
		}
	subsystem_name(db, i, &sub);
	strbuf_reset(out);
	strbuf_add(out, role.buf, role.len);
	strbuf_addch(out, ':');
	strbuf_add(out, sub.buf, sub.len);
	strbuf_release(&role);
	strbuf_release(&sub);
}

static bool email_inuse(struct run *r, const struct email *e)
{
	struct strbuf k = STRBUF_INIT;
	bool used = false;

	if (!e->name.len && !e->address.len)
		return true;
	if (e->name.len) {
		lc(&k, e->name.buf, e->name.len);
		used = strmap_get(&r->hash_name, k.buf, k.len) != NULL;
	}
	if (!used && e->address.len) {
		strbuf_reset(&k);
		lc(&k, e->address.buf, e->address.len);
		used = strmap_get(&r->hash_address, k.buf, k.len) != NULL;
	}
	strbuf_release(&k);
	return used;
}

static bool push_email_address(struct run *r, const char *line, size_t len,
			       const char *role, size_t rlen)
{
	struct email e;
	struct strbuf f = STRBUF_INIT, k = STRBUF_INIT;

	email_init(&e);
	parse_email(line, len, &e);
	if (!e.address.len) {
		email_release(&e);
		return false;
	}
	if (!r->o->email_remove_duplicates || !email_inuse(r, &e)) {
		format_email(&f, e.name.buf, e.name.len, e.address.buf,
			     e.address.len, r->o->email_usename);
		tagged_add(r, &r->email_to, f.buf, f.len, role, rlen);
		if (r->o->email_remove_duplicates) {
			if (e.name.len) {
				lc(&k, e.name.buf, e.name.len);
				if (!strmap_put(&r->hash_name, k.buf, k.len))
					r->nomem = true;
			}
			strbuf_reset(&k);
			lc(&k, e.address.buf, e.address.len);
			if (!strmap_put(&r->hash_address, k.buf, k.len))
				r->nomem = true;
		}
	}
	strbuf_release(&f);
	strbuf_release(&k);
	email_release(&e);
	return true;
}

static void push_email_addresses(struct run *r, const char *addr, size_t len,
				 const char *role, size_t rlen)
{
	struct strbuf s = STRBUF_INIT;
	bool valid = false;

	/*
	 * A valid single address and any text the list parser gives up on
	 * are pushed whole; only a comma can make a valid list of several.
	 */
	if (memchr(addr, ',', len)) {
		strip_comments(addr, len, &s);
		valid = perlre_match(&re_valid, s.buf, s.len) > 0 &&
			perlre_match(&re_chars, s.buf, s.len) > 0;
		if (!valid && perlre_match(&re_validlist, s.buf, s.len) > 0 &&
		    perlre_match(&re_chars, s.buf, s.len) > 0) {
			size_t pos = 0;

			while (pos <= s.len &&
			       perlre_match_from(&re_listitem, s.buf, s.len,
						 pos) > 0) {
				size_t ms, me, glen;
				const char *g = perlre_group(&re_listitem,
							     s.buf, 1, &glen);

				perlre_span(&re_listitem, &ms, &me);
				/* while (my $entry = shift(...)): stops on "" */
				if (!glen || (glen == 1 && g[0] == '0'))
					break;
				push_email_address(r, g, glen, role, rlen);
				pos = me > ms ? me : me + 1;
			}
			strbuf_release(&s);
			return;
		}
	}
	strbuf_release(&s);
	if (!push_email_address(r, addr, len, role, rlen))
		diag_add(r->d, D_FIELD_FORM, NULL, 0,
			 "Invalid MAINTAINERS address: '%.*s'", (int)len, addr);
}

static void add_categories(struct run *r, size_t index, const char *suffix)
{
	struct gm_db *db = r->db;
	const struct gm_opts *o = r->o;
	size_t start = find_starting_index(db, index);
	size_t end = find_ending_index(db, index), i;
	struct strbuf tmp = STRBUF_INIT, role = STRBUF_INIT, k = STRBUF_INIT;

	entry_text(db, start, &tmp);
	strlist_add(r, &r->subsystem, tmp.buf, tmp.len, "");
	for (i = start + 1; i < end; i++) {
		const struct gm_entry *e = &db->tv[i];

		switch (e->type) {
		case 'L': {
			const char *addr = e->s, *add = "";
			size_t alen = e->len, addlen = 0, j;
			const char *kind = NULL;

			/* m/([^\s]+)\s+(.*)$/ */
			for (j = 0; j < e->len; j++)
				if (uspace(e->s + j, e->s + e->len))
					break;
			if (j && j < e->len) {
				size_t sp = j;

				while (sp < e->len &&
				       uspace(e->s + sp, e->s + e->len))
					sp += uspace(e->s + sp, e->s + e->len);
				alen = j;
				add = e->s + sp;
				addlen = e->len - sp;
			} else if (!j && e->len) {
				/* leading space cannot happen: value is
				 * left-trimmed; the regex finds a later word */
				alen = e->len;
			}
			subsystem_name(db, i, &role);
			if (!strcmp(role.buf, "THE REST"))
				strbuf_reset(&role);
			strbuf_reset(&k);
			lc(&k, addr, alen);
			if (memmem(add, addlen, "subscribers-only", 16)) {
				if (o->email_subscriber_list)
					kind = "subscriber list";
			} else if (o->email_list) {
				if (memmem(add, addlen, "moderated", 9)) {
					if (o->email_moderated_list)
						kind = "moderated list";
				} else {
					kind = "open list";
				}
			}
			if (kind && !strmap_get(&r->hash_list, k.buf, k.len)) {
				struct strbuf rr = STRBUF_INIT;

				if (!strmap_put(&r->hash_list, k.buf, k.len))
					r->nomem = true;
				strbuf_addstr(&rr, kind);
				if (role.len) {
					strbuf_addch(&rr, ':');
					strbuf_add(&rr, role.buf, role.len);
				}
				strbuf_addstr(&rr, suffix);
				tagged_add(r, &r->list_to, addr, alen, rr.buf,
					   rr.len);
				strbuf_release(&rr);
			}
			break;
		}
		case 'M':
			if (o->email_maintainer) {
				maintainer_role(db, i, &role);
				strbuf_addstr(&role, suffix);
				push_email_addresses(r, e->s, e->len, role.buf,
						     role.len);
			}
			break;
		case 'R':
			if (o->email_reviewer) {
				subsystem_name(db, i, &tmp);
				strbuf_reset(&role);
				strbuf_addstr(&role, "reviewer:");
				strbuf_add(&role, tmp.buf, tmp.len);
				strbuf_addstr(&role, suffix);
				push_email_addresses(r, e->s, e->len, role.buf,
						     role.len);
			}
			break;
		case 'T':
			strlist_add(r, &r->scm, e->s, e->len, suffix);
			break;
		case 'W':
			strlist_add(r, &r->web, e->s, e->len, suffix);
			break;
		case 'B':
			strlist_add(r, &r->bug, e->s, e->len, suffix);
			break;
		case 'S':
			strlist_add(r, &r->status, e->s, e->len, suffix);
			break;
		default:
			break;
		}
	}
	strbuf_release(&tmp);
	strbuf_release(&role);
	strbuf_release(&k);
}

/* range_is_maintained() && range_has_maintainer() */
static bool maintained_with_maintainer(const struct gm_db *db, size_t start,
				       size_t end)
{
	static struct perlre re_maint = PERLRE("(maintain|support)", PERLRE_I);
	bool s = false, m = false;
	size_t i;

	for (i = start; i < end; i++) {
		if (db->tv[i].type == 'S' && !s)
			s = perlre_match(&re_maint, db->tv[i].s,
					 db->tv[i].len) > 0;
		else if (db->tv[i].type == 'M')
			m = true;
	}
	return s && m;
}

static void required_literal(const char *s, size_t len, const char **need,
			     size_t *need_len);

static struct perlre *entry_re(struct gm_db *db, size_t i, bool prefixed)
{
	struct gm_entry *e = &db->tv[i];
	struct perlre *re;

	if (!extra(db, e))
		return NULL;
	re = e->x->re;

	if (!re) {
		char *p = arena_alloc(&db->arena, e->len + 1);
		char *q = arena_alloc(&db->arena, e->len + 8);

		re = arena_alloc(&db->arena, 2 * sizeof(*re));
		if (!p || !q || !re)
			return NULL;
		memcpy(p, e->s, e->len);
		p[e->len] = '\0';
		memcpy(q, "^[+-].*", 7);
		memcpy(q + 7, e->s, e->len);
		q[e->len + 7] = '\0';
		re[0] = (struct perlre)PERLRE(p, PERLRE_X);
		re[1] = (struct perlre)PERLRE(q, PERLRE_X);
		e->x->re = re;
		if (e->type == 'N')
			required_literal(e->s, e->len, &e->x->need,
					 &e->x->need_len);
	}
	return prefixed ? re + 1 : re;
}

/*
 * The part of a pattern every match must start with: the characters
 * before the first special one (less the one before a quantifier);
 * nothing when the pattern has an alternation.
 */
size_t gm_glob_literal(const char *s, size_t len, bool *all)
{
	size_t i;

	*all = false;
	if (memchr(s, '|', len))
		return 0;
	for (i = 0; i < len; i++) {
		char ch = s[i];

		if (strchr("*?[\\(){}+^$", ch) || ch == '\0')
			return (ch == '+' || ch == '{') && i ? i - 1 : i;
	}
	*all = true;
	return i;
}

static size_t literal_prefix(const struct gm_entry *e)
{
	bool all;

	return gm_glob_literal(e->s, e->len, &all);
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
	while (tvi < db->nr && !is_field(db, tvi))
		tvi++;
	/* the sections exactly as the script's loop walks them */
	while (tvi < db->nr) {
		size_t start = find_starting_index(db, tvi);
		size_t end = find_ending_index(db, tvi), sec;
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

	*n = 0;
	for (i = 0; i <= flen; i++) {
		size_t m;

		if (i && file[i - 1] != '/')
			continue;
		/* keys: a directory of the file, and 0 to 2 more characters */
		for (m = 0; m <= 2 && i + m <= flen; m++) {
			const struct strmap_entry *e;
			const struct gm_bucket *b;

			e = strmap_get(&db->buckets, file, i + m);
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

static inline bool may_match(const struct gm_entry *e, const char *file,
			     size_t flen)
{
	unsigned char c0;

	if (!e->len)
		return true;
	c0 = (unsigned char)e->s[0];
	if (c0 == '*' || c0 == '?' || c0 == '[' || c0 == '\\' || c0 >= 0x80 ||
	    strchr("+{}()|^$]", c0))
		return true;
	return flen && (unsigned char)file[0] == c0;
}

/*
 * A literal that every match of an N: regex (/x) must contain, so that
 * the regex runs only on paths that have it: the longest run of plain
 * characters outside any group, less a last character a quantifier
 * makes optional.  None for an alternation, inline flags, or anything
 * unusual: then the regex always runs.
 */
static void required_literal(const char *s, size_t len, const char **need,
			     size_t *need_len)
{
	size_t i = 0, run = 0, best = 0, best_at = 0, start = 0;
	int depth = 0;

	*need = NULL;
	*need_len = 0;
	if (memchr(s, '|', len) || memchr(s, '#', len))
		return;
	for (i = 0; i <= len; i++) {
		char ch = i < len ? s[i] : '\0';
		bool plain = (ch >= 'a' && ch <= 'z') ||
			     (ch >= 'A' && ch <= 'Z') ||
			     (ch >= '0' && ch <= '9') || ch == '_' ||
			     ch == '-' || ch == '/' || ch == ',';

		if (plain && depth == 0) {
			if (!run)
				start = i;
			run++;
			continue;
		}
		if (run) {
			size_t r = run;

			/* a quantifier makes the last char optional */
			if (ch == '?' || ch == '*' || ch == '{' || ch == '+')
				r--;
			if (r > best) {
				best = r;
				best_at = start;
			}
			run = 0;
		}
		if (ch == '(') {
			if (i + 1 < len && s[i + 1] == '?')
				return; /* inline flags, lookarounds */
			depth++;
		} else if (ch == ')') {
			depth--;
		} else if (ch == '[') {
			/* skip the class */
			for (i++; i < len && s[i] != ']'; i++)
				if (s[i] == '\\')
					i++;
		} else if (ch == '\\') {
			i++; /* an escape breaks the run */
		}
	}
	if (best >= 2) {
		*need = s + best_at;
		*need_len = best;
	}
}

struct hit {
	size_t tvi;
	long depth;
	const char *hdr; /* the section's header */
	size_t hdr_len;
};

/*
 * Deepest first; at equal depth (where the script takes Perl's hash
 * order) by header, then in file order: the header keeps the answer the
 * same however the sections are spread over files (a split MAINTAINERS).
 */
static int hit_cmp(const void *pa, const void *pb)
{
	const struct hit *a = pa, *b = pb;
	int r;

	if (a->depth != b->depth)
		return a->depth > b->depth ? -1 : 1;
	r = bytecmp(a->hdr, a->hdr_len, b->hdr, b->hdr_len);
	if (r)
		return r;
	return a->tvi < b->tvi ? -1 : a->tvi > b->tvi;
}

static struct perlre re_restore1 = PERLRE("([^\\\\])\\.([^\\*])", 0);
static struct perlre re_restore2 = PERLRE("([^\\\\])\\.$", 0);
static struct perlre re_restore3 = PERLRE("\\\\\\.", 0);
static struct perlre re_restore4 = PERLRE("\\.\\*", 0);

static void print_section(struct run *r, size_t tvi)
{
	struct gm_db *db = r->db;
	size_t start = find_starting_index(db, tvi);
	size_t end = find_ending_index(db, tvi), i;
	struct strbuf line = STRBUF_INIT, t = STRBUF_INIT;

	for (i = start; i < end; i++) {
		char type = db->tv[i].type;

		glob_resolve(db, &db->tv[i]);
		entry_text(db, i, &line);
		if (type == 'F' || type == 'X') {
			perlre_subst(&re_restore1, line.buf, line.len, "$1?$2",
				     true, &t);
			perlre_subst(&re_restore2, t.buf, t.len, "$1?", true,
				     &line);
			perlre_subst(&re_restore3, line.buf, line.len, ".",
				     true, &t);
			perlre_subst(&re_restore4, t.buf, t.len, "*", true,
				     &line);
		}
		if (type) {
			/* s/^([A-Z]):/$1:\t/ and the --letters filter */
			bool want = !*r->o->letters;
			const char *l;

			for (l = r->o->letters; *l && !want; l++)
				want = (*l & ~0x20) == type;
			if (!want)
				continue;
			strbuf_add(r->out, line.buf, 2);
			strbuf_addch(r->out, '\t');
			strbuf_add(r->out, line.buf + 2, line.len - 2);
		} else {
			strbuf_add(r->out, line.buf, line.len);
		}
		strbuf_addch(r->out, '\n');
	}
	strbuf_addch(r->out, '\n');
	strbuf_release(&line);
	strbuf_release(&t);
}

static struct perlre re_file_email = PERLRE(
	"[\\p{L}\\\"\\' \\,\\.\\+-]*\\s*[\\,]*\\s*[\\(\\<\\{]{0,1}"
	"[A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+\\.[A-Za-z0-9]+[\\)\\>\\}]{0,1}",
	0);
static struct perlre re_clean_addr = PERLRE(
	"[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}",
	0);
static struct perlre re_name_sep = PERLRE("[^\\p{L}\\'\\,\\.\\+-]", 0);
static struct perlre re_particle = PERLRE("^[\\'\\,\\.\\+-]$", 0);
static struct perlre re_letter = PERLRE("\\p{L}", 0);

/* clean_file_emails() for one possible address */
static void clean_file_email(struct run *r, const char *s, size_t len,
			     struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT, name = STRBUF_INIT;
	struct email e;
	struct strlist words = { NULL, 0, 0 };
	const char *p, *end;
	size_t n;

	email_init(&e);
	perlre_subst(&re_clean_addr, s, len, "<$1>", true, &t);
	parse_email(t.buf, t.len, &e);
	/* $name =~ s/^"(.*)"$/$1/ */
	p = e.name.buf;
	n = e.name.len;
	if (n >= 2 && p[0] == '"' && p[n - 1] == '"') {
		p++;
		n -= 2;
	}
	/* split(/[^\p{L}\'\,\.\+-]/, $name), minus lone punctuation */
	end = p + n;
	while (p <= end) {
		size_t ms, me;
		const char *w = p;
		size_t wl;

		if (p < end && perlre_match_from(&re_name_sep, w,
						 (size_t)(end - w), 0) > 0) {
			perlre_span(&re_name_sep, &ms, &me);
			wl = ms;
			p = w + me;
		} else {
			wl = (size_t)(end - w);
			p = end + 1;
		}
		if (perlre_match(&re_particle, w, wl) > 0)
			continue;
		strlist_add(r, &words, w, wl, "");
	}
	/* split drops trailing empty fields */
	while (words.nr && !words.v[words.nr - 1].len)
		strbuf_release(&words.v[--words.nr]);
	if (words.nr > 2) {
		struct strbuf *f = &words.v[words.nr - 3];
		struct strbuf *m = &words.v[words.nr - 2];
		struct strbuf *l = &words.v[words.nr - 1];
		size_t fl = u8count(f->buf, f->len),
		       ml = u8count(m->buf, m->len);

		if ((fl == 1 && perlre_match(&re_letter, f->buf, f->len) > 0) ||
		    (fl == 2 && f->buf[f->len - 1] == '.') || ml == 1 ||
		    (ml == 2 && m->buf[m->len - 1] == '.'))
			strbuf_addf(&name, "%s %s %s", f->buf, m->buf, l->buf);
		else
			strbuf_addf(&name, "%s %s", m->buf, l->buf);
	} else {
		size_t i;

		for (i = 0; i < words.nr; i++) {
			if (i)
				strbuf_addch(&name, ' ');
			strbuf_add(&name, words.v[i].buf, words.v[i].len);
		}
	}
	if (name.len && strchr(",.", name.buf[name.len - 1]))
		name.len--;
	if (name.len && strchr(",.", name.buf[0])) {
		memmove(name.buf, name.buf + 1, name.len - 1);
		name.len--;
	}
	format_email(out, name.buf, name.len, e.address.buf, e.address.len,
		     r->o->email_usename);
	strlist_release(&words);
	strbuf_release(&t);
	strbuf_release(&name);
	email_release(&e);
}

static void maintainers_in_file(struct run *r, const char *file)
{
	struct strbuf text = STRBUF_INIT, fmt = STRBUF_INIT;
	size_t flen = strlen(file), pos = 0;
	int err;

	/* return if ($file =~ m@\bMAINTAINERS$@) */
	if (flen >= 11 && !strcmp(file + flen - 11, "MAINTAINERS") &&
	    (flen == 11 ||
	     !(file[flen - 12] == '_' ||
	       (file[flen - 12] >= '0' && file[flen - 12] <= '9') ||
	       ((file[flen - 12] | 0x20) >= 'a' &&
		(file[flen - 12] | 0x20) <= 'z'))))
		return;
	if (!is_regular(file) ||
	    !(r->o->email_file_emails ||
	      (flen >= 5 && !strcmp(file + flen - 5, ".yaml"))))
		return;
	if (read_path(file, &text, &err)) {
		strbuf_release(&text);
		return;
	}
	/*
	 * m/$re/g, one '@' at a time: a match holds exactly one '@', so the
	 * leftmost match from pos holds the next '@' if any match does, and
	 * lies in the window of characters the regex allows around it.
	 */
	while (pos < text.len) {
		const char *at = memchr(text.buf + pos, '@', text.len - pos);
		size_t a, s0, e, ms, me;

		if (!at)
			break;
		a = (size_t)(at - text.buf);
		for (s0 = a; s0 > pos; s0--) {
			unsigned char ch = (unsigned char)text.buf[s0 - 1];

			if (!(ch >= 0x80 || (ch >= 'a' && ch <= 'z') ||
			      (ch >= 'A' && ch <= 'Z') ||
			      (ch >= '0' && ch <= '9') ||
			      strchr("_\"' ,.+-\t\n\v\f\r(<{", ch)))
				break;
		}
		for (e = a + 1; e < text.len; e++) {
			unsigned char ch = (unsigned char)text.buf[e];

			if (!((ch >= 'a' && ch <= 'z') ||
			      (ch >= 'A' && ch <= 'Z') ||
			      (ch >= '0' && ch <= '9') || ch == '.' ||
			      ch == '-'))
				break;
		}
		if (e < text.len && strchr(")>}", text.buf[e]))
			e++;
		if (perlre_match_from(&re_file_email, text.buf, e, s0) > 0) {
			perlre_span(&re_file_email, &ms, &me);
			clean_file_email(r, text.buf + ms, me - ms, &fmt);
			strlist_add(r, &r->file_emails, fmt.buf, fmt.len, "");
			pos = me;
		} else {
			pos = a + 1;
		}
	}
	strbuf_release(&text);
	strbuf_release(&fmt);
}

/* deduplicate_email() */
static void deduplicate_email(struct run *r, struct strbuf *email)
{
	struct email e;
	struct strbuf f = STRBUF_INIT, k = STRBUF_INIT;
	struct strmap_entry *hit = NULL;

	email_init(&e);
	parse_email(email->buf, email->len, &e);
	format_email(&f, e.name.buf, e.name.len, e.address.buf, e.address.len,
		     1);
	mailmap_email(r->db, f.buf, f.len, email);
	if (!r->o->email_remove_duplicates)
		goto out;
	parse_email(email->buf, email->len, &e);
	if (e.name.len) {
		lc(&k, e.name.buf, e.name.len);
		hit = strmap_get(&r->dedup_name, k.buf, k.len);
	}
	if (!hit) {
		strbuf_reset(&k);
		lc(&k, e.address.buf, e.address.len);
		hit = strmap_get(&r->dedup_address, k.buf, k.len);
	}
	if (hit) {
		const struct email *h = hit->value;

		strbuf_reset(&e.name);
		strbuf_add(&e.name, h->name.buf, h->name.len);
		strbuf_reset(&e.address);
		strbuf_add(&e.address, h->address.buf, h->address.len);
	} else {
		struct email *save = arena_alloc(&r->arena, sizeof(*save));
		struct strmap_entry *en, *ea;

		if (!save) {
			r->nomem = true;
			goto out;
		}
		save->name.buf =
			arena_dup(&r->db->arena, e.name.buf, e.name.len);
		save->name.len = e.name.len;
		save->address.buf =
			arena_dup(&r->db->arena, e.address.buf, e.address.len);
		save->address.len = e.address.len;
		strbuf_reset(&k);
		lc(&k, e.name.buf, e.name.len);
		en = strmap_put(&r->dedup_name, k.buf, k.len);
		strbuf_reset(&k);
		lc(&k, e.address.buf, e.address.len);
		ea = strmap_put(&r->dedup_address, k.buf, k.len);
		if (!en || !ea || !save->name.buf || !save->address.buf) {
			r->nomem = true;
			goto out;
		}
		en->value = save;
		ea->value = save;
	}
	format_email(&f, e.name.buf, e.name.len, e.address.buf, e.address.len,
		     1);
	mailmap_email(r->db, f.buf, f.len, email);
out:
	strbuf_release(&f);
	strbuf_release(&k);
	email_release(&e);
}

/* add_role($line, $role) */
static void add_role(struct run *r, const char *line, size_t len,
		     const char *role)
{
	struct email e, x;
	struct strbuf f = STRBUF_INIT;
	struct perlre re = PERLRE(role, 0);
	size_t i;

	email_init(&e);
	email_init(&x);
	parse_email(line, len, &e);
	format_email(&f, e.name.buf, e.name.len, e.address.buf, e.address.len,
		     r->o->email_usename);
	for (i = 0; i < r->email_to.nr; i++) {
		struct tagged *t = &r->email_to.v[i];
		bool match;

		if (r->o->email_remove_duplicates) {
			parse_email(t->email.buf, t->email.len, &x);
			match = (e.name.len == x.name.len &&
				 !memcmp(e.name.buf, x.name.buf, e.name.len)) ||
				(e.address.len == x.address.len &&
				 !memcmp(e.address.buf, x.address.buf,
					 e.address.len));
		} else {
			match = f.len == t->email.len &&
				!memcmp(f.buf, t->email.buf, f.len);
		}
		if (match && (!*role || perlre_match(&re, t->role.buf,
						     t->role.len) <= 0)) {
			if (t->role.len)
				strbuf_addch(&t->role, ',');
			strbuf_addstr(&t->role, role);
		}
	}
	perlre_free(&re);
	strbuf_release(&f);
	email_release(&e);
	email_release(&x);
}

/* uniq() in place */
static void strlist_uniq(struct strlist *l)
{
	struct strmap seen = STRMAP_INIT;
	size_t i, n = 0;

	for (i = 0; i < l->nr; i++) {
		if (strmap_get(&seen, l->v[i].buf, l->v[i].len)) {
			strbuf_release(&l->v[i]);
			continue;
		}
		strmap_put(&seen, l->v[i].buf, l->v[i].len);
		l->v[n++] = l->v[i];
	}
	l->nr = n;
	strmap_release(&seen);
}

static void output(struct run *r, struct strbuf *v, size_t n)
{
	size_t i;

	if (r->o->output_multiline) {
		for (i = 0; i < n; i++) {
			strbuf_add(r->out, v[i].buf, v[i].len);
			strbuf_addch(r->out, '\n');
		}
		return;
	}
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addstr(r->out, r->o->output_separator);
		strbuf_add(r->out, v[i].buf, v[i].len);
	}
	strbuf_addch(r->out, '\n');
}

/* output(uniq(@list)) when the option is on */
static void output_uniq(struct run *r, int on, struct strlist *l)
{
	if (!on)
		return;
	strlist_uniq(l);
	output(r, l->v, l->nr);
}

static int cmp_numstr(const void *pa, const void *pb)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "%zu", *(const size_t *)pa);
	snprintf(b, sizeof(b), "%zu", *(const size_t *)pb);
	return strcmp(a, b);
}

/* The sections file matches, deepest first (*hits is malloc'd). */
static void file_hits(struct run *r, const char *file, bool *exact,
		      struct hit **out_hits, size_t *out_n)
{
	struct gm_db *db = r->db;
	const struct gm_opts *o = r->o;
	size_t flen = strlen(file), file_pd = count_char(file, flen, '/');
	struct hit *hits = NULL;
	size_t nhits = 0, ahits = 0, tvi, i, hdr;

	size_t *cand = NULL, ncand = 0, ci = 0;

	if (db->indexed) {
		cand = candidates(db, file, flen, &ncand);
		if (!cand && ncand) {
			r->nomem = true;
			return;
		}
	}
	tvi = 0;
	while (tvi < db->nr && !is_field(db, tvi))
		tvi++;
	for (;;) {
		size_t start, end;
		bool exclude = false, hit = false;
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
			start = find_starting_index(db, tvi);
			end = find_ending_index(db, tvi);
		}

		for (i = start; i < end && !exclude; i++)
			if (db->tv[i].type == 'X' &&
			    (db->indexed ? may_match_lit(db, i, file, flen) :
					   may_match(&db->tv[i], file, flen)) &&
			    gm_file_matches(db, i, file, flen))
				exclude = true;
		for (i = start; i < end && !exclude; i++) {
			const struct gm_entry *e = &db->tv[i];

			if (e->type == 'F' &&
			    (db->indexed ? may_match_lit(db, i, file, flen) :
					   may_match(e, file, flen)) &&
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
					depth = pd;
				}
			} else if (e->type == 'N') {
				struct perlre *re = entry_re(db, i, false);
				const struct gm_extra *x = e->x;

				if (x && x->need &&
				    !memmem(file, flen, x->need, x->need_len))
					continue;
				if (re && perlre_match(re, file, flen) > 0) {
					hit = true;
					depth = 0;
				} else if (re && re->failed) {
					db->bad_re = e;
				}
			}
		}
		if (hit) {
			if (!ALLOC_GROW(hits, nhits + 1, ahits)) {
				r->nomem = true;
				break;
			}
			hdr = find_starting_index(db, tvi);
			hits[nhits].tvi = tvi;
			hits[nhits].hdr = db->tv[hdr].s;
			hits[nhits].hdr_len = db->tv[hdr].len;
			hits[nhits++].depth = depth;
		}
		tvi = end + 1;
	}
	free(cand);
	/* by depth, deepest first; equal depths by header */
	qsort(hits, nhits, sizeof(*hits), hit_cmp);
	*out_hits = hits;
	*out_n = nhits;
}

static void apply_hits(struct run *r, const char *file, const struct hit *hits,
		       size_t nhits)
{
	size_t i;

	for (i = 0; i < nhits; i++) {
		add_categories(r, hits[i].tvi, "");
		if (r->o->sections)
			print_section(r, hits[i].tvi);
	}
	maintainers_in_file(r, file);
}

int gm_file_sections(struct gm_db *db, const struct gm_opts *o,
		     const char *file, size_t **hdr, size_t *n)
{
	return gm_file_hits(db, o, file, hdr, NULL, n);
}

int gm_file_hits(struct gm_db *db, const struct gm_opts *o, const char *file,
		 size_t **hdr, long **depth, size_t *n)
{
	struct run r;
	struct hit *hits = NULL;
	size_t nhits = 0, i;
	bool exact = false;

	memset(&r, 0, sizeof(r));
	r.db = db;
	r.o = o;
	file_hits(&r, file, &exact, &hits, &nhits);
	*hdr = malloc((nhits + 1) * sizeof(**hdr));
	if (depth)
		*depth = malloc((nhits + 1) * sizeof(**depth));
	if (r.nomem || !*hdr || (depth && !*depth)) {
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
		(*hdr)[i] = find_starting_index(db, hits[i].tvi);
		if (depth)
			(*depth)[i] = hits[i].depth;
	}
	*n = nhits;
	free(hits);
	return 0;
}

bool gm_section_has(const struct gm_db *db, size_t hdr, const char *addr)
{
	size_t end = find_ending_index(db, hdr + 1), i, k, alen = strlen(addr);

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

void gm_db_memo(struct gm_db *db, bool on)
{
	db->use_memo = on;
}

int gm_answer(struct gm_db *db, const struct gm_opts *o, struct gm_query *q,
	      struct strbuf *out, struct diags *d)
{
	struct run r;
	struct strbuf tmp = STRBUF_INIT;
	struct strlist lines = { NULL, 0, 0 };
	struct strmap saw = STRMAP_INIT;
	size_t i;
	bool exact = false;

	struct strbuf sig = STRBUF_INIT;
	size_t out_start = out->len;
	bool memo = false;

	memset(&r, 0, sizeof(r));
	r.db = db;
	r.o = o;
	r.d = d;
	r.out = out;

	for (i = 0; i < q->nr_files; i++) {
		struct hit *hits = NULL;
		size_t nhits = 0, k, flen = strlen(q->files[i]);

		file_hits(&r, q->files[i], &exact, &hits, &nhits);
		memo = db->use_memo && q->nr_files == 1 && !q->nr_kw &&
		       !o->email_file_emails &&
		       !(flen >= 5 && !strcmp(q->files[i] + flen - 5, ".yaml"));
		if (memo) {
			const struct strmap_entry *e;

			for (k = 0; k < nhits; k++)
				strbuf_addf(&sig, "%zu:%ld,", hits[k].tvi,
					    hits[k].depth);
			e = strmap_get(&db->memo, sig.buf, sig.len);
			if (e && e->value) {
				const struct strbuf *v = e->value;

				strbuf_add(out, v->buf, v->len);
				free(hits);
				strbuf_release(&sig);
				return strbuf_failed(out) ? -1 : 0;
			}
		}
		apply_hits(&r, q->files[i], hits, nhits);
		free(hits);
	}

	if (o->keywords && q->nr_kw) {
		size_t n = 0;

		qsort(q->kw_hits, q->nr_kw, sizeof(*q->kw_hits), cmp_numstr);
		for (i = 0; i < q->nr_kw; i++)
			if (!n || q->kw_hits[n - 1] != q->kw_hits[i])
				q->kw_hits[n++] = q->kw_hits[i];
		q->nr_kw = n;
		for (i = 0; i < q->nr_kw; i++) {
			const struct gm_entry *e = &db->tv[q->kw_hits[i]];

			strbuf_reset(&tmp);
			strbuf_addstr(&tmp, ":Keyword:");
			strbuf_add(&tmp, e->s, e->len);
			add_categories(&r, q->kw_hits[i], tmp.buf);
		}
	}

	for (i = 0; i < r.email_to.nr; i++)
		deduplicate_email(&r, &r.email_to.v[i].email);
	for (i = 0; i < r.list_to.nr; i++)
		deduplicate_email(&r, &r.list_to.v[i].email);

	if (o->email) {
		static const char chief_name[] = "Linus Torvalds";
		static const char chief_addr[] =
			"torvalds@linux-foundation.org";

		format_email(&tmp, chief_name, sizeof(chief_name) - 1,
			     chief_addr, sizeof(chief_addr) - 1,
			     o->email_usename);
		if (o->email_git_penguin_chiefs) {
			tagged_add(&r, &r.email_to, tmp.buf, tmp.len,
				   "chief penguin", 13);
		} else {
			struct perlre re = PERLRE(tmp.buf, 0);
			size_t n = 0;

			for (i = 0; i < r.email_to.nr; i++) {
				struct tagged *t = &r.email_to.v[i];

				if (perlre_match(&re, t->email.buf,
						 t->email.len) > 0) {
					strbuf_release(&t->email);
					strbuf_release(&t->role);
					continue;
				}
				r.email_to.v[n++] = *t;
			}
			r.email_to.nr = n;
			perlre_free(&re);
		}
		strlist_uniq(&r.file_emails);
		for (i = 0; i < r.file_emails.nr; i++) {
			struct strbuf *fe = &r.file_emails.v[i];
			struct email e;
			struct strbuf m = STRBUF_INIT;

			email_init(&e);
			mailmap_email(db, fe->buf, fe->len, &m);
			parse_email(m.buf, m.len, &e);
			format_email(&tmp, e.name.buf, e.name.len,
				     e.address.buf, e.address.len,
				     o->email_usename);
			push_email_address(&r, tmp.buf, tmp.len, "", 0);
			add_role(&r, tmp.buf, tmp.len, "in file");
			strbuf_release(&m);
			email_release(&e);
		}
	}

	/* @to, merge_email(), output() */
	if (o->email || o->email_list) {
		struct tagged_list *ls[2] = { o->email ? &r.email_to : NULL,
					      o->email_list ? &r.list_to :
							      NULL };
		size_t k;

		for (k = 0; k < 2; k++) {
			if (!ls[k])
				continue;
			for (i = 0; i < ls[k]->nr; i++) {
				struct tagged *t = &ls[k]->v[i];

				if (strmap_get(&saw, t->email.buf,
					       t->email.len))
					continue;
				strmap_put(&saw, t->email.buf, t->email.len);
				strbuf_reset(&tmp);
				strbuf_add(&tmp, t->email.buf, t->email.len);
				if (o->output_roles) {
					strbuf_addstr(&tmp, " (");
					strbuf_add(&tmp, t->role.buf,
						   t->role.len);
					strbuf_addch(&tmp, ')');
				}
				strlist_add(&r, &lines, tmp.buf, tmp.len, "");
			}
		}
	}
	if (lines.nr)
		output(&r, lines.v, lines.nr);
	/* then, as the script: @scm, @status, @subsystem, @web, @bug */
	output_uniq(&r, o->scm, &r.scm);
	output_uniq(&r, o->status, &r.status);
	output_uniq(&r, o->subsystem, &r.subsystem);
	output_uniq(&r, o->web, &r.web);
	output_uniq(&r, o->bug, &r.bug);

	tagged_release(&r.email_to);
	tagged_release(&r.list_to);
	strlist_release(&r.scm);
	strlist_release(&r.web);
	strlist_release(&r.bug);
	strlist_release(&r.subsystem);
	strlist_release(&r.status);
	strlist_release(&r.file_emails);
	strlist_release(&lines);
	strmap_release(&r.hash_name);
	strmap_release(&r.hash_address);
	strmap_release(&r.hash_list);
	strmap_release(&r.dedup_name);
	strmap_release(&r.dedup_address);
	if (memo && !r.nomem && !strbuf_failed(out)) {
		struct strmap_entry *e =
			strmap_put(&db->memo, sig.buf, sig.len);
		struct strbuf *v = arena_alloc(&db->arena, sizeof(*v));

		if (e && v) {
			v->buf = arena_dup(&db->arena, out->buf + out_start,
					   out->len - out_start);
			v->len = out->len - out_start;
			v->alloc = 0;
			v->failed = !v->buf;
			if (v->buf)
				e->value = v;
		}
	}
	strbuf_release(&sig);
	strmap_release(&saw);
	strbuf_release(&tmp);
	arena_release(&r.arena);
	if (db->bad_re)
		return GM_BAD_REGEX;
	return r.nomem || strbuf_failed(out) ? -1 : 0;
}

/* ---- what to ask about ---- */

void gm_query_release(struct gm_query *q)
{
	size_t i;

	for (i = 0; i < q->nr_files; i++)
		free(q->files[i]);
	free(q->files);
	free(q->kw_hits);
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

static struct perlre re_mode =
	PERLRE("^ mode change [0-7]+ => [0-7]+ (\\S+)\\s*$", 0);
static struct perlre re_rename = PERLRE("^rename (?:from|to) (\\S+)\\s*$", 0);
static struct perlre re_diffgit =
	PERLRE("^diff --git a\\/(\\S+) b\\/(\\S+)\\s*$", 0);
static struct perlre re_fixes = PERLRE("^Fixes:\\s+([0-9a-fA-F]{6,40})", 0);
static struct perlre re_plus = PERLRE("^\\+\\+\\+\\s+(\\S+)", 0);
static struct perlre re_minus = PERLRE("^---\\s+(\\S+)", 0);
static struct perlre re_hunk = PERLRE("^\\@\\@ -(\\d+),(\\d+)", 0);

int gm_scan_patch(struct gm_db *db, const struct gm_opts *o, const char *text,
		  size_t len, struct gm_query *q)
{
	const char *p = text, *end = text + len;
	bool in_patch = false;
	size_t before = q->nr_files, k;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = (size_t)((nl ? nl + 1 : end) - p);
		const char *g;
		size_t glen;

		if (perlre_match(&re_mode, p, ll) > 0) {
			g = perlre_group(&re_mode, p, 1, &glen);
			gm_query_add_file(q, g, glen);
		} else if (perlre_match(&re_rename, p, ll) > 0) {
			g = perlre_group(&re_rename, p, 1, &glen);
			gm_query_add_file(q, g, glen);
		} else if (perlre_match(&re_diffgit, p, ll) > 0) {
			const char *g2;
			size_t g2len;

			g = perlre_group(&re_diffgit, p, 1, &glen);
			g2 = perlre_group(&re_diffgit, p, 2, &g2len);
			gm_query_add_file(q, g, glen);
			gm_query_add_file(q, g2, g2len);
		} else if (perlre_match(&re_fixes, p, ll) > 0) {
			/* Fixes: only feeds git history */
		} else if (perlre_match(&re_plus, p, ll) > 0 ||
			   perlre_match(&re_minus, p, ll) > 0) {
			struct perlre *re = perlre_match(&re_plus, p, ll) > 0 ?
						    &re_plus :
						    &re_minus;
			const char *slash;

			g = perlre_group(re, p, 1, &glen);
			/* s@^[^/]*\/@@ */
			slash = memchr(g, '/', glen);
			if (slash) {
				glen -= (size_t)(slash + 1 - g);
				g = slash + 1;
			}
			gm_query_add_file(q, g, glen);
			in_patch = true;
		} else if (perlre_match(&re_hunk, p, ll) > 0) {
			/* hunk ranges only feed git blame */
		} else if (o->keywords) {
			for (k = 0; k < db->nr_keywords; k++) {
				struct perlre *re =
					entry_re(db, db->keywords[k], in_patch);

				if (re && perlre_match(re, p, ll) > 0 &&
				    add_kw(q, db->keywords[k]))
					return -1;
				if (re && re->failed) {
					db->bad_re = &db->tv[db->keywords[k]];
					return GM_BAD_REGEX;
				}
			}
		}
		p += ll;
	}
	if (q->nr_files > before)
		q->any_file = true;
	gm_query_sort_files(q);
	return 0;
}

int gm_scan_keywords(struct gm_db *db, const char *text, size_t len,
		     struct gm_query *q)
{
	size_t k;

	for (k = 0; k < db->nr_keywords; k++) {
		struct perlre *re = entry_re(db, db->keywords[k], false);

		if (re && perlre_match(re, text, len) > 0 &&
		    add_kw(q, db->keywords[k]))
			return -1;
		if (re && re->failed) {
			db->bad_re = &db->tv[db->keywords[k]];
			return GM_BAD_REGEX;
		}
	}
	return 0;
}
