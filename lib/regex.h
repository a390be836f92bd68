/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Perl-compatible regular expressions, through PCRE2, with bounded work.
 *
 * MAINTAINERS N:/K: values and parse-maintainers.pl's section arguments
 * are Perl regexes; PCRE2 runs them with Perl's byte-string semantics
 * (no UTF, ASCII classes).  Every match runs under a match limit and a
 * heap limit, so a pattern that would backtrack for ever fails with
 * REGEX_LIMIT instead of hanging.
 *
 * Ownership: struct mnt_regex owns its compiled code and match data;
 * mnt_regex_free() releases them.
 */
#ifndef MAINT_REGEX_H
#define MAINT_REGEX_H

#include "strbuf.h"

#include <stddef.h>
#include <stdint.h>

struct mnt_regex {
	void *code; /* pcre2_code_8 */
	void *md; /* pcre2_match_data_8 */
};

#define MNT_REGEX_INIT     \
	{                  \
		NULL, NULL \
	}

enum {
	REGEX_NOMATCH = 0,
	REGEX_MATCH = 1,
	REGEX_LIMIT = -1, /* match or heap limit hit */
	REGEX_ERROR = -2, /* any other matching error */
};

/* Flags for mnt_regex_compile(). */
#define MNT_RE_CASELESS 1u
#define MNT_RE_EXTENDED 2u

/* 0, or -1 with a message ("... at offset N") appended to err. */
int mnt_regex_compile(struct mnt_regex *re, const char *pat, size_t len,
		      unsigned flags, struct strbuf *err);
int mnt_regex_match(const struct mnt_regex *re, const char *s, size_t len);
void mnt_regex_free(struct mnt_regex *re);

/* The match context with those limits (a pcre2_match_context_8 *). */
void *mnt_regex_context(void);

/* The limits in force (for documentation and tests). */
extern const uint32_t mnt_regex_match_limit;
extern const uint32_t mnt_regex_heap_limit_kib;

#endif
