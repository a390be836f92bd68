// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lstat_all(): over a directory of 600 entries (directories,
 * files, links, names that are not there), for counts on either side of
 * the point where threads start, each result is the one lstat() gives.
 */
#define _DEFAULT_SOURCE /* mkdtemp() */
#include "tap.h"
#include "base/fileio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define N 600

static char base[] = "/tmp/maint-fileio-XXXXXX";
static char *paths[N];

/* Entry i: a directory, a file, a link, or a name not there. */
static int make(size_t i)
{
	char *p = malloc(strlen(base) + 32);
	FILE *f;

	if (!p)
		return -1;
	sprintf(p, "%s/e%03zu", base, i);
	paths[i] = p;
	switch (i % 4) {
	case 0:
		return mkdir(p, 0755);
	case 1:
		f = fopen(p, "w");
		if (!f)
			return -1;
		fprintf(f, "%zu\n", i);
		return fclose(f);
	case 2:
		return symlink("nowhere", p);
	}
	return 0;
}

static bool same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_mode == b->st_mode && a->st_ino == b->st_ino &&
	       a->st_dev == b->st_dev && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* lstat_all() of the first n against a loop of lstat(). */
static void check(size_t n)
{
	struct stat *st = calloc(n + 1, sizeof(*st)), want;
	size_t i, bad = 0;

	memset(st, 0xff, (n + 1) * sizeof(*st));
	lstat_all((const char *const *)paths, n, st);
	for (i = 0; i < n; i++) {
		if (lstat(paths[i], &want))
			want.st_mode = 0;
		if (want.st_mode ? !same_stat(&st[i], &want) : !!st[i].st_mode)
			bad++;
	}
	ok(!bad, "lstat_all of %zu paths: as lstat() (%zu wrong)", n, bad);
	ok(st[n].st_mode == (mode_t)-1, "lstat_all of %zu: nothing past", n);
	free(st);
}

int main(void)
{
	static const size_t counts[] = { 0, 1, 255, 256, 257, 511, 512, N };
	size_t i;
	int made = 0;

	if (!mkdtemp(base)) {
		ok(0, "a temporary directory");
		return tap_done();
	}
	for (i = 0; i < N; i++)
		made |= make(i);
	ok(!made, "600 entries made");
	for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		check(counts[i]);
	for (i = 0; i < N; i++) {
		if (paths[i] && i % 4 == 0)
			rmdir(paths[i]);
		else if (paths[i])
			unlink(paths[i]);
		free(paths[i]);
	}
	rmdir(base);
	return tap_done();
}
