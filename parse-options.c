// SPDX-License-Identifier: GPL-2.0
#include "parse-options.h"

#include "cli.h"
#include "base/base.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Does name (length len) appear among the '|'-separated names? */
static bool name_matches(const char *names, const char *name, size_t len)
{
	const char *p = names;

	while (*p) {
		const char *end = strchr(p, '|');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n == len && !strncasecmp(p, name, len))
			return true;
		if (!end)
			break;
		p = end + 1;
	}
	return false;
}

static const struct option *find_option(const struct option *opts,
					const char *name, size_t len,
					int *negated)
{
	const struct option *o;

	*negated = 0;
	for (o = opts; o->kind != OPT_END; o++)
		if (o->names && name_matches(o->names, name, len))
			return o;
	for (o = opts; o->kind != OPT_END; o++) {
		if (!o->negatable || !o->names)
			continue;
		if (len > 3 && !strncasecmp(name, "no-", 3) &&
		    name_matches(o->names, name + 3, len - 3))
			break;
		if (len > 2 && !strncasecmp(name, "no", 2) &&
		    name_matches(o->names, name + 2, len - 2))
			break;
	}
	if (o->kind == OPT_END)
		return NULL;
	*negated = 1;
	return o;
}

static int parse_int(const char *s, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < INT_MIN || v > INT_MAX)
		return -1;
	*out = (int)v;
	return 0;
}

/* Each name of o as help shows it: "-f", "--file", "--[no-]email". */
static void option_names(struct strbuf *sb, const struct option *o,
			 const char *sep)
{
	const char *p = o->names;

	while (*p) {
		size_t n = strcspn(p, "|");

		if (sb->len && sep)
			strbuf_addstr(sb, sep);
		/* Getopt::Long takes --m and --nom for a negatable -m */
		strbuf_addstr(sb, o->negatable ? "--[no-]" :
				  n == 1       ? "-" :
						 "--");
		strbuf_add(sb, p, n);
		p += n + (p[n] == '|');
	}
}

static void list_options(const struct option *opts)
{
	struct strbuf sb = STRBUF_INIT;
	const struct option *o;

	for (o = opts; o->kind != OPT_END; o++) {
		if (!o->names)
			continue;
		strbuf_reset(&sb);
		option_names(&sb, o, "\n");
		printf("%s\n", sb.buf);
	}
	strbuf_release(&sb);
}

#define HELP_COLUMN 26

void usage_with_options(struct strbuf *out, const char *head,
			const struct option *opts, const char *foot)
{
	struct strbuf spec = STRBUF_INIT;
	const struct option *o;

	strbuf_addstr(out, head);
	for (o = opts; o->kind != OPT_END; o++) {
		const char *h = o->help, *nl;

		if (!h)
			continue;
		if (o->kind == OPT_GROUP) {
			strbuf_addf(out, "\n%s\n", h);
			continue;
		}
		strbuf_reset(&spec);
		option_names(&spec, o, ", ");
		if (o->argh)
			strbuf_addf(&spec,
				    o->kind == OPT_OPTSTRING ? "[=%s]" : "=%s",
				    o->argh);
		strbuf_addf(out, "  %s", spec.buf);
		if (spec.len + 4 > HELP_COLUMN)
			strbuf_addf(out, "\n%*s", HELP_COLUMN, "");
		else
			strbuf_addf(out, "%*s",
				    (int)(HELP_COLUMN - 2 - spec.len), "");
		while ((nl = strchr(h, '\n'))) {
			strbuf_add(out, h, (size_t)(nl + 1 - h));
			strbuf_addf(out, "%*s", HELP_COLUMN, "");
			h = nl + 1;
		}
		strbuf_addf(out, "%s\n", h);
	}
	if (foot)
		strbuf_addf(out, "\n%s", foot);
	strbuf_release(&spec);
}

void print_usage(FILE *f, const char *head, const struct option *opts,
		 const char *foot)
{
	struct strbuf sb = STRBUF_INIT;

	usage_with_options(&sb, head, opts, foot);
	if (!strbuf_failed(&sb))
		fputs(sb.buf, f);
	strbuf_release(&sb);
}

int parse_options_usage(int argc, char **argv, const struct option *opts,
			const char *head, const char *foot, const int *help,
			char ***args, int *nargs)
{
	struct strbuf err = STRBUF_INIT;
	int r = parse_options(argc, argv, opts, args, nargs, &err);

	if (r == PARSE_OPT_LISTED) {
		r = EXIT_OK;
	} else if (r) {
		error_msg("%s", err.buf);
		r = EXIT_USAGE;
	} else if (*help) {
		print_usage(stdout, head, opts, foot);
		r = EXIT_OK;
	} else {
		r = -1;
	}
	strbuf_release(&err);
	return r;
}

/*
 * Set what option o (given as name[0..len), negated or not, its value
 * after eq when not NULL) sets, taking its value from argv[*i + 1] when
 * it needs one.  0, or -1 with the message in err.
 */
