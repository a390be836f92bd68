// SPDX-License-Identifier: GPL-2.0
/*
 * maint check: self-test, style lint and coverage for MAINTAINERS.  See
 * doc/maint-check.1.
 */
#define _XOPEN_SOURCE 700
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "check/check.h"
#include "base/base.h"
#include "vcs/vcs.h"
#include "model/model.h"
#include "get/get.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char check_head[] =
	"usage: maint check [options] [PATCH...]\n"
	"       maint check --cc [options] [MAIL|MBOX...]\n"
	"\n"
	"Check MAINTAINERS: get_maintainer.pl's self-test, checkpatch.pl's\n"
	"style checks, e-mail and status syntax, patterns, canonical order.\n"
	"Run it at the top of a tree; with PATCH, only what the patch adds\n"
	"or changes in MAINTAINERS is reported.  With --cc, whom patch mails\n"
	"forgot: each mail's To:/Cc: against the recipients get names.\n"
	"\n";

static const char check_foot[] =
	"Findings: file:line: severity: message [check].  Exit 0 when none at\n"
	"or above --fail-on, 1 when there are, 2 when the input cannot be\n"
	"read (or a patch applied), 129 on a usage error.\n";

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
	{ D_GLOBSTAR, "a ** not between slashes, or that never matches" },
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
	{ D_CONFLICT_MARKER, "a conflict marker left from a merge" },
};

#define NR_CHECKS (sizeof(checks) / sizeof(checks[0]))

/* the lints only --with turns on (doc/lint-comparison.md) */
static const struct {
	enum diag_id id;
	const char *what;
} extra_checks[] = {
	{ D_ALL_EXCLUDED,
	  "a section whose X: exclude every file its F: match" },
	{ D_DEAD_REGEX, "an N: regex that matches no file of the tree" },
};

#define NR_EXTRA (sizeof(extra_checks) / sizeof(extra_checks[0]))

static int with_checks(struct ck_opts *o, const char *list)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ","), i;
		bool found = false;

		for (i = 0; i < NR_EXTRA; i++)
			if ((n == 3 && !strncmp(p, "all", 3)) ||
			    (strlen(diag_name(extra_checks[i].id)) == n &&
			     !strncmp(diag_name(extra_checks[i].id), p, n))) {
				o->enabled[extra_checks[i].id] = true;
				found = true;
			}
		if (!found) {
			error_msg(
				"--with: no such lint '%.*s' (all-excluded, dead-regex, all)",
				(int)n, p);
			return -1;
		}
		p += n;
		if (*p)
			p++;
	}
	return 0;
}

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
			const char *names[NR_CHECKS];

			error_msg("unknown check '%.*s' (see --list)", (int)n,
				  p);
			for (i = 0; i < NR_CHECKS; i++)
				names[i] = diag_name(checks[i].id);
			suggest_value(on ? "only" : "skip", p, n, names,
				      NR_CHECKS);
			return -1;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

/* ---- the tree's files ---- */

/*
 * The line of ./.gitignore that ignores every file (a star, alone or
 * after a slash, as Debian's kernel tarball has it before taking back
 * its debian/ directory), or 0.
 */
static unsigned long ignores_all(void)
{
	char buf[4096];
	unsigned long n = 0, found = 0;
	FILE *f = fopen(".gitignore", "r");

	if (!f)
		return 0;
	while (fgets(buf, sizeof(buf), f)) {
		size_t len = strcspn(buf, "\r\n");

		n++;
		while (len && (buf[len - 1] == ' ' || buf[len - 1] == '\t'))
			len--;
		buf[len] = '\0';
		if (!strcmp(buf, "*") || !strcmp(buf, "/*") ||
		    !strcmp(buf, "**") || !strcmp(buf, "/**"))
			found = n;
	}
	fclose(f);
	return found;
}

/*
 * What get_maintainer.pl's vcs_list_files() gives: "git ls-files ./"
 * where there is a .git.  Elsewhere (the script would have no files at
 * all) the tree as it is: an extracted tarball's .gitignore files say
 * what a build would generate, not what is there (Debian's ends in
 * a line that hides every file).
 */
