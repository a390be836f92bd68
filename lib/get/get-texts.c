// SPDX-License-Identifier: GPL-2.0
/*
 * get-texts: the texts of the MAINTAINERS files the walk found
 * (--find-maintainer-files), kept in a memo (vcs_memo_*(),
 * GIT_COMMON_DIR/maint/texts-HASH, one a walk root by its real path) so
 * that a later call opens none that is unchanged.  The memo is the
 * regular files of the last call, in its order, each a record
 *	FLAGS DEV INO MSEC MNSEC CSEC CNSEC SIZE NAME '\0' TEXT
 * (decimal; NAME the file's path as the walk gave it, TEXT its SIZE
 * bytes; FLAGS 1: racy).  A file whose lstat still gives a regular file
 * of the recorded device, inode, mtime, ctime and size, and that is not
 * racy, holds the recorded text and is not read; any other is read.
 * Racy: an mtime not 2 s older than the start of the call that recorded
 * it (a write in the same tick, of the same size, would leave its lstat
 * as it was): read again next time, as git's racy-git rule and the
 * walk's.  The ctime catches an mtime set back by hand.  A MAINTAINERS
 * that is a link is read on every call and not recorded.  The memo is
 * written only when it changed (not at all without the memory for it:
 * the answer is the same); a damaged one is a miss.  Without a git
 * directory, or with MAINT_GET_CACHE=0, every file is read.
 */
#define _DEFAULT_SOURCE /* realpath() */
#include "get-internal.h"
#include "base/base.h"
#include "vcs/vcs.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define TEXTS_RACY 1u
#define TEXTS_KEY "maint-texts 1\n"

/* A file of the memo read back (name and text point into db->kept) */
struct text_rec {
	const char *name, *text;
	size_t size;
	unsigned long long dev, ino;
	long long msec, mnsec, csec, cnsec;
	unsigned flags;
};

struct texts {
	struct text_rec *rec; /* the memo's files */
	size_t nr_rec, next; /* next: the record the next name should be */
	struct strmap by_name; /* name -> record + 1, made on a first miss */
	bool by_name_made;
	bool changed; /* the memo is not the files of this call */
	struct stat *st; /* each name's lstat (st_mode 0: none) */
	struct timespec start;
};

/* One record at *p (moved past it) into r.  false: not one. */
static bool parse_rec(const char **p, const char *end, struct text_rec *r)
{
	long long v[8];
	const char *s = *p, *e;

	if (!gm_memo_head(&s, end, v, &e) || v[0] < 0 || v[0] > 1 || v[7] < 0 ||
	    (unsigned long long)v[7] > (unsigned long long)(end - e - 1))
		return false;
	*r = (struct text_rec){ s,
				e + 1,
				(size_t)v[7],
				(unsigned long long)v[1],
				(unsigned long long)v[2],
				v[3],
				v[4],
				v[5],
				v[6],
				(unsigned)v[0] };
	*p = e + 1 + r->size;
	return true;
}

/* The records of the memo text p..end.  0 (none if it is not one), -1. */
static int texts_parse(struct texts *t, const char *p, const char *end)
{
	size_t alloc = 0;

	while (p < end) {
		if (!ALLOC_GROW(t->rec, t->nr_rec + 1, alloc))
			return -1;
		if (!parse_rec(&p, end, &t->rec[t->nr_rec])) {
			t->nr_rec = 0;
			return 0;
		}
		t->nr_rec++;
	}
	return 0;
}

/* The record of name (the next one, else by name), or NULL.  -1 ENOMEM. */
static int rec_find(struct texts *t, const char *name,
		    const struct text_rec **r)
{
	struct strmap_entry *e;
	size_t k;

	*r = NULL;
	if (t->next < t->nr_rec && !strcmp(t->rec[t->next].name, name)) {
		*r = &t->rec[t->next++];
		return 0;
	}
	t->changed = true;
	if (!t->by_name_made) {
		for (k = 0; k < t->nr_rec; k++) {
			e = strmap_put(&t->by_name, t->rec[k].name,
				       strlen(t->rec[k].name));
			if (!e)
				return -1;
			e->value = (void *)(uintptr_t)(k + 1);
		}
		t->by_name_made = true;
	}
	e = strmap_gets(&t->by_name, name);
	if (e)
		*r = &t->rec[(uintptr_t)e->value - 1];
	return 0;
}

/* Does r hold the text of the file of lstat st now? */
static bool rec_holds(const struct text_rec *r, const struct stat *st)
{
	return r && !(r->flags & TEXTS_RACY) && S_ISREG(st->st_mode) &&
	       r->dev == (unsigned long long)st->st_dev &&
	       r->ino == (unsigned long long)st->st_ino &&
	       r->msec == (long long)st->st_mtim.tv_sec &&
	       r->mnsec == (long long)st->st_mtim.tv_nsec &&
	       r->csec == (long long)st->st_ctim.tv_sec &&
	       r->cnsec == (long long)st->st_ctim.tv_nsec &&
	       r->size == (unsigned long long)st->st_size;
}

