// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-hidx: the files of the history index under
 * GIT_COMMON_DIR/maint/index/ (see vcs.h; what goes in them and how it is
 * read, vcs-hidx-log.c).
 *
 * The index is a set of files "pack-HASH", each
 *	"maint-hidx 1\n" PAYLOADLEN " " CRC32 "\n" PAYLOAD
 * whose payload is records of commits, each
 *	"\0" KIND " " ID " " COMMITTER-DATE "\n" PARENTS "\n" [REST]
 * KIND 'c': REST is the script's format, a "\1" line, then the --raw
 * and --numstat lines of the commit (none for a merge); KIND 'b': no
 * REST (a commit past the window: only its date and parents).  A commit
 * never changes, so a file is never rewritten: new commits go to a new
 * file, and when there are many they are merged into one.  The same
 * commit may be in two files; a 'c' record wins over a 'b' one.
 *
 * The safety rules are the cache's (vcs-cache.c): the directories are
 * opened without following a link and must be ours; a file that is not
 * exactly the above is removed (said in v->cache_info) and the index
 * read without it; files are written to a temporary name and renamed.
 * Writers hold "lock" (O_EXCL); readers need no lock.  Files are not
 * synced: one a crash cut short fails its CRC and is discarded.
 */
#define _GNU_SOURCE /* strcasestr */
#include "vcs-internal.h"

#include "base/base.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#define HIDX_MAGIC "maint-hidx 1\n"
#define HIDX_MAX (1ull << 31) /* larger files are not read */
#define HIDX_FILES 16 /* more: merged into one */
#define LOCK_STALE 3600 /* seconds: a lock older is a dead run's */

static const char *const config_env[] = {
	"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",  "GIT_DIR",
	"GIT_CONFIG_GLOBAL",	 "GIT_CONFIG_SYSTEM", "GIT_CONFIG"
};

/* Does the file hold "historyindex" or "include" (any case)? */
static bool config_file_may(const char *path)
{
	struct strbuf t = STRBUF_INIT;
	bool may = false;
	int err;

	if (!read_path(path, &t, &err))
		may = strcasestr(t.buf, "historyindex") ||
		      strcasestr(t.buf, "include");
	strbuf_release(&t);
	return may;
}

/*
 * Can git config say maint.historyIndex?  The files git reads, as text,
 * first: a process only when one of them names it (or includes another).
 */
static bool config_may(struct vcs *v)
{
	const char *home = getenv("HOME"), *xdg = getenv("XDG_CONFIG_HOME");
	struct strbuf p = STRBUF_INIT;
	bool may = false;
	size_t i;

	for (i = 0; i < sizeof(config_env) / sizeof(*config_env); i++)
		if (getenv(config_env[i]))
			return true;
	if (!getenv("GIT_CONFIG_NOSYSTEM") && config_file_may("/etc/gitconfig"))
		return true;
	if (xdg && *xdg)
		strbuf_addf(&p, "%s/git/config", xdg);
	else if (home)
		strbuf_addf(&p, "%s/.config/git/config", home);
	may = p.len && config_file_may(p.buf);
	strbuf_reset(&p);
	if (!may && home) {
		strbuf_addf(&p, "%s/.gitconfig", home);
		may = config_file_may(p.buf);
	}
	strbuf_reset(&p);
	strbuf_addf(&p, "%s/config", v->commondir);
	may = may || p.failed || config_file_may(p.buf);
	strbuf_reset(&p);
	strbuf_addf(&p, "%s/config.worktree", v->gitdir);
	may = may || p.failed || config_file_may(p.buf);
	strbuf_release(&p);
	return may;
}

bool vcs_hidx_enabled(struct vcs *v)
{
	const char *env = getenv("MAINT_GET_CACHE");
	const char *argv[] = {
		"git", "config", "--type=bool", "--get", "maint.historyIndex",
		NULL
	};
	struct strbuf out = STRBUF_INIT;

	if (v->hidx_on >= 0)
		return v->hidx_on;
	v->hidx_on = 0;
	vcs_repo_setup(v);
	if (!v->cache || (env && !strcmp(env, "0")) || !v->commondir ||
	    !v->gitdir || !v->head[0])
		return false;
	v->hidx_on = 1;
	if (config_may(v) && vcs_run(v, argv, NULL, 0, &out) == 0 &&
	    !strncmp(out.buf, "false", 5))
		v->hidx_on = 0;
	strbuf_release(&out);
	return v->hidx_on;
}

