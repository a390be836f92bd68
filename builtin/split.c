// SPDX-License-Identifier: GPL-2.0
/*
 * maint split / maint join: MAINTAINERS as a directory of files, and
 * back.  See doc/maint-split.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "base/base.h"
#include "../parse-options.h"
#include "split/split.h"
#include "model/model.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char split_head[] =
	"usage: maint split --by=dir|list|tree [--min=N] [--input=F] [--outdir=DIR]\n"
	"   or: maint split --rules=FILE [--input=F] [--outdir=DIR]\n"
	"   or: maint split --by=...|--rules=... [--min=N] [-s] --series=DIR\n"
	"   or: maint split --carry=PATCH [--input=DIR] [--by=...|--rules=...]\n"
	"\n"
	"Write MAINTAINERS as a directory of files, each in canonical order.\n"
	"\n";

static const char split_foot[] =
	"Sections no file takes, and the preamble, go to DIR/MAINTAINERS.\n"
	"A table of files, sections and lines is printed.\n";

static const char join_head[] =
	"usage: maint join [--output=F] DIR\n"
	"\n"
	"Read a split MAINTAINERS (every file below DIR) and write it as one\n"
	"file in canonical order (what maint format writes): to standard\n"
	"output, or to F.\n"
	"\n";

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

static char *const *sort_names; /* for by_name(): qsort has no argument */

static int by_name(const void *a, const void *b)
{
	return strcmp(sort_names[*(const size_t *)a],
		      sort_names[*(const size_t *)b]);
}

/* The plan's files in byte order of their names (the rest first). */
static size_t *files_by_name(const struct split_plan *plan)
{
	size_t *order = malloc((plan->nr_names + 1) * sizeof(*order)), f;

	if (!order)
		return NULL;
	for (f = 0; f < plan->nr_names; f++)
		order[f] = f;
	sort_names = plan->names;
	qsort(order + 1, plan->nr_names - 1, sizeof(*order), by_name);
	return order;
}

/*
 * --dry-run: the files and their sections, then every section with its
 * file and why it goes there ("FILE<TAB>SECTION<TAB>WHY"), by file.  0,
 * or -1 (reported).
 */
static int print_plan(struct maintainers *m, const struct split_plan *plan,
		      const size_t *order)
{
	size_t *idx = malloc((m->nr_sections + 1) * sizeof(*idx)), o, i, n;
	int ret = -1;

	if (!idx)
		goto nomem;
	printf("%-40s %8s\n", "file", "sections");
	for (o = 0; o < plan->nr_names; o++) {
		for (i = 1, n = 0; i < m->nr_sections; i++)
			n += plan->file_of[i] == order[o];
		printf("%-40s %8zu\n", plan->names[order[o]], n);
	}
	printf("%-40s %8zu\n\n", "total", m->nr_sections - 1);
	for (o = 0; o < plan->nr_names; o++) {
		for (i = 1, n = 0; i < m->nr_sections; i++)
			if (plan->file_of[i] == order[o])
				idx[n++] = i;
		if (mnt_sort_sections(m, idx, n))
			goto nomem;
		for (i = 0; i < n; i++)
			printf("%s\t%.*s\t%s\n", plan->names[order[o]],
			       (int)m->sections[idx[i]].header_len,
			       m->sections[idx[i]].header, plan->why[idx[i]]);
	}
	ret = 0;
	goto out;
nomem:
	error_msg("out of memory");
out:
	free(idx);
	return ret;
}

/*
 * The files of the plan, in the order given, below dir; the table of
 * files, sections and lines printed.  0, or -1 (reported).
 */
