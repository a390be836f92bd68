// SPDX-License-Identifier: GPL-2.0
/*
 * check: the files of the tree the checks read (git ls-files, or the
 * tree as it is), and the shell command that probes a link.
 */
#define _XOPEN_SOURCE 700
#include "check.h"
#include "base/base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * The line of ./.gitignore that ignores every file (a star, alone or
 * after a slash, as Debian's kernel tarball has it before taking back
 * its debian/ directory), or 0.
 */
static unsigned long ignores_all(void)
{
	struct strbuf line = STRBUF_INIT;
	unsigned long n = 0, found = 0;
	FILE *f = fopen(".gitignore", "r");

	if (!f)
		return 0;
	while (!strbuf_getline(&line, f)) {
		size_t len = strcspn(line.buf, "\r");

		n++;
		while (len &&
		       (line.buf[len - 1] == ' ' || line.buf[len - 1] == '\t'))
			len--;
		line.buf[len] = '\0';
		if (!strcmp(line.buf, "*") || !strcmp(line.buf, "/*") ||
		    !strcmp(line.buf, "**") || !strcmp(line.buf, "/**"))
			found = n;
	}
	fclose(f);
	strbuf_release(&line);
	return found;
}

/*
 * What get_maintainer.pl's vcs_list_files() gives: "git ls-files ./"
 * where there is a .git.  Elsewhere (the script would have no files at
 * all) the tree as it is: an extracted tarball's .gitignore files say
 * what a build would generate, not what is there (Debian's ends in
 * a line that hides every file).
 */
int ck_tree_read(struct ck_tree *t, const struct ck_patch *cp,
		 struct ck_tree_how *how)
{
	struct strbuf list = STRBUF_INIT;
	int status = -1, ret = -1;
	struct stat st;

	how->no_git = false;
	how->ignores_all = 0;
	if (!stat(".git", &st)) {
		const char *argv[] = { "git", "ls-files", "./", NULL };

		if (run_capture(argv, &list, &status) || status)
			strbuf_reset(&list);
	} else {
		int err = 0;

		how->no_git = true;
		how->ignores_all = ignores_all();
		if (list_tree(".", &list, &err)) {
			errno = err; /* the builtin tells ENOMEM apart */
			goto out;
		}
	}
	if (cp && ck_patch_files(cp, &list))
		goto out;
	ret = ck_tree_add_list(t, &list);
out:
	strbuf_release(&list);
	return ret;
}

/* git ls-files -- the directories in specs (one a line, cut up here) */
static int ls_files(struct ck_tree *t, const struct ck_patch *cp,
		    struct strbuf *specs)
{
	struct strbuf list = STRBUF_INIT;
	const char **argv;
	size_t n = 0, i;
	int status = -1, ret = -1;
	char *p;

	for (i = 0; i < specs->len; i++)
		n += specs->buf[i] == '\n';
	argv = calloc(n + 6, sizeof(*argv));
	if (!argv)
		return -1;
	n = 0;
	argv[n++] = "git";
	argv[n++] = "--literal-pathspecs";
	argv[n++] = "ls-files";
	argv[n++] = "--";
	for (p = specs->buf; p < specs->buf + specs->len;) {
		char *nl = strchr(p, '\n');

		*nl = '\0';
		argv[n++] = p;
		p = nl + 1;
	}
	argv[n] = NULL;
	if (n == 4) {
		ret = 0; /* no pattern: no file needed */
		goto out;
	}
	if (run_capture(argv, &list, &status) || status ||
	    ck_patch_files(cp, &list))
		goto out;
	ret = ck_tree_add_list(t, &list);
out:
	free(argv);
	strbuf_release(&list);
	return ret;
}

/*
 * Patch mode: only the files below the touched sections' patterns, from
 * git ls-files limited to those directories (a one-line change to
 * MAINTAINERS need not list the whole tree).  Elsewhere, or when one of
 * those patterns starts with a wildcard, the whole tree.
 */
int ck_patch_tree_read(struct ck_tree *t, const struct ck_patch *cp,
		       const struct gm_db *db, struct ck_tree_how *how)
{
	struct strbuf specs = STRBUF_INIT;
	bool all = false;
	struct stat st;
	int ret;

	if (stat(".git", &st) || ck_patch_pathspecs(cp, db, &specs, &all) ||
	    all) {
		strbuf_release(&specs);
		return ck_tree_read(t, cp, how);
	}
	how->no_git = false;
	how->ignores_all = 0;
	ret = ls_files(t, cp, &specs);
	strbuf_release(&specs);
	return ret;
}

int ck_probe_shell(void *arg, const char *cmd)
{
	const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
	struct strbuf out = STRBUF_INIT;
	int status = -1;

	(void)arg;
	if (run_capture(argv, &out, &status))
		status = -1;
	strbuf_release(&out);
	return status;
}
