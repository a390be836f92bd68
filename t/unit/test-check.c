// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/check: the self-test's quirks, the lint checks, the
 * tree list, all on texts in memory. */
#include "tap.h"
#include "check/check.h"

#include <stdlib.h>
#include <string.h>

static int load(struct gm_db *db, struct diags *d, const char *text)
{
	char **names = malloc(sizeof(*names));
	char **data = malloc(sizeof(*data));
	size_t len = strlen(text);
	int ret;

	names[0] = strdup("./MAINTAINERS");
	data[0] = malloc(len + 1);
	memcpy(data[0], text, len + 1);
	gm_db_init(db);
	*d = (struct diags)DIAGS_INIT;
	ret = gm_db_read_texts(db, names, data, &len, 1, d);
	free(data);
	return ret;
}

/* Is there a finding id at line? */
static int has(const struct diags *d, enum diag_id id, unsigned long line)
{
	size_t i;

	for (i = 0; i < d->nr; i++)
		if (d->v[i].id == id && d->v[i].line == line)
			return 1;
	return 0;
}

static void tree(struct ck_tree *t, const char *list)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, list);
	ck_tree_add_list(t, &sb);
}

static void test_self_test(void)
{
	static const char text[] = "ALPHA BETA\n"
				   "M:\tA <a@example.org>\n"
				   "F:\tsrc/\n"
				   "\n"
				   "ALPHA\n"
				   "S:\tMaintained\n"
				   "F:\tsrc/a.c\n"
				   "F:\tsrc/*.h\n"
				   "X:\tnone/\n";
	struct ck_tree t = CK_TREE_INIT;
	struct strbuf out = STRBUF_INIT;
	struct ck_opts o;
	struct gm_db db;
	struct diags d;

	ok(!load(&db, &d, text), "the text loads");
	tree(&t, "  src/b.h\nsrc/a.c\n\n");
	is_int(t.nr, 2, "leading white space and empty lines dropped");
	ok(t.nr == 2 && !strcmp(t.v[0], "src/a.c") &&
		   !strcmp(t.v[1], "src/b.h"),
	   "and sorted");
	ck_opts_default(&o);
	o.self_test = "";
	o.tree = &t;
	o.script = &out;
	is_int(ck_run(&db, &o, &d), 0, "the self-test runs");
	is_mem(out.buf, out.len,
	       "./MAINTAINERS:1: warning: section without status \t"
	       "ALPHA BETA\n"
	       "./MAINTAINERS:5: warning: duplicate section header\tALPHA\n"
	       "./MAINTAINERS:5: warning: section without email address\t"
	       "ALPHA\n"
	       "./MAINTAINERS:9: warning: no file matches\tX:\tnone/\n",
	       "the script's lines: a prefix of an earlier header is a "
	       "duplicate");
	strbuf_reset(&out);
	o.self_test = "patterns,links";
	ck_run(&db, &o, &d);
	is_mem(out.buf, out.len,
	       "./MAINTAINERS:9: warning: no file matches\tX:\tnone/\n",
	       "--self-test=patterns,links: the patterns only here");
	strbuf_reset(&out);
	o.self_test = "xsections";
	ck_run(&db, &o, &d);
	is_int(out.len, 0, "words are matched whole (\\bsections\\b)");
	strbuf_release(&out);
	ck_tree_release(&t);
	diags_release(&d);
	gm_db_release(&db);
}

