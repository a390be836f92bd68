// SPDX-License-Identifier: GPL-2.0
/*
 * history: get_maintainer.pl's use of git history, line for line (see
 * history.h).
 */
#include "history.h"

#include "base/base.h"

#include <stdint.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void hist_opts_default(struct hist_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->since = "1-year-ago";
	o->min_signatures = 1;
	o->max_maintainers = 5;
	o->min_percent = 5;
	o->rolestats = 1;
	o->blame_signatures = 1;
}

void hist_init(struct history *h, const struct hist_opts *o,
	       const struct hist_ops *ops)
{
	memset(h, 0, sizeof(*h));
	vcs_init(&h->vcs);
	h->o = *o;
	h->ops = *ops;
}

void hist_release(struct history *h)
{
	size_t i;

	vcs_release(&h->vcs);
	for (i = 0; i < h->nr_ignore; i++)
		strbuf_release(&h->ignore[i]);
	free(h->ignore);
	for (i = 0; i < h->nr_ranges; i++) {
		free(h->ranges[i].file);
		free(h->ranges[i].start);
		free(h->ranges[i].length);
	}
	free(h->ranges);
	perlre_free(&h->re_chiefs);
	memset(h, 0, sizeof(*h));
}

/* ---- lists of strings ---- */

static struct strbuf *slist_add(struct history *h, struct strlist *l,
				const char *s, size_t len)
{
	if (l->nr == l->alloc) {
		size_t na = l->alloc ? 2 * l->alloc : 16;
		struct strbuf *nv = realloc(l->v, na * sizeof(*nv));

		if (!nv) {
			h->nomem = true;
			return NULL;
		}
		l->v = nv;
		l->alloc = na;
	}
	strbuf_init(&l->v[l->nr]);
	strbuf_add(&l->v[l->nr], s, len);
	if (strbuf_failed(&l->v[l->nr]))
		h->nomem = true;
	return &l->v[l->nr++];
}

static void slist_release(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		strbuf_release(&l->v[i]);
	free(l->v);
	l->v = NULL;
	l->nr = l->alloc = 0;
}

/* ---- .get_maintainer.ignore ---- */

static struct perlre re_ign_trail = PERLRE("\\s*\\n?$", 0);
static struct perlre re_ign_lead = PERLRE("^\\s*", 0);
static struct perlre re_ign_rtrim = PERLRE("\\s+$", 0);
static struct perlre re_ign_comment = PERLRE("#.*$", 0);
static struct perlre re_ign_blank = PERLRE("^\\s*$", 0);

/* perlre_match() for h: out of memory sets h->nomem. */
static int hmatch(struct history *h, struct perlre *re, const char *s,
		  size_t len)
{
	int r = perlre_match(re, s, len);

	if (r == PERLRE_NOMEM)
		h->nomem = true;
	return r;
}

/* perlre_subst() for h: out of memory sets h->nomem. */
static int hsubst(struct history *h, struct perlre *re, const char *s,
		  size_t len, const char *replacement, struct strbuf *out)
{
	int r = perlre_subst(re, s, len, replacement, false, out);

	if (r == PERLRE_NOMEM || strbuf_failed(out))
		h->nomem = true;
	return r;
}

static void subst(struct history *h, struct perlre *re, struct strbuf *sb,
		  struct strbuf *tmp)
{
	if (hsubst(h, re, sb->buf, sb->len, "", tmp) > 0) {
		strbuf_reset(sb);
		strbuf_addbuf(sb, tmp);
	}
}

