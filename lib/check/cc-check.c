// SPDX-License-Identifier: GPL-2.0
/*
 * check --cc: see cc-check.h.
 */
#define _GNU_SOURCE /* strcasestr */
#include "cc-check.h"
#include "check-internal.h"
#include "base/base.h"
#include "model/model.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void ck_cc_opts_default(struct ck_cc_opts *co)
{
	memset(co, 0, sizeof(*co));
	gm_opts_default(&co->o);
	co->o.email_git = 0;
	co->o.email_git_fallback = 0;
	co->o.email_git_blame = 0;
	co->o.email_git_penguin_chiefs = 0;
	co->o.email_fixes = 0; /* the fixed commit's signers need history */
	co->o.output_multiline = 1;
	co->o.output_roles = 1;
	co->o.output_rolestats = 0;
	co->o.email_usename = 1;
	co->mailmap = "./.mailmap";
}

int ck_cc_parse_duration(const char *s, long *days)
{
	static const struct {
		const char *unit;
		long days;
	} units[] = { { "years", 365 }, { "year", 365 }, { "y", 365 },
		      { "months", 30 }, { "month", 30 }, { "m", 30 },
		      { "weeks", 7 },	{ "week", 7 },	 { "w", 7 },
		      { "days", 1 },	{ "day", 1 },	 { "d", 1 } };
	long total = 0;

	if (!*s)
		return -1;
	while (*s) {
		char *end;
		long n;
		size_t i, l;

		if (!isdigit((unsigned char)*s))
			return -1;
		n = strtol(s, &end, 10);
		if (n < 0 || n > 100000)
			return -1;
		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
			l = strlen(units[i].unit);
			if (!strncmp(end, units[i].unit, l) &&
			    !isalpha((unsigned char)end[l]))
				break;
		}
		if (i == sizeof(units) / sizeof(units[0]))
			return -1;
		total += n * units[i].days;
		s = end + l;
	}
	*days = total;
	return total > 0 ? 0 : -1;
}

void ck_cc_state_init(struct ck_cc_state *st)
{
	memset(st, 0, sizeof(*st));
}

void ck_cc_state_release(struct ck_cc_state *st)
{
	strmap_release(&st->active);
}

/* whom get names: "Name <addr>", the role, the address compared */
struct who {
	char *line, *role, *addr;
};

/*
 * A list of whom get names, each address once.  Zeroed is empty (the
 * each[] lists are calloc'd).  A list that grows long (a series' union)
 * is looked up by a hash of its addresses, a short one (most patches')
 * by reading it, without the map's memory.
 */
#define WHOLIST_HASHED 16
struct wholist {
	struct who *v;
	size_t nr, alloc;
	struct strmap idx; /* addresses, once nr >= WHOLIST_HASHED */
	bool patch; /* the answer for a patch (else: a cover letter) */
};

static void wholist_release(struct wholist *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].line);
		free(l->v[i].role);
		free(l->v[i].addr);
	}
	free(l->v);
	strmap_release(&l->idx);
	memset(l, 0, sizeof(*l));
}

static bool wholist_has(const struct wholist *l, const char *addr)
{
	size_t i;

	if (l->nr >= WHOLIST_HASHED)
		return strmap_gets(&l->idx, addr) != NULL;
	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i].addr, addr))
			return true;
	return false;
}

/* the addresses of l from the first not in its index on: 0 or -1 */
static int wholist_index(struct wholist *l)
{
	size_t i;

	for (i = l->idx.nr; i < l->nr; i++)
		if (!strmap_put(&l->idx, l->v[i].addr, strlen(l->v[i].addr)))
			return -1;
	return 0;
}

static int wholist_add(struct wholist *l, const char *line, size_t llen,
		       const char *role, size_t rlen, const char *addr)
{
	struct who *w;

	if (wholist_has(l, addr))
		return 0;
	if (l->nr == l->alloc) {
		size_t n = l->alloc ? 2 * l->alloc : 8;
		struct who *v = realloc(l->v, n * sizeof(*v));

		if (!v)
			return -1;
		l->v = v;
		l->alloc = n;
	}
	w = &l->v[l->nr];
	w->line = strndup(line, llen);
	w->role = strndup(role, rlen);
	w->addr = strdup(addr);
	l->nr++;
	if (!w->line || !w->role || !w->addr)
		return -1;
	return l->nr >= WHOLIST_HASHED ? wholist_index(l) : 0;
}

