// SPDX-License-Identifier: GPL-2.0
/*
 * maint split --series: MAINTAINERS of HEAD split as a patch series.
 *
 * Every commit is made with git plumbing on a temporary index in a
 * temporary directory next to the output (GIT_INDEX_FILE; read-tree,
 * hash-object, update-index --cacheinfo, write-tree, commit-tree), and
 * format-patch writes the series from them: nothing is checked out, and
 * the user's work tree, index, HEAD and branches stay as they were (the
 * commits are left unreferenced, for git gc).
 *
 * The series: one patch for each reader of MAINTAINERS in the tree that
 * needs one (each works with a file and with a directory, so the tree
 * works at every step), the sort of MAINTAINERS in parse-maintainers.pl's
 * order if it is not sorted, the move to MAINTAINERS/MAINTAINERS, and one
 * patch per file of the plan, in the plan's order (by name).
 *
 * Ownership: struct series owns its strings and the temporary directory,
 * removed (never following a link) by series_release().
 */
#include "split-series.h"
#include "builtin.h"
#include "../cli.h"
#include "../lib/format.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WRAP 72 /* the width of every message and of the cover letter */

struct series {
	const struct series_opts *o;
	struct strbuf top, tmp, index, head, parent, ident;
	unsigned nblob;
	bool use_index;
	/*
	 * small: the index holds only MAINTAINERS/ (when every file of the
	 * plan is there), and each root tree is root (the entries of the
	 * root but MAINTAINERS, as ls-tree gives them) with the tree that
	 * write-tree --prefix makes, by mktree: a commit then costs a few
	 * milliseconds, where one on an index of the whole tree (86,000
	 * entries in 6.12, read and written by update-index and by
	 * write-tree) costs a quarter of a second.
	 */
	bool small;
	struct strbuf root;
};

/* Drop the trailing newline(s) of a command's output. */
static void chomp(struct strbuf *sb)
{
	while (sb->len &&
	       (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r'))
		sb->buf[--sb->len] = '\0';
}

/*
 * git -C TOP ARGS... (argv: the arguments after "git -C TOP",
 * NULL-terminated), standard input from the file in (or /dev/null),
 * standard output appended to out (or dropped), standard error the
 * user's.  0 when it ran and exited 0.
 */
static int git_argv(struct series *s, const char *in, struct strbuf *out,
		    const char *const *args)
{
	const char **argv;
	struct strbuf drop = STRBUF_INIT;
	size_t n = 0, k;
	int status, ret;

	for (k = 0; args[k]; k++)
		;
	argv = calloc(k + 4, sizeof(*argv));
	if (!argv)
		return -1;
	argv[n++] = "git";
	argv[n++] = "-C";
	argv[n++] = s->top.len ? s->top.buf : ".";
	for (k = 0; args[k]; k++)
		argv[n++] = args[k];
	/* the temporary index, for this command only */
	if (s->use_index)
		setenv("GIT_INDEX_FILE", s->index.buf, 1);
	ret = run_capture_input(argv, in, out ? out : &drop, &status) ||
			      status ?
		      -1 :
		      0;
	unsetenv("GIT_INDEX_FILE");
	free(argv);
	strbuf_release(&drop);
	return ret;
}

static int git(struct series *s, const char *in, struct strbuf *out, ...)
{
	const char *args[24];
	size_t n = 0;
	va_list ap;

	va_start(ap, out);
	while (n < 23 && (args[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	args[n] = NULL;
	return git_argv(s, in, out, args);
}

static int write_path(const char *path, const char *data, size_t len)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0666);
	if (fd < 0)
		return -1;
	if (write_all(fd, data, len, &err)) {
		close(fd);
		errno = err;
		return -1;
	}
	return close(fd);
}

/* A file of our own in the temporary directory, written with data. */
static int tmp_file(struct series *s, struct strbuf *path, const char *what,
		    const char *data, size_t len)
{
	strbuf_reset(path);
	strbuf_addf(path, "%s/%s-%u", s->tmp.buf, what, s->nblob++);
	return write_path(path->buf, data, len);
}

/* Store text as a blob: its object name in oid. */
static int blob(struct series *s, const struct strbuf *text, struct strbuf *oid)
{
	struct strbuf p = STRBUF_INIT;
	int ret = -1;

	strbuf_reset(oid);
	if (!tmp_file(s, &p, "blob", text->buf, text->len) &&
	    !git(s, NULL, oid, "hash-object", "-w", "--", p.buf, NULL)) {
		chomp(oid);
		ret = 0;
	}
	if (p.len)
		unlink(p.buf);
	strbuf_release(&p);
	return ret;
}

/*
 * One commit on the temporary index: the paths (NULL-terminated pairs of
 * "MODE,OID,PATH" strings for update-index --cacheinfo) and the message.
 * The new commit becomes s->parent.
 */
static int commit(struct series *s, const struct strbuf *msg,
		  const char *const *cacheinfo, size_t n)
{
	const char *argv[24];
	struct strbuf tree = STRBUF_INIT, p = STRBUF_INIT, c = STRBUF_INIT;
	size_t i, k = 0;
	int ret = -1;

	/* update-index --add --replace --cacheinfo ... */
	if (n > 8)
		return -1;
	argv[k++] = "update-index";
	argv[k++] = "--add";
	argv[k++] = "--replace";
	for (i = 0; i < n; i++) {
		argv[k++] = "--cacheinfo";
		argv[k++] = cacheinfo[i];
	}
	argv[k] = NULL;
	if (git_argv(s, NULL, NULL, argv))
		goto out;
	if (!s->small) {
		if (git(s, NULL, &tree, "write-tree", NULL))
			goto out;
	} else {
		/* the root: HEAD's entries and the MAINTAINERS tree */
		struct strbuf sub = STRBUF_INIT, root = STRBUF_INIT;
		int bad;

		bad = git(s, NULL, &sub, "write-tree",
			  "--prefix=" SPLIT_REST "/", NULL);
		chomp(&sub);
		strbuf_addbuf(&root, &s->root);
		strbuf_addf(&root, "040000 tree %s\t" SPLIT_REST "\n", sub.buf);
		bad = bad || tmp_file(s, &p, "root", root.buf, root.len) ||
		      git(s, p.buf, &tree, "mktree", NULL);
		unlink(p.buf);
		strbuf_reset(&p);
		strbuf_release(&sub);
		strbuf_release(&root);
		if (bad)
			goto out;
	}
	chomp(&tree);
	if (tmp_file(s, &p, "msg", msg->buf, msg->len) ||
	    git(s, NULL, &c, "commit-tree", "--no-gpg-sign", tree.buf, "-p",
		s->parent.buf, "-F", p.buf, NULL))
		goto out;
	chomp(&c);
	strbuf_reset(&s->parent);
	strbuf_addbuf(&s->parent, &c);
	ret = 0;
out:
	if (p.len)
		unlink(p.buf);
	strbuf_release(&tree);
	strbuf_release(&p);
	strbuf_release(&c);
	return ret;
}

static void strbuf_addchars(struct strbuf *sb, int c, size_t n)
{
	while (n--)
		strbuf_addch(sb, c);
}

/*
 * Text wrapped at WRAP columns.  A paragraph is a run of lines that start
 * with neither a space nor a tab; a list item ("  - text") is wrapped
 * with its text's indent; other lines that start with a space or a tab
 * (tables) and empty lines are kept as they are.
 */
static void add_wrapped(struct strbuf *out, const char *text)
{
	const char *p = text;
	size_t col = 0, indent = 0;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p), sp = 0;
		const char *w, *end = p + len;

		while (sp < len && p[sp] == ' ')
			sp++;
		if (sp + 1 < len && p[sp] == '-' && p[sp + 1] == ' ') {
			/* a list item: its own lines */
			if (col)
				strbuf_addch(out, '\n');
			strbuf_add(out, p, sp + 2);
			col = indent = sp + 2;
			w = p + sp + 2;
		} else if (!len || *p == ' ' || *p == '\t') {
			if (col)
				strbuf_addch(out, '\n');
			col = indent = 0;
			strbuf_add(out, p, len);
			strbuf_addch(out, '\n');
			p = nl ? nl + 1 : end;
			continue;
		} else {
			w = p;
		}
		while (w < end) {
			const char *e = w;
			size_t wl;

			while (e < end && *e != ' ')
				e++;
			wl = (size_t)(e - w);
			if (wl) {
				if (col > indent && col + 1 + wl > WRAP) {
					strbuf_addch(out, '\n');
					strbuf_addchars(out, ' ', indent);
					col = indent;
				} else if (col > indent) {
					strbuf_addch(out, ' ');
					col++;
				} else if (col < indent) {
					strbuf_addchars(out, ' ', indent - col);
					col = indent;
				}
				strbuf_add(out, w, wl);
				col += wl;
			}
			w = e;
			while (w < end && *w == ' ')
				w++;
		}
		p = nl ? nl + 1 : end;
	}
	if (col)
		strbuf_addch(out, '\n');
}

static void __attribute__((format(printf, 2, 3)))
addf_wrapped(struct strbuf *out, const char *fmt, ...)
{
	struct strbuf t = STRBUF_INIT;
	va_list ap;
	char *buf;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !(buf = malloc((size_t)n + 1)))
		return;
	va_start(ap, fmt);
	vsnprintf(buf, (size_t)n + 1, fmt, ap);
	va_end(ap);
	add_wrapped(&t, buf);
	strbuf_addbuf(out, &t);
	strbuf_release(&t);
	free(buf);
}

