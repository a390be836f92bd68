// SPDX-License-Identifier: GPL-2.0
/*
 * The three-way merge: fixed cases, then a property test over thousands
 * of random merges of canonical files.  The properties, for a merge
 * without conflicts (and, for conflicts, that they are real):
 *  - nothing either side added is lost; nothing either side removed (and
 *    the other did not add) survives; no line is invented; lines nobody
 *    touched stay;
 *  - a section is there iff both sides kept it or a side added it;
 *  - the result parses, and is canonical since the inputs were;
 *  - merge(b, o, t) and merge(b, t, o) hold the same lines (ours'
 *    additions come first within a type, so their order may differ);
 *  - merge(b, b, t) is t and merge(b, o, b) is o.
 */
#include "tap.h"
#include "../../lib/format.h"
#include "../../lib/merge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXS 24
#define MAXL 24

struct tsec {
	char header[40];
	char lines[MAXL][64];
	int n;
};

struct tfile {
	struct tsec s[MAXS];
	int n;
};

static unsigned long long rng_state = 88172645463325252ull;

static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

static const char *const statuses[] = { "Maintained", "Supported", "Odd Fixes",
					"Orphan" };

static void add_line(struct tsec *s, const char *prefix, const char *v)
{
	if (s->n < MAXL)
		snprintf(s->lines[s->n++], sizeof(s->lines[0]), "%s%s", prefix,
			 v);
}

static void random_line(struct tsec *s)
{
	char v[32];

	switch (rnd(6)) {
	case 0:
		snprintf(v, sizeof(v), "Dev%u <d%u@x.org>", rnd(12), rnd(12));
		add_line(s, "M:\t", v);
		break;
	case 1:
		snprintf(v, sizeof(v), "Rev%u <r%u@x.org>", rnd(12), rnd(12));
		add_line(s, "R:\t", v);
		break;
	case 2:
		snprintf(v, sizeof(v), "list%u@x.org", rnd(5));
		add_line(s, "L:\t", v);
		break;
	case 3:
	case 4:
		snprintf(v, sizeof(v), "dir%u/", rnd(40));
		add_line(s, "F:\t", v);
		break;
	default:
		snprintf(v, sizeof(v), "key%u", rnd(10));
		add_line(s, "K:\t", v);
		break;
	}
}

/* A new section whose lines share nothing with others (no false renames). */
static void new_section(struct tsec *s, int id)
{
	char v[48];
	int k, n = 1 + (int)rnd(4);

	snprintf(s->header, sizeof(s->header), "SECTION %02d", id);
	s->n = 0;
	snprintf(v, sizeof(v), "Owner%d <o%d@x.org>", id, id);
	add_line(s, "M:\t", v);
	add_line(s, "S:\t", statuses[rnd(4)]);
	for (k = 0; k < n; k++) {
		snprintf(v, sizeof(v), "only%d/part%d/", id, k);
		add_line(s, "F:\t", v);
	}
}

static int find(const struct tfile *f, const char *h)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (!strcmp(f->s[i].header, h))
			return i;
	return -1;
}

static void random_edit(struct tfile *f, int side)
{
	int i = f->n ? (int)rnd((unsigned)f->n) : 0, j;
	struct tsec *s = &f->s[i];

	switch (f->n ? rnd(6) : 0) {
	case 0: /* add a section: ids 40.. per side, 80.. shared */
		if (f->n < MAXS) {
			int id = rnd(3) ? 40 + side * 20 + (int)rnd(20) :
					  80 + (int)rnd(5);

			char h[40];

			snprintf(h, sizeof(h), "SECTION %02d", id);
			if (find(f, h) < 0)
				new_section(&f->s[f->n++], id);
		}
		break;
	case 1: /* remove a section */
		f->s[i] = f->s[--f->n];
		break;
	case 2:
	case 3: /* add a line */
		random_line(s);
		break;
	case 4: /* remove a line that is not S: */
		j = (int)rnd((unsigned)s->n);
		if (s->lines[j][0] != 'S') {
			memmove(s->lines[j], s->lines[j + 1],
				(size_t)(s->n - j - 1) * sizeof(s->lines[0]));
			s->n--;
		}
		break;
	default: /* change the status */
		for (j = 0; j < s->n; j++)
			if (s->lines[j][0] == 'S')
				snprintf(s->lines[j], sizeof(s->lines[0]),
					 "S:\t%s", statuses[rnd(4)]);
		break;
	}
}

