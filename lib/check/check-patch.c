// SPDX-License-Identifier: GPL-2.0
/*
 * check PATCH: the MAINTAINERS files a patch changes, patched in memory
 * (patch.c reads and applies it), and which findings are about what it
 * changed.
 */
#include "check.h"
#include "check-internal.h"
#include "get/get.h"
#include "base/base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool is_maintainers_path(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i + 11 <= len; i++)
		if (!memcmp(p + i, "MAINTAINERS", 11) &&
		    (i == 0 || p[i - 1] == '/') &&
		    (i + 11 == len || p[i + 11] == '/'))
			return true;
	return false;
}

static void split_text(const char *s, size_t len, const char ***v,
		       size_t **lens, size_t *n)
{
	size_t a1 = 0, a2 = 0;
	const char *p = s, *end = s + len;

	*v = NULL;
	*lens = NULL;
	*n = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl + 1 - p) : (size_t)(end - p);

		if (!ALLOC_GROW(*v, *n + 1, a1) ||
		    !ALLOC_GROW(*lens, *n + 1, a2))
			return;
		(*v)[*n] = p;
		(*lens)[(*n)++] = l;
		p += l;
	}
}

static bool field_line(const char *s, size_t len)
{
	return len > 1 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == ':';
}

/*
 * The headers of the sections the patch touches: a non-field line whose
 * field lines, or the line that ends them, are touched.  0 or -1.
 */
static int mark_headers(struct ck_pfile *pf)
{
	const char **v = NULL;
	size_t *lens = NULL, n, l, e, k;

	split_text(pf->text.buf, pf->text.len, &v, &lens, &n);
	pf->header_hit = calloc(pf->nr_lines + 1, sizeof(bool));
	if (!pf->header_hit || (n && (!v || !lens))) {
		free(v);
		free(lens);
		return -1;
	}
	for (l = 1; l <= n; l++) {
		if (field_line(v[l - 1], lens[l - 1]))
			continue;
		for (e = l + 1; e <= n && field_line(v[e - 1], lens[e - 1]);
		     e++)
			;
		for (k = l + 1; k <= e && k < pf->nr_lines; k++)
			if (pf->touched[k]) {
				pf->header_hit[l] = l < pf->nr_lines;
				break;
			}
	}
	free(v);
	free(lens);
	return 0;
}

/* The file at path in git revision rev.  0, or -1 with *err. */
static int read_base(const char *rev, const char *path, struct strbuf *out,
		     int *err)
{
	struct strbuf spec = STRBUF_INIT;
	const char *argv[] = { "git", "cat-file", "blob", NULL, NULL };
	int status = -1, ret;

	strbuf_addf(&spec, "%s:%s", rev, path);
	argv[3] = spec.buf;
	ret = strbuf_failed(&spec) || run_capture(argv, out, &status) ||
			      status ?
		      -1 :
		      0;
	if (ret)
		*err = ENOENT;
	strbuf_release(&spec);
	return ret;
}

/* One MAINTAINERS file of the patch, applied.  0, or -1 (reason in d). */
static int apply_file(struct ck_patch *cp, const char *name,
		      const struct patch_file *f, const char *path,
		      struct diags *d)
{
	struct strbuf old = STRBUF_INIT;
	const char *from = patch_strip(f->old_name, -1);
	struct ck_pfile *pf;
	int err = 0, ret = -1;

	if (!ALLOC_GROW(cp->v, cp->nr + 1, cp->alloc))
		goto nomem;
	pf = &cp->v[cp->nr++];
	memset(pf, 0, sizeof(*pf));
	strbuf_init(&pf->text);
	pf->path = strdup(path);
	if (!pf->path)
		goto nomem;
	if (!f->is_new && from && strcmp(from, path) && is_regular(from))
		path = from; /* renamed: the text is still the old name's */
	if (!f->is_new && (cp->base ? read_base(cp->base, path, &old, &err) :
				      read_path(path, &old, &err))) {
		diag_add_errno(d, D_OPEN, path, err, path);
		goto out;
	}
	errno = 0;
	if (patch_apply(f, old.buf, old.len, &pf->text, &pf->touched,
			&pf->nr_lines)) {
		if (errno == ENOMEM)
			goto nomem;
		diag_add(d, D_READ, name, 0, "%s: patch does not apply to %s",
			 name, pf->path);
		goto out;
	}
	if (mark_headers(pf))
		goto nomem;
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	strbuf_release(&old);
	return ret;
}

