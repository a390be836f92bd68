// SPDX-License-Identifier: GPL-2.0
#include "email.h"
#include "base/base.h"

#include <errno.h>
#include <string.h>

/* -1 with errno ENOMEM. */
static int nomem(void)
{
	errno = ENOMEM;
	return -1;
}

static void strip_quotes(const char **s, size_t *len)
{
	/* s/^\"|\"$//g */
	if (*len && (*s)[0] == '"') {
		(*s)++;
		(*len)--;
	}
	if (*len && (*s)[*len - 1] == '"')
		(*len)--;
}

/* Appends the name to out, quoted as the script does.  0, or -1. */
static int escape_name(struct mnt_email_parser *ep, struct strbuf *out,
		       const char *name, size_t len)
{
	struct strbuf tmp = STRBUF_INIT;
	size_t i;
	int ret = 0;

	/* /[^\w \-]/a: anything but ASCII word characters, space, '-' */
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)name[i];

		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_' || ch == ' ' ||
		      ch == '-'))
			break;
	}
	if (i < len) {
		if (perlre_subst(&ep->quote, name, len, "\\\\\"", true, &tmp) ==
		    PERLRE_NOMEM)
			ret = -1;
		strbuf_addch(out, '"');
		strbuf_add(out, tmp.buf, tmp.len);
		strbuf_addch(out, '"');
	} else {
		strbuf_add(out, name, len);
	}
	strbuf_release(&tmp);
	return ret || strbuf_failed(out) ? nomem() : 0;
}

void mnt_email_init(struct mnt_email *e)
{
	strbuf_init(&e->name);
	strbuf_init(&e->address);
}

void mnt_email_release(struct mnt_email *e)
{
	strbuf_release(&e->name);
	strbuf_release(&e->address);
}

/*
 * /^([^<]+)<(.+\@.*)>.*$/ without a regex: the name runs to the first
 * '<'; greedy, the address runs to the last '>', and the match exists
 * iff that span holds an '@' after its first character.  (A newline
 * would change what '.' and '$' accept: those go to PCRE2.)
 * Returns 1 on a match, 0 on none, -1 when PCRE2 must decide.
 */
static int email1_fast(const char *s, size_t len, const char **name,
		       size_t *nlen, const char **addr, size_t *alen)
{
	const char *lt = memchr(s, '<', len), *gt = NULL, *p;

	if (memchr(s, '\n', len))
		return -1;
	if (!lt || lt == s)
		return 0;
	for (p = s + len; p > lt + 1; p--)
		if (p[-1] == '>') {
			gt = p - 1;
			break;
		}
	if (!gt)
		return 0;
	p = gt - lt - 1 > 1 ? memchr(lt + 2, '@', (size_t)(gt - lt - 2)) : NULL;
	if (!p)
		return 0;
	*name = s;
	*nlen = (size_t)(lt - s);
	*addr = lt + 1;
	*alen = (size_t)(gt - lt - 1);
	return 1;
}

/*
 * The script's three regexes in turn: the name and the address of the
 * first that matches (both "" when none does).  0, or -1 (ENOMEM; a
 * match limit is no match, as the script has none to hit).
 */
static int email_split(struct mnt_email_parser *ep, const char *s, size_t len,
		       const char **name, size_t *nlen, const char **addr,
		       size_t *alen)
{
	int r = email1_fast(s, len, name, nlen, addr, alen);

	if (r > 0)
		return 0;
	if (r < 0) {
		r = perlre_match(&ep->email1, s, len);
		if (r > 0) {
			*name = perlre_group(&ep->email1, s, 1, nlen);
			*addr = perlre_group(&ep->email1, s, 2, alen);
			return 0;
		}
		if (r == PERLRE_NOMEM)
			return -1;
	}
	r = perlre_match(&ep->email2, s, len);
	if (r <= 0 && r != PERLRE_NOMEM) {
		r = perlre_match(&ep->email3, s, len);
		if (r > 0)
			*addr = perlre_group(&ep->email3, s, 1, alen);
	} else if (r > 0) {
		*addr = perlre_group(&ep->email2, s, 1, alen);
	}
	return r == PERLRE_NOMEM ? -1 : 0;
}

