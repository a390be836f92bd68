#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# check --with: the lints the other MAINTAINERS checkers have and maint
# lacked (doc/lint-comparison.md), off by default: all-excluded (a
# section whose X: exclude every file its F: match) and dead-regex (an N:
# regex that matches no file), on a minimal tree and, for dead-regex, on
# the 6.12 tree against get_maintainer.pl's own match (m/$regex/x) run by
# perl over the same file list.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'the fixture tree' '
	git init -q t && cd t &&
	for f in drivers/gone/a.c drivers/gone/b.c drivers/part/a.c \
		 drivers/part/b.c drivers/live/x.c; do
		mkdir -p "$(dirname "$f")" && echo "/* $f */" >"$f" || exit 1
	done &&
	cat >MAINTAINERS <<-\IN &&
	ALL GONE
	M:	A <a@example.org>
	S:	Maintained
	F:	drivers/gone/*.c
	X:	drivers/gone/a.c
	X:	drivers/gone/b.c

	DEAD REGEX
	M:	D <d@example.org>
	S:	Maintained
	N:	nosuchthing

	LIVE REGEX
	M:	L <l@example.org>
	S:	Maintained
	N:	live

	PARTIAL
	M:	P <p@example.org>
	S:	Maintained
	F:	drivers/part/
	X:	drivers/part/a.c
	IN
	git add -A && git -c user.name=T -c user.email=t@example.org commit -qm t
'

test_expect_success 'off by default' '
	(cd t && maint check --fail-on=never >../out) &&
	! grep -q "all-excluded\|dead-regex" out
'

test_expect_success '--with=all: exactly the planted two' '
	(cd t && maint check --with=all --only=no-file-matches --fail-on=never >../out) &&
	cat >expect <<-\EOF &&
	MAINTAINERS:1: warning: section '\''ALL GONE'\'': its X: patterns exclude every file its F: patterns match (2) [all-excluded]
	MAINTAINERS:11: warning: N: '\''nosuchthing'\'' matches no file of the tree [dead-regex]
	EOF
	test_cmp expect out &&
	(cd t && test_expect_code 1 maint check --with=dead-regex --only=no-file-matches --fail-on=warning >../out) &&
	test_grep "\[dead-regex\]" out && ! grep -q all-excluded out
'

test_expect_success '--with: an unknown lint is a usage error' '
	(cd t && test_expect_code 129 maint check --with=nonesuch 2>../err) &&
	test_grep "no such lint .nonesuch." err
'

kernel_tree
test_expect_success '6.12: dead N: regexes are those the script matches no file with' '
	(cd "$KERNEL" && find . -path ./.git -prune -o -type f -print |
		sed "s|^\./||" >"$TRASH/files") &&
	perl -e "
		open my \$f, q(<), \$ARGV[0] or die; chomp(my @files = <\$f>);
		open my \$m, q(<), \$ARGV[1] or die;
		while (<\$m>) {
			next unless /^N:\s*(.*?)\s*\$/; my \$re = \$1;
			print qq(MAINTAINERS:\$.: warning: N: \x27\$re\x27 matches no file of the tree [dead-regex]\n)
				unless grep { m/\$re/x } @files;
		}" "$TRASH/files" "$KERNEL/MAINTAINERS" >expect &&
	(cd "$KERNEL" && maint check --only=bad-regex --with=dead-regex \
		--fail-on=never 2>/dev/null) >out &&
	test_cmp expect out &&
	test_grep "^MAINTAINERS:4670: .*bcm583" out
'

test_done
