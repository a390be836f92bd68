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

/* ---- a patch to MAINTAINERS ---- */

struct pfile {
	char *path; /* as the tree names it */
	struct strbuf text; /* after the patch */
	bool *touched; /* by post-image line, 1-based */
	bool *header_hit; /* headers of sections with a touched line */
	size_t nr_lines;
	bool deleted;
};

struct hunk_line {
	char op; /* ' ', '-', '+' */
	const char *s;
	size_t len; /* with the newline, if any */
};

static bool is_maintainers_path(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i + 11 <= len; i++)
		if (!memcmp(p + i, "MAINTAINERS", 11) &&
		    (i == 0 || p[i - 1] == '/') &&
		    (i + 11 == len || p[i + 11] == '/'))
			return true;
	return false;
}

static void split_text(const char *s, size_t len, const char ***v,
		       size_t **lens, size_t *n)
{
	size_t a1 = 0, a2 = 0;
	const char *p = s, *end = s + len;

	*v = NULL;
	*lens = NULL;
	*n = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl + 1 - p) : (size_t)(end - p);

		if (!ALLOC_GROW(*v, *n + 1, a1) ||
		    !ALLOC_GROW(*lens, *n + 1, a2))
			return;
		(*v)[*n] = p;
		(*lens)[(*n)++] = l;
		p += l;
	}
}

/*
 * Apply one file's hunks to old (or see that old already has them).
 * 0, or -1 when they do not fit.
 */
static int apply(struct pfile *pf, const char *old, size_t olen,
		 const struct hunk_line *hl, const size_t *hstart,
		 const size_t *ostart, const size_t *nstart, size_t nh,
		 size_t nl)
{
	const char **ov = NULL;
	size_t *ol = NULL, on = 0, h, i, at = 0, post = 0;
	int ret = -1, pass;

	split_text(old, olen, &ov, &ol, &on);
	for (pass = 0; pass < 2; pass++) {
		/* pass 0: old is the pre-image; pass 1: the post-image */
		strbuf_reset(&pf->text);
		free(pf->touched);
		pf->touched = calloc(on + nl + 2, sizeof(bool));
		if (!pf->touched)
			goto out;
		at = 0;
		post = 0;
		for (h = 0; h < nh; h++) {
			size_t start = pass ? nstart[h] : ostart[h];
			size_t want = start ? start - 1 : 0;
			size_t end = h + 1 < nh ? hstart[h + 1] : nl;

			while (at < want && at < on) {
				strbuf_add(&pf->text, ov[at], ol[at]);
				at++;
				post++;
			}
			for (i = hstart[h]; i < end; i++) {
				char op = hl[i].op;
				bool in_old = pass ? op != '-' : op != '+';

				if (in_old) {
					if (at >= on || ol[at] != hl[i].len ||
					    memcmp(ov[at], hl[i].s, hl[i].len))
						break;
					at++;
				}
				if (op == '-') {
					pf->touched[post + 1] = true;
					continue;
				}
				strbuf_add(&pf->text, hl[i].s, hl[i].len);
				post++;
				if (op == '+')
					pf->touched[post] = true;
			}
			if (i < end)
				break;
		}
		if (h == nh)
			break;
		if (pass == 1)
			goto out;
	}
	for (; at < on; at++)
		strbuf_add(&pf->text, ov[at], ol[at]);
	pf->nr_lines = post + (on - at) + 1;
	ret = strbuf_failed(&pf->text) ? -1 : 0;
out:
	free(ov);
	free(ol);
	return ret;
}

static bool field_line(const char *s, size_t len)
{
	return len > 1 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == ':';
}

/*
 * The headers of the sections the patch touches: a non-field line whose
 * field lines, or the line that ends them, are touched.  0 or -1.
 */
