// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-hidx-log: the logs of files from the history index (its files:
 * vcs-hidx.c), and bringing it up to date.
 *
 * A record of the index is what
 *	git log --no-color --full-history --no-renames --raw --numstat
 *		--format=%x00c %H %ct%n%P%n<the script's format>%x01
 * prints for a commit: its date and parents (so the walk of git log
 * --since is done here, in git's order, as vcs-commit-graph.c does it
 * on the commit-graph), the script's lines and the --raw and --numstat
 * lines of every path it changes.  The log of a file is then the
 * non-merge commits of the walk that change it, with its numstat line:
 * the lines of vcs-log.c.  At a commit that adds the file --follow may
 * go on under another name: git's own --follow on that commit alone, as
 * in vcs-graph.c.
 *
 * The index is never trusted to hold a window: the walk says so itself.
 * A commit it reaches that is not there (a new HEAD, another branch, an
 * older --since) means the index is not used for this call (the answer
 * comes as without it) and v->hidx_want asks for an update.  An update
 * reads only what the walk lacks: git log of the missing commits, less
 * what the index holds (its tips), with the window's --since; the
 * parents of what it read that are not in the index come as 'b' records
 * (date and parents), which end the walk there.
 */
#include "vcs-internal.h"

#include "base/base.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 3 /* updates before giving up (dates out of order) */
#define MARGIN (2 * 86400) /* an update reads this much before --since */
#define QUICK 64 /* new commits a call reads itself (more: in the background) */

#define HIDX_FORMAT_ARG "--format=%x00c %H %ct%n%P%n" LOG_FORMAT "%x01"

/* ---- the walk (git log --since's order, as vcs-commit-graph.c) ---- */

struct hq_ent {
	uint64_t date;
	const struct vcs_hent *e;
};

/* the newer first (equal dates: in the order queued, by the heap) */
static int hq_cmp(const void *a, const void *b)
{
	const struct hq_ent *x = a, *y = b;

	return x->date != y->date ? (x->date > y->date ? -1 : 1) : 0;
}

static int hq_put(struct binheap *q, const struct vcs_hent *e)
{
	return binheap_push(q, &(struct hq_ent){ e->date, e });
}

/* The walk: the commits shown, and the ids it needs that are missing. */
struct hwalk {
	const struct vcs_hent **o;
	size_t n, alloc;
	struct strbuf miss; /* hex ids, a line each */
	bool stubs; /* some are 'b' records the window now reaches */
};

/* Visit the parents of e (pushed unless seen): 0, or -1. */
static int walk_parents(const struct vcs_hidx *x, const struct vcs_hent *e,
			unsigned char *seen, struct binheap *q, struct hwalk *w,
			unsigned *np)
{
	const char *p = e->rec, *nl = memchr(e->rec, '\n', e->end - e->rec);

	*np = 0;
	while (p < nl) {
		const char *sp = memchr(p, ' ', (size_t)(nl - p));
		const struct vcs_hent *pe;
		size_t i;

		if (!sp)
			sp = nl;
		(*np)++;
		pe = vcs_hidx_find(x, p, (size_t)(sp - p));
		if (!pe) {
			strbuf_add(&w->miss, p, (size_t)(sp - p));
			strbuf_addch(&w->miss, '\n');
		} else {
			i = (size_t)(pe - x->e);
			if (!(seen[i / 8] & (1u << (i % 8)))) {
				seen[i / 8] |= (unsigned char)(1u << (i % 8));
				if (hq_put(q, pe))
					return -1;
			}
		}
		p = sp + 1;
	}
	return w->miss.failed ? -1 : 0;
}

/*
 * The non-merge commits git log --since (max_age) shows from head, in
 * its order, in w->o; what it lacks in w->miss.  0, or -1 (ENOMEM).
 */
static int hidx_walk(const struct vcs_hidx *x, const char *head,
		     uint64_t max_age, struct hwalk *w)
{
	struct binheap q = BINHEAP_INIT(sizeof(struct hq_ent), hq_cmp);
	struct hq_ent top;
	unsigned char *seen = calloc(x->n / 8 + 1, 1);
	const struct vcs_hent *e = vcs_hidx_find(x, head, strlen(head));
	unsigned np;
	int ret = -1;

	if (!seen)
		goto out;
	if (!e) {
		strbuf_addf(&w->miss, "%s\n", head);
		ret = w->miss.failed ? -1 : 0;
		goto out;
	}
	seen[(e - x->e) / 8] |= (unsigned char)(1u << ((e - x->e) % 8));
	if (hq_put(&q, e))
		goto out;
	while (binheap_pop(&q, &top)) {
		e = top.e;
		if (e->date < max_age)
			continue;
		if (e->kind != 'c') {
			w->stubs = true;
			strbuf_add(&w->miss, e->id, x->idlen);
			strbuf_addch(&w->miss, '\n');
			continue;
		}
		if (walk_parents(x, e, seen, &q, w, &np))
			goto out;
		if (np > 1)
			continue;
		if (!ALLOC_GROW(w->o, w->n + 1, w->alloc))
			goto out;
		w->o[w->n++] = e;
	}
	ret = w->miss.failed ? -1 : 0;
out:
	binheap_release(&q);
	free(seen);
	return ret;
}