/* Parse text into m; 0 or -1. */
static int parse_text(struct maintainers *m, const char *text, size_t len)
{
	struct diags d = DIAGS_INIT;
	char *copy = malloc(len + 1);
	int r;

	memcpy(copy, text, len);
	mnt_init(m);
	r = mnt_parse(m, "t", copy, len, &d);
	diags_release(&d);
	return r;
}

/* Canonical text of a test file (format --order), parsed into m. */
static void canonical(const struct tfile *f, struct maintainers *m,
		      struct strbuf *text)
{
	struct strbuf raw = STRBUF_INIT;
	struct maintainers tmp;
	size_t *idx;
	size_t i;
	int k;

	strbuf_addstr(&raw, "Preamble\n\n");
	for (i = 0; i < (size_t)f->n; i++) {
		strbuf_addf(&raw, "%s%s\n", i ? "\n" : "", f->s[i].header);
		for (k = 0; k < f->s[i].n; k++)
			strbuf_addf(&raw, "%s\n", f->s[i].lines[k]);
	}
	parse_text(&tmp, raw.buf, raw.len);
	idx = malloc((tmp.nr_sections + 1) * sizeof(*idx));
	for (i = 0; i < tmp.nr_sections; i++)
		idx[i] = i;
	mnt_sort_sections(&tmp, idx, tmp.nr_sections);
	strbuf_reset(text);
	mnt_render(&tmp, idx, tmp.nr_sections, MNT_ORDER_DEFAULT, text);
	free(idx);
	mnt_release(&tmp);
	strbuf_release(&raw);
	parse_text(m, text->buf, text->len);
}

static size_t count_line(const struct maintainers *m,
			 const struct mnt_section *s, const char *line)
{
	const struct mnt_line *l;
	size_t i, c = 0, len = strlen(line);

	if (!s)
		return 0;
	l = mnt_section_lines(m, s);
	for (i = 0; i < s->nr; i++)
		c += l[i].len == len && !memcmp(l[i].s, line, len);
	return c;
}

static bool status_same(const struct maintainers *a,
			const struct mnt_section *sa,
			const struct maintainers *b,
			const struct mnt_section *sb)
{
	size_t k;

	for (k = 0; k < 4; k++) {
		char line[64];

		snprintf(line, sizeof(line), "S:\t%s", statuses[k]);
		if (count_line(a, sa, line) != count_line(b, sb, line))
			return false;
	}
	return true;
}

static bool lines_same(const struct maintainers *a,
		       const struct mnt_section *sa,
		       const struct maintainers *b,
		       const struct mnt_section *sb)
{
	const struct mnt_line *la = mnt_section_lines(a, sa);
	const struct mnt_line *lb = mnt_section_lines(b, sb);
	size_t i;

	if (sa->nr != sb->nr)
		return false;
	for (i = 0; i < sa->nr; i++)
		if (la[i].len != lb[i].len ||
		    memcmp(la[i].s, lb[i].s, la[i].len))
			return false;
	return true;
}