/* The index directory (made when create): its descriptor, or -1/-2. */
static int open_index(struct vcs *v, bool create)
{
	struct strbuf path = STRBUF_INIT;
	size_t warned = v->cache_warn.len;
	int gfd, mfd, fd = -1;

	gfd = open(v->commondir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (gfd < 0)
		return -1;
	strbuf_addf(&path, "%s/maint", v->commondir);
	mfd = path.failed ?
		      -1 :
		      vcs_cache_open_dir(v, gfd, "maint", path.buf, create);
	if (mfd >= 0) {
		strbuf_addstr(&path, "/index");
		fd = path.failed ? -1 :
				   vcs_cache_open_dir(v, mfd, "index", path.buf,
						      create);
		close(mfd);
	} else {
		fd = mfd;
	}
	close(gfd);
	strbuf_release(&path);
	if (fd == -1)
		v->hidx_on = 0; /* refused: no index from here on */
	/* the cache said it already (.git/maint refused) */
	if (v->cache_warn.len > warned && warned &&
	    memmem(v->cache_warn.buf, warned, v->cache_warn.buf + warned,
		   v->cache_warn.len - warned))
		strbuf_setlen(&v->cache_warn, warned);
	return fd;
}

static bool is_hex(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((p[i] >= '0' && p[i] <= '9') ||
		      (p[i] >= 'a' && p[i] <= 'f')))
			return false;
	return true;
}

/*
 * The records of buf (a payload) added to x.  0; -1 ENOMEM; 1 not
 * records as the top says (nothing added).
 */
static int parse_records(struct vcs_hidx *x, const char *buf, size_t len)
{
	const char *r = buf, *end = buf + len, *sp, *nl;
	size_t first = x->n;
	char *e;

	if (len && *buf)
		return 1;
	while (r < end) {
		struct vcs_hent h;

		if (end - r < 3)
			goto bad;
		h.kind = *++r;
		nl = memchr(r, '\n', (size_t)(end - r));
		if ((h.kind != 'c' && h.kind != 'b') || r[1] != ' ' || !nl)
			goto bad;
		sp = memchr(r + 2, ' ', (size_t)(nl - r - 2));
		if (!sp || (sp - r - 2 != 40 && sp - r - 2 != 64) ||
		    (x->idlen && (unsigned)(sp - r - 2) != x->idlen) ||
		    !is_hex(r + 2, (size_t)(sp - r - 2)))
			goto bad;
		x->idlen = (unsigned)(sp - r - 2);
		h.id = r + 2;
		h.date = strtoull(sp + 1, &e, 10);
		if (e != nl || sp + 1 == nl)
			goto bad;
		h.rec = nl + 1;
		r = memchr(h.rec, '\0', (size_t)(end - h.rec));
		h.end = r ? r : end;
		if (!memchr(h.rec, '\n', (size_t)(h.end - h.rec)))
			goto bad;
		if (!ALLOC_GROW(x->e, x->n + 1, x->alloc))
			return -1;
		x->e[x->n++] = h;
		if (!r)
			break;
	}
	return 0;
bad:
	x->n = first;
	return 1;
}

static unsigned cmp_idlen;

static int cmp_hent(const void *a, const void *b)
{
	const struct vcs_hent *x = a, *y = b;
	int c = memcmp(x->id, y->id, cmp_idlen);

	return c ? c : (int)x->kind - (int)y->kind;
}

/* Sort by id; of the records of one commit keep one ('c' if any). */
static void sort_entries(struct vcs_hidx *x)
{
	size_t i, o = 0;

	cmp_idlen = x->idlen;
	if (x->n > 1)
		qsort(x->e, x->n, sizeof(*x->e), cmp_hent);
	for (i = 0; i < x->n; i++) {
		if (o && !memcmp(x->e[o - 1].id, x->e[i].id, x->idlen))
			o--; /* 'c' sorts after 'b' */
		x->e[o++] = x->e[i];
	}
	x->n = o;
}

