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
#include <stdio.h>
#include <string.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
	bool failed;
};

extern char strbuf_empty[];

#define STRBUF_INIT                       \
	{                                 \
		strbuf_empty, 0, 0, false \
	}

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);
bool strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add_slow(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_reset(struct strbuf *sb);
/*
 * The current directory (getcwd(), however long) in sb, replacing what
 * it held.  0, or -1 with errno (ENOMEM, or getcwd()'s).
 */
int strbuf_getcwd(struct strbuf *sb);
/* What the link at path holds, however long, in sb; 0, or -1 with errno. */
int strbuf_readlink(struct strbuf *sb, const char *path);
/*
 * The next line of f (its '\n' left out), however long, in sb, replacing
 * what it held.  0; -1 at the end of f, on a read error or out of memory
 * (sb->failed).
 */
int strbuf_getline(struct strbuf *sb, FILE *f);
/* Append s[0..len) with non-printable bytes shown as \xNN, \t, \r, \n. */
void strbuf_add_quoted(struct strbuf *sb, const char *s, size_t len);

static inline void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (len < sb->alloc - sb->len) {
		memcpy(sb->buf + sb->len, data, len);
		sb->len += len;
		sb->buf[sb->len] = '\0';
		return;
	}
	strbuf_add_slow(sb, data, len);
}

static inline void strbuf_addch(struct strbuf *sb, int c)
{
	if (sb->alloc - sb->len > 1) {
		sb->buf[sb->len++] = (char)c;
		sb->buf[sb->len] = '\0';
		return;
	}
	strbuf_add_slow(sb, &(char){ (char)c }, 1);
}

static inline void strbuf_addbuf(struct strbuf *sb, const struct strbuf *b)
{
	strbuf_add(sb, b->buf, b->len);
}

/* Perl's cmp on byte strings: -1, 0 or 1. */
static inline int bytecmp(const char *a, size_t alen, const char *b,
			  size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	if (c)
		return c < 0 ? -1 : 1;
	return alen < blen ? -1 : alen > blen;
}

/* Cut sb to its first len bytes (len <= sb->len). */
static inline void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len < sb->len) {
		sb->len = len;
		sb->buf[len] = '\0';
	}
}

static inline bool strbuf_failed(const struct strbuf *sb)
{
	return sb->failed;
}

/*
 * A sink: output collected in buf and handed to flush() whenever it grows
 * past SINK_CHUNK bytes, and by sink_finish().  With flush NULL the sink
 * simply keeps everything in buf.  flush() returns 0, or -1 after
 * setting err; a failed sink stays failed.  The sink owns buf.
 */
struct sink {
	struct strbuf buf;
	int (*flush)(struct sink *s);
	/* optional: told the total size before the first byte; advisory */
	void (*reserve)(struct sink *s, size_t size);
	void *ctx;
	int err;
	bool failed;
};

#define SINK_CHUNK 65536
#define SINK_INIT                                       \
	{                                               \
		STRBUF_INIT, NULL, NULL, NULL, 0, false \
	}

/* Hand buf to flush() if it is past the threshold (or force). */
int sink_flush(struct sink *s, bool force);
/* Flush what is left; 0 when everything went through. */
int sink_finish(struct sink *s);

/* Grow an array of nr elements to hold at least want; false on failure. */
bool grow_array(void **ptr, size_t *alloc, size_t want, size_t elsize);

#define ALLOC_GROW(p, want, alloc) \
	grow_array((void **)&(p), &(alloc), (want), sizeof(*(p)))

#endif
