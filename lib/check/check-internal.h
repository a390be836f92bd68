/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What check.c and check-selftest.c share (see check.h): the lines of
 * MAINTAINERS as get_maintainer.pl's @self_test_info, the run's state,
 * and the helpers both use.
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

/* check.c */
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
/* does s hold the word w, any case? */
bool ck_has_icase(const char *s, size_t len, const char *w);

/* check-selftest.c: get_maintainer.pl --self-test; 0 or -1 */
int ck_self_test(struct ck *c);

#endif
