// SPDX-License-Identifier: GPL-2.0
/*
 * Mails and mboxes: see mail.h.
 */
#define _GNU_SOURCE /* memmem */
#include "mail.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* "From " at the start of a line: an mbox separator (mboxrd quotes others) */
static bool from_line(const char *p, const char *end)
{
	return end - p >= 5 && !memcmp(p, "From ", 5);
}

/* A header line: a field name (printable, no colon or space) and ':' */
static bool header_line(const char *p, const char *end)
{
	const char *q = p;

	while (q<end && * q> ' ' && *q < 127 && *q != ':')
		q++;
	return q > p && q < end && *q == ':';
}

static const char *eol(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl + 1 : end;
}

static size_t line_len(const char *p, const char *next)
{
	size_t n = (size_t)(next - p);

	if (n && p[n - 1] == '\n')
		n--;
	if (n && p[n - 1] == '\r')
		n--;
	return n;
}

struct add_ctx {
	struct mnt_mail_msg *m;
	bool failed;
};

static void add_rcpt(void *arg, const char *s, size_t len)
{
	struct add_ctx *c = arg;
	struct mnt_mail_msg *m = c->m;
	char *dup;

	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (!len)
		return;
	if (m->nr_rcpt == m->alloc_rcpt) {
		size_t n = m->alloc_rcpt ? 2 * m->alloc_rcpt : 8;
		char **v = realloc(m->rcpt, n * sizeof(*v));

		if (!v) {
			c->failed = true;
			return;
		}
		m->rcpt = v;
		m->alloc_rcpt = n;
	}
	dup = strndup(s, len);
	if (!dup) {
		c->failed = true;
		return;
	}
	m->rcpt[m->nr_rcpt++] = dup;
}

void mnt_mail_split_list(const char *s, size_t len,
			 void (*add)(void *arg, const char *s, size_t len),
			 void *arg)
{
	size_t i, start = 0;
	int depth = 0; /* comment nesting */
	bool quoted = false, angle = false;

	for (i = 0; i < len; i++) {
		char c = s[i];

		if (quoted) {
			if (c == '\\' && i + 1 < len)
				i++;
			else if (c == '"')
				quoted = false;
		} else if (depth) {
			if (c == '\\' && i + 1 < len)
				i++;
			else if (c == '(')
				depth++;
			else if (c == ')')
				depth--;
		} else if (c == '"') {
			quoted = true;
		} else if (c == '(') {
			depth = 1;
		} else if (c == '<') {
			angle = true;
		} else if (c == '>') {
			angle = false;
		} else if (c == ',' && !angle) {
			add(arg, s + start, i - start);
			start = i + 1;
		}
	}
	add(arg, s + start, len - start);
}

void mnt_mail_address(const char *s, size_t len, struct strbuf *out)
{
	const char *lt = memchr(s, '<', len), *gt;
	size_t i;
	int depth = 0;
	bool quoted = false;

	strbuf_reset(out);
	/* the last <...> outside quotes */
	lt = NULL;
	for (i = 0; i < len; i++) {
		if (quoted) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '"')
				quoted = false;
		} else if (s[i] == '"') {
			quoted = true;
		} else if (s[i] == '<') {
			lt = s + i;
		}
	}
	if (lt) {
		gt = memchr(lt, '>', len - (size_t)(lt - s));
		if (!gt)
			gt = s + len;
		for (s = lt + 1; s < gt; s++)
			if (!isspace((unsigned char)*s))
				strbuf_addch(out, tolower((unsigned char)*s));
		return;
	}
	/* addr (comment), or addr alone: comments and spaces dropped */
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (depth) {
			if (c == '\\')
				i++;
			else if (c == '(')
				depth++;
			else if (c == ')')
				depth--;
		} else if (c == '(') {
			depth = 1;
		} else if (!isspace(c) && c != '"') {
			strbuf_addch(out, tolower(c));
		}
	}
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static int b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* One "=?charset?E?text?=" at s: decoded into out, its length, or 0. */
static size_t decode_word(const char *s, size_t len, struct strbuf *out)
{
	const char *p = s + 2, *end = s + len, *q, *text, *stop;
	char enc;

	if (len < 8 || s[0] != '=' || s[1] != '?')
		return 0;
	q = memchr(p, '?', (size_t)(end - p));
	if (!q || end - q < 4 || q[2] != '?')
		return 0;
	enc = (char)toupper((unsigned char)q[1]);
	if (enc != 'B' && enc != 'Q')
		return 0;
	text = q + 3;
	stop = memmem(text, (size_t)(end - text), "?=", 2);
	if (!stop)
		return 0;
	for (q = text; q < stop; q++)
		if (*q == ' ' || *q == '\t' || *q == '\n')
			return 0;
	if (enc == 'Q') {
		for (q = text; q < stop; q++) {
			if (*q == '_') {
				strbuf_addch(out, ' ');
			} else if (*q == '=' && stop - q > 2 &&
				   hexval(q[1]) >= 0 && hexval(q[2]) >= 0) {
				strbuf_addch(out,
					     hexval(q[1]) * 16 + hexval(q[2]));
				q += 2;
			} else {
				strbuf_addch(out, *q);
			}
		}
	} else {
		unsigned acc = 0;
		int bits = 0;

		for (q = text; q < stop; q++) {
			int v = b64val((unsigned char)*q);

			if (v < 0)
				continue;
			acc = (acc << 6) | (unsigned)v;
			bits += 6;
			if (bits >= 8) {
				bits -= 8;
				strbuf_addch(out, (int)((acc >> bits) & 0xff));
			}
		}
	}
	return (size_t)(stop + 2 - s);
}

