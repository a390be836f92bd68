/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of get's answer share: the answer being built (struct
 * gm_answer_state) and its lists (get-lists.c); get-collect.c collects a
 * section's roles and lists, get-file-emails.c the addresses in the
 * files, get-answer-history.c the history's signers; get-answer-emit.c
 * writes (role strings, de-duplication and the mailmap, --sections, the
 * script's output()); get-answer.c runs a query through them.  Calls go
 * one way: answer -> history, file-emails -> collect -> emit -> lists.
 */
#ifndef MAINT_GET_ANSWER_H
#define MAINT_GET_ANSWER_H

#include "get-internal.h"

struct gm_tagged {
	struct strbuf email, role;
};

struct gm_tagged_list {
	struct gm_tagged *v;
	size_t nr, alloc;
};

/* One answer being built: what the script keeps in its globals per query. */
struct gm_answer_state {
	struct gm_getmaint *g;
	struct gm_db *db;
	struct mnt_email_parser *ep;
	const struct gm_opts *o;
	struct diags *d;
	struct gm_tagged_list email_to, list_to;
	struct strlist scm, web, bug, subsystem, status;
	struct strlist substatus; /* 6.15: "SECTION status: S" lines */
	struct strmap hash_name, hash_address, hash_list;
	struct strmap dedup_name, dedup_address; /* value: struct mnt_email * */
	struct strlist file_emails;
	struct strbuf *out;
	struct arena arena; /* this answer's copies */
	bool nomem;
};

/* gm_cache.file_email[]: the regexes of get-file-emails.c */
enum gm_file_email_re {
	GM_RE_FILE_EMAIL,
	GM_RE_CLEAN_ADDR,
	GM_RE_NAME_SEP,
	GM_RE_PARTICLE,
	GM_RE_LETTER,
};

/* get-lists.c (out of memory: r->nomem set) */
void gm_strlist_add(struct gm_answer_state *r, struct strlist *l, const char *s,
		    size_t len, const char *suffix);
void gm_strlist_release(struct strlist *l);
struct gm_tagged *gm_tagged_add(struct gm_answer_state *r,
				struct gm_tagged_list *l, const char *email,
				size_t elen, const char *role, size_t rlen);
void gm_tagged_release(struct gm_tagged_list *l);
/*
 * rc, what a perlre_*() or mnt_email_*() call returned: r->nomem set when
 * it was out of memory (PERLRE_NOMEM; for the e-mail calls, -1).
 */
static inline int gm_re(struct gm_answer_state *r, int rc)
{
	if (rc == PERLRE_NOMEM)
		r->nomem = true;
	return rc;
}

static inline int gm_em(struct gm_answer_state *r, int rc)
{
	if (rc < 0)
		r->nomem = true;
	return rc;
}

/* Out of memory in e's buffers or b's (NULL: none): r->nomem set. */
void gm_check_email(struct gm_answer_state *r, const struct mnt_email *e,
		    const struct strbuf *b);

/*
 * get-collect.c: push_email_address() false when line has no address
 * (out of memory: true, r->nomem set)
 */
bool gm_push_email_address(struct gm_answer_state *r, const char *line,
			   size_t len, const char *role, size_t rlen);
/* add_categories(): section index's roles and lists, roles + suffix */
void gm_add_categories(struct gm_answer_state *r, size_t index,
		       const char *suffix);

/* get-file-emails.c */
bool gm_is_maintainers_file(const struct gm_db *db, const char *file,
			    bool bound);
/* the addresses in file (--file-emails, or a .yaml file) */
void gm_maintainers_in_file(struct gm_answer_state *r, const char *file);
/* those addresses mailmapped, added with the role "in file" */
void gm_answer_file_emails(struct gm_answer_state *r);

/* get-answer-history.c */
/* Can history change file's answer (then it is not remembered)? */
bool gm_history_matters(const struct gm_db *db, const struct gm_opts *o,
			const char *file, bool exact);
/* signers (--git, --git-fallback) and blame, exact[i] for q->files[i] */
void gm_answer_history(struct gm_answer_state *r, const struct gm_query *q,
		       const bool *exact);
/* the signers of each Fixes: commit */
void gm_answer_fixes(struct gm_answer_state *r, const struct gm_query *q);

/* get-answer-emit.c */
void gm_subsystem_name(struct gm_db *db, size_t i, struct strbuf *out);
void gm_maintainer_role(struct gm_db *db, const struct gm_opts *o, size_t i,
			struct strbuf *out);
void gm_print_section(struct gm_answer_state *r, size_t tvi);
void gm_deduplicate_email(struct gm_answer_state *r, struct strbuf *email);
void gm_add_role(struct gm_answer_state *r, const char *line, size_t len,
		 const char *role);
void gm_answer_emit(struct gm_answer_state *r);

#endif
