// SPDX-License-Identifier: GPL-2.0
#include "patch.h"

#include <stdlib.h>
#include <string.h>

/* ---- reading: lines ---- */

struct line_cursor {
	const char *text;
	size_t len, pos; /* the next line starts at pos */
	unsigned long lineno; /* of the line last taken */
};

/* The line at the cursor (with its newline), without taking it. */
static bool peek(const struct line_cursor *ls, const char **s, size_t *len)
{
	const char *p = ls->text + ls->pos, *end = ls->text + ls->len, *nl;

	if (p >= end)
		return false;
	nl = memchr(p, '\n', (size_t)(end - p));
	*s = p;
	*len = nl ? (size_t)(nl + 1 - p) : (size_t)(end - p);
	return true;
}

static void take(struct line_cursor *ls, size_t len)
{
	ls->pos += len;
	ls->lineno++;
}

static bool starts(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(s, prefix, n);
}

/* The line without its newline (and a CR before it). */
static size_t chomp(const char *s, size_t len)
{
	if (len && s[len - 1] == '\n')
		len--;
	if (len && s[len - 1] == '\r')
		len--;
	return len;
}

/* ---- reading: names ---- */

/* A name git wrote in C quotes ("a/sp ace\t"), unquoted. */
static char *unquote(const char *s, size_t len, size_t *used)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i = 1;

	while (i < len && s[i] != '"') {
		char c = s[i++];

		if (c == '\\' && i < len) {
			c = s[i++];
			if (c >= '0' && c <= '7') {
				int v = c - '0', k;

				for (k = 0; k < 2 && i < len && s[i] >= '0' &&
					    s[i] <= '7';
				     k++)
					v = v * 8 + (s[i++] - '0');
				c = (char)v;
			} else if (c == 't') {
				c = '\t';
			} else if (c == 'n') {
				c = '\n';
			}
		}
		strbuf_addch(&sb, c);
	}
	*used = i < len ? i + 1 : i;
	return strbuf_detach(&sb, NULL);
}

/*
 * The name of a "--- NAME" or "+++ NAME" line: up to a tab (diff -u puts
 * the time stamp after one), or C-quoted; NULL for /dev/null.  *err set
 * when out of memory.
 */
static char *header_name(const char *s, size_t len, bool *err)
{
	const char *p = s + 4, *e = s + chomp(s, len), *tab;
	size_t used;
	char *name;

	if (e < p)
		e = p;
	if (p < e && *p == '"') {
		name = unquote(p, (size_t)(e - p), &used);
	} else {
		tab = memchr(p, '\t', (size_t)(e - p));
		if (tab)
			e = tab;
		/* git ends a name with spaces only when it has them */
		name = strndup(p, (size_t)(e - p));
	}
	if (!name) {
		*err = true;
		return NULL;
	}
	if (!strcmp(name, "/dev/null")) {
		free(name);
		return NULL;
	}
	return name;
}

/*
 * "diff --git a/X b/Y": the names when they can be told apart.  0, or -1
 * out of memory.
 */
static int git_names(struct patch_file *f, const char *s, size_t len)
{
	const char *p = s + 11, *e = s + chomp(s, len);
	size_t n = (size_t)(e - p), half;

	/* unquoted and the same both sides: "a/NAME b/NAME" */
	if (n < 5 || *p == '"' || n % 2 == 0)
		return 0;
	half = (n - 1) / 2;
	if (p[half] != ' ' || memcmp(p + 1, p + half + 2, half - 1))
		return 0;
	f->old_name = strndup(p, half);
	f->new_name = strndup(p + half + 1, half);
	return f->old_name && f->new_name ? 0 : -1;
}

/* ---- reading: files and hunks ---- */

static struct patch_file *new_file(struct patch *p, unsigned long lineno)
{
	struct patch_file *f;

	if (!ALLOC_GROW(p->files, p->nr + 1, p->alloc))
		return NULL;
	f = &p->files[p->nr++];
	memset(f, 0, sizeof(*f));
	strbuf_init(&f->buf);
	f->lineno = lineno;
	return f;
}

static unsigned long number(const char **p, const char *end, bool *ok)
{
	unsigned long v = 0;
	const char *s = *p;

	while (*p < end && **p >= '0' && **p <= '9')
		v = v * 10 + (unsigned long)(*(*p)++ - '0');
	*ok = *ok && *p > s;
	return v;
}

