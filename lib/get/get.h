/* SPDX-License-Identifier: GPL-2.0 */
/*
 * getmaint: scripts/get_maintainer.pl (6.12) as a library, in rooms:
 *
 *   get-db.c      the database: MAINTAINERS read the script's way, each
 *                 entry's regex made on use (glob.c for F:/X:)
 *   get-match.c   the pattern index and the matcher: which sections a
 *                 file matches, at which depth
 *   get-query.c   the query: paths and patches (patch.c) to files and
 *                 keywords; gm_get() and gm_get_all(), the entry points
 *   get-answer.c  the answer: roles and lists collected, de-duplicated
 *                 (mailmap.c, email.c), chief penguins, addresses found
 *                 in files, printed as the script prints them
 *
 * MAINTAINERS is read the way get_maintainer.pl reads it (which is not
 * quite how parse-maintainers.pl does): a list of entries, "T:value"
 * for field lines (leading white space of the value dropped) and the
 * line itself for any other line that is neither blank nor a comment;
 * a section is a run of field lines and the line before it is its
 * header.  F: and X: values are globs turned into regexes the script's
 * way (glob.h); N: and K: are Perl regexes (/x) run by PCRE2.
 *
 * The answer for a set of files is built exactly as the script builds
 * it (roles, lists, de-duplication, .mailmap, chief penguins, e-mail
 * addresses in .yaml files).  Where the script's order depends on Perl's
 * hash seed (sections matching at the same pattern depth), maint takes
 * them in byte order of their headers (then file order), which does not
 * change when the sections are spread over several files.
 *
 * Git history (--git, --git-fallback, --git-blame, Fixes:) is the history
 * room's (history.c, vcs.c): the answer calls it, through the hooks of
 * gm_history_ops(), where the script calls vcs_file_signoffs(),
 * vcs_file_blame() and vcs_add_commit_signers().
 *
 * Ownership: struct gm_db owns the MAINTAINERS text, the entries and
 * every regex compiled for them.  struct gm_getmaint owns a gm_db, a
 * mailmap and what the answer keeps between queries (its regexes,
 * remembered answers).  struct gm_query owns its file list.  Nothing
 * here prints or exits; errors and warnings go to a struct diags and
 * calls return 0 or -1.
 */
#ifndef MAINT_GETMAINT_H
#define MAINT_GETMAINT_H

#include "base/base.h"
#include "model/model.h"

#include <stdbool.h>
#include <stddef.h>

struct gm_opts {
	int email, email_usename, email_maintainer, email_reviewer;
	int email_list, email_moderated_list, email_subscriber_list;
	int email_git_penguin_chiefs, email_remove_duplicates;
	int email_use_mailmap, email_file_emails, email_fixes;
	int email_git, email_git_fallback, email_git_blame;
	int output_multiline, output_roles, output_rolestats;
	const char *output_separator;
	int scm, tree, web, bug, subsystem, status;
	int keywords, keywords_in_file, sections;
	const char *letters;
	int pattern_depth;
	/*
	 * Which scripts/get_maintainer.pl to answer as (MNT_GEN_*): 6.12's
	 * roles by S:, or mainline's (6.15: "maintainer" whatever S: says,
	 * --substatus; 7.1: "**" in F:/X:; 7.2: --json).
	 */
	int gen;
	int substatus; /* 6.15: print the SECTION status: lines */
	int json; /* 7.2: --json, the answer as upstream's JSON line */
	/* git history (--git, --git-fallback, --git-blame, Fixes:), read
	 * through the history room (history.h); NULL for none */
	struct history *history;
	/*
	 * --all: called now and then with the files answered so far (an
	 * estimate over both processes) and the total, last with done ==
	 * total; NULL for none.
	 */
	void (*progress)(void *ctx, size_t done, size_t total);
	void *progress_ctx;
};

void gm_opts_default(struct gm_opts *o);

struct perlre;

/* What few entries need, made on use. */
struct gm_extra {
	char *conv; /* F:/X: the script's regex for it */
	size_t conv_len;
	struct perlre *re; /* N:, K: (two), complex F:/X: */
	const char *need; /* N: a literal every match contains, or NULL */
	size_t need_len;
	bool valid; /* N: known to compile without compiling it (get-match.c) */
};

