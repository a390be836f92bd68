// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-repo: git's own files, read directly where that saves a git
 * process: .git and HEAD (for the cache key), the index (git ls-files
 * PATH); the commit-graph is vcs-graph.c's.
 * Anything of a kind not read here answers "cannot tell" and the caller
 * asks git.
 */
#include "vcs-internal.h"

#include "base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int vcs_read_small(const char *path, struct strbuf *out)
{
	int err = 0;

	strbuf_reset(out);
	return read_path(path, out, &err);
}

void vcs_chomp(struct strbuf *sb)
{
	while (sb->len &&
	       (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r' ||
		sb->buf[sb->len - 1] == ' '))
		sb->buf[--sb->len] = '\0';
}

/* A line of packed-refs naming ref: its value (40 hex digits). */
static bool packed_ref(const struct strbuf *t, const char *ref, char *sha,
		       size_t size)
{
	const char *p, *e;
	size_t rl = strlen(ref);

	for (p = t->buf; p < t->buf + t->len; p = e + 1) {
		e = memchr(p, '\n', t->len - (size_t)(p - t->buf));
		if (!e)
			e = t->buf + t->len;
		if ((size_t)(e - p) == 41 + rl && p[40] == ' ' &&
		    !memcmp(p + 41, ref, rl) && 40 < size) {
			memcpy(sha, p, 40);
			sha[40] = '\0';
			return true;
		}
	}
	return false;
}

/* A ref's value from the loose file or packed-refs. */
static bool resolve_ref(const char *common, const char *ref, char *sha,
			size_t size)
{
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
	bool ok = false;

	strbuf_addf(&f, "%s/%s", common, ref);
	if (!vcs_read_small(f.buf, &t)) {
		vcs_chomp(&t);
		if (t.len >= 40 && t.len < size && !strchr(t.buf, ' ')) {
			memcpy(sha, t.buf, t.len + 1);
			ok = true;
		}
	} else {
		strbuf_reset(&f);
		strbuf_addf(&f, "%s/packed-refs", common);
		if (!vcs_read_small(f.buf, &t))
			ok = packed_ref(&t, ref, sha, size);
	}
	strbuf_release(&f);
	strbuf_release(&t);
	return ok;
}

/* HEAD's commit into v->head (left empty when it does not resolve). */
static void read_head(struct vcs *v)
{
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;

	strbuf_addf(&f, "%s/HEAD", v->gitdir);
	if (vcs_read_small(f.buf, &t))
		goto out;
	vcs_chomp(&t);
	if (!strncmp(t.buf, "ref: ", 5)) {
		if (!resolve_ref(v->commondir, t.buf + 5, v->head,
				 sizeof(v->head)) &&
		    !resolve_ref(v->gitdir, t.buf + 5, v->head,
				 sizeof(v->head)))
			v->head[0] = '\0';
	} else if (t.len >= 40 && t.len < sizeof(v->head)) {
		memcpy(v->head, t.buf, t.len + 1);
	}
out:
	strbuf_release(&f);
	strbuf_release(&t);
}

void vcs_repo_setup(struct vcs *v)
{
	struct strbuf gd = STRBUF_INIT, t = STRBUF_INIT, f = STRBUF_INIT;
	struct stat st;

	if (v->repo_ready)
		return;
	v->repo_ready = true;
	/* git's environment may point elsewhere: git decides */
	if (vcs_exists(v) != 1 || getenv("GIT_DIR") ||
	    getenv("GIT_COMMON_DIR") || getenv("GIT_INDEX_FILE"))
		goto out;
	if (stat(".git", &st))
		goto out;
	if (S_ISDIR(st.st_mode)) {
		strbuf_addstr(&gd, ".git");
	} else {
		if (vcs_read_small(".git", &t))
			goto out;
		vcs_chomp(&t);
		if (strncmp(t.buf, "gitdir: ", 8))
			goto out;
		strbuf_addstr(&gd, t.buf + 8);
	}
	strbuf_addf(&f, "%s/commondir", gd.buf);
	if (!vcs_read_small(f.buf, &t)) {
		vcs_chomp(&t);
		strbuf_reset(&f);
		if (t.buf[0] == '/')
			strbuf_addbuf(&f, &t);
		else
			strbuf_addf(&f, "%s/%s", gd.buf, t.buf);
	} else {
		strbuf_reset(&f);
		strbuf_addbuf(&f, &gd);
	}
	if (gd.failed || f.failed)
		goto out;
	v->gitdir = strbuf_detach(&gd, NULL);
	v->commondir = strbuf_detach(&f, NULL);
	read_head(v);
out:
	strbuf_release(&gd);
	strbuf_release(&t);
	strbuf_release(&f);
}

/* ---- the index (git ls-files PATH) ---- */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/*
 * The name of the index entry at *off (version 2-4; prev holds the last
 * name for version 4's prefix compression), *off moved past the entry.
 * false: the index is cut short.
 */
