// SPDX-License-Identifier: GPL-2.0
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include <errno.h>
#include <pcre2.h>
#include <stdlib.h>

const uint32_t regex_match_limit = 10000000;
const uint32_t regex_heap_limit_kib = 64 * 1024;

static pcre2_match_context *make_context(uint32_t limit)
{
	pcre2_match_context *ctx = pcre2_match_context_create(NULL);

	if (ctx) {
		pcre2_set_match_limit(ctx, limit);
		pcre2_set_heap_limit(ctx, regex_heap_limit_kib);
	}
	return ctx;
}

/* Made once and never changed: shared by every pattern. */
void *regex_context(void)
{
	static pcre2_match_context *ctx;

	if (!ctx)
		ctx = make_context(regex_match_limit);
	return ctx;
}

static bool is_limit(int rc)
{
	return rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
	       rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT;
}

int regex_run(void *code, void *md, const char *s, size_t len, size_t start,
	      struct regex_budget *b)
{
	/* the quick context's limit is set before each use */
	static pcre2_match_context *quick;
	void *full = regex_context();
	uint64_t q;
	int rc;

	if (b && b->exhausted)
		return PCRE2_ERROR_NOMATCH;
	if (b && !quick)
		quick = make_context(REGEX_QUICK_BASE);
	if (!full || (b && !quick))
		return PCRE2_ERROR_NOMEMORY;
	if (b) {
		q = REGEX_QUICK_BASE +
		    (uint64_t)REGEX_QUICK_PER_BYTE * (len - start);
		if (q < regex_match_limit) {
			pcre2_set_match_limit(quick, (uint32_t)q);
			rc = pcre2_match(code, (PCRE2_SPTR)s, len, start, 0, md,
					 quick);
			if (rc != PCRE2_ERROR_MATCHLIMIT)
				goto done;
			/* heavy: the budget pays for one full run */
			if (++b->heavy > REGEX_HEAVY_MAX) {
				b->exhausted = true;
				return PCRE2_ERROR_MATCHLIMIT;
			}
		}
	}
	rc = pcre2_match(code, (PCRE2_SPTR)s, len, start, 0, md, full);
done:
	if (is_limit(rc)) {
		if (b)
			b->exhausted = true;
		return PCRE2_ERROR_MATCHLIMIT;
	}
	return rc;
}

int regex_compile(struct mnt_regex *re, const char *pat, size_t len,
		  unsigned flags, struct strbuf *err)
{
	uint32_t opts = 0;
	PCRE2_UCHAR buf[256];
	PCRE2_SIZE off;
	int code;

	re->code = NULL;
	re->md = NULL;
	re->budget = calloc(1, sizeof(*re->budget));
	if (!re->budget) {
		strbuf_addstr(err, "out of memory");
		errno = ENOMEM;
		return -1;
	}
	if (flags & MNT_RE_CASELESS)
		opts |= PCRE2_CASELESS;
	if (flags & MNT_RE_EXTENDED)
		opts |= PCRE2_EXTENDED;
	re->code = pcre2_compile((PCRE2_SPTR)pat, len, opts, &code, &off, NULL);
	if (!re->code && code == PCRE2_ERROR_HEAP_FAILED) {
		strbuf_addstr(err, "out of memory");
		errno = ENOMEM;
		return -1;
	}
	if (!re->code) {
		pcre2_get_error_message(code, buf, sizeof(buf));
		strbuf_addf(err, "%s at offset %zu", (char *)buf, (size_t)off);
		regex_free(re);
		errno = EINVAL;
		return -1;
	}
	/* JIT is an optimisation: without it, the interpreter runs. */
	pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	re->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!re->md) {
		regex_free(re);
		strbuf_addstr(err, "out of memory");
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

int regex_match(const struct mnt_regex *re, const char *s, size_t len)
{
	int rc = regex_run(re->code, re->md, s, len, 0, re->budget);

	if (rc >= 0)
		return REGEX_MATCH;
	if (rc == PCRE2_ERROR_NOMATCH)
		return REGEX_NOMATCH;
	if (rc == PCRE2_ERROR_MATCHLIMIT)
		return REGEX_LIMIT;
	if (rc == PCRE2_ERROR_NOMEMORY) {
		errno = ENOMEM;
		return REGEX_NOMEM;
	}
	return REGEX_ERROR;
}

bool regex_exhausted(const struct mnt_regex *re)
{
	return re->budget && re->budget->exhausted;
}

void regex_free(struct mnt_regex *re)
{
	if (re->md)
		pcre2_match_data_free(re->md);
	if (re->code)
		pcre2_code_free(re->code);
	free(re->budget);
	re->md = re->code = NULL;
	re->budget = NULL;
}
