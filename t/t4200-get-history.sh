#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get in a git tree against scripts/get_maintainer.pl: the kernel
# tree with a made history (t/make-history.pl: 3000 commits over three
# years, merges, renames, Fixes:, every signature type, .mailmap aliases),
# files and patches, with the defaults (--git-fallback, --fixes) and every
# history option, absolute --git-since dates; compared byte for byte with
# t/getcmp.sh (ties in Perl's hash order as maint orders them).  Set
# MAINT_HISTORY_SAMPLE for the number of files (default 60).
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-history.sh"

SAMPLE=${MAINT_HISTORY_SAMPLE:-60}
K=$TRASH/k
CMP_DIR=$K
. "$TEST_DIRECTORY/lib-getcmp.sh"

test_expect_success 'the history fixture (fast-import, cached)' '
	kernel_history 3000 "$K" &&
	cd "$K" &&
	test "$(git rev-list --count HEAD)" -gt 3000 &&
	test "$(git rev-list --merges --count HEAD)" -gt 20 &&
	test "$(git log --grep=^Fixes: --format=%H | wc -l)" -gt 100 &&
	git log -M --diff-filter=R --format=%H | grep -q . &&
	for t in Signed-off-by Reviewed-by Acked-by Tested-by Reported-by \
		 Suggested-by Co-developed-by; do
		git log -1 --grep="^$t: " --format=%H | grep -q . || exit 1
	done &&
	git log --format="%an <%ae>" | sort -u >authors &&
	test "$(wc -l <authors)" -gt 300 &&
	git log --since=2022-06-01 --until=2022-07-01 --format=%H | grep -q . &&
	git log --since=2024-06-01 --until=2024-07-01 --format=%H | grep -q . &&
	rm authors
'

test_expect_success 'files with history, files without' '
	(cd "$K" && git log --format= --name-only --no-merges | sort -u |
		while IFS= read -r f; do [ -f "$f" ] && echo "$f"; done) >touched &&
	test "$(wc -l <touched)" -gt 300 &&
	shuf -n "$SAMPLE" --random-source=<(yes maint) touched >sample &&
	head -12 sample >small &&
	(cd "$K" && git ls-files) | shuf -n 15 --random-source=<(yes quiet) >quiet &&
	cat quiet >>sample
'

# The default --git-since (1-year-ago) is after the fixture's last commit:
# history is read but finds nothing.  Absolute dates below.
test_expect_success "$SAMPLE+15 files, default options: identical" '
	: >results && compare_list sample -f && check_results "$SAMPLE"
'

test_expect_success "$SAMPLE+15 files, the fallback over 18 months: identical" '
	: >results && compare_list sample --git-since=2023-07-01 -f &&
	check_results "$SAMPLE"
'

test_expect_success "$SAMPLE+15 files, the fallback over all history (the root commit too)" '
	: >results && compare_list sample --git-since=2021-06-01 -f &&
	check_results "$SAMPLE"
'

for opt in "--git" "--git --git-all-signature-types" "--git --git-chief-penguins" \
	   "--git --git-min-signatures=3 --git-max-maintainers=2" \
	   "--git --git-min-percent=25" "--git --git-min-percent=0 --git-max-maintainers=50" \
	   "--git --noroles --nomultiline --norolestats" \
	   "--nogit-fallback" "--git --nomailmap --noremove-duplicates" \
	   "--git --nom --nor --nol --git-since=2024-10-01"; do
	test_expect_success "12 files, $opt: identical" '
		: >results && compare_list small --git-since=2023-01-01 $opt -f &&
		check_results 12
	'
done

test_expect_success 'patches: git format-patch of fixture commits (Fixes:, renames, several files)' '
	mkdir -p patches &&
	(cd "$K" &&
	 { git log --no-merges --grep=^Fixes: --format=%H | head -12
	   git log --no-merges -M --diff-filter=R --format=%H | head -4
	   git log --no-merges --format="%H %s" | head -400 |
		awk "NR % 100 == 0 {print \$1}"
	 } | sort -u | while read -r c; do
		git format-patch -q -1 -M -o "$TRASH/patches" --start-number=$((n = ${n:-0} + 1)) "$c" || exit 1
	 done) &&
	ls "$PWD"/patches/* >patchlist &&
	test "$(wc -l <patchlist)" -ge 18 &&
	grep -l "^Fixes: " patches/* | head -1 | grep -q . &&
	grep -l "^rename from" patches/* | head -1 | grep -q . &&
	head -12 patchlist >smallpatches
'

for opt in "" "--git-since=2021-01-01" "--nofixes --git-since=2023-01-01" \
	   "--git --git-since=2023-01-01 --git-chief-penguins --norolestats"; do
	test_expect_success "patches, ${opt:-default options}: identical" '
		: >results && compare_list patchlist $opt && check_results 18
	'
done

for opt in "--git-blame" "--git-blame --nogit-blame-signatures --norolestats"; do
	test_expect_success "blame, 3 files and 3 patches, $opt: identical" '
		head -3 small >blame &&
		head -3 smallpatches >blamepatches &&
		: >results && compare_list blame $opt -f &&
		compare_list blamepatches $opt && check_results 6
	'
done

test_expect_success 'a Fixes: tag naming a commit that does not exist: identical, quiet' '
	p=$(head -1 smallpatches) &&
	sed "s/^Fixes: [0-9a-f]*/Fixes: 0123456789ab/" "$p" >badfix.patch &&
	(cd "$K" && "$GC" "$OUT" "$TRASH/badfix.patch") >results &&
	check_results 1 &&
	(cd "$K" && "$MAINT" get "$TRASH/badfix.patch" 2>"$TRASH/err" >/dev/null) &&
	test ! -s err