/* A message: subject, body (wrapped), sign-off. */
static void message(struct series *s, struct strbuf *msg, const char *subj,
		    const char *body)
{
	strbuf_reset(msg);
	strbuf_addf(msg, "%s\n\n", subj);
	add_wrapped(msg, body);
	if (s->ident.len)
		strbuf_addf(msg, "\nSigned-off-by: %s\n", s->ident.buf);
}

/*
 * The tree's readers of MAINTAINERS: the edits each needs (exact text,
 * as in 6.12) and the commit that makes them.  A reader whose text is
 * not found is left alone and named in the cover letter.
 */
struct edit {
	const char *old, *new_dir, *new_tree; /* new_tree: for --by=tree */
};

struct reader {
	const char *path, *subject, *body, *effect;
	struct edit edits[4];
};

static const struct reader readers[] = {
	{
		"scripts/checkpatch.pl",
		"checkpatch: check the files of a MAINTAINERS directory too",
		"MAINTAINERS is about to become a directory of files: "
		"MAINTAINERS/MAINTAINERS and one file per group of entries. "
		"checkpatch only style-checks a file named exactly "
		"MAINTAINERS, so a misordered or badly spaced entry added to "
		"one of the new files would pass without the "
		"MAINTAINERS_STYLE warnings the same entry gets in MAINTAINERS "
		"today.  And the \"does MAINTAINERS need updating?\" test "
		"looks for \"MAINTAINERS |\" in the diffstat, so a patch that "
		"adds a file together with its entry in one of the new files "
		"would be told to update MAINTAINERS.\n"
		"\n"
		"Check the entries of MAINTAINERS and of the files of a "
		"MAINTAINERS directory alike, and take a diffstat line for "
		"either as an update of MAINTAINERS.  Nothing changes while "
		"MAINTAINERS is one file.\n",
		"patched: the MAINTAINERS_STYLE checks run on MAINTAINERS/* as "
		"on MAINTAINERS, and a diffstat line for MAINTAINERS/* counts "
		"as updating MAINTAINERS.",
		{ { "\t\tif ($line =~ /^\\s*MAINTAINERS\\s*\\|/) {\n",
		    "\t\tif ($line =~ m@^\\s*MAINTAINERS(?:/\\S*)?\\s*\\|@) {\n",
		    "\t\tif ($line =~ m@^\\s*(?:\\S*/)?MAINTAINERS(?:/\\S*)?\\s*\\|@) {\n" },
		  { "\t\tif ($realfile =~ /^MAINTAINERS$/) {\n",
		    "\t\tif ($realfile =~ m@^MAINTAINERS(?:/[^/]+)?$@) {\n",
		    "\t\tif ($realfile =~ m@(?:^|/)MAINTAINERS$@) {\n" } },
	},
	{
		"scripts/get_maintainer.pl",
		"get_maintainer: take the files of a MAINTAINERS directory as MAINTAINERS",
		"get_maintainer.pl reads MAINTAINERS as a file or as a "
		"directory (every file in it, or with --find-maintainer-files "
		"every file named MAINTAINERS below it), so the split of "
		"MAINTAINERS into a directory that follows changes none of its "
		"answers.  But for a patch to MAINTAINERS itself it skips the "
		"--git-fallback history and the --file-emails scan: the people "
		"who edited MAINTAINERS are not the ones to ask about an entry. "
		"A patch to MAINTAINERS/drivers_net would not be recognised.\n"
		"\n"
		"Recognise the files directly in a MAINTAINERS directory as "
		"MAINTAINERS.\n",
		"reads a MAINTAINERS directory already (every file in it); "
		"patched so that a patch to MAINTAINERS/* is treated as one to "
		"MAINTAINERS (no --git-fallback history, no --file-emails "
		"scan).  Its answers for every other file are unchanged.",
		{ { "    return if ($file =~ m@\\bMAINTAINERS$@);\n",
		    "    return if ($file =~ m@\\bMAINTAINERS(?:/[^/]+)?$@);\n",
		    NULL },
		  { "\t      $file !~ /MAINTAINERS$/ &&\n",
		    "\t      $file !~ m@\\bMAINTAINERS(?:/[^/]+)?$@ &&\n",
		    NULL } },
	},
	{
		"scripts/parse-maintainers.pl",
		"parse-maintainers: refuse a directory as input",
		"MAINTAINERS is about to become a directory.  Given a "
		"directory, open() succeeds and reading it returns nothing, so "
		"parse-maintainers.pl writes an empty MAINTAINERS.new and exits "
		"0: the run looks fine and every entry seems to be gone.\n"
		"\n"
		"Refuse a directory, and say what to do instead: sort each of "
		"its files with --input and --output.\n",
		"patched: refuses a directory with a message (\"MAINTAINERS is "
		"a directory: sort each of its files with --input=FILE "
		"--output=FILE\") and exit status 2 instead of writing an "
		"empty MAINTAINERS.new.",
		{ { "    open(my $file, '<', \"$filename\") or die \"$P: $filename: open failed - $!\\n\";\n",
		    "    if (-d $filename) {\n"
		    "\tprint STDERR \"$P: $filename is a directory: sort each of its files with --input=FILE --output=FILE\\n\";\n"
		    "\texit(2);\n"
		    "    }\n"
		    "    open(my $file, '<', \"$filename\") or die \"$P: $filename: open failed - $!\\n\";\n",
		    NULL } },
	},
	{
		"Documentation/sphinx/maintainers_include.py",
		"docs: maintainers_include: read a MAINTAINERS directory",
		"MAINTAINERS is about to become a directory.  The "
		"maintainers-include directive opens MAINTAINERS as a file, so "
		"\"make htmldocs\" would fail on "
		"Documentation/process/maintainers.rst with IsADirectoryError.\n"
		"\n"
		"Read a directory as scripts/get_maintainer.pl does: every file "
		"in it whose name does not start with '.'.  Take the preamble "
		"from MAINTAINERS/MAINTAINERS and give the entries of all the "
		"files in the order parse-maintainers.pl sorts them, so that "
		"the page is the same as for the single file, and record every "
		"file as a dependency so that an edit to one rebuilds the "
		"page.\n",
		"patched: reads the directory as get_maintainer.pl does and "
		"gives the entries in parse-maintainers.pl's order: the "
		"maintainers page is the same as before the split.",
		{ { "        for line in open(path):\n",
		    "        for line in self.maintainers_lines(path):\n",
		    NULL },
		  { "    def parse_maintainers(self, path):\n",
		    "    def maintainers_lines(self, path):\n"
		    "        \"\"\"The lines of MAINTAINERS, a file or a directory of files\n"
		    "\n"
		    "        A directory is read as scripts/get_maintainer.pl reads it: every\n"
		    "        file in it whose name does not start with '.'.  The preamble of\n"
		    "        MAINTAINERS/MAINTAINERS comes first, then the entries of all the\n"
		    "        files in the order scripts/parse-maintainers.pl sorts them.\n"
		    "        \"\"\"\n"
		    "        if not os.path.isdir(path):\n"
		    "            return open(path).readlines()\n"
		    "\n"
		    "        preamble = []\n"
		    "        entries = []\n"
		    "        for name in self.maintainers_files(path):\n"
		    "            lines = open(name).readlines()\n"
		    "            entry = None\n"
		    "            for i, line in enumerate(lines):\n"
		    "                if (re.match(r'\\S', line) and\n"
		    "                    not re.match(r'[A-Z]:', line) and\n"
		    "                    i + 1 < len(lines) and\n"
		    "                    re.match(r'[A-Z]:', lines[i + 1])):\n"
		    "                    entry = [line]\n"
		    "                    entries.append(entry)\n"
		    "                elif entry is not None:\n"
		    "                    entry.append(line)\n"
		    "                elif os.path.basename(name) == \"MAINTAINERS\":\n"
		    "                    preamble.append(line)\n"
		    "\n"
		    "        def by_category(entry):\n"
		    "            key = entry[0].strip()\n"
		    "            key = ''.join(c.upper() if c < '\\x80' else c for c in key)\n"
		    "            return key.replace('THE REST', 'ZZZZZZ')\n"
		    "\n"
		    "        result = preamble\n"
		    "        for entry in sorted(entries, key=by_category):\n"
		    "            result.extend(entry)\n"
		    "        return result\n"
		    "\n"
		    "    def maintainers_files(self, path):\n"
		    "        \"\"\"The files of a MAINTAINERS directory, or the file\"\"\"\n"
		    "        if not os.path.isdir(path):\n"
		    "            return [path]\n"
		    "        return [os.path.join(path, name)\n"
		    "                for name in sorted(os.listdir(path))\n"
		    "                if not name.startswith('.')]\n"
		    "\n"
		    "    def parse_maintainers(self, path):\n",
		    NULL },
		  { "            self.state.document.settings.record_dependencies.add(path)\n",
		    "            for name in self.maintainers_files(path):\n"
		    "                self.state.document.settings.record_dependencies.add(name)\n",
		    NULL } },
	},
	{
		"scripts/spdxexclude",
		"scripts/spdxexclude: exclude the files of a MAINTAINERS directory",
		"spdxcheck.py skips /MAINTAINERS, which carries no license "
		"identifier.  MAINTAINERS is about to become a directory; the "
		"pattern does not match the files in it, and a scan of the tree "
		"would report each of them.  Exclude them as well.\n",
		"patched: the files of the MAINTAINERS directory are excluded "
		"like /MAINTAINERS.",
		{ { "/MAINTAINERS\n", "/MAINTAINERS\nMAINTAINERS/\n",
		    "/MAINTAINERS\nMAINTAINERS\n" } },
	},
};

