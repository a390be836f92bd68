#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint export when memory runs out (issue 23, item 4: one allocation
# policy, failures propagate): each malloc, calloc and realloc of an
# export of examples/MAINTAINERS fails in turn (t/alloc-fail.c,
# LD_PRELOAD).  Every run must end as the clean run did (same exit
# status, output and notes: the failure was handled where it cannot
# matter) or fail saying it ran out of memory, with no output file
# left behind; none may crash, and none may write a shorter or other
# export with exit 0 (an address the e-mail parser had no memory for
# taken for "no address").
. "$(dirname "$0")/test-lib.sh"

EX=$EXAMPLES/MAINTAINERS
SHIM=$TRASH/alloc-fail.so
${CC:-cc} -shared -fPIC -O1 -o "$SHIM" "$TEST_DIRECTORY/alloc-fail.c" \
	2>"$TRASH/shim.err" || skip_all "cannot build the allocation shim"
# a sanitizer's runtime has its own malloc: the shim would bypass it
nm "$MAINT" 2>/dev/null | grep -q __asan_init &&
	skip_all "a sanitizer build (its malloc is its own)"

# sweep ARGS...: maint export ARGS --output=O with each allocation
# failing in turn; prints the runs that went wrong
sweep() {
	rm -f O && maint export "$@" --output=O 2>clean.err && mv O clean.out ||
		{ echo "fails without a fault"; return 1; }
	LD_PRELOAD=$SHIM ALLOC_COUNT=$TRASH/count maint export "$@" \
		--output=O 2>/dev/null && rm -f O
	n=$(cat count) bad=0
	for i in $(seq 1 "$n"); do
		rm -f O
		# a death by a signal is exit 200 (maint never exits 200)
		perl -e 'system @ARGV; exit($? & 127 ? 200 : $? >> 8)' \
			env LD_PRELOAD="$SHIM" ALLOC_FAIL_AT=$i \
			"$MAINT" export "$@" --output=O 2>err && rc=0 || rc=$?
		[ $rc = 0 ] && cmp -s O clean.out && cmp -s err clean.err &&
			continue
		[ $rc != 0 ] && [ $rc != 200 ] && ! [ -e O ] &&
			grep -q "out of memory" err &&
			continue
		echo "allocation $i of $n: exit $rc: $(head -1 err)"
		[ -e O ] && diff clean.out O | head -4
		bad=$((bad + 1))
	done
	echo "# $n allocations, $bad runs wrong" >&2
	test $bad = 0
}

test_expect_success 'json: the export or out of memory' '
	sweep --input="$EX" &&
	perl "$TEST_DIRECTORY/json-to-maintainers.pl" clean.out >back \
		2>/dev/null &&
	sed "s/^\([A-Z]\):[[:space:]]*/\1:\t/; s/[[:space:]]*\$//" "$EX" >expect &&
	test_cmp expect back
'

test_expect_success 'codeowners over the tree: the export or out of memory' '
	sweep --format=codeowners --input="$EX" &&
	test_grep "@" clean.out && test -s clean.err
'

test_expect_success 'codeowners without a tree: the export or out of memory' '
	sweep --format=codeowners --input="$EX" --tree=
'

test_done
