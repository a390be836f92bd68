#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The merge driver on a split MAINTAINERS/ (issue #24 item 9): a section
# one side moved to another file and the other side changed.  git merges
# the files apart (the file the section went to merges trivially), so
# the driver names where it went and the way to carry the change; the
# way works, in both directions.
. "$(dirname "$0")/test-lib.sh"
export GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t@x.org GIT_COMMITTER_NAME=T \
	GIT_COMMITTER_EMAIL=t@x.org GIT_CONFIG_NOSYSTEM=1 HOME=$TRASH

test_expect_success 'a split tree: B moved to one on "move", changed on "edit"' '
	git init -q -b main repo && cd repo &&
	maint merge --install >/dev/null &&
	mkdir MAINTAINERS &&
	printf "A\nM:\ta@x\nF:\ta/\n" >MAINTAINERS/one &&
	printf "B\nM:\tb@x\nF:\tb/\n\nC\nM:\tc@x\nF:\tc/\n" >MAINTAINERS/two &&
	git add -A && git commit -qm base &&
	git checkout -qb edit &&
	sed -i "s/^M:\tb@x/M:\tb@x\nR:\tr@x/" MAINTAINERS/two &&
	git commit -qam edit &&
	git checkout -qb move main &&
	printf "A\nM:\ta@x\nF:\ta/\n\nB\nM:\tb@x\nF:\tb/\n" >MAINTAINERS/one &&
	printf "C\nM:\tc@x\nF:\tc/\n" >MAINTAINERS/two &&
	git commit -qam move &&
	printf "A\nM:\ta@x\nF:\ta/\n\nB\nM:\tb@x\nR:\tr@x\nF:\tb/\n" >../one.expect &&
	printf "C\nM:\tc@x\nF:\tc/\n" >../two.expect
'

test_expect_success 'ours moved, theirs changed: named, then carried' '
	cd repo && git checkout -qb m1 move &&
	test_must_fail git merge edit >../m1.out 2>&1 &&
	test_grep "MAINTAINERS/two: section .B. was moved to MAINTAINERS/one on ours and changed here on theirs" ../m1.out &&
	test_grep "git diff \$(git merge-base HEAD MERGE_HEAD) MERGE_HEAD -- MAINTAINERS/two | maint split --carry=-" ../m1.out &&
	git checkout -q --ours MAINTAINERS/two &&
	git diff $(git merge-base HEAD MERGE_HEAD) MERGE_HEAD -- MAINTAINERS/two |
		maint split --carry=- >../c1.out &&
	test_grep "^1 MAINTAINERS hunk carried: 1 file of MAINTAINERS written" ../c1.out &&
	git add MAINTAINERS && git commit -qm merged &&
	test_cmp ../one.expect MAINTAINERS/one &&
	test_cmp ../two.expect MAINTAINERS/two
'

test_expect_success 'theirs moved, ours changed: named, then carried' '
	cd repo && git checkout -qb m2 edit &&
	test_must_fail git merge move >../m2.out 2>&1 &&
	test_grep "MAINTAINERS/two: section .B. was moved to MAINTAINERS/one on theirs and changed here on ours" ../m2.out &&
	git checkout -q --theirs MAINTAINERS/two &&
	git diff $(git merge-base HEAD MERGE_HEAD) HEAD -- MAINTAINERS/two |
		maint split --carry=- >../c2.out &&
	git add MAINTAINERS && git commit -qm merged &&
	test_cmp ../one.expect MAINTAINERS/one &&
	test_cmp ../two.expect MAINTAINERS/two
'

test_done
