#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint merge on real merges nobody here wrote: slices of U-Boot's
# MAINTAINERS at merge commits whose two parents both changed it
# (t/fixtures/merge-real/*: base, ours, theirs and the committed result,
# cut by t/make-merge-slices.pl; provenance in each prov file, the full
# sample in bench/merge-real.sh).  The contract: where git merge-file is
# clean maint gives its bytes; a clean result of maint is git's or the
# one committed; never a clean result that is wrong.
. "$(dirname "$0")/test-lib.sh"

REAL=$FIXTURES/merge-real

# one DIR: git and maint on a fixture; sets g (git's exit), r (maint's)
one() {
	git merge-file -p "$1/ours" "$1/base" "$1/theirs" >git.out 2>/dev/null
	g=$?
	cp "$1/ours" m.out
	maint merge "$1/base" m.out "$1/theirs" >/dev/null 2>m.err
	r=$?
}

for d in "$REAL"/*/; do
	d=${d%/}
	name=$(basename "$d")
	expect=$(cat "$d/expect")
	test_expect_success "$name: $expect ($(cut -d" " -f3 "$d/prov" | cut -c1-12))" '
		one "$d"
		case " $expect " in
		*" git "*)	# never worse than git
			test $g = 0 && test $r = 0 && test_cmp git.out m.out ;;
		esac &&
		case " $expect " in
		*" merged "*)	# clean and what the person merging committed
			test $r = 0 && test_cmp "$d/merged" m.out ;;
		*" conflict "*)	# left to the user: fewer markers than git
			test $r = 1 && test $g -ge 1 &&
			test $(grep -c "^<<<<<<<" m.out) -le \
			     $(grep -c "^<<<<<<<" git.out) ;;
		esac &&
		if test $r = 0 && ! cmp -s git.out m.out; then
			test_cmp "$d/merged" m.out
		fi
	'
done

test_expect_success 'the sample holds each kind: git clean, resolved, conflicted' '
	cat "$REAL"/*/expect | tr " " "\n" | sort | uniq -c >kinds &&
	cat kinds &&
	grep -q " git$" kinds && grep -q " merged$" kinds &&
	grep -q " conflict$" kinds
'

test_done
