// SPDX-License-Identifier: GPL-2.0
/* maint export --format=codeowners: see export.h. */
#define _GNU_SOURCE /* memmem */
#include "export.h"
#include "export-internal.h"
#include "model/model.h"
#include "base/base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * One F: or X: pattern: its value as get_maintainer.pl reads it (with
 * the '/' the -d test adds), the section it belongs to.
 */
struct pat {
	char *s; /* malloc'd */
	size_t len;
	size_t sect; /* index into m->sections */
	const struct mnt_line *line;
	bool exclude; /* X: */
	bool dir; /* ends in '/' */
	bool wild; /* has '*', '?' or '[' */
	bool synthetic; /* a line of its own, no section's pattern */
	bool globstar; /* holds "**": no depth test (7.1) */
	size_t slashes;
};

struct co {
	const struct maintainers *m;
	struct pat *p;
	size_t nr, alloc;
	/* directory part of a pattern's literal prefix -> struct idx */
	struct strmap by_dir;

	/* per section: its owners, "\n"-terminated addresses */
	struct strbuf *owners;
	/* N: regexes that can be tried on a line's pattern */
	struct nre {
		struct mnt_regex re;
		size_t sect;
	} * n;
	size_t nr_n, alloc_n;
	struct diags *d;
	struct export_chiefs chiefs; /* the M:/R: lines left out */
};

struct idx {
	size_t *v;
	size_t nr, alloc;
};

/* The characters a gitignore-style line can carry as they are. */
static bool expressible(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (strchr("\\+{}()|^$!#", s[i]) || (unsigned char)s[i] < 0x20)
			return false;
	return true;
}

/*
 * GitHub's CODEOWNERS has no "[...]" (its documentation: "Using [ ] to
 * define a character range" is not supported; a file with one is marked
 * as containing errors), so a class is written as one line per
 * alternative.  The number of lines a pattern becomes: 0 when it cannot
 * be (a negated class, an unclosed '[', a class holding a wildcard or a
 * control character, more than EXPAND_MAX lines).
 */
#define EXPAND_MAX 64

/* The class at s (just after its '['): its closing ']', or NULL. */
static const char *class_end(const char *s, const char *end)
{
	return memchr(s, ']', (size_t)(end - s));
}

static size_t class_size(const char *s, const char *close)
{
	size_t n = 0;

	if (s < close && (*s == '^' || *s == '!'))
		return 0;
	for (; s < close; s++) {
		unsigned char lo = (unsigned char)*s, hi = lo, c;

		if (s + 2 < close && s[1] == '-') {
			hi = (unsigned char)s[2];
			s += 2;
		}
		if (hi < lo || lo <= ' ' || hi > '~')
			return 0;
		for (c = lo; c <= hi; c++)
			if (strchr("*?[]\\!#", c))
				return 0;
		n += (size_t)(hi - lo) + 1;
	}
	return n;
}

static size_t expansions(const char *s, size_t len)
{
	const char *end = s + len, *p, *close;
	size_t n = 1, k;

	for (p = s; (p = memchr(p, '[', (size_t)(end - p))); p = close + 1) {
		close = class_end(p + 1, end);
		if (!close)
			return 0;
		k = class_size(p + 1, close);
		if (!k || n * k > EXPAND_MAX)
			return 0;
		n *= k;
	}
	return n;
}

/*
 * The i-th alternative of pattern s (0 <= i < expansions(s)) into out:
 * the last class varies fastest, each class in its own order.
 */
static void add_expansion(struct strbuf *out, const char *s, size_t len,
			  size_t i)
{
	const char *end = s + len, *p = s, *lb, *close, *q;
	size_t n = expansions(s, len), k, pick;

	while ((lb = memchr(p, '[', (size_t)(end - p)))) {
		strbuf_add(out, p, (size_t)(lb - p));
		close = class_end(lb + 1, end);
		k = class_size(lb + 1, close);
		n /= k;
		pick = i / n;
		i %= n;
		for (q = lb + 1; q < close; q++) {
			unsigned char lo = (unsigned char)*q, hi = lo;

			if (q + 2 < close && q[1] == '-') {
				hi = (unsigned char)q[2];
				q += 2;
			}
			if (pick <= (size_t)(hi - lo)) {
				strbuf_addch(out, (char)(lo + pick));
				break;
			}
			pick -= (size_t)(hi - lo) + 1;
		}
		p = close + 1;
	}
	strbuf_add(out, p, (size_t)(end - p));
}

