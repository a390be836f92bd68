// SPDX-License-Identifier: GPL-2.0
/*
 * maint get: scripts/get_maintainer.pl in C.  See doc/maint-get.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "../lib/fileio.h"
#include "../lib/getmaint.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char get_usage[] =
	"usage: maint get [options] patchfile\n"
	"       maint get [options] -f file|directory\n"
	"\n"
	"Print whom to send a patch (or a change to a file) to, exactly as\n"
	"scripts/get_maintainer.pl does, with the same options:\n"
	"\n"
	"  --email / --noemail      e-mail addresses (default)\n"
	"    --m --r --l --s        maintainers, reviewers, lists, subscriber lists\n"
	"    --n                    include names (default)\n"
	"    --moderated            include moderated lists (default)\n"
	"    --git-chief-penguins   include Linus\n"
	"    --remove-duplicates    minimize duplicate addresses (default)\n"
	"    --mailmap              use .mailmap (default)\n"
	"    --file-emails          add addresses found in the files\n"
	"    --fixes, --git, --git-fallback, --git-blame ...  accepted; git\n"
	"                           history is not read (as in a tree without .git)\n"
	"  --scm --status --subsystem --web --bug   print those fields\n"
	"  --sections               print the matching sections\n"
	"  --letters=LETTERS        --sections, only these field types\n"
	"  --separator=TEXT         separator for single-line output\n"
	"  --multiline              one per line (default)\n"
	"  --roles --rolestats      show each address's role (default)\n"
	"  --keywords               match K: patterns in the patch (default)\n"
	"  --keywords-in-file       match K: patterns in -f files\n"
	"  --pattern-depth=N        how many levels of patterns to use\n"
	"  --tree                   require a kernel tree (default)\n"
	"  --mpath=PATH             MAINTAINERS file or directory to read\n"
	"  --find-maintainer-files  read every MAINTAINERS file below --mpath\n"
	"  -f, --file               the arguments are files, not patches\n"
	"  -v, --version            print the version\n"
	"  -h, --help               this help\n"
	"\n"
	"Every option has a --noOPTION form.  Options are also read from\n"
	".get_maintainer.conf in ., $HOME or .scripts.\n";

struct get_args {
	struct gm_opts o;
	int from_filename, find_maintainer_files, version, help, all, unowned;
	const char *owner;
	int interactive, git_all, git_blame_sig, git_min_sig, git_max,
		git_min_pct;
	const char *maintainer_path, *self_test, *git_since, *hg_since;
	int self_test_set;
};

/* .get_maintainer.conf words, as which_conf() finds the file */
static int read_conf(char ***words, int *nr)
{
	const char *home = getenv("HOME");
	const char *dirs[] = { ".", home ? home : "", ".scripts" };
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	int alloc = 0, err, i;
	char *p, *line, *save = NULL;

	*words = NULL;
	*nr = 0;
	for (i = 0; i < 3; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/.get_maintainer.conf", dirs[i]);
		if (!access(path.buf, F_OK))
			break;
	}
	if (i == 3 || read_path(path.buf, &text, &err)) {
		strbuf_release(&path);
		strbuf_release(&text);
		return 0;
	}
	for (line = strtok_r(text.buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *s2 = NULL, *w;

		for (w = strtok_r(line, " \t\r\f\v", &s2); w;
		     w = strtok_r(NULL, " \t\r\f\v", &s2)) {
			if (*w == '#')
				break;
			if (*nr + 1 >= alloc) {
				alloc = alloc ? 2 * alloc : 16;
				*words = realloc(*words,
						 (size_t)alloc *
							 sizeof(**words));
				if (!*words)
					return -1;
			}
			p = strdup(w);
			if (!p)
				return -1;
			(*words)[(*nr)++] = p;
		}
	}
	strbuf_release(&path);
	strbuf_release(&text);
	return 0;
}

static bool top_of_kernel_tree(void)
{
	static const char *const files[] = { "COPYING", "CREDITS", "Kbuild",
					     "Makefile", "README" };
	static const char *const dirs[] = {
		"Documentation", "arch", "include", "drivers", "fs",
		"init",		 "ipc",	 "kernel",  "lib",     "scripts"
	};
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (!is_regular(files[i]))
			return false;
	if (access("MAINTAINERS", F_OK))
		return false;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (!is_directory(dirs[i]))
			return false;
	return true;
}

/* The script's exit status for a failure reported in d. */
static int failure_status(const struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		if (d->v[i].id == D_OPEN)
			return d->v[i].err ? file_exit_status(d->v[i].err) : 2;
		if (d->v[i].id == D_BAD_REGEX || d->v[i].id == D_NOT_REGULAR)
			return 2;
	}
	return 255;
}

