// SPDX-License-Identifier: GPL-2.0
/*
 * maint add: a new entry in MAINTAINERS, in sorted order.  See
 * doc/maint-add.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "check/check.h"
#include "model/model.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char add_head[] =
	"usage: maint add [--input=F] [--output=F] [--inherit] HEADER 'X: value'...\n"
	"\n"
	"Insert a new entry where parse-maintainers.pl's order puts it, its\n"
	"fields as \"X:<TAB>value\" in the canonical order; the rest of the\n"
	"file is left as it was.  With --inherit, the L:, T: and S: lines the\n"
	"entry lacks come from the section whose F: directory holds its files.\n"
	"\n";

static const char add_foot[] =
	"Each field is checked as maint check checks it in a file.\n"
	"Exit status: 0, 1 on an unreadable input, a section that exists\n"
	"already, a malformed field or a failed write, 129 on bad arguments.\n";

struct add_job {
	struct strbuf *text;
};

static int produce(void *arg, struct sink *s)
{
	struct add_job *j = arg;

	strbuf_add(&s->buf, j->text->buf, j->text->len);
	if (strbuf_failed(&s->buf)) {
		s->err = ENOMEM;
		s->failed = true;
		return -1;
	}
	return sink_finish(s);
}

/*
 * A finding on a line of the file as check prints it; one about the
 * arguments as the command's other errors, with check's name for it.
 */
static void print_add_diags(const struct diags *d)
{
	const struct diag *dg;
	size_t i;

	for (i = 0; i < d->nr; i++) {
		dg = &d->v[i];
		if (dg->file) {
			struct diags one = { .v = (struct diag *)dg, .nr = 1 };

			print_diags(&one);
		} else if (dg->id == D_BAD_ENTRY || dg->id == D_NOMEM) {
			error_msg("%s", dg->msg ? dg->msg : "out of memory");
		} else {
			error_msg("%s [%s]",
				  dg->msg ? dg->msg : "out of memory",
				  diag_name(dg->id));
		}
	}
	if (d->lost)
		error_msg("out of memory: %zu message%s lost", d->lost,
			  d->lost == 1 ? "" : "s");
}

/* check's findings on each field argument; 0, or -1 with them in d */
static int check_fields(char **fields, int n, struct diags *d)
{
	int i, bad = 0, r;

	for (i = 0; i < n; i++) {
		r = ck_field_line(fields[i], strlen(fields[i]), d);
		if (r < 0)
			diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		if (r)
			bad = 1;
	}
	return bad ? -1 : 0;
}

int cmd_add(int argc, char **argv)
{
	const char *input = "MAINTAINERS", *output = NULL;
	int help = 0, inherit = 0, quiet = 0, nargs, ret;
	const struct option opts[] = {
		OPT_STR("input", &input, "FILE",
			"MAINTAINERS file to add to (default: MAINTAINERS)"),
		OPT_STR("output", &output, "FILE",
			"file to write, - for stdout (default: the input)"),
		OPT_SET("inherit", &inherit,
			"L:, T:, S: from the parent section when missing"),
		OPT_SET("q|quiet", &quiet, "no note of the line and parent"),
		OPT_SET("h|help", &help, "show this help"),
		OPT_TABLE_END,
	};
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	struct strbuf text = STRBUF_INIT;
	struct add_job j = { &text };
	struct output out = { NULL, produce, &j };
	struct add_result res;
	char **args = NULL;

	mnt_init(&m);
	ret = parse_options_usage(argc, argv, opts, add_head, add_foot, &help,
				  &args, &nargs);
	if (ret >= 0)
		goto out;
	ret = EXIT_USAGE;
	if (nargs < 2) {
		error_msg("a header and at least one field line are needed");
		goto out;
	}
	ret = EXIT_FAILED;
	if (is_directory(input)) {
		error_msg(
			"'%s' is a directory: give one of its files with --input",
			input);
		goto out;
	}
	if (!strcmp(input, "-") && !output)
		output = "-";
	if (check_fields(args + 1, nargs - 1, &d) || mnt_read(&m, input, &d) ||
	    mnt_add_entry(&m, args[0], args + 1, (size_t)nargs - 1, inherit,
			  &text, &res, &d)) {
		print_add_diags(&d);
		goto out;
	}
	out.path = output ? output : input;
	if (write_outputs(&out, 1))
		goto out;
	if (!quiet) {
		fprintf(stderr, "maint add: '%s' at %s:%lu", args[0], out.path,
			res.lineno);
		if (res.parent)
			fprintf(stderr, ", %zu line%s from '%.*s'",
				res.inherited, res.inherited == 1 ? "" : "s",
				(int)res.parent->header_len,
				res.parent->header);
		else if (inherit)
			fputs(", no parent section found", stderr);
		fputc('\n', stderr);
	}
	ret = EXIT_OK;
out:
	free(args);
	diags_release(&d);
	strbuf_release(&text);
	mnt_release(&m);
	return ret;
}
