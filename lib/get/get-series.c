// SPDX-License-Identifier: GPL-2.0
/*
 * get-series: whom a whole series goes to (get --series).  The series is
 * read from files (one mail, an mbox, or a plain diff), directories of
 * git format-patch files (*.patch, by name) and revision ranges (git
 * format-patch --stdout RANGE); each mail that changes a file is answered
 * exactly as get answers it alone, a mail that changes none (the cover
 * letter) gets the answer for all the patches at once, which is what
 * get_maintainer.pl prints for them all on one command line.
 */
#include "get.h"
#include "history/history.h"
#include "model/model.h"
#include "base/base.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct series_mail {
	char *name; /* the file, FILE:LINE in an mbox, or the commit */
	const char *text; /* borrowed from the series' texts */
	size_t len;
	bool patch; /* changes a file (else: a cover letter) */
};

struct gm_series {
	struct strbuf **texts; /* owned, each read once */
	size_t nr_texts, alloc_texts;
	struct series_mail *v;
	size_t nr, alloc;
};

static void series_release(struct gm_series *s)
{
	size_t i;

	for (i = 0; i < s->nr_texts; i++) {
		strbuf_release(s->texts[i]);
		free(s->texts[i]);
	}
	free(s->texts);
	for (i = 0; i < s->nr; i++)
		free(s->v[i].name);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static struct strbuf *series_text(struct gm_series *s)
{
	struct strbuf *sb;

	if (!ALLOC_GROW(s->texts, s->nr_texts + 1, s->alloc_texts))
		return NULL;
	sb = malloc(sizeof(*sb));
	if (!sb)
		return NULL;
	strbuf_init(sb);
	s->texts[s->nr_texts++] = sb;
	return sb;
}

/* A mail of the series named "NAME" or "NAME:LINE".  0, or -1 (ENOMEM). */
static int series_add(struct gm_series *s, const char *name, unsigned long line,
		      const char *text, size_t len)
{
	struct strbuf n = STRBUF_INIT;
	struct series_mail *m;

	if (!ALLOC_GROW(s->v, s->nr + 1, s->alloc))
		return -1;
	strbuf_addstr(&n, name);
	if (line)
		strbuf_addf(&n, ":%lu", line);
	if (n.failed) {
		strbuf_release(&n);
		return -1;
	}
	m = &s->v[s->nr++];
	m->name = strbuf_detach(&n, NULL);
	m->text = text;
	m->len = len;
	m->patch = false;
	return 0;
}

/* The commit of a "From <40 hex> <date>" line, else NULL. */
static const char *from_commit(const char *text, size_t len, size_t *n)
{
	size_t i;

	if (len < 46 || memcmp(text, "From ", 5))
		return NULL;
	for (i = 5; i < 45; i++)
		if (!isxdigit((unsigned char)text[i]))
			return NULL;
	*n = 40;
	return text + 5;
}

/*
 * The mails of text (read from name): an mbox, one mail, or a patch
 * without mail headers (a plain diff).  range: named by their commits.
 * 0, or -1 with the reason in d.
 */
static int series_split(struct gm_series *s, const char *name,
			const struct strbuf *text, bool range, struct diags *d)
{
	struct mnt_mail_box mb = MAIL_BOX_INIT;
	struct diags md = DIAGS_INIT;
	size_t i, n;
	int ret = -1;

	if (memchr(text->buf, '\0', text->len)) {
		diag_add(d, D_NOT_MAIL, name, 0,
			 "%s: not a patch: a binary file (NUL bytes)", name);
		return -1;
	}
	if (!text->len) {
		diag_add(d, D_NOT_MAIL, name, 0, "%s: not a patch: empty",
			 name);
		return -1;
	}
	if (mnt_mail_read(&mb, text->buf, text->len, name, &md)) {
		/* no mail headers: the whole text is one patch (a diff) */
		ret = md.nr && md.v[0].id == D_NOMEM ?
			      -1 :
			      series_add(s, name, 0, text->buf, text->len);
		if (ret)
			diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < mb.nr; i++) {
		const struct mnt_mail_msg *m = &mb.v[i];
		const char *c = range ? from_commit(m->text, m->len, &n) : NULL;
		char commit[41];

		if (c) {
			memcpy(commit, c, n);
			commit[n] = '\0';
		}
		if (series_add(s, c ? commit : name,
			       c || mb.nr == 1 ? 0 : m->line, m->text,
			       m->len)) {
			diag_add(d, D_NOMEM, NULL, 0, "out of memory");
			goto out;
		}
	}
	ret = 0;
out:
	diags_release(&md);
	mnt_mail_box_release(&mb);
	return ret;
}

/*
 * A file of the series ("-": standard input, and so named).  0, or -1
 * with the reason in d.
 */
static int series_file(struct gm_series *s, const char *path, struct diags *d)
{
	struct strbuf *text = series_text(s);
	const char *name = strcmp(path, "-") ? path : "standard input";
	int err = 0;

	if (!text) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	if (read_path(path, text, &err)) {
		diag_add(d, D_OPEN, name, 0, "Can't open %s: %s", name,
			 file_strerror(err));
		d->v[d->nr - 1].err = err;
		return -1;
	}
	return series_split(s, name, text, false, d);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

/*
 * Which names of a directory are patches of the series: *.patch; with
 * like (a cover letter's name, "[vN-]0000-..."), those of its series
 * ("[vN-]NNNN-...patch") but the cover letter itself.
 */
static bool series_member(const char *name, const char *like)
{
	size_t k, i;

	if (!ends_with(name, ".patch"))
		return false;
	if (!like)
		return true;
	k = (size_t)(strstr(like, "0000-") - like);
	if (strncmp(name, like, k) || !strncmp(name + k, "0000-", 5))
		return false;
	for (i = k; i < k + 4; i++)
		if (!isdigit((unsigned char)name[i]))
			return false;
	return name[k + 4] == '-';
}

/*
 * The patches in directory dir (sorted by name) that series_member()
 * takes; skip: a name to leave out.  0, or -1 with the reason in d.
 */
static int series_dir(struct gm_series *s, const char *dir, const char *like,
		      const char *skip, struct diags *d)
{
	struct strbuf path = STRBUF_INIT;
	char **names = NULL;
	size_t nr = 0, i, before = s->nr;
	int err = 0, ret = -1;

	if (list_directory(dir, &names, &nr, &err)) {
		diag_add(d, D_OPEN, dir, 0, "Can't open %s: %s", dir,
			 file_strerror(err));
		d->v[d->nr - 1].err = err;
		return -1;
	}
	if (nr)
		qsort(names, nr, sizeof(*names), cmp_names);
	for (i = 0; i < nr; i++) {
		if (!series_member(names[i], like) ||
		    (skip && !strcmp(names[i], skip)))
			continue;
		strbuf_reset(&path);
		strbuf_addstr(&path, dir);
		if (path.len && path.buf[path.len - 1] != '/')
			strbuf_addch(&path, '/');
		strbuf_addstr(&path, names[i]);
		if (path.failed) {
			diag_add(d, D_NOMEM, NULL, 0, "out of memory");
			goto out;
		}
		if (is_regular(path.buf) && series_file(s, path.buf, d))
			goto out;
	}
	if (s->nr == before && !like)
		diag_add(d, D_NOT_PATCH, dir, 0, "%s: no *.patch file in it",
			 dir);
	else
		ret = 0;
out:
	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	strbuf_release(&path);
	return ret;
}

/*
 * A revision range: git format-patch --stdout RANGE.  0, or -1 with the
 * reason in d (no git, or git does not know the range).
 */
static int series_range(struct gm_series *s, const char *range, struct diags *d)
{
	const char *argv[] = { "git", "format-patch", "--stdout",
			       range, "--",	      NULL };
	struct strbuf *text = series_text(s), why = STRBUF_INIT;
	/* git's complaint is kept for ours, never printed as it is */
	struct run_cmd c = { .argv = argv, .out = text, .err = &why };

	if (!text) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	if (run_command(&c) || c.status) {
		/* 127: the child could not exec git */
		if (c.status == -1 || c.status == 127)
			diag_add(d, D_NO_HISTORY, range, 0,
				 "'%s' is no file, and git could not run to "
				 "read it as a revision range (is git "
				 "installed?)",
				 range);
		else
			diag_add(d, D_OPEN, range, 0,
				 "'%s' is neither a file nor a revision range "
				 "git knows: %.*s",
				 range, (int)strcspn(why.buf, "\n"), why.buf);
		strbuf_release(&why);
		return -1;
	}
	strbuf_release(&why);
	if (!text->len) {
		diag_add(d, D_NOT_PATCH, range, 0, "%s: no commit in the range",
			 range);
		return -1;
	}
	return series_split(s, range, text, true, d);
}

/*
 * The path of arg, relative to the top, given the subdirectory prefix
 * ("DIR/", or NULL) it was named in: the "./" and the "../" that climb
 * out of prefix are dropped, so that the mails are named as they would
 * be from the top ("drivers/../out/x.patch" is "out/x.patch").  The
 * prefix is the physical directory (getcwd()), so each "../" that
 * meets one of its components undoes it exactly.
 */
static void series_path(const char *prefix, const char *arg,
			struct strbuf *path)
{
	size_t plen = prefix && arg[0] != '/' && strcmp(arg, "-") ?
			      strlen(prefix) :
			      0;

	while (plen) {
		if (arg[0] == '.' && (arg[1] == '/' || !arg[1])) {
			arg += 1;
		} else if (!strncmp(arg, "..", 2) &&
			   (arg[2] == '/' || !arg[2])) {
			/* prefix ends with '/': back to the one before */
			do
				plen--;
			while (plen && prefix[plen - 1] != '/');
			arg += 2;
		} else {
			break;
		}
		while (*arg == '/')
			arg++;
	}
	if (plen && !*arg)
		plen--; /* "DIR/" alone: "DIR" */
	if (plen)
		strbuf_add(path, prefix, plen);
	strbuf_addstr(path, *arg || plen || !prefix ? arg : ".");
}

/*
 * One argument: a directory of patches, a file, or a revision range
 * (what is no path).  0, or -1 with the reason in d.
 */
static int series_arg(struct gm_series *s, const char *arg, const char *prefix,
		      struct diags *d)
{
	struct strbuf path = STRBUF_INIT;
	int ret, err;

	series_path(prefix, arg, &path);
	if (path.failed) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		ret = -1;
	} else if (!strcmp(arg, "-") || is_regular(path.buf)) {
		ret = series_file(s, path.buf, d);
	} else if (is_directory(path.buf)) {
		ret = series_dir(s, path.buf, NULL, NULL, d);
	} else if ((err = path_error(path.buf)) && err != ENOENT) {
		diag_add(d, D_OPEN, path.buf, 0, "file '%s': %s", path.buf,
			 file_strerror(err));
		ret = -1;
	} else {
		ret = series_range(s, arg, d);
	}
	strbuf_release(&path);
	return ret;
}

/* --git-blame's hunks of the patch scanned last, forgotten */
static void forget_ranges(const struct gm_opts *o)
{
	struct history *h = o->history;
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->nr_ranges; i++) {
		free(h->ranges[i].file);
		free(h->ranges[i].start);
		free(h->ranges[i].length);
	}
	h->nr_ranges = 0;
}

