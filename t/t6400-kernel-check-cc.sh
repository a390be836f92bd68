#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check --cc on mails the kernel developer's real tools make, in a
# git copy of the 6.12 tree with a two-patch series (3c59x, typhoon:
# the same netdev maintainers, a different driver maintainer each),
# recipients from the tree's own scripts/get_maintainer.pl (b4's
# default options):
#  - git format-patch --to/--cc --cover-letter: complete (exit 0, no
#    output), one maintainer's line taken out (exit 1, names him and
#    only him), the cover letter missing a list (exit 1), an mbox of the
#    series on standard input;
#  - what git send-email sends (--to-cmd/--cc-cmd, the message caught by
#    an --smtp-server program) and what b4 send -o writes: exit 0;
#  - RFC 2047 display names, folded headers, upper-case addresses and a
#    .mailmap alias raise no alarm;
#  - --ignore-inactive=3y forgives a maintainer with no commit in the
#    history, not once he has one (under a .mailmap alias).
. "$(dirname "$0")/test-lib.sh"
kernel_tree
. "$TEST_DIRECTORY/lib-kernelgit.sh"

HOME=$TRASH
export HOME
unset GIT_CONFIG_GLOBAL XDG_CONFIG_HOME
OPTS="--nogit --nogit-fallback --nogit-chief-penguins --norolestats"

