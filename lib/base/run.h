/* SPDX-License-Identifier: GPL-2.0 */
/* Running another program (git) and reading what it prints. */
#ifndef MAINT_RUN_H
#define MAINT_RUN_H

#include "strbuf.h"

/*
 * Run argv (no shell) with standard input from /dev/null, appending its
 * standard output to out.  *status: its exit status, or -1 when it could
 * not run or died by a signal.  0 when it ran, -1 when it could not.
 */
int run_capture(const char *const argv[], struct strbuf *out, int *status);
/* The same with standard input from the file in (NULL: /dev/null). */
int run_capture_input(const char *const argv[], const char *in,
		      struct strbuf *out, int *status);
/* The same with standard error into out too (a shell's "2>&1"). */
int run_capture_all(const char *const argv[], struct strbuf *out, int *status);

#endif
