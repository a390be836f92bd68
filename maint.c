// SPDX-License-Identifier: GPL-2.0
/*
 * maint: a toolkit for MAINTAINERS files.  This file only dispatches to
 * the subcommands in builtin/.
 */
#include "builtin/builtin.h"
#include "cli.h"
#include "lib/suggest.h"

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
	{ "export", cmd_export, "MAINTAINERS as JSON or CODEOWNERS" },
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
					return commands[i].fn(2, av);
				}
		}
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("maint version %s\n", MAINT_VERSION);
		return 0;
	}
	for (i = 0; i < NR_COMMANDS; i++) {
		if (!strcmp(argv[1], commands[i].name)) {
			maint_cmd = commands[i].name;
			return commands[i].fn(argc - 1, argv + 1);
		}
	}
	fprintf(stderr,
		"maint: '%s' is not a maint command. See 'maint --help'.\n",
		argv[1]);
	suggest_command(argv[1]);
	return 1;
}
