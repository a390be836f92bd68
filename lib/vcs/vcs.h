/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vcs: the git commands of scripts/get_maintainer.pl (6.12), with their
 * output as the script sees it (git_execute_cmd(): every line's leading
 * white space gone, blank lines gone), from as few git processes as can
 * give the same lines:
 *
 *  - the history of a file is the script's
 *	git log --no-color --follow --since=S --numstat --no-merges
 *		--format=... -- FILE
 *    read as
 *	git log --no-merges --full-history --no-renames --raw --numstat
 *		--since=S --format=... -- FILE...
 *    and split per file: the same commits in the same order with the
 *    same numstat lines, as long as no commit in the window adds the
 *    file (that is where --follow looks for a rename or copy): those
 *    files, and names a pathspec would read differently, get the
 *    script's own command.  One such log for all the files of a query;
 *    for very many files one log of the whole tree (vcs-log.c).
 *  - for up to 64 files: the walk (git log's, done here on the
 *    commit-graph, or git rev-list), the commits whose changed-path
 *    Bloom filters may hold a path (all, without filters) given to git
 *    log --no-walk in chunks run at once, and git's --follow (renames
 *    and copies from the whole parent tree) run on the adding commit
 *    alone (vcs-graph.c).
 *  - blame and single commits: the script's commands.
 *
 * Standard error of every git process is captured (v->err), never shown.
 *
 * The cache: outputs of the log commands are kept under
 * GIT_COMMON_DIR/maint/history/, keyed by HEAD, the command, TZ and
 * (for a --since that moves with the clock: relative, or a date without
 * a time of day) the current hour (git's: GIT_TEST_DATE_NOW); when HEAD
 * moves, the old entries are removed.  MAINT_GET_CACHE=0 turns it off.
 * Nothing is written elsewhere, and no link is followed there: a link,
 * a non-directory or another user's directory is refused (a line in
 * v->cache_warn); a damaged cache file is discarded (a line in
 * v->cache_info) and the answer is the one without it.
 *
 * The history index (vcs-hidx.c, vcs-hidx-log.c): per commit, kept under
 * GIT_COMMON_DIR/maint/index/ and never made stale (a commit does not
 * change), its parents and date and, for a non-merge commit, the
 * script's format lines and its raw and numstat lines.  Where the walk
 * of the window from HEAD finds every commit there, the logs of files
 * come from it (the walk done here, no git process: the usual --since
 * forms are read as git reads them by vcs-date.c, others by git
 * rev-parse --since); where it does not, the call is answered without it and
 * v->hidx_want asks for vcs_hidx_update() (in the background, by the
 * builtin), which reads only the missing commits.  Same safety rules as
 * the cache; git config maint.historyIndex false or MAINT_GET_CACHE=0
 * turn it off.
 *
 * Ownership: struct vcs owns everything it returns (strbufs in v->logs).
 */
#ifndef MAINT_VCS_H
#define MAINT_VCS_H

#include "base/base.h"

#include <stdbool.h>
#include <stddef.h>

struct vcs {
	int kind; /* -1 not looked yet, 0 none, 1 git, 2 hg */
	bool cache; /* use the cache under .git */
	bool repo_ready, cache_ready, cache_made, graph_ready;
	struct vcs_graph *graph; /* the commit-graph (vcs-graph.c) */
	char *gitdir; /* .git, or where a .git file points */
	char *commondir; /* the common directory (of a worktree) */
	char *cachedir; /* NULL: no cache */
	char head[64]; /* HEAD's commit ("" when unknown) */
	struct strmap logs; /* file -> struct strbuf * (lines of its log) */
	struct strbuf err; /* standard error of the git processes */
	unsigned runs; /* git processes run */
	unsigned cache_hits;
	int cachefd; /* the history directory, once opened (else -1) */
	struct strbuf cache_warn; /* cache refused: lines to show */
	struct strbuf cache_info; /* cache files discarded: lines (-v) */
	bool nomem; /* an allocation failed where no return could say it */
	struct vcs_hidx *hidx; /* the history index, once loaded */
	int hidx_on; /* -1 not asked yet, 0 off, 1 on */
	char *hidx_want; /* a --since the index lacked (malloc'd) */
	bool hidx_used; /* a log was read from the index */
	int lockfd; /* the index directory while locked (else -1) */
};

