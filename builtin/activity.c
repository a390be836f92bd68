// SPDX-License-Identifier: GPL-2.0
/*
 * maint activity: who and what in MAINTAINERS is really active, from the
 * git history.  See doc/maint-activity.1.
 */
#include "builtin.h"
#include "../cli.h"
#include "../parse-options.h"
#include "activity/activity.h"
#include "history/history.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char activity_head[] =
	"usage: maint activity [--json] [--since=WHEN] [--inactive=DURATION]\n"
	"                      [--as-of=DATE] [--top=N] [--fail-on=LEVEL]\n"
	"\n"
	"From the git history of the tree it is run in (one git log, kept in\n"
	"the cache under .git/maint, .mailmap applied): per section its last\n"
	"commit and its commits in the window, and each M:/R: person's last\n"
	"activity anywhere and in the section's files; then the findings at\n"
	"MAINTAINERS:LINE: inactive-section, inactive-person, orphan-active,\n"
	"unowned-busy.  DURATION: Ny, Nm, Nw, Nd (\"2 years\", \"1-year-ago\").\n"
	"\n";

static const char activity_foot[] =
	"Exit status: 0, 1 when a finding is at or above --fail-on, 2 when\n"
	"MAINTAINERS or the history cannot be read, 129 on bad arguments.\n";

struct activity_job {
	const struct activity *a;
	const struct diags *f;
	bool json;
};

static int produce(void *arg, struct sink *s)
{
	struct activity_job *j = arg;
	int ret = j->json ? act_json(j->a, j->f, &s->buf) :
			    act_text(j->a, j->f, &s->buf);

	if (ret) {
		s->err = ENOMEM;
		s->failed = true;
		return -1;
	}
	return sink_finish(s);
}

