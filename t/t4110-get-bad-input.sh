#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get (and activity) on bad input (#26 item 6): a mail without
# headers, a binary file, an mbox of 10,000 mails, a history without
# .mailmap, a shallow clone, no git on PATH.  Where get is a drop-in, its
# standard output and exit status are get_maintainer.pl's (6.12, the
# fixture's, run here), and standard error says it in one clear line;
# --series, beyond the script, refuses bad input with one error (exit 2)
# and nothing on standard output.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

PERL=$(command -v perl)

make_get_tree tree
cd tree || exit 1

# both NAME ARGS...: maint get and the script (with PATH=$BOTH_PATH when
# set), their stdout and exit status in NAME.maint and NAME.script
# (stderr in NAME.*.err), the same
both() {
	n=$1 && shift &&
	{ env PATH="${BOTH_PATH:-$PATH}" "$MAINT" get "$@" >../$n.maint \
		2>../$n.maint.err; echo "exit $?" >>../$n.maint; } &&
	{ env PATH="${BOTH_PATH:-$PATH}" "$PERL" scripts/get_maintainer.pl \
		"$@" >../$n.script 2>../$n.script.err
	  echo "exit $?" >>../$n.script; } &&
	test_cmp ../$n.script ../$n.maint
}

test_expect_success 'setup: a history without .mailmap' '
	rm .mailmap &&
	mkdir -p arch fs init ipc lib &&
	for d in arch fs init ipc lib; do : >$d/.keep; done &&
	git init -q &&
	git add -A &&
	git -c user.name=Init -c user.email=init@example.org commit -q -m init &&
	for i in 1 2 3; do
		echo "int t$i;" >>drivers/gpu/tegra/tegra_drm.c &&
		git -c user.name="Pat Author" -c user.email=pat@author.example \
			commit -q -a -m "tegra $i" \
			-m "Signed-off-by: Pat Author <pat@author.example>" ||
		return 1
	done &&
	git format-patch -q -o ../p HEAD~1 &&
	test ! -e .mailmap
'

test_expect_success 'a mail without headers: the script'"'"'s answer, one line on stderr' '
	printf "hello\nno headers, no diff here\n" >../nohdr &&
	both nohdr ../nohdr &&
	echo "exit 0" >../expect && test_cmp ../expect ../nohdr.maint &&
	echo "maint get: file '"'"'../nohdr'"'"' doesn'"'"'t appear to be a patch.  Add -f to options?" >../expect &&
	test_cmp ../expect ../nohdr.maint.err &&
	test_expect_code 2 maint get --series ../nohdr >../out 2>../err &&
	! test -s ../out &&
	test_grep "no mail of the series changes a file" ../err &&
	test "$(wc -l <../err)" = 1
'

test_expect_success 'a binary file: the script'"'"'s answer, one line where the script warns for every byte' '
	head -c 4096 "$PERL" >../bin &&
	both bin ../bin &&
	test "$(wc -l <../bin.maint.err)" = 1 &&
	test_grep "doesn.t appear to be a patch" ../bin.maint.err &&
	test_expect_code 2 maint get --series ../bin >../out 2>../err &&
	! test -s ../out &&
	echo "maint get: ../bin: not a patch: a binary file (NUL bytes)" >../expect &&
	test_cmp ../expect ../err
'

test_expect_success 'an mbox of 10,000 mails: the script'"'"'s answer; --series in linear time' '
	for f in drivers/net/acme/main.c drivers/gpu/tegra/tegra_drm.c \
		 kernel/fork.c drivers/net/other/other.c; do
		echo $f
	done >../files &&
	awk "
		{ f[n++] = \$0 }
		END {
			for (i = 0; i < 10000; i++) {
				p = f[i % n]
				print \"From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\"
				print \"From: A <a@example.org>\"
				print \"Subject: [PATCH \" i + 1 \"/10000] change\"
				print \"\"
				print \"---\"
				print \"diff --git a/\" p \" b/\" p
				print \"--- a/\" p
				print \"+++ b/\" p
				print \"@@ -1 +1,2 @@\"
				print \" int x;\"
				print \"+int y\" i \";\"
				print \"\"
			}
		}" ../files >../big.mbox &&
	test "$(grep -c "^From 0" ../big.mbox)" = 10000 &&
	both big --nogit-fallback ../big.mbox &&
	TIMEFORMAT=%U &&
	{ time maint get --series --nogit-fallback ../big.mbox >../lines; } 2>../cpu &&
	test "$(wc -l <../lines)" = 10001 &&
	test "$(cut -f1 ../lines | sort -u | wc -l)" = 10001 &&
	maint get --nogit-fallback --nomultiline ../big.mbox >../union &&
	sed -n "1s/^[^	]*	//p" ../lines >../first &&
	test_cmp ../union ../first &&
	# a few milliseconds a mail; quadratic would be minutes
	awk "{ exit !(\$1 < 20) }" ../cpu
'

test_expect_success 'a history without .mailmap: the script'"'"'s answer; activity reports' '
	both nomailmap --git -f drivers/gpu/tegra/tegra_drm.c &&
	test_grep "Pat Author" ../nomailmap.maint &&
	! test -s ../nomailmap.maint.err &&
	maint activity --as-of=2026-01-01 >../act 2>../act.err &&
	! test -s ../act.err &&
	test_grep "^TEGRA THINGS" ../act
'

test_expect_success 'a shallow clone: the script'"'"'s answer, and a note that it may be partial' '
	git clone -q --depth=1 "file://$PWD" ../shallow &&
	mkdir -p ../shallow/arch ../shallow/fs ../shallow/init ../shallow/ipc \
		../shallow/lib &&
	(cd ../shallow &&
	 MAINT_GET_CACHE=0 "$MAINT" get -f drivers/gpu/tegra/tegra_drm.c >../sh.maint 2>../sh.err &&
	 "$PERL" scripts/get_maintainer.pl -f drivers/gpu/tegra/tegra_drm.c >../sh.script 2>/dev/null &&
	 "$MAINT" get --nogit-fallback -f drivers/gpu/tegra/tegra_drm.c >/dev/null 2>../sh.quiet.err) &&
	test_cmp ../sh.script ../sh.maint &&
	echo "maint get: a shallow clone: the git history is cut at the clone'"'"'s depth, so the answer'"'"'s git signers may be partial" >../expect &&
	test_cmp ../expect ../sh.err &&
	! test -s ../sh.quiet.err
'

test_expect_success 'no git on PATH: the script'"'"'s answer (no history), and a note' '
	mkdir ../nogit-bin &&
	ln -s "$PERL" ../nogit-bin/perl &&
	BOTH_PATH=$TRASH/nogit-bin both nogit -f drivers/gpu/tegra/tegra_drm.c &&
	! grep -q "Pat Author" ../nogit.maint &&
	echo "maint get: git is not on PATH: answered without the git history" >../expect &&
	test_cmp ../expect ../nogit.maint.err &&
	env PATH="$TRASH/nogit-bin" "$MAINT" get --nogit-fallback -f drivers/gpu/tegra/tegra_drm.c \
		>/dev/null 2>../quiet.err &&
	! test -s ../quiet.err &&
	test_expect_code 2 env PATH="$TRASH/nogit-bin" "$MAINT" get --series \
		HEAD~2.. >../out 2>../err &&
	! test -s ../out &&
	test_grep "git could not run to read it as a revision range (is git installed?)" ../err &&
	test_expect_code 2 env PATH="$TRASH/nogit-bin" "$MAINT" activity \
		>../out 2>../err &&
	! test -s ../out &&
	test_grep "no git history here (git missing" ../err
'

test_done