int ck_patch_read(struct ck_patch *cp, const char *name, struct diags *d)
{
	struct strbuf text = STRBUF_INIT;
	struct patch p = PATCH_INIT;
	size_t i;
	int err = 0, ret = -1;

	if (!strcmp(name, "-") ? read_fd(0, &text, &err) :
				 read_path(name, &text, &err)) {
		diag_add_errno(d, D_OPEN, name, err, name);
		goto out;
	}
	if (patch_parse(&p, name, text.buf, text.len, d))
		goto out;
	for (i = 0; i < p.nr; i++) {
		const struct patch_file *f = &p.files[i];
		const char *path = patch_strip(f->new_name, -1);
		const char *from = patch_strip(f->old_name, -1);

		if (path && (f->is_new || f->is_rename || f->is_copy || !from ||
			     strcmp(from, path)))
			strbuf_addf(&cp->added, "%s\n", path);
		if (from && (f->is_deleted || f->is_rename || !path))
			strbuf_addf(&cp->removed, "%s\n", from);
		/* what changes the text of a MAINTAINERS file (not removed) */
		if (!path || !f->nr_hunks ||
		    !is_maintainers_path(path, strlen(path)))
			continue;
		/* "linux-6.1/MAINTAINERS": the tree's is "MAINTAINERS" */
		if (!f->is_new && !is_regular(path) &&
		    is_regular(patch_strip(f->new_name, 1)))
			path = patch_strip(f->new_name, 1);
		if (apply_file(cp, name, f, path, d))
			goto out;
	}
	ret = strbuf_failed(&cp->added) || strbuf_failed(&cp->removed) ? -1 : 0;
	if (ret)
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	patch_release(&p);
	strbuf_release(&text);
	return ret;
}

/* Each line of text into m (as keys). */
static int put_lines(struct strmap *m, const struct strbuf *text)
{
	const char *p = text->buf, *end = text->buf + text->len, *nl;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if (nl > p && !strmap_put(m, p, (size_t)(nl - p)))
			return -1;
	}
	return 0;
}

int ck_patch_files(const struct ck_patch *cp, struct strbuf *list)
{
	struct strmap gone = STRMAP_INIT, have = STRMAP_INIT;
	struct strbuf out = STRBUF_INIT;
	const char *p, *end, *nl;
	int ret = -1;

	if (!cp->added.len && !cp->removed.len)
		return 0;
	if (put_lines(&gone, &cp->removed))
		goto out;
	end = list->buf + list->len;
	for (p = list->buf; p < end; p = nl + 1) {
		const char *s = p;

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		while (s < nl && (*s == ' ' || *s == '\t'))
			s++;
		if (s == nl)
			continue;
		if (strmap_get(&gone, s, (size_t)(nl - s)))
			continue;
		if (!strmap_put(&have, s, (size_t)(nl - s)))
			goto out;
		strbuf_add(&out, s, (size_t)(nl - s));
		strbuf_addch(&out, '\n');
	}
	end = cp->added.buf + cp->added.len;
	for (p = cp->added.buf; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (strmap_get(&have, p, (size_t)(nl - p)))
			continue;
		if (!strmap_put(&have, p, (size_t)(nl - p)))
			goto out;
		strbuf_add(&out, p, (size_t)(nl + 1 - p));
	}
	if (strbuf_failed(&out))
		goto out;
	strbuf_reset(list);
	strbuf_addbuf(list, &out);
	ret = strbuf_failed(list) ? -1 : 0;
out:
	strmap_release(&gone);
	strmap_release(&have);
	strbuf_release(&out);
	return ret;
}