'

test_expect_success 'no noise: git errors are never shown' '
	p=$(head -1 smallpatches) &&
	(cd "$K" && perl scripts/get_maintainer.pl "$p" 2>"$TRASH/perl.err" >/dev/null;
	 "$MAINT" get --git-since=2023-01-01 "$p" 2>"$TRASH/maint.err" >/dev/null) &&
	test ! -s maint.err
'

test_expect_success 'git processes: none for a patch without history, few with' '
	mkdir -p bin &&
	real=$(command -v git) &&
	printf "#!/bin/sh\necho \"\$*\" >>%s/git.log\nexec %s \"\$@\"\n" "$TRASH" "$real" >bin/git &&
	chmod +x bin/git &&
	p=$(head -1 smallpatches) &&
	: >git.log &&
	(cd "$K" && PATH=$TRASH/bin:$PATH "$MAINT" get --nogit-fallback --nofixes "$p" >/dev/null) &&
	test ! -s git.log &&
	while IFS= read -r f; do
		[ -f "$KERNEL/$f" ] && echo "$f"
	done <sample | head -5 >five &&
	test "$(wc -l <five)" = 5 &&
	(cd "$K" && PATH=$TRASH/bin:$PATH MAINT_GET_CACHE=0 "$MAINT" get --git \
		--git-since=2023-01-01 -f $(cat "$TRASH/five") >/dev/null) &&
	cat git.log &&
	test "$(grep -c -e "^--literal-pathspecs log --no-walk=unsorted --stdin " git.log)" -le "$(nproc)" &&
	! grep -v -e "--no-walk" git.log | grep -q "log" &&
	test "$(grep -c -e "^rev-list --no-merges --since=2023-01-01 HEAD$" -e "^rev-parse --since" git.log)" = 1 &&
	test "$(wc -l <git.log)" -le "$(($(nproc) + 1))"
'

# With changed-path Bloom filters in the commit-graph, maint walks the
# graph itself (git log's order, --since) and asks one git log --no-walk
# (in chunks run at once) for the commits whose filters may hold a path;
# at a commit adding the file, --follow's rename search is a diff -M of
# the file and the files that commit deletes.
test_expect_success 'a commit-graph with changed-path Bloom filters: the same answers' '
	(cd "$K" && git commit-graph write --reachable --changed-paths \
		2>/dev/null && test -f .git/objects/info/commit-graph) &&
	: >results &&
	(export MAINT_GET_CACHE=0 &&
	 compare_list sample --git-since=2021-06-01 -f &&
	 compare_list small --git --git-since=2023-01-01 -f &&
	 compare_list smallpatches --git-since=2022-06-01) &&
	check_results 87
'

# (the date: read by maint as git reads it, t4251; no git rev-parse)
test_expect_success 'with Bloom filters: no walk by git, no --follow walk' '
	: >git.log &&
	(cd "$K" && PATH=$TRASH/bin:$PATH MAINT_GET_CACHE=0 "$MAINT" get --git \
		--git-since=2023-01-01 -f $(cat "$TRASH/five") >/dev/null) &&
	cat git.log &&
	! grep -q "^rev-parse" git.log &&
	grep -q -e "^--literal-pathspecs log --no-walk=unsorted --stdin " git.log &&
	! grep -v -e "--no-walk" git.log | grep -q "log" &&
	f=$(head -1 five) &&
	: >git.log &&
	(cd "$K" && PATH=$TRASH/bin:$PATH MAINT_GET_CACHE=0 "$MAINT" get --git \
		--git-since=2023-01-01 -f "$f" >/dev/null) &&
	! grep -q "^rev-parse" git.log &&
	! grep -v -e "--no-walk" git.log | grep -q "log"
'

test_expect_success 'files renamed in the window: git'"'"'s --follow on the adding commit only' '
	(cd "$K" && git log -M --diff-filter=R --name-status --format= |
		awk "{print \$3}" | while IFS= read -r f; do
			[ -f "$f" ] && echo "$f"
		done | head -12) >renamed &&
	test "$(wc -l <renamed)" -ge 5 &&
	: >results &&
	(export MAINT_GET_CACHE=0 &&
	 compare_list renamed --git --git-since=2021-06-01 -f) &&
	check_results 5 &&
	: >git.log &&
	(cd "$K" && PATH=$TRASH/bin:$PATH MAINT_GET_CACHE=0 "$MAINT" get --git \
		--git-since=2021-06-01 -f $(cat "$TRASH/renamed") >/dev/null) &&
	grep -q -e "log --no-color --follow --numstat --no-merges --raw --no-walk" \
		git.log &&
	! grep -e "--follow" git.log | grep -v -q -e "--no-walk" &&
	! grep -v -e "--no-walk" git.log | grep -q "log"
