// SPDX-License-Identifier: GPL-2.0
/*
 * maint split --carry: a pre-split change to MAINTAINERS carried onto the
 * split directory, each section's change to the file that now holds it.
 * See split.h.
 */
#include "split.h"
#include "model/model.h"

#include <stdlib.h>
#include <string.h>

#define CARRY_FUZZ 3

struct lines {
	const char **s;
	size_t *len, nr;
};

static void lines_release(struct lines *l)
{
	free(l->s);
	free(l->len);
	l->s = NULL;
	l->len = NULL;
	l->nr = 0;
}

/* The lines of text (each with its newline, the last maybe without). */
static int split_text(const char *t, size_t n, struct lines *l)
{
	size_t i, k = 0, count = 0;

	for (i = 0; i < n; i++)
		if (t[i] == '\n')
			count++;
	count++;
	l->s = malloc(count * sizeof(*l->s));
	l->len = malloc(count * sizeof(*l->len));
	l->nr = 0;
	if (!l->s || !l->len)
		return -1;
	for (i = 0; i < n; i = k) {
		const char *nl = memchr(t + i, '\n', n - i);

		k = nl ? (size_t)(nl - t) + 1 : n;
		l->s[l->nr] = t + i;
		l->len[l->nr++] = k - i;
	}
	return 0;
}

static void trim(const char **s, size_t *len)
{
	while (*len && mnt_isspace((unsigned char)**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && mnt_isspace((unsigned char)(*s)[*len - 1]))
		(*len)--;
}

static bool is_field(const char *s, size_t len)
{
	return len >= 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == ':';
}

/* Two lines as MAINTAINERS reads them: a field by letter and value. */
static bool line_eq(const char *a, size_t alen, const char *b, size_t blen)
{
	if (is_field(a, alen) && is_field(b, blen)) {
		if (a[0] != b[0])
			return false;
		a += 2;
		b += 2;
		alen -= 2;
		blen -= 2;
	}
	trim(&a, &alen);
	trim(&b, &blen);
	return alen == blen && !memcmp(a, b, alen);
}

/* The old (' ', '-') or new (' ', '+') side of a hunk, as patch lines. */
static int hunk_side(const struct patch_file *f, const struct patch_hunk *h,
		     char skip, const struct patch_line ***v, size_t *n)
{
	size_t i;

	*n = 0;
	*v = malloc((h->nr ? h->nr : 1) * sizeof(**v));
	if (!*v)
		return -1;
	for (i = 0; i < h->nr; i++)
		if (f->lines[h->first + i].op != skip)
			(*v)[(*n)++] = &f->lines[h->first + i];
	return 0;
}

static bool block_at(const struct lines *j, size_t at,
		     const struct patch_file *f, const struct patch_line **old,
		     size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!line_eq(j->s[at + i], j->len[at + i],
			     f->buf.buf + old[i]->off, old[i]->len))
			return false;
	return true;
}

/*
 * Apply one hunk to text, found by its old lines from line *from on
 * (then from the top), with up to CARRY_FUZZ context lines dropped at
 * either end.  0 (*from: after the new lines), 1 when it does not fit,
 * -1 out of memory.
 */
static int apply_hunk(struct strbuf *text, const struct patch_file *f,
		      const struct patch_hunk *h, size_t *from)
{
	const struct patch_line **old = NULL, **new = NULL;
	struct lines j = { 0 };
	struct strbuf out = STRBUF_INIT;
	size_t nold, nnew, lead = 0, trail = 0, fuzz, i, at;
	int ret = -1;

	if (hunk_side(f, h, '+', &old, &nold) ||
	    hunk_side(f, h, '-', &new, &nnew) ||
	    split_text(text->buf, text->len, &j))
		goto out;
	while (lead < nold && old[lead]->op == ' ')
		lead++;
	while (trail < nold - lead && old[nold - 1 - trail]->op == ' ')
		trail++;
	ret = 1;
	for (fuzz = 0; fuzz <= CARRY_FUZZ && ret == 1; fuzz++) {
		size_t lo = fuzz < lead ? fuzz : lead;
		size_t hi = fuzz < trail ? fuzz : trail;
		size_t nb = nold - lo - hi, pass;

		if (!nb || nb > j.nr)
			continue;
		for (pass = 0; pass < 2 && ret == 1; pass++) {
			size_t start = pass ? 0 : *from;

			for (at = start; at + nb <= j.nr; at++) {
				if (!block_at(&j, at, f, old + lo, nb))
					continue;
				for (i = 0; i < at; i++)
					strbuf_add(&out, j.s[i], j.len[i]);
				for (i = lo; i < nnew - hi; i++) {
					const char *s =
						f->buf.buf + new[i]->off;
					size_t len = new[i]->len;

					strbuf_add(&out, s, len);
					if (!len || s[len - 1] != '\n')
						strbuf_addch(&out, '\n');
				}
				for (i = at + nb; i < j.nr; i++)
					strbuf_add(&out, j.s[i], j.len[i]);
				*from = at + (nnew - lo - hi);
				ret = 0;
				break;
			}
		}
	}
	if (!ret) {
		if (strbuf_failed(&out)) {
			ret = -1;
			goto out;
		}
		strbuf_release(text);
		*text = out;
		strbuf_init(&out);
	}
out:
	free(old);
	free(new);
	lines_release(&j);
	strbuf_release(&out);
	return ret;
}

