// SPDX-License-Identifier: GPL-2.0
/*
 * get, the query: what get_maintainer.pl is asked about (files, patches
 * (read by get-scan.c), their keywords) turned into a struct gm_query,
 * and the entry points that take the whole request at once: gm_get(),
 * gm_get_all(), gm_select_files(), gm_owner_sections().
 */
#include "get-internal.h"
#include "base/base.h"
#include "vcs/vcs.h"
#include "history/history.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * File::Spec::Unix::canonpath(): its substitutions, in its order:
 *   s|/{2,}|/|g; s{(?:/\.)+(?:/|\z)}{/}g; s|^(?:\./)+||s unless "./";
 *   s|^/(?:\.\./)+|/|; s|^/\.\.$|/|; s|/\z|| unless "/"
 */
static void canonpath(const char *in, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	size_t i;

	strbuf_reset(out);
	for (i = 0; in[i]; i++)
		if (!(in[i] == '/' && out->len &&
		      out->buf[out->len - 1] == '/'))
			strbuf_addch(out, in[i]);
	/* (?:/\.)+(?:/|\z) -> / */
	for (i = 0; i < out->len;) {
		size_t j = i;

		while (j + 1 < out->len && out->buf[j] == '/' &&
		       out->buf[j + 1] == '.' &&
		       (j + 2 == out->len || out->buf[j + 2] == '/'))
			j += 2;
		if (j > i && (j == out->len || out->buf[j] == '/')) {
			strbuf_addch(&t, '/');
			i = j < out->len ? j + 1 : j;
			continue;
		}
		strbuf_addch(&t, out->buf[i++]);
	}
	strbuf_reset(out);
	strbuf_add(out, t.buf, t.len);
	if (strbuf_failed(&t))
		out->failed = true; /* (the caller sees it) */
	if (strcmp(out->buf, "./")) {
		i = 0;
		while (out->len - i >= 2 && out->buf[i] == '.' &&
		       out->buf[i + 1] == '/')
			i += 2;
		memmove(out->buf, out->buf + i, out->len - i + 1);
		out->len -= i;
	}
	if (out->len >= 4 && !strncmp(out->buf, "/../", 4)) {
		i = 1;
		while (!strncmp(out->buf + i, "../", 3))
			i += 3;
		memmove(out->buf + 1, out->buf + i, out->len - i + 1);
		out->len -= i - 1;
	}
	if (!strcmp(out->buf, "/.."))
		out->buf[out->len = 1] = '\0';
	if (out->len > 1 && out->buf[out->len - 1] == '/')
		out->buf[--out->len] = '\0';
	strbuf_release(&t);
}

/* vcs_file_exists(): git ls-files FILE (read from the index) */
static bool git_tracked(const struct gm_opts *o, const char *file)
{
	struct vcs v;
	bool tracked;

	if (o->history)
		return vcs_file_exists(&o->history->vcs, file);
	vcs_init(&v);
	tracked = vcs_file_exists(&v, file);
	vcs_release(&v);
	return tracked;
}

void gm_init(struct gm_getmaint *g)
{
	gm_db_init(&g->db);
	mnt_mailmap_init(&g->mailmap);
	patch_scanner_init(&g->scanner);
	gm_cache_init(&g->cache);
	memset(&g->chiefs, 0, sizeof(g->chiefs));
}

void gm_release(struct gm_getmaint *g)
{
	gm_db_release(&g->db);
	mnt_mailmap_release(&g->mailmap);
	patch_scanner_release(&g->scanner);
	gm_cache_release(&g->cache);
	mnt_chiefs_release(&g->chiefs);
}

int gm_read(struct gm_getmaint *g, const char *path, bool find,
	    const char *mailmap, struct diags *d)
{
	int err = 0;

	if (gm_db_read(&g->db, path, find, d))
		return -1;
	/* the script ignores a .mailmap it cannot read */
	if (mailmap && mnt_mailmap_read(&g->mailmap, mailmap, &err) &&
	    err == ENOMEM) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	return 0;
}

/*
 * --keywords-in-file: the K: patterns in a file's text.  0, or -1 out
 * of memory.
 */
