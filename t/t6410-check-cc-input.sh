#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check --cc on the small get tree (t/fixtures/get): what a mail
# may look like, and bad input.
#  - RFC 2047 names (Q and B), folded headers, address case, a .mailmap
#    line that maps by name and address ("Rob R <rob@old.example>" only
#    once its encoded name is decoded), Cc: trailers: no false alarm;
#  - bad input gets one clear error, exit 2, nothing on stdout: a mail
#    without headers, a binary file, an empty file, a missing one;
#  - an mbox of 10,000 mails finds the one mail that forgot the
#    reviewer; a series of 1,000 patches to 1,000 sections and one they
#    all share, its cover letter checked against their union (hashed:
#    bench/README.md), finds each forgotten one once;
#  - the MAINTAINERS files .get_maintainer.conf names (U-Boot's board
#    files), as get_maintainer.pl reads them for b4;
#  - --ignore-inactive: a history without .mailmap, a shallow clone
#    (the answer is said to be partial), no git at all or no commit
#    (exit 2, one error: git's own complaint is not printed).
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

# a patch to drivers/net/acme/main.c with these header lines
mail() {
	printf 'From 1234567890abcdef Mon Sep 17 00:00:00 2001\n'
	printf 'From: Some One <some@one.example>\n'
	printf '%s\n' "$@"
	cat <<-\EOF
	Subject: [PATCH] net: acme: one more

	Signed-off-by: Some One <some@one.example>
	---
	 drivers/net/acme/main.c | 1 +
	 1 file changed, 1 insertion(+)

	diff --git a/drivers/net/acme/main.c b/drivers/net/acme/main.c
	--- a/drivers/net/acme/main.c
	+++ b/drivers/net/acme/main.c
	@@ -1 +1,2 @@
	 int acme;
	+int more;
	--
	2.39.5

	EOF
}

test_expect_success 'the tree' '
	make_get_tree tree &&
	(cd tree && maint get --nogit --nogit-fallback --norolestats \
		drivers/net/acme/main.c -f) >need &&
	cat need &&
	test "$(wc -l <need)" = 6
'

test_expect_success 'plain addresses, every one: exit 0, silent' '
	mail "To: Ann Acme <ann@acme.example>, Rob Review <rob@review.example>" \
		"Cc: \"David S. Miller\" <davem@davemloft.example>," \
		"	joerg@kernel.example, netdev@vger.kernel.org," \
		" linux-kernel@vger.kernel.org" >ok.patch &&
	(cd tree && maint check --cc ../ok.patch) >out 2>&1 &&
	! test -s out
'

test_expect_success 'encoded names, case, name-mapped alias, trailers: exit 0' '
	mail "To: =?UTF-8?q?Ann_Acme?= <ANN.OLD@acme.example>," \
		"  =?UTF-8?B?Um9iIFI=?= <rob@old.example>" \
		"cc: =?UTF-8?q?J=C3=B6rg_R=C3=B8del?= <Joerg@Kernel.Example> (the" \
		" one, with a comment), \"Miller, David\" <davem@davemloft.example>" \
		"CC: linux-kernel@VGER.kernel.org" >enc.patch &&
	sed -i "s/^Signed-off-by: Some One/Cc: netdev@vger.kernel.org\\n&/" \
		enc.patch &&
	grep -q "^Cc: netdev" enc.patch &&
	(cd tree && maint check --cc ../enc.patch) >out 2>&1 &&
	! test -s out
'

test_expect_success 'the alias by name needs its name decoded' '
	sed "s/=?UTF-8?B?Um9iIFI=?=/Rob X/" enc.patch >alias.patch &&
	(cd tree && test_expect_code 1 maint check --cc ../alias.patch) \
		>out 2>&1 &&
	cat >expect <<-\EOF &&
	../alias.patch:1: error: "[PATCH] net: acme: one more": missing Rob Review <rob@review.example> (reviewer:ACME NETWORK DRIVER) [cc-missing]
	EOF
	test_cmp expect out
'

test_expect_success '--json and --fail-on as check has them' '
	(cd tree && maint check --cc --json ../alias.patch) >out 2>&1 ||
	test_grep "\"check\": \"cc-missing\"" out &&
	(cd tree && maint check --cc --fail-on=never ../alias.patch) \
		>out 2>&1
