// SPDX-License-Identifier: GPL-2.0
/*
 * check --coverage: how many files of the tree a maintained section
 * covers (see check.h).
 */
#include "check-internal.h"
#include "get/get.h"
#include "base/base.h"
#include "model/model.h"

#include <stdlib.h>
#include <string.h>

struct dircount {
	size_t files, covered;
};

static int count_dirs(struct strmap *dirs, const char *file, bool covered,
		      bool top_only)
{
	const char *p = file;

	for (;;) {
		const char *slash = strchr(p, '/');
		size_t len = slash ? (size_t)(slash - file) : 0;
		struct dircount *dc;

		if (!slash && !top_only)
			return 0;
		dc = slash ? strmap_value(dirs, file, len, sizeof(*dc)) :
			     strmap_value(dirs, "(top)", 5, sizeof(*dc));
		if (!dc)
			return -1;
		dc->files++;
		dc->covered += covered;
		if (top_only || !slash)
			return 0;
		p = slash + 1;
	}
}

static void free_counts(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		free(m->e[i].value);
	strmap_release(m);
}

static int cmp_entry_name(const void *a, const void *b)
{
	const struct strmap_entry *x = a, *y = b;

	return bytecmp(x->key, x->len, y->key, y->len);
}

static int cmp_entry_size(const void *a, const void *b)
{
	const struct strmap_entry *x = a, *y = b;
	const struct dircount *p = x->value, *q = y->value;

	if (p->files != q->files)
		return p->files > q->files ? -1 : 1;
	return cmp_entry_name(a, b);
}

static double pct(size_t part, size_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

int ck_coverage(struct gm_db *db, const struct ck_tree *t, struct strbuf *out)
{
	struct ck_best b = { NULL, NULL, NULL, NULL };
	struct strmap top = STRMAP_INIT, all = STRMAP_INIT;
	struct strmap_entry *v = NULL;
	size_t f, i, covered = 0, rest = 0, none = 0, unm = 0, nv = 0, shown;
	int ret = -1;

	if (ck_best_matches(db, t, &b))
		goto out;
	for (f = 0; f < t->nr; f++) {
		bool yes = b.cov[f] == 2;

		covered += yes;
		rest += b.cov[f] == 1;
		none += b.cov[f] == 0;
		unm += b.cov[f] == 3;
		if (count_dirs(&top, t->v[f], yes, true) ||
		    count_dirs(&all, t->v[f], yes, false))
			goto out;
	}
	strbuf_addf(
		out,
		"%zu files: %zu (%.1f%%) have a maintained section as their "
		"best match\n",
		t->nr, covered, pct(covered, t->nr));
	strbuf_addf(out,
		    "  %zu best matched only by sections not Supported, "
		    "Maintained or Odd Fixes; %zu by THE REST only; %zu by "
		    "nothing\n",
		    unm, rest, none);
	strbuf_addstr(out, "\nby top-level directory:\n");
	strbuf_addf(out, "  %-24s %8s %8s %7s\n", "directory", "files",
		    "covered", "share");
	v = malloc((top.nr + all.nr + 1) * sizeof(*v));
	if (!v)
		goto out;
	memcpy(v, top.e, top.nr * sizeof(*v));
	qsort(v, top.nr, sizeof(*v), cmp_entry_name);
	for (i = 0; i < top.nr; i++) {
		const struct dircount *dc = v[i].value;

		strbuf_addf(out, "  %-24.*s %8zu %8zu %6.1f%%\n", (int)v[i].len,
			    v[i].key, dc->files, dc->covered,
			    pct(dc->covered, dc->files));
	}
	/* directories without a covered file whose parent has one */
	for (i = 0; i < all.nr; i++) {
		const struct strmap_entry *e = &all.e[i];
		const struct dircount *dc = e->value, *pc = NULL;
		const char *slash = NULL;
		size_t k;

		if (dc->covered)
			continue;
		for (k = e->len; k > 0; k--)
			if (e->key[k - 1] == '/') {
				slash = e->key + k - 1;
				break;
			}
		if (slash) {
			struct strmap_entry *pe = strmap_get(
				&all, e->key, (size_t)(slash - e->key));

			pc = pe ? pe->value : NULL;
			if (pc && !pc->covered)
				continue;
		}
		v[nv++] = *e;
	}
	qsort(v, nv, sizeof(*v), cmp_entry_size);
	shown = nv < 20 ? nv : 20;
	strbuf_addf(out, "\nlargest directories nobody covers (%zu of %zu):\n",
		    shown, nv);
	for (i = 0; i < shown; i++)
		strbuf_addf(out, "  %8zu  %.*s/\n",
			    ((const struct dircount *)v[i].value)->files,
			    (int)v[i].len, v[i].key);
	ret = strbuf_failed(out) ? -1 : 0;
out:
	free(v);
	free_counts(&top);
	free_counts(&all);
	ck_best_release(&b);
	return ret;
}
