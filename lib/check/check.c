// SPDX-License-Identifier: GPL-2.0
/*
 * check: lint and self-test for MAINTAINERS (see check.h).
 */
#include "check-internal.h"
#include "get/get.h"
#include "base/base.h"
#include "model/model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* checkpatch.pl's $preferred_order */
static const char preferred_order[] = "MRLSWQBCPTFXNK";

/* ---- the tree's files ---- */

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int ck_tree_add_list(struct ck_tree *t, struct strbuf *list)
{
	char *p, *end, *nl;
	size_t base;

	/* paths are offsets into buf until the text stops moving */
	base = t->buf.len;
	strbuf_addbuf(&t->buf, list);
	strbuf_addch(&t->buf, '\n');
	strbuf_release(list);
	if (strbuf_failed(&t->buf))
		return -1;
	p = t->buf.buf + base;
	end = t->buf.buf + t->buf.len;
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		*nl = '\0';
		/* as git_execute_cmd(): no leading space, no empty line */
		while (p < nl && mnt_isspace((unsigned char)*p))
			p++;
		if (p == nl)
			continue;
		if (!ALLOC_GROW(t->v, t->nr + 1, t->alloc))
			return -1;
		t->v[t->nr++] = p;
	}
	if (t->nr)
		qsort(t->v, t->nr, sizeof(*t->v), cmp_path);
	return 0;
}

void ck_tree_release(struct ck_tree *t)
{
	free(t->v);
	strbuf_release(&t->buf);
	t->v = NULL;
	t->nr = t->alloc = 0;
}

/* The first file not sorting before prefix p. */
size_t ck_tree_lower(const struct ck_tree *t, const char *p, size_t len)
{
	size_t lo = 0, hi = t->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(t->v[mid], p, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool ck_has_prefix(const char *s, const char *p, size_t len)
{
	return !strncmp(s, p, len);
}

/* ---- the lines, as get_maintainer.pl's @self_test_info ---- */

static int split_lines(struct ck *c)
{
	size_t f;

	for (f = 0; f < c->db->nr_names; f++) {
		const char *p = c->db->maps[f].data;
		const char *end = p + c->db->maps[f].len;
		unsigned long n = 1;

		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			const char *e = nl ? nl : end;

			if (!ALLOC_GROW(c->l, c->nr + 1, c->alloc))
				return -1;
			c->l[c->nr++] = (struct ck_line){ p, (size_t)(e - p),
							  (unsigned)f, n++ };
			p = nl ? nl + 1 : end;
		}
	}
	return 0;
}

bool ck_perl_space(char ch)
{
	return mnt_isspace((unsigned char)ch);
}

/* /^([A-Z]):\s*(.*)/: the type, and the value in *v, *vlen */
char ck_field(const struct ck_line *l, const char **v, size_t *vlen)
{
	size_t i = 2;

	if (l->len < 2 || l->s[0] < 'A' || l->s[0] > 'Z' || l->s[1] != ':')
		return 0;
	while (i < l->len && ck_perl_space(l->s[i]))
		i++;
	*v = l->s + i;
	*vlen = l->len - i;
	return l->s[0];
}

bool ck_is_word(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_';
}

const char *ck_fname(const struct ck *c, const struct ck_line *l)
{
	return c->db->names[l->file];
}

/* Patch mode: would a finding on this line be kept (ck_opts.focus)? */
bool ck_focused(const struct ck *c, const struct ck_line *l)
{
	return !c->o->focus ||
	       c->o->focus(c->o->focus_arg, ck_fname(c, l), l->lineno);
}

/*
 * Patch mode: a finding about a line that repeats an earlier one goes on
 * the earlier copy when only that one is the patch's (a patch that puts
 * a second copy before the first hears of it).  True when it does.
 */
bool ck_on_earlier(const struct ck *c, const struct ck_line *later,
		   const struct ck_line *earlier)
{
	return c->o->focus && earlier && !ck_focused(c, later) &&
	       ck_focused(c, earlier);
}

void ck_report(struct ck *c, enum diag_id id, const struct ck_line *l,
	       const char *script_msg, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (c->o->self_test && script_msg && c->o->script) {
		strbuf_addf(c->o->script, "%s:%lu: warning: %s\t",
			    ck_fname(c, l), l->lineno, script_msg);
		strbuf_add(c->o->script, l->s, l->len);
		strbuf_addch(c->o->script, '\n');
	}
	strbuf_reset(&c->tmp);
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !strbuf_grow(&c->tmp, (size_t)n)) {
		c->nomem = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(c->tmp.buf, (size_t)n + 1, fmt, ap);
	va_end(ap);
	diag_add(c->d, id, ck_fname(c, l), l->lineno, "%s", c->tmp.buf);
}

bool ck_has_icase(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w), i;

	for (i = 0; i + n <= len; i++)
		if (!strncasecmp(s + i, w, n))
			return true;
	return false;
}

