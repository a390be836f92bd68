// SPDX-License-Identifier: GPL-2.0
/*
 * An LD_PRELOAD shim for the allocation failure test (t0833): counts the
 * calls of malloc, calloc and realloc (libc's own included, as glibc
 * lets a preloaded malloc replace them) and makes the Nth return NULL
 * with errno ENOMEM.
 *
 *   ALLOC_FAIL_AT=N     the Nth call fails (0 or unset: none does)
 *   ALLOC_COUNT=FILE    at exit, write the number of calls made to FILE
 *   ALLOC_TRACE=FILE    write the failing call's stack (return addresses
 *                       and their objects, backtrace_symbols_fd) to FILE
 *
 * Only the process it was preloaded into counts: the variables and
 * LD_PRELOAD are removed from its environment at start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);

static long fail_at, calls;
static int counting;
static char count_file[4096], trace_file[4096];

__attribute__((constructor)) static void alloc_init(void)
{
	const char *s = getenv("ALLOC_FAIL_AT");

	fail_at = s ? atol(s) : 0;
	s = getenv("ALLOC_COUNT");
	if (s)
		snprintf(count_file, sizeof(count_file), "%s", s);
	s = getenv("ALLOC_TRACE");
	if (s)
		snprintf(trace_file, sizeof(trace_file), "%s", s);
	unsetenv("LD_PRELOAD");
	unsetenv("ALLOC_FAIL_AT");
	unsetenv("ALLOC_COUNT");
	unsetenv("ALLOC_TRACE");
	calls = 0;
	counting = 1;
}

__attribute__((destructor)) static void alloc_fini(void)
{
	char buf[32];
	int fd, n;

	counting = 0;
	if (!count_file[0])
		return;
	n = snprintf(buf, sizeof(buf), "%ld\n", calls);
	fd = open(count_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		if (write(fd, buf, (size_t)n) != n)
			n = 0;
		close(fd);
	}
}

/* The stack of the failing call, to ALLOC_TRACE's file. */
static void trace(void)
{
	void *pc[64];
	int fd, n;

	if (!trace_file[0])
		return;
	counting = 0; /* backtrace() may allocate */
	n = backtrace(pc, 64);
	fd = open(trace_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		backtrace_symbols_fd(pc, n, fd);
		close(fd);
	}
	counting = 1;
}

/* Whether this call is the one to fail. */
static int fails(void)
{
	if (!counting || ++calls != fail_at)
		return 0;
	trace();
	return 1;
}

void *malloc(size_t size)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_realloc(p, size);
}
