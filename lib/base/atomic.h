/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Crash-safe output.
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
 * struct atomic_file owns its path strings.
 */
#ifndef MAINT_ATOMIC_H
#define MAINT_ATOMIC_H

#include "strbuf.h"

#include <stddef.h>

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

/*
 * Make a directory beside path (".NAME.maint-PID-XXXXXX", mode 0700) for
 * work to be renamed into place, its name in tmp; first remove what a
 * killed run of ours left there (a process that is gone).  0, or -1 with
 * errno.
 */
int make_tmpdir_near(const char *path, struct strbuf *tmp);

#endif
