#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The git send-email --to-cmd/--cc-cmd of the README and of maint-get(1)
# are the same commands, and run as written there on a small tree: the
# To: list (maintainers, reviewers) and the Cc: list (mailing lists).
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
