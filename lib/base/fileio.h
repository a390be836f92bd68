/* SPDX-License-Identifier: GPL-2.0 */
/*
 * File input and crash-safe output.
 *
 * Input: read_path() and map_path() read regular files only (and
 * standard input as "-"): a FIFO, socket or device is refused with
 * MNT_ENOTREG, never waited on, a directory with EISDIR, a link loop
 * with ELOOP.  Directory walks use path_type(), which does not follow
 * symbolic links, so a walk can neither leave its tree nor loop.
 *
 * Output never truncates or half-writes a file: struct atomic_file writes
 * to a temporary file (mkstemp, ".NAME.maint-PID-XXXXXX" in the target's
 * directory), fsyncs it, renames it over the target on commit and fsyncs
 * the directory.  A file that is never committed is removed by
 * atomic_rollback(), or on exit and on SIGHUP, SIGINT, SIGTERM and
 * SIGPIPE by the registry of lib/tempfile.h; when this process holds the
 * lock of the target (lock_acquire()), the commit first checks that the
 * target did not change since it was locked (MNT_ECHANGED).  What a
 * killed run (SIGKILL) left is removed by the next atomic_open() of the
 * same target once its process is gone.  A new file
 * gets mode 0666 less the umask (as a plain open() would); a replaced
 * one keeps its owner, group and mode (as sed -i does).  A target that
 * we may not write (a read-only file, a read-only file system) is refused
 * with the errno open(O_WRONLY) would give (EACCES: the script's exit
 * code 13).  A symbolic link is followed: the file it points to is
 * replaced and the link stays; a link to nothing is refused
 * (MNT_EDANGLING).  A target that exists and is not a regular file (a
 * device such as /dev/null, a FIFO) is written directly, as renaming
 * over it would replace the device itself.
 *
 * Ownership: read_path() appends to a caller-owned strbuf;
 * list_directory() returns a malloc'd array of malloc'd names that the
 * caller frees.  struct atomic_file owns its path strings.
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
 * Every regular file below dir, one "path\n" (relative to dir) a line,
 * appended to out in directory order.  Symbolic links are not followed
 * (nor listed), FIFOs and devices are left out, .git directories and
 * unreadable directories skipped.  0, or -1 with *err.
 */
int list_tree(const char *dir, struct strbuf *out, int *err);

struct atomic_file {
	char *path;
	char *tmp; /* NULL when writing directly */
	int fd;
	unsigned long long written, reserved;
};

#define ATOMIC_FILE_INIT             \
	{                            \
		NULL, NULL, -1, 0, 0 \
	}

/* Create the temporary file.  0, or -1 with *err. */
int atomic_open(struct atomic_file *af, const char *path, int *err);
int atomic_write(struct atomic_file *af, const void *data, size_t len,
		 int *err);
/*
 * Allocate the blocks of a file of size bytes up front (advisory).  On
 * ext4 this saves the flush that replacing an existing file by rename
 * otherwise forces; commit trims the file to what was written.
 */
void atomic_reserve(struct atomic_file *af, unsigned long long size);
/* Close and rename over the target.  0, or -1 with *err (then rolled back). */
int atomic_commit(struct atomic_file *af, int *err);
/*
 * Commit af[0..n) together: every temporary file is flushed and closed,
 * then all are renamed with the signals blocked; when one rename (or the
 * directory's fsync after them) fails, the targets already replaced are
 * put back, so the targets are all as they were or all new.  0, or -1
 * with *err and *failed the index of the file that failed.  Every
 * af[i] is released either way.
 */
int atomic_commit_all(struct atomic_file *af, size_t n, size_t *failed,
		      int *err);
/* Remove the temporary file if it is still there; safe to call twice. */
void atomic_rollback(struct atomic_file *af);

/* Write all of data to fd, retrying short writes.  0, or -1 with *err. */
int write_all(int fd, const void *data, size_t len, int *err);

/*
 * rm -rf that never follows a symbolic link: every directory is opened
 * with O_NOFOLLOW | O_DIRECTORY relative to its parent (openat), and a
 * link, wherever it is (path itself included), is removed as a link.
 * A missing path is not an error.  0, or -1 with *err (the first error;
 * what can be removed is).
 */
int remove_tree_nofollow(const char *path, int *err);

/*
 * Make a directory beside path (".NAME.maint-PID-XXXXXX", mode 0700) for
 * work to be renamed into place, its name in tmp; first remove what a
 * killed run of ours left there (a process that is gone).  0, or -1 with
 * errno.
 */
int make_tmpdir_near(const char *path, struct strbuf *tmp);

#endif
