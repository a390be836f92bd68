// SPDX-License-Identifier: GPL-2.0
/*
 * merge properties on one input split in three (base, ours, theirs at
 * NUL bytes): the merge never crashes on anything; a side that did not
 * change defers to the other (merge(b, x, b) = x and merge(b, b, x) = x,
 * byte for byte and clean), and merge(b, x, x) = x, where the sides
 * parse (maint merge gives other input to git merge-file).
 */
#include "fuzz-common.h"
#include "merge/merge.h"

struct text {
	const char *s;
	size_t len;
};

/* 0, or -1 where the merge refuses (input that does not parse) */
static int one(struct text b, struct text o, struct text t, struct strbuf *out,
	       struct merge_result *res)
{
	struct merge_opts opts = { 0, MERGE_STYLE_DIFF3, NULL, NULL, NULL };

	strbuf_reset(out);
	memset(res, 0, sizeof(*res));
	return mg_merge_text(b.s, b.len, o.s, o.len, t.s, t.len, &opts, out,
			     res) ?
		       -1 :
		       0;
}

/* the merge gave x, clean (where it merges at all) */
static void gave(struct text b, struct text o, struct text t, struct text x)
{
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;
	struct merge_result res;

	if (!one(b, o, t, &out, &res) && !strbuf_failed(&out)) {
		strbuf_add(&want, x.s, x.len);
		FUZZ_ASSERT(!res.conflicts && out.len == x.len &&
				    !memcmp(out.buf, x.s, x.len),
			    out.buf, want.buf);
	}
	strbuf_release(&out);
	strbuf_release(&want);
}

/* as maint merge reads a side: one file that parses, no NUL byte */
static bool parses(struct text x)
{
	struct maintainers m;

	if (memchr(x.s, '\0', x.len) || fuzz_parse(&m, "side", x.s, x.len))
		return false;
	mnt_release(&m);
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	struct text v[3];
	struct strbuf out = STRBUF_INIT;
	struct merge_result res;
	size_t i;

	for (i = 0; i < 3; i++) {
		const char *nul = memchr(p, '\0', (size_t)(end - p));

		v[i].s = p;
		v[i].len = nul ? (size_t)(nul - p) : (size_t)(end - p);
		p = nul ? nul + 1 : end;
	}
	/* anything: no crash, no leak */
	one(v[0], v[1], v[2], &out, &res);
	if (parses(v[0]) && parses(v[1])) {
		gave(v[0], v[1], v[0], v[1]);
		gave(v[0], v[0], v[1], v[1]);
		gave(v[0], v[1], v[1], v[1]);
	}
	strbuf_release(&out);
	return 0;
}
