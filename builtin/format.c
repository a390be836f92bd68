// SPDX-License-Identifier: GPL-2.0
/*
 * maint format / maint move: scripts/parse-maintainers.pl in C.
 *
 * With the script's arguments the files written are byte-identical to
 * the script's.  See doc/maint-format.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "base/base.h"
#include "model/model.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char format_head[] =
	"usage: maint format [options] [REGEX...]\n"
	"   or: maint move [options] REGEX...\n"
	"\n"
	"Sort MAINTAINERS sections (and, with --order, their fields) the way\n"
	"scripts/parse-maintainers.pl does, and move the sections whose header or\n"
	"text matches a REGEX (Perl syntax) to the section file.\n"
	"\n";

static const char format_foot[] =
	"A file is written only when it has something to hold, through a\n"
	"temporary file renamed into place.  Exit status: 0 on success, 1 when\n"
	"--check finds something; on failure the status parse-maintainers.pl\n"
	"exits with: errno for an unreadable input, 25 for malformed input, 255\n"
	"for bad arguments or regexes.\n";

int render_produce(void *arg, struct sink *s)
{
	const struct render_job *j = arg;

	return mnt_render_sink(j->m, j->idx, j->n, j->order, s);
}

struct format_opts {
	const char *input, *output, *section, *order_letters;
	int order, check, in_place, help;
	int output_given;
	int dir; /* a directory, formatted in place file by file */
};

static int compile_all(char **pats, int n, struct mnt_regex *re)
{
	struct strbuf err = STRBUF_INIT;
	int i;

	for (i = 0; i < n; i++) {
		if (regex_compile(&re[i], pats[i], strlen(pats[i]), 0, &err)) {
			error_msg("invalid regex '%s': %s", pats[i], err.buf);
			strbuf_release(&err);
			while (i--)
				regex_free(&re[i]);
			return -1;
		}
	}
	return 0;
}

