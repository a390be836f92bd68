// SPDX-License-Identifier: GPL-2.0
#define PCRE2_CODE_UNIT_WIDTH 8
#include "perlre.h"
#include "regex.h"

#include <errno.h>
#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Errors of PCRE2's compile limits (Perl has none of them). */
static bool limit_error(int err)
{
	return err == PCRE2_ERROR_PATTERN_TOO_LARGE ||
	       err == PCRE2_ERROR_PARENTHESES_NEST_TOO_DEEP ||
	       err == PCRE2_ERROR_PATTERN_TOO_COMPLICATED ||
	       err == PCRE2_ERROR_PATTERN_STRING_TOO_LONG ||
	       err == PCRE2_ERROR_INTERNAL_PARSED_OVERFLOW ||
	       err == PCRE2_ERROR_TOO_MANY_CAPTURES;
}

static uint32_t options(const struct perlre *re)
{
	uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;

	if (!(re->flags & PERLRE_ASCII))
		opts |= PCRE2_UCP;
	if (re->flags & PERLRE_X)
		opts |= PCRE2_EXTENDED;
	if (re->flags & PERLRE_I)
		opts |= PCRE2_CASELESS;
	if (re->flags & PERLRE_S)
		opts |= PCRE2_DOTALL;
	return opts;
}

/* Where a pattern may be split: s[from, to) holds the branches. */
struct alt {
	size_t from, to; /* the alternation */
	bool group; /* inside a group: parts are PRE(?:...)POST (or
		     * PRE(?FLAGS:...)POST) */
	size_t *bars; /* the '|' between its branches */
	size_t nbars;
	bool nomem; /* no memory for bars */
};

