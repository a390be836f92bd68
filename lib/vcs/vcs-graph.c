// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-graph: the logs of a few files (up to VCS_GRAPH_FILES) without a walk
 * by git per file (see vcs-internal.h):
 *
 *  - the walk: the commits git log --since shows from HEAD, in its
 *    order (the script's --follow walk prunes nothing): from git's
 *    commit-graph when it holds HEAD, done here (newest committer date
 *    first, equal dates in the order reached, parents in their order,
 *    a commit older than --since neither shown nor walked past, merges
 *    not shown); else git rev-list --no-merges --since=S HEAD (for
 *    one file without Bloom filters, the script's git log --follow
 *    instead: one process);
 *  - per file, the commits of the walk whose changed-path Bloom filter
 *    may hold its path and directories (every commit where there is no
 *    filter), given to one git log --no-walk --stdin with the lines of
 *    vcs-log.c, in chunks run at once;
 *  - at a commit that adds the file (where --follow looks for a rename
 *    or a copy in the whole parent tree) git log --follow of that
 *    commit alone gives the pairing --follow makes; the source found
 *    there gives the path for the rest of the walk, as --follow does.
 *
 * The graph is read by vcs-commit-graph.c.
 */
#define _XOPEN_SOURCE 700

#include "vcs-internal.h"

#include "base/base.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Commits per git log --no-walk run at once (at least). */
#define CHUNK_MIN 32

/* ---- the logs ---- */

#define NO_POS UINT32_MAX

/*
 * The commits the script's walk shows, in its order: their hex ids (a
 * line of linelen bytes each, in hex) and their positions in the graph
 * (NO_POS: not there, or no graph).
 */
struct walk {
	struct strbuf hex;
	size_t n, linelen;
	uint32_t *pos;
};

/* May commit i of the walk touch the path of key k? */
static bool walk_maybe(const struct vcs_graph *g, const struct walk *w,
		       size_t i, const struct vcs_bloom_key *k)
{
	return !g || w->pos[i] == NO_POS || vcs_bloom_maybe(g, w->pos[i], k);
}

/* A file being read: its path now, and where in the walk it goes on. */
struct gfile {
	struct vcs_pending *p;
	char *path; /* NULL: done */
	size_t from;
	struct vcs_bloom_key key;
};
/*
 * --since as git reads it: vcs-date.c's, else git rev-parse --since=S.
 * 0, or -1.
 */
int vcs_since_time(struct vcs *v, const char *since, uint64_t *t)
{
	struct strbuf arg = STRBUF_INIT, out = STRBUF_INIT;
	const char *argv[] = { "git", "rev-parse", NULL, NULL };
	char *end;
	int ret = -1;

	if (!vcs_approxidate(since, vcs_git_now(), t))
		return 0;
	strbuf_addf(&arg, "--since=%s", since);
	argv[2] = arg.buf;
	if (vcs_run(v, argv, NULL, 0, &out) == 0 && !out.failed &&
	    !strncmp(out.buf, "--max-age=", 10)) {
		*t = strtoull(out.buf + 10, &end, 10);
		if (end != out.buf + 10 && (*end == '\n' || !*end))
			ret = 0;
	}
	strbuf_release(&arg);
	strbuf_release(&out);
	return ret;
}

/*
 * Where the record of a commit is in a log of records ("\0" before
 * each; "PARENTS\n", "GitCommit: SHA\n" ...): a map from the hex id to
 * the record's offset + 1.
 */
static int index_records(const struct strbuf *log, struct strmap *recs)
{
	const char *r = log->buf, *end = log->buf + log->len, *nl;

	while (r < end) {
		struct strmap_entry *e;

		if (*r++ != '\0')
			continue;
		nl = memchr(r, '\n', (size_t)(end - r));
		if (!nl || end - nl < 12 || memcmp(nl + 1, "GitCommit: ", 11))
			continue;
		e = strmap_put(recs, nl + 12, strcspn(nl + 12, "\n"));
		if (!e)
			return -1;
		e->value = (void *)(uintptr_t)(r - log->buf + 1);
	}
	return 0;
}

/*
 * The record at r (to the next "\0"): its lines for path appended to
 * out, as the script's log gives them; the raw status of path in
 * *status (0: the commit does not touch it) and whether it has parents.
 */
void vcs_record_lines(const char *r, const char *end, const char *path,
		      char *status, bool *parents, struct strbuf *out)
{
	const char *nx = memchr(r, '\0', (size_t)(end - r));
	const char *nl = memchr(r, '\n', (size_t)((nx ? nx : end) - r));
	const char *mid, *q, *e, *tab;
	size_t plen = strlen(path);

	end = nx ? nx : end;
	*status = 0;
	*parents = nl && nl > r;
	mid = nl ? vcs_record_mid(nl, end) : NULL;
	if (!mid)
		return;
	for (q = mid + 1; q < end; q = e + 1) {
		e = memchr(q, '\n', (size_t)(end - q));
		if (!e)
			e = end;
		tab = *q == ':' ? memchr(q, '\t', (size_t)(e - q)) : NULL;
		if (tab && (size_t)(e - tab - 1) == plen &&
		    !memcmp(tab + 1, path, plen))
			*status = tab[-1];
	}
	if (!*status)
		return;
	vcs_lines(nl + 1, (size_t)(mid - nl - 1), out);
	for (q = mid + 1; q < end; q = e + 1) {
		int tabs = 0;

		e = memchr(q, '\n', (size_t)(end - q));
		if (!e)
			e = end;
		if (*q == ':' || q == e)
			continue;
		for (tab = q; tab < e && tabs < 2; tab++)
			if (*tab == '\t')
				tabs++;
		if (tabs == 2 && (size_t)(e - tab) == plen &&
		    !memcmp(tab, path, plen))
			vcs_lines(q, (size_t)(e - q), out);
	}
}

/* May git write this path unquoted (and a pathspec take it as it is)? */
static bool plain_path(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((unsigned char)p[i] <= ' ' || (unsigned char)p[i] >= 0x7f ||
		    strchr("\"\\*?[:", p[i]))
			return false;
	return len && *p != '/';
}

/*
 * A log of one commit (format, "\1", raw and numstat lines): the format
 * lines and the numstat line of the pair whose new path is path appended
 * to out; *renamed its old path (malloc'd) if it is a rename or copy.
 * 0, or -1 (no such pair, or a name git quoted).
 */
static int follow_lines(const struct strbuf *o, const char *path,
			char **renamed, struct strbuf *out)
{
	const char *end = o->buf + o->len, *mid = strstr(o->buf, "\n\1");
	const char *q, *e, *tab, *t2, *src = NULL;
	size_t plen = strlen(path), raw = 0, num = 0, want = SIZE_MAX;

	if (!mid)
		return -1;
	vcs_lines(o->buf, (size_t)(mid - o->buf + 1), out);
	for (q = mid + 2; q < end; q = e + 1) {
		e = memchr(q, '\n', (size_t)(end - q));
		if (!e)
			e = end;
		if (e == q)
			continue;
		if (*q != ':') {
			if (num++ == want)
				vcs_lines(q, (size_t)(e - q), out);
			continue;
		}
		/* ":... A\tNEW" or ":... R090\tOLD\tNEW" */
		tab = memchr(q, '\t', (size_t)(e - q));
		t2 = tab ? memchr(tab + 1, '\t', (size_t)(e - tab - 1)) : NULL;
		if (tab && want == SIZE_MAX &&
		    (size_t)(e - (t2 ? t2 : tab) - 1) == plen &&
		    !memcmp((t2 ? t2 : tab) + 1, path, plen)) {
			want = raw;
			src = t2 ? tab + 1 : NULL;
			if (src && !plain_path(src, (size_t)(t2 - src)))
				return -1;
			if (src) {
				*renamed = strndup(src, (size_t)(t2 - src));
				if (!*renamed)
					return -1;
			}
		}
		raw++;
	}
	return want == SIZE_MAX ? -1 : 0;
}

/*
 * The script's --follow diff of a commit that adds path, appended to
 * out; *renamed the path --follow goes on with (malloc'd), if it found
 * a rename or a copy.  git's own --follow on that commit alone: it
 * looks for the source among every file of the parent's tree (copies
 * too, whatever diff.renames says, and it may take a copy rather than
 * a rename), which a diff of the commit's deleted files does not
 * match.  0, or -1 (git failed: the file gets the script's command).
 */
int vcs_follow_one(struct vcs *v, const char *commit, const char *path,
		   char **renamed, struct strbuf *out)
{
	const char *argv[] = { "git",	      "--literal-pathspecs",
			       "log",	      "--no-color",
			       "--follow",    "--numstat",
			       "--no-merges", "--raw",
			       "--no-walk",   "--format=" LOG_FORMAT "%x01",
			       commit,	      "--",
			       path,	      NULL };
	struct strbuf o = STRBUF_INIT;
	int ret = -1;

	*renamed = NULL;
	if (vcs_run(v, argv, NULL, 0, &o) != 0 || o.failed ||
	    follow_lines(&o, path, renamed, out))
		goto out;
	ret = 0;
out:
	strbuf_release(&o);
	return ret;
}

/*
 * git log --no-walk of the commits in (a line each), in chunks run at
 * once (numstat reads blobs: the slow part), their outputs in order in
 * log.  0, or -1.
 */
static int run_chunks(struct vcs *v, const char *const *argv,
		      const struct strbuf *in, size_t linelen,
		      struct strbuf *log)
{
	size_t lines = in->len / linelen, nj = lines / CHUNK_MIN, j;
	const char *p = in->buf, *end = in->buf + in->len;
	const char *const **argvs;
	struct strbuf *ins, *outs;
	int *status, ret = -1;

	if (!in->len)
		return 0;
	nj = nj < 1 ? 1 : nj > vcs_jobs() ? vcs_jobs() : nj;
	argvs = calloc(nj, sizeof(*argvs));
	ins = calloc(nj, sizeof(*ins));
	outs = calloc(nj, sizeof(*outs));
	status = calloc(nj, sizeof(*status));
	if (!argvs || !ins || !outs || !status)
		goto out;
	for (j = 0; j < nj; j++) {
		const char *q = j + 1 == nj ? end :
					      in->buf + (lines * (j + 1) / nj) *
								linelen;

		strbuf_init(&ins[j]);
		strbuf_init(&outs[j]);
		strbuf_add(&ins[j], p, (size_t)(q - p));
		argvs[j] = argv;
		p = q;
	}
	if (vcs_run_jobs(v, argvs, ins, nj, nj, outs, status))
		goto out;
	for (j = 0; j < nj; j++) {
		if (status[j] != 0 || outs[j].failed || ins[j].failed)
			goto out;
		strbuf_addbuf(log, &outs[j]);
	}
	ret = log->failed ? -1 : 0;
out:
	for (j = 0; outs && ins && j < nj; j++) {
		strbuf_release(&ins[j]);
		strbuf_release(&outs[j]);
	}
	free(argvs);
	free(ins);
	free(outs);
	free(status);
	return ret;
}

/*
 * One round: the commits of the walk that may touch the files' paths,
 * from one git log --no-walk, appended to the files' logs until a
 * rename (then the file goes on from there in the next round).  0, or
 * -1 (git failed: every file left gets the script's command).
 */
static int log_round(struct vcs *v, const struct vcs_graph *g,
		     const struct walk *w, struct gfile *f, size_t nf)
{
	size_t n = w->n, ll = w->linelen;
	struct strbuf in = STRBUF_INIT, log = STRBUF_INIT, one = STRBUF_INIT;
	struct strmap recs = STRMAP_INIT;
	unsigned char *want = calloc(n / 8 + 1, 1);
	const char **argv = calloc(nf + 16, sizeof(*argv));
	size_t a = 0, i, k;
	int ret = -1;

	if (!want || !argv)
		goto out;
	for (k = 0; k < nf; k++)
		for (i = f[k].path ? f[k].from : n; i < n; i++)
			if (walk_maybe(g, w, i, &f[k].key))
				want[i / 8] |= (unsigned char)(1u << (i % 8));
	for (i = 0; i < n; i++)
		if (want[i / 8] & (1u << (i % 8)))
			strbuf_add(&in, w->hex.buf + i * ll, ll);
	argv[a++] = "git";
	argv[a++] = "--literal-pathspecs";
	argv[a++] = "log";
	argv[a++] = "--no-walk=unsorted";
	argv[a++] = "--stdin";
	argv[a++] = "--no-color";
	argv[a++] = "--no-merges";
	argv[a++] = "--no-renames";
	argv[a++] = "--raw";
	argv[a++] = "--numstat";
	argv[a++] = RECORD_FORMAT_ARG;
	argv[a++] = "--";
	for (k = 0; k < nf; k++)
		if (f[k].path)
			argv[a++] = f[k].path;
	if (in.failed || run_chunks(v, argv, &in, ll, &log) ||
	    index_records(&log, &recs))
		goto out;
	for (k = 0; k < nf; k++) {
		struct gfile *x = &f[k];

		for (i = x->path ? x->from : n; i < n; i++) {
			const char *id = w->hex.buf + i * ll;
			struct strmap_entry *e;
			char st, *ren, commit[72];
			bool parents;
			size_t before = x->p->log->len;

			if (!(want[i / 8] & (1u << (i % 8))) ||
			    !walk_maybe(g, w, i, &x->key))
				continue;
			e = strmap_get(&recs, id, ll - 1);
			if (!e)
				continue;
			vcs_record_lines(log.buf + (uintptr_t)e->value - 1,
					 log.buf + log.len, x->path, &st,
					 &parents, x->p->log);
			if (st != 'A' || !parents)
				continue;
			/* an add: the lines --follow gives instead */
			strbuf_reset(&one);
			memcpy(commit, id, ll - 1);
			commit[ll - 1] = '\0';
			if (vcs_follow_one(v, commit, x->path, &ren, &one))
				goto out;
			strbuf_setlen(x->p->log, before);
			strbuf_addbuf(x->p->log, &one);
			if (ren) {
				free(x->path);
				x->path = ren;
				x->from = i + 1;
				vcs_bloom_key(ren, &x->key);
				break;
			}
		}
		if (i >= n) {
			free(x->path);
			x->path = NULL;
		}
	}
	ret = 0;
out:
	strmap_release(&recs);
	strbuf_release(&in);
	strbuf_release(&log);
	strbuf_release(&one);
	free(want);
	free(argv);
	return ret;
}

/* Would git read the graph as it is (no grafts, replace refs, shallow)? */
static bool graph_compatible(struct vcs *v)
{
	static const char *const no[] = { "shallow", "info/grafts",
					  "refs/replace" };
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
	bool ok = true;
	size_t i;

	for (i = 0; ok && i < sizeof(no) / sizeof(*no); i++) {
		strbuf_reset(&f);
		strbuf_addf(&f, "%s/%s", v->commondir, no[i]);
		ok = access(f.buf, F_OK) != 0;
	}
	strbuf_reset(&f);
	strbuf_addf(&f, "%s/packed-refs", v->commondir);
	if (ok && !vcs_read_small(f.buf, &t) && strstr(t.buf, " refs/replace/"))
		ok = false;
	strbuf_release(&f);
	strbuf_release(&t);
	return ok && !getenv("GIT_GRAFT_FILE") &&
	       !getenv("GIT_REPLACE_REF_BASE");
}

/* The walk from the graph (HEAD must be there): 0, or -1. */
static int walk_graph(struct vcs *v, const struct vcs_graph *g,
		      const char *since, struct walk *w)
{
	int64_t head = vcs_cgraph_find(g, v->head);
	uint64_t max_age;
	size_t i;

	if (head < 0 || vcs_since_time(v, since, &max_age) ||
	    vcs_cgraph_walk(g, (uint32_t)head, max_age, &w->pos, &w->n))
		return -1;
	w->linelen = 2 * vcs_cgraph_hashlen(g) + 1;
	for (i = 0; i < w->n; i++) {
		vcs_cgraph_hex(g, w->pos[i], &w->hex);
		strbuf_addch(&w->hex, '\n');
	}
	return w->hex.failed ? -1 : 0;
}

/*
 * The walk from git rev-list --no-merges --since=S HEAD (git's own walk,
 * so its order), with the positions of the commits the graph holds (g
 * NULL: none).  0, or -1.
 */
static int walk_revlist(struct vcs *v, const struct vcs_graph *g,
			const char *since, struct walk *w)
{
	const char *argv[] = { "git", "rev-list", "--no-merges",
			       NULL,  "HEAD",	  NULL };
	struct strbuf arg = STRBUF_INIT;
	const char *nl;
	size_t i;
	int ret = -1;

	strbuf_addf(&arg, "--since=%s", since);
	argv[3] = arg.buf;
	if (arg.failed || vcs_run(v, argv, NULL, 0, &w->hex) != 0 ||
	    w->hex.failed)
		goto out;
	ret = 0;
	if (!w->hex.len)
		goto out;
	ret = -1;
	nl = memchr(w->hex.buf, '\n', w->hex.len);
	w->linelen = nl ? (size_t)(nl - w->hex.buf) + 1 : 0;
	if ((w->linelen != 41 && w->linelen != 65) || w->hex.len % w->linelen)
		goto out;
	w->n = w->hex.len / w->linelen;
	w->pos = malloc((w->n ? w->n : 1) * sizeof(*w->pos));
	if (!w->pos)
		goto out;
	for (i = 0; i < w->n; i++) {
		int64_t pos = -1;

		if (w->hex.buf[(i + 1) * w->linelen - 1] != '\n')
			goto out;
		if (g && vcs_cgraph_hashlen(g) * 2 + 1 == w->linelen)
			pos = vcs_cgraph_find(g, w->hex.buf + i * w->linelen);
		w->pos[i] = pos < 0 ? NO_POS : (uint32_t)pos;
	}
	ret = 0;
out:
	strbuf_release(&arg);
	return ret;
}

int vcs_graph_logs(struct vcs *v, const char *since, struct vcs_pending *p,
		   size_t np)
{
	struct vcs_graph *g = NULL;
	struct walk w = { STRBUF_INIT, 0, 0, NULL };
	struct gfile *f = NULL;
	size_t i, left;
	int ret = 0;

	if (!np || np > VCS_GRAPH_FILES || !*since)
		return 0;
	vcs_repo_setup(v);
	if (!*v->head)
		return 0;
	/* git reads no graph with grafts or replace refs, nor do we */
	if (graph_compatible(v))
		g = vcs_cgraph_load(v);
	if (!g || walk_graph(v, g, since, &w)) {
		/*
		 * No walk without git, and no filter to spare diffs: for
		 * one file, the script's own git log --follow (one
		 * process) beats git rev-list and its commits' diffs.
		 */
		if (np == 1 && (!g || !vcs_cgraph_has_bloom(g))) {
			p[0].follow = true;
			ret = 1;
			goto out;
		}
		free(w.pos);
		w.pos = NULL;
		w.n = 0;
		strbuf_reset(&w.hex);
		if (walk_revlist(v, g, since, &w))
			goto out;
	}
	ret = -1;
	f = calloc(np, sizeof(*f));
	if (!f)
		goto out;
	for (i = 0; i < np; i++) {
		f[i].p = &p[i];
		f[i].path = strdup(p[i].file);
		if (!f[i].path)
			goto out;
		vcs_bloom_key(f[i].path, &f[i].key);
	}
	ret = 1;
	for (left = np; left;) {
		if (log_round(v, g, &w, f, np)) {
			/* the script's own commands for all */
			for (i = 0; i < np; i++)
				p[i].follow = true;
			break;
		}
		for (i = 0, left = 0; i < np; i++)
			left += f[i].path != NULL;
	}
out:
	for (i = 0; f && i < np; i++)
		free(f[i].path);
	free(f);
	free(w.pos);
	strbuf_release(&w.hex);
	return ret;
}