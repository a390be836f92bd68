/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strbuf: a growable byte buffer.
 *
 * Ownership rules:
 *  - A strbuf owns its buffer.  strbuf_release() frees it and leaves the
 *    strbuf empty and ready for reuse; strbuf_detach() hands the buffer to
 *    the caller, who must free() it.
 *  - buf is always NUL-terminated (buf[len] == '\0'), but may contain NUL
 *    bytes: use len, never strlen().
 *  - An initialised, never-grown strbuf points at a shared static "" and
 *    must not be written through buf.
 *  - Allocation failure is sticky: the first failed allocation sets
 *    sb->failed, later appends are ignored, and the caller checks
 *    strbuf_failed() once at the end of a sequence of appends.  The
 *    library never aborts or exits on allocation failure.
 */
#ifndef MAINT_STRBUF_H
#define MAINT_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
	bool failed;
};

extern char strbuf_empty[];

#define STRBUF_INIT { strbuf_empty, 0, 0, false }

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);
bool strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_reset(struct strbuf *sb);
/* Append s[0..len) with non-printable bytes shown as \xNN, \t, \r, \n. */
void strbuf_add_quoted(struct strbuf *sb, const char *s, size_t len);

static inline bool strbuf_failed(const struct strbuf *sb)
{
	return sb->failed;
}

/* Grow an array of nr elements to hold at least want; false on failure. */
bool grow_array(void **ptr, size_t *alloc, size_t want, size_t elsize);

#define ALLOC_GROW(p, want, alloc) \
	grow_array((void **)&(p), &(alloc), (want), sizeof(*(p)))

#endif
