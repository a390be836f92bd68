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
#include <sys/stat.h>
#include <unistd.h>

static const char merge_head[] =
	"usage: maint merge [options] BASE OURS THEIRS\n"
	"   or: maint merge --install [--attributes]\n"
	"\n"
	"Merge three versions of a MAINTAINERS file the way git's merge drivers\n"
	"do: the result is written to OURS; exit 0 when it is clean, 1 when\n"
	"conflicts remain.  The result is OURS' text byte for byte with THEIRS'\n"
	"changes applied: nothing is re-sorted or re-formatted.  Sections are\n"
	"matched by header (or content, for a rename); a section THEIRS added\n"
	"goes after the one before it in THEIRS, a line after the line before\n"
	"it.  Lines are counted: what one side added or removed is added or\n"
	"removed; both sides changing a line's count or a section's S:\n"
	"differently is a conflict.  Files that do not parse fall back to a\n"
	"line merge (git merge-file), with a warning.\n"
	"\n";

static const char merge_foot[] =
	"In .git/config (or with --install):\n"
	"  [merge \"maintainers\"]\n"
	"          name = MAINTAINERS merge driver (maint)\n"
	"          driver = maint merge %O %A %B --marker-size=%L --path=%P --ours-label=%X --base-label=%S --theirs-label=%Y\n"
	"and in .gitattributes (or .git/info/attributes):\n"
	"  MAINTAINERS merge=maintainers\n"
	"  MAINTAINERS/* merge=maintainers\n";

static void report_diags(const struct diags *d, const char *prefix)
{
	size_t k;

	for (k = 0; k < d->nr; k++) {
		struct strbuf sb = STRBUF_INIT;

		diag_format(&sb, &d->v[k]);
		error_msg("%s%s", prefix, sb.buf);
		strbuf_release(&sb);
	}
}

/* a diagnostic that says the file could not be read at all */
static bool fatal(const struct diags *d)
{
	size_t k;

	for (k = 0; k < d->nr; k++)
		if (diag_severity(d->v[k].id) == SEV_FATAL)
			return true;
	return false;
}

static bool has_nul(const struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr_files; i++)
		if (memchr(m->files[i].data, '\0', m->files[i].len))
			return true;
	return false;
}

/* a label git did not fill in (older git leaves "%X"), or none: NULL */
static const char *label_or_null(const char *l)
{
	if (!l || !*l || (l[0] == '%' && l[1] && !l[2]))
		return NULL;
	return l;
}

/* git merge-file -p on the three files; 0 clean, 1 conflicts, -1 failed */
static int line_merge(const char *base, const char *ours, const char *theirs,
		      const struct merge_opts *mo, struct strbuf *out)
{
	char msize[32];
	const char *argv[16];
	int status, n = 0;

	snprintf(msize, sizeof(msize), "--marker-size=%d", mo->marker_size);
	argv[n++] = "git";
	argv[n++] = "merge-file";
	argv[n++] = "-p";
	argv[n++] = msize;
	if (mo->style == MERGE_STYLE_DIFF3)
		argv[n++] = "--diff3";
	else if (mo->style == MERGE_STYLE_ZDIFF3)
		argv[n++] = "--zdiff3";
	argv[n++] = "-L";
	argv[n++] = mo->ours_label ? mo->ours_label : "ours";
	argv[n++] = "-L";
	argv[n++] = mo->base_label ? mo->base_label : "base";
	argv[n++] = "-L";
	argv[n++] = mo->theirs_label ? mo->theirs_label : "theirs";
	argv[n++] = ours;
	argv[n++] = base;
	argv[n++] = theirs;
	argv[n] = NULL;
	if (run_capture(argv, out, &status) || status < 0 || status > 127) {
		error_msg("git merge-file failed on %s", ours);
		return -1;
	}
	return status ? 1 : 0;
}

/* merge.conflictStyle from git config: diff3, zdiff3, else merge */
static enum merge_style config_style(void)
{
	const char *argv[] = { "git", "config", "merge.conflictStyle", NULL };
	struct strbuf v = STRBUF_INIT;
	enum merge_style style = MERGE_STYLE_MERGE;
	int status;