/* Readers that name MAINTAINERS and need no change. */
static const char *const unchanged[][2] = {
	{ "scripts/git.orderFile",
	  "no change: git matches an order file's patterns against a "
	  "path's leading directories too, so MAINTAINERS/* still comes "
	  "first." },
	{ "scripts/setlocalversion",
	  "no change: MAINTAINERS is named in a comment." },
	{ "tools/net/ynl/ynl-gen-c.py",
	  "no change: it only tests that MAINTAINERS exists, to find the top "
	  "of the tree." },
};

/* Apply a reader's edits to text; false when one is not found. */
static bool apply_edits(const struct reader *r, bool tree, struct strbuf *text)
{
	size_t i;

	for (i = 0; i < 4 && r->edits[i].old; i++) {
		const struct edit *e = &r->edits[i];
		const char *nw = tree && e->new_tree ? e->new_tree : e->new_dir;
		size_t ol = strlen(e->old);
		char *at = NULL, *p;
		struct strbuf t = STRBUF_INIT;

		/* exactly one match, at the start of a line */
		for (p = text->buf; (p = strstr(p, e->old)); p++)
			if (p == text->buf || p[-1] == '\n') {
				if (at)
					return false;
				at = p;
			}
		if (!at)
			return false;
		strbuf_add(&t, text->buf, (size_t)(at - text->buf));
		strbuf_addstr(&t, nw);
		strbuf_addstr(&t, at + ol);
		strbuf_reset(text);
		strbuf_addbuf(text, &t);
		strbuf_release(&t);
	}
	return true;
}

