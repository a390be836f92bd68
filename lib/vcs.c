// SPDX-License-Identifier: GPL-2.0
/*
 * vcs: get_maintainer.pl's git commands, from few git processes, with a
 * cache under .git (see vcs.h).
 */
#define _XOPEN_SOURCE 700

#include "vcs.h"

#include "fileio.h"
#include "ustr.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define LOG_FORMAT                                            \
	"GitCommit: %H%nGitAuthor: %an <%ae>%nGitDate: %aD%n" \
	"GitSubject: %s%n%b%n"

void vcs_init(struct vcs *v)
{
	memset(v, 0, sizeof(*v));
	v->kind = -1;
	v->cache = true;
	strbuf_init(&v->err);
}

void vcs_release(struct vcs *v)
{
	size_t i;

	for (i = 0; i < v->logs.nr; i++) {
		struct strbuf *sb = v->logs.e[i].value;

		if (sb) {
			strbuf_release(sb);
			free(sb);
		}
	}
	strmap_release(&v->logs);
	strbuf_release(&v->err);
	free(v->cachedir);
	v->cachedir = NULL;
	free(v->gitdir);
	v->gitdir = NULL;
}

/* which(): an entry of $PATH holding bin (-e) */
static bool which(const char *bin)
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

	if (v->kind >= 0)
		return v->kind;
	if (which("git") && !access(".git", F_OK))
		v->kind = 1;
	else if (which("hg") && !stat(".hg", &st) && S_ISDIR(st.st_mode))
		v->kind = 2;
	else
		v->kind = 0;
	return v->kind;
}

/* ---- running git ---- */

static void drain(int fd, struct strbuf *sb, bool *open)
{
	char buf[65536];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n > 0) {
		strbuf_add(sb, buf, (size_t)n);
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		*open = false;
	}
}

/*
 * Run argv with standard input from in (or /dev/null), standard output
 * appended to out, standard error to v->err.  The exit status, or -1.
 */
