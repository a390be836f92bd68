#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get with its history index (.git/maint/index, built with
# --history-index or in the background): the same answers as without it
# (MAINT_GET_CACHE=0) and as the 6.12 script, on the project of
# t/lib-history.sh (400 commits, merges, renames) for every history
# option set, after new commits (only they are read), after a branch
# switch and a rebase, with a damaged or truncated index file, with two
# runs at once; and on the real U-Boot slice of t4400.  The background
# build (off in the other tests: MAINT_GET_INDEX_BACKGROUND=0 in
# test-lib.sh) is tested here.  That the index
# answered is seen in GIT_TRACE: no git walk (rev-list, log --no-walk)
# was run.
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-history.sh"

P=$TRASH/proj
CMP_DIR=$TRASH/proj
. "$TEST_DIRECTORY/lib-getcmp.sh"
export GIT_AUTHOR_NAME="Ann Acme" GIT_AUTHOR_EMAIL=ann@acme.example
export GIT_COMMITTER_NAME="Ann Acme" GIT_COMMITTER_EMAIL=ann@acme.example

# walks TRACE: how many git walks maint ran (0: the index answered)
walks() {
	# no file: no git process at all (a --since git need not read)
	test -e "$1" || { echo 0; return; }
	grep -c -e "git rev-list" -e "no-walk=unsorted" "$1" || true
}

# same_as_without LIST ARGS...: maint with the index (no git walk) and
# without it (MAINT_GET_CACHE=0) print the same for each file of LIST
same_as_without() {
	list=$1
	shift
	: >"$TRASH/trace"
	while IFS= read -r f; do
		(cd "$P" && GIT_TRACE="$TRASH/trace" "$MAINT" get "$@" -f "$f" \
			>"$TRASH/with" 2>&1; echo "exit $?" >>"$TRASH/with"
		 MAINT_GET_CACHE=0 "$MAINT" get "$@" -f "$f" \
			>"$TRASH/without" 2>&1; echo "exit $?" >>"$TRASH/without") &&
		cmp "$TRASH/with" "$TRASH/without" || {
			echo "differs: $* -f $f"
			diff "$TRASH/without" "$TRASH/with" | head -10
			return 1
		}
	done <"$TRASH/$list"
	test "$(walks "$TRASH/trace")" = 0 || {
		echo "a git walk ran: the index did not answer"
		grep -e rev-list -e no-walk "$TRASH/trace" | head -3
		return 1
	}
}

# pack_records: the commits of the newest index file
newest_records() {
	f=$(ls -t "$P"/.git/maint/index/pack-* | head -1) &&
	tr -cd '\000' <"$f" | wc -c
}

commit_at() {
	GIT_COMMITTER_DATE="$1" git commit -q --date="$1" "${@:2}"
}

test_expect_success 'the project and its history; the index built' '
	project_history "$P" &&
	mkdir -p "$P/scripts" &&
	cp "$KERNEL/scripts/get_maintainer.pl" "$P/scripts/" &&
	(cd "$P" && git ls-files | grep -v MAINTAINERS) >files &&
	test "$(wc -l <files)" -gt 15 &&
	head -8 files >small &&
	(cd "$P" && "$MAINT" get --history-index --git-since=2021-01-01 \
		</dev/null >"$TRASH/alone.out") &&
	test ! -s alone.out &&
	ls "$P"/.git/maint/index/pack-* >packs &&
	test "$(wc -l <packs)" = 1 &&
	test "$(newest_records)" -gt 400
'

test_expect_success 'every file, the project'"'"'s configuration: as the script, from the index' '
	: >results && GIT_TRACE=$TRASH/trace0 compare_list files -f &&
	check_results 15 &&
	test "$(walks trace0)" = 0 &&
	same_as_without files
'

for opt in "--notree" "--git-since=2022-06-01" "--git-since=2021-01-01" \
	   "--git-max-maintainers=10 --git-min-percent=1" \
	   "--git-all-signature-types" "--norolestats" "--roles" \
	   "--git-min-signatures=4" "--nomailmap" "--nogit" \
	   "--git-chief-penguins --noremove-duplicates"; do
	test_expect_success "every file, $opt: as the script and as without the index" '
		: >results && compare_list files $opt -f && check_results 15 &&
		same_as_without small $opt
	'