/* ---- checkpatch.pl's MAINTAINERS style checks ---- */

static void checkpatch_style(struct ck *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		const struct ck_line *l = &c->l[i], *p = i ? l - 1 : NULL;
		const char *v, *pv;
		size_t vlen, pvlen;
		char t = ck_field(l, &v, &vlen), pt;
		const char *ci, *pi;

		if (!t) {
			/* "m:": a field for the eye, a header for the tools */
			if (l->len > 1 && l->s[0] >= 'a' && l->s[0] <= 'z' &&
			    l->s[1] == ':' && c->o->enabled[D_UNKNOWN_TYPE])
				ck_report(c, D_UNKNOWN_TYPE, l, NULL,
					  "'%c:' is not an entry type (types "
					  "are upper case: '%c:'); the tools "
					  "read this line as a section header",
					  l->s[0], l->s[0] - 'a' + 'A');
			continue;
		}
		if (!(l->len > 3 && l->s[2] == '\t' &&
		      !ck_perl_space(l->s[3])) &&
		    c->o->enabled[D_ENTRY_TAB])
			ck_report(c, D_ENTRY_TAB, l, NULL,
				  "use one tab after '%c:'", t);
		ci = strchr(preferred_order, t);
		if (!ci) {
			if (c->o->enabled[D_UNKNOWN_TYPE])
				ck_report(c, D_UNKNOWN_TYPE, l, NULL,
					  "unknown entry type '%c:'", t);
			continue;
		}
		if (!p || p->file != l->file)
			continue;
		pt = ck_field(p, &pv, &pvlen);
		pi = pt ? strchr(preferred_order, pt) : NULL;
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

/* ---- sections, as get_maintainer.pl reads them ---- */

static const struct ck_line *entry_line(struct ck *c, size_t k,
					struct ck_line *tmp)
{
	const struct gm_entry *e = &c->db->tv[k];

	/* only file and lineno are used for a report */
	tmp->s = e->s;
	tmp->len = e->len;
	tmp->file = e->file;
	tmp->lineno = e->lineno;
	return tmp;
}

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

static bool regex_compiles(const char *s, size_t len)
{
	struct strbuf p = STRBUF_INIT;
	struct perlre re = PERLRE(NULL, PERLRE_X);
	bool ok;

	strbuf_add(&p, s, len);
	re.pattern = p.buf;
	perlre_match(&re, "", 0);
	ok = !re.failed;
	perlre_free(&re);
	strbuf_release(&p);
	return ok;
}

static size_t section_end(const struct gm_db *db, size_t hdr)
{
	size_t k = hdr + 1;

	while (k < db->nr && db->tv[k].type)
		k++;
	return k;
}

static bool is_header(const struct gm_db *db, size_t k)
{
	return !db->tv[k].type && k + 1 < db->nr && db->tv[k + 1].type;
}

/* The first section header at or after k (db->nr when none); its end. */
static size_t next_section(const struct gm_db *db, size_t k, size_t *end)
{
	while (k < db->nr && !is_header(db, k))
		k++;
	*end = k < db->nr ? section_end(db, k) : k;
	return k;
}

static int header_width(const struct gm_entry *e)
{
	return e->len > 200 ? 200 : (int)e->len;
}

/* The same F:/X: pattern twice in a section (first: the earlier copy). */
static void dup_pattern(struct ck *c, const struct ck_line *l,
			const struct gm_entry *first, size_t vlen)
{
	struct ck_line tmp;
	const struct ck_line *f =
		entry_line(c, (size_t)(first - c->db->tv), &tmp);

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
	bool twice = false;

	if (!glob_globstar(v, vlen))
		return;
	for (i = 1; i < vlen && !twice; i++)
		twice = v[i] == '/' && v[i - 1] == '/';
	if (v[0] == '/' || twice) {
		ck_report(c, D_GLOBSTAR, l, NULL,
			  "%c: '%.*s' can never match: no path starts with "
			  "'/' or holds '//'",
			  type, (int)vlen, v);
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
static int section_fields(struct ck *c)
{
	struct gm_db *db = c->db;
	struct strmap seen = STRMAP_INIT, mine = STRMAP_INIT;
	struct ck_line tmp;
	size_t k, i, end;
	int ret = -1;

	for (k = next_section(db, 0, &end); k < db->nr;
	     k = next_section(db, end, &end)) {
		const struct gm_entry *h = &db->tv[k];

		strmap_clear(&mine);
		for (i = k + 1; i < end; i++) {
			const struct gm_entry *e = &db->tv[i];
			const struct ck_line *l = entry_line(c, i, &tmp);
			struct strmap_entry *se;
			size_t vlen = e->len;

			while (vlen && ck_perl_space(e->s[vlen - 1]))
				vlen--;
			if (strchr("MRL", e->type) &&
			    c->o->enabled[D_BAD_EMAIL] &&
			    !email_syntax(e->s, vlen))
				ck_report(c, D_BAD_EMAIL, l, NULL,
					  "%c: '%.*s' is not an e-mail address "
					  "('Name <user@domain>' or "
					  "'user@domain')",
					  e->type, (int)vlen, e->s);
			if (e->type == 'S' && c->o->enabled[D_BAD_STATUS] &&
			    !status_known(e->s, vlen))
				ck_report(c, D_BAD_STATUS, l, NULL,
					  "unknown status '%.*s' (Supported, "
					  "Maintained, Odd Fixes, Orphan or "
					  "Obsolete)",
					  (int)vlen, e->s);
			if ((e->type == 'N' || e->type == 'K') &&
			    c->o->enabled[D_BAD_REGEX] &&
			    !regex_compiles(e->s, e->len))
				ck_report(
					c, D_BAD_REGEX, l, NULL,
					"%c: '%.*s' is not a valid Perl regex",
					e->type, (int)vlen, e->s);
			if (e->type != 'F' && e->type != 'X')
				continue;
			if (c->o->enabled[D_GLOBSTAR])
				globstar(c, l, e->type, e->s, vlen);
			/* the same pattern twice in one section */
			strbuf_reset(&c->tmp);
			strbuf_addch(&c->tmp, e->type);
			strbuf_add(&c->tmp, e->s, vlen);
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
					  (int)vlen, e->s, header_width(o),
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

/* ---- X: that exclude nothing, sections never the best match ---- */

static bool section_f_matches(struct gm_db *db, size_t hdr, size_t end,
			      const char *file, size_t flen)
{
	size_t i;

	for (i = hdr + 1; i < end; i++)
		if (db->tv[i].type == 'F' && gm_file_matches(db, i, file, flen))
			return true;
	return false;
}

static void useless_excludes(struct ck *c)
{
	struct gm_db *db = c->db;
	const struct ck_tree *t = c->o->tree;
	struct ck_line tmp;
	size_t k, i, f, end;

	for (k = next_section(db, 0, &end); k < db->nr;
	     k = next_section(db, end, &end)) {
		for (i = k + 1; i < end; i++) {
			const struct gm_entry *e = &db->tv[i];
			size_t lit;
			bool all, used = false;

			if (e->type != 'X' ||
			    !ck_focused(c, entry_line(c, i, &tmp)))
				continue;
			lit = glob_literal(e->s, e->len, &all);
			for (f = ck_tree_lower(t, e->s, lit);
			     !used && f < t->nr &&
			     ck_has_prefix(t->v[f], e->s, lit);
			     f++) {
				size_t flen = strlen(t->v[f]);

				used = gm_file_matches(db, i, t->v[f], flen) &&
				       section_f_matches(db, k, end, t->v[f],
							 flen);
			}
			if (!used)
				ck_report(c, D_USELESS_EXCLUDE,
					  entry_line(c, i, &tmp), NULL,
					  "X: '%.*s' excludes no file that the "
					  "section's F: patterns match",
					  (int)e->len, e->s);
		}
	}
}

/* ---- opt-in lints (check --with): all-excluded, dead-regex ---- */

static bool section_x_matches(struct gm_db *db, size_t hdr, size_t end,
			      const char *file, size_t flen)
{
	size_t i;

	for (i = hdr + 1; i < end; i++)
		if (db->tv[i].type == 'X' && gm_file_matches(db, i, file, flen))
			return true;
	return false;
}

/*
 * A section whose F: patterns match files, every one of them excluded
 * by its own X: patterns: it covers nothing.
 */
static void all_excluded(struct ck *c)
{
	struct gm_db *db = c->db;
	const struct ck_tree *t = c->o->tree;
	struct ck_line tmp;
	size_t k, i, f, end, matched;
	bool has_x, kept;

	for (k = next_section(db, 0, &end); k < db->nr;
	     k = next_section(db, end, &end)) {
		has_x = false;
		for (i = k + 1; i < end; i++)
			if (db->tv[i].type == 'X')
				has_x = true;
		if (!has_x || !ck_focused(c, entry_line(c, k, &tmp)))
			continue;
		matched = 0;
		kept = false;
		for (i = k + 1; i < end && !kept; i++) {
			const struct gm_entry *e = &db->tv[i];
			size_t lit;
			bool all;

			if (e->type != 'F')
				continue;
			lit = glob_literal(e->s, e->len, &all);
			for (f = ck_tree_lower(t, e->s, lit);
			     !kept && f < t->nr &&
			     ck_has_prefix(t->v[f], e->s, lit);
			     f++) {
				size_t flen = strlen(t->v[f]);

				if (!gm_file_matches(db, i, t->v[f], flen))
					continue;
				matched++;
				kept = !section_x_matches(db, k, end, t->v[f],
							  flen);
			}
		}
		if (matched && !kept)
			ck_report(c, D_ALL_EXCLUDED, entry_line(c, k, &tmp),
				  NULL,
				  "section '%.*s': its X: patterns exclude "
				  "every file its F: patterns match (%zu)",
				  header_width(&db->tv[k]), db->tv[k].s,
				  matched);
	}
}

/* An N: regex that no file of the tree matches. */
static void dead_regexes(struct ck *c)
{
	struct gm_db *db = c->db;
	const struct ck_tree *t = c->o->tree;
	struct ck_line tmp;
	size_t i, f;

	for (i = 0; i < db->nr; i++) {
		const struct gm_entry *e = &db->tv[i];
		struct perlre *re;
		bool hit = false;

		if (e->type != 'N' || !ck_focused(c, entry_line(c, i, &tmp)))
			continue;
		re = gm_entry_re(db, i, false);
		if (!re)
			continue;
		for (f = 0; f < t->nr && !hit; f++)
			hit = perlre_match(re, t->v[f], strlen(t->v[f])) > 0;
		if (re->failed)
			continue; /* bad-regex says so */
		if (!hit)
			ck_report(c, D_DEAD_REGEX, entry_line(c, i, &tmp), NULL,
				  "N: '%.*s' matches no file of the tree",
				  (int)e->len, e->s);
	}
}

static bool is_the_rest(const struct gm_entry *e)
{
	return e->len == 8 && !memcmp(e->s, "THE REST", 8);
}

/*
 * For every file of the tree: the sections it matches, and those that
 * match it best (the deepest pattern, THE REST left out).  matched[k]
 * and best[k] count files by header entry k; covered counts the files
 * whose best sections include a maintained one, per file in *cov.
 */
struct best {
	size_t *matched, *best;
	bool *maintained;
	unsigned char *cov; /* per file: 0 none, 1 only THE REST, 2 covered,
			     * 3 unmaintained best match */
};

static int best_matches(struct gm_db *db, const struct ck_tree *t,
			struct best *b)
{
	struct gm_opts o;
	size_t f, k, i, end;
	int ret = -1;

	gm_opts_default(&o);
	b->matched = calloc(db->nr + 1, sizeof(*b->matched));
	b->best = calloc(db->nr + 1, sizeof(*b->best));
	b->maintained = calloc(db->nr + 1, sizeof(*b->maintained));
	b->cov = calloc(t->nr + 1, 1);
	if (!b->matched || !b->best || !b->maintained || !b->cov ||
	    gm_db_index(db))
		return -1;
	for (k = next_section(db, 0, &end); k < db->nr;
	     k = next_section(db, end, &end)) {
		for (i = k + 1; i < end; i++) {
			const struct gm_entry *e = &db->tv[i];

			if (e->type == 'S' &&
			    (ck_has_icase(e->s, e->len, "supported") ||
			     ck_has_icase(e->s, e->len, "maintained") ||
			     ck_has_icase(e->s, e->len, "odd fixes")))
				b->maintained[k] = true;
		}
	}
	for (f = 0; f < t->nr; f++) {
		size_t *hdr = NULL, n = 0;
		long *depth = NULL, top = -1;
		bool rest = false;

		if (gm_file_hits(db, &o, t->v[f], &hdr, &depth, &n))
			goto out;
		for (i = 0; i < n; i++) {
			if (is_the_rest(&db->tv[hdr[i]])) {
				rest = true;
				continue;
			}
			b->matched[hdr[i]]++;
			if (top < 0)
				top = depth[i];
			if (depth[i] != top)
				continue;
			b->best[hdr[i]]++;
			if (b->maintained[hdr[i]])
				b->cov[f] = 2;
			else if (b->cov[f] != 2)
				b->cov[f] = 3;
		}
		if (!b->cov[f] && rest)
			b->cov[f] = 1;
		free(hdr);
		free(depth);
	}
	ret = 0;
out:
	return ret;
}

static void best_release(struct best *b)
{
	free(b->matched);
	free(b->best);
	free(b->maintained);
	free(b->cov);
}

static int shadowed_sections(struct ck *c)
{
	struct gm_db *db = c->db;
	struct best b = { NULL, NULL, NULL, NULL };
	struct ck_line tmp;
	size_t k;
	int ret = -1;

	if (best_matches(db, c->o->tree, &b))
		goto out;
	for (k = 0; k < db->nr; k++)
		if (b.matched[k] && !b.best[k] &&
		    ck_focused(c, entry_line(c, k, &tmp)))
			ck_report(
				c, D_SHADOWED, entry_line(c, k, &tmp), NULL,
				"section '%.*s' is no file's best match: each "
				"of the %zu files it matches has a more "
				"specific section",
				header_width(&db->tv[k]), db->tv[k].s,
				b.matched[k]);
	ret = 0;
out:
	best_release(&b);
	return ret;
}

/* ---- canonical order (format --order) ---- */

static int canonical(struct ck *c)
{
	static const enum diag_id ids[] = { D_SECTION_ORDER, D_FIELD_ORDER,
					    D_FIELD_FORM,    D_LAYOUT,
					    D_ODD_LINE,	     D_DUP_HEADER };
	struct maintainers m;
	struct diags d = DIAGS_INIT;
	size_t f, i, k;
	int ret = -1, bad = 0;

	mnt_init(&m);
	for (f = 0; f < c->db->nr_names; f++) {
		size_t len = c->db->maps[f].len;
		char *copy = malloc(len + 1);

		if (!copy)
			goto out;
		memcpy(copy, c->db->maps[f].data, len);
		if (mnt_parse(&m, c->db->names[f], copy, len, &d))
			bad = 1;
	}
	if (!bad && mnt_check_canonical(&m, preferred_order, &d) < 0)
		goto out;
	for (i = 0; i < d.nr; i++) {
		const struct diag *dg = &d.v[i];

		for (k = 0; k < sizeof(ids) / sizeof(ids[0]); k++)
			if (dg->id == ids[k] && c->o->enabled[dg->id])
				diag_add(c->d, dg->id, dg->file, dg->line, "%s",
					 dg->msg);
	}
	ret = 0;
out:
	diags_release(&d);
	mnt_release(&m);
	return ret;
}

/* ---- leftover conflict markers (an unfinished merge) ---- */

/* how many; the other checks would only see sections that are not */
static size_t conflict_markers(struct ck *c)
{
	size_t i, n = 0;

	for (i = 0; i < c->nr; i++)
		if (mnt_is_conflict_marker(c->l[i].s, c->l[i].len)) {
			ck_report(c, D_CONFLICT_MARKER, &c->l[i], NULL,
				  "conflict marker '%.*s' left from a merge",
				  (int)(c->l[i].len > 40 ? 40 : c->l[i].len),
				  c->l[i].s);
			n++;
		}
	return n;
}

/* ---- the whole run ---- */

void ck_opts_default(struct ck_opts *o)
{
	size_t i;

	memset(o, 0, sizeof(*o));
	for (i = 0; i < D__COUNT; i++)
		o->enabled[i] = true;
	/* opt-in (check --with) */
	o->enabled[D_ALL_EXCLUDED] = false;
	o->enabled[D_DEAD_REGEX] = false;
}

static bool any(const struct ck_opts *o, const enum diag_id *ids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (o->enabled[ids[i]])
			return true;
	return false;
}

/* a field not in "X:<TAB>value" form: checkpatch's words say it */
static enum diag_id same_kind(enum diag_id id)
{
	return id == D_FIELD_FORM ? D_ENTRY_TAB : id;
}

/* two findings that say the same (layout ones may differ at a line) */
static bool same_finding(const struct diag *a, const struct diag *b)
{
	if (same_kind(a->id) != same_kind(b->id))
		return false;
	return a->id != D_LAYOUT ||
	       !strcmp(a->msg ? a->msg : "", b->msg ? b->msg : "");
}

static bool same_place(const struct diag *a, const struct diag *b)
{
	return a->line == b->line &&
	       !strcmp(a->file ? a->file : "", b->file ? b->file : "");
}

/*
 * Keep one of each (check, file, line): two passes may agree.  Sorted
 * by file and line first, so only findings at one place are compared.
 */
static void dedupe(struct diags *d)
{
	size_t i, j, out = 0, place = 0;

	diags_sort(d);
	for (i = 0; i < d->nr; i++) {
		struct diag *a = &d->v[i];
		bool dup = false;

		if (out && !same_place(&d->v[out - 1], a))
			place = out;
		for (j = place; j < out && !dup; j++)
			dup = same_finding(a, &d->v[j]);
		if (dup) {
			d->count[diag_severity(a->id)]--;
			free(a->file);
			free(a->msg);
			continue;
		}
		d->v[out++] = *a;
	}
	d->nr = out;
}

static bool field_order_at(const struct diags *d, size_t i, const char *file,
			   unsigned long line)
{
	return i < d->nr && d->v[i].id == D_FIELD_ORDER &&
	       d->v[i].line == line && d->v[i].file &&
	       !strcmp(d->v[i].file, file);
}

/*
 * One misplaced field, one finding: checkpatch's "misordered entry" on
 * a line and the line before it is the pair whose field-order finding
 * (on either line) says where the line belongs; that one is kept.
 * Sorted (dedupe()).
 */
static void one_per_misplacement(struct diags *d)
{
	size_t i, j, out = 0;

	for (i = 0; i < d->nr; i++) {
		struct diag *a = &d->v[i];
		bool dup = false;

		for (j = i >= 8 ? i - 8 : 0; a->id == D_MISORDERED && a->file &&
					     !dup && j < i + 8 && j < d->nr;
		     j++)
			dup = field_order_at(d, j, a->file, a->line) ||
			      field_order_at(d, j, a->file, a->line - 1);
		if (dup) {
			d->count[diag_severity(a->id)]--;
			free(a->file);
			free(a->msg);
			a->file = a->msg = NULL;
			continue;
		}
		if (out != i)
			d->v[out] = *a;
		out++;
	}
	d->nr = out;
}

int ck_run(struct gm_db *db, const struct ck_opts *o, struct diags *d)
{
	static const enum diag_id canon[] = { D_SECTION_ORDER, D_FIELD_ORDER,
					      D_FIELD_FORM, D_LAYOUT };
	static const enum diag_id fields[] = { D_BAD_EMAIL,	 D_BAD_STATUS,
					       D_BAD_REGEX,	 D_DUP_PATTERN,
					       D_SHARED_PATTERN, D_GLOBSTAR };
	struct ck c;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	c.db = db;
	c.o = o;
	c.d = d;
	strbuf_init(&c.tmp);
	if (split_lines(&c))
		goto out;
	/* a file left mid-merge: the markers, not what they look like */
	if (!o->self_test && o->enabled[D_CONFLICT_MARKER] &&
	    conflict_markers(&c)) {
		ret = c.nomem ? -1 : 0;
		goto out;
	}
	ret = ck_self_test(&c);
	if (ret)
		goto out;
	ret = -1;
	if (!o->self_test) {
		checkpatch_style(&c);
		if (any(o, fields, sizeof(fields) / sizeof(fields[0])) &&
		    section_fields(&c))
			goto out;
		if (o->tree && o->enabled[D_USELESS_EXCLUDE])
			useless_excludes(&c);
		if (o->tree && o->enabled[D_ALL_EXCLUDED])
			all_excluded(&c);
		if (o->tree && o->enabled[D_DEAD_REGEX])
			dead_regexes(&c);
		if (o->tree && o->enabled[D_SHADOWED] && shadowed_sections(&c))
			goto out;
		if (any(o, canon, sizeof(canon) / sizeof(canon[0])) &&
		    canonical(&c))
			goto out;
		dedupe(d);
		one_per_misplacement(d);
	}
	ret = c.nomem ? -1 : 0;
out:
	free(c.l);
	strbuf_release(&c.tmp);
	strmap_release(&c.probed);
	return ret;
}

/* ---- coverage ---- */

struct dircount {
	size_t files, covered;
};

static int count_dirs(struct strmap *dirs, const char *file, bool covered,
		      bool top_only)
{
	const char *p = file;

	for (;;) {
		const char *slash = strchr(p, '/');
		size_t len = slash ? (size_t)(slash - file) : 0;
		struct dircount *dc;

		if (!slash && !top_only)
			return 0;
		dc = slash ? strmap_value(dirs, file, len, sizeof(*dc)) :
			     strmap_value(dirs, "(top)", 5, sizeof(*dc));
		if (!dc)
			return -1;
		dc->files++;
		dc->covered += covered;
		if (top_only || !slash)
			return 0;
		p = slash + 1;
	}
}

static void free_counts(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		free(m->e[i].value);
	strmap_release(m);
}

static int cmp_entry_name(const void *a, const void *b)
{
	const struct strmap_entry *x = a, *y = b;

	return bytecmp(x->key, x->len, y->key, y->len);
}

static int cmp_entry_size(const void *a, const void *b)
{
	const struct strmap_entry *x = a, *y = b;
	const struct dircount *p = x->value, *q = y->value;

	if (p->files != q->files)
		return p->files > q->files ? -1 : 1;
	return cmp_entry_name(a, b);
}

static double pct(size_t part, size_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

int ck_coverage(struct gm_db *db, const struct ck_tree *t, struct strbuf *out)
{
	struct best b = { NULL, NULL, NULL, NULL };
	struct strmap top = STRMAP_INIT, all = STRMAP_INIT;
	struct strmap_entry *v = NULL;
	size_t f, i, covered = 0, rest = 0, none = 0, unm = 0, nv = 0, shown;
	int ret = -1;

	if (best_matches(db, t, &b))
		goto out;
	for (f = 0; f < t->nr; f++) {
		bool yes = b.cov[f] == 2;

		covered += yes;
		rest += b.cov[f] == 1;
		none += b.cov[f] == 0;
		unm += b.cov[f] == 3;
		if (count_dirs(&top, t->v[f], yes, true) ||
		    count_dirs(&all, t->v[f], yes, false))
			goto out;
	}
	strbuf_addf(
		out,
		"%zu files: %zu (%.1f%%) have a maintained section as their "
		"best match\n",
		t->nr, covered, pct(covered, t->nr));
	strbuf_addf(out,
		    "  %zu best matched only by sections not Supported, "
		    "Maintained or Odd Fixes; %zu by THE REST only; %zu by "
		    "nothing\n",
		    unm, rest, none);
	strbuf_addstr(out, "\nby top-level directory:\n");
	strbuf_addf(out, "  %-24s %8s %8s %7s\n", "directory", "files",
		    "covered", "share");
	v = malloc((top.nr + all.nr + 1) * sizeof(*v));
	if (!v)
		goto out;
	memcpy(v, top.e, top.nr * sizeof(*v));
	qsort(v, top.nr, sizeof(*v), cmp_entry_name);
	for (i = 0; i < top.nr; i++) {
		const struct dircount *dc = v[i].value;

		strbuf_addf(out, "  %-24.*s %8zu %8zu %6.1f%%\n", (int)v[i].len,
			    v[i].key, dc->files, dc->covered,
			    pct(dc->covered, dc->files));
	}
	/* directories without a covered file whose parent has one */
	for (i = 0; i < all.nr; i++) {
		const struct strmap_entry *e = &all.e[i];
		const struct dircount *dc = e->value, *pc = NULL;
		const char *slash = NULL;
		size_t k;

		if (dc->covered)
			continue;
		for (k = e->len; k > 0; k--)
			if (e->key[k - 1] == '/') {
				slash = e->key + k - 1;
				break;
			}
		if (slash) {
			struct strmap_entry *pe = strmap_get(
				&all, e->key, (size_t)(slash - e->key));

			pc = pe ? pe->value : NULL;
			if (pc && !pc->covered)
				continue;
		}
		v[nv++] = *e;
	}
	qsort(v, nv, sizeof(*v), cmp_entry_size);
	shown = nv < 20 ? nv : 20;
	strbuf_addf(out, "\nlargest directories nobody covers (%zu of %zu):\n",
		    shown, nv);
	for (i = 0; i < shown; i++)
		strbuf_addf(out, "  %8zu  %.*s/\n",
			    ((const struct dircount *)v[i].value)->files,
			    (int)v[i].len, v[i].key);
	ret = strbuf_failed(out) ? -1 : 0;
out:
	free(v);
	free_counts(&top);
	free_counts(&all);
	best_release(&b);
	return ret;
}
