// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-cache: the outputs of the history commands, kept under
 * GIT_COMMON_DIR/maint/history/ (see vcs.h).  One file per command,
 * named by a hash of its key and starting with the key itself (a file
 * whose key differs is a miss); "HEAD" names the commit the entries were
 * made at, and when HEAD moves every entry goes.  Files are written to
 * a temporary name and renamed; any error just means no cache.
 */
#include "vcs-internal.h"

#include "fileio.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void vcs_cache_setup(struct vcs *v)
{
	struct strbuf f = STRBUF_INIT;
	const char *env = getenv("MAINT_GET_CACHE");

	v->cache_ready = true;
	vcs_repo_setup(v);
	if (!v->cache || (env && !strcmp(env, "0")) || !v->commondir ||
	    !v->head[0])
		return;
	strbuf_addf(&f, "%s/maint/history", v->commondir);
	if (!f.failed)
		v->cachedir = strbuf_detach(&f, NULL);
	strbuf_release(&f);
}

/* Remove the entries of the cache directory (made at another HEAD). */
static void cache_empty(const char *dir)
{
	struct strbuf t = STRBUF_INIT;
	char **names = NULL;
	size_t nr = 0, i;
	int err;

	if (list_directory(dir, &names, &nr, &err))
		return;
	for (i = 0; i < nr; i++) {
		strbuf_reset(&t);
		strbuf_addf(&t, "%s/%s", dir, names[i]);
		unlink(t.buf);
		free(names[i]);
	}
	free(names);
	strbuf_release(&t);
}

/*
 * Before the first write: make the directory and, when HEAD moved since
 * the entries there were written, remove them.  false: no cache.
 */
static bool cache_prepare(struct vcs *v)
{
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
	size_t l;
	struct stat st;
	FILE *fp;
	bool ok = false;

	if (v->cache_made)
		return true;
	strbuf_addstr(&f, v->cachedir);
	f.len -= 8; /* "/history" */
	f.buf[f.len] = '\0';
	mkdir(f.buf, 0777); /* .git/maint */
	mkdir(v->cachedir, 0777);
	if (stat(v->cachedir, &st) || !S_ISDIR(st.st_mode))
		goto out;
	strbuf_reset(&f);
	strbuf_addf(&f, "%s/HEAD", v->cachedir);
	if (!vcs_read_small(f.buf, &t) &&
	    (vcs_chomp(&t), !strcmp(t.buf, v->head))) {
		ok = true;
		goto out;
	}
	cache_empty(v->cachedir);
	strbuf_reset(&t);
	strbuf_addf(&t, "%s.%ld.tmp", f.buf, (long)getpid());
	fp = fopen(t.buf, "w");
	if (!fp)
		goto out;
	l = (size_t)fprintf(fp, "%s\n", v->head);
	if (fclose(fp) || l != strlen(v->head) + 1 || rename(t.buf, f.buf)) {
		unlink(t.buf);
		goto out;
	}
	ok = true;
out:
	v->cache_made = ok;
	if (!ok) {
		free(v->cachedir);
		v->cachedir = NULL;
	}
	strbuf_release(&f);
	strbuf_release(&t);
	return ok;
}

static uint64_t fnv64(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* Is since an absolute date (YYYY-MM-DD...)? */
static bool absolute_date(const char *s)
{
	int i;

	for (i = 0; i < 10; i++) {
		if (i == 4 || i == 7) {
			if (s[i] != '-')
				return false;
		} else if (s[i] < '0' || s[i] > '9') {
			return false;
		}
	}
	return true;
}

void vcs_cache_key(struct vcs *v, const char *const argv[], const char *since,
		   struct strbuf *key)
{
	size_t i;

	strbuf_addf(key, "maint-history 2\n%s\n", v->head);
	if (since && !absolute_date(since)) {
		time_t now = time(NULL);

		strbuf_addf(key, "hour %lld\n", (long long)(now / 3600));
	}
	for (i = 0; argv[i]; i++) {
		strbuf_addstr(key, argv[i]);
		strbuf_addch(key, '\0');
	}
	strbuf_addch(key, '\n');
}

static void cache_path(struct vcs *v, const struct strbuf *key,
		       struct strbuf *path)
{
	strbuf_addf(path, "%s/%016llx", v->cachedir,
		    (unsigned long long)fnv64(key->buf, key->len));
}

bool vcs_cache_get(struct vcs *v, const struct strbuf *key, struct strbuf *out)
{
	struct strbuf path = STRBUF_INIT, t = STRBUF_INIT;
	bool hit = false;

	cache_path(v, key, &path);
	if (!vcs_read_small(path.buf, &t) && t.len >= key->len &&
	    !memcmp(t.buf, key->buf, key->len)) {
		strbuf_add(out, t.buf + key->len, t.len - key->len);
		hit = true;
		v->cache_hits++;
	}
	strbuf_release(&path);
	strbuf_release(&t);
	return hit;
}

void vcs_cache_put(struct vcs *v, const struct strbuf *key,
		   const struct strbuf *val)
{
	struct strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
	FILE *fp;
	bool ok;

	if (!cache_prepare(v))
		return;
	cache_path(v, key, &path);
	strbuf_addf(&tmp, "%s.%ld.tmp", path.buf, (long)getpid());
	fp = fopen(tmp.buf, "w");
	if (fp) {
		ok = fwrite(key->buf, 1, key->len, fp) == key->len &&
		     fwrite(val->buf, 1, val->len, fp) == val->len;
		if (fclose(fp) || !ok || rename(tmp.buf, path.buf))
			unlink(tmp.buf);
	}
	strbuf_release(&path);
	strbuf_release(&tmp);
}
