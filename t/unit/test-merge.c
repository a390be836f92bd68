// SPDX-License-Identifier: GPL-2.0
/*
 * The three-way merge: fixed cases (the ones issue 10 found), then a
 * property test over thousands of random merges of real sections (read
 * from the MAINTAINERS file given, raw) with duplicate lines, renames,
 * moves and empty files:
 *  - merge(b, x, x) = x, merge(b, b, x) = x, merge(b, x, b) = x, byte for
 *    byte and clean;
 *  - a clean merge follows the multiset rule for every line of every
 *    section all three have under one header (k, o, t copies: t if
 *    o = k, else o if t = k or o = t; else it is not clean);
 *  - a clean result has unique headers, invents no line (each is OURS'
 *    or THEIRS') and keeps OURS' lines nobody touched in OURS' order;
 *  - merge(b, o, t) and merge(b, t, o) agree on being clean and, when
 *    clean, hold the same lines.
 *
 *   test-merge [ROUNDS [MAINTAINERS]]
 */
#include "tap.h"
#include "merge/merge.h"
#include "model/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- fixed cases ---- */

static struct strbuf out = STRBUF_INIT;
static struct merge_result res;

static int merge3o(const char *b, const char *o, const char *t,
		   const struct merge_opts *opts)
{
	strbuf_reset(&out);
	return mg_merge_text(b, strlen(b), o, strlen(o), t, strlen(t), opts,
			     &out, &res);
}

static int merge3(const char *b, const char *o, const char *t)
{
	return merge3o(b, o, t, NULL);
}