static int fail_level(const char *s)
{
	if (!strcmp(s, "error"))
		return SEV_ERROR;
	if (!strcmp(s, "warning"))
		return SEV_WARNING;
	if (!strcmp(s, "note"))
		return SEV_NOTE;
	if (!strcmp(s, "never"))
		return SEV_FATAL + 1;
	return -1;
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

/* A --since: a duration back from now, or a date.  -1: neither. */
static long long when(const char *s, long long now)
{
	long long t = act_duration(s);

	if (t >= 0)
		return now - t;
	return act_date(s);
}

/* The option values as given. */
struct activity_args {
	const char *input, *output, *since, *inactive, *as_of, *fail_on;
	const char *mailmap;
	int help, json, top;
};

/* The options checked into o and *level: 0, or -1 (reported). */
static int activity_opts(const struct activity_args *x, struct act_opts *o,
			 int *level)
{
	*level = fail_level(x->fail_on);
	if (*level < 0) {
		error_msg("--fail-on: error, warning, note or never, not '%s'",
			  x->fail_on);
		return -1;
	}
	o->now = (long long)time(NULL);
	if (x->as_of) {
		o->now = act_date(x->as_of);
		if (o->now < 0) {
			error_msg("--as-of: a date YYYY-MM-DD, not '%s'",
				  x->as_of);
			return -1;
		}
	}
	o->window = when(x->since, o->now);
	if (o->window < 0) {
		error_msg(
			"--since: a duration (2y, 6m, 90d) or YYYY-MM-DD, not '%s'",
			x->since);
		return -1;
	}
	o->threshold = act_duration(x->inactive);
	if (o->threshold < 0) {
		error_msg("--inactive: a duration (2y, 18m, 90d), not '%s'",
			  x->inactive);
		return -1;
	}
	if (x->top < 0) {
		error_msg("--top: a number of directories, not %d", x->top);
		return -1;
	}
	o->top = (size_t)x->top;
	/* the history read: back to the earlier, whole days (the cache) */
	o->start = o->window < o->now - o->threshold ? o->window :
						       o->now - o->threshold;
	if (o->start < 0)
		o->start = 0;
	o->start -= o->start % 86400;
	return 0;
}

/*
 * The git log from o->start (to o->now with --as-of), o->partial set for
 * a shallow clone: 0, or -1 (reported).
 */
static int read_history(struct vcs *v, struct act_opts *o, bool as_of,
			struct strbuf *log)
{
	int rc = vcs_activity_log(v, o->start, as_of ? o->now : 0, log);

	print_lines(&v->cache_warn);
	if (rc == VCS_ACT_NOGIT) {
		error_msg(
			"no git history here (git missing, or no .git in the current directory): run it at the top of the tree");
		return -1;
	}
	if (rc) {
		size_t rlen;
		const char *refusal = vcs_refusal(v, &rlen);

		if (rc == VCS_ACT_NOMEM)
			error_msg("out of memory");
		else if (refusal)
			error_msg("git refused the repository: %.*s", (int)rlen,
				  refusal);
		else
			error_msg("git log failed: %.*s",
				  (int)strcspn(v->err.buf ? v->err.buf : "",
					       "\n"),
				  v->err.buf ? v->err.buf : "");
		return -1;
	}
	o->partial = vcs_shallow(v);
	if (o->partial)
		error_msg(
			"a shallow clone: the report covers only the history it has");
	return 0;
}

/*
 * MAINTAINERS: --input, or else the files get reads, as
 * .get_maintainer.conf says (U-Boot's: every MAINTAINERS file below
 * the top).  0, or -1 with the reason in d.
 */
static int read_maintainers(struct gm_getmaint *g,
			    const struct activity_args *x, struct diags *d)
{
	const char *mailmap = *x->mailmap ? x->mailmap : NULL;
	char *conf_path = NULL;
	bool find = false;
	int ret;

	if (x->input)
		return gm_read(g, x->input, false, mailmap, d);
	if (gm_conf_maintainers(&find, &conf_path)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	ret = gm_read(g, conf_path ? conf_path : "MAINTAINERS", find, mailmap,
		      d);
	free(conf_path);
	return ret;
}

int cmd_activity(int argc, char **argv)
{
	struct activity_args x = { NULL,    "-",	"1y", "2y", NULL,
				   "never", ".mailmap", 0,    0,    20 };
	const struct option opts[] = {
		OPT_SET("json", &x.json, "the report as JSON"),
		OPT_STR("since", &x.since, "WHEN",
			"the window: a DURATION back, or YYYY-MM-DD\n"
			"(default: 1y)"),
		OPT_STR("inactive", &x.inactive, "DURATION",
			"idle longer than this is inactive (default: 2y)"),
		OPT_STR("as-of", &x.as_of, "DATE",
			"YYYY-MM-DD: the report as of that day (default:\n"
			"now; later commits left out)"),
		OPT_NUM("top", &x.top, "N",
			"unowned-busy: the N busiest directories (default:\n"
			"20, 0 for all)"),
		OPT_STR("fail-on", &x.fail_on, "LEVEL",
			"exit 1 on a finding at or above: error, warning,\n"
			"note or never (default: never)"),
		OPT_STR("input", &x.input, "FILE",
			"MAINTAINERS file or directory (default:\n"
			"MAINTAINERS, or the files .get_maintainer.conf\n"
			"names)"),
		OPT_STR("mailmap", &x.mailmap, "FILE",
			".mailmap to apply (default: .mailmap; --mailmap=\n"
			"for none)"),
		OPT_STR("output", &x.output, "FILE",
			"file to write, - for stdout (default: -)"),
		OPT_SET("h|help", &x.help, "show this help"),
		OPT_TABLE_END,
	};
	struct gm_getmaint g;
	struct vcs v;
	struct activity a;
	struct act_opts o = { 0 };
	struct diags d = DIAGS_INIT, findings = DIAGS_INIT;
	struct strbuf log = STRBUF_INIT;
	struct activity_job j = { &a, &findings, false };
	struct output out = { NULL, produce, &j };
	char **args = NULL;
	const char *bad, *why;
	int nargs, ret, level;
	bool have_a = false;

	gm_init(&g);
	vcs_init(&v);
	ret = parse_options_usage(argc, argv, opts, activity_head,
				  activity_foot, &x.help, &args, &nargs);
	if (ret >= 0)
		goto out;
	ret = EXIT_USAGE;
	if (nargs) {
		error_msg("unexpected argument '%s'", args[0]);
		goto out;
	}
	if (activity_opts(&x, &o, &level))
		goto out;
	j.json = x.json;
	ret = EXIT_ERROR;
	if (read_maintainers(&g, &x, &d)) {
		print_diags(&d);
		goto out;
	}
	if (!act_is_maintainers(&g, &bad, &why)) {
		error_msg("%s: not a MAINTAINERS file: %s",
			  bad	  ? bad :
			  x.input ? x.input :
				    "MAINTAINERS",
			  why);
		goto out;
	}
	if (read_history(&v, &o, x.as_of != NULL, &log))
		goto out;
	act_init(&a, &g, &o);
	have_a = true;
	if (act_read_log(&a, log.buf, log.len) || act_findings(&a, &findings)) {
		error_msg("out of memory");
		goto out;
	}
	strbuf_release(&log);
	out.path = x.output;
	if (write_outputs(&out, 1))
		goto out;
	ret = diags_worst(&findings) >= level ? EXIT_FINDINGS : EXIT_OK;
out:
	if (have_a)
		act_release(&a);
	free(args);
	diags_release(&d);
	diags_release(&findings);
	strbuf_release(&log);
	vcs_release(&v);
	gm_release(&g);
	return ret;
}
