// SPDX-License-Identifier: GPL-2.0
/*
 * maint: a toolkit for MAINTAINERS files.  This file only dispatches to
 * the subcommands in builtin/.
 */
#include "builtin/builtin.h"
#include "cli.h"
#include "heap.h"
#include "base/base.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

/* scripts/version.sh, by the Makefile: never a placeholder */
#ifndef MAINT_VERSION
#error "MAINT_VERSION is not defined: build with make (scripts/version.sh)"
#endif

/* The exit status of a drop-in whose standard output failed: the errno. */
#define IO_ERRNO (-1)

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
	/*
	 * Exit status when standard output cannot be written: the one the
	 * command's page gives for an I/O error, IO_ERRNO for a drop-in
	 * (what a Perl die() exits with).
	 */
	int io_status;
};

static const struct cmd commands[] = {
	{ "format", cmd_format,
	  "sort MAINTAINERS (a drop-in for parse-maintainers.pl)", IO_ERRNO },
	{ "move", cmd_move, "move sections matching regexes to another file",
	  IO_ERRNO },
	{ "merge", cmd_merge, "a git merge driver for MAINTAINERS",
	  EXIT_ERROR },
	{ "get", cmd_get, "whom to mail (a drop-in for get_maintainer.pl)",
	  IO_ERRNO },
	{ "split", cmd_split, "write MAINTAINERS as a directory of files",
	  EXIT_ERROR },
	{ "join", cmd_join, "write a split MAINTAINERS as one file",
	  EXIT_ERROR },
	{ "check", cmd_check, "self-test, lint and coverage of MAINTAINERS",
	  EXIT_ERROR },
	{ "export", cmd_export, "MAINTAINERS as JSON or CODEOWNERS",
	  EXIT_ERROR },
	{ "activity", cmd_activity,
	  "who and what is really active, from the git history", EXIT_ERROR },
	{ "add", cmd_add, "insert a new entry in sorted order", EXIT_FAILED },
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

/* "maint: did you mean 'get'?" when a command is near the mistyped one */
static void suggest_command(const char *word)
{
	size_t i, d, best = (size_t)-1, len = strlen(word), n = 0;

	for (i = 0; i < NR_COMMANDS; i++) {
		d = suggest_distance(word, len, commands[i].name,
				     strlen(commands[i].name));
		if (d < best)
			best = d;
	}
	if (!suggest_close(best, len))
		return;
	fputs("maint: did you mean ", stderr);
	for (i = 0; i < NR_COMMANDS; i++)
		if (suggest_distance(word, len, commands[i].name,
				     strlen(commands[i].name)) == best)
			fprintf(stderr, "%s'%s'", n++ ? " or " : "",
				commands[i].name);
	fputs("?\n", stderr);
}

/*
 * Run a command, then make sure what it wrote to standard output got
 * there (git's run_builtin()): a write or close that fails is an error
 * with a message, whatever the command returned.  A drop-in exits as a
 * Perl die() would ($!, the errno), the others with their status for an
 * I/O error (cmd.io_status), maint itself as git's die() (128).
 */
static int finish(int status, int io_status)
{
	struct stat st;
	int err = 0;
	const char *what = NULL;

	if (fstat(fileno(stdout), &st))
		return status; /* somebody closed it */
	if (fflush(stdout)) {
		err = errno;
		what = "write failure on standard output";
	} else if (ferror(stdout)) {
		/*
		 * an earlier write failed (output past stdio's buffer): a
		 * write of nothing finds the error again, as perl's close
		 * would report it
		 */
		what = "write failure on standard output";
		err = EIO;
		if (write(fileno(stdout), "", 0) < 0)
			err = errno;
	} else if (fclose(stdout)) {
		err = errno;
		what = "close failed on standard output";
	}
	if (!what)
		return status;
	if (err)
		error_msg("%s: %s", what, strerror(err));
	else
		error_msg("%s", what);
	if (io_status != IO_ERRNO)
		return io_status;
	return err ? err : EXIT_PERL_DIE;
}

static int run(const struct cmd *c, int argc, char **argv)
{
	maint_cmd = c->name;
	return finish(c->fn(argc, argv), c->io_status);
}

int main(int argc, char **argv)
{
	size_t i;

	heap_setup();
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		if (!strcmp(argv[1], "help") && argc > 2) {
			for (i = 0; i < NR_COMMANDS; i++)
				if (!strcmp(argv[2], commands[i].name)) {
					char *av[] = { argv[2], "--help",
						       NULL };

					return run(&commands[i], 2, av);
				}
		}
		usage(stdout);
		return finish(EXIT_OK, EXIT_WRITE);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("maint version %s\n", MAINT_VERSION);
		return finish(EXIT_OK, EXIT_WRITE);
	}
	for (i = 0; i < NR_COMMANDS; i++) {
		if (!strcmp(argv[1], commands[i].name))
			return run(&commands[i], argc - 1, argv + 1);
	}
	if (argv[1][0] == '-') {
		/* maint's own options: --help, --version */
		static const char *const own[] = { "--help", "--version" };
		size_t len = strlen(argv[1]), d, best = (size_t)-1, k = 0;

		fprintf(stderr, "maint: unknown option '%s'\n", argv[1]);
		for (i = 0; i < 2; i++) {
			d = suggest_distance(argv[1], len, own[i],
					     strlen(own[i]));
			if (d < best) {
				best = d;
				k = i;
			}
		}
		if (suggest_close(best, len))
			fprintf(stderr, "maint: did you mean '%s'?\n", own[k]);
		usage(stderr);
		return EXIT_USAGE;
	}
	fprintf(stderr,
		"maint: '%s' is not a maint command. See 'maint --help'.\n",
		argv[1]);
	suggest_command(argv[1]);
	return EXIT_UNKNOWN_COMMAND;
}