static void hwalk_release(struct hwalk *w)
{
	free(w->o);
	strbuf_release(&w->miss);
	memset(w, 0, sizeof(*w));
	strbuf_init(&w->miss);
}

/* ---- the logs ---- */

/* A file being read: its path now (malloc'd) and its pending entry. */
struct hfile {
	char *path;
	struct vcs_pending *p;
};

static int cmp_hfile(const void *a, const void *b)
{
	return strcmp(((const struct hfile *)a)->path,
		      ((const struct hfile *)b)->path);
}

/* The first of f (sorted) whose path is path..path+len, or NULL. */
static struct hfile *find_hfile(struct hfile *f, size_t n, const char *path,
				size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(f[mid].path, path, len);

		if (!c && f[mid].path[len])
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !strncmp(f[lo].path, path, len) && !f[lo].path[len] ?
		       &f[lo] :
		       NULL;
}

/*
 * The lines of commit e for file f (appended to its log); at a commit
 * that adds it, git's --follow of that commit: *moved when the file
 * goes on under another name.  0, or -1 (ENOMEM).
 */
static int commit_lines(struct vcs *v, const struct vcs_hidx *x,
			const struct vcs_hent *e, struct hfile *f, bool *moved)
{
	struct strbuf one = STRBUF_INIT;
	size_t before = f->p->log->len;
	char st, *ren = NULL, commit[72];
	bool parents;
	int ret = 0;

	if (f->p->follow)
		return 0; /* the script's command reads it */
	vcs_record_lines(e->rec, e->end, f->path, &st, &parents, f->p->log);
	if (st != 'A' || !parents)
		return f->p->log->failed ? -1 : 0;
	memcpy(commit, e->id, x->idlen);
	commit[x->idlen] = '\0';
	if (vcs_follow_one(v, commit, f->path, &ren, &one)) {
		f->p->follow = true;
		ret = one.failed ? -1 : 0;
		goto out;
	}
	strbuf_setlen(f->p->log, before);
	strbuf_addbuf(f->p->log, &one);
	if (ren) {
		free(f->path);
		f->path = ren;
		*moved = true;
	}
	ret = f->p->log->failed ? -1 : 0;
out:
	strbuf_release(&one);
	return ret;
}

/* The files of f (n, sorted) commit e changes: their lines.  0, or -1. */
static int commit_files(struct vcs *v, const struct vcs_hidx *x,
			const struct vcs_hent *e, struct hfile *f, size_t n,
			struct hfile ***hits, size_t *ahits)
{
	const char *nl = memchr(e->rec, '\n', (size_t)(e->end - e->rec));
	const char *mid = vcs_record_mid(nl, e->end), *q, *l, *tab;
	size_t nh = 0, i;
	bool moved = false;

	if (!mid)
		return 1; /* not a record of the index's writing */
	for (q = mid + 1; q < e->end; q = l + 1) {
		struct hfile *h;
		size_t len;

		l = memchr(q, '\n', (size_t)(e->end - q));
		if (!l)
			l = e->end;
		tab = *q == ':' ? memchr(q, '\t', (size_t)(l - q)) : NULL;
		if (!tab)
			continue;
		len = (size_t)(l - tab - 1);
		for (h = find_hfile(f, n, tab + 1, len);
		     h && h < f + n && !strncmp(h->path, tab + 1, len) &&
		     !h->path[len];
		     h++) {
			if (!ALLOC_GROW(*hits, nh + 1, *ahits))
				return -1;
			(*hits)[nh++] = h;
		}
	}
	for (i = 0; i < nh; i++)
		if (commit_lines(v, x, e, (*hits)[i], &moved))
			return -1;
	if (moved)
		qsort(f, n, sizeof(*f), cmp_hfile);
	return 0;
}

/* The logs of p along the walk w.  0; 1 a bad record; -1 ENOMEM. */
static int walk_logs(struct vcs *v, const struct hwalk *w,
		     struct vcs_pending *p, size_t np)
{
	struct hfile *f = calloc(np, sizeof(*f)), **hits = NULL;
	size_t i, ahits = 0;
	int ret = -1;

