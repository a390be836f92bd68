#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The --git-since values maint reads itself (lib/vcs/vcs-date.c: N.UNIT.ago
# and YYYY-MM-DD, without starting git rev-parse --since) give what git
# gives, at many moments in time zones with DST changes (Paris, New York,
# Lord Howe's half hour), without (Kolkata, UTC), on month ends (31 Aug
# less six months), leap days and year ends; every other form is left to
# git.  git's own values, at each moment (GIT_TEST_DATE_NOW), are the
# expected ones.
. "$(dirname "$0")/test-lib.sh"

READ="1-year-ago 6-months-ago 12-months-ago 1.month.ago 18.months.ago
3.weeks.ago 10.days.ago 1.day.ago 0.days.ago 2.hours.ago 90.minutes.ago
30.seconds.ago 5-years-ago 2.years.ago 1.years 7.days
2026-02-19 2024-02-29 2023-02-30 1999-12-31 2024-3-9 1971-01-01"
GIT="yesterday 1.fortnight.ago 007.days.ago 2024-13-01 2024-01-10T11:00
last.week 2.months.ago.noon 1.year.ago.x 2024-01 now 100000000.days.ago"
# moments: DST changes (Europe 2024-03-31 01:00Z, 2024-10-27 01:00Z;
# US 2024-03-10 07:00Z, 2024-11-03 06:00Z; Lord Howe 2024-04-06 15:00Z),
# month ends, a leap day, a year end, and others spread over 1990-2037
moments() {
	for d in 2024-03-31T00:30Z 2024-03-31T01:30Z 2024-10-27T00:30Z \
		2024-10-27T01:30Z 2024-03-10T06:30Z 2024-03-10T07:30Z \
		2024-11-03T05:30Z 2024-11-03T06:30Z 2024-04-06T14:45Z \
		2024-04-06T15:15Z 2024-08-31T12:00Z 2024-08-31T23:59Z \
		2024-05-31T22:30Z 2025-03-31T12:00Z 2024-02-29T12:00Z \
		2025-03-01T00:10Z 2024-12-31T23:30Z 2025-01-01T00:30Z \
		1990-06-15T08:00Z 2037-12-31T12:00Z; do
		date -u -d "$d" +%s
	done
	awk 'BEGIN { srand(22); for (i = 0; i < 20; i++)
		printf "%d\n", 631152000 + int(rand() * 1500000000) }'
}

test_expect_success 'setup: git'"'"'s values' '
	git init -q repo &&
	for s in $READ; do printf "read\t%s\n" "$s"; done >specs &&
	for s in $GIT; do printf "git\t%s\n" "$s"; done >>specs &&
	args=$(for s in $READ $GIT; do printf " --since=%s" "$s"; done) &&
	for tz in UTC Europe/Paris America/New_York Australia/Lord_Howe \
		Asia/Kolkata; do
		for now in $(moments); do
			(cd repo && TZ=$tz GIT_TEST_DATE_NOW=$now \
				git rev-parse $args) >vals &&
			sed "s/^--max-age=//" vals | paste specs - |
			sed "s|^|$tz\t$now\t|" >>lines || return 1
		done
	done &&
	test $(wc -l <lines) = 6600
'

test_expect_success 'each value read is git'"'"'s; the others are left to git' '
	"$TEST_DIRECTORY/unit/test-date" <lines >tap &&
	! grep "^not ok" tap &&
	test $(grep -c "^ok" tap) = 6600
'

test_done
