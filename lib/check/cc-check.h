/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check --cc: whom a patch mail (or each mail of a series) forgot.  The
 * recipients that get (getmaint.h) names for each patch, by default what
 * b4's auto-to-cc asks (maintainers, reviewers and lists: no history,
 * no chief penguins), compared with its To:, Cc:, From: and Cc:
 * trailers (mail.h), addresses in lower case and through .mailmap.  A
 * cover letter ("[PATCH 0/N]") is to go to everyone its series needs.
 *
 * Findings go to a struct diags: D_CC_MISSING (an error: exit 1),
 * D_CC_EXTRA (superfluous; asked for), D_CC_INACTIVE (a person forgiven
 * because the git history of the current directory shows nothing from
 * them for the chosen time), D_PARTIAL_HISTORY (a shallow clone).  Bad
 * input: D_NOT_MAIL, D_NO_HISTORY (no git), D_NOMEM, with -1.
 */
#ifndef MAINT_CC_CHECK_H
#define MAINT_CC_CHECK_H

#include "get/get.h"
#include "base/base.h"

struct ck_cc_opts {
	struct gm_opts o; /* what get answers: see ck_cc_opts_default() */
	bool superfluous; /* report recipients get does not name */
	long inactive_days; /* forgive people inactive that long; 0: none */
	const char *inactive_text; /* that time as given */
	const char *mailmap; /* .mailmap for aliases in the history, or NULL */
};

/* b4's auto-to-cc: -m -r -l, no git, no chief penguins, roles shown */
void ck_cc_opts_default(struct ck_cc_opts *co);

/* "3y", "18m", "6w", "30d", "2y6m", "1year": days in *days; 0 or -1 */
int ck_cc_parse_duration(const char *s, long *days);

struct ck_cc_state {
	struct strmap active; /* address -> "1"/"0": seen in the window */
	bool history_checked;
};

void ck_cc_state_init(struct ck_cc_state *st);
void ck_cc_state_release(struct ck_cc_state *st);

/*
 * Read the n mails of paths ("-": standard input) into texts (n empty
 * buffers), with their names for messages in names ("standard input"
 * for "-"; the others point into paths).  0, or -1 with D_OPEN in d.
 */
struct strbuf;
int ck_cc_read(char *const *paths, size_t n, char **names, struct strbuf *texts,
	       struct diags *d);

/*
 * Check the mails of n texts (files named names), one series: a mail
 * that changes no file (the cover letter) is to reach everyone the
 * series' patches need.  0, or -1 with the reason in d (the findings so
 * far stay in d too).
 */
int ck_cc_check(struct gm_getmaint *g, const struct ck_cc_opts *co,
		struct ck_cc_state *st, char **names, struct strbuf *texts,
		size_t n, struct diags *d);

#endif
