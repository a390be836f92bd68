// SPDX-License-Identifier: GPL-2.0
/*
 * maint split --series: MAINTAINERS of HEAD split as a patch series.
 *
 * Every commit is made with git plumbing on a temporary index in a
 * temporary directory next to the output (GIT_INDEX_FILE; read-tree,
 * hash-object, update-index --cacheinfo, write-tree, commit-tree), and
 * format-patch writes the series from them: nothing is checked out, and
 * the user's work tree, index, HEAD and branches stay as they were (the
 * commits are left unreferenced, for git gc).
 *
 * The series: one patch for each reader of MAINTAINERS in the tree that
 * needs one (each works with a file and with a directory, so the tree
 * works at every step), the sort of MAINTAINERS in parse-maintainers.pl's
 * order if it is not sorted, the move to MAINTAINERS/MAINTAINERS, and one
 * patch per file of the plan, in the plan's order (by name).
 *
 * Ownership: struct series owns its strings and the temporary directory,
 * removed (never following a link) by series_release().
 */
#include "series-internal.h"
#include "base/base.h"
#include "model/model.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where plan file f goes in the tree. */
static void dest_of(const struct split_plan *plan, size_t f,
		    struct strbuf *dest)
{
	strbuf_reset(dest);
	if (strchr(plan->names[f], '/'))
		strbuf_addstr(dest, plan->names[f]);
	else
		strbuf_addf(dest, "MAINTAINERS/%s", plan->names[f]);
}

static char *const *sort_names; /* for by_name(): qsort has no argument */

static int by_name(const void *a, const void *b)
{
	return strcmp(sort_names[*(const size_t *)a],
		      sort_names[*(const size_t *)b]);
}

/* The commits that move the entries; the plan table and the count. */
static int move_entries(struct series *s, struct maintainers *m,
			const struct split_plan *plan, struct strbuf *table,
			size_t *npatches, size_t *nfiles, size_t *nrest)
{
	struct strbuf text = STRBUF_INIT, oid = STRBUF_INIT, roid = STRBUF_INIT,
		      msg = STRBUF_INIT, dest = STRBUF_INIT, i1 = STRBUF_INIT,
		      i2 = STRBUF_INIT;
	size_t *idx = malloc((m->nr_sections + 1) * sizeof(*idx));
	size_t *sel = malloc((m->nr_sections + 1) * sizeof(*sel));
	size_t *order = malloc((plan->nr_names + 1) * sizeof(*order));
	bool *moved = calloc(m->nr_sections + 1, sizeof(*moved));
	size_t f, o, i, n, r, width = 24;
	int ret = -1;

	if (!idx || !sel || !order || !moved)
		goto out;
	for (f = 1; f < plan->nr_names; f++) {
		order[f - 1] = f;
		dest_of(plan, f, &dest);
		if (dest.len + 2 > width)
			width = dest.len + 2;
	}
	sort_names = plan->names;
	qsort(order, plan->nr_names - 1, sizeof(*order), by_name);
	for (o = 0; o + 1 < plan->nr_names; o++) {
		const char *info[2];

		f = order[o];
		for (i = 1, n = 0; i < m->nr_sections; i++)
			if (plan->file_of[i] == f)
				sel[n++] = i;
		if (!n)
			continue;
		(*nfiles)++;
		dest_of(plan, f, &dest);
		strbuf_addf(table, "  %-*s %4zu\n", (int)width, dest.buf, n);
		if (mnt_sort_sections(m, sel, n))
			goto out;
		strbuf_reset(&text);
		if (mnt_render(m, sel, n, NULL, &text) ||
		    split_series_blob(s, &text, &oid))
			goto out;
		for (i = 0; i < n; i++)
			moved[sel[i]] = true;
		/* what stays in MAINTAINERS/MAINTAINERS */
		for (i = 0, r = 0; i < m->nr_sections; i++)
			if (!moved[i])
				idx[r++] = i;
		strbuf_reset(&text);
		if (mnt_sort_sections(m, idx, r) ||
		    mnt_render(m, idx, r, NULL, &text) ||
		    split_series_blob(s, &text, &roid))
			goto out;
		*nrest = r - 1;

		split_series_move_message(s, m, plan->names[f], dest.buf, sel,
					  n, &msg);
		strbuf_reset(&i1);
		strbuf_addf(&i1, "100644,%s,%s", oid.buf, dest.buf);
		strbuf_reset(&i2);
		strbuf_addf(&i2, "100644,%s,MAINTAINERS/MAINTAINERS", roid.buf);
		info[0] = i1.buf;
		info[1] = i2.buf;
		if (split_series_commit(s, &msg, info, 2))
			goto out;
		(*npatches)++;
	}
	ret = 0;
out:
	free(idx);
	free(sel);
	free(order);
	free(moved);
	strbuf_release(&text);
	strbuf_release(&oid);
	strbuf_release(&roid);
	strbuf_release(&msg);
	strbuf_release(&dest);
	strbuf_release(&i1);
	strbuf_release(&i2);
	return ret;
}

