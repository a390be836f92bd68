// SPDX-License-Identifier: GPL-2.0
/*
 * check: checkpatch.pl's MAINTAINERS style checks, and the fields of
 * each section (e-mail, status, regexes, duplicate and shared patterns,
 * "**").
 */
#include "check-internal.h"
#include "get/get.h"
#include "base/base.h"
#include "model/model.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* checkpatch.pl's $preferred_order */
const char ck_preferred_order[] = "MRLSWQBCPTFXNK";

/* the words of the findings that ck_field_line() makes too */
#define MSG_LOWER_TYPE                                               \
	"'%c:' is not an entry type (types are upper case: '%c:'); " \
	"the tools read this line as a section header"
#define MSG_UNKNOWN_TYPE "unknown entry type '%c:'"
#define MSG_BAD_EMAIL                          \
	"%c: '%.*s' is not an e-mail address " \
	"('Name <user@domain>' or 'user@domain')"
#define MSG_BAD_STATUS                                                     \
	"unknown status '%.*s' (Supported, Maintained, Odd Fixes, Orphan " \
	"or Obsolete)"
#define MSG_BAD_REGEX "%c: '%.*s' is not a valid Perl regex"
#define MSG_NEVER_MATCHES \
	"%c: '%.*s' can never match: no path starts with '/' or holds '//'"

/* "m:": a field for the eye, a header for the tools */
static bool lower_type(const struct ck_line *l)
{
	return l->len > 1 && l->s[0] >= 'a' && l->s[0] <= 'z' && l->s[1] == ':';
}

/* ---- checkpatch.pl's MAINTAINERS style checks ---- */

void ck_style(struct ck *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		const struct ck_line *l = &c->l[i], *p = i ? l - 1 : NULL;
		const char *v, *pv;
		size_t vlen, pvlen;
		char t = ck_field(l, &v, &vlen), pt;
		const char *ci, *pi;

		if (!t) {
			if (lower_type(l) && c->o->enabled[D_UNKNOWN_TYPE])
				ck_report(c, D_UNKNOWN_TYPE, l, NULL,
					  MSG_LOWER_TYPE, l->s[0],
					  l->s[0] - 'a' + 'A');
			continue;
		}
		if (!(l->len > 3 && l->s[2] == '\t' &&
		      !ck_perl_space(l->s[3])) &&
		    c->o->enabled[D_ENTRY_TAB])
			ck_report(c, D_ENTRY_TAB, l, NULL,
				  "use one tab after '%c:'", t);
		ci = strchr(ck_preferred_order, t);
		if (!ci) {
			if (c->o->enabled[D_UNKNOWN_TYPE])
				ck_report(c, D_UNKNOWN_TYPE, l, NULL,
					  MSG_UNKNOWN_TYPE, t);
			continue;
		}
		if (!p || p->file != l->file)
			continue;
		pt = ck_field(p, &pv, &pvlen);
		pi = pt ? strchr(ck_preferred_order, pt) : NULL;
		if (!pi || !c->o->enabled[D_MISORDERED])
			continue;
		if (ci < pi)
			ck_report(c, D_MISORDERED, l, NULL,
				  "misordered entry: list '%c:' before '%c:'",
				  t, pt);
		else if (pt == t && (t == 'F' || t == 'X') &&
			 bytecmp(pv, pvlen, v, vlen) > 0)
			ck_report(c, D_MISORDERED, l, NULL,
				  "misordered entry: list %c: patterns in "
				  "alphabetic order",
				  t);
	}
}

/* ---- the fields of a section ---- */

static bool addr_char(char ch)
{
	return ck_is_word(ch) || (ch && strchr("!#$%&'*+/=?^`{|}~.-", ch)) ||
	       (unsigned char)ch >= 0x80;
}

/* local@domain.tld */
static bool addr_syntax(const char *s, size_t len)
{
	const char *at = memchr(s, '@', len);
	size_t i, dots = 0;

	if (!at || at == s || at == s + len - 1)
		return false;
	for (i = 0; s + i < at; i++)
		if (!addr_char(s[i]))
			return false;
	for (i = (size_t)(at - s) + 1; i < len; i++) {
		if (s[i] == '.') {
			if (s[i - 1] == '.' || s[i - 1] == '@' || i + 1 == len)
				return false;
			dots++;
		} else if (!ck_is_word(s[i]) && s[i] != '-') {
			return false;
		}
	}
	return dots > 0;
}

/*
 * "Name <addr>", or "addr", either followed by a "(comment)"; for L:,
 * a bare address may also be followed by "(comment)".
 */
