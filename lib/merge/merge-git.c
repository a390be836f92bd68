// SPDX-License-Identifier: GPL-2.0
/*
 * git merge-file for the merge: the three texts on disk (the caller's
 * files, or temporaries removed when done), git run on them, and its
 * --diff3 output cut into clean chunks and conflict hunks.  The one place
 * the merge runs a process.
 */
#include "merge-internal.h"
#include "base/base.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- git merge-file ---- */

/* The longest run of one marker character at the start of a line. */
size_t mg_marker_run(const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	size_t best = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		if (strchr("<|=>", *p) && *p) {
			const char *q = p;

			while (q < e && *q == *p)
				q++;
			if ((size_t)(q - p) > best)
				best = (size_t)(q - p);
		}
		p = nl ? nl + 1 : end;
	}
	return best;
}

/* Write len bytes to a new temporary file; its name in *path. */
static int temp_file(const char *data, size_t len, char **path)
{
	const char *dir = getenv("TMPDIR");
	struct strbuf sb = STRBUF_INIT;
	int fd, err = 0;

	*path = NULL;
	strbuf_addstr(&sb, dir && *dir ? dir : "/tmp");
	strbuf_addstr(&sb, "/maint-merge-XXXXXX");
	if (strbuf_failed(&sb))
		goto fail;
	fd = mkstemp(sb.buf);
	if (fd < 0)
		goto fail;
	if (write_all(fd, data, len, &err)) {
		close(fd);
		unlink(sb.buf);
		goto fail;
	}
	if (close(fd)) {
		unlink(sb.buf);
		goto fail;
	}
	*path = strbuf_detach(&sb, NULL);
	return 0;
fail:
	strbuf_release(&sb);
	return -1;
}

int mg_sides_on_disk(struct sides *s, const struct merge_opts *opts)
{
	int i;

	for (i = 0; i < 3; i++) {
		if (opts && opts->paths[i]) {
			s->path[i] = opts->paths[i];
			continue;
		}
		if (temp_file(s->text[i], s->len[i], &s->tmp[i]))
			return -1;
		s->path[i] = s->tmp[i];
	}
	return 0;
}

void mg_sides_release(struct sides *s)
{
	int i;

	for (i = 0; i < 3; i++) {
		if (s->tmp[i])
			unlink(s->tmp[i]);
		free(s->tmp[i]);
		s->tmp[i] = NULL;
	}
}

/*
 * git merge-file -p on the sides, in a style, with labels and marker
 * size: its output appended to out, *conflicts its count (git's exit
 * status).  0, or -1 when git could not run or failed.
 */
int mg_git_merge(const struct sides *s, enum merge_style style, int marker,
		 const char *lo, const char *lb, const char *lt,
		 struct strbuf *out, size_t *conflicts)
{
	char msize[32];
	const char *argv[20];
	int status, n = 0;

	snprintf(msize, sizeof(msize), "--marker-size=%d", marker);
	argv[n++] = "git";
	if (style == MERGE_STYLE_MERGE) {
		/* not the repository's style: the one asked for */
		argv[n++] = "-c";
		argv[n++] = "merge.conflictStyle=merge";
	}
	argv[n++] = "merge-file";
	argv[n++] = "-p";
	argv[n++] = msize;
	if (style == MERGE_STYLE_DIFF3)
		argv[n++] = "--diff3";
	else if (style == MERGE_STYLE_ZDIFF3)
		argv[n++] = "--zdiff3";
	argv[n++] = "-L";
	argv[n++] = lo;
	argv[n++] = "-L";
	argv[n++] = lb;
	argv[n++] = "-L";
	argv[n++] = lt;
	argv[n++] = s->path[1];
	argv[n++] = s->path[0];
	argv[n++] = s->path[2];
	argv[n] = NULL;
	if (run_capture(argv, out, &status) || status < 0 || status > 127)
		return -1;
	*conflicts = (size_t)status;
	return 0;
}

