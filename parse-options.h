/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command-line options the way Perl's Getopt::Long reads them (the
 * kernel scripts maint replaces use it): "--name", "-name", "--name=V",
 * "--name V", case-insensitive names, "name|alias" aliases, "--noname"
 * and "--no-name" for negatable flags, options and arguments in any
 * order, and "--" to end the options.  No abbreviations (no_auto_abbrev).
 *
 * The table also carries each option's help text and argument name (as
 * git's OPT_BOOL(s, l, v, h) do): usage_with_options() makes --help from
 * it, "--git-completion-helper" lists every option of the table for
 * shell completion, and "--list-options-table" for the tests that compare
 * it with --help and the man page.
 */
#ifndef MAINT_PARSE_OPTIONS_H
#define MAINT_PARSE_OPTIONS_H

#include "base/base.h"

#include <stdio.h>

enum opt_kind {
	OPT_END,
	OPT_FLAG, /* *flag = 1; negatable: --noNAME sets 0 */
	OPT_STRING, /* *str = value (required) */
	OPT_INT, /* *flag = integer value (required) */
	OPT_OPTSTRING, /* *flag = 1, and *str = value if "=value" given */
	OPT_COUNT, /* *flag += 1 */
	OPT_GROUP, /* no option: a heading in the help */
};

struct option {
	enum opt_kind kind;
	const char *names; /* "h|help|usage" */
	int *flag;
	const char **str;
	int negatable;
	const char *argh; /* the argument in help: "FILE" */
	const char *help; /* NULL: not shown ("\n" continues a line) */
};

/* a flag with --noNAME */
#define OPT_BOOL(n, v, h)                              \
	{                                              \
		OPT_FLAG, (n), (v), NULL, 1, NULL, (h) \
	}
/* a flag without */
#define OPT_SET(n, v, h)                               \
	{                                              \
		OPT_FLAG, (n), (v), NULL, 0, NULL, (h) \
	}
#define OPT_STR(n, s, a, h)                             \
	{                                               \
		OPT_STRING, (n), NULL, (s), 0, (a), (h) \
	}
#define OPT_NUM(n, v, a, h)                          \
	{                                            \
		OPT_INT, (n), (v), NULL, 0, (a), (h) \
	}
/* --NAME or --NAME=VALUE (*f set, *s the value if any) */
#define OPT_OPTARG(n, f, s, a, h)                         \
	{                                                 \
		OPT_OPTSTRING, (n), (f), (s), 0, (a), (h) \
	}
#define OPT_HEADING(h)                                    \
	{                                                 \
		OPT_GROUP, NULL, NULL, NULL, 0, NULL, (h) \
	}
#define OPT_TABLE_END                                    \
	{                                                \
		OPT_END, NULL, NULL, NULL, 0, NULL, NULL \
	}

/* what parse_options() returns for --git-completion-helper (printed) */
#define PARSE_OPT_LISTED 1

/*
 * Parse argv[1..argc).  Non-option arguments are returned in order in
 * *args (a malloc'd array of pointers into argv; free() it), their count
 * in *nargs.  Returns 0, or -1 with a Getopt::Long-style message in err,
 * or PARSE_OPT_LISTED when the options were printed: for the argument
 * "--git-completion-helper" (anywhere) the names on one line as shell
 * completion wants them, for "--list-options-table" (alone) one "--name"
 * (or "--[no-]name") a line, as --help and the man pages write them.
 */
int parse_options(int argc, char **argv, const struct option *opts,
		  char ***args, int *nargs, struct strbuf *err);

/*
 * Help made from the table: head (the usage lines and a description),
 * then every option with help text, aligned, then foot (or NULL).
 */
void usage_with_options(struct strbuf *out, const char *head,
			const struct option *opts, const char *foot);

/*
 * parse_options() for a git-style command (exit status 129 on a usage
 * error): -1 to go on, else the exit status, with what was asked for
 * printed: 0 when the options were listed or *help (the table's
 * "h|help") was set (the help on standard output), 129 after the
 * message for a bad option.  *args as parse_options() leaves it.
 */
int parse_options_usage(int argc, char **argv, const struct option *opts,
			const char *head, const char *foot, const int *help,
			char ***args, int *nargs);

/* usage_with_options() written to f (stdout for --help, else stderr) */
void print_usage(FILE *f, const char *head, const struct option *opts,
		 const char *foot);

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
