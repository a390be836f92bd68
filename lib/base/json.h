/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing JSON into a strbuf: strings escaped as RFC 8259 asks, with
 * bytes that are not valid UTF-8 written as U+FFFD (MAINTAINERS is
 * meant to be UTF-8, but a file may not be, and the output must still
 * parse).  The caller owns the strbuf.
 */
#ifndef MAINT_JSON_H
#define MAINT_JSON_H

#include "strbuf.h"

#include <stddef.h>

/* s[0..len) as a JSON string, quotes included. */
void json_add_string(struct strbuf *sb, const char *s, size_t len);

static inline void json_add_str(struct strbuf *sb, const char *s)
{
	json_add_string(sb, s, s ? strlen(s) : 0);
}

#endif
