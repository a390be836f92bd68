// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* fallocate() */
#include "atomic.h"
#include "fileio.h"
#include "tempfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Remove what a killed run of ours left next to the target: regular
 * files (directories, with dirs) of ours named ".NAME.maint-PID-..."
 * whose process is gone.  Never follows a link (unlinkat removes the
 * name only; a tree is removed without following its links).
 */
static void remove_stale(const char *path, size_t dirlen, const char *prefix,
			 bool dirs)
{
	size_t plen = strlen(prefix);
	struct dirent *de;
	char *dir;
	int dfd;
	DIR *d;

	dir = dirlen ? strndup(path, dirlen) : strdup(".");
	if (!dir)
		return;
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (dfd < 0)
		return;
	d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return;
	}
	while ((de = readdir(d))) {
		struct stat st;
		char *end;
		long pid;

		if (strncmp(de->d_name, prefix, plen))
			continue;
		errno = 0;
		pid = strtol(de->d_name + plen, &end, 10);
		if (errno || pid <= 0 || *end != '-' || pid == (long)getpid())
			continue;
		if (!kill((pid_t)pid, 0) || errno != ESRCH)
			continue;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    st.st_uid != geteuid())
			continue;
		if (!dirs && S_ISREG(st.st_mode)) {
			unlinkat(dfd, de->d_name, 0);
		} else if (dirs && S_ISDIR(st.st_mode)) {
			struct strbuf t = STRBUF_INIT;
			int err;

			strbuf_add(&t, path, dirlen);
			strbuf_addstr(&t, de->d_name);
			if (!strbuf_failed(&t))
				remove_tree_nofollow(t.buf, &err);
			strbuf_release(&t);
		}
	}
	closedir(d);
}

int make_tmpdir_near(const char *path, struct strbuf *tmp)
{
	size_t len = strlen(path), slash;
	sigset_t old;

	while (len > 1 && path[len - 1] == '/')
		len--;
	for (slash = len; slash && path[slash - 1] != '/'; slash--)
		;
	strbuf_reset(tmp);
	strbuf_addch(tmp, '.');
	strbuf_add(tmp, path + slash, len - slash);
	strbuf_addstr(tmp, ".maint-");
	if (strbuf_failed(tmp)) {
		errno = ENOMEM;
		return -1;
	}
	remove_stale(path, slash, tmp->buf, true);
	strbuf_reset(tmp);
	strbuf_add(tmp, path, slash);
	strbuf_addch(tmp, '.');
	strbuf_add(tmp, path + slash, len - slash);
	strbuf_addf(tmp, ".maint-%ld-XXXXXX", (long)getpid());
	if (strbuf_failed(tmp)) {
		errno = ENOMEM;
		return -1;
	}
	/* made and registered at once: a signal never leaves it behind */
	temp_block_signals(&old);
	if (!mkdtemp(tmp->buf)) {
		temp_restore_signals(&old);
		return -1;
	}
	if (temp_register(tmp->buf, TEMP_DIR)) {
		rmdir(tmp->buf);
		temp_restore_signals(&old);
		errno = ENOMEM;
		return -1;
	}
	temp_restore_signals(&old);
	return 0;
}

/*
 * Where to write for path: the file a symbolic link names (a link to
 * nothing is refused), and whether the target exists (*st).
 */
static int resolve_target(struct atomic_file *af, const char *path,
			  struct stat *st, bool *exists, int *err)
{
	struct stat lst;

	*exists = false;
	if (lstat(path, &lst)) {
		if (errno != ENOENT) {
			*err = errno;
			return -1;
		}
		af->path = strdup(path);
		goto done;
	}
	if (stat(path, st)) {
		*err = errno == ENOENT ? MNT_EDANGLING : errno;
		return -1;
	}
	*exists = true;
	if (S_ISLNK(lst.st_mode) && S_ISREG(st->st_mode)) {
		af->path = realpath(path, NULL);
		if (!af->path) {
			*err = errno;
			return -1;
		}
	} else {
		af->path = strdup(path);
	}
done:
	if (!af->path) {
		*err = ENOMEM;
		return -1;
	}
	return 0;
}

int atomic_open(struct atomic_file *af, const char *path, int *err)
{
	struct strbuf tmp = STRBUF_INIT;
	const char *slash;
	struct stat st;
	bool exists, registered;
	size_t dirlen;
	sigset_t old;
	mode_t mask;

	af->fd = -1;
	af->tmp = NULL;
	af->path = NULL;
	af->written = af->reserved = 0;
	if (resolve_target(af, path, &st, &exists, err))
		return -1;
	if (exists && S_ISDIR(st.st_mode)) {
		*err = EISDIR;
		goto fail;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		/* a device or a FIFO: write to it, never rename over it */
		af->fd = open(af->path,
			      O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);
		if (af->fd < 0) {
			*err = errno;
			goto fail;
		}
		return 0;
	}
	/* a file we may not write is refused, as open(O_WRONLY) would */
	if (exists && faccessat(AT_FDCWD, af->path, W_OK, AT_EACCESS)) {
		*err = errno;
		goto fail;
	}
	slash = strrchr(af->path, '/');
	dirlen = slash ? (size_t)(slash - af->path) + 1 : 0;
	strbuf_addf(&tmp, ".%s.maint-", af->path + dirlen);
	if (strbuf_failed(&tmp))
		goto nomem;
	remove_stale(af->path, dirlen, tmp.buf, false);
	strbuf_reset(&tmp);
	strbuf_add(&tmp, af->path, dirlen);
	strbuf_addf(&tmp, ".%s.maint-%ld-XXXXXX", af->path + dirlen,
		    (long)getpid());
	if (strbuf_failed(&tmp))
		goto nomem;
	/* made and registered at once: a signal never leaves it behind */
	temp_block_signals(&old);
	af->fd = mkostemp(tmp.buf, O_CLOEXEC);
	if (af->fd < 0) {
		*err = errno == EACCES ? MNT_EDIRACCES : errno;
		temp_restore_signals(&old);
		goto fail;
	}
	af->tmp = strbuf_detach(&tmp, NULL);
	registered = !temp_register(af->tmp, TEMP_FILE);
	temp_restore_signals(&old);
	if (!registered)
		goto nomem; /* atomic_rollback() removes it */
	if (exists) {
		/* as sed -i: the owner, then the mode (chown clears set-id) */
		if (fchown(af->fd, st.st_uid, st.st_gid))
			(void)!fchown(af->fd, (uid_t)-1, st.st_gid);
		fchmod(af->fd, st.st_mode & 07777);
	} else {
		mask = umask(0);
		umask(mask);
		fchmod(af->fd, 0666 & ~mask);
	}
	return 0;
nomem:
	*err = ENOMEM;
fail:
	strbuf_release(&tmp);
	atomic_rollback(af);
	return -1;
}

