#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The chief penguin is the tree's script's (#37 getfix item 1): its
# push(@penguin_chief, "NAME:ADDRESS"); lines, as U-Boot's copy names Tom
# RINI.  make_get_tree's tree with a git history whose signers include
# the chiefs; its script is 6.12's with the Linus line replaced by three
# chiefs (one a regex: "Sig.Ner", as the script does not escape names)
# and a commented-out #push that must not count.  maint get is compared
# with that script run in the same tree (byte for byte, under one of a
# few hash seeds): --git (signers
# named as a chief left out, /i), --git-chief-penguins (the chiefs
# added), --git-blame, and an M: the chief's "Name <address>" matches.
# No push line, or no script: Linus, as 6.12's script.  Needs no kernel
# tree.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

mkdir home && export HOME=$TRASH/home GIT_CONFIG_NOSYSTEM=1
unset XDG_CONFIG_HOME GIT_CONFIG_GLOBAL GIT_DIR
OLD=$FIXTURES/get/get_maintainer.pl

# commit WHO FILE TRAILERS...: a change to FILE by WHO ("Name <addr>")
commit() {
	who=$1 f=$2
	shift 2
	echo "$who $*" >>"$f" && git add "$f" &&
	GIT_AUTHOR_NAME=${who% <*} GIT_AUTHOR_EMAIL=${who#*<} \
	GIT_COMMITTER_NAME=${who% <*} GIT_COMMITTER_EMAIL=${who#*<} \
		git commit -q -m "change by ${who% <*}" -m "$(printf '%s\n' "$@")"
}

# mget DIR OUT ARGS...: maint get's output and exit status in DIR
mget() {
	d=$1 o=$2
	shift 2
	(cd "$d" && { "$MAINT" get "$@"; echo "exit $?"; } </dev/null) >"$o"
}

# both DIR NAME ARGS...: maint get and the tree's script, compared; the
# script under hash seeds 0..7 (signers with the same count come in its
# hash order, maint's in byte order: one seed must give maint's)
both() {
	d=$1 n=$2
	shift 2
	mget "$d" "$n.out" "$@" &&
	for s in 0 1 2 3 4 5 6 7; do
		(cd "$d" && { PERL_HASH_SEED=$s PERL_PERTURB_KEYS=0 \
			perl scripts/get_maintainer.pl "$@"; echo "exit $?"; } \
			</dev/null) >"$n.expect" 2>/dev/null &&
		if cmp -s "$n.expect" "$n.out"; then
			return 0
		fi
	done
	PERL_HASH_SEED=0 test_cmp "$n.expect" "$n.out"
}

ACME=drivers/net/acme/main.c
OLDC=drivers/net/acme/legacy/old.c

test_expect_success 'setup: a tree with a history, a script of other chiefs' '
	make_get_tree tree &&
	(cd tree && git init -q && git add . &&
	 GIT_AUTHOR_NAME=Init GIT_AUTHOR_EMAIL=init@example.org \
	 GIT_COMMITTER_NAME=Init GIT_COMMITTER_EMAIL=init@example.org \
		git commit -q -m "the tree" &&
	 commit "Ann Acme <ann@acme.example>" $ACME \
		"Signed-off-by: Ann Acme <ann@acme.example>" &&
	 commit "Sig Ner <signer@example.org>" $ACME \
		"Signed-off-by: Sig Ner <signer@example.org>" \
		"Reviewed-by: Rob Review <rob@review.example>" &&
	 commit "Pat Other <pat@other.example>" $ACME \
		"Signed-off-by: Pat Other <pat@other.example>" \
		"Acked-by: ann acme <ann@acme.example>" &&
	 commit "Pat Other <pat@other.example>" $ACME \
		"Signed-off-by: Pat Other <pat@other.example>" \
		"Signed-off-by: Linus Torvalds <torvalds@linux-foundation.org>" &&
	 commit "Pat Other <pat@other.example>" $OLDC \
		"Signed-off-by: Pat Other <pat@other.example>" \
		"Signed-off-by: Old Timer <old@acme.example>" &&
	 commit "Linus Torvalds <torvalds@linux-foundation.org>" kernel/fork.c \
		"Signed-off-by: Linus Torvalds <torvalds@linux-foundation.org>" \
		"Signed-off-by: Sig Ner <signer@example.org>") &&
	cp -r tree linus && cp -r tree nopush && cp -r tree noscript &&
	rm noscript/scripts/get_maintainer.pl &&
	sed -i "/^push(@penguin_chief, /d" nopush/scripts/get_maintainer.pl &&
	sed -i "s/^push(@penguin_chief, .*/push(@penguin_chief, \"Ann ACME:ann\\\\@acme.example\");\\
push(@penguin_chief, \"Sig.Ner:signer\\\\@example.org\");\\
#push(@penguin_chief, \"Rob Review:rob\\\\@review.example\");\\
push @penguin_chief, \"Old Timer:old\\\\@acme.example\";/" \
		tree/scripts/get_maintainer.pl &&
	grep -n "penguin_chief, \"\|penguin_chief," tree/scripts/get_maintainer.pl >pushes &&
	test_grep "\"Ann ACME:ann\\\\@acme.example\");" pushes &&
	test_grep "^[0-9]*:#push" pushes &&
	! grep -q "^push(@penguin_chief" nopush/scripts/get_maintainer.pl
'

test_expect_success '--git: signers named as a chief left out (/i, a regex)' '
	both tree git --git -f $ACME &&
	! grep -i "^ann acme.*commit_signer\|^Sig Ner.*commit_signer" git.out &&
	test_grep "^Ann Acme <ann@acme.example> (maintainer:ACME" git.out &&
	test_grep "^Linus Torvalds <torvalds@linux-foundation.org> (.*commit_signer" git.out &&
	test_grep "^Rob Review <rob@review.example> (.*commit_signer" git.out
'

test_expect_success '--git-chief-penguins: the chiefs added, none left out' '
	both tree chiefs --git --git-chief-penguins -f $ACME &&
	test_grep "^Ann ACME <ann@acme.example> (chief penguin)$" chiefs.out &&
	test_grep "^\"Sig.Ner\" <signer@example.org> (chief penguin)$" chiefs.out &&
	test_grep "^Old Timer <old@acme.example> (chief penguin)$" chiefs.out &&
	test_grep "^Sig Ner <signer@example.org> (commit_signer" chiefs.out &&
	! grep "^Rob Review.*chief penguin" chiefs.out
'

test_expect_success 'an M: the chief'"'"'s "Name <address>" matches: left out' '
	both tree m -f $OLDC && ! grep "Old Timer" m.out &&
	both tree fallback -f kernel/fork.c &&
	test_grep "^Linus Torvalds <torvalds@linux-foundation.org> (chief penguin:THE REST,commit_signer" fallback.out &&
	both tree blame --git-blame -f $ACME &&
	both tree nomail --git --norolestats --nomailmap -f $ACME
'

test_expect_success 'no push line, or no script: Linus, as the 6.12 script' '
	both linus linus --git -f $ACME &&
	! grep Linus linus.out &&
	mget nopush nopush.out --git -f $ACME &&
	test_cmp linus.out nopush.out &&
	mget noscript noscript.out --generation=6.12 --git -f $ACME &&
	test_cmp linus.out noscript.out
'

test_done
