// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-cache: the outputs of the history commands, kept under
 * GIT_COMMON_DIR/maint/history/ (see vcs.h).  One file per command,
 * named by a hash of its key; "HEAD" names the commit the entries were
 * made at, and when HEAD moves every entry goes.
 *
 * The directories are reached from the common directory with openat()
 * and O_NOFOLLOW|O_DIRECTORY, one level at a time, and then only through
 * their descriptor: a symbolic link, a non-directory or a directory of
 * another user at .git/maint or .git/maint/history is refused (said in
 * v->cache_warn) and there is no cache.  Clearing removes the entries of
 * that descriptor's directory, nothing below or elsewhere.
 *
 * Every file (HEAD too) is
 *	"maint-cache 1\n" KEYLEN " " PAYLOADLEN " " CRC32 "\n" KEY PAYLOAD
 * with the CRC (zlib's crc32, 8 hex digits) of KEY and PAYLOAD.  A file
 * that is not exactly that (truncated, zeroed, flipped, another format
 * version) is removed, said in v->cache_info, and read as a miss: the
 * answer is the one without the cache.  A file is written to an
 * unpredictable temporary name (O_CREAT|O_EXCL|O_NOFOLLOW) and renamed
 * over the entry, without fsync(): a file a crash left torn fails its
 * CRC and is a miss (an fsync cost a later call more than the rest of
 * it).  Any error just means no cache.
 *
 * The memos (vcs_memo_*()) are files of the same format in
 * GIT_COMMON_DIR/maint itself, reached and written the same way.
 */
#define _DEFAULT_SOURCE /* getentropy() */
#include "vcs-internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#define CACHE_MAGIC "maint-cache 1\n"
#define CACHE_HEAD_KEY "maint-cache HEAD\n"
#define CACHE_MAX (256u << 20) /* larger files are not read */

/*
 * Open the directory name below dfd without following a link; create
 * it first when create.  -1 with a warning naming it (shown as path)
 * when it is a link, not a directory or another user's; -2 when it does
 * not exist (and !create) or cannot be opened.
 */
int vcs_cache_open_dir(struct vcs *v, int dfd, const char *name,
		       const char *path, bool create)
{
	struct stat st;
	int fd;

	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && create &&
	    (!mkdirat(dfd, name, 0777) || errno == EEXIST))
		fd = openat(dfd, name,
			    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW))
			return -2;
		if (S_ISLNK(st.st_mode))
			strbuf_addf(&v->cache_warn,
				    "%s is a symbolic link: no cache used\n",
				    path);
		else if (!S_ISDIR(st.st_mode))
			strbuf_addf(&v->cache_warn,
				    "%s is not a directory: no cache used\n",
				    path);
		else
			return -2;
		return -1;
	}
	if (fstat(fd, &st) || st.st_uid != geteuid()) {
		strbuf_addf(&v->cache_warn,
			    "%s is owned by another user: no cache used\n",
			    path);
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * v->cachefd: the history directory (made when create).  0, -1 refused
 * or failed (no cache from here on), -2 not there yet (!create).
 */
static int cache_open(struct vcs *v, bool create)
{
	struct strbuf path = STRBUF_INIT;
	int gfd, mfd, hfd = -2;

	if (v->cachefd >= 0)
		return 0;
	gfd = open(v->commondir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (gfd < 0) {
		hfd = -1;
		goto out;
	}
	strbuf_addf(&path, "%s/maint", v->commondir);
	mfd = vcs_cache_open_dir(v, gfd, "maint", path.buf, create);
	if (mfd < 0) {
		hfd = mfd;
		goto out;
	}
	strbuf_addstr(&path, "/history");
	hfd = vcs_cache_open_dir(v, mfd, "history", path.buf, create);
	close(mfd);
out:
	if (gfd >= 0)
		close(gfd);
	strbuf_release(&path);
	if (hfd >= 0) {
		v->cachefd = hfd;
		return 0;
	}
	if (hfd == -1 || create) {
		free(v->cachedir);
		v->cachedir = NULL;
		return -1;
	}
	return -2;
}

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
	if (v->cachedir)
		cache_open(v, false);
}

void vcs_cache_release(struct vcs *v)
{
	if (v->cachefd >= 0)
		close(v->cachefd);
	v->cachefd = -1;
	free(v->cachedir);
	v->cachedir = NULL;
	strbuf_release(&v->cache_warn);
	strbuf_release(&v->cache_info);
}

/* Remove the entries of the cache directory (made at another HEAD). */
static void cache_empty(struct vcs *v)
{
	struct dirent *de;
	DIR *d;
	int fd = dup(v->cachefd);

	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		/* a link is removed itself, a directory stays */
		unlinkat(v->cachefd, de->d_name, 0);
	}
	closedir(d);
}