int hist_read_ignore(struct history *h)
{
	const char *home = getenv("HOME");
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	struct strbuf line = STRBUF_INIT, tmp = STRBUF_INIT;
	const char *p, *end;
	int err = 0, ret = 0, valid;

	/* which_conf(): split(/:/, ".:$ENV{HOME}:.scripts") */
	strbuf_addstr(&path, "./.get_maintainer.ignore");
	if (access(path.buf, F_OK)) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/.get_maintainer.ignore",
			    home ? home : "");
		if (!home || !*home || access(path.buf, F_OK)) {
			strbuf_reset(&path);
			strbuf_addstr(&path, ".scripts/.get_maintainer.ignore");
			if (access(path.buf, F_OK))
				goto out;
		}
	}
	if (!is_regular(path.buf) || read_path(path.buf, &text, &err)) {
		if (err == ENOMEM)
			ret = -1;
		goto out;
	}
	for (p = text.buf, end = text.buf + text.len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		nl = nl ? nl + 1 : end;
		strbuf_reset(&line);
		strbuf_add(&line, p, (size_t)(nl - p));
		p = nl;
		subst(h, &re_ign_trail, &line, &tmp);
		subst(h, &re_ign_lead, &line, &tmp);
		subst(h, &re_ign_rtrim, &line, &tmp);
		subst(h, &re_ign_comment, &line, &tmp);
		if (hmatch(h, &re_ign_blank, line.buf, line.len) > 0)
			continue;
		if (h->nomem || strbuf_failed(&line)) {
			ret = -1;
			goto out;
		}
		valid = h->ops.valid(h->ops.ctx, line.buf, line.len);
		if (valid < 0) {
			ret = -1;
			goto out;
		}
		if (!valid)
			continue;
		{
			struct strbuf *nv = realloc(
				h->ignore, (h->nr_ignore + 1) * sizeof(*nv));

			if (!nv) {
				ret = -1;
				goto out;
			}
			h->ignore = nv;
			strbuf_init(&nv[h->nr_ignore]);
			strbuf_addbuf(&nv[h->nr_ignore++], &line);
		}
	}
out:
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&line);
	strbuf_release(&tmp);
	return ret;
}

bool hist_ignored(const struct history *h, const char *line, size_t len)
{
	size_t i;

	for (i = 0; i < h->nr_ignore; i++)
		if (h->ignore[i].len == len &&
		    !memcmp(h->ignore[i].buf, line, len))
			return true;
	return false;
}

int hist_add_range(struct history *h, const char *file, const char *start,
		   const char *length)
{
	struct hist_range *r;

	if (h->nr_ranges == h->alloc_ranges) {
		size_t na = h->alloc_ranges ? 2 * h->alloc_ranges : 16;

		r = realloc(h->ranges, na * sizeof(*r));
		if (!r)
			return -1;
		h->ranges = r;
		h->alloc_ranges = na;
	}
	r = &h->ranges[h->nr_ranges];
	r->file = strdup(file);
	r->start = strdup(start);
	r->length = strdup(length);
	if (!r->file || !r->start || !r->length) {
		free(r->file);
		free(r->start);
		free(r->length);
		return -1;
	}
	h->nr_ranges++;
	return 0;
}

/* ---- vcs_assign() ---- */

struct counted {
	const struct strbuf *s;
	long n;
};

static int cmp_strbuf(const void *a, const void *b)
{
	const struct strbuf *x = a, *y = b;

	return bytecmp(x->buf, x->len, y->buf, y->len);
}

static int cmp_counted(const void *a, const void *b)
{
	const struct counted *x = a, *y = b;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return bytecmp(x->s->buf, x->s->len, y->s->buf, y->s->len);
}

static int cmp_counted_line(const void *a, const void *b)
{
	const struct counted *x = a, *y = b;

	return bytecmp(x->s->buf, x->s->len, y->s->buf, y->s->len);
}

/* sprintf("%.0f") as Perl does it (F0convert(): half to even) */
static unsigned long long round_percent(double nv)
{
	unsigned long long uv = (unsigned long long)nv;

	if ((double)uv != nv) {
		nv += 0.5;
		uv = (unsigned long long)nv;
		if ((uv & 1) && (double)uv == nv)
			uv--;
	}
	return uv;
}

