// SPDX-License-Identifier: GPL-2.0
/*
 * maint get: scripts/get_maintainer.pl in C.  See doc/maint-get.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
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

/*
 * File::Spec::Unix::canonpath(): its substitutions, in its order:
 *   s|/{2,}|/|g; s{(?:/\.)+(?:/|\z)}{/}g; s|^(?:\./)+||s unless "./";
 *   s|^/(?:\.\./)+|/|; s|^/\.\.$|/|; s|/\z|| unless "/"
 */
static void canonpath(const char *in, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	size_t i;

	strbuf_reset(out);
	for (i = 0; in[i]; i++)
		if (!(in[i] == '/' && out->len &&
		      out->buf[out->len - 1] == '/'))
			strbuf_addch(out, in[i]);
	/* (?:/\.)+(?:/|\z) -> / */
	for (i = 0; i < out->len;) {
		size_t j = i;

		while (j + 1 < out->len && out->buf[j] == '/' &&
		       out->buf[j + 1] == '.' &&
		       (j + 2 == out->len || out->buf[j + 2] == '/'))
			j += 2;
		if (j > i && (j == out->len || out->buf[j] == '/')) {
			strbuf_addch(&t, '/');
			i = j < out->len ? j + 1 : j;
			continue;
		}
		strbuf_addch(&t, out->buf[i++]);
	}
	strbuf_reset(out);
	strbuf_add(out, t.buf, t.len);
	if (strcmp(out->buf, "./")) {
		i = 0;
		while (out->len - i >= 2 && out->buf[i] == '.' &&
		       out->buf[i + 1] == '/')
			i += 2;
		memmove(out->buf, out->buf + i, out->len - i + 1);
		out->len -= i;
	}
	if (out->len >= 4 && !strncmp(out->buf, "/../", 4)) {
		i = 1;
		while (!strncmp(out->buf + i, "../", 3))
			i += 3;
		memmove(out->buf + 1, out->buf + i, out->len - i + 1);
		out->len -= i - 1;
	}
	if (!strcmp(out->buf, "/.."))
		out->buf[out->len = 1] = '\0';
	if (out->len > 1 && out->buf[out->len - 1] == '/')
		out->buf[--out->len] = '\0';
	strbuf_release(&t);
}

/* vcs_file_exists(): git ls-files FILE in a git work tree */
static bool git_tracked(const char *file)
{
	const char *argv[] = { "git", "ls-files", file, NULL };
	struct strbuf out = STRBUF_INIT;
	int status;
	bool tracked;

	if (access(".git", F_OK))
		return false;
	tracked = !run_capture(argv, &out, &status) && status == 0 && out.len;
	strbuf_release(&out);
	return tracked;
}

/* Answer the paths in [p, end) (one a line) to fd, 1 MiB at a time. */
/* The script dies on a regex that does not compile: so does maint. */
static int bad_regex(const struct gm_db *db)
{
	const struct gm_entry *e = db->bad_re;

	error_msg("%s:%lu: %c: regex does not compile: '%.*s'",
		  db->names[e->file], e->lineno, e->type, (int)e->len, e->s);
	return 2;
}

/*
 * --unowned: is the file covered only by THE REST (or nothing)?
 * --owner: does a section naming the address cover it?
 * 1 yes, 0 no, -1 out of memory.
 */
static int file_selected(struct gm_db *db, const struct get_args *a,
			 const char *file)
{
	size_t *hdr = NULL, n = 0, i;
	int yes = a->unowned ? 1 : 0;

	if (gm_file_sections(db, &a->o, file, &hdr, &n))
		return -1;
	for (i = 0; i < n; i++) {
		const struct gm_entry *e = &db->tv[hdr[i]];
		bool rest = e->len == 8 && !memcmp(e->s, "THE REST", 8);

		if (a->unowned && !rest)
			yes = 0;
		if (a->owner && gm_section_has(db, hdr[i], a->owner))
			yes = 1;
	}
	free(hdr);
	return yes;
}

