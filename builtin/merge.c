// SPDX-License-Identifier: GPL-2.0
/*
 * maint merge: a git merge driver for MAINTAINERS.  See doc/maint-merge.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "../lib/merge.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char merge_usage[] =
	"usage: maint merge [--marker-size=N] [--path=NAME] BASE OURS THEIRS\n"
	"   or: maint merge --install\n"
	"\n"
	"Merge three versions of a MAINTAINERS file the way git's merge drivers\n"
	"do: the result is written to OURS; exit 0 when it is clean, 1 when\n"
	"conflicts remain (marked around the section).  Sections are matched by\n"
	"header, field lines merged so that what either side added is kept and\n"
	"what either side removed is gone.  Files that do not parse fall back to\n"
	"a line merge (git merge-file), with a warning.\n"
	"\n"
	"  --marker-size=N   length of the conflict markers (git's %L; 7)\n"
	"  --path=NAME       the file's name in the repository (git's %P)\n"
	"  --install         configure the driver in this repository: the\n"
	"                    merge.maintainers.* config and info/attributes\n"
	"  -h, --help        show this help\n"
	"\n"
	"In .git/config (or with --install):\n"
	"  [merge \"maintainers\"]\n"
	"          name = MAINTAINERS merge driver (maint)\n"
	"          driver = maint merge %O %A %B --marker-size=%L --path=%P\n"
	"and in .gitattributes:\n"
	"  MAINTAINERS merge=maintainers\n"
	"  MAINTAINERS/* merge=maintainers\n";

static bool has_nul(const struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr_files; i++)
		if (memchr(m->files[i].data, '\0', m->files[i].len))
			return true;
	return false;
}

/* git merge-file -p on the three files; 0 clean, 1 conflicts, -1 failed */
static int line_merge(const char *base, const char *ours, const char *theirs,
		      int marker, struct strbuf *out)
{
	char msize[32];
	const char *argv[] = { "git",  "merge-file", "-p",   msize, "-L",
			       "ours", "-L",	     "base", "-L",  "theirs",
			       ours,   base,	     theirs, NULL };
	int status;

	snprintf(msize, sizeof(msize), "--marker-size=%d", marker);
	if (run_capture(argv, out, &status) || status < 0 || status > 127) {
		error_msg("git merge-file failed on %s", ours);
		return -1;
	}
	return status ? 1 : 0;
}

static int write_result(const char *path, const struct strbuf *text)
{
	struct atomic_file af = ATOMIC_FILE_INIT;
	int err = 0;

	if (atomic_open(&af, path, &err) ||
	    atomic_write(&af, text->buf, text->len, &err) ||
	    atomic_commit(&af, &err)) {
		atomic_rollback(&af);
		error_msg("%s: cannot write the result: %s", path,
			  strerror(err));
		return -1;
	}
	return 0;
}

