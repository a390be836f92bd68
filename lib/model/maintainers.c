// SPDX-License-Identifier: GPL-2.0
#include "maintainers.h"
#include "base/base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void mnt_init(struct maintainers *m)
{
	memset(m, 0, sizeof(*m));
	strbuf_init(&m->preamble);
}

void mnt_release(struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr_files; i++) {
		free(m->files[i].name);
		unmap_file(m->files[i].data, m->files[i].len,
			   m->files[i].mapped);
	}
	free(m->files);
	free(m->sections);
	free(m->lines);
	free(m->hash);
	strbuf_release(&m->preamble);
	arena_release(&m->arena);
	mnt_init(m);
}

static uint32_t *hash_slot(const struct maintainers *m, const char *s,
			   size_t len)
{
	size_t mask = m->hash_size - 1;
	size_t i = hash_bytes(s, len) & mask;

	for (;; i = (i + 1) & mask) {
		uint32_t v = m->hash[i];
		const struct mnt_section *sec;

		if (!v)
			return &m->hash[i];
		sec = &m->sections[v - 1];
		if (sec->header_len == len && !memcmp(sec->header, s, len))
			return &m->hash[i];
	}
}

static int hash_grow(struct maintainers *m)
{
	size_t n = m->hash_size ? m->hash_size * 2 : 1024, i;
	uint32_t *old = m->hash;
	size_t old_size = m->hash_size;

	m->hash = calloc(n, sizeof(*m->hash));
	if (!m->hash) {
		m->hash = old;
		return -1;
	}
	m->hash_size = n;
	for (i = 0; i < old_size; i++) {
		const struct mnt_section *sec;

		if (!old[i])
			continue;
		sec = &m->sections[old[i] - 1];
		*hash_slot(m, sec->header, sec->header_len) = old[i];
	}
	free(old);
	return 0;
}

struct mnt_section *mnt_find(const struct maintainers *m, const char *header,
			     size_t len)
{
	uint32_t v;

	if (!m->hash_size)
		return NULL;
	v = *hash_slot(m, header, len);
	return v ? &m->sections[v - 1] : NULL;
}

static void trim(const char **s, size_t *len)
{
	const char *p = *s;
	size_t n = *len;

	while (n && mnt_isspace((unsigned char)*p)) {
		p++;
		n--;
	}
	while (n && mnt_isspace((unsigned char)p[n - 1]))
		n--;
	*s = p;
	*len = n;
}

/* A line as read: start, length including the '\n' if there is one. */
struct rawline {
	const char *s;
	size_t len;
	unsigned long lineno;
};

static bool is_field_line(const struct rawline *l)
{
	return l->len >= 2 && l->s[0] >= 'A' && l->s[0] <= 'Z' &&
	       l->s[1] == ':';
}

static int add_file(struct maintainers *m, const char *name, char *data,
		    size_t len, bool mapped)
{
	struct mnt_file *f;

	if (!ALLOC_GROW(m->files, m->nr_files + 1, m->alloc_files)) {
		unmap_file(data, len, mapped);
		return -1;
	}
	f = &m->files[m->nr_files];
	f->name = strdup(name);
	if (!f->name) {
		unmap_file(data, len, mapped);
		return -1;
	}
	f->data = data;
	f->len = len;
	f->mapped = mapped;
	f->preamble_start = f->preamble_end = 0;
	m->nr_files++;
	return 0;
}

static struct mnt_section *new_section(struct maintainers *m)
{
	struct mnt_section *s;

	if (!ALLOC_GROW(m->sections, m->nr_sections + 1, m->alloc_sections))
		return NULL;
	s = &m->sections[m->nr_sections++];
	memset(s, 0, sizeof(*s));
	s->first = m->nr_lines;
	s->tail = "";
	return s;
}

static int ensure_preamble(struct maintainers *m)
{
	struct mnt_section *s;

	if (m->nr_sections)
		return 0;
	s = new_section(m);
	if (!s)
		return -1;
	s->header = " ";
	s->header_len = 1;
	s->preamble = true;
	return 0;
}