static void fixed_cases(void)
{
	struct merge_opts mo = { 0, MERGE_STYLE_DIFF3, "HEAD", "merged base",
				 "topic" };

	merge3("P\n\nA\nM:\tx\nF:\ta/\n", "P\n\nA RENAMED\nM:\tx\nF:\ta/\n",
	       "P\n\nA\nM:\tx\nF:\ta/\nF:\tb/\n");
	is_mem(out.buf, out.len, "P\n\nA RENAMED\nM:\tx\nF:\ta/\nF:\tb/\n",
	       "a renamed header is matched by content");

	merge3("P\n\nZ\nM:\tz\n\nA\nM:\ta\n",
	       "P\n\nZ\nM:\tz\n\nA\nM:\ta\n\nC\nM:\tc\n",
	       "P\n\nZ\nM:\tz\n\nB\nM:\tb\n\nA\nM:\ta\n");
	is_mem(out.buf, out.len,
	       "P\n\nZ\nM:\tz\n\nB\nM:\tb\n\nA\nM:\ta\n\nC\nM:\tc\n",
	       "unsorted input: nothing re-sorted, THEIRS' section after its "
	       "anchor");

	merge3("P\n\nA\nM:\ta\n\nC\nM:\tc\n\nB\nM:\tb\n",
	       "P\n\nA\nM:\ta\n\nB\nM:\tb\n\nC\nM:\tc\n",
	       "P\n\nA\nM:\ta\n\nC\nM:\tc\n\nB\nM:\tb\n\nB2\nM:\tb2\n");
	is_mem(out.buf, out.len,
	       "P\n\nA\nM:\ta\n\nB\nM:\tb\n\nB2\nM:\tb2\n\nC\nM:\tc\n",
	       "an anchor OURS moved (a sort): THEIRS' section follows it");

	merge3("A\nM:\ta\nF:  a/\nF:\tb/\n",
	       "A\nM:\ta\nF:  a/\nF:\tb/\nF:\tc/\n",
	       "A\nM:\ta\nR:  r\nF:  a/\nF:\tb/\n");
	is_mem(out.buf, out.len, "A\nM:\ta\nR:  r\nF:  a/\nF:\tb/\nF:\tc/\n",
	       "untouched lines keep their bytes (F:<spaces>)");

	merge3("A\nM:\ta\nF:\tz/\nF:\ta/\n", "A\nM:\ta\nF:\tz/\nF:\ta/\n",
	       "A\nM:\ta\nF:\tz/\nF:\tm/\nF:\ta/\n");
	is_mem(out.buf, out.len, "A\nM:\ta\nF:\tz/\nF:\tm/\nF:\ta/\n",
	       "a line THEIRS added goes after its predecessor in THEIRS");

	merge3("A\nM:\ta\nF:\tx/\nF:\tx/\n", "A\nM:\ta\nF:\tx/\n",
	       "A\nM:\ta\nF:\tx/\n");
	is_mem(out.buf, out.len, "A\nM:\ta\nF:\tx/\n",
	       "a duplicate removed on both sides keeps one");
	is_int(res.conflicts, 0, "and is clean");

	merge3("A\nM:\ta\nM:\ty <y@old>\nF:\tx/\n", "A\nM:\ta\nF:\tx/\n",
	       "A\nM:\ta\nM:\ty <y@new>\nF:\tx/\n");
	is_mem(out.buf, out.len,
	       "A\nM:\ta\n<<<<<<< ours\n=======\nM:\ty <y@new>\n"
	       ">>>>>>> theirs\nF:\tx/\n",
	       "a line one side deletes and the other changes: a conflict, "
	       "the deleted line does not come back");
	is_int(res.conflicts, 1, "one conflict");

	merge3("A\nM:\ta\nM:\ty <y@old>\nF:\tx/\n",
	       "A\nM:\ta\nM:\ty <y@one>\nF:\tx/\n",
	       "A\nM:\ta\nM:\ty <y@two>\nF:\tx/\n");
	is_mem(out.buf, out.len,
	       "A\nM:\ta\n<<<<<<< ours\nM:\ty <y@one>\n=======\n"
	       "M:\ty <y@two>\n>>>>>>> theirs\nF:\tx/\n",
	       "a line changed differently on both sides: a conflict, not "
	       "both lines");

	merge3("A\nM:\ta\nM:\ty <y@old>\nF:\tx/\n",
	       "A\nM:\ta\nM:\ty <y@new>\nF:\tx/\nF:\tz/\n",
	       "A\nM:\ta\nM:\ty <y@new>\nF:\tx/\n");
	is_mem(out.buf, out.len, "A\nM:\ta\nM:\ty <y@new>\nF:\tx/\nF:\tz/\n",
	       "the same change on both sides is clean");
	is_int(res.conflicts, 0, "and has no conflict");

	merge3("A\nM:\ta\nM:\ty <y@old>\nF:\tx/\n", "A\nM:\ta\nF:\tx/\n",
	       "A\nM:\ta\nM:\ty <y@old>\nF:\tx/\nF:\tz/\n");
	is_mem(out.buf, out.len, "A\nM:\ta\nF:\tx/\nF:\tz/\n",
	       "a deletion and an unrelated addition: clean");

	merge3("A\nM:\ta\nF:\tx/\n", "A\nM:\ta\n",
	       "A\nM:\ta\nF:\tx/\nF:\tx/\n");
	is_int(res.conflicts, 1,
	       "a count changed differently on both sides: a conflict");

	merge3("P\n\nX\nM:\tx\nF:\tx/\n\nZ\nM:\tz\n",
	       "P\n\nY\nM:\tx\nF:\tx/\n\nZ\nM:\tz\n",
	       "P\n\nX\nM:\tx\nF:\tx/\n\nY\nM:\tx\nF:\tx/\n\nZ\nM:\tz\n");
	is_mem(out.buf, out.len, "P\n\nY\nM:\tx\nF:\tx/\n\nZ\nM:\tz\n",
	       "renamed on one side, the same header added on the other: one "
	       "section");
	is_int(res.conflicts, 0, "and clean");

	merge3("P\n\nX\nM:\tx\nF:\tx/\n\nZ\nM:\tz\n",
	       "P\n\nX\nM:\tx\nF:\tx/\n\nY\nM:\tx\nF:\tx/\nF:\ty/\n\nZ\nM:\tz\n",
	       "P\n\nY\nM:\tx\nF:\tx/\n\nZ\nM:\tz\n");
	is_int(res.conflicts, 1,
	       "the other way round, the added section differing: a conflict");

	merge3("P\n\nA\nM:\ta\n", "P\n\nA\nM:\ta\n\nB\nM:\tb\nF:\tb/\n",
	       "P\n\nB\nM:\tb\nL:\tl\n\nA\nM:\ta\n");
	ok(res.conflicts >= 1 &&
		   !strstr(out.buf + (strstr(out.buf, "\nB\n") ?
					      strstr(out.buf, "\nB\n") -
						      out.buf + 1 :
					      0),
			   "\nB\n"),
	   "one header added on both sides, differently (two people claim "
	   "one driver): a conflict, the header once");

	merge3("P\n\nA\nM:\ta\n\nC\nM:\tc\n",
	       "P\n\nA\nM:\ta\n\nB\nM:\tb1\nF:\tb/\n\nC\nM:\tc\n",
	       "P\n\nA\nM:\ta\n\nB\nM:\tb2\nF:\tb/\n\nC\nM:\tc\n");
	ok(res.git_conflicts && res.conflicts == 1 && strstr(out.buf, "b1") &&
		   strstr(out.buf, "b2"),
	   "the same at the same place: git's conflict stays");

	merge3("P\n\nA\nM:\ta\n\nC\nM:\tc\n\nE\nM:\te\n",
	       "P\n\nA\nM:\ta\n\nB\nM:\tb\n\nC\nM:\tc\n\nE\nM:\te\n",
	       "P\n\nA\nM:\ta\n\nC\nM:\tc\n\nE\nM:\te\n\nB\nM:\tb\n");
	is_mem(out.buf, out.len,
	       "P\n\nA\nM:\ta\n\nB\nM:\tb\n\nC\nM:\tc\n\nE\nM:\te\n",
	       "a section both added at different places: git keeps it twice, "
	       "the merge once, at OURS' place");
	ok(!res.git_conflicts && !res.conflicts && res.deduped,
	   "git was clean: only the duplicate is taken out");

	merge3("P\n\nA\nM:\ta\n\nC\nM:\tc\n\nE\nM:\te\n",
	       "P\n\nA\nM:\ta\n\nB\nM:\tb1\n\nC\nM:\tc\n\nE\nM:\te\n",
	       "P\n\nA\nM:\ta\n\nC\nM:\tc\n\nE\nM:\te\n\nB\nM:\tb2\n");
	is_mem(out.buf, out.len,
	       "P\n\nA\nM:\ta\n\nB\n<<<<<<< ours\nM:\tb1\n=======\n"
	       "M:\tb2\n>>>>>>> theirs\n\nC\nM:\tc\n\nE\nM:\te\n",
	       "one header added differently at two places (git clean, the "
	       "header twice): a conflict at OURS' place");
	is_int(res.conflicts, 1, "and the merge says so");

	merge3("A\nM:\ta\nF:\tx/\n", "A\nM:\ta\nF:\tx/\nF:\tz/\n",
	       "A\nM:\ta\nF:\tz/\nF:\tx/\n");
	is_mem(out.buf, out.len, "A\nM:\ta\nF:\tz/\nF:\tx/\n",
	       "a field line both added at two places: once (THEIRS' copy "
	       "is the later one here, OURS' order kept)");

	/*
	 * the last check firing: ours removes S, theirs moves it to the end
	 * and changes it (git: clean there, the changed copy comes back),
	 * and both add a section at one place (a conflict the structure
	 * resolves); the result would bring S back: git's result instead
	 */
	merge3("P\n\nA\nM:\ta\n\nS\nM:\ts\nF:\ts/\n\nX\nM:\tx\n",
	       "P\n\nA\nM:\ta\n\nB\nM:\tb\n\nX\nM:\tx\n",
	       "P\n\nA\nM:\ta\n\nC\nM:\tc\n\nX\nM:\tx\n\nS\nM:\ts\n"
	       "F:\ts/\nF:\tt/\n");
	ok(res.git_conflicts && res.check_failed && res.conflicts &&
		   strstr(out.buf, "<<<<<<< ours\n"),
	   "the last check refuses a clean result that brings back a "
	   "section one side removed: git's conflicts");

	/*
	 * git misplaces a hunk: OURS adds Z, alike to Y, and changes Y;
	 * THEIRS adds T: to Y; git's clean text puts it into Z.  With a
	 * conflict the structure resolves elsewhere (X), the last check
	 * finds Z and Y wrong and both are merged again from their three
	 * versions.
	 */
	merge3("X\nM:\ta\nL:\tl\nS:\tMaintained\nF:\tx\n\n"
	       "Y\nM:\tb\nL:\tl\nS:\tMaintained\nF:\ty\n",
	       "X\nM:\ta\nL:\tl\nS:\tMaintained\nF:\tx\nF:\tx1\n\n"
	       "Z\nM:\tc\nL:\tl\nS:\tMaintained\nF:\tz\n\n"
	       "Y\nL:\tl\nS:\tOrphan\nF:\ty\n",
	       "X\nM:\ta\nL:\tl\nS:\tMaintained\nF:\tx\nF:\tx2\n\n"
	       "Y\nM:\tb\nL:\tl\nT:\tt\nS:\tMaintained\nF:\ty\n");
	ok(res.git_conflicts && !res.conflicts && !res.check_failed &&
		   strstr(out.buf, "Z\nM:\tc\nL:\tl\nS:\tMaintained\n") &&
		   strstr(out.buf, "Y\nL:\tl\n") &&
		   strstr(out.buf, "T:\tt\nF:\ty\n"),
	   "a hunk git put into a look-alike section: both sections merged "
	   "again, T: back in Y");

	/* issue 21: a side that empties the file against an edit */
	merge3("P\n\nA\nM:\ta\nsome text\n", "", "P\n\nA\nM:\ta\nother text\n");
	ok(res.conflicts > 0,
	   "OURS empties the file, THEIRS changes the text ending the last "
	   "section: a conflict");
	merge3("P\n\nA\nM:\ta\n\nB\nM:\tb\n", "P\n\nA\nM:\ta\n",
	       "P\n\nA\nM:\ta\n\nB\nM:\tb\nF:\tb/\n");
	ok(res.conflicts > 0,
	   "OURS removes a section THEIRS changed: a conflict");
	merge3("P\n\nA\nM:\ta\n\nB\nM:\tb\n",
	       "P\n\nA\nM:\ta\nF:\ta/\n\nB\nM:\tb\nF:\tb/\n",
	       "P\n\nA\nM:\ta\nF:\tz/\n");
	ok(res.conflicts > 0,
	   "THEIRS removes a section OURS changed, both change another: a "
	   "conflict");

	ok(!merge3("", "", ""), "empty inputs merge");
	is_int(out.len, 0, "to nothing");
	is_int(res.conflicts, 0, "cleanly");
	merge3("P\n\nA\nM:\ta\n", "P\n\nA\nM:\ta\n", "");
	is_int(out.len + res.conflicts, 0,
	       "THEIRS empties the file: an empty, clean result");
	merge3("Just a preamble\n", "Just a preamble\nmore\n",
	       "Top\nJust a preamble\n");
	is_mem(out.buf, out.len, "Top\nJust a preamble\nmore\n",
	       "preamble-only files merge line by line");

	merge3("P1\n\nA\nM:\ta\n", "P2\n\nA\nM:\ta\n", "P3\n\nA\nM:\ta\n");
	is_int(res.conflicts, 1, "preamble line edited differently: conflict");
	is_mem(out.buf, out.len,
	       "<<<<<<< ours\nP2\n=======\nP3\n>>>>>>> theirs\n\nA\nM:\ta\n",
	       "markers around the changed lines only");

	merge3o("P\n\nA\nM:\ta\nS:\tMaintained\n",
		"P\n\nA\nM:\ta\nS:\tOdd Fixes\n", "P\n\nA\nM:\ta\nS:\tOrphan\n",
		&mo);
	is_mem(out.buf, out.len,
	       "P\n\nA\nM:\ta\n<<<<<<< HEAD\nS:\tOdd Fixes\n"
	       "||||||| merged base\nS:\tMaintained\n=======\nS:\tOrphan\n"
	       ">>>>>>> topic\n",
	       "S: changed differently: a diff3 conflict with labels");

	mo.style = MERGE_STYLE_ZDIFF3;
	mo.marker_size = 10;
	merge3o("P\n\nA\nM:\ta\nS:\tMaintained\n", "P\n\nA\nM:\ta\nM:\tb\n",
		"P\n\n", &mo);
	is_int(res.conflicts, 1, "removed on one side, changed on the other");
	is_mem(out.buf, out.len,
	       "P\n\n<<<<<<<<<< HEAD\nA\nM:\ta\nM:\tb\n||||||||||"
	       " merged base\nA\nM:\ta\nS:\tMaintained\n==========\n"
	       ">>>>>>>>>> topic\n",
	       "the whole section in the block, --marker-size");

	merge3("A\nM:\ta", "A\nM:\ta\nF:\tf", "A\nM:\ta\nR:\tr");
	is_mem(out.buf, out.len, "A\nM:\ta\nR:\tr\nF:\tf",
	       "no newline at the end stays so");

	ok(mnt_is_conflict_marker("<<<<<<< ours", 12) &&
		   mnt_is_conflict_marker("=======", 7) &&
		   mnt_is_conflict_marker("|||||||", 7) &&
		   !mnt_is_conflict_marker("======= x", 9) &&
		   !mnt_is_conflict_marker("===================", 19) &&
		   !mnt_is_conflict_marker("<<<<<<", 6) &&
		   !mnt_is_conflict_marker("---------------", 15),
	   "conflict markers recognised");
	/*
	 * found by the property test on CI (the example file's sections):
	 * git's hunk holds OURS' new section A1 and base's A2 header, OURS
	 * still has A2 after it; A1 is no rename of A2, so THEIRS' line
	 * added to A2 must not land in A1
	 */
#define SEC                                                  \
	"M:\tAnn <ann@x.org>\nL:\tl@x.org\nS:\tMaintained\n" \
	"F:\tdrivers/aaa/\nF:  include/aaa.h"
	merge3("A4\n" SEC "\n\nA2\n" SEC,
	       "A4\n" SEC "\n\nA1\n" SEC "\n\nA2\nL:\tl@x.org\n"
	       "S:\tMaintained\nF:\tdrivers/aaa/\nF:  include/aaa.h",
	       "A4\n" SEC "\n\nA2\nF:  include/aaa.h\n" SEC "\n\nA0\n" SEC);
	ok(res.conflicts || strstr(out.buf, "A1\nM:"),
	   "a new section in git's hunk is no rename of a header the side "
	   "kept elsewhere");
	/*
	 * a section merged again by the repair, last in the result but not
	 * in OURS: no blank line added at the end of the file
	 */
	merge3("A3\n" SEC "\n\nA1\n" SEC,
	       "A3\nM:\tAnn <ann@x.org>\nS:\tMaintained\n"
	       "F:\tdrivers/aaa/\nF:  include/aaa.h\n\nA1\nL:\tl@x.org\n"
	       "T:\tgit https://x.org/y.git\n" SEC,
	       "A1\n" SEC "\n\nA3\nM:\tAnn <ann@x.org>\nL:\tl@x.org\n"
	       "S:\tMaintained\nF:\tdrivers/aaa/\nF:\tdrivers/aaa/\n");
	is_mem(out.buf, out.len,
	       "A1\nL:\tl@x.org\nT:\tgit https://x.org/y.git\n" SEC
	       "\n\nA3\nM:\tAnn <ann@x.org>\nS:\tMaintained\n"
	       "F:\tdrivers/aaa/\nF:\tdrivers/aaa/\n",
	       "a section the repair merged again, last in the file: no blank "
	       "line added after it");
#undef SEC
}

