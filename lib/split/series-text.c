// SPDX-License-Identifier: GPL-2.0
/*
 * maint split --series: the words of the series.  Commit messages and
 * the cover letter are wrapped at WRAP columns; with -s, commit messages
 * end with a Signed-off-by line of the committer's identity.
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
void split_series_add_wrapped(struct strbuf *out, const char *text)
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

void __attribute__((format(printf, 2, 3)))
split_series_addf_wrapped(struct strbuf *out, const char *fmt, ...)
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
	split_series_add_wrapped(&t, buf);
	strbuf_addbuf(out, &t);
	strbuf_release(&t);
	free(buf);
}

/* A message: subject, body (wrapped), sign-off. */
void split_series_message(struct series *s, struct strbuf *msg,
			  const char *subj, const char *body)
{
	strbuf_reset(msg);
	strbuf_addf(msg, "%s\n\n", subj);
	split_series_add_wrapped(msg, body);
	if (s->o->signoff && s->ident.len)
		strbuf_addf(msg, "\nSigned-off-by: %s\n", s->ident.buf);
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
	"drivers/, Documentation/, include/, sound/ and tools/).  Patterns "
	"under Documentation/, include/, tools/testing/ and samples/, "
	"patterns that name only arch/ or drivers/ (arch/*/mm/...), and "
	"device-tree bindings count only for an entry that has nothing "
	"else; then an entry goes with the drivers its bindings document "
	"(bindings/iio/ with drivers/iio/), else to the top its broad "
	"patterns name, else with its tests or samples, else with its "
	"documentation or headers.  A tie goes to the directory more "
	"entries' patterns name.  A directory with fewer than %d entr%s "
	"keeps them in MAINTAINERS/MAINTAINERS.\n";

/* The message of the commit that moves sections sel[0..n) to dest. */
void split_series_move_message(struct series *s, const struct maintainers *m,
			       const char *name, const char *dest,
			       const size_t *sel, size_t n, struct strbuf *msg)
{
	struct strbuf subj = STRBUF_INIT, body = STRBUF_INIT,
		      what = STRBUF_INIT, num = STRBUF_INIT;
	size_t i;

	if (s->o->by == SPLIT_DIR) {
		dir_of_name(name, &what);
		strbuf_addf(&subj,
			    "MAINTAINERS: move the %s entries "
			    "to %s",
			    what.buf, dest);
		strbuf_addf(&body,
			    "Move the %s whose code is in %s from "
			    "MAINTAINERS/MAINTAINERS to %s, unchanged "
			    "and in the same order.\n\n",
			    entries(n, &num), what.buf, dest);
		strbuf_addf(&body, rule_text, s->o->min,
			    s->o->min == 1 ? "y" : "ies");
	} else {
		strbuf_addf(&subj,
			    "MAINTAINERS: move the %s entries "
			    "to %s",
			    name, dest);
		strbuf_addf(&body,
			    "Move the %s that go together by their %s "
			    "from MAINTAINERS/MAINTAINERS to %s, "
			    "unchanged and in the same order.\n",
			    entries(n, &num),
			    s->o->by == SPLIT_LIST ? "first mailing "
						     "list" :
			    s->o->by == SPLIT_TREE ? "place in the tree" :
						     "rule",
			    dest);
	}
	strbuf_addf(&body,
		    "\nscripts/get_maintainer.pl reads every file in "
		    "MAINTAINERS/%s, so its answers do not change.\n\n"
		    "The entries:\n",
		    s->o->by == SPLIT_TREE ?
			    " (and, with --find-maintainer-files, "
			    "every MAINTAINERS file in the tree)" :
			    "");
	for (i = 0; i < n && (n <= 12 || i < 10); i++) {
		int len = (int)m->sections[sel[i]].header_len;

		/* checkpatch: 75 columns at most in a commit message */
		if (len > 73)
			strbuf_addf(&body, "  %.*s...\n", 70,
				    m->sections[sel[i]].header);
		else
			strbuf_addf(&body, "  %.*s\n", len,
				    m->sections[sel[i]].header);
	}
	if (i < n)
		strbuf_addf(&body, "  and %zu more\n", n - i);
	split_series_message(s, msg, subj.buf, body.buf);
	strbuf_release(&subj);
	strbuf_release(&body);
	strbuf_release(&what);
	strbuf_release(&num);
}

/* The cover letter's text, between format-patch's subject and shortlog. */
void split_series_cover_text(struct series *s, struct maintainers *m,
			     const struct strbuf *orig, size_t nreaders,
			     size_t nfiles, size_t nrest,
			     const struct strbuf *table,
			     const struct strbuf *effects, bool sorted,
			     struct strbuf *out)
{
	const struct split_series_opts *o = s->o;
	struct strbuf steps = STRBUF_INIT;
	size_t i, lines = 0;

	for (i = 0; i < orig->len; i++)
		lines += orig->buf[i] == '\n';
	split_series_addf_wrapped(
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
		split_series_addf_wrapped(out, rule_text, o->min,
					  o->min == 1 ? "y" : "ies");
	else if (o->by == SPLIT_LIST)
		split_series_addf_wrapped(
			out,
			"An entry goes to the file of its first "
			"mailing list (the list's name without "
			"\"linux-\" and the host); a list with "
			"fewer than %d entries keeps them in "
			"MAINTAINERS/MAINTAINERS.\n",
			o->min);
	else if (o->by == SPLIT_TREE)
		split_series_addf_wrapped(
			out, "An entry goes to a MAINTAINERS file in the "
			     "directory all its F: patterns share, so "
			     "that the entries live next to the code; "
			     "scripts/get_maintainer.pl finds those "
			     "files with --find-maintainer-files.\n");
	else
		split_series_addf_wrapped(
			out,
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
	split_series_add_wrapped(out, steps.buf);
	strbuf_release(&steps);
	strbuf_addbuf(out, table);
	if (effects->len) {
		split_series_addf_wrapped(
			out, "\nWhat it means for each tool in the "
			     "tree that reads MAINTAINERS:\n\n");
		split_series_add_wrapped(out, effects->buf);
	}
	split_series_addf_wrapped(
		out,
		"\nNothing else changes: get_maintainer.pl gives the same "
		"answers for every file, and the files joined back "
		"(\"maint join MAINTAINERS\") are byte for byte what "
		"parse-maintainers.pl writes for the old file.  Like any "
		"change to MAINTAINERS this conflicts with the MAINTAINERS "
		"patches queued in subsystem trees, so it is best applied "
		"right after an -rc1; a queued change to an entry then goes to "
		"the file that holds the entry (\"maint split\" can carry it: "
		"join the directory, apply the change, split again).\n\n"
		"Checking these patches with the checkpatch.pl of the base "
		"tree (before the first patch of the series) gives a \"does "
		"MAINTAINERS need updating?\" warning on every move, and no "
		"MAINTAINERS_STYLE check of the new files: that checkpatch "
		"only knows the file MAINTAINERS.  Check them with the series' "
		"own checkpatch.pl, from the tree with its patch applied.\n\n"
		"Generated by \"maint split --series --by=%s --min=%d\".\n",
		o->by_name, o->min);
}
