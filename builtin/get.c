// SPDX-License-Identifier: GPL-2.0
/*
 * maint get: scripts/get_maintainer.pl in C.  See doc/maint-get.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "base/base.h"
#include "vcs/vcs.h"
#include "model/model.h"
#include "get/get.h"
#include "history/history.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char get_head[] =
	"usage: maint get [options] patchfile\n"
	"       maint get [options] -f file|directory\n"
	"       maint get [options] --all [-]\n"
	"       maint get [options] --series[=union] [patches|dir|mbox|range]\n"
	"\n"
	"Print whom to send a patch (or a change to a file) to, exactly as\n"
	"scripts/get_maintainer.pl does, with the same options.\n";

static const char get_foot[] =
	"Options are also read from .get_maintainer.conf in ., $HOME or\n"
	".scripts.  In a git tree, history is read as the script reads it\n"
	"(see GIT HISTORY in maint-get(1); cached in .git/maint/history).\n";

struct get_args {
	struct gm_opts o;
	int from_filename, find_maintainer_files, version, help, all, unowned;
	int verbose;
	int write_graph; /* --write-commit-graph */
	int history_index; /* --history-index */
	const char *owner;
	int interactive, git_all, git_blame_sig, git_min_sig, git_max,
		git_min_pct;
	const char *maintainer_path, *self_test, *git_since, *hg_since;
	int self_test_set;
	int json; /* --json: upstream's (7.2), or else maint's */
	int series; /* --series[=FORM]: get-series.c */
	const char *series_form; /* NULL (lines) or "union" */
	int maint_json; /* --maint-json: maint's JSON (lib/get-json.c) */
	const char *generation; /* --generation=GEN */
	int gen; /* the generation followed (MNT_GEN_*) */
	const char *gen_why; /* and why */
};

/* The options, parsed into the_args. */
static struct get_args the_args;

