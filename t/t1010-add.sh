#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint add: a new entry where format's order puts it, fields in the
# canonical order with tabs, the rest of the file byte for byte; with
# --inherit, L:/T:/S: from the section whose F: directory holds it.
. "$(dirname "$0")/test-lib.sh"

cat >M <<'IN'
Preamble.

ALPHA DRIVER
M:	A <a@example.org>
S:	Maintained
F:	drivers/alpha/

NET DRIVERS
M:	N <n@example.org>
L:	netdev@example.org
S:	Supported
T:	git git://example.org/net.git
F:	drivers/net/

ZETA DRIVER
M:	Z <z@example.org>
S:	Odd Fixes
F:	drivers/zeta/

THE REST
M:	L <l@example.org>
S:	Buried alive in reporters
F:	*
F:	*/
IN

test_expect_success 'inserted in order, fields sorted, tabs; nothing else moves' '
	cp M M.orig &&
	maint add --input=M "MIDDLE DRIVER" "F:   drivers/middle/" \
		"S: Maintained" "M:  Mid <mid@example.org>  " 2>err &&
	test_grep "at M:8$" err &&
	sed -n "8,12p" M >got &&
	printf "MIDDLE DRIVER\nM:\tMid <mid@example.org>\nS:\tMaintained\nF:\tdrivers/middle/\n\n" >expect &&
	test_cmp expect got &&
	sed "8,12d" M >back && test_cmp M.orig back &&
	maint format --input=M --output=M.fmt && test_cmp M M.fmt
'

test_expect_success '--inherit: L:, T: (and S: when missing) from the parent' '
	cp M.orig M &&
	maint add --input=M --output=out --inherit "NET FOO DRIVER" \
		"M: F <f@example.org>" "F: drivers/net/foo/" 2>err &&
	test_grep "3 lines from .NET DRIVERS." err &&
	sed -n "/^NET FOO DRIVER/,/^\$/p" out >got &&
	printf "NET FOO DRIVER\nM:\tF <f@example.org>\nL:\tnetdev@example.org\nS:\tSupported\nT:\tgit git://example.org/net.git\nF:\tdrivers/net/foo/\n\n" >expect &&
	test_cmp expect got &&
	test_cmp M.orig M
'

test_expect_success '--inherit: the catch-all of THE REST is no parent' '
	maint add --input=M --output=out --inherit "BETA" \
		"M: B <b@example.org>" "F: lib/beta.c" 2>err &&
	test_grep "no parent section found" err &&
	! grep -A3 "^BETA" out | grep -q "^L:"
'

test_expect_success 'after the last section when it sorts last' '
	head -n 17 M.orig >short &&
	maint add --input=short --output=- "ZZ TOP" "S: Orphan" >out &&
	tail -n 3 out >got &&
	printf "\nZZ TOP\nS:\tOrphan\n" >expect && test_cmp expect got
'

test_expect_success 'bad input: an existing header, a non-field, too few' '
	test_expect_code 1 maint add --input=M "NET DRIVERS" "S: Maintained" 2>err &&
	test_grep "^M:8: error: section .NET DRIVERS. exists already" err &&
	test_expect_code 1 maint add --input=M "NEW" "hello" 2>err &&
	test_grep "is not a field line" err &&
	test_expect_code 129 maint add --input=M "NEW" 2>err &&
	test_expect_code 1 maint add --input=. "NEW" "S: Orphan" 2>err &&
	test_grep "is a directory" err &&
	test_expect_code 1 maint add --input=nowhere "NEW" "S: Orphan" 2>err &&
	test_cmp M.orig M
'

# Each field argument gets check's own finding: the words check prints
# for the same line in a file, the message with the prefix of maint's
# other errors, exit 1, the file untouched (check's field-order and
# no-file-matches need the rest of the file and a tree).
add_refuses_as_check () {
	field=$1 &&
	cp M.orig M &&
	test_expect_code 1 maint add --input=M "NEW" "S: Maintained" \
		"F: drivers/new/" "$field" 2>err &&
	test_cmp M.orig M &&
	test "$(wc -l <err)" = 1 &&
	printf "NEW\n%s\n\n" "$(echo "$field" | sed "s/: */:\t/")" >one &&
	cat M.orig >>one &&
	{ maint check --mpath=one >check.out 2>/dev/null || :; } &&
	grep "^one:2: " check.out | grep -v "\[field-order\]\|\[no-file-matches\]" |
		sed "s/^one:2: [a-z]*: /maint add: /" >expect &&
	test "$(wc -l <expect)" = 1 &&
	test_cmp expect err
}

test_expect_success 'a field check finds wrong is refused in check'"'"'s words' '
	add_refuses_as_check "Z: zz" &&
	add_refuses_as_check "m: Lower <l@example.org>" &&
	add_refuses_as_check "M: Joe" &&
	add_refuses_as_check "M: Joe <joe@example.org" &&
	add_refuses_as_check "R: Joe joe@example.org>" &&
	add_refuses_as_check "L: <list@example.org" &&
	add_refuses_as_check "S: Bogus" &&
	add_refuses_as_check "N: (unbalanced" &&
	add_refuses_as_check "F: /drivers/**/x.c"
'

test_expect_success 'an F: or X: that can never match; an empty header' '
	cp M.orig M &&
	test_expect_code 1 maint add --input=M "NEW" "S: Maintained" \
		"F: /drivers/new/" 2>err &&
	test_grep "^maint add: F: ./drivers/new/. can never match" err &&
	test_expect_code 1 maint add --input=M "NEW" "S: Maintained" \
		"X: drivers//new" 2>err &&
	test_grep "^maint add: X: .drivers//new. can never match" err &&
	test_expect_code 1 maint add --input=M "" "S: Maintained" 2>err &&
	test_grep "^maint add: the header .. is empty" err &&
	test_expect_code 129 maint add --input=M "" 2>err &&
	test_grep "^maint add: " err &&
	test_cmp M.orig M
'

test_expect_success 'every bad field is named, nothing is written' '
	rm -f out &&
	test_expect_code 1 maint add --input=M --output=out "NEW" \
		"M: Joe" "S: Bogus" "F: drivers/new/" 2>err &&
	test "$(wc -l <err)" = 2 &&
	! test -e out &&
	test_cmp M.orig M
'

kernel_tree
test_expect_success 'the 6.12 file: one entry, format agrees where it went' '
	cp "$KERNEL/MAINTAINERS" K &&
	maint format --input=K --output=K.sorted &&
	maint add --input=K.sorted --output=K.new --inherit "FOO WIDGET DRIVER" \
		"M: Jane Doe <jane@example.org>" \
		"F: drivers/net/ethernet/intel/foo/" 2>err &&
	test_grep "from .INTEL ETHERNET DRIVERS." err &&
	maint format --input=K.new --output=K.check &&
	test_cmp K.new K.check &&
	test "$(diff K.sorted K.new | grep -c "^>")" = 8
'

test_done
