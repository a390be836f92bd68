// SPDX-License-Identifier: GPL-2.0
/*
 * check: lint and self-test for MAINTAINERS (see check.h).
 */
#include "check-internal.h"
#include "get/get.h"
#include "base/base.h"
#include "model/model.h"

#include <stdlib.h>
#include <string.h>

/* ---- canonical order (format --order) ---- */

/*
 * File f's text for the order checks: without the comments inside
 * sections (reported once by ck_inner_comments()), so that the order is
 * that of the sections get reads.  *map (NULL when nothing was left out)
 * gives each line of the text its line in the file, *nr its length.
 * NULL when out of memory.
 */
static char *order_text(struct ck *c, size_t f, size_t *len,
			unsigned long **map, size_t *nr)
{
	const struct mapped *mp = &c->db->maps[f];
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = 1, hdr, lines = 0;
	bool after, any = false;

	*map = NULL;
	*nr = 0;
	for (i = 0; i < c->nr; i++)
		if (c->l[i].file == f) {
			lines++;
			any |= ck_inner_comment(c, i, &hdr, &after);
		}
	if (any) {
		*map = calloc(lines + 2, sizeof(**map));
		if (!*map)
			return NULL;
	}
	for (i = 0; i < c->nr && any; i++) {
		if (c->l[i].file != f || ck_inner_comment(c, i, &hdr, &after))
			continue;
		(*map)[n++] = c->l[i].lineno;
		strbuf_add(&sb, c->l[i].s, c->l[i].len);
		strbuf_addch(&sb, '\n');
	}
	if (any) {
		/* the end of the file: a line past the last */
		(*map)[n] = (*map)[n - 1] + 1;
		*nr = n + 1;
		if (mp->len && mp->data[mp->len - 1] != '\n')
			strbuf_setlen(&sb, sb.len - 1);
	} else {
		strbuf_add(&sb, mp->data, mp->len);
	}
	if (strbuf_failed(&sb)) {
		strbuf_release(&sb);
		free(*map);
		*map = NULL;
		return NULL;
	}
	return strbuf_detach(&sb, len);
}

/*
 * A finding of the order checks on a text order_text() left comments
 * out of: its line, and the "line N" a message ends with ("(line N)"),
 * in the file's numbers.
 */
static void add_mapped(struct diags *to, const struct diag *dg,
		       const unsigned long *map, size_t nr)
{
	const char *m = dg->msg ? dg->msg : "", *e = m + strlen(m), *p;
	unsigned long line = dg->line < nr ? map[dg->line] : dg->line;
	unsigned long num;
	bool paren = e > m && e[-1] == ')';

	p = paren ? e - 1 : e;
	while (p > m && p[-1] >= '0' && p[-1] <= '9')
		p--;
	num = strtoul(p, NULL, 10);
	if (p - m >= 5 && !strncmp(p - 5, "line ", 5) && num && num < nr)
		diag_add(to, dg->id, dg->file, line, "%.*s%lu%s", (int)(p - m),
			 m, map[num], paren ? ")" : "");
	else
		diag_add(to, dg->id, dg->file, line, "%s", m);
}

static int canonical(struct ck *c)
{
	static const enum diag_id ids[] = { D_SECTION_ORDER, D_FIELD_ORDER,
					    D_FIELD_FORM,    D_LAYOUT,
					    D_ODD_LINE,	     D_DUP_HEADER };
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	size_t nf = c->db->nr_names, f, i, k;
	unsigned long **maps = calloc(nf + 1, sizeof(*maps));
	size_t *nr = calloc(nf + 1, sizeof(*nr));
	int ret = -1, bad = 0;

	mnt_init(&m);
	if (!maps || !nr)
		goto out;
	for (f = 0; f < nf; f++) {
		size_t len;
		char *copy = order_text(c, f, &len, &maps[f], &nr[f]);

		if (!copy)
			goto out;
		if (mnt_parse(&m, c->db->names[f], copy, len, &d))
			bad = 1;
	}
	/* a buffer's parse fails fatally only when out of memory */
	if (bad && diags_has(&d, SEV_FATAL))
		goto out;
	if (!bad && mnt_check_canonical(&m, ck_preferred_order, &d) < 0)
		goto out;
	if (ck_diags_lost(&d, true))
		goto out;
	for (i = 0; i < d.nr; i++) {
		const struct diag *dg = &d.v[i];

		for (f = 0; f < nf && strcmp(dg->file, c->db->names[f]); f++)
			;
		for (k = 0; k < sizeof(ids) / sizeof(ids[0]); k++)
			if (dg->id == ids[k] && c->o->enabled[dg->id])
				add_mapped(c->d, dg, f < nf ? maps[f] : NULL,
					   f < nf ? nr[f] : 0);
	}
	ret = 0;
out:
	for (f = 0; maps && f < nf; f++)
		free(maps[f]);
	free(maps);
	free(nr);
	diags_release(&d);
	mnt_release(&m);
	return ret;
}

/* ---- leftover conflict markers (an unfinished merge) ---- */

/* how many; the other checks would only see sections that are not */
static size_t conflict_markers(struct ck *c)
{
	size_t i, n = 0;

	for (i = 0; i < c->nr; i++)
		if (mnt_is_conflict_marker(c->l[i].s, c->l[i].len)) {
			ck_report(c, D_CONFLICT_MARKER, &c->l[i], NULL,
				  "conflict marker '%.*s' left from a merge",
				  (int)(c->l[i].len > 40 ? 40 : c->l[i].len),
				  c->l[i].s);
			n++;
		}
	return n;
}

