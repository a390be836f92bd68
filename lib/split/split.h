/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Splitting MAINTAINERS into a directory of files, by plan.
 *
 * A plan gives every section (and the preamble) an output file, a path
 * relative to the output directory:
 *  - by dir:   where its code is.  Each F: pattern names a directory key:
 *              the top directory, or the top two for arch, drivers,
 *              Documentation, include, sound and tools ("drivers_gpu",
 *              "arch_arm64").  Patterns under Documentation/, include/,
 *              tools/testing/ and samples/ (documentation, headers,
 *              tests, samples), broad code (no directory below a top
 *              split two levels deep: arch/ANY/mm/...) and device-tree
 *              bindings count only when a section has no other: the key
 *              most of its code patterns name; with none, the code
 *              directory its bindings document, if some section has
 *              code there (bindings/iio -> drivers_iio; a table for
 *              the subjects not named after their directory: clock ->
 *              drivers_clk, sound -> sound_soc, ...); else the key most
 *              of its broad code patterns name; else the key most of
 *              its test and sample patterns name; else the key most of its
 *              documentation and header patterns name.  A tie goes to
 *              the key that more patterns of the whole file name (of
 *              the same kind), then to the first in byte order;
 *  - by list:  its first L: list, less the host and the common words
 *              linux, devel, dev, kernel ("media", "netdev", "arm");
 *  - by tree:  DIR/MAINTAINERS, DIR the directory all its F: patterns
 *              share (to spread the file through the tree);
 *  - by rules: the file of the rule whose regex matches its header or
 *              text (a rules file: "FILE REGEX" lines).
 * A group of fewer than min sections, and any section the strategy cannot
 * place, goes to the rest file "MAINTAINERS", which also holds the
 * preamble.  Names are made safe: every path component is made of
 * [A-Za-z0-9._-] and is never "." or "..".
 *
 * Ownership: struct split_plan owns its names and its array.
 */
#ifndef MAINT_SPLIT_H
#define MAINT_SPLIT_H

#include "base/base.h"
#include "model/model.h"

#include <stdbool.h>
#include <stddef.h>

enum split_by { SPLIT_DIR, SPLIT_LIST, SPLIT_TREE, SPLIT_RULES };

struct split_plan {
	char **names; /* output files, relative paths; names[0] is the rest */
	size_t nr_names, alloc_names;
	size_t *file_of; /* per section (0 = preamble): index into names */
	char **why; /* per section (0: NULL): why it goes where it goes */
	size_t nr_sections;
};

#define SPLIT_REST "MAINTAINERS"

/*
 * Make the plan.  rules (for SPLIT_RULES) is the rules file's text and
 * rules_name its name for messages.  0, or -1 with reasons in d.
 */
int split_plan(const struct maintainers *m, enum split_by by, int min,
	       const char *rules, size_t rules_len, const char *rules_name,
	       struct split_plan *plan, struct diags *d);
void split_plan_release(struct split_plan *plan);

/* Make a name safe as a path component (appended to out). */
void split_safe_component(struct strbuf *out, const char *s, size_t len);

/* split --carry: a pre-split patch carried to the split files (carry.c) */
struct carry_file {
	char *path; /* as m names it (DIR/name) */
	struct strbuf text;
};

struct carry {
	struct carry_file *v;
	size_t nr, alloc;
	size_t hunks; /* MAINTAINERS hunks carried */
};

struct carry_plan {
	enum split_by how;
	int min;
	const char *rules, *rules_name;
	size_t rules_len;
};

/*
 * m: the split directory as mnt_read_recursive() read it (dir its path);
 * p: the patch (name for messages).  0, or -1 with the reasons in d.
 */
int split_carry(const struct maintainers *m, const char *dir,
		const struct patch *p, const char *name,
		const struct carry_plan *cp, struct carry *out,
		struct diags *d);
void split_carry_release(struct carry *c);

/*
 * split --series (series*.c): in the git work tree of the current
 * directory, the split of HEAD's MAINTAINERS as a patch series with a
 * cover letter in outdir (new, or an empty directory), made with git
 * plumbing on a temporary index in a temporary directory next to outdir:
 * the work tree, index, HEAD and branches are not touched.  The series:
 * the tree's readers of MAINTAINERS patched first, the sort (when HEAD's
 * is not sorted), the move to MAINTAINERS/MAINTAINERS, one patch per file
 * of the plan.  git's own messages go to standard error.
 */
struct split_series_opts {
	enum split_by by;
	const char *by_name; /* "dir", "list", "tree", "rules" */
	int min;
	const char *rules, *rules_name; /* the rules file's text and name */
	size_t rules_len;
	const char *outdir; /* where the patches go: new or empty */
	bool signoff; /* -s: the committer's Signed-off-by in each */
};

struct split_series_result {
	size_t patches; /* not counting the cover letter */
	size_t readers; /* of them, the readers of MAINTAINERS patched */
	size_t files; /* the files MAINTAINERS is split into */
};

/*
 * 0 and r filled, or -1 with the reasons in d: D_SERIES (no file, a
 * message for the command's name: "maint split: MESSAGE"), or what
 * reading and planning HEAD's MAINTAINERS found (file:line).
 */
int split_series(const struct split_series_opts *o,
		 struct split_series_result *r, struct diags *d);

/* Make the temporary directory next to path: DIR/.BASE.maint-XXXXXX. */
int split_tmpdir_near(const char *path, struct strbuf *tmp);

/*
 * Is m, read from dir by mnt_read_recursive(), a split MAINTAINERS as
 * split writes one (what join takes): dir/MAINTAINERS, the rest, with
 * the preamble; every other file a path of names split_safe_component()
 * keeps, holding sections and nothing before the first.  0, or -1 with
 * the first thing that is not in d.
 */
int split_join_check(const struct maintainers *m, const char *dir,
		     struct diags *d);

#endif