/* An unpredictable name for a temporary file of entry name. */
void vcs_cache_temp_name(const char *name, struct strbuf *tmp)
{
	static unsigned long n;
	unsigned char r[8];
	size_t i;

	strbuf_addf(tmp, "%s.tmp-", name);
	if (getentropy(r, sizeof(r))) {
		/* O_EXCL still keeps a planted file safe: it fails */
		uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^
			     (uint64_t)(uintptr_t)tmp ^ ++n;

		memcpy(r, &x, sizeof(r));
	}
	for (i = 0; i < sizeof(r); i++)
		strbuf_addf(tmp, "%02x", r[i]);
}

static uint32_t crc_of(const struct strbuf *key, const char *val, size_t len)
{
	uLong crc = crc32(0L, Z_NULL, 0);
	size_t off;

	/* crc32() takes uInt lengths */
	for (off = 0; off < key->len; off += 1u << 30)
		crc = crc32(crc, (const Bytef *)key->buf + off,
			    (uInt)(key->len - off < (1u << 30) ?
					   key->len - off :
					   (1u << 30)));
	for (off = 0; off < len; off += 1u << 30)
		crc = crc32(crc, (const Bytef *)val + off,
			    (uInt)(len - off < (1u << 30) ? len - off :
							    (1u << 30)));
	return (uint32_t)crc;
}

/*
 * Write file name below dfd: hdr, then the n parts, through a temporary
 * file renamed over it.  Not fsync()ed: every file of the cache and the
 * index carries a CRC of its payload, so what a crash leaves half
 * written is read as a miss.  0, or -1 (nothing left behind).
 */
int vcs_cache_write_file(int dfd, const char *name, const struct strbuf *hdr,
			 const struct vcs_part *parts, size_t n)
{
	struct strbuf tmp = STRBUF_INIT;
	int fd = -1, ret = -1, err;
	size_t i;

	vcs_cache_temp_name(name, &tmp);
	if (tmp.failed || hdr->failed)
		goto out;
	fd = openat(dfd, tmp.buf,
		    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0 || write_all(fd, hdr->buf, hdr->len, &err))
		goto out;
	for (i = 0; i < n; i++)
		if (write_all(fd, parts[i].p, parts[i].n, &err))
			goto out;
	err = close(fd);
	fd = -1;
	if (err || renameat(dfd, tmp.buf, dfd, name))
		goto out;
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	if (ret && !tmp.failed)
		unlinkat(dfd, tmp.buf, 0);
	strbuf_release(&tmp);
	return ret;
}

/*
 * Write entry name (header, key, val) of directory dfd: 0, or -1 (nothing
 * left behind).
 */
static int entry_write(int dfd, const char *name, const struct strbuf *key,
		       const char *val, size_t len)
{
	struct strbuf hdr = STRBUF_INIT;
	struct vcs_part parts[] = { { key->buf, key->len }, { val, len } };
	int ret;

	strbuf_addf(&hdr, CACHE_MAGIC "%zu %zu %08lx\n", key->len, len,
		    (unsigned long)crc_of(key, val, len));
	ret = vcs_cache_write_file(dfd, name, &hdr, parts, 2);
	strbuf_release(&hdr);
	return ret;
}

static int cache_write(struct vcs *v, const char *name,
		       const struct strbuf *key, const char *val, size_t len)
{
	return entry_write(v->cachefd, name, key, val, len);
}

/* Read a regular file of ours in directory dfd into out (reset). */
static int read_entry(int dfd, const char *name, struct strbuf *out)
{
	struct stat st;
	int fd, ret = -1;
	ssize_t r;

	strbuf_reset(out);
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (uint64_t)st.st_size > CACHE_MAX ||
	    !strbuf_grow(out, (size_t)st.st_size + 1))
		goto out;
	for (;;) {
		if (out->alloc - out->len < 2 && !strbuf_grow(out, 4096))
			goto out;
		r = read(fd, out->buf + out->len, out->alloc - out->len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto out;
		if (!r)
			break;
		out->len += (size_t)r;
		out->buf[out->len] = '\0';
		if (out->len > CACHE_MAX)
			goto out;
	}
	ret = 0;
out:
	close(fd);
	return ret;
}

/* A decimal size at *p ended by stop: true with *p past stop. */
static bool parse_size(const char **p, const char *end, char stop, size_t *val)
{
	const char *s = *p;
	size_t n = 0;

	if (s >= end || *s < '0' || *s > '9' ||
	    (*s == '0' && s + 1 < end && s[1] != stop))
		return false;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		if (n > (SIZE_MAX - 9) / 10)
			return false;
		n = n * 10 + (size_t)(*s - '0');
	}
	if (s >= end || *s != stop)
		return false;
	*p = s + 1;
	*val = n;
	return true;
}

