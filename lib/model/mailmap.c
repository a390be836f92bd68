// SPDX-License-Identifier: GPL-2.0
#include "mailmap.h"
#include "base/base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { MM1, MM2, MM3, MM4, RTRIM };

void mnt_mailmap_init(struct mnt_mailmap *mm)
{
	memset(mm, 0, sizeof(*mm));
	mnt_email_parser_init(&mm->ep);
	mm->re[MM1] = (struct perlre)PERLRE("^([^<]+)<([^>]+)>$", 0);
	mm->re[MM2] = (struct perlre)PERLRE("^<([^>]+)>\\s*<([^>]+)>$", 0);
	mm->re[MM3] = (struct perlre)PERLRE("^(.+)<([^>]+)>\\s*<([^>]+)>$", 0);
	mm->re[MM4] = (struct perlre)PERLRE(
		"^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$", 0);
	mm->re[RTRIM] = (struct perlre)PERLRE("\\s+$", 0);
	strbuf_init(&mm->text);
}

static int mm_set(struct strmap *m, struct arena *a, const char *key,
		  size_t klen, const char *val, size_t vlen)
{
	struct strmap_entry *e = strmap_put(m, key, klen);
	struct strbuf *v;

	if (!e)
		return -1;
	v = arena_alloc(a, sizeof(*v));
	if (!v)
		return -1;
	strbuf_init(v);
	/* values live in the arena too */
	v->buf = arena_dup(a, val, vlen);
	v->len = vlen;
	if (!v->buf)
		return -1;
	e->value = v;
	return 0;
}

/* $x =~ s/\s+$//, then parse_email("$x <$addr>").  0, or -1 (ENOMEM) */
static int name_addr(struct mnt_mailmap *mm, const char *name, size_t nlen,
		     const char *addr, size_t alen, struct mnt_email *e)
{
	struct strbuf t = STRBUF_INIT, u = STRBUF_INIT;
	int ret = -1;

	if (perlre_subst(&mm->re[RTRIM], name, nlen, "", false, &t) ==
	    PERLRE_NOMEM)
		goto out;
	strbuf_add(&u, t.buf, t.len);
	strbuf_addstr(&u, " <");
	strbuf_add(&u, addr, alen);
	strbuf_addch(&u, '>');
	if (!strbuf_failed(&u))
		ret = mnt_email_parse(&mm->ep, u.buf, u.len, e);
out:
	strbuf_release(&t);
	strbuf_release(&u);
	return ret;
}

/*
 * .mailmap is read lazily.  Every key a line can set (an address, or
 * "name <address>") has the same address part: the text in one of the
 * line's <...>.  Lines are indexed by those addresses; the first lookup
 * of an address parses its lines, in file order, exactly as the script
 * parses every line, so the maps hold what the script's would for it.
 */
struct mm_lines {
	size_t *v; /* offsets into mm_text of the lines ("line\0") */
	size_t nr, alloc;
	bool loaded;
};

/*
 * Which of the four forms line s is (0: none); its groups in g[], n[].
 * -1 out of memory.  A match limit is no match: the script has none.
 */
static int mm_form(struct mnt_mailmap *mm, const char *s, size_t len,
		   const char *g[5], size_t n[5])
{
	int k, i, r;

	for (k = MM1; k <= MM4; k++) {
		r = perlre_match(&mm->re[k], s, len);
		if (r == PERLRE_NOMEM)
			return -1;
		if (r <= 0)
			continue;
		for (i = 1; i <= 4; i++)
			g[i] = perlre_group(&mm->re[k], s, i, &n[i]);
		return k - MM1 + 1;
	}
	return 0;
}

/* Parse line s into the maps.  0, or -1 (ENOMEM). */
static int mm_parse_line(struct mnt_mailmap *mm, const char *s, size_t len)
{
	struct mnt_email e1, e2;
	struct strbuf key = STRBUF_INIT;
	const char *g[5];
	size_t n[5];
	int ret, form = mm_form(mm, s, len, g, n);

	mnt_email_init(&e1);
	mnt_email_init(&e2);
	ret = form < 0 ? -1 : 0;
	if (form == 1) {
		ret = name_addr(mm, g[1], n[1], g[2], n[2], &e1) ||
		      mm_set(&mm->names, &mm->arena, e1.address.buf,
			     e1.address.len, e1.name.buf, e1.name.len);
	} else if (form == 2) {
		ret = mm_set(&mm->addresses, &mm->arena, g[2], n[2], g[1],
			     n[1]);
	} else if (form == 3) {
		ret = name_addr(mm, g[1], n[1], g[2], n[2], &e1) ||
		      mm_set(&mm->names, &mm->arena, g[3], n[3], e1.name.buf,
			     e1.name.len) ||
		      mm_set(&mm->addresses, &mm->arena, g[3], n[3],
			     e1.address.buf, e1.address.len);
	} else if (form == 4) {
		ret = name_addr(mm, g[1], n[1], g[2], n[2], &e1) ||
		      name_addr(mm, g[3], n[3], g[4], n[4], &e2) ||
		      mnt_email_format(&mm->ep, &key, e2.name.buf, e2.name.len,
				       e2.address.buf, e2.address.len, 1) ||
		      mm_set(&mm->names, &mm->arena, key.buf, key.len,
			     e1.name.buf, e1.name.len) ||
		      mm_set(&mm->addresses, &mm->arena, key.buf, key.len,
			     e1.address.buf, e1.address.len);
	}
	mnt_email_release(&e1);
	mnt_email_release(&e2);
	strbuf_release(&key);
	if (!ret)
		return 0;
	errno = ENOMEM;
	return -1;
}

