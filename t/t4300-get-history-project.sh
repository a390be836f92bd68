#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get on a project that is not the kernel but uses its MAINTAINERS
# format and scripts/get_maintainer.pl: MAINTAINERS files spread through
# the tree, its own .get_maintainer.conf (--notree --mpath .
# --find-maintainer-files --git --git-min-percent --git-since
# --git-max-maintainers) and .get_maintainer.ignore, a .mailmap and a
# history of 400 commits (t/make-project.sh, t/make-history.pl); compared
# byte for byte with the script run in the same tree.
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-history.sh"

P=$TRASH/proj
CMP_DIR=$TRASH/proj
. "$TEST_DIRECTORY/lib-getcmp.sh"

test_expect_success 'the project and its history (deterministic)' '
	project_history "$P" &&
	project_history again &&
	test "$(git -C "$P" rev-parse HEAD)" = "$(git -C again rev-parse HEAD)" &&
	rm -rf again &&
	test "$(git -C "$P" rev-list --count HEAD)" -gt 400 &&
	test "$(git -C "$P" rev-list --merges --count HEAD)" -gt 2 &&
	find "$P" -name MAINTAINERS | grep -c . | grep -qx 3 &&
	mkdir -p "$P/scripts" &&
	cp "$KERNEL/scripts/get_maintainer.pl" "$P/scripts/" &&
	(cd "$P" && git ls-files | grep -v MAINTAINERS) >files &&
	test "$(wc -l <files)" -gt 15
'

test_expect_success 'every file, the project'"'"'s configuration: identical' '
	: >results && compare_list files -f && check_results 15
'

for opt in "--notree" "--git-since=2022-06-01" "--nogit" "--git-max-maintainers=10 --git-min-percent=1" \
	   "--git-all-signature-types" "--norolestats" "--git-min-signatures=4" \
	   "--nomailmap" "--nogit --git-since=2023-01-01" "--git-blame"; do
	test_expect_success "every file, $opt: identical" '
		: >results && compare_list files $opt -f && check_results 15
	'
done

test_expect_success 'every file, with changed-path Bloom filters (one log per file): identical' '
	(cd "$P" && git commit-graph write --reachable --changed-paths \
		2>/dev/null) &&
	: >results &&
	(export MAINT_GET_CACHE=0 && compare_list files -f &&
	 compare_list files --git-since=2022-06-01 -f) &&
	check_results 30 &&
	rm -f "$P/.git/objects/info/commit-graph"
'

test_expect_success 'patches of the project (format-patch): identical' '
	(cd "$P" && git format-patch -q -o "$TRASH/patches" HEAD~30..HEAD) &&
	ls "$PWD"/patches/* >patchlist &&
	test "$(wc -l <patchlist)" -ge 20 &&
	: >results && compare_list patchlist && check_results 20 &&
	: >results && compare_list patchlist --nogit --git-since=2022-01-01 &&
	check_results 20
'

test_expect_success 'the ignore file is honoured (and its quirk: a comment after a name)' '
	(cd "$P" && "$MAINT" get --git-min-percent=0 --git-max-maintainers=99 \
		--git-since=2022-01-01 -f src/main.c) >out &&
	! grep -q "ci-bot@frob" out &&
	grep -q "Rita Retired" out &&
	(cd "$P" && "$GC" "$OUT" --git-min-percent=0 --git-max-maintainers=99 \
		--git-since=2022-01-01 -f src/main.c) >results &&
	check_results 1
'

test_expect_success '--find-maintainer-files --git, first call: the log read beside the walk, once' '
	f=$(grep -v -e / files | head -1) &&
	rm -rf "$P/.git/maint" &&
	(cd "$P" && GIT_TRACE="$TRASH/trace.bg" MAINT_GET_INDEX_BACKGROUND=1 \
		"$MAINT" get --verbose \
		-f "$f" >"$TRASH/bg.out" 2>"$TRASH/bg.err") &&
	test_grep "logs read beside the walk: done" bg.err &&
	test "$(grep -c "git log --no-color --follow --since" trace.bg)" = 1 &&
	# the history index built after it, as after any first call
	for i in $(seq 100); do
		ls "$P"/.git/maint/index/pack-* >/dev/null 2>&1 && break
		sleep 0.2
	done &&
	ls "$P"/.git/maint/index/pack-* >/dev/null &&
	(cd "$P" && MAINT_GET_CACHE=0 "$MAINT" get -f "$f" >"$TRASH/bg.expect") &&
	test_cmp bg.expect bg.out &&
	(cd "$P" && "$MAINT" get --verbose -f "$f" 2>"$TRASH/bg.err2") &&
	! grep -q "beside the walk" bg.err2
'

test_expect_success '--find-maintainer-files --git: a call that cannot read MAINTAINERS stops the child, waits not for it' '
	f=$(grep -v -e / files | head -1) &&
	rm -rf none && cp -a "$P" none && rm -rf none/.git/maint &&
	find none -path none/.git -prune -o -name MAINTAINERS -exec rm {} + &&
	# a walk long enough for the child to reach its git first
	mkdir -p none/many/{0..99}/{0..199} &&
	# a git whose --follow never ends (till the stop)
	mkdir -p slowgit &&
	printf "#!/bin/sh\ncase \" \$* \" in *\" --follow \"*)\n\techo started >\"%s\"\n\texec sleep 300 ;;\nesac\nexec %s \"\$@\"\n" \
		"$TRASH/slow.started" "$(command -v git)" >slowgit/git &&
	chmod +x slowgit/git &&
	(cd none && PATH="$TRASH/slowgit:$PATH" timeout 120 "$MAINT" get \
		-f "$f" >"$TRASH/none.out" 2>"$TRASH/none.err"; echo $? >"$TRASH/none.rc") &&
	test -e slow.started &&
	test "$(cat none.rc)" != 124 && test "$(cat none.rc)" != 0 &&
	test_grep "No MAINTAINER files found" none.err
'

if command -v strace >/dev/null; then
	test_expect_success '--find-maintainer-files: the walk takes what each entry is from readdir, not an lstat each' '
		(cd "$P" &&
		 find . -path ./.git -prune -o -print | wc -l >../entries &&
		 strace -f -e trace=lstat,newfstatat,fstatat64,statx,stat \
			-o ../stats "$MAINT" get --nogit --nogit-fallback \
			-f src/main.c >/dev/null) &&
		n=$(grep -c "AT_SYMLINK_NOFOLLOW\|lstat(" stats) &&
		e=$(cat entries) &&
		echo "$n lstat calls, $e entries" &&
		test "$n" -lt "$((e / 2))"
	'
else
	test_skip '--find-maintainer-files: the walk takes what each entry is from readdir, not an lstat each' 'no strace'
fi

test_done