/*
 * vcs_assign() on lines (copied: the script's @lines is a copy), line i
 * given weight[i] times (NULL: once).
 */
static void assign(struct history *h, const char *role, long divisor,
		   const struct strbuf *lines, const long *weight, size_t n)
{
	struct strbuf *l;
	struct counted *c;
	struct strbuf r = STRBUF_INIT;
	size_t i, k, nc = 0, nl = 0;
	long count = 0;

	if (!n)
		return;
	if (divisor <= 0)
		divisor = 1; /* the script warns "Bad divisor" */
	l = calloc(n, sizeof(*l));
	c = calloc(n, sizeof(*c));
	if (!l || !c) {
		h->nomem = true;
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (weight && weight[i] <= 0)
			continue;
		strbuf_init(&l[nl]);
		strbuf_addbuf(&l[nl], &lines[i]);
		h->ops.mailmap(h->ops.ctx, &l[nl]);
		nl++;
	}
	/* sort then count (uniq -c), each line with its weight */
	for (i = 0, k = 0; i < n; i++) {
		if (weight && weight[i] <= 0)
			continue;
		c[k].s = &l[k];
		c[k++].n = weight ? weight[i] : 1;
	}
	qsort(c, nl, sizeof(*c), cmp_counted_line);
	for (i = 0; i < nl; i++) {
		if (nc && !cmp_strbuf(c[nc - 1].s, c[i].s)) {
			c[nc - 1].n += c[i].n;
			continue;
		}
		c[nc++] = c[i];
	}
	qsort(c, nc, sizeof(*c), cmp_counted);
	for (i = 0; i < nc; i++) {
		double percent;

		if (c[i].n * 100 % divisor)
			percent = (double)(c[i].n * 100) / (double)divisor;
		else
			percent = (double)(c[i].n * 100 / divisor);
		if (percent > 100)
			percent = 100;
		if (hist_ignored(h, c[i].s->buf, c[i].s->len))
			continue;
		count++;
		if (c[i].n < h->o.min_signatures ||
		    count > h->o.max_maintainers || percent < h->o.min_percent)
			break;
		strbuf_reset(&r);
		if (h->o.rolestats)
			strbuf_addf(&r, "%s:%ld/%ld=%llu%%", role, c[i].n,
				    divisor, round_percent(percent));
		else
			strbuf_addstr(&r, role);
		if (strbuf_failed(&r)) {
			h->nomem = true;
			break;
		}
		h->ops.push(h->ops.ctx, c[i].s->buf, c[i].s->len, r.buf);
	}
out:
	for (i = 0; l && i < nl; i++)
		strbuf_release(&l[i]);
	free(l);
	free(c);
	strbuf_release(&r);
}

void hist_assign(struct history *h, const char *role, long divisor,
		 const struct strbuf *lines, size_t n)
{
	assign(h, role, divisor, lines, NULL, n);
}

/* ---- vcs_find_signers() ---- */

static struct perlre re_commit = PERLRE("^GitCommit: ([0-9a-f]{40,40})", 0);
static struct perlre re_author = PERLRE("^GitAuthor: (.*)", 0);
static struct perlre re_sig3 =
	PERLRE("^[ \\t]*(Signed-off-by:|Reviewed-by:|Acked-by:).*\\@.*$", 0);
static struct perlre re_sig_all = PERLRE("^[ \\t]*(.+?)[Bb][Yy]:.*\\@.*$", 0);
static struct perlre re_extract = PERLRE("\\s*.*:\\s*(.+)\\s*", 0);
static struct perlre re_blame = PERLRE("^([0-9a-f]+) ", 0);

