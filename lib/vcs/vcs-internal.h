/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcs-internal: what the files of vcs share (see vcs.h for the whole):
 *
 *  vcs.c	git processes, git_execute_cmd(), the script's commands
 *  vcs-repo.c	git's own files read directly: .git, HEAD, the index,
 *		the commit-graph
 *  vcs-cache.c	the cache under .git/maint/history
 *  vcs-log.c	the logs of files from git logs without --follow, split
 *		per file
 *  vcs-graph.c	the logs of a few files from the walk (the commit-graph's,
 *		Bloom filters) and git log --no-walk
 *
 * Ownership as in vcs.h: what a function appends to a strbuf is the
 * caller's; struct vcs owns its logs.
 */
#ifndef MAINT_VCS_INTERNAL_H
#define MAINT_VCS_INTERNAL_H

#include "vcs.h"

#include <stdbool.h>
#include <stddef.h>

#define LOG_FORMAT                                            \
	"GitCommit: %H%nGitAuthor: %an <%ae>%nGitDate: %aD%n" \
	"GitSubject: %s%n%b%n"
/*
 * The records maint's own logs are read in: "\0", the parents, the
 * script's format, a "\1" line, then the raw and numstat lines
 * (vcs_record_mid() finds the "\1" line).
 */
#define RECORD_FORMAT_ARG "--format=%x00%P%n" LOG_FORMAT "%x01"

/* A file whose log is read (vcs-log.c, vcs-graph.c). */
struct vcs_pending {
	const char *file;
	struct strbuf *log;
	bool follow; /* added in the window: --follow may look further */
};

/* ---- vcs.c ---- */

/*
 * Run argv with standard input from in (or /dev/null), standard output
 * appended to out, standard error to v->err.  The exit status, or -1.
 */
int vcs_run(struct vcs *v, const char *const argv[], const char *in,
	    size_t inlen, struct strbuf *out);
/*
 * Run n commands, at most jobs at a time; command i's standard input
 * ins[i] (ins NULL: /dev/null; written whole first, as git reads all of
 * --stdin before it writes), its standard output appended to outs[i],
 * its exit status in status[i] (-1: not run).
 */
void vcs_run_jobs(struct vcs *v, const char *const *const argvs[],
		  const struct strbuf *ins, size_t n, unsigned jobs,
		  struct strbuf *outs, int *status);
/* How many git processes at once: the processors, up to 4. */
unsigned vcs_jobs(void);
/*
 * Run a command of the script (its output through git_execute_cmd()
 * into out), from the cache when it may be.
 */
int vcs_run_lines(struct vcs *v, const char *const argv[], const char *since,
		  bool cacheable, struct strbuf *out);

/* The script's command for one file's log (git log --follow ...). */
int vcs_follow_log(struct vcs *v, const char *since, const char *file,
		   struct strbuf *out);
/* That command's output from the cache (false: not there). */
bool vcs_follow_log_cached(struct vcs *v, const char *since, const char *file,
			   struct strbuf *out);
/* Keep log in the cache as that command's output. */
void vcs_follow_log_store(struct vcs *v, const char *since, const char *file,
			  const struct strbuf *log);
/* The log of file in v->logs, made empty if new (*fresh); NULL: ENOMEM. */
struct strbuf *vcs_log_slot(struct vcs *v, const char *file, bool *fresh);
/*
 * In a record of a log ("PARENTS\n" + the script's format + "\1\n" +
 * raw and numstat lines, to end), the "\1" line, looked for from the
 * line after nl (the end of the parents' line); NULL: none.
 */
const char *vcs_record_mid(const char *nl, const char *end);

/* ---- vcs-repo.c ---- */

/* Read a small file into out (reset first): 0, or -1. */
int vcs_read_small(const char *path, struct strbuf *out);
/* Drop trailing newlines, carriage returns and spaces. */
void vcs_chomp(struct strbuf *sb);
/*
 * Find .git (a directory, or a file naming one), the common directory
 * and HEAD's commit: v->gitdir, v->commondir, v->head (empty when HEAD
 * does not resolve).  Once; sets v->repo_ready.
 */
void vcs_repo_setup(struct vcs *v);
/*
 * Does the index list path (or, for "dir/", a path below it)?  1 yes,
 * 0 no, -1 cannot tell.
 */
int vcs_index_has(const char *gitdir, const char *path);

/* ---- vcs-cache.c ---- */

/* v->cachedir, when the cache may be used (after vcs_repo_setup()). */
void vcs_cache_setup(struct vcs *v);
/* Close the cache directory, free what the cache holds. */
void vcs_cache_release(struct vcs *v);
/* The cache key of a command: HEAD, the arguments, maybe the hour. */
void vcs_cache_key(struct vcs *v, const char *const argv[], const char *since,
		   struct strbuf *key);
/* The value kept under key, appended to out (false: none). */
bool vcs_cache_get(struct vcs *v, const struct strbuf *key, struct strbuf *out);
/* Keep val under key (errors ignored: the cache is only a cache). */
void vcs_cache_put(struct vcs *v, const struct strbuf *key,
		   const struct strbuf *val);

/* ---- vcs-graph.c ---- */

/* The most files vcs_graph_logs() reads at once. */
#define VCS_GRAPH_FILES 64

/*
 * The logs of p from the walk given to git log --no-walk (see
 * vcs-graph.c): 1 read (a file marked follow gets the script's
 * command), 0 cannot be read so (too many files, no HEAD, git failed),
 * -1 ENOMEM.
 */
int vcs_graph_logs(struct vcs *v, const char *since, struct vcs_pending *p,
		   size_t np);
/* Unmap the commit-graph. */
void vcs_graph_release(struct vcs *v);

#endif