/* "@@ -OLD[,N] +NEW[,N] @@": 0, or -1 when it is not one. */
static int hunk_header(const char *s, size_t len, struct patch_hunk *h)
{
	const char *p = s + 4, *end = s + len;
	bool ok = true;

	h->old_start = number(&p, end, &ok);
	h->old_count = 1;
	if (p < end && *p == ',') {
		p++;
		h->old_count = number(&p, end, &ok);
	}
	if (end - p < 2 || p[0] != ' ' || p[1] != '+')
		return -1;
	p += 2;
	h->new_start = number(&p, end, &ok);
	h->new_count = 1;
	if (p < end && *p == ',') {
		p++;
		h->new_count = number(&p, end, &ok);
	}
	return ok && end - p >= 3 && !memcmp(p, " @@", 3) ? 0 : -1;
}

static int add_line(struct patch_file *f, char op, const char *s, size_t len)
{
	struct patch_line *l;

	if (!ALLOC_GROW(f->lines, f->nr_lines + 1, f->alloc_lines))
		return -1;
	l = &f->lines[f->nr_lines++];
	l->op = op;
	l->off = f->buf.len;
	l->len = len;
	strbuf_add(&f->buf, s, len);
	return strbuf_failed(&f->buf) ? -1 : 0;
}

/* "\ No newline at end of file": the line before has none */
static void no_newline(struct patch_file *f)
{
	struct patch_line *l;

	if (!f->nr_lines)
		return;
	l = &f->lines[f->nr_lines - 1];
	if (l->len && f->buf.buf[l->off + l->len - 1] == '\n')
		l->len--;
}

/*
 * One hunk's lines, to the end of its counts.  0, or -1 when a line
 * that cannot be in it comes first.
 */
static int read_hunk_lines(struct line_cursor *ls, struct patch_file *f,
			   unsigned long ob, unsigned long nb, bool *nomem)
{
	const char *s;
	size_t len;

	while ((ob || nb) && peek(ls, &s, &len)) {
		const char *t = s + 1;
		size_t tlen = len - 1;
		char op = s[0];

		if (op == '\\') {
			take(ls, len);
			no_newline(f);
			continue;
		}
		if (!chomp(s, len)) {
			/* a context line whose space a mailer dropped */
			op = ' ';
			t = s;
			tlen = len;
		}
		if ((op != ' ' && op != '-' && op != '+') ||
		    (op != '+' && !ob) || (op != '-' && !nb))
			break;
		ob -= op != '+';
		nb -= op != '-';
		take(ls, len);
		if (add_line(f, op, t, tlen)) {
			*nomem = true;
			return -1;
		}
	}
	if (peek(ls, &s, &len) && s[0] == '\\') {
		take(ls, len);
		no_newline(f);
	}
	return ob || nb ? -1 : 0;
}

/*
 * The hunks after a file's "+++" line, each read to the end of its
 * counts.  0, or -1 with the reason in d.
 */
static int read_hunks(struct line_cursor *ls, struct patch_file *f,
		      const char *name, struct diags *d)
{
	const char *s;
	size_t len;
	unsigned long at;
	bool nomem = false;

	while (peek(ls, &s, &len) && starts(s, len, "@@ -")) {
		struct patch_hunk h;

		take(ls, len);
		if (hunk_header(s, len, &h)) {
			diag_add(d, D_READ, name, ls->lineno,
				 "%s:%lu: malformed hunk header", name,
				 ls->lineno);
			return -1;
		}
		h.first = f->nr_lines;
		at = ls->lineno;
		if (read_hunk_lines(ls, f, h.old_count, h.new_count, &nomem)) {
			if (nomem)
				goto nomem;
			diag_add(
				d, D_READ, name, ls->lineno + 1,
				"%s:%lu: corrupt patch: the hunk of line %lu ends early",
				name, ls->lineno + 1, at);
			return -1;
		}
		h.nr = f->nr_lines - h.first;
		if (!ALLOC_GROW(f->hunks, f->nr_hunks + 1, f->alloc_hunks))
			goto nomem;
		f->hunks[f->nr_hunks++] = h;
	}
	return 0;
nomem:
	diag_add(d, D_NOMEM, name, 0, "out of memory");
	return -1;
}

