/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MAINT_BUILTIN_H
#define MAINT_BUILTIN_H

#include "base/base.h"
#include "model/model.h"

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
int cmd_add(int argc, char **argv);
int cmd_activity(int argc, char **argv);

/*
 * An output (struct output's produce, cli.h) that renders the sections
 * idx[0..n) of m in that order, with the fields in order (NULL: the
 * canonical order): format, move and join write through it.
 */
struct render_job {
	const struct maintainers *m;
	const size_t *idx;
	size_t n;
	const char *order;
};
int render_produce(void *arg, struct sink *s);

#endif
