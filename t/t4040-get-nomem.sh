#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get out of memory: every malloc, calloc and realloc of a query is
# made to fail in turn (t/alloc-fail.c, LD_PRELOAD).  Each run must end
# as the clean run did (same exit status and output: the failure was
# handled where it cannot matter), or exit non-zero saying it ran out of
# memory; none may crash, and none may print another answer (a failure
# taken for "no match": a shorter list with exit 0).  The clean run is
# 6.12's get_maintainer.pl's answer (for --json, which 6.12 has not, the
# clean run's own, shown to name the script's addresses).  Issue 23,
# item 4 (one allocation
# policy: propagated to the builtin, which reports it).  STRIDE=S: every
# S-th allocation only, from a start that varies (MAINT_FAULT_FULL=1:
# every one all the same).
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

# nomem_sweep ARGS...: maint get ARGS with each allocation failing;
# JSON=1: no script to compare the clean run with
nomem_sweep() {
	stride=${STRIDE:-1}
	[ "${MAINT_FAULT_FULL:-0}" = 1 ] && stride=1
	LD_PRELOAD=$SHIM ALLOC_COUNT=$TRASH/count maint get "$@" \
		>"$TRASH/clean" 2>/dev/null && st=0 || st=$?
	if [ -n "${JSON:-}" ]; then
		cp "$TRASH/clean" "$TRASH/want"
		want=0
	else
		perl scripts/get_maintainer.pl "$@" >"$TRASH/want" 2>/dev/null
		want=$?
	fi
	if [ $st != $want ] || ! cmp -s "$TRASH/want" "$TRASH/clean"; then
		echo "without a fault: exit $st, the script $want"
		diff "$TRASH/want" "$TRASH/clean" | head -5
		return 1
	fi
	k=$(cat "$TRASH/count") bad=0
	for n in $(seq $((1 + RANDOM % stride)) "$stride" "$k"); do
		# a death by a signal is exit 200 (maint never exits 200)
		perl -e 'system @ARGV; exit($? & 127 ? 200 : $? >> 8)' \
			env LD_PRELOAD="$SHIM" ALLOC_FAIL_AT=$n maint get "$@" \
			>"$TRASH/out" 2>"$TRASH/err" && st=0 || st=$?
		[ $st = $want ] && cmp -s "$TRASH/out" "$TRASH/clean" &&
			continue
		[ $st != 0 ] && [ $st != 200 ] &&
			grep -q "out of memory" "$TRASH/err" && continue
		echo "allocation $n of $k: exit $st:" \
			"$(head -1 "$TRASH/err")"
		diff "$TRASH/clean" "$TRASH/out" | head -4
		bad=$((bad + 1))
	done
	echo "# $k allocations (every ${stride}th), $bad runs wrong" >&2
	test $bad = 0
}

test_expect_success 'get -f: the answer or out of memory' '
	STRIDE=2 nomem_sweep -f drivers/net/acme/main.c
'

test_expect_success 'get PATCH: the answer or out of memory' '
	STRIDE=2 nomem_sweep acme.patch
'

test_expect_success 'get --json: the answer or out of memory' '
	perl scripts/get_maintainer.pl -f drivers/net/acme/main.c >want &&
	maint get --json -f drivers/net/acme/main.c >json &&
	grep -o "[a-z.-]*@[a-z.-]*" want >addrs &&
	test $(wc -l <addrs) = 6 &&
	while read -r a; do test_grep "\"address\": \"$a\"" json || return 1
	done <addrs &&
	JSON=1 STRIDE=6 nomem_sweep --json -f drivers/net/acme/main.c
'

test_expect_success 'get --git in a git tree (the cache read back): the answer or out of memory' '
	git init -q &&
	git add -A &&
	git -c user.name=Init -c user.email=init@example.org commit -q -m init &&
	# counts 3, 2, 1: no tie the script would order by its hash seed
	for who in "Pat Author:pat@author.example" \
		"Pat Author:pat@author.example" "Pat Author:pat@author.example" \
		"Sam Signer:sam@signer.example" "Sam Signer:sam@signer.example"; do
		name=${who%%:*} mail=${who#*:} &&
		echo "int t$RANDOM;" >>drivers/net/acme/main.c &&
		git -c user.name="$name" -c user.email="$mail" commit -q -a \
			-m "acme: a change" -m "Signed-off-by: $name <$mail>" ||
		return 1
	done &&
	maint get --git -f drivers/net/acme/main.c >with-git &&
	test_grep "commit_signer" with-git &&
	STRIDE=1 nomem_sweep --git -f drivers/net/acme/main.c
'

test_done
