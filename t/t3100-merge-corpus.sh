#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint merge on merges built from the real changes between the 6.1 and
# 6.12 MAINTAINERS (bench/merge-corpus.pl): every result clean and equal
# to the expected file, and git merge-file shown to conflict on many.
. "$(dirname "$0")/test-lib.sh"
kernel_tree

OLD=$(MAINT_CACHE=${MAINT_CACHE:-} "$SRC_DIR/scripts/get-maintainers-file.sh" 6.1 2>/dev/null) ||
	OLD=
if [ -z "$OLD" ] || [ ! -s "$OLD" ]; then
	if [ "${MAINT_NEED_KERNEL:-0}" = 1 ]; then
		echo "1..1"
		echo "not ok 1 - the 6.1 MAINTAINERS is missing"
		exit 1
	fi
	skip_all "no 6.1 MAINTAINERS (scripts/get-maintainers-file.sh 6.1)"
fi

N=60

test_expect_success 'build the corpus' '
	maint format --order --input "$OLD" --output base &&
	maint format --order --input "$KERNEL/MAINTAINERS" --output target &&
	perl "$SRC_DIR/bench/merge-corpus.pl" base target m $N 7 >log &&
	test "$(awk "{print \$1}" log)" -gt 1000 &&
	for f in m/*; do maint format --order --in-place --input "$f" || exit 1; done
'

test_expect_success 'all changes applied: the expected file has the 6.12 content' '
	sort target >t.sorted && sort m/1.expected >e.sorted &&
	test_cmp t.sorted e.sorted
'

test_expect_success "$N merges: every maint result clean and as expected" '
	for i in $(seq $N); do
		cp m/$i.ours r &&
		maint merge base r m/$i.theirs &&
		test_cmp m/$i.expected r || { echo "merge $i"; exit 1; }
	done
'

test_expect_success 'git merge-file conflicts on many of the same merges' '
	n=0 &&
	for i in $(seq $N); do
		cp m/$i.ours g &&
		{ git merge-file -q g base m/$i.theirs || n=$((n + 1)); }
	done &&
	echo "git conflicted on $n of $N" &&
	test $n -ge $((N / 5))
'

test_done
