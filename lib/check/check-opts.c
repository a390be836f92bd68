// SPDX-License-Identifier: GPL-2.0
/*
 * check: the checks there are, and which of them a run turns on.
 */
#include "check.h"
#include "base/base.h"

#include <string.h>

const struct ck_check ck_checks[] = {
	{ D_DUP_HEADER, "a section header used twice" },
	{ D_NO_EMAIL, "a section with no M:, R: or L: (not orphan/obsolete)" },
	{ D_NO_STATUS, "a section with no S:" },
	{ D_NO_PATTERN, "a section with no F: or N:" },
	{ D_NO_MATCH, "an F:/X: pattern no file of the tree matches" },
	{ D_BAD_PATTERN, "an F:/X: pattern whose regex does not compile" },
	{ D_GLOBSTAR, "a ** not between slashes, or that never matches" },
	{ D_BAD_LINK, "a W:/Q:/B: link or T: URL that is malformed" },
	{ D_BAD_SCM, "a T: entry not git/hg/quilt/stgit/topgit and a URL" },
	{ D_ENTRY_TAB, "not one tab after TYPE: (checkpatch.pl)" },
	{ D_UNKNOWN_TYPE, "an entry type not in MRLSWQBCPTFXNK" },
	{ D_MISORDERED, "adjacent entries misordered (checkpatch.pl)" },
	{ D_BAD_EMAIL, "an M:, R: or L: that is not an e-mail address" },
	{ D_BAD_STATUS, "an S: that is not a known status" },
	{ D_DUP_PATTERN, "the same F:/X: twice in a section" },
	{ D_SHARED_PATTERN, "the same F: in several sections" },
	{ D_USELESS_EXCLUDE, "an X: excluding nothing its F: cover" },
	{ D_BAD_REGEX, "an N:/K: regex that does not compile" },
	{ D_SHADOWED, "a section that is no file's best match" },
	{ D_SECTION_ORDER, "a section out of order (format --order)" },
	{ D_FIELD_ORDER, "a field out of order (format --order)" },
	{ D_FIELD_FORM, "a field not in 'X:<TAB>value' form" },
	{ D_LAYOUT, "blank lines or stray text between sections" },
	{ D_ODD_LINE, "a line parse-maintainers.pl cannot place" },
	{ D_CONFLICT_MARKER, "a conflict marker left from a merge" },
};

const size_t ck_nr_checks = sizeof(ck_checks) / sizeof(ck_checks[0]);

/* the lints only --with turns on (doc/lint-comparison.md) */
static const struct ck_check extra_checks[] = {
	{ D_ALL_EXCLUDED,
	  "a section whose X: exclude every file its F: match" },
	{ D_DEAD_REGEX, "an N: regex that matches no file of the tree" },
};

#define NR_EXTRA (sizeof(extra_checks) / sizeof(extra_checks[0]))

void ck_opts_default(struct ck_opts *o)
{
	size_t i;

	memset(o, 0, sizeof(*o));
	for (i = 0; i < D__COUNT; i++)
		o->enabled[i] = true;
	/* opt-in (check --with) */
	for (i = 0; i < NR_EXTRA; i++)
		o->enabled[extra_checks[i].id] = false;
}

static bool is_name(enum diag_id id, const char *p, size_t n)
{
	return strlen(diag_name(id)) == n && !strncmp(diag_name(id), p, n);
}

int ck_opts_with(struct ck_opts *o, const char *list, const char **bad,
		 size_t *badlen)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ","), i;
		bool found = false;

		for (i = 0; i < NR_EXTRA; i++)
			if ((n == 3 && !strncmp(p, "all", 3)) ||
			    is_name(extra_checks[i].id, p, n)) {
				o->enabled[extra_checks[i].id] = true;
				found = true;
			}
		if (!found) {
			*bad = p;
			*badlen = n;
			return -1;
		}
		p += n;
		if (*p)
			p++;
	}
	return 0;
}

int ck_opts_select(struct ck_opts *o, const char *list, bool on,
		   const char **bad, size_t *badlen)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ","), i;
		bool found = false;

		for (i = 0; i < ck_nr_checks; i++)
			if (is_name(ck_checks[i].id, p, n)) {
				o->enabled[ck_checks[i].id] = on;
				found = true;
			}
		if (!found && n) {
			*bad = p;
			*badlen = n;
			return -1;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

bool ck_needs_tree(const struct ck_opts *o)
{
	static const enum diag_id ids[] = { D_NO_MATCH,	       D_BAD_PATTERN,
					    D_USELESS_EXCLUDE, D_SHADOWED,
					    D_ALL_EXCLUDED,    D_DEAD_REGEX };
	size_t i;

	if (o->self_test)
		return true;
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		if (o->enabled[ids[i]])
			return true;
	return false;
}
