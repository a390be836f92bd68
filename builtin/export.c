// SPDX-License-Identifier: GPL-2.0
/*
 * maint export: MAINTAINERS as JSON, or as a CODEOWNERS file.  See
 * doc/maint-export.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "export/export.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char export_head[] =
	"usage: maint export [--format=json|codeowners] [--input=F] [--output=F]\n"
	"\n"
	"Write MAINTAINERS in another format: the whole file as JSON\n"
	"(sections, fields, file:line), or a CODEOWNERS file for a GitHub or\n"
	"GitLab mirror of the tree (F:/X: as gitignore-style patterns, owners\n"
	"as e-mail addresses; what CODEOWNERS cannot say -- N:, K: and regex\n"
	"patterns -- is listed in its comments and reported on stderr).\n"
	"\n";

static const char export_foot[] =
	"Exit status: 0, 2 on an unreadable or malformed input or a failed\n"
	"write, 129 on bad arguments.\n";

struct export_job {
	const struct maintainers *m;
	const struct mnt_chiefs *chiefs;
	const char *tree;
	bool codeowners;
	struct diags *d;
};

/* 1 a directory, 0 not, -1 out of memory */
static int tree_is_dir(const char *path, void *arg)
{
	const char *tree = arg;
	struct strbuf p = STRBUF_INIT;
	struct stat st;
	int ret;

	strbuf_addstr(&p, tree);
	if (p.len && p.buf[p.len - 1] != '/')
		strbuf_addch(&p, '/');
	strbuf_addstr(&p, path);
	if (strbuf_failed(&p))
		ret = -1;
	else
		ret = !stat(p.buf, &st) && S_ISDIR(st.st_mode);
	strbuf_release(&p);
	return ret;
}

static int produce(void *arg, struct sink *s)
{
	struct export_job *j = arg;
	int ret;

	if (j->codeowners)
		ret = export_codeowners(j->m, j->chiefs,
					j->tree ? tree_is_dir : NULL,
					(void *)j->tree, &s->buf, j->d);
	else
		ret = export_json(j->m, &s->buf);
	if (ret) {
		s->err = ENOMEM;
		s->failed = true;
		return -1;
	}
	return sink_finish(s);
}

/*
 * The lines CODEOWNERS cannot say: an F: or X: pattern left out changes
 * whose files are whose, always named; the N: and K: lines (CODEOWNERS
 * has no regex and no keyword) named with -v, else counted.
 */
static void print_notes(const struct diags *notes, bool verbose)
{
	struct diags one = DIAGS_INIT;
	size_t i, hidden = 0;

	for (i = 0; i < notes->nr; i++) {
		const struct diag *dg = &notes->v[i];
		const char *m = dg->msg ? dg->msg : "";

		if (!verbose && (m[0] == 'N' || m[0] == 'K') && m[1] == ':') {
			hidden++;
			continue;
		}
		one = (struct diags){ .v = (struct diag *)dg, .nr = 1 };
		print_diags(&one);
	}
	if (notes->lost)
		error_msg("out of memory: %zu note%s lost", notes->lost,
			  notes->lost == 1 ? "" : "s");
	if (!notes->nr)
		return;
	fflush(stdout);
	fprintf(stderr,
		"maint export: %zu line%s cannot be expressed in CODEOWNERS "
		"(listed in its comments)",
		notes->nr, notes->nr == 1 ? "" : "s");
	if (hidden)
		fprintf(stderr, "; %zu N:/K: line%s not listed here: use -v",
			hidden, hidden == 1 ? "" : "s");
	fputc('\n', stderr);
}

/*
 * The tree the patterns name into j->tree (--tree, else the directory of
 * --input, else the current one; --tree= none), and for CODEOWNERS its
 * script's chief penguins, whom get leaves out, into *chiefs (no tree:
 * Linus).  -1 to go on, else the exit status (reported).
 */