/* ---- git's output, cut into chunks ---- */

void mg_gitmerge_release(struct gitmerge *g)
{
	free(g->l);
	free(g->c);
}

/* is l a marker of k characters c (with a label for all but '=')? */
static bool is_marker(const struct line *l, char c, size_t k)
{
	size_t i;

	if (l->len < k)
		return false;
	for (i = 0; i < k; i++)
		if (l->s[i] != c)
			return false;
	if (l->len == k)
		return true;
	if (l->s[k] == '\r' && l->len == k + 1)
		return true;
	return c != '=' && l->s[k] == ' ';
}

static struct chunk *new_chunk(struct gitmerge *g, bool conflict)
{
	if (!ALLOC_GROW(g->c, g->nc + 1, g->ac))
		return NULL;
	memset(&g->c[g->nc], 0, sizeof(g->c[0]));
	g->c[g->nc].conflict = conflict;
	g->c[g->nc].o = g->nl;
	return &g->c[g->nc++];
}

/* Cut git's --diff3 output (markers of k characters).  0, or -1. */
int mg_gitmerge_parse(struct gitmerge *g, const char *buf, size_t len, size_t k)
{
	struct line *raw = NULL;
	size_t nraw = 0, araw = 0, i;
	enum { CLEAN, OURS, BASE, THEIRS } state = CLEAN;
	struct chunk *c = NULL;
	int ret = -1;

	memset(g, 0, sizeof(*g));
	if (mg_cut_lines(buf, len, &raw, &nraw, &araw))
		goto out;
	for (i = 0; i < nraw; i++) {
		const struct line *l = &raw[i];

		switch (state) {
		case CLEAN:
			if (is_marker(l, '<', k)) {
				c = new_chunk(g, true);
				state = OURS;
				continue;
			}
			if (!c || c->conflict)
				c = new_chunk(g, false);
			if (!c)
				goto out;
			c->no++;
			break;
		case OURS:
			if (is_marker(l, '|', k)) {
				c->b = g->nl;
				state = BASE;
				continue;
			}
			if (is_marker(l, '=', k) || is_marker(l, '>', k))
				goto out; /* --diff3 always has a base part */
			c->no++;
			break;
		case BASE:
			if (is_marker(l, '=', k)) {
				c->t = g->nl;
				state = THEIRS;
				continue;
			}
			c->nb++;
			break;
		case THEIRS:
			if (is_marker(l, '>', k)) {
				g->conflicts++;
				state = CLEAN;
				continue;
			}
			c->nt++;
			break;
		}
		if (!c || !ALLOC_GROW(g->l, g->nl + 1, g->al))
			goto out;
		g->l[g->nl++] = *l;
	}
	ret = state == CLEAN ? 0 : -1;
out:
	free(raw);
	return ret;
}

const struct line *mg_part(const struct gitmerge *g, const struct chunk *c,
			   int side, size_t *n)
{
	switch (side) {
	case 0:
		*n = c->nb;
		return &g->l[c->b];
	case 1:
		*n = c->no;
		return &g->l[c->o];
	default:
		*n = c->nt;
		return &g->l[c->t];
	}
}

static const char *label(const char *l, const char *dflt)
{
	return l ? l : dflt;
}

/* git's own merge in the style asked for: the result when we add nothing */
int mg_git_result(const struct sides *s, const struct merge_opts *opts,
		  struct strbuf *out, struct merge_result *res)
{
	strbuf_reset(out);
	res->resolved = 0;
	return mg_git_merge(s, opts ? opts->style : MERGE_STYLE_MERGE,
			    opts && opts->marker_size > 0 ? opts->marker_size :
							    7,
			    label(opts ? opts->ours_label : NULL, "ours"),
			    label(opts ? opts->base_label : NULL, "base"),
			    label(opts ? opts->theirs_label : NULL, "theirs"),
			    out, &res->conflicts);
}
