// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-log: the script's log of each file (git log --follow ... -- FILE)
 * from git logs without --follow, split per file (see vcs.h):
 *
 *	git log --no-color --no-merges --full-history --no-renames --raw
 *		--numstat --since=S --format=... [-- FILE...]
 *
 * gives, for a file, the commits --follow gives and the same lines,
 * until a commit adds the file: there --follow looks for a rename, and
 * such a file is read again by vcs-graph.c (64 at a time), or where
 * that fails gets the script's own command.  For up to 64 files
 * vcs-graph.c reads the logs another way (the walk given to git log
 * --no-walk); here, for more files, or where that fails:
 *
 *  - one log for all the files (one walk diffing each commit once);
 *  - for more files than a command line should hold: one log of the
 *    whole tree, no pathspec.
 */
#include "vcs-internal.h"

#include "base/base.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* More files than this: one log with no pathspec. */
#define BATCH_ARGV 2000

/*
 * May this file's log come from a log without --follow?  Its name must
 * mean the same as one pathspec there as in the script's command (no
 * shell word splitting, no glob, no magic, no quoting by git) and name
 * a file.
 */
static bool batchable(const char *f)
{
	const unsigned char *p;

	if (!*f || *f == ':' || *f == '/' || !strncmp(f, "../", 3))
		return false;
	for (p = (const unsigned char *)f; *p; p++)
		if (*p <= ' ' || *p == '*' || *p == '?' || *p == '[' ||
		    *p == '\\' || *p == '"' || *p == '\'' || *p == '$' ||
		    *p == '`' || *p == ';' || *p == '&' || *p == '|' ||
		    *p == '<' || *p == '>' || *p == '(' || *p == ')' ||
		    *p == '~' || *p == '#' || *p >= 0x7f)
			return false;
	return is_regular(f);
}

static int cmp_pending(const void *a, const void *b)
{
	return strcmp(((const struct vcs_pending *)a)->file,
		      ((const struct vcs_pending *)b)->file);
}

