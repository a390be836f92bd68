// SPDX-License-Identifier: GPL-2.0
/* The names of split files: safe path components.  See split.h. */
#include "split.h"
#include "base/base.h"

void split_safe_component(struct strbuf *out, const char *s, size_t len)
{
	size_t i, start = out->len;

	for (i = 0; i < len; i++) {
		char c = s[i];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-')
			strbuf_addch(out, c);
		else
			strbuf_addch(out, '_');
	}
	/* never "", "." or "..", never hidden */
	if (out->len == start)
		strbuf_addch(out, '_');
	else if (out->buf[start] == '.')
		out->buf[start] = '_';
}