int mnt_email_parse(struct mnt_email_parser *ep, const char *s, size_t len,
		    struct mnt_email *e)
{
	const char *name = "", *addr = "";
	size_t nlen = 0, alen = 0;

	strbuf_reset(&e->name);
	strbuf_reset(&e->address);
	if (email_split(ep, s, len, &name, &nlen, &addr, &alen))
		return -1;
	utrim(&name, &nlen);
	strip_quotes(&name, &nlen);
	if (escape_name(ep, &e->name, name, nlen))
		return -1;
	utrim(&addr, &alen);
	strbuf_add(&e->address, addr, alen);
	return strbuf_failed(&e->address) ? nomem() : 0;
}

int mnt_email_format(struct mnt_email_parser *ep, struct strbuf *out,
		     const char *name, size_t nlen, const char *addr,
		     size_t alen, int usename)
{
	struct strbuf n = STRBUF_INIT;

	utrim(&name, &nlen);
	strip_quotes(&name, &nlen);
	if (escape_name(ep, &n, name, nlen)) {
		strbuf_release(&n);
		return -1;
	}
	utrim(&addr, &alen);
	strbuf_reset(out);
	if (usename && n.len) {
		strbuf_add(out, n.buf, n.len);
		strbuf_addstr(out, " <");
		strbuf_add(out, addr, alen);
		strbuf_addch(out, '>');
	} else {
		strbuf_add(out, addr, alen);
	}
	strbuf_release(&n);
	return strbuf_failed(out) ? nomem() : 0;
}

/* ---- RFC 822 (the script's make_rfc822re()) ---- */

#define LWSP "(?:(?:\\r\\n)?[ \\t])"
#define SPECIALS "()<>@,;:\\\\\".\\[\\]"
#define CONTROLS "\\000-\\037\\177"
#define DTEXT "[^\\[\\]\\r\\\\]"
#define DOMAIN_LITERAL "\\[(?:" DTEXT "|\\\\.)*\\]" LWSP "*"
/*
 * Possessive where backtracking cannot change the result, so the regexes
 * are linear instead of exponential (an unclosed quote before spaces
 * took seconds): a quoted string's content can end only at its closing
 * quote (a space is one character either way, a backslash pair is one
 * token), and an atom only before white space, a special or the end.
 */
#define QUOTED_STRING "\"(?:[^\\\"\\r\\\\]|\\\\.|" LWSP ")*+\"" LWSP "*"
#define ATOM                                                                \
	"[^" SPECIALS " " CONTROLS "]++(?:" LWSP "+|\\Z|(?=[\\[\"" SPECIALS \
	"]))"
#define WORD "(?:" ATOM "|" QUOTED_STRING ")"
#define LOCALPART WORD "(?:\\." LWSP "*" WORD ")*"
#define SUB_DOMAIN "(?:" ATOM "|" DOMAIN_LITERAL ")"
#define DOMAIN SUB_DOMAIN "(?:\\." LWSP "*" SUB_DOMAIN ")*"
#define ADDR_SPEC LOCALPART "\\@" LWSP "*" DOMAIN
#define PHRASE WORD "*"
#define ROUTE "(?:\\@" DOMAIN "(?:,\\@" LWSP "*" DOMAIN ")*:" LWSP "*)"
#define ROUTE_ADDR "\\<" LWSP "*" ROUTE "?" ADDR_SPEC "\\>" LWSP "*"
#define MAILBOX "(?:" ADDR_SPEC "|" PHRASE ROUTE_ADDR ")"
#define GROUP PHRASE ":" LWSP "*(?:" MAILBOX "(?:,\\s*" MAILBOX ")*)?;\\s*"
#define ADDRESS "(?:" MAILBOX "|" GROUP ")"
#define RFC822RE LWSP "*" ADDRESS

