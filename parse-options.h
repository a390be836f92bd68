/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command-line options the way Perl's Getopt::Long reads them (the
 * kernel scripts maint replaces use it): "--name", "-name", "--name=V",
 * "--name V", case-insensitive names, "name|alias" aliases, "--noname"
 * and "--no-name" for negatable flags, options and arguments in any
 * order, and "--" to end the options.  No abbreviations (no_auto_abbrev).
 */
#ifndef MAINT_PARSE_OPTIONS_H
#define MAINT_PARSE_OPTIONS_H

#include "lib/strbuf.h"

#include <stdio.h>

enum opt_kind {
	OPT_END,
	OPT_FLAG, /* *flag = 1; negatable: --noNAME sets 0 */
	OPT_STRING, /* *str = value (required) */
	OPT_INT, /* *flag = integer value (required) */
	OPT_OPTSTRING, /* *flag = 1, and *str = value if "=value" given */
	OPT_COUNT, /* *flag += 1 */
};

struct option {
	enum opt_kind kind;
	const char *names; /* "h|help|usage" */
	int *flag;
	const char **str;
	int negatable;
};

/*
 * Parse argv[1..argc).  Non-option arguments are returned in order in
 * *args (a malloc'd array of pointers into argv; free() it), their count
 * in *nargs.  Returns 0, or -1 with a Getopt::Long-style message in err.
 */
int parse_options(int argc, char **argv, const struct option *opts,
		  char ***args, int *nargs, struct strbuf *err);

/*
 * The table's names on one line for shell completion: what
 * "maint CMD --git-completion-helper" prints (parse_options() prints it
 * and exits 0 when it meets that option).  0, or -1 on a write error.
 */
int parse_options_complete(const struct option *opts, FILE *out);

/* Append "\ndid you mean '--NAME'?" to err for the nearest names. */
void parse_options_suggest(const struct option *opts, const char *name,
			   size_t len, struct strbuf *err);

#endif