/* "MODE,OID,PATH" of HEAD:path, or -1 when it is not a blob there. */
static int head_entry(struct series *s, const char *path, struct strbuf *mode)
{
	struct strbuf out = STRBUF_INIT;
	int ret = -1;

	strbuf_reset(mode);
	if (!git(s, NULL, &out, "ls-tree", s->head.buf, "--", path, NULL) &&
	    out.len > 7 && !strncmp(out.buf + 7, "blob ", 5)) {
		strbuf_add(mode, out.buf, 6);
		ret = 0;
	}
	strbuf_release(&out);
	return ret;
}

/* The patches for the readers; what each one means, in effects. */
static int patch_readers(struct series *s, struct strbuf *effects,
			 size_t *npatches)
{
	struct strbuf spec = STRBUF_INIT, text = STRBUF_INIT, oid = STRBUF_INIT,
		      mode = STRBUF_INIT, msg = STRBUF_INIT, grep = STRBUF_INIT;
	bool tree = s->o->by == SPLIT_TREE;
	size_t i, k;
	int ret = -1;

	for (i = 0; i < sizeof(readers) / sizeof(readers[0]); i++) {
		const struct reader *r = &readers[i];
		const char *info[1];

		if (head_entry(s, r->path, &mode))
			continue;
		strbuf_reset(&spec);
		strbuf_addf(&spec, "%s:%s", s->head.buf, r->path);
		strbuf_reset(&text);
		if (git(s, NULL, &text, "cat-file", "blob", spec.buf, NULL))
			goto out;
		if (!apply_edits(r, tree, &text)) {
			strbuf_addf(effects,
				    "  - %s: not patched (its text is not as "
				    "in 6.12): to review by hand.\n",
				    r->path);
			continue;
		}
		if (blob(s, &text, &oid))
			goto out;
		strbuf_reset(&spec);
		strbuf_addf(&spec, "%s,%s,%s", mode.buf, oid.buf, r->path);
		info[0] = spec.buf;
		message(s, &msg, r->subject, r->body);
		if (commit(s, &msg, info, 1))
			goto out;
		(*npatches)++;
		strbuf_addstr(effects, "  - ");
		strbuf_addf(effects, "%s: %s\n", r->path, r->effect);
	}
	/* everything else in the tree's tools that names MAINTAINERS */
	if (!git(s, NULL, &grep, "grep", "-l", "-w", "-I", "-e", "MAINTAINERS",
		 s->head.buf, "--", "scripts", "tools", "Documentation/sphinx",
		 "Documentation/Makefile", "Makefile", NULL)) {
		char *l, *save = NULL;

		for (l = strtok_r(grep.buf, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save)) {
			const char *path = strchr(l, ':');
			bool known = false;

			path = path ? path + 1 : l;
			for (k = 0; k < sizeof(readers) / sizeof(readers[0]);
			     k++)
				known |= !strcmp(path, readers[k].path);
			if (known)
				continue;
			for (k = 0;
			     k < sizeof(unchanged) / sizeof(unchanged[0]); k++)
				if (!strcmp(path, unchanged[k][0]))
					break;
			strbuf_addf(
				effects, "  - %s: %s\n", path,
				k < sizeof(unchanged) / sizeof(unchanged[0]) ?
					unchanged[k][1] :
					"names MAINTAINERS: to review.");
		}
	}
	ret = 0;
out:
	strbuf_release(&spec);
	strbuf_release(&text);
	strbuf_release(&oid);
	strbuf_release(&mode);
	strbuf_release(&msg);
	strbuf_release(&grep);
	return ret;
}

