// SPDX-License-Identifier: GPL-2.0
/*
 * add: insert a new entry in sorted order.  See add.h.
 */
#include "add.h"
#include "format.h"

#include <stdlib.h>
#include <string.h>

static bool is_catchall(const char *v, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (v[i] != '*' && v[i] != '/' && v[i] != '.')
			return false;
	return true;
}

/* The F: directory of s that holds path, the longest; its length or 0. */
static size_t covering_dir(const struct maintainers *m,
			   const struct mnt_section *s, const char *path,
			   size_t plen)
{
	const struct mnt_line *l = mnt_section_lines(m, s);
	size_t i, best = 0, len;
	const char *v;

	for (i = 0; i < s->nr; i++) {
		if (l[i].type != 'F')
			continue;
		v = mnt_line_value(&l[i], &len);
		if (!len || v[len - 1] != '/' || is_catchall(v, len) ||
		    memchr(v, '*', len) || memchr(v, '?', len) ||
		    memchr(v, '[', len))
			continue;
		if (len <= plen && !memcmp(v, path, len) && len > best)
			best = len;
	}
	return best;
}

static const struct mnt_section *find_parent(const struct maintainers *m,
					     const struct mnt_text *f, size_t n)
{
	const struct mnt_section *best = NULL;
	size_t i, k, len, best_len = 0;

	for (k = 0; k < n; k++) {
		if (f[k].s[0] != 'F')
			continue;
		for (i = 1; i < m->nr_sections; i++) {
			len = covering_dir(m, &m->sections[i], f[k].s + 3,
					   f[k].len - 3);
			if (len > best_len) {
				best_len = len;
				best = &m->sections[i];
			}
		}
	}
	return best;
}

/* "X: value" as "X:\tvalue" in the arena; false when it is no field. */
static bool field_text(struct arena *a, const char *in, struct mnt_text *t)
{
	size_t len = strlen(in), start = 2;
	char *s;

	while (len && mnt_isspace((unsigned char)in[len - 1]))
		len--;
	if (len < 3 || in[0] < 'A' || in[0] > 'Z' || in[1] != ':' ||
	    memchr(in, '\n', len))
		return false;
	while (start < len && mnt_isspace((unsigned char)in[start]))
		start++;
	if (start == len)
		return false;
	s = arena_alloc(a, len - start + 4);
	if (!s)
		return false;
	s[0] = in[0];
	s[1] = ':';
	s[2] = '\t';
	memcpy(s + 3, in + start, len - start);
	s[len - start + 3] = '\0';
	t->s = s;
	t->len = len - start + 3;
	return true;
}

static bool has_type(const struct mnt_text *v, size_t n, char type)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].s[0] == type)
			return true;
	return false;
}

/* Byte offset of line lineno (1-based) of the file's data. */
static size_t line_offset(const struct mnt_file *f, unsigned long lineno)
{
	size_t off = 0;
	unsigned long n = 1;
	const char *nl;

	while (n < lineno && off < f->len) {
		nl = memchr(f->data + off, '\n', f->len - off);
		if (!nl)
			return f->len;
		off = (size_t)(nl - f->data) + 1;
		n++;
	}
	return off;
}

/*
 * The header trimmed (*hlen), refused when empty, several lines, a field
 * or a section that exists.  0, or -1 with a diag.
 */
static int check_header(const struct maintainers *m, const char **header,
			size_t *hlen, struct diags *d)
{
	const char *h = *header;
	const struct mnt_section *s;
	size_t len;

	while (*h && mnt_isspace((unsigned char)*h))
		h++;
	len = strlen(h);
	while (len && mnt_isspace((unsigned char)h[len - 1]))
		len--;
	*header = h;
	*hlen = len;
	if (!len || memchr(h, '\n', len) ||
	    (h[0] >= 'A' && h[0] <= 'Z' && h[1] == ':')) {
		diag_add(d, D_BAD_ENTRY, NULL, 0,
			 "the header '%.*s' is empty or looks like a field",
			 (int)len, h);
		return -1;
	}
	s = mnt_find(m, h, len);
	if (s) {
		diag_add(d, D_DUP_HEADER, m->files[0].name, s->lineno,
			 "section '%.*s' exists already", (int)len, h);
		return -1;
	}
	return 0;
}

/* The field lines given, as texts in *v.  0, or -1 with a diag. */
static int read_fields(struct arena *a, char *const *fields, size_t n,
		       struct mnt_text **v, struct diags *d)
{
	size_t i;