/* get's answer ("Name <addr> (role)" lines) into l */
static int parse_answer(const struct strbuf *out, struct wholist *l)
{
	struct strbuf addr = STRBUF_INIT;
	const char *p = out->buf, *end = out->buf + out->len;
	int ret = 0;

	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *role = le, *rend = le;
		size_t n = (size_t)(le - p);

		if (n > 2 && le[-1] == ')') {
			const char *q = le - 1;

			while (q > p && q[0] != '(')
				q--;
			if (q > p && q[-1] == ' ') {
				role = q + 1;
				rend = le - 1;
				n = (size_t)(q - 1 - p);
			}
		}
		mnt_mail_address(p, n, &addr);
		if (addr.len && strchr(addr.buf, '@'))
			ret = wholist_add(l, p, n, role, (size_t)(rend - role),
					  addr.buf);
		p = nl ? nl + 1 : end;
	}
	if (strbuf_failed(&addr))
		ret = -1;
	strbuf_release(&addr);
	return ret;
}

/*
 * One recipient as compared: encoded words decoded, the address in lower
 * case, through .mailmap (its name too, which some lines need).
 */
static int canonical(struct gm_getmaint *g, const char *s, struct strbuf *out)
{
	struct strbuf dec = STRBUF_INIT, one = STRBUF_INIT;
	const char *lt;
	size_t nlen;
	int ret;

	mnt_mail_decode_words(s, strlen(s), &dec);
	mnt_mail_address(dec.buf, dec.len, out);
	if (out->len) {
		lt = strchr(dec.buf, '<');
		nlen = lt ? (size_t)(lt - dec.buf) : 0;
		while (nlen && dec.buf[nlen - 1] == ' ')
			nlen--;
		strbuf_add(&one, dec.buf, nlen);
		strbuf_addf(&one, "%s<%s>", nlen ? " " : "", out->buf);
		strbuf_reset(&dec);
		if (mnt_mailmap_map(&g->mailmap, one.buf, one.len, &dec))
			dec.failed = true;
		mnt_mail_address(dec.buf, dec.len, out);
	}
	ret = strbuf_failed(&dec) || strbuf_failed(&one) || strbuf_failed(out) ?
		      -1 :
		      0;
	strbuf_release(&dec);
	strbuf_release(&one);
	return ret;
}

/* the history is there (git), and whether it is shallow: 0 or -1 */
static int history_probe(struct ck_cc_state *st, struct diags *d)
{
	const char *argv[] = { "git", "rev-parse", "--is-shallow-repository",
			       NULL };
	struct strbuf out = STRBUF_INIT;
	int status = -1;

	if (st->history_checked)
		return 0;
	/* git's own complaint is not printed: ours says it */
	if (run_capture_all(argv, &out, &status) || status) {
		diag_add(d, D_NO_HISTORY, NULL, 0,
			 "--ignore-inactive: no git history here (not a git "
			 "work tree, or no git): nobody can be judged "
			 "inactive");
		strbuf_release(&out);
		return -1;
	}
	if (!strncmp(out.buf, "true", 4))
		diag_add(d, D_PARTIAL_HISTORY, NULL, 0,
			 "the history is a shallow clone: whom it shows "
			 "inactive is judged on part of it");
	st->history_checked = true;
	strbuf_release(&out);
	return 0;
}

/* append a copy of addr to v (*n of alloc); 0 or -1 (ENOMEM) */
static int alias_add(char ***v, size_t *n, size_t *alloc, const char *addr)
{
	if (*n == *alloc) {
		char **nv = realloc(*v, 2 * *alloc * sizeof(**v));

		if (!nv)
			return -1;
		*v = nv;
		*alloc *= 2;
	}
	(*v)[*n] = strdup(addr);
	if (!(*v)[*n])
		return -1;
	(*n)++;
	return 0;
}