enum { ENTRY_MISS, ENTRY_HIT, ENTRY_BAD };

/*
 * Entry name of directory dfd (dir: its path, for messages) for key:
 * ENTRY_HIT with the payload appended to out; ENTRY_MISS when there is
 * none or it was made for another key (a hash collision); ENTRY_BAD when
 * the file is not a whole, intact entry (it is removed and why said in
 * v->cache_info).
 */
static int entry_read(struct vcs *v, int dfd, const char *dir, const char *name,
		      const struct strbuf *key, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	const char *p, *end, *why = NULL;
	size_t klen, plen;
	unsigned long crc;
	char *e;
	int ret = ENTRY_MISS;

	if (read_entry(dfd, name, &t))
		goto out;
	p = t.buf;
	end = t.buf + t.len;
	if (t.len < strlen(CACHE_MAGIC) ||
	    memcmp(p, CACHE_MAGIC, strlen(CACHE_MAGIC))) {
		why = !memcmp(p, "maint-cache ", t.len < 12 ? t.len : 12) &&
				      t.len > 12 ?
			      "another format version" :
			      "no header";
		goto out;
	}
	p += strlen(CACHE_MAGIC);
	if (!parse_size(&p, end, ' ', &klen) ||
	    !parse_size(&p, end, ' ', &plen) || end - p < 9 || p[8] != '\n') {
		why = "a damaged header";
		goto out;
	}
	crc = strtoul(p, &e, 16);
	if (e != p + 8) {
		why = "a damaged header";
		goto out;
	}
	p += 9;
	if (klen > (size_t)(end - p) || plen != (size_t)(end - p) - klen) {
		why = klen > (size_t)(end - p) ||
				      plen > (size_t)(end - p) - klen ?
			      "truncated" :
			      "longer than it says";
		goto out;
	}
	if (crc_of(&(struct strbuf){ (char *)p, klen, 0, false }, p + klen,
		   plen) != (uint32_t)crc) {
		why = "a wrong checksum";
		goto out;
	}
	if (klen != key->len || memcmp(p, key->buf, klen))
		goto out;
	strbuf_add(out, p + klen, plen);
	/* no memory for it: a miss (the caller's git run fails the same) */
	ret = strbuf_failed(out) ? ENTRY_MISS : ENTRY_HIT;
out:
	if (why) {
		strbuf_addf(&v->cache_info, "cache file %s/%s: %s, discarded\n",
			    dir, name, why);
		unlinkat(dfd, name, 0);
		ret = ENTRY_BAD;
	}
	strbuf_release(&t);
	return ret;
}

static int cache_read(struct vcs *v, const char *name, const struct strbuf *key,
		      struct strbuf *out)
{
	return entry_read(v, v->cachefd, v->cachedir, name, key, out);
}

/*
 * Before the first write: make the directory and, when HEAD moved since
 * the entries there were written, remove them.  false: no cache.
 */
static bool cache_prepare(struct vcs *v)
{
	struct strbuf key = STRBUF_INIT, t = STRBUF_INIT;
	bool ok = false;

	if (v->cache_made)
		return true;
	if (cache_open(v, true))
		goto out;
	strbuf_addstr(&key, CACHE_HEAD_KEY);
	if (cache_read(v, "HEAD", &key, &t) == ENTRY_HIT &&
	    !strcmp(t.buf, v->head)) {
		ok = true;
		goto out;
	}
	cache_empty(v);
	ok = !cache_write(v, "HEAD", &key, v->head, strlen(v->head));
out:
	v->cache_made = ok;
	if (!ok) {
		free(v->cachedir);
		v->cachedir = NULL;
	}
	strbuf_release(&key);
	strbuf_release(&t);
	return ok;
}

