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

test_expect_success '--in-place refuses a directory' '
	test_expect_code 255 maint format --in-place --input d 2>err &&
	test_grep "is a directory" err
'

test_done