static int tree_files(struct ck_tree *t, bool quiet, const struct ck_patch *cp)
{
	struct strbuf list = STRBUF_INIT;
	int status = -1, ret = -1;
	struct stat st;

	if (!stat(".git", &st)) {
		const char *argv[] = { "git", "ls-files", "./", NULL };

		if (run_capture(argv, &list, &status) || status)
			strbuf_reset(&list);
	} else {
		unsigned long all = ignores_all();
		int err = 0;

		if (!quiet)
			fprintf(stderr,
				"maint check: not a git work tree: files are "
				"the tree's as it is, .gitignore not applied\n");
		if (!quiet && all)
			fprintf(stderr,
				"maint check: .gitignore:%lu ignores every "
				"file (git would list none it does not take "
				"back)\n",
				all);
		if (list_tree(".", &list, &err))
			goto out;
	}
	if (cp && ck_patch_files(cp, &list))
		goto out;
	ret = ck_tree_add_list(t, &list);
out:
	strbuf_release(&list);
	return ret;
}

/*
 * Patch mode: only the files below the touched sections' patterns, from
 * git ls-files limited to those directories (a one-line change to
 * MAINTAINERS need not list the whole tree).  Elsewhere, or when one of
 * those patterns starts with a wildcard, the whole tree.
 */
static int patch_tree_files(struct ck_tree *t, const struct ck_patch *cp,
			    const struct gm_db *db, bool quiet)
{
	struct strbuf specs = STRBUF_INIT, list = STRBUF_INIT;
	const char **argv = NULL;
	size_t n = 0, i;
	int status = -1, ret = -1;
	bool all = false;
	struct stat st;
	char *p;

	if (stat(".git", &st) || ck_patch_pathspecs(cp, db, &specs, &all) ||
	    all) {
		strbuf_release(&specs);
		return tree_files(t, quiet, cp);
	}
	for (i = 0; i < specs.len; i++)
		n += specs.buf[i] == '\n';
	argv = calloc(n + 6, sizeof(*argv));
	if (!argv)
		goto out;
	n = 0;
	argv[n++] = "git";
	argv[n++] = "--literal-pathspecs";
	argv[n++] = "ls-files";
	argv[n++] = "--";
	for (p = specs.buf; p < specs.buf + specs.len;) {
		char *nl = strchr(p, '\n');

		*nl = '\0';
		argv[n++] = p;
		p = nl + 1;
	}
	argv[n] = NULL;
	if (n == 4) {
		ret = 0; /* no pattern: no file needed */
		goto out;
	}
	if (run_capture(argv, &list, &status) || status ||
	    ck_patch_files(cp, &list))
		goto out;
	ret = ck_tree_add_list(t, &list);
out:
	free(argv);
	strbuf_release(&specs);
	strbuf_release(&list);
	return ret;
}

static bool covers_line(void *arg, const char *file, unsigned long line)
{
	return ck_patch_covers_line(arg, file, line);
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

/*
 * A finding's severity: the catalogue's, but in patch mode a line the
 * patch adds with a pattern that matches nothing, an unknown status, or
 * a new section without S: is an error (the hook stops it); the same in
 * lines the patch leaves alone stay warnings.
 */
static enum diag_severity severity(const struct ck_patch *cp,
				   const struct diag *dg)
{
	enum diag_severity sev = diag_severity(dg->id);

	if (cp && cp->nr &&
	    (dg->id == D_NO_MATCH || dg->id == D_BAD_STATUS ||
	     dg->id == D_NO_STATUS) &&
	    ck_patch_adds(cp, dg))
		return SEV_ERROR;
	return sev;
}

static void print_findings(const struct diags *d, bool json, const bool *keep,
			   const struct ck_patch *cp)
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
			diag_format_as(&sb, dg, severity(cp, dg));
			strbuf_addf(&sb, " [%s]\n", diag_name(dg->id));
			continue;
		}
		strbuf_addstr(&sb,
			      first ? "\n  {\"file\": " : ",\n  {\"file\": ");
		first = false;
		json_string(&sb, dg->file);
		strbuf_addf(&sb, ", \"line\": %lu, \"severity\": ", dg->line);
		json_string(&sb, diag_severity_name(severity(cp, dg)));
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

struct check_args {
	int help, online, coverage, json, list, find, self_test, notes;
	const char *self_what, *fail_on, *only, *skip, *mpath, *base, *with;
	int level; /* --fail-on */
	/* --cc: the mails' recipients; get's options (-1: not given) */
	int cc, superfluous;
	const char *inactive;
	int m, r, l, moderated, s, keywords, mailmap, chiefs, depth;
	char **args;
	int nargs;
};

