/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the two files of get's answer share: get-answer.c collects (the
 * sections' roles and lists, the addresses in the files, the history's
 * signers), get-answer-emit.c writes (role strings, de-duplication and
 * the mailmap, --sections, the script's output()).
 */
#ifndef MAINT_GET_ANSWER_H
#define MAINT_GET_ANSWER_H

#include "get-internal.h"

struct tagged {
	struct strbuf email, role;
};

struct tagged_list {
	struct tagged *v;
	size_t nr, alloc;
};

struct run {
	struct gm_getmaint *g;
	struct gm_db *db;
	struct mnt_email_parser *ep;
	const struct gm_opts *o;
	struct diags *d;
	struct tagged_list email_to, list_to;
	struct strlist scm, web, bug, subsystem, status;
	struct strlist substatus; /* 6.15: "SECTION status: S" lines */
	struct strmap hash_name, hash_address, hash_list;
	struct strmap dedup_name, dedup_address; /* value: struct mnt_email * */
	struct strlist file_emails;
	struct strbuf *out;
	struct arena arena; /* this answer's copies */
	bool nomem;
};

void gm_strlist_add(struct run *r, struct strlist *l, const char *s, size_t len,
		    const char *suffix);
void gm_strlist_release(struct strlist *l);
void gm_subsystem_name(struct gm_db *db, size_t i, struct strbuf *out);
void gm_maintainer_role(struct gm_db *db, const struct gm_opts *o, size_t i,
			struct strbuf *out);
void gm_print_section(struct run *r, size_t tvi);
void gm_deduplicate_email(struct run *r, struct strbuf *email);
void gm_add_role(struct run *r, const char *line, size_t len, const char *role);
void gm_answer_emit(struct run *r);

#endif
