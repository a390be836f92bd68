// SPDX-License-Identifier: GPL-2.0
/* Unit tests of strbuf, arena and the diagnostics list. */
#include "tap.h"
#include "base/arena.h"
#include "base/diag.h"
#include "base/fileio.h"
#include "base/atomic.h"
#include "base/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* strbuf_getline() and strbuf_readlink(): no length limit */
static void unbounded(void)
{
	struct strbuf sb = STRBUF_INIT, big = STRBUF_INIT;
	char tmpl[] = "/tmp/test-strbuf-XXXXXX";
	FILE *f;
	int fd = mkstemp(tmpl);
	size_t i;

	for (i = 0; i < 10000; i++)
		strbuf_addch(&big, 'a' + (char)(i % 26));
	f = fd < 0 ? NULL : fdopen(fd, "w+");
	ok(f != NULL, "a temporary file");
	if (!f)
		return;
	fprintf(f, "%s\nshort\n\nlast", big.buf);
	rewind(f);
	ok(!strbuf_getline(&sb, f) && sb.len == 10000 &&
		   !memcmp(sb.buf, big.buf, 10000),
	   "getline: a line of 10,000 bytes whole");
	ok(!strbuf_getline(&sb, f) && !strcmp(sb.buf, "short"),
	   "getline: next");
	ok(!strbuf_getline(&sb, f) && sb.len == 0, "getline: an empty line");
	ok(!strbuf_getline(&sb, f) && !strcmp(sb.buf, "last"),
	   "getline: a last line without a newline");
	ok(strbuf_getline(&sb, f) == -1, "getline: then the end");
	fclose(f);
	unlink(tmpl);
	/* (Linux takes link targets up to 4,095 bytes) */
	big.buf[4000] = '\0';
	ok(!symlink(big.buf, tmpl), "a link to 4,000 bytes");
	ok(!strbuf_readlink(&sb, tmpl) && sb.len == 4000 &&
		   !memcmp(sb.buf, big.buf, 4000),
	   "readlink: all of it (past its first 256 bytes)");
	unlink(tmpl);
	ok(strbuf_readlink(&sb, tmpl) == -1, "readlink: no link, -1");
	strbuf_release(&sb);
	strbuf_release(&big);
}

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct arena a = ARENA_INIT;
	struct diags d = DIAGS_INIT;
	char *p, *q;
	size_t len, i;

	unbounded();
	ok(sb.len == 0 && sb.buf[0] == '\0', "empty strbuf is \"\"");
	strbuf_add(&sb, "a\0b", 3);
	ok(sb.len == 3 && sb.buf[3] == '\0', "binary append keeps length");
	strbuf_addf(&sb, "%d-%s", 42, "x");
	ok(sb.len == 7 && !memcmp(sb.buf, "a\0b42-x", 7), "addf appends");
	for (i = 0; i < 100000; i++)
		strbuf_addch(&sb, 'z');
	is_int(sb.len, 100007, "grows without limit");
	p = strbuf_detach(&sb, &len);
	ok(p && len == 100007 && sb.len == 0, "detach hands over the buffer");
	free(p);
	strbuf_add_quoted(&sb, "a\tb\x01", 4);
	is_mem(sb.buf, sb.len, "a\\tb\\x01", "quoted shows control bytes");
	strbuf_release(&sb);

	p = arena_alloc(&a, 10);
	q = arena_dup(&a, "hello", 5);
	ok(p && q && !strcmp(q, "hello"), "arena dup");
	p = arena_alloc(&a, 1 << 20);
	ok(p != NULL, "arena serves a block larger than a chunk");
	ok(!strcmp(q, "hello"), "earlier allocations stay valid");
	arena_release(&a);

	diag_add(&d, D_DUP_HEADER, "MAINTAINERS", 12, "duplicate '%s'", "X");
	ok(d.nr == 1 && d.count[SEV_ERROR] == 1, "diag recorded as error");
	strbuf_reset(&sb);
	diag_format(&sb, &d.v[0]);
	is_mem(sb.buf, sb.len, "MAINTAINERS:12: error: duplicate 'X'",
	       "file:line: severity: message");
	ok(diags_has(&d, SEV_WARNING) && !diags_has(&d, SEV_FATAL),
	   "severity queries");
	ok(!strcmp(diag_name(D_ODD_LINE), "odd-line"), "catalogue names");
	diags_release(&d);

	{
		struct atomic_file af = ATOMIC_FILE_INIT;
		struct strbuf back = STRBUF_INIT;
		int err = 0;
		char path[] = "/tmp/maint-unit-XXXXXX";
		int fd = mkstemp(path);

		ok(fd >= 0 && write(fd, "old", 3) == 3, "old target exists");
		close(fd);
		ok(!atomic_open(&af, path, &err), "atomic open");
		atomic_reserve(&af, 100000);
		ok(!atomic_write(&af, "new\n", 4, &err),
		   "write less than reserved");
		read_path(path, &back, &err);
		is_mem(back.buf, back.len, "old",
		       "target untouched before commit");
		ok(!atomic_commit(&af, &err), "commit");
		strbuf_reset(&back);
		read_path(path, &back, &err);
		is_mem(back.buf, back.len, "new\n",
		       "over-reservation trimmed to what was written");
		ok(!atomic_open(&af, path, &err), "open again");
		atomic_write(&af, "x", 1, &err);
		atomic_rollback(&af);
		strbuf_reset(&back);
		read_path(path, &back, &err);
		is_mem(back.buf, back.len, "new\n",
		       "rollback leaves the target");
		unlink(path);
		strbuf_release(&back);
	}
	strbuf_release(&sb);
	return tap_done();
}