static struct mnt_line *new_line(struct maintainers *m, unsigned file,
				 unsigned long lineno)
{
	struct mnt_line *l;

	if (m->nr_lines >= m->alloc_lines &&
	    !ALLOC_GROW(m->lines, m->nr_lines + 1, m->alloc_lines))
		return NULL;
	l = &m->lines[m->nr_lines++];
	memset(l, 0, sizeof(*l));
	l->file = file;
	l->lineno = lineno;
	return l;
}

/*
 * Add a field line.  A line already in canonical form ("X:\tvalue\n")
 * is used where it stands in the file buffer; others are rebuilt as
 * "X:\tvalue" in the arena.
 */
static int add_field(struct maintainers *m, struct mnt_section *sec,
		     const struct rawline *raw, unsigned file)
{
	const char *v = raw->s + 2;
	size_t vlen = raw->len - 2;
	size_t rawlen = raw->len;
	struct mnt_line *l;
	bool canonical;
	char *p;

	if (rawlen && raw->s[rawlen - 1] == '\n')
		rawlen--;
	trim(&v, &vlen);
	/* an empty value ("X:\t") is canonical too (found by fuzz-format) */
	canonical = rawlen == vlen + 3 && raw->s[2] == '\t' &&
		    (!vlen || v == raw->s + 3) && raw->len == rawlen + 1;
	if (canonical && !sec->preamble) {
		p = (char *)raw->s;
	} else {
		p = arena_alloc(&m->arena, vlen + 4);
		if (!p)
			return -1;
		p[0] = raw->s[0];
		p[1] = ':';
		p[2] = '\t';
		memcpy(p + 3, v, vlen);
		p[vlen + 3] = '\0';
	}
	if (sec->preamble) {
		strbuf_add(&m->preamble, p, vlen + 3);
		strbuf_addch(&m->preamble, '\n');
		return strbuf_failed(&m->preamble) ? -1 : 0;
	}
	l = new_line(m, file, raw->lineno);
	if (!l)
		return -1;
	l->s = p;
	l->len = vlen + 3;
	l->type = raw->s[0];
	l->canonical = canonical;
	sec->nr++;
	return 0;
}

static void quoted(struct strbuf *sb, const char *s, size_t len)
{
	strbuf_add_quoted(sb, s, len);
}

static int parse_error(struct diags *d, enum diag_id id, const char *file,
		       unsigned long line, struct strbuf *msg)
{
	diag_add(d, id, file, line, "%s",
		 strbuf_failed(msg) ? "(out of memory)" : msg->buf);
	strbuf_release(msg);
	return -1;
}

/* Finish a section at end of file: Perl appends the pending line. */
static int set_tail(struct maintainers *m, struct mnt_section *cur,
		    const struct rawline *last, unsigned file)
{
	struct mnt_line *l;
	size_t n;

	if (!last->len)
		return 0;
	if (cur->preamble) {
		strbuf_add(&m->preamble, last->s, last->len);
		return strbuf_failed(&m->preamble) ? -1 : 0;
	}
	cur->tail = last->s;
	cur->tail_len = last->len;
	cur->tail_lineno = last->lineno;
	/* split('\n', ...) drops the trailing empty field */
	n = last->len;
	if (last->s[n - 1] == '\n')
		n--;
	if (!n)
		return 0;
	l = new_line(m, file, last->lineno);
	if (!l)
		return -1;
	l->s = last->s;
	l->len = n;
	l->type = 0;
	cur->nr++;
	return 0;
}

int mnt_parse(struct maintainers *m, const char *name, char *data, size_t len,
	      struct diags *d)
{
	return mnt_parse_mapped(m, name, data, len, false, d);
}

/* One file being parsed: where it is, and the line held back. */
struct parse_state {
	struct maintainers *m;
	unsigned file;
	const char *fname;
	size_t cur; /* the section lines go to */
	struct rawline last; /* a possible header, not yet placed */
	struct diags *d;
};

