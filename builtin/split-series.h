/* SPDX-License-Identifier: GPL-2.0 */
/*
 * maint split --series: the split of a kernel tree's MAINTAINERS as a
 * patch series, written with git plumbing on a temporary index (no
 * checkout; the user's work tree, index and branches are not touched).
 * See doc/maint-split.1.
 */
#ifndef MAINT_SPLIT_SERIES_H
#define MAINT_SPLIT_SERIES_H

#include "split/split.h"
#include "base/base.h"

#include <stdbool.h>

struct series_opts {
	enum split_by by;
	const char *by_name; /* "dir", "list", "tree", "rules" */
	int min;
	const char *rules, *rules_name; /* the rules file's text and name */
	size_t rules_len;
	const char *outdir; /* where the patches go: new or empty */
	bool signoff; /* -s: the committer's Signed-off-by in each */
};

/* Make the temporary directory next to path: DIR/.BASE.maint-XXXXXX. */
int split_tmpdir_near(const char *path, struct strbuf *tmp);

/* Exit status: 0, or 2 (reported). */
int split_series(const struct series_opts *o);

#endif