struct gm_entry {
	const char *s; /* the value of a field (as written), else the line */
	size_t len;
	struct gm_extra *x;
	unsigned long lineno;
	unsigned file;
	char type; /* 'A'..'Z' for "T:value", 0 for another line */
	signed char dir; /* F:/X: names a directory: -1 not known yet */
	bool complex; /* F:/X: more than a glob: PCRE2 on the regex */
	bool simple; /* F:/X: known to be a glob (glob_simple()) */
};

struct gm_db {
	struct gm_entry *tv;
	size_t nr, alloc;
	size_t *keywords; /* indexes of K: entries */
	size_t nr_keywords, alloc_keywords;
	char **names;
	size_t nr_names;
	struct mapped {
		char *data;
		size_t len;
		bool mapped;
		bool kept; /* a part of db->kept (not freed itself) */
	} * maps;
	/* the texts memo (get-texts.c) the maps it kept point into */
	char *kept;
	/* the index (gm_db_index()): sections and where their patterns point */
	struct gm_section {
		size_t tvi, start, end;
	} * secs;
	size_t nr_secs;
	struct strmap buckets; /* directory prefix -> struct gm_bucket * */
	size_t *always; /* sections with N: (tried for every file) */
	size_t *lit; /* per entry: length of its F:/X: literal prefix */
	size_t nr_always;
	bool indexed;
	/* gm_db_read(): a directory's files in readdir order (the script's) */
	bool readdir_order;
	/*
	 * Read from a MAINTAINERS directory (a split, not the files
	 * --find-maintainer-files finds): its files are MAINTAINERS too, as
	 * for the get_maintainer.pl the split series patches.
	 */
	bool split_dir;
	/* the files were found by the walk (--find-maintainer-files) */
	bool found;
	/* 7.1 and later: a "**" F:/X: pattern skips the slash-count test */
	bool globstar;
	/* an N:/K: regex that does not compile, once one was tried */
	const struct gm_entry *bad_re;
	/* a match had no memory (gm_hits() then fails) */
	bool nomem;
	struct perlre re_maint; /* S: says it is maintained */
	struct arena arena; /* the entries' extras */
};

void gm_db_init(struct gm_db *db);
void gm_db_release(struct gm_db *db);
/*
 * Read MAINTAINERS: a file, or a directory (its files not starting with
 * '.', in sorted name order, or as readdir() gives them when
 * db->readdir_order; with find, every file named MAINTAINERS
 * below it, sorted).  0, or -1 with a message in d.
 */
int gm_db_read(struct gm_db *db, const char *path, bool find, struct diags *d);
/*
 * The same from texts in memory: takes over names (the array and its
 * strings) and data (malloc'd), n of each.  0, or -1 with a message.
 */
int gm_db_read_texts(struct gm_db *db, char **names, char **data, size_t *len,
		     size_t n, struct diags *d);
/*
 * An N:/K: regex that was tried did not compile (the script dies there):
 * 1 with "FILE:LINE: T: regex does not compile: 'REGEX'" added to d,
 * else 0.
 */
int gm_db_bad_regex(const struct gm_db *db, struct diags *d);
/*
 * N:/K: regexes that hit their limit in this run (regex.h): one
 * D_REGEX_LIMIT each, "FILE:LINE: T: ..."; returns how many.  The list
 * ("ENTRY WHICH" lines) and the mark carry that state from a forked half
 * of --all to the other.
 */
int gm_db_limit_diags(const struct gm_db *db, struct diags *d);
int gm_db_limit_list(const struct gm_db *db, struct strbuf *out);
int gm_db_limit_mark(struct gm_db *db, size_t i, unsigned which);

struct gm_query {
	char **files; /* owned */
	size_t nr_files, alloc_files;
	size_t *kw_hits; /* K: entries that matched */
	size_t nr_kw, alloc_kw;
	bool any_file; /* a patch named at least one file */
	char **fixes; /* the patches' Fixes: commits, uniq() */
	size_t nr_fixes, alloc_fixes;
};

