// SPDX-License-Identifier: GPL-2.0
/*
 * maint check: self-test, style lint and coverage for MAINTAINERS.  See
 * doc/maint-check.1.
 */
#define _XOPEN_SOURCE 700
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "../lib/check.h"
#include "../lib/fileio.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char check_usage[] =
	"usage: maint check [options] [PATCH...]\n"
	"\n"
	"Check MAINTAINERS: get_maintainer.pl's self-test, checkpatch.pl's\n"
	"style checks, e-mail and status syntax, patterns, canonical order.\n"
	"Run it at the top of a tree; with PATCH, only what the patch adds\n"
	"or changes in MAINTAINERS is reported.\n"
	"\n"
	"  --self-test[=WHAT]   print exactly what get_maintainer.pl\n"
	"                       --self-test=WHAT prints (sections, patterns,\n"
	"                       links, scm; all when WHAT is empty)\n"
	"  --online             probe links and T: trees over the network\n"
	"                       (wget, git ls-remote) as the script does;\n"
	"                       without it they are checked for syntax only\n"
	"  --coverage           the share of files with a maintained section\n"
	"  --json               findings as a JSON array\n"
	"  --fail-on=LEVEL      exit 1 on a finding at LEVEL or above:\n"
	"                       error (default), warning, note, never\n"
	"  --only=CHECKS        run only these checks (comma-separated)\n"
	"  --skip=CHECKS        do not run these checks\n"
	"  --list               list the checks and their severities\n"
	"  --mpath=PATH         MAINTAINERS file or directory\n"
	"                       (default MAINTAINERS; ./MAINTAINERS in --self-test)\n"
	"  --find-maintainer-files  read every MAINTAINERS file below --mpath\n"
	"\n"
	"Findings: file:line: severity: message [check].  Exit 0 when none at\n"
	"or above --fail-on, 1 when there are, 2 on a usage or I/O error.\n";

/* the checks maint check runs, in the order --list shows them */
static const struct {
	enum diag_id id;
	const char *what;
} checks[] = {
	{ D_DUP_HEADER, "a section header used twice" },
	{ D_NO_EMAIL, "a section with no M:, R: or L: (not orphan/obsolete)" },
	{ D_NO_STATUS, "a section with no S:" },
	{ D_NO_PATTERN, "a section with no F: or N:" },
	{ D_NO_MATCH, "an F:/X: pattern no file of the tree matches" },
	{ D_BAD_PATTERN, "an F:/X: pattern whose regex does not compile" },
	{ D_BAD_LINK, "a W:/Q:/B: link or T: URL that is malformed" },
	{ D_BAD_SCM, "a T: entry that is not git, quilt or hg and a URL" },
	{ D_ENTRY_TAB, "not one tab after TYPE: (checkpatch.pl)" },
	{ D_UNKNOWN_TYPE, "an entry type not in MRLSWQBCPTFXNK" },
	{ D_MISORDERED, "adjacent entries misordered (checkpatch.pl)" },
	{ D_BAD_EMAIL, "an M:, R: or L: that is not an e-mail address" },
	{ D_BAD_STATUS, "an S: that is not a known status" },
	{ D_DUP_PATTERN, "the same F:/X: twice in a section" },
	{ D_SHARED_PATTERN, "the same F: in several sections" },
	{ D_USELESS_EXCLUDE, "an X: excluding nothing its F: cover" },
	{ D_BAD_REGEX, "an N:/K: regex that does not compile" },
	{ D_SHADOWED, "a section that is no file's best match" },
	{ D_SECTION_ORDER, "a section out of order (format --order)" },
	{ D_FIELD_ORDER, "a field out of order (format --order)" },
	{ D_FIELD_FORM, "a field not in 'X:<TAB>value' form" },
	{ D_LAYOUT, "blank lines or stray text between sections" },
	{ D_ODD_LINE, "a line parse-maintainers.pl cannot place" },
};

#define NR_CHECKS (sizeof(checks) / sizeof(checks[0]))

static int select_checks(struct ck_opts *o, const char *list, bool on)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ","), i;
		bool found = false;

		for (i = 0; i < NR_CHECKS; i++)
			if (strlen(diag_name(checks[i].id)) == n &&
			    !strncmp(diag_name(checks[i].id), p, n)) {
				o->enabled[checks[i].id] = on;
				found = true;
			}
		if (!found && n) {
			error_msg("unknown check '%.*s' (see --list)", (int)n,
				  p);
			return -1;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

/* ---- the tree's files ---- */

static struct strbuf *walked;

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type != FTW_F || strstr(path, "/.git/"))
		return 0;
	strbuf_addstr(walked,
		      path[0] == '.' && path[1] == '/' ? path + 2 : path);
	strbuf_addch(walked, '\n');
	return 0;
}