static int export_tree(struct export_job *j, const char *input,
		       const char *tree, char **input_dir,
		       struct mnt_chiefs *chiefs)
{
	if (!tree && is_regular(input)) {
		const char *slash = strrchr(input, '/');

		*input_dir =
			slash ? strndup(input, (size_t)(slash - input) + 1) :
				strdup(".");
		if (!*input_dir) {
			error_msg("out of memory");
			return EXIT_ERROR;
		}
		tree = *input_dir;
	}
	if (!tree)
		tree = ".";
	if (*tree && !is_directory(tree)) {
		error_msg("--tree: '%s' is not a directory", tree);
		return EXIT_USAGE;
	}
	j->tree = *tree ? tree : NULL;
	if (j->codeowners && j->tree && mnt_chiefs_read_tree(chiefs, j->tree)) {
		error_msg("out of memory");
		return EXIT_ERROR;
	}
	return -1;
}

int cmd_export(int argc, char **argv)
{
	const char *format = "json", *input = "MAINTAINERS", *output = "-";
	const char *tree = NULL;
	char *input_dir = NULL;
	int help = 0, quiet = 0, verbose = 0, nargs, ret = EXIT_USAGE;
	const struct option opts[] = {
		OPT_STR("format", &format, "FORMAT",
			"json (default) or codeowners"),
		OPT_STR("input", &input, "FILE",
			"MAINTAINERS file or directory, - for stdin\n"
			"(default: MAINTAINERS)"),
		OPT_STR("tree", &tree, "DIR",
			"the tree the F: patterns name (default: the\n"
			"directory of --input, or . for a directory or\n"
			"stdin); for get_maintainer.pl's test of F:\n"
			"values naming a directory without a trailing\n"
			"'/', to leave out lines for directories the\n"
			"tree does not have, and for the chief penguins\n"
			"of its scripts/get_maintainer.pl; --tree= for\n"
			"none"),
		OPT_STR("output", &output, "FILE",
			"file to write, - for stdout (default: -)"),
		OPT_SET("q|quiet", &quiet,
			"no notes on stderr for what is not exported"),
		OPT_SET("v|verbose", &verbose,
			"list on stderr each N: and K: line not\n"
			"exported (without: their count)"),
		OPT_SET("h|help", &help, "show this help"),
		OPT_TABLE_END,
	};
	struct maintainers m;
	struct mnt_chiefs chiefs = { 0 };
	struct diags d = DIAGS_INIT, notes = DIAGS_INIT;
	struct export_job j = { &m, &chiefs, NULL, false, &notes };
	struct output out = { NULL, produce, &j };
	char **args = NULL;

	mnt_init(&m);
	ret = parse_options_usage(argc, argv, opts, export_head, export_foot,
				  &help, &args, &nargs);
	if (ret >= 0)
		goto out;
	ret = EXIT_USAGE;
	if (nargs) {
		error_msg("unexpected argument '%s' (use --input)", args[0]);
		goto out;
	}
	if (!strcmp(format, "codeowners")) {
		j.codeowners = true;
	} else if (strcmp(format, "json")) {
		static const char *const formats[] = { "json", "codeowners" };

		error_msg("unknown --format '%s' (json or codeowners)", format);
		suggest_value("format", format, strlen(format), formats, 2);
		goto out;
	}
	ret = EXIT_ERROR;
	if (mnt_read(&m, input, &d)) {
		print_diags(&d);
		goto out;
	}
	ret = export_tree(&j, input, tree, &input_dir, &chiefs);
	if (ret >= 0)
		goto out;
	ret = EXIT_ERROR;
	out.path = output;
	if (write_outputs(&out, 1))
		goto out;
	if (!quiet)
		print_notes(&notes, verbose);
	ret = EXIT_OK;
out:
	free(args);
	free(input_dir);
	diags_release(&d);
	diags_release(&notes);
	mnt_chiefs_release(&chiefs);
	mnt_release(&m);
	return ret;
}
