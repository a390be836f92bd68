/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Text as get_maintainer.pl sees it: its strings are decoded UTF-8, so
 * Perl's \s, lc() and length() work on characters, not bytes.  These
 * helpers do the same on UTF-8 bytes (a stray byte counts as one
 * character).  Nothing here allocates except into a caller's strbuf.
 */
#ifndef MAINT_USTR_H
#define MAINT_USTR_H

#include "strbuf.h"

#include <stddef.h>

/* Length of the Unicode white space character at p (Perl's \s), or 0. */
size_t uspace(const char *p, const char *end);
/* p past any white space (Perl's \s*). */
const char *uskip_space(const char *p, const char *end);
/* Length of the UTF-8 character at p (1 for a stray byte). */
size_t u8len(const char *p, const char *end);
/* Characters in s (Perl's length() on a decoded string). */
size_t u8count(const char *s, size_t len);
/* Perl's s/^\s+|\s+$//g on [*s, *s + *len). */
void utrim(const char **s, size_t *len);
/* Perl's lc() appended to out (needs a UTF-8 LC_CTYPE beyond ASCII). */
void ulc(struct strbuf *out, const char *s, size_t len);
/* How many bytes c s holds. */
size_t count_char(const char *s, size_t len, char c);

#endif
