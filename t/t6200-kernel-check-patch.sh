#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check on a patch to the 6.12 MAINTAINERS, and the pre-commit hook
# (contrib/hooks/pre-commit), in a git copy of the tree:
#  - patch mode finds exactly what the whole-file check finds on the
#    lines the patch touches (and their section's header), while it
#    lists only the files below the touched sections' patterns
#    (git ls-files with pathspecs, seen in GIT_TRACE), not the tree;
#  - the hook checks the staged change, not the work tree: a bad staged
#    line fails the commit even when the work tree has it fixed, and a
#    good staged change passes with a bad unstaged edit beside it.
# How fast it is: bench/check-patch.sh (not a test).
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-kernelgit.sh"

HOOK=$SRC_DIR/contrib/hooks/pre-commit
export MAINT

test_expect_success 'a git copy of the tree' '
	kernel_git_copy linux &&
	grep -q "^3C59X NETWORK DRIVER\$" linux/MAINTAINERS
'

# lines of the 3C59X section: header, and where F: lines go
hdr=$(grep -n "^3C59X NETWORK DRIVER\$" linux/MAINTAINERS | cut -d: -f1)

test_expect_success 'a one-line edit, nothing wrong: the hook passes, quietly' '
	cd linux &&
	sed -i "$((hdr + 1))s/^M:\t/M:\t/" MAINTAINERS &&
	echo "/* x */" >>drivers/net/ethernet/3com/3c59x.c &&
	git add -A && MAINT=$MAINT sh "$HOOK" >../out 2>&1 &&
	! test -s ../out &&
	git commit -qm "no MAINTAINERS change" &&
	git diff --cached --quiet
'

test_expect_success 'patch mode: lines with problems in one section' '
	cd linux &&
	sed -i "$((hdr + 5))a\\
F:\tdrivers/net/ethernet/3com/nonexistent.c\\
X:\tdrivers/net/ethernet/3com/typhoon.c\\
R:\tnot an address" MAINTAINERS &&
	git diff >../edit.patch &&
	maint check --fail-on=never ../edit.patch >../patch.out 2>&1 &&
	test_grep "nonexistent.c.* matches no file" ../patch.out &&
	test_grep "typhoon.c.* excludes no file" ../patch.out &&
	test_grep "bad-email" ../patch.out
'

test_expect_success 'patch mode = the whole-file check on the touched lines' '
	cd linux &&
	maint check --fail-on=never >../all.out 2>&1 &&
	test "$(wc -l <../all.out)" -gt 20 &&
	lines="$hdr $((hdr + 6)) $((hdr + 7)) $((hdr + 8))" &&
	# added lines: a pattern that matches nothing is an error there
	for n in $lines; do grep "^MAINTAINERS:$n:" ../all.out || :; done |
		sed "s/: warning: \(.*\[no-file-matches\]\)\$/: error: \1/" |
		sort >../expect &&
	test_grep "error: F: pattern .*nonexistent.c" ../expect &&
	sort ../patch.out >../got &&
	test_cmp ../expect ../got
'

test_expect_success 'patch mode lists the touched sections directories only' '
	cd linux &&
	GIT_TRACE=$PWD/../trace maint check --fail-on=never ../edit.patch \
		>/dev/null 2>&1 &&
	grep "ls-files" ../trace >../ls &&
	test_grep "ls-files -- .*drivers/net/ethernet/3com/" ../ls &&
	! grep "ls-files \./" ../ls &&
	GIT_TRACE=$PWD/../trace2 maint check --fail-on=never >/dev/null 2>&1 &&
	test_grep "ls-files \./" ../trace2
'

test_expect_success 'the hook fails on a bad staged change (exit 1)' '
	cd linux &&
	git add MAINTAINERS &&
	test_expect_code 1 env MAINT=$MAINT sh "$HOOK" >../err 2>&1 &&
	test_grep "bad-email" ../err &&
	test_grep "no-verify" ../err
'

test_expect_success 'staged bad, fixed in the work tree only: still fails' '
	cd linux &&
	sed -i "/^R:\tnot an address\$/d; /nonexistent.c\$/d" MAINTAINERS &&
	! git diff --quiet &&
	test_expect_code 1 env MAINT=$MAINT sh "$HOOK" >../err 2>&1 &&
	test_grep "bad-email" ../err
'

test_expect_success 'staged good, a bad edit unstaged: passes' '
	cd linux &&
	git add MAINTAINERS &&
	sed -i "$((hdr + 1))a\\
R:\talso not an address" MAINTAINERS &&
	MAINT=$MAINT sh "$HOOK" >../err 2>&1 &&
	! grep "bad-email" ../err &&
	git commit -qm "3C59X: patterns" &&
	git checkout -q MAINTAINERS
'

# issue 24 item 5: a new F: that matches nothing is an error
test_expect_success 'a new F: matching nothing stops the hook' '
	cd linux &&
	sed -i "$((hdr + 5))a\\
F:\tdrivers/net/ethernet/3com/also-missing.c" MAINTAINERS &&
	git add MAINTAINERS &&
	test_expect_code 1 env MAINT=$MAINT sh "$HOOK" >../err 2>&1 &&
	test_grep "error: F: pattern .*also-missing.c. matches no file" ../err
'

test_expect_success 'maint.precommitFailOn=warning fails on a warning' '
	cd linux &&
	sed -i "s|3com/also-missing.c\$|3com/3c59x.c|" MAINTAINERS &&
	git add MAINTAINERS &&
	MAINT=$MAINT sh "$HOOK" >../err 2>&1 &&
	test_grep "warning: .*3c59x.c" ../err &&
	git config maint.precommitFailOn warning &&
	test_expect_code 1 env MAINT=$MAINT sh "$HOOK" >../err 2>&1
'

test_expect_success 'the hook without maint: says so, and does not blame the change' '
	cd linux &&
	test_expect_code 1 env MAINT=/nonexistent/maint sh "$HOOK" >../err 2>&1 &&
	test_grep "/nonexistent/maint. is not installed or not in PATH" ../err &&
	! grep -q "found problems" ../err
'

test_done
