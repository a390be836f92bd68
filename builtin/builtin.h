/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MAINT_BUILTIN_H
#define MAINT_BUILTIN_H

#include "../lib/fileio.h"

/*
 * One function per subcommand, each in builtin/NAME.c.  argv[0] is the
 * subcommand's name; the return value is the exit status.
 */
int cmd_format(int argc, char **argv);
int cmd_move(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_get(int argc, char **argv);
int cmd_split(int argc, char **argv);
int cmd_join(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_export(int argc, char **argv);

#endif
