// SPDX-License-Identifier: GPL-2.0
#include "run.h"
#include "fileio.h"
#include "tempfile.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int run(const char *const argv[], const char *in, struct strbuf *out,
	       int *status, bool with_stderr)
{
	int pfd[2], st, err = 0;
	bool registered;
	sigset_t old;
	pid_t pid;

	*status = -1;
	if (pipe(pfd))
		return -1;
	fflush(stdout);
	fflush(stderr);
	/*
	 * Registered before a signal can come: a signal that ends us stops
	 * and waits for it before our temporaries are removed.
	 */
	temp_block_signals(&old);
	pid = fork();
	if (pid < 0) {
		temp_restore_signals(&old);
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (!pid) {
		temp_restore_signals(&old);
		int null = open(in ? in : "/dev/null", O_RDONLY);

		if (null < 0 && in)
			_exit(126);
		if (null >= 0)
			dup2(null, 0);
		dup2(pfd[1], 1);
		if (with_stderr)
			dup2(pfd[1], 2);
		close(pfd[0]);
		close(pfd[1]);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	registered = !temp_register_child(pid);
	temp_restore_signals(&old);
	close(pfd[1]);
	if (read_fd(pfd[0], out, &err))
		err = err ? err : EIO;
	close(pfd[0]);
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR) {
			if (registered)
				temp_forget_child(pid);
			return -1;
		}
	}
	if (registered)
		temp_forget_child(pid);
	if (WIFEXITED(st))
		*status = WEXITSTATUS(st);
	return err ? -1 : 0;
}

int run_capture(const char *const argv[], struct strbuf *out, int *status)
{
	return run(argv, NULL, out, status, false);
}

int run_capture_input(const char *const argv[], const char *in,
		      struct strbuf *out, int *status)
{
	return run(argv, in, out, status, false);
}

int run_capture_all(const char *const argv[], struct strbuf *out, int *status)
{
	return run(argv, NULL, out, status, true);
}
