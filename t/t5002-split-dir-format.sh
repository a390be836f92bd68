#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The 6.12 MAINTAINERS split by directory, then formatted as a directory
# (issue #24 item 9): each file in place, the files no change touched
# left alone, the result what split wrote.
. "$(dirname "$0")/test-lib.sh"
kernel_tree

test_expect_success 'split 6.12 by directory' '
	cp "$KERNEL/MAINTAINERS" MAINTAINERS &&
	maint split --by=dir --outdir=M >/dev/null &&
	cp -r M M.split &&
	maint format --check --input M
'

test_expect_success 'format MAINTAINERS/: a canonical directory is left alone' '
	touch -d @1000000000 M/* &&
	maint format --input M &&
	diff -r M.split M &&
	! test -e MAINTAINERS.new &&
	test -z "$(find M -type f -newermt @1000000001)"
'

test_expect_success 'format MAINTAINERS/: three files put back in order' '
	for f in M/arch_arm M/drivers_net M/fs; do
		awk -v RS= -v ORS="\n\n" "{ s[NR] = \$0 } END {
			for (i = NR; i > 0; i--) print s[i] }" "$f" |
			sed "s/^S:\t/S: /" >"$f.tmp" && mv "$f.tmp" "$f" || exit 1
	done &&
	test_expect_code 1 maint format --check --input M 2>err &&
	test_grep "^M/drivers_net:" err &&
	maint format --input M &&
	diff -r M.split M &&
	test -z "$(find M -newermt @1000000001 ! -name arch_arm \
		! -name drivers_net ! -name fs -type f)"
'

test_done