static int write_files(struct maintainers *m, const struct split_plan *plan,
		       const size_t *order, const char *dir)
{
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;
	size_t *idx, o, f, i, n, total_s = 0, total_l = 0;
	int ret = -1, err = 0;

	idx = malloc((m->nr_sections + 1) * sizeof(*idx));
	if (!idx)
		goto nomem;
	printf("%-40s %8s %8s\n", "file", "sections", "lines");
	for (o = 0; o < plan->nr_names; o++) {
		size_t nl = 0, k;
		int fd;

		f = order[o];
		for (i = 0, n = 0; i < m->nr_sections; i++)
			if (plan->file_of[i] == f)
				idx[n++] = i;
		if (!n)
			continue;
		strbuf_reset(&text);
		if (mnt_sort_sections(m, idx, n) ||
		    mnt_render(m, idx, n, NULL, &text))
			goto nomem;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, plan->names[f]);
		/* the temporary directory is the unit that lands whole */
		fd = mkdirs(path.buf) ?
			     -1 :
			     open(path.buf,
				  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
				  0666);
		if (fd < 0 || write_all(fd, text.buf, text.len, &err) ||
		    close(fd)) {
			error_msg("%s: %s", path.buf,
				  strerror(err ? err : errno));
			if (fd >= 0)
				close(fd);
			goto out;
		}
		for (k = 0; k < text.len; k++)
			nl += text.buf[k] == '\n';
		printf("%-40s %8zu %8zu\n", plan->names[f], n - (f == 0), nl);
		total_s += n - (f == 0);
		total_l += nl;
	}
	printf("%-40s %8zu %8zu\n", "total", total_s, total_l);
	ret = 0;
	goto out;
nomem:
	error_msg("out of memory");
out:
	free(idx);
	strbuf_release(&text);
	strbuf_release(&path);
	return ret;
}

/* --by=NAME: 0 and *how, or -1 */
static int split_by_name(const char *by, enum split_by *how)
{
	if (!strcmp(by, "dir"))
		*how = SPLIT_DIR;
	else if (!strcmp(by, "list"))
		*how = SPLIT_LIST;
	else if (!strcmp(by, "tree"))
		*how = SPLIT_TREE;
	else
		return -1;
	return 0;
}

/* The finished temporary directory renamed to outdir: 0, or -1. */
static int land(const char *tmp, const char *outdir)
{
	/* the temporary directory has mkdtemp's mode 0700: as mkdir would */
	mode_t um = umask(0);

	umask(um);
	chmod(tmp, 0777 & ~um);
	if (!access(outdir, F_OK))
		rmdir(outdir);
	if (rename(tmp, outdir)) {
		error_msg("%s: %s", outdir, strerror(errno));
		return -1;
	}
	temp_forget(tmp); /* in place: no longer ours to remove */
	return 0;
}

struct split_args {
	const char *by, *input, *outdir, *rules, *series, *carry;
	int min, help, dry_run, signoff;
	enum split_by how;
	struct strbuf rtext; /* the --rules file */
	char **args;
	int nargs;
};