static size_t literal_prefix(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] == '*' || s[i] == '?' || s[i] == '[')
			break;
	return i;
}

static size_t count_slashes(const char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += s[i] == '/';
	return n;
}

/*
 * Does a prefix of s (all of s if full) match the glob g (the script's
 * regex: '*' any run, '?' any byte, "[...]" a class, anything else
 * itself)?  Recursive on '*' only.
 */
static bool glob_match(const char *g, size_t glen, const char *s, size_t slen,
		       bool full)
{
	size_t gi = 0, si = 0;

	while (gi < glen) {
		char c = g[gi];

		if (c == '*') {
			size_t k;

			while (gi < glen && g[gi] == '*')
				gi++;
			if (gi == glen)
				return true;
			for (k = si; k <= slen; k++)
				if (glob_match(g + gi, glen - gi, s + k,
					       slen - k, full))
					return true;
			return false;
		}
		if (si >= slen)
			return false;
		if (c == '[') {
			const char *close =
				memchr(g + gi + 1, ']', glen - gi - 1);
			bool in = false, neg = false;
			size_t q = gi + 1;

			if (!close)
				return false;
			if (g[q] == '^') {
				neg = true;
				q++;
			}
			for (; g + q < close; q++) {
				unsigned char lo = (unsigned char)g[q], hi = lo;

				if (g + q + 2 < close && g[q + 1] == '-') {
					hi = (unsigned char)g[q + 2];
					q += 2;
				}
				if ((unsigned char)s[si] >= lo &&
				    (unsigned char)s[si] <= hi)
					in = true;
			}
			if (in == neg)
				return false;
			gi = (size_t)(close - g) + 1;
			si++;
			continue;
		}
		if (c != '?' && c != s[si])
			return false;
		gi++;
		si++;
	}
	return !full || si == slen;
}

/*
 * Does pattern q cover pattern p (every file p matches, q matches)?
 * The script's rule: q's regex matches a prefix of the path, and for a
 * q not ending in '/' the path has as many slashes as q.  p's own
 * wildcards are taken as the characters they are: q's '*' takes them
 * as it takes any text (so "a/STAR" covers "a/bSTAR.c").
 */
static bool covers(const struct pat *q, const struct pat *p)
{
	if (q->len == p->len && !memcmp(q->s, p->s, p->len))
		return true;
	/*
	 * a file pattern covers files at its depth only, unless it holds
	 * "**" (the script of 7.1 and later: then any '*' of it may cross
	 * directories)
	 */
	if (!q->dir && !q->globstar && (p->dir || p->slashes != q->slashes))
		return false;
	return glob_match(q->s, q->len, p->s, p->len, false);
}

static struct pat *new_pat(struct co *c, const char *v, size_t vlen)
{
	struct pat *p;

	if (!ALLOC_GROW(c->p, c->nr + 1, c->alloc))
		return NULL;
	p = &c->p[c->nr];
	memset(p, 0, sizeof(*p));
	p->s = malloc(vlen + 2);
	if (!p->s)
		return NULL;
	memcpy(p->s, v, vlen);
	p->s[vlen] = '\0';
	p->len = vlen;
	c->nr++;
	return p;
}

static void pat_props(struct pat *p)
{
	p->s[p->len] = '\0';
	p->dir = p->s[p->len - 1] == '/';
	p->wild = literal_prefix(p->s, p->len) < p->len;
	p->slashes = count_slashes(p->s, p->len);
	p->globstar = glob_globstar(p->s, p->len);
}

/*
 * A gitignore pattern also matches directories, and so every file
 * below them: F: lib/STAR as a line takes lib/raid6/neon.c, which the
 * script's pattern (as many slashes as the path) does not.  So a
 * pattern whose last part has a wildcard is followed by the same
 * pattern with a '/', a line of its own that gives those files their
 * owners.
 */
