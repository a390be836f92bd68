// SPDX-License-Identifier: GPL-2.0
/*
 * maint split / maint join: MAINTAINERS as a directory of files, and
 * back.  See doc/maint-split.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "../lib/format.h"
#include "../lib/split.h"

#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char split_usage[] =
	"usage: maint split --by=dir|list|tree [--min=N] [--input=F] [--outdir=DIR]\n"
	"   or: maint split --rules=FILE [--input=F] [--outdir=DIR]\n"
	"\n"
	"Write MAINTAINERS as a directory of files, each in canonical order:\n"
	"  --by=dir      by the directories its F: patterns name\n"
	"  --by=list     by its first mailing list\n"
	"  --by=tree     spread through the tree (DIR/MAINTAINERS files)\n"
	"  --rules=FILE  \"FILE REGEX\" lines: sections matching go to FILE\n"
	"  --min=N       a group needs N sections for a file (dir, list: 5)\n"
	"  --input=F     what to split (default MAINTAINERS)\n"
	"  --outdir=DIR  where (default MAINTAINERS.split; must be new or empty)\n"
	"Sections no file takes, and the preamble, go to DIR/MAINTAINERS.\n"
	"A table of files, sections and lines is printed.\n"
	"\n"
	"  --series=DIR  in a kernel git tree: write the split as a patch series\n"
	"                (git format-patch, with a cover letter) that git am\n"
	"                applies; MAINTAINERS becomes a directory\n";

static const char join_usage[] =
	"usage: maint join [--output=F] DIR\n"
	"\n"
	"Read a split MAINTAINERS (every file below DIR) and write it as one\n"
	"file in canonical order (what maint format writes): to standard\n"
	"output, or to F.\n";

/* rm -rf, for a temporary directory of our own */
static void remove_tree(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *de;

	if (dir) {
		while ((de = readdir(dir))) {
			struct strbuf p = STRBUF_INIT;

			if (!strcmp(de->d_name, ".") ||
			    !strcmp(de->d_name, ".."))
				continue;
			strbuf_addf(&p, "%s/%s", path, de->d_name);
			if (is_directory(p.buf))
				remove_tree(p.buf);
			else
				unlink(p.buf);
			strbuf_release(&p);
		}
		closedir(dir);
	}
	rmdir(path);
}

static int mkdirs(const char *path)
{
	struct strbuf p = STRBUF_INIT;
	const char *s;
	int ret = 0;

	for (s = path; (s = strchr(s, '/')); s++) {
		if (s == path)
			continue; /* the root of an absolute path */
		strbuf_reset(&p);
		strbuf_add(&p, path, (size_t)(s - path));
		if (mkdir(p.buf, 0777) && errno != EEXIST)
			ret = -1;
	}
	strbuf_release(&p);
	return ret;
}

static bool empty_dir(const char *path)
{
	char **names = NULL;
	size_t n = 0, i;
	int err;

	if (list_directory(path, &names, &n, &err))
		return false;
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return n == 0;
}

