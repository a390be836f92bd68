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

/* --with and --only/--skip; 0, or -1 (reported) */
static int select_checks(struct ck_opts *o, const char *list, bool on)
{
	const char *names[D__COUNT], *bad = NULL;
	size_t i, n = 0;

	if (!ck_opts_select(o, list, on, &bad, &n))
		return 0;
	error_msg("unknown check '%.*s' (see --list)", (int)n, bad);
	for (i = 0; i < ck_nr_checks; i++)
		names[i] = diag_name(ck_checks[i].id);
	suggest_value(on ? "only" : "skip", bad, n, names, ck_nr_checks);
	return -1;
}

static int with_checks(struct ck_opts *o, const char *list)
{
	const char *bad = NULL;
	size_t n = 0;

	if (!ck_opts_with(o, list, &bad, &n))
		return 0;
	error_msg("--with: no such lint '%.*s' (all-excluded, dead-regex, all)",
		  (int)n, bad);
	return -1;
}

/* ---- the tree's files ---- */

/* The tree's files (patch mode: those the patches need), with notes. */
static int tree_files(struct ck_tree *t, const struct ck_patch *cp,
		      const struct gm_db *db, bool quiet)
{
	struct ck_tree_how how;
	int ret, err;

	if (cp)
		ret = ck_patch_tree_read(t, cp, db, &how);
	else
		ret = ck_tree_read(t, NULL, &how);
	err = errno;
	/* "maint get:" under get --self-test */
	if (!quiet && how.no_git)
		error_msg("not a git work tree: files are the tree's as it "
			  "is, .gitignore not applied");
	if (!quiet && how.ignores_all)
		error_msg(".gitignore:%lu ignores every file (git would "
			  "list none it does not take back)",
			  how.ignores_all);
	errno = err;
	return ret;
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

/* The findings kept, on standard output.  0, or -1 (out of memory: said). */
static int print_findings(const struct diags *d, bool json, const bool *keep,
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
			diag_format_as(&sb, dg, ck_severity(cp, dg));
			strbuf_addf(&sb, " [%s]\n", diag_name(dg->id));
			continue;
		}
		strbuf_addstr(&sb,
			      first ? "\n  {\"file\": " : ",\n  {\"file\": ");
		first = false;
		json_string(&sb, dg->file);
		strbuf_addf(&sb, ", \"line\": %lu, \"severity\": ", dg->line);
		json_string(&sb, diag_severity_name(ck_severity(cp, dg)));
		strbuf_addstr(&sb, ", \"check\": ");
		json_string(&sb, diag_name(dg->id));
		strbuf_addstr(&sb, ", \"message\": ");
		json_string(&sb, dg->msg);
		strbuf_addch(&sb, '}');
	}
	if (json)
		strbuf_addstr(&sb, first ? "]\n" : "\n]\n");
	if (strbuf_failed(&sb)) {
		strbuf_release(&sb);
		error_msg("out of memory");
		return -1;
	}
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	return 0;
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
	struct strbuf moved; /* args named again from the top (check_to_top) */
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