/* the addresses of a .mailmap line (other than addr) into v */
static int line_aliases(const char *line, const char *addr, struct strbuf *a,
			char ***v, size_t *n, size_t *alloc)
{
	const char *q, *gt;

	for (q = line; (q = strchr(q, '<')); q = gt) {
		gt = strchr(q, '>');
		if (!gt)
			break;
		mnt_mail_address(q, (size_t)(gt + 1 - q), a);
		if (strbuf_failed(a))
			return -1;
		if (!a->len || strchr(a->buf, '\'') ||
		    strcmp(a->buf, addr) == 0)
			continue;
		if (alias_add(v, n, alloc, a->buf))
			return -1;
	}
	return 0;
}

/*
 * The addresses .mailmap gives the same person as addr, addr first.
 * 0, or -1 (ENOMEM; *v, *n hold what there is, for the caller to free).
 */
static int aliases(const struct ck_cc_opts *co, const char *addr, char ***v,
		   size_t *n)
{
	struct strbuf text = STRBUF_INIT, a = STRBUF_INIT, key = STRBUF_INIT;
	const char *p, *end;
	size_t alloc = 4;
	int err, ret = -1;

	*n = 0;
	*v = malloc(alloc * sizeof(**v));
	if (!*v || alias_add(v, n, &alloc, addr))
		goto out;
	strbuf_addf(&key, "<%s>", addr);
	if (strbuf_failed(&key))
		goto out;
	ret = 0;
	if (!co->mailmap || read_path(co->mailmap, &text, &err))
		goto out;
	for (p = text.buf, end = text.buf + text.len; p < end && !ret;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		char *line = strndup(p, (size_t)(le - p));

		if (!line)
			ret = -1;
		else if (*line != '#' && strcasestr(line, key.buf))
			ret = line_aliases(line, addr, &a, v, n, &alloc);
		free(line);
		p = nl ? nl + 1 : end;
	}
out:
	strbuf_release(&text);
	strbuf_release(&a);
	strbuf_release(&key);
	return ret;
}

/*
 * One git log over the window with patterns of one kind: 1, 0, -1 (git
 * failed, or out of memory: then *nomem is set).
 */
static int log_hit(const struct ck_cc_opts *co, const char *kind, char **al,
		   size_t nal, bool *nomem)
{
	struct strbuf since = STRBUF_INIT, out = STRBUF_INIT;
	struct strbuf arg = STRBUF_INIT, err = STRBUF_INIT;
	const char **argv = calloc(nal + 10, sizeof(*argv));
	struct run_cmd c = { .out = &out, .err = &err };
	size_t i, k = 0;
	int ret = -1;

	if (!argv) {
		*nomem = true;
		goto out;
	}
	strbuf_addf(&since, "--since=%ld.days.ago", co->inactive_days);
	argv[k++] = "git";
	argv[k++] = "log";
	argv[k++] = "-1";
	argv[k++] = "--format=%ct";
	argv[k++] = "-i";
	argv[k++] = "-F";
	argv[k++] = since.buf;
	for (i = 0; i < nal; i++)
		strbuf_addf(&arg, "--%s=%s%c", kind, al[i], 0);
	if (strbuf_failed(&since) || strbuf_failed(&arg)) {
		*nomem = true;
		goto out;
	}
	for (i = 0; i < arg.len; i += strlen(arg.buf + i) + 1)
		argv[k++] = arg.buf + i;
	argv[k++] = "HEAD";
	argv[k] = NULL;
	/* git's complaint (no commit yet) is not printed: ours says it */
	c.argv = argv;
	if (!run_command(&c) && !c.status)
		ret = out.len > 0;
out:
	free(argv);
	strbuf_release(&err);
	strbuf_release(&arg);
	strbuf_release(&since);
	strbuf_release(&out);
	return ret;
}

/*
 * Has addr (or a .mailmap alias) authored or committed a commit of the
 * window, or been named in one's message (its trailers)?  git ANDs
 * --author with --grep, hence a log for each.  1, 0, or -1 (no history:
 * in d).
 */