	if (!f)
		return -1;
	for (i = 0; i < np; i++) {
		f[i].p = &p[i];
		f[i].path = strdup(p[i].file);
		if (!f[i].path)
			goto out;
	}
	qsort(f, np, sizeof(*f), cmp_hfile);
	for (i = 0; i < w->n; i++) {
		ret = commit_files(v, v->hidx, w->o[i], f, np, &hits, &ahits);
		if (ret)
			goto out;
	}
	ret = 0;
out:
	for (i = 0; i < np; i++)
		free(f[i].path);
	free(f);
	free(hits);
	return ret;
}

/* Ask for an update for since (after the answer). */
static int want(struct vcs *v, const char *since)
{
	if (v->hidx_want)
		return 0;
	v->hidx_want = strdup(since);
	return v->hidx_want ? 0 : -1;
}

static int quick_update(struct vcs *v, uint64_t max_age);

int vcs_hidx_logs(struct vcs *v, const char *since, struct vcs_pending *p,
		  size_t np)
{
	struct hwalk w = { 0 };
	uint64_t max_age;
	size_t i;
	int ret, rc;

	if (!np || !*since || !vcs_hidx_enabled(v))
		return 0;
	rc = vcs_hidx_load(v, false);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (!v->hidx->n)
		return want(v, since); /* none yet */
	if (vcs_since_time(v, since, &max_age))
		return 0;
	strbuf_init(&w.miss);
	ret = -1;
	if (hidx_walk(v->hidx, v->head, max_age, &w))
		goto out;
	if (w.miss.len && !w.stubs && v->hidx->n && !quick_update(v, max_age)) {
		hwalk_release(&w);
		if (hidx_walk(v->hidx, v->head, max_age, &w))
			goto out;
	}
	if (w.miss.len) {
		ret = want(v, since);
		goto out;
	}
	rc = walk_logs(v, &w, p, np);
	if (rc < 0)
		goto out;
	ret = 0;
	if (rc > 0) {
		/* a record not as written: as without the index */
		for (i = 0; i < np; i++) {
			strbuf_reset(p[i].log);
			p[i].follow = false;
		}
		goto out;
	}
	v->hidx_used = true;
	ret = 1;
out:
	hwalk_release(&w);
	return ret;
}

/* ---- the update ---- */

/*
 * The tips of the index: commits read whole that are no commit's
 * parent, as "^ID" lines appended to in.  0, or -1.
 */
static int add_tips(const struct vcs_hidx *x, struct strbuf *in)
{
	unsigned char *child = calloc(x->n / 8 + 1, 1);
	size_t i;

	if (!child)
		return -1;
	for (i = 0; i < x->n; i++) {
		const struct vcs_hent *e = &x->e[i];
		const char *p = e->rec, *nl = memchr(p, '\n', e->end - p);

		while (p + x->idlen <= nl) {
			const struct vcs_hent *pe =
				vcs_hidx_find(x, p, x->idlen);
			size_t k = pe ? (size_t)(pe - x->e) : 0;

			if (pe)
				child[k / 8] |= (unsigned char)(1u << (k % 8));
			p += x->idlen + 1;
		}
	}
	for (i = 0; i < x->n; i++)
		if (x->e[i].kind == 'c' && !(child[i / 8] & (1u << (i % 8)))) {
			strbuf_addch(in, '^');
			strbuf_add(in, x->e[i].id, x->idlen);
			strbuf_addch(in, '\n');
		}
	free(child);
	return in->failed ? -1 : 0;
}

/* Add id (len) to need unless the index or have holds it: 0, or -1. */
static int need_id(const struct vcs_hidx *x, struct strmap *have,
		   struct strmap *need, const char *id, size_t len)
{
	if (!len || vcs_hidx_find(x, id, len) || strmap_get(have, id, len))
		return 0;
	return strmap_put(need, id, len) ? 0 : -1;
}

/*
 * The parents of the records in out, and the commits asked for (miss, a
 * line each) that out does not hold (past the window), that neither the
 * index nor out holds, as 'b' records appended to out (git log
 * --no-walk).  0, or -1.
 */
