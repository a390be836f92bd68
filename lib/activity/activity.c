// SPDX-License-Identifier: GPL-2.0
/*
 * activity: the activity report from one git log.  See activity.h.
 */
#include "activity.h"
#include "get/get.h"
#include "base/base.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct act_fileinfo {
	size_t n;
	size_t *s; /* sections (indexes into a->secs) */
	bool unowned; /* only THE REST, or nothing */
	bool counted; /* counted in its directory's files */
	struct act_dir *dir;
};

static const char *last_slash(const char *s, size_t len)
{
	while (len--)
		if (s[len] == '/')
			return s + len;
	return NULL;
}

/* whom a commit involves, and when */
struct involved {
	size_t person;
	long long when;
};

#define MAX_INVOLVED 64

static bool ieq(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b), i;

	if (alen != blen)
		return false;
	for (i = 0; i < alen; i++)
		if (tolower((unsigned char)a[i]) != b[i])
			return false;
	return true;
}

static bool istarts(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b), i;

	if (alen < blen)
		return false;
	for (i = 0; i < blen; i++)
		if (tolower((unsigned char)a[i]) != b[i])
			return false;
	return true;
}

/*
 * The address of "Name <address>" (or the whole), lower-cased, in tmp,
 * without a sub-address: user+tag@domain is user@domain, the same person.
 */
