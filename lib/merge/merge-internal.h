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
#include "base/base.h"

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

/* a section of a struct mg_text: its lines by index */
struct mg_section {
	size_t head; /* the header line */
	size_t first, nr; /* field lines */
	size_t tfirst, tnr; /* trailer: the lines up to the next header */
	const char *key; /* trimmed header */
	size_t klen;
};

/* a MAINTAINERS text as lines, and its sections by header */
struct mg_text {
	struct line *l;
	size_t nl, al;
	size_t npre; /* preamble: lines [0, npre) */
	struct mg_section *s;
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

struct moves;
struct strmap;

struct merger {
	struct mg_text b, o, t;
	struct group *g;
	size_t ng, ag;
	long *group_of_o, *group_of_t; /* section index -> group */
	struct node *n;
	size_t nn, an;
	const struct mg_text *whole; /* the whole files, or NULL */
	bool nomem;
};

/* merge-text.c: lines and sections */
bool mg_is_field(const struct line *l);
bool mg_is_blank(const struct line *l);
bool mg_same_line(const struct line *a, const struct line *b);
bool mg_same_lines(const struct line *a, size_t na, const struct line *b,
		   size_t nb);
/* append buf's lines to *l (pointing into buf); 0 or -1 */
int mg_cut_lines(const char *buf, size_t len, struct line **l, size_t *nl,
		 size_t *al);
/* a section header line's key: without the spaces around it */
const char *mg_header_key(const char *h, size_t len, size_t *klen);
long mg_text_find(const struct mg_text *x, const char *key, size_t klen);
int mg_text_parse(struct mg_text *x, const char *buf, size_t len);
/* the same from lines (copied; they point where the caller's point) */
int mg_text_set(struct mg_text *x, const struct line *l, size_t n);
void mg_text_release(struct mg_text *x);
const struct line *mg_sec_lines(const struct mg_text *x, long i);
size_t mg_sec_nr(const struct mg_text *x, long i);
bool mg_same_key(const struct mg_text *a, long i, const struct mg_text *b,
		 long j);
bool mg_same_section(const struct mg_text *a, long i, const struct mg_text *b,
		     long j);
int mg_lcs_match(const struct line *a, size_t na, const struct line *b,
		 size_t nb, long *ma, long *mb);

/*
 * merge-text.c: a and b, texts that differ by local edits, aligned:
 * ma[i] the line of b that a[i] is, or -1.  Equal lines pair in order;
 * past a difference the two go on where a few lines agree again (the
 * nearest such place).  0, or -1 when the texts are too far apart.
 */
int mg_align(const struct line *a, size_t na, const struct line *b, size_t nb,
	     long *ma);

/*
 * merge-text.c: lines of x to drop (drop[line]) that end the file take
 * the blank lines before them along (the trailer of the section that
 * is now the last).
 */
void mg_drop_tail(const struct mg_text *x, bool *drop);

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

/*
 * merge.c: the section merge of three line sequences v[0..3) (base,
 * ours, theirs, n[] lines each: whole sections, maybe a preamble):
 * appended to out, *conflicts the blocks written.  whole (or NULL): the
 * whole files (base, ours, theirs), when the lines are a region of them:
 * a section base has is moved, not new, where the region lacks it, and
 * one a side has here unchanged while the other removed it from the
 * whole file is gone.  renames (or NULL):
 * gets a rename_only move for each section one side renamed (keys point
 * into the lines).  0 or -1.
 */
int mg_merge_sections(struct line *const v[3], const size_t n[3],
		      const struct mg_text *whole,
		      const struct merge_opts *opts, struct strbuf *out,
		      size_t *conflicts, struct moves *renames);

/*
 * merge.c: the sections one side renamed in the whole files while the
 * other kept the header, as rename_only moves (for the last check).
 */
int mg_whole_renames(const struct mg_text whole[3], struct moves *mv);

/* merge.c: shared lines (not S:) as a share of the larger section */
double mg_likeness(const struct mg_text *a, long i, const struct mg_text *b,
		   long j);

/*
 * A section one side moved (to another place, maybe under another
 * header) while the other side changed it where it was: the change
 * follows the section.  from: its header in base; to: its header on the
 * side that moved it; changer: the side that changed it (1 ours, 2
 * theirs); text: the section merged (header and field lines), to put in
 * place of the moved one.
 */
struct move {
	int changer;
	const char *from, *to;
	size_t flen, tlen;
	struct strbuf text;
	bool rename_only; /* renamed in place: no text to put anywhere */
};

struct moves {
	struct move *v;
	size_t n, alloc;
};

void mg_moves_release(struct moves *mv);
void mg_moves_truncate(struct moves *mv, size_t n);
/*
 * A region whose section merge conflicts: for each base section one side
 * removed here and has elsewhere in its whole text (whole[side]) while the
 * other changed it here, record the move and give the changer's lines
 * (v[changer], n[changer], reallocated) the base version of the section,
 * so that the region merges.  The number of moves found, or -1.
 */
int mg_find_moves(const struct mg_text whole[3], struct line *v[3], size_t n[3],
		  struct moves *mv);
/*
 * Put each move's text in place of the moved section in text (the
 * assembled result; the section is found by header, exactly once).  0,
 * 1 when a move had nowhere to go, -1 on error.
 */
int mg_apply_moves(const struct moves *mv, struct strbuf *text);

/* merge-check.c: the count rule (merge.h); 1 kept, 0 broken, -1 error */
int mg_counts_ok(const struct mg_text *b, const struct mg_text *o,
		 const struct mg_text *t, const struct mg_text *r,
		 const struct moves *mv);
int mg_check_lines(struct line *const v[3], const size_t n[3], const char *r,
		   size_t rlen, const struct moves *mv);
/*
 * The sections whose lines break the count rule in r: their keys into
 * bad ("" for the preamble).  1 none, 0 some, -1 on error.
 */
int mg_bad_sections(const struct mg_text *b, const struct mg_text *o,
		    const struct mg_text *t, const struct mg_text *r,
		    const struct moves *mv, struct strmap *bad);
/*
 * merge-repair.c: each section of the result res (a merge of the whole
 * files) that breaks the count rule merged again from its three
 * versions.  1 when every one merged clean (res rewritten), 0 when not
 * (res unchanged), -1 on error.
 */
int mg_repair(const struct mg_text whole[3], const struct merge_opts *opts,
	      struct moves *mv, struct strbuf *res);
/*
 * git's clean result (text) with what it duplicated removed (merge.h);
 * *conflicts counts the blocks written.  0 or -1.
 */
int mg_dedupe(const char *ours, size_t olen, const char *theirs, size_t tlen,
	      const struct merge_opts *opts, struct strbuf *text,
	      size_t *conflicts);

/*
 * merge-moves.c: a section one side removed from its whole file and the
 * other kept, that git's clean text brings back where the keeper moved
 * it: removed from text when the keeper left it unchanged; when the
 * keeper changed it and the remover renamed it (ren: mg_whole_renames()),
 * the change goes to the renamed section.  0 or -1.
 */
int mg_drop_removed(const struct mg_text whole[3], const struct moves *ren,
		    struct strbuf *text);

/* merge-fields.c */
bool mg_is_status(const struct line *l);
int mg_merge_fields(struct emitter *em, const struct line *b, size_t nb,
		    const struct line *o, size_t no, const struct line *t,
		    size_t nt);

/* ---- merge-git.c: git merge-file and its output ---- */

struct sides {
	const char *text[3]; /* base, ours, theirs */
	size_t len[3];
	const char *path[3]; /* on disk: the caller's or temporary */
	char *tmp[3]; /* temporary files we made */
};

struct chunk {
	bool conflict;
	/* clean: lines [o, o + no); conflict: each side's part */
	size_t o, no, b, nb, t, nt;
};

struct gitmerge {
	struct line *l; /* every line but the markers, in order */
	size_t nl, al;
	struct chunk *c;
	size_t nc, ac;
	size_t conflicts;
};

/* the longest run of one marker character at the start of a line */
size_t mg_marker_run(const char *s, size_t len);
/* the sides on disk: opts->paths[] or temporary files; 0 or -1 */
int mg_sides_on_disk(struct sides *s, const struct merge_opts *opts);
/* remove the temporary files */
void mg_sides_release(struct sides *s);
/*
 * git merge-file -p on the sides, in a style, with labels and marker
 * size: its output appended to out, *conflicts its count (git's exit
 * status).  0, or -1 when git could not run or failed.
 */
int mg_git_merge(const struct sides *s, enum merge_style style, int marker,
		 const char *lo, const char *lb, const char *lt,
		 struct strbuf *out, size_t *conflicts);
/* git's own merge in the style opts asks for, into out (reset); 0 or -1 */
int mg_git_result(const struct sides *s, const struct merge_opts *opts,
		  struct strbuf *out, struct merge_result *res);
void mg_gitmerge_release(struct gitmerge *g);
/* cut git's --diff3 output (markers of k characters); 0 or -1 */
int mg_gitmerge_parse(struct gitmerge *g, const char *buf, size_t len,
		      size_t k);
/* side (0 base, 1 ours, 2 theirs) of chunk c: its lines, *n of them */
const struct line *mg_part(const struct gitmerge *g, const struct chunk *c,
			   int side, size_t *n);

#endif
