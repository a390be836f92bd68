// SPDX-License-Identifier: GPL-2.0
/*
 * The MAINTAINERS reader and format: whatever parses renders, the
 * rendering parses again and renders to the same bytes (format is
 * idempotent), with and without --order, and --check finds nothing in
 * format's own output, from the second pass on (as for the script,
 * whose output maint's is byte for byte).
 */
#include "fuzz-common.h"

#include <stdbool.h>

/* Parse text and render it again into out; -1 if it does not parse. */
static int pass(const struct strbuf *text, const char *order,
		struct strbuf *out, struct diags *d)
{
	struct maintainers m;
	int ret = -1;

	if (fuzz_parse(&m, "pass", text->buf, text->len))
		return -1;
	strbuf_reset(out);
	if (!fuzz_render(&m, order, out)) {
		ret = 0;
		/*
		 * At the fixed point, maint format --check finds nothing
		 * (before it, a tail line the script moved can still make
		 * a new section out of order)
		 */
		if (d && out->len == text->len &&
		    !memcmp(out->buf, text->buf, text->len))
			FUZZ_ASSERT(mnt_check_canonical(&m, order, d) <= 0,
				    text->buf, d->nr ? d->v[0].msg : "");
	}
	mnt_release(&m);
	return ret;
}

/*
 * Passes format makes before its output stops changing, as the script's
 * does: a stray line the first pass leaves after a blank line becomes
 * preamble in the second, whose blank lines the third folds (t/fuzz/
 * regress/format/stray-line-needs-three-passes-as-script); and a run of
 * indented "\tX: value" lines under a field becomes fields one line a
 * pass, from the bottom up (t/fuzz/regress/format/indented-fields-one-
 * a-pass-as-script: seven passes, the script's each byte for byte).  So
 * a few passes more than the input has lines.
 */
#define FIXED_POINT_PASSES 6

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const orders[] = { NULL, MNT_ORDER_DEFAULT };
	struct maintainers m;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct diags d = DIAGS_INIT;
	size_t k, n, passes = FIXED_POINT_PASSES;

	for (k = 0; k < size; k++)
		passes += data[k] == '\n';
	if (fuzz_parse(&m, "fuzz", data, size))
		return 0;
	for (k = 0; k < 2; k++) {
		const char *order = orders[k];
		size_t limit = order ? FIXED_POINT_PASSES : passes;
		bool fixed = false;

		strbuf_reset(&a);
		if (fuzz_render(&m, order, &a))
			continue;
		/*
		 * The script's output need not parse again (a stray line
		 * can end up after a header: it dies on it, and so does
		 * maint), and is not always a fixed point: a CR in a blank
		 * line, a stray line that becomes preamble, or a tail line
		 * --order moves under its header take more passes.
		 */
		for (n = 0; n < limit && !fixed; n++) {
			struct strbuf t;

			diags_release(&d);
			if (pass(&a, order, &b, n ? &d : NULL))
				break;
			fixed = a.len == b.len && !memcmp(a.buf, b.buf, a.len);
			t = a;
			a = b;
			b = t;
		}
		/*
		 * With --order even the script can take many passes (its
		 * sort moves tail lines each time; maint's passes are the
		 * same bytes as its): only without it is a fixed point
		 * asserted.
		 */
		if (!order && n == passes)
			FUZZ_ASSERT(fixed, a.buf, b.buf);
		diags_release(&d);
	}
	mnt_release(&m);
	strbuf_release(&a);
	strbuf_release(&b);
	diags_release(&d);
	return 0;
}
