/* SPDX-License-Identifier: GPL-2.0 */
/*
 * .mailmap as get_maintainer.pl reads it (read_mailmap() and
 * mailmap_email()): "Proper Name <proper@addr>", "<proper> <commit>",
 * "Proper Name <proper> <commit>" and "Proper Name <proper> Commit Name
 * <commit>" lines map a name and address to the proper ones.
 *
 * The file is read at once but parsed lazily: its lines are indexed by
 * the addresses they can map, and the first lookup of an address parses
 * its lines, in file order, exactly as the script parses every line.
 *
 * Ownership: struct mnt_mailmap owns the text, the maps and its regexes;
 * mnt_mailmap_release() frees everything.  An empty mailmap (nothing read)
 * maps every address to itself, formatted.
 */
#ifndef MAINT_MAILMAP_H
#define MAINT_MAILMAP_H

#include "base/base.h"
#include "email.h"

struct mnt_mailmap {
	struct mnt_email_parser ep;
	struct perlre re[5];
	struct strmap names, addresses; /* as parsed so far */
	struct strmap index; /* address -> its lines (struct mm_lines *) */
	struct strbuf text; /* the lines, comments and white space gone */
	struct arena arena;
};

void mnt_mailmap_init(struct mnt_mailmap *mm);
void mnt_mailmap_release(struct mnt_mailmap *mm);
/* Read a .mailmap file (a missing one is fine).  0, or -1 with *err. */
int mnt_mailmap_read(struct mnt_mailmap *mm, const char *path, int *err);
/*
 * mailmap_email(): out = the mapped "Name <address>" of line.  0, or -1
 * out of memory (errno ENOMEM).
 */
int mnt_mailmap_map(struct mnt_mailmap *mm, const char *line, size_t len,
		    struct strbuf *out);

#endif
