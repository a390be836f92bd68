/* SPDX-License-Identifier: GPL-2.0 */
/*
 * getmaint: scripts/get_maintainer.pl (6.12) as a library.
 *
 * MAINTAINERS is read the way get_maintainer.pl reads it (which is not
 * quite how parse-maintainers.pl does): a list of entries, "T:value"
 * for field lines (leading white space of the value dropped) and the
 * line itself for any other line that is neither blank nor a comment;
 * a section is a run of field lines and the line before it is its
 * header.  F: and X: values are globs turned into regexes the script's
 * way ("." literal, "*" any run, "?" any character, a directory gets a
 * trailing slash) and matched by an equivalent matcher; N: and K: are
 * Perl regexes (/x) run by PCRE2.
 *
 * The answer for a set of files is built exactly as the script builds
 * it (roles, lists, de-duplication, .mailmap, chief penguins, e-mail
 * addresses in .yaml files).  Where the script's order depends on Perl's
 * hash seed (sections matching at the same pattern depth), maint takes
 * them in byte order of their headers (then file order), which does not
 * change when the sections are spread over several files.
 *
 * Git history (--git, --git-fallback, --git-blame, Fixes:) is not used:
 * in a tree without .git the script does not use it either.
 *
 * Ownership: struct gm_db owns the MAINTAINERS text, the entries, the
 * compiled patterns and the mailmap.  struct gm_query owns its file list.
 * Nothing here prints or exits; warnings go to a struct diags.
 */
#ifndef MAINT_GETMAINT_H
#define MAINT_GETMAINT_H

#include "arena.h"
#include "diag.h"
#include "strbuf.h"
#include "strmap.h"

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
	} * maps;
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
	/* an N:/K: regex that does not compile, once one was tried */
	const struct gm_entry *bad_re;
	/* answers by the sections they come from (gm_db_memo()) */
	struct strmap memo;
	bool use_memo;
	struct arena arena;
	struct strmap mm_names, mm_addresses; /* .mailmap, as parsed so far */
	struct strmap mm_index; /* address -> its lines (struct mm_lines *) */
	struct strbuf mm_text; /* .mailmap, comments and white space gone */
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
/* Read .mailmap (missing is fine). */
int gm_db_mailmap(struct gm_db *db, const char *path);

struct gm_query {
	char **files; /* owned */
	size_t nr_files, alloc_files;
	size_t *kw_hits; /* K: entries that matched */
	size_t nr_kw, alloc_kw;
	bool any_file; /* a patch named at least one file */
};

void gm_query_release(struct gm_query *q);
int gm_query_add_file(struct gm_query *q, const char *file, size_t len);
/* Files and keywords of a patch (the script's patch reader); 0, -1 or
 * GM_BAD_REGEX. */
int gm_scan_patch(struct gm_db *db, const struct gm_opts *o, const char *text,
		  size_t len, struct gm_query *q);
/* --keywords-in-file: the K: patterns found in a file's text. */
int gm_scan_keywords(struct gm_db *db, const char *text, size_t len,
		     struct gm_query *q);
/* Sort and de-duplicate the files (what the script does for patches). */
void gm_query_sort_files(struct gm_query *q);

/*
 * The answer, as the script prints it, appended to out (warnings to d).
 * 0, -1 when out of memory, or GM_BAD_REGEX when an N:/K: regex tried
 * does not compile (the script dies there: see db->bad_re).
 */
#define GM_BAD_REGEX (-2)
int gm_answer(struct gm_db *db, const struct gm_opts *o, struct gm_query *q,
	      struct strbuf *out, struct diags *d);

/*
 * Index the F: patterns by the directory part of their literal prefix,
 * so that a query tries only the sections that can match (for --all).
 * The answers are the same with and without it.  0, or -1 (ENOMEM).
 */
int gm_db_index(struct gm_db *db);

/*
 * Remember answers: for one file, without keywords or addresses read from
 * the file, the answer depends only on the sections it matches (in
 * order), so it is kept under that list and reused (for --all).
 */
void gm_db_memo(struct gm_db *db, bool on);

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

/*
 * The part every file an F:/X: glob matches must start with: up to the
 * first character that is a wildcard or special in the regex the script
 * makes of it (less the one before a quantifier); nothing when there is
 * an alternation.  *all: the whole glob is that literal.
 */
size_t gm_glob_literal(const char *s, size_t len, bool *all);

/* Does file match F:/X: entry i (the script's file_match_pattern)? */
bool gm_file_matches(struct gm_db *db, size_t i, const char *file, size_t len);

#endif