static int scan_file_keywords(struct gm_getmaint *g, const struct gm_opts *o,
			      const char *name, struct gm_query *q)
{
	struct strbuf text = STRBUF_INIT;
	int err = 0;

	if (o->keywords && o->keywords_in_file && strcmp(name, "MAINTAINERS") &&
	    is_regular(name) && !read_path(name, &text, &err))
		gm_scan_keywords(&g->db, text.buf, text.len, q);
	strbuf_release(&text);
	return err == ENOMEM ? -1 : 0;
}

/*
 * One argument of get: a file (with -f, or one git tracks) or a patch
 * (a path, or standard input).  0, or -1 with the reason in d.
 */
static int query_path(struct gm_getmaint *g, const struct gm_opts *o,
		      const char *arg, bool files, const char *cwd,
		      struct gm_query *q, struct diags *d)
{
	struct strbuf f = STRBUF_INIT, text = STRBUF_INIT;
	bool is_stdin = !arg;
	const char *name;
	size_t before = q->nr_files;
	int err = 0, ret = -1;

	if (is_stdin) {
		strbuf_addstr(&f, "&STDIN");
	} else {
		canonpath(arg, &f);
		if (strbuf_failed(&f))
			goto nomem;
		if (is_directory(f.buf)) {
			if (f.buf[f.len - 1] != '/')
				strbuf_addch(&f, '/');
		} else if (!is_regular(f.buf)) {
			err = path_error(f.buf);
			if (err && err != ENOENT) /* a FIFO, a link loop */
				diag_add(d, D_OPEN, f.buf, 0, "file '%s': %s",
					 f.buf, file_strerror(err));
			else
				diag_add(d, D_OPEN, f.buf, 0,
					 "file '%s' not found", f.buf);
			err = 0;
			goto out;
		}
	}
	if (files || (!is_stdin && git_tracked(o, f.buf))) {
		name = f.buf;
		if (*cwd && !strncmp(name, cwd, strlen(cwd)))
			name += strlen(cwd);
		if (!strncmp(name, "./", 2))
			name += 2;
		if (gm_query_add_file(q, name, strlen(name)) ||
		    scan_file_keywords(g, o, name, q))
			goto nomem;
		ret = 0;
		goto out;
	}
	/*
	 * The script opens a directory as a patch (Perl's open succeeds),
	 * reads nothing from it and warns that it is no patch.
	 */
	if (read_path(is_stdin ? "-" : f.buf, &text, &err) && err != EISDIR) {
		if (err == ENOMEM)
			goto nomem;
		diag_add(d, D_OPEN, f.buf, 0, "Can't open %s: %s", f.buf,
			 file_strerror(err));
		if (d->nr && d->v[d->nr - 1].id == D_OPEN)
			d->v[d->nr - 1].err = err;
		goto out;
	}
	if (gm_scan_patch(g, o, text.buf, text.len, q, d))
		goto out;
	if (q->nr_files == before && is_stdin)
		/* the script names it '&STDIN', Perl's name for it */
		diag_add(d, D_NOT_PATCH, f.buf, 0,
			 "standard input %sdoesn't appear to be a patch.  "
			 "Add -f to options?",
			 text.len ? "" : "(empty) ");
	else if (q->nr_files == before)
		diag_add(
			d, D_NOT_PATCH, f.buf, 0,
			"file '%s' doesn't appear to be a patch.  Add -f to options?",
			f.buf);
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	strbuf_release(&f);
	strbuf_release(&text);
	return ret;
}

int gm_get_query(struct gm_getmaint *g, const struct gm_opts *o,
		 const struct gm_request *rq, struct gm_query *q,
		 struct diags *d)
{
	struct strbuf cwd = STRBUF_INIT, arg = STRBUF_INIT;
	size_t i;
	int ret = -1;

	if (!strbuf_getcwd(&cwd))
		strbuf_addch(&cwd, '/');
	else if (errno == ENOMEM)
		cwd.failed = true;
	if (strbuf_failed(&cwd)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < (rq->nr ? rq->nr : 1); i++) {
		const char *path = rq->nr ? rq->paths[i] : NULL;

		if (path && rq->prefix && path[0] != '/' && strcmp(path, "-")) {
			gm_prefixed_path(rq->prefix, path, &arg);
			path = arg.buf;
		}
		if (query_path(g, o, path, rq->files, cwd.buf, q, d))
			goto out;
	}
	if (gm_db_bad_regex(&g->db, d))
		goto out;
	ret = 0;
out:
	strbuf_release(&cwd);
	strbuf_release(&arg);
	return ret;
}

