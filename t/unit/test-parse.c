// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the MAINTAINERS parser, sort, render and check. */
#include "tap.h"
#include "model/format.h"
#include "model/maintainers.h"
#include "base/regex.h"

#include <stdlib.h>
#include <string.h>

static int parse(struct maintainers *m, struct diags *d, const char *text)
{
	size_t len = strlen(text);
	char *copy = malloc(len + 1);

	memcpy(copy, text, len + 1);
	mnt_init(m);
	*d = (struct diags)DIAGS_INIT;
	return mnt_parse(m, "M", copy, len, d);
}

static void render_all(struct maintainers *m, const char *order,
		       struct strbuf *out)
{
	size_t *idx = malloc(m->nr_sections * sizeof(*idx)), i;

	for (i = 0; i < m->nr_sections; i++)
		idx[i] = i;
	mnt_sort_sections(m, idx, m->nr_sections);
	mnt_render(m, idx, m->nr_sections, order, out);
	free(idx);
}

static void test_basic(void)
{
	struct maintainers m;
	struct diags d;
	const struct mnt_section *s;
	const struct mnt_line *l;

	ok(!parse(&m, &d,
		  "Intro\n\nFOO DRIVER\nM:  Ann <a@x>  \nF:\tdrivers/foo/\n\nBAR\nS: Maintained\n"),
	   "basic file parses");
	is_int(m.nr_sections, 3, "preamble and two sections");
	ok(m.sections[0].preamble, "section 0 is the preamble");
	is_mem(m.preamble.buf, m.preamble.len, "Intro\n\n",
	       "preamble kept verbatim");
	s = &m.sections[1];
	is_mem(s->header, s->header_len, "FOO DRIVER", "header");
	is_int(s->lineno, 3, "header line number");
	is_int(s->nr, 2, "two field lines");
	l = mnt_section_lines(&m, s);
	is_mem(l[0].s, l[0].len, "M:\tAnn <a@x>",
	       "field normalised to X:<TAB>trimmed");
	{
		size_t vlen;
		const char *v = mnt_line_value(&l[0], &vlen);

		is_mem(v, vlen, "Ann <a@x>", "value trimmed");
	}
	ok(!l[0].canonical, "spaces after the colon are not canonical");
	ok(l[1].canonical, "X:<TAB>value is canonical");
	is_int(l[1].lineno, 5, "field line number");
	ok(mnt_find(&m, "BAR", 3) == &m.sections[2], "find by header");
	ok(!mnt_find(&m, "BAZ", 3), "missing header not found");
	mnt_release(&m);
	diags_release(&d);
}

static void test_errors(void)
{
	struct maintainers m;
	struct diags d;

	ok(parse(&m, &d, "\nA\nM: x\n\nB\nM: y\n\nA\nM: z\n"),
	   "duplicate header fails");
	ok(d.nr == 1 && d.v[0].id == D_DUP_HEADER, "as duplicate-header");
	is_int(d.nr ? d.v[0].line : 0, 8, "at the second header's line");
	ok(d.nr && strstr(d.v[0].msg, "first at line 2"),
	   "message names the first definition");
	mnt_release(&m);
	diags_release(&d);

	ok(parse(&m, &d, "A\nM: x\n  continued\n\nB\nM: y\n"),
	   "odd non-pattern line fails");
	ok(d.nr == 1 && d.v[0].id == D_ODD_LINE, "as odd-line");
	is_int(d.nr ? d.v[0].line : 0, 3, "at the odd line");
	mnt_release(&m);
	diags_release(&d);
}