/* git -C dir ARGS...; 0 when it ran and exited 0 (output to out if set) */
static int git_in(const char *dir, struct strbuf *out, ...)
{
	const char *argv[32];
	struct strbuf ignore = STRBUF_INIT;
	va_list ap;
	int n = 0, status, ret;

	argv[n++] = "git";
	argv[n++] = "-C";
	argv[n++] = dir;
	va_start(ap, out);
	while (n < 31 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	ret = run_capture(argv, out ? out : &ignore, &status) || status ? -1 :
									  0;
	strbuf_release(&ignore);
	return ret;
}

static int write_file(const char *path, const struct strbuf *text)
{
	int fd, err = 0;

	if (mkdirs(path))
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0)
		return -1;
	if (write_all(fd, text->buf, text->len, &err)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/* what the split means for the tree's other readers of MAINTAINERS */
static void readers(const char *wt, struct strbuf *out)
{
	static const struct {
		const char *file, *note;
	} known[] = {
		{ "scripts/get_maintainer.pl",
		  "reads a MAINTAINERS directory as it is (every file in it);\n"
		  "    files spread through the tree need --find-maintainer-files." },
		{ "scripts/checkpatch.pl",
		  "its MAINTAINERS style checks (one tab after TYPE:, entry\n"
		  "    order, F: order) run on a file named exactly MAINTAINERS\n"
		  "    ($realfile =~ /^MAINTAINERS$/), and its \"does MAINTAINERS\n"
		  "    need updating?\" test looks for \"MAINTAINERS |\" in the\n"
		  "    diffstat: both want to take MAINTAINERS/* too." },
		{ "scripts/parse-maintainers.pl",
		  "reads one file (--input): run it on each file of the directory,\n"
		  "    or use maint format / maint join." },
	};
	struct strbuf grep = STRBUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		struct strbuf p = STRBUF_INIT;

		strbuf_addf(&p, "%s/%s", wt, known[i].file);
		if (is_regular(p.buf))
			strbuf_addf(out, "  - %s: %s\n", known[i].file,
				    known[i].note);
		strbuf_release(&p);
	}
	if (!git_in(wt, &grep, "grep", "-l", "-w", "MAINTAINERS", "--",
		    "scripts", "tools", "Makefile", "Documentation/Makefile",
		    NULL)) {
		char *l, *save = NULL;
		size_t others = 0;

		for (l = strtok_r(grep.buf, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save)) {
			bool seen = false;

			for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
				if (!strcmp(l, known[i].file))
					seen = true;
			if (seen)
				continue;
			if (!others++)
				strbuf_addstr(
					out,
					"  - also naming MAINTAINERS (text or "
					"paths to review):\n");
			strbuf_addf(out, "      %s\n", l);
		}
	}
	strbuf_addstr(
		out,
		"  - Documentation: the process documents speak of \"the\n"
		"    MAINTAINERS file\"; the text still holds, the place is\n"
		"    now a directory.\n");
	strbuf_release(&grep);
}

static int make_series(struct maintainers *m, struct split_plan *plan,
		       const char *by, const char *series)
{
	struct strbuf top = STRBUF_INIT, wt = STRBUF_INIT, p = STRBUF_INIT,
		      text = STRBUF_INIT, msg = STRBUF_INIT, head = STRBUF_INIT,
		      cover = STRBUF_INIT, table = STRBUF_INIT,
		      abs = STRBUF_INIT;
	char tmpl[] = "/tmp/maint-series-XXXXXX";
	size_t *idx = malloc((m->nr_sections + 1) * sizeof(*idx));
	bool *moved = calloc(m->nr_sections + 1, sizeof(*moved));
	size_t f, i, n, nfiles = 0;
	int ret = 2, err = 0;
	bool wt_made = false;
	char cwd[4096];

	if (!idx || !moved || !getcwd(cwd, sizeof(cwd)))
		goto out;
	if (git_in(".", &top, "rev-parse", "--show-toplevel", NULL)) {
		error_msg(
			"--series needs a git work tree (a kernel tree in git)");
		goto out;
	}
	while (top.len && top.buf[top.len - 1] == '\n')
		top.buf[--top.len] = '\0';
	if (git_in(top.buf, &head, "rev-parse", "HEAD", NULL)) {
		error_msg("%s: no commit to build on", top.buf);
		goto out;
	}
	while (head.len && head.buf[head.len - 1] == '\n')
		head.buf[--head.len] = '\0';
	strbuf_addf(&abs, "%s%s%s", series[0] == '/' ? "" : cwd,
		    series[0] == '/' ? "" : "/", series);
	if (!access(abs.buf, F_OK) &&
	    (!is_directory(abs.buf) || !empty_dir(abs.buf))) {
		error_msg("%s exists and is not an empty directory", series);
		goto out;
	}
	if (!mkdtemp(tmpl)) {
		error_msg("mkdtemp: %s", strerror(errno));
		goto out;
	}
	strbuf_addf(&wt, "%s/wt", tmpl);
	if (git_in(top.buf, NULL, "worktree", "add", "-q", "--detach", wt.buf,
		   "HEAD", NULL)) {
		error_msg("git worktree add failed");
		rmdir(tmpl);
		goto out;
	}
	wt_made = true;

	/* 1: MAINTAINERS becomes MAINTAINERS/MAINTAINERS, sorted */
	for (i = 0; i < m->nr_sections; i++)
		idx[i] = i;
	strbuf_reset(&text);
	if (mnt_sort_sections(m, idx, m->nr_sections) ||
	    mnt_render(m, idx, m->nr_sections, NULL, &text))
		goto out;
	if (git_in(wt.buf, NULL, "mv", "MAINTAINERS", "MAINTAINERS.maint-tmp",
		   NULL) ||
	    git_in(wt.buf, NULL, "mv", "MAINTAINERS.maint-tmp",
		   "MAINTAINERS.maint-tmp2", NULL))
		goto git_failed;
	strbuf_addf(&p, "%s/MAINTAINERS/MAINTAINERS", wt.buf);
	if (mkdirs(p.buf) ||
	    git_in(wt.buf, NULL, "mv", "MAINTAINERS.maint-tmp2",
		   "MAINTAINERS/MAINTAINERS", NULL) ||
	    write_file(p.buf, &text))
		goto git_failed;
	strbuf_addf(
		&msg,
		"MAINTAINERS: move to MAINTAINERS/MAINTAINERS\n\n"
		"MAINTAINERS draws merge conflicts in almost every cycle.  Make it\n"
		"a directory, so that the files split out of it by the next\n"
		"patches (split by %s) conflict less often.\n\n"
		"This first step moves the file and puts its sections in the\n"
		"order scripts/parse-maintainers.pl gives them, so that the moves\n"
		"that follow are pure moves.\n",
		by);
	/* -f: a kernel tree's .gitignore ignores new files at the top */
	if (git_in(wt.buf, NULL, "add", "-f", "--", "MAINTAINERS/MAINTAINERS",
		   NULL) ||
	    git_in(wt.buf, NULL, "commit", "-q", "-s", "-m", msg.buf, NULL))
		goto git_failed;

	/* 2..: one file at a time */
	strbuf_addf(&table, "  %-40s %8s\n", "file", "sections");
	for (f = 1; f < plan->nr_names; f++) {
		const char *name = plan->names[f];
		struct strbuf dest = STRBUF_INIT, subj = STRBUF_INIT;

		for (i = 1, n = 0; i < m->nr_sections; i++)
			if (plan->file_of[i] == f)
				idx[n++] = i;
		if (!n)
			continue;
		nfiles++;
		if (strchr(name, '/'))
			strbuf_addstr(&dest, name); /* in the tree */
		else
			strbuf_addf(&dest, "MAINTAINERS/%s", name);
		strbuf_addf(&table, "  %-40s %8zu\n", dest.buf, n);
		mnt_sort_sections(m, idx, n);
		strbuf_reset(&text);
		mnt_render(m, idx, n, NULL, &text);
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/%s", wt.buf, dest.buf);
		if (write_file(p.buf, &text))
			goto git_failed;
		for (i = 0; i < n; i++)
			moved[idx[i]] = true;
		/* what stays in MAINTAINERS/MAINTAINERS */
		for (i = 0, n = 0; i < m->nr_sections; i++)
			if (!moved[i])
				idx[n++] = i;
		mnt_sort_sections(m, idx, n);
		strbuf_reset(&text);
		mnt_render(m, idx, n, NULL, &text);
		strbuf_reset(&p);
		strbuf_addf(&p, "%s/MAINTAINERS/MAINTAINERS", wt.buf);
		if (write_file(p.buf, &text))
			goto git_failed;
		strbuf_reset(&msg);
		strbuf_addf(&subj, "MAINTAINERS: move the %s sections to %s",
			    name, dest.buf);
		strbuf_addf(&msg, "%s\n\nMove the sections ", subj.buf);
		strbuf_addf(
			&msg,
			"that belong together by their %s out\n"
			"of MAINTAINERS/MAINTAINERS into %s, unchanged and\n"
			"in the same order:\n\n",
			!strcmp(by, "list")  ? "mailing list" :
			!strcmp(by, "tree")  ? "place in the tree" :
			!strcmp(by, "rules") ? "rule" :
					       "directories",
			dest.buf);
		for (i = 1, n = 0; i < m->nr_sections; i++) {
			const struct mnt_section *s = &m->sections[i];

			if (plan->file_of[i] != f)
				continue;
			if (n++ < 20)
				strbuf_addf(&msg, "  %.*s\n",
					    (int)s->header_len, s->header);
		}
		if (n > 20)
			strbuf_addf(&msg, "  and %zu more\n", n - 20);
		strbuf_release(&subj);
		if (git_in(wt.buf, NULL, "add", "-f", "--",
			   "MAINTAINERS/MAINTAINERS", dest.buf, NULL) ||
		    git_in(wt.buf, NULL, "commit", "-q", "-s", "-m", msg.buf,
			   NULL)) {
			strbuf_release(&dest);
			goto git_failed;
		}
		strbuf_release(&dest);
	}

	/* the series, and its cover letter */
	if (mkdir(abs.buf, 0777) && errno != EEXIST)
		goto git_failed;
	if (git_in(wt.buf, NULL, "format-patch", "-q", "--cover-letter", "-o",
		   abs.buf, head.buf, NULL))
		goto git_failed;
	strbuf_reset(&p);
	{
		char **names = NULL;
		size_t nn = 0;

		if (list_directory(abs.buf, &names, &nn, &err))
			goto git_failed;
		for (i = 0; i < nn; i++) {
			if (!strncmp(names[i], "0000-", 5) && !p.len)
				strbuf_addf(&p, "%s/%s", abs.buf, names[i]);
			free(names[i]);
		}
		free(names);
	}
	if (!p.len || read_path(p.buf, &cover, &err))
		goto git_failed;
	strbuf_reset(&text);
	{
		const char *subj_at = strstr(cover.buf, "*** SUBJECT HERE ***");
		const char *blurb_at = strstr(cover.buf, "*** BLURB HERE ***");
		struct strbuf r = STRBUF_INIT;

		if (!subj_at || !blurb_at || blurb_at < subj_at)
			goto git_failed;
		strbuf_add(&text, cover.buf, (size_t)(subj_at - cover.buf));
		strbuf_addf(&text,
			    "MAINTAINERS: split into a directory (by %s)", by);
		strbuf_add(&text, subj_at + 20,
			   (size_t)(blurb_at - subj_at - 20));
		strbuf_addf(
			&text,
			"MAINTAINERS is a very large file, and patches to it conflict\n"
			"with each other in almost every cycle.  This series makes it a\n"
			"MAINTAINERS/ directory: the first patch moves it to\n"
			"MAINTAINERS/MAINTAINERS in parse-maintainers.pl's order, and\n"
			"each following patch moves the sections of one group to a\n"
			"file of its own, unchanged.  %zu files are split out (by %s);\n"
			"%zu sections in all, the preamble and the sections no group\n"
			"takes stay in MAINTAINERS/MAINTAINERS.\n\n"
			"The plan:\n\n%s\n"
			"Nothing else changes: scripts/get_maintainer.pl reading the\n"
			"directory gives the same recipients for every file, and\n"
			"joining the files back (maint join MAINTAINERS) gives exactly\n"
			"what parse-maintainers.pl writes for the old file.\n\n"
			"What the split means for the tree's other readers of\n"
			"MAINTAINERS:\n\n",
			nfiles, by, m->nr_sections - 1, table.buf);
		readers(wt.buf, &r);
		strbuf_addbuf(&text, &r);
		strbuf_addstr(&text, "\nGenerated by maint split --series.\n");
		strbuf_addstr(&text, blurb_at + 18);
		strbuf_release(&r);
	}
	if (write_file(p.buf, &text))
		goto git_failed;
	printf("%s: %zu patches and a cover letter\n", series, nfiles + 1);
	ret = 0;
	goto out;
git_failed:
	error_msg("building the series failed (in %s)", wt.buf);
	remove_tree(abs.buf);
out:
	if (wt_made) {
		git_in(top.buf, NULL, "worktree", "remove", "--force", wt.buf,
		       NULL);
		rmdir(tmpl);
	}
	free(idx);
	free(moved);
	strbuf_release(&top);
	strbuf_release(&wt);
	strbuf_release(&p);
	strbuf_release(&text);
	strbuf_release(&msg);
	strbuf_release(&head);
	strbuf_release(&cover);
	strbuf_release(&table);
	strbuf_release(&abs);
	return ret;
}

int cmd_split(int argc, char **argv)
{
	const char *by = NULL, *input = "MAINTAINERS",
		   *outdir = "MAINTAINERS.split", *rules = NULL, *series = NULL;
	int min = -1, help = 0, nargs, ret = 2, err = 0;
	const struct option opts[] = {
		{ OPT_STRING, "by", NULL, &by, 0 },
		{ OPT_INT, "min", &min, NULL, 0 },
		{ OPT_STRING, "input", NULL, &input, 0 },
		{ OPT_STRING, "outdir", NULL, &outdir, 0 },
		{ OPT_STRING, "rules", NULL, &rules, 0 },
		{ OPT_STRING, "series", NULL, &series, 0 },
		{ OPT_FLAG, "h|help", &help, NULL, 0 },
		{ OPT_END, NULL, NULL, NULL, 0 },
	};
	struct strbuf e = STRBUF_INIT, rtext = STRBUF_INIT, tmp = STRBUF_INIT,
		      text = STRBUF_INIT, path = STRBUF_INIT;
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct split_plan plan = { 0 };
	enum split_by how = SPLIT_DIR;
	size_t *idx = NULL, f, i, n, total_s = 0, total_l = 0;
	char **args = NULL;

	mnt_init(&m);
	if (parse_options(argc, argv, opts, &args, &nargs, &e)) {
		error_msg("%s", e.buf);
		ret = 129;
		goto out;
	}
	if (help) {
		show_usage(split_usage);
		ret = 0;
		goto out;
	}
	if (nargs || (!by && !rules) || (by && rules)) {
		fputs(split_usage, stderr);
		ret = 129;
		goto out;
	}
	if (rules) {
		how = SPLIT_RULES;
		if (read_path(rules, &rtext, &err)) {
			error_msg("%s: %s", rules, strerror(err));
			goto out;
		}
	} else if (!strcmp(by, "dir")) {
		how = SPLIT_DIR;
	} else if (!strcmp(by, "list")) {
		how = SPLIT_LIST;
	} else if (!strcmp(by, "tree")) {
		how = SPLIT_TREE;
	} else {
		error_msg("--by takes dir, list or tree, not '%s'", by);
		ret = 129;
		goto out;
	}
	if (min < 0)
		min = how == SPLIT_TREE ? 1 : 5;
	if (series) {
		if (mnt_read(&m, input, &d)) {
			print_diags(&d);
			goto out;
		}
		if (split_plan(&m, how, min, rtext.buf, rtext.len, rules, &plan,
			       &d)) {
			print_diags(&d);
			goto out;
		}
		ret = make_series(&m, &plan, rules ? "rules" : by, series);
		goto out;
	}
	if (!access(outdir, F_OK) &&
	    (!is_directory(outdir) || !empty_dir(outdir))) {
		error_msg("%s exists and is not an empty directory", outdir);
		goto out;
	}
	if (mnt_read(&m, input, &d)) {
		print_diags(&d);
		goto out;
	}
	if (split_plan(&m, how, min, rtext.buf, rtext.len, rules, &plan, &d)) {
		print_diags(&d);
		goto out;
	}
	/* all into a temporary directory, renamed into place at the end */
	strbuf_addf(&tmp, "%s.tmp-%ld", outdir, (long)getpid());
	remove_tree(tmp.buf);
	if (mkdir(tmp.buf, 0777)) {
		error_msg("%s: %s", tmp.buf, strerror(errno));
		goto out;
	}
	idx = malloc((m.nr_sections + 1) * sizeof(*idx));
	if (!idx)
		goto fail;
	printf("%-40s %8s %8s\n", "file", "sections", "lines");
	for (f = 0; f < plan.nr_names; f++) {
		size_t nl = 0, k;
		int fd;

		for (i = 0, n = 0; i < m.nr_sections; i++)
			if (plan.file_of[i] == f)
				idx[n++] = i;
		if (!n)
			continue;
		strbuf_reset(&text);
		if (mnt_sort_sections(&m, idx, n) ||
		    mnt_render(&m, idx, n, NULL, &text))
			goto fail;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", tmp.buf, plan.names[f]);
		/* the temporary directory is the unit that lands whole */
		fd = mkdirs(path.buf) ?
			     -1 :
			     open(path.buf, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd < 0 || write_all(fd, text.buf, text.len, &err) ||
		    close(fd)) {
			error_msg("%s: %s", path.buf,
				  strerror(err ? err : errno));
			if (fd >= 0)
				close(fd);
			goto fail;
		}
		for (k = 0; k < text.len; k++)
			nl += text.buf[k] == '\n';
		printf("%-40s %8zu %8zu\n", plan.names[f], n - (f == 0), nl);
		total_s += n - (f == 0);
		total_l += nl;
	}
	printf("%-40s %8zu %8zu\n", "total", total_s, total_l);
	if (!access(outdir, F_OK))
		rmdir(outdir);
	if (rename(tmp.buf, outdir)) {
		error_msg("%s: %s", outdir, strerror(errno));
		goto fail;
	}
	ret = 0;
	goto out;
fail:
	remove_tree(tmp.buf);
out:
	free(idx);
	free(args);
	split_plan_release(&plan);
	mnt_release(&m);
	diags_release(&d);
	strbuf_release(&e);
	strbuf_release(&rtext);
	strbuf_release(&tmp);
	strbuf_release(&text);
	strbuf_release(&path);
	return ret;
}

struct join_job {
	struct maintainers *m;
	size_t *idx, n;
};

static int produce_join(void *arg, struct sink *s)
{
	struct join_job *j = arg;

	return mnt_render_sink(j->m, j->idx, j->n, NULL, s);
}

int cmd_join(int argc, char **argv)
{
	const char *output = "-";
	int help = 0, nargs, ret = 2;
	const struct option opts[] = {
		{ OPT_STRING, "output", NULL, &output, 0 },
		{ OPT_FLAG, "h|help", &help, NULL, 0 },
		{ OPT_END, NULL, NULL, NULL, 0 },
	};
	struct strbuf e = STRBUF_INIT;
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct join_job job = { &m, NULL, 0 };
	struct output out;
	char **args = NULL;
	size_t i;

	mnt_init(&m);
	if (parse_options(argc, argv, opts, &args, &nargs, &e)) {
		error_msg("%s", e.buf);
		ret = 129;
		goto out;
	}
	if (help) {
		show_usage(join_usage);
		ret = 0;
		goto out;
	}
	if (nargs != 1) {
		fputs(join_usage, stderr);
		ret = 129;
		goto out;
	}
	if (!is_directory(args[0])) {
		error_msg("%s is not a directory", args[0]);
		goto out;
	}
	if (mnt_read_recursive(&m, args[0], &d)) {
		print_diags(&d);
		ret = 1;
		goto out;
	}
	job.idx = malloc((m.nr_sections + 1) * sizeof(*job.idx));
	if (!job.idx)
		goto out;
	for (i = 0; i < m.nr_sections; i++)
		job.idx[i] = i;
	job.n = m.nr_sections;
	if (mnt_sort_sections(&m, job.idx, job.n))
		goto out;
	out = (struct output){ output, produce_join, &job };
	ret = write_outputs(&out, 1) ? 2 : 0;
out:
	free(job.idx);
	free(args);
	mnt_release(&m);
	diags_release(&d);
	strbuf_release(&e);
	return ret;
}
