/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inside of split --series (split_series(), split.h):
 *
 *   series.c          the steps: the checks, the plan, the sort and the
 *                     move, one commit per file, the series
 *   series-git.c      git plumbing on the temporary index: blobs,
 *                     commits, HEAD's entries, the temporary directory
 *   series-readers.c  the patches to the tree's readers of MAINTAINERS
 *                     (exact edits, as in 6.12)
 *   series-text.c     the words: commit messages wrapped at WRAP
 *                     columns, the cover letter
 *
 * Nothing here prints: what fails is recorded in s->d (D_SERIES).
 */
#ifndef MAINT_SPLIT_SERIES_INTERNAL_H
#define MAINT_SPLIT_SERIES_INTERNAL_H

#include "split.h"
#include "model/model.h"

#include <stdbool.h>
#include <stddef.h>

#define WRAP 72 /* the width of every message and of the cover letter */

struct series {
	const struct split_series_opts *o;
	struct diags *d; /* what went wrong, for the caller to print */
	struct strbuf top, tmp, index, head, parent, ident;
	unsigned nblob;
	bool use_index;
	/*
	 * small: the index holds only MAINTAINERS/ (when every file of the
	 * plan is there), and each root tree is root (the entries of the
	 * root but MAINTAINERS, as ls-tree gives them) with the tree that
	 * write-tree --prefix makes, by mktree: a commit then costs a few
	 * milliseconds, where one on an index of the whole tree (86,000
	 * entries in 6.12, read and written by update-index and by
	 * write-tree) costs a quarter of a second.
	 */
	bool small;
	struct strbuf root;
	/* what the steps make (series.c) */
	struct maintainers m; /* HEAD's MAINTAINERS */
	struct split_plan plan;
	struct strbuf orig; /* its text */
	struct strbuf mode, oid; /* its mode; the sorted text's blob */
	struct strbuf effects; /* the readers: what each change means */
	struct strbuf table; /* the plan: file, entries */
	size_t nreaders, nfiles, nrest, npatches;
	bool sorted; /* HEAD's MAINTAINERS was in canonical order */
};

/* series-git.c */
void split_series_chomp(struct strbuf *sb);
int split_series_git_argv(struct series *s, const char *in, struct strbuf *out,
			  const char *const *args);
int split_series_git(struct series *s, const char *in, struct strbuf *out, ...);
int split_series_write_path(const char *path, const char *data, size_t len);
int split_series_tmp_file(struct series *s, struct strbuf *path,
			  const char *what, const char *data, size_t len);
int split_series_blob(struct series *s, const struct strbuf *text,
		      struct strbuf *oid);
int split_series_commit(struct series *s, const struct strbuf *msg,
			const char *const *cacheinfo, size_t n);
int split_series_head_entry(struct series *s, const char *path,
			    struct strbuf *mode);
bool split_series_usable_outdir(const char *path);

/* series-text.c */
void split_series_add_wrapped(struct strbuf *out, const char *text);
void __attribute__((format(printf, 2, 3)))
split_series_addf_wrapped(struct strbuf *out, const char *fmt, ...);
void split_series_message(struct series *s, struct strbuf *msg,
			  const char *subj, const char *body);
void split_series_cover_text(struct series *s, struct maintainers *m,
			     const struct strbuf *orig, size_t nreaders,
			     size_t nfiles, size_t nrest,
			     const struct strbuf *table,
			     const struct strbuf *effects, bool sorted,
			     struct strbuf *out);
void split_series_move_message(struct series *s, const struct maintainers *m,
			       const char *name, const char *dest,
			       const size_t *sel, size_t n, struct strbuf *msg);

/* series-readers.c */
int split_series_patch_readers(struct series *s, struct strbuf *effects,
			       size_t *npatches);

#endif
