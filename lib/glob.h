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
 * Does a prefix of s match the pattern pat (followed by a '/' if slash)?
 * '*' any run, '?' any character, simple "[...]" classes, anything else
 * itself.  GLOB_COMPLEX when the pattern holds more than that (a
 * backslash, a group, an alternation, an odd class): then only the
 * script's regex (glob_to_regex()) can tell.
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

#endif