/* ---- the property test ---- */

struct sec {
	char *head; /* header line, with newline */
	char **l; /* field lines, with newlines */
	size_t n, alloc;
};

struct file {
	char *pre;
	struct sec *s;
	size_t n, alloc;
};

static struct sec *pool;
static size_t npool, apool;

static unsigned long long rng_state = 88172645463325252ull;

static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return n ? (unsigned)(rng_state % n) : 0;
}

static char *dupn(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (!p)
		abort();
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static void add_line(struct sec *s, char *l)
{
	if (!ALLOC_GROW(s->l, s->n + 1, s->alloc))
		abort();
	s->l[s->n++] = l;
}

static bool fieldp(const char *s)
{
	return s[0] >= 'A' && s[0] <= 'Z' && s[1] == ':';
}

/* sections of a real file (every 7th, for variety) into the pool */
static void load_pool(const char *path)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	static const char *const fallback[] = {
		"AAA DRIVER\n",	      "M:\tAnn <ann@x.org>\n",
		"L:\tl@x.org\n",      "S:\tMaintained\n",
		"F:\tdrivers/aaa/\n", "F:  include/aaa.h\n",
	};
	char *line = NULL, *prev = NULL;
	size_t cap = 0, i, k = 0;
	ssize_t len;
	struct sec *cur = NULL;

	if (f) {
		while ((len = getline(&line, &cap, f)) > 0) {
			if (fieldp(line) && prev && !fieldp(prev)) {
				cur = NULL;
				if (k++ % 7 == 0) {
					if (!ALLOC_GROW(pool, npool + 1, apool))
						abort();
					cur = &pool[npool++];
					memset(cur, 0, sizeof(*cur));
					cur->head = prev;
					prev = NULL;
				}
			}
			if (fieldp(line) && cur)
				add_line(cur, dupn(line, (size_t)len));
			free(prev);
			prev = dupn(line, (size_t)len);
		}
		free(prev);
		free(line);
		fclose(f);
	}
	for (i = 0; npool < 8; i++) {
		char h[32];

		if (!ALLOC_GROW(pool, npool + 1, apool))
			abort();
		cur = &pool[npool++];
		memset(cur, 0, sizeof(*cur));
		snprintf(h, sizeof(h), "FALLBACK %zu\n", i);
		cur->head = dupn(h, strlen(h));
		for (k = 1; k < sizeof(fallback) / sizeof(fallback[0]); k++)
			add_line(cur, dupn(fallback[k], strlen(fallback[k])));
	}
}

