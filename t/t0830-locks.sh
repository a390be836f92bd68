#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# In-place edits under a git-style lock (FILE.lock, O_EXCL, held from the
# read to the rename), the file checked unchanged before the rename; an
# output that is also an input refused; merge --install never writes
# through a symbolic link.  Issue 21, items 3 and 4, defects 4, 5 and 8.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-fault.sh"

build_shim
M=$EXAMPLES/MAINTAINERS

# regexes matching one section each
first='^OPEN FIRMWARE'
second='^AMD KFD'

test_expect_success 'setup' '
	cp "$M" orig && test -n "$first" &&
	maint move --input orig --output kept --section moved "$first" &&
	test -s kept && test -s moved
'

test_expect_success 'move --in-place --section=INPUT: refused, input intact' '
	cp orig X &&
	test_must_fail maint move --in-place --input=X --section=X \
		"$first" 2>err &&
	test_grep "is the input" err &&
	test_cmp orig X
'

test_expect_success '--output=Y --section=./Y: refused, nothing written' '
	cp orig X &&
	test_must_fail maint move --input=X --output=Y --section=./Y \
		"$first" 2>err &&
	test_grep "same file" err &&
	test ! -e Y && test_cmp orig X
'

test_expect_success 'section file the input through a link, a hard link, ..' '
	cp orig X && mkdir -p sub && ln -sf ../X sub/link && ln -f X hard &&
	for s in sub/link hard sub/../X ./X; do
		test_must_fail maint move --in-place --input=X --section=$s \
			"$first" 2>err || exit 1
		test_grep "is the input" err || exit 1
		test_cmp orig X || exit 1
	done
'

test_expect_success 'an output inside the input directory: refused' '
	rm -rf dir && mkdir dir && cp orig dir/MAINTAINERS &&
	test_must_fail maint format --input=dir --output=dir/new 2>err &&
	test_grep "inside the input directory" err &&
	test ! -e dir/new &&
	test_must_fail maint move --input=dir --output=out \
		--section=dir/MAINTAINERS "$first" 2>err &&
	test_cmp orig dir/MAINTAINERS
'

test_expect_success '--output=INPUT: done right (as --in-place)' '
	cp orig X &&
	maint move --input=X --output=X --section=S "$first" &&
	test_cmp kept X && test_cmp moved S && test ! -e X.lock
'

test_expect_success 'a held lock: the second writer fails at once, naming it' '
	cp orig X && : >X.lock &&
	test_must_fail maint move --in-place --input=X "$first" 2>err &&
	test_grep "X.lock" err && test_grep "remove the lock file" err &&
	test_cmp orig X && test -e X.lock &&
	test_must_fail maint format --in-place --input=X 2>err &&
	test_grep "X.lock" err && test_cmp orig X && rm X.lock
'

test_expect_success 'the lock is removed on success and on failure' '
	cp orig X &&
	maint format --in-place --input=X && test ! -e X.lock &&
	printf "A\nM:\tx\n\nA\nM:\ty\n" >Z &&
	test_must_fail maint format --in-place --input=Z 2>/dev/null &&
	test ! -e Z.lock && ls -a >list && ! grep "maint-" list
'

# run maint paused before its first fsync (the output written); wait for it to get there
start_paused() {
	rm -f paused
	LD_PRELOAD=$SHIM FAULT_PAUSE=$TRASH/paused "$@" 2>first.err &
	pid=$!
	for i in $(seq 200); do
		test -e paused && return 0
		sleep 0.05
	done
	echo "never paused"
	return 1
}

test_expect_success 'two move --in-place at once: no lost update' '
	cp orig X &&
	start_paused maint move --in-place --input=X --section=S1 \
		"$first" &&
	test_must_fail maint move --in-place --input=X --section=S2 \
		"$second" 2>err &&
	test_grep "X.lock" err &&
	rm paused && wait $pid &&
	test_cmp kept X && test_cmp moved S1 && test ! -e S2 &&
	test ! -e X.lock
'

test_expect_success 'the file changed since it was read: not overwritten' '
	cp orig X &&
	start_paused maint format --in-place --input=X &&
	echo "# an edit made meanwhile" >>X && cp X edited &&
	rm paused && { wait $pid && st=0 || st=$?; } &&
	test $st != 0 &&
	test_grep "changed since it was read" first.err &&
	test_cmp edited X && test ! -e X.lock
'

test_expect_success 'format --in-place: a link out of the tree is not followed' '
	rm -rf tree elsewhere && mkdir -p tree/.git tree/sub elsewhere &&
	cp orig elsewhere/MAINTAINERS && cp orig tree/real &&
	ln -s ../elsewhere/MAINTAINERS tree/MAINTAINERS &&
	ln -s ../real tree/sub/M &&
	(cd tree && test_must_fail maint format --in-place --order \
		2>../err) &&
	test_grep "symbolic link out of its tree" err &&
	test_cmp orig elsewhere/MAINTAINERS &&
	(cd tree/sub && test_must_fail maint move --input=M \
		--output=../MAINTAINERS --section=S "$first" 2>../../err) &&
	test_grep "symbolic link out of its tree" err &&
	test_cmp orig elsewhere/MAINTAINERS &&
	(cd tree/sub && maint format --in-place --order --input=M) &&
	test -L tree/sub/M && test ! -e tree/real.lock
'

make_git() {
	rm -rf repo outside && mkdir outside && (
		git init -q repo && cd repo && git config user.name T &&
		git config user.email t@example.org
	)
}

test_expect_success 'merge --install --attributes: .gitattributes a link' '
	make_git && echo "* text" >outside/attrs && cp outside/attrs expect &&
	ln -s ../outside/attrs repo/.gitattributes &&
	(cd repo && test_must_fail maint merge --install --attributes \
		>/dev/null 2>../err) &&
	test_grep "symbolic link" err && test_cmp expect outside/attrs
'

test_expect_success 'merge --install: .git/info/attributes a link' '
	make_git && : >outside/attrs && mkdir -p repo/.git/info &&
	ln -s ../../../outside/attrs repo/.git/info/attributes &&
	(cd repo && test_must_fail maint merge --install >/dev/null 2>../err) &&
	test_grep "symbolic link" err && test ! -s outside/attrs
'

test_expect_success 'merge --install: .git/config a link' '
	make_git && mv repo/.git/config outside/config &&
	cp outside/config expect &&
	ln -s ../../outside/config repo/.git/config &&
	(cd repo && test_must_fail maint merge --install >/dev/null 2>../err) &&
	test_grep "symbolic link" err && test_cmp expect outside/config
'

test_expect_success 'merge --install: a held lock on the attributes' '
	make_git && : >repo/.gitattributes.lock &&
	(cd repo && test_must_fail maint merge --install --attributes \
		>/dev/null 2>../err) &&
	test_grep ".gitattributes.lock" err && test ! -s repo/.gitattributes &&
	rm repo/.gitattributes.lock &&
	(cd repo && maint merge --install --attributes >/dev/null) &&
	test_grep "MAINTAINERS merge=maintainers" repo/.gitattributes &&
	test ! -e repo/.gitattributes.lock
'

test_done