/* 1 if any regex matches the header or the text, 0 if none, -1 on error */
static int section_matches(const struct maintainers *m,
			   const struct mnt_section *s, struct mnt_regex *re,
			   char **pats, int n, struct strbuf *text)
{
	int i, r;

	strbuf_reset(text);
	mnt_section_text(m, s, text);
	if (strbuf_failed(text)) {
		error_msg("out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		r = regex_match(&re[i], s->header, s->header_len);
		if (r == REGEX_NOMATCH)
			r = regex_match(&re[i], text->buf, text->len);
		if (r == REGEX_MATCH)
			return 1;
		if (r == REGEX_LIMIT) {
			/* reported once; from here on it does not match */
			error_msg(
				"regex '%s': match limit exceeded on section '%.*s'; treated as not matching",
				pats[i], (int)s->header_len, s->header);
		} else if (r < 0) {
			error_msg(
				"regex '%s': matching failed on section '%.*s'",
				pats[i], (int)s->header_len, s->header);
			return -1;
		}
	}
	return 0;
}

/*
 * An output that is also an input: the section file and the output one
 * file, or the section file the input, or an output inside an input
 * directory.  The output may be the input file itself (it is rewritten
 * in place, under its lock).  0, or -1 (reported).
 */
static int check_overlap(const struct format_opts *o, bool sections)
{
	const char *in = o->input, *out = o->output, *sec = o->section;
	bool in_dir = strcmp(in, "-") && is_directory(in);

	if (!sections)
		sec = "-";
	if (strcmp(out, "-") && strcmp(sec, "-") && same_file(out, sec)) {
		if (o->in_place)
			error_msg("--section '%s' is the input '%s' rewritten "
				  "in place: writing it would lose the "
				  "sections that stay; name another file",
				  sec, in);
		else
			error_msg("--output '%s' and --section '%s' are the "
				  "same file: one would overwrite the other",
				  out, sec);
		return -1;
	}
	if (!strcmp(in, "-"))
		return 0;
	if (strcmp(sec, "-") &&
	    (in_dir ? path_inside(sec, in) : same_file(sec, in))) {
		error_msg(
			"--section '%s' is %s '%s': writing it would lose the "
			"sections that stay; name another file",
			sec,
			in_dir ? "inside the input directory" : "the input",
			in);
		return -1;
	}
	if (strcmp(out, "-") && in_dir && path_inside(out, in)) {
		error_msg("--output '%s' is inside the input directory '%s'; "
			  "name a file outside it",
			  out, in);
		return -1;
	}
	return 0;
}

/*
 * Lock a file we are about to write (a regular file or a new one) for
 * the whole run: a second writer fails at once.  A lock that cannot be
 * made because the directory is not writable, or missing, is left out:
 * writing the file fails the same way, and says so.
 * 0, or the exit status (reported).
 */
static int lock_output(struct lock_file *lk, const char *path)
{
	struct stat st;
	int err = 0;

	if (!strcmp(path, "-") || (!stat(path, &st) && !S_ISREG(st.st_mode)))
		return 0;
	if (link_leaves_tree(path)) {
		error_msg("%s: a symbolic link out of its tree: not written "
			  "through (write to the file it names instead)",
			  path);
		return EXIT_PERL_DIE;
	}
	if (!lock_acquire(lk, path, &err))
		return 0;
	switch (err) {
	case EACCES:
	case EPERM:
	case EROFS:
	case ENOENT:
	case ENOTDIR:
		return 0; /* the file cannot be written either: said then */
	case EEXIST:
	case ELOOP:
		error_msg("unable to create '%s.lock': %s\n%s", path,
			  strerror(EEXIST), lock_hint);
		return file_exit_status(EEXIST);
	default:
		error_msg("%s.lock: cannot create the lock: %s", path,
			  file_strerror(err));
		return file_exit_status(err);
	}
}

/* One file of a directory, rendered: written only when it changes. */
struct file_job {
	const char *path;
	struct strbuf text;
};

static int file_produce(void *arg, struct sink *s)
{
	const struct file_job *j = arg;

	strbuf_add(&s->buf, j->text.buf, j->text.len);
	return sink_finish(s);
}

/*
 * A directory formatted in place, file by file (issue #24 item 9): each
 * file keeps its preamble and its sections, sorted (and the sections the
 * REGEXes take go to the section file).  The files that change are
 * locked, checked unchanged since the read, and replaced together
 * through temporary files (all renamed or none).  The status.
 */
static int run_dir(struct format_opts *o, struct maintainers *m,
		   const size_t *ki, size_t nk, struct render_job *moved)
{
	struct file_job *fj =
		calloc(m->nr_files ? m->nr_files : 1, sizeof(*fj));
	struct lock_file *lk = calloc(m->nr_files + 1, sizeof(*lk));
	struct output *out = calloc(m->nr_files + 1, sizeof(*out));
	size_t *idx = malloc((nk ? nk : 1) * sizeof(*idx));
	struct strbuf now = STRBUF_INIT;
	size_t f, i, n, nout = 0;
	int ret = EXIT_PERL_DIE, err = 0;

	if (!fj || !lk || !out || !idx) {
		error_msg("out of memory");
		goto out;
	}
	for (f = 0; f <= m->nr_files; f++)
		lk[f] = (struct lock_file)LOCK_FILE_INIT;
	for (f = 0; f < m->nr_files; f++) {
		const struct mnt_file *mf = &m->files[f];

		strbuf_init(&fj[f].text);
		fj[f].path = mf->name;
		for (i = n = 0; i < nk; i++)
			if (!m->sections[ki[i]].preamble &&
			    m->sections[ki[i]].file == f)
				idx[n++] = ki[i];
		if (mnt_render_file(m, (unsigned)f, idx, n,
				    o->order ? o->order_letters : NULL,
				    &fj[f].text)) {
			error_msg("out of memory");
			goto out;
		}
		if (fj[f].text.len == mf->len &&
		    !memcmp(fj[f].text.buf, mf->data, mf->len))
			continue;
		ret = lock_output(&lk[f], mf->name);
		if (ret)
			goto out;
		ret = EXIT_PERL_DIE;
		/* what was read is what is there, under the lock */
		strbuf_reset(&now);
		if (read_path(mf->name, &now, &err) || now.len != mf->len ||
		    memcmp(now.buf, mf->data, mf->len)) {
			error_msg("%s: changed while it was being formatted; "
				  "nothing written",
				  mf->name);
			ret = err ? file_exit_status(err) : EXIT_FAILED;
			goto out;
		}
		out[nout++] = (struct output){ mf->name, file_produce, &fj[f] };
	}
	if (moved->n) {
		ret = lock_output(&lk[m->nr_files], o->section);
		if (ret)
			goto out;
		out[nout++] =
			(struct output){ o->section, render_produce, moved };
	}
	ret = write_outputs(out, nout);
out:
	for (f = 0; fj && lk && f < m->nr_files; f++) {
		lock_release(&lk[f]);
		strbuf_release(&fj[f].text);
	}
	if (lk)
		lock_release(&lk[m->nr_files]);
	strbuf_release(&now);
	free(fj);
	free(lk);
	free(out);
	free(idx);
	return ret;
}

/*
 * Lock the outputs (the section file when there are REGEXes) from before
 * the read to after the rename.  0, or the exit status (reported).
 */
static int lock_outputs(const struct format_opts *o, struct lock_file *lk,
			bool sections)
{
	int ret;

	if (check_overlap(o, sections))
		return EXIT_PERL_DIE;
	ret = lock_output(&lk[0], o->output);
	if (!ret && sections)
		ret = lock_output(&lk[1], o->section);
	return ret;
}

/* --check: list what is out of canonical form.  The exit status. */
static int check_canonical(const struct maintainers *m, const char *order,
			   struct diags *d)
{
	long n = mnt_check_canonical(m, order, d);

	diags_sort(d);
	print_diags(d);
	if (n < 0) {
		error_msg("out of memory");
		return EXIT_PERL_DIE;
	}
	return n ? EXIT_FINDINGS : EXIT_OK;
}

/*
 * The sections that stay (ki[0..*nk)) and those a REGEX takes
 * (mi[0..*nm)), in file order.  0, or -1 (reported).
 */
static int partition(const struct maintainers *m, struct mnt_regex *re,
		     char **pats, int npats, size_t *ki, size_t *nk, size_t *mi,
		     size_t *nm)
{
	struct strbuf text = STRBUF_INIT;
	size_t i;
	int ret = 0;

	*nk = *nm = 0;
	for (i = 0; i < m->nr_sections; i++) {
		int r = npats ? section_matches(m, &m->sections[i], re, pats,
						npats, &text) :
				0;

		if (r < 0) {
			ret = -1;
			break;
		}
		if (r)
			mi[(*nm)++] = i;
		else
			ki[(*nk)++] = i;
	}
	strbuf_release(&text);
	return ret;
}

/* Sort, move and write the sections read into m.  The exit status. */
static int format_sections(struct format_opts *o, struct maintainers *m,
			   struct mnt_regex *re, char **pats, int npats)
{
	const char *order = o->order ? o->order_letters : NULL;
	size_t *ki = malloc(m->nr_sections * sizeof(*ki));
	size_t *mi = malloc(m->nr_sections * sizeof(*mi));
	size_t nk = 0, nm = 0, nout = 0;
	struct render_job jobs[2];
	struct output out[2];
	int ret = EXIT_PERL_DIE;

	if (!ki || !mi) {
		error_msg("out of memory");
		goto out;
	}
	if (partition(m, re, pats, npats, ki, &nk, mi, &nm))
		goto out;
	if (mnt_sort_sections(m, ki, nk) || mnt_sort_sections(m, mi, nm)) {
		error_msg("out of memory");
		goto out;
	}
	jobs[0] = (struct render_job){ m, ki, nk, order };
	jobs[1] = (struct render_job){ m, mi, nm, order };
	if (o->dir) {
		if (!nm || !check_overlap(o, true))
			ret = run_dir(o, m, ki, nk, &jobs[1]);
		goto out;
	}
	/*
	 * Like the script, write a file only when it has sections (the
	 * preamble counts).  --in-place always rewrites the input, so that
	 * moved sections do not stay behind in it.
	 */
	if (nk || o->in_place)
		out[nout++] =
			(struct output){ o->output, render_produce, &jobs[0] };
	if (nm)
		out[nout++] =
			(struct output){ o->section, render_produce, &jobs[1] };
	ret = write_outputs(out, nout);
out:
	free(ki);
	free(mi);
	return ret;
}

static int run(struct format_opts *o, char **pats, int npats)
{
	struct lock_file lk[2] = { LOCK_FILE_INIT, LOCK_FILE_INIT };
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct mnt_regex *re = NULL;
	size_t i;
	int ret;

	mnt_init(&m);
	if (!o->check && !o->dir) {
		ret = lock_outputs(o, lk, npats > 0);
		if (ret)
			goto out_nore;
	}
	ret = EXIT_PERL_DIE;
	if (mnt_read(&m, o->input, &d)) {
		print_diags(&d);
		ret = read_failure_status(&d);
		goto out;
	}
	re = calloc((size_t)npats + 1, sizeof(*re));
	if (!re) {
		error_msg("out of memory");
		goto out_nore;
	}
	if (compile_all(pats, npats, re))
		goto out_nore;
	if (o->check)
		ret = check_canonical(&m, o->order ? o->order_letters : NULL,
				      &d);
	else
		ret = format_sections(o, &m, re, pats, npats);
out:
	for (i = 0; re && i < (size_t)npats; i++)
		regex_free(&re[i]);
out_nore:
	lock_release(&lk[0]);
	lock_release(&lk[1]);
	free(re);
	diags_release(&d);
	mnt_release(&m);
	return ret;
}

/* --order=LETTERS: each a field type, once.  0, or -1 (reported). */
static int check_order(const char *letters)
{
	const char *p;

	if (!*letters) {
		error_msg("--order= needs at least one field letter");
		return -1;
	}
	for (p = letters; *p; p++) {
		if (!strchr(MNT_ORDER_DEFAULT, *p)) {
			error_msg("--order=%s: '%c' is not a field "
				  "type (" MNT_ORDER_DEFAULT ")",
				  letters, *p);
			return -1;
		}
		if (strchr(p + 1, *p)) {
			error_msg("--order=%s: '%c' twice", letters, *p);
			return -1;
		}
	}
	return 0;
}

/*
 * The options that do not go together; --in-place makes the input the
 * output.  0, or -1 (reported).
 */
static int check_options(struct format_opts *o, int is_move, int nargs)
{
	if (is_move && !nargs) {
		error_msg("at least one REGEX is required");
		return -1;
	}
	if (o->order && check_order(o->order_letters))
		return -1;
	if (o->check && (nargs || o->in_place || o->output_given)) {
		error_msg(
			"--check writes nothing: it takes no REGEX, --output or --in-place");
		return -1;
	}
	if (o->in_place) {
		if (o->output_given) {
			error_msg("--in-place and --output do not go together");
			return -1;
		}
		if (!strcmp(o->input, "-")) {
			error_msg(
				"--in-place needs a file, not standard input");
			return -1;
		}
		o->output = o->input;
	}
	return 0;
}

static int format_main(int argc, char **argv, int is_move)
{
	struct format_opts o = {
		.input = "MAINTAINERS",
		.output = "MAINTAINERS.new",
		.section = "SECTION.new",
		.order_letters = MNT_ORDER_DEFAULT,
	};
	const struct option opts[] = {
		OPT_STR("input", &o.input, "FILE",
			"MAINTAINERS file or directory to read, - for\n"
			"stdin (default: MAINTAINERS)"),
		OPT_STR("output", &o.output, "FILE",
			"sorted file to write, - for stdout\n"
			"(default: MAINTAINERS.new)"),
		OPT_STR("section", &o.section, "FILE",
			"file to write the matching sections to, - for\n"
			"stdout (default: SECTION.new)"),
		{ OPT_OPTSTRING, "order", &o.order, &o.order_letters, 1,
		  "LETTERS",
		  "also sort the field lines of each section, by\n"
		  "type in the order LETTERS (default:\n" MNT_ORDER_DEFAULT
		  "), F: and X: lines alphabetically" },
		OPT_SET("check", &o.check,
			"write nothing; list what is out of canonical\n"
			"order as file:line: and exit 1 if anything is"),
		OPT_SET("in-place", &o.in_place,
			"rewrite the input file itself (a directory:\n"
			"each of its files, as without --output)"),
		OPT_SET("h|help|usage", &o.help, "show this help"),
		OPT_TABLE_END,
	};
	struct strbuf err = STRBUF_INIT;
	char **args;
	int nargs, ret = EXIT_PERL_DIE, r;
	const char *default_output = o.output;

	r = parse_options(argc, argv, opts, &args, &nargs, &err);
	if (r) {
		if (r != PARSE_OPT_LISTED) {
			fprintf(stderr, "%s\n", err.buf);
			error_msg("invalid argument - use --help if necessary");
		}
		strbuf_release(&err);
		return r == PARSE_OPT_LISTED ? EXIT_OK : EXIT_PERL_DIE;
	}
	if (o.help) {
		usage_with_options(&err, format_head, opts, format_foot);
		fputs(err.buf, stdout);
		ret = EXIT_OK;
		goto out;
	}
	o.output_given = o.output != default_output;
	if (check_options(&o, is_move, nargs))
		goto out;
	/* a split MAINTAINERS/: each of its files in place (#24 item 9) */
	if (!o.check && !o.output_given && strcmp(o.input, "-") &&
	    is_directory(o.input))
		o.dir = 1;
	ret = run(&o, args, nargs);
out:
	strbuf_release(&err);
	free(args);
	return ret;
}

int cmd_format(int argc, char **argv)
{
	return format_main(argc, argv, 0);
}

int cmd_move(int argc, char **argv)
{
	return format_main(argc, argv, 1);
}