static void sec_copy(struct sec *d, const struct sec *s)
{
	size_t i;

	memset(d, 0, sizeof(*d));
	d->head = dupn(s->head, strlen(s->head));
	for (i = 0; i < s->n; i++)
		add_line(d, dupn(s->l[i], strlen(s->l[i])));
}

static void sec_free(struct sec *s)
{
	size_t i;

	free(s->head);
	for (i = 0; i < s->n; i++)
		free(s->l[i]);
	free(s->l);
}

static void file_free(struct file *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		sec_free(&f->s[i]);
	free(f->s);
	free(f->pre);
	memset(f, 0, sizeof(*f));
}

static void file_copy(struct file *d, const struct file *s)
{
	size_t i;

	memset(d, 0, sizeof(*d));
	d->pre = dupn(s->pre, strlen(s->pre));
	if (!ALLOC_GROW(d->s, s->n + 1, d->alloc))
		abort();
	for (i = 0; i < s->n; i++)
		sec_copy(&d->s[i], &s->s[i]);
	d->n = s->n;
}

static bool has_head(const struct file *f, const char *h)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (!strcmp(f->s[i].head, h))
			return true;
	return false;
}

static void insert_sec(struct file *f, size_t at, const struct sec *s)
{
	if (!ALLOC_GROW(f->s, f->n + 1, f->alloc))
		abort();
	memmove(f->s + at + 1, f->s + at, (f->n - at) * sizeof(*f->s));
	sec_copy(&f->s[at], s);
	f->n++;
}