/* The file of m named DIR/name, or -1. */
static long file_named(const struct maintainers *m, const char *dir,
		       const char *name)
{
	struct strbuf p = STRBUF_INIT;
	size_t f;
	long ret = -1;

	strbuf_addf(&p, "%s/%s", dir, name);
	for (f = 0; f < m->nr_files && ret < 0; f++)
		if (!strcmp(m->files[f].name, p.buf))
			ret = (long)f;
	strbuf_release(&p);
	return ret;
}

/* Carry the hunks of the patch's MAINTAINERS onto text.  0 or -1. */
static int carry_hunks(const struct patch *p, const char *name,
		       struct strbuf *text, struct carry *out, struct diags *d)
{
	size_t i, h;
	int ret = 0;

	for (i = 0; i < p->nr; i++) {
		const struct patch_file *f = &p->files[i];
		const char *path = patch_path(f, -1);
		size_t from = 0;

		/* MAINTAINERS, or (a section moved since) one of its files */
		if (!path || (strcmp(path, "MAINTAINERS") &&
			      strncmp(path, "MAINTAINERS/", 12))) {
			diag_add(d, D_CARRIED, name, f->lineno,
				 "%s: not MAINTAINERS, left alone (git apply "
				 "--exclude=MAINTAINERS applies the rest)",
				 path ? path : "(no name)");
			continue;
		}
		if (f->is_binary || f->is_deleted || f->is_new) {
			diag_add(d, D_NOT_CARRIED, name, f->lineno,
				 "%s: a %s file cannot be carried", path,
				 f->is_binary ? "binary" :
				 f->is_new    ? "new" :
						"deleted");
			ret = -1;
			continue;
		}
		for (h = 0; h < f->nr_hunks; h++) {
			int r = apply_hunk(text, f, &f->hunks[h], &from);

			if (r < 0) {
				diag_add(d, D_NOMEM, NULL, 0, "out of memory");
				return -1;
			}
			if (r) {
				diag_add(d, D_NOT_CARRIED, name, f->lineno,
					 "%s hunk @@ -%lu,%lu +%lu,%lu "
					 "@@ does not apply to the split "
					 "tree (its lines are not there)",
					 path, f->hunks[h].old_start,
					 f->hunks[h].old_count,
					 f->hunks[h].new_start,
					 f->hunks[h].new_count);
				ret = -1;
				continue;
			}
			out->hunks++;
		}
	}
	return ret;
}

static int add_file(struct carry *c, const char *path, struct strbuf *text)
{
	struct carry_file *cf;

	if (!ALLOC_GROW(c->v, c->nr + 1, c->alloc))
		return -1;
	cf = &c->v[c->nr];
	cf->path = strdup(path);
	if (!cf->path)
		return -1;
	cf->text = *text;
	strbuf_init(text);
	c->nr++;
	return 0;
}

/* Where each section of m2 goes (index into m's files), and who changed. */
static int assign(const struct maintainers *m, const char *dir,
		  const struct maintainers *m2, const struct carry_plan *cp,
		  size_t *to, bool *dirty, const char *name, struct diags *d)
{
	struct split_plan plan = { 0 };
	bool planned = false;
	long rest = file_named(m, dir, SPLIT_REST);
	size_t k;
	int ret = -1;

	for (k = 1; k < m2->nr_sections; k++) {
		const struct mnt_section *s2 = &m2->sections[k];
		const struct mnt_section *s1 =
			mnt_find(m, s2->header, s2->header_len);
		long f;

		if (s1) {
			to[k] = s1->file;
			if (!mnt_section_equal(m, s1, m2, s2)) {
				dirty[s1->file] = true;
				diag_add(d, D_CARRIED, name, 0,
					 "section '%.*s': changed in %s",
					 (int)s2->header_len, s2->header,
					 m->files[s1->file].name);
			}
			continue;
		}
		if (!planned) {
			if (split_plan(m2, cp->how, cp->min, cp->rules,
				       cp->rules_len, cp->rules_name, &plan, d))
				goto out;
			planned = true;
		}
		f = file_named(m, dir, plan.names[plan.file_of[k]]);
		if (f < 0)
			f = rest;
		if (f < 0) {
			diag_add(d, D_NOT_CARRIED, name, 0,
				 "new section '%.*s': no file %s/%s nor %s/%s "
				 "to take it",
				 (int)s2->header_len, s2->header, dir,
				 plan.names[plan.file_of[k]], dir, SPLIT_REST);
			goto out;
		}
		to[k] = (size_t)f;
		dirty[f] = true;
		diag_add(d, D_CARRIED, name, 0, "new section '%.*s': to %s",
			 (int)s2->header_len, s2->header, m->files[f].name);
	}
	for (k = 1; k < m->nr_sections; k++) {
		const struct mnt_section *s1 = &m->sections[k];

		if (mnt_find(m2, s1->header, s1->header_len))
			continue;
		dirty[s1->file] = true;
		diag_add(d, D_CARRIED, name, 0,
			 "section '%.*s': removed from %s", (int)s1->header_len,
			 s1->header, m->files[s1->file].name);
	}
	ret = 0;
out:
	if (planned)
		split_plan_release(&plan);
	return ret;
}

