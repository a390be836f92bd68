// SPDX-License-Identifier: GPL-2.0
/*
 * get, the database: MAINTAINERS read as get_maintainer.pl reads it, and
 * what each entry needs made on first use (the regex of an F:/X: glob,
 * its directory test, the regexes of N: and K:).
 */
#include "get-internal.h"
#include "base/base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

struct gm_extra *gm_extra(struct gm_db *db, struct gm_entry *e)
{
	if (!e->x) {
		e->x = arena_alloc(&db->arena, sizeof(*e->x));
		if (e->x)
			memset(e->x, 0, sizeof(*e->x));
	}
	return e->x;
}

/* The script's regex for an F:/X: value (and its '/' if a directory). */
const char *gm_glob_regex(struct gm_db *db, struct gm_entry *e, size_t *len)
{
	struct gm_extra *x = gm_extra(db, e);

	if (!x)
		return NULL;
	if (!x->conv) {
		/* room for the directory's '/' */
		char *p = arena_alloc(&db->arena, 2 * e->len + 3);

		if (!p)
			return NULL;
		x->conv = p;
		x->conv_len = glob_to_regex(p, e->s, e->len);
	}
	if (e->dir == 1 && (!x->conv_len || x->conv[x->conv_len - 1] != '/')) {
		x->conv[x->conv_len++] = '/';
		x->conv[x->conv_len] = '\0';
	}
	*len = x->conv_len;
	return x->conv;
}

/* The script's -d test on its regex text, made once. */
void gm_glob_resolve(struct gm_db *db, struct gm_entry *e)
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
	rx = gm_glob_regex(db, e, &len);
	e->dir = rx && !stat(rx, &st) && S_ISDIR(st.st_mode);
	if (e->dir)
		gm_glob_regex(db, e, &len);
	if (e->x && e->x->re) {
		perlre_free(e->x->re);
		e->x->re = NULL;
	}
}