/* "drivers_iio" -> "drivers/iio/" for the dir strategy's names */
static void dir_of_name(const char *name, struct strbuf *out)
{
	static const char *const tops[] = { "arch_",	      "drivers_",
					    "Documentation_", "include_",
					    "sound_",	      "tools_" };
	size_t i, n;

	strbuf_reset(out);
	for (i = 0; i < sizeof(tops) / sizeof(tops[0]); i++) {
		n = strlen(tops[i]);
		if (!strncmp(name, tops[i], n) && name[n]) {
			strbuf_add(out, name, n - 1);
			strbuf_addch(out, '/');
			strbuf_addstr(out, name + n);
			strbuf_addch(out, '/');
			return;
		}
	}
	strbuf_addf(out, "%s/", name);
}

/* Where plan file f goes in the tree. */
static void dest_of(const struct split_plan *plan, size_t f,
		    struct strbuf *dest)
{
	strbuf_reset(dest);
	if (strchr(plan->names[f], '/'))
		strbuf_addstr(dest, plan->names[f]);
	else
		strbuf_addf(dest, "MAINTAINERS/%s", plan->names[f]);
}

static char *const *sort_names; /* for by_name(): qsort has no argument */

static int by_name(const void *a, const void *b)
{
	return strcmp(sort_names[*(const size_t *)a],
		      sort_names[*(const size_t *)b]);
}

/* "1 entry", "2 entries" (in sb, returned) */
static const char *entries(size_t n, struct strbuf *sb)
{
	strbuf_reset(sb);
	if (n == 1)
		strbuf_addstr(sb, "entry");
	else
		strbuf_addf(sb, "%zu entries", n);
	return sb->buf;
}

static const char rule_text[] =
	"An entry goes where its code is: to the directory most of its F: "
	"patterns name (the top directory, or the top two under arch/, "
	"drivers/, sound/ and tools/).  Patterns under Documentation/, "
	"include/ and tools/testing/ and device-tree bindings count only "
	"for an entry that has nothing else; then an entry goes with the "
	"drivers its bindings document (bindings/iio/ with drivers/iio/), "
	"else with its tests, else with its documentation or headers.  A "
	"tie goes to the directory more entries' patterns name.  A directory with fewer than %d entr%s keeps them in "
	"MAINTAINERS/MAINTAINERS.\n";

/* The commits that move the entries; the plan table and the count. */
static int move_entries(struct series *s, struct maintainers *m,
			const struct split_plan *plan, struct strbuf *table,
			size_t *npatches, size_t *nfiles, size_t *nrest)
{
	struct strbuf text = STRBUF_INIT, oid = STRBUF_INIT, roid = STRBUF_INIT,
		      msg = STRBUF_INIT, body = STRBUF_INIT, subj = STRBUF_INIT,
		      dest = STRBUF_INIT, what = STRBUF_INIT, i1 = STRBUF_INIT,
		      i2 = STRBUF_INIT, num = STRBUF_INIT;
	size_t *idx = malloc((m->nr_sections + 1) * sizeof(*idx));
	size_t *sel = malloc((m->nr_sections + 1) * sizeof(*sel));
	size_t *order = malloc((plan->nr_names + 1) * sizeof(*order));
	bool *moved = calloc(m->nr_sections + 1, sizeof(*moved));
	size_t f, o, i, n, r, width = 24;
	int ret = -1;

	if (!idx || !sel || !order || !moved)
		goto out;
	for (f = 1; f < plan->nr_names; f++) {
		order[f - 1] = f;
		dest_of(plan, f, &dest);
		if (dest.len + 2 > width)
			width = dest.len + 2;
	}
	sort_names = plan->names;
	qsort(order, plan->nr_names - 1, sizeof(*order), by_name);
	for (o = 0; o + 1 < plan->nr_names; o++) {
		const char *info[2];

		f = order[o];
		for (i = 1, n = 0; i < m->nr_sections; i++)
			if (plan->file_of[i] == f)
				sel[n++] = i;
		if (!n)
			continue;
		(*nfiles)++;
		dest_of(plan, f, &dest);
		strbuf_addf(table, "  %-*s %4zu\n", (int)width, dest.buf, n);
		if (mnt_sort_sections(m, sel, n))
			goto out;
		strbuf_reset(&text);
		if (mnt_render(m, sel, n, NULL, &text) || blob(s, &text, &oid))
			goto out;
		for (i = 0; i < n; i++)
			moved[sel[i]] = true;
		/* what stays in MAINTAINERS/MAINTAINERS */
		for (i = 0, r = 0; i < m->nr_sections; i++)
			if (!moved[i])
				idx[r++] = i;
		strbuf_reset(&text);
		if (mnt_sort_sections(m, idx, r) ||
		    mnt_render(m, idx, r, NULL, &text) || blob(s, &text, &roid))
			goto out;
		*nrest = r - 1;

		strbuf_reset(&subj);
		strbuf_reset(&body);
		strbuf_reset(&what);
		if (s->o->by == SPLIT_DIR) {
			dir_of_name(plan->names[f], &what);
			strbuf_addf(&subj,
				    "MAINTAINERS: move the %s entries "
				    "to %s",
				    what.buf, dest.buf);
			strbuf_addf(&body,
				    "Move the %s whose code is in %s from "
				    "MAINTAINERS/MAINTAINERS to %s, unchanged "
				    "and in the same order.\n\n",
				    entries(n, &num), what.buf, dest.buf);
			strbuf_addf(&body, rule_text, s->o->min,
				    s->o->min == 1 ? "y" : "ies");
		} else {
			strbuf_addf(&subj,
				    "MAINTAINERS: move the %s entries "
				    "to %s",
				    plan->names[f], dest.buf);
			strbuf_addf(
				&body,
				"Move the %s that go together by their %s "
				"from MAINTAINERS/MAINTAINERS to %s, "
				"unchanged and in the same order.\n",
				entries(n, &num),
				s->o->by == SPLIT_LIST ? "first mailing "
							 "list" :
				s->o->by == SPLIT_TREE ? "place in the tree" :
							 "rule",
				dest.buf);
		}
		strbuf_addf(&body,
			    "\nscripts/get_maintainer.pl reads every file in "
			    "MAINTAINERS/%s, so its answers do not change.\n\n"
			    "The entries:\n",
			    s->o->by == SPLIT_TREE ?
				    " (and, with --find-maintainer-files, "
				    "every MAINTAINERS file in the tree)" :
				    "");
		for (i = 0; i < n && (n <= 12 || i < 10); i++)
			strbuf_addf(&body, "  %.*s\n",
				    (int)m->sections[sel[i]].header_len,
				    m->sections[sel[i]].header);
		if (i < n)
			strbuf_addf(&body, "  and %zu more\n", n - i);
		message(s, &msg, subj.buf, body.buf);
		strbuf_reset(&i1);
		strbuf_addf(&i1, "100644,%s,%s", oid.buf, dest.buf);
		strbuf_reset(&i2);
		strbuf_addf(&i2, "100644,%s,MAINTAINERS/MAINTAINERS", roid.buf);
		info[0] = i1.buf;
		info[1] = i2.buf;
		if (commit(s, &msg, info, 2))
			goto out;
		(*npatches)++;
	}
	ret = 0;
out:
	free(idx);
	free(sel);
	free(order);
	free(moved);
	strbuf_release(&text);
	strbuf_release(&oid);
	strbuf_release(&roid);
	strbuf_release(&msg);
	strbuf_release(&body);
	strbuf_release(&subj);
	strbuf_release(&dest);
	strbuf_release(&what);
	strbuf_release(&i1);
	strbuf_release(&i2);
	strbuf_release(&num);
	return ret;
}

