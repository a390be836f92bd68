// SPDX-License-Identifier: GPL-2.0
/*
 * get's reader, globs and regexes: the input is a MAINTAINERS text, a
 * NUL, and paths (one a line).  Whatever the text, reading it and
 * asking for each path's sections ends, within the regex budget; the
 * pattern index gives the same sections as the plain walk (gm_db_index()
 * promises that); K: patterns scan the paths' text.
 */
#include "fuzz-common.h"
#include "get/get.h"

#include <stdbool.h>

static int read_db(struct gm_db *db, const char *text, size_t len)
{
	struct diags d = DIAGS_INIT;
	char **names = malloc(sizeof(*names));
	char **data = malloc(sizeof(*data));
	size_t *lens = malloc(sizeof(*lens));
	int ret = -1;

	gm_db_init(db);
	if (!names || !data || !lens)
		goto out;
	names[0] = strdup("MAINTAINERS");
	data[0] = malloc(len + 1);
	if (!names[0] || !data[0]) {
		free(names[0]);
		free(data[0]);
		goto out;
	}
	memcpy(data[0], text, len);
	data[0][len] = '\0';
	lens[0] = len;
	/* takes names and the texts, not the array of texts */
	ret = gm_db_read_texts(db, names, data, lens, 1, &d);
	names = NULL;
out:
	free(names);
	free(data);
	free(lens);
	diags_release(&d);
	return ret;
}

/* Has a regex of either db hit its limit (then answers may differ)? */
static bool limited(const struct gm_db *a, const struct gm_db *b)
{
	struct strbuf sb = STRBUF_INIT;
	bool ret;

	gm_db_limit_list(a, &sb);
	gm_db_limit_list(b, &sb);
	ret = sb.len > 0;
	strbuf_release(&sb);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size)
{
	const char *s = (const char *)bytes, *nul = memchr(s, '\0', size);
	size_t mlen = nul ? (size_t)(nul - s) : size;
	const char *p = nul ? nul + 1 : s + size, *end = s + size;
	struct gm_db plain, indexed;
	struct gm_opts o;
	struct gm_query q = { 0 };

	if (read_db(&plain, s, mlen))
		return 0;
	if (read_db(&indexed, s, mlen)) {
		gm_db_release(&plain);
		return 0;
	}
	gm_opts_default(&o);
	if (gm_db_index(&indexed))
		goto out;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *path = strndup(p, len);
		size_t *h1 = NULL, *h2 = NULL, n1 = 0, n2 = 0;

		p = nl ? nl + 1 : end;
		if (!path)
			break;
		if (!gm_file_sections(&plain, &o, path, &h1, &n1) &&
		    !gm_file_sections(&indexed, &o, path, &h2, &n2) &&
		    !limited(&plain, &indexed))
			FUZZ_ASSERT(n1 == n2 &&
					    (!n1 ||
					     !memcmp(h1, h2, n1 * sizeof(*h1))),
				    path, "index and walk differ");
		free(h1);
		free(h2);
		free(path);
	}
	if (nul)
		gm_scan_keywords(&plain, nul + 1, (size_t)(end - nul - 1), &q);
out:
	gm_query_release(&q);
	gm_db_release(&plain);
	gm_db_release(&indexed);
	return 0;
}
