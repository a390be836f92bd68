// SPDX-License-Identifier: GPL-2.0
/*
 * An LD_PRELOAD shim for the out-of-memory tests (t4040): counts maint's
 * calls of malloc, calloc and realloc, and makes the Nth fail (NULL,
 * errno ENOMEM), as an exhausted heap would.
 *
 *   NOMEM_AT=N         the Nth call fails (0 or unset: none does)
 *   NOMEM_COUNT=FILE   at exit, write the number of calls made to FILE
 *
 * Only the process it was preloaded into counts: the variables and
 * LD_PRELOAD are removed from its environment at start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);

static long fail_at, calls;
static int counting;
static char count_file[4096];

__attribute__((constructor)) static void nomem_init(void)
{
	const char *s = getenv("NOMEM_AT");

	fail_at = s ? atol(s) : 0;
	s = getenv("NOMEM_COUNT");
	if (s)
		snprintf(count_file, sizeof(count_file), "%s", s);
	unsetenv("LD_PRELOAD");
	unsetenv("NOMEM_AT");
	unsetenv("NOMEM_COUNT");
	counting = 1;
}

__attribute__((destructor)) static void nomem_fini(void)
{
	char buf[32];
	int fd, n;

	counting = 0;
	if (!count_file[0])
		return;
	fd = open(count_file, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0)
		return;
	n = snprintf(buf, sizeof(buf), "%ld\n", calls);
	if (write(fd, buf, (size_t)n) < 0)
		n = 0;
	close(fd);
}

/* 1 when this call is to fail (errno set) */
static int nomem(void)
{
	if (!counting)
		return 0;
	if (++calls != fail_at)
		return 0;
	errno = ENOMEM;
	return 1;
}

void *malloc(size_t n)
{
	return nomem() ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	return nomem() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	return nomem() ? NULL : __libc_realloc(p, n);
}
