// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of remove_tree_nofollow(): a tree with links in it (to a
 * directory and a file outside, in place of the top, dangling, in a loop)
 * is removed and nothing a link points to is touched.
 */
#include "tap.h"
#include "base/tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[] = "/tmp/maint-removetree-XXXXXX";

static const char *at(const char *rel)
{
	static char buf[4][512];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", base, rel);
	return buf[k];
}

static void put(const char *rel, const char *text)
{
	FILE *f = fopen(at(rel), "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int exists(const char *rel)
{
	struct stat st;

	return !lstat(at(rel), &st);
}

int main(void)
{
	int err = -1;

	if (!mkdtemp(base)) {
		ok(0, "mkdtemp: %s", strerror(errno));
		return tap_done();
	}
	mkdir(at("victim"), 0777);
	put("victim/keep", "precious\n");
	put("victim-file", "precious\n");
	mkdir(at("t"), 0777);
	mkdir(at("t/sub"), 0777);
	mkdir(at("t/sub/deeper"), 0777);
	put("t/a", "a\n");
	put("t/sub/deeper/b", "b\n");
	if (symlink(at("victim"), at("t/to-dir")) ||
	    symlink(at("victim"), at("t/sub/deeper/to-dir")) ||
	    symlink(at("victim-file"), at("t/sub/to-file")) ||
	    symlink(at("nowhere"), at("t/dangling")) ||
	    symlink(".", at("t/sub/loop")))
		ok(0, "symlink: %s", strerror(errno));

	ok(remove_tree_nofollow(at("t"), &err) == 0 && err == 0,
	   "a tree with links in it is removed");
	ok(!exists("t"), "nothing of it is left");
	ok(exists("victim/keep") && exists("victim-file"),
	   "what its links point to is untouched");

	/* a link in place of the tree itself */
	if (symlink(at("victim"), at("planted")))
		ok(0, "symlink: %s", strerror(errno));
	ok(remove_tree_nofollow(at("planted"), &err) == 0,
	   "a link in place of the tree: removed");
	ok(!exists("planted") && exists("victim/keep"),
	   "the link, not its target");

	ok(remove_tree_nofollow(at("missing"), &err) == 0 && err == 0,
	   "a missing path is not an error");

	remove_tree_nofollow(base, &err);
	ok(!exists(""), "clean up");
	return tap_done();
}
