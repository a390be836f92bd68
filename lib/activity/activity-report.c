// SPDX-License-Identifier: GPL-2.0
/*
 * activity: dates and durations, the findings and the report (text and
 * JSON) from what activity.c read.  See activity.h.
 */
#include "activity.h"
#include "base/base.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- dates and durations ---- */

static void add_date(struct strbuf *sb, long long t)
{
	time_t tt = (time_t)t;
	struct tm tm;
	char buf[32];

	if (!gmtime_r(&tt, &tm) || !strftime(buf, sizeof(buf), "%Y-%m-%d", &tm))
		strbuf_addstr(sb, "?");
	else
		strbuf_addstr(sb, buf);
}

long long act_duration(const char *s)
{
	char *e;
	double n;
	const char *u;
	long long day = 86400;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	n = strtod(s, &e);
	u = e;
	while (*u == ' ' || *u == '.' || *u == '-' || *u == '_')
		u++;
	if (!*u)
		return -1;
	if (*u == 'y')
		n *= 365 * day;
	else if (*u == 'm' && strncmp(u, "min", 3))
		n *= 30 * day;
	else if (*u == 'w')
		n *= 7 * day;
	else if (*u == 'd')
		n *= day;
	else
		return -1;
	while (isalpha((unsigned char)*u))
		u++;
	while (*u == ' ' || *u == '.' || *u == '-' || *u == '_')
		u++;
	if (*u && strcmp(u, "ago"))
		return -1;
	return (long long)n;
}

long long act_date(const char *s)
{
	int y, m, d;
	char c;
	long long days;

	if (!s || sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &c) != 3 || m < 1 ||
	    m > 12 || d < 1 || d > 31 || y < 1970)
		return -1;
	/* days from civil (Howard Hinnant's), no timegm() in C11 */
	y -= m <= 2;
	{
		long long era = y / 400, yoe = y - era * 400;
		long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
		long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

		days = era * 146097 + doe - 719468;
	}
	return days * 86400;
}

/* ---- findings ---- */

static bool idle(const struct activity *a, long long last)
{
	return last < a->o.now - a->o.threshold;
}

static void add_last(const struct activity *a, struct strbuf *sb,
		     long long last)
{
	if (last) {
		add_date(sb, last);
	} else {
		strbuf_addstr(sb, "none since ");
		add_date(sb, a->o.start);
	}
}

/* the file of an entry, from the top ("./board/x/MAINTAINERS": "board/...") */
static const char *file_name(const struct activity *a, unsigned f)
{
	const char *name = f < a->g->db.nr_names ? a->g->db.names[f] :
						   "MAINTAINERS";

	while (name[0] == '.' && name[1] == '/' && name[2])
		name += 2;
	return name;
}

struct ranked {
	const char *key;
	size_t len, n;
};