static int mark_headers(struct pfile *pf)
{
	const char **v = NULL;
	size_t *lens = NULL, n, l, e, k;

	split_text(pf->text.buf, pf->text.len, &v, &lens, &n);
	pf->header_hit = calloc(pf->nr_lines + 1, sizeof(bool));
	if (!pf->header_hit || (n && (!v || !lens))) {
		free(v);
		free(lens);
		return -1;
	}
	for (l = 1; l <= n; l++) {
		if (field_line(v[l - 1], lens[l - 1]))
			continue;
		for (e = l + 1; e <= n && field_line(v[e - 1], lens[e - 1]);
		     e++)
			;
		for (k = l + 1; k <= e && k < pf->nr_lines; k++)
			if (pf->touched[k]) {
				pf->header_hit[l] = l < pf->nr_lines;
				break;
			}
	}
	free(v);
	free(lens);
	return 0;
}

static int read_patch(const char *name, struct pfile **files, size_t *nr)
{
	struct strbuf text = STRBUF_INIT, old = STRBUF_INIT;
	struct hunk_line *hl = NULL;
	size_t *hstart = NULL, *ostart = NULL, *nstart = NULL, nh = 0, nl = 0,
	       a1 = 0, a2 = 0, a3 = 0, a4 = 0, alloc = 0;
	const char **lv = NULL;
	size_t *ll = NULL, n = 0, i;
	char *target = NULL;
	bool dev_null = false;
	int err = 0, ret = -1;

	if (!strcmp(name, "-") ? read_fd(0, &text, &err) :
				 read_path(name, &text, &err)) {
		error_msg("%s: %s", name, strerror(err));
		return -1;
	}
	split_text(text.buf, text.len, &lv, &ll, &n);
	for (i = 0; i <= n; i++) {
		const char *s = i < n ? lv[i] : "";
		size_t len = i < n ? ll[i] : 0;

		if (i == n || (len > 4 && !memcmp(s, "--- ", 4) && i + 1 < n &&
			       !memcmp(lv[i + 1], "+++ ", 4))) {
			/* the previous file is complete */
			if (target && nh) {
				struct pfile *pf;

				if (!ALLOC_GROW(*files, *nr + 1, alloc))
					goto out;
				pf = &(*files)[(*nr)++];
				memset(pf, 0, sizeof(*pf));
				pf->path = target;
				target = NULL;
				strbuf_init(&pf->text);
				strbuf_reset(&old);
				if (!dev_null &&
				    read_path(pf->path, &old, &err)) {
					error_msg("%s: %s", pf->path,
						  strerror(err));
					goto out;
				}
				if (apply(pf, old.buf, old.len, hl, hstart,
					  ostart, nstart, nh, nl)) {
					error_msg("%s: patch does not apply to "
						  "%s",
						  name, pf->path);
					goto out;
				}
				if (mark_headers(pf)) {
					error_msg("out of memory");
					goto out;
				}
			}
			free(target);
			target = NULL;
			nh = nl = 0;
			if (i == n)
				break;
			dev_null = !strncmp(s + 4, "/dev/null", 9);
			s = lv[++i];
			len = ll[i];
			while (len &&
			       (s[len - 1] == '\n' || s[len - 1] == '\r'))
				len--;
			{
				const char *p = s + 4, *e = s + len, *tab;

				if (e < p)
					e = p;
				tab = memchr(p, '\t', (size_t)(e - p));
				if (tab)
					e = tab;
				if (e - p > 2 && p[1] == '/' &&
				    strncmp(p, "/dev/null", 9))
					p += 2;
				if (is_maintainers_path(p, (size_t)(e - p)) &&
				    strncmp(p, "/dev/null", 9))
					target = strndup(p, (size_t)(e - p));
			}
			continue;
		}
		if (!target)
			continue;
		if (len > 3 && !memcmp(s, "@@ -", 4)) {
			char *p;
			unsigned long o = strtoul(s + 4, &p, 10), nw = 0;

			p = memchr(s, '+', len);
			if (p)
				nw = strtoul(p + 1, NULL, 10);
			if (!ALLOC_GROW(hstart, nh + 1, a1) ||
			    !ALLOC_GROW(ostart, nh + 1, a2) ||
			    !ALLOC_GROW(nstart, nh + 1, a4))
				goto out;
			hstart[nh] = nl;
			nstart[nh] = nw;
			ostart[nh++] = o;
			continue;
		}
		if (!nh || !len || !strchr(" -+", s[0]))
			continue;
		if (!ALLOC_GROW(hl, nl + 1, a3))
			goto out;
		hl[nl].op = s[0];
		hl[nl].s = s + 1;
		hl[nl].len = len - 1;
		/* "\ No newline at end of file" takes the newline away */
		if (i + 1 < n && ll[i + 1] > 1 && lv[i + 1][0] == '\\' &&
		    hl[nl].len && hl[nl].s[hl[nl].len - 1] == '\n')
			hl[nl].len--;
		nl++;
	}
	ret = 0;
out:
	free(target);
	free(hl);
	free(hstart);
	free(ostart);
	free(nstart);
	free(lv);
	free(ll);
	strbuf_release(&text);
	strbuf_release(&old);
	return ret;
}