/* Warnings as the script warns; errors as maint's. */
static void print_get_diags(const struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		if (diag_severity(d->v[i].id) < SEV_ERROR)
			fprintf(stderr, "%s\n", d->v[i].msg);
		else
			error_msg("%s", d->v[i].msg);
	}
}

/* --all: the paths git knows, or those on standard input ("-") */
static int all_paths(char **args, int nargs, struct strbuf *list)
{
	const char *argv[] = { "git", "ls-files", "-z", NULL };
	int err = 0, status;
	char *p;

	if (nargs == 1 && !strcmp(args[0], "-")) {
		if (!read_fd(0, list, &err))
			return 0;
		error_msg("standard input: %s", strerror(err));
		return -1;
	}
	if (nargs) {
		error_msg("--all takes no file (or - to read paths)");
		return -1;
	}
	if (run_capture(argv, list, &status) || status) {
		error_msg(
			"--all: git ls-files failed (not a git work tree? use --all - and paths on standard input)");
		return -1;
	}
	for (p = list->buf; p < list->buf + list->len; p++)
		if (!*p)
			*p = '\n';
	return 0;
}

static int answer_all(struct getmaint *g, struct get_args *a, char **args,
		      int nargs)
{
	struct strbuf list = STRBUF_INIT;
	struct gm_select sel = { a->unowned, a->owner };
	struct diags d = DIAGS_INIT;
	int ret = 2;

	if (all_paths(args, nargs, &list))
		goto out;
	fflush(stdout);
	if (gm_get_all(g, &a->o, &sel, list.buf, list.len, 1, &d)) {
		print_get_diags(&d);
		goto out;
	}
	print_get_diags(&d); /* regexes that hit their limit */
	ret = 0;
out:
	diags_release(&d);
	strbuf_release(&list);
	return ret;
}

static int die_status(int err)
{
	return err ? err : 255;
}