int gm_get(struct gm_getmaint *g, const struct gm_opts *o,
	   const struct gm_request *rq, struct strbuf *out, struct diags *d)
{
	struct gm_query q = { 0 };
	struct diags ad = DIAGS_INIT;
	size_t i;
	int ret = -1;

	if (gm_get_query(g, o, rq, &q, d))
		goto out;
	/* the answer's warnings count only when it is printed */
	if (gm_answer(g, o, &q, out, &ad)) {
		for (i = 0; i < ad.nr; i++)
			if (diag_severity(ad.v[i].id) >= SEV_ERROR)
				diag_add(d, ad.v[i].id, ad.v[i].file,
					 ad.v[i].line, "%s", ad.v[i].msg);
		goto out;
	}
	for (i = 0; i < ad.nr; i++)
		diag_add(d, ad.v[i].id, ad.v[i].file, ad.v[i].line, "%s",
			 ad.v[i].msg);
	gm_db_limit_diags(&g->db, d);
	ret = 0;
out:
	gm_query_release(&q);
	diags_release(&ad);
	return ret;
}

/*
 * --unowned: is the file covered only by THE REST (or nothing)?
 * --owner: does a section naming the address cover it?
 * 1 yes, 0 no, -1 out of memory.
 */
static int file_selected(struct gm_getmaint *g, const struct gm_opts *o,
			 const struct gm_select *sel, const char *file)
{
	size_t *hdr = NULL, n = 0, i;
	int yes = sel->unowned ? 1 : 0;

	if (gm_file_sections(&g->db, o, file, &hdr, &n))
		return -1;
	for (i = 0; i < n; i++) {
		const struct gm_entry *e = &g->db.tv[hdr[i]];
		bool rest = e->len == 8 && !memcmp(e->s, "THE REST", 8);

		if (sel->unowned && !rest)
			yes = 0;
		if (sel->owner && gm_section_has(&g->db, hdr[i], sel->owner))
			yes = 1;
	}
	free(hdr);
	return yes;
}

/* paths[i] with sel->prefix before it when relative, in path */
static void select_path(const struct gm_select *sel, const char *file,
			struct strbuf *path)
{
	if (sel->prefix && file[0] != '/') {
		gm_prefixed_path(sel->prefix, file, path);
	} else {
		strbuf_reset(path);
		strbuf_addstr(path, file);
	}
}

int gm_select_files(struct gm_getmaint *g, const struct gm_opts *o,
		    const struct gm_select *sel, char **paths, size_t n,
		    struct strbuf *out, struct diags *d)
{
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	size_t i, missing = 0;
	int yes, ret = -1;

	for (i = 0; i < n; i++) {
		select_path(sel, paths[i], &path);
		if (strbuf_failed(&path))
			goto out;
		if (!stat(path.buf, &st))
			continue;
		if (errno == ENOMEM)
			goto out;
		diag_add(d, D_NO_FILES, NULL, 0,
			 "pathspec '%s' did not match any files", paths[i]);
		missing++;
	}
	if (missing) {
		errno = ENOENT;
		goto out;
	}
	for (i = 0; i < n; i++) {
		select_path(sel, paths[i], &path);
		yes = strbuf_failed(&path) ? -1 :
					     file_selected(g, o, sel, path.buf);
		if (yes < 0)
			goto out;
		if (yes) {
			strbuf_addstr(out, paths[i]);
			strbuf_addch(out, '\n');
		}
	}
	ret = strbuf_failed(out) ? -1 : 0;
out:
	strbuf_release(&path);
	return ret;
}

int gm_owner_sections(struct gm_getmaint *g, const char *addr,
		      struct strbuf *out)
{
	const struct gm_db *db = &g->db;
	size_t k;

	for (k = 0; k < db->nr; k++) {
		if (db->tv[k].type || k + 1 >= db->nr || !db->tv[k + 1].type)
			continue;
		if (gm_section_has(db, k, addr)) {
			strbuf_add(out, db->tv[k].s, db->tv[k].len);
			strbuf_addch(out, '\n');
		}
	}
	return strbuf_failed(out) ? -1 : 0;
}

