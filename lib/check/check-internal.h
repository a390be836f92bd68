/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of check share (see check.h): the lines of MAINTAINERS
 * as get_maintainer.pl's @self_test_info, the run's state, the helpers
 * (check-lines.c) and each pass that ck_run() (check.c) calls.
 */
#ifndef MAINT_CHECK_INTERNAL_H
#define MAINT_CHECK_INTERNAL_H

#include "check.h"
#include "base/base.h"

struct ck_line {
	const char *s;
	size_t len;
	unsigned file;
	unsigned long lineno;
};

struct ck {
	struct gm_db *db;
	const struct ck_opts *o;
	struct diags *d;
	struct ck_line *l;
	size_t nr, alloc;
	struct strbuf tmp;
	/* links already probed (the script's @good_links, @bad_links) */
	struct strmap probed;
	bool nomem;
};

/* check-lines.c: the lines, the tree, the sections */

/* c->l from the files of c->db, one a line.  0 or -1 (ENOMEM). */
int ck_split_lines(struct ck *c);
bool ck_perl_space(char ch);
const char *ck_fname(const struct ck *c, const struct ck_line *l);
/* patch mode: is a finding on l kept (ck_opts.focus; always without) */
bool ck_focused(const struct ck *c, const struct ck_line *l);
/* patch mode: report a repeat of earlier on earlier (only it is the patch's) */
bool ck_on_earlier(const struct ck *c, const struct ck_line *later,
		   const struct ck_line *earlier);
/* a finding; in self-test mode also the script's line */
void ck_report(struct ck *c, enum diag_id id, const struct ck_line *l,
	       const char *script_msg, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* the first file of the (sorted) tree not below p[0..len) */
size_t ck_tree_lower(const struct ck_tree *t, const char *p, size_t len);
bool ck_has_prefix(const char *s, const char *p, size_t len);
/* the type letter of a field line, and its value (after white space) */
char ck_field(const struct ck_line *l, const char **v, size_t *vlen);
bool ck_is_word(char ch);
/*
 * Check mode: is line i a '#' comment inside a section, which
 * get_maintainer.pl skips and parse-maintainers.pl takes for a header
 * (a field after it, past more comments; a field or the section's header
 * before it)?  The header's line index in *hdr; *after_header when the
 * comment comes right after it (then the script stops at the header as
 * an odd line).  Never in self-test mode: the script's self-test sees a
 * header there.
 */
bool ck_inner_comment(const struct ck *c, size_t i, size_t *hdr,
		      bool *after_header);
/* one odd-line finding at each of them */
void ck_inner_comments(struct ck *c);
/* does s hold the word w, any case? */
bool ck_has_icase(const char *s, size_t len, const char *w);
/* entry k of c->db as a line (for file and lineno), in *tmp */
const struct ck_line *ck_entry_line(struct ck *c, size_t k,
				    struct ck_line *tmp);
/* The first section header at or after k (db->nr when none); its end. */
size_t ck_next_section(const struct gm_db *db, size_t k, size_t *end);
/* how much of a header a message quotes */
int ck_header_width(const struct gm_entry *e);
/*
 * How many findings d counts but could not record whole (out of memory);
 * need_file: each should have a file.
 */
size_t ck_diags_lost(const struct diags *d, bool need_file);

/* check-fields.c */

/* checkpatch.pl's $preferred_order */
extern const char ck_preferred_order[];
/* checkpatch.pl's MAINTAINERS style checks, on every line */
void ck_style(struct ck *c);
/*
 * M:/R:/L: syntax, S: values, duplicate and shared F:, N:/K: regexes.
 * 0 or -1.
 */
int ck_fields(struct ck *c);

/* check-tree.c: the checks that read o->tree */

void ck_useless_excludes(struct ck *c);
void ck_all_excluded(struct ck *c);
void ck_dead_regexes(struct ck *c);
/* sections that are no file's best match; 0 or -1 */
int ck_shadowed(struct ck *c);

/*
 * For every file of the tree: the sections it matches, and those that
 * match it best (the deepest pattern, THE REST left out).  matched[k]
 * and best[k] count files by header entry k; per file, cov says whether
 * its best sections include a maintained one.
 */
struct ck_best {
	size_t *matched, *best;
	bool *maintained;
	unsigned char *cov; /* per file: 0 none, 1 only THE REST, 2 covered,
			     * 3 unmaintained best match */
};

/* fill b (zeroed) for db and t; 0 or -1; ck_best_release() either way */
int ck_best_matches(struct gm_db *db, const struct ck_tree *t,
		    struct ck_best *b);
void ck_best_release(struct ck_best *b);

/* check-selftest.c: get_maintainer.pl --self-test; 0 or -1 */
int ck_self_test(struct ck *c);

#endif
