#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint get --series on real git format-patch output of a small tree
# (t/lib-gettree.sh, history made here): each patch's answer is what
# maint get says of that patch alone, the cover letter's the union, which
# is what get_maintainer.pl (6.12, the fixture's) prints for all the
# patches on one command line; the same from a directory, an mbox, a
# revision range, and as git send-email's --cc-cmd.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

make_get_tree tree
cd tree || exit 1

# commit_change "Name <addr>" FILE...
commit_change() {
	who=$1 && shift &&
	for f in "$@"; do echo "int more;" >>"$f" || return 1; done &&
	git add -- "$@" &&
	GIT_AUTHOR_NAME=${who% <*} GIT_AUTHOR_EMAIL=$(echo "$who" | sed "s/.*<//; s/>//") \
	GIT_COMMITTER_NAME=Committer GIT_COMMITTER_EMAIL=c@example.org \
		git commit -q -m "change $*" \
			-m "Signed-off-by: $who"
}

test_expect_success 'a history and a series of four patches, a cover letter' '
	rm acme.patch &&
	git init -q &&
	git add -A &&
	commit_change "Init <init@example.org>" README &&
	commit_change "Pat Author <pat@author.example>" drivers/net/acme/main.c &&
	commit_change "Pat Author <pat@author.example>" drivers/gpu/tegra/tegra_drm.c &&
	commit_change "Other Person <other@example.org>" kernel/fork.c \
		drivers/net/other/other.c &&
	commit_change "Pat Author <pat@author.example>" drivers/net/acme/legacy/old.c &&
	git format-patch -q --cover-letter -o out HEAD~4 &&
	git format-patch -q -v2 --cover-letter -o out HEAD~2 &&
	git format-patch -q --stdout --cover-letter HEAD~4 >../series.mbox &&
	ls out >../names &&
	test "$(wc -l <../names)" = 8
'

P="out/0001-change-drivers-net-acme-main.c.patch
out/0002-change-drivers-gpu-tegra-tegra_drm.c.patch
out/0003-change-kernel-fork.c-drivers-net-other-other.c.patch
out/0004-change-drivers-net-acme-legacy-old.c.patch"

test_expect_success 'a directory: per patch its own answer, the cover the union' '
	maint get --series out >../lines &&
	: >../expect &&
	for p in $P; do
		maint get --nomultiline $p | sed "s|^|$p	|" >>../expect || return 1
	done &&
	maint get --nomultiline $P | sed "s|^|out/0000-cover-letter.patch	|" >../union &&
	cat ../union ../expect >../expect.all &&
	grep -v "^out/v2-" ../lines >../lines.v1 &&
	test_cmp ../expect.all ../lines.v1 &&
	test "$(grep -c "^out/v2-" ../lines)" = 3
'

test_expect_success 'the union: maint get of all the patches, get_maintainer.pl'"'"'s' '
	maint get --series=union out/0000-cover-letter.patch >../u1 &&
	maint get $P >../u2 &&
	test_cmp ../u2 ../u1 &&
	# (git signers of equal counts come in the order of Perl'"'"'s hash)
	perl scripts/get_maintainer.pl --nogit-fallback $P >../u3 &&
	maint get --series=union --nogit-fallback out/0000-cover-letter.patch >../u4 &&
	test_cmp ../u3 ../u4 &&
	test "$(wc -l <../u1)" -gt 8
'

test_expect_success 'the union holds every address of every patch, and no other' '
	for p in $P; do
		maint get --norolestats $p || return 1
	done | sort -u >../each &&
	maint get --series=union --norolestats out/0000-cover-letter.patch |
		sort >../all &&
	test_cmp ../each ../all
'

test_expect_success '--series=union of one patch: that patch alone' '
	for p in $P; do
		maint get --series=union $p >../one &&
		maint get $p >../alone &&
		test_cmp ../alone ../one || return 1
	done
'

test_expect_success 'a cover letter of v2 stands for the v2 patches only' '
	maint get --series=union out/v2-0000-cover-letter.patch >../v2 &&
	maint get out/v2-0001-*.patch out/v2-0002-*.patch >../v2.expect &&
	test_cmp ../v2.expect ../v2 &&
	! test_cmp ../u1 ../v2 >/dev/null
'

test_expect_success 'an mbox: the same answers, mails named FILE:LINE' '
	maint get --series ../series.mbox >../mbox &&
	cut -f2- ../mbox >../mbox.answers &&
	cut -f2- ../lines.v1 >../dir.answers &&
	test_cmp ../dir.answers ../mbox.answers &&
	cut -f1 ../mbox | sort -u | grep -c "^\.\./series\.mbox:[0-9]*$" >../n &&
	echo 5 >../n.expect &&
	test_cmp ../n.expect ../n &&
	maint get --series=union ../series.mbox >../mbox.union &&
	test_cmp ../u1 ../mbox.union
'

