/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Three-way merge of MAINTAINERS models.
 *
 * Sections are matched by header (and, when one side renamed a header,
 * by content); within a section the field lines are merged as multisets:
 * every line a side added is kept, every line a side removed is removed,
 * a line both added is kept once.  Real conflicts are:
 *  - both sides set a different S: (status),
 *  - one side removed a section the other changed,
 *  - both sides renamed a section differently,
 *  - the preamble edited differently on both sides;
 * each leaves conflict markers around the section (or the preamble) and
 * the rest merged.
 *
 * Order: when all three inputs have their sections in canonical order,
 * so has the result; when all three have their fields in canonical order
 * (format --order), so have the result's.  Otherwise the result keeps
 * OURS' order and puts what THEIRS added where the canonical order says.
 *
 * The result is written in normalised form: "X:<TAB>value" lines and one
 * blank line between sections (what maint format writes).
 */
#ifndef MAINT_MERGE_H
#define MAINT_MERGE_H

#include "maintainers.h"

struct merge_opts {
	int marker_size; /* 7 when 0 */
	const char *ours_label; /* "ours" when NULL */
	const char *theirs_label; /* "theirs" when NULL */
};

struct merge_result {
	size_t conflicts; /* conflict blocks written */
	size_t sections; /* sections in the result */
};

/* Append the merged file to out.  0, or -1 when out of memory. */
int mnt_merge(const struct maintainers *base, const struct maintainers *ours,
	      const struct maintainers *theirs, const struct merge_opts *opts,
	      struct strbuf *out, struct merge_result *res);

/* Are the sections (fields, with order) in canonical order? */
bool mnt_sections_sorted(const struct maintainers *m);
bool mnt_fields_sorted(const struct maintainers *m, const char *order);

#endif
