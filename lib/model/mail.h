/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Mails as git format-patch, git send-email and b4 write them: a file
 * (or standard input) holding one mail or an mbox of several, split
 * into messages; each message's headers unfolded, its recipients (To:,
 * Cc: and the Cc: trailers of its body) as address lists, its From:, its
 * Subject: with RFC 2047 encoded words decoded.
 *
 * Addresses are compared without their display names, in lower case:
 * mnt_mail_address() takes "Name <addr>", "addr (comment)" or "addr".
 *
 * Ownership: struct mnt_mail_box owns its messages and every string in
 * them; the text it was read from is borrowed (the body pointers point
 * into it) and must outlive it.  Nothing here prints or exits.
 */
#ifndef MAINT_MAIL_H
#define MAINT_MAIL_H

#include "base/base.h"

#include <stdbool.h>
#include <stddef.h>

struct mnt_mail_msg {
	unsigned long line; /* its first line in the file */
	const char *text; /* the whole message (borrowed) */
	size_t len;
	const char *body; /* after the blank line ending the headers */
	size_t body_len;
	char *subject; /* unfolded, RFC 2047 decoded; "" when none */
	char *from; /* the From: header's value, or NULL */
	char **rcpt; /* To:, Cc:, Cc: trailers: "Name <addr>" */
	size_t nr_rcpt, alloc_rcpt;
};

struct mnt_mail_box {
	struct mnt_mail_msg *v;
	size_t nr, alloc;
};

#define MAIL_BOX_INIT      \
	{                  \
		NULL, 0, 0 \
	}

/*
 * Split text (named name in messages) into mails: an mbox ("From "
 * lines) or one mail.  0, or -1 with one D_NOT_MAIL (a binary file, a
 * text that does not start with mail headers) or D_NOMEM in d.
 */
int mnt_mail_read(struct mnt_mail_box *mb, const char *text, size_t len,
		  const char *name, struct diags *d);
void mnt_mail_box_release(struct mnt_mail_box *mb);

/*
 * An address list (a header's value): add() called with each item,
 * split at the commas outside quotes, comments and angle brackets.
 */
void mnt_mail_split_list(const char *s, size_t len,
			 void (*add)(void *arg, const char *s, size_t len),
			 void *arg);
/* The address of one item, lower case, in out (empty when none). */
void mnt_mail_address(const char *s, size_t len, struct strbuf *out);
/* RFC 2047 encoded words (B and Q) of s decoded into out. */
void mnt_mail_decode_words(const char *s, size_t len, struct strbuf *out);
/* A subject's "[PATCH n/m]" numbers: true with *n and *m set. */
bool mnt_mail_patch_number(const char *subject, unsigned *n, unsigned *m);

#endif
