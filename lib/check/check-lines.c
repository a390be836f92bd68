// SPDX-License-Identifier: GPL-2.0
/*
 * check: the tree's files, the lines of MAINTAINERS as
 * get_maintainer.pl's @self_test_info, its sections, and the report of a
 * finding: what the checks share (see check-internal.h).
 */
#include "check-internal.h"
#include "get/get.h"
#include "base/base.h"
#include "model/model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the tree's files ---- */

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int ck_tree_add_list(struct ck_tree *t, struct strbuf *list)
{
	char *p, *end, *nl;
	size_t base;

	/* paths are offsets into buf until the text stops moving */
	base = t->buf.len;
	strbuf_addbuf(&t->buf, list);
	strbuf_addch(&t->buf, '\n');
	strbuf_release(list);
	if (strbuf_failed(&t->buf))
		return -1;
	p = t->buf.buf + base;
	end = t->buf.buf + t->buf.len;
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		*nl = '\0';
		/* as git_execute_cmd(): no leading space, no empty line */
		while (p < nl && mnt_isspace((unsigned char)*p))
			p++;
		if (p == nl)
			continue;
		if (!ALLOC_GROW(t->v, t->nr + 1, t->alloc))
			return -1;
		t->v[t->nr++] = p;
	}
	if (t->nr)
		qsort(t->v, t->nr, sizeof(*t->v), cmp_path);
	return 0;
}

void ck_tree_release(struct ck_tree *t)
{
	free(t->v);
	strbuf_release(&t->buf);
	t->v = NULL;
	t->nr = t->alloc = 0;
}

/* The first file not sorting before prefix p. */
size_t ck_tree_lower(const struct ck_tree *t, const char *p, size_t len)
{
	size_t lo = 0, hi = t->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(t->v[mid], p, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool ck_has_prefix(const char *s, const char *p, size_t len)
{
	return !strncmp(s, p, len);
}

/* ---- the lines, as get_maintainer.pl's @self_test_info ---- */

int ck_split_lines(struct ck *c)
{
	size_t f;

	for (f = 0; f < c->db->nr_names; f++) {
		const char *p = c->db->maps[f].data;
		const char *end = p + c->db->maps[f].len;
		unsigned long n = 1;

		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			const char *e = nl ? nl : end;

			if (!ALLOC_GROW(c->l, c->nr + 1, c->alloc))
				return -1;
			c->l[c->nr++] = (struct ck_line){ p, (size_t)(e - p),
							  (unsigned)f, n++ };
			p = nl ? nl + 1 : end;
		}
	}
	return 0;
}

bool ck_perl_space(char ch)
{
	return mnt_isspace((unsigned char)ch);
}

/* /^([A-Z]):\s*(.*)/: the type, and the value in *v, *vlen */
char ck_field(const struct ck_line *l, const char **v, size_t *vlen)
{
	size_t i = 2;

	if (l->len < 2 || l->s[0] < 'A' || l->s[0] > 'Z' || l->s[1] != ':')
		return 0;
	while (i < l->len && ck_perl_space(l->s[i]))
		i++;
	*v = l->s + i;
	*vlen = l->len - i;
	return l->s[0];
}

/* /^\s*#/ */
static bool comment_line(const struct ck_line *l)
{
	size_t i = 0;

	while (i < l->len && ck_perl_space(l->s[i]))
		i++;
	return i < l->len && l->s[i] == '#';
}

static bool in_file(const struct ck *c, size_t i, size_t j)
{
	return j < c->nr && c->l[i].file == c->l[j].file;
}

static bool blank_line(const struct ck_line *l)
{
	size_t i = 0;

	while (i < l->len && ck_perl_space(l->s[i]))
		i++;
	return i == l->len;
}

bool ck_inner_comment(const struct ck *c, size_t i, size_t *hdr,
		      bool *after_header)
{
	const char *v;
	size_t vlen, j, k;

	if (c->o->self_test || !comment_line(&c->l[i]))
		return false;
	for (j = i + 1; in_file(c, i, j) && comment_line(&c->l[j]); j++)
		;
	if (!in_file(c, i, j) || !ck_field(&c->l[j], &v, &vlen))
		return false;
	for (k = i; k && in_file(c, i, k - 1) && comment_line(&c->l[k - 1]);
	     k--)
		;
	if (!k || !in_file(c, i, k - 1) || blank_line(&c->l[k - 1]))
		return false;
	k--;
	*after_header = !ck_field(&c->l[k], &v, &vlen);
	if (*after_header) {
		/* a header: a line after a blank one (or the file's first) */
		if (k && in_file(c, i, k - 1) && !blank_line(&c->l[k - 1]))
			return false;
		*hdr = k;
		return true;
	}
	/* back over the section's fields (and comments) to its header */
	while (k && in_file(c, i, k - 1) &&
	       (ck_field(&c->l[k - 1], &v, &vlen) ||
		comment_line(&c->l[k - 1])))
		k--;
	if (!k || !in_file(c, i, k - 1) || blank_line(&c->l[k - 1]))
		return false;
	*hdr = k - 1;
	return true;
}

void ck_inner_comments(struct ck *c)
{
	const char *what, *how;
	size_t i, h;
	bool after;
	int hlen, clen;

	for (i = 0; i < c->nr; i++) {
		if (!ck_inner_comment(c, i, &h, &after))
			continue;
		hlen = c->l[h].len > 200 ? 200 : (int)c->l[h].len;
		clen = c->l[i].len > 60 ? 60 : (int)c->l[i].len;
		if (after)
			what = "after the header of section";
		else
			what = "inside section";
		if (after)
			how = "stops at the header as an odd line";
		else if (comment_line(&c->l[i + 1]))
			how = "stops at it as an odd line";
		else
			how = "takes it for a section header and splits the "
			      "section there";
		ck_report(c, D_ODD_LINE, &c->l[i], NULL,
			  "comment '%.*s' %s '%.*s' is not a field: "
			  "get_maintainer.pl skips it, format "
			  "(parse-maintainers.pl) %s",
			  clen, c->l[i].s, what, hlen, c->l[h].s, how);
	}
}

bool ck_is_word(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_';
}

const char *ck_fname(const struct ck *c, const struct ck_line *l)
{
	return c->db->names[l->file];
}

/* Patch mode: would a finding on this line be kept (ck_opts.focus)? */
bool ck_focused(const struct ck *c, const struct ck_line *l)
{
	return !c->o->focus ||
	       c->o->focus(c->o->focus_arg, ck_fname(c, l), l->lineno);
}

/*
 * Patch mode: a finding about a line that repeats an earlier one goes on
 * the earlier copy when only that one is the patch's (a patch that puts
 * a second copy before the first hears of it).  True when it does.
 */
bool ck_on_earlier(const struct ck *c, const struct ck_line *later,
		   const struct ck_line *earlier)
{
	return c->o->focus && earlier && !ck_focused(c, later) &&
	       ck_focused(c, earlier);
}

void ck_report(struct ck *c, enum diag_id id, const struct ck_line *l,
	       const char *script_msg, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (c->o->self_test && script_msg && c->o->script) {
		strbuf_addf(c->o->script, "%s:%lu: warning: %s\t",
			    ck_fname(c, l), l->lineno, script_msg);
		strbuf_add(c->o->script, l->s, l->len);
		strbuf_addch(c->o->script, '\n');
	}
	strbuf_reset(&c->tmp);
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !strbuf_grow(&c->tmp, (size_t)n)) {
		c->nomem = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(c->tmp.buf, (size_t)n + 1, fmt, ap);
	va_end(ap);
	diag_add(c->d, id, ck_fname(c, l), l->lineno, "%s", c->tmp.buf);
}

bool ck_has_icase(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w), i;

	for (i = 0; i + n <= len; i++)
		if (!strncasecmp(s + i, w, n))
			return true;
	return false;
}