done

test_expect_success 'a patch of several files: as the script' '
	(cd "$P" && git format-patch -q -o "$TRASH/patches" HEAD~6..HEAD) &&
	ls "$PWD"/patches/* >patchlist &&
	: >results && GIT_TRACE=$TRASH/trace1 compare_list patchlist &&
	check_results 5 && test "$(walks trace1)" = 0
'

test_expect_success 'new commits (a change, a rename, a new file): only they are read' '
	cd "$P" &&
	f=$(sed -n 2p "$TRASH/files") &&
	echo "/* one more */" >>"$f" && git add "$f" &&
	commit_at 2024-12-01T00:00:00Z -m "change one" \
		-m "Signed-off-by: Bob Builder <bob@build.example>" &&
	g=$(sed -n 3p "$TRASH/files") &&
	git mv "$g" "$g.moved" &&
	commit_at 2024-12-02T00:00:00Z -m "move one" \
		-m "Reviewed-by: Cy Reviewer <cy@rev.example>" &&
	cp "$(sed -n 4p "$TRASH/files")" new-copy.c && git add new-copy.c &&
	commit_at 2024-12-03T00:00:00Z -m "copy one" \
		-m "Signed-off-by: Dee Dev <dee@dev.example>" &&
	GIT_TRACE=$TRASH/trace2 "$MAINT" get --history-index \
		--git-since=2021-01-01 </dev/null &&
	test "$(newest_records)" = 3 &&
	test "$(ls .git/maint/index/pack-* | wc -l)" = 2 &&
	grep "git log" "$TRASH/trace2" | grep -q -- --stdin &&
	(git ls-files | grep -v MAINTAINERS) >"$TRASH/files" &&
	cd "$TRASH" && : >results && compare_list files -f &&
	check_results 15 && same_as_without files --git-since=2021-01-01
'

test_expect_success 'a query after new commits reads only them itself (no walk)' '
	cd "$P" &&
	f=$(sed -n 6p "$TRASH/files") &&
	echo "/* two more */" >>"$f" && git add "$f" &&
	commit_at 2024-12-04T00:00:00Z -m "change two" \
		-m "Signed-off-by: Bob Builder <bob@build.example>" &&
	echo "/* three more */" >>"$f" && git add "$f" &&
	commit_at 2024-12-04T01:00:00Z -m "change three" \
		-m "Signed-off-by: Bob Builder <bob@build.example>" &&
	GIT_TRACE=$TRASH/trace4 "$MAINT" get --git-since=2021-01-01 -f "$f" \
		>"$TRASH/q.out" &&
	test "$(walks "$TRASH/trace4")" = 0 &&
	test "$(newest_records)" = 2 &&
	MAINT_GET_CACHE=0 "$MAINT" get --git-since=2021-01-01 -f "$f" \
		>"$TRASH/q.expect" &&
	test_cmp "$TRASH/q.expect" "$TRASH/q.out" &&
	cd "$TRASH" && : >results && compare_list files -f &&
	check_results 15
'

test_expect_success 'another branch, then back: as the script' '
	cd "$P" &&
	git checkout -q -b side HEAD~8 &&
	f=$(sed -n 5p "$TRASH/files") &&
	echo "/* side */" >>"$f" && git add "$f" &&
	commit_at 2024-11-15T00:00:00Z -m "side change" \
		-m "Signed-off-by: Eve Side <eve@side.example>" &&
	"$MAINT" get --history-index --git-since=2021-01-01 </dev/null &&
	test "$(newest_records)" = 1 &&
	(git ls-files | grep -v MAINTAINERS) >"$TRASH/sidefiles" &&
	cd "$TRASH" && : >results && compare_list sidefiles -f &&
	check_results 15 && same_as_without sidefiles --git-since=2021-01-01 &&
	git -C "$P" checkout -q master &&
	: >results && compare_list files -f && check_results 15 &&
	same_as_without files --git-since=2021-01-01
'