static int fail_level(const char *s)
{
	static const struct {
		const char *name;
		int level;
	} levels[] = { { "error", SEV_ERROR },
		       { "warning", SEV_WARNING },
		       { "note", SEV_NOTE },
		       { "never", SEV_FATAL + 1 } };
	size_t i;

	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		if (!strcmp(s, levels[i].name))
			return levels[i].level;
	return -1;
}

/* The options.  -1 to go on, else the exit status. */
static int check_parse(struct check_args *a, struct ck_opts *o, int argc,
		       char **argv)
{
	const struct option opts[] = {
		OPT_OPTARG("self-test", &a->self_test, &a->self_what, "WHAT",
			   "print exactly what get_maintainer.pl\n"
			   "--self-test=WHAT prints (sections, patterns,\n"
			   "links, scm; all when WHAT is empty)"),
		OPT_BOOL("online", &a->online,
			 "probe links and T: trees over the network\n"
			 "(wget, git ls-remote) as the script does;\n"
			 "without it they are checked for syntax only"),
		OPT_SET("coverage", &a->coverage,
			"the share of files with a maintained section"),
		OPT_BOOL("json", &a->json, "findings as a JSON array"),
		OPT_STR("fail-on", &a->fail_on, "LEVEL",
			"exit 1 on a finding at LEVEL or above:\n"
			"error (default), warning, note, never"),
		OPT_BOOL("notes", &a->notes,
			 "also the notes (F: shared by sections,\n"
			 "sections no file matches best); --only\n"
			 "runs a note it names without it"),
		OPT_STR("only", &a->only, "CHECKS",
			"run only these checks (comma-separated)"),
		OPT_STR("skip", &a->skip, "CHECKS", "do not run these checks"),
		OPT_STR("with", &a->with, "LINTS",
			"also run these lints, off by default (comma-\n"
			"separated, or all): all-excluded (a section\n"
			"whose X: exclude every file its F: match),\n"
			"dead-regex (an N: matching no file)"),
		OPT_SET("list", &a->list,
			"list the checks and their severities"),
		OPT_STR("mpath|maintainer-path", &a->mpath, "PATH",
			"MAINTAINERS file or directory (default\n"
			"MAINTAINERS; ./MAINTAINERS in --self-test)"),
		OPT_BOOL("find-maintainer-files", &a->find,
			 "read every MAINTAINERS file below --mpath"),
		OPT_STR("base", &a->base, "REV",
			"read the files a PATCH changes from git\n"
			"revision REV, not the work tree (a pre-commit\n"
			"hook: git diff --cached | maint check --base=HEAD -)"),
		OPT_HEADING("Patch mails (--cc):"),
		OPT_SET("cc", &a->cc,
			"check the To:/Cc: of patch mails (files, an\n"
			"mbox; standard input without one): who get\n"
			"names and the mail misses"),
		OPT_SET("superfluous", &a->superfluous,
			"--cc: also those it goes to and get does not name"),
		OPT_STR("ignore-inactive", &a->inactive, "DURATION",
			"--cc: forgive people with no commit or trailer\n"
			"in the git history for DURATION (3y, 18m, 6w)"),
		OPT_BOOL("m", &a->m,
			 "--cc: maintainers must receive it (default)"),
		OPT_BOOL("r", &a->r,
			 "--cc: reviewers must receive it (default)"),
		OPT_BOOL("l", &a->l,
			 "--cc: mailing lists must receive it (default)"),
		OPT_BOOL("moderated", &a->moderated,
			 "--cc: moderated lists too (default)"),
		OPT_BOOL("s", &a->s, "--cc: subscriber-only lists too"),
		OPT_BOOL("k|keywords", &a->keywords,
			 "--cc: K: keywords count (default)"),
		OPT_BOOL("mailmap", &a->mailmap,
			 "--cc: use .mailmap (default)"),
		OPT_BOOL("git-chief-penguins", &a->chiefs,
			 "--cc: Linus must receive it too"),
		OPT_NUM("pattern-depth", &a->depth, "N",
			"--cc: get's --pattern-depth"),
		OPT_SET("h|help", &a->help, "this help"),
		OPT_TABLE_END,
	};
	struct strbuf e = STRBUF_INIT;
	int ret = EXIT_USAGE, r;
	size_t k;

	r = parse_options(argc, argv, opts, &a->args, &a->nargs, &e);
	if (r == PARSE_OPT_LISTED)
		return EXIT_OK;
	if (r || a->help) {
		if (r)
			error_msg("%s", e.buf);
		strbuf_reset(&e);
		usage_with_options(&e, check_head, opts, check_foot);
		fputs(e.buf, r ? stderr : stdout);
		ret = r ? EXIT_USAGE : EXIT_OK;
		goto out;
	}
	a->level = fail_level(a->fail_on);
	if (a->level < 0) {
		error_msg("--fail-on: error, warning, note or never, not '%s'",
			  a->fail_on);
		goto out;
	}
	if ((a->only || a->skip) && a->self_test) {
		error_msg("--only and --skip do not go with --self-test");
		goto out;
	}
	if (a->only) {
		for (k = 0; k < D__COUNT; k++)
			o->enabled[k] = false;
		if (select_checks(o, a->only, true))
			goto out;
	}
	/* what a maintainer acts on: the file's notes only when asked */
	if (!a->notes && !a->only) {
		o->enabled[D_SHARED_PATTERN] = false;
		o->enabled[D_SHADOWED] = false;
	}
	if (a->skip && select_checks(o, a->skip, false))
		goto out;
	if (a->with && (a->self_test || with_checks(o, a->with)))
		goto out;
	if (!a->cc &&
	    (a->superfluous || a->inactive || a->m >= 0 || a->r >= 0 ||
	     a->l >= 0 || a->moderated >= 0 || a->s >= 0 || a->keywords >= 0 ||
	     a->mailmap >= 0 || a->chiefs >= 0 || a->depth >= 0)) {
		error_msg("--superfluous, --ignore-inactive and get's options "
			  "go with --cc only");
		goto out;
	}
	if (a->cc && (a->self_test || a->coverage || a->only || a->skip ||
		      a->base || a->online || a->with || a->notes)) {
		error_msg(
			"--cc does not go with --self-test, --coverage, "
			"--only, --skip, --with, --notes, --base or --online");
		goto out;
	}
	if (a->self_test && (a->coverage || a->nargs)) {
		error_msg("--self-test takes no patch and no --coverage");
		goto out;
	}
	ret = -1;
out:
	strbuf_release(&e);
	return ret;
}

