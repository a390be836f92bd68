/* SPDX-License-Identifier: GPL-2.0 */
/*
 * F: and X: patterns.  The kernel's scripts turn a pattern into a regex
 * ("." -> "\.", "*" -> ".*", "?" -> ".") and match it as a prefix of a
 * path (m@^$regex@), after adding a '/' when the pattern names a
 * directory.  This is the one place that knows that conversion:
 * glob_to_regex() makes the script's regex, glob_match_prefix() matches
 * the same language without a regex engine where it can, and
 * glob_literal() gives the part every matching path starts with.
 */
#ifndef MAINT_GLOB_H
#define MAINT_GLOB_H

#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

enum glob_result { GLOB_NOMATCH, GLOB_MATCH, GLOB_COMPLEX };

/*
 * Is the pattern a glob glob_match_prefix() can match: '*' any run, '?'
 * any character, simple "[...]" classes, anything else itself?  Not
 * when it holds more (a backslash, a group, an alternation, a
 * quantifier, an odd class): then only the script's regex
 * (glob_to_regex()) can tell.  Ask before matching: an element after a
 * mismatch can change the answer ("d|" matches "x", "ab{0}c" "ac").
 */
bool glob_simple(const char *pat, size_t plen);
/*
 * Does a prefix of s match the pattern pat (followed by a '/' if slash)?
 * pat must be glob_simple() (else the answer can be GLOB_NOMATCH where
 * the regex matches; GLOB_COMPLEX where the match reaches such a part).
 */
enum glob_result glob_match_prefix(const char *pat, size_t plen, bool slash,
				   const char *s, size_t len);

/*
 * The script's regex for a pattern (without the '^' and the directory
 * '/'), written to dst, which must hold 2 * len + 1 bytes; its length.
 */
size_t glob_to_regex(char *dst, const char *s, size_t len);
/* The same, appended to a strbuf. */
void glob_regex_add(struct strbuf *out, const char *s, size_t len);

/*
 * The part every path a pattern matches must start with: up to the
 * first character that is a wildcard or special in the regex the script
 * makes of it (less the one before a quantifier); nothing when there is
 * an alternation.  *all: the whole pattern is that literal.
 */
size_t glob_literal(const char *s, size_t len, bool *all);

/* 1: the characters that end glob_literal()'s prefix; 2: '|'. */
extern const unsigned char glob_lit_stop[256];

/*
 * Does the pattern hold "**"?  The script of 7.1 and later turns it into
 * "(?:.*)" and, for such a pattern, skips the test that the path has as
 * many '/' as the pattern: any '*' of it may then cross directories.
 */
bool glob_globstar(const char *s, size_t len);

#endif
