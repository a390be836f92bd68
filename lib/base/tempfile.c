// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* syscall(), SYS_getdents64 */
#include "tempfile.h"
#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

const char lock_hint[] =
	"another maint seems to be writing this file; if none is (one was "
	"killed), remove the lock file and run again";

struct temp_entry {
	char *path;
	enum temp_kind kind;
	pid_t owner;
};

/*
 * The registry.  The handler only reads it; every change is made with
 * the signals blocked, so that it never sees an entry half written.
 */
static struct temp_entry *temps;
static size_t temps_nr, temps_alloc;
static pid_t *children;
static size_t children_nr, children_alloc;
static struct lock_file **locks;
static size_t locks_nr, locks_alloc;
static volatile sig_atomic_t cleaning;

static const int cleanup_signals[] = { SIGHUP, SIGINT, SIGTERM, SIGPIPE };
#define NR_CLEANUP_SIGNALS (sizeof(cleanup_signals) / sizeof(int))

void temp_block_signals(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < NR_CLEANUP_SIGNALS; i++)
		sigaddset(&set, cleanup_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

void temp_restore_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* the record getdents64(2) fills (the kernel's name for it) */
struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/*
 * Empty the directory open at dfd with async-signal-safe calls only:
 * getdents64, unlinkat, openat (never through a link).  Passes over it
 * until one removes nothing (removing shifts the directory's offsets).
 */
static void empty_dir_at(int dfd, int depth)
{
	union {
		char c[1024];
		uint64_t align;
	} buf;
	bool removed;

	do {
		long n;

		removed = false;
		if (lseek(dfd, 0, SEEK_SET) < 0)
			return;
		while ((n = syscall(SYS_getdents64, dfd, buf.c,
				    sizeof(buf.c))) > 0) {
			long off;

			for (off = 0; off < n;) {
				struct linux_dirent64 *d =
					(struct linux_dirent64 *)(buf.c + off);
				const char *name = d->d_name;
				int sub;

				off += d->d_reclen;
				if (name[0] == '.' &&
				    (!name[1] || (name[1] == '.' && !name[2])))
					continue;
				if (!unlinkat(dfd, name, 0)) {
					removed = true;
					continue;
				}
				if ((errno != EISDIR && errno != EPERM) ||
				    depth >= 64)
					continue;
				sub = openat(dfd, name,
					     O_RDONLY | O_DIRECTORY |
						     O_NOFOLLOW | O_CLOEXEC);
				if (sub < 0)
					continue;
				empty_dir_at(sub, depth + 1);
				close(sub);
				if (!unlinkat(dfd, name, AT_REMOVEDIR))
					removed = true;
			}
		}
	} while (removed);
}

static void remove_entry_signal_safe(const struct temp_entry *e)
{
	int fd;

	if (e->kind != TEMP_DIR) {
		unlink(e->path);
		return;
	}
	fd = open(e->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOTDIR || errno == ELOOP)
			unlink(e->path);
		return;
	}
	empty_dir_at(fd, 0);
	close(fd);
	rmdir(e->path);
}

/* Stop the children, then remove what is ours: signal-safe. */
static void cleanup(int sig)
{
	pid_t self = getpid();
	size_t i;

	if (cleaning)
		return;
	cleaning = 1;
	for (i = 0; i < children_nr; i++)
		kill(children[i], sig == SIGPIPE || !sig ? SIGTERM : sig);
	for (i = 0; i < children_nr; i++)
		while (waitpid(children[i], NULL, 0) < 0 && errno == EINTR)
			;
	for (i = 0; i < temps_nr; i++)
		if (temps[i].owner == self)
			remove_entry_signal_safe(&temps[i]);
	cleaning = 0;
}

static void on_signal(int sig)
{
	int saved = errno;

	cleanup(sig);
	errno = saved;
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_exit_cleanup(void)
{
	sigset_t old;

	temp_block_signals(&old);
	children_nr = 0; /* reaped by their callers, or ours to leave */
	cleanup(0);
	temp_restore_signals(&old);
}

/* Install the handlers once (signals blocked by the caller). */
static void install(void)
{
	static bool installed;
	size_t i;

	if (installed)
		return;
	installed = true;
	for (i = 0; i < NR_CLEANUP_SIGNALS; i++) {
		struct sigaction sa;

		/* a signal the caller ignores stays ignored */
		if (sigaction(cleanup_signals[i], NULL, &sa) ||
		    sa.sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(cleanup_signals[i], &sa, NULL);
	}
	atexit(on_exit_cleanup);
}

/* path, made absolute (the process may change directory later) */
static char *absolute(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	char *cwd;

	if (path[0] == '/')
		return strdup(path);
	cwd = getcwd(NULL, 0);
	if (!cwd)
		return strdup(path);
	strbuf_addf(&sb, "%s/%s", cwd, path);
	free(cwd);
	return strbuf_detach(&sb, NULL);
}

int temp_register(const char *path, enum temp_kind kind)
{
	char *p = absolute(path);
	sigset_t old;
	int ret = -1;

	if (!p) {
		errno = ENOMEM;
		return -1;
	}
	temp_block_signals(&old);
	install();
	if (ALLOC_GROW(temps, temps_nr + 1, temps_alloc)) {
		temps[temps_nr].path = p;
		temps[temps_nr].kind = kind;
		temps[temps_nr].owner = getpid();
		temps_nr++;
		p = NULL;
		ret = 0;
	}
	temp_restore_signals(&old);
	free(p);
	if (ret)
		errno = ENOMEM;
	return ret;
}

/* The index of path in the registry, or -1. */
static long find_temp(const char *path)
{
	char *p = absolute(path);
	size_t i;
	long at = -1;

	for (i = 0; p && i < temps_nr; i++) {
		if (!strcmp(temps[i].path, p)) {
			at = (long)i;
			break;
		}
	}
	free(p);
	return at;
}

static void drop_temp(long at)
{
	char *p;
	sigset_t old;

	temp_block_signals(&old);
	p = temps[at].path;
	temps[at] = temps[--temps_nr];
	if (!temps_nr) {
		free(temps);
		temps = NULL;
		temps_alloc = 0;
	}
	temp_restore_signals(&old);
	free(p);
}

void temp_forget(const char *path)
{
	long at = find_temp(path);

	if (at >= 0)
		drop_temp(at);
}

int temp_remove(const char *path)
{
	long at = find_temp(path);
	int err = 0, ret;

	if (at >= 0 && temps[at].kind == TEMP_DIR)
		ret = remove_tree_nofollow(path, &err);
	else
		ret = unlink(path) && errno != ENOENT ? (err = errno, -1) : 0;
	if (at >= 0 && !ret)
		drop_temp(at);
	if (ret)
		errno = err;
	return ret;
}

int temp_register_child(pid_t pid)
{
	sigset_t old;
	int ret = -1;

	temp_block_signals(&old);
	install();
	if (ALLOC_GROW(children, children_nr + 1, children_alloc)) {
		children[children_nr++] = pid;
		ret = 0;
	}
	temp_restore_signals(&old);
	return ret;
}

void temp_forget_child(pid_t pid)
{
	sigset_t old;
	size_t i;

	temp_block_signals(&old);
	for (i = 0; i < children_nr; i++) {
		if (children[i] == pid) {
			children[i] = children[--children_nr];
			break;
		}
	}
	if (!children_nr) {
		free(children);
		children = NULL;
		children_alloc = 0;
	}
	temp_restore_signals(&old);
}

/* The file a write to path lands in: a final link followed, canonical. */
static int write_target(const char *path, struct strbuf *out)
{
	struct stat st;
	char *real;

	if (!lstat(path, &st) && S_ISLNK(st.st_mode) &&
	    (real = realpath(path, NULL))) {
		strbuf_reset(out);
		strbuf_addstr(out, real);
		free(real);
		return strbuf_failed(out) ? -1 : 0;
	}
	return canonical_path(path, out);
}

int lock_acquire(struct lock_file *lk, const char *path, int *err)
{
	struct strbuf target = STRBUF_INIT, lock = STRBUF_INIT;
	sigset_t old;
	int fd;

	lk->path = lk->lock = NULL;
	lk->existed = false;
	if (write_target(path, &target))
		goto nomem;
	strbuf_addf(&lock, "%s.lock", target.buf);
	if (strbuf_failed(&lock) ||
	    !ALLOC_GROW(locks, locks_nr + 1, locks_alloc))
		goto nomem;
	/* created and registered at once: a signal never leaves it */
	temp_block_signals(&old);
	fd = open(lock.buf,
		  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0) {
		*err = errno;
		temp_restore_signals(&old);
		goto fail;
	}
	close(fd);
	if (temp_register(lock.buf, TEMP_LOCK)) {
		unlink(lock.buf);
		temp_restore_signals(&old);
		goto nomem;
	}
	temp_restore_signals(&old);
	lk->path = strbuf_detach(&target, NULL);
	lk->lock = strbuf_detach(&lock, NULL);
	/* what the file is now, before anyone reads it */
	lk->existed = !stat(lk->path, &lk->st);
	locks[locks_nr++] = lk;
	return 0;
nomem:
	*err = ENOMEM;
fail:
	strbuf_release(&target);
	strbuf_release(&lock);
	return -1;
}

void lock_release(struct lock_file *lk)
{
	size_t i;

	if (!lk->lock)
		return;
	for (i = 0; i < locks_nr; i++) {
		if (locks[i] == lk) {
			locks[i] = locks[--locks_nr];
			break;
		}
	}
	temp_remove(lk->lock);
	free(lk->lock);
	free(lk->path);
	lk->lock = lk->path = NULL;
}

static bool same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

int lock_check(const char *path, int *err)
{
	struct strbuf target = STRBUF_INIT;
	struct stat st;
	size_t i;
	int ret = 0;
	bool exists;

	if (!locks_nr)
		return 0;
	if (write_target(path, &target)) {
		*err = ENOMEM;
		ret = -1;
		goto out;
	}
	for (i = 0; i < locks_nr; i++) {
		const struct lock_file *lk = locks[i];

		if (strcmp(lk->path, target.buf))
			continue;
		exists = !stat(lk->path, &st);
		if (exists != lk->existed ||
		    (exists && !same_stat(&st, &lk->st))) {
			*err = MNT_ECHANGED;
			ret = -1;
		}
		break;
	}
out:
	strbuf_release(&target);
	return ret;
}

/* Keep the first error. */
static void first_error(int *err, int e)
{
	if (!*err)
		*err = e ? e : EIO;
}

/* Empty the directory open at dfd (closed here), never leaving it. */
static int remove_contents_at(int dfd, int *err)
{
	DIR *d = fdopendir(dfd);
	struct dirent *de;
	int ret = 0;

	if (!d) {
		first_error(err, errno);
		close(dfd);
		return -1;
	}
	while ((errno = 0, de = readdir(d))) {
		const char *n = de->d_name;
		int sub;

		if (!strcmp(n, ".") || !strcmp(n, ".."))
			continue;
		/* a file, a link (removed, never followed) or a FIFO */
		if (!unlinkat(dirfd(d), n, 0))
			continue;
		if (errno != EISDIR && errno != EPERM) {
			first_error(err, errno);
			ret = -1;
			continue;
		}
		/* a directory: entered only as itself, never through a link */
		sub = openat(dirfd(d), n,
			     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0) {
			first_error(err, errno);
			ret = -1;
			continue;
		}
		if (remove_contents_at(sub, err))
			ret = -1;
		else if (unlinkat(dirfd(d), n, AT_REMOVEDIR)) {
			first_error(err, errno);
			ret = -1;
		}
	}
	if (errno) {
		first_error(err, errno);
		ret = -1;
	}
	closedir(d);
	return ret;
}

int remove_tree_nofollow(const char *path, int *err)
{
	int dfd;

	*err = 0;
	/* a link in place of the directory: remove the link, not its target */
	dfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0) {
		if (errno == ENOENT)
			return 0;
		if ((errno == ENOTDIR || errno == ELOOP) && !unlink(path))
			return 0;
		*err = errno;
		return -1;
	}
	if (remove_contents_at(dfd, err))
		return -1;
	if (rmdir(path) && errno != ENOENT) {
		*err = errno;
		return -1;
	}
	temp_forget(path);
	return 0;
}