'

test_expect_success 'no headers: one error, exit 2, nothing else' '
	printf "hello\nworld\n" >plain.txt &&
	(cd tree && test_expect_code 2 maint check --cc ../plain.txt) \
		>out 2>err &&
	! test -s out &&
	test "$(wc -l <err)" = 1 &&
	test_grep "^maint check: ../plain.txt:1: not a mail: no headers" err &&
	(cd tree && test_expect_code 2 maint check --cc <../plain.txt) \
		>out 2>err &&
	test_grep "^maint check: standard input:1: not a mail" err &&
	test "$(wc -l <err)" = 1
'

test_expect_success 'a binary file, an empty one, a missing one: exit 2' '
	printf "From: a@b\n\0\1\2" >bin &&
	: >empty &&
	for f in bin empty missing; do
		(cd tree && test_expect_code 2 maint check --cc ../$f) \
			>out 2>err &&
		! test -s out && test "$(wc -l <err)" = 1 || exit 1
	done &&
	(cd tree && maint check --cc ../bin) 2>err ||
	test_grep "bin: not a mail: a binary file" err
'

test_expect_success 'an mbox of 10,000 mails: the one that forgot' '
	mail "To: ann@acme.example, rob@review.example" \
		"Cc: davem@davemloft.example, joerg@kernel.example," \
		" netdev@vger.kernel.org, linux-kernel@vger.kernel.org" \
		>one &&
	for i in $(seq 10); do cat one; done >ten &&
	for i in $(seq 10); do cat ten; done >hundred &&
	for i in $(seq 100); do cat hundred; done >big.mbox &&
	sed "s/, rob@review.example//" one >>big.mbox &&
	test "$(grep -c "^From 1234" big.mbox)" = 10001 &&
	(cd tree && test_expect_code 1 maint check --cc ../big.mbox) >out &&
	test "$(wc -l <out)" = 1 &&
	n=$(( 10000 * $(wc -l <one) + 1 )) &&
	test_grep "^../big.mbox:$n: error: .*missing Rob Review" out
'

# big_series N: MAINTAINERS of N sections AREA i (M: p<i>, R: r<i>,
# L: list-<i>, F: area/<i>/) and ALL AREAS (M: boss, F: area/), and
# series.mbox: patch i to its section's three people and boss, the
# cover letter to x@example.org and all of them but p7, r11 and boss
big_series() {
	awk -v n="$1" 'BEGIN {
		m = "big/MAINTAINERS"; s = "big/series.mbox"
		f = "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
		printf "List of maintainers\n\nALL AREAS\nM:\tBoss <boss@example.org>\nS:\tMaintained\nF:\tarea/\n\n" >m
		printf "%s\nFrom: A <a@example.org>\nSubject: [PATCH 0/%d] all\nTo: x@example.org", f, n >s
		for (i = 1; i <= n; i++) {
			printf "AREA %05d\nM:\tP %d <p%d@example.org>\nR:\tR %d <r%d@example.org>\nL:\tlist-%d@example.org\nS:\tMaintained\nF:\tarea/%d/\n\n", i, i, i, i, i, i, i >m
			printf ",\n %s%s list-%d@example.org", i == 7 ? "" : "p" i "@example.org, ", i == 11 ? "" : "r" i "@example.org,", i >s
		}
		printf "\n\nthe cover\n\n" >s
		for (i = 1; i <= n; i++)
			printf "%s\nFrom: A <a@example.org>\nSubject: [PATCH %d/%d] area %d\nTo: p%d@example.org, r%d@example.org\nCc: list-%d@example.org, boss@example.org\n\nSigned-off-by: A <a@example.org>\n---\ndiff --git a/area/%d/f.c b/area/%d/f.c\n--- a/area/%d/f.c\n+++ b/area/%d/f.c\n@@ -1 +1,2 @@\n x\n+y\n\n", f, i, n, i, i, i, i, i, i, i, i >s
	}'
}

