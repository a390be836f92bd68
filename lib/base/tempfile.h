/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One registry of what a run creates and must not leave behind, after
 * git's tempfile.c and lockfile.c.
 *
 * Temporary files, temporary directories (removed whole, never through
 * a symbolic link) and lock files are registered when they are made and
 * forgotten when they are renamed into place or removed.  Whatever is
 * still registered when the process exits (exit(), a return from main)
 * or is ended by SIGHUP, SIGINT, SIGTERM or SIGPIPE is removed; the
 * signal handler uses only async-signal-safe calls (unlink, unlinkat,
 * openat, getdents64, kill, waitpid) and then lets the signal end the
 * process as it would have.  Child processes registered (git) are sent
 * the same signal and waited for first, so that none of them writes
 * into a directory being removed.  A forked child that has not exec'd
 * removes nothing of its parent's: each entry names its owner process.
 *
 * Locks: lock_acquire() creates PATH.lock with O_CREAT | O_EXCL |
 * O_NOFOLLOW; a second writer of the same file fails at once (EEXIST:
 * lock_error() says which lock and what to do).  The lock records what
 * PATH was (device, inode, size, times) when it was taken, before the
 * file is read; atomic_commit() of a file that we hold the lock of
 * refuses to rename over it when it changed since (MNT_ECHANGED), so an
 * edit made meanwhile by a program that does not lock is not lost.
 *
 * lib/ never prints: errors come back as errno values.
 */
#ifndef MAINT_TEMPFILE_H
#define MAINT_TEMPFILE_H

#include "strbuf.h"

#include <signal.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

enum temp_kind {
	TEMP_FILE,
	TEMP_DIR, /* removed with everything below it */
	TEMP_LOCK,
};

/*
 * Register path (copied; a relative path is made absolute) to be
 * removed on exit and on a signal.  0, or -1 (ENOMEM).
 */
int temp_register(const char *path, enum temp_kind kind);
/* Forget path (it was renamed into place or removed).  Safe if absent. */
void temp_forget(const char *path);
/* Remove path as its kind says, then forget it.  0, or -1 with errno. */
int temp_remove(const char *path);

/*
 * A child process (git) to stop and wait for on a signal: registered
 * from its fork until it is reaped.
 */
int temp_register_child(pid_t pid);
void temp_forget_child(pid_t pid);

/* Block (and restore) the signals the registry handles. */
void temp_block_signals(sigset_t *old);
void temp_restore_signals(const sigset_t *old);

struct lock_file {
	char *path; /* the file locked (a final symbolic link resolved) */
	char *lock; /* PATH.lock */
	bool existed;
	struct stat st; /* PATH when the lock was taken */
};

#define LOCK_FILE_INIT             \
	{                          \
		NULL, NULL, false, \
		{                  \
			0          \
		}                  \
	}

/*
 * Lock path for an update: 0, or -1 with *err (EEXIST: another process
 * holds it).  The lock is held until lock_release().
 */
int lock_acquire(struct lock_file *lk, const char *path, int *err);
/* Remove the lock (if held).  Safe to call twice. */
void lock_release(struct lock_file *lk);
/*
 * Whether a lock of ours covers path, and if so whether path is still
 * what it was when locked: 0 (not locked, or unchanged), or -1 with
 * *err MNT_ECHANGED.
 */
int lock_check(const char *path, int *err);

/* What to tell the user when lock_acquire() said EEXIST. */
extern const char lock_hint[];

/*
 * rm -rf that never follows a symbolic link: every directory is opened
 * with O_NOFOLLOW | O_DIRECTORY relative to its parent (openat), and a
 * link, wherever it is (path itself included), is removed as a link.
 * A missing path is not an error.  0, or -1 with *err (the first error;
 * what can be removed is).
 */
int remove_tree_nofollow(const char *path, int *err);

#endif