uint64_t vcs_fnv64(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/*
 * Does since name one moment, whenever it is read?  Git reads a date
 * with a time of day ("YYYY-MM-DD HH:MM", 'T' or '.' between them too)
 * so, in the zone TZ says (in the key); a date alone takes the current
 * time of day ("2026-02-19" is a second later a second later), and a
 * relative one ("1-year-ago") moves with the clock.
 */
static bool fixed_date(const char *s)
{
	static const char shape[] = "dddd-dd-dd?dd:dd";
	int i;

	for (i = 0; shape[i]; i++) {
		if (shape[i] == 'd' ? s[i] < '0' || s[i] > '9' :
		    shape[i] == '?' ? !strchr(" T.", s[i]) || !s[i] :
				      s[i] != shape[i])
			return false;
	}
	return true;
}

void vcs_cache_key(struct vcs *v, const char *const argv[], const char *since,
		   struct strbuf *key)
{
	size_t i;

	strbuf_addf(key, "maint-history 2\n%s\n", v->head);
	if (since)
		strbuf_addf(key, "TZ %s\n", getenv("TZ") ? getenv("TZ") : "");
	if (since && !fixed_date(since)) {
		strbuf_addf(key, "hour %lld\n", vcs_git_now() / 3600);
	}
	for (i = 0; argv[i]; i++) {
		strbuf_addstr(key, argv[i]);
		strbuf_addch(key, '\0');
	}
	strbuf_addch(key, '\n');
}

static void cache_name(const struct strbuf *key, struct strbuf *name)
{
	strbuf_addf(name, "%016llx",
		    (unsigned long long)vcs_fnv64(key->buf, key->len));
}

bool vcs_cache_get(struct vcs *v, const struct strbuf *key, struct strbuf *out)
{
	struct strbuf name = STRBUF_INIT;
	bool hit = false;

	/* the key holds HEAD: entries of another HEAD are misses */
	if (!v->cachedir || cache_open(v, false))
		return false;
	cache_name(key, &name);
	if (!name.failed && cache_read(v, name.buf, key, out) == ENTRY_HIT) {
		hit = true;
		v->cache_hits++;
	}
	strbuf_release(&name);
	return hit;
}

void vcs_cache_put(struct vcs *v, const struct strbuf *key,
		   const struct strbuf *val)
{
	struct strbuf name = STRBUF_INIT;

	/* an output there was no memory for is never kept */
	if (!v->cachedir || strbuf_failed(key) || strbuf_failed(val) ||
	    !cache_prepare(v))
		return;
	cache_name(key, &name);
	if (!name.failed)
		cache_write(v, name.buf, key, val->buf, val->len);
	strbuf_release(&name);
}

/*
 * GIT_COMMON_DIR/maint for a memo (made when create): its descriptor,
 * or -1 (no memo: off, no git directory, refused or not there).
 */
static int memo_dir(struct vcs *v, bool create)
{
	struct strbuf path = STRBUF_INIT;
	const char *env = getenv("MAINT_GET_CACHE");
	int gfd, fd = -1;

	if (!v->cache || (env && !strcmp(env, "0")))
		return -1;
	vcs_repo_setup(v);
	if (!v->commondir)
		return -1;
	gfd = open(v->commondir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (gfd < 0)
		return -1;
	strbuf_addf(&path, "%s/maint", v->commondir);
	if (!path.failed)
		fd = vcs_cache_open_dir(v, gfd, "maint", path.buf, create);
	close(gfd);
	strbuf_release(&path);
	return fd < 0 ? -1 : fd;
}

bool vcs_memo_on(struct vcs *v)
{
	const char *env = getenv("MAINT_GET_CACHE");

	if (!v->cache || (env && !strcmp(env, "0")))
		return false;
	vcs_repo_setup(v);
	return v->commondir != NULL;
}

/* The file name of kind's memo for key, in name (false: no memory). */
static bool memo_name(const char *kind, const struct strbuf *key,
		      struct strbuf *name)
{
	strbuf_addf(name, "%s-%016llx", kind,
		    (unsigned long long)vcs_fnv64(key->buf, key->len));
	return !name->failed && !strbuf_failed(key);
}

bool vcs_memo_get(struct vcs *v, const char *kind, const struct strbuf *key,
		  struct strbuf *out)
{
	struct strbuf dir = STRBUF_INIT, name = STRBUF_INIT;
	int fd = memo_dir(v, false);
	bool hit;

	if (fd < 0)
		return false;
	strbuf_addf(&dir, "%s/maint", v->commondir);
	hit = !dir.failed && memo_name(kind, key, &name) &&
	      entry_read(v, fd, dir.buf, name.buf, key, out) == ENTRY_HIT;
	close(fd);
	strbuf_release(&dir);
	strbuf_release(&name);
	return hit;
}

void vcs_memo_put(struct vcs *v, const char *kind, const struct strbuf *key,
		  const struct strbuf *val)
{
	struct strbuf name = STRBUF_INIT;
	int fd;

	if (strbuf_failed(val) || !memo_name(kind, key, &name)) {
		strbuf_release(&name);
		return;
	}
	fd = memo_dir(v, true);
	if (fd >= 0) {
		entry_write(fd, name.buf, key, val->buf, val->len);
		close(fd);
	}
	strbuf_release(&name);
}