static int add_stubs(struct vcs *v, const struct vcs_hidx *x,
		     const struct strbuf *miss, struct strbuf *out)
{
	const char *argv[] = { "git",
			       "log",
			       "--no-walk=unsorted",
			       "--stdin",
			       "--format=%x00b %H %ct%n%P",
			       NULL };
	struct strmap have = STRMAP_INIT, need = STRMAP_INIT;
	struct strbuf in = STRBUF_INIT;
	const char *r = out->buf, *end = out->buf + out->len, *nl, *p, *sp;
	size_t i;
	int ret = -1;

	/* the ids out holds, then the parents it names */
	for (r = out->buf; r && r < end; r = memchr(r + 1, '\0', end - r - 1))
		if (end - r > 3 &&
		    !strmap_put(&have, r + 3, strcspn(r + 3, " ")))
			goto out;
	for (r = out->buf; r && r < end; r = memchr(r + 1, '\0', end - r - 1)) {
		nl = memchr(r + 1, '\n', (size_t)(end - r - 1));
		if (!nl)
			break;
		for (p = nl + 1; p < end && *p != '\n'; p = sp + 1) {
			sp = p + strcspn(p, " \n");
			if (need_id(x, &have, &need, p, (size_t)(sp - p)))
				goto out;
			if (*sp == '\n')
				break;
		}
	}
	for (p = miss->buf; p < miss->buf + miss->len; p = sp + 1) {
		sp = p + strcspn(p, "\n");
		if (need_id(x, &have, &need, p, (size_t)(sp - p)))
			goto out;
	}
	for (i = 0; i < need.nr; i++)
		strbuf_addf(&in, "%.*s\n", (int)need.e[i].len, need.e[i].key);
	ret = 0;
	if (in.failed)
		ret = -1;
	else if (in.len && vcs_run(v, argv, in.buf, in.len, out))
		ret = -1;
out:
	strmap_release(&have);
	strmap_release(&need);
	strbuf_release(&in);
	return ret;
}

/* One round of an update: the records the walk lacks.  0, 1 none, -1. */
static int update_round(struct vcs *v, uint64_t max_age, int round,
			unsigned limit)
{
	const char *argv[] = {
		"git",		"log",		 "--no-color", "--full-history",
		"--no-renames", "--raw",	 "--numstat",  NULL,
		"--stdin",	HIDX_FORMAT_ARG, NULL,	       NULL
	};
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT, age = STRBUF_INIT;
	struct strbuf lim = STRBUF_INIT;
	struct hwalk w = { 0 };
	int ret = -1;

	strbuf_init(&w.miss);
	if (vcs_hidx_load(v, true) || hidx_walk(v->hidx, v->head, max_age, &w))
		goto out;
	ret = 1;
	if (!w.miss.len)
		goto out;
	ret = -1;
	strbuf_addbuf(&in, &w.miss);
	/* new commits: less what the index holds; else all from there */
	if (!round && !w.stubs && add_tips(v->hidx, &in))
		goto out;
	strbuf_addf(&age, "--max-age=%llu",
		    (unsigned long long)(max_age > MARGIN ? max_age - MARGIN :
							    0));
	argv[7] = age.buf;
	if (limit) {
		strbuf_addf(&lim, "--max-count=%u", limit);
		argv[10] = lim.buf;
	}
	if (in.failed || age.failed || lim.failed ||
	    vcs_run(v, argv, in.buf, in.len, &out) || out.failed)
		goto out;
	if (add_stubs(v, v->hidx, &w.miss, &out))
		goto out;
	ret = 1;
	if (!out.len)
		goto out;
	ret = -1;
	if (vcs_hidx_write(v, &out))
		goto out;
	ret = 0;
out:
	hwalk_release(&w);
	strbuf_release(&in);
	strbuf_release(&out);
	strbuf_release(&age);
	strbuf_release(&lim);
	return ret;
}

/*
 * The walk lacks new commits (HEAD moved on): up to QUICK of them read
 * now, if no other run holds the lock.  0 read (walk again), else not.
 */
static int quick_update(struct vcs *v, uint64_t max_age)
{
	int rc;

	if (vcs_hidx_lock(v))
		return -1;
	rc = update_round(v, max_age, 0, QUICK);
	vcs_hidx_unlock(v);
	if (vcs_hidx_load(v, true))
		return -1;
	return rc;
}

int vcs_hidx_update(struct vcs *v, const char *since)
{
	uint64_t max_age;
	int round, rc = -1;

	vcs_repo_setup(v);
	if (!vcs_hidx_enabled(v) || !v->head[0] || !*since ||
	    vcs_since_time(v, since, &max_age))
		return -1;
	rc = vcs_hidx_lock(v);
	if (rc)
		return rc;
	for (round = 0; round < ROUNDS; round++) {
		rc = update_round(v, max_age, round, 0);
		if (rc)
			break;
	}
	if (rc >= 0 && !vcs_hidx_load(v, true))
		vcs_hidx_compact(v);
	vcs_hidx_unlock(v);
	/* the logs read from now on see the new files */
	vcs_hidx_load(v, true);
	return rc < 0 ? -1 : 0;
}
