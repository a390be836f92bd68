// SPDX-License-Identifier: GPL-2.0
#include "glob.h"
#include "ustr.h"

#include <string.h>

/*
 * The script turns an F:/X: value into a regex ("." -> "\\.", "*" ->
 * ".*", "?" -> "."), adds a '/' when that text names a directory, and
 * matches it as a prefix (m@^$pattern@).  The value is interpreted here
 * directly with the same meaning: '*' any run, '?' any character, '.'
 * and other characters themselves, simple "[...]" classes.  A value with
 * anything else (a backslash, a group, an alternation, a class with
 * '.', '*' or '?') is handed to PCRE2 as the script's regex, once.
 *
 * The directory test can only change the answer for a file the pattern
 * already matches as a prefix, so it is made then, once per pattern.
 */

/* One glob element at p: its length, and whether it matches s[0..n). */
static int elem_match(const char *p, const char *pend, size_t *plen,
		      const char *s, size_t n)
{
	const char *q;
	bool neg = false, in = false;

	switch (*p) {
	case '?':
		*plen = 1;
		return n && *s != '\n' ? GLOB_MATCH : GLOB_NOMATCH;
	case '[':
		q = p + 1;
		if (q < pend && *q == '^') {
			neg = true;
			q++;
		}
		if (q < pend && *q == ']') {
			in = n == 1 && *s == ']';
			q++;
		}
		for (; q < pend && *q != ']'; q++) {
			unsigned char lo = (unsigned char)*q, hi = lo;

			if (strchr("\\[.*?", lo) || lo >= 0x80)
				return GLOB_COMPLEX;
			if (q + 2 < pend && q[1] == '-' && q[2] != ']') {
				hi = (unsigned char)q[2];
				if (strchr("\\[.*?", hi) || hi >= 0x80)
					return GLOB_COMPLEX;
				q += 2;
			}
			if (n == 1 && (unsigned char)*s >= lo &&
			    (unsigned char)*s <= hi)
				in = true;
		}
		if (q >= pend)
			return GLOB_COMPLEX;
		*plen = (size_t)(q + 1 - p);
		return n && in != neg ? GLOB_MATCH : GLOB_NOMATCH;
	case '\\':
	case '+':
	case '{':
	case '}':
	case '(':
	case ')':
	case '|':
	case '^':
	case '$':
	case ']':
		return GLOB_COMPLEX;
	default:
		*plen = 1;
		return n == 1 && *s == *p ? GLOB_MATCH : GLOB_NOMATCH;
	}
}

bool glob_simple(const char *pat, size_t plen)
{
	const char *pend = pat + plen;
	size_t p = 0, el;

	while (p < plen) {
		el = 1;
		if (pat[p] != '*' &&
		    elem_match(pat + p, pend, &el, "", 0) == GLOB_COMPLEX)
			return false;
		p += el;
	}
	return true;
}

/* Does a prefix of s match the glob pat (with a '/' after it if slash)? */
enum glob_result glob_match_prefix(const char *pat, size_t plen, bool slash,
				   const char *s, size_t len)
{
	const char *pend = pat + plen, *send = s + len;
	size_t p = 0, sp = 0, star_p = (size_t)-1, star_s = 0;

	for (;;) {
		size_t el = 0, n;
		int r;

		if (p == plen) {
			if (!slash || (sp < len && s[sp] == '/'))
				return GLOB_MATCH;
			r = GLOB_NOMATCH;
		} else if (pat[p] == '*') {
			star_p = p++;
			star_s = sp;
			continue;
		} else {
			n = sp < len ? u8len(s + sp, send) : 0;
			r = elem_match(pat + p, pend, &el, s + sp, n);
			if (r == GLOB_COMPLEX)
				return GLOB_COMPLEX;
			if (r == GLOB_MATCH) {
				p += el;
				sp += n;
				continue;
			}
		}
		if (star_p != (size_t)-1 && star_s < len && s[star_s] != '\n') {
			star_s += u8len(s + star_s, send);
			sp = star_s;
			p = star_p + 1;
			continue;
		}
		return GLOB_NOMATCH;
	}
}

size_t glob_to_regex(char *dst, const char *s, size_t len)
{
	char *q = dst;
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '.') {
			*q++ = '\\';
			*q++ = '.';
		} else if (s[i] == '*') {
			*q++ = '.';
			*q++ = '*';
		} else if (s[i] == '?') {
			*q++ = '.';
		} else {
			*q++ = s[i];
		}
	}
	*q = '\0';
	return (size_t)(q - dst);
}

void glob_regex_add(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	/* s@\.@\\\.@g; s/\*\/\.\*\/g; s/\?/\./g */
	for (i = 0; i < len; i++) {
		if (s[i] == '.')
			strbuf_addstr(out, "\\.");
		else if (s[i] == '*')
			strbuf_addstr(out, ".*");
		else if (s[i] == '?')
			strbuf_addch(out, '.');
		else
			strbuf_addch(out, s[i]);
	}
}
/*
 * The part of a pattern every match must start with: the characters
 * before the first special one (less the one before a quantifier);
 * nothing when the pattern has an alternation.
 */
/* The characters that end a literal prefix (glob_literal()); 2: '|'. */
const unsigned char glob_lit_stop[256] = {
	['\0'] = 1, ['*'] = 1, ['?'] = 1, ['['] = 1, ['\\'] = 1,
	['('] = 1,  [')'] = 1, ['{'] = 1, ['}'] = 1, ['+'] = 1,
	['^'] = 1,  ['$'] = 1, ['|'] = 2,
};

size_t glob_literal(const char *s, size_t len, bool *all)
{
	size_t i;

	*all = false;
	if (memchr(s, '|', len))
		return 0;
	for (i = 0; i < len; i++) {
		char ch = s[i];

		if (glob_lit_stop[(unsigned char)ch] == 1)
			return (ch == '+' || ch == '{') && i ? i - 1 : i;
	}
	*all = true;
	return i;
}

bool glob_globstar(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len; i++)
		if (s[i] == '*' && s[i + 1] == '*')
			return true;
	return false;
}