static int answer_range(struct gm_db *db, const struct gm_opts *o, char *p,
			char *end, struct strbuf *out, int fd,
			const struct get_args *select)
{
	struct strbuf one = STRBUF_INIT, text = STRBUF_INIT;
	struct diags d = DIAGS_INIT;
	int err = 0, ret = -1;

	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p)), *l, *le;
		struct gm_query q = { 0 };
		size_t plen;

		if (!nl)
			nl = end;
		*nl = '\0';
		plen = (size_t)(nl - p);
		if (plen && select) {
			int yes = file_selected(db, select, p);

			if (yes < 0)
				goto out;
			if (yes) {
				strbuf_add(out, p, plen);
				strbuf_addch(out, '\n');
			}
		} else if (plen && gm_query_add_file(&q, p, plen) == 0) {
			if (o->keywords && o->keywords_in_file &&
			    strcmp(p, "MAINTAINERS") && is_regular(p)) {
				strbuf_reset(&text);
				if (!read_path(p, &text, &err))
					gm_scan_keywords(db, text.buf, text.len,
							 &q);
			}
			strbuf_reset(&one);
			if (gm_answer(db, o, &q, &one, &d)) {
				gm_query_release(&q);
				if (db->bad_re)
					bad_regex(db);
				goto out;
			}
			for (l = one.buf; l < one.buf + one.len; l = le + 1) {
				le = memchr(l, '\n',
					    (size_t)(one.buf + one.len - l));
				if (!le)
					le = one.buf + one.len;
				strbuf_add(out, p, plen);
				strbuf_addch(out, '\t');
				strbuf_add(out, l, (size_t)(le - l));
				strbuf_addch(out, '\n');
			}
		}
		gm_query_release(&q);
		p = nl + 1;
		if (out->len >= (1 << 20) || p >= end) {
			if (strbuf_failed(out) ||
			    write_all(fd, out->buf, out->len, &err))
				goto out;
			strbuf_reset(out);
		}
	}
	ret = 0;
out:
	diags_release(&d);
	strbuf_release(&one);
	strbuf_release(&text);
	return ret;
}

/*
 * --all: every file git knows (or every path on standard input with
 * "-"), each answered as "PATH<TAB>" and what --nomultiline -f PATH
 * prints, on the indexed patterns.  A large list is split in two and
 * the second half answered by a child process (the two cores), whose
 * output follows the parent's.
 */
static int answer_all(struct gm_db *db, struct get_args *a, char **args,
		      int nargs)
{
	struct strbuf list = STRBUF_INIT, out = STRBUF_INIT;
	struct gm_opts o = a->o;
	const struct get_args *select;
	int err = 0, status, ret = 2, tfd = -1;
	char *mid, *end;
	pid_t pid = -1;

	if (nargs == 1 && !strcmp(args[0], "-")) {
		if (read_fd(0, &list, &err)) {
			error_msg("standard input: %s", strerror(err));
			goto out;
		}
	} else if (nargs) {
		error_msg("--all takes no file (or - to read paths)");
		goto out;
	} else {
		const char *argv[] = { "git", "ls-files", "-z", NULL };
		char *p;

		if (run_capture(argv, &list, &status) || status) {
			error_msg(
				"--all: git ls-files failed (not a git work tree? use --all - and paths on standard input)");
			goto out;
		}
		for (p = list.buf; p < list.buf + list.len; p++)
			if (!*p)
				*p = '\n';
	}
	o.output_multiline = 0;
	select = a->unowned || a->owner ? a : NULL;
	if (gm_db_index(db)) {
		error_msg("out of memory");
		goto out;
	}
	gm_db_memo(db, true);
	end = list.buf + list.len;
	mid = end;
	if (list.len > 65536) {
		mid = memchr(list.buf + list.len / 2, '\n',
			     list.len - list.len / 2);
		mid = mid ? mid + 1 : end;
	}
	fflush(stdout);
	/* the second half goes to an unlinked temporary file */
	if (mid < end) {
		char tmpl[] = "/tmp/maint-all-XXXXXX";

		tfd = mkstemp(tmpl);
		if (tfd >= 0)
			unlink(tmpl);
		pid = tfd >= 0 ? fork() : -1;
		if (pid == 0)
			_exit(answer_range(db, &o, mid, end, &out, tfd,
					   select) ?
				      1 :
				      0);
		if (pid < 0)
			mid = end;
	}
	if (answer_range(db, &o, list.buf, mid, &out, 1, select)) {
		error_msg("out of memory or cannot write");
		goto out;
	}
	if (pid > 0) {
		pid_t child = pid;

		pid = -1;
		if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) || lseek(tfd, 0, SEEK_SET)) {
			error_msg("the second half failed");
			goto out;
		}
		for (;;) {
			strbuf_reset(&out);
			if (!strbuf_grow(&out, 1 << 20)) {
				error_msg("out of memory");
				goto out;
			}
			ssize_t got = read(tfd, out.buf, out.alloc - 1);

			if (got < 0 ||
			    write_all(1, out.buf, (size_t)(got > 0 ? got : 0),
				      &err)) {
				error_msg("cannot copy the second half");
				goto out;
			}
			if (!got)
				break;
		}
	}
	ret = 0;