void gm_db_init(struct gm_db *db)
{
	memset(db, 0, sizeof(*db));
	db->re_maint = (struct perlre)PERLRE("(maintain|support)", PERLRE_I);
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
		if (!db->maps[i].kept)
			unmap_file(db->maps[i].data, db->maps[i].len,
				   db->maps[i].mapped);
	free(db->kept);
	free(db->maps);
	for (i = 0; i < db->nr_names; i++)
		free(db->names[i]);
	free(db->names);
	free(db->tv);
	free(db->keywords);
	for (i = 0; i < db->buckets.nr; i++) {
		struct gm_bucket *b = db->buckets.e[i].value;

		free(b ? b->v : NULL); /* NULL: its allocation failed */
		free(b);
	}
	strmap_release(&db->buckets);
	free(db->secs);
	free(db->always);
	free(db->lit);
	perlre_free(&db->re_maint);
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
			const char *v = uskip_space(p + 2, le);
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
			q = uskip_space(p, le);
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

/* Out of memory, said in d; -1. */
static int db_nomem(struct diags *d, const char *path)
{
	diag_add(d, D_NOMEM, path, 0, "out of memory");
	return -1;
}

/*
 * The files of a split MAINTAINERS directory (not below it), in name
 * order unless db->readdir_order, appended to *files.  A link is named
 * in d and makes it fail, after the others are listed.  0, or -1.
 */
static int list_split_dir(struct gm_db *db, const char *path, char ***files,
			  size_t *nr, size_t *alloc, struct diags *d)
{
	char **names = NULL;
	size_t n = 0, i;
	int err = 0, ret = 0;

	if (list_directory(path, &names, &n, &err)) {
		diag_add_errno(d, D_OPEN, path, err, "cannot read");
		return -1;
	}
	if (!db->readdir_order && n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		struct strbuf p = STRBUF_INIT;

		strbuf_addstr(&p, path);
		if (p.len && p.buf[p.len - 1] != '/')
			strbuf_addch(&p, '/');
		strbuf_addstr(&p, names[i]);
		if (strbuf_failed(&p) || !ALLOC_GROW(*files, *nr + 1, *alloc)) {
			ret = db_nomem(d, path);
		} else if (path_type(p.buf) == FT_SYMLINK) {
			/* never read through a link */
			diag_add(d, D_NOT_REGULAR, p.buf, 0,
				 "MAINTAINER file '%s': %s", p.buf,
				 file_strerror(MNT_ESYMLINK));
			ret = -1;
		} else if (!ret) {
			(*files)[(*nr)++] = strbuf_detach(&p, NULL);
		}
		strbuf_release(&p);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

/* MAINTAINERS as a directory: its files (find: below it too). */
static int dir_names(struct gm_db *db, const char *path, bool find,
		     char ***files, size_t *nr, struct diags *d)
{
	size_t alloc = 0;

	if (find && gm_walk_find(path, files, nr, &alloc)) {
		if (errno == ENOMEM)
			return db_nomem(d, path);
		diag_add_errno(d, D_OPEN, path, errno, "cannot read");
		return -1;
	}
	if (!find && list_split_dir(db, path, files, nr, &alloc, d))
		return -1;
	if (!*nr) {
		diag_add(d, D_NO_FILES, path, 0,
			 "No MAINTAINER files found in '%s'", path);
		return -1;
	}
	db->split_dir = !find;
	db->found = find;
	return 0;
}

/* The files path names, in db->names.  0, or -1 with the reason in d. */
static int db_names(struct gm_db *db, const char *path, bool find,
		    struct diags *d)
{
	char **files = NULL;
	size_t nr = 0, i;
	int err, ret = -1;

	if (is_directory(path)) {
		ret = dir_names(db, path, find, &files, &nr, d);
	} else if (is_regular(path)) {
		files = malloc(sizeof(*files));
		if (files && (files[0] = strdup(path))) {
			nr = 1;
			ret = 0;
		} else {
			db_nomem(d, path);
		}
	} else if ((err = path_error(path)) && err != ENOENT) {
		/* a FIFO, device or link loop: named, never waited on */
		diag_add(d, D_OPEN, path, 0, "MAINTAINER file '%s': %s", path,
			 file_strerror(err));
	} else {
		diag_add(d, D_OPEN, path, 0, "MAINTAINER file not found '%s'",
			 path);
	}
	if (!ret) {
		db->names = files;
		db->nr_names = nr;
		return 0;
	}
	for (i = 0; i < nr; i++)
		free(files[i]);
	free(files);
	return -1;
}

/* File i of db->names, its text in db->maps[i], parsed.  0, or -1. */
static int db_parse_file(struct gm_db *db, size_t i, struct diags *d)
{
	const struct mapped *mp = &db->maps[i];

	if (!db->alloc && !ALLOC_GROW(db->tv, mp->len / 28 + 16, db->alloc))
		return db_nomem(d, db->names[i]);
	if (parse_text(db, mp->data, mp->len, (unsigned)i))
		return db_nomem(d, db->names[i]);
	return 0;
}

/*
 * Read every file of db->names (those the walk of root found through its
 * texts memo) and parse it: entries point into them.
 */
static int db_map_all(struct gm_db *db, const char *root, struct diags *d)
{
	size_t i;

	db->maps = calloc(db->nr_names + 1, sizeof(*db->maps));
	if (!db->maps)
		return db_nomem(d, NULL);
	if (db->found && gm_texts_map(db, root, d))
		return -1;
	for (i = 0; i < db->nr_names; i++)
		if ((!db->found && gm_texts_map_file(db, i, d)) ||
		    db_parse_file(db, i, d))
			return -1;
	return 0;
}

int gm_db_read(struct gm_db *db, const char *path, bool find, struct diags *d)
{
	if (db_names(db, path, find, d))
		return -1;
	return db_map_all(db, path, d);
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

static void required_literal(const char *s, size_t len, const char **need,
			     size_t *need_len);

struct perlre *gm_entry_re(struct gm_db *db, size_t i, bool prefixed)
{
	struct gm_entry *e = &db->tv[i];
	struct perlre *re;

	/* out of memory: db->nomem, so that no caller takes it for no match */
	if (!gm_extra(db, e)) {
		db->nomem = true;
		return NULL;
	}
	re = e->x->re;

	if (!re) {
		char *p = arena_alloc(&db->arena, e->len + 1);
		char *q = arena_alloc(&db->arena, e->len + 8);

		re = arena_alloc(&db->arena, 2 * sizeof(*re));
		if (!p || !q || !re) {
			db->nomem = true;
			return NULL;
		}
		memcpy(p, e->s, e->len);
		p[e->len] = '\0';
		memcpy(q, "^[+-].*", 7);
		memcpy(q + 7, e->s, e->len);
		q[e->len + 7] = '\0';
		/* patterns from the input: bounded per run (regex.h) */
		re[0] = (struct perlre)PERLRE(p, PERLRE_X | PERLRE_BUDGET);
		re[1] = (struct perlre)PERLRE(q, PERLRE_X | PERLRE_BUDGET);
		e->x->re = re;
		if (e->type == 'N')
			required_literal(e->s, e->len, &e->x->need,
					 &e->x->need_len);
	}
	return prefixed ? re + 1 : re;
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

/* $typevalue[$i] as the script stores it */
void gm_entry_text(struct gm_db *db, size_t i, struct strbuf *out)
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
		s = gm_glob_regex(db, e, &len);
	if (!s) {
		out->failed = true; /* out of memory, as a failed append */
		return;
	}
	strbuf_add(out, s, len);
}

int gm_db_limit_diags(const struct gm_db *db, struct diags *d)
{
	size_t i;
	int n = 0;

	for (i = 0; i < db->nr; i++) {
		const struct gm_entry *e = &db->tv[i];

		/* N: and K: hold two regexes; a complex F:/X: one of its own */
		if ((e->type != 'N' && e->type != 'K') || !e->x || !e->x->re ||
		    (!perlre_exhausted(&e->x->re[0]) &&
		     !perlre_exhausted(&e->x->re[1])))
			continue;
		if (perlre_too_large(&e->x->re[0]) ||
		    perlre_too_large(&e->x->re[1]))
			diag_add(
				d, D_REGEX_LIMIT, db->names[e->file], e->lineno,
				"%s:%lu: %c: regex exceeds PCRE2's compile limits, taken as not matching: '%.*s'",
				db->names[e->file], e->lineno, e->type,
				(int)e->len, e->s);
		else
			diag_add(
				d, D_REGEX_LIMIT, db->names[e->file], e->lineno,
				"%s:%lu: %c: regex hit its match limit, taken as not matching from there on: '%.*s'",
				db->names[e->file], e->lineno, e->type,
				(int)e->len, e->s);
		n++;
	}
	return n;
}

int gm_db_limit_mark(struct gm_db *db, size_t i, unsigned which)
{
	struct perlre *re;

	if (i >= db->nr || which > 1 ||
	    (db->tv[i].type != 'N' && db->tv[i].type != 'K'))
		return -1;
	re = gm_entry_re(db, i, which);
	if (!re)
		return -1;
	re->budget.exhausted = true;
	return 0;
}

int gm_db_limit_list(const struct gm_db *db, struct strbuf *out)
{
	size_t i;
	unsigned k;

	for (i = 0; i < db->nr; i++) {
		const struct gm_entry *e = &db->tv[i];

		if (e->type != 'N' && e->type != 'K')
			continue;
		for (k = 0; e->x && e->x->re && k < 2; k++)
			if (perlre_exhausted(&e->x->re[k]))
				strbuf_addf(out, "%zu %u\n", i, k);
	}
	return strbuf_failed(out) ? -1 : 0;
}

int gm_db_bad_regex(const struct gm_db *db, struct diags *d)
{
	const struct gm_entry *e = db->bad_re;

	if (!e)
		return 0;
	diag_add(d, D_BAD_REGEX, db->names[e->file], e->lineno,
		 "%s:%lu: %c: regex does not compile: '%.*s'",
		 db->names[e->file], e->lineno, e->type, (int)e->len, e->s);
	return 1;
}
