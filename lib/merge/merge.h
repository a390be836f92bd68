/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Three-way merge of MAINTAINERS texts, for git's merge driver.
 *
 * Never worse than git: the merge starts from git merge-file's (run on
 * the three texts), and where git merges cleanly the result is git's,
 * byte for byte, except where git's result breaks MAINTAINERS' own
 * rules: a section (or a field line of a section) that both sides added
 * at different places and that git therefore keeps twice, where neither
 * side had it twice.  The same copies are one, at OURS' place; different
 * ones under one header (two people claiming one driver) are a conflict.
 *
 * Where git conflicts, each conflict hunk grows to the whole sections
 * around it (up to the header above it and the next header below it),
 * and the three versions of that region go through the section merge:
 *
 *  - Sections are matched by header (trimmed), a header that changed by
 *    content (a rename: most of its lines shared).  A section both sides
 *    added under one header is one section when the two are the same, a
 *    conflict when not.
 *  - A section THEIRS added goes right after the section before it in
 *    THEIRS; among sections OURS added at the same place, where the
 *    canonical order puts it.
 *  - Field lines are a multiset: a line k times in base, o in OURS, t in
 *    THEIRS appears t times if o = k, o times if t = k or o = t, and is
 *    a conflict otherwise.  The S: lines of a section are one value:
 *    changed differently on both sides, a conflict.  A line THEIRS added
 *    goes after its predecessor in THEIRS' version of the section.  A
 *    line both sides removed, each putting a different line of its kind
 *    (or none) in its place, is a conflict, as for git.
 *  - A section one side removed and the other changed, a header renamed
 *    differently on both sides, and preamble lines changed differently
 *    are conflicts.
 *
 * The region is resolved only when that merge is clean, the region holds
 * sections (text in another layout is merged by lines, as git merges it)
 * and the result obeys the count rule above for every line of every
 * section, blank and trailing lines included; else git's hunks stay as
 * they are.  A result with no conflict left is checked by the same rule
 * against the whole inputs before it is taken; the sections that fail it
 * (git's text between the hunks put a change of one side into a
 * look-alike section) are merged again from their three versions, and
 * when the check still fails the result is git's own.
 *
 * Conflicts are written as git writes them: "<<<<<<< OURS-LABEL", the
 * base part after "||||||| BASE-LABEL" in the diff3 and zdiff3 styles,
 * "=======", ">>>>>>> THEIRS-LABEL"; the merge and zdiff3 styles move
 * lines both sides share out of the block.  When no hunk is resolved the
 * result is git merge-file's output in the style asked for.
 *
 * Ownership: nothing is kept after mg_merge_text() returns; the result
 * is appended to the caller's strbuf.
 */
#ifndef MAINT_MERGE_H
#define MAINT_MERGE_H

#include "base/base.h"

#include <stdbool.h>
#include <stddef.h>

enum merge_style {
	MERGE_STYLE_MERGE, /* ours and theirs */
	MERGE_STYLE_DIFF3, /* with the base part */
	MERGE_STYLE_ZDIFF3, /* with the base part, common lines moved out */
};

struct merge_opts {
	int marker_size; /* 7 when 0 */
	enum merge_style style;
	const char *ours_label; /* "ours" when NULL */
	const char *base_label; /* "base" when NULL */
	const char *theirs_label; /* "theirs" when NULL */
	/*
	 * base, ours and theirs as files, for git merge-file; NULL: the
	 * texts are written to temporary files
	 */
	const char *paths[3];
};

struct merge_result {
	size_t conflicts; /* conflict blocks written */
	size_t git_conflicts; /* conflict hunks git merge-file left */
	size_t resolved; /* regions of them resolved by structure */
	size_t moved; /* sections moved on one side, changed on the other */
	bool deduped; /* git's clean result had a duplicate removed */
	bool check_failed; /* the last check refused a clean result */
};

/*
 * Merge three texts; append the result to out.  opts may be NULL.
 * 0, or -1 when out of memory or git merge-file could not run.
 */
int mg_merge_text(const char *base, size_t blen, const char *ours, size_t olen,
		  const char *theirs, size_t tlen,
		  const struct merge_opts *opts, struct strbuf *out,
		  struct merge_result *res);

#endif