static void text_of(const struct file *f, struct strbuf *sb)
{
	size_t i, j;

	strbuf_reset(sb);
	strbuf_addstr(sb, f->pre);
	for (i = 0; i < f->n; i++) {
		if (i)
			strbuf_addch(sb, '\n');
		strbuf_addstr(sb, f->s[i].head);
		for (j = 0; j < f->s[i].n; j++)
			strbuf_addstr(sb, f->s[i].l[j]);
	}
}

static void random_file(struct file *f)
{
	size_t i, n = rnd(10) ? 1 + rnd(8) : 0;

	memset(f, 0, sizeof(*f));
	f->pre = rnd(4) ? dupn("Preamble\n\n", 10) : dupn("", 0);
	for (i = 0; i < n; i++) {
		const struct sec *s = &pool[rnd((unsigned)npool)];

		if (!has_head(f, s->head))
			insert_sec(f, f->n, s);
	}
}

static void random_edit(struct file *f)
{
	struct sec *s;
	char buf[160];
	size_t i;

	if (!rnd(40)) { /* empty the file */
		file_free(f);
		f->pre = dupn("", 0);
		return;
	}
	switch (rnd(9)) {
	case 0: { /* add a section */
		const struct sec *p = &pool[rnd((unsigned)npool)];

		if (!has_head(f, p->head))
			insert_sec(f, rnd((unsigned)f->n + 1), p);
		return;
	}
	case 1: /* remove one */
		if (f->n) {
			i = rnd((unsigned)f->n);
			sec_free(&f->s[i]);
			memmove(f->s + i, f->s + i + 1,
				(f->n - i - 1) * sizeof(*f->s));
			f->n--;
		}
		return;
	case 2: /* rename one */
		if (f->n) {
			s = &f->s[rnd((unsigned)f->n)];
			snprintf(buf, sizeof(buf), "RENAMED %u %.100s", rnd(3),
				 s->head);
			if (!has_head(f, buf)) {
				free(s->head);
				s->head = dupn(buf, strlen(buf));
			}
		}
		return;
	case 3: { /* move one */
		struct sec t;

		if (f->n < 2)
			return;
		i = rnd((unsigned)f->n);
		t = f->s[i];
		memmove(f->s + i, f->s + i + 1, (f->n - i - 1) * sizeof(*f->s));
		f->n--;
		i = rnd((unsigned)f->n + 1);
		memmove(f->s + i + 1, f->s + i, (f->n - i) * sizeof(*f->s));
		f->s[i] = t;
		f->n++;
		return;
	}
	case 4: /* the preamble */
		free(f->pre);
		f->pre = rnd(2) ? dupn("Other\n\n", 7) : dupn("", 0);
		return;
	default:
		break;
	}
	if (!f->n)
		return;
	s = &f->s[rnd((unsigned)f->n)];
	switch (rnd(4)) {
	case 0: /* a duplicate of one of its lines, anywhere */
	case 1: { /* a line of another section */
		const struct sec *p = &pool[rnd((unsigned)npool)];
		const char *l = rnd(2) && s->n ? s->l[rnd((unsigned)s->n)] :
				p->n	       ? p->l[rnd((unsigned)p->n)] :
						 "F:\tx/\n";

		add_line(s, NULL);
		i = rnd((unsigned)s->n);
		memmove(s->l + i + 1, s->l + i, (s->n - 1 - i) * sizeof(*s->l));
		s->l[i] = dupn(l, strlen(l));
		return;
	}
	case 2: /* remove a line (keep one) */
		if (s->n > 1) {
			i = rnd((unsigned)s->n);
			free(s->l[i]);
			memmove(s->l + i, s->l + i + 1,
				(s->n - i - 1) * sizeof(*s->l));
			s->n--;
		}
		return;
	default: /* the status */
		for (i = 0; i < s->n; i++)
			if (!strncmp(s->l[i], "S:", 2)) {
				static const char *const st[] = {
					"S:\tMaintained\n", "S:\tOrphan\n",
					"S:\tOdd Fixes\n", "S:\tSupported\n"
				};
				const char *v = st[rnd(4)];

				free(s->l[i]);
				s->l[i] = dupn(v, strlen(v));
				break;
			}
		return;
	}
}

