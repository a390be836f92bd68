/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running other programs (git), or a function in a forked child, and
 * reading what they print: the one way maint starts a process.
 *
 * A command runs argv (no shell, $PATH searched), or with fn set calls
 * fn(data) in a forked copy of this process and exits with its return.
 * Its standard input is the text in, or the file in_file, or /dev/null;
 * its standard output and error are appended to out and err (err == out:
 * one stream, as a shell's 2>&1), or left as ours where NULL.
 *
 * A child is registered with lib/base/tempfile from its fork until it is
 * reaped: a signal that ends us stops and waits for it before our
 * temporary files are removed.  Every descriptor the runner opens is
 * close-on-exec, and a forked function closes those of its siblings, so
 * no child holds another's pipe open.
 */
#ifndef MAINT_RUN_H
#define MAINT_RUN_H

#include "strbuf.h"

#include <stddef.h>

struct run_cmd {
	const char *const *argv;
	int (*fn)(void *data); /* instead of argv: run in a forked child */
	void *data;
	const char *in; /* standard input: inlen bytes of text ... */
	size_t inlen;
	const char *in_file; /* ... or this file (both NULL: /dev/null) */
	/* "NAME=VALUE" strings put in the child's environment; NULL-ended */
	const char *const *env;
	struct strbuf *out; /* standard output appended (NULL: ours) */
	struct strbuf *err; /* standard error appended (NULL: ours) */
	int status; /* its exit status; -1: it did not run, or was killed */
};

/*
 * Run one command to its end.  0 when it ran (c->status says how it
 * ended), -1 when it could not be started or its output not read
 * (errno).
 */
int run_command(struct run_cmd *c);

/*
 * Run n commands, at most jobs at once, started in their order.  With
 * out_fd >= 0 their standard outputs (each cmds[i].out, which must be
 * set and empty, serves as its buffer) are written to out_fd in
 * the order of the commands, each as soon as those before it ended.
 * done(ctx, i) is called for each command in order once it ended (and
 * its output was written); a nonzero return stops starting more.
 * 0 when every command ran (see their status), -1 when one could not
 * be started or read, out_fd could not be written or done() said stop
 * (errno; those not started keep status -1).
 */
struct run_pool {
	unsigned jobs;
	int out_fd;
	int (*done)(void *ctx, size_t i);
	void *ctx;
};
int run_pool(const struct run_pool *p, struct run_cmd *cmds, size_t n);

/*
 * Shorthands: run argv with standard input from /dev/null, appending its
 * standard output to out.  *status: its exit status, or -1 when it could
 * not run or died by a signal.  0 when it ran, -1 when it could not.
 */
int run_capture(const char *const argv[], struct strbuf *out, int *status);
/* The same with standard input from the file in (NULL: /dev/null). */
int run_capture_input(const char *const argv[], const char *in,
		      struct strbuf *out, int *status);
/* The same with standard error into out too (a shell's "2>&1"). */
int run_capture_all(const char *const argv[], struct strbuf *out, int *status);

/*
 * fn(data) in a forked child that runs beside us (standard input from
 * /dev/null, error ours, output appended to out or ours where NULL)
 * until run_bg_wait() reaps it: work done at once on another CPU.  A
 * child not started has pid 0, and run_bg_wait() returns -1 for it.
 * 0, or -1 (errno).
 */
struct run_bg {
	struct run_cmd cmd;
	long pid;
	int out; /* its output's pipe (-1: none) */
};
int run_bg_start(struct run_bg *b, int (*fn)(void *data), void *data,
		 struct strbuf *out);
/*
 * Wait for it, its output read to the end: its exit status, or -1 (none
 * started, killed, or its output not read).
 */
int run_bg_wait(struct run_bg *b);
/*
 * Stop it (SIGTERM: its own children and temporaries go with it, as on
 * any signal) and reap it, its output left unread: for a call that will
 * not use its work.  Nothing for a child not started.
 */
void run_bg_stop(struct run_bg *b);
/*
 * fn(arg) in a child detached from this process, as git's auto gc runs:
 * two forks, a new session, niced by 10, standard streams on /dev/null;
 * the caller waits only for the first fork.  0, or -1 (errno) when no
 * child could be made.
 */
int run_detached(void (*fn)(void *arg), void *arg);

#endif