test_expect_success 'a rebase (new ids for old changes): as the script' '
	cd "$P" &&
	git checkout -q side &&
	GIT_COMMITTER_DATE=2024-12-05T00:00:00Z git rebase -q master &&
	"$MAINT" get --history-index --git-since=2021-01-01 </dev/null &&
	test "$(newest_records)" = 1 &&
	cd "$TRASH" && : >results && compare_list sidefiles -f &&
	check_results 15 && same_as_without sidefiles --git-since=2021-01-01 &&
	git -C "$P" checkout -q master
'

test_expect_success 'an older --git-since than the index holds: read as without it, then added' '
	cd "$P" &&
	rm -rf .git/maint &&
	"$MAINT" get --history-index --git-since=2024-06-01 </dev/null &&
	GIT_TRACE=$TRASH/trace3 "$MAINT" get --git-since=2022-01-01 \
		-f "$(head -1 "$TRASH/files")" >/dev/null &&
	# a walk: for one file without a graph, the script command (--follow)
	grep -q -e "git rev-list" -e "no-walk=unsorted" \
		-e "git log --no-color --follow --since" "$TRASH/trace3" &&
	"$MAINT" get --history-index --git-since=2022-01-01 </dev/null &&
	cd "$TRASH" && same_as_without small --git-since=2022-01-01
'

test_expect_success 'a window after the last commit: the index holds HEAD past it, no walk' '
	cd "$P" && rm -rf .git/maint &&
	"$MAINT" get --history-index --git-since=2030-01-01 </dev/null &&
	test "$(newest_records)" = 1 &&
	GIT_TRACE=$TRASH/trace5 "$MAINT" get --git-since=2030-01-01 \
		-f "$(head -1 "$TRASH/files")" >"$TRASH/future.out" &&
	test "$(walks "$TRASH/trace5")" = 0 &&
	MAINT_GET_CACHE=0 "$MAINT" get --git-since=2030-01-01 \
		-f "$(head -1 "$TRASH/files")" >"$TRASH/future.expect" &&
	test_cmp "$TRASH/future.expect" "$TRASH/future.out"
'

test_expect_success 'a truncated, a changed and an empty index file: discarded, same answers' '
	cd "$P" && rm -rf .git/maint &&
	"$MAINT" get --history-index --git-since=2021-01-01 </dev/null &&
	p=$(ls .git/maint/index/pack-*) &&
	truncate -s -100 "$p" && rm -rf .git/maint/history &&
	"$MAINT" get --verbose -f "$(head -1 "$TRASH/files")" \
		>"$TRASH/v.out" 2>"$TRASH/v.err" &&
	test_grep "history index file .*: truncated, discarded" "$TRASH/v.err" &&
	test ! -e "$p" &&
	"$MAINT" get --history-index --git-since=2021-01-01 </dev/null &&
	p=$(ls .git/maint/index/pack-*) &&
	printf "X" | dd of="$p" bs=1 seek=5000 conv=notrunc 2>/dev/null &&
	rm -rf .git/maint/history &&
	"$MAINT" get --verbose -f "$(head -1 "$TRASH/files")" \
		2>"$TRASH/v.err" >/dev/null &&
	test_grep "wrong checksum, discarded" "$TRASH/v.err" &&
	: >.git/maint/index/pack-0000000000000000 &&
	"$MAINT" get --history-index --git-since=2021-01-01 </dev/null &&
	cd "$TRASH" && : >results && compare_list files -f &&
	check_results 15 && same_as_without files --git-since=2021-01-01
'

test_expect_success 'a link or another kind of file at .git/maint/index: refused, same answers' '
	cd "$P" && rm -rf .git/maint && mkdir -p .git/maint "$TRASH/elsewhere" &&
	ln -s "$TRASH/elsewhere" .git/maint/index &&
	test_expect_code 2 "$MAINT" get --history-index --git-since=2021-01-01 \
		</dev/null 2>"$TRASH/link.err" &&
	test_grep "index is a symbolic link" "$TRASH/link.err" &&
	test -z "$(ls "$TRASH/elsewhere")" &&
	cd "$TRASH" && : >results && compare_list small -f && check_results 8 &&
	test -z "$(ls "$TRASH/elsewhere")" && rm "$P/.git/maint/index"
'