int split_tmpdir_near(const char *path, struct strbuf *tmp)
{
	size_t len = strlen(path), slash;

	while (len > 1 && path[len - 1] == '/')
		len--;
	for (slash = len; slash && path[slash - 1] != '/'; slash--)
		;
	strbuf_reset(tmp);
	if (slash)
		strbuf_add(tmp, path, slash);
	strbuf_addch(tmp, '.');
	strbuf_add(tmp, path + slash, len - slash);
	strbuf_addstr(tmp, ".maint-XXXXXX");
	return mkdtemp(tmp->buf) ? 0 : -1;
}

static bool usable_outdir(const char *path)
{
	char **names = NULL;
	size_t n = 0, i;
	int err;
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT;
	if (!S_ISDIR(st.st_mode) || list_directory(path, &names, &n, &err))
		return false;
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return n == 0;
}

/* The cover letter's text, between format-patch's subject and shortlog. */
static void cover_text(struct series *s, struct maintainers *m,
		       const struct strbuf *orig, size_t nreaders,
		       size_t nfiles, size_t nrest, const struct strbuf *table,
		       const struct strbuf *effects, bool sorted,
		       struct strbuf *out)
{
	const struct series_opts *o = s->o;
	struct strbuf steps = STRBUF_INIT;
	size_t i, lines = 0;

	for (i = 0; i < orig->len; i++)
		lines += orig->buf[i] == '\n';
	addf_wrapped(
		out,
		"MAINTAINERS is one file of %zu lines and %zu entries, and one "
		"of the most patched files in the tree: on the order of a "
		"hundred patches change it in every cycle, they conflict with "
		"each other, and the conflicts are left for Linus to resolve "
		"in the merge window.  In 2017 Linus asked whether it could be "
		"split up.  Joe Perches proposed a top-level MAINTAINERS "
		"directory, which keeps the information easy to find and easy "
		"for scripts to read, and a split by directory hierarchy, into "
		"files such as drivers_gpu_drm and arch_arm64, with the "
		"entries that fit no file left in MAINTAINERS/MAINTAINERS. "
		"This series makes that split.\n\n",
		lines, m->nr_sections - 1);
	if (o->by == SPLIT_DIR)
		addf_wrapped(out, rule_text, o->min, o->min == 1 ? "y" : "ies");
	else if (o->by == SPLIT_LIST)
		addf_wrapped(out,
			     "An entry goes to the file of its first "
			     "mailing list (the list's name without "
			     "\"linux-\" and the host); a list with "
			     "fewer than %d entries keeps them in "
			     "MAINTAINERS/MAINTAINERS.\n",
			     o->min);
	else if (o->by == SPLIT_TREE)
		addf_wrapped(out, "An entry goes to a MAINTAINERS file in the "
				  "directory all its F: patterns share, so "
				  "that the entries live next to the code; "
				  "scripts/get_maintainer.pl finds those "
				  "files with --find-maintainer-files.\n");
	else
		addf_wrapped(out,
			     "An entry goes to the file of the rule (in "
			     "%s) that matches it.\n",
			     o->rules_name);
	strbuf_addch(out, '\n');
	if (nreaders)
		strbuf_addf(&steps,
			    "The first %zu patch%s teach%s the tree's readers "
			    "of MAINTAINERS to take a directory as well as a "
			    "file, so that the tree works at every step of the "
			    "series.  ",
			    nreaders, nreaders == 1 ? "" : "es",
			    nreaders == 1 ? "es" : "");
	strbuf_addf(&steps,
		    "%s MAINTAINERS is %smoved to MAINTAINERS/MAINTAINERS, "
		    "and each of the %zu patch%s that follow%s moves the "
		    "entries of one file out of it, unchanged.  %zu entr%s "
		    "stay%s in MAINTAINERS/MAINTAINERS, with the preamble.\n"
		    "\nThe plan (file, entries):\n\n",
		    nreaders ? "Then" : "First",
		    sorted ? "" : "sorted in parse-maintainers.pl's order and ",
		    nfiles, nfiles == 1 ? "" : "es", nfiles == 1 ? "s" : "",
		    nrest, nrest == 1 ? "y" : "ies", nrest == 1 ? "s" : "");
	add_wrapped(out, steps.buf);
	strbuf_release(&steps);
	strbuf_addbuf(out, table);
	addf_wrapped(out, "\nWhat it means for each tool in the tree that "
			  "reads MAINTAINERS:\n\n");
	add_wrapped(out, effects->buf);
	addf_wrapped(
		out,
		"\nNothing else changes: get_maintainer.pl gives the same "
		"answers for every file, and the files joined back "
		"(\"maint join MAINTAINERS\") are byte for byte what "
		"parse-maintainers.pl writes for the old file.  Like any "
		"change to MAINTAINERS this conflicts with the MAINTAINERS "
		"patches queued in subsystem trees, so it is best applied "
		"right after an -rc1; a queued change to an entry then goes to "
		"the file that holds the entry.\n\n"
		"Generated by \"maint split --series --by=%s --min=%d\".\n",
		o->by_name, o->min);
}

