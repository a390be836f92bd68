// SPDX-License-Identifier: GPL-2.0
/*
 * get-walk: --find-maintainer-files, every file named MAINTAINERS below a
 * directory that Perl's -f takes for a file, as the script's File::Find
 * gives them: a link to a directory is not followed, a MAINTAINERS that
 * is a link counts when it leads to a regular file (-f follows it), and
 * names starting with '.' are walked too (.git excepted); in pre-order,
 * each directory's entries in strcmp order.
 *
 * The memo (vcs_memo_*(), GIT_COMMON_DIR/maint/walk-HASH, one a walk
 * root by its real path): the directories the last walk visited, in the
 * walk's order, each a record
 *	FLAGS SIZE DEV INO MSEC MNSEC CSEC CNSEC NAME '\0'
 * (decimal; SIZE the records of its subtree, itself included; NAME the
 * directory's name, "" for the root; FLAGS 1: it holds a regular file
 * MAINTAINERS, 2: racy, 4: it holds a MAINTAINERS that is a link, which
 * is followed again on every call: where it leads may change without
 * the directory's mtime).  A directory whose lstat (the root's stat)
 * still gives the recorded device, inode, mtime and ctime, and that is
 * not racy, holds what is recorded (its subdirectories, its MAINTAINERS)
 * and is not read again; any other is read again, its new
 * subdirectories walked in full, its vanished ones dropped with their
 * subtrees.  Racy: an mtime not 2 s older than the start of the walk
 * that recorded it (an entry added in the same tick would not change
 * it): read again next time, as git's racy-git rule.  The ctime catches
 * an mtime set back by hand.  The memo is
 * written only when it changed; a damaged one is a miss.  Without a git
 * directory, or with MAINT_GET_CACHE=0, the walk is the plain one.
 */
#define _DEFAULT_SOURCE /* realpath() */
#include "get-internal.h"
#include "base/base.h"
#include "vcs/vcs.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define WALK_MAINT 1u
#define WALK_RACY 2u
#define WALK_MAINT_LINK 4u
#define WALK_NONE SIZE_MAX
#define WALK_KEY "maint-walk 2\n"
#define WALK_SIZE_DIGITS 10 /* SIZE is written 0-padded, patched after */

/* An entry of a directory, with what it is (list_directory_typed()) */
struct find_entry {
	char *name;
	enum file_type type;
};

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct find_entry *)a)->name,
		      ((const struct find_entry *)b)->name);
}

/*
 * The entries of dir in name order, in *out (malloc'd; the names are the
 * caller's to free).  0, or -1.
 */
static int find_entries(const char *dir, struct find_entry **out, size_t *n)
{
	char **names = NULL;
	enum file_type *types = NULL;
	int err = 0;
	size_t i;

	*out = NULL;
	if (list_directory_typed(dir, &names, &types, n, &err)) {
		errno = err;
		return -1;
	}
	*out = *n ? calloc(*n, sizeof(**out)) : NULL;
	if (*n && !*out) {
		for (i = 0; i < *n; i++)
			free(names[i]);
		free(names);
		free(types);
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < *n; i++)
		(*out)[i] = (struct find_entry){ names[i], types[i] };
	free(names);
	free(types);
	if (*n)
		qsort(*out, *n, sizeof(**out), cmp_entry);
	return 0;
}

static void free_entries(struct find_entry *e, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(e[i].name);
	free(e);
}

/* dir + '/' + name (no '/' added after one), in p. */
static void join_path(struct strbuf *p, const char *name)
{
	if (p->len && p->buf[p->len - 1] != '/')
		strbuf_addch(p, '/');
	strbuf_addstr(p, name);
}

/* Add p (a MAINTAINERS found) to the list.  0, or -1 ENOMEM. */
static int add_found(const struct strbuf *p, char ***out, size_t *nr,
		     size_t *alloc)
{
	char *s;

	if (strbuf_failed(p) || !ALLOC_GROW(*out, *nr + 1, *alloc) ||
	    !(s = strdup(p->buf))) {
		errno = ENOMEM;
		return -1;
	}
	(*out)[(*nr)++] = s;
	return 0;
}

/*
 * An entry named MAINTAINERS at path, of type t: its memo flag (0: not
 * one the script would see at all), and in *take whether the script's -f
 * takes it now.
 */
static unsigned maint_entry(const char *path, enum file_type t, bool *take)
{
	*take = t == FT_REGULAR || (t == FT_SYMLINK && is_regular(path));
	return t == FT_REGULAR ? WALK_MAINT :
	       t == FT_SYMLINK ? WALK_MAINT_LINK :
				 0;
}

