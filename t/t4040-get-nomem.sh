#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get out of memory: every malloc, calloc and realloc of a query is
# made to fail in turn (t/alloc-fail.c, LD_PRELOAD).  No run may crash,
# and a run that fails must say why, never exit silently.  Issue 23
# (one allocation policy: propagated to the builtin, which reports it).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

# the sanitizers bring their own allocator
nm "$SRC_DIR/maint" 2>/dev/null | grep -q __asan_init &&
	skip_all "a sanitizer build"
SHIM=$TRASH/alloc-fail.so
${CC:-cc} -shared -fPIC -O1 -o "$SHIM" "$TEST_DIRECTORY/alloc-fail.c" \
	2>"$TRASH/shim.err" || skip_all "cannot build the allocation shim"

make_get_tree tree
cd tree || exit 1

# nomem_sweep ARGS...: maint get ARGS with each allocation failing
nomem_sweep() {
	LD_PRELOAD=$SHIM ALLOC_COUNT=$TRASH/count maint get "$@" \
		>"$TRASH/clean" 2>&1 || {
		echo "fails without a fault"
		return 1
	}
	k=$(cat "$TRASH/count") bad=0
	for n in $(seq 1 "$k"); do
		LD_PRELOAD=$SHIM ALLOC_FAIL_AT=$n maint get "$@" \
			>/dev/null 2>"$TRASH/err" && st=0 || st=$?
		if [ $st -gt 128 ] && [ $st != 255 ]; then
			echo "call $n: died with $st"; bad=1
		elif [ $st != 0 ] && ! [ -s "$TRASH/err" ]; then
			echo "call $n: exit $st, and not a word why"; bad=1
		fi
	done
	echo "$k calls"
	return $bad
}

test_expect_success 'get -f: no crash, no silent failure' '
	nomem_sweep -f drivers/net/acme/main.c
'

test_expect_success 'get PATCH: no crash, no silent failure' '
	nomem_sweep acme.patch
'

test_expect_success 'get --json: no crash, no silent failure' '
	nomem_sweep --json -f drivers/net/acme/main.c
'

test_done