/* One path of --all: "PATH<TAB>" and each line of its answer. */
static int answer_one(struct gm_getmaint *g, const struct gm_opts *o,
		      const char *p, size_t plen, struct strbuf *one,
		      struct strbuf *out, struct diags *d)
{
	struct gm_query q = { 0 };
	char *l, *le;

	if (gm_query_add_file(&q, p, plen)) {
		gm_query_release(&q);
		return 0;
	}
	scan_file_keywords(g, o, p, &q);
	strbuf_reset(one);
	if (gm_answer(g, o, &q, one, d)) {
		gm_query_release(&q);
		return -1;
	}
	for (l = one->buf; l < one->buf + one->len; l = le + 1) {
		le = memchr(l, '\n', (size_t)(one->buf + one->len - l));
		if (!le)
			le = one->buf + one->len;
		strbuf_add(out, p, plen);
		strbuf_addch(out, '\t');
		strbuf_add(out, l, (size_t)(le - l));
		strbuf_addch(out, '\n');
	}
	gm_query_release(&q);
	return 0;
}

/* The paths (lines) in [p, end). */
static size_t count_lines(const char *p, const char *end)
{
	size_t n = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		n++;
		if (!nl)
			break;
		p = nl + 1;
	}
	return n;
}

/*
 * Answer the paths in [p, end) (one a line) to fd, 1 MiB at a time; with
 * total, o->progress told of them as that share of total.
 */
static int answer_range(struct gm_getmaint *g, const struct gm_opts *o,
			const struct gm_select *sel, char *p, char *end, int fd,
			size_t total, struct diags *d)
{
	struct strbuf one = STRBUF_INIT, out = STRBUF_INIT;
	struct diags ad = DIAGS_INIT;
	int err = 0, ret = -1;
	size_t mine = total && o->progress ? count_lines(p, end) : 0, done = 0;

	while (p < end) {
		if (mine && !(done % 512))
			o->progress(o->progress_ctx,
				    (size_t)((double)done * total / mine),
				    total);
		done++;
		char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t plen;

		if (!nl)
			nl = end;
		*nl = '\0';
		plen = (size_t)(nl - p);
		if (plen && sel) {
			int yes = file_selected(g, o, sel, p);

			if (yes < 0)
				goto nomem;
			if (yes) {
				strbuf_add(&out, p, plen);
				strbuf_addch(&out, '\n');
			}
		} else if (plen && answer_one(g, o, p, plen, &one, &out, &ad)) {
			if (!gm_db_bad_regex(&g->db, d))
				goto nomem;
			goto out;
		}
		diags_release(&ad); /* --all prints no warnings */
		p = nl + 1;
		if (out.len >= (1 << 20) || p >= end) {
			if (strbuf_failed(&out))
				goto nomem;
			if (write_all(fd, out.buf, out.len, &err)) {
				diag_add_errno(d, D_OPEN, NULL, err,
					       "cannot write");
				goto out;
			}
			strbuf_reset(&out);
		}
	}
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	diags_release(&ad);
	strbuf_release(&one);
	strbuf_release(&out);
	return ret;
}

/*
 * --all with history: the logs of every path from one git log (before
 * the list is split between the two processes).
 */
static int prefetch_all(const struct gm_opts *o, const char *list, size_t len)
{
	char *copy, **files = NULL, *p, *end;
	size_t n = 0, alloc = 0;
	int ret = -1;

	if (!o->history || !o->email ||
	    !(o->email_git || o->email_git_fallback))
		return 0;
	copy = malloc(len + 1);
	if (!copy)
		return -1;
	memcpy(copy, list, len);
	end = copy + len;
	*end = '\0';
	for (p = copy; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl)
			nl = end;
		*nl = '\0';
		if (nl > p) {
			if (!ALLOC_GROW(files, n + 1, alloc))
				goto out;
			files[n++] = p;
		}
		p = nl + 1;
	}
	ret = vcs_prefetch_logs(&o->history->vcs, o->history->o.since, files,
				n);
