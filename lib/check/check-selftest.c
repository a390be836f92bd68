// SPDX-License-Identifier: GPL-2.0
/*
 * check --self-test: what get_maintainer.pl --self-test (6.12) reports
 * (sections, patterns, links, scm), found the script's way.
 */
#include "check-internal.h"
#include "base/base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* $self_test eq "" || $self_test =~ /\bword\b/ */
static bool st_part(const char *st, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	if (!*st)
		return true;
	for (p = strstr(st, word); p; p = strstr(p + 1, word))
		if ((p == st || !ck_is_word(p[-1])) && !ck_is_word(p[n]))
			return true;
	return false;
}

static bool want(const struct ck *c, enum diag_id id, const char *part)
{
	if (c->o->self_test)
		return st_part(c->o->self_test, part);
	return c->o->enabled[id];
}

/* /^([A-Z]):\s*\S/ */
static char full_field(const struct ck_line *l, const char **v, size_t *vlen)
{
	char t = ck_field(l, v, vlen);

	return t && *vlen ? t : 0;
}

/* ---- the script's self-test: sections ---- */

/* /^\S[^:]/ */
static bool header_like(const struct ck_line *l)
{
	return l->len >= 2 && !ck_perl_space(l->s[0]) && l->s[1] != ':';
}

struct headers {
	const struct ck_line **v; /* sorted by text */
	size_t nr, alloc;
};

/*
 * grep(m@^\Q$line\E@, @section_headers): is line a prefix of a header
 * seen before?  *exact: an equal one.  Adds it when not.
 */
