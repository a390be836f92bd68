// SPDX-License-Identifier: GPL-2.0
#include "ustr.h"

#include <string.h>
#include <wchar.h>
#include <wctype.h>

/* Length of the Unicode white space character at p, or 0. */
size_t uspace(const char *p, const char *end)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t n = (size_t)(end - p);

	if (!n)
		return 0;
	if (u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r'))
		return 1;
	if (n >= 2 && u[0] == 0xc2 && (u[1] == 0x85 || u[1] == 0xa0))
		return 2;
	if (n >= 3 && u[0] == 0xe1 && u[1] == 0x9a && u[2] == 0x80)
		return 3;
	if (n >= 3 && u[0] == 0xe2 && u[1] == 0x80 &&
	    (u[2] <= 0x8a || u[2] == 0xa8 || u[2] == 0xa9 || u[2] == 0xaf))
		return 3;
	if (n >= 3 && u[0] == 0xe2 && u[1] == 0x81 && u[2] == 0x9f)
		return 3;
	if (n >= 3 && u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80)
		return 3;
	return 0;
}

const char *uskip_space(const char *p, const char *end)
{
	size_t n;

	for (;;) {
		if (p < end && (*p == ' ' || *p == '\t')) {
			p++;
			continue;
		}
		if (p >= end ||
		    ((unsigned char)*p > ' ' && (unsigned char)*p < 0x80))
			return p;
		n = uspace(p, end);
		if (!n)
			return p;
		p += n;
	}
}

/* Length of a UTF-8 character at p (1 for a stray byte). */
size_t u8len(const char *p, const char *end)
{
	unsigned char c = (unsigned char)*p;
	size_t n = c < 0x80  ? 1 :
		   c >= 0xf0 ? 4 :
		   c >= 0xe0 ? 3 :
		   c >= 0xc0 ? 2 :
			       1;
	size_t i;

	if (n > (size_t)(end - p))
		return 1;
	for (i = 1; i < n; i++)
		if (((unsigned char)p[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

size_t u8count(const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	size_t n = 0;

	while (p < end) {
		p += u8len(p, end);
		n++;
	}
	return n;
}

/* Perl's s/^\s+|\s+$//g */
void utrim(const char **s, size_t *len)
{
	const char *p = *s, *end = *s + *len;

	p = uskip_space(p, end);
	while (end > p) {
		const char *q = end - 1;

		while (q > p && ((unsigned char)*q & 0xc0) == 0x80)
			q--;
		if (uspace(q, end) != (size_t)(end - q))
			break;
		end = q;
	}
	*s = p;
	*len = (size_t)(end - p);
}

/* Perl's lc() on a decoded string (needs an UTF-8 LC_CTYPE for non-ASCII) */
void ulc(struct strbuf *out, const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	mbstate_t st;

	memset(&st, 0, sizeof(st));
	while (p < end) {
		unsigned char c = (unsigned char)*p;
		wchar_t wc;
		size_t n;
		char buf[8];

		if (c < 0x80) {
			strbuf_addch(out, c >= 'A' && c <= 'Z' ? c + 32 : c);
			p++;
			continue;
		}
		n = mbrtowc(&wc, p, (size_t)(end - p), &st);
		if (n == (size_t)-1 || n == (size_t)-2 || !n) {
			memset(&st, 0, sizeof(st));
			strbuf_addch(out, c);
			p++;
			continue;
		}
		wc = (wchar_t)towlower((wint_t)wc);
		{
			mbstate_t ost;
			size_t m;

			memset(&ost, 0, sizeof(ost));
			m = wcrtomb(buf, wc, &ost);
			if (m == (size_t)-1)
				strbuf_add(out, p, n);
			else
				strbuf_add(out, buf, m);
		}
		p += n;
	}
}

size_t count_char(const char *s, size_t len, char c)
{
	size_t n = 0;

	while (len--)
		n += *s++ == c;
	return n;
}
