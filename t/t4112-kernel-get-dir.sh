#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get DIRECTORY without -f, where git does not track the directory
# (the 6.12 tree, and an untracked directory in a git copy of it): the
# script adds a trailing slash, opens the directory as a patch, reads
# nothing and warns "file 'DIR/' doesn't appear to be a patch.  Add -f
# to options?", then goes on (exit 0).  maint's standard output and exit
# status are scripts/get_maintainer.pl's (6.12, run here), and its
# standard error is the script's with "maint get:" for the script's
# name; alone, among patches and with -f.
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-kernelgit.sh"

PERL=$(command -v perl)

# both NAME ARGS...: in the current directory, maint get and the script
# with ARGS (standard input from $BOTH_IN, /dev/null unless set); their
# stdout and exit status in $TRASH/NAME.maint and NAME.script the same,
# and their stderr in NAME.*.err the same but for the program's name
# (not compared when $BOTH_NO_ERR is set)
both() {
	n=$1 && shift &&
	{ "$MAINT" get "$@" <"${BOTH_IN:-/dev/null}" >"$TRASH/$n.maint" \
		2>"$TRASH/$n.maint.err"; echo "exit $?" >>"$TRASH/$n.maint"; } &&
	{ "$PERL" scripts/get_maintainer.pl "$@" <"${BOTH_IN:-/dev/null}" \
		>"$TRASH/$n.script" 2>"$TRASH/$n.script.err"
	  echo "exit $?" >>"$TRASH/$n.script"; } &&
	test_cmp "$TRASH/$n.script" "$TRASH/$n.maint" &&
	{ [ -n "${BOTH_NO_ERR:-}" ] || {
		sed -e "s|^scripts/get_maintainer.pl: |maint get: |" \
			"$TRASH/$n.script.err" >"$TRASH/$n.expect.err" &&
		test_cmp "$TRASH/$n.expect.err" "$TRASH/$n.maint.err"; }; }
}

# warned NAME DIR...: NAME's stderr is one warning for each DIR, in turn
warned() {
	n=$1 && shift &&
	for dir in "$@"; do
		printf "maint get: file '%s' %s\n" "$dir" \
			"doesn't appear to be a patch.  Add -f to options?" ||
			return 1
	done >"$TRASH/$n.want.err" &&
	test_cmp "$TRASH/$n.want.err" "$TRASH/$n.maint.err"
}

test_expect_success 'setup: two real patches of the 6.12 tree' '
	cd "$KERNEL" &&
	sed "s/loopback_net_init/loopback_net_setup/" drivers/net/loopback.c \
		>"$TRASH/loopback.c" &&
	{ diff -u --label a/drivers/net/loopback.c \
		--label b/drivers/net/loopback.c drivers/net/loopback.c \
		"$TRASH/loopback.c"; test $? = 1; } >"$TRASH/net.patch" &&
	sed "s/^config EXT4_FS$/config EXT4_FS_NEW/" fs/ext4/Kconfig \
		>"$TRASH/Kconfig" &&
	{ diff -u --label a/fs/ext4/Kconfig --label b/fs/ext4/Kconfig \
		fs/ext4/Kconfig "$TRASH/Kconfig"; test $? = 1; } \
		>"$TRASH/ext4.patch" &&
	test_grep "^+++ b/drivers/net/loopback.c" "$TRASH/net.patch" &&
	test_grep "^+config EXT4_FS_NEW" "$TRASH/ext4.patch"
'

test_expect_success 'the tree: a directory alone, with and without a slash' '
	cd "$KERNEL" &&
	both dir drivers/net && warned dir drivers/net/ &&
	echo "exit 0" >"$TRASH/expect" &&
	test_cmp "$TRASH/expect" "$TRASH/dir.maint" &&
	both slash drivers/net/ && warned slash drivers/net/ &&
	both dot ./fs//ext4 && warned dot fs/ext4/ &&
	both abs "$KERNEL/fs/ext4" && warned abs "$KERNEL/fs/ext4/" &&
	both twice drivers/net fs/ext4/ && warned twice drivers/net/ fs/ext4/
'

test_expect_success 'the tree: a directory among patches' '
	cd "$KERNEL" &&
	both before drivers/net "$TRASH/ext4.patch" &&
	warned before drivers/net/ &&
	test_grep "EXT4 FILE SYSTEM" "$TRASH/before.maint" &&
	both between "$TRASH/net.patch" fs/ext4 "$TRASH/ext4.patch" &&
	warned between fs/ext4/ &&
	test_grep "NETWORKING DRIVERS" "$TRASH/between.maint" &&
	test_grep "EXT4 FILE SYSTEM" "$TRASH/between.maint" &&
	both after "$TRASH/net.patch" drivers/net/ &&
	warned after drivers/net/
'

test_expect_success 'the tree: with -f a directory is a file, as before' '
	cd "$KERNEL" &&
	both f -f drivers/net && test_grep "NETWORKING DRIVERS" "$TRASH/f.maint" &&
	both fmany -f MAINTAINERS drivers/net/ fs/ext4 &&
	test_grep "EXT4 FILE SYSTEM" "$TRASH/fmany.maint" &&
	! test -s "$TRASH/fmany.maint.err"
'

test_expect_success 'the tree: standard input a directory reads nothing' '
	cd "$KERNEL" &&
	test_expect_code 0 maint get <drivers/net >"$TRASH/out" 2>"$TRASH/err" &&
	! test -s "$TRASH/out" &&
	test_grep "^maint get: standard input (empty) doesn.t appear to be a patch" \
		"$TRASH/err" &&
	BOTH_IN=drivers/net both stdin "$TRASH/ext4.patch" &&
	test_grep "EXT4 FILE SYSTEM" "$TRASH/stdin.maint"
'

test_expect_success 'setup: a git copy of the tree, two untracked directories' '
	kernel_git_copy "$TRASH/git" &&
	cd "$TRASH/git" &&
	mkdir -p build/drivers/net && : >build/drivers/net/loopback.o &&
	mkdir drivers/net/empty &&
	test -z "$(git ls-files build drivers/net/empty)" &&
	test -n "$(git ls-files drivers/net/loopback.c)"
'

test_expect_success 'git: a tracked directory is a file, as before' '
	cd "$TRASH/git" &&
	both tracked drivers/net && ! test -s "$TRASH/tracked.maint.err" &&
	test_grep "NETWORKING DRIVERS" "$TRASH/tracked.maint" &&
	both trackedslash fs/ext4/ && ! test -s "$TRASH/trackedslash.maint.err"
'

test_expect_success 'git: an untracked directory, alone and among patches' '
	cd "$TRASH/git" &&
	both build build && warned build build/ &&
	both empty drivers/net/empty/ && warned empty drivers/net/empty/ &&
	both gmix "$TRASH/net.patch" build fs/ext4 drivers/net/empty \
		"$TRASH/ext4.patch" &&
	warned gmix build/ drivers/net/empty/ &&
	test_grep "NETWORKING DRIVERS" "$TRASH/gmix.maint" &&
	test_grep "EXT4 FILE SYSTEM" "$TRASH/gmix.maint"
'

# maint does not print the script's "file 'build/' not found in version
# control $!" (with -f, for any untracked file): stdout and status only
test_expect_success 'git: -f with an untracked directory (stdout, status)' '
	cd "$TRASH/git" &&
	BOTH_NO_ERR=1 both gf -f drivers/net/loopback.c build &&
	test_grep "NETWORKING DRIVERS" "$TRASH/gf.maint"
'

test_done