/* ---- checking results ---- */

struct tl {
	const char *s;
	size_t len;
};

struct tsec {
	struct tl head; /* trimmed */
	struct tl *l;
	size_t n;
};

struct tfile {
	struct tl *all;
	size_t nall;
	struct tsec *s;
	size_t n;
};

static bool tfield(const struct tl *l)
{
	return l->len >= 2 && fieldp(l->s);
}

static void tparse(struct tfile *f, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	size_t i, a1 = 0, a2 = 0;

	memset(f, 0, sizeof(*f));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		if (!ALLOC_GROW(f->all, f->nall + 1, a1))
			abort();
		f->all[f->nall++] = (struct tl){ p, (size_t)(e - p) };
		p = nl ? nl + 1 : end;
	}
	for (i = 0; i + 1 < f->nall; i++) {
		struct tsec *s;

		if (tfield(&f->all[i]) || !tfield(&f->all[i + 1]))
			continue;
		if (!ALLOC_GROW(f->s, f->n + 1, a2))
			abort();
		s = &f->s[f->n++];
		s->head = f->all[i];
		while (s->head.len && s->head.s[s->head.len - 1] == ' ')
			s->head.len--;
		s->l = &f->all[i + 1];
		for (s->n = 0;
		     i + 1 + s->n < f->nall && tfield(&f->all[i + 1 + s->n]);
		     s->n++)
			;
	}
}

