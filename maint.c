// SPDX-License-Identifier: GPL-2.0
/*
 * maint: a toolkit for MAINTAINERS files.  This file only dispatches to
 * the subcommands in builtin/.
 */
#include "builtin/builtin.h"
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifndef MAINT_VERSION
#define MAINT_VERSION "unknown"
#endif

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

static const struct cmd commands[] = {
	{ "format", cmd_format,
	  "sort MAINTAINERS (a drop-in for parse-maintainers.pl)" },
	{ "move", cmd_move, "move sections matching regexes to another file" },
	{ "merge", cmd_merge, "a git merge driver for MAINTAINERS" },
	{ "get", cmd_get, "whom to mail (a drop-in for get_maintainer.pl)" },
	{ "split", cmd_split, "write MAINTAINERS as a directory of files" },
	{ "join", cmd_join, "write a split MAINTAINERS as one file" },
	{ "check", cmd_check, "self-test, lint and coverage of MAINTAINERS" },
};

#define NR_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	size_t i;

	fputs("usage: maint [--version] [--help] COMMAND [ARGS]\n\n"
	      "Commands:\n",
	      f);
	for (i = 0; i < NR_COMMANDS; i++)
		fprintf(f, "   %-10s %s\n", commands[i].name, commands[i].help);
	fputs("\n'maint COMMAND --help' and 'man maint-COMMAND' tell more.\n",
	      f);
}

/*
 * As git's run_builtin(): what a command printed must have reached
 * standard output.  A write error (a full disk, a closed pipe) is an
 * error of the run: the message, and the errno as exit status unless the
 * command already failed.
 */
static int check_stdout(int status)
{
	int err = 0;

	errno = 0;
	if (fflush(stdout) || ferror(stdout))
		err = errno ? errno : EIO;
	errno = 0;
	if (fclose(stdout) && !err)
		err = errno ? errno : EIO;
	if (!err)
		return status;
	fprintf(stderr, "maint: write failure on standard output: %s\n",
		strerror(err));
	return status ? status : err;
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return 129;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		if (!strcmp(argv[1], "help") && argc > 2) {
			for (i = 0; i < NR_COMMANDS; i++)
				if (!strcmp(argv[2], commands[i].name)) {
					char *av[] = { argv[2], "--help",
						       NULL };

					maint_cmd = commands[i].name;
					return check_stdout(
						commands[i].fn(2, av));
				}
		}
		usage(stdout);
		return check_stdout(0);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("maint version %s\n", MAINT_VERSION);
		return check_stdout(0);
	}
	for (i = 0; i < NR_COMMANDS; i++) {
		if (!strcmp(argv[1], commands[i].name)) {
			maint_cmd = commands[i].name;
			return check_stdout(commands[i].fn(argc - 1, argv + 1));
		}
	}
	fprintf(stderr,
		"maint: '%s' is not a maint command. See 'maint --help'.\n",
		argv[1]);
	return 1;
}
