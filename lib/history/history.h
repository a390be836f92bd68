/* SPDX-License-Identifier: GPL-2.0 */
/*
 * history: the git history part of get_maintainer.pl (6.12), the "history
 * room" of get: vcs_file_signoffs() (--git, --git-fallback),
 * vcs_file_blame() (--git-blame), vcs_add_commit_signers() (Fixes:),
 * vcs_assign() with its role/stat strings, limits and rounding, and
 * .get_maintainer.ignore.  The git commands and their cache are in vcs.c.
 *
 * The answer being built (its e-mail list, the de-duplication state,
 * .mailmap) belongs to the caller, reached through struct hist_ops, so
 * that every call the script makes on that state is made here in the same
 * order: the names it picks depend on it.
 *
 * Where the script's order depends on Perl's hash seed (signers with the
 * same count in vcs_assign()), maint takes them in byte order.
 *
 * Ownership: struct history owns its vcs, the ignore list and the
 * compiled patterns; nothing here prints or exits.
 */
#ifndef MAINT_HISTORY_H
#define MAINT_HISTORY_H

#include "base/base.h"
#include "vcs/vcs.h"

#include <stdbool.h>
#include <stddef.h>

struct hist_ops {
	void *ctx;
	/* parse_email() then format_email(name, address, 1), in place */
	void (*normalize)(void *ctx, struct strbuf *email);
	/* deduplicate_email(), in place */
	void (*dedupe)(void *ctx, struct strbuf *email);
	/* mailmap_email(), in place */
	void (*mailmap)(void *ctx, struct strbuf *email);
	/* push_email_address(line, ''), then add_role(line, role) */
	void (*push)(void *ctx, const char *line, size_t len, const char *role);
	/* rfc822_valid() (for the ignore file): 1, 0, -1 out of memory */
	int (*valid)(void *ctx, const char *s, size_t len);
};

struct hist_opts {
	const char *since; /* --git-since (default "1-year-ago") */
	int all_signature_types, penguin_chiefs, min_signatures;
	int max_maintainers, min_percent, rolestats, blame_signatures;
	int from_filename;
	/* the chief penguins' names, a regex (mnt_chiefs_regex()); NULL:
	 * "(Linus Torvalds)".  Not copied: it outlives the history. */
	const char *chiefs_re;
};

void hist_opts_default(struct hist_opts *o);

/* A patch's hunk: git blame -L start,+length file */
struct hist_range {
	char *file, *start, *length;
};

struct history {
	struct vcs vcs;
	struct hist_opts o;
	struct hist_ops ops;
	struct strbuf *ignore; /* .get_maintainer.ignore */
	size_t nr_ignore;
	struct hist_range *ranges; /* @range */
	size_t nr_ranges, alloc_ranges;
	struct perlre re_chiefs; /* o.chiefs_re with /i, made on use */
	bool nomem;
	bool hg; /* history was wanted in a Mercurial tree (not supported) */
};

void hist_init(struct history *h, const struct hist_opts *o,
	       const struct hist_ops *ops);
void hist_release(struct history *h);

/*
 * which_conf(".get_maintainer.ignore") (".", $HOME, ".scripts") and read
 * it as the script does (kept lines must pass ops->valid).
 */
int hist_read_ignore(struct history *h);
bool hist_ignored(const struct history *h, const char *line, size_t len);

int hist_add_range(struct history *h, const char *file, const char *start,
		   const char *length);

/*
 * Does history add nothing for file (its log is read and empty, no
 * blame)?  Then its answer is the one without history.
 */
bool hist_file_quiet(const struct history *h, const char *file, bool blame);
/* vcs_file_signoffs(file) */
int hist_file_signoffs(struct history *h, const char *file);
/* vcs_file_blame(file) */
int hist_file_blame(struct history *h, const char *file);
/* vcs_add_commit_signers(commit, desc) */
int hist_commit_signers(struct history *h, const char *commit,
			const char *desc);

/* vcs_assign(role, divisor, lines) */
void hist_assign(struct history *h, const char *role, long divisor,
		 const struct strbuf *lines, size_t n);

#endif
