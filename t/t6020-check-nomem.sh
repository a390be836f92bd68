#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check when memory runs out (issue 23: one allocation policy,
# failures propagate): each allocation of a run on t/fixtures/check fails
# in turn (t/alloc-fail.c, LD_PRELOAD).  Every run must end as the
# clean run did (same exit status and output: the failure was handled
# where it cannot matter) or exit 2 saying it ran out of memory; none may
# crash, and none may print other findings (a failure taken for "no
# match", "bad regex" or "nothing to report").  The sweep starts where
# the checks start: the allocations before it (options, reading
# MAINTAINERS) are a run of check --only=conflict-marker.
. "$(dirname "$0")/test-lib.sh"

C=$FIXTURES/check
SHIM=$TRASH/alloc-fail.so
${CC:-cc} -shared -fPIC -O1 -o "$SHIM" "$TEST_DIRECTORY/alloc-fail.c" \
	2>"$TRASH/shim.err" || skip_all "cannot build the allocation shim"
# a sanitizer's runtime has its own malloc: the shim would bypass it
nm "$MAINT" 2>/dev/null | grep -q __asan_init &&
	skip_all "a sanitizer build (its malloc is its own)"

mkdir tree && (
	cd tree &&
	while read -r f; do
		mkdir -p "$(dirname "$f")" && echo "/* $f */" >"$f"
	done <"$C/files" &&
	cp "$C/MAINTAINERS" MAINTAINERS &&
	git init -q -b master &&
	git add -f -A &&
	git -c user.name=T -c user.email=t@example.org commit -qm tree
) || exit 1
cd tree || exit 1

# count FILE ARGS...: how many allocations maint check ARGS makes
count() {
	f=$1
	shift
	LD_PRELOAD=$SHIM ALLOC_COUNT=$f maint check "$@" >/dev/null 2>&1
	cat "$f"
}

# sweep ARGS...: check ARGS with each allocation after the first $from
# failing; prints the runs that went wrong
sweep() {
	maint check "$@" >clean.out 2>/dev/null
	crc=$?
	n=$(count ../count "$@")
	test "$n" -gt "$from" || { echo "only $n allocations"; return 1; }
	bad=0
	for i in $(seq $((from + 1)) "$n"); do
		LD_PRELOAD=$SHIM ALLOC_FAIL_AT=$i maint check "$@" >out 2>err
		rc=$?
		[ $rc = $crc ] && cmp -s out clean.out && continue
		[ $rc = 2 ] && grep -q "out of memory" err && continue
		echo "allocation $i of $n: exit $rc (clean: $crc):" \
			"$(grep -v "not a git work tree" err | head -1)"
		bad=$((bad + 1))
	done
	echo "# $n allocations, $bad runs wrong" >&2
	test $bad = 0
}

from=$(count ../count0 --only=conflict-marker)

test_expect_success 'the findings, --with=all: reported or out of memory' '
	sweep --skip=section-order,field-order,field-form,layout,odd-line,duplicate-header \
		--with=all
'

test_expect_success '--json: reported or out of memory' '
	sweep --skip=section-order,field-order,field-form,layout,odd-line,duplicate-header \
		--json
'

# format's canonical-order checks (lib/model/format-check.c)
test_expect_success 'the canonical-order findings or out of memory' '
	sweep --only=section-order,field-order,field-form,layout,odd-line,duplicate-header
'

test_expect_success '--self-test: the script lines or out of memory' '
	sweep --self-test
'

# a patch that adds a bad R: and an F: no file matches (both errors)
awk '{ print }
	/^ACME CLEAN DRIVER$/ { getline; print; print "R:\tdave at example.org" }
	/^F:\tdrivers\/acme\/$/ { print "F:\tdrivers/nothing/" }' \
	MAINTAINERS >../M.new &&
diff -u MAINTAINERS ../M.new |
	sed '1s|^--- .*|--- a/MAINTAINERS|; 2s|^+++ .*|+++ b/MAINTAINERS|' >../p.patch

test_expect_success 'check PATCH: its findings or out of memory' '
	test_expect_code 1 maint check ../p.patch >out &&
	test_grep "R: .dave at example.org. is not an e-mail" out &&
	test_grep "drivers/nothing/. matches no file" out &&
	from=$(count ../count1 --only=conflict-marker ../p.patch) &&
	sweep --skip=section-order,field-order,field-form,layout,odd-line,duplicate-header \
		../p.patch
'

# outside git the files are listed by a walk (lib/base/fileio.c list_tree)
test_expect_success 'no-file-matches outside git: findings or out of memory' '
	mkdir ../plain && cp -R . ../plain && rm -rf ../plain/.git &&
	(
		cd ../plain &&
		from=$(count ../count2 --only=conflict-marker) &&
		sweep --only=no-file-matches
	)
'

test_done