static int apply_option(const struct option *o, int negated, const char *name,
			size_t len, const char *eq, int argc, char **argv,
			int *i, struct strbuf *err)
{
	const char *v;

	if (negated && eq) {
		strbuf_addf(err, "Option %.*s does not take an argument",
			    (int)len, name);
		return -1;
	}
	switch (o->kind) {
	case OPT_FLAG:
	case OPT_COUNT:
		if (eq) {
			strbuf_addf(err,
				    "Option %.*s does not take an argument",
				    (int)len, name);
			return -1;
		}
		if (o->kind == OPT_COUNT && !negated)
			(*o->flag)++;
		else
			*o->flag = !negated;
		break;
	case OPT_OPTSTRING:
		*o->flag = !negated;
		if (eq && o->str)
			*o->str = eq + 1;
		break;
	case OPT_STRING:
	case OPT_INT:
		if (eq) {
			v = eq + 1;
		} else if (*i + 1 < argc) {
			v = argv[++*i];
		} else {
			strbuf_addf(err, "Option %.*s requires an argument",
				    (int)len, name);
			return -1;
		}
		if (o->kind == OPT_STRING) {
			*o->str = v;
		} else if (parse_int(v, o->flag)) {
			strbuf_addf(
				err,
				"Value \"%s\" invalid for option %.*s (number expected)",
				v, (int)len, name);
			return -1;
		}
		break;
	case OPT_END:
	case OPT_GROUP:
		break;
	}
	return 0;
}

int parse_options(int argc, char **argv, const struct option *opts,
		  char ***args, int *nargs, struct strbuf *err)
{
	int i, negated;

	*args = calloc((size_t)(argc > 0 ? argc : 1), sizeof(**args));
	*nargs = 0;
	if (!*args) {
		strbuf_addstr(err, "out of memory");
		return -1;
	}
	if (argc == 2 && !strcmp(argv[1], "--list-options-table")) {
		list_options(opts);
		goto listed;
	}
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *name, *eq;
		const struct option *o;
		size_t len;

		if (!strcmp(a, "--git-completion-helper")) {
			parse_options_complete(opts, stdout);
			goto listed;
		}
		if (!strcmp(a, "--")) {
			while (++i < argc)
				(*args)[(*nargs)++] = argv[i];
			break;
		}
		if (a[0] != '-' || !a[1]) {
			(*args)[(*nargs)++] = argv[i];
			continue;
		}
		name = a + 1 + (a[1] == '-');
		eq = strchr(name, '=');
		len = eq ? (size_t)(eq - name) : strlen(name);
		o = find_option(opts, name, len, &negated);
		if (!o) {
			strbuf_addf(err, "Unknown option: %.*s", (int)len,
				    name);
			parse_options_suggest(opts, name, len, err);
			goto fail;
		}
		if (apply_option(o, negated, name, len, eq, argc, argv, &i,
				 err))
			goto fail;
	}
	return 0;
listed:
	free(*args);
	*args = NULL;
	*nargs = 0;
	return PARSE_OPT_LISTED;
fail:
	free(*args);
	*args = NULL;
	*nargs = 0;
	return -1;
}

/*
 * Every name in the table, long ones as "--name", one-letter ones as
 * "-n", then the negated forms of negatable options as "--noname" (the
 * way the kernel's Perl scripts spell them: --nogit, --nol), one line.
 */
int parse_options_complete(const struct option *opts, FILE *out)
{
	const struct option *o;
	const char *p, *end;
	size_t n;
	int neg, sep = 0;

	for (neg = 0; neg < 2; neg++) {
		for (o = opts; o->kind != OPT_END; o++) {
			if (!o->names || (neg && !o->negatable))
				continue;
			for (p = o->names; *p; p = end + 1) {
				end = strchr(p, '|');
				n = end ? (size_t)(end - p) : strlen(p);
				fprintf(out, "%s%s%s%.*s", sep++ ? " " : "",
					n > 1 || neg ? "--" : "-",
					neg ? "no" : "", (int)n, p);
				if (!end)
					break;
			}
		}
	}
	fputc('\n', out);
	return fflush(out) || ferror(out) ? -1 : 0;
}

/* One candidate: remember it when it is the nearest so far. */
static void suggest_one(const char *name, size_t len, const char *prefix,
			const char *cand, size_t clen, size_t *best,
			struct strbuf *list)
{
	struct strbuf full;
	size_t d;

	strbuf_init(&full);
	strbuf_addstr(&full, prefix);
	strbuf_add(&full, cand, clen);
	if (!strbuf_failed(&full)) {
		d = suggest_distance(name, len, full.buf, full.len);
		if (d < *best) {
			*best = d;
			strbuf_reset(list);
		}
		if (d == *best)
			strbuf_addf(list, "%s'%s%s'", list->len ? " or " : "",
				    full.len > 1 ? "--" : "-", full.buf);
	}
	strbuf_release(&full);
}

/*
 * "\ndid you mean '--json'?" appended to err when an option in the
 * table (or its negation) is near the unknown name.
 */
void parse_options_suggest(const struct option *opts, const char *name,
			   size_t len, struct strbuf *err)
{
	const struct option *o;
	const char *p, *end;
	struct strbuf list;
	size_t n, best = (size_t)-1;

	strbuf_init(&list);
	for (o = opts; o->kind != OPT_END; o++) {
		if (!o->names)
			continue;
		for (p = o->names; *p; p = end + 1) {
			end = strchr(p, '|');
			n = end ? (size_t)(end - p) : strlen(p);
			suggest_one(name, len, "", p, n, &best, &list);
			if (o->negatable)
				suggest_one(name, len, "no", p, n, &best,
					    &list);
			if (!end)
				break;
		}
	}
	if (suggest_close(best, len) && !strbuf_failed(&list))
		strbuf_addf(err, "\ndid you mean %s?", list.buf);
	strbuf_release(&list);
}
