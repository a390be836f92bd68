#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The maint command itself: help, version, command table, errors.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'maint --help lists the commands' '
	maint --help >out &&
	test_grep "^   format " out &&
	test_grep "^   move " out &&
	test_grep "^   merge " out &&
	test_grep "^   get " out &&
	test_grep "^   split " out && test_grep "^   join " out &&
	test_grep "^   check " out
'

test_expect_success 'maint without a command is a usage error (129)' '
	test_expect_code 129 maint 2>err &&
	test_grep "usage: maint" err
'

test_expect_success 'unknown command says so and exits 1' '
	test_expect_code 1 maint frobnicate 2>err &&
	test_grep "not a maint command" err
'

test_expect_success 'maint --version prints a version' '
	maint --version >out &&
	test_grep "^maint version " out
'

test_expect_success 'every command has --help and maint help CMD' '
	for c in format move merge get split join check; do
		maint $c --help >out.$c &&
		test_grep "usage: maint" out.$c &&
		maint help $c >help.$c &&
		test_cmp out.$c help.$c || exit 1
	done
'

test_expect_success 'every command has a man page' '
	for c in format move merge get split join check; do
		test -s "$SRC_DIR/doc/maint-$c.1" || exit 1
	done &&
	test -s "$SRC_DIR/doc/maint.1"
'

test_done
