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
 * Perl compiles alternations PCRE2 finds too large (its compiled size
 * limit, 64 KiB with the usual LINK_SIZE): such a PERLRE_BUDGET pattern,
 * "A|B|..." or "X(A|B|...)Y" with the group not quantified, is split
 * into patterns of a few branches each ("A|B", "X(?:A|B)Y", ...), and
 * matches when one of them matches: the same yes or no as the whole
 * (only yes or no: perlre_group() and perlre_span() then tell of the
 * part that matched).  Patterns that could change meaning when split
 * (back references, recursion, conditionals, inline flags, comments)
 * are not.  One that still does not compile within PCRE2's limits is
 * exhausted from the start (perlre_too_large()): it matches nothing.
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
	/*
	 * A PERLRE_BUDGET pattern too large for PCRE2 as a whole, split
	 * into nparts patterns (code, md: the first; parts: the others)
	 * along an alternation; it matches when one of them does.
	 */
	void **parts; /* code, md of part 1, 2, ... */
	size_t nparts;
	bool too_large; /* cannot be compiled within PCRE2's limits */
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

/* What perlre_match() and perlre_subst() return besides a count. */
enum {
	PERLRE_NOMATCH = 0,
	PERLRE_MATCH = 1,
	/* a bad pattern (re->failed) or a limit (perlre_exhausted()) */
	PERLRE_FAIL = -1,
	/* out of memory (errno ENOMEM): not the pattern's fault */
	PERLRE_NOMEM = -2,
};

/* PERLRE_MATCH, PERLRE_NOMATCH, PERLRE_FAIL or PERLRE_NOMEM. */
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
 * or PERLRE_FAIL or PERLRE_NOMEM.
 */
int perlre_subst(struct perlre *re, const char *s, size_t len,
		 const char *replacement, bool global, struct strbuf *out);
/* True once a PERLRE_BUDGET pattern hit its limit. */
bool perlre_exhausted(const struct perlre *re);
/* True when that limit was PCRE2's compile limits (not a match's). */
bool perlre_too_large(const struct perlre *re);
void perlre_free(struct perlre *re);

#endif