/* What the options ask for, checked and applied to o.  -1 or EXIT_USAGE. */
static int check_validate(struct check_args *a, struct ck_opts *o)
{
	size_t k;

	a->level = fail_level(a->fail_on);
	if (a->level < 0) {
		error_msg("--fail-on: error, warning, note or never, not '%s'",
			  a->fail_on);
		return EXIT_USAGE;
	}
	if ((a->only || a->skip) && a->self_test) {
		error_msg("--only and --skip do not go with --self-test");
		return EXIT_USAGE;
	}
	if (a->only) {
		for (k = 0; k < D__COUNT; k++)
			o->enabled[k] = false;
		if (select_checks(o, a->only, true))
			return EXIT_USAGE;
	}
	/* what a maintainer acts on: the file's notes only when asked */
	if (!a->notes && !a->only) {
		o->enabled[D_SHARED_PATTERN] = false;
		o->enabled[D_SHADOWED] = false;
	}
	if (a->skip && select_checks(o, a->skip, false))
		return EXIT_USAGE;
	if (a->with && (a->self_test || with_checks(o, a->with)))
		return EXIT_USAGE;
	if (!a->cc &&
	    (a->superfluous || a->inactive || a->m >= 0 || a->r >= 0 ||
	     a->l >= 0 || a->moderated >= 0 || a->s >= 0 || a->keywords >= 0 ||
	     a->mailmap >= 0 || a->chiefs >= 0 || a->depth >= 0)) {
		error_msg("--superfluous, --ignore-inactive and get's options "
			  "go with --cc only");
		return EXIT_USAGE;
	}
	if (a->cc && (a->self_test || a->coverage || a->only || a->skip ||
		      a->base || a->online || a->with || a->notes)) {
		error_msg(
			"--cc does not go with --self-test, --coverage, "
			"--only, --skip, --with, --notes, --base or --online");
		return EXIT_USAGE;
	}
	if (a->self_test && (a->coverage || a->nargs)) {
		error_msg("--self-test takes no patch and no --coverage");
		return EXIT_USAGE;
	}
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
			 "read every MAINTAINERS file below --mpath\n"
			 "(without --mpath: as .get_maintainer.conf says)"),
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
			 "--cc: the chief penguins must receive it too"),
		OPT_NUM("pattern-depth", &a->depth, "N",
			"--cc: get's --pattern-depth"),
		OPT_SET("h|help", &a->help, "this help"),
		OPT_TABLE_END,
	};
	struct strbuf e = STRBUF_INIT;
	int ret = EXIT_USAGE, r;

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
	ret = check_validate(a, o);
out:
	strbuf_release(&e);
	return ret;
}

static void check_list(void)
{
	size_t k;

	for (k = 0; k < ck_nr_checks; k++)
		printf("%-18s %-8s %s\n", diag_name(ck_checks[k].id),
		       diag_severity_name(diag_severity(ck_checks[k].id)),
		       ck_checks[k].what);
}

/*
 * Which MAINTAINERS files are read, as get reads them: with no --mpath,
 * the --maintainer-path (in *conf_path, malloc'd, or NULL) and
 * --find-maintainer-files that .get_maintainer.conf gives (U-Boot's:
 * every MAINTAINERS file below the top), except with --self-test (the
 * 6.12 script's view of its --mpath) and --no-find-maintainer-files
 * (MAINTAINERS alone).  0, or -1 when out of memory.
 */
static int maintainers_path(const struct check_args *a, char **conf_path,
			    bool *find)
{
	bool conf_find = false;

	*conf_path = NULL;
	if (!a->mpath && !a->self_test && a->find &&
	    gm_conf_maintainers(&conf_find, conf_path))
		return -1;
	*find = a->find >= 0 ? a->find : conf_find;
	return 0;
}

/*
 * MAINTAINERS, and the patches' changes to it in its place.  0, or -1
 * with *nothing set when the patches leave MAINTAINERS alone.
 */