static int active(const struct ck_cc_opts *co, struct ck_cc_state *st,
		  const char *addr, struct diags *d)
{
	static const char *const kinds[] = { "author", "committer", "grep" };
	struct strmap_entry *e = strmap_gets(&st->active, addr);
	char **al = NULL;
	size_t nal = 0, i;
	bool nomem = false;
	int ret = 0;

	if (e)
		return e->value == (void *)1;
	if (history_probe(st, d))
		return -1;
	nomem = aliases(co, addr, &al, &nal) < 0;
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && !ret && !nomem; i++)
		ret = log_hit(co, kinds[i], al, nal, &nomem);
	if (!nomem && ret >= 0) {
		e = strmap_put(&st->active, addr, strlen(addr));
		if (e)
			e->value = ret ? (void *)1 : (void *)2;
		nomem = !e;
	}
	if (nomem) {
		diag_add(d, D_NOMEM, NULL, 0, "out of memory");
		ret = -1;
	} else if (ret < 0) {
		diag_add(d, D_NO_HISTORY, NULL, 0,
			 "--ignore-inactive: git log failed (a repository "
			 "with no commit?)");
	}
	for (i = 0; i < nal; i++)
		free(al[i]);
	free(al);
	return ret;
}

static bool is_list(const struct who *w)
{
	return strstr(w->role, "list") != NULL;
}

/* the addresses a message goes to (and comes from) */
static int recipients(struct gm_getmaint *g, const struct mnt_mail_msg *m,
		      struct strmap *to, struct strbuf *from)
{
	struct strbuf a = STRBUF_INIT;
	size_t i;
	int ret = 0;

	strbuf_reset(from);
	if (m->from && canonical(g, m->from, from))
		ret = -1;
	for (i = 0; i < m->nr_rcpt && !ret; i++) {
		struct strmap_entry *e;

		if (canonical(g, m->rcpt[i], &a)) {
			ret = -1;
			break;
		}
		if (!a.len)
			continue;
		e = strmap_put(to, a.buf, a.len);
		if (!e)
			ret = -1;
		else if (!e->value)
			e->value = m->rcpt[i];
	}
	strbuf_release(&a);
	return ret;
}

static const char *what(const struct mnt_mail_msg *m, struct strbuf *sb)
{
	strbuf_reset(sb);
	strbuf_addch(sb, '"');
	strbuf_addstr(sb, m->subject);
	strbuf_addch(sb, '"');
	return sb->buf;
}

int ck_cc_read(char *const *paths, size_t n, char **names, struct strbuf *texts,
	       struct diags *d)
{
	size_t i;
	int err;

	for (i = 0; i < n; i++) {
		names[i] = strcmp(paths[i], "-") ? paths[i] : "standard input";
		if (read_path(paths[i], &texts[i], &err)) {
			diag_add(d, D_OPEN, NULL, 0, "%s: %s", names[i],
				 file_strerror(err));
			return -1;
		}
	}
	return 0;
}

/* one message against whom it must reach (need); -1 on no history */
static int check_msg(struct gm_getmaint *g, const struct ck_cc_opts *co,
		     struct ck_cc_state *st, const char *name,
		     const struct mnt_mail_msg *m, const struct wholist *need,
		     struct diags *d)
{
	struct strmap to = STRMAP_INIT;
	struct strbuf from = STRBUF_INIT, sb = STRBUF_INIT, a = STRBUF_INIT;
	size_t i, lost = ck_diags_lost(d, false);
	int ret = -1;