static bool email_syntax(const char *s, size_t len)
{
	const char *lt, *gt;

	while (len && ck_perl_space(s[len - 1]))
		len--;
	if (len && s[len - 1] == ')') {
		const char *op = s + len;

		while (op > s && op[-1] != '(')
			op--;
		if (op == s)
			return false;
		len = (size_t)(op - 1 - s);
		while (len && ck_perl_space(s[len - 1]))
			len--;
	}
	lt = memchr(s, '<', len);
	if (!lt)
		return addr_syntax(s, len);
	gt = memchr(lt, '>', len - (size_t)(lt - s));
	if (!gt || gt != s + len - 1)
		return false;
	return addr_syntax(lt + 1, (size_t)(gt - lt - 1));
}

static bool status_known(const char *s, size_t len)
{
	/* THE REST's own status is the last */
	static const char *const known[] = {
		"Supported", "Maintained", "Odd Fixes",
		"Orphan",    "Obsolete",   "Buried alive in reporters"
	};
	size_t i, n;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		n = strlen(known[i]);
		if (len >= n && !strncasecmp(s, known[i], n) &&
		    (len == n || !ck_is_word(s[n])))
			return true;
	}
	return false;
}

/* F:/X: that no path the script is given can match */
static bool never_matches(const char *v, size_t vlen)
{
	size_t i;

	if (vlen && v[0] == '/')
		return true;
	for (i = 1; i < vlen; i++)
		if (v[i] == '/' && v[i - 1] == '/')
			return true;
	return false;
}

/* 1 when s[0..len) compiles as a Perl regex, 0 when not, -1 (ENOMEM) */
static int regex_compiles(const char *s, size_t len)
{
	struct strbuf p = STRBUF_INIT;
	struct perlre re = PERLRE(NULL, PERLRE_X);
	int ok;

	strbuf_add(&p, s, len);
	if (strbuf_failed(&p))
		return -1;
	re.pattern = p.buf;
	errno = 0;
	perlre_match(&re, "", 0);
	/* a regex that does not compile, or no memory to compile it */
	ok = !re.failed ? 1 : errno == ENOMEM ? -1 : 0;
	perlre_free(&re);
	strbuf_release(&p);
	return ok;
}

static void dup_pattern(struct ck *c, const struct ck_line *l,
			const struct gm_entry *first, size_t vlen)
{
	struct ck_line tmp;
	const struct ck_line *f =
		ck_entry_line(c, (size_t)(first - c->db->tv), &tmp);

	if (ck_on_earlier(c, l, f))
		ck_report(c, D_DUP_PATTERN, f, NULL,
			  "%c: '%.*s' is repeated at %s:%lu", first->type,
			  (int)vlen, first->s, ck_fname(c, l), l->lineno);
	else
		ck_report(c, D_DUP_PATTERN, l, NULL,
			  "%c: '%.*s' repeats line %lu", first->type, (int)vlen,
			  first->s, first->lineno);
}

/*
 * "**" in an F:/X: pattern (the script of 7.1 and later: any '*' of such
 * a pattern may cross directories): one that is not a whole path
 * component, which git and CODEOWNERS read as '*' where the script
 * crosses '/', and a pattern that can never match at all (no path the
 * script is given starts with '/' or holds "//").
 */
static void globstar(struct ck *c, const struct ck_line *l, char type,
		     const char *v, size_t vlen)
{
	size_t i, run;

	if (!glob_globstar(v, vlen))
		return;
	if (never_matches(v, vlen)) {
		ck_report(c, D_GLOBSTAR, l, NULL, MSG_NEVER_MATCHES, type,
			  (int)vlen, v);
		return;
	}
	for (i = 0; i < vlen; i += run ? run : 1) {
		for (run = 0; i + run < vlen && v[i + run] == '*'; run++)
			;
		if (run < 2)
			continue;
		if (run == 2 && (!i || v[i - 1] == '/') &&
		    (i + 2 == vlen || v[i + 2] == '/'))
			continue;
		ck_report(c, D_GLOBSTAR, l, NULL,
			  "%c: '%.*s': '%.*s' is not a path component of its "
			  "own (git and CODEOWNERS read it as '*'; the script "
			  "lets every '*' of the pattern cross '/')",
			  type, (int)vlen, v, (int)run, v + i);
		return;
	}
}