static unsigned mode(const char *s, size_t len, size_t skip)
{
	unsigned v = 0;
	size_t i;

	for (i = skip; i < len && s[i] >= '0' && s[i] <= '7'; i++)
		v = v * 8 + (unsigned)(s[i] - '0');
	return v;
}

/* A "GIT binary patch": its literal/delta blocks, to the blank line. */
static void skip_binary(struct line_cursor *ls)
{
	const char *s;
	size_t len;

	while (peek(ls, &s, &len) && !starts(s, len, "diff --git ") &&
	       (starts(s, len, "literal ") || starts(s, len, "delta ") ||
		!chomp(s, len) || (s[0] >= 'A' && s[0] <= 'Z') ||
		(s[0] >= 'a' && s[0] <= 'z')))
		take(ls, len);
}

/*
 * The extended header lines after "diff --git" (mode, rename, copy,
 * index, binary).  0, or -1 out of memory.
 */
static int git_header(struct line_cursor *ls, struct patch_file *f)
{
	const char *s;
	size_t len, n;

	while (peek(ls, &s, &len)) {
		n = chomp(s, len);
		if (starts(s, n, "old mode ")) {
			f->old_mode = mode(s, n, 9);
		} else if (starts(s, n, "new mode ")) {
			f->new_mode = mode(s, n, 9);
		} else if (starts(s, n, "deleted file mode ")) {
			f->is_deleted = true;
			f->old_mode = mode(s, n, 18);
		} else if (starts(s, n, "new file mode ")) {
			f->is_new = true;
			f->new_mode = mode(s, n, 14);
		} else if (starts(s, n, "rename from ") ||
			   starts(s, n, "copy from ")) {
			bool copy = s[0] == 'c';
			size_t k = copy ? 10 : 12;

			f->is_rename |= !copy;
			f->is_copy |= copy;
			free(f->old_name);
			f->old_name = strndup(s + k, n - k);
			if (!f->old_name)
				return -1;
		} else if (starts(s, n, "rename to ") ||
			   starts(s, n, "copy to ")) {
			size_t k = s[0] == 'c' ? 8 : 10;

			free(f->new_name);
			f->new_name = strndup(s + k, n - k);
			if (!f->new_name)
				return -1;
		} else if (starts(s, n, "Binary files ")) {
			f->is_binary = true;
		} else if (starts(s, n, "GIT binary patch")) {
			f->is_binary = true;
			take(ls, len);
			skip_binary(ls);
			return 0;
		} else if (!starts(s, n, "similarity index ") &&
			   !starts(s, n, "dissimilarity index ") &&
			   !starts(s, n, "index ")) {
			return 0;
		}
		take(ls, len);
	}
	return 0;
}

/* "--- OLD" and "+++ NEW", then the hunks.  0, or -1 (reason in d). */
static int unified(struct line_cursor *ls, struct patch_file *f,
		   const char *name, struct diags *d)
{
	const char *s, *t;
	size_t len, tlen;
	bool err = false;
	char *o, *n;

	/* unified_start() saw both lines */
	if (!peek(ls, &s, &len))
		return 0;
	take(ls, len);
	if (!peek(ls, &t, &tlen))
		return 0;
	take(ls, tlen);
	o = header_name(s, len, &err);
	n = header_name(t, tlen, &err);
	if (err) {
		free(o);
		free(n);
		diag_add(d, D_NOMEM, name, 0, "out of memory");
		return -1;
	}
	/* the ---/+++ names are the ones the hunks apply to */
	if (o || !f->is_git || f->is_new) {
		free(f->old_name);
		f->old_name = o;
	} else {
		free(o);
	}
	if (n || !f->is_git || f->is_deleted) {
		free(f->new_name);
		f->new_name = n;
	} else {
		free(n);
	}
	f->is_new |= !f->old_name;
	f->is_deleted |= !f->new_name;
	return read_hunks(ls, f, name, d);
}