/* The plain walk (no memo): the MAINTAINERS below dir, appended. */
static int find_files(struct strbuf *dir, char ***out, size_t *nr,
		      size_t *alloc)
{
	struct find_entry *e = NULL;
	size_t n = 0, i, len = dir->len;
	int ret = 0;

	if (find_entries(dir->buf, &e, &n))
		return -1;
	for (i = 0; i < n && !ret; i++) {
		join_path(dir, e[i].name);
		if (strbuf_failed(dir)) {
			errno = ENOMEM;
			ret = -1;
		} else if (e[i].type == FT_DIRECTORY) {
			if (strcmp(e[i].name, ".git"))
				ret = find_files(dir, out, nr, alloc);
		} else if (!strcmp(e[i].name, "MAINTAINERS")) {
			bool take;

			maint_entry(dir->buf, e[i].type, &take);
			if (take)
				ret = add_found(dir, out, nr, alloc);
		}
		strbuf_setlen(dir, len);
	}
	free_entries(e, n);
	return ret;
}

/* A directory of the memo read back */
struct walk_rec {
	const char *raw; /* the record as written, raw_len bytes with its NUL */
	size_t raw_len;
	const char *name;
	unsigned long long dev, ino;
	long long msec, mnsec, csec, cnsec;
	size_t size;
	unsigned flags;
};

/* An entry of a directory being walked */
struct walk_ent {
	const char *name;
	enum file_type type;
	size_t old; /* its record in the memo (WALK_NONE) */
	struct stat st; /* a directory's lstat */
};

struct gm_walk {
	struct strbuf path; /* the directory being walked */
	struct walk_rec *old; /* the memo read back */
	size_t nr_old;
	struct strbuf memo; /* the new memo */
	size_t nr_rec; /* its records */
	struct timespec start;
	char ***out;
	size_t *nr, *alloc;
	struct stat *pre; /* each old record's lstat, taken first (or NULL) */
};

bool gm_memo_num(const char **s, const char *end, long long *v)
{
	const char *p = *s, *digits;
	bool neg = p < end && *p == '-';
	long long n = 0;

	for (p += neg, digits = p; p < end && *p >= '0' && *p <= '9'; p++) {
		if (n > (LLONG_MAX - (*p - '0')) / 10)
			return false;
		n = n * 10 + (*p - '0');
	}
	if (p == digits || p >= end || *p != ' ')
		return false;
	*v = neg ? -n : n;
	*s = p + 1;
	return true;
}

bool gm_memo_head(const char **s, const char *end, long long v[8],
		  const char **name_end)
{
	const char *p = *s;
	int i;

	for (i = 0; i < 8; i++)
		if (!gm_memo_num(&p, end, &v[i]))
			return false;
	*name_end = memchr(p, '\0', (size_t)(end - p));
	*s = p;
	return *name_end != NULL;
}

/* One record at *p (moved past it) into r.  false: not one. */
static bool parse_rec(const char **p, const char *end, struct walk_rec *r)
{
	long long v[8];
	const char *s = *p, *e;

	if (!gm_memo_head(&s, end, v, &e) || memchr(s, '/', (size_t)(e - s)) ||
	    v[0] < 0 || v[0] > 7 || v[1] < 1)
		return false;
	*r = (struct walk_rec){ *p,
				(size_t)(e + 1 - *p),
				s,
				(unsigned long long)v[2],
				(unsigned long long)v[3],
				v[4],
				v[5],
				v[6],
				v[7],
				(size_t)v[1],
				(unsigned)v[0] };
	*p = e + 1;
	return true;
}

/*
 * Is the records' tree whole: the root first (named ""), every subtree
 * inside its parent's, siblings in strictly increasing name order?  anc,
 * prev: room for n (the open directories, the last child of each).
 */
static bool memo_whole(const struct walk_rec *r, size_t n, size_t *anc,
		       size_t *prev)
{
	size_t depth = 1, i, up;

	if (!n || r[0].name[0] || r[0].size != n)
		return false;
	anc[0] = 0;
	prev[0] = WALK_NONE;
	for (i = 1; i < n; i++) {
		while (depth && anc[depth - 1] + r[anc[depth - 1]].size <= i)
			depth--;
		if (!depth)
			return false;
		up = anc[depth - 1];
		if (!r[i].name[0] || r[i].size > up + r[up].size - i)
			return false;
		if (prev[depth - 1] != WALK_NONE &&
		    strcmp(r[prev[depth - 1]].name, r[i].name) >= 0)
			return false;
		prev[depth - 1] = i;
		anc[depth] = i;
		prev[depth++] = WALK_NONE;
	}
	return true;
}

