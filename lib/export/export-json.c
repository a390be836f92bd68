// SPDX-License-Identifier: GPL-2.0
/* maint export --format=json: the whole file.  See export.h. */
#define _GNU_SOURCE /* memmem */
#include "export.h"
#include "model/model.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

/* the name as it reads: "David S. Miller" without its quotes */
static void add_name(struct strbuf *out, const struct strbuf *name)
{
	const char *s = name->buf;
	size_t len = name->len;

	if (!len) {
		strbuf_addstr(out, "null");
		return;
	}
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s++;
		len -= 2;
	}
	json_add_string(out, s, len);
}

/*
 * M:, R: as get --json gives a person: "name" (null when there is none)
 * and "address", as get_maintainer.pl's parse_email() reads the value;
 * L: its "address" (the first word) and its flags.  0, or -1 out of
 * memory.
 */
static int add_email(struct mnt_email_parser *ep, struct strbuf *out, char type,
		     const char *v, size_t vlen)
{
	struct mnt_email e;
	size_t w = 0;
	int ret = 0;

	mnt_email_init(&e);
	if (type == 'L') {
		bool subs, mod;

		while (w < vlen && !mnt_isspace((unsigned char)v[w]))
			w++;
		subs = memmem(v + w, vlen - w, "subscribers-only", 16) != NULL;
		mod = !subs && memmem(v + w, vlen - w, "moderated", 9);
		ret = mnt_email_parse(ep, v, w, &e);
		strbuf_addstr(out, ", \"address\": ");
		json_add_string(out, e.address.buf, e.address.len);
		strbuf_addf(out,
			    ", \"moderated\": %s, \"subscribers_only\": %s",
			    mod ? "true" : "false", subs ? "true" : "false");
	} else {
		ret = mnt_email_parse(ep, v, vlen, &e);
		strbuf_addstr(out, ", \"name\": ");
		add_name(out, &e.name);
		strbuf_addstr(out, ", \"address\": ");
		json_add_string(out, e.address.buf, e.address.len);
	}
	if (strbuf_failed(&e.name) || strbuf_failed(&e.address))
		ret = -1;
	mnt_email_release(&e);
	return ret;
}

int export_json(const struct maintainers *m, struct strbuf *out)
{
	struct mnt_email_parser ep;
	size_t i, j;
	int ret = 0;

	mnt_email_parser_init(&ep);
	strbuf_addf(out, "{\n  \"version\": %d,\n  \"files\": [",
		    EXPORT_JSON_VERSION);
	for (i = 0; i < m->nr_files; i++) {
		strbuf_addstr(out, i ? ", " : "");
		json_add_str(out, m->files[i].name);
	}
	strbuf_addstr(out, "],\n  \"preamble\": ");
	json_add_string(out, m->preamble.buf, m->preamble.len);
	strbuf_addstr(out, ",\n  \"sections\": [");
	for (i = 1; i < m->nr_sections; i++) {
		const struct mnt_section *s = &m->sections[i];
		const struct mnt_line *l = mnt_section_lines(m, s);

		strbuf_addstr(out, i > 1 ? ",\n    {" : "\n    {");
		strbuf_addstr(out, "\"name\": ");
		json_add_string(out, s->header, s->header_len);
		strbuf_addstr(out, ", \"file\": ");
		json_add_str(out, mnt_file_name(m, s->file));
		strbuf_addf(out, ", \"line\": %lu,\n      \"fields\": [",
			    s->lineno);
		for (j = 0; j < s->nr; j++) {
			const char *v;
			size_t vlen;

			v = mnt_line_value(&l[j], &vlen);
			strbuf_addf(
				out,
				"%s\n        {\"type\": \"%c\", \"value\": ",
				j ? "," : "", l[j].type);
			json_add_string(out, v, vlen);
			if ((l[j].type == 'M' || l[j].type == 'R' ||
			     l[j].type == 'L') &&
			    add_email(&ep, out, l[j].type, v, vlen))
				ret = -1;
			strbuf_addf(out, ", \"line\": %lu}", l[j].lineno);
		}
		strbuf_addstr(out, s->nr ? "\n      ]}" : "]}");
	}
	strbuf_addstr(out, m->nr_sections > 1 ? "\n  ]\n}\n" : "]\n}\n");
	mnt_email_parser_release(&ep);
	return ret || strbuf_failed(out) ? -1 : 0;
}
