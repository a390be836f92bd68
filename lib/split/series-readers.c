// SPDX-License-Identifier: GPL-2.0
/*
 * maint split --series: the tree's readers of MAINTAINERS, patched first
 * so that the tree works with a file and with a directory at every step
 * of the series.
 */
#include "series-internal.h"
#include "base/base.h"
#include "model/model.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
		"either, or for a rename between them, as an update of "
		"MAINTAINERS.  Nothing changes while "
		"MAINTAINERS is one file.\n",
		"patched: the MAINTAINERS_STYLE checks run on MAINTAINERS/* as "
		"on MAINTAINERS, and a diffstat line for MAINTAINERS/* counts "
		"as updating MAINTAINERS.",
		{ { "\t\tif ($line =~ /^\\s*MAINTAINERS\\s*\\|/) {\n",
		    "\t\tif ($line =~ m@^\\s*MAINTAINERS(?:/\\S*(?: => \\S*)?)?(?: => MAINTAINERS(?:/\\S*)?)?\\s*\\|@) {\n",
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
		"MAINTAINERS.\n"
		"\n"
		"--self-test takes a header that is the start of an earlier one "
		"as a duplicate (\"ACPI\" after \"ACPI APEI\"): in one sorted "
		"file the shorter one always comes first, in a directory read "
		"file by file it need not.  Take only an equal header as a "
		"duplicate.\n",
		"reads a MAINTAINERS directory already (every file in it); "
		"patched so that a patch to MAINTAINERS/* is treated as one to "
		"MAINTAINERS (no --git-fallback history, no --file-emails "
		"scan), and --self-test takes only an equal header as a "
		"duplicate.  Its answers for every other file are unchanged.",
		{ { "    return if ($file =~ m@\\bMAINTAINERS$@);\n",
		    "    return if ($file =~ m@\\bMAINTAINERS(?:/[^/]+)?$@);\n",
		    NULL },
		  { "\t      $file !~ /MAINTAINERS$/ &&\n",
		    "\t      $file !~ m@\\bMAINTAINERS(?:/[^/]+)?$@ &&\n",
		    NULL },
		  { "\t    if (grep(m@^\\Q$x->{line}\\E@, @section_headers)) {\n",
		    "\t    if (grep { $_ eq $x->{line} } @section_headers) {\n",
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

/* The patches for the readers; what each one means, in effects. */
int split_series_patch_readers(struct series *s, struct strbuf *effects,
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

		if (split_series_head_entry(s, r->path, &mode))
			continue;
		strbuf_reset(&spec);
		strbuf_addf(&spec, "%s:%s", s->head.buf, r->path);
		strbuf_reset(&text);
		if (split_series_git(s, NULL, &text, "cat-file", "blob",
				     spec.buf, NULL))
			goto out;
		if (!apply_edits(r, tree, &text)) {
			strbuf_addf(effects,
				    "  - %s: not patched (its text is not as "
				    "in 6.12): to review by hand.\n",
				    r->path);
			continue;
		}
		if (split_series_blob(s, &text, &oid))
			goto out;
		strbuf_reset(&spec);
		strbuf_addf(&spec, "%s,%s,%s", mode.buf, oid.buf, r->path);
		info[0] = spec.buf;
		split_series_message(s, &msg, r->subject, r->body);
		if (split_series_commit(s, &msg, info, 1))
			goto out;
		(*npatches)++;
		strbuf_addstr(effects, "  - ");
		strbuf_addf(effects, "%s: %s\n", r->path, r->effect);
	}
	/* everything else in the tree's tools that names MAINTAINERS */
	if (!split_series_git(s, NULL, &grep, "grep", "-l", "-w", "-I", "-e",
			      "MAINTAINERS", s->head.buf, "--", "scripts",
			      "tools", "Documentation/sphinx",
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