/*
 * The answer for the patches of the series at once (all: the mails
 * with patch set; else mail i alone, its patch set by what it changes),
 * appended to out (NULL: only scanned).  0, or -1 with the reason in d.
 */
static int series_answer(struct gm_getmaint *g, const struct gm_opts *o,
			 struct gm_series *s, size_t i, bool all,
			 struct strbuf *out, struct diags *d)
{
	struct gm_query q = { 0 };
	size_t k;
	int ret = -1;

	forget_ranges(o);
	for (k = all ? 0 : i; k < (all ? s->nr : i + 1); k++)
		if ((!all || s->v[k].patch) &&
		    gm_scan_patch(g, o, s->v[k].text, s->v[k].len, &q, d))
			goto out;
	if (!all)
		s->v[i].patch = q.nr_files > 0;
	if (gm_db_bad_regex(&g->db, d))
		goto out;
	if (out && (all || s->v[i].patch) && gm_answer(g, o, &q, out, d))
		goto out;
	ret = 0;
out:
	gm_query_release(&q);
	return ret;
}

/* Each line of answer as "NAME<TAB>line" (an empty answer: "NAME<TAB>"). */
static void add_lines(struct strbuf *out, const char *name,
		      const struct strbuf *answer)
{
	const char *l = answer->buf, *e, *end = answer->buf + answer->len;

	do {
		e = memchr(l, '\n', (size_t)(end - l));
		if (!e)
			e = end;
		strbuf_addf(out, "%s\t%.*s\n", name, (int)(e - l), l);
		l = e + 1;
	} while (l < end);
}