void gm_query_release(struct gm_query *q);
int gm_query_add_file(struct gm_query *q, const char *file, size_t len);
/*
 * --keywords-in-file: the K: patterns found in a file's text (the same).
 * 0, or -1: out of memory, or a K: regex failed (db->bad_re, reported by
 * gm_db_bad_regex() when the query ends).
 */
int gm_scan_keywords(struct gm_db *db, const char *text, size_t len,
		     struct gm_query *q);
/* Sort and de-duplicate the files (what the script does for patches). */
void gm_query_sort_files(struct gm_query *q);

/*
 * Index the F: patterns by the directory part of their literal prefix,
 * so that a query tries only the sections that can match (for --all).
 * The answers are the same with and without it.  0, or -1 (ENOMEM).
 */
int gm_db_index(struct gm_db *db);

/*
 * The sections file matches, deepest first, as the index of their header
 * entries in *hdr (malloc'd; *n of them).  0, or -1 (ENOMEM).
 */
int gm_file_sections(struct gm_db *db, const struct gm_opts *o,
		     const char *file, size_t **hdr, size_t *n);
/* The same, with the pattern depth of each in *depth (malloc'd) too. */
int gm_file_hits(struct gm_db *db, const struct gm_opts *o, const char *file,
		 size_t **hdr, long **depth, size_t *n);
/* Does the section whose header is entry hdr name addr in M:, R: or L:? */
bool gm_section_has(const struct gm_db *db, size_t hdr, const char *addr);

/* Does file match F:/X: entry i (the script's file_match_pattern)? */
bool gm_file_matches(struct gm_db *db, size_t i, const char *file, size_t len);

/* ---- get: the session, its entry points ---- */

/* What the answer keeps between queries. */
struct gm_cache {
	struct mnt_email_parser ep;
	struct perlre restore[4]; /* --sections: the pattern back */
	struct perlre file_email[5]; /* addresses found in files */
	struct strmap memo; /* answers by the sections they come from */
	bool use_memo;
	struct arena arena;
};

struct gm_getmaint {
	struct gm_db db;
	struct mnt_mailmap mailmap; /* empty with --nomailmap */
	struct gm_cache cache;
	struct patch_scanner scanner; /* patches, the script's way */
	/* the tree's script's chief penguins (mnt_chiefs_read()): Linus */
	struct mnt_chiefs chiefs;
};

void gm_init(struct gm_getmaint *g);
void gm_release(struct gm_getmaint *g);
/*
 * Files and keywords of a patch, read line by line as the script reads
 * it (patch_scan_line()).  0, or -1 with the reason in d: out of memory,
 * or the K: regex that failed (gm_db_bad_regex()).
 */
int gm_scan_patch(struct gm_getmaint *g, const struct gm_opts *o,
		  const char *text, size_t len, struct gm_query *q,
		  struct diags *d);

/*
 * Read MAINTAINERS (gm_db_read()) and, with mailmap set, that .mailmap
 * (missing is fine).  0, or -1 with the reason in d.
 */
int gm_read(struct gm_getmaint *g, const char *path, bool find,
	    const char *mailmap, struct diags *d);

/*
 * The answer for a query, as the script prints it, appended to out
 * (warnings to d).  0, or -1 (out of memory, or an N:/K: regex that
 * does not compile: the script dies there) with the reason in d.
 */
int gm_answer(struct gm_getmaint *g, const struct gm_opts *o,
	      struct gm_query *q, struct strbuf *out, struct diags *d);

/* The answer's hooks for the history room (struct hist_ops, ctx unset). */
struct hist_ops;
void gm_history_ops(struct hist_ops *ops);

/* What get is asked about: its arguments, handed over once. */
struct gm_request {
	char **paths; /* as given; none: a patch on standard input */
	size_t nr;
	bool files; /* -f: files (or directories), not patches */
	const char *prefix; /* prepended to relative paths, or NULL */
};

/*
 * get: the paths read and answered, appended to out; warnings (not a
 * patch, invalid addresses) in d.  0, or -1 with the reason in d: a path
 * that is missing (D_OPEN, err 0) or cannot be read (D_OPEN, its errno),
 * a regex that does not compile (D_BAD_REGEX), out of memory.
 */
