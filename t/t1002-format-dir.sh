#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A directory of MAINTAINERS files as input.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'a directory reads like its files joined, in name order' '
	mkdir d &&
	printf "Preamble\n\n" >d/00-preamble &&
	printf "ZETA\nM: z\n\nALPHA\nM: a\n" >d/b-file &&
	printf "MID\nM: m\n" >d/a-file &&
	printf "HIDDEN\nM: h\n" >d/.hidden &&
	maint format --input d --output out &&
	printf "Preamble\n\nALPHA\nM:\ta\n\nMID\nM:\tm\n\nZETA\nM:\tz\n" >expect &&
	test_cmp expect out
'

test_expect_success 'a header twice across files names both places' '
	printf "MID\nM: again\n" >d/c-file &&
	test_expect_code 25 maint format --input d --output out2 2>err &&
	test_grep "d/c-file:1: error: duplicate section header .MID. (first at d/a-file:1)" err &&
	! test -e out2 &&
	rm d/c-file
'

test_expect_success 'an empty directory is an error' '
	mkdir empty &&
	test_must_fail maint format --input empty --output o 2>err &&
	test_grep "no MAINTAINERS files" err && ! test -e o
'

test_expect_success 'a subdirectory inside is an error' '
	mkdir d/sub &&
	test_must_fail maint format --input d --output o 2>err &&
	test_grep "d/sub: error: not a regular file" err &&
	rmdir d/sub
'

test_expect_success '--check checks every file of a directory' '
	mkdir c &&
	printf "A\nM:\tx\n\nB\nM:\ty\n" >c/one &&
	printf "D\nM:\tx\n\nC\nM:\ty\n" >c/two &&
	test_expect_code 1 maint format --check --input c 2>err &&
	test_grep "c/two:1: warning: section .D. is out of order" err &&
	! grep -q "c/one" err
'

test_expect_success 'a directory is formatted in place, file by file' '
	rm -rf f && mkdir f &&
	printf "Preamble\n\nZETA\nM: z\n\nALPHA\nM: a\n" >f/one &&
	printf "MID\nM:\tm\n" >f/two &&
	cp f/two two.before && touch -d @1000000000 f/two &&
	maint format --input f &&
	printf "Preamble\n\nALPHA\nM:\ta\n\nZETA\nM:\tz\n" >expect &&
	test_cmp expect f/one &&
	test_cmp two.before f/two &&
	test "$(stat -c %Y f/two)" = 1000000000 &&
	! test -e MAINTAINERS.new && ! test -e f/one.lock &&
	test "$(ls -A f)" = "$(printf "one\ntwo")" &&
	maint format --check --input f
'

test_expect_success '--in-place on a directory: the same' '
	printf "B\nM: b\n\nA\nM: a\n" >f/two &&
	maint format --in-place --input f &&
	printf "A\nM:\ta\n\nB\nM:\tb\n" >expect &&
	test_cmp expect f/two
'

test_expect_success 'a directory: all files or none (one locked)' '
	printf "D\nM: d\n\nC\nM: c\n" >f/one &&
	printf "F\nM: f\n\nE\nM: e\n" >f/two &&
	cp f/one one.before && cp f/two two.before &&
	: >f/two.lock &&
	test_must_fail maint format --input f 2>err &&
	test_grep "f/two.lock" err &&
	test_cmp one.before f/one && test_cmp two.before f/two &&
	rm f/two.lock
'

test_expect_success 'move on a directory: the sections leave their files' '
	maint move --input f --section moved "^[CE]\$" &&
	printf "D\nM:\td\n" >expect && test_cmp expect f/one &&
	printf "F\nM:\tf\n" >expect && test_cmp expect f/two &&
	printf "C\nM:\tc\n\nE\nM:\te\n" >expect && test_cmp expect moved
'

test_expect_success 'a directory with --output is still joined into one file' '
	maint format --input f --output joined &&
	printf "D\nM:\td\n\nF\nM:\tf\n" >expect && test_cmp expect joined
'

test_done
