// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE /* MAP_POPULATE */
#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
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

static int map_path_flags(const char *path, char **data, size_t *len,
			  bool *mapped, int *err, int flags)
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
				 MAP_PRIVATE | flags, fd, 0);
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

int map_path(const char *path, char **data, size_t *len, bool *mapped, int *err)
{
	return map_path_flags(path, data, len, mapped, err, MAP_POPULATE);
}

int map_path_sparse(const char *path, char **data, size_t *len, bool *mapped,
		    int *err)
{
	return map_path_flags(path, data, len, mapped, err, 0);
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

/* What readdir says de is (FT_MISSING: it does not say; lstat it). */
static enum file_type dirent_type(const struct dirent *de)
{
	switch (de->d_type) {
	case DT_REG:
		return FT_REGULAR;
	case DT_DIR:
		return FT_DIRECTORY;
	case DT_LNK:
		return FT_SYMLINK;
	case DT_UNKNOWN:
		return FT_MISSING;
	default:
		return FT_OTHER;
	}
}

/* The entries of dir (those starting with '.' too when dots). */
static int list_dir(const char *dir, char ***names, enum file_type **types,
		    size_t *nr, int *err, bool dots)
{
	size_t alloc = 0, talloc = 0;
	struct strbuf path = STRBUF_INIT;
	struct dirent *de;
	DIR *d = opendir(dir);

	*names = NULL;
	if (types)
		*types = NULL;
	*nr = 0;
	if (!d) {
		*err = errno;
		return -1;
	}
	while ((errno = 0, de = readdir(d))) {
		enum file_type t = FT_MISSING;
		char *s;

		if (de->d_name[0] == '.' &&
		    (!dots || !de->d_name[1] ||
		     (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		if (types) {
			t = dirent_type(de);
			if (t == FT_MISSING) {
				strbuf_reset(&path);
				strbuf_addf(&path, "%s/%s", dir, de->d_name);
				t = path_type(path.buf);
			}
		}
		s = strdup(de->d_name);
		if (!s || strbuf_failed(&path) ||
		    !ALLOC_GROW(*names, *nr + 1, alloc) ||
		    (types && !ALLOC_GROW(*types, *nr + 1, talloc))) {
			free(s);
			*err = ENOMEM;
			goto fail;
		}
		if (types)
			(*types)[*nr] = t;
		(*names)[(*nr)++] = s;
	}
	if (errno) {
		*err = errno;
		goto fail;
	}
	closedir(d);
	strbuf_release(&path);
	return 0;
fail:
	closedir(d);
	strbuf_release(&path);
	while (*nr)
		free((*names)[--*nr]);
	free(*names);
	*names = NULL;
	if (types) {
		free(*types);
		*types = NULL;
	}
	return -1;
}

int list_directory(const char *dir, char ***names, size_t *nr, int *err)
{
	return list_dir(dir, names, NULL, nr, err, false);
}

int list_directory_typed(const char *dir, char ***names, enum file_type **types,
			 size_t *nr, int *err)
{
	return list_dir(dir, names, types, nr, err, true);
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
		if (strbuf_failed(&path)) {
			*err = ENOMEM;
			goto out;
		}
		base = path.len - strlen(de->d_name);
		/* lstat: a symbolic link is neither followed nor listed */
		if (lstat(path.buf, &st))
			continue;
		if (S_ISDIR(st.st_mode)) {
			struct strbuf sub = STRBUF_INIT;

			strbuf_addf(&sub, "%s%s/", prefix, de->d_name);
			if (strbuf_failed(&sub))
				*err = ENOMEM;
			if (strbuf_failed(&sub) ||
			    (walk(path.buf, sub.buf, out, err) &&
			     *err != EACCES)) {
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

int canonical_path(const char *path, struct strbuf *out)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	char *dir, *real;

	strbuf_reset(out);
	if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) {
		real = realpath(path, NULL);
		if (!real)
			strbuf_addstr(out, path);
		else
			strbuf_addstr(out, real);
		free(real);
		return strbuf_failed(out) ? -1 : 0;
	}
	dir = slash ? strndup(path, (size_t)(slash - path) + 1) : strdup(".");
	real = dir ? realpath(dir, NULL) : NULL;
	free(dir);
	if (real)
		strbuf_addf(out, "%s%s%s", real,
			    real[strlen(real) - 1] == '/' ? "" : "/", base);
	else
		strbuf_addstr(out, path);
	free(real);
	return strbuf_failed(out) ? -1 : 0;
}

/*
 * lstat_all(): a thread for each LSTAT_PER_THREAD paths (a thread's start
 * costs about what ~40 lstats do), up to LSTAT_THREADS and the CPUs
 * online.
 */
#define LSTAT_PER_THREAD 128
#define LSTAT_THREADS 4

struct lstat_part {
	const char *const *paths;
	struct stat *st;
	size_t from, to;
};

static void *lstat_part(void *arg)
{
	const struct lstat_part *p = arg;
	size_t i;

	for (i = p->from; i < p->to; i++)
		if (lstat(p->paths[i], &p->st[i]))
			p->st[i].st_mode = 0;
	return NULL;
}

void lstat_all(const char *const *paths, size_t n, struct stat *st)
{
	struct lstat_part part[LSTAT_THREADS];
	pthread_t t[LSTAT_THREADS];
	size_t k, nt = n / LSTAT_PER_THREAD, started = 1;
	long cpus = nt > 1 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;

	if (nt > LSTAT_THREADS)
		nt = LSTAT_THREADS;
	if (cpus < (long)nt)
		nt = cpus > 1 ? (size_t)cpus : 1;
	if (!nt)
		nt = 1;
	for (k = 0; k < nt; k++)
		part[k] = (struct lstat_part){ paths, st, n * k / nt,
					       n * (k + 1) / nt };
	while (started < nt &&
	       !pthread_create(&t[started], NULL, lstat_part, &part[started]))
		started++;
	/* part 0, and any whose thread could not start, are done here */
	lstat_part(&part[0]);
	for (k = started; k < nt; k++)
		lstat_part(&part[k]);
	for (k = 1; k < started; k++)
		pthread_join(t[k], NULL);
}
