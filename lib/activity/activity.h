/* SPDX-License-Identifier: GPL-2.0 */
/*
 * activity: who and what in MAINTAINERS is really active, from one git
 * log of the window (vcs_activity_log()), .mailmap applied.
 *
 * Per section: its last commit and its commits in the window (commits
 * changing a file the section matches, as get matches it: F:, X:, N:),
 * and for each M:/R: person their last activity anywhere (authored,
 * committed, or a Signed-off-by/Acked-by/Reviewed-by/Tested-by trailer)
 * and their last activity in the section's files.  The findings, each
 * at the MAINTAINERS file:line of what it is about:
 *
 *  inactive-section (warning)  S: Maintained/Supported, every M: idle
 *				longer than the threshold
 *  inactive-person (warning)   an M:/R: person idle that long (at their
 *				first line, with their sections)
 *  orphan-active (note)	S: Orphan with authors in the window
 *  unowned-busy (note)		a directory with commits in the window to
 *				files only THE REST (or nothing) covers
 *
 * Times are epoch seconds; 0 is "none in the history read", which goes
 * back to the earlier of the window's start and now less the threshold,
 * so "none" always means idle longer than either.
 *
 * Ownership: struct activity owns everything it holds; it borrows g
 * (the MAINTAINERS and .mailmap read by get's code) until released.
 * The library never prints: the report is appended to strbufs.
 */
#ifndef MAINT_ACTIVITY_H
#define MAINT_ACTIVITY_H

#include "get/get.h"

struct act_opts {
	long long now; /* "as of" */
	long long window; /* start of the window */
	long long threshold; /* idle longer than this: inactive (seconds) */
	long long start; /* the history read begins here */
	size_t top; /* unowned directories listed (0: all) */
	bool partial; /* the history is cut (a shallow clone) */
};

struct act_member {
	size_t person;
	char role; /* 'M' or 'R' */
	unsigned long lineno;
	long long last_in; /* last activity in the section's files */
	const char *line; /* "Name <addr>" as the M:/R: line has it */
	size_t line_len;
};

struct act_section {
	size_t hdr; /* its header entry in g->db */
	const char *name;
	size_t name_len;
	const char *status; /* S: value or NULL */
	size_t status_len;
	unsigned file;
	unsigned long lineno;
	bool rest, orphan, maintained;
	long long last; /* last commit */
	size_t commits; /* in the window */
	struct act_member *m;
	size_t nm, am;
	size_t stamp; /* the commit last counted */
	struct strmap *authors; /* Orphan: author -> commits in the window */
};

struct act_person {
	char *ident; /* "Name <address>" after .mailmap */
	const char *addr; /* lower-cased, in ident's arena copy */
	long long last;
	unsigned file;
	unsigned long lineno; /* first listing */
};

struct act_dir {
	size_t commits, files, stamp;
};

struct activity {
	struct gm_getmaint *g;
	struct act_opts o;
	struct act_section *secs;
	size_t nsecs;
	struct act_person *people;
	size_t npeople, apeople;
	struct strmap by_addr; /* address -> person + 1 */
	struct strmap idents; /* ident as in the log -> person + 2, 1 none */
	struct strmap files; /* path -> struct act_fileinfo * */
	struct strmap dirs; /* directory -> struct act_dir * */
	size_t ncommits;
	long long oldest; /* oldest commit read (0: none) */
	struct strbuf tmp;
	struct arena arena;
};

void act_init(struct activity *a, struct gm_getmaint *g,
	      const struct act_opts *o);
void act_release(struct activity *a);
/*
 * Whether g read MAINTAINERS files: none binary (NUL bytes), a field
 * line (M:, F:, ...) in them.  When not, *why says what is wrong and
 * *file of which file (NULL: of them all).
 */
bool act_is_maintainers(const struct gm_getmaint *g, const char **file,
			const char **why);
/* Read the log (vcs_activity_log()'s form).  0, or -1 (ENOMEM). */
int act_read_log(struct activity *a, const char *log, size_t len);
/* The findings, in file:line order, added to d.  0, or -1. */
int act_findings(struct activity *a, struct diags *d);
/* The report as text, or JSON (findings from d); appended.  0 or -1. */
int act_text(const struct activity *a, const struct diags *d,
	     struct strbuf *out);
#define ACT_JSON_VERSION 1
int act_json(const struct activity *a, const struct diags *d,
	     struct strbuf *out);
/*
 * A duration ("2y", "18m", "6w", "90d", "2 years", "1-year-ago") in
 * seconds; -1 when it is none.
 */
long long act_duration(const char *s);
/* A date "YYYY-MM-DD" (UTC midnight), or -1. */
long long act_date(const char *s);

#endif
