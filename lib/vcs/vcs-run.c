// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-run: running git (one command, or several at once), and git's
 * output read as get_maintainer.pl's git_execute_cmd() reads it, from
 * the cache when it may be (see vcs-internal.h).
 */
#define _GNU_SOURCE /* memmem */

#include "vcs-internal.h"

#include "base/base.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- running git ---- */

/*
 * git's malloc() (glibc's) on transparent huge pages: a git log that
 * reads a few hundred commits touches tens of MiB (inflated trees,
 * the delta base cache), and where a first touch of a page is dear
 * that was half of its time.  Its output is the same; a GLIBC_TUNABLES
 * of the user's own is left as it is.
 */
static const char *const git_env[] = { "GLIBC_TUNABLES=glibc.malloc.hugetlb=1:"
				       "glibc.malloc.top_pad=33554432:"
				       "glibc.malloc.mmap_threshold=33554432",
				       NULL };

/* A git command: standard error to v->err. */
static void git_cmd(struct vcs *v, struct run_cmd *c, const char *const argv[],
		    const char *in, size_t inlen, struct strbuf *out)
{
	memset(c, 0, sizeof(*c));
	c->argv = argv;
	c->in = in;
	c->inlen = inlen;
	c->out = out;
	c->err = &v->err;
	if (!getenv("GLIBC_TUNABLES"))
		c->env = git_env;
	v->runs++;
}

int vcs_run(struct vcs *v, const char *const argv[], const char *in,
	    size_t inlen, struct strbuf *out)
{
	struct run_cmd c;

	git_cmd(v, &c, argv, in, inlen, out);
	run_command(&c);
	return c.status;
}

int vcs_run_jobs(struct vcs *v, const char *const *const argvs[],
		 const struct strbuf *ins, size_t n, unsigned jobs,
		 struct strbuf *outs, int *status)
{
	const struct run_pool p = { jobs, -1, NULL, NULL };
	struct run_cmd *c = calloc(n ? n : 1, sizeof(*c));
	size_t i;

	for (i = 0; i < n; i++)
		status[i] = -1;
	if (!c)
		return -1;
	for (i = 0; i < n; i++)
		git_cmd(v, &c[i], argvs[i], ins ? ins[i].buf : NULL,
			ins ? ins[i].len : 0, &outs[i]);
	run_pool(&p, c, n);
	for (i = 0; i < n; i++)
		status[i] = c[i].status;
	free(c);
	return 0;
}

const char *vcs_refusal(const struct vcs *v, size_t *len)
{
	static const char *const why[] = { "dubious ownership",
					   "not a git repository",
					   "unsafe repository",
					   "unknown repository format",
					   "repository format version" };
	const char *p = v->err.buf, *end = v->err.buf + v->err.len, *nl;
	size_t i;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if (strncmp(p, "fatal: ", 7))
			continue;
		for (i = 0; i < sizeof(why) / sizeof(*why); i++)
			if (memmem(p, (size_t)(nl - p), why[i],
				   strlen(why[i]))) {
				*len = (size_t)(nl - p);
				return p;
			}
	}
	return NULL;
}

unsigned vcs_jobs(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	return cpus < 1 ? 1 : cpus > 4 ? 4 : (unsigned)cpus;
}

/* ---- git_execute_cmd() ---- */

/*
 * The script's substitution of ^\s* (with /gm), then split("\n"): at
 * every line start the white space (newlines too) goes, so no line is
 * empty and none starts with space.
 */
void vcs_lines(const char *text, size_t len, struct strbuf *out)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl;
		size_t k;

		while ((k = uspace(p, end)))
			p += k;
		if (p >= end)
			break;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		strbuf_add(out, p, (size_t)(nl - p));
		strbuf_addch(out, '\n');
		p = nl < end ? nl + 1 : end;
	}
}

int vcs_run_lines(struct vcs *v, const char *const argv[], const char *since,
		  bool cacheable, struct strbuf *out)
{
	struct strbuf key = STRBUF_INIT, raw = STRBUF_INIT;
	size_t l = out->len;
	int ret = 0;

	if (!v->cache_ready)
		vcs_cache_setup(v);
	if (cacheable && v->cachedir) {
		vcs_cache_key(v, argv, since, &key);
		if (vcs_cache_get(v, &key, out))
			goto out;
	}
	vcs_run(v, argv, NULL, 0, &raw);
	vcs_lines(raw.buf, raw.len, out);
	if (cacheable && v->cachedir && !out->failed) {
		struct strbuf val = STRBUF_INIT;

		strbuf_add(&val, out->buf + l, out->len - l);
		vcs_cache_put(v, &key, &val);
		strbuf_release(&val);
	}
	if (out->failed || raw.failed)
		ret = -1;
out:
	strbuf_release(&key);
	strbuf_release(&raw);
	return ret;
}

const char *vcs_record_mid(const char *nl, const char *end)
{
	const char *q;

	for (q = nl + 1; q < end; q++)
		if (*q == '\1' && q[-1] == '\n' &&
		    (q + 1 == end || q[1] == '\n'))
			return q;
	return NULL;
}