static int add_dir_line(struct co *c, const struct pat *p)
{
	const char *last = p->s + p->len;
	struct pat *d;
	char *s;
	size_t len;

	while (last > p->s && last[-1] != '/')
		last--;
	if (p->dir || literal_prefix(last, p->len - (size_t)(last - p->s)) ==
			      p->len - (size_t)(last - p->s))
		return 0;
	s = p->s;
	len = p->len;
	d = new_pat(c, s, len); /* may move c->p: p is not used after */
	if (!d)
		return -1;
	d->s[d->len++] = '/';
	d->synthetic = true;
	pat_props(d);
	return 0;
}

static int add_pat(struct co *c, size_t sect, const struct mnt_line *l,
		   int (*is_dir)(const char *, void *), void *arg)
{
	const char *v;
	size_t vlen, cut, at;
	struct pat *p;
	struct idx *ix;

	v = mnt_line_value(l, &vlen);
	if (!vlen)
		return 0;
	p = new_pat(c, v, vlen);
	if (!p)
		return -1;
	at = c->nr - 1;
	if (v[vlen - 1] != '/' && is_dir) {
		int dir = is_dir(p->s, arg);

		if (dir < 0)
			return -1;
		if (dir)
			p->s[p->len++] = '/';
	}
	p->sect = sect;
	p->line = l;
	p->exclude = l->type == 'X';
	pat_props(p);
	for (cut = literal_prefix(p->s, p->len);
	     cut > 0 && p->s[cut - 1] != '/'; cut--)
		;
	ix = strmap_value(&c->by_dir, p->s, cut, sizeof(*ix));
	if (!ix || !ALLOC_GROW(ix->v, ix->nr + 1, ix->alloc))
		return -1;
	ix->v[ix->nr++] = at;
	return add_dir_line(c, &c->p[at]);
}

/*
 * Two patterns that overlap without one covering the other: a wildcard
 * pattern such as arch/STAR/crypto/ and a directory such as arch/arm64/
 * both match arch/arm64/crypto/aes.S, but the last matching line gives
 * it only one of them.  Their intersection, arch/arm64/crypto/, becomes
 * a line of its own (after both), which both cover.  With a tree
 * (is_dir), only intersections whose directory the tree has.
 */
static int add_intersections(struct co *c, int (*is_dir)(const char *, void *),
			     void *arg)
{
	size_t nr = c->nr, i, j;

	for (i = 0; i < nr; i++) {
		size_t k;

		if (c->p[i].synthetic || !c->p[i].wild)
			continue;
		/* segments before the first wildcard */
		k = count_slashes(c->p[i].s,
				  literal_prefix(c->p[i].s, c->p[i].len));
		for (j = 0; j < nr; j++) {
			const struct pat *w = &c->p[i], *l = &c->p[j];
			const char *ws = w->s, *ls = l->s, *wn, *ln;
			struct pat *n;
			size_t seg;

			if (l->synthetic || l->wild || !l->dir ||
			    l->slashes <= k ||
			    l->slashes >= w->slashes + !w->dir)
				continue;
			for (seg = 0; seg < l->slashes; seg++) {
				wn = strchr(ws, '/');
				ln = strchr(ls, '/');
				if (!wn ||
				    !glob_match(ws, (size_t)(wn - ws), ls,
						(size_t)(ln - ls), true))
					break;
				ws = wn + 1;
				ls = ln + 1;
			}
			if (seg < l->slashes)
				continue;
			{
				size_t llen = l->len;
				size_t rest = w->len - (size_t)(ws - w->s);
				char *text = malloc(llen + rest + 1);

				if (!text)
					return -1;
				size_t cut;
				int there = 1;

				memcpy(text, l->s, llen);
				memcpy(text + llen, ws, rest);
				/* a directory the tree lacks: no line */
				cut = literal_prefix(text, llen + rest);
				while (cut > 0 && text[cut - 1] != '/')
					cut--;
				if (is_dir && cut > 0) {
					text[cut] = '\0';
					there = is_dir(text, arg);
					memcpy(text + cut, ws + (cut - llen),
					       1);
				}
				n = there > 0 ? new_pat(c, text, llen + rest) :
						NULL;
				free(text);
				if (there < 0)
					return -1;
				if (!there)
					continue;
				if (!n)
					return -1;
			}
			n->synthetic = true;
			pat_props(n);
		}
	}
	return 0;
}