/* The memo's payload in w->old.  0 (none when it is not whole), or -1. */
static int memo_parse(struct gm_walk *w, const struct strbuf *t)
{
	const char *p = t->buf, *end = t->buf + t->len;
	size_t alloc = 0, *anc;

	while (p < end) {
		if (!ALLOC_GROW(w->old, w->nr_old + 1, alloc))
			return -1;
		if (!parse_rec(&p, end, &w->old[w->nr_old])) {
			w->nr_old = 0;
			return 0;
		}
		w->nr_old++;
	}
	if (!w->nr_old)
		return 0;
	anc = calloc(w->nr_old, 2 * sizeof(*anc));
	if (!anc)
		return -1;
	if (!memo_whole(w->old, w->nr_old, anc, anc + w->nr_old))
		w->nr_old = 0;
	free(anc);
	return 0;
}

/*
 * Could an entry added now leave the directory's mtime as it is (it is
 * not 2 s older than the walk)?  Every change of a listing sets the
 * mtime to the time of the change.
 */
static bool is_racy(const struct gm_walk *w, const struct stat *st)
{
	return st->st_mtim.tv_sec >= w->start.tv_sec - 2;
}

/* Is the directory as recorded (and not racy then)? */
static bool rec_holds(const struct walk_rec *r, const struct stat *st)
{
	return !(r->flags & WALK_RACY) &&
	       r->dev == (unsigned long long)st->st_dev &&
	       r->ino == (unsigned long long)st->st_ino &&
	       r->msec == (long long)st->st_mtim.tv_sec &&
	       r->mnsec == (long long)st->st_mtim.tv_nsec &&
	       r->csec == (long long)st->st_ctim.tv_sec &&
	       r->cnsec == (long long)st->st_ctim.tv_nsec;
}

/*
 * Start the record of a directory (FLAGS and SIZE patched after it): a
 * copy of same, its record that holds, when it is written as this one.
 */
static size_t rec_start(struct gm_walk *w, const struct walk_rec *same,
			const char *name, const struct stat *st)
{
	size_t at = w->memo.len;

	if (same && same->raw[1] == ' ' &&
	    same->raw_len > WALK_SIZE_DIGITS + 2 &&
	    same->raw[WALK_SIZE_DIGITS + 2] == ' ') {
		strbuf_add(&w->memo, same->raw, same->raw_len);
		w->nr_rec++;
		return at;
	}
	strbuf_addf(&w->memo, "0 %0*d %llu %llu %lld %lld %lld %lld %s",
		    WALK_SIZE_DIGITS, 0, (unsigned long long)st->st_dev,
		    (unsigned long long)st->st_ino,
		    (long long)st->st_mtim.tv_sec,
		    (long long)st->st_mtim.tv_nsec,
		    (long long)st->st_ctim.tv_sec,
		    (long long)st->st_ctim.tv_nsec, name);
	strbuf_addch(&w->memo, '\0');
	w->nr_rec++;
	return at;
}

static void rec_finish(struct gm_walk *w, size_t at, unsigned flags,
		       size_t size)
{
	char num[WALK_SIZE_DIGITS + 2];

	if (strbuf_failed(&w->memo))
		return;
	w->memo.buf[at] = (char)('0' + flags);
	snprintf(num, sizeof(num), "%0*zu", WALK_SIZE_DIGITS, size);
	memcpy(w->memo.buf + at + 2, num, WALK_SIZE_DIGITS);
}

/*
 * The entries of record old as recorded: its subdirectories (lstat'ed)
 * and its MAINTAINERS, in name order.  0; 1 a subdirectory is not one
 * now (read the directory); -1 ENOMEM.
 */