static int seen_header(struct headers *h, const struct ck_line *l, bool *dup,
		       bool *exact, const struct ck_line **prev)
{
	size_t lo = 0, hi = h->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (bytecmp(h->v[mid]->s, h->v[mid]->len, l->s, l->len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*dup = lo < h->nr && h->v[lo]->len >= l->len &&
	       !memcmp(h->v[lo]->s, l->s, l->len);
	*exact = *dup && h->v[lo]->len == l->len;
	*prev = *dup ? h->v[lo] : NULL;
	if (*dup)
		return 0;
	if (!ALLOC_GROW(h->v, h->nr + 1, h->alloc))
		return -1;
	memmove(h->v + lo + 1, h->v + lo, (h->nr - lo) * sizeof(*h->v));
	h->v[lo] = l;
	h->nr++;
	return 0;
}

/* check mode: line k, or the first after it that is no inner comment */
static size_t past_comments(const struct ck *c, size_t k)
{
	size_t hdr;
	bool after;

	while (k < c->nr && ck_inner_comment(c, k, &hdr, &after))
		k++;
	return k;
}

static int self_test_section(struct ck *c, size_t idx, struct headers *h)
{
	const struct ck_line *x = &c->l[idx], *prev;
	const char *v, *status = "";
	size_t vlen, status_len = 0, k;
	bool has_s = false, has_f = false, has_ml = false, dup, exact;
	int hlen = x->len > 200 ? 200 : (int)x->len;

	k = past_comments(c, idx + 1);
	if (!header_like(x) || k >= c->nr || !full_field(&c->l[k], &v, &vlen) ||
	    past_comments(c, idx) != idx)
		return 0;
	if (seen_header(h, x, &dup, &exact, &prev))
		return -1;
	if (dup && (c->o->self_test || exact) &&
	    want(c, D_DUP_HEADER, "sections")) {
		if (ck_on_earlier(c, x, prev))
			ck_report(c, D_DUP_HEADER, prev, NULL,
				  "duplicate section header '%.*s' (again at "
				  "%s:%lu)",
				  hlen, x->s, ck_fname(c, x), x->lineno);
		else
			ck_report(c, D_DUP_HEADER, x,
				  "duplicate section header",
				  "duplicate section header '%.*s' (first at "
				  "%s:%lu)",
				  hlen, x->s, ck_fname(c, prev), prev->lineno);
	}
	for (k = idx + 1; (k = past_comments(c, k)) < c->nr; k++) {
		char t = full_field(&c->l[k], &v, &vlen);

		if (!t)
			break;
		if (t == 'S') {
			has_s = true;
			status = v;
			status_len = vlen;
		} else if (t == 'F' || t == 'N') {
			has_f = true;
		} else if (t == 'M' || t == 'R' || t == 'L') {
			has_ml = true;
		}
	}
	if (!has_ml && !ck_has_icase(status, status_len, "orphan") &&
	    !ck_has_icase(status, status_len, "obsolete") &&
	    want(c, D_NO_EMAIL, "sections"))
		ck_report(c, D_NO_EMAIL, x, "section without email address",
			  "section '%.*s' has no M:, R: or L: address", hlen,
			  x->s);
	if (!has_s && want(c, D_NO_STATUS, "sections"))
		ck_report(c, D_NO_STATUS, x, "section without status ",
			  "section '%.*s' has no S: status", hlen, x->s);
	if (!has_f && want(c, D_NO_PATTERN, "sections"))
		ck_report(c, D_NO_PATTERN, x, "section without file pattern",
			  "section '%.*s' has no F: or N: pattern", hlen, x->s);
	return 0;
}

/* ---- the script's self-test: patterns ---- */

/*
 * Does any file of the tree match m@^$value@, value being the glob made
 * into the script's regex?  1, 0, -1 when it does not compile, -2 when
 * out of memory.
 */
static int glob_matches_tree(struct ck *c, const char *glob, size_t len)
{
	const struct ck_tree *t = c->o->tree;
	struct strbuf re = STRBUF_INIT, err = STRBUF_INIT;
	struct mnt_regex rx = MNT_REGEX_INIT;
	size_t i, lit;
	bool all;
	int ret = 0;

	strbuf_addch(&re, '^');
	glob_regex_add(&re, glob, len);
	/* if (-d $value) { $value =~ s@([^/])$@$1/@; } */
	if (re.len > 1 && is_directory(re.buf + 1) && re.buf[re.len - 1] != '/')
		strbuf_addch(&re, '/');
	lit = glob_literal(glob, len, &all);
	if (strbuf_failed(&re)) {
		ret = -2;
		goto out;
	}
	if (all) {
		/* a plain path: the regex is the path itself */
		size_t plen = 0;
		struct strbuf p = STRBUF_INIT;

		strbuf_add(&p, glob, len);
		if (re.buf[re.len - 1] == '/' && (!len || glob[len - 1] != '/'))
			strbuf_addch(&p, '/');
		plen = p.len;
		if (strbuf_failed(&p)) {
			ret = -2;
		} else {
			i = ck_tree_lower(t, p.buf, plen);
			ret = i < t->nr && ck_has_prefix(t->v[i], p.buf, plen);
		}
		strbuf_release(&p);
		goto out;
	}
	errno = 0;
	if (regex_compile(&rx, re.buf, re.len, 0, &err)) {
		/* out of memory, or a regex that does not compile */
		ret = errno == ENOMEM ? -2 : -1;
		goto out;
	}
	for (i = ck_tree_lower(t, glob, lit);
	     i < t->nr && ck_has_prefix(t->v[i], glob, lit); i++) {
		int m = regex_match(&rx, t->v[i], strlen(t->v[i]));

		if (m == REGEX_MATCH || m == REGEX_NOMEM) {
			ret = m == REGEX_MATCH ? 1 : -2;
			break;
		}
	}
out:
	regex_free(&rx);
	strbuf_release(&re);
	strbuf_release(&err);
	return ret;
}

/* ---- links ---- */

static bool url_syntax(const char *s, size_t len)
{
	size_t i = 0, host;

	while (len && ck_perl_space(s[len - 1]))
		len--;
	if (len > 7 && !strncmp(s, "http://", 7))
		i = 7;
	else if (len > 8 && !strncmp(s, "https://", 8))
		i = 8;
	else if (len > 6 && !strncmp(s, "git://", 6))
		i = 6;
	else if (len > 6 && !strncmp(s, "ssh://", 6))
		i = 6;
	else
		return false;
	host = i;
	while (i < len && (ck_is_word(s[i]) || s[i] == '.' || s[i] == '-' ||
			   s[i] == ':' || s[i] == '@'))
		i++;
	if (i == host || !memchr(s + host, '.', i - host))
		return false;
	if (i < len && s[i] != '/')
		return false;
	for (; i < len; i++)
		if (ck_perl_space(s[i]) || (unsigned char)s[i] < 0x20)
			return false;
	return true;
}

/* the script's @good_links / @bad_links: 1 good, 2 bad, 0 not yet */
static int probed(struct ck *c, const char *v, size_t len)
{
	struct strmap_entry *e = strmap_get(&c->probed, v, len);

	return e ? (int)(long)e->value : 0;
}

static void remember(struct ck *c, const char *v, size_t len, bool good)
{
	struct strmap_entry *e = strmap_put(&c->probed, v, len);

	if (!e)
		c->nomem = true;
	else
		e->value = (void *)(long)(good ? 1 : 2);
}

/*
 * Run the script's command for a link, or check its syntax offline.
 * Without memory for the command: c->nomem (the run fails).
 */
static bool reachable(struct ck *c, const struct strbuf *cmd, const char *url,
		      size_t len)
{
	if (strbuf_failed(cmd)) {
		c->nomem = true;
		return true;
	}
	if (c->o->probe)
		return !c->o->probe(c->o->probe_arg, cmd->buf);
	return url_syntax(url, len);
}

static void check_link(struct ck *c, const struct ck_line *l, const char *v,
		       size_t vlen)
{
	struct strbuf cmd = STRBUF_INIT;
	int was = probed(c, v, vlen);
	bool bad = was == 2;

	if (was == 1)
		return;
	if (!was) {
		strbuf_addstr(&cmd, "wget --spider -q --no-check-certificate "
				    "--timeout 10 --tries 1 ");
		strbuf_add(&cmd, v, vlen);
		bad = !reachable(c, &cmd, v, vlen);
		remember(c, v, vlen, !bad);
	}
	if (bad)
		ck_report(c, D_BAD_LINK, l, "possible bad link",
			  "%s link '%.*s'",
			  c->o->probe ? "unreachable" : "malformed", (int)vlen,
			  v);
	strbuf_release(&cmd);
}

static size_t span(const char *s, size_t len, size_t i, bool space)
{
	while (i < len && ck_perl_space(s[i]) == space)
		i++;
	return i;
}

static void check_scm(struct ck *c, const struct ck_line *l, const char *v,
		      size_t vlen)
{
	struct strbuf cmd = STRBUF_INIT;
	int was = probed(c, v, vlen);
	bool bad = was == 2;
	size_t kw = 0, u0, u1;

	if (was == 1)
		return;
	if (vlen >= 3 && !strncmp(v, "git", 3))
		kw = 3;
	else if (vlen >= 5 && !strncmp(v, "quilt", 5))
		kw = 5;
	else if (vlen >= 2 && !strncmp(v, "hg", 2))
		kw = 2;
	/* the types MAINTAINERS' own preamble lists, beyond the script's */
	else if (!c->o->self_test && vlen >= 5 && !strncmp(v, "stgit", 5))
		kw = 5;
	else if (!c->o->self_test && vlen >= 6 && !strncmp(v, "topgit", 6))
		kw = 6;
	u0 = span(v, vlen, kw, true);
	u1 = span(v, vlen, u0, false);
	if (bad) {
		/* reported below */
	} else if (!kw || u0 == kw || u1 == u0) {
		/* $value !~ /^(?:git|quilt|hg)\s+\S/ */
		ck_report(c, D_BAD_SCM, l, "malformed entry",
			  "malformed T: entry '%.*s' (want git, hg, quilt, "
			  "stgit or topgit and a URL)",
			  (int)vlen, v);
	} else if (kw == 3) {
		/*
		 * /^git\s+(\S+)(\s+([^\(]+\S+))?/: $3 runs from the
		 * branch to the end of the last word that starts before
		 * the first '(' (one more than a single character).
		 */
		size_t b0 = span(v, vlen, u1, true), b1 = b0, k, j;

		for (k = b0; k < vlen && v[k] != '('; k++)
			;
		for (j = k < vlen ? k : vlen - 1; j > b0; j--)
			if (!ck_perl_space(v[j]))
				break;
		if (b0 > u1 && j > b0)
			b1 = span(v, vlen, j, false);
		strbuf_addstr(&cmd, "git ls-remote --exit-code -h \"");
		strbuf_add(&cmd, v + u0, u1 - u0);
		strbuf_addstr(&cmd, "\" ");
		strbuf_add(&cmd, v + b0, b1 - b0);
		strbuf_addstr(&cmd, " > /dev/null 2>&1");
		bad = !reachable(c, &cmd, v + u0, u1 - u0);
		remember(c, v, vlen, !bad);
	} else if (u1 - u0 > 5 && (!strncmp(v + u0, "http:", 5) ||
				   !strncmp(v + u0, "https:", 6))) {
		strbuf_addstr(&cmd, "wget --spider -q --no-check-certificate "
				    "--timeout 10 --tries 1 ");
		strbuf_add(&cmd, v + u0, u1 - u0);
		bad = !reachable(c, &cmd, v + u0, u1 - u0);
		remember(c, v, vlen, !bad);
	}
	if (bad)
		ck_report(c, D_BAD_LINK, l, "possible bad link",
			  "%s SCM URL in '%.*s'",
			  c->o->probe ? "unreachable" : "malformed", (int)vlen,
			  v);
	strbuf_release(&cmd);
}

int ck_self_test(struct ck *c)
{
	struct headers h = { NULL, 0, 0 };
	size_t idx;
	int ret = -1;

	for (idx = 0; idx < c->nr; idx++) {
		const struct ck_line *x = &c->l[idx];
		const char *v;
		size_t vlen;
		char t;

		if ((want(c, D_DUP_HEADER, "sections") ||
		     want(c, D_NO_EMAIL, "sections") ||
		     want(c, D_NO_STATUS, "sections") ||
		     want(c, D_NO_PATTERN, "sections")) &&
		    self_test_section(c, idx, &h))
			goto out;
		t = ck_field(x, &v, &vlen);
		if ((t == 'F' || t == 'X') && c->o->tree && ck_focused(c, x) &&
		    (want(c, D_NO_MATCH, "patterns") ||
		     want(c, D_BAD_PATTERN, "patterns"))) {
			int m = glob_matches_tree(c, v, vlen);

			if (m == -2)
				goto out;
			if (m < 0 && want(c, D_BAD_PATTERN, "patterns")) {
				ck_report(c, D_BAD_PATTERN, x, NULL,
					  "%c: pattern '%.*s' is not a valid "
					  "regex once made into one",
					  t, (int)vlen, v);
				/* where the script dies */
				if (c->o->self_test) {
					ret = 1;
					goto out;
				}
			} else if (!m && want(c, D_NO_MATCH, "patterns"))
				ck_report(c, D_NO_MATCH, x, "no file matches",
					  "%c: pattern '%.*s' matches no file",
					  t, (int)vlen, v);
		} else if ((t == 'W' || t == 'Q' || t == 'B') && vlen >= 5 &&
			   (!strncmp(v, "http:", 5) ||
			    (vlen >= 6 && !strncmp(v, "https:", 6))) &&
			   want(c, D_BAD_LINK, "links")) {
			check_link(c, x, v, vlen);
		} else if (t == 'T' && want(c, D_BAD_SCM, "scm")) {
			check_scm(c, x, v, vlen);
		}
		if (c->nomem)
			goto out;
	}
	ret = 0;
out:
	free(h.v);
	return ret;
}
