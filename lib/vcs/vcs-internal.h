/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcs-internal: what the files of vcs share (see vcs.h for the whole):
 *
 * from the bottom up (a file calls only files above it in this list):
 *
 *  vcs-repo.c	is there git; git's own files read directly: .git, HEAD,
 *		the index
 *  vcs-cache.c	the cache under .git/maint/history
 *  vcs-run.c	running git (through lib/base/run), git_execute_cmd()
 *  vcs-cmd.c	the script's command for a file's log; the logs kept
 *  vcs-commit-graph.c  the commit-graph: commits, parents, Bloom
 *		filters, the walk
 *  vcs-graph.c	the logs of a few files from the walk and git log
 *		--no-walk
 *  vcs-hidx.c	the history index's files under .git/maint/index
 *  vcs-hidx-log.c  the logs of files from the history index, and its
 *		update
 *  vcs-log.c	the logs of files from git logs without --follow, split
 *		per file
 *  vcs.c	struct vcs made and freed; the script's commands (vcs.h)
 *  vcs-activity.c  the log activity reads
 *
 * Ownership as in vcs.h: what a function appends to a strbuf is the
 * caller's; struct vcs owns its logs.
 */
#ifndef MAINT_VCS_INTERNAL_H
#define MAINT_VCS_INTERNAL_H

#include "vcs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* ---- vcs-run.c ---- */

/*
 * Run argv with standard input from in (or /dev/null), standard output
 * appended to out, standard error to v->err.  The exit status, or -1.
 */
int vcs_run(struct vcs *v, const char *const argv[], const char *in,
	    size_t inlen, struct strbuf *out);
/*
 * Run n commands, at most jobs at a time; command i's standard input
 * ins[i] (ins NULL: /dev/null), its standard output appended to outs[i],
 * its exit status in status[i] (-1: not run).  0, or -1 (ENOMEM: none
 * ran).
 */
