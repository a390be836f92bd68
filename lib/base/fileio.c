// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* MAP_POPULATE, fallocate() */
#include "fileio.h"
#include "tempfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MAP_POPULATE
#define MAP_POPULATE 0
#endif

int read_fd(int fd, struct strbuf *out, int *err)
{
	for (;;) {
		ssize_t n;

		if (out->alloc - out->len < 4096 &&
		    !strbuf_grow(out, out->len < 65536 ? 65536 : out->len)) {
			*err = ENOMEM;
			return -1;
		}
		n = read(fd, out->buf + out->len, out->alloc - out->len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			*err = errno;
			return -1;
		}
		if (!n)
			break;
		out->len += (size_t)n;
		out->buf[out->len] = '\0';
	}
	return 0;
}

const char *file_strerror(int err)
{
	switch (err) {
	case MNT_ENOTREG:
		return "not a regular file (a FIFO, socket or device)";
	case MNT_EDANGLING:
		return "a symbolic link to nothing (not followed)";
	case MNT_ESYMLINK:
		return "a symbolic link (not followed in a directory)";
	case MNT_EDIRACCES:
		return "its directory is not writable (the output is written "
		       "beside it, then renamed into place)";
	case MNT_ECHANGED:
		return "changed since it was read (another program edited "
		       "it): not overwritten";
	default:
		return strerror(err);
	}
}

int file_exit_status(int err)
{
	switch (err) {
	case MNT_ENOTREG:
	case MNT_ESYMLINK:
		return EISDIR;
	case MNT_EDANGLING:
		return ENOENT;
	case MNT_EDIRACCES:
		return EACCES;
	case MNT_ECHANGED:
		return EAGAIN;
	default:
		return err & 0xff ? err & 0xff : 255;
	}
}

/*
 * Open a file for reading: regular files only.  O_NONBLOCK so that a
 * FIFO is refused instead of waiting for a writer; O_NOCTTY so that a
 * terminal device never becomes ours.
 */
static int open_regular(const char *path, struct stat *st, int *err)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0) {
		*err = errno;
		return -1;
	}
	if (fstat(fd, st)) {
		*err = errno;
		goto fail;
	}
	if (!S_ISREG(st->st_mode)) {
		*err = S_ISDIR(st->st_mode) ? EISDIR : MNT_ENOTREG;
		goto fail;
	}
	return fd;
fail:
	close(fd);
	return -1;
}

int read_path(const char *path, struct strbuf *out, int *err)
{
	struct stat st;
	int fd, ret;

	if (!strcmp(path, "-"))
		return read_fd(0, out, err);
	fd = open_regular(path, &st, err);
	if (fd < 0)
		return -1;
	/* room for the whole file and the read that sees EOF */
	if (st.st_size > 0 && !strbuf_grow(out, (size_t)st.st_size + 4096)) {
		close(fd);
		*err = ENOMEM;
		return -1;
	}
	ret = read_fd(fd, out, err);
	close(fd);
	return ret;
}

int map_path(const char *path, char **data, size_t *len, bool *mapped, int *err)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	int fd = -1, ret = -1;
	void *p;

	*mapped = false;
	if (strcmp(path, "-")) {
		fd = open_regular(path, &st, err);
		if (fd < 0)
			goto out;
		if (st.st_size > 0 &&
		    (unsigned long long)st.st_size < SIZE_MAX) {
			p = mmap(NULL, (size_t)st.st_size, PROT_READ,
				 MAP_PRIVATE | MAP_POPULATE, fd, 0);
			if (p != MAP_FAILED) {
				*data = p;
				*len = (size_t)st.st_size;
				*mapped = true;
				ret = 0;
				goto out;
			}
		}
	}
	if (read_fd(fd < 0 ? 0 : fd, &sb, err))
		goto out;
	*data = strbuf_detach(&sb, len);
	if (!*data) {
		*err = ENOMEM;
		goto out;
	}
	ret = 0;
out:
	strbuf_release(&sb);
	if (fd >= 0)
		close(fd);
	return ret;
}

void unmap_file(char *data, size_t len, bool mapped)
{
	if (mapped)
		munmap(data, len);
	else
		free(data);
}

int path_error(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return errno;
	return S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) ? 0 : MNT_ENOTREG;
}

enum file_type path_type(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return FT_MISSING;
	if (S_ISREG(st.st_mode))
		return FT_REGULAR;
	if (S_ISDIR(st.st_mode))
		return FT_DIRECTORY;
	if (S_ISLNK(st.st_mode))
		return FT_SYMLINK;
	return FT_OTHER;
}