static void check_list(void)
{
	size_t k;

	for (k = 0; k < NR_CHECKS; k++)
		printf("%-18s %-8s %s\n", diag_name(checks[k].id),
		       diag_severity_name(diag_severity(checks[k].id)),
		       checks[k].what);
}

/*
 * MAINTAINERS, and the patches' changes to it in its place.  0, or -1
 * with *nothing set when the patches leave MAINTAINERS alone.
 */
static int check_read(struct gm_db *db, struct ck_patch *cp,
		      const struct check_args *a, struct diags *d,
		      bool *nothing)
{
	const char *mpath = a->mpath;
	struct diags pd = DIAGS_INIT;
	size_t k;
	int i, ret = -1;

	if (!mpath)
		mpath = a->self_test ? "./MAINTAINERS" : "MAINTAINERS";
	/* the script reads a directory's files in readdir order */
	db->readdir_order = a->self_test;
	if (gm_db_read(db, mpath, a->find, &pd))
		goto out;
	cp->base = a->base;
	for (i = 0; i < a->nargs; i++)
		if (ck_patch_read(cp, a->args[i], &pd))
			goto out;
	if (a->nargs && !cp->nr) {
		*nothing = true;
		goto out;
	}
	if (cp->nr && ck_patch_db(db, cp, d)) {
		error_msg("out of memory");
		goto out;
	}
	ret = 0;
out:
	for (k = 0; k < pd.nr; k++)
		error_msg("%s", pd.v[k].msg);
	diags_release(&pd);
	return ret;
}

/* Print the findings (or the script's lines); the exit status. */
static int check_report(const struct check_args *a, const struct ck_patch *cp,
			struct diags *d, const struct strbuf *script)
{
	bool *keep = calloc(d->nr + 1, sizeof(bool));
	int ret = EXIT_OK;
	size_t k;