/* get_maintainer.pl's options, then maint's own */
static const struct option get_options[] = {
	OPT_HEADING("E-mail addresses:"),
	OPT_BOOL("email", &the_args.o.email,
		 "print e-mail addresses (default)"),
	OPT_BOOL("git", &the_args.o.email_git,
		 "recent git signers of every file"),
	OPT_BOOL("git-all-signature-types", &the_args.git_all,
		 "any \"...-by:\" line, not only Signed-off-by,\n"
		 "Reviewed-by, Acked-by"),
	OPT_BOOL("git-blame", &the_args.o.email_git_blame,
		 "git blame of the files (the patch's hunks)"),
	OPT_BOOL("git-blame-signatures", &the_args.git_blame_sig,
		 "with --git-blame, every signer (default)"),
	OPT_BOOL("git-fallback", &the_args.o.email_git_fallback,
		 "git signers of files no maintained section\n"
		 "matches exactly (default; not with --all)"),
	OPT_BOOL("git-chief-penguins", &the_args.o.email_git_penguin_chiefs,
		 "include the chief penguin (the tree's\n"
		 "script's: Linus in the kernel)"),
	OPT_NUM("git-min-signatures", &the_args.git_min_sig, "N",
		"signatures a signer needs (default 1)"),
	OPT_NUM("git-max-maintainers", &the_args.git_max, "N",
		"signers at most (default 5)"),
	OPT_NUM("git-min-percent", &the_args.git_min_pct, "N",
		"share of the signatures a signer needs\n"
		"(default 5)"),
	OPT_STR("git-since", &the_args.git_since, "DATE",
		"history to read (default 1-year-ago)"),
	OPT_STR("hg-since", &the_args.hg_since, "DATE",
		"accepted; hg history is not read"),
	OPT_BOOL("i|interactive", &the_args.interactive,
		 "the script's menu: not supported"),
	OPT_BOOL("remove-duplicates", &the_args.o.email_remove_duplicates,
		 "minimize duplicate addresses (default)"),
	OPT_BOOL("mailmap", &the_args.o.email_use_mailmap,
		 "use .mailmap (default)"),
	OPT_BOOL("m", &the_args.o.email_maintainer,
		 "include maintainers (default)"),
	OPT_BOOL("r", &the_args.o.email_reviewer,
		 "include reviewers (default)"),
	OPT_BOOL("n", &the_args.o.email_usename, "include names (default)"),
	OPT_BOOL("l", &the_args.o.email_list,
		 "include mailing lists (default)"),
	OPT_BOOL("fixes", &the_args.o.email_fixes,
		 "signers of the commits a patch's Fixes:\n"
		 "names (default)"),
	OPT_BOOL("moderated", &the_args.o.email_moderated_list,
		 "include moderated lists (default)"),
	OPT_BOOL("s", &the_args.o.email_subscriber_list,
		 "include subscriber-only lists"),
	OPT_HEADING("Output:"),
	OPT_BOOL("multiline", &the_args.o.output_multiline,
		 "one address a line (default)"),
	OPT_BOOL("roles", &the_args.o.output_roles, "show each address's role"),
	OPT_BOOL("rolestats", &the_args.o.output_rolestats,
		 "show roles and statistics (default)"),
	OPT_STR("separator", &the_args.o.output_separator, "TEXT",
		"between addresses on one line (default \", \")"),
	OPT_BOOL("subsystem", &the_args.o.subsystem,
		 "print the subsystems' names"),
	OPT_BOOL("status", &the_args.o.status, "print the S: statuses"),
	OPT_BOOL("scm", &the_args.o.scm, "print the T: trees"),
	OPT_BOOL("tree", &the_args.o.tree, "require a kernel tree (default)"),
	OPT_BOOL("web", &the_args.o.web, "print the W: web pages"),
	OPT_BOOL("bug", &the_args.o.bug, "print the B: bug trackers"),
	OPT_BOOL("substatus", &the_args.o.substatus,
		 "(6.15) print the status of each section not\n"
		 "Maintained (default: with roles on a terminal)"),
	OPT_STR("letters", &the_args.o.letters, "LETTERS",
		"--sections, only these field types"),
	OPT_NUM("pattern-depth", &the_args.o.pattern_depth, "N",
		"how many levels of patterns to use (0: all)"),
	OPT_BOOL("k|keywords", &the_args.o.keywords,
		 "match K: patterns in the patch (default)"),
	OPT_BOOL("kf|keywords-in-file", &the_args.o.keywords_in_file,
		 "match K: patterns in -f files' text"),
	OPT_BOOL("sections", &the_args.o.sections,
		 "print the matching sections"),
	OPT_BOOL("fe|file-emails", &the_args.o.email_file_emails,
		 "add addresses found in the files"),
	OPT_HEADING("Input:"),
	OPT_SET("f|file", &the_args.from_filename,
		"the arguments are files, not patches"),
	OPT_SET("find-maintainer-files", &the_args.find_maintainer_files,
		"read every MAINTAINERS file below --mpath"),
	OPT_STR("mpath|maintainer-path", &the_args.maintainer_path, "PATH",
		"MAINTAINERS file or directory to read"),
	OPT_OPTARG("self-test", &the_args.self_test_set, &the_args.self_test,
		   "WHAT", "maint check --self-test (alone)"),
	OPT_HEADING("Beyond the script:"),
	OPT_SET("all", &the_args.all,
		"answer every file git knows (or of standard\n"
		"input with -), one \"PATH<TAB>answer\" a line;\n"
		"no history unless asked (--git-fallback)"),
	OPT_OPTARG("series", &the_args.series, &the_args.series_form, "union",
		   "the arguments are a series (patches, a\n"
		   "directory of them, an mbox, a revision range):\n"
		   "\"NAME<TAB>answer\" per mail, the cover\n"
		   "letter's the union; =union: the union alone,\n"
		   "a lone cover letter for its series"),
	OPT_BOOL("json", &the_args.json,
		 "(7.2) the answer as upstream's JSON line;\n"
		 "before 7.2, as --maint-json"),
	OPT_BOOL("maint-json", &the_args.maint_json,
		 "the answer as maint's JSON: every role,\n"
		 "To/Cc (see JSON OUTPUT in maint-get(1))"),
	OPT_STR("generation", &the_args.generation, "GEN",
		"answer as the script of GEN: 6.12, 6.15, 7.1,\n"
		"7.2 or upstream (default: git config\n"
		"maint.generation, else the tree's script,\n"
		"else the newest)"),
	OPT_SET("unowned", &the_args.unowned,
		"list the files only THE REST covers"),
	OPT_STR("owner", &the_args.owner, "ADDRESS",
		"list the files (or, alone, the sections)\n"
		"a section naming ADDRESS covers"),
	OPT_SET("verbose", &the_args.verbose, "say which cache files were bad"),
	OPT_SET("write-commit-graph", &the_args.write_graph,
		"first write git's commit-graph with changed-path\n"
		"Bloom filters (alone: only that)"),
	OPT_SET("history-index", &the_args.history_index,
		"first build or update the history index of\n"
		"the --git-since window (.git/maint/index;\n"
		"alone: only that)"),
	OPT_SET("v|version", &the_args.version, "print the version"),
	OPT_SET("h|help|usage", &the_args.help, "this help"),
	OPT_TABLE_END,
};

