// SPDX-License-Identifier: GPL-2.0
#include "tap.h"

#include <stdarg.h>
#include <stdio.h>

static int count, failed;

void tap_ok(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	count++;
	if (!cond)
		failed++;
	printf("%sok %d - ", cond ? "" : "not ", count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond)
		printf("#   failed at %s:%d\n", file, line);
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("#   ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int tap_done(void)
{
	printf("1..%d\n", count);
	return failed ? 1 : 0;
}