void mnt_mail_decode_words(const char *s, size_t len, struct strbuf *out)
{
	size_t i = 0, n, gap = 0;
	bool after_word = false;

	while (i < len) {
		n = s[i] == '=' ? decode_word(s + i, len - i, out) : 0;
		if (n) {
			i += n;
			after_word = true;
			continue;
		}
		if (after_word) {
			/* white space between two encoded words goes */
			for (gap = i;
			     gap < len && isspace((unsigned char)s[gap]); gap++)
				;
			if (gap > i && gap < len && s[gap] == '=' &&
			    gap + 1 < len && s[gap + 1] == '?') {
				struct strbuf t = STRBUF_INIT;

				n = decode_word(s + gap, len - gap, &t);
				if (n) {
					strbuf_addbuf(out, &t);
					strbuf_release(&t);
					i = gap + n;
					continue;
				}
				strbuf_release(&t);
			}
		}
		after_word = false;
		strbuf_addch(out, s[i++]);
	}
}

bool mnt_mail_patch_number(const char *subject, unsigned *n, unsigned *m)
{
	const char *p = subject;

	while ((p = strchr(p, '['))) {
		const char *close = strchr(p, ']');
		const char *q;

		if (!close)
			return false;
		for (q = close; q > p && q[-1] != ' ' && q[-1] != '['; q--)
			;
		if (sscanf(q, "%u/%u]", n, m) == 2)
			return true;
		p = close;
	}
	return false;
}

/* The headers [hdr, hend) unfolded into m; 0 or -1 (out of memory). */
static int read_headers(struct mnt_mail_msg *m, const char *hdr,
			const char *hend)
{
	struct strbuf field = STRBUF_INIT, subj = STRBUF_INIT;
	struct add_ctx c = { m, false };
	const char *p = hdr;

	while (p < hend) {
		const char *next = eol(p, hend), *colon;
		size_t n;

		strbuf_reset(&field);
		strbuf_add(&field, p, line_len(p, next));
		/* folded lines: continuation starts with white space */
		while (next < hend && (*next == ' ' || *next == '\t')) {
			const char *nn = eol(next, hend);

			strbuf_add(&field, next, line_len(next, nn));
			next = nn;
		}
		p = next;
		colon = memchr(field.buf, ':', field.len);
		if (!colon)
			continue;
		n = (size_t)(colon - field.buf);
		if ((n == 2 && !strncasecmp(field.buf, "To", 2)) ||
		    (n == 2 && !strncasecmp(field.buf, "Cc", 2)))
			mnt_mail_split_list(
				colon + 1,
				field.len - (size_t)(colon + 1 - field.buf),
				add_rcpt, &c);
		else if (n == 4 && !strncasecmp(field.buf, "From", 4) &&
			 !m->from &&
			 !(m->from = strndup(colon + 1,
					     field.len - (size_t)(colon + 1 -
								  field.buf))))
			c.failed = true;
		else if (n == 7 && !strncasecmp(field.buf, "Subject", 7) &&
			 !subj.len)
			mnt_mail_decode_words(
				colon + 1,
				field.len - (size_t)(colon + 1 - field.buf),
				&subj);
	}
	m->subject = strdup(subj.len ? subj.buf + (subj.buf[0] == ' ') : "");
	if (!m->subject || strbuf_failed(&field) || strbuf_failed(&subj))
		c.failed = true;
	strbuf_release(&field);
	strbuf_release(&subj);
	return c.failed ? -1 : 0;
}