static bool unified_start(const struct line_cursor *ls, const char *s,
			  size_t len)
{
	struct line_cursor next = *ls;
	const char *t;
	size_t tlen;

	/* "--- ", "+++ " and a hunk: a line of a message is not one */
	if (!starts(s, len, "--- "))
		return false;
	take(&next, len);
	if (!peek(&next, &t, &tlen) || !starts(t, tlen, "+++ "))
		return false;
	take(&next, tlen);
	return peek(&next, &t, &tlen) && starts(t, tlen, "@@ -");
}

int patch_parse(struct patch *p, const char *name, const char *text, size_t len,
		struct diags *d)
{
	struct line_cursor ls = { text, len, 0, 0 };
	const char *s;
	size_t n;

	while (peek(&ls, &s, &n)) {
		struct patch_file *f;

		if (starts(s, n, "diff --git ")) {
			f = new_file(p, ls.lineno + 1);
			if (!f)
				goto nomem;
			f->is_git = true;
			if (git_names(f, s, n))
				goto nomem;
			take(&ls, n);
			if (git_header(&ls, f))
				goto nomem;
			if (peek(&ls, &s, &n) && unified_start(&ls, s, n) &&
			    unified(&ls, f, name, d))
				return -1;
			if (f->is_new)
				f->is_deleted = false;
			continue;
		}
		if (unified_start(&ls, s, n)) {
			f = new_file(p, ls.lineno + 1);
			if (!f)
				goto nomem;
			if (unified(&ls, f, name, d))
				return -1;
			continue;
		}
		/* mail headers, the message, a diffstat, a signature */
		take(&ls, n);
	}
	return 0;
nomem:
	diag_add(d, D_NOMEM, name, 0, "out of memory");
	return -1;
}

void patch_release(struct patch *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++) {
		struct patch_file *f = &p->files[i];

		free(f->old_name);
		free(f->new_name);
		free(f->hunks);
		free(f->lines);
		strbuf_release(&f->buf);
	}
	free(p->files);
	memset(p, 0, sizeof(*p));
}

const char *patch_strip(const char *s, int strip)
{
	const char *slash;

	if (!s)
		return NULL;
	while (s[0] == '.' && s[1] == '/')
		s += 2;
	slash = strchr(s, '/');
	if (slash && slash[1] && (strip > 0 || (strip < 0 && slash == s + 1)))
		s = slash + 1;
	while (s[0] == '.' && s[1] == '/')
		s += 2;
	return s;
}

const char *patch_path(const struct patch_file *f, int strip)
{
	return patch_strip(f->is_deleted || !f->new_name ? f->old_name :
							   f->new_name,
			   strip);
}

/* ---- applying ---- */

struct text_lines {
	const char **v;
	size_t *len, nr;
};

static int split_lines(const char *s, size_t len, struct text_lines *t)
{
	size_t a1 = 0, a2 = 0;
	const char *p = s, *end = s + len;

	memset(t, 0, sizeof(*t));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl + 1 - p) : (size_t)(end - p);

		if (!ALLOC_GROW(t->v, t->nr + 1, a1) ||
		    !ALLOC_GROW(t->len, t->nr + 1, a2))
			return -1;
		t->v[t->nr] = p;
		t->len[t->nr++] = l;
		p += l;
	}
	return 0;
}

struct apply {
	const struct patch_file *f;
	const struct text_lines *old;
	struct strbuf *out;
	bool *touched;
	size_t at, post; /* lines of old taken, lines written */
};

/* One hunk at its place; pass 1 reads old as the post-image. */
static int apply_hunk(struct apply *a, const struct patch_hunk *h, int pass)
{
	const struct text_lines *o = a->old;
	unsigned long start = pass ? h->new_start : h->old_start;
	size_t want = start ? start - 1 : 0, i;

	while (a->at < want && a->at < o->nr) {
		strbuf_add(a->out, o->v[a->at], o->len[a->at]);
		a->at++;
		a->post++;
	}
	for (i = h->first; i < h->first + h->nr; i++) {
		const struct patch_line *l = &a->f->lines[i];
		const char *s = a->f->buf.buf + l->off;
		bool in_old = pass ? l->op != '-' : l->op != '+';

		if (in_old) {
			if (a->at >= o->nr || o->len[a->at] != l->len ||
			    memcmp(o->v[a->at], s, l->len))
				return -1;
			a->at++;
		}
		if (l->op == '-') {
			a->touched[a->post + 1] = true;
			continue;
		}
		strbuf_add(a->out, s, l->len);
		a->post++;
		if (l->op == '+')
			a->touched[a->post] = true;
	}
	return 0;
}