'

test_expect_success 'the cache: under .git/maint, the same answers, rebuilt when HEAD moves' '
	f=$(head -1 small) &&
	(cd "$K" && rm -rf .git/maint &&
	 "$MAINT" get --git --git-since=2023-01-01 -f "$f" >../first &&
	 test -d .git/maint/history &&
	 : >"$TRASH/git.log" &&
	 PATH=$TRASH/bin:$PATH "$MAINT" get --git --git-since=2023-01-01 -f "$f" >../warm &&
	 ! grep -q "^log" "$TRASH/git.log" &&
	 echo "/* more */" >>"$f" &&
	 git -c user.name="New Person" -c user.email=new@person.example \
		commit -q -m "a new commit" -m "Signed-off-by: New Person <new@person.example>" "$f" &&
	 "$MAINT" get --git --git-since=2023-01-01 -f "$f" >../moved &&
	 perl scripts/get_maintainer.pl --git --git-since=2023-01-01 -f "$f" >../moved.perl &&
	 git status --porcelain --ignored >../status) &&
	test_cmp first warm &&
	test_cmp moved.perl moved &&
	grep -q "New Person" moved &&
	test ! -s status
'

test_expect_success 'a split commit-graph chain, then HEAD past the graph: the same answers' '
	f=$(head -1 small) &&
	(cd "$K" && rm -f .git/objects/info/commit-graph &&
	 git commit-graph write --reachable --changed-paths --split 2>/dev/null &&
	 echo "/* chained */" >>"$f" &&
	 git -c user.name="Chain Person" -c user.email=chain@person.example \
		commit -q -m "a commit in the second layer" \
		-m "Signed-off-by: Chain Person <chain@person.example>" "$f" &&
	 git commit-graph write --reachable --changed-paths --split \
		--size-multiple=1000 2>/dev/null &&
	 test "$(wc -l <.git/objects/info/commit-graphs/commit-graph-chain)" = 2) &&
	: >results &&
	(export MAINT_GET_CACHE=0 &&
	 compare_list small --git --git-since=2023-01-01 -f) &&
	(cd "$K" && MAINT_GET_CACHE=0 "$MAINT" get --git \
		--git-since=2023-01-01 -f "$f") | grep -q "Chain Person" &&
	(cd "$K" && echo "/* past the graph */" >>"$f" &&
	 git -c user.name="Past Person" -c user.email=past@person.example \
		commit -q -m "a commit the graph does not hold" "$f") &&
	(export MAINT_GET_CACHE=0 &&
	 compare_list small --git --git-since=2023-01-01 -f) &&
	check_results 24
'

test_expect_success 'a commit-graph cut short or garbled: no crash, the same answers' '
	(cd "$K" && rm -rf .git/objects/info/commit-graphs &&
	 git commit-graph write --reachable --changed-paths 2>/dev/null &&
	 cp .git/objects/info/commit-graph ../graph.good &&
	 head -c 3000 ../graph.good >.git/objects/info/commit-graph) &&
	: >results &&
	(export MAINT_GET_CACHE=0 &&
	 compare_list small --git --git-since=2023-01-01 -f) &&
	(cd "$K" && git commit-graph write --reachable --changed-paths \
		2>/dev/null && cp .git/objects/info/commit-graph ../graph.good &&
	 half=$(($(wc -c <../graph.good) / 2)) &&
	 { head -c $((half - 10000)) ../graph.good &&
	   head -c 20000 /dev/zero | tr "\0" "\377" &&
	   tail -c +$((half + 10001)) ../graph.good; } \
		>.git/objects/info/commit-graph &&
	 cmp -s ../graph.good .git/objects/info/commit-graph; test $? = 1 &&
	 for f in $(head -4 "$TRASH/small"); do
		MAINT_GET_CACHE=0 "$MAINT" get --git --git-since=2023-01-01 \
			-f "$f" >/dev/null 2>&1
		test $? -lt 128 || exit 1
	 done &&
	 rm .git/objects/info/commit-graph) &&
	check_results 12
'

test_expect_success '--interactive and Mercurial trees: a clear error, exit 2' '
	(cd "$K" && test_expect_code 2 "$MAINT" get --interactive -f MAINTAINERS 2>../err) &&
	grep -q "interactive" err &&
	mkdir -p hg/.hg hg/scripts && cp "$K/MAINTAINERS" hg/ &&
	printf "#!/bin/sh\nexit 0\n" >bin/hg && chmod +x bin/hg &&
	echo x >hg/file.c &&
	(cd hg && PATH=$TRASH/bin:$PATH test_expect_code 2 "$MAINT" get --notree -f file.c 2>../err) &&
	grep -qi "mercurial" err
'

test_done