/* The checks, HEAD's MAINTAINERS read and planned, the temporary index. */
static int series_start(struct series *s)
{
	const struct split_series_opts *o = s->o;
	struct strbuf spec = STRBUF_INIT;
	char *data, *gt;
	int ret = -1;

	if (split_series_git(s, NULL, &s->top, "rev-parse", "--show-toplevel",
			     NULL)) {
		diag_add(s->d, D_SERIES, NULL, 0,
			 "--series needs a git work tree (a kernel tree in "
			 "git)");
		goto out;
	}
	split_series_chomp(&s->top);
	if (split_series_git(s, NULL, &s->head, "rev-parse", "--verify", "-q",
			     "HEAD^{commit}", NULL)) {
		diag_add(s->d, D_SERIES, NULL, 0, "%s: no commit to build on",
			 s->top.buf);
		goto out;
	}
	split_series_chomp(&s->head);
	if (!split_series_usable_outdir(o->outdir)) {
		diag_add(s->d, D_SERIES, NULL, 0,
			 "%s exists and is not an empty directory", o->outdir);
		goto out;
	}
	if (split_series_head_entry(s, "MAINTAINERS", &s->mode)) {
		diag_add(s->d, D_SERIES, NULL, 0,
			 "MAINTAINERS in HEAD is not a file (split already?)");
		goto out;
	}
	strbuf_addf(&spec, "%s:MAINTAINERS", s->head.buf);
	if (split_series_git(s, NULL, &s->orig, "cat-file", "blob", spec.buf,
			     NULL)) {
		diag_add(s->d, D_SERIES, NULL, 0, "cannot read %s", spec.buf);
		goto out;
	}
	data = malloc(s->orig.len + 1);
	if (!data) {
		diag_add(s->d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	memcpy(data, s->orig.buf, s->orig.len + 1);
	if (mnt_parse(&s->m, "MAINTAINERS", data, s->orig.len, s->d) ||
	    split_plan(&s->m, o->by, o->min, o->rules, o->rules_len,
		       o->rules_name, &s->plan, s->d))
		goto out;
	if (split_tmpdir_near(o->outdir, &s->tmp)) {
		diag_add(s->d, D_SERIES, NULL, 0,
			 "cannot make a temporary directory next to %s: %s",
			 o->outdir, strerror(errno));
		goto out;
	}
	/* git runs at the top of the tree: its paths must not be relative */
	if (s->tmp.buf[0] != '/') {
		char *cwd = getcwd(NULL, 0);
		struct strbuf abs = STRBUF_INIT;

		if (cwd)
			strbuf_addf(&abs, "%s/%s", cwd, s->tmp.buf);
		free(cwd);
		if (!cwd || strbuf_failed(&abs)) {
			strbuf_release(&abs);
			diag_add(s->d, D_SERIES, NULL, 0,
				 "cannot find the current directory");
			goto out;
		}
		strbuf_reset(&s->tmp);
		strbuf_addbuf(&s->tmp, &abs);
		strbuf_release(&abs);
		if (strbuf_failed(&s->tmp))
			goto out;
	}
	/* the sign-off: "Name <email>" of the committer */
	if (split_series_git(s, NULL, &s->ident, "var", "GIT_COMMITTER_IDENT",
			     NULL)) {
		diag_add(s->d, D_SERIES, NULL, 0,
			 "git has no identity for the commits (user.name, "
			 "user.email)");
		goto out;
	}
	gt = strrchr(s->ident.buf, '>');
	if (gt) {
		s->ident.len = (size_t)(gt + 1 - s->ident.buf);
		s->ident.buf[s->ident.len] = '\0';
	}
	strbuf_addf(&s->index, "%s/index", s->tmp.buf);
	s->use_index = true;
	ret = split_series_git(s, NULL, NULL, "read-tree", s->head.buf, NULL);
	if (ret)
		diag_add(s->d, D_SERIES, NULL, 0, "building the series failed");
	strbuf_addbuf(&s->parent, &s->head);
out:
	strbuf_release(&spec);
	return ret;
}

/* The sort, if MAINTAINERS is not sorted; its blob in s->oid. */
static int commit_sort(struct series *s)
{
	struct strbuf text = STRBUF_INIT, msg = STRBUF_INIT, p = STRBUF_INIT;
	struct maintainers *m = &s->m;
	size_t *idx, i;
	int ret = -1;

	idx = malloc((m->nr_sections + 1) * sizeof(*idx));
	if (!idx)
		goto out;
	for (i = 0; i < m->nr_sections; i++)
		idx[i] = i;
	if (mnt_sort_sections(m, idx, m->nr_sections) ||
	    mnt_render(m, idx, m->nr_sections, NULL, &text) ||
	    split_series_blob(s, &text, &s->oid))
		goto out;
	s->sorted = text.len == s->orig.len &&
		    !memcmp(text.buf, s->orig.buf, s->orig.len);
	if (!s->sorted) {
		const char *info[1];

		strbuf_addf(&p, "%s,%s,MAINTAINERS", s->mode.buf, s->oid.buf);
		info[0] = p.buf;
		split_series_message(
			s, &msg,
			"MAINTAINERS: sort entries in parse-maintainers.pl's "
			"order",
			"Put the entries in the order scripts/parse-"
			"maintainers.pl gives them (alphabetical by name, THE "
			"REST last): the file is what the script writes for it. "
			"Nothing else changes.\n\n"
			"The next patches move MAINTAINERS to a directory and "
			"split it into files; from a sorted file every one of "
			"those moves takes whole entries to a sorted file, and "
			"the files joined back give this file.\n");
		if (split_series_commit(s, &msg, info, 1))
			goto out;
	}
	ret = 0;
out:
	free(idx);
	strbuf_release(&text);
	strbuf_release(&msg);
	strbuf_release(&p);
	return ret;
}

/* The move of MAINTAINERS (blob s->oid) to MAINTAINERS/MAINTAINERS. */
static int commit_move(struct series *s)
{
	const struct split_series_opts *o = s->o;
	struct strbuf text = STRBUF_INIT, msg = STRBUF_INIT, p = STRBUF_INIT;
	const char *info[1];
	int ret = -1;

	if (o->by != SPLIT_TREE) {
		/* from here on only MAINTAINERS/ changes: see struct series */
		char *l, *save = NULL;

		if (split_series_git(s, NULL, &text, "ls-tree", s->parent.buf,
				     NULL))
			goto out;
		for (l = strtok_r(text.buf, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save)) {
			const char *tab = strchr(l, '\t');

			if (!tab || strcmp(tab + 1, SPLIT_REST))
				strbuf_addf(&s->root, "%s\n", l);
		}
		strbuf_reset(&s->index);
		strbuf_addf(&s->index, "%s/index-maintainers", s->tmp.buf);
		s->small = true;
	}
	strbuf_addf(&p, "%s,%s,MAINTAINERS/MAINTAINERS", s->mode.buf,
		    s->oid.buf);
	info[0] = p.buf;
	strbuf_reset(&text);
	strbuf_addf(&text,
		    "Make MAINTAINERS a directory, to be split into "
		    "files %s by the patches that follow.  The file "
		    "moves unchanged to MAINTAINERS/MAINTAINERS, where "
		    "the preamble and the entries that go to no other "
		    "file stay.\n\n%s"
		    "scripts/get_maintainer.pl reads every file in "
		    "it.\n",
		    o->by == SPLIT_DIR	? "by where the code is" :
		    o->by == SPLIT_LIST ? "by mailing list" :
		    o->by == SPLIT_TREE ? "spread through the tree" :
					  "by rules",
		    s->nreaders ? "The tree's other readers of MAINTAINERS "
				  "take a directory as well as a file "
				  "since the patches before this one; " :
				  "");
	split_series_message(s, &msg,
			     "MAINTAINERS: move to MAINTAINERS/MAINTAINERS",
			     text.buf);
	ret = split_series_commit(s, &msg, info, 1);
out:
	strbuf_release(&text);
	strbuf_release(&msg);
	strbuf_release(&p);
	return ret;
}

/* format-patch into TMP/out, the cover letter filled in; 0 or -1. */
static int format_series(struct series *s)
{
	const struct split_series_opts *o = s->o;
	struct strbuf p = STRBUF_INIT, range = STRBUF_INIT, base = STRBUF_INIT,
		      cover = STRBUF_INIT, text = STRBUF_INIT,
		      blurb = STRBUF_INIT;
	const char *subj_at, *blurb_at;
	int ret = -1, err = 0;

	strbuf_addf(&p, "%s/out", s->tmp.buf);
	strbuf_addf(&range, "%s..%s", s->head.buf, s->parent.buf);
	strbuf_addf(&base, "--base=%s", s->head.buf);
	s->use_index = false;
	if (split_series_git(s, NULL, NULL, "format-patch", "-q", "-M",
			     "--cover-letter", base.buf, "-o", p.buf, range.buf,
			     NULL))
		goto out;
	strbuf_addstr(&p, "/0000-cover-letter.patch");
	if (read_path(p.buf, &cover, &err))
		goto out;
	subj_at = strstr(cover.buf, "*** SUBJECT HERE ***");
	blurb_at = strstr(cover.buf, "*** BLURB HERE ***");
	if (!subj_at || !blurb_at || blurb_at < subj_at) {
		diag_add(s->d, D_SERIES, NULL, 0,
			 "format-patch wrote no cover letter to fill "
			 "in (format.coverFromDescription?)");
		goto out;
	}
	strbuf_add(&text, cover.buf, (size_t)(subj_at - cover.buf));
	strbuf_addf(&text, "MAINTAINERS: split into a directory, %s",
		    o->by == SPLIT_DIR	? "by where the code is" :
		    o->by == SPLIT_LIST ? "by mailing list" :
		    o->by == SPLIT_TREE ? "through the tree" :
					  "by rules");
	strbuf_add(&text, subj_at + 20, (size_t)(blurb_at - subj_at - 20));
	split_series_cover_text(s, &s->m, &s->orig, s->nreaders, s->nfiles,
				s->nrest, &s->table, &s->effects, s->sorted,
				&blurb);
	strbuf_addbuf(&text, &blurb);
	strbuf_addstr(&text, blurb_at + 18);
	if (unlink(p.buf) || split_series_write_path(p.buf, text.buf, text.len))
		goto out;
	ret = 0;
out:
	strbuf_release(&p);
	strbuf_release(&range);
	strbuf_release(&base);
	strbuf_release(&cover);
	strbuf_release(&text);
	strbuf_release(&blurb);
	return ret;
}

static void series_init(struct series *s, const struct split_series_opts *o,
			struct diags *d)
{
	struct strbuf *const sbs[] = { &s->top,	 &s->tmp,     &s->index,
				       &s->head, &s->parent,  &s->ident,
				       &s->root, &s->orig,    &s->mode,
				       &s->oid,	 &s->effects, &s->table };
	size_t i;

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->d = d;
	for (i = 0; i < sizeof(sbs) / sizeof(sbs[0]); i++)
		strbuf_init(sbs[i]);
	mnt_init(&s->m);
}

static void series_release(struct series *s)
{
	int err = 0;

	if (s->tmp.len && remove_tree_nofollow(s->tmp.buf, &err))
		diag_add(s->d, D_SERIES, NULL, 0, "%s: cannot remove: %s",
			 s->tmp.buf, strerror(err));
	split_plan_release(&s->plan);
	mnt_release(&s->m);
	strbuf_release(&s->top);
	strbuf_release(&s->tmp);
	strbuf_release(&s->index);
	strbuf_release(&s->head);
	strbuf_release(&s->parent);
	strbuf_release(&s->ident);
	strbuf_release(&s->root);
	strbuf_release(&s->orig);
	strbuf_release(&s->mode);
	strbuf_release(&s->oid);
	strbuf_release(&s->effects);
	strbuf_release(&s->table);
}

int split_series(const struct split_series_opts *o,
		 struct split_series_result *r, struct diags *d)
{
	struct series s;
	struct strbuf out = STRBUF_INIT;
	int ret = -1;

	series_init(&s, o, d);
	if (series_start(&s))
		goto out;
	/* the readers, the sort (if needed), the move, one patch per file */
	s.nrest = s.m.nr_sections - 1;
	if (split_series_patch_readers(&s, &s.effects, &s.nreaders) ||
	    commit_sort(&s) || commit_move(&s) ||
	    move_entries(&s, &s.m, &s.plan, &s.table, &s.npatches, &s.nfiles,
			 &s.nrest) ||
	    format_series(&s)) {
		diag_add(d, D_SERIES, NULL, 0, "building the series failed");
		goto out;
	}
	strbuf_addf(&out, "%s/out", s.tmp.buf);
	/* an empty directory there is replaced; checked again, atomically */
	if (rmdir(o->outdir) && errno != ENOENT) {
		diag_add(d, D_SERIES, NULL, 0, "%s: %s", o->outdir,
			 strerror(errno));
		goto out;
	}
	if (rename(out.buf, o->outdir)) {
		diag_add(d, D_SERIES, NULL, 0, "%s: %s", o->outdir,
			 strerror(errno));
		goto out;
	}
	r->readers = s.nreaders;
	r->patches = s.nreaders + !s.sorted + 1 + s.npatches;
	r->files = s.nfiles;
	ret = 0;
out:
	series_release(&s);
	strbuf_release(&out);
	return ret;
}