static void address_of(const char *s, size_t len, struct strbuf *tmp)
{
	const char *lt = NULL, *gt, *p, *at, *plus;
	size_t i;

	for (p = s; p < s + len; p++)
		if (*p == '<')
			lt = p;
	strbuf_reset(tmp);
	if (lt) {
		gt = memchr(lt, '>', (size_t)(s + len - lt));
		if (gt) {
			s = lt + 1;
			len = (size_t)(gt - s);
		}
	}
	while (len && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	at = memchr(s, '@', len);
	plus = at ? memchr(s, '+', (size_t)(at - s)) : NULL;
	for (i = 0; i < len; i++) {
		if (plus && s + i == plus)
			i = (size_t)(at - s);
		strbuf_addch(tmp, tolower((unsigned char)s[i]));
	}
}

/*
 * The person of a MAINTAINERS M:/R: value, made on first use: index, -1
 * no address, -2 ENOMEM.
 */
static long person_of_entry(struct activity *a, const struct gm_entry *e)
{
	struct strbuf ident = STRBUF_INIT;
	struct strmap_entry *me;
	struct act_person *p;
	long ret = -2;

	if (mnt_mailmap_map(&a->g->mailmap, e->s, e->len, &ident))
		ident.failed = true;
	address_of(ident.buf, ident.len, &a->tmp);
	if (ident.failed || a->tmp.failed)
		goto out;
	if (!a->tmp.len) {
		ret = -1;
		goto out;
	}
	me = strmap_put(&a->by_addr, a->tmp.buf, a->tmp.len);
	if (!me)
		goto out;
	if (me->value) {
		ret = (long)((uintptr_t)me->value - 1);
		goto out;
	}
	if (!ALLOC_GROW(a->people, a->npeople + 1, a->apeople))
		goto out;
	p = &a->people[a->npeople];
	memset(p, 0, sizeof(*p));
	p->ident = arena_dup(&a->arena, ident.buf, ident.len);
	if (!p->ident)
		goto out;
	p->addr = me->key;
	p->file = e->file;
	p->lineno = e->lineno;
	me->value = (void *)(uintptr_t)(a->npeople + 1);
	ret = (long)a->npeople++;
out:
	strbuf_release(&ident);
	return ret;
}

/* The person of an identity in the log: index, -1 none, -2 ENOMEM. */
static long person_of_ident(struct activity *a, const char *s, size_t len)
{
	struct strmap_entry *me = strmap_put(&a->idents, s, len), *pe;
	struct strbuf mapped = STRBUF_INIT;

	if (!me)
		return -2;
	if (me->value)
		return (long)((uintptr_t)me->value) - 2;
	if (mnt_mailmap_map(&a->g->mailmap, s, len, &mapped))
		mapped.failed = true;
	address_of(mapped.buf, mapped.len, &a->tmp);
	if (mapped.failed)
		a->tmp.failed = true;
	strbuf_release(&mapped);
	if (a->tmp.failed)
		return -2;
	pe = strmap_get(&a->by_addr, a->tmp.buf, a->tmp.len);
	me->value = (void *)(uintptr_t)(pe ? (uintptr_t)pe->value + 1 : 1);
	return (long)((uintptr_t)me->value) - 2;
}

void act_init(struct activity *a, struct gm_getmaint *g,
	      const struct act_opts *o)
{
	memset(a, 0, sizeof(*a));
	a->g = g;
	a->o = *o;
	a->by_addr = (struct strmap)STRMAP_INIT;
	a->idents = (struct strmap)STRMAP_INIT;
	a->files = (struct strmap)STRMAP_INIT;
	a->dirs = (struct strmap)STRMAP_INIT;
	strbuf_init(&a->tmp);
}

void act_release(struct activity *a)
{
	size_t i;

	for (i = 0; i < a->nsecs; i++) {
		free(a->secs[i].m);
		if (a->secs[i].authors) {
			size_t k;

			for (k = 0; k < a->secs[i].authors->nr; k++)
				free(a->secs[i].authors->e[k].value);
			strmap_release(a->secs[i].authors);
			free(a->secs[i].authors);
		}
	}
	free(a->secs);
	free(a->people);
	for (i = 0; i < a->dirs.nr; i++)
		free(a->dirs.e[i].value);
	strmap_release(&a->by_addr);
	strmap_release(&a->idents);
	strmap_release(&a->files);
	strmap_release(&a->dirs);
	strbuf_release(&a->tmp);
	arena_release(&a->arena);
}

bool act_is_maintainers(const struct gm_getmaint *g, const char **file,
			const char **why)
{
	const struct gm_db *db = &g->db;
	size_t i;

	for (i = 0; db->maps && i < db->nr_names; i++)
		if (db->maps[i].len &&
		    memchr(db->maps[i].data, '\0', db->maps[i].len)) {
			*file = db->names[i];
			*why = "a binary file (NUL bytes)";
			return false;
		}
	for (i = 0; i < db->nr; i++)
		if (gm_is_field(db, i))
			return true;
	*file = NULL;
	*why = "no field line (M:, F:, ...) in it";
	return false;
}

static int setup_sections(struct activity *a, size_t **sec_of)
{
	struct gm_db *db = &a->g->db;
	size_t k, i;

	if (gm_db_index(db))
		return -1;
	a->secs = calloc(db->nr_secs + 1, sizeof(*a->secs));
	*sec_of = calloc(db->nr + 1, sizeof(**sec_of));
	if (!a->secs || !*sec_of)
		return -1;
	for (k = 0; k < db->nr_secs; k++) {
		struct act_section *s = &a->secs[a->nsecs];
		size_t hdr = db->secs[k].start;
		const struct gm_entry *h = &db->tv[hdr];

		if (gm_is_field(db, hdr))
			continue; /* fields before any header */
		s->hdr = hdr;
		s->name = h->s;
		s->name_len = h->len;
		s->file = h->file;
		s->lineno = h->lineno;
		s->rest = h->len == 8 && !memcmp(h->s, "THE REST", 8);
		for (i = hdr + 1; i < db->secs[k].end; i++) {
			const struct gm_entry *e = &db->tv[i];
			long p;

			if (e->type == 'S' && !s->status) {
				s->status = e->s;
				s->status_len = e->len;
				s->orphan = istarts(e->s, e->len, "orphan");
				s->maintained =
					istarts(e->s, e->len, "maintained") ||
					istarts(e->s, e->len, "supported");
			}
			if (e->type != 'M' && e->type != 'R')
				continue;
			p = person_of_entry(a, e);
			if (p == -2)
				return -1;
			if (p < 0)
				continue; /* no address: nobody to follow */
			if (!ALLOC_GROW(s->m, s->nm + 1, s->am))
				return -1;
			s->m[s->nm++] = (struct act_member){
				(size_t)p, e->type, e->lineno, 0, e->s, e->len
			};
		}
		if (s->orphan) {
			s->authors = calloc(1, sizeof(*s->authors));
			if (!s->authors)
				return -1;
			*s->authors = (struct strmap)STRMAP_INIT;
		}
		(*sec_of)[hdr] = ++a->nsecs;
	}
	return 0;
}

static struct act_fileinfo *file_info(struct activity *a, const size_t *sec_of,
				      const char *path, size_t len)
{
	struct strmap_entry *me = strmap_put(&a->files, path, len);
	struct act_fileinfo *fi;
	struct gm_opts o;
	size_t *hdr = NULL, n = 0, i, dlen;
	const char *slash;

	if (!me)
		return NULL;
	if (me->value)
		return me->value;
	fi = arena_alloc(&a->arena, sizeof(*fi));
	if (!fi)
		return NULL;
	memset(fi, 0, sizeof(*fi));
	gm_opts_default(&o);
	if (gm_file_sections(&a->g->db, &o, me->key, &hdr, &n))
		return NULL;
	fi->s = arena_alloc(&a->arena, (n + 1) * sizeof(*fi->s));
	if (!fi->s) {
		free(hdr);
		return NULL;
	}
	fi->unowned = true;
	for (i = 0; i < n; i++) {
		size_t k = sec_of[hdr[i]];

		if (!k)
			continue;
		fi->s[fi->n++] = k - 1;
		if (!a->secs[k - 1].rest)
			fi->unowned = false;
	}
	free(hdr);
	if (fi->unowned) {
		slash = last_slash(path, len);
		dlen = slash ? (size_t)(slash - path) + 1 : 0;
		fi->dir = strmap_value(&a->dirs, dlen ? path : "./",
				       dlen ? dlen : 2, sizeof(*fi->dir));
		if (!fi->dir)
			return NULL;
	}
	me->value = fi;
	return fi;
}

static void involve(struct involved *inv, size_t *n, long p, long long when)
{
	size_t i;

	if (p < 0)
		return;
	for (i = 0; i < *n; i++)
		if (inv[i].person == (size_t)p) {
			if (when > inv[i].when)
				inv[i].when = when;
			return;
		}
	if (*n < MAX_INVOLVED)
		inv[(*n)++] = (struct involved){ (size_t)p, when };
}

static const char *const trailer_keys[] = { "signed-off-by", "acked-by",
					    "reviewed-by", "tested-by" };

/*
 * The trailers of a commit, p up to its "\1" line, dated ct: whom they
 * name in inv.  *pp past the trailers; 0, or -1 (ENOMEM).
 */
static int read_trailers(struct activity *a, const char **pp, const char *end,
			 long long ct, struct involved *inv, size_t *ninv)
{
	const char *p, *q, *colon;
	size_t k;
	long who;

	for (p = *pp; p < end && *p != '\1'; p = q + 1) {
		q = memchr(p, '\n', (size_t)(end - p));
		if (!q)
			q = end;
		colon = memchr(p, ':', (size_t)(q - p));
		if (!colon)
			continue;
		for (k = 0; k < sizeof(trailer_keys) / sizeof(*trailer_keys);
		     k++)
			if (ieq(p, (size_t)(colon - p), trailer_keys[k]))
				break;
		if (k == sizeof(trailer_keys) / sizeof(*trailer_keys))
			continue;
		who = person_of_ident(a, colon + 1, (size_t)(q - colon - 1));
		if (who == -2)
			return -1;
		involve(inv, ninv, who, ct);
	}
	*pp = p;
	return 0;
}

/* One commit's facts, for count_file(). */
struct commit_facts {
	size_t stamp; /* its number, to count a section once */
	long long ct; /* committer date */
	bool in_window;
	const char *author; /* as in the log */
	size_t author_len;
	const struct involved *inv;
	size_t ninv;
};

/* A file the commit touched: its sections and directory counted. */
static int count_file(struct activity *a, const size_t *sec_of,
		      const struct commit_facts *c, const char *path,
		      size_t len)
{
	struct act_fileinfo *fi = file_info(a, sec_of, path, len);
	size_t k, m, j;

	if (!fi)
		return -1;
	for (k = 0; k < fi->n; k++) {
		struct act_section *s = &a->secs[fi->s[k]];

		if (s->stamp == c->stamp)
			continue;
		s->stamp = c->stamp;
		if (c->ct > s->last)
			s->last = c->ct;
		if (c->in_window)
			s->commits++;
		for (m = 0; m < s->nm; m++)
			for (j = 0; j < c->ninv; j++)
				if (c->inv[j].person == s->m[m].person &&
				    c->inv[j].when > s->m[m].last_in)
					s->m[m].last_in = c->inv[j].when;
		if (s->authors && c->in_window) {
			size_t *n = strmap_value(s->authors, c->author,
						 c->author_len, sizeof(*n));

			if (!n)
				return -1;
			(*n)++;
		}
	}
	if (fi->unowned && c->in_window) {
		if (fi->dir->stamp != c->stamp) {
			fi->dir->stamp = c->stamp;
			fi->dir->commits++;
		}
		if (!fi->counted) {
			fi->counted = true;
			fi->dir->files++;
		}
	}
	return 0;
}

/* One commit: rec..end, past its "\0".  0, or -1 (ENOMEM). */
static int read_commit(struct activity *a, const size_t *sec_of,
		       const char *rec, const char *end)
{
	struct involved inv[MAX_INVOLVED];
	struct commit_facts c = { ++a->ncommits, 0, false, NULL, 0, inv, 0 };
	const char *nl = memchr(rec, '\n', (size_t)(end - rec));
	const char *f[4], *p, *q;
	long long at;
	long who, author;
	size_t i;

	if (!nl)
		return 0;
	f[0] = rec;
	for (i = 1; i < 4; i++) {
		p = memchr(f[i - 1], '\t', (size_t)(nl - f[i - 1]));
		if (!p)
			return 0;
		f[i] = p + 1;
	}
	at = strtoll(f[0], NULL, 10);
	c.ct = strtoll(f[1], NULL, 10);
	c.in_window = c.ct >= a->o.window && c.ct <= a->o.now;
	if (!a->oldest || c.ct < a->oldest)
		a->oldest = c.ct;
	c.author = f[2];
	c.author_len = (size_t)(f[3] - 1 - f[2]);
	author = person_of_ident(a, c.author, c.author_len);
	who = person_of_ident(a, f[3], (size_t)(nl - f[3]));
	if (author == -2 || who == -2)
		return -1;
	involve(inv, &c.ninv, author, at);
	involve(inv, &c.ninv, who, c.ct);
	p = nl + 1;
	if (read_trailers(a, &p, end, c.ct, inv, &c.ninv))
		return -1;
	for (i = 0; i < c.ninv; i++)
		if (inv[i].when > a->people[inv[i].person].last)
			a->people[inv[i].person].last = inv[i].when;
	if (p >= end)
		return 0;
	p = memchr(p, '\n', (size_t)(end - p));
	/* the files */
	for (p = p ? p + 1 : end; p < end; p = q + 1) {
		q = memchr(p, '\n', (size_t)(end - p));
		if (!q)
			q = end;
		if (q != p && count_file(a, sec_of, &c, p, (size_t)(q - p)))
			return -1;
	}
	return 0;
}

int act_read_log(struct activity *a, const char *log, size_t len)
{
	const char *p = log, *end = log + len, *next;
	size_t *sec_of = NULL;
	int ret = -1;

	if (setup_sections(a, &sec_of))
		goto out;
	while (p < end) {
		if (*p != '\0') {
			next = memchr(p, '\0', (size_t)(end - p));
			p = next ? next : end;
			continue;
		}
		p++;
		next = memchr(p, '\0', (size_t)(end - p));
		if (!next)
			next = end;
		if (read_commit(a, sec_of, p, next))
			goto out;
		p = next;
	}
	ret = 0;
out:
	free(sec_of);
	return ret;
}