/* The options.  -1 to go on, else the exit status. */
static int split_parse(struct split_args *a, int argc, char **argv)
{
	const struct option opts[] = {
		OPT_STR("by", &a->by, "dir|list|tree",
			"dir: where its code is (documentation,\n"
			"headers, tests and device-tree bindings count\n"
			"only when nothing else does); list: by its\n"
			"first mailing list; tree: spread through the\n"
			"tree (DIR/MAINTAINERS files)"),
		OPT_STR("rules", &a->rules, "FILE",
			"\"FILE REGEX\" lines: sections matching go to\n"
			"FILE"),
		OPT_NUM("min", &a->min, "N",
			"a group needs N sections for a file (dir,\n"
			"list: 5)"),
		OPT_STR("input", &a->input, "F",
			"what to split (default MAINTAINERS)"),
		OPT_STR("outdir", &a->outdir, "DIR",
			"where (default MAINTAINERS.split; must be new\n"
			"or empty)"),
		OPT_SET("n|dry-run", &a->dry_run,
			"write nothing: the plan, and why for every\n"
			"section"),
		OPT_STR("series", &a->series, "DIR",
			"in a kernel git tree: the split of HEAD's\n"
			"MAINTAINERS as a patch series with a cover\n"
			"letter (git plumbing on a temporary index:\n"
			"the work tree, index and branches are not\n"
			"touched): the tree's readers of MAINTAINERS\n"
			"patched first, then the move, then one patch\n"
			"per file"),
		OPT_STR("carry", &a->carry, "PATCH",
			"carry the MAINTAINERS hunks of a patch made\n"
			"before the split (- for standard input) onto\n"
			"the split directory (--input, default\n"
			"MAINTAINERS), each section's change to the\n"
			"file that holds it; new sections where --by\n"
			"(default dir) or --rules puts them"),
		OPT_SET("s|signoff", &a->signoff,
			"--series: a Signed-off-by line (the\n"
			"committer's) in each patch, as git\n"
			"format-patch -s; none without it"),
		OPT_SET("h|help", &a->help, "show this help"),
		OPT_TABLE_END,
	};
	int ret, err = 0;

	ret = parse_options_usage(argc, argv, opts, split_head, split_foot,
				  &a->help, &a->args, &a->nargs);
	if (ret >= 0)
		return ret;
	if (a->carry && !a->by && !a->rules)
		a->by = "dir";
	if (a->nargs || (!a->by && !a->rules) || (a->by && a->rules) ||
	    (a->carry && (a->series || a->dry_run))) {
		print_usage(stderr, split_head, opts, split_foot);
		return EXIT_USAGE;
	}
	if (a->rules) {
		a->how = SPLIT_RULES;
		if (read_path(a->rules, &a->rtext, &err)) {
			error_msg("%s: %s", a->rules, file_strerror(err));
			return EXIT_ERROR;
		}
	} else if (split_by_name(a->by, &a->how)) {
		static const char *const bys[] = { "dir", "list", "tree" };

		error_msg("--by takes dir, list or tree, not '%s'", a->by);
		suggest_value("by", a->by, strlen(a->by), bys, 3);
		return EXIT_USAGE;
	}
	if (a->min == INT_MIN) {
		a->min = a->how == SPLIT_TREE ? 1 : 5;
	} else if (a->min < 1) {
		error_msg("--min takes a number of sections (1 or more), not "
			  "%d",
			  a->min);
		return EXIT_USAGE;
	}
	return -1;
}

static int carry_produce(void *arg, struct sink *s)
{
	const struct carry_file *cf = arg;

	strbuf_add(&s->buf, cf->text.buf, cf->text.len);
	return sink_finish(s);
}

/* Write the carried files: each locked, unchanged since read, together. */
static int carry_write(const struct maintainers *m, struct carry *c)
{
	struct lock_file *lk = calloc(c->nr + 1, sizeof(*lk));
	struct output *out = calloc(c->nr + 1, sizeof(*out));
	struct strbuf now = STRBUF_INIT;
	size_t i, f;
	int ret = EXIT_ERROR, err = 0;

	if (!lk || !out) {
		error_msg("out of memory");
		goto out;
	}
	for (i = 0; i < c->nr; i++) {
		const struct mnt_file *mf = NULL;

		for (f = 0; f < m->nr_files; f++)
			if (!strcmp(m->files[f].name, c->v[i].path))
				mf = &m->files[f];
		if (lock_acquire(&lk[i], c->v[i].path, &err)) {
			error_msg("unable to create '%s.lock': %s\n%s",
				  c->v[i].path, file_strerror(err), lock_hint);
			goto out;
		}
		strbuf_reset(&now);
		if (!mf || read_path(c->v[i].path, &now, &err) ||
		    now.len != mf->len || memcmp(now.buf, mf->data, mf->len)) {
			error_msg("%s: changed while the patch was carried; "
				  "nothing written",
				  c->v[i].path);
			goto out;
		}
		out[i] = (struct output){ c->v[i].path, carry_produce,
					  &c->v[i] };
	}
	ret = write_outputs(out, c->nr) ? EXIT_ERROR : EXIT_OK;
out:
	for (i = 0; lk && i < c->nr; i++)
		lock_release(&lk[i]);
	strbuf_release(&now);
	free(lk);
	free(out);
	return ret;
}

/*
 * --carry=PATCH: the patch's MAINTAINERS hunks onto the split directory
 * (issue #24 item 9).  0, 1 when a hunk cannot be carried (nothing
 * written), 2 on other errors.
 */
