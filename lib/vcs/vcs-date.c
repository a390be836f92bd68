// SPDX-License-Identifier: GPL-2.0
/*
 * vcs-date: the --since values git reads most, turned into seconds here
 * as git's approxidate does (date.c), so that a call need not start
 * git rev-parse --since for them:
 *	N.UNIT.ago (also N-UNIT-ago, N UNIT ago; UNIT second, minute, hour,
 *	day, week, month or year, with or without an s)
 *	YYYY-MM-DD (read at the current time of day, as git does)
 * Anything else is left to git.  The steps are git's own, on the same
 * libc: localtime_r() of now, the fields the spec names changed,
 * mktime(); TZ is the process's, as it is git's.  t4251 compares with
 * git rev-parse over time zones, DST changes and month ends.
 */
#include "vcs-internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct since_unit {
	const char *name;
	long long secs; /* 0: months, -1: years */
} units[] = {
	{ "second", 1 },  { "minute", 60 },	 { "hour", 3600 },
	{ "day", 86400 }, { "week", 7 * 86400 }, { "month", 0 },
	{ "year", -1 },
};

/* git's update_tm(): the date fields tm lacks from now, less sec */
static time_t update_tm(struct tm *tm, const struct tm *now, time_t sec)
{
	time_t n;

	if (tm->tm_mday < 0)
		tm->tm_mday = now->tm_mday;
	if (tm->tm_mon < 0)
		tm->tm_mon = now->tm_mon;
	if (tm->tm_year < 0) {
		tm->tm_year = now->tm_year;
		if (tm->tm_mon > now->tm_mon)
			tm->tm_year--;
	}
	n = mktime(tm) - sec;
	localtime_r(&n, tm);
	return n;
}

/* The digits at *s (at most max) as a number; -1 when there are none. */
static long long digits(const char **s, int max)
{
	long long n = 0;
	int i;

	for (i = 0; i < max && **s >= '0' && **s <= '9'; i++, (*s)++)
		n = n * 10 + (**s - '0');
	return i ? n : -1;
}

/* "N.UNIT.ago": the unit (its number in *n), or NULL. */
static const struct since_unit *relative(const char *s, long long *n)
{
	size_t i, len;

	/* git reads "007" as no number: such are left to it */
	if (s[0] == '0' && s[1] >= '0' && s[1] <= '9')
		return NULL;
	*n = digits(&s, 6);
	if (*n < 0 || *n > 100000 || !*s || !strchr(".- ", *s))
		return NULL;
	s++;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		len = strlen(units[i].name);
		if (strncmp(s, units[i].name, len))
			continue;
		s += len;
		if (*s == 's')
			s++;
		if (*s && (!strchr(".- ", *s) || strcmp(s + 1, "ago")))
			return NULL;
		return &units[i];
	}
	return NULL;
}

long long vcs_git_now(void)
{
	const char *t = getenv("GIT_TEST_DATE_NOW");

	return t ? atoll(t) : (long long)time(NULL);
}

int vcs_approxidate(const char *since, long long now, uint64_t *t)
{
	const struct since_unit *u;
	struct tm tm, now_tm;
	time_t sec = (time_t)now, r;
	const char *s = since;
	long long n, y, m, d;

	if (!localtime_r(&sec, &tm))
		return 1;
	now_tm = tm;
	tm.tm_year = tm.tm_mon = tm.tm_mday = -1;
	y = digits(&s, 5);
	if (s - since == 4 && *s == '-') {
		/* git's match_multi_number(): yyyy-mm-dd, 1970-2099 */
		s++;
		m = digits(&s, 3);
		if (*s++ != '-')
			return 1;
		d = digits(&s, 3);
		if (*s || y < 1970 || y > 2099 || m < 1 || m > 12 || d < 1 ||
		    d > 31)
			return 1;
		tm.tm_year = (int)(y - 1900);
		tm.tm_mon = (int)(m - 1);
		tm.tm_mday = (int)d;
	} else if ((u = relative(since, &n))) {
		if (u->secs > 0) {
			update_tm(&tm, &now_tm, (time_t)(u->secs * n));
		} else if (u->secs == 0) {
			update_tm(&tm, &now_tm, 0);
			m = tm.tm_mon - n;
			while (m < 0) {
				m += 12;
				tm.tm_year--;
			}
			tm.tm_mon = (int)m;
		} else {
			update_tm(&tm, &now_tm, 0);
			tm.tm_year -= (int)n;
		}
	} else {
		return 1;
	}
	r = update_tm(&tm, &now_tm, 0);
	if (r < 0)
		return 1;
	*t = (uint64_t)r;
	return 0;
}