/*
 * What get_maintainer.pl's vcs_list_files() gives: "git ls-files ./"
 * where there is a .git.  Elsewhere (the script would have no files at
 * all) the tree is walked, less what .gitignore files ignore.
 */
static int tree_files(struct ck_tree *t, bool quiet)
{
	struct strbuf list = STRBUF_INIT;
	int status = -1, ret = -1;
	struct stat st;

	if (!stat(".git", &st)) {
		const char *argv[] = { "git", "ls-files", "./", NULL };

		if (run_capture(argv, &list, &status) || status)
			strbuf_reset(&list);
	} else {
		const char *argv[] = {
			"sh", "-c",
			"d=$(mktemp -d) && git init -q --bare \"$d\" && "
			"git --git-dir=\"$d\" --work-tree=. ls-files -o "
			"--exclude-standard ./; s=$?; rm -rf \"$d\"; exit $s",
			NULL
		};

		if (!quiet)
			fprintf(stderr,
				"maint check: not a git work tree: files are "
				"the tree's, less what .gitignore ignores\n");
		if (run_capture(argv, &list, &status) || status) {
			strbuf_reset(&list);
			walked = &list;
			if (nftw(".", walk_one, 64, FTW_PHYS))
				goto out;
		}
	}
	ret = ck_tree_add_list(t, &list);
out:
	strbuf_release(&list);
	return ret;
}

static int probe(void *arg, const char *cmd)
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

/* ---- output ---- */

static void json_string(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '"');
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			strbuf_addf(sb, "\\%c", ch);
		else if (ch < 0x20)
			strbuf_addf(sb, "\\u%04x", ch);
		else
			strbuf_addch(sb, (char)ch);
	}
	strbuf_addch(sb, '"');
}

static void print_findings(const struct diags *d, bool json, const bool *keep)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	bool first = true;

	if (json)
		strbuf_addstr(&sb, "[");
	for (i = 0; i < d->nr; i++) {
		const struct diag *dg = &d->v[i];

		if (!keep[i])
			continue;
		if (!json) {
			diag_format(&sb, dg);
			strbuf_addf(&sb, " [%s]\n", diag_name(dg->id));
			continue;
		}
		strbuf_addstr(&sb,
			      first ? "\n  {\"file\": " : ",\n  {\"file\": ");
		first = false;
		json_string(&sb, dg->file);
		strbuf_addf(&sb, ", \"line\": %lu, \"severity\": ", dg->line);
		json_string(&sb, diag_severity_name(diag_severity(dg->id)));
		strbuf_addstr(&sb, ", \"check\": ");
		json_string(&sb, diag_name(dg->id));
		strbuf_addstr(&sb, ", \"message\": ");
		json_string(&sb, dg->msg);
		strbuf_addch(&sb, '}');
	}
	if (json)
		strbuf_addstr(&sb, first ? "]\n" : "\n]\n");
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
}

