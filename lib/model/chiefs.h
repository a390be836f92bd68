/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The chief penguins of a tree's scripts/get_maintainer.pl: its
 * push(@penguin_chief, "NAME:ADDRESS"); lines (6.12 says Linus Torvalds,
 * U-Boot's copy Tom RINI), which --git-chief-penguins adds and whose
 * names the git signers leave out otherwise.  Read as text (no Perl
 * run): each such line not commented out, its string unquoted as Perl
 * does, split at its last ':' as the script's m/^(.*):(.*)/; a string
 * with no ':' is skipped, as the script skips it.  No script, or none of
 * those lines: Linus Torvalds, the 6.12 script's.
 *
 * Ownership: struct mnt_chiefs owns its strings; mnt_chiefs_release().
 * An empty one (zeroed) stands for the default.
 */
#ifndef MAINT_MODEL_CHIEFS_H
#define MAINT_MODEL_CHIEFS_H

#include <stddef.h>

struct mnt_chief {
	char *name, *addr;
};

struct mnt_chiefs {
	struct mnt_chief *v;
	size_t nr, alloc;
	/*
	 * The script's $penguin_chiefs: "(" the names joined with "|" ")",
	 * not escaped (a regex, matched with /i as the script does)
	 */
	char *names_re;
};

/* The chiefs of a script's text (none found: c stays empty); 0 or -1. */
int mnt_chiefs_of_script(struct mnt_chiefs *c, const char *buf, size_t len);
/*
 * The chiefs of the script at path (unreadable: c stays empty).  0, or
 * -1 with errno ENOMEM.
 */
int mnt_chiefs_read(struct mnt_chiefs *c, const char *path);
/* Where a tree has its script, from its top. */
#define MNT_CHIEFS_SCRIPT "scripts/get_maintainer.pl"
/*
 * The chiefs of a tree: its top's MNT_CHIEFS_SCRIPT, read as
 * mnt_chiefs_read() does; tree NULL or "" is the current directory
 * (get's tree top, where check --cc runs).  0, or -1 with errno ENOMEM.
 */
int mnt_chiefs_read_tree(struct mnt_chiefs *c, const char *tree);
/* The chiefs in order, Linus alone for an empty c; their number in *nr. */
const struct mnt_chief *mnt_chiefs_list(const struct mnt_chiefs *c, size_t *nr);
/* The names' regex ("(Linus Torvalds)" for an empty c). */
const char *mnt_chiefs_regex(const struct mnt_chiefs *c);
void mnt_chiefs_release(struct mnt_chiefs *c);

#endif