/*
 * Which script to answer as (lib/generation.h): --generation, else git
 * config maint.generation, else what scripts/get_maintainer.pl in the
 * current directory (the tree's top, or with --notree where it runs)
 * can do, else the newest.  0, or -1 (a name nobody knows, reported).
 */
static int find_generation(struct get_args *a)
{
	struct mnt_generation g = GM_GENERATION_INIT;
	int ret = mnt_generation_find(&g, a->generation, 1,
				      "scripts/get_maintainer.pl");

	if (ret && g.nomem)
		error_msg("out of memory");
	else if (ret)
		error_msg("%s: '%s' is none of %s", g.bad_from, g.bad_name,
			  mnt_generation_names);
	a->gen = g.gen;
	a->gen_why = g.why;
	mnt_generation_release(&g);
	return ret;
}

/*
 * The exit status of the script's die()s before it opens MAINTAINERS:
 * Perl exits with $!, which is then what which_conf(".get_maintainer.ignore")
 * left (ENOENT when its -e tests found no file, 0 after reading one:
 * exit 255); from its "-t STDIN" test on (tty_tested), ENOTTY when
 * standard input is no terminal.
 */
static int early_die_status(bool tty_tested)
{
	if (tty_tested && !isatty(0))
		return EXIT_PERL_ENOTTY;
	return gm_ignore_file_read() ? EXIT_PERL_DIE : EXIT_PERL_ENOENT;
}

/* vcs_exists()'s warning when --git is asked where there is no git */
static void novcs_warning(void)
{
	error_msg("No supported VCS found.  Add --nogit to options?");
	fputs("Using a git repository produces better results.\n"
	      "Try Linus Torvalds' latest git repository using:\n"
	      "git clone git://git.kernel.org/pub/scm/linux/kernel/git/"
	      "torvalds/linux.git\n",
	      stderr);
}

/* The script's exit status for a failure reported in d. */
static int failure_status(const struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		if (d->v[i].id == D_OPEN)
			return d->v[i].err ? file_exit_status(d->v[i].err) :
					     EXIT_PERL_ENOENT;
		if (d->v[i].id == D_BAD_REGEX || d->v[i].id == D_NOT_REGULAR)
			return EXIT_PERL_ENOENT;
	}
	return EXIT_PERL_DIE;
}