static const char *strip_dot(const char *p)
{
	while (p[0] == '.' && p[1] == '/')
		p += 2;
	return p;
}

/* Read db again with the patched texts in place of the files'. */
static int patch_db(struct gm_db *db, struct pfile *pf, size_t npf,
		    struct diags *d)
{
	size_t n = db->nr_names, i, k, total = n + npf;
	char **names = calloc(total + 1, sizeof(*names));
	char **data = calloc(total + 1, sizeof(*data));
	size_t *len = calloc(total + 1, sizeof(*len));
	bool *used = calloc(npf + 1, sizeof(bool));
	size_t m = 0;
	struct gm_db fresh;
	int ret = -1;

	if (!names || !data || !len || !used)
		goto out;
	for (i = 0; i < n; i++) {
		const char *src = db->maps[i].data;
		size_t sl = db->maps[i].len;

		for (k = 0; k < npf; k++)
			if (!strcmp(strip_dot(db->names[i]),
				    strip_dot(pf[k].path))) {
				used[k] = true;
				src = pf[k].text.buf;
				sl = pf[k].text.len;
				free(pf[k].path);
				pf[k].path = strdup(db->names[i]);
			}
		names[m] = strdup(db->names[i]);
		data[m] = malloc(sl + 1);
		if (!names[m] || !data[m])
			goto out;
		memcpy(data[m], src, sl);
		len[m++] = sl;
	}
	for (k = 0; k < npf; k++) {
		if (used[k])
			continue;
		names[m] = strdup(pf[k].path);
		data[m] = malloc(pf[k].text.len + 1);
		if (!names[m] || !data[m])
			goto out;
		memcpy(data[m], pf[k].text.buf, pf[k].text.len);
		len[m++] = pf[k].text.len;
	}
	gm_db_init(&fresh);
	if (gm_db_read_texts(&fresh, names, data, len, m, d)) {
		names = NULL;
		gm_db_release(&fresh);
		goto out;
	}
	names = NULL;
	gm_db_release(db);
	*db = fresh;
	ret = 0;
out:
	if (names)
		for (i = 0; i < m; i++) {
			free(names[i]);
			free(data[i]);
		}
	free(names);
	free(data);
	free(len);
	free(used);
	return ret;
}

/* Is a finding about something the patch changed? */
static bool in_patch(const struct diag *dg, const struct pfile *pf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!dg->file ||
		    strcmp(strip_dot(dg->file), strip_dot(pf[i].path)))
			continue;
		return dg->line < pf[i].nr_lines &&
		       (pf[i].touched[dg->line] || pf[i].header_hit[dg->line]);
	}
	return false;
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
	struct pfile *pf = NULL;
	size_t npf = 0, k;
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
	for (i = 0; i < nargs; i++)
		if (read_patch(args[i], &pf, &npf))
			goto out;
	if (nargs && !npf) {
		/* nothing to check: the patches leave MAINTAINERS alone */
		ret = 0;
		goto out;
	}
	if (npf && patch_db(&db, pf, npf, &d)) {
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
		keep[k] = !npf || in_patch(&d.v[k], pf, npf);
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
	for (k = 0; k < npf; k++) {
		free(pf[k].path);
		strbuf_release(&pf[k].text);
		free(pf[k].touched);
		free(pf[k].header_hit);
	}
	free(pf);
	free(keep);
	free(args);
	ck_tree_release(&tree);
	gm_db_release(&db);
	diags_release(&d);
	strbuf_release(&e);
	strbuf_release(&out);
	return ret;
}
