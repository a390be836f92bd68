// SPDX-License-Identifier: GPL-2.0
/*
 * maint merge: a git merge driver for MAINTAINERS.  See doc/maint-merge.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "base/base.h"
#include "model/model.h"
#include "merge/merge.h"

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
	"Merge three versions of a MAINTAINERS file as a git merge driver: the\n"
	"result is written to OURS; exit 0 when it is clean, 1 when conflicts\n"
	"remain.  git merge-file merges first: where it is clean its bytes are\n"
	"the result (less a header or field line it duplicated).  Its conflict\n"
	"hunks, grown to whole sections, are merged by the file's structure\n"
	"(sections added or moved by either side, field lines counted), each\n"
	"taken only if the count rule holds; the rest stay git's conflicts.  A\n"
	"last check on the whole file falls back to git's own result.\n"
	"\n";

static const char merge_foot[] =
	"In .git/config (or with --install):\n"
	"  [merge \"maintainers\"]\n"
	"          name = MAINTAINERS merge driver (maint)\n"
	"          driver = maint merge %O %A %B --marker-size=%L --path=%P --ours-label=%X --base-label=%S --theirs-label=%Y\n"
	"and in .gitattributes (or .git/info/attributes):\n"
	"  MAINTAINERS merge=maintainers\n"
	"  MAINTAINERS/* merge=maintainers\n";

/* a label git did not fill in (older git leaves "%X"), or none: NULL */
static const char *label_or_null(const char *l)
{
	if (!l || !*l || (l[0] == '%' && l[1] && !l[2]))
		return NULL;
	return l;
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

	/* git's "fatal: not a git repository" is ours to say */
	if (run_capture_all(argv, out, &status) || status)
		return -1;
	while (out->len && out->buf[out->len - 1] == '\n')
		out->buf[--out->len] = '\0';
	return out->len ? 0 : -1;
}

/*
 * A file --install writes must be the repository's own: a symbolic link
 * (to anywhere) in its place is refused, never written through.  0, or
 * -1 (reported).
 */
static int refuse_link(const char *path)
{
	if (path_type(path) != FT_SYMLINK)
		return 0;
	error_msg("%s is a symbolic link: not written through (replace it "
		  "with a file, or remove it)",
		  path);
	return -1;
}

/* The attributes file with lines added, under its lock.  0 or -1. */
static int add_attributes(const char *path, bool mkdir_parent)
{
	static const char *const lines[] = {
		"MAINTAINERS merge=maintainers\n",
		"MAINTAINERS/* merge=maintainers\n"
	};
	struct lock_file lk = LOCK_FILE_INIT;
	struct atomic_file af = ATOMIC_FILE_INIT;
	struct strbuf content = STRBUF_INIT, dir = STRBUF_INIT;
	const char *slash = strrchr(path, '/');
	int err = 0, ret = -1;
	size_t i, len;

	if (mkdir_parent && slash) { /* info/ may not exist yet */
		strbuf_add(&dir, path, (size_t)(slash - path));
		if (strbuf_failed(&dir) || refuse_link(dir.buf))
			goto out;
		if (mkdir(dir.buf, 0777) && errno != EEXIST) {
			error_msg("%s: %s", dir.buf, strerror(errno));
			goto out;
		}
	}
	if (refuse_link(path))
		goto out;
	if (lock_acquire(&lk, path, &err)) {
		if (err == EEXIST)
			error_msg("unable to create '%s.lock': %s\n%s", path,
				  strerror(err), lock_hint);
		else
			error_msg("%s.lock: %s", path, strerror(err));
		goto out;
	}
	if (read_path(path, &content, &err) && err != ENOENT) {
		error_msg("%s: %s", path, file_strerror(err));
		goto out;
	}
	len = content.len;
	if (content.len && content.buf[content.len - 1] != '\n')
		strbuf_addch(&content, '\n');
	for (i = 0; i < 2; i++)
		if (!strstr(content.buf, lines[i]))
			strbuf_addstr(&content, lines[i]);
	if (strbuf_failed(&content)) {
		error_msg("out of memory");
		goto out;
	}
	if (content.len == len) { /* nothing to add */
		ret = 0;
		goto out;
	}
	err = 0;
	if (atomic_open(&af, path, &err) ||
	    atomic_write(&af, content.buf, content.len, &err) ||
	    atomic_commit(&af, &err)) {
		error_msg("%s: cannot write: %s", path, file_strerror(err));
		goto out;
	}
	ret = 0;
out:
	atomic_rollback(&af);
	lock_release(&lk);
	strbuf_release(&content);
	strbuf_release(&dir);
	return ret;
}