test_expect_success 'two runs at once, a lock of a run that is gone, a lock held: one index, same answers' '
	cd "$P" && rm -rf .git/maint &&
	{ "$MAINT" get --history-index --git-since=2021-01-01 </dev/null 2>"$TRASH/r1" &
	  "$MAINT" get --history-index --git-since=2021-01-01 </dev/null 2>"$TRASH/r2" &
	  wait; } &&
	test ! -e .git/maint/index/lock &&
	"$MAINT" get --verbose -f "$(head -1 "$TRASH/files")" 2>"$TRASH/v.err" >/dev/null &&
	! grep -q discarded "$TRASH/v.err" &&
	echo 999999999 >.git/maint/index/lock &&
	"$MAINT" get --history-index --git-since=2021-01-01 </dev/null &&
	test ! -e .git/maint/index/lock &&
	{ sleep 2 & } && echo $! >.git/maint/index/lock &&
	git commit -q --allow-empty -m empty &&
	"$MAINT" get --history-index --git-since=2021-01-01 </dev/null &&
	test ! -e .git/maint/index/lock && test "$(newest_records)" = 1 &&
	cd "$TRASH" && : >results && compare_list files -f &&
	check_results 15 && same_as_without files --git-since=2021-01-01
'

test_expect_success 'in the background: a call that finds no index answers as before, then builds it' '
	cd "$P" && rm -rf .git/maint &&
	f=$(head -1 "$TRASH/files") &&
	MAINT_GET_INDEX_BACKGROUND=1 "$MAINT" get --git-since=2021-01-01 \
		-f "$f" >"$TRASH/bg.out" &&
	MAINT_GET_CACHE=0 "$MAINT" get --git-since=2021-01-01 -f "$f" >"$TRASH/bg.expect" &&
	test_cmp "$TRASH/bg.expect" "$TRASH/bg.out" &&
	for i in $(seq 100); do
		ls .git/maint/index/pack-* >/dev/null 2>&1 &&
			test ! -e .git/maint/index/lock && break
		sleep 0.2
	done &&
	ls .git/maint/index/pack-* >/dev/null &&
	cd "$TRASH" && same_as_without small --git-since=2021-01-01
'

test_expect_success 'maint.historyIndex false and MAINT_GET_CACHE=0: no index' '
	cd "$P" && rm -rf .git/maint &&
	git config maint.historyIndex false &&
	test_expect_code 2 "$MAINT" get --history-index </dev/null 2>"$TRASH/off.err" &&
	test_grep "no history index made" "$TRASH/off.err" &&
	MAINT_GET_INDEX_BACKGROUND=1 "$MAINT" get --git-since=2021-01-01 \
		-f "$(head -1 "$TRASH/files")" >/dev/null &&
	sleep 1 && test ! -e .git/maint/index &&
	git config --unset maint.historyIndex &&
	MAINT_GET_CACHE=0 MAINT_GET_INDEX_BACKGROUND=1 \
		"$MAINT" get --git-since=2021-01-01 \
		-f "$(head -1 "$TRASH/files")" >/dev/null &&
	sleep 1 && test ! -e .git/maint/index
'

FIX=$TEST_DIRECTORY/fixtures/history-real

test_expect_success 'the U-Boot slice of t4400, the index built: as the script' '
	git clone -q -b master "$FIX/uboot/slice.bundle" uboot &&
	(cd uboot && "$MAINT" get --history-index --git-since=1970-01-02 \
		</dev/null) &&
	ls uboot/.git/maint/index/pack-* >/dev/null &&
	n=0 && : >fails && : >utrace &&
	while IFS= read -r args; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		(cd uboot && { GIT_TRACE=$TRASH/utrace.$n "$MAINT" get $args \
			2>/dev/null; echo "exit $?"; } </dev/null) >out.$n
		cat utrace.$n >>utrace
		ok=
		for e in "$FIX/uboot/expect/$n".*; do
			cmp -s "$e" out.$n && ok=1
		done
		[ -n "$ok" ] || echo "case $n: $args" >>fails
	done <"$FIX/uboot/cases" &&
	echo "$n cases, $(grep -c "^case" fails) different; walks: $(walks utrace)" &&
	head -20 fails && test "$n" -ge 80 && ! test -s fails &&
	test "$(walks utrace)" = 0
'

test_done