int gm_texts_map_file(struct gm_db *db, size_t i, struct diags *d)
{
	struct mapped *mp = &db->maps[i];
	int err;

	if (map_path(db->names[i], &mp->data, &mp->len, &mp->mapped, &err)) {
		diag_add(d, D_OPEN, db->names[i], 0,
			 "Can't open MAINTAINERS file '%s': %s", db->names[i],
			 file_strerror(err));
		if (d->nr)
			d->v[d->nr - 1].err = err;
		return -1;
	}
	return 0;
}

/* File i of db (t->st[i] its lstat): its text kept, or read.  0, or -1. */
static int text_of(struct gm_db *db, struct texts *t, size_t i, struct diags *d)
{
	const struct text_rec *r = NULL;
	const struct stat *st = &t->st[i];

	if (S_ISREG(st->st_mode) && rec_find(t, db->names[i], &r)) {
		diag_add(d, D_NOMEM, db->names[i], 0, "out of memory");
		return -1;
	}
	if (rec_holds(r, st)) {
		db->maps[i] = (struct mapped){ (char *)r->text, r->size, false,
					       true };
	} else {
		if (S_ISREG(st->st_mode))
			t->changed = true;
		return gm_texts_map_file(db, i, d);
	}
	return 0;
}

/* Is a file of lstat st racy for a memo made now? */
static bool is_racy(const struct texts *t, const struct stat *st)
{
	return st->st_mtim.tv_sec >= t->start.tv_sec - 2;
}

/* The memo of the files of db as read, in out. */
static void texts_record(const struct gm_db *db, const struct texts *t,
			 struct strbuf *out)
{
	size_t i;

	for (i = 0; i < db->nr_names; i++) {
		const struct stat *st = &t->st[i];
		const struct mapped *mp = &db->maps[i];

		if (!S_ISREG(st->st_mode) ||
		    (unsigned long long)st->st_size != mp->len)
			continue;
		strbuf_addf(out, "%u %llu %llu %lld %lld %lld %lld %zu %s",
			    is_racy(t, st) ? TEXTS_RACY : 0,
			    (unsigned long long)st->st_dev,
			    (unsigned long long)st->st_ino,
			    (long long)st->st_mtim.tv_sec,
			    (long long)st->st_mtim.tv_nsec,
			    (long long)st->st_ctim.tv_sec,
			    (long long)st->st_ctim.tv_nsec, mp->len,
			    db->names[i]);
		strbuf_addch(out, '\0');
		strbuf_add(out, mp->data, mp->len);
	}
}

/* Every file of db, from the memo of vcs v for key or read. */
static int texts_map(struct gm_db *db, struct vcs *v, const struct strbuf *key,
		     struct diags *d)
{
	struct texts t = { .by_name = STRMAP_INIT };
	struct strbuf old = STRBUF_INIT, memo = STRBUF_INIT;
	size_t i, len = 0;
	int ret = -1;

	if (vcs_memo_get(v, "texts", key, &old)) {
		db->kept = strbuf_detach(&old, &len);
		if (db->kept && texts_parse(&t, db->kept, db->kept + len))
			goto nomem;
	}
	t.st = calloc(db->nr_names + 1, sizeof(*t.st));
	if (!t.st)
		goto nomem;
	if (clock_gettime(CLOCK_REALTIME, &t.start))
		t.start.tv_sec = (time_t)1 << 40; /* every file racy */
	/* every lstat first (threads), after the start racy mtimes see */
	lstat_all((const char *const *)db->names, db->nr_names, t.st);
	for (i = 0; i < db->nr_names; i++)
		if (text_of(db, &t, i, d))
			goto out;
	ret = 0;
	if (t.changed || t.next != t.nr_rec) {
		texts_record(db, &t, &memo);
		if (!db->kept || memo.len != len ||
		    memcmp(memo.buf, db->kept, len))
			vcs_memo_put(v, "texts", key, &memo);
	}
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	strbuf_release(&memo);
	strmap_release(&t.by_name);
	free(t.rec);
	free(t.st);
	return ret;
}

int gm_texts_map(struct gm_db *db, const char *root, struct diags *d)
{
	struct strbuf key = STRBUF_INIT;
	struct vcs v;
	char *real = NULL;
	size_t i;
	int ret = 0;

	vcs_init(&v);
	if (vcs_memo_on(&v) && (real = realpath(root, NULL))) {
		strbuf_addf(&key, TEXTS_KEY "%s\n", real);
		if (strbuf_failed(&key)) {
			diag_add(d, D_NOMEM, root, 0, "out of memory");
			ret = -1;
		} else {
			ret = texts_map(db, &v, &key, d);
		}
	} else {
		for (i = 0; i < db->nr_names && !ret; i++)
			ret = gm_texts_map_file(db, i, d);
	}
	free(real);
	strbuf_release(&key);
	vcs_release(&v);
	return ret;
}