static struct vcs_pending *find_pending(struct vcs_pending *p, size_t n,
					const char *path, size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(p[mid].file, path, len);

		if (!c && p[mid].file[len])
			c = 1;
		if (!c)
			return &p[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The end of the line at q (or end). */
static const char *eol(const char *q, const char *end)
{
	const char *nl = memchr(q, '\n', (size_t)(end - q));

	return nl ? nl : end;
}

/*
 * The raw lines q..end: the commit's lines go to the log of each
 * pending file they name; a file it adds (not in the root commit) is
 * marked: --follow looks there for a rename or a copy of any file of
 * the parent's tree, whatever the commit deletes.
 */
static void record_raw(const char *q, const char *end, struct vcs_pending *p,
		       size_t np, const struct strbuf *lines, bool root)
{
	const char *nl, *tab, *path;
	struct vcs_pending *f;

	for (; q < end; q = nl + 1) {
		nl = eol(q, end);
		if (*q != ':')
			continue;
		tab = memchr(q, '\t', (size_t)(nl - q));
		if (!tab)
			continue;
		path = tab + 1;
		f = find_pending(p, np, path, (size_t)(nl - path));
		if (!f)
			continue;
		strbuf_addbuf(f->log, lines);
		if (tab[-1] == 'A' && !root)
			f->follow = true;
	}
}

/* The numstat lines q..end, after the commit's lines of their file. */
static void record_numstat(const char *q, const char *end,
			   struct vcs_pending *p, size_t np)
{
	const char *nl, *path;
	struct vcs_pending *f;
	int tabs;

	for (; q < end; q = nl + 1) {
		nl = eol(q, end);
		if (*q == ':' || q == nl)
			continue;
		tabs = 0;
		for (path = q; path < nl && tabs < 2; path++)
			if (*path == '\t')
				tabs++;
		if (tabs < 2)
			continue;
		f = find_pending(p, np, path, (size_t)(nl - path));
		if (f)
			vcs_lines(q, (size_t)(nl - q), f->log);
	}
}

/*
 * One record of a log: "PARENTS\n" + the script's format + "\1\n" + raw
 * and numstat lines.  Append it to the log of every pending file it
 * touches.
 */
static void split_record(const char *r, size_t len, struct vcs_pending *p,
			 size_t np, struct strbuf *lines)
{
	const char *end = r + len, *nl, *mid;

	nl = memchr(r, '\n', len);
	mid = nl ? vcs_record_mid(nl, end) : NULL;
	if (!mid)
		return;
	strbuf_reset(lines);
	vcs_lines(nl + 1, (size_t)(mid - nl - 1), lines);
	record_raw(mid + 1, end, p, np, lines, nl == r);
	record_numstat(mid + 1, end, p, np);
}

/* Every record of a log ("\0" before each) split among p. */
static void split_log(const struct strbuf *raw, struct vcs_pending *p,
		      size_t np, struct strbuf *lines)
{
	const char *r = raw->buf, *end = raw->buf + raw->len, *nx;

	while (r < end) {
		if (*r++ != '\0')
			continue;
		nx = memchr(r, '\0', (size_t)(end - r));
		if (!nx)
			nx = end;
		split_record(r, (size_t)(nx - r), p, np, lines);
		r = nx;
	}
}

/* The log command for files (NULL: the whole tree), in argv. */
static void log_argv(const char **argv, const char *sincearg,
		     const struct vcs_pending *p, size_t np)
{
	size_t a = 0, i;

	argv[a++] = "git";
	argv[a++] = "log";
	argv[a++] = "--no-color";
	argv[a++] = "--no-merges";
	argv[a++] = "--full-history";
	argv[a++] = "--no-renames";
	argv[a++] = "--raw";
	argv[a++] = "--numstat";
	argv[a++] = sincearg;
	argv[a++] = RECORD_FORMAT_ARG;
	if (p) {
		argv[a++] = "--";
		for (i = 0; i < np; i++)
			argv[a++] = p[i].file;
	}
	argv[a] = NULL;
}

/* Read the logs of p: how, see the top.  -1: out of memory. */
static int read_logs(struct vcs *v, const char *since, struct vcs_pending *p,
		     size_t np)
{
	struct strbuf sincearg = STRBUF_INIT, lines = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT;
	bool whole = np > BATCH_ARGV;
	const char **argv = calloc((whole ? 0 : np) + 12, sizeof(*argv));
	int ret = -1;
	size_t k;

	strbuf_addf(&sincearg, "--since=%s", since);
	if (!argv || sincearg.failed)
		goto out;
	log_argv(argv, sincearg.buf, whole ? NULL : p, np);
	if (vcs_run(v, argv, NULL, 0, &out) != 0) {
		/* the script's commands tell what they tell */
		for (k = 0; k < np; k++)
			p[k].follow = true;
		ret = 0;
		goto out;
	}
	if (out.failed)
		goto out;
	split_log(&out, p, np, &lines);
	ret = lines.failed ? -1 : 0;
out:
	free(argv);
	strbuf_release(&out);
	strbuf_release(&sincearg);
	strbuf_release(&lines);
	return ret;
}

/*
 * The files to read (not read yet, batchable, not in the cache), in p;
 * their count in *np.  -1: out of memory.
 */
static int gather(struct vcs *v, const char *since, char *const *files,
		  size_t n, struct vcs_pending *p, size_t *np)
{
	size_t i;

	*np = 0;
	for (i = 0; i < n; i++) {
		bool fresh;
		struct strbuf *sb;

		if (strmap_gets(&v->logs, files[i]) || !batchable(files[i]))
			continue;
		sb = vcs_log_slot(v, files[i], &fresh);
		if (!sb)
			return -1;
		/* cached under the script's command for the file */
		if (vcs_follow_log_cached(v, since, files[i], sb))
			continue;
		p[*np].file = files[i];
		p[*np].log = sb;
		(*np)++;
	}
	return 0;
}

bool vcs_logs_missing(struct vcs *v, const char *since, char *const *files,
		      size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	bool missing = false;
	size_t i;

	if (!v->cache_ready)
		vcs_cache_setup(v);
	if (!v->cachedir || vcs_exists(v) != 1 || strpbrk(since, " \t\n"))
		return false;
	for (i = 0; i < n && !missing; i++) {
		if (strmap_gets(&v->logs, files[i]) || !batchable(files[i]))
			continue;
		strbuf_reset(&sb);
		missing = !vcs_follow_log_cached(v, since, files[i], &sb) &&
			  !sb.failed;
	}
	strbuf_release(&sb);
	return missing;
}

/*
 * The files --follow may take further (a commit in the window adds
 * them) read by vcs-graph.c, VCS_GRAPH_FILES at a time, rather than by
 * the script's --follow walk each.  0, or -1 (out of memory).
 */
static int refollow(struct vcs *v, const char *since, struct vcs_pending *p,
		    size_t np)
{
	struct vcs_pending *q = calloc(VCS_GRAPH_FILES, sizeof(*q));
	size_t *idx = calloc(VCS_GRAPH_FILES, sizeof(*idx));
	size_t i = 0, k, nq;
	int ret = -1, rc;

	if (!q || !idx)
		goto out;
	for (;;) {
		for (nq = 0; i < np && nq < VCS_GRAPH_FILES; i++) {
			if (!p[i].follow)
				continue;
			idx[nq] = i;
			q[nq] = p[i];
			q[nq].follow = false;
			strbuf_reset(q[nq].log);
			nq++;
		}
		if (!nq)
			break;
		rc = vcs_graph_logs(v, since, q, nq);
		if (rc < 0)
			goto out;
		for (k = 0; k < nq; k++)
			p[idx[k]].follow = rc != 1 || q[k].follow;
	}
	ret = 0;
out:
	free(q);
	free(idx);
	return ret;
}

int vcs_prefetch_logs(struct vcs *v, const char *since, char *const *files,
		      size_t n)
{
	struct vcs_pending *p = NULL;
	size_t np = 0, i;
	bool tried;
	int ret = -1;

	if (!v->cache_ready)
		vcs_cache_setup(v);
	/* a --since the shell splits: the script's commands */
	if (vcs_exists(v) != 1 || !n || strpbrk(since, " \t\n"))
		return 0;
	p = calloc(n, sizeof(*p));
	if (!p)
		return -1;
	if (gather(v, since, files, n, p, &np))
		goto out;
	ret = 0;
	if (!np)
		goto out;
	qsort(p, np, sizeof(*p), cmp_pending);
	/* the history index, where it holds the window */
	ret = vcs_hidx_logs(v, since, p, np);
	if (!ret)
		ret = np <= VCS_GRAPH_FILES ? vcs_graph_logs(v, since, p, np) :
					      0;
	if (ret < 0)
		goto out;
	if (!ret && read_logs(v, since, p, np)) {
		ret = -1;
		goto out;
	}
	tried = ret == 1;
	ret = -1;
	for (i = 0; i < np && !p[i].follow; i++)
		;
	if (i < np && !tried && refollow(v, since, p, np))
		goto out;
	for (i = 0; i < np; i++) {
		if (p[i].follow) {
			strbuf_reset(p[i].log);
			if (vcs_follow_log(v, since, p[i].file, p[i].log))
				goto out;
		} else if (np <= BATCH_ARGV) {
			vcs_follow_log_store(v, since, p[i].file, p[i].log);
		}
		if (p[i].log->failed)
			goto out;
	}
	ret = 0;
out:
	free(p);
	return ret;
}
