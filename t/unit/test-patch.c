// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/patch.c: the unified-diff reader and applier. */
#include "tap.h"
#include "base/patch.h"

#include <stdlib.h>
#include <string.h>

static const char mail[] = "From 1234 Mon Sep 17 00:00:00 2001\n"
			   "From: A U Thor <author@example.org>\n"
			   "Subject: [PATCH] several kinds of change\n"
			   "\n"
			   "--- is not a file here, and neither is this:\n"
			   "+++ nor this\n"
			   "---\n"
			   " a.c | 3 ++-\n"
			   " 1 file changed\n"
			   "\n"
			   "diff --git a/a.c b/a.c\n"
			   "index 1111111..2222222 100644\n"
			   "--- a/a.c\n"
			   "+++ b/a.c\n"
			   "@@ -1,3 +1,3 @@\n"
			   " one\n"
			   "--- two\n"
			   "+++ TWO\n"
			   "\n"
			   "diff --git a/old.c b/new.c\n"
			   "similarity index 90%\n"
			   "rename from old.c\n"
			   "rename to new.c\n"
			   "diff --git a/gone.c b/gone.c\n"
			   "deleted file mode 100644\n"
			   "index 3333333..0000000\n"
			   "--- a/gone.c\n"
			   "+++ /dev/null\n"
			   "@@ -1 +0,0 @@\n"
			   "-bye\n"
			   "diff --git a/fresh.c b/fresh.c\n"
			   "new file mode 100755\n"
			   "--- /dev/null\n"
			   "+++ b/fresh.c\n"
			   "@@ -0,0 +1,2 @@\n"
			   "+hello\n"
			   "+no newline\n"
			   "\\ No newline at end of file\n"
			   "diff --git a/blob.bin b/blob.bin\n"
			   "index 4444444..5555555 100644\n"
			   "GIT binary patch\n"
			   "literal 3\n"
			   "KcmZ?wWMTjS0RRA8\n"
			   "\n"
			   "literal 0\n"
			   "HcmV?d00001\n"
			   "\n"
			   "-- \n"
			   "2.39.5\n"
			   "\n";

static void test_mail(void)
{
	struct patch p = PATCH_INIT;
	struct diags d = DIAGS_INIT;
	const struct patch_file *f;

	is_int(patch_parse(&p, "mail", mail, strlen(mail), &d), 0,
	       "a format-patch mail reads");
	is_int(p.nr, 5, "five files (text before them is not one)");
	f = &p.files[0];
	is_mem(patch_path(f, -1), strlen(patch_path(f, -1)), "a.c",
	       "a/ and b/ go");
	is_int(f->nr_hunks, 1, "one hunk");
	is_int(f->nr_lines, 4, "its counts end it, before the blank line");
	is_int(f->lines[1].op, '-', "a removed line '-- two'");
	is_mem(f->buf.buf + f->lines[1].off, f->lines[1].len, "-- two\n",
	       "its text");
	is_int(f->lines[3].op, ' ', "an empty line is context");
	f = &p.files[1];
	ok(f->is_rename && !f->nr_hunks, "a pure rename");
	is_mem(f->old_name, strlen(f->old_name), "old.c", "renamed from");
	is_mem(f->new_name, strlen(f->new_name), "new.c", "renamed to");
	f = &p.files[2];
	ok(f->is_deleted && !f->new_name && f->old_mode == 0100644,
	   "a deleted file");
	is_mem(patch_path(f, -1), strlen(patch_path(f, -1)), "gone.c",
	       "named by its old name");
	f = &p.files[3];
	ok(f->is_new && !f->old_name && f->new_mode == 0100755, "a new file");
	is_mem(f->buf.buf + f->lines[1].off, f->lines[1].len, "no newline",
	       "\\ No newline takes the newline away");
	f = &p.files[4];
	ok(f->is_binary && !f->nr_hunks, "a binary file");
	patch_release(&p);
	diags_release(&d);
}

static void test_diff_u(void)
{
	static const char text[] =
		"diff -ruN linux-6.1/MAINTAINERS linux/MAINTAINERS\n"
		"--- linux-6.1/MAINTAINERS\t2024-01-01 00:00:00.000000000 +0000\n"
		"+++ linux/MAINTAINERS\t2024-01-02 00:00:00.000000000 +0000\n"
		"@@ -2 +2,2 @@\n"
		"-b\n"
		"+B\n"
		"+C\n"
		"Only in linux: extra\n";
	static const char old[] = "a\nb\nc\n";
	struct patch p = PATCH_INIT;
	struct diags d = DIAGS_INIT;
	struct strbuf out = STRBUF_INIT;
	bool *touched = NULL;
	size_t nr = 0;

	is_int(patch_parse(&p, "u", text, strlen(text), &d), 0,
	       "diff -ruN reads");
	is_int(p.nr, 1, "one file");
	is_mem(p.files[0].new_name, strlen(p.files[0].new_name),
	       "linux/MAINTAINERS", "the name stops at the tab");
	is_mem(patch_path(&p.files[0], 1), 11, "MAINTAINERS", "-p1");
	is_int(p.files[0].hunks[0].old_count, 1, "a count of 1 left out");
	is_int(patch_apply(&p.files[0], old, strlen(old), &out, &touched, &nr),
	       0, "applies to the pre-image");
	is_mem(out.buf, out.len, "a\nB\nC\nc\n", "the post-image");
	ok(touched && touched[2] && touched[3] && !touched[1] && !touched[4],
	   "lines 2 and 3 are touched");
	free(touched);
	is_int(patch_apply(&p.files[0], "x\ny\n", 4, &out, &touched, &nr), -1,
	       "does not apply to unrelated text");
	free(touched);
	strbuf_reset(&out);
	strbuf_addstr(&out, "a\nB\nC\nc\n");
	{
		struct strbuf again = STRBUF_INIT;

		is_int(patch_apply(&p.files[0], out.buf, out.len, &again,
				   &touched, &nr),
		       0, "the post-image is found already patched");
		is_mem(again.buf, again.len, "a\nB\nC\nc\n", "unchanged");
		strbuf_release(&again);
		free(touched);
	}
	strbuf_release(&out);
	patch_release(&p);
	diags_release(&d);
}

static void test_short(void)
{
	static const char text[] = "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n"
				   " one\n-two\n+TWO\n-- \nsig\n";
	struct patch p = PATCH_INIT;
	struct diags d = DIAGS_INIT;

	is_int(patch_parse(&p, "short", text, strlen(text), &d), -1,
	       "a hunk cut short is an error");
	ok(d.nr && strstr(d.v[0].msg, "short:8: corrupt patch"),
	   "with its place");
	if (d.nr)
		tap_diag("%s", d.v[0].msg);
	patch_release(&p);
	diags_release(&d);
}

static void test_scan(void)
{
	struct patch_scanner ps;
	const char *a, *b;
	size_t al, bl;
	static const char l1[] = "diff --git a/x/y.c b/x/z.c\n";
	static const char l2[] = "--- two\n";

	patch_scanner_init(&ps);
	is_int(patch_scan_line(&ps, l1, strlen(l1), &a, &al, &b, &bl),
	       PS_DIFF_GIT, "the script's diff --git line");
	is_mem(b, bl, "x/z.c", "both names");
	is_int(patch_scan_line(&ps, l2, strlen(l2), &a, &al, &b, &bl), PS_FILE,
	       "the script reads '--- two' as a file");
	patch_scanner_release(&ps);
}

int main(void)
{
	test_mail();
	test_diff_u();
	test_short();
	test_scan();
	return tap_done();
}