void vcs_init(struct vcs *v);
void vcs_release(struct vcs *v);

/* vcs_exists(): 1 git (git in PATH, .git here), 2 hg, 0 none. */
int vcs_exists(struct vcs *v);

/*
 * The lines of the script's find_signers_cmd for file (the script's
 * --since value since), in *out (owned by v).  0, or -1 (out of memory).
 */
int vcs_file_log(struct vcs *v, const char *since, const char *file,
		 const struct strbuf **out);
/* The log of file if it was read already (else NULL). */
const struct strbuf *vcs_file_log_read(const struct vcs *v, const char *file);
/*
 * Read the logs of n files (what vcs_file_log() then returns) with as
 * few git processes as give the script's lines; files it cannot read so
 * are left to vcs_file_log().  0, or -1 (out of memory).
 */
/*
 * Would vcs_prefetch_logs() run git for these files: is one of them
 * neither read yet nor in the cache (with no cache: false)?
 */
bool vcs_logs_missing(struct vcs *v, const char *since, char *const *files,
		      size_t n);
int vcs_prefetch_logs(struct vcs *v, const char *since, char *const *files,
		      size_t n);
/* find_commit_signers_cmd (body) or find_commit_author_cmd, appended. */
int vcs_commit_log(struct vcs *v, const char *commit, bool body,
		   struct strbuf *out);
/* blame_range_cmd (start and length as the patch gave them) or
 * blame_file_cmd (start NULL), appended. */
int vcs_blame(struct vcs *v, const char *file, const char *start,
	      const char *length, struct strbuf *out);

/*
 * git_execute_cmd(): the lines of text with leading white space (Perl's
 * \s on decoded text) removed and blank lines dropped, each ended by
 * '\n', appended to out.
 */
void vcs_lines(const char *text, size_t len, struct strbuf *out);

/*
 * The line of git's standard error (v->err) that says git refused the
 * repository as a whole (dubious ownership, not a repository, a format
 * it does not know), without its newline; NULL when there is none.
 */
const char *vcs_refusal(const struct vcs *v, size_t *len);

/*
 * The activity report's log (lib/activity.h): every commit from since
 * (until, when not 0; epoch seconds) as "\0AT\tCT\tAUTHOR\tCOMMITTER\n"
 * (times in epoch seconds, "Name <address>" as written), its trailers,
 * a "\1" line, then the files it changes (none for a merge), appended
 * to out; from the cache when it may be.  0, or VCS_ACT_*.
 */
#define VCS_ACT_NOGIT (-1) /* no git, or no .git here */
#define VCS_ACT_FAILED (-2) /* git failed: its words in v->err */
#define VCS_ACT_NOMEM (-3)
int vcs_activity_log(struct vcs *v, long long since, long long until,
		     struct strbuf *out);
/* Is the repository a shallow clone (its history cut)? */
bool vcs_shallow(struct vcs *v);

/*
 * The history index (vcs-hidx.c): build it, or bring it up to date, for
 * the window of --since since from HEAD.  0 done, 1 another run is at
 * it (its lock held), -1 failed (no index here, git failed, ENOMEM).
 */
int vcs_hidx_update(struct vcs *v, const char *since);

/*
 * Memos of what a command saw in the work tree (get's walk of
 * --find-maintainer-files), in GIT_COMMON_DIR/maint, one file a kind
 * and key ("KIND-HASH", HASH the key's FNV-1a): the cache's file format
 * (the key and a CRC), directory and rules (no link followed, another
 * user's directory or file refused, a damaged file removed and read as
 * a miss); written through a temporary file renamed over it, not
 * flushed to disk (a torn file fails its CRC).  vcs_memo_on(): may a
 * memo be kept here (a git directory, MAINT_GET_CACHE not 0)?
 * vcs_memo_get(): true with the payload kept for key appended to out;
 * false for none, a damaged file or no memory.  vcs_memo_put(): errors
 * ignored.
 */
bool vcs_memo_on(struct vcs *v);
bool vcs_memo_get(struct vcs *v, const char *kind, const struct strbuf *key,
		  struct strbuf *out);
void vcs_memo_put(struct vcs *v, const char *kind, const struct strbuf *key,
		  const struct strbuf *val);

/* Is the path tracked (vcs_file_exists(): git ls-files PATH says so)? */
bool vcs_file_exists(struct vcs *v, const char *path);

#endif