static void test_quirks(void)
{
	struct maintainers m;
	struct diags d;
	struct strbuf out = STRBUF_INIT;

	/* A non-field line right after fields becomes the next header. */
	ok(!parse(&m, &d, "A\nM: x\nB\nM: y\n"), "header without blank line");
	is_int(m.nr_sections, 3, "two sections");
	mnt_release(&m);
	diags_release(&d);

	/* The line pending at end of file stays with the last section. */
	ok(!parse(&m, &d, "A\nM: x\n\nstray"), "stray last line parses");
	is_int(m.sections[1].nr, 2, "tail is kept as a line");
	render_all(&m, NULL, &out);
	is_mem(out.buf, out.len, "A\nM:\tx\nstray\n",
	       "tail rendered as script does");
	mnt_release(&m);
	diags_release(&d);

	/* CRLF: headers and fields trimmed, blank CRLF tail gives "\r" */
	strbuf_reset(&out);
	ok(!parse(&m, &d, "A \r\nM: x\r\n\r\n"), "CRLF parses");
	render_all(&m, NULL, &out);
	is_mem(out.buf, out.len, "A\nM:\tx\n\r\n",
	       "CRLF output matches the script");
	mnt_release(&m);
	diags_release(&d);

	/* Field lines before any header belong to the preamble. */
	strbuf_reset(&out);
	ok(!parse(&m, &d, "M:   x\nA\nM: y"), "leading field line parses");
	is_mem(m.preamble.buf, m.preamble.len, "M:\tx\n",
	       "normalised into the preamble");
	mnt_release(&m);
	diags_release(&d);

	/* NUL bytes are data. */
	{
		char buf[] = "A\0B\nM: x\0y\n";
		char *copy = malloc(sizeof(buf) - 1);

		memcpy(copy, buf, sizeof(buf) - 1);
		mnt_init(&m);
		d = (struct diags)DIAGS_INIT;
		ok(!mnt_parse(&m, "M", copy, sizeof(buf) - 1, &d),
		   "NUL bytes parse");
		ok(m.sections[1].header_len == 3, "header keeps its NUL");
		mnt_release(&m);
		diags_release(&d);
	}
	strbuf_release(&out);
}

static void test_sort(void)
{
	ok(mnt_header_cmp("abc", 3, "ABD", 3) < 0, "case-folded comparison");
	ok(mnt_header_cmp("THE REST", 8, "ZEBRA", 5) > 0,
	   "THE REST sorts last");
	ok(mnt_header_cmp("the rest", 8, "ZZZZZY", 6) > 0,
	   "the rest folds too");
	ok(mnt_header_cmp("Foo", 3, "FOO", 3) > 0 &&
		   mnt_header_cmp("FOO", 3, "Foo", 3) < 0,
	   "case ties broken by bytes, antisymmetric");
	ok(mnt_header_cmp("A", 1, "A B", 3) < 0, "prefix sorts first");
	ok(mnt_header_cmp("a the rest b", 12, "A ZZZZZZ B", 10) > 0 &&
		   mnt_header_cmp("A ZZZZZZ B", 10, "a the rest b", 12) < 0 &&
		   mnt_header_cmp("a the rest b", 12, "A ZZZZZZ C", 10) < 0,
	   "THE REST inside a header is ZZZZZZ; the tie broken by bytes");
	ok(mnt_header_cmp("THE RES", 7, "THE REST", 8) < 0 &&
		   mnt_header_cmp("THE RESTX", 9, "ZZZZZZW", 7) > 0,
	   "a cut THE REST stays itself; a whole one then goes on");
}

static void test_order(void)
{
	struct maintainers m;
	struct diags d;
	struct strbuf out = STRBUF_INIT;

	ok(!parse(&m, &d,
		  "A\nF: b\nK: k\nM: m\nF: a\nS: s\nX: z\nX: y\nL: l\nZ: q\n"),
	   "unordered section parses");
	render_all(&m, MNT_ORDER_DEFAULT, &out);
	is_mem(out.buf, out.len,
	       "A\nM:\tm\nL:\tl\nS:\ts\nF:\ta\nF:\tb\nX:\ty\nX:\tz\nK:\tk\nZ:\tq\n",
	       "--order sorts by type, F/X alphabetically, unknown last");
	strbuf_reset(&out);
	render_all(&m, NULL, &out);
	is_mem(out.buf, out.len,
	       "A\nF:\tb\nK:\tk\nM:\tm\nF:\ta\nS:\ts\nX:\tz\nX:\ty\nL:\tl\nZ:\tq\n",
	       "without --order fields keep their order");
	ok(mnt_check_canonical(&m, MNT_ORDER_DEFAULT, &d) > 0,
	   "check finds misordered fields");
	mnt_release(&m);
	diags_release(&d);
	strbuf_release(&out);
}