int gm_get(struct gm_getmaint *g, const struct gm_opts *o,
	   const struct gm_request *rq, struct strbuf *out, struct diags *d);

/*
 * With --git and -f files whose logs are not cached, read them in a
 * child beside us (into the history cache, where gm_get() then finds
 * them) while MAINTAINERS files are still being found and read:
 * gm_history_prefetch_wait() before answering.  0 (bg->pid 0: none started), or
 * -1 (errno; none started, nothing lost).
 */
int gm_history_prefetch(const struct gm_opts *o, const struct gm_request *rq,
			struct run_bg *bg);
/*
 * Wait for its child (said in the history's cache_info): 0 (none
 * started, or the logs read; an update of the history index asked as
 * the call would have), 1 (it failed: they are read again), -1 (out of
 * memory).
 */
int gm_history_prefetch_wait(const struct gm_opts *o, struct run_bg *bg);
/*
 * Or stop its child, for a call that ends before it answers (its
 * MAINTAINERS could not be read): what it did is not waited for.
 */
void gm_history_prefetch_stop(struct run_bg *bg);

/* gm_get()'s first half: the request's files and keywords in q. */
int gm_get_query(struct gm_getmaint *g, const struct gm_opts *o,
		 const struct gm_request *rq, struct gm_query *q,
		 struct diags *d);

/*
 * get --json: the answer to q as a JSON object (doc/maint-get.1): the
 * sections each file matches, every recipient with every role it has in
 * them, and To/Cc as b4 splits them.  0, or -1 with the reason in d.
 */
#define GM_JSON_VERSION 1
int gm_answer_json(struct gm_getmaint *g, const struct gm_opts *o,
		   struct gm_query *q, struct strbuf *out, struct diags *d);
/* --json: the query as gm_get() makes it, answered by gm_answer_json(). */
int gm_get_json(struct gm_getmaint *g, const struct gm_opts *o,
		const struct gm_request *rq, struct strbuf *out,
		struct diags *d);

/*
 * get --series (get-series.c): the request's paths are a series: files
 * (a mail, an mbox, a diff), directories of *.patch files, revision
 * ranges (git format-patch --stdout); none: standard input.  Each mail
 * that changes a file is answered as gm_get() answers it alone, the
 * others (cover letters) with the answer for all the patches at once.
 * lines: "NAME<TAB>answer" lines per mail (NAME: the file, FILE:LINE in
 * an mbox, the commit of a range; "(series)" first for the union when
 * there is no cover letter); else the union alone, as gm_get() prints
 * it, where one cover letter alone stands for the patches beside it
 * ("[vN-]NNNN-*.patch").  0, or -1 with the reason in d.
 */
int gm_get_series(struct gm_getmaint *g, const struct gm_opts *o,
		  const struct gm_request *rq, bool lines, struct strbuf *out,
		  struct diags *d);
/* --unowned and --owner: which files to list instead of answering. */
struct gm_select {
	bool unowned; /* covered only by THE REST, or by nothing */
	const char *owner; /* covered by a section naming this address */
	/* where the paths are from, as "DIR/" below the top; NULL: the top */
	const char *prefix;
};

/*
 * The paths that sel selects, each (as given) on a line of out.  Each
 * must exist, as a file or a directory (with prefix before a relative
 * one), or nothing is selected: -1 with errno ENOENT and, for each, a
 * D_NO_FILES "pathspec 'PATH' did not match any files" in d (git's
 * words).  0, or -1 (that, or out of memory).
 */
int gm_select_files(struct gm_getmaint *g, const struct gm_opts *o,
		    const struct gm_select *sel, char **paths, size_t n,
		    struct strbuf *out, struct diags *d);
/* --owner without files: the headers of the sections naming addr. */
int gm_owner_sections(struct gm_getmaint *g, const char *addr,
		      struct strbuf *out);