static int install(void)
{
	const char *gp[] = { "git", "rev-parse", "--git-path",
			     "info/attributes", NULL };
	struct strbuf attr = STRBUF_INIT, content = STRBUF_INIT,
		      driver = STRBUF_INIT;
	static const char *const lines[] = {
		"MAINTAINERS merge=maintainers\n",
		"MAINTAINERS/* merge=maintainers\n"
	};
	char self[PATH_MAX];
	ssize_t n;
	int status, err = 0, ret = 2;
	size_t i;
	FILE *f;

	if (run_capture(gp, &attr, &status) || status) {
		error_msg("not in a git repository");
		goto out;
	}
	while (attr.len && attr.buf[attr.len - 1] == '\n')
		attr.buf[--attr.len] = '\0';
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		strcpy(self, "maint");
	else
		self[n] = '\0';
	strbuf_addf(&driver,
		    "%s merge %%O %%A %%B --marker-size=%%L --path=%%P", self);
	{
		const char *c1[] = { "git", "config", "merge.maintainers.name",
				     "MAINTAINERS merge driver (maint)", NULL };
		const char *c2[] = { "git", "config",
				     "merge.maintainers.driver", driver.buf,
				     NULL };
		struct strbuf ignore = STRBUF_INIT;
		int s1, s2;

		if (run_capture(c1, &ignore, &s1) ||
		    run_capture(c2, &ignore, &s2) || s1 || s2) {
			strbuf_release(&ignore);
			error_msg("git config failed");
			goto out;
		}
		strbuf_release(&ignore);
	}
	if (read_path(attr.buf, &content, &err) && err != ENOENT) {
		error_msg("%s: %s", attr.buf, strerror(err));
		goto out;
	}
	f = fopen(attr.buf, "a");
	if (!f) {
		error_msg("%s: %s", attr.buf, strerror(errno));
		goto out;
	}
	if (content.len && content.buf[content.len - 1] != '\n')
		fputc('\n', f);
	for (i = 0; i < 2; i++)
		if (!strstr(content.buf, lines[i]))
			fputs(lines[i], f);
	if (fclose(f)) {
		error_msg("%s: %s", attr.buf, strerror(errno));
		goto out;
	}
	printf("merge.maintainers.driver = %s\n%s: MAINTAINERS, MAINTAINERS/*\n",
	       driver.buf, attr.buf);
	ret = 0;
out:
	strbuf_release(&attr);
	strbuf_release(&content);
	strbuf_release(&driver);
	return ret;
}

int cmd_merge(int argc, char **argv)
{
	int marker = 7, help = 0, do_install = 0, nargs, ret = 2, i;
	const char *path = NULL;
	const struct option opts[] = {
		{ OPT_INT, "marker-size", &marker, NULL, 0 },
		{ OPT_STRING, "path", NULL, &path, 0 },
		{ OPT_FLAG, "install", &do_install, NULL, 0 },
		{ OPT_FLAG, "h|help", &help, NULL, 0 },
		{ OPT_END, NULL, NULL, NULL, 0 },
	};
	struct maintainers m[3];
	struct diags d = DIAGS_INIT;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	struct merge_result res;
	struct merge_opts mo = { 0, NULL, NULL };
	char **args;
	bool parsed = true;

	if (parse_options(argc, argv, opts, &args, &nargs, &err)) {
		error_msg("%s", err.buf);
		strbuf_release(&err);
		return 129;
	}
	if (help) {
		show_usage(merge_usage);
		free(args);
		return 0;
	}
	if (do_install) {
		free(args);
		return install();
	}
	if (nargs != 3 || marker < 1 || marker > 1000) {
		fputs(merge_usage, stderr);
		free(args);
		return 129;
	}
	for (i = 0; i < 3; i++)
		mnt_init(&m[i]);
	for (i = 0; i < 3; i++) {
		if (mnt_read(&m[i], args[i], &d) || has_nul(&m[i])) {
			parsed = false;
			break;
		}
	}
	if (!parsed) {
		size_t k;

		for (k = 0; k < d.nr; k++) {
			struct strbuf sb = STRBUF_INIT;

			diag_format(&sb, &d.v[k]);
			error_msg("warning: %s", sb.buf);
			strbuf_release(&sb);
		}
		if (!d.nr)
			error_msg("warning: %s: binary data", args[i]);
		error_msg("warning: %s does not parse; merging it line by line",
			  path ? path : args[1]);
		ret = line_merge(args[0], args[1], args[2], marker, &out);
		if (ret < 0) {
			ret = 2;
			goto done;
		}
		if (write_result(args[1], &out))
			ret = 2;
		goto done;
	}
	mo.marker_size = marker;
	if (mnt_merge(&m[0], &m[1], &m[2], &mo, &out, &res)) {
		error_msg("out of memory");
		goto done;
	}
	if (write_result(args[1], &out))
		goto done;
	if (res.conflicts)
		error_msg("%zu conflict%s in %s", res.conflicts,
			  res.conflicts == 1 ? "" : "s", path ? path : args[1]);
	ret = res.conflicts ? 1 : 0;
done:
	for (i = 0; i < 3; i++)
		mnt_release(&m[i]);
	diags_release(&d);
	strbuf_release(&out);
	free(args);
	return ret;
}