out:
	free(files);
	free(copy);
	return ret;
}

/*
 * --all in parallel: the list cut into chunks (at line ends), each
 * answered by a forked child (run_pool(), ALL_JOBS at once) into a pipe,
 * the answers written to fd in the order of the list.  A child starts
 * from the state before the first chunk (the memo of answers is its
 * own).  What a child has to tell besides its answer comes on its
 * standard error: "ENTRY WHICH\n" for each regex it found at its limit, then "D ID LINE ERR FILELEN MSGLEN\n" FILE MSG for each
 * diagnostic.
 */
#define ALL_JOBS 2
#define ALL_CHUNK (128 * 1024) /* bytes of the list (at least) a chunk */

struct all_run {
	struct gm_getmaint *g;
	const struct gm_opts *o;
	const struct gm_select *sel;
	char **cut; /* chunk i is [cut[i], cut[i + 1]) */
	struct run_cmd *cmds;
	struct strbuf *outs, *errs;
	size_t n, total, done;
	bool failed; /* a chunk failed */
};

struct all_chunk {
	struct all_run *r;
	size_t i;
};

/* A diagnostic to the parent (see above). */
static void send_diag(const struct diag *x, struct strbuf *sb)
{
	const char *file = x->file ? x->file : "";

	strbuf_addf(sb, "D %d %lu %d %zu %zu\n%s%s", (int)x->id, x->line,
		    x->err, strlen(file), strlen(x->msg), file, x->msg);
}

/* In the forked child: one chunk's answer, then what it has to tell. */
static int all_chunk(void *data)
{
	struct all_chunk *c = data;
	struct all_run *r = c->r;
	struct diags d = DIAGS_INIT;
	struct strbuf sb = STRBUF_INIT;
	int err = 0, ret;
	size_t i;

	ret = answer_range(r->g, r->o, r->sel, r->cut[c->i], r->cut[c->i + 1],
			   1, 0, &d) ?
		      1 :
		      0;
	if (gm_db_limit_list(&r->g->db, &sb))
		ret = 1;
	for (i = 0; i < d.nr; i++)
		send_diag(&d.v[i], &sb);
	if (strbuf_failed(&sb) || write_all(2, sb.buf, sb.len, &err))
		ret = 1;
	diags_release(&d);
	strbuf_release(&sb);
	return ret;
}

/* A chunk ended, in order: the progress so far. */
static int all_done(void *ctx, size_t i)
{
	struct all_run *r = ctx;

	if (r->cmds[i].status) {
		r->failed = true; /* nothing after it is written */
		return -1;
	}
	r->done += count_lines(r->cut[i], r->cut[i + 1]);
	if (r->o->progress && r->done < r->total)
		r->o->progress(r->o->progress_ctx, r->done, r->total);
	return 0;
}

/* A diagnostic sent by a child, at *p: added to d.  0, or -1. */
static int take_diag(const char **p, const char *end, struct diags *d)
{
	int id, err, n = 0;
	unsigned long line;
	size_t flen, mlen;
	const char *f;
	size_t nr = d->nr;

	if (sscanf(*p, "D %d %lu %d %zu %zu\n%n", &id, &line, &err, &flen,
		   &mlen, &n) != 5 ||
	    !n || id < 0 || id >= D__COUNT || flen + mlen > (size_t)(end - *p))
		return -1;
	f = *p + n;
	if (flen) {
		char *file = strndup(f, flen);

		if (!file)
			return -1;
		diag_add(d, (enum diag_id)id, file, line, "%.*s", (int)mlen,
			 f + flen);
		free(file);
	} else {
		diag_add(d, (enum diag_id)id, NULL, line, "%.*s", (int)mlen,
			 f + flen);
	}
	if (d->nr == nr)
		return -1; /* out of memory */
	d->v[nr].err = err;
	*p = f + flen + mlen;
	return 0;
}

/*
 * What child i told (its standard error): the regexes it found at
 * their limit marked, its diagnostics added to d.  0, or -1.
 */
static int all_told(struct gm_getmaint *g, const struct strbuf *sb,
		    struct diags *d)
{
	const char *p = sb->buf, *end = sb->buf + sb->len;

