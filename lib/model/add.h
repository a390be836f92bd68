/* SPDX-License-Identifier: GPL-2.0 */
/*
 * add: a new MAINTAINERS entry inserted where parse-maintainers.pl's
 * order puts it, the rest of the file left byte for byte as it was.
 *
 * The entry's field lines are written "X:<TAB>value" in the canonical
 * field order (MNT_ORDER_DEFAULT); it goes before the first section of
 * the file whose header sorts after its own (mnt_header_cmp()), or at
 * the end.  With inherit, the L:, T: and S: lines the entry lacks are
 * taken from its parent: the section with the longest F: directory
 * ("dir/", a catch-all such as "*" never counts) that holds one of the
 * entry's F: paths.
 *
 * Ownership: the caller owns every argument; out is appended to.  The
 * library never prints: problems are diagnostics in d.
 */
#ifndef MAINT_ADD_H
#define MAINT_ADD_H

#include "maintainers.h"

#include <stdbool.h>

struct add_result {
	const struct mnt_section *parent; /* NULL: none (or not asked) */
	size_t inherited; /* lines taken from it */
	unsigned long lineno; /* the new header's line in the result */
};

/*
 * m: a MAINTAINERS file read on its own (not a directory).  fields are
 * "X: value" texts (any white space after the colon).  Appends the new
 * file to out.  0, or -1 with the reasons in d (file:line where one
 * applies).
 */
int mnt_add_entry(const struct maintainers *m, const char *header,
		  char *const *fields, size_t n, bool inherit,
		  struct strbuf *out, struct add_result *res, struct diags *d);

#endif
