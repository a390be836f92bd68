/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to lib/export: the chief penguins CODEOWNERS leaves out, as
 * get leaves them out of its answer (lib/get/get-answer.c): an M: or R:
 * value is a chief's when its "Name <address>" (parsed and formatted as
 * the script's parse_email() and format_email() do, with the name)
 * matches a chief's "Name <address>" taken as a regex, case-sensitively.
 * So "Linus Torvalds <torvalds@linux-foundation.org>" leaves out the
 * kernel's THE REST line, and U-Boot's "Tom RINI <trini@konsulko.com>"
 * does not leave out its "Tom Rini <trini@konsulko.com>" lines.
 *
 * Ownership: struct export_chiefs owns its parser, patterns and
 * buffers, and borrows nothing; export_chiefs_release() frees them.
 */
#ifndef MAINT_EXPORT_INTERNAL_H
#define MAINT_EXPORT_INTERNAL_H

#include "base/base.h"
#include "model/model.h"

struct export_chiefs {
	struct mnt_email_parser ep;
	struct perlre *re; /* each chief's "Name <address>", a regex */
	struct strbuf *pat; /* the patterns re[] point into */
	size_t nr;
	struct mnt_email e;
	struct strbuf fmt;
};

/*
 * The chiefs of c (NULL or empty: Linus, as mnt_chiefs_list() says).
 * 0, or -1 with errno ENOMEM (x then released).
 */
int export_chiefs_init(struct export_chiefs *x, const struct mnt_chiefs *c);
/*
 * Whether the M:/R: value v is a chief's: 1, 0, or -1 out of memory.  A
 * chief's pattern that is not a valid regex (or hits its limit) does
 * not match, as get takes it.
 */
int export_chiefs_match(struct export_chiefs *x, const char *v, size_t len);
void export_chiefs_release(struct export_chiefs *x);

#endif