bool is_directory(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

bool is_regular(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

bool same_file(const char *a, const char *b)
{
	struct strbuf ca = STRBUF_INIT, cb = STRBUF_INIT;
	struct stat sa, sb;
	bool ret;

	if (!stat(a, &sa) && !stat(b, &sb))
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	ret = !canonical_path(a, &ca) && !canonical_path(b, &cb) &&
	      !strcmp(ca.buf, cb.buf);
	strbuf_release(&ca);
	strbuf_release(&cb);
	return ret;
}

bool path_inside(const char *path, const char *dir)
{
	struct strbuf cp = STRBUF_INIT;
	char *real = realpath(dir, NULL);
	size_t n;
	bool ret = false;

	if (real && !canonical_path(path, &cp)) {
		n = strlen(real);
		ret = !strncmp(cp.buf, real, n) &&
		      (cp.buf[n] == '/' || (n == 1 && real[0] == '/'));
	}
	free(real);
	strbuf_release(&cp);
	return ret;
}

/* Cut sb to its parent directory ("/a/b" to "/a", "/a" to "/"). */
static void to_parent(struct strbuf *sb)
{
	while (sb->len > 1 && sb->buf[sb->len - 1] != '/')
		sb->len--;
	if (sb->len > 1)
		sb->len--;
	sb->buf[sb->len] = '\0';
}

bool link_leaves_tree(const char *path)
{
	struct strbuf dir = STRBUF_INIT, cur = STRBUF_INIT, git = STRBUF_INIT;
	char *real = NULL;
	bool ret = false;

	if (path_type(path) != FT_SYMLINK)
		return false;
	real = realpath(path, NULL);
	if (!real || canonical_path(path, &dir) || dir.buf[0] != '/')
		goto out;
	to_parent(&dir); /* the link's directory */
	strbuf_addbuf(&cur, &dir);
	for (;;) { /* up to the work tree holding it, if one does */
		strbuf_reset(&git);
		strbuf_addf(&git, "%s/.git", cur.len > 1 ? cur.buf : "");
		if (strbuf_failed(&git) || strbuf_failed(&cur))
			goto out;
		if (path_type(git.buf) != FT_MISSING) {
			strbuf_reset(&dir);
			strbuf_addbuf(&dir, &cur);
			break;
		}
		if (cur.len <= 1)
			break;
		to_parent(&cur);
	}
	ret = !strbuf_failed(&dir) && !path_inside(real, dir.buf);
out:
	free(real);
	strbuf_release(&dir);
	strbuf_release(&cur);
	strbuf_release(&git);
	return ret;
}

int list_directory(const char *dir, char ***names, size_t *nr, int *err)
{
	size_t alloc = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	*names = NULL;
	*nr = 0;
	if (!d) {
		*err = errno;
		return -1;
	}
	while ((errno = 0, de = readdir(d))) {
		char *s;

		if (de->d_name[0] == '.')
			continue;
		s = strdup(de->d_name);
		if (!s || !ALLOC_GROW(*names, *nr + 1, alloc)) {
			free(s);
			*err = ENOMEM;
			goto fail;
		}
		(*names)[(*nr)++] = s;
	}
	if (errno) {
		*err = errno;
		goto fail;
	}
	closedir(d);
	return 0;
fail:
	closedir(d);
	while (*nr)
		free((*names)[--*nr]);
	free(*names);
	*names = NULL;
	return -1;
}

/* list_tree() below dir (prefix: its path as listed), depth first. */
static int walk(const char *dir, const char *prefix, struct strbuf *out,
		int *err)
{
	struct strbuf path = STRBUF_INIT;
	struct dirent *de;
	DIR *d = opendir(dir);
	int ret = -1;

	if (!d) {
		*err = errno;
		return -1;
	}
	while ((errno = 0, de = readdir(d))) {
		struct stat st;
		size_t base;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    !strcmp(de->d_name, ".git"))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, de->d_name);
		base = path.len - strlen(de->d_name);
		/* lstat: a symbolic link is neither followed nor listed */
		if (lstat(path.buf, &st))
			continue;
		if (S_ISDIR(st.st_mode)) {
			struct strbuf sub = STRBUF_INIT;

			strbuf_addf(&sub, "%s%s/", prefix, de->d_name);
			if (walk(path.buf, sub.buf, out, err) &&
			    *err != EACCES) {
				strbuf_release(&sub);
				goto out;
			}
			strbuf_release(&sub);
		} else if (S_ISREG(st.st_mode)) {
			strbuf_addf(out, "%s%s\n", prefix, path.buf + base);
		}
	}
	if (errno) {
		*err = errno;
		goto out;
	}
	ret = strbuf_failed(out) ? (*err = ENOMEM, -1) : 0;
out:
	closedir(d);
	strbuf_release(&path);
	return ret;
}

int list_tree(const char *dir, struct strbuf *out, int *err)
{
	return walk(dir, "", out, err);
}

int write_all(int fd, const void *data, size_t len, int *err)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			*err = errno;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

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
		free(af[i].tmp);
		af[i].tmp = strdup(""); /* renamed: "" marks it for undo */
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
