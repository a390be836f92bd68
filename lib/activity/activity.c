// SPDX-License-Identifier: GPL-2.0
/*
 * activity: the activity report from one git log.  See activity.h.
 */
#include "activity.h"
#include "get/get.h"
#include "base/base.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* The person of a MAINTAINERS M:/R: value, made on first use. */
static long person_of_entry(struct activity *a, const struct gm_entry *e)
{
	struct strbuf ident = STRBUF_INIT;
	struct strmap_entry *me;
	struct act_person *p;
	long ret = -1;

	mnt_mailmap_map(&a->g->mailmap, e->s, e->len, &ident);
	address_of(ident.buf, ident.len, &a->tmp);
	if (ident.failed || a->tmp.failed || !a->tmp.len)
		goto out;
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
	mnt_mailmap_map(&a->g->mailmap, s, len, &mapped);
	address_of(mapped.buf, mapped.len, &a->tmp);
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
			if (p < 0)
				continue; /* no address: nobody to follow */
			if (!ALLOC_GROW(s->m, s->nm + 1, s->am))
				return -1;
			s->m[s->nm++] = (struct act_member){ (size_t)p, e->type,
							     e->lineno, 0 };
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

/* One commit: rec..end, past its "\0".  0, or -1 (ENOMEM). */
static int read_commit(struct activity *a, const size_t *sec_of,
		       const char *rec, const char *end)
{
	struct involved inv[MAX_INVOLVED];
	size_t ninv = 0, i, k, stamp = ++a->ncommits;
	const char *nl = memchr(rec, '\n', (size_t)(end - rec));
	const char *f[4], *p, *q;
	long long at, ct;
	long who, author;
	bool in_window;

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
	ct = strtoll(f[1], NULL, 10);
	in_window = ct >= a->o.window && ct <= a->o.now;
	if (!a->oldest || ct < a->oldest)
		a->oldest = ct;
	author = person_of_ident(a, f[2], (size_t)(f[3] - 1 - f[2]));
	who = person_of_ident(a, f[3], (size_t)(nl - f[3]));
	if (author == -2 || who == -2)
		return -1;
	involve(inv, &ninv, author, at);
	involve(inv, &ninv, who, ct);
	/* trailers, up to the "\1" line */
	for (p = nl + 1; p < end && *p != '\1'; p = q + 1) {
		const char *colon;

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
		involve(inv, &ninv, who, ct);
	}
	for (i = 0; i < ninv; i++)
		if (inv[i].when > a->people[inv[i].person].last)
			a->people[inv[i].person].last = inv[i].when;
	if (p >= end)
		return 0;
	p = memchr(p, '\n', (size_t)(end - p));
	/* the files */
	for (p = p ? p + 1 : end; p < end; p = q + 1) {
		struct act_fileinfo *fi;

		q = memchr(p, '\n', (size_t)(end - p));
		if (!q)
			q = end;
		if (q == p)
			continue;
		fi = file_info(a, sec_of, p, (size_t)(q - p));
		if (!fi)
			return -1;
		for (k = 0; k < fi->n; k++) {
			struct act_section *s = &a->secs[fi->s[k]];
			size_t m, j;

			if (s->stamp == stamp)
				continue;
			s->stamp = stamp;
			if (ct > s->last)
				s->last = ct;
			if (in_window)
				s->commits++;
			for (m = 0; m < s->nm; m++)
				for (j = 0; j < ninv; j++)
					if (inv[j].person == s->m[m].person &&
					    inv[j].when > s->m[m].last_in)
						s->m[m].last_in = inv[j].when;
			if (s->authors && in_window) {
				size_t *c = strmap_value(
					s->authors, f[2],
					(size_t)(f[3] - 1 - f[2]), sizeof(*c));

				if (!c)
					return -1;
				(*c)++;
			}
		}
		if (fi->unowned && in_window) {
			if (fi->dir->stamp != stamp) {
				fi->dir->stamp = stamp;
				fi->dir->commits++;
			}
			if (!fi->counted) {
				fi->counted = true;
				fi->dir->files++;
			}
		}
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

/* ---- dates and durations ---- */

static void add_date(struct strbuf *sb, long long t)
{
	time_t tt = (time_t)t;
	struct tm tm;
	char buf[32];

	if (!gmtime_r(&tt, &tm) || !strftime(buf, sizeof(buf), "%Y-%m-%d", &tm))
		strbuf_addstr(sb, "?");
	else
		strbuf_addstr(sb, buf);
}

long long act_duration(const char *s)
{
	char *e;
	double n;
	const char *u;
	long long day = 86400;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	n = strtod(s, &e);
	u = e;
	while (*u == ' ' || *u == '.' || *u == '-' || *u == '_')
		u++;
	if (!*u)
		return -1;
	if (*u == 'y')
		n *= 365 * day;
	else if (*u == 'm' && strncmp(u, "min", 3))
		n *= 30 * day;
	else if (*u == 'w')
		n *= 7 * day;
	else if (*u == 'd')
		n *= day;
	else
		return -1;
	while (isalpha((unsigned char)*u))
		u++;
	while (*u == ' ' || *u == '.' || *u == '-' || *u == '_')
		u++;
	if (*u && strcmp(u, "ago"))
		return -1;
	return (long long)n;
}

long long act_date(const char *s)
{
	int y, m, d;
	char c;
	long long days;

	if (!s || sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &c) != 3 || m < 1 ||
	    m > 12 || d < 1 || d > 31 || y < 1970)
		return -1;
	/* days from civil (Howard Hinnant's), no timegm() in C11 */
	y -= m <= 2;
	{
		long long era = y / 400, yoe = y - era * 400;
		long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
		long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

		days = era * 146097 + doe - 719468;
	}
	return days * 86400;
}

/* ---- findings ---- */

static bool idle(const struct activity *a, long long last)
{
	return last < a->o.now - a->o.threshold;
}

static void add_last(const struct activity *a, struct strbuf *sb,
		     long long last)
{
	if (last) {
		add_date(sb, last);
	} else {
		strbuf_addstr(sb, "none since ");
		add_date(sb, a->o.start);
	}
}

static const char *file_name(const struct activity *a, unsigned f)
{
	return f < a->g->db.nr_names ? a->g->db.names[f] : "MAINTAINERS";
}

struct ranked {
	const char *key;
	size_t len, n;
};

static int ranked_cmp(const void *pa, const void *pb)
{
	const struct ranked *x = pa, *y = pb;
	int c;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	c = memcmp(x->key, y->key, x->len < y->len ? x->len : y->len);
	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

int act_findings(struct activity *a, struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	const struct act_section *rest = NULL;
	struct ranked *r = NULL;
	size_t i, k, m, n;
	int ret = -1;

	for (i = 0; i < a->nsecs; i++) {
		const struct act_section *s = &a->secs[i];
		size_t nm = 0;
		bool all_idle = true;
		long long last = 0;

		if (s->rest)
			rest = s;
		for (m = 0; m < s->nm; m++) {
			const struct act_person *p = &a->people[s->m[m].person];

			if (s->m[m].role != 'M')
				continue;
			nm++;
			if (!idle(a, p->last))
				all_idle = false;
			if (p->last > last)
				last = p->last;
		}
		if (s->maintained && nm && all_idle) {
			strbuf_reset(&sb);
			strbuf_addf(
				&sb,
				"'%.*s' is S: %.*s but no M: was active since ",
				(int)s->name_len, s->name, (int)s->status_len,
				s->status);
			add_date(&sb, a->o.now - a->o.threshold);
			strbuf_addstr(&sb, " (last: ");
			add_last(a, &sb, last);
			strbuf_addch(&sb, ')');
			if (sb.failed)
				goto out;
			diag_add(d, D_INACTIVE_SECTION, file_name(a, s->file),
				 s->lineno, "%s", sb.buf);
		}
		if (s->orphan && s->authors && s->authors->nr) {
			n = s->authors->nr;
			r = calloc(n, sizeof(*r));
			if (!r)
				goto out;
			for (k = 0; k < n; k++)
				r[k] = (struct ranked){
					s->authors->e[k].key,
					s->authors->e[k].len,
					*(size_t *)s->authors->e[k].value
				};
			qsort(r, n, sizeof(*r), ranked_cmp);
			strbuf_reset(&sb);
			strbuf_addf(
				&sb,
				"'%.*s' is S: Orphan but has %zu commit%s in the window; active: ",
				(int)s->name_len, s->name, s->commits,
				s->commits == 1 ? "" : "s");
			for (k = 0; k < n && k < 3; k++)
				strbuf_addf(&sb, "%s%.*s (%zu)", k ? ", " : "",
					    (int)r[k].len, r[k].key, r[k].n);
			free(r);
			r = NULL;
			if (sb.failed)
				goto out;
			diag_add(d, D_ORPHAN_ACTIVE, file_name(a, s->file),
				 s->lineno, "%s", sb.buf);
		}
	}
	for (i = 0; i < a->npeople; i++) {
		const struct act_person *p = &a->people[i];
		size_t count = 0;

		if (!idle(a, p->last))
			continue;
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s: last active ", p->ident);
		add_last(a, &sb, p->last);
		strbuf_addstr(&sb, "; listed in ");
		for (k = 0; k < a->nsecs; k++)
			for (m = 0; m < a->secs[k].nm; m++)
				if (a->secs[k].m[m].person == i) {
					strbuf_addf(&sb, "%s'%.*s' (%c:)",
						    count++ ? ", " : "",
						    (int)a->secs[k].name_len,
						    a->secs[k].name,
						    a->secs[k].m[m].role);
					break;
				}
		if (sb.failed)
			goto out;
		diag_add(d, D_INACTIVE_PERSON, file_name(a, p->file), p->lineno,
			 "%s", sb.buf);
	}
	n = 0;
	r = calloc(a->dirs.nr + 1, sizeof(*r));
	if (!r)
		goto out;
	for (i = 0; i < a->dirs.nr; i++) {
		const struct act_dir *dd = a->dirs.e[i].value;

		if (dd->commits)
			r[n++] = (struct ranked){ a->dirs.e[i].key,
						  a->dirs.e[i].len,
						  dd->commits };
	}
	qsort(r, n, sizeof(*r), ranked_cmp);
	for (i = 0; i < n && (!a->o.top || i < a->o.top); i++) {
		const struct act_dir *dd =
			strmap_get(&a->dirs, r[i].key, r[i].len)->value;

		diag_add(
			d, D_UNOWNED_BUSY,
			rest ? file_name(a, rest->file) : NULL,
			rest ? rest->lineno : 0,
			"%.*s: %zu commit%s in the window to %zu file%s no section but THE REST covers",
			(int)r[i].len, r[i].key, r[i].n, r[i].n == 1 ? "" : "s",
			dd->files, dd->files == 1 ? "" : "s");
	}
	diags_sort(d);
	ret = 0;
out:
	free(r);
	strbuf_release(&sb);
	return ret;
}

/* ---- output ---- */

int act_text(const struct activity *a, const struct diags *d,
	     struct strbuf *out)
{
	size_t i, m;

	strbuf_addstr(out, "# maint activity as of ");
	add_date(out, a->o.now);
	strbuf_addstr(out, ": window from ");
	add_date(out, a->o.window);
	strbuf_addf(out, ", inactive after %lld days, %zu commits read since ",
		    a->o.threshold / 86400, a->ncommits);
	add_date(out, a->o.start);
	strbuf_addch(out, '\n');
	for (i = 0; i < a->nsecs; i++) {
		const struct act_section *s = &a->secs[i];

		strbuf_addf(out, "\n%.*s (%s:%lu)", (int)s->name_len, s->name,
			    file_name(a, s->file), s->lineno);
		if (s->status)
			strbuf_addf(out, " S: %.*s", (int)s->status_len,
				    s->status);
		strbuf_addstr(out, "\n\tlast commit ");
		add_last(a, out, s->last);
		strbuf_addf(out, ", %zu in the window\n", s->commits);
		for (m = 0; m < s->nm; m++) {
			const struct act_person *p = &a->people[s->m[m].person];

			strbuf_addf(out, "\t%c: %s: last active ", s->m[m].role,
				    p->ident);
			add_last(a, out, p->last);
			strbuf_addstr(out, ", in the section ");
			add_last(a, out, s->m[m].last_in);
			strbuf_addch(out, '\n');
		}
	}
	if (d->nr)
		strbuf_addf(out, "\n# %zu finding%s\n", d->nr,
			    d->nr == 1 ? "" : "s");
	for (i = 0; i < d->nr; i++) {
		diag_format(out, &d->v[i]);
		strbuf_addf(out, " [%s]\n", diag_name(d->v[i].id));
	}
	return out->failed ? -1 : 0;
}

static void json_date(struct strbuf *out, long long t)
{
	if (!t) {
		strbuf_addstr(out, "null");
		return;
	}
	strbuf_addch(out, '"');
	add_date(out, t);
	strbuf_addch(out, '"');
}

int act_json(const struct activity *a, const struct diags *d,
	     struct strbuf *out)
{
	size_t i, m;

	strbuf_addf(out, "{\"version\": %d, \"as_of\": ", ACT_JSON_VERSION);
	json_date(out, a->o.now);
	strbuf_addstr(out, ", \"window_start\": ");
	json_date(out, a->o.window);
	strbuf_addstr(out, ", \"history_start\": ");
	json_date(out, a->o.start);
	strbuf_addf(out,
		    ", \"threshold_days\": %lld, \"commits\": %zu,\n"
		    " \"sections\": [",
		    a->o.threshold / 86400, a->ncommits);
	for (i = 0; i < a->nsecs; i++) {
		const struct act_section *s = &a->secs[i];

		strbuf_addstr(out, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
		json_add_string(out, s->name, s->name_len);
		strbuf_addstr(out, ", \"file\": ");
		json_add_str(out, file_name(a, s->file));
		strbuf_addf(out, ", \"line\": %lu, \"status\": ", s->lineno);
		if (s->status)
			json_add_string(out, s->status, s->status_len);
		else
			strbuf_addstr(out, "null");
		strbuf_addstr(out, ", \"last_commit\": ");
		json_date(out, s->last);
		strbuf_addf(out, ", \"commits\": %zu, \"people\": [",
			    s->commits);
		for (m = 0; m < s->nm; m++) {
			const struct act_person *p = &a->people[s->m[m].person];

			strbuf_addf(out, "%s{\"role\": \"%c\", \"ident\": ",
				    m ? ", " : "", s->m[m].role);
			json_add_str(out, p->ident);
			strbuf_addstr(out, ", \"address\": ");
			json_add_str(out, p->addr);
			strbuf_addf(out, ", \"line\": %lu, \"last_active\": ",
				    s->m[m].lineno);
			json_date(out, p->last);
			strbuf_addstr(out, ", \"last_in_section\": ");
			json_date(out, s->m[m].last_in);
			strbuf_addstr(out, ", \"inactive\": ");
			strbuf_addstr(out, idle(a, p->last) ? "true" : "false");
			strbuf_addch(out, '}');
		}
		strbuf_addstr(out, "]}");
	}
	strbuf_addstr(out, "\n ],\n \"findings\": [");
	for (i = 0; i < d->nr; i++) {
		const struct diag *dg = &d->v[i];

		strbuf_addstr(out,
			      i ? ",\n  {\"check\": " : "\n  {\"check\": ");
		json_add_str(out, diag_name(dg->id));
		strbuf_addstr(out, ", \"severity\": ");
		json_add_str(out, diag_severity_name(diag_severity(dg->id)));
		strbuf_addstr(out, ", \"file\": ");
		if (dg->file)
			json_add_str(out, dg->file);
		else
			strbuf_addstr(out, "null");
		strbuf_addf(out, ", \"line\": %lu, \"message\": ", dg->line);
		json_add_str(out, dg->msg);
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, "\n ]}\n");
	return out->failed ? -1 : 0;
}
