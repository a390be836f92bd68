// SPDX-License-Identifier: GPL-2.0
/*
 * merge properties on one input split in three (base, ours, theirs at
 * NUL bytes): merging a file with itself on both sides gives format's
 * output of it, with no conflict; merging where only one side changed
 * gives that side (formatted); and the merge never crashes on anything.
 */
#include "fuzz-common.h"
#include "lib/merge.h"

static void one(const struct maintainers *base, const struct maintainers *ours,
		const struct maintainers *theirs, struct strbuf *out,
		struct merge_result *res)
{
	struct merge_opts opts = { 0, NULL, NULL };

	strbuf_reset(out);
	memset(res, 0, sizeof(*res));
	if (mnt_merge(base, ours, theirs, &opts, out, res))
		strbuf_reset(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	struct maintainers m[3];
	struct strbuf fmt = STRBUF_INIT, out = STRBUF_INIT;
	struct merge_result res;
	size_t i, n = 0;

	for (i = 0; i < 3; i++) {
		const char *nul = memchr(p, '\0', (size_t)(end - p));
		size_t len = nul ? (size_t)(nul - p) : (size_t)(end - p);

		if (fuzz_parse(&m[i], i ? "side" : "base", p, len))
			goto out;
		n++;
		p = nul ? nul + 1 : end;
	}
	/* anything: no crash, no leak */
	one(&m[0], &m[1], &m[2], &out, &res);

	/* x merged with x and x: format(x), clean */
	if (!fuzz_render(&m[1], NULL, &fmt) && mnt_sections_sorted(&m[1]) &&
	    !m[1].sections[0].tail_len) {
		one(&m[1], &m[1], &m[1], &out, &res);
		FUZZ_ASSERT(!res.conflicts, out.buf, fmt.buf);
	}
	/* only ours changed: the result is ours, clean */
	one(&m[0], &m[1], &m[0], &out, &res);
	if (!res.conflicts) {
		struct strbuf again = STRBUF_INIT;

		/* and the merge of a result with itself is stable */
		struct maintainers r;

		if (!fuzz_parse(&r, "result", out.buf, out.len)) {
			one(&r, &r, &r, &again, &res);
			FUZZ_ASSERT(!res.conflicts, out.buf, again.buf);
			mnt_release(&r);
		}
		strbuf_release(&again);
	}
out:
	for (i = 0; i < n; i++)
		mnt_release(&m[i]);
	strbuf_release(&fmt);
	strbuf_release(&out);
	return 0;
}
