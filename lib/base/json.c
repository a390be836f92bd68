// SPDX-License-Identifier: GPL-2.0
#include "json.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t need, i;
	unsigned long cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		need = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		need = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		need = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (n < need)
		return 0;
	for (i = 1; i < need; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, past U+10FFFF */
	if ((need == 3 && cp < 0x800) || (need == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return need;
}

void json_add_string(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;

	strbuf_addch(sb, '"');
	while (i < len) {
		unsigned char ch = p[i];

		if (ch == '"' || ch == '\\') {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, (char)ch);
			i++;
		} else if (ch == '\n') {
			strbuf_addstr(sb, "\\n");
			i++;
		} else if (ch == '\t') {
			strbuf_addstr(sb, "\\t");
			i++;
		} else if (ch < 0x20 || ch == 0x7f) {
			strbuf_addf(sb, "\\u%04x", ch);
			i++;
		} else if ((n = utf8_len(p + i, len - i)) != 0) {
			strbuf_add(sb, p + i, n);
			i += n;
		} else {
			strbuf_addstr(sb, "\\ufffd");
			i++;
		}
	}
	strbuf_addch(sb, '"');
}