/* extract_formatted_signatures(): the part after the last colon, deduped */
static void extract(struct history *h, struct strlist *l)
{
	struct strbuf tmp = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->nr; i++) {
		if (hsubst(h, &re_extract, l->v[i].buf, l->v[i].len, "$1",
			   &tmp) > 0) {
			strbuf_reset(&l->v[i]);
			strbuf_addbuf(&l->v[i], &tmp);
		}
	}
	for (i = 0; i < l->nr; i++)
		h->ops.dedupe(h->ops.ctx, &l->v[i]);
	strbuf_release(&tmp);
}

struct signers {
	long commits;
	struct strlist signers, authors, stats;
};

static void signers_release(struct signers *s)
{
	slist_release(&s->signers);
	slist_release(&s->authors);
	slist_release(&s->stats);
}

/*
 * The script's /${penguin_chiefs}/i: the chief penguins' names (the tree's
 * script's), a regex as the script leaves them.
 */
static int match_chiefs(struct history *h, const char *s, size_t len)
{
	if (!h->re_chiefs.pattern)
		h->re_chiefs = (struct perlre)PERLRE(
			h->o.chiefs_re ? h->o.chiefs_re : "(Linus Torvalds)",
			PERLRE_I);
	return hmatch(h, &h->re_chiefs, s, len);
}

/* The stat pattern: ^(\d+)\t(\d+)\t$file$ with $file a regex. */
static void stat_pattern(const char *file, struct strbuf *pat)
{
	strbuf_addstr(pat, "^(\\d+)\\t(\\d+)\\t");
	strbuf_addstr(pat, file);
	strbuf_addstr(pat, "$");
}

static void find_signers(struct history *h, const struct strbuf *text,
			 const char *file, struct signers *s)
{
	struct strbuf pat = STRBUF_INIT;
	struct perlre *sig = h->o.all_signature_types ? &re_sig_all : &re_sig3;
	struct perlre st;
	const char *p, *end = text->buf + text->len;
	size_t i, n;

	memset(s, 0, sizeof(*s));
	stat_pattern(file, &pat);
	if (strbuf_failed(&pat))
		h->nomem = true;
	st = (struct perlre)PERLRE(pat.buf, 0);
	for (p = text->buf; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len;

		if (!nl)
			nl = end;
		len = (size_t)(nl - p);
		if (hmatch(h, &re_commit, p, len) > 0)
			s->commits++;
		if (hmatch(h, &re_author, p, len) > 0)
			slist_add(h, &s->authors, p, len);
		if (hmatch(h, sig, p, len) > 0)
			slist_add(h, &s->signers, p, len);
		if (hmatch(h, &st, p, len) > 0)
			slist_add(h, &s->stats, p, len);
		p = nl + 1;
	}
	perlre_free(&st);
	strbuf_release(&pat);
	if (!s->signers.nr) {
		s->commits = 0;
		return;
	}
	if (!h->o.penguin_chiefs) {
		for (i = n = 0; i < s->signers.nr; i++) {
			struct strbuf *l = &s->signers.v[i];

			if (match_chiefs(h, l->buf, l->len) > 0)
				strbuf_release(l);
			else
				s->signers.v[n++] = *l;
		}
		s->signers.nr = n;
	}
	extract(h, &s->authors);
	extract(h, &s->signers);
}

/* The numbers of a stat line (it matched the stat pattern). */
static void stat_numbers(const struct strbuf *l, long *add, long *del)
{
	char *e;

	*add = strtol(l->buf, &e, 10);
	*del = strtol(e + 1, NULL, 10);
}

bool hist_file_quiet(const struct history *h, const char *file, bool blame)
{
	const struct strbuf *log = vcs_file_log_read(&h->vcs, file);

	return !blame && log && !log->len;
}

/* vcs_exists() for git; a Mercurial tree is noted (not supported) */
static bool git_tree(struct history *h)
{
	int k = vcs_exists(&h->vcs);

	if (h->vcs.nomem)
		h->nomem = true;
	if (k == 2)
		h->hg = true;
	return k == 1;
}

