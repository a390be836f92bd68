// SPDX-License-Identifier: GPL-2.0
/*
 * The MAINTAINERS reader and format: whatever parses renders, the
 * rendering parses again and renders to the same bytes (format is
 * idempotent), with and without --order, and --check finds nothing in
 * format's own output.  A CR is kept as parse-maintainers.pl keeps it
 * (in a blank line it makes the line a tail, not a separator), so with
 * CRs only the second pass is a fixed point, as it is for the script.
 */
#include "fuzz-common.h"

#include <stdbool.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const orders[] = { NULL, MNT_ORDER_DEFAULT };
	struct maintainers m, m2;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct diags d = DIAGS_INIT;
	size_t k;

	if (fuzz_parse(&m, "fuzz", data, size))
		return 0;
	for (k = 0; k < 2; k++) {
		const char *order = orders[k];
		bool cr = memchr(data, '\r', size) != NULL;

		strbuf_reset(&a);
		if (fuzz_render(&m, order, &a))
			continue;
		if (cr) { /* one more pass to the fixed point */
			FUZZ_ASSERT(!fuzz_parse(&m2, "cr", a.buf, a.len), a.buf,
				    "");
			strbuf_reset(&a);
			k += fuzz_render(&m2, order, &a) ? 2 : 0;
			mnt_release(&m2);
			if (k >= 2)
				break;
		}
		strbuf_reset(&b);
		FUZZ_ASSERT(!fuzz_parse(&m2, "once", a.buf, a.len), a.buf, "");
		if (!fuzz_render(&m2, order, &b))
			FUZZ_ASSERT(a.len == b.len &&
					    !memcmp(a.buf, b.buf, a.len),
				    a.buf, b.buf);
		/* maint format --check finds nothing in format's own output */
		FUZZ_ASSERT(mnt_check_canonical(&m2, order, &d) <= 0, a.buf,
			    d.nr ? d.v[0].msg : "");
		diags_release(&d);
		mnt_release(&m2);
	}
	mnt_release(&m);
	strbuf_release(&a);
	strbuf_release(&b);
	return 0;
}
