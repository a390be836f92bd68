/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Patches: the one reader of unified diffs in maint.
 *
 * patch_parse() reads what git format-patch mails, git diff, diff -u
 * and diff -ruN write: any text before, between and after the files
 * (mail headers, the commit message, a diffstat, a "-- " signature),
 * "diff --git" extended headers (renames, copies, new and deleted files,
 * mode changes, binary files), "--- "/"+++ " file names, and hunks whose
 * line counts are honoured: a hunk ends when its counts are used up, so
 * a mail's signature and trailing text are never hunk lines.
 * patch_apply() applies one file's hunks to its old text.
 *
 * get_maintainer.pl reads a patch differently: line by line, each line
 * on its own, hunk counts ignored (a removed line "-- x" reads as a file
 * name "--- x").  get must give the script's answer, so the same
 * grammar is also offered that way: patch_scan_line().
 *
 * Ownership: struct patch owns its files, their names and lines (copies
 * of the text, which may be freed after patch_parse()).  struct
 * patch_scanner owns the regexes it compiles.
 */
#ifndef MAINT_PATCH_H
#define MAINT_PATCH_H

#include "diag.h"
#include "perlre.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

struct patch_line {
	char op; /* ' ' context, '-' removed, '+' added */
	size_t off, len; /* text in the file's buf, with its newline if any */
};

struct patch_hunk {
	unsigned long old_start, old_count, new_start, new_count;
	size_t first, nr; /* its lines */
};

struct patch_file {
	char *old_name,
		*new_name; /* as written (a/ b/ kept); NULL: /dev/null */
	bool is_git; /* had a "diff --git" header */
	bool is_new, is_deleted, is_rename, is_copy, is_binary;
	unsigned old_mode, new_mode; /* 0 when not given */
	struct patch_hunk *hunks;
	size_t nr_hunks, alloc_hunks;
	struct patch_line *lines;
	size_t nr_lines, alloc_lines;
	struct strbuf buf; /* the lines' text */
	unsigned long lineno; /* where its header starts in the patch */
};

struct patch {
	struct patch_file *files;
	size_t nr, alloc;
};

#define PATCH_INIT         \
	{                  \
		NULL, 0, 0 \
	}

/*
 * Read the files of a patch text (name for messages).  0, or -1 with
 * "NAME:LINE: message" in d (D_READ) for a hunk that is cut short or
 * malformed, or out of memory (D_NOMEM).
 */
int patch_parse(struct patch *p, const char *name, const char *text, size_t len,
		struct diags *d);
void patch_release(struct patch *p);

/*
 * A file's path in the tree: the new name (the old one for a deleted
 * file), less any leading "./", and less its first component when
 * strip > 0 (git apply -p1) or, when strip < 0, when that component is
 * one character ("a/", "b/" as git and diff -ruN a b write).  NULL for
 * none.
 */
const char *patch_path(const struct patch_file *f, int strip);
/* The same for one name (NULL stays NULL). */
const char *patch_strip(const char *name, int strip);

/*
 * Apply f's hunks to old, each at the line its header names (no
 * offsets, no fuzz), or find that old already holds them (the
 * post-image).  out: the text after the patch; touched (calloc'd, one
 * per post-image line, 1-based, *nr + 1 of them): lines the patch adds,
 * or after which it removes some.  0, or -1 when it does not fit (or
 * out of memory).
 */
int patch_apply(const struct patch_file *f, const char *old, size_t olen,
		struct strbuf *out, bool **touched, size_t *nr);

/* ---- get_maintainer.pl's way: one line at a time ---- */

enum patch_scan {
	PS_TEXT, /* anything else (where the script looks for K:) */
	PS_MODE, /* " mode change 100644 => 100755 FILE" (a diffstat) */
	PS_RENAME, /* "rename from FILE", "rename to FILE" */
	PS_DIFF_GIT, /* "diff --git a/FILE b/FILE2" */
	PS_FIXES, /* "Fixes: SHA1" */
	PS_FILE, /* "--- FILE", "+++ FILE": the name less its first part */
	PS_HUNK, /* "@@ -START,COUNT" */
	PS_NOMEM, /* no memory to tell (errno ENOMEM) */
};

struct patch_scanner {
	struct perlre re[7];
};

void patch_scanner_init(struct patch_scanner *ps);
void patch_scanner_release(struct patch_scanner *ps);
/*
 * What the script makes of one line (with its newline): the kind, and
 * in *a (and *b for PS_DIFF_GIT, the start for PS_HUNK) what it takes.
 */
enum patch_scan patch_scan_line(struct patch_scanner *ps, const char *line,
				size_t len, const char **a, size_t *alen,
				const char **b, size_t *blen);

#endif
