/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Canonical order and rendering, as scripts/parse-maintainers.pl does it.
 *
 * Sections sort by header, compared upper-cased (ASCII) with every
 * "THE REST" replaced by "ZZZZZZ", byte by byte.  Where two headers
 * compare equal that way (they differ only in case), Perl's order
 * depends on its hash seed; maint breaks the tie by comparing the
 * original headers byte by byte, so the result is always the same.
 *
 * With an order string (--order), the field lines of each section are
 * sorted stably by the position of their upper-cased first letter in
 * the string (letters not in it go last); two F: lines, or two X: lines,
 * compare as whole lines, byte by byte.
 */
#ifndef MAINT_FORMAT_H
#define MAINT_FORMAT_H

#include "maintainers.h"

/* parse-maintainers.pl (6.12) --order */
#define MNT_ORDER_DEFAULT "MRLSWQBCPTFXNK"

/* Compare two section headers in canonical order (never 0 unless equal). */
int mnt_header_cmp(const char *a, size_t alen, const char *b, size_t blen);

/*
 * Sort idx[0..n) (section indexes) in canonical order.  0, or -1 when
 * out of memory (idx is then left as it was).
 */
int mnt_sort_sections(const struct maintainers *m, size_t *idx, size_t n);

/*
 * The section's line indexes (into mnt->lines) in output order: as read,
 * or sorted by the order string when order is not NULL.  out must hold
 * s->nr entries.
 */
int mnt_order_lines(const struct maintainers *m, const struct mnt_section *s,
		    const char *order, size_t *out);

/* A line's text, for sorting lines that are not (only) in one model. */
struct mnt_text {
	const char *s;
	size_t len;
};

/* Sort lines stably in field order (as --order does).  0, or -1. */
int mnt_order_texts(struct mnt_text *v, size_t n, const char *order);

/*
 * Append the sections idx[0..n), in that order, as parse-maintainers.pl
 * writes them: the preamble verbatim, the others as header and field
 * lines, separated by blank lines.
 */
int mnt_render(const struct maintainers *m, const size_t *idx, size_t n,
	       const char *order, struct strbuf *out);
/* The same into a sink, flushed as it fills (and finished). */
int mnt_render_sink(const struct maintainers *m, const size_t *idx, size_t n,
		    const char *order, struct sink *out);

/*
 * One file of a directory as it would be on its own: its part of the
 * preamble, then the sections idx[0..n) (sections of that file, in the
 * order to write), appended to out.  0, or -1 when out of memory.
 */
int mnt_render_file(const struct maintainers *m, unsigned file,
		    const size_t *idx, size_t n, const char *order,
		    struct strbuf *out);

/*
 * Check that every input file is in canonical form: sections in order,
 * field lines in canonical form (and in order when order is not NULL),
 * one blank line between sections.  Each departure is added to d with
 * its file:line.  Returns the number of findings, or -1 when out of
 * memory.
 */
long mnt_check_canonical(const struct maintainers *m, const char *order,
			 struct diags *d);

#endif