int cmd_get(int argc, char **argv)
{
	struct get_args a;
	struct option opts[] = {
		{ OPT_FLAG, "email", &a.o.email, NULL, 1 },
		{ OPT_FLAG, "git", &a.o.email_git, NULL, 1 },
		{ OPT_FLAG, "git-all-signature-types", &a.git_all, NULL, 1 },
		{ OPT_FLAG, "git-blame", &a.o.email_git_blame, NULL, 1 },
		{ OPT_FLAG, "git-blame-signatures", &a.git_blame_sig, NULL, 1 },
		{ OPT_FLAG, "git-fallback", &a.o.email_git_fallback, NULL, 1 },
		{ OPT_FLAG, "git-chief-penguins", &a.o.email_git_penguin_chiefs,
		  NULL, 1 },
		{ OPT_INT, "git-min-signatures", &a.git_min_sig, NULL, 0 },
		{ OPT_INT, "git-max-maintainers", &a.git_max, NULL, 0 },
		{ OPT_INT, "git-min-percent", &a.git_min_pct, NULL, 0 },
		{ OPT_STRING, "git-since", NULL, &a.git_since, 0 },
		{ OPT_STRING, "hg-since", NULL, &a.hg_since, 0 },
		{ OPT_FLAG, "i|interactive", &a.interactive, NULL, 1 },
		{ OPT_FLAG, "remove-duplicates", &a.o.email_remove_duplicates,
		  NULL, 1 },
		{ OPT_FLAG, "mailmap", &a.o.email_use_mailmap, NULL, 1 },
		{ OPT_FLAG, "m", &a.o.email_maintainer, NULL, 1 },
		{ OPT_FLAG, "r", &a.o.email_reviewer, NULL, 1 },
		{ OPT_FLAG, "n", &a.o.email_usename, NULL, 1 },
		{ OPT_FLAG, "l", &a.o.email_list, NULL, 1 },
		{ OPT_FLAG, "fixes", &a.o.email_fixes, NULL, 1 },
		{ OPT_FLAG, "moderated", &a.o.email_moderated_list, NULL, 1 },
		{ OPT_FLAG, "s", &a.o.email_subscriber_list, NULL, 1 },
		{ OPT_FLAG, "multiline", &a.o.output_multiline, NULL, 1 },
		{ OPT_FLAG, "roles", &a.o.output_roles, NULL, 1 },
		{ OPT_FLAG, "rolestats", &a.o.output_rolestats, NULL, 1 },
		{ OPT_STRING, "separator", NULL, &a.o.output_separator, 0 },
		{ OPT_FLAG, "subsystem", &a.o.subsystem, NULL, 1 },
		{ OPT_FLAG, "status", &a.o.status, NULL, 1 },
		{ OPT_FLAG, "scm", &a.o.scm, NULL, 1 },
		{ OPT_FLAG, "tree", &a.o.tree, NULL, 1 },
		{ OPT_FLAG, "web", &a.o.web, NULL, 1 },
		{ OPT_FLAG, "bug", &a.o.bug, NULL, 1 },
		{ OPT_STRING, "letters", NULL, &a.o.letters, 0 },
		{ OPT_INT, "pattern-depth", &a.o.pattern_depth, NULL, 0 },
		{ OPT_FLAG, "k|keywords", &a.o.keywords, NULL, 1 },
		{ OPT_FLAG, "kf|keywords-in-file", &a.o.keywords_in_file, NULL,
		  1 },
		{ OPT_FLAG, "sections", &a.o.sections, NULL, 1 },
		{ OPT_FLAG, "fe|file-emails", &a.o.email_file_emails, NULL, 1 },
		{ OPT_FLAG, "f|file", &a.from_filename, NULL, 0 },
		{ OPT_FLAG, "find-maintainer-files", &a.find_maintainer_files,
		  NULL, 0 },
		{ OPT_STRING, "mpath|maintainer-path", NULL, &a.maintainer_path,
		  0 },
		{ OPT_OPTSTRING, "self-test", &a.self_test_set, &a.self_test,
		  0 },
		{ OPT_FLAG, "all", &a.all, NULL, 0 },
		{ OPT_FLAG, "unowned", &a.unowned, NULL, 0 },
		{ OPT_STRING, "owner", NULL, &a.owner, 0 },
		{ OPT_FLAG, "v|version", &a.version, NULL, 0 },
		{ OPT_FLAG, "h|help|usage", &a.help, NULL, 0 },
		{ OPT_END, NULL, NULL, NULL, 0 },
	};
	struct getmaint g;
	struct diags d = DIAGS_INIT;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT, path = STRBUF_INIT,
		      text = STRBUF_INIT, cwd = STRBUF_INIT,
		      subdir = STRBUF_INIT, arg = STRBUF_INIT;
	char **conf = NULL, **args = NULL, **all = NULL;
	int nconf = 0, nargs = 0, i, ret = 255;
	char buf[4096];

	memset(&a, 0, sizeof(a));
	gm_opts_default(&a.o);
	getmaint_init(&g);
	setlocale(LC_CTYPE, "C.UTF-8");

	/* .get_maintainer.conf words go before the command line */
	if (read_conf(&conf, &nconf))
		goto out;
	all = calloc((size_t)(argc + nconf + 1), sizeof(*all));
	if (!all)
		goto out;
	all[0] = argv[0];
	for (i = 0; i < nconf; i++)
		all[1 + i] = conf[i];
	for (i = 1; i < argc; i++)
		all[nconf + i] = argv[i];
	/* the script: /^-{1,2}self-test(?:=|$)/ among two or more words */
	for (i = 1; argc + nconf > 2 && i < argc + nconf; i++) {
		const char *w = all[i] + (all[i][0] == '-');

		if (w[0] == '-' && !strncmp(w + 1, "self-test", 9) &&
		    (!w[10] || w[10] == '=')) {
			error_msg("using --self-test does not allow any other "
				  "option or argument");
			ret = 2;
			goto out;
		}
	}
	if (parse_options(argc + nconf, all, opts, &args, &nargs, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		error_msg("invalid argument - use --help if necessary");
		goto out;
	}
	if (a.help) {
		show_usage(get_usage);
		ret = 0;
		goto out;
	}
	if (a.version) {
		printf("maint get 0.26\n");
		ret = 0;
		goto out;
	}
	if (a.self_test_set) {
		/* maint check --self-test does it (the script's lines) */
		struct strbuf st = STRBUF_INIT;
		char *av[] = { "check", NULL, NULL };

		strbuf_addstr(&st, "--self-test=");
		strbuf_addstr(&st, a.self_test ? a.self_test : "");
		av[1] = st.buf;
		ret = cmd_check(2, av);
		strbuf_release(&st);
		goto out;
	}
	if (a.interactive) {
		error_msg("--interactive is not supported");
		ret = 2;
		goto out;
	}
	if (isatty(0) && !nargs && !a.all) {
		error_msg(
			"missing patchfile or -f file - use --help if necessary");
		ret = 25;
		goto out;
	}
	if (strcmp(a.o.output_separator, ", "))
		a.o.output_multiline = 0;
	if (a.o.output_rolestats)
		a.o.output_roles = 1;
	if (a.o.sections || *a.o.letters) {
		a.o.sections = 1;
		a.o.email = a.o.email_list = a.o.scm = a.o.status = 0;
		a.o.subsystem = a.o.web = a.o.bug = 0;
		a.o.keywords = a.o.keywords_in_file = 0;
	} else if (!(a.o.email + a.o.scm + a.o.status + a.o.subsystem +
		     a.o.web + a.o.bug)) {
		error_msg(
			" Missing required option: email, scm, status, subsystem, web or bug");
		ret = 25;
		goto out;
	}
	if (a.o.email &&
	    !(a.o.email_maintainer + a.o.email_reviewer + a.o.email_list +
	      a.o.email_subscriber_list + a.o.email_git +
	      a.o.email_git_penguin_chiefs + a.o.email_git_blame)) {
		error_msg("Please select at least 1 email option");
		ret = 25;
		goto out;
	}
	if (a.o.tree && !top_of_kernel_tree()) {
		/*
		 * Beyond the script: below the top of a tree, go up to it and
		 * take paths as relative to where we stood.
		 */
		char here[4096];
		int up;

		if (!getcwd(here, sizeof(here)))
			here[0] = '\0';
		for (up = 0; here[0] && up < 64 && !top_of_kernel_tree(); up++)
			if (chdir("..") || !getcwd(buf, sizeof(buf)) ||
			    !strcmp(buf, "/"))
				break;
		if (!here[0] || !top_of_kernel_tree() ||
		    !getcwd(buf, sizeof(buf))) {
			if (here[0] && chdir(here))
				here[0] = '\0';
			error_msg(
				"The current directory does not appear to be a linux kernel source tree.");
			ret = 2;
			goto out;
		}
		strbuf_addstr(&subdir, here + strlen(buf) + 1);
		strbuf_addch(&subdir, '/');
	}

	/* MAINTAINERS, with ~ expanded in --mpath */
	if (a.maintainer_path) {
		const char *mp = a.maintainer_path;

		if (mp[0] == '~' && (mp[1] == '/' || !mp[1]) &&
		    getenv("HOME")) {
			strbuf_addstr(&path, getenv("HOME"));
			strbuf_addstr(&path, mp + 1);
		} else {
			strbuf_addstr(&path, mp);
		}
	} else {
		strbuf_addstr(&path, "./MAINTAINERS");
	}
	if (getmaint_read(&g, path.buf, a.find_maintainer_files,
			  a.o.email_use_mailmap ? "./.mailmap" : NULL, &d)) {
		for (i = 0; i < (int)d.nr; i++)
			error_msg("%s", d.v[i].msg);
		ret = die_status(d.nr && d.v[0].id == D_NO_FILES ? 0 : ENOENT);
		goto out;
	}

	if (a.all) {
		ret = answer_all(&g, &a, args, nargs);
		goto out;
	}
	if (a.owner || a.unowned) {
		/* --owner alone: its sections; else the files selected */
		struct gm_select sel = { a.unowned, a.owner };

		if (a.owner && !nargs)
			i = gm_owner_sections(&g, a.owner, &out);
		else
			i = gm_select_files(&g, &a.o, &sel, args, (size_t)nargs,
					    &out);
		if (i) {
			error_msg("out of memory");
			goto out;
		}
	} else {
		struct gm_request rq = { args, (size_t)nargs,
					 a.from_filename != 0,
					 subdir.len ? subdir.buf : NULL };

		if (gm_get(&g, &a.o, &rq, &out, &d)) {
			print_get_diags(&d);
			ret = failure_status(&d);
			goto out;
		}
		print_get_diags(&d);
	}
	fwrite(out.buf, 1, out.len, stdout);
	ret = fflush(stdout) ? 1 : 0;
out:
	for (i = 0; i < nconf; i++)
		free(conf[i]);
	free(conf);
	free(all);
	free(args);
	getmaint_release(&g);
	diags_release(&d);
	strbuf_release(&err);
	strbuf_release(&out);
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&cwd);
	strbuf_release(&subdir);
	strbuf_release(&arg);
	return ret;
}