out:
	if (tfd >= 0)
		close(tfd);
	if (pid > 0)
		waitpid(pid, &status, 0);
	strbuf_release(&list);
	strbuf_release(&out);
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
	struct gm_db db;
	struct gm_query q = { 0 };
	struct diags d = DIAGS_INIT;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT, path = STRBUF_INIT,
		      text = STRBUF_INIT, cwd = STRBUF_INIT,
		      subdir = STRBUF_INIT, arg = STRBUF_INIT;
	char **conf = NULL, **args = NULL, **all = NULL;
	int nconf = 0, nargs = 0, i, ret = 255;
	char buf[4096];

	memset(&a, 0, sizeof(a));
	gm_opts_default(&a.o);
	gm_db_init(&db);
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
	if (gm_db_read(&db, path.buf, a.find_maintainer_files, &d)) {
		for (i = 0; i < (int)d.nr; i++)
			error_msg("%s", d.v[i].msg);
		ret = die_status(d.nr && d.v[0].id == D_NO_FILES ? 0 : ENOENT);
		goto out;
	}
	if (a.o.email_use_mailmap)
		gm_db_mailmap(&db, "./.mailmap");

	if (a.all) {
		ret = answer_all(&db, &a, args, nargs);
		goto out;
	}
	if (a.owner && !nargs) {
		/* the sections the address looks after */
		size_t k;

		for (k = 0; k < db.nr; k++) {
			if (db.tv[k].type || k + 1 >= db.nr ||
			    !db.tv[k + 1].type)
				continue;
			if (gm_section_has(&db, k, a.owner))
				printf("%.*s\n", (int)db.tv[k].len, db.tv[k].s);
		}
		ret = 0;
		goto out;
	}
	if (a.unowned || a.owner) {
		/* the -f files that are unowned (or that the address owns) */
		for (i = 0; i < nargs; i++) {
			int yes = file_selected(&db, &a, args[i]);

			if (yes < 0)
				goto out;
			if (yes)
				printf("%s\n", args[i]);
		}
		ret = 0;
		goto out;
	}
	if (getcwd(buf, sizeof(buf))) {
		strbuf_addstr(&cwd, buf);
		strbuf_addch(&cwd, '/');
	}
	for (i = 0; i < nargs && subdir.len; i++) {
		if (args[i][0] == '/' || !strcmp(args[i], "-"))
			continue;
		strbuf_reset(&arg);
		strbuf_addbuf(&arg, &subdir);
		strbuf_addstr(&arg, args[i]);
		args[i] = strdup(arg.buf);
	}
	for (i = 0; i < (nargs ? nargs : 1); i++) {
		const char *file = nargs ? args[i] : "&STDIN";
		bool is_stdin = !nargs;
		struct strbuf f = STRBUF_INIT;
		const char *name;
		int e = 0;

		if (!is_stdin) {
			canonpath(file, &f);
			if (is_directory(f.buf)) {
				if (f.buf[f.len - 1] != '/')
					strbuf_addch(&f, '/');
			} else if (!is_regular(f.buf)) {
				error_msg("file '%s' not found", f.buf);
				strbuf_release(&f);
				ret = 2;
				goto out;
			}
		} else {
			strbuf_addstr(&f, file);
		}
		if (a.from_filename || (!is_stdin && git_tracked(f.buf))) {
			name = f.buf;
			if (cwd.len && !strncmp(name, cwd.buf, cwd.len))
				name += cwd.len;
			if (!strncmp(name, "./", 2))
				name += 2;
			gm_query_add_file(&q, name, strlen(name));
			if (strcmp(name, "MAINTAINERS") && is_regular(name) &&
			    a.o.keywords && a.o.keywords_in_file) {
				strbuf_reset(&text);
				if (!read_path(name, &text, &e))
					gm_scan_keywords(&db, text.buf,
							 text.len, &q);
			}
		} else {
			size_t before = q.nr_files;

			strbuf_reset(&text);
			if (read_path(is_stdin ? "-" : f.buf, &text, &e)) {
				error_msg("Can't open %s: %s", f.buf,
					  strerror(e));
				strbuf_release(&f);
				ret = die_status(e);
				goto out;
			}
			if (gm_scan_patch(&db, &a.o, text.buf, text.len, &q) ==
			    GM_BAD_REGEX) {
				strbuf_release(&f);
				ret = bad_regex(&db);
				goto out;
			}
			if (q.nr_files == before)
				fprintf(stderr,
					"maint get: file '%s' doesn't appear to be a patch.  Add -f to options?\n",
					f.buf);
		}
		strbuf_release(&f);
	}

	if (db.bad_re) {
		ret = bad_regex(&db);
		goto out;
	}
	i = gm_answer(&db, &a.o, &q, &out, &d);
	if (i == GM_BAD_REGEX) {
		ret = bad_regex(&db);
		goto out;
	}
	if (i) {
		error_msg("out of memory");
		goto out;
	}
	for (i = 0; i < (int)d.nr; i++)
		fprintf(stderr, "%s\n", d.v[i].msg);
	fwrite(out.buf, 1, out.len, stdout);
	ret = fflush(stdout) ? 1 : 0;
out:
	for (i = 0; i < nconf; i++)
		free(conf[i]);
	free(conf);
	free(all);
	free(args);
	gm_query_release(&q);
	gm_db_release(&db);
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