static int install(bool committed)
{
	const char *gp[] = { "git", "rev-parse", "--git-path",
			     "info/attributes", NULL };
	const char *cp[] = { "git", "rev-parse", "--git-path", "config", NULL };
	const char *top[] = { "git", "rev-parse", "--show-toplevel", NULL };
	struct strbuf attr = STRBUF_INIT, config = STRBUF_INIT,
		      driver = STRBUF_INIT;
	struct strbuf self = STRBUF_INIT;
	int ret = EXIT_ERROR;

	if (git_line(committed ? top : gp, &attr) || git_line(cp, &config)) {
		error_msg(committed ? "not in a git work tree" :
				      "not in a git repository");
		goto out;
	}
	if (committed)
		strbuf_addstr(&attr, "/.gitattributes");
	/* git config writes through a link: refused before it runs */
	if (refuse_link(config.buf) || refuse_link(attr.buf))
		goto out;
	if (strbuf_readlink(&self, "/proc/self/exe") || !self.len)
		strbuf_addstr(&self, "maint");
	sq_quote(&driver, self.buf);
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
	if (add_attributes(attr.buf, !committed))
		goto out;
	printf("merge.maintainers.driver = %s\n", driver.buf);
	printf("attributes written to %s: MAINTAINERS, MAINTAINERS/*\n",
	       attr.buf);
	if (committed)
		printf("commit it to share the driver's use (each clone still "
		       "needs maint merge --install for the config)\n");
	else
		printf("(this repository only; --attributes writes "
		       ".gitattributes to commit)\n");
	ret = EXIT_OK;
out:
	strbuf_release(&self);
	strbuf_release(&attr);
	strbuf_release(&config);
	strbuf_release(&driver);
	return ret;
}

/*
 * The other file of rev below dir whose line h is (a section header),
 * in *file.
 */
static bool moved_to(const char *rev, const char *dir, const char *self,
		     const char *h, size_t hlen, struct strbuf *file)
{
	struct strbuf pat = STRBUF_INIT, out = STRBUF_INIT;
	const char *argv[] = { "git", "grep", "-z", "-F", "-e",
			       NULL,  NULL,   "--", dir,  NULL };
	const char *p, *nl;
	bool found = false;
	int status;

	strbuf_add(&pat, h, hlen);
	argv[5] = pat.buf;
	argv[6] = rev;
	if (!run_capture_all(argv, &out, &status) && !status) {
		/* "REV:PATH\0LINE" */
		for (p = out.buf; !found && p < out.buf + out.len; p = nl + 1) {
			const char *c, *z;

			nl = memchr(p, '\n', (size_t)(out.buf + out.len - p));
			if (!nl)
				nl = out.buf + out.len;
			z = memchr(p, '\0', (size_t)(nl - p));
			c = z ? memchr(p, ':', (size_t)(z - p)) : NULL;
			if (!c || (size_t)(nl - z - 1) != hlen ||
			    memcmp(z + 1, h, hlen))
				continue;
			c++;
			if ((size_t)(z - c) == strlen(self) &&
			    !memcmp(c, self, (size_t)(z - c)))
				continue;
			strbuf_add(file, c, (size_t)(z - c));
			found = true;
		}
	}
	strbuf_release(&pat);
	strbuf_release(&out);
	return found;
}

/*
 * moved_to() on theirs: MERGE_HEAD is written only after the merge, so
 * also the commits git names to the driver in GITHEAD_<commit>.
 */
static bool theirs_has(const char *dir, const char *self, const char *h,
		       size_t hlen, struct strbuf *file)
{
	extern char **environ;
	char **e;

	if (moved_to("MERGE_HEAD", dir, self, h, hlen, file))
		return true;
	for (e = environ; *e; e++) {
		char rev[128];
		const char *eq = strchr(*e, '=');
		size_t n;

		if (strncmp(*e, "GITHEAD_", 8) || !eq)
			continue;
		n = (size_t)(eq - *e - 8);
		if (!n || n >= sizeof(rev))
			continue;
		memcpy(rev, *e + 8, n);
		rev[n] = '\0';
		if (moved_to(rev, dir, self, h, hlen, file))
			return true;
	}
	return false;
}

