#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint export --format=codeowners leaves out the tree's chief penguins,
# as get does (#37 getfix item 1): those of its scripts/get_maintainer.pl's
# push(@penguin_chief, ...) lines, not always Linus.  make_get_tree's
# tree with a script of three other chiefs: Old Timer (an M:), Rob
# Review (an R:) and "Ann ACME" (U-Boot's case: the M: line says "Ann
# Acme", which the chief's "Name <address>" as a regex does not match, so
# get keeps her).  Each line's owners are compared with what that script
# answers (--nogit --nogit-fallback --nol --nokeywords --nomailmap) for
# a file the line is the last match of.  Without a script, or with
# --tree=: Linus, as before.  Needs no kernel tree.
. "$(dirname "$0")/test-lib.sh"
. "$TEST_DIRECTORY/lib-gettree.sh"

GET="--nogit --nogit-fallback --norolestats --nol --nokeywords --nomailmap"

# owners CODEOWNERS PATTERN: the sorted owners of the line PATTERN
owners() {
	grep "^$2 \|^$2\$" "$1" >line && test "$(wc -l <line)" = 1 &&
	cut -d" " -f2- -s line | tr " " "\n" | sort
}

# script DIR FILE: the sorted addresses DIR's own script gives FILE
script() {
	(cd "$1" && perl scripts/get_maintainer.pl $GET -f "$2" </dev/null) |
		sed "s/.*<\(.*\)>.*/\1/" | sort
}

# same DIR CODEOWNERS PATTERN FILE: the line's owners are the script's
same() {
	owners "$2" "$3" >got && script "$1" "$4" >want &&
	test_cmp want got
}

test_expect_success 'setup: a tree whose script names three other chiefs' '
	make_get_tree tree &&
	cp -r tree linus && cp -r tree noscript &&
	rm noscript/scripts/get_maintainer.pl &&
	get_tree_chiefs tree "Old Timer:old@acme.example" \
		"Ann ACME:ann@acme.example" "Rob Review:rob@review.example" &&
	grep "^push(@penguin_chief" tree/scripts/get_maintainer.pl >pushes &&
	test "$(wc -l <pushes)" = 3
'

test_expect_success 'codeowners: the tree'"'"'s chiefs left out, Linus kept' '
	(cd tree && maint export --format=codeowners -q) >CODEOWNERS &&
	same tree CODEOWNERS /drivers/net/acme/legacy/ drivers/net/acme/legacy/old.c &&
	same tree CODEOWNERS /drivers/net/acme/ drivers/net/acme/main.c &&
	same tree CODEOWNERS "/\*/" kernel/fork.c &&
	same tree CODEOWNERS "/\*" README &&
	! grep "old@acme.example\|rob@review.example" CODEOWNERS &&
	test_grep "^/drivers/net/acme/ ann@acme.example " CODEOWNERS &&
	test_grep "^/\*/ torvalds@linux-foundation.org\$" CODEOWNERS
'

test_expect_success 'the tree is that of --input, or --tree' '
	grep -v "^#" CODEOWNERS >lines &&
	maint export --format=codeowners -q --input tree/MAINTAINERS >in &&
	grep -v "^#" in >in.lines && test_cmp lines in.lines &&
	maint export --format=codeowners -q --input - --tree tree \
		<tree/MAINTAINERS >stdin &&
	grep -v "^#" stdin >stdin.lines && test_cmp lines stdin.lines
'

test_expect_success 'no script, or --tree=: Linus left out, as the 6.12 script' '
	(cd linus && maint export --format=codeowners -q) >linus.co &&
	same linus linus.co "/\*/" kernel/fork.c &&
	same linus linus.co /drivers/net/acme/legacy/ drivers/net/acme/legacy/old.c &&
	! grep torvalds linus.co &&
	(cd noscript && maint export --format=codeowners -q) >noscript.co &&
	test_cmp linus.co noscript.co &&
	(cd tree && maint export --format=codeowners -q --tree=) >notree.co &&
	! grep torvalds notree.co &&
	test_grep "^/drivers/net/acme/legacy/ old@acme.example " notree.co
'

test_done