int split_carry(const struct maintainers *m, const char *dir,
		const struct patch *p, const char *name,
		const struct carry_plan *cp, struct carry *out, struct diags *d)
{
	struct maintainers m2;
	struct strbuf text = STRBUF_INIT, one = STRBUF_INIT;
	size_t *idx = NULL, *to = NULL, n, f, k, holder = 0, holders = 0;
	bool *dirty = NULL, pre_changed;
	char *data;
	int ret = -1;

	mnt_init(&m2);
	idx = malloc((m->nr_sections + 1) * sizeof(*idx));
	if (!idx)
		goto nomem;
	for (k = 0; k < m->nr_sections; k++)
		idx[k] = k;
	if (mnt_sort_sections(m, idx, m->nr_sections) ||
	    mnt_render(m, idx, m->nr_sections, NULL, &text))
		goto nomem;
	free(idx);
	idx = NULL;
	if (carry_hunks(p, name, &text, out, d))
		goto out;
	data = malloc(text.len + 1);
	if (!data)
		goto nomem;
	memcpy(data, text.buf, text.len);
	if (mnt_parse(&m2, "MAINTAINERS (carried)", data, text.len, d))
		goto out;
	to = calloc(m2.nr_sections + 1, sizeof(*to));
	dirty = calloc(m->nr_files + 1, sizeof(*dirty));
	idx = malloc((m2.nr_sections + 1) * sizeof(*idx));
	if (!to || !dirty || !idx)
		goto nomem;
	if (assign(m, dir, &m2, cp, to, dirty, name, d))
		goto out;
	pre_changed = m->preamble.len != m2.preamble.len ||
		      memcmp(m->preamble.buf, m2.preamble.buf, m->preamble.len);
	for (f = 0; f < m->nr_files; f++)
		if (m->files[f].preamble_end > m->files[f].preamble_start) {
			holder = f;
			holders++;
		}
	if (pre_changed) {
		if (holders > 1) {
			diag_add(d, D_NOT_CARRIED, name, 0,
				 "the preamble changes, and %zu files of %s "
				 "hold a part of it",
				 holders, dir);
			goto out;
		}
		dirty[holder] = true;
		diag_add(d, D_CARRIED, name, 0, "the preamble: changed in %s",
			 m->files[holder].name);
	}
	for (f = 0; f < m->nr_files; f++) {
		const struct mnt_file *mf = &m->files[f];

		if (!dirty[f])
			continue;
		strbuf_reset(&one);
		if (pre_changed && f == holder)
			strbuf_addbuf(&one, &m2.preamble);
		else
			strbuf_add(&one, m->preamble.buf + mf->preamble_start,
				   mf->preamble_end - mf->preamble_start);
		for (k = 1, n = 0; k < m2.nr_sections; k++)
			if (to[k] == f)
				idx[n++] = k;
		if (mnt_sort_sections(&m2, idx, n) ||
		    mnt_render(&m2, idx, n, NULL, &one) || strbuf_failed(&one))
			goto nomem;
		if (!n && !one.len)
			diag_add(d, D_CARRIED, name, 0,
				 "%s now holds nothing (git rm it)", mf->name);
		if (add_file(out, mf->name, &one))
			goto nomem;
	}
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	if (ret)
		split_carry_release(out);
	free(idx);
	free(to);
	free(dirty);
	mnt_release(&m2);
	strbuf_release(&text);
	strbuf_release(&one);
	return ret;
}

void split_carry_release(struct carry *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		free(c->v[i].path);
		strbuf_release(&c->v[i].text);
	}
	free(c->v);
	c->v = NULL;
	c->nr = c->alloc = 0;
}
