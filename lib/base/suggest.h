/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "Did you mean ...?": the candidates nearest to a mistyped word.
 */
#ifndef MAINT_SUGGEST_H
#define MAINT_SUGGEST_H

#include <stddef.h>

/*
 * Edit distance between a[0..alen) and b[0..blen): insertions,
 * deletions, substitutions and transpositions of two adjacent bytes
 * (so "gte" is one step from "get"), case-insensitive.
 */
size_t suggest_distance(const char *a, size_t alen, const char *b, size_t blen);

/*
 * Is a candidate at distance d close enough to a word of length len to
 * be worth suggesting?  At most one edit per three bytes, at least one.
 */
int suggest_close(size_t d, size_t len);

#endif