	if (!run_capture(argv, &v, &status) && !status) {
		while (v.len &&
		       (v.buf[v.len - 1] == '\n' || v.buf[v.len - 1] == '\r'))
			v.buf[--v.len] = '\0';
		if (!strcmp(v.buf, "diff3"))
			style = MERGE_STYLE_DIFF3;
		else if (!strcmp(v.buf, "zdiff3"))
			style = MERGE_STYLE_ZDIFF3;
	}
	strbuf_release(&v);
	return style;
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
			  file_strerror(err));
		return -1;
	}
	return 0;
}

/* s quoted for the shell as git runs the driver: 'it'\''s' */
static void sq_quote(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			strbuf_addstr(sb, "'\\''");
		else
			strbuf_addch(sb, *s);
	}
	strbuf_addch(sb, '\'');
}

/* one line of git's output (a path), newline removed; 0 or -1 */
static int git_line(const char *const argv[], struct strbuf *out)
{
	int status;

	if (run_capture(argv, out, &status) || status)
		return -1;
	while (out->len && out->buf[out->len - 1] == '\n')
		out->buf[--out->len] = '\0';
	return out->len ? 0 : -1;
}

static int install(bool committed)
{
	const char *gp[] = { "git", "rev-parse", "--git-path",
			     "info/attributes", NULL };
	const char *top[] = { "git", "rev-parse", "--show-toplevel", NULL };
	struct strbuf attr = STRBUF_INIT, content = STRBUF_INIT,
		      driver = STRBUF_INIT;
	static const char *const lines[] = {
		"MAINTAINERS merge=maintainers\n",
		"MAINTAINERS/* merge=maintainers\n"
	};
	char self[PATH_MAX];
	ssize_t n;
	int err = 0, ret = 2;
	size_t i;
	FILE *f;

	if (git_line(committed ? top : gp, &attr)) {
		error_msg(committed ? "not in a git work tree" :
				      "not in a git repository");
		goto out;
	}
	if (committed)
		strbuf_addstr(&attr, "/.gitattributes");
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		strcpy(self, "maint");
	else
		self[n] = '\0';
	sq_quote(&driver, self);
	strbuf_addstr(&driver,
		      " merge %O %A %B --marker-size=%L --path=%P"
		      " --ours-label=%X --base-label=%S --theirs-label=%Y");
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
	if (!committed) { /* info/ may not exist yet */
		char *slash = strrchr(attr.buf, '/');

		if (slash) {
			*slash = '\0';
			if (mkdir(attr.buf, 0777) && errno != EEXIST) {
				error_msg("%s: %s", attr.buf, strerror(errno));
				goto out;
			}
			*slash = '/';
		}
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
	printf("merge.maintainers.driver = %s\n", driver.buf);
	printf("attributes written to %s: MAINTAINERS, MAINTAINERS/*\n",
	       attr.buf);
	if (committed)
		printf("commit it to share the driver's use (each clone still "
		       "needs maint merge --install for the config)\n");
	else
		printf("(this repository only; --attributes writes "
		       ".gitattributes to commit)\n");
	ret = 0;
out:
	strbuf_release(&attr);
	strbuf_release(&content);
	strbuf_release(&driver);
	return ret;
}

/*
 * Merge the files args[0..3) (base, ours, theirs) into args[1]: the
 * exit status.  Files that do not parse are merged line by line.
 */
static int merge_files(char **args, const char *path, struct merge_opts *mo,
		       bool style_given)
{
	struct maintainers m[3];
	struct diags d = DIAGS_INIT;
	struct strbuf out = STRBUF_INIT;
	struct merge_result res;
	bool parsed = true;
	int ret = 2, i;

	for (i = 0; i < 3; i++)
		mnt_init(&m[i]);
	for (i = 0; i < 3; i++) {
		if (mnt_read(&m[i], args[i], &d) || has_nul(&m[i]) ||
		    m[i].nr_files != 1) {
			parsed = false;
			break;
		}
	}
	if (!parsed && fatal(&d)) {
		/* unreadable (a FIFO, a device, a link loop): no fallback */
		report_diags(&d, "");
		ret = 2;
		goto done;
	}
	if (!parsed) {
		report_diags(&d, "warning: ");
		if (!d.nr)
			error_msg("warning: %s: binary data", args[i]);
		error_msg("warning: %s does not parse; merging it line by line",
			  path ? path : args[1]);
		if (!style_given)
			mo->style = config_style();
		ret = line_merge(args[0], args[1], args[2], mo, &out);
		if (ret < 0) {
			ret = 2;
			goto done;
		}
		if (write_result(args[1], &out))
			ret = 2;
		goto done;
	}
	for (;;) {
		if (mnt_merge_text(m[0].files[0].data, m[0].files[0].len,
				   m[1].files[0].data, m[1].files[0].len,
				   m[2].files[0].data, m[2].files[0].len, mo,
				   &out, &res)) {
			error_msg("out of memory");
			goto done;
		}
		if (!res.conflicts || style_given)
			break;
		/* conflicts: written in the repository's style */
		style_given = true;
		mo->style = config_style();
		if (mo->style == MERGE_STYLE_MERGE)
			break;
		strbuf_reset(&out);
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
	return ret;
}

int cmd_merge(int argc, char **argv)
{
	int marker = 7, help = 0, do_install = 0, attributes = 0, diff3 = 0,
	    zdiff3 = 0, nargs, ret = 2;
	const char *path = NULL, *lo = NULL, *lb = NULL, *lt = NULL;
	const struct option opts[] = {
		OPT_NUM("marker-size", &marker, "N",
			"length of the conflict markers (git's %L; 7)"),
		OPT_SET("diff3", &diff3,
			"conflicts with the base part (default: git\n"
			"config merge.conflictStyle)"),
		OPT_SET("zdiff3", &zdiff3,
			"the same in git's zdiff3 style (lines both\n"
			"sides share moved out of the conflict)"),
		OPT_STR("ours-label", &lo, "L",
			"label of ours' conflict markers (git's %X;\n"
			"ours when not given)"),
		OPT_STR("base-label", &lb, "L",
			"label of the base part (git's %S; base)"),
		OPT_STR("theirs-label", &lt, "L",
			"label of theirs' markers (git's %Y; theirs)"),
		OPT_STR("path", &path, "NAME",
			"the file's name in the repository (git's %P)"),
		OPT_SET("install", &do_install,
			"configure the driver in this repository: the\n"
			"merge.maintainers.* config and the attributes\n"
			"in .git/info/attributes"),
		OPT_SET("attributes", &attributes,
			"with --install: write them to .gitattributes\n"
			"at the top of the work tree (to commit)"),
		OPT_SET("h|help", &help, "show this help"),
		OPT_TABLE_END,
	};
	struct merge_opts mo;
	char **args;
	bool style_given;

	ret = parse_options_usage(argc, argv, opts, merge_head, merge_foot,
				  &help, &args, &nargs);
	if (ret >= 0) {
		free(args);
		return ret;
	}
	if (do_install && !nargs) {
		free(args);
		return install(attributes);
	}
	if (nargs != 3 || do_install || attributes || marker < 1 ||
	    marker > 1000) {
		print_usage(stderr, merge_head, opts, merge_foot);
		free(args);
		return 129;
	}
	memset(&mo, 0, sizeof(mo));
	mo.marker_size = marker;
	mo.style = zdiff3 ? MERGE_STYLE_ZDIFF3 :
		   diff3  ? MERGE_STYLE_DIFF3 :
			    MERGE_STYLE_MERGE;
	style_given = diff3 || zdiff3;
	mo.ours_label = label_or_null(lo);
	mo.base_label = label_or_null(lb);
	mo.theirs_label = label_or_null(lt);
	ret = merge_files(args, path, &mo, style_given);
	free(args);
	return ret;
}
