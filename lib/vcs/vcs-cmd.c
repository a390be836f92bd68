// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-cmd: get_maintainer.pl's command for the log of one file (git log
 * --follow ...), run, or its output from the cache, and the logs kept
 * per file in struct vcs (see vcs-internal.h).
 */
#include "vcs-internal.h"

#include "base/base.h"

#include <stdlib.h>
#include <string.h>

/* ---- the commands ---- */

/* The shell's word splitting of an unquoted $var: offsets into store. */
static size_t split_words(const char *s, struct strbuf *store, size_t *offs,
			  size_t n, size_t max)
{
	const char *p = s;

	while (*p) {
		const char *q;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		q = p;
		while (*q && *q != ' ' && *q != '\t' && *q != '\n')
			q++;
		if (n < max)
			offs[n] = store->len;
		n++;
		strbuf_add(store, p, (size_t)(q - p));
		strbuf_addch(store, '\0');
		p = q;
	}
	return n;
}

#define MAX_WORDS 64

struct file_cmd {
	const char *argv[2 * MAX_WORDS + 16];
	struct strbuf words;
};

/* find_signers_cmd for file: false when the shell would make too much */
static bool file_argv(struct file_cmd *c, const char *since, const char *file)
{
	struct strbuf s = STRBUF_INIT;
	size_t offs[2 * MAX_WORDS], nw, nsince, i, n = 0;

	strbuf_init(&c->words);
	strbuf_addstr(&s, "--since=");
	strbuf_addstr(&s, since);
	nsince = split_words(s.buf, &c->words, offs, 0, MAX_WORDS);
	strbuf_release(&s);
	if (nsince > MAX_WORDS)
		return false;
	nw = split_words(file, &c->words, offs, nsince, 2 * MAX_WORDS);
	if (nw > 2 * MAX_WORDS || c->words.failed)
		return false;
	c->argv[n++] = "git";
	c->argv[n++] = "log";
	c->argv[n++] = "--no-color";
	c->argv[n++] = "--follow";
	for (i = 0; i < nsince; i++)
		c->argv[n++] = c->words.buf + offs[i];
	c->argv[n++] = "--numstat";
	c->argv[n++] = "--no-merges";
	c->argv[n++] = "--format=" LOG_FORMAT;
	c->argv[n++] = "--";
	for (i = nsince; i < nw; i++)
		c->argv[n++] = c->words.buf + offs[i];
	c->argv[n] = NULL;
	return true;
}

int vcs_follow_log(struct vcs *v, const char *since, const char *file,
		   struct strbuf *out)
{
	struct file_cmd c;
	int ret = 0;

	if (file_argv(&c, since, file))
		ret = vcs_run_lines(v, c.argv, since, true, out);
	strbuf_release(&c.words);
	return ret;
}

bool vcs_follow_log_cached(struct vcs *v, const char *since, const char *file,
			   struct strbuf *out)
{
	struct file_cmd c;
	struct strbuf key = STRBUF_INIT;
	bool hit = false;

	if (!v->cachedir)
		return false;
	if (file_argv(&c, since, file)) {
		vcs_cache_key(v, c.argv, since, &key);
		hit = vcs_cache_get(v, &key, out);
	}
	strbuf_release(&c.words);
	strbuf_release(&key);
	return hit;
}

void vcs_follow_log_store(struct vcs *v, const char *since, const char *file,
			  const struct strbuf *log)
{
	struct file_cmd c;
	struct strbuf key = STRBUF_INIT;

	if (!v->cachedir)
		return;
	if (file_argv(&c, since, file)) {
		vcs_cache_key(v, c.argv, since, &key);
		vcs_cache_put(v, &key, log);
	}
	strbuf_release(&c.words);
	strbuf_release(&key);
}

struct strbuf *vcs_log_slot(struct vcs *v, const char *file, bool *fresh)
{
	struct strmap_entry *e = strmap_put(&v->logs, file, strlen(file));

	*fresh = false;
	if (!e)
		return NULL;
	if (!e->value) {
		e->value = calloc(1, sizeof(struct strbuf));
		if (!e->value)
			return NULL;
		strbuf_init(e->value);
		*fresh = true;
	}
	return e->value;
}
