#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint's own get options on a small git tree (issue #24 items 7 and 8):
# --all reads no history unless asked, shows progress on a terminal;
# the JSON answers never carry the script's "GitAuthor: " name;
# --unowned alone is the whole tree; --owner of nobody is an error; a
# long list is answered in parts, in order, through pipes (#23 item 2).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

make_get_tree tree
cd tree || exit 1

test_expect_success 'a git tree of one import commit' '
	git init -q -b master && git add -A &&
	git -c user.name="Ivy Import" -c user.email=ivy@import.example \
		commit -qm import &&
	maint get -f kernel/fork.c >../fork.out &&
	test_grep "^\"GitAuthor: Ivy Import\" <ivy@import.example>" ../fork.out
'

test_expect_success '--all reads no history unless asked' '
	maint get --all >../all.out &&
	test_grep "^kernel/fork.c	linux-kernel@vger.kernel.org" ../all.out &&
	! grep -q ivy@import ../all.out &&
	maint get --all --git-fallback >../allgit.out &&
	test_grep "^kernel/fork.c	\"GitAuthor: Ivy Import\" <ivy@import" \
		../allgit.out
'

test_expect_success '--json: the name without "GitAuthor: "' '
	maint get --maint-json -f kernel/fork.c >../fork.json &&
	test_grep "\"name\": \"Ivy Import\", \"address\": \"ivy@import.example\"" \
		../fork.json &&
	test_grep "\"to\": \\[\"Ivy Import <ivy@import.example>\"\\]" \
		../fork.json &&
	! grep -q GitAuthor ../fork.json
'

test_expect_success '--json: a recipient from the history keeps all its roles' '
	echo "/* a fix */" >>kernel/fork.c &&
	git -c user.name="Bob Fixer" -c user.email=bob@fix.example \
		commit -qam "fork: a fix" \
		-m "Signed-off-by: Bob Fixer <bob@fix.example>" &&
	maint get -f kernel/fork.c >../fix.out &&
	stats="commit_signer:1/2=50%,authored:1/2=50%,added_lines:1/2=50%" &&
	test_grep "^Bob Fixer <bob@fix.example> ($stats)" ../fix.out &&
	maint get --maint-json -f kernel/fork.c >../fix.json &&
	grep -A1 "\"address\": \"bob@fix.example\"" ../fix.json >../bob.json &&
	none="\"section\": null, \"status\": null}" &&
	roles="{\"role\": \"commit_signer\", $none" &&
	roles="$roles, {\"role\": \"authored\", $none" &&
	roles="$roles, {\"role\": \"added_lines\", $none" &&
	grep -qF "\"roles\": [$roles]" ../bob.json &&
	maint get --maint-json --norolestats -f kernel/fork.c >../fix2.json &&
	grep -A1 "\"address\": \"bob@fix.example\"" ../fix2.json >../bob2.json &&
	grep -qF "\"roles\": [$roles]" ../bob2.json
'

test_expect_success '--all: no progress when stderr is no terminal' '
	maint get --all 2>../quiet.err >/dev/null &&
	! test -s ../quiet.err
'

if command -v script >/dev/null; then
	test_expect_success '--all: progress on a terminal' '
		n=$(git ls-files | wc -l) &&
		script -qec "maint get --all >/dev/null" /dev/null \
			>../tty.out &&
		tr "\r" "\n" <../tty.out >../tty.lines &&
		test_grep "^maint get --all: 100% of $n files, done\.$" \
			../tty.lines
	'
else
	test_skip '--all: progress on a terminal' 'no script(1)'
fi

test_expect_success '--unowned alone: the files of the whole tree' '
	maint get --unowned </dev/null >../un.out &&
	git ls-files | while read -r f; do
		maint get --unowned -f "$f"
	done >../un.expect &&
	test_cmp ../un.expect ../un.out &&
	test_grep "^kernel/fork.c$" ../un.out
'

test_expect_success '--owner of an address no section lists: exit 1' '
	test_expect_code 1 maint get --owner=nobody@nowhere 2>../own.err \
		>../own.out &&
	test_grep "no section lists .nobody@nowhere." ../own.err &&
	! test -s ../own.out &&
	test_expect_code 1 maint get --owner=nobody@nowhere --all \
		2>../own2.err &&
	test_grep "no section lists" ../own2.err
'

# a list long enough to be answered in parts by forked children
# (gm_get_all(): over 64 KiB), the tree's files again and again: the
# answers come in the list's order, none through a file in /tmp
test_expect_success '--all of a long list: in parts, in order' '
	git ls-files >../files &&
	maint get --all - <../files >../one.out &&
	for i in $(seq 3000); do cat ../files; done >../long &&
	test $(wc -c <../long) -gt 200000 &&
	for i in $(seq 3000); do cat ../one.out; done >../long.expect &&
	maint get --all - <../long >../long.out &&
	test_cmp ../long.expect ../long.out
'

if command -v strace >/dev/null; then
	test_expect_success '--all of a long list: no file in /tmp' '
		# LeakSanitizer cannot run under ptrace (SANITIZE=1 builds)
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -e trace=open,openat,creat -o ../trace \
			maint get --all - <../long >../long2.out &&
		test_cmp ../long.expect ../long2.out &&
		! grep "\"/tmp/" ../trace
	'
else
	test_skip '--all of a long list: no file in /tmp' 'no strace'
fi

test_done
