#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check on a git copy of the 6.12 tree, against get_maintainer.pl
# --self-test run on the same tree: the same lines, byte for byte, for
# the file and (as sets: the script reads a directory in readdir order)
# for a split directory.
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-kernelgit.sh"

SCRIPT=$KERNEL/scripts/get_maintainer.pl
kernel_git_copy tree
cd tree || exit 1

test_expect_success '--self-test=sections,patterns: the script lines' '
	perl "$SCRIPT" --self-test=sections,patterns >../st.script &&
	maint check --self-test=sections,patterns >../st.maint &&
	test "$(wc -l <../st.script)" -gt 20 &&
	test_cmp ../st.script ../st.maint
'

test_expect_success '--self-test (all, offline): the same, and syntax-only links' '
	maint check --self-test >../all.maint &&
	grep -v "possible bad link\|malformed entry" ../all.maint >../all.rest &&
	test_cmp ../st.script ../all.rest &&
	perl -ne "print \"./MAINTAINERS:\$.: warning: malformed entry\t\$_\"
		if /^T:\s*(.*)/ && \$1 !~ /^(?:git|quilt|hg)\s+\S/" \
		MAINTAINERS >../malformed.expect &&
	grep "malformed entry" ../all.maint >../malformed.maint &&
	test_cmp ../malformed.expect ../malformed.maint &&
	test "$(grep -c "possible bad link" ../all.maint)" -lt 5
'

test_expect_success 'maint check: exit 0 (no error in 6.12), well-formed lines' '
	maint check >../check.out &&
	test "$(wc -l <../check.out)" -gt 100 &&
	! grep -v "^MAINTAINERS:[0-9]*: \(error\|warning\|note\): .* \[[a-z-]*\]\$" \
		../check.out
'

test_expect_success 'its self-test findings are the script lines' '
	for pair in "no-status:section without status " \
		"no-email:section without email address" \
		"no-pattern:section without file pattern" \
		"no-file-matches:no file matches"; do
		name=${pair%%:*} words=${pair#*:}
		grep "\[$name\]\$" ../check.out | cut -d: -f2 >../a &&
		grep "warning: $words	" ../st.script | cut -d: -f2 >../b &&
		test -s ../b && test_cmp ../b ../a || exit 1
	done
'

test_expect_success '--json: as many findings' '
	maint check --json >../check.json &&
	perl -MJSON::PP -e "local \$/; print scalar(@{decode_json(<STDIN>)}), qq(\n)" \
		<../check.json >../n &&
	test "$(cat ../n)" = "$(wc -l <../check.out)"
'

test_expect_success '--coverage: most of the tree, the big directories listed' '
	maint check --coverage >../cov &&
	share=$(sed -n "1s/.*(\([0-9]*\)\.[0-9]%).*/\1/p" ../cov) &&
	test "$share" -ge 80 && test "$share" -le 100 &&
	test_grep "^  drivers  *[0-9]" ../cov &&
	test_grep "^  arch  *[0-9]" ../cov &&
	test_grep "largest directories nobody covers" ../cov &&
	test "$(sed -n "1s/ files:.*//p" ../cov)" = "$(git ls-files | wc -l)"
'

# the script takes no --mpath with --self-test: MAINTAINERS is the directory
test_expect_success 'a split directory: the script lines, byte for byte' '
	maint split --by=dir --outdir=../split >/dev/null &&
	mv MAINTAINERS ../M.file && cp -r ../split MAINTAINERS &&
	perl "$SCRIPT" --self-test=sections,patterns >../split.script &&
	maint check --self-test=sections,patterns >../split.maint &&
	rm -r MAINTAINERS && mv ../M.file MAINTAINERS &&
	test "$(wc -l <../split.script)" -gt 20 &&
	test_cmp ../split.script ../split.maint
'

test_expect_success 'a split directory: the same findings as the file' '
	test_expect_code 0 maint check --mpath=../split >../split.out &&
	for c in no-status no-email no-pattern no-file-matches bad-status \
		bad-scm duplicate-pattern useless-exclude; do
		grep "\[$c\]\$" ../check.out | cut -d: -f3- |
			sed "s/line [0-9]*/line N/" | sort >../a &&
		grep "\[$c\]\$" ../split.out | cut -d: -f3- |
			sed "s/line [0-9]*/line N/" | sort >../b &&
		test_cmp ../a ../b || exit 1
	done
'

test_expect_success 'maint check PATCH on the kernel file: just the new section' '
	awk "{print} /^F:\tdrivers\/hwmon\/abituguru.c\$/ {
		print \"\"; print \"ZZZ NEW THING\"; print \"M:\tNew Person <new@example.org>\";
		print \"S:\tMaintaned\"; print \"F:\tdrivers/hwmon/nothere.c\" }" \
		MAINTAINERS >M.new && mv M.new MAINTAINERS &&
	git diff >../p.patch && git checkout -q MAINTAINERS &&
	test_expect_code 1 maint check ../p.patch >../p.out &&
	test "$(wc -l <../p.out)" = 3 &&
	test_grep "warning: section .ZZZ NEW THING. is out of order" ../p.out &&
	test_grep "error: unknown status .Maintaned." ../p.out &&
	test_grep "error: F: pattern .drivers/hwmon/nothere.c. matches no file" \
		../p.out
'

test_done
