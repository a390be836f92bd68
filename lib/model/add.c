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

int mnt_add_entry(const struct maintainers *m, const char *header,
		  char *const *fields, size_t n, bool inherit,
		  struct strbuf *out, struct add_result *res, struct diags *d)
{
	const struct mnt_file *f = &m->files[0];
	const char *fname = f->name;
	struct arena a = ARENA_INIT;
	struct mnt_text *v = NULL;
	const struct mnt_section *before = NULL;
	size_t i, nv = 0, hlen, off, start = out->len;
	unsigned long lines_before = 1;
	int ret = -1;

	memset(res, 0, sizeof(*res));
	while (*header && mnt_isspace((unsigned char)*header))
		header++;
	hlen = strlen(header);
	while (hlen && mnt_isspace((unsigned char)header[hlen - 1]))
		hlen--;
	if (!hlen || memchr(header, '\n', hlen) ||
	    (header[0] >= 'A' && header[0] <= 'Z' && header[1] == ':')) {
		diag_add(d, D_BAD_ENTRY, NULL, 0,
			 "the header '%.*s' is empty or looks like a field",
			 (int)hlen, header);
		return -1;
	}
	if (mnt_find(m, header, hlen)) {
		const struct mnt_section *s = mnt_find(m, header, hlen);

		diag_add(d, D_DUP_HEADER, fname, s->lineno,
			 "section '%.*s' exists already", (int)hlen, header);
		return -1;
	}
	if (!n) {
		diag_add(d, D_BAD_ENTRY, NULL, 0,
			 "an entry needs at least one field line");
		return -1;
	}
	v = calloc(n, sizeof(*v));
	if (!v)
		goto nomem;
	for (i = 0; i < n; i++) {
		if (!field_text(&a, fields[i], &v[nv])) {
			diag_add(d, D_BAD_ENTRY, NULL, 0,
				 "'%s' is not a field line (\"X: value\")",
				 fields[i]);
			goto out;
		}
		nv++;
	}
	if (inherit) {
		res->parent = find_parent(m, v, nv);
		if (res->parent) {
			const struct mnt_line *l =
				mnt_section_lines(m, res->parent);
			size_t k, orig = nv;
			struct mnt_text *nw =
				realloc(v, (nv + res->parent->nr) * sizeof(*v));

			if (!nw)
				goto nomem;
			v = nw;
			for (k = 0; k < res->parent->nr; k++) {
				char t = l[k].type;

				if ((t == 'L' || t == 'T' || t == 'S') &&
				    !has_type(v, orig, t)) {
					v[nv].s = l[k].s;
					v[nv].len = l[k].len;
					nv++;
					res->inherited++;
				}
			}
		}
	}
	if (mnt_order_texts(v, nv, MNT_ORDER_DEFAULT))
		goto nomem;
	/*
	 * Where the fewest sections are out of order around it: the first
	 * k with the least #{before k: sorting after} + #{from k: before}
	 * (in a sorted file, before the first section sorting after it).
	 */
	{
		size_t k, cost = 0, best = (size_t)-1;
		int c;

		for (i = 1; i < m->nr_sections; i++)
			if (mnt_header_cmp(header, hlen, m->sections[i].header,
					   m->sections[i].header_len) > 0)
				cost++;
		for (k = 1; k <= m->nr_sections; k++) {
			if (cost < best) {
				best = cost;
				before = k < m->nr_sections ? &m->sections[k] :
							      NULL;
			}
			if (k == m->nr_sections)
				break;
			c = mnt_header_cmp(header, hlen, m->sections[k].header,
					   m->sections[k].header_len);
			if (c > 0)
				cost--;
			else
				cost++;
		}
	}
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
	if (strbuf_failed(out))
		goto nomem;
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	free(v);
	arena_release(&a);
	return ret;
}
