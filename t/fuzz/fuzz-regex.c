// SPDX-License-Identifier: GPL-2.0
/*
 * The regex layer with input patterns: the first line is a pattern (as
 * an N:, K: or format REGEX), the rest subjects.  Whatever the pattern,
 * matching terminates within the per-pattern budget, an exhausted
 * pattern stays exhausted and never matches again, and nothing leaks.
 */
#include "fuzz-common.h"
#include "base/perlre.h"
#include "base/regex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *nl = memchr(s, '\n', size);
	size_t plen = nl ? (size_t)(nl - s) : size;
	struct strbuf pat = STRBUF_INIT, err = STRBUF_INIT;
	struct mnt_regex re = MNT_REGEX_INIT;
	struct perlre pre;
	const char *p, *end = s + size;

	strbuf_add(&pat, s, plen);
	if (strbuf_failed(&pat))
		return 0;
	if (!regex_compile(&re, pat.buf, pat.len, 0, &err)) {
		for (p = nl ? nl + 1 : end; p < end;) {
			const char *e = memchr(p, '\n', (size_t)(end - p));
			size_t len = e ? (size_t)(e - p) : (size_t)(end - p);
			bool was = regex_exhausted(&re);
			int r = regex_match(&re, p, len);

			FUZZ_ASSERT(!was || r == REGEX_NOMATCH, pat.buf, p);
			p = e ? e + 1 : end;
		}
		regex_free(&re);
	}
	pre = (struct perlre)PERLRE(pat.buf, PERLRE_X | PERLRE_BUDGET);
	for (p = nl ? nl + 1 : end; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t len = e ? (size_t)(e - p) : (size_t)(end - p);
		bool was = perlre_exhausted(&pre);
		int r = perlre_match(&pre, p, len);

		FUZZ_ASSERT(!was || r <= 0, pat.buf, p);
		if (pre.failed)
			break;
		p = e ? e + 1 : end;
	}
	perlre_free(&pre);
	strbuf_release(&pat);
	strbuf_release(&err);
	return 0;
}
