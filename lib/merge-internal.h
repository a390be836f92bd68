/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inside of the three-way merge (lib/merge*.c), not for other
 * callers: the text model (lines, sections), the writer of lines and
 * conflict blocks, and the calls one file of the merge makes into another.
 *
 *   merge-text.c    lines and sections, the LCS matcher, the writer
 *                   (conflict markers and labels), the plain three-way
 *                   merge of line sequences (the preamble)
 *   merge-fields.c  the field lines of one section as a multiset, with
 *                   THEIRS' additions placed after their anchors
 *   merge.c         sections matched and grouped (renames), the result's
 *                   section order (anchors), the whole merge
 */
#ifndef MAINT_MERGE_INTERNAL_H
#define MAINT_MERGE_INTERNAL_H

#include "merge.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * how far past OURS' additions a THEIRS line or section may go (bounded
 * work)
 */
#define SKIP_MAX 1000

struct line {
	const char *s; /* without the newline */
	size_t len;
	bool nl; /* ended by a newline */
};

struct sec {
	size_t head; /* the header line */
	size_t first, nr; /* field lines */
	size_t tfirst, tnr; /* trailer: the lines up to the next header */
	const char *key; /* trimmed header */
	size_t klen;
};

struct text {
	struct line *l;
	size_t nl, al;
	size_t npre; /* preamble: lines [0, npre) */
	struct sec *s;
	size_t ns, as;
	size_t *hash; /* key -> section index + 1; 0 empty */
	size_t hsize;
};

/* a group: one section of the result, from up to three inputs */
struct group {
	long b, o, t; /* section indices, -1 when absent */
	size_t node; /* its node in the order list, 0 when not placed */
	/*
	 * OURS alone renamed and moved it: a new section at a new place,
	 * no anchor for what THEIRS put after its old name (a section OURS
	 * only moved, a sort, is one).
	 */
	bool renamed_away;
};

/* a node of the result's section order (node 0 is the list head) */
struct node {
	size_t group;
	size_t next;
};

struct emitter {
	struct strbuf *out;
	const struct merge_opts *opts;
	size_t conflicts;
	bool last_nonl; /* the last line written had no newline */
	bool wrote; /* any line written */
	bool last_blank; /* the last line written was blank */
};

struct merger {
	struct text b, o, t;
	struct group *g;
	size_t ng, ag;
	long *group_of_o, *group_of_t; /* section index -> group */
	struct node *n;
	size_t nn, an;
	bool nomem;
};

/* merge-text.c: lines and sections */
bool mg_same_line(const struct line *a, const struct line *b);
long mg_text_find(const struct text *x, const char *key, size_t klen);
int mg_text_parse(struct text *x, const char *buf, size_t len);
void mg_text_release(struct text *x);
const struct line *mg_sec_lines(const struct text *x, long i);
size_t mg_sec_nr(const struct text *x, long i);
bool mg_same_key(const struct text *a, long i, const struct text *b, long j);
bool mg_same_section(const struct text *a, long i, const struct text *b,
		     long j);
int mg_lcs_match(const struct line *a, size_t na, const struct line *b,
		 size_t nb, long *ma, long *mb);

/* merge-text.c: writing */
void mg_put_line(struct emitter *em, const struct line *l);
void mg_put_lines(struct emitter *em, const struct line *v, size_t n);
void mg_put_conflict(struct emitter *em, const struct line *const *o, size_t no,
		     const struct line *const *b, size_t nb,
		     const struct line *const *t, size_t nt);
int mg_put_conflict_ranges(struct emitter *em, const struct line *o, size_t no,
			   const struct line *b, size_t nb,
			   const struct line *t, size_t nt);

/* merge-text.c: the plain three-way merge of line sequences */
bool mg_trivial(struct emitter *em, const struct line *b, size_t nb,
		const struct line *o, size_t no, const struct line *t,
		size_t nt);
int mg_merge_plain(struct emitter *em, const struct line *b, size_t nb,
		   const struct line *o, size_t no, const struct line *t,
		   size_t nt);

/* merge-fields.c */
bool mg_is_status(const struct line *l);
int mg_merge_fields(struct emitter *em, const struct line *b, size_t nb,
		    const struct line *o, size_t no, const struct line *t,
		    size_t nt);

#endif
