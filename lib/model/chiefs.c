// SPDX-License-Identifier: GPL-2.0
/* The chief penguins of a get_maintainer.pl.  See chiefs.h. */
#include "chiefs.h"
#include "base/base.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const struct mnt_chief linus = { "Linus Torvalds",
					"torvalds@linux-foundation.org" };

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* p at word: past it when it is there (and not a longer word's start) */
static const char *skip_word(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - p) < n || memcmp(p, word, n))
		return NULL;
	p += n;
	if (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') ||
			(*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
		return NULL;
	return p;
}

/* A character after a backslash in a "..." string, as Perl reads it. */
static char dq_escape(char c)
{
	static const char from[] = "tnrfae", to[] = "\t\n\r\f\a\033";
	const char *f = strchr(from, c);

	return c && f ? to[f - from] : c;
}

/*
 * A Perl string literal ('...' or "...") at p, unquoted into out; the
 * end of the literal, or NULL when there is none.
 */
static const char *perl_string(const char *p, const char *end,
			       struct strbuf *out)
{
	char q;

	if (p >= end || (*p != '"' && *p != '\''))
		return NULL;
	q = *p++;
	for (; p < end && *p != q; p++) {
		if (*p != '\\' || p + 1 >= end) {
			strbuf_addch(out, *p);
		} else if (q == '"') {
			strbuf_addch(out, dq_escape(*++p));
		} else if (p[1] == '\\' || p[1] == '\'') {
			strbuf_addch(out, *++p);
		} else {
			strbuf_addch(out, *p);
		}
	}
	return p < end ? p + 1 : NULL;
}

/* The script's m/^(.*):(.*)/ on s: one chief more, or none. */
static int add_chief(struct mnt_chiefs *c, const struct strbuf *s)
{
	const char *nl = memchr(s->buf, '\n', s->len);
	size_t len = nl ? (size_t)(nl - s->buf) : s->len, colon;
	struct mnt_chief *ch;

	for (colon = len; colon && s->buf[colon - 1] != ':'; colon--)
		;
	if (!colon)
		return 0;
	if (!ALLOC_GROW(c->v, c->nr + 1, c->alloc))
		return -1;
	ch = &c->v[c->nr];
	ch->name = strndup(s->buf, colon - 1);
	ch->addr = strndup(s->buf + colon, len - colon);
	if (!ch->name || !ch->addr) {
		free(ch->name);
		free(ch->addr);
		return -1;
	}
	c->nr++;
	return 0;
}

/*
 * One line: push(@penguin_chief, "NAME:ADDRESS", ...); (or push
 * @penguin_chief, ...;), the chiefs it pushes added.  0 or -1.
 */
static int chief_line(struct mnt_chiefs *c, const char *p, const char *end)
{
	struct strbuf s = STRBUF_INIT;
	const char *q;
	int ret = 0;

	p = skip_word(skip_blank(p, end), end, "push");
	if (!p)
		return 0;
	p = skip_blank(p, end);
	if (p < end && *p == '(')
		p = skip_blank(p + 1, end);
	p = skip_word(p, end, "@penguin_chief");
	while (p && !ret) {
		p = skip_blank(p, end);
		if (p >= end || *p != ',')
			break;
		strbuf_reset(&s);
		q = perl_string(skip_blank(p + 1, end), end, &s);
		if (strbuf_failed(&s))
			ret = -1;
		else if (q)
			ret = add_chief(c, &s);
		p = q;
	}
	strbuf_release(&s);
	return ret;
}

static int names_regex(struct mnt_chiefs *c)
{
	struct strbuf re = STRBUF_INIT;
	size_t i;

	strbuf_addch(&re, '(');
	for (i = 0; i < c->nr; i++) {
		if (i)
			strbuf_addch(&re, '|');
		strbuf_addstr(&re, c->v[i].name);
	}
	strbuf_addch(&re, ')');
	if (strbuf_failed(&re))
		return -1;
	c->names_re = strbuf_detach(&re, NULL);
	return c->names_re ? 0 : -1;
}

int mnt_chiefs_of_script(struct mnt_chiefs *c, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	int ret = 0;

	while (p < end && !ret) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if (skip_word(p, nl, "__END__") || skip_word(p, nl, "__DATA__"))
			break;
		ret = chief_line(c, p, nl);
		p = nl + 1;
	}
	if (!ret && c->nr)
		ret = names_regex(c);
	if (ret) {
		mnt_chiefs_release(c);
		errno = ENOMEM;
	}
	return ret;
}

int mnt_chiefs_read(struct mnt_chiefs *c, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	int err = 0, ret = 0;

	if (!read_path(path, &text, &err))
		ret = mnt_chiefs_of_script(c, text.buf, text.len);
	else if (err == ENOMEM)
		ret = -1;
	strbuf_release(&text);
	if (ret)
		errno = ENOMEM;
	return ret;
}

int mnt_chiefs_read_tree(struct mnt_chiefs *c, const char *tree)
{
	struct strbuf path = STRBUF_INIT;
	int ret;

	if (tree && *tree) {
		strbuf_addstr(&path, tree);
		if (path.len && path.buf[path.len - 1] != '/')
			strbuf_addch(&path, '/');
	}
	strbuf_addstr(&path, MNT_CHIEFS_SCRIPT);
	if (strbuf_failed(&path)) {
		strbuf_release(&path);
		errno = ENOMEM;
		return -1;
	}
	ret = mnt_chiefs_read(c, path.buf);
	strbuf_release(&path);
	return ret;
}

const struct mnt_chief *mnt_chiefs_list(const struct mnt_chiefs *c, size_t *nr)
{
	*nr = c->nr ? c->nr : 1;
	return c->nr ? c->v : &linus;
}

const char *mnt_chiefs_regex(const struct mnt_chiefs *c)
{
	return c->names_re ? c->names_re : "(Linus Torvalds)";
}

void mnt_chiefs_release(struct mnt_chiefs *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		free(c->v[i].name);
		free(c->v[i].addr);
	}
	free(c->v);
	free(c->names_re);
	memset(c, 0, sizeof(*c));
}
