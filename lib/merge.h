/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Three-way merge of MAINTAINERS texts.
 *
 * The text is the truth: the result is OURS' text, byte for byte, with
 * THEIRS' changes applied to it.  A line nobody changed keeps its bytes
 * and its place; nothing is re-sorted or re-formatted.
 *
 * Structure is read the way scripts/parse-maintainers.pl reads it: a
 * section is a header line (a line that is not "X:..." followed by one
 * that is), its field lines, and the lines after them up to the next
 * header (its trailer, usually one blank line); what comes before the
 * first section is the preamble.
 *
 *  - Sections are matched by header (trimmed), a header that changed by
 *    content (a rename: most of its lines shared).  A rename on one side
 *    and an add of the same new header on the other are one section.
 *  - A section THEIRS added (or moved) goes right after the section that
 *    precedes it in THEIRS (its anchor, where OURS has it, moved or not;
 *    if the anchor is gone, the nearest earlier one that survives);
 *    among sections OURS added at the same place it goes where the
 *    canonical order puts it.
 *  - Field lines are a multiset: a line k times in base, o in OURS, t in
 *    THEIRS appears t times if o = k, o times if t = k or o = t, and is
 *    a conflict otherwise.  The S: lines of a section are one value:
 *    changed differently on both sides, a conflict.  A line THEIRS added
 *    goes after its predecessor in THEIRS' version of the section.
 *    A line both sides removed, each putting a different line of its
 *    kind (or none) in its place, is a conflict, as for git.
 *  - A section one side removed and the other changed, a header renamed
 *    differently on both sides, and preamble lines changed differently
 *    are conflicts.
 *
 * Conflicts are written as git writes them: "<<<<<<< OURS-LABEL", the
 * base part after "||||||| BASE-LABEL" in the diff3 and zdiff3 styles,
 * "=======", ">>>>>>> THEIRS-LABEL"; the merge and zdiff3 styles move
 * lines both sides share out of the block.  Empty inputs and results
 * are clean merges.
 *
 * Ownership: nothing is kept after mnt_merge_text() returns; the result
 * is appended to the caller's strbuf.
 */
#ifndef MAINT_MERGE_H
#define MAINT_MERGE_H

#include "strbuf.h"

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
};

struct merge_result {
	size_t conflicts; /* conflict blocks written */
	size_t sections; /* sections in the result */
};

/*
 * Merge three texts; append the result to out.  opts may be NULL.
 * 0, or -1 when out of memory.
 */
int mnt_merge_text(const char *base, size_t blen, const char *ours, size_t olen,
		   const char *theirs, size_t tlen,
		   const struct merge_opts *opts, struct strbuf *out,
		   struct merge_result *res);

/*
 * Is the line a conflict marker: "<<<<<<<", "|||||||" or ">>>>>>>" (7 or
 * more, alone or before a space), or "=======" alone (exactly 7: longer
 * runs of '=' underline the kernel file's title)?
 */
bool mnt_is_conflict_marker(const char *s, size_t len);

#endif