	if (!keep) {
		error_msg("out of memory");
		return EXIT_ERROR;
	}
	if (a->self_test)
		fwrite(script->buf, 1, script->len, stdout);
	else
		diags_sort(d);
	for (k = 0; k < d->nr; k++) {
		keep[k] = !cp->nr || d->v[k].id == D_CATCH_ALL ||
			  d->v[k].id == D_WIDENED ||
			  ck_patch_covers(cp, &d->v[k]);
		/* the self-test exits 0, as the script does */
		if (keep[k] && (int)severity(cp, &d->v[k]) >= a->level &&
		    !a->self_test)
			ret = EXIT_FINDINGS;
	}
	if (a->self_test) {
		/* the script's lines are out; a pattern it would die on */
		for (k = 0; k < d->nr; k++)
			if (d->v[k].id == D_BAD_PATTERN)
				fprintf(stderr, "%s:%lu: error: %s\n",
					d->v[k].file, d->v[k].line,
					d->v[k].msg);
	} else {
		print_findings(d, a->json, keep, cp);
	}
	free(keep);
	return ret;
}

/* The checks (or --coverage) on db.  The exit status. */
static int check_run(struct gm_db *db, const struct ck_patch *cp,
		     const struct check_args *a, struct ck_opts *o,
		     struct diags *d)
{
	struct ck_tree tree = CK_TREE_INIT;
	struct strbuf out = STRBUF_INIT;
	int ret = EXIT_ERROR, died;

	if ((a->coverage || a->self_test || o->enabled[D_NO_MATCH] ||
	     o->enabled[D_BAD_PATTERN] || o->enabled[D_USELESS_EXCLUDE] ||
	     o->enabled[D_SHADOWED] || o->enabled[D_ALL_EXCLUDED] ||
	     o->enabled[D_DEAD_REGEX]) &&
	    (cp->nr && !a->coverage ? patch_tree_files(&tree, cp, db, a->json) :
				      tree_files(&tree, a->json, NULL))) {
		error_msg("cannot list the files of the tree");
		goto out;
	}
	if (a->coverage) {
		if (ck_coverage(db, &tree, &out)) {
			error_msg("out of memory");
			goto out;
		}
		fwrite(out.buf, 1, out.len, stdout);
		ret = EXIT_OK;
		goto out;
	}
	o->tree = &tree;
	o->script = &out;
	if (cp->nr) {
		o->focus = covers_line;
		o->focus_arg = (void *)cp;
	}
	died = ck_run(db, o, d);
	if (died >= 0 && cp->nr && !a->self_test &&
	    ck_patch_notes(cp, db, &tree, d))
		died = -1;
	if (died < 0) {
		error_msg("out of memory");
		goto out;
	}
	ret = check_report(a, cp, d, &out);
	if (died)
		ret = EXIT_ERROR; /* get_maintainer.pl dies ($! is ENOENT) */
out:
	ck_tree_release(&tree);
	strbuf_release(&out);
	return ret;
}

/* --cc: get's options over b4's defaults; 0, or -1 (reported) */
static int cc_options(const struct check_args *a, struct ck_cc_opts *co)
{
	ck_cc_opts_default(co);
	if (a->inactive &&
	    ck_cc_parse_duration(a->inactive, &co->inactive_days)) {
		error_msg("--ignore-inactive: a duration like 3y, 18m, 6w or "
			  "30d, not '%s'",
			  a->inactive);
		return -1;
	}
	co->inactive_text = a->inactive;
	co->superfluous = a->superfluous;
#define CC_OPT(v, f)             \
	do {                     \
		if ((v) >= 0)    \
			f = (v); \
	} while (0)
	CC_OPT(a->m, co->o.email_maintainer);
	CC_OPT(a->r, co->o.email_reviewer);
	CC_OPT(a->l, co->o.email_list);
	CC_OPT(a->moderated, co->o.email_moderated_list);
	CC_OPT(a->s, co->o.email_subscriber_list);
	CC_OPT(a->keywords, co->o.keywords);
	CC_OPT(a->mailmap, co->o.email_use_mailmap);
	CC_OPT(a->chiefs, co->o.email_git_penguin_chiefs);
	CC_OPT(a->depth, co->o.pattern_depth);
#undef CC_OPT
	if (!co->o.email_use_mailmap)
		co->mailmap = NULL;
	return 0;
}

