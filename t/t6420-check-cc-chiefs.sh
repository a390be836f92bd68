#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check --cc asks for what the tree's own script answers b4
# (#37 getfix item 1): the chief penguins are those of its
# scripts/get_maintainer.pl, not always Linus.  make_get_tree's tree with
# a script of three other chiefs: Old Timer (an M:), Rob Review (an R:)
# and "Ann ACME" (U-Boot's case: her M: line "Ann Acme" does not match,
# so she is still asked for).  The recipients of each mail come from
# that script with b4's options (--nogit --nogit-fallback
# --nogit-chief-penguins --norolestats, with --nol and with --nom): a mail
# to them passes, silent; one without a needed person names that person
# alone.  --git-chief-penguins: the tree's chiefs are needed, not Linus.
# Without a script: Linus, as before.  Needs no kernel tree.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

B4="--nogit --nogit-fallback --norolestats"

# mail FILE HEADER...: a patch to FILE (one line added) with these headers
mail() {
	f=$1
	shift
	printf 'From 1234567890abcdef Mon Sep 17 00:00:00 2001\n'
	printf 'From: Some One <some@one.example>\n'
	printf '%s\n' "$@"
	printf 'Subject: [PATCH] %s: one more\n\n' "$f"
	printf 'Signed-off-by: Some One <some@one.example>\n---\n'
	printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n' "$f" "$f" "$f" "$f"
	printf '@@ -1 +1,2 @@\n %s\n+int more;\n--\n2.39.5\n\n' "$(cat "tree/$f")"
}

# to_cc DIR FILE OPTS...: the To: and Cc: lines DIR's script gives FILE
to_cc() {
	d=$1 f=$2
	shift 2
	to=$(cd "$d" && perl scripts/get_maintainer.pl $B4 "$@" --nol -f "$f" |
		paste -sd, -) &&
	cc=$(cd "$d" && perl scripts/get_maintainer.pl $B4 "$@" --nom -f "$f" |
		paste -sd, -) &&
	printf 'To: %s\nCc: %s\n' "$to" "$cc"
}

test_expect_success 'setup: a tree whose script names three other chiefs' '
	make_get_tree tree &&
	cp -r tree linus && rm linus/scripts/get_maintainer.pl &&
	get_tree_chiefs tree "Old Timer:old@acme.example" \
		"Ann ACME:ann@acme.example" "Rob Review:rob@review.example"
'

for f in drivers/net/acme/main.c drivers/net/acme/legacy/old.c kernel/fork.c
do
	test_expect_success "--cc, $f: to whom the tree's script names, silent" '
		to_cc tree $f --nogit-chief-penguins >hdr &&
		mail $f "$(cat hdr)" >ok.patch &&
		(cd tree && maint check --cc ../ok.patch) >out 2>&1 &&
		! test -s out
	'
done

test_expect_success '--cc: the chiefs are not needed, the others are' '
	to_cc tree drivers/net/acme/main.c --nogit-chief-penguins >hdr &&
	! grep "Rob Review\|Old Timer" hdr && test_grep "Ann Acme" hdr &&
	test_grep "Linus Torvalds" hdr &&
	mail drivers/net/acme/main.c "$(sed "s/Linus Torvalds <[^>]*>,*//" hdr)" \
		>nolinus.patch &&
	(cd tree && test_expect_code 1 maint check --cc ../nolinus.patch) >out &&
	test_grep "missing Linus Torvalds <torvalds@linux-foundation.org> (chief penguin:THE REST)" out &&
	test "$(wc -l <out)" = 1
'

test_expect_success '--git-chief-penguins: the tree'"'"'s chiefs needed, not Linus' '
	to_cc tree drivers/net/acme/main.c --git-chief-penguins >hdr &&
	test_grep "Old Timer" hdr && test_grep "Ann ACME" hdr &&
	mail drivers/net/acme/main.c "$(cat hdr)" >all.patch &&
	(cd tree && maint check --cc --git-chief-penguins ../all.patch) \
		>out 2>&1 &&
	! test -s out &&
	to_cc tree drivers/net/acme/main.c --nogit-chief-penguins >hdr &&
	mail drivers/net/acme/main.c "$(cat hdr)" >some.patch &&
	(cd tree && test_expect_code 1 \
		maint check --cc --git-chief-penguins ../some.patch) >out &&
	test_grep "missing Old Timer <old@acme.example> (chief penguin)" out &&
	! grep "Linus\|Ann" out
'

test_expect_success 'no script: Linus is the chief, as the 6.12 script' '
	(cd linus && test_expect_code 1 maint check --cc ../nolinus.patch) >out &&
	test_grep "missing Rob Review <rob@review.example> (reviewer:ACME" out &&
	! grep Linus out &&
	(cd linus && test_expect_code 1 \
		maint check --cc --git-chief-penguins ../nolinus.patch) >out &&
	test_grep "missing Linus Torvalds <torvalds@linux-foundation.org> (chief penguin" out
'

test_done