/*
 * Per mail, "NAME<TAB>answer" lines (--nomultiline answers): a patch's
 * own answer, the cover letter's the union; without a cover letter the
 * union comes first as "(series)".  0, or -1 with the reason in d.
 */
static int series_lines(struct gm_getmaint *g, const struct gm_opts *opts,
			struct gm_series *s, struct strbuf *out,
			struct diags *d)
{
	struct gm_opts o = *opts;
	struct strbuf *each = calloc(s->nr + 1, sizeof(*each));
	struct strbuf all = STRBUF_INIT;
	size_t i, covers = 0;
	int ret = -1;

	o.output_multiline = 0;
	if (!each)
		goto nomem;
	for (i = 0; i < s->nr; i++) {
		strbuf_init(&each[i]);
		if (s->v[i].patch &&
		    series_answer(g, &o, s, i, false, &each[i], d))
			goto out;
		covers += !s->v[i].patch;
	}
	if (series_answer(g, &o, s, 0, true, &all, d))
		goto out;
	if (!covers)
		add_lines(out, "(series)", &all);
	for (i = 0; i < s->nr; i++)
		add_lines(out, s->v[i].name, s->v[i].patch ? &each[i] : &all);
	ret = out->failed || all.failed ? -1 : 0;
	if (!ret)
		goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	for (i = 0; each && i < s->nr; i++)
		strbuf_release(&each[i]);
	free(each);
	strbuf_release(&all);
	return ret;
}