/* check --cc: the mails named (standard input without); the exit status */
static int check_cc(const struct check_args *a)
{
	struct gm_getmaint g;
	struct ck_cc_opts co;
	struct ck_cc_state st;
	struct diags d = DIAGS_INIT;
	struct strbuf *texts = NULL;
	char **names = NULL;
	bool *keep = NULL;
	int i, n = a->nargs ? a->nargs : 1, ret = EXIT_ERROR, err;
	size_t k;

	if (cc_options(a, &co))
		return EXIT_USAGE;
	gm_init(&g);
	ck_cc_state_init(&st);
	texts = calloc((size_t)n, sizeof(*texts));
	names = calloc((size_t)n, sizeof(*names));
	if (!texts || !names) {
		diag_add(&d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	if (gm_read(&g, a->mpath ? a->mpath : "MAINTAINERS", a->find,
		    co.mailmap, &d))
		goto out;
	for (i = 0; i < n; i++) {
		const char *path = a->nargs ? a->args[i] : "-";

		names[i] = strcmp(path, "-") ? (char *)path : "standard input";
		if (read_path(path, &texts[i], &err)) {
			diag_add(&d, D_OPEN, NULL, 0, "%s: %s", names[i],
				 file_strerror(err));
			goto out;
		}
	}
	if (ck_cc_check(&g, &co, &st, names, texts, (size_t)n, &d))
		goto out;
	if (gm_db_bad_regex(&g.db, &d) || diags_has(&d, SEV_FATAL))
		goto out;
	keep = calloc(d.nr + 1, sizeof(bool));
	if (!keep) {
		diag_add(&d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	ret = EXIT_OK;
	for (k = 0; k < d.nr; k++) {
		keep[k] = true;
		if ((int)diag_severity(d.v[k].id) >= a->level)
			ret = EXIT_FINDINGS;
	}
	print_findings(&d, a->json, keep, NULL);
	free(keep);
	goto done;
out:
	/* bad input: its one error, nothing else */
	for (k = 0; k < d.nr; k++)
		if (diag_severity(d.v[k].id) >= SEV_ERROR &&
		    d.v[k].id != D_CC_MISSING) {
			error_msg("%s", d.v[k].msg);
			break;
		}
done:
	for (i = 0; texts && i < n; i++)
		strbuf_release(&texts[i]);
	free(texts);
	free(names);
	ck_cc_state_release(&st);
	gm_release(&g);
	diags_release(&d);
	return ret;
}

int cmd_check(int argc, char **argv)
{
	struct check_args a = { .fail_on = "error",
				.m = -1,
				.r = -1,
				.l = -1,
				.moderated = -1,
				.s = -1,
				.keywords = -1,
				.mailmap = -1,
				.chiefs = -1,
				.depth = -1 };
	struct ck_patch cp = CK_PATCH_INIT;
	struct ck_opts o;
	struct gm_db db;
	struct mnt_generation gen = GM_GENERATION_INIT;
	struct diags d = DIAGS_INIT;
	bool nothing = false;
	int ret;

	gm_db_init(&db);
	ck_opts_default(&o);
	ret = check_parse(&a, &o, argc, argv);
	if (ret >= 0)
		goto out;
	if (a.list) {
		check_list();
		ret = EXIT_OK;
		goto out;
	}
	if (a.cc) {
		ret = check_cc(&a);
		goto out;
	}
	if (a.self_test)
		o.self_test = a.self_what ? a.self_what : "";
	if (a.online) {
		o.probe = probe;
		o.probe_arg = NULL;
	}
	/* patterns are matched as maint get matches them here */
	if (mnt_generation_find(&gen, NULL, 1, "scripts/get_maintainer.pl")) {
		error_msg("%s: '%s' is none of %s", gen.bad_from, gen.bad_name,
			  mnt_generation_names);
		ret = EXIT_ERROR;
		goto out;
	}
	db.globstar = gen.gen >= MNT_GEN_7_1;
	if (check_read(&db, &cp, &a, &d, &nothing)) {
		/* nothing to check: the patches leave MAINTAINERS alone */
		ret = nothing ? EXIT_OK : EXIT_ERROR;
		/* but where their new files land is worth a note */
		if (nothing && cp.added.len && !a.self_test) {
			if (ck_patch_notes(&cp, &db, NULL, &d)) {
				error_msg("out of memory");
				ret = EXIT_ERROR;
				goto out;
			}
			ret = check_report(&a, &cp, &d, NULL);
		}
		goto out;
	}
	ret = check_run(&db, &cp, &a, &o, &d);
out:
	ck_patch_release(&cp);
	free(a.args);
	gm_db_release(&db);
	mnt_generation_release(&gen);
	diags_release(&d);
	return ret;
}