int hist_file_signoffs(struct history *h, const char *file)
{
	const struct strbuf *log;
	struct signers s;
	struct strlist tmp = { 0 };
	struct strbuf x = STRBUF_INIT;
	long *add = NULL, *del = NULL, added = 0, deleted = 0, a, d;
	size_t i, j;

	if (!git_tree(h))
		return h->nomem ? -1 : 0;
	if (vcs_file_log(&h->vcs, h->o.since, file, &log))
		return -1;
	find_signers(h, log, file, &s);
	for (i = 0; i < s.signers.nr; i++)
		h->ops.dedupe(h->ops.ctx, &s.signers.v[i]);
	assign(h, "commit_signer", s.commits, s.signers.v, NULL, s.signers.nr);
	assign(h, "authored", s.commits, s.authors.v, NULL, s.authors.nr);
	if (s.authors.nr != s.stats.nr)
		goto out;
	for (i = 0; i < s.stats.nr; i++) {
		stat_numbers(&s.stats.v[i], &a, &d);
		added += a;
		deleted += d;
	}
	for (i = 0; i < s.authors.nr; i++)
		slist_add(h, &tmp, s.authors.v[i].buf, s.authors.v[i].len);
	strlist_uniq(&tmp);
	for (i = 0; i < tmp.nr; i++)
		h->ops.dedupe(h->ops.ctx, &tmp.v[i]);
	strlist_uniq(&tmp);
	add = calloc(tmp.nr + 1, sizeof(*add));
	del = calloc(tmp.nr + 1, sizeof(*del));
	if (!add || !del) {
		h->nomem = true;
		goto out;
	}
	for (j = 0; j < tmp.nr; j++) {
		for (i = 0; i < s.stats.nr; i++) {
			strbuf_reset(&x);
			strbuf_addbuf(&x, &s.authors.v[i]);
			h->ops.dedupe(h->ops.ctx, &x);
			if (x.len != tmp.v[j].len ||
			    memcmp(x.buf, tmp.v[j].buf, x.len))
				continue;
			stat_numbers(&s.stats.v[i], &a, &d);
			add[j] += a;
			del[j] += d;
		}
	}
	assign(h, "added_lines", added, tmp.v, add, tmp.nr);
	assign(h, "removed_lines", deleted, tmp.v, del, tmp.nr);
out:
	free(add);
	free(del);
	slist_release(&tmp);
	strbuf_release(&x);
	signers_release(&s);
	return h->nomem ? -1 : 0;
}

int hist_commit_signers(struct history *h, const char *commit, const char *desc)
{
	struct strbuf log = STRBUF_INIT;
	struct signers s;
	size_t i;

	if (!git_tree(h))
		return h->nomem ? -1 : 0;
	if (vcs_commit_log(&h->vcs, commit, true, &log)) {
		strbuf_release(&log);
		return -1;
	}
	find_signers(h, &log, "", &s);
	for (i = 0; i < s.signers.nr; i++)
		h->ops.dedupe(h->ops.ctx, &s.signers.v[i]);
	assign(h, desc, 1, s.signers.v, NULL, s.signers.nr);
	signers_release(&s);
	strbuf_release(&log);
	return h->nomem ? -1 : 0;
}

/* vcs_blame(): the commits of the file's lines (or the patch's ranges) */
static int blame_commits(struct history *h, const char *file,
			 struct strlist *commits)
{
	struct strbuf out = STRBUF_INIT;
	const char *p, *end;
	size_t i;

	if (!is_regular(file))
		return 0;
	if (h->nr_ranges) {
		for (i = 0; i < h->nr_ranges; i++) {
			if (strcmp(h->ranges[i].file, file))
				continue;
			vcs_blame(&h->vcs, file, h->ranges[i].start,
				  h->ranges[i].length, &out);
		}
	} else {
		vcs_blame(&h->vcs, file, NULL, NULL, &out);
	}
	end = out.buf + out.len;
	for (p = out.buf; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len;

		if (!nl)
			nl = end;
		if (hmatch(h, &re_blame, p, (size_t)(nl - p)) > 0) {
			const char *g = perlre_group(&re_blame, p, 1, &len);

			slist_add(h, commits, g, len);
		}
		p = nl + 1;
	}
	strbuf_release(&out);
	return h->nomem ? -1 : 0;
}

