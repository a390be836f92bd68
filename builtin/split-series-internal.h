/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inside of maint split --series (builtin/split-series*.c):
 *
 *   split-series.c          the steps: the checks, the plan, the sort and
 *                           the move, one commit per file, the series
 *   split-series-git.c      git plumbing on the temporary index: blobs,
 *                           commits, HEAD's entries, the temporary
 *                           directory
 *   split-series-readers.c  the patches to the tree's readers of
 *                           MAINTAINERS (exact edits, as in 6.12)
 *   split-series-text.c     the words: commit messages wrapped at WRAP
 *                           columns, the cover letter
 */
#ifndef MAINT_SPLIT_SERIES_INTERNAL_H
#define MAINT_SPLIT_SERIES_INTERNAL_H

#include "split-series.h"
#include "model/model.h"

#include <stdbool.h>
#include <stddef.h>

#define WRAP 72 /* the width of every message and of the cover letter */

struct series {
	const struct series_opts *o;
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
	/* what the steps make (split-series.c) */
	struct maintainers m; /* HEAD's MAINTAINERS */
	struct split_plan plan;
	struct strbuf orig; /* its text */
	struct strbuf mode, oid; /* its mode; the sorted text's blob */
	struct strbuf effects; /* the readers: what each change means */
	struct strbuf table; /* the plan: file, entries */
	size_t nreaders, nfiles, nrest, npatches;
	bool sorted; /* HEAD's MAINTAINERS was in canonical order */
};

/* split-series-git.c */
void series_chomp(struct strbuf *sb);
int series_git_argv(struct series *s, const char *in, struct strbuf *out,
		    const char *const *args);
int series_git(struct series *s, const char *in, struct strbuf *out, ...);
int series_write_path(const char *path, const char *data, size_t len);
int series_tmp_file(struct series *s, struct strbuf *path, const char *what,
		    const char *data, size_t len);
int series_blob(struct series *s, const struct strbuf *text,
		struct strbuf *oid);
int series_commit(struct series *s, const struct strbuf *msg,
		  const char *const *cacheinfo, size_t n);
int series_head_entry(struct series *s, const char *path, struct strbuf *mode);
bool series_usable_outdir(const char *path);

/* split-series-text.c */
void series_add_wrapped(struct strbuf *out, const char *text);
void __attribute__((format(printf, 2, 3)))
series_addf_wrapped(struct strbuf *out, const char *fmt, ...);
void series_message(struct series *s, struct strbuf *msg, const char *subj,
		    const char *body);
void series_cover_text(struct series *s, struct maintainers *m,
		       const struct strbuf *orig, size_t nreaders,
		       size_t nfiles, size_t nrest, const struct strbuf *table,
		       const struct strbuf *effects, bool sorted,
		       struct strbuf *out);
void series_move_message(struct series *s, const struct maintainers *m,
			 const char *name, const char *dest, const size_t *sel,
			 size_t n, struct strbuf *msg);

/* split-series-readers.c */
int series_patch_readers(struct series *s, struct strbuf *effects,
			 size_t *npatches);

#endif