test_expect_success 'standard input: an mbox' '
	maint get --series=union <../series.mbox >../stdin.union &&
	test_cmp ../u1 ../stdin.union
'

test_expect_success 'a revision range: named by commit, the union first' '
	maint get --series HEAD~4.. >../range &&
	head -n 1 ../range | cut -f1 >../first &&
	echo "(series)" >../first.expect &&
	test_cmp ../first.expect ../first &&
	cut -f1 ../range | tail -n +2 >../commits &&
	git rev-list --reverse HEAD~4.. >../commits.expect &&
	test_cmp ../commits.expect ../commits &&
	cut -f2- ../range >../range.answers &&
	test_cmp ../dir.answers ../range.answers &&
	maint get --series=union HEAD~4.. >../range.union &&
	test_cmp ../u1 ../range.union
'

test_expect_success 'from a subdirectory: the answers and names of the top' '
	(cd drivers/net &&
	 maint get --series ../../out >../../../sub.lines 2>../../../sub.err &&
	 maint get --series ./../../out/ >../../../sub.lines2 &&
	 maint get --series ../../../series.mbox >../../../sub.mbox &&
	 maint get --series HEAD~4.. >../../../sub.range &&
	 maint get --series=union ../../out/0000-cover-letter.patch \
		>../../../sub.union) &&
	test_cmp ../lines ../sub.lines &&
	test_cmp ../lines ../sub.lines2 &&
	test_cmp ../mbox ../sub.mbox &&
	test_cmp ../range ../sub.range &&
	test_cmp ../u1 ../sub.union &&
	! test -s ../sub.err
'

test_expect_success 'a U-Boot tree (its script'"'"'s top), its conf read from below' '
	cp -r . ../uboot && (
		cd ../uboot &&
		rm CREDITS &&
		mkdir -p board/acme common doc dts net post test tools &&
		printf "ACME BOARD\nM:\tBea Board <bea@board.example>\nS:\tMaintained\nF:\tdrivers/net/acme/\n" \
			>board/acme/MAINTAINERS &&
		printf "%s\n" --find-maintainer-files --maintainer-path=. \
			>.get_maintainer.conf &&
		perl scripts/get_maintainer.pl --notree --nogit-fallback $P \
			>../ub.expect &&
		maint get --series=union --nogit-fallback \
			out/0000-cover-letter.patch >../ub.top &&
		maint get --series --nogit-fallback out >../ub.lines &&
		maint get --series HEAD~4.. >../ub.range &&
		cd drivers/net &&
		maint get --series=union --nogit-fallback \
			../../out/0000-cover-letter.patch >../../../ub.sub &&
		maint get --series --nogit-fallback ../../out >../../../ub.sublines &&
		maint get --series HEAD~4.. >../../../ub.subrange
	) &&
	test_grep "^Bea Board <bea@board.example>" ../ub.expect &&
	test_cmp ../ub.expect ../ub.top &&
	test_cmp ../ub.expect ../ub.sub &&
	test_cmp ../ub.lines ../ub.sublines &&
	test_cmp ../ub.range ../ub.subrange
'

# the address of each Cc: of git send-email --dry-run, "SUBJECT<TAB>ADDR"
sent_cc() {
	awk '/^Cc: / { cc = 1; sub(/^Cc: /, "") }
	     /^Subject: / { cc = 0; subject = $0 }
	     cc { sub(/^\t/, ""); sub(/,$/, ""); addr[n++] = $0 }
	     /^Subject: / { for (i = 0; i < n; i++) print subject "\t" addr[i]; n = 0 }' |
		sed "s/\t.*</\t/; s/>\$//" | sort
}

test_expect_success 'git send-email --cc-cmd: each patch its own, the cover the union' '
	git -c sendemail.smtpserver=/bin/true send-email --dry-run --force \
		--confirm=never --from="Pat <pat@author.example>" \
		--to=list@example.org --suppress-cc=author --suppress-cc=self \
		--suppress-cc=sob --suppress-cc=bodycc --suppress-cc=cc \
		--cc-cmd="$MAINT get --series=union --norolestats --nogit-fallback" \
		out/0*.patch >../sent 2>&1 &&
	sent_cc <../sent >../sent.cc &&
	for p in out/0000-cover-letter.patch $P; do
		subject=$(grep "^Subject: " $p) &&
		if test $p = out/0000-cover-letter.patch; then
			maint get --norolestats --nogit-fallback $P
		else
			maint get --norolestats --nogit-fallback $p
		fi | sed "s/.*<//; s/>\$//; s|^|$subject\t|" || return 1
	done | sort >../want.cc &&
	test_cmp ../want.cc ../sent.cc &&
	test "$(grep -c "0/4" ../sent.cc)" -gt 6
'

