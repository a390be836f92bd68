// SPDX-License-Identifier: GPL-2.0
/*
 * An LD_PRELOAD shim for the I/O fault tests (t/lib-fault.sh builds it):
 * counts maint's calls of write, fsync, fdatasync, rename(at), close,
 * mkdir(at) and open(at), and makes the Nth fail.
 *
 *   FAULT_AT=N         the Nth call fails (0 or unset: none does)
 *   FAULT_ERRNO=E      with ENOSPC (default) or EIO
 *   FAULT_COUNT=FILE   at exit, write the number of calls made to FILE
 *   FAULT_SIGNAL=SIG   instead of failing the Nth call, send SIG (TERM,
 *                      INT, HUP or PIPE) to the process just before it
 *   FAULT_PAUSE=FILE   before the first fsync, create FILE and wait
 *                      (up to 20 s) until it is removed
 *
 * Only the process it was preloaded into counts: the variables and
 * LD_PRELOAD are removed from its environment at start, so the git it
 * runs is left alone.  A failed close() still closes the descriptor,
 * as Linux does.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long fail_at, calls;
static int fail_errno = ENOSPC, fail_signal;
static char count_file[4096], pause_file[4096];

#define REAL(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

__attribute__((constructor)) static void fault_init(void)
{
	const char *s;

	s = getenv("FAULT_AT");
	fail_at = s ? atol(s) : 0;
	s = getenv("FAULT_ERRNO");
	if (s && !strcmp(s, "EIO"))
		fail_errno = EIO;
	s = getenv("FAULT_SIGNAL");
	if (s)
		fail_signal = !strcmp(s, "INT")	 ? SIGINT :
			      !strcmp(s, "HUP")	 ? SIGHUP :
			      !strcmp(s, "PIPE") ? SIGPIPE :
						   SIGTERM;
	s = getenv("FAULT_COUNT");
	if (s)
		snprintf(count_file, sizeof(count_file), "%s", s);
	s = getenv("FAULT_PAUSE");
	if (s)
		snprintf(pause_file, sizeof(pause_file), "%s", s);
	unsetenv("LD_PRELOAD");
	unsetenv("FAULT_AT");
	unsetenv("FAULT_ERRNO");
	unsetenv("FAULT_SIGNAL");
	unsetenv("FAULT_COUNT");
	unsetenv("FAULT_PAUSE");
}

__attribute__((destructor)) static void fault_fini(void)
{
	char buf[32];
	int fd, n;

	if (!count_file[0])
		return;
	fd = REAL(open)(count_file, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0)
		return;
	n = snprintf(buf, sizeof(buf), "%ld\n", calls);
	if (REAL(write)(fd, buf, (size_t)n) < 0)
		n = 0;
	REAL(close)(fd);
}

/* 1 when this call is to fail (errno set) */
static int fault(void)
{
	if (++calls != fail_at)
		return 0;
	if (fail_signal) {
		kill(getpid(), fail_signal);
		return 0;
	}
	errno = fail_errno;
	return 1;
}

static void pause_here(void)
{
	int fd, i;

	if (!pause_file[0])
		return;
	fd = REAL(open)(pause_file, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd >= 0)
		REAL(close)(fd);
	for (i = 0; i < 2000 && !access(pause_file, F_OK); i++)
		usleep(10000);
	pause_file[0] = '\0';
}

ssize_t write(int fd, const void *buf, size_t n)
{
	return fault() ? -1 : REAL(write)(fd, buf, n);
}

int fsync(int fd)
{
	pause_here();
	return fault() ? -1 : REAL(fsync)(fd);
}

int fdatasync(int fd)
{
	return fault() ? -1 : REAL(fdatasync)(fd);
}

int close(int fd)
{
	if (fault()) {
		REAL(close)(fd);
		errno = fail_errno;
		return -1;
	}
	return REAL(close)(fd);
}

int rename(const char *a, const char *b)
{
	return fault() ? -1 : REAL(rename)(a, b);
}

int renameat(int da, const char *a, int db, const char *b)
{
	return fault() ? -1 : REAL(renameat)(da, a, db, b);
}

int mkdir(const char *path, mode_t mode)
{
	return fault() ? -1 : REAL(mkdir)(path, mode);
}

int mkdirat(int dfd, const char *path, mode_t mode)
{
	return fault() ? -1 : REAL(mkdirat)(dfd, path, mode);
}

static mode_t mode_arg(int flags, va_list ap)
{
	return flags & (O_CREAT | O_TMPFILE) ? va_arg(ap, mode_t) : 0;
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return fault() ? -1 : REAL(open)(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return fault() ? -1 : REAL(open64)(path, flags, mode);
}

int openat(int dfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return fault() ? -1 : REAL(openat)(dfd, path, flags, mode);
}

int openat64(int dfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return fault() ? -1 : REAL(openat64)(dfd, path, flags, mode);
}
