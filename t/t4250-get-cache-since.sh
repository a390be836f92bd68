#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The history cache and the moving edge of --git-since.  Git reads a
# date without a time of day ("2024-01-10") at the current time of day,
# and a relative one ("3.days.ago") from now: a commit on the edge day
# is in the window in the morning and out of it in the evening.  A
# cached log made in the morning must not answer in the evening; a date
# with a time of day names one moment, and its entry keeps answering.
# "Now" is git's (GIT_TEST_DATE_NOW, which git's date parsing reads);
# every answer is compared with the 6.12 script's at the same now.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

SCRIPT=$FIXTURES/get/get_maintainer.pl
F=drivers/net/acme/main.c
MORNING=$(date -u -d 2024-01-20T03:00:00Z +%s)
EVENING=$(date -u -d 2024-01-20T20:00:00Z +%s)
export TZ=UTC

# same NOW SINCE: maint (cache on) and the script agree at NOW
same() {
	GIT_TEST_DATE_NOW=$1 perl "$SCRIPT" --git-since="$2" --git -f $F \
		>expect &&
	GIT_TEST_DATE_NOW=$1 maint get --git-since="$2" --git -f $F >actual &&
	test_cmp expect actual
}

test_expect_success 'setup: a commit at noon on the edge day' '
	make_get_tree tree &&
	cd tree &&
	git init -q &&
	git config user.name "Ann Acme" &&
	git config user.email ann@acme.example &&
	git add . &&
	GIT_COMMITTER_DATE=2024-01-01T00:00:00Z \
		git commit -q --date=2024-01-01T00:00:00Z -m "the tree" &&
	echo "int edge;" >>$F &&
	GIT_AUTHOR_NAME="Bob Edge" GIT_AUTHOR_EMAIL=bob@edge.example \
	GIT_COMMITTER_DATE=2024-01-10T12:00:00Z \
		git commit -q -a --date=2024-01-10T12:00:00Z -m "acme: edge" \
		-m "Signed-off-by: Bob Edge <bob@edge.example>" &&
	echo "int late;" >>$F &&
	GIT_COMMITTER_DATE=2024-01-15T00:00:00Z \
		git commit -q -a --date=2024-01-15T00:00:00Z -m "acme: late" \
		-m "Signed-off-by: Ann Acme <ann@acme.example>"
'

test_expect_success 'a date alone: in the window in the morning' '
	cd tree &&
	rm -rf .git/maint &&
	same $MORNING 2024-01-10 &&
	test_grep bob@edge.example actual
'

test_expect_success 'a date alone: out of it in the evening (not the morning'"'"'s entry)' '
	cd tree &&
	same $EVENING 2024-01-10 &&
	! grep -q bob@edge.example actual
'

test_expect_success 'a relative date: the same edge, both ways' '
	cd tree &&
	rm -rf .git/maint &&
	same $MORNING 10.days.ago &&
	test_grep bob@edge.example actual &&
	same $EVENING 10.days.ago &&
	! grep -q bob@edge.example actual
'

test_expect_success 'a date with a time of day: one moment, its entry answers later' '
	cd tree &&
	rm -rf .git/maint &&
	same $MORNING 2024-01-10T11:00 &&
	test_grep bob@edge.example actual &&
	n=$(ls .git/maint/history | wc -l) &&
	same $EVENING 2024-01-10T11:00 &&
	test "$(ls .git/maint/history | wc -l)" = "$n"
'

test_expect_success 'another TZ: another moment, another entry' '
	cd tree &&
	rm -rf .git/maint &&
	same $MORNING 2024-01-10T13:00 &&
	! grep -q bob@edge.example actual &&
	TZ=Asia/Tokyo same $MORNING 2024-01-10T13:00 &&
	test_grep bob@edge.example actual
'

test_done