/* ---- the whole run ---- */

static bool any(const struct ck_opts *o, const enum diag_id *ids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (o->enabled[ids[i]])
			return true;
	return false;
}

/* a field not in "X:<TAB>value" form: checkpatch's words say it */
static enum diag_id same_kind(enum diag_id id)
{
	return id == D_FIELD_FORM ? D_ENTRY_TAB : id;
}

/* two findings that say the same (layout ones may differ at a line) */
static bool same_finding(const struct diag *a, const struct diag *b)
{
	if (same_kind(a->id) != same_kind(b->id))
		return false;
	return a->id != D_LAYOUT ||
	       !strcmp(a->msg ? a->msg : "", b->msg ? b->msg : "");
}

static bool same_place(const struct diag *a, const struct diag *b)
{
	return a->line == b->line &&
	       !strcmp(a->file ? a->file : "", b->file ? b->file : "");
}

/*
 * Keep one of each (check, file, line): two passes may agree.  Sorted
 * by file and line first, so only findings at one place are compared.
 */
static void dedupe(struct diags *d)
{
	size_t i, j, out = 0, place = 0;

	diags_sort(d);
	for (i = 0; i < d->nr; i++) {
		struct diag *a = &d->v[i];
		bool dup = false;

		if (out && !same_place(&d->v[out - 1], a))
			place = out;
		for (j = place; j < out && !dup; j++)
			dup = same_finding(a, &d->v[j]);
		if (dup) {
			d->count[diag_severity(a->id)]--;
			free(a->file);
			free(a->msg);
			continue;
		}
		d->v[out++] = *a;
	}
	d->nr = out;
}

static bool field_order_at(const struct diags *d, size_t i, const char *file,
			   unsigned long line)
{
	return i < d->nr && d->v[i].id == D_FIELD_ORDER &&
	       d->v[i].line == line && d->v[i].file &&
	       !strcmp(d->v[i].file, file);
}

/*
 * One misplaced field, one finding: checkpatch's "misordered entry" on
 * a line and the line before it is the pair whose field-order finding
 * (on either line) says where the line belongs; that one is kept.
 * Sorted (dedupe()).
 */
static void one_per_misplacement(struct diags *d)
{
	size_t i, j, out = 0;

	for (i = 0; i < d->nr; i++) {
		struct diag *a = &d->v[i];
		bool dup = false;

		for (j = i >= 8 ? i - 8 : 0; a->id == D_MISORDERED && a->file &&
					     !dup && j < i + 8 && j < d->nr;
		     j++)
			dup = field_order_at(d, j, a->file, a->line) ||
			      field_order_at(d, j, a->file, a->line - 1);
		if (dup) {
			d->count[diag_severity(a->id)]--;
			free(a->file);
			free(a->msg);
			a->file = a->msg = NULL;
			continue;
		}
		if (out != i)
			d->v[out] = *a;
		out++;
	}
	d->nr = out;
}

int ck_run(struct gm_db *db, const struct ck_opts *o, struct diags *d)
{
	static const enum diag_id canon[] = { D_SECTION_ORDER, D_FIELD_ORDER,
					      D_FIELD_FORM, D_LAYOUT };
	static const enum diag_id fields[] = { D_BAD_EMAIL,	 D_BAD_STATUS,
					       D_BAD_REGEX,	 D_DUP_PATTERN,
					       D_SHARED_PATTERN, D_GLOBSTAR };
	size_t lost = ck_diags_lost(d, true);
	struct ck c;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	c.db = db;
	c.o = o;
	c.d = d;
	strbuf_init(&c.tmp);
	if (ck_split_lines(&c))
		goto out;
	/* a file left mid-merge: the markers, not what they look like */
	if (!o->self_test && o->enabled[D_CONFLICT_MARKER] &&
	    conflict_markers(&c)) {
		ret = c.nomem ? -1 : 0;
		goto out;
	}
	ret = ck_self_test(&c);
	if (ret)
		goto out;
	ret = -1;
	if (!o->self_test) {
		if (o->enabled[D_ODD_LINE])
			ck_inner_comments(&c);
		ck_style(&c);
		if (any(o, fields, sizeof(fields) / sizeof(fields[0])) &&
		    ck_fields(&c))
			goto out;
		if (o->tree && o->enabled[D_USELESS_EXCLUDE])
			ck_useless_excludes(&c);
		if (o->tree && o->enabled[D_ALL_EXCLUDED])
			ck_all_excluded(&c);
		if (o->tree && o->enabled[D_DEAD_REGEX])
			ck_dead_regexes(&c);
		if (o->tree && o->enabled[D_SHADOWED] && ck_shadowed(&c))
			goto out;
		if (any(o, canon, sizeof(canon) / sizeof(canon[0])) &&
		    canonical(&c))
			goto out;
		dedupe(d);
		one_per_misplacement(d);
	}
	ret = c.nomem ? -1 : 0;
out:
	/* a finding or a line of the script's there was no memory for */
	if (ret >= 0 && (ck_diags_lost(d, true) != lost ||
			 (o->script && strbuf_failed(o->script))))
		ret = -1;
	free(c.l);
	strbuf_release(&c.tmp);
	strmap_release(&c.probed);
	return ret;
}