/*
 * --series=union with one file, a cover letter ("[vN-]0000-*.patch", or
 * any mail that changes no file): the patches beside it stand for it.
 * 0, or -1 with the reason in d.
 */
static int series_siblings(struct gm_series *s, struct diags *d)
{
	struct strbuf dir = STRBUF_INIT;
	const char *name = s->v[0].name, *slash = strrchr(name, '/');
	char *cover = strdup(slash ? slash + 1 : name);
	int ret = -1;

	strbuf_add(&dir, name, slash ? (size_t)(slash - name) + 1 : 0);
	if (!cover || dir.failed) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	free(s->v[0].name);
	s->nr = 0;
	ret = series_dir(s, dir.len ? dir.buf : ".",
			 strstr(cover, "0000-") ? cover : NULL, cover, d);
out:
	free(cover);
	strbuf_release(&dir);
	return ret;
}

/* Which mails are patches (change a file).  0, or -1 with the reason. */
static int series_classify(struct gm_getmaint *g, const struct gm_opts *o,
			   struct gm_series *s, size_t *patches,
			   struct diags *d)
{
	size_t i;

	*patches = 0;
	for (i = 0; i < s->nr; i++) {
		if (series_answer(g, o, s, i, false, NULL, d))
			return -1;
		*patches += s->v[i].patch;
	}
	return 0;
}

int gm_get_series(struct gm_getmaint *g, const struct gm_opts *o,
		  const struct gm_request *rq, bool lines, struct strbuf *out,
		  struct diags *d)
{
	struct gm_series s = { 0 };
	size_t i, patches;
	int ret = -1;

	for (i = 0; i < (rq->nr ? rq->nr : 1); i++)
		if (series_arg(&s, rq->nr ? rq->paths[i] : "-", rq->prefix, d))
			goto out;
	if (!s.nr) {
		diag_add(d, D_NOT_PATCH, NULL, 0, "no patch in the series");
		goto out;
	}
	if (series_classify(g, o, &s, &patches, d))
		goto out;
	/* one cover letter alone: the patches beside it */
	if (!patches && !lines && rq->nr == 1 && s.nr == 1 && s.nr_texts == 1 &&
	    (series_siblings(&s, d) || series_classify(g, o, &s, &patches, d)))
		goto out;
	if (!patches) {
		diag_add(d, D_NOT_PATCH, s.nr ? s.v[0].name : NULL, 0,
			 "%s: no mail of the series changes a file",
			 s.nr ? s.v[0].name : "the series");
		goto out;
	}
	ret = lines ? series_lines(g, o, &s, out, d) :
		      series_answer(g, o, &s, 0, true, out, d);
	if (!ret)
		gm_db_limit_diags(&g->db, d);
out:
	series_release(&s);
	return ret;
}
