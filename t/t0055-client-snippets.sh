#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The git send-email --to-cmd/--cc-cmd and b4's send-auto-to-cmd/
# send-auto-cc-cmd of the README and of maint-get(1) are the same
# commands, and run as written there on a small tree: the To: list
# (maintainers, reviewers) and the Cc: list (mailing lists).  t4210 runs
# the README's b4 lines with b4 itself.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

test_expect_success 'the README and the man page give the same commands' '
	grep -o -- "--\(to\|cc\)-cmd=.maint get [^'\'']*" "$SRC_DIR/README.md" >readme &&
	test "$(wc -l <readme)" = 2 &&
	sed -n "/^\.SH EXAMPLES/,/^\.SH/p" "$SRC_DIR/doc/maint-get.1" |
		sed "s/\\\\-/-/g" |
		grep -o -- "--\(to\|cc\)-cmd=.maint get [^'\'']*" >man &&
	test_cmp readme man
'

test_expect_success 'the same for b4: send-auto-to-cmd, send-auto-cc-cmd' '
	grep -o "send-auto-\(to\|cc\)-cmd = maint get .*" \
		"$SRC_DIR/README.md" >b4-readme &&
	test "$(wc -l <b4-readme)" = 2 &&
	sed -n "/^\.SH EXAMPLES/,/^\.SH/p" "$SRC_DIR/doc/maint-get.1" |
		sed "s/\\\\-/-/g" |
		grep -o "send-auto-\(to\|cc\)-cmd = maint get .*" >b4-man &&
	test_cmp b4-readme b4-man &&
	sed "s/^send-auto-to-cmd = //;s/^send-auto-cc-cmd = //" b4-readme >b4 &&
	sed "s/.-\(to\|cc\)-cmd=.//" readme >se &&
	test_cmp se b4
'

test_expect_success 'they run as written on a patch' '
	make_get_tree tree &&
	cd tree &&
	to=$(sed -n "s/^--to-cmd=.//p" ../readme) &&
	cc=$(sed -n "s/^--cc-cmd=.//p" ../readme) &&
	sh -c "$to acme.patch" >../to &&
	sh -c "$cc acme.patch" >../cc &&
	test -s ../to && test -s ../cc &&
	! grep -q "(" ../to ../cc &&
	! grep -q "@lists\|@vger" ../to
'

test_done
