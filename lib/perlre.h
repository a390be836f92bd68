/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Perl regex operations on (UTF-8) text, as get_maintainer.pl does them
 * on its decoded strings: m// with captures and s///g, with Unicode
 * semantics (PCRE2_UTF | PCRE2_UCP; invalid UTF-8 is tolerated).
 *
 * A pattern from the input (an N: or K: value) is compiled with
 * PERLRE_BUDGET: its work in the run is bounded (see regex.h), and once
 * it is exhausted it no longer matches; perlre_exhausted() tells the
 * caller to report it (once).  Built-in patterns have only the
 * per-match limit.
 *
 * Ownership: a struct perlre is compiled on first use and owned by the
 * caller, who releases it with perlre_free().  Captures point into the
 * subject and are valid until the next match with the same perlre.
 */
#ifndef MAINT_PERLRE_H
#define MAINT_PERLRE_H

#include "regex.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

struct perlre {
	const char *pattern;
	unsigned flags; /* PERLRE_* */
	void *code, *md;
	bool failed;
	unsigned uses; /* JIT-compiled once it is used often */
	struct regex_budget budget; /* with PERLRE_BUDGET */
};

#define PERLRE_X 1u /* /x */
#define PERLRE_I 2u /* /i */
#define PERLRE_ASCII 4u /* /a: \w \s \d ASCII only */
#define PERLRE_S 8u /* /s */
#define PERLRE_BUDGET 16u /* a pattern from the input: bounded per run */

#define PERLRE(pat, fl)                                              \
	{                                                            \
		(pat), (fl), NULL, NULL, false, 0, REGEX_BUDGET_INIT \
	}

/*
 * 1 match, 0 none, -1 error (bad pattern: re->failed; limit: with
 * PERLRE_BUDGET, perlre_exhausted()).
 */
int perlre_match(struct perlre *re, const char *s, size_t len);
int perlre_match_from(struct perlre *re, const char *s, size_t len,
		      size_t start);
/* Capture n of the last match (empty when unset). */
const char *perlre_group(const struct perlre *re, const char *s, int n,
			 size_t *len);
/* Start and end offsets of the whole last match. */
void perlre_span(const struct perlre *re, size_t *start, size_t *end);
/*
 * s/pattern/replacement/g (or once): replacement uses $1, ${1}.  Writes
 * the result to out (reset first); returns the number of replacements,
 * or -1.
 */
int perlre_subst(struct perlre *re, const char *s, size_t len,
		 const char *replacement, bool global, struct strbuf *out);
/* True once a PERLRE_BUDGET pattern hit its limit. */
bool perlre_exhausted(const struct perlre *re);
void perlre_free(struct perlre *re);

#endif