/*
 * --all: every path of list (one a line, modified in place) answered as
 * "PATH<TAB>" and what --nomultiline -f PATH prints (or, with sel, the
 * selected paths), written to fd.  A large list is split in two and the
 * second half answered by a child process (the two cores), whose output
 * follows.  0, or -1 with the reason in d.
 */
int gm_get_all(struct gm_getmaint *g, const struct gm_opts *o,
	       const struct gm_select *sel, char *list, size_t len, int fd,
	       struct diags *d);

/*
 * get-setup.c: the words of the first .get_maintainer.conf in ., $HOME
 * or .scripts (none: *nr 0), as which_conf() finds it, malloc'd; below
 * the top of a tree, the top's after "." (the script's, run there).  0,
 * or -1 (errno ENOMEM).
 */
int gm_read_conf(char ***words, int *nr);
/*
 * which_conf(name): the first of ./NAME, $HOME/NAME, .scripts/NAME that
 * exists, in *path.  1 found, 0 none (path empty), -1 (errno ENOMEM).
 */
int gm_which_conf(const char *name, struct strbuf *path);
/*
 * Whether the script reads a .get_maintainer.ignore (which_conf() finds
 * a regular file it can open): that is what leaves its $! 0 rather than
 * ENOENT for the die()s before it reads any other file.
 */
bool gm_ignore_file_read(void);
void gm_conf_release(char **words, int nr);
/*
 * The words of .get_maintainer.conf (gm_read_conf(), into *conf) after
 * argv[0], then argv[1..argc): what the script's GetOptions reads,
 * malloc'd (the strings are argv's and *conf's).  NULL: out of memory.
 */
char **gm_conf_argv(int argc, char **argv, char ***conf, int *nconf);
/* The script's /^-{1,2}self-test(?:=|$)/ among two words or more of all. */
bool gm_self_test_with_more(char **all, int n);
/*
 * What that .get_maintainer.conf says of the MAINTAINERS files read:
 * *find for --find-maintainer-files, *mpath (malloc'd, or NULL) the
 * last --maintainer-path/--mpath PATH (or =PATH).  For the commands
 * that read them as the script would (check --cc, activity).  0, or -1
 * (errno ENOMEM).
 */
int gm_conf_maintainers(bool *find, char **mpath);
/* The script's top_of_kernel_tree() for the current directory. */
bool gm_top_of_kernel_tree(void);
/*
 * --tree: at the top of a kernel tree, or (beyond the script) below it:
 * go up to it and append the path from it to where we stood, with a
 * '/', to subdir.  0, or -1 (no kernel tree: the directory unchanged).
 */
int gm_find_tree(struct strbuf *subdir);
/*
 * A relative path from below the top: prefix ("DIR/") and path, with
 * "." and "NAME/.." taken out as git takes them out of a pathspec
 * ("drivers/" and "../kernel/fork.c": "kernel/fork.c"), in out ("."
 * for the top itself).
 */
void gm_prefixed_path(const char *prefix, const char *path, struct strbuf *out);
/* MAINTAINERS, or --mpath mp with ~ expanded, appended to path. */
void gm_maintainers_path(const char *mp, struct strbuf *path);
/*
 * --all: the paths git knows (git ls-files), or with from_stdin those
 * on standard input, one a line in list.  0, or -1 with the reason in d.
 */
int gm_all_paths(bool from_stdin, struct strbuf *list, struct diags *d);

/* get-db.c: sections are runs of field entries after a header entry */
static inline bool gm_is_field(const struct gm_db *db, size_t i)
{
	return db->tv[i].type != 0;
}

/* find_starting_index(): the header of the section entry i is in */
static inline size_t gm_section_start(const struct gm_db *db, size_t i)
{
	while (i > 0 && gm_is_field(db, i))
		i--;
	return i;
}

/* find_ending_index(): the first entry after that section */
static inline size_t gm_section_end(const struct gm_db *db, size_t i)
{
	while (i < db->nr && gm_is_field(db, i))
		i++;
	return i;
}

/*
 * An N:/K: entry's regex, or with prefixed the K: one for "^[+-].*" lines
 * (NULL: out of memory, db->nomem set).
 */
struct perlre *gm_entry_re(struct gm_db *db, size_t i, bool prefixed);

#endif