/* "Name <addr>" or "addr": the address */
static const char *address(const char *v, size_t len, size_t *alen)
{
	const char *lt = memchr(v, '<', len), *gt;

	if (lt) {
		gt = memchr(lt, '>', len - (size_t)(lt - v));
		if (gt) {
			*alen = (size_t)(gt - lt - 1);
			return lt + 1;
		}
	}
	while (len && (v[len - 1] == ' ' || v[len - 1] == '\t'))
		len--;
	*alen = len;
	return v;
}

/* A line not exported, noted in d and comments.  0, or -1 (ENOMEM). */
static int note(struct co *c, const struct mnt_line *l, const char *what,
		const struct mnt_section *s, struct strbuf *comments)
{
	size_t nr = c->d->nr, lost = c->d->lost;
	const char *v;
	size_t vlen;

	v = mnt_line_value(l, &vlen);
	diag_add(c->d, D_NOT_EXPORTED, mnt_file_name(c->m, l->file), l->lineno,
		 "%c: %.*s (%.*s): %s", l->type, (int)vlen, v,
		 (int)s->header_len, s->header, what);
	strbuf_addf(comments, "#   %s:%lu: %c: %.*s (%.*s): %s\n",
		    mnt_file_name(c->m, l->file), l->lineno, l->type, (int)vlen,
		    v, (int)s->header_len, s->header, what);
	if (c->d->lost != lost || c->d->nr == nr ||
	    !c->d->v[c->d->nr - 1].msg || strbuf_failed(comments))
		return -1;
	return 0;
}

/*
 * An N: regex matches paths (m/$regex/x).  When it matches the text of
 * a line's pattern it matches every path below it, so the section's
 * owners go to that line; other files it matches are lost.  A regex
 * with '$' may match only at the end of the pattern, not of the paths
 * below it, and is not used.  1 when kept, 0 when not, -1 out of memory.
 */
static int add_nre(struct co *c, size_t sect, const char *v, size_t vlen)
{
	struct strbuf err = STRBUF_INIT;
	struct nre *n;
	int ok;

	if (memchr(v, '$', vlen))
		return 0;
	if (!ALLOC_GROW(c->n, c->nr_n + 1, c->alloc_n))
		return -1;
	n = &c->n[c->nr_n];
	memset(&n->re, 0, sizeof(n->re));
	n->sect = sect;
	ok = !regex_compile(&n->re, v, vlen, MNT_RE_EXTENDED, &err);
	if (!ok && errno == ENOMEM)
		ok = -1;
	strbuf_release(&err);
	if (ok > 0)
		c->nr_n++;
	else
		regex_free(&n->re);
	return ok;
}

/* Collect every section's owners and patterns; note what cannot go. */
static int collect(struct co *c, int (*is_dir)(const char *, void *), void *arg,
		   struct strbuf *comments)
{
	const struct maintainers *m = c->m;
	size_t i, j;

	c->owners = calloc(m->nr_sections, sizeof(*c->owners));
	if (!c->owners)
		return -1;
	for (i = 1; i < m->nr_sections; i++) {
		const struct mnt_section *s = &m->sections[i];
		const struct mnt_line *l = mnt_section_lines(m, s);

		strbuf_init(&c->owners[i]);
		for (j = 0; j < s->nr; j++) {
			const char *v, *a, *what = NULL;
			size_t vlen, alen;
			int kept;

			v = mnt_line_value(&l[j], &vlen);
			switch (l[j].type) {
			case 'M':
			case 'R':
				a = address(v, vlen, &alen);
				if (!alen || memchr(a, ' ', alen) ||
				    !memchr(a, '@', alen))
					break;
				kept = export_chiefs_match(&c->chiefs, v, vlen);
				if (kept < 0)
					return -1;
				if (kept)
					break;
				strbuf_add(&c->owners[i], a, alen);
				strbuf_addch(&c->owners[i], '\n');
				break;
			case 'F':
			case 'X':
				if (!expressible(v, vlen))
					what = "regex syntax";
				else if (!expansions(v, vlen))
					what = "character class with no short list of alternatives";
				else if (add_pat(c, i, &l[j], is_dir, arg))
					return -1;
				break;
			case 'N':
				kept = add_nre(c, i, v, vlen);
				if (kept < 0)
					return -1;
				what = kept ? "file-name regex, given to the lines whose pattern it matches" :
					      "file-name regex";
				break;
			case 'K':
				what = "content keyword";
				break;
			}
			if (what && note(c, &l[j], what, s, comments))
				return -1;
		}
		if (strbuf_failed(&c->owners[i]))
			return -1;
	}
	return strbuf_failed(comments) ? -1 : 0;
}