/* Cc: trailers of the body, up to the "---" line before the diff */
static int read_trailers(struct mnt_mail_msg *m)
{
	struct add_ctx c = { m, false };
	const char *p = m->body, *end = m->body + m->body_len;

	while (p < end) {
		const char *next = eol(p, end);
		size_t n = line_len(p, next);

		if ((n == 3 && !memcmp(p, "---", 3)) ||
		    (n > 4 && !memcmp(p, "diff ", 5)))
			break;
		if (n > 3 && !strncasecmp(p, "Cc:", 3))
			mnt_mail_split_list(p + 3, n - 3, add_rcpt, &c);
		p = next;
	}
	return c.failed ? -1 : 0;
}

static int add_msg(struct mnt_mail_box *mb, const char *start, const char *end,
		   unsigned long line, const char *name, struct diags *d)
{
	struct mnt_mail_msg *m;
	const char *p = start, *hdr, *hend;

	if (mb->nr == mb->alloc) {
		size_t n = mb->alloc ? 2 * mb->alloc : 16;
		struct mnt_mail_msg *v = realloc(mb->v, n * sizeof(*v));

		if (!v)
			goto nomem;
		mb->v = v;
		mb->alloc = n;
	}
	m = &mb->v[mb->nr];
	memset(m, 0, sizeof(*m));
	m->line = line;
	m->text = start;
	m->len = (size_t)(end - start);
	if (from_line(p, end))
		p = eol(p, end), line++;
	hdr = p;
	if (!header_line(p, end)) {
		diag_add(d, D_NOT_MAIL, name, line,
			 "%s:%lu: not a mail: no headers (To:, Cc:, "
			 "Subject:...) at its start",
			 name, line);
		return -1;
	}
	/* the headers end at the first empty line */
	while (p < end) {
		const char *next = eol(p, end);

		if (!line_len(p, next))
			break;
		p = next;
	}
	hend = p;
	m->body = p < end ? eol(p, end) : end;
	m->body_len = (size_t)(end - m->body);
	mb->nr++;
	if (read_headers(m, hdr, hend) || read_trailers(m))
		goto nomem;
	return 0;
nomem:
	diag_add(d, D_NOMEM, name, 0, "out of memory");
	return -1;
}

int mnt_mail_read(struct mnt_mail_box *mb, const char *text, size_t len,
		  const char *name, struct diags *d)
{
	const char *p = text, *end = text + len, *start = text;
	unsigned long line = 1, start_line = 1;
	bool blank = true;

	if (memchr(text, '\0', len)) {
		diag_add(d, D_NOT_MAIL, name, 0,
			 "%s: not a mail: a binary file (NUL bytes)", name);
		return -1;
	}
	if (!len) {
		diag_add(d, D_NOT_MAIL, name, 0, "%s: not a mail: empty", name);
		return -1;
	}
	if (from_line(p, end)) {
		/* an mbox: a "From " line after an empty one starts a mail */
		p = eol(p, end);
		line++;
		while (p < end) {
			const char *next = eol(p, end);

			if (blank && from_line(p, end)) {
				if (add_msg(mb, start, p, start_line, name, d))
					return -1;
				start = p;
				start_line = line;
			}
			blank = !line_len(p, next);
			p = next;
			line++;
		}
	}
	return add_msg(mb, start, end, start_line, name, d);
}

void mnt_mail_box_release(struct mnt_mail_box *mb)
{
	size_t i, j;

	for (i = 0; i < mb->nr; i++) {
		for (j = 0; j < mb->v[i].nr_rcpt; j++)
			free(mb->v[i].rcpt[j]);
		free(mb->v[i].rcpt);
		free(mb->v[i].subject);
		free(mb->v[i].from);
	}
	free(mb->v);
	mb->v = NULL;
	mb->nr = mb->alloc = 0;
}