int split_series(const struct series_opts *o)
{
	struct series s = { o,		 STRBUF_INIT, STRBUF_INIT, STRBUF_INIT,
			    STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, 0,
			    false,	 false,	      STRBUF_INIT };
	struct strbuf spec = STRBUF_INIT, orig = STRBUF_INIT,
		      text = STRBUF_INIT, oid = STRBUF_INIT, mode = STRBUF_INIT,
		      msg = STRBUF_INIT, effects = STRBUF_INIT,
		      table = STRBUF_INIT, cover = STRBUF_INIT, p = STRBUF_INIT,
		      range = STRBUF_INIT, base = STRBUF_INIT,
		      blurb = STRBUF_INIT;
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct split_plan plan = { 0 };
	size_t *idx = NULL, i, nreaders = 0, nfiles = 0, nrest = 0,
	       npatches = 0;
	bool sorted;
	int ret = 2, err = 0;
	char *data;

	mnt_init(&m);
	if (git(&s, NULL, &s.top, "rev-parse", "--show-toplevel", NULL)) {
		error_msg("--series needs a git work tree (a kernel tree in "
			  "git)");
		goto out;
	}
	chomp(&s.top);
	if (git(&s, NULL, &s.head, "rev-parse", "--verify", "-q",
		"HEAD^{commit}", NULL)) {
		error_msg("%s: no commit to build on", s.top.buf);
		goto out;
	}
	chomp(&s.head);
	if (!usable_outdir(o->outdir)) {
		error_msg("%s exists and is not an empty directory", o->outdir);
		goto out;
	}
	if (head_entry(&s, "MAINTAINERS", &mode)) {
		error_msg("MAINTAINERS in HEAD is not a file (split already?)");
		goto out;
	}
	strbuf_addf(&spec, "%s:MAINTAINERS", s.head.buf);
	if (git(&s, NULL, &orig, "cat-file", "blob", spec.buf, NULL)) {
		error_msg("cannot read %s", spec.buf);
		goto out;
	}
	data = malloc(orig.len + 1);
	if (!data)
		goto out;
	memcpy(data, orig.buf, orig.len + 1);
	if (mnt_parse(&m, "MAINTAINERS", data, orig.len, &d) ||
	    split_plan(&m, o->by, o->min, o->rules, o->rules_len, o->rules_name,
		       &plan, &d)) {
		print_diags(&d);
		goto out;
	}
	if (split_tmpdir_near(o->outdir, &s.tmp)) {
		error_msg("cannot make a temporary directory next to %s: %s",
			  o->outdir, strerror(errno));
		goto out;
	}
	/* the sign-off: "Name <email>" of the committer */
	if (!git(&s, NULL, &s.ident, "var", "GIT_COMMITTER_IDENT", NULL)) {
		char *gt = strrchr(s.ident.buf, '>');

		if (gt) {
			s.ident.len = (size_t)(gt + 1 - s.ident.buf);
			s.ident.buf[s.ident.len] = '\0';
		}
	} else {
		error_msg("git has no identity for the commits (user.name, "
			  "user.email)");
		goto out;
	}
	strbuf_addf(&s.index, "%s/index", s.tmp.buf);
	s.use_index = true;
	if (git(&s, NULL, NULL, "read-tree", s.head.buf, NULL))
		goto git_failed;
	strbuf_addbuf(&s.parent, &s.head);

	/* the readers */
	if (patch_readers(&s, &effects, &nreaders))
		goto git_failed;

	/* the sort, if needed, and the move */
	idx = malloc((m.nr_sections + 1) * sizeof(*idx));
	if (!idx)
		goto git_failed;
	for (i = 0; i < m.nr_sections; i++)
		idx[i] = i;
	if (mnt_sort_sections(&m, idx, m.nr_sections) ||
	    mnt_render(&m, idx, m.nr_sections, NULL, &text) ||
	    blob(&s, &text, &oid))
		goto git_failed;
	sorted = text.len == orig.len && !memcmp(text.buf, orig.buf, orig.len);
	if (!sorted) {
		const char *info[1];

		strbuf_reset(&p);
		strbuf_addf(&p, "%s,%s,MAINTAINERS", mode.buf, oid.buf);
		info[0] = p.buf;
		message(&s, &msg,
			"MAINTAINERS: sort entries in parse-maintainers.pl's "
			"order",
			"Put the entries in the order scripts/parse-"
			"maintainers.pl gives them (alphabetical by name, THE "
			"REST last): the file is what the script writes for it. "
			"Nothing else changes.\n\n"
			"The next patches move MAINTAINERS to a directory and "
			"split it into files; from a sorted file every one of "
			"those moves takes whole entries to a sorted file, and "
			"the files joined back give this file.\n");
		if (commit(&s, &msg, info, 1))
			goto git_failed;
	}
	if (o->by != SPLIT_TREE) {
		/* from here on only MAINTAINERS/ changes: see struct series */
		char *l, *save = NULL;

		strbuf_reset(&text);
		if (git(&s, NULL, &text, "ls-tree", s.parent.buf, NULL))
			goto git_failed;
		for (l = strtok_r(text.buf, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save)) {
			const char *tab = strchr(l, '\t');

			if (!tab || strcmp(tab + 1, SPLIT_REST))
				strbuf_addf(&s.root, "%s\n", l);
		}
		strbuf_reset(&s.index);
		strbuf_addf(&s.index, "%s/index-maintainers", s.tmp.buf);
		s.small = true;
	}
	{
		const char *info[1];

		strbuf_reset(&p);
		strbuf_addf(&p, "%s,%s,MAINTAINERS/MAINTAINERS", mode.buf,
			    oid.buf);
		info[0] = p.buf;
		strbuf_reset(&text);
		strbuf_addf(&text,
			    "Make MAINTAINERS a directory, to be split into "
			    "files %s by the patches that follow.  The file "
			    "moves unchanged to MAINTAINERS/MAINTAINERS, where "
			    "the preamble and the entries that go to no other "
			    "file stay.\n\n%s"
			    "scripts/get_maintainer.pl reads every file in "
			    "it.\n",
			    o->by == SPLIT_DIR	? "by where the code is" :
			    o->by == SPLIT_LIST ? "by mailing list" :
			    o->by == SPLIT_TREE ? "spread through the tree" :
						  "by rules",
			    nreaders ?
				    "The tree's other readers of MAINTAINERS "
				    "take a directory as well as a file "
				    "since the patches before this one; " :
				    "");
		message(&s, &msg,
			"MAINTAINERS: move to MAINTAINERS/MAINTAINERS",
			text.buf);
		if (commit(&s, &msg, info, 1))
			goto git_failed;
	}

	/* one patch per file */
	nrest = m.nr_sections - 1;
	if (move_entries(&s, &m, &plan, &table, &npatches, &nfiles, &nrest))
		goto git_failed;

	/* the series and its cover letter */
	strbuf_reset(&p);
	strbuf_addf(&p, "%s/out", s.tmp.buf);
	strbuf_addf(&range, "%s..%s", s.head.buf, s.parent.buf);
	strbuf_addf(&base, "--base=%s", s.head.buf);
	s.use_index = false;
	if (git(&s, NULL, NULL, "format-patch", "-q", "-M", "--cover-letter",
		base.buf, "-o", p.buf, range.buf, NULL))
		goto git_failed;
	strbuf_addstr(&p, "/0000-cover-letter.patch");
	if (read_path(p.buf, &cover, &err))
		goto git_failed;
	{
		const char *subj_at = strstr(cover.buf, "*** SUBJECT HERE ***");
		const char *blurb_at = strstr(cover.buf, "*** BLURB HERE ***");

		if (!subj_at || !blurb_at || blurb_at < subj_at) {
			error_msg("format-patch wrote no cover letter to fill "
				  "in (format.coverFromDescription?)");
			goto git_failed;
		}
		strbuf_reset(&text);
		strbuf_add(&text, cover.buf, (size_t)(subj_at - cover.buf));
		strbuf_addf(&text, "MAINTAINERS: split into a directory, %s",
			    o->by == SPLIT_DIR	? "by where the code is" :
			    o->by == SPLIT_LIST ? "by mailing list" :
			    o->by == SPLIT_TREE ? "through the tree" :
						  "by rules");
		strbuf_add(&text, subj_at + 20,
			   (size_t)(blurb_at - subj_at - 20));
		cover_text(&s, &m, &orig, nreaders, nfiles, nrest, &table,
			   &effects, sorted, &blurb);
		strbuf_addbuf(&text, &blurb);
		strbuf_addstr(&text, blurb_at + 18);
	}
	if (unlink(p.buf) || write_path(p.buf, text.buf, text.len))
		goto git_failed;
	strbuf_reset(&p);
	strbuf_addf(&p, "%s/out", s.tmp.buf);
	/* an empty directory there is replaced; checked again, atomically */
	if (rmdir(o->outdir) && errno != ENOENT) {
		error_msg("%s: %s", o->outdir, strerror(errno));
		goto out;
	}
	if (rename(p.buf, o->outdir)) {
		error_msg("%s: %s", o->outdir, strerror(errno));
		goto out;
	}
	printf("%s: %zu patches and a cover letter (%zu for the readers of "
	       "MAINTAINERS, %zu file%s)\n",
	       o->outdir, nreaders + !sorted + 1 + npatches, nreaders, nfiles,
	       nfiles == 1 ? "" : "s");
	ret = 0;
	goto out;
git_failed:
	error_msg("building the series failed");
out:
	if (s.tmp.len && remove_tree_nofollow(s.tmp.buf, &err))
		error_msg("%s: cannot remove: %s", s.tmp.buf, strerror(err));
	free(idx);
	split_plan_release(&plan);
	mnt_release(&m);
	diags_release(&d);
	strbuf_release(&s.top);
	strbuf_release(&s.tmp);
	strbuf_release(&s.index);
	strbuf_release(&s.head);
	strbuf_release(&s.parent);
	strbuf_release(&s.ident);
	strbuf_release(&s.root);
	strbuf_release(&spec);
	strbuf_release(&orig);
	strbuf_release(&text);
	strbuf_release(&oid);
	strbuf_release(&mode);
	strbuf_release(&msg);
	strbuf_release(&effects);
	strbuf_release(&table);
	strbuf_release(&cover);
	strbuf_release(&p);
	strbuf_release(&range);
	strbuf_release(&base);
	strbuf_release(&blurb);
	return ret;
}