/* Least specific first: shallower, directories, wildcards, shorter. */
static int cmp_pat(const void *a, const void *b)
{
	const struct pat *x = *(const struct pat *const *)a;
	const struct pat *y = *(const struct pat *const *)b;
	int r;

	if (x->slashes != y->slashes)
		return x->slashes < y->slashes ? -1 : 1;
	if (x->dir != y->dir)
		return x->dir ? -1 : 1;
	if (x->wild != y->wild)
		return x->wild ? -1 : 1;
	r = bytecmp(x->s, x->len, y->s, y->len);
	if (r)
		return r;
	return x < y ? -1 : x > y;
}

/* Append an address to the owner list once (list: "\n"-separated). */
static void add_owner(struct strbuf *list, struct strmap *seen, const char *a,
		      size_t alen)
{
	struct strmap_entry *e;

	if (strmap_get(seen, a, alen))
		return;
	e = strmap_put(seen, a, alen);
	if (!e) {
		list->failed = true;
		return;
	}
	strbuf_addch(list, ' ');
	strbuf_add(list, a, alen);
}

/* The owners of the line for pattern p: every covering section's. */
static int line_owners(struct co *c, const struct pat *p, struct strbuf *out,
		       unsigned char *state)
{
	const struct maintainers *m = c->m;
	struct strmap seen = STRMAP_INIT;
	uint32_t h = hash_bytes("", 0);
	size_t cut, i, k;
	int ret = 0;

	/* state[sect]: 1 covered by an F:, 2 excluded by an X: */
	memset(state, 0, m->nr_sections);
	for (cut = 0; cut <= p->len; cut++) {
		const struct strmap_entry *e;
		struct idx *ix;

		/* the hash carried along: linear in the path's length */
		if (cut)
			h = hash_step(h, (unsigned char)p->s[cut - 1]);
		if (cut && p->s[cut - 1] != '/')
			continue;
		e = strmap_get_hashed(&c->by_dir, p->s, cut, h);
		if (!e)
			continue;
		ix = e->value;
		for (k = 0; k < ix->nr; k++) {
			const struct pat *q = &c->p[ix->v[k]];

			if (state[q->sect] == 2 || !covers(q, p))
				continue;
			state[q->sect] = q->exclude ? 2 : 1;
		}
	}
	for (k = 0; k < c->nr_n; k++) {
		int r;

		if (state[c->n[k].sect])
			continue;
		r = regex_match(&c->n[k].re, p->s, p->len);
		if (r == REGEX_NOMEM)
			ret = -1;
		else if (r == REGEX_MATCH)
			state[c->n[k].sect] = 1;
	}
	for (i = 1; i < m->nr_sections; i++) {
		const char *a = c->owners[i].buf, *nl;

		if (state[i] != 1)
			continue;
		for (; (nl = strchr(a, '\n')); a = nl + 1)
			add_owner(out, &seen, a, (size_t)(nl - a));
	}
	if (strbuf_failed(out))
		ret = -1;
	strmap_release(&seen);
	return ret;
}

/*
 * The pattern as a gitignore-style path: anchored, spaces escaped.  A
 * "**" stays (gitignore has it), but a "**" component followed by a '/'
 * is written with a '*' component before it: the script's "(?:.*)" and
 * '/' need at least one directory there (no path holds "//"), where
 * gitignore's also matches none.
 */
