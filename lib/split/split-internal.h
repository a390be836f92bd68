/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of lib/split share and nothing else reads:
 *
 *   split.c        the plan (split.h)
 *   split-rules.c  split --rules: the rules file, the rule of a section
 *   split-name.c   safe path components (split.h)
 */
#ifndef MAINT_SPLIT_INTERNAL_H
#define MAINT_SPLIT_INTERNAL_H

#include "split.h"

#include <stddef.h>

struct split_rule {
	char *file; /* the file it sends sections to, made safe */
	struct mnt_regex re;
	unsigned long lineno; /* in the rules file */
	size_t hits; /* sections it matched */
};

/*
 * The rules of text ("FILE REGEX" lines; blank lines and '#' comments
 * skipped), name the rules file's name for messages.  0, or -1 with the
 * reason in d; *rules (*nr of them) is the caller's to free either way.
 */
int split_rules_read(const char *text, size_t len, const char *name,
		     struct split_rule **rules, size_t *nr, struct diags *d);
void split_rules_free(struct split_rule *rules, size_t nr);

/*
 * The file of the one rule that matches s (key empty when none) and why;
 * an error when rules for two files match it.  0, or -1 (in d).
 */
int split_rule_key(const struct maintainers *m, const struct mnt_section *s,
		   struct split_rule *rules, size_t nrules,
		   const char *rules_name, struct strbuf *key,
		   struct strbuf *why, struct diags *d);

#endif