	while (p < end) {
		unsigned long long i;
		unsigned k;
		int n = 0;

		if (*p == 'D') {
			if (take_diag(&p, end, d))
				return -1;
			continue;
		}
		if (sscanf(p, "%llu %u\n%n", &i, &k, &n) != 2 || !n)
			return -1;
		gm_db_limit_mark(&g->db, (size_t)i, k);
		p += n;
	}
	return 0;
}

/* Cut [list, end) into chunks at line ends: r->cut, r->n.  0, or -1. */
static int all_cut(struct all_run *r, char *list, char *end)
{
	size_t len = (size_t)(end - list), n, i;
	char *p = list;

	n = len / ALL_CHUNK;
	n = n < ALL_JOBS ? ALL_JOBS : n;
	r->cut = calloc(n + 1, sizeof(*r->cut));
	if (!r->cut)
		return -1;
	r->cut[0] = list;
	for (i = 1, r->n = 0; i < n && p < end; i++) {
		char *q = list + len / n * i, *nl;

		if (q < p)
			continue;
		nl = memchr(q, '\n', (size_t)(end - q));
		p = nl ? nl + 1 : end;
		if (p < end)
			r->cut[++r->n] = p;
	}
	r->cut[++r->n] = end;
	return 0;
}

/* Answer the chunks of r in forked children to fd.  0, or -1 (d). */
static int all_parallel(struct all_run *r, int fd, struct diags *d)
{
	const struct run_pool pool = { ALL_JOBS, fd, all_done, r };
	struct all_chunk *c = calloc(r->n, sizeof(*c));
	size_t i;
	int ret = -1;

	r->cmds = calloc(r->n, sizeof(*r->cmds));
	r->outs = calloc(r->n, sizeof(*r->outs));
	r->errs = calloc(r->n, sizeof(*r->errs));
	if (!c || !r->cmds || !r->outs || !r->errs) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < r->n; i++) {
		c[i] = (struct all_chunk){ r, i };
		strbuf_init(&r->outs[i]);
		strbuf_init(&r->errs[i]);
		r->cmds[i].fn = all_chunk;
		r->cmds[i].data = &c[i];
		r->cmds[i].out = &r->outs[i];
		r->cmds[i].err = &r->errs[i];
	}
	if (run_pool(&pool, r->cmds, r->n) && !r->failed) {
		diag_add_errno(d, D_OPEN, NULL, errno, "cannot write");
		goto out;
	}
	/* after every child started: each began from the same state */
	for (i = 0; i < r->n; i++) {
		size_t nr = d->nr;

		if (!all_told(r->g, &r->errs[i], d) && !r->cmds[i].status)
			continue;
		if (d->nr == nr)
			diag_add(d, D_READ, NULL, 0, "a part of --all failed");
		goto out;
	}
	ret = 0;
out:
	for (i = 0; r->outs && r->errs && i < r->n; i++) {
		strbuf_release(&r->outs[i]);
		strbuf_release(&r->errs[i]);
	}
	free(r->cmds);
	free(r->outs);
	free(r->errs);
	free(c);
	return ret;
}

int gm_get_all(struct gm_getmaint *g, const struct gm_opts *opts,
	       const struct gm_select *sel, char *list, size_t len, int fd,
	       struct diags *d)
{
	struct gm_opts o = *opts;
	struct all_run r = {
		g, &o, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, false
	};
	char *end = list + len;
	int ret = -1;

	o.output_multiline = 0;
	if (sel && !sel->unowned && !sel->owner)
		sel = NULL;
	r.sel = sel;
	/* before answer_range() cuts the list into strings */
	r.total = o.progress ? count_lines(list, end) : 0;
	if (gm_db_index(&g->db)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	g->cache.use_memo = true;
	if (!sel && prefetch_all(&o, list, len)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		return -1;
	}
	fflush(stdout);
	if (len <= 65536) {
		if (answer_range(g, &o, sel, list, end, fd, r.total, d))
			goto out;
	} else if (all_cut(&r, list, end)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	} else if (all_parallel(&r, fd, d)) {
		goto out;
	}
	if (o.progress)
		o.progress(o.progress_ctx, r.total, r.total);
	gm_db_limit_diags(&g->db, d);
	ret = 0;
out:
	free(r.cut);
	return ret;
}