/*
 * A file of a split MAINTAINERS/ (path DIR/NAME): a section one side
 * removed from it and the other changed, where the removing side has it
 * in another file of DIR, was moved there (issue #24 item 9).  git merges
 * the two files apart, so the change cannot follow the section by
 * itself: say where it went and how to carry the change there.
 */
static void moved_sections(struct strbuf in[3], const char *path)
{
	struct maintainers m[3];
	struct diags d = DIAGS_INIT;
	struct strbuf dir = STRBUF_INIT, file = STRBUF_INIT;
	const char *slash = path ? strrchr(path, '/') : NULL;
	size_t k;
	int i;

	if (!slash)
		return;
	strbuf_add(&dir, path, (size_t)(slash - path));
	for (i = 0; i < 3; i++)
		mnt_init(&m[i]);
	for (i = 0; i < 3; i++) {
		char *data = malloc(in[i].len + 1);

		if (!data)
			goto out;
		memcpy(data, in[i].buf, in[i].len);
		if (mnt_parse(&m[i], path, data, in[i].len, &d))
			goto out;
	}
	for (k = 1; k < m[0].nr_sections; k++) {
		const struct mnt_section *b = &m[0].sections[k];
		const struct mnt_section *o =
			mnt_find(&m[1], b->header, b->header_len);
		const struct mnt_section *t =
			mnt_find(&m[2], b->header, b->header_len);
		bool ours_moved = !o && t &&
				  !mnt_section_equal(&m[0], b, &m[2], t);
		bool theirs_moved = o && !t &&
				    !mnt_section_equal(&m[0], b, &m[1], o);

		if (!ours_moved && !theirs_moved)
			continue;
		strbuf_reset(&file);
		if (!(ours_moved ? moved_to("HEAD", dir.buf, path, b->header,
					    b->header_len, &file) :
				   theirs_has(dir.buf, path, b->header,
					      b->header_len, &file)))
			continue;
		error_msg("%s: section '%.*s' was moved to %s on %s and "
			  "changed here on %s: take %s' side of it here, then "
			  "carry the change: git diff $(git merge-base HEAD "
			  "MERGE_HEAD) %s -- %s | maint split --carry=-",
			  path, (int)b->header_len, b->header, file.buf,
			  ours_moved ? "ours" : "theirs",
			  ours_moved ? "theirs" : "ours",
			  ours_moved ? "ours" : "theirs",
			  ours_moved ? "MERGE_HEAD" : "HEAD", path);
	}
out:
	for (i = 0; i < 3; i++)
		mnt_release(&m[i]);
	diags_release(&d);
	strbuf_release(&dir);
	strbuf_release(&file);
}

/*
 * Merge the files args[0..3) (base, ours, theirs) into args[1]: the
 * exit status.
 */
static int merge_files(char **args, const char *path, struct merge_opts *mo,
		       bool style_given)
{
	struct strbuf in[3] = { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT };
	struct strbuf out = STRBUF_INIT;
	struct merge_result res;
	int ret = EXIT_ERROR, i, err = 0;

	for (i = 0; i < 3; i++) {
		if (read_path(args[i], &in[i], &err)) {
			error_msg("%s: %s", args[i], file_strerror(err));
			goto done;
		}
		if (memchr(in[i].buf, '\0', in[i].len)) {
			error_msg("%s: binary data, not a MAINTAINERS file",
				  args[i]);
			goto done;
		}
		mo->paths[i] = args[i];
	}
	if (!style_given)
		mo->style = config_style();
	if (mg_merge_text(in[0].buf, in[0].len, in[1].buf, in[1].len, in[2].buf,
			  in[2].len, mo, &out, &res)) {
		error_msg("%s: the merge failed (git merge-file could not run, "
			  "or out of memory)",
			  path ? path : args[1]);
		goto done;
	}
	if (write_result(args[1], &out))
		goto done;
	if (res.conflicts) {
		error_msg("%zu conflict%s in %s", res.conflicts,
			  res.conflicts == 1 ? "" : "s", path ? path : args[1]);
		moved_sections(in, path);
	}
	ret = res.conflicts ? EXIT_CONFLICTS : EXIT_OK;
done:
	for (i = 0; i < 3; i++)
		strbuf_release(&in[i]);
	strbuf_release(&out);
	return ret;
}

int cmd_merge(int argc, char **argv)
{
	int marker = 7, help = 0, do_install = 0, attributes = 0, diff3 = 0,
	    zdiff3 = 0, nargs, ret;
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
		return EXIT_USAGE;
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
