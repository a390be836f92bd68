// SPDX-License-Identifier: GPL-2.0
#include "strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char strbuf_empty[1];

void strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_empty;
	sb->len = 0;
	sb->alloc = 0;
	sb->failed = false;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *ret;

	if (len)
		*len = sb->len;
	if (!sb->alloc || sb->failed) {
		ret = sb->failed ? NULL : calloc(1, 1);
		strbuf_release(sb);
		return ret;
	}
	ret = sb->buf;
	strbuf_init(sb);
	return ret;
}

bool strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want, n;
	char *p;

	if (sb->failed)
		return false;
	if (extra >= SIZE_MAX - sb->len - 1)
		goto fail;
	want = sb->len + extra + 1;
	if (want <= sb->alloc)
		return true;
	n = sb->alloc ? sb->alloc : 64;
	while (n < want)
		n = n > SIZE_MAX / 2 ? want : n * 2;
	p = realloc(sb->alloc ? sb->buf : NULL, n);
	if (!p)
		goto fail;
	if (!sb->alloc)
		p[0] = '\0';
	sb->buf = p;
	sb->alloc = n;
	return true;
fail:
	sb->failed = true;
	return false;
}

void strbuf_add_slow(struct strbuf *sb, const void *data, size_t len)
{
	if (!strbuf_grow(sb, len))
		return;
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!strbuf_grow(sb, 64))
		return;
	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		sb->failed = true;
		return;
	}
	if ((size_t)n >= sb->alloc - sb->len) {
		if (!strbuf_grow(sb, (size_t)n))
			return;
		va_start(ap, fmt);
		vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
		va_end(ap);
	}
	sb->len += (size_t)n;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->alloc)
		sb->buf[0] = '\0';
}

void strbuf_add_quoted(struct strbuf *sb, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\t')
			strbuf_addstr(sb, "\\t");
		else if (c == '\n')
			strbuf_addstr(sb, "\\n");
		else if (c == '\r')
			strbuf_addstr(sb, "\\r");
		else if (c == '\\')
			strbuf_addstr(sb, "\\\\");
		else if (c < 0x20 || c == 0x7f)
			strbuf_addf(sb, "\\x%02x", c);
		else
			strbuf_addch(sb, c);
	}
}

bool grow_array(void **ptr, size_t *alloc, size_t want, size_t elsize)
{
	size_t n;
	void *p;

	if (want <= *alloc)
		return true;
	n = *alloc ? *alloc : 16;
	while (n < want) {
		if (n > SIZE_MAX / 2 / elsize)
			return false;
		n *= 2;
	}
	p = realloc(*ptr, n * elsize);
	if (!p)
		return false;
	*ptr = p;
	*alloc = n;
	return true;
}

int sink_flush(struct sink *s, bool force)
{
	if (s->failed || strbuf_failed(&s->buf)) {
		s->failed = true;
		return -1;
	}
	if (!s->flush || (!force && s->buf.len < SINK_CHUNK) || !s->buf.len)
		return 0;
	if (s->flush(s)) {
		s->failed = true;
		return -1;
	}
	strbuf_reset(&s->buf);
	return 0;
}

int sink_finish(struct sink *s)
{
	return sink_flush(s, true);
}

int strbuf_getcwd(struct strbuf *sb)
{
	size_t n = 256;

	for (;;) {
		strbuf_reset(sb);
		if (!strbuf_grow(sb, n)) {
			errno = ENOMEM;
			return -1;
		}
		if (getcwd(sb->buf, sb->alloc)) {
			sb->len = strlen(sb->buf);
			return 0;
		}
		if (errno != ERANGE) {
			strbuf_reset(sb);
			return -1;
		}
		n = 2 * sb->alloc;
	}
}

int strbuf_readlink(struct strbuf *sb, const char *path)
{
	size_t n = 256;
	ssize_t got;

	for (;;) {
		strbuf_reset(sb);
		if (!strbuf_grow(sb, n)) {
			errno = ENOMEM;
			return -1;
		}
		got = readlink(path, sb->buf, sb->alloc);
		if (got < 0) {
			strbuf_reset(sb);
			return -1;
		}
		if ((size_t)got < sb->alloc) {
			sb->len = (size_t)got;
			sb->buf[sb->len] = '\0';
			return 0;
		}
		n = 2 * sb->alloc;
	}
}

int strbuf_getline(struct strbuf *sb, FILE *f)
{
	int c;

	strbuf_reset(sb);
	while ((c = getc(f)) != EOF && c != '\n') {
		char ch = (char)c;

		strbuf_add(sb, &ch, 1);
	}
	if (sb->failed || (c == EOF && (!sb->len || ferror(f))))
		return -1;
	return 0;
}