/* Warnings as the script warns; errors as maint's. */
static void print_get_diags(const struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		/* the script's "$P: file ... doesn't appear to be a patch" */
		if (diag_severity(d->v[i].id) < SEV_ERROR &&
		    d->v[i].id != D_NOT_PATCH)
			fprintf(stderr, "%s\n", d->v[i].msg);
		else
			error_msg("%s", d->v[i].msg);
	}
}

/* --all's progress on a terminal: "answered N of M files" (#24 item 7) */
static void all_progress(void *ctx, size_t done, size_t total)
{
	int *last = ctx;
	int pct = total ? (int)(done * 100 / total) : 100;

	if (pct == *last)
		return;
	*last = pct;
	fprintf(stderr, "\rmaint get --all: %3d%% of %zu files%s", pct, total,
		done >= total ? ", done.\n" : "");
}

static int answer_all(struct gm_getmaint *g, struct get_args *a, char **args,
		      int nargs)
{
	struct strbuf list = STRBUF_INIT;
	struct gm_select sel = { a->unowned, a->owner };
	struct diags d = DIAGS_INIT;
	int ret = EXIT_ERROR, last = -1;

	if (nargs > 1 || (nargs == 1 && strcmp(args[0], "-"))) {
		error_msg("--all takes no file (or - to read paths)");
		goto out;
	}
	if (gm_all_paths(nargs == 1, &list, &d)) {
		print_get_diags(&d);
		goto out;
	}
	if (isatty(2)) {
		a->o.progress = all_progress;
		a->o.progress_ctx = &last;
	}
	fflush(stdout);
	if (gm_get_all(g, &a->o, &sel, list.buf, list.len, 1, &d)) {
		print_get_diags(&d);
		goto out;
	}
	print_get_diags(&d); /* regexes that hit their limit */
	ret = EXIT_OK;
out:
	diags_release(&d);
	strbuf_release(&list);
	return ret;
}

/*
 * .get_maintainer.conf words, then the command line, parsed.  -1 to go
 * on, else the exit status.
 */
static int get_parse(struct get_args *a, int argc, char **argv, char ***conf,
		     int *nconf, char ***args, int *nargs)
{
	struct strbuf err = STRBUF_INIT, help = STRBUF_INIT;
	char **all = gm_conf_argv(argc, argv, conf, nconf);
	int i, ret = EXIT_PERL_DIE;

	if (!all) {
		error_msg("out of memory");
		return EXIT_PERL_DIE;
	}
	if (gm_self_test_with_more(all, argc + *nconf)) {
		error_msg("using --self-test does not allow any other "
			  "option or argument");
		ret = early_die_status(false);
		goto out;
	}
	i = parse_options(argc + *nconf, all, get_options, args, nargs, &err);
	if (i == PARSE_OPT_LISTED) {
		ret = EXIT_OK;
	} else if (i) {
		fprintf(stderr, "%s\n", err.buf);
		error_msg("invalid argument - use --help if necessary");
		ret = early_die_status(false);
	} else if ((a->help || a->version) && find_generation(a)) {
		ret = EXIT_PERL_DIE;
	} else if (a->help) {
		usage_with_options(&help, get_head, get_options, get_foot);
		fputs(help.buf, stdout);
		printf("\nAnswering as get_maintainer.pl of %s (%s).\n",
		       mnt_generation_name(a->gen), a->gen_why);
		ret = EXIT_OK;
	} else if (a->version) {
		printf("maint get 0.26\n");
		printf("answering as get_maintainer.pl of %s (%s)\n",
		       mnt_generation_name(a->gen), a->gen_why);
		ret = EXIT_OK;
	} else {
		ret = -1;
	}
out:
	free(all);
	strbuf_release(&err);
	strbuf_release(&help);
	return ret;
}

