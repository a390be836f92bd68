// SPDX-License-Identifier: GPL-2.0
/*
 * get, the addresses found in the files (--file-emails, and always in
 * .yaml files): the script's m/$re/g over the file's text, each match
 * cleaned as clean_file_emails() cleans it, then mailmapped and added
 * with the role "in file".
 */
#include "get-answer.h"
#include "base/base.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* clean_file_emails() for one possible address */
static void clean_file_email(struct gm_answer_state *r, const char *s,
			     size_t len, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT, name = STRBUF_INIT;
	struct mnt_email e;
	struct strlist words = { NULL, 0, 0 };
	const char *p, *end;
	size_t n;

	mnt_email_init(&e);
	gm_re(r, perlre_subst(&r->g->cache.file_email[GM_RE_CLEAN_ADDR], s, len,
			      "<$1>", true, &t));
	gm_em(r, mnt_email_parse(r->ep, t.buf, t.len, &e));
	/* $name =~ s/^"(.*)"$/$1/ */
	p = e.name.buf;
	n = e.name.len;
	if (n >= 2 && p[0] == '"' && p[n - 1] == '"') {
		p++;
		n -= 2;
	}
	/* split(/[^\p{L}\'\,\.\+-]/, $name), minus lone punctuation */
	end = p + n;
	while (p <= end) {
		size_t ms, me;
		const char *w = p;
		size_t wl;

		if (p < end &&
		    gm_re(r, perlre_match_from(
				     &r->g->cache.file_email[GM_RE_NAME_SEP], w,
				     (size_t)(end - w), 0)) > 0) {
			perlre_span(&r->g->cache.file_email[GM_RE_NAME_SEP],
				    &ms, &me);
			wl = ms;
			p = w + me;
		} else {
			wl = (size_t)(end - w);
			p = end + 1;
		}
		if (gm_re(r,
			  perlre_match(&r->g->cache.file_email[GM_RE_PARTICLE],
				       w, wl)) > 0)
			continue;
		gm_strlist_add(r, &words, w, wl, "");
	}
	/* split drops trailing empty fields */
	while (words.nr && !words.v[words.nr - 1].len)
		strbuf_release(&words.v[--words.nr]);
	if (words.nr > 2) {
		struct strbuf *f = &words.v[words.nr - 3];
		struct strbuf *m = &words.v[words.nr - 2];
		struct strbuf *l = &words.v[words.nr - 1];
		size_t fl = u8count(f->buf, f->len),
		       ml = u8count(m->buf, m->len);

		if ((fl == 1 &&
		     gm_re(r,
			   perlre_match(&r->g->cache.file_email[GM_RE_LETTER],
					f->buf, f->len)) > 0) ||
		    (fl == 2 && f->buf[f->len - 1] == '.') || ml == 1 ||
		    (ml == 2 && m->buf[m->len - 1] == '.'))
			strbuf_addf(&name, "%s %s %s", f->buf, m->buf, l->buf);
		else
			strbuf_addf(&name, "%s %s", m->buf, l->buf);
	} else {
		size_t i;

		for (i = 0; i < words.nr; i++) {
			if (i)
				strbuf_addch(&name, ' ');
			strbuf_add(&name, words.v[i].buf, words.v[i].len);
		}
	}
	if (name.len && strchr(",.", name.buf[name.len - 1]))
		name.len--;
	if (name.len && strchr(",.", name.buf[0])) {
		memmove(name.buf, name.buf + 1, name.len - 1);
		name.len--;
	}
	gm_em(r, mnt_email_format(r->ep, out, name.buf, name.len, e.address.buf,
				  e.address.len, r->o->email_usename));
	gm_check_email(r, &e, &t);
	gm_check_email(r, NULL, &name);
	gm_check_email(r, NULL, out);
	gm_strlist_release(&words);
	strbuf_release(&t);
	strbuf_release(&name);
	mnt_email_release(&e);
}

static bool word_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') ||
	       ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/*
 * Does file (n bytes) end in MAINTAINERS (after a non-word character
 * when bound)?
 */
static bool ends_maintainers(const char *file, size_t n, bool bound)
{
	return n >= 11 && !memcmp(file + n - 11, "MAINTAINERS", 11) &&
	       (!bound || n == 11 || !word_char(file[n - 12]));
}

/*
 * Is file a MAINTAINERS file to the script: m@\bMAINTAINERS$@ (bound)
 * or /MAINTAINERS$/; and in a split tree, whose get_maintainer.pl the
 * series patched, m@\bMAINTAINERS(?:/[^/]+)?$@ in both places.
 */