test_expect_success 'bad input: a clear error, exit 2, nothing on stdout' '
	test_expect_code 2 maint get --series no-such-range.. >../out 2>../err &&
	test_grep "neither a file nor a revision range git knows" ../err &&
	test "$(wc -l <../err)" = 1 &&
	! test -s ../out &&
	printf "\0\1\2binary" >../bin &&
	test_expect_code 2 maint get --series ../bin >../out 2>../err &&
	test_grep "not a patch: a binary file" ../err &&
	! test -s ../out &&
	mkdir ../empty &&
	test_expect_code 2 maint get --series ../empty >../out 2>../err &&
	test_grep "no \*.patch file in it" ../err &&
	test_expect_code 2 maint get --series=union out/0000-cover-letter.patch \
		../bin 2>../err &&
	test_expect_code 2 maint get --series README 2>../err &&
	test_grep "no mail of the series changes a file" ../err &&
	test_expect_code 255 maint get --series -f README 2>../err &&
	test_grep "not with --all" ../err &&
	test_expect_code 255 maint get --series=each out 2>../err &&
	test_grep "the form is union" ../err
'

test_expect_success 'bad input: a mail without headers (on standard input too)' '
	printf "hello\nworld\n" >../plain &&
	test_expect_code 2 maint get --series ../plain >../out 2>../err &&
	! test -s ../out && test "$(wc -l <../err)" = 1 &&
	test_grep "^maint get: ../plain: no mail of the series changes" ../err &&
	test_expect_code 2 maint get --series <../plain >../out 2>../err &&
	! test -s ../out && test "$(wc -l <../err)" = 1 &&
	test_grep "^maint get: standard input: no mail of the series" ../err
'

test_expect_success 'an mbox of 10,000 mails: each its own answer' '
	git format-patch -q --stdout HEAD~4 >../four &&
	for i in $(seq 50); do cat ../four; done >../two-hundred &&
	for i in $(seq 50); do cat ../two-hundred; done >../big &&
	test "$(grep -c "^From [0-9a-f]\{40\} " ../big)" = 10000 &&
	maint get --series ../big >../out 2>../err &&
	! test -s ../err &&
	test "$(wc -l <../out)" = 10001 &&
	head -n 1 ../out | cut -f2- >../first &&
	maint get --nomultiline $P >../first.expect &&
	test_cmp ../first.expect ../first &&
	cut -f2- ../out | sort | uniq -c | sort -n | awk "{ print \$1 }" |
		uniq -c >../counts &&
	printf "      1 1\n      4 2500\n" >../counts.expect &&
	test_cmp ../counts.expect ../counts
'

test_expect_success 'a history with no .mailmap: the answers of get, silent' '
	git clone -q "file://$PWD" ../nomap &&
	(cd ../nomap && git rm -q .mailmap && mkdir -p Documentation arch \
		include fs init ipc lib scripts &&
	 maint get --series=union ../tree/out/0000-cover-letter.patch \
		>../nomap.union 2>../nomap.err &&
	 maint get $(echo "$P" | sed "s|^|../tree/|") >../nomap.expect) &&
	! test -s ../nomap.err &&
	test_cmp ../nomap.expect ../nomap.union
'

test_expect_success 'a shallow clone: the answer, said to be partial' '
	git clone -q --depth=2 "file://$PWD" ../shallow &&
	(cd ../shallow && mkdir -p Documentation arch include fs init ipc \
		lib scripts &&
	 maint get --series HEAD~1.. >../shallow.out 2>../shallow.err &&
	 test_expect_code 2 maint get --series HEAD~3.. \
		>../shallow.out3 2>../shallow.err3) &&
	test "$(wc -l <../shallow.out)" = 2 &&
	test_grep "shallow clone: .*may be partial" ../shallow.err &&
	! test -s ../shallow.out3 &&
	test_grep "neither a file nor a revision range" ../shallow.err3 &&
	test "$(wc -l <../shallow.err3)" = 1
'

test_expect_success 'no git: a range is an error, patches answered without history' '
	test_expect_code 2 env PATH=/nonexistent "$MAINT" get --series \
		HEAD~4.. >../out 2>../err &&
	! test -s ../out && test "$(wc -l <../err)" = 1 &&
	test_grep "git could not run to read it as a revision range" ../err &&
	env PATH=/nonexistent "$MAINT" get --series=union \
		out/0000-cover-letter.patch >../out 2>../err &&
	test "$(wc -l <../err)" = 1 &&
	test_grep "git is not on PATH: answered without the git history" ../err &&
	maint get --series=union --nogit-fallback out/0000-cover-letter.patch \
		>../expect &&
	test_cmp ../expect ../out &&
	mkdir ../notgit && cp -r * .mailmap ../notgit/ && rm -rf ../notgit/out &&
	(cd ../notgit && test_expect_code 2 env \
		GIT_CEILING_DIRECTORIES="$TRASH" "$MAINT" get --series HEAD~4.. \
		>../out 2>../err) &&
	! test -s ../out && test "$(wc -l <../err)" = 1 &&
	test_grep "neither a file nor a revision range git knows: fatal: not a git repository" ../err
'

test_done