static int ranked_cmp(const void *pa, const void *pb)
{
	const struct ranked *x = pa, *y = pb;
	int c;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	c = memcmp(x->key, y->key, x->len < y->len ? x->len : y->len);
	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* inactive-section: a maintained section none of whose M: is active. */
static int inactive_section(const struct activity *a,
			    const struct act_section *s, struct strbuf *sb,
			    struct diags *d)
{
	size_t m, nm = 0;
	bool all_idle = true;
	long long last = 0;

	for (m = 0; m < s->nm; m++) {
		const struct act_person *p = &a->people[s->m[m].person];

		if (s->m[m].role != 'M')
			continue;
		nm++;
		if (!idle(a, p->last))
			all_idle = false;
		if (p->last > last)
			last = p->last;
	}
	if (!s->maintained || !nm || !all_idle)
		return 0;
	strbuf_reset(sb);
	strbuf_addf(sb, "'%.*s' is S: %.*s but no M: was active since ",
		    (int)s->name_len, s->name, (int)s->status_len, s->status);
	add_date(sb, a->o.now - a->o.threshold);
	strbuf_addstr(sb, " (last: ");
	add_last(a, sb, last);
	strbuf_addch(sb, ')');
	if (sb->failed)
		return -1;
	diag_add(d, D_INACTIVE_SECTION, file_name(a, s->file), s->lineno, "%s",
		 sb->buf);
	return 0;
}

/* orphan-active: an Orphan section with commits in the window. */
static int orphan_active(const struct activity *a, const struct act_section *s,
			 struct strbuf *sb, struct diags *d)
{
	struct ranked *r;
	size_t k, n;

	if (!s->orphan || !s->authors || !s->authors->nr)
		return 0;
	n = s->authors->nr;
	r = calloc(n, sizeof(*r));
	if (!r)
		return -1;
	for (k = 0; k < n; k++)
		r[k] = (struct ranked){ s->authors->e[k].key,
					s->authors->e[k].len,
					*(size_t *)s->authors->e[k].value };
	qsort(r, n, sizeof(*r), ranked_cmp);
	strbuf_reset(sb);
	strbuf_addf(
		sb,
		"'%.*s' is S: Orphan but has %zu commit%s in the window; active: ",
		(int)s->name_len, s->name, s->commits,
		s->commits == 1 ? "" : "s");
	for (k = 0; k < n && k < 3; k++)
		strbuf_addf(sb, "%s%.*s (%zu)", k ? ", " : "", (int)r[k].len,
			    r[k].key, r[k].n);
	free(r);
	if (sb->failed)
		return -1;
	diag_add(d, D_ORPHAN_ACTIVE, file_name(a, s->file), s->lineno, "%s",
		 sb->buf);
	return 0;
}

/* inactive-person: person i, if idle, with the sections listing them. */
static int inactive_person(const struct activity *a, size_t i,
			   struct strbuf *sb, struct diags *d)
{
	const struct act_person *p = &a->people[i];
	size_t count = 0, k, m;

	if (!idle(a, p->last))
		return 0;
	strbuf_reset(sb);
	strbuf_addf(sb, "%s: last active ", p->ident);
	add_last(a, sb, p->last);
	strbuf_addstr(sb, "; listed in ");
	for (k = 0; k < a->nsecs; k++)
		for (m = 0; m < a->secs[k].nm; m++)
			if (a->secs[k].m[m].person == i) {
				strbuf_addf(sb, "%s'%.*s' (%c:)",
					    count++ ? ", " : "",
					    (int)a->secs[k].name_len,
					    a->secs[k].name,
					    a->secs[k].m[m].role);
				break;
			}
	if (sb->failed)
		return -1;
	diag_add(d, D_INACTIVE_PERSON, file_name(a, p->file), p->lineno, "%s",
		 sb->buf);
	return 0;
}

/* unowned-busy: the busiest directories only THE REST covers (at rest). */
static int unowned_busy(const struct activity *a,
			const struct act_section *rest, struct diags *d)
{
	struct ranked *r;
	size_t i, n = 0;

	r = calloc(a->dirs.nr + 1, sizeof(*r));
	if (!r)
		return -1;
	for (i = 0; i < a->dirs.nr; i++) {
		const struct act_dir *dd = a->dirs.e[i].value;

		if (dd->commits)
			r[n++] = (struct ranked){ a->dirs.e[i].key,
						  a->dirs.e[i].len,
						  dd->commits };
	}
	qsort(r, n, sizeof(*r), ranked_cmp);
	for (i = 0; i < n && (!a->o.top || i < a->o.top); i++) {
		const struct act_dir *dd =
			strmap_get(&a->dirs, r[i].key, r[i].len)->value;

		diag_add(
			d, D_UNOWNED_BUSY,
			rest ? file_name(a, rest->file) : NULL,
			rest ? rest->lineno : 0,
			"%.*s: %zu commit%s in the window to %zu file%s no section but THE REST covers",
			(int)r[i].len, r[i].key, r[i].n, r[i].n == 1 ? "" : "s",
			dd->files, dd->files == 1 ? "" : "s");
	}
	free(r);
	return 0;
}

int act_findings(struct activity *a, struct diags *d)
{
	struct strbuf sb = STRBUF_INIT;
	const struct act_section *rest = NULL;
	size_t i;
	int ret = -1;

	for (i = 0; i < a->nsecs; i++) {
		const struct act_section *s = &a->secs[i];

		if (s->rest)
			rest = s;
		if (inactive_section(a, s, &sb, d) ||
		    orphan_active(a, s, &sb, d))
			goto out;
	}
	for (i = 0; i < a->npeople; i++)
		if (inactive_person(a, i, &sb, d))
			goto out;
	if (unowned_busy(a, rest, d))
		goto out;
	diags_sort(d);
	ret = 0;
out:
	strbuf_release(&sb);
	return ret;
}

/* ---- output ---- */

int act_text(const struct activity *a, const struct diags *d,
	     struct strbuf *out)
{
	size_t i, m;

	strbuf_addstr(out, "# maint activity as of ");
	add_date(out, a->o.now);
	strbuf_addstr(out, ": window from ");
	add_date(out, a->o.window);
	strbuf_addf(out, ", inactive after %lld days, %zu commits read since ",
		    a->o.threshold / 86400, a->ncommits);
	add_date(out, a->o.start);
	strbuf_addch(out, '\n');
	if (a->o.partial) {
		strbuf_addstr(out, "# partial: a shallow clone, the commits "
				   "before its cut are missing (oldest read: ");
		if (a->oldest)
			add_date(out, a->oldest);
		else
			strbuf_addstr(out, "none");
		strbuf_addstr(out, "); who was active only before the cut "
				   "shows inactive\n");
	}
	for (i = 0; i < a->nsecs; i++) {
		const struct act_section *s = &a->secs[i];

		strbuf_addf(out, "\n%.*s (%s:%lu)", (int)s->name_len, s->name,
			    file_name(a, s->file), s->lineno);
		if (s->status)
			strbuf_addf(out, " S: %.*s", (int)s->status_len,
				    s->status);
		strbuf_addstr(out, "\n\tlast commit ");
		add_last(a, out, s->last);
		strbuf_addf(out, ", %zu in the window\n", s->commits);
		for (m = 0; m < s->nm; m++) {
			const struct act_person *p = &a->people[s->m[m].person];

			strbuf_addf(out, "\t%c: %.*s: last active ",
				    s->m[m].role, (int)s->m[m].line_len,
				    s->m[m].line);
			add_last(a, out, p->last);
			strbuf_addstr(out, ", in the section ");
			add_last(a, out, s->m[m].last_in);
			strbuf_addch(out, '\n');
		}
	}
	if (d->nr)
		strbuf_addf(out, "\n# %zu finding%s\n", d->nr,
			    d->nr == 1 ? "" : "s");
	for (i = 0; i < d->nr; i++) {
		diag_format(out, &d->v[i]);
		strbuf_addf(out, " [%s]\n", diag_name(d->v[i].id));
	}
	return out->failed ? -1 : 0;
}

static void json_date(struct strbuf *out, long long t)
{
	if (!t) {
		strbuf_addstr(out, "null");
		return;
	}
	strbuf_addch(out, '"');
	add_date(out, t);
	strbuf_addch(out, '"');
}

int act_json(const struct activity *a, const struct diags *d,
	     struct strbuf *out)
{
	size_t i, m;

	strbuf_addf(out, "{\"version\": %d, \"as_of\": ", ACT_JSON_VERSION);
	json_date(out, a->o.now);
	strbuf_addstr(out, ", \"window_start\": ");
	json_date(out, a->o.window);
	strbuf_addstr(out, ", \"history_start\": ");
	json_date(out, a->o.start);
	strbuf_addf(out,
		    ", \"threshold_days\": %lld, \"commits\": %zu, "
		    "\"partial\": %s,\n \"sections\": [",
		    a->o.threshold / 86400, a->ncommits,
		    a->o.partial ? "true" : "false");
	for (i = 0; i < a->nsecs; i++) {
		const struct act_section *s = &a->secs[i];

		strbuf_addstr(out, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
		json_add_string(out, s->name, s->name_len);
		strbuf_addstr(out, ", \"file\": ");
		json_add_str(out, file_name(a, s->file));
		strbuf_addf(out, ", \"line\": %lu, \"status\": ", s->lineno);
		if (s->status)
			json_add_string(out, s->status, s->status_len);
		else
			strbuf_addstr(out, "null");
		strbuf_addstr(out, ", \"last_commit\": ");
		json_date(out, s->last);
		strbuf_addf(out, ", \"commits\": %zu, \"people\": [",
			    s->commits);
		for (m = 0; m < s->nm; m++) {
			const struct act_person *p = &a->people[s->m[m].person];

			strbuf_addf(out, "%s{\"role\": \"%c\", \"ident\": ",
				    m ? ", " : "", s->m[m].role);
			json_add_string(out, s->m[m].line, s->m[m].line_len);
			strbuf_addstr(out, ", \"address\": ");
			json_add_str(out, p->addr);
			strbuf_addf(out, ", \"line\": %lu, \"last_active\": ",
				    s->m[m].lineno);
			json_date(out, p->last);
			strbuf_addstr(out, ", \"last_in_section\": ");
			json_date(out, s->m[m].last_in);
			strbuf_addstr(out, ", \"inactive\": ");
			strbuf_addstr(out, idle(a, p->last) ? "true" : "false");
			strbuf_addch(out, '}');
		}
		strbuf_addstr(out, "]}");
	}
	strbuf_addstr(out, "\n ],\n \"findings\": [");
	for (i = 0; i < d->nr; i++) {
		const struct diag *dg = &d->v[i];

		strbuf_addstr(out,
			      i ? ",\n  {\"check\": " : "\n  {\"check\": ");
		json_add_str(out, diag_name(dg->id));
		strbuf_addstr(out, ", \"severity\": ");
		json_add_str(out, diag_severity_name(diag_severity(dg->id)));
		strbuf_addstr(out, ", \"file\": ");
		if (dg->file)
			json_add_str(out, dg->file);
		else
			strbuf_addstr(out, "null");
		strbuf_addf(out, ", \"line\": %lu, \"message\": ", dg->line);
		json_add_str(out, dg->msg);
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, "\n ]}\n");
	return out->failed ? -1 : 0;
}
