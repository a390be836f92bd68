// SPDX-License-Identifier: GPL-2.0
/* The names of split files: safe path components.  See split.h. */
#include "split.h"
#include "base/base.h"

#include <string.h>

void split_safe_component(struct strbuf *out, const char *s, size_t len)
{
	size_t i, start = out->len;

	for (i = 0; i < len; i++) {
		char c = s[i];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-')
			strbuf_addch(out, c);
		else
			strbuf_addch(out, '_');
	}
	/* never "", "." or "..", never hidden */
	if (out->len == start)
		strbuf_addch(out, '_');
	else if (out->buf[start] == '.')
		out->buf[start] = '_';
}

/* a name split_safe_component() leaves as it is */
static bool safe_component(const char *s, size_t len)
{
	size_t i;

	if (!len || s[0] == '.')
		return false;
	for (i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '.' ||
		      s[i] == '_' || s[i] == '-'))
			return false;
	return true;
}

static bool safe_path(const char *p)
{
	const char *slash;

	for (; (slash = strchr(p, '/')); p = slash + 1)
		if (!safe_component(p, (size_t)(slash - p)))
			return false;
	return safe_component(p, strlen(p));
}

/* the first line of file f with a section header, or 0 for none */
static unsigned long first_section(const struct maintainers *m, unsigned f)
{
	unsigned long first = 0;
	size_t i;

	for (i = 1; i < m->nr_sections; i++)
		if (m->sections[i].file == f &&
		    (!first || m->sections[i].lineno < first))
			first = m->sections[i].lineno;
	return first;
}

/* a file's path below dir (read as "dir/path") */
static const char *rel_name(const char *name, const char *dir, size_t dlen)
{
	if (!strncmp(name, dir, dlen) && name[dlen] == '/')
		return name + dlen + 1;
	return name;
}

int split_join_check(const struct maintainers *m, const char *dir,
		     struct diags *d)
{
	size_t dlen = strlen(dir), i;
	bool rest = false;
	const char *name;

	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	for (i = 0; i < m->nr_files && !rest; i++)
		rest = !strcmp(rel_name(m->files[i].name, dir, dlen),
			       SPLIT_REST);
	if (!rest) {
		diag_add(d, D_NO_FILES, dir, 0,
			 "no %s in it (maint split writes the preamble and "
			 "the sections no other file takes there)",
			 SPLIT_REST);
		return -1;
	}
	for (i = 0; i < m->nr_files; i++) {
		name = rel_name(m->files[i].name, dir, dlen);
		if (!strcmp(name, SPLIT_REST))
			continue;
		if (!safe_path(name)) {
			diag_add(d, D_NO_FILES, m->files[i].name, 0,
				 "not a name maint split writes (path "
				 "components of [A-Za-z0-9._-], none starting "
				 "with '.')");
			return -1;
		}
		if (!first_section(m, (unsigned)i)) {
			diag_add(d, D_NO_FILES, m->files[i].name, 0,
				 "no section in it (a file split writes holds "
				 "sections; only %.*s/%s has a preamble)",
				 (int)dlen, dir, SPLIT_REST);
			return -1;
		}
		if (m->files[i].preamble_end != m->files[i].preamble_start) {
			diag_add(d, D_NO_FILES, m->files[i].name, 1,
				 "text before its first section (only %.*s/%s, "
				 "the rest, has a preamble)",
				 (int)dlen, dir, SPLIT_REST);
			return -1;
		}
	}
	return 0;
}