static void test_check(void)
{
	struct maintainers m;
	struct diags d;

	ok(!parse(&m, &d, "P\n\nA\nM:\tx\n\nB\nM:\ty\n\nC\nM:\tz\n"),
	   "canonical file parses");
	is_int(mnt_check_canonical(&m, MNT_ORDER_DEFAULT, &d), 0,
	       "canonical file passes the check");
	mnt_release(&m);
	diags_release(&d);

	ok(!parse(&m, &d, "A\nM:\tx\n\nD\nM:\ty\n\nB\nM:\tz\n\nC\nM:\tw\n"),
	   "one misplaced section parses");
	is_int(mnt_check_canonical(&m, NULL, &d), 1,
	       "only the misplaced section is reported");
	ok(d.nr == 1 && d.v[0].id == D_SECTION_ORDER && d.v[0].line == 4,
	   "reported at its header line");
	ok(d.nr == 1 && strstr(d.v[0].msg, "at the end"),
	   "it belongs at the end");
	mnt_release(&m);
	diags_release(&d);

	ok(!parse(&m, &d, "A\nM:\tx\nB\nM:\ty\n"), "missing blank line parses");
	is_int(mnt_check_canonical(&m, NULL, &d), 1, "layout difference found");
	ok(d.nr == 1 && d.v[0].id == D_LAYOUT && d.v[0].line == 3,
	   "layout reported where it differs");
	mnt_release(&m);
	diags_release(&d);
}

static void test_regex(void)
{
	struct mnt_regex re = MNT_REGEX_INIT;
	struct strbuf err = STRBUF_INIT;
	char text[64];
	unsigned i;

	ok(!regex_compile(&re, "F:\\s+drivers/", 13, 0, &err), "compiles");
	is_int(regex_match(&re, "M:\tx\nF:\tdrivers/a\n", 19), REGEX_MATCH,
	       "matches section text");
	regex_free(&re);
	ok(regex_compile(&re, "(", 1, 0, &err), "bad regex fails");
	ok(strstr(err.buf, "offset"), "with an offset: %s", err.buf);
	ok(!regex_compile(&re, "^(a|aa)+$", 9, 0, &err), "hostile compiles");
	memset(text, 'a', 60);
	text[60] = 'b';
	is_int(regex_match(&re, text, 61), REGEX_LIMIT,
	       "catastrophic backtracking stops at the limit");
	ok(regex_exhausted(&re), "the pattern is exhausted");
	is_int(regex_match(&re, text, 61), REGEX_NOMATCH,
	       "then a non-match, reported no more");
	is_int(regex_match(&re, "aa", 2), REGEX_NOMATCH,
	       "even where it would match");
	regex_free(&re);
	ok(!regex_compile(&re, "^(a|aa)+$", 9, 0, &err),
	   "hostile compiles again");
	memset(text, 'a', 24);
	text[24] = 'b';
	is_int(regex_match(&re, text, 25), REGEX_NOMATCH,
	       "a heavy match under the full limit runs to its end");
	ok(!regex_exhausted(&re), "once is within the budget");
	for (i = 0; i < REGEX_HEAVY_MAX; i++)
		regex_match(&re, text, 25);
	ok(regex_exhausted(&re),
	   "more than REGEX_HEAVY_MAX heavy matches exhaust the pattern");
	regex_free(&re);
	ok(!regex_compile(&re, "\\w", 2, 0, &err), "\\w compiles");
	is_int(regex_match(&re, "\xc3\xa9", 2), REGEX_NOMATCH,
	       "\\w is ASCII, as Perl on byte strings");
	regex_free(&re);
	strbuf_release(&err);
}

int main(void)
{
	test_basic();
	test_errors();
	test_quirks();
	test_sort();
	test_order();
	test_check();
	test_regex();
	return tap_done();
}