void mnt_email_parser_init(struct mnt_email_parser *ep)
{
	ep->email1 = (struct perlre)PERLRE("^([^<]+)<(.+\\@.*)>.*$", 0);
	ep->email2 = (struct perlre)PERLRE("^\\s*<(.+\\@\\S*)>.*$", 0);
	ep->email3 = (struct perlre)PERLRE("^(.+\\@\\S*).*$", 0);
	ep->quote = (struct perlre)PERLRE("(?<!\\\\)\"", 0);
	ep->strip_comments = (struct perlre)PERLRE(
		"^((?:[^\"\\\\]|\\\\.)*(?:\"(?:[^\"\\\\]|\\\\.)*\"(?:[^\"\\\\]|\\\\.)*)*)"
		"\\((?:[^()\\\\]|\\\\.)*\\)",
		PERLRE_S);
	ep->valid = (struct perlre)PERLRE("^" RFC822RE "$", PERLRE_S);
	ep->chars = (struct perlre)PERLRE("^[\\000-\\377]*$", 0);
	ep->validlist = (struct perlre)PERLRE(
		"^(?:" RFC822RE ")?(?:,(?:" RFC822RE ")?)*$", PERLRE_S);
	ep->listitem = (struct perlre)PERLRE("(?:^|," LWSP "*)(" RFC822RE ")",
					     PERLRE_S);
}

void mnt_email_parser_release(struct mnt_email_parser *ep)
{
	perlre_free(&ep->email1);
	perlre_free(&ep->email2);
	perlre_free(&ep->email3);
	perlre_free(&ep->quote);
	perlre_free(&ep->strip_comments);
	perlre_free(&ep->valid);
	perlre_free(&ep->chars);
	perlre_free(&ep->validlist);
	perlre_free(&ep->listitem);
}

/* out = s with its comments stripped.  0, or -1 (ENOMEM). */
static int strip_comments(struct mnt_email_parser *ep, const char *s,
			  size_t len, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	int r = 0;

	strbuf_reset(out);
	strbuf_add(out, s, len);
	while (!strbuf_failed(out) &&
	       (r = perlre_subst(&ep->strip_comments, out->buf, out->len, "$1 ",
				 false, &t)) > 0) {
		strbuf_reset(out);
		strbuf_add(out, t.buf, t.len);
	}
	strbuf_release(&t);
	return strbuf_failed(out) || r == PERLRE_NOMEM ? nomem() : 0;
}

/*
 * Both regexes match t: 1, else 0; -1 (ENOMEM).  A match limit is no
 * match.
 */
static int both_match(struct perlre *a, struct perlre *b,
		      const struct strbuf *t)
{
	int r = perlre_match(a, t->buf, t->len);

	if (r > 0)
		r = perlre_match(b, t->buf, t->len);
	if (r == PERLRE_NOMEM)
		return -1;
	return r > 0;
}

int mnt_email_valid(struct mnt_email_parser *ep, const char *s, size_t len)
{
	struct strbuf t = STRBUF_INIT;
	int valid = -1;

	if (!strip_comments(ep, s, len, &t))
		valid = both_match(&ep->valid, &ep->chars, &t);
	strbuf_release(&t);
	return valid;
}

int mnt_email_split_list(struct mnt_email_parser *ep, const char *addr,
			 size_t len,
			 int (*add)(void *arg, const char *s, size_t len),
			 void *arg)
{
	struct strbuf s = STRBUF_INIT;
	size_t pos = 0;
	int ret = 0, r = 0;

	/*
	 * A valid single address and any text the list parser gives up on
	 * are taken whole; only a comma can make a valid list of several.
	 */
	if (!memchr(addr, ',', len))
		return 0;
	ret = strip_comments(ep, addr, len, &s);
	if (!ret)
		ret = both_match(&ep->valid, &ep->chars, &s);
	if (!ret)
		ret = both_match(&ep->validlist, &ep->chars, &s);
	else if (ret > 0)
		ret = 0; /* one valid address */
	if (ret <= 0)
		goto out;
	while (pos <= s.len &&
	       (r = perlre_match_from(&ep->listitem, s.buf, s.len, pos)) > 0) {
		size_t ms, me, glen;
		const char *g = perlre_group(&ep->listitem, s.buf, 1, &glen);

		perlre_span(&ep->listitem, &ms, &me);
		/* while (my $entry = shift(...)): stops on "" */
		if (!glen || (glen == 1 && g[0] == '0'))
			break;
		if (add(arg, g, glen)) {
			ret = -1;
			goto out;
		}
		pos = me > ms ? me : me + 1;
	}
	if (r == PERLRE_NOMEM)
		ret = nomem();
out:
	strbuf_release(&s);
	return ret;
}