int patch_apply(const struct patch_file *f, const char *old, size_t olen,
		struct strbuf *out, bool **touched, size_t *nr)
{
	struct text_lines o;
	struct apply a = { f, &o, out, NULL, 0, 0 };
	size_t h = 0;
	int ret = -1, pass;

	*touched = NULL;
	if (split_lines(old, olen, &o))
		goto out;
	for (pass = 0; pass < 2; pass++) {
		/* pass 0: old is the pre-image; pass 1: the post-image */
		strbuf_reset(out);
		free(a.touched);
		a.touched = calloc(o.nr + f->nr_lines + 2, sizeof(bool));
		if (!a.touched)
			goto out;
		a.at = a.post = 0;
		for (h = 0; h < f->nr_hunks; h++)
			if (apply_hunk(&a, &f->hunks[h], pass))
				break;
		if (h == f->nr_hunks)
			break;
	}
	if (h < f->nr_hunks)
		goto out;
	for (; a.at < o.nr; a.at++)
		strbuf_add(out, o.v[a.at], o.len[a.at]);
	*nr = a.post + (o.nr - a.at) + 1;
	*touched = a.touched;
	a.touched = NULL;
	ret = strbuf_failed(out) ? -1 : 0;
out:
	free(a.touched);
	free(o.v);
	free(o.len);
	return ret;
}

/* ---- get_maintainer.pl's way ---- */

enum { RE_MODE, RE_RENAME, RE_DIFF_GIT, RE_FIXES, RE_PLUS, RE_MINUS, RE_HUNK };

void patch_scanner_init(struct patch_scanner *ps)
{
	ps->re[RE_MODE] = (struct perlre)PERLRE(
		"^ mode change [0-7]+ => [0-7]+ (\\S+)\\s*$", 0);
	ps->re[RE_RENAME] =
		(struct perlre)PERLRE("^rename (?:from|to) (\\S+)\\s*$", 0);
	ps->re[RE_DIFF_GIT] = (struct perlre)PERLRE(
		"^diff --git a\\/(\\S+) b\\/(\\S+)\\s*$", 0);
	ps->re[RE_FIXES] =
		(struct perlre)PERLRE("^Fixes:\\s+([0-9a-fA-F]{6,40})", 0);
	ps->re[RE_PLUS] = (struct perlre)PERLRE("^\\+\\+\\+\\s+(\\S+)", 0);
	ps->re[RE_MINUS] = (struct perlre)PERLRE("^---\\s+(\\S+)", 0);
	ps->re[RE_HUNK] = (struct perlre)PERLRE("^\\@\\@ -(\\d+),(\\d+)", 0);
}

void patch_scanner_release(struct patch_scanner *ps)
{
	size_t i;

	for (i = 0; i < sizeof(ps->re) / sizeof(ps->re[0]); i++)
		perlre_free(&ps->re[i]);
}

enum patch_scan patch_scan_line(struct patch_scanner *ps, const char *p,
				size_t ll, const char **a, size_t *alen,
				const char **b, size_t *blen)
{
	static const enum patch_scan kind[] = { PS_MODE,     PS_RENAME,
						PS_DIFF_GIT, PS_FIXES,
						PS_FILE,     PS_FILE,
						PS_HUNK };
	size_t i;

	*a = *b = NULL;
	*alen = *blen = 0;
	for (i = 0; i < sizeof(kind) / sizeof(kind[0]); i++) {
		struct perlre *re = &ps->re[i];
		int r = perlre_match(re, p, ll);

		if (r == PERLRE_NOMEM)
			return PS_NOMEM;
		if (r <= 0)
			continue;
		*a = perlre_group(re, p, 1, alen);
		if (i == RE_DIFF_GIT || i == RE_HUNK)
			*b = perlre_group(re, p, 2, blen);
		if (kind[i] == PS_FILE) {
			/* s@^[^/]*\/@@ */
			const char *slash = memchr(*a, '/', *alen);

			if (slash) {
				*alen -= (size_t)(slash + 1 - *a);
				*a = slash + 1;
			}
		}
		return kind[i];
	}
	return PS_TEXT;
}