static int ents_from_memo(struct gm_walk *w, size_t old, struct walk_ent **e,
			  size_t *n)
{
	const struct walk_rec *r = &w->old[old];
	size_t j, alloc = 0, len = w->path.len;
	bool maint = r->flags & (WALK_MAINT | WALK_MAINT_LINK);
	enum file_type mt = r->flags & WALK_MAINT ? FT_REGULAR : FT_SYMLINK;

	for (j = old + 1; j < old + r->size; j += w->old[j].size) {
		struct walk_ent x = { w->old[j].name, FT_DIRECTORY, j, { 0 } };

		if (!ALLOC_GROW(*e, *n + 2, alloc))
			return -1;
		if (maint && strcmp("MAINTAINERS", x.name) < 0) {
			(*e)[(*n)++] = (struct walk_ent){ "MAINTAINERS", mt,
							  WALK_NONE };
			maint = false;
		}
		join_path(&w->path, x.name);
		if (strbuf_failed(&w->path))
			return -1;
		if (w->pre)
			x.st = w->pre[j];
		else if (lstat(w->path.buf, &x.st))
			x.st.st_mode = 0;
		if (!S_ISDIR(x.st.st_mode)) {
			strbuf_setlen(&w->path, len);
			return 1;
		}
		strbuf_setlen(&w->path, len);
		(*e)[(*n)++] = x;
	}
	if (maint) {
		if (!ALLOC_GROW(*e, *n + 1, alloc))
			return -1;
		(*e)[(*n)++] =
			(struct walk_ent){ "MAINTAINERS", mt, WALK_NONE };
	}
	return 0;
}

/*
 * The entries of the directory as read (fe, n of them, sorted), each
 * subdirectory lstat'ed and matched with its record below old.  0, or -1
 * (errno).
 */
static int ents_from_dir(struct gm_walk *w, size_t old,
			 const struct find_entry *fe, size_t n,
			 struct walk_ent *e)
{
	size_t i, j = old == WALK_NONE ? 0 : old + 1;
	size_t end = old == WALK_NONE ? 0 : old + w->old[old].size;
	size_t len = w->path.len;

	for (i = 0; i < n; i++) {
		e[i] = (struct walk_ent){ fe[i].name, fe[i].type, WALK_NONE };
		if (e[i].type != FT_DIRECTORY)
			continue;
		while (j < end && strcmp(w->old[j].name, e[i].name) < 0)
			j += w->old[j].size;
		if (j < end && !strcmp(w->old[j].name, e[i].name))
			e[i].old = j;
		join_path(&w->path, e[i].name);
		if (strbuf_failed(&w->path)) {
			errno = ENOMEM;
			return -1;
		}
		if (lstat(w->path.buf, &e[i].st))
			return -1;
		if (!S_ISDIR(e[i].st.st_mode))
			e[i].type = FT_OTHER;
		strbuf_setlen(&w->path, len);
	}
	return 0;
}

static int walk_dir(struct gm_walk *w, size_t old, const struct stat *st,
		    const char *name);

/* Walk the entries e[0..n) of the directory w->path. */
static int walk_ents(struct gm_walk *w, const struct walk_ent *e, size_t n,
		     unsigned *flags)
{
	size_t i, len = w->path.len;
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		join_path(&w->path, e[i].name);
		if (strbuf_failed(&w->path)) {
			errno = ENOMEM;
			ret = -1;
		} else if (e[i].type == FT_DIRECTORY) {
			if (strcmp(e[i].name, ".git"))
				ret = walk_dir(w, e[i].old, &e[i].st,
					       e[i].name);
		} else if (!strcmp(e[i].name, "MAINTAINERS")) {
			bool take;

			*flags |= maint_entry(w->path.buf, e[i].type, &take);
			if (take)
				ret = add_found(&w->path, w->out, w->nr,
						w->alloc);
		}
		strbuf_setlen(&w->path, len);
	}
	return ret;
}

/* The walk of w->path (st its stat, old its record or WALK_NONE). */
static int walk_dir(struct gm_walk *w, size_t old, const struct stat *st,
		    const char *name)
{
	bool holds = old != WALK_NONE && rec_holds(&w->old[old], st);
	struct find_entry *fe = NULL;
	struct walk_ent *e = NULL;
	size_t n = 0, first = w->nr_rec;
	size_t at = rec_start(w, holds ? &w->old[old] : NULL, name, st);
	unsigned flags = is_racy(w, st) ? WALK_RACY : 0;
	int ret = 1;

	if (holds) {
		ret = ents_from_memo(w, old, &e, &n);
		if (ret < 0)
			errno = ENOMEM;
	}
	if (ret > 0) {
		free(e);
		e = NULL;
		ret = find_entries(w->path.buf, &fe, &n);
		if (!ret && n && !(e = calloc(n, sizeof(*e)))) {
			errno = ENOMEM;
			ret = -1;
		}
		if (!ret)
			ret = ents_from_dir(w, old, fe, n, e);
	}
	if (!ret)
		ret = walk_ents(w, e, n, &flags);
	if (!ret)
		rec_finish(w, at, flags, w->nr_rec - first);
	free(e);
	free_entries(fe, fe ? n : 0);
	return ret;
}