int cmd_check(int argc, char **argv)
{
	int help = 0, online = 0, coverage = 0, json = 0, list = 0, find = 0,
	    self_test = 0, nargs = 0, ret = 2, i;
	const char *self_what = NULL, *fail_on = "error", *only = NULL,
		   *skip = NULL, *mpath = NULL;
	const struct option opts[] = {
		{ OPT_OPTSTRING, "self-test", &self_test, &self_what, 0 },
		{ OPT_FLAG, "online", &online, NULL, 1 },
		{ OPT_FLAG, "coverage", &coverage, NULL, 0 },
		{ OPT_FLAG, "json", &json, NULL, 1 },
		{ OPT_STRING, "fail-on", NULL, &fail_on, 0 },
		{ OPT_STRING, "only", NULL, &only, 0 },
		{ OPT_STRING, "skip", NULL, &skip, 0 },
		{ OPT_FLAG, "list", &list, NULL, 0 },
		{ OPT_STRING, "mpath|maintainer-path", NULL, &mpath, 0 },
		{ OPT_FLAG, "find-maintainer-files", &find, NULL, 1 },
		{ OPT_FLAG, "h|help", &help, NULL, 0 },
		{ OPT_END, NULL, NULL, NULL, 0 },
	};
	struct strbuf e = STRBUF_INIT, out = STRBUF_INIT;
	struct ck_tree tree = CK_TREE_INIT;
	struct ck_opts o;
	struct gm_db db;
	struct diags d = DIAGS_INIT;
	struct ck_patch cp = CK_PATCH_INIT;
	size_t k;
	char **args = NULL;
	bool *keep = NULL;
	int level, died;

	gm_db_init(&db);
	ck_opts_default(&o);
	if (parse_options(argc, argv, opts, &args, &nargs, &e)) {
		error_msg("%s", e.buf);
		fputs(check_usage, stderr);
		goto out;
	}
	if (help) {
		show_usage(check_usage);
		ret = 0;
		goto out;
	}
	if (list) {
		for (k = 0; k < NR_CHECKS; k++)
			printf("%-18s %-8s %s\n", diag_name(checks[k].id),
			       diag_severity_name(diag_severity(checks[k].id)),
			       checks[k].what);
		ret = 0;
		goto out;
	}
	if (!strcmp(fail_on, "error"))
		level = SEV_ERROR;
	else if (!strcmp(fail_on, "warning"))
		level = SEV_WARNING;
	else if (!strcmp(fail_on, "note"))
		level = SEV_NOTE;
	else if (!strcmp(fail_on, "never"))
		level = SEV_FATAL + 1;
	else {
		error_msg("--fail-on: error, warning, note or never, not '%s'",
			  fail_on);
		goto out;
	}
	if ((only || skip) && self_test) {
		error_msg("--only and --skip do not go with --self-test");
		goto out;
	}
	if (only) {
		for (k = 0; k < D__COUNT; k++)
			o.enabled[k] = false;
		if (select_checks(&o, only, true))
			goto out;
	}
	if (skip && select_checks(&o, skip, false))
		goto out;
	if (self_test && (coverage || nargs)) {
		error_msg("--self-test takes no patch and no --coverage");
		goto out;
	}
	if (self_test)
		o.self_test = self_what ? self_what : "";
	if (online) {
		o.probe = probe;
		o.probe_arg = NULL;
	}

	if (!mpath)
		mpath = self_test ? "./MAINTAINERS" : "MAINTAINERS";
	/* the script reads a directory's files in readdir order */
	db.readdir_order = self_test;
	if (gm_db_read(&db, mpath, find, &d)) {
		for (k = 0; k < d.nr; k++)
			error_msg("%s", d.v[k].msg);
		goto out;
	}
	for (i = 0; i < nargs; i++) {
		struct diags pd = DIAGS_INIT;

		if (ck_patch_read(&cp, args[i], &pd)) {
			for (k = 0; k < pd.nr; k++)
				error_msg("%s", pd.v[k].msg);
			diags_release(&pd);
			goto out;
		}
		diags_release(&pd);
	}
	if (nargs && !cp.nr) {
		/* nothing to check: the patches leave MAINTAINERS alone */
		ret = 0;
		goto out;
	}
	if (cp.nr && ck_patch_db(&db, &cp, &d)) {
		error_msg("out of memory");
		goto out;
	}
	if ((coverage || self_test || o.enabled[D_NO_MATCH] ||
	     o.enabled[D_BAD_PATTERN] || o.enabled[D_USELESS_EXCLUDE] ||
	     o.enabled[D_SHADOWED]) &&
	    tree_files(&tree, json)) {
		error_msg("cannot list the files of the tree");
		goto out;
	}
	if (coverage) {
		if (ck_coverage(&db, &tree, &out)) {
			error_msg("out of memory");
			goto out;
		}
		fwrite(out.buf, 1, out.len, stdout);
		ret = 0;
		goto out;
	}
	o.tree = &tree;
	o.script = &out;
	died = ck_run(&db, &o, &d);
	if (died < 0) {
		error_msg("out of memory");
		goto out;
	}
	if (self_test) {
		fwrite(out.buf, 1, out.len, stdout);
	} else {
		diags_sort(&d);
	}
	keep = calloc(d.nr + 1, sizeof(bool));
	if (!keep)
		goto out;
	ret = 0;
	for (k = 0; k < d.nr; k++) {
		keep[k] = !cp.nr || ck_patch_covers(&cp, &d.v[k]);
		/* the self-test exits 0, as the script does */
		if (keep[k] && (int)diag_severity(d.v[k].id) >= level &&
		    !self_test)
			ret = 1;
	}
	if (self_test) {
		/* the script's lines are out; a pattern it would die on */
		for (k = 0; k < d.nr; k++)
			if (d.v[k].id == D_BAD_PATTERN)
				fprintf(stderr, "%s:%lu: error: %s\n",
					d.v[k].file, d.v[k].line, d.v[k].msg);
	} else {
		print_findings(&d, json, keep);
	}
	if (died)
		ret = 2; /* get_maintainer.pl dies ($! is ENOENT) */
	if (fflush(stdout) || ferror(stdout)) {
		error_msg("cannot write: %s", strerror(errno));
		ret = 2;
	}
out:
	ck_patch_release(&cp);
	free(keep);
	free(args);
	ck_tree_release(&tree);
	gm_db_release(&db);
	diags_release(&d);
	strbuf_release(&e);
	strbuf_release(&out);
	return ret;
}
