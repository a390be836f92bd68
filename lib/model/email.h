/* SPDX-License-Identifier: GPL-2.0 */
/*
 * E-mail addresses as get_maintainer.pl parses, formats and validates
 * them (its parse_email(), format_email() and the RFC 822 list parser
 * of make_rfc822re()).
 *
 * Ownership: a struct mnt_email_parser owns the regexes it compiles on first
 * use; mnt_email_parser_release() frees them.  A struct mnt_email owns its two
 * strbufs.  Nothing here needs MAINTAINERS.
 *
 * Out of memory, each returns -1 with errno ENOMEM (and what it wrote is
 * not to be used).  A built-in regex that hits its match limit is taken
 * as not matching: the script has no limit to hit.
 */
#ifndef MAINT_EMAIL_H
#define MAINT_EMAIL_H

#include "base/base.h"

#include <stdbool.h>
#include <stddef.h>

struct mnt_email {
	struct strbuf name, address;
};

void mnt_email_init(struct mnt_email *e);
void mnt_email_release(struct mnt_email *e);

struct mnt_email_parser {
	struct perlre email1, email2, email3, quote;
	struct perlre strip_comments, valid, chars, validlist, listitem;
};

void mnt_email_parser_init(struct mnt_email_parser *ep);
void mnt_email_parser_release(struct mnt_email_parser *ep);

/* parse_email(): "Name <address>", "<address>" or "address ...".  0, -1 */
int mnt_email_parse(struct mnt_email_parser *ep, const char *s, size_t len,
		    struct mnt_email *e);
/* format_email(): out = "Name <address>" (or the address alone).  0, -1 */
int mnt_email_format(struct mnt_email_parser *ep, struct strbuf *out,
		     const char *name, size_t nlen, const char *addr,
		     size_t alen, int usename);
/*
 * An M:/R: value that is a valid RFC 822 list of several addresses (the
 * script's push_email_addresses()): add() is called for each address
 * and 1 is returned.  0 when the value is to be taken as one address.
 * -1 out of memory, or when add() returns non-zero (it stops there).
 */
int mnt_email_split_list(struct mnt_email_parser *ep, const char *s, size_t len,
			 int (*add)(void *arg, const char *s, size_t len),
			 void *arg);
/*
 * rfc822_valid(): one valid RFC 822 address (comments stripped): 1, 0
 * when not, -1 out of memory.
 */
int mnt_email_valid(struct mnt_email_parser *ep, const char *s, size_t len);

#endif