test_expect_success 'a series of 1,000 patches: the union, each forgotten once' '
	mkdir big &&
	big_series 1000 &&
	test "$(grep -c "^From 0000" big/series.mbox)" = 1001 &&
	(cd big && test_expect_code 1 maint check --cc --superfluous \
		series.mbox) >out &&
	cat >expect <<-\EOF &&
	series.mbox:1: error: "[PATCH 0/1000] all": missing Boss <boss@example.org> (maintainer:ALL AREAS) [cc-missing]
	series.mbox:1: error: "[PATCH 0/1000] all": missing P 7 <p7@example.org> (maintainer:AREA 00007) [cc-missing]
	series.mbox:1: error: "[PATCH 0/1000] all": missing R 11 <r11@example.org> (reviewer:AREA 00011) [cc-missing]
	series.mbox:1: note: "[PATCH 0/1000] all": sent to x@example.org, whom get does not name [cc-superfluous]
	EOF
	test_cmp expect out
'

test_expect_success '.get_maintainer.conf: the MAINTAINERS files it names (U-Boot'"'"'s)' '
	cp -r tree boards &&
	mkdir -p boards/board/acme &&
	printf "ACME BOARD\nM:\tBea Board <bea@board.example>\nS:\tMaintained\nF:\tdrivers/net/acme/\n" \
		>boards/board/acme/MAINTAINERS &&
	printf "%s\n" --find-maintainer-files --maintainer-path=. \
		>boards/.get_maintainer.conf &&
	mail "To: nobody@example.org" >none.patch &&
	(cd boards && perl scripts/get_maintainer.pl --nogit --nogit-fallback \
		--nogit-blame --norolestats ../none.patch) | sort >expect &&
	test_grep "^Bea Board <bea@board.example>\$" expect &&
	(cd boards && test_expect_code 1 maint check --cc ../none.patch) >out &&
	sed "s/.*: missing //; s/ ([^)]*) \[cc-missing\]\$//" out | sort >got &&
	test_cmp expect got &&
	(cd boards && test_expect_code 1 maint check --cc --mpath=MAINTAINERS \
		../none.patch) >out &&
	! grep -q "Bea Board" out
'

test_expect_success '--ignore-inactive: no git at all is an error (exit 2)' '
	(cd tree && test_expect_code 2 env GIT_CEILING_DIRECTORIES=$TRASH \
		maint check --cc --ignore-inactive=3y ../alias.patch) \
		>out 2>err &&
	! test -s out &&
	test "$(wc -l <err)" = 1 &&
	test_grep "no git history here" err &&
	(cd tree && test_expect_code 2 env PATH=/nonexistent \
		"$MAINT" check --cc --ignore-inactive=3y ../alias.patch) \
		>out 2>err &&
	test "$(wc -l <err)" = 1 &&
	test_grep "no git history here" err
'

test_expect_success '--ignore-inactive: a repository with no commit (exit 2)' '
	cp -r tree nocommit && git -C nocommit init -q &&
	(cd nocommit && test_expect_code 2 maint check --cc \
		--ignore-inactive=3y ../alias.patch) >out 2>err &&
	! test -s out &&
	test "$(wc -l <err)" = 1 &&
	test_grep "git log failed (a repository with no commit?)" err
'

test_expect_success '--ignore-inactive: a history without .mailmap' '
	cd tree &&
	git init -q && git add -A &&
	git -c user.name=T -c user.email=t@example.org commit -qm tree &&
	git rm -q --cached .mailmap && rm .mailmap &&
	git -c user.name=T -c user.email=t@example.org commit -qm "no mailmap" &&
	echo x >>README &&
	git -c user.name=T -c user.email=t@example.org commit -qam x \
		--author="Rob Review <rob@review.example>" &&
	test_expect_code 1 maint check --cc --ignore-inactive=2y \
		../alias.patch >../out 2>&1 &&
	test_grep "missing Rob Review" ../out &&
	git checkout -q HEAD~1 &&
	maint check --cc --ignore-inactive=2y ../alias.patch >../out 2>&1 &&
	test_grep "note: .*not sent to Rob Review .*forgiven" ../out
'

test_expect_success '--ignore-inactive: a shallow clone says it is partial' '
	git clone -q --depth=1 "file://$TRASH/tree" shallow &&
	test "$(git -C shallow rev-parse --is-shallow-repository)" = true &&
	(cd shallow && cp ../tree/MAINTAINERS . &&
	 maint check --cc --ignore-inactive=2y ../alias.patch) >out 2>&1 &&
	test_grep "warning: the history is a shallow clone" out &&
	test_grep "forgiven" out
'

test_done
