// SPDX-License-Identifier: GPL-2.0
#define PCRE2_CODE_UNIT_WIDTH 8
#include "perlre.h"
#include "regex.h"

#include <pcre2.h>
#include <string.h>

static bool compile(struct perlre *re)
{
	uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
	PCRE2_SIZE off;
	int err;

	if (re->code)
		return true;
	if (re->failed)
		return false;
	if (!(re->flags & PERLRE_ASCII))
		opts |= PCRE2_UCP;
	if (re->flags & PERLRE_X)
		opts |= PCRE2_EXTENDED;
	if (re->flags & PERLRE_I)
		opts |= PCRE2_CASELESS;
	if (re->flags & PERLRE_S)
		opts |= PCRE2_DOTALL;
	re->code = pcre2_compile((PCRE2_SPTR)re->pattern, PCRE2_ZERO_TERMINATED,
				 opts, &err, &off, NULL);
	if (!re->code) {
		re->failed = true;
		return false;
	}
	re->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!re->md) {
		pcre2_code_free(re->code);
		re->code = NULL;
		re->failed = true;
		return false;
	}
	return true;
}

int perlre_match_from(struct perlre *re, const char *s, size_t len,
		      size_t start)
{
	int rc;

	if (!compile(re))
		return -1;
	/* JIT costs more than a few interpreted matches: only when hot */
	if (++re->uses == 32)
		pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	rc = mnt_regex_run(re->code, re->md, s, len, start,
			   re->flags & PERLRE_BUDGET ? &re->budget : NULL);
	if (rc >= 0)
		return 1;
	return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

int perlre_match(struct perlre *re, const char *s, size_t len)
{
	return perlre_match_from(re, s, len, 0);
}

const char *perlre_group(const struct perlre *re, const char *s, int n,
			 size_t *len)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->md);
	uint32_t count = pcre2_get_ovector_count(re->md);

	if ((uint32_t)n >= count || ov[2 * n] == PCRE2_UNSET) {
		*len = 0;
		return "";
	}
	*len = ov[2 * n + 1] - ov[2 * n];
	return s + ov[2 * n];
}

void perlre_span(const struct perlre *re, size_t *start, size_t *end)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->md);

	*start = ov[0];
	*end = ov[1];
}

int perlre_subst(struct perlre *re, const char *s, size_t len,
		 const char *replacement, bool global, struct strbuf *out)
{
	size_t pos = 0, last = 0;
	int n = 0;

	strbuf_reset(out);
	while (pos <= len) {
		size_t ms, me, i;
		int r = perlre_match_from(re, s, len, pos);

		if (r < 0)
			return -1;
		if (!r)
			break;
		perlre_span(re, &ms, &me);
		strbuf_add(out, s + last, ms - last);
		for (i = 0; replacement[i]; i++) {
			const char *g;
			size_t glen;
			int num = -1;

			if (replacement[i] == '\\' && replacement[i + 1]) {
				strbuf_addch(out, replacement[++i]);
				continue;
			}
			if (replacement[i] != '$') {
				strbuf_addch(out, replacement[i]);
				continue;
			}
			if (replacement[i + 1] == '{') {
				num = replacement[i + 2] - '0';
				i += 3;
			} else if (replacement[i + 1] >= '0' &&
				   replacement[i + 1] <= '9') {
				num = replacement[++i] - '0';
			}
			if (num < 0) {
				strbuf_addch(out, '$');
				continue;
			}
			g = perlre_group(re, s, num, &glen);
			strbuf_add(out, g, glen);
		}
		n++;
		last = me;
		if (!global)
			break;
		if (me == ms) {
			/* empty match: copy one character and go on */
			if (me < len)
				strbuf_addch(out, s[me]);
			last = me + 1;
			pos = me + 1;
		} else {
			pos = me;
		}
	}
	if (last < len)
		strbuf_add(out, s + last, len - last);
	return strbuf_failed(out) ? -1 : n;
}

bool perlre_exhausted(const struct perlre *re)
{
	return re->budget.exhausted;
}

void perlre_free(struct perlre *re)
{
	if (re->md)
		pcre2_match_data_free(re->md);
	if (re->code)
		pcre2_code_free(re->code);
	re->md = re->code = NULL;
}