/* The script's checks of the options.  -1 to go on, else the status. */
static int get_check_options(struct get_args *a, char **args, int nargs)
{
	struct gm_opts *o = &a->o;

	if (a->interactive) {
		error_msg("--interactive (the script's menu) is not supported");
		return EXIT_PERL_ENOENT;
	}
	if (a->gen < MNT_GEN_6_15 && o->substatus >= 0) {
		fprintf(stderr, "Unknown option: substatus\n");
		error_msg("invalid argument - use --help if necessary");
		return EXIT_PERL_DIE;
	}
	if (a->json && a->gen >= MNT_GEN_7_2) {
		o->json = 1;
		a->json = 0;
	}
	a->json |= a->maint_json;
	if (a->series && a->series_form && strcmp(a->series_form, "union")) {
		error_msg("--series=%s: the form is union (or none)",
			  a->series_form);
		return EXIT_PERL_DIE;
	}
	if (a->series &&
	    (a->all || a->owner || a->unowned || a->json || a->from_filename)) {
		error_msg("--series answers patches: not with --all, --owner, "
			  "--unowned, --json or -f");
		return EXIT_PERL_DIE;
	}
	if (a->json && (a->all || a->owner || a->unowned || o->sections)) {
		error_msg("--json answers a query: not with --all, --owner, "
			  "--unowned or --sections");
		return EXIT_PERL_DIE;
	}
	/* --unowned alone: of the whole tree (issue #24 item 8); with -,
	 * --unowned or --owner lists the paths of standard input (--all -) */
	if ((a->unowned && !nargs) ||
	    ((a->unowned || a->owner) && nargs == 1 && !strcmp(args[0], "-")))
		a->all = 1;
	/* --all reads no history unless asked (issue #24 item 7) */
	if (o->email_git_fallback < 0)
		o->email_git_fallback = !a->all;
	if (isatty(0) && !nargs && !a->all) {
		error_msg(
			"missing patchfile or -f file - use --help if necessary");
		return early_die_status(true);
	}
	if (strcmp(o->output_separator, ", "))
		o->output_multiline = 0;
	if (o->output_rolestats)
		o->output_roles = 1;
	if (a->gen < MNT_GEN_6_15)
		o->substatus = 0;
	else if (o->substatus < 0)
		o->substatus = o->email && o->output_roles && isatty(1);
	if (o->sections || *o->letters) {
		o->sections = 1;
		o->email = o->email_list = o->scm = o->status = 0;
		o->subsystem = o->web = o->bug = 0;
		o->keywords = o->keywords_in_file = 0;
	} else if (!(o->email + o->scm + o->status + o->subsystem + o->web +
		     o->bug)) {
		error_msg(
			" Missing required option: email, scm, status, subsystem, web or bug");
		return early_die_status(true);
	}
	if (o->email &&
	    !(o->email_maintainer + o->email_reviewer + o->email_list +
	      o->email_subscriber_list + o->email_git +
	      o->email_git_penguin_chiefs + o->email_git_blame)) {
		error_msg("Please select at least 1 email option");
		return early_die_status(true);
	}
	return -1;
}

/* The history options (lib/history.c reads them from a->o.history). */
static void get_history_options(struct history *hist, struct get_args *a)
{
	hist->o.since = a->git_since;
	hist->o.all_signature_types = a->git_all;
	hist->o.penguin_chiefs = a->o.email_git_penguin_chiefs;
	hist->o.min_signatures = a->git_min_sig;
	hist->o.max_maintainers = a->git_max;
	hist->o.min_percent = a->git_min_pct;
	hist->o.blame_signatures = a->git_blame_sig;
	hist->o.from_filename = a->from_filename;
	hist->o.rolestats = a->o.output_rolestats;
	a->o.history = hist;
}

/*
 * Read MAINTAINERS (and .mailmap), and the chief penguins of the script
 * here (the tree's).  -1 to go on, else the status.
 */