static int check_read(struct gm_db *db, struct ck_patch *cp,
		      const struct check_args *a, struct diags *d,
		      bool *nothing)
{
	struct diags pd = DIAGS_INIT;
	char *conf_path = NULL;
	bool find;
	size_t k;
	int i, ret = -1;

	if (maintainers_path(a, &conf_path, &find)) {
		diag_add(&pd, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	/* the script reads a directory's files in readdir order */
	db->readdir_order = a->self_test;
	if (gm_db_read(db,
		       a->mpath	    ? a->mpath :
		       conf_path    ? conf_path :
		       a->self_test ? "./MAINTAINERS" :
				      "MAINTAINERS",
		       find, &pd))
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
	free(conf_path);
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
		keep[k] = ck_patch_keeps(cp, &d->v[k]);
		/* the self-test exits 0, as the script does */
		if (keep[k] && (int)ck_severity(cp, &d->v[k]) >= a->level &&
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
	} else if (print_findings(d, a->json, keep, cp)) {
		ret = EXIT_ERROR;
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

	if ((a->coverage || ck_needs_tree(o)) &&
	    tree_files(&tree, cp->nr && !a->coverage ? cp : NULL, db,
		       a->json)) {
		error_msg(errno == ENOMEM ?
				  "out of memory" :
				  "cannot list the files of the tree");
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
		o->focus = ck_patch_focus;
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

/*
 * The MAINTAINERS files that get_maintainer.pl, run for b4, reads: with
 * no --mpath, those .get_maintainer.conf names (U-Boot's: every
 * MAINTAINERS file below the top).  0, or -1 with the reason in d.
 */
static int read_cc_maintainers(struct gm_getmaint *g,
			       const struct check_args *a, const char *mailmap,
			       struct diags *d)
{
	char *conf_path = NULL;
	bool find;
	int ret;

	if (maintainers_path(a, &conf_path, &find)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	ret = gm_read(g,
		      a->mpath	? a->mpath :
		      conf_path ? conf_path :
				  "MAINTAINERS",
		      find, mailmap, d);
	free(conf_path);
	return ret;
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
	char *stdin_only[] = { "-" };
	bool *keep = NULL;
	int i, n = a->nargs ? a->nargs : 1, ret = EXIT_ERROR;
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
	if (read_cc_maintainers(&g, a, co.mailmap, &d))
		goto out;
	/* the chief penguins, as get reads them: the script here */
	if (mnt_chiefs_read_tree(&g.chiefs, NULL)) {
		diag_add(&d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	if (ck_cc_read(a->nargs ? a->args : stdin_only, (size_t)n, names, texts,
		       &d))
		goto out;
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
	if (print_findings(&d, a->json, keep, NULL))
		ret = EXIT_ERROR;
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

/*
 * Below the top of a tree and no --mpath: to the top, as get goes
 * (gm_find_tree()), so that the tree's MAINTAINERS and .get_maintainer.conf
 * are matched against the tree's files, not against those below here;
 * the patches named relative to where we stood are named again from
 * the top.  0, or -1 when out of memory.
 */
static int check_to_top(struct check_args *a)
{
	struct strbuf sub = STRBUF_INIT, p = STRBUF_INIT;
	size_t *at = NULL;
	int i, ret = 0;

	if (a->mpath || gm_find_tree(&sub) || !sub.len)
		goto out;
	at = calloc((size_t)a->nargs + 1, sizeof(*at));
	if (!at)
		goto nomem;
	for (i = 0; i < a->nargs; i++) {
		if (!strcmp(a->args[i], "-") || a->args[i][0] == '/')
			continue;
		gm_prefixed_path(sub.buf, a->args[i], &p);
		at[i] = a->moved.len + 1;
		strbuf_add(&a->moved, p.buf, p.len + 1);
	}
	if (strbuf_failed(&p) || strbuf_failed(&a->moved))
		goto nomem;
	for (i = 0; i < a->nargs; i++)
		if (at[i])
			a->args[i] = a->moved.buf + at[i] - 1;
	goto out;
nomem:
	ret = -1;
out:
	free(at);
	strbuf_release(&p);
	strbuf_release(&sub);
	return ret;
}

int cmd_check(int argc, char **argv)
{
	struct check_args a = { .fail_on = "error",
				.find = -1,
				.m = -1,
				.r = -1,
				.l = -1,
				.moderated = -1,
				.s = -1,
				.keywords = -1,
				.mailmap = -1,
				.chiefs = -1,
				.depth = -1,
				.moved = STRBUF_INIT };
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
	if (check_to_top(&a)) {
		error_msg("out of memory");
		ret = EXIT_ERROR;
		goto out;
	}
	/* --mpath from elsewhere: the files are still this directory's */
	if (a.mpath && !gm_top_of_kernel_tree() &&
	    path_type("MAINTAINERS") == FT_MISSING)
		error_msg("F: patterns are matched against the files below "
			  "the current directory, which holds no MAINTAINERS "
			  "and is no tree's top: run check at the top of the "
			  "tree");
	if (a.self_test)
		o.self_test = a.self_what ? a.self_what : "";
	if (a.online) {
		o.probe = ck_probe_shell;
		o.probe_arg = NULL;
	}
	/* patterns are matched as maint get matches them here */
	if (mnt_generation_find(&gen, NULL, 1, "scripts/get_maintainer.pl")) {
		if (gen.nomem)
			error_msg("out of memory");
		else
			error_msg("%s: '%s' is none of %s", gen.bad_from,
				  gen.bad_name, mnt_generation_names);
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
	strbuf_release(&a.moved);
	gm_db_release(&db);
	mnt_generation_release(&gen);
	diags_release(&d);
	return ret;
}
