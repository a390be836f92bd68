/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Perl-compatible regular expressions, through PCRE2, with bounded work.
 *
 * MAINTAINERS N:/K: values and parse-maintainers.pl's section arguments
 * are Perl regexes; PCRE2 runs them with Perl's byte-string semantics
 * (no UTF, ASCII classes).
 *
 * Work is bounded per match and per pattern (per run):
 * - a match first runs under a quick limit linear in the subject,
 *   REGEX_QUICK_BASE + REGEX_QUICK_PER_BYTE steps a byte; a match that
 *   needs more is "heavy" and runs again under the full limit
 *   (regex_match_limit steps, regex_heap_limit_kib of heap);
 * - a pattern with a regex_budget may run REGEX_HEAVY_MAX heavy matches
 *   in a run; when it exceeds that, or a match hits the full limit, the
 *   pattern is exhausted: that match returns REGEX_LIMIT (once, for the
 *   caller to report with the pattern's file:line) and every later match
 *   returns REGEX_NOMATCH at no cost, as the scripts treat a pattern
 *   that does not match.
 * So one pattern costs at most a constant times the bytes it is matched
 * against plus REGEX_HEAVY_MAX full limits, however many files there are.
 *
 * Ownership: struct mnt_regex owns its compiled code, match data and
 * budget; regex_free() releases them.
 */
#ifndef MAINT_REGEX_H
#define MAINT_REGEX_H

#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A pattern's work in this run. */
struct regex_budget {
	uint32_t heavy; /* matches that needed more than the quick limit */
	bool exhausted; /* limit reached: no longer matched */
};

#define REGEX_BUDGET_INIT \
	{                 \
		0, false  \
	}

struct mnt_regex {
	void *code; /* pcre2_code_8 */
	void *md; /* pcre2_match_data_8 */
	struct regex_budget *budget; /* owned */
};

#define MNT_REGEX_INIT           \
	{                        \
		NULL, NULL, NULL \
	}

enum {
	REGEX_NOMATCH = 0,
	REGEX_MATCH = 1,
	REGEX_LIMIT = -1, /* the pattern has just been exhausted */
	REGEX_ERROR = -2, /* any other matching error */
	REGEX_NOMEM = -3, /* out of memory (errno ENOMEM) */
};

#define REGEX_QUICK_BASE 1000u
#define REGEX_QUICK_PER_BYTE 64u
#define REGEX_HEAVY_MAX 16u

/* Flags for regex_compile(). */
#define MNT_RE_CASELESS 1u
#define MNT_RE_EXTENDED 2u

/*
 * 0, or -1 with a message appended to err: "... at offset N" (errno
 * EINVAL), or "out of memory" (errno ENOMEM).
 */
int regex_compile(struct mnt_regex *re, const char *pat, size_t len,
		  unsigned flags, struct strbuf *err);
int regex_match(const struct mnt_regex *re, const char *s, size_t len);
/* True once the pattern hit its limit (it no longer matches). */
bool regex_exhausted(const struct mnt_regex *re);
void regex_free(struct mnt_regex *re);

/*
 * pcre2_match() of code (a pcre2_code_8 *) on s from start, under the
 * limits above; b NULL: only the full per-match limit.  Returns PCRE2's
 * code, with a limit reported as PCRE2_ERROR_MATCHLIMIT once and
 * PCRE2_ERROR_NOMATCH after.
 */
int regex_run(void *code, void *md, const char *s, size_t len, size_t start,
	      struct regex_budget *b);

/* The match context with the full limits (a pcre2_match_context_8 *). */
void *regex_context(void);

/* The limits in force (for documentation and tests). */
extern const uint32_t regex_match_limit;
extern const uint32_t regex_heap_limit_kib;

#endif