static void tfree(struct tfile *f)
{
	free(f->all);
	free(f->s);
}

static bool tl_eq(const struct tl *a, const struct tl *b)
{
	return a->len == b->len && !memcmp(a->s, b->s, a->len);
}

static const struct tsec *tfind(const struct tfile *f, const struct tl *h)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (tl_eq(&f->s[i].head, h))
			return &f->s[i];
	return NULL;
}

static size_t tcount(const struct tl *v, size_t n, const struct tl *x)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += tl_eq(&v[i], x);
	return c;
}

static int failures;
static size_t clean_merges, checked_sections;

static void fail(const char *what, const struct strbuf *b,
		 const struct strbuf *o, const struct strbuf *t)
{
	if (failures++ < 3)
		tap_diag(
			"%s\n--- base\n%s--- ours\n%s--- theirs\n%s--- result\n%s",
			what, b->buf, o->buf, t->buf, out.buf);
}

static int cmp_tl(const void *a, const void *b)
{
	const struct tl *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, n);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* the lines of a text, sorted (for comparing as multisets) */
static void sorted_lines(const char *buf, size_t len, struct tfile *f)
{
	tparse(f, buf, len);
	if (f->nall)
		qsort(f->all, f->nall, sizeof(*f->all), cmp_tl);
}

static void check_clean(const struct strbuf *b, const struct strbuf *o,
			const struct strbuf *t)
{
	struct tfile fb, fo, ft, fr;
	size_t i, j;
	bool bad = false;

	tparse(&fb, b->buf, b->len);
	tparse(&fo, o->buf, o->len);
	tparse(&ft, t->buf, t->len);
	tparse(&fr, out.buf, out.len);
	clean_merges++;
	/* unique headers */
	for (i = 0; i < fr.n && !bad; i++)
		for (j = i + 1; j < fr.n && !bad; j++)
			if (tl_eq(&fr.s[i].head, &fr.s[j].head)) {
				fail("duplicate header", b, o, t);
				bad = true;
			}
	/* every line OURS' or THEIRS' */
	for (i = 0; i < fr.nall && !bad; i++)
		if (!tcount(fo.all, fo.nall, &fr.all[i]) &&
		    !tcount(ft.all, ft.nall, &fr.all[i]) && fr.all[i].len) {
			fail("a line neither side has", b, o, t);
			bad = true;
		}
	/* the multiset rule, where all three have the header */
	for (i = 0; i < fb.n && !bad; i++) {
		const struct tsec *sb = &fb.s[i];
		const struct tsec *so = tfind(&fo, &sb->head);
		const struct tsec *st = tfind(&ft, &sb->head);
		const struct tsec *sr = tfind(&fr, &sb->head);

		if (!so || !st)
			continue;
		checked_sections++;
		if (!sr) {
			fail("a section all three have is gone", b, o, t);
			bad = true;
			break;
		}
		for (j = 0; j < so->n + st->n && !bad; j++) {
			const struct tl *x = j < so->n ? &so->l[j] :
							 &st->l[j - so->n];
			size_t k = tcount(sb->l, sb->n, x),
			       co = tcount(so->l, so->n, x),
			       ct = tcount(st->l, st->n, x), want;

			if (x->len > 1 && x->s[0] == 'S')
				continue; /* one value: below */
			want = co == k ? ct : co;
			if (co != k && ct != k && co != ct) {
				fail("a clean merge of a count conflict", b, o,
				     t);
				bad = true;
			} else if (tcount(sr->l, sr->n, x) != want) {
				fail("the multiset rule", b, o, t);
				bad = true;
			}
		}
		/* OURS' untouched lines in OURS' order */
		for (j = 0; j < so->n && !bad; j++) {
			const struct tl *x = &so->l[j];

			if (tcount(sb->l, sb->n, x) == 1 &&
			    tcount(so->l, so->n, x) == 1 &&
			    tcount(st->l, st->n, x) == 1 &&
			    tcount(sr->l, sr->n, x) != 1) {
				fail("an untouched line lost", b, o, t);
				bad = true;
			}
		}
	}
	tfree(&fb);
	tfree(&fo);
	tfree(&ft);
	tfree(&fr);
}

