// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* MAP_POPULATE, fallocate() */
#include "fileio.h"

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

int read_path(const char *path, struct strbuf *out, int *err)
{
	struct stat st;
	int fd, ret;

	if (!strcmp(path, "-"))
		return read_fd(0, out, err);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		*err = errno;
		return -1;
	}
	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			close(fd);
			*err = EISDIR;
			return -1;
		}
		/* room for the whole file and the read that sees EOF */
		if (S_ISREG(st.st_mode) && st.st_size > 0 &&
		    !strbuf_grow(out, (size_t)st.st_size + 4096)) {
			close(fd);
			*err = ENOMEM;
			return -1;
		}
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
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st)) {
			*err = errno;
			goto out;
		}
		if (S_ISDIR(st.st_mode)) {
			*err = EISDIR;
			goto out;
		}
		if (S_ISREG(st.st_mode) && st.st_size > 0 &&
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

int atomic_open(struct atomic_file *af, const char *path, int *err)
{
	static unsigned long counter;
	struct strbuf tmp = STRBUF_INIT;
	const char *slash;
	size_t dirlen;
	struct stat st;
	char *real;
	int tries;

	af->fd = -1;
	af->tmp = NULL;
	af->written = af->reserved = 0;
	/* follow a symbolic link to the file it names */
	real = !lstat(path, &st) && S_ISLNK(st.st_mode) ? realpath(path, NULL) :
							  NULL;
	af->path = real ? real : strdup(path);
	if (!af->path)
		goto nomem;
	if (!stat(af->path, &st) && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode)) {
			*err = EISDIR;
			goto fail;
		}
		/* a device or a FIFO: write to it, never rename over it */
		af->fd = open(af->path, O_WRONLY | O_TRUNC | O_CLOEXEC);
		if (af->fd < 0) {
			*err = errno;
			goto fail;
		}
		return 0;
	}
	slash = strrchr(af->path, '/');
	dirlen = slash ? (size_t)(slash - af->path) + 1 : 0;
	for (tries = 0; tries < 100; tries++) {
		strbuf_reset(&tmp);
		strbuf_add(&tmp, af->path, dirlen);
		strbuf_addf(&tmp, ".%s.maint-%ld-%lu", af->path + dirlen,
			    (long)getpid(), counter++);
		if (strbuf_failed(&tmp))
			goto nomem;
		af->fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			      0666);
		if (af->fd >= 0 || errno != EEXIST)
			break;
	}
	if (af->fd < 0) {
		*err = errno;
		goto fail;
	}
	af->tmp = strbuf_detach(&tmp, NULL);
	/* keep an existing target's permissions */
	if (!stat(af->path, &st) && S_ISREG(st.st_mode))
		fchmod(af->fd, st.st_mode & 07777);
	return 0;
nomem:
	*err = ENOMEM;
fail:
	strbuf_release(&tmp);
	free(af->path);
	af->path = NULL;
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

int atomic_commit(struct atomic_file *af, int *err)
{
	int fd = af->fd;

	af->fd = -1;
	if (!af->tmp) { /* written directly: a device or a FIFO */
		if (close(fd)) {
			*err = errno;
			atomic_rollback(af);
			return -1;
		}
		free(af->path);
		af->path = NULL;
		return 0;
	}
	if (af->reserved && af->reserved != af->written &&
	    ftruncate(fd, (off_t)af->written)) {
		*err = errno;
		close(fd);
		atomic_rollback(af);
		return -1;
	}
	if (close(fd) || rename(af->tmp, af->path)) {
		*err = errno;
		atomic_rollback(af);
		return -1;
	}
	free(af->tmp);
	free(af->path);
	af->tmp = af->path = NULL;
	return 0;
}

void atomic_rollback(struct atomic_file *af)
{
	if (af->fd >= 0)
		close(af->fd);
	af->fd = -1;
	if (af->tmp)
		unlink(af->tmp);
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
	return 0;
}
