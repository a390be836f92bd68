#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# maint check in a tree whose .get_maintainer.conf names its MAINTAINERS
# files (U-Boot's: --find-maintainer-files --maintainer-path=., a
# MAINTAINERS file per board): the findings, --coverage and the lints
# cover every file get reads; --mpath and --no-find-maintainer-files
# read one file, as given.
. "$(dirname "$0")/test-lib.sh"

mkdir tree && (
	cd tree &&
	mkdir -p alpha board/acme board/bare &&
	touch alpha/a.c board/acme/acme.c board/acme/extra.c \
		board/bare/bare.c top.c &&
	printf "%s\n" "--find-maintainer-files" "--git" \
		"--maintainer-path=." >.get_maintainer.conf &&
	printf "%s\n" "ALPHA DRIVER" "M:	A <a@example.org>" \
		"S:	Maintained" "F:	alpha/" "" \
		"THE REST" "M:	L <l@example.org>" \
		"S:	Buried alive in reporters" "F:	*" "F:	*/" \
		>MAINTAINERS &&
	printf "%s\n" "ACME BOARD" "M:	Joe" "S:	Maintained" \
		"F:	board/acme/" "F:	board/acme/gone.c" \
		>board/acme/MAINTAINERS &&
	git init -q -b master && git add -A &&
	git -c user.name=T -c user.email=t@example.org commit -qm tree
) || exit 1

test_expect_success 'the nested MAINTAINERS is checked: the conf names it' '
	(cd tree && test_expect_code 1 maint check >../out 2>../err) &&
	test_grep "board/acme/MAINTAINERS:2: error: M: .Joe. is not an e-mail address" out &&
	test_grep "board/acme/MAINTAINERS:5: warning: F: pattern .board/acme/gone.c. matches no file" out
'

test_expect_success '--coverage counts the boards the nested file covers' '
	(cd tree && maint check --coverage >../cov.conf &&
	 maint check --coverage --mpath=MAINTAINERS >../cov.top) &&
	test_grep "^8 files: 4 (50.0%) have a maintained section" cov.conf &&
	test_grep "^  board  *4  *3  *75.0%\$" cov.conf &&
	test_grep "^  board  *4  *0  *0.0%\$" cov.top
'

test_expect_success 'an explicit --mpath wins; --no-find-maintainer-files reads MAINTAINERS' '
	(cd tree && maint check --mpath=MAINTAINERS >../out.top 2>/dev/null &&
	 maint check --no-find-maintainer-files >../out.nofind 2>/dev/null) &&
	! grep "board/acme" out.top && ! grep "board/acme" out.nofind &&
	test_cmp out.top out.nofind
'

test_expect_success 'no conf: MAINTAINERS alone, as before' '
	(cd tree && mv .get_maintainer.conf conf.off &&
	 maint check >../out.noconf 2>/dev/null;
	 mv conf.off .get_maintainer.conf) &&
	test_cmp out.top out.noconf
'

test_expect_success 'below the top of a tree: the top'"'"'s check, a patch named from here' '
	rm -rf utree && cp -a tree utree && (
		cd utree &&
		# the top of a U-Boot tree, as get_maintainer.pl tells it
		touch Kbuild Makefile README &&
		mkdir arch common doc drivers dts fs lib include net post \
			scripts test tools &&
		sed "s/S:	Maintained/S:	Bogus/" \
			board/acme/MAINTAINERS >m.new &&
		cp m.new board/acme/MAINTAINERS && rm m.new &&
		git diff >board/acme/fix.patch && git checkout -q . &&
		test_expect_code 1 maint check >../u.top 2>../u.top.err &&
		test_expect_code 1 maint check board/acme/fix.patch >../p.top 2>&1 &&
		cd board/acme &&
		test_expect_code 1 maint check >../../../u.sub 2>../../../u.sub.err &&
		test_expect_code 1 maint check fix.patch >../../../p.sub 2>&1
	) &&
	test_grep "board/acme/MAINTAINERS:3: .*Bogus" p.top &&
	test_grep "board/acme/MAINTAINERS:5: warning: F: pattern .board/acme/gone.c. matches no file" u.sub &&
	test_cmp u.top u.sub && test_cmp u.top.err u.sub.err &&
	test_cmp p.top p.sub
'

test_expect_success '--mpath from a directory that is no tree: said so' '
	mkdir -p away && (cd away &&
		maint check --mpath=../tree/MAINTAINERS >../away.out 2>../away.err;
		cd ../tree && maint check --mpath=MAINTAINERS >/dev/null 2>../top.err
	) &&
	test_grep "current directory, which holds no MAINTAINERS and is no tree.s top" away.err &&
	! grep -q "no tree.s top" top.err
'

test_done