/* The conflicts a correct merge must report. */
static size_t expected_conflicts(const struct maintainers *b,
				 const struct maintainers *o,
				 const struct maintainers *t)
{
	size_t i, n = 0;

	for (i = 1; i < b->nr_sections; i++) {
		const struct mnt_section *sb = &b->sections[i];
		const struct mnt_section *so, *st;

		so = mnt_find(o, sb->header, sb->header_len);
		st = mnt_find(t, sb->header, sb->header_len);
		if (!so && st)
			n += !lines_same(t, st, b, sb);
		else if (so && !st)
			n += !lines_same(o, so, b, sb);
		else if (so && st)
			n += !status_same(o, so, b, sb) &&
			     !status_same(t, st, b, sb) &&
			     !status_same(o, so, t, st);
	}
	for (i = 1; i < o->nr_sections; i++) {
		const struct mnt_section *so = &o->sections[i];
		const struct mnt_section *st;

		if (mnt_find(b, so->header, so->header_len))
			continue;
		st = mnt_find(t, so->header, so->header_len);
		if (st && !status_same(o, so, t, st))
			n++;
	}
	return n;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The same lines, in any order?  Within a type, ours' additions come
 * before theirs', so swapping the sides may reorder lines of one type.
 */
static bool same_line_multiset(const struct strbuf *a, const struct strbuf *b)
{
	char *ca = strdup(a->buf), *cb = strdup(b->buf), *p;
	char **va = calloc(a->len + 1, sizeof(*va));
	char **vb = calloc(b->len + 1, sizeof(*vb));
	size_t na = 0, nb = 0, i;
	bool same;

	for (p = strtok(ca, "\n"); p; p = strtok(NULL, "\n"))
		va[na++] = p;
	for (p = strtok(cb, "\n"); p; p = strtok(NULL, "\n"))
		vb[nb++] = p;
	qsort(va, na, sizeof(*va), cmp_str);
	qsort(vb, nb, sizeof(*vb), cmp_str);
	same = na == nb;
	for (i = 0; same && i < na; i++)
		same = !strcmp(va[i], vb[i]);
	free(ca);
	free(cb);
	free(va);
	free(vb);
	return same;
}

static int failures;

static void fail(const char *what, const struct strbuf *b,
		 const struct strbuf *o, const struct strbuf *t,
		 const struct strbuf *r)
{
	if (failures++ < 3)
		tap_diag(
			"%s\n--- base\n%s--- ours\n%s--- theirs\n%s--- result\n%s",
			what, b->buf, o->buf, t->buf, r->buf);
}

/* Check the line and section properties of a clean result. */
static void check_clean(const struct maintainers *b,
			const struct maintainers *o,
			const struct maintainers *t,
			const struct maintainers *r, const char **why)
{
	size_t i, j;
	const struct maintainers *sides[2] = { o, t };
	size_t k;

	/* every section of the result, every line in it */
	for (i = 1; i < r->nr_sections; i++) {
		const struct mnt_section *sr = &r->sections[i];
		const struct mnt_section *sb, *so, *st;
		const struct mnt_line *l = mnt_section_lines(r, sr);

		sb = mnt_find(b, sr->header, sr->header_len);
		so = mnt_find(o, sr->header, sr->header_len);
		st = mnt_find(t, sr->header, sr->header_len);
		if (!so && !st) {
			*why = "a section nobody has";
			return;
		}
		if (sb && (!so || !st)) {
			*why = "a section one side removed came back";
			return;
		}
		for (j = 0; j < sr->nr; j++) {
			char line[128];
			size_t cb, co, ct, cr;

			snprintf(line, sizeof(line), "%.*s", (int)l[j].len,
				 l[j].s);
			cb = count_line(b, sb, line);
			co = count_line(o, so, line);
			ct = count_line(t, st, line);
			cr = count_line(r, sr, line);
			if (!co && !ct) {
				*why = "an invented line";
				return;
			}
			if (co < cb && ct <= cb && cr >= cb) {
				*why = "a line ours removed survived";
				return;
			}
			if (ct < cb && co <= cb && cr >= cb) {
				*why = "a line theirs removed survived";
				return;
			}
			if (co == cb && ct == cb && cr != cb) {
				*why = "an untouched line changed count";
				return;
			}
		}
	}
	/* nothing added is lost, no kept section is lost */
	for (k = 0; k < 2; k++) {
		const struct maintainers *s = sides[k], *other = sides[1 - k];

		for (i = 1; i < s->nr_sections; i++) {
			const struct mnt_section *ss = &s->sections[i];
			const struct mnt_section *sb, *so, *sr;
			const struct mnt_line *l = mnt_section_lines(s, ss);

			sb = mnt_find(b, ss->header, ss->header_len);
			so = mnt_find(other, ss->header, ss->header_len);
			sr = mnt_find(r, ss->header, ss->header_len);
			if (sb && !so)
				continue; /* the other side removed it */
			if (!sr) {
				*why = "a section lost";
				return;
			}
			for (j = 0; j < ss->nr; j++) {
				char line[128];

				snprintf(line, sizeof(line), "%.*s",
					 (int)l[j].len, l[j].s);
				if (count_line(s, ss, line) >
					    count_line(b, sb, line) &&
				    !count_line(r, sr, line)) {
					*why = "an added line lost";
					return;
				}
			}
		}
	}
}

static void property_test(int rounds)
{
	struct strbuf tb = STRBUF_INIT, to = STRBUF_INIT, tt = STRBUF_INIT,
		      r1 = STRBUF_INIT, r2 = STRBUF_INIT;
	int round, clean = 0, conflicted = 0, bad_conflicts = 0, bad = 0;
	int asym = 0, unparsable = 0, noncanon = 0, identity = 0;

	for (round = 0; round < rounds; round++) {
		struct tfile base = { .n = 0 }, ours, theirs;
		struct maintainers b, o, t, r;
		struct merge_result res, res2;
		int i, n = 2 + (int)rnd(8), e;
		struct diags d = DIAGS_INIT;
		const char *why = NULL;

		for (i = 0; i < n; i++) {
			int k, nl = 1 + (int)rnd(4);

			new_section(&base.s[base.n], (int)rnd(40));
			if (find(&base, base.s[base.n].header) >= 0)
				continue;
			for (k = 0; k < nl; k++)
				random_line(&base.s[base.n]);
			base.n++;
		}
		ours = base;
		theirs = base;
		for (e = (int)rnd(5); e > 0; e--)
			random_edit(&ours, 0);
		for (e = (int)rnd(5); e > 0; e--)
			random_edit(&theirs, 1);
		canonical(&base, &b, &tb);
		canonical(&ours, &o, &to);
		canonical(&theirs, &t, &tt);

		strbuf_reset(&r1);
		strbuf_reset(&r2);
		mnt_merge(&b, &o, &t, NULL, &r1, &res);
		mnt_merge(&b, &t, &o, NULL, &r2, &res2);
		if (res.conflicts != expected_conflicts(&b, &o, &t)) {
			bad_conflicts++;
			fail("wrong number of conflicts", &tb, &to, &tt, &r1);
		}
		if (res.conflicts != res2.conflicts)
			asym++;
		if (res.conflicts) {
			conflicted++;
			goto next;
		}
		clean++;
		if (!same_line_multiset(&r1, &r2)) {
			asym++;
			fail("merge(b,o,t) != merge(b,t,o)", &tb, &to, &tt,
			     &r1);
		}
		if (parse_text(&r, r1.buf, r1.len)) {
			unparsable++;
			fail("result does not parse", &tb, &to, &tt, &r1);
			mnt_release(&r);
			goto next;
		}
		if (mnt_check_canonical(&r, MNT_ORDER_DEFAULT, &d)) {
			noncanon++;
			fail("result not canonical", &tb, &to, &tt, &r1);
		}
		diags_release(&d);
		check_clean(&b, &o, &t, &r, &why);
		if (why) {
			bad++;
			fail(why, &tb, &to, &tt, &r1);
		}
		mnt_release(&r);

		/* identities */
		strbuf_reset(&r2);
		mnt_merge(&b, &b, &t, NULL, &r2, &res2);
		if (r2.len != tt.len || memcmp(r2.buf, tt.buf, tt.len))
			identity++;
		strbuf_reset(&r2);
		mnt_merge(&b, &o, &b, NULL, &r2, &res2);
		if (r2.len != to.len || memcmp(r2.buf, to.buf, to.len))
			identity++;
next:
		mnt_release(&b);
		mnt_release(&o);
		mnt_release(&t);
	}
	ok(clean > rounds / 4 && conflicted > rounds / 50,
	   "random merges: %d clean, %d with conflicts", clean, conflicted);
	is_int(bad_conflicts, 0, "conflicts exactly where they are real");
	is_int(bad, 0, "no line or section lost, none revived or invented");
	is_int(asym, 0,
	       "merge(b, o, t) and merge(b, t, o) hold the same lines");
	is_int(unparsable, 0, "every clean result parses");
	is_int(noncanon, 0, "canonical inputs give a canonical result");
	is_int(identity, 0, "merge(b, b, t) == t and merge(b, o, b) == o");
	strbuf_release(&tb);
	strbuf_release(&to);
	strbuf_release(&tt);
	strbuf_release(&r1);
	strbuf_release(&r2);
}

static void merge3(const char *b, const char *o, const char *t,
		   struct strbuf *out, struct merge_result *res)
{
	struct maintainers mb, mo, mt;

	parse_text(&mb, b, strlen(b));
	parse_text(&mo, o, strlen(o));
	parse_text(&mt, t, strlen(t));
	strbuf_reset(out);
	mnt_merge(&mb, &mo, &mt, NULL, out, res);
	mnt_release(&mb);
	mnt_release(&mo);
	mnt_release(&mt);
}

static void fixed_cases(void)
{
	struct strbuf out = STRBUF_INIT;
	struct merge_result res;

	merge3("P\n\nA\nM:\tx\nF:\ta/\n", "P\n\nA RENAMED\nM:\tx\nF:\ta/\n",
	       "P\n\nA\nM:\tx\nF:\ta/\nF:\tb/\n", &out, &res);
	is_mem(out.buf, out.len, "P\n\nA RENAMED\nM:\tx\nF:\ta/\nF:\tb/\n",
	       "a renamed header is matched by content");

	merge3("P\n\nZ\nM:\tz\n\nA\nM:\ta\n",
	       "P\n\nZ\nM:\tz\n\nA\nM:\ta\n\nC\nM:\tc\n",
	       "P\n\nZ\nM:\tz\n\nB\nM:\tb\n\nA\nM:\ta\n", &out, &res);
	is_mem(out.buf, out.len,
	       "P\n\nB\nM:\tb\n\nZ\nM:\tz\n\nA\nM:\ta\n\nC\nM:\tc\n",
	       "unsorted input: OURS' order, THEIRS' sections placed by sort");

	merge3("P1\n\nA\nM:\ta\n", "P2\n\nA\nM:\ta\n", "P3\n\nA\nM:\ta\n", &out,
	       &res);
	is_int(res.conflicts, 1, "preamble edited differently: a conflict");
	ok(strstr(out.buf,
		  "<<<<<<< ours\nP2\n\n=======\nP3\n\n>>>>>>> theirs\n") !=
		   NULL,
	   "conflict markers around the preamble");

	merge3("P\n\nA\nM:\ta\nS:\tMaintained\n",
	       "P\n\nA\nM:\ta\nM:\tb\nS:\tMaintained\n", "P\n", &out, &res);
	is_int(res.conflicts, 1, "removed on one side, changed on the other");
	ok(strstr(out.buf, "=======\n>>>>>>> theirs\n") != NULL,
	   "the removing side's part of the conflict is empty");

	merge3("P\n\nA\nM:\ta\nS:\tMaintained\n", "P\n\nA\nM:\ta\nS:\tOrphan\n",
	       "P\n\nA\nM:\ta\nS:\tOrphan\n", &out, &res);
	is_int(res.conflicts, 0, "the same S: on both sides is no conflict");
	is_mem(out.buf, out.len, "P\n\nA\nM:\ta\nS:\tOrphan\n", "and merges");
	strbuf_release(&out);
}

int main(int argc, char **argv)
{
	fixed_cases();
	property_test(argc > 1 ? atoi(argv[1]) : 3000);
	return tap_done();
}
