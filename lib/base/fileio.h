/* SPDX-License-Identifier: GPL-2.0 */
/*
 * File input, paths and directory listings.
 *
 * Input: read_path() and map_path() read regular files only (and
 * standard input as "-"): a FIFO, socket or device is refused with
 * MNT_ENOTREG, never waited on, a directory with EISDIR, a link loop
 * with ELOOP.  Directory walks use path_type(), which does not follow
 * symbolic links, so a walk can neither leave its tree nor loop.
 *
 * Output: lib/base/atomic.h.
 *
 * Ownership: read_path() appends to a caller-owned strbuf;
 * list_directory() returns a malloc'd array of malloc'd names that the
 * caller frees.
 */
#ifndef MAINT_FILEIO_H
#define MAINT_FILEIO_H

#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

/* Error codes beside errno values (file_strerror() describes them). */
#define MNT_ENOTREG 1001 /* a FIFO, socket or device where a file is read */
#define MNT_EDANGLING 1002 /* an output that is a link to nothing */
#define MNT_ESYMLINK 1003 /* a symbolic link met in a directory walk */
#define MNT_EDIRACCES 1004 /* an output whose directory is not writable */
#define MNT_ECHANGED 1005 /* a locked file changed since it was read */

/* strerror() that knows the codes above. */
const char *file_strerror(int err);
/*
 * The errno-style exit status for err (the drop-ins exit with errno as
 * Perl's die does): the codes above map to EISDIR ("not a regular
 * file", 21) and ENOENT (a link to nothing, 2).
 */
int file_exit_status(int err);

/* Read a whole file, or standard input for "-".  0, or -1 with *err. */
int read_path(const char *path, struct strbuf *out, int *err);
/* Read everything from a file descriptor. */
int read_fd(int fd, struct strbuf *out, int *err);
/*
 * Map a regular file read-only (MAP_PRIVATE): *data and *len, and
 * *mapped true when it was mapped (release with unmap_file()).  Files
 * that cannot be mapped (pipes, standard input, empty files) are read
 * into a malloc'd buffer instead (*mapped false; free() it).
 * 0, or -1 with *err.
 */
int map_path(const char *path, char **data, size_t *len, bool *mapped,
	     int *err);
/*
 * The same for a file read here and there (a commit-graph): its pages
 * are read as they are touched, not all at once (map_path() populates
 * the whole mapping, what a file read from end to end wants).
 */
int map_path_sparse(const char *path, char **data, size_t *len, bool *mapped,
		    int *err);
void unmap_file(char *data, size_t len, bool mapped);
bool is_directory(const char *path);
/* What path itself is (lstat: a symbolic link is not followed). */
enum file_type {
	FT_MISSING,
	FT_REGULAR,
	FT_DIRECTORY,
	FT_SYMLINK,
	FT_OTHER, /* FIFO, socket, device */
};
enum file_type path_type(const char *path);
bool is_regular(const char *path);
/*
 * Why path (links followed) is neither a regular file nor a directory:
 * the errno of stat() (ENOENT, ELOOP, EACCES...) or MNT_ENOTREG; 0 when
 * it is one of them.
 */
int path_error(const char *path);
/*
 * Whether a and b are one file: the same inode when both exist (links,
 * "..", hard links), else the same canonical name.
 */
bool same_file(const char *a, const char *b);
/* Whether path is, or would be, below the directory dir. */
bool path_inside(const char *path, const char *dir);
/*
 * Whether path is a symbolic link to a file outside its tree: the work
 * tree holding the link (the nearest directory above it with a .git),
 * else the link's own directory.
 */
bool link_leaves_tree(const char *path);
/* Names in dir not starting with '.', unsorted.  0, or -1 with *err. */
int list_directory(const char *dir, char ***names, size_t *nr, int *err);
/*
 * Every name in dir but "." and "..", those starting with '.' too (as
 * Perl's File::Find), with what each entry is (types[i] for (*names)[i],
 * as path_type() says, from readdir's d_type where the file system gives
 * it: no lstat per entry), *types malloc'd too.
 */
int list_directory_typed(const char *dir, char ***names, enum file_type **types,
			 size_t *nr, int *err);
/*
 * Every regular file below dir, one "path\n" (relative to dir) a line,
 * appended to out in directory order.  Symbolic links are not followed
 * (nor listed), FIFOs and devices are left out, .git directories and
 * unreadable directories skipped.  0, or -1 with *err.
 */
int list_tree(const char *dir, struct strbuf *out, int *err);

/*
 * lstat() each of paths[0..n) into st[i] (st[i].st_mode 0 where it
 * fails), as a loop of lstat() would, shared among a few threads when n
 * is large and more CPUs are online (the kernel's path lookups are most
 * of a check of a tree that did not change).
 */
struct stat;
void lstat_all(const char *const *paths, size_t n, struct stat *st);

/* Write all of data to fd, retrying short writes.  0, or -1 with *err. */
int write_all(int fd, const void *data, size_t len, int *err);

/* The canonical name of path: its directory resolved, then its name. */
int canonical_path(const char *path, struct strbuf *out);

#endif
