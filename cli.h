/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every subcommand shares: printing diagnostics, reading the model,
 * and writing several outputs so that either all of them land or none.
 */
#ifndef MAINT_CLI_H
#define MAINT_CLI_H

#include "base/base.h"
#include "model/model.h"

extern const char *maint_cmd; /* "format", "get", ... for messages */

/*
 * Exit codes, all in one place.  The drop-ins (format and move for
 * parse-maintainers.pl, get for get_maintainer.pl) exit as their script
 * does: Perl's die() exits with $! (an errno) when it is set, else 255,
 * and a die() after reading a terminal has $! ENOTTY (25).  The
 * git-style commands (check, split, join, merge, and maint itself) use
 * git's 129 for a usage error.
 */
enum maint_exit {
	EXIT_OK = 0,
	EXIT_FINDINGS = 1, /* check: findings; format --check: misordered */
	EXIT_FAILED = 1, /* add: the input or the output failed; format: a
			  * file changed while it was being formatted */
	EXIT_UNKNOWN_COMMAND = 1, /* maint frobnicate (git's) */
	EXIT_CONFLICTS = 1, /* merge: conflicts left (git's merge driver) */
	EXIT_NOT_FOUND = 1, /* get --owner: no section lists the address */
	EXIT_ERROR = 2, /* check, merge, split, join, export: I/O failed */
	EXIT_PERL_ENOENT = 2, /* a script's die() with $! ENOENT */
	EXIT_PERL_ENOTTY = 25, /* a script's die() with $! ENOTTY */
	EXIT_WRITE = 128, /* git's die(): standard output failed */
	EXIT_PATHSPEC = 128, /* git's die(): get --unowned/--owner PATH
			      * that matches no file */
	EXIT_USAGE = 129, /* git-style commands: a usage error */
	EXIT_PERL_DIE = 255, /* a script's die() with $! 0 */
};

/* "maint format: message" on stderr */
void error_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * "did you mean '--OPT=VALUE'?" for a value not among cand[0..n) (NULL
 * entries skipped): the nearest ones, when close enough.
 */
void suggest_value(const char *opt, const char *word, size_t len,
		   const char *const *cand, size_t n);
/* Print every diagnostic, one per line, on stderr. */
void print_diags(const struct diags *d);

/*
 * Exit status for a failed read, following parse-maintainers.pl: the
 * errno of a failed open, 25 for malformed input (what the script's die
 * returns, $! being ENOTTY), 255 otherwise.
 */
int read_failure_status(const struct diags *d);

/*
 * Outputs written together: every temporary file is written first, and
 * only then are they renamed into place, so a failure leaves every
 * target as it was.  produce() writes the content into the sink (and
 * finishes it); 0 or -1.
 */
struct output {
	const char *path; /* "-" for standard output */
	int (*produce)(void *arg, struct sink *s);
	void *arg;
};

/* 0, or the errno of the failure (already reported; nothing renamed). */
int write_outputs(const struct output *out, size_t n);

#endif