static void test_lint(void)
{
	static const char text[] = "ONE\n" /* 1 */
				   "S:\tMaintained\n" /* 2 */
				   "M:  Ann <ann@example>\n" /* 3 */
				   "L:\tlist@example.org (x)\n" /* 4 */
				   "F:\tb/\n" /* 5 */
				   "F:\ta/\n" /* 6 */
				   "F:\ta/\n" /* 7 */
				   "N:\tfoo(\n" /* 8 */
				   "Y:\twhy\n" /* 9 */
				   "\n" /* 10 */
				   "TWO\n" /* 11 */
				   "M:\tBob Bee <bob@example.org>\n"
				   "S:\tSleeping\n" /* 13 */
				   "F:\tb/\n"; /* 14 */
	struct ck_opts o;
	struct gm_db db;
	struct diags d;

	ok(!load(&db, &d, text), "the text loads");
	ck_opts_default(&o);
	is_int(ck_run(&db, &o, &d), 0, "the checks run (no tree)");
	/* one misplaced line, one finding: field-order's, not misordered */
	ok(has(&d, D_FIELD_ORDER, 2) && !has(&d, D_MISORDERED, 3),
	   "M: after S: (checkpatch), said once");
	ok(has(&d, D_ENTRY_TAB, 3), "spaces after M: (checkpatch)");
	ok(!has(&d, D_FIELD_FORM, 3), "not said twice (field-form)");
	ok(has(&d, D_BAD_EMAIL, 3), "an address without a dot in its domain");
	ok(!has(&d, D_BAD_EMAIL, 4), "a list with a comment is fine");
	ok(has(&d, D_FIELD_ORDER, 5) && !has(&d, D_MISORDERED, 6),
	   "F: patterns out of byte order, said once");
	ok(has(&d, D_DUP_PATTERN, 7), "the same F: twice");
	ok(has(&d, D_BAD_REGEX, 8), "an N: that does not compile");
	ok(has(&d, D_UNKNOWN_TYPE, 9), "Y: is no entry type");
	ok(has(&d, D_BAD_STATUS, 13), "an unknown status");
	ok(has(&d, D_SHARED_PATTERN, 14), "F: b/ in two sections");
	ok(!has(&d, D_NO_MATCH, 5), "no tree: no pattern findings");
	diags_release(&d);

	/* --only: just the one */
	ck_opts_default(&o);
	memset(o.enabled, 0, sizeof(o.enabled));
	o.enabled[D_BAD_STATUS] = true;
	d = (struct diags)DIAGS_INIT;
	ck_run(&db, &o, &d);
	is_int(d.nr, 1, "only the enabled check reports");
	diags_release(&d);
	gm_db_release(&db);
}

static void test_coverage(void)
{
	static const char text[] = "ACME\n"
				   "M:\tA <a@example.org>\n"
				   "S:\tMaintained\n"
				   "F:\tdrivers/acme/\n"
				   "\n"
				   "OLD\n"
				   "S:\tOrphan\n"
				   "F:\tdrivers/old/\n"
				   "\n"
				   "THE REST\n"
				   "M:\tL <l@example.org>\n"
				   "S:\tBuried alive in reporters\n"
				   "F:\t*\n"
				   "F:\t*/\n";
	struct ck_tree t = CK_TREE_INIT;
	struct strbuf out = STRBUF_INIT;
	struct gm_db db;
	struct diags d;

	ok(!load(&db, &d, text), "the text loads");
	tree(&t, "drivers/acme/a.c\ndrivers/acme/b.c\ndrivers/old/o.c\n"
		 "init/main.c\n");
	is_int(ck_coverage(&db, &t, &out), 0, "coverage runs");
	ok(strstr(out.buf, "4 files: 2 (50.0%) have a maintained section") !=
		   NULL,
	   "two of four files are maintained");
	ok(strstr(out.buf, "1 best matched only by sections not") != NULL,
	   "one is orphaned");
	ok(strstr(out.buf, "1 by THE REST only") != NULL,
	   "one has only THE REST");
	ok(strstr(out.buf, "         1  init/\n") != NULL,
	   "init/ is a directory nobody covers");
	ok(strstr(out.buf, "drivers/old/") != NULL, "so is drivers/old/");
	strbuf_release(&out);
	ck_tree_release(&t);
	diags_release(&d);
	gm_db_release(&db);
}

int main(void)
{
	test_self_test();
	test_lint();
	test_coverage();
	return tap_done();
}