/* ---- sections, as get_maintainer.pl reads them ---- */

const struct ck_line *ck_entry_line(struct ck *c, size_t k, struct ck_line *tmp)
{
	const struct gm_entry *e = &c->db->tv[k];

	/* only file and lineno are used for a report */
	tmp->s = e->s;
	tmp->len = e->len;
	tmp->file = e->file;
	tmp->lineno = e->lineno;
	return tmp;
}

static size_t section_end(const struct gm_db *db, size_t hdr)
{
	size_t k = hdr + 1;

	while (k < db->nr && db->tv[k].type)
		k++;
	return k;
}

static bool is_header(const struct gm_db *db, size_t k)
{
	return !db->tv[k].type && k + 1 < db->nr && db->tv[k + 1].type;
}

/* The first section header at or after k (db->nr when none); its end. */
size_t ck_next_section(const struct gm_db *db, size_t k, size_t *end)
{
	while (k < db->nr && !is_header(db, k))
		k++;
	*end = k < db->nr ? section_end(db, k) : k;
	return k;
}

int ck_header_width(const struct gm_entry *e)
{
	return e->len > 200 ? 200 : (int)e->len;
}

/*
 * Findings diag_add() had no memory for: counted but not recorded, or
 * recorded without their message, or (need_file: the findings of a
 * MAINTAINERS file, which all have one) without their file.
 */
size_t ck_diags_lost(const struct diags *d, bool need_file)
{
	size_t i, n = 0;

	for (i = 0; i <= SEV_FATAL; i++)
		n += d->count[i];
	n -= d->nr;
	for (i = 0; i < d->nr; i++)
		n += !d->v[i].msg || (need_file && !d->v[i].file);
	return n;
}