static int mm_index_add(struct mnt_mailmap *mm, const char *key, size_t klen,
			size_t off)
{
	struct strmap_entry *e = strmap_put(&mm->index, key, klen);
	struct mm_lines *l;

	if (!e)
		return -1;
	if (!e->value) {
		e->value = arena_alloc(&mm->arena, sizeof(struct mm_lines));
		if (!e->value)
			return -1;
		memset(e->value, 0, sizeof(struct mm_lines));
	}
	l = e->value;
	if (l->nr && l->v[l->nr - 1] == off)
		return 0;
	if (!ALLOC_GROW(l->v, l->nr + 1, l->alloc))
		return -1;
	l->v[l->nr++] = off;
	return 0;
}

int mnt_mailmap_read(struct mnt_mailmap *mm, const char *path, int *err)
{
	struct strbuf text = STRBUF_INIT;
	const char *p, *end;
	int ret = 0;

	if (!is_regular(path))
		return 0;
	if (read_path(path, &text, err)) {
		strbuf_release(&text);
		return -1;
	}
	p = text.buf;
	end = text.buf + text.len;
	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *s, *hash, *l;
		size_t len, off, i;

		/* s/#.*$//; s/^\s+|\s+$//g; */
		hash = memchr(p, '#', (size_t)(le - p));
		s = p;
		len = (size_t)((hash ? hash : le) - p);
		utrim(&s, &len);
		p = nl ? nl + 1 : end;
		/* every form ends in <...> */
		if (!len || s[len - 1] != '>')
			continue;
		off = mm->text.len;
		strbuf_add(&mm->text, s, len);
		strbuf_addch(&mm->text, '\0');
		l = mm->text.buf + off;
		for (i = 0; i + 1 < len; i++) {
			const char *k = l + i + 1;
			size_t klen = len - 1 - (i + 1);

			if (l[i] != '<' || memchr(k, '>', klen))
				continue;
			utrim(&k, &klen);
			if (mm_index_add(mm, k, klen, off))
				ret = -1;
		}
	}
	strbuf_release(&text);
	if (ret || strbuf_failed(&mm->text)) {
		*err = ENOMEM;
		return -1;
	}
	return 0;
}

/* Parse, once, the lines that can map an address.  0, or -1 (ENOMEM). */
static int mm_load(struct mnt_mailmap *mm, const char *addr, size_t alen)
{
	struct strmap_entry *e = strmap_get(&mm->index, addr, alen);
	struct mm_lines *l;
	size_t i;

	if (!e)
		return 0;
	l = e->value;
	if (l->loaded)
		return 0;
	l->loaded = true;
	for (i = 0; i < l->nr; i++) {
		const char *s = mm->text.buf + l->v[i];

		if (mm_parse_line(mm, s, strlen(s))) {
			l->loaded = false;
			return -1;
		}
	}
	return 0;
}

static const struct strbuf *mm_get(const struct strmap *m, const char *k,
				   size_t len)
{
	const struct strmap_entry *e = strmap_get(m, k, len);

	return e ? e->value : NULL;
}

/* mailmap_email(): out = the mapped "name <address>" */
int mnt_mailmap_map(struct mnt_mailmap *mm, const char *line, size_t len,
		    struct strbuf *out)
{
	struct mnt_email e;
	struct strbuf em = STRBUF_INIT;
	const struct strbuf *rn = NULL, *ra = NULL;
	const char *name, *addr;
	size_t nlen, alen;
	int ret = -1;

	mnt_email_init(&e);
	if (mnt_email_parse(&mm->ep, line, len, &e) ||
	    mnt_email_format(&mm->ep, &em, e.name.buf, e.name.len,
			     e.address.buf, e.address.len, 1))
		goto out;
	name = e.name.buf;
	nlen = e.name.len;
	addr = e.address.buf;
	alen = e.address.len;
	if (mm_load(mm, addr, alen))
		goto out;
	if (mm_get(&mm->names, em.buf, em.len) ||
	    mm_get(&mm->addresses, em.buf, em.len)) {
		rn = mm_get(&mm->names, em.buf, em.len);
		ra = mm_get(&mm->addresses, em.buf, em.len);
	} else {
		rn = mm_get(&mm->names, addr, alen);
		ra = mm_get(&mm->addresses, addr, alen);
	}
	if (rn) {
		name = rn->buf;
		nlen = rn->len;
	}
	if (ra) {
		addr = ra->buf;
		alen = ra->len;
	}
	ret = mnt_email_format(&mm->ep, out, name, nlen, addr, alen, 1);
out:
	strbuf_release(&em);
	mnt_email_release(&e);
	return ret;
}

void mnt_mailmap_release(struct mnt_mailmap *mm)
{
	size_t i;

	/* the line lists are malloc'd; their headers live in the arena */
	for (i = 0; i < mm->index.nr; i++) {
		struct mm_lines *l = mm->index.e[i].value;

		if (l)
			free(l->v);
	}
	strmap_release(&mm->index);
	strmap_release(&mm->names);
	strmap_release(&mm->addresses);
	strbuf_release(&mm->text);
	for (i = 0; i < sizeof(mm->re) / sizeof(mm->re[0]); i++)
		perlre_free(&mm->re[i]);
	mnt_email_parser_release(&mm->ep);
	arena_release(&mm->arena);
	memset(mm, 0, sizeof(*mm));
}