static void property_test(int rounds)
{
	struct strbuf b = STRBUF_INIT, o = STRBUF_INIT, t = STRBUF_INIT,
		      r1 = STRBUF_INIT;
	struct file fb, fo, ft;
	int round, e, bad_id = 0, bad_sym = 0, nomem = 0;
	size_t resolved = 0;
	bool c1;

	for (round = 0; round < rounds; round++) {
		random_file(&fb);
		file_copy(&fo, &fb);
		file_copy(&ft, &fb);
		for (e = rnd(5); e >= 0; e--)
			random_edit(&fo);
		for (e = rnd(5); e >= 0; e--)
			random_edit(&ft);
		text_of(&fb, &b);
		text_of(&fo, &o);
		text_of(&ft, &t);

		/* identities */
		nomem += merge3(b.buf, o.buf, o.buf) != 0;
		bad_id += res.conflicts || out.len != o.len ||
			  memcmp(out.buf, o.buf, o.len);
		nomem += merge3(b.buf, b.buf, o.buf) != 0;
		bad_id += res.conflicts || out.len != o.len ||
			  memcmp(out.buf, o.buf, o.len);
		nomem += merge3(b.buf, o.buf, b.buf) != 0;
		bad_id += res.conflicts || out.len != o.len ||
			  memcmp(out.buf, o.buf, o.len);
		if (bad_id && failures < 1)
			fail("merge(b,x,x), merge(b,b,x) or merge(b,x,b) is not x",
			     &b, &o, &o);

		/*
		 * both ways: where git conflicted and the structure resolved
		 * it, the result obeys the rules (git's own clean results
		 * are git's, whatever they hold), and the other way round
		 * gives the same lines when it resolves too
		 */
		nomem += merge3(b.buf, t.buf, o.buf) != 0;
		strbuf_reset(&r1);
		strbuf_add(&r1, out.buf, out.len);
		c1 = res.git_conflicts && !res.conflicts;
		nomem += merge3(b.buf, o.buf, t.buf) != 0;
		if (res.git_conflicts && !res.conflicts) {
			resolved++;
			check_clean(&b, &o, &t);
		}
		if (c1 && res.git_conflicts && !res.conflicts) {
			struct tfile x, y;
			size_t i;
			bool same;

			sorted_lines(r1.buf, r1.len, &x);
			sorted_lines(out.buf, out.len, &y);
			same = x.nall == y.nall;
			for (i = 0; same && i < x.nall; i++)
				same = tl_eq(&x.all[i], &y.all[i]);
			if (!same) {
				bad_sym++;
				fail("merge(b,o,t) and merge(b,t,o) differ", &b,
				     &o, &t);
			}
			tfree(&x);
			tfree(&y);
		}
		file_free(&fb);
		file_free(&fo);
		file_free(&ft);
	}
	is_int(nomem, 0, "%d random merges ran", rounds * 5);
	is_int(bad_id, 0, "merge(b,x,x) = merge(b,b,x) = merge(b,x,b) = x");
	is_int(bad_sym, 0,
	       "merge(b,o,t) and merge(b,t,o) agree where both resolve");
	ok(failures == bad_sym + (bad_id ? 1 : 0) && !failures,
	   "conflicts resolved: multiset rule, unique headers, no line "
	   "invented or untouched line lost (%zu resolved, %zu shared "
	   "sections checked)",
	   clean_merges, checked_sections);
	ok(resolved > (size_t)rounds / 10 && checked_sections > 0,
	   "the property test checked real work (%zu of %d merges were git "
	   "conflicts resolved)",
	   resolved, rounds);
	strbuf_release(&b);
	strbuf_release(&o);
	strbuf_release(&t);
	strbuf_release(&r1);
}

int main(int argc, char **argv)
{
	size_t i;

	fixed_cases();
	load_pool(argc > 2 ? argv[2] : NULL);
	/* another sequence of random merges: test-merge N FILE SEED */
	if (argc > 3 && strtoull(argv[3], NULL, 0))
		rng_state = strtoull(argv[3], NULL, 0);
	property_test(argc > 1 ? atoi(argv[1]) : 3000);
	for (i = 0; i < npool; i++)
		sec_free(&pool[i]);
	free(pool);
	strbuf_release(&out);
	return tap_done();
}