/* M:/R:/L: syntax, S: values, duplicate and shared F:, N:/K: regexes */
int ck_fields(struct ck *c)
{
	struct gm_db *db = c->db;
	struct strmap seen = STRMAP_INIT, mine = STRMAP_INIT;
	struct ck_line tmp;
	size_t k, i, end;
	int ret = -1, ok;

	for (k = ck_next_section(db, 0, &end); k < db->nr;
	     k = ck_next_section(db, end, &end)) {
		const struct gm_entry *h = &db->tv[k];

		strmap_clear(&mine);
		for (i = k + 1; i < end; i++) {
			const struct gm_entry *e = &db->tv[i];
			const struct ck_line *l = ck_entry_line(c, i, &tmp);
			struct strmap_entry *se;
			size_t vlen = e->len;

			while (vlen && ck_perl_space(e->s[vlen - 1]))
				vlen--;
			if (strchr("MRL", e->type) &&
			    c->o->enabled[D_BAD_EMAIL] &&
			    !email_syntax(e->s, vlen))
				ck_report(c, D_BAD_EMAIL, l, NULL,
					  MSG_BAD_EMAIL, e->type, (int)vlen,
					  e->s);
			if (e->type == 'S' && c->o->enabled[D_BAD_STATUS] &&
			    !status_known(e->s, vlen))
				ck_report(c, D_BAD_STATUS, l, NULL,
					  MSG_BAD_STATUS, (int)vlen, e->s);
			ok = 1;
			if ((e->type == 'N' || e->type == 'K') &&
			    c->o->enabled[D_BAD_REGEX])
				ok = regex_compiles(e->s, e->len);
			if (ok < 0)
				goto out;
			if (!ok)
				ck_report(c, D_BAD_REGEX, l, NULL,
					  MSG_BAD_REGEX, e->type, (int)vlen,
					  e->s);
			if (e->type != 'F' && e->type != 'X')
				continue;
			if (c->o->enabled[D_GLOBSTAR])
				globstar(c, l, e->type, e->s, vlen);
			/* the same pattern twice in one section */
			strbuf_reset(&c->tmp);
			strbuf_addch(&c->tmp, e->type);
			strbuf_add(&c->tmp, e->s, vlen);
			if (strbuf_failed(&c->tmp))
				goto out;
			se = strmap_put(&mine, c->tmp.buf, c->tmp.len);
			if (!se)
				goto out;
			if (se->value) {
				if (c->o->enabled[D_DUP_PATTERN])
					dup_pattern(c, l, se->value, vlen);
				continue;
			}
			se->value = (void *)e;
			if (e->type != 'F')
				continue;
			/* the same pattern in another section */
			se = strmap_put(&seen, e->s, vlen);
			if (!se)
				goto out;
			if (!se->value) {
				se->value = (void *)h;
			} else if (c->o->enabled[D_SHARED_PATTERN]) {
				const struct gm_entry *o = se->value;

				ck_report(c, D_SHARED_PATTERN, l, NULL,
					  "F: '%.*s' is also in section '%.*s'",
					  (int)vlen, e->s, ck_header_width(o),
					  o->s);
			}
		}
	}
	ret = 0;
out:
	strmap_release(&seen);
	strmap_release(&mine);
	return ret;
}

/* One field line on its own: the findings above that need nothing else. */
int ck_field_line(const char *s, size_t len, struct diags *d)
{
	const struct ck_line l = { s, len, 0, 0 };
	const char *v;
	size_t vlen;
	char t = ck_field(&l, &v, &vlen);
	int ok;

	if (!t) {
		if (!lower_type(&l))
			return 0;
		diag_add(d, D_UNKNOWN_TYPE, NULL, 0, MSG_LOWER_TYPE, s[0],
			 s[0] - 'a' + 'A');
		return 1;
	}
	while (vlen && ck_perl_space(v[vlen - 1]))
		vlen--;
	if (!strchr(ck_preferred_order, t)) {
		diag_add(d, D_UNKNOWN_TYPE, NULL, 0, MSG_UNKNOWN_TYPE, t);
	} else if (strchr("MRL", t) && !email_syntax(v, vlen)) {
		diag_add(d, D_BAD_EMAIL, NULL, 0, MSG_BAD_EMAIL, t, (int)vlen,
			 v);
	} else if (t == 'S' && !status_known(v, vlen)) {
		diag_add(d, D_BAD_STATUS, NULL, 0, MSG_BAD_STATUS, (int)vlen,
			 v);
	} else if (strchr("FX", t) && never_matches(v, vlen)) {
		diag_add(d, glob_globstar(v, vlen) ? D_GLOBSTAR : D_NO_MATCH,
			 NULL, 0, MSG_NEVER_MATCHES, t, (int)vlen, v);
	} else if (t == 'N' || t == 'K') {
		ok = regex_compiles(v, vlen);
		if (ok < 0)
			return -1;
		if (ok)
			return 0;
		diag_add(d, D_BAD_REGEX, NULL, 0, MSG_BAD_REGEX, t, (int)vlen,
			 v);
	} else {
		return 0;
	}
	return 1;
}
