// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the history room: git_execute_cmd()'s line clean-up and
 * vcs_assign() (counts, order of ties, limits, the ignore list, Perl's
 * rounding of the percentage).
 */
#include "tap.h"
#include "history/history.h"
#include "vcs/vcs.h"

#include <stdlib.h>
#include <string.h>

static void same(void *ctx, struct strbuf *email)
{
	(void)ctx;
	(void)email;
}

static void push(void *ctx, const char *line, size_t len, const char *role)
{
	struct strbuf *out = ctx;

	strbuf_add(out, line, len);
	strbuf_addf(out, " (%s)\n", role);
}

static int valid(void *ctx, const char *s, size_t len)
{
	(void)ctx;
	return memchr(s, '@', len) != NULL;
}

static void assign(struct history *h, const char *role, long divisor,
		   const char *const *lines, size_t n)
{
	struct strbuf *v = calloc(n ? n : 1, sizeof(*v));
	size_t i;

	for (i = 0; i < n; i++) {
		strbuf_init(&v[i]);
		strbuf_addstr(&v[i], lines[i]);
	}
	hist_assign(h, role, divisor, v, n);
	for (i = 0; i < n; i++)
		strbuf_release(&v[i]);
	free(v);
}

int main(void)
{
	struct strbuf out = STRBUF_INIT;
	struct hist_opts o;
	struct hist_ops ops = { &out, same, same, same, push, valid };
	struct history h;
	static const char *const eight[] = { "A <a@x>", "B <b@x>", "B <b@x>",
					     "B <b@x>", "C <c@x>", "C <c@x>",
					     "C <c@x>", "C <c@x>" };
	static const char *const tie[] = { "Zed <z@x>", "Amy <a@x>",
					   "Bob <b@x>" };

	static const char raw[] = "  a\n\n \t\n\tb\r\n\xc2\xa0"
				  "c\n   ";

	vcs_lines(raw, sizeof(raw) - 1, &out);
	is_mem(out.buf, out.len, "a\nb\r\nc\n",
	       "leading white space (NBSP too) and blank lines go");
	strbuf_reset(&out);

	hist_opts_default(&o);
	o.min_percent = 0;
	hist_init(&h, &o, &ops);
	assign(&h, "commit_signer", 8, eight, 8);
	is_mem(out.buf, out.len,
	       "C <c@x> (commit_signer:4/8=50%)\n"
	       "B <b@x> (commit_signer:3/8=38%)\n"
	       "A <a@x> (commit_signer:1/8=12%)\n",
	       "counts, most first; 37.5 and 12.5 round to even as Perl's");
	strbuf_reset(&out);
	assign(&h, "authored", 2, eight, 8);
	ok(strstr(out.buf, "C <c@x> (authored:4/2=100%)") != NULL,
	   "a percentage over 100 is 100");
	strbuf_reset(&out);
	assign(&h, "x", 3, tie, 3);
	is_mem(out.buf, out.len,
	       "Amy <a@x> (x:1/3=33%)\nBob <b@x> (x:1/3=33%)\n"
	       "Zed <z@x> (x:1/3=33%)\n",
	       "equal counts in byte order");
	strbuf_reset(&out);
	h.o.max_maintainers = 2;
	h.ignore = calloc(1, sizeof(*h.ignore));
	strbuf_init(&h.ignore[0]);
	strbuf_addstr(&h.ignore[0], "Amy <a@x>");
	h.nr_ignore = 1;
	assign(&h, "x", 3, tie, 3);
	is_mem(out.buf, out.len,
	       "Bob <b@x> (x:1/3=33%)\nZed <z@x> (x:1/3=33%)\n",
	       "an ignored address does not count against the maximum");
	strbuf_reset(&out);
	h.o.min_signatures = 4;
	assign(&h, "x", 8, eight, 8);
	is_mem(out.buf, out.len, "C <c@x> (x:4/8=50%)\n",
	       "--git-min-signatures stops the list");
	strbuf_reset(&out);
	h.o.min_signatures = 1;
	h.o.max_maintainers = 5;
	h.o.min_percent = 40;
	assign(&h, "x", 8, eight, 8);
	is_mem(out.buf, out.len, "C <c@x> (x:4/8=50%)\n",
	       "--git-min-percent stops the list");
	strbuf_reset(&out);
	h.o.rolestats = 0;
	assign(&h, "x", 0, eight, 1);
	is_mem(out.buf, out.len, "A <a@x> (x)\n",
	       "no stats: the role alone; a divisor of 0 counts as 1");
	hist_release(&h);
	strbuf_release(&out);
	return tap_done();
}