static int run(struct vcs *v, const char *const argv[], const char *in,
	       size_t inlen, struct strbuf *out)
{
	int po[2], pe[2], pi[2] = { -1, -1 }, st;
	bool oopen = true, eopen = true;
	pid_t pid;

	if (pipe(po))
		return -1;
	if (pipe(pe)) {
		close(po[0]);
		close(po[1]);
		return -1;
	}
	if (in && pipe(pi)) {
		close(po[0]);
		close(po[1]);
		close(pe[0]);
		close(pe[1]);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	v->runs++;
	pid = fork();
	if (!pid) {
		int null = open("/dev/null", O_RDONLY);

		if (in) {
			dup2(pi[0], 0);
			close(pi[0]);
			close(pi[1]);
		} else if (null >= 0) {
			dup2(null, 0);
		}
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]);
		close(po[1]);
		close(pe[0]);
		close(pe[1]);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	if (in) {
		/* git reads all of its --stdin before it writes */
		size_t off = 0;
		void (*old)(int) = signal(SIGPIPE, SIG_IGN);

		close(pi[0]);
		while (pid > 0 && off < inlen) {
			ssize_t n = write(pi[1], in + off, inlen - off);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			off += (size_t)n;
		}
		close(pi[1]);
		signal(SIGPIPE, old);
	}
	if (pid < 0) {
		close(po[0]);
		close(pe[0]);
		return -1;
	}
	while (oopen || eopen) {
		struct pollfd p[2] = { { oopen ? po[0] : -1, POLLIN, 0 },
				       { eopen ? pe[0] : -1, POLLIN, 0 } };

		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (oopen && p[0].revents)
			drain(po[0], out, &oopen);
		if (eopen && p[1].revents)
			drain(pe[0], &v->err, &eopen);
	}
	close(po[0]);
	close(pe[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
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

/* ---- the cache ---- */

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

static int read_small(const char *path, struct strbuf *out)
{
	int err = 0;

	strbuf_reset(out);
	return read_path(path, out, &err);
}

static void chomp(struct strbuf *sb)
{
	while (sb->len &&
	       (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r' ||
		sb->buf[sb->len - 1] == ' '))
		sb->buf[--sb->len] = '\0';
}

/* A ref's value from the loose file or packed-refs. */
static bool resolve_ref(const char *common, const char *ref, char *sha,
			size_t size)
{
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
	bool ok = false;

	strbuf_addf(&f, "%s/%s", common, ref);
	if (!read_small(f.buf, &t)) {
		chomp(&t);
		if (t.len >= 40 && t.len < size && !strchr(t.buf, ' ')) {
			memcpy(sha, t.buf, t.len + 1);
			ok = true;
		}
	} else {
		const char *p, *e;
		size_t rl = strlen(ref);

		strbuf_reset(&f);
		strbuf_addf(&f, "%s/packed-refs", common);
		if (!read_small(f.buf, &t)) {
			for (p = t.buf; p < t.buf + t.len; p = e + 1) {
				e = memchr(p, '\n',
					   t.len - (size_t)(p - t.buf));
				if (!e)
					e = t.buf + t.len;
				if ((size_t)(e - p) == 41 + rl &&
				    p[40] == ' ' && !memcmp(p + 41, ref, rl) &&
				    40 < size) {
					memcpy(sha, p, 40);
					sha[40] = '\0';
					ok = true;
					break;
				}
			}
		}
	}
	strbuf_release(&f);
	strbuf_release(&t);
	return ok;
}

/* .git (a directory, or a file naming one), its common dir and HEAD */
static void cache_setup(struct vcs *v)
{
	struct strbuf gd = STRBUF_INIT, t = STRBUF_INIT, f = STRBUF_INIT;
	struct strbuf common = STRBUF_INIT;
	const char *env = getenv("MAINT_GET_CACHE");
	struct stat st;

	v->cache_ready = true;
	if (vcs_exists(v) != 1 || getenv("GIT_DIR") ||
	    getenv("GIT_COMMON_DIR") || getenv("GIT_INDEX_FILE"))
		goto out;
	if (stat(".git", &st))
		goto out;
	if (S_ISDIR(st.st_mode)) {
		strbuf_addstr(&gd, ".git");
	} else {
		if (read_small(".git", &t))
			goto out;
		chomp(&t);
		if (strncmp(t.buf, "gitdir: ", 8))
			goto out;
		strbuf_addstr(&gd, t.buf + 8);
	}
	v->gitdir = strdup(gd.buf);
	if (!v->cache || (env && !strcmp(env, "0")))
		goto out;
	strbuf_addf(&f, "%s/commondir", gd.buf);
	if (!read_small(f.buf, &t)) {
		chomp(&t);
		if (t.buf[0] == '/')
			strbuf_addbuf(&common, &t);
		else
			strbuf_addf(&common, "%s/%s", gd.buf, t.buf);
	} else {
		strbuf_addbuf(&common, &gd);
	}
	strbuf_reset(&f);
	strbuf_addf(&f, "%s/HEAD", gd.buf);
	if (read_small(f.buf, &t))
		goto out;
	chomp(&t);
	if (!strncmp(t.buf, "ref: ", 5)) {
		if (!resolve_ref(common.buf, t.buf + 5, v->head,
				 sizeof(v->head)) &&
		    !resolve_ref(gd.buf, t.buf + 5, v->head, sizeof(v->head)))
			goto out;
	} else if (t.len >= 40 && t.len < sizeof(v->head)) {
		memcpy(v->head, t.buf, t.len + 1);
	} else {
		goto out;
	}
	strbuf_reset(&f);
	strbuf_addf(&f, "%s/maint/history", common.buf);
	v->cachedir = strbuf_detach(&f, NULL);
out:
	strbuf_release(&gd);
	strbuf_release(&t);
	strbuf_release(&f);
	strbuf_release(&common);
}

/*
 * Before the first write: make the directory and, when HEAD moved since
 * the entries there were written, remove them.  false: no cache.
 */
static bool cache_prepare(struct vcs *v)
{
	struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
	char **names = NULL;
	size_t nr = 0, i, l;
	struct stat st;
	FILE *fp;
	int err;
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
	if (!read_small(f.buf, &t) && (chomp(&t), !strcmp(t.buf, v->head))) {
		ok = true;
		goto out;
	}
	if (!list_directory(v->cachedir, &names, &nr, &err)) {
		for (i = 0; i < nr; i++) {
			strbuf_reset(&t);
			strbuf_addf(&t, "%s/%s", v->cachedir, names[i]);
			unlink(t.buf);
			free(names[i]);
		}
		free(names);
	}
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

/* The cache key of a command: HEAD, the arguments, maybe the hour. */
static void cache_key(struct vcs *v, const char *const argv[],
		      const char *since, struct strbuf *key)
{
	size_t i;

	strbuf_addf(key, "maint-history 1\n%s\n", v->head);
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

static bool cache_get(struct vcs *v, const struct strbuf *key,
		      struct strbuf *out)
{
	struct strbuf path = STRBUF_INIT, t = STRBUF_INIT;
	bool hit = false;

	cache_path(v, key, &path);
	if (!read_small(path.buf, &t) && t.len >= key->len &&
	    !memcmp(t.buf, key->buf, key->len)) {
		strbuf_add(out, t.buf + key->len, t.len - key->len);
		hit = true;
		v->cache_hits++;
	}
	strbuf_release(&path);
	strbuf_release(&t);
	return hit;
}

static void cache_put(struct vcs *v, const struct strbuf *key,
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

/*
 * Run a command of the script (its output through git_execute_cmd()
 * into out), from the cache when it may be.
 */
static int run_lines(struct vcs *v, const char *const argv[], const char *since,
		     bool cacheable, struct strbuf *out)
{
	struct strbuf key = STRBUF_INIT, raw = STRBUF_INIT;
	int ret = 0;

	if (!v->cache_ready)
		cache_setup(v);
	if (cacheable && v->cachedir) {
		cache_key(v, argv, since, &key);
		if (cache_get(v, &key, out))
			goto out;
	}
	run(v, argv, NULL, 0, &raw);
	{
		size_t l = out->len;

		vcs_lines(raw.buf, raw.len, out);
		if (cacheable && v->cachedir && !out->failed) {
			struct strbuf val = STRBUF_INIT;

			strbuf_add(&val, out->buf + l, out->len - l);
			cache_put(v, &key, &val);
			strbuf_release(&val);
		}
	}
	if (out->failed || raw.failed)
		ret = -1;
out:
	strbuf_release(&key);
	strbuf_release(&raw);
	return ret;
}

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

static int file_log_one(struct vcs *v, const char *since, const char *file,
			struct strbuf *out)
{
	struct file_cmd c;
	int ret = 0;

	if (file_argv(&c, since, file))
		ret = run_lines(v, c.argv, since, true, out);
	strbuf_release(&c.words);
	return ret;
}

/* The file's log from the cache, if it is there. */
static bool file_log_cached(struct vcs *v, const char *since, const char *file,
			    struct strbuf *out)
{
	struct file_cmd c;
	struct strbuf key = STRBUF_INIT;
	bool hit = false;

	if (file_argv(&c, since, file)) {
		cache_key(v, c.argv, since, &key);
		hit = cache_get(v, &key, out);
	}
	strbuf_release(&c.words);
	strbuf_release(&key);
	return hit;
}

static void file_log_store(struct vcs *v, const char *since, const char *file,
			   const struct strbuf *log)
{
	struct file_cmd c;
	struct strbuf key = STRBUF_INIT;

	if (file_argv(&c, since, file)) {
		cache_key(v, c.argv, since, &key);
		cache_put(v, &key, log);
	}
	strbuf_release(&c.words);
	strbuf_release(&key);
}

static struct strbuf *log_slot(struct vcs *v, const char *file, bool *fresh)
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

const struct strbuf *vcs_file_log_read(const struct vcs *v, const char *file)
{
	const struct strmap_entry *e = strmap_gets(&v->logs, file);

	return e ? e->value : NULL;
}

int vcs_file_log(struct vcs *v, const char *since, const char *file,
		 const struct strbuf **out)
{
	bool fresh;
	struct strbuf *sb = log_slot(v, file, &fresh);

	if (!sb)
		return -1;
	*out = sb;
	if (!fresh)
		return 0;
	return file_log_one(v, since, file, sb);
}

int vcs_commit_log(struct vcs *v, const char *commit, bool body,
		   struct strbuf *out)
{
	const char *argv[] = {
		"git",
		"log",
		"--no-color",
		"--numstat",
		body ? "--format=" LOG_FORMAT :
		       "--format=GitCommit: %H%nGitAuthor: %an <%ae>%n"
		       "GitDate: %aD%nGitSubject: %s%n",
		"-1",
		commit,
		NULL
	};

	/* an abbreviated name may become ambiguous: keyed by HEAD too */
	return run_lines(v, argv, NULL, true, out);
}

int vcs_blame(struct vcs *v, const char *file, const char *start,
	      const char *length, struct strbuf *out)
{
	const char *argv[8];
	struct strbuf l = STRBUF_INIT;
	size_t n = 0;
	int ret;

	argv[n++] = "git";
	argv[n++] = "blame";
	argv[n++] = "-l";
	if (start) {
		strbuf_addf(&l, "%s,+%s", start, length);
		argv[n++] = "-L";
		argv[n++] = l.buf;
	}
	argv[n++] = file;
	argv[n] = NULL;
	/* blame reads the work tree: never cached */
	ret = run_lines(v, argv, NULL, false, out);
	strbuf_release(&l);
	return ret;
}

/* ---- the index, read directly (git ls-files PATH without a git) ---- */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/*
 * Does the index list path (or, for "dir/", a path below it)?  1 yes,
 * 0 no, -1 cannot tell (no index of a kind read here: split or sparse
 * index, unknown version, a name a pathspec reads as a glob).
 */
static int index_has(const char *gitdir, const char *path)
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
		size_t fixed = 62, nl;
		const char *name;
		uint16_t flags;

		if (off + fixed > len - 20)
			goto out;
		flags = (uint16_t)(u[off + 60] << 8 | u[off + 61]);
		if ((flags & 0x4000) && version >= 3)
			fixed += 2;
		if (version == 4) {
			size_t strip = 0, k = off + fixed;
			unsigned char c;

			/* offset varint: 7 bits a byte, +1 on continuation */
			do {
				if (k >= len - 20)
					goto out;
				c = u[k++];
				strip = (strip << 7) | (c & 0x7f);
				if (c & 0x80)
					strip++;
			} while (c & 0x80);
			if (strip > prev.len)
				goto out;
			name = data + k;
			nl = strnlen(name, len - 20 - k);
			if (k + nl >= len - 20)
				goto out;
			prev.len -= strip;
			prev.buf[prev.len] = '\0';
			strbuf_add(&prev, name, nl);
			off = k + nl + 1;
		} else {
			name = data + off + fixed;
			nl = strnlen(name, len - 20 - off - fixed);
			if (off + fixed + nl >= len - 20)
				goto out;
			strbuf_reset(&prev);
			strbuf_add(&prev, name, nl);
			off += (fixed + nl + 8) & ~(size_t)7;
		}
		if (dir ? prev.len > plen && !memcmp(prev.buf, path, plen) :
			  (prev.len == plen && !memcmp(prev.buf, path, plen)) ||
				    (prev.len > plen && prev.buf[plen] == '/' &&
				     !memcmp(prev.buf, path, plen))) {
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

bool vcs_file_exists(struct vcs *v, const char *path)
{
	const char *argv[] = { "git", "ls-files", path, NULL };
	struct strbuf out = STRBUF_INIT;
	bool yes;
	const char *rel = path;
	int has;

	if (vcs_exists(v) != 1)
		return false;
	/* outside the work tree: git says so and fails */
	if (!strncmp(path, "../", 3) || !strcmp(path, ".."))
		return false;
	if (path[0] == '/') {
		char *cwd = realpath(".", NULL), *real = realpath(path, NULL);
		size_t l = cwd ? strlen(cwd) : 0;
		bool inside = cwd && real && !strncmp(real, cwd, l) &&
			      real[l] == '/';

		free(cwd);
		free(real);
		if (!inside)
			return false;
		rel = NULL; /* git decides */
	}
	if (!v->cache_ready)
		cache_setup(v);
	if (rel && v->gitdir && !strstr(rel, "/../") && !strstr(rel, "/./") &&
	    strncmp(rel, "./", 2)) {
		has = index_has(v->gitdir, rel);
		if (has >= 0)
			return has;
	}
	yes = run(v, argv, NULL, 0, &out) == 0 && out.len;
	strbuf_release(&out);
	return yes;
}

/* ---- several files from one git log ---- */

/*
 * May this file's log come from the shared git log?  Its name must mean
 * the same as one pathspec there as in the script's command (no shell
 * word splitting, no glob, no magic, no quoting by git) and name a file.
 */
static bool batchable(const char *f)
{
	const unsigned char *p;

	if (!*f || *f == ':' || *f == '/' || !strncmp(f, "../", 3))
		return false;
	for (p = (const unsigned char *)f; *p; p++)
		if (*p <= ' ' || *p == '*' || *p == '?' || *p == '[' ||
		    *p == '\\' || *p == '"' || *p == '\'' || *p == '$' ||
		    *p == '`' || *p == ';' || *p == '&' || *p == '|' ||
		    *p == '<' || *p == '>' || *p == '(' || *p == ')' ||
		    *p == '~' || *p == '#' || *p >= 0x7f)
			return false;
	return is_regular(f);
}

struct pending {
	const char *file;
	struct strbuf *log;
	bool follow; /* added in the window: --follow may look further */
	struct strbuf adds; /* the commits that add it (pathspec mode) */
};

static int cmp_pending(const void *a, const void *b)
{
	return strcmp(((const struct pending *)a)->file,
		      ((const struct pending *)b)->file);
}

static struct pending *find_pending(struct pending *p, size_t n,
				    const char *path, size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(p[mid].file, path, len);

		if (!c && p[mid].file[len])
			c = 1;
		if (!c)
			return &p[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * One record of the shared log: "\0PARENTS\n" + the script's format +
 * "\1\n" + raw and numstat lines.  Append it to the log of every pending
 * file it touches.
 */
static void split_record(const char *r, size_t len, struct pending *p,
			 size_t np, bool renames_only, struct strbuf *lines)
{
	const char *end = r + len, *nl, *mid = NULL, *q;
	bool root, deletes = !renames_only;

	nl = memchr(r, '\n', len);
	if (!nl)
		return;
	root = nl == r;
	for (q = nl + 1; q < end; q++) {
		if (*q == '\1' && q[-1] == '\n' &&
		    (q + 1 == end || q[1] == '\n')) {
			mid = q;
			break;
		}
	}
	if (!mid)
		return;
	strbuf_reset(lines);
	vcs_lines(nl + 1, (size_t)(mid - nl - 1), lines);
	/*
	 * With the whole tree's changes at hand: --follow looks for the
	 * source of an added file among the files the commit deletes (git
	 * detects renames, not copies, unless diff.renames says copies), so
	 * a commit that deletes nothing renames nothing.
	 */
	for (q = mid + 1; !deletes && q < end; q = nl + 1) {
		const char *tab;

		nl = memchr(q, '\n', (size_t)(end - q));
		if (!nl)
			nl = end;
		tab = *q == ':' ? memchr(q, '\t', (size_t)(nl - q)) : NULL;
		if (tab && tab[-1] == 'D')
			deletes = true;
	}
	/* raw lines: which files, and which are added */
	for (q = mid + 1; q < end; q = nl + 1) {
		const char *tab, *path;
		struct pending *f;

		nl = memchr(q, '\n', (size_t)(end - q));
		if (!nl)
			nl = end;
		if (*q != ':')
			continue;
		tab = memchr(q, '\t', (size_t)(nl - q));
		if (!tab)
			continue;
		path = tab + 1;
		f = find_pending(p, np, path, (size_t)(nl - path));
		if (!f)
			continue;
		strbuf_addbuf(f->log, lines);
		if (tab[-1] == 'A' && !root && deletes) {
			f->follow = true;
			/* "GitCommit: SHA" is the record's first line */
			if (!renames_only && lines->len > 51)
				strbuf_add(&f->adds, lines->buf + 11, 41);
		}
	}
	/* numstat lines, after the commit's lines of their file */
	for (q = mid + 1; q < end; q = nl + 1) {
		const char *path;
		struct pending *f;
		int tabs = 0;

		nl = memchr(q, '\n', (size_t)(end - q));
		if (!nl)
			nl = end;
		if (*q == ':' || q == nl)
			continue;
		for (path = q; path < nl && tabs < 2; path++)
			if (*path == '\t')
				tabs++;
		if (tabs < 2)
			continue;
		f = find_pending(p, np, path, (size_t)(nl - path));
		if (!f)
			continue;
		vcs_lines(q, (size_t)(nl - q), f->log);
	}
}

#define BATCH_ARGV 2000

/*
 * --follow looks for the source of an added file among the files the
 * commit deletes (git detects renames, not copies, unless diff.renames
 * says copies): a file whose adding commits delete nothing needs no
 * --follow.  The commits are asked about with one git diff-tree.
 */
static void adds_without_deletes(struct vcs *v, struct pending *p, size_t np)
{
	const char *argv[] = { "git", "diff-tree",   "--stdin",
			       "-r",  "--name-only", "--diff-filter=D",
			       NULL };
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
	struct strmap del = STRMAP_INIT;
	const char *q, *end, *commit = NULL;
	size_t i, k;

	for (i = 0; i < np; i++)
		if (p[i].follow)
			strbuf_addbuf(&in, &p[i].adds);
	/* (written before git's answer is read: keep it small) */
	if (!in.len || in.len > 32768)
		goto out;
	if (run(v, argv, in.buf, in.len, &out) != 0 || out.failed)
		goto out;
	/* "SHA" lines, each followed by the paths it deletes */
	for (q = out.buf, end = out.buf + out.len; q < end;) {
		const char *nl = memchr(q, '\n', (size_t)(end - q));

		if (!nl)
			nl = end;
		if (nl - q == 40 && strspn(q, "0123456789abcdef") >= 40)
			commit = q;
		else if (commit && nl > q)
			strmap_put(&del, commit, 40);
		q = nl + 1;
	}
	for (i = 0; i < np; i++) {
		bool any = false;

		if (!p[i].follow)
			continue;
		for (k = 0; k + 40 <= p[i].adds.len; k += 41)
			if (strmap_get(&del, p[i].adds.buf + k, 40))
				any = true;
		p[i].follow = any;
	}
out:
	strmap_release(&del);
	strbuf_release(&in);
	strbuf_release(&out);
}

/* Does git detect renames only (diff.renames not "copies")? */
static bool renames_not_copies(struct vcs *v)
{
	const char *argv[] = { "git", "config", "--get", "diff.renames", NULL };
	struct strbuf out = STRBUF_INIT;
	bool yes;

	run(v, argv, NULL, 0, &out);
	chomp(&out);
	yes = strncmp(out.buf, "cop", 3) != 0;
	strbuf_release(&out);
	return yes;
}

int vcs_prefetch_logs(struct vcs *v, const char *since, char *const *files,
		      size_t n)
{
	struct pending *p = NULL;
	struct strbuf raw = STRBUF_INIT, lines = STRBUF_INIT;
	struct strbuf sincearg = STRBUF_INIT, in = STRBUF_INIT;
	const char **argv = NULL;
	size_t np = 0, i, a = 0;
	int ret = -1, status;
	bool renames_only = false;

	if (!v->cache_ready)
		cache_setup(v);
	if (vcs_exists(v) != 1 || n < 2)
		return 0;
	p = calloc(n, sizeof(*p));
	if (!p)
		goto out;
	for (i = 0; i < n; i++)
		strbuf_init(&p[i].adds);
	for (i = 0; i < n; i++) {
		bool fresh;
		struct strbuf *sb;

		if (strmap_gets(&v->logs, files[i]) || !batchable(files[i]))
			continue;
		sb = log_slot(v, files[i], &fresh);
		if (!sb)
			goto out;
		/* cached under the script's command for the file */
		if (v->cachedir && file_log_cached(v, since, files[i], sb))
			continue;
		p[np].file = files[i];
		p[np].log = sb;
		np++;
	}
	if (np < 2) {
		for (i = 0; i < np; i++)
			if (file_log_one(v, since, p[i].file, p[i].log))
				goto out;
		ret = 0;
		goto out;
	}
	qsort(p, np, sizeof(*p), cmp_pending);
	argv = calloc(np + 16, sizeof(*argv));
	if (!argv)
		goto out;
	strbuf_addstr(&sincearg, "--since=");
	strbuf_addstr(&sincearg, since);
	argv[a++] = "git";
	argv[a++] = "log";
	argv[a++] = "--no-color";
	argv[a++] = "--no-merges";
	argv[a++] = "--full-history";
	argv[a++] = "--no-renames";
	argv[a++] = "--raw";
	argv[a++] = "--numstat";
	argv[a++] = sincearg.buf;
	argv[a++] = "--format=%x00%P%n" LOG_FORMAT "%x01";
	if (np > BATCH_ARGV) {
		/* the whole tree: no pathspec */
		argv[a] = NULL;
	} else {
		argv[a++] = "--";
		for (i = 0; i < np; i++)
			argv[a++] = p[i].file;
		argv[a] = NULL;
	}
	status = run(v, argv, NULL, 0, &raw);
	if (raw.failed)
		goto out;
	if (np > BATCH_ARGV) /* (whole tree: the raw lines tell) */
		renames_only = renames_not_copies(v);
	if (status == 0 && strchr(since, ' ') == NULL &&
	    strchr(since, '\t') == NULL) {
		const char *r = raw.buf, *end = raw.buf + raw.len;

		while (r < end) {
			const char *nx;

			if (*r != '\0') {
				r++;
				continue;
			}
			r++;
			nx = memchr(r, '\0', (size_t)(end - r));
			if (!nx)
				nx = end;
			split_record(r, (size_t)(nx - r), p, np, renames_only,
				     &lines);
			r = nx;
		}
	} else {
		/* the script's commands tell what they tell */
		for (i = 0; i < np; i++)
			p[i].follow = true;
	}
	for (i = 0; i < np && !p[i].follow; i++)
		;
	if (i < np && np <= BATCH_ARGV && renames_not_copies(v))
		adds_without_deletes(v, p, np);
	for (i = 0; i < np; i++) {
		if (p[i].follow) {
			strbuf_reset(p[i].log);
			if (file_log_one(v, since, p[i].file, p[i].log))
				goto out;
		} else if (v->cachedir && np <= BATCH_ARGV) {
			file_log_store(v, since, p[i].file, p[i].log);
		}
		if (p[i].log->failed)
			goto out;
	}
	ret = 0;
out:
	for (i = 0; p && i < n; i++)
		strbuf_release(&p[i].adds);
	free(p);
	free(argv);
	strbuf_release(&raw);
	strbuf_release(&lines);
	strbuf_release(&sincearg);
	strbuf_release(&in);
	return ret;
}
