/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check: lint and self-test for MAINTAINERS.
 *
 * ck_run() reads the lines of the files a struct gm_db holds and finds:
 *
 *  - what scripts/get_maintainer.pl --self-test (6.12) reports, found
 *    the script's way (sections without status, e-mail or pattern;
 *    duplicate headers, which for the script means "a prefix of an
 *    earlier header"; F:/X: patterns, made into the script's regex and
 *    run unanchored at the end, that match no file of the tree; links
 *    and T: entries), written in the script's own words to o->script
 *    when asked;
 *  - checkpatch.pl's MAINTAINERS style checks, applied to every line;
 *  - e-mail syntax of M:, R:, L:; S: values; duplicate and shared F:
 *    patterns; X: patterns that exclude nothing of their section;
 *    N:/K: regexes that do not compile; sections that are never the
 *    best match of any file they match;
 *  - the canonical order of format --order (mnt_check_canonical()).
 *
 * Each finding is a diagnostic (lib/diag.h) with file:line.  Network
 * probes of links are the caller's: o->probe runs the script's shell
 * command; without it links are checked for syntax only.
 *
 * Ownership: nothing here keeps a pointer after returning; struct
 * ck_tree is the caller's (ck_tree_release() frees one built by
 * ck_tree_add_list()).  Nothing prints or exits.
 */
#ifndef MAINT_CHECK_H
#define MAINT_CHECK_H

#include "base/base.h"
#include "get/get.h"
#include "cc-check.h"

#include <stdbool.h>
#include <stddef.h>

/* The files of the tree, sorted in byte order. */
struct ck_tree {
	char **v; /* point into buf */
	size_t nr, alloc;
	struct strbuf buf;
};

#define CK_TREE_INIT                    \
	{                               \
		NULL, 0, 0, STRBUF_INIT \
	}

/*
 * Fill an empty tree from list (one path a line) as get_maintainer.pl
 * takes git ls-files output: leading white space dropped, empty lines
 * skipped.  Takes the text over (list is left empty).  Sorts.  Once per
 * tree: the paths point into its buffer.  0 or -1 (ENOMEM).
 */
int ck_tree_add_list(struct ck_tree *t, struct strbuf *list);
void ck_tree_release(struct ck_tree *t);

struct ck_opts {
	/* the script's --self-test value ("" for all), or NULL for check */
	const char *self_test;
	/* check mode: which checks run (by diagnostic id) */
	bool enabled[D__COUNT];
	/* files of the tree, or NULL: pattern checks are skipped */
	const struct ck_tree *tree;
	/* run the script's shell command for a link: 0 reachable */
	int (*probe)(void *arg, const char *cmd);
	void *probe_arg;
	/* self-test mode: the script's lines go here */
	struct strbuf *script;
	/*
	 * Patch mode: is a finding at file:line kept (ck_patch_covers())?
	 * When set, the checks that read the tree (patterns no file
	 * matches, X: that exclude nothing, shadowed sections) skip the
	 * lines whose findings would be dropped, and tree need only hold
	 * the files below the kept sections' patterns (ck_patch_pathspecs()).
	 */
	bool (*focus)(void *arg, const char *file, unsigned long line);
	void *focus_arg;
};

/* Every check on but the opt-in ones (check --with); the self-test off. */
void ck_opts_default(struct ck_opts *o);

/* The checks check runs by default, in the order check --list shows. */
struct ck_check {
	enum diag_id id;
	const char *what;
};

extern const struct ck_check ck_checks[];
extern const size_t ck_nr_checks;

/*
 * Turn the checks of list (names, comma-separated) on or off.  0, or -1
 * with the name that is none in *bad, *badlen (o may be changed).
 */
int ck_opts_select(struct ck_opts *o, const char *list, bool on,
		   const char **bad, size_t *badlen);
/* The same for the opt-in lints (all-excluded, dead-regex, "all"). */
int ck_opts_with(struct ck_opts *o, const char *list, const char **bad,
		 size_t *badlen);
/* Do the checks o turns on (or the self-test) read the tree's files? */
bool ck_needs_tree(const struct ck_opts *o);

struct ck_patch;

/* How the tree's files were found (for the caller's notes). */
struct ck_tree_how {
	bool no_git; /* no .git: the files as they are, .gitignore unread */
	unsigned long ignores_all; /* a .gitignore line hiding every file */
};

/*
 * Fill an empty tree with the files get_maintainer.pl would list in the
 * current directory: git ls-files ./ in a git work tree, else every file
 * below it; with cp, as its patches leave them.  0 or -1.
 */
int ck_tree_read(struct ck_tree *t, const struct ck_patch *cp,
		 struct ck_tree_how *how);

/* o->probe: run cmd with /bin/sh -c; its exit status, -1 when it cannot */
int ck_probe_shell(void *arg, const char *cmd);

/*
 * Run the checks on db (read with gm_db_read()).  Findings go to d.
 * 0, -1 when out of memory, 1 when the self-test stopped at a pattern
 * that is not a regex (where the script dies).
 */
int ck_run(struct gm_db *db, const struct ck_opts *o, struct diags *d);