/*
 * The lstat of every directory of the memo but the root, in w->pre, taken
 * up front by lstat_all() (two threads): a later call whose tree did not
 * change makes these and little else.  A directory that changed is read
 * as without them; one below it is never looked at.  Without the memory
 * for it, none (each is lstat'ed as the walk comes to it).
 */
static void walk_prefetch(struct gm_walk *w)
{
	struct strbuf all = STRBUF_INIT;
	size_t *at = calloc(w->nr_old, sizeof(*at));
	size_t *anc = calloc(w->nr_old, sizeof(*anc));
	const char **paths = calloc(w->nr_old, sizeof(*paths));
	size_t i, depth = 0;

	w->pre = calloc(w->nr_old, sizeof(*w->pre));
	if (!at || !anc || !paths || !w->pre)
		goto out;
	/* record i's path: its parent's (anc, the open ancestors), name */
	strbuf_add(&all, w->path.buf, w->path.len + 1);
	anc[depth++] = 0;
	for (i = 1; i < w->nr_old; i++) {
		size_t up, len;

		while (anc[depth - 1] + w->old[anc[depth - 1]].size <= i)
			depth--;
		up = at[anc[depth - 1]];
		len = strlen(all.buf + up);
		at[i] = all.len;
		/* grown first: the parent's path is copied from all itself */
		if (!strbuf_grow(&all, len + strlen(w->old[i].name) + 2))
			goto out;
		strbuf_add(&all, all.buf + up, len);
		join_path(&all, w->old[i].name);
		strbuf_addch(&all, '\0');
		anc[depth++] = i;
	}
	if (strbuf_failed(&all))
		goto out;
	for (i = 1; i < w->nr_old; i++)
		paths[i] = all.buf + at[i];
	lstat_all(paths + 1, w->nr_old - 1, w->pre + 1);
	free(at);
	free(anc);
	free(paths);
	strbuf_release(&all);
	return;
out:
	free(w->pre);
	w->pre = NULL;
	free(at);
	free(anc);
	free(paths);
	strbuf_release(&all);
}

/* The memo's key: its format and the walk root's real path. */
static int walk_key(const char *root, struct strbuf *key)
{
	char *real = realpath(root, NULL);

	if (!real)
		return -1;
	strbuf_addf(key, WALK_KEY "%s\n", real);
	free(real);
	return strbuf_failed(key) ? -1 : 0;
}

/* The walk with the memo of vcs v.  0, or -1 (errno). */
static int walk_memo(struct vcs *v, struct gm_walk *w, const struct strbuf *key)
{
	struct strbuf t = STRBUF_INIT;
	struct stat st;
	bool hit = vcs_memo_get(v, "walk", key, &t);
	int ret = -1;

	if (hit && memo_parse(w, &t)) {
		errno = ENOMEM;
		goto out;
	}
	if (stat(w->path.buf, &st) ||
	    clock_gettime(CLOCK_REALTIME, &w->start)) {
		ret = find_files(&w->path, w->out, w->nr, w->alloc);
		goto out;
	}
	if (w->nr_old > 1)
		walk_prefetch(w);
	ret = walk_dir(w, w->nr_old ? 0 : WALK_NONE, &st, "");
	if (!ret && strbuf_failed(&w->memo)) {
		errno = ENOMEM;
		ret = -1;
	}
	if (!ret &&
	    (!hit || t.len != w->memo.len || memcmp(t.buf, w->memo.buf, t.len)))
		vcs_memo_put(v, "walk", key, &w->memo);
out:
	strbuf_release(&t);
	return ret;
}

int gm_walk_find(const char *root, char ***out, size_t *nr, size_t *alloc)
{
	struct gm_walk w = { STRBUF_INIT, NULL, 0,  STRBUF_INIT, 0,
			     { 0, 0 },	  out,	nr, alloc };
	struct strbuf key = STRBUF_INIT;
	struct vcs v;
	int ret, err;

	vcs_init(&v);
	strbuf_addstr(&w.path, root);
	if (strbuf_failed(&w.path)) {
		ret = -1;
		errno = ENOMEM;
	} else if (!vcs_memo_on(&v) || walk_key(root, &key)) {
		ret = find_files(&w.path, out, nr, alloc);
	} else {
		ret = walk_memo(&v, &w, &key);
	}
	err = errno;
	vcs_release(&v);
	strbuf_release(&w.path);
	strbuf_release(&w.memo);
	strbuf_release(&key);
	free(w.old);
	free(w.pre);
	errno = err;
	return ret;
}