const struct vcs_hent *vcs_hidx_find(const struct vcs_hidx *x, const char *hex,
				     size_t len)
{
	size_t lo = 0, hi = x->n;

	if (len != x->idlen)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = memcmp(x->e[mid].id, hex, len);

		if (!c)
			return &x->e[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Is p..end "maint-hidx 1\nLEN CRC\n" + LEN bytes with that CRC? */
static const char *check_file(const char *p, size_t len, size_t *plen)
{
	const char *end = p + len, *nl;
	unsigned long crc;
	char *e;
	size_t n;

	if (len < strlen(HIDX_MAGIC) || memcmp(p, HIDX_MAGIC, 13))
		return "no header";
	p += strlen(HIDX_MAGIC);
	nl = memchr(p, '\n', (size_t)(end - p));
	if (!nl || *p < '0' || *p > '9')
		return "a damaged header";
	n = strtoull(p, &e, 10);
	if (*e != ' ' || nl - e != 9)
		return "a damaged header";
	crc = strtoul(e + 1, &e, 16);
	if (e != nl)
		return "a damaged header";
	if (n != (size_t)(end - nl - 1))
		return n > (size_t)(end - nl - 1) ? "truncated" :
						    "longer than it says";
	if (crc32_z(crc32(0L, Z_NULL, 0), (const Bytef *)nl + 1, n) != crc)
		return "a wrong checksum";
	*plen = n;
	return NULL;
}

/* Drop file name of the index (damaged: why), said in v->cache_info. */
static void discard(struct vcs *v, int fd, const char *name, const char *why)
{
	strbuf_addf(&v->cache_info,
		    "history index file %s/maint/index/%s: %s, discarded\n",
		    v->commondir, name, why);
	unlinkat(fd, name, 0);
}

/* Room for one more file in x: 0, or -1. */
static int grow_maps(struct vcs_hidx *x)
{
	size_t want = x->amaps ? 2 * x->amaps : 8;
	void **m;
	size_t *l;
	char **n;

	if (x->nmaps < x->amaps)
		return 0;
	m = realloc(x->maps, want * sizeof(*m));
	if (m)
		x->maps = m;
	l = realloc(x->maplen, want * sizeof(*l));
	if (l)
		x->maplen = l;
	n = realloc(x->names, want * sizeof(*n));
	if (n)
		x->names = n;
	if (!m || !l || !n)
		return -1;
	x->amaps = want;
	return 0;
}

/* Map file name and add its records: 0, or -1 (ENOMEM). */
static int load_file(struct vcs *v, struct vcs_hidx *x, const char *name)
{
	const char *why;
	struct stat st;
	size_t plen;
	void *m;
	int fd, rc;

	fd = openat(x->fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0; /* gone: merged by another run */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size > HIDX_MAX) {
		close(fd);
		return 0;
	}
	m = st.st_size ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
			      fd, 0) :
			 MAP_FAILED;
	close(fd);
	if (m == MAP_FAILED) {
		discard(v, x->fd, name, "empty");
		return 0;
	}
	why = check_file(m, (size_t)st.st_size, &plen);
	rc = why ? 1 :
		   parse_records(x, (const char *)m + st.st_size - plen, plen);
	if (rc) {
		munmap(m, (size_t)st.st_size);
		if (rc > 0)
			discard(v, x->fd, name, why ? why : "damaged records");
		return rc < 0 ? -1 : 0;
	}
	if (grow_maps(x) || !(x->names[x->nmaps] = strdup(name))) {
		munmap(m, (size_t)st.st_size);
		return -1;
	}
	x->maps[x->nmaps] = m;
	x->maplen[x->nmaps++] = (size_t)st.st_size;
	return 0;
}

/* Unmap and forget what x holds (its directory stays open). */
static void unload(struct vcs_hidx *x)
{
	size_t i;

	for (i = 0; i < x->nmaps; i++) {
		munmap(x->maps[i], x->maplen[i]);
		free(x->names[i]);
	}
	free(x->maps);
	free(x->maplen);
	free(x->names);
	free(x->e);
	x->maps = NULL;
	x->maplen = NULL;
	x->names = NULL;
	x->e = NULL;
	x->n = x->alloc = x->nmaps = x->amaps = 0;
	x->idlen = 0;
}

void vcs_hidx_free(struct vcs *v)
{
	if (v->hidx) {
		unload(v->hidx);
		if (v->hidx->fd >= 0)
			close(v->hidx->fd);
		free(v->hidx);
		v->hidx = NULL;
	}
	vcs_hidx_unlock(v);
	free(v->hidx_want);
	v->hidx_want = NULL;
}

int vcs_hidx_load(struct vcs *v, bool reload)
{
	struct vcs_hidx *x = v->hidx;
	struct dirent *de;
	DIR *d;
	int fd, ret = 0;

	if (!vcs_hidx_enabled(v))
		return 1;
	if (x && !reload)
		return 0;
	if (!x) {
		x = v->hidx = calloc(1, sizeof(*x));
		if (!x)
			return -1;
		x->fd = -1;
	}
	unload(x);
	if (x->fd < 0)
		x->fd = open_index(v, false);
	if (x->fd == -1)
		return 1;
	if (x->fd < 0)
		return 0; /* none yet: empty */
	fd = dup(x->fd);
	d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	rewinddir(d);
	while (!ret && (de = readdir(d)))
		if (!strncmp(de->d_name, "pack-", 5) &&
		    !strchr(de->d_name, '.'))
			ret = load_file(v, x, de->d_name);
	closedir(d);
	if (!ret)
		sort_entries(x);
	return ret;
}

/* Was the lock left by a run that is gone (or long ago)? */
static bool lock_stale(int dfd)
{
	char buf[32];
	struct stat st;
	ssize_t n;
	long pid;
	int fd = openat(dfd, "lock", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return errno == ENOENT;
	n = fstat(fd, &st) ? -1 : read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return false;
	if (st.st_mtime + LOCK_STALE < time(NULL))
		return true;
	buf[n] = '\0';
	pid = strtol(buf, NULL, 10);
	return pid > 0 && kill((pid_t)pid, 0) && errno == ESRCH;
}

int vcs_hidx_lock(struct vcs *v)
{
	struct strbuf pid = STRBUF_INIT;
	int fd = -1, dfd, tries, err;

	if (v->lockfd >= 0)
		return 0;
	if (!vcs_hidx_enabled(v))
		return -1;
	dfd = open_index(v, true);
	if (dfd < 0)
		return -1;
	for (tries = 0; tries < 3; tries++) {
		fd = openat(dfd, "lock",
			    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
				    O_CLOEXEC,
			    0666);
		if (fd >= 0 || errno != EEXIST || !lock_stale(dfd))
			break;
		unlinkat(dfd, "lock", 0);
	}
	if (fd < 0) {
		err = errno;
		close(dfd);
		return err == EEXIST ? 1 : -1;
	}
	strbuf_addf(&pid, "%ld\n", (long)getpid());
	write_all(fd, pid.buf, pid.len, &err);
	close(fd);
	strbuf_release(&pid);
	v->lockfd = dfd;
	return 0;
}

void vcs_hidx_unlock(struct vcs *v)
{
	if (v->lockfd < 0)
		return;
	unlinkat(v->lockfd, "lock", 0);
	close(v->lockfd);
	v->lockfd = -1;
}

/* Write a file of payload p (n bytes) as pack-HASH: its name, or NULL. */
static char *write_file(int dfd, const char *p, size_t n)
{
	struct strbuf hdr = STRBUF_INIT, name = STRBUF_INIT;
	struct vcs_part part = { p, n };
	int ok;

	strbuf_addf(&name, "pack-%016llx", (unsigned long long)vcs_fnv64(p, n));
	strbuf_addf(&hdr, HIDX_MAGIC "%zu %08lx\n", n,
		    (unsigned long)crc32_z(crc32(0L, Z_NULL, 0),
					   (const Bytef *)p, n));
	ok = !name.failed &&
	     !vcs_cache_write_file(dfd, name.buf, &hdr, &part, 1);
	strbuf_release(&hdr);
	if (!ok)
		strbuf_release(&name);
	return ok ? strbuf_detach(&name, NULL) : NULL;
}

int vcs_hidx_write(struct vcs *v, const struct strbuf *recs)
{
	struct vcs_hidx check = { 0 };
	char *name;
	int rc;

	if (v->lockfd < 0 || !recs->len)
		return -1;
	/* only records as vcs_hidx_load() reads them */
	rc = parse_records(&check, recs->buf, recs->len);
	free(check.e);
	if (rc)
		return -1;
	name = write_file(v->lockfd, recs->buf, recs->len);
	free(name);
	return name ? 0 : -1;
}

void vcs_hidx_compact(struct vcs *v)
{
	struct vcs_hidx *x = v->hidx;
	struct strbuf all = STRBUF_INIT;
	char *name;
	size_t i;

	if (v->lockfd < 0 || !x || x->nmaps <= HIDX_FILES)
		return;
	for (i = 0; i < x->n; i++) {
		const char *start = x->e[i].id - 3;

		strbuf_add(&all, start, (size_t)(x->e[i].end - start));
	}
	name = all.failed ? NULL : write_file(v->lockfd, all.buf, all.len);
	for (i = 0; name && i < x->nmaps; i++)
		if (strcmp(x->names[i], name))
			unlinkat(v->lockfd, x->names[i], 0);
	free(name);
	strbuf_release(&all);
}
