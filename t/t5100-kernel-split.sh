#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint split / join on the 6.12 MAINTAINERS: the round trip for every
# strategy, and the same recipients before and after the split from the
# kernel's own get_maintainer.pl (reading the directory) and from
# maint get --mpath, for a sample of files (compared as sorted lines
# without roles: for the script, which section names a shared list's
# role depends on the order sections are read in); maint get's own
# answers, roles and order included, are the same byte for byte (it
# takes sections matching at the same depth by header, not file order).
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-kernelgit.sh"

REAL=$KERNEL/MAINTAINERS

test_expect_success 'format of the real file' '
	maint format --input "$REAL" --output formatted &&
	(cd "$KERNEL" && find . -type f ! -name .maint-extracted |
		sed "s|^\./||") | shuf -n 200 --random-source=<(yes split) >sample
'

for by in dir list tree; do
	test_expect_success "split --by=$by, join: byte for byte what format writes" '
		maint split --by=$by --input "$REAL" --outdir $PWD/out-$by >table-$by &&
		test "$(find out-$by -type f | wc -l)" -gt 20 &&
		maint join out-$by >joined-$by &&
		test_cmp formatted joined-$by
	'
done

for by in dir list tree; do
	test_expect_success "split --by=$by: maint get answers byte for byte" '
		find=
		[ $by = tree ] && find=--find-maintainer-files
		(cd "$KERNEL" && maint get -f $(cat "$TRASH/sample") \
			>"$TRASH/all-file.$by" 2>&1 &&
		 maint get $find --mpath "$TRASH/out-$by" \
			-f $(cat "$TRASH/sample") >"$TRASH/all-split.$by" 2>&1) &&
		test "$(wc -l <all-file.$by)" -gt 20 &&
		test_cmp all-file.$by all-split.$by &&
		head -40 sample >sample40 &&
		while IFS= read -r f; do
			(cd "$KERNEL" && maint get --sections -f "$f" &&
			 maint get --scm --web --status -f "$f") \
				>one-file 2>&1 &&
			(cd "$KERNEL" && maint get --sections $find \
				--mpath "$TRASH/out-$by" -f "$f" &&
			 maint get --scm --web --status $find \
				--mpath "$TRASH/out-$by" -f "$f") >one-split 2>&1 &&
			test_cmp one-file one-split || exit 1
		done <sample40
	'
done

recipients() {
	sort | sed "/^$/d"
}

for by in dir list tree; do
	test_expect_success "split --by=$by: the same recipients for 200 files" '
		find=
		[ $by = tree ] && find=--find-maintainer-files
		while IFS= read -r f; do
			a=$(cd "$KERNEL" && perl scripts/get_maintainer.pl \
				--norolestats -f "$f" 2>/dev/null | recipients)
			b=$(cd "$KERNEL" && perl scripts/get_maintainer.pl \
				--norolestats $find --mpath "$TRASH/out-$by" \
				-f "$f" 2>/dev/null | recipients)
			c=$(cd "$KERNEL" && maint get --norolestats -f "$f" | recipients)
			d=$(cd "$KERNEL" && maint get --norolestats $find \
				--mpath "$TRASH/out-$by" -f "$f" | recipients)
			if [ "$a" != "$b" ] || [ "$a" != "$c" ] || [ "$c" != "$d" ]; then
				echo "differs: $f"
				exit 1
			fi
		done <sample
	'
done

test_expect_success '--series on a git copy of the 6.12 tree: git am applies it' '
	kernel_git_copy tree &&
	(cd tree && maint split --by=dir --series=../series >../series.out &&
	 git status --short >../status && git checkout -q -b split &&
	 git am -q $(ls ../series/*.patch | grep -v /0000-)) &&
	! test -s status &&
	test -d tree/MAINTAINERS &&
	test "$(ls tree/MAINTAINERS | wc -l)" -gt 20 &&
	maint join tree/MAINTAINERS >joined-series &&
	test_cmp formatted joined-series
'

test_expect_success 'after the series, get_maintainer.pl gives the same recipients' '
	head -60 sample >sample60 &&
	while IFS= read -r f; do
		a=$(cd "$KERNEL" && perl scripts/get_maintainer.pl \
			--nogit --nogit-fallback --norolestats -f "$f" \
			2>/dev/null | recipients)
		b=$(cd tree && perl scripts/get_maintainer.pl \
			--nogit --nogit-fallback --norolestats -f "$f" \
			2>/dev/null | recipients)
		c=$(cd tree && maint get --norolestats -f "$f" | recipients)
		if [ "$a" != "$b" ] || [ "$a" != "$c" ]; then
			echo "differs: $f"
			exit 1
		fi
	done <sample60
'

test_done