static bool index_entry(const unsigned char *u, size_t end, uint32_t version,
			size_t *off, struct strbuf *prev)
{
	size_t fixed = 62, nl, o = *off;
	const char *name;
	uint16_t flags;

	if (o + fixed > end)
		return false;
	flags = (uint16_t)(u[o + 60] << 8 | u[o + 61]);
	if ((flags & 0x4000) && version >= 3)
		fixed += 2;
	if (version == 4) {
		size_t strip = 0, k = o + fixed;
		unsigned char c;

		/* offset varint: 7 bits a byte, +1 on continuation */
		do {
			if (k >= end)
				return false;
			c = u[k++];
			strip = (strip << 7) | (c & 0x7f);
			if (c & 0x80)
				strip++;
		} while (c & 0x80);
		if (strip > prev->len)
			return false;
		name = (const char *)u + k;
		nl = strnlen(name, end - k);
		if (k + nl >= end)
			return false;
		prev->len -= strip;
		prev->buf[prev->len] = '\0';
		strbuf_add(prev, name, nl);
		*off = k + nl + 1;
	} else {
		name = (const char *)u + o + fixed;
		nl = strnlen(name, end - o - fixed);
		if (o + fixed + nl >= end)
			return false;
		strbuf_reset(prev);
		strbuf_add(prev, name, nl);
		*off = o + ((fixed + nl + 8) & ~(size_t)7);
	}
	return true;
}

/* path, or "dir/" and a path below it, or a path below the file path */
static bool index_match(const struct strbuf *name, const char *path,
			size_t plen, bool dir)
{
	if (dir)
		return name->len > plen && !memcmp(name->buf, path, plen);
	return (name->len == plen && !memcmp(name->buf, path, plen)) ||
	       (name->len > plen && name->buf[plen] == '/' &&
		!memcmp(name->buf, path, plen));
}

int vcs_index_has(const char *gitdir, const char *path)
{
	struct strbuf f = STRBUF_INIT, prev = STRBUF_INIT;
	char *data = NULL;
	size_t len = 0, plen = strlen(path), off, n, i;
	bool mapped = false, dir = plen && path[plen - 1] == '/';
	const unsigned char *u;
	uint32_t version;
	int err, ret = -1;

	if (strpbrk(path, "*?[\\") || *path == ':' || !plen)
		return -1;
	strbuf_addf(&f, "%s/index", gitdir);
	if (map_path(f.buf, &data, &len, &mapped, &err)) {
		strbuf_release(&f);
		return err == ENOENT ? 0 : -1;
	}
	u = (const unsigned char *)data;
	if (len < 12 + 20 || memcmp(data, "DIRC", 4))
		goto out;
	version = be32(u + 4);
	if (version < 2 || version > 4)
		goto out;
	n = be32(u + 8);
	off = 12;
	for (i = 0; i < n; i++) {
		if (!index_entry(u, len - 20, version, &off, &prev))
			goto out;
		if (index_match(&prev, path, plen, dir)) {
			ret = 1;
			goto out;
		}
	}
	/* extensions: a split or sparse index does not list everything */
	while (off + 8 <= len - 20) {
		if (!memcmp(data + off, "link", 4) ||
		    !memcmp(data + off, "sdir", 4))
			goto out;
		off += 8 + be32(u + off + 4);
	}
	ret = 0;
out:
	unmap_file(data, len, mapped);
	strbuf_release(&f);
	strbuf_release(&prev);
	return ret;
}

/* which(): an entry of $PATH holding bin (-e): 1, 0, -1 out of memory */
static int which(const char *bin)
{
	const char *path = getenv("PATH"), *p, *q;
	struct strbuf f = STRBUF_INIT;
	bool found = false;

	if (!path)
		return false;
	for (p = path; !found; p = q + 1) {
		q = strchr(p, ':');
		if (!q)
			q = p + strlen(p);
		strbuf_reset(&f);
		strbuf_add(&f, p, (size_t)(q - p));
		strbuf_addch(&f, '/');
		strbuf_addstr(&f, bin);
		if (strbuf_failed(&f)) {
			strbuf_release(&f);
			return -1;
		}
		found = !access(f.buf, F_OK);
		if (!*q)
			break;
	}
	strbuf_release(&f);
	return found;
}

int vcs_exists(struct vcs *v)
{
	struct stat st;
	int git, hg;

	if (v->kind >= 0)
		return v->kind;
	git = which("git");
	hg = git > 0 && !access(".git", F_OK) ? 0 : which("hg");
	if (git < 0 || hg < 0)
		v->nomem = true;
	if (git > 0 && !access(".git", F_OK))
		v->kind = 1;
	else if (hg > 0 && !stat(".hg", &st) && S_ISDIR(st.st_mode))
		v->kind = 2;
	else
		v->kind = 0;
	return v->kind;
}
