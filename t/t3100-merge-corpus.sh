#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint merge on merges built from the real changes between the 6.1 and
# 6.12 MAINTAINERS (bench/merge-corpus.pl): on the raw 6.1 file as the
# kernel has it (nothing re-sorted), on the canonical file (format
# --order) and on a split directory (maint split --by=dir, merged file by
# file).  A clean result is right when every section and line sits in
# the same gap between base sections and lines as in the expected file
# and no untouched line changed a byte.  The goal: at least 95% of the
# merges git merge-file conflicts on come out clean and right, and no
# clean result is wrong.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-merge.sh"
kernel_tree
old_maintainers
NEW=$KERNEL/MAINTAINERS
CORPUS="perl $SRC_DIR/bench/merge-corpus.pl"
RUN=$SRC_DIR/bench/merge-run

# goal CHECK-OUTPUT MIN: the targets (at least MIN merges git conflicts
# on, 95% of them clean and right, no wrong clean result, git's bytes
# wherever git is clean), numbers logged
goal() {
	cat "$1" &&
	eval "$(awk '{ for (i = 1; i < NF; i += 2) print $i "=" $(i + 1) }' "$1")" &&
	test "$git_conflicts" -ge "$2" &&
	{ test "$same_as_git" = "$git_clean" ||
		{ echo "maint: not the bytes of git where git is clean"; return 1; }; } &&
	{ test "$maint_wrong" = 0 || { echo "maint: wrong clean results"; return 1; }; } &&
	{ test $((resolved * 100)) -ge $((git_conflicts * 95)) ||
		{ echo "maint resolved $resolved of $git_conflicts: under 95%"; return 1; }; }
}

test_expect_success 'the raw 6.1 file is not in canonical order (the case at hand)' '
	test_must_fail maint format --check --order --input "$OLD" >/dev/null 2>&1 &&
	grep -q "^F:  *Documentation/devicetree/bindings/mfd/canaan" "$OLD"
'

N=200
test_expect_success 'raw corpus: built from the real changes' '
	$CORPUS build "$OLD" "$NEW" raw $N 3 >log &&
	cat log &&
	test "$(awk "{print \$1}" log)" -gt 3000 &&
	grep -q " rename" log &&
	grep -v "^\s*$" raw/1.expected | sort >e.sorted &&
	grep -v "^\s*$" "$NEW" | sort >t.sorted &&
	test_cmp t.sorted e.sorted
'

test_expect_success "raw corpus: $N merges, the goal met" '
	$RUN "$MAINT" raw "$OLD" $N &&
	$CORPUS check "$OLD" raw $N -v >res &&
	goal res 60
'

test_expect_success 'raw corpus: untouched lines keep their bytes (F:<spaces>)' '
	for i in $(seq $N); do
		grep -q "^F:  *Documentation/devicetree/bindings/mfd/canaan" raw/$i.ours || continue
		grep -q "^F:  *Documentation/devicetree/bindings/mfd/canaan" raw/$i.theirs || continue
		test -e raw/$i.result || continue
		grep -q "^F:  *Documentation/devicetree/bindings/mfd/canaan" raw/$i.result ||
			{ echo "merge $i rewrote the line"; exit 1; }
		n=$((${n:-0} + 1))
	done &&
	test ${n:-0} -gt 50
'

test_expect_success 'the check catches results that moved or rewrote lines' '
	mkdir bad && cp raw/renames bad/ &&
	cat >bad.pl <<-\EOF &&
	my ($how) = @ARGV;
	local $/;
	$_ = <STDIN>;
	# an untouched line rewritten (a space for the tab)
	s/^F:\t/F: /m if $how == 1;
	# two lines of a section swapped
	s/^(F:[^\n]*\n)(F:[^\n]*\n)/$2$1/m if $how == 3;
	# a section moved to the end
	$_ .= "\n$1" if $how == 4 &&
		s/^(53C700 AND 53C700-66 SCSI DRIVER\n(?:[A-Z]:[^\n]*\n)*)\n//m;
	print;
	EOF
	for k in 1 2 3 4; do
		cp raw/1.expected bad/$k.expected &&
		perl bad.pl $k <raw/1.expected >bad/$k.result || return 1
	done &&
	maint format --order --input raw/1.expected --output bad/2.result &&
	for k in 1 2 3 4; do ! cmp -s bad/$k.result raw/1.expected || return 1; done &&
	$CORPUS check "$OLD" bad 4 -v >res &&
	cat res &&
	grep -q "maint_conflicts 0 maint_wrong 4 " res
'

N=80
test_expect_success 'canonical corpus: format --order of both, the goal met' '
	maint format --order --input "$OLD" --output cbase &&
	maint format --order --input "$NEW" --output ctarget &&
	$CORPUS build cbase ctarget canon $N 11 >log &&
	$RUN "$MAINT" canon cbase $N &&
	$CORPUS check cbase canon $N -v >res &&
	goal res 25
'

test_expect_success 'canonical corpus: results stay canonical' '
	for i in $(seq 2 $N); do
		test -e canon/$i.result || continue
		maint format --check --order --input canon/$i.expected >/dev/null 2>&1 || continue
		maint format --check --order --input canon/$i.result >/dev/null ||
			{ echo "merge $i"; exit 1; }
	done
'

N=40
test_expect_success 'split corpus: the base is maint split output' '
	rm -rf sbase starget &&
	maint split --by=dir --input cbase --outdir sbase >/dev/null &&
	maint split --by=dir --input ctarget --outdir starget >/dev/null &&
	$CORPUS build cbase ctarget split $N 5 sbase:starget >log &&
	diff -r sbase split/base
'

test_expect_success "split corpus: $N merges file by file, the goal met" '
	$RUN "$MAINT" split cbase $N >times &&
	cat times &&
	$CORPUS check cbase split $N -v >res &&
	goal res 12
'

test_done