static int parse_nomem(struct parse_state *ps)
{
	diag_add(ps->d, D_NOMEM, ps->fname, 0, "out of memory");
	return -1;
}

/* Reserve for a typical file (about 30 bytes a line) at once. */
static int reserve(struct maintainers *m, size_t len)
{
	if (!ALLOC_GROW(m->lines, m->nr_lines + len / 32 + 16,
			m->alloc_lines) ||
	    !ALLOC_GROW(m->sections, m->nr_sections + len / 256 + 16,
			m->alloc_sections))
		return -1;
	while (m->hash_size / 2 < m->nr_sections + len / 256 + 16)
		if (hash_grow(m))
			return -1;
	return 0;
}

static int duplicate_header(struct parse_state *ps, const char *h, size_t hlen,
			    const struct mnt_section *old)
{
	struct strbuf msg = STRBUF_INIT;

	strbuf_addstr(&msg, "duplicate section header '");
	quoted(&msg, h, hlen);
	strbuf_addch(&msg, '\'');
	if (old->file == ps->file)
		strbuf_addf(&msg, " (first at line %lu)", old->lineno);
	else
		strbuf_addf(&msg, " (first at %s:%lu)",
			    ps->m->files[old->file].name, old->lineno);
	return parse_error(ps->d, D_DUP_HEADER, ps->fname, ps->last.lineno,
			   &msg);
}

/*
 * A field line after the held-back line: that line is the header of a
 * new section, the field its first line.  0, or -1 with a diag.
 */
static int start_section(struct parse_state *ps, const struct rawline *line)
{
	struct maintainers *m = ps->m;
	const char *h = ps->last.s;
	size_t hlen = ps->last.len;
	struct mnt_section *sec;
	uint32_t *slot;

	trim(&h, &hlen);
	if (m->nr_sections + 1 > m->hash_size / 2 && hash_grow(m))
		return parse_nomem(ps);
	slot = hash_slot(m, h, hlen);
	if (*slot)
		return duplicate_header(ps, h, hlen, &m->sections[*slot - 1]);
	sec = new_section(m);
	if (!sec)
		return parse_nomem(ps);
	sec->header = h;
	sec->header_len = hlen;
	sec->file = ps->file;
	sec->lineno = ps->last.lineno;
	ps->cur = m->nr_sections - 1;
	*slot = (uint32_t)m->nr_sections;
	ps->last.len = 0;
	ps->last.s = "";
	if (add_field(m, sec, line, ps->file))
		return parse_nomem(ps);
	return 0;
}

/* The held-back line is neither blank nor a header: an error. */
static int odd_line(struct parse_state *ps, const char *h, size_t hlen)
{
	const struct mnt_section *sec = &ps->m->sections[ps->cur];
	struct strbuf msg = STRBUF_INIT;

	strbuf_addstr(&msg, "odd non-pattern line '");
	quoted(&msg, h, hlen);
	strbuf_addstr(&msg, "' in section '");
	quoted(&msg, sec->header, sec->header_len);
	strbuf_addstr(&msg, mnt_is_conflict_marker(h, hlen) ?
				    "' (a leftover merge conflict marker)" :
				    "' (not a field 'X:<TAB>value', nor a "
				    "header followed by one)");
	return parse_error(ps->d, D_ODD_LINE, ps->fname, ps->last.lineno, &msg);
}

/*
 * A line that is not a field: held back (it may be the next header),
 * after the one held before it went to the preamble, or was blank.
 * 0, or -1 with a diag.
 */
static int hold_line(struct parse_state *ps, const struct rawline *line)
{
	struct maintainers *m = ps->m;
	const char *h;
	size_t hlen;

	if (m->sections[ps->cur].preamble) {
		strbuf_add(&m->preamble, ps->last.s, ps->last.len);
		if (strbuf_failed(&m->preamble))
			return parse_nomem(ps);
		ps->last = *line;
		return 0;
	}
	h = ps->last.s;
	hlen = ps->last.len;
	trim(&h, &hlen);
	if (hlen)
		return odd_line(ps, h, hlen);
	ps->last = *line;
	return 0;
}