static int get_read(struct gm_getmaint *g, const struct get_args *a)
{
	struct strbuf path = STRBUF_INIT;
	struct diags d = DIAGS_INIT;
	int ret = -1;
	size_t i;

	gm_maintainers_path(a->maintainer_path, &path);
	if (strbuf_failed(&path) || mnt_chiefs_read_tree(&g->chiefs, NULL)) {
		error_msg("out of memory");
		ret = EXIT_PERL_DIE;
	} else if (gm_read(g, path.buf, a->find_maintainer_files,
			   a->o.email_use_mailmap ? "./.mailmap" : NULL, &d)) {
		for (i = 0; i < d.nr; i++)
			error_msg("%s", d.v[i].msg);
		/* the script's die: $! ENOENT, or none */
		ret = d.nr && d.v[0].id == D_NO_FILES ? EXIT_PERL_DIE :
							EXIT_PERL_ENOENT;
	}
	a->o.history->o.chiefs_re = mnt_chiefs_regex(&g->chiefs);
	diags_release(&d);
	strbuf_release(&path);
	return ret;
}

/* Answer: --owner/--unowned lists, or the answer for the arguments. */
static int get_answer(struct gm_getmaint *g, struct get_args *a, char **args,
		      int nargs, const char *subdir)
{
	struct strbuf out = STRBUF_INIT;
	struct diags d = DIAGS_INIT;
	int ret = EXIT_PERL_DIE;

	if (a->owner || a->unowned) {
		struct gm_select sel = { a->unowned, a->owner,
					 *subdir ? subdir : NULL };

		if (a->owner && !nargs ?
			    gm_owner_sections(g, a->owner, &out) :
			    gm_select_files(g, &a->o, &sel, args, (size_t)nargs,
					    &out, &d)) {
			if (!d.nr)
				error_msg("out of memory");
			print_get_diags(&d); /* paths that match nothing */
			ret = d.nr ? EXIT_PATHSPEC : EXIT_PERL_DIE;
			goto out;
		}
	} else {
		struct gm_request rq = { args, (size_t)nargs,
					 a->from_filename != 0,
					 *subdir ? subdir : NULL };

		if (a->series ? gm_get_series(g, &a->o, &rq, !a->series_form,
					      &out, &d) :
		    a->json   ? gm_get_json(g, &a->o, &rq, &out, &d) :
				gm_get(g, &a->o, &rq, &out, &d)) {
			print_get_diags(&d);
			ret = a->series ? EXIT_ERROR : failure_status(&d);
			goto out;
		}
		if (a->o.history && a->o.history->hg) {
			error_msg("Mercurial history (.hg) is not supported; "
				  "use --nogit --nogit-fallback --nogit-blame "
				  "--nofixes");
			ret = EXIT_ERROR;
			goto out;
		}
		/* the script says it at the first file, before the rest */
		if (a->o.email_git && a->o.history && !a->o.history->vcs.kind)
			novcs_warning();
		print_get_diags(&d);
	}
	fwrite(out.buf, 1, out.len, stdout);
	ret = EXIT_OK;
out:
	diags_release(&d);
	strbuf_release(&out);
	return ret;
}

/*
 * --owner: an address no section lists is said so (exit 1), not answered
 * with nothing (issue #24 item 8).  -1 to go on, else the status.
 */
static int owner_listed(struct gm_getmaint *g, const struct get_args *a)
{
	struct strbuf sections = STRBUF_INIT;
	int ret = -1;

	if (!a->owner)
		return -1;
	if (gm_owner_sections(g, a->owner, &sections)) {
		error_msg("out of memory");
		ret = EXIT_PERL_DIE;
	} else if (!sections.len) {
		error_msg("--owner: no section lists '%s' (as M:, R: or L:)",
			  a->owner);
		ret = EXIT_NOT_FOUND;
	}
	strbuf_release(&sections);
	return ret;
}

/* Each line of sb as a message of its own. */
static void print_lines(const struct strbuf *sb)
{
	const char *p = sb->buf, *e;

	for (; p < sb->buf + sb->len; p = e + 1) {
		e = memchr(p, '\n', (size_t)(sb->buf + sb->len - p));
		if (!e)
			e = sb->buf + sb->len;
		error_msg("%.*s", (int)(e - p), p);
	}
}

