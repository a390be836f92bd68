// SPDX-License-Identifier: GPL-2.0
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include <pcre2.h>

const uint32_t mnt_regex_match_limit = 10000000;
const uint32_t mnt_regex_heap_limit_kib = 64 * 1024;

void *mnt_regex_context(void)
{
	static pcre2_match_context *ctx;

	if (!ctx) {
		ctx = pcre2_match_context_create(NULL);
		if (ctx) {
			pcre2_set_match_limit(ctx, mnt_regex_match_limit);
			pcre2_set_heap_limit(ctx, mnt_regex_heap_limit_kib);
		}
	}
	return ctx;
}

int mnt_regex_compile(struct mnt_regex *re, const char *pat, size_t len,
		      unsigned flags, struct strbuf *err)
{
	uint32_t opts = 0;
	PCRE2_UCHAR buf[256];
	PCRE2_SIZE off;
	int code;

	re->code = NULL;
	re->md = NULL;
	if (flags & MNT_RE_CASELESS)
		opts |= PCRE2_CASELESS;
	if (flags & MNT_RE_EXTENDED)
		opts |= PCRE2_EXTENDED;
	re->code = pcre2_compile((PCRE2_SPTR)pat, len, opts, &code, &off, NULL);
	if (!re->code) {
		pcre2_get_error_message(code, buf, sizeof(buf));
		strbuf_addf(err, "%s at offset %zu", (char *)buf, (size_t)off);
		return -1;
	}
	/* JIT is an optimisation: without it, the interpreter runs. */
	pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	re->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!re->md) {
		pcre2_code_free(re->code);
		re->code = NULL;
		strbuf_addstr(err, "out of memory");
		return -1;
	}
	return 0;
}

int mnt_regex_match(const struct mnt_regex *re, const char *s, size_t len)
{
	int rc = pcre2_match(re->code, (PCRE2_SPTR)s, len, 0, 0, re->md,
			     mnt_regex_context());

	if (rc >= 0)
		return REGEX_MATCH;
	if (rc == PCRE2_ERROR_NOMATCH)
		return REGEX_NOMATCH;
	if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
	    rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT)
		return REGEX_LIMIT;
	return REGEX_ERROR;
}

void mnt_regex_free(struct mnt_regex *re)
{
	if (re->md)
		pcre2_match_data_free(re->md);
	if (re->code)
		pcre2_code_free(re->code);
	re->md = re->code = NULL;
}