/* "(?FLAGS:" at s + i (no flags: "(?:"): its length, else 0. */
static size_t flag_group(const char *s, size_t i, size_t to)
{
	size_t k = i + 2;

	if (k >= to || s[i] != '(' || s[i + 1] != '?')
		return 0;
	while (k < to &&
	       ((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z') ||
		s[k] == '-' || s[k] == '^'))
		k++;
	return k < to && s[k] == ':' ? k + 1 - i : 0;
}

/*
 * Scan s[from, to) at nesting level 0 of that range: the '|' there in
 * a->bars (when bars), the biggest unquantified group holding a '|' at
 * its own level in *gopen, *gclose.  false: a construct that could mean
 * something else once split (or a pattern PCRE2 would refuse anyway).
 */
static bool scan(const char *s, size_t from, size_t to, bool ext, struct alt *a,
		 size_t *gopen, size_t *gclose)
{
	size_t i, depth = 0, open = 0, best = 0;
	bool bar_in = false;

	for (i = from; i < to; i++) {
		char c = s[i];

		if (c == '\\') {
			if (++i >= to)
				return false;
			c = s[i];
			/* back references, quoting, \cX: not split */
			if ((c >= '1' && c <= '9') || c == 'g' || c == 'k' ||
			    c == 'Q' || c == 'c')
				return false;
		} else if (c == '[') {
			if (i + 1 < to && s[i + 1] == '^')
				i++;
			if (i + 1 < to && s[i + 1] == ']')
				i++;
			for (i++; i < to && s[i] != ']'; i++) {
				if (s[i] == '\\') {
					i++;
				} else if (s[i] == '[' && i + 1 < to &&
					   s[i + 1] == ':') {
					const char *e = strstr(s + i, ":]");

					if (!e || (size_t)(e - s) >= to)
						return false;
					i = (size_t)(e - s) + 1;
				}
			}
			if (i >= to)
				return false;
		} else if (c == '#' && ext) {
			return false; /* a comment */
		} else if (c == '(') {
			if (i + 1 < to && s[i + 1] == '*')
				return false; /* verbs */
			/* scoped flags and lookarounds keep their meaning */
			if (i + 1 < to && s[i + 1] == '?' &&
			    !flag_group(s, i, to) &&
			    !(i + 2 < to && strchr("=!>", s[i + 2]) != NULL) &&
			    !(i + 3 < to && s[i + 2] == '<' &&
			      (s[i + 3] == '=' || s[i + 3] == '!')))
				return false; /* flags, names, recursion */
			if (!depth++)
				open = i;
			if (depth == 1)
				bar_in = false;
		} else if (c == ')') {
			if (!depth)
				return false;
			if (!--depth && bar_in &&
			    !(i + 1 < to && strchr("*+?{", s[i + 1])) &&
			    (s[open + 1] != '?' || flag_group(s, open, to)) &&
			    i - open > best) {
				best = i - open;
				*gopen = open;
				*gclose = i;
			}
		} else if (c == '|') {
			if (depth == 1)
				bar_in = true;
			if (!depth && a) {
				size_t *n = realloc(
					a->bars, (a->nbars + 1) * sizeof(*n));

				if (!n) {
					a->nomem = true;
					return false;
				}
				a->bars = n;
				a->bars[a->nbars++] = i;
			}
		}
	}
	return !depth;
}

/* The alternation to split s along; false: none or not safely. */
static bool find_alt(const char *s, size_t len, bool ext, struct alt *a)
{
	size_t go = 0, gc = 0;

	a->bars = NULL;
	a->nbars = 0;
	a->nomem = false;
	a->group = false;
	a->from = 0;
	a->to = len;
	if (!scan(s, 0, len, ext, a, &go, &gc))
		goto fail;
	if (a->nbars)
		return true;
	if (!gc)
		return false;
	a->group = true;
	a->from = go + (s[go + 1] == '?' ? flag_group(s, go, len) : 1);
	a->to = gc;
	if (scan(s, a->from, a->to, ext, a, &go, &gc) && a->nbars)
		return true;
fail:
	free(a->bars);
	a->bars = NULL;
	return false;
}

/* Branch k of a: its start and end. */
static void branch(const struct alt *a, size_t k, size_t *b, size_t *e)
{
	*b = k ? a->bars[k - 1] + 1 : a->from;
	*e = k < a->nbars ? a->bars[k] : a->to;
}

static void free_parts(struct perlre *re)
{
	size_t k;

	for (k = 0; k < re->nparts; k++) {
		if (re->parts[2 * k + 1])
			pcre2_match_data_free(re->parts[2 * k + 1]);
		if (re->parts[2 * k])
			pcre2_code_free(re->parts[2 * k]);
	}
	free(re->parts);
	re->parts = NULL;
	re->nparts = 0;
}

/* compile_parts() failed on a limit (try smaller parts), or else */
#define PARTS_LIMIT (-1)
#define PARTS_BAD (-3)

/*
 * Compile re as parts of at most max bytes of branches each: 0,
 * PARTS_LIMIT, PARTS_BAD or PERLRE_NOMEM.
 */
static int compile_parts(struct perlre *re, const struct alt *a, size_t max)
{
	const char *s = re->pattern;
	size_t len = strlen(s), k = 0, b, e, b0, e1;
	struct strbuf t = STRBUF_INIT;
	PCRE2_SIZE off;
	void **n;
	int err, ret = PERLRE_NOMEM;

	while (k <= a->nbars) {
		branch(a, k, &b0, &e1);
		for (k++; k <= a->nbars; k++) {
			branch(a, k, &b, &e);
			if (e - b0 > max)
				break;
			e1 = e;
		}
		strbuf_reset(&t);
		strbuf_add(&t, s, a->group ? a->from : 0);
		if (a->group && s[a->from - 1] != ':')
			strbuf_addstr(&t, "?:");
		strbuf_add(&t, s + b0, e1 - b0);
		strbuf_add(&t, s + a->to, len - a->to);
		n = realloc(re->parts, (re->nparts + 1) * 2 * sizeof(*n));
		if (t.failed || !n)
			goto out;
		re->parts = n;
		n[2 * re->nparts] = pcre2_compile((PCRE2_SPTR)t.buf, t.len,
						  options(re), &err, &off,
						  NULL);
		n[2 * re->nparts + 1] = NULL;
		re->nparts++;
		if (!n[2 * re->nparts - 2]) {
			if (err != PCRE2_ERROR_HEAP_FAILED)
				ret = limit_error(err) ? PARTS_LIMIT :
							 PARTS_BAD;
			goto out;
		}
		n[2 * re->nparts - 1] = pcre2_match_data_create_from_pattern(
			n[2 * re->nparts - 2], NULL);
		if (!n[2 * re->nparts - 1])
			goto out;
	}
	ret = 0;
out:
	strbuf_release(&t);
	return ret;
}

/*
 * The whole pattern is too large for PCRE2: split it (see perlre.h).
 * 1 when it was; else 0 with re->too_large (a limit) or re->failed, or
 * PERLRE_NOMEM.
 */
static int compile_split(struct perlre *re)
{
	const char *s = re->pattern;
	size_t max = 16384;
	struct alt a;
	int r = PARTS_LIMIT;

	if (!find_alt(s, strlen(s), re->flags & PERLRE_X, &a)) {
		if (a.nomem)
			return PERLRE_NOMEM;
		re->too_large = true;
		return 0;
	}
	for (; max >= 16 && r == PARTS_LIMIT; max /= 4) {
		free_parts(re);
		r = compile_parts(re, &a, max);
	}
	free(a.bars);
	if (r) {
		free_parts(re);
		if (r == PARTS_LIMIT)
			re->too_large = true;
		else if (r == PARTS_BAD)
			re->failed = true;
		return r == PERLRE_NOMEM ? PERLRE_NOMEM : 0;
	}
	re->code = re->parts[0];
	re->md = re->parts[1];
	return 1;
}

/*
 * 1 compiled; 0 not (re->failed, re->too_large); PERLRE_NOMEM (errno
 * ENOMEM; compiled again at the next use).
 */
static int compile(struct perlre *re)
{
	PCRE2_SIZE off;
	int err, r;

	if (re->code)
		return 1;
	if (re->failed || re->too_large)
		return 0;
	re->code = pcre2_compile((PCRE2_SPTR)re->pattern, PCRE2_ZERO_TERMINATED,
				 options(re), &err, &off, NULL);
	if (!re->code && err == PCRE2_ERROR_HEAP_FAILED)
		goto nomem;
	if (!re->code && limit_error(err) && (re->flags & PERLRE_BUDGET)) {
		r = compile_split(re);
		if (r == PERLRE_NOMEM)
			goto nomem;
		if (!r && re->too_large)
			re->budget.exhausted = true;
		return r;
	}
	if (!re->code) {
		re->failed = true;
		return 0;
	}
	re->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!re->md) {
		pcre2_code_free(re->code);
		re->code = NULL;
		goto nomem;
	}
	return 1;
nomem:
	errno = ENOMEM;
	return PERLRE_NOMEM;
}

