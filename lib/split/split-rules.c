// SPDX-License-Identifier: GPL-2.0
/*
 * split --rules: the rules file ("FILE REGEX" lines) and the file of the
 * rule that matches a section.  See split-internal.h.
 */
#include "split-internal.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

/* The file of a rule, f..end: its path components made safe, in safe. */
static void rule_file(const char *f, const char *end, struct strbuf *safe)
{
	const char *c = f;

	while (c < end) {
		const char *s = c;

		while (c < end && *c != '/')
			c++;
		if (c > s) {
			if (safe->len)
				strbuf_addch(safe, '/');
			split_safe_component(safe, s, (size_t)(c - s));
		}
		if (c < end)
			c++;
	}
}

int split_rules_read(const char *text, size_t len, const char *name,
		     struct split_rule **rules, size_t *nr, struct diags *d)
{
	const char *p = text, *end = text + len;
	unsigned long lineno = 0;
	size_t alloc = 0;

	*rules = NULL;
	*nr = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *f, *re;
		struct strbuf err = STRBUF_INIT, safe = STRBUF_INIT;
		struct split_rule *r;

		lineno++;
		f = p;
		p = nl ? nl + 1 : end;
		while (f < le && (*f == ' ' || *f == '\t'))
			f++;
		if (f == le || *f == '#')
			continue;
		for (re = f; re < le && *re != ' ' && *re != '\t'; re++)
			;
		rule_file(f, re, &safe);
		while (re < le && (*re == ' ' || *re == '\t'))
			re++;
		if (re == le || !safe.len) {
			diag_add(d, D_REGEX, name, lineno,
				 "a rule is \"FILE REGEX\"");
			strbuf_release(&safe);
			return -1;
		}
		if (!ALLOC_GROW(*rules, *nr + 1, alloc)) {
			diag_add(d, D_NOMEM, NULL, 0, "out of memory");
			strbuf_release(&safe);
			return -1;
		}
		r = &(*rules)[(*nr)++];
		memset(r, 0, sizeof(*r));
		r->file = strbuf_detach(&safe, NULL);
		r->lineno = lineno;
		if (regex_compile(&r->re, re, (size_t)(le - re), 0, &err)) {
			diag_add(d, D_REGEX, name, lineno, "invalid regex: %s",
				 err.buf);
			strbuf_release(&err);
			return -1;
		}
		strbuf_release(&err);
	}
	return 0;
}

void split_rules_free(struct split_rule *rules, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		free(rules[i].file);
		regex_free(&rules[i].re);
	}
	free(rules);
}

/*
 * The file of the one rule that matches s (key empty when none); an
 * error when rules for two files match it.  0, or -1 (in d).
 */
int split_rule_key(const struct maintainers *m, const struct mnt_section *s,
		   struct split_rule *rules, size_t nrules,
		   const char *rules_name, struct strbuf *key,
		   struct strbuf *why, struct diags *d)
{
	struct strbuf text = STRBUF_INIT;
	size_t hit = (size_t)-1, k;
	int ret = -1;

	mnt_section_text(m, s, &text);
	if (strbuf_failed(&text)) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		goto out;
	}
	for (k = 0; k < nrules; k++) {
		int r = regex_match(&rules[k].re, s->header, s->header_len);

		if (r == REGEX_NOMATCH || r == REGEX_LIMIT)
			r = regex_match(&rules[k].re, text.buf, text.len);
		if (r == REGEX_NOMEM) {
			diag_add(d, D_NOMEM, NULL, 0, "out of memory");
			goto out;
		}
		if (r == REGEX_ERROR) {
			diag_add(d, D_REGEX, rules_name, rules[k].lineno,
				 "the regex failed on section '%.*s'",
				 (int)s->header_len, s->header);
			goto out;
		}
		if (r != REGEX_MATCH)
			continue;
		rules[k].hits++;
		if (hit != (size_t)-1 &&
		    strcmp(rules[hit].file, rules[k].file)) {
			diag_add(
				d, D_REGEX, rules_name, rules[k].lineno,
				"section '%.*s' is also matched by the rule at line %lu",
				(int)s->header_len, s->header,
				rules[hit].lineno);
			goto out;
		}
		if (hit == (size_t)-1)
			hit = k;
	}
	if (hit != (size_t)-1) {
		strbuf_addstr(key, rules[hit].file);
		strbuf_addf(why, "the rule at %s:%lu", rules_name,
			    rules[hit].lineno);
	} else {
		strbuf_addstr(why, "no rule matches");
	}
	ret = 0;
out:
	strbuf_release(&text);
	return ret;
}