test_expect_success 'a git copy of the tree, a series of two patches' '
	kernel_git_copy linux &&
	cd linux &&
	echo "/* a */" >>drivers/net/ethernet/3com/3c59x.c &&
	git commit -qam "net: 3c59x: a comment" &&
	echo "/* b */" >>drivers/net/ethernet/3com/typhoon.c &&
	git commit -qam "net: typhoon: a comment" &&
	git format-patch -q -o ../plain HEAD~2 &&
	for p in ../plain/*; do
		./scripts/get_maintainer.pl $OPTS --nol "$p"
	done | sort -u >../to &&
	for p in ../plain/*; do
		./scripts/get_maintainer.pl $OPTS --nom "$p"
	done | sort -u >../cc &&
	grep -q "^Jakub Kicinski <kuba@kernel.org>\$" ../to &&
	grep -q "^Steffen Klassert" ../to && grep -q "^David Dillow" ../to &&
	grep -q "^netdev@vger.kernel.org\$" ../cc
'

test_expect_success 'format-patch --to/--cc, every recipient: exit 0, silent' '
	cd linux &&
	args=() &&
	while read -r x; do args+=(--to="$x"); done <../to &&
	while read -r x; do args+=(--cc="$x"); done <../cc &&
	git format-patch -q -o ../full --cover-letter "${args[@]}" HEAD~2 &&
	test "$(ls ../full | wc -l)" = 3 &&
	grep -q "^    Jakub Kicinski <kuba@kernel.org>,\$" \
		../full/0001-net-3c59x-a-comment.patch &&
	maint check --cc ../full/* >../out 2>&1 &&
	! test -s ../out
'

test_expect_success 'the same as one mbox on standard input' '
	cat full/* >series.mbox &&
	(cd linux && maint check --cc <../series.mbox >../out 2>&1) &&
	! test -s out
'

test_expect_success '--superfluous: each driver maintainer on the other patch' '
	(cd linux && maint check --cc --superfluous ../full/*) >out 2>&1 &&
	test "$(wc -l <out)" = 2 &&
	test_grep "0001-net-3c59x-a-comment.patch:1: note: .*sent to David Dillow <dave@thedillows.org>, whom get does not name \[cc-superfluous\]" out &&
	test_grep "0002-net-typhoon-a-comment.patch:1: note: .*Steffen Klassert" out
'

test_expect_success 'one maintainer taken out: exit 1, named, nobody else' '
	mkdir -p less &&
	cp full/* less/ &&
	sed -i "/^    Jakub Kicinski <kuba@kernel.org>,\$/d" \
		less/0001-net-3c59x-a-comment.patch &&
	! grep -q kuba less/0001-net-3c59x-a-comment.patch &&
	(cd linux && test_expect_code 1 maint check --cc ../less/*) \
		>out 2>&1 &&
	cat >expect <<-\EOF &&
	../less/0001-net-3c59x-a-comment.patch:1: error: "[PATCH 1/2] net: 3c59x: a comment": missing Jakub Kicinski <kuba@kernel.org> (maintainer:NETWORKING DRIVERS) [cc-missing]
	EOF
	test_cmp expect out
'

test_expect_success 'the cover letter without netdev: the series needs it' '
	cp full/0000-cover-letter.patch cover &&
	sed -i "s/^    netdev@vger.kernel.org\$/    x@example.org/" cover &&
	cat cover full/0001-* full/0002-* >cover.mbox &&
	(cd linux && test_expect_code 1 maint check --cc ../cover.mbox) \
		>out 2>&1 &&
	test "$(wc -l <out)" = 1 &&
	test_grep "^../cover.mbox:1: error: \"\[PATCH 0/2\] \*\*\* SUBJECT HERE \*\*\*\": missing netdev@vger.kernel.org (open list:" out
'

test_expect_success 'encoded names, folding, case, a .mailmap alias: no alarm' '
	cd linux &&
	grep -q "^Jakub Kicinski <kuba@kernel.org> <jakub.kicinski@netronome.com>\$" .mailmap &&
	sed -e "s/^Jakub Kicinski <kuba@kernel.org>\$/Jakub Kicinski <Jakub.Kicinski@NETRONOME.com>/" \
		-e "s/^Eric Dumazet <edumazet@google.com>\$/\"Dumazet, Eric\" <EDUMAZET@google.com>/" \
		../to >../to2 &&
	! grep -q kuba ../to2 &&
	args=() &&
	while read -r x; do args+=(--to="$x"); done <../to2 &&
	while read -r x; do args+=(--cc="$x"); done <../cc &&
	git format-patch -q -o ../enc "${args[@]}" HEAD~2 &&
	grep -q "^    Jakub Kicinski <Jakub.Kicinski@NETRONOME.com>,\$" ../enc/0001-* &&
	grep -q "^    \"Dumazet, Eric\" <EDUMAZET@google.com>,\$" ../enc/0001-* &&
	sed -i -e "s/^    Jakub Kicinski </    =?UTF-8?q?Jakub_Kici=C5=84ski?= </" \
		-e "s/^    \"Dumazet, Eric\" </    =?UTF-8?B?RHVtYXpldCwgw4lyaWM=?= </" \
		../enc/0001-* &&
	grep -q "^    =?UTF-8?q?Jakub_Kici=C5=84ski?= <Jakub.Kicinski@NETRONOME.com>,\$" ../enc/0001-* &&
	maint check --cc ../enc/* >../out 2>&1 &&
	! test -s ../out &&
	test_expect_code 1 maint check --cc --nomailmap ../enc/* >../out 2>&1 &&
	test "$(grep -c "missing Jakub Kicinski <kuba@kernel.org>" ../out)" = 2 &&
	test "$(wc -l <../out)" = 2
'

test_expect_success 'git send-email --to-cmd/--cc-cmd, as sent: exit 0' '
	cat >catch <<-EOF &&
	#!/bin/sh
	{ echo "From send-email Mon Sep 17 00:00:00 2001"; cat; echo; } >>$TRASH/sent.mbox
	EOF
	cat >nodumazet <<-\EOF &&
	#!/bin/sh
	./scripts/get_maintainer.pl "$@" | grep -v Dumazet
	EOF
	chmod +x catch nodumazet &&
	(cd linux && git send-email --confirm=never \
		--from="Series Test <series@example.org>" --no-validate \
		--suppress-cc=author --suppress-cc=self --suppress-cc=sob \
		--suppress-cc=cc --suppress-cc=bodycc --suppress-cc=misc-by \
		--smtp-server="$TRASH/catch" \
		--to-cmd="./scripts/get_maintainer.pl $OPTS --nol" \
		--cc-cmd="./scripts/get_maintainer.pl $OPTS --nom" HEAD~2..) \
		>send.out 2>&1 &&
	test "$(grep -c "^Subject: " sent.mbox)" = 2 &&
	grep -q "^Cc: netdev@vger.kernel.org" sent.mbox &&
	(cd linux && maint check --cc ../sent.mbox) >out 2>&1 &&
	! test -s out
'

test_expect_success 'send-email with one maintainer suppressed: exit 1' '
	rm -f sent.mbox &&
	(cd linux && git send-email --confirm=never \
		--from="Series Test <series@example.org>" --no-validate \
		--suppress-cc=author --suppress-cc=self --suppress-cc=sob \
		--suppress-cc=cc --suppress-cc=bodycc --suppress-cc=misc-by \
		--smtp-server="$TRASH/catch" \
		--to-cmd="$TRASH/nodumazet $OPTS --nol" \
		--cc-cmd="./scripts/get_maintainer.pl $OPTS --nom" HEAD~2..) \
		>send.out 2>&1 &&
	(cd linux && test_expect_code 1 maint check --cc ../sent.mbox) \
		>out 2>&1 &&
	test "$(grep -c "missing Eric Dumazet <edumazet@google.com>" out)" = 2 &&
	test "$(wc -l <out)" = 2
'

# b4 0.12 writes what it would send with -o once the cover letter is
# edited and a way to send is configured (none is used)
test_expect_success 'b4 prep --auto-to-cc, b4 send -o: exit 0' '
	command -v b4 >/dev/null || { echo "# no b4: skipped"; exit 0; }
	cd linux &&
	git checkout -q -b series &&
	b4 prep -e HEAD~2 >../enrol.out 2>&1 &&
	b4 prep --auto-to-cc >../b4.log 2>&1 &&
	EDITOR="sed -i s/EDITME/Series/" b4 prep --edit-cover >>../b4.log 2>&1 &&
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=sendemail.smtpServer \
		GIT_CONFIG_VALUE_0=/bin/false \
		b4 send --no-sign -o ../b4out >../b4send.log 2>&1 &&
	test "$(ls ../b4out | wc -l)" = 3 &&
	grep -q "^Subject: \[PATCH 0/2\]" ../b4out/0000-* &&
	maint check --cc ../b4out/* >../out 2>&1 &&
	! test -s ../out &&
	sed -i "s/Jakub Kicinski <kuba@kernel.org>, //" ../b4out/0002-* &&
	test_expect_code 1 maint check --cc ../b4out/* >../out 2>&1 &&
	test_grep "0002-net-typhoon-a-comment.eml:1: error: .*missing Jakub" \
		../out &&
	git checkout -q master
'

test_expect_success '--ignore-inactive=3y: no commit by him in 3 years: forgiven' '
	cd linux &&
	maint check --cc --ignore-inactive=3y ../less/* >../out 2>&1 &&
	test "$(wc -l <../out)" = 1 &&
	test_grep "note: .*not sent to Jakub Kicinski <kuba@kernel.org> (maintainer:NETWORKING DRIVERS), forgiven: no activity in the history for 3y \[cc-inactive\]" ../out
'

test_expect_success '--ignore-inactive: a commit by his .mailmap alias: missing' '
	cd linux &&
	git checkout -q -b active master &&
	echo x >>README &&
	git commit -qam "doc: x" \
		--author="Jakub Kicinski <jakub.kicinski@netronome.com>" &&
	test_expect_code 1 maint check --cc --ignore-inactive=3y ../less/* \
		>../out 2>&1 &&
	test_grep "error: .*missing Jakub Kicinski" ../out &&
	git checkout -q master
'

test_expect_success '--ignore-inactive: named in a trailer only: missing' '
	cd linux &&
	git checkout -q -b reviewed master &&
	echo y >>README &&
	git commit -qam "doc: y" -m "Reviewed-by: Jakub Kicinski <kuba@kernel.org>" &&
	test_expect_code 1 maint check --cc --ignore-inactive=3y ../less/* \
		>../out 2>&1 &&
	test_grep "error: .*missing Jakub Kicinski" ../out &&
	git checkout -q master
'

test_done