/* perlre_match()'s answer for regex_run()'s failure rc. */
static int failure(int rc)
{
	if (rc != PCRE2_ERROR_NOMEMORY)
		return PERLRE_FAIL;
	errno = ENOMEM;
	return PERLRE_NOMEM;
}

int perlre_match_from(struct perlre *re, const char *s, size_t len,
		      size_t start)
{
	struct regex_budget *b;
	size_t k;
	int rc = compile(re);

	if (rc <= 0)
		return rc ? rc : PERLRE_FAIL;
	b = re->flags & PERLRE_BUDGET ? &re->budget : NULL;
	/* JIT costs more than a few interpreted matches: only when hot */
	if (++re->uses == 32) {
		pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
		for (k = 1; k < re->nparts; k++)
			pcre2_jit_compile(re->parts[2 * k], PCRE2_JIT_COMPLETE);
	}
	if (!re->nparts) {
		rc = regex_run(re->code, re->md, s, len, start, b);
		if (rc >= 0)
			return PERLRE_MATCH;
		return rc == PCRE2_ERROR_NOMATCH ? PERLRE_NOMATCH : failure(rc);
	}
	for (k = 0; k < re->nparts; k++) {
		rc = regex_run(re->parts[2 * k], re->parts[2 * k + 1], s, len,
			       start, b);
		if (rc >= 0) {
			/* groups and span: of the part that matched */
			re->code = re->parts[2 * k];
			re->md = re->parts[2 * k + 1];
			return PERLRE_MATCH;
		}
		if (rc != PCRE2_ERROR_NOMATCH)
			return failure(rc);
	}
	return PERLRE_NOMATCH;
}

int perlre_match(struct perlre *re, const char *s, size_t len)
{
	return perlre_match_from(re, s, len, 0);
}

const char *perlre_group(const struct perlre *re, const char *s, int n,
			 size_t *len)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->md);
	uint32_t count = pcre2_get_ovector_count(re->md);

	if ((uint32_t)n >= count || ov[2 * n] == PCRE2_UNSET) {
		*len = 0;
		return "";
	}
	*len = ov[2 * n + 1] - ov[2 * n];
	return s + ov[2 * n];
}

void perlre_span(const struct perlre *re, size_t *start, size_t *end)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->md);

	*start = ov[0];
	*end = ov[1];
}

int perlre_subst(struct perlre *re, const char *s, size_t len,
		 const char *replacement, bool global, struct strbuf *out)
{
	size_t pos = 0, last = 0;
	int n = 0;

	strbuf_reset(out);
	while (pos <= len) {
		size_t ms, me, i;
		int r = perlre_match_from(re, s, len, pos);

		if (r < 0)
			return r;
		if (!r)
			break;
		perlre_span(re, &ms, &me);
		strbuf_add(out, s + last, ms - last);
		for (i = 0; replacement[i]; i++) {
			const char *g;
			size_t glen;
			int num = -1;

			if (replacement[i] == '\\' && replacement[i + 1]) {
				strbuf_addch(out, replacement[++i]);
				continue;
			}
			if (replacement[i] != '$') {
				strbuf_addch(out, replacement[i]);
				continue;
			}
			if (replacement[i + 1] == '{') {
				num = replacement[i + 2] - '0';
				i += 3;
			} else if (replacement[i + 1] >= '0' &&
				   replacement[i + 1] <= '9') {
				num = replacement[++i] - '0';
			}
			if (num < 0) {
				strbuf_addch(out, '$');
				continue;
			}
			g = perlre_group(re, s, num, &glen);
			strbuf_add(out, g, glen);
		}
		n++;
		last = me;
		if (!global)
			break;
		if (me == ms) {
			/* empty match: copy one character and go on */
			if (me < len)
				strbuf_addch(out, s[me]);
			last = me + 1;
			pos = me + 1;
		} else {
			pos = me;
		}
	}
	if (last < len)
		strbuf_add(out, s + last, len - last);
	if (strbuf_failed(out)) {
		errno = ENOMEM;
		return PERLRE_NOMEM;
	}
	return n;
}

bool perlre_exhausted(const struct perlre *re)
{
	return re->budget.exhausted;
}

bool perlre_too_large(const struct perlre *re)
{
	return re->too_large;
}

void perlre_free(struct perlre *re)
{
	if (re->nparts) {
		free_parts(re);
		re->md = re->code = NULL;
		return;
	}
	if (re->md)
		pcre2_match_data_free(re->md);
	if (re->code)
		pcre2_code_free(re->code);
	re->md = re->code = NULL;
}