/*
 * Coverage: how many files of the tree have a maintained section (S:
 * Supported, Maintained or Odd Fixes) among their best matches, not
 * counting THE REST; a table by top-level directory and the largest
 * directories where no file is covered, as text.  0 or -1.
 */
int ck_coverage(struct gm_db *db, const struct ck_tree *tree,
		struct strbuf *out);

/*
 * What check finds in one field line ("X: value") on its own, with
 * nothing else of the file and no tree (maint add): an entry type not
 * in MRLSWQBCPTFXNK, an M:, R: or L: that is not an e-mail address, an
 * S: that is no known status, an N: or K: regex that does not compile,
 * an F: or X: pattern that can never match (it starts with '/' or holds
 * "//": no-file-matches, or globstar when it holds "**").  The finding
 * goes to d in check's words, with no file.  1 with a finding, 0
 * without (a line that is no field is none), -1 (ENOMEM).
 */
int ck_field_line(const char *s, size_t len, struct diags *d);

/* ---- check PATCH: only what a patch changes (check-patch.c) ---- */

/* A MAINTAINERS file a patch changes, patched in memory. */
struct ck_pfile {
	char *path; /* as the tree names it */
	struct strbuf text; /* after the patch */
	bool *touched; /* by post-image line, 1-based */
	bool *header_hit; /* headers of sections with a touched line */
	size_t nr_lines;
};

struct ck_patch {
	struct ck_pfile *v;
	size_t nr, alloc;
	/*
	 * Read the files a patch changes from this git revision ("HEAD";
	 * git cat-file blob REV:PATH), not from the work tree: a pre-commit
	 * hook checks the staged change whatever the work tree holds.
	 */
	const char *base;
	/*
	 * The files the patches create and those they delete (or rename
	 * away), one path a line: "matches no file" is about the tree as
	 * the patch leaves it.
	 */
	struct strbuf added, removed;
};

#define CK_PATCH_INIT                                      \
	{                                                  \
		NULL, 0, 0, NULL, STRBUF_INIT, STRBUF_INIT \
	}

/*
 * Read a patch (name, "-" for standard input) and apply what it changes
 * in MAINTAINERS files (a path with a MAINTAINERS component) to the
 * tree's files, or find the tree already patched.  0, or -1 with the
 * reason in d.
 */
int ck_patch_read(struct ck_patch *cp, const char *name, struct diags *d);
/* Read db again with the patched texts in place of the files'.  0 or -1. */
int ck_patch_db(struct gm_db *db, struct ck_patch *cp, struct diags *d);
/* Is a finding about a line the patch changed (or a section it touched)? */
bool ck_patch_covers(const struct ck_patch *cp, const struct diag *dg);
/* Is a finding on a line the patch adds (or changes)? */
bool ck_patch_adds(const struct ck_patch *cp, const struct diag *dg);
/* The same for a place: file (as db names it) and line. */
bool ck_patch_covers_line(const struct ck_patch *cp, const char *file,
			  unsigned long line);
/*
 * The directories (each ending in '/', one a line in out) below which
 * the files of the sections the patch touches must be, for the pattern
 * checks of those sections: the directory part of the literal prefix of
 * each of their F:/X: patterns.  *all set when one has none (a pattern
 * starting with a wildcard): then the whole tree is needed.  0 or -1.
 */
int ck_patch_pathspecs(const struct ck_patch *cp, const struct gm_db *db,
		       struct strbuf *out, bool *all);
/*
 * The tree's files (list, one path a line, as git ls-files gives them)
 * as the patches leave them: the files they create added, those they
 * delete taken out, whether or not the tree is patched already.  0 or
 * -1 (ENOMEM).
 */
int ck_patch_files(const struct ck_patch *cp, struct strbuf *list);
/*
 * Notes on what the patches add (D_CATCH_ALL, D_WIDENED): each new file
 * that only catch-alls cover (THE REST, or sections whose F: matching it
 * is two or more directories above it), at the first such section; and
 * with t, each F: directory or glob line the patches write that takes in
 * more than one file of t the section's other F: lines (and its X:) do
 * not, with the count.  db as the patches leave it.  0 or -1 (ENOMEM).
 */
int ck_patch_notes(const struct ck_patch *cp, struct gm_db *db,
		   const struct ck_tree *t, struct diags *d);
/*
 * ck_tree_read() for what the patches touch: in a git work tree only the
 * files below ck_patch_pathspecs() (none when there is no pattern), else
 * the whole tree.  0 or -1.
 */
int ck_patch_tree_read(struct ck_tree *t, const struct ck_patch *cp,
		       const struct gm_db *db, struct ck_tree_how *how);
/* ck_opts.focus for a struct ck_patch: ck_patch_covers_line() */
bool ck_patch_focus(void *cp, const char *file, unsigned long line);
/* Is a finding reported: without patches all, else those they cover */
bool ck_patch_keeps(const struct ck_patch *cp, const struct diag *dg);
/*
 * A finding's severity: the catalogue's, but a line the patches add with
 * a pattern that matches nothing, an unknown status, or a new section
 * without S: is an error (the hook stops it); the same in lines they
 * leave alone stay warnings.  cp may be NULL.
 */
enum diag_severity ck_severity(const struct ck_patch *cp,
			       const struct diag *dg);
void ck_patch_release(struct ck_patch *cp);

#endif