/*
 * --write-commit-graph: git commit-graph write --reachable
 * --changed-paths, asked for (maint never writes one on its own).  0, or
 * the exit status (reported).
 */
static int write_commit_graph(void)
{
	const char *const argv[] = { "git",	    "commit-graph",    "write",
				     "--reachable", "--changed-paths", NULL };
	struct strbuf out = STRBUF_INIT;
	int status, ret = EXIT_OK;

	if (run_capture_all(argv, &out, &status) || status) {
		print_lines(&out);
		error_msg("--write-commit-graph: git commit-graph write failed "
			  "(not in a git repository?)");
		ret = EXIT_ERROR;
	}
	strbuf_release(&out);
	return ret;
}

/*
 * --history-index: the history index of the --git-since window brought
 * up to date in the foreground.  0, or the exit status (reported).
 */
static int history_index(struct history *hist, const char *since)
{
	const struct timespec tenth = { 0, 100 * 1000 * 1000 };
	int rc, waits = 0;

	/* another run at it (a background one): wait up to a minute */
	while ((rc = vcs_hidx_update(&hist->vcs, since)) == 1 && ++waits < 600)
		nanosleep(&tenth, NULL);

	print_lines(&hist->vcs.cache_warn);
	strbuf_reset(&hist->vcs.cache_warn);
	if (rc == 1) {
		error_msg("--history-index: another maint is updating the "
			  "history index");
	} else if (rc) {
		error_msg("--history-index: no history index made (not in a "
			  "git work tree, maint.historyIndex false or "
			  "MAINT_GET_CACHE=0, or git failed)");
		return EXIT_ERROR;
	}
	return EXIT_OK;
}

/* Is the environment variable name set to 0? */
static bool env_off(const char *name)
{
	const char *v = getenv(name);

	return v && !strcmp(v, "0");
}

/*
 * The history index lacked this call's window: vcs_hidx_update() in a
 * child detached from the call (run_detached(), as git's auto gc); the
 * call does not wait for it.
 */
static void history_index_child(void *v)
{
	vcs_hidx_update(v, ((struct vcs *)v)->hidx_want);
}

/* --self-test: maint check --self-test does it (the script's lines) */
static int get_self_test(const char *what)
{
	struct strbuf st = STRBUF_INIT;
	char *av[] = { "check", NULL, NULL };
	int ret;

	strbuf_addf(&st, "--self-test=%s", what ? what : "");
	av[1] = st.buf;
	ret = cmd_check(2, av);
	strbuf_release(&st);
	return ret;
}

/*
 * Where the history read is not the whole (the script says nothing, #26
 * item 6): a shallow clone, whose history is cut; a .git here but no git
 * on PATH, so none was read.
 */
static void history_notes(struct history *hist, const struct gm_opts *o)
{
	struct vcs *v = &hist->vcs;

	if (!o->email_git && !o->email_git_fallback && !o->email_git_blame)
		return;
	if (v->kind == 1 && (v->runs || v->cache_hits) && vcs_shallow(v))
		error_msg("a shallow clone: the git history is cut at the "
			  "clone's depth, so the answer's git signers may be "
			  "partial");
	else if (v->kind == 0 && !access(".git", F_OK))
		error_msg("git is not on PATH: answered without the git "
			  "history");
}

/*
 * get_read(), with --find-maintainer-files the -f files' logs read beside
 * it (gm_history_prefetch()): its result; *nomem when the child's notes
 * could not be kept.
 */