int mnt_parse_mapped(struct maintainers *m, const char *name, char *data,
		     size_t len, bool mapped, struct diags *d)
{
	struct parse_state ps = { m, 0, name, 0, { "", 0, 0 }, d };
	struct rawline line;
	unsigned long lineno = 0;
	size_t pos = 0;

	if (add_file(m, name, data, len, mapped) || ensure_preamble(m))
		return parse_nomem(&ps);
	ps.file = (unsigned)(m->nr_files - 1);
	ps.fname = m->files[ps.file].name;
	m->files[ps.file].preamble_start = m->preamble.len;
	if (reserve(m, len))
		return parse_nomem(&ps);

	while (pos < len) {
		const char *nl = memchr(data + pos, '\n', len - pos);

		line.s = data + pos;
		line.len = nl ? (size_t)(nl - line.s) + 1 : len - pos;
		line.lineno = ++lineno;
		pos += line.len;

		if (!is_field_line(&line)) {
			if (hold_line(&ps, &line))
				return -1;
		} else if (ps.last.len) {
			if (start_section(&ps, &line))
				return -1;
		} else if (add_field(m, &m->sections[ps.cur], &line, ps.file)) {
			return parse_nomem(&ps);
		}
	}
	if (set_tail(m, &m->sections[ps.cur], &ps.last, ps.file))
		return parse_nomem(&ps);
	m->files[ps.file].preamble_end = m->preamble.len;
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int read_one(struct maintainers *m, const char *path, struct diags *d)
{
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	char *data;
	size_t len;
	bool mapped;
	int err = 0;

	if (map_path(path, &data, &len, &mapped, &err)) {
		diag_add_errno(d,
			       err == EISDIR || err == MNT_ENOTREG ?
				       D_NOT_REGULAR :
				       D_OPEN,
			       name, err, "cannot read");
		return -1;
	}
	return mnt_parse_mapped(m, name, data, len, mapped, d);
}

/* A file in a directory must be a regular file, never a link followed. */
static bool not_regular(const char *path, struct diags *d)
{
	int err;

	switch (path_type(path)) {
	case FT_REGULAR:
		return false;
	case FT_SYMLINK:
		err = MNT_ESYMLINK;
		break;
	case FT_DIRECTORY:
		err = EISDIR;
		break;
	case FT_MISSING:
		diag_add_errno(d, D_OPEN, path, errno, "cannot read");
		return true;
	default:
		err = MNT_ENOTREG;
		break;
	}
	diag_add_errno(d, D_NOT_REGULAR, path, err, "not a regular file");
	return true;
}

int mnt_read(struct maintainers *m, const char *path, struct diags *d)
{
	char **names = NULL;
	size_t nr = 0, i;
	int ret = -1, err = 0;

	if (strcmp(path, "-") && is_directory(path)) {
		struct strbuf full = STRBUF_INIT;

		m->is_dir = true;
		if (list_directory(path, &names, &nr, &err)) {
			diag_add_errno(d, D_OPEN, path, err,
				       "cannot read directory");
			goto out;
		}
		if (!nr) {
			diag_add(d, D_NO_FILES, path, 0,
				 "no MAINTAINERS files in directory");
			goto out;
		}
		qsort(names, nr, sizeof(*names), cmp_names);
		for (i = 0; i < nr; i++) {
			strbuf_reset(&full);
			strbuf_addstr(&full, path);
			if (full.len && full.buf[full.len - 1] != '/')
				strbuf_addch(&full, '/');
			strbuf_addstr(&full, names[i]);
			if (strbuf_failed(&full)) {
				diag_add(d, D_NOMEM, path, 0, "out of memory");
				break;
			}
			if (not_regular(full.buf, d))
				break;
			if (read_one(m, full.buf, d))
				break;
		}
		strbuf_release(&full);
		ret = i == nr ? 0 : -1;
		goto out;
	}
	if (read_one(m, path, d))
		goto out;
	ret = 0;
out:
	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	return ret;
}

bool mnt_section_equal(const struct maintainers *a,
		       const struct mnt_section *sa,
		       const struct maintainers *b,
		       const struct mnt_section *sb)
{
	size_t i;

	if (sa->nr != sb->nr)
		return false;
	for (i = 0; i < sa->nr; i++) {
		const struct mnt_line *la = &a->lines[sa->first + i];
		const struct mnt_line *lb = &b->lines[sb->first + i];

		if (la->len != lb->len || memcmp(la->s, lb->s, la->len))
			return false;
	}
	return true;
}

void mnt_section_text(const struct maintainers *m, const struct mnt_section *s,
		      struct strbuf *out)
{
	const struct mnt_line *l = mnt_section_lines(m, s);
	size_t i;

	if (s->preamble) {
		strbuf_add(out, m->preamble.buf, m->preamble.len);
		return;
	}
	for (i = 0; i < s->nr; i++) {
		if (!l[i].type)
			continue;
		strbuf_add(out, l[i].s, l[i].len);
		strbuf_addch(out, '\n');
	}
	strbuf_add(out, s->tail, s->tail_len);
}

static int collect(const char *dir, const char *rel, char ***out, size_t *nr,
		   size_t *alloc, struct diags *d)
{
	char **names = NULL;
	size_t n = 0, i;
	int err = 0, ret = 0;

	if (list_directory(dir, &names, &n, &err)) {
		diag_add_errno(d, D_OPEN, dir, err, "cannot read directory");
		return -1;
	}
	for (i = 0; i < n && !ret; i++) {
		struct strbuf full = STRBUF_INIT, r = STRBUF_INIT;

		strbuf_addf(&full, "%s/%s", dir, names[i]);
		strbuf_addf(&r, "%s%s%s", rel, *rel ? "/" : "", names[i]);
		if (strbuf_failed(&full) || strbuf_failed(&r)) {
			diag_add(d, D_NOMEM, dir, 0, "out of memory");
			ret = -1;
		} else if (path_type(full.buf) == FT_DIRECTORY) {
			/* never a link: the walk stays in the tree */
			ret = collect(full.buf, r.buf, out, nr, alloc, d);
		} else if (not_regular(full.buf, d)) {
			ret = -1;
		} else if (!ALLOC_GROW(*out, *nr + 1, *alloc)) {
			diag_add(d, D_NOMEM, dir, 0, "out of memory");
			ret = -1;
		} else {
			(*out)[(*nr)++] = strbuf_detach(&r, NULL);
		}
		strbuf_release(&full);
		strbuf_release(&r);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

int mnt_read_recursive(struct maintainers *m, const char *dir, struct diags *d)
{
	char **files = NULL;
	size_t nr = 0, alloc = 0, i;
	int ret = -1;

	m->is_dir = true;
	if (collect(dir, "", &files, &nr, &alloc, d))
		goto out;
	if (!nr) {
		diag_add(d, D_NO_FILES, dir, 0,
			 "no MAINTAINERS files in directory");
		goto out;
	}
	qsort(files, nr, sizeof(*files), cmp_names);
	for (i = 0; i < nr; i++) {
		struct strbuf full = STRBUF_INIT;
		int r;

		strbuf_addf(&full, "%s/%s", dir, files[i]);
		r = read_one(m, full.buf, d);
		strbuf_release(&full);
		if (r)
			goto out;
	}
	ret = 0;
out:
	for (i = 0; i < nr; i++)
		free(files[i]);
	free(files);
	return ret;
}

bool mnt_is_conflict_marker(const char *s, size_t len)
{
	size_t n = 0;

	if (!len || !strchr("<|=>", s[0]))
		return false;
	while (n < len && s[n] == s[0])
		n++;
	if (n < 7)
		return false;
	if (s[0] == '=') /* the kernel's title is underlined with '=' */
		return n == 7 && n == len;
	return n == len || s[n] == ' ';
}