bool gm_is_maintainers_file(const struct gm_db *db, const char *file,
			    bool bound)
{
	size_t n = strlen(file);
	const char *slash = strrchr(file, '/');

	if (!db->split_dir)
		return ends_maintainers(file, n, bound);
	if (ends_maintainers(file, n, true))
		return true;
	return slash && slash[1] &&
	       ends_maintainers(file, (size_t)(slash - file), true);
}

void gm_maintainers_in_file(struct gm_answer_state *r, const char *file)
{
	struct strbuf text = STRBUF_INIT, fmt = STRBUF_INIT;
	size_t flen = strlen(file), pos = 0;
	int err;

	/* return if ($file =~ m@\bMAINTAINERS$@) */
	if (gm_is_maintainers_file(r->db, file, true))
		return;
	if (!is_regular(file) ||
	    !(r->o->email_file_emails ||
	      (flen >= 5 && !strcmp(file + flen - 5, ".yaml"))))
		return;
	if (read_path(file, &text, &err)) {
		if (err == ENOMEM)
			r->nomem = true;
		strbuf_release(&text);
		return;
	}
	/*
	 * m/$re/g, one '@' at a time: a match holds exactly one '@', so the
	 * leftmost match from pos holds the next '@' if any match does, and
	 * lies in the window of characters the regex allows around it.
	 */
	while (pos < text.len) {
		const char *at = memchr(text.buf + pos, '@', text.len - pos);
		size_t a, s0, e, ms, me;

		if (!at)
			break;
		a = (size_t)(at - text.buf);
		for (s0 = a; s0 > pos; s0--) {
			unsigned char ch = (unsigned char)text.buf[s0 - 1];

			if (!(ch >= 0x80 || (ch >= 'a' && ch <= 'z') ||
			      (ch >= 'A' && ch <= 'Z') ||
			      (ch >= '0' && ch <= '9') ||
			      strchr("_\"' ,.+-\t\n\v\f\r(<{", ch)))
				break;
		}
		for (e = a + 1; e < text.len; e++) {
			unsigned char ch = (unsigned char)text.buf[e];

			if (!((ch >= 'a' && ch <= 'z') ||
			      (ch >= 'A' && ch <= 'Z') ||
			      (ch >= '0' && ch <= '9') || ch == '.' ||
			      ch == '-'))
				break;
		}
		if (e < text.len && strchr(")>}", text.buf[e]))
			e++;
		if (gm_re(r, perlre_match_from(
				     &r->g->cache.file_email[GM_RE_FILE_EMAIL],
				     text.buf, e, s0)) > 0) {
			perlre_span(&r->g->cache.file_email[GM_RE_FILE_EMAIL],
				    &ms, &me);
			clean_file_email(r, text.buf + ms, me - ms, &fmt);
			gm_strlist_add(r, &r->file_emails, fmt.buf, fmt.len,
				       "");
			pos = me;
		} else {
			pos = a + 1;
		}
	}
	strbuf_release(&text);
	strbuf_release(&fmt);
}

/* The addresses found in the files, mailmapped, with the role "in file". */
void gm_answer_file_emails(struct gm_answer_state *r)
{
	struct strbuf tmp = STRBUF_INIT, m = STRBUF_INIT;
	struct mnt_email e;
	size_t i;

	mnt_email_init(&e);
	strlist_uniq(&r->file_emails);
	for (i = 0; i < r->file_emails.nr; i++) {
		struct strbuf *fe = &r->file_emails.v[i];

		strbuf_reset(&m);
		if (mnt_mailmap_map(&r->g->mailmap, fe->buf, fe->len, &m) ||
		    mnt_email_parse(r->ep, m.buf, m.len, &e) ||
		    mnt_email_format(r->ep, &tmp, e.name.buf, e.name.len,
				     e.address.buf, e.address.len,
				     r->o->email_usename)) {
			r->nomem = true;
			break;
		}
		gm_push_email_address(r, tmp.buf, tmp.len, "", 0);
		gm_add_role(r, tmp.buf, tmp.len, "in file");
	}
	gm_check_email(r, &e, &tmp);
	gm_check_email(r, NULL, &m);
	strbuf_release(&m);
	strbuf_release(&tmp);
	mnt_email_release(&e);
}

/* ---- the history room's hooks on the answer being built ---- */