/* Read db again with the patched texts in place of the files'. */
int ck_patch_db(struct gm_db *db, struct ck_patch *cp, struct diags *d)
{
	struct ck_pfile *pf = cp->v;
	size_t npf = cp->nr;
	size_t n = db->nr_names, i, k, total = n + npf;
	char **names = calloc(total + 1, sizeof(*names));
	char **data = calloc(total + 1, sizeof(*data));
	size_t *len = calloc(total + 1, sizeof(*len));
	bool *used = calloc(npf + 1, sizeof(bool));
	size_t m = 0;
	struct gm_db fresh;
	int ret = -1;

	if (!names || !data || !len || !used)
		goto out;
	for (i = 0; i < n; i++) {
		const char *src = db->maps[i].data;
		size_t sl = db->maps[i].len;

		for (k = 0; k < npf; k++)
			if (!strcmp(patch_strip(db->names[i], 0),
				    patch_strip(pf[k].path, 0))) {
				used[k] = true;
				src = pf[k].text.buf;
				sl = pf[k].text.len;
				free(pf[k].path);
				pf[k].path = strdup(db->names[i]);
				if (!pf[k].path)
					goto out;
			}
		names[m] = strdup(db->names[i]);
		data[m] = malloc(sl + 1);
		if (!names[m] || !data[m]) {
			m++; /* freed below */
			goto out;
		}
		memcpy(data[m], src, sl);
		len[m++] = sl;
	}
	for (k = 0; k < npf; k++) {
		if (used[k])
			continue;
		names[m] = strdup(pf[k].path);
		data[m] = malloc(pf[k].text.len + 1);
		if (!names[m] || !data[m]) {
			m++; /* freed below */
			goto out;
		}
		memcpy(data[m], pf[k].text.buf, pf[k].text.len);
		len[m++] = pf[k].text.len;
	}
	gm_db_init(&fresh);
	if (gm_db_read_texts(&fresh, names, data, len, m, d)) {
		names = NULL;
		gm_db_release(&fresh);
		goto out;
	}
	names = NULL;
	gm_db_release(db);
	*db = fresh;
	ret = 0;
out:
	if (names)
		for (i = 0; i < m; i++) {
			free(names[i]);
			free(data[i]);
		}
	free(names);
	free(data);
	free(len);
	free(used);
	return ret;
}

/* Is a finding about something the patch changed? */
bool ck_patch_covers(const struct ck_patch *cp, const struct diag *dg)
{
	const struct ck_pfile *pf = cp->v;
	size_t n = cp->nr;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!dg->file || strcmp(patch_strip(dg->file, 0),
					patch_strip(pf[i].path, 0)))
			continue;
		return dg->line < pf[i].nr_lines &&
		       (pf[i].touched[dg->line] || pf[i].header_hit[dg->line]);
	}
	return false;
}

bool ck_patch_adds(const struct ck_patch *cp, const struct diag *dg)
{
	size_t i;

	for (i = 0; i < cp->nr; i++) {
		const struct ck_pfile *pf = &cp->v[i];

		if (!dg->file ||
		    strcmp(patch_strip(dg->file, 0), patch_strip(pf->path, 0)))
			continue;
		return dg->line < pf->nr_lines && pf->touched[dg->line];
	}
	return false;
}

bool ck_patch_covers_line(const struct ck_patch *cp, const char *file,
			  unsigned long line)
{
	struct diag dg;

	memset(&dg, 0, sizeof(dg));
	dg.file = (char *)file;
	dg.line = line;
	return ck_patch_covers(cp, &dg);
}

int ck_patch_pathspecs(const struct ck_patch *cp, const struct gm_db *db,
		       struct strbuf *out, bool *all)
{
	struct strmap seen = STRMAP_INIT;
	bool in = false;
	size_t i;
	int ret = 0;