	if (!n) {
		diag_add(d, D_BAD_ENTRY, NULL, 0,
			 "an entry needs at least one field line");
		return -1;
	}
	*v = calloc(n, sizeof(**v));
	if (!*v) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (!field_text(a, fields[i], &(*v)[i])) {
			diag_add(d, D_BAD_ENTRY, NULL, 0,
				 "'%s' is not a field line (\"X: value\")",
				 fields[i]);
			return -1;
		}
	}
	return 0;
}

/*
 * Add the parent's L:, T: and S: lines of the types v[0..*nv) lacks.
 * 0, or -1 when out of memory.
 */
static int inherit_fields(const struct maintainers *m, struct mnt_text **v,
			  size_t *nv, struct add_result *res)
{
	const struct mnt_line *l;
	size_t k, orig = *nv;
	struct mnt_text *nw;

	res->parent = find_parent(m, *v, *nv);
	if (!res->parent)
		return 0;
	l = mnt_section_lines(m, res->parent);
	nw = realloc(*v, (*nv + res->parent->nr) * sizeof(*nw));
	if (!nw)
		return -1;
	*v = nw;
	for (k = 0; k < res->parent->nr; k++) {
		char t = l[k].type;

		if ((t == 'L' || t == 'T' || t == 'S') &&
		    !has_type(nw, orig, t)) {
			nw[*nv].s = l[k].s;
			nw[*nv].len = l[k].len;
			(*nv)++;
			res->inherited++;
		}
	}
	return 0;
}

/*
 * Where the fewest sections are out of order around the new one: the
 * first k with the least #{before k: sorting after} + #{from k: before}
 * (in a sorted file, before the first section sorting after it).  The
 * section to insert before, or NULL for the end.
 */
static const struct mnt_section *best_position(const struct maintainers *m,
					       const char *header, size_t hlen)
{
	const struct mnt_section *before = NULL;
	size_t i, k, cost = 0, best = (size_t)-1;

	for (i = 1; i < m->nr_sections; i++)
		if (mnt_header_cmp(header, hlen, m->sections[i].header,
				   m->sections[i].header_len) > 0)
			cost++;
	for (k = 1; k <= m->nr_sections; k++) {
		if (cost < best) {
			best = cost;
			before = k < m->nr_sections ? &m->sections[k] : NULL;
		}
		if (k == m->nr_sections)
			break;
		if (mnt_header_cmp(header, hlen, m->sections[k].header,
				   m->sections[k].header_len) > 0)
			cost--;
		else
			cost++;
	}
	return before;
}

/*
 * The file with the entry (header, then v[0..nv)) inserted before
 * section before (NULL: at the end), appended to out; res->lineno is
 * the header's line.  0, or -1 when out of memory.
 */
static int write_entry(const struct mnt_file *f,
		       const struct mnt_section *before, const char *header,
		       size_t hlen, const struct mnt_text *v, size_t nv,
		       struct strbuf *out, struct add_result *res)
{
	size_t i, off, start = out->len;
	unsigned long lines_before = 1;

	off = before ? line_offset(f, before->lineno) : f->len;
	strbuf_add(out, f->data, off);
	if (!before && off && f->data[off - 1] != '\n')
		strbuf_addch(out, '\n');
	if (!before && off &&
	    !(off >= 2 && f->data[off - 1] == '\n' && f->data[off - 2] == '\n'))
		strbuf_addch(out, '\n');
	for (i = start; i < out->len; i++)
		if (out->buf[i] == '\n')
			lines_before++;
	res->lineno = lines_before;
	strbuf_add(out, header, hlen);
	strbuf_addch(out, '\n');
	for (i = 0; i < nv; i++) {
		strbuf_add(out, v[i].s, v[i].len);
		strbuf_addch(out, '\n');
	}
	if (before)
		strbuf_addch(out, '\n');
	strbuf_add(out, f->data + off, f->len - off);
	return strbuf_failed(out) ? -1 : 0;
}

int mnt_add_entry(const struct maintainers *m, const char *header,
		  char *const *fields, size_t n, bool inherit,
		  struct strbuf *out, struct add_result *res, struct diags *d)
{
	struct arena a = ARENA_INIT;
	struct mnt_text *v = NULL;
	size_t hlen;
	int ret = -1;

	memset(res, 0, sizeof(*res));
	if (check_header(m, &header, &hlen, d) ||
	    read_fields(&a, fields, n, &v, d))
		goto out;
	if ((inherit && inherit_fields(m, &v, &n, res)) ||
	    mnt_order_texts(v, n, MNT_ORDER_DEFAULT) ||
	    write_entry(&m->files[0], best_position(m, header, hlen), header,
			hlen, v, n, out, res)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	ret = 0;
out:
	free(v);
	arena_release(&a);
	return ret;
}