/*
 * vcs_find_author(): the first author of the commit's log, lines naming
 * the chief penguin left out, as "Name <address>"; false when none.
 */
static bool find_author(struct history *h, const char *commit,
			struct strbuf *author)
{
	struct strbuf log = STRBUF_INIT;
	const char *p, *end;
	bool found = false;

	vcs_commit_log(&h->vcs, commit, false, &log);
	end = log.buf + log.len;
	for (p = log.buf; p < end && !found;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len;

		if (!nl)
			nl = end;
		len = (size_t)(nl - p);
		if ((h->o.penguin_chiefs || match_chiefs(h, p, len) <= 0) &&
		    hmatch(h, &re_author, p, len) > 0) {
			const char *g = perlre_group(&re_author, p, 1, &len);

			strbuf_reset(author);
			strbuf_add(author, g, len);
			h->ops.normalize(h->ops.ctx, author);
			found = true;
		}
		p = nl + 1;
	}
	strbuf_release(&log);
	return found;
}

int hist_file_blame(struct history *h, const char *file)
{
	struct strlist all = { 0 }, commits = { 0 }, signers = { 0 };
	struct strlist blame_signers = { 0 };
	struct strbuf log = STRBUF_INIT, x = STRBUF_INIT;
	size_t i, j;
	long total_commits, total_lines;

	if (!git_tree(h))
		return h->nomem ? -1 : 0;
	if (blame_commits(h, file, &all))
		goto out;
	for (i = 0; i < all.nr; i++)
		slist_add(h, &commits, all.v[i].buf, all.v[i].len);
	strlist_uniq(&commits);
	total_commits = (long)commits.nr;
	total_lines = (long)all.nr;
	if (h->o.blame_signatures) {
		for (i = 0; i < commits.nr; i++) {
			struct signers s;

			strbuf_reset(&log);
			vcs_commit_log(&h->vcs, commits.v[i].buf, true, &log);
			find_signers(h, &log, file, &s);
			for (j = 0; j < s.signers.nr; j++)
				slist_add(h, &signers, s.signers.v[j].buf,
					  s.signers.v[j].len);
			signers_release(&s);
		}
	}
	if (h->o.from_filename) {
		if (h->o.rolestats) {
			for (i = 0; i < commits.nr; i++) {
				long count = 0, k;

				if (!find_author(h, commits.v[i].buf, &x))
					continue;
				h->ops.dedupe(h->ops.ctx, &x);
				/* grep(/$commit/, @all_commits) */
				for (j = 0; j < all.nr; j++)
					if (strstr(all.v[j].buf,
						   commits.v[i].buf))
						count++;
				for (k = 0; k < count; k++)
					slist_add(h, &blame_signers, x.buf,
						  x.len);
			}
			if (blame_signers.nr)
				assign(h, "authored lines", total_lines,
				       blame_signers.v, NULL, blame_signers.nr);
		}
		for (i = 0; i < signers.nr; i++)
			h->ops.dedupe(h->ops.ctx, &signers.v[i]);
		assign(h, "commits", total_commits, signers.v, NULL,
		       signers.nr);
	} else {
		for (i = 0; i < signers.nr; i++)
			h->ops.dedupe(h->ops.ctx, &signers.v[i]);
		assign(h, "modified commits", total_commits, signers.v, NULL,
		       signers.nr);
	}
out:
	slist_release(&all);
	slist_release(&commits);
	slist_release(&signers);
	slist_release(&blame_signers);
	strbuf_release(&log);
	strbuf_release(&x);
	return h->nomem ? -1 : 0;
}