static int read_beside_logs(struct gm_getmaint *g, struct get_args *a,
			    char **args, int nargs, const char *subdir,
			    bool *nomem)
{
	struct gm_request rq = { args, (size_t)nargs, a->from_filename != 0,
				 *subdir ? subdir : NULL };
	struct run_bg bg = { .pid = 0 };
	int ret;

	if (a->find_maintainer_files && !a->all && !a->series && !a->owner &&
	    !a->unowned)
		gm_history_prefetch(&a->o, &rq, &bg);
	ret = get_read(g, a);
	if (ret >= 0)
		gm_history_prefetch_stop(&bg); /* its work is not wanted */
	else
		*nomem = gm_history_prefetch_wait(&a->o, &bg) < 0;
	return ret;
}

int cmd_get(int argc, char **argv)
{
	struct get_args *a = &the_args;
	struct gm_getmaint g;
	struct history hist;
	struct hist_opts ho;
	struct hist_ops hops;
	struct strbuf subdir = STRBUF_INIT;
	char **conf = NULL, **args = NULL;
	const char *refusal;
	size_t rlen;
	int nconf = 0, nargs = 0, ret;
	bool nomem = false;

	memset(a, 0, sizeof(*a));
	gm_opts_default(&a->o);
	a->o.substatus = -1;
	a->o.email_git_fallback = -1; /* the script's 1, but not for --all */
	gm_init(&g);
	hist_opts_default(&ho);
	a->git_min_sig = ho.min_signatures;
	a->git_max = ho.max_maintainers;
	a->git_min_pct = ho.min_percent;
	a->git_blame_sig = ho.blame_signatures;
	a->git_since = ho.since;
	gm_history_ops(&hops);
	hist_init(&hist, &ho, &hops);
	setlocale(LC_CTYPE, "C.UTF-8");

	ret = get_parse(a, argc, argv, &conf, &nconf, &args, &nargs);
	if (ret >= 0)
		goto out;
	if (a->self_test_set) {
		ret = get_self_test(a->self_test);
		goto out;
	}
	if (a->write_graph) {
		ret = write_commit_graph();
		if (ret || (!nargs && !a->all && !a->owner && !a->unowned))
			goto out; /* alone: only that */
		ret = -1;
	}
	if (a->history_index) {
		ret = history_index(&hist, a->git_since);
		if (ret || (!nargs && !a->all && !a->owner && !a->unowned))
			goto out; /* alone: only that */
		ret = -1;
	}
	/* the tree's top first: its script says which answers to give */
	if (a->o.tree && gm_find_tree(&subdir)) {
		error_msg(
			"The current directory does not appear to be a linux kernel source tree.");
		ret = EXIT_PERL_ENOENT;
		goto out;
	}
	if (find_generation(a)) {
		ret = EXIT_PERL_DIE;
		goto out;
	}
	a->o.gen = a->gen;
	g.db.globstar = a->gen >= MNT_GEN_7_1;
	ret = get_check_options(a, args, nargs);
	if (ret >= 0)
		goto out;
	get_history_options(&hist, a);
	ret = read_beside_logs(&g, a, args, nargs, subdir.buf, &nomem);
	if (ret >= 0)
		goto out;
	if (nomem || hist_read_ignore(&hist)) {
		error_msg("out of memory");
		ret = EXIT_PERL_DIE;
		goto out;
	}
	ret = owner_listed(&g, a);
	if (ret >= 0)
		goto out;
	if (a->all)
		ret = answer_all(&g, a, args, nargs);
	else
		ret = get_answer(&g, a, args, nargs, subdir.buf);
	print_lines(&hist.vcs.cache_warn);
	if (hist.vcs.hidx_want && !env_off("MAINT_GET_INDEX_BACKGROUND"))
		run_detached(history_index_child, &hist.vcs);
	history_notes(&hist, &a->o);
	if (a->verbose)
		print_lines(&hist.vcs.cache_info);
	refusal = vcs_refusal(&hist.vcs, &rlen);
	if (refusal)
		error_msg("git refused the repository, no history read: %.*s",
			  (int)rlen, refusal);
out:
	gm_conf_release(conf, nconf);
	free(args);
	gm_release(&g);
	hist_release(&hist);
	strbuf_release(&subdir);
	return ret;
}