	*all = false;
	for (i = 0; i < db->nr && !*all; i++) {
		const struct gm_entry *e = &db->tv[i];
		size_t lit;
		bool whole;

		if (!e->type) {
			/* a header: is its section one the patch touches? */
			in = ck_patch_covers_line(cp, db->names[e->file],
						  e->lineno);
			continue;
		}
		if (!in || (e->type != 'F' && e->type != 'X'))
			continue;
		lit = glob_literal(e->s, e->len, &whole);
		while (lit > 0 && e->s[lit - 1] != '/')
			lit--;
		if (!lit) {
			*all = true;
			break;
		}
		if (strmap_get(&seen, e->s, lit))
			continue;
		if (!strmap_put(&seen, e->s, lit)) {
			ret = -1;
			break;
		}
		strbuf_add(out, e->s, lit);
		strbuf_addch(out, '\n');
	}
	strmap_release(&seen);
	return ret || strbuf_failed(out) ? -1 : 0;
}

void ck_patch_release(struct ck_patch *cp)
{
	size_t k;

	for (k = 0; k < cp->nr; k++) {
		free(cp->v[k].path);
		strbuf_release(&cp->v[k].text);
		free(cp->v[k].touched);
		free(cp->v[k].header_hit);
	}
	free(cp->v);
	strbuf_release(&cp->added);
	strbuf_release(&cp->removed);
	cp->v = NULL;
	cp->nr = cp->alloc = 0;
	cp->base = NULL;
}

/* ---- notes on what a patch adds: catch-all, widened coverage ---- */

static size_t slashes(const char *s, size_t len)
{
	size_t n = 0;

	while (len--)
		n += *s++ == '/';
	return n;
}

/*
 * How specifically section hdr (ending before end) covers file: the
 * most slashes of its F: patterns that match it (SIZE_MAX: only N:).
 */
static size_t section_depth(struct gm_db *db, size_t hdr, const char *file,
			    size_t flen)
{
	size_t i, best = 0;
	bool any = false;

	for (i = hdr + 1; i < db->nr && gm_is_field(db, i); i++) {
		const struct gm_entry *e = &db->tv[i];
		size_t d;

		if (e->type != 'F' || !gm_file_matches(db, i, file, flen))
			continue;
		d = slashes(e->s, e->len);
		if (!any || d > best)
			best = d;
		any = true;
	}
	return any ? best : SIZE_MAX;
}

static bool is_rest(const struct gm_entry *h)
{
	return h->len == 8 && !memcmp(h->s, "THE REST", 8);
}

static int catch_all_notes(const struct ck_patch *cp, struct gm_db *db,
			   struct diags *d)
{
	const char *p = cp->added.buf, *end = p + cp->added.len, *nl;
	struct strbuf file = STRBUF_INIT, names = STRBUF_INIT;
	struct gm_opts o;
	int ret = -1;

	gm_opts_default(&o);
	for (; p < end; p = nl + 1) {
		size_t *hdr = NULL, n = 0, k, fdepth;
		const struct gm_entry *first = NULL;
		bool wide = true;

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		strbuf_reset(&file);
		strbuf_add(&file, p, (size_t)(nl - p));
		if (file.failed)
			goto out;
		if (is_maintainers_path(file.buf, file.len))
			continue;
		if (gm_file_sections(db, &o, file.buf, &hdr, &n))
			goto out;
		fdepth = slashes(file.buf, file.len);
		strbuf_reset(&names);
		for (k = 0; k < n && wide; k++) {
			const struct gm_entry *h = &db->tv[hdr[k]];
			size_t sd = is_rest(h) ?
					    0 :
					    section_depth(db, hdr[k], file.buf,
							  file.len);

			if (sd != SIZE_MAX && fdepth >= sd + 2) {
				strbuf_addf(&names, "%s'%.*s'",
					    names.len ? ", " : "", (int)h->len,
					    h->s);
				if (!first)
					first = h;
			} else {
				wide = false;
			}
		}
		free(hdr);
		if (!wide || !first)
			continue;
		diag_add(d, D_CATCH_ALL, db->names[first->file], first->lineno,
			 "new file '%s' falls only under a catch-all: %s",
			 file.buf, names.buf);
	}
	ret = 0;
out:
	strbuf_release(&file);
	strbuf_release(&names);
	return ret;
}

