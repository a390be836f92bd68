// SPDX-License-Identifier: GPL-2.0
/*
 * An LD_PRELOAD shim for t4240: stat() and lstat() say the times of a
 * file system that keeps whole seconds (ext3, HFS+; FAT keeps two), so
 * that an entry added in the second a directory was read leaves its
 * mtime and ctime as they were.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/stat.h>

typedef int (*stat_fn)(const char *, struct stat *);

static int coarse(int ret, struct stat *st)
{
	if (!ret) {
		st->st_atim.tv_nsec = 0;
		st->st_mtim.tv_nsec = 0;
		st->st_ctim.tv_nsec = 0;
	}
	return ret;
}

int stat(const char *path, struct stat *st)
{
	static stat_fn next;

	if (!next)
		next = (stat_fn)dlsym(RTLD_NEXT, "stat");
	return coarse(next(path, st), st);
}

int lstat(const char *path, struct stat *st)
{
	static stat_fn next;

	if (!next)
		next = (stat_fn)dlsym(RTLD_NEXT, "lstat");
	return coarse(next(path, st), st);
}