int atomic_write(struct atomic_file *af, const void *data, size_t len, int *err)
{
	if (write_all(af->fd, data, len, err))
		return -1;
	af->written += len;
	return 0;
}

void atomic_reserve(struct atomic_file *af, unsigned long long size)
{
	if (af->fd < 0 || !af->tmp || !size || af->written)
		return;
	if (!fallocate(af->fd, 0, 0, (off_t)size))
		af->reserved = size;
}

/* fsync the directory holding path, so that a rename in it is durable */
static int sync_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, (size_t)(slash - path) + 1) :
			    strdup(".");
	int fd, ret = 0;

	if (!dir)
		return -1;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd < 0)
		return -1;
	/* a file system that cannot sync a directory says EINVAL */
	if (fsync(fd) && errno != EINVAL)
		ret = -1;
	close(fd);
	return ret;
}

/* Flush and close the temporary file (or the device).  0, or -1. */
static int atomic_prepare(struct atomic_file *af, int *err)
{
	int fd = af->fd;

	af->fd = -1;
	if (af->tmp && af->reserved && af->reserved != af->written &&
	    ftruncate(fd, (off_t)af->written))
		goto fail;
	if (af->tmp && fsync(fd) && errno != EINVAL)
		goto fail;
	if (close(fd)) {
		*err = errno;
		return -1;
	}
	/* a file we hold the lock of: not changed since it was read */
	return af->tmp ? lock_check(af->path, err) : 0;
fail:
	*err = errno;
	close(fd);
	return -1;
}

/*
 * Put back what the renames of af[0..n) replaced (the hard links kept
 * in old[]), or remove what they created.
 */
static void undo_renames(struct atomic_file *af, char **old, size_t n)
{
	while (n--) {
		if (!af[n].tmp)
			continue;
		if (old[n])
			rename(old[n], af[n].path);
		else
			unlink(af[n].path);
	}
}

int atomic_commit_all(struct atomic_file *af, size_t n, size_t *failed,
		      int *err)
{
	char **old = calloc(n ? n : 1, sizeof(*old));
	size_t i, done = 0;
	sigset_t mask;
	int ret = -1;

	*failed = 0;
	if (!old) {
		*err = ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (af[i].path && atomic_prepare(&af[i], err)) {
			*failed = i;
			goto out;
		}
	}
	/*
	 * The renames land together: no signal in between, and a failure
	 * puts back every file already replaced (from a hard link made
	 * just before), so the targets are all old or all new.
	 */
	temp_block_signals(&mask);
	for (i = 0; i < n; i++, done++) {
		struct stat st;

		*failed = i;
		if (!af[i].tmp)
			continue;
		if (!lstat(af[i].path, &st) && S_ISREG(st.st_mode)) {
			struct strbuf b = STRBUF_INIT;

			strbuf_addf(&b, "%s.old", af[i].tmp);
			if (!strbuf_failed(&b) &&
			    !temp_register(b.buf, TEMP_FILE)) {
				if (!link(af[i].path, b.buf))
					old[i] = strbuf_detach(&b, NULL);
				else
					temp_forget(b.buf);
			}
			strbuf_release(&b);
		}
		if (rename(af[i].tmp, af[i].path)) {
			*err = errno;
			goto undo;
		}
		temp_forget(af[i].tmp);
		af[i].tmp[0] = '\0'; /* renamed: "" marks it for undo */
	}
	for (i = 0; i < n; i++) {
		*failed = i;
		if (af[i].tmp && sync_dir_of(af[i].path)) {
			*err = errno;
			goto undo;
		}
	}
	ret = 0;
	goto unblock;
undo:
	undo_renames(af, old, done);
unblock:
	temp_restore_signals(&mask);
out:
	for (i = 0; old && i < n; i++) {
		if (old[i])
			temp_remove(old[i]);
		free(old[i]);
	}
	free(old);
	for (i = 0; i < n; i++) {
		if (af[i].tmp && !*af[i].tmp) { /* renamed */
			free(af[i].tmp);
			af[i].tmp = NULL;
		}
		atomic_rollback(&af[i]);
	}
	return ret;
}

int atomic_commit(struct atomic_file *af, int *err)
{
	size_t failed;

	return atomic_commit_all(af, 1, &failed, err);
}

void atomic_rollback(struct atomic_file *af)
{
	if (af->fd >= 0)
		close(af->fd);
	af->fd = -1;
	if (af->tmp)
		temp_remove(af->tmp);
	free(af->tmp);
	free(af->path);
	af->tmp = af->path = NULL;
}