int vcs_run_jobs(struct vcs *v, const char *const *const argvs[],
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
/*
 * In a record of a log ("PARENTS\n" + the script's format + "\1\n" +
 * raw and numstat lines, to end), the "\1" line, looked for from the
 * line after nl (the end of the parents' line); NULL: none.
 */
const char *vcs_record_mid(const char *nl, const char *end);

/* ---- vcs-cmd.c ---- */

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
/* FNV-1a, 64 bits, of s[0..len): the names of cache and index files */
uint64_t vcs_fnv64(const char *s, size_t len);

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
/*
 * Open the directory name below dfd, never through a link (made first
 * when create): its descriptor; -1 refused (a line in v->cache_warn
 * naming it as path), -2 not there or not opened.
 */
int vcs_cache_open_dir(struct vcs *v, int dfd, const char *name,
		       const char *path, bool create);
/* An unpredictable temporary name for entry name, appended to tmp. */
void vcs_cache_temp_name(const char *name, struct strbuf *tmp);
/* A part of a file to write: n bytes at p. */
struct vcs_part {
	const void *p;
	size_t n;
};
int vcs_cache_write_file(int dfd, const char *name, const struct strbuf *hdr,
			 const struct vcs_part *parts, size_t n);

/* ---- vcs-commit-graph.c ---- */

/*
 * The commit-graph git would read: loaded once into v->graph; NULL when
 * there is none (or none read here).
 */
struct vcs_graph *vcs_cgraph_load(struct vcs *v);
/* Unmap the commit-graph. */
void vcs_graph_release(struct vcs *v);
/* The bytes of a commit id (20 or 32). */
unsigned vcs_cgraph_hashlen(const struct vcs_graph *g);
/* Does a layer of g hold changed-path Bloom filters? */
bool vcs_cgraph_has_bloom(const struct vcs_graph *g);
/* The position of the commit with this hex id, or -1. */
int64_t vcs_cgraph_find(const struct vcs_graph *g, const char *hex);
/* The hex id of commit pos, appended. */
void vcs_cgraph_hex(const struct vcs_graph *g, uint32_t pos, struct strbuf *sb);
/*
 * The non-merge commits git log --since shows from head, in its order,
 * in *order (malloc'd; *n of them).  0, or -1 (a bad graph, ENOMEM).
 */
int vcs_cgraph_walk(const struct vcs_graph *g, uint32_t head, uint64_t max_age,
		    uint32_t **order, size_t *n);

/* The Bloom filter keys of a path and its directories (git's bloom.c). */
#define VCS_BLOOM_KEYS 6
struct vcs_bloom_key {
	unsigned n;
	uint32_t h[VCS_BLOOM_KEYS][2][32];
};
void vcs_bloom_key(const char *path, struct vcs_bloom_key *k);
/* May commit pos change the path of key k (its filter says maybe)? */
bool vcs_bloom_maybe(const struct vcs_graph *g, uint32_t pos,
		     const struct vcs_bloom_key *k);

/* ---- vcs-date.c ---- */

/*
 * since (a --since value) as git reads it at now, in *t, for the forms
 * vcs-date.c reads: 0; 1 for another form (ask git).
 */
int vcs_approxidate(const char *since, long long now, uint64_t *t);
/* git's now: its tests' GIT_TEST_DATE_NOW when set (as date.c), else time() */
long long vcs_git_now(void);

/* ---- vcs-graph.c ---- */

/* --since as git reads it (git rev-parse --since=S): 0, or -1. */
int vcs_since_time(struct vcs *v, const char *since, uint64_t *t);

/*
 * The record r..end ("PARENTS\n", the script's format, "\1\n", raw and
 * numstat lines): its lines for path appended to out, as the script's
 * log gives them; the raw status of path in *status (0: the commit does
 * not touch it) and whether it has parents in *parents.
 */
void vcs_record_lines(const char *r, const char *end, const char *path,
		      char *status, bool *parents, struct strbuf *out);
/*
 * The script's --follow lines of commit, which adds path, appended to
 * out; *renamed the path --follow goes on with (malloc'd) if it found a
 * rename or copy.  0, or -1 (git failed).
 */
int vcs_follow_one(struct vcs *v, const char *commit, const char *path,
		   char **renamed, struct strbuf *out);

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

/* ---- vcs-hidx.c ---- */

/*
 * A commit of the history index: its hex id, committer date, kind ('c'
 * a commit read whole, 'b' only its date and parents) and its record
 * from the parents' line to its end (what vcs_record_lines() reads).
 */
struct vcs_hent {
	const char *id;
	const char *rec, *end;
	uint64_t date;
	char kind;
};

/* The index as loaded: its files mapped, their commits sorted by id. */
struct vcs_hidx {
	struct vcs_hent *e;
	size_t n, alloc;
	void **maps;
	size_t *maplen;
	char **names; /* the files' names */
	size_t nmaps, amaps;
	unsigned idlen; /* hex digits of an id: 40 or 64 (0: none yet) */
	int fd; /* the index directory (-1: none) */
};

/* May the index be used (not off, a cache directory of our own)? */
bool vcs_hidx_enabled(struct vcs *v);
/*
 * Load the index into v->hidx (again, when reload).  0 (maybe empty),
 * 1 no index (off, refused), -1 ENOMEM.
 */
int vcs_hidx_load(struct vcs *v, bool reload);
/* The commit with this hex id (len digits), or NULL. */
const struct vcs_hent *vcs_hidx_find(const struct vcs_hidx *x, const char *hex,
				     size_t len);
/* Take the index's lock: 0, 1 another run holds it, -1 failed. */
int vcs_hidx_lock(struct vcs *v);
void vcs_hidx_unlock(struct vcs *v);
/* Add records (git log's, see vcs-hidx-log.c) as a new file: 0, or -1. */
int vcs_hidx_write(struct vcs *v, const struct strbuf *recs);
/* Merge many files into one (under the lock). */
void vcs_hidx_compact(struct vcs *v);
void vcs_hidx_free(struct vcs *v);

/* ---- vcs-hidx-log.c ---- */

/*
 * The logs of p from the index: 1 read (a file git's --follow must
 * carry past an adding commit gets the script's command where that
 * fails: follow set), 0 the index does not hold the window (then
 * v->hidx_want is since), -1 ENOMEM.
 */
int vcs_hidx_logs(struct vcs *v, const char *since, struct vcs_pending *p,
		  size_t np);

#endif