static void add_path(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	strbuf_addch(out, '/');
	for (i = 0; i < len; i++) {
		if (s[i] == '*' && i + 2 < len && s[i + 1] == '*' &&
		    s[i + 2] == '/' && (!i || s[i - 1] == '/')) {
			strbuf_addstr(out, "*/**/");
			i += 2;
			continue;
		}
		if (s[i] == ' ')
			strbuf_addch(out, '\\');
		strbuf_addch(out, s[i]);
	}
}

/*
 * A pattern's lines: one, or one per alternative of its character
 * classes, each with the pattern's owners (the same place in the
 * order, so the last matching line still gives a file the same owners).
 */
static void add_lines(struct strbuf *out, const struct pat *p,
		      const struct strbuf *owners, struct strbuf *tmp)
{
	size_t i, n = expansions(p->s, p->len);

	for (i = 0; i < (n ? n : 1); i++) {
		strbuf_reset(tmp);
		if (n)
			add_expansion(tmp, p->s, p->len, i);
		else
			strbuf_add(tmp, p->s, p->len);
		add_path(out, tmp->buf, tmp->len);
		strbuf_addbuf(out, owners);
		strbuf_addch(out, '\n');
	}
}

int export_codeowners(const struct maintainers *m,
		      const struct mnt_chiefs *chiefs,
		      int (*is_dir)(const char *path, void *arg), void *arg,
		      struct strbuf *out, struct diags *d)
{
	struct co c = { m, NULL, 0, 0, STRMAP_INIT, NULL, NULL, 0, 0, d };
	struct strbuf comments = STRBUF_INIT, owners = STRBUF_INIT;
	struct strbuf tmp = STRBUF_INIT;
	struct pat **order = NULL;
	unsigned char *state = NULL;
	size_t i;
	int ret = -1;

	if (export_chiefs_init(&c.chiefs, chiefs))
		return -1;
	if (collect(&c, is_dir, arg, &comments) ||
	    add_intersections(&c, is_dir, arg))
		goto out;
	order = calloc(c.nr ? c.nr : 1, sizeof(*order));
	state = malloc(m->nr_sections ? m->nr_sections : 1);
	if (!order || !state)
		goto out;
	for (i = 0; i < c.nr; i++)
		order[i] = &c.p[i];
	qsort(order, c.nr, sizeof(*order), cmp_pat);

	strbuf_addstr(
		out,
		"# CODEOWNERS from MAINTAINERS (maint export --format=codeowners).\n"
		"# A line's owners are the M: and R: addresses of every section\n"
		"# whose F: patterns cover the line's pattern and whose X:\n"
		"# patterns do not, so that the last matching line gives a\n"
		"# file the owners get_maintainer.pl gives it.\n");
	if (comments.len) {
		strbuf_addstr(
			out,
			"#\n# Not expressible in CODEOWNERS (not exported):\n");
		strbuf_addbuf(out, &comments);
	}
	strbuf_addch(out, '\n');
	for (i = 0; i < c.nr; i++) {
		const struct pat *p = order[i];

		/* the same pattern from several sections: one line */
		if (i && order[i - 1]->len == p->len &&
		    !memcmp(order[i - 1]->s, p->s, p->len))
			continue;
		strbuf_reset(&owners);
		if (line_owners(&c, p, &owners, state))
			goto out;
		add_lines(out, p, &owners, &tmp);
	}
	ret = strbuf_failed(out) || strbuf_failed(&tmp) ? -1 : 0;
out:
	for (i = 0; i < c.nr; i++)
		free(c.p[i].s);
	free(c.p);
	for (i = 0; i < c.by_dir.nr; i++) {
		struct idx *ix = c.by_dir.e[i].value;

		if (ix)
			free(ix->v);
		free(ix);
	}
	strmap_release(&c.by_dir);
	if (c.owners)
		for (i = 1; i < m->nr_sections; i++)
			strbuf_release(&c.owners[i]);
	free(c.owners);
	for (i = 0; i < c.nr_n; i++)
		regex_free(&c.n[i].re);
	free(c.n);
	free(order);
	free(state);
	export_chiefs_release(&c.chiefs);
	strbuf_release(&comments);
	strbuf_release(&owners);
	strbuf_release(&tmp);
	return ret;
}