static bool untouched_f_matches(const struct ck_patch *cp, struct gm_db *db,
				size_t hdr, const char *file, size_t flen)
{
	size_t i;

	for (i = hdr + 1; i < db->nr && gm_is_field(db, i); i++) {
		const struct gm_entry *e = &db->tv[i];

		if ((e->type == 'F' &&
		     !ck_patch_covers_line(cp, db->names[e->file], e->lineno) &&
		     gm_file_matches(db, i, file, flen)) ||
		    (e->type == 'X' && gm_file_matches(db, i, file, flen)))
			return true;
	}
	return false;
}

static void widened_notes(const struct ck_patch *cp, struct gm_db *db,
			  const struct ck_tree *t, struct diags *d)
{
	size_t i, f, hdr = 0;

	for (i = 0; i < db->nr; i++) {
		const struct gm_entry *e = &db->tv[i];
		size_t lit, gained = 0;
		const char *example = NULL;
		bool all;

		if (!gm_is_field(db, i)) {
			hdr = i;
			continue;
		}
		if (e->type != 'F' ||
		    !ck_patch_covers_line(cp, db->names[e->file], e->lineno))
			continue;
		/* a single file is listed, not a coverage widened */
		if (e->s[e->len - 1] != '/' && !memchr(e->s, '*', e->len) &&
		    !memchr(e->s, '?', e->len) && !memchr(e->s, '[', e->len))
			continue;
		lit = glob_literal(e->s, e->len, &all);
		for (f = ck_tree_lower(t, e->s, lit);
		     f < t->nr && ck_has_prefix(t->v[f], e->s, lit); f++) {
			size_t flen = strlen(t->v[f]);

			if (!gm_file_matches(db, i, t->v[f], flen) ||
			    untouched_f_matches(cp, db, hdr, t->v[f], flen))
				continue;
			if (!gained++)
				example = t->v[f];
		}
		if (gained > 1)
			diag_add(
				d, D_WIDENED, db->names[e->file], e->lineno,
				"F: '%.*s' widens '%.*s' by %zu files its other "
				"F: lines do not list (e.g. %s)",
				(int)e->len, e->s, (int)db->tv[hdr].len,
				db->tv[hdr].s, gained, example);
	}
}

int ck_patch_notes(const struct ck_patch *cp, struct gm_db *db,
		   const struct ck_tree *t, struct diags *d)
{
	size_t lost = ck_diags_lost(d, true);

	if (catch_all_notes(cp, db, d))
		return -1;
	if (t && cp->nr)
		widened_notes(cp, db, t, d);
	/* a note diag_add() had no memory for */
	return ck_diags_lost(d, true) != lost ? -1 : 0;
}

/* ---- what a run in patch mode reports ---- */

bool ck_patch_focus(void *cp, const char *file, unsigned long line)
{
	return ck_patch_covers_line(cp, file, line);
}

bool ck_patch_keeps(const struct ck_patch *cp, const struct diag *dg)
{
	return !cp->nr || dg->id == D_CATCH_ALL || dg->id == D_WIDENED ||
	       ck_patch_covers(cp, dg);
}

enum diag_severity ck_severity(const struct ck_patch *cp, const struct diag *dg)
{
	enum diag_severity sev = diag_severity(dg->id);

	if (cp && cp->nr &&
	    (dg->id == D_NO_MATCH || dg->id == D_BAD_STATUS ||
	     dg->id == D_NO_STATUS) &&
	    ck_patch_adds(cp, dg))
		return SEV_ERROR;
	return sev;
}