static int split_carry_main(struct split_args *a)
{
	struct strbuf text = STRBUF_INIT, dir = STRBUF_INIT;
	struct patch p = PATCH_INIT;
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct carry c = { 0 };
	struct carry_plan cp = { a->how, a->min, a->rtext.buf, a->rules,
				 a->rtext.len };
	int ret = EXIT_ERROR, err = 0;

	mnt_init(&m);
	strbuf_addstr(&dir, a->input);
	while (dir.len > 1 && dir.buf[dir.len - 1] == '/')
		dir.buf[--dir.len] = '\0';
	if (!is_directory(dir.buf)) {
		error_msg("--carry: %s is not a directory (a split "
			  "MAINTAINERS; name it with --input)",
			  dir.buf);
		goto out;
	}
	if (strcmp(a->carry, "-") ? read_path(a->carry, &text, &err) :
				    read_fd(0, &text, &err)) {
		error_msg("%s: %s",
			  strcmp(a->carry, "-") ? a->carry : "standard input",
			  file_strerror(err));
		goto out;
	}
	if (mnt_read_recursive(&m, dir.buf, &d) ||
	    patch_parse(&p, a->carry, text.buf, text.len, &d)) {
		print_diags(&d);
		goto out;
	}
	if (split_carry(&m, dir.buf, &p,
			strcmp(a->carry, "-") ? a->carry : "standard input",
			&cp, &c, &d)) {
		print_diags(&d);
		ret = diags_has(&d, SEV_FATAL) ? EXIT_ERROR : EXIT_FINDINGS;
		goto out;
	}
	print_diags(&d);
	ret = carry_write(&m, &c);
	if (!ret)
		printf("%zu MAINTAINERS hunk%s carried: %zu file%s of %s "
		       "written\n",
		       c.hunks, c.hunks == 1 ? "" : "s", c.nr,
		       c.nr == 1 ? "" : "s", dir.buf);
out:
	split_carry_release(&c);
	patch_release(&p);
	mnt_release(&m);
	diags_release(&d);
	strbuf_release(&text);
	strbuf_release(&dir);
	return ret;
}

/* --series: the library's messages as the command's own. */
static void print_series_diags(const struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < d->nr; i++) {
		if (d->v[i].id == D_SERIES) {
			error_msg("%s",
				  d->v[i].msg ? d->v[i].msg : "out of memory");
			continue;
		}
		strbuf_reset(&sb);
		diag_format(&sb, &d->v[i]);
		fflush(stdout);
		fprintf(stderr, "%s\n", sb.buf);
	}
	strbuf_release(&sb);
}

/* --series=DIR: the patch series (lib/split/series.c). */
static int split_series_main(const struct split_args *a)
{
	struct split_series_opts so = { a->how,	   a->rules ? "rules" : a->by,
					a->min,	   a->rtext.buf,
					a->rules,  a->rtext.len,
					a->series, a->signoff };
	struct split_series_result r = { 0 };
	struct diags d = DIAGS_INIT;
	int ret = EXIT_ERROR;

	if (!split_series(&so, &r, &d)) {
		printf("%s: %zu patches and a cover letter (%zu for the "
		       "readers of MAINTAINERS, %zu file%s)\n",
		       a->series, r.patches, r.readers, r.files,
		       r.files == 1 ? "" : "s");
		ret = EXIT_OK;
	}
	print_series_diags(&d);
	diags_release(&d);
	return ret;
}