	if (recipients(g, m, &to, &from))
		goto nomem;
	for (i = 0; i < need->nr; i++) {
		const struct who *w = &need->v[i];
		int act;

		if (strmap_gets(&to, w->addr) || !strcmp(from.buf, w->addr))
			continue;
		if (co->inactive_days && !is_list(w)) {
			act = active(co, st, w->addr, d);
			if (act < 0)
				goto out;
			if (!act) {
				diag_add(d, D_CC_INACTIVE, name, m->line,
					 "%s: not sent to %s (%s), forgiven: "
					 "no activity in the history for %s",
					 what(m, &sb), w->line, w->role,
					 co->inactive_text);
				continue;
			}
		}
		diag_add(d, D_CC_MISSING, name, m->line, "%s: missing %s (%s)",
			 what(m, &sb), w->line, w->role);
	}
	for (i = 0; co->superfluous && i < to.nr; i++) {
		const struct strmap_entry *e = &to.e[i];

		if (!wholist_has(need, e->key))
			diag_add(d, D_CC_EXTRA, name, m->line,
				 "%s: sent to %s, whom get does not name",
				 what(m, &sb), (const char *)e->value);
	}
	/* a finding, or its subject, there was no memory for */
	if (strbuf_failed(&sb) || ck_diags_lost(d, false) != lost)
		goto nomem;
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	strmap_release(&to);
	strbuf_release(&from);
	strbuf_release(&sb);
	strbuf_release(&a);
	return ret;
}

int ck_cc_check(struct gm_getmaint *g, const struct ck_cc_opts *co,
		struct ck_cc_state *st, char **names, struct strbuf *texts,
		size_t n, struct diags *d)
{
	struct mnt_mail_box *mb = calloc(n ? n : 1, sizeof(*mb));
	struct wholist all = { 0 }, **each = calloc(n ? n : 1, sizeof(*each));
	struct strbuf out = STRBUF_INIT;
	size_t f, i, nr_patches = 0, nr_mails = 0;
	int ret = -1;

	if (!mb || !each)
		goto nomem;
	for (f = 0; f < n; f++) {
		if (mnt_mail_read(&mb[f], texts[f].buf, texts[f].len, names[f],
				  d))
			goto out;
		each[f] = calloc(mb[f].nr, sizeof(**each));
		if (!each[f])
			goto nomem;
		nr_mails += mb[f].nr;
	}
	for (f = 0; f < n; f++)
		for (i = 0; i < mb[f].nr; i++) {
			const struct mnt_mail_msg *m = &mb[f].v[i];
			struct gm_query q = { 0 };
			size_t k;
			int r;

			r = gm_scan_patch(g, &co->o, m->text, m->len, &q, d);
			if (!r && q.nr_files) {
				nr_patches++;
				strbuf_reset(&out);
				r = gm_answer(g, &co->o, &q, &out, d);
				if (!r && parse_answer(&out, &each[f][i]))
					r = -2;
				/* a patch nobody is named for still counts */
				each[f][i].patch = true;
				for (k = 0; !r && k < each[f][i].nr; k++) {
					const struct who *w = &each[f][i].v[k];

					if (wholist_add(
						    &all, w->line,
						    strlen(w->line), w->role,
						    strlen(w->role), w->addr))
						r = -2;
				}
			}
			gm_query_release(&q);
			if (r == -2)
				goto nomem;
			if (r)
				goto out;
		}
	if (!nr_patches) {
		diag_add(d, D_NOT_PATCH, names[0], mb[0].v[0].line,
			 "%s: no mail changes a file: nothing to check",
			 nr_mails == 1 ? what(&mb[0].v[0], &out) : "the mails");
		ret = 0;
		goto out;
	}
	for (f = 0; f < n; f++)
		for (i = 0; i < mb[f].nr; i++)
			/* a cover letter (a mail of no file): the series */
			if (check_msg(g, co, st, names[f], &mb[f].v[i],
				      each[f][i].patch ? &each[f][i] : &all, d))
				goto out;
	ret = 0;
	goto out;
nomem:
	diag_add(d, D_NOMEM, NULL, 0, "out of memory");
out:
	for (f = 0; f < n; f++) {
		for (i = 0; each && each[f] && i < mb[f].nr; i++)
			wholist_release(&each[f][i]);
		if (each)
			free(each[f]);
		if (mb)
			mnt_mail_box_release(&mb[f]);
	}
	free(each);
	free(mb);
	wholist_release(&all);
	strbuf_release(&out);
	return ret;
}
