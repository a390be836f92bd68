#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Allocation failures (lib/base/base.h: propagated, never ignored): every
# malloc, calloc and realloc of a command is made to fail in turn
# (t/alloc-fail.c, LD_PRELOAD).  After each run the command either
# succeeded and wrote what a clean run writes, or failed, said why and
# left the files as they were; none may crash.  Issue 23, item 4.
# make faults: every allocation of every command (MAINT_FAULT_FULL=1).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-fault.sh"

ASHIM=$TRASH/alloc-fail.so
${CC:-cc} -shared -fPIC -O1 -o "$ASHIM" "$TEST_DIRECTORY/alloc-fail.c" \
	2>"$TRASH/shim.err" || skip_all "cannot build the allocation shim"
# a sanitizer build has its own allocator: nothing to replace
case "${SANITIZE:-}" in ?*) skip_all "sanitizer build" ;; esac

# alloc_sweep NAME SETUP CMD...: as lib-fault.sh's sweep, for
# allocations; ALLOC_OK=N: the clean run exits N (default 0);
# STRIDE=S: every S-th allocation only, from a start that varies
# (MAINT_FAULT_FULL=1: every one all the same)
alloc_sweep() {
	name=$1 setup=$2 ok=${ALLOC_OK:-0} stride=${STRIDE:-1}
	shift 2
	rm -rf w && $setup && snapshot w >before &&
	{ (cd w && LD_PRELOAD=$ASHIM ALLOC_COUNT=$TRASH/count "$@" \
		>/dev/null 2>"$TRASH/err") && st=0 || st=$?; } &&
	if [ $st != "$ok" ]; then
		echo "$name: exit $st without a fault:"; cat err; return 1
	fi
	snapshot w >after
	k=$(cat count) bad=0
	[ "${MAINT_FAULT_FULL:-0}" = 1 ] && stride=1
	for n in $(seq $((1 + RANDOM % stride)) "$stride" "$k"); do
		rm -rf w && $setup
		# a death by a signal is exit 200 (maint never exits 200)
		(cd w && perl -e 'system @ARGV; exit($? & 127 ? 200 : $? >> 8)' \
			env LD_PRELOAD="$ASHIM" ALLOC_FAIL_AT=$n "$@" \
			>/dev/null 2>"$TRASH/err") && st=0 || st=$?
		snapshot w >now
		what=
		if [ $st = "$ok" ]; then
			cmp -s after now || what="exit $st, not the new state"
		elif [ $st = 200 ]; then
			what="died"
		elif ! cmp -s before now; then
			what="exit $st, yet changed"
		elif ! [ -s err ]; then
			what="exit $st without a word"
		fi
		if [ -n "$what" ]; then
			echo "$name: allocation $n: $what"
			sed -e 's/^/    stderr: /' err | head -5
			diff before now | head -10
			bad=1
		fi
	done
	echo "$name: $k allocations swept"
	return $bad
}

test_expect_success 'format --in-place' '
	alloc_sweep format setup_file maint format --in-place
'

test_expect_success 'move --in-place' '
	STRIDE=3 alloc_sweep move setup_file maint move --in-place --section=S \
		"^OPEN FIRMWARE"
'

# a lower-case header: its place depends on the case-folded comparison
test_expect_success 'add' '
	alloc_sweep add setup_file maint add "abc driver" \
		"M: A B <a@b.c>" "F: drivers/abc/"
'

test_expect_success 'format --order to another file' '
	STRIDE=3 alloc_sweep order setup_file maint format --order --output=O
'

test_expect_success 'move to two new files' '
	STRIDE=3 alloc_sweep move2 setup_file maint move --output=O --section=S \
		"^OPEN FIRMWARE"
'

test_expect_success 'merge' '
	STRIDE=3 alloc_sweep merge setup_merge maint merge base ours theirs
'

# both sides change one line differently: a conflict (exit 1) written
setup_conflict() {
	setup_merge &&
	sed -e "s/^S:\tMaintained/S:\tSupported/" "$M" >w/theirs
}

test_expect_success 'merge with a conflict' '
	ALLOC_OK=1 STRIDE=16 alloc_sweep conflict setup_conflict \
		maint merge base ours theirs
'

test_expect_success 'split' '
	alloc_sweep split setup_file maint split --by=dir --min=1 --outdir=D
'

test_expect_success 'split --rules' '
	printf "of ^OPEN FIRMWARE\nnet ^NETWORKING\n" >rules &&
	alloc_sweep split-rules setup_file maint split --rules="$TRASH/rules" \
		--outdir=D
'

test_expect_success 'join' '
	alloc_sweep join setup_split maint join --output=J D
'

setup_activity() {
	setup_file && (cd w && git init -q && git config user.name "A B" &&
		git config user.email a@b.c && mkdir -p drivers/abc &&
		echo x >drivers/abc/x.c && git add -A &&
		GIT_AUTHOR_DATE="2025-01-01T00:00:00Z" \
		GIT_COMMITTER_DATE="2025-01-01T00:00:00Z" git commit -qm one)
}

# activity: no crash at any failed allocation (what it prints when the
# e-mail parser's regexes fail is lib/model/email.c's: not swept yet)
test_expect_success 'activity: never dies' '
	rm -rf w && setup_activity &&
	(cd w && LD_PRELOAD=$ASHIM ALLOC_COUNT=$TRASH/count maint activity \
		--as-of=2025-06-01 --output=A) &&
	for n in $(seq 1 "$(cat count)"); do
		rm -rf w/.git/maint w/A &&
		(cd w && perl -e "system @ARGV; exit(\$? & 127 ? 200 : \$? >> 8)" \
			env LD_PRELOAD="$ASHIM" ALLOC_FAIL_AT=$n maint activity \
			--as-of=2025-06-01 --output=A >/dev/null 2>&1) && st=0 || st=$?
		test $st != 200 || { echo "activity: allocation $n: died"; return 1; }
	done
'

test_done