int cmd_split(int argc, char **argv)
{
	struct split_args a = { NULL,
				"MAINTAINERS",
				"MAINTAINERS.split",
				NULL,
				NULL,
				NULL,
				INT_MIN,
				0,
				0,
				0,
				SPLIT_DIR,
				STRBUF_INIT,
				NULL,
				0 };
	struct strbuf tmp = STRBUF_INIT;
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct split_plan plan = { 0 };
	size_t *order = NULL;
	int ret, err = 0;

	mnt_init(&m);
	ret = split_parse(&a, argc, argv);
	if (ret >= 0)
		goto out;
	ret = EXIT_ERROR;
	if (a.carry) {
		ret = split_carry_main(&a);
		goto out;
	}
	if (a.series && !a.dry_run) {
		ret = split_series_main(&a);
		goto out;
	}
	if (!a.dry_run && !access(a.outdir, F_OK) && !is_directory(a.outdir)) {
		error_msg("%s is a file, not a directory (--outdir takes a new "
			  "or empty directory)",
			  a.outdir);
		goto out;
	}
	if (!a.dry_run && !access(a.outdir, F_OK) && !empty_dir(a.outdir)) {
		error_msg("%s exists and is not an empty directory", a.outdir);
		goto out;
	}
	if (mnt_read(&m, a.input, &d)) {
		print_diags(&d);
		goto out;
	}
	if (split_plan(&m, a.how, a.min, a.rtext.buf, a.rtext.len, a.rules,
		       &plan, &d)) {
		print_diags(&d);
		goto out;
	}
	order = files_by_name(&plan);
	if (!order) {
		error_msg("out of memory");
		goto out;
	}
	if (a.dry_run) {
		ret = print_plan(&m, &plan, order) ? EXIT_ERROR : EXIT_OK;
		goto out;
	}
	/* all into a new directory next to outdir, renamed into place */
	if (split_tmpdir_near(a.outdir, &tmp)) {
		error_msg("cannot make a temporary directory next to %s: %s",
			  a.outdir, strerror(errno));
		strbuf_reset(&tmp);
		goto out;
	}
	if (write_files(&m, &plan, order, tmp.buf))
		goto fail;
	if (land(tmp.buf, a.outdir))
		goto fail;
	strbuf_reset(&tmp);
	ret = EXIT_OK;
	goto out;
fail:
	ret = EXIT_ERROR;
out:
	if (tmp.len && remove_tree_nofollow(tmp.buf, &err))
		error_msg("%s: cannot remove: %s", tmp.buf, strerror(err));
	free(order);
	free(a.args);
	split_plan_release(&plan);
	mnt_release(&m);
	diags_release(&d);
	strbuf_release(&a.rtext);
	strbuf_release(&tmp);
	return ret;
}

/* Is there a DIR/MAINTAINERS, the rest file split always writes? */
static bool has_rest(const char *dir)
{
	struct strbuf p = STRBUF_INIT;
	bool ok;

	strbuf_addf(&p, "%s/%s", dir, SPLIT_REST);
	ok = !strbuf_failed(&p) && is_regular(p.buf);
	strbuf_release(&p);
	return ok;
}

int cmd_join(int argc, char **argv)
{
	const char *output = "-";
	int help = 0, nargs, ret = EXIT_ERROR;
	const struct option opts[] = {
		OPT_STR("output", &output, "F",
			"file to write, - for stdout (default: -)"),
		OPT_SET("h|help", &help, "show this help"),
		OPT_TABLE_END,
	};
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct render_job job = { &m, NULL, 0, NULL };
	size_t *idx = NULL;
	struct output out;
	char **args = NULL;
	size_t i;

	mnt_init(&m);
	ret = parse_options_usage(argc, argv, opts, join_head, NULL, &help,
				  &args, &nargs);
	if (ret >= 0)
		goto out;
	ret = EXIT_ERROR;
	if (nargs != 1) {
		print_usage(stderr, join_head, opts, NULL);
		ret = EXIT_USAGE;
		goto out;
	}
	if (!is_directory(args[0])) {
		error_msg("%s is not a directory", args[0]);
		goto out;
	}
	if (mnt_read_recursive(&m, args[0], &d) ||
	    split_join_check(&m, args[0], &d)) {
		print_diags(&d);
		if ((d.nr && d.v[d.nr - 1].id == D_NO_FILES) ||
		    !has_rest(args[0]))
			error_msg("'%s' is not a split MAINTAINERS (as maint "
				  "split writes one): nothing joined",
				  args[0]);
		ret = EXIT_FAILED;
		goto out;
	}
	idx = malloc((m.nr_sections + 1) * sizeof(*idx));
	for (i = 0; idx && i < m.nr_sections; i++)
		idx[i] = i;
	if (!idx || mnt_sort_sections(&m, idx, m.nr_sections)) {
		error_msg("out of memory");
		goto out;
	}
	job.idx = idx;
	job.n = m.nr_sections;
	out = (struct output){ output, render_produce, &job };
	ret = write_outputs(&out, 1) ? EXIT_ERROR : EXIT_OK;
out:
	free(idx);
	free(args);
	mnt_release(&m);
	diags_release(&d);
	return ret;
}
